#pragma D option quiet
/*
 * ERROR's arguments: arg2 the faulting clause, numbered from 0 in program
 * order with every clause counted (ERROR's and END's too, as DTrace's
 * dt_clause_N), arg4 the DTRACEFLT_* code, arg5 the address or value.
 */
ERROR
{
	printf("clause %d %s %d\n", arg2, arg4 == DTRACEFLT_BADADDR ?
	    "BADADDR" : arg4 == DTRACEFLT_DIVZERO ? "DIVZERO" : "other", arg5);
}

END
{
	printf("end\n");
}

BEGIN
{
	x = *(char *)16;
}

BEGIN
{
	y = 0;
	z = 1 / y;
}

BEGIN
{
	exit(0);
}
