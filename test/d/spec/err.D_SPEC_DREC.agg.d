/* speculate( ) after an aggregation */
BEGIN
{
	@a = sum(1);
	speculate(1);
}
