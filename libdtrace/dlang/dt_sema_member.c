/*
 * dt_sema_member.c: the semantic pass for postfix expressions: members
 * (. and ->, of D structs and kernel types), args[] and the probe's
 * argument types, uregs[], indexing of arrays, pointers and associative
 * arrays, array decay, and the address-of operator.
 *
 * args[N] has one type across the probes of a clause or it is an error
 * (D_ARGS_MULTI); a translated argument is translated here, so the code
 * generator sees the translator's expression.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

void
dt_sema_member(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_type_t lt;
	dt_tentry_t *te;
	uint32_t sid, mtype, off, bit, bitsize;
	const char *op = dnp->dn_op == T_ARROW ? "->" : ".";
	char buf[256];
	bool typed = false;	/* dn_left has been through sema */

	if (dnp->dn_left->dn_kind == DN_VAR) {
		/* an inline of a translation (curpsinfo) is the xlate */
		bool liberr;
		dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl,
		    dnp->dn_left->dn_str, &liberr);

		if (liberr)
			dt_lib_error(pcb, dnp->dn_left->dn_pos);
		if (idp != NULL && idp->di_kind == DT_IDENT_INLINE &&
		    idp->di_inline->dn_kind == DN_XLATE)
			dnp->dn_left = dt_sema_inline_copy(pcb, idp,
			    dnp->dn_left->dn_pos);
	}
	if (dt_sema_is_fds(dnp->dn_left) && dnp->dn_left->dn_aux != 1)
		dt_sema_fds_xlate(pcb, dnp->dn_left);
	if (dnp->dn_left->dn_kind == DN_INDEX &&
	    dnp->dn_left->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_left->dn_str, "args") == 0) {
		/* args[N] may be translated (proc:::create's psinfo_t *) */
		dt_sema_args(pcb, dnp->dn_left, true);
		typed = dnp->dn_left->dn_kind != DN_XLATE;
	}
	if (dnp->dn_left->dn_kind == DN_XLATE) {
		dt_sema_xlate_member(pcb, dnp);
		return;
	}
	if (!typed)
		dt_sema_used(pcb, dnp->dn_left, dnp->dn_op == T_ARROW ?
		    DT_ACTUSE_ARROW : DT_ACTUSE_DOT);
	lt = dnp->dn_left->dn_type;
	if (dnp->dn_op == T_ARROW && lt.ty_kind != DT_TK_PTR)
		dt_cerror(pcb, "D_OP_PTR", dnp->dn_pos, "operator -> must be "
		    "applied to a pointer, not to an operand of type \"%s\"",
		    dt_sema_tname(pcb, lt, buf, sizeof (buf)));
	if (dnp->dn_op == T_ARROW && (lt.ty_btf == 0 || lt.ty_plevel != 0))
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator -> cannot be "
		    "applied to an operand of type \"%s\"", dt_sema_tname(pcb,
		    lt, buf,
		    sizeof (buf)));
	if (dnp->dn_op == T_DOT && lt.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator . cannot be "
		    "applied to an operand of type \"%s\"", dt_sema_tname(pcb,
		    lt, buf,
		    sizeof (buf)));
	te = dt_pcb_types(pcb, dnp->dn_pos);
	sid = dt_btf_resolve(te->te_btf, lt.ty_btf);
	{
		const struct btf_type *st = btf__type_by_id(te->te_btf, sid);
		const struct btf_type *tt = btf__type_by_id(te->te_btf,
		    lt.ty_btf);

		/* struct t; with no body, or a struct never declared */
		if ((st != NULL && btf_kind(st) == BTF_KIND_FWD) ||
		    (sid == 0 && tt != NULL && btf_kind(tt) == BTF_KIND_TYPEDEF))
			dt_cerror(pcb, "D_OP_INCOMPLETE", dnp->dn_pos,
			    "operator %s cannot be applied to an incomplete "
			    "type: %s has no definition", op, dt_sema_tname(pcb,
			    lt,
			    buf, sizeof (buf)));
		if (st == NULL || (btf_kind(st) != BTF_KIND_STRUCT &&
		    btf_kind(st) != BTF_KIND_UNION))
			dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator %s "
			    "cannot be applied to an operand of type \"%s\"",
			    op, dt_sema_tname(pcb, lt, buf, sizeof (buf)));
	}
	if (dt_btf_member(te->te_btf, sid, dnp->dn_str, &mtype, &off, &bit,
	    &bitsize) != 0)
		dt_cerror(pcb, "D_TYPE_MEMBER", dnp->dn_pos, "%s is not a "
		    "member of %s", dnp->dn_str, dt_btf_name(te->te_btf, sid,
		    buf, sizeof (buf)));
	dt_sema_kernel_dtype(pcb, dnp, mtype);
	if (bitsize != 0 && dnp->dn_type.ty_kind != DT_TK_INT)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "bit-field %s is "
		    "not an integer", dnp->dn_str);
	dnp->dn_value = off;
	dnp->dn_aux = (int64_t)(bit | bitsize << 8);
}


