/*
 * bench/openperm: what holding every open() would cost, for a daemon
 * that waits for a library dlopen()ed late (docs/design.md, "Libraries
 * dlopen()ed late, never seen").
 *
 * fanotify's FAN_OPEN_PERM on a file system makes every open() of a
 * file there wait for the listener's answer.  A daemon would answer at
 * once for a file that is not an ELF object with probes, and put an
 * ignore mark on it so that its later opens make no event; the kernel
 * drops that mark when the file is modified.  This measures, on a file
 * system of its own (a tmpfs mounted under DIR, so that no other
 * process of the machine is held), the time per open()+close() of
 *
 *   same     one file, N times
 *   new      N files made before, each opened once (a first open each)
 *   create   N files created (open O_CREAT|O_EXCL)
 *   append   one file opened, a byte appended, closed, N times (the
 *            ignore mark is dropped at each write)
 *
 * under four listeners:
 *
 *   none     no mark
 *   allow    a thread that answers FAN_ALLOW at once, no ignore mark
 *   ignore   the same, and an ignore mark on each file it answered for
 *   check    what a daemon needs: fstat(), a pread() of the ELF header
 *            (64 bytes), then the answer and the ignore mark
 *
 * and the listener's CPU time per event.  Three rounds, best median.
 * Usage: openperm [N [DIR]] (default 2000, /tmp).  Needs root.
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
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS	3

enum { L_NONE, L_ALLOW, L_IGNORE, L_CHECK, L_N };
enum { W_SAME, W_NEW, W_CREATE, W_APPEND, W_N };

static const char *const lnames[] = { "none", "allow", "ignore", "check" };
static const char *const wnames[] = { "same", "new", "create", "append" };

static int fan_fd = -1;
static volatile int mode;
static volatile unsigned long answered;
static volatile int64_t lcpu;		/* listener CPU, ns */
static char mnt[4096];

static int64_t
now_ns(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return ((int64_t)t.tv_sec * 1000000000 + t.tv_nsec);
}

static void *
listener(void *arg)
{
	char buf[8192] __attribute__((aligned(8)));

	(void) arg;
	for (;;) {
		ssize_t n = read(fan_fd, buf, sizeof (buf));
		int64_t c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return (NULL);
		for (struct fanotify_event_metadata *m = (void *)buf;
		    FAN_EVENT_OK(m, n); m = FAN_EVENT_NEXT(m, n)) {
			struct fanotify_response r = { .fd = m->fd,
			    .response = FAN_ALLOW };
			char hdr[64];
			struct stat st;

			if (m->fd < 0)
				continue;
			if (mode == L_CHECK) {
				(void) fstat(m->fd, &st);
				(void) !pread(m->fd, hdr, sizeof (hdr), 0);
			}
			(void) !write(fan_fd, &r, sizeof (r));
			if (mode >= L_IGNORE)
				(void) fanotify_mark(fan_fd, FAN_MARK_ADD |
				    FAN_MARK_IGNORED_MASK, FAN_OPEN_PERM,
				    m->fd, NULL);
			close(m->fd);
			answered++;
		}
		lcpu += now_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
	}
}

static int
cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x < y ? -1 : x > y);
}

