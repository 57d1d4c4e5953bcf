/*
 * dt_proc.c: processes created (-c) and grabbed (-p) by a session.
 *
 * A created process is forked at once and held before exec() on a pipe
 * until dtrace_proc_continue(), so its pid ($target) is known while the
 * program compiles and its probes are enabled before it runs any code of
 * its own.  Each process has a pidfd in the session's epoll set, so its
 * exit wakes dtrace_sleep().  A created process still running when the
 * session releases it is killed, as DTrace does; it also dies if dtrace
 * dies (PR_SET_PDEATHSIG).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/dt_impl.h"

static int
pidfd_open(pid_t pid)
{
	return ((int)syscall(SYS_pidfd_open, pid, 0));
}

/*
 * Is file runnable as execvp() would find it?  Its path is left in buf
 * (of 4096 bytes).
 */
static int
find_exec(const char *file, char *buf)
{
	const char *path = getenv("PATH");

	if (strchr(file, '/') != NULL) {
		struct stat st;

		snprintf(buf, 4096, "%s", file);
		if (stat(file, &st) != 0)
			return (errno);
		if (!S_ISREG(st.st_mode))	/* what execve() says */
			return (EACCES);
		return (access(file, X_OK) == 0 ? 0 : errno);
	}
	if (path == NULL)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path != '\0') {
		const char *end = strchr(path, ':');
		size_t len = end != NULL ? (size_t)(end - path) : strlen(path);
		struct stat st;

		snprintf(buf, 4096, "%.*s/%s", (int)len,
		    len > 0 ? path : ".", file);
		if (stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(buf, X_OK) == 0)
			return (0);
		path += len;
		if (*path == ':')
			path++;
	}
	return (ENOENT);
}

static struct ps_prochandle *
proc_add(dtrace_hdl_t *dtp, pid_t pid, int gofd, bool created)
{
	struct ps_prochandle *P = dt_zalloc(dtp, sizeof (*P));

	if (P == NULL)
		return (NULL);
	P->pp_pid = pid;
	P->pp_gofd = gofd;
	P->pp_errfd = -1;
	P->pp_created = created;
	P->pp_pidfd = pidfd_open(pid);
	P->pp_next = dtp->dt_procs;
	dtp->dt_procs = P;
	if (dtp->dt_target == 0)
		dtp->dt_target = pid;
	return (P);
}

DT_EXPORT struct ps_prochandle *
dtrace_proc_create(dtrace_hdl_t *dtp, const char *file, char *const *argv)
{
	struct ps_prochandle *P;
	char exe[4096];
	int pfd[2], efd[2], err;
	pid_t pid;

	if ((err = find_exec(file, exe)) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to execute %s: %s", file,
		    strerror(err));
		return (NULL);
	}
	if (pipe2(pfd, O_CLOEXEC) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to create process %s: %s",
		    file, strerror(errno));
		return (NULL);
	}
	if (pipe2(efd, O_CLOEXEC) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to create process %s: %s",
		    file, strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return (NULL);
	}
	if ((pid = fork()) < 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to create process %s: %s",
		    file, strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		close(efd[0]);
		close(efd[1]);
		return (NULL);
	}
	if (pid == 0) {
		char c;

		(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(pfd[1]);
		close(efd[0]);
		/*
		 * Held here until dtrace_proc_continue() or release.  A
		 * parent that died before the prctl() closed the pipe: end
		 * of file.  (No getppid() check: under the session's own
		 * pid, it would be a system call the session may count.)
		 */
		if (read(pfd[0], &c, 1) != 1)
			_exit(127);
		execvp(file, argv);
		/* the parent says it (dtrace_proc_continue()); a successful
		   exec() closed efd[1]: end of file */
		err = errno;
		(void) !write(efd[1], &err, sizeof (err));
		_exit(127);
	}
	close(pfd[0]);
	close(efd[1]);
	if ((P = proc_add(dtp, pid, pfd[1], true)) == NULL) {
		close(efd[0]);
		return (NULL);
	}
	P->pp_errfd = efd[0];
	P->pp_file = strdup(file);
	P->pp_exec = realpath(exe, NULL);	/* NULL: none known */
	return (P);
}

/* The session's process of this pid, or NULL. */
struct ps_prochandle *
dt_proc_lookup(dtrace_hdl_t *dtp, pid_t pid)
{
	for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
	    P = P->pp_next) {
		if (P->pp_pid == pid)
			return (P);
	}
	return (NULL);
}

