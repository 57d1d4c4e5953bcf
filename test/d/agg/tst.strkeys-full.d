/* @args: -q -xstrsize=8 */
/*
 * A key holds strings of strsize characters whole: "abcdefgh" (8, no NUL
 * in the key) is a key of its own beside "abcdefg", and a longer string is
 * cut to it first; in an associative array as in an aggregation.
 */
BEGIN
{
	@["abcdefgh", "x"] = count();
	@["abcdefg", "x"] = count();
	@["abcdefghij", "x"] = count();
	a["abcdefgh"] = 1;
	a["abcdefgX"] = 2;
	printf("%d %d %d\n", a["abcdefgh"], a["abcdefgXYZ"], a["abcdefg"]);
	printa("%s %s %@d\n", @);
	exit(0);
}
