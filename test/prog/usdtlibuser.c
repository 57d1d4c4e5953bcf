/*
 * usdtlibuser: a program without probes of its own that needs
 * libusdtlib.so (found next to it, DT_RUNPATH $ORIGIN) and fires the
 * library's dt_usdt:lib_fire(i) N times as the first thing it does:
 *   usdtlibuser N
 * for dtprobed's holding of the libraries a new process maps at start.
 */
#include <stdlib.h>

extern void dt_usdtlib_fire(int);

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	for (int i = 0; i < n; i++)
		dt_usdtlib_fire(i);
	return (0);
}
