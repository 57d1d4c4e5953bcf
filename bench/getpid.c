/*
 * getpid.c: the load of bench/events.  Calls getpid(2) N times (default
 * 5,000,000) through syscall(2), so that no library cache hides the call,
 * and prints the mean wall time of one call in nanoseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 5000000;
	struct timespec s, e;

	if (n <= 0) {
		fprintf(stderr, "usage: getpid [calls]\n");
		return (2);
	}
	clock_gettime(CLOCK_MONOTONIC, &s);
	for (long i = 0; i < n; i++)
		(void) syscall(SYS_getpid);
	clock_gettime(CLOCK_MONOTONIC, &e);
	printf("%.1f\n", ((double)(e.tv_sec - s.tv_sec) * 1e9 +
	    (double)(e.tv_nsec - s.tv_nsec)) / (double)n);
	return (0);
}
