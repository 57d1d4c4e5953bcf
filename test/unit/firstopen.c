/*
 * firstopen.c: the first sessions of a process, opened on many threads at
 * once, parse the kernel types once.  Each round runs in a fresh child
 * process (nothing parsed yet), its threads released together by a
 * barrier:
 *
 *  - 1, 8 and 32 threads each open a session and compile a clause using
 *    kernel types: exactly one call into the BTF parser in each round,
 *    and the peak RSS (VmHWM) grows by about one parse, not one per
 *    thread: at most 1.5 times what the one-thread round grew plus 1 MB
 *    a thread, where a parse per thread would grow it by more than the
 *    one-thread round per thread;
 *  - 8 sessions on a copy of vmlinux (btfpath) whose file then changes
 *    call dtrace_update() at once: one parse for all of them, and they
 *    all move to the one fresh entry;
 *  - 8 threads hold a file that is not BTF at once: one parse, every
 *    thread gets its error, and a later hold tries again.
 *
 * Also built with ThreadSanitizer by `make tsan`, which checks the parse
 * counts there but not the memory (the sanitizer's own memory would be
 * measured).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <dtrace.h>

#include "core/dt_impl.h"
#include "types/dt_tcache.h"
#include "types/dt_types.h"

#include "check.h"

#if defined(__SANITIZE_THREAD__)
#define MEMORY_CHECKED	0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MEMORY_CHECKED	0
#endif
#endif
#ifndef MEMORY_CHECKED
#define MEMORY_CHECKED	1
#endif

#define MAXTHREADS	32
#define VMLINUX		"/sys/kernel/btf/vmlinux"

/* What a round's child reports to the parent. */
typedef struct round {
	unsigned long rd_parses;	/* calls into the BTF parser */
	long rd_hwm_kb;			/* growth of VmHWM */
	int rd_failed;			/* sessions that failed */
} round_t;

static pthread_barrier_t barrier;
static dtrace_hdl_t *handles[MAXTHREADS];
static int failures[MAXTHREADS];
static char path[64];

/* VmHWM, the peak resident set, of this process in KB; -1 if unknown. */
static long
vmhwm_kb(void)
{
	char line[256];
	long kb = -1;
	FILE *fp = fopen("/proc/self/status", "r");

	if (fp == NULL)
		return (-1);
	while (fgets(line, sizeof (line), fp) != NULL) {
		if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
			break;
	}
	fclose(fp);
	return (kb);
}

/* Open a session and compile a clause with kernel types. */
static void *
first_session(void *arg)
{
	int t = (int)(long)arg, err;
	dtrace_hdl_t *dtp;

	pthread_barrier_wait(&barrier);
	if ((dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err)) ==
	    NULL) {
		failures[t]++;
		return (NULL);
	}
	if (dtrace_program_strcompile(dtp, "BEGIN { trace(curthread->pid); "
	    "}", DTRACE_PROBESPEC_NAME, 0, 0, NULL) == NULL) {
		fprintf(stderr, "thread %d: %s\n", t, dtrace_errmsg(dtp,
		    dtrace_errno(dtp)));
		failures[t]++;
	}
	dtrace_close(dtp);
	return (NULL);
}

static void *
update(void *arg)
{
	int t = (int)(long)arg;

	pthread_barrier_wait(&barrier);
	if (dtrace_update(handles[t]) != 0)
		failures[t]++;
	return (NULL);
}

static void *
hold_junk(void *arg)
{
	int t = (int)(long)arg, err = 0;
	char msg[256] = "";
	dt_tentry_t *te;

	pthread_barrier_wait(&barrier);
	te = dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg));
	/* failing is what is expected here, with the parser's reason */
	if (te != NULL || err == 0 || strstr(msg, "not valid BTF") == NULL) {
		fprintf(stderr, "thread %d: hold of junk: %p, %d, \"%s\"\n", t,
		    (void *)te, err, msg);
		failures[t]++;
	}
	return (NULL);
}

static int
run_threads(int n, void *(*fn)(void *))
{
	pthread_t tids[MAXTHREADS];
	int failed = 0;

	pthread_barrier_init(&barrier, NULL, (unsigned int)n);
	for (long t = 0; t < n; t++)
		pthread_create(&tids[t], NULL, fn, (void *)t);
	for (int t = 0; t < n; t++) {
		pthread_join(tids[t], NULL);
		failed += failures[t];
		failures[t] = 0;
	}
	pthread_barrier_destroy(&barrier);
	return (failed);
}

/* In the child: n first sessions at once. */
static void
first_sessions(int n, round_t *rd)
{
	long hwm = vmhwm_kb();

	rd->rd_failed = run_threads(n, first_session);
	rd->rd_parses = dt_tcache_parses();
	rd->rd_hwm_kb = vmhwm_kb() - hwm;
}

