/*
 * A speculate() whose speculation cannot take the clause's data ends the
 * clause there, as in DTrace: what follows it does not run (what comes
 * before it has run).  Id 0 (speculation() found no free buffer), and a
 * speculation already committed (its buffer FREE), stop the clause; an
 * active one does not.
 */
#pragma D option quiet

BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	before0 = 1;
	speculate(b);
	after0 = 1;
}

BEGIN
{
	speculate(a);
	printf("kept\n");
	aftera = 1;
}

BEGIN
{
	commit(a);
}

BEGIN
{
	speculate(a);
	printf("lost\n");
	afterc = 1;
}

BEGIN
{
	printf("a %d b %d\n", a, b);
	printf("id 0: before %d after %d\n", before0, after0);
	printf("active: after %d\n", aftera);
	printf("committed: after %d\n", afterc);
	exit(0);
}
