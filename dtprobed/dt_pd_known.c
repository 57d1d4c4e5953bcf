/*
 * dt_pd_known.c: the registry directory's list of the files known,
 * KNOWN (its format is in dtprobed.c's design comment), which lets a
 * session arm the probes of a file before its next process starts.
 *
 * Invariants: the list holds the files of the cache that were read, have
 * probes and a path a process mapped them by, the newest first, at most
 * KNOWN_BYTES; it is written atomically (dt_pd_dir_write()) and only
 * when it changed (pd.pd_knowndirty), at most once in KNOWN_PERIOD ms, or
 * KNOWN_URGENT ms when an exec is held for it; each list written has the
 * next generation (pd.pd_knowngen), the number sessions acknowledge.  At
 * start the files of the list found there are read again, each opened
 * by its path only once and kept only if it is still the file of the
 * line's identity, and the list is not written again before they are
 * read (or KNOWN_WAIT has passed), so that a restart forgets none.
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

/* ---- the files known: KNOWN ----------------------------------------------- */

/* A process maps file pf, which has probes, by path. */
void
dt_pd_known_path(dt_pd_file_t *pf, const char *path)
{
	char *p;

	if (pf->pf_known != NULL && strcmp(pf->pf_known, path) == 0)
		return;
	if ((p = strdup(path)) == NULL)
		return;
	free(pf->pf_known);
	pf->pf_known = p;
	pd.pd_knowndirty = true;
}

/*
 * The providers of a file's note lines ("note SITE SEM PROV NAME ...")
 * appended to *bufp, each once, separated by commas.
 */
int
dt_pd_known_provs(const char *notes, char **bufp, size_t *lenp, size_t *capp)
{
	size_t start = *lenp;

	for (const char *l = notes; *l != '\0'; ) {
		const char *end = strchr(l, '\n'), *p = l;
		size_t plen;

		if (end == NULL)
			end = l + strlen(l);
		for (int f = 0; f < 3 && p < end; f++) {
			p = memchr(p, ' ', (size_t)(end - p));
			p = p == NULL ? end : p + 1;
		}
		plen = strcspn(p, " \n");
		if (p + plen <= end && plen > 0) {
			const char *have = *bufp == NULL ? "" : *bufp + start;
			bool seen = false;

			/* the providers so far: ",a,b" after start */
			for (const char *h = have; *h != '\0' && !seen; ) {
				size_t hl = strcspn(h + 1, ",");

				seen = hl == plen && memcmp(h + 1, p, plen) == 0;
				h += 1 + hl;
			}
			if (!seen && (dt_pd_str_append(bufp, lenp, capp, ",",
			    1) != 0 ||
			    dt_pd_str_append(bufp, lenp, capp, p, plen) != 0))
				return (-1);
		}
		l = *end == '\n' ? end + 1 : end;
	}
	return (0);
}

/*
 * Write KNOWN again if it changed: the files read that have probes and
 * a path, the newest first, as long as it stays within KNOWN_BYTES; at
 * most once in KNOWN_PERIOD ms (a user who runs one binary by two paths
 * in turn changes it at each process).  The ms until it is due, or -1 if
 * nothing is pending.
 */
