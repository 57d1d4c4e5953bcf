/*
 * printa(@a, @b, ...) without a format: a blank line, then one line per
 * key found in any of the aggregations (0 where one has none), the key
 * as printa(@a) shows it, then each aggregation's value as " %16lld",
 * sorted by the first one's value (then by key).
 */
#pragma D option quiet

BEGIN
{
	@a[1] = sum(5);
	@a[2] = sum(1);
	@b[2] = count();
	@b[3] = count();
	@c[1] = max(-7);
	printa(@a, @b, @c);
	@x["foo"] = count();
	@y["bar"] = sum(2);
	printa(@x, @y);
	exit(0);
}
