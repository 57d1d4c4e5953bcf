#pragma D option quiet
/*
 * An inline of array form: f[x, y] is the inline's expression with its
 * parameters standing for x and y, each converted to its parameter's
 * type, the result converted to the inline's type.  An argument that
 * names a variable called like a parameter is that variable.
 */
inline int i4[int x, int y] = x + y;
inline int twice[int v] = v * 2;
inline uint8_t low[int v] = v;
inline string greet[string who] = strjoin("hello, ", who);

BEGIN
{
	y = 10;
	printf("%d %d %d %d\n", i4[1, 2], twice[i4[3, 4]], i4[y, 1], twice[y]);
	printf("%u %s\n", low[0x1ff], greet["world"]);
	exit(0);
}
