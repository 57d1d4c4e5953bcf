/* @args: -q */
/*
 * s[i] of a string is its character i, as in DTrace (a script tests
 * (s = copyinstr(arg1, 8))[6] == '-'): of a variable, of a subroutine's
 * result, at a run-time index; the NUL after the last character is 0;
 * an index past the string's strsize + 1 bytes is the out-of-range
 * index fault (11) with the index as its value.
 */
BEGIN
{
	s = "hello";
	i = 2;
	printf("%c %c %c %d %c\n", s[0], s[4], s[i], s[5],
	    (t = strjoin(s, "-x"))[5]);
	printf("%d\n", s[1] == 'e' && t[6] == 'x');
}

BEGIN
{
	i = 257;
	printf("%d\n", s[i]);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d value %d\n", arg4, arg5);
}
