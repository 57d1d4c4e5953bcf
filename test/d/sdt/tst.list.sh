# sdt lists every tracepoint rawtp lists (tracefs's events but the
# syscalls, ftrace and dynamic groups), named GROUP::NAME, with argument
# types from the events' formats (dtrace -lv).
sdt=$($DTRACE -l -P sdt | awk 'NR > 1 { print $3 ":" $4 }' | sort)
raw=$($DTRACE -l -P rawtp | awk 'NR > 1 { print $3 ":" $4 }' | sort)
[ -n "$sdt" ] && [ "$sdt" = "$raw" ] && echo "sdt lists rawtp's tracepoints"
grep -c '^syscalls:' <<<"$sdt"
$DTRACE -lv -n sdt:sched::sched_switch -n sdt:sched::sched_process_exec |
    sed -n 's/^[[:space:]]*\(args\[[0-9]\]: .*\)/\1/p'
# -l reports a description matching nothing, as DTrace does, and goes on
$DTRACE -l -n sdt:sched::no_such_tracepoint 2>&1
echo "rc=$?"
