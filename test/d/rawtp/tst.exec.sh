# rawtp:sched::sched_process_exec of a -c process: typed args[] from the
# tracepoint's BTF prototype (struct task_struct *, pid_t, struct
# linux_binprm *), and argN the same untranslated values.  The -c
# command's own exec() comes before tracing starts (held at its entry
# point, as DTrace holds it): the shell it runs executes /bin/true.
printf 'exec /bin/true\n' >$TMPDIR/dt-exec.sh
$DTRACE -q -c "/bin/sh $TMPDIR/dt-exec.sh" -n 'rawtp:sched::sched_process_exec /pid == $target/ {
	printf("%s %d %s\n", stringof(args[0]->comm), args[1] == pid,
	    stringof(args[2]->filename));
	printf("%d %d %d\n", (uint64_t)args[0] == arg0, args[1] == arg1,
	    (uint64_t)args[2] == arg2);
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}'
echo "rc=$?"
rm -f $TMPDIR/dt-exec.sh
