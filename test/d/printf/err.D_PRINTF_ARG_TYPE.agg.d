/* an aggregation has no value a printf( ) conversion could format */
BEGIN
{
	@a = count();
	printf("%d\n", @a);
}
