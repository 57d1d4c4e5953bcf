#pragma D option quiet
/*
 * Global, thread-local and clause-local variables exist from their
 * first reference: read before any assignment (in a predicate, in ++),
 * they are ints of value 0 (a global only if the program assigns it
 * somewhere: vars/err.D_IDENT_UNDEF.neverset.d).  "self x;" and "this x;" declare ints, the
 * type left out.
 */
self a;
this b, c;

BEGIN
/self->x == 0/
{
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
