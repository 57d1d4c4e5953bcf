/* aggregating after commit() */
BEGIN
{
	commit(1);
	@a = sum(1);
}
