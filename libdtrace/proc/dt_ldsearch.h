/*
 * dt_ldsearch.h: the libraries a new process will map at start, found
 * as its dynamic loader will find them, before it runs.  Shared by the
 * two holders of execs: dtprobed (dtprobed/dt_pd_verdict.c) and a
 * session with no daemon (probes/dt_hold.c).  See dt_ldsearch.c.
 *
 * It depends on nothing of the library (no dtrace_hdl_t): the daemon
 * links dt_ldsearch.o alone.
 */
#ifndef _DT_LDSEARCH_H
#define _DT_LDSEARCH_H

#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

/*
 * What a file says of the libraries it needs, as text: an "L NAME" line
 * per DT_NEEDED (at most DT_LD_NEEDED_MAX, names of DT_LD_NAME_MAX
 * characters without a '/'), "R PATHS" for its DT_RUNPATH and "Q PATHS"
 * for its DT_RPATH (DT_LD_PATH_MAX characters), at most DT_LD_DEPS_BYTES
 * in all.  Strings that are too long or not printable are left out.
 */
#define DT_LD_NEEDED_MAX 64
#define DT_LD_NAME_MAX	255
#define DT_LD_PATH_MAX	1023
#define DT_LD_DEPS_BYTES (DT_LD_NEEDED_MAX * (DT_LD_NAME_MAX + 3) + \
	2 * (DT_LD_PATH_MAX + 3) + 1)

/* The dependency lines of the ELF file elf into buf (NUL ended): bytes. */
extern size_t dt_ldsearch_deps(Elf *elf, char *buf, size_t len);
/* Is s (n bytes) a name (sp false: no space) or path of at most max? */
extern bool dt_ldsearch_depstr(const char *s, size_t n, size_t max, bool sp);
/* The value of the first line of deps tagged tag ('R', 'Q'), or NULL. */
extern const char *dt_ldsearch_line(const char *deps, char tag, char *buf,
    size_t len);

/* A search's state (its bounds, the trusted file systems, ld.so.cache). */
typedef struct dt_ldsearch dt_ldsearch_t;

extern dt_ldsearch_t *dt_ldsearch_create(void);
extern void dt_ldsearch_free(dt_ldsearch_t *);
/* The mount table changed: the trusted file systems are read again. */
extern void dt_ldsearch_mounts_changed(dt_ldsearch_t *);

/*
 * Between dt_ldsearch_begin() (process pid's root, its file-system uid
 * and gid) and dt_ldsearch_end() (false if the search went past its
 * bounds), the search looks up files as that process would.  begin is
 * false if the exec must not be searched (bounds of the window spent, the
 * process gone); end must be called all the same.
 */
extern bool dt_ldsearch_begin(dt_ldsearch_t *, pid_t, uid_t, gid_t);
extern bool dt_ldsearch_end(dt_ldsearch_t *);

/*
 * Called for each library of the closure, found and open for reading on
 * fd (the callback's to close), with its identity st and its path as the
 * process sees it.  *depsp: the library's dependency lines (malloc'd, the
 * walk frees them) to walk in turn, or NULL.  0 to go on, -1 to stop.
 */
typedef int dt_ldsearch_f(void *arg, int fd, const struct stat *st,
    const char *path, char **depsp);

/* The environment of the exec that matters to its loader, or NULLs. */
typedef struct dt_ldenv {
	const char *le_libpath;		/* LD_LIBRARY_PATH */
	const char *le_preload;		/* LD_PRELOAD */
} dt_ldenv_t;

/*
 * Walk the closure of the executable whose dependency lines are exedeps
 * and whose path (as its process sees it) is exepath, breadth first, in
 * the loader's order (LD_PRELOAD's libraries first), each library once,
 * at most maxobjs: the number of libraries given to fn, or -1 if there
 * were more (or fn stopped).  Call between begin and end.
 */
extern int dt_ldsearch_closure(dt_ldsearch_t *, const char *exedeps,
    const char *exepath, const dt_ldenv_t *env, unsigned int maxobjs,
    dt_ldsearch_f *fn, void *arg);

#endif /* _DT_LDSEARCH_H */
