#pragma D option quiet
/*
 * strtoll(s [, base]): leading white space skipped, an optional sign,
 * for base 16 an optional 0x or 0X, digits up to the first character
 * that is no digit of the base (10 by default, 2 to 36); past 64 bits
 * the value wraps around.  Expected values from these rules.
 */
BEGIN
{
	printf("%d %d %d %d\n", strtoll("0"), strtoll("1234"),
	    strtoll("-1234"), strtoll("+77"));
}

BEGIN
{
	printf("%d %d %d %d\n", strtoll(" \t\n42"), strtoll("12abc"),
	    strtoll(""), strtoll("abc"));
}

BEGIN
{
	printf("%d %d %d %d\n", strtoll("101010", 2), strtoll("102", 2),
	    strtoll("777", 8), strtoll("-0x1F", 16));
}

BEGIN
{
	printf("%d %d %d %d\n", strtoll("0X1f", 16), strtoll("ff", 16),
	    strtoll("0x20"), strtoll("0xg", 16));
}

BEGIN
{
	printf("%d %d %d %d\n", strtoll("zz", 36), strtoll("Zz", 36),
	    strtoll("- 5"), strtoll("+-5"));
}

BEGIN
{
	printf("%d %d %d %d\n", strtoll("9223372036854775807"),
	    strtoll("-9223372036854775808"), strtoll("9223372036854775808"),
	    strtoll("18446744073709551617"));
}

BEGIN
{
	b16 = 16;
	b8 = 8;
	printf("%d %d %d %d\n", strtoll("  +0x10", b16), strtoll("0x", b16),
	    strtoll("010", b8), strtoll("-19", b8));
	exit(0);
}
