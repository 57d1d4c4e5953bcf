/* A ?: whose operands are one pointer of each kind may give either: no
   variable can hold it. */
BEGIN
{
	self->p = arg0 != 0 ? (int *)alloca(4) : (int *)curthread;
}
