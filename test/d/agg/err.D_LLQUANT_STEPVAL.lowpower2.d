/* factor 2, low magnitude 3: 32 steps do not divide 2^4 */
BEGIN
{
	@ = llquantize(1, 2, 3, 6, 32);
}
