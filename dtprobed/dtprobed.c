/*
 * dtprobed: the registry of the USDT probes of every running process.
 *
 * Sessions that trace probes of processes not started yet
 * (`dtrace -Z -n 'myprov*:::name'`) learn of new processes from this
 * registry: a directory (default /run/dtrace, -d DIR) holding one file
 * per process that has stapsdt notes in its executable or in a library
 * it maps, named by the process id, written atomically (a temporary
 * ".PID.tmp" then rename()) and removed when the process exits.  A
 * session watches the directory with inotify (libdtrace's
 * probes/dt_registry.c): a file moved in is a process to discover, a
 * file deleted a process gone.  The format (docs/design.md has it too):
 *
 *   dtprobed 1                        format and version
 *   pid 1234                          the process
 *   start 567890                      its start, clock ticks since boot
 *                                     (/proc/PID/stat): a reused id has
 *                                     another start
 *   object 8:1 131077 /usr/bin/app    a file it maps: device, inode, path
 *                                     as the process sees it
 *   note 1130 0 myprov tick           a probe of that file: site and
 *   note 1180 3c10 myprov req -4@%eax semaphore file offsets (hex, 0 for
 *                                     none), provider, name, argument specs
 *
 * The directory's pid file, dtprobed.pid, holds the daemon's id under an
 * exclusive flock(): a session uses the registry only while that lock is
 * held, that is while a daemon lives (a dead daemon's lock is gone with
 * it).  The daemon never removes the directory (a session's inotify watch
 * stays valid across restarts) nor, when it stops, the files: killed and
 * started again, it reads the files there, scans /proc, and rewrites only
 * what changed, so that sessions see no spurious exit and exec.
 *
 * Trust: the directory must be a directory (not a symlink: lstat() and
 * O_NOFOLLOW), owned by root, writable by no one else; the daemon creates
 * it 0755 and its files 0644, with O_NOFOLLOW, through the directory's
 * descriptor (openat(), renameat(), unlinkat()) so that the path cannot
 * be swapped under it.  Sessions check the same (and each file's owner).
 *
 * Process events come from the kernel's process connector (a netlink
 * socket, NETLINK_CONNECTOR / CN_IDX_PROC), not from BPF programs of our
 * own: it needs no program load (no verifier time at start, works where
 * BPF is restricted), leaves no BPF object for `bpftool` or test/leaks
 * to account for, and tells exec (PROC_EVENT_EXEC, with the thread group
 * id) and the exit of a process's main thread (PROC_EVENT_EXIT with
 * pid == tgid) apart as we need.  Its one weakness, a socket buffer that
 * can overflow under an exec storm (ENOBUFS), is covered by a full
 * rescan of /proc, as at start and on SIGHUP.
 *
 * At an exec only the executable and the dynamic loader are mapped: the
 * libraries come while the loader runs.  So a process is read at its exec
 * and again RECHECK_1 and RECHECK_2 ms later; its file is rewritten only
 * if something changed.  (Libraries opened later still, with dlopen(),
 * are seen at the next rescan only.)
 *
 * Reading a process: /proc/PID/stat for its start, /proc/PID/maps for the
 * files it maps executable; each is opened through /proc/PID/map_files
 * (the very file mapped, even in another mount namespace or deleted) and
 * looked up by identity (device, inode, size, mtime) in a cache of files
 * read before.  Files not in the cache are read by a sandboxed child
 * (dt_pd_sandbox.c, dt_pd_notes.c), whose every line is checked; a file
 * the child could not finish (crash, seccomp kill, time out) is cached as
 * failed and logged once: that file's probes are lost, nothing else.
 *
 * Bookkeeping is deliberately simple: the processes registered are an
 * array searched linearly (a machine has hundreds of processes with USDT
 * probes, not millions), the file cache a list emptied when it reaches
 * CACHE_MAX entries.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>

#include "dt_pd.h"

#define REGISTRY_DIR	"/run/dtrace"	/* default registry directory */
#define PIDFILE		"dtprobed.pid"	/* the daemon's pid file in it */
#define RECHECK_1	25		/* ms after exec: read again */
#define RECHECK_2	250		/* and once more */
#define RECHECK_MAX	8192		/* pending rechecks at most */
#define CACHE_MAX	4096		/* files cached at most */
#define OBJ_MAX		512		/* files of one process read at most */
#define MAPS_MAX	(4u << 20)	/* bytes of /proc/PID/maps read */

/* A file read before, by identity. */
typedef struct dt_pd_file {
	dev_t pf_dev;			/* device */
	ino_t pf_ino;			/* inode */
	off_t pf_size;			/* size */
	struct timespec pf_mtime;	/* modification time */
	char *pf_notes;			/* its "note ..." lines, "" if none */
	bool pf_failed;			/* the reader did not finish it */
	struct dt_pd_file *pf_next;	/* next cached file */
} dt_pd_file_t;

