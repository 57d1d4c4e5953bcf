#pragma D option quiet
/*
 * Floats are copied, not computed: a double read through a pointer into
 * a global, then from variable to variable of every kind (this->,
 * self->, an associative array, a member of a struct variable, a member
 * of a struct in scratch memory) keeps its bits; a long double and a
 * float too.  An associative array element never stored reads as 0.0.
 * trace() records a float or double as DTrace does, the integer of its
 * bits (1.5 is 0x3ff8000000000000, -3.14159265f 0xc0490fdb), and a
 * long double as its 16 bytes; print() of a struct holding them shows
 * DTrace's %+.7e (float, double) and %+.16LE (long double).
 */
double g;
float gf;
long double gl;
struct s { int a; double d; float f; long double l; };
struct s gs;
self double t;

BEGIN
{
	this->u = (uint64_t *)alloca(8 * 3);
	this->u[0] = 0x3ff8000000000000;
	this->u[1] = 0xaaaaaaaaaaaaaaab;	/* 1/3 */
	this->u[2] = 0x3ffd;
	this->w = (uint32_t *)alloca(4);
	*this->w = 0xc0490fdb;
	g = *(double *)this->u;
	this->d = g;
	self->t = this->d;
	a["x"] = self->t;
	gs.d = a["x"];
	this->s = (struct s *)alloca(sizeof (struct s));
	this->s->d = gs.d;
	gl = *(long double *)&this->u[1];
	gs.l = gl;
	this->s->l = gs.l;
	gf = *(float *)this->w;
	gs.f = gf;
	this->s->f = gs.f;
	printf("%g %g %g %g %g %g\n", g, this->d, self->t, a["x"], gs.d,
	    this->s->d);
	printf("%.18Lg %.18Lg %.18Lg\n", gl, gs.l, this->s->l);
	printf("%g %g %g\n", gf, gs.f, this->s->f);
	printf("%g %e\n", a["nope"], a["none"]);
	trace(g);
	printf("\n");
	trace(this->s->f);
	printf("\n");
	trace(gl);
	print(gs);
	exit(0);
}
