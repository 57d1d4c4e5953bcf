/*
 * dt_fanhold.c: the fanotify group that holds new processes at their
 * exec (FAN_OPEN_EXEC_PERM), shared by its two holders: dtprobed, for the
 * sessions that use its registry (dtprobed/dt_pd_hold.c), and a session
 * with no daemon, whose holder is a child of its own (probes/dt_hold.c).
 *
 * The group has class FAN_CLASS_CONTENT (permission events; it needs
 * CAP_SYS_ADMIN) and one FAN_MARK_FILESYSTEM mark per file system
 * mounted, told apart by the device of /proc/self/mountinfo's third
 * field (no stat(): a mount whose server hangs must not hold up the
 * holder), so that an exec is seen whatever mount or mount namespace it
 * goes through; a file system that refuses a mark (a pseudo file system,
 * where nothing is executed) is left out.  A file found to need no hold
 * gets an ignore mark on its inode: its next execs make no event at all
 * (the kernel drops the mark when the file is modified or deleted); past
 * DT_FAN_IGNORES_MAX marks they are all flushed and made again as files
 * are executed.  Closing the group (or the holder's death) lets every
 * exec held go: the kernel answers them itself.
 *
 * Only system calls, no allocation and no stdio: the session's holder is
 * a child forked from a process that may have other threads, where only
 * async-signal-safe calls are sound.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/fanotify.h>
#include <sys/sysmacros.h>

#include "dt_fanhold.h"

int
dt_fanhold_open(dt_fanhold_t *fh)
{
	fh->fh_nmarked = fh->fh_nignored = 0;
	fh->fh_fd = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC |
	    FAN_NONBLOCK, O_RDONLY | O_LARGEFILE | O_CLOEXEC);
	return (fh->fh_fd < 0 ? -1 : 0);
}

/* An unsigned decimal number at *pp, which moves past it; -1 if none. */
static long
number(const char **pp, const char *end)
{
	const char *p = *pp;
	long v = 0;

	if (p == end || *p < '0' || *p > '9')
		return (-1);
	for (; p < end && *p >= '0' && *p <= '9' && v < (1L << 40); p++)
		v = v * 10 + (*p - '0');
	*pp = p;
	return (v);
}

/*
 * One line of mountinfo (without its newline): "ID PARENT MAJ:MIN ROOT
 * MOUNTPOINT ...", the mount point with spaces and the like escaped as
 * \ooo.  Its file system is marked if it is not yet.
 */
static void
mark_line(dt_fanhold_t *fh, const char *p, const char *end)
{
	char path[4096], *o = path;
	long maj, min;
	dev_t dev;
	int field;

	for (field = 0; field < 2; field++) {
		if (number(&p, end) < 0 || p == end || *p++ != ' ')
			return;
	}
	if ((maj = number(&p, end)) < 0 || p == end || *p++ != ':' ||
	    (min = number(&p, end)) < 0)
		return;
	dev = makedev((unsigned int)maj, (unsigned int)min);
	for (unsigned int m = 0; m < fh->fh_nmarked; m++) {
		if (fh->fh_marked[m] == dev)
			return;
	}
	if (fh->fh_nmarked == DT_FAN_MOUNTS_MAX)
		return;
	/* past the third and fourth fields to the mount point */
	for (field = 0; field < 2; field++) {
		while (p < end && *p != ' ')
			p++;
		if (p == end)
			return;
		p++;
	}
	for (; p < end && *p != ' ' && o < path + sizeof (path) - 1; p++) {
		if (end - p >= 4 && p[0] == '\\' && p[1] >= '0' &&
		    p[1] <= '3' && p[2] >= '0' && p[2] <= '7' &&
		    p[3] >= '0' && p[3] <= '7') {
			*o++ = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 +
			    (p[3] - '0'));
			p += 3;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	if (path[0] == '/' && fanotify_mark(fh->fh_fd, FAN_MARK_ADD |
	    FAN_MARK_FILESYSTEM, FAN_OPEN_EXEC_PERM, AT_FDCWD, path) == 0)
		fh->fh_marked[fh->fh_nmarked++] = dev;
}

void
dt_fanhold_mark(dt_fanhold_t *fh)
{
	char buf[16384];
	size_t len = 0;
	bool skip = false;	/* in a line longer than buf: left out */
	ssize_t n;
	int fd;

	if (fh->fh_fd < 0 || (fd = open("/proc/self/mountinfo", O_RDONLY |
	    O_CLOEXEC)) < 0)
		return;
	while ((n = read(fd, buf + len, sizeof (buf) - len)) > 0 ||
	    (n < 0 && errno == EINTR)) {
		char *p = buf, *nl;

		if (n < 0)
			continue;
		len += (size_t)n;
		while ((nl = memchr(p, '\n', len - (size_t)(p - buf))) !=
		    NULL) {
			if (!skip)
				mark_line(fh, p, nl);
			skip = false;
			p = nl + 1;
		}
		len -= (size_t)(p - buf);
		memmove(buf, p, len);
		if (len == sizeof (buf)) {
			skip = true;
			len = 0;
		}
	}
	close(fd);
}

void
dt_fanhold_ignore(dt_fanhold_t *fh, int fd)
{
	if (fh->fh_fd < 0)
		return;
	if (fh->fh_nignored == DT_FAN_IGNORES_MAX) {
		(void) fanotify_mark(fh->fh_fd, FAN_MARK_FLUSH, 0, AT_FDCWD,
		    NULL);
		fh->fh_nignored = 0;
	}
	if (fanotify_mark(fh->fh_fd, FAN_MARK_ADD | FAN_MARK_IGNORED_MASK,
	    FAN_OPEN_EXEC_PERM, fd, NULL) == 0)
		fh->fh_nignored++;
}

void
dt_fanhold_allow(const dt_fanhold_t *fh, int fd)
{
	struct fanotify_response r = { .fd = fd, .response = FAN_ALLOW };

	if (fh->fh_fd >= 0)
		(void) !write(fh->fh_fd, &r, sizeof (r));
}

void
dt_fanhold_close(dt_fanhold_t *fh)
{
	if (fh->fh_fd >= 0)
		close(fh->fh_fd);
	fh->fh_fd = -1;
	fh->fh_nmarked = fh->fh_nignored = 0;
}
