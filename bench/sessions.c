/*
 * sessions.c: what sharing kernel type data buys a process that opens
 * many sessions.  Run as root by bench/run (or build/bench/sessions).
 *
 *  1. first open + compile of a script using kernel types (parses BTF),
 *     beside a bare libbpf btf__parse() of the same file: each measured in
 *     a fresh child process, alternately, median of 5 (or of RUNS, alone,
 *     with `sessions first RUNS`);
 *  2. open + compile + close per second after the first, every session a
 *     different script; then the same with the cache off (every session
 *     parses);
 *  3. open + compile + go + stop + close per second (load, attach,
 *     detach);
 *  4. memory per session held open at once, compiled but not started
 *     (RSS, and the cgroup's memory.current when readable);
 *  5. the same for sessions started (tracing, 64 KB buffers), where the
 *     cgroup's count includes the kernel's maps and programs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <dtrace.h>

#include "types/dt_tcache.h"

#include "bench.h"

#define VMLINUX	"/sys/kernel/btf/vmlinux"

static dtrace_hdl_t *
open_compile(const char *src, const char *bufsize)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	if (dtp == NULL)
		exit(1);
	dtrace_setopt(dtp, "quiet", NULL);
	if (bufsize != NULL)
		dtrace_setopt(dtp, "bufsize", bufsize);
	if (dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL) == NULL) {
		fprintf(stderr, "compile: %s\n", dtrace_errmsg(dtp,
		    dtrace_errno(dtp)));
		exit(1);
	}
	return (dtp);
}

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (ts.tv_sec * 1e3 + ts.tv_nsec / 1e6);
}

/*
 * Time one thing in a fresh child: milliseconds of wall time, and in
 * *cpup of the child's CPU time (which time spent waiting for a CPU on a
 * loaded machine does not inflate).
 */
static double
in_child(int what, double *cpup)
{
	int pfd[2];
	double ms[2] = { -1, -1 };
	pid_t pid;

	if (pipe(pfd) != 0)
		exit(1);
	if ((pid = fork()) == 0) {
		double t0 = now_ms(), c0 = cpu_ms(), t[2];

		if (what == 0) {
			dtrace_close(open_compile("syscall::openat:entry "
			    "{ trace(curthread->pid); }", NULL));
		} else {
			btf__free(btf__parse(VMLINUX, NULL));
		}
		t[0] = now_ms() - t0;
		t[1] = cpu_ms() - c0;
		if (write(pfd[1], t, sizeof (t)) != sizeof (t))
			_exit(1);
		_exit(0);
	}
	close(pfd[1]);
	if (read(pfd[0], ms, sizeof (ms)) != sizeof (ms))
		ms[0] = ms[1] = -1;
	close(pfd[0]);
	waitpid(pid, NULL, 0);
	*cpup = ms[1];
	return (ms[0]);
}

static double
sessions_per_sec(int n, int go)
{
	double t0 = now_ms();

	for (int i = 0; i < n; i++) {
		char src[200];
		dtrace_hdl_t *dtp;

		snprintf(src, sizeof (src), "syscall::openat:entry "
		    "/curthread->pid == %d/ { trace(curthread->tgid); }", i);
		dtp = open_compile(src, NULL);
		if (go) {
			if (dtrace_program_exec(dtp, dtrace_program_strcompile(
			    dtp, "BEGIN { x = 1; }", DTRACE_PROBESPEC_NAME, 0,
			    0, NULL), NULL) != 0 || dtrace_go(dtp) != 0) {
				fprintf(stderr, "go: %s\n", dtrace_errmsg(dtp,
				    dtrace_errno(dtp)));
				exit(1);
			}
			dtrace_stop(dtp);
		}
		dtrace_close(dtp);
	}
	return (n / ((now_ms() - t0) / 1e3));
}

static long
rss_kb(void)
{
	long pages, rss = 0;
	FILE *fp = fopen("/proc/self/statm", "r");

	if (fp != NULL) {
		if (fscanf(fp, "%ld %ld", &pages, &rss) != 2)
			rss = 0;
		fclose(fp);
	}
	return (rss * (sysconf(_SC_PAGESIZE) / 1024));
}

/*
 * The memory the kernel charges to our cgroup, in KB, or -1: the memory
 * controller's usage (cgroup v1) or memory.current (v2).  BPF maps are
 * charged there too.
 */
static long
cgroup_kb(void)
{
	char line[512], path[600] = "";
	long long v = -1;
	FILE *fp = fopen("/proc/self/cgroup", "r");

	if (fp == NULL)
		return (-1);
	while (fgets(line, sizeof (line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "0::", 3) == 0 && path[0] == '\0')
			snprintf(path, sizeof (path),
			    "/sys/fs/cgroup%s/memory.current", line + 3);
		else if (strstr(line, ":memory:") != NULL)
			snprintf(path, sizeof (path), "/sys/fs/cgroup/memory%s"
			    "/memory.usage_in_bytes", strstr(line, ":memory:") +
			    8);
	}
	fclose(fp);
	if ((fp = fopen(path, "r")) != NULL) {
		if (fscanf(fp, "%lld", &v) != 1)
			v = -1;
		fclose(fp);
	}
	return (v < 0 ? -1 : (long)(v / 1024));
}

