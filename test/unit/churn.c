/*
 * churn.c: thousands of traced sessions in one process leave nothing
 * behind (needs root and BPF).
 *
 * Each session opens, compiles, execs, goes, does a moment of work (the
 * thread that runs it makes the calls its program traces, and the count
 * it reads back must be exact), stops and closes.  The programs take
 * turns: a syscall probe without kernel types, the same with kernel types
 * (curthread), BEGIN calling exit(), and a uprobe (the pid provider) on a
 * function of this process.  SEQUENTIAL sessions run one after another,
 * the others from THREADS threads at once.
 *
 * After a warm-up of the same mix (type data parsed once, heap arenas of
 * every thread grown), the process must end where it was: the same open
 * file descriptors, RSS within a tolerance (see RSS_SLACK_KB), and no BPF
 * program, map or link created since that no process holds (nor any this
 * process holds), no line added to uprobe_events.
 *
 * Usage: churn [SESSIONS [THREADS [SEQUENTIAL]]] (default 300, 4 and half
 * of them, after a warm-up of 100; 60 after 20 under AddressSanitizer;
 * bench/churn runs 10,000 after 400).
 */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <dtrace.h>

#include "check.h"

/*
 * RSS may differ by this much between the end of the warm-up and the end:
 * freed memory that malloc keeps in its arenas, in pieces that depend on
 * the order in which the threads happened to free it.  A leak of 256
 * bytes a session over the 2,000 sessions after a warm-up already
 * exceeds it (over the suite's 300, a leak of 1.8 KB a session does), and
 * LeakSanitizer (make check) sees any leak, however small.
 */
#define RSS_SLACK_KB	512

static pthread_mutex_t errlock = PTHREAD_MUTEX_INITIALIZER;
static int nfail;			/* sessions that went wrong */
static double kind_s[4];		/* seconds spent in each kind */
static int kind_n[4];			/* sessions of each kind */

static double now(void);

/* What a uprobe session traces: a function of this program. */
__attribute__((noinline, used)) int
dt_churn_hit(int n)
{
	__asm__ volatile("" : "+r"(n));
	return (n + 1);
}

static void
fail(int i, const char *what, dtrace_hdl_t *dtp)
{
	pthread_mutex_lock(&errlock);
	if (nfail++ < 10)
		fprintf(stderr, "session %d: %s: %s\n", i, what, dtp == NULL ?
		    "" : dtrace_errmsg(dtp, dtrace_errno(dtp)));
	pthread_mutex_unlock(&errlock);
}

/* The count printed by a keyless or one-key aggregation. */
static long long
last_number(const char *s)
{
	const char *p = s + strlen(s);

	while (p > s && (p[-1] == ' ' || p[-1] == '\n'))
		p--;
	while (p > s && p[-1] >= '0' && p[-1] <= '9')
		p--;
	return (*p >= '0' && *p <= '9' ? atoll(p) : -1);
}

static int session1(int);

/* One session of kind i % 4, timed; 0 when all went as it should. */
static int
session(int i)
{
	double t = now();
	int rv = session1(i);

	t = now() - t;
	pthread_mutex_lock(&errlock);
	kind_s[i % 4] += t;
	kind_n[i % 4]++;
	pthread_mutex_unlock(&errlock);
	return (rv);
}

