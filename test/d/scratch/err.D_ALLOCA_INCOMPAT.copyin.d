/* copyin()'s copy is in scratch space, as alloca()'s memory is. */
syscall::read:entry
{
	this->buf = (char *)copyin(arg1, 8);
	this->buf = (char *)arg1;
}
