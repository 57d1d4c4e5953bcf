/*
 * dt_sema_call.c: the semantic pass for calls of built-in functions and
 * actions: the argument count and types of each (a prototype string, or
 * a dt_sema_NAME check named by the function's row in core/dt_fn.c),
 * printf()-family formats against their arguments, and actions used
 * where a value is needed (refused with the tag DTrace gives that use).
 *
 * A function's row (dt_fn_t) says whether it is an action or a
 * subroutine, its result type and its check; dt_sema_call() applies the
 * row, so a new built-in needs no change here unless its arguments need
 * more than a prototype says (docs/hacking.md).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

/*
 * Action dnp used as a value: refused with the tag DTrace gives its use
 * (pcb_actuse), the dynamic ones (stack(), sym() and their kin, whose
 * values only an aggregation or associative array key can hold) apart.
 */
void
dt_sema_action_used(dt_pcb_t *pcb, const dt_node_t *dnp, int use, bool dynact)
{
	const char *f = dnp->dn_str;

	switch (use) {
	case DT_ACTUSE_TRACE:
		if (dynact)
			dt_cerror(pcb, "D_TRACE_DYN", dnp->dn_pos, "trace( ) may "
			    "not be applied to a dynamic expression: %s( )",
			    f);
		dt_cerror(pcb, "D_TRACE_VOID", dnp->dn_pos, "trace( ) may not "
		    "be applied to a void expression: %s( ) is an action", f);
	case DT_ACTUSE_PRINT:
		if (dynact)
			dt_cerror(pcb, "D_PRINT_DYN", dnp->dn_pos, "print( ) may "
			    "not be applied to a dynamic expression: %s( )",
			    f);
		dt_cerror(pcb, "D_PRINT_VOID", dnp->dn_pos, "print( ) may not "
		    "be applied to a void expression: %s( ) is an action", f);
	case DT_ACTUSE_OPERAND:
		if (dynact)
			dt_cerror(pcb, "D_OP_DYN", dnp->dn_pos, "operands cannot "
			    "be of dynamic type: %s( )", f);
		dt_cerror(pcb, "D_OP_ACT", dnp->dn_pos, "operands cannot be "
		    "actions: %s( )", f);
	case DT_ACTUSE_DEFER:
		return;		/* the ?: checks once both are checked */
	case DT_ACTUSE_ARITH:
		dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos, "operator requires an "
		    "operand of arithmetic type: %s( ) is an action", f);
	case DT_ACTUSE_VFPTR:
		dt_cerror(pcb, "D_OP_VFPTR", dnp->dn_pos, "operator requires "
		    "left-hand scalar operand of known size: %s( ) is an "
		    "action, of no value to add", f);
	case DT_ACTUSE_INCOMPAT:
		dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos, "operands have "
		    "incompatible types: %s( ) is an action", f);
	case DT_ACTUSE_INT:
		dt_cerror(pcb, "D_OP_INT", dnp->dn_pos, "operator requires an "
		    "operand of integral type: %s( ) is an action", f);
	case DT_ACTUSE_SCALAR:
		dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos, "operator requires "
		    "an operand of scalar type: %s( ) is an action", f);
	case DT_ACTUSE_PRINTF:
		dt_cerror(pcb, "D_PRINTF_ARG_TYPE", dnp->dn_pos, "a format's "
		    "value cannot be void: %s( ) is an action", f);
	case DT_ACTUSE_STRINGOF:
		/* stringof is an operator, with no prototype */
		dt_cerror(pcb, "D_STRINGOF_TYPE", dnp->dn_pos, "cannot apply "
		    "stringof to %s: %s( )", dynact ? "a dynamic expression" :
		    "a void value, an action's", f);
	case DT_ACTUSE_PRED:
		dt_cerror(pcb, "D_PRED_SCALAR", dnp->dn_pos, "predicate result "
		    "must be of scalar type: %s( ) is an action", f);
	case DT_ACTUSE_DEREF:
		dt_cerror(pcb, "D_DEREF_NONPTR", dnp->dn_pos, "operator * "
		    "requires an operand of pointer type: %s( ) is an action",
		    f);
	case DT_ACTUSE_ADDROF:
		dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "operator & "
		    "requires an lvalue as its operand: %s( ) is an action", f);
	case DT_ACTUSE_SIZEOF:
		dt_cerror(pcb, "D_SIZEOF_TYPE", dnp->dn_pos, "cannot apply "
		    "sizeof to an expression of type void: %s( ) is an action",
		    f);
	case DT_ACTUSE_ARROW:
		dt_cerror(pcb, "D_OP_PTR", dnp->dn_pos, "operator -> must be "
		    "applied to a pointer: %s( ) is an action", f);
	case DT_ACTUSE_DOT:
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator . must be "
		    "applied to a struct or union: %s( ) is an action", f);
	case DT_ACTUSE_CAST:
		dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos, "invalid cast "
		    "expression: %s( ) is an action, of no value", f);
	case DT_ACTUSE_KEY:
		/* an associative array's: DTrace takes neither a void nor a
		   dynamic key there (an aggregation's may be a stack) */
		if (!dynact)
			dt_cerror(pcb, "D_KEY_TYPE", dnp->dn_pos, "a key "
			    "cannot be void: %s( ) is an action", f);
		dt_cerror(pcb, "D_KEY_TYPE", dnp->dn_pos, "%s( ), of dynamic "
		    "type, may not be used as an associative array key", f);
	default:
		dt_cerror(pcb, "D_ACT_EXPR", dnp->dn_pos, "%s( ) is an action "
		    "and may only be used as a statement", f);
	}
}

