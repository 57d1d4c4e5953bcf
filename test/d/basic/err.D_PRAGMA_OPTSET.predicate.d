/* A #pragma inside a predicate naming no option: D_PRAGMA_OPTSET. */
BEGIN
/1 ==
#pragma D option no_such_option
1/
{
	exit(0);
}
