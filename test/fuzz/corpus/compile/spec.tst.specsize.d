/*
 * A record that does not fit in what is left of specsize is dropped and
 * counted; what fitted is still committed, and smaller records may still
 * fit after a drop.  A record is a 16-byte header and the clause's data
 * (8 bytes a value here): of 64 bytes, a record of one value takes 24,
 * then one of four values (48) does not fit, a second of one value does,
 * and a third (24) no longer does.
 */
#pragma D option quiet
#pragma D option specsize=64

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("kept %d\n", 1);
}

BEGIN
{
	speculate(s);
	printf("%d %d %d %d too big\n", 2, 3, 4, 5);
}

BEGIN
{
	speculate(s);
	printf("kept %d\n", 6);
}

BEGIN
{
	speculate(s);
	printf("dropped %d\n", 7);
}

BEGIN
{
	speculate(s);
	trace(8);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