/* A process with a registry file. */
typedef struct dt_pd_proc {
	pid_t pp_pid;			/* process id */
	char *pp_text;			/* its file's content */
} dt_pd_proc_t;

/* A process to read again at pr_when. */
typedef struct dt_pd_recheck {
	pid_t pr_pid;			/* process id */
	int64_t pr_when;		/* CLOCK_MONOTONIC, ms */
} dt_pd_recheck_t;

/* One file of a process being read. */
typedef struct dt_pd_obj {
	int po_fd;			/* open through map_files */
	struct stat po_st;		/* its identity */
	char *po_path;			/* as the process names it */
	dt_pd_file_t *po_file;		/* cached result, or NULL */
} dt_pd_obj_t;

static struct {
	const char *pd_dir;		/* registry directory path */
	int pd_dirfd;			/* ... open */
	int pd_pidfd;			/* the pid file, locked */
	int pd_nlfd;			/* process connector socket */
	bool pd_fg;			/* -F: foreground, log to stderr */
	bool pd_verbose;		/* -v: log every change */
	dt_pd_file_t *pd_files;		/* file cache */
	unsigned int pd_nfiles;		/* how many */
	dt_pd_proc_t *pd_procs;		/* processes registered */
	unsigned int pd_nprocs;		/* how many */
	unsigned int pd_proccap;	/* how many allocated */
	dt_pd_recheck_t *pd_rechecks;	/* pending rechecks, by time */
	unsigned int pd_nrechecks;	/* how many */
} pd = { .pd_dirfd = -1, .pd_pidfd = -1, .pd_nlfd = -1 };

static void
logmsg(int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (pd.pd_fg) {
		fprintf(stderr, "dtprobed: ");
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	} else {
		vsyslog(level, fmt, ap);
	}
	va_end(ap);
}

static int64_t
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ((int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000);
}

/* Read a whole small file into a NUL-ended buffer; NULL on failure. */
static char *
slurp(int dirfd, const char *path, size_t max, size_t *lenp)
{
	size_t len = 0, cap = 0;
	char *buf = NULL;
	int fd;

	if ((fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)) < 0)
		return (NULL);
	for (;;) {
		ssize_t n;

		if (len + 4097 > cap) {
			char *nb;

			if (cap >= max || (nb = realloc(buf, cap + 16384)) ==
			    NULL) {
				free(buf);
				close(fd);
				return (NULL);
			}
			buf = nb;
			cap += 16384;
		}
		if ((n = read(fd, buf + len, 4096)) < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			close(fd);
			return (NULL);
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return (buf);
}

/* The start of process pid (clock ticks since boot); -1 if it is gone. */
static int
proc_start(pid_t pid, unsigned long long *startp)
{
	char path[64], *buf, *p;
	int rv = -1;

	snprintf(path, sizeof (path), "/proc/%d/stat", (int)pid);
	if ((buf = slurp(AT_FDCWD, path, 16384, NULL)) == NULL)
		return (-1);
	/* after "pid (comm)": starttime is field 22 */
	if ((p = strrchr(buf, ')')) != NULL && sscanf(p + 2, "%*c %*d %*d "
	    "%*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d "
	    "%llu", startp) == 1)
		rv = 0;
	free(buf);
	return (rv);
}

/* ---- registered processes ------------------------------------------------ */

static dt_pd_proc_t *
proc_find(pid_t pid)
{
	for (unsigned int i = 0; i < pd.pd_nprocs; i++) {
		if (pd.pd_procs[i].pp_pid == pid)
			return (&pd.pd_procs[i]);
	}
	return (NULL);
}

/* Remove the registry file of pid, if it has one. */
static void
proc_unregister(pid_t pid)
{
	dt_pd_proc_t *pp = proc_find(pid);
	char name[32];

	if (pp == NULL)
		return;
	snprintf(name, sizeof (name), "%d", (int)pid);
	if (unlinkat(pd.pd_dirfd, name, 0) != 0 && errno != ENOENT)
		logmsg(LOG_WARNING, "cannot remove %s/%s: %s", pd.pd_dir, name,
		    strerror(errno));
	else if (pd.pd_verbose)
		logmsg(LOG_INFO, "process %d removed", (int)pid);
	free(pp->pp_text);
	*pp = pd.pd_procs[--pd.pd_nprocs];
}

/* Write the registry file of pid atomically, if its content changed. */
static void
proc_publish(pid_t pid, char *text)
{
	dt_pd_proc_t *pp = proc_find(pid);
	char name[32], tmp[48];
	size_t len = strlen(text), off = 0;
	int fd;

	if (pp != NULL && strcmp(pp->pp_text, text) == 0) {
		free(text);
		return;
	}
	if (pp == NULL) {
		if (pd.pd_nprocs == pd.pd_proccap) {
			unsigned int cap = pd.pd_proccap * 2 + 64;
			dt_pd_proc_t *np = realloc(pd.pd_procs, cap *
			    sizeof (*np));

			if (np == NULL) {
				logmsg(LOG_WARNING, "process %d is not "
				    "registered: out of memory", (int)pid);
				free(text);
				return;
			}
			pd.pd_procs = np;
			pd.pd_proccap = cap;
		}
		pp = &pd.pd_procs[pd.pd_nprocs++];
		pp->pp_pid = pid;
		pp->pp_text = NULL;
	}
	snprintf(name, sizeof (name), "%d", (int)pid);
	snprintf(tmp, sizeof (tmp), ".%d.tmp", (int)pid);
	(void) unlinkat(pd.pd_dirfd, tmp, 0);
	if ((fd = openat(pd.pd_dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
	    O_NOFOLLOW | O_CLOEXEC, 0644)) < 0)
		goto fail;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			goto fail;
		}
		off += (size_t)n;
	}
	if (fchmod(fd, 0644) != 0 || close(fd) != 0 ||
	    renameat(pd.pd_dirfd, tmp, pd.pd_dirfd, name) != 0)
		goto fail;
	if (pd.pd_verbose)
		logmsg(LOG_INFO, "process %d %s", (int)pid, pp->pp_text ==
		    NULL ? "registered" : "updated");
	free(pp->pp_text);
	pp->pp_text = text;
	return;
