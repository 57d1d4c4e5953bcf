/* |= wants integers, as DTrace checks (D_OP_INT). */
BEGIN
{
	x = curthread;
	x |= 2;
}
