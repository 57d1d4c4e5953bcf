/*
 * dt_impl.h: the session handle and the internal types every part of
 * libdtrace shares.  Only the library includes it; consumers see the opaque
 * handle of dtrace.h.
 *
 * A session (dtrace_hdl_t) goes through these stages:
 *
 *   open      options may be set, programs compiled; nothing in the kernel.
 *   exec      compiled clauses are added to the session's enabled clauses.
 *   go        programs are assembled (one per distinct set of clauses and
 *             provider trampoline), maps created, programs loaded and
 *             attached, BEGIN fired.
 *   work      records consumed from the ring buffer.
 *   stop      END fired, remaining records consumed, everything detached.
 *   close     every file descriptor closed: the kernel frees what is left.
 *
 * Every kernel object of a session is owned by a file descriptor of the
 * session (maps, programs, perf events, BPF links), so whatever way the
 * process ends, the kernel detaches and frees them.
 */
#ifndef DT_IMPL_H
#define DT_IMPL_H

#include <dtrace.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <linux/bpf.h>

#include "dt_rec.h"

#define DT_EXPORT	__attribute__((visibility("default")))


/* ---- types -------------------------------------------------------------- */

typedef enum dt_tkind {
	DT_TK_VOID = 0,		/* no value */
	DT_TK_INT,		/* integer of ty_size bytes */
	DT_TK_STRING,		/* D string (value is a pointer to chars) */
	DT_TK_PTR,		/* pointer (64-bit, unsigned arithmetic) */
	DT_TK_STRUCT,		/* struct or union (value is its address) */
	DT_TK_ARRAY,		/* array other than char[] (value: addr.) */
	DT_TK_STACK,		/* stack(): ty_size frames of 8 bytes
				   (value: their address), 0 after the
				   last */
	DT_TK_SYM,		/* sym(), func(): a kernel address (8 bytes)
				   shown as module`symbol */
	DT_TK_MOD,		/* mod(): a kernel address shown as its
				   module */
	DT_TK_USTACK,		/* ustack(): the pid (8 bytes), then
				   ty_size frames of 8 bytes, 0 after the
				   last */
	DT_TK_USYM,		/* usym(), ufunc(): pid, user address (16
				   bytes) shown as module`symbol */
	DT_TK_UMOD,		/* umod(): pid, address shown as module */
	DT_TK_UADDR,		/* uaddr(): pid, address shown as
				   module`symbol+0xoffset */
	DT_TK_FLOAT		/* float, double, long double: ty_size 4,
				   8 or 16 bytes (value: their address,
				   as a struct's; D has no floating-point
				   arithmetic) */
} dt_tkind_t;

typedef struct dt_type {
	uint8_t ty_kind;	/* dt_tkind_t */
	uint8_t ty_size;	/* size in bytes: 1, 2, 4 or 8 for an
				   integer (strings: 0, see strsize) */
	uint8_t ty_signed;	/* signed integer */
	uint8_t ty_psize;	/* pointer: size of what it points to, 0: void */
	uint8_t ty_psigned;	/* pointer: what it points to is signed */
	uint8_t ty_plevel;	/* pointer: how many more pointers until
				   the pointed-to integer (int ** is 1) */
	uint32_t ty_btf;	/* kernel type: pointer: BTF id of what it
				   points to; struct, array, char[]: its
				   id; 0 for D's own types */
} dt_type_t;

/* ---- identifiers -------------------------------------------------------- */

typedef enum dt_idkind {
	DT_IDENT_GLOBAL = 1,	/* global scalar variable */
	DT_IDENT_BUILTIN,	/* built-in variable (pid, execname, ...) */
	DT_IDENT_FUNC,		/* built-in function or action */
	DT_IDENT_ASSOC,		/* associative array (a hash map) */
	DT_IDENT_TLS,		/* thread-local self->x (a hash map by tid) */
	DT_IDENT_LOCAL,		/* clause-local this->x (in dctx) */
	DT_IDENT_INLINE,	/* inline constant: an expression */
	DT_IDENT_AGG,		/* aggregation (a per-CPU hash map) */
	DT_IDENT_TYPE		/* a type name declared in D: a typedef
				   name, or "enum tag" */
} dt_idkind_t;

#define DT_MAXKEYS	8	/* components of an associative array key */
#define DT_MAXKEYSIZE	512	/* bytes of a key: the BPF stack's size */
#define DT_COMM_LEN	16	/* a task's comm (execname), NUL included */
#define DT_LOCALS_BYTES	1024	/* room for this-> variables in dctx */
#define DT_SCRATCH_MAX	8192	/* largest scratchsize (see dctx) */
#define DT_STACK_MAXFRAMES 127	/* stack(): the kernel's default
				   perf_event_max_stack, what
				   bpf_get_stack walks at most */
