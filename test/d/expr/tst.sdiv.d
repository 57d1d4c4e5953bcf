/*
 * Signed / and % on values known only at run time truncate toward zero
 * as C does (the remainder takes the dividend's sign), unsigned ones
 * divide the 64 bits, and a pointer difference counts elements of either
 * sign.  The code is plain BPF division on the magnitudes, so that
 * Debian 12's kernel (6.1), whose verifier refuses the v4 ISA's signed
 * division, loads it too.  Expected values worked out by C's rules.
 */
#pragma D option quiet

BEGIN
{
	a = 7; b = -7; c = 2; d = -2;
	printf("%d %d %d %d\n", a / c, b / c, a / d, b / d);
	printf("%d %d %d %d\n", a % c, b % c, a % d, b % d);
	m = (int64_t)0x8000000000000000; one = -1;
	printf("%d %d %d %d\n", m / one, m % one, m / 2, m % 10);
	u = 0x8000000000000000;
	printf("%u %u %u\n", u / one, u % one, u % 3);
	v = (uint64_t)b;
	printf("%u %u\n", v / 2, v % 10);
	p = (int *)1000; q = (int *)1040;
	printf("%d %d\n", q - p, p - q);
	x = -9; x /= 4; y = -9; y %= 4;
	printf("%d %d\n", x, y);
	exit(0);
}
