/*
 * dt_ident.c: identifiers (built-in variables and functions, the session's
 * global variables) and the string literal table.
 *
 * Built-in variables live in a constant table, built-in functions in
 * dt_fn.c's; global variables in a hash table of the handle.  A global variable gets its type at its first assignment in
 * program order and an offset in the globals map value, 8-byte aligned;
 * it keeps both for the life of the session, so that every program of the
 * session agrees on them.
 */
#include <stdlib.h>
#include <string.h>

#include "../dlang/dt_ast.h"
#include "dt_fn.h"
#include "../dlang/dt_dlang.h"
#include "../types/dt_types.h"

#define T_I32	{ DT_TK_INT, 4, 1, 0 }
#define T_U32	{ DT_TK_INT, 4, 0, 0 }
#define T_I64	{ DT_TK_INT, 8, 1, 0 }
#define T_U64	{ DT_TK_INT, 8, 0, 0 }
#define T_STR	{ DT_TK_STRING, 0, 0, 0 }
#define T_VOID	{ DT_TK_VOID, 0, 0, 0 }

#define BI(name, id, type) \
	{ NULL, (char *)(name), DT_IDENT_BUILTIN, (id), type, 0, true }

/* Built-in variables, sorted by name for bsearch; functions are in dt_fn.c. */
static const dt_ident_t dt_builtins[] = {
	/* the D library's: the address of this CPU's cpuinfo_t (curcpu) */
	BI("__curcpu", DT_BI_CURCPU, T_U64),
	BI("arg0", DT_BI_ARG0 + 0, T_I64),
	BI("arg1", DT_BI_ARG0 + 1, T_I64),
	BI("arg2", DT_BI_ARG0 + 2, T_I64),
	BI("arg3", DT_BI_ARG0 + 3, T_I64),
	BI("arg4", DT_BI_ARG0 + 4, T_I64),
	BI("arg5", DT_BI_ARG0 + 5, T_I64),
	BI("arg6", DT_BI_ARG0 + 6, T_I64),
	BI("arg7", DT_BI_ARG0 + 7, T_I64),
	BI("arg8", DT_BI_ARG0 + 8, T_I64),
	BI("arg9", DT_BI_ARG0 + 9, T_I64),
	BI("args", DT_BI_ARGS, T_I64),
	BI("caller", DT_BI_CALLER, T_U64),
	BI("cpu", DT_BI_CPU, T_I32),
	BI("curthread", DT_BI_CURTHREAD, T_VOID),
	BI("cwd", DT_BI_CWD, T_STR),
	BI("epid", DT_BI_EPID, T_U32),
	BI("errno", DT_BI_ERRNO, T_I32),
	BI("execname", DT_BI_EXECNAME, T_STR),
	BI("fds", DT_BI_FDS, T_VOID),
	BI("gid", DT_BI_GID, T_U32),
	BI("id", DT_BI_ID, T_U32),
	BI("pid", DT_BI_PID, T_I32),
	BI("ppid", DT_BI_PPID, T_I32),
	BI("probefunc", DT_BI_PROBEFUNC, T_STR),
	BI("probemod", DT_BI_PROBEMOD, T_STR),
	BI("probename", DT_BI_PROBENAME, T_STR),
	BI("probeprov", DT_BI_PROBEPROV, T_STR),
	BI("root", DT_BI_ROOT, T_STR),
	BI("stackdepth", DT_BI_STACKDEPTH, T_U32),
	BI("tid", DT_BI_TID, T_I32),
	BI("timestamp", DT_BI_TIMESTAMP, T_U64),
	BI("ucaller", DT_BI_UCALLER, T_U64),
	BI("uid", DT_BI_UID, T_U32),
	BI("uregs", DT_BI_UREGS, T_U64),
	BI("ustackdepth", DT_BI_USTACKDEPTH, T_U32),
	BI("vtimestamp", DT_BI_VTIMESTAMP, T_U64),
	BI("walltimestamp", DT_BI_WALLTIMESTAMP, T_I64),
	BI("zonename", DT_BI_ZONENAME, T_STR),
};

/*
 * The uregs[] index names of x86_64: the slots of the kernel's struct
 * pt_regs in order (the ptrace register offsets / 8), as DTrace names
 * them, with its aliases.  Slot 15 (R_ERR) is orig_ax: the error code of
 * an exception, the system call number on a system call.  DTrace for
 * Linux numbers %ds, %es, %fs, %gs and the trap number after them (21 to
 * 25); they are not in struct pt_regs, and uregs[] reads them from the
 * task's thread_struct, as DTrace does (uregs_thread() in
 * dt_sema_member.c).
 */
