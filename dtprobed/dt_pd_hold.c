/*
 * dt_pd_hold.c: a new process waits at its exec until the sessions that
 * want its probes have armed them.
 *
 * A session tracing `prov*:::name` (-Z) is told of a new process by the
 * registry, after the process has run for a while: a binary it has not
 * armed before would fire unseen meanwhile.  So while such sessions run,
 * the daemon holds every exec with a fanotify permission event
 * (FAN_OPEN_EXEC_PERM): the kernel blocks the execve() until the daemon
 * answers, and the daemon answers FAN_ALLOW once the file's probes are
 * armed in every session that wants them, or at once when none does.
 *
 * Sessions.  A session that discovers processes through the registry
 * writes the file "session.PID" in the registry directory (its pid; root
 * writes it, atomically: a temporary name then rename()):
 *
 *   dtrace-session 1          format and version
 *   ack 12                    the generation of the "known" list it has
 *                             armed (the list's "gen" line)
 *   want myapp*               a provider field of its descriptions (one
 *   want *                    line each; "*" for an empty one)
 *
 * and removes it when it ends.  The daemon watches the directory with
 * inotify and reads a session's file when it is moved in (at most
 * SESSION_BYTES, a regular file of root, O_NOFOLLOW); a file whose
 * process is gone is removed.  At most SESSIONS_MAX sessions, WANTS_MAX
 * patterns each.
 *
 * The fanotify group exists only while some session does: with none,
 * an exec costs nothing.  Its marks are FAN_MARK_FILESYSTEM, one per
 * file system mounted (from /proc/self/mountinfo, read again when it
 * changes), so that an exec is seen whatever mount, or mount namespace,
 * it goes through; a file system that refuses a mark (a pseudo file
 * system, where nothing is executed) is left out.  The group, its marks
 * and ignore marks are libdtrace/proc/dt_fanhold.c, shared with a
 * session that holds execs itself when no daemon runs
 * (libdtrace/probes/dt_hold.c).
 *
 * A file without probes is not held again: it gets an ignore mark
 * (FAN_MARK_IGNORED_MASK on its inode), so that its next execs make no
 * event at all, and cost the process nothing but the kernel's look at
 * the marks.  The kernel drops the mark when the file is modified (it
 * may have probes then) or deleted; past DT_FAN_IGNORES_MAX marks, they are
 * all dropped (FAN_MARK_FLUSH) and made again as files are executed.
 *
 * An exec.  The daemon asks dt_pd_exec_verdict() (dtprobed.c) about the
 * file being executed, on the event's own descriptor (the very file the
 * kernel is about to run, never a path): allow at once if the file has
 * no probes, or no session wants its providers (dt_note_provmay(), the
 * test the sessions arm by), or every session that wants them has
 * acknowledged the generation of the known list that lists it; wait
 * otherwise.  A file never read is read first (the sandboxed reader, as
 * for any file), and published in the known list at once.  Each held
 * exec is asked again whenever something it waits for changes (a file
 * read, the list written, a session's acknowledgement, a session gone),
 * and allowed when its budget (-H MS, HOLD_BUDGET) is spent, whatever
 * happened: a slow session, reader or daemon delays the exec, never
 * refuses it.  At most HOLD_MAX execs are held; beyond, an exec is
 * allowed at once.  If the daemon dies, the kernel lets every held exec
 * go (the group is closed with it).
 *
 * The libraries the dynamic loader maps at start are not opened yet at
 * the exec: dt_pd_exec_verdict() finds them as the loader will
 * (libdtrace/proc/dt_ldsearch.c, shared with a session's own holder)
 * and holds the exec for theirs too.  What it does not
 * cover: a library that dlopen() opens later (that is an open, not an
 * exec: holding every open would cost every open() of the machine); the
 * known list covers the next process of such a library.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "dt_pd.h"
#include "../libdtrace/proc/dt_notes.h"
#include "../libdtrace/proc/dt_fanhold.h"

#define SESSION_PREFIX	"session."	/* a session's file name, then pid */
#define SESSION_BYTES	16384		/* bytes of a session's file */
#define SESSIONS_MAX	64		/* sessions at once */
#define WANTS_MAX	64		/* provider patterns of one */
#define HOLD_MAX	256		/* execs held at once */

