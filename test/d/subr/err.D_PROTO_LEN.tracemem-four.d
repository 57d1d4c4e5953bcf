/* tracemem( ) takes two or three arguments */
BEGIN
{
	tracemem(curthread, 8, 4, 2);
}
