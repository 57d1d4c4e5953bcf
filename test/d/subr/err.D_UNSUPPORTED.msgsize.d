/* msgsize() measures a Solaris STREAMS message: refused on Linux */

BEGIN
{
	trace(msgsize(arg0));
}
