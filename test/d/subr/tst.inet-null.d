/* @args: -q */
/*
 * NULL (the constant 0) is a pointer argument like any other for the
 * address subroutines: it compiles, and reading it is the invalid address
 * fault with address 0, as in DTrace; the session goes on.
 */
BEGIN
{
	trace(inet_ntoa6(0));
	printf("not reached 1\n");
}

BEGIN
{
	trace(inet_ntoa(NULL));
	printf("not reached 2\n");
}

BEGIN
{
	trace(inet_ntop(AF_INET6, 0));
	printf("not reached 3\n");
}

BEGIN
{
	trace(link_ntop(ARPHRD_ETHER, 0));
	printf("not reached 4\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d addr %d\n", arg4, arg5);
}
