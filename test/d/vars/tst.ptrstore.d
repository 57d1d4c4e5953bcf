#pragma D option quiet
/*
 * Stores through pointers reach D's own variables, as in DTrace: the
 * elements of a global or this-> array and the members of a global
 * struct, through a pointer made by & or by an array's name.
 */
struct pt {
	int x;
	long y;
};

int a[4];
char c[4];
struct pt g;
int *p;
char *cp;
long *lp;
this int la[3];

BEGIN
{
	p = a;
	p[0] = 10;
	p[1] = 5;
	*(p + 2) += 3;
	p[0]++;
	p[3] = p[0] * 2;
	printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);

	cp = c;
	cp[0] = 'o';
	cp[1] = 'k';
	printf("%c%c\n", c[0], c[1]);

	lp = &g.y;
	*lp = 123456789012;
	p = &g.x;
	*p = -4;
	printf("%d %d\n", g.x, g.y);

	p = this->la;
	p[2] = 77;
	p[1] = this->la[2] + 1;
	printf("%d %d\n", this->la[1], this->la[2]);
	exit(0);
}
