/*
 * discard() drops a speculation's records; speculate() to 0 or to a
 * speculation that is not active records nothing; commit() and discard()
 * of 0 or of an inactive speculation do nothing.  Data-recording actions
 * may come before and after discard().
 */
#pragma D option quiet

BEGIN
{
	s = speculation();
	speculate(s);
	printf("discarded\n");
}

BEGIN
{
	printf("before discard\n");
	discard(s);
	printf("after discard\n");
}

BEGIN
{
	speculate(s);		/* no longer active */
	printf("to an inactive speculation\n");
}

BEGIN
{
	speculate(0);
	printf("to speculation 0\n");
}

BEGIN
{
	commit(0);
	discard(0);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	discard(s);
	discard(s);
	printf("next: %d\n", speculation());
	exit(0);
}
