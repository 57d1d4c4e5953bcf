/*
 * apithreads.c: the consumer calls on several threads at once, each thread
 * on its own handles (needs root and BPF).  8 threads x 2 sessions
 * (APITHREADS_SESSIONS to change) trace for real through dtrace_go(),
 * dtrace_consume(), dtrace_work() with typed record callbacks, the
 * buffered handler, dtrace_aggregate_snap(), the walks,
 * dtrace_aggregate_print() and dtrace_aggregate_clear(), and check what
 * each session got.  Also built with ThreadSanitizer by `make tsan`,
 * which checks that calls on different handles share nothing unguarded.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace.h>

#define NTHREADS	8

static int ntraced = 2;
static int tfailures[NTHREADS];

typedef struct tally {
	int tl_texts;			/* buffered texts */
	int tl_recs;			/* typed records */
	int64_t tl_count;		/* @c's value */
	int64_t tl_hist;		/* @q's total */
	int tl_entries;			/* entries walked */
} tally_t;

static int
tbuf(const dtrace_bufdata_t *bd, void *arg)
{
	((tally_t *)arg)->tl_texts += bd->dtbda_len > 0;
	return (DTRACE_HANDLE_OK);
}

static int
trec(const dtrace_probedata_t *pd, const dtrace_recdesc_t *rd, void *arg)
{
	(void) pd;
	if (rd != NULL && rd->dtrd_value != NULL &&
	    rd->dtrd_value->dtv_kind != DTRACE_VAL_NONE)
		((tally_t *)arg)->tl_recs++;
	return (DTRACE_CONSUME_THIS);
}

static int
tagg(const dtrace_aggdata_t *ad, void *arg)
{
	tally_t *tl = arg;

	tl->tl_entries++;
	if (ad->dtada_func == DTRACEAGG_COUNT)
		tl->tl_count += ad->dtada_value;
	if (ad->dtada_func == DTRACEAGG_QUANTIZE) {
		for (uint32_t i = 0; i < ad->dtada_nbuckets; i++)
			tl->tl_hist += ad->dtada_buckets[i].dtab_count;
	}
	return (DTRACE_AGGWALK_NEXT);
}

static int
traced(int t, int i)
{
	int err;
	char src[256];
	tally_t tl;
	dtrace_prog_t *pgp;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	if (dtp == NULL)
		return (-1);
	memset(&tl, 0, sizeof (tl));
	snprintf(src, sizeof (src), "BEGIN { @c[%d] = count(); @c[%d] = "
	    "count(); @q = quantize(%d); printf(\"t%d\\n\"); exit(0); }",
	    t, i, i * 100, t);
	if (dtrace_setopt(dtp, "quiet", NULL) != 0 ||
	    dtrace_handle_buffered(dtp, tbuf, &tl) != 0 ||
	    (pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME,
	    0, 0, NULL)) == NULL || dtrace_program_exec(dtp, pgp, NULL) != 0 ||
	    dtrace_go(dtp) != 0 ||
	    dtrace_consume(dtp, NULL, NULL, trec, &tl) != 0 ||
	    dtrace_work(dtp, NULL, NULL, trec, &tl) !=
	    DTRACE_WORKSTATUS_DONE ||
	    dtrace_aggregate_snap(dtp) != 0 ||
	    dtrace_aggregate_walk_sorted(dtp, tagg, &tl) != 0 ||
	    dtrace_aggregate_walk_keysorted(dtp, tagg, &tl) != 0 ||
	    dtrace_aggregate_print(dtp, NULL, NULL) != 0 ||
	    dtrace_aggregate_clear(dtp) != 0 ||
	    dtrace_aggregate_walk_valrevsorted(dtp, tagg, &tl) != 0) {
		fprintf(stderr, "thread %d: %s\n", t,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
		dtrace_close(dtp);
		return (-1);
	}
	dtrace_close(dtp);
	/*
	 * printf and exit records; @c counted 2 in each of two walks, 0
	 * after the clear; the printf text and two aggregations printed.
	 */
	if (tl.tl_recs != 2 || tl.tl_count != 4 || tl.tl_hist != 2 ||
	    tl.tl_texts != 3 || tl.tl_entries != 3 * (t == i ? 2 : 3)) {
		fprintf(stderr, "thread %d: session %d: %d records, count %lld, "
		    "histogram %lld, %d texts, %d entries\n", t, i, tl.tl_recs,
		    (long long)tl.tl_count, (long long)tl.tl_hist,
		    tl.tl_texts, tl.tl_entries);
		return (-1);
	}
	return (0);
}

static void *
tworker(void *arg)
{
	int t = (int)(long)arg;

	for (int i = 0; i < ntraced; i++) {
		if (traced(t, i) != 0)
			tfailures[t]++;
	}
	return (NULL);
}

int
main(void)
{
	pthread_t tids[NTHREADS];
	int failed = 0;

	if (getenv("APITHREADS_SESSIONS") != NULL)
		ntraced = atoi(getenv("APITHREADS_SESSIONS"));
	for (long t = 0; t < NTHREADS; t++)
		pthread_create(&tids[t], NULL, tworker, (void *)t);
	for (int t = 0; t < NTHREADS; t++) {
		pthread_join(tids[t], NULL);
		failed += tfailures[t];
	}
	printf("apithreads: %d x %d traced sessions, %d failed\n", NTHREADS,
	    ntraced, failed);
	return (failed != 0);
}
