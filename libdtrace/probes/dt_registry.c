/*
 * dt_registry.c: new processes learned from dtprobed's registry.
 *
 * A session that discovers processes started while tracing runs
 * (probes/dt_discover.c) learns of them from the registry that the
 * dtprobed daemon keeps (dtprobed/dtprobed.c has its format), when a live
 * daemon keeps one, instead of attaching exec and exit programs of its
 * own: the daemon has already read every new process's files and lists
 * only those with USDT probes, so the session is woken for those alone.
 * Without a daemon the session watches exec and exit itself, as before.
 *
 * dt_registry_start() (from dt_discover_start(), at go time) uses the
 * registry directory (option registry, default /run/dtrace) only if:
 * it is a directory, not a symbolic link, owned by root and writable by
 * no one else, and its pid file dtprobed.pid (a regular file of root) is
 * locked by a live daemon (flock(): a shared lock cannot be taken).  A
 * directory that fails the checks is reported and not used.  The
 * directory is watched with inotify (no polling): its descriptor is in
 * the session's epoll set (dtrace_sleep()), and dt_registry_read(), in
 * dtrace_work(), turns what happened into the discovery queue's events,
 * the same ones the exec and exit programs send (dt_discover_note()):
 *
 *  - a file PID moved in (the daemon writes each file to a temporary
 *    name, then renames it): an exec of PID at the process's start time,
 *    read from the file (opened with O_NOFOLLOW; a regular file of root
 *    not writable by others, naming PID, or it is ignored).  Discovery
 *    skips a process that started later (a reused id), and treats the
 *    exec of a process it traces as a new start: a file rewritten
 *    because the process now maps more libraries is read again.
 *  - a file PID deleted (or moved away): the exit of PID, if the session
 *    had seen it.
 *  - the watch's queue overflowed: the directory is read again, and
 *    what changed since the session last looked becomes events.
 *  - the directory itself removed (the daemon never does so, but an
 *    administrator may), as the watch of its parent says (its own watch
 *    cannot: the session holds it open): the session waits until the
 *    parent says it is created again, then watches it again and reads
 *    it, as above.
 *
 * Files the daemon read before, which no process may map now: at start
 * (dt_registry_known()), the providers arm the files whose probes the
 * descriptions may name (pv_armable(), pv_arm()), so that the first
 * process that runs such a file is traced from its first firing, as one
 * of a file the session has seen is.  The daemon lists them in the file
 * "known" (dtprobed/dtprobed.c has its format): identity (device, inode,
 * size, modification time), providers, and the path a process mapped it
 * by.  The path is only where to look: the file found there is opened
 * without side effects (O_PATH), and read, and armed, only if it is the
 * very file the daemon read (its identity, on that descriptor); its
 * notes are the session's own reading of that descriptor, which is what
 * is attached.  A file of another mount namespace, moved or changed
 * since, is not armed (its processes are discovered as new).  At most
 * usdtidle files, the newest first: beyond, they would be released as
 * idle anyway (dt_usdt_sweep()).
 *
 * The list is read again whenever the daemon writes it (its "known"
 * moved in), for the files not handled before (dt_regknown_handled()), and
 * the session then writes "session.PID" (dt_registry_ack()): which
 * generation of the list it has armed, and the provider fields of its
 * descriptions that discover processes.  The daemon holds a new
 * process at its exec until the sessions that want its file's probes
 * have acknowledged a list that names the file (dtprobed/dt_pd_hold.c),
 * so that even the first process of a binary never seen is traced from
 * its first firing.  The file is removed when the session ends.
 *
 * The processes whose files were there when the session started are
 * known, not discovered: as with the session's own exec events, only
 * processes that start (or change) while tracing runs are new.  When the
 * daemon is killed, no event comes until it runs again; it then rewrites
 * the files of the processes started meanwhile, and the session
 * discovers them (those that came and went in between are missed).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "../core/dt_impl.h"
#include "dt_probe.h"
#include "../proc/dt_proc.h"
#include "../dlang/dt_clause.h"

#define DT_REGISTRY_DIR	"/run/dtrace"	/* dtprobed's default */
#define DT_REGISTRY_PID	"dtprobed.pid"	/* its pid file */
#define DT_REGISTRY_KNOWN "known"	/* the files it has read */
#define DT_KNOWN_BYTES	(1u << 20)	/* ... their list's bytes at most */
#define DT_SESSION	"session."	/* the session's file, then its pid */
#define DIR_EVENTS	(IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | \
			 IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

