/*
 * regknown: the set of known-list files a session has handled
 * (dt_regknown_handled(), libdtrace/probes/dt_registry.c), on its own:
 * an identity is new once, then handled; identities that differ in one
 * field only are told apart; past DT_KNOWN_HANDLED the oldest are
 * forgotten first and the newest stay; and a lookup costs the same with
 * the set full as with one entry (a hash table, not a scan: the time of
 * 100,000 lookups in a full set is within 20x that in a set of one,
 * where a scan of 4,096 would be ~1,000x).
 */
#include <string.h>
#include <time.h>
#include <sys/sysmacros.h>

#include "core/dt_impl.h"
#include "probes/dt_probe.h"

#include "check.h"

static bool
seen(dt_regknown_set_t **ks, unsigned int i)
{
	return (dt_regknown_handled(ks, makedev(254, 0), (ino_t)(1000 + i),
	    (off_t)(4096 + i), 1700000000LL + i, 5));
}

static double
lookups(dt_regknown_set_t **ks, unsigned int n)
{
	struct timespec a, b;
	unsigned int hits = 0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (unsigned int i = 0; i < 100000; i++)
		hits += seen(ks, i % n);
	clock_gettime(CLOCK_MONOTONIC, &b);
	CHECK(hits == 100000);
	return ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec));
}

int
main(void)
{
	dt_regknown_set_t *ks = NULL, *one = NULL;
	unsigned int forgot = 0, kept = 0;
	double tone, tfull;

	CHECK(!seen(&ks, 0));
	CHECK(seen(&ks, 0));
	/* one field different: another file */
	CHECK(!dt_regknown_handled(&ks, makedev(254, 1), 1000, 4096,
	    1700000000LL, 5));
	CHECK(!dt_regknown_handled(&ks, makedev(254, 0), 1000, 4096,
	    1700000000LL, 6));
	CHECK(!dt_regknown_handled(&ks, makedev(254, 0), 1000, 4097,
	    1700000000LL, 5));
	CHECK(dt_regknown_handled(&ks, makedev(254, 1), 1000, 4096,
	    1700000000LL, 5));
	free(ks);
	ks = NULL;

	/* 5,000 identities: the first 904 forgotten, the last 4,096 kept */
	for (unsigned int i = 0; i < 5000; i++)
		CHECK(!seen(&ks, i));
	for (unsigned int i = 4999; i >= 5000 - DT_KNOWN_HANDLED; i--)
		kept += seen(&ks, i);	/* handled: nothing evicted */
	CHECK(kept == DT_KNOWN_HANDLED);
	for (unsigned int i = 0; i < 5000 - DT_KNOWN_HANDLED; i++)
		forgot += !seen(&ks, i);	/* each evicts an old one */
	CHECK(forgot == 5000 - DT_KNOWN_HANDLED);

	/* the cost of a lookup does not grow with the set */
	CHECK(!seen(&one, 0));
	tone = lookups(&one, 1);
	free(ks);
	ks = NULL;
	for (unsigned int i = 0; i < DT_KNOWN_HANDLED; i++)
		(void) seen(&ks, i);
	tfull = lookups(&ks, DT_KNOWN_HANDLED);
	printf("100,000 lookups: %.0f us in a set of 1, %.0f us in a full "
	    "set\n", tone / 1000, tfull / 1000);
	CHECK(tfull < 20 * tone + 2e6);
	free(ks);
	free(one);
	return (check_done("regknown"));
}
