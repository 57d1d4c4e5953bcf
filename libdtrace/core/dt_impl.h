/*
 * dt_impl.h: the session handle, the internal types every part of
 * libdtrace shares, and core/'s functions.  Each subsystem declares what it
 * offers the others in a header beside its code (types/dt_types.h,
 * dlang/dt_dlang.h, codegen/dt_cg.h, bpf/dt_bpf.h, probes/dt_probe.h,
 * consume/dt_consume.h, proc/dt_proc.h), and a file includes those it
 * uses.  Only the library includes it; consumers see the opaque handle of
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
	uint32_t di_keyfull;		/* ASSOC, TLS, AGG: the key's bytes
					   with every string at strsize, as
					   DTrace counts them against
					   aggsize and dynvarsize */
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
	int di_ptrsrc;			/* a pointer variable: where its
					   pointers point (DT_PTR_SCRATCH or
					   DT_PTR_OTHER), fixed by the first
					   one assigned (dt_alloca.c) */
	char **di_enames;		/* TYPE, an enum declared in D: its
					   enumerators' names (owned) */
	int32_t *di_evals;		/* and their values (owned) */
	unsigned int di_nenum;		/* how many */
} dt_ident_t;

/*
 * What an entry of an aggregation's map costs against aggsize: what
 * DTrace counts, not what the map holds.  Its key with every string
 * component at strsize (a key kept short here still costs that: a strsize
 * of 1024 makes an @["Bush"] entry too big for an aggsize of 512, as in
 * DTrace), and its value.  Dynamic variables are counted in elements of
 * one pool instead: dt_dvar_cost() (dt_ident.c).
 */
static inline uint64_t
dt_varmap_cost(const dt_ident_t *idp)
{
	uint64_t key = idp->di_keyfull > idp->di_keysize ? idp->di_keyfull :
	    idp->di_keysize;

	return (key + idp->di_valsize);
}

/*
 * Keyed aggregations share aggsize as DTrace's share the aggregation
 * buffer of each CPU: a new entry is made only if the CPU's entries of
 * every aggregation, with it, cost (dt_varmap_cost()) at most aggsize
 * (gs_aggbytes[cpu] counts them), else it is an aggregation drop.  Those
 * of the same sizes (key, value, cost) share one hash map, whose key is
 * a tag of DT_AGG_TAG bytes, the aggregation's number (its di_id, never
 * 0) times 2^32 plus the CPU, then the aggregation's key: each CPU has
 * its own entry of a key, which only that CPU updates.  One whose key
 * leaves no room for the tag (hash map keys are at most DT_MAXKEYSIZE
 * bytes) keeps a per-CPU hash map of its own, untagged, holding aggsize
 * bytes apart from the others.
 */
#define DT_AGG_TAG	8

static inline bool
dt_agg_tagged(const dt_ident_t *idp)
{
	return (idp->di_kind == DT_IDENT_AGG && idp->di_nkeys > 0 &&
	    idp->di_keysize + DT_AGG_TAG <= DT_MAXKEYSIZE);
}

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
	DT_REL_PC,		/* imm += index of the block in its program */
	DT_REL_CALL		/* call: imm is a DT_SUB_*, a runtime routine
				   dt_cg_program() emits once after the
				   program and points the call at */
} dt_relkind_t;

/*
 * The runtime routines emitted as global BPF functions (subprograms the
 * verifier checks once, not at each call): docs/design.md, "Runtime
 * routines".
 */
