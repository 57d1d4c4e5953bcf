/* ... nor is an array member of a struct variable. */
struct s { int s_v[2]; };
struct s x;
struct s y;

BEGIN
{
	x.s_v = y.s_v;
}
