/* printa() without a format: its aggregations need as many keys */
BEGIN
{
	@a = count();
	@b[1] = count();
	printa(@a, @b);
}
