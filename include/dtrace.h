/*
 * dtrace.h: the public interface of libdtrace.
 *
 * libdtrace compiles D programs straight to BPF, loads them into the kernel,
 * attaches them to probes and consumes the records they produce.  The API
 * follows the classic DTrace consumer interface so that existing consumers
 * port to it with little change:
 *
 *	dtp = dtrace_open(DTRACE_VERSION, 0, &err);
 *	prog = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0,
 *	    0, NULL);
 *	dtrace_program_exec(dtp, prog, &info);
 *	dtrace_go(dtp);
 *	do {
 *		dtrace_sleep(dtp);
 *		status = dtrace_work(dtp, stdout, chew, chewrec, arg);
 *	} while (status == DTRACE_WORKSTATUS_OKAY);
 *	dtrace_stop(dtp);
 *	dtrace_close(dtp);
 *
 * Thread safety: every function may be called concurrently on different
 * handles, from any threads: sessions share only immutable, reference-
 * counted kernel type data and symbols (guarded inside the library).
 * Calls on one handle must be serialized by the caller: a handle is used
 * by one thread at a time (it may move between threads).  Callbacks run in
 * the thread that made the call, on the handle of that call; from a
 * callback, only the calls its description allows may be made on that
 * handle.  Each function below says "MT: handle" (serialize per handle)
 * or "MT: safe" (may run concurrently with anything, even on one handle).
 * docs/api.md says the same at length.
 *
 * Structures that may grow start with a size field (as libbpf's options
 * do): those the library fills say how many bytes of them it wrote, so a
 * caller built against a newer header checks the size before reading a
 * newer field; those the caller fills (dtrace_aggwalk_opts_t) give the
 * size the caller knows, and bytes the library does not know must be 0.
 *
 * Errors: functions returning int return 0 on success and -1 on failure;
 * functions returning pointers return NULL on failure.  The cause is then
 * available from dtrace_errno() and explained by dtrace_errmsg().
 */
#ifndef DTRACE_H
#define DTRACE_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DTRACE_VERSION	3	/* version of this interface */

typedef struct dtrace_hdl dtrace_hdl_t;		/* opaque session handle */

/* Library error codes (dtrace_errno()), above the system errnos. */
enum {
	EDT_BASE = 1000,
	EDT_VERSION = EDT_BASE,	/* unsupported interface version */
	EDT_NOMEM,		/* memory allocation failed */
	EDT_COMPILER,		/* D compilation failed */
	EDT_BADOPTNAME,		/* unknown option name */
	EDT_BADOPTVAL,		/* bad option value */
	EDT_NOPROBE,		/* description matches no probe */
	EDT_BADSPEC,		/* malformed probe description */
	EDT_BPF,		/* a BPF operation failed */
	EDT_VERIFIER,		/* the verifier rejected a program */
	EDT_NOPRIV,		/* not privileged enough to trace */
	EDT_ATTACH,		/* attaching a probe failed */
	EDT_ACTIVE,		/* operation invalid while tracing */
	EDT_NOTACTIVE,		/* operation invalid while not tracing */
	EDT_PROC,		/* process control failed */
	EDT_NOTRACEFS,		/* tracefs unavailable */
	EDT_BADPROG,		/* program is not of this handle */
	EDT_BTF,		/* kernel type data cannot be loaded */
	EDT_CPP,		/* the C preprocessor failed (its messages
				   were a DTRACE_MSG_CPP) or cannot run */
	EDT_PROCALIGN,		/* pid offset inside an instruction */
	EDT_PROCOFF,		/* pid offset outside of its function */
	EDT_DESTRUCTIVE,	/* destructive actions without -w */
	EDT_CALLBACK,		/* a callback returned an error */
	EDT_BADARG,		/* bad argument (NULL, unknown flag,
				   unknown options bytes) */
	EDT_NOAGG,		/* no such aggregation */
	EDT_LINK,		/* dtrace -h or -G failed */
	EDT_GRAB,		/* a process cannot be grabbed (gone) */
	EDT_BUFTOOSMALL,	/* bufsize cannot hold a clause's record */
	EDT_BADOPTCTX,		/* option set from within a D program
				   (#pragma D option) that cannot be */
	EDT_MAX
};

typedef struct dtrace_prog dtrace_prog_t;	/* opaque compiled program */
struct ps_prochandle;				/* opaque process handle */

typedef int64_t dtrace_optval_t;		/* value of an option */
typedef uint32_t dtrace_id_t;			/* probe identifier */

#define DTRACE_PROVNAMELEN	64
#define DTRACE_MODNAMELEN	64
#define DTRACE_FUNCNAMELEN	192
#define DTRACE_NAMELEN		64

/* A probe description: each field may be empty (matches anything) or a glob. */
typedef struct dtrace_probedesc {
	dtrace_id_t id;				/* probe id, 0 if unknown */
	char prv[DTRACE_PROVNAMELEN];		/* provider */
	char mod[DTRACE_MODNAMELEN];		/* module */
	char fun[DTRACE_FUNCNAMELEN];		/* function */
	char prb[DTRACE_NAMELEN];		/* probe name */
} dtrace_probedesc_t;

/*
 * Stability attributes, as DTrace describes its interfaces: a name
 * stability, a data stability and a dependency class, written
 * "Evolving/Evolving/Common".  Levels and classes are ordered: a
 * program's attributes are the least of those of what it uses.
 */
typedef uint8_t dtrace_stability_t;
#define DTRACE_STABILITY_INTERNAL	0	/* DTrace's own detail */
#define DTRACE_STABILITY_PRIVATE	1	/* for related programs only */
#define DTRACE_STABILITY_OBSOLETE	2	/* to be removed */
#define DTRACE_STABILITY_EXTERNAL	3	/* controlled by others */
#define DTRACE_STABILITY_UNSTABLE	4	/* may change at any release */
#define DTRACE_STABILITY_EVOLVING	5	/* in transition */
#define DTRACE_STABILITY_STABLE		6	/* mature */
#define DTRACE_STABILITY_STANDARD	7	/* follows a standard */
#define DTRACE_STABILITY_MAX		7

