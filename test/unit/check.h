/*
 * check.h: the unit tests' one assertion.  CHECK(e) counts the check and,
 * when e is false, counts a failure and says where; a test ends with
 * check_done(), which prints its tally and gives its exit status.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>

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

#endif /* CHECK_H */
