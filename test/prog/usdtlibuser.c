/*
 * usdtlibuser: a program without probes of its own that needs
 * libusdtlib.so (found next to it, DT_RUNPATH $ORIGIN) and fires the
 * library's dt_usdt:lib_fire(i) N times as the first thing it does:
 *   usdtlibuser N
 * for dtprobed's holding of the libraries a new process maps at start;
 *   usdtlibuser pace US
 * fires it every US microseconds (i = 0, 1, ...) until killed, for
 * bench/discover.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern void dt_usdtlib_fire(int);

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	if (argc > 2 && strcmp(argv[1], "pace") == 0) {
		long step = atol(argv[2]) * 1000;
		struct timespec t0, now;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (long i = 0;; i++) {
			dt_usdtlib_fire((int)i);
			do
				clock_gettime(CLOCK_MONOTONIC, &now);
			while ((now.tv_sec - t0.tv_sec) * 1000000000L +
			    (now.tv_nsec - t0.tv_nsec) < (i + 1) * step);
		}
	}

	for (int i = 0; i < n; i++)
		dt_usdtlib_fire(i);
	return (0);
}
