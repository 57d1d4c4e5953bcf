/*
 * dt_sema_xlate.c: the semantic pass for translators and inlines:
 * checking a translator's members and an inline's expression when they
 * are declared, expanding an inline at its use (a copy of its expression,
 * positioned at the use), xlate expressions of a whole struct or of one
 * member, and the fds[] array (translated file descriptors).
 *
 * An inline's use is replaced in place by the copy of its expression
 * (dt_sema_replace_node()), keeping its place in its list.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_sema_impl.h"

/* Every node of the tree at pos. */
static void
set_pos(dt_node_t *dnp, dt_srcpos_t pos)
{
	if (dnp == NULL)
		return;
	dnp->dn_pos = pos;
	set_pos(dnp->dn_left, pos);
	set_pos(dnp->dn_right, pos);
	set_pos(dnp->dn_cond, pos);
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list)
		set_pos(a, pos);
}

/*
 * A copy of an inline's expression for its use at pos.  Its nodes take
 * that position: the inline may come from another text (the D library),
 * whose lines mean nothing in this one, so errors point at the use.
 */
dt_node_t *
dt_sema_inline_copy(dt_pcb_t *pcb, const dt_ident_t *idp, dt_srcpos_t pos)
{
	dt_node_t *e = dt_node_dup(pcb, idp->di_inline, pos);

	if (e == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	set_pos(e, pos);
	return (e);
}

/*
 * Is e, not yet checked, a pointer to a translated struct: xlate <T *>
 * (e), or an inline that is one (curpsinfo)?
 */
bool
dt_sema_is_xlate_ptr(dt_pcb_t *pcb, const dt_node_t *e)
{
	const dt_ident_t *idp;
	bool liberr;

	for (int depth = 0; depth < 16 && e->dn_kind == DN_VAR &&
	    e->dn_str != NULL && e->dn_ident == NULL &&
	    e->dn_builtin == NULL && dt_builtin_lookup(e->dn_str) == NULL &&
	    (idp = dt_lib_lookup(pcb->pcb_hdl, e->dn_str, &liberr)) != NULL &&
	    idp->di_kind == DT_IDENT_INLINE && idp->di_inline != NULL; depth++)
		e = idp->di_inline;
	return (e->dn_kind == DN_XLATE && e->dn_type.ty_kind == DT_TK_PTR);
}

static void xlate_subst(dt_pcb_t *, dt_node_t *, const char *,
    const dt_node_t *);
static void xlate_convert(dt_pcb_t *, dt_node_t *, dt_node_t *, uint32_t);
static void xlator_check(dt_pcb_t *, const dt_xlator_t *, dt_srcpos_t);

/*
 * Check translator dxp where it is declared, as DTrace does: each member's
 * expression, its input standing for a value of the input type, must be
 * valid and compatible with the member.
 */
void
dt_sema_xlator_check(dt_pcb_t *pcb, const dt_xlator_t *dxp, dt_srcpos_t pos)
{
	dt_clause_t scratch = { 0 };

	if (pcb->pcb_clause != NULL) {
		xlator_check(pcb, dxp, pos);
		return;
	}
	pcb->pcb_clause = &scratch;	/* what it uses is noted there */
	xlator_check(pcb, dxp, pos);
	pcb->pcb_clause = NULL;
	dt_tcache_rele(scratch.dc_types);
}

static void
xlator_check(dt_pcb_t *pcb, const dt_xlator_t *dxp, dt_srcpos_t pos)
{
	dt_tentry_t *te = dt_pcb_types(pcb, pos);
	uint32_t sid = dt_btf_resolve(te->te_btf, dxp->dx_out.ty_btf);

	for (unsigned int i = 0; i < dxp->dx_nmemb; i++) {
		dt_node_t *in = dt_node_new(pcb, DN_INT, pos);
		dt_node_t *m = dt_node_new(pcb, DN_MEMBER, pos);
		dt_node_t *e = dt_node_dup(pcb, dxp->dx_mexprs[i], pos);
		uint32_t mtype, off, bit, bitsize;

		in->dn_type = dxp->dx_in;	/* a value of the input type */
		m->dn_op = T_DOT;
		if ((m->dn_str = strdup(dxp->dx_mnames[i])) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		if (dt_btf_member(te->te_btf, sid, m->dn_str, &mtype, &off,
		    &bit, &bitsize) != 0)
			continue;	/* refused as it was parsed */
		xlate_subst(pcb, e, dxp->dx_arg, in);
		xlate_convert(pcb, m, e, mtype);
	}
}

/* Does e name variable (or inline) name? */
bool
dt_sema_names_ident(const dt_node_t *e, const char *name)
{
	if (e == NULL)
		return (false);
	if (e->dn_kind == DN_VAR && strcmp(e->dn_str, name) == 0)
		return (true);
	if (dt_sema_names_ident(e->dn_left, name)
	    || dt_sema_names_ident(e->dn_right, name) ||
	    dt_sema_names_ident(e->dn_cond, name))
		return (true);
	for (const dt_node_t *a = e->dn_args; a != NULL; a = a->dn_list) {
		if (dt_sema_names_ident(a, name))
			return (true);
	}
	return (false);
}

/*
 * Check inline name of type ty, expression expr, where it is declared, as
 * DTrace does: it may not use itself (D_IDENT_UNDEF), and its expression
 * must be valid and compatible with its type (D_OP_INCOMPAT).  An inline
 * of array form is checked where it is used, its parameters bound.
 */
void
dt_sema_inline_check(dt_pcb_t *pcb, const char *name, dt_type_t ty,
    const dt_node_t *expr, bool keyed)
{
	dt_node_t *e, *lv;
	char b1[256], b2[256];

	if (dt_sema_names_ident(expr, name))
		dt_cerror(pcb, "D_IDENT_UNDEF", expr->dn_pos, "failed to "
		    "resolve %s: Unknown variable name (inline %s uses "
		    "itself)", name, name);
	if (keyed)
		return;
	if (expr->dn_kind == DN_XLATE) {
		/* a translation: of the inline's type exactly; the
		   translator is found where it is used */
		if (!dt_type_same(ty, expr->dn_type))
			dt_cerror(pcb, "D_OP_INCOMPAT", expr->dn_pos, "inline "
			    "%s is not of the translation's type \"%s\"", name,
			    dt_sema_tname(pcb, expr->dn_type, b2, sizeof (b2)));
		return;
	}
	e = dt_node_dup(pcb, expr, expr->dn_pos);
	if (pcb->pcb_clause == NULL) {
		dt_clause_t scratch = { 0 };

		pcb->pcb_clause = &scratch;	/* what e uses is noted there */
		dt_sema_expr(pcb, e);
		pcb->pcb_clause = NULL;
		dt_tcache_rele(scratch.dc_types);
	} else {
		dt_sema_expr(pcb, e);
	}
	lv = dt_node_new(pcb, DN_INT, expr->dn_pos);	/* stands for it */
	lv->dn_type = ty;
	if (dt_type_isbytes(ty) || dt_type_isbytes(e->dn_type) ?
	    !dt_type_same(ty, e->dn_type) :
	    (ty.ty_kind == DT_TK_STRING) != dt_sema_is_string(e) ||
	    (!dt_sema_is_string(e) && !dt_sema_is_scalar(e))
	    || !dt_sema_ptr_int_compat(pcb, lv, e))
		dt_cerror(pcb, "D_OP_INCOMPAT", expr->dn_pos, "inline %s "
		    "operands have incompatible types: \"%s\" = \"%s\"", name,
		    dt_sema_tname(pcb, ty, b1, sizeof (b1)), dt_sema_tname(pcb,
		    e->dn_type, b2,
		    sizeof (b2)));
}

/*
 * dnp (a DN_VAR) becomes c, a copy made for it, keeping its place in its
 * list and in the compilation's allocations; its name is freed, c's
 * strings are dnp's now.
 */
void
dt_sema_replace_node(dt_node_t *dnp, dt_node_t *c)
{
	dt_node_t *list = dnp->dn_list, *all = dnp->dn_all;

	free(dnp->dn_str);
	*dnp = *c;
	dnp->dn_list = list;
	dnp->dn_all = all;
	c->dn_str = NULL;
}

/* Replace the translator's input name in dnp's tree with a copy of in. */
static void
xlate_subst(dt_pcb_t *pcb, dt_node_t *dnp, const char *arg,
    const dt_node_t *in)
{
	if (dnp == NULL)
		return;
	if (dnp->dn_kind == DN_VAR && strcmp(dnp->dn_str, arg) == 0) {
		dt_sema_replace_node(dnp, dt_node_dup(pcb, in, dnp->dn_pos));
		return;
	}
	xlate_subst(pcb, dnp->dn_left, arg, in);
	xlate_subst(pcb, dnp->dn_right, arg, in);
	xlate_subst(pcb, dnp->dn_cond, arg, in);
	for (dt_node_t *a = dnp->dn_args; a != NULL; a = a->dn_list)
		xlate_subst(pcb, a, arg, in);
}

/*
 * f[x, y] of an inline of array form (inline T f[T1 a, T2 b] = e): e
 * with a and b replaced by x and y, each converted to its parameter's
 * type, the whole converted to T.  The parameters are renamed first to
 * names no program can write, so that an argument that names another
 * parameter (f[b, 1]) is not replaced in turn.
 */
void
dt_sema_inline_call(dt_pcb_t *pcb, dt_node_t *dnp, const dt_ident_t *idp)
{
	dt_node_t *args[DT_MAXKEYS + 1], *k = dnp->dn_right, *e;
	unsigned int n = 0;

	while (k->dn_kind == DN_COMMA && n < DT_MAXKEYS) {
		args[n++] = k->dn_right;	/* last first */
		k = k->dn_left;
	}
	args[n++] = k;
	if (n != idp->di_nkeys)
		dt_cerror(pcb, "D_ARR_KEYS", dnp->dn_pos, "%s takes %u "
		    "argument%s, not %u", idp->di_name, idp->di_nkeys,
		    idp->di_nkeys == 1 ? "" : "s", n);
	e = dt_sema_inline_copy(pcb, idp, dnp->dn_pos);
	for (unsigned int i = 0; i < n; i++) {
		dt_node_t *ph = dt_node_new(pcb, DN_VAR, dnp->dn_pos);

		if (asprintf(&ph->dn_str, "@param%u", i) < 0)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		xlate_subst(pcb, e, idp->di_params[i], ph);
	}
	for (unsigned int i = 0; i < n; i++) {
		dt_node_t *c = dt_node_new(pcb, DN_CAST, dnp->dn_pos);
		char ph[32];

		c->dn_type = idp->di_keys[i];
		c->dn_left = args[n - 1 - i];
		snprintf(ph, sizeof (ph), "@param%u", i);
		xlate_subst(pcb, e, ph, c);
	}
	free(dnp->dn_str);
	dnp->dn_str = NULL;
	dnp->dn_kind = DN_CAST;
	dnp->dn_type = idp->di_type;
	dnp->dn_left = e;
	dnp->dn_right = NULL;
	dt_sema_expr(pcb, dnp);
}

/*
 * The translator to struct sid from the type of x's input (x a DN_XLATE
 * node, whose input this checks), or D_XLATE_NONE.
 */
static const dt_xlator_t *
xlator_for(dt_pcb_t *pcb, dt_node_t *x, uint32_t sid)
{
	const struct btf *btf = dt_pcb_types(pcb, x->dn_pos)->te_btf;
	const dt_xlator_t *dxp;
	char b1[256], b2[256];

	dt_sema_expr(pcb, x->dn_left);
	for (dxp = pcb->pcb_hdl->dt_xlators; dxp != NULL; dxp = dxp->dx_next) {
		if (dt_btf_resolve(btf, dxp->dx_out.ty_btf) == sid &&
		    dt_xlate_accepts(btf, dxp->dx_in, x->dn_left->dn_type))
			return (dxp);
	}
	dt_cerror(pcb, "D_XLATE_NONE", x->dn_pos, "translator does not "
	    "exist: %s -> %s", dt_sema_tname(pcb, x->dn_left->dn_type, b1,
	    sizeof (b1)), dt_btf_name(btf, sid, b2, sizeof (b2)));
}

/*
 * Is e a pointer to a translated struct, xlate <OUT *> (x) or an inline
 * of one (curpsinfo)?  The inline's translation then replaces e.
 */
bool
dt_sema_xlate_ptr(dt_pcb_t *pcb, dt_node_t *e)
{
	if (e->dn_kind == DN_VAR) {
		bool liberr;
		dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, e->dn_str,
		    &liberr);

		if (liberr)
			dt_lib_error(pcb, e->dn_pos);
		if (idp == NULL || idp->di_kind != DT_IDENT_INLINE ||
		    idp->di_inline->dn_kind != DN_XLATE)
			return (false);
		dt_sema_replace_node(e, dt_sema_inline_copy(pcb, idp,
		    e->dn_pos));
	}
	return (e->dn_kind == DN_XLATE && e->dn_type.ty_kind == DT_TK_PTR &&
	    e->dn_type.ty_btf != 0 && e->dn_type.ty_plevel == 0);
}

/*
 * Is member i of translator dxp the first of its name?  A translator may
 * give a member twice, as DTrace's may: the first is its translation.
 */
static bool
xlator_first(const dt_xlator_t *dxp, unsigned int i)
{
	for (unsigned int j = 0; j < i; j++) {
		if (strcmp(dxp->dx_mnames[j], dxp->dx_mnames[i]) == 0)
			return (false);
	}
	return (true);
}

/*
 * A whole translated struct, xlate <OUT> (e) or *xlate <OUT *> (e) (and
 * *curpsinfo): each member the translator defines, as xlate <OUT>
 * (e).m, in dn_args (dn_value its byte offset, dn_aux its size); the
 * code generator builds the struct from them in temporaries, the members
 * the translator leaves out zero.  dnp's dn_value: the struct's size.
 */
void
dt_sema_xlate_whole(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const struct btf *btf = dt_pcb_types(pcb, dnp->dn_pos)->te_btf;
	uint32_t sid = dt_btf_resolve(btf, dnp->dn_type.ty_btf);
	dt_node_t *orig = dt_node_dup(pcb, dnp->dn_left, dnp->dn_pos),
	    **tail;
	const dt_xlator_t *dxp = xlator_for(pcb, dnp, sid);
	int64_t size = dt_btf_size(btf, sid);

	if (size <= 0 || size > DT_PRINT_MAX)
		dt_cerror(pcb, "D_XLATE_INCOMPAT", dnp->dn_pos, "a translated "
		    "struct of 1 to %d bytes can be used whole, not %lld",
		    DT_PRINT_MAX, (long long)size);
	dnp->dn_value = size;
	dnp->dn_args = NULL;
	tail = &dnp->dn_args;
	for (unsigned int i = 0; i < dxp->dx_nmemb; i++) {
		dt_node_t *m, *x;
		uint32_t mtype, off, bit, bitsize;
		int64_t msize;

		if (!xlator_first(dxp, i))
			continue;
		m = dt_node_new(pcb, DN_MEMBER, dnp->dn_pos);
		x = dt_node_new(pcb, DN_XLATE, dnp->dn_pos);

		x->dn_type = dnp->dn_type;
		x->dn_left = dt_node_dup(pcb, orig, dnp->dn_pos);
		m->dn_op = T_DOT;
		m->dn_left = x;
		if ((m->dn_str = strdup(dxp->dx_mnames[i])) == NULL)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		if (dt_btf_member(btf, sid, m->dn_str, &mtype, &off, &bit,
		    &bitsize) != 0 || bitsize != 0 || bit != 0 ||
		    (msize = dt_btf_size(btf, mtype)) <= 0)
			dt_cerror(pcb, "D_XLATE_INCOMPAT", dnp->dn_pos,
			    "translated member %s cannot be built in a whole "
			    "struct (a bit-field?)", m->dn_str);
		dt_sema_xlate_member(pcb, m);	/* m: the member's value */
		m->dn_value = off;
		m->dn_aux = msize;
		*tail = m;
		tail = &m->dn_list;
	}
}

/*
 * xlate <OUT> (e).m and xlate <OUT *> (e)->m: the expression the
 * translator from e's type to OUT gives for m, with the input name bound
 * to e, converted to m's type.  dnp becomes that expression (a cast).
 */
void
dt_sema_xlate_member(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_node_t *x = dnp->dn_left, *in, *e = NULL;
	dt_type_t out = x->dn_type;
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);
	const dt_xlator_t *dxp;
	uint32_t sid, mtype, off, bit, bitsize;
	char b1[256];

	/* the translator first: one must exist for the input */
	sid = dt_btf_resolve(te->te_btf, out.ty_btf);
	in = dt_node_dup(pcb, x->dn_left, dnp->dn_pos);	/* as written */
	dxp = xlator_for(pcb, x, sid);
	if (dnp->dn_op == T_ARROW ? out.ty_kind != DT_TK_PTR ||
	    out.ty_btf == 0 || out.ty_plevel != 0 : out.ty_kind !=
	    DT_TK_STRUCT)
		dt_cerror(pcb, "D_OP_SOU", dnp->dn_pos, "operator %s cannot "
		    "be applied to a translated \"%s\"", dnp->dn_op ==
		    T_ARROW ? "->" : ".", dt_sema_tname(pcb, out, b1,
		    sizeof (b1)));
	if (dt_btf_member(te->te_btf, sid, dnp->dn_str, &mtype, &off, &bit,
	    &bitsize) != 0)
		dt_cerror(pcb, "D_TYPE_MEMBER", dnp->dn_pos, "%s is not a "
		    "member of %s", dnp->dn_str, dt_btf_name(te->te_btf, sid,
		    b1, sizeof (b1)));
	for (unsigned int i = 0; i < dxp->dx_nmemb && e == NULL; i++) {
		/* a member given twice: the first (xlator_first()) */
		if (strcmp(dxp->dx_mnames[i], dnp->dn_str) == 0)
			e = dt_node_dup(pcb, dxp->dx_mexprs[i],
			    dnp->dn_pos);
	}
	if (e == NULL)
		dt_cerror(pcb, "D_XLATE_NOCONV", dnp->dn_pos, "translator "
		    "does not define conversion for member: %s", dnp->dn_str);
	xlate_subst(pcb, e, dxp->dx_arg, in);
	xlate_convert(pcb, dnp, e, mtype);
}

