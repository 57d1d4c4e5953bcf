/*
 * soak.c: ten sessions in one process count the same load exactly (needs
 * root and BPF).
 *
 * A load generator, a child process held on a pipe until every session
 * runs, makes millions of getppid(2) calls from two threads and counts
 * them itself; it has exited before any session stops.  Each of the ten
 * sessions traces that pid's getppid calls in its own way (a count with
 * and without keys, a sum, a quantize, the return probe, a string key,
 * printa() from END, a record per call through the ring buffer, one of
 * them too small to keep up) and is consumed by its own thread, as a
 * service embedding libdtrace would.  Every session's result must equal
 * the generator's own count less the drops it reported through
 * dtrace_handle_drop(); sessions that record nothing per call must drop
 * nothing.  One session's aggregation is also printed again and again
 * while the load runs: its count may only grow.
 *
 * Usage: soak [CALLS] (default 2,000,000 in all).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <dtrace.h>

#include "check.h"

#define NSESS	10
#define NGEN	2		/* generator threads */

/* How a session's result is read. */
typedef enum {
	SK_AGG,			/* sum of the last number of each printed line */
	SK_QUANT,		/* the count of quantize()'s bucket 1 */
	SK_PRINTA,		/* "n N" printed by END's printa() */
	SK_RECS			/* records consumed */
} soak_kind_t;

typedef struct soak_sess {
	const char *ss_src;		/* the program; %d is the pid */
	soak_kind_t ss_kind;		/* how its result is read */
	uint64_t ss_mult;		/* result = calls * this */
	const char *ss_bufsize;		/* bufsize option, or NULL */
	dtrace_hdl_t *ss_dtp;		/* the session */
	pthread_t ss_thr;		/* its consumer */
	int ss_stop;		/* the consumer ends its loop */
	int ss_werr;			/* dtrace_work() failed */
	char *ss_out;			/* what it printed */
	size_t ss_outlen;		/* its length */
	FILE *ss_fp;			/* the stream of ss_out */
	uint64_t ss_recs;		/* firings consumed */
	uint64_t ss_drops[DTRACEDROP_MISSED + 1]; /* drops reported, by kind */
	int ss_hot;			/* its consumer prints as it goes */
	uint64_t ss_hotlast;		/* the last count printed so */
	int ss_hotbad;			/* a count printed so went down */
	unsigned int ss_hotreads;	/* how many times it printed */
} soak_sess_t;

static soak_sess_t sess[NSESS] = {
	{ "syscall::getppid:entry /pid == %d/ { @ = count(); }", SK_AGG, 1,
	    .ss_hot = 1 },
	{ "syscall::getppid:entry /pid == %d/ { @[pid] = count(); }", SK_AGG,
	    1 },
	{ "syscall::getppid:entry /pid == %d/ { @ = sum(2); }", SK_AGG, 2 },
	{ "syscall::getppid:entry /pid == %d/ { @[tid] = count(); }", SK_AGG,
	    1 },
	{ "syscall::getppid:return /pid == %d/ { @ = count(); }", SK_AGG, 1 },
	{ "syscall::getppid:entry /pid == %d/ { @[execname, tid] = count(); }",
	    SK_AGG, 1 },
	{ "syscall::getppid:entry /pid == %d/ { @q = quantize(1); }",
	    SK_QUANT, 1 },
	{ "syscall::getppid:entry /pid == %d/ { @n = count(); } "
	    "END { printa(\"n %%@d\\n\", @n); }", SK_PRINTA, 1 },
	{ "syscall::getppid:entry /pid == %d/ { @ = count(); trace(pid); }",
	    SK_RECS, 1 },
	{ "syscall::getppid:entry /pid == %d/ { @ = count(); trace(tid); }",
	    SK_RECS, 1, "16k" },
};

static int
drophdlr(const dtrace_dropdata_t *dd, void *arg)
{
	soak_sess_t *ss = arg;

	if ((unsigned int)dd->dtdda_kind <= DTRACEDROP_MISSED)
		ss->ss_drops[dd->dtdda_kind] += dd->dtdda_drops;
	return (DTRACE_HANDLE_OK);
}

/* Records are counted, not printed. */
static int
probefn(const dtrace_probedata_t *pd, void *arg)
{
	soak_sess_t *ss = arg;

	if (strcmp(pd->dtpda_pdesc->prb, "END") == 0)
		return (DTRACE_CONSUME_THIS);
	ss->ss_recs++;
	return (DTRACE_CONSUME_NEXT);
}

static uint64_t sum_last(const char *s);