/*
 * 1. The first open + compile of a process against a bare btf__parse() of
 * the same file, each in fresh processes, alternately: the median of
 * runs of each and their ratio (target: at most 1.2).
 */
static void
first_session(int runs)
{
	double ours[31], bare[31], ourscpu[31], barecpu[31], ratio, cratio;
	int m;

	if (runs > 31)
		runs = 31;
	for (int i = 0; i < runs; i++) {
		ours[i] = in_child(0, &ourscpu[i]);
		bare[i] = in_child(1, &barecpu[i]);
	}
	qsort(ours, runs, sizeof (double), cmp_double);
	qsort(bare, runs, sizeof (double), cmp_double);
	qsort(ourscpu, runs, sizeof (double), cmp_double);
	qsort(barecpu, runs, sizeof (double), cmp_double);
	m = runs / 2;
	ratio = ours[m] / bare[m];
	cratio = ourscpu[m] / barecpu[m];
	printf("first open+compile (parses BTF): %7.2f ms   bare btf__parse: "
	    "%7.2f ms   ratio %.2f, median of %d (target <= 1.2: %s)\n",
	    ours[m], bare[m], ratio, runs, ratio <= 1.2 ? "met" : "NOT MET");
	printf("  the same in CPU time:          %7.2f ms                   "
	    "%7.2f ms   ratio %.2f\n", ourscpu[m], barecpu[m], cratio);
}

/* sessions [N]: everything; sessions first [RUNS]: step 1 alone. */
int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2000;
	double shared, unshared, withgo;
	enum { HELD = 200, RUNNING = 50 };
	dtrace_hdl_t *held[HELD];
	long rss0, rss1, cg0, cg1;

	if (argc > 1 && strcmp(argv[1], "first") == 0) {
		first_session(argc > 2 ? atoi(argv[2]) : 11);
		return (0);
	}
	first_session(5);

	/* 2. sessions per second, shared and not */
	dtrace_close(open_compile("BEGIN { trace(curthread->pid); }", NULL));
	shared = sessions_per_sec(n, 0);
	dt_tcache_set_sharing(0);
	unshared = sessions_per_sec(n / 50 > 10 ? n / 50 : 10, 0);
	dt_tcache_set_sharing(1);
	printf("open+compile+close: %9.0f sessions/s shared, %7.1f/s with "
	    "the cache off (x%.0f) (target >= 1000/s: %s)\n", shared,
	    unshared, shared / unshared, shared >= 1000 ? "met" : "NOT MET");

	/* 3. with load, attach, detach */
	withgo = sessions_per_sec(n / 10 > 20 ? n / 10 : 20, 1);
	printf("open+compile+go+stop+close: %7.0f sessions/s (bufsize 4 MB "
	    "ring buffer each)\n", withgo);

	/* 4. memory per session held open, compiled, not started */
	rss0 = rss_kb();
	cg0 = cgroup_kb();
	for (int i = 0; i < HELD; i++) {
		char src[200];

		snprintf(src, sizeof (src), "syscall::openat:entry "
		    "/curthread->pid == %d/ { printf(\"%%s %%d\\n\", "
		    "execname, curthread->tgid); }", i);
		held[i] = open_compile(src, NULL);
	}
	rss1 = rss_kb();
	cg1 = cgroup_kb();
	printf("memory per open session (compiled, not started): %.1f KB RSS"
	    " (target < 1024 KB: %s)", (double)(rss1 - rss0) / HELD,
	    (rss1 - rss0) / HELD < 1024 ? "met" : "NOT MET");
	if (cg0 >= 0 && cg1 >= 0)
		printf(", %.1f KB cgroup memory.current", (double)(cg1 - cg0) /
		    HELD);
	printf("\n");
	for (int i = 0; i < HELD; i++)
		dtrace_close(held[i]);

	/* 5. memory per session tracing (started), 64 KB buffers */
	rss0 = rss_kb();
	cg0 = cgroup_kb();
	for (int i = 0; i < RUNNING; i++) {
		char src[200];

		snprintf(src, sizeof (src), "syscall::getppid:entry "
		    "/curthread->pid == %d/ { @[curthread->tgid] = count(); }",
		    i);
		held[i] = open_compile(src, "64k");
		if (dtrace_program_exec(held[i], dtrace_program_strcompile(
		    held[i], "BEGIN { x = 1; }", DTRACE_PROBESPEC_NAME, 0, 0,
		    NULL), NULL) != 0 || dtrace_go(held[i]) != 0) {
			fprintf(stderr, "go: %s\n", dtrace_errmsg(held[i],
			    dtrace_errno(held[i])));
			exit(1);
		}
	}
	rss1 = rss_kb();
	cg1 = cgroup_kb();
	printf("memory per session tracing (started, bufsize 64 KB, %d "
	    "sessions): %.1f KB RSS", RUNNING, (double)(rss1 - rss0) /
	    RUNNING);
	if (cg0 >= 0 && cg1 >= 0)
		printf(", %.1f KB cgroup memory.current (with the kernel's "
		    "maps)", (double)(cg1 - cg0) / RUNNING);
	printf("\n");
	for (int i = 0; i < RUNNING; i++) {
		dtrace_stop(held[i]);
		dtrace_close(held[i]);
	}
	return (0);
}