/*
 * dnp (a member, named by dn_str, of a translator's output, of BTF type
 * mtype) becomes e, the expression the translator gives for it with its
 * input bound, checked and converted to the member's type.
 */
static void
xlate_convert(dt_pcb_t *pcb, dt_node_t *dnp, dt_node_t *e, uint32_t mtype)
{
	uint32_t nelems = 0;
	dt_type_t mt;
	char b1[256], b2[256];

	dt_sema_kernel_dtype(pcb, dnp, mtype);
	mt = dnp->dn_type;
	if (mt.ty_kind == DT_TK_STRING && mt.ty_btf != 0) {
		/* a char array: its elements, for a constant index */
		const struct btf_type *at = btf__type_by_id(dt_pcb_types(pcb,
		    dnp->dn_pos)->te_btf, mt.ty_btf);

		if (at != NULL && btf_kind(at) == BTF_KIND_ARRAY)
			nelems = btf_array(at)->nelems;
	}
	if (mt.ty_kind == DT_TK_STRING)
		mt = (dt_type_t){ DT_TK_STRING, 0, 0 };
	else if (mt.ty_kind == DT_TK_STRUCT || mt.ty_kind == DT_TK_ARRAY)
		dt_cerror(pcb, "D_XLATE_INCOMPAT", dnp->dn_pos, "translated "
		    "member %s is a struct or array, which D cannot translate "
		    "yet", dnp->dn_str);
	dt_sema_expr(pcb, e);
	if ((mt.ty_kind == DT_TK_STRING) != dt_sema_is_string(e)
	    || !(dt_sema_is_scalar(e) ||
	    dt_sema_is_string(e)) || !dt_sema_ptr_int_compat(pcb, dnp, e))
		dt_cerror(pcb, "D_XLATE_INCOMPAT", e->dn_pos, "translator "
		    "member %s: \"%s\" is not compatible with \"%s\"",
		    dnp->dn_str, dt_sema_type_name(e->dn_type, b1, sizeof (b1)),
		    dt_sema_type_name(mt, b2, sizeof (b2)));
	free(dnp->dn_str);
	dnp->dn_str = NULL;
	dnp->dn_kind = DN_CAST;
	dnp->dn_type = mt;
	dnp->dn_left = e;
	dnp->dn_value = 0;
	dnp->dn_aux = nelems;
	dnp->dn_strlen = 0;
	dt_sema_expr(pcb, dnp);
}

