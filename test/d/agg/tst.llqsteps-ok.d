/* @args: -e */
/*
 * Steps that divide factor^(low + 1) are accepted: 100 of 1000 (low 2),
 * 20 of 100 (low 1), 16 of 2^4 (factor 2, low 3); from low magnitude 0,
 * any multiple of the factor (20 of 10).  Compiled only (-e).
 */
#pragma D option quiet

BEGIN
{
	@a = llquantize(1, 10, 2, 6, 100);
	@b = llquantize(1, 10, 1, 6, 20);
	@c = llquantize(1, 2, 3, 6, 16);
	@d = llquantize(1, 10, 0, 6, 20);
	exit(0);
}
