/*
 * dt_sema.c: the semantic pass, its driver.  Checks a clause's predicate
 * and statements in order (dt_sema_clause()), the order of its actions
 * (speculate(), commit(), exit(), aggregations), and lays out the record
 * the clause emits.  The checks of each D construct are in a file named
 * for it (dt_sema_impl.h lists them).
 *
 * Records: trace(), printf() and exit() append data to the clause's record;
 * a clause without statements records nothing but still emits a record
 * (DTrace's default action), and so does one that calls speculate() and
 * records nothing else (the probe line is then speculative); a clause with
 * only assignments emits nothing.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

/* Append a record of the given kind and size to the clause's layout. */
dt_datarec_t *
dt_sema_add_rec(dt_pcb_t *pcb, dt_clause_t *dcp, dtrace_actkind_t kind,
    uint32_t size,
    dt_srcpos_t pos)
{
	dt_datarec_t *r = realloc(dcp->dc_recs, (dcp->dc_nrecs + 1) *
	    sizeof (dt_datarec_t));

	if (r == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dcp->dc_recs = r;
	r = &dcp->dc_recs[dcp->dc_nrecs++];
	memset(r, 0, sizeof (*r));
	r->dr_kind = kind;
	r->dr_offset = dcp->dc_recsize;
	r->dr_size = size;
	dcp->dc_recsize += (size + 7) & ~7U;
	return (r);
}

static uint32_t
value_size(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	if (dnp->dn_type.ty_kind == DT_TK_FLOAT)	/* its bytes */
		return (dnp->dn_type.ty_size);
	return (dt_sema_is_string(dnp) ? dt_strbuf(pcb->pcb_hdl) : 8);
}

/*
 * The bytes of a struct, union or array value (its type's size), which
 * trace() records; more than fits a record is refused.
 */
static uint32_t
object_bytes(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	const struct btf *btf = dt_pcb_types(pcb, dnp->dn_pos)->te_btf;
	int64_t size = dnp->dn_type.ty_kind == DT_TK_FLOAT ?
	    dnp->dn_type.ty_size : dt_btf_size(btf, dnp->dn_type.ty_btf);
	char buf[256];

	if (size <= 0 || size > DT_PRINT_MAX)
		dt_cerror(pcb, "D_TRACE_TYPE", dnp->dn_pos, "trace( ) of %s: "
		    "%lld bytes, a record holds 1 to %d", dt_sema_tname(pcb,
		    dnp->dn_type, buf, sizeof (buf)), (long long)size,
		    DT_PRINT_MAX);
	return ((uint32_t)size);
}

/*
 * print(e)'s record.  A struct, union or array, or a pointer to a type
 * with a size, is recorded as bytes (at most printsize of them; for a
 * pointer its address first) and shown by the consumer through its BTF
 * type; anything else is recorded as trace() records it and shown with
 * its type's name.
 */
static void
sema_print_rec(dt_pcb_t *pcb, dt_clause_t *dcp, const dt_node_t *e)
{
	const dt_node_t *a = e->dn_args;
	dt_type_t t = a->dn_type;
	dt_tentry_t *te = NULL;
	uint32_t id = 0;
	int64_t size = 0;
	dt_datarec_t *r;
	char buf[256];

	if (t.ty_btf != 0 && (t.ty_kind == DT_TK_STRUCT ||
	    t.ty_kind == DT_TK_ARRAY)) {
		te = dt_pcb_types(pcb, a->dn_pos);
		id = t.ty_btf;
		size = dt_btf_size(te->te_btf, id);
	} else if (t.ty_kind == DT_TK_PTR) {
		id = dt_sema_print_pointee(pcb, t, a->dn_pos, &te);
		if (id != 0)
			size = dt_btf_size(te->te_btf, id);
		if (size <= 0)
			id = 0;		/* a module's pointer: the address */
	}
	if (id == 0) {
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_PRINT, value_size(pcb,
		    a),
		    e->dn_pos);
	} else {
		/* printsize may change while tracing (setopt()): the
		   record holds at least its default's worth */
		if (size > pcb->pcb_hdl->dt_opts.op_printsize &&
		    size > DT_PRINT_RECMIN)
			size = pcb->pcb_hdl->dt_opts.op_printsize >
			    DT_PRINT_RECMIN ? pcb->pcb_hdl->dt_opts.op_printsize :
			    DT_PRINT_RECMIN;
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_PRINT,
		    8U + (uint32_t)size,
		    e->dn_pos);
		r->dr_btf = id;
		r->dr_ptr = t.ty_kind == DT_TK_PTR;
		r->dr_te = te;
	}
	r->dr_type = t;
	if ((r->dr_tname = strdup(dt_sema_tname(pcb, t, buf,
	    sizeof (buf)))) == NULL)
		dt_cerror(pcb, "D_NOMEM", e->dn_pos, "out of memory");
	dcp->dc_records = true;
}