static const struct {
	const char *rg_name;	/* R_* */
	int rg_index;		/* uregs[] index */
} dt_regs[] = {
	{ "R_CS", 17 }, { "R_DS", 21 }, { "R_EAX", 10 }, { "R_EBP", 4 },
	{ "R_EBX", 5 }, { "R_ECX", 11 }, { "R_EDI", 14 }, { "R_EDX", 12 },
	{ "R_EFL", 18 }, { "R_EIP", 16 }, { "R_ERR", 15 }, { "R_ES", 22 },
	{ "R_ESI", 13 }, { "R_ESP", 19 }, { "R_FL", 18 }, { "R_FS", 23 },
	{ "R_GS", 24 },
	{ "R_PC", 16 }, { "R_R0", 10 }, { "R_R1", 12 },
	{ "R_R10", 7 }, { "R_R11", 6 }, { "R_R12", 3 }, { "R_R13", 2 },
	{ "R_R14", 1 }, { "R_R15", 0 }, { "R_R8", 9 }, { "R_R9", 8 },
	{ "R_RAX", 10 }, { "R_RBP", 4 }, { "R_RBX", 5 }, { "R_RCX", 11 },
	{ "R_RDI", 14 }, { "R_RDX", 12 }, { "R_RFL", 18 }, { "R_RIP", 16 },
	{ "R_RSI", 13 }, { "R_RSP", 19 }, { "R_SP", 19 }, { "R_SS", 20 },
	{ "R_TRAPNO", 25 }, { "R_UESP", 19 },
};

/* The uregs[] index a register name stands for, or -1. */
int
dt_regs_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof (dt_regs) / sizeof (dt_regs[0]); i++)
		if (strcmp(dt_regs[i].rg_name, name) == 0)
			return (dt_regs[i].rg_index);
	return (-1);
}

static int
builtin_cmp(const void *key, const void *elem)
{
	return (strcmp(key, ((const dt_ident_t *)elem)->di_name));
}

/* A built-in variable or function (the fn_ident of its dt_fn.c row). */
const dt_ident_t *
dt_builtin_lookup(const char *name)
{
	const dt_ident_t *idp = bsearch(name, dt_builtins,
	    sizeof (dt_builtins) / sizeof (dt_builtins[0]),
	    sizeof (dt_ident_t), builtin_cmp);
	const dt_fn_t *fn;

	if (idp == NULL && (fn = dt_fn_lookup(name)) != NULL)
		idp = &fn->fn_ident;
	return (idp);
}

/*
 * The built-in a program's own declaration or assignment of name would
 * clash with: dt_builtin_lookup()'s, except a function newer than the D
 * version the program asked for, whose name was still free then.
 */
const dt_ident_t *
dt_builtin_taken(dtrace_hdl_t *dtp, const char *name)
{
	const dt_ident_t *idp = dt_builtin_lookup(name);

	if (idp != NULL && idp->di_kind == DT_IDENT_FUNC &&
	    dt_fn_newer(name, dtp->dt_opts.op_version))
		return (NULL);
	return (idp);
}

static unsigned int
hash(const char *s)
{
	unsigned int h = 5381;

	while (*s != '\0')
		h = h * 33 + (unsigned char)*s++;
	return (h % DT_IDHASH);
}

dt_ident_t *
dt_ident_lookup(dtrace_hdl_t *dtp, const char *name)
{
	for (dt_ident_t *idp = dtp->dt_idents[hash(name)]; idp != NULL;
	    idp = idp->di_next) {
		if (strcmp(idp->di_name, name) == 0)
			return (idp);
	}
	return (NULL);
}

dt_ident_t *
dt_ident_create(dtrace_hdl_t *dtp, const char *name, dt_idkind_t kind)
{
	dt_ident_t *idp = dt_zalloc(dtp, sizeof (*idp));
	unsigned int h = hash(name);

	if (idp == NULL)
		return (NULL);
	if ((idp->di_name = dt_strdup(dtp, name)) == NULL) {
		free(idp);
		return (NULL);
	}
	idp->di_kind = kind;
	idp->di_next = dtp->dt_idents[h];
	dtp->dt_idents[h] = idp;
	return (idp);
}

/*
 * Give an ASSOC or TLS variable its own map (created at dtrace_go()).
 * Returns the map's index for DT_REL_MAPFD (after the session's fixed
 * maps), or -1.
 */
