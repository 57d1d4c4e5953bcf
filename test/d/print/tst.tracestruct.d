/*
 * trace() of a struct records its bytes and shows them as tracemem()
 * does, always, even when they would read as a string ("DCBAhi"), as
 * DTrace for Linux shows what is not a char array; a char array (a member
 * or a variable) is shown as the string its bytes hold, when they hold
 * one (printable characters, a NUL, then only NULs).
 */
#pragma D option quiet

struct pair {
	int first;
	char name[12];
};

char word[6];

BEGIN
{
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->first = 0x01020304;
	this->p->name[0] = 'h';
	this->p->name[1] = 'i';
	trace(*this->p);
	trace(this->p->name);
	printf("\n");
	this->p->first = 0x41424344;
	trace(*this->p);
	printf("\n");
	word[0] = 'o';
	word[1] = 'k';
	trace(word);
	printf("\n");
	word[3] = 'x';		/* a byte after the NUL: bytes */
	trace(word);
	printf("\n");
	exit(0);
}
