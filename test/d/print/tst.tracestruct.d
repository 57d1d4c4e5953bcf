/*
 * trace() of a struct or an array records its bytes and shows them as
 * tracemem() does, unless they are a string as DTrace judges bytes
 * (printable characters, a NUL, then only NULs): that is shown as the
 * string, as DTrace's trace() default format documents.
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
