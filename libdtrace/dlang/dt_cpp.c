/*
 * dt_cpp.c: the C preprocessor (-C), the setters of its options (rows of
 * core/dt_options.c), and the names of the files that line markers bring
 * into a compilation.
 *
 * The preprocessor runs as a child process, by fork() and exec (no shell).
 * The source goes to its standard input through a pipe, its output and its
 * messages come back through two more, and one poll() loop moves all three
 * so that neither side ever waits on a full pipe.  SIGPIPE is blocked on
 * the calling thread meanwhile: a preprocessor that stops reading early
 * must not kill the consumer.
 *
 * The source is preceded by `#line 1 "FILE"`, so that the preprocessor's
 * messages and the line markers of its output (`# 12 "FILE"`) name the
 * user's file rather than "<stdin>".  The lexer follows the markers, so
 * that compiler errors give the user's file and line.  An interpreter line
 * ("#!/usr/sbin/dtrace -s"), which cpp would reject, is blanked, its
 * newline kept so that the lines keep their numbers.
 *
 * What the preprocessor writes on standard error is collected and passed
 * on as one message (DTRACE_MSG_CPP: to our standard error, as DTrace lets
 * its preprocessor write there), whether it succeeds (warnings, the header
 * list of -H) or fails; a failure is then EDT_CPP, "Preprocessor failed to
 * process input program", or a message saying why it could not run.
 *
 * File names from line markers are kept on the handle, each once, and
 * source positions refer to them by number (dt_srcpos_t.sp_file), so that
 * a position stays meaningful after its compilation ends.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/dt_impl.h"
#include "dt_dlang.h"
#include "../core/dt_options.h"

/*
 * Macros every preprocessed program sees, as DTrace defines them: the
 * system's (__linux, __unix and __amd64 come with cpp; __SVR4 and
 * __Linux, "__" and uname's system name, are DTrace's), D's own, and not
 * the compiler's __GNUC__, since the program is not C for GCC.
 */
static const char *const dt_cpp_defs[] = {
	"-D__SVR4",
	"-D__Linux",
	"-U__GNUC__",
	"-D__SUNW_D=1",			/* D, preprocessed by DTrace */
	"-D__SUNW_D_64",		/* the 64-bit data model */
	"-D__SUNW_D_VERSION=0x02000000", /* D 2.0, major << 24 | minor << 12 */
};
#define DT_CPP_NDEFS	(sizeof (dt_cpp_defs) / sizeof (dt_cpp_defs[0]))

/* ---- options ------------------------------------------------------------- */

/* Is s, up to its first character in stop (or its end), a macro name? */
static bool
macro_name(const char *s, const char *stop)
{
	if (!isalpha((unsigned char)*s) && *s != '_' && *s != '$')
		return (false);
	for (s++; *s != '\0' && strchr(stop, *s) == NULL; s++) {
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '$')
			return (false);
	}
	return (true);
}

/* Append the argument flag + val to the preprocessor's arguments. */
static int
addarg(dtrace_hdl_t *dtp, const char *flag, const char *val)
{
	dt_options_t *op = &dtp->dt_opts;
	char *arg;

	if (op->op_ncppargs == op->op_cppargcap &&
	    dt_grow(dtp, (void **)&op->op_cppargs, &op->op_cppargcap, 8,
	    sizeof (char *)) != 0)
		return (-1);
	if ((arg = dt_zalloc(dtp, strlen(flag) + strlen(val) + 1)) == NULL)
		return (-1);
	strcpy(arg, flag);
	strcat(arg, val);
	op->op_cppargs[op->op_ncppargs++] = arg;
	return (0);
}

/*
 * The setters of the preprocessor's options that add to its arguments or
 * choose its conformance: rows of the option table (core/dt_options.c),
 * which also holds cpp, cpphdrs and cpppath.
 */
int
dt_cpp_set_define(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	if (val == NULL || !macro_name(val, "=("))
		return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
		    "invalid macro name in %s: \"%s\"", od->od_name,
		    val != NULL ? val : ""));
	return (addarg(dtp, "-D", val));
}

int
dt_cpp_set_undef(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	if (val == NULL || !macro_name(val, ""))
		return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
		    "invalid macro name in %s: \"%s\"", od->od_name,
		    val != NULL ? val : ""));
	return (addarg(dtp, "-U", val));
}

int
dt_cpp_set_incdir(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	if (val == NULL || *val == '\0')
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	(void) od;
	return (addarg(dtp, "-I", val));
}

