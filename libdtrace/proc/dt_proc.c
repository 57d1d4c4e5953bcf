/*
 * dt_proc.c: processes created (-c) and grabbed (-p) by a session.
 *
 * A created process is forked at once, executes its file under our ptrace
 * and is held, stopped where option evaltime says (by default at its
 * main(), past its loader and constructors), until dtrace_proc_continue(): its pid ($target) is known while the program
 * compiles, its libraries are mapped when its modules are read, and its
 * probes are attached before it runs any code of its own, while nothing
 * of ours (the forked child before exec()) ever runs under probes.  A
 * grabbed process whose loader has not mapped its libraries yet is held
 * the same way.  Each process has a pidfd in the session's epoll set, so
 * its exit wakes dtrace_sleep().  A created process still running when
 * the session releases it is killed, as DTrace does; it also dies if
 * dtrace dies (PR_SET_PDEATHSIG).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/dt_impl.h"
#include "dt_proc.h"

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
proc_add(dtrace_hdl_t *dtp, pid_t pid, bool created)
{
	struct ps_prochandle *P = dt_zalloc(dtp, sizeof (*P));

	if (P == NULL)
		return (NULL);
	P->pp_pid = pid;
	P->pp_created = created;
	P->pp_execfd = -1;
	P->pp_pidfd = pidfd_open(pid);
	P->pp_next = dtp->dt_procs;
	dtp->dt_procs = P;
	if (dtp->dt_target == 0)
		dtp->dt_target = pid;
	return (P);
}

/* The entry point of the program process pid executes (AT_ENTRY), or 0. */
static uint64_t
proc_entry(pid_t pid)
{
	char path[64];
	uint64_t av[2], entry = 0;
	int fd;

	snprintf(path, sizeof (path), "/proc/%d/auxv", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (0);
	while (read(fd, av, sizeof (av)) == (ssize_t)sizeof (av) &&
	    av[0] != AT_NULL) {
		if (av[0] == AT_ENTRY) {
			entry = av[1];
			break;
		}
	}
	close(fd);
	return (entry);
}

/*
 * Wait for the next stop or end of traced process pid, for at most ms
 * milliseconds (-1: no limit).  1 it stopped (*status), 0 it ended
 * (*status), -1 the time ran out or waiting failed.
 */
static int
proc_wait(pid_t pid, int *status, int ms)
{
	for (int waited = 0;; waited++) {
		pid_t w = waitpid(pid, status, ms < 0 ? __WALL : __WALL | WNOHANG);

		if (w == pid)
			return (WIFSTOPPED(*status) ? 1 : 0);
		if (w < 0 && errno != EINTR)
			return (-1);
		if (w == 0) {
			if (waited >= ms)
				return (-1);
			(void) usleep(1000);
		}
	}
}

/*
 * Run process pid, stopped under our ptrace, to address addr of its code:
 * a breakpoint written there (PTRACE_POKETEXT), the process continued
 * until it hits it, the instruction put back and the process left
 * stopped at its first byte.  Signals that come on the way are delivered.
 * 0 stopped there; 1 the process ended on the way (*status); -1 the time
 * (ms, -1 no limit) ran out, the process left as it was but running; -2
 * ptrace failed.
 */
static int
proc_run_to(pid_t pid, uint64_t entry, int *status, int ms)
{
	struct user_regs_struct regs;
	long word;
	int sig = 0, rv;

	if (entry == 0 || ptrace(PTRACE_GETREGS, pid, NULL, &regs) != 0)
		return (-2);
	if (regs.rip == entry)		/* there already */
		return (0);
	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, pid, (void *)entry, NULL);
	if (errno != 0 || ptrace(PTRACE_POKETEXT, pid, (void *)entry,
	    (void *)((word & ~0xffL) | 0xcc)) != 0)
		return (-2);
	for (;;) {
		if (ptrace(PTRACE_CONT, pid, NULL, (void *)(long)sig) != 0)
			return (-2);
		if ((rv = proc_wait(pid, status, ms)) == 0)
			return (1);
		if (rv < 0) {
			/* take the breakpoint out of a process that runs on */
			if (ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) == 0 &&
			    proc_wait(pid, status, -1) == 1)
				(void) ptrace(PTRACE_POKETEXT, pid,
				    (void *)entry, (void *)word);
			return (-1);
		}
		sig = 0;
		if (WSTOPSIG(*status) == SIGTRAP && (*status >> 16) == 0 &&
		    ptrace(PTRACE_GETREGS, pid, NULL, &regs) == 0 &&
		    regs.rip == entry + 1)
			break;
		if ((*status >> 16) == 0)	/* a signal: delivered */
			sig = WSTOPSIG(*status);
	}
	regs.rip = entry;
	if (ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)word) != 0 ||
	    ptrace(PTRACE_SETREGS, pid, NULL, &regs) != 0)
		return (-2);
	return (0);
}