/* A session, as its file says. */
typedef struct dt_pd_session {
	pid_t ps_pid;			/* its process */
	uint64_t ps_ack;		/* known list generation armed */
	char *ps_wants[WANTS_MAX];	/* provider fields of its descriptions */
	unsigned int ps_nwants;		/* how many */
} dt_pd_session_t;

/* An exec held. */
typedef struct dt_pd_held {
	int ph_fd;			/* the event's descriptor: the file */
	pid_t ph_pid;			/* the process executing it */
	int64_t ph_deadline;		/* allowed then at the latest (ms) */
} dt_pd_held_t;

static struct {
	int hs_dirfd;			/* the registry directory */
	int hs_efd;			/* the daemon's epoll set */
	int hs_infd;			/* inotify of the directory */
	dt_fanhold_t hs_fh;		/* fanotify group, fh_fd -1 without
					   sessions (libdtrace/proc/dt_fanhold.c) */
	int hs_mntfd;			/* /proc/self/mountinfo, while marked */
	int64_t hs_budget;		/* ms an exec is held at most */
	dt_pd_session_t hs_sess[SESSIONS_MAX];	/* sessions */
	unsigned int hs_nsess;		/* how many */
	dt_pd_held_t hs_held[HOLD_MAX];	/* execs held */
	unsigned int hs_nheld;		/* how many */
	unsigned long hs_allowed;	/* execs answered (for -v) */
	unsigned long hs_expired;	/* ... of those, at the budget's end */
	uint64_t hs_epoch;		/* counts changes of the sessions */
} hs = { .hs_dirfd = -1, .hs_efd = -1, .hs_infd = -1,
    .hs_fh.fh_fd = -1, .hs_mntfd = -1 };

static void
watch(int fd, uint32_t events)
{
	struct epoll_event ev = { .events = events, .data.fd = fd };

	(void) epoll_ctl(hs.hs_efd, EPOLL_CTL_ADD, fd, &ev);
}

static void
unwatch(int *fdp)
{
	if (*fdp < 0)
		return;
	(void) epoll_ctl(hs.hs_efd, EPOLL_CTL_DEL, *fdp, NULL);
	close(*fdp);
	*fdp = -1;
}

/* ---- the marks ------------------------------------------------------------ */

/* The mount table changed: mark what is new (dt_fanhold_mark()). */
static void
marks_update(void)
{
	dt_pd_deps_mounts_changed();
	dt_fanhold_mark(&hs.hs_fh);
}

/* Some session runs: hold execs. */
static void
fan_open(void)
{
	if (hs.hs_fh.fh_fd >= 0)
		return;
	if (dt_fanhold_open(&hs.hs_fh) != 0) {
		dt_pd_log(LOG_WARNING, "cannot hold new processes until "
		    "sessions have armed them (fanotify): %s",
		    strerror(errno));
		return;
	}
	watch(hs.hs_fh.fh_fd, EPOLLIN);
	/* the mount table: POLLPRI when it changes */
	if ((hs.hs_mntfd = open("/proc/self/mountinfo", O_RDONLY |
	    O_CLOEXEC)) >= 0)
		watch(hs.hs_mntfd, EPOLLPRI);
	marks_update();
	dt_pd_log(LOG_INFO, "holding new processes for %u session%s "
	    "(%u file systems)", hs.hs_nsess, hs.hs_nsess == 1 ? "" : "s",
	    hs.hs_fh.fh_nmarked);
}

/* The file open on fd has no probes: its execs make no event from now. */
static void
ignore(int fd)
{
	dt_fanhold_ignore(&hs.hs_fh, fd);
}

