#pragma D option quiet
/* Declarations: inline constants, typed globals, self and this, and an associative array with key types. */
inline int LIMIT = 3 * 4;
inline string NAME = "fixed";
int counter;
string label;
self int depth;
this int local;
int totals[string, int];
BEGIN
{
	counter += LIMIT;
	label = NAME;
	totals["a", 1] = 5;
	self->depth = 2;
	this->local = counter + 1;
	printf("%d %s %d %d %d %d\n", counter, label, totals["a", 1], self->depth, this->local, LIMIT * 2);
	exit(0);
}