/*
 * Run process pid to its program's entry point (AT_ENTRY), as
 * proc_run_to() does.  The dynamic loader has then mapped every library
 * the program needs (and run their initializers); the program itself has
 * run nothing (a static one starts there).
 */
static int
proc_run_to_entry(pid_t pid, int *status, int ms)
{
	return (proc_run_to(pid, proc_entry(pid), status, ms));
}

/*
 * The address of main() in process pid, which is at its program's entry
 * point: the symbol of its executable moved as the entry point moved
 * (AT_ENTRY against e_entry: a PIE's load address), or 0 if the program
 * has no symbol main (stripped) or cannot be read.
 */
static uint64_t
proc_main(pid_t pid)
{
	char path[64];
	uint64_t addr, entry;

	snprintf(path, sizeof (path), "/proc/%d/exe", (int)pid);
	if (dt_elf_funcaddr(path, "main", &addr, &entry) != 0 || entry == 0)
		return (0);
	return (addr + (proc_entry(pid) - entry));
}

/*
 * Where evaltime holds a created process, stopped at its exec: exec
 * there; preinit at its entry point, before the program's constructors;
 * postinit (the default) and main at main(), after them, as DTrace does;
 * a program without the symbol main at its entry point.  As
 * proc_run_to() returns.
 */
static int
proc_run_to_evaltime(dtrace_hdl_t *dtp, pid_t pid, int *status)
{
	uint64_t main_addr;
	int rv;

	if (dtp->dt_opts.op_evaltime == DT_EVALTIME_EXEC)
		return (0);
	if ((rv = proc_run_to_entry(pid, status, -1)) != 0 ||
	    dtp->dt_opts.op_evaltime == DT_EVALTIME_PREINIT ||
	    (main_addr = proc_main(pid)) == 0)
		return (rv);
	return (proc_run_to(pid, main_addr, status, -1));
}

/* Does file start as an ELF file does (not a script with #!)? */
static bool
is_elf(const char *file)
{
	char magic[SELFMAG];
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	bool elf = fd >= 0 && read(fd, magic, SELFMAG) == SELFMAG &&
	    memcmp(magic, ELFMAG, SELFMAG) == 0;

	if (fd >= 0)
		close(fd);
	return (elf);
}

/*
 * Read what the forked child says on pipe fd: -1 (it is not under our
 * ptrace), 0 (it stops before its exec()), an errno (its exec() failed),
 * or nothing at the pipe's end (it executed its file: the pipe is
 * close-on-exec).  The first word other than -1, or -2 at the end; *held
 * is cleared by a -1.
 */
static int
child_says(int fd, bool *held)
{
	int word;
	ssize_t n;

	for (;;) {
		while ((n = read(fd, &word, sizeof (word))) < 0 &&
		    errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof (word))
			return (-2);
		if (word != -1)
			return (word);
		*held = false;
	}
}

/*
 * A created process starts under our ptrace (PTRACE_TRACEME) and executes
 * its file at once: the kernel stops it after exec() succeeds, before the
 * new program's first instruction, and it is run from there to where
 * evaltime holds it (proc_run_to_evaltime()), so that its modules are the
 * ones it maps
 * and our own code in the forked child (everything before exec(): the
 * libc functions execvp() calls, its system calls) has run before any
 * probe of the session exists.  Nothing the session traces under its pid
 * is ours.  A failed exec() sends its errno back on a close-on-exec pipe.
 * With evaltime=exec, a program (an ELF file: a script's interpreter is
 * not known before) is held before its exec() instead, stopped by its
 * own SIGSTOP, so that its exec() is traced (proc:::exec-success, the
 * loader's system calls): its modules are then its file and the loader
 * it names (dt_pidmods_read()), and dtrace_proc_continue() reports how
 * the exec() went.
 */
