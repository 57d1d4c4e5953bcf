/* An aggregation has no address D can use. */
BEGIN
{
	@n = count();
	trace(&@n);
}
