/*
 * dt_sema_vars.c: the semantic pass for D variables: globals, self-> and
 * this-> variables, associative arrays and their keys, declarations
 * (dt_sema_declare()) and lvalues (the left side of an assignment).
 *
 * A variable's type is fixed by its first assignment or declaration and
 * checked against every later use; the keys of an associative array (and
 * of an aggregation, which shares the layout) are laid out once, by the
 * first use, and every later use must match that layout in number and
 * kind of key.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

static dt_idkind_t var_kind(const char *);
static dt_ident_t *declare_scalar(dt_pcb_t *, const char *, dt_type_t,
    dt_srcpos_t);

/* Does e, or a node after it in its list, assign variable name? */
bool
dt_sema_assigns(const dt_node_t *e, const char *name)
{
	for (; e != NULL; e = e->dn_list) {
		if ((e->dn_kind == DN_ASSIGN || e->dn_kind == DN_INCDEC) &&
		    e->dn_left != NULL && e->dn_left->dn_kind == DN_VAR &&
		    e->dn_left->dn_str != NULL &&
		    strcmp(e->dn_left->dn_str, name) == 0)
			return (true);
		if (dt_sema_assigns(e->dn_left, name)
		    || dt_sema_assigns(e->dn_right, name) ||
		    dt_sema_assigns(e->dn_cond, name)
		    || dt_sema_assigns(e->dn_args, name))
			return (true);
	}
	return (false);
}

/*
 * May global name be read here, before it is declared?  DTrace declares a
 * global where a clause assigns it, clause by clause in program order:
 * a clause may read one that it assigns itself (its predicate is checked
 * after its body, so /g == 0/ { g = 5; } is fine), but not one that only
 * a later clause assigns (END { t = timestamp - start; } before the BEGIN
 * clause that sets start is D_IDENT_UNDEF).  Outside a clause (a
 * translator being checked) any assignment in the program will do.
 */
static bool
may_read_undeclared(dt_pcb_t *pcb, const char *name)
{
	const dt_clause_t *dcp = pcb->pcb_clause;

	if (dcp != NULL && (dcp->dc_pred != NULL || dcp->dc_body != NULL))
		return (dt_sema_assigns(dcp->dc_pred, name) ||
		    dt_sema_assigns(dcp->dc_body, name));
	if (pcb->pcb_prog == NULL)
		return (true);
	for (dcp = pcb->pcb_prog->dp_clauses; dcp != NULL; dcp = dcp->dc_next) {
		if (dt_sema_assigns(dcp->dc_pred, name)
		    || dt_sema_assigns(dcp->dc_body, name))
			return (true);
	}
	return (false);
}

