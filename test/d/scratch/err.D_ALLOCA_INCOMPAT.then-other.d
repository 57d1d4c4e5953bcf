/* A variable that took a pointer into scratch space cannot take another
   pointer: the scratch space is gone when the clause ends. */
BEGIN
{
	p = (char *)alloca(8);
	p = (char *)curthread;
}
