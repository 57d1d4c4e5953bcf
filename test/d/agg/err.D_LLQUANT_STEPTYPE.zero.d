/* llquantize()'s steps per magnitude cannot be zero */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 0);
}
