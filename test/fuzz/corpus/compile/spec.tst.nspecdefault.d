/* One speculation buffer by default. */
#pragma D option quiet

BEGIN
{
	a = speculation();
	b = speculation();
	printf("%d %d\n", a, b);
	exit(0);
}
