/*
 * After commit(), as the Speculative Tracing chapter states: a second
 * commit() of the same speculation, and a discard() of it, do nothing
 * (its records are out, once); a later speculate() to it records nothing,
 * even if it is committed again.  A speculation's records are shown once,
 * where the commit was.
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("speculated once\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("after the first commit\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	discard(s);
}

BEGIN
{
	speculate(s);
	printf("speculated after the commit\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	t = speculation();
	printf("another speculation: %s\n", t != 0 ? "yes" : "no");
}

BEGIN
{
	speculate(t);
	printf("discarded\n");
}

BEGIN
{
	discard(t);
}

BEGIN
{
	commit(t);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
