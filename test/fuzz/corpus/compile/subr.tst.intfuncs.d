#pragma D option quiet
/* Byte order, device numbers, rand(). */
BEGIN
{
	printf("%x %x %x %x\n", htons(0x1234), htonl(0x12345678),
	    ntohll(0x0102030405060708), ntohs(htons(0xabcd)));
	printf("%d %d\n", getmajor(0x800005), getminor(0x800005));
	r1 = rand();
	r2 = rand();
	r3 = rand();
	printf("%d\n", r1 != r2 || r2 != r3);
	exit(0);
}
