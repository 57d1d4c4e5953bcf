/* denormalize() takes one aggregation: its count is normalize()'s tag */
BEGIN
{
	@a = count();
	denormalize(@a, 2);
}
