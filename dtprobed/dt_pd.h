/*
 * dt_pd.h: the parts of dtprobed, the USDT registry daemon.
 *
 *   dtprobed.c     the daemon: process events, the /proc scan, the
 *                  registry files (the design is at the top of it)
 *   dt_pd_cache.c  the cache of the files read and the queue of their
 *                  sandboxed readers
 *   dt_pd_known.c  the list of the files known (KNOWN)
 *   dt_pd_verdict.c  the verdict on an exec held (dt_pd_exec_verdict())
 *   dt_pd_sandbox.c  runs a function in a forked child without privileges
 *                  under a seccomp filter, and collects what it writes
 *   dt_pd_hold.c   holds a new process at its exec until the sessions
 *                  that want its probes have armed them (fanotify)
 *   dt_pd_notes.c  the stapsdt note reader that runs in that child (it
 *                  walks the notes with the library's shared reader,
 *                  libdtrace/proc/dt_notes.c, linked in alone), and the
 *                  checks the daemon applies to what it says
 *
 * The sandbox and the note reader know nothing of the daemon, so that a
 * unit test (test/unit/pdsandbox.c) and a fuzz target
 * (test/fuzz/pdnotes.c) drive them directly.
 */
#ifndef DT_PD_H
#define DT_PD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/stat.h>

#include "../libdtrace/proc/dt_ldsearch.h"
#include "../libdtrace/proc/dt_procfs.h"

/*
 * The limits on what one file may cost (docs/security.md says why these
 * values): notes and bytes of note lines registered, program headers
 * looked at, size of the note section read.
 */
#define DT_PD_NOTES_MAX	2048		/* notes of one file */
#define DT_PD_TEXT_MAX	(256u << 10)	/* bytes of its note lines */
#define DT_PD_PH_MAX	128		/* program headers of one file */
#define DT_PD_NSECT_MAX	(4u << 20)	/* bytes of its note section */

/* What one sandboxed run gave back. */
typedef struct dt_pd_run {
	char *pr_out;			/* bytes the child wrote (NUL ended) */
	size_t pr_len;			/* how many */
	int pr_status;			/* waitpid() status of the child */
	bool pr_timedout;		/* killed for running too long */
	bool pr_toolong;		/* killed for writing too much */
} dt_pd_run_t;

/*
 * The libraries a file needs (DT_NEEDED), and its search paths
 * (DT_RUNPATH, DT_RPATH), as the reader reports them: at most
 * DT_PD_DEPS_MAX names of DT_PD_DEPNAME_MAX characters, paths of
 * DT_PD_DEPPATH_MAX.
 */
#define DT_PD_DEPS_MAX	DT_LD_NEEDED_MAX
#define DT_PD_DEPNAME_MAX DT_LD_NAME_MAX
#define DT_PD_DEPPATH_MAX DT_LD_PATH_MAX
#define DT_PD_DEPS_BYTES (DT_PD_DEPS_MAX * (DT_PD_DEPNAME_MAX + 3) + \
	2 * (DT_PD_DEPPATH_MAX + 3))

/* bytes a child may write */
#define DT_PD_OUTMAX	(DT_PD_TEXT_MAX + DT_PD_DEPS_BYTES + 4096)
#define DT_PD_TIMEOUT	1000		/* ms a child may run */
#define DT_PD_ASMORE	(128u << 20)	/* address space a child may add */

/*
 * The child's user and group: the first id of [DT_PD_UID_LO,
 * DT_PD_UID_HI] that neither the user nor the group database knows
 * (getpwuid(), getgrgid()), chosen once; above the ranges systemd hands
 * out (DynamicUser 61184-65519, containers up to 1879048191, foreign
 * images 0x7ffe0000-0x7ffeffff) and below 2^31, which some tools take
 * for negative.  (uid_t)-1 if every id of the range is known.
 */
#define DT_PD_UID_LO	0x7fffff00u
#define DT_PD_UID_HI	0x7ffffffeu
extern uid_t dt_pd_sandbox_uid(void);

