#pragma D option quiet
/*
 * Bit-fields of structs declared in D, laid out as DTrace lays them out
 * (each starts a byte of its own, aligned to the power of two bytes that
 * holds it; "int : 0" is no member): struct s has a at byte 0, b at 1,
 * c at 2, d (40 bits: 8 bytes) at 8, e at 13, size 16 (aligned to 8);
 * union u is 4 bytes (b's 20 bits take 4).  Written in a global, a
 * thread-local and a clause-local variable: a value is cut to the width
 * (33 in 5 bits is 1) and a signed field reads sign-extended (9 in a
 * 4-bit short is -7, 4 in a 3-bit int is -4); the bytes around a field
 * keep their values.
 */
struct s { int a : 3; unsigned int b : 5; char c; long d : 40; int : 0; short e : 4; };
union u { char a : 2; int b : 20; };
struct s g;
self struct s v;
this struct s w;
BEGIN
{
	printf("%d %d %d\n", sizeof (struct s), offsetof(struct s, c), sizeof (union u));
	g.a = 3; g.b = 33; g.c = 'x'; g.d = -2; g.e = 9;
	printf("%d %d %c %d %d\n", g.a, g.b, g.c, g.d, g.e);
	g.a = 4; g.b++; g.e += 7;
	printf("%d %d %d %c %d\n", g.a, g.b, g.e, g.c, g.d);
	self->v.a = -1; self->v.b = 31; self->v.e = -8;
	printf("%d %d %d\n", self->v.a, self->v.b, self->v.e);
	this->w.a = 2; this->w.d = 0x7fffffffff; this->w.b = 1;
	printf("%d %d %d\n", this->w.a, this->w.d, this->w.b);
	exit(0);
}
