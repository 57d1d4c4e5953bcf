/*
 * dt_hold.c: a session with no dtprobed holds a new process at its exec
 * until it has armed the probes of the file being executed.
 *
 * A session that discovers processes (dt_discover.c) learns of a new one
 * from its exec program, after the process has begun to run: the first
 * process of a binary it has never seen fires unseen until discovery has
 * read it.  dtprobed closes that gap by holding each exec
 * (dtprobed/dt_pd_hold.c); with no daemon, the session holds them itself,
 * with the same fanotify group (proc/dt_fanhold.c): a permission event
 * for each exec (FAN_OPEN_EXEC_PERM), which blocks the execve() until it
 * is answered.
 *
 * The holder.  The answer cannot wait on the session's work loop alone:
 * that loop may be busy, blocked writing its output, or the whole
 * process stopped (^Z, a debugger), and an exec held is an exec of the
 * machine.  So dt_hold_start() (dtrace_go(), when discovery runs without
 * a registry) makes the group and forks a child of its own, the holder,
 * which alone keeps the group open (the session closes its copy) and
 * bounds every hold by itself:
 *
 *  - an exec event: the file's descriptor (the event's own, the very file
 *    the kernel executes) goes to the session over a socket pair
 *    (SCM_RIGHTS) with an id, and the exec is held until the session
 *    answers, at most usdthold ms (option, default 200): then it is
 *    allowed whatever happened.  At most DT_HOLD_MAX are held (beyond,
 *    allowed at once).  While the session runs a command of system()
 *    and waits for it (it says so, dt_hold_own()), an exec by a
 *    descendant of the session (within DT_HOLD_DEPTH generations) is
 *    allowed at once; at other times the session's descendants (a -c
 *    command's children) are held as any process is.
 *  - an answer: allow the exec; for a file that the session will never
 *    trace, also an ignore mark, so that its next execs make no event.
 *  - the session gone (the socket's end, or PR_SET_PDEATHSIG), or its
 *    tracing stopped (dt_hold_stop() kills the holder): the holder exits,
 *    the group is closed, and the kernel lets every exec held go.
 *
 * The holder runs in its own process group, ignoring the terminal's
 * signals (^C, ^Z go to the session only), keeps no descriptor but the
 * group, the socket and the mount table, and makes system calls only
 * (it is forked from a process that may have other threads).  Stopping
 * the session delays the first exec of each new file at most usdthold;
 * stopping the holder itself (SIGSTOP, a debugger: root only) would hold
 * such execs until it runs again, as for the daemon.
 *
 * The session's side, dt_hold_read() in dtrace_work(), before the
 * buffers are read: for each file sent, the same checked reading as
 * discovery's (dt_elf_lookup_fd() on that descriptor, never a path; the
 * path the descriptor shows only names the module), then
 *
 *  - no USDT notes, or none a description of the session can name
 *    (dt_usdt_file_named()): "never" (an ignore mark; the descriptions
 *    do not change while tracing runs, and the kernel drops the mark
 *    when the file is written), and the file is remembered with those
 *    without notes, as discovery does;
 *  - else its shared probes are made and attached (dt_discover_arm(), as
 *    for a file of dtprobed's known list) and the exec allowed: the
 *    process fires them from its first firing, and discovery names it
 *    when its exec record comes.  No ignore mark: the session may
 *    release the file later (dt_usdt_sweep()), so each exec of it is
 *    asked about (the answer is then at once).
 *
 * The libraries its loader will map at start (judge_libs()) are judged
 * the same way before the exec is allowed: found as the loader will
 * (proc/dt_ldsearch.c, shared with dtprobed: DT_NEEDED, DT_RPATH,
 * DT_RUNPATH, ld.so.cache, the default directories, and the exec's own
 * LD_LIBRARY_PATH and LD_PRELOAD, read from the blocked execve()'s
 * arguments: proc/dt_procfs.c), from the process's root and as its
 * file-system ids, each found file open once and read through that
 * descriptor; only once the search is over, with the session's own ids
 * again, are they read for notes and armed.  An exec gets an ignore
 * mark only if neither it nor any library has probes, the search stayed
 * within its bounds and its environment named no library.
 *
 * What the session does not hold for: dlopen() (an open, not an exec);
 * a library replaced under a file with an ignore mark (the kernel drops
 * the mark only when the file itself changes); an exec answered at the
 * end of its budget.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gelf.h>
#include <sys/fanotify.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "../core/dt_impl.h"
#include "dt_probe.h"
#include "../proc/dt_proc.h"
#include "../proc/dt_fanhold.h"
#include "../proc/dt_ldsearch.h"
#include "../proc/dt_procfs.h"

#define DT_HOLD_MAX	256		/* execs held at once */
#define DT_HOLD_DEPTH	8		/* generations of the session's own */
#define DT_HOLD_LIBS	64		/* libraries of one exec looked for */
#define DT_HOLD_MOUNTS	1000		/* ms: the mount table read again */

