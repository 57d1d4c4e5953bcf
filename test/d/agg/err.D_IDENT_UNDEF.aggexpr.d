/* an aggregation never defined, in an expression, is unknown */
BEGIN
{
	trace(@nosuch + 3);
}
