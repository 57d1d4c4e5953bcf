/* getpid() takes no arguments: its probe has no args[ ] */
syscall::getpid:entry
{
	trace(args[0]);
}
