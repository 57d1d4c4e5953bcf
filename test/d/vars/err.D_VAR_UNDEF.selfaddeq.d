/* the same of a thread-local variable */
syscall::read:return
{
	self->bytes += arg0;
}
