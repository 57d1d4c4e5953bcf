/*
 * A clause commits one speculation (a second commit() is DTrace's
 * D_COMM_COMM, err.D_COMM_COMM.*) but may discard others before or after
 * it: each acts in turn, so the committed records come out in the order
 * of the commit() calls.  A discard() of a speculation already committed,
 * or a commit() of one already discarded, does nothing.
 */
#pragma D option quiet
#pragma D option nspec=6

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	d = speculation();
	e = speculation();
	f = speculation();
}

BEGIN { speculate(a); printf("a\n"); }
BEGIN { speculate(b); printf("b\n"); }
BEGIN { speculate(c); printf("c\n"); }
BEGIN { speculate(d); printf("d\n"); }
BEGIN { speculate(e); printf("e\n"); }
BEGIN { speculate(f); printf("f\n"); }

BEGIN
{
	printf("before the commits\n");
}

BEGIN
{
	commit(c);
	discard(b);
}

BEGIN
{
	commit(a);
	discard(a);
}

BEGIN
{
	printf("between\n");
}

BEGIN
{
	discard(f);
	commit(e);
}

BEGIN
{
	discard(e);
	commit(d);
}

BEGIN
{
	commit(f);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
