/*
 * pdsandbox: dtprobed's sandbox (dtprobed/dt_pd_sandbox.c) and its note
 * reader (dt_pd_notes.c), on their own.
 *
 *  - the notes of build/testprog/usdttarget come back through the pipe,
 *    with the malformed notes it carries counted as skipped;
 *  - in the child the user is nobody, seccomp is in filter mode, and
 *    every call the filter refuses (open, socket, executable mmap, fork)
 *    kills it with SIGSYS; a child that crashes or hangs is reported as
 *    such, and the caller lives on;
 *  - dt_pd_note_valid() takes what a well-behaved child writes and
 *    refuses what a taken-over one might.
 * Run as root (the tests are): the child must drop real privileges.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
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
	for (char *l = r.pr_out; *l != '\0'; l = strchr(l, '\n') + 1) {
		size_t len = strcspn(l, "\n");

		if (l[0] == 'N')
			CHECK(dt_pd_note_valid(l + 2, len - 2));
	}
	free(r.pr_out);

	CHECK(dt_pd_sandbox_run(NULL, 0, report_ids, NULL, &r) == 0);
	CHECK(strcmp(r.pr_out, "uid 65534 gid 65534\n") == 0);
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
	CHECK(dt_pd_sandbox_run(NULL, 0, do_hang, NULL, &r) == 0);
	CHECK(WIFSIGNALED(r.pr_status) && (r.pr_timedout ||
	    WTERMSIG(r.pr_status) == SIGXCPU));
	free(r.pr_out);
	CHECK(dt_pd_sandbox_run(NULL, 0, do_memory, NULL, &r) == 0);
	CHECK(WIFEXITED(r.pr_status) && WEXITSTATUS(r.pr_status) == 0);
	CHECK(r.pr_len == 16);
	free(r.pr_out);

	/* what the daemon accepts of a child */
#define VALID(s) dt_pd_note_valid(s, strlen(s))
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
	close(fd);
	return (check_done("pdsandbox"));
}