static int
session1(int i)
{
	int err, kind = i % 4, tid = (int)syscall(SYS_gettid), calls = 0;
	char src[256], *out = NULL;
	size_t len = 0;
	dtrace_hdl_t *dtp;
	dtrace_prog_t *pgp;
	FILE *fp;
	int rv = -1;

	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		fail(i, dtrace_errmsg(NULL, err), NULL);
		return (-1);
	}
	(void) dtrace_setopt(dtp, "quiet", NULL);
	(void) dtrace_setopt(dtp, "bufsize", "64k");
	switch (kind) {
	case 0:
		snprintf(src, sizeof (src), "syscall::getppid:entry "
		    "/tid == %d/ { @ = count(); }", tid);
		break;
	case 1:
		snprintf(src, sizeof (src), "syscall::getppid:entry "
		    "/curthread->pid == %d/ { @[curthread->tgid] = count(); }",
		    tid);
		break;
	case 2:
		snprintf(src, sizeof (src), "BEGIN { printf(\"%%d\\n\", %d); "
		    "exit(0); }", i);
		break;
	default:
		snprintf(src, sizeof (src), "pid%d:a.out:dt_churn_hit:entry "
		    "/tid == %d/ { @ = count(); }", (int)getpid(), tid);
		break;
	}
	if ((fp = open_memstream(&out, &len)) == NULL) {
		fail(i, "open_memstream", NULL);
		dtrace_close(dtp);
		return (-1);
	}
	pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL);
	if (pgp == NULL) {
		fail(i, "compile", dtp);
		goto out;
	}
	if (dtrace_program_exec(dtp, pgp, NULL) != 0 || dtrace_go(dtp) != 0) {
		fail(i, "go", dtp);
		goto out;
	}
	/* a moment of work: the traced calls, 1 to 3 of them */
	calls = 1 + i % 3;
	for (int c = 0; c < calls; c++) {
		if (kind == 3)
			(void) dt_churn_hit(c);
		else
			(void) syscall(SYS_getppid);
	}
	if (dtrace_work(dtp, fp, NULL, NULL, NULL) ==
	    DTRACE_WORKSTATUS_ERROR) {
		fail(i, "work", dtp);
		goto out;
	}
	if (kind != 2 && dtrace_stop(dtp) != 0) {
		fail(i, "stop", dtp);
		goto out;
	}
	if (kind == 2) {
		/* exit(0) ended it: dtrace_work saw the record and stopped */
		if (dtrace_status(dtp) != DTRACE_STATUS_STOPPED &&
		    dtrace_status(dtp) != DTRACE_STATUS_EXITED)
			fail(i, "exit() did not end the session", NULL);
		else
			rv = 0;
		fflush(fp);
		if (rv == 0 && last_number(out) != i) {
			fail(i, "BEGIN printed something else", NULL);
			rv = -1;
		}
		goto out;
	}
	if (dtrace_aggregate_print(dtp, fp, NULL) != 0) {
		fail(i, "aggregate_print", dtp);
		goto out;
	}
	fflush(fp);
	if (last_number(out) != calls) {
		char msg[600];

		snprintf(msg, sizeof (msg), "counted %lld of %d calls (%s)",
		    last_number(out), calls, src);
		fail(i, msg, NULL);
		goto out;
	}
	rv = 0;
out:
	fclose(fp);
	free(out);
	dtrace_close(dtp);
	return (rv);
}

typedef struct churn_thr {
	int ct_first;		/* its first session number */
	int ct_n;		/* how many it runs */
	int ct_failed;		/* how many went wrong */
} churn_thr_t;

static void *
runner(void *arg)
{
	churn_thr_t *ct = arg;

	for (int i = 0; i < ct->ct_n; i++)
		ct->ct_failed += session(ct->ct_first + i) != 0;
	return (NULL);
}

/* n sessions: seq one after another, the rest from nthr threads at once. */
static int
run(int first, int n, int seq, int nthr)
{
	churn_thr_t ct[64];
	pthread_t t[64];
	int failed = 0, per = (n - seq) / nthr;

	for (int i = 0; i < seq; i++)
		failed += session(first + i) != 0;
	for (int k = 0; k < nthr; k++) {
		ct[k].ct_first = first + seq + k * per;
		ct[k].ct_n = k < nthr - 1 ? per : n - seq - k * per;
		ct[k].ct_failed = 0;
		if (pthread_create(&t[k], NULL, runner, &ct[k]) != 0) {
			perror("pthread_create");
			exit(1);
		}
	}
	for (int k = 0; k < nthr; k++) {
		pthread_join(t[k], NULL);
		failed += ct[k].ct_failed;
	}
	return (failed);
}

static int
nfds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	while (d != NULL && readdir(d) != NULL)
		n++;
	if (d != NULL)
		closedir(d);
	return (n);
}

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

