#pragma D option quiet
/*
 * Character constants as C has them: one character is a char (sign
 * extended: '\377' is -1), several make one integer with the first
 * character in the most significant byte ('ab' is 0x6162), up to the 8
 * bytes of a D integer; escapes count as one character.
 */
BEGIN
{
	printf("%d %d %d %d\n", 'a', '\n', '\377', '\0');
	printf("%x %x %x\n", 'ab', 'abcd', 'abcdefgh');
	printf("%x %d\n", 'a\tb', 'ab' == 0x6162);
	exit(0);
}