typedef uint8_t dtrace_class_t;
#define DTRACE_CLASS_UNKNOWN	0	/* dependencies unknown */
#define DTRACE_CLASS_CPU	1	/* this CPU model */
#define DTRACE_CLASS_PLATFORM	2	/* this hardware platform */
#define DTRACE_CLASS_GROUP	3	/* this platform group */
#define DTRACE_CLASS_ISA	4	/* this instruction set */
#define DTRACE_CLASS_COMMON	5	/* every platform */
#define DTRACE_CLASS_MAX	5

typedef struct dtrace_attribute {
	dtrace_stability_t dtat_name;	/* stability of the name */
	dtrace_stability_t dtat_data;	/* stability of the data */
	dtrace_class_t dtat_class;	/* dependency class */
} dtrace_attribute_t;

/* The attributes of a probe, as `dtrace -l -v` shows them. */
typedef struct dtrace_probeattr {
	dtrace_attribute_t dtpa_desc;	/* its description: the least of its
					   provider's, module's, function's
					   and name's */
	dtrace_attribute_t dtpa_args;	/* its arguments */
} dtrace_probeattr_t;

/* One probe description of a compiled program, for dtrace_stmt_iter(). */
typedef struct dtrace_stmtdesc {
	dtrace_probedesc_t dtsd_desc;	/* the description, as parsed */
	const char *dtsd_text;		/* as written */
	unsigned int dtsd_clause;	/* its clause, 0 the program's first */
	dtrace_attribute_t dtsd_descattr; /* least attributes of the
					   description (an empty or glob field
					   counts as Unstable/Unstable/Common
					   for the provider) */
	dtrace_attribute_t dtsd_stmtattr; /* least attributes of what its
					   clause uses (variables, functions) */
} dtrace_stmtdesc_t;

typedef int dtrace_stmt_f(dtrace_hdl_t *, dtrace_prog_t *,
    const dtrace_stmtdesc_t *, void *);

/* dtrace_open() flags. */
#define DTRACE_O_NODEV	0x01	/* do not touch the kernel (compile only) */
#define DTRACE_O_MASK	0x01

/* Probe specification kinds for dtrace_program_strcompile(). */
typedef enum dtrace_probespec {
	DTRACE_PROBESPEC_NONE = -1,
	DTRACE_PROBESPEC_PROVIDER = 0,	/* -P: provider */
	DTRACE_PROBESPEC_MOD,		/* -m: module */
	DTRACE_PROBESPEC_FUNC,		/* -f: function */
	DTRACE_PROBESPEC_NAME,		/* -n: name (a full program may follow) */
	DTRACE_PROBESPEC_ID		/* -i: a probe id, as -l lists it */
} dtrace_probespec_t;

/*
 * Compiler flags (cflags).
 *
 * DTRACE_C_CPP runs the C preprocessor over the source before compiling it
 * (-C; the option "cpp" does it for every program).  The preprocessor is
 * the program named by the option "cpppath" (default /usr/bin/cpp), run
 * with -D__SUNW_D=1 -D__SUNW_D_64 -D__SUNW_D_VERSION=0x02000000, then the
 * arguments the options "define", "undef" and "incdir" added, in the order
 * they were set, then -H if "cpphdrs" is set.  The source is its standard
 * input, so that #include "file" looks in the current directory first.
 * Compiler errors name the user's file and line (and the header's, for an
 * error in an included file).  What the preprocessor writes on standard
 * error (warnings, the list of -H, errors) is delivered as one
 * DTRACE_MSG_CPP message; if it fails, the compilation then fails with
 * EDT_CPP ("Preprocessor failed to process input program"; a preprocessor
 * that cannot run, or fails without a word, is named in dtrace_errmsg()).
 */
#define DTRACE_C_ZDEFS	0x0001	/* permit probe descriptions matching nothing */
#define DTRACE_C_DIFV	0x0002	/* print the generated BPF (-S) */
#define DTRACE_C_CPP	0x0004	/* run the C preprocessor first (-C) */
#define DTRACE_C_ARGREF	0x0008	/* macro arguments need not be used */
#define DTRACE_C_MASK	0x000f

/* What dtrace_program_exec() reports about a program. */
typedef struct dtrace_proginfo {
	unsigned int dpi_matches;	/* probes matched, summed over clauses */
	unsigned int dpi_clauses;	/* number of clauses */
	unsigned int dpi_recgens;	/* clauses that produce records */
} dtrace_proginfo_t;

/* Result of dtrace_work(). */
typedef enum dtrace_workstatus {
	DTRACE_WORKSTATUS_ERROR = -1,	/* failure: see dtrace_errno() */
	DTRACE_WORKSTATUS_OKAY,		/* keep going */
	DTRACE_WORKSTATUS_DONE		/* exit() consumed or processes gone */
} dtrace_workstatus_t;

/* Result of dtrace_status(). */
#define DTRACE_STATUS_NONE	0	/* nothing new */
#define DTRACE_STATUS_OKAY	1	/* tracing, all well */
#define DTRACE_STATUS_EXITED	2	/* exit() was called */
#define DTRACE_STATUS_FILLED	3	/* fill buffer full (not yet used) */
#define DTRACE_STATUS_STOPPED	4	/* tracing stopped */

