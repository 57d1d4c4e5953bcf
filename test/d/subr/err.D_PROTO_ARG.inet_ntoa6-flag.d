/* inet_ntoa6()'s second argument is a constant: the format is chosen
   when the program is compiled. */
BEGIN
{
	trace(inet_ntoa6((struct in6_addr *)alloca(16), arg0));
}
