/* A bit-field can be written in a variable only, not in memory. */
struct s { int a : 3; int b : 5; };
BEGIN
{
	this->p = (struct s *)alloca(sizeof (struct s));
	this->p->b = 1;
}