/* Record kinds, as seen by dtrace_consume_rec_f. */
typedef enum dtrace_actkind {
	DTRACEACT_NONE = 0,		/* default action (no data) */
	DTRACEACT_DIFEXPR,		/* trace() */
	DTRACEACT_PRINTF,		/* printf() */
	DTRACEACT_EXIT,			/* exit() */
	DTRACEACT_PRINTA,		/* printa() */
	DTRACEACT_CLEAR,		/* clear() */
	DTRACEACT_TRUNC,		/* trunc() */
	DTRACEACT_NORMALIZE,		/* normalize(), denormalize() */
	DTRACEACT_SETOPT,		/* setopt() */
	DTRACEACT_STACK,		/* stack(): kernel return addresses,
					   64 bits each, 0 after the last */
	DTRACEACT_SYM,			/* sym(), func(): an address */
	DTRACEACT_MOD,			/* mod(): an address */
	DTRACEACT_TRACEMEM,		/* tracemem() */
	DTRACEACT_USTACK,		/* ustack(): the process id, then user
					   return addresses, 64 bits each, 0
					   after the last */
	DTRACEACT_USYM,			/* usym(), ufunc(): pid, address */
	DTRACEACT_UMOD,			/* umod(): pid, address */
	DTRACEACT_UADDR,		/* uaddr(): pid, address */
	DTRACEACT_SYSTEM,		/* system(): formatted like printf(),
					   run by the consumer */
	DTRACEACT_FREOPEN,		/* freopen(): formatted like printf(),
					   the new output file ("" restores) */
	DTRACEACT_PRINT,		/* print(): a typed value, shown with
					   its type and members */
	DTRACEACT_FTRUNCATE		/* ftruncate(): the output file
					   emptied (no data) */
} dtrace_actkind_t;

/* Identifies an aggregation within its session (1, 2, ...; 0: none). */
typedef uint32_t dtrace_aggid_t;

/*
 * Typed data: what a record of a firing, or one component of an
 * aggregation key, holds, decoded, so that a consumer never parses
 * printed text.  The kind says which fields are meaningful:
 *
 *   DTRACE_VAL_NONE	no value (the default action)
 *   DTRACE_VAL_INT	an integer of dtv_width bytes (1, 2, 4 or 8) in
 *			dtv_int, sign-extended if dtv_signed, else to be
 *			read as (uint64_t)dtv_int; exit()'s status
 *   DTRACE_VAL_ADDR	a pointer: dtv_addr
 *   DTRACE_VAL_STRING	a D string: dtv_str (NUL-terminated), dtv_len bytes
 *   DTRACE_VAL_BYTES	raw memory (tracemem()): dtv_bytes, dtv_len bytes
 *   DTRACE_VAL_STACK	stack(): dtv_nframes frames in dtv_frames, the
 *			innermost first
 *   DTRACE_VAL_USTACK	ustack(): as STACK, in process dtv_pid
 *   DTRACE_VAL_KSYM	sym(), func(), mod(): kernel address dtv_addr,
 *			dtv_str its name as printed (module`symbol, or the
 *			module for mod())
 *   DTRACE_VAL_USYM	usym(), ufunc(), umod(), uaddr(): address dtv_addr
 *			in process dtv_pid, dtv_str its name as printed
 *   DTRACE_VAL_TEXT	printf(), system(), freopen(): dtv_str the text
 *			the format gives (the command, the file name),
 *			dtv_len bytes
 *   DTRACE_VAL_AGG	printa(), clear(), trunc(), normalize(): the
 *			aggregations it acts on, dtv_naggs ids in dtv_aggids
 *			(walk them with dtrace_aggregate_walk_opts()),
 *			dtv_str the first one's name, dtv_int the argument
 *			(trunc()'s count, normalize()'s divisor, else 0)
 *   DTRACE_VAL_OPTION	setopt(): dtv_str the option, dtv_optval its value
 *			(NULL without one)
 *
 * Pointers point into memory the library owns, valid until the callback
 * that received them returns.  For keys of sym(), func() and mod()
 * (kernel or user), dtv_addr is the start of the symbol (or module):
 * addresses shown with one name are one entry, as DTrace aggregates them.
 */
typedef enum dtrace_valkind {
	DTRACE_VAL_NONE = 0,
	DTRACE_VAL_INT,
	DTRACE_VAL_ADDR,
	DTRACE_VAL_STRING,
	DTRACE_VAL_BYTES,
	DTRACE_VAL_STACK,
	DTRACE_VAL_USTACK,
	DTRACE_VAL_KSYM,
	DTRACE_VAL_USYM,
	DTRACE_VAL_TEXT,
	DTRACE_VAL_AGG,
	DTRACE_VAL_OPTION
} dtrace_valkind_t;

/* One frame of a stack. */
typedef struct dtrace_frame {
	uint64_t dtfr_pc;		/* return address */
	const char *dtfr_name;		/* as printed: module`symbol+0xoff,
					   module`0xaddr or 0xaddr */
} dtrace_frame_t;

typedef struct dtrace_value {
	size_t dtv_size;		/* bytes of this struct filled in */
	dtrace_valkind_t dtv_kind;	/* DTRACE_VAL_* */
	uint32_t dtv_width;		/* INT: bytes of the D type */
	int dtv_signed;			/* INT: the D type is signed */
	int64_t dtv_int;		/* INT: the value; AGG: the argument */
	uint64_t dtv_addr;		/* ADDR, KSYM, USYM: the address */
	pid_t dtv_pid;			/* USTACK, USYM: the process */
	const char *dtv_str;		/* STRING, TEXT, KSYM, USYM, AGG,
					   OPTION: see above */
	size_t dtv_len;			/* STRING, TEXT, BYTES: bytes */
	const void *dtv_bytes;		/* BYTES: the memory */
	const dtrace_frame_t *dtv_frames; /* STACK, USTACK: the frames */
	uint32_t dtv_nframes;		/* how many */
	uint32_t dtv_naggs;		/* AGG: how many aggregations */
	const dtrace_aggid_t *dtv_aggids; /* AGG: their ids */
	const char *dtv_optval;		/* OPTION: the value, or NULL */
} dtrace_value_t;

/*
 * Description of one record of a probe firing.  dtrd_value is the record
 * decoded (never NULL in a record callback); the other fields locate its
 * raw bytes in the firing's data (dtpda_data).
 */
typedef struct dtrace_recdesc {
	dtrace_actkind_t dtrd_action;	/* kind of record */
	uint32_t dtrd_size;		/* size of the data */
	uint32_t dtrd_offset;		/* offset in the firing's data */
	uint32_t dtrd_flags;		/* DTRACE_RF_* */
	const dtrace_value_t *dtrd_value; /* the record, decoded */
} dtrace_recdesc_t;