/*
 * Run fn(arg, outfd) in a child that keeps only the descriptors of keep[]
 * (and outfd, a pipe to the caller), has no privileges and may make only
 * the system calls of reading memory and open files; the child's output
 * and how it ended are in *runp (free pr_out).  0, or -1 with errno when
 * the child could not be started.
 */
typedef void dt_pd_fn_t(void *, int);
extern int dt_pd_sandbox_run(const int *keep, unsigned int nkeep,
    dt_pd_fn_t *fn, void *arg, dt_pd_run_t *runp);

/*
 * The same, without waiting: the child's id in *pidp and the read end
 * of its pipe (non-blocking, close-on-exec) in *fdp; the caller reads
 * it, kills the child when it runs too long, and reaps it.
 */
extern int dt_pd_sandbox_start(const int *keep, unsigned int nkeep,
    dt_pd_fn_t *fn, void *arg, pid_t *pidp, int *fdp);

/*
 * In the child: write the stapsdt notes of the ELF file open on fd to
 * outfd, as lines
 *   N SITE SEMA PROVIDER NAME ARGS   a note (file offsets in hex)
 *   S COUNT                          malformed notes skipped
 *   D COUNT                          notes dropped over the limits
 *   L NAME                           a library it needs (DT_NEEDED)
 *   R PATHS                          its DT_RUNPATH
 *   Q PATHS                          its DT_RPATH
 *   E                                the end of the file's notes
 * A file that is not a 64-bit ELF file has no notes.
 */
extern void dt_pd_notes_write(int fd, int outfd);

/* The loadable segments of a file, as the daemon reads them itself. */
typedef struct dt_pd_seg {
	uint64_t ps_off;		/* file offset */
	uint64_t ps_filesz;		/* bytes in the file */
	uint32_t ps_flags;		/* PF_X, PF_W, PF_R */
} dt_pd_seg_t;

typedef struct dt_pd_segs {
	dt_pd_seg_t pg_seg[DT_PD_PH_MAX]; /* the PT_LOAD headers */
	unsigned int pg_n;		/* how many */
	uint64_t pg_size;		/* the file's size (fstat) */
} dt_pd_segs_t;

/*
 * In the daemon: the PT_LOAD program headers of the file open on fd
 * (one pread of the ELF header, one of at most DT_PD_PH_MAX headers),
 * and its size.  0, or -1 if it is not a 64-bit little-endian ELF file
 * with at most DT_PD_PH_MAX program headers.
 */
extern int dt_pd_segs_read(int fd, dt_pd_segs_t *pg);

/*
 * In the daemon: check one "N" line of a child (without the "N ");
 * true if it is well formed, with only the characters a registry may
 * hold, its site in the file bytes of an executable PT_LOAD segment of
 * pg and its semaphore (if not 0) 2-byte aligned in the file bytes of a
 * writable one, both inside the file.
 */
extern bool dt_pd_note_valid(const char *line, size_t len,
    const dt_pd_segs_t *pg);

/* What the daemon keeps of a child's output for one file. */
typedef struct dt_pd_notes {
	char *pn_text;			/* "note ..." lines (malloc'd) */
	size_t pn_len;			/* bytes */
	unsigned int pn_count;		/* notes */
	unsigned long pn_skipped;	/* malformed or refused */
	unsigned long pn_dropped;	/* over the limits */
	bool pn_done;			/* the child got to the end */
	char *pn_deps;			/* its L, R and Q lines (malloc'd), or
					   NULL */
	size_t pn_depslen;		/* ... bytes */
	unsigned int pn_nneeded;	/* ... L lines */
} dt_pd_notes_t;

/*
 * In the daemon: the child's output out (len bytes) for the file of pg,
 * every line checked, at most DT_PD_NOTES_MAX notes and DT_PD_TEXT_MAX
 * bytes kept, and the L, R and Q lines in pn_deps (free both).  0, or -1 when out of memory (*pn is then empty).
 */
extern int dt_pd_notes_parse(const char *out, size_t len,
    const dt_pd_segs_t *pg, dt_pd_notes_t *pn);

