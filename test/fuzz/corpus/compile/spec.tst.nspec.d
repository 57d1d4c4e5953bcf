/*
 * nspec buffers: speculation() returns 1 .. nspec, then 0 while all are
 * active; each failure is counted and reported.
 */
#pragma D option quiet
#pragma D option nspec=3

BEGIN
{
	printf("%d %d %d %d %d\n", speculation(), speculation(),
	    speculation(), speculation(), speculation());
}

BEGIN
{
	discard(2);
	printf("%d %d\n", speculation(), speculation());
	exit(0);
}
