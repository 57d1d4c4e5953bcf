/*
 * dt_pd_cache.c: dtprobed's cache of the files it has read, and the
 * queue of files waiting for a sandboxed reader (dtprobed.c's design
 * comment, "Reading a file", says why a reader is a child of its own).
 *
 * A file is known by its identity (device, inode, size, modification
 * time), never by a path.  An entry goes PF_QUEUED (it holds the file's
 * descriptor) -> PF_READING (a reader has it) -> PF_DONE (its notes, its
 * libraries) or PF_FAILED (not tried again before RETRY_FIRST ms,
 * doubling to RETRY_LAST); a failed entry goes back to the queue when a
 * process maps it once that time has come, and the processes that waited
 * for it are registered without it meanwhile.
 *
 * Invariants: at most QUEUE_MAX files queued, JOBS_MAX readers at once
 * and JOBS_OWNER of them on files of one owner; a reader is killed past
 * its deadline (DT_PD_TIMEOUT) or its output bound (DT_PD_OUTMAX); every
 * line a reader writes is checked against the program headers the
 * daemon read itself before it is believed; entries are dropped (read
 * or failed ones only) past CACHE_MAX files or CACHE_BYTES of notes, and
 * only from the event loop, where no one holds a pointer to one.  All of
 * it lives in pd (dt_pd.h); the readers' descriptors are in pd.pd_efd.
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

static void job_end(dt_pd_job_t *, int);

/* ---- the file cache and the queue of sandboxed readers ------------------ */

/*
 * The cache's entries that are read or failed are dropped when it holds
 * more than CACHE_MAX files or CACHE_BYTES bytes of notes; those queued
 * or being read stay (they are few: QUEUE_MAX, JOBS_MAX).  Called from
 * the event loop only, where no one holds a pointer to an entry.
 */
void
dt_pd_cache_trim(bool all)
{
	dt_pd_file_t **pp = &pd.pd_files;

	if (!all && pd.pd_nfiles <= CACHE_MAX && pd.pd_cachebytes <=
	    CACHE_BYTES)
		return;
	while (*pp != NULL) {
		dt_pd_file_t *pf = *pp;

		if (!all && (pf->pf_state == PF_QUEUED ||
		    pf->pf_state == PF_READING)) {
			pp = &pf->pf_next;
			continue;
		}
		*pp = pf->pf_next;
		pd.pd_cachebytes -= pf->pf_len + pf->pf_depslen;
		if (pf->pf_fd >= 0)
			close(pf->pf_fd);
		if (pf->pf_known != NULL)
			pd.pd_knowndirty = true;
		free(pf->pf_known);
		free(pf->pf_notes);
		free(pf->pf_deps);
		free(pf->pf_path);
		free(pf->pf_waiters);
		free(pf);
		pd.pd_nfiles--;
	}
}

dt_pd_file_t *
dt_pd_cache_find(const struct stat *st)
{
	for (dt_pd_file_t *pf = pd.pd_files; pf != NULL; pf = pf->pf_next) {
		if (pf->pf_dev == st->st_dev && pf->pf_ino == st->st_ino &&
		    pf->pf_size == st->st_size &&
		    pf->pf_mtime.tv_sec == st->st_mtim.tv_sec &&
		    pf->pf_mtime.tv_nsec == st->st_mtim.tv_nsec)
			return (pf);
	}
	return (NULL);
}

/*
 * Queue the file of po to be read (a new entry if pf is NULL, else a
 * failed one to try again): it takes po's descriptor.  NULL if the
 * queue is full.
 */
dt_pd_file_t *
dt_pd_file_queue(dt_pd_file_t *pf, dt_pd_obj_t *po)
{
	char *path;

	if (pd.pd_nqueue >= QUEUE_MAX || (path = strdup(po->po_path)) == NULL)
		return (NULL);
	if (pf == NULL) {
		if ((pf = calloc(1, sizeof (*pf))) == NULL) {
			free(path);
			return (NULL);
		}
		pf->pf_dev = po->po_st.st_dev;
		pf->pf_ino = po->po_st.st_ino;
		pf->pf_size = po->po_st.st_size;
		pf->pf_mtime = po->po_st.st_mtim;
		pf->pf_next = pd.pd_files;
		pd.pd_files = pf;
		pd.pd_nfiles++;
	}
	pf->pf_uid = po->po_st.st_uid;
	pf->pf_state = PF_QUEUED;
	pf->pf_fd = po->po_fd;
	pf->pf_path = path;
	po->po_fd = -1;
	pd.pd_queue[pd.pd_nqueue++] = pf;
	return (pf);
}

