/*
 * trace() of a struct or an array records its bytes and shows them as
 * tracemem() does.
 */
#pragma D option quiet

struct pair {
	int first;
	char name[12];
};

BEGIN
{
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->first = 0x41424344;
	this->p->name[0] = 'h';
	this->p->name[1] = 'i';
	trace(*this->p);
	trace(this->p->name);
	printf("\n");
	exit(0);
}