/*
 * cppargs: more arguments for the preprocessor, separated by white space
 * ("-H -dM" is two), after the -D, -U and -I arguments given before it.
 */
int
dt_cpp_set_cppargs(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	const char *p = val;
	int n = 0;

	(void) od;
	while (p != NULL && *p != '\0') {
		size_t len;
		char *word;

		while (isspace((unsigned char)*p))
			p++;
		for (len = 0; p[len] != '\0' && !isspace((unsigned char)p[len]);
		    len++)
			;
		if (len == 0)
			break;
		if ((word = strndup(p, len)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		if (addarg(dtp, "", word) != 0) {
			free(word);
			return (-1);
		}
		free(word);
		p += len;
		n++;
	}
	if (n == 0)
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	return (0);
}

/*
 * stdc (-X): the C conformance asked of cpp, a, c, s or t; anything else
 * is DTrace's plain "Invalid value for specified option".
 */
int
dt_cpp_set_stdc(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	(void) od;
	if (val == NULL || strlen(val) != 1 || strchr("acst", *val) == NULL)
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	dtp->dt_opts.op_stdc = *val;
	return (0);
}

void
dt_cpp_free(dtrace_hdl_t *dtp)
{
	dt_options_t *op = &dtp->dt_opts;

	for (unsigned int i = 0; i < op->op_ncppargs; i++)
		free(op->op_cppargs[i]);
	free(op->op_cppargs);
	for (unsigned int i = 0; i < op->op_nlibdirs; i++)
		free(op->op_libdirs[i]);	/* libdir: dt_options.c */
	free(op->op_libdirs);
	for (unsigned int i = 0; i < dtp->dt_nsrcfiles; i++)
		free(dtp->dt_srcfiles[i]);
	free(dtp->dt_srcfiles);
	free(dtp->dt_srcfilehash);
}

/* ---- file names of line markers ------------------------------------------ */

/* FNV-1a of a file name. */
static uint32_t
srcfile_hash(const char *name)
{
	uint32_t h = 2166136261U;

	for (; *name != '\0'; name++)
		h = (h ^ (unsigned char)*name) * 16777619U;
	return (h);
}

/*
 * The slot of name in the index of file names: the one holding its number,
 * or the free one where it would go.
 */
static unsigned int
srcfile_slot(dtrace_hdl_t *dtp, const char *name)
{
	unsigned int mask = dtp->dt_srcfilehsize - 1;
	unsigned int i = srcfile_hash(name) & mask;

	while (dtp->dt_srcfilehash[i] != 0 && strcmp(dtp->dt_srcfiles[
	    dtp->dt_srcfilehash[i] - 1], name) != 0)
		i = (i + 1) & mask;
	return (i);
}

/* Double the index (at least 64 slots) and put every name back in it. */
static int
srcfile_rehash(dtrace_hdl_t *dtp)
{
	unsigned int nsize = dtp->dt_srcfilehsize ? dtp->dt_srcfilehsize * 2 :
	    64;
	unsigned int *n;

	if (nsize == 0 || (n = dt_zalloc(dtp, (size_t)nsize *
	    sizeof (unsigned int))) == NULL)
		return (-1);
	free(dtp->dt_srcfilehash);
	dtp->dt_srcfilehash = n;
	dtp->dt_srcfilehsize = nsize;
	for (unsigned int f = 1; f <= dtp->dt_nsrcfiles; f++)
		n[srcfile_slot(dtp, dtp->dt_srcfiles[f - 1])] = f;
	return (0);
}

/*
 * The number of name on the handle (from 1), added if new; -1 if no
 * memory.  The names are indexed by a hash (kept at most half full): a
 * program may give 100,000 distinct names in line markers.
 */
int
dt_srcfile_intern(dtrace_hdl_t *dtp, const char *name)
{
	char *copy;
	unsigned int slot;

	if ((dtp->dt_nsrcfiles + 1) * 2 > dtp->dt_srcfilehsize &&
	    srcfile_rehash(dtp) != 0)
		return (-1);
	slot = srcfile_slot(dtp, name);
	if (dtp->dt_srcfilehash[slot] != 0)
		return ((int)dtp->dt_srcfilehash[slot]);
	if (dtp->dt_nsrcfiles >= INT_MAX - 1)
		return (-1);
	if (dtp->dt_nsrcfiles == dtp->dt_srcfilecap &&
	    dt_grow(dtp, (void **)&dtp->dt_srcfiles, &dtp->dt_srcfilecap, 4,
	    sizeof (char *)) != 0)
		return (-1);
	if ((copy = dt_strdup(dtp, name)) == NULL)
		return (-1);
	dtp->dt_srcfiles[dtp->dt_nsrcfiles++] = copy;
	dtp->dt_srcfilehash[slot] = dtp->dt_nsrcfiles;
	return ((int)dtp->dt_nsrcfiles);
}

/* The name numbered file, or NULL. */
const char *
dt_srcfile_name(dtrace_hdl_t *dtp, int file)
{
	if (file < 1 || (unsigned int)file > dtp->dt_nsrcfiles)
		return (NULL);
	return (dtp->dt_srcfiles[file - 1]);
}

/* ---- running the preprocessor -------------------------------------------- */

/* A growing buffer of bytes, always NUL-terminated once it holds any. */
typedef struct dt_cppbuf {
	char *cb_data;		/* bytes */
	size_t cb_len;		/* how many */
	size_t cb_cap;		/* how many allocated */
} dt_cppbuf_t;

/*
 * Read what is available from fd into bp.  Returns 1 at the end of the
 * file, 0 if more may come, -1 on error (errno or EDT_NOMEM set).
 */
static int
buf_read(dtrace_hdl_t *dtp, int fd, dt_cppbuf_t *bp)
{
	ssize_t n;

	if (bp->cb_cap - bp->cb_len < 4096 + 1) {
		size_t cap = bp->cb_cap * 2 + 8192;
		char *nd = dt_realloc(dtp, bp->cb_data, cap);

		if (nd == NULL)
			return (-1);
		bp->cb_data = nd;
		bp->cb_cap = cap;
	}
	n = read(fd, bp->cb_data + bp->cb_len, bp->cb_cap - bp->cb_len - 1);
	if (n < 0)
		return (errno == EINTR || errno == EAGAIN ? 0 :
		    dt_set_errno(dtp, errno));
	bp->cb_len += (size_t)n;
	bp->cb_data[bp->cb_len] = '\0';
	return (n == 0);
}

/* A descriptor like fd (close-on-exec) that is not 0, 1 or 2. */
static int
fd_above_stdio(int fd)
{
	int nfd;

	if (fd > 2)
		return (fd);
	nfd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return (nfd);
}

static void
close_fd(int *fdp)
{
	if (*fdp >= 0)
		close(*fdp);
	*fdp = -1;
}

/* `#line 1 "file"`, file escaped as a C string; NULL if no memory. */
static char *
line_directive(dtrace_hdl_t *dtp, const char *file)
{
	char *s = dt_zalloc(dtp, strlen(file) * 4 + sizeof ("#line 1 \"\"\n"));
	char *p = s;

	if (s == NULL)
		return (NULL);
	p += sprintf(p, "#line 1 \"");
	for (const unsigned char *c = (const unsigned char *)file; *c != '\0';
	    c++) {
		if (*c == '"' || *c == '\\')
			p += sprintf(p, "\\%c", *c);
		else if (*c < ' ' || *c == 0x7f)
			p += sprintf(p, "\\%03o", *c);
		else
			*p++ = (char)*c;
	}
	strcpy(p, "\"\n");
	return (s);
}

/*
 * Move the input to the child and its output and messages back until it
 * closes both.  seg/seglen: the input, in two pieces.
 */
static int
exchange(dtrace_hdl_t *dtp, int fds[3], const char *seg[2],
    size_t seglen[2], dt_cppbuf_t *out, dt_cppbuf_t *err)
{
	int s = 0;
	size_t off = 0;

	while (fds[1] >= 0 || fds[2] >= 0) {
		struct pollfd pfd[3];
		nfds_t n = 0;

		if (fds[0] >= 0) {
			pfd[n].fd = fds[0];
			pfd[n++].events = POLLOUT;
		}
		for (int i = 1; i < 3; i++) {
			if (fds[i] >= 0) {
				pfd[n].fd = fds[i];
				pfd[n++].events = POLLIN;
			}
		}
		if (poll(pfd, n, -1) < 0) {
			if (errno == EINTR)
				continue;
			return (dt_set_errno(dtp, errno));
		}
		for (nfds_t i = 0; i < n; i++) {
			int r;

			if (pfd[i].revents == 0)
				continue;
			if (pfd[i].fd == fds[0]) {
				ssize_t w;

				while (s < 2 && off == seglen[s]) {
					s++;
					off = 0;
				}
				if (s == 2) {
					close_fd(&fds[0]);
					continue;
				}
				w = write(fds[0], seg[s] + off,
				    seglen[s] - off);
				if (w >= 0)
					off += (size_t)w;
				else if (errno != EINTR && errno != EAGAIN)
					close_fd(&fds[0]);  /* it stopped
							       reading */
				continue;
			}
			r = buf_read(dtp, pfd[i].fd, pfd[i].fd == fds[1] ?
			    out : err);
			if (r < 0)
				return (-1);
			if (r > 0)
				close_fd(pfd[i].fd == fds[1] ? &fds[1] :
				    &fds[2]);
		}
	}
	return (0);
}

/* Start path with argv, its standard input, output and error on fds. */
static pid_t
spawn(dtrace_hdl_t *dtp, const char *path, char *const argv[], int fds[3],
    const sigset_t *mask)
{
	int status[2], e = 0;
	pid_t pid;
	ssize_t n;

	if (pipe2(status, O_CLOEXEC) != 0) {
		dt_set_errmsg(dtp, EDT_CPP, "cannot run the C preprocessor "
		    "%s: %s", path, strerror(errno));
		return (-1);
	}
	if ((pid = fork()) < 0) {
		dt_set_errmsg(dtp, EDT_CPP, "cannot run the C preprocessor "
		    "%s: %s", path, strerror(errno));
		close(status[0]);
		close(status[1]);
		return (-1);
	}
	if (pid == 0) {
		/* Only async-signal-safe calls from here on. */
		sigprocmask(SIG_SETMASK, mask, NULL);
		if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 ||
		    dup2(fds[2], 2) < 0) {
			e = errno;
		} else {
			execvp(path, argv);
			e = errno;
		}
		(void) !write(status[1], &e, sizeof (e));
		_exit(127);
	}
	/* The status pipe closes at exec, or brings exec's errno. */
	close(status[1]);
	do {
		n = read(status[0], &e, sizeof (e));
	} while (n < 0 && errno == EINTR);
	close(status[0]);
	if (n == (ssize_t)sizeof (e)) {
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		dt_set_errmsg(dtp, EDT_CPP, "cannot run the C preprocessor "
		    "%s: %s", path, strerror(e));
		return (-1);
	}
	return (pid);
}

/*
 * Preprocess src (len bytes) given as file.  On success *outp holds the
 * output (NUL-terminated, to be freed) and *outlenp its length.
 */
int
dt_cpp_run(dtrace_hdl_t *dtp, const char *src, size_t len, const char *file,
    char **outp, size_t *outlenp)
{
	const dt_options_t *op = &dtp->dt_opts;
	const char *path = op->op_cpppath != NULL ? op->op_cpppath :
	    DT_CPP_PATH;
	dt_cppbuf_t out = { NULL, 0, 0 }, err = { NULL, 0, 0 };
	char **argv = NULL, *hdr = NULL;
	const char *seg[2];
	size_t seglen[2], skip = 0;
	int ipipe[2] = { -1, -1 };		/* its standard input */
	int opipe[2] = { -1, -1 };		/* its standard output */
	int epipe[2] = { -1, -1 };		/* its standard error */
	int fds[3] = { -1, -1, -1 }, child[3], status = 0, rv = -1;
	sigset_t pipeset, oldmask, pending;
	bool pipepending;
	unsigned int argc = 0;
	pid_t pid;

	*outp = NULL;
	*outlenp = 0;
	if ((argv = dt_zalloc(dtp, (DT_CPP_NDEFS + op->op_ncppargs + 4) *
	    sizeof (char *))) == NULL)
		return (-1);
	argv[argc++] = (char *)path;
	/* -X s: K&R C; a, c and t (the default): ISO C99 */
	argv[argc++] = op->op_stdc == 's' ? "-traditional-cpp" : "-std=c99";
	for (unsigned int i = 0; i < DT_CPP_NDEFS; i++)
		argv[argc++] = (char *)dt_cpp_defs[i];
	for (unsigned int i = 0; i < op->op_ncppargs; i++)
		argv[argc++] = op->op_cppargs[i];
	if (op->op_cpphdrs)
		argv[argc++] = "-H";
	argv[argc] = NULL;

	if ((hdr = line_directive(dtp, file)) == NULL)
		goto out;
	if (len >= 2 && src[0] == '#' && src[1] == '!') {
		while (skip < len && src[skip] != '\n')
			skip++;
	}
	seg[0] = hdr;
	seglen[0] = strlen(hdr);
	seg[1] = src + skip;
	seglen[1] = len - skip;

	if (pipe2(ipipe, O_CLOEXEC) != 0 || pipe2(opipe, O_CLOEXEC) != 0 ||
	    pipe2(epipe, O_CLOEXEC) != 0) {
		dt_set_errmsg(dtp, EDT_CPP, "cannot run the C preprocessor "
		    "%s: %s", path, strerror(errno));
		goto out;
	}
	/* The child's ends go to 0, 1 and 2: none may already be one. */
	if ((ipipe[0] = fd_above_stdio(ipipe[0])) < 0 ||
	    (opipe[1] = fd_above_stdio(opipe[1])) < 0 ||
	    (epipe[1] = fd_above_stdio(epipe[1])) < 0) {
		dt_set_errmsg(dtp, EDT_CPP, "cannot run the C preprocessor "
		    "%s: %s", path, strerror(errno));
		goto out;
	}
	child[0] = ipipe[0];
	child[1] = opipe[1];
	child[2] = epipe[1];

	sigemptyset(&pipeset);
	sigaddset(&pipeset, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipeset, &oldmask);
	sigpending(&pending);
	pipepending = sigismember(&pending, SIGPIPE);

	pid = spawn(dtp, path, argv, child, &oldmask);
	close_fd(&ipipe[0]);
	close_fd(&opipe[1]);
	close_fd(&epipe[1]);
	fds[0] = ipipe[1];
	fds[1] = opipe[0];
	fds[2] = epipe[0];
	ipipe[1] = opipe[0] = epipe[0] = -1;
	if (pid > 0) {
		(void) fcntl(fds[0], F_SETFL, O_NONBLOCK);
		rv = exchange(dtp, fds, seg, seglen, &out, &err);
		for (int i = 0; i < 3; i++)
			close_fd(&fds[i]);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	for (int i = 0; i < 3; i++)
		close_fd(&fds[i]);

	/* A SIGPIPE of ours is dropped; one that was there before stays. */
	sigpending(&pending);
	if (!pipepending && sigismember(&pending, SIGPIPE)) {
		struct timespec zero = { 0, 0 };

		(void) sigtimedwait(&pipeset, NULL, &zero);
	}
	pthread_sigmask(SIG_SETMASK, &oldmask, NULL);

	if (pid <= 0 || rv != 0) {
		rv = -1;
		goto out;
	}
	rv = -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		while (err.cb_len > 0 && err.cb_data[err.cb_len - 1] == '\n')
			err.cb_data[--err.cb_len] = '\0';
		/*
		 * Its messages go out as it wrote them, as DTrace lets its
		 * preprocessor write them, and the failure is DTrace's
		 * "Preprocessor failed to process input program".
		 */
		if (err.cb_len > 0) {
			dt_msg(dtp, DTRACE_MSG_CPP, "%s", err.cb_data);
			dt_set_errno(dtp, EDT_CPP);
		} else if (WIFEXITED(status))
			dt_set_errmsg(dtp, EDT_CPP, "%s exited with status %d",
			    path, WEXITSTATUS(status));
		else
			dt_set_errmsg(dtp, EDT_CPP, "%s was killed by signal "
			    "%d", path, WTERMSIG(status));
		goto out;
	}
	/* its warnings, one message (the default handler gives the newline) */
	if (err.cb_len > 0)
		dt_msg(dtp, DTRACE_MSG_CPP, "%.*s", (int)(err.cb_len -
		    (err.cb_data[err.cb_len - 1] == '\n')), err.cb_data);
	if (out.cb_data == NULL && (out.cb_data = dt_zalloc(dtp, 1)) == NULL)
		goto out;
	*outp = out.cb_data;
	*outlenp = out.cb_len;
	out.cb_data = NULL;
	rv = 0;
out:
	close_fd(&ipipe[0]);
	close_fd(&ipipe[1]);
	close_fd(&opipe[0]);
	close_fd(&opipe[1]);
	close_fd(&epipe[0]);
	close_fd(&epipe[1]);
	free(out.cb_data);
	free(err.cb_data);
	free(hdr);
	free(argv);
	return (rv);
}
