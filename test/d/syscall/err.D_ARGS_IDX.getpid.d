/* getpid() takes no arguments: every args[ ] index of its probe is out
   of range (DTrace: D_ARGS_IDX) */
syscall::getpid:entry
{
	trace(args[0]);
}
