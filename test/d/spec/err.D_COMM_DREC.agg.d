/* commit( ) after an aggregation: an aggregation records data */
BEGIN
{
	@a = count();
	commit(1);
}