void
dt_sema_var(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const dt_ident_t *bi = dt_builtin_lookup(dnp->dn_str);
	dt_ident_t *idp;
	bool liberr;

	if (bi != NULL && bi->di_kind == DT_IDENT_BUILTIN) {
		dnp->dn_builtin = bi;
		dnp->dn_type = bi->di_type;
		if (pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_attr = dt_attr_min(
			    pcb->pcb_clause->dc_attr, dt_attr_bi(bi->di_id));
		if (bi->di_id >= DT_BI_PROBEPROV && bi->di_id <= DT_BI_PROBENAME)
			pcb->pcb_clause->dc_useprobes = true;
		if ((bi->di_id == DT_BI_STACKDEPTH ||
		    bi->di_id == DT_BI_CALLER) && pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_kstack = true;
		if (bi->di_id == DT_BI_CURCPU && pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_cpuinfo = true;
		switch (bi->di_id) {
		case DT_BI_CURTHREAD: {
			dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);

			dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
			dnp->dn_type.ty_btf = dt_tcache_tag(te, BTF_KIND_STRUCT,
			    "task_struct");
			if (dnp->dn_type.ty_btf == 0)
				dt_cerror(pcb, "D_BTF", dnp->dn_pos, "kernel "
				    "type data lacks struct task_struct");
			break;
		}
		case DT_BI_PPID:
			dnp->dn_value = dt_sema_kernel_offset(pcb, dnp->dn_pos,
			    "task_struct", "real_parent");
			dnp->dn_aux = dt_sema_kernel_offset(pcb, dnp->dn_pos,
			    "task_struct", "tgid");
			break;
		case DT_BI_VTIMESTAMP:
			dnp->dn_value = dt_sema_kernel_offset(pcb, dnp->dn_pos,
			    "task_struct", "se") + dt_sema_kernel_offset(pcb,
			    dnp->dn_pos, "sched_entity", "sum_exec_runtime");
			break;
		case DT_BI_CWD:
		case DT_BI_ROOT:
			dt_sema_path_offsets(pcb, dnp->dn_pos);
			break;
		case DT_BI_FDS:
			dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos,
			    "fds[ ] must be indexed");
		case DT_BI_ARGS:
			dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos,
			    "args[ ] must be indexed");
		case DT_BI_UREGS:
			dt_cerror(pcb, "D_REGS_IDX", dnp->dn_pos,
			    "uregs[ ] must be indexed");
		}
		return;
	}
	if (bi != NULL && dt_builtin_taken(pcb->pcb_hdl, dnp->dn_str) != NULL)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos,
		    "%s( ) may not be referenced as a variable", dnp->dn_str);
	idp = dt_lib_lookup(pcb->pcb_hdl, dnp->dn_str, &liberr);
	if (liberr)
		dt_lib_error(pcb, dnp->dn_pos);
	if ((idp == NULL || !idp->di_defined) &&
	    strcmp(dnp->dn_str, "NULL") == 0) {
		/* NULL: D's name for address 0, an int 0 as DTrace has it
		   (sizeof (NULL) is 4), which a pointer, a string or a
		   struct takes as the constant 0; dn_str keeps its name */
		dnp->dn_kind = DN_INT;
		dnp->dn_value = 0;
		dnp->dn_type = dt_sema_t_int;
		return;
	}
	if ((idp == NULL || !idp->di_defined) &&
	    (dnp->dn_value = dt_regs_lookup(dnp->dn_str)) >= 0) {
		/* a uregs[] index name (R_PC) is an int constant */
		dnp->dn_kind = DN_INT;
		dnp->dn_type = (dt_type_t){ DT_TK_INT, 4, 1 };
		return;
	}
	if (idp == NULL && var_kind(dnp->dn_str) != DT_IDENT_GLOBAL)
		/*
		 * self->x and this->x read before anything declared or
		 * assigned them, in the order DTrace checks a program (its
		 * clauses in turn, a clause's body before its predicate):
		 * DTrace's D_VAR_UNDEF (++ and op= are checked apart)
		 */
		dt_cerror(pcb, "D_VAR_UNDEF", dnp->dn_pos, "%s has not yet "
		    "been declared or assigned", dnp->dn_str);
	if (idp == NULL || !idp->di_defined) {
		/* a kernel enumerator (PIDTYPE_PID) is a constant */
		dt_tentry_t *te = dt_ktypes(pcb->pcb_hdl) != NULL ?
		    dt_pcb_types(pcb, dnp->dn_pos) : NULL;
		int64_t v;
		uint32_t eid;

		if (te != NULL && (eid = dt_tcache_enumerator(te, dnp->dn_str,
		    &v)) != 0) {
			const char *what;

			dnp->dn_kind = DN_INT;
			dnp->dn_value = v;
			if (dt_btf_dtype(te->te_btf, eid, &dnp->dn_type,
			    &what) != 0)
				dnp->dn_type = dt_sema_t_long;
			return;
		}
		if (idp == NULL && strcmp(dnp->dn_str, "ipl") == 0)
			/* DTrace reads the kernel's per-CPU preempt count:
			   a data symbol, which this kernel does not list */
			dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "ipl is "
			    "not supported: the kernel's preempt count has "
			    "no address here (no data symbols)");
		if (idp != NULL || !may_read_undeclared(pcb, dnp->dn_str))
			dt_cerror(pcb, "D_IDENT_UNDEF", dnp->dn_pos,
			    "failed to resolve %s: Unknown variable name",
			    dnp->dn_str);
		idp = declare_scalar(pcb, dnp->dn_str,
		    (dt_type_t){ DT_TK_INT, 4, 1 }, dnp->dn_pos);
		idp->di_readfirst = true;
		idp->di_wide = true;
	}
	if (idp->di_kind == DT_IDENT_ASSOC)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos, "%s is an "
		    "associative array: it needs a key", dnp->dn_str);
	if (idp->di_kind == DT_IDENT_TYPE)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos, "%s is a type "
		    "name, not a variable", dnp->dn_str);
	if (idp->di_kind == DT_IDENT_INLINE) {
		/* an inline: its expression, converted to its type (one of
		   struct type is its expression: the same type, checked
		   where it was declared) */
		dt_node_t *e = dt_sema_inline_copy(pcb, idp, dnp->dn_pos);

		if (dt_type_isbytes(idp->di_type) || (e->dn_kind ==
		    DN_XLATE && e->dn_type.ty_kind == DT_TK_PTR)) {
			/* nor is a translated pointer (curpsinfo) cast */
			dt_sema_replace_node(dnp, e);
			dt_sema_expr(pcb, dnp);
			return;
		}

		free(dnp->dn_str);
		dnp->dn_str = NULL;
		dnp->dn_kind = DN_CAST;
		dnp->dn_type = idp->di_type;
		dnp->dn_left = e;
		dt_sema_expr(pcb, dnp);
		return;
	}
	dnp->dn_ident = idp;
	dnp->dn_type = idp->di_type;
}

/* The kind of variable a name declares: self->x, this->x or a global. */
static dt_idkind_t
var_kind(const char *name)
{
	if (strncmp(name, "self->", 6) == 0)
		return (DT_IDENT_TLS);
	if (strncmp(name, "this->", 6) == 0)
		return (DT_IDENT_LOCAL);
	return (DT_IDENT_GLOBAL);
}

/* Bytes a value of type t takes in a variable, record or key. */
uint32_t
dt_sema_value_bytes(dt_pcb_t *pcb, dt_type_t t)
{
	if (t.ty_kind == DT_TK_STACK)
		return (t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USTACK)	/* the pid, then the frames */
		return (8U + t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
	    t.ty_kind == DT_TK_UADDR)	/* the pid, the address */
		return (16);
	if (t.ty_kind == DT_TK_FLOAT)	/* its bytes: 8, or 16 */
		return ((t.ty_size + 7U) & ~7U);
	if (t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_ARRAY) {
		/* its bytes, a copy */
		int64_t sz = dt_btf_size(dt_pcb_types(pcb,
		    (dt_srcpos_t){ 0 })->te_btf, t.ty_btf);

		return (sz > 0 ? ((uint32_t)sz + 7) & ~7U : 8);
	}
	/* a string: its buffer exactly, which a literal or a temporary
	   holding the value being stored is, and no more */
	return (t.ty_kind == DT_TK_STRING ? dt_strbuf(pcb->pcb_hdl) : 8);
}

