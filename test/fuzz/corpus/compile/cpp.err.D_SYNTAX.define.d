/*
 * Without -C a preprocessor directive is a syntax error, as in DTrace.
 */
#define	LIMIT	10

BEGIN
/LIMIT > 1/
{
	exit(0);
}