/*
 * The D type of an argument's native type (dt_argdesc_t.ad_native), a
 * kernel type or a D type name, by the grammar's type-name rule; a type
 * the kernel's data lacks is a plain 64-bit integer, as argN is.
 */
static void
argdesc_ctype(dt_pcb_t *pcb, const dt_argdesc_t *ad, dt_type_t *tp)
{
	char name[320];

	dt_argtype_name(&ad->ad_native, name, sizeof (name));
	if (dt_parse_ctype(pcb, name, tp) != 0)
		*tp = (dt_type_t){ DT_TK_INT, 8, 1 };
}

typedef struct argdesc_arg {
	int aa_n;		/* which argument */
	dt_argdesc_t aa_desc;	/* its description on the first probe */
	bool aa_have;		/* ... that has one */
	bool aa_differ;		/* two probes disagree */
	char aa_other[256];	/* the type that disagrees */
	unsigned int aa_nprobes; /* probes matched */
	unsigned int aa_nbeyond; /* ... that have fewer than aa_n + 1 */
	unsigned int aa_nnone;	/* ... that have none */
} argdesc_arg_t;


static int
argdesc_cb(dtrace_hdl_t *dtp, dt_probe_t *prp, void *arg)
{
	argdesc_arg_t *aa = arg;
	dt_argdesc_t ad;

	aa->aa_nprobes++;
	if (dt_probe_argdesc(dtp, prp, aa->aa_n, &ad) != 0) {
		aa->aa_nbeyond++;
		aa->aa_nnone += dt_probe_argdesc(dtp, prp, 0, &ad) != 0;
		return (0);
	}
	if (!aa->aa_have) {
		aa->aa_desc = ad;
		aa->aa_have = true;
	} else if (!dt_argdesc_same(&aa->aa_desc, &ad) && !aa->aa_differ) {
		aa->aa_differ = true;
		(void) dt_argdesc_dtype(&ad, aa->aa_other,
		    sizeof (aa->aa_other));
	}
	return (0);
}

