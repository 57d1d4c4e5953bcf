/*
 * dt_fn.c: the table of D's built-in functions, one row each (dt_fn.h
 * says what a row holds and which invariants hold of the table).
 *
 * The rows are grouped by family, in the order of the DT_FN_* numbers; a
 * name that is another's alias (func for sym, jstack for ustack, ufunc
 * for usym) is a row of its own with the same number and functions.
 * Names are looked up linearly: there are about a hundred, and a name is
 * looked up once per use in a program.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../dlang/dt_ast.h"
#include "dt_fn.h"

#define T_I32	{ DT_TK_INT, 4, 1, 0 }
#define T_U32	{ DT_TK_INT, 4, 0, 0 }
#define T_U64	{ DT_TK_INT, 8, 0, 0 }
#define T_I64	{ DT_TK_INT, 8, 1, 0 }
#define T_U16	{ DT_TK_INT, 2, 0, 0 }
#define T_STR	{ DT_TK_STRING, 0, 0, 0 }
#define T_VOID	{ DT_TK_VOID, 0, 0, 0 }
#define T_VOIDP	{ DT_TK_PTR, 8, 0, 0 }

#define FN(name, id, type, kind, flags, proto, sema, cg)		\
	{ { NULL, (char *)(name), DT_IDENT_FUNC, (id), type, 0, true },	\
	    (kind), (flags), (proto), (sema), (cg) }

#define SUBR	DT_FK_SUBR
#define ACT	DT_FK_ACT
#define AGG	DT_FK_AGG
#define AGGACT	DT_FK_AGGACT
#define REC	DT_FF_RECORD
#define DESTR	DT_FF_DESTRUCTIVE
#define DYN	DT_FF_DYNACT
#define SPEC	DT_FF_SPEC
#define REFUSED	DT_FF_REFUSED

static const dt_fn_t dt_fns[] = {
	/* recording actions */
	FN("trace", DT_FN_TRACE, T_VOID, ACT, REC, NULL, dt_sema_trace,
	    dt_cg_trace),
	FN("printf", DT_FN_PRINTF, T_VOID, ACT, REC, NULL, dt_sema_printf,
	    dt_cg_printf),
	FN("exit", DT_FN_EXIT, T_VOID, ACT, REC, NULL, dt_sema_exit,
	    dt_cg_exit),
	FN("setopt", DT_FN_SETOPT, T_VOID, ACT, REC, NULL, dt_sema_setopt,
	    dt_cg_setopt),
	FN("tracemem", DT_FN_TRACEMEM, T_VOID, ACT, REC, NULL,
	    dt_sema_tracemem, dt_cg_tracemem),
	FN("print", DT_FN_PRINT, T_VOID, ACT, REC, NULL, dt_sema_print,
	    dt_cg_print),
	FN("ftruncate", DT_FN_FTRUNCATE, T_VOID, ACT, REC, "", NULL,
	    dt_cg_record_only),

	/* strings */
	FN("copyinstr", DT_FN_COPYINSTR, T_STR, SUBR, 0, NULL,
	    dt_sema_copyinstr, dt_cg_copyinstr),
	FN("stringof", DT_FN_STRINGOF, T_STR, SUBR, 0, NULL, dt_sema_stringof,
	    dt_cg_stringof),
	FN("strlen", DT_FN_STRLEN, T_U64, SUBR, 0, "s", NULL, dt_cg_strfunc),
	FN("strjoin", DT_FN_STRJOIN, T_STR, SUBR, 0, "ss", NULL,
	    dt_cg_strfunc),
	FN("substr", DT_FN_SUBSTR, T_STR, SUBR, 0, "si[i", NULL,
	    dt_cg_strfunc),
	FN("strchr", DT_FN_STRCHR, T_STR, SUBR, 0, "si", NULL, dt_cg_strfunc),
	FN("strrchr", DT_FN_STRRCHR, T_STR, SUBR, 0, "si", NULL,
	    dt_cg_strfunc),
	FN("basename", DT_FN_BASENAME, T_STR, SUBR, 0, "s", NULL,
	    dt_cg_pathfunc),
	FN("dirname", DT_FN_DIRNAME, T_STR, SUBR, 0, "s", NULL,
	    dt_cg_pathfunc),
	FN("cleanpath", DT_FN_CLEANPATH, T_STR, SUBR, 0, "s", NULL,
	    dt_cg_pathfunc),
	FN("lltostr", DT_FN_LLTOSTR, T_STR, SUBR, 0, "i[i", NULL,
	    dt_cg_strfunc),
	FN("toupper", DT_FN_TOUPPER, T_STR, SUBR, 0, "s", NULL,
	    dt_cg_strfunc),
	FN("tolower", DT_FN_TOLOWER, T_STR, SUBR, 0, "s", NULL,
	    dt_cg_strfunc),
	FN("index", DT_FN_INDEX, T_I32, SUBR, 0, "ss[i", NULL,
	    dt_cg_strfunc),
	FN("rindex", DT_FN_RINDEX, T_I32, SUBR, 0, "ss[i", NULL,
	    dt_cg_strfunc),
	FN("strstr", DT_FN_STRSTR, T_STR, SUBR, 0, "ss", NULL,
	    dt_cg_strfunc),
	FN("strtok", DT_FN_STRTOK, T_STR, SUBR, 0, NULL, dt_sema_strtok,
	    dt_cg_strfunc),
	FN("strtoll", DT_FN_STRTOLL, T_I64, SUBR, 0, "s[i", NULL,
	    dt_cg_strtoll),

	/* integers */
	FN("htons", DT_FN_HTONS, T_U16, SUBR, 0, "i", NULL, dt_cg_intfunc),
	FN("htonl", DT_FN_HTONL, T_U32, SUBR, 0, "i", NULL, dt_cg_intfunc),
	FN("htonll", DT_FN_HTONLL, T_U64, SUBR, 0, "i", NULL, dt_cg_intfunc),
	FN("ntohs", DT_FN_NTOHS, T_U16, SUBR, 0, "i", NULL, dt_cg_intfunc),
	FN("ntohl", DT_FN_NTOHL, T_U32, SUBR, 0, "i", NULL, dt_cg_intfunc),
	FN("ntohll", DT_FN_NTOHLL, T_U64, SUBR, 0, "i", NULL, dt_cg_intfunc),
	FN("rand", DT_FN_RAND, T_I32, SUBR, 0, "", NULL, dt_cg_intfunc),
	FN("getmajor", DT_FN_GETMAJOR, T_U32, SUBR, 0, "i", NULL,
	    dt_cg_intfunc),
	FN("getminor", DT_FN_GETMINOR, T_U32, SUBR, 0, "i", NULL,
	    dt_cg_intfunc),
	FN("progenyof", DT_FN_PROGENYOF, T_I32, SUBR, 0, "i",
	    dt_sema_progenyof, dt_cg_progenyof),
	/* the D library's: psinfo_t's pr_psargs, from the arguments' span */
	FN("__psargs", DT_FN_PSARGS, T_STR, SUBR, 0, "ii", NULL,
	    dt_cg_psargs),
	/* psinfo_t's pr_argc, from the top of the process's stack */
	FN("__argc", DT_FN_ARGC, T_I32, SUBR, 0, "i", NULL, dt_cg_argc),

	/* memory */
	FN("copyin", DT_FN_COPYIN, T_VOIDP, SUBR, 0, "xx", dt_sema_alloca,
	    dt_cg_copyin),
	FN("alloca", DT_FN_ALLOCA, T_VOIDP, SUBR, 0, "x", dt_sema_alloca,
	    dt_cg_alloca),
	FN("copyinto", DT_FN_COPYINTO, T_VOID, ACT, 0, "xxx", NULL,
	    dt_cg_copyto),
	FN("bcopy", DT_FN_BCOPY, T_VOID, ACT, 0, "pxx", NULL, dt_cg_copyto),

	/* stacks and symbols: actions, and aggregation keys */
	FN("stack", DT_FN_STACK, T_VOID, ACT, REC | DYN, "[i", dt_sema_stack,
	    dt_cg_stack),
	FN("sym", DT_FN_SYM, T_VOID, ACT, REC | DYN, "x", dt_sema_sym,
	    dt_cg_sym),
	FN("func", DT_FN_SYM, T_VOID, ACT, REC | DYN, "x", dt_sema_sym,
	    dt_cg_sym),
	FN("mod", DT_FN_MOD, T_VOID, ACT, REC | DYN, "x", dt_sema_sym,
	    dt_cg_sym),
	FN("ustack", DT_FN_USTACK, T_VOID, ACT, REC | DYN, "[ii",
	    dt_sema_ustack, dt_cg_ustack),
	FN("jstack", DT_FN_USTACK, T_VOID, ACT, REC | DYN, "[ii",
	    dt_sema_ustack, dt_cg_ustack),
	FN("usym", DT_FN_USYM, T_VOID, ACT, REC | DYN, "x", dt_sema_usym,
	    dt_cg_usym),
	FN("ufunc", DT_FN_USYM, T_VOID, ACT, REC | DYN, "x", dt_sema_usym,
	    dt_cg_usym),
	FN("umod", DT_FN_UMOD, T_VOID, ACT, REC | DYN, "x", dt_sema_usym,
	    dt_cg_usym),
	FN("uaddr", DT_FN_UADDR, T_VOID, ACT, REC | DYN, "x", dt_sema_usym,
	    dt_cg_usym),

	/* network addresses */
	FN("inet_ntoa", DT_FN_INET_NTOA, T_STR, SUBR, 0, NULL, dt_sema_inet,
	    dt_cg_inet),
	FN("inet_ntoa6", DT_FN_INET_NTOA6, T_STR, SUBR, 0, NULL, dt_sema_inet,
	    dt_cg_inet),
	FN("inet_ntop", DT_FN_INET_NTOP, T_STR, SUBR, 0, NULL, dt_sema_inet,
	    dt_cg_inet),
	FN("link_ntop", DT_FN_LINK_NTOP, T_STR, SUBR, 0, NULL, dt_sema_inet,
	    dt_cg_inet),

	/* paths */
	FN("d_path", DT_FN_D_PATH, T_STR, SUBR, 0, NULL, dt_sema_d_path,
	    dt_cg_d_path),
	FN("msgsize", DT_FN_MSGSIZE, T_U64, SUBR, REFUSED, "x",
	    dt_sema_refused, NULL),
	FN("msgdsize", DT_FN_MSGDSIZE, T_U64, SUBR, REFUSED, "x",
	    dt_sema_refused, NULL),
	FN("ddi_pathname", DT_FN_DDI_PATHNAME, T_STR, SUBR, REFUSED, "xi",
	    dt_sema_refused, NULL),

	/* Linux's locks */
	FN("mutex_owned", DT_FN_MUTEX_OWNED, T_I32, SUBR, 0, NULL,
	    dt_sema_lockfn, dt_cg_lockfn),
	FN("mutex_owner", DT_FN_MUTEX_OWNER, T_U64, SUBR, 0, NULL,
	    dt_sema_lockfn, dt_cg_lockfn),
	FN("mutex_type_adaptive", DT_FN_MUTEX_TYPE_ADAPTIVE, T_I32, SUBR, 0,
	    NULL, dt_sema_lockfn, dt_cg_lockfn),
	FN("mutex_type_spin", DT_FN_MUTEX_TYPE_SPIN, T_I32, SUBR, 0, NULL,
	    dt_sema_lockfn, dt_cg_lockfn),
	FN("rw_read_held", DT_FN_RW_READ_HELD, T_I32, SUBR, 0, NULL,
	    dt_sema_lockfn, dt_cg_lockfn),
	FN("rw_write_held", DT_FN_RW_WRITE_HELD, T_I32, SUBR, 0, NULL,
	    dt_sema_lockfn, dt_cg_lockfn),
	FN("rw_iswriter", DT_FN_RW_ISWRITER, T_I32, SUBR, 0, NULL,
	    dt_sema_lockfn, dt_cg_lockfn),

	/* speculations */
	FN("speculation", DT_FN_SPECULATION, T_I32, SUBR, SPEC, "", NULL,
	    dt_cg_speculation),
	FN("speculate", DT_FN_SPECULATE, T_VOID, ACT, SPEC, NULL,
	    dt_sema_specid, dt_cg_speculate),
	FN("commit", DT_FN_COMMIT, T_VOID, ACT, SPEC, NULL, dt_sema_specid,
	    dt_cg_commit),
	FN("discard", DT_FN_DISCARD, T_VOID, ACT, SPEC, NULL, dt_sema_specid,
	    dt_cg_commit),

	/* destructive actions (-w) */
	FN("system", DT_FN_SYSTEM, T_VOID, ACT, REC | DESTR, NULL,
	    dt_sema_printf, dt_cg_printf),
	FN("freopen", DT_FN_FREOPEN, T_VOID, ACT, REC | DESTR, NULL,
	    dt_sema_printf, dt_cg_printf),
	FN("raise", DT_FN_RAISE, T_VOID, ACT, DESTR, "i", NULL, dt_cg_signal),
	FN("stop", DT_FN_STOP, T_VOID, ACT, DESTR, "", NULL, dt_cg_signal),
	FN("chill", DT_FN_CHILL, T_VOID, ACT, REFUSED, "i", dt_sema_refused,
	    NULL),
	FN("panic", DT_FN_PANIC, T_VOID, ACT, REFUSED, "", dt_sema_refused,
	    NULL),
	FN("breakpoint", DT_FN_BREAKPOINT, T_VOID, ACT, REFUSED, "",
	    dt_sema_refused, NULL),
	FN("copyout", DT_FN_COPYOUT, T_VOID, ACT, REFUSED, "xxx",
	    dt_sema_refused, NULL),
	FN("copyoutstr", DT_FN_COPYOUTSTR, T_VOID, ACT, REFUSED, "sxx",
	    dt_sema_refused, NULL),

	/* aggregating functions (checked by sema_aggstmt) */
	FN("count", DT_FN_COUNT, T_VOID, AGG, 0, "", NULL, dt_cg_agg),
	FN("sum", DT_FN_SUM, T_VOID, AGG, 0, "x", NULL, dt_cg_agg),
	FN("avg", DT_FN_AVG, T_VOID, AGG, 0, "x", NULL, dt_cg_agg),
	FN("min", DT_FN_MIN, T_VOID, AGG, 0, "x", NULL, dt_cg_agg),
	FN("max", DT_FN_MAX, T_VOID, AGG, 0, "x", NULL, dt_cg_agg),
	FN("stddev", DT_FN_STDDEV, T_VOID, AGG, 0, "x", NULL, dt_cg_agg),
	FN("quantize", DT_FN_QUANTIZE, T_VOID, AGG, 0, "x[i", NULL, dt_cg_agg),
	FN("lquantize", DT_FN_LQUANTIZE, T_VOID, AGG, 0, "xii[ii", NULL,
	    dt_cg_agg),
	FN("llquantize", DT_FN_LLQUANTIZE, T_VOID, AGG, 0, "xiii[ii", NULL,
	    dt_cg_agg),

	/* actions on aggregations (checked by sema_aggact) */
	FN("printa", DT_FN_PRINTA, T_VOID, AGGACT, REC, "a", NULL,
	    dt_cg_aggact),
	FN("clear", DT_FN_CLEAR, T_VOID, AGGACT, REC, "a", NULL,
	    dt_cg_aggact),
	FN("trunc", DT_FN_TRUNC, T_VOID, AGGACT, REC, "a[i", NULL,
	    dt_cg_aggact),
	FN("normalize", DT_FN_NORMALIZE, T_VOID, AGGACT, REC, "ai", NULL,
	    dt_cg_aggact),
	FN("denormalize", DT_FN_DENORMALIZE, T_VOID, AGGACT, REC, "a", NULL,
	    dt_cg_aggact),
};

