/*
 * tracemem(): the bytes at an address as DTrace's hex dump, sixteen a
 * line, with a header and the bytes as text ('.' when not printable); a
 * last line that is not full; the default output's probe columns first.
 */
BEGIN
{
	s = "hello, world";
	tracemem(s, 20);
}

BEGIN
{
	tracemem("0123456789abcdefghij\tklmnopqrstuvwxyz~", 40);
	exit(0);
}
