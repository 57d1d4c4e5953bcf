/* an unknown function assigned to an aggregation is undefined */
BEGIN
{
	@counts["x"] = nosuchfunction(1);
}
