/*
 * dt_ldsearch.c: the libraries a new process will map at start, found
 * as its dynamic loader will find them, before it runs.  Shared by the
 * two holders of execs: dtprobed, for the sessions of its registry
 * (dtprobed/dt_pd_verdict.c), and a session with no daemon
 * (probes/dt_hold.c).  Both hold an exec (FAN_OPEN_EXEC_PERM) while
 * the loader has not run yet: the libraries it will map are not opened,
 * so the holder finds them itself.
 *
 * The closure (dt_ldsearch_closure()) is walked breadth first from the
 * executable's DT_NEEDED names (dt_ldsearch_deps(): the dependency lines
 * of a file, also what dtprobed's sandboxed reader reports), after the
 * libraries of LD_PRELOAD; each name is searched in the loader's order:
 * the loading object's DT_RPATH then the executable's (for an object
 * without DT_RUNPATH), LD_LIBRARY_PATH, the object's DT_RUNPATH,
 * /etc/ld.so.cache, then the default directories.  $ORIGIN is the
 * directory of the object's path (of the executable's, in
 * LD_LIBRARY_PATH), $LIB "lib/x86_64-linux-gnu"; an entry with another
 * token is skipped.  The caller gives the environment (dt_ldenv_t: the
 * exec's own, which is not the process's environ yet when the exec is
 * held: see dt_procfs_execenv()), or none for a secure exec.
 *
 * Paths come from files another user controls, and the holder is root.
 * So:
 *  - the search runs with the executing process's file-system uid and
 *    gid (setfsuid(), setfsgid(): per thread): it sees the files that
 *    process's loader may open, and no other (a session cannot be made
 *    to read a file its owner could not);
 *  - a path is walked from the process's root (/proc/PID/root: a
 *    process in a container finds its own files) one component at a
 *    time (openat(O_PATH | O_NOFOLLOW), symbolic links followed by hand,
 *    at most LINKS_MAX), and a component is looked up only in a
 *    directory of a trusted file system (a local one: FSTYPES; read from
 *    /proc/self/mountinfo, by device): a FUSE or network file system,
 *    whose server a user may hang, is never asked anything (the device
 *    is read with AT_STATX_DONT_SYNC, which does not ask it either);
 *  - the file found is opened for reading through its O_PATH descriptor
 *    (/proc/self/fd), so that it is the very file checked, a regular
 *    64-bit ELF file for x86-64 (the loader skips another kind and looks
 *    on); the rest (identity, reading) is done by the caller on that
 *    descriptor;
 *  - a search is bounded: LOOKUPS_MAX components looked up and TIME_MAX
 *    us for all the libraries of one exec, and WINDOW_MAX us of
 *    searching in any WINDOW us for all execs (held execs may be asked
 *    again at each change: 256 of them must not stall the holder); past
 *    these, the exec is not held for its libraries (dt_ldsearch_begin()
 *    or _end() is false).
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
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <elf.h>
#include <gelf.h>

#include "dt_ldsearch.h"

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

struct dt_ldsearch {
	dev_t ls_trusted[TRUSTED_MAX];	/* local file systems */
	unsigned int ls_ntrusted;	/* how many */
	bool ls_stale;			/* read the mount table again */
	char *ls_cache;			/* /etc/ld.so.cache, or NULL */
	size_t ls_cachelen;		/* ... bytes */
	struct stat ls_cachest;		/* ... as read */
	unsigned int ls_lookups;	/* this exec's lookups */
	int64_t ls_begin;		/* ... its search began (us) */
	int64_t ls_deadline;		/* ... its search ends (us) */
	int64_t ls_wstart;		/* the window began (us) */
	int64_t ls_wused;		/* ... us of searching in it */
	bool ls_over;			/* ... past a bound */
	int ls_root;			/* ... the process's root directory */
	struct statx ls_rootsx;		/* ... its identity */
	const char *ls_libpath;		/* ... LD_LIBRARY_PATH, or NULL */
};

dt_ldsearch_t *
dt_ldsearch_create(void)
{
	dt_ldsearch_t *ls = calloc(1, sizeof (*ls));

	if (ls != NULL) {
		ls->ls_stale = true;
		ls->ls_root = -1;
	}
	return (ls);
}

void
dt_ldsearch_free(dt_ldsearch_t *ls)
{
	if (ls == NULL)
		return;
	if (ls->ls_root >= 0)
		close(ls->ls_root);
	free(ls->ls_cache);
	free(ls);
}

void
dt_ldsearch_mounts_changed(dt_ldsearch_t *ls)
{
	ls->ls_stale = true;
}

