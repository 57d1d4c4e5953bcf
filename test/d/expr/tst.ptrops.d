#pragma D option quiet
/*
 * What DTrace accepts of pointers beside integers: a compound += and -=
 * of an integer, a comparison with another pointer or with the constant
 * 0 (NULL) on either side, and the integer compound operators on
 * integers.
 */
BEGIN
{
	p = curthread;
	p += 1;
	p -= 1;
	printf("%d %d %d %d %d\n", p == curthread, curthread != 0,
	    0 != curthread, NULL == curthread, curthread->parent != p);
	x = 5;
	x *= 6;
	x /= 4;
	x %= 5;
	x |= 8;
	x &= 12;
	x ^= 1;
	x <<= 2;
	x >>= 1;
	printf("%d\n", x);
	exit(0);
}
