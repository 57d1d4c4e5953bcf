/* A pointer compares with a pointer or the constant 0, not 1. */
BEGIN
{
	trace(curthread < 1);
}
