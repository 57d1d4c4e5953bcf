/* a clause-local variable read before its assignment in the same body */
BEGIN
{
	x = this->v;
	this->v = 1;
}