#define DT_NFNS	(sizeof (dt_fns) / sizeof (dt_fns[0]))

const dt_fn_t *
dt_fn_lookup(const char *name)
{
	for (size_t i = 0; i < DT_NFNS; i++)
		if (strcmp(dt_fns[i].fn_ident.di_name, name) == 0)
			return (&dt_fns[i]);
	return (NULL);
}

/*
 * The functions D gained after its version 1.0, with the version that
 * brought each (the D versions of DTrace's "version" option).  A program
 * that asks for an older version (#pragma D option version=1.0) may use
 * their names for its own variables, as it could then.
 */
static const struct {
	const char *fs_name;
	const char *fs_version;
} dt_fn_since[] = {
	{ "freopen", "1.1" }, { "index", "1.1" }, { "rindex", "1.1" },
	{ "strchr", "1.1" }, { "strrchr", "1.1" }, { "strstr", "1.1" },
	{ "strtok", "1.1" }, { "substr", "1.1" },
	{ "func", "1.2" }, { "mod", "1.2" }, { "sym", "1.2" },
	{ "uaddr", "1.2" }, { "ufunc", "1.2" }, { "umod", "1.2" },
	{ "usym", "1.2" },
	{ "htonl", "1.3" }, { "htonll", "1.3" }, { "htons", "1.3" },
	{ "ntohl", "1.3" }, { "ntohll", "1.3" }, { "ntohs", "1.3" },
	{ "inet_ntoa", "1.5" }, { "inet_ntoa6", "1.5" }, { "inet_ntop", "1.5" },
};