/* ---- BPF objects: programs and maps named dt_*, and every link ---- */

enum { K_PROG, K_MAP, K_LINK };

typedef struct churn_ids {
	unsigned int ci_n;		/* how many */
	unsigned int ci_id[4096];	/* their ids */
	int ci_kind[4096];		/* K_* */
} churn_ids_t;

/* The objects that exist now whose id is above the start's ones. */
static void
objects(churn_ids_t *ids, const unsigned int *above)
{
	static int (*const next[])(__u32, __u32 *) = {
		bpf_prog_get_next_id, bpf_map_get_next_id, bpf_link_get_next_id
	};
	static int (*const getfd[])(__u32) = {
		bpf_prog_get_fd_by_id, bpf_map_get_fd_by_id,
		bpf_link_get_fd_by_id
	};

	ids->ci_n = 0;
	for (int k = K_PROG; k <= K_LINK; k++) {
		__u32 id = above != NULL ? above[k] : 0;

		while (next[k](id, &id) == 0) {
			char name[BPF_OBJ_NAME_LEN] = "";
			int fd = getfd[k](id);

			if (fd < 0)
				continue;	/* gone meanwhile */
			if (k == K_PROG) {
				struct bpf_prog_info pi = { 0 };
				__u32 sz = sizeof (pi);

				if (bpf_obj_get_info_by_fd(fd, &pi, &sz) == 0)
					memcpy(name, pi.name, sizeof (name));
			} else if (k == K_MAP) {
				struct bpf_map_info mi = { 0 };
				__u32 sz = sizeof (mi);

				if (bpf_obj_get_info_by_fd(fd, &mi, &sz) == 0)
					memcpy(name, mi.name, sizeof (name));
			}
			close(fd);
			if (k != K_LINK && strncmp(name, "dt_", 3) != 0)
				continue;
			if (ids->ci_n < 4096) {
				ids->ci_id[ids->ci_n] = id;
				ids->ci_kind[ids->ci_n++] = k;
			}
		}
	}
}

/* The highest id of each kind now. */
static void
top_ids(unsigned int *top)
{
	static int (*const next[])(__u32, __u32 *) = {
		bpf_prog_get_next_id, bpf_map_get_next_id, bpf_link_get_next_id
	};

	for (int k = K_PROG; k <= K_LINK; k++) {
		__u32 id = 0;

		top[k] = 0;
		while (next[k](id, &id) == 0)
			top[k] = id;
	}
}

/* Does any process but this one hold the object (an fd of it)? */
static int
held_elsewhere(int kind, unsigned int id)
{
	static const char *const tag[] = { "prog_id:", "map_id:", "link_id:" };
	char path[600], line[256];
	struct dirent *pe, *fe;
	DIR *proc = opendir("/proc"), *fds;
	int found = 0;

	while (!found && proc != NULL && (pe = readdir(proc)) != NULL) {
		if (pe->d_name[0] < '0' || pe->d_name[0] > '9' ||
		    atoi(pe->d_name) == (int)getpid())
			continue;
		snprintf(path, sizeof (path), "/proc/%s/fdinfo", pe->d_name);
		if ((fds = opendir(path)) == NULL)
			continue;
		while (!found && (fe = readdir(fds)) != NULL) {
			FILE *fp;

			snprintf(path, sizeof (path), "/proc/%s/fdinfo/%s",
			    pe->d_name, fe->d_name);
			if ((fp = fopen(path, "r")) == NULL)
				continue;
			while (fgets(line, sizeof (line), fp) != NULL) {
				size_t l = strlen(tag[kind]);

				if (strncmp(line, tag[kind], l) == 0 &&
				    strtoul(line + l, NULL, 10) == id) {
					found = 1;
					break;
				}
			}
			fclose(fp);
		}
		closedir(fds);
	}
	if (proc != NULL)
		closedir(proc);
	return (found);
}

/*
 * Objects created since top that no other process holds: ours, leaked.
 * The kernel frees closed objects late: look again for up to 3 s.
 */
