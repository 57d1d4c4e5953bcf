# proc:::create for a shell that forks three times: args[0] is the
# child's psinfo_t (translated from its task_struct, arg0); proc:::exec-
# success in each child after its exec; proc:::exit of the -c process.
# The -c process's own exec() comes before tracing starts (it is held
# at its entry point): not traced, as in DTrace.
printf '/bin/true\n/bin/true\n/bin/true\n' >$TMPDIR/dt-forks.sh
$DTRACE -q -c "sh $TMPDIR/dt-forks.sh" \
    -n 'proc:::create /pid == $target/ {
	n++;
	printf("create %d %d %d %s\n", args[0]->pr_ppid == $target,
	    args[0]->pr_pid != $target,
	    args[0]->pr_pid == ((struct task_struct *)arg0)->tgid,
	    args[0]->pr_fname);
}' \
    -n 'proc:::exec-success /progenyof($target)/ { printf("exec %s %d\n", execname, pid == $target); }' \
    -n 'proc:::exit /pid == $target/ { printf("exit %s %d\n", execname, args[0]); }' \
    -n 'END { printf("%d created\n", n); }'
echo "rc=$?"
rm -f $TMPDIR/dt-forks.sh
