/* The same speculation committed twice in a clause */
BEGIN
{
	a = speculation();
}

BEGIN
{
	commit(a);
	commit(a);
}
