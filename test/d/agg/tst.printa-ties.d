/*
 * printa() of several aggregations: rows whose sorting value (the
 * aggregation at aggsortpos) is the same are ordered by the other
 * aggregations' values, in their order, and only then by key.
 */
#pragma D option quiet

BEGIN
{
	@a[1] = sum(5); @a[2] = sum(5); @a[3] = sum(5);
	@b[1] = sum(9); @b[2] = sum(1); @b[3] = sum(4);
	printa("%d %@d %@d\n", @a, @b);
	printf("--\n");

	@e[3] = count(); @e[1] = count(); @e[2] = count();
	@f[3] = count(); @f[1] = count(); @f[2] = count();
	printa("%d %@d %@d\n", @e, @f);
	printf("--\n");

	@x[1] = sum(1); @x[2] = sum(1); @x[3] = sum(1); @x[4] = sum(0);
	@y[1] = sum(2); @y[2] = sum(2); @y[3] = sum(1); @y[4] = sum(2);
	@z[1] = sum(8); @z[2] = sum(6); @z[3] = sum(7);
	printa("%d %@d %@d %@d\n", @x, @y, @z);
	printf("--\n");

	@c[1] = sum(3); @c[2] = sum(1); @c[3] = sum(2);
	@d[1] = sum(7); @d[2] = sum(7); @d[3] = sum(7);
	setopt("aggsortpos", "1");
	printa("%d %@d %@d\n", @c, @d);
	exit(0);
}
