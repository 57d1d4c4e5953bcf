/* an aggregation has one key tuple, in an expression too */
BEGIN
{
	@a[1] = count();
	x = @a[1][2];
}
