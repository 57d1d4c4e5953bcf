/*
 * dt_sema_agg.c: the semantic pass for aggregations: the statement
 * @name[keys] = func(args) (the function, its parameters: quantize
 * ranges, llquantize factors and steps), and the actions on aggregations
 * (printa(), clear(), trunc(), normalize(), denormalize()) and their
 * records.
 *
 * An aggregation's function and key layout are fixed by its first use;
 * every later use must agree (D_AGG_REDEF, D_ARR_KEYS and the like).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

/* Histogram buckets: quantize's powers of two, lquantize's steps. */
#define DT_QUANTIZE_BUCKETS	127	/* -2^62 .. -1, 0, 1 .. 2^62 */

/*
 * A parameter of lquantize() or llquantize() (n: 1 for the first after
 * the value) that is not a constant, or (match) that differs from the
 * aggregation's earlier use.
 */
static void __attribute__((noreturn))
quant_param_error(dt_pcb_t *pcb, const dt_node_t *call, int id, int n,
    dt_srcpos_t pos, bool match)
{
	static const char *const names[2][4] = {
		{ "base", "limit", "step", "" },
		{ "factor", "low magnitude", "high magnitude", "steps" } };
	const char *what = names[id == DT_FN_LLQUANTIZE][n - 1];
	const char *fmt = match ? "%s( ) argument #%d (%s) differs from the "
	    "aggregation's earlier use" : "%s( ) argument #%d (%s) must be "
	    "an integer constant";

	if (id == DT_FN_LQUANTIZE && match) {
		if (n == 1)
			dt_cerror(pcb, "D_LQUANT_MATCHBASE", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 2)
			dt_cerror(pcb, "D_LQUANT_MATCHLIM", pos, fmt,
			    call->dn_str, n + 1, what);
		dt_cerror(pcb, "D_LQUANT_MATCHSTEP", pos, fmt, call->dn_str,
		    n + 1, what);
	}
	if (id == DT_FN_LQUANTIZE) {
		if (n == 1)
			dt_cerror(pcb, "D_LQUANT_BASETYPE", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 2)
			dt_cerror(pcb, "D_LQUANT_LIMTYPE", pos, fmt,
			    call->dn_str, n + 1, what);
		dt_cerror(pcb, "D_LQUANT_STEPTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	}
	if (match) {
		if (n == 1)
			dt_cerror(pcb, "D_LLQUANT_MATCHFACTOR", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 2)
			dt_cerror(pcb, "D_LLQUANT_MATCHLMAG", pos, fmt,
			    call->dn_str, n + 1, what);
		if (n == 3)
			dt_cerror(pcb, "D_LLQUANT_MATCHHMAG", pos, fmt,
			    call->dn_str, n + 1, what);
		dt_cerror(pcb, "D_LLQUANT_MATCHSTEPS", pos, fmt, call->dn_str,
		    n + 1, what);
	}
	if (n == 1)
		dt_cerror(pcb, "D_LLQUANT_FACTORTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	if (n == 2)
		dt_cerror(pcb, "D_LLQUANT_LMAGTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	if (n == 3)
		dt_cerror(pcb, "D_LLQUANT_HMAGTYPE", pos, fmt, call->dn_str,
		    n + 1, what);
	dt_cerror(pcb, "D_LLQUANT_STEPTYPE", pos, fmt, call->dn_str, n + 1,
	    what);
}

/*
 * @name[keys] = f(args): the aggregation is declared by its first use;
 * later uses must agree on the function, its parameters and the keys.
 */
void
dt_sema_aggstmt(dt_pcb_t *pcb, dt_node_t *asg)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_node_t *agg = asg->dn_left, *call = asg->dn_right, *a;
	const dt_ident_t *fn;
	dt_ident_t *idp;
	int nargs = 0, id, want, max;
	int64_t params[4] = { 0, 0, 1, 1 };
	unsigned int nkeys = 0, i = 0;
	uint32_t valsize, nbuckets = 0;

	dt_sema_agg_mdim(pcb, agg);
	if (asg->dn_op != T_ASSIGN)
		dt_cerror(pcb, "D_AGG_FUNC", asg->dn_pos, "operator %s cannot "
		    "be applied to an aggregation", dt_tok_name(asg->dn_op));
	if (call->dn_kind == DN_CALL && dt_builtin_lookup(call->dn_str) ==
	    NULL && dt_ident_lookup(dtp, call->dn_str) == NULL)
		dt_cerror(pcb, "D_FUNC_UNDEF", call->dn_pos, "undefined "
		    "function name: %s", call->dn_str);
	if (call->dn_kind != DN_CALL || (fn = dt_builtin_lookup(
	    call->dn_str)) == NULL || fn->di_kind != DT_IDENT_FUNC ||
	    dt_fn_of(fn)->fn_kind != DT_FK_AGG)
		dt_cerror(pcb, "D_AGG_FUNC", call->dn_pos, "%s may only be "
		    "assigned the result of an aggregating function",
		    agg->dn_str);
	id = fn->di_id;
	call->dn_builtin = fn;
	for (a = call->dn_args; a != NULL; a = a->dn_list) {
		dt_sema_expr(pcb, a);
		if (!dt_sema_is_scalar(a) && nargs == 0)
			dt_cerror(pcb, "D_AGG_SCALAR", a->dn_pos, "%s( ) "
			    "argument #1 must be of scalar type",
			    call->dn_str);
		if (!dt_sema_is_scalar(a))
			dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos, "%s( ) "
			    "argument #%d must be an integer", call->dn_str,
			    nargs + 1);
		if ((id == DT_FN_LQUANTIZE || id == DT_FN_LLQUANTIZE) &&
		    nargs > 0 && nargs <= (id == DT_FN_LQUANTIZE ? 3 : 4)) {
			/* a constant: an integer, an inline of one, an
			   expression of them */
			int64_t v;
			dt_type_t vt;

			if (!dt_fold_int(pcb, a, &v, &vt))
				quant_param_error(pcb, call, id, nargs,
				    a->dn_pos, false);
			params[nargs - 1] = v;
		}
		nargs++;
	}
	/* the counts the row's prototype gives (dt_fn.c); optional:
	   lquantize's step, llquantize's steps, then the histograms'
	   increment, last: quantize(v, 3) */
	dt_sema_proto_range(dt_fn_of(fn)->fn_proto, &want, &max);
	dt_sema_proto_len(pcb, call->dn_pos, call->dn_str, nargs, want, max);
	if (id == DT_FN_LQUANTIZE) {
		if (params[0] < INT32_MIN || params[0] > INT32_MAX)
			dt_cerror(pcb, "D_LQUANT_BASEVAL", call->dn_pos,
			    "lquantize( ) argument #2 (base) must be a 32-bit "
			    "quantity");
		if (params[1] < INT32_MIN || params[1] > INT32_MAX)
			dt_cerror(pcb, "D_LQUANT_LIMVAL", call->dn_pos,
			    "lquantize( ) argument #3 (limit) must be a 32-bit "
			    "quantity");
		if (params[1] <= params[0])
			dt_cerror(pcb, "D_LQUANT_MISMATCH", call->dn_pos,
			    "lquantize( ) base (argument #2) must be less than "
			    "limit (argument #3)");
		if (params[2] <= 0 || params[2] > UINT16_MAX)
			dt_cerror(pcb, "D_LQUANT_STEPVAL", call->dn_pos,
			    "lquantize( ) argument #4 (step) must be a "
			    "positive integer of 16 bits");
		if (params[2] > params[1] - params[0])
			dt_cerror(pcb, "D_LQUANT_STEPLARGE", call->dn_pos,
			    "lquantize( ) step (argument #4) is larger than "
			    "limit - base");
		if ((params[1] - params[0]) / params[2] > 4000)
			dt_cerror(pcb, "D_LQUANT_STEPSMALL", call->dn_pos,
			    "lquantize( ) step (argument #4) is too small: "
			    "more than 4000 buckets");
		/* a step that does not divide limit - base: the last
		   bucket starts where the last whole step ends */
		params[1] = params[0] + (params[1] - params[0]) / params[2] *
		    params[2];
		nbuckets = (uint32_t)((params[1] - params[0]) / params[2]) + 2;
	} else if (id == DT_FN_QUANTIZE) {
		nbuckets = DT_QUANTIZE_BUCKETS;
	} else if (id == DT_FN_LLQUANTIZE) {
		/* factor, low, high, steps */
		int64_t top = 1, lowtop = params[0];

		if (params[0] < 2 || params[0] > UINT16_MAX)
			dt_cerror(pcb, "D_LLQUANT_FACTORVAL", call->dn_pos,
			    "llquantize( ) argument #2 (factor) must be an "
			    "integer from 2 to 65535");
		if (params[1] < 0 || params[1] > UINT16_MAX)
			dt_cerror(pcb, "D_LLQUANT_LMAGVAL", call->dn_pos,
			    "llquantize( ) argument #3 (low magnitude) must "
			    "be a non-negative 16-bit integer");
		if (params[2] < params[1] || params[2] > UINT16_MAX)
			dt_cerror(pcb, "D_LLQUANT_HMAGVAL", call->dn_pos,
			    "llquantize( ) argument #4 (high magnitude) must "
			    "be at least the low magnitude");
		for (int64_t m = 0; m <= params[2]; m++) {
			if (top > INT64_MAX / params[0])
				dt_cerror(pcb, "D_LLQUANT_HMAGVAL",
				    call->dn_pos, "llquantize( ) factor "
				    "(argument #2) raised to the high magnitude "
				    "(argument #4) + 1 overflows 64 bits");
			top *= params[0];
			if (m < params[1])
				lowtop *= params[0];
		}
		if (params[3] < 1)
			dt_cerror(pcb, "D_LLQUANT_STEPTYPE", call->dn_pos,
			    "llquantize( ) argument #5 (steps) must be a "
			    "positive integer constant");
		/*
		 * More steps than the factor: above the low magnitude's
		 * first, the steps of a magnitude must divide its range,
		 * factor^(low + 1), as DTrace requires.
		 */
		if (params[3] > params[0] && params[1] > 0 &&
		    lowtop % params[3] != 0)
			dt_cerror(pcb, "D_LLQUANT_STEPVAL", call->dn_pos,
			    "llquantize( ) argument #5 (steps) must divide "
			    "the factor raised to the low magnitude + 1 "
			    "(%lld)", (long long)lowtop);
		if (params[3] > UINT16_MAX ||
		    (params[3] < params[0] && params[0] % params[3] != 0) ||
		    (params[3] > params[0] && params[3] % params[0] != 0))
			dt_cerror(pcb, "D_LLQUANT_STEPVAL", call->dn_pos,
			    "llquantize( ) argument #5 (steps) must be a "
			    "positive integer dividing the factor, or a "
			    "multiple of it");
		nbuckets = dt_llq_nbuckets(params);
		if (nbuckets > 4000)
			dt_cerror(pcb, "D_LLQUANT_STEPVAL", call->dn_pos,
			    "llquantize( ) makes %u buckets, more than 4000",
			    nbuckets);
	}
	/* stddev: count, sum, and the sum of squares in 128 bits */
	valsize = nbuckets > 0 ? nbuckets * 8 : id == DT_FN_STDDEV ? 32 :
	    id == DT_FN_AVG || id == DT_FN_MIN || id == DT_FN_MAX ? 16 : 8;
	if (agg->dn_right != NULL) {
		pcb->pcb_aggkey = true;	/* stack() may be a key */
		nkeys = dt_sema_assoc_keys(pcb, agg, false);
		pcb->pcb_aggkey = false;
	}

	idp = dt_ident_lookup(dtp, agg->dn_str);
	if (idp == NULL) {
		if ((idp = dt_ident_create(dtp, agg->dn_str, DT_IDENT_AGG)) ==
		    NULL)
			dt_cerror(pcb, "D_NOMEM", agg->dn_pos, "out of memory");
		idp->di_defined = true;
		idp->di_aggfn = id;
		memcpy(idp->di_aggarg, params, sizeof (params));
		idp->di_nbuckets = nbuckets;
		idp->di_nkeys = nkeys;
		for (a = agg->dn_args; a != NULL; a = a->dn_list, i++)
			idp->di_keys[i] = a->dn_type;
		dt_sema_key_layout(pcb, idp, agg->dn_args, 0);
		if (nkeys == 0) {
			idp->di_keysize = 4;	/* a per-CPU array, index 0 */
			valsize += 8;		/* and a word: it was updated */
		}
		idp->di_valsize = valsize;
		if (idp->di_keysize > DT_MAXKEYSIZE)
			dt_cerror(pcb, "D_ARR_KEYSIZE", agg->dn_pos, "key of %s "
			    "is %u bytes, more than %d", agg->dn_str,
			    idp->di_keysize, DT_MAXKEYSIZE);
		if (dt_varmap_add(dtp, idp) < 0)
			dt_cerror(pcb, "D_NOMEM", agg->dn_pos, "out of memory");
	} else if (idp->di_kind != DT_IDENT_AGG) {
		dt_cerror(pcb, "D_AGG_REDEF", agg->dn_pos, "aggregation "
		    "redefined: %s is used with another function",
		    agg->dn_str);
	} else {
		/*
		 * As DTrace checks a use: its keys against the first use's
		 * (as an associative array's, D_PROTO_LEN and D_PROTO_ARG),
		 * then its function, then the function's parameters.
		 */
		if (idp->di_nkeys != nkeys)
			dt_cerror(pcb, "D_PROTO_LEN", agg->dn_pos, "%s[ ] "
			    "prototype mismatch: %u key%s passed, %u "
			    "expected", agg->dn_str, nkeys, nkeys == 1 ? "" :
			    "s", idp->di_nkeys);
		for (a = agg->dn_args; a != NULL; a = a->dn_list, i++) {
			if (!dt_sema_key_same(a->dn_type, idp->di_keys[i]))
				dt_cerror(pcb, "D_PROTO_ARG", a->dn_pos,
				    "%s[ ] key #%u is incompatible with its "
				    "prototype: %s expected", agg->dn_str,
				    i + 1, dt_sema_key_kind(idp->di_keys[i]));
			dt_sema_key_fits(pcb, idp, i, a, agg->dn_str);
		}
		if (idp->di_aggfn != id)
			dt_cerror(pcb, "D_AGG_REDEF", agg->dn_pos,
			    "aggregation redefined: %s is used with another "
			    "function", agg->dn_str);
		if (memcmp(idp->di_aggarg, params, sizeof (params)) != 0) {
			/* the parameter that differs first */
			int k = 0;

			while (k < 3 && idp->di_aggarg[k] == params[k])
				k++;
			quant_param_error(pcb, call, id, k + 1, call->dn_pos,
			    true);
		}
	}
	agg->dn_ident = idp;
	asg->dn_type = dt_sema_t_int;
}

/* The errors of the aggregation actions, each with its function's tag. */
enum { AGGACT_PROTO, AGGACT_AGGARG, AGGACT_AGGBAD, AGGACT_SCALAR };

static void __attribute__((noreturn))
aggact_error(dt_pcb_t *pcb, int id, int what, dt_srcpos_t pos,
    const char *msg)
{
	switch (id * 4 + what) {
	case DT_FN_CLEAR * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_CLEAR_AGGARG", pos, "%s", msg);
	case DT_FN_CLEAR * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_CLEAR_AGGBAD", pos, "%s", msg);
	case DT_FN_TRUNC * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_TRUNC_AGGARG", pos, "%s", msg);
	case DT_FN_TRUNC * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_TRUNC_AGGBAD", pos, "%s", msg);
	case DT_FN_TRUNC * 4 + AGGACT_SCALAR:
		dt_cerror(pcb, "D_TRUNC_SCALAR", pos, "%s", msg);
	case DT_FN_PRINTA * 4 + AGGACT_PROTO:
		dt_cerror(pcb, "D_PRINTA_PROTO", pos, "%s", msg);
	case DT_FN_PRINTA * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_PRINTA_AGGARG", pos, "%s", msg);
	case DT_FN_PRINTA * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_PRINTA_AGGBAD", pos, "%s", msg);
	case DT_FN_NORMALIZE * 4 + AGGACT_SCALAR:
		dt_cerror(pcb, "D_NORMALIZE_SCALAR", pos, "%s", msg);
	case DT_FN_NORMALIZE * 4 + AGGACT_AGGARG:
	case DT_FN_DENORMALIZE * 4 + AGGACT_AGGARG:
		dt_cerror(pcb, "D_NORMALIZE_AGGARG", pos, "%s", msg);
	case DT_FN_NORMALIZE * 4 + AGGACT_AGGBAD:
	case DT_FN_DENORMALIZE * 4 + AGGACT_AGGBAD:
		dt_cerror(pcb, "D_NORMALIZE_AGGBAD", pos, "%s", msg);
	default:	/* counts are checked before (dt_sema_proto_len()) */
		dt_cerror(pcb, "D_PROTO_LEN", pos, "%s", msg);
	}
}

/*
 * printa(format, @a, @b...) and printa(@a, @b...): the format's plain
 * conversions take the key components, its %@ conversions the
 * aggregations' values in turn (those past the last aggregation take
 * the last one's again); without a format each key's line shows every
 * aggregation's value.  The aggregations must have as many keys
 * (D_PRINTA_AGGKEY), of the same types (D_PRINTA_AGGPROTO).
 */
static void
sema_printa_multi(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *call)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_node_t *fmt = call->dn_args->dn_kind == DN_STRING ?
	    call->dn_args : NULL;
	dt_node_t *list = fmt != NULL ? fmt->dn_list : call->dn_args;
	dt_node_t *keys = NULL, **tail = &keys;
	const dt_ident_t **aggs;
	const dt_ident_t *first = NULL;
	unsigned int naggs = 0, i = 0;
	dt_datarec_t *r;
	int nconv = 0;

	for (dt_node_t *a = list; a != NULL; a = a->dn_list)
		naggs++;
	if (naggs == 0)
		aggact_error(pcb, DT_FN_PRINTA, AGGACT_PROTO, call->dn_pos,
		    "printa( ) prototype mismatch: an aggregation must follow "
		    "the format");
	if ((aggs = calloc(naggs, sizeof (*aggs))) == NULL)
		dt_cerror(pcb, "D_NOMEM", call->dn_pos, "out of memory");
	for (dt_node_t *a = list; a != NULL; a = a->dn_list, i++) {
		const dt_ident_t *idp;

		if (a->dn_kind != DN_AGG || a->dn_right != NULL) {
			free(aggs);
			aggact_error(pcb, DT_FN_PRINTA, AGGACT_AGGARG,
			    a->dn_pos, "printa( ) argument is incompatible "
			    "with prototype: an aggregation without keys is "
			    "required");
		}
		if ((idp = dt_ident_lookup(dtp, a->dn_str)) == NULL ||
		    idp->di_kind != DT_IDENT_AGG) {
			free(aggs);
			aggact_error(pcb, DT_FN_PRINTA, AGGACT_AGGBAD,
			    a->dn_pos, "printa( ) aggregation is not defined "
			    "before it is printed");
		}
		if (first != NULL && idp->di_nkeys != first->di_nkeys) {
			free(aggs);
			dt_cerror(pcb, "D_PRINTA_AGGKEY", a->dn_pos, "printa( ) "
			    "aggregation #%u is incompatible with aggregation "
			    "#1: %s has %u key%s, %s %u", i + 1, idp->di_name,
			    idp->di_nkeys, idp->di_nkeys == 1 ? "" : "s",
			    first->di_name, first->di_nkeys);
		}
		for (unsigned int k = 0; first != NULL &&
		    k < idp->di_nkeys; k++) {
			if (memcmp(&idp->di_keys[k], &first->di_keys[k],
			    sizeof (dt_type_t)) == 0)
				continue;
			free(aggs);
			dt_cerror(pcb, "D_PRINTA_AGGPROTO", a->dn_pos,
			    "printa( ) aggregation #%u is incompatible with "
			    "aggregation #1: key #%u of %s is of another type "
			    "than that of %s", i + 1, k + 1, idp->di_name,
			    first->di_name);
		}
		if (first == NULL)
			first = idp;
		aggs[i] = idp;
	}
	list->dn_ident = (dt_ident_t *)first;
	r = dt_sema_add_rec(pcb, dcp, DTRACEACT_PRINTA, 16, call->dn_pos);
	r->dr_type = dt_sema_t_long;
	r->dr_aggs = aggs;
	r->dr_naggs = naggs;
	dcp->dc_records = true;
	if (fmt == NULL)
		return;
	/* the keys, as typed nodes for the format's checks */
	for (unsigned int k = 0; k < first->di_nkeys; k++) {
		*tail = dt_node_new(pcb, DN_VAR, call->dn_pos);
		(*tail)->dn_type = first->di_keys[k];
		tail = &(*tail)->dn_list;
	}
	r->dr_pfmt = dt_printa_parse(dtp, fmt->dn_str, keys, &nconv);
	if (r->dr_pfmt == NULL)
		dt_cerror(pcb, pcb->pcb_hdl->dt_errtag, fmt->dn_pos, "%s",
		    dtp->dt_errmsg);
}

/*
 * printa(@a), clear(@a), trunc(@a [, n]), normalize(@a, n),
 * denormalize(@a): a record naming the map (and n).
 */
void
dt_sema_aggact(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *call)
{
	int id = call->dn_builtin->di_id;
	dt_node_t *agg = call->dn_args;
	dt_ident_t *idp;
	dt_datarec_t *r;
	char msg[256];
	int nargs = 0, lo, hi;

	for (dt_node_t *a = call->dn_args; a != NULL; a = a->dn_list)
		nargs++;
	if (id == DT_FN_PRINTA && agg != NULL && (agg->dn_kind == DN_STRING ||
	    (agg->dn_kind == DN_AGG && nargs > 1))) {
		sema_printa_multi(pcb, dcp, call);
		return;
	}
	/* the counts the row's prototype gives (dt_fn.c): D_PROTO_LEN */
	dt_sema_proto_range(dt_fn_of(call->dn_builtin)->fn_proto, &lo, &hi);
	dt_sema_proto_len(pcb, call->dn_pos, call->dn_str, nargs, lo, hi);
	if (agg->dn_kind != DN_AGG || agg->dn_right != NULL) {
		snprintf(msg, sizeof (msg), "%s( ) argument #1 is "
		    "incompatible with prototype: an aggregation without keys "
		    "is required", call->dn_str);
		aggact_error(pcb, id, AGGACT_AGGARG, agg->dn_pos, msg);
	}
	if ((idp = dt_ident_lookup(pcb->pcb_hdl, agg->dn_str)) == NULL ||
	    idp->di_kind != DT_IDENT_AGG) {
		snprintf(msg, sizeof (msg), "%s( ) aggregation %s is not "
		    "defined before it is used", call->dn_str, agg->dn_str);
		aggact_error(pcb, id, AGGACT_AGGBAD, agg->dn_pos, msg);
	}
	agg->dn_ident = idp;
	if (nargs == 2) {
		dt_sema_expr(pcb, agg->dn_list);
		if (!dt_sema_is_int(agg->dn_list)) {
			snprintf(msg, sizeof (msg), "%s( ) argument #2 must "
			    "be of scalar (integer) type", call->dn_str);
			aggact_error(pcb, id, AGGACT_SCALAR,
			    agg->dn_list->dn_pos, msg);
		}
	}
	r = dt_sema_add_rec(pcb, dcp, id == DT_FN_PRINTA ? DTRACEACT_PRINTA :
	    id == DT_FN_CLEAR ? DTRACEACT_CLEAR : id == DT_FN_TRUNC ?
	    DTRACEACT_TRUNC : DTRACEACT_NORMALIZE, 16, call->dn_pos);
	r->dr_type = dt_sema_t_long;
	dcp->dc_records = true;
}
