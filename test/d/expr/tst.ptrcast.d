#pragma D option quiet
/*
 * A pointer cast to an integer is a number D's arithmetic works on, as
 * DTrace allows: a map address (curcpu), a kernel one (curthread), a
 * scratch one (alloca()).
 */
BEGIN
{
	p = alloca(16);
	printf("%d %d %d\n", ((int64_t)curcpu >> 8) != 0,
	    ((uintptr_t)curthread & 7) == 0, ((int64_t)p >> 8) != 0);
	printf("%d\n", (uint64_t)curcpu + 8 - 8 == (uint64_t)curcpu);
	exit(0);
}

ERROR
{
	exit(1);
}
