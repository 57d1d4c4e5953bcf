/*
 * dt_pd_deps.c: the libraries a new process will map, found as the
 * dynamic loader will find them, before it runs.
 *
 * When an exec is held (dt_pd_hold.c), the libraries the loader maps at
 * start are not opened yet: the daemon finds them itself, from the
 * DT_NEEDED names, DT_RUNPATH and DT_RPATH strings the sandboxed reader
 * reported for each file (dt_pd_notes.c; the daemon parses no ELF file
 * itself beyond its program headers), searched in the loader's order:
 * the loading object's DT_RPATH then the executable's (for an object
 * without DT_RUNPATH), the object's DT_RUNPATH, /etc/ld.so.cache, then
 * the default directories.  $ORIGIN is the directory of the object's
 * path, $LIB "lib/x86_64-linux-gnu"; an entry with another token is
 * skipped.  LD_LIBRARY_PATH and LD_PRELOAD are not known at the exec's
 * open (the new environment is not copied yet): a library found only
 * through them is not held for.
 *
 * Paths come from files another user controls, and the daemon is root.
 * So:
 *  - the search runs with the executing process's file-system uid and
 *    gid (setfsuid(), setfsgid()): it sees the files that process's
 *    loader may open, and no other (a session cannot be made to read a
 *    file its owner could not);
 *  - a path is walked from the process's root (/proc/PID/root: a
 *    process in a container finds its own files) one component at a time (openat(O_PATH |
 *    O_NOFOLLOW), symbolic links followed by hand, at most LINKS_MAX),
 *    and a component is looked up only in a directory of a trusted file
 *    system (a local one: FSTYPES; read from /proc/self/mountinfo, by
 *    device): a FUSE or network file system, whose server a user may
 *    hang, is never asked anything (the device is read with
 *    AT_STATX_DONT_SYNC, which does not ask it either);
 *  - the file found is opened for reading through its O_PATH descriptor
 *    (/proc/self/fd), so that it is the very file checked, a regular
 *    file; the rest (identity, reading) is done on that descriptor.
 *  - a search is bounded: LOOKUPS_MAX components looked up and TIME_MAX
 *    us for all the libraries of one exec, and WINDOW_MAX us of
 *    searching in any WINDOW us for all execs (held execs are asked
 *    again at each change: 256 of them must not stall the daemon); past
 *    these, the exec is not held for its libraries (dt_pd_deps_begin()
 *    is false), only for its own probes.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/fsuid.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "dt_pd.h"

#define LINKS_MAX	40		/* symbolic links in one path */
#define LOOKUPS_MAX	4096		/* components looked up, one exec */
#define TIME_MAX	10000		/* us of searching, one exec */
#define WINDOW		100000		/* us: ... and all execs of this long */
#define WINDOW_MAX	20000		/* ... at most this many us */
#define TRUSTED_MAX	512		/* file systems trusted */
#define CACHE_FILE	"/etc/ld.so.cache"
#define CACHE_BYTES	(16u << 20)	/* ... at most */
#define CACHE_MAGIC	"glibc-ld.so.cache1.1"
#define CACHE_X8664	0x0303		/* ELF libc6, x86-64 */
#define LIBDIR		"lib/x86_64-linux-gnu"	/* $LIB */

/* Local file systems: their server is the kernel. */
static const char *const fstypes[] = {
	"ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay",
	"squashfs", "erofs", "vfat", "f2fs", "iso9660", "ramfs", "jfs",
	"nilfs2", "zfs", NULL
};

static const char *const defdirs[] = {
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib",
	"/usr/lib", NULL
};

static struct {
	dev_t dd_trusted[TRUSTED_MAX];	/* local file systems */
	unsigned int dd_ntrusted;	/* how many */
	bool dd_stale;			/* read the mount table again */
	char *dd_cache;			/* /etc/ld.so.cache, or NULL */
	size_t dd_cachelen;		/* ... bytes */
	struct stat dd_cachest;		/* ... as read */
	unsigned int dd_lookups;	/* this exec's lookups */
	int64_t dd_begin;		/* ... its search began (us) */
	int64_t dd_deadline;		/* ... its search ends (us) */
	int64_t dd_wstart;		/* the window began (us) */
	int64_t dd_wused;		/* ... us of searching in it */
	bool dd_over;			/* ... past a bound */
	int dd_root;			/* ... the process's root directory */
	struct statx dd_rootsx;		/* ... its identity */
} dd = { .dd_stale = true, .dd_root = -1 };

