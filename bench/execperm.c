/*
 * bench/execperm: what holding every exec costs a process without probes.
 *
 * A design for "no firing missed" (docs/design.md, "Processes that start
 * while tracing runs") has a daemon hold each exec with a fanotify
 * permission event (FAN_OPEN_EXEC_PERM) until the sessions that want the
 * file's probes have armed them.  Every exec on the machine then waits
 * for the daemon's answer, probes or not.  This measures that wait: N
 * runs of a program (default /bin/true), fork + exec + wait, one after
 * another, in three rounds each of
 *
 *   none      no listener
 *   allow     a listener thread that answers FAN_ALLOW at once
 *   lookup    a listener that first fstat()s the file and looks its
 *             identity up in a small table (what a daemon needs to know
 *             whether the file has probes: a file read once is known)
 *
 * and prints the median time per exec of each, and the difference with
 * none.  Needs root (CAP_SYS_ADMIN) and a kernel with
 * CONFIG_FANOTIFY_ACCESS_PERMISSIONS.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fanotify.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS	3
#define TABLE	1024		/* identities remembered */

typedef struct ident {
	dev_t id_dev;
	ino_t id_ino;
	struct timespec id_mtime;
} ident_t;

static int fan_fd = -1;
static bool lookup;
static ident_t table[TABLE];
static unsigned int ntable;
static unsigned long answered;

static int64_t
now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ((int64_t)t.tv_sec * 1000000000 + t.tv_nsec);
}

/* Is the file of fd one seen before?  Remembered if not. */
static void
known(int fd)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return;
	for (unsigned int i = 0; i < ntable; i++) {
		if (table[i].id_dev == st.st_dev &&
		    table[i].id_ino == st.st_ino &&
		    table[i].id_mtime.tv_sec == st.st_mtim.tv_sec &&
		    table[i].id_mtime.tv_nsec == st.st_mtim.tv_nsec)
			return;
	}
	if (ntable < TABLE)
		table[ntable++] = (ident_t){ st.st_dev, st.st_ino,
		    st.st_mtim };
}

static void *
listener(void *arg)
{
	char buf[4096] __attribute__((aligned(8)));

	(void) arg;
	for (;;) {
		ssize_t n = read(fan_fd, buf, sizeof (buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return (NULL);
		for (struct fanotify_event_metadata *m = (void *)buf;
		    FAN_EVENT_OK(m, n); m = FAN_EVENT_NEXT(m, n)) {
			struct fanotify_response r = { .fd = m->fd,
			    .response = FAN_ALLOW };

			if (m->fd < 0)
				continue;
			if (lookup)
				known(m->fd);
			(void) !write(fan_fd, &r, sizeof (r));
			close(m->fd);
			answered++;
		}
	}
}

/* The median of n runs of prog, in ns per exec. */
static int64_t
runs(const char *prog, int n)
{
	int64_t *t = calloc((size_t)n, sizeof (int64_t)), med;

	if (t == NULL)
		exit(1);
	for (int i = 0; i < n; i++) {
		int64_t s = now_ns();
		pid_t p = fork();
		int st;

		if (p == 0) {
			execl(prog, prog, (char *)NULL);
			_exit(127);
		}
		waitpid(p, &st, 0);
		t[i] = now_ns() - s;
	}
	for (int i = 1; i < n; i++) {	/* insertion sort: n is small */
		int64_t v = t[i];
		int j = i - 1;

		for (; j >= 0 && t[j] > v; j--)
			t[j + 1] = t[j];
		t[j + 1] = v;
	}
	med = t[n / 2];
	free(t);
	return (med);
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	const char *prog = argc > 2 ? argv[2] : "/bin/true";
	int64_t best[3] = { INT64_MAX, INT64_MAX, INT64_MAX };
	static const char *const names[] = { "none", "allow", "lookup" };
	pthread_t th;

	if (n < 1)
		n = 1;
	if ((fan_fd = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC,
	    O_RDONLY | O_LARGEFILE)) < 0) {
		perror("fanotify_init");
		return (1);
	}
	if (pthread_create(&th, NULL, listener, NULL) != 0)
		return (1);
	for (int r = 0; r < ROUNDS; r++) {
		for (int mode = 0; mode < 3; mode++) {
			int64_t m;

			lookup = mode == 2;
			if (mode > 0 && fanotify_mark(fan_fd, FAN_MARK_ADD |
			    FAN_MARK_FILESYSTEM, FAN_OPEN_EXEC_PERM, AT_FDCWD,
			    prog) != 0) {
				perror("fanotify_mark");
				return (1);
			}
			m = runs(prog, n);
			if (mode > 0)
				(void) fanotify_mark(fan_fd, FAN_MARK_FLUSH |
				    FAN_MARK_FILESYSTEM, 0, AT_FDCWD, prog);
			if (m < best[mode])
				best[mode] = m;
		}
	}
	printf("execperm: %d execs of %s, best median of %d rounds\n", n,
	    prog, ROUNDS);
	for (int mode = 0; mode < 3; mode++)
		printf("  %-7s %8.1f us per exec  %+7.1f us\n", names[mode],
		    best[mode] / 1000.0, (best[mode] - best[0]) / 1000.0);
	printf("  events answered: %lu\n", answered);
	return (0);
}