/*
 * Bytes of a key component of type t: a string takes its strsize
 * characters, rounded up to 8, without room for a NUL (one of strsize
 * characters has none in the key), so that two strings of the default
 * strsize fit in a key (the kernel takes keys of at most 512 bytes).
 */
static uint32_t
key_bytes(dt_pcb_t *pcb, dt_type_t t)
{
	if (t.ty_kind == DT_TK_STRING)
		return ((pcb->pcb_hdl->dt_opts.op_strsize + 7) & ~7U);
	return (dt_sema_value_bytes(pcb, t));
}

/*
 * The most bytes a string key expression can hold, NUL included, when it
 * is known to be less than strsize's: execname (a task's comm), the
 * probe's names (a dtrace_probedesc_t holds them: DTrace's limits), a
 * string literal and a char array in memory (its size); 0 when not
 * known.
 */
static uint32_t
key_str_bound(dt_pcb_t *pcb, const dt_node_t *k)
{
	uint32_t b = 0;
	int64_t sz;

	if (k->dn_type.ty_kind != DT_TK_STRING)
		return (0);
	if (k->dn_builtin != NULL && k->dn_builtin->di_kind ==
	    DT_IDENT_BUILTIN) {
		switch (k->dn_builtin->di_id) {
		case DT_BI_EXECNAME:
			b = DT_COMM_LEN;
			break;
		/* a probe's names are held in its dtrace_probedesc_t */
		case DT_BI_PROBEPROV:
			b = DTRACE_PROVNAMELEN;
			break;
		case DT_BI_PROBEMOD:
			b = DTRACE_MODNAMELEN;
			break;
		case DT_BI_PROBEFUNC:
			b = DTRACE_FUNCNAMELEN;
			break;
		case DT_BI_PROBENAME:
			b = DTRACE_NAMELEN;
			break;
		}
	} else if (k->dn_kind == DN_STRING) {
		b = (uint32_t)k->dn_strlen + 1;
	} else if (k->dn_type.ty_btf != 0 && (sz = dt_btf_size(
	    dt_pcb_types(pcb, k->dn_pos)->te_btf, k->dn_type.ty_btf)) > 0 &&
	    sz < (int64_t)dt_strbuf(pcb->pcb_hdl)) {
		b = (uint32_t)sz;
	}
	/* only a bound that saves bytes counts */
	return (((b + 7) & ~7U) < key_bytes(pcb, k->dn_type) ? b : 0);
}

/*
 * A key whose components at their full size pass the kernel's 512 bytes
 * (three strings of the default strsize, or two and a number) keeps each
 * string component known to be short (execname, probefunc, a char
 * array: key_str_bound()) in the bytes it needs, rounded to 8: di_keybytes[i] (0 where a string takes
 * strsize's bytes).  Keys that fit keep every string at strsize, so that
 * a later use may put any string there.  Sets di_keysize, the components'
 * bytes; extra is what the key has besides (a thread id).
 */
void
dt_sema_key_layout(dt_pcb_t *pcb, dt_ident_t *idp, const dt_node_t *keys,
    uint32_t extra)
{
	const dt_node_t *k;
	unsigned int i;

	idp->di_keysize = 0;
	for (k = keys, i = 0; k != NULL; k = k->dn_list, i++) {
		if (idp->di_keys[i].ty_kind == DT_TK_STRING)
			idp->di_keybytes[i] = 0;
		idp->di_keysize += key_bytes(pcb, idp->di_keys[i]);
	}
	idp->di_keyfull = idp->di_keysize;
	if (idp->di_keysize + extra <= DT_MAXKEYSIZE)
		return;
	for (k = keys, i = 0; k != NULL; k = k->dn_list, i++) {
		uint32_t b = key_str_bound(pcb, k);

		if (b == 0)
			continue;
		idp->di_keybytes[i] = (b + 7) & ~7U;
		idp->di_keysize -= key_bytes(pcb, idp->di_keys[i]) -
		    idp->di_keybytes[i];
	}
}

/*
 * A later use of a key whose string component i was kept short: its
 * string must be known to fit.
 */
void
dt_sema_key_fits(dt_pcb_t *pcb, const dt_ident_t *idp, unsigned int i,
    const dt_node_t *k, const char *name)
{
	uint32_t b;

	if (idp->di_keys[i].ty_kind != DT_TK_STRING ||
	    idp->di_keybytes[i] == 0)
		return;
	b = key_str_bound(pcb, k);
	if (b == 0 || b > idp->di_keybytes[i])
		dt_cerror(pcb, "D_ARR_KEYSIZE", k->dn_pos, "key #%u of %s "
		    "holds at most %u characters here (its key would pass "
		    "%d bytes at strsize %u): a string that may be longer "
		    "cannot be a key there", i + 1, name,
		    idp->di_keybytes[i] - 1, DT_MAXKEYSIZE,
		    pcb->pcb_hdl->dt_opts.op_strsize);
}

