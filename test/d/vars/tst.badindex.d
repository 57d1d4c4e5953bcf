#pragma D option quiet
/*
 * An index out of an array variable's bounds is the fault
 * DTRACEFLT_BADINDEX (11), the index the ERROR probe's arg5 (the
 * reference run oob-index of DTrace for Linux: "fault 11").
 */
int arr[3];

BEGIN
{
	i = 8;
	arr[i] = 1;
}

ERROR
{
	printf("fault %d %s index %d\n", arg4,
	    arg4 == DTRACEFLT_BADINDEX ? "BADINDEX" : "other", arg5);
	exit(0);
}
