/* a thread-local variable read before anything assigned it: the return
   clause comes first, and DTrace checks the clauses in order */
syscall::read:return
/self->ts/
{
	trace(timestamp - self->ts);
}

syscall::read:entry
{
	self->ts = timestamp;
}
