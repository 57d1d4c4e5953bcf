/* an aggregation never defined, as a key, is unknown */
BEGIN
{
	@a[1, @nosuch] = count();
}