/* A process the registry lists, as the session last saw it. */
typedef struct dt_regproc {
	pid_t rp_pid;			/* process id */
	uint64_t rp_start;		/* its start, ns since boot */
	bool rp_seen;			/* still listed (resync) */
} dt_regproc_t;

/* A file of the known list, handled once. */
#define DT_KNOWN_BUCKETS 8192		/* ... their hash table's chains */

typedef struct dt_regknown {
	dev_t rk_dev;			/* device */
	ino_t rk_ino;			/* inode */
	off_t rk_size;			/* size */
	struct timespec rk_mtime;	/* modification time */
	int rk_next;			/* next in its chain, or -1 */
} dt_regknown_t;

/* The identities handled: a hash set of at most DT_KNOWN_HANDLED. */
struct dt_regknown_set {
	dt_regknown_t ks_ent[DT_KNOWN_HANDLED];	/* a ring, oldest reused */
	unsigned int ks_n;		/* entries used */
	unsigned int ks_next;		/* the next slot to use */
	int ks_chain[DT_KNOWN_BUCKETS];	/* first of each chain, or -1 */
};

typedef struct dt_registry {
	char *rg_path;			/* the directory */
	int rg_dirfd;			/* ... open, -1 while it is gone */
	int rg_infd;			/* inotify descriptor */
	int rg_wd;			/* watch of the directory, or -1 */
	int rg_pwd;			/* watch of its parent, or -1 */
	dt_regproc_t *rg_procs;		/* processes listed */
	unsigned int rg_nprocs;		/* how many */
	unsigned int rg_proccap;	/* how many allocated */
	dt_regknown_set_t *rg_known;	/* known list entries handled */
	bool rg_session;		/* our session file is written */
} dt_registry_t;

static bool
all_digits(const char *s)
{
	if (*s == '\0' || *s == '0' || strlen(s) > 10)
		return (false);
	for (; *s != '\0'; s++) {
		if (!isdigit((unsigned char)*s))
			return (false);
	}
	return (true);
}

/* Why a directory (or file) with this status is not to be trusted. */
static const char *
untrusted(const struct stat *st, bool dir)
{
	if (dir ? !S_ISDIR(st->st_mode) : !S_ISREG(st->st_mode))
		return (dir ? "is not a directory" : "is not a regular file");
	if (st->st_uid != 0)
		return ("is not owned by root");
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return ("is writable by others than root");
	return (NULL);
}

/*
 * Open the registry directory if it is trustworthy; -1 if it does not
 * exist (quietly) or is not to be trusted (a warning when loud).
 */
static int
dir_open(dtrace_hdl_t *dtp, const char *path, bool loud)
{
	struct stat st;
	const char *why = NULL;
	int fd;

	if (lstat(path, &st) != 0)
		return (-1);
	if (S_ISLNK(st.st_mode))
		why = "is a symbolic link";
	else if ((why = untrusted(&st, true)) == NULL) {
		if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC)) < 0)
			return (-1);
		if (fstat(fd, &st) == 0 && (why = untrusted(&st, true)) ==
		    NULL)
			return (fd);
		close(fd);
		if (why == NULL)
			return (-1);
	}
	if (loud)
		dt_msg(dtp, DTRACE_MSG_WARNING, "USDT registry %s %s: not used",
		    path, why);
	return (-1);
}

/* Does a live dtprobed keep the directory open on dirfd? */
static bool
daemon_alive(dtrace_hdl_t *dtp, int dirfd, const char *path)
{
	struct stat st;
	const char *why;
	bool alive = false;
	int fd;

	if ((fd = openat(dirfd, DT_REGISTRY_PID, O_RDONLY | O_NOFOLLOW |
	    O_CLOEXEC | O_NONBLOCK)) < 0)
		return (false);
	if (fstat(fd, &st) != 0)
		why = "cannot be read";
	else
		why = untrusted(&st, false);
	if (why != NULL)
		dt_msg(dtp, DTRACE_MSG_WARNING, "USDT registry %s/%s %s: not "
		    "used", path, DT_REGISTRY_PID, why);
	else if (flock(fd, LOCK_SH | LOCK_NB) != 0)
		alive = errno == EWOULDBLOCK;	/* the daemon holds it */
	close(fd);	/* drops a lock taken */
	return (alive);
}

