/*
 * dt_pd_verdict.c: the verdict on an exec that dt_pd_hold.c holds,
 * dt_pd_exec_verdict(): let it run, let every exec of that file run
 * (it has no probes), or hold it until the sessions that want its
 * providers have armed them.
 *
 * The verdict joins that of the executable and those of the libraries
 * it will map at start, found as its dynamic loader will (dt_ldsearch.c)
 * within DEPS_OBJS libraries (dt_ldsearch.c, shared with the session's
 * own holder).  Invariants: a file not read yet is queued
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

#define DEPS_OBJS	64		/* libraries of one process at most */
#define DEPS_TTL	1000		/* ms a search that held nothing is
					   trusted, same user and root */

/* The search's state, made at the first search. */
static dt_ldsearch_t *deps_ls;

void
dt_pd_deps_mounts_changed(void)
{
	if (deps_ls != NULL)
		dt_ldsearch_mounts_changed(deps_ls);
}

/* The walk of one process's libraries. */
typedef struct dt_pd_dwalk {
	pid_t dw_pid;			/* the process */
	dt_pd_verdict_t dw_v;		/* the verdict so far */
} dt_pd_dwalk_t;

/*
 * A library of the closure (dt_ldsearch_closure()), open on fd: never
 * read, it is queued for a reader (the process waits for it); read, its
 * verdict is joined, and its own libraries are walked in turn.
 */
static int
dep_found(void *arg, int fd, const struct stat *st, const char *found,
    char **depsp)
{
	dt_pd_dwalk_t *dw = arg;
	dt_pd_file_t *pf;
	char view[PATH_MAX];

	if ((pf = dt_pd_cache_find(st)) == NULL) {
		/* the daemon's view: what sessions open */
		const char *vp = fd_path(fd, view, sizeof (view));
		dt_pd_obj_t po = { .po_fd = fd, .po_st = *st,
		    .po_path = (char *)(vp != NULL ? vp : found) };

		if (dt_pd_file_queue(NULL, &po) == NULL) {
			close(fd);
			dw->dw_v = verdict_join(dw->dw_v, DT_PD_ALLOW);
		} else {
			dw->dw_v = DT_PD_WAIT;
		}
		return (0);
	}
	if (pf->pf_state == PF_QUEUED || pf->pf_state == PF_READING)
		dw->dw_v = DT_PD_WAIT;
	else if (pf->pf_state != PF_DONE)
		dw->dw_v = verdict_join(dw->dw_v, DT_PD_ALLOW);
	else {
		dw->dw_v = verdict_join(dw->dw_v, file_verdict(pf, dw->dw_pid,
		    fd_path(fd, view, sizeof (view))));
		if (pf->pf_deps != NULL)
			*depsp = strdup(pf->pf_deps);
	}
	close(fd);
	return (0);
}

/*
 * The libraries process pid will map at start, the DT_NEEDED closure of
 * its executable exe (path: as the daemon sees it; mode: its file's),
 * found as its loader will (dt_ldsearch.c), breadth first (dep_found()).  At most DEPS_OBJS
 * libraries; a search past its bounds or a library that could not be
 * read gives DT_PD_ALLOW (never DT_PD_NEVER: its next exec is looked at
 * again).  A search that held nothing is trusted for DEPS_TTL ms for the
 * same fsuid, fsgid and root (an executable with probes no session wants
 * is asked at every exec: python3.11's 9 libraries cost ~1 ms each
 * time), as long as the sessions stay the same (dt_pd_hold_epoch()).
 * The exec's LD_LIBRARY_PATH and LD_PRELOAD are the exec's own
 * (dt_procfs_execenv()): a verdict found with them is not kept.
 */
static dt_pd_verdict_t
deps_verdict(dt_pd_file_t *exe, const char *path, pid_t pid, mode_t mode)
{
	dt_pd_dwalk_t dw = { .dw_pid = pid, .dw_v = DT_PD_NEVER };
	dt_ldenv_t env = { NULL, NULL };
	char root[64], envbuf[8192];
	bool envset = false;
	struct timespec t0;
	struct stat rst;
	int nlibs = 0;
	uid_t uid;
	gid_t gid;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (exe->pf_deps == NULL || strstr(exe->pf_deps, "L ") == NULL)
		return (DT_PD_NEVER);		/* static, or needs nothing */
	snprintf(root, sizeof (root), "/proc/%d/root", (int)pid);
	if (path == NULL || strrchr(path, '/') == NULL ||
	    dt_procfs_fsids(pid, &uid, &gid) != 0 || stat(root, &rst) != 0)
		return (DT_PD_ALLOW);
	/*
	 * The exec's own LD_LIBRARY_PATH and LD_PRELOAD (a set-id program's
	 * loader takes neither): this exec's, so its verdict is neither
	 * kept nor "never" (the file's next exec may be given others)
	 */
	if (!(mode & (S_ISUID | S_ISGID)) &&
	    dt_procfs_execenv(pid, envbuf, sizeof (envbuf), &env.le_libpath,
	    &env.le_preload) == 0)
		envset = env.le_libpath != NULL || env.le_preload != NULL;
	/* found lately for the same user and root: not looked for again */
	if (!envset && exe->pf_dclat != 0 && dt_pd_now_ms() - exe->pf_dclat <
	    DEPS_TTL && exe->pf_dclepoch == dt_pd_hold_epoch() &&
	    exe->pf_dcluid == uid && exe->pf_dclgid == gid &&
	    exe->pf_dclrdev == rst.st_dev && exe->pf_dclrino == rst.st_ino)
		return (exe->pf_dclv);
	if (deps_ls == NULL && (deps_ls = dt_ldsearch_create()) == NULL)
		return (DT_PD_ALLOW);
	if (!dt_ldsearch_begin(deps_ls, pid, uid, gid)) {
		(void) dt_ldsearch_end(deps_ls);
		return (DT_PD_ALLOW);
	}
	if ((nlibs = dt_ldsearch_closure(deps_ls, exe->pf_deps, path, &env,
	    DEPS_OBJS, dep_found, &dw)) < 0 || envset)
		dw.dw_v = verdict_join(dw.dw_v, DT_PD_ALLOW);	/* too many */
	if (!dt_ldsearch_end(deps_ls))
		dw.dw_v = verdict_join(dw.dw_v, DT_PD_ALLOW);	/* past bounds */
	else if (dw.dw_v != DT_PD_WAIT && !envset) {
		exe->pf_dclat = dt_pd_now_ms();
		exe->pf_dclv = dw.dw_v;
		exe->pf_dclepoch = dt_pd_hold_epoch();
		exe->pf_dcluid = uid;
		exe->pf_dclgid = gid;
		exe->pf_dclrdev = rst.st_dev;
		exe->pf_dclrino = rst.st_ino;
	}
	if (pd.pd_verbose) {
		struct timespec t1;

		clock_gettime(CLOCK_MONOTONIC, &t1);
		dt_pd_log(LOG_INFO, "process %d: %d librar%s looked for in "
		    "%lld us%s", (int)pid, nlibs, nlibs == 1 ? "y" : "ies",
		    (long long)((t1.tv_sec - t0.tv_sec) * 1000000 +
		    (t1.tv_nsec - t0.tv_nsec) / 1000), dw.dw_v == DT_PD_WAIT ?
		    ", held" : "");
	}
	return (dw.dw_v);
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
	    deps_verdict(pf, p, pid, st.st_mode)));
}

