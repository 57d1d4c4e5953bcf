/* tracemem( )'s size must be a constant */
BEGIN
{
	n = 8;
	tracemem(curthread, n);
}
