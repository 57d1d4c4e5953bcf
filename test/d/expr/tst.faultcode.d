#pragma D option quiet
/*
 * The ERROR probe's arg4 compared with the fault code names: a load
 * from address 0 is DTRACEFLT_BADADDR, a division by zero
 * DTRACEFLT_DIVZERO.
 */
BEGIN
{
	x = 0;
	trace(*(int *)x);
}

BEGIN
{
	trace(1 / x);
}

ERROR
{
	printf("%s\n", arg4 == DTRACEFLT_BADADDR ? "BADADDR" :
	    arg4 == DTRACEFLT_DIVZERO ? "DIVZERO" : "other");
}

BEGIN
{
	exit(0);
}
