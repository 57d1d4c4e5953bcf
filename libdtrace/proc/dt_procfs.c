/*
 * dt_procfs.c: what the holders of execs read of a process in /proc: its
 * parent and start (/proc/PID/stat), its file-system ids
 * (/proc/PID/status), and the loader's variables of the exec it is
 * blocked in.  One parser of each, for the session (probes/dt_hold.c,
 * probes/dt_discover.c) and dtprobed.
 *
 * Only system calls: no allocation, no stdio, no locale (the session's
 * holder, a child forked from a process that may have other threads,
 * reads /proc/PID/stat).  Every read is bounded by a buffer of the
 * caller's or on the stack; what the files hold is parsed with care for
 * what another user controls: a command name (the comm of
 * /proc/PID/stat) may hold spaces and parentheses, so the fields are
 * counted from the last ')'.
 *
 * The environment of an exec.  A held exec (FAN_OPEN_EXEC_PERM) is
 * inside execve(): the new program's environment is not copied yet, and
 * /proc/PID/environ still shows the old image's (a shell's start-up
 * environment, not what it passes to the command).  The exec's own is
 * what the call was given: /proc/PID/syscall names the call and its
 * arguments while the thread is blocked, and the envp array and its
 * strings are read from the old image's memory (/proc/PID/mem, which
 * needs the rights of a tracer: root).  The process is blocked, but
 * another of its threads may change those bytes: what is read is the
 * process's word, which decides only what is looked for on its behalf
 * (as that process's file-system ids: dt_ldsearch.c), never what the
 * holder trusts.  An exec from a thread other than the main one is not
 * read (its syscall file is another's): -1.
 */
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "dt_procfs.h"

#define SYS_EXECVE	59		/* x86-64 */
#define SYS_EXECVEAT	322

/* "/proc/PID/" then file, in buf (at least 64 bytes). */
static void
proc_path(char *buf, pid_t pid, const char *file)
{
	char digits[12];
	int n = 0, i = 6;
	unsigned int v = (unsigned int)pid;

	memcpy(buf, "/proc/", 6);
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0 && n < 11);
	while (n > 0)
		buf[i++] = digits[--n];
	buf[i++] = '/';
	memcpy(buf + i, file, strlen(file) + 1);
}