int64_t
dt_pd_known_publish(void)
{
	char *text = NULL;
	size_t len = 0, cap = 0;
	int64_t now = dt_pd_now_ms();

	char gen[40];
	int64_t period = pd.pd_knownurgent ? KNOWN_URGENT : KNOWN_PERIOD;

	if (!pd.pd_knowndirty)
		return (-1);
	if (pd.pd_knownat != 0 && now - pd.pd_knownat < period)
		return (period - (now - pd.pd_knownat));
	pd.pd_knowndirty = pd.pd_knownurgent = false;
	pd.pd_knownat = now;
	pd.pd_knowngen++;
	snprintf(gen, sizeof (gen), "gen %llu\n",
	    (unsigned long long)pd.pd_knowngen);
	if (dt_pd_str_append(&text, &len, &cap, "dtprobed-known 1\n",
	    17) != 0 ||
	    dt_pd_str_append(&text, &len, &cap, gen, strlen(gen)) != 0)
		goto fail;
	for (dt_pd_file_t *pf = pd.pd_files; pf != NULL; pf = pf->pf_next) {
		char head[128];
		size_t mark = len, provs;

		if (pf->pf_known == NULL || pf->pf_state != PF_DONE ||
		    pf->pf_notes[0] == '\0')
			continue;
		snprintf(head, sizeof (head), "file %u:%u %lu %lld %lld %ld ",
		    major(pf->pf_dev), minor(pf->pf_dev),
		    (unsigned long)pf->pf_ino, (long long)pf->pf_size,
		    (long long)pf->pf_mtime.tv_sec, pf->pf_mtime.tv_nsec);
		if (dt_pd_str_append(&text, &len, &cap, head,
		    strlen(head)) != 0)
			goto fail;
		provs = len;
		if (dt_pd_known_provs(pf->pf_notes, &text, &len, &cap) != 0)
			goto fail;
		if (len == provs) {	/* no provider: not listed */
			len = mark;
			text[len] = '\0';
			continue;
		}
		/* the providers' leading comma out */
		memmove(text + provs, text + provs + 1, len - provs);
		len--;
		if (dt_pd_str_append(&text, &len, &cap, " ", 1) != 0 ||
		    dt_pd_str_append(&text, &len, &cap, pf->pf_known,
		    strlen(pf->pf_known)) != 0 ||
		    dt_pd_str_append(&text, &len, &cap, "\n", 1) != 0)
			goto fail;
		if (len > KNOWN_BYTES) {
			len = mark;	/* this one and those after: left out */
			text[len] = '\0';
			break;
		}
		if (pf->pf_gen == 0)
			pf->pf_gen = pd.pd_knowngen;
	}
	if (dt_pd_dir_write(KNOWN, text, len) != 0)
		dt_pd_log(LOG_WARNING, "cannot write %s/%s: %s", pd.pd_dir,
		    KNOWN, strerror(errno));
	free(text);
	dt_pd_hold_recheck();	/* execs waiting for this list */
	return (-1);
fail:
	dt_pd_log(LOG_WARNING, "%s/%s is not written: out of memory", pd.pd_dir,
	    KNOWN);
	free(text);
	return (-1);
}

/*
 * At start: the files of the KNOWN a daemon before this one wrote are
 * read again, so that a restart forgets none (a session arms their
 * probes before their next process starts).  A line is a path and an
 * identity: the path is opened O_PATH, without following a final
 * symbolic link, and kept only if that very file is a regular file with
 * the line's identity (device, inode, size, modification time), then
 * opened for reading through that descriptor, never by its path again:
 * a file changed or replaced since is dropped, and learnt again when a
 * process maps it.  At most QUEUE_MAX files, from a list of at most
 * KNOWN_BYTES; KNOWN is not written again until they are read (or
 * KNOWN_WAIT has passed).
 */
void
dt_pd_known_load(void)
{
	char *text = dt_pd_slurp(pd.pd_dirfd, KNOWN, KNOWN_BYTES + 4096, NULL);
	unsigned int n = 0;
	char *save = NULL;

	if (text == NULL)
		return;
	if (strncmp(text, "dtprobed-known 1\n", 17) != 0) {
		free(text);
		return;
	}
	for (char *l = strtok_r(text + 17, "\n", &save); l != NULL;
	    l = strtok_r(NULL, "\n", &save)) {
		unsigned long long gen;
		unsigned int maj, min;
		unsigned long ino;
		long long size, sec;
		long nsec;
		int off = 0, fd, rfd;
		struct stat st;
		char self[64];
		const char *path;
		dt_pd_obj_t po;

		/* generations go on from the last daemon's */
		if (sscanf(l, "gen %llu", &gen) == 1) {
			pd.pd_knowngen = gen;
			continue;
		}
		if (sscanf(l, "file %u:%u %lu %lld %lld %ld %*s %n", &maj, &min,
		    &ino, &size, &sec, &nsec, &off) != 6 || off == 0 ||
		    (path = l + off)[0] != '/')
			continue;
		if ((fd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC)) < 0)
			continue;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
		    st.st_dev != makedev(maj, min) || st.st_ino != ino ||
		    st.st_size != size || st.st_mtim.tv_sec != sec ||
		    st.st_mtim.tv_nsec != nsec ||
		    dt_pd_cache_find(&st) != NULL) {
			close(fd);
			continue;
		}
		snprintf(self, sizeof (self), "/proc/self/fd/%d", fd);
		rfd = open(self, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		close(fd);
		if (rfd < 0)
			continue;
		po = (dt_pd_obj_t){ .po_fd = rfd, .po_st = st,
		    .po_path = (char *)path };
		if (dt_pd_file_queue(NULL, &po) == NULL) {
			close(rfd);
			break;		/* the queue is full */
		}
		n++;
	}
	free(text);
	if (n > 0)
		dt_pd_log(LOG_INFO, "%u file%s of %s/%s to read again", n,
		    n == 1 ? "" : "s", pd.pd_dir, KNOWN);
}