#define DT_DCTX_RECMAX	4096	/* largest tracemem() size */
#define DT_PRINT_MAX	16384	/* largest printsize */
#define DT_PRINT_RECMIN	8192	/* bytes of a value a print() record
				   holds at least (printsize's default),
				   whatever printsize it is compiled with */
#define DT_STRUCTVAR_MAX 1024	/* largest struct a variable holds */
#define DT_USTACK_COPYMAX 16384	/* largest ustackcopy */
#define DT_USTACK_CHUNK	512	/* ustackcopy is read in pieces of this */

typedef struct dt_ident {
	struct dt_ident *di_next;	/* next in its hash chain */
	char *di_name;			/* name ("self->x" for self->x) */
	dt_idkind_t di_kind;		/* DT_IDENT_* */
	int di_id;			/* builtin or function number; the
					   variable map of ASSOC and TLS */
	dt_type_t di_type;		/* type (variables) */
	uint32_t di_offset;		/* offset in globals (GLOBAL) or in
					   the locals area of dctx (LOCAL) */
	bool di_defined;		/* a type has been given */
	bool di_readfirst;		/* a variable read before any
					   assignment: an int by default */
	bool di_wide;			/* an integer variable not declared
					   (typed by its first assignment or
					   reference): it holds the whole
					   64-bit value, as DTrace's does */
	unsigned int di_nkeys;		/* ASSOC: key components */
	bool di_tls;			/* ASSOC: thread-local (self->a[k]):
					   its map's key is the thread id,
					   then the components */
	dt_type_t di_keys[DT_MAXKEYS];	/* ASSOC: their types */
	uint32_t di_keybytes[DT_MAXKEYS]; /* ASSOC, AGG: the bytes a struct
					   or array key copies (its type's);
					   a string's when kept short (a
					   multiple of 8; 0: strsize's) */
	uint32_t di_keysize;		/* ASSOC, TLS: key bytes */
	uint32_t di_valsize;		/* ASSOC, TLS: value bytes */
	struct dt_node *di_inline;	/* INLINE: its expression (owned) */
	char *di_params[DT_MAXKEYS];	/* INLINE of array form (inline T
					   f[T1 a, T2 b] = e): the names of
					   its di_nkeys parameters (owned),
					   of types di_keys */
	int di_aggfn;			/* AGG: DT_FN_COUNT ... */
	int64_t di_aggarg[4];		/* AGG: lquantize's lo, hi, step;
					   llquantize's factor, low, high,
					   steps */
	uint32_t di_nbuckets;		/* AGG: buckets of a histogram */
	bool di_printed;		/* AGG: printa() printed it */
	bool di_aggseen;		/* AGG, no keys: its entry has fired */
	int64_t di_normal;		/* AGG: normalize()'s divisor (0: 1) */
	int64_t di_tsize;		/* TYPE: size of the type in bytes;
					   a struct variable: its struct's */
	char **di_enames;		/* TYPE, an enum declared in D: its
					   enumerators' names (owned) */
	int32_t *di_evals;		/* and their values (owned) */
	unsigned int di_nenum;		/* how many */
} dt_ident_t;

/*
 * A translator declared in D: "translator OUT < IN NAME > { m = expr; }".
 * xlate <OUT> (e).m is expr with NAME replaced by e.
 */
#define DT_XLATE_MAXMEMB	256	/* members one translator defines */

typedef struct dt_xlator {
	struct dt_xlator *dx_next;	/* the handle's next translator */
	dt_type_t dx_out;		/* output: a struct or union */
	dt_type_t dx_in;		/* input type */
	char *dx_arg;			/* the input's name in the members */
	unsigned int dx_nmemb;		/* members defined */
	char **dx_mnames;		/* their names */
	struct dt_node **dx_mexprs;	/* their expressions (owned) */
} dt_xlator_t;

/* ---- BPF instruction lists ---------------------------------------------- */

typedef enum dt_relkind {
	DT_REL_MAPFD = 1,	/* ld_imm64: imm is a DT_MAP_*, put its fd */
	DT_REL_MAPVAL,		/* ld_imm64: direct value of map DT_MAP_* */
	DT_REL_PC		/* imm += index of the block in its program */
} dt_relkind_t;

typedef struct dt_reloc {
	uint32_t dr_insn;	/* instruction index in the block */
	dt_relkind_t dr_kind;	/* DT_REL_* */
} dt_reloc_t;

/* Maps of a session (indexes into dt_hdl.dt_mapfd). */
enum {
	DT_MAP_OUTPUT = 0,	/* ring buffer */
	DT_MAP_DCTX,		/* per-CPU scratch */
	DT_MAP_GLOBALS,		/* session state and global variables */
	DT_MAP_STRTAB,		/* string literals */
	DT_MAP_PROBES,		/* probe id -> names, for probeprov & co */
	DT_MAP_ZERO,		/* zeros: the first value of an aggregation */
	DT_MAP_SPEC,		/* speculation buffers (dt_rec.h) */
	DT_MAP_KSKIP,		/* the tracing machinery's kernel text */
	DT_MAP_USDTPRIDS,	/* usdt_prids: (pid, shared probe) -> probe,
				   clauses (dt_rec.h) */
	DT_MAP_USDTGEN,		/* usdt_gen: pid -> generation */
	DT_MAP_CPUINFO,		/* cpu -> its cpuinfo_t (curcpu) */
	DT_MAP_COUNT
};

/* Ranges of the tracing machinery in DT_MAP_KSKIP, at most (a power of 2). */
#define DT_KSKIP_MAX	4096

typedef struct dt_block {
	struct bpf_insn *db_insns;	/* instructions */
	uint32_t db_len;		/* number used */
	uint32_t db_cap;		/* number allocated */
	dt_reloc_t *db_rels;		/* relocations */
	uint32_t db_nrels;		/* number used */
	uint32_t db_relcap;		/* number allocated */
} dt_block_t;

/* ---- clauses and their records ------------------------------------------ */

typedef struct dt_datarec {
	dtrace_actkind_t dr_kind;	/* what the record is */
	uint32_t dr_offset;		/* offset after the record header */
	uint32_t dr_size;		/* size */
	dt_type_t dr_type;		/* type of the value (trace) */
	struct dt_pfprog *dr_pfmt;	/* parsed format (printf) */
	struct dt_datarec *dr_args;	/* printf arguments */
	uint32_t dr_nargs;		/* how many */
	const dt_ident_t **dr_aggs;	/* printa: its aggregations */
	uint32_t dr_naggs;		/* how many */
	char *dr_optname;		/* setopt: the option */
	char *dr_optval;		/* setopt: its value, or NULL */
	uint32_t dr_btf;		/* print: BTF id of the value shown
					   from its bytes (0: a scalar shown
					   as trace() shows it) */
	bool dr_ptr;			/* print: of a pointer (its address
					   first, then what it points to) */
	const struct dt_tentry *dr_te;	/* print: the types of dr_btf (the
					   clause's dc_types) */
	char *dr_tname;			/* print: the value's type name */
	bool dr_dynsize;		/* tracemem: 8 bytes of the number of
					   bytes to show come first */
	bool dr_chars;			/* trace: of a char array, shown as
					   a string when it holds one */
} dt_datarec_t;

/*
 * A place in a compiled text.  Line markers ("# 12 \"file\"", which cpp
 * writes) make sp_line and sp_file the user's line and file, while
 * sp_pline stays the line of the text itself (0 if unknown: sp_line).
 */
typedef struct dt_srcpos {
	int sp_line;		/* 1-based line */
	int sp_col;		/* 1-based column */
	int sp_file;		/* 0: the text's own file, else the name
				   dt_srcfile_name() gives */
	int sp_pline;		/* 1-based line in the text compiled */
} dt_srcpos_t;

/*
 * Providers declared in D (dlang/dt_parse.c): provider NAME { probe ... };
 * For dtrace -h and -G (proc/dt_link.c).  Types are kept as text, as the
 * declaration wrote them with white space normalized, for the header and
 * the object's type note; pd_nsize and pd_nsigned are what the header's
 * argument specs need.
 */
typedef struct dt_provprobe {
	struct dt_provprobe *pd_next;	/* the provider's next probe */
	char *pd_name;			/* name as written (request__start) */
	int pd_nargc;			/* native arguments */
	char *pd_nargv[DT_MAXARGS];	/* their C types */
	uint8_t pd_nsize[DT_MAXARGS];	/* their sizes: 1, 2, 4, 8 */
	bool pd_nsigned[DT_MAXARGS];	/* and signedness */
	int pd_xargc;			/* translated arguments */
	char *pd_xargv[DT_MAXARGS];	/* their D types */
	uint8_t pd_xmap[DT_MAXARGS];	/* native argument each translates */
	dt_srcpos_t pd_pos;		/* where it was declared */
} dt_provprobe_t;

/* The argument types note dtrace -G writes (.note.dtrace-types). */
#define DT_NOTE_OWNER		"dtrace"
#define DT_NOTE_ARGTYPES	1

typedef struct dt_provdecl {
	struct dt_provdecl *dv_next;	/* the handle's next provider */
	char *dv_name;			/* provider name */
	dt_provprobe_t *dv_probes;	/* probes, in declaration order */
	unsigned int dv_nprobes;	/* how many */
} dt_provdecl_t;

/*
 * The kernel offsets the path walk of d_path(), cwd, root and fds[]
 * needs, from BTF (dt_sema.c fills them, dt_cg.c uses them).
 */
enum {
	DT_PO_PATH_MNT, DT_PO_PATH_DENTRY,	/* struct path */
	DT_PO_D_PARENT, DT_PO_D_NAME_LEN,	/* struct dentry */
	DT_PO_D_NAME_NAME, DT_PO_D_HASH_PPREV,
	DT_PO_MNT_ROOT,				/* struct vfsmount */
	DT_PO_MOUNT_MNT, DT_PO_MOUNT_PARENT,	/* struct mount */
	DT_PO_MOUNT_MOUNTPOINT,
	DT_PO_TASK_FS, DT_PO_FS_ROOT, DT_PO_FS_PWD,	/* fs_struct */
	DT_PO_TASK_FILES, DT_PO_FILES_FDT,	/* files_struct */
	DT_PO_FDT_MAX, DT_PO_FDT_FD,		/* struct fdtable */
	DT_PO_MNT_SB, DT_PO_SB_TYPE,		/* a pseudo file's */
	DT_PO_FST_NAME, DT_PO_D_INODE,		/* file system type */
	DT_PO_I_INO,				/* and inode number */
	DT_PO_COUNT
};

typedef struct dt_clause {
	dtrace_probedesc_t *dc_descs;	/* probe descriptions */
	char **dc_desctext;		/* each as written */
	dt_srcpos_t *dc_descpos;	/* where each was written */
	unsigned int dc_ndescs;		/* how many */
	char *dc_where;			/* "FILE:LINE:COL" of its first
					   description, for errors after
					   compilation (verifier) */
	struct dt_node *dc_pred;	/* predicate or NULL */
	struct dt_node *dc_body;	/* statements (list) */
	unsigned int dc_id;		/* clause number in the session */
	dt_datarec_t *dc_recs;		/* records of a firing */
	unsigned int dc_nrecs;		/* how many */
	uint32_t dc_recsize;		/* bytes of data after the header */
	bool dc_records;		/* a firing emits a ring buffer record */
	bool dc_faults;			/* its code can fault (set by the
					   code generator) */
	bool dc_exits;			/* calls exit() (set by the code
					   generator) */
	bool dc_useprobes;		/* uses probeprov & co */
	dtrace_attribute_t dc_attr;	/* least attributes of what it uses
					   (core/dt_attr.c) */
	bool dc_usespec;		/* uses speculations: the spec map */
	bool dc_cpuinfo;		/* uses curcpu: the cpuinfo map */
	bool dc_kstack;			/* uses the kernel stack (stack(),
					   stackdepth, caller): the program
					   finds the frames to skip */
	bool dc_spec;			/* speculate(): its record goes to the
					   speculation in ms_spec */
	bool dc_comm;			/* sema: commit() seen */
	bool dc_drec;			/* sema: a data-recording action seen */
	bool dc_destructive;		/* has a destructive action: needs
					   the destructive option (-w) */
	bool dc_split;			/* made of a clause's if statements
					   (dlang/dt_parse.c): its probes are
					   that clause's, not counted again */
	struct dt_tentry *dc_types;	/* kernel types it was compiled with */
	int32_t dc_pathoff[DT_PO_COUNT]; /* kernel offsets of the path walk
					   (DT_PO_*), set by dt_sema */
	bool dc_pathoffs;		/* dc_pathoff is set */
	dt_block_t dc_code;		/* compiled body */
	uint32_t *dc_probes;		/* ids of the probes it is enabled on */
	unsigned int dc_nprobes;	/* how many */
	struct dt_clause *dc_next;	/* next clause of the program */
} dt_clause_t;

struct dtrace_prog {
	dt_clause_t *dp_clauses;	/* clauses in program order */
	dt_clause_t **dp_tail;		/* where to append */
	unsigned int dp_nclauses;	/* how many */
	bool dp_exec;			/* already enabled in the session */
	struct dtrace_prog *dp_next;	/* next program of the handle */
	struct dt_node *dp_nodes;	/* every node allocated, for freeing */
};

/* ---- probes and providers ----------------------------------------------- */

struct dt_provider;

typedef struct dt_probe {
	dtrace_probedesc_t pr_desc;	/* id and names */
	const struct dt_provider *pr_prov; /* provider */
	uint64_t pr_data;		/* provider's own datum */
	uint64_t pr_data2;		/* another provider datum */
	uint32_t pr_tramp;		/* trampoline kind (DT_TRAMP_*) */
	bool pr_attached;		/* attached already, with others of
					   its provider in one link (pid) */
	bool pr_shared;			/* an underlying probe that serves
					   every process (a USDT site, one
					   system-wide uprobe): never matched
					   by descriptions, never listed */
	bool pr_retired;		/* its process or file is gone: inert,
					   never matched; its id is given
					   again once records naming it are
					   read (dt_probe_retire()) */
	uint64_t pr_serial;		/* creation order: probes made since
					   serial S have pr_serial >= S */
	unsigned int *pr_clauses;	/* session clauses enabled on it */
	unsigned int pr_nclauses;	/* how many */
	unsigned int pr_clausecap;	/* how many allocated */
} dt_probe_t;

typedef struct dt_program {
	int pg_fd;			/* loaded program */
	uint32_t pg_tramp;		/* trampoline kind */
	int pg_progtype;		/* BPF program type (the trampoline
					   may change the provider's) */
	int pg_pvfd;			/* provider's descriptor, -1 if none */
	uint32_t pg_attachtype;		/* expected attach type at load (the
					   trampoline may set it), else 0 */
	uint32_t pg_btfid;		/* attach BTF id at load (fentry,
					   fexit: the trampoline sets it),
					   else 0 */
	int pg_btfobjfd;		/* the kernel BTF object pg_btfid is
					   in: a module's (borrowed from
					   dt_prov_fbt.c), 0 for vmlinux */
	uint32_t pg_callback;		/* first insn of its one callback (a
					   helper's, bpf_for_each_map_elem),
					   0 if none: then it is loaded with
					   BTF of its two functions */
	bool pg_attached;		/* provider attached it once for all */
	bool pg_shared;			/* serves shared probes: runs the
					   clauses ms_clmask names */
	bool pg_own;			/* serves one probe, whose cookie is
					   pg_cookie (raw tracepoints without
					   cookies: dt_prov_rawtp.c) */
	uint64_t pg_cookie;		/* that cookie */
	unsigned int *pg_clauses;	/* clause ids, in order */
	unsigned int pg_nclauses;	/* how many */
	uint32_t *pg_ranges;		/* first insn of each clause block */
	struct dt_program *pg_next;	/* next program of the session */
} dt_program_t;

/*
 * A provider.  pv_names, if set, lists globs that every probe name of the
 * provider matches, so that a description naming another probe does not
 * make it list its probes.  populate() lists its probes (once, lazily);
 * provide() may
 * create a probe a description names (profile-N); trampoline() emits the
 * code that fills the machine state from the program's context; attach()
 * attaches a loaded program to one probe.
 */
/* A stability triplet: DT_ATTR(EVOLVING, EVOLVING, COMMON). */
#define DT_ATTR(n, d, c)	{ DTRACE_STABILITY_##n, \
				  DTRACE_STABILITY_##d, DTRACE_CLASS_##c }

/* What a provider publishes of its probes' stability (core/dt_attr.c). */
typedef struct dt_pattr {
	dtrace_attribute_t pa_provider;	/* the provider's name */
	dtrace_attribute_t pa_mod;	/* its probes' modules */
	dtrace_attribute_t pa_func;	/* their functions */
	dtrace_attribute_t pa_name;	/* their names */
	dtrace_attribute_t pa_args;	/* their arguments */
} dt_pattr_t;

struct dt_elf;

typedef struct dt_provider {
	const char *pv_name;		/* provider name */
	const dt_pattr_t *pv_attr;	/* stability of its probes */
	const char *const *pv_names;	/* globs its probe names match */
	int pv_progtype;		/* BPF program type */
	int (*pv_populate)(struct dtrace_hdl *);
	int (*pv_provide)(struct dtrace_hdl *, const dtrace_probedesc_t *);
	int (*pv_prepare)(struct dtrace_hdl *);
	int (*pv_argtype)(struct dtrace_hdl *, const dt_probe_t *, int,
	    char *, size_t);
	int (*pv_trampoline)(struct dtrace_hdl *, dt_block_t *,
	    struct dt_program *);
	int (*pv_attach)(struct dtrace_hdl *, dt_probe_t *,
	    struct dt_program *);
	bool pv_pidprov;		/* provider names are pv_name followed
					   by a process id (pid1234) */
	bool pv_anyprov;		/* its probes' provider names are their
					   own, ending in a process id (USDT:
					   myprov1234) */
	bool (*pv_modmatch)(const dt_probe_t *, const char *);
					/* does the probe's module match a
					   description's module field; NULL:
					   a glob match of pr_desc.mod */
	bool (*pv_maymatch)(const dtrace_probedesc_t *);
					/* can a description match any of its
					   probes (asked before populating);
					   NULL: perhaps */
	int (*pv_discover)(struct dtrace_hdl *, const dtrace_probedesc_t *,
	    pid_t);			/* create the probes of a process
					   started while tracing runs that the
					   description names; NULL: none */
	void (*pv_forget)(struct dtrace_hdl *, pid_t);
					/* a discovered process is gone */
	uint64_t (*pv_cookie)(struct dtrace_hdl *, const dt_probe_t *);
					/* the BPF cookie a probe is attached
					   with, if not its id (raw
					   tracepoints without cookies build it
					   into the program) */
	int (*pv_share)(struct dtrace_hdl *, uint64_t);
					/* the probes made since this serial
					   (pr_serial) were enabled: move what
					   shared probes can serve onto them */
	bool (*pv_armable)(struct dtrace_hdl *, const char *);
					/* may a description name a probe of
					   this provider (its name in a file's
					   notes) in a file that no process
					   maps yet; NULL: no */
	int (*pv_arm)(struct dtrace_hdl *, const struct dt_elf *,
	    const char *);		/* make and enable the shared probes
					   of a file that no process maps yet
					   (one the registry knows), path as
					   processes map it; NULL: none */
	bool (*pv_ownprog)(struct dtrace_hdl *);
					/* does each probe need a program of
					   its own, with its cookie (pv_cookie,
					   else its id) built in: raw
					   tracepoints where the kernel has no
					   cookies (dt_rawtp_ownprog()); NULL:
					   no */
	int (*pv_init)(struct dtrace_hdl *, void **);
					/* create its state for a new session
					   (dtrace_open()) and put it in the
					   void * given, which dt_provdata()
					   returns after; -1 and an error on
					   the handle if it cannot; NULL: no
					   state */
	void (*pv_fini)(struct dtrace_hdl *, void *);
					/* free that state (dtrace_close(),
					   also after a failed open: NULL
					   accepted) */
	const char *(*pv_absent)(const dtrace_probedesc_t *);
					/* why a description of this provider
					   that matched nothing names what this
					   kernel cannot provide, or NULL
					   (dt_probe_absent()) */
	int (*pv_nomatch)(struct dtrace_hdl *, const dtrace_probedesc_t *,
	    char *, size_t);		/* DTrace's reason (DT_PIDNM_*) a
					   description that matched nothing
					   names nothing, its words in the
					   buffer; DT_PIDNM_NONE: none */
	const struct dt_probe *(*pv_overlying)(struct dtrace_hdl *,
	    const struct dt_probe *, pid_t);
					/* a shared probe's firing in process
					   pid: the process's own probe, which
					   records name */
} dt_provider_t;

/*
 * How many providers dt_providers[] lists (probes/dt_probe.c checks it):
 * the size of the handle's dt_provdata[].
 */
#define DT_NPROVIDERS	13

/* ---- processes ------------------------------------------------------------ */

struct ps_prochandle {
	pid_t pp_pid;			/* process id */
	int pp_pidfd;			/* pidfd, readable when it exits */
	bool pp_held;			/* stopped under our ptrace at its
					   program's entry point until
					   dtrace_proc_continue() */
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
	struct dt_elf *ef_next;		/* next file of the session */
} dt_elf_t;

/* A module (mapped file) of a traced process, for the pid provider. */
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

/* ---- the handle ------------------------------------------------------------ */

#define DT_BUFSIZE_MAX	(2ULL << 30)	/* bufsize: the largest ring buffer */
#define DT_DEBUGDIR	"/usr/lib/debug" /* debugdir's default (dt_elf.c) */

/*
 * The options' values.  Each option is a row of the table in
 * core/dt_options.c, which names its field here, sets its default and
 * parses what dtrace_setopt() is given for it.
 */
typedef struct dt_options {
	uint32_t op_strsize;		/* strsize */
	uint32_t op_scratchsize;	/* scratchsize: alloca() & co */
	uint32_t op_stackframes;	/* stackframes: stack()'s depth */
	uint32_t op_stackindent;	/* stackindent: columns before a frame */
	uint32_t op_ustackframes;	/* ustackframes: ustack()'s depth */
	uint32_t op_jstackframes;	/* jstack(): default frames */
	uint32_t op_jstackstrsize;	/* jstack(): accepted, unused */
	uint32_t op_printsize;		/* print(): bytes of a value recorded,
					   at most */
	uint32_t op_ustackcopy;		/* ustackcopy: bytes of the user
					   stack a ustack() record copies for
					   unwinding (proc/dt_cfi.c), 0: none */
	uint64_t op_bufsize;		/* bufsize */
	int op_bufpolicy;		/* bufpolicy: DT_BUFPOLICY_* */
	int op_evaltime;		/* evaltime: 0 exec, 1 preinit, 2
					   postinit, 3 main (no effect) */
	dtrace_attribute_t op_amin;	/* amin: least attributes a program
					   may have (Internal/Internal/Unknown:
					   any) */
	bool op_bufresize_manual;	/* bufresize=manual: the output
					   buffer at bufsize or not at all */
	uint64_t op_switchrate;		/* ns between buffer reads */
	uint64_t op_aggrate;		/* accepted; no effect (design.md) */
	bool op_quiet;			/* quiet */
	bool op_rawbytes;		/* rawbytes: strings traced as hex */
	bool op_temporal;		/* temporal: accepted; records are in
					   time order already (one buffer) */
	bool op_quietresize;		/* quietresize: accepted; buffers are
					   never resized */
	uint64_t op_statusrate;		/* statusrate: ns between status
					   checks (drops, processes) */
	bool op_errtags;		/* errtags */
	bool op_droptags;		/* droptags: drop reports carry their
					   DTRACEDROP_* tag */
	bool op_fbtkprobe;		/* fbtkprobe: fbt on kprobes even
					   where fentry/fexit work */
	uint32_t op_fbtmaxtramp;	/* fbtmaxtramp: most fbt probes put on
					   fentry/fexit, a program each; more:
					   all on kprobes */
	bool op_zdefs;			/* zdefs (-Z) */
	bool op_grabanon;		/* grabanon: no anonymous state here */
	/*
	 * DTrace's options for what this implementation has no part of
	 * (DIF, CTF, DOF, kernel modules, its debugging): accepted and
	 * kept so that scripts setting them run (docs/man/dtrace.1).
	 */
	bool op_core;			/* core */
	bool op_debug;			/* debug */
	uint32_t op_disasm;		/* disasm: -S has one listing here */
	uint32_t op_iregs;		/* iregs */
	uint32_t op_tregs;		/* tregs */
	uint32_t op_tree;		/* tree */
	bool op_kdefs;			/* kdefs */
	bool op_knodefs;		/* knodefs */
	bool op_udefs;			/* udefs */
	bool op_unodefs;		/* unodefs */
	int op_linkmode;		/* linkmode: dynamic, kernel, static */
	int op_linktype;		/* linktype: dof, elf */
	char *op_modpath;		/* modpath */
	uint64_t op_pcapsize;		/* pcapsize */
	bool op_pspec;			/* pspec */
	bool op_verbose;		/* verbose */
	char *op_version;		/* version */
	bool op_lazyload;		/* lazyload: no DOF here */
	bool op_preallocate;		/* preallocate: BPF maps always are */
	uint64_t op_lockmem;		/* lockmem: BPF memory is memcg's */
	uint32_t op_maxframes;		/* maxframes: stack() and ustack()
					   take at most this many frames,
					   and DT_STACK_MAXFRAMES */
	bool op_defaultargs;		/* defaultargs: unset $N is 0, $$N "" */
	bool op_empty;			/* empty: an empty program compiles */
	bool op_argref;			/* argref: macro arguments need not
					   all be used */
	bool op_flowindent;		/* flowindent (-F) */
	bool op_destructive;		/* destructive (-w) */
	uint64_t op_dynvarsize;		/* dynvarsize: bytes per variable map */
	uint64_t op_aggsize;		/* aggsize: bytes per aggregation per CPU */
	uint32_t op_nspec;		/* nspec: speculation buffers */
	uint32_t op_specsize;		/* specsize: bytes per speculation */
	uint32_t op_usdtprids;		/* usdtprids: usdt_prids entries */
	uint32_t op_usdtidle;		/* usdtidle: files with shared USDT
					   probes kept armed with no live
					   process */
	uint64_t op_cleanrate;		/* cleanrate: accepted; no effect */
	bool op_aggsortkey;		/* aggsortkey: sort entries by key */
	bool op_aggsortrev;		/* aggsortrev: reverse the order */
	uint32_t op_aggsortpos;		/* aggsortpos: printa() sorts by it */
	uint32_t op_aggsortkeypos;	/* aggsortkeypos: key compared first */
	int op_oformat;			/* oformat: DT_OFORMAT_TEXT, _JSON */
	bool op_aggzoom;		/* aggzoom: bars scaled to the largest */
	bool op_aggpack;		/* aggpack: a histogram on one line */
	bool op_agghist;		/* agghist: scalar values as bars */
	int op_encoding;		/* encoding: DT_ENCODING_AUTO, _ASCII,
					   _UTF8 */
	char *op_btfpath;		/* btfpath: kernel types from here */
	char *op_debugdir;		/* debugdir: separate debug files, or
					   NULL for DT_DEBUGDIR */
	char *op_registry;		/* registry: dtprobed's directory, or
					   NULL for /run/dtrace */
	bool op_cpp;			/* cpp (-C): preprocess every program */
	bool op_cpphdrs;		/* cpphdrs (-H): cpp lists its headers */
	char op_stdc;			/* stdc (-X): a, c, t (-std=c99) or s
					   (-traditional-cpp); 0: a */
	char *op_cpppath;		/* cpppath, or NULL for DT_CPP_PATH */
	char **op_libdirs;		/* libdir (-L): directories whose .d
					   files are compiled before the first
					   program */
	unsigned int op_nlibdirs;	/* how many */
	unsigned int op_libdircap;	/* how many allocated */
	char **op_cppargs;		/* -D, -U, -I for cpp, in order */
	unsigned int op_ncppargs;	/* how many */
	unsigned int op_cppargcap;	/* how many allocated */
} dt_options_t;

#define	DT_BUFPOLICY_SWITCH 0	/* records printed as they are read */
#define	DT_BUFPOLICY_FILL 1	/* kept until a CPU's fills, then stop */
#define	DT_BUFPOLICY_RING 2	/* each CPU's latest kept, printed at end */

#define	DT_OFORMAT_TEXT	0	/* oformat=text: DTrace's layouts */
#define	DT_OFORMAT_JSON	1	/* oformat=json: a JSON object a line */

/* encoding: the characters of histogram bars (dt_aggregate.c) */
#define	DT_ENCODING_AUTO	0	/* UTF-8 unless TERM is dumb */
#define	DT_ENCODING_ASCII	1
#define	DT_ENCODING_UTF8	2

#define DT_IDHASH	127

struct dtrace_hdl {
	int dt_errno;			/* last error */
	char dt_errmsg[4096];		/* compiler or detailed message */
	const char *dt_errtag;		/* compiler error tag */
	int dt_oflags;			/* dtrace_open() flags */
	dt_options_t dt_opts;		/* options */

	dt_ident_t *dt_idents[DT_IDHASH]; /* user identifiers (globals) */
	dt_xlator_t *dt_xlators;	/* translators declared in D */
	dt_provdecl_t *dt_provdecls;	/* providers declared in D */
	unsigned int dt_libloaded;	/* files of the D library compiled in,
					   a bit each */
	unsigned int dt_libconstloaded;	/* and its libraries of constants
					   (signals, errno, faults), a bit
					   each */
	bool dt_libdirsdone;		/* the libdir files are compiled in
					   (dlang/dt_lib.c, dt_lib_dirs()) */
	uint32_t dt_globsize;		/* bytes of the globals value */
	uint32_t dt_localsize;		/* bytes of this-> variables */
	dt_ident_t **dt_varmaps;	/* ASSOC and TLS variables, by map */
	dt_ident_t *dt_tlsowner;	/* the TLS map whose entry marks a
					   thread that has self->a[k]
					   elements (NULL: none declared) */
	int *dt_varmapfd;		/* their maps, -1 until created */
	unsigned int dt_nvarmaps;	/* how many */
	unsigned int dt_varmapcap;	/* how many allocated */
	char *dt_strtab;		/* string literals */
	uint32_t dt_strtablen;		/* bytes used */
	uint32_t dt_strtabcap;		/* bytes allocated */

	struct dtrace_prog *dt_progs;	/* compiled programs */
	dt_clause_t **dt_clauses;	/* enabled clauses, by id */
	unsigned int dt_nclauses;	/* how many */
	unsigned int dt_clausecap;	/* how many allocated */

	dt_probe_t **dt_probes;		/* probes, by id (index id - 1) */
	unsigned int dt_nprobes;	/* how many */
	unsigned int dt_probecap;	/* how many allocated */
	uint64_t dt_probeserial;	/* pr_serial of the next probe made */
	uint64_t dt_elfswept;		/* last dt_elf_sweep(), boot ns */
	uint32_t *dt_retiring;		/* ids retired this round: given
					   again after the next read of the
					   buffers (dt_probe_reap()) */
	unsigned int dt_nretiring;	/* how many */
	unsigned int dt_retiringcap;	/* how many allocated */
	uint32_t *dt_freeids;		/* ids free to give again */
	unsigned int dt_nfreeids;	/* how many */
	unsigned int dt_freeidcap;	/* how many allocated */
	uint32_t dt_provpop;		/* providers already populated (bits) */
	uint32_t dt_provnotfs;		/* of those, providers left without
					   probes because tracefs is missing
					   or unreadable (bits) */
	const char *dt_notfswhy;	/* why, a static string */

	dt_program_t *dt_programs;	/* loaded programs */
	int dt_mapfd[DT_MAP_COUNT];	/* maps, -1 when absent */
	uint32_t dt_kskipn;		/* entries of DT_MAP_KSKIP's value, a
					   power of 2 (<= DT_KSKIP_MAX); 0
					   without it */
	dt_gstate_t *dt_gstate;		/* globals map, mmap()ed */
	size_t dt_gmapsize;		/* size of that mapping */
	uint32_t dt_recmax;		/* largest record of the session */
	int *dt_attfds;			/* perf event and link fds */
	unsigned int dt_nattfds;	/* how many */
	unsigned int dt_attcap;		/* how many allocated */
	int dt_beginfd;			/* BEGIN program, -1 if none */
	int dt_endfd;			/* END program, -1 if none */
	struct ring_buffer *dt_ringbuf;	/* consumer of DT_MAP_OUTPUT */
	void *dt_rbpos;			/* its consumer and producer position
					   pages, mapped read-only, or NULL */
	int dt_epollfd;			/* waits for records and processes */
	const char *dt_tracefs;		/* tracefs mount point */
	bool dt_discover;		/* processes started while tracing runs
					   are discovered (probes/dt_discover.c) */
	struct dt_discev *dt_discq;	/* exec and exit events not handled yet */
	unsigned int dt_ndiscq;		/* how many */
	unsigned int dt_discqcap;	/* how many allocated */
	struct dt_discproc *dt_discprocs; /* processes discovered, alive */
	struct dt_program *dt_loaderpg;	/* DT_REC_MAPS program on dynamic
					   loaders' _dl_debug_state, or NULL */
	struct dt_program *dt_loaderholdpg; /* the same, which also stops the
					   process (-c), or NULL */
	const void **dt_loaderelfs;	/* loader files hooked for every
					   process (their dt_elf_t) */
	unsigned int dt_nloaderelfs;	/* how many */
	unsigned int dt_loaderelfscap;	/* how many allocated */
	struct dt_registry *dt_registry; /* dtprobed's registry watched, or
					   NULL (probes/dt_registry.c) */

	bool dt_aggprinted;		/* an aggregation was printed: the
					   blank line before them is out */
	bool dt_active;			/* between go and stop */
	bool dt_stopped;		/* stop done */
	bool dt_exited;			/* exit() record consumed */
	int dt_exitstatus;		/* its status */
	int dt_stdoutfd;		/* freopen(): a copy of the output
					   file's first descriptor, -1 */

	/* state of the dtrace_work() call in progress */
	FILE *dt_outfp;			/* output file */
	dtrace_consume_probe_f *dt_pfunc; /* probe callback */
	dtrace_consume_rec_f *dt_rfunc;	/* record callback */
	void *dt_cbarg;			/* their argument */
	struct dt_pbuf *dt_pbufs;	/* records kept by CPU (bufpolicy fill
					   or ring, consume/dt_pbuf.c) */
	bool dt_pbfilled;		/* fill: a CPU's buffer filled */
	bool dt_pbflush;		/* the records kept are being printed */
	int dt_consume_err;		/* consume callback asked to stop */
	bool dt_consume_abort;		/* a callback said ABORT: stop now */
	unsigned long dt_consume_end;	/* producer position when the call
					   began: later records wait */
	uint64_t dt_consume_deadline;	/* CLOCK_MONOTONIC ns: the call
					   yields after it */
	unsigned int dt_consume_n;	/* records read by the call */
	bool dt_consume_yield;		/* the call's share is read */
	bool dt_consume_more;		/* records were left for the next
					   call */

	dtrace_handle_err_f *dt_errhdlr; /* runtime error handler */
	void *dt_errarg;		/* its argument */
	dtrace_handle_drop_f *dt_drophdlr; /* drop handler */
	void *dt_droparg;		/* its argument */
	uint64_t dt_drops[DT_DROPCPUS];	/* drops already reported */
	uint64_t dt_dyndrops;		/* dynamic drops already reported */
	uint64_t dt_specdrops;		/* speculative drops reported */
	bool dt_specused;		/* a clause compiled nspec and specsize
					   in: they can no longer change */
	uint64_t dt_specfail;		/* failed speculations reported */
	uint64_t dt_aggdrops[DT_DROPCPUS]; /* aggregation drops reported */
	uint64_t dt_missed;		/* missed probe firings reported */
	uint64_t dt_missedat;		/* when they were last read (ns,
					   CLOCK_MONOTONIC) */
	dtrace_handle_buffered_f *dt_bufhdlr; /* buffered output handler */
	void *dt_bufarg;		/* its argument */
	struct dt_aggsnap *dt_aggsnap;	/* aggregation snapshot: one per
					   aggregation, NULL if none taken */
	unsigned int dt_naggsnap;	/* how many */
	dtrace_handle_msg_f *dt_msghdlr; /* message handler, or NULL:
					   stderr (core/dt_msg.c) */
	void *dt_msgarg;		/* its argument */
	dtrace_handle_proc_f *dt_prochdlr; /* process handler */
	void *dt_procarg;		/* its argument */
	struct ps_prochandle *dt_procs;	/* created and grabbed processes */
	pid_t dt_target;		/* $target */

	char **dt_srcfiles;		/* file names line markers gave */
	unsigned int dt_nsrcfiles;	/* how many */
	unsigned int dt_srcfilecap;	/* how many allocated */
	unsigned int *dt_srcfilehash;	/* their numbers by hash of the name
					   (open addressing, 0: free) */
	unsigned int dt_srcfilehsize;	/* its slots: a power of 2, or 0 */

	struct dt_tentry *dt_ktypes;	/* kernel types, held; NULL until used */
	struct dt_tentry *dt_dtypes;	/* types declared in D (split on the
					   kernel's), held; NULL until used */
	uint32_t dt_dints[4][2];	/* their D integers: [log2 size][signed] */
	uint32_t dt_dfloats[3];		/* their float, double, long double */
	struct dt_ksyms *dt_ksyms;	/* kernel symbols, held; NULL until used */
	dt_elf_t *dt_elfs;		/* ELF files read (pid provider) */
	struct dt_elfid *dt_nonotes;	/* identities of files read that
					   have no USDT note (dt_elf.c) */
	unsigned int dt_nnonotes;	/* how many (DT_ELF_NONOTES at most) */
	uint64_t dt_nonotesclock;	/* their use counter, for LRU */
	struct dt_upmap *dt_upmaps;	/* user address spaces seen, for
					   ustack() & co (proc/dt_usym.c) */
	struct dt_uelf *dt_uelfs;	/* their files' symbols by address */
	bool dt_usyms;			/* a program records user addresses:
					   the session's processes' mappings
					   are kept while they live */
	void *dt_provdata[DT_NPROVIDERS]; /* each provider's own state, by its
					   index in dt_providers[]: what its
					   pv_init made; read through
					   dt_provdata() */
};

/*
 * Bytes of a D string buffer: a string holds strsize characters, and the
 * NUL after them.  Every temporary, record, variable and key that holds a
 * string has this size (records and keys rounded up to 8).
 */
static inline uint32_t
dt_strbuf(const dtrace_hdl_t *dtp)
{
	return (dtp->dt_opts.op_strsize + 1);
}

/* ---- functions shared between files ----------------------------------------- */

/* core/dt_options.c (the option table itself: dt_options.h) */
extern void dt_setopt_traced(dtrace_hdl_t *, const dtrace_probedesc_t *,
    unsigned int, const char *, const char *);

/* core/dt_error.c */
extern int dt_set_errno(dtrace_hdl_t *, int);
extern size_t dt_errmsg_hint(char *, size_t, size_t);
extern int dt_set_errmsg(dtrace_hdl_t *, int, const char *, ...)
    __attribute__((format(printf, 3, 4)));

/* core/dt_msg.c */
extern void dt_msg(dtrace_hdl_t *, dtrace_msgkind_t, const char *, ...)
    __attribute__((format(printf, 3, 4)));
extern void dt_msg_panic(const char *, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* core/dt_util.c */
extern void *dt_zalloc(dtrace_hdl_t *, size_t);
extern void *dt_realloc(dtrace_hdl_t *, void *, size_t);
extern char *dt_strdup(dtrace_hdl_t *, const char *);
extern int dt_grow(dtrace_hdl_t *, void **, unsigned int *, unsigned int,
    size_t);
extern int dt_gmatch(const char *, const char *);
extern int dt_read_file(const char *, char *, size_t);

/* core/dt_ident.c */
extern dt_ident_t *dt_ident_lookup(dtrace_hdl_t *, const char *);
extern dt_ident_t *dt_ident_create(dtrace_hdl_t *, const char *, dt_idkind_t);
extern const dt_ident_t *dt_builtin_lookup(const char *);
extern int dt_regs_lookup(const char *);
extern void dt_idents_free(dtrace_hdl_t *);
extern uint32_t dt_strtab_insert(dtrace_hdl_t *, const char *, size_t);
extern int dt_varmap_add(dtrace_hdl_t *, dt_ident_t *);
extern int dt_map_fd(const dtrace_hdl_t *, int);

/* types/dt_types.c: the session's kernel types and the D view of BTF */
struct btf;
extern struct dt_tentry *dt_ktypes(dtrace_hdl_t *);
extern const struct dt_ksyms *dt_session_ksyms(dtrace_hdl_t *);
extern void dt_ktypes_rele(dtrace_hdl_t *);
extern struct dt_tentry *dt_dtypes(dtrace_hdl_t *);
extern int64_t dt_dtype_btf(dtrace_hdl_t *, dt_type_t);
extern int64_t dt_dtype_named(dtrace_hdl_t *, const char *, dt_type_t);
extern int64_t dt_dtype_enum(dtrace_hdl_t *, const char *,
    const char *const *, const int32_t *, unsigned int);
/* dt_sema.c: a struct, union or array, which a variable holds as bytes */
extern bool dt_type_isbytes(dt_type_t);
extern int64_t dt_dtype_array(dtrace_hdl_t *, dt_type_t, const uint32_t *,
    unsigned int);
extern int64_t dt_ktype_offset(dtrace_hdl_t *, const char *, const char *);
extern uint32_t dt_btf_resolve(const struct btf *, uint32_t);
extern uint32_t dt_btf_align(const struct btf *, uint32_t);
extern int dt_btf_dtype(const struct btf *, uint32_t, dt_type_t *,
    const char **);
extern int dt_btf_member(const struct btf *, uint32_t, const char *,
    uint32_t *, uint32_t *, uint32_t *, uint32_t *);
extern const char *dt_btf_name(const struct btf *, uint32_t, char *, size_t);
extern int64_t dt_btf_size(const struct btf *, uint32_t);

/* dlang/dt_compile.c */
extern void dt_program_free(struct dtrace_prog *);

/* dlang/dt_cpp.c: the C preprocessor, and the files line markers name */
#define DT_CPP_PATH	"/usr/bin/cpp"	/* default cpppath */
#define DT_CMDLINE	"<command line>" /* file name of -n programs */
extern void dt_cpp_free(dtrace_hdl_t *);
extern int dt_cpp_run(dtrace_hdl_t *, const char *, size_t, const char *,
    char **, size_t *);
extern int dt_srcfile_intern(dtrace_hdl_t *, const char *);
extern const char *dt_srcfile_name(dtrace_hdl_t *, int);

/* probes/dt_probe.c */
extern const dt_provider_t *const dt_providers[];
extern dt_probe_t *dt_probe_create(dtrace_hdl_t *, const dt_provider_t *,
    const char *, const char *, const char *);
extern dt_probe_t *dt_probe_lookup(dtrace_hdl_t *, const dtrace_probedesc_t *);
extern bool dt_probe_same_clauses(const dt_probe_t *, const dt_probe_t *);
extern int dt_probe_match(dtrace_hdl_t *, const dtrace_probedesc_t *,
    int (*)(dtrace_hdl_t *, dt_probe_t *, void *), void *);
extern int dt_probe_enable(dtrace_hdl_t *, dt_probe_t *, unsigned int);
extern bool dt_probe_matches(const dt_probe_t *, const dtrace_probedesc_t *);
extern int dt_providers_init(dtrace_hdl_t *);
extern void dt_providers_fini(dtrace_hdl_t *);
extern void *dt_provdata(dtrace_hdl_t *, const dt_provider_t *);
extern const char *dt_probe_absent(const dtrace_probedesc_t *);
/* probes/providers/dt_prov_fbt.c */
#define DT_FBT_MAXTRAMP	256	/* default fbtmaxtramp (dt_prov_fbt.c) */
extern void dt_probes_free(dtrace_hdl_t *);
extern void dt_probe_retire(dtrace_hdl_t *, dt_probe_t *);
extern void dt_probe_reap(dtrace_hdl_t *);
extern int dt_attfd_add(dtrace_hdl_t *, int);
extern void dt_attfds_close(dtrace_hdl_t *);
extern const char *dt_tracefs(dtrace_hdl_t *);
extern int dt_tracefs_listfail(dtrace_hdl_t *, const char *, int);
extern int dt_perf_attach(dtrace_hdl_t *, int, int, uint64_t);
extern int dt_uprobes_attach(dtrace_hdl_t *, int, const char *,
    const uint64_t *, const uint64_t *, const uint64_t *, uint32_t, bool,
    pid_t);

/* providers */
extern const dt_provider_t dt_prov_dtrace;
extern const dt_provider_t dt_prov_profile;
extern const dt_provider_t dt_prov_syscall;
extern const dt_provider_t dt_prov_pid;
extern const dt_provider_t dt_prov_usdt;
extern const dt_provider_t dt_prov_rawtp;
extern const dt_provider_t dt_prov_sdt;
extern const dt_provider_t dt_prov_proc;
extern const dt_provider_t dt_prov_sched;
extern const dt_provider_t dt_prov_io;
extern const dt_provider_t dt_prov_tcp;
extern const dt_provider_t dt_prov_ip;
extern const dt_provider_t dt_prov_fbt;
#define DT_PRID_BEGIN	1
#define DT_PRID_END	2
#define DT_PRID_ERROR	3

/* Trampoline kinds. */
enum {
	DT_TRAMP_DTRACE = 1,	/* BEGIN/END: raw_tp test run, arg0 = prid */
	DT_TRAMP_PROFILE,	/* perf event: prid in the cookie */
	DT_TRAMP_SYSENTER,	/* syscall entry tracepoint */
	DT_TRAMP_SYSEXIT,	/* syscall return tracepoint */
	DT_TRAMP_RAWSYSENTER,	/* raw_syscalls sys_enter, by number */
	DT_TRAMP_RAWSYSEXIT,	/* raw_syscalls sys_exit, by number */
	DT_TRAMP_PIDENTRY,	/* uprobe on a function's first byte */
	DT_TRAMP_PIDRETURN,	/* uretprobe of a function */
	DT_TRAMP_PIDOFFSET,	/* uprobe on an instruction offset in a
				   function: arguments as at entry, but
				   the stack's top is no return address */
	DT_TRAMP_RAWTP,		/* raw tracepoint: prid, nargs in the cookie */
	DT_TRAMP_PROC_CREATE,	/* proc: sched_process_fork, a process */
	DT_TRAMP_PROC_LWPCREATE, /* proc: sched_process_fork, a thread */
	DT_TRAMP_PROC_EXEC,	/* proc: sched_process_exec */
	DT_TRAMP_PROC_EXECENTRY, /* proc: sys_enter of execve */
	DT_TRAMP_PROC_EXECFAIL,	/* proc: sys_exit of a failed execve */
	DT_TRAMP_PROC_START,	/* proc: sys_exit of fork in a new process */
	DT_TRAMP_PROC_LWPSTART,	/* proc: sys_exit of clone in a new task */
	DT_TRAMP_PROC_EXIT,	/* proc: sched_process_exit, last thread */
	DT_TRAMP_PROC_LWPEXIT,	/* proc: sched_process_exit */
	DT_TRAMP_PROC_SIGSEND,	/* proc: signal_generate, not ignored */
	DT_TRAMP_PROC_SIGDISCARD, /* proc: signal_generate, ignored */
	DT_TRAMP_PROC_SIGHANDLE, /* proc: signal_deliver */
	DT_TRAMP_SCHED_OFFCPU,	/* sched: sched_switch, in prev */
	DT_TRAMP_SCHED_ONCPU,	/* sched: sched_exit_tp, a switch */
	DT_TRAMP_SCHED_REMAIN,	/* sched: sched_exit_tp, no switch */
	DT_TRAMP_SCHED_SLEEP,	/* sched: sched_switch, prev blocks */
	DT_TRAMP_SCHED_PREEMPT,	/* sched: sched_switch, prev runnable */
	DT_TRAMP_SCHED_WAKEUP,	/* sched: sched_waking */
	DT_TRAMP_SCHED_CHANGEPRI, /* sched: sched_pi_setprio */
	DT_TRAMP_SCHED_TICK,	/* sched: hrtimer_expire_entry, the tick */
	DT_TRAMP_IO_START,	/* io: block_rq_issue */
	DT_TRAMP_IO_DONE,	/* io: block_rq_complete */
	DT_TRAMP_TCP_STATE,	/* tcp: inet_sock_set_state */
	DT_TRAMP_IP_SEND,	/* ip: net_dev_queue */
	DT_TRAMP_IP_RECEIVE,	/* ip: netif_receive_skb */
	DT_TRAMP_TCP_CONNECTEST, /* tcp: SYN-SENT -> ESTABLISHED */
	DT_TRAMP_TCP_ACCEPTEST,	/* tcp: SYN-RECV -> ESTABLISHED */
	DT_TRAMP_FBT_KENTRY,	/* fbt: kprobe, prid in the cookie */
	DT_TRAMP_FBT_KRETURN,	/* fbt: kretprobe, prid in the cookie */
	DT_TRAMP_SDT,		/* tracepoint: prid in the cookie, the
				   arguments' layout in the program's map */
	DT_TRAMP_USDT		/* USDT site: DT_TRAMP_USDT + i reads the
				   arguments as usdt's us_specs[i] says
				   (dt_prov_usdt.c); last */
};

/*
 * fbt over fentry/fexit: a program per probe, DT_TRAMP_FBT_TRACING | its
 * probe id, far above the USDT kinds (DT_TRAMP_USDT + a spec index).
 */
#define DT_TRAMP_FBT_TRACING	0x40000000u

/* dlang/dt_compile.c */
extern void dt_node_free_all(struct dt_node *);
/* dlang/dt_parse.c */
extern void dt_node_free_tree(struct dt_node *);

/* codegen/dt_cg.c */
extern int dt_cg_clause(dtrace_hdl_t *, dt_clause_t *);
extern int dt_cg_program(dtrace_hdl_t *, dt_block_t *,
    const dt_provider_t *, dt_program_t *);
extern uint32_t dt_dctx_size(dtrace_hdl_t *);
extern uint32_t dt_dctx_bufoff(dtrace_hdl_t *);

/* codegen/dt_block.c */
extern int dt_block_emit(dtrace_hdl_t *, dt_block_t *, struct bpf_insn);
extern int dt_block_emit_all(dtrace_hdl_t *, dt_block_t *,
    const struct bpf_insn *, size_t);
extern int dt_block_reloc(dtrace_hdl_t *, dt_block_t *, uint32_t,
    dt_relkind_t);
extern int dt_block_append(dtrace_hdl_t *, dt_block_t *, const dt_block_t *);
extern void dt_block_free(dt_block_t *);
extern void dt_block_dump(const dt_block_t *, FILE *, uint32_t);

/* bpf/dt_bpf.c */
extern int dt_bpf_syscall(int, void *, size_t);
extern int dt_bpf_maps_create(dtrace_hdl_t *);
extern int dt_bpf_map_create(int, const char *, uint32_t, uint32_t, uint32_t,
    uint32_t);
extern int dt_bpf_prog_load(dtrace_hdl_t *, dt_block_t *, int, const char *,
    dt_program_t *);
extern void dt_bpf_close(dtrace_hdl_t *);
extern int dt_bpf_probe_add(dtrace_hdl_t *, const dt_probe_t *);
#define DT_BPF_TRACE_UPROBE_MULTI	48	/* attach type */
#define DT_ENOTSUPP	524	/* the kernel's ENOTSUPP, not in user headers */
extern int dt_bpf_uprobe_multi(int, const char *, const uint64_t *,
    const uint64_t *, const uint64_t *, uint32_t, bool, pid_t);

/* probes/dt_discover.c */
#define DT_DISCOVER_PROBES	65536	/* probes map: room for discovered */
extern bool dt_discover_wanted(dtrace_hdl_t *);
extern bool dt_discover_wants(dtrace_hdl_t *, const dtrace_probedesc_t *);
extern int dt_discover_scan(dtrace_hdl_t *);
extern int dt_discover_start(dtrace_hdl_t *);
extern void dt_discover_note(dtrace_hdl_t *, uint32_t, uint32_t, uint64_t);
extern void dt_discover_run(dtrace_hdl_t *);
extern void dt_discover_tidy(dtrace_hdl_t *, bool);
extern void dt_discover_free(dtrace_hdl_t *);

/* probes/dt_registry.c */
extern int dt_registry_start(dtrace_hdl_t *);
extern void dt_registry_known(dtrace_hdl_t *);
extern int dt_registry_fd(const dtrace_hdl_t *);
extern void dt_registry_read(dtrace_hdl_t *);
extern void dt_registry_close(dtrace_hdl_t *);

/* core/dt_work.c */
extern struct dt_program *dt_program_for(dtrace_hdl_t *, const dt_probe_t *);

/* dlang/dt_lib.c */
extern int dt_lib_dirs(dtrace_hdl_t *);

/* core/dt_attr.c */
extern const dtrace_attribute_t dt_attr_stable;
extern const dtrace_attribute_t dt_attr_unstable;
extern dtrace_attribute_t dt_attr_min(dtrace_attribute_t, dtrace_attribute_t);
extern bool dt_attr_below(dtrace_attribute_t, dtrace_attribute_t);
extern dtrace_attribute_t dt_attr_bi(int);
extern dtrace_attribute_t dt_attr_desc(const dtrace_probedesc_t *);

/* consume/dt_consume.c */
extern int dt_consume(dtrace_hdl_t *);
extern int dt_consume_cb(void *, void *, size_t);
extern int dt_consume_rec(dtrace_hdl_t *, const char *, size_t);
extern void dt_consume_exit(dtrace_hdl_t *, const char *, size_t);
/* consume/dt_pbuf.c */
extern int dt_pbuf_keep(dtrace_hdl_t *, const char *, size_t);
extern int dt_pbuf_flush(dtrace_hdl_t *);
extern void dt_pbuf_free(dtrace_hdl_t *);
extern int dt_print_stack(dtrace_hdl_t *, FILE *, const char *, uint32_t);
extern int dt_print_ustack(dtrace_hdl_t *, FILE *, const char *, uint32_t);
/* consume/dt_aggregate.c */
extern int dt_agg_print(dtrace_hdl_t *, FILE *, const dt_ident_t *);
extern int dt_agg_print_all(dtrace_hdl_t *, FILE *);
extern int dt_agg_printa(dtrace_hdl_t *, FILE *, const dt_datarec_t *);
extern int dt_agg_json(dtrace_hdl_t *, FILE *, const dt_ident_t *);
extern void dt_llq_mag(const int64_t *, int64_t, int64_t *, int64_t *,
    int64_t *, uint32_t *);
extern uint32_t dt_llq_nbuckets(const int64_t *);
extern uint32_t dt_llq_side(const int64_t *);
extern int dt_agg_clear(dtrace_hdl_t *, const dt_ident_t *, int64_t, bool);
/* consume/dt_printf.c */
struct dt_pfprog;
extern struct dt_pfprog *dt_printf_parse(dtrace_hdl_t *, const char *,
    struct dt_node *, int *);
extern void dt_printf_free(struct dt_pfprog *);
extern bool dt_printf_uaddr(const struct dt_pfprog *);
extern int dt_printf_exec(dtrace_hdl_t *, FILE *, const struct dt_pfprog *,
    const dt_datarec_t *, const char *);
extern void dt_format_kaddr(dtrace_hdl_t *, uint64_t, char *, size_t);
extern void dt_format_ksym(dtrace_hdl_t *, uint64_t, bool, char *, size_t,
    uint64_t *);
extern struct dt_pfprog *dt_printa_parse(dtrace_hdl_t *, const char *,
    struct dt_node *, int *);
extern int dt_printa_exec(dtrace_hdl_t *, FILE *, const struct dt_pfprog *,
    const dt_datarec_t *, const char *,
    void (*)(FILE *, int, const char *, void *), void *);

/*
 * consume/dt_value.c: records and key components decoded into
 * dtrace_value_t.  What a decoded value points to is allocated in a
 * dt_valmem_t, freed all at once when the callback that got it returns.
 */
typedef struct dt_valmem {
	void **vm_ptrs;			/* allocations */
	unsigned int vm_n;		/* how many */
	unsigned int vm_cap;		/* how many allocated */
} dt_valmem_t;
extern void *dt_valmem_alloc(dt_valmem_t *, size_t);
extern void dt_valmem_free(dt_valmem_t *);
extern const char *dt_setopt_value(const dt_datarec_t *, const char *);
extern uint32_t dt_tracemem_bytes(const dt_datarec_t *, const char *,
    const unsigned char **);
extern int dt_value_rec(dtrace_hdl_t *, dt_valmem_t *, const dt_datarec_t *,
    const char *, dtrace_value_t *);
extern int dt_value_key(dtrace_hdl_t *, dt_valmem_t *, dt_type_t,
    const char *, uint32_t, dtrace_value_t *);
extern char *dt_value_text(dtrace_hdl_t *, const dt_datarec_t *,
    const char *, size_t *);

/* consume/dt_print.c: print() records */
extern int dt_print_rec(dtrace_hdl_t *, FILE *, const dt_datarec_t *,
    const char *);
/* the width of the probe columns of the text output ("%3d %6d %32s ") */
#define	DT_PRINT_INDENT	44
extern char *dt_print_text(dtrace_hdl_t *, const dt_datarec_t *,
    const char *, size_t *, int);

/* consume/dt_aggregate.c: snapshots */
extern void dt_agg_snap_free(dtrace_hdl_t *);
extern dtrace_aggid_t dt_agg_id(const dtrace_hdl_t *, const dt_ident_t *);

/* consume/dt_json.c */
extern void dt_json_str(FILE *, const char *, size_t);
extern void dt_json_value(FILE *, dt_type_t, const char *, size_t);
extern void dt_json_probe(FILE *, const dtrace_probedesc_t *, int);
extern void dt_json_stack(dtrace_hdl_t *, FILE *, const char *, uint32_t);
extern void dt_json_ustack(dtrace_hdl_t *, FILE *, const char *, uint32_t);

/* proc/dt_proc.c */
extern void dt_proc_check(dtrace_hdl_t *);
extern bool dt_proc_alldead(dtrace_hdl_t *);
extern void dt_proc_free_all(dtrace_hdl_t *);
extern struct ps_prochandle *dt_proc_lookup(dtrace_hdl_t *, pid_t);

/* proc/dt_elf.c */
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

/* probes/providers/dt_prov_rawtp.c */
struct btf;
struct btf_type;
extern const struct btf_type *dt_rawtp_proto(dtrace_hdl_t *, const char *,
    const struct btf **);
extern int dt_rawtp_nargs(dtrace_hdl_t *, const char *);
extern int dt_rawtp_open(dtrace_hdl_t *, const char *, int, uint64_t);
extern bool dt_rawtp_cookies(void);
extern bool dt_rawtp_ownprog(dtrace_hdl_t *);
struct dt_asm;
extern void dt_rawtp_cookie(struct dt_asm *, const dt_program_t *);
extern void dt_btf_argtext(const struct btf *, uint32_t, char *, size_t);
extern int dt_tp_populate(dtrace_hdl_t *, const dt_provider_t *, uint32_t);
extern int dt_tp_attach(dtrace_hdl_t *, const char *, const char *, int,
    uint64_t);
extern bool dt_tp_maymatch(const dtrace_probedesc_t *);

/* probes/providers/dt_prov_pid.c */
extern dt_pidmod_t *dt_pidmods(dtrace_hdl_t *);
extern int dt_pidmods_read(dtrace_hdl_t *, pid_t);
/* pv_nomatch: why a description names nothing */
#define	DT_PIDNM_NONE	0
#define	DT_PIDNM_NAME	1	/* D_PROC_NAME */
#define	DT_PIDNM_LIB	2	/* D_PROC_LIB */
#define	DT_PIDNM_FUNC	3	/* D_PROC_FUNC */
#define	DT_PIDNM_BADPID	4	/* D_PROC_BADPID */
extern int dt_pidmods_reread(dtrace_hdl_t *, pid_t);
extern bool dt_pidmod_match(const dt_pidmod_t *, const char *);
extern int dt_pidmod_elf(dtrace_hdl_t *, dt_pidmod_t *, bool);
extern int dt_pidmod_notes(dtrace_hdl_t *, dt_pidmod_t *, bool);

/* probes/providers/dt_prov_usdt.c */
#define DT_USDT_SKIPPED	UINT32_MAX	/* pm_usdt: a note not understood */
extern int dt_usdt_note_args(const dt_pidmod_t *, const dt_elfnote_t *,
    char *, size_t, const char **, size_t *);
extern void dt_usdt_sweep(dtrace_hdl_t *, uint64_t);

/* proc/dt_link.c: providers declared in D, dtrace -h and -G */
extern void dt_provprobe_free(dt_provprobe_t *);
extern void dt_provdecl_free(dt_provdecl_t *);
extern void dt_provdecls_free(dtrace_hdl_t *);

#endif /* DT_IMPL_H */
