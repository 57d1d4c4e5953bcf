/* exit() records data: not after commit() */
BEGIN
{
	commit(1);
	exit(0);
}
