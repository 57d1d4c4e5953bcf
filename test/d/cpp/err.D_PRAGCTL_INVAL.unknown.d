/*
 * A #word line that is no D control directive (#pragma, #line, #ident)
 * is DTrace's invalid control directive when -C is not given.
 */
BEGIN
{
	exit(0);
}
#frobnicate 1
