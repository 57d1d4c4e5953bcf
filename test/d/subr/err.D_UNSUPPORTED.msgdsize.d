/* msgdsize() measures a Solaris STREAMS message: refused on Linux */

BEGIN
{
	trace(msgdsize(arg0));
}