fail:
	logmsg(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir, name,
	    strerror(errno));
	(void) unlinkat(pd.pd_dirfd, tmp, 0);
	free(text);
	if (pp->pp_text == NULL)
		*pp = pd.pd_procs[--pd.pd_nprocs];
}

/* ---- the file cache and the sandboxed reader ------------------------------ */

static void
cache_flush(void)
{
	while (pd.pd_files != NULL) {
		dt_pd_file_t *pf = pd.pd_files;

		pd.pd_files = pf->pf_next;
		free(pf->pf_notes);
		free(pf);
	}
	pd.pd_nfiles = 0;
}

static dt_pd_file_t *
cache_find(const struct stat *st)
{
	for (dt_pd_file_t *pf = pd.pd_files; pf != NULL; pf = pf->pf_next) {
		if (pf->pf_dev == st->st_dev && pf->pf_ino == st->st_ino &&
		    pf->pf_size == st->st_size &&
		    pf->pf_mtime.tv_sec == st->st_mtim.tv_sec &&
		    pf->pf_mtime.tv_nsec == st->st_mtim.tv_nsec)
			return (pf);
	}
	return (NULL);
}

static dt_pd_file_t *
cache_add(const struct stat *st, char *notes, bool failed)
{
	dt_pd_file_t *pf;

	if (pd.pd_nfiles >= CACHE_MAX)
		cache_flush();
	if ((pf = calloc(1, sizeof (*pf))) == NULL) {
		free(notes);
		return (NULL);
	}
	pf->pf_dev = st->st_dev;
	pf->pf_ino = st->st_ino;
	pf->pf_size = st->st_size;
	pf->pf_mtime = st->st_mtim;
	pf->pf_notes = notes;
	pf->pf_failed = failed;
	pf->pf_next = pd.pd_files;
	pd.pd_files = pf;
	pd.pd_nfiles++;
	return (pf);
}

/* What the child reads: the files, in order. */
typedef struct dt_pd_batch {
	const int *pb_fds;		/* descriptors */
	unsigned int pb_n;		/* how many */
	unsigned int pb_crash;		/* fault injection: crash on this one */
} dt_pd_batch_t;

/* In the sandbox: "O i" before the notes of file i. */
static void
batch_read(void *arg, int outfd)
{
	const dt_pd_batch_t *pb = arg;

	for (unsigned int i = 0; i < pb->pb_n; i++) {
		char line[32];
		int n = snprintf(line, sizeof (line), "O %u\n", i);

		if (write(outfd, line, (size_t)n) != n)
			return;
		if (i == pb->pb_crash)
			*(volatile int *)(uintptr_t)(pb->pb_n * 64) = 0;
		dt_pd_notes_write(pb->pb_fds[i], outfd);
	}
}

/*
 * Fault injection, for the tests: the reader crashes (a store to an
 * unmapped address) when it comes to a file whose path ends in "/NAME",
 * DTPROBED_FAULT_CRASH=NAME in the daemon's environment.
 */
static bool
crash_wanted(const char *path)
{
	const char *name = getenv("DTPROBED_FAULT_CRASH"), *slash;

	if (name == NULL || *name == '\0' || (slash = strrchr(path, '/')) ==
	    NULL)
		return (false);
	return (strcmp(slash + 1, name) == 0);
}