/*
 * The start (ns since boot) that the registry file of pid names; -1 if
 * the file is gone, not to be trusted, or not of that process.
 */
static int
file_start(dt_registry_t *rg, const char *name, pid_t pid, uint64_t *startp)
{
	char buf[256];
	unsigned long long ticks;
	struct stat st;
	long hz = sysconf(_SC_CLK_TCK);
	ssize_t n;
	int fd, fpid;

	if ((fd = openat(rg->rg_dirfd, name, O_RDONLY | O_NOFOLLOW |
	    O_CLOEXEC | O_NONBLOCK)) < 0)
		return (-1);
	if (fstat(fd, &st) != 0 || untrusted(&st, false) != NULL ||
	    (n = read(fd, buf, sizeof (buf) - 1)) <= 0) {
		close(fd);
		return (-1);
	}
	close(fd);
	buf[n] = '\0';
	if (sscanf(buf, "dtprobed 1\npid %d\nstart %llu\n", &fpid,
	    &ticks) != 2 || fpid != (int)pid || hz <= 0)
		return (-1);
	*startp = ticks * (1000000000ULL / (unsigned long long)hz);
	return (0);
}

static dt_regproc_t *
proc_find(dt_registry_t *rg, pid_t pid)
{
	for (unsigned int i = 0; i < rg->rg_nprocs; i++) {
		if (rg->rg_procs[i].rp_pid == pid)
			return (&rg->rg_procs[i]);
	}
	return (NULL);
}

/* Note that pid is listed, with this start; NULL when out of memory. */
static dt_regproc_t *
proc_note(dtrace_hdl_t *dtp, dt_registry_t *rg, pid_t pid, uint64_t start)
{
	dt_regproc_t *rp = proc_find(rg, pid);

	if (rp == NULL) {
		if (rg->rg_nprocs == rg->rg_proccap &&
		    dt_grow(dtp, (void **)&rg->rg_procs, &rg->rg_proccap, 64,
		    sizeof (dt_regproc_t)) != 0)
			return (NULL);
		rp = &rg->rg_procs[rg->rg_nprocs++];
		rp->rp_pid = pid;
	}
	rp->rp_start = start;
	rp->rp_seen = true;
	return (rp);
}

static void
proc_drop(dt_registry_t *rg, dt_regproc_t *rp)
{
	*rp = rg->rg_procs[--rg->rg_nprocs];
}

/* A file moved in: an exec. */
static void
file_added(dtrace_hdl_t *dtp, dt_registry_t *rg, const char *name)
{
	pid_t pid = (pid_t)atoi(name);
	uint64_t start;

	if (file_start(rg, name, pid, &start) != 0)
		return;
	if (proc_note(dtp, rg, pid, start) == NULL)
		return;
	dt_discover_note(dtp, DT_REC_EXEC, (uint32_t)pid, start);
}

/* A file gone: an exit, if the process was listed. */
static void
file_removed(dtrace_hdl_t *dtp, dt_registry_t *rg, const char *name)
{
	dt_regproc_t *rp = proc_find(rg, (pid_t)atoi(name));

	if (rp == NULL)
		return;
	dt_discover_note(dtp, DT_REC_EXIT, (uint32_t)rp->rp_pid, 0);
	proc_drop(rg, rp);
}

/*
 * Read the directory: its processes become the known ones.  With events,
 * what changed since they were last known is queued as exec and exit
 * events; without (at start), nothing is.
 */
