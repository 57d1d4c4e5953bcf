# Shared by the dtprobed tests (sourced): start and stop daemons of the
# test's own, in registry directories under $TMPDIR; every daemon started
# is killed when the test ends, whatever happens.
PD=$BUILD_DIR/dtprobed
pd_pids=()
pd_cleanup() {
	local p
	for p in "${pd_pids[@]}" "${pd_extra[@]}"; do kill -9 "$p" 2>/dev/null; done
	wait 2>/dev/null
}
pd_extra=()
trap pd_cleanup EXIT

# pd_start DIR LOG [ARGS]: a daemon in the foreground; waits until it is
# ready (it logs "ready"); its pid in $pd_pid
pd_start() {
	local dir=$1 log=$2
	shift 2
	: >"$log"
	"$PD" -F -d "$dir" "$@" 2>>"$log" &
	pd_pid=$!
	pd_pids+=("$pd_pid")
	for i in $(seq 200); do
		grep -q "ready" "$log" && return 0
		kill -0 $pd_pid 2>/dev/null || break
		sleep 0.05
	done
	echo "dtprobed did not start: $(cat "$log")"
	return 1
}

# pd_wait COND: wait up to 5 s for a shell condition
pd_wait() {
	for i in $(seq 100); do
		eval "$1" && return 0
		sleep 0.05
	done
	return 1
}

# pd_links PID: the uprobe_multi links of session PID, except its dynamic
# loader hook (probes/dt_discover.c)
pd_links() {
	local n=0 f
	for f in /proc/$1/fdinfo/*; do
		grep -qx "link_type:	uprobe_multi" "$f" 2>/dev/null &&
		    ! grep -q "^path:	.*/ld-linux" "$f" 2>/dev/null &&
		    n=$((n + 1))
	done
	echo $n
}
