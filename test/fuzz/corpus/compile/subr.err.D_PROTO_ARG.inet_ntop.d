/* inet_ntop()'s address family is an integer. */
BEGIN
{
	trace(inet_ntop("AF_INET", (void *)curthread));
}