void
dt_pd_deps_mounts_changed(void)
{
	dd.dd_stale = true;
}

/* The local file systems of the mount table, by device. */
static void
mounts_read(void)
{
	char buf[8192];
	FILE *fp;

	dd.dd_stale = false;
	dd.dd_ntrusted = 0;
	if ((fp = fopen("/proc/self/mountinfo", "re")) == NULL)
		return;
	while (fgets(buf, sizeof (buf), fp) != NULL &&
	    dd.dd_ntrusted < TRUSTED_MAX) {
		unsigned int maj, min;
		char *sep = strstr(buf, " - "), type[64];

		if (sscanf(buf, "%*u %*u %u:%u ", &maj, &min) != 2 ||
		    sep == NULL || sscanf(sep + 3, "%63s", type) != 1)
			continue;
		for (unsigned int i = 0; fstypes[i] != NULL; i++) {
			if (strcmp(type, fstypes[i]) == 0) {
				dd.dd_trusted[dd.dd_ntrusted++] =
				    makedev(maj, min);
				break;
			}
		}
	}
	fclose(fp);
}

/* The device of the file open on fd (O_PATH), without asking its fs. */
static bool
fd_stat(int fd, struct statx *sx)
{
	return (statx(fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW |
	    AT_STATX_DONT_SYNC, STATX_TYPE | STATX_MODE | STATX_INO, sx) == 0);
}

static bool
same(const struct statx *a, const struct statx *b)
{
	return (a->stx_ino == b->stx_ino && a->stx_dev_major ==
	    b->stx_dev_major && a->stx_dev_minor == b->stx_dev_minor);
}

static bool
trusted(const struct statx *sx)
{
	dev_t dev = makedev(sx->stx_dev_major, sx->stx_dev_minor);

	for (unsigned int i = 0; i < dd.dd_ntrusted; i++) {
		if (dd.dd_trusted[i] == dev)
			return (true);
	}
	return (false);
}

static int64_t
now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return ((int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000);
}

/* Is this exec's search past its bounds? */
static bool
over(void)
{
	if (!dd.dd_over && (dd.dd_lookups >= LOOKUPS_MAX ||
	    now_us() >= dd.dd_deadline))
		dd.dd_over = true;
	return (dd.dd_over);
}

/*
 * Walk the absolute path, component by component, looking up only in
 * directories of trusted file systems: an O_PATH descriptor of the file
 * it names (links followed), or -1.
 */
static int
walk(const char *path)
{
	char rest[PATH_MAX + 1], link[PATH_MAX];
	unsigned int links = 0;
	int dfd;

	if (path[0] != '/' || strlen(path) >= sizeof (rest))
		return (-1);
	strcpy(rest, path);
	if ((dfd = fcntl(dd.dd_root, F_DUPFD_CLOEXEC, 3)) < 0)
		return (-1);
	for (char *p = rest; ; ) {
		struct statx sx;
		char *comp, *next;
		ssize_t n;
		int fd;

		while (*p == '/')
			p++;
		if (*p == '\0')
			return (dfd);
		comp = p;
		next = strchr(p, '/');
		if (next != NULL)
			*next++ = '\0';
		p = next != NULL ? next : comp + strlen(comp);
		if (strcmp(comp, ".") == 0)
			continue;
		/* ".." of the process's root is its root */
		if (strcmp(comp, "..") == 0 && fd_stat(dfd, &sx) &&
		    same(&sx, &dd.dd_rootsx))
			continue;
		dd.dd_lookups++;
		if (over() || !fd_stat(dfd, &sx) || !S_ISDIR(sx.stx_mode) ||
		    !trusted(&sx) || (fd = openat(dfd, comp, O_PATH |
		    O_NOFOLLOW | O_CLOEXEC)) < 0) {
			close(dfd);
			return (-1);
		}
		if (!fd_stat(fd, &sx)) {
			close(fd);
			close(dfd);
			return (-1);
		}
		if (!S_ISLNK(sx.stx_mode)) {
			close(dfd);
			dfd = fd;
			continue;
		}
		/* a link: its target, then what is left of the path */
		n = readlinkat(fd, "", link, sizeof (link) - 1);
		close(fd);
		if (n <= 0 || ++links > LINKS_MAX ||
		    (size_t)n + 1 + strlen(p) >= sizeof (rest)) {
			close(dfd);
			return (-1);
		}
		link[n] = '\0';
		memmove(rest + n + 1, p, strlen(p) + 1);
		memcpy(rest, link, (size_t)n);
		rest[n] = '/';
		p = rest;
		if (link[0] == '/') {
			close(dfd);
			if ((dfd = fcntl(dd.dd_root, F_DUPFD_CLOEXEC,
			    3)) < 0)
				return (-1);
		}
	}
}

