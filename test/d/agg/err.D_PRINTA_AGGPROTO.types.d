/* printa()'s aggregations need keys of the same types, in order */
BEGIN
{
	@a[1, "x"] = count();
	@b["x", 1] = count();
	printa("%d %s %@d %@d\n", @a, @b);
}
