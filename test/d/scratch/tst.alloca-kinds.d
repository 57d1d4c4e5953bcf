/*
 * What a variable of pointers into scratch space may take: NULL (the
 * constant 0), alloca()'s pointers moved by arithmetic, a ?: of two of
 * them or of one and NULL; and a ?: of one of each kind may be used
 * where no variable keeps it.  Pointers subtracted are an integer.
 */
#pragma D option quiet

BEGIN
{
	p = (char *)alloca(16);
	p = NULL;
	p = (char *)alloca(8) + 4;
	p = arg0 == 0 ? (char *)alloca(4) : NULL;
	p = arg0 != 0 ? p : (char *)alloca(2);
	p += 1;
	p++;
	q = (char *)alloca(1);
	printf("%d\n", (q - p) > 0);
	printf("%d\n", (arg0 == 0 ? p : (char *)curthread) == p);
	o = (char *)curthread;
	o = NULL;
	o = (char *)curthread + 1;
	printf("%d\n", o != NULL);
	exit(0);
}
