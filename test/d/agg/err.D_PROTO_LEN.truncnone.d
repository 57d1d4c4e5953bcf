/* trunc() takes an aggregation (and how many entries to keep) */
BEGIN
{
	@a = count();
	trunc();
}
