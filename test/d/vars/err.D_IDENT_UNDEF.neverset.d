/* A global the program never assigns is unknown. */
BEGIN
{
	trace(nosuchvar + 1);
}

BEGIN
{
	othervar = 2;
}
