/*
 * A specsize smaller than a clause's record: every speculate() of it is
 * a speculative drop, and committing sends nothing.
 */
#pragma D option quiet
#pragma D option specsize=16

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	trace(1);
}

BEGIN
{
	speculate(s);
	trace(2);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("speculation %d is free again: %d\n", s, speculation());
	exit(0);
}
