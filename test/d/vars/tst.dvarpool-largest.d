/*
 * Every element costs the same: the largest tuple of the program (an
 * associative array's keys or an aggregation's) plus the largest value
 * of a dynamic variable.  With strsize 31, s[int] = string has values of
 * 32 bytes and @c[string] tuples of 4 + 32 + 8 = 44 bytes, so each
 * a[int] = int element costs 44 + 32 = 76 bytes too: 240 bytes hold 3.
 * s[1], a[1] and a[2] take them, and a[3] is a drop (with only its own
 * sizes, 16 + 4, a[int] = int would cost 20 bytes: 12 would fit).
 */
#pragma D option dynvarsize=240
#pragma D option strsize=31
#pragma D option quiet

BEGIN
{
	s[1] = "one";
	@c["key"] = count();
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	printf("not reached\n");
}

BEGIN
{
	printf("%s %d %d %d\n", s[1], a[1], a[2], a[3]);
	exit(0);
}

END
{
	printa("%s %@d\n", @c);
}
