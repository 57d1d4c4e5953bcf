/* msgsize() takes one argument, as DTrace declares it */

BEGIN
{
	trace(msgsize());
}