#define DTRACE_RF_STRING	0x01	/* data is a NUL-terminated string */
#define DTRACE_RF_SIGNED	0x02	/* integer data is signed */

/* One probe firing, as seen by the consume callbacks. */
typedef struct dtrace_probedata {
	dtrace_hdl_t *dtpda_handle;		/* handle it came from */
	const dtrace_probedesc_t *dtpda_pdesc;	/* probe that fired */
	unsigned int dtpda_clause;		/* clause number, from 0 */
	int dtpda_cpu;				/* CPU it fired on */
	const char *dtpda_data;			/* start of its data */
	size_t dtpda_size;			/* size of its data */
} dtrace_probedata_t;

/* Return values of the consume callbacks. */
#define DTRACE_CONSUME_ERROR	-1	/* error: stop, dtrace_work fails */
#define DTRACE_CONSUME_THIS	0	/* consume this record (print it) */
#define DTRACE_CONSUME_NEXT	1	/* skip to the next record */
#define DTRACE_CONSUME_ABORT	2	/* stop consuming: the call returns
					   at once, successfully; records
					   not read yet stay for the next */

/*
 * Called once per probe firing, before its records.  For a firing with no
 * record (the default action) it is the only call.
 */
typedef int dtrace_consume_probe_f(const dtrace_probedata_t *, void *);

/*
 * Called for each record of a firing, then once more with a NULL record at
 * the end of the firing.  The record's dtrd_value is its data, typed (see
 * dtrace_value_t); the probedata names the probe, clause and CPU.  Return
 * DTRACE_CONSUME_THIS to have libdtrace print the record to the output
 * file (or hand its text to the buffered handler) and act on it (setopt(),
 * system(), freopen(), printa(), clear(), trunc(), normalize() act only
 * then), DTRACE_CONSUME_NEXT to skip it, DTRACE_CONSUME_ABORT to stop
 * consuming at once (dtrace_consume() and dtrace_work() return success,
 * the rest of the firing is dropped, later firings wait for the next
 * call), DTRACE_CONSUME_ERROR to fail (EDT_CALLBACK).
 */
typedef int dtrace_consume_rec_f(const dtrace_probedata_t *,
    const dtrace_recdesc_t *, void *);

/* Called by dtrace_probe_iter() for each matching probe; non-zero stops. */
typedef int dtrace_probe_f(dtrace_hdl_t *, const dtrace_probedesc_t *, void *);

/* A runtime error (fault) reported by a probe firing. */
typedef struct dtrace_errdata {
	const dtrace_probedesc_t *dteda_pdesc;	/* probe that faulted */
	unsigned int dteda_clause;		/* clause that faulted */
	int dteda_cpu;				/* CPU */
	int dteda_fault;			/* DTRACEFLT_* */
	uint64_t dteda_addr;			/* faulting address or value */
	unsigned int dteda_pc;			/* BPF instruction index */
	const char *dteda_msg;			/* formatted message */
} dtrace_errdata_t;

/*
 * The fault codes (the ERROR probe's arg4), DTrace's numbers; D programs
 * name them too (DTRACEFLT_BADADDR).  This build raises UNKNOWN,
 * BADADDR, ILLOP, DIVZERO, NOSCRATCH and BADINDEX; the others are
 * defined for programs that compare with them.
 */
#define DTRACEFLT_UNKNOWN	0	/* unknown fault */
#define DTRACEFLT_BADADDR	1	/* bad address */
#define DTRACEFLT_BADALIGN	2	/* bad alignment */
#define DTRACEFLT_ILLOP		3	/* illegal operation (uregs index) */
#define DTRACEFLT_DIVZERO	4	/* division by zero */
#define DTRACEFLT_NOSCRATCH	5	/* out of scratch space */
#define DTRACEFLT_KPRIV		6	/* kernel access not permitted */
#define DTRACEFLT_UPRIV		7	/* user access not permitted */
#define DTRACEFLT_TUPOFLOW	8	/* tuple stack overflow */
#define DTRACEFLT_BADSTACK	9	/* bad stack */
#define DTRACEFLT_BADSIZE	10	/* bad size (alloca, copyin, ...) */
#define DTRACEFLT_BADINDEX	11	/* array index out of bounds */
#define DTRACEFLT_LIBRARY	1000	/* library-level fault */

#define DTRACE_HANDLE_ABORT	-1	/* handler asks to stop */
#define DTRACE_HANDLE_OK	0	/* handler handled it */

typedef int dtrace_handle_err_f(const dtrace_errdata_t *, void *);

/* What was lost: reported through dtrace_handle_drop(). */
typedef enum dtrace_dropkind {
	DTRACEDROP_PRINCIPAL,		/* records: output buffer full */
	DTRACEDROP_AGGREGATION,		/* new aggregation keys: aggsize */
	DTRACEDROP_DYNAMIC,		/* variable stores: dynvarsize */
	DTRACEDROP_SPEC,		/* speculate()d records: specsize */
	DTRACEDROP_SPECUNAVAIL,		/* speculation(): no free buffer */
	DTRACEDROP_MISSED		/* probe firings: the kernel did not
					   run a program already running on
					   that CPU */
} dtrace_dropkind_t;

typedef struct dtrace_dropdata {
	dtrace_dropkind_t dtdda_kind;	/* what was lost */
	int dtdda_cpu;			/* CPU of the loss; -1 for dynamic */
	uint64_t dtdda_drops;		/* lost since the last report */
	uint64_t dtdda_total;		/* lost (on that CPU) in all */
	const char *dtdda_msg;		/* "N drops on CPU n" and the like */
} dtrace_dropdata_t;

typedef int dtrace_handle_drop_f(const dtrace_dropdata_t *, void *);

/* Process events reported through dtrace_handle_proc(). */
typedef enum dtrace_procevent {
	DTRACE_PROC_EXITED = 1		/* a created or grabbed process ended */
} dtrace_procevent_t;

