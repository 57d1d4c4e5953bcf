/* A global the program never assigns is unknown, even where a read of
   one assigned later would be 0. */
BEGIN
{
	trace(nosuchvar + 1);
}

BEGIN
{
	othervar = 2;
}
