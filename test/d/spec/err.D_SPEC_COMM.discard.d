/* speculate() may not follow commit( ) in its clause, whatever comes between. */
BEGIN
{
	s = speculation();
}

BEGIN
{
	commit(s);
	discard(s);
	speculate(s);
}