typedef void dtrace_handle_proc_f(pid_t, dtrace_procevent_t, int status,
    void *);

/*
 * Output delivered to dtrace_handle_buffered()'s handler instead of a
 * file: the text one record printed (dtbda_probe and dtbda_recdesc say
 * which), the end of a JSON firing (dtbda_recdesc NULL), or one
 * aggregation printed by dtrace_aggregate_print() (dtbda_probe NULL,
 * dtbda_aggid set).
 */
typedef struct dtrace_bufdata {
	size_t dtbda_size;			/* bytes of this struct filled */
	dtrace_hdl_t *dtbda_handle;		/* the session */
	const char *dtbda_buffered;		/* the text, NUL-terminated */
	size_t dtbda_len;			/* its length */
	const dtrace_probedata_t *dtbda_probe;	/* the firing, or NULL */
	const dtrace_recdesc_t *dtbda_recdesc;	/* the record, or NULL */
	dtrace_aggid_t dtbda_aggid;		/* aggregation printed, or 0 */
} dtrace_bufdata_t;

typedef int dtrace_handle_buffered_f(const dtrace_bufdata_t *, void *);

/*
 * Messages: what the library says outside of a call's result (a module
 * that cannot be read, a USDT note skipped, a setopt() that failed while
 * tracing, a fault or loss no other handler takes).  Delivered through
 * dtrace_handle_msg(); without a handler, written to stderr as
 * "dtrace: TEXT\n" (DTRACE_MSG_CPP, DTRACE_MSG_BPFLOG: TEXT and a
 * newline).
 */
typedef enum dtrace_msgkind {
	DTRACE_MSG_WARNING = 1,		/* something is left out or lost;
					   the session goes on */
	DTRACE_MSG_ERROR,		/* a fault, or an action (setopt(),
					   system(), freopen()) that failed */
	DTRACE_MSG_CPP,			/* the preprocessor's own diagnostics
					   (a #warning), as it wrote them */
	DTRACE_MSG_BPFLOG		/* the BPF verifier's log of a program
					   (option bpflog): lines, each
					   "BPF: " and a line of the log */
} dtrace_msgkind_t;

typedef struct dtrace_msgdata {
	size_t dtmd_size;		/* bytes of this struct filled */
	dtrace_hdl_t *dtmd_handle;	/* the session */
	dtrace_msgkind_t dtmd_kind;	/* what it is */
	const char *dtmd_text;		/* the message, NUL-terminated: one
					   line without "dtrace: " or a
					   newline (DTRACE_MSG_CPP,
					   DTRACE_MSG_BPFLOG: the lines
					   without the last newline) */
} dtrace_msgdata_t;

typedef void dtrace_handle_msg_f(const dtrace_msgdata_t *, void *);

/* ---- aggregations as data ---------------------------------------------- */

/* The aggregating function of an aggregation. */
typedef enum dtrace_aggfunc {
	DTRACEAGG_COUNT = 1,		/* count() */
	DTRACEAGG_SUM,			/* sum() */
	DTRACEAGG_AVG,			/* avg() */
	DTRACEAGG_MIN,			/* min() */
	DTRACEAGG_MAX,			/* max() */
	DTRACEAGG_STDDEV,		/* stddev() */
	DTRACEAGG_QUANTIZE,		/* quantize() */
	DTRACEAGG_LQUANTIZE,		/* lquantize() */
	DTRACEAGG_LLQUANTIZE		/* llquantize() */
} dtrace_aggfunc_t;

/* One bucket of a histogram: the values min..max (inclusive). */
typedef struct dtrace_aggbucket {
	int64_t dtab_min;		/* lowest value; INT64_MIN for the
					   first bucket */
	int64_t dtab_max;		/* highest value; INT64_MAX for the
					   last bucket */
	int64_t dtab_count;		/* values that fell in it (raw: not
					   divided by normalize()) */
} dtrace_aggbucket_t;

/*
 * One entry of an aggregation: the key, the value.  Raw fields are what
 * the probes aggregated; dtada_value is the number DTrace prints for the
 * entry (and sorts by), divided by normalize()'s divisor:
 *
 *   count	dtada_count = dtada_value = the count
 *   sum	dtada_sum = the sum
 *   avg	dtada_count values, dtada_sum their sum; value the integer
 *		average
 *   min, max	dtada_count values; value the smallest / largest
 *   stddev	dtada_count, dtada_sum, dtada_sumsq (sum of squares, modulo
 *		2^64: the program keeps it in 128 bits); value the integer
 *		standard deviation, computed in 128 bits
 *   quantize, lquantize, llquantize
 *		dtada_nbuckets buckets (every bucket, empty ones too, in
 *		order of value), dtada_count their total = dtada_value;
 *		dtada_params: lquantize's base, limit, step; llquantize's
 *		factor, low magnitude, high magnitude, steps
 */
typedef struct dtrace_aggdata {
	size_t dtada_size;			/* bytes of this struct filled */
	dtrace_hdl_t *dtada_handle;		/* the session */
	dtrace_aggid_t dtada_id;		/* the aggregation */
	const char *dtada_name;			/* its name: "@name", "@" */
	dtrace_aggfunc_t dtada_func;		/* its function */
	int64_t dtada_params[4];		/* histogram parameters */
	unsigned int dtada_nkeys;		/* key components (0: none) */
	const dtrace_value_t *dtada_keys;	/* each, typed */
	int64_t dtada_value;			/* the value as printed */
	int64_t dtada_count;			/* values aggregated */
	int64_t dtada_sum;			/* their sum */
	uint64_t dtada_sumsq;			/* stddev: sum of squares */
	int64_t dtada_normal;			/* normalize()'s divisor, 1 */
	uint32_t dtada_nbuckets;		/* histograms: buckets */
	const dtrace_aggbucket_t *dtada_buckets; /* them */
} dtrace_aggdata_t;

