/* @args: -q -x strsize=4096 */
/*
 * strtoll( ) at the largest strsize: its loop goes over 4096 bytes, one
 * path for the verifier (about 120 instructions a byte: one call a
 * clause at this size, two at 2048).
 */
BEGIN
{
	printf("%d\n", strtoll("  -0x7fffffffffffffff", 16));
}

BEGIN
{
	printf("%d\n", strtoll("1777777777777777777777", 8));
	exit(0);
}
