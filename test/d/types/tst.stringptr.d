/*
 * Pointers to strings, as DTrace has them: its string type is an array
 * of strsize chars, so "string *" is a pointer (8 bytes) to strsize
 * bytes, and *p is the string at that address.  Declared for a global, a
 * self-> variable and a cast, with a smaller strsize (sizeof (*p) is 32).
 */
#pragma D option quiet
#pragma D option strsize=32

string *p;
self string *sp;

BEGIN
{
	p = (string *)&curthread->comm;
	self->sp = p;
	printf("%d %d\n", sizeof (p), sizeof (*p));
	printf("[%s] [%s] %d\n", *p, *self->sp, strlen(*p));
	printf("[%s]\n", *(string *)&curthread->comm);
	exit(0);
}