static void
resync(dtrace_hdl_t *dtp, dt_registry_t *rg, bool events)
{
	struct dirent *de;
	DIR *d;
	int fd;

	for (unsigned int i = 0; i < rg->rg_nprocs; i++)
		rg->rg_procs[i].rp_seen = false;
	if ((fd = dup(rg->rg_dirfd)) < 0 || (d = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		pid_t pid;
		dt_regproc_t *rp;
		uint64_t start;

		if (!all_digits(de->d_name))
			continue;
		pid = (pid_t)atoi(de->d_name);
		if (file_start(rg, de->d_name, pid, &start) != 0)
			continue;
		rp = proc_find(rg, pid);
		if (rp != NULL && rp->rp_start == start) {
			rp->rp_seen = true;
			continue;
		}
		if (proc_note(dtp, rg, pid, start) != NULL && events)
			dt_discover_note(dtp, DT_REC_EXEC, (uint32_t)pid,
			    start);
	}
	closedir(d);
	for (unsigned int i = 0; i < rg->rg_nprocs;) {
		dt_regproc_t *rp = &rg->rg_procs[i];

		if (rp->rp_seen) {
			i++;
			continue;
		}
		if (events)
			dt_discover_note(dtp, DT_REC_EXIT,
			    (uint32_t)rp->rp_pid, 0);
		proc_drop(rg, rp);
	}
}

/* Watch the directory open on rg_dirfd; -1 on failure. */
static int
watch_dir(dt_registry_t *rg)
{
	char path[64];

	/* through the descriptor: the directory checked, not a new one */
	snprintf(path, sizeof (path), "/proc/self/fd/%d", rg->rg_dirfd);
	rg->rg_wd = inotify_add_watch(rg->rg_infd, path, DIR_EVENTS);
	return (rg->rg_wd < 0 ? -1 : 0);
}

/*
 * Watch the directory's parent for the directory's name: removed, or
 * created again.  (The directory's own watch says nothing of its removal
 * while the session holds it open.)
 */
static int
watch_parent(dt_registry_t *rg)
{
	char parent[PATH_MAX];
	char *slash;

	snprintf(parent, sizeof (parent), "%s", rg->rg_path);
	if ((slash = strrchr(parent, '/')) == NULL)
		snprintf(parent, sizeof (parent), ".");
	else if (slash == parent)
		parent[1] = '\0';
	else
		*slash = '\0';
	rg->rg_pwd = inotify_add_watch(rg->rg_infd, parent, IN_CREATE |
	    IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR);
	return (rg->rg_pwd < 0 ? -1 : 0);
}

/* The directory is gone: stop watching it, until it is back. */
static void
unwatch(dt_registry_t *rg)
{
	if (rg->rg_wd >= 0)
		(void) inotify_rm_watch(rg->rg_infd, rg->rg_wd);
	if (rg->rg_dirfd >= 0)
		close(rg->rg_dirfd);
	rg->rg_wd = rg->rg_dirfd = -1;
}

/* The directory may be back: watch it and read it. */
static void
rewatch(dtrace_hdl_t *dtp, dt_registry_t *rg)
{
	if (rg->rg_dirfd >= 0 ||
	    (rg->rg_dirfd = dir_open(dtp, rg->rg_path, true)) < 0)
		return;
	if (watch_dir(rg) != 0) {
		close(rg->rg_dirfd);
		rg->rg_dirfd = -1;
		return;
	}
	resync(dtp, rg, true);
}

int
dt_registry_start(dtrace_hdl_t *dtp)
{
	const char *path = dtp->dt_opts.op_registry != NULL ?
	    dtp->dt_opts.op_registry : DT_REGISTRY_DIR;
	dt_registry_t *rg;
	int dirfd;

	if ((dirfd = dir_open(dtp, path, true)) < 0)
		return (0);
	if (!daemon_alive(dtp, dirfd, path)) {
		close(dirfd);
		return (0);
	}
	if ((rg = dt_zalloc(dtp, sizeof (*rg))) == NULL ||
	    (rg->rg_path = dt_strdup(dtp, path)) == NULL) {
		free(rg);
		close(dirfd);
		return (-1);
	}
	rg->rg_dirfd = dirfd;
	rg->rg_wd = rg->rg_pwd = -1;
	if ((rg->rg_infd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0 ||
	    watch_dir(rg) != 0 || watch_parent(rg) != 0) {
		dt_set_errmsg(dtp, EDT_ATTACH, "cannot watch the USDT registry "
		    "%s: %s", path, strerror(errno));
		dtp->dt_registry = rg;
		dt_registry_close(dtp);
		return (-1);
	}
	dtp->dt_registry = rg;
	resync(dtp, rg, false);
	return (1);
}

/*
 * The file at path, open for reading, if it is the regular file with
 * this identity; -1 if not (or not there).
 */
static int
known_open(const char *path, dev_t dev, ino_t ino, off_t size,
    const struct timespec *mtime)
{
	struct stat st;
	char self[64];
	int pfd, fd;

	if ((pfd = open(path, O_PATH | O_CLOEXEC)) < 0)
		return (-1);
	if (fstat(pfd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_dev != dev || st.st_ino != ino || st.st_size != size ||
	    st.st_mtim.tv_sec != mtime->tv_sec ||
	    st.st_mtim.tv_nsec != mtime->tv_nsec) {
		close(pfd);
		return (-1);
	}
	/* the same inode, opened for reading: not the path again */
	snprintf(self, sizeof (self), "/proc/self/fd/%d", pfd);
	fd = open(self, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	close(pfd);
	if (fd >= 0 && (fstat(fd, &st) != 0 || st.st_dev != dev ||
	    st.st_ino != ino)) {
		close(fd);
		fd = -1;
	}
	return (fd);
}

static bool
has_control(const char *s)
{
	for (; *s != '\0'; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return (true);
	}
	return (false);
}

/* The chain of an identity in rg_kchain. */
static unsigned int
known_bucket(dev_t dev, ino_t ino, off_t size, long long sec, long nsec)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a over the fields */
	uint64_t v[5] = { (uint64_t)dev, (uint64_t)ino, (uint64_t)size,
	    (uint64_t)sec, (uint64_t)nsec };

	for (int i = 0; i < 5; i++) {
		for (int b = 0; b < 8; b++) {
			h ^= (v[i] >> (b * 8)) & 0xff;
			h *= 1099511628211ULL;
		}
	}
	return ((unsigned int)(h % DT_KNOWN_BUCKETS));
}

/*
 * Was the known list's file of this identity handled before (armed, or
 * found not to be wanted or not to be there)?  If not, it is now: a list
 * written again is read for its new files only.  At most
 * DT_KNOWN_HANDLED are remembered, in a hash table (a lookup costs the
 * same whatever the number remembered); past that, the oldest is
 * forgotten.
 */
bool
dt_regknown_handled(dt_regknown_set_t **ksp, dev_t dev, ino_t ino,
    off_t size, long long sec, long nsec)
{
	unsigned int b = known_bucket(dev, ino, size, sec, nsec);
	dt_regknown_set_t *ks = *ksp;
	dt_regknown_t *rk;
	int *pp;

	if (ks == NULL) {
		if ((ks = *ksp = malloc(sizeof (*ks))) == NULL)
			return (false);
		ks->ks_n = ks->ks_next = 0;
		for (unsigned int i = 0; i < DT_KNOWN_BUCKETS; i++)
			ks->ks_chain[i] = -1;
	}
	for (int i = ks->ks_chain[b]; i >= 0; i = rk->rk_next) {
		rk = &ks->ks_ent[i];
		if (rk->rk_dev == dev && rk->rk_ino == ino &&
		    rk->rk_size == size && rk->rk_mtime.tv_sec == sec &&
		    rk->rk_mtime.tv_nsec == nsec)
			return (true);
	}
	rk = &ks->ks_ent[ks->ks_next];
	if (ks->ks_n == DT_KNOWN_HANDLED) {
		/* the oldest out of its chain */
		pp = &ks->ks_chain[known_bucket(rk->rk_dev, rk->rk_ino,
		    rk->rk_size, rk->rk_mtime.tv_sec, rk->rk_mtime.tv_nsec)];
		while (*pp != (int)ks->ks_next)
			pp = &ks->ks_ent[*pp].rk_next;
		*pp = rk->rk_next;
	} else {
		ks->ks_n++;
	}
	*rk = (dt_regknown_t){ dev, ino, size, { (time_t)sec, nsec },
	    ks->ks_chain[b] };
	ks->ks_chain[b] = (int)ks->ks_next;
	ks->ks_next = (ks->ks_next + 1) % DT_KNOWN_HANDLED;
	return (false);
}

/* May a description name a probe of one of these providers ("a,b")? */
static bool
known_wanted(dtrace_hdl_t *dtp, char *provs)
{
	char *save = NULL;

	for (char *p = strtok_r(provs, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save)) {
		for (const char *c = p; *c != '\0'; c++) {
			if (!isalnum((unsigned char)*c) && *c != '_')
				return (false);
		}
		for (int i = 0; dt_providers[i] != NULL; i++) {
			if (dt_providers[i]->pv_armable != NULL &&
			    dt_providers[i]->pv_armable(dtp, p))
				return (true);
		}
	}
	return (false);
}

/*
 * Arm the files of the daemon's list whose probes the descriptions may
 * name (see the top of this file); what cannot be armed is left to
 * discovery.
 */
uint64_t
dt_registry_known(dtrace_hdl_t *dtp)
{
	dt_registry_t *rg = dtp->dt_registry;
	unsigned int armed = 0;
	unsigned long long gen = 0;
	struct stat st;
	char *text, *line, *next;
	ssize_t n;
	size_t len = 0;
	int fd;

	if (rg == NULL || rg->rg_dirfd < 0 || (fd = openat(rg->rg_dirfd,
	    DT_REGISTRY_KNOWN, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	    O_NONBLOCK)) < 0)
		return (0);
	if (fstat(fd, &st) != 0 || untrusted(&st, false) != NULL ||
	    st.st_size > DT_KNOWN_BYTES ||
	    (text = malloc((size_t)st.st_size + 1)) == NULL) {
		close(fd);
		return (0);
	}
	while (len < (size_t)st.st_size && (n = read(fd, text + len,
	    (size_t)st.st_size - len)) > 0)
		len += (size_t)n;
	close(fd);
	text[len] = '\0';
	if (strncmp(text, "dtprobed-known 1\n", 17) != 0) {
		free(text);
		return (0);
	}
	for (line = text + 17; *line != '\0' && armed <
	    dtp->dt_opts.op_usdtidle; line = next) {
		unsigned int maj, min;
		unsigned long ino;
		long long size, sec;
		long nsec;
		char provs[256];
		int at = 0;
		const char *path;
		const dt_elf_t *ef;
		bool any = false;

		if ((next = strchr(line, '\n')) == NULL)
			break;		/* cut short */
		*next++ = '\0';
		if (sscanf(line, "gen %llu", &gen) == 1)
			continue;
		if (sscanf(line, "file %u:%u %lu %lld %lld %ld %255s %n", &maj,
		    &min, &ino, &size, &sec, &nsec, provs, &at) != 7 ||
		    at == 0 || line[at] != '/' ||
		    dt_regknown_handled(&rg->rg_known, makedev(maj, min),
		    (ino_t)ino,
		    (off_t)size, sec, nsec) || !known_wanted(dtp, provs))
			continue;
		path = line + at;
		/* a path with control characters: left out (as pid does) */
		if (has_control(path) || (fd = known_open(path,
		    makedev(maj, min), (ino_t)ino, (off_t)size,
		    &(struct timespec){ sec, nsec })) < 0)
			continue;
		if ((ef = dt_elf_lookup_fd(dtp, fd, path)) == NULL ||
		    ef->ef_nnotes == 0)
			continue;
		for (int i = 0; dt_providers[i] != NULL; i++) {
			if (dt_providers[i]->pv_arm == NULL)
				continue;
			if (dt_providers[i]->pv_arm(dtp, ef, path) != 0)
				dt_msg(dtp, DTRACE_MSG_WARNING, "the USDT probes "
				    "of %s are not armed: %s", path,
				    dtrace_errmsg(dtp, dtrace_errno(dtp)));
			else
				any = true;
		}
		armed += any;
	}
	free(text);
	return (gen);
}

/*
 * Tell dtprobed which generation of its known list this session has
 * armed (dtprobed/dt_pd_hold.c): its file "session.PID", written
 * atomically, says that and the provider fields of the descriptions
 * that discover processes, so that the daemon holds a new process whose
 * probes this session may want until the list that lists its file is
 * armed here.  A session that cannot write there (not root) is simply
 * not waited for.
 */
void
dt_registry_ack(dtrace_hdl_t *dtp, uint64_t gen)
{
	dt_registry_t *rg = dtp->dt_registry;
	char name[32], tmp[40], *buf;
	size_t len = 0, cap = 4096;
	int fd;

	if (rg == NULL || rg->rg_dirfd < 0 || (buf = malloc(cap)) == NULL)
		return;
	len = (size_t)snprintf(buf, cap, "dtrace-session 1\nack %llu\n",
	    (unsigned long long)gen);
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];

		for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
			const char *prv = dcp->dc_descs[d].prv;
			size_t need = strlen(prv) + 8;

			if (!dt_discover_wants(dtp, &dcp->dc_descs[d]) ||
			    has_control(prv) || len + need >= cap)
				continue;
			len += (size_t)snprintf(buf + len, cap - len,
			    "want %s\n", prv[0] == '\0' ? "*" : prv);
		}
	}
	snprintf(name, sizeof (name), DT_SESSION "%d", (int)getpid());
	snprintf(tmp, sizeof (tmp), ".%s.tmp", name);
	(void) unlinkat(rg->rg_dirfd, tmp, 0);
	if ((fd = openat(rg->rg_dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
	    O_NOFOLLOW | O_CLOEXEC, 0644)) < 0) {
		free(buf);
		return;
	}
	if (write(fd, buf, len) != (ssize_t)len || close(fd) != 0 ||
	    renameat(rg->rg_dirfd, tmp, rg->rg_dirfd, name) != 0)
		(void) unlinkat(rg->rg_dirfd, tmp, 0);
	else
		rg->rg_session = true;
	free(buf);
}

