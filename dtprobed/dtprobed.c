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
 * The files the daemon has read that have probes are listed, whether a
 * process maps them now or not, in the directory's file "known", so that
 * a session can arm the probes of a file before its next process starts
 * (probes/dt_registry.c): a line per file, the newest first, at most
 * KNOWN_BYTES, rewritten (atomically, as above) when the list changes,
 * at most once a second (KNOWN_PERIOD).  A daemon started again reads
 * the files of the list it finds there again, those still the same
 * (known_load()), so that a restart forgets none:
 *
 *   dtprobed-known 1                  format and version
 *   gen 42                            the list's number: each list
 *                                     written has the next (a session
 *                                     acknowledges the one it armed,
 *                                     dt_pd_hold.c)
 *   file 8:1 131077 27736 1733500000 123456789 myprov,other /usr/bin/app
 *                                     device, inode, size, modification
 *                                     time (s, ns): its identity; its
 *                                     providers; the path a process last
 *                                     mapped it by
 *
 * While sessions that discover processes run, the daemon holds each
 * exec until they have armed its file's probes (-H MS at most):
 * dt_pd_hold.c, with the verdict on each file here (dt_pd_exec_verdict()).
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
 * read before.  A file not in the cache is queued, and the process waits
 * for it (its registry file, if it has one, stays as it was); once every
 * file it maps is read, it is registered.
 *
 * Reading a file: one sandboxed child per file (dt_pd_sandbox.c,
 * dt_pd_notes.c), started from the queue by the event loop and waited
 * for there (its pipe and a pidfd in the epoll set), so that the daemon
 * never blocks on a reader.  At most JOBS_MAX readers run at once, at
 * most JOBS_OWNER of them on files of one owner (the file's uid): the
 * first file in the queue whose owner has a reader free goes next, so
 * that a user's slow files hold up only that user's.  A reader past its
 * budget (DT_PD_TIMEOUT) is killed.  The daemon reads the file's program
 * headers itself and checks every line the child wrote against them
 * (dt_pd_notes_parse()).  A file whose reader failed (crash, seccomp
 * kill, time out, killed by anyone) is logged and tried again after
 * RETRY_FIRST ms, doubling to RETRY_LAST; the processes waiting for it
 * are registered without it and read again when it is due.
 *
 * Bounds, whatever the files (docs/security.md): DT_PD_NOTES_MAX notes
 * and DT_PD_TEXT_MAX bytes of note lines per file, PROC_BYTES per
 * registry file, TOTAL_BYTES for all of them (a process that would go
 * over is not registered, or not updated), CACHE_BYTES of notes and
 * CACHE_MAX files in the cache (past either, the files read are dropped
 * from it), QUEUE_MAX files queued.  Log messages escape what comes from
 * a file or a process (esc()), and warnings are rate-limited.
 *
 * Bookkeeping is deliberately simple: the processes registered are an
 * array searched linearly (a machine has hundreds of processes with USDT
 * probes, not millions), the file cache a list.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
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
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/types.h>

#include "dt_pd.h"

#define REGISTRY_DIR	"/run/dtrace"	/* default registry directory */
#define PIDFILE		"dtprobed.pid"	/* the daemon's pid file in it */
#define RECHECK_1	25		/* ms after exec: read again */
#define RECHECK_2	250		/* and once more */
#define RECHECK_MAX	8192		/* pending rechecks at most */
#define OBJ_MAX		512		/* files of one process read at most */
#define MAPS_MAX	(4u << 20)	/* bytes of /proc/PID/maps read */
#define JOBS_MAX	4		/* sandboxed readers at once */
#define JOBS_OWNER	2		/* ... reading files of one owner */
#define QUEUE_MAX	1024		/* files waiting for a reader */
#define WAITERS_MAX	64		/* processes waiting for one file */
#define CACHE_MAX	4096		/* files cached at most */
#define CACHE_BYTES	(16u << 20)	/* bytes of notes cached at most */
#define PROC_BYTES	(1u << 20)	/* bytes of one registry file */
#define TOTAL_BYTES	(32u << 20)	/* bytes of all registry files */
#define KNOWN		"known"		/* the list of files read */
#define KNOWN_BYTES	(1u << 20)	/* ... its bytes at most */
#define KNOWN_PERIOD	1000		/* ms: ... written at most this often */
#define KNOWN_URGENT	20		/* ms: ... or this often for an exec
					   held (dt_pd_hold.c) */
#define HOLD_BUDGET	200		/* ms an exec is held at most (-H) */
#define KNOWN_WAIT	10000		/* ms: ... at start, not before the
					   files of the last list are read, or
					   this long */
#define RETRY_FIRST	1000		/* ms before a failed file's next try */
#define RETRY_LAST	300000		/* at most (doubling each try) */
#define RETRY_MAX	8		/* failures that schedule a recheck */
#define LOG_BURST	20		/* warnings logged per LOG_PERIOD */
#define LOG_PERIOD	10000		/* ms */
#define PATH_ESC	512		/* an escaped path in a log line */

/* Where a file of the cache is. */
typedef enum dt_pd_fstate {
	PF_QUEUED,			/* waiting for a reader */
	PF_READING,			/* a reader has it */
	PF_DONE,			/* read: pf_notes */
	PF_FAILED			/* the reader failed: try again later */
} dt_pd_fstate_t;

/* A file read before (or being read), by identity. */
typedef struct dt_pd_file {
	dev_t pf_dev;			/* device */
	ino_t pf_ino;			/* inode */
	off_t pf_size;			/* size */
	struct timespec pf_mtime;	/* modification time */
	uid_t pf_uid;			/* owner: whose share of the readers */
	dt_pd_fstate_t pf_state;	/* where it is */
	char *pf_notes;			/* done: its "note ..." lines, or "" */
	size_t pf_len;			/* ... their bytes */
	unsigned int pf_tries;		/* failed reads in a row */
	int64_t pf_retry;		/* failed: not read again before (ms) */
	int pf_fd;			/* queued, reading: the file, or -1 */
	char *pf_path;			/* ... a path of it, for the logs */
	char *pf_known;			/* done, with notes: the path a
					   process last mapped it by (KNOWN) */
	uint64_t pf_gen;		/* ... the generation of KNOWN that
					   first listed it, 0 if none yet */
	char *pf_deps;			/* done: the libraries it needs and
					   its search paths (L, R, Q lines
					   of its reader), or NULL */
	size_t pf_depslen;		/* ... their bytes */
	int64_t pf_dclat;		/* an executable: when its libraries
					   were last found to need no hold
					   (ms), 0 never */
	dt_pd_verdict_t pf_dclv;	/* ... the verdict then */
	uint64_t pf_dclepoch;		/* ... the sessions then */
	uid_t pf_dcluid;		/* ... for this fsuid, */
	gid_t pf_dclgid;		/* ... fsgid */
	dev_t pf_dclrdev;		/* ... and root directory */
	ino_t pf_dclrino;
	pid_t *pf_waiters;		/* ... processes waiting for it */
	unsigned int pf_nwaiters;	/* ... how many */
	struct dt_pd_file *pf_next;	/* next cached file */
} dt_pd_file_t;

/* A sandboxed reader at work on one file. */
typedef struct dt_pd_job {
	dt_pd_file_t *pj_file;		/* the file; NULL: the slot is free */
	pid_t pj_child;			/* the child */
	int pj_pipe;			/* its output, or -1 once at its end */
	int pj_pidfd;			/* readable when it ended, or -1 */
	char *pj_out;			/* what it wrote */
	size_t pj_len;			/* ... bytes */
	size_t pj_cap;			/* ... allocated */
	int64_t pj_deadline;		/* killed at (CLOCK_MONOTONIC, ms) */
	bool pj_killed;			/* killed: failed */
	bool pj_timedout;		/* ... for running past its deadline */
	bool pj_toolong;		/* ... for writing too much */
	bool pj_segsok;			/* pj_segs read */
	dt_pd_segs_t pj_segs;		/* its segments, as the daemon read them */
} dt_pd_job_t;

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
	int pd_efd;			/* the event loop's epoll set */
	dt_pd_file_t *pd_files;		/* file cache */
	unsigned int pd_nfiles;		/* how many */
	size_t pd_cachebytes;		/* bytes of notes they hold */
	dt_pd_file_t *pd_queue[QUEUE_MAX]; /* files to read, in order */
	unsigned int pd_nqueue;		/* how many */
	dt_pd_job_t pd_jobs[JOBS_MAX];	/* the readers */
	size_t pd_regbytes;		/* bytes of all registry files */
	size_t pd_regmax;		/* ... at most: TOTAL_BYTES */
	int64_t pd_logstart;		/* warnings: this period's start */
	unsigned int pd_lognum;		/* ... logged in it */
	unsigned long pd_logdropped;	/* ... not logged */
	dt_pd_proc_t *pd_procs;		/* processes registered */
	unsigned int pd_nprocs;		/* how many */
	unsigned int pd_proccap;	/* how many allocated */
	dt_pd_recheck_t *pd_rechecks;	/* pending rechecks, by time */
	unsigned int pd_nrechecks;	/* how many */
	bool pd_knowndirty;		/* KNOWN is to be written again */
	bool pd_knownurgent;		/* ... soon: an exec waits for it */
	int64_t pd_knownat;		/* ... last written (ms) */
	uint64_t pd_knowngen;		/* ... its generation, the last one */
	int pd_holdms;			/* -H: an exec held at most (ms) */
} pd = { .pd_dirfd = -1, .pd_pidfd = -1, .pd_nlfd = -1, .pd_efd = -1 };

