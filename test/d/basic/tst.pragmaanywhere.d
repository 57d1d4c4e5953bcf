/*
 * A #pragma line may start any line of a program, as DTrace's lexer takes
 * it: in the middle of a declaration, a predicate, an expression or a
 * function call's arguments.  Each acts for the whole program (quiet: no
 * probe lines; strsize=8: a string keeps 8 characters, as DTrace for
 * Linux does).  A pragma that is not "#pragma D" is ignored there as
 * anywhere.
 */
int
#pragma D option strsize=8
x;

BEGIN
/x == 0
#pragma D option quiet
/
{
	x = 1 +
#pragma ident "not a D pragma"
	2;
	s = "abcdefghijklmnop";
	printf("%d %s %d\n", x, s,
#pragma D option bufsize=64k
	    strlen(s));
	exit(0);
}