/* Return values of an aggregation walk's callback. */
#define DTRACE_AGGWALK_ERROR	-1	/* stop: the walk fails (EDT_CALLBACK) */
#define DTRACE_AGGWALK_NEXT	0	/* go on to the next entry */
#define DTRACE_AGGWALK_ABORT	1	/* stop: the walk succeeds */

typedef int dtrace_aggregate_f(const dtrace_aggdata_t *, void *);

/* Orders of an aggregation walk (dtaw_sort). */
#define DTRACE_AGGSORT_NONE	0	/* as read from the kernel */
#define DTRACE_AGGSORT_OPTIONS	1	/* as printed: by value, or as the
					   options aggsortkey, aggsortkeypos
					   and aggsortrev say */
#define DTRACE_AGGSORT_VAL	2	/* by value, then by key */
#define DTRACE_AGGSORT_KEY	3	/* by key (component by component),
					   then by value */

/* How to walk: a versioned options struct (size first). */
typedef struct dtrace_aggwalk_opts {
	size_t sz;			/* sizeof (dtrace_aggwalk_opts_t) */
	int dtaw_sort;			/* DTRACE_AGGSORT_* */
	int dtaw_rev;			/* reverse the order */
	dtrace_aggid_t dtaw_id;		/* only this aggregation; 0: all */
} dtrace_aggwalk_opts_t;

/*
 * Sessions.  dtrace_open() returns a handle ready for use; *errp receives
 * the error code when it returns NULL: EDT_NOPRIV if the process may not
 * trace (neither root nor CAP_BPF and CAP_PERFMON), unless the flags have
 * DTRACE_O_NODEV (a handle that compiles only).  dtrace_close() accepts NULL, stops
 * tracing if needed and releases every kernel object of the session.
 * MT: safe (dtrace_open, on its new handle); dtrace_close: handle, and no
 * other call on the handle may be running or follow.
 */
extern dtrace_hdl_t *dtrace_open(int version, int flags, int *errp);
extern void dtrace_close(dtrace_hdl_t *dtp);

/*
 * Kernel type data.  dtrace_update() re-reads what may have changed (the
 * BTF file replaced): the session moves to fresh type data, while programs
 * already compiled keep the data they were compiled with.  Sessions that
 * still hold the old data keep it valid.  MT: handle.
 */
extern int dtrace_update(dtrace_hdl_t *dtp);

/*
 * Options: the names of `-x opt=val` and `#pragma D option`.  An unknown
 * name fails with EDT_BADOPTNAME, a bad value with EDT_BADOPTVAL.  While
 * tracing, only the options the consumer reads as it goes may change
 * (also through D's setopt()); the others, and unknown names, fail with
 * EDT_ACTIVE.  These are the options that may change while tracing:
 *
 *	agghist aggpack aggpercpu aggrate aggsortkey aggsortkeypos
 *	aggsortpos aggsortrev aggzoom encoding noresolve printsize quiet
 *	switchrate
 *
 * These are built into the programs, and fail with EDT_ACTIVE once a
 * program using them has been compiled:
 *
 *	libdir nspec scratchsize specsize strsize
 *
 * (the test unit/options checks both lists against the library's).
 * ldpath, lockmem and modpath cannot be set from within a D program (its
 * #pragma D option): EDT_BADOPTCTX.
 * bufpolicy fails with EDT_ACTIVE once tracing has started, even after it
 * has stopped.
 * dtrace_getopt() reports a number: 1 or 0 for a flag, bytes for a
 * size, nanoseconds for a rate, the index of a keyword in its list
 * (oformat: 0 text, 1 json); an option whose value is a string or a list
 * (btfpath, cpppath, debugdir, registry, amin, stdc, define, undef,
 * incdir, libdir) has none, and fails as an unknown name does.
 *
 * The C preprocessor's options (see DTRACE_C_CPP) act on the programs
 * compiled after they are set; in a `#pragma D option`, on the next
 * programs, not the file that sets them.
 *
 *	cpp		preprocess every program, as DTRACE_C_CPP does
 *	cpppath=PATH	the preprocessor to run (a name without '/' is
 *			looked for in PATH)
 *	define=NAME[=VALUE]	adds -DNAME[=VALUE] (-D); NAME(ARGS)=BODY
 *			defines a function-like macro
 *	undef=NAME	adds -UNAME (-U)
 *	incdir=DIR	adds -IDIR (-I)
 *	cpphdrs		adds -H: the preprocessor prints the name of each
 *			file it includes on standard error (-H)
 *
 * define, undef and incdir accumulate on the handle (a bad macro name is
 * EDT_BADOPTVAL); of these options, dtrace_getopt() reports cpp and
 * cpphdrs (0 or 1).  MT: handle.
 */
extern int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val);
extern int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt,
    dtrace_optval_t *valp);

/*
 * Compiling.  A program compiled from a string (spec DTRACE_PROBESPEC_NAME:
 * a probe description, optionally followed by a predicate and clause body,
 * or a whole program) or from a file.  argv are the macro arguments $0..$n.
 * The program belongs to the handle and is freed by dtrace_close().
 * Sessions compiling at once in several threads share the kernel type
 * data, parsed once per process.  MT: handle.
 */
extern dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp,
    const char *s, dtrace_probespec_t spec, unsigned int cflags, int argc,
    char *const argv[]);
extern dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp,
    unsigned int cflags, int argc, char *const argv[]);

/* Print the BPF instructions a program compiles to (-S).  MT: handle. */
extern int dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    FILE *fp);

/*
 * Providers declared in D (provider NAME { probe ... };), as the
 * handle's programs declared them.  dtrace_program_header() writes the
 * C header of their probes to fp (dtrace -h; fname, the header's file
 * name, gives its include guard).  dtrace_program_link() checks that each
 * object file of objv holds probes of the declared providers (made with
 * that header) and writes to file the object to link them with (dtrace
 * -G): the probes' semaphores and their argument types.  dflags must be
 * 0; pgp is not used (the declarations are the handle's).  Both fail
 * with EDT_LINK and a message that says why.  MT: handle.
 */
