/*
 * dt_fanhold.h: the fanotify group that holds new processes at their
 * exec, shared by its two holders: dtprobed (dtprobed/dt_pd_hold.c) and a
 * session that has no daemon (probes/dt_hold.c).  See dt_fanhold.c.
 *
 * It depends on nothing of the library and is made of system calls
 * alone (no allocation, no stdio): the session runs it in a child forked
 * from a process that may have other threads, and the daemon links
 * dt_fanhold.o alone.
 */
#ifndef _DT_FANHOLD_H
#define _DT_FANHOLD_H

#include <sys/types.h>

#define DT_FAN_MOUNTS_MAX	512	/* file systems marked at most */
#define DT_FAN_IGNORES_MAX	8192	/* ignore marks, then all flushed */

typedef struct dt_fanhold {
	int fh_fd;			/* the group, or -1 */
	unsigned int fh_nmarked;	/* file systems marked */
	unsigned int fh_nignored;	/* ignore marks made since a flush */
	dev_t fh_marked[DT_FAN_MOUNTS_MAX]; /* ... their devices */
} dt_fanhold_t;

/* A group of class content, nonblocking: 0, or -1 with errno. */
extern int dt_fanhold_open(dt_fanhold_t *fh);
/* Mark every file system mounted that is not marked yet (mountinfo). */
extern void dt_fanhold_mark(dt_fanhold_t *fh);
/* The file open on fd makes no exec event from now (until modified). */
extern void dt_fanhold_ignore(dt_fanhold_t *fh, int fd);
/* Let the exec of the event whose descriptor is fd go (fd stays open). */
extern void dt_fanhold_allow(const dt_fanhold_t *fh, int fd);
/* Close the group: the kernel lets every exec held go. */
extern void dt_fanhold_close(dt_fanhold_t *fh);

#endif /* _DT_FANHOLD_H */
