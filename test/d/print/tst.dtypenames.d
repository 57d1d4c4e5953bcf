#pragma D option quiet

/*
 * print( ) of a struct declared in D names each member's type as the
 * declaration does, as DTrace shows it: a kernel typedef (__u8, bool),
 * D's typedef (uint64_t, int32_t), long long; a pointer or array member
 * as before; an enum declared in D by the enumerator's name (a value no
 * enumerator has as its number).
 */
enum color { RED, GREEN = 5, BLUE };

struct s {
	__u8 a;
	uint64_t b;
	bool c;
	long long d;
	unsigned long long e;
	int32_t f;
	int g;
	char h[3];
	enum color i;
	enum color j;
};

BEGIN
{
	p = (struct s *)alloca(sizeof (struct s));
	p->a = 1;
	p->b = 2;
	p->c = 1;
	p->d = -3;
	p->e = 4;
	p->f = -5;
	p->g = 6;
	p->h[0] = 'x';
	p->i = BLUE;
	p->j = 9;
	print(*p);
	exit(0);
}