/*
 * A call of function f with nargs arguments, which takes lo to hi: when
 * the count is wrong, DTrace's D_PROTO_LEN, saying "at least lo" or "at
 * most hi" when the function takes a range.
 */
void
dt_sema_proto_len(dt_pcb_t *pcb, dt_srcpos_t pos, const char *f, int nargs,
    int lo,
    int hi)
{
	if (nargs >= lo && nargs <= hi)
		return;
	dt_cerror(pcb, "D_PROTO_LEN", pos, "%s( ) prototype mismatch: %d "
	    "arg%s passed, %s%d expected", f, nargs, nargs == 1 ? "" : "s",
	    lo == hi ? "" : nargs < lo ? "at least " : "at most ",
	    nargs < lo ? lo : hi);
}

/* A call to a function taking lo to hi arguments. */
static void
check_nargs(dt_pcb_t *pcb, const dt_node_t *dnp, int nargs, int lo, int hi)
{
	dt_sema_proto_len(pcb, dnp->dn_pos, dnp->dn_str, nargs, lo, hi);
}

/*
 * How many arguments prototype proto takes (dt_fn.h): *minp at least,
 * *maxp at most.  The aggregating functions' and the aggregation actions'
 * counts are read from their rows so too (dt_sema_agg.c).
 */
void
dt_sema_proto_range(const char *proto, int *minp, int *maxp)
{
	int min = 0, max = 0;

	for (const char *p = proto; *p != '\0'; p++) {
		if (*p == '[')
			min = max;
		else
			max++;
	}
	if (strchr(proto, '[') == NULL)
		min = max;
	*minp = min;
	*maxp = max;
}

/*
 * The generic check of a call: the count and types of its arguments from
 * its row's prototype (dt_fn.h: s a string, i an integer, x an integer or
 * a pointer, "[" before the optional ones).
 */
static void
check_proto(dt_pcb_t *pcb, dt_node_t *dnp, const char *proto, int nargs)
{
	const char *p;
	const dt_node_t *a = dnp->dn_args;
	int min, max, n = 0;

	dt_sema_proto_range(proto, &min, &max);
	dt_sema_proto_len(pcb, dnp->dn_pos, dnp->dn_str, nargs, min, max);
	for (p = proto; a != NULL; a = a->dn_list, p++) {
		bool ok;

		if (*p == '[')
			p++;
		n++;
		ok = *p == 's' ? dt_sema_is_strarg(a) : *p == 'x'
		    ? dt_sema_is_scalar(a) :
		    *p == 'p' ? dt_sema_is_addrarg(a) : dt_sema_is_int(a);
		if (!ok)
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) argument "
			    "#%d is incompatible with prototype: argument must "
			    "be %s", dnp->dn_str, n, *p == 's' ? "a string" :
			    *p == 'x' ? "an integer or pointer" :
			    *p == 'p' ? "an address, a string or an array" :
			    "an integer");
	}
}

/*
 * The checks of the rows of dt_fn.c (fn_sema): what a prototype cannot
 * say.  Each runs after the arguments are checked, and after the
 * prototype when the row has one.
 */

void
dt_sema_trace(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (dnp->dn_args->dn_type.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_TRACE_VOID", dnp->dn_pos,
		    "trace( ) may not be applied to a void expression");
}

/*
 * What print() of pointer t shows: the type it points to, its BTF id in
 * *tep's types.  A pointer to D's own integers, or to another pointer,
 * has its pointee made in the D types.  0 for void, and for a pointer
 * to a pointer of a module's types (whose pointer type the D types
 * cannot hold): print() then shows the address.
 */