/* An exec sent to the session (holder to session), with its file. */
typedef struct dt_holdreq {
	uint32_t hq_id;			/* the holder's number for it */
	int32_t hq_pid;			/* the process executing it */
} dt_holdreq_t;

/* The session's answer; id 0: whether system() runs (ha_never). */
typedef struct dt_holdans {
	uint32_t ha_id;			/* the request's hq_id, or 0 */
	uint32_t ha_never;		/* 1: an ignore mark for the file too
					   (id 0: the session waits for a
					   command of its own) */
	int32_t ha_pid;			/* the request's hq_pid */
} dt_holdans_t;

/* The session's end of it. */
struct dt_hold {
	pid_t ho_child;			/* the holder */
	int ho_sock;			/* the socket pair's end */
	unsigned long ho_asked;		/* execs asked about */
	unsigned long ho_armed;		/* ... whose files were armed */
	unsigned long ho_libsarmed;	/* libraries armed for an exec */
	dt_ldsearch_t *ho_ls;		/* the search for libraries */
	int64_t ho_lsat;		/* ... its mount table read (ms) */
};

/* ---- the holder (a child: system calls only) ----------------------------- */

/* An exec held by the holder. */
typedef struct dt_held {
	int hd_fd;			/* the event's descriptor */
	uint32_t hd_id;			/* its number */
	pid_t hd_pid;			/* the process executing it */
	int64_t hd_deadline;		/* allowed then at the latest (ms) */
} dt_held_t;

/*
 * The number of a new hold, from *nextp on: ids wrap after 2^32 execs,
 * so 0 (the session's own messages) is skipped, and so is an id still
 * held, inuse(id, arg) (at most DT_HOLD_MAX are).  An answer names the
 * id and the process, and one that comes after its hold was let go (the
 * budget spent) matches a later hold only if both are the same: the id
 * must have come round 2^32 times and the process id been reused in
 * between.
 */
uint32_t
dt_hold_newid(uint32_t *nextp, bool (*inuse)(uint32_t, void *), void *arg)
{
	for (;;) {
		uint32_t id = (*nextp)++;

		if (id != 0 && !inuse(id, arg))
			return (id);
	}
}

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* Is process pid the session's own (system(): the session may wait)? */
static bool
session_own(pid_t pid, pid_t session)
{
	for (int i = 0; i < DT_HOLD_DEPTH && pid > 1; i++) {
		if (dt_procfs_stat(pid, &pid, NULL) != 0)
			return (false);
		if (pid == session)
			return (true);
	}
	return (false);
}

static void
held_answer(dt_fanhold_t *fh, dt_held_t *held, unsigned int *nheld,
    unsigned int i, bool never)
{
	if (never)
		dt_fanhold_ignore(fh, held[i].hd_fd);
	dt_fanhold_allow(fh, held[i].hd_fd);
	close(held[i].hd_fd);
	held[i] = held[--*nheld];
}

/* Send the exec of event m to the session: false if it cannot be. */
static bool
holder_ask(int sock, const struct fanotify_event_metadata *m, uint32_t id)
{
	dt_holdreq_t hq = { .hq_id = id, .hq_pid = m->pid };
	char cbuf[CMSG_SPACE(sizeof (int))] __attribute__((aligned(8)));
	struct iovec iov = { .iov_base = &hq, .iov_len = sizeof (hq) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
	    .msg_control = cbuf, .msg_controllen = sizeof (cbuf) };
	struct cmsghdr *cm = CMSG_FIRSTHDR(&mh);

	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof (int));
	memcpy(CMSG_DATA(cm), &m->fd, sizeof (int));
	return (sendmsg(sock, &mh, MSG_DONTWAIT | MSG_NOSIGNAL) ==
	    (ssize_t)sizeof (hq));
}

