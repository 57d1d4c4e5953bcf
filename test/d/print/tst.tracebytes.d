/*
 * trace() of what is not a char array shows its bytes as tracemem()
 * does even when they read as a string, as DTrace for Linux shows them:
 * a union, an array of shorts, a struct of chars alone.
 */
#pragma D option quiet

union { char s[4]; int i; } u;
short w[3];
struct { char c[3]; } sc;

BEGIN
{
	u.s[0] = 'a';
	u.s[1] = 'b';
	u.s[2] = 'c';
	w[0] = 'a' | 'b' << 8;
	w[1] = 'c';
	sc.c[0] = 'x';
	sc.c[1] = 'y';
	trace(u);
	trace(w);
	trace(sc);
	exit(0);
}
