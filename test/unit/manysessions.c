/*
 * manysessions.c: 10,000 sessions one after another, each compiling a
 * script with kernel types, leave the process's memory flat (and, under
 * the sanitizers, leak nothing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <dtrace.h>

#include "types/dt_tcache.h"

static long
rss_kb(void)
{
	long pages = 0, rss = 0;
	FILE *fp = fopen("/proc/self/statm", "r");

	if (fp != NULL) {
		if (fscanf(fp, "%ld %ld", &pages, &rss) != 2)
			rss = 0;
		fclose(fp);
	}
	return (rss * (sysconf(_SC_PAGESIZE) / 1024));
}

static int
session(int i)
{
	int err, rv = 0;
	char src[128];
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	if (dtp == NULL)
		return (-1);
	snprintf(src, sizeof (src), "BEGIN { x = curthread->pid + %d; "
	    "printf(\"%%d %%s\\n\", x, execname); }", i);
	if (dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL) == NULL)
		rv = -1;
	dtrace_close(dtp);
	return (rv);
}

int
main(void)
{
	long before, after;
	int failed = 0;

	for (int i = 0; i < 1000; i++)	/* warm: types parsed, heap grown */
		failed += session(i) != 0;
	before = rss_kb();
	for (int i = 0; i < 10000; i++)
		failed += session(i) != 0;
	after = rss_kb();
	printf("manysessions: 11000 sessions, %d failed; RSS %ld KB -> %ld KB, "
	    "%lu live type entr%s\n", failed, before, after, dt_tcache_live(),
	    dt_tcache_live() == 1 ? "y" : "ies");
#ifdef __SANITIZE_ADDRESS__
	/* ASan's quarantine holds freed memory: leaks are LSan's to find */
	printf("manysessions: RSS not compared under AddressSanitizer\n");
#else
	if (after - before > 1024) {
		fprintf(stderr, "RSS grew by %ld KB\n", after - before);
		failed++;
	}
#endif
	if (dt_tcache_live() != 1)
		failed++;
	return (failed != 0);
}
