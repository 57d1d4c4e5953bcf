/* llquantize()'s steps per magnitude cannot be negative */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, -20);
}
