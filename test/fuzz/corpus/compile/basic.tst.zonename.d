/*
 * zonename: Linux has no zones, so every probe sees the global zone, as
 * DTrace for Linux reports.  It is a string like any other: compared,
 * measured, used as an aggregation key.
 */
#pragma D option quiet

BEGIN
{
	printf("%s %d %d\n", zonename, zonename == "global", strlen(zonename));
	@n[zonename] = count();
	exit(0);
}

END
{
	printa("%s %@d\n", @n);
}
