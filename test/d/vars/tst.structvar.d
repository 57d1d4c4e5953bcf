/*
 * Variables of struct type hold a copy of the struct: globals (declared,
 * members written in place), this->, self-> and associative array
 * elements (assigned whole); a copy does not change with its source; an
 * element never assigned reads as zeros.
 */
#pragma D option quiet

struct pt {
	int x;
	short y;
	char tag[6];
};

struct pt g;

BEGIN
{
	g.x = 3;
	g.y = -4;
	g.x += 10;
	g.y++;
	this->p = (struct pt *)alloca(sizeof (struct pt));
	this->p->x = 7;
	this->p->y = 8;
	this->p->tag[0] = 'o';
	this->p->tag[1] = 'k';
	this->c = *this->p;
	self->c = *this->p;
	a["k"] = *this->p;
	this->p->x = 99;	/* the copies keep 7 */
	h = g;
	printf("g %d %d\n", g.x, g.y);
	printf("h %d %d\n", h.x, h.y);
	printf("this %d %d %s\n", this->c.x, this->c.y, stringof(this->c.tag));
	printf("self %d %d %s\n", self->c.x, self->c.y, stringof(self->c.tag));
	printf("assoc %d %d %s\n", a["k"].x, a["k"].y, stringof(a["k"].tag));
	printf("none %d %d\n", a["none"].x, a["none"].y);
	printf("source %d\n", this->p->x);
	print(g);
	exit(0);
}