/* Close every descriptor but those of keep[] (sorted, n of them). */
static void
close_others(const int *keep, int n)
{
	unsigned int from = 0;

	for (int i = 0; i < n; i++) {
		if ((unsigned int)keep[i] > from)
			(void) close_range(from, (unsigned int)keep[i] - 1, 0);
		from = (unsigned int)keep[i] + 1;
	}
	(void) close_range(from, ~0U, 0);
}

/*
 * The session's messages: answers, and whether it waits for a command of
 * its own (*ownp).  false when the session is gone.
 */
static bool
holder_answers(dt_fanhold_t *fh, int sock, dt_held_t *held,
    unsigned int *nheld, bool *ownp)
{
	dt_holdans_t ha;
	ssize_t n;

	while ((n = recv(sock, &ha, sizeof (ha), MSG_DONTWAIT)) ==
	    (ssize_t)sizeof (ha)) {
		if (ha.ha_id == 0) {
			*ownp = ha.ha_never != 0;
			continue;
		}
		for (unsigned int i = 0; i < *nheld; i++) {
			if (held[i].hd_id != ha.ha_id ||
			    held[i].hd_pid != ha.ha_pid)
				continue;
			held_answer(fh, held, nheld, i, ha.ha_never != 0);
			break;
		}
	}
	return (n != 0 && (n > 0 || errno == EAGAIN || errno == EINTR));
}

/* The holds of the holder, for held_inuse(). */
typedef struct dt_heldset {
	const dt_held_t *hs_held;	/* the holds */
	const unsigned int *hs_n;	/* ... how many */
} dt_heldset_t;

static bool
held_inuse(uint32_t id, void *arg)
{
	const dt_heldset_t *hs = arg;

	for (unsigned int i = 0; i < *hs->hs_n; i++) {
		if (hs->hs_held[i].hd_id == id)
			return (true);
	}
	return (false);
}

static void __attribute__((noreturn))
holder(dt_fanhold_t *fh, int sock, pid_t session, int64_t budget)
{
	bool own = false;
	dt_held_t held[DT_HOLD_MAX];
	unsigned int nheld = 0;
	uint32_t next = 1, id;
	dt_heldset_t hs = { held, &nheld };
	struct sigaction sa = { .sa_handler = SIG_IGN };
	struct pollfd pf[3];
	int keep[2], mnt;

	(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != session)
		_exit(0);
	(void) prctl(PR_SET_NAME, "dtrace-hold");
	(void) setpgid(0, 0);
	sigemptyset(&sa.sa_mask);
	(void) sigaction(SIGINT, &sa, NULL);
	(void) sigaction(SIGQUIT, &sa, NULL);
	(void) sigaction(SIGHUP, &sa, NULL);
	(void) sigaction(SIGTSTP, &sa, NULL);
	(void) sigaction(SIGTTIN, &sa, NULL);
	(void) sigaction(SIGTTOU, &sa, NULL);
	(void) sigaction(SIGPIPE, &sa, NULL);
	keep[0] = fh->fh_fd < sock ? fh->fh_fd : sock;
	keep[1] = fh->fh_fd < sock ? sock : fh->fh_fd;
	close_others(keep, 2);
	mnt = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
	pf[0] = (struct pollfd){ .fd = fh->fh_fd, .events = POLLIN };
	pf[1] = (struct pollfd){ .fd = sock, .events = POLLIN };
	pf[2] = (struct pollfd){ .fd = mnt, .events = POLLPRI };

	for (;;) {
		int64_t now = now_ms(), wait = -1;
		char buf[4096] __attribute__((aligned(8)));
		ssize_t n;

		/* the budget: allowed whatever the session does */
		for (unsigned int i = 0; i < nheld;) {
			if (held[i].hd_deadline <= now) {
				held_answer(fh, held, &nheld, i, false);
				continue;
			}
			if (wait < 0 || held[i].hd_deadline - now < wait)
				wait = held[i].hd_deadline - now;
			i++;
		}
		if (poll(pf, mnt >= 0 ? 3 : 2, (int)wait) < 0 &&
		    errno != EINTR)
			_exit(1);
		if (pf[2].revents & (POLLPRI | POLLERR))
			dt_fanhold_mark(fh);
		/* answers; the session's end: exit, and all go */
		if ((pf[1].revents & (POLLIN | POLLHUP | POLLERR)) &&
		    !holder_answers(fh, sock, held, &nheld, &own))
			_exit(0);
		if (!(pf[0].revents & POLLIN))
			continue;
		/* (what the session said before these execs comes first) */
		while (holder_answers(fh, sock, held, &nheld, &own) &&
		    (n = read(fh->fh_fd, buf, sizeof (buf))) > 0) {
			struct fanotify_event_metadata *m = (void *)buf;

			for (; FAN_EVENT_OK(m, n); m = FAN_EVENT_NEXT(m, n)) {
				if (m->vers != FANOTIFY_METADATA_VERSION)
					_exit(1);	/* all go */
				if (m->fd < 0)
					continue;
				if (!(m->mask & FAN_OPEN_EXEC_PERM)) {
					close(m->fd);
					continue;
				}
				if (nheld == DT_HOLD_MAX || (own &&
				    session_own(m->pid, session)) ||
				    !holder_ask(sock, m, (id = dt_hold_newid(
				    &next, held_inuse, &hs)))) {
					dt_fanhold_allow(fh, m->fd);
					close(m->fd);
					continue;
				}
				held[nheld++] = (dt_held_t){ m->fd, id,
				    m->pid, now_ms() + budget };
			}
		}
	}
}