uint32_t
dt_sema_print_pointee(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos,
    dt_tentry_t **tep)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_type_t pt = t;
	int64_t id;

	if (t.ty_plevel == 0 && t.ty_btf != 0) {
		*tep = dt_pcb_types(pcb, pos);
		return (t.ty_btf);
	}
	if (t.ty_plevel == 0 && t.ty_psize == 0)
		return (0);			/* void * */
	/* the D types first: a clause on the kernel's moves onto them */
	if (dt_dtypes(dtp) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	*tep = dt_pcb_types(pcb, pos);
	if (*tep != dtp->dt_dtypes) {
		if (t.ty_btf != 0)
			return (0);
		*tep = dtp->dt_dtypes;	/* D's integers are everyone's */
	}
	if (t.ty_plevel == 0) {
		pt = (dt_type_t){ DT_TK_INT, t.ty_psize, t.ty_psigned };
	} else {
		pt.ty_plevel--;
	}
	if ((id = dt_dtype_btf(dtp, pt)) <= 0)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	return ((uint32_t)id);
}

/*
 * print(e): DTrace for Linux's print() takes a pointer (its prototype is
 * void print(void *)) and shows what it points to, which must have a
 * size; a struct, union or array value is taken too (the bytes shown as
 * through a pointer to it, without its address; a char array as its
 * string).  Anything else is the argument DTrace refuses.
 */
void
dt_sema_print(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a;
	dt_type_t t;
	char name[256];

	check_nargs(pcb, dnp, nargs, 1, 1);
	a = dnp->dn_args;
	t = a->dn_type;
	if (t.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_PRINT_VOID", dnp->dn_pos,
		    "print( ) may not be applied to a void expression");
	if (t.ty_kind == DT_TK_PTR) {
		dt_tentry_t *te = NULL;
		uint32_t id = dt_sema_print_pointee(pcb, t, a->dn_pos, &te);

		if (id == 0 && t.ty_plevel == 0)
			dt_cerror(pcb, "D_PRINT_SIZE", a->dn_pos,
			    "print( ) argument #1 reference has type 'void' "
			    "with size 0; cannot print( ) it.");
		/* a function, an incomplete struct: nothing to show */
		if (id != 0 && dt_btf_size(te->te_btf, id) <= 0)
			dt_cerror(pcb, "D_PRINT_SIZE", a->dn_pos,
			    "print( ) argument #1 reference has type '%s' "
			    "with size 0; cannot print( ) it.", dt_btf_name(
			    te->te_btf, id, name, sizeof (name)));
		return;
	}
	/* a char array is a string with its array type */
	if ((t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_ARRAY ||
	    t.ty_kind == DT_TK_STRING) && t.ty_btf != 0)
		return;
	dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "print( ) argument #1 is "
	    "incompatible with prototype: prototype: void *, argument: %s",
	    dt_sema_tname(pcb, t, name, sizeof (name)));
}

void
dt_sema_tracemem(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a = dnp->dn_args;

	/* its prototype (address, size_t [, integer]), as DTrace's */
	check_nargs(pcb, dnp, nargs, 2, 3);
	/* an address: of a string's bytes, a struct, an array too */
	if (a->dn_type.ty_kind == DT_TK_VOID)
		dt_cerror(pcb, "D_TRACEMEM_ADDR", a->dn_pos,
		    "tracemem( ) argument #1 is incompatible with "
		    "prototype: argument must be an address");
	a = a->dn_list;
	if (!dt_sema_is_int(a))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
		    "tracemem( ) argument #2 is incompatible with prototype: "
		    "argument must be an integer (size_t)");
	if (a->dn_kind != DN_INT || a->dn_value <= 0 ||
	    a->dn_value > DT_DCTX_RECMAX)
		dt_cerror(pcb, "D_TRACEMEM_SIZE", a->dn_pos,
		    "tracemem( ) argument #2 must be a non-zero "
		    "positive integral constant expression (at most "
		    "%d)", DT_DCTX_RECMAX);
	/* the bytes shown, worked out as it fires */
	if ((a = a->dn_list) != NULL && !dt_sema_is_int(a))
		dt_cerror(pcb, "D_TRACEMEM_DYNSIZE", a->dn_pos,
		    "tracemem( ) argument #3 must be an integer "
		    "expression");
}

/*
 * setopt(name [, value]): the name is a string constant; the value any
 * string, a constant or one made when the probe fires (recorded then).
 */
void
dt_sema_setopt(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	dt_node_t *val;

	check_nargs(pcb, dnp, nargs, 1, 2);
	if (dnp->dn_args->dn_kind != DN_STRING)
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_args->dn_pos,
		    "setopt( ) argument #1 is incompatible with prototype: "
		    "argument must be a string constant");
	if ((val = dnp->dn_args->dn_list) != NULL && !dt_sema_is_string(val))
		dt_cerror(pcb, "D_PROTO_ARG", val->dn_pos,
		    "setopt( ) argument #2 is incompatible with prototype: "
		    "argument must be a string");
}

/* speculate(id), commit(id), discard(id) */
void
dt_sema_specid(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!dt_sema_is_int(dnp->dn_args))
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_pos,
		    "%s( ) argument #1 is incompatible with "
		    "prototype: argument must be an integer",
		    dnp->dn_str);
}

