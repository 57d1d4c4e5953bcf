/* an aggregation is no value a key can hold */
BEGIN
{
	@a = count();
	@b["x", @a] = sum(1);
}
