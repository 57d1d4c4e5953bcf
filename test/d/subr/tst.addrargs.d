/*
 * An array is its address where a subroutine takes a pointer, as in C:
 * link_ntop() and inet_ntoa() of a D array variable; bcopy()'s source
 * (a void *) may also be a string, whose value is the address of its
 * characters.  Its destination must still be scratch space.
 */
#pragma D option quiet

uint8_t hw[20];
uint8_t ip4[4];

BEGIN
{
	hw[0] = 0x02; hw[1] = 0x08; hw[2] = 0x20; hw[3] = 0xac;
	hw[4] = 0x04; hw[5] = 0x0e;
	ip4[0] = 10; ip4[1] = 0; ip4[2] = 2; ip4[3] = 15;
	printf("%s %s\n", link_ntop(ARPHRD_ETHER, hw),
	    inet_ntoa((ipaddr_t *)ip4));
	printf("%s\n", inet_ntoa(ip4));
	s = (char *)alloca(16);
	bcopy("literal", s, 8);
	printf("%s ", stringof(s));
	bcopy(probename, s, 6);
	printf("%s ", stringof(s));
	v = "var";
	bcopy(v, s + 2, 4);
	printf("%s ", stringof(s));
	bcopy(hw, s, 2);
	printf("%x %x\n", s[0], s[1]);
	exit(0);
}