void
dt_sema_exit(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!dt_sema_is_int(dnp->dn_args))
		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_pos,
		    "exit( ) argument #1 is incompatible with "
		    "prototype: argument must be an integer");
}

/*
 * The subroutines on Linux's locks.  mutex_owned(), mutex_owner(),
 * mutex_type_adaptive() and mutex_type_spin() take a struct mutex *, the
 * rw_*() ones a rwlock_t *; the code generator reads one word of the
 * lock at offset dn_value: struct mutex's owner (the owning task, flags
 * in its low 3 bits) or the count of rwlock_t's qrwlock (readers << 9,
 * 0x100 a writer waiting, 0xff a writer holding it).  mutex_owner() is a
 * struct task_struct *.
 */
void
dt_sema_lockfn(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;
	bool rw = id == DT_FN_RW_READ_HELD || id == DT_FN_RW_WRITE_HELD ||
	    id == DT_FN_RW_ISWRITER;
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	const struct btf *btf = te->te_btf;
	const dt_node_t *a;
	uint32_t want, lock, type, off, coff, bit, bitsize;
	char buf[256];

	check_nargs(pcb, dnp, nargs, 1, 1);
	a = dnp->dn_args;
	want = rw ? dt_tcache_name(te, "rwlock_t") :
	    dt_tcache_tag(te, BTF_KIND_STRUCT, "mutex");
	if (want == 0)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "kernel type data "
		    "lacks %s", rw ? "rwlock_t" : "struct mutex");
	lock = dt_btf_resolve(btf, want);
	if (a->dn_type.ty_kind != DT_TK_PTR || a->dn_type.ty_plevel != 0 ||
	    a->dn_type.ty_btf == 0 ||
	    dt_btf_resolve(btf, a->dn_type.ty_btf) != lock)
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) argument #1 "
		    "is incompatible with prototype: prototype: %s *, "
		    "argument: %s", dnp->dn_str, rw ? "rwlock_t" :
		    "struct mutex", dt_sema_tname(pcb, a->dn_type, buf,
		    sizeof (buf)));
	if (!rw) {
		dnp->dn_value = dt_sema_kernel_offset(pcb, dnp->dn_pos, "mutex",
		    "owner");
	} else if (dt_btf_member(btf, lock, "raw_lock", &type, &off, &bit,
	    &bitsize) != 0 || dt_btf_member(btf, dt_btf_resolve(btf, type),
	    "cnts", &type, &coff, &bit, &bitsize) != 0) {
		dt_cerror(pcb, "D_TYPE_MEMBER", dnp->dn_pos, "kernel type "
		    "data lacks rwlock_t's raw_lock.cnts (a queued rwlock)");
	} else {
		dnp->dn_value = off + coff;
	}
	if (id == DT_FN_MUTEX_OWNER) {
		dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
		dnp->dn_type.ty_btf = dt_tcache_tag(te, BTF_KIND_STRUCT,
		    "task_struct");
	}
}

void
dt_sema_progenyof(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	(void) nargs;
	dnp->dn_value = dt_sema_kernel_offset(pcb, dnp->dn_pos, "task_struct",
	    "real_parent");
	dnp->dn_aux = dt_sema_kernel_offset(pcb, dnp->dn_pos, "task_struct",
	    "tgid");
}

void
dt_sema_d_path(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	dt_node_t *a = dnp->dn_args;
	char buf[256];

	uint32_t sid = 0;

	check_nargs(pcb, dnp, nargs, 1, 1);
	if (a->dn_type.ty_kind == DT_TK_PTR && a->dn_type.ty_btf != 0 &&
	    a->dn_type.ty_plevel == 0)
		sid = dt_btf_resolve(te->te_btf, a->dn_type.ty_btf);
	/* a struct vfsmount *: the path of its mount point */
	dnp->dn_aux = sid != 0 && sid == dt_tcache_tag(te,
	    BTF_KIND_STRUCT, "vfsmount");
	if (!dnp->dn_aux && (sid == 0 || sid != dt_tcache_tag(te,
	    BTF_KIND_STRUCT, "path")))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "d_path( ) "
		    "argument #1 is incompatible with prototype: "
		    "argument must be a struct path * (not \"%s\")",
		    dt_sema_tname(pcb, a->dn_type, buf, sizeof (buf)));
	dt_sema_path_offsets(pcb, dnp->dn_pos);
}

