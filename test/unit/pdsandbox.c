/*
 * pdsandbox: dtprobed's sandbox (dtprobed/dt_pd_sandbox.c) and its note
 * reader (dt_pd_notes.c), on their own.
 *
 *  - the notes of build/testprog/usdttarget come back through the pipe,
 *    with the malformed notes it carries counted as skipped;
 *  - in the child the user is an id of its own (not nobody, no
 *    account's), its address space is limited, seccomp is in filter
 *    mode, and
 *    every call the filter refuses (open, socket, executable mmap, fork)
 *    kills it with SIGSYS; a child that crashes or hangs is reported as
 *    such (a hang killed at its budget, DT_PD_TIMEOUT), and the caller
 *    lives on;
 *  - dt_pd_note_valid() takes what a well-behaved child writes and
 *    refuses what a taken-over one might: malformed lines, sites
 *    outside the file or its code, semaphores outside the file or its
 *    writable data or misaligned; dt_pd_notes_parse() keeps at most
 *    DT_PD_NOTES_MAX notes and DT_PD_TEXT_MAX bytes;
 *  - the reader reports the libraries a file needs (DT_NEEDED) and its
 *    DT_RUNPATH (usdtlibuser), and the daemon keeps at most
 *    DT_PD_DEPS_MAX names, without '/', one path of each kind.
 * Run as root (the tests are): the child must drop real privileges.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "check.h"
#include "dt_pd.h"

static void
read_notes(void *arg, int outfd)
{
	dt_pd_notes_write(*(int *)arg, outfd);
}

static void
report_ids(void *arg, int outfd)
{
	char buf[256];
	int n;

	(void) arg;
	n = snprintf(buf, sizeof (buf), "uid %d gid %d\n", (int)getuid(),
	    (int)getgid());
	(void) !write(outfd, buf, (size_t)n);
}

static void
do_open(void *arg, int outfd)
{
	(void) arg;
	(void) !write(outfd, "before\n", 7);
	(void) open("/etc/passwd", O_RDONLY);
	(void) !write(outfd, "after\n", 6);
}

static void
do_socket(void *arg, int outfd)
{
	(void) arg;
	(void) outfd;
	(void) socket(AF_INET, SOCK_STREAM, 0);
}

static void
do_execmap(void *arg, int outfd)
{
	(void) arg;
	(void) outfd;
	(void) mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
}

static void
do_fork(void *arg, int outfd)
{
	(void) arg;
	(void) outfd;
	(void) syscall(__NR_fork);
}

static void
do_crash(void *arg, int outfd)
{
	(void) outfd;
	(void) arg;
	/* not NULL: UBSan would report that, through refused calls */
	volatile uintptr_t bad = 16;

	*(volatile int *)bad = 1;
}

static void
do_hang(void *arg, int outfd)
{
	(void) arg;
	(void) outfd;
	for (;;)
		;
}

