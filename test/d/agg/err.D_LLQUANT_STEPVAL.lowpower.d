/*
 * More steps than the factor, from a low magnitude above 0: they must
 * divide factor^(low + 1) (1000 here), which 80 does not.
 */
BEGIN
{
	@ = llquantize(1, 10, 2, 6, 80);
}
