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
 * (dt_pd_known_load()), so that a restart forgets none:
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
 * dt_pd_hold.c, with the verdict on each file in dt_pd_verdict.c
 * (dt_pd_exec_verdict()).
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
 * registry file, TOTAL_BYTES for all of them and 1/OWNER_SHARE of that
 * for those of one uid's processes (a process that would go over is not
 * registered, or not updated), CACHE_BYTES of notes and
 * CACHE_MAX files in the cache (past either, the files read are dropped
 * from it), QUEUE_MAX files queued.  Log messages escape what comes from
 * a file or a process (dt_pd_esc()), and warnings are rate-limited.
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

struct dt_pd_state pd = { .pd_dirfd = -1, .pd_pidfd = -1, .pd_nlfd = -1,
    .pd_efd = -1 };

/*
 * Log a message.  Warnings are rate-limited: at most LOG_BURST in
 * LOG_PERIOD ms, then how many were not logged.  Whatever of a file or
 * a process goes into a message is escaped first (dt_pd_esc()).
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
const char *
dt_pd_esc(const char *s, char *buf, size_t len)
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
char *
dt_pd_slurp(int dirfd, const char *path, size_t max, size_t *lenp)
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
	return (dt_procfs_stat(pid, NULL, startp));
}

/* The real uid of process pid; (uid_t)-1 if it is gone. */
static uid_t
proc_uid(pid_t pid)
{
	char path[64], *buf, *p;
	unsigned int uid;
	uid_t rv = (uid_t)-1;

	snprintf(path, sizeof (path), "/proc/%d/status", (int)pid);
	if ((buf = dt_pd_slurp(AT_FDCWD, path, 16384, NULL)) == NULL)
		return (rv);
	if ((p = strstr(buf, "\nUid:")) != NULL &&
	    sscanf(p + 5, "%u", &uid) == 1)
		rv = (uid_t)uid;
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
	pd.pd_regbytes -= pp->pp_len;
	free(pp->pp_text);
	*pp = pd.pd_procs[--pd.pd_nprocs];
}

/*
 * Write the file name of the registry atomically: text (len bytes) to a
 * temporary ".name.tmp", renamed over name.  -1 (errno set) on failure.
 */
int
dt_pd_dir_write(const char *name, const char *text, size_t len)
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
 * content changed, all registry files stay within TOTAL_BYTES and those
 * of the processes of its real uid within 1/OWNER_SHARE of that: one
 * user's processes cannot fill the registry so that no other user's
 * process is registered (only a user with many uids could; a process
 * made set-uid keeps its real uid).
 */
static void
proc_publish(pid_t pid, char *text, size_t len)
{
	dt_pd_proc_t *pp = proc_find(pid);
	char name[32];
	size_t old = pp != NULL ? pp->pp_len : 0, mine = 0;
	size_t ownmax = pd.pd_regmax / OWNER_SHARE;
	uid_t uid = proc_uid(pid);

	if (pp != NULL && strcmp(pp->pp_text, text) == 0) {
		free(text);
		return;
	}
	if (uid == (uid_t)-1) {		/* gone */
		free(text);
		return;
	}
	for (unsigned int i = 0; i < pd.pd_nprocs; i++) {
		if (pd.pd_procs[i].pp_uid == uid &&
		    pd.pd_procs[i].pp_pid != pid)
			mine += pd.pd_procs[i].pp_len;
	}
	if (pd.pd_regbytes - old + len > pd.pd_regmax) {
		dt_pd_log(LOG_WARNING, "process %d is not %s: the registry holds "
		    "%zu bytes, at most %zu", (int)pid, pp == NULL ?
		    "registered" : "updated", pd.pd_regbytes, pd.pd_regmax);
		free(text);
		return;
	}
	if (mine + len > ownmax) {
		dt_pd_log(LOG_WARNING, "process %d is not %s: the registry "
		    "files of uid %u hold %zu bytes, at most %zu", (int)pid,
		    pp == NULL ? "registered" : "updated", (unsigned int)uid,
		    mine, ownmax);
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
		pp->pp_len = 0;
		pp->pp_uid = uid;
	}
	snprintf(name, sizeof (name), "%d", (int)pid);
	if (dt_pd_dir_write(name, text, len) != 0)
		goto fail;
	if (pd.pd_verbose)
		dt_pd_log(LOG_INFO, "process %d %s", (int)pid, pp->pp_text ==
		    NULL ? "registered" : "updated");
	pd.pd_regbytes += len - old;
	free(pp->pp_text);
	pp->pp_text = text;
	pp->pp_len = len;
	pp->pp_uid = uid;
	return;
fail:
	dt_pd_log(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir, name,
	    strerror(errno));
	free(text);
	if (pp->pp_text == NULL)
		*pp = pd.pd_procs[--pd.pd_nprocs];
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
	if ((maps = dt_pd_slurp(AT_FDCWD, path, MAPS_MAX, NULL)) == NULL)
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
void
dt_pd_proc_register(pid_t pid)
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
		dt_pd_file_t *pf = dt_pd_cache_find(&po->po_st);

		if (pf == NULL || (pf->pf_state == PF_FAILED &&
		    now >= pf->pf_retry))
			pf = dt_pd_file_queue(pf, po);
		po->po_file = pf;
		if (pf == NULL) {
			/* the queue is full: later */
			dt_pd_recheck_add(pid, now + DT_PD_TIMEOUT);
			pending = true;
		} else if (pf->pf_state == PF_QUEUED ||
		    pf->pf_state == PF_READING) {
			if (!dt_pd_file_wait(pf, pid))
				dt_pd_recheck_add(pid, now + DT_PD_TIMEOUT);
			pending = true;
		}
	}
	if (pending)
		goto out;
	snprintf(head, sizeof (head), "dtprobed 1\npid %d\nstart %llu\n",
	    (int)pid, start);
	if (dt_pd_str_append(&text, &len, &cap, head, strlen(head)) != 0)
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
		if (dt_pd_str_append(&text, &len, &cap, obj,
		    strlen(obj)) != 0 ||
		    dt_pd_str_append(&text, &len, &cap, objs[i].po_path,
		    plen) != 0 ||
		    dt_pd_str_append(&text, &len, &cap, "\n", 1) != 0 ||
		    dt_pd_str_append(&text, &len, &cap, pf->pf_notes,
		    pf->pf_len) != 0)
			goto out;
		any = true;
		dt_pd_known_path(pf, objs[i].po_path);
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