/*
 * DTrace's rules for the actions of a clause that speculates or commits:
 * speculate() comes before any data is recorded or aggregated (so that
 * the whole record is speculative) and once; commit() records nothing, so
 * nothing is recorded or aggregated before it in its clause, and nothing
 * recorded or aggregated after it, but a clause may commit several
 * speculations (DTrace for Linux took back illumos's D_COMM_COMM); no
 * exit() and no aggregation in a speculative clause.  Every other action
 * counts as recording data, destructive ones too, as DTrace counts them.
 * discard() has no rule.
 */
static void
sema_order(dt_pcb_t *pcb, dt_clause_t *dcp, const dt_node_t *e, int what)
{
	switch (what) {
	case DT_FN_SPECULATE:
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_SPEC_SPEC", e->dn_pos, "speculate( ) "
			    "may not follow speculate( )");
		if (dcp->dc_comm)
			dt_cerror(pcb, "D_SPEC_COMM", e->dn_pos, "speculate( ) "
			    "may not follow commit( )");
		if (dcp->dc_drec)
			dt_cerror(pcb, "D_SPEC_DREC", e->dn_pos, "speculate( ) "
			    "may not follow data-recording action(s)");
		dcp->dc_spec = true;
		return;
	case DT_FN_COMMIT:
		if (dcp->dc_drec)
			dt_cerror(pcb, "D_COMM_DREC", e->dn_pos, "commit( ) "
			    "may not follow data-recording action(s)");
		dcp->dc_comm = true;
		return;
	case DT_FN_COUNT:	/* any aggregating action */
		if (dcp->dc_comm)
			dt_cerror(pcb, "D_AGG_COMM", e->dn_pos, "aggregating "
			    "actions may not follow commit( )");
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_AGG_SPEC", e->dn_pos, "aggregating "
			    "actions may not follow speculate( )");
		dcp->dc_drec = true;
		return;
	case DT_FN_RAISE:
	case DT_FN_STOP:
	case DT_FN_SYSTEM:
	case DT_FN_FREOPEN:	/* destructive */
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_ACT_SPEC", e->dn_pos, "destructive "
			    "actions may not follow speculate( )");
		break;
	case DT_FN_EXIT:
		if (dcp->dc_spec)
			dt_cerror(pcb, "D_EXIT_SPEC", e->dn_pos, "exit( ) may "
			    "not follow speculate( )");
		break;
	}
	/* a data-recording action */
	if (dcp->dc_comm)
		dt_cerror(pcb, "D_DREC_COMM", e->dn_pos,
		    "data-recording actions may not follow commit( )");
	dcp->dc_drec = true;
}

/*
 * Is e an array of 1-byte integers (char n[9] declared in D)?  trace()
 * shows one as a string when its bytes are one.
 */
static bool
char_array(dt_pcb_t *pcb, const dt_node_t *e)
{
	const struct btf *btf;
	const struct btf_type *t;

	if (e->dn_type.ty_kind != DT_TK_ARRAY || e->dn_type.ty_btf == 0)
		return (false);
	btf = dt_pcb_types(pcb, e->dn_pos)->te_btf;
	t = btf__type_by_id(btf, dt_btf_resolve(btf, e->dn_type.ty_btf));
	if (t == NULL || btf_kind(t) != BTF_KIND_ARRAY)
		return (false);
	t = btf__type_by_id(btf, dt_btf_resolve(btf, btf_array(t)->type));
	return (t != NULL && btf_kind(t) == BTF_KIND_INT && t->size == 1);
}

/*
 * A pointer to a translated struct (xlate <T *> (e)) is no address: the
 * struct exists only member by member, as -> or * reads it.  As the whole
 * value of a statement or a predicate it is DTrace's D_CG_DYN.
 */
