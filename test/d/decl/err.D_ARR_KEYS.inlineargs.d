inline int i4[int x, int y] = x + y;

BEGIN
{
	trace(i4[1]);
	exit(0);
}
