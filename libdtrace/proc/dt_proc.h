/*
 * dt_proc.h: processes (dt_proc.c), their modules (dt_pidmod.c), ELF files
 * and symbols (dt_elf.c, dt_usym.c), the x86-64 length decoder
 * (dt_x86len.c), providers declared in D (dt_link.c).
 */
#ifndef DT_PROC_H
#define DT_PROC_H

#include "../core/dt_impl.h"
#include "../core/dt_dtype.h"

struct dt_provprobe;

/* ---- processes ------------------------------------------------------------ */

struct ps_prochandle {
	pid_t pp_pid;			/* process id */
	int pp_pidfd;			/* pidfd, readable when it exits */
	bool pp_held;			/* stopped under our ptrace where
					   evaltime says until
					   dtrace_proc_continue() */
	bool pp_preexec;		/* held before its exec()
					   (evaltime=exec): its modules are
					   the files it will execute */
	int pp_execfd;			/* then: the pipe that says how its
					   exec() went, else -1 */
	char *pp_file;			/* created: the command as named */
	bool pp_created;		/* created by us (else grabbed) */
	bool pp_exited;			/* exit seen */
	int pp_status;			/* wait status when created */
	char *pp_exec;			/* created: the file it will execute */
	struct ps_prochandle *pp_next;	/* next process of the session */
};

/* ---- ELF symbols (proc/dt_elf.c) ---------------------------------------- */

typedef struct dt_elfsym {
	char *es_name;			/* name, without @VERSION */
	uint64_t es_value;		/* address in the file's layout */
	uint64_t es_size;		/* size in bytes */
	uint64_t es_off;		/* file offset of its first byte */
	uint32_t es_order;		/* order read (ties in sorting) */
	bool es_local;			/* binding STB_LOCAL (static) */
	uint32_t es_canon;		/* the preferred name of its address
					   (dt_elf_aliases()), in ef_syms */
	uint32_t es_alias;		/* next name of its address, a ring */
} dt_elfsym_t;

/*
 * The argument types of a probe of a provider declared in D, from the
 * .note.dtrace-types note dtrace -G put in the file (proc/dt_link.c).
 */
typedef struct dt_elftypes {
	char *et_prov;			/* provider */
	char *et_name;			/* probe name, "__" turned into "-" */
	int et_nargc;			/* native arguments */
	char *et_nargv[DT_MAXARGS];	/* their C types */
	int et_xargc;			/* translated arguments (args[]) */
	char *et_xargv[DT_MAXARGS];	/* their D types */
	uint8_t et_xmap[DT_MAXARGS];	/* the native argument of each */
} dt_elftypes_t;

/* A stapsdt USDT probe site: a note of .note.stapsdt. */
typedef struct dt_elfnote {
	char *en_prov;			/* provider, as in the note */
	char *en_name;			/* probe name, "__" turned into "-" */
	char *en_args;			/* argument specs ("-4@%eax 8@$5") */
	const char *en_func;		/* enclosing function (in ef_syms), or
					   "" */
	uint64_t en_addr;		/* address of the site, file's layout */
	uint64_t en_off;		/* file offset of the site */
	uint64_t en_sema;		/* file offset of its semaphore, 0 if
					   none */
	const dt_elftypes_t *en_types;	/* declared argument types (in
					   ef_types), or NULL */
} dt_elfnote_t;

typedef struct dt_elf {
	dev_t ef_dev;			/* file identity: device */
	ino_t ef_ino;			/* and inode */
	int ef_fd;			/* the file, open for reading: what
					   was read is what is attached */
	char ef_path[32];		/* /proc/self/fd/<ef_fd>, for attach */
	uint64_t ef_size;		/* the file's size when read */
	struct timespec ef_mtime;	/* and its modification time: with
					   ef_dev, ef_ino and ef_size, the
					   identity of what was read */
	unsigned int ef_holds;		/* holders that release it
					   (dt_elf_hold(), dt_elf_release()) */
	bool ef_pinned;			/* kept to the session's end (users
					   that never release: dt_elf_pin()) */
	dt_elfsym_t *ef_syms;		/* functions, sorted by name */
	size_t ef_nsyms;		/* how many */
	dt_elfnote_t *ef_notes;		/* USDT probe sites, in file order */
	size_t ef_nnotes;		/* how many */
	dt_elftypes_t **ef_types;	/* argument types of declared probes */
	size_t ef_ntypes;		/* how many */
	uint64_t ef_entry;		/* entry point (e_entry), 0: none */
	unsigned int ef_nwarn;		/* warnings about its notes so far,
					   shown or not (dt_elf_warn()) */
	struct dt_elf *ef_next;		/* next file of the session */
} dt_elf_t;