/*
 * The bytes a ustack() record carries after its frames for unwinding in
 * the consumer (proc/dt_cfi.c): a header word, the task's user registers
 * (struct pt_regs, at current->stack + DT_THREAD_SIZE - its size, as
 * uregs[] reads them) and ustackcopy bytes of the user stack from its sp;
 * none when ustackcopy is 0.  e's dn_value gets the offset of
 * task_struct.stack, dn_aux the offset of the registers in the stack.
 */
uint32_t
dt_sema_ustack_copy_bytes(dt_pcb_t *pcb, dt_node_t *e)
{
	uint32_t copy = pcb->pcb_hdl->dt_opts.op_ustackcopy;
	dt_tentry_t *te;
	uint32_t rid;
	int64_t size;

	if (copy == 0)
		return (0);
	te = dt_pcb_types(pcb, e->dn_pos);
	rid = dt_tcache_tag(te, BTF_KIND_STRUCT, "pt_regs");
	size = rid != 0 ? dt_btf_size(te->te_btf, rid) : -1;
	if (size < 160 || size > 512 || size % 8 != 0)	/* x86-64's: 168 */
		dt_cerror(pcb, "D_BTF", e->dn_pos, "kernel type data lacks "
		    "struct pt_regs");
	e->dn_value = dt_sema_kernel_offset(pcb, e->dn_pos, "task_struct",
	    "stack");
	e->dn_aux = DT_THREAD_SIZE - size;
	return (8U + (uint32_t)size + copy);
}

/* usym(), ufunc(), umod(), uaddr(): a pid and a user address */
static bool
is_usym(dt_type_t t)
{
	return (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
	    t.ty_kind == DT_TK_UADDR);
}

/* Key components agree: strings, stacks (of one depth) or integers. */
bool
dt_sema_key_same(dt_type_t a, dt_type_t b)
{
	if (a.ty_kind == DT_TK_STACK || b.ty_kind == DT_TK_STACK ||
	    a.ty_kind == DT_TK_USTACK || b.ty_kind == DT_TK_USTACK)
		return (a.ty_kind == b.ty_kind && a.ty_size == b.ty_size);
	if (is_usym(a) || is_usym(b))
		return (a.ty_kind == b.ty_kind);
	if (a.ty_kind == DT_TK_SYM || b.ty_kind == DT_TK_SYM ||
	    a.ty_kind == DT_TK_MOD || b.ty_kind == DT_TK_MOD)
		return (a.ty_kind == b.ty_kind);
	if (dt_type_isbytes(a) || dt_type_isbytes(b))
		return (dt_type_same(a, b));	/* a struct: the same one */
	return ((a.ty_kind == DT_TK_STRING) == (b.ty_kind == DT_TK_STRING));
}

/* @a[1][2], kept by the parser: aggregations have one key tuple. */
void
dt_sema_agg_mdim(dt_pcb_t *pcb, const dt_node_t *agg)
{
	if (agg->dn_kind == DN_AGG && agg->dn_left != NULL)
		dt_cerror(pcb, "D_AGG_MDIM", agg->dn_left->dn_pos,
		    "multi-dimensional indexing of aggregation %s is not "
		    "supported: use one key tuple, %s[a, b]", agg->dn_str,
		    agg->dn_str);
}

const char *
dt_sema_key_kind(dt_type_t t)
{
	return (t.ty_kind == DT_TK_STRING ? "string" :
	    dt_type_isbytes(t) ? "struct, union or array" :
	    t.ty_kind == DT_TK_STACK ? "stack" : t.ty_kind == DT_TK_USTACK ?
	    "user stack" : t.ty_kind == DT_TK_USYM ? "user symbol" :
	    t.ty_kind == DT_TK_UMOD ? "user module" : t.ty_kind ==
	    DT_TK_UADDR ? "user address" : t.ty_kind == DT_TK_SYM ?
	    "symbol" : t.ty_kind == DT_TK_MOD ? "module" : "integer");
}

unsigned int
dt_sema_assoc_keys(dt_pcb_t *pcb, dt_node_t *dnp, bool bytes)
{
	dt_node_t *keys[DT_MAXKEYS + 1], *k = dnp->dn_right;
	unsigned int n = 0;

	while (k->dn_kind == DN_COMMA && n < DT_MAXKEYS) {
		keys[n++] = k->dn_right;
		k = k->dn_left;
	}
	keys[n++] = k;
	if (n > DT_MAXKEYS)
		dt_cerror(pcb, "D_ARR_KEYS", dnp->dn_pos, "associative "
		    "array key has more than %d components", DT_MAXKEYS);
	dnp->dn_args = NULL;
	for (unsigned int i = 0; i < n; i++) {	/* keys[] is reversed */
		keys[i]->dn_list = dnp->dn_args;
		dnp->dn_args = keys[i];
		if (dt_sema_xlate_ptr(pcb, keys[i]))
			dt_cerror(pcb, "D_KEY_TYPE", keys[i]->dn_pos,
			    "invalid key #%u: a pointer to a translated struct "
			    "is of dynamic type", i + 1);
		pcb->pcb_actuse = DT_ACTUSE_KEY;
		dt_sema_expr(pcb, keys[i]);
		pcb->pcb_actuse = DT_ACTUSE_EXPR;
		if (keys[i]->dn_type.ty_kind != DT_TK_STRING &&
		    keys[i]->dn_type.ty_kind != DT_TK_STACK &&
		    keys[i]->dn_type.ty_kind != DT_TK_USTACK &&
		    !is_usym(keys[i]->dn_type) &&
		    keys[i]->dn_type.ty_kind != DT_TK_SYM &&
		    keys[i]->dn_type.ty_kind != DT_TK_MOD &&
		    !(bytes && dt_type_isbytes(keys[i]->dn_type)) &&
		    !dt_sema_is_scalar(keys[i]))
			dt_cerror(pcb, "D_KEY_TYPE", keys[i]->dn_pos,
			    "invalid key #%u: associative array and "
			    "aggregation keys must be integers, pointers or "
			    "strings", i + 1);
	}
	return (n);
}

