/* A kernel array's bounds are its type's: comm is char[16]. */
BEGIN
{
	trace(curthread->comm[16]);
}
