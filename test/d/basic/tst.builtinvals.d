#pragma D option quiet
/*
 * Values of built-in variables that tst.builtins.d only bounds: BEGIN's
 * arguments are all 0; cpu is curcpu's cpu_id; tid and pid are the thread's
 * and process's ids; vtimestamp (CPU time) is below timestamp (time since
 * boot); clocks advance; each probe has its name and id.
 */
BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3,
	    arg4, arg5, arg6, arg7, arg8, arg9);
	printf("%d %d\n", cpu == curcpu->cpu_id, cpu >= 0);
	printf("%d %d\n", tid == curthread->pid, pid == curthread->tgid);
	printf("%d\n", vtimestamp <= timestamp);
	printf("%d %s:%s:%s:%s\n", id, probeprov, probemod, probefunc,
	    probename);
	t = timestamp;
	w = walltimestamp;
}
tick-10ms
{
	printf("%d %d\n", timestamp > t, walltimestamp > w);
	printf("%d %s:%s:%s:%s\n", id > 3, probeprov, probemod, probefunc,
	    probename);
	exit(0);
}
END
{
	printf("%d %s:%s:%s:%s\n", id, probeprov, probemod, probefunc,
	    probename);
}
