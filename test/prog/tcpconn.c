/*
 * tcpconn PORT [BYTES]: one TCP connection over loopback, both ends in
 * this process, for the tcp provider's tests.  Listens on
 * 127.0.0.1:PORT, connects to it, accepts, sends BYTES (default 100)
 * from the client, reads them at the server, then the client closes
 * first, the server after it, and the listener last.  Exits 0 when all
 * of it worked.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int
fail(const char *what)
{
	perror(what);
	return (1);
}

int
main(int argc, char **argv)
{
	struct sockaddr_in sin;
	char buf[4096];
	int one = 1, lfd, cfd, sfd;
	size_t want, got = 0;

	if (argc < 2)
		return (fprintf(stderr, "usage: tcpconn PORT [BYTES]\n"), 2);
	want = argc > 2 ? strtoul(argv[2], NULL, 10) : 100;
	if (want > sizeof (buf))
		want = sizeof (buf);
	memset(&sin, 0, sizeof (sin));
	sin.sin_family = AF_INET;
	sin.sin_port = htons((unsigned short)atoi(argv[1]));
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if ((lfd = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return (fail("socket"));
	(void) setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof (one));
	if (bind(lfd, (struct sockaddr *)&sin, sizeof (sin)) != 0 ||
	    listen(lfd, 1) != 0)
		return (fail("bind/listen"));
	if ((cfd = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    connect(cfd, (struct sockaddr *)&sin, sizeof (sin)) != 0)
		return (fail("connect"));
	if ((sfd = accept(lfd, NULL, NULL)) < 0)
		return (fail("accept"));
	memset(buf, 'x', want);
	if (write(cfd, buf, want) != (ssize_t)want)
		return (fail("write"));
	while (got < want) {
		ssize_t n = read(sfd, buf, want - got);

		if (n <= 0)
			return (fail("read"));
		got += (size_t)n;
	}
	close(cfd);
	/* the server reads the client's FIN before it closes */
	if (read(sfd, buf, 1) != 0)
		return (fail("read at close"));
	close(sfd);
	close(lfd);
	return (0);
}
