/* The index of args[ ] is an integer constant, not a string. */
syscall::read:entry
{
	trace(args["a"]);
}
