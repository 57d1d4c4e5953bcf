#pragma D option quiet
/*
 * printa()'s '@' may stand anywhere among a conversion's flags, width
 * and precision: %8@d, %@8d, %-8@d, %-@8d and %8.3@d format the
 * aggregation's value as %8d, %8d, %-8d, %-8d and %8.3d would.
 */
BEGIN
{
	@a["x"] = count();
	@a["yy"] = count();
	@a["yy"] = count();
	printa("%-4s %8@d|\n", @a);
	printa("%s %@8d|\n", @a);
	printa("%s %-8@d|\n", @a);
	printa("%s %-@8d|\n", @a);
	printa("%s %8.3@d|\n", @a);
	exit(0);
}
