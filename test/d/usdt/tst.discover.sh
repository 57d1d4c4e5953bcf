# Processes started while tracing runs (discovery): a session with
# dt_usdt*:::tick-now under -Z finds every usdttarget started after it
# began, three at once then two one after another; each counts firings
# under its own pid, with its probe's names (probeprov dt_usdtPID,
# probename tick-now).  None has a uprobe_multi link of its own (fdinfo
# naming its pid): one link of the session without a process filter (pid
# 0) on usdttarget serves them all.  (It is released once no process
# maps the file: tst.bounded.sh, with copies of the test's own.)
out=$TMPDIR/discover.out
$DTRACE -Z -q -x strsize=64 -n 'BEGIN { printf("ready\n"); }
dt_usdt*:::tick-now { @[pid, probeprov, probename] = count(); }' >"$out" 2>"$TMPDIR/discover.err" &
dt=$!
for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
links() { # the session's uprobe_multi links for process $1 (0: shared)
	local n=0
	for f in /proc/$dt/fdinfo/*; do
		grep -qx "link_type:	uprobe_multi" "$f" 2>/dev/null &&
		    grep -qx "pid:	$1" "$f" 2>/dev/null &&
		    { [ "$1" != 0 ] || grep -qx "path:	$BUILD_DIR/testprog/usdttarget" "$f"; } &&
		    n=$((n + 1))
	done
	echo $n
}
pids=()
for i in 1 2 3; do
	"$BUILD_DIR/testprog/usdttarget" loop >/dev/null &
	pids+=($!)
done
sleep 0.5
for p in "${pids[@]}"; do echo "running: $(links $p) link"; done
echo "shared links on usdttarget: $(links 0)"
kill "${pids[@]}"
wait "${pids[@]}" 2>/dev/null
for i in 4 5; do
	"$BUILD_DIR/testprog/usdttarget" loop >/dev/null &
	p=$!
	pids+=($p)
	sleep 0.3
	echo "running: $(links $p) link"
	kill $p
	wait $p 2>/dev/null
done
sleep 0.3
n=0
for p in "${pids[@]}"; do n=$((n + $(links $p))); done
echo "links left after the processes exited: $n"
kill -INT $dt
wait $dt
echo "dtrace exit $?"
for p in "${pids[@]}"; do
	c=$(awk -v p=$p '$1 == p && $2 == "dt_usdt" p && $3 == "tick-now" {
	    print $4 }' "$out")
	echo "process: $([ "${c:-0}" -gt 0 ] && echo found || echo "not found")"
done
