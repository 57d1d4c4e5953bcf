# Discovery costs only the sessions that need it: the raw tracepoint
# links on sched_process_exec and sched_process_exit exist for a -Z
# session with a description whose provider is a glob or empty, not
# without -Z, not for a literal provider (dt_usdt1, syscall), and not for
# a process named by its id.
session() { # dtrace arguments: the session's links on the two tracepoints
	local out=$TMPDIR/off.out dt n=0
	: >"$out"
	$DTRACE -q "$@" -n 'BEGIN { printf("ready\n"); }' >"$out" 2>/dev/null &
	dt=$!
	for i in $(seq 100); do grep -q ready "$out" && break; sleep 0.05; done
	n=$(cat /proc/$dt/fdinfo/* 2>/dev/null |
	    grep -cE "^tp_name:	sched_process_(exec|exit)$")
	kill -INT $dt
	wait $dt
	echo "$n (exit $?)"
}
echo "-Z dt_usdt*:::zero: $(session -Z -n 'dt_usdt*:::zero {}')"
echo "-Z :::zero: $(session -Z -n ':::zero {}')"
echo "-Z dt_usdt1:::zero: $(session -Z -n 'dt_usdt1:::zero {}')"
echo "-Z syscall::getpid:entry: $(session -Z -n 'syscall::getpid:entry {}')"
echo "profile:::tick-1s: $(session -n 'profile:::tick-1s {}')"
"$BUILD_DIR/testprog/usdttarget" loop >/dev/null &
p=$!
echo "-Z -p dt_usdt\$target:::tick-now: $(session -Z -p $p -n 'dt_usdt$target:::tick-now {}')"
kill $p
wait $p 2>/dev/null || true
