/* inet_ntop() takes an address family and a pointer. */
BEGIN
{
	trace(inet_ntop((void *)curthread));
}