static void
answer(dt_pd_held_t *ph)
{
	dt_fanhold_allow(&hs.hs_fh, ph->ph_fd);
	close(ph->ph_fd);
	hs.hs_allowed++;
	*ph = hs.hs_held[--hs.hs_nheld];
}

/* No session runs: let every held exec go, stop holding. */
static void
fan_close(void)
{
	if (hs.hs_fh.fh_fd < 0)
		return;
	while (hs.hs_nheld > 0)
		answer(&hs.hs_held[0]);
	unwatch(&hs.hs_mntfd);
	(void) epoll_ctl(hs.hs_efd, EPOLL_CTL_DEL, hs.hs_fh.fh_fd, NULL);
	dt_fanhold_close(&hs.hs_fh);	/* closing it drops the marks */
	dt_pd_log(LOG_INFO, "no session: new processes are not held (%lu "
	    "execs answered, %lu at the end of their budget)", hs.hs_allowed,
	    hs.hs_expired);
	hs.hs_allowed = hs.hs_expired = 0;
}

/* ---- the sessions --------------------------------------------------------- */

static void
session_free(dt_pd_session_t *ps)
{
	for (unsigned int i = 0; i < ps->ps_nwants; i++)
		free(ps->ps_wants[i]);
	*ps = hs.hs_sess[--hs.hs_nsess];
}

static dt_pd_session_t *
session_find(pid_t pid)
{
	for (unsigned int i = 0; i < hs.hs_nsess; i++) {
		if (hs.hs_sess[i].ps_pid == pid)
			return (&hs.hs_sess[i]);
	}
	return (NULL);
}

/* The pid a session file's name gives, or 0. */
static pid_t
session_pid(const char *name)
{
	const char *p = name + strlen(SESSION_PREFIX);
	long v = 0;

	if (strncmp(name, SESSION_PREFIX, strlen(SESSION_PREFIX)) != 0 ||
	    *p == '\0' || *p == '0' || strlen(p) > 9)
		return (0);
	for (; *p != '\0'; p++) {
		if (*p < '0' || *p > '9')
			return (0);
		v = v * 10 + (*p - '0');
	}
	return ((pid_t)v);
}

/*
 * Read the file of session pid again (its name is name): the session is
 * gone if the file is, or bad, or its process is.
 */
static void
session_read(const char *name, pid_t pid)
{
	dt_pd_session_t *ps = session_find(pid), ns = { .ps_pid = pid };
	char buf[SESSION_BYTES + 1], *line, *save = NULL;
	struct stat st;
	ssize_t n;
	int fd;

	fd = openat(hs.hs_dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	    O_NONBLOCK);
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != 0 || (st.st_mode & (S_IWGRP | S_IWOTH)) ||
	    (n = read(fd, buf, SESSION_BYTES)) <= 0)) {
		close(fd);
		fd = -1;
	}
	if (fd < 0 || kill(pid, 0) != 0) {
		if (fd >= 0) {		/* its process is gone */
			close(fd);
			(void) unlinkat(hs.hs_dirfd, name, 0);
		}
		if (ps != NULL)
			session_free(ps);
		return;
	}
	close(fd);
	buf[n] = '\0';
	if (strncmp(buf, "dtrace-session 1\n", 17) != 0)
		return;
	for (line = strtok_r(buf + 17, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		unsigned long long ack;

		if (sscanf(line, "ack %llu", &ack) == 1)
			ns.ps_ack = ack;
		else if (strncmp(line, "want ", 5) == 0 &&
		    ns.ps_nwants < WANTS_MAX &&
		    (ns.ps_wants[ns.ps_nwants] = strdup(line + 5)) != NULL)
			ns.ps_nwants++;
	}
	if (ps == NULL) {
		if (hs.hs_nsess == SESSIONS_MAX) {
			dt_pd_log(LOG_WARNING, "session %d: not held for "
			    "(%u sessions at most)", (int)pid, SESSIONS_MAX);
			for (unsigned int i = 0; i < ns.ps_nwants; i++)
				free(ns.ps_wants[i]);
			return;
		}
		ps = &hs.hs_sess[hs.hs_nsess++];
	} else {
		for (unsigned int i = 0; i < ps->ps_nwants; i++)
			free(ps->ps_wants[i]);
	}
	*ps = ns;
}

