#pragma D option quiet
/*
 * Where a global may be read: in a clause after the one that assigns it,
 * in the predicate of the clause whose body assigns it, in the body of
 * the clause whose predicate assigns it, and by ++ that creates it.
 * (Reading one that only a later clause assigns: D_IDENT_UNDEF, see
 * err.D_IDENT_UNDEF.laterclause.d and err.D_IDENT_UNDEF.laterpred.d.)
 */
BEGIN
{
	first = 10;
}

BEGIN
{
	printf("earlier clause %d\n", first + 1);
}

BEGIN
/same == 0/
{
	same = 7;
	printf("own body %d\n", same);
}

BEGIN
/(made = 3) > 0/
{
	printf("own predicate %d\n", made * 2);
}

BEGIN
{
	bumped++;
	++bumped;
	printf("increment %d\n", bumped);
}

END
{
	printf("end %d %d %d %d\n", first, same, made, bumped);
}

BEGIN
{
	exit(0);
}