extern int dtrace_program_header(dtrace_hdl_t *dtp, FILE *fp,
    const char *fname);
extern int dtrace_program_link(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    unsigned int dflags, const char *file, int objc, char *const objv[]);

/* Enable a compiled program in the session (before dtrace_go()).  MT: handle. */
extern int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    dtrace_proginfo_t *pip);

/*
 * Tracing.  dtrace_go() loads and attaches everything and fires BEGIN;
 * dtrace_stop() fires END and detaches (what END and the last firings
 * recorded is read by the next dtrace_work() or dtrace_consume()).
 * dtrace_sleep() waits until there is something to consume or do, never
 * longer than the next deadline (switchrate).  dtrace_status() says
 * whether exit() was consumed or tracing stopped.  MT: handle, each.
 */
extern int dtrace_go(dtrace_hdl_t *dtp);
extern int dtrace_stop(dtrace_hdl_t *dtp);
extern void dtrace_sleep(dtrace_hdl_t *dtp);
extern int dtrace_status(dtrace_hdl_t *dtp);

/*
 * dtrace_work(): one round of the work loop.  It consumes every record
 * buffered (as dtrace_consume() does), then acts on what they said: once
 * exit() is consumed it stops tracing (END fires and its records are
 * consumed too) and returns DTRACE_WORKSTATUS_DONE; it enables the probes
 * of processes started since the last round (USDT discovery) and notices
 * created or grabbed processes that exited (DONE once all are gone).
 * MT: handle.
 */
extern dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *fp,
    dtrace_consume_probe_f *pfunc, dtrace_consume_rec_f *rfunc, void *arg);

/*
 * dtrace_consume(): consume the records buffered now, and nothing else:
 * no sleeping, no stop on exit() (dtrace_status() then says
 * DTRACE_STATUS_EXITED and the caller calls dtrace_stop(), then
 * dtrace_consume() again for END's records), no process bookkeeping.
 * For each firing pfunc runs first, then rfunc for each record (its
 * dtrd_value typed), then rfunc with NULL; a record the callbacks accept
 * (DTRACE_CONSUME_THIS, or no callback) is printed on fp, or given to
 * the buffered handler if one is set, or not printed if fp is NULL.
 * Faults go to the error handler; losses to the drop handler (else both
 * to stderr).  Returns 0, or -1 (EDT_NOTACTIVE before dtrace_go(); the
 * error of a callback that returned DTRACE_CONSUME_ERROR: EDT_CALLBACK).
 * Callbacks may call only dtrace_errmsg(), dtrace_errno(),
 * dtrace_aggregate_snap() and the aggregation walks on the handle (to
 * read the aggregation a printa() record names), not
 * dtrace_aggregate_clear(), dtrace_stop() or dtrace_close().
 * MT: handle.
 */
extern int dtrace_consume(dtrace_hdl_t *dtp, FILE *fp,
    dtrace_consume_probe_f *pfunc, dtrace_consume_rec_f *rfunc, void *arg);

/*
 * Print every aggregation not yet printed by printa() as DTrace does at
 * the end of a session: each one's entries sorted by value (or as the
 * sort options say), histograms as distribution tables.  With a buffered
 * handler, each aggregation's text goes to it instead of fp.  It reads
 * the kernel's maps as they are now, not the snapshot: a consumer may
 * call it as often as it likes, while tracing runs or after
 * dtrace_stop().  MT: handle.
 */
extern int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp, void *unused);

/*
 * Aggregations as data.  dtrace_aggregate_snap() reads every aggregation
 * of the session from the kernel (merging the CPUs' copies) into the
 * session's snapshot, replacing the previous one; the walks deliver the
 * snapshot's entries, typed, to func: every aggregation in the order the
 * program declared them, each entry once.  A walk with no snapshot yet
 * takes one first; later walks see the same data until the next
 * dtrace_aggregate_snap() or dtrace_aggregate_clear().  Snapshots can be
 * taken while tracing and after dtrace_stop(), until dtrace_close();
 * before dtrace_go() they fail with EDT_NOTACTIVE.
 *
 *   dtrace_aggregate_walk		entries as read (DTRACE_AGGSORT_NONE)
 *   dtrace_aggregate_walk_sorted	as printed (DTRACE_AGGSORT_OPTIONS)
 *   dtrace_aggregate_walk_valsorted	by value, smallest first
 *   dtrace_aggregate_walk_keysorted	by key
 *   dtrace_aggregate_walk_valrevsorted, _keyrevsorted: reversed
 *   dtrace_aggregate_walk_opts		as opts says (NULL: as read, all);
 *					an unknown dtaw_id is EDT_NOAGG
 *
 * func returns DTRACE_AGGWALK_NEXT, _ABORT (the walk returns 0) or
 * _ERROR (it returns -1 with EDT_CALLBACK).  The aggdata and what it
 * points to are valid during the call only.  From func, only
 * dtrace_errmsg() and dtrace_errno() may be called on the handle.
 *
 * dtrace_aggregate_clear() sets every value of every aggregation to zero
 * in the kernel, keeping the keys, as D's clear() does, and drops the
 * snapshot.
 * MT: handle, each.
 */
extern int dtrace_aggregate_snap(dtrace_hdl_t *dtp);
extern int dtrace_aggregate_walk(dtrace_hdl_t *dtp, dtrace_aggregate_f *func,
    void *arg);
extern int dtrace_aggregate_walk_sorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg);
extern int dtrace_aggregate_walk_keysorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg);
extern int dtrace_aggregate_walk_valsorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg);
extern int dtrace_aggregate_walk_keyrevsorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg);
extern int dtrace_aggregate_walk_valrevsorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg);
extern int dtrace_aggregate_walk_opts(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg, const dtrace_aggwalk_opts_t *opts);
extern int dtrace_aggregate_clear(dtrace_hdl_t *dtp);

/* The exit status given to exit() by the program, or 0.  MT: handle. */
extern int dtrace_exit_status(dtrace_hdl_t *dtp);

