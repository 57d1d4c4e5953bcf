/*
 * A clause that speculates and records nothing else speculates DTrace's
 * default action: its probe line goes to the speculation, shown when it
 * is committed (after what was traced meanwhile), never when discarded.
 * Assignments record nothing: such a clause speculates the default action
 * too.  A clause of assignments alone, and one of commit() or discard()
 * alone, emits nothing.
 */
#pragma D option nspec=2

BEGIN
{
	self->a = speculation();
	self->b = speculation();
}

BEGIN
{
	speculate(self->a);
}

BEGIN
{
	speculate(self->b);
	x = 1;
}

BEGIN
{
	printf("traced before commit, x %d", x);
}

BEGIN
{
	discard(self->b);
}

BEGIN
{
	commit(self->a);
}

BEGIN
{
	exit(0);
}