/* inet_ntoa( ), inet_ntoa6( ), inet_ntop( ), link_ntop( ) */
void
dt_sema_inet(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;
	int want = id == DT_FN_INET_NTOP || id == DT_FN_LINK_NTOP ? 2 : 1;
	dt_node_t *a = dnp->dn_args;
	dt_type_t vt;
	int64_t v;

	/*
	 * inet_ntoa6(addr, strict), as DTrace for Linux has it: a constant
	 * other than 0 writes an embedded IPv4 address as inet_ntop() does
	 * (::ffff:a.b.c.d, ::a.b.c.d), 0 as inet_ntoa6(addr) (a.b.c.d); the
	 * code generator reads it in dn_aux.
	 */
	check_nargs(pcb, dnp, nargs, want, id == DT_FN_INET_NTOA6 ? 2 : want);
	if (nargs == 2 && id == DT_FN_INET_NTOA6) {
		if (!dt_fold_int(pcb, a->dn_list, &v, &vt) ||
		    vt.ty_kind != DT_TK_INT)
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_list->dn_pos,
			    "inet_ntoa6( ) argument #2 is incompatible with "
			    "prototype: argument must be an integer constant");
		dnp->dn_aux = v != 0;
	}
	if (want == 2) {
		if (!dt_sema_is_int(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) "
			    "argument #1 is incompatible with "
			    "prototype: argument must be an integer",
			    dnp->dn_str);
		a = a->dn_list;
	}
	/* NULL, the constant 0, is a pointer too: it faults at run time;
	   an array's value is its address, as in C (a char array taken as
	   a string by the call is its array again here) */
	if (a->dn_kind == DN_CAST && a->dn_type.ty_kind == DT_TK_STRING &&
	    a->dn_left->dn_type.ty_kind == DT_TK_ARRAY)
		dt_sema_replace_node(a, a->dn_left);
	if (a->dn_type.ty_kind != DT_TK_PTR &&
	    a->dn_type.ty_kind != DT_TK_ARRAY &&
	    !(a->dn_kind == DN_INT && a->dn_value == 0))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) argument "
		    "#%d is incompatible with prototype: argument must "
		    "be a pointer", dnp->dn_str, want);
}

void
dt_sema_strtok(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a = dnp->dn_args;

	/*
	 * The string may be NULL (or any pointer, a char * to read): NULL
	 * goes on with the string of the last call.
	 */
	check_nargs(pcb, dnp, nargs, 2, 2);
	if (!dt_sema_is_string(a) && a->dn_type.ty_kind != DT_TK_PTR &&
	    !(a->dn_kind == DN_INT && a->dn_value == 0))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "strtok( ) "
		    "argument #1 is incompatible with prototype: "
		    "argument must be a string or NULL");
	if (!dt_sema_is_strarg(a->dn_list))
		dt_cerror(pcb, "D_PROTO_ARG", a->dn_list->dn_pos,
		    "strtok( ) argument #2 is incompatible with "
		    "prototype: argument must be a string");
}

void
dt_sema_stringof(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	char buf[256];

	/* an integer is an address, as a pointer is (DTrace: any scalar) */
	check_nargs(pcb, dnp, nargs, 1, 1);
	if (!dt_sema_is_string(dnp->dn_args)
	    && !dt_sema_is_scalar(dnp->dn_args))
		dt_cerror(pcb, "D_STRINGOF_TYPE", dnp->dn_pos,
		    "cannot apply stringof to a value of type %s",
		    dt_sema_tname(pcb, dnp->dn_args->dn_type, buf,
		    sizeof (buf)));
}

/*
 * The size argument of alloca( ), copyin( ) and copyinstr( ) (the last
 * one), if a constant, is at most scratchsize (rounded up to 8, as the
 * scratch area is): DTrace says D_ALLOCA_SIZE at compile time.  The
 * constant is a size_t: -1 is too large.
 */
static void
check_allocsize(dt_pcb_t *pcb, dt_node_t *dnp, const dt_node_t *sz)
{
	uint32_t max = (pcb->pcb_hdl->dt_opts.op_scratchsize + 7) & ~7U;

	if (sz->dn_kind == DN_INT && (uint64_t)sz->dn_value > max)
		dt_cerror(pcb, "D_ALLOCA_SIZE", sz->dn_pos, "%s(%llu) size "
		    "larger than scratchsize %u", dnp->dn_str,
		    (unsigned long long)sz->dn_value, max);
}

void
dt_sema_alloca(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	const dt_node_t *a = dnp->dn_args;

	while (a->dn_list != NULL)
		a = a->dn_list;
	if (nargs > 0)
		check_allocsize(pcb, dnp, a);
}

void
dt_sema_copyinstr(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	check_nargs(pcb, dnp, nargs, 1, 2);
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list) {
		if (!dt_sema_is_scalar(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
			    "copyinstr( ) argument is incompatible "
			    "with prototype: argument must be an "
			    "integer or pointer");
	}
	if (nargs == 2)
		check_allocsize(pcb, dnp, dnp->dn_args->dn_list);
}

/*
 * Frames asked for beyond the option maxframes are silently not taken,
 * as in DTrace; nor beyond the kernel's perf_event_max_stack.
 */
