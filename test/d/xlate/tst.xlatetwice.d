#pragma D option quiet
/*
 * A translator may give a member twice, as DTrace's may: both
 * expressions are checked, and the first is the member's translation,
 * read alone or in the whole struct.
 */
struct out {
	int a;
	int b;
};

translator struct out < int x > {
	a = x;
	b = x * 2;
	a = x + 100;
};

struct out o;

BEGIN
{
	printf("%d %d\n", xlate <struct out> (5).a,
	    xlate <struct out *> (5)->b);
	o = xlate <struct out> (5);
	printf("%d %d\n", o.a, o.b);
	exit(0);
}
