/* @args: -q */
/*
 * substr(s, i [, n]) as DTrace has it: a negative start counts from the
 * end; a start still before the string eats into the count (so -7, 3 of
 * "abcde" keeps one character); a negative count leaves that many
 * characters off the end; a start at or past the end, or a count that
 * leaves nothing, gives "".  Constants and variables alike.
 */
BEGIN
{
	s = "abcdefghij";
	printf("[%s] [%s] [%s] [%s]\n", substr(s, 2, -3), substr(s, 2, -8),
	    substr(s, 2, -9), substr(s, -4, -1));
	printf("[%s] [%s] [%s] [%s]\n", substr(s, -12, 3), substr(s, -12, 2),
	    substr(s, -12), substr(s, -10, 4));
	printf("[%s] [%s] [%s] [%s]\n", substr(s, 10), substr(s, 9, -1),
	    substr(s, 0, 0), substr(s, 10, -1));
	i = -13;
	n = 5;
	printf("[%s]", substr(s, i, n));
	i = 7;
	n = -1;
	printf(" [%s]", substr(s, i, n));
	n = 1000;
	printf(" [%s]", substr(s, i, n));
	i = -1000;
	printf(" [%s]\n", substr(s, i, n));
	exit(0);
}