static void *
consumer(void *arg)
{
	soak_sess_t *ss = arg;

	while (!__atomic_load_n(&ss->ss_stop, __ATOMIC_ACQUIRE)) {
		dtrace_sleep(ss->ss_dtp);
		if (dtrace_work(ss->ss_dtp, ss->ss_fp, probefn, NULL, ss) ==
		    DTRACE_WORKSTATUS_ERROR) {
			ss->ss_werr = 1;
			break;
		}
		if (ss->ss_hot) {
			/* the aggregation read while the load runs */
			char *buf = NULL;
			size_t len = 0;
			FILE *fp = open_memstream(&buf, &len);
			uint64_t n;

			if (fp == NULL)
				break;
			(void) dtrace_aggregate_print(ss->ss_dtp, fp, NULL);
			fclose(fp);
			n = sum_last(buf);
			if (n < ss->ss_hotlast)
				ss->ss_hotbad = 1;
			ss->ss_hotlast = n;
			ss->ss_hotreads++;
			free(buf);
		}
	}
	return (NULL);
}

/*
 * The generator: waits for a byte on gofd, makes the calls from NGEN
 * threads, writes how many it made to resfd.
 */
static uint64_t percall;

static void *
gen_thread(void *arg)
{
	uint64_t *n = arg;

	for (uint64_t i = 0; i < percall; i++) {
		if (syscall(SYS_getppid) > 0)
			(*n)++;
	}
	return (NULL);
}

static void
generator(int gofd, int resfd)
{
	pthread_t t[NGEN];
	uint64_t n[NGEN] = { 0 }, total = 0;
	char c;

	if (read(gofd, &c, 1) != 1)
		_exit(1);
	for (int i = 0; i < NGEN; i++)
		if (pthread_create(&t[i], NULL, gen_thread, &n[i]) != 0)
			_exit(1);
	for (int i = 0; i < NGEN; i++) {
		pthread_join(t[i], NULL);
		total += n[i];
	}
	if (write(resfd, &total, sizeof (total)) != sizeof (total))
		_exit(1);
	_exit(0);
}

/* The sum of the last number on each line of s. */
static uint64_t
sum_last(const char *s)
{
	uint64_t sum = 0;

	while (s != NULL && *s != '\0') {
		const char *nl = strchr(s, '\n'), *p;
		size_t len = nl != NULL ? (size_t)(nl - s) : strlen(s);

		p = s + len;
		while (p > s && p[-1] == ' ')
			p--;
		while (p > s && p[-1] >= '0' && p[-1] <= '9')
			p--;
		if (p < s + len && *p >= '0' && *p <= '9')
			sum += strtoull(p, NULL, 10);
		s = nl != NULL ? nl + 1 : NULL;
	}
	return (sum);
}

