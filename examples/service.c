/*
 * service.c: a small service that traces each request it handles, as an
 * embedder of libdtrace would.  Only <dtrace.h> is used.
 *
 * NTHREADS worker threads (8 unless told) each handle NREQUESTS requests
 * (4 unless told), one after another.  For each request a worker opens a
 * session of its own, compiles a D program that uses the kernel's types
 * (curthread is a struct task_struct *: its pid is the worker's thread
 * id) to trace only itself:
 *
 *	syscall::read:entry /curthread->pid == TID/
 *	{ @calls[probefunc] = count(); @sizes = quantize(arg2);
 *	  @bytes = sum(arg2); }
 *
 * starts tracing, does the request's work (a number of read()s of
 * /dev/zero, of sizes that depend on the request), stops, and reads the
 * aggregations back through dtrace_aggregate_walk(): typed keys, counts
 * and histogram buckets, no printed text.  It then checks them against
 * what it did: the number of reads, the bytes asked for, and for each
 * bucket of the histogram the number of reads whose size falls in it.
 *
 * Usage: service [NTHREADS [NREQUESTS]].  It prints one line per thread
 * and a summary, and exits 0 when every request's data matched.
 */
#define _GNU_SOURCE		/* gettid(), O_CLOEXEC: it builds with -std=c11 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dtrace.h>

#define MAXTHREADS	64
#define MAXREADS	64

/* What one request did, and what its trace said. */
typedef struct request {
	int rq_nreads;			/* read() calls made */
	size_t rq_sizes[MAXREADS];	/* the size each asked for */
	int64_t rq_calls;		/* @calls["read"] */
	int64_t rq_bytes;		/* @bytes */
	int64_t rq_total;		/* @sizes: values counted */
	int rq_buckets_ok;		/* every bucket as expected */
	int rq_other;			/* entries not expected */
} request_t;

/* One worker's tally. */
typedef struct worker {
	pthread_t wk_thread;		/* the thread */
	int wk_id;			/* its number */
	int wk_requests;		/* requests to handle */
	int wk_ok;			/* requests whose data matched */
	int wk_failed;			/* requests that did not */
	char wk_error[256];		/* the first failure, explained */
} worker_t;

static int nrequests = 4;

/* The walk's callback: each aggregation entry, typed. */
static int
entry(const dtrace_aggdata_t *ad, void *arg)
{
	request_t *rq = arg;

	if (strcmp(ad->dtada_name, "@calls") == 0 &&
	    ad->dtada_func == DTRACEAGG_COUNT && ad->dtada_nkeys == 1 &&
	    ad->dtada_keys[0].dtv_kind == DTRACE_VAL_STRING &&
	    strcmp(ad->dtada_keys[0].dtv_str, "read") == 0) {
		rq->rq_calls = ad->dtada_value;
	} else if (strcmp(ad->dtada_name, "@bytes") == 0 &&
	    ad->dtada_func == DTRACEAGG_SUM) {
		rq->rq_bytes = ad->dtada_sum;
	} else if (strcmp(ad->dtada_name, "@sizes") == 0 &&
	    ad->dtada_func == DTRACEAGG_QUANTIZE) {
		rq->rq_total = ad->dtada_count;
		rq->rq_buckets_ok = 1;
		for (uint32_t b = 0; b < ad->dtada_nbuckets; b++) {
			const dtrace_aggbucket_t *bk = &ad->dtada_buckets[b];
			int64_t want = 0;

			for (int i = 0; i < rq->rq_nreads; i++) {
				int64_t sz = (int64_t)rq->rq_sizes[i];

				if (bk->dtab_min <= sz && sz <= bk->dtab_max)
					want++;
			}
			if (bk->dtab_count != want)
				rq->rq_buckets_ok = 0;
		}
	} else {
		rq->rq_other++;
	}
	return (DTRACE_AGGWALK_NEXT);
}

/* The request's work: read()s of /dev/zero of sizes it chooses. */
static int
work(int fd, int seed, request_t *rq)
{
	char *buf = malloc(1 << 15);	/* each request its own */
	int rv = 0;

	if (buf == NULL)
		return (-1);
	rq->rq_nreads = 5 + seed % 20;
	for (int i = 0; i < rq->rq_nreads && rv == 0; i++) {
		rq->rq_sizes[i] = (size_t)1 << ((seed + i * 3) % 16);
		if (read(fd, buf, rq->rq_sizes[i]) < 0)
			rv = -1;
	}
	free(buf);
	return (rv);
}

