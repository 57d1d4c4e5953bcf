/*
 * Large keys: several long strings and integers in one tuple, keys that
 * differ only at the last character a string keeps (strsize 64: 64
 * characters), and longer strings cut to it.
 */
#pragma D option quiet
#pragma D option strsize=64

BEGIN
{
	a = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeX";
	b = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeY";
	c = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdefTOOLONG";
	@k[c, c, 2, c, 0x7fffffffffffffff] = count();
	@k[a, b, 1, a, -1] = count();
	@k[a, b, 1, a, -1] = count();
	@k[b, a, 1, a, -1] = count();
	@k[a, b, 1, b, -1] = count();
	printa("%s %s %d %s %d %@d\n", @k);
	exit(0);
}