/*
 * dt_pd_hold.c: holding execs for the sessions (the design is at its
 * top).  dt_pd_hold_init() watches the registry directory dirfd for
 * sessions, in the daemon's epoll set efd; an exec is held budget ms at
 * most (0: never held).  dt_pd_hold_event() handles a descriptor of that
 * set if it is one of its own (true); dt_pd_hold_recheck() asks again
 * about every exec held, after a change of what they wait for;
 * dt_pd_hold_expire() lets go those past their budget, and gives the ms
 * to the next deadline, or -1.  dt_pd_hold_wanted(): does a session want
 * one of the providers provs ("a,b"), and has every session that does
 * acknowledged known list generation gen (*ackedp)?
 */
extern int dt_pd_hold_init(int dirfd, int efd, int budget);
extern void dt_pd_hold_fini(void);
extern bool dt_pd_hold_event(int fd);
extern void dt_pd_hold_recheck(void);
extern int64_t dt_pd_hold_expire(void);
extern bool dt_pd_hold_wanted(const char *provs, pid_t pid, uint64_t gen,
    bool *ackedp);
/* A number that changes whenever the sessions or what they want do. */
extern uint64_t dt_pd_hold_epoch(void);

/*
 * What the daemon gives dt_pd_hold.c: the verdict (dt_pd_verdict.c) on
 * the exec of the file open on fd by process pid (DT_PD_WAIT: ask again
 * when something changes), its log, its clock (dtprobed.c).
 */
typedef enum dt_pd_verdict {
	DT_PD_ALLOW,			/* let it run */
	DT_PD_NEVER,			/* ... and every exec of the file as it
					   is now: it has no probes */
	DT_PD_WAIT			/* hold it */
} dt_pd_verdict_t;

extern dt_pd_verdict_t dt_pd_exec_verdict(int fd, pid_t pid);

/*
 * The search for the libraries a held process will map, as its dynamic
 * loader will (libdtrace/proc/dt_ldsearch.c, shared with the session's
 * own holder), made by dt_pd_verdict.c; dt_pd_hold.c says when the
 * mount table changes.
 */
