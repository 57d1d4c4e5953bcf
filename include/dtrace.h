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
 * handles.  Calls on one handle must be serialized by the caller.
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
	EDT_CPP,		/* the C preprocessor failed or cannot run */
	EDT_PROCALIGN,		/* pid offset inside an instruction */
	EDT_PROCOFF,		/* pid offset outside of its function */
	EDT_DESTRUCTIVE,	/* destructive actions without -w */
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
 * error in an included file).  If the preprocessor fails, the compilation
 * fails with EDT_CPP and dtrace_errmsg() gives the preprocessor's messages
 * (what it writes on standard error when it succeeds, such as warnings or
 * the list of -H, goes to standard error).
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
	DTRACEACT_FREOPEN		/* freopen(): formatted like printf(),
					   the new output file ("" restores) */
} dtrace_actkind_t;

/* Description of one record of a probe firing. */
typedef struct dtrace_recdesc {
	dtrace_actkind_t dtrd_action;	/* kind of record */
	uint32_t dtrd_size;		/* size of the data */
	uint32_t dtrd_offset;		/* offset in the firing's data */
	uint32_t dtrd_flags;		/* DTRACE_RF_* */
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
#define DTRACE_CONSUME_ABORT	2	/* stop consuming */

/*
 * Called once per probe firing, before its records.  For a firing with no
 * record (the default action) it is the only call.
 */
typedef int dtrace_consume_probe_f(const dtrace_probedata_t *, void *);

/*
 * Called for each record of a firing, then once more with a NULL record at
 * the end of the firing.  Return DTRACE_CONSUME_THIS to have libdtrace print
 * the record to the output file.
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

#define DTRACEFLT_UNKNOWN	0	/* unknown fault */
#define DTRACEFLT_BADADDR	1	/* bad address */
#define DTRACEFLT_ILLOP		3	/* illegal operation (uregs index) */
#define DTRACEFLT_DIVZERO	4	/* division by zero */
#define DTRACEFLT_NOSCRATCH	5	/* out of scratch space */

#define DTRACE_HANDLE_ABORT	-1	/* handler asks to stop */
#define DTRACE_HANDLE_OK	0	/* handler handled it */

typedef int dtrace_handle_err_f(const dtrace_errdata_t *, void *);

/* What was lost: reported through dtrace_handle_drop(). */
typedef enum dtrace_dropkind {
	DTRACEDROP_PRINCIPAL,		/* records: output buffer full */
	DTRACEDROP_AGGREGATION,		/* new aggregation keys: aggsize */
	DTRACEDROP_DYNAMIC,		/* variable stores: dynvarsize */
	DTRACEDROP_SPEC,		/* speculate()d records: specsize */
	DTRACEDROP_SPECUNAVAIL		/* speculation(): no free buffer */
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
 * Sessions.  dtrace_open() returns a handle ready for use; *errp receives
 * the error code when it returns NULL: EDT_NOPRIV if the process may not
 * trace (neither root nor CAP_BPF and CAP_PERFMON), unless the flags have
 * DTRACE_O_NODEV (a handle that compiles only).  dtrace_close() accepts NULL, stops
 * tracing if needed and releases every kernel object of the session.
 */
extern dtrace_hdl_t *dtrace_open(int version, int flags, int *errp);
extern void dtrace_close(dtrace_hdl_t *dtp);

/*
 * Kernel type data.  dtrace_update() re-reads what may have changed (the
 * BTF file replaced): the session moves to fresh type data, while programs
 * already compiled keep the data they were compiled with.
 */
extern int dtrace_update(dtrace_hdl_t *dtp);

/*
 * Options: the names of `-x opt=val` and `#pragma D option`.  While
 * tracing, only the options the consumer reads as it goes may change
 * (quiet, aggsortkey, aggsortkeypos, aggsortpos, aggsortrev, switchrate;
 * also through D's setopt()); the others fail with EDT_ACTIVE.
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
 * cpphdrs (0 or 1).
 */
extern int dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val);
extern int dtrace_getopt(dtrace_hdl_t *dtp, const char *opt,
    dtrace_optval_t *valp);

/*
 * Compiling.  A program compiled from a string (spec DTRACE_PROBESPEC_NAME:
 * a probe description, optionally followed by a predicate and clause body,
 * or a whole program) or from a file.  argv are the macro arguments $0..$n.
 * The program belongs to the handle and is freed by dtrace_close().
 */
extern dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp,
    const char *s, dtrace_probespec_t spec, unsigned int cflags, int argc,
    char *const argv[]);
