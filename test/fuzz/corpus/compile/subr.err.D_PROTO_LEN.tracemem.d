/* tracemem( ) with a third argument (a dynamic limit) is not supported yet */
BEGIN
{
	tracemem(curthread, 8, 4);
}
