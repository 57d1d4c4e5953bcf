/*
 * Constant indexes within an array's bounds are accepted (the last
 * element included), in D arrays and kernel ones; a variable index is
 * checked when the clause runs.
 */
#pragma D option quiet

int a[3];

BEGIN
{
	a[0] = 1;
	a[2] = 3;
	i = 1;
	a[i] = 2;
	printf("%d %d %d %d\n", a[0], a[1], a[2], curthread->comm[15] == 0);
	exit(0);
}
