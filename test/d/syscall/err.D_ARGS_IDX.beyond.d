/* read(2) has three arguments */
syscall::read:entry
{
	x = args[3];
}
