/*
 * dt_impl.h: the session handle (struct dtrace_hdl), the limits and maps
 * every part of libdtrace shares, source positions, and core/'s
 * functions.  What the handle points to is declared here by name only;
 * each subsystem declares its types and what it offers the others in a
 * header beside its code, and a file includes those it uses:
 *
 *   core/dt_dtype.h       the D type of a value (dt_type_t)
 *   core/dt_ident.h       identifiers and translators, core/dt_ident.c
 *   core/dt_optvals.h     the options' values (dt_options_t; included
 *                         here: the handle holds them)
 *   core/dt_options.h     the option table;  core/dt_fn.h the built-ins
 *   core/dt_rec.h         kernel <-> user layouts (included here)
 *   types/dt_types.h      kernel types;  dlang/dt_dlang.h the compiler
 *   dlang/dt_clause.h     compiled clauses and their records
 *   dlang/dt_provdecl.h   providers declared in D
 *   codegen/dt_block.h    instruction lists;  codegen/dt_cg.h the
 *                         code generator;  bpf/dt_bpf.h maps, loads
 *   probes/dt_probe.h     probes and providers;  proc/dt_proc.h
 *                         processes and their files;
 *                         consume/dt_consume.h the consumer
 *
 * Only the library includes it; consumers see the opaque handle of
 * dtrace.h.
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
#include "dt_optvals.h"

#define DT_EXPORT	__attribute__((visibility("default")))

/* ---- limits --------------------------------------------------------------- */

#define DT_MAXKEYS	8	/* components of an associative array key */
#define DT_MAXKEYSIZE	512	/* bytes of a key: the BPF stack's size */
#define DT_COMM_LEN	16	/* a task's comm (execname), NUL included */
#define DT_LOCALS_BYTES	1024	/* room for this-> variables in dctx */
#define DT_SCRATCH_MAX	8192	/* largest scratchsize (see dctx) */
#define DT_CPU_ANY ((uint64_t)-2)	/* option cpu unset: DTrace's
					   DTRACEOPT_UNSET */
#define DT_STACK_MAXFRAMES 127	/* stack(): the kernel's default
				   perf_event_max_stack, what
				   bpf_get_stack walks at most */