static int64_t
stack_frames(const dt_pcb_t *pcb, int64_t n)
{
	int64_t max = pcb->pcb_hdl->dt_opts.op_maxframes;

	if (max > DT_STACK_MAXFRAMES)
		max = DT_STACK_MAXFRAMES;
	return (n > max ? max : n);
}

void
dt_sema_stack(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	/* stack(N): N frames, a constant; else stackframes */
	int64_t n = pcb->pcb_hdl->dt_opts.op_stackframes;

	/* stack([uint32_t]): the row's prototype checked its argument's
	   type; that it is a constant is checked here */
	if (pcb->pcb_clause != NULL)
		pcb->pcb_clause->dc_kstack = true;

	if (nargs == 1) {
		if (dnp->dn_args->dn_kind != DN_INT ||
		    dnp->dn_args->dn_value <= 0)
			dt_cerror(pcb, "D_STACK_SIZE",
			    dnp->dn_args->dn_pos, "stack( ) argument #1 "
			    "must be a non-zero positive integer constant");
		n = dnp->dn_args->dn_value;
	}
	n = stack_frames(pcb, n);
	dnp->dn_type = (dt_type_t){ .ty_kind = DT_TK_STACK,
	    .ty_size = (uint8_t)n };
}

void
dt_sema_ustack(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	/*
	 * ustack(N, strsize): N frames, a constant; else ustackframes (in
	 * an aggregation key at most what fits in one).  strsize, for
	 * stack helpers that translate frames in the kernel, must be a
	 * constant; there are no such helpers here, so it is not used.
	 * jstack() is ustack() whose default is jstackframes: the frames
	 * of virtual machines' interpreted code would need those helpers,
	 * so they show as the machine's own functions.
	 */
	const char *name = dnp->dn_str;
	int64_t n = strcmp(name, "jstack") == 0 ?
	    pcb->pcb_hdl->dt_opts.op_jstackframes :
	    pcb->pcb_hdl->dt_opts.op_ustackframes;

	pcb->pcb_hdl->dt_usyms = true;	/* dt_usym_snapshot() */
	if (nargs == 0 && pcb->pcb_aggkey &&
	    n > (DT_MAXKEYSIZE - 8) / 8)
		n = (DT_MAXKEYSIZE - 8) / 8;
	if (nargs >= 1) {
		if (dnp->dn_args->dn_kind != DN_INT ||
		    dnp->dn_args->dn_value <= 0)
			dt_cerror(pcb, "D_USTACK_FRAMES",
			    dnp->dn_args->dn_pos, "%s( ) argument "
			    "#1 must be a non-zero positive integer "
			    "constant", name);
		n = dnp->dn_args->dn_value;
	}
	n = stack_frames(pcb, n);
	if (nargs == 2 && (dnp->dn_args->dn_list->dn_kind != DN_INT ||
	    dnp->dn_args->dn_list->dn_value < 0))
		dt_cerror(pcb, "D_USTACK_STRSIZE",
		    dnp->dn_args->dn_list->dn_pos, "%s( ) argument "
		    "#2 must be a positive integer constant", name);
	dnp->dn_type = (dt_type_t){ .ty_kind = DT_TK_USTACK,
	    .ty_size = (uint8_t)n };
}

/* usym(addr) & co: the pid and the address, named when printed */
void
dt_sema_usym(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;

	(void) nargs;
	pcb->pcb_hdl->dt_usyms = true;
	dnp->dn_type = (dt_type_t){ .ty_kind = id == DT_FN_USYM ? DT_TK_USYM :
	    id == DT_FN_UMOD ? DT_TK_UMOD : DT_TK_UADDR, .ty_size = 16 };
}

/* sym(addr), func(addr), mod(addr): recorded, named when printed */
void
dt_sema_sym(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	(void) pcb;
	(void) nargs;
	dnp->dn_type = (dt_type_t){ .ty_kind = dnp->dn_builtin->di_id ==
	    DT_FN_SYM ? DT_TK_SYM : DT_TK_MOD, .ty_size = 8 };
}

