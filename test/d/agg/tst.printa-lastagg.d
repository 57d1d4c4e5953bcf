/*
 * printa(): the %@ conversions take the aggregations' values in turn;
 * those past the last aggregation take the last one's value again, so
 * one aggregation may be shown several times in one format.
 */
#pragma D option quiet

BEGIN
{
	@a = sum(90904);
	@c[1] = count();
	@c[2] = count();
	@c[2] = count();
	@s[1] = sum(10);
	@s[2] = sum(-3);
	printa("%@d %@d %@d\n", @a);
	printa("%@d|%@x|%@5d|\n", @a);
	printa("%d: %@d %@d %@d %@d\n", @c, @s);
	printa("[%@u] [%@u]\n", @c, @c);
	exit(0);
}
