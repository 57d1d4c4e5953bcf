/* link_ntop() takes a pointer to the hardware address (NULL, 0, is one). */
BEGIN
{
	trace(link_ntop(ARPHRD_ETHER, 5));
}