void
dt_pd_recheck_add(pid_t pid, int64_t when)
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
		dt_pd_proc_register(pd.pd_rechecks[i].pr_pid);
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
			dt_pd_proc_register((pid_t)atoi(de->d_name));
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
		dt_pd_proc_t *pp;
		char *text;
		struct stat st;

		if (!all_digits(de->d_name) ||
		    fstatat(pd.pd_dirfd, de->d_name, &st,
		    AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
		    st.st_size > PROC_BYTES || pd.pd_regbytes +
		    (size_t)st.st_size > pd.pd_regmax ||
		    (text = dt_pd_slurp(pd.pd_dirfd, de->d_name, PROC_BYTES,
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
		pp = &pd.pd_procs[pd.pd_nprocs++];
		pp->pp_pid = (pid_t)atoi(de->d_name);
		pp->pp_uid = proc_uid(pp->pp_pid);
		pp->pp_text = text;
		pp->pp_len = strlen(text);
		pd.pd_regbytes += pp->pp_len;
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

				dt_pd_proc_register(pid);
				dt_pd_recheck_add(pid,
				    dt_pd_now_ms() + RECHECK_1);
				dt_pd_recheck_add(pid,
				    dt_pd_now_ms() + RECHECK_2);
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
	dt_pd_known_load();
	registry_load();
	rescan();
	if (dt_pd_hold_init(pd.pd_dirfd, efd, pd.pd_holdms) != 0)
		dt_pd_log(LOG_WARNING, "cannot watch %s for sessions: %s: new "
		    "processes are not held", pd.pd_dir, strerror(errno));

	for (;;) {
		struct epoll_event evs[8];
		int timeout = -1, n;
		int64_t jd;

		dt_pd_jobs_run();
		/* ready once the files of the processes found are read */
		if (!ready_said && dt_pd_jobs_idle()) {
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
		if ((jd = dt_pd_jobs_expire()) >= 0 && (timeout < 0 ||
		    jd < timeout))
			timeout = (int)jd;
		if ((jd = dt_pd_hold_expire()) >= 0 && (timeout < 0 ||
		    jd < timeout))
			timeout = (int)jd;
		/* not before the files of the last daemon's list are read */
		if (!ready_said && dt_pd_now_ms() - started < KNOWN_WAIT) {
			jd = KNOWN_WAIT - (dt_pd_now_ms() - started);
			if (timeout < 0 || jd < timeout)
				timeout = (int)jd;
		} else if ((jd = dt_pd_known_publish()) >= 0 &&
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
					dt_pd_cache_trim(true);
					return (0);
				}
			} else if (evs[i].data.fd == pd.pd_nlfd) {
				if (!events_read()) {
					dt_pd_log(LOG_WARNING, "process events "
					    "were lost: scanning /proc");
					rescan();
				}
			} else if (!dt_pd_hold_event(evs[i].data.fd)) {
				(void) dt_pd_job_event(evs[i].data.fd);
			}
		}
		(void) dt_pd_jobs_expire();
		rechecks_run();
		dt_pd_cache_trim(false);
	}
}