/* argN as a variable node. */
static dt_node_t *
argvar(dt_pcb_t *pcb, dt_srcpos_t pos, int n)
{
	dt_node_t *var = dt_node_new(pcb, DN_VAR, pos);
	char name[8];

	snprintf(name, sizeof (name), "arg%d", n);
	if ((var->dn_str = strdup(name)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	return (var);
}

/*
 * A translated argument (proc:::create's args[0] is psinfo_t *, from a
 * struct task_struct *): args[N] becomes xlate <OUT *> ((IN)argM), OUT a
 * struct declared in D (the D library's), which -> and * can take
 * (*args[N], the whole struct).  The translated type is a D type name,
 * read by the type-name parser; false if it is no pointer to such a
 * struct (a USDT provider may declare any type): then args[N] is argM.
 */
static bool
args_xlate(dt_pcb_t *pcb, dt_node_t *dnp, const dt_argdesc_t *ad, int n,
    bool member)
{
	dt_type_t xt;
	dt_node_t *cast;

	if (!member)
		dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "args[%d] is a "
		    "translated %s, not a pointer D can keep: use its members "
		    "(args[%d]->pr_pid) or the whole struct (*args[%d])", n,
		    ad->ad_xlate, n, n);
	if (dt_parse_ctype(pcb, ad->ad_xlate, &xt) != 0 ||
	    xt.ty_kind != DT_TK_PTR || xt.ty_plevel != 0 || xt.ty_btf == 0 ||
	    xt.ty_btf < btf__type_cnt(dt_ktypes(pcb->pcb_hdl)->te_btf))
		return (false);
	cast = dt_node_new(pcb, DN_CAST, dnp->dn_pos);
	argdesc_ctype(pcb, ad, &cast->dn_type);
	cast->dn_left = argvar(pcb, dnp->dn_pos, ad->ad_src);
	dnp->dn_type = xt;		/* OUT *: its id is the pointee */
	dnp->dn_kind = DN_XLATE;
	dnp->dn_left = cast;
	dnp->dn_right = NULL;
	return (true);
}

/*
 * args[N]: argument N as the probes of the clause describe it
 * (dt_argdesc_t): argM of its native type, a string read from it, or its
 * translation.  member: the operand of . or ->, which a translated
 * argument may be.
 */
void
dt_sema_args(dt_pcb_t *pcb, dt_node_t *dnp, bool member)
{
	dt_clause_t *dcp = pcb->pcb_clause;
	const dt_argdesc_t *ad;
	argdesc_arg_t aa;
	char name[8];
	int n;

	if (dcp == NULL || dcp->dc_ndescs == 0)	/* an inline's declaration */
		dt_cerror(pcb, "D_ARGS_NONE", dnp->dn_pos, "args[ ] may not "
		    "be referenced outside of a probe clause");
	dt_sema_expr(pcb, dnp->dn_right);
	if (dnp->dn_right->dn_kind != DN_INT ||
	    dnp->dn_right->dn_type.ty_kind != DT_TK_INT) {
		char b[256];

		dt_cerror(pcb, "D_PROTO_ARG", dnp->dn_right->dn_pos, "args[ ] "
		    "argument #1 is incompatible with prototype: an integer "
		    "constant, not \"%s\"", dt_sema_tname(pcb,
		    dnp->dn_right->dn_type,
		    b, sizeof (b)));
	}
	if (dnp->dn_right->dn_value < 0 ||
	    dnp->dn_right->dn_value >= DT_MAXARGS)
		dt_cerror(pcb, "D_ARGS_IDX", dnp->dn_right->dn_pos, "args[ ] "
		    "index must be an integer constant from 0 to %d",
		    DT_MAXARGS - 1);
	n = (int)dnp->dn_right->dn_value;
	memset(&aa, 0, sizeof (aa));
	aa.aa_n = n;
	for (unsigned int i = 0; i < dcp->dc_ndescs; i++)
		(void) dt_probe_match(pcb->pcb_hdl, &dcp->dc_descs[i],
		    argdesc_cb, &aa);
	/* a probe without arguments has every index out of range
	   (DTrace's D_ARGS_IDX) */
	if (aa.aa_nprobes > 0 && aa.aa_nnone == aa.aa_nprobes)
		dt_cerror(pcb, "D_ARGS_IDX", dnp->dn_pos, "index %d is out of "
		    "range for the args[ ] of %s:%s:%s:%s: it has no "
		    "arguments", n, dcp->dc_descs[0].prv, dcp->dc_descs[0].mod,
		    dcp->dc_descs[0].fun, dcp->dc_descs[0].prb);
	if (aa.aa_nprobes > 0 && aa.aa_nbeyond == aa.aa_nprobes)
		dt_cerror(pcb, "D_ARGS_IDX", dnp->dn_right->dn_pos, "index %d "
		    "is out of range for the args[ ] of %s:%s:%s:%s", n,
		    dcp->dc_descs[0].prv, dcp->dc_descs[0].mod,
		    dcp->dc_descs[0].fun, dcp->dc_descs[0].prb);
	if (aa.aa_differ)
		dt_cerror(pcb, "D_ARGS_MULTI", dnp->dn_pos, "args[%d] has "
		    "different types on the probes of this clause (\"%s\" and "
		    "\"%s\"): use arg%d", n, dt_argdesc_dtype(&aa.aa_desc,
		    (char [320]){ 0 }, 320), aa.aa_other, n);
	if (!aa.aa_have)
		dt_argdesc_value(&aa.aa_desc, n, "int64_t");
	ad = &aa.aa_desc;
	if (ad->ad_form == DT_ARG_XLATE &&
	    args_xlate(pcb, dnp, ad, n, member))
		return;
	if (ad->ad_form == DT_ARG_USTRING || ad->ad_form == DT_ARG_KSTRING) {
		/*
		 * a user string (proc:::exec's path): copyinstr(argN); a
		 * kernel one (an sdt probe's record): stringof((char *)argN)
		 */
		dt_node_t *a = argvar(pcb, dnp->dn_pos, ad->ad_src);

		if ((dnp->dn_str = strdup(ad->ad_form == DT_ARG_USTRING ?
		    "copyinstr" : "stringof")) == NULL)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		if (ad->ad_form == DT_ARG_KSTRING) {
			dt_node_t *var = a;

			a = dt_node_new(pcb, DN_CAST, dnp->dn_pos);
			a->dn_left = var;
			a->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0, 1, 1 };
		}
		dnp->dn_kind = DN_CALL;
		dnp->dn_args = a;
		dnp->dn_left = dnp->dn_right = NULL;
		dt_sema_expr(pcb, dnp);
		return;
	}
	argdesc_ctype(pcb, ad, &dnp->dn_type);
	/* a CPU's entry of the cpuinfo map (sched:::enqueue's args[2]) */
	if (ad->ad_cpuinfo)
		dcp->dc_cpuinfo = true;
	snprintf(name, sizeof (name), "arg%d", ad->ad_src);
	dnp->dn_kind = DN_VAR;
	dnp->dn_builtin = dt_builtin_lookup(name);
	dnp->dn_left = dnp->dn_right = NULL;
}

