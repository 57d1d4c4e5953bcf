/* printa() without a format takes aggregations only */
BEGIN
{
	@a = count();
	@b = max(1);
	printa(@a, @b, 1);
}