/* Sessions whose process is gone (a session killed cannot say so). */
static void
sessions_prune(void)
{
	for (unsigned int i = 0; i < hs.hs_nsess;) {
		char name[32];

		if (kill(hs.hs_sess[i].ps_pid, 0) == 0 || errno == EPERM) {
			i++;
			continue;
		}
		snprintf(name, sizeof (name), SESSION_PREFIX "%d",
		    (int)hs.hs_sess[i].ps_pid);
		(void) unlinkat(hs.hs_dirfd, name, 0);
		session_free(&hs.hs_sess[i]);
	}
}

uint64_t
dt_pd_hold_epoch(void)
{
	return (hs.hs_epoch);
}

/* The set of sessions changed: hold execs if there is one. */
static void
sessions_changed(void)
{
	hs.hs_epoch++;
	if (hs.hs_nsess > 0 && hs.hs_budget > 0)
		fan_open();
	else
		fan_close();
	dt_pd_hold_recheck();
}

/* Read every session file in the directory (at start). */
static void
sessions_scan(void)
{
	int fd = openat(hs.hs_dirfd, ".", O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC);
	DIR *d;
	struct dirent *de;

	if (fd < 0 || (d = fdopendir(fd)) == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		pid_t pid = session_pid(de->d_name);

		if (pid > 0)
			session_read(de->d_name, pid);
	}
	closedir(d);
}

bool
dt_pd_hold_wanted(const char *provs, pid_t pid, uint64_t gen, bool *ackedp)
{
	bool wanted = false;

	(void) pid;
	*ackedp = true;
	for (unsigned int i = 0; i < hs.hs_nsess; i++) {
		const dt_pd_session_t *ps = &hs.hs_sess[i];
		bool wants = false;

		for (const char *p = provs; *p != '\0' && !wants; ) {
			size_t len = strcspn(p, ",");
			char base[256];

			if (len < sizeof (base)) {
				memcpy(base, p, len);
				base[len] = '\0';
				for (unsigned int w = 0; w < ps->ps_nwants &&
				    !wants; w++)
					wants = dt_note_provmay(base,
					    ps->ps_wants[w]);
			}
			p += len + (p[len] == ',');
		}
		if (!wants)
			continue;
		wanted = true;
		if (ps->ps_ack < gen)
			*ackedp = false;
	}
	return (wanted);
}

/* ---- the execs held ------------------------------------------------------- */

void
dt_pd_hold_recheck(void)
{
	for (unsigned int i = 0; i < hs.hs_nheld;) {
		dt_pd_held_t *ph = &hs.hs_held[i];
		dt_pd_verdict_t v = hs.hs_fh.fh_fd < 0 ? DT_PD_ALLOW :
		    dt_pd_exec_verdict(ph->ph_fd, ph->ph_pid);

		if (v == DT_PD_WAIT) {
			i++;
			continue;
		}
		if (v == DT_PD_NEVER)
			ignore(ph->ph_fd);
		answer(ph);	/* the last one moved into slot i */
	}
}

int64_t
dt_pd_hold_expire(void)
{
	int64_t now = dt_pd_now_ms(), next = -1;
	bool pruned = false;

	for (unsigned int i = 0; i < hs.hs_nheld;) {
		dt_pd_held_t *ph = &hs.hs_held[i];

		if (now < ph->ph_deadline) {
			if (next < 0 || ph->ph_deadline - now < next)
				next = ph->ph_deadline - now;
			i++;
			continue;
		}
		if (!pruned) {		/* a session that died holds it up? */
			pruned = true;
			sessions_prune();
		}
		hs.hs_expired++;
		dt_pd_log(LOG_INFO, "process %d: allowed to run after %lld "
		    "ms, its probes not armed in every session",
		    (int)ph->ph_pid, (long long)hs.hs_budget);
		answer(ph);
	}
	if (pruned && hs.hs_nsess == 0)
		sessions_changed();
	return (next);
}

