/*
 * opener PATH N [MISSING]: open PATH N times (closing it each time), then
 * MISSING once if given; a known workload for fbt's do_sys_openat2
 * probes.  Linked statically, so that the dynamic loader opens nothing.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	int n, fd;

	if (argc < 3 || (n = atoi(argv[2])) < 0) {
		fprintf(stderr, "usage: opener PATH N [MISSING]\n");
		return (2);
	}
	for (int i = 0; i < n; i++) {
		if ((fd = open(argv[1], O_RDONLY)) < 0) {
			perror(argv[1]);
			return (1);
		}
		close(fd);
	}
	if (argc > 3 && open(argv[3], O_RDONLY) >= 0) {
		fprintf(stderr, "%s exists\n", argv[3]);
		return (1);
	}
	return (0);
}
