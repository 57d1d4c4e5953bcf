/* ++ of an array member: DTrace wants a scalar first (D_OP_SCALAR). */
BEGIN
{
	curthread->comm++;
}
