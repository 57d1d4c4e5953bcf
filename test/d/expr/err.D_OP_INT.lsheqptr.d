/* <<= wants an integer on the right too (D_OP_INT). */
BEGIN
{
	x = 1;
	x <<= curthread;
}
