/* args[ ] is used only indexed: the array as a whole has no value. */
syscall::read:entry
{
	trace(args);
}
