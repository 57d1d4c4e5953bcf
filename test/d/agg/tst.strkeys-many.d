#pragma D option quiet
/*
 * Several strings in one key, the commonest DTrace idiom (@[pid,
 * execname, probefunc] and kin), at the default strsize: a key that
 * would pass the kernel's 512 bytes keeps each string whose length is
 * bounded in the bytes it needs (execname a task's comm, the probe's
 * names DTrace's limits, a literal its length), in aggregations,
 * associative arrays and thread-local arrays alike.
 */
BEGIN
{
	@a[pid == $pid, execname, probefunc, errno] = count();
	@b[probeprov, probemod, probefunc, probename] = count();
	@b[probeprov, probemod, probefunc, probename] = count();
	@c[execname, execname, 1] = count();
	a[execname, probefunc, probename] = 7;
	self->t[probeprov, probename, execname] = 8;
	printf("%d %d\n", a["dtrace", "", "BEGIN"],
	    self->t["dtrace", "BEGIN", "dtrace"]);
	exit(0);
}

END
{
	printa("a %d %s [%s] %d %@d\n", @a);
	printa("b %s [%s] [%s] %s %@d\n", @b);
	printa("c %s %s %d %@d\n", @c);
}