/*
 * fds[e] is xlate <fileinfo_t> (fds[e]), the translator of the D library
 * applied to the inner fds[e] (dn_aux 1): the current task's struct
 * file * for descriptor e, NULL when it is closed or out of range.
 */
bool
dt_sema_is_fds(const dt_node_t *dnp)
{
	return (dnp->dn_kind == DN_INDEX && dnp->dn_left->dn_kind == DN_VAR &&
	    strcmp(dnp->dn_left->dn_str, "fds") == 0);
}

/* fds[e] as written becomes the xlate. */
void
dt_sema_fds_xlate(dt_pcb_t *pcb, dt_node_t *dnp)
{
	bool liberr;
	dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, "fileinfo_t", &liberr);
	dt_node_t *in;

	if (liberr)
		dt_lib_error(pcb, dnp->dn_pos);
	if (idp == NULL || idp->di_kind != DT_IDENT_TYPE)
		dt_cerror(pcb, "D_TYPE_ERR", dnp->dn_pos, "fileinfo_t is not "
		    "a type here");
	in = dt_node_dup(pcb, dnp, dnp->dn_pos);
	in->dn_aux = 1;
	dnp->dn_kind = DN_XLATE;
	dnp->dn_type = idp->di_type;
	dnp->dn_left = in;
	dnp->dn_right = NULL;
}

/* The inner fds[e]: a struct file *. */
void
dt_sema_fds(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_tentry_t *te = dt_pcb_types(pcb, dnp->dn_pos);

	dt_sema_expr(pcb, dnp->dn_right);
	if (!dt_sema_is_int(dnp->dn_right))
		dt_cerror(pcb, "D_OP_INT", dnp->dn_right->dn_pos, "index must "
		    "be an integer");
	dnp->dn_builtin = dt_builtin_lookup("fds");
	dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0 };
	dnp->dn_type.ty_btf = dt_tcache_tag(te, BTF_KIND_STRUCT, "file");
	if (dnp->dn_type.ty_btf == 0)
		dt_cerror(pcb, "D_BTF", dnp->dn_pos, "kernel type data lacks "
		    "struct file");
	dt_sema_path_offsets(pcb, dnp->dn_pos);
}
