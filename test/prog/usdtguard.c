/*
 * usdtguard: dt_usdt:guarded, a stapsdt probe with a semaphore (the only
 * one of usdttarget: <sys/sdt.h> gives every probe of a file built with
 * _SDT_HAS_SEMAPHORES one).  The kernel counts the semaphore up while a
 * uprobe with it as reference counter is attached.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

unsigned short dt_usdt_guarded_semaphore __attribute__((section(".probes")))
    = 0;

/* Fire dt_usdt:guarded(k) if it is traced; 1 if it was. */
int
dt_usdt_guard(int k)
{
	if (!dt_usdt_guarded_semaphore)
		return (0);
	DTRACE_PROBE1(dt_usdt, guarded, k);
	return (1);
}