/* ---- the session's side --------------------------------------------------- */

int
dt_hold_start(dtrace_hdl_t *dtp)
{
	dt_fanhold_t *fh;
	dt_hold_t *ho;
	pid_t self = getpid(), pid;
	int sv[2];

	if (dtp->dt_opts.op_usdthold == 0 || dtp->dt_hold != NULL)
		return (0);
	if ((fh = malloc(sizeof (*fh))) == NULL ||
	    (ho = dt_zalloc(dtp, sizeof (*ho))) == NULL) {
		free(fh);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	/* not allowed (no CAP_SYS_ADMIN): discovery alone, as before */
	if (dt_fanhold_open(fh) != 0) {
		free(fh);
		free(ho);
		return (0);
	}
	dt_fanhold_mark(fh);
	if (fh->fh_nmarked == 0 || socketpair(AF_UNIX, SOCK_SEQPACKET |
	    SOCK_CLOEXEC, 0, sv) != 0) {
		dt_fanhold_close(fh);
		free(fh);
		free(ho);
		return (0);
	}
	if ((pid = fork()) < 0) {
		close(sv[0]);
		close(sv[1]);
		dt_fanhold_close(fh);
		free(fh);
		free(ho);
		return (0);
	}
	if (pid == 0) {
		close(sv[0]);
		holder(fh, sv[1], self, (int64_t)dtp->dt_opts.op_usdthold);
	}
	/* the holder alone keeps the group: its end lets all go */
	close(sv[1]);
	dt_fanhold_close(fh);
	free(fh);
	(void) fcntl(sv[0], F_SETFL, O_NONBLOCK);
	ho->ho_child = pid;
	ho->ho_sock = sv[0];
	dtp->dt_hold = ho;
	return (0);
}

int
dt_hold_fd(const dtrace_hdl_t *dtp)
{
	return (dtp->dt_hold != NULL ? dtp->dt_hold->ho_sock : -1);
}

/* A file looked up only to be judged: freed unless someone holds it. */
static void
elf_drop(dtrace_hdl_t *dtp, const dt_elf_t *ef)
{
	dt_elf_hold(ef);
	dt_elf_release(dtp, ef);	/* pairs with the hold above */
}

/*
 * The verdict on one file an exec maps, open as fd (which is consumed),
 * named path (as the process sees it): true if the session will never
 * trace it, after arming its probes (*armedp counts it) if it has some
 * the descriptions name.
 */
static bool
judge_file(dtrace_hdl_t *dtp, int fd, const char *path,
    unsigned long *armedp)
{
	const dt_elf_t *ef;

	if (dt_elf_nonotes(dtp, fd)) {
		close(fd);
		return (true);
	}
	for (const char *p = path; *p != '\0'; p++) {
		/* a path with control characters: left out, as pid does */
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			close(fd);
			return (false);
		}
	}
	if ((ef = dt_elf_lookup_fd(dtp, fd, path)) == NULL)
		return (false);		/* not read: asked again next time */
	if (ef->ef_nnotes == 0 || !dt_usdt_file_named(dtp, ef)) {
		if (ef->ef_nnotes > 0)
			dt_elf_nonotes_add(dtp, ef);
		elf_drop(dtp, ef);
		return (true);
	}
	if (dt_discover_arm(dtp, ef, path) != 0)
		dt_msg(dtp, DTRACE_MSG_WARNING, "the USDT probes of %s are "
		    "not armed before its process runs: %s", path,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	else
		(*armedp)++;
	elf_drop(dtp, ef);
	return (false);
}

/* The dependency lines of the ELF file open on fd (malloc'd), or NULL. */
static char *
file_deps(int fd)
{
	char buf[DT_LD_DEPS_BYTES];
	size_t n = 0;
	Elf *elf;

	/* ELF_C_READ: read with pread(), no mapping a writer may truncate */
	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ, NULL)) == NULL)
		return (NULL);
	if (elf_kind(elf) == ELF_K_ELF && gelf_getclass(elf) == ELFCLASS64)
		n = dt_ldsearch_deps(elf, buf, sizeof (buf));
	elf_end(elf);
	return (n > 0 ? strdup(buf) : NULL);
}

