/* @args: -q */
/*
 * lltostr(v, base), base 2 to 36: base 10 is signed, another base shows v
 * unsigned, base 16 with "0x" and base 8 with "0" before a value that is
 * not 0; digits past 9 are letters.  A base outside 2..36 is an illegal
 * operation (fault 3) with the base as its value.
 */
BEGIN
{
	printf("%s %s %s %s %s\n", lltostr(255, 16), lltostr(0, 16),
	    lltostr(-1, 16), lltostr(8, 8), lltostr(0, 8));
	printf("%s %s %s %s %s\n", lltostr(5, 2), lltostr(35, 36),
	    lltostr(-255, 10), lltostr(-255), lltostr(71, 36));
	b = 2;
	printf("%s\n", lltostr(-1, b));
}

BEGIN
{
	b = 37;
	printf("%s\n", lltostr(1, b));
}

BEGIN
{
	b = 1;
	printf("%s\n", lltostr(1, b));
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d value %d\n", arg4, arg5);
}