/* The local file systems of the mount table, by device. */
static void
mounts_read(dt_ldsearch_t *ls)
{
	char buf[8192];
	FILE *fp;

	ls->ls_stale = false;
	ls->ls_ntrusted = 0;
	if ((fp = fopen("/proc/self/mountinfo", "re")) == NULL)
		return;
	while (fgets(buf, sizeof (buf), fp) != NULL &&
	    ls->ls_ntrusted < TRUSTED_MAX) {
		unsigned int maj, min;
		char *sep = strstr(buf, " - "), type[64];

		if (sscanf(buf, "%*u %*u %u:%u ", &maj, &min) != 2 ||
		    sep == NULL || sscanf(sep + 3, "%63s", type) != 1)
			continue;
		for (unsigned int i = 0; fstypes[i] != NULL; i++) {
			if (strcmp(type, fstypes[i]) == 0) {
				ls->ls_trusted[ls->ls_ntrusted++] =
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
trusted(const dt_ldsearch_t *ls, const struct statx *sx)
{
	dev_t dev = makedev(sx->stx_dev_major, sx->stx_dev_minor);

	for (unsigned int i = 0; i < ls->ls_ntrusted; i++) {
		if (ls->ls_trusted[i] == dev)
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
over(dt_ldsearch_t *ls)
{
	if (!ls->ls_over && (ls->ls_lookups >= LOOKUPS_MAX ||
	    now_us() >= ls->ls_deadline))
		ls->ls_over = true;
	return (ls->ls_over);
}

/*
 * Walk the absolute path, component by component, looking up only in
 * directories of trusted file systems: an O_PATH descriptor of the file
 * it names (links followed), or -1.
 */
static int
walk(dt_ldsearch_t *ls, const char *path)
{
	char rest[PATH_MAX + 1], link[PATH_MAX];
	unsigned int links = 0;
	int dfd;

	if (path[0] != '/' || strlen(path) >= sizeof (rest))
		return (-1);
	strcpy(rest, path);
	if ((dfd = fcntl(ls->ls_root, F_DUPFD_CLOEXEC, 3)) < 0)
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
		    same(&sx, &ls->ls_rootsx))
			continue;
		ls->ls_lookups++;
		if (over(ls) || !fd_stat(dfd, &sx) || !S_ISDIR(sx.stx_mode) ||
		    !trusted(ls, &sx) || (fd = openat(dfd, comp, O_PATH |
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
			if ((dfd = fcntl(ls->ls_root, F_DUPFD_CLOEXEC,
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
try_open(dt_ldsearch_t *ls, const char *path, struct stat *st)
{
	char self[64];
	struct statx sx;
	Elf64_Ehdr eh;
	int pfd, fd;

	if ((pfd = walk(ls, path)) < 0)
		return (-1);
	if (!fd_stat(pfd, &sx) || !S_ISREG(sx.stx_mode) || !trusted(ls, &sx)) {
		close(pfd);
		return (-1);
	}
	snprintf(self, sizeof (self), "/proc/self/fd/%d", pfd);
	fd = open(self, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	close(pfd);
	if (fd < 0)
		return (-1);
	/* not a library for it: the loader looks on */
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) ||
	    pread(fd, &eh, sizeof (eh), 0) != (ssize_t)sizeof (eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_X86_64) {
		close(fd);
		return (-1);
	}
	return (fd);
}

/* /etc/ld.so.cache, read again if it changed: a file of root's. */
static void
cache_load(dt_ldsearch_t *ls)
{
	struct stat st;
	char *buf;
	int fd;

	if ((fd = open(CACHE_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
	    O_NONBLOCK)) < 0)
		return;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != 0 ||
	    (st.st_mode & (S_IWGRP | S_IWOTH)) || st.st_size < 48 ||
	    st.st_size > CACHE_BYTES || (ls->ls_cache != NULL &&
	    st.st_ino == ls->ls_cachest.st_ino && st.st_dev ==
	    ls->ls_cachest.st_dev && st.st_size == ls->ls_cachest.st_size &&
	    st.st_mtim.tv_sec == ls->ls_cachest.st_mtim.tv_sec &&
	    st.st_mtim.tv_nsec == ls->ls_cachest.st_mtim.tv_nsec)) {
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
	free(ls->ls_cache);
	ls->ls_cache = buf;
	ls->ls_cachelen = (size_t)st.st_size;
	ls->ls_cachest = st;
}

/* The path the cache gives for name, or NULL. */
static const char *
cache_path(dt_ldsearch_t *ls, const char *name)
{
	uint32_t nlibs;

	cache_load(ls);
	if (ls->ls_cache == NULL)
		return (NULL);
	memcpy(&nlibs, ls->ls_cache + 20, sizeof (nlibs));
	for (uint32_t i = 0; i < nlibs && 48 + (size_t)(i + 1) * 24 <=
	    ls->ls_cachelen; i++) {
		const char *e = ls->ls_cache + 48 + (size_t)i * 24;
		int32_t flags;
		uint32_t key, value;

		memcpy(&flags, e, 4);
		memcpy(&key, e + 4, 4);
		memcpy(&value, e + 8, 4);
		if ((flags & 0xffff) != CACHE_X8664 || key >= ls->ls_cachelen ||
		    value >= ls->ls_cachelen)
			continue;
		if (strcmp(ls->ls_cache + key, name) == 0)
			return (ls->ls_cache + value);
	}
	return (NULL);
}

/*
 * Look for name in the directories of list (':'-separated, tokens
 * expanded); its descriptor, or -1.
 */
static int
try_list(dt_ldsearch_t *ls, const char *list, const char *name, const char *origin,
    struct stat *st, char *path, size_t len)
{
	for (const char *p = list; p != NULL && *p != '\0' && !over(ls); ) {
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
		if ((fd = try_open(ls, path, st)) >= 0)
			return (fd);
	}
	return (-1);
}

/* The directories of the loader's search of one object. */
typedef struct dt_ldpaths {
	const char *lp_runpath;		/* the object's DT_RUNPATH, or NULL */
	const char *lp_rpath;		/* its DT_RPATH, or NULL */
	const char *lp_xrpath;		/* the executable's DT_RPATH, or NULL */
	const char *lp_origin;		/* $ORIGIN of the object */
	const char *lp_xorigin;		/* ... of the executable */
} dt_ldpaths_t;

/*
 * Open library name for reading as the loader of an object with search
 * paths lp would find it: its descriptor, *st, its path in path; or -1.
 */
static int
find(dt_ldsearch_t *ls, const char *name, const dt_ldpaths_t *lp,
    struct stat *st, char *path, size_t len)
{
	const char *cp;
	int fd = -1;

	if (strchr(name, '/') != NULL || over(ls))
		return (-1);
	if (lp->lp_runpath == NULL) {
		fd = try_list(ls, lp->lp_rpath, name, lp->lp_origin, st, path,
		    len);
		if (fd < 0)
			fd = try_list(ls, lp->lp_xrpath, name, lp->lp_xorigin,
			    st, path, len);
	}
	if (fd < 0)
		fd = try_list(ls, ls->ls_libpath, name, lp->lp_xorigin, st,
		    path, len);
	if (fd < 0)
		fd = try_list(ls, lp->lp_runpath, name, lp->lp_origin, st,
		    path, len);
	if (fd < 0 && (cp = cache_path(ls, name)) != NULL &&
	    (size_t)snprintf(path, len, "%s", cp) < len)
		fd = try_open(ls, path, st);
	for (unsigned int i = 0; fd < 0 && defdirs[i] != NULL; i++) {
		if ((size_t)snprintf(path, len, "%s/%s", defdirs[i], name) <
		    len)
			fd = try_open(ls, path, st);
	}
	return (fd);
}

bool
dt_ldsearch_begin(dt_ldsearch_t *ls, pid_t pid, uid_t uid, gid_t gid)
{
	char root[64];
	int64_t now = now_us();

	if (ls->ls_stale)
		mounts_read(ls);
	if (now - ls->ls_wstart >= WINDOW) {
		ls->ls_wstart = now;
		ls->ls_wused = 0;
	}
	ls->ls_lookups = 0;
	ls->ls_begin = now;
	ls->ls_libpath = NULL;
	/* the window's time spent: the exec is not held for libraries */
	ls->ls_over = ls->ls_wused >= WINDOW_MAX;
	if (ls->ls_over)
		return (false);
	ls->ls_deadline = now + (WINDOW_MAX - ls->ls_wused < TIME_MAX ?
	    WINDOW_MAX - ls->ls_wused : TIME_MAX);
	/* its root: a process in a container looks there */
	snprintf(root, sizeof (root), "/proc/%d/root", (int)pid);
	if ((ls->ls_root = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
		return (false);
	if (!fd_stat(ls->ls_root, &ls->ls_rootsx)) {
		close(ls->ls_root);
		ls->ls_root = -1;
		return (false);
	}
	(void) setfsgid(gid);
	(void) setfsuid(uid);
	return (true);
}

bool
dt_ldsearch_end(dt_ldsearch_t *ls)
{
	(void) setfsuid(0);
	(void) setfsgid(0);
	if (ls->ls_begin != 0)
		ls->ls_wused += now_us() - ls->ls_begin;
	ls->ls_begin = 0;
	if (ls->ls_root >= 0)
		close(ls->ls_root);
	ls->ls_root = -1;
	ls->ls_libpath = NULL;
	return (!ls->ls_over);
}

/* ---- what a file needs ---------------------------------------------------- */

bool
dt_ldsearch_depstr(const char *s, size_t n, size_t max, bool sp)
{
	if (n == 0 || n > max)
		return (false);
	for (size_t i = 0; i < n; i++) {
		if (s[i] < (sp ? 0x20 : 0x21) || s[i] > 0x7e)
			return (false);
	}
	return (true);
}

size_t
dt_ldsearch_deps(Elf *elf, char *buf, size_t len)
{
	Elf_Scn *scn = NULL;
	unsigned int nneeded = 0;
	size_t o = 0;

	if (len == 0)
		return (0);
	buf[0] = '\0';
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *data;
		GElf_Dyn dyn;

		if (gelf_getshdr(scn, &sh) == NULL ||
		    sh.sh_type != SHT_DYNAMIC ||
		    (data = elf_getdata(scn, NULL)) == NULL)
			continue;
		for (int i = 0; i < 4096 && gelf_getdyn(data, i, &dyn) != NULL &&
		    dyn.d_tag != DT_NULL; i++) {
			const char *str;
			char tag;
			size_t n;

			if (dyn.d_tag == DT_NEEDED)
				tag = 'L';
			else if (dyn.d_tag == DT_RUNPATH)
				tag = 'R';
			else if (dyn.d_tag == DT_RPATH)
				tag = 'Q';
			else
				continue;
			if ((str = elf_strptr(elf, sh.sh_link,
			    (size_t)dyn.d_un.d_val)) == NULL)
				continue;
			n = strlen(str);
			if (tag == 'L' ? (nneeded == DT_LD_NEEDED_MAX ||
			    strchr(str, '/') != NULL ||
			    !dt_ldsearch_depstr(str, n, DT_LD_NAME_MAX, false)) :
			    !dt_ldsearch_depstr(str, n, DT_LD_PATH_MAX, true))
				continue;
			if (o + n + 4 > len)
				break;
			nneeded += tag == 'L';
			buf[o++] = tag;
			buf[o++] = ' ';
			memcpy(buf + o, str, n);
			o += n;
			buf[o++] = '\n';
			buf[o] = '\0';
		}
		break;		/* the first dynamic section only */
	}
	return (o);
}

const char *
dt_ldsearch_line(const char *deps, char tag, char *buf, size_t len)
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

/* ---- the closure ---------------------------------------------------------- */

/* One object of the closure. */
typedef struct dt_ldobj {
	char *lo_path;			/* its path, as found */
	char *lo_deps;			/* its dependency lines, or NULL */
	dev_t lo_dev;			/* identity */
	ino_t lo_ino;
} dt_ldobj_t;

typedef struct dt_ldwalk {
	dt_ldobj_t *lw_objs;		/* the executable, then libraries */
	unsigned int lw_n;		/* how many */
	unsigned int lw_max;		/* ... libraries at most */
	bool lw_more;			/* more than that, or stopped */
	dt_ldsearch_f *lw_fn;		/* the caller's */
	void *lw_arg;
} dt_ldwalk_t;

/* The directory of path, in buf. */
static const char *
origin_of(const char *path, char *buf, size_t len)
{
	const char *slash = path != NULL ? strrchr(path, '/') : NULL;

	if (slash == NULL)
		return (NULL);
	snprintf(buf, len, "%.*s", slash == path ? 1 : (int)(slash - path),
	    path);
	return (buf);
}

/* A library found, open on fd: given to the caller once, then kept. */
static void
found(dt_ldwalk_t *lw, int fd, const struct stat *st, const char *path)
{
	char *deps = NULL;

	for (unsigned int i = 0; i < lw->lw_n; i++) {
		if (lw->lw_objs[i].lo_dev == st->st_dev &&
		    lw->lw_objs[i].lo_ino == st->st_ino) {
			close(fd);
			return;
		}
	}
	if (lw->lw_n > lw->lw_max || lw->lw_more) {
		close(fd);
		lw->lw_more = true;
		return;
	}
	if (lw->lw_fn(lw->lw_arg, fd, st, path, &deps) != 0)
		lw->lw_more = true;
	lw->lw_objs[lw->lw_n++] = (dt_ldobj_t){ .lo_path = strdup(path),
	    .lo_deps = deps, .lo_dev = st->st_dev, .lo_ino = st->st_ino };
}

/* LD_PRELOAD's libraries: names searched as the executable's, or paths. */
static void
preload(dt_ldsearch_t *ls, dt_ldwalk_t *lw, const char *list,
    const dt_ldpaths_t *xlp)
{
	for (const char *p = list; *p != '\0' && !over(ls) && !lw->lw_more; ) {
		size_t n = strcspn(p, " :");
		char name[PATH_MAX], path[PATH_MAX];
		struct stat st;
		int fd;

		if (n > 0 && n < sizeof (name)) {
			memcpy(name, p, n);
			name[n] = '\0';
			if (name[0] == '/') {
				snprintf(path, sizeof (path), "%s", name);
				fd = try_open(ls, path, &st);
			} else {
				fd = find(ls, name, xlp, &st, path,
				    sizeof (path));
			}
			if (fd >= 0)
				found(lw, fd, &st, path);
		}
		p += n;
		p += strspn(p, " :");
	}
}

int
dt_ldsearch_closure(dt_ldsearch_t *ls, const char *exedeps,
    const char *exepath, const dt_ldenv_t *env, unsigned int maxobjs,
    dt_ldsearch_f *fn, void *arg)
{
	char xrpath[DT_LD_PATH_MAX + 1], xorigin[PATH_MAX];
	dt_ldwalk_t lw = { .lw_max = maxobjs, .lw_fn = fn, .lw_arg = arg };
	dt_ldpaths_t xlp = { 0 };
	int rv;

	if (exepath == NULL || exepath[0] != '/' ||
	    (lw.lw_objs = calloc(maxobjs + 2, sizeof (dt_ldobj_t))) == NULL)
		return (-1);
	xlp.lp_xorigin = xlp.lp_origin = origin_of(exepath, xorigin,
	    sizeof (xorigin));
	xlp.lp_runpath = dt_ldsearch_line(exedeps, 'R', xrpath,
	    sizeof (xrpath));
	if (xlp.lp_runpath == NULL)
		xlp.lp_xrpath = xlp.lp_rpath = dt_ldsearch_line(exedeps, 'Q',
		    xrpath, sizeof (xrpath));
	ls->ls_libpath = env != NULL ? env->le_libpath : NULL;
	lw.lw_objs[lw.lw_n++] = (dt_ldobj_t){ .lo_path = strdup(exepath),
	    .lo_deps = exedeps != NULL ? strdup(exedeps) : NULL };
	if (env != NULL && env->le_preload != NULL)
		preload(ls, &lw, env->le_preload, &xlp);
	for (unsigned int o = 0; o < lw.lw_n && !lw.lw_more; o++) {
		const char *deps = lw.lw_objs[o].lo_deps;
		char runpath[DT_LD_PATH_MAX + 1], rpath[DT_LD_PATH_MAX + 1];
		char origin[PATH_MAX];
		dt_ldpaths_t lp = { .lp_xorigin = xlp.lp_xorigin };

		if (deps == NULL || lw.lw_objs[o].lo_path == NULL ||
		    (lp.lp_origin = origin_of(lw.lw_objs[o].lo_path, origin,
		    sizeof (origin))) == NULL)
			continue;
		lp.lp_runpath = dt_ldsearch_line(deps, 'R', runpath,
		    sizeof (runpath));
		if (lp.lp_runpath == NULL) {
			lp.lp_rpath = dt_ldsearch_line(deps, 'Q', rpath,
			    sizeof (rpath));
			lp.lp_xrpath = xlp.lp_xrpath;
		}
		for (const char *l = deps; *l != '\0' && !lw.lw_more; ) {
			const char *nl = strchr(l, '\n');
			char name[DT_LD_NAME_MAX + 1], path[PATH_MAX];
			size_t n = nl != NULL ? (size_t)(nl - l) : strlen(l);
			struct stat st;
			int fd;

			if (l[0] != 'L' || n < 3 || n - 2 >= sizeof (name)) {
				l += n + (nl != NULL);
				continue;
			}
			memcpy(name, l + 2, n - 2);
			name[n - 2] = '\0';
			l += n + (nl != NULL);
			/* not found: its loader fails too */
			if ((fd = find(ls, name, &lp, &st, path,
			    sizeof (path))) >= 0)
				found(&lw, fd, &st, path);
		}
	}
	rv = lw.lw_more ? -1 : (int)lw.lw_n - 1;
	for (unsigned int i = 0; i < lw.lw_n; i++) {
		free(lw.lw_objs[i].lo_path);
		free(lw.lw_objs[i].lo_deps);
	}
	free(lw.lw_objs);
	ls->ls_libpath = NULL;
	return (rv);
}
