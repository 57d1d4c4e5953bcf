/*
 * An inline is checked where it is declared, outside any probe clause:
 * args[ ] has no probe to take its arguments from there.
 */
inline int first = args[0];

syscall::read:entry
{
	trace(first);
	exit(0);
}