extern dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp,
    unsigned int cflags, int argc, char *const argv[]);

/* Print the BPF instructions a program compiles to (-S). */
extern int dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    FILE *fp);

/* Enable a compiled program in the session (before dtrace_go()). */
extern int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    dtrace_proginfo_t *pip);

/*
 * Tracing.  dtrace_go() loads and attaches everything and fires BEGIN;
 * dtrace_stop() fires END, consumes what remains and detaches.
 * dtrace_sleep() waits until there is something to consume or do, never
 * longer than the next deadline.  dtrace_work() consumes the records,
 * printing them to fp with the help of the callbacks (either may be NULL).
 */
extern int dtrace_go(dtrace_hdl_t *dtp);
extern int dtrace_stop(dtrace_hdl_t *dtp);
extern void dtrace_sleep(dtrace_hdl_t *dtp);
extern int dtrace_status(dtrace_hdl_t *dtp);
extern dtrace_workstatus_t dtrace_work(dtrace_hdl_t *dtp, FILE *fp,
    dtrace_consume_probe_f *pfunc, dtrace_consume_rec_f *rfunc, void *arg);

/*
 * Print every aggregation as DTrace does at the end of a session: each
 * one's entries sorted by value, histograms as distribution tables.
 */
extern int dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp, void *unused);

/* The exit status given to exit() by the program, or 0. */
extern int dtrace_exit_status(dtrace_hdl_t *dtp);

/* Handlers for runtime errors and process events. */
extern int dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *hdlr,
    void *arg);
extern int dtrace_handle_proc(dtrace_hdl_t *dtp, dtrace_handle_proc_f *hdlr,
    void *arg);
/* Drops are reported by dtrace_work(); without a handler, on stderr. */
extern int dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *hdlr,
    void *arg);

/* Errors. */
extern int dtrace_errno(dtrace_hdl_t *dtp);
extern const char *dtrace_errmsg(dtrace_hdl_t *dtp, int error);
/* The compiler error tag (D_SYNTAX, ...) of the last error, or NULL. */
extern const char *dtrace_errtag(dtrace_hdl_t *dtp);

/* Probes: call func for each probe matching pdp (all probes if NULL). */
extern int dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    dtrace_probe_f *func, void *arg);
/* Parse "prov:mod:func:name" (fields filled from the right) into *pdp. */
extern int dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec,
    const char *s, dtrace_probedesc_t *pdp);

/*
 * Process control.  dtrace_proc_create() starts file with argv, held before
 * it executes anything until dtrace_proc_continue(); dtrace_proc_grab()
 * attaches to a running process.  The session ends (dtrace_work() returns
 * DTRACE_WORKSTATUS_DONE) when every such process has exited.
 */
extern struct ps_prochandle *dtrace_proc_create(dtrace_hdl_t *dtp,
    const char *file, char *const *argv);
extern struct ps_prochandle *dtrace_proc_grab(dtrace_hdl_t *dtp, pid_t pid,
    int flags);
extern void dtrace_proc_continue(dtrace_hdl_t *dtp, struct ps_prochandle *P);
extern void dtrace_proc_release(dtrace_hdl_t *dtp, struct ps_prochandle *P);
extern pid_t dtrace_proc_pid(struct ps_prochandle *P);

#ifdef __cplusplus
}
#endif

#endif /* DTRACE_H */
