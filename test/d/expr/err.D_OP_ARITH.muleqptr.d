/* *= wants integers: a pointer is not one (DTrace says D_OP_ARITH). */
BEGIN
{
	x = curthread;
	x *= 2;
}