/* The count of bucket 1 in a printed quantize(). */
static uint64_t
bucket_one(const char *s)
{
	const char *p;

	for (p = s; p != NULL && (p = strstr(p, " 1 |")) != NULL; p += 4) {
		const char *nl = strchr(p, '\n'), *q;

		if (nl == NULL)
			nl = p + strlen(p);
		q = nl;
		while (q > p && q[-1] == ' ')
			q--;
		while (q > p && q[-1] >= '0' && q[-1] <= '9')
			q--;
		return (strtoull(q, NULL, 10));
	}
	return (0);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

int
main(int argc, char **argv)
{
	uint64_t calls = argc > 1 ? strtoull(argv[1], NULL, 10) : 2000000;
	uint64_t made = 0;
	int gop[2], resp[2], status, err;
	pid_t gen;
	double t0, t1, t2;

	percall = calls / NGEN;
	if (pipe(gop) != 0 || pipe(resp) != 0) {
		perror("pipe");
		return (1);
	}
	if ((gen = fork()) == 0) {
		close(gop[1]);
		close(resp[0]);
		generator(gop[0], resp[1]);
	}
	close(gop[0]);
	close(resp[1]);

	for (int i = 0; i < NSESS; i++) {
		soak_sess_t *ss = &sess[i];
		char src[512];
		dtrace_prog_t *pgp;

		ss->ss_dtp = dtrace_open(DTRACE_VERSION, 0, &err);
		if (ss->ss_dtp == NULL) {
			fprintf(stderr, "dtrace_open: %s\n",
			    dtrace_errmsg(NULL, err));
			kill(gen, SIGKILL);
			return (1);
		}
		snprintf(src, sizeof (src), ss->ss_src, (int)gen);
		dtrace_setopt(ss->ss_dtp, "quiet", NULL);
		if (ss->ss_bufsize != NULL)
			CHECK(dtrace_setopt(ss->ss_dtp, "bufsize",
			    ss->ss_bufsize) == 0);
		/*
		 * The session read while the load runs wakes 100 times a
		 * second, not once (the default switchrate): the load may
		 * last less than a second on a fast machine, and it must be
		 * read several times during it.
		 */
		if (ss->ss_hot)
			CHECK(dtrace_setopt(ss->ss_dtp, "switchrate",
			    "100hz") == 0);
		CHECK(dtrace_handle_drop(ss->ss_dtp, drophdlr, ss) == 0);
		ss->ss_fp = open_memstream(&ss->ss_out, &ss->ss_outlen);
		pgp = dtrace_program_strcompile(ss->ss_dtp, src,
		    DTRACE_PROBESPEC_NAME, 0, 0, NULL);
		if (pgp == NULL || dtrace_program_exec(ss->ss_dtp, pgp,
		    NULL) != 0 || dtrace_go(ss->ss_dtp) != 0) {
			fprintf(stderr, "session %d: %s\n", i, dtrace_errmsg(
			    ss->ss_dtp, dtrace_errno(ss->ss_dtp)));
			kill(gen, SIGKILL);
			return (1);
		}
		if (pthread_create(&ss->ss_thr, NULL, consumer, ss) != 0) {
			perror("pthread_create");
			kill(gen, SIGKILL);
			return (1);
		}
	}

	/* Every session runs: the load starts, and ends before any stops. */
	t0 = now();
	if (write(gop[1], "g", 1) != 1 || read(resp[0], &made,
	    sizeof (made)) != sizeof (made))
		made = 0;
	t1 = now();
	CHECK(waitpid(gen, &status, 0) == gen);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(made == percall * NGEN);

	for (int i = 0; i < NSESS; i++)
		__atomic_store_n(&sess[i].ss_stop, 1, __ATOMIC_RELEASE);
	for (int i = 0; i < NSESS; i++) {
		soak_sess_t *ss = &sess[i];
		uint64_t got, want = made * ss->ss_mult, lost;

		pthread_join(ss->ss_thr, NULL);
		CHECK(ss->ss_werr == 0);
		CHECK(dtrace_stop(ss->ss_dtp) == 0);
		while (dtrace_work(ss->ss_dtp, ss->ss_fp, probefn, NULL, ss) ==
		    DTRACE_WORKSTATUS_OKAY)
			;
		if (ss->ss_kind != SK_PRINTA)
			CHECK(dtrace_aggregate_print(ss->ss_dtp, ss->ss_fp,
			    NULL) == 0);
		fflush(ss->ss_fp);
		lost = ss->ss_drops[DTRACEDROP_PRINCIPAL];

		switch (ss->ss_kind) {
		case SK_AGG:
			got = sum_last(ss->ss_out);
			break;
		case SK_QUANT:
			got = bucket_one(ss->ss_out);
			break;
		case SK_PRINTA:
			got = strncmp(ss->ss_out, "n ", 2) == 0 ?
			    strtoull(ss->ss_out + 2, NULL, 10) : 0;
			break;
		default:
			/* the aggregation counts every call, records less */
			CHECK(sum_last(ss->ss_out) == want);
			got = ss->ss_recs + lost;
			break;
		}
		printf("session %d: %llu of %llu (%llu drops) %s\n", i,
		    (unsigned long long)got, (unsigned long long)want,
		    (unsigned long long)lost, got == want ? "ok" : "WRONG");
		if (got != want)
			fprintf(stderr, "session %d (%s) printed:\n%s\n", i,
			    ss->ss_src, ss->ss_out);
		CHECK(got == want);
		if (ss->ss_hot) {
			printf("session %d: read %u times while tracing\n", i,
			    ss->ss_hotreads);
			CHECK(ss->ss_hotbad == 0);
			CHECK(ss->ss_hotreads > 1);
		}
		/* nothing but records may be lost */
		if (ss->ss_kind != SK_RECS)
			CHECK(lost == 0);
		for (int k = DTRACEDROP_AGGREGATION; k <= DTRACEDROP_MISSED;
		    k++)
			CHECK(ss->ss_drops[k] == 0);
		fclose(ss->ss_fp);
		free(ss->ss_out);
		dtrace_close(ss->ss_dtp);
	}
	t2 = now();
	printf("soak: %d sessions, %llu calls in %.2f s (%.0f calls/s), "
	    "stopped and read in %.2f s\n", NSESS, (unsigned long long)made,
	    t1 - t0, made / (t1 - t0), t2 - t1);
	return (check_done("soak"));
}
