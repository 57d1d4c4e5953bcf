#pragma D option quiet
/*
 * An array where a pointer is wanted is a pointer to its first element,
 * as in C: assigned to a pointer variable, cast to a pointer or an
 * integer, compared with a pointer, or added to.
 */
struct pt {
	int x;
	int y;
};

int a[4];
char c[4];
struct pt pts[2];
int *p;
char *cp;
struct pt *sp;
this int la[3];

BEGIN
{
	a[0] = 10; a[1] = 11; a[2] = 12; a[3] = 13;
	c[0] = 'h'; c[1] = 'i';
	pts[1].x = 7; pts[1].y = 8;
	this->la[2] = 42;

	p = a;
	cp = c;
	sp = pts;
	printf("%d %d %d %d\n", p[0], p[3], *(p + 2), ((int *)a)[1]);
	printf("%c%c\n", cp[0], *(cp + 1));
	printf("%d %d\n", sp[1].x, (sp + 1)->y);
	printf("%d %d %d %d\n", p == a, a == p, a + 2 == &a[2],
	    (long)a == (long)&a[0]);
	printf("%d %d\n", *(a + 3), (int)((a + 3) - p));
	p = this->la;
	printf("%d\n", p[2]);
	exit(0);
}