/* The libraries of one exec, found as its loader will (dt_ldsearch.c). */
typedef struct dt_holdlibs {
	int hl_fd[DT_HOLD_LIBS];	/* each open for reading */
	char *hl_path[DT_HOLD_LIBS];	/* ... its path, as the process
					   sees it */
	unsigned int hl_n;		/* how many */
} dt_holdlibs_t;

/*
 * A library found (dt_ldsearch_closure()), while the search runs with
 * the process's file-system ids: only its dependency lines are read now,
 * from the descriptor; it is judged once the session is itself again.
 */
static int
lib_found(void *arg, int fd, const struct stat *st, const char *path,
    char **depsp)
{
	dt_holdlibs_t *hl = arg;

	(void) st;
	if (hl->hl_n == DT_HOLD_LIBS ||
	    (hl->hl_path[hl->hl_n] = strdup(path)) == NULL) {
		close(fd);
		return (-1);
	}
	*depsp = file_deps(fd);
	hl->hl_fd[hl->hl_n++] = fd;
	return (0);
}

/*
 * The verdict on the libraries that the exec by process pid of the file
 * st, path, whose dependency lines are deps, will map at start: true if
 * none has probes the session may trace (and the exec's environment
 * names no library: LD_PRELOAD and LD_LIBRARY_PATH are the exec's own,
 * so the file's next exec may differ), after arming those that have.  A
 * search past its bounds or a library not read is not "never": the next
 * exec is looked at again.
 */
static bool
judge_libs(dtrace_hdl_t *dtp, dt_hold_t *ho, const char *deps,
    const char *path, pid_t pid, const struct stat *st)
{
	dt_holdlibs_t hl = { .hl_n = 0 };
	dt_ldenv_t env = { NULL, NULL };
	char envbuf[8192];
	bool never, envset = false;
	int64_t now = now_ms();
	uid_t uid;
	gid_t gid;
	int n;

	if (dt_procfs_fsids(pid, &uid, &gid) != 0)
		return (false);		/* gone, or unreadable */
	/* a set-id program's loader takes neither (secure mode) */
	if (!(st->st_mode & (S_ISUID | S_ISGID)) &&
	    dt_procfs_execenv(pid, envbuf, sizeof (envbuf), &env.le_libpath,
	    &env.le_preload) == 0)
		envset = env.le_libpath != NULL || env.le_preload != NULL;
	if (ho->ho_ls == NULL && (ho->ho_ls = dt_ldsearch_create()) == NULL)
		return (false);
	if (now - ho->ho_lsat >= DT_HOLD_MOUNTS) {
		dt_ldsearch_mounts_changed(ho->ho_ls);
		ho->ho_lsat = now;
	}
	never = dt_ldsearch_begin(ho->ho_ls, pid, uid, gid);
	n = never ? dt_ldsearch_closure(ho->ho_ls, deps, path, &env,
	    DT_HOLD_LIBS, lib_found, &hl) : -1;
	never = dt_ldsearch_end(ho->ho_ls) && never && n >= 0 && !envset;
	for (unsigned int i = 0; i < hl.hl_n; i++) {
		if (!judge_file(dtp, hl.hl_fd[i], hl.hl_path[i],
		    &ho->ho_libsarmed))
			never = false;
		free(hl.hl_path[i]);
	}
	return (never);
}

