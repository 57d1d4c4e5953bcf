/* @args: -q */
/*
 * bcopy(src, dest, size) evaluates its arguments in order (their side
 * effects show it), and copies from one alloca() buffer into another.
 */
BEGIN
{
	s = (char *)alloca(8);
	d = (char *)alloca(8);
	s[0] = 'a'; s[1] = 'b'; s[2] = 'c'; s[3] = 'd';
	s[4] = 'e'; s[5] = 'f'; s[6] = 'g'; s[7] = 'h';
	d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = d[6] = d[7] = '-';
	k = 1;
	bcopy((void *)(s + k++), (void *)(d + k++), k++);
	printf("%c%c%c%c%c%c%c%c %d\n", d[0], d[1], d[2], d[3], d[4], d[5],
	    d[6], d[7], k);
	x = (char *)alloca(4);
	x[0] = 'x'; x[1] = 'y'; x[2] = 'z'; x[3] = '\0';
	bcopy(x, d, 2);
	printf("%c%c%c\n", d[0], d[1], d[2]);
	exit(0);
}
