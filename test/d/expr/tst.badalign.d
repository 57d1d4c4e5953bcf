#pragma D option quiet
/*
 * A pointer to an integer of 2, 4 or 8 bytes (or to a pointer) whose
 * address is not a multiple of that size is DTrace's invalid alignment
 * fault when it is dereferenced, *p or p[i] (DTRACEFLT_BADALIGN, arg4 2;
 * arg5 the address), as the DTrace guide's "Pointer Safety" has it: here
 * as offsets from an aligned global array.  A char pointer, and a pointer
 * at a multiple of its size, read as usual.
 */
int array[4];

BEGIN
{
	array[0] = 20;
	array[1] = 40;
	u = (uintptr_t)&array[0];
	printf("%d %d %d\n", *(int *)u, ((int *)u)[1], *(short *)(u + 4));
	printf("%d %d\n", *(char *)(u + 4), *(long *)u == 171798691860);
}

BEGIN { trace(*(int *)(u + 2)); }
BEGIN { trace(*(long *)(u + 4)); }
BEGIN { trace(*(short *)(u + 1)); }
BEGIN { trace(((int *)(u + 1))[1]); }
BEGIN { trace(*(int **)(u + 12)); }
BEGIN { trace(*(int *)6); }

ERROR
{
	printf("%s %d\n", arg4 == DTRACEFLT_BADALIGN ? "BADALIGN" : "other",
	    arg5 == 6 ? arg5 : arg5 - u);
}

BEGIN
{
	exit(0);
}
