/*
 * dt_elf_cache.c: the session's cache of the ELF files it has read
 * (dt_elf.c reads them), for the pid and USDT providers and user stacks.
 *
 * A file's symbols and notes are read once per session and kept on the
 * handle, keyed by the file's identity (device, inode, size, modification
 * time): the same libc mapped by several traced processes, or named by
 * several probe descriptions, is read once.  An entry holds its file open,
 * and what is attached later is attached through that descriptor.  The
 * files of processes are opened by their mapping (dt_elf_open_mapped()),
 * never by a path another user may have replaced.  Entries are held by
 * their users and freed when nobody holds them; the identities of files
 * without USDT notes are remembered apart, so that discovery does not
 * read them again at each exec.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dt_elf_impl.h"

/*
 * The identity of a file as read: device, inode, size and modification
 * time.  A file written in place keeps its inode but not its size and
 * time; one deleted and replaced has another inode while the session
 * holds the old one open, and a freed inode given to a new file comes
 * with the new file's time.
 */
typedef struct dt_elfid {
	dev_t ei_dev;
	ino_t ei_ino;
	uint64_t ei_size;
	struct timespec ei_mtime;
	uint64_t ei_used;		/* dt_nonotesclock when last found */
} dt_elfid_t;

/* How many files known to have no USDT notes the session remembers. */
#define DT_ELF_NONOTES	256

static bool
same_file(const struct stat *st, dev_t dev, ino_t ino, uint64_t size,
    const struct timespec *mtime)
{
	return (st->st_dev == dev && st->st_ino == ino &&
	    (uint64_t)st->st_size == size &&
	    st->st_mtim.tv_sec == mtime->tv_sec &&
	    st->st_mtim.tv_nsec == mtime->tv_nsec);
}

/*
 * Remember a file read that has no USDT note (dt_elf_lookup_fd()), or
 * none that the session's descriptions can name (discovery's USDT
 * provider, once tracing runs), so that discovery, which reads every
 * process that starts, does not read it again at each exec (libc, the
 * shell, /bin/true, libstdc++: dt_elf_nonotes()).  At most
 * DT_ELF_NONOTES identities, the one found least recently making room;
 * no descriptor is kept.
 */
void
dt_elf_nonotes_add(dtrace_hdl_t *dtp, const dt_elf_t *ef)
{
	dt_elfid_t *ei;

	if (dtp->dt_nonotes == NULL && (dtp->dt_nonotes = calloc(
	    DT_ELF_NONOTES, sizeof (dt_elfid_t))) == NULL)
		return;		/* read again next time */
	for (unsigned int i = 0; i < dtp->dt_nnonotes; i++) {
		ei = &dtp->dt_nonotes[i];
		if (ei->ei_dev == ef->ef_dev && ei->ei_ino == ef->ef_ino &&
		    ei->ei_size == ef->ef_size &&
		    ei->ei_mtime.tv_sec == ef->ef_mtime.tv_sec &&
		    ei->ei_mtime.tv_nsec == ef->ef_mtime.tv_nsec) {
			ei->ei_used = ++dtp->dt_nonotesclock;
			return;
		}
	}
	if (dtp->dt_nnonotes < DT_ELF_NONOTES)
		ei = &dtp->dt_nonotes[dtp->dt_nnonotes++];
	else {
		ei = &dtp->dt_nonotes[0];
		for (unsigned int i = 1; i < DT_ELF_NONOTES; i++) {
			if (dtp->dt_nonotes[i].ei_used < ei->ei_used)
				ei = &dtp->dt_nonotes[i];
		}
	}
	ei->ei_dev = ef->ef_dev;
	ei->ei_ino = ef->ef_ino;
	ei->ei_size = ef->ef_size;
	ei->ei_mtime = ef->ef_mtime;
	ei->ei_used = ++dtp->dt_nonotesclock;
}

/* Is the file open as fd one read before that discovery need not read? */
bool
dt_elf_nonotes(dtrace_hdl_t *dtp, int fd)
{
	struct stat st;

	if (dtp->dt_nnonotes == 0 || fstat(fd, &st) != 0)
		return (false);
	for (unsigned int i = 0; i < dtp->dt_nnonotes; i++) {
		dt_elfid_t *ei = &dtp->dt_nonotes[i];

		if (same_file(&st, ei->ei_dev, ei->ei_ino, ei->ei_size,
		    &ei->ei_mtime)) {
			ei->ei_used = ++dtp->dt_nonotesclock;
			return (true);
		}
	}
	return (false);
}

/*
 * Is the file read not what it was: deleted (the last name gone, also
 * when another file was renamed over it), or written in place (another
 * size or modification time)?
 */
bool
dt_elf_changed(const dt_elf_t *ef)
{
	struct stat st;

	if (ef->ef_fd < 0 || fstat(ef->ef_fd, &st) != 0)
		return (true);
	return (st.st_nlink == 0 || !same_file(&st, ef->ef_dev, ef->ef_ino,
	    ef->ef_size, &ef->ef_mtime));
}