extern void dt_pd_deps_mounts_changed(void);
extern void dt_pd_log(int level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
extern int64_t dt_pd_now_ms(void);

/*
 * The daemon's own parts, shared by dtprobed.c (the event loop, the
 * registered processes, reading a process), dt_pd_cache.c (the file
 * cache and its readers), dt_pd_known.c (the known list) and
 * dt_pd_verdict.c (the verdict on an exec held): their bounds, what they
 * keep, and the one state they keep it in (pd, defined in dtprobed.c).
 * The sandbox and the note reader use none of it.
 */
#define REGISTRY_DIR	"/run/dtrace"	/* default registry directory */
#define PIDFILE		"dtprobed.pid"	/* the daemon's pid file in it */
#define RECHECK_1	25		/* ms after exec: read again */
#define RECHECK_2	250		/* and once more */
#define RECHECK_MAX	8192		/* pending rechecks at most */
#define OBJ_MAX		512		/* files of one process read at most */
#define MAPS_MAX	(4u << 20)	/* bytes of /proc/PID/maps read */
#define JOBS_MAX	4		/* sandboxed readers at once */
#define JOBS_OWNER	2		/* ... reading files of one owner */
#define QUEUE_MAX	1024		/* files waiting for a reader */
#define WAITERS_MAX	64		/* processes waiting for one file */
#define CACHE_MAX	4096		/* files cached at most */
#define CACHE_BYTES	(16u << 20)	/* bytes of notes cached at most */
#define PROC_BYTES	(1u << 20)	/* bytes of one registry file */
#define TOTAL_BYTES	(32u << 20)	/* bytes of all registry files */
#define OWNER_SHARE	4		/* ... the processes of one uid: at
					   most 1/OWNER_SHARE of them */
#define KNOWN		"known"		/* the list of files read */
#define KNOWN_BYTES	(1u << 20)	/* ... its bytes at most */
#define KNOWN_PERIOD	1000		/* ms: ... written at most this often */
#define KNOWN_URGENT	20		/* ms: ... or this often for an exec
					   held (dt_pd_hold.c) */
#define HOLD_BUDGET	200		/* ms an exec is held at most (-H) */
#define KNOWN_WAIT	10000		/* ms: ... at start, not before the
					   files of the last list are read, or
					   this long */
#define RETRY_FIRST	1000		/* ms before a failed file's next try */
#define RETRY_LAST	300000		/* at most (doubling each try) */
#define RETRY_MAX	8		/* failures that schedule a recheck */
#define LOG_BURST	20		/* warnings logged per LOG_PERIOD */
#define LOG_PERIOD	10000		/* ms */
#define PATH_ESC	512		/* an escaped path in a log line */

/* Where a file of the cache is. */
typedef enum dt_pd_fstate {
	PF_QUEUED,			/* waiting for a reader */
	PF_READING,			/* a reader has it */
	PF_DONE,			/* read: pf_notes */
	PF_FAILED			/* the reader failed: try again later */
} dt_pd_fstate_t;

/* A file read before (or being read), by identity. */
typedef struct dt_pd_file {
	dev_t pf_dev;			/* device */
	ino_t pf_ino;			/* inode */
	off_t pf_size;			/* size */
	struct timespec pf_mtime;	/* modification time */
	uid_t pf_uid;			/* owner: whose share of the readers */
	dt_pd_fstate_t pf_state;	/* where it is */
	char *pf_notes;			/* done: its "note ..." lines, or "" */
	size_t pf_len;			/* ... their bytes */
	unsigned int pf_tries;		/* failed reads in a row */
	int64_t pf_retry;		/* failed: not read again before (ms) */
	int pf_fd;			/* queued, reading: the file, or -1 */
	char *pf_path;			/* ... a path of it, for the logs */
	char *pf_known;			/* done, with notes: the path a
					   process last mapped it by (KNOWN) */
	uint64_t pf_gen;		/* ... the generation of KNOWN that
					   first listed it, 0 if none yet */
	char *pf_deps;			/* done: the libraries it needs and
					   its search paths (L, R, Q lines
					   of its reader), or NULL */
	size_t pf_depslen;		/* ... their bytes */
	int64_t pf_dclat;		/* an executable: when its libraries
					   were last found to need no hold
					   (ms), 0 never */
	dt_pd_verdict_t pf_dclv;	/* ... the verdict then */
	uint64_t pf_dclepoch;		/* ... the sessions then */
	uid_t pf_dcluid;		/* ... for this fsuid, */
	gid_t pf_dclgid;		/* ... fsgid */
	dev_t pf_dclrdev;		/* ... and root directory */
	ino_t pf_dclrino;
	pid_t *pf_waiters;		/* ... processes waiting for it */
	unsigned int pf_nwaiters;	/* ... how many */
	struct dt_pd_file *pf_next;	/* next cached file */
} dt_pd_file_t;

/* A sandboxed reader at work on one file. */
typedef struct dt_pd_job {
	dt_pd_file_t *pj_file;		/* the file; NULL: the slot is free */
	pid_t pj_child;			/* the child */
	int pj_pipe;			/* its output, or -1 once at its end */
	int pj_pidfd;			/* readable when it ended, or -1 */
	char *pj_out;			/* what it wrote */
	size_t pj_len;			/* ... bytes */
	size_t pj_cap;			/* ... allocated */
	int64_t pj_deadline;		/* killed at (CLOCK_MONOTONIC, ms) */
	bool pj_killed;			/* killed: failed */
	bool pj_timedout;		/* ... for running past its deadline */
	bool pj_toolong;		/* ... for writing too much */
	bool pj_segsok;			/* pj_segs read */
	dt_pd_segs_t pj_segs;		/* its segments, as the daemon read them */
} dt_pd_job_t;

/* A process with a registry file. */
typedef struct dt_pd_proc {
	pid_t pp_pid;			/* process id */
	uid_t pp_uid;			/* its real uid, (uid_t)-1: unknown */
	char *pp_text;			/* its file's content */
	size_t pp_len;			/* ... its bytes */
} dt_pd_proc_t;

/* A process to read again at pr_when. */
typedef struct dt_pd_recheck {
	pid_t pr_pid;			/* process id */
	int64_t pr_when;		/* CLOCK_MONOTONIC, ms */
} dt_pd_recheck_t;

/* One file of a process being read. */
typedef struct dt_pd_obj {
	int po_fd;			/* open through map_files */
	struct stat po_st;		/* its identity */
	char *po_path;			/* as the process names it */
	dt_pd_file_t *po_file;		/* cached result, or NULL */
} dt_pd_obj_t;

/* The daemon's state (dtprobed.c defines it, with its initial values). */
struct dt_pd_state {
	const char *pd_dir;		/* registry directory path */
	int pd_dirfd;			/* ... open */
	int pd_pidfd;			/* the pid file, locked */
	int pd_nlfd;			/* process connector socket */
	bool pd_fg;			/* -F: foreground, log to stderr */
	bool pd_verbose;		/* -v: log every change */
	int pd_efd;			/* the event loop's epoll set */
	dt_pd_file_t *pd_files;		/* file cache */
	unsigned int pd_nfiles;		/* how many */
	size_t pd_cachebytes;		/* bytes of notes they hold */
	dt_pd_file_t *pd_queue[QUEUE_MAX]; /* files to read, in order */
	unsigned int pd_nqueue;		/* how many */
	dt_pd_job_t pd_jobs[JOBS_MAX];	/* the readers */
	size_t pd_regbytes;		/* bytes of all registry files */
	size_t pd_regmax;		/* ... at most: TOTAL_BYTES */
	int64_t pd_logstart;		/* warnings: this period's start */
	unsigned int pd_lognum;		/* ... logged in it */
	unsigned long pd_logdropped;	/* ... not logged */
	dt_pd_proc_t *pd_procs;		/* processes registered */
	unsigned int pd_nprocs;		/* how many */
	unsigned int pd_proccap;	/* how many allocated */
	dt_pd_recheck_t *pd_rechecks;	/* pending rechecks, by time */
	unsigned int pd_nrechecks;	/* how many */
	bool pd_knowndirty;		/* KNOWN is to be written again */
	bool pd_knownurgent;		/* ... soon: an exec waits for it */
	int64_t pd_knownat;		/* ... last written (ms) */
	uint64_t pd_knowngen;		/* ... its generation, the last one */
	int pd_holdms;			/* -H: an exec held at most (ms) */
};
extern struct dt_pd_state pd;

/* dtprobed.c: logging, reading small files, the registry's files. */
extern const char *dt_pd_esc(const char *s, char *buf, size_t len);
extern char *dt_pd_slurp(int dirfd, const char *path, size_t max,
    size_t *lenp);
extern int dt_pd_dir_write(const char *name, const char *text, size_t len);
extern void dt_pd_proc_register(pid_t pid);
extern void dt_pd_recheck_add(pid_t pid, int64_t when);

/* dt_pd_cache.c: the file cache and the queue of sandboxed readers. */
extern void dt_pd_cache_trim(bool all);
extern dt_pd_file_t *dt_pd_cache_find(const struct stat *st);
extern dt_pd_file_t *dt_pd_file_queue(dt_pd_file_t *pf, dt_pd_obj_t *po);
extern bool dt_pd_file_wait(dt_pd_file_t *pf, pid_t pid);
extern void dt_pd_jobs_run(void);
extern bool dt_pd_job_event(int fd);
extern int64_t dt_pd_jobs_expire(void);
extern bool dt_pd_jobs_idle(void);
extern int dt_pd_str_append(char **bufp, size_t *lenp, size_t *capp,
    const char *s, size_t len);

/* dt_pd_known.c: the files known, KNOWN. */
extern void dt_pd_known_path(dt_pd_file_t *pf, const char *path);
extern int dt_pd_known_provs(const char *notes, char **bufp, size_t *lenp,
    size_t *capp);
extern int64_t dt_pd_known_publish(void);
extern void dt_pd_known_load(void);

#endif /* DT_PD_H */
