#pragma D option quiet
/*
 * lquantize( )'s base, limit and step are integer constants: inlines of
 * integer constants and expressions of them are constants too.
 */
inline int M = 10;
inline int STEP = 2;

BEGIN
{
	@ = lquantize(3, 0, M, STEP);
	@ = lquantize(7, 0, M, STEP);
	@b = lquantize(25, 0, M * 4, STEP * 5);
	exit(0);
}
