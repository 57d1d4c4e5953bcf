/* an aggregating function called as a statement, not assigned */
BEGIN
{
	sum(1);
}