/*
 * uregs[R_DS], [R_ES], [R_FS], [R_GS], [R_TRAPNO] (21 to 25): not in
 * struct pt_regs; DTrace for Linux reads them from the task's
 * thread_struct, as curthread->thread.ds, .es, .fsbase, .gsbase and
 * .trap_nr, a uint64_t.  dnp becomes that expression.
 */
static void
uregs_thread(dt_pcb_t *pcb, dt_node_t *dnp, int64_t i)
{
	static const char *const field[] = {
		"ds", "es", "fsbase", "gsbase", "trap_nr"
	};
	dt_node_t *ct = dt_node_new(pcb, DN_VAR, dnp->dn_pos);
	dt_node_t *th = dt_node_new(pcb, DN_MEMBER, dnp->dn_pos);
	dt_node_t *m = dt_node_new(pcb, DN_MEMBER, dnp->dn_pos);

	if ((ct->dn_str = strdup("curthread")) == NULL ||
	    (th->dn_str = strdup("thread")) == NULL ||
	    (m->dn_str = strdup(field[i - 21])) == NULL)
		dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
	th->dn_op = T_ARROW;
	th->dn_left = ct;
	m->dn_op = T_DOT;
	m->dn_left = th;
	dnp->dn_kind = DN_CAST;
	dnp->dn_left = m;
	dnp->dn_right = NULL;
	dnp->dn_type = (dt_type_t){ .ty_kind = DT_TK_INT, .ty_size = 8 };
	dt_sema_expr(pcb, m);
}

