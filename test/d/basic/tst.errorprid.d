#pragma D option quiet
/*
 * ERROR's arg1 is the id of the probe whose clause faulted, as DTrace for
 * Linux sets it: BEGIN is probe 1 and END probe 2 (the dtrace provider's
 * fixed ids); for any other probe, the faulting clause's own `id`.  arg2
 * is the faulting clause's number in the program, arg3 is -1 or more.
 */
int tickid;

ERROR
/arg1 == 1/
{
	printf("BEGIN fault: arg1 %d arg2 %d\n", arg1, arg2);
}

ERROR
/arg1 == 2/
{
	printf("END fault: arg1 %d arg2 %d\n", arg1, arg2);
}

ERROR
/arg1 > 3/
{
	printf("tick fault: arg1 is its id %s, arg2 %d, arg3 >= -1 %s\n",
	    arg1 == tickid ? "yes" : "no", arg2, arg3 >= -1 ? "yes" : "no");
}

BEGIN
{
	x = *(int *)64;
}

tick-1ms
/tickid == 0/
{
	tickid = id;
	y = 0;
	z = 10 / y;
}

tick-1ms
/tickid != 0/
{
	exit(0);
}

END
{
	s = stringof(*(char **)0);
}
