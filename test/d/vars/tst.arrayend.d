#pragma D option quiet
/*
 * As in C, the address of the element one past the end of an array
 * (&a[n] of an array of n) may be taken: it is the array's end.
 */
struct pt {
	char c;
	int x;
};

int a[4];
char s[3];
struct pt pts[2];

BEGIN
{
	printf("%d %d\n", (int)(&a[4] - &a[0]),
	    (int)((long)&a[4] - (long)&a[0]));
	printf("%d\n", (int)((long)&s[3] - (long)s));
	printf("%d %d\n", (int)(&pts[2] - &pts[0]),
	    (int)((long)&pts[2] - (long)&pts[0]));
	exit(0);
}
