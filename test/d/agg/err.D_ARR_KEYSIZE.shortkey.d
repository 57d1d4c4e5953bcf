/*
 * A key kept short (execname in a key that would pass 512 bytes at the
 * default strsize) cannot later take a string that may be longer.
 */
BEGIN
{
	@a[execname, probefunc, probename, 1] = count();
	@a[copyinstr(arg0), probefunc, probename, 2] = count();
}
