# The tracing machinery's frames (bpf_trace_runN, __traceiter_*,
# __bpf_trace_*, perf_trace_*, perf_syscall_enter/exit, ...) are not part
# of the stack a probe sees: stack() starts at the function where the
# probe fired, stackdepth counts the frames stack() prints, and caller is
# its top frame.  Checked on a raw tracepoint (sched_process_exec), a
# sched probe (raw tracepoint too) and a system call (perf tracepoint).
check() {
	local name=$1 out=$2
	local frames depth caller top
	frames=$(sed -n '/^ *vmlinux`/p' <<<"$out" | sed 's/^ *//')
	depth=$(sed -n 's/^depth=//p' <<<"$out")
	caller=$(sed -n 's/^caller=//p' <<<"$out")
	top=$(head -1 <<<"$frames")
	if [ -z "$frames" ]; then echo "$name: no frames"; return; fi
	if grep -Eq '`(bpf_trace_run[0-9]+|__traceiter_|__bpf_trace_|perf_trace_|perf_syscall_(enter|exit)|trace_call_bpf)' <<<"$frames"; then
		echo "$name: machinery frame in stack():"; echo "$frames"
	fi
	[ "$depth" = "$(wc -l <<<"$frames")" ] ||
	    echo "$name: stackdepth $depth, stack() $(wc -l <<<"$frames") frames"
	[ "$caller" = "$top" ] || echo "$name: caller $caller, top frame $top"
	echo "$name: ok"
}
prog='{ stack(); printf("depth=%d\ncaller=%a\n", stackdepth, caller); exit(0); }'
# (the -c command's own exec() comes before tracing: a shell executes
# /bin/true)
printf 'exec /bin/true\n' >$TMPDIR/dt-mexec.sh
check rawtp "$($DTRACE -q -c "/bin/sh $TMPDIR/dt-mexec.sh" -n "rawtp:sched::sched_process_exec /pid == \$target/ $prog" 2>&1)"
check sched "$($DTRACE -q -c /bin/true -n "sched:::off-cpu /pid == \$target/ $prog" 2>&1)"
check syscall "$($DTRACE -q -c /bin/true -n "syscall::exit_group:entry /pid == \$target/ $prog" 2>&1)"
echo "-- caller as a value: an aggregation key, compared with 0"
$DTRACE -q -c "/bin/sh $TMPDIR/dt-mexec.sh" -n 'rawtp:sched::sched_process_exec /pid == $target/ {
	@[caller != 0, caller > 0xffff000000000000] = count(); }' 2>&1
rm -f $TMPDIR/dt-mexec.sh