/* Read the fanotify group's events: each exec is answered or held. */
static void
fan_read(void)
{
	char buf[4096] __attribute__((aligned(8)));
	ssize_t n;

	while ((n = read(hs.hs_fh.fh_fd, buf, sizeof (buf))) > 0) {
		for (struct fanotify_event_metadata *m = (void *)buf;
		    FAN_EVENT_OK(m, n); m = FAN_EVENT_NEXT(m, n)) {
			dt_pd_held_t h = { .ph_fd = m->fd, .ph_pid = m->pid,
			    .ph_deadline = dt_pd_now_ms() + hs.hs_budget };
			dt_pd_verdict_t v;

			if (m->vers != FANOTIFY_METADATA_VERSION) {
				dt_pd_log(LOG_ERR, "fanotify: unknown "
				    "metadata version %u", m->vers);
				fan_close();
				return;
			}
			if (m->fd < 0)
				continue;
			hs.hs_held[hs.hs_nheld++] = h;
			v = hs.hs_nheld == HOLD_MAX ||
			    !(m->mask & FAN_OPEN_EXEC_PERM) ? DT_PD_ALLOW :
			    dt_pd_exec_verdict(m->fd, m->pid);
			if (v == DT_PD_NEVER)
				ignore(m->fd);
			if (v != DT_PD_WAIT)
				answer(&hs.hs_held[hs.hs_nheld - 1]);
		}
	}
}

/* The directory changed: a session's file moved in or out. */
static void
dir_read(void)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct
	    inotify_event))));
	bool changed = false;
	ssize_t n;

	while ((n = read(hs.hs_infd, buf, sizeof (buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *ie = (const void *)p;
			pid_t pid;

			p += sizeof (*ie) + ie->len;
			if (ie->mask & IN_Q_OVERFLOW) {
				sessions_scan();
				changed = true;
				continue;
			}
			if (ie->len == 0 || (pid = session_pid(ie->name)) == 0)
				continue;
			session_read(ie->name, pid);
			changed = true;
		}
	}
	if (changed)
		sessions_changed();
}

bool
dt_pd_hold_event(int fd)
{
	if (fd < 0)
		return (false);
	if (fd == hs.hs_fh.fh_fd) {
		fan_read();
		return (true);
	}
	if (fd == hs.hs_infd) {
		dir_read();
		return (true);
	}
	if (fd == hs.hs_mntfd) {
		marks_update();
		return (true);
	}
	return (false);
}

int
dt_pd_hold_init(int dirfd, int efd, int budget)
{
	char self[64];

	hs.hs_dirfd = dirfd;
	hs.hs_efd = efd;
	hs.hs_budget = budget;
	if (budget <= 0)
		return (0);
	if ((hs.hs_infd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0)
		return (-1);
	/* through the descriptor: the directory checked, not a new one */
	snprintf(self, sizeof (self), "/proc/self/fd/%d", dirfd);
	if (inotify_add_watch(hs.hs_infd, self, IN_MOVED_TO | IN_DELETE |
	    IN_MOVED_FROM | IN_ONLYDIR) < 0) {
		close(hs.hs_infd);
		hs.hs_infd = -1;
		return (-1);
	}
	watch(hs.hs_infd, EPOLLIN);
	sessions_scan();
	sessions_prune();
	sessions_changed();
	return (0);
}

void
dt_pd_hold_fini(void)
{
	fan_close();
	unwatch(&hs.hs_infd);
	while (hs.hs_nsess > 0)
		session_free(&hs.hs_sess[0]);
}