typedef enum dt_sub {
	DT_SUB_CLEANPATH,	/* cleanpath(): r1 = offset of its string in
				   dctx, the next temporary its state */
	DT_SUB_BASENAME,	/* basename(): the same, and r2 = the
				   string's length */
	DT_SUB_DIRNAME,		/* dirname(): as basename() */
	DT_SUB_LASTSLASH_CB,	/* their bpf_loop callbacks: the last */
	DT_SUB_STRIP_CB,	/* slash, dirname's slashes before it, */
	DT_SUB_CLEANPATH_CB,	/* cleanpath()'s pass */
	DT_SUB_TOUPPER,		/* toupper(), tolower(): r1 = offset of its */
	DT_SUB_TOLOWER,		/* string, changed in place by bpf_loop and */
	DT_SUB_TOUPPER_CB,	/* the callback of each (a static function, */
	DT_SUB_TOLOWER_CB,	/* int cb(long index, void *ctx)) */
	DT_SUB_STRCHR,		/* strchr(), strrchr(): r1 = offset of the */
	DT_SUB_STRRCHR,		/* string, r2 its length, r3 the byte; r0 =
				   its first (last) position, or -1 */
	DT_SUB_STRCHR_CB,	/* their bpf_loop callbacks */
	DT_SUB_STRRCHR_CB,
	DT_SUB_SEARCH,		/* index(), strstr(): r1 = offset of the
				   text, the needle, table and state after
				   it; r2 = where to start; r0 = position,
				   or -1 */
	DT_SUB_RSEARCH,		/* rindex(): the same, the last match at or
				   before r2 */
	DT_SUB_SEARCH_CB,	/* their bpf_loop callbacks */
	DT_SUB_RSEARCH_CB,
	DT_SUB_STRTOK,		/* strtok(): r1 = offset of the delimiters,
				   r2 their length; the token's bounds left
				   in ms_tokstart, ms_strtok */
	DT_SUB_TOKMAP_CB,	/* its bpf_loop callbacks: the delimiters' */
	DT_SUB_TOKPASS_CB,	/* bit map, the pass over the string */
	DT_SUB_STRTOLL,		/* strtoll(): r1 = offset of the string, the
				   next temporary its state; r2 = the base;
				   r0 = the value */
	DT_SUB_STRTOLL_CB,	/* its bpf_loop callback */
	DT_SUB_LLTOSTR,		/* lltostr(): r1 = offset of the digits'
				   area, r2 = the value, r3 = the base; r0 =
				   the first character written */
	DT_SUB_INET4,		/* inet formats: r1 = offset of the output */
	DT_SUB_INET6,		/* string, the address and state in the */
	DT_SUB_INETNTOA6,	/* next temporary; the string's length */
	DT_SUB_LINK6,		/* left in the state (IN_POS) */
	DT_SUB_LINK20,
	DT_SUB_COUNT
} dt_sub_t;

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
 * Providers declared in D (dlang/dt_parse_provider.c):
 * provider NAME { probe ... };
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
 * needs, from BTF (dt_sema_types.c fills them, dt_cg.c uses them).
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
	unsigned int dc_stmt;		/* DTrace's statement number of its
					   first description: one statement a
					   description, counted over the
					   session's clauses in order (the parts
					   of a split clause share the whole's);
					   dt_clause_N of runtime errors and
					   ERROR's arg2 */
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
					   (dlang/dt_parse_clause.c): its probes are
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

/* ---- probes, providers, processes and their files (declared in full in
   probes/dt_probe.h and proc/dt_proc.h) ---------------------------------- */

typedef struct dt_probe dt_probe_t;
typedef struct dt_program dt_program_t;
typedef struct dt_provider dt_provider_t;
typedef struct dt_elf dt_elf_t;
typedef struct dt_elfnote dt_elfnote_t;
typedef struct dt_pidmod dt_pidmod_t;
struct ps_prochandle;

#define DT_NPROVIDERS	13

/* ---- the handle ------------------------------------------------------------ */

#define DT_BUFSIZE_MAX	(2ULL << 30)	/* bufsize: the largest ring buffer */
#define DT_DEBUGDIR	"/usr/lib/debug" /* debugdir's default (dt_elf.c) */

/*
 * The options' values.  Each option is a row of the table in
 * core/dt_options.c, which names its field here, sets its default and
 * parses what dtrace_setopt() is given for it.
 */
