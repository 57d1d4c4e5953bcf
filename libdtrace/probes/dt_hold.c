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
 * What the session does not hold for: libraries (those the loader maps
 * at start are found only by dtprobed, dtprobed/dt_pd_deps.c; dlopen()
 * is an open, not an exec); an exec answered at the end of its budget.
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
#include <sys/fanotify.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "../core/dt_impl.h"
#include "dt_probe.h"
#include "../proc/dt_proc.h"
#include "../proc/dt_fanhold.h"

#define DT_HOLD_MAX	256		/* execs held at once */
#define DT_HOLD_DEPTH	8		/* generations of the session's own */

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
} dt_holdans_t;

/* The session's end of it. */
struct dt_hold {
	pid_t ho_child;			/* the holder */
	int ho_sock;			/* the socket pair's end */
	unsigned long ho_asked;		/* execs asked about */
	unsigned long ho_armed;		/* ... whose files were armed */
};

/* ---- the holder (a child: system calls only) ----------------------------- */

/* An exec held by the holder. */
typedef struct dt_held {
	int hd_fd;			/* the event's descriptor */
	uint32_t hd_id;			/* its number */
	int64_t hd_deadline;		/* allowed then at the latest (ms) */
} dt_held_t;

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}

/* The parent of process pid, from /proc/PID/stat; -1 if gone. */
static pid_t
parent_of(pid_t pid)
{
	char path[32] = "/proc/", digits[12], buf[512], *p;
	int n = 0, i = 6, fd;
	ssize_t len;
	long ppid = 0;

	do {
		digits[n++] = (char)('0' + pid % 10);
		pid /= 10;
	} while (pid > 0 && n < 11);
	while (n > 0)
		path[i++] = digits[--n];
	memcpy(path + i, "/stat", 6);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	len = read(fd, buf, sizeof (buf) - 1);
	close(fd);
	if (len <= 0)
		return (-1);
	buf[len] = '\0';
	/* "pid (comm) S ppid ...": comm may hold anything, ')' the last */
	for (p = buf + len; p > buf && p[-1] != ')'; p--)
		;
	if (p == buf || p[0] != ' ' || p[1] == '\0' || p[2] != ' ')
		return (-1);
	for (p += 3; *p >= '0' && *p <= '9' && ppid < INT32_MAX; p++)
		ppid = ppid * 10 + (*p - '0');
	return ((pid_t)ppid);
}

/* Is process pid the session's own (system(): the session may wait)? */
static bool
session_own(pid_t pid, pid_t session)
{
	for (int i = 0; i < DT_HOLD_DEPTH && pid > 1; i++) {
		if ((pid = parent_of(pid)) == session)
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
			if (held[i].hd_id != ha.ha_id)
				continue;
			held_answer(fh, held, nheld, i, ha.ha_never != 0);
			break;
		}
	}
	return (n != 0 && (n > 0 || errno == EAGAIN || errno == EINTR));
}

static void __attribute__((noreturn))
holder(dt_fanhold_t *fh, int sock, pid_t session, int64_t budget)
{
	bool own = false;
	dt_held_t held[DT_HOLD_MAX];
	unsigned int nheld = 0;
	uint32_t next = 1;
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
				    !holder_ask(sock, m, next)) {
					dt_fanhold_allow(fh, m->fd);
					close(m->fd);
					continue;
				}
				held[nheld++] = (dt_held_t){ m->fd, next++,
				    now_ms() + budget };
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
 * The verdict on the exec of the file open as fd (which is consumed):
 * true if the session will never trace it (an ignore mark), after arming
 * its probes if it has some the descriptions name.
 */
static bool
judge(dtrace_hdl_t *dtp, dt_hold_t *ho, int fd)
{
	char self[64], path[PATH_MAX];
	const dt_elf_t *ef;
	ssize_t n;

	if (dt_elf_nonotes(dtp, fd)) {
		close(fd);
		return (true);
	}
	snprintf(self, sizeof (self), "/proc/self/fd/%d", fd);
	if ((n = readlink(self, path, sizeof (path) - 1)) <= 0 ||
	    (size_t)n == sizeof (path) - 1 || path[0] != '/') {
		close(fd);
		return (false);
	}
	path[n] = '\0';
	if (n > 10 && strcmp(path + n - 10, " (deleted)") == 0)
		path[n - 10] = '\0';
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
		ho->ho_armed++;
	elf_drop(dtp, ef);
	return (false);
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
		ha.ha_never = dtp->dt_active && !dtp->dt_stopped ?
		    judge(dtp, ho, fd) : (close(fd), false);
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
	free(ho);
}
