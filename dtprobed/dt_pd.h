/*
 * dt_pd.h: the parts of dtprobed, the USDT registry daemon.
 *
 *   dtprobed.c     the daemon: process events, the /proc scan, the
 *                  registry files (the design is at the top of it)
 *   dt_pd_sandbox.c  runs a function in a forked child without privileges
 *                  under a seccomp filter, and collects what it writes
 *   dt_pd_notes.c  the stapsdt note reader that runs in that child, and
 *                  the checks the daemon applies to what it says
 *
 * The sandbox and the note reader know nothing of the daemon, so that a
 * unit test (test/unit/pdsandbox.c) drives them directly.
 */
#ifndef DT_PD_H
#define DT_PD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What one sandboxed run gave back. */
typedef struct dt_pd_run {
	char *pr_out;			/* bytes the child wrote (NUL ended) */
	size_t pr_len;			/* how many */
	int pr_status;			/* waitpid() status of the child */
	bool pr_timedout;		/* killed for running too long */
	bool pr_toolong;		/* killed for writing too much */
} dt_pd_run_t;

#define DT_PD_OUTMAX	(8u << 20)	/* most bytes a child may write */
#define DT_PD_TIMEOUT	3000		/* ms a child may run */
#define DT_PD_UID	65534		/* the child's user and group: nobody */

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
 * In the child: write the stapsdt notes of the ELF file open on fd to
 * outfd, as lines
 *   N SITE SEMA PROVIDER NAME ARGS   a note (file offsets in hex)
 *   S COUNT                          malformed notes skipped
 *   E                                the end of the file's notes
 * A file that is not a 64-bit ELF file has no notes.
 */
extern void dt_pd_notes_write(int fd, int outfd);

/*
 * In the daemon: check one "N" line of a child (without the "N ");
 * true if it is well formed, with only the characters a registry may
 * hold.
 */
extern bool dt_pd_note_valid(const char *line, size_t len);

#endif /* DT_PD_H */
