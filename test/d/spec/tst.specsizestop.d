/*
 * A speculate() whose speculation has no room left for the clause's
 * record is a speculative drop and ends the clause there: what follows
 * it does not run.  A record that fits is appended and the clause goes
 * on.  (DTrace's own checks: specsize 40 holds four printf()s of no
 * argument; eight long long values never fit in it.)
 */
#pragma D option quiet
#pragma D option specsize=40

long long x;

BEGIN
{
	x = 123456789;
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("%lld %lld %lld %lld %lld %lld %lld %lld\n", x, x, x, x, x,
	    x, x, x);
	big = 1;
}

BEGIN
{
	speculate(s);
	printf("small\n");
	small = 1;
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("big ran on: %d, small ran on: %d\n", big, small);
	exit(0);
}
