/* speculate() twice in one clause */
BEGIN
{
	speculate(1);
	speculate(1);
}
