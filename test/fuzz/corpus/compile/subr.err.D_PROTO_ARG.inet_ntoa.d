/* inet_ntoa() takes a pointer to an IPv4 address, not the address. */
BEGIN
{
	trace(inet_ntoa(0x7f000001));
}