int
dt_varmap_add(dtrace_hdl_t *dtp, dt_ident_t *idp)
{
	unsigned int cap = dtp->dt_varmapcap;

	if (dtp->dt_nvarmaps == cap) {
		if (dt_grow(dtp, (void **)&dtp->dt_varmaps, &cap, 8,
		    sizeof (dt_ident_t *)) != 0)
			return (-1);
		cap = dtp->dt_varmapcap;
		if (dt_grow(dtp, (void **)&dtp->dt_varmapfd, &cap, 8,
		    sizeof (int)) != 0)
			return (-1);
		cap = dtp->dt_varmapcap;
		if (dt_grow(dtp, (void **)&dtp->dt_varprogfd, &cap, 8,
		    sizeof (int)) != 0)
			return (-1);
		cap = dtp->dt_varmapcap;
		if (dt_grow(dtp, (void **)&dtp->dt_varouterfd, &cap, 8,
		    sizeof (int)) != 0)
			return (-1);
		dtp->dt_varmapcap = cap;
	}
	dtp->dt_varmaps[dtp->dt_nvarmaps] = idp;
	dtp->dt_varmapfd[dtp->dt_nvarmaps] = -1;
	dtp->dt_varprogfd[dtp->dt_nvarmaps] = -1;
	dtp->dt_varouterfd[dtp->dt_nvarmaps] = -1;
	idp->di_id = DT_MAP_COUNT + (int)dtp->dt_nvarmaps++;
	return (idp->di_id);
}

/*
 * Dynamic variable space, as DTrace for Linux accounts it: every
 * associative array element and self-> variable of a session is an
 * element of one pool of dynvarsize bytes, and each element costs the
 * same, the largest key tuple of the session plus the largest value of a
 * dynamic variable.  A tuple (associative array keys and aggregation
 * keys alike) is 4 bytes of variable id, then each component: an integer
 * at its own size and aligned to it, a string strsize + 1 bytes, a
 * struct or array its bytes, then 8 bytes of thread key; a value is its
 * type's size (a string strsize + 1).  a[int] = int costs 16 + 4 = 20
 * bytes: 80 bytes hold 4 elements, 79 hold 3, 15 none.  The maps are
 * ours (one for each variable); the pool is a count of their elements
 * against dt_dvar_limit() entries (dt_cg_var.c, docs/design.md).
 */
static uint32_t
dvar_tuple_bytes(const dtrace_hdl_t *dtp, const dt_ident_t *idp)
{
	uint32_t n = 4, sz;

	for (unsigned int i = 0; i < idp->di_nkeys; i++) {
		dt_type_t t = idp->di_keys[i];

		switch (t.ty_kind) {
		case DT_TK_STRING:
			n += dt_strbuf(dtp);
			continue;
		case DT_TK_STACK:
			sz = t.ty_size * 8U;
			break;
		case DT_TK_USTACK:
			sz = 8U + t.ty_size * 8U;
			break;
		case DT_TK_USYM:
		case DT_TK_UMOD:
		case DT_TK_UADDR:
			n = ((n + 7) & ~7U) + 16;
			continue;
		case DT_TK_INT:
			sz = t.ty_size != 0 ? t.ty_size : 8;
			n = (n + sz - 1) & ~(sz - 1);
			n += sz;
			continue;
		default:
			sz = idp->di_keybytes[i] != 0 ? idp->di_keybytes[i] : 8;
			if (!dt_type_isbytes(t))	/* pointers, sym() */
				n = (n + 7) & ~7U;
		}
		n += sz;
	}
	return (n + 8);
}

static uint32_t
dvar_value_bytes(const dtrace_hdl_t *dtp, const dt_ident_t *idp)
{
	dt_type_t t = idp->di_type;

	if (t.ty_kind == DT_TK_STRING)
		return (dt_strbuf(dtp));
	if (dt_type_isbytes(t))
		return (idp->di_tsize > 0 ? (uint32_t)idp->di_tsize : 8);
	if (t.ty_kind == DT_TK_INT && t.ty_size != 0)
		return (t.ty_size);
	return (8);
}

/* Whether idp's elements are dynamic variables (the owner map's are not). */
bool
dt_dvar_counted(const dtrace_hdl_t *dtp, const dt_ident_t *idp)
{
	return ((idp->di_kind == DT_IDENT_ASSOC ||
	    idp->di_kind == DT_IDENT_TLS) && idp != dtp->dt_tlsowner);
}

/*
 * Bytes one dynamic variable element costs against dynvarsize; 0 if the
 * session has none.
 */
uint64_t
dt_dvar_cost(const dtrace_hdl_t *dtp)
{
	uint32_t tuple = 0, value = 0;
	bool any = false;

	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];
		uint32_t b;

		if (idp->di_kind == DT_IDENT_AGG ||
		    (idp->di_kind == DT_IDENT_ASSOC && idp != dtp->dt_tlsowner)) {
			if ((b = dvar_tuple_bytes(dtp, idp)) > tuple)
				tuple = b;
		}
		if (!dt_dvar_counted(dtp, idp))
			continue;
		any = true;
		if ((b = dvar_value_bytes(dtp, idp)) > value)
			value = b;
	}
	return (any ? (uint64_t)tuple + value : 0);
}

