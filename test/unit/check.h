/*
 * check.h: the unit tests' one assertion.  CHECK(e) counts the check and,
 * when e is false, counts a failure and says where; a test ends with
 * check_done(), which prints its tally and gives its exit status.
 * open_nodev() opens the handle of a test that loads nothing; drain()
 * consumes what a session has traced into a string.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <dtrace.h>

static int nchecks, nfailed;

#define CHECK(e) do {							\
	nchecks++;							\
	if (!(e)) {							\
		nfailed++;						\
		fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,	\
		    __LINE__, #e);					\
	}								\
} while (0)

static inline int
check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, nchecks, nfailed);
	return (nfailed != 0);
}

/* A handle that compiles but loads nothing; the test ends if it fails. */
static inline dtrace_hdl_t *
open_nodev(void)
{
	int err = 0;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);

	if (h == NULL) {
		fprintf(stderr, "dtrace_open failed: %s\n",
		    dtrace_errmsg(NULL, err));
		exit(1);
	}
	return (h);
}

/* Consume everything the session has into a string (the caller frees). */
static inline char *
drain(dtrace_hdl_t *dtp)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (fp == NULL) {
		perror("open_memstream");
		exit(1);
	}
	dtrace_work(dtp, fp, NULL, NULL, NULL);
	fclose(fp);
	return (buf);
}

#endif /* CHECK_H */