static void
xlate_ptr_result(dt_pcb_t *pcb, const dt_node_t *e)
{
	if (dt_sema_is_xlate_ptr(pcb, e))
		dt_cerror(pcb, "D_CG_DYN", e->dn_pos, "expression cannot "
		    "evaluate to the result of a translated pointer");
}

static void
sema_stmt(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *stmt)
{
	dt_node_t *e = stmt->dn_left, *val;
	const dt_ident_t *idp;
	dt_datarec_t *r;

	xlate_ptr_result(pcb, e);
	if (e->dn_kind == DN_ASSIGN && e->dn_left->dn_kind == DN_AGG) {
		sema_order(pcb, dcp, e, DT_FN_COUNT);
		dt_sema_aggstmt(pcb, e);
		return;
	}
	if (e->dn_kind == DN_CALL && (e->dn_builtin = dt_builtin_lookup(
	    e->dn_str)) != NULL && e->dn_builtin->di_kind == DT_IDENT_FUNC &&
	    dt_fn_of(e->dn_builtin)->fn_kind == DT_FK_AGGACT) {
		sema_order(pcb, dcp, e, DT_FN_PRINTA);
		dt_sema_aggact(pcb, dcp, e);
		return;
	}
	dt_sema_agg_mdim(pcb, e);
	if (e->dn_kind == DN_AGG && e->dn_right == NULL &&
	    ((idp = dt_ident_lookup(pcb->pcb_hdl, e->dn_str)) == NULL ||
	    idp->di_kind != DT_IDENT_AGG))
		dt_cerror(pcb, "D_IDENT_UNDEF", e->dn_pos, "failed to resolve "
		    "%s: Unknown variable name", e->dn_str);
	if (e->dn_kind == DN_AGG)
		dt_cerror(pcb, "D_AGG_NULL", e->dn_pos, "expression has null "
		    "effect: aggregation %s", e->dn_str);
	if (e->dn_kind != DN_CALL) {
		dt_sema_expr(pcb, e);
		return;
	}
	dt_sema_call(pcb, e, true);
	/* what records data, is destructive or speculates has its order */
	if ((dt_fn_of(e->dn_builtin)->fn_flags & (DT_FF_RECORD |
	    DT_FF_DESTRUCTIVE)) || e->dn_builtin->di_id == DT_FN_SPECULATE ||
	    e->dn_builtin->di_id == DT_FN_COMMIT)
		sema_order(pcb, dcp, e, e->dn_builtin->di_id);
	switch (e->dn_builtin->di_id) {
	case DT_FN_TRACE:
		if (e->dn_args->dn_type.ty_kind == DT_TK_FLOAT &&
		    e->dn_args->dn_type.ty_size <= 8) {
			/* DTrace holds a float or double as the integer
			   of its bits, and trace() shows it so */
			r = dt_sema_add_rec(pcb, dcp, DTRACEACT_DIFEXPR, 8,
			    e->dn_pos);
			r->dr_type = (dt_type_t){ DT_TK_INT,
			    e->dn_args->dn_type.ty_size, 1 };
		} else if (e->dn_args->dn_type.ty_kind == DT_TK_STRUCT ||
		    e->dn_args->dn_type.ty_kind == DT_TK_ARRAY ||
		    e->dn_args->dn_type.ty_kind == DT_TK_FLOAT) {
			/* its bytes, shown as tracemem() shows them */
			r = dt_sema_add_rec(pcb, dcp, DTRACEACT_TRACEMEM,
			    object_bytes(pcb, e->dn_args), e->dn_pos);
			r->dr_type = e->dn_args->dn_type;
			r->dr_chars = char_array(pcb, e->dn_args);
		} else {
			r = dt_sema_add_rec(pcb, dcp, DTRACEACT_DIFEXPR,
			    value_size(pcb, e->dn_args), e->dn_pos);
			r->dr_type = e->dn_args->dn_type;
		}
		dcp->dc_records = true;
		break;
	case DT_FN_PRINT:
		sema_print_rec(pcb, dcp, e);
		break;
	case DT_FN_FTRUNCATE:
		(void) dt_sema_add_rec(pcb, dcp, DTRACEACT_FTRUNCATE, 0,
		    e->dn_pos);
		dcp->dc_records = true;
		break;
	case DT_FN_TRACEMEM:
		/* with a third argument, its value first */
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_TRACEMEM,
		    (uint32_t)e->dn_args->dn_list->dn_value +
		    (e->dn_args->dn_list->dn_list != NULL ? 8U : 0U),
		    e->dn_pos);
		r->dr_dynsize = e->dn_args->dn_list->dn_list != NULL;
		dcp->dc_records = true;
		break;
	case DT_FN_SETOPT:
		/* a value not constant is recorded, as trace() records it */
		val = e->dn_args->dn_list;
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_SETOPT, val != NULL &&
		    val->dn_kind != DN_STRING ? value_size(pcb, val) : 0,
		    e->dn_pos);
		if (r->dr_size > 0)
			r->dr_type = val->dn_type;
		r->dr_optname = strdup(e->dn_args->dn_str);
		if (val != NULL && val->dn_kind == DN_STRING)
			r->dr_optval = strdup(val->dn_str);
		if (r->dr_optname == NULL || (val != NULL &&
		    val->dn_kind == DN_STRING && r->dr_optval == NULL))
			dt_cerror(pcb, "D_NOMEM", e->dn_pos, "out of memory");
		dcp->dc_records = true;
		break;
	case DT_FN_STACK:
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_STACK,
		    dt_sema_value_bytes(pcb, e->dn_type), e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_SYM:
	case DT_FN_MOD:
		r = dt_sema_add_rec(pcb, dcp,
		    e->dn_builtin->di_id == DT_FN_SYM ?
		    DTRACEACT_SYM : DTRACEACT_MOD, 8, e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_USTACK:
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_USTACK,
		    dt_sema_value_bytes(pcb,
		    e->dn_type) + dt_sema_ustack_copy_bytes(pcb, e), e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_USYM:
	case DT_FN_UMOD:
	case DT_FN_UADDR:
		r = dt_sema_add_rec(pcb, dcp,
		    e->dn_builtin->di_id == DT_FN_USTACK ?
		    DTRACEACT_USTACK : e->dn_builtin->di_id == DT_FN_USYM ?
		    DTRACEACT_USYM : e->dn_builtin->di_id == DT_FN_UMOD ?
		    DTRACEACT_UMOD : DTRACEACT_UADDR,
		    dt_sema_value_bytes(pcb, e->dn_type), e->dn_pos);
		r->dr_type = e->dn_type;
		dcp->dc_records = true;
		break;
	case DT_FN_EXIT:
		r = dt_sema_add_rec(pcb, dcp, DTRACEACT_EXIT, 8, e->dn_pos);
		r->dr_type = dt_sema_t_int;
		dcp->dc_records = true;
		break;
	case DT_FN_PRINTF:
	case DT_FN_SYSTEM:
	case DT_FN_FREOPEN: {
		unsigned int n = 0, i = 0;
		dt_node_t *a;

		for (a = e->dn_args->dn_list; a != NULL; a = a->dn_list)
			n++;
		r = dt_sema_add_rec(pcb, dcp,
		    e->dn_builtin->di_id == DT_FN_SYSTEM ?
		    DTRACEACT_SYSTEM : e->dn_builtin->di_id == DT_FN_FREOPEN ?
		    DTRACEACT_FREOPEN : DTRACEACT_PRINTF, 0, e->dn_pos);
		r->dr_pfmt = e->dn_pfmt;
		e->dn_pfmt = NULL;	/* the record owns it now */
		r->dr_nargs = n;
		/* %A: the process id after the arguments, in args[n] */
		if (n > 0 && (r->dr_args = calloc(n + 1,
		    sizeof (dt_datarec_t))) == NULL)
			dt_cerror(pcb, "D_NOMEM", e->dn_pos, "out of memory");
		if (dt_printf_uaddr(r->dr_pfmt))
			pcb->pcb_hdl->dt_usyms = true;	/* dt_usym_snapshot */
		for (a = e->dn_args->dn_list; a != NULL; a = a->dn_list, i++) {
			dt_datarec_t *ar = &r->dr_args[i];

			ar->dr_kind = DTRACEACT_DIFEXPR;
			ar->dr_offset = dcp->dc_recsize;
			ar->dr_size = value_size(pcb, a);
			ar->dr_type = a->dn_type;
			dcp->dc_recsize += (ar->dr_size + 7) & ~7U;
		}
		if (n > 0 && dt_printf_uaddr(r->dr_pfmt)) {
			r->dr_args[n].dr_kind = DTRACEACT_DIFEXPR;
			r->dr_args[n].dr_offset = dcp->dc_recsize;
			r->dr_args[n].dr_size = 8;
			r->dr_args[n].dr_type = dt_sema_t_int;
			dcp->dc_recsize += 8;
		}
		dcp->dc_records = true;
		break;
	}
	}
}

