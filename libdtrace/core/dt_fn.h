/*
 * dt_fn.h: D's built-in functions (subroutines, actions, aggregating
 * functions and the actions on aggregations), one row each in one table
 * (dt_fn.c).
 *
 * A row says all the compiler needs to know of a function: its name and
 * number (DT_FN_*, for the few places that must name one function), its
 * return type, its kind, its flags, the prototype of its arguments, an
 * optional semantic-check function for what the prototype cannot say, and
 * the function that generates its code.  The semantic pass (dt_sema_call.c)
 * checks calls from the row: the kind says where a call may appear, the
 * prototype the count and types of its arguments, the flags what the
 * clause becomes (destructive, speculating); then it calls fn_sema.  The
 * code generator calls fn_cg.  Nothing compares function numbers by range:
 * test/fn-check enforces it.
 *
 * Invariant, checked by dt_fn_verify() at dtrace_open(): every DT_FN_*
 * number has a row, and every row has a code-generation function unless
 * it is refused on purpose (DT_FF_REFUSED: its fn_sema always reports
 * why).  A function added to the enum without a row, or with a row
 * without fn_cg, stops the library at its first dtrace_open(), before any
 * program could compile to something silently wrong.
 *
 * The prototype is a string, one letter an argument, "[" before the
 * optional ones: s a string, i an integer, x an integer or a pointer
 * (an address), p what a void * takes: an address, or a string or an
 * array (their address, as in C), a an aggregation.  NULL: fn_sema checks
 * the arguments itself (their messages or rules are particular).  The
 * prototype of an aggregating function or of an action on aggregations
 * gives the count of its arguments (dt_sema_agg.c reads it; their types
 * have DTrace's own tags there).
 */
#ifndef DT_FN_H
#define DT_FN_H

#include "dt_impl.h"
#include "dt_ident.h"

struct dt_pcb;
struct dt_node;
struct dt_cg;

typedef enum dt_fnkind {
	DT_FK_SUBR = 1,		/* subroutine: has a value, in expressions */
	DT_FK_ACT,		/* action: a statement of its own, void */
	DT_FK_AGG,		/* aggregating function: @a[...] = f(...) */
	DT_FK_AGGACT		/* action on aggregations: printa( ), ... */
} dt_fnkind_t;

#define DT_FF_RECORD	0x01	/* records data: takes a record of the
				   clause (sema adds it, cg fills it) */
#define DT_FF_DESTRUCTIVE 0x02	/* needs -w: makes the clause destructive */
#define DT_FF_DYNACT	0x04	/* stack( ) and kin: also an aggregation
				   key, never an ordinary value */
#define DT_FF_SPEC	0x08	/* works on speculations: the clause and
				   the session use them */
#define DT_FF_REFUSED	0x10	/* refused on purpose: fn_sema says why;
				   there is no code to generate */

/* Check a call (dnp, with nargs arguments); dt_cerror() on an error. */
typedef void dt_fnsema_f(struct dt_pcb *, struct dt_node *, int);

/*
 * Generate a call's code.  A subroutine (and stack( )'s kin, as a value)
 * is called with r NULL and leaves its value in r0; an action is called
 * with its record, or NULL when it records nothing (no DT_FF_RECORD); an
 * aggregating function with the assignment node @a[...] = f(...).
 */
typedef void dt_fncg_f(struct dt_cg *, struct dt_node *, dt_datarec_t *);

typedef struct dt_fn {
	dt_ident_t fn_ident;	/* what dt_builtin_lookup() returns: the
				   name, DT_FN_* number and return type */
	dt_fnkind_t fn_kind;	/* DT_FK_* */
	uint32_t fn_flags;	/* DT_FF_* */
	const char *fn_proto;	/* argument letters (above), or NULL */
	dt_fnsema_f *fn_sema;	/* particular checks, or NULL */
	dt_fncg_f *fn_cg;	/* its code (NULL only if DT_FF_REFUSED) */
} dt_fn_t;

/*
 * The functions of the rows, by the file that defines them.  Most check
 * or generate one function; a family that shares its code (the lock
 * subroutines, the byte-order ones) shares one, which tells its members
 * apart by DT_FN_* number.
 */

/* dt_sema_call.c */
extern dt_fnsema_f dt_sema_trace, dt_sema_print, dt_sema_tracemem,
    dt_sema_setopt, dt_sema_speculation, dt_sema_specid, dt_sema_exit,
    dt_sema_lockfn, dt_sema_progenyof, dt_sema_d_path,
    dt_sema_inet, dt_sema_strtok, dt_sema_stringof, dt_sema_copyinstr,
    dt_sema_alloca,
    dt_sema_stack, dt_sema_ustack, dt_sema_usym, dt_sema_sym,
    dt_sema_refused, dt_sema_printf;

/* codegen/dt_cg_act.c: actions that fill records */
extern dt_fncg_f dt_cg_trace, dt_cg_record_only, dt_cg_setopt, dt_cg_print,
    dt_cg_tracemem, dt_cg_exit, dt_cg_printf, dt_cg_signal;

/* codegen/dt_cg_str.c: strings */
extern dt_fncg_f dt_cg_copyinstr, dt_cg_stringof, dt_cg_strfunc;

/* codegen/dt_cg_strnum.c: strings to numbers */
extern dt_fncg_f dt_cg_strtoll;

/* codegen/dt_cg_path.c: paths */
extern dt_fncg_f dt_cg_pathfunc, dt_cg_d_path;

/* codegen/dt_cg_inet.c: network addresses */
extern dt_fncg_f dt_cg_inet;

/* codegen/dt_cg_subr.c: integers, processes, locks */
extern dt_fncg_f dt_cg_intfunc, dt_cg_progenyof, dt_cg_lockfn,
    dt_cg_psargs, dt_cg_argc;

/* codegen/dt_cg_mem.c: memory */
extern dt_fncg_f dt_cg_copyin, dt_cg_alloca, dt_cg_copyto;

/* codegen/dt_cg_stack.c: stacks and symbols */
extern dt_fncg_f dt_cg_stack, dt_cg_ustack, dt_cg_sym, dt_cg_usym;

/* codegen/dt_cg_spec.c: speculations */
extern dt_fncg_f dt_cg_speculation, dt_cg_speculate, dt_cg_commit;

/* codegen/dt_cg_agg.c: aggregations */
extern dt_fncg_f dt_cg_agg, dt_cg_aggact;

extern const dt_fn_t *dt_fn_lookup(const char *);
extern const dt_fn_t *dt_fn_of(const dt_ident_t *);
extern const dt_fn_t *dt_fn_byid(int);
extern void dt_fn_verify(void);
extern bool dt_fn_newer(const char *, const char *);

#endif /* DT_FN_H */
