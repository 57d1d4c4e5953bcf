/* printa() without a format: its aggregations need the same key types */
BEGIN
{
	@a[123] = sum(1);
	@b["fooey"] = sum(2);
	printa(@a, @b);
}
