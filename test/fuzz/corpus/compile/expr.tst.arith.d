#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d\n", 7 + 3, 7 - 10, 7 * -3, -7 / 2, -7 % 3);
	printf("%d %d %d %d\n", 1 << 4, -16 >> 2, 0xf0 & 0x3c, 0xf0 | 0x0f);
	printf("%d %d %d %d\n", 6 ^ 3, ~0, !0, !5);
	printf("%d %d %d\n", 1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3);
	printf("%u %d\n", 4294967295U + 1, 2147483647 + 1);
	printf("%d %d\n", (char)300, (unsigned char)300);
	printf("%d %d %d\n", -1 < 1U, -1 < 1, 3 > 2 ? 10 : 20);
	printf("%d %d %d %d\n", 1 && 0, 1 || 0, 1 ^^ 1, 0 ^^ 1);
	printf("%d %d\n", sizeof (int), sizeof (long));
	x = 5;
	printf("%d %d %d\n", x++, ++x, x);
	printf("%x %X %o\n", 255, 48879, 8);
	exit(0);
}
