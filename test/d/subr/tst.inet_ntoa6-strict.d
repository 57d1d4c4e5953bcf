/*
 * inet_ntoa6(addr, strict): an integer constant other than 0 writes an
 * IPv4-mapped or IPv4-compatible address as inet_ntop() does
 * (::ffff:a.b.c.d, ::a.b.c.d); 0, or no second argument, as the dotted
 * quad alone.  Other addresses are the same either way.
 */
#pragma D option quiet

struct in6_addr *m, *c, *one, *n;

BEGIN
{
	m = alloca(16); c = alloca(16); one = alloca(16); n = alloca(16);
	m->in6_u.u6_addr32[0] = 0; m->in6_u.u6_addr32[1] = 0;
	m->in6_u.u6_addr32[2] = htonl(0xffff);
	m->in6_u.u6_addr32[3] = htonl(0xc0a80117);
	c->in6_u.u6_addr32[0] = 0; c->in6_u.u6_addr32[1] = 0;
	c->in6_u.u6_addr32[2] = 0; c->in6_u.u6_addr32[3] = htonl(0x7f000001);
	one->in6_u.u6_addr32[0] = 0; one->in6_u.u6_addr32[1] = 0;
	one->in6_u.u6_addr32[2] = 0; one->in6_u.u6_addr32[3] = htonl(1);
	n->in6_u.u6_addr32[0] = htonl(0xfe800000);
	n->in6_u.u6_addr32[1] = 0; n->in6_u.u6_addr32[2] = htonl(0x214);
	n->in6_u.u6_addr32[3] = htonl(0x4ffffe0b);
	printf("%s %s %s\n", inet_ntoa6(m), inet_ntoa6(m, 0),
	    inet_ntoa6(m, 1));
	printf("%s %s %s\n", inet_ntoa6(c), inet_ntoa6(c, 2 - 2),
	    inet_ntoa6(c, 42));
	printf("%s %s\n", inet_ntoa6(one), inet_ntoa6(one, 1));
	printf("%s %s\n", inet_ntoa6(n), inet_ntoa6(n, 1));
	printf("%s %s\n", inet_ntop(AF_INET6, m), inet_ntop(AF_INET6, c));
	exit(0);
}