/*
 * The verdict on the exec of the file open as fd (which is consumed) by
 * process pid: true if the session will never trace it (an ignore mark),
 * after arming the probes the descriptions name of it and of the
 * libraries its loader will map at start.
 */
static bool
judge(dtrace_hdl_t *dtp, dt_hold_t *ho, int fd, pid_t pid)
{
	char self[64], path[PATH_MAX], *deps;
	struct stat st;
	bool never;
	ssize_t n;

	snprintf(self, sizeof (self), "/proc/self/fd/%d", fd);
	if (fstat(fd, &st) != 0 || (n = readlink(self, path,
	    sizeof (path) - 1)) <= 0 || (size_t)n == sizeof (path) - 1 ||
	    path[0] != '/') {
		close(fd);
		return (false);
	}
	path[n] = '\0';
	if (n > 10 && strcmp(path + n - 10, " (deleted)") == 0)
		path[n - 10] = '\0';
	deps = file_deps(fd);
	never = judge_file(dtp, fd, path, &ho->ho_armed);
	if (deps != NULL && strstr(deps, "L ") != NULL &&
	    !judge_libs(dtp, ho, deps, path, pid, &st))
		never = false;
	free(deps);
	return (never);
}

void
dt_hold_read(dtrace_hdl_t *dtp)
{
	dt_hold_t *ho = dtp->dt_hold;

	if (ho == NULL)
		return;
	for (;;) {
		dt_holdreq_t hq;
		dt_holdans_t ha;
		char cbuf[CMSG_SPACE(sizeof (int))] __attribute__((aligned(8)));
		struct iovec iov = { .iov_base = &hq, .iov_len = sizeof (hq) };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
		    .msg_control = cbuf, .msg_controllen = sizeof (cbuf) };
		struct cmsghdr *cm;
		int fd = -1;
		ssize_t n;

		if ((n = recvmsg(ho->ho_sock, &mh, MSG_DONTWAIT |
		    MSG_CMSG_CLOEXEC)) <= 0)
			return;
		for (cm = CMSG_FIRSTHDR(&mh); cm != NULL;
		    cm = CMSG_NXTHDR(&mh, cm)) {
			if (cm->cmsg_level == SOL_SOCKET &&
			    cm->cmsg_type == SCM_RIGHTS &&
			    cm->cmsg_len == CMSG_LEN(sizeof (int)))
				memcpy(&fd, CMSG_DATA(cm), sizeof (int));
		}
		if (n != (ssize_t)sizeof (hq) || fd < 0) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		ho->ho_asked++;
		ha.ha_id = hq.hq_id;
		ha.ha_pid = hq.hq_pid;
		ha.ha_never = dtp->dt_active && !dtp->dt_stopped ?
		    judge(dtp, ho, fd, hq.hq_pid) : (close(fd), false);
		(void) send(ho->ho_sock, &ha, sizeof (ha), MSG_DONTWAIT |
		    MSG_NOSIGNAL);
	}
}

void
dt_hold_own(dtrace_hdl_t *dtp, bool waiting)
{
	dt_holdans_t ha = { .ha_id = 0, .ha_never = waiting };

	if (dtp->dt_hold != NULL)
		(void) send(dtp->dt_hold->ho_sock, &ha, sizeof (ha),
		    MSG_DONTWAIT | MSG_NOSIGNAL);
}

void
dt_hold_stop(dtrace_hdl_t *dtp)
{
	dt_hold_t *ho = dtp->dt_hold;

	if (ho == NULL)
		return;
	dtp->dt_hold = NULL;
	/* the group closes with the holder: every exec held goes */
	(void) kill(ho->ho_child, SIGKILL);
	close(ho->ho_sock);
	while (waitpid(ho->ho_child, NULL, 0) < 0 && errno == EINTR)
		;
	dt_ldsearch_free(ho->ho_ls);
	free(ho);
}