/*
 * Handlers: runtime errors (faults), process events, losses, buffered
 * output.  Each replaces the previous handler of its kind (NULL removes
 * it) and runs during dtrace_work() or dtrace_consume() (the process
 * handler during dtrace_work(); the buffered one also during
 * dtrace_aggregate_print()).  Without a drop or error handler, those are
 * reported as messages (dtrace_handle_msg(), else on stderr).  With a
 * buffered handler, everything a record or dtrace_aggregate_print()
 * would print goes to it instead of the FILE, one call per record or
 * aggregation; system()'s commands then write to the process's standard
 * output and freopen() fails (there is no file to redirect).  MT:
 * handle.
 */
extern int dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *hdlr,
    void *arg);
extern int dtrace_handle_proc(dtrace_hdl_t *dtp, dtrace_handle_proc_f *hdlr,
    void *arg);
extern int dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *hdlr,
    void *arg);
extern int dtrace_handle_buffered(dtrace_hdl_t *dtp,
    dtrace_handle_buffered_f *hdlr, void *arg);
/*
 * The message handler: every message of the session (dtrace_msgdata_t),
 * during the call that gives rise to it, from dtrace_program_strcompile()
 * to dtrace_close(); NULL puts them back on stderr.  Faults and losses
 * come to it only without an error or drop handler.  The text is valid
 * until the handler returns.  MT: handle.
 */
extern int dtrace_handle_msg(dtrace_hdl_t *dtp, dtrace_handle_msg_f *hdlr,
    void *arg);

/*
 * Errors.  dtrace_errno() is the code of the handle's last error;
 * dtrace_errmsg() explains a code (the handle's detailed message when it
 * is the handle's last one; dtp may be NULL).  MT: handle (MT: safe with
 * a NULL handle).
 */
extern int dtrace_errno(dtrace_hdl_t *dtp);
extern const char *dtrace_errmsg(dtrace_hdl_t *dtp, int error);
/*
 * The compiler error tag (D_SYNTAX, ...) of the last error, or NULL.
 * MT: handle.
 */
extern const char *dtrace_errtag(dtrace_hdl_t *dtp);
/*
 * Where the last compiler error is, for a person to read: "at
 * FILE:LINE:COLUMN", then the source line and a caret under the column,
 * on three lines indented by four spaces, without a final newline; NULL
 * when the last error is not a compiler error.  dtrace_errmsg() gives
 * DTrace's message alone.  MT: handle.
 */
extern const char *dtrace_errwhere(dtrace_hdl_t *dtp);

/*
 * Probes: call func for each probe matching pdp (all probes if NULL).
 * MT: handle.
 */
extern int dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    dtrace_probe_f *func, void *arg);
/*
 * The D type of args[n] of the probe pdp->id (as dtrace_probe_iter() gives
 * it) into buf, as `dtrace -l -v` shows it ("char *", "psinfo_t *").
 * Returns 0, or -1: EDT_NOPROBE for an unknown probe id, ENOENT when
 * the probe has no typed argument n.  MT: handle.
 */
extern int dtrace_probe_argtype(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    int n, char *buf, size_t len);
/*
 * The stability attributes of the probe pdp->id.  Returns 0, or -1 with
 * EDT_NOPROBE.  MT: handle.
 */
extern int dtrace_probe_attr(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    dtrace_probeattr_t *pap);
/*
 * Call func for each probe description of each clause of a compiled
 * program, in program order, with its stability attributes (dtrace -v).
 * Stops at, and returns, the first non-zero value func returns.  MT:
 * handle.
 */
extern int dtrace_stmt_iter(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    dtrace_stmt_f *func, void *arg);
/* "Evolving" for DTRACE_STABILITY_EVOLVING; NULL if out of range.  MT-safe. */
extern const char *dtrace_stability_name(dtrace_stability_t s);
/* "Common" for DTRACE_CLASS_COMMON; NULL if out of range.  MT-safe. */
extern const char *dtrace_class_name(dtrace_class_t c);
/*
 * "Evolving/Evolving/Common" into buf (len bytes), returned.  MT-safe.
 */
extern char *dtrace_attr2str(dtrace_attribute_t attr, char *buf, size_t len);
/*
 * Parse "name/data/class" (names in any case; fields may be left out from
 * the right, keeping *attr's) into *attr.  Returns 0, or -1 if a name is
 * unknown.  MT-safe.
 */
extern int dtrace_str2attr(const char *str, dtrace_attribute_t *attr);
/*
 * Parse "prov:mod:func:name" (fields filled from the right) into *pdp;
 * with DTRACE_PROBESPEC_ID, digits are a probe id (pdp->id) and anything
 * else a probe name.  MT: handle.
 */
extern int dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec,
    const char *s, dtrace_probedesc_t *pdp);

/*
 * Process control.  dtrace_proc_create() starts file with argv (NULL,
 * EDT_PROC, when it cannot be executed), held where option evaltime says
 * (by default at its main(), after its loader and constructors; with exec,
 * before its exec()) until dtrace_proc_continue() lets it run (and, held
 * before its exec(), returns once it executed its file: -1, EDT_PROC,
 * when that failed); dtrace_proc_grab() attaches to
 * a running process (one that has just started is held at its entry point
 * the same way).  The session ends (dtrace_work() returns
 * DTRACE_WORKSTATUS_DONE) when every such process has exited.
 * MT: handle; dtrace_proc_pid: safe.
 */
extern struct ps_prochandle *dtrace_proc_create(dtrace_hdl_t *dtp,
    const char *file, char *const *argv);
extern struct ps_prochandle *dtrace_proc_grab(dtrace_hdl_t *dtp, pid_t pid,
    int flags);
extern int dtrace_proc_continue(dtrace_hdl_t *dtp, struct ps_prochandle *P);
extern void dtrace_proc_release(dtrace_hdl_t *dtp, struct ps_prochandle *P);
extern pid_t dtrace_proc_pid(struct ps_prochandle *P);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_H */
