/*
 * A clause may commit several speculations, as DTrace's guide says ("a
 * clause may contain multiple commit calls to commit disjoint buffers"),
 * and mix commit() with discard(): each acts in turn, so the committed
 * records come out in the order of the commit() calls.  A second commit()
 * or a discard() of a speculation already committed in the same clause
 * does nothing.
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
	commit(a);
	discard(b);
	commit(a);
}

BEGIN
{
	printf("between\n");
}

BEGIN
{
	discard(f);
	commit(e);
	discard(e);
	commit(d);
	commit(f);
}

BEGIN
{
	printf("end\n");
	exit(0);
}