/*
 * Open the file at path for reading, as the process would: a regular
 * 64-bit ELF file on a trusted file system.  Its descriptor, or -1.
 */
static int
try_open(const char *path, struct stat *st)
{
	char self[64];
	struct statx sx;
	dt_pd_segs_t pg;
	int pfd, fd;

	if ((pfd = walk(path)) < 0)
		return (-1);
	if (!fd_stat(pfd, &sx) || !S_ISREG(sx.stx_mode) || !trusted(&sx)) {
		close(pfd);
		return (-1);
	}
	snprintf(self, sizeof (self), "/proc/self/fd/%d", pfd);
	fd = open(self, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	close(pfd);
	if (fd < 0)
		return (-1);
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) ||
	    dt_pd_segs_read(fd, &pg) != 0) {	/* not a library for it */
		close(fd);
		return (-1);
	}
	return (fd);
}

/* /etc/ld.so.cache, read again if it changed: a file of root's. */
static void
cache_load(void)
{
	struct stat st;
	char *buf;
	int fd;

	if ((fd = open(CACHE_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	    O_NONBLOCK)) < 0)
		return;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != 0 ||
	    (st.st_mode & (S_IWGRP | S_IWOTH)) || st.st_size < 48 ||
	    st.st_size > CACHE_BYTES || (dd.dd_cache != NULL &&
	    st.st_ino == dd.dd_cachest.st_ino && st.st_dev ==
	    dd.dd_cachest.st_dev && st.st_size == dd.dd_cachest.st_size &&
	    st.st_mtim.tv_sec == dd.dd_cachest.st_mtim.tv_sec &&
	    st.st_mtim.tv_nsec == dd.dd_cachest.st_mtim.tv_nsec)) {
		close(fd);
		return;
	}
	if ((buf = malloc((size_t)st.st_size + 1)) == NULL ||
	    pread(fd, buf, (size_t)st.st_size, 0) != st.st_size ||
	    memcmp(buf, CACHE_MAGIC, strlen(CACHE_MAGIC)) != 0) {
		free(buf);
		close(fd);
		return;
	}
	close(fd);
	buf[st.st_size] = '\0';
	free(dd.dd_cache);
	dd.dd_cache = buf;
	dd.dd_cachelen = (size_t)st.st_size;
	dd.dd_cachest = st;
}

/* The path the cache gives for name, or NULL. */
static const char *
cache_path(const char *name)
{
	uint32_t nlibs;

	cache_load();
	if (dd.dd_cache == NULL)
		return (NULL);
	memcpy(&nlibs, dd.dd_cache + 20, sizeof (nlibs));
	for (uint32_t i = 0; i < nlibs && 48 + (size_t)(i + 1) * 24 <=
	    dd.dd_cachelen; i++) {
		const char *e = dd.dd_cache + 48 + (size_t)i * 24;
		int32_t flags;
		uint32_t key, value;

		memcpy(&flags, e, 4);
		memcpy(&key, e + 4, 4);
		memcpy(&value, e + 8, 4);
		if ((flags & 0xffff) != CACHE_X8664 || key >= dd.dd_cachelen ||
		    value >= dd.dd_cachelen)
			continue;
		if (strcmp(dd.dd_cache + key, name) == 0)
			return (dd.dd_cache + value);
	}
	return (NULL);
}

/*
 * Look for name in the directories of list (':'-separated, tokens
 * expanded); its descriptor, or -1.
 */
