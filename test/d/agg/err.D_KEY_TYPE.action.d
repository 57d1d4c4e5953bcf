/* an action is void: it cannot be an aggregation key */
BEGIN
{
	@[trace(1)] = count();
}
