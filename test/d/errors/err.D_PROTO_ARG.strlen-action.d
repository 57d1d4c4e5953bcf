/* A subroutine with a prototype checks it first: an action's void is
   not its string argument. */
BEGIN
{
	trace(strlen(trace(0)));
}
