/* BEGIN has no arguments: args[0] of it is out of range. */
BEGIN
{
	trace(args[0]);
	exit(0);
}
