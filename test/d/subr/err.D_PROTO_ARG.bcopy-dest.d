/* bcopy()'s destination is memory D writes: a string is not one. */
BEGIN
{
	bcopy("abc", probename, 3);
}
