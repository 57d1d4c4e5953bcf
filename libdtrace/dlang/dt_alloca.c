/*
 * dt_alloca.c: the pass after dt_sema that follows pointers into scratch
 * space (alloca(), copyin()) through a clause, as DTrace does.
 *
 * Scratch space lives for one clause (dt_cg_mem.c), so DTrace keeps its
 * pointers apart from all others:
 *
 *  - a variable holds pointers into scratch space or other pointers,
 *    never both: the first pointer assigned to it fixes which (the
 *    ident's di_ptrsrc, kept across clauses and programs, as the
 *    variable is), and assigning the other kind, or a ?: that may give
 *    either, is D_ALLOCA_INCOMPAT;
 *  - copyinto()'s destination must be such a pointer (D_PROTO_ARG);
 *  - a load through such a pointer (*p, p->m, p[i], and the members of
 *    a struct it points to), the lvalue of a compound assignment through
 *    one, and bcopy() from one must lie in the scratch space the clause
 *    allocated: the pass marks those nodes (dn_scratch) and the code
 *    generator checks their address at run time, giving the invalid
 *    address fault outside it (a pointer kept in a variable from an
 *    earlier clause, an index before the start or past the end).
 *
 * A pointer's kind comes from where it is made: alloca() and copyin()
 * give scratch pointers; arithmetic (p + n, p - n, p++, p += n), casts,
 * &p->m and &p[i] keep the kind of p; the constant 0 (NULL) is either;
 * any other pointer (a built-in's, a cast integer, a kernel symbol's
 * address, a pointer loaded from kernel memory) is another pointer; one
 * loaded from scratch space, which D stored there, is not known.  The pass
 * walks the predicate, then the statements, in the order they run.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "dt_ast.h"

static int walk(dt_pcb_t *, dt_node_t *);

static bool
is_ptr(const dt_node_t *e)
{
	return (e->dn_type.ty_kind == DT_TK_PTR);
}

/* The kind of a value that may be one or the other (?:). */
static int
either(int a, int b)
{
	if (a == DT_PTR_NONE)
		return (b);
	if (b == DT_PTR_NONE || a == b)
		return (a);
	return (DT_PTR_MIXED);
}

/* A variable that takes pointers: a scalar global, self-> or this->. */
static dt_ident_t *
ptr_var(const dt_node_t *e)
{
	dt_ident_t *idp = e->dn_ident;

	if (e->dn_kind != DN_VAR || idp == NULL || e->dn_builtin != NULL ||
	    !is_ptr(e))
		return (NULL);
	if (idp->di_kind != DT_IDENT_GLOBAL && idp->di_kind != DT_IDENT_TLS &&
	    idp->di_kind != DT_IDENT_LOCAL)
		return (NULL);
	return (idp);
}

/* Variable idp (at e) takes a pointer of kind k. */
static void
assign_ptr(dt_pcb_t *pcb, dt_node_t *e, dt_ident_t *idp, int k)
{
	if (k == DT_PTR_MIXED)
		dt_cerror(pcb, "D_ALLOCA_INCOMPAT", e->dn_pos, "%s would hold "
		    "a pointer that may or may not point into scratch space "
		    "(alloca( ), copyin( )): a variable holds only one kind",
		    idp->di_name);
	if (k == DT_PTR_NONE || idp->di_ptrsrc == k)
		return;
	if (idp->di_ptrsrc != DT_PTR_NONE)
		dt_cerror(pcb, "D_ALLOCA_INCOMPAT", e->dn_pos, "%s holds "
		    "pointers %s scratch space (alloca( ), copyin( )): it "
		    "cannot be assigned one %s", idp->di_name,
		    idp->di_ptrsrc == DT_PTR_SCRATCH ? "into" : "outside",
		    idp->di_ptrsrc == DT_PTR_SCRATCH ? "outside it" :
		    "into it");
	idp->di_ptrsrc = k;
}

/* Walk a list of expressions (arguments, keys). */
static void
walk_list(dt_pcb_t *pcb, dt_node_t *e)
{
	for (; e != NULL; e = e->dn_list)
		walk(pcb, e);
}

/*
 * A call: alloca() and copyin() give scratch pointers, other pointer
 * results are other pointers; bcopy() from a scratch pointer is marked.
 */
static int
walk_call(dt_pcb_t *pcb, dt_node_t *e)
{
	int id = e->dn_builtin != NULL ? e->dn_builtin->di_id : -1;
	int src = DT_PTR_NONE, n = 0;

	for (dt_node_t *a = e->dn_args; a != NULL; a = a->dn_list) {
		int k = walk(pcb, a);

		if (a == e->dn_args)
			src = k;
		/* copyinto()'s destination: scratch space, as DTrace for
		   Linux checks it when it compiles the call */
		if (id == DT_FN_COPYINTO && ++n == 3 && k != DT_PTR_SCRATCH)
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "copyinto( ) "
			    "argument #3 is incompatible with prototype: "
			    "argument must be a pointer into scratch space "
			    "(alloca( ))");
	}
	if (id == DT_FN_BCOPY && src == DT_PTR_SCRATCH)
		e->dn_scratch = true;
	if (id == DT_FN_ALLOCA || id == DT_FN_COPYIN)
		return (DT_PTR_SCRATCH);
	return (is_ptr(e) ? DT_PTR_OTHER : DT_PTR_NONE);
}

