/*
 * dt_elf_impl.h: what the two files of the ELF reader share (proc/
 * dt_elf*.c).  The reader is split by concern:
 *
 *   dt_elf.c        reading one file: its function symbols, its USDT
 *                   notes and their type notes, its separate debug file;
 *                   the small reads that need no cache entry (a symbol's
 *                   value, the program interpreter, a function's address
 *                   or bytes)
 *   dt_elf_cache.c  the session's cache of files read: their identity,
 *                   the files known to have no notes, lookup by path or
 *                   descriptor, opening a process's mapped file, holding,
 *                   pinning and freeing entries
 *
 * What the rest of the library calls is declared in dt_proc.h; what one
 * of these files calls in the other is declared here.
 */
#ifndef DT_ELF_IMPL_H
#define DT_ELF_IMPL_H

#include <sys/stat.h>

#include "../core/dt_impl.h"
#include "dt_proc.h"

/* Read the function symbols and USDT notes of an open ELF file. */
extern dt_elf_t *dt_elf_read(dtrace_hdl_t *, int, const struct stat *,
    const char *);
/* Free what dt_elf_read() returned. */
extern void dt_elf_free(dt_elf_t *);
/* Open a path for reading, never blocking, never as a terminal. */
extern int dt_elf_open_file(const char *);
/* A path as its process sees it (no /proc/PID/root). */
extern const char *dt_elf_shown_path(const char *);

#endif /* DT_ELF_IMPL_H */
