/* stack()'s value is only for aggregation keys: not a string. */
BEGIN
{
	trace(stringof(stack()));
}