/* The bytes a struct or array key copies: its type's size (else 0). */
static uint32_t
key_copy_bytes(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos)
{
	int64_t sz;

	if (!dt_type_isbytes(t))
		return (0);
	sz = dt_btf_size(dt_pcb_types(pcb, pos)->te_btf, t.ty_btf);
	if (sz <= 0)
		dt_cerror(pcb, "D_KEY_TYPE", pos, "a key of an incomplete "
		    "struct, union or array type");
	return ((uint32_t)sz);
}

/*
 * A variable of struct or array type holds a copy of one (at most
 * DT_STRUCTVAR_MAX bytes): di_tsize, the bytes a store copies.
 */
static void
struct_var(dt_pcb_t *pcb, dt_ident_t *idp, dt_srcpos_t pos)
{
	if (!dt_type_isbytes(idp->di_type))
		return;
	if (idp->di_type.ty_kind == DT_TK_FLOAT) {
		idp->di_tsize = idp->di_type.ty_size;
		return;
	}
	idp->di_tsize = dt_btf_size(dt_pcb_types(pcb, pos)->te_btf,
	    idp->di_type.ty_btf);
	if (idp->di_tsize < 0) {
		char b[256];

		dt_cerror(pcb, "D_DECL_INCOMPLETE", pos, "incomplete "
		    "struct/union/enum %s: %s", dt_sema_tname(pcb, idp->di_type,
		    b,
		    sizeof (b)), idp->di_name);
	}
	if (idp->di_tsize <= 0 || idp->di_tsize > DT_STRUCTVAR_MAX)
		dt_cerror(pcb, "D_OP_INCOMPAT", pos, "a variable holds a "
		    "struct, union or array of 1 to %d bytes, not %lld",
		    DT_STRUCTVAR_MAX, (long long)idp->di_tsize);
}

static dt_ident_t *declare_scalar(dt_pcb_t *, const char *, dt_type_t,
    dt_srcpos_t);

/*
 * A thread-local associative array, self->a[k...], new associative array
 * idp: its map's key is the thread id (8 bytes) and then the components,
 * so that two threads' self->a[k] are two elements.  A thread that stores
 * one is marked in the handle's owner map (a TLS variable keyed by thread
 * id that D cannot name), which tells the program run at the thread's exit
 * that it has elements to delete (core/dt_work.c).
 */
static void
assoc_thread(dt_pcb_t *pcb, dt_ident_t *idp, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	if (var_kind(idp->di_name) != DT_IDENT_TLS)
		return;
	idp->di_tls = true;
	idp->di_keysize += 8;
	idp->di_keyfull += 8;
	if (dtp->dt_tlsowner == NULL)
		dtp->dt_tlsowner = declare_scalar(pcb, "self->.owner",
		    (dt_type_t){ DT_TK_INT, 8, 0 }, pos);
}

/*
 * a[k...] or self->a[k...]: an associative array.  Reading a global
 * array never assigned is an error (a thread-local one is an array of
 * ints); the first assignment declares it with its key types.  Later uses
 * must agree on the number of keys and on string versus integer.
 */
