/* @args: -q */
/*
 * Inlines of constant expressions are kept as their values: each must be
 * what the expression gives at run time, converted to the inline's type,
 * written out in the clause beside it (recorded in the expression's
 * type).  DTrace computes in 64 bits: 0x7fffffff + 1 is 2^31 before an
 * inline long takes it, -g of an unsigned int g is 64-bit, and
 * ~(unsigned char)1 is an unsigned char (254 when recorded, -2 as an
 * int).
 */
inline int a = 0x40000000;
inline int b = a + a;
inline long d = 0x7fffffff + 1;
inline long d2 = 0x7fffffffL + 1;
inline unsigned char e = 300;
inline int f = e << 30;
inline unsigned int g = 0xffffffff;
inline int h = -g >> 1;
inline int k = -1 >> 1;
inline long m = 1L << 63 >> 62;
inline unsigned long m2 = 1UL << 63 >> 62;
inline int n = !0x100000000;
inline short s = 0x12345 * 3;
inline int t = ~(unsigned char)1;
inline int u = (a | 3) ^ (a & 5) - -a;

BEGIN
{
	printf("%d %d\n", b, 0x40000000 + 0x40000000);
	printf("%d %d\n", d, 0x7fffffff + 1);
	printf("%d %d\n", d2, 0x7fffffffL + 1);
	printf("%d %d\n", e, (unsigned char)300);
	printf("%d %d\n", f, (unsigned char)300 << 30);
	printf("%d %d\n", h, (int)(-0xffffffff >> 1));
	printf("%d %d\n", k, -1 >> 1);
	printf("%d %d\n", m, 1L << 63 >> 62);
	printf("%u %u\n", m2, 1UL << 63 >> 62);
	printf("%d %d\n", n, !0x100000000);
	printf("%d %d\n", s, (short)(0x12345 * 3));
	printf("%d %d\n", t, ~(unsigned char)1);
	printf("%d %d\n", u, (0x40000000 | 3) ^ (0x40000000 & 5) - -0x40000000);
	exit(0);
}