static void elf_unlink(dtrace_hdl_t *, dt_elf_t *);

/*
 * The function symbols and USDT notes of the file open as fd, from the
 * session's cache or read now; fd is the result's (or closed).  path
 * names the file in messages, and where its separate debug file is
 * looked for.  The handle owns the result (dt_elf_free_all()).  Only a
 * regular file is read.
 *
 * The cache is keyed by the file's identity (device, inode, size,
 * modification time): the entry holds its file open, so the inode cannot
 * be freed and reused by another file while the entry lives; an entry
 * whose file was written in place since is not used (and freed if
 * nobody holds it).
 */
const dt_elf_t *
dt_elf_lookup_fd(dtrace_hdl_t *dtp, int fd, const char *path)
{
	struct stat st = { 0 };
	dt_elf_t *ef, *next;
	char shown[256];

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int err = st.st_mode == 0 ? errno : 0;	/* fstat() failed */

		dt_strvis(shown, sizeof (shown), dt_elf_shown_path(path));
		close(fd);
		dt_set_errmsg(dtp, EDT_PROC, "cannot read %s: %s", shown,
		    err != 0 ? strerror(err) : "not a regular file");
		return (NULL);
	}
	for (ef = dtp->dt_elfs; ef != NULL; ef = next) {
		next = ef->ef_next;
		if (ef->ef_dev != st.st_dev || ef->ef_ino != st.st_ino)
			continue;
		if (same_file(&st, ef->ef_dev, ef->ef_ino, ef->ef_size,
		    &ef->ef_mtime)) {
			close(fd);
			return (ef);
		}
		if (ef->ef_holds == 0 && !ef->ef_pinned)
			elf_unlink(dtp, ef);	/* written in place since */
	}
	if ((ef = dt_elf_read(dtp, fd, &st, path)) == NULL) {
		close(fd);
		return (NULL);
	}
	ef->ef_dev = st.st_dev;
	ef->ef_ino = st.st_ino;
	ef->ef_mtime = st.st_mtim;
	ef->ef_fd = fd;
	if (ef->ef_nnotes == 0)
		dt_elf_nonotes_add(dtp, ef);
	snprintf(ef->ef_path, sizeof (ef->ef_path), "/proc/self/fd/%d", fd);
	ef->ef_next = dtp->dt_elfs;
	dtp->dt_elfs = ef;
	return (ef);
}

/* The file at path: its symbols and notes (dt_elf_lookup_fd()). */
const dt_elf_t *
dt_elf_lookup(dtrace_hdl_t *dtp, const char *path)
{
	int fd = dt_elf_open_file(path);
	char shown[256];

	if (fd < 0) {
		dt_strvis(shown, sizeof (shown), dt_elf_shown_path(path));
		dt_set_errmsg(dtp, EDT_PROC, "cannot open %s: %s", shown,
		    strerror(errno));
		return (NULL);
	}
	return (dt_elf_lookup_fd(dtp, fd, path));
}

/*
 * Open, for reading, the file that process pid maps at range ("start-end"
 * as its maps say), whose device and inode the maps gave as dev and ino
 * and whose path, as the process sees it, is file.  The process and its
 * files may belong to anyone, who may replace a path by a link to
 * another file at any moment: the file is opened by its mapping
 * (/proc/PID/map_files/RANGE, which names no path; it needs
 * CAP_SYS_ADMIN), else by the path in the process's root
 * (/proc/PID/root/FILE), else by the path in ours (the process has exited
 * and its root is gone); whichever way, only a file of the identity the
 * maps gave is accepted.  The descriptor, or -1 with the handle's error
 * set.
 */
int
dt_elf_open_mapped(dtrace_hdl_t *dtp, pid_t pid, const char *range,
    const char *file, dev_t dev, ino_t ino)
{
	char path[4096 + 64], shown[256];
	int err = ENOENT;

	for (int how = 0; how < 3; how++) {
		struct stat st;
		int fd;

		if (how == 0)
			snprintf(path, sizeof (path), "/proc/%d/map_files/%s",
			    (int)pid, range);
		else if (how == 1)
			snprintf(path, sizeof (path), "/proc/%d/root%s",
			    (int)pid, file);
		else
			snprintf(path, sizeof (path), "%s", file);
		if (how > 0 && file[0] != '/')
			break;
		if ((fd = dt_elf_open_file(path)) < 0) {
			if (how == 0 || errno != ENOENT)
				err = errno;
			continue;
		}
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    st.st_dev == dev && st.st_ino == ino)
			return (fd);
		close(fd);
		err = ESTALE;
	}
	dt_strvis(shown, sizeof (shown), file);
	return (dt_set_errmsg(dtp, EDT_PROC, "cannot open %s of process %d: "
	    "%s", shown, (int)pid, err == ESTALE ? "it is not the file the "
	    "process maps (replaced?)" : strerror(err)));
}

