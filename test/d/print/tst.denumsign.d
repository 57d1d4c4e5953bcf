#pragma D option quiet

/* A member of an enum declared in D stays a signed int when read. */
enum sg { NEG = -2, POS = 3 };

struct w {
	enum sg v;
};

BEGIN
{
	p = (struct w *)alloca(sizeof (struct w));
	p->v = NEG;
	printf("%d %d\n", p->v, p->v < 0);
	print(*p);
	exit(0);
}
