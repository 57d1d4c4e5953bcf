/* an if condition must be a scalar, as a predicate must */
BEGIN
{
	if ("abc")
		trace(1);
}
