/*
 * discard( ) has no rule of order: before or after the clause's commit( ),
 * and commit( ) of a speculation the clause discarded does nothing.
 */
#pragma D option quiet
#pragma D option nspec=3

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
}

BEGIN { speculate(a); printf("a\n"); }
BEGIN { speculate(b); printf("b\n"); }
BEGIN { speculate(c); printf("c\n"); }

BEGIN
{
	discard(a);
	commit(a);
}

BEGIN
{
	commit(b);
	discard(c);
}

BEGIN
{
	commit(c);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
