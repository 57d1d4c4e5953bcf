/* Only the constant 0 clears a struct variable: 1 is no struct. */
struct pt {
	int x;
};

struct pt g;

BEGIN
{
	g = 1;
}
