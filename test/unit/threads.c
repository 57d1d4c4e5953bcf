/*
 * threads.c: sessions on several threads at once share the kernel type
 * data, parsed once.  8 threads x 500 sessions (THREADS_SESSIONS to
 * change) each open a session, compile a script using kernel types and
 * close it.  Also built with ThreadSanitizer by `make tsan`.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <dtrace.h>

#include "types/dt_tcache.h"

#define NTHREADS	8

static int nsessions = 500;
static int failures[NTHREADS];

static void *
worker(void *arg)
{
	int t = (int)(long)arg;

	for (int i = 0; i < nsessions; i++) {
		int err;
		char src[160];
		dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

		if (dtp == NULL) {
			failures[t]++;
			continue;
		}
		/* every session a different script */
		snprintf(src, sizeof (src), "BEGIN /curthread->pid != %d/ "
		    "{ trace(curthread->real_parent->tgid + %d); }", i, t);
		if (dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME,
		    0, 0, NULL) == NULL) {
			fprintf(stderr, "thread %d: %s\n", t,
			    dtrace_errmsg(dtp, dtrace_errno(dtp)));
			failures[t]++;
		}
		dtrace_close(dtp);
	}
	return (NULL);
}

int
main(void)
{
	pthread_t tids[NTHREADS];
	unsigned long parses = dt_tcache_parses();
	int failed = 0;

	if (getenv("THREADS_SESSIONS") != NULL)
		nsessions = atoi(getenv("THREADS_SESSIONS"));
	for (long t = 0; t < NTHREADS; t++)
		pthread_create(&tids[t], NULL, worker, (void *)t);
	for (int t = 0; t < NTHREADS; t++) {
		pthread_join(tids[t], NULL);
		failed += failures[t];
	}
	printf("threads: %d x %d sessions, %d failed, %lu parse(s)\n",
	    NTHREADS, nsessions, failed, dt_tcache_parses() - parses);
	/* the vmlinux types were parsed once for all of them */
	if (dt_tcache_parses() - parses != 1) {
		fprintf(stderr, "expected 1 parse\n");
		failed++;
	}
	return (failed != 0);
}
