/* args[-1] is out of range, whatever the probe's arguments. */
syscall::read:entry
{
	trace(args[-1]);
}
