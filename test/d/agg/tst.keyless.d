/*
 * An aggregation without keys: printed once it has fired, kept (as 0) by
 * clear(), gone after trunc(), and not printed at all if it never fired.
 * One updated only with zeros has fired: sum(0) prints 0.
 */
#pragma D option quiet

BEGIN
{
	@a = count();
	@b = count();
	@c = sum(5);
	@d = max(-3);
	@e = sum(0);
	clear(@b);
	trunc(@c);
	printa("a %@d\n", @a);
	printa("b %@d\n", @b);
	printa("c %@d\n", @c);
	printa("d %@d\n", @d);
	printa("e %@d\n", @e);
	exit(0);
}

tick-1h
{
	@never = count();
}
