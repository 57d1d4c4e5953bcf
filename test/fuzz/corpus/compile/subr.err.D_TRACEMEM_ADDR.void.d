/* tracemem( ) needs an address */
BEGIN
{
	tracemem((void)0, 8);
}
