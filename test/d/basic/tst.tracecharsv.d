/*
 * trace() of a char array holding a string, in the default format: the
 * string in the string's column (two spaces, 33 wide), as DTrace shows
 * it; one holding no string stays a hex dump.
 */
char s[9], n[4];

BEGIN
{
	s[0] = 'a'; s[1] = 'A'; s[2] = 'b'; s[3] = 'B'; s[4] = 'c';
	n[0] = 'x'; n[2] = 'y';
	trace(s);
	trace(n);
	exit(0);
}
