/*
 * print() as DTrace for Linux shows a struct (through a pointer, the
 * address and " = *" come first: tst.kernel.sh): indented by the 44
 * columns of the probe fields, one more space a level; a char array is a
 * string (it stops at its first NUL: the second has nothing before it,
 * so shows no element); anonymous structs and unions are "(struct)" and
 * "(union)"; all-zero members left out.  The member using the last byte
 * printsize records (u's d ends at 24) ends the value with "..." where
 * the next member (s) would be, at s's depth, still inside u, then every
 * level is closed (tst.printcut.sh).
 */
#pragma D option quiet
#pragma D option printsize=24

struct t {
	int a;
	char name[6];
	char empty[4];
	union {
		unsigned short c;
		unsigned long d;
	} u;
	struct {
		void *e;
		unsigned int f;
	} s;
	long z;
};

BEGIN
{
	p = (struct t *)alloca(sizeof (struct t));
	p->a = -3;
	p->name[0] = 'd';
	p->name[1] = 't';
	p->name[3] = 'x';	/* after the NUL: not shown */
	p->empty[1] = 'q';
	p->u.d = 0x10001;
	p->s.f = 7;
	print(*p);
	exit(0);
}