/* Does statement list body name variable name anywhere? */
static bool
body_names(const dt_node_t *body, const char *name)
{
	for (; body != NULL; body = body->dn_list) {
		if (dt_sema_names_ident(body, name))
			return (true);
	}
	return (false);
}

/*
 * Does predicate e (a tree) make a variable that body reads: one not yet
 * known that e assigns or increments and the body uses without assigning
 * it?  Checked first, the body would find it unknown (DTrace then checks
 * the predicate first).
 */
static bool
pred_makes(dt_pcb_t *pcb, const dt_node_t *e, const dt_node_t *body)
{
	for (; e != NULL; e = e->dn_list) {
		const dt_node_t *l = e->dn_left;

		if ((e->dn_kind == DN_ASSIGN || e->dn_kind == DN_INCDEC) &&
		    l != NULL && l->dn_kind == DN_VAR && l->dn_str != NULL &&
		    dt_ident_lookup(pcb->pcb_hdl, l->dn_str) == NULL &&
		    body_names(body, l->dn_str) && !dt_sema_assigns(body,
		    l->dn_str))
			return (true);
		if (pred_makes(pcb, e->dn_left, body) ||
		    pred_makes(pcb, e->dn_right, body) ||
		    pred_makes(pcb, e->dn_cond, body) ||
		    pred_makes(pcb, e->dn_args, body))
			return (true);
	}
	return (false);
}