dt_ident_t *
dt_sema_assoc(dt_pcb_t *pcb, dt_node_t *dnp, bool store, dt_type_t ty)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *name = dnp->dn_left->dn_str;
	dt_ident_t *idp = dt_ident_lookup(dtp, name);
	unsigned int n, i = 0;

	if (var_kind(name) == DT_IDENT_LOCAL)
		dt_cerror(pcb, "D_ARR_LOCAL", dnp->dn_pos, "%s: clause-local "
		    "variables may not be associative arrays", name);
	n = dt_sema_assoc_keys(pcb, dnp, true);
	dt_node_t *k;

	if (idp != NULL && idp->di_kind != DT_IDENT_ASSOC)
		dt_cerror(pcb, "D_IDENT_BADREF", dnp->dn_pos, "%s is a scalar "
		    "variable, not an associative array", name);
	if (idp == NULL && !store && var_kind(name) == DT_IDENT_GLOBAL)
		dt_cerror(pcb, "D_IDENT_UNDEF", dnp->dn_pos, "failed to "
		    "resolve %s: Unknown variable name", name);
	if (idp == NULL && !store)
		/* self->a[k] read before any assignment, as self->x */
		dt_cerror(pcb, "D_VAR_UNDEF", dnp->dn_pos, "%s has not yet "
		    "been declared or assigned", name);
	if (idp == NULL) {
		if (ty.ty_kind == DT_TK_VOID || ty.ty_kind == DT_TK_ARRAY)
			dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos, "an "
			    "associative array element must be an integer, a "
			    "pointer, a string or a struct");
		if ((idp = dt_ident_create(dtp, name, DT_IDENT_ASSOC)) ==
		    NULL)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		idp->di_type = ty;
		idp->di_defined = true;
		idp->di_nkeys = n;
		for (k = dnp->dn_args; k != NULL; k = k->dn_list, i++) {
			idp->di_keys[i] = k->dn_type;
			idp->di_keybytes[i] = key_copy_bytes(pcb, k->dn_type,
			    k->dn_pos);
		}
		dt_sema_key_layout(pcb, idp, dnp->dn_args,
		    var_kind(name) == DT_IDENT_TLS ? 8 : 0);
		idp->di_valsize = dt_sema_value_bytes(pcb, ty);
		struct_var(pcb, idp, dnp->dn_pos);
		assoc_thread(pcb, idp, dnp->dn_pos);
		if (idp->di_keysize > DT_MAXKEYSIZE)
			dt_cerror(pcb, "D_ARR_KEYSIZE", dnp->dn_pos, "key of %s "
			    "is %u bytes, more than %d: reduce strsize or the "
			    "string keys", name, idp->di_keysize,
			    DT_MAXKEYSIZE);
		if (dt_varmap_add(dtp, idp) < 0)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
	}
	/* the keys are the array's prototype: DTrace's tags for a call's */
	if (n != idp->di_nkeys)
		dt_cerror(pcb, "D_PROTO_LEN", dnp->dn_pos, "%s[ ] prototype "
		    "mismatch: %u key%s passed, %u expected", name, n,
		    n == 1 ? "" : "s", idp->di_nkeys);
	for (k = dnp->dn_args, i = 0; k != NULL; k = k->dn_list, i++) {
		char b[256];

		if (dt_sema_key_same(k->dn_type, idp->di_keys[i])) {
			dt_sema_key_fits(pcb, idp, i, k, name);
			continue;
		}
		if (dt_type_isbytes(idp->di_keys[i]))
			dt_cerror(pcb, "D_PROTO_ARG", k->dn_pos, "%s[ ] key #%u "
			    "is incompatible with its prototype: %s expected",
			    name, i + 1, dt_sema_tname(pcb, idp->di_keys[i], b,
			    sizeof (b)));
		dt_cerror(pcb, "D_PROTO_ARG", k->dn_pos, "%s[ ] key #%u is "
		    "incompatible with its prototype: %s expected", name,
		    i + 1, dt_sema_key_kind(idp->di_keys[i]));
	}
	dnp->dn_ident = idp;
	dnp->dn_type = idp->di_type;
	return (idp);
}

