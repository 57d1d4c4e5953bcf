/*
 * The constant 0 or NULL can be put in a struct or union variable of
 * every class (the DTrace guide: assigning zero to a dynamic variable
 * deletes it): a self-> variable or associative array element is
 * deleted, a global or clause-local one made of zeros.  Each then reads
 * as zeros and takes a new value afterwards.
 */
#pragma D option quiet

struct pt {
	int x;
	short y;
	char tag[5];
};

union u {
	int i;
	char c;
};

struct pt g;
union u gu;

BEGIN
{
	this->p = (struct pt *)alloca(sizeof (struct pt));
	this->p->x = 7;
	this->p->y = 8;
	this->p->tag[0] = 'o';
	this->p->tag[1] = 'k';

	g = *this->p;
	g = 0;
	printf("global %d %d [%s]\n", g.x, g.y, g.tag);
	g = *this->p;
	printf("again %d %d [%s]\n", g.x, g.y, g.tag);

	gu.i = 65;
	gu = NULL;
	printf("union %d\n", gu.i);

	this->c = *this->p;
	this->c = 0;
	printf("this %d %d\n", this->c.x, this->c.y);

	self->s = *this->p;
	self->t = *this->p;
	self->s = 0;
	printf("self %d %d [%s], other %d\n", self->s.x, self->s.y,
	    self->s.tag, self->t.x);
	self->s = *this->p;
	printf("self again %d\n", self->s.x);

	a["k"] = *this->p;
	a["l"] = *this->p;
	a["k"] = NULL;
	printf("assoc %d %d, other %d\n", a["k"].x, a["k"].y, a["l"].x);
	exit(0);
}

ERROR
{
	exit(1);
}
