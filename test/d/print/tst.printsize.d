/*
 * printsize: at most that many bytes of a value are recorded; a value cut
 * short ends with "...".
 */
#pragma D option quiet
#pragma D option printsize=8

struct pair {
	long first;
	long second;
};

BEGIN
{
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->first = 1;
	this->p->second = 2;
	print(*this->p);
	exit(0);
}