/* Process pid waits for file pf: registered again once it is read. */
bool
dt_pd_file_wait(dt_pd_file_t *pf, pid_t pid)
{
	for (unsigned int i = 0; i < pf->pf_nwaiters; i++) {
		if (pf->pf_waiters[i] == pid)
			return (true);
	}
	if (pf->pf_waiters == NULL && (pf->pf_waiters = calloc(WAITERS_MAX,
	    sizeof (pid_t))) == NULL)
		return (false);
	if (pf->pf_nwaiters == WAITERS_MAX)
		return (false);
	pf->pf_waiters[pf->pf_nwaiters++] = pid;
	return (true);
}

/* What the child gets: the file, and fault injection for the tests. */
typedef struct dt_pd_task {
	int pt_fd;			/* the file */
	bool pt_crash;			/* crash before reading it */
	bool pt_hang;			/* spin instead of reading it */
} dt_pd_task_t;

/* In the sandbox: the notes of one file. */
static void
file_read(void *arg, int outfd)
{
	const dt_pd_task_t *pt = arg;
	volatile uintptr_t bad = 64;	/* not NULL: no sanitizer report */

	if (pt->pt_crash)
		*(volatile int *)bad = 0;
	while (pt->pt_hang)
		;
	dt_pd_notes_write(pt->pt_fd, outfd);
}

/*
 * Fault injection, for the tests: the reader crashes (a store to an
 * unmapped address) when it comes to a file whose path ends in "/NAME",
 * DTPROBED_FAULT_CRASH=NAME in the daemon's environment, or spins
 * forever (as a read of a file on a hung file system would wait) with
 * DTPROBED_FAULT_HANG=NAME.  A name may start with '*': any path ending
 * in the rest.  With DTPROBED_FAULT_FIRST set, only the first try of a
 * file fails so.
 */
static bool
fault_wanted(const char *var, const char *path)
{
	const char *name = getenv(var), *slash;
	size_t n, len = strlen(path);

	if (name == NULL || *name == '\0')
		return (false);
	if (name[0] == '*')
		return ((n = strlen(name + 1)) <= len &&
		    strcmp(path + len - n, name + 1) == 0);
	if ((slash = strrchr(path, '/')) == NULL)
		return (false);
	return (strcmp(slash + 1, name) == 0);
}

static void
job_fate(const dt_pd_job_t *pj, int status, char *buf, size_t len)
{
	if (pj->pj_timedout)
		snprintf(buf, len, "took too long (over %d ms)", DT_PD_TIMEOUT);
	else if (pj->pj_toolong)
		snprintf(buf, len, "wrote too much");
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "died of signal %d%s", WTERMSIG(status),
		    WTERMSIG(status) == SIGSYS ?
		    " (a system call the sandbox refuses)" : "");
	else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		snprintf(buf, len, "exited with status %d",
		    WEXITSTATUS(status));
	else
		snprintf(buf, len, "stopped short");
}

static void
job_unwatch(int *fdp)
{
	if (*fdp < 0)
		return;
	(void) epoll_ctl(pd.pd_efd, EPOLL_CTL_DEL, *fdp, NULL);
	close(*fdp);
	*fdp = -1;
}

/* Start reading the first queued file whose owner has a reader free. */
static bool
job_start(void)
{
	dt_pd_job_t *pj = NULL;
	dt_pd_file_t *pf = NULL;
	struct epoll_event ev = { .events = EPOLLIN };
	dt_pd_task_t task;
	unsigned int q;

	for (unsigned int i = 0; i < JOBS_MAX && pj == NULL; i++) {
		if (pd.pd_jobs[i].pj_file == NULL)
			pj = &pd.pd_jobs[i];
	}
	if (pj == NULL)
		return (false);
	for (q = 0; q < pd.pd_nqueue && pf == NULL; q++) {
		unsigned int busy = 0;

		for (unsigned int i = 0; i < JOBS_MAX; i++) {
			if (pd.pd_jobs[i].pj_file != NULL &&
			    pd.pd_jobs[i].pj_file->pf_uid ==
			    pd.pd_queue[q]->pf_uid)
				busy++;
		}
		if (busy < JOBS_OWNER)
			pf = pd.pd_queue[q];
	}
	if (pf == NULL)
		return (false);
	memmove(&pd.pd_queue[q - 1], &pd.pd_queue[q], (pd.pd_nqueue - q) *
	    sizeof (pd.pd_queue[0]));
	pd.pd_nqueue--;

	memset(pj, 0, sizeof (*pj));
	pj->pj_file = pf;
	pj->pj_pipe = pj->pj_pidfd = -1;
	pf->pf_state = PF_READING;
	/* the daemon's own look at the file, for the child's offsets */
	pj->pj_segsok = dt_pd_segs_read(pf->pf_fd, &pj->pj_segs) == 0;
	task.pt_fd = pf->pf_fd;
	task.pt_crash = fault_wanted("DTPROBED_FAULT_CRASH", pf->pf_path);
	task.pt_hang = fault_wanted("DTPROBED_FAULT_HANG", pf->pf_path);
	if (pf->pf_tries > 0 && getenv("DTPROBED_FAULT_FIRST") != NULL)
		task.pt_crash = task.pt_hang = false;
	pj->pj_deadline = dt_pd_now_ms() + DT_PD_TIMEOUT;
	if (dt_pd_sandbox_start(&pf->pf_fd, 1, file_read, &task,
	    &pj->pj_child, &pj->pj_pipe) != 0) {
		dt_pd_log(LOG_WARNING, "cannot start the ELF reader: %s",
		    strerror(errno));
		pj->pj_child = 0;
		job_end(pj, 0);
		return (true);
	}
	pj->pj_pidfd = (int)syscall(SYS_pidfd_open, pj->pj_child, 0);
	ev.data.fd = pj->pj_pipe;
	(void) epoll_ctl(pd.pd_efd, EPOLL_CTL_ADD, pj->pj_pipe, &ev);
	if (pj->pj_pidfd >= 0) {
		ev.data.fd = pj->pj_pidfd;
		(void) epoll_ctl(pd.pd_efd, EPOLL_CTL_ADD, pj->pj_pidfd, &ev);
	}
	return (true);
}

