/*
 * dt_procfs.h: what the holders of execs read of a process in /proc,
 * shared by the library (probes/dt_hold.c, probes/dt_discover.c) and
 * dtprobed.  See dt_procfs.c.
 *
 * System calls only (no allocation, no stdio): the session's holder is a
 * child forked from a process that may have other threads.  The daemon
 * links dt_procfs.o alone.
 */
#ifndef _DT_PROCFS_H
#define _DT_PROCFS_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Process pid's parent (*ppidp) and start (*startp, clock ticks since
 * boot) from /proc/PID/stat; either may be NULL.  0, or -1 if it is gone.
 */
extern int dt_procfs_stat(pid_t pid, pid_t *ppidp,
    unsigned long long *startp);

/* Its file-system uid and gid, from /proc/PID/status: 0, or -1. */
extern int dt_procfs_fsids(pid_t pid, uid_t *uidp, gid_t *gidp);

/*
 * The values of LD_LIBRARY_PATH and LD_PRELOAD that the execve() process
 * pid is blocked in passes to the new program (the last of each, as its
 * loader takes them), read from the old image's memory: pointers into
 * buf (len bytes), NULL if not set.  0, or -1 if the process is not in
 * execve()/execveat() (or not readable).  At most DT_PROCFS_ENV_MAX
 * variables are looked at.
 */
#define DT_PROCFS_ENV_MAX	1024
extern int dt_procfs_execenv(pid_t pid, char *buf, size_t len,
    const char **libpathp, const char **preloadp);

#endif /* _DT_PROCFS_H */