/* The median ns per operation of workload w, n times. */
static int64_t
work(int w, int n, int round)
{
	int64_t *t = calloc((size_t)n, sizeof (int64_t)), med;
	char path[4200];
	int fd;

	if (t == NULL)
		exit(1);
	snprintf(path, sizeof (path), "%s/same", mnt);
	for (int i = 0; i < n; i++) {
		int64_t s;

		if (w == W_NEW)
			snprintf(path, sizeof (path), "%s/n%d.%d.%d", mnt,
			    round, mode, i);
		else if (w == W_CREATE)
			snprintf(path, sizeof (path), "%s/c%d.%d.%d", mnt,
			    round, mode, i);
		s = now_ns(CLOCK_MONOTONIC);
		if (w == W_CREATE)
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL |
			    O_CLOEXEC, 0644);
		else if (w == W_APPEND)
			fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
		else
			fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			perror(path);
			exit(1);
		}
		if (w == W_APPEND)
			(void) !write(fd, "x", 1);
		close(fd);
		t[i] = now_ns(CLOCK_MONOTONIC) - s;
	}
	qsort(t, (size_t)n, sizeof (int64_t), cmp);
	med = t[n / 2];
	free(t);
	return (med);
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2000;
	const char *dir = argc > 2 ? argv[2] : "/tmp";
	int64_t best[L_N][W_N];
	unsigned long events[L_N] = { 0 };
	int64_t cpu[L_N] = { 0 };
	pthread_t th;
	char path[4200];

	if (n < 1)
		n = 1;
	snprintf(mnt, sizeof (mnt), "%s/openperm.XXXXXX", dir);
	if (mkdtemp(mnt) == NULL || mount("openperm", mnt, "tmpfs", 0,
	    "size=64m") != 0) {
		perror(mnt);
		return (1);
	}
	if ((fan_fd = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC,
	    O_RDONLY | O_LARGEFILE)) < 0) {
		perror("fanotify_init");
		return (1);
	}
	if (pthread_create(&th, NULL, listener, NULL) != 0)
		return (1);
	snprintf(path, sizeof (path), "%s/same", mnt);
	close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	for (int l = 0; l < L_N; l++)
		for (int w = 0; w < W_N; w++)
			best[l][w] = INT64_MAX;
	for (int r = 0; r < ROUNDS; r++) {
		for (int l = 0; l < L_N; l++) {
			unsigned long a0;
			int64_t c0;

			mode = l;
			/* the files of "new", made before the mark */
			for (int i = 0; i < n; i++) {
				snprintf(path, sizeof (path), "%s/n%d.%d.%d",
				    mnt, r, l, i);
				close(open(path, O_WRONLY | O_CREAT |
				    O_CLOEXEC, 0644));
			}
			if (l > L_NONE && fanotify_mark(fan_fd, FAN_MARK_ADD |
			    FAN_MARK_FILESYSTEM, FAN_OPEN_PERM, AT_FDCWD,
			    mnt) != 0) {
				perror("fanotify_mark");
				return (1);
			}
			a0 = answered;
			c0 = lcpu;
			for (int w = 0; w < W_N; w++) {
				int64_t m = work(w, n, r);

				if (m < best[l][w])
					best[l][w] = m;
			}
			events[l] += answered - a0;
			cpu[l] += lcpu - c0;
			if (l > L_NONE) {
				(void) fanotify_mark(fan_fd, FAN_MARK_FLUSH |
				    FAN_MARK_FILESYSTEM, 0, AT_FDCWD, mnt);
				(void) fanotify_mark(fan_fd, FAN_MARK_FLUSH,
				    0, AT_FDCWD, NULL);
			}
		}
	}
	printf("openperm: %d opens per workload, tmpfs, best median of %d "
	    "rounds (us per open+close)\n", n, ROUNDS);
	printf("  %-7s", "");
	for (int w = 0; w < W_N; w++)
		printf(" %16s", wnames[w]);
	printf("  events  listener CPU/event\n");
	for (int l = 0; l < L_N; l++) {
		printf("  %-7s", lnames[l]);
		for (int w = 0; w < W_N; w++)
			printf("  %6.1f (%+6.1f)", best[l][w] / 1000.0,
			    (best[l][w] - best[L_NONE][w]) / 1000.0);
		printf("  %6lu  %6.1f us\n", events[l] / ROUNDS, events[l] ?
		    cpu[l] / 1000.0 / (double)events[l] : 0.0);
	}
	(void) umount2(mnt, MNT_DETACH);
	(void) rmdir(mnt);
	return (0);
}