/* In the child: n sessions on a copy of vmlinux update at once. */
static void
updates(int n, round_t *rd)
{
	static char buf[1 << 16];
	int in = open(VMLINUX, O_RDONLY), out, err;
	ssize_t len;
	unsigned long parses;
	struct timespec ts[2] = { { 0, UTIME_OMIT }, { 1000000, 0 } };

	snprintf(path, sizeof (path), "/tmp/firstopen.%d", (int)getpid());
	out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	while (in >= 0 && out >= 0 && (len = read(in, buf, sizeof (buf))) > 0)
		CHECK(write(out, buf, (size_t)len) == len);
	close(in);
	close(out);
	for (int t = 0; t < n; t++) {
		handles[t] = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
		CHECK(handles[t] != NULL);
		if (handles[t] == NULL)
			exit(1);
		CHECK(dtrace_setopt(handles[t], "btfpath", path) == 0);
		CHECK(handles[t]->dt_ktypes != NULL);
	}
	CHECK(dt_tcache_parses() == 1);
	parses = dt_tcache_parses();
	/* a new identity: mtime 1970 */
	CHECK(utimensat(AT_FDCWD, path, ts, 0) == 0);
	rd->rd_failed = run_threads(n, update);
	rd->rd_parses = dt_tcache_parses() - parses;
	for (int t = 0; t < n; t++) {
		CHECK(handles[t]->dt_ktypes == handles[0]->dt_ktypes);
		CHECK(dt_tcache_current(handles[t]->dt_ktypes));
	}
	for (int t = 0; t < n; t++)
		dtrace_close(handles[t]);
	unlink(path);
}

/*
 * In the child: n threads hold at once a copy of vmlinux whose last type
 * has a name outside the string section: refused only once it has all
 * been read, so that the threads find the parse in flight.
 */
static void
junk(int n, round_t *rd)
{
	struct btf *b = btf__parse(VMLINUX, NULL);
	const struct btf_type *last;
	unsigned char *raw;
	uint32_t size;
	FILE *fp;
	int err;
	char msg[256];

	if (b == NULL)
		exit(1);
	last = btf__type_by_id(b, btf__type_cnt(b) - 1);
	raw = (unsigned char *)btf__raw_data(b, &size);
	((struct btf_type *)(raw + ((const unsigned char *)last -
	    raw)))->name_off = 0xfffffff0;
	snprintf(path, sizeof (path), "/tmp/firstopen-junk.%d", (int)getpid());
	if ((fp = fopen(path, "w")) == NULL)
		exit(1);
	CHECK(fwrite(raw, 1, size, fp) == size);
	fclose(fp);
	btf__free(b);
	rd->rd_failed = run_threads(n, hold_junk);
	rd->rd_parses = dt_tcache_parses();
	/* nothing left behind: the next hold parses again */
	CHECK(dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg)) == NULL);
	CHECK(dt_tcache_parses() == rd->rd_parses + 1);
	unlink(path);
}

/* Run fn(n) in a fresh child; its report, and its checks in rd_failed. */
static round_t
in_child(void (*fn)(int, round_t *), int n)
{
	round_t rd = { 0, 0, 1 };
	int pfd[2], status;
	pid_t pid;

	if (pipe(pfd) != 0)
		exit(1);
	fflush(NULL);
	if ((pid = fork()) == 0) {
		close(pfd[0]);
		fn(n, &rd);
		rd.rd_failed += nfailed;
		if (write(pfd[1], &rd, sizeof (rd)) != sizeof (rd))
			_exit(1);
		_exit(0);
	}
	close(pfd[1]);
	if (read(pfd[0], &rd, sizeof (rd)) != sizeof (rd))
		rd.rd_failed = 1;
	close(pfd[0]);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		rd.rd_failed++;
	return (rd);
}

int
main(void)
{
	static const int counts[] = { 8, MAXTHREADS };
	round_t one = in_child(first_sessions, 1), rd;

	printf("1 thread: %lu parse(s), VmHWM +%ld KB\n", one.rd_parses,
	    one.rd_hwm_kb);
	CHECK(one.rd_failed == 0);
	CHECK(one.rd_parses == 1);
	CHECK(one.rd_hwm_kb > 0);
	for (size_t i = 0; i < sizeof (counts) / sizeof (counts[0]); i++) {
		int n = counts[i];
		long bound = one.rd_hwm_kb + one.rd_hwm_kb / 2 + n * 1024L;

		rd = in_child(first_sessions, n);
		printf("%d threads: %lu parse(s), VmHWM +%ld KB (bound %ld KB%s)"
		    "\n", n, rd.rd_parses, rd.rd_hwm_kb, bound, MEMORY_CHECKED ?
		    "" : ", not checked under the sanitizer");
		CHECK(rd.rd_failed == 0);
		CHECK(rd.rd_parses == 1);
		CHECK(!MEMORY_CHECKED || rd.rd_hwm_kb <= bound);
	}

	rd = in_child(updates, 8);
	printf("8 sessions update at once: %lu parse(s)\n", rd.rd_parses);
	CHECK(rd.rd_failed == 0);
	CHECK(rd.rd_parses == 1);

	rd = in_child(junk, 8);
	printf("8 threads hold junk at once: %lu parse(s)\n", rd.rd_parses);
	CHECK(rd.rd_failed == 0);
	CHECK(rd.rd_parses == 1);
	return (check_done("firstopen"));
}