static void
do_memory(void *arg, int outfd)
{
	char *p = malloc(1 << 20);

	(void) arg;
	memset(p, 'x', 1 << 20);
	(void) !write(outfd, p, 16);
	free(p);
}

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
static void
do_bigmem(void *arg, int outfd)
{
	void *p = mmap(NULL, DT_PD_ASMORE + (64u << 20), PROT_READ |
	    PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	(void) arg;
	(void) !write(outfd, p == MAP_FAILED ? "refused\n" : "mapped\n",
	    p == MAP_FAILED ? 8 : 7);
}
#endif

static bool
sigsys(const dt_pd_run_t *r)
{
	return (WIFSIGNALED(r->pr_status) && WTERMSIG(r->pr_status) == SIGSYS);
}

int
main(int argc, char **argv)
{
	const char *build = getenv("BUILD_DIR");
	char path[4096];
	dt_pd_run_t r;
	dt_pd_segs_t segs;
	struct timespec t0, t1;
	int fd;

	(void) argc;
	if (build == NULL) {
		/* BUILD/test/pdsandbox: BUILD is two levels up */
		snprintf(path, sizeof (path), "%s", argv[0]);
		*strrchr(path, '/') = '\0';
		*strrchr(path, '/') = '\0';
		build = strdup(path);
	}
	snprintf(path, sizeof (path), "%s/testprog/usdttarget", build);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	CHECK(fd >= 0);

	CHECK(dt_pd_sandbox_run(&fd, 1, read_notes, &fd, &r) == 0);
	CHECK(WIFEXITED(r.pr_status) && WEXITSTATUS(r.pr_status) == 0);
	CHECK(strstr(r.pr_out, " dt_usdt zero \n") != NULL);
	CHECK(strstr(r.pr_out, " dt_usdt tick__now ") != NULL);
	CHECK(strstr(r.pr_out, " dt_usdt guarded ") != NULL);
	/* guarded has a semaphore: its second field is not 0 */
	{
		const char *g = strstr(r.pr_out, " dt_usdt guarded ");

		while (g != NULL && g > r.pr_out && g[-1] != '\n')
			g--;
		CHECK(g != NULL && strncmp(strchr(g + 2, ' '), " 0 ", 3) != 0);
	}
	CHECK(strstr(r.pr_out, "\nS 2\n") != NULL);	/* outside, truncated */
	CHECK(strcmp(r.pr_out + r.pr_len - 2, "E\n") == 0);
	CHECK(dt_pd_segs_read(fd, &segs) == 0);
	for (char *l = r.pr_out; *l != '\0'; l = strchr(l, '\n') + 1) {
		size_t len = strcspn(l, "\n");

		if (l[0] == 'N')
			CHECK(dt_pd_note_valid(l + 2, len - 2, &segs));
	}
	free(r.pr_out);

	/* the libraries a file needs and its search path */
	{
		int lfd;

		snprintf(path, sizeof (path), "%s/testprog/usdtlibuser", build);
		lfd = open(path, O_RDONLY | O_CLOEXEC);
		CHECK(lfd >= 0);
		CHECK(dt_pd_sandbox_run(&lfd, 1, read_notes, &lfd, &r) == 0);
		CHECK(WIFEXITED(r.pr_status) && WEXITSTATUS(r.pr_status) == 0);
		CHECK(strcmp(r.pr_out, "L libusdtlib.so\nL libc.so.6\n"
		    "R $ORIGIN\nE\n") == 0);
		free(r.pr_out);
		close(lfd);
	}

	CHECK(dt_pd_sandbox_run(NULL, 0, report_ids, NULL, &r) == 0);
	/* an id of its own: not nobody's, no account's */
	CHECK(dt_pd_sandbox_uid() != 65534 && dt_pd_sandbox_uid() !=
	    (uid_t)-1 && getpwuid(dt_pd_sandbox_uid()) == NULL);
	snprintf(path, sizeof (path), "uid %u gid %u\n",
	    (unsigned int)dt_pd_sandbox_uid(),
	    (unsigned int)dt_pd_sandbox_uid());
	CHECK(strcmp(r.pr_out, path) == 0);
	free(r.pr_out);

	CHECK(dt_pd_sandbox_run(NULL, 0, do_open, NULL, &r) == 0);
	CHECK(sigsys(&r));
	CHECK(strcmp(r.pr_out, "before\n") == 0);
	free(r.pr_out);
	CHECK(dt_pd_sandbox_run(NULL, 0, do_socket, NULL, &r) == 0);
	CHECK(sigsys(&r));
	free(r.pr_out);
	CHECK(dt_pd_sandbox_run(NULL, 0, do_execmap, NULL, &r) == 0);
	CHECK(sigsys(&r));
	free(r.pr_out);
	CHECK(dt_pd_sandbox_run(NULL, 0, do_fork, NULL, &r) == 0);
	CHECK(sigsys(&r));
	free(r.pr_out);
	CHECK(dt_pd_sandbox_run(NULL, 0, do_crash, NULL, &r) == 0);
	CHECK(WIFSIGNALED(r.pr_status) && WTERMSIG(r.pr_status) == SIGSEGV);
	free(r.pr_out);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK(dt_pd_sandbox_run(NULL, 0, do_hang, NULL, &r) == 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK(WIFSIGNALED(r.pr_status) && (r.pr_timedout ||
	    WTERMSIG(r.pr_status) == SIGXCPU));
	/* killed at its budget, not later */
	CHECK((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) /
	    1000000 < DT_PD_TIMEOUT + 500);
	free(r.pr_out);
	/*
	 * More memory than its address space limit: it fails, no more.
	 * (Not under a sanitizer, whose shadow memory leaves no limit.)
	 */
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
	CHECK(dt_pd_sandbox_run(NULL, 0, do_bigmem, NULL, &r) == 0);
	CHECK(WIFEXITED(r.pr_status) && WEXITSTATUS(r.pr_status) == 0);
	CHECK(strcmp(r.pr_out, "refused\n") == 0);
	free(r.pr_out);
#endif
	CHECK(dt_pd_sandbox_run(NULL, 0, do_memory, NULL, &r) == 0);
	CHECK(WIFEXITED(r.pr_status) && WEXITSTATUS(r.pr_status) == 0);
	CHECK(r.pr_len == 16);
	free(r.pr_out);

	/*
	 * What the daemon accepts of a child, for a file of 0x5000 bytes
	 * with code at 0x1000-0x1fff, read-only data at 0x2000-0x2fff and
	 * writable data at 0x3000-0x3fff in the file, and a segment that
	 * claims more than the file has.
	 */
	memset(&segs, 0, sizeof (segs));
	segs.pg_size = 0x5000;
	segs.pg_seg[0] = (dt_pd_seg_t){ 0x1000, 0x1000, PF_R | PF_X };
	segs.pg_seg[1] = (dt_pd_seg_t){ 0x2000, 0x1000, PF_R };
	segs.pg_seg[2] = (dt_pd_seg_t){ 0x3000, 0x1000, PF_R | PF_W };
	segs.pg_seg[3] = (dt_pd_seg_t){ 0x4000, 0x10000, PF_R | PF_W | PF_X };
	segs.pg_n = 4;
#define VALID(s) dt_pd_note_valid(s, strlen(s), &segs)
	CHECK(VALID("1130 0 myprov tick "));
	CHECK(VALID("1130 3c10 myprov req -4@%eax 8@-16(%rbp)"));
	CHECK(!VALID("1130 0 myprov tick"));		/* no space */
	CHECK(!VALID("1130 0 my/prov tick "));		/* not an identifier */
	CHECK(!VALID("1130 0 myprov ti\nck "));
	CHECK(!VALID("11G0 0 myprov tick "));
	CHECK(!VALID("11300000000000000 0 myprov tick "));
	CHECK(!VALID("1130 0 myprov tick \x01"));
	CHECK(!VALID(" 0 myprov tick "));
	CHECK(!VALID("1130 0  tick "));
	/* offsets: site in code, semaphore in writable data, in the file */
	CHECK(!VALID("fff 0 myprov tick "));		/* before the code */
	CHECK(!VALID("2000 0 myprov tick "));		/* read-only data */
	CHECK(!VALID("3000 0 myprov tick "));		/* writable data */
	CHECK(VALID("4ffe 0 myprov tick "));
	CHECK(!VALID("5000 0 myprov tick "));		/* past the file */
	CHECK(!VALID("ffffffffffffffff 0 myprov tick "));
	CHECK(VALID("1130 3ffe myprov req "));
	CHECK(!VALID("1130 3c11 myprov req "));	/* misaligned */
	CHECK(!VALID("1130 2c10 myprov req "));	/* not writable */
	CHECK(!VALID("1130 1c10 myprov req "));	/* code */
	CHECK(!VALID("1130 5000 myprov req "));	/* past the file */
	CHECK(!VALID("1130 fffffffffffffffe myprov req "));

	/* a child's output: every line checked, the limits applied */
	{
		size_t cap = (DT_PD_NOTES_MAX + 100) * 64, len = 0;
		char *out = malloc(cap);
		dt_pd_notes_t pn;

		for (unsigned int i = 0; i < DT_PD_NOTES_MAX + 100; i++)
			len += (size_t)snprintf(out + len, cap - len,
			    "N 1130 0 p n%u \n", i);
		len += (size_t)snprintf(out + len, cap - len,
		    "N 5000 0 p bad \nX\nS 3\nD 7\nE\nN 1130 0 p late \n");
		CHECK(dt_pd_notes_parse(out, len, &segs, &pn) == 0);
		CHECK(pn.pn_done && pn.pn_count == DT_PD_NOTES_MAX);
		CHECK(pn.pn_dropped == 100 + 7 && pn.pn_skipped == 2 + 3);
		CHECK(pn.pn_len == strlen(pn.pn_text) && pn.pn_len <=
		    DT_PD_TEXT_MAX);
		CHECK(strncmp(pn.pn_text, "note 1130 0 p n0 \n", 18) == 0);
		CHECK(strstr(pn.pn_text, "late") == NULL);
		CHECK(pn.pn_deps == NULL);
		free(pn.pn_text);
		/* libraries: names without '/', one path of each kind */
		len = 0;
		for (unsigned int i = 0; i < DT_PD_DEPS_MAX + 1; i++)
			len += (size_t)snprintf(out + len, cap - len,
			    "L lib%u.so\n", i);
		len += (size_t)snprintf(out + len, cap - len, "L a/b.so\n"
		    "L sp ace\nR /x:$ORIGIN/../lib\nR /y\nQ /z w\nL \x01\n"
		    "E\n");
		CHECK(dt_pd_notes_parse(out, len, &segs, &pn) == 0);
		CHECK(pn.pn_done && pn.pn_count == 0 && pn.pn_text == NULL);
		CHECK(pn.pn_nneeded == DT_PD_DEPS_MAX);
		CHECK(pn.pn_skipped == 1 + 3 + 1);
		CHECK(pn.pn_deps != NULL && pn.pn_depslen ==
		    strlen(pn.pn_deps));
		CHECK(strncmp(pn.pn_deps, "L lib0.so\nL lib1.so\n", 20) == 0);
		CHECK(strstr(pn.pn_deps, "\nR /x:$ORIGIN/../lib\nQ /z w\n") !=
		    NULL);
		CHECK(strstr(pn.pn_deps, "a/b") == NULL &&
		    strstr(pn.pn_deps, "/y") == NULL);
		free(pn.pn_deps);
		/* cut short: not done */
		CHECK(dt_pd_notes_parse("N 1130 0 p n \nE", 15, &segs,
		    &pn) == 0);
		CHECK(!pn.pn_done && pn.pn_count == 1);
		free(pn.pn_text);
		free(out);
	}
	close(fd);
	return (check_done("pdsandbox"));
}