DT_EXPORT struct ps_prochandle *
dtrace_proc_create(dtrace_hdl_t *dtp, const char *file, char *const *argv)
{
	struct ps_prochandle *P;
	char exe[4096];
	int efd[2], err, status, rv;
	bool held = true, preexec;
	pid_t pid;

	if ((err = find_exec(file, exe)) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to execute %s: %s", file,
		    strerror(err));
		return (NULL);
	}
	preexec = dtp->dt_opts.op_evaltime == DT_EVALTIME_EXEC && is_elf(exe);
	if (pipe2(efd, O_CLOEXEC) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to create process %s: %s",
		    file, strerror(errno));
		return (NULL);
	}
	if ((pid = fork()) < 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to create process %s: %s",
		    file, strerror(errno));
		close(efd[0]);
		close(efd[1]);
		return (NULL);
	}
	if (pid == 0) {
		(void) prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(efd[0]);
		/*
		 * A dtrace that is itself traced (strace -f, a debugger)
		 * cannot trace its child: the command then starts unheld
		 * (-1 says so), and its start may come before the probes.
		 */
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0) {
			err = -1;
			(void) !write(efd[1], &err, sizeof (err));
		} else if (preexec) {
			err = 0;
			(void) !write(efd[1], &err, sizeof (err));
			(void) raise(SIGSTOP);
		}
		execvp(file, argv);
		err = errno;
		(void) !write(efd[1], &err, sizeof (err));
		_exit(127);
	}
	close(efd[1]);
	err = child_says(efd[0], &held);
	preexec = err == 0;
	if (!preexec)
		close(efd[0]);
	if (err > 0) {			/* it ends at once: _exit() */
		(void) waitpid(pid, NULL, 0);
		dt_set_errmsg(dtp, EDT_PROC, "failed to execute %s: %s", file,
		    strerror(err));
		return (NULL);
	}
	/*
	 * The stop after exec(), then where evaltime says; with exec the
	 * process is held at that stop, before its dynamic loader runs
	 * (its loader's system calls are traced; its libraries come through
	 * the loader's hook, as dlopen()'s do).
	 */
	if (!held)
		rv = 2;
	else if ((rv = proc_wait(pid, &status, -1)) == 1)
		rv = preexec ? 0 : proc_run_to_evaltime(dtp, pid, &status);
	else if (rv == 0)
		rv = 1;
	if (rv < 0 || (preexec && rv != 0)) {
		err = rv < 0 ? errno : ECHILD;
		(void) kill(pid, SIGKILL);
		(void) waitpid(pid, NULL, 0);
		if (preexec)
			close(efd[0]);
		dt_set_errmsg(dtp, EDT_PROC, "failed to create process %s: %s",
		    file, strerror(err));
		return (NULL);
	}
	if ((P = proc_add(dtp, pid, true)) == NULL) {
		(void) kill(pid, SIGKILL);
		(void) waitpid(pid, NULL, 0);
		if (preexec)
			close(efd[0]);
		return (NULL);
	}
	if (preexec) {
		P->pp_preexec = true;
		P->pp_execfd = efd[0];
	}
	if (rv == 1) {		/* its loader ended it (a missing library) */
		P->pp_exited = true;
		P->pp_status = status;
	} else {
		P->pp_held = rv == 0;
	}
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

/*
 * Is process pid still in its dynamic loader, before the libraries are
 * mapped?  Its program has a loader (PT_INTERP), and the only executable
 * files it maps are its program and that loader.
 */
