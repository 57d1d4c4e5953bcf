/*
 * print() of types declared in D, from memory the clause fills (alloca),
 * as DTrace for Linux prints it: indented by the width of the probe
 * columns, "(struct tag) {", members as ".name = (type)value," one level
 * deeper, nested structs, unions and arrays a level deeper again, each
 * array element with its type, bit-fields by value, members and elements
 * that are zero left out, an enum member by its enumerator's name.
 * (print() of a scalar takes a pointer to it: tst.pointee.sh.)
 */
#pragma D option quiet

enum color { RED, GREEN = 5, BLUE };

struct inner {
	short s;
	unsigned char tag[4];
};

struct outer {
	int a;
	long b;
	enum color c;
	struct inner in;
	union {
		int i;
		char ch;
	} u;
	struct bits {
		unsigned int f1 : 3;
		unsigned int f2 : 5;
	} bf;
	int zero;
	int arr[3];
};

BEGIN
{
	this->p = (struct outer *)alloca(sizeof (struct outer));
	this->p->a = -7;
	this->p->b = 1234567890123;
	this->p->c = BLUE;
	this->p->in.s = 300;
	this->p->in.tag[0] = 'x';
	this->p->in.tag[1] = 'y';
	this->p->u.i = 65;
	*(unsigned int *)&this->p->bf = 5 | 17 << 8;	/* f1; f2 starts the next byte */
	this->p->arr[0] = 1;
	this->p->arr[2] = 3;
	print(*this->p);
	print(this->p->in);
	print(this->p->arr);
	exit(0);
}