/* One request, traced; 0 if what the trace says matches what it did. */
static int
handle(worker_t *wk, int n)
{
	request_t rq;
	char src[256];
	dtrace_hdl_t *dtp;
	dtrace_prog_t *pgp;
	int err, fd, rv = -1;
	int64_t bytes = 0;

	memset(&rq, 0, sizeof (rq));
	if ((fd = open("/dev/zero", O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(wk->wk_error, sizeof (wk->wk_error),
		    "/dev/zero: %s", strerror(errno));
		return (-1);
	}
	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		snprintf(wk->wk_error, sizeof (wk->wk_error),
		    "dtrace_open: %s", dtrace_errmsg(NULL, err));
		close(fd);
		return (-1);
	}
	snprintf(src, sizeof (src), "syscall::read:entry "
	    "/curthread->pid == %d/ { @calls[probefunc] = count(); "
	    "@sizes = quantize(arg2); @bytes = sum(arg2); }", (int)gettid());
	if ((pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME,
	    0, 0, NULL)) == NULL || dtrace_program_exec(dtp, pgp, NULL) != 0 ||
	    dtrace_go(dtp) != 0) {
		snprintf(wk->wk_error, sizeof (wk->wk_error), "tracing: %s",
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
		goto out;
	}
	if (work(fd, wk->wk_id * 7 + n, &rq) != 0) {
		snprintf(wk->wk_error, sizeof (wk->wk_error), "read: %s",
		    strerror(errno));
		goto out;
	}
	if (dtrace_stop(dtp) != 0 ||
	    dtrace_consume(dtp, NULL, NULL, NULL, NULL) != 0 ||
	    dtrace_aggregate_snap(dtp) != 0 ||
	    dtrace_aggregate_walk(dtp, entry, &rq) != 0) {
		snprintf(wk->wk_error, sizeof (wk->wk_error), "reading: %s",
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
		goto out;
	}
	for (int i = 0; i < rq.rq_nreads; i++)
		bytes += (int64_t)rq.rq_sizes[i];
	if (rq.rq_calls != rq.rq_nreads || rq.rq_total != rq.rq_nreads ||
	    rq.rq_bytes != bytes || !rq.rq_buckets_ok || rq.rq_other != 0) {
		snprintf(wk->wk_error, sizeof (wk->wk_error), "request %d: "
		    "%d reads of %lld bytes, traced %lld reads (%lld in the "
		    "histogram, buckets %s) of %lld bytes, %d other entries",
		    n, rq.rq_nreads, (long long)bytes, (long long)rq.rq_calls,
		    (long long)rq.rq_total, rq.rq_buckets_ok ? "right" :
		    "wrong", (long long)rq.rq_bytes, rq.rq_other);
		goto out;
	}
	rv = 0;
out:
	dtrace_close(dtp);
	close(fd);
	return (rv);
}

static void *
worker(void *arg)
{
	worker_t *wk = arg;

	for (int n = 0; n < wk->wk_requests; n++) {
		if (handle(wk, n) == 0)
			wk->wk_ok++;
		else
			wk->wk_failed++;
	}
	return (NULL);
}

int
main(int argc, char **argv)
{
	worker_t wks[MAXTHREADS];
	int nthreads = 8, ok = 0, failed = 0;

	if (argc > 1)
		nthreads = atoi(argv[1]);
	if (argc > 2)
		nrequests = atoi(argv[2]);
	if (nthreads < 1 || nthreads > MAXTHREADS || nrequests < 1) {
		fprintf(stderr, "usage: service [NTHREADS (1-%d) "
		    "[NREQUESTS]]\n", MAXTHREADS);
		return (2);
	}
	memset(wks, 0, sizeof (wks));
	for (int t = 0; t < nthreads; t++) {
		wks[t].wk_id = t;
		wks[t].wk_requests = nrequests;
		if (pthread_create(&wks[t].wk_thread, NULL, worker,
		    &wks[t]) != 0) {
			fprintf(stderr, "service: cannot start a thread\n");
			return (1);
		}
	}
	for (int t = 0; t < nthreads; t++) {
		pthread_join(wks[t].wk_thread, NULL);
		printf("thread %d: %d requests, %d matched\n", t,
		    wks[t].wk_requests, wks[t].wk_ok);
		if (wks[t].wk_failed > 0)
			fprintf(stderr, "thread %d: %s\n", t,
			    wks[t].wk_error);
		ok += wks[t].wk_ok;
		failed += wks[t].wk_failed;
	}
	printf("service: %d threads, %d sessions, %d matched, %d failed\n",
	    nthreads, nthreads * nrequests, ok, failed);
	return (failed != 0);
}