#define DT_DCTX_RECMAX	4096	/* largest tracemem() size */
#define DT_PRINT_MAX	16384	/* largest printsize */
#define DT_PRINT_RECMIN	8192	/* bytes of a value a print() record
				   holds at least (printsize's default),
				   whatever printsize it is compiled with */
#define DT_STRUCTVAR_MAX 8192	/* largest struct a variable holds */
/* the first two bytes of a string buffer that holds D's NULL: a NUL, then
   0xff (read as a little-endian u16); see dt_strtab_null() */
#define DT_STR_NULLMARK	0xff00
#define DT_USTACK_COPYMAX 16384	/* largest ustackcopy */
#define DT_USTACK_CHUNK	512	/* ustackcopy is read in pieces of this */

/* ---- maps ---------------------------------------------------------------- */

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

/*
 * A BPF program may use at most 64 maps.  Variable maps (aggregations,
 * associative arrays, self-> variables) before this index are used by
 * the programs directly (DT_REL_MAPFD); the later ones through a map of
 * maps, one for all variable maps alike (type, key and value size,
 * entries), indexed by the variable map's number: a DT_REL_MAPFD whose
 * imm has DT_MAP_OUTER set names the map of maps of that variable map.
 * So a program uses at most DT_MAP_COUNT + DT_VARMAP_DIRECT maps plus
 * one per kind of the others, whatever the number of variables.
 */
#define DT_VARMAP_DIRECT	40
#define DT_MAP_OUTER		0x40000000

/* ---- source positions ---------------------------------------------------- */

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

/* ---- what the handle points to, declared in full beside its code:
   identifiers and translators (core/dt_ident.h), clauses and providers
   declared in D (dlang/dt_clause.h, dlang/dt_provdecl.h), probes and
   providers (probes/dt_probe.h), processes and their files
   (proc/dt_proc.h) ---------------------------------------------------- */

typedef struct dt_ident dt_ident_t;
typedef struct dt_xlator dt_xlator_t;
typedef struct dt_clause dt_clause_t;
typedef struct dt_datarec dt_datarec_t;
typedef struct dt_provdecl dt_provdecl_t;

typedef struct dt_probe dt_probe_t;
typedef struct dt_program dt_program_t;
typedef struct dt_provider dt_provider_t;
typedef struct dt_elf dt_elf_t;
typedef struct dt_elfnote dt_elfnote_t;
typedef struct dt_pidmod dt_pidmod_t;
struct ps_prochandle;

#define DT_NPROVIDERS	13

/* ---- the handle ------------------------------------------------------------ */

#define DT_IDHASH	127

struct dtrace_hdl {
	int dt_errno;			/* last error */
	char dt_errmsg[4096];		/* compiler or detailed message */
	const char *dt_errtag;		/* compiler error tag */
	char dt_errwhere[1024];		/* a compiler error's position, line
					   and caret (dtrace_errwhere()) */
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
	int *dt_varprogfd;		/* the map programs use instead, or
					   -1: a full one for an aggregation
					   whose entry aggsize cannot hold */
	int *dt_varouterfd;		/* for those at DT_VARMAP_DIRECT and
					   after: the map of maps programs
					   reach theirs through (shared by
					   maps alike, dt_bpf.c), else -1 */
	int *dt_outerfds;		/* those maps of maps, each once */
	unsigned int dt_nouters;	/* how many */
	unsigned int dt_nvarmaps;	/* how many */
	unsigned int dt_varmapcap;	/* how many allocated */
	char *dt_strtab;		/* string literals */
	uint32_t dt_strtablen;		/* bytes used */
	uint32_t dt_strtabcap;		/* bytes allocated */
	uint32_t dt_strnull;		/* NULL's string's offset + 1, or 0 */
	uint32_t dt_localcap;		/* bytes of dctx's locals area, fixed
					   by the first clause compiled (0:
					   not yet; dt_cg_locals_size()) */

	struct dtrace_prog *dt_progs;	/* compiled programs */
	dt_clause_t **dt_clauses;	/* enabled clauses, by id */
	unsigned int dt_nclauses;	/* how many */
	unsigned int dt_clausecap;	/* how many allocated */
	unsigned int dt_nstmts;		/* statements numbered so far
					   (dc_stmt) */

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
	struct dt_hold *dt_hold;	/* the session's own exec holder, or
					   NULL (probes/dt_hold.c) */

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
	bool dt_inprogram;		/* a D program is being parsed: its
					   #pragma D option lines set options */
	dtrace_handle_msg_f *dt_msghdlr; /* message handler, or NULL:
					   stderr (core/dt_msg.c) */
	void *dt_msgarg;		/* its argument */
	dtrace_handle_proc_f *dt_prochdlr; /* process handler */
	void *dt_procarg;		/* its argument */
	struct ps_prochandle *dt_procs;	/* created and grabbed processes */
	dt_pidmod_t *dt_pidmods;	/* their modules, and those of
					   discovered processes, the latest
					   read first (proc/dt_pidmod.c) */
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
					   have no USDT note
					   (dt_elf_cache.c) */
	unsigned int dt_nnonotes;	/* how many (DT_ELF_NONOTES at most) */
	uint64_t dt_nonotesclock;	/* their use counter, for LRU */
	unsigned int dt_elfwarns;	/* warnings about processes' files
					   (dt_elf_warn_ok()) */
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

/*
 * Bytes of a speculation buffer's records: specsize rounded up to 8 (the
 * records in it are 8-aligned), halved while larger than a buffer can be
 * (DT_SPEC_MAPMAX, its header besides), as DTrace halves a size it cannot
 * have; tracing warns of that, or refuses it with bufresize=manual, and
 * then specsize is the size halved (bpf/dt_bpf.c).
 */
static inline uint32_t
dt_specsize(const dtrace_hdl_t *dtp)
{
	uint64_t v = dtp->dt_opts.op_specsize;

	while (v > DT_SPEC_MAPMAX - sizeof (dt_specbuf_t))
		v /= 2;
	return ((uint32_t)((v + 7) & ~7ULL));
}

/* ---- functions of core/ shared between files ---------------------------- */



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

/* core/dt_work.c */
extern struct dt_program *dt_program_for(dtrace_hdl_t *, const dt_probe_t *);

/* core/dt_attr.c */
extern const dtrace_attribute_t dt_attr_stable;
extern const dtrace_attribute_t dt_attr_unstable;
extern dtrace_attribute_t dt_attr_min(dtrace_attribute_t, dtrace_attribute_t);
extern bool dt_attr_below(dtrace_attribute_t, dtrace_attribute_t);
extern dtrace_attribute_t dt_attr_bi(int);
extern dtrace_attribute_t dt_attr_desc(const dtrace_probedesc_t *);

#endif /* DT_IMPL_H */