/* Append s (len bytes) to the growing string *bufp. */
static int
str_append(char **bufp, size_t *lenp, size_t *capp, const char *s,
    size_t len)
{
	if (*lenp + len + 1 > *capp) {
		size_t cap = (*lenp + len + 1) * 2;
		char *nb = realloc(*bufp, cap);

		if (nb == NULL)
			return (-1);
		*bufp = nb;
		*capp = cap;
	}
	memcpy(*bufp + *lenp, s, len);
	*lenp += len;
	(*bufp)[*lenp] = '\0';
	return (0);
}

static void
child_fate(const dt_pd_run_t *run, char *buf, size_t len)
{
	if (run->pr_timedout)
		snprintf(buf, len, "took too long");
	else if (run->pr_toolong)
		snprintf(buf, len, "wrote too much");
	else if (WIFSIGNALED(run->pr_status))
		snprintf(buf, len, "died of signal %d%s",
		    WTERMSIG(run->pr_status), WTERMSIG(run->pr_status) ==
		    SIGSYS ? " (a system call the sandbox refuses)" : "");
	else if (WIFEXITED(run->pr_status) && WEXITSTATUS(run->pr_status) != 0)
		snprintf(buf, len, "exited with status %d",
		    WEXITSTATUS(run->pr_status));
	else
		snprintf(buf, len, "stopped short");
}

/*
 * Read the files of objs[] that are not cached in one sandboxed child,
 * and cache what it says of each (failed for those it did not finish).
 */
static void
batch_run(dt_pd_obj_t *objs, unsigned int nobjs)
{
	int fds[OBJ_MAX];
	unsigned int map[OBJ_MAX], n = 0, cur = ~0U;
	dt_pd_batch_t pb = { fds, 0, ~0U };
	dt_pd_run_t run;
	char **notes;
	size_t *lens, *caps;
	unsigned long *skipped;
	bool *done;
	char fate[96];
	const char *p, *end;

	for (unsigned int i = 0; i < nobjs; i++) {
		if (objs[i].po_file == NULL) {
			if (crash_wanted(objs[i].po_path))
				pb.pb_crash = n;
			map[n] = i;
			fds[n++] = objs[i].po_fd;
		}
	}
	if (n == 0)
		return;
	pb.pb_n = n;
	notes = calloc(n, sizeof (char *));
	lens = calloc(n, sizeof (size_t));
	caps = calloc(n, sizeof (size_t));
	skipped = calloc(n, sizeof (unsigned long));
	done = calloc(n, sizeof (bool));
	if (notes == NULL || lens == NULL || caps == NULL || skipped == NULL ||
	    done == NULL)
		goto out;
	if (dt_pd_sandbox_run(fds, n, batch_read, &pb, &run) != 0) {
		logmsg(LOG_WARNING, "cannot start the ELF reader: %s",
		    strerror(errno));
		goto out;
	}
	/* every line is checked: the child may have been taken over */
	for (p = run.pr_out, end = run.pr_out + run.pr_len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len;

		if (nl == NULL)
			break;
		len = (size_t)(nl - p);
		if (len > 2 && p[0] == 'O' && p[1] == ' ') {
			unsigned long v = strtoul(p + 2, NULL, 10);

			cur = v < n && cur != v ? (unsigned int)v : ~0U;
		} else if (cur == ~0U || done[cur]) {
			/* out of place: ignored */
		} else if (len == 1 && p[0] == 'E') {
			done[cur] = true;
		} else if (len > 2 && p[0] == 'S' && p[1] == ' ') {
			skipped[cur] = strtoul(p + 2, NULL, 10);
		} else if (len > 2 && p[0] == 'N' && p[1] == ' ' &&
		    dt_pd_note_valid(p + 2, len - 2)) {
			if (str_append(&notes[cur], &lens[cur], &caps[cur],
			    "note ", 5) != 0 || str_append(&notes[cur],
			    &lens[cur], &caps[cur], p + 2, len - 1) != 0)
				done[cur] = false;
		} else {
			skipped[cur]++;
		}
		p = nl + 1;
	}
	child_fate(&run, fate, sizeof (fate));
	for (unsigned int i = 0; i < n; i++) {
		dt_pd_obj_t *po = &objs[map[i]];

		if (!done[i]) {
			logmsg(LOG_WARNING, "%s: its USDT probes are not "
			    "registered: the ELF reader %s", po->po_path, fate);
			free(notes[i]);
			po->po_file = cache_add(&po->po_st, NULL, true);
			continue;
		}
		if (skipped[i] > 0)
			logmsg(LOG_WARNING, "%s: %lu malformed USDT note%s "
			    "skipped", po->po_path, skipped[i], skipped[i] == 1 ?
			    "" : "s");
		po->po_file = cache_add(&po->po_st, notes[i] != NULL ?
		    notes[i] : strdup(""), false);
	}
	free(run.pr_out);
	free(notes);
	notes = NULL;
out:
	if (notes != NULL) {
		for (unsigned int i = 0; i < n; i++)
			free(notes[i]);
	}
	free(notes);
	free(lens);
	free(caps);
	free(skipped);
	free(done);
}

/* ---- reading a process ---------------------------------------------------- */

