/*
 * usdtlib: a shared library with a stapsdt probe, dt_usdt:lib_fire(i),
 * for the USDT provider's test of probes in libraries (usdttarget-lib).
 */
#include <sys/sdt.h>

__attribute__((visibility("default"))) void
dt_usdtlib_fire(int i)
{
	volatile long v = (long)i * 7;

	DTRACE_PROBE2(dt_usdt, lib_fire, i, v);
}
