/* a defined aggregation has no value in an expression */
BEGIN
{
	@a = count();
	x = @a + 1;
}
