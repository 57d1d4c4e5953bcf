#pragma D option quiet
/*
 * The parts of global and clause-local struct and array variables have
 * addresses (the guide's "Pointers and Arrays"): elements lie sizeof
 * apart, a member at its offset, and a pointer to one reads what the
 * variable holds.
 */
struct rec { char c; int n; } recs[5];
int a[5];
uint64_t w[3];
this int loc[3];
struct rec g;

BEGIN
{
	a[1] = 5;
	a[3] = 7;
	recs[2].n = 9;
	g.n = 11;
	w[2] = 0x1122334455667788;
	p = &a[1];
	r = &recs[2];
	printf("%d %d %d\n", *p, p[2], (int)&a[3] - (int)&a[1]);
	printf("%d %d %d\n", r->n, (int)&recs[4] - (int)&recs[0],
	    (int)&recs[0].n - (int)&recs[0]);
	printf("%d %d\n", *(&g.n), (int)&w[2] - (int)&w[0]);
	printf("%x\n", *(uint32_t *)&w[2]);
	printf("%d\n", (int)&a[4] - (int)&a[0]);
	this->loc[1] = 4;
	q = &this->loc[1];
	printf("%d\n", *q);
	exit(0);
}
