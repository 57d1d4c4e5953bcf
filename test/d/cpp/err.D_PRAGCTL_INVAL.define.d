/*
 * Without -C a preprocessor directive is an invalid control directive
 * (D_PRAGCTL_INVAL), as in DTrace.
 */
#define	LIMIT	10

BEGIN
/LIMIT > 1/
{
	exit(0);
}
