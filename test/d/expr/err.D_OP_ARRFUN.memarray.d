/* = of a char array member in memory: DTrace says D_OP_ARRFUN. */
BEGIN
{
	curthread->comm = "x";
}
