#pragma D option quiet
/* htonll and ntohl (tst.intfuncs.d has the others), and round trips. */
BEGIN
{
	printf("%x %x\n", htonll(0x0102030405060708), ntohl(0x12345678));
	printf("%d %d\n",
	    ntohll(htonll(0x1122334455667788)) == 0x1122334455667788,
	    htonl(ntohl(0xdeadbeef)) == 0xdeadbeef);
	exit(0);
}
