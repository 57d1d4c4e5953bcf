/*
 * One pool of dynvarsize bytes holds the elements of every associative
 * array and self-> variable together.  Here each costs the largest tuple
 * (a[int], b[int]: 4 + 4 + 8 = 16 bytes) and the largest value (int: 4):
 * 60 bytes hold 3 elements, whichever variables they belong to.  The
 * fourth, b[2], is a drop that ends its clause; self->x = 0 gives a
 * place back, which b[3] takes.
 */
#pragma D option dynvarsize=60
#pragma D option quiet

BEGIN
{
	a[1] = 1;
	b[1] = 1;
	self->x = 1;
	b[2] = 2;
	printf("not reached\n");
}

BEGIN
{
	printf("%d %d %d %d\n", a[1], b[1], self->x, b[2]);
	self->x = 0;
	b[3] = 3;
	printf("%d %d %d\n", a[1], b[1], b[3]);
	exit(0);
}
