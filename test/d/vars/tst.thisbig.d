/*
 * this-> variables hold structs larger than 1 KB, as globals and self->
 * variables do: a D struct of 2 KB declared this->, and a copy of a
 * global one made by assignment, kept for the firing's later clauses.
 * Scratch space comes after them in the per-CPU area: filling an
 * alloca() buffer must leave them whole.
 */
#pragma D option quiet

struct big {
	int b_a[500];
	int b_last;
};

this struct big b;
struct big g;

BEGIN
{
	g.b_a[1] = 11;
	g.b_last = 12;
	this->c = g;
	this->c.b_a[2] = 13;
	this->b.b_a[0] = 3;
	this->b.b_a[499] = 7;
	this->b.b_last = 9;
	this->p = (char *)alloca(64);
	this->p[0] = 'x';
	this->p[63] = 'y';
}

BEGIN
{
	printf("%d %d %d %d\n", this->c.b_a[1], this->c.b_a[2],
	    this->c.b_last, g.b_a[2]);
	printf("%d %d %d %d\n", this->b.b_a[0], this->b.b_a[499],
	    this->b.b_last, sizeof (this->b));
	exit(0);
}
