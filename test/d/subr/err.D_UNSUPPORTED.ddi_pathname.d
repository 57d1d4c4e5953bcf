/* ddi_pathname() names a Solaris device node: refused on Linux */

BEGIN
{
	trace(ddi_pathname(arg0, 0));
}
