#pragma D option quiet
/*
 * A store through a pointer to memory that is no D variable or scratch
 * space (here: the current task) is still the invalid address fault.
 */
BEGIN
{
	p = (int *)curthread;
	*p = 0;
	exit(0);
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(0);
}