int
dt_registry_fd(const dtrace_hdl_t *dtp)
{
	return (dtp->dt_registry != NULL ? dtp->dt_registry->rg_infd : -1);
}

void
dt_registry_read(dtrace_hdl_t *dtp)
{
	dt_registry_t *rg = dtp->dt_registry;
	char buf[8192] __attribute__((aligned(__alignof__(struct
	    inotify_event))));
	const char *base;
	bool known = false;
	ssize_t n;

	if (rg == NULL)
		return;
	base = strrchr(rg->rg_path, '/');
	base = base != NULL ? base + 1 : rg->rg_path;
	while ((n = read(rg->rg_infd, buf, sizeof (buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *ie = (const void *)p;
			const char *name = ie->len > 0 ? ie->name : "";

			p += sizeof (*ie) + ie->len;
			if (ie->mask & IN_Q_OVERFLOW) {
				if (rg->rg_dirfd >= 0)
					resync(dtp, rg, true);
			} else if (ie->wd == rg->rg_wd && rg->rg_wd >= 0) {
				if (ie->mask & (IN_DELETE_SELF | IN_MOVE_SELF |
				    IN_IGNORED)) {
					unwatch(rg);
					/* it may be back already */
					rewatch(dtp, rg);
				} else if (strcmp(name, DT_REGISTRY_KNOWN) ==
				    0) {
					known = (ie->mask & IN_MOVED_TO) != 0 ||
					    known;
				} else if (!all_digits(name)) {
					continue;
				} else if (ie->mask & IN_MOVED_TO) {
					file_added(dtp, rg, name);
				} else if (ie->mask & (IN_DELETE |
				    IN_MOVED_FROM)) {
					file_removed(dtp, rg, name);
				}
			} else if (ie->wd == rg->rg_pwd && rg->rg_pwd >= 0 &&
			    strcmp(name, base) == 0) {
				if (ie->mask & (IN_DELETE | IN_MOVED_FROM))
					unwatch(rg);
				else
					rewatch(dtp, rg);
			}
		}
	}
	/* the daemon's list changed: what it adds is armed now */
	if (known && dt_discover_known(dtp) != 0)
		dt_msg(dtp, DTRACE_MSG_WARNING, "the USDT probes of a file "
		    "dtprobed knows are not armed: %s",
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
}

void
dt_registry_close(dtrace_hdl_t *dtp)
{
	dt_registry_t *rg = dtp->dt_registry;

	if (rg == NULL)
		return;
	if (rg->rg_session && rg->rg_dirfd >= 0) {
		char name[32];

		snprintf(name, sizeof (name), DT_SESSION "%d", (int)getpid());
		(void) unlinkat(rg->rg_dirfd, name, 0);
	}
	free(rg->rg_known);
	if (rg->rg_infd >= 0)
		close(rg->rg_infd);
	if (rg->rg_dirfd >= 0)
		close(rg->rg_dirfd);
	free(rg->rg_procs);
	free(rg->rg_path);
	free(rg);
	dtp->dt_registry = NULL;
}
