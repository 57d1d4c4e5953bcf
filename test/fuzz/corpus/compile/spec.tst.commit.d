/*
 * A speculation's records reach the output when it is committed, in the
 * order they were speculated, after what was traced meanwhile; then the
 * buffer is free again.
 */
#pragma D option quiet

BEGIN
{
	s = speculation();
	printf("speculation %d\n", s);
}

BEGIN
{
	speculate(s);
	printf("speculated first %s\n", "string");
	trace(1234);
	printf("\n");
}

BEGIN
{
	printf("traced\n");
}

BEGIN
{
	speculate(s);
	printf("speculated second\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("committed\n");
}

BEGIN
{
	t = speculation();
	speculate(t);
	printf("speculated third, in %d\n", t);
}

BEGIN
{
	commit(t);
}

BEGIN
{
	exit(0);
}
