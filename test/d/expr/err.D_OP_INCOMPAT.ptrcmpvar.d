/* arg0 is an integer, not a pointer: DTrace refuses the comparison. */
BEGIN
{
	trace(arg0 == curthread);
}