static void proc_register(pid_t);
static void recheck_add(pid_t, int64_t);
static void job_end(dt_pd_job_t *, int);
static void known_path(struct dt_pd_file *, const char *);

/*
 * Log a message.  Warnings are rate-limited: at most LOG_BURST in
 * LOG_PERIOD ms, then how many were not logged.  Whatever of a file or
 * a process goes into a message is escaped first (esc()).
 */
void
dt_pd_log(int level, const char *fmt, ...)
{
	va_list ap;

	if (level == LOG_WARNING) {
		int64_t now = dt_pd_now_ms();

		if (now - pd.pd_logstart >= LOG_PERIOD) {
			unsigned long n = pd.pd_logdropped;

			pd.pd_logstart = now;
			pd.pd_lognum = 0;
			pd.pd_logdropped = 0;
			if (n > 0)
				dt_pd_log(LOG_NOTICE, "%lu warning%s not logged "
				    "(at most %d in %d ms)", n, n == 1 ? "" :
				    "s", LOG_BURST, LOG_PERIOD);
		}
		if (pd.pd_lognum >= LOG_BURST) {
			pd.pd_logdropped++;
			return;
		}
		pd.pd_lognum++;
	}
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

/*
 * s made safe for a terminal or the journal, in buf: bytes that are not
 * printable ASCII, and backslashes, as \xHH; cut with "..." if long.
 */
static const char *
esc(const char *s, char *buf, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (o + 4 + 4 >= len) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		if (c >= 0x20 && c < 0x7f && c != '\\') {
			buf[o++] = (char)c;
			continue;
		}
		buf[o++] = '\\';
		buf[o++] = 'x';
		buf[o++] = hex[c >> 4];
		buf[o++] = hex[c & 15];
	}
	buf[o] = '\0';
	return (buf);
}

int64_t
dt_pd_now_ms(void)
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
		dt_pd_log(LOG_WARNING, "cannot remove %s/%s: %s", pd.pd_dir, name,
		    strerror(errno));
	else if (pd.pd_verbose)
		dt_pd_log(LOG_INFO, "process %d removed", (int)pid);
	pd.pd_regbytes -= strlen(pp->pp_text);
	free(pp->pp_text);
	*pp = pd.pd_procs[--pd.pd_nprocs];
}

/*
 * Write the file name of the registry atomically: text (len bytes) to a
 * temporary ".name.tmp", renamed over name.  -1 (errno set) on failure.
 */
static int
dir_write(const char *name, const char *text, size_t len)
{
	char tmp[64];
	size_t off = 0;
	int fd, err;

	snprintf(tmp, sizeof (tmp), ".%s.tmp", name);
	(void) unlinkat(pd.pd_dirfd, tmp, 0);
	if ((fd = openat(pd.pd_dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
	    O_NOFOLLOW | O_CLOEXEC, 0644)) < 0)
		return (-1);
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			close(fd);
			goto fail;
		}
		off += (size_t)n;
	}
	if (fchmod(fd, 0644) != 0) {
		err = errno;
		close(fd);
		goto fail;
	}
	if (close(fd) != 0 ||
	    renameat(pd.pd_dirfd, tmp, pd.pd_dirfd, name) != 0) {
		err = errno;
		goto fail;
	}
	return (0);
fail:
	(void) unlinkat(pd.pd_dirfd, tmp, 0);
	errno = err;
	return (-1);
}

/*
 * Write the registry file of pid atomically (text, len bytes), if its
 * content changed and all registry files stay within TOTAL_BYTES.
 */
