/*
 * What a variable of pointers into scratch space may take: NULL (the
 * constant 0), alloca()'s pointers moved by arithmetic, a ?: of two of
 * them or of one and NULL; and a ?: of one of each kind may be used
 * where no variable keeps it.  Pointers subtracted are an integer.  A
 * pointer loaded from scratch space may go where either kind went.
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
	/* a pointer D kept in scratch space may be of either kind */
	pp = (char **)alloca(16);
	pp[0] = (char *)alloca(4);
	pp[1] = (char *)curthread;
	k = pp[0];
	k = (char *)alloca(4);
	u = pp[1];
	u = (char *)curthread;
	printf("%d\n", k != u);
	exit(0);
}