/*
 * evaltime: where a -c process is held while its descriptions are
 * evaluated: at its exec (before its dynamic loader runs), or at its
 * program's entry point for the others (its libraries mapped and
 * initialized: preinit and main are met there too).
 */
#define DT_EVALTIME_EXEC	0
#define DT_EVALTIME_PREINIT	1
#define DT_EVALTIME_POSTINIT	2
#define DT_EVALTIME_MAIN	3

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
	int op_evaltime;		/* evaltime: DT_EVALTIME_* */
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
	uint64_t op_cpu;		/* cpu: the one CPU traced, or
					   DT_CPU_ANY */
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
	char *op_ctfpath;		/* ctfpath: BTF here, no CTF */
	char *op_ctypes;		/* ctypes: no CTF is written */
	char *op_dtypes;		/* dtypes: no CTF is written */
	int op_late;			/* late: dynamic, static */
	char *op_ldpath;		/* ldpath: nothing is linked (-G) */
	bool op_linknommap;		/* linknommap */
	bool op_nolibs;			/* nolibs: the D library is compiled
					   only when a program names it */
	uint32_t op_pgmax;		/* pgmax */
	char *op_procfspath;		/* procfspath */
	bool op_strip;			/* strip: nothing is linked (-G) */
	char *op_syslibdir;		/* syslibdir: the D library is built in */
	bool op_useruid;		/* useruid */
	uint64_t op_pcapsize;		/* pcapsize */
	bool op_pspec;			/* pspec */
	bool op_verbose;		/* verbose */
	char *op_version;		/* version */
	bool op_lazyload;		/* lazyload: no DOF here */
	uint64_t op_preallocate;	/* preallocate: kept, no effect */
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
	uint64_t op_specsize;		/* specsize as set: bytes per
					   speculation (dt_specsize()) */
	uint32_t op_usdtprids;		/* usdtprids: usdt_prids entries */
	uint32_t op_usdthold;		/* usdthold: ms an exec is held at
					   most without dtprobed, 0 never */
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
	bool op_aggpercpu;		/* aggpercpu: each CPU's value below
					   an aggregation's */
	bool op_agghist;		/* agghist: scalar values as bars */
	int op_encoding;		/* encoding: DT_ENCODING_AUTO, _ASCII,
					   _UTF8 */
	bool op_bpflog;			/* bpflog: show the verifier's log of
					   every program */
	uint64_t op_bpflogsize;		/* bpflogsize: the most bytes of it */
	bool op_noresolve;		/* noresolve: user addresses in hex */
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

/* encoding: the characters of histogram bars (dt_agg_print.c) */
#define	DT_ENCODING_AUTO	0	/* UTF-8 unless TERM is dumb */
#define	DT_ENCODING_ASCII	1
#define	DT_ENCODING_UTF8	2

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

/* core/dt_ident.c */
extern dt_ident_t *dt_ident_lookup(dtrace_hdl_t *, const char *);
extern dt_ident_t *dt_ident_create(dtrace_hdl_t *, const char *, dt_idkind_t);
extern const dt_ident_t *dt_builtin_lookup(const char *);
extern const dt_ident_t *dt_builtin_taken(dtrace_hdl_t *, const char *);
extern int dt_regs_lookup(const char *);
extern void dt_idents_free(dtrace_hdl_t *);
extern uint32_t dt_strtab_insert(dtrace_hdl_t *, const char *, size_t);
extern uint32_t dt_strtab_null(dtrace_hdl_t *);
extern int dt_varmap_add(dtrace_hdl_t *, dt_ident_t *);
extern bool dt_dvar_counted(const dtrace_hdl_t *, const dt_ident_t *);
extern uint64_t dt_dvar_cost(const dtrace_hdl_t *);
extern uint64_t dt_dvar_limit(const dtrace_hdl_t *);
extern int dt_map_fd(const dtrace_hdl_t *, int);

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
