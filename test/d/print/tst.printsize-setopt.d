#pragma D option quiet
#pragma D option printsize=8

/*
 * printsize may change while tracing (setopt()), as in DTrace: the record
 * holds more than the printsize compiled with, and each print() shows
 * what printsize is when it is printed.
 */
struct pair {
	long first;
	long second;
	long third;
};

BEGIN
{
	p = (struct pair *)alloca(sizeof (struct pair));
	p->first = 1;
	p->second = 2;
	p->third = 3;
	print(*p);
	setopt("printsize", "16");
	print(*p);
	setopt("printsize", "8192");
	print(*p);
	exit(0);
}
