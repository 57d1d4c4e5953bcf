/*
 * An extern declaration gives a kernel symbol's C type, and C takes an
 * enum tag it has not seen as an incomplete enum: so does DTrace, in a
 * declaration of an object, a pointer or several at once, beside tags
 * the kernel has and an enum defined in place.
 */
#pragma D option quiet

extern enum uio_rw e1;
extern enum no_such_enum_tag *e2, e3;
extern enum pid_type e4;
extern enum here { HERE_A, HERE_B } e5;

BEGIN
{
	printf("%d %d\n", HERE_A, HERE_B);
	exit(0);
}
