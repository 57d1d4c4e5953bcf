/*
 * dt_pd_verdict.c: the verdict on an exec that dt_pd_hold.c holds,
 * dt_pd_exec_verdict(): let it run, let every exec of that file run
 * (it has no probes), or hold it until the sessions that want its
 * providers have armed them.
 *
 * The verdict joins that of the executable and those of the libraries
 * it will map at start, found as its dynamic loader will (dt_pd_deps.c)
 * within DEPS_OBJS libraries.  Invariants: a file not read yet is queued
 * for a reader (dt_pd_cache.c) and the exec waits; a file waits only
 * while the known list does not list it or a session that wants one of
 * its providers has not acknowledged that list; a search past its
 * bounds, or a file that could not be read, never gives DT_PD_NEVER (the
 * next exec is looked at again); a search that held nothing is trusted
 * for DEPS_TTL ms for the same fsuid, fsgid, root and sessions.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "dt_pd.h"

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
	if (dt_pd_known_provs(pf->pf_notes, &provs, &len, &cap) != 0 ||
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
			dt_pd_known_path(pf, path);
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
	if ((text = dt_pd_slurp(AT_FDCWD, name, 8192, NULL)) == NULL)
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
			if ((pf = dt_pd_cache_find(&st)) == NULL) {
				/* the daemon's view: what sessions open */
				const char *vp = fd_path(fd, view,
				    sizeof (view));
				dt_pd_obj_t po = { .po_fd = fd, .po_st = st,
				    .po_path = (char *)(vp != NULL ? vp :
				    found) };

				if (dt_pd_file_queue(NULL, &po) == NULL) {
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
	if ((pf = dt_pd_cache_find(&st)) == NULL) {
		dt_pd_obj_t po = { .po_st = st };

		if ((po.po_path = (char *)fd_path(fd, path, sizeof (path))) ==
		    NULL || (po.po_fd = fcntl(fd, F_DUPFD_CLOEXEC, 3)) < 0)
			return (DT_PD_ALLOW);
		if (dt_pd_file_queue(NULL, &po) == NULL) {
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

