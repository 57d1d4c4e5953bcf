#pragma D option quiet
/* printa() prints an aggregation where it runs and not again at the
   end; clear() zeroes values and keeps keys; trunc() removes entries. */
BEGIN
{
	@a["x"] = count(); @a["y"] = count(); @a["y"] = count();
	@b["k"] = sum(5);
	@c[1] = count(); @c[2] = count(); @c[2] = count(); @c[3] = count();
	printa(@a);
	clear(@b);
	trunc(@c, 1);
}
BEGIN
{
	printf("after\n");
	@min = min(4); @min = min(-2); @max = max(4); @max = max(-2);
	@avg = avg(3); @avg = avg(4);
	exit(0);
}