/* Read the file at path into buf (NUL ended): bytes, or -1. */
static ssize_t
slurp(const char *path, char *buf, size_t len)
{
	ssize_t n, got = 0;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	while ((size_t)got < len - 1 && (n = read(fd, buf + got,
	    len - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return (got > 0 ? got : -1);
}

/* An unsigned number (base 10 or 16) at *pp, which moves past it. */
static int
number(const char **pp, int base, unsigned long long *vp)
{
	const char *p = *pp;
	unsigned long long v = 0;
	int nd = 0;

	for (;; p++, nd++) {
		int d;

		if (*p >= '0' && *p <= '9')
			d = *p - '0';
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = *p - 'a' + 10;
		else
			break;
		if (v > (UINT64_MAX - (unsigned)d) / (unsigned)base)
			return (-1);
		v = v * (unsigned)base + (unsigned)d;
	}
	if (nd == 0)
		return (-1);
	*pp = p;
	*vp = v;
	return (0);
}

int
dt_procfs_stat(pid_t pid, pid_t *ppidp, unsigned long long *startp)
{
	char path[64], buf[1024];
	const char *p;
	unsigned long long v;
	ssize_t len;

	proc_path(path, pid, "stat");
	if ((len = slurp(path, buf, sizeof (buf))) <= 0)
		return (-1);
	/* "pid (comm) S ppid ...": comm may hold anything, ')' the last */
	for (p = buf + len; p > buf && p[-1] != ')'; p--)
		;
	if (p == buf || p[0] != ' ' || p[1] == '\0' || p[2] != ' ')
		return (-1);
	p += 3;				/* field 4, the parent */
	if (number(&p, 10, &v) != 0 || v > INT32_MAX)
		return (-1);
	if (ppidp != NULL)
		*ppidp = (pid_t)v;
	if (startp == NULL)
		return (0);
	/* fields 5 to 21 (some negative), then 22, the start */
	for (int f = 4; f < 22; f++) {
		if (*p != ' ')
			return (-1);
		p++;
		if (*p == '-')
			p++;
		if (number(&p, 10, &v) != 0)
			return (-1);
	}
	*startp = v;
	return (0);
}

/* The fourth number after tag ("\nUid:") in text: the fs id. */
static int
status_fsid(const char *text, const char *tag, unsigned long long *vp)
{
	const char *p = strstr(text, tag);

	if (p == NULL)
		return (-1);
	p += strlen(tag);
	for (int i = 0; i < 4; i++) {
		while (*p == '\t' || *p == ' ')
			p++;
		if (number(&p, 10, vp) != 0 || *vp > UINT32_MAX)
			return (-1);
	}
	return (0);
}

int
dt_procfs_fsids(pid_t pid, uid_t *uidp, gid_t *gidp)
{
	char path[64], buf[8192];
	unsigned long long u, g;

	proc_path(path, pid, "status");
	if (slurp(path, buf, sizeof (buf)) <= 0 ||
	    status_fsid(buf, "\nUid:", &u) != 0 ||
	    status_fsid(buf, "\nGid:", &g) != 0)
		return (-1);
	*uidp = (uid_t)u;
	*gidp = (gid_t)g;
	return (0);
}

/*
 * The value of the variable of the string at address a if it is name
 * ("LD_PRELOAD="), copied to buf + *op: its start, or NULL.
 */
static const char *
env_value(int mem, uint64_t a, const char *name, char *buf, size_t len,
    size_t *op)
{
	size_t nl = strlen(name), o = *op;
	char head[32];
	ssize_t n;

	if (pread(mem, head, nl, (off_t)a) != (ssize_t)nl ||
	    memcmp(head, name, nl) != 0 || o + 1 >= len)
		return (NULL);
	if ((n = pread(mem, buf + o, len - 1 - o, (off_t)(a + nl))) < 0)
		return (NULL);
	buf[o + (size_t)n] = '\0';
	if (memchr(buf + o, '\0', (size_t)n) == NULL)
		return (NULL);		/* longer than buf: not taken */
	*op = o + strlen(buf + o) + 1;
	return (buf + o);
}

int
dt_procfs_execenv(pid_t pid, char *buf, size_t len,
    const char **libpathp, const char **preloadp)
{
	char path[64], sys[256];
	const char *p = sys;
	unsigned long long nr, arg[6];
	uint64_t envp, ptrs[64];
	size_t o = 0;
	int mem;

	*libpathp = *preloadp = NULL;
	proc_path(path, pid, "syscall");
	if (slurp(path, sys, sizeof (sys)) <= 0 || number(&p, 10, &nr) != 0)
		return (-1);
	for (int i = 0; i < 6; i++) {
		if (p[0] != ' ' || p[1] != '0' || p[2] != 'x')
			return (-1);
		p += 3;
		if (number(&p, 16, &arg[i]) != 0)
			return (-1);
	}
	if (nr == SYS_EXECVE)
		envp = arg[2];
	else if (nr == SYS_EXECVEAT)
		envp = arg[3];
	else
		return (-1);
	if (envp == 0)
		return (0);
	proc_path(path, pid, "mem");
	if ((mem = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	for (unsigned int i = 0; i < DT_PROCFS_ENV_MAX; i += 64) {
		ssize_t n = pread(mem, ptrs, sizeof (ptrs),
		    (off_t)(envp + i * sizeof (uint64_t)));
		unsigned int k;

		if (n < (ssize_t)sizeof (uint64_t))
			break;
		for (k = 0; k < (size_t)n / sizeof (uint64_t) &&
		    ptrs[k] != 0; k++) {
			const char *v;

			if ((v = env_value(mem, ptrs[k], "LD_LIBRARY_PATH=",
			    buf, len, &o)) != NULL)
				*libpathp = v;
			else if ((v = env_value(mem, ptrs[k], "LD_PRELOAD=",
			    buf, len, &o)) != NULL)
				*preloadp = v;
		}
		if (k < (size_t)n / sizeof (uint64_t) || n < (ssize_t)sizeof (ptrs))
			break;		/* the array's end */
	}
	close(mem);
	return (0);
}