/* The functions refused on purpose (DT_FF_REFUSED): why. */
void
dt_sema_refused(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	int id = dnp->dn_builtin->di_id;

	(void) nargs;
	/* Solaris's subroutines, which DTrace for Linux lists as not
	   implemented: Linux has no such objects */
	if (id == DT_FN_MSGSIZE || id == DT_FN_MSGDSIZE)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "%s( ) is not "
		    "supported: it measures a Solaris STREAMS message "
		    "(mblk_t), which Linux does not have", dnp->dn_str);
	if (id == DT_FN_DDI_PATHNAME)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "ddi_pathname( ) "
		    "is not supported: it names a node of the Solaris device "
		    "tree (dev_info_t), which Linux does not have");
	/* the others are destructive: after speculate( ), DTrace's own
	   error comes first */
	if (pcb->pcb_clause != NULL && pcb->pcb_clause->dc_spec)
		dt_cerror(pcb, "D_ACT_SPEC", dnp->dn_pos, "destructive "
		    "actions may not follow speculate( )");
	if (id == DT_FN_CHILL)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "chill( ) is not "
		    "supported: a BPF program cannot sleep, and dtrace does "
		    "not make one spin");
	if (id == DT_FN_COPYOUT || id == DT_FN_COPYOUTSTR)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "%s( ) is not "
		    "supported: D programs do not write user memory "
		    "(bpf_probe_write_user is refused under kernel lockdown, "
		    "and dtrace does not use it)", dnp->dn_str);
	dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "%s( ) is not "
	    "supported: a BPF program cannot %s", dnp->dn_str,
	    id == DT_FN_PANIC ? "panic the kernel" :
	    "stop the kernel in a debugger");
}

/* printf( ), system( ), freopen( ) */
void
dt_sema_printf(dt_pcb_t *pcb, dt_node_t *dnp, int nargs)
{
	dt_node_t *fmt = dnp->dn_args;
	int err = 0;

	(void) nargs;
	if (fmt == NULL)
		dt_cerror(pcb, "D_PROTO_LEN", dnp->dn_pos,
		    "%s( ) prototype mismatch: 0 args passed, "
		    "at least 1 expected", dnp->dn_str);
	if (fmt->dn_kind != DN_STRING) {
		char buf[256];

		/* a string that is no constant, or no string at all */
		dt_sema_expr(pcb, fmt);
		if (fmt->dn_type.ty_kind != DT_TK_STRING)
			dt_cerror(pcb, "D_PROTO_ARG", fmt->dn_pos,
			    "%s( ) argument #1 is incompatible with "
			    "prototype:\n\tprototype: string\n\t argument: %s",
			    dnp->dn_str, dt_sema_tname(pcb, fmt->dn_type, buf,
			    sizeof (buf)));
		dt_cerror(pcb, "D_PRINTF_ARG_FMT", fmt->dn_pos,
		    "%s( ) argument #1 is incompatible with "
		    "prototype: argument must be a string constant",
		    dnp->dn_str);
	}
	if (fmt->dn_str[0] == '\0' && strcmp(dnp->dn_str, "printf") == 0)
		dt_cerror(pcb, "D_PRINTF_FMT_EMPTY", fmt->dn_pos,
		    "%s( ) format string is empty", dnp->dn_str);
	/*
	 * "." is refused when compiled, as DTrace refuses it ("" is stdout
	 * again); another directory ("..", "%s" of ".") fails when it is
	 * opened, and output stays where it was.
	 */
	if (dnp->dn_builtin->di_id == DT_FN_FREOPEN &&
	    strcmp(fmt->dn_str, ".") == 0)
		dt_cerror(pcb, "D_FREOPEN_INVALID", fmt->dn_pos,
		    "freopen( ) argument #1 cannot be \".\"");
	dnp->dn_pfmt = dt_printf_parse_as(pcb->pcb_hdl, dnp->dn_str,
	    fmt->dn_str, fmt->dn_list, &err);
	if (dnp->dn_pfmt == NULL)
		dt_cerror(pcb, pcb->pcb_hdl->dt_errtag, fmt->dn_pos,
		    "%s", pcb->pcb_hdl->dt_errmsg);
}

/*
 * An action whose arguments DTrace's prototype types but whose row has
 * none, its check being its own (exit(int), at the call;
 * setopt(string, string), a constant name): an action's void there is
 * D_PROTO_ARG, as for a subroutine or an action with a prototype
 * (raise(int), stack(int), ustack(int, int)).  trace( ), printf( ) and
 * kin take any value and tell a void one by their own tags.
 */
static bool
typed_action(int id)
{
	return (id == DT_FN_EXIT || id == DT_FN_SETOPT);
}

/*
 * The prototype dt_sema_call() checks: a subroutine's or an action's.
 * The rows of aggregating functions and of the actions on aggregations
 * give their counts, which dt_sema_agg.c reads; their calls are checked
 * there.
 */
static const char *
call_proto(const dt_fn_t *fn)
{
	return (fn->fn_kind == DT_FK_SUBR || fn->fn_kind == DT_FK_ACT ?
	    fn->fn_proto : NULL);
}

/*
 * A call: what its row (dt_fn.c) says, checked generically (where the
 * call may appear, its arguments, the flags' effect on the clause), then
 * the row's own check.
 */
