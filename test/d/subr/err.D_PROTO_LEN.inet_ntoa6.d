/* inet_ntoa6() takes an address and, optionally, the strict flag. */
BEGIN
{
	trace(inet_ntoa6((struct in6_addr *)alloca(16), 1, 2));
}
