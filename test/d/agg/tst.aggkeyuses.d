/*
 * An aggregation used in several clauses with keys of the same count and
 * kinds (integers of any size, strings) is one aggregation.
 */
#pragma D option quiet

BEGIN
{
	@a["x", 1] = sum(1);
	@a["x", (char)1] = sum(2);
	@a["y", 2LL] = sum(5);
}

BEGIN
{
	@a[probename, 2] = sum(10);
	printa("%s %d %@d\n", @a);
	exit(0);
}