/*
 * uregs[i]: slot i of the current task's saved user registers, its
 * struct pt_regs at the top of its kernel stack (task_pt_regs(): stack +
 * THREAD_SIZE - sizeof (struct pt_regs); THREAD_SIZE is 16 KB on x86_64
 * and no padding lies above the registers there).  dn_value is the
 * offset of task_struct.stack, dn_aux that of the registers in the stack;
 * dn_right the index, a constant as DTrace requires (D_PROTO_ARG
 * otherwise), checked here.
 */
static void
sema_uregs(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	uint32_t rid = dt_tcache_tag(te, BTF_KIND_STRUCT, "pt_regs");
	int64_t size = rid != 0 ? dt_btf_size(te->te_btf, rid) : -1;
	dt_node_t *ix = dnp->dn_right;

	if (size <= 0 || size > DT_THREAD_SIZE)
		dt_cerror(pcb, "D_BTF", dnp->dn_pos, "kernel type data lacks "
		    "struct pt_regs");
	dt_sema_expr(pcb, ix);
	if (!dt_sema_is_int(ix) || ix->dn_kind != DN_INT) {
		char buf[256];

		dt_cerror(pcb, "D_PROTO_ARG", ix->dn_pos, "uregs[ ] argument "
		    "#1 is incompatible with prototype:\n\tprototype: integer "
		    "constant\n\t argument: %s", dt_sema_tname(pcb,
		    ix->dn_type, buf, sizeof (buf)));
	}
	if (ix->dn_value >= size / 8 && ix->dn_value <= 25) {
		uregs_thread(pcb, dnp, ix->dn_value);
		return;
	}
	if (ix->dn_value < 0 || ix->dn_value > 25)	/* DTrace's words */
		dt_cerror(pcb, "D_UNKNOWN", ix->dn_pos, "uregs[]: index out "
		    "of bounds (%lld)", (long long)ix->dn_value);
	dnp->dn_builtin = dt_builtin_lookup("uregs");
	dnp->dn_type = dnp->dn_builtin->di_type;
	dnp->dn_value = dt_sema_kernel_offset(pcb, dnp->dn_pos, "task_struct",
	    "stack");
	dnp->dn_aux = DT_THREAD_SIZE - size;
}

/*
 * Is e a translated member that the output struct declares a char array
 * (psinfo_t's pr_fname, lwpsinfo_t's pr_name)?  It is a D string holding
 * the array's characters; its cast (xlate_convert()) keeps the array's
 * element count in dn_aux.
 */
bool
dt_sema_is_xlate_chars(const dt_node_t *e)
{
	return (e->dn_kind == DN_CAST && e->dn_type.ty_kind == DT_TK_STRING &&
	    e->dn_aux > 0);
}

