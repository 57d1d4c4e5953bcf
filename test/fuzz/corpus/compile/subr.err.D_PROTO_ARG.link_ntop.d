/* link_ntop() takes a pointer to the hardware address. */
BEGIN
{
	trace(link_ntop(ARPHRD_ETHER, 0));
}
