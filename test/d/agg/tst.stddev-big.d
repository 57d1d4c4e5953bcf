#pragma D option quiet
/*
 * stddev() keeps its sum of squares in 128 bits, as DTrace does, so that
 * values of 2^32 and more (nanosecond latencies of seconds) do not wrap:
 * sqrt(sum(x^2) / n - (sum(x) / n)^2), integer divisions truncated, the
 * root rounded down.  Expected values computed with exact integers.
 * Equal values on every CPU have no deviation: 0xffffffff squared has a
 * low word near 2^64, so every addition carries into the high word, in
 * the program and when the consumer adds the CPUs up; a carry counted
 * once too often would show as a deviation.
 */
BEGIN
{
	@a = stddev(0x80000000);
	@a = stddev(0x100000000);
	@b = stddev(1000000000);
	@b = stddev(3000000000);
	@b = stddev(-2000000000);
	@c = stddev(-5000000000);
	@c = stddev(-7000000000);
	@d = stddev(0x7fffffffffffffff);
	@d = stddev(0);
	@e = stddev(1);
	@e = stddev(3);
}

profile-997
{
	@f = stddev(0xffffffff);
}

tick-300ms
{
	exit(0);
}

END
{
	printa("a %@d\n", @a);
	printa("b %@d\n", @b);
	printa("c %@d\n", @c);
	printa("d %@d\n", @d);
	printa("e %@d\n", @e);
	printa("f %@d\n", @f);
}