/* a[i] on kernel arrays and pointers: the element's type and size. */
void
dt_sema_index(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_type_t lt;
	char buf[256];

	if (dnp->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_str, "args") == 0) {
		dt_sema_args(pcb, dnp, false);
		return;
	}
	if (dnp->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_str, "uregs") == 0) {
		sema_uregs(pcb, dnp);
		return;
	}
	if (dt_sema_is_fds(dnp)) {
		if (dnp->dn_aux == 1) {
			dt_sema_fds(pcb, dnp);
			return;
		}
		dt_sema_fds_xlate(pcb,
		    dnp);	/* a struct: D_UNSUPPORTED here */
		dt_sema_expr(pcb, dnp);
		return;
	}
	if (dnp->dn_left->dn_kind == DN_VAR &&
	    dt_builtin_lookup(dnp->dn_left->dn_str) == NULL) {
		dt_ident_t *idp = dt_ident_lookup(pcb->pcb_hdl,
		    dnp->dn_left->dn_str);

		if (idp == NULL || idp->di_kind == DT_IDENT_ASSOC) {
			dt_sema_assoc(pcb, dnp, false, dnp->dn_type);
			return;
		}
		if (idp->di_kind == DT_IDENT_INLINE && idp->di_nkeys > 0) {
			dt_sema_inline_call(pcb, dnp, idp);
			return;
		}
	}
	dt_sema_expr(pcb, dnp->dn_left);
	if (dnp->dn_right->dn_kind == DN_COMMA) {
		char buf[256];

		if (dnp->dn_left->dn_kind == DN_VAR)
			snprintf(buf, sizeof (buf), "%s", dnp->dn_left->dn_str);
		else
			dt_sema_tname(pcb, dnp->dn_left->dn_type, buf,
			    sizeof (buf));
		dt_cerror(pcb, "D_ARR_BADREF", dnp->dn_pos, "cannot access %s "
		    "as an associative array: it takes one index", buf);
	}
	dt_sema_expr(pcb, dnp->dn_right);
	lt = dnp->dn_left->dn_type;
	if (!dt_sema_is_int(dnp->dn_right))
		dt_cerror(pcb, "D_OP_INT", dnp->dn_right->dn_pos, "index must "
		    "be an integer");
	if (lt.ty_kind == DT_TK_ARRAY || (lt.ty_kind == DT_TK_STRING &&
	    lt.ty_btf != 0)) {
		int64_t idx;
		dt_type_t ity;
		dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
		const struct btf_type *t = btf__type_by_id(te->te_btf,
		    lt.ty_btf);
		uint32_t elem = btf_array(t)->type;
		const dt_node_t *root = dt_member_root(dnp->dn_left);

		dt_sema_kernel_dtype(pcb, dnp, elem);
		dnp->dn_value = dt_btf_size(te->te_btf, elem);
		/* a constant index lies within the array, wherever it is;
		   as in C, &a[n] of an array of n is its end */
		if (btf_array(t)->nelems > 0 && dt_fold_int(pcb,
		    dnp->dn_right,
		    &idx, &ity) && (idx < 0 ||
		    (uint64_t)idx > btf_array(t)->nelems ||
		    ((uint64_t)idx == btf_array(t)->nelems &&
		    pcb->pcb_addrof != dnp)))
			dt_cerror(pcb, "D_ARR_BOUNDS", dnp->dn_right->dn_pos,
			    "index %lld is out of range for array of %u "
			    "elements", (long long)idx, btf_array(t)->nelems);
		/* in a D variable: the index is checked, C's arrays in
		   memory are not */
		if (root == NULL)
			root = dnp->dn_left;
		if (root->dn_ident != NULL && root->dn_builtin == NULL &&
		    (root->dn_kind == DN_VAR || root->dn_kind == DN_INDEX))
			dnp->dn_stroff = btf_array(t)->nelems;
	} else if (lt.ty_kind == DT_TK_PTR && lt.ty_plevel > 0) {
		dnp->dn_type = lt;
		dnp->dn_type.ty_plevel--;
		dnp->dn_value = 8;
	} else if (lt.ty_kind == DT_TK_PTR && lt.ty_btf != 0) {
		dt_sema_pointee(pcb, dnp, lt);
		dnp->dn_value = dt_btf_size(dt_pcb_types(pcb,
		    dnp->dn_pos)->te_btf, lt.ty_btf);
	} else if (lt.ty_kind == DT_TK_PTR && lt.ty_psize > 0) {
		dnp->dn_type = (dt_type_t){ DT_TK_INT, lt.ty_psize,
		    lt.ty_psigned };
		dnp->dn_value = lt.ty_psize;
	} else if (lt.ty_kind == DT_TK_STRING) {
		/*
		 * A string D made is its strsize + 1 bytes: s[i] is a char
		 * of them, as in DTrace ((s = copyinstr(p))[6] == '-'); an
		 * index outside them is the out-of-range index fault.
		 */
		int64_t idx;
		dt_type_t ity;

		/* a translated char array member (pr_name) is a string of
		   its size: a constant index lies within the array */
		if (dt_sema_is_xlate_chars(dnp->dn_left)
		    && dt_fold_int(pcb,
		    dnp->dn_right, &idx, &ity) && (idx < 0 ||
		    idx >= dnp->dn_left->dn_aux))
			dt_cerror(pcb, "D_ARR_BOUNDS", dnp->dn_right->dn_pos,
			    "index %lld is out of range for array of %lld "
			    "elements", (long long)idx,
			    (long long)dnp->dn_left->dn_aux);
		dnp->dn_type = (dt_type_t){ DT_TK_INT, 1, 1 };
		dnp->dn_value = 1;
		dnp->dn_stroff = dt_strbuf(pcb->pcb_hdl);
	} else {
		dt_cerror(pcb, "D_OP_ARRPTR", dnp->dn_pos, "operator [ ] "
		    "cannot be applied to an operand of type \"%s\"",
		    dt_sema_tname(pcb, lt, buf, sizeof (buf)));
	}
}

