/* A negated integer constant is a constant: usable where one is needed. */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-3, -4, 4, 2);
	printf("%d %d %d\n", -5, +5, - -5);
	exit(0);
}
