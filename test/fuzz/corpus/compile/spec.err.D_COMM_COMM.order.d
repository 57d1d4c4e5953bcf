/* two commit()s in one clause, of different speculations */
BEGIN
{
	commit(1);
	commit(2);
}
