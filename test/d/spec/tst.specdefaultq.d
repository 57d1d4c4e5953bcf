/*
 * With quiet, a speculated default action shows nothing, even committed;
 * the speculation still takes its buffer until then (nspec 1: the second
 * speculation() fails while the first is held, not after its commit).
 */
#pragma D option quiet

BEGIN
{
	s = speculation();
	speculate(s);
}

BEGIN
{
	t = speculation();
	printf("while held: %d\n", t);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	u = speculation();
	printf("after commit: %d\n", u);
	discard(u);
	exit(0);
}
