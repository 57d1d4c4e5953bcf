#pragma D option quiet
/*
 * Compound assignments, prefix --, the comma operator, unary +, <=, octal
 * and character constants, D's own typedefs.
 */
BEGIN
{
	x = 100;
	x -= 30;
	y = x;
	x /= 7;
	z = x;
	x %= 4;
	printf("%d %d %d\n", y, z, x);
	x = 0xff;
	x &= 0x3c;
	y = x;
	x |= 0x101;
	z = x;
	x ^= 0xf;
	printf("%d %d %d\n", y, z, x);
	x <<= 4;
	y = x;
	x >>= 6;
	printf("%d %d\n", y, x);
	z = --x;
	printf("%d %d\n", z, x);
	z = (x = 5, x + 1);
	printf("%d %d\n", z, x);
	printf("%d %d %d %d\n", +3, -+3, 2 <= 2, 3 <= 2);
	printf("%d %d %d\n", 017, 0777, 00);
	printf("%d %d %d %c\n", 'a', '\n', '\101', 'z');
	printf("%d %d %d %d\n", (uint8_t)257, (int8_t)255, (int16_t)65535,
	    (uint16_t)-1);
	printf("%d %d %d %d\n", sizeof (int32_t), sizeof (uint64_t),
	    sizeof (size_t), sizeof (uintptr_t));
	printf("%d %d\n", (int64_t)-1 < 0, (uint32_t)-1 > 0);
	exit(0);
}