static bool
proc_loading(pid_t pid)
{
	char path[64], exe[4096 + 64], interp[4096], line[4096 + 128];
	struct stat xs, is;
	bool other = false;
	FILE *fp;

	snprintf(path, sizeof (path), "/proc/%d/exe", (int)pid);
	if (stat(path, &xs) != 0 ||
	    dt_elf_interp(path, interp, sizeof (interp)) != 0)
		return (false);
	snprintf(exe, sizeof (exe), "/proc/%d/root%s", (int)pid, interp);
	if (stat(exe, &is) != 0)
		return (false);
	snprintf(path, sizeof (path), "/proc/%d/maps", (int)pid);
	if ((fp = fopen(path, "re")) == NULL)
		return (false);
	while (!other && fgets(line, sizeof (line), fp) != NULL) {
		char perms[8];
		unsigned int major, minor;
		unsigned long inode;

		if (sscanf(line, "%*s %7s %*s %x:%x %lu", perms, &major,
		    &minor, &inode) != 4 || perms[2] != 'x' || inode == 0)
			continue;
		other = !((inode == xs.st_ino &&
		    makedev(major, minor) == xs.st_dev) ||
		    (inode == is.st_ino && makedev(major, minor) == is.st_dev));
	}
	fclose(fp);
	return (!other);
}

/*
 * A process grabbed while its loader still maps its libraries (just
 * started) is stopped (PTRACE_SEIZE, invisible to its parent) and run to
 * its entry point as a created one is, so that its modules include its
 * libraries; it is held there until dtrace_proc_continue().  A process
 * that does not get there within a second is left running.
 */
static void
proc_grab_early(struct ps_prochandle *P)
{
	pid_t pid = P->pp_pid;
	int status, rv;

	if (!proc_loading(pid) ||
	    ptrace(PTRACE_SEIZE, pid, NULL, NULL) != 0)
		return;
	if (ptrace(PTRACE_INTERRUPT, pid, NULL, NULL) != 0 ||
	    proc_wait(pid, &status, -1) != 1) {
		(void) ptrace(PTRACE_DETACH, pid, NULL, NULL);
		return;
	}
	if (!proc_loading(pid) ||
	    (rv = proc_run_to_entry(pid, &status, 1000)) != 0) {
		(void) ptrace(PTRACE_DETACH, pid, NULL, NULL);
		return;
	}
	P->pp_held = true;
}

DT_EXPORT struct ps_prochandle *
dtrace_proc_grab(dtrace_hdl_t *dtp, pid_t pid, int flags)
{
	struct ps_prochandle *P;

	(void) flags;
	if (pid <= 0) {
		dt_set_errmsg(dtp, EDT_PROC, "failed to grab pid %d: invalid "
		    "pid", (int)pid);
		return (NULL);
	}
	/* a process that is not there, or not ours: the reason alone */
	if (kill(pid, 0) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "%s", strerror(errno));
		return (NULL);
	}
	if ((P = proc_add(dtp, pid, false)) != NULL)
		proc_grab_early(P);
	return (P);
}

/*
 * Let a held process go from where it is held: our ptrace leaves it
 * (PTRACE_DETACH), and it runs its program with the session's probes in
 * place.  Its mappings are copied for ustack() and the like first: it may
 * be gone before the consumer's next copy.  One held before its exec()
 * (its SIGSTOP not delivered) executes its file now: this returns once
 * it has, or with the reason it could not.
 */
DT_EXPORT int
dtrace_proc_continue(dtrace_hdl_t *dtp, struct ps_prochandle *P)
{
	bool held = true;
	int err;

	if (P == NULL || !P->pp_held)
		return (0);
	if (!P->pp_preexec)
		dt_usym_remap(dtp, P->pp_pid);
	(void) ptrace(PTRACE_DETACH, P->pp_pid, NULL, NULL);
	P->pp_held = false;
	if (!P->pp_preexec)
		return (0);
	P->pp_preexec = false;
	err = child_says(P->pp_execfd, &held);
	close(P->pp_execfd);
	P->pp_execfd = -1;
	if (err > 0)
		return (dt_set_errmsg(dtp, EDT_PROC, "failed to execute %s: %s",
		    P->pp_file, strerror(err)));
	return (0);
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
		kill(P->pp_pid, SIGKILL);	/* held or not */
		(void) waitpid(P->pp_pid, NULL, __WALL);
	} else if (P->pp_held) {
		(void) ptrace(PTRACE_DETACH, P->pp_pid, NULL, NULL);
	}
	if (P->pp_pidfd >= 0)
		close(P->pp_pidfd);
	if (P->pp_execfd >= 0)
		close(P->pp_execfd);
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
