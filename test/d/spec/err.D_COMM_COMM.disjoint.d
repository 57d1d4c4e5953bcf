/* Two commit()s in one clause are refused even for different speculations. */
BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	commit(a);
	commit(b);
}