/*
 * The files process pid maps executable, each once, opened through
 * map_files: their number, at most OBJ_MAX.
 */
static unsigned int
proc_objs(pid_t pid, dt_pd_obj_t *objs)
{
	char path[64], *maps, *line, *next;
	unsigned int n = 0;

	snprintf(path, sizeof (path), "/proc/%d/maps", (int)pid);
	if ((maps = slurp(AT_FDCWD, path, MAPS_MAX, NULL)) == NULL)
		return (0);
	for (line = maps; line != NULL && *line != '\0' && n < OBJ_MAX;
	    line = next) {
		unsigned long lo, hi, ino;
		unsigned int maj, mnr;
		char perms[8], mf[96];
		int pos = 0, fd;
		bool seen = false;

		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (sscanf(line, "%lx-%lx %7s %*x %x:%x %lu %n", &lo, &hi,
		    perms, &maj, &mnr, &ino, &pos) != 6 || pos == 0 ||
		    perms[2] != 'x' || line[pos] != '/' || ino == 0)
			continue;
		for (unsigned int i = 0; i < n; i++) {
			if (objs[i].po_st.st_ino == ino &&
			    objs[i].po_st.st_dev == makedev(maj, mnr))
				seen = true;
		}
		if (seen)
			continue;
		snprintf(mf, sizeof (mf), "/proc/%d/map_files/%lx-%lx",
		    (int)pid, lo, hi);
		if ((fd = open(mf, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		if (fstat(fd, &objs[n].po_st) != 0 ||
		    !S_ISREG(objs[n].po_st.st_mode) ||
		    (objs[n].po_path = strdup(line + pos)) == NULL) {
			close(fd);
			continue;
		}
		/* keyed by what maps says, for the dedup above */
		objs[n].po_st.st_dev = makedev(maj, mnr);
		objs[n].po_st.st_ino = ino;
		objs[n].po_fd = fd;
		objs[n].po_file = NULL;
		n++;
	}
	free(maps);
	return (n);
}

/*
 * Read process pid and publish its registry file, or remove it if the
 * process is gone or has no probes.
 */
static void
proc_register(pid_t pid)
{
	dt_pd_obj_t *objs;
	unsigned long long start;
	unsigned int n;
	char *text = NULL, head[96];
	size_t len = 0, cap = 0;
	bool any = false;

	if (proc_start(pid, &start) != 0) {
		proc_unregister(pid);
		return;
	}
	if ((objs = calloc(OBJ_MAX, sizeof (*objs))) == NULL)
		return;
	n = proc_objs(pid, objs);
	for (unsigned int i = 0; i < n; i++)
		objs[i].po_file = cache_find(&objs[i].po_st);
	batch_run(objs, n);
	snprintf(head, sizeof (head), "dtprobed 1\npid %d\nstart %llu\n",
	    (int)pid, start);
	if (str_append(&text, &len, &cap, head, strlen(head)) != 0)
		goto out;
	for (unsigned int i = 0; i < n; i++) {
		const dt_pd_file_t *pf = objs[i].po_file;
		char obj[64];

		if (pf == NULL || pf->pf_failed || pf->pf_notes[0] == '\0' ||
		    strchr(objs[i].po_path, '\n') != NULL)
			continue;
		snprintf(obj, sizeof (obj), "object %u:%u %lu ",
		    major(objs[i].po_st.st_dev), minor(objs[i].po_st.st_dev),
		    (unsigned long)objs[i].po_st.st_ino);
		if (str_append(&text, &len, &cap, obj, strlen(obj)) != 0 ||
		    str_append(&text, &len, &cap, objs[i].po_path,
		    strlen(objs[i].po_path)) != 0 ||
		    str_append(&text, &len, &cap, "\n", 1) != 0 ||
		    str_append(&text, &len, &cap, pf->pf_notes,
		    strlen(pf->pf_notes)) != 0)
			goto out;
		any = true;
	}
	/* gone while we read it: no file */
	if (any && kill(pid, 0) != 0 && errno == ESRCH)
		any = false;
	if (any) {
		proc_publish(pid, text);
		text = NULL;
	} else {
		proc_unregister(pid);
	}
out:
	free(text);
	for (unsigned int i = 0; i < n; i++) {
		close(objs[i].po_fd);
		free(objs[i].po_path);
	}
	free(objs);
}

static void
recheck_add(pid_t pid, int64_t when)
{
	unsigned int i;

	if (pd.pd_nrechecks == RECHECK_MAX)
		return;		/* an exec storm: the rescans catch up */
	if (pd.pd_rechecks == NULL && (pd.pd_rechecks = calloc(RECHECK_MAX,
	    sizeof (dt_pd_recheck_t))) == NULL)
		return;
	for (i = pd.pd_nrechecks; i > 0 &&
	    pd.pd_rechecks[i - 1].pr_when > when; i--)
		pd.pd_rechecks[i] = pd.pd_rechecks[i - 1];
	pd.pd_rechecks[i] = (dt_pd_recheck_t){ pid, when };
	pd.pd_nrechecks++;
}

static void
rechecks_run(void)
{
	int64_t now = now_ms();
	unsigned int k = 0;

	while (k < pd.pd_nrechecks && pd.pd_rechecks[k].pr_when <= now)
		k++;
	if (k == 0)
		return;		/* none due (and maybe no array yet) */
	for (unsigned int i = 0; i < k; i++)
		proc_register(pd.pd_rechecks[i].pr_pid);
	memmove(pd.pd_rechecks, pd.pd_rechecks + k, (pd.pd_nrechecks - k) *
	    sizeof (dt_pd_recheck_t));
	pd.pd_nrechecks -= k;
}

static bool
all_digits(const char *s)
{
	if (*s == '\0' || *s == '0')
		return (false);
	for (; *s != '\0'; s++) {
		if (!isdigit((unsigned char)*s))
			return (false);
	}
	return (true);
}

/*
 * Every process of /proc read again; registry files of processes gone,
 * and stale temporary files, removed.
 */
static void
rescan(void)
{
	DIR *d;
	struct dirent *de;
	int fd;

	if ((d = opendir("/proc")) == NULL) {
		logmsg(LOG_ERR, "cannot read /proc: %s", strerror(errno));
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (all_digits(de->d_name))
			proc_register((pid_t)atoi(de->d_name));
	}
	closedir(d);
	for (unsigned int i = 0; i < pd.pd_nprocs;) {
		unsigned long long start;
		pid_t pid = pd.pd_procs[i].pp_pid;

		if (proc_start(pid, &start) != 0)
			proc_unregister(pid);	/* moves the last one here */
		else
			i++;
	}
	if ((fd = dup(pd.pd_dirfd)) < 0 || (d = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	rewinddir(d);
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		bool tmp = de->d_name[0] == '.' && len > 4 &&
		    strcmp(de->d_name + len - 4, ".tmp") == 0;

		if (tmp || (all_digits(de->d_name) &&
		    proc_find((pid_t)atoi(de->d_name)) == NULL))
			(void) unlinkat(pd.pd_dirfd, de->d_name, 0);
	}
	closedir(d);
}

/*
 * At start: take the files a previous daemon left as registered, so that
 * those still true are not rewritten.
 */
static void
registry_load(void)
{
	DIR *d;
	struct dirent *de;
	int fd;

	if ((fd = dup(pd.pd_dirfd)) < 0 || (d = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		char *text;
		struct stat st;

		if (!all_digits(de->d_name) ||
		    fstatat(pd.pd_dirfd, de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
		    (text = slurp(pd.pd_dirfd, de->d_name, 16u << 20,
		    NULL)) == NULL)
			continue;
		if (pd.pd_nprocs == pd.pd_proccap) {
			unsigned int cap = pd.pd_proccap * 2 + 64;
			dt_pd_proc_t *np = realloc(pd.pd_procs, cap *
			    sizeof (*np));

			if (np == NULL) {
				free(text);
				break;
			}
			pd.pd_procs = np;
			pd.pd_proccap = cap;
		}
		pd.pd_procs[pd.pd_nprocs].pp_pid = (pid_t)atoi(de->d_name);
		pd.pd_procs[pd.pd_nprocs++].pp_text = text;
	}
	closedir(d);
}

/* ---- process events -------------------------------------------------------- */

static int
events_open(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK,
		.nl_groups = CN_IDX_PROC,
	};
	struct {
		struct nlmsghdr nh;
		struct cn_msg cn;
		enum proc_cn_mcast_op op;
	} __attribute__((packed)) msg;
	int fd, sz = 4 << 20;

	if ((fd = socket(PF_NETLINK, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    NETLINK_CONNECTOR)) < 0)
		return (-1);
	(void) setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &sz, sizeof (sz));
	if (bind(fd, (struct sockaddr *)&sa, sizeof (sa)) != 0) {
		close(fd);
		return (-1);
	}
	memset(&msg, 0, sizeof (msg));
	msg.nh.nlmsg_len = sizeof (msg);
	msg.nh.nlmsg_type = NLMSG_DONE;
	msg.nh.nlmsg_pid = (uint32_t)getpid();
	msg.cn.id.idx = CN_IDX_PROC;
	msg.cn.id.val = CN_VAL_PROC;
	msg.cn.len = sizeof (msg.op);
	msg.op = PROC_CN_MCAST_LISTEN;
	if (send(fd, &msg, sizeof (msg), 0) != (ssize_t)sizeof (msg)) {
		close(fd);
		return (-1);
	}
	return (fd);
}

/* Read the events queued; false if some were lost (rescan). */
static bool
events_read(void)
{
	for (;;) {
		char buf[16384] __attribute__((aligned(NLMSG_ALIGNTO)));
		struct sockaddr_nl from;
		struct iovec iov = { buf, sizeof (buf) };
		struct msghdr mh = {
			.msg_name = &from, .msg_namelen = sizeof (from),
			.msg_iov = &iov, .msg_iovlen = 1,
		};
		ssize_t got = recvmsg(pd.pd_nlfd, &mh, 0);
		struct nlmsghdr *nh;
		int n = (int)got;

		if (got < 0) {
			if (errno == EINTR)
				continue;
			return (errno != ENOBUFS);
		}
		if (from.nl_pid != 0)
			continue;	/* not from the kernel */
		for (nh = (struct nlmsghdr *)buf; NLMSG_OK(nh, n);
		    nh = NLMSG_NEXT(nh, n)) {
			const struct cn_msg *cn = NLMSG_DATA(nh);
			struct proc_event ev;

			if (nh->nlmsg_type == NLMSG_ERROR ||
			    nh->nlmsg_type == NLMSG_OVERRUN)
				return (false);
			if (nh->nlmsg_type != NLMSG_DONE ||
			    nh->nlmsg_len < NLMSG_LENGTH(sizeof (*cn) +
			    sizeof (ev)) || cn->id.idx != CN_IDX_PROC)
				continue;
			/* only 4-byte aligned in the message */
			memcpy(&ev, cn->data, sizeof (ev));
			if (ev.what == PROC_EVENT_EXEC) {
				pid_t pid = ev.event_data.exec.process_tgid;

				proc_register(pid);
				recheck_add(pid, now_ms() + RECHECK_1);
				recheck_add(pid, now_ms() + RECHECK_2);
			} else if (ev.what == PROC_EVENT_EXIT &&
			    ev.event_data.exit.process_pid ==
			    ev.event_data.exit.process_tgid) {
				proc_unregister(ev.event_data.exit.process_tgid);
			}
		}
	}
}

/* ---- start ---------------------------------------------------------------- */

/* Is the directory open on fd (or st) ours to trust? NULL if so. */
static const char *
dir_untrusted(const struct stat *st)
{
	if (!S_ISDIR(st->st_mode))
		return ("is not a directory");
	if (st->st_uid != 0)
		return ("is not owned by root");
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return ("is writable by others than root");
	return (NULL);
}

static int
dir_open(const char *dir)
{
	struct stat st;
	const char *why;
	int fd;

	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		logmsg(LOG_ERR, "cannot create %s: %s", dir, strerror(errno));
		return (-1);
	}
	if (lstat(dir, &st) != 0) {
		logmsg(LOG_ERR, "%s: %s", dir, strerror(errno));
		return (-1);
	}
	if (S_ISLNK(st.st_mode)) {
		logmsg(LOG_ERR, "%s is a symbolic link: refused", dir);
		return (-1);
	}
	if ((why = dir_untrusted(&st)) != NULL) {
		logmsg(LOG_ERR, "%s %s: refused", dir, why);
		return (-1);
	}
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
		logmsg(LOG_ERR, "cannot open %s: %s", dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		return (-1);
	}
	/* the same checks on what was opened: it may have been swapped */
	if ((why = dir_untrusted(&st)) != NULL) {
		logmsg(LOG_ERR, "%s %s: refused", dir, why);
		close(fd);
		return (-1);
	}
	return (fd);
}

/* Lock the pid file: only one daemon per registry. */
static int
pidfile_lock(void)
{
	char buf[32] = "";
	struct stat st;
	int fd;

	if ((fd = openat(pd.pd_dirfd, PIDFILE, O_RDWR | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC, 0644)) < 0 || fstat(fd, &st) != 0) {
		logmsg(LOG_ERR, "cannot open %s/%s: %s", pd.pd_dir, PIDFILE,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return (-1);
	}
	if (!S_ISREG(st.st_mode) || st.st_uid != 0) {
		logmsg(LOG_ERR, "%s/%s is not a regular file of root: refused",
		    pd.pd_dir, PIDFILE);
		close(fd);
		return (-1);
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK) {
			(void) !pread(fd, buf, sizeof (buf) - 1, 0);
			buf[strcspn(buf, "\n")] = '\0';
			logmsg(LOG_ERR, "another dtprobed (process %s) "
			    "keeps %s", buf[0] != '\0' ? buf : "?", pd.pd_dir);
		} else {
			logmsg(LOG_ERR, "cannot lock %s/%s: %s", pd.pd_dir,
			    PIDFILE, strerror(errno));
		}
		close(fd);
		return (-1);
	}
	(void) fchmod(fd, 0644);
	return (fd);
}

static void
pidfile_write(void)
{
	char buf[32];
	int n = snprintf(buf, sizeof (buf), "%d\n", (int)getpid());

	if (ftruncate(pd.pd_pidfd, 0) != 0 ||
	    pwrite(pd.pd_pidfd, buf, (size_t)n, 0) != n)
		logmsg(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir,
		    PIDFILE, strerror(errno));
}

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: dtprobed [-Fv] [-d dir]\n"
	    "\t-F      stay in the foreground, log to standard error\n"
	    "\t-d dir  registry directory (default " REGISTRY_DIR ")\n"
	    "\t-v      log every process registered and removed\n");
}

int
main(int argc, char **argv)
{
	struct epoll_event ev = { .events = EPOLLIN };
	sigset_t sigs;
	int c, sfd, efd, ready[2] = { -1, -1 };

	pd.pd_dir = REGISTRY_DIR;
	while ((c = getopt(argc, argv, "Fd:vh")) != -1) {
		switch (c) {
		case 'F': pd.pd_fg = true; break;
		case 'd': pd.pd_dir = optarg; break;
		case 'v': pd.pd_verbose = true; break;
		case 'h': usage(stdout); return (0);
		default: usage(stderr); return (2);
		}
	}
	if (optind != argc) {
		usage(stderr);
		return (2);
	}
	if (!pd.pd_fg)
		openlog("dtprobed", LOG_PID, LOG_DAEMON);
	if (geteuid() != 0) {
		fprintf(stderr, "dtprobed: must run as root\n");
		return (1);
	}
	umask(022);
	signal(SIGPIPE, SIG_IGN);
	/* errors up to here go to the terminal even without -F */
	{
		bool fg = pd.pd_fg;

		pd.pd_fg = true;
		if ((pd.pd_dirfd = dir_open(pd.pd_dir)) < 0 ||
		    (pd.pd_pidfd = pidfile_lock()) < 0)
			return (1);
		if ((pd.pd_nlfd = events_open()) < 0) {
			logmsg(LOG_ERR, "cannot listen to process events "
			    "(netlink process connector): %s", strerror(errno));
			return (1);
		}
		pd.pd_fg = fg;
	}
	if (!pd.pd_fg) {
		pid_t pid;
		char b = 0;

		if (pipe2(ready, O_CLOEXEC) != 0 || (pid = fork()) < 0) {
			perror("dtprobed: fork");
			return (1);
		}
		if (pid > 0) {
			/* the parent: exits once the registry is ready */
			close(ready[1]);
			return (read(ready[0], &b, 1) == 1 ? 0 : 1);
		}
		close(ready[0]);
		(void) setsid();
		if (chdir("/") != 0)
			return (1);
		if ((c = open("/dev/null", O_RDWR)) >= 0) {
			dup2(c, 0);
			dup2(c, 1);
			dup2(c, 2);
			if (c > 2)
				close(c);
		}
	}
	pidfile_write();

	sigemptyset(&sigs);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGHUP);
	sigprocmask(SIG_BLOCK, &sigs, NULL);
	if ((sfd = signalfd(-1, &sigs, SFD_CLOEXEC | SFD_NONBLOCK)) < 0 ||
	    (efd = epoll_create1(EPOLL_CLOEXEC)) < 0) {
		logmsg(LOG_ERR, "cannot wait for events: %s", strerror(errno));
		return (1);
	}
	ev.data.fd = pd.pd_nlfd;
	if (epoll_ctl(efd, EPOLL_CTL_ADD, pd.pd_nlfd, &ev) != 0)
		return (1);
	ev.data.fd = sfd;
	if (epoll_ctl(efd, EPOLL_CTL_ADD, sfd, &ev) != 0)
		return (1);

	registry_load();
	rescan();
	logmsg(LOG_INFO, "ready: %u process%s registered in %s", pd.pd_nprocs,
	    pd.pd_nprocs == 1 ? "" : "es", pd.pd_dir);
	if (ready[1] >= 0) {
		(void) !write(ready[1], "", 1);
		close(ready[1]);
	}

	for (;;) {
		struct epoll_event evs[4];
		int timeout = -1, n;

		if (pd.pd_nrechecks > 0) {
			int64_t d = pd.pd_rechecks[0].pr_when - now_ms();

			timeout = d < 0 ? 0 : (int)d;
		}
		n = epoll_wait(efd, evs, 4, timeout);
		if (n < 0 && errno != EINTR) {
			logmsg(LOG_ERR, "epoll_wait: %s", strerror(errno));
			return (1);
		}
		for (int i = 0; i < n; i++) {
			if (evs[i].data.fd == sfd) {
				struct signalfd_siginfo si;

				while (read(sfd, &si, sizeof (si)) ==
				    (ssize_t)sizeof (si)) {
					if (si.ssi_signo == SIGHUP) {
						rescan();
						continue;
					}
					logmsg(LOG_INFO, "stopped by signal "
					    "%u", si.ssi_signo);
					cache_flush();
					return (0);
				}
			} else if (!events_read()) {
				logmsg(LOG_WARNING, "process events were "
				    "lost: scanning /proc");
				rescan();
			}
		}
		rechecks_run();
	}
}
