#pragma D option quiet
/*
 * Variables exist from their first reference in the order DTrace checks
 * a program, a clause's body before its predicate: a predicate reads
 * what its body assigns (/self->x == 0/ { self->x = 0; }), ++ makes an
 * int64_t of value 0; a global read first only if the program assigns
 * it somewhere (vars/err.D_IDENT_UNDEF.neverset.d), a thread-local or
 * clause-local one not at all (vars/err.D_VAR_UNDEF.*).  "self x;" and
 * "this x;" declare ints, the type left out.
 */
self a;
this b, c, t;

BEGIN
/self->x == 0/
{
	self->x = 0;
	printf("self->x is %d before any assignment\n", self->x);
}

BEGIN
{
	++self->n;
	self->n++;
	printf("self->n %d, this->t %d\n", self->n, this->t);
	self->a = 5;
	this->b = 6;
	this->c = 7;
	printf("%d %d %d %d\n", self->a, this->b, this->c, sizeof (self->a));
	self->x = 1;
}

BEGIN
/self->x == 1/
{
	printf("self->x is %d\n", self->x);
}

BEGIN
/g == 0/
{
	g = 5;
	printf("global %d\n", g);
	exit(0);
}
