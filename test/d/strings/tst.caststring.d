#pragma D option quiet

/*
 * (string)p reads the string at p as stringof(p) does, as DTrace allows
 * ((string)copyin(arg1, 32)); bcopy( ) copies from a string's
 * characters as from any address.
 */
BEGIN
{
	s = alloca(10);
	bcopy(probename, s, 6);
	printf("[%s]\n", (string)s);
	t = (char *)alloca(8);
	bcopy("abc", t, 4);
	printf("[%s]\n", (string)t);
	v = "hello";
	u = (char *)alloca(8);
	bcopy(v, u, 6);
	x = (string)u;
	printf("[%s] %d\n", x, strlen((string)u));
	trace((string)t);
	printf("\n");
	exit(0);
}