static void
proc_publish(pid_t pid, char *text, size_t len)
{
	dt_pd_proc_t *pp = proc_find(pid);
	char name[32];
	size_t old = pp != NULL ? strlen(pp->pp_text) : 0;

	if (pp != NULL && strcmp(pp->pp_text, text) == 0) {
		free(text);
		return;
	}
	if (pd.pd_regbytes - old + len > pd.pd_regmax) {
		dt_pd_log(LOG_WARNING, "process %d is not %s: the registry holds "
		    "%zu bytes, at most %zu", (int)pid, pp == NULL ?
		    "registered" : "updated", pd.pd_regbytes, pd.pd_regmax);
		free(text);
		return;
	}
	if (pp == NULL) {
		if (pd.pd_nprocs == pd.pd_proccap) {
			unsigned int cap = pd.pd_proccap * 2 + 64;
			dt_pd_proc_t *np = realloc(pd.pd_procs, cap *
			    sizeof (*np));

			if (np == NULL) {
				dt_pd_log(LOG_WARNING, "process %d is not "
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
	if (dir_write(name, text, len) != 0)
		goto fail;
	if (pd.pd_verbose)
		dt_pd_log(LOG_INFO, "process %d %s", (int)pid, pp->pp_text ==
		    NULL ? "registered" : "updated");
	pd.pd_regbytes += len - old;
	free(pp->pp_text);
	pp->pp_text = text;
	return;
fail:
	dt_pd_log(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir, name,
	    strerror(errno));
	free(text);
	if (pp->pp_text == NULL)
		*pp = pd.pd_procs[--pd.pd_nprocs];
}

/* ---- the file cache and the queue of sandboxed readers ------------------ */

/*
 * The cache's entries that are read or failed are dropped when it holds
 * more than CACHE_MAX files or CACHE_BYTES bytes of notes; those queued
 * or being read stay (they are few: QUEUE_MAX, JOBS_MAX).  Called from
 * the event loop only, where no one holds a pointer to an entry.
 */
static void
cache_trim(bool all)
{
	dt_pd_file_t **pp = &pd.pd_files;

	if (!all && pd.pd_nfiles <= CACHE_MAX && pd.pd_cachebytes <=
	    CACHE_BYTES)
		return;
	while (*pp != NULL) {
		dt_pd_file_t *pf = *pp;

		if (!all && (pf->pf_state == PF_QUEUED ||
		    pf->pf_state == PF_READING)) {
			pp = &pf->pf_next;
			continue;
		}
		*pp = pf->pf_next;
		pd.pd_cachebytes -= pf->pf_len + pf->pf_depslen;
		if (pf->pf_fd >= 0)
			close(pf->pf_fd);
		if (pf->pf_known != NULL)
			pd.pd_knowndirty = true;
		free(pf->pf_known);
		free(pf->pf_notes);
		free(pf->pf_deps);
		free(pf->pf_path);
		free(pf->pf_waiters);
		free(pf);
		pd.pd_nfiles--;
	}
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

/*
 * Queue the file of po to be read (a new entry if pf is NULL, else a
 * failed one to try again): it takes po's descriptor.  NULL if the
 * queue is full.
 */
static dt_pd_file_t *
file_queue(dt_pd_file_t *pf, dt_pd_obj_t *po)
{
	char *path;

	if (pd.pd_nqueue >= QUEUE_MAX || (path = strdup(po->po_path)) == NULL)
		return (NULL);
	if (pf == NULL) {
		if ((pf = calloc(1, sizeof (*pf))) == NULL) {
			free(path);
			return (NULL);
		}
		pf->pf_dev = po->po_st.st_dev;
		pf->pf_ino = po->po_st.st_ino;
		pf->pf_size = po->po_st.st_size;
		pf->pf_mtime = po->po_st.st_mtim;
		pf->pf_next = pd.pd_files;
		pd.pd_files = pf;
		pd.pd_nfiles++;
	}
	pf->pf_uid = po->po_st.st_uid;
	pf->pf_state = PF_QUEUED;
	pf->pf_fd = po->po_fd;
	pf->pf_path = path;
	po->po_fd = -1;
	pd.pd_queue[pd.pd_nqueue++] = pf;
	return (pf);
}

/* Process pid waits for file pf: registered again once it is read. */
static bool
file_wait(dt_pd_file_t *pf, pid_t pid)
{
	for (unsigned int i = 0; i < pf->pf_nwaiters; i++) {
		if (pf->pf_waiters[i] == pid)
			return (true);
	}
	if (pf->pf_waiters == NULL && (pf->pf_waiters = calloc(WAITERS_MAX,
	    sizeof (pid_t))) == NULL)
		return (false);
	if (pf->pf_nwaiters == WAITERS_MAX)
		return (false);
	pf->pf_waiters[pf->pf_nwaiters++] = pid;
	return (true);
}

/* What the child gets: the file, and fault injection for the tests. */
typedef struct dt_pd_task {
	int pt_fd;			/* the file */
	bool pt_crash;			/* crash before reading it */
	bool pt_hang;			/* spin instead of reading it */
} dt_pd_task_t;

/* In the sandbox: the notes of one file. */
static void
file_read(void *arg, int outfd)
{
	const dt_pd_task_t *pt = arg;
	volatile uintptr_t bad = 64;	/* not NULL: no sanitizer report */

	if (pt->pt_crash)
		*(volatile int *)bad = 0;
	while (pt->pt_hang)
		;
	dt_pd_notes_write(pt->pt_fd, outfd);
}

/*
 * Fault injection, for the tests: the reader crashes (a store to an
 * unmapped address) when it comes to a file whose path ends in "/NAME",
 * DTPROBED_FAULT_CRASH=NAME in the daemon's environment, or spins
 * forever (as a read of a file on a hung file system would wait) with
 * DTPROBED_FAULT_HANG=NAME.  A name may start with '*': any path ending
 * in the rest.  With DTPROBED_FAULT_FIRST set, only the first try of a
 * file fails so.
 */
static bool
fault_wanted(const char *var, const char *path)
{
	const char *name = getenv(var), *slash;
	size_t n, len = strlen(path);

	if (name == NULL || *name == '\0')
		return (false);
	if (name[0] == '*')
		return ((n = strlen(name + 1)) <= len &&
		    strcmp(path + len - n, name + 1) == 0);
	if ((slash = strrchr(path, '/')) == NULL)
		return (false);
	return (strcmp(slash + 1, name) == 0);
}

static void
job_fate(const dt_pd_job_t *pj, int status, char *buf, size_t len)
{
	if (pj->pj_timedout)
		snprintf(buf, len, "took too long (over %d ms)", DT_PD_TIMEOUT);
	else if (pj->pj_toolong)
		snprintf(buf, len, "wrote too much");
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "died of signal %d%s", WTERMSIG(status),
		    WTERMSIG(status) == SIGSYS ?
		    " (a system call the sandbox refuses)" : "");
	else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		snprintf(buf, len, "exited with status %d",
		    WEXITSTATUS(status));
	else
		snprintf(buf, len, "stopped short");
}

static void
job_unwatch(int *fdp)
{
	if (*fdp < 0)
		return;
	(void) epoll_ctl(pd.pd_efd, EPOLL_CTL_DEL, *fdp, NULL);
	close(*fdp);
	*fdp = -1;
}

/* Start reading the first queued file whose owner has a reader free. */
static bool
job_start(void)
{
	dt_pd_job_t *pj = NULL;
	dt_pd_file_t *pf = NULL;
	struct epoll_event ev = { .events = EPOLLIN };
	dt_pd_task_t task;
	unsigned int q;

	for (unsigned int i = 0; i < JOBS_MAX && pj == NULL; i++) {
		if (pd.pd_jobs[i].pj_file == NULL)
			pj = &pd.pd_jobs[i];
	}
	if (pj == NULL)
		return (false);
	for (q = 0; q < pd.pd_nqueue && pf == NULL; q++) {
		unsigned int busy = 0;

		for (unsigned int i = 0; i < JOBS_MAX; i++) {
			if (pd.pd_jobs[i].pj_file != NULL &&
			    pd.pd_jobs[i].pj_file->pf_uid ==
			    pd.pd_queue[q]->pf_uid)
				busy++;
		}
		if (busy < JOBS_OWNER)
			pf = pd.pd_queue[q];
	}
	if (pf == NULL)
		return (false);
	memmove(&pd.pd_queue[q - 1], &pd.pd_queue[q], (pd.pd_nqueue - q) *
	    sizeof (pd.pd_queue[0]));
	pd.pd_nqueue--;

	memset(pj, 0, sizeof (*pj));
	pj->pj_file = pf;
	pj->pj_pipe = pj->pj_pidfd = -1;
	pf->pf_state = PF_READING;
	/* the daemon's own look at the file, for the child's offsets */
	pj->pj_segsok = dt_pd_segs_read(pf->pf_fd, &pj->pj_segs) == 0;
	task.pt_fd = pf->pf_fd;
	task.pt_crash = fault_wanted("DTPROBED_FAULT_CRASH", pf->pf_path);
	task.pt_hang = fault_wanted("DTPROBED_FAULT_HANG", pf->pf_path);
	if (pf->pf_tries > 0 && getenv("DTPROBED_FAULT_FIRST") != NULL)
		task.pt_crash = task.pt_hang = false;
	pj->pj_deadline = dt_pd_now_ms() + DT_PD_TIMEOUT;
	if (dt_pd_sandbox_start(&pf->pf_fd, 1, file_read, &task,
	    &pj->pj_child, &pj->pj_pipe) != 0) {
		dt_pd_log(LOG_WARNING, "cannot start the ELF reader: %s",
		    strerror(errno));
		pj->pj_child = 0;
		job_end(pj, 0);
		return (true);
	}
	pj->pj_pidfd = (int)syscall(SYS_pidfd_open, pj->pj_child, 0);
	ev.data.fd = pj->pj_pipe;
	(void) epoll_ctl(pd.pd_efd, EPOLL_CTL_ADD, pj->pj_pipe, &ev);
	if (pj->pj_pidfd >= 0) {
		ev.data.fd = pj->pj_pidfd;
		(void) epoll_ctl(pd.pd_efd, EPOLL_CTL_ADD, pj->pj_pidfd, &ev);
	}
	return (true);
}

/* Start readers while some are free and files wait. */
static void
jobs_run(void)
{
	while (pd.pd_nqueue > 0 && job_start())
		;
}

static void
job_kill(dt_pd_job_t *pj)
{
	if (pj->pj_child > 0)
		(void) kill(pj->pj_child, SIGKILL);
	pj->pj_killed = true;
	job_unwatch(&pj->pj_pipe);
}

/* Read what the child wrote; true at the end of its output. */
static bool
job_input(dt_pd_job_t *pj)
{
	for (;;) {
		ssize_t n;

		if (pj->pj_len + 4096 + 1 > pj->pj_cap) {
			size_t cap = pj->pj_cap + 65536;
			char *nb;

			if (pj->pj_len + 4096 > DT_PD_OUTMAX + 4096) {
				pj->pj_toolong = true;
				job_kill(pj);
				return (true);
			}
			if ((nb = realloc(pj->pj_out, cap)) == NULL) {
				job_kill(pj);
				return (true);
			}
			pj->pj_out = nb;
			pj->pj_cap = cap;
		}
		n = read(pj->pj_pipe, pj->pj_out + pj->pj_len, 4096);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return (false);
		if (n <= 0) {
			job_unwatch(&pj->pj_pipe);
			return (true);
		}
		pj->pj_len += (size_t)n;
	}
}

/*
 * The reader of pj is done (exited with status, or could not start):
 * the file's notes cached, or the failure and the time of the next try;
 * the processes waiting for it registered again.
 */
static void
job_end(dt_pd_job_t *pj, int status)
{
	dt_pd_file_t *pf = pj->pj_file;
	dt_pd_notes_t pn = { 0 };
	char fate[96], path[PATH_ESC];
	bool ok;

	job_unwatch(&pj->pj_pipe);
	job_unwatch(&pj->pj_pidfd);
	esc(pf->pf_path, path, sizeof (path));
	if (!pj->pj_segsok)
		pj->pj_segs.pg_n = 0;	/* not ELF to the daemon: no notes */
	ok = pj->pj_child > 0 && !pj->pj_killed && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 0 && pj->pj_out != NULL &&
	    dt_pd_notes_parse(pj->pj_out, pj->pj_len, &pj->pj_segs,
	    &pn) == 0 && pn.pn_done;
	if (ok) {
		pf->pf_state = PF_DONE;
		pf->pf_tries = 0;
		pf->pf_notes = pn.pn_text != NULL ? pn.pn_text : strdup("");
		pf->pf_len = pn.pn_len;
		pf->pf_deps = pn.pn_deps;
		pf->pf_depslen = pn.pn_depslen;
		pd.pd_cachebytes += pn.pn_len + pn.pn_depslen;
		if (pf->pf_notes == NULL)
			pf->pf_state = PF_FAILED;
		else if (pf->pf_notes[0] != '\0')
			known_path(pf, pf->pf_path);
		if (pn.pn_skipped > 0)
			dt_pd_log(LOG_WARNING, "%s: %lu malformed USDT note%s "
			    "skipped", path, pn.pn_skipped, pn.pn_skipped == 1 ?
			    "" : "s");
		if (pn.pn_dropped > 0)
			dt_pd_log(LOG_WARNING, "%s: %lu USDT note%s over the "
			    "limits (%u notes, %u bytes of a file) dropped", path,
			    pn.pn_dropped, pn.pn_dropped == 1 ? "" : "s",
			    DT_PD_NOTES_MAX, DT_PD_TEXT_MAX);
	} else {
		free(pn.pn_text);
		free(pn.pn_deps);
		pf->pf_state = PF_FAILED;
	}
	if (pf->pf_state == PF_FAILED) {
		int64_t wait = RETRY_FIRST;

		for (unsigned int i = 0; i < pf->pf_tries && wait < RETRY_LAST;
		    i++)
			wait *= 2;
		if (wait > RETRY_LAST)
			wait = RETRY_LAST;
		pf->pf_tries++;
		pf->pf_retry = dt_pd_now_ms() + wait;
		if (pj->pj_child > 0)
			job_fate(pj, status, fate, sizeof (fate));
		else
			snprintf(fate, sizeof (fate), "did not start");
		dt_pd_log(LOG_WARNING, "%s: its USDT probes are not registered: "
		    "the ELF reader %s (try %u, next in %lld ms)", path, fate,
		    pf->pf_tries, (long long)wait);
	}
	free(pj->pj_out);
	close(pf->pf_fd);
	pf->pf_fd = -1;
	free(pf->pf_path);
	pf->pf_path = NULL;
	pj->pj_file = NULL;
	/* the waiting processes: registered with what there is now */
	for (unsigned int i = 0; i < pf->pf_nwaiters; i++) {
		pid_t pid = pf->pf_waiters[i];

		proc_register(pid);
		if (pf->pf_state == PF_FAILED && pf->pf_tries <= RETRY_MAX)
			recheck_add(pid, pf->pf_retry);
	}
	free(pf->pf_waiters);
	pf->pf_waiters = NULL;
	pf->pf_nwaiters = 0;
	dt_pd_hold_recheck();	/* execs waiting for this file */
}

/* The descriptor fd is ready: a reader's output or its end. */
static bool
job_event(int fd)
{
	for (unsigned int i = 0; i < JOBS_MAX; i++) {
		dt_pd_job_t *pj = &pd.pd_jobs[i];
		int status = 0;

		if (pj->pj_file == NULL)
			continue;
		if (fd == pj->pj_pipe) {
			if (job_input(pj) && pj->pj_pidfd < 0 &&
			    waitpid(pj->pj_child, &status, 0) == pj->pj_child)
				job_end(pj, status);
			return (true);
		}
		if (fd == pj->pj_pidfd) {
			if (waitpid(pj->pj_child, &status, WNOHANG) !=
			    pj->pj_child)
				return (true);
			/* what it wrote before it ended */
			if (pj->pj_pipe >= 0)
				(void) job_input(pj);
			job_end(pj, status);
			return (true);
		}
	}
	return (false);
}

/* Kill the readers past their deadline; ms to the next deadline. */
static int64_t
jobs_expire(void)
{
	int64_t now = dt_pd_now_ms(), next = -1;

	for (unsigned int i = 0; i < JOBS_MAX; i++) {
		dt_pd_job_t *pj = &pd.pd_jobs[i];

		if (pj->pj_file == NULL)
			continue;
		if (!pj->pj_killed && now >= pj->pj_deadline) {
			pj->pj_timedout = true;
			job_kill(pj);
			if (pj->pj_pidfd < 0) {
				int status = 0;

				(void) waitpid(pj->pj_child, &status, 0);
				job_end(pj, status);
				continue;
			}
		}
		if (!pj->pj_killed && (next < 0 || pj->pj_deadline - now <
		    next))
			next = pj->pj_deadline - now;
	}
	return (next);
}

static bool
jobs_idle(void)
{
	for (unsigned int i = 0; i < JOBS_MAX; i++) {
		if (pd.pd_jobs[i].pj_file != NULL)
			return (false);
	}
	return (pd.pd_nqueue == 0);
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

/* ---- the files known: KNOWN ----------------------------------------------- */

/* A process maps file pf, which has probes, by path. */
static void
known_path(dt_pd_file_t *pf, const char *path)
{
	char *p;

	if (pf->pf_known != NULL && strcmp(pf->pf_known, path) == 0)
		return;
	if ((p = strdup(path)) == NULL)
		return;
	free(pf->pf_known);
	pf->pf_known = p;
	pd.pd_knowndirty = true;
}

/*
 * The providers of a file's note lines ("note SITE SEM PROV NAME ...")
 * appended to *bufp, each once, separated by commas.
 */
static int
known_provs(const char *notes, char **bufp, size_t *lenp, size_t *capp)
{
	size_t start = *lenp;

	for (const char *l = notes; *l != '\0'; ) {
		const char *end = strchr(l, '\n'), *p = l;
		size_t plen;

		if (end == NULL)
			end = l + strlen(l);
		for (int f = 0; f < 3 && p < end; f++) {
			p = memchr(p, ' ', (size_t)(end - p));
			p = p == NULL ? end : p + 1;
		}
		plen = strcspn(p, " \n");
		if (p + plen <= end && plen > 0) {
			const char *have = *bufp == NULL ? "" : *bufp + start;
			bool seen = false;

			/* the providers so far: ",a,b" after start */
			for (const char *h = have; *h != '\0' && !seen; ) {
				size_t hl = strcspn(h + 1, ",");

				seen = hl == plen && memcmp(h + 1, p, plen) == 0;
				h += 1 + hl;
			}
			if (!seen && (str_append(bufp, lenp, capp, ",", 1) != 0 ||
			    str_append(bufp, lenp, capp, p, plen) != 0))
				return (-1);
		}
		l = *end == '\n' ? end + 1 : end;
	}
	return (0);
}

/*
 * Write KNOWN again if it changed: the files read that have probes and
 * a path, the newest first, as long as it stays within KNOWN_BYTES; at
 * most once in KNOWN_PERIOD ms (a user who runs one binary by two paths
 * in turn changes it at each process).  The ms until it is due, or -1 if
 * nothing is pending.
 */
static int64_t
known_publish(void)
{
	char *text = NULL;
	size_t len = 0, cap = 0;
	int64_t now = dt_pd_now_ms();

	char gen[40];
	int64_t period = pd.pd_knownurgent ? KNOWN_URGENT : KNOWN_PERIOD;

	if (!pd.pd_knowndirty)
		return (-1);
	if (pd.pd_knownat != 0 && now - pd.pd_knownat < period)
		return (period - (now - pd.pd_knownat));
	pd.pd_knowndirty = pd.pd_knownurgent = false;
	pd.pd_knownat = now;
	pd.pd_knowngen++;
	snprintf(gen, sizeof (gen), "gen %llu\n",
	    (unsigned long long)pd.pd_knowngen);
	if (str_append(&text, &len, &cap, "dtprobed-known 1\n", 17) != 0 ||
	    str_append(&text, &len, &cap, gen, strlen(gen)) != 0)
		goto fail;
	for (dt_pd_file_t *pf = pd.pd_files; pf != NULL; pf = pf->pf_next) {
		char head[128];
		size_t mark = len, provs;

		if (pf->pf_known == NULL || pf->pf_state != PF_DONE ||
		    pf->pf_notes[0] == '\0')
			continue;
		snprintf(head, sizeof (head), "file %u:%u %lu %lld %lld %ld ",
		    major(pf->pf_dev), minor(pf->pf_dev),
		    (unsigned long)pf->pf_ino, (long long)pf->pf_size,
		    (long long)pf->pf_mtime.tv_sec, pf->pf_mtime.tv_nsec);
		if (str_append(&text, &len, &cap, head, strlen(head)) != 0)
			goto fail;
		provs = len;
		if (known_provs(pf->pf_notes, &text, &len, &cap) != 0)
			goto fail;
		if (len == provs) {	/* no provider: not listed */
			len = mark;
			text[len] = '\0';
			continue;
		}
		/* the providers' leading comma out */
		memmove(text + provs, text + provs + 1, len - provs);
		len--;
		if (str_append(&text, &len, &cap, " ", 1) != 0 ||
		    str_append(&text, &len, &cap, pf->pf_known,
		    strlen(pf->pf_known)) != 0 ||
		    str_append(&text, &len, &cap, "\n", 1) != 0)
			goto fail;
		if (len > KNOWN_BYTES) {
			len = mark;	/* this one and those after: left out */
			text[len] = '\0';
			break;
		}
		if (pf->pf_gen == 0)
			pf->pf_gen = pd.pd_knowngen;
	}
	if (dir_write(KNOWN, text, len) != 0)
		dt_pd_log(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir,
		    KNOWN, strerror(errno));
	free(text);
	dt_pd_hold_recheck();	/* execs waiting for this list */
	return (-1);
fail:
	dt_pd_log(LOG_WARNING, "%s/%s is not written: out of memory", pd.pd_dir,
	    KNOWN);
	free(text);
	return (-1);
}

/*
 * At start: the files of the KNOWN a daemon before this one wrote are
 * read again, so that a restart forgets none (a session arms their
 * probes before their next process starts).  A line is a path and an
 * identity: the path is opened O_PATH, without following a final
 * symbolic link, and kept only if that very file is a regular file with
 * the line's identity (device, inode, size, modification time), then
 * opened for reading through that descriptor, never by its path again:
 * a file changed or replaced since is dropped, and learnt again when a
 * process maps it.  At most QUEUE_MAX files, from a list of at most
 * KNOWN_BYTES; KNOWN is not written again until they are read (or
 * KNOWN_WAIT has passed).
 */
static void
known_load(void)
{
	char *text = slurp(pd.pd_dirfd, KNOWN, KNOWN_BYTES + 4096, NULL);
	unsigned int n = 0;
	char *save = NULL;

	if (text == NULL)
		return;
	if (strncmp(text, "dtprobed-known 1\n", 17) != 0) {
		free(text);
		return;
	}
	for (char *l = strtok_r(text + 17, "\n", &save); l != NULL;
	    l = strtok_r(NULL, "\n", &save)) {
		unsigned long long gen;
		unsigned int maj, min;
		unsigned long ino;
		long long size, sec;
		long nsec;
		int off = 0, fd, rfd;
		struct stat st;
		char self[64];
		const char *path;
		dt_pd_obj_t po;

		/* generations go on from the last daemon's */
		if (sscanf(l, "gen %llu", &gen) == 1) {
			pd.pd_knowngen = gen;
			continue;
		}
		if (sscanf(l, "file %u:%u %lu %lld %lld %ld %*s %n", &maj, &min,
		    &ino, &size, &sec, &nsec, &off) != 6 || off == 0 ||
		    (path = l + off)[0] != '/')
			continue;
		if ((fd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC)) < 0)
			continue;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
		    st.st_dev != makedev(maj, min) || st.st_ino != ino ||
		    st.st_size != size || st.st_mtim.tv_sec != sec ||
		    st.st_mtim.tv_nsec != nsec || cache_find(&st) != NULL) {
			close(fd);
			continue;
		}
		snprintf(self, sizeof (self), "/proc/self/fd/%d", fd);
		rfd = open(self, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		close(fd);
		if (rfd < 0)
			continue;
		po = (dt_pd_obj_t){ .po_fd = rfd, .po_st = st,
		    .po_path = (char *)path };
		if (file_queue(NULL, &po) == NULL) {
			close(rfd);
			break;		/* the queue is full */
		}
		n++;
	}
	free(text);
	if (n > 0)
		dt_pd_log(LOG_INFO, "%u file%s of %s/%s to read again", n,
		    n == 1 ? "" : "s", pd.pd_dir, KNOWN);
}

/* ---- an exec held (dt_pd_hold.c) ------------------------------------------ */

/*
 * The path of the file open on fd, as the daemon sees it, in buf: what
 * the known list gives sessions to look at (they check the identity).
 * NULL for a file without a path (deleted, anonymous).
 */
static const char *
fd_path(int fd, char *buf, size_t len)
{
	char self[64];
	ssize_t n;

	snprintf(self, sizeof (self), "/proc/self/fd/%d", fd);
	if ((n = readlink(self, buf, len - 1)) <= 0 || buf[0] != '/')
		return (NULL);
	buf[n] = '\0';
	if ((size_t)n == len - 1 || (n > 10 &&
	    strcmp(buf + n - 10, " (deleted)") == 0))
		return (NULL);
	return (buf);
}

/*
 * The verdict for one file of a held process, read (PF_DONE), mapped by
 * path: DT_PD_NEVER if it has no probes, DT_PD_WAIT until the known list
 * lists it and every session that wants one of its providers has
 * acknowledged that list (dt_pd_hold_wanted()), else DT_PD_ALLOW.
 */
static dt_pd_verdict_t
file_verdict(dt_pd_file_t *pf, pid_t pid, const char *path)
{
	char *provs = NULL;
	size_t len = 0, cap = 0;
	bool wanted, acked;

	if (pf->pf_notes[0] == '\0')
		return (DT_PD_NEVER);
	if (known_provs(pf->pf_notes, &provs, &len, &cap) != 0 ||
	    provs == NULL) {
		free(provs);
		return (DT_PD_ALLOW);
	}
	wanted = dt_pd_hold_wanted(provs + 1, pid, pf->pf_gen, &acked);
	free(provs);
	if (!wanted || (pf->pf_gen != 0 && acked))
		return (DT_PD_ALLOW);
	if (pf->pf_gen == 0) {
		if (pf->pf_known == NULL && path == NULL)
			return (DT_PD_ALLOW);	/* no path to give sessions */
		if (pf->pf_known == NULL)
			known_path(pf, path);
		pd.pd_knownurgent = true;
	}
	return (DT_PD_WAIT);
}

/* Of two verdicts, the one that holds longer. */
static dt_pd_verdict_t
verdict_join(dt_pd_verdict_t a, dt_pd_verdict_t b)
{
	if (a == DT_PD_WAIT || b == DT_PD_WAIT)
		return (DT_PD_WAIT);
	if (a == DT_PD_ALLOW || b == DT_PD_ALLOW)
		return (DT_PD_ALLOW);
	return (DT_PD_NEVER);
}

/* The value of the line of deps (L, R, Q lines) that starts with tag. */
static const char *
deps_line(const char *deps, char tag, char *buf, size_t len)
{
	for (const char *l = deps; l != NULL && *l != '\0'; ) {
		const char *nl = strchr(l, '\n');
		size_t n = nl != NULL ? (size_t)(nl - l) : strlen(l);

		if (l[0] == tag && n > 2 && n - 2 < len) {
			memcpy(buf, l + 2, n - 2);
			buf[n - 2] = '\0';
			return (buf);
		}
		l = nl != NULL ? nl + 1 : NULL;
	}
	return (NULL);
}

/* The file-system uid and gid of process pid, from its status. */
static bool
proc_fsids(pid_t pid, uid_t *uidp, gid_t *gidp)
{
	char name[64], *text, *u, *g;
	unsigned int uid, gid;
	bool ok;

	snprintf(name, sizeof (name), "/proc/%d/status", (int)pid);
	if ((text = slurp(AT_FDCWD, name, 8192, NULL)) == NULL)
		return (false);
	u = strstr(text, "\nUid:");
	g = strstr(text, "\nGid:");
	ok = u != NULL && g != NULL &&
	    sscanf(u, "\nUid: %*u %*u %*u %u", &uid) == 1 &&
	    sscanf(g, "\nGid: %*u %*u %*u %u", &gid) == 1;
	free(text);
	*uidp = uid;
	*gidp = gid;
	return (ok);
}

#define DEPS_OBJS	64		/* libraries of one process at most */
#define DEPS_TTL	1000		/* ms a search that held nothing is
					   trusted, same user and root */

/* One object of a process's libraries, being walked. */
typedef struct dt_pd_dobj {
	dt_pd_file_t *pd_file;		/* read */
	char *pd_path;			/* its path, as found */
	dev_t pd_dev;			/* identity */
	ino_t pd_ino;
} dt_pd_dobj_t;

/*
 * The libraries process pid will map at start, the DT_NEEDED closure of
 * its executable exe (path: as the daemon sees it), found as its loader
 * will (dt_pd_deps.c), breadth first: a library never read is queued for
 * a reader (the process waits for it), one read has its verdict joined;
 * its own libraries are walked in turn.  At most DEPS_OBJS libraries;
 * a search past its bounds or a library that could not be read gives
 * DT_PD_ALLOW (never DT_PD_NEVER: its next exec is looked at again).
 * A search that held nothing is trusted for DEPS_TTL ms for the same
 * fsuid, fsgid and root (an executable with probes no session wants is
 * asked at every exec: python3.11's 9 libraries cost ~1 ms each time),
 * as long as the sessions stay the same (dt_pd_hold_epoch()).
 */
static dt_pd_verdict_t
deps_verdict(dt_pd_file_t *exe, const char *path, pid_t pid)
{
	dt_pd_dobj_t objs[DEPS_OBJS + 1];
	unsigned int nobjs = 0;
	dt_pd_verdict_t v = DT_PD_NEVER;
	char xrpath[DT_PD_DEPPATH_MAX + 1], xorigin[PATH_MAX];
	const char *xr, *slash;
	struct timespec t0;
	struct stat rst;
	uid_t uid;
	gid_t gid;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (exe->pf_deps == NULL || strstr(exe->pf_deps, "L ") == NULL)
		return (DT_PD_NEVER);		/* static, or needs nothing */
	snprintf(xorigin, sizeof (xorigin), "/proc/%d/root", (int)pid);
	if (path == NULL || (slash = strrchr(path, '/')) == NULL ||
	    !proc_fsids(pid, &uid, &gid) || stat(xorigin, &rst) != 0)
		return (DT_PD_ALLOW);
	/* found lately for the same user and root: not looked for again */
	if (exe->pf_dclat != 0 && dt_pd_now_ms() - exe->pf_dclat <
	    DEPS_TTL && exe->pf_dclepoch == dt_pd_hold_epoch() &&
	    exe->pf_dcluid == uid && exe->pf_dclgid == gid &&
	    exe->pf_dclrdev == rst.st_dev && exe->pf_dclrino == rst.st_ino)
		return (exe->pf_dclv);
	if (!dt_pd_deps_begin(pid, uid, gid)) {
		(void) dt_pd_deps_end();
		return (DT_PD_ALLOW);
	}
	snprintf(xorigin, sizeof (xorigin), "%.*s", slash == path ? 1 :
	    (int)(slash - path), path);
	xr = deps_line(exe->pf_deps, 'Q', xrpath, sizeof (xrpath));
	objs[nobjs++] = (dt_pd_dobj_t){ .pd_file = exe,
	    .pd_path = strdup(path) };
	for (unsigned int o = 0; o < nobjs; o++) {
		const char *deps = objs[o].pd_file->pf_deps;
		char runpath[DT_PD_DEPPATH_MAX + 1], rpath[DT_PD_DEPPATH_MAX + 1];
		char origin[PATH_MAX];
		dt_pd_dsearch_t ds = { .ds_xorigin = xorigin };

		if (deps == NULL || objs[o].pd_path == NULL ||
		    (slash = strrchr(objs[o].pd_path, '/')) == NULL)
			continue;
		snprintf(origin, sizeof (origin), "%.*s", slash ==
		    objs[o].pd_path ? 1 : (int)(slash - objs[o].pd_path),
		    objs[o].pd_path);
		ds.ds_origin = origin;
		ds.ds_runpath = deps_line(deps, 'R', runpath, sizeof (runpath));
		if (ds.ds_runpath == NULL) {
			ds.ds_rpath = deps_line(deps, 'Q', rpath,
			    sizeof (rpath));
			ds.ds_xrpath = xr;
		}
		for (const char *l = deps; *l != '\0'; ) {
			const char *nl = strchr(l, '\n');
			char name[DT_PD_DEPNAME_MAX + 1], found[PATH_MAX];
			char view[PATH_MAX];
			size_t n = nl != NULL ? (size_t)(nl - l) : strlen(l);
			dt_pd_file_t *pf;
			struct stat st;
			bool seen = false;
			int fd;

			if (l[0] != 'L' || n < 3 || n - 2 >= sizeof (name)) {
				l += n + (nl != NULL);
				continue;
			}
			memcpy(name, l + 2, n - 2);
			name[n - 2] = '\0';
			l += n + (nl != NULL);
			if ((fd = dt_pd_dep_find(name, &ds, &st, found,
			    sizeof (found))) < 0)
				continue;	/* its loader fails too */
			for (unsigned int i = 0; i < nobjs && !seen; i++)
				seen = objs[i].pd_dev == st.st_dev &&
				    objs[i].pd_ino == st.st_ino;
			if (seen) {
				close(fd);
				continue;
			}
			if (nobjs == DEPS_OBJS) {
				close(fd);
				v = verdict_join(v, DT_PD_ALLOW);
				break;
			}
			if ((pf = cache_find(&st)) == NULL) {
				/* the daemon's view: what sessions open */
				const char *vp = fd_path(fd, view,
				    sizeof (view));
				dt_pd_obj_t po = { .po_fd = fd, .po_st = st,
				    .po_path = (char *)(vp != NULL ? vp :
				    found) };

				if (file_queue(NULL, &po) == NULL) {
					close(fd);
					v = verdict_join(v, DT_PD_ALLOW);
				} else {
					v = DT_PD_WAIT;
				}
				continue;
			}
			if (pf->pf_state == PF_QUEUED ||
			    pf->pf_state == PF_READING)
				v = DT_PD_WAIT;
			else if (pf->pf_state != PF_DONE)
				v = verdict_join(v, DT_PD_ALLOW);
			else
				v = verdict_join(v, file_verdict(pf, pid,
				    fd_path(fd, view, sizeof (view))));
			close(fd);
			if (pf->pf_state == PF_DONE)
				objs[nobjs++] = (dt_pd_dobj_t){ .pd_file = pf,
				    .pd_path = strdup(found),
				    .pd_dev = st.st_dev, .pd_ino = st.st_ino };
		}
	}
	for (unsigned int i = 0; i < nobjs; i++)
		free(objs[i].pd_path);
	if (!dt_pd_deps_end())
		v = verdict_join(v, DT_PD_ALLOW);	/* past its bounds */
	else if (v != DT_PD_WAIT) {
		exe->pf_dclat = dt_pd_now_ms();
		exe->pf_dclv = v;
		exe->pf_dclepoch = dt_pd_hold_epoch();
		exe->pf_dcluid = uid;
		exe->pf_dclgid = gid;
		exe->pf_dclrdev = rst.st_dev;
		exe->pf_dclrino = rst.st_ino;
	}
	if (pd.pd_verbose) {
		struct timespec t1;

		clock_gettime(CLOCK_MONOTONIC, &t1);
		dt_pd_log(LOG_INFO, "process %d: %u librar%s looked for in "
		    "%lld us%s", (int)pid, nobjs - 1, nobjs == 2 ? "y" : "ies",
		    (long long)((t1.tv_sec - t0.tv_sec) * 1000000 +
		    (t1.tv_nsec - t0.tv_nsec) / 1000), v == DT_PD_WAIT ?
		    ", held" : "");
	}
	return (v);
}

/*
 * Process pid executes the file open on fd (fanotify's descriptor, the
 * very file): may it run now?  A file never read is queued for a reader
 * on a descriptor of its own (the answer waits for it); one read waits
 * as file_verdict() says, and so do the libraries its loader will map
 * (deps_verdict()).
 */
dt_pd_verdict_t
dt_pd_exec_verdict(int fd, pid_t pid)
{
	char path[PATH_MAX];
	const char *p;
	dt_pd_file_t *pf;
	struct stat st;

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
		return (DT_PD_ALLOW);
	if ((pf = cache_find(&st)) == NULL) {
		dt_pd_obj_t po = { .po_st = st };

		if ((po.po_path = (char *)fd_path(fd, path, sizeof (path))) ==
		    NULL || (po.po_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3)) < 0)
			return (DT_PD_ALLOW);
		if (file_queue(NULL, &po) == NULL) {
			close(po.po_fd);
			return (DT_PD_ALLOW);	/* the queue is full */
		}
		return (DT_PD_WAIT);		/* read by the main loop */
	}
	if (pf->pf_state == PF_QUEUED || pf->pf_state == PF_READING)
		return (DT_PD_WAIT);
	if (pf->pf_state != PF_DONE)
		return (DT_PD_ALLOW);
	p = fd_path(fd, path, sizeof (path));
	return (verdict_join(file_verdict(pf, pid, p),
	    deps_verdict(pf, p, pid)));
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
 * process is gone or has no probes.  Files not read yet are queued, and
 * the process waits for them (its registry file, if any, stays as it
 * was until they are read).
 */
static void
proc_register(pid_t pid)
{
	dt_pd_obj_t *objs;
	unsigned long long start;
	unsigned int n, over = 0;
	char *text = NULL, head[96];
	size_t len = 0, cap = 0;
	bool any = false, pending = false;
	int64_t now = dt_pd_now_ms();

	if (proc_start(pid, &start) != 0) {
		proc_unregister(pid);
		return;
	}
	if ((objs = calloc(OBJ_MAX, sizeof (*objs))) == NULL)
		return;
	n = proc_objs(pid, objs);
	for (unsigned int i = 0; i < n; i++) {
		dt_pd_obj_t *po = &objs[i];
		dt_pd_file_t *pf = cache_find(&po->po_st);

		if (pf == NULL || (pf->pf_state == PF_FAILED &&
		    now >= pf->pf_retry))
			pf = file_queue(pf, po);
		po->po_file = pf;
		if (pf == NULL) {
			/* the queue is full: later */
			recheck_add(pid, now + DT_PD_TIMEOUT);
			pending = true;
		} else if (pf->pf_state == PF_QUEUED ||
		    pf->pf_state == PF_READING) {
			if (!file_wait(pf, pid))
				recheck_add(pid, now + DT_PD_TIMEOUT);
			pending = true;
		}
	}
	if (pending)
		goto out;
	snprintf(head, sizeof (head), "dtprobed 1\npid %d\nstart %llu\n",
	    (int)pid, start);
	if (str_append(&text, &len, &cap, head, strlen(head)) != 0)
		goto out;
	for (unsigned int i = 0; i < n; i++) {
		dt_pd_file_t *pf = objs[i].po_file;
		char obj[64];
		size_t plen = strlen(objs[i].po_path);

		if (pf == NULL || pf->pf_state != PF_DONE ||
		    pf->pf_notes[0] == '\0' ||
		    strchr(objs[i].po_path, '\n') != NULL)
			continue;
		snprintf(obj, sizeof (obj), "object %u:%u %lu ",
		    major(objs[i].po_st.st_dev), minor(objs[i].po_st.st_dev),
		    (unsigned long)objs[i].po_st.st_ino);
		if (len + strlen(obj) + plen + 1 + pf->pf_len > PROC_BYTES) {
			over++;
			continue;
		}
		if (str_append(&text, &len, &cap, obj, strlen(obj)) != 0 ||
		    str_append(&text, &len, &cap, objs[i].po_path, plen) != 0 ||
		    str_append(&text, &len, &cap, "\n", 1) != 0 ||
		    str_append(&text, &len, &cap, pf->pf_notes,
		    pf->pf_len) != 0)
			goto out;
		any = true;
		known_path(pf, objs[i].po_path);
	}
	if (over > 0)
		dt_pd_log(LOG_WARNING, "process %d: the probes of %u file%s not "
		    "registered: over %u bytes for one process", (int)pid, over,
		    over == 1 ? "" : "s", PROC_BYTES);
	/* gone while we read it: no file */
	if (any && kill(pid, 0) != 0 && errno == ESRCH)
		any = false;
	if (any) {
		proc_publish(pid, text, len);
		text = NULL;
	} else {
		proc_unregister(pid);
	}
out:
	free(text);
	for (unsigned int i = 0; i < n; i++) {
		if (objs[i].po_fd >= 0)
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
	int64_t now = dt_pd_now_ms();
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
		dt_pd_log(LOG_ERR, "cannot read /proc: %s", strerror(errno));
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
		    st.st_size > PROC_BYTES || pd.pd_regbytes +
		    (size_t)st.st_size > pd.pd_regmax ||
		    (text = slurp(pd.pd_dirfd, de->d_name, PROC_BYTES,
		    NULL)) == NULL)
			continue;	/* the rescan rewrites or removes it */
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
		pd.pd_regbytes += strlen(text);
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
				recheck_add(pid, dt_pd_now_ms() + RECHECK_1);
				recheck_add(pid, dt_pd_now_ms() + RECHECK_2);
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
		dt_pd_log(LOG_ERR, "cannot create %s: %s", dir, strerror(errno));
		return (-1);
	}
	if (lstat(dir, &st) != 0) {
		dt_pd_log(LOG_ERR, "%s: %s", dir, strerror(errno));
		return (-1);
	}
	if (S_ISLNK(st.st_mode)) {
		dt_pd_log(LOG_ERR, "%s is a symbolic link: refused", dir);
		return (-1);
	}
	if ((why = dir_untrusted(&st)) != NULL) {
		dt_pd_log(LOG_ERR, "%s %s: refused", dir, why);
		return (-1);
	}
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
		dt_pd_log(LOG_ERR, "cannot open %s: %s", dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		return (-1);
	}
	/* the same checks on what was opened: it may have been swapped */
	if ((why = dir_untrusted(&st)) != NULL) {
		dt_pd_log(LOG_ERR, "%s %s: refused", dir, why);
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
		dt_pd_log(LOG_ERR, "cannot open %s/%s: %s", pd.pd_dir, PIDFILE,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return (-1);
	}
	if (!S_ISREG(st.st_mode) || st.st_uid != 0) {
		dt_pd_log(LOG_ERR, "%s/%s is not a regular file of root: refused",
		    pd.pd_dir, PIDFILE);
		close(fd);
		return (-1);
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EWOULDBLOCK) {
			(void) !pread(fd, buf, sizeof (buf) - 1, 0);
			buf[strcspn(buf, "\n")] = '\0';
			dt_pd_log(LOG_ERR, "another dtprobed (process %s) "
			    "keeps %s", buf[0] != '\0' ? buf : "?", pd.pd_dir);
		} else {
			dt_pd_log(LOG_ERR, "cannot lock %s/%s: %s", pd.pd_dir,
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
		dt_pd_log(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir,
		    PIDFILE, strerror(errno));
}

static void
usage(FILE *fp)
{
	fprintf(fp, "usage: dtprobed [-Fv] [-d dir] [-H ms]\n"
	    "\t-F      stay in the foreground, log to standard error\n"
	    "\t-d dir  registry directory (default " REGISTRY_DIR ")\n"
	    "\t-H ms   hold a new process at most ms until the sessions that\n"
	    "\t        want its probes have armed them (default %d, 0: never)\n"
	    "\t-v      log every process registered and removed\n",
	    HOLD_BUDGET);
}

int
main(int argc, char **argv)
{
	struct epoll_event ev = { .events = EPOLLIN };
	sigset_t sigs;
	int c, sfd, efd, ready[2] = { -1, -1 };
	bool ready_said = false;
	int64_t started = dt_pd_now_ms();

	pd.pd_dir = REGISTRY_DIR;
	pd.pd_regmax = TOTAL_BYTES;
	/* for the tests: a smaller total, DTPROBED_LIMIT_TOTAL=BYTES */
	if (getenv("DTPROBED_LIMIT_TOTAL") != NULL) {
		unsigned long long v = strtoull(getenv("DTPROBED_LIMIT_TOTAL"),
		    NULL, 10);

		if (v > 0 && v < TOTAL_BYTES)
			pd.pd_regmax = (size_t)v;
	}
	pd.pd_holdms = HOLD_BUDGET;
	while ((c = getopt(argc, argv, "FH:d:vh")) != -1) {
		char *end;
		long v;

		switch (c) {
		case 'F': pd.pd_fg = true; break;
		case 'H':
			v = strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || v < 0 ||
			    v > 10000) {
				fprintf(stderr, "dtprobed: -H %s: not a number "
				    "of ms from 0 to 10000\n", optarg);
				return (2);
			}
			pd.pd_holdms = (int)v;
			break;
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
			dt_pd_log(LOG_ERR, "cannot listen to process events "
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
		dt_pd_log(LOG_ERR, "cannot wait for events: %s", strerror(errno));
		return (1);
	}
	ev.data.fd = pd.pd_nlfd;
	if (epoll_ctl(efd, EPOLL_CTL_ADD, pd.pd_nlfd, &ev) != 0)
		return (1);
	ev.data.fd = sfd;
	if (epoll_ctl(efd, EPOLL_CTL_ADD, sfd, &ev) != 0)
		return (1);

	pd.pd_efd = efd;
	pd.pd_knowndirty = true;	/* written once, whatever was there */
	known_load();
	registry_load();
	rescan();
	if (dt_pd_hold_init(pd.pd_dirfd, efd, pd.pd_holdms) != 0)
		dt_pd_log(LOG_WARNING, "cannot watch %s for sessions: %s: new "
		    "processes are not held", pd.pd_dir, strerror(errno));

	for (;;) {
		struct epoll_event evs[8];
		int timeout = -1, n;
		int64_t jd;

		jobs_run();
		/* ready once the files of the processes found are read */
		if (!ready_said && jobs_idle()) {
			ready_said = true;
			dt_pd_log(LOG_INFO, "ready: %u process%s registered in %s",
			    pd.pd_nprocs, pd.pd_nprocs == 1 ? "" : "es",
			    pd.pd_dir);
			if (ready[1] >= 0) {
				(void) !write(ready[1], "", 1);
				close(ready[1]);
				ready[1] = -1;
			}
		}
		if (pd.pd_nrechecks > 0) {
			int64_t d = pd.pd_rechecks[0].pr_when - dt_pd_now_ms();

			timeout = d < 0 ? 0 : (int)d;
		}
		if ((jd = jobs_expire()) >= 0 && (timeout < 0 || jd < timeout))
			timeout = (int)jd;
		if ((jd = dt_pd_hold_expire()) >= 0 && (timeout < 0 ||
		    jd < timeout))
			timeout = (int)jd;
		/* not before the files of the last daemon's list are read */
		if (!ready_said && dt_pd_now_ms() - started < KNOWN_WAIT) {
			jd = KNOWN_WAIT - (dt_pd_now_ms() - started);
			if (timeout < 0 || jd < timeout)
				timeout = (int)jd;
		} else if ((jd = known_publish()) >= 0 &&
		    (timeout < 0 || jd < timeout)) {
			timeout = (int)jd;
		}
		n = epoll_wait(efd, evs, 8, timeout);
		if (n < 0 && errno != EINTR) {
			dt_pd_log(LOG_ERR, "epoll_wait: %s", strerror(errno));
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
					dt_pd_log(LOG_INFO, "stopped by signal "
					    "%u", si.ssi_signo);
					dt_pd_hold_fini();
					cache_trim(true);
					return (0);
				}
			} else if (evs[i].data.fd == pd.pd_nlfd) {
				if (!events_read()) {
					dt_pd_log(LOG_WARNING, "process events "
					    "were lost: scanning /proc");
					rescan();
				}
			} else if (!dt_pd_hold_event(evs[i].data.fd)) {
				(void) job_event(evs[i].data.fd);
			}
		}
		(void) jobs_expire();
		rechecks_run();
		cache_trim(false);
	}
}