/* Declare a global, self-> or this-> variable of type ty. */
static dt_ident_t *
declare_scalar(dt_pcb_t *pcb, const char *name, dt_type_t ty, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	uint32_t sz = dt_sema_value_bytes(pcb, ty);
	dt_idkind_t kind = var_kind(name);
	dt_ident_t *idp;

	if (ty.ty_kind == DT_TK_ARRAY && ty.ty_btf == 0)
		dt_cerror(pcb, "D_OP_INCOMPAT", pos, "a variable cannot hold "
		    "this array");
	if ((idp = dt_ident_create(dtp, name, kind)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	idp->di_type = ty;
	idp->di_defined = true;
	idp->di_valsize = sz;
	struct_var(pcb, idp, pos);
	switch (kind) {
	case DT_IDENT_TLS:
		idp->di_keysize = 8;	/* the thread id */
		idp->di_keyfull = 8;
		idp->di_valsize = sz;
		if (dt_varmap_add(dtp, idp) < 0)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		break;
	case DT_IDENT_LOCAL:
		/*
		 * Room for this-> variables: as much as they need until the
		 * first clause is compiled, which fixes it (dt_localcap).
		 */
		if (dtp->dt_localcap != 0 &&
		    dtp->dt_localsize + sz > dtp->dt_localcap)
			dt_cerror(pcb, "D_LOCALS_SIZE", pos, "this-> variables "
			    "take more than the %u bytes the clauses compiled "
			    "before this one leave them", dtp->dt_localcap);
		if (dtp->dt_localsize + sz > DT_STRUCTVAR_MAX)
			dt_cerror(pcb, "D_LOCALS_SIZE", pos, "this-> variables "
			    "take more than %d bytes", DT_STRUCTVAR_MAX);
		idp->di_offset = dtp->dt_localsize;
		dtp->dt_localsize += sz;
		break;
	default:
		idp->di_offset = (dtp->dt_globsize + 7) & ~7U;
		dtp->dt_globsize = idp->di_offset + sz;
	}
	return (idp);
}

/*
 * A declaration at the top of a program: a variable with its type (an
 * associative array when keys is not NULL, with nkeys key types), or an
 * inline (expr not NULL).  Declaring again with the same type is allowed.
 */
void
dt_sema_declare(dt_pcb_t *pcb, const char *name, dt_type_t ty,
    const dt_type_t *keys, int nkeys, char *const *params, dt_node_t *expr,
    dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_ident_t *idp = dt_ident_lookup(dtp, name);
	dt_idkind_t kind = expr != NULL ? DT_IDENT_INLINE : keys != NULL ?
	    DT_IDENT_ASSOC : var_kind(name);

	if (dt_builtin_taken(dtp, name) != NULL)
		dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier redeclared: "
		    "%s is a built-in", name);
	if (ty.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_DECL_VOIDOBJ", pos, "cannot declare %s of "
		    "type void", name);
	if (idp != NULL) {
		if (idp->di_kind != kind || !dt_type_same(idp->di_type, ty) ||
		    kind == DT_IDENT_INLINE || (keys != NULL &&
		    (int)idp->di_nkeys != nkeys))
			dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier "
			    "redeclared: %s", name);
		return;
	}
	if (kind == DT_IDENT_INLINE) {
		const dt_ident_t *xp;
		bool liberr;
		int64_t v;
		dt_type_t vt;

		/* an inline of a translation's inline (= curpsinfo) is
		   that translation */
		if (keys == NULL && expr->dn_kind == DN_VAR &&
		    (xp = dt_lib_lookup(dtp, expr->dn_str, &liberr)) !=
		    NULL && xp->di_kind == DT_IDENT_INLINE &&
		    xp->di_inline->dn_kind == DN_XLATE)
			expr = dt_sema_inline_copy(pcb, xp, expr->dn_pos);
		dt_sema_inline_check(pcb, name, ty, expr, keys != NULL);
		/* a constant expression is kept as its value */
		if (keys == NULL && ty.ty_kind == DT_TK_INT &&
		    dt_fold_int(pcb, expr, &v, &vt)) {
			/* converted to the inline's type */
			expr = dt_node_new(pcb, DN_INT, expr->dn_pos);
			expr->dn_value = dt_int_canonical(v, ty);
			expr->dn_type = ty;
		}
		if ((idp = dt_ident_create(dtp, name, kind)) == NULL ||
		    (idp->di_inline = dt_node_dup(NULL, expr, pos)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = ty;
		idp->di_defined = true;
		for (int i = 0; keys != NULL && i < nkeys; i++) {
			idp->di_keys[i] = keys[i];
			if ((idp->di_params[i] = strdup(params[i])) == NULL)
				dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		}
		idp->di_nkeys = keys != NULL ? (unsigned int)nkeys : 0;
		return;
	}
	if (keys == NULL) {
		(void) declare_scalar(pcb, name, ty, pos);
		return;
	}
	if (nkeys < 1 || nkeys > DT_MAXKEYS)
		dt_cerror(pcb, "D_ARR_KEYS", pos, "an associative array has 1 "
		    "to %d key components", DT_MAXKEYS);
	if ((idp = dt_ident_create(dtp, name, DT_IDENT_ASSOC)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	idp->di_type = ty;
	idp->di_defined = true;
	idp->di_nkeys = (unsigned int)nkeys;
	for (int i = 0; i < nkeys; i++) {
		idp->di_keys[i] = keys[i];
		idp->di_keybytes[i] = key_copy_bytes(pcb, keys[i], pos);
		idp->di_keysize += key_bytes(pcb, keys[i]);
	}
	idp->di_keyfull = idp->di_keysize;
	idp->di_valsize = dt_sema_value_bytes(pcb, ty);
	struct_var(pcb, idp, pos);
	assoc_thread(pcb, idp, pos);
	if (idp->di_keysize > DT_MAXKEYSIZE)
		dt_cerror(pcb, "D_ARR_KEYSIZE", pos, "key of %s is %u bytes, "
		    "more than %d", name, idp->di_keysize, DT_MAXKEYSIZE);
	if (dt_varmap_add(dtp, idp) < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
}

/*
 * What memory or a struct variable lets be written (lhs checked): an
 * integer, a pointer or a float, double or long double (where: " in
 * memory" or ""; a float only by =, which the caller checks); a
 * bit-field only in a variable, and only one that lies within 8 bytes.
 */
static void
check_writable(dt_pcb_t *pcb, const dt_node_t *lhs, const char *op,
    const char *where)
{
	/* ++ and -- want a scalar before an lvalue, as DTrace checks */
	if ((strcmp(op, "++") == 0 || strcmp(op, "--") == 0) &&
	    lhs->dn_type.ty_kind != DT_TK_INT &&
	    lhs->dn_type.ty_kind != DT_TK_PTR)
		dt_cerror(pcb, "D_OP_SCALAR", lhs->dn_pos, "operator %s "
		    "requires an operand of scalar type", op);
	/* = of an array in memory (curthread->comm = "x", a char array
	   too): DTrace's D_OP_ARRFUN */
	if (strcmp(op, "=") == 0 && (lhs->dn_type.ty_kind == DT_TK_ARRAY ||
	    (lhs->dn_type.ty_kind == DT_TK_STRING &&
	    lhs->dn_type.ty_btf != 0))) {
		char b[256];

		dt_cerror(pcb, "D_OP_ARRFUN", lhs->dn_pos, "operator %s may "
		    "not be applied to operand of type \"%s\"", op,
		    dt_sema_tname(pcb, lhs->dn_type, b, sizeof (b)));
	}
	if (lhs->dn_type.ty_kind != DT_TK_INT &&
	    lhs->dn_type.ty_kind != DT_TK_PTR &&
	    lhs->dn_type.ty_kind != DT_TK_FLOAT)
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos, "operator %s "
		    "requires modifiable lvalue as an operand: only integers, "
		    "pointers and floats%s can be written", op, where);
	if (lhs->dn_kind == DN_MEMBER && (lhs->dn_aux >> 8 & 0xff) != 0 &&
	    (*where != '\0' || (lhs->dn_aux & 0xff) +
	    (lhs->dn_aux >> 8 & 0xff) > 64))
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos, "operator %s "
		    "requires modifiable lvalue as an operand: a bit-field "
		    "can be written only in a variable", op);
}

/*
 * Is lv a part of the value of what it is applied to, in the same
 * storage: a member by '.', an element of an array (not through a
 * pointer, nor an associative array's)?  Needs the semantic pass's types
 * for an index.
 */
static bool
in_value(const dt_node_t *lv)
{
	dt_type_t t;

	if (lv->dn_kind == DN_MEMBER)
		return (lv->dn_op != T_ARROW);
	if (lv->dn_kind != DN_INDEX || lv->dn_ident != NULL ||
	    lv->dn_builtin != NULL)
		return (false);
	t = lv->dn_left->dn_type;
	return (t.ty_kind == DT_TK_ARRAY || (t.ty_kind == DT_TK_STRING &&
	    t.ty_btf != 0));
}

/*
 * The variable whose value lvalue v.m, v[i], v.m[i].n ... is part of: a
 * variable node, or an associative array element (a[k].m); else NULL.
 */
const dt_node_t *
dt_member_root(const dt_node_t *lv)
{
	if (!in_value(lv))
		return (NULL);
	while (in_value(lv))
		lv = lv->dn_left;
	return (lv->dn_kind == DN_VAR || (lv->dn_kind == DN_INDEX &&
	    lv->dn_ident != NULL) ? lv : NULL);
}

/*
 * Resolve the variable an assignment or ++/-- writes; if it does not exist
 * yet, declare it with type ty (the first assignment gives the type).
 * Variables are globals, self->x, this->x and associative array elements.
 */
void
dt_sema_lvalue(dt_pcb_t *pcb, dt_node_t *lhs, const char *op, dt_type_t ty)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_ident_t *idp;
	bool liberr;

	if (lhs->dn_kind == DN_INDEX && lhs->dn_left->dn_kind == DN_VAR &&
	    dt_builtin_lookup(lhs->dn_left->dn_str) == NULL &&
	    ((idp = dt_ident_lookup(dtp, lhs->dn_left->dn_str)) == NULL ||
	    idp->di_kind == DT_IDENT_ASSOC ||
	    (idp->di_type.ty_kind != DT_TK_PTR &&
	    idp->di_type.ty_kind != DT_TK_ARRAY))) {
		/* an associative array, unless a pointer or an array */
		dt_sema_assoc(pcb, lhs, true, ty);
		return;
	}
	if ((lhs->dn_kind == DN_UNARY && lhs->dn_op == T_STAR) ||
	    lhs->dn_kind == DN_MEMBER || lhs->dn_kind == DN_INDEX) {
		const dt_node_t *root;

		dt_sema_expr(pcb, lhs);
		if ((root = dt_member_root(lhs)) != NULL) {
			/* v.m, v[i] ... of a struct or array variable (or
			   of an associative array element): written in it */
			idp = root->dn_ident;
			if (idp == NULL || !dt_type_isbytes(idp->di_type) ||
			    root->dn_builtin != NULL)
				dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos,
				    "operator %s can only be applied to a "
				    "writable variable", op);
			/* a struct or array member takes a whole value of
			   its type, a string member a string (checked by
			   the assignment) */
			if (!((dt_type_isbytes(lhs->dn_type) ||
			    lhs->dn_type.ty_kind == DT_TK_STRING) &&
			    strcmp(op, "=") == 0))
				check_writable(pcb, lhs, op, "");
			return;
		}
		/* memory: *p, p[i], p->m; the code generator lets only
		   scratch space the clause allocated be written */
		if (lhs->dn_builtin != NULL || lhs->dn_ident != NULL)
			dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos,
			    "operator %s can only be applied to a writable "
			    "variable", op);
		check_writable(pcb, lhs, op, " in memory");
		return;
	}
	if (lhs->dn_kind != DN_VAR)
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos,
		    "operator %s requires modifiable lvalue as an operand", op);
	if (dt_builtin_taken(dtp, lhs->dn_str) != NULL)
		dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos,
		    "operator %s can only be applied to a writable variable",
		    op);
	/* the D library's names (SIGINT) are its own, not new variables */
	idp = dt_lib_lookup(dtp, lhs->dn_str, &liberr);
	if (liberr)
		dt_lib_error(pcb, lhs->dn_pos);
	if (idp != NULL && idp->di_kind == DT_IDENT_ASSOC)
		dt_cerror(pcb, "D_IDENT_BADREF", lhs->dn_pos, "%s is an "
		    "associative array: it needs a key", lhs->dn_str);
	if (idp != NULL && idp->di_kind == DT_IDENT_TYPE)
		dt_cerror(pcb, "D_OP_LVAL", lhs->dn_pos, "operator %s requires "
		    "modifiable lvalue as an operand: %s is a type name", op,
		    lhs->dn_str);
	if (idp != NULL && idp->di_kind == DT_IDENT_INLINE)
		dt_cerror(pcb, "D_OP_WRITE", lhs->dn_pos, "operator %s can "
		    "only be applied to a writable variable: %s is an inline",
		    op, lhs->dn_str);
	if (idp == NULL) {
		if (ty.ty_kind == DT_TK_VOID)
			dt_cerror(pcb, "D_OP_VOID", lhs->dn_pos,
			    "operator %s cannot be applied to a void value", op);
		idp = declare_scalar(pcb, lhs->dn_str, ty, lhs->dn_pos);
		idp->di_wide = ty.ty_kind == DT_TK_INT;
	}
	lhs->dn_ident = idp;
	lhs->dn_type = idp->di_type;
}
