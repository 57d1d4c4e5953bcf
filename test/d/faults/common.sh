# Helpers of the fault tests (sourced; not a test itself).
#
# A session's kernel objects are reached through the descriptors of its
# process: held_objs lists them ("prog ID", "map ID", "link ID"), and
# objs_gone waits (up to 3 s: the kernel frees closed perf events and
# programs late) until none of them exists any more, else prints those
# that remain.  This checks one session exactly, whatever other sessions
# run on the machine meanwhile.

# held_objs PID: the BPF objects process PID holds descriptors of
held_objs() {
	cat /proc/"$1"/fdinfo/* 2>/dev/null |
	    sed -nE 's/^(prog|map|link)_id:[[:space:]]*([0-9]+)$/\1 \2/p' | sort -u
}

# objs_gone "KIND ID..." : 0 once none of them exists, else 1 (and says)
objs_gone() {
	local left="" kind id
	for try in $(seq 1 15); do
		left=""
		local progs maps links
		progs=$(bpftool prog show 2>/dev/null | sed -nE 's/^([0-9]+): .*/\1/p')
		maps=$(bpftool map show 2>/dev/null | sed -nE 's/^([0-9]+): .*/\1/p')
		links=$(bpftool link show 2>/dev/null | sed -nE 's/^([0-9]+): .*/\1/p')
		while read -r kind id; do
			[ -z "$kind" ] && continue
			case $kind in
			prog) grep -qx "$id" <<<"$progs" && left="$left prog:$id" ;;
			map) grep -qx "$id" <<<"$maps" && left="$left map:$id" ;;
			link) grep -qx "$id" <<<"$links" && left="$left link:$id" ;;
			esac
		done <<<"$1"
		[ -z "$left" ] && return 0
		sleep 0.2
	done
	echo "still in the kernel:$left"
	return 1
}

# child_of PID: the pid of PID's first child (waits up to 2 s for one)
child_of() {
	local c=""
	for try in $(seq 1 20); do
		c=$(cat /proc/"$1"/task/*/children 2>/dev/null | awk '{ print $1; exit }')
		[ -n "$c" ] && { echo "$c"; return 0; }
		sleep 0.1
	done
	return 1
}

# wait_objs PID N: wait (up to 5 s) until PID holds at least N BPF
# programs, i.e. tracing runs
wait_objs() {
	for try in $(seq 1 50); do
		[ "$(held_objs "$1" | grep -c '^prog ')" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}