static int
try_list(const char *list, const char *name, const char *origin,
    struct stat *st, char *path, size_t len)
{
	for (const char *p = list; p != NULL && *p != '\0' && !over(); ) {
		size_t n = strcspn(p, ":");
		char dir[PATH_MAX];
		size_t o = 0;
		bool bad = false;
		int fd;

		for (size_t i = 0; i < n && !bad; ) {
			const char *tok = NULL;
			size_t tl = 0;

			if (strncmp(p + i, "$ORIGIN", 7) == 0 ||
			    strncmp(p + i, "${ORIGIN}", 9) == 0) {
				tok = origin;
				tl = p[i + 1] == '{' ? 9 : 7;
			} else if (strncmp(p + i, "$LIB", 4) == 0 ||
			    strncmp(p + i, "${LIB}", 6) == 0) {
				tok = LIBDIR;
				tl = p[i + 1] == '{' ? 6 : 4;
			} else if (p[i] == '$') {
				bad = true;	/* $PLATFORM and the like */
				break;
			}
			if (tl > 0) {
				if (tok == NULL || o + strlen(tok) >=
				    sizeof (dir)) {
					bad = true;
					break;
				}
				memcpy(dir + o, tok, strlen(tok));
				o += strlen(tok);
				i += tl;
			} else {
				if (o + 1 >= sizeof (dir)) {
					bad = true;
					break;
				}
				dir[o++] = p[i++];
			}
		}
		p += n + (p[n] == ':');
		if (bad || o == 0 || dir[0] != '/')
			continue;
		dir[o] = '\0';
		if ((size_t)snprintf(path, len, "%s/%s", dir, name) >= len)
			continue;
		if ((fd = try_open(path, st)) >= 0)
			return (fd);
	}
	return (-1);
}

int
dt_pd_dep_find(const char *name, const dt_pd_dsearch_t *ds,
    struct stat *st, char *path, size_t len)
{
	const char *cp;
	int fd = -1;

	if (strchr(name, '/') != NULL || over())
		return (-1);
	if (ds->ds_runpath == NULL) {
		fd = try_list(ds->ds_rpath, name, ds->ds_origin, st, path,
		    len);
		if (fd < 0)
			fd = try_list(ds->ds_xrpath, name, ds->ds_xorigin, st,
			    path, len);
	}
	if (fd < 0)
		fd = try_list(ds->ds_runpath, name, ds->ds_origin, st, path,
		    len);
	if (fd < 0 && (cp = cache_path(name)) != NULL &&
	    (size_t)snprintf(path, len, "%s", cp) < len)
		fd = try_open(path, st);
	for (unsigned int i = 0; fd < 0 && defdirs[i] != NULL; i++) {
		if ((size_t)snprintf(path, len, "%s/%s", defdirs[i], name) <
		    len)
			fd = try_open(path, st);
	}
	return (fd);
}

bool
dt_pd_deps_begin(pid_t pid, uid_t uid, gid_t gid)
{
	char root[64];
	int64_t now = now_us();

	if (dd.dd_stale)
		mounts_read();
	if (now - dd.dd_wstart >= WINDOW) {
		dd.dd_wstart = now;
		dd.dd_wused = 0;
	}
	dd.dd_lookups = 0;
	dd.dd_begin = now;
	/* the window's time spent: the exec is not held for libraries */
	dd.dd_over = dd.dd_wused >= WINDOW_MAX;
	if (dd.dd_over)
		return (false);
	dd.dd_deadline = now + (WINDOW_MAX - dd.dd_wused < TIME_MAX ?
	    WINDOW_MAX - dd.dd_wused : TIME_MAX);
	/* its root: a process in a container looks there */
	snprintf(root, sizeof (root), "/proc/%d/root", (int)pid);
	if ((dd.dd_root = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		return (false);
	if (!fd_stat(dd.dd_root, &dd.dd_rootsx)) {
		close(dd.dd_root);
		dd.dd_root = -1;
		return (false);
	}
	(void) setfsgid(gid);
	(void) setfsuid(uid);
	return (true);
}

bool
dt_pd_deps_end(void)
{
	(void) setfsuid(0);
	(void) setfsgid(0);
	if (dd.dd_begin != 0)
		dd.dd_wused += now_us() - dd.dd_begin;
	dd.dd_begin = 0;
	if (dd.dd_root >= 0)
		close(dd.dd_root);
	dd.dd_root = -1;
	return (!dd.dd_over);
}