/*
 * The type of a pointer to the first element of array type t (an array
 * in BTF): true with it in *pt, or false with the element's own type in
 * *pt when no pointer to it can be made here (an element that is a
 * struct is a pointer to the struct only through &).
 */
static bool
elem_ptr(dt_pcb_t *pcb, dt_type_t t, dt_srcpos_t pos, dt_type_t *pt)
{
	dt_tentry_t *te = dt_pcb_types(pcb, pos);
	const struct btf_type *at = btf__type_by_id(te->te_btf, t.ty_btf);
	dt_node_t tmp = { .dn_pos = pos };

	dt_sema_kernel_dtype(pcb, &tmp, btf_array(at)->type);
	*pt = tmp.dn_type;
	if (tmp.dn_type.ty_kind == DT_TK_INT) {
		*pt = (dt_type_t){ DT_TK_PTR, 8, 0, tmp.dn_type.ty_size,
		    tmp.dn_type.ty_signed, 0, btf_array(at)->type };
		return (true);
	}
	if (tmp.dn_type.ty_kind == DT_TK_PTR) {
		pt->ty_plevel++;
		return (true);
	}
	if (tmp.dn_type.ty_kind == DT_TK_STRUCT) {
		*pt = (dt_type_t){ DT_TK_PTR, 8, 0 };
		pt->ty_btf = tmp.dn_type.ty_btf;
		return (true);
	}
	return (false);
}

/*
 * An array where a pointer is wanted (p = a for a pointer p, (int *)a,
 * a compared with a pointer) is a pointer to its first element, as in C:
 * e, checked, becomes a cast of itself to that pointer type; the array's
 * value is already the address of its bytes.
 */
void
dt_sema_array_decay(dt_pcb_t *pcb, dt_node_t *e)
{
	dt_node_t *a, *list = e->dn_list, *all;
	dt_type_t pt;
	const dt_node_t *root;

	if (e->dn_type.ty_kind != DT_TK_ARRAY || e->dn_type.ty_btf == 0 ||
	    !elem_ptr(pcb, e->dn_type, e->dn_pos, &pt))
		return;
	root = e->dn_kind == DN_VAR ? e : dt_member_root(e);
	if (root != NULL && root->dn_ident != NULL &&
	    (root->dn_ident->di_kind == DT_IDENT_ASSOC ||
	    root->dn_ident->di_kind == DT_IDENT_TLS))
		dt_cerror(pcb, "D_ADDROF_VAR", e->dn_pos, "cannot take the "
		    "address of a part of dynamic variable %s: an array of "
		    "one has no pointer", root->dn_ident->di_name);
	a = dt_node_new(pcb, e->dn_kind, e->dn_pos);
	all = a->dn_all;
	*a = *e;
	a->dn_all = all;
	a->dn_list = NULL;
	all = e->dn_all;
	*e = (dt_node_t){ .dn_kind = DN_CAST, .dn_type = pt,
	    .dn_pos = a->dn_pos, .dn_left = a, .dn_list = list,
	    .dn_all = all };
}

/*
 * A char array where a string is wanted (a subroutine's or printf( )'s
 * argument, stringof( ), a comparison with a string) is a string of at
 * most its size, as DTrace takes char arrays: e, checked, becomes a cast
 * of itself to the string type a char array member has (its length in
 * dn_strlen, which the code generator reads).
 */
