/*
 * A clause's body is checked before its predicate, as DTrace does: a
 * variable the body creates can be read in the predicate of the same
 * clause (an associative array, a self-> string), and reads as 0 or ""
 * until the body stores it.  A predicate that assigns is checked first:
 * the body reads what the predicate made.
 */
#pragma D option quiet

tick-10ms
/seen[probename] == 0/
{
	seen[probename] = 1;
	printf("first %s\n", probename);
}

BEGIN
/self->who == NULL && n++ < 2/
{
	self->who = execname;
	printf("named [%s]\n", self->who);
}

tick-10ms
/(this->left = 3 - ticks++) > 0/
{
	printf("left %d\n", this->left);
}

tick-10ms
/ticks >= 4/
{
	exit(0);
}