/*
 * A load or lvalue through operand p (*p, p->m, p[i]): it lies in
 * scratch space if p points there, or if p is a struct or an array that
 * lies there (s.m, a[i] of one).  An array in scratch space is, as a
 * value, a pointer into it.
 */
static int
walk_deref(dt_pcb_t *pcb, dt_node_t *e, dt_node_t *p)
{
	int k = walk(pcb, p);
	bool whole = p->dn_type.ty_kind == DT_TK_STRUCT ||
	    p->dn_type.ty_kind == DT_TK_ARRAY;

	e->dn_scratch = k == DT_PTR_SCRATCH || (whole && p->dn_scratch);
	if (e->dn_type.ty_kind == DT_TK_ARRAY && e->dn_scratch)
		return (DT_PTR_SCRATCH);
	/* a pointer D stored in scratch space may be of either kind */
	if (!is_ptr(e) || e->dn_scratch)
		return (DT_PTR_NONE);
	return (DT_PTR_OTHER);
}

static int
walk_assign(dt_pcb_t *pcb, dt_node_t *e)
{
	int r = walk(pcb, e->dn_right);
	dt_ident_t *idp = ptr_var(e->dn_left);

	walk(pcb, e->dn_left);
	if (idp == NULL)
		return (is_ptr(e) ? r : DT_PTR_NONE);
	if (e->dn_op == T_ASSIGN)
		assign_ptr(pcb, e, idp, r);
	return (idp->di_ptrsrc);
}

/* The kind of pointer e gives (DT_PTR_*), its subexpressions marked. */
static int
walk(dt_pcb_t *pcb, dt_node_t *e)
{
	int l, r;

	if (e == NULL)
		return (DT_PTR_NONE);
	switch (e->dn_kind) {
	case DN_INT:
	case DN_STRING:
		return (DT_PTR_NONE);
	case DN_VAR: {
		const dt_ident_t *idp = ptr_var(e);

		if (idp != NULL)
			return (idp->di_ptrsrc);
		return (is_ptr(e) ? DT_PTR_OTHER : DT_PTR_NONE);
	}
	case DN_CALL:
		return (walk_call(pcb, e));
	case DN_UNARY:
		if (e->dn_op == T_STAR)
			return (walk_deref(pcb, e, e->dn_left));
		l = walk(pcb, e->dn_left);
		if (e->dn_op == T_AND)
			return (e->dn_left->dn_scratch ? DT_PTR_SCRATCH :
			    DT_PTR_OTHER);
		return (DT_PTR_NONE);
	case DN_MEMBER:
		return (walk_deref(pcb, e, e->dn_left));
	case DN_INDEX:
		walk(pcb, e->dn_right);
		if (e->dn_left->dn_kind == DN_VAR &&
		    e->dn_left->dn_ident != NULL &&
		    e->dn_left->dn_ident->di_kind == DT_IDENT_ASSOC) {
			/* an associative array element: keys in dn_right */
			return (is_ptr(e) ? DT_PTR_OTHER : DT_PTR_NONE);
		}
		return (walk_deref(pcb, e, e->dn_left));
	case DN_CAST:
		l = walk(pcb, e->dn_left);
		if (!is_ptr(e))
			return (DT_PTR_NONE);
		if (l != DT_PTR_NONE)
			return (l);
		return (e->dn_left->dn_kind == DN_INT &&
		    e->dn_left->dn_value == 0 ? DT_PTR_NONE : DT_PTR_OTHER);
	case DN_BINARY:
		l = walk(pcb, e->dn_left);
		r = walk(pcb, e->dn_right);
		if (!is_ptr(e))
			return (DT_PTR_NONE);
		return (is_ptr(e->dn_left) ||
		    e->dn_left->dn_type.ty_kind == DT_TK_ARRAY ? l : r);
	case DN_TERNARY:
		walk(pcb, e->dn_cond);
		l = walk(pcb, e->dn_left);
		r = walk(pcb, e->dn_right);
		return (is_ptr(e) ? either(l, r) : DT_PTR_NONE);
	case DN_ASSIGN:
		return (walk_assign(pcb, e));
	case DN_INCDEC:
		l = walk(pcb, e->dn_left);
		return (is_ptr(e) ? l : DT_PTR_NONE);
	case DN_COMMA:
		walk(pcb, e->dn_left);
		return (walk(pcb, e->dn_right));
	default:
		/* ||, &&, xlate, aggregations: no pointer comes out */
		walk(pcb, e->dn_cond);
		walk(pcb, e->dn_left);
		walk(pcb, e->dn_right);
		walk_list(pcb, e->dn_args);
		return (DT_PTR_NONE);
	}
}

void
dt_alloca_clause(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	walk(pcb, dcp->dc_pred);
	for (dt_node_t *s = dcp->dc_body; s != NULL; s = s->dn_list)
		walk(pcb, s->dn_left);
}