void
dt_sema_char_array_string(dt_pcb_t *pcb, dt_node_t *e)
{
	dt_node_t tmp = { .dn_pos = e->dn_pos }, *a, *list = e->dn_list, *all;

	if (e->dn_type.ty_kind != DT_TK_ARRAY || e->dn_type.ty_btf == 0)
		return;
	dt_sema_kernel_dtype(pcb, &tmp, e->dn_type.ty_btf);
	if (tmp.dn_type.ty_kind != DT_TK_STRING)
		return;
	a = dt_node_new(pcb, e->dn_kind, e->dn_pos);
	all = a->dn_all;
	*a = *e;
	a->dn_all = all;
	a->dn_list = NULL;
	all = e->dn_all;
	*e = (dt_node_t){ .dn_kind = DN_CAST, .dn_type = tmp.dn_type,
	    .dn_pos = a->dn_pos, .dn_strlen = tmp.dn_strlen, .dn_left = a,
	    .dn_list = list, .dn_all = all };
}

/*
 * &e: the address of an object in memory, the operand of a member access
 * (p->m, s.m), an index (a[i], p[i]) or *p; a pointer to the object's
 * type (to its first element for an array).  A D variable itself has no
 * address D can use; a part of a global or clause-local struct or array
 * (&a[i], &g.m) has one, in the map its variable lives in, but not a
 * part of a self-> variable or an associative array element, which
 * come and go (DTrace's "dynamic variables").
 */
void
dt_sema_addrof(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_node_t *e = dnp->dn_left;
	dt_type_t t = e->dn_type;
	const dt_node_t *root;

	if (e->dn_builtin != NULL)
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of built-in variable %s", e->dn_builtin->di_name);
	if (e->dn_kind == DN_VAR)
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of %s: D variables have no address", e->dn_str);
	if ((root = dt_member_root(e)) != NULL && root->dn_ident != NULL &&
	    (root->dn_ident->di_kind == DT_IDENT_ASSOC ||
	    root->dn_ident->di_kind == DT_IDENT_TLS))
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of a part of dynamic variable %s",
		    root->dn_ident->di_name);
	if (e->dn_kind != DN_MEMBER && e->dn_kind != DN_INDEX &&
	    !(e->dn_kind == DN_UNARY && e->dn_op == T_STAR))
		dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "unary & requires "
		    "an object in memory (a member, an element or *p)");
	if (e->dn_kind == DN_MEMBER && (e->dn_aux >> 8) != 0)
		dt_cerror(pcb, "D_ADDROF_BITFIELD", dnp->dn_pos, "cannot take "
		    "the address of bit-field %s", e->dn_str);
	if (e->dn_kind == DN_INDEX && e->dn_ident != NULL)
		dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take the "
		    "address of an element of associative array %s",
		    e->dn_ident->di_name);
	if (e->dn_kind == DN_UNARY) {
		dnp->dn_type = e->dn_left->dn_type;	/* &*p is p */
		return;
	}
	if (t.ty_kind == DT_TK_PTR) {
		/* the address of a pointer: one more level */
		if (t.ty_btf == 0 && t.ty_psize == 0 && t.ty_plevel == 0)
			dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "cannot "
			    "take the address of a void pointer yet");
		dnp->dn_type = t;
		dnp->dn_type.ty_plevel++;
		return;
	}
	if ((t.ty_kind == DT_TK_ARRAY || t.ty_kind == DT_TK_STRING) &&
	    t.ty_btf != 0) {
		/* an array: its first element */
		dt_type_t pt;

		if (elem_ptr(pcb, t, dnp->dn_pos, &pt)) {
			dnp->dn_type = pt;
			return;
		}
		t = pt;
	}
	if (t.ty_kind == DT_TK_STRUCT) {
		dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
		dnp->dn_type.ty_btf = t.ty_btf;
		return;
	}
	if (t.ty_kind == DT_TK_INT) {
		dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0, t.ty_size,
		    t.ty_signed, 0, 0 };
		return;
	}
	dt_cerror(pcb, "D_ADDROF_LVAL", dnp->dn_pos, "cannot take the address "
	    "of this object yet");
}
