/*
 * trace() of a pointer with quiet set: its unsigned number in decimal,
 * nothing around it (tst.tracepointer.d has the columns).
 */
#pragma D option quiet

BEGIN
{
	trace((void *)0xffffffff81000000);
	trace("|");
	trace((long *)-2);
	trace("|");
	trace((char *)7);
	trace("\n");
	exit(0);
}
