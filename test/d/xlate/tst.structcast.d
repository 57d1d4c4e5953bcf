#pragma D option quiet
/*
 * A cast of a struct or union value to its own type is the value itself,
 * as DTrace allows a cast between compatible types: the idiom of
 * translators whose input is a struct, (struct in)arg.member.
 */
struct pt {
	int x;
	char c;
};

typedef struct pt pt_t;

union u {
	int i;
	char b;
};

struct out {
	int sum;
	char tag;
};

translator struct out < struct pt p > {
	sum = ((struct pt)p).x + 1;
	tag = ((pt_t)p).c;
};

struct pt g;
union u gu;
this struct pt l;
self struct pt s;

BEGIN
{
	g.x = 41;
	g.c = 'g';
	gu.i = 0x4142;
	this->l.x = 7;
	this->l.c = 'l';
	self->s.x = -3;
	self->s.c = 's';

	printf("%d %c\n", ((struct pt)g).x, ((struct pt)g).c);
	printf("%d %c\n", ((pt_t)this->l).x, ((struct pt)this->l).c);
	printf("%d %c\n", ((struct pt)self->s).x, ((pt_t)self->s).c);
	printf("%x\n", ((union u)gu).i);
	printf("%d %c\n", xlate <struct out> (g).sum,
	    xlate <struct out> (g).tag);
	printf("%d %c\n", xlate <struct out> (this->l).sum,
	    xlate <struct out *> (self->s)->tag);
	exit(0);
}
