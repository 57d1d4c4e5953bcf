# psinfo_t's pr_psargs holds the arguments of the current process only:
# translated from another process's task it is "<unknown>", as DTrace
# for Linux gives it; curpsinfo's, and the same task's, are the
# arguments.
echo 'exec /bin/echo one two >/dev/null' >$TMPDIR/dt-pso.sh
$DTRACE -q -c "sh $TMPDIR/dt-pso.sh" -n 'BEGIN { t = curthread; }' \
    -n 'syscall::execve:return /pid == $target/ {
	printf("[%s]\n[%s]\n[%s]\n", xlate <psinfo_t> (t).pr_psargs,
	    curpsinfo->pr_psargs, xlate <psinfo_t> (curthread).pr_psargs);
	exit(0); }'
echo "rc=$?"
rm -f $TMPDIR/dt-pso.sh
