/* clear() takes one aggregation, nothing more */
BEGIN
{
	@a = count();
	clear(@a, 1);
}