static void
sema_pred(dt_pcb_t *pcb, dt_node_t *pred)
{
	xlate_ptr_result(pcb, pred);
	dt_sema_used(pcb, pred, DT_ACTUSE_PRED);
	if (!dt_sema_is_scalar(pred))
		dt_cerror(pcb, "D_PRED_SCALAR", pred->dn_pos,
		    "predicate result must be of scalar type");
}

void
dt_sema_clause(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dtrace_attribute_t amin = pcb->pcb_hdl->dt_opts.op_amin;
	char a[64], m[64];
	bool predfirst;

	pcb->pcb_clause = dcp;
	dcp->dc_attr = dt_attr_stable;
	/*
	 * The body before the predicate, as DTrace does, so that a variable
	 * the body creates (a[k] = 1, self->s = "x") has its type where the
	 * predicate reads it (/a[k] == 0/); but a predicate that makes a
	 * variable the body reads (/(this->t = strtok(s, ",")) != NULL/)
	 * first.
	 */
	predfirst = dcp->dc_pred != NULL &&
	    pred_makes(pcb, dcp->dc_pred, dcp->dc_body);
	if (predfirst)
		sema_pred(pcb, dcp->dc_pred);
	for (dt_node_t *s = dcp->dc_body; s != NULL; s = s->dn_list)
		sema_stmt(pcb, dcp, s);
	if (dcp->dc_pred != NULL && !predfirst)
		sema_pred(pcb, dcp->dc_pred);
	/*
	 * The default action: of an empty clause, and of one that speculates
	 * but records nothing else, whose probe line is then speculative.
	 */
	if (dcp->dc_body == NULL || dcp->dc_spec)
		dcp->dc_records = true;
	/* option amin: the least attributes a program may have */
	for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
		dtrace_attribute_t da = dt_attr_desc(&dcp->dc_descs[i]);

		if (dt_attr_below(da, amin))
			dt_cerror(pcb, "D_ATTR_MIN", dcp->dc_descpos[i],
			    "attributes for probe description %s (%s) are "
			    "less than the minimum set by option amin (%s)",
			    dcp->dc_desctext[i], dtrace_attr2str(da, a,
			    sizeof (a)), dtrace_attr2str(amin, m, sizeof (m)));
	}
	if (dcp->dc_ndescs > 0 && dt_attr_below(dcp->dc_attr, amin))
		dt_cerror(pcb, "D_ATTR_MIN", dcp->dc_descpos[0],
		    "attributes for the statements of this clause (%s) are "
		    "less than the minimum set by option amin (%s)",
		    dtrace_attr2str(dcp->dc_attr, a, sizeof (a)),
		    dtrace_attr2str(amin, m, sizeof (m)));
}