static unsigned int
leaked(const unsigned int *top)
{
	static const char *const kname[] = { "program", "map", "link" };
	static churn_ids_t ids;
	unsigned int left = 0;

	for (int tries = 0; tries < 10; tries++) {
		objects(&ids, top);
		left = 0;
		for (unsigned int j = 0; j < ids.ci_n; j++) {
			if (!held_elsewhere(ids.ci_kind[j], ids.ci_id[j]))
				ids.ci_id[left++] = ids.ci_id[j],
				    ids.ci_kind[left - 1] = ids.ci_kind[j];
		}
		if (left == 0)
			return (0);
		usleep(300000);
	}
	for (unsigned int j = 0; j < left && j < 10; j++)
		fprintf(stderr, "left behind: %s id %u\n",
		    kname[ids.ci_kind[j]], ids.ci_id[j]);
	return (left);
}

/* Lines of tracefs's uprobe_events. */
static int
uprobe_events(void)
{
	char line[1024];
	int n = 0;
	FILE *fp = fopen("/sys/kernel/tracing/uprobe_events", "r");

	while (fp != NULL && fgets(line, sizeof (line), fp) != NULL)
		n++;
	if (fp != NULL)
		fclose(fp);
	return (n);
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
#ifdef __SANITIZE_ADDRESS__
	/* 4 times slower: fewer sessions, LeakSanitizer sees any leak */
	int n = argc > 1 ? atoi(argv[1]) : 60;
#else
	int n = argc > 1 ? atoi(argv[1]) : 300;
#endif
	int nthr = argc > 2 ? atoi(argv[2]) : 4;
	int seq = argc > 3 ? atoi(argv[3]) : n / 2;
	int warm = n >= 2000 ? 400 : n >= 300 ? 100 : 20;
	int fd0, fd1, up0, up1, failed;
	unsigned int top[3];
	long rss0, rss1;
	double t0, t1;

	if (nthr < 1 || nthr > 64 || seq < 0 || seq > n) {
		fprintf(stderr, "usage: churn [SESSIONS [THREADS (1-64) "
		    "[SEQUENTIAL]]]\n");
		return (2);
	}
	up0 = uprobe_events();
	top_ids(top);
	failed = run(0, warm, warm / 2, nthr);
	fd0 = nfds();
	rss0 = rss_kb();

	t0 = now();
	failed += run(warm, n, seq, nthr);
	t1 = now();
	fd1 = nfds();
	rss1 = rss_kb();
	up1 = uprobe_events();

	printf("churn: %d sessions after %d of warm-up (%d from %d threads), "
	    "%d failed, %.0f sessions/s\n", n, warm, n - seq, nthr, failed,
	    n / (t1 - t0));
	printf("churn: fds %d -> %d, RSS %ld KB -> %ld KB (%+.1f bytes a "
	    "session), uprobe_events %d -> %d lines\n", fd0, fd1, rss0, rss1,
	    (rss1 - rss0) * 1024.0 / n, up0, up1);
	for (int k = 0; k < 4; k++)
		printf("churn: %s: %.2f ms a session (%d sessions)\n",
		    (const char *[]){ "syscall probe", "syscall probe, kernel "
		    "types", "BEGIN, exit()", "uprobe" }[k], kind_s[k] * 1e3 /
		    kind_n[k], kind_n[k]);
	CHECK(failed == 0 && nfail == 0);
	CHECK(fd1 == fd0);
	CHECK(up1 == up0);
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	/* the sanitizers' quarantine and shadow memory: leaks are LSan's */
	printf("churn: RSS not compared under a sanitizer\n");
#else
	if (rss1 - rss0 > RSS_SLACK_KB)
		fprintf(stderr, "RSS grew by %ld KB (more than %d)\n",
		    rss1 - rss0, RSS_SLACK_KB);
	CHECK(rss1 - rss0 <= RSS_SLACK_KB);
#endif
	CHECK(leaked(top) == 0);
	return (check_done("churn"));
}