DT_EXPORT struct ps_prochandle *
dtrace_proc_grab(dtrace_hdl_t *dtp, pid_t pid, int flags)
{
	(void) flags;
	if (pid <= 0 || kill(pid, 0) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to grab pid %d: %s",
		    (int)pid, pid <= 0 ? "invalid pid" : strerror(errno));
		return (NULL);
	}
	return (proc_add(dtp, pid, -1, false));
}

/*
 * Let a created process go, and wait until its exec() has succeeded (the
 * error pipe closes) or failed (its errno comes on it): a command that
 * cannot run is the caller's error, not a process that exits 127.
 */
DT_EXPORT int
dtrace_proc_continue(dtrace_hdl_t *dtp, struct ps_prochandle *P)
{
	ssize_t n;
	int err = 0;

	if (P == NULL || P->pp_gofd < 0)
		return (0);
	(void) !write(P->pp_gofd, "g", 1);
	close(P->pp_gofd);
	P->pp_gofd = -1;
	if (P->pp_errfd < 0)
		return (0);
	while ((n = read(P->pp_errfd, &err, sizeof (err))) < 0 &&
	    errno == EINTR)
		continue;
	close(P->pp_errfd);
	P->pp_errfd = -1;
	if (n != (ssize_t)sizeof (err))
		return (0);
	return (dt_set_errmsg(dtp, EDT_PROC, "failed to execute %s: %s",
	    P->pp_file != NULL ? P->pp_file : "command", strerror(err)));
}

DT_EXPORT pid_t
dtrace_proc_pid(struct ps_prochandle *P)
{
	return (P != NULL ? P->pp_pid : -1);
}

static void
proc_exited(dtrace_hdl_t *dtp, struct ps_prochandle *P, int status)
{
	P->pp_exited = true;
	P->pp_status = status;
	if (P->pp_pidfd >= 0 && dtp->dt_epollfd >= 0)
		(void) epoll_ctl(dtp->dt_epollfd, EPOLL_CTL_DEL, P->pp_pidfd,
		    NULL);
	if (dtp->dt_prochdlr != NULL)
		dtp->dt_prochdlr(P->pp_pid, DTRACE_PROC_EXITED, status,
		    dtp->dt_procarg);
}

/* Notice processes that have exited. */
void
dt_proc_check(dtrace_hdl_t *dtp)
{
	for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
	    P = P->pp_next) {
		int status = 0;

		if (P->pp_exited)
			continue;
		if (P->pp_created) {
			if (waitpid(P->pp_pid, &status, WNOHANG) == P->pp_pid)
				proc_exited(dtp, P, status);
		} else if (P->pp_pidfd >= 0) {
			struct pollfd pf = { P->pp_pidfd, POLLIN, 0 };

			if (poll(&pf, 1, 0) == 1)
				proc_exited(dtp, P, 0);
		} else if (kill(P->pp_pid, 0) != 0 && errno == ESRCH) {
			proc_exited(dtp, P, 0);
		}
	}
}

bool
dt_proc_alldead(dtrace_hdl_t *dtp)
{
	if (dtp->dt_procs == NULL)
		return (false);
	for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
	    P = P->pp_next) {
		if (!P->pp_exited)
			return (false);
	}
	return (true);
}

static void
proc_free(struct ps_prochandle *P)
{
	if (P->pp_created && !P->pp_exited) {
		if (P->pp_gofd >= 0)
			close(P->pp_gofd);	/* it exits without running */
		else
			kill(P->pp_pid, SIGKILL);
		(void) waitpid(P->pp_pid, NULL, 0);
	} else if (P->pp_gofd >= 0) {
		close(P->pp_gofd);
	}
	if (P->pp_pidfd >= 0)
		close(P->pp_pidfd);
	if (P->pp_errfd >= 0)
		close(P->pp_errfd);
	free(P->pp_file);
	free(P->pp_exec);
	free(P);
}

DT_EXPORT void
dtrace_proc_release(dtrace_hdl_t *dtp, struct ps_prochandle *P)
{
	struct ps_prochandle **pp;

	for (pp = &dtp->dt_procs; *pp != NULL; pp = &(*pp)->pp_next) {
		if (*pp == P) {
			*pp = P->pp_next;
			proc_free(P);
			return;
		}
	}
}

void
dt_proc_free_all(dtrace_hdl_t *dtp)
{
	while (dtp->dt_procs != NULL) {
		struct ps_prochandle *P = dtp->dt_procs;

		dtp->dt_procs = P->pp_next;
		proc_free(P);
	}
}
