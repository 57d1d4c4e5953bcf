/* A second commit( ) in a clause, of another speculation */
BEGIN
{
	commit(1);
	commit(2);
}