/* Start readers while some are free and files wait. */
void
dt_pd_jobs_run(void)
{
	while (pd.pd_nqueue > 0 && job_start())
		;
}

static void
job_kill(dt_pd_job_t *pj)
{
	if (pj->pj_child > 0)
		(void) kill(pj->pj_child, SIGKILL);
	pj->pj_killed = true;
	job_unwatch(&pj->pj_pipe);
}

/* Read what the child wrote; true at the end of its output. */
static bool
job_input(dt_pd_job_t *pj)
{
	for (;;) {
		ssize_t n;

		if (pj->pj_len + 4096 + 1 > pj->pj_cap) {
			size_t cap = pj->pj_cap + 65536;
			char *nb;

			if (pj->pj_len + 4096 > DT_PD_OUTMAX + 4096) {
				pj->pj_toolong = true;
				job_kill(pj);
				return (true);
			}
			if ((nb = realloc(pj->pj_out, cap)) == NULL) {
				job_kill(pj);
				return (true);
			}
			pj->pj_out = nb;
			pj->pj_cap = cap;
		}
		n = read(pj->pj_pipe, pj->pj_out + pj->pj_len, 4096);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return (false);
		if (n <= 0) {
			job_unwatch(&pj->pj_pipe);
			return (true);
		}
		pj->pj_len += (size_t)n;
	}
}

/*
 * The reader of pj is done (exited with status, or could not start):
 * the file's notes cached, or the failure and the time of the next try;
 * the processes waiting for it registered again.
 */
