#pragma D option quiet
/*
 * A base outside 2..36 is an illegal operation (DTRACEFLT_ILLOP), the
 * base the fault's value; the clause stops there.
 */
BEGIN
{
	trace(strtoll("1", 37));
	printf("not reached\n");
}

BEGIN
{
	b = 1;
	trace(strtoll("1", b));
	printf("not reached\n");
}

BEGIN
{
	b = 36;
	printf("%d %d\n", strtoll("10", 2), strtoll("10", b));
	exit(0);
}

ERROR
{
	printf("%s %d\n", arg4 == DTRACEFLT_ILLOP ? "ILLOP" : "other", arg5);
}