void
dt_sema_call(dt_pcb_t *pcb, dt_node_t *dnp, bool stmt)
{
	const dt_ident_t *idp = dt_builtin_lookup(dnp->dn_str);
	const dt_fn_t *fn;
	int nargs = 0, use = pcb->pcb_actuse, id;
	bool dynact;

	pcb->pcb_actuse = DT_ACTUSE_EXPR;	/* for its arguments */

	if (idp == NULL || idp->di_kind != DT_IDENT_FUNC) {
		if (idp != NULL || dt_ident_lookup(pcb->pcb_hdl,
		    dnp->dn_str) != NULL)
			dt_cerror(pcb, "D_FUNC_IDKIND", dnp->dn_pos,
			    "%s is not a function: it may not be referenced "
			    "as a function", dnp->dn_str);
		dt_cerror(pcb, "D_FUNC_UNDEF", dnp->dn_pos,
		    "undefined function name: %s", dnp->dn_str);
	}
	fn = dt_fn_of(idp);
	id = idp->di_id;
	if (fn->fn_kind == DT_FK_AGG)
		dt_cerror(pcb, "D_CG_EXPR", dnp->dn_pos, "aggregating "
		    "function %s( ) may not be called from a D expression: "
		    "it may only be assigned to an aggregation", dnp->dn_str);
	dnp->dn_builtin = idp;
	dnp->dn_type = idp->di_type;
	dynact = (fn->fn_flags & DT_FF_DYNACT) != 0;
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list) {
		nargs++;
		if (id == DT_FN_TRACE && a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_TRACE;
		else if (id == DT_FN_PRINT && a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_PRINT;
		else if (id == DT_FN_STRINGOF && a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_STRINGOF;
		else if (fn->fn_sema == dt_sema_printf && nargs > 1 &&
		    a->dn_kind == DN_CALL)
			pcb->pcb_actuse = DT_ACTUSE_PRINTF;
		/* an aggregation is dynamic: DTrace's tag and words */
		if (a->dn_kind == DN_AGG && id == DT_FN_TRACE)
			dt_cerror(pcb, "D_TRACE_DYN", a->dn_pos, "trace( ) may "
			    "not be applied to a dynamic expression");
		if (a->dn_kind == DN_AGG && fn->fn_sema == dt_sema_printf &&
		    nargs > 1)
			dt_cerror(pcb, "D_PRINTF_ARG_TYPE", a->dn_pos, "%s( ) "
			    "argument #%d is incompatible with its "
			    "conversion: aggregation %s has no value to "
			    "format; use printa( )", dnp->dn_str, nargs,
			    a->dn_str);
		/*
		 * An action (void) as the argument of a subroutine or of an
		 * action with a prototype: DTrace checks the prototype first
		 * (mutex_owned(trace(1)) is D_PROTO_ARG).
		 */
		if (a->dn_kind == DN_CALL && (call_proto(fn) != NULL ||
		    fn->fn_kind == DT_FK_SUBR || typed_action(id)) &&
		    id != DT_FN_STRINGOF) {
			const dt_ident_t *aid = dt_builtin_lookup(a->dn_str);

			if (aid != NULL && aid->di_kind == DT_IDENT_FUNC &&
			    dt_fn_of(aid)->fn_kind == DT_FK_ACT &&
			    !(dt_fn_of(aid)->fn_flags & DT_FF_DYNACT) &&
			    aid->di_type.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
				    "%s( ) argument #%d is incompatible with "
				    "prototype: %s( ) is an action, of no "
				    "value", dnp->dn_str, nargs, a->dn_str);
		}
		if (a->dn_kind == DN_AGG && id == DT_FN_PRINT)
			dt_cerror(pcb, "D_PRINT_AGG", a->dn_pos, "print( ) may "
			    "not be applied to an aggregation; use printa( )");
		/* a format is parsed with its arguments, by fn_sema */
		if (!(nargs == 1 && fn->fn_sema == dt_sema_printf))
			dt_sema_expr(pcb, a);
		if (id != DT_FN_TRACE && id != DT_FN_PRINT &&
		    id != DT_FN_TRACEMEM)
			dt_sema_char_array_string(pcb, a);
		pcb->pcb_actuse = DT_ACTUSE_EXPR;
	}
	/* the prototype first, as DTrace checks it when it reads the call */
	if (call_proto(fn) != NULL)
		check_proto(pcb, dnp, call_proto(fn), nargs);
	if (idp->di_type.ty_kind == DT_TK_VOID && !stmt &&
	    !(dynact && pcb->pcb_aggkey))
		dt_sema_action_used(pcb, dnp, use, dynact);
	if ((fn->fn_flags & DT_FF_DESTRUCTIVE) && pcb->pcb_clause != NULL)
		pcb->pcb_clause->dc_destructive = true;
	if (fn->fn_flags & DT_FF_SPEC) {
		if (pcb->pcb_clause != NULL)
			pcb->pcb_clause->dc_usespec = true;
		pcb->pcb_hdl->dt_specused = true;
	}
	if (fn->fn_sema != NULL)
		fn->fn_sema(pcb, dnp, nargs);
}