/* How many elements dynvarsize holds: 0 if not one (or none are used). */
uint64_t
dt_dvar_limit(const dtrace_hdl_t *dtp)
{
	uint64_t cost = dt_dvar_cost(dtp);

	return (cost == 0 ? 0 : dtp->dt_opts.op_dynvarsize / cost);
}

void
dt_idents_free(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < DT_IDHASH; i++) {
		dt_ident_t *idp = dtp->dt_idents[i], *next;

		for (; idp != NULL; idp = next) {
			next = idp->di_next;
			dt_node_free_tree(idp->di_inline);
			for (unsigned int k = 0; k < DT_MAXKEYS; k++)
				free(idp->di_params[k]);
			for (unsigned int k = 0; k < idp->di_nenum; k++)
				free(idp->di_enames[k]);
			free(idp->di_enames);
			free(idp->di_evals);
			free(idp->di_name);
			free(idp);
		}
		dtp->dt_idents[i] = NULL;
	}
	while (dtp->dt_xlators != NULL) {
		dt_xlator_t *dxp = dtp->dt_xlators;

		dtp->dt_xlators = dxp->dx_next;
		for (unsigned int i = 0; i < dxp->dx_nmemb; i++) {
			free(dxp->dx_mnames[i]);
			dt_node_free_tree(dxp->dx_mexprs[i]);
		}
		free(dxp->dx_mnames);
		free(dxp->dx_mexprs);
		free(dxp->dx_arg);
		free(dxp);
	}
	free(dtp->dt_strtab);
	dtp->dt_strtab = NULL;
	dtp->dt_strtablen = dtp->dt_strtabcap = 0;
	dtp->dt_strnull = 0;
}

/* A new entry of dt_strbuf() bytes, zeros: its offset, or UINT32_MAX. */
static uint32_t
strtab_append(dtrace_hdl_t *dtp)
{
	uint32_t sz = dt_strbuf(dtp), off = dtp->dt_strtablen;

	if (off + sz > dtp->dt_strtabcap) {
		uint32_t cap = dtp->dt_strtabcap ? dtp->dt_strtabcap * 2 :
		    sz * 8;
		char *n;

		while (cap < off + sz)
			cap *= 2;
		if ((n = dt_realloc(dtp, dtp->dt_strtab, cap)) == NULL)
			return (UINT32_MAX);
		dtp->dt_strtab = n;
		dtp->dt_strtabcap = cap;
	}
	memset(dtp->dt_strtab + off, 0, sz);
	dtp->dt_strtablen = off + sz;
	return (off);
}

/*
 * Add a string literal to the table and return its offset.  Each literal
 * takes a string buffer, dt_strbuf() bytes (it is read by code that copies
 * a whole buffer), so a literal longer than strsize characters is cut, as
 * every D string is.
 * Identical literals share one entry.  Returns UINT32_MAX on failure.
 */
uint32_t
dt_strtab_insert(dtrace_hdl_t *dtp, const char *s, size_t len)
{
	uint32_t sz = dt_strbuf(dtp), off;

	if (len >= sz)
		len = sz - 1;
	for (off = 0; off < dtp->dt_strtablen; off += sz) {
		if (off + 1 == dtp->dt_strnull)	/* NULL's, not "" */
			continue;
		if (strncmp(dtp->dt_strtab + off, s, len) == 0 &&
		    dtp->dt_strtab[off + len] == '\0')
			return (off);
	}
	if ((off = strtab_append(dtp)) != UINT32_MAX)
		memcpy(dtp->dt_strtab + off, s, len);
	return (off);
}

/*
 * The offset of NULL's string.  A string value that is D's NULL (a string
 * variable assigned 0 or NULL, an element never stored, strtok() with no
 * token left, strchr() that finds nothing) is a buffer marked so: a NUL,
 * then 0xff (DT_STR_NULLMARK), which a string variable holding "" never
 * has (its store clears the byte after the NUL); a temporary that holds ""
 * shows it only if the string it held before had 0xff as its second
 * byte (not text).  It reads as "" (a comparison reads
 * NULL so, as DTrace's does); where DTrace reads a string (trace(),
 * printf(), a subroutine, s[i]) the code generator tests the mark and
 * NULL faults.  This entry is NULL as a constant, and as the value of an
 * element that is not there.  Returns UINT32_MAX on failure.
 */
uint32_t
dt_strtab_null(dtrace_hdl_t *dtp)
{
	uint32_t off;

	if (dtp->dt_strnull != 0)
		return (dtp->dt_strnull - 1);
	if ((off = strtab_append(dtp)) != UINT32_MAX) {
		dtp->dt_strtab[off + 1] = (char)(DT_STR_NULLMARK >> 8);
		dtp->dt_strnull = off + 1;
	}
	return (off);
}
