/*
 * The compound assignments on variables of every kind, integers and
 * pointers (+= and -= move a pointer by elements): each reads its variable,
 * which a declaration or an earlier assignment made (DTrace's D_VAR_UNDEF
 * otherwise, err.D_VAR_UNDEF.*).
 */
#pragma D option quiet

self int y;

BEGIN
{
	x = 7;
	x *= 6;
	x /= 4;
	x %= 7;
	x <<= 4;
	x >>= 1;
	x |= 1;
	x &= 0xd;
	x ^= 0xff;
	self->y -= 2;
	this->z = 0;
	this->z += 3;
	a[1] = 0;
	a[1] += 40;
	a[1] -= 1;
	p = (int *)0x1000;
	p += 3;
	p -= 1;
	q = (char *)0x1000;
	q += 3;
	printf("%d %d %d %d %x %x\n", x, self->y, this->z, a[1], (long)p,
	    (long)q);
	exit(0);
}
