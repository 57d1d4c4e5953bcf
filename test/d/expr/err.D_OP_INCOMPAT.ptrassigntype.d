/* a pointer variable takes a pointer of its type (or void *), not a
   pointer to another struct */
BEGIN
{
	p = curthread;
	p = curthread->mm;
}