/* A version "X.Y" or "X.Y.Z" as one number that orders them. */
static uint32_t
version_code(const char *v)
{
	unsigned int x = 0, y = 0, z = 0;

	if (sscanf(v, "%u.%u.%u", &x, &y, &z) < 2)
		return (UINT32_MAX);
	return ((x << 24) | (y << 12) | z);
}

/*
 * Is name a function newer than the D version the program asked for
 * (version, NULL when it asked for none: the newest)?
 */
bool
dt_fn_newer(const char *name, const char *version)
{
	if (version == NULL)
		return (false);
	for (size_t i = 0; i < sizeof (dt_fn_since) / sizeof (dt_fn_since[0]);
	    i++) {
		if (strcmp(dt_fn_since[i].fs_name, name) == 0)
			return (version_code(version) <
			    version_code(dt_fn_since[i].fs_version));
	}
	return (false);
}

/* The row of a function's identifier (one dt_fn_lookup() returned). */
const dt_fn_t *
dt_fn_of(const dt_ident_t *idp)
{
	return ((const dt_fn_t *)(const void *)((const char *)idp -
	    offsetof(dt_fn_t, fn_ident)));
}

/* The first row of a DT_FN_* number, or NULL. */
const dt_fn_t *
dt_fn_byid(int id)
{
	for (size_t i = 0; i < DT_NFNS; i++)
		if (dt_fns[i].fn_ident.di_id == id)
			return (&dt_fns[i]);
	return (NULL);
}

/*
 * The table's invariants (dt_fn.h): a DT_FN_* number without a row, or a
 * row without code, is a bug of the library: stop (dt_msg_panic(), which
 * names it and aborts) before it can compile anything.
 */
void
dt_fn_verify(void)
{
	for (int id = 1; id < DT_FN_NUM; id++) {
		if (dt_fn_byid(id) == NULL)
			dt_msg_panic("built-in function %d has no row in "
			    "dt_fn.c", id);
	}
	for (size_t i = 0; i < DT_NFNS; i++) {
		const dt_fn_t *fn = &dt_fns[i];

		if (fn->fn_cg == NULL && !(fn->fn_flags & DT_FF_REFUSED))
			dt_msg_panic("built-in function %s( ) has no "
			    "code-generation function", fn->fn_ident.di_name);
		if (fn->fn_ident.di_id <= 0 || fn->fn_ident.di_id >= DT_FN_NUM)
			dt_msg_panic("built-in function %s( ) has no DT_FN_* "
			    "number", fn->fn_ident.di_name);
	}
}
