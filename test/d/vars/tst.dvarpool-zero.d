/*
 * Storing 0 deletes an element and gives its place in the dynamic
 * variable pool back.  An element of a[int] = int costs its tuple (4
 * bytes of variable id, the int key, 8 bytes of thread key: 16) and its
 * int value (4): 20 bytes, so 79 bytes hold 3.  a[4] finds the place
 * a[1] left; were it not given back, a[4] would be a drop that ends the
 * clause, and nothing would be printed.
 */
#pragma D option dynvarsize=79
#pragma D option quiet

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[1] = 0;
	a[4] = 4;
	printf("%d %d %d %d\n", a[1], a[2], a[3], a[4]);
	exit(0);
}

ERROR
{
	exit(1);
}