/* A module (mapped file) of a traced process (proc/dt_pidmod.c). */
typedef struct dt_pidmod {
	pid_t pm_pid;			/* process */
	char *pm_path;			/* file, opened as /proc/PID/root/... */
	const char *pm_file;		/* in pm_path: the path the process
					   sees */
	const char *pm_name;		/* in pm_path: the basename, the
					   probes' module */
	bool pm_exec;			/* the main executable (a.out) */
	dev_t pm_dev;			/* the file's device and inode (from
					   the maps), 0 0 */
	ino_t pm_ino;			/* if it cannot be found: one file by
					   two paths is one module */
	char pm_range[40];		/* its mapping, "start-end" as the
					   maps say, "" for a file -c will
					   execute (no mapping yet) */
	bool pm_unread;			/* the mapped file could not be
					   opened: said once, then skipped */
	bool pm_nonotes;		/* its file is one known to have no
					   USDT notes (dt_pidmod_notes()):
					   not read */
	const dt_elf_t *pm_elf;		/* its symbols, NULL until read */
	uint32_t *pm_probes;		/* by symbol: probe ids of entry
					   (2i) and return (2i+1), 0: none */
	uint32_t *pm_usdt;		/* by note of pm_elf: its USDT probe id,
					   0: none yet, DT_USDT_SKIPPED */
	struct dt_pidmod *pm_next;	/* next module of the session */
} dt_pidmod_t;


/* proc/dt_proc.c */
extern void dt_proc_check(dtrace_hdl_t *);
extern bool dt_proc_alldead(dtrace_hdl_t *);
extern void dt_proc_free_all(dtrace_hdl_t *);
extern struct ps_prochandle *dt_proc_lookup(dtrace_hdl_t *, pid_t);

/*
 * Warnings about the files of processes, which may be another user's,
 * made to give thousands: at most DT_ELF_MAXWARN shown per file, then
 * one line for the rest; at most DT_ELF_MAXWARNALL in a session, then
 * one line that says that the rest are not shown (dt_elf_warn_ok()).
 */
#define DT_ELF_MAXWARN		8
#define DT_ELF_MAXWARNALL	64

/* proc/dt_elf.c, dt_elf_cache.c (dt_elf_impl.h says which is where) */
extern bool dt_elf_warn_ok(dtrace_hdl_t *);
extern void dt_elf_warn(dtrace_hdl_t *, const dt_elf_t *, const char *,
    const char *, ...) __attribute__((format(printf, 4, 5)));
extern const dt_elf_t *dt_elf_lookup(dtrace_hdl_t *, const char *);
extern const dt_elf_t *dt_elf_lookup_fd(dtrace_hdl_t *, int, const char *);
extern int dt_elf_open_mapped(dtrace_hdl_t *, pid_t, const char *,
    const char *, dev_t, ino_t);
extern const dt_elfsym_t *dt_elf_sym(const dt_elf_t *, const char *);
extern void dt_elf_free_all(dtrace_hdl_t *);
extern void dt_elf_hold(const dt_elf_t *);
extern void dt_elf_release(dtrace_hdl_t *, const dt_elf_t *);
extern void dt_elf_pin(const dt_elf_t *);
extern void dt_elf_sweep(dtrace_hdl_t *);
extern bool dt_elf_changed(const dt_elf_t *);
extern bool dt_elf_nonotes(dtrace_hdl_t *, int);
extern void dt_elf_nonotes_add(dtrace_hdl_t *, const dt_elf_t *);
extern int dt_elf_interp(const char *, char *, size_t);
extern int dt_elf_funcaddr(const char *, const char *, uint64_t *,
    uint64_t *);
extern uint8_t *dt_elf_code(dtrace_hdl_t *, const dt_elf_t *,
    const dt_elfsym_t *);
extern int dt_elf_symval(const dt_elf_t *, const char *, uint64_t *);
extern void dt_strvis(char *, size_t, const char *);

/* proc/dt_x86len.c */
extern int dt_x86_insnlen(const uint8_t *, size_t);
extern int dt_x86_boundary(const uint8_t *, size_t, uint64_t);
extern bool dt_x86_uprobe_ok(const uint8_t *, size_t);

/* proc/dt_usym.c */
extern void dt_format_uaddr(dtrace_hdl_t *, pid_t, uint64_t, dt_tkind_t,
    char *, size_t, uint64_t *);
extern void dt_usym_snapshot(dtrace_hdl_t *);
extern void dt_usym_remap(dtrace_hdl_t *, pid_t);
extern void dt_usym_free_all(dtrace_hdl_t *);
extern const char *dt_ustack_frames(dtrace_hdl_t *, const char *, uint32_t,
    uint32_t, uint64_t *);

/* proc/dt_pidmod.c */
extern dt_pidmod_t *dt_pidmods(dtrace_hdl_t *);
extern int dt_pidmods_read(dtrace_hdl_t *, pid_t);
extern int dt_pidmods_reread(dtrace_hdl_t *, pid_t);
extern bool dt_pidmod_match(const dt_pidmod_t *, const char *);
extern int dt_pidmod_elf(dtrace_hdl_t *, dt_pidmod_t *, bool);
extern int dt_pidmod_notes(dtrace_hdl_t *, dt_pidmod_t *, bool);
extern void dt_pidmods_forget(dtrace_hdl_t *, pid_t);
extern void dt_pidmods_free(dtrace_hdl_t *);

/* proc/dt_link.c: providers declared in D, dtrace -h and -G */
extern void dt_provprobe_free(struct dt_provprobe *);
extern void dt_provdecl_free(dt_provdecl_t *);
extern void dt_provdecls_free(dtrace_hdl_t *);

#endif /* DT_PROC_H */