/*
 * May one more warning about a file of a process be shown?  A user can
 * map thousands of files with bad notes or names into a process that a
 * root session traces: the session shows DT_ELF_MAXWARNALL such warnings
 * in all, then says once that the rest are not shown.
 */
bool
dt_elf_warn_ok(dtrace_hdl_t *dtp)
{
	if (dtp->dt_elfwarns < DT_ELF_MAXWARNALL) {
		dtp->dt_elfwarns++;
		return (true);
	}
	if (dtp->dt_elfwarns == DT_ELF_MAXWARNALL) {
		dtp->dt_elfwarns++;
		dt_msg(dtp, DTRACE_MSG_WARNING, "more than %d warnings about "
		    "the files of processes: the rest are not shown",
		    DT_ELF_MAXWARNALL);
	}
	return (false);
}

/*
 * A warning about a note of file ef (path: as the process names it, with
 * no control byte: dt_pidmod.c leaves such files out) once it has been
 * read (the USDT provider's checks of argument specs): as the reader's
 * warnings (dt_elf.c), DT_ELF_MAXWARN shown per file, counted with
 * theirs, then one line saying that more are not shown.
 */
void
dt_elf_warn(dtrace_hdl_t *dtp, const dt_elf_t *cef, const char *path,
    const char *fmt, ...)
{
	dt_elf_t *ef = (dt_elf_t *)(uintptr_t)cef;
	char msg[1024];
	va_list ap;

	if (ef->ef_nwarn > DT_ELF_MAXWARN)
		return;
	if (ef->ef_nwarn++ == DT_ELF_MAXWARN) {
		if (dt_elf_warn_ok(dtp))
			dt_msg(dtp, DTRACE_MSG_WARNING, "%s: more warnings "
			    "about its USDT notes are not shown", path);
		return;
	}
	if (!dt_elf_warn_ok(dtp))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	dt_msg(dtp, DTRACE_MSG_WARNING, "%s: %s", path, msg);
}

/* The symbol named name, or NULL. */
const dt_elfsym_t *
dt_elf_sym(const dt_elf_t *ef, const char *name)
{
	size_t lo = 0, hi = ef->ef_nsyms;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, ef->ef_syms[mid].es_name);

		if (c == 0)
			return (&ef->ef_syms[mid]);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (NULL);
}

void
dt_elf_free_all(dtrace_hdl_t *dtp)
{
	free(dtp->dt_nonotes);
	dtp->dt_nonotes = NULL;
	dtp->dt_nnonotes = 0;
	while (dtp->dt_elfs != NULL) {
		dt_elf_t *ef = dtp->dt_elfs;

		dtp->dt_elfs = ef->ef_next;
		dt_elf_free(ef);
	}
}

/*
 * Holding a file: the modules of processes (dt_prov_pid.c) and the USDT
 * provider's files with shared probes hold the entries they use and
 * release them when the process or file is gone; other users (user
 * stacks, the dynamic loader's hook) pin theirs to the session's end.
 * An entry neither held nor pinned is freed, closing its descriptor:
 * the session keeps the files of live processes and of its shared
 * probes, not of every process that ever ran (discovery reads a file
 * again when a process of it comes back, unless it is one known to have
 * no notes).  dt_elf_sweep() frees the entries nobody holds whose file
 * was deleted or changed (looked up, never held).
 */
static void
elf_unlink(dtrace_hdl_t *dtp, dt_elf_t *ef)
{
	for (dt_elf_t **efp = &dtp->dt_elfs; *efp != NULL;
	    efp = &(*efp)->ef_next) {
		if (*efp == ef) {
			*efp = ef->ef_next;
			dt_elf_free(ef);
			return;
		}
	}
}

void
dt_elf_hold(const dt_elf_t *cef)
{
	((dt_elf_t *)(uintptr_t)cef)->ef_holds++;
}

/* Pairs with dt_elf_hold(). */
void
dt_elf_release(dtrace_hdl_t *dtp, const dt_elf_t *cef)
{
	dt_elf_t *ef = (dt_elf_t *)(uintptr_t)cef;

	if (ef->ef_holds == 0) {
		dt_msg(dtp, DTRACE_MSG_WARNING, "internal error: ELF file "
		    "released more than held");
		return;
	}
	if (--ef->ef_holds > 0 || ef->ef_pinned)
		return;
	elf_unlink(dtp, ef);
}

void
dt_elf_pin(const dt_elf_t *cef)
{
	((dt_elf_t *)(uintptr_t)cef)->ef_pinned = true;
}

/* Free the entries nobody holds whose file was deleted or changed. */
void
dt_elf_sweep(dtrace_hdl_t *dtp)
{
	dt_elf_t *ef = dtp->dt_elfs, *next;

	for (; ef != NULL; ef = next) {
		next = ef->ef_next;
		if (ef->ef_holds == 0 && !ef->ef_pinned && dt_elf_changed(ef))
			elf_unlink(dtp, ef);
	}
}