static void
job_end(dt_pd_job_t *pj, int status)
{
	dt_pd_file_t *pf = pj->pj_file;
	dt_pd_notes_t pn = { 0 };
	char fate[96], path[PATH_ESC];
	bool ok;

	job_unwatch(&pj->pj_pipe);
	job_unwatch(&pj->pj_pidfd);
	dt_pd_esc(pf->pf_path, path, sizeof (path));
	if (!pj->pj_segsok)
		pj->pj_segs.pg_n = 0;	/* not ELF to the daemon: no notes */
	ok = pj->pj_child > 0 && !pj->pj_killed && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 0 && pj->pj_out != NULL &&
	    dt_pd_notes_parse(pj->pj_out, pj->pj_len, &pj->pj_segs,
	    &pn) == 0 && pn.pn_done;
	if (ok) {
		pf->pf_state = PF_DONE;
		pf->pf_tries = 0;
		pf->pf_notes = pn.pn_text != NULL ? pn.pn_text : strdup("");
		pf->pf_len = pn.pn_len;
		pf->pf_deps = pn.pn_deps;
		pf->pf_depslen = pn.pn_depslen;
		pd.pd_cachebytes += pn.pn_len + pn.pn_depslen;
		if (pf->pf_notes == NULL)
			pf->pf_state = PF_FAILED;
		else if (pf->pf_notes[0] != '\0')
			dt_pd_known_path(pf, pf->pf_path);
		if (pn.pn_skipped > 0)
			dt_pd_log(LOG_WARNING, "%s: %lu malformed USDT note%s "
			    "skipped", path, pn.pn_skipped, pn.pn_skipped == 1 ?
			    "" : "s");
		if (pn.pn_dropped > 0)
			dt_pd_log(LOG_WARNING, "%s: %lu USDT note%s over the "
			    "limits (%u notes, %u bytes of a file) dropped", path,
			    pn.pn_dropped, pn.pn_dropped == 1 ? "" : "s",
			    DT_PD_NOTES_MAX, DT_PD_TEXT_MAX);
	} else {
		free(pn.pn_text);
		free(pn.pn_deps);
		pf->pf_state = PF_FAILED;
	}
	if (pf->pf_state == PF_FAILED) {
		int64_t wait = RETRY_FIRST;

		for (unsigned int i = 0; i < pf->pf_tries && wait < RETRY_LAST;
		    i++)
			wait *= 2;
		if (wait > RETRY_LAST)
			wait = RETRY_LAST;
		pf->pf_tries++;
		pf->pf_retry = dt_pd_now_ms() + wait;
		if (pj->pj_child > 0)
			job_fate(pj, status, fate, sizeof (fate));
		else
			snprintf(fate, sizeof (fate), "did not start");
		dt_pd_log(LOG_WARNING, "%s: its USDT probes are not registered: "
		    "the ELF reader %s (try %u, next in %lld ms)", path, fate,
		    pf->pf_tries, (long long)wait);
	}
	free(pj->pj_out);
	close(pf->pf_fd);
	pf->pf_fd = -1;
	free(pf->pf_path);
	pf->pf_path = NULL;
	pj->pj_file = NULL;
	/* the waiting processes: registered with what there is now */
	for (unsigned int i = 0; i < pf->pf_nwaiters; i++) {
		pid_t pid = pf->pf_waiters[i];

		dt_pd_proc_register(pid);
		if (pf->pf_state == PF_FAILED && pf->pf_tries <= RETRY_MAX)
			dt_pd_recheck_add(pid, pf->pf_retry);
	}
	free(pf->pf_waiters);
	pf->pf_waiters = NULL;
	pf->pf_nwaiters = 0;
	dt_pd_hold_recheck();	/* execs waiting for this file */
}

/* The descriptor fd is ready: a reader's output or its end. */
bool
dt_pd_job_event(int fd)
{
	for (unsigned int i = 0; i < JOBS_MAX; i++) {
		dt_pd_job_t *pj = &pd.pd_jobs[i];
		int status = 0;

		if (pj->pj_file == NULL)
			continue;
		if (fd == pj->pj_pipe) {
			if (job_input(pj) && pj->pj_pidfd < 0 &&
			    waitpid(pj->pj_child, &status, 0) == pj->pj_child)
				job_end(pj, status);
			return (true);
		}
		if (fd == pj->pj_pidfd) {
			if (waitpid(pj->pj_child, &status, WNOHANG) !=
			    pj->pj_child)
				return (true);
			/* what it wrote before it ended */
			if (pj->pj_pipe >= 0)
				(void) job_input(pj);
			job_end(pj, status);
			return (true);
		}
	}
	return (false);
}

/* Kill the readers past their deadline; ms to the next deadline. */
int64_t
dt_pd_jobs_expire(void)
{
	int64_t now = dt_pd_now_ms(), next = -1;

	for (unsigned int i = 0; i < JOBS_MAX; i++) {
		dt_pd_job_t *pj = &pd.pd_jobs[i];

		if (pj->pj_file == NULL)
			continue;
		if (!pj->pj_killed && now >= pj->pj_deadline) {
			pj->pj_timedout = true;
			job_kill(pj);
			if (pj->pj_pidfd < 0) {
				int status = 0;

				(void) waitpid(pj->pj_child, &status, 0);
				job_end(pj, status);
				continue;
			}
		}
		if (!pj->pj_killed && (next < 0 || pj->pj_deadline - now <
		    next))
			next = pj->pj_deadline - now;
	}
	return (next);
}

bool
dt_pd_jobs_idle(void)
{
	for (unsigned int i = 0; i < JOBS_MAX; i++) {
		if (pd.pd_jobs[i].pj_file != NULL)
			return (false);
	}
	return (pd.pd_nqueue == 0);
}

/* Append s (len bytes) to the growing string *bufp. */
int
dt_pd_str_append(char **bufp, size_t *lenp, size_t *capp, const char *s,
    size_t len)
{
	if (*lenp + len + 1 > *capp) {
		size_t cap = (*lenp + len + 1) * 2;
		char *nb = realloc(*bufp, cap);

		if (nb == NULL)
			return (-1);
		*bufp = nb;
		*capp = cap;
	}
	memcpy(*bufp + *lenp, s, len);
	*lenp += len;
	(*bufp)[*lenp] = '\0';
	return (0);
}

