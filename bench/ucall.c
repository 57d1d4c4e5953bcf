/*
 * ucall.c: the load of bench/ucalls.  Prints its pid, waits for SIGUSR1
 * (so that a tracer can attach to the running process first, as
 * `dtrace -p` does), then calls dt_bench_f() N times (default 100,000)
 * and prints the mean wall time of one call in nanoseconds.  The
 * function is kept out of line, a real call each time.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline, used)) long
dt_bench_f(long a)
{
	__asm__ volatile("" : "+r"(a));
	return (a + 1);
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, sum = 0;
	struct timespec s, e;
	sigset_t set;
	int sig;

	if (n <= 0) {
		fprintf(stderr, "usage: ucall [calls]\n");
		return (2);
	}
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	printf("%d\n", (int)getpid());
	fflush(stdout);
	if (sigwait(&set, &sig) != 0)
		return (1);
	clock_gettime(CLOCK_MONOTONIC, &s);
	for (long i = 0; i < n; i++)
		sum += dt_bench_f(i);
	clock_gettime(CLOCK_MONOTONIC, &e);
	printf("%.1f\n", ((double)(e.tv_sec - s.tv_sec) * 1e9 +
	    (double)(e.tv_nsec - s.tv_nsec)) / (double)n);
	return (sum == 0);
}
