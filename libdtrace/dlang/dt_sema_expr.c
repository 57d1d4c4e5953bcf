/*
 * dt_sema_expr.c: the semantic pass for expressions and operators:
 * constant folding of integers, the unary and binary operators,
 * assignments and compound assignments, ?:, casts, sizeof and
 * string comparisons, with DTrace's error tags for each misuse.
 *
 * dt_sema_expr() checks one expression and gives every node its type; it
 * is called by every other file of the pass.  An operand that is an action
 * is refused with the tag of the operator that uses it (dt_sema_used()).
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
 * The value and type of an integer constant expression, C's rules as the
 * semantic pass types it and the code generator computes it: the one
 * folder of the compiler, for the parser (array dimensions, enumerators,
 * bit-field widths) and the semantic pass (divisors, inlines, arguments
 * that must be constant).  It takes integer constants, inlines already
 * folded to one (the D library's too), uregs[] index names (R_PC, an
 * int), casts to integer types, unary + - ~ !, and binary
 * + - * / % & | ^ << >>: a result has the type of DTrace's conversions
 * (dt_sema_common_type(); ! gives an int, a shift its left operand's
 * type), its value in 64 bits as the code generator computes it (/ and %
 * signed or not as that type is, shift counts 0 to 63).  A divisor of 0
 * is an error, D_DIV_ZERO; anything else that cannot be computed here
 * (INT64_MIN / -1, a shift out of range) or is not constant gives false,
 * and the expression stays a tree.  It does not recurse into an
 * inline's expression: one that is constant was folded when it was
 * declared (dt_sema_declare()), so that a chain of inlines each using the
 * previous one twice stays linear in its length.  The depth is the
 * parser's, already bounded.
 */
bool
dt_fold_int(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp, dt_type_t *tp)
{
	int64_t l, r;
	dt_type_t lt, rt;
	uint64_t v;

	switch (dnp->dn_kind) {
	case DN_INT:
		if (dnp->dn_type.ty_kind != DT_TK_INT)
			return (false);
		*vp = dnp->dn_value;
		*tp = dnp->dn_type;
		return (true);
	case DN_VAR: {
		bool err;
		dt_ident_t *idp;

		if (dt_builtin_lookup(dnp->dn_str) != NULL)
			return (false);
		idp = dt_lib_lookup(pcb->pcb_hdl, dnp->dn_str, &err);
		if (err)
			dt_lib_error(pcb, dnp->dn_pos);
		if ((idp == NULL || !idp->di_defined) &&
		    (*vp = dt_regs_lookup(dnp->dn_str)) >= 0) {
			/* a uregs[] index name is an int (dt_sema_var()) */
			*tp = dt_sema_t_int;
			return (true);
		}
		if (idp == NULL || idp->di_kind != DT_IDENT_INLINE ||
		    !idp->di_defined || idp->di_type.ty_kind != DT_TK_INT ||
		    idp->di_inline->dn_kind != DN_INT ||
		    idp->di_inline->dn_type.ty_kind != DT_TK_INT)
			return (false);
		/* the use converts the value to the inline's type */
		*tp = idp->di_type;
		*vp = dt_int_canonical(idp->di_inline->dn_value, *tp);
		return (true);
	}
	case DN_UNARY:
		if (!dt_fold_int(pcb, dnp->dn_left, &l, &lt))
			return (false);
		*tp = lt;
		switch (dnp->dn_op) {
		case T_PLUS: v = (uint64_t)l; break;
		case T_MINUS: v = 0 - (uint64_t)l; break;
		case T_NOT: v = ~(uint64_t)l; break;
		case T_LNOT: v = l == 0; *tp = dt_sema_t_int; break;
		default: return (false);
		}
		*vp = (int64_t)v;
		return (true);
	case DN_CAST:
		if (dnp->dn_type.ty_kind != DT_TK_INT ||
		    !dt_fold_int(pcb, dnp->dn_left, &l, &lt))
			return (false);
		*tp = dnp->dn_type;
		*vp = dt_int_canonical(l, *tp);
		return (true);
	case DN_BINARY:
		if (!dt_fold_int(pcb, dnp->dn_left, &l, &lt) ||
		    !dt_fold_int(pcb, dnp->dn_right, &r, &rt))
			return (false);
		*tp = dt_sema_common_type(lt, rt);
		switch (dnp->dn_op) {
		case T_PLUS: v = (uint64_t)l + (uint64_t)r; break;
		case T_MINUS: v = (uint64_t)l - (uint64_t)r; break;
		case T_STAR: v = (uint64_t)l * (uint64_t)r; break;
		case T_AND: v = (uint64_t)l & (uint64_t)r; break;
		case T_OR: v = (uint64_t)l | (uint64_t)r; break;
		case T_XOR: v = (uint64_t)l ^ (uint64_t)r; break;
		case T_SLASH: case T_MOD:
			if (r == 0)
				dt_cerror(pcb, "D_DIV_ZERO",
				    dnp->dn_right->dn_pos, "expression "
				    "contains %s by zero", dnp->dn_op ==
				    T_SLASH ? "division" : "modulus");
			if (!tp->ty_signed)
				v = dnp->dn_op == T_SLASH ?
				    (uint64_t)l / (uint64_t)r :
				    (uint64_t)l % (uint64_t)r;
			else if (l == INT64_MIN && r == -1)
				return (false);
			else
				v = (uint64_t)(dnp->dn_op == T_SLASH ? l / r :
				    l % r);
			break;
		case T_LSH: case T_RSH:
			/* 64-bit shifts of the left operand as it is, in
			   its type, as the code generator does */
			if (r < 0 || r > 63)
				return (false);
			*tp = lt;
			if (dnp->dn_op == T_LSH)
				v = (uint64_t)l << r;
			else if (!tp->ty_signed || l >= 0)
				v = (uint64_t)l >> r;
			else		/* arithmetic: ~(~l >> r) */
				v = ~(~(uint64_t)l >> r);
			break;
		default:
			return (false);
		}
		*vp = (int64_t)v;
		return (true);
	default:
		return (false);
	}
}

/* Is a divisor an integer constant expression of value 0 (123 / (7 - 7))? */
static bool
divisor_zero(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	dt_type_t ty;
	int64_t v;

	if (dnp->dn_kind == DN_INT)
		return (dnp->dn_value == 0);
	return (dt_fold_int(pcb, dnp, &v, &ty) && v == 0);
}

static void zero_as_empty(dt_pcb_t *, const dt_node_t *, dt_node_t *);

/*
 * In a comparison with a string, the constant NULL is NULL's string,
 * which reads as "": string values are never address 0 here (a NULL
 * string is a marked buffer, dt_strtab_null()), and DTrace's string
 * compare reads NULL as "".
 */
static void
null_as_empty(dt_pcb_t *pcb, const dt_node_t *s, dt_node_t *n)
{
	if (n->dn_kind == DN_INT && (n->dn_type.ty_kind == DT_TK_PTR ||
	    (n->dn_str != NULL && strcmp(n->dn_str, "NULL") == 0)))
		zero_as_empty(pcb, s, n);
}

/*
 * A string and an integer added (s + n, n + s) or subtracted (s - n):
 * DTrace treats the string as a char pointer there and the result is a
 * string, the one at that address.  dnp becomes stringof((char *)s +/- n),
 * read as any string at an address is (a copy, within strsize; an address
 * that cannot be read faults), so that a string value still points to
 * strsize + 1 readable bytes of its own.
 */
/* A string as the char * of its first character. */
static dt_node_t *
string_addr(dt_pcb_t *pcb, dt_node_t *str)
{
	dt_node_t *cast = dt_node_new(pcb, DN_CAST, str->dn_pos);

	cast->dn_left = str;
	cast->dn_type = (dt_type_t){ .ty_kind = DT_TK_PTR, .ty_size = 8,
	    .ty_psize = 1, .ty_psigned = 1 };
	return (cast);
}

static void
string_offset(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const dt_ident_t *idp = dt_builtin_lookup("stringof");
	bool sleft = dt_sema_is_string(dnp->dn_left);
	dt_node_t *str = sleft ? dnp->dn_left : dnp->dn_right;
	dt_node_t *cast = dt_node_new(pcb, DN_CAST, str->dn_pos);
	dt_node_t *sum = dt_node_new(pcb, DN_BINARY, dnp->dn_pos);
	dt_type_t cp = { .ty_kind = DT_TK_PTR, .ty_size = 8, .ty_psize = 1,
	    .ty_psigned = 1 };

	if (idp == NULL)
		dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
	cast->dn_left = str;
	cast->dn_type = cp;
	/* s + 1 + 2: the address moves on, the string is read once */
	if (str->dn_kind == DN_CALL && str->dn_builtin == idp &&
	    str->dn_args != NULL && str->dn_args->dn_kind == DN_BINARY &&
	    str->dn_args->dn_type.ty_kind == DT_TK_PTR &&
	    str->dn_args->dn_type.ty_psize == 1)
		cast = str->dn_args;
	sum->dn_op = dnp->dn_op;
	sum->dn_left = sleft ? cast : dnp->dn_left;
	sum->dn_right = sleft ? dnp->dn_right : cast;
	sum->dn_type = cp;
	sum->dn_aux = 1;	/* moves by chars */
	dnp->dn_kind = DN_CALL;
	dnp->dn_left = dnp->dn_right = NULL;
	if ((dnp->dn_str = strdup("stringof")) == NULL)
		dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
	dnp->dn_args = sum;
	dnp->dn_builtin = idp;
	dnp->dn_type = idp->di_type;
	dnp->dn_value = 0;
}

/* A pointer to char (of any signedness), not to a pointer. */
static bool
is_charptr(dt_type_t t)
{
	return (t.ty_kind == DT_TK_PTR && t.ty_psize == 1 && t.ty_plevel == 0);
}

/*
 * A char * beside a string (s) is promoted to a string, as DTrace's
 * guide has it for a comparison (a string compare) and for an assignment
 * to a string: n becomes stringof(n), whose code reads the string the
 * pointer points to (a char array is already a string here); a NULL
 * char * is the empty string there, as DTrace reads NULL.
 */
static void
charptr_as_string(dt_pcb_t *pcb, const dt_node_t *s, dt_node_t *n)
{
	const dt_ident_t *idp = dt_builtin_lookup("stringof");
	dt_type_t t = n->dn_type;
	dt_node_t *ptr, *all, *list;

	if (!dt_sema_is_string(s) || !is_charptr(t) || n->dn_kind == DN_INT ||
	    idp == NULL)
		return;
	/* ptr takes n's contents (its name too), n becomes the call; each
	   keeps its own place in the list of nodes to free */
	ptr = dt_node_new(pcb, n->dn_kind, n->dn_pos);
	all = ptr->dn_all;
	*ptr = *n;
	ptr->dn_all = all;
	ptr->dn_list = NULL;
	all = n->dn_all;
	list = n->dn_list;
	memset(n, 0, sizeof (*n));
	n->dn_kind = DN_CALL;
	n->dn_pos = ptr->dn_pos;
	n->dn_all = all;
	n->dn_list = list;
	if ((n->dn_str = strdup("stringof")) == NULL)
		dt_cerror(pcb, "D_NOMEM", n->dn_pos, "out of memory");
	n->dn_args = ptr;
	n->dn_builtin = idp;
	n->dn_type = idp->di_type;
	n->dn_value = 1;	/* NULL is "" (dt_cg_stringof()) */
}

/*
 * The constant 0 or NULL (n) put in a string (s) is NULL's string (a
 * DN_STRING "" with dn_value 1, dt_strtab_null()): s = 0 stores NULL,
 * which deletes a self-> or associative array element; NULL reads as ""
 * where a comparison reads it, and faults where a string is read
 * (trace(), printf(), a subroutine, s[i]), as in DTrace.
 */
static void
zero_as_empty(dt_pcb_t *pcb, const dt_node_t *s, dt_node_t *n)
{
	char *e;

	if (!dt_sema_is_string(s) || n->dn_kind != DN_INT || n->dn_value != 0 ||
	    (n->dn_type.ty_kind != DT_TK_PTR &&
	    n->dn_type.ty_kind != DT_TK_INT))
		return;
	if ((e = strdup("")) == NULL)
		dt_cerror(pcb, "D_NOMEM", n->dn_pos, "out of memory");
	free(n->dn_str);
	n->dn_str = e;
	n->dn_strlen = 0;
	n->dn_kind = DN_STRING;
	n->dn_value = 1;
	n->dn_type = s->dn_type;
	dt_sema_expr(pcb, n);
}

/*
 * Is r the constant 0 or NULL put in lv, a whole struct or union
 * variable of any class?  DTrace takes it: a self-> variable or an
 * associative array element is deleted (its space freed), a global or
 * clause-local one made of zeros; it reads as zeros after either.
 */
static bool
zero_clears(dt_pcb_t *pcb, const dt_node_t *lv, const dt_node_t *r)
{
	int64_t v;
	dt_type_t vt;

	return (lv->dn_ident != NULL && lv->dn_type.ty_kind == DT_TK_STRUCT &&
	    (r->dn_type.ty_kind == DT_TK_INT ||
	    r->dn_type.ty_kind == DT_TK_PTR) &&
	    ((r->dn_kind == DN_INT && r->dn_value == 0) ||
	    (dt_fold_int(pcb, r, &v, &vt) && v == 0)));
}

static void sema_expr_level(dt_pcb_t *, dt_node_t *);

/*
 * Check an expression, one level of nesting deeper: inlines and
 * translators expand here, so their trees can be deeper than any the
 * parser built.
 */
/*
 * An operand of ?:, the comma or an assignment: a call there says so (see
 * dt_sema_action_used()).
 */
static void
sema_operand(dt_pcb_t *pcb, dt_node_t *dnp)
{
	if (dnp->dn_kind == DN_CALL)
		pcb->pcb_actuse = DT_ACTUSE_OPERAND;
	dt_sema_expr(pcb, dnp);
	pcb->pcb_actuse = DT_ACTUSE_EXPR;
}

/* An operand checked as the operand of use would be, a call that is. */
void
dt_sema_used(dt_pcb_t *pcb, dt_node_t *dnp, int use)
{
	if (dnp->dn_kind == DN_CALL)
		pcb->pcb_actuse = use;
	dt_sema_expr(pcb, dnp);
	pcb->pcb_actuse = DT_ACTUSE_EXPR;
}

/*
 * What an action as an operand of binary operator op is refused as: the
 * type check DTrace makes of the operator's operands, which an action's
 * void fails.
 */
static int
binary_use(int op)
{
	switch (op) {
	case T_PLUS: case T_MINUS:
	case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE: case T_GE:
		return (DT_ACTUSE_INCOMPAT);
	case T_STAR: case T_SLASH:
		return (DT_ACTUSE_ARITH);
	case T_MOD: case T_AND: case T_OR: case T_XOR: case T_LSH: case T_RSH:
		return (DT_ACTUSE_INT);
	default:
		return (DT_ACTUSE_EXPR);
	}
}

/*
 * The left operand of op= reads the variable it writes: DTrace refuses a
 * variable (or associative array) that nothing declared, assigned or
 * read before (D_VAR_UNDEF), where ++ and -- would make a new int64_t.
 */
static void
compound_fresh(dt_pcb_t *pcb, const dt_node_t *lhs, const char *op)
{
	const dt_node_t *v = lhs->dn_kind == DN_INDEX ? lhs->dn_left : lhs;

	if (v->dn_kind != DN_VAR || dt_builtin_lookup(v->dn_str) != NULL ||
	    dt_ident_lookup(pcb->pcb_hdl, v->dn_str) != NULL)
		return;
	dt_cerror(pcb, "D_VAR_UNDEF", v->dn_pos, "%s has not yet been "
	    "declared or assigned (operator %s reads it)", v->dn_str, op);
}

/*
 * What an action as the right operand of op= is refused as: the check
 * DTrace makes of the operator's operands (+= and -= take a pointer of
 * known size on the left, else an integer on both sides).
 */
static int
compound_use(const dt_node_t *dnp)
{
	const dt_type_t *lt = &dnp->dn_left->dn_type;

	switch (dnp->dn_op) {
	case T_MUL_EQ: case T_DIV_EQ:
		return (DT_ACTUSE_ARITH);
	case T_ADD_EQ: case T_SUB_EQ:
		return (lt->ty_kind == DT_TK_PTR && !dt_sema_is_voidptr(*lt) ?
		    DT_ACTUSE_INCOMPAT : DT_ACTUSE_VFPTR);
	default:
		return (DT_ACTUSE_INT);
	}
}

/* An operand of ?:, an action in it refused by operand_action( ). */
static void
sema_deferred(dt_pcb_t *pcb, dt_node_t *dnp)
{
	dt_sema_used(pcb, dnp, DT_ACTUSE_DEFER);
}

/* A checked operand of ?: that is an action: D_OP_ACT (D_OP_DYN). */
static void
operand_action(dt_pcb_t *pcb, const dt_node_t *dnp)
{
	bool dynact;

	if (dnp->dn_kind != DN_CALL || dnp->dn_builtin == NULL ||
	    dnp->dn_builtin->di_type.ty_kind != DT_TK_VOID)
		return;
	dynact = (dt_fn_of(dnp->dn_builtin)->fn_flags & DT_FF_DYNACT) != 0;
	if (!(dynact && pcb->pcb_aggkey))
		dt_sema_action_used(pcb, dnp, DT_ACTUSE_OPERAND, dynact);
}

/*
 * A compound assignment's operands, as DTrace checks them: *= and /=
 * want integers (D_OP_ARITH: D has no other arithmetic type), %= &= |=
 * ^= <<= >>= integers (D_OP_INT); += and -= integers, or a pointer of
 * known size on the left (D_OP_VFPTR) moved by an integer or a pointer
 * of a compatible type (D_OP_INCOMPAT).
 */
static void
compound_operands(dt_pcb_t *pcb, dt_node_t *dnp, const char *op)
{
	const dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;

	switch (dnp->dn_op) {
	case T_ASSIGN:
		return;
	case T_MUL_EQ: case T_DIV_EQ:
		if (!dt_sema_is_int(l) || !dt_sema_is_int(r))
			dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos, "operator %s "
			    "requires operands of arithmetic type", op);
		return;
	case T_ADD_EQ: case T_SUB_EQ:
		if (dt_sema_is_string(l) || dt_sema_is_string(r))
			dt_sema_incompat(pcb, dnp, op);
		if (dt_sema_is_int(l) && dt_sema_is_int(r))
			return;
		if (l->dn_type.ty_kind != DT_TK_PTR)
			dt_cerror(pcb, "D_OP_VFPTR", dnp->dn_pos, "operator %s "
			    "requires left-hand scalar operand of known size",
			    op);
		if (dt_sema_is_voidptr(l->dn_type))
			dt_sema_void_arith(pcb, dnp, op);
		/* a pointer of the same type (or a void one) is taken, as
		   DTrace takes it */
		if (!dt_sema_is_int(r) && (r->dn_type.ty_kind != DT_TK_PTR ||
		    !dt_sema_ptrs_compat(pcb, l, r)))
			dt_sema_incompat(pcb, dnp, op);
		return;
	default:
		if (!dt_sema_is_int(l) || !dt_sema_is_int(r))
			dt_cerror(pcb, "D_OP_INT", dnp->dn_pos, "operator %s "
			    "requires operands of integral type", op);
		return;
	}
}

void
dt_sema_expr(dt_pcb_t *pcb, dt_node_t *dnp)
{
	unsigned int depth = pcb->pcb_depth;

	dt_depth_enter(pcb, dnp->dn_pos);
	sema_expr_level(pcb, dnp);
	pcb->pcb_depth = depth;
}

static void
sema_expr_level(dt_pcb_t *pcb, dt_node_t *dnp)
{
	const char *op = dt_tok_name(dnp->dn_op);

	switch (dnp->dn_kind) {
	case DN_INT:
		break;
	case DN_STRING:
		dnp->dn_stroff = dnp->dn_value == 1 ?
		    dt_strtab_null(pcb->pcb_hdl) :
		    dt_strtab_insert(pcb->pcb_hdl, dnp->dn_str, dnp->dn_strlen);
		if (dnp->dn_stroff == UINT32_MAX)
			dt_cerror(pcb, "D_NOMEM", dnp->dn_pos, "out of memory");
		break;
	case DN_VAR:
		dt_sema_var(pcb, dnp);
		break;
	case DN_CALL:
		dt_sema_call(pcb, dnp, false);
		break;
	case DN_UNARY: {
		bool argsdone = false;

		if (dnp->dn_op == T_AND && dnp->dn_left->dn_kind == DN_AGG)
			dt_cerror(pcb, "D_ADDROF_VAR", dnp->dn_pos, "cannot take "
			    "the address of aggregation %s: D variables have "
			    "no address", dnp->dn_left->dn_str);

		if (dnp->dn_op == T_STAR && dnp->dn_left->dn_kind == DN_INDEX &&
		    dnp->dn_left->dn_left->dn_kind == DN_VAR &&
		    strcmp(dnp->dn_left->dn_left->dn_str, "args") == 0) {
			/* *args[N]: a translated argument may be whole */
			dt_sema_args(pcb, dnp->dn_left, true);
			argsdone = true;
		}
		if (dnp->dn_op == T_STAR && dt_sema_xlate_ptr(pcb,
		    dnp->dn_left)) {
			/* *xlate <OUT *> (e), *curpsinfo, *args[N] of a
			   translated argument: the whole struct */
			dt_node_t *x = dnp->dn_left;

			dnp->dn_kind = DN_XLATE;
			dnp->dn_type = x->dn_type;	/* id: the pointee's */
			dnp->dn_type.ty_kind = DT_TK_STRUCT;
			dnp->dn_type.ty_size = 0;
			dnp->dn_left = x->dn_left;
			dt_sema_xlate_whole(pcb, dnp);
			break;
		}
		if (dnp->dn_op == T_AND && dnp->dn_left->dn_kind == DN_INDEX)
			pcb->pcb_addrof = dnp->dn_left;
		if (!argsdone)
			dt_sema_used(pcb, dnp->dn_left, dnp->dn_op == T_PLUS ||
			    dnp->dn_op == T_MINUS ? DT_ACTUSE_ARITH :
			    dnp->dn_op == T_NOT ? DT_ACTUSE_INT :
			    dnp->dn_op == T_LNOT ? DT_ACTUSE_SCALAR :
			    dnp->dn_op == T_STAR ? DT_ACTUSE_DEREF :
			    dnp->dn_op == T_AND ? DT_ACTUSE_ADDROF :
			    dnp->dn_op == T_SIZEOF ? DT_ACTUSE_SIZEOF :
			    DT_ACTUSE_EXPR);
		if (dnp->dn_op == T_SIZEOF) {
			dt_node_t *e = dnp->dn_left;

			if (e->dn_kind == DN_MEMBER && (e->dn_aux >> 8) != 0)
				dt_cerror(pcb, "D_SIZEOF_BITFIELD", dnp->dn_pos,
				    "cannot apply sizeof to a bit-field");
			dnp->dn_kind = DN_INT;
			dnp->dn_value = dt_sema_is_string(e)
			    && e->dn_type.ty_btf == 0 ?
			    pcb->pcb_hdl->dt_opts.op_strsize : e->dn_type.ty_size;
			if (e->dn_type.ty_btf != 0 && e->dn_type.ty_kind !=
			    DT_TK_PTR)
				dnp->dn_value = dt_btf_size(dt_pcb_types(pcb,
				    dnp->dn_pos)->te_btf, e->dn_type.ty_btf);
			if (e->dn_type.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_SIZEOF_TYPE", dnp->dn_pos,
				    "cannot apply sizeof to an expression of "
				    "void type");
			dnp->dn_type = (dt_type_t){ DT_TK_INT, 8, 0, 0 };
			dnp->dn_left = NULL;
			break;
		}
		if (dnp->dn_op == T_AND) {
			dt_sema_addrof(pcb, dnp);
			break;
		}
		if (dnp->dn_op == T_STAR) {
			dt_type_t pt = dnp->dn_left->dn_type;

			if (pt.ty_kind != DT_TK_PTR)
				dt_cerror(pcb, "D_DEREF_NONPTR", dnp->dn_pos,
				    "operator * requires an operand of pointer "
				    "type");
			if (pt.ty_plevel > 0) {
				dnp->dn_type = pt;
				dnp->dn_type.ty_plevel--;
				break;
			}
			if (pt.ty_btf != 0) {
				dt_sema_pointee(pcb, dnp, pt);
				break;
			}
			if (pt.ty_psize == 0)
				dt_cerror(pcb, "D_DEREF_VOID", dnp->dn_pos,
				    "cannot dereference a pointer to void");
			dnp->dn_type = (dt_type_t){ DT_TK_INT, pt.ty_psize,
			    pt.ty_psigned, 0, 0, 0 };
			break;
		}
		if (dnp->dn_op == T_LNOT) {
			if (!dt_sema_is_scalar(dnp->dn_left))
				dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
				    "operator ! requires an operand of scalar "
				    "type");
			dnp->dn_type = dt_sema_t_int;
			break;
		}
		/* D's arithmetic types are its integers (no floating
		   point arithmetic): - and + want one, ~ an integer */
		if (!dt_sema_is_int(dnp->dn_left) && dnp->dn_op != T_NOT)
			dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos,
			    "operator %s requires an operand of arithmetic "
			    "type", op);
		if (!dt_sema_is_int(dnp->dn_left))
			dt_cerror(pcb, "D_OP_INT", dnp->dn_pos,
			    "operator %s requires an operand of integral type",
			    op);
		dnp->dn_type = dnp->dn_left->dn_type;
		/* -10 is a constant where one is needed (lquantize) */
		if (dnp->dn_left->dn_kind == DN_INT && dnp->dn_type.ty_signed &&
		    (dnp->dn_op == T_PLUS || (dnp->dn_op == T_MINUS &&
		    dnp->dn_left->dn_value != INT64_MIN))) {
			dnp->dn_kind = DN_INT;
			dnp->dn_value = dnp->dn_op == T_MINUS ?
			    -dnp->dn_left->dn_value : dnp->dn_left->dn_value;
			dnp->dn_left = NULL;
		}
		break;
	}
	case DN_BINARY: {
		dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;
		int use = binary_use(dnp->dn_op);

		dt_sema_used(pcb, l, use);
		dt_sema_used(pcb, r, use);
		if ((dnp->dn_op == T_SLASH || dnp->dn_op == T_MOD) &&
		    divisor_zero(pcb, r))
			dt_cerror(pcb, "D_DIV_ZERO", r->dn_pos, "expression "
			    "contains %s by zero", dnp->dn_op == T_SLASH ?
			    "division" : "modulus");
		switch (dnp->dn_op) {
		case T_EQ: case T_NE: case T_LT: case T_GT: case T_LE:
		case T_GE:
			/* NULL beside a string is "" (strtok's end) */
			null_as_empty(pcb, l, r);
			null_as_empty(pcb, r, l);
			charptr_as_string(pcb, l, r);
			charptr_as_string(pcb, r, l);
			if (dt_sema_is_string(r))
				dt_sema_char_array_string(pcb, l);
			if (dt_sema_is_string(l))
				dt_sema_char_array_string(pcb, r);
			if (dt_sema_is_string(l) && dt_sema_is_string(r)) {
				dnp->dn_type = dt_sema_t_int;
				break;
			}
			if (r->dn_type.ty_kind == DT_TK_PTR)
				dt_sema_array_decay(pcb, l);
			if (l->dn_type.ty_kind == DT_TK_PTR)
				dt_sema_array_decay(pcb, r);
			if (!dt_sema_is_scalar(l) || !dt_sema_is_scalar(r))
				dt_sema_incompat(pcb, dnp, op);
			/* a pointer compares with a pointer, or with the
			   integer constant 0 (NULL), as DTrace has it */
			if (!dt_sema_ptr_cmp_compat(pcb, l, r) ||
			    !dt_sema_ptr_cmp_compat(pcb, r, l) ||
			    !dt_sema_ptrs_compat(pcb, l, r))
				dt_sema_incompat(pcb, dnp, op);
			dnp->dn_type = dt_sema_t_int;
			break;
		case T_PLUS: case T_MINUS:
			if ((dt_sema_is_string(l) && dt_sema_is_int(r)) ||
			    (dnp->dn_op == T_PLUS && dt_sema_is_int(l) &&
			    dt_sema_is_string(r))) {
				string_offset(pcb, dnp);
				break;
			}
			/* string - string: DTrace's ptrdiff_t, the distance
			   between the two strings' addresses (as char *) */
			if (dnp->dn_op == T_MINUS && dt_sema_is_string(l) &&
			    dt_sema_is_string(r)) {
				l = dnp->dn_left = string_addr(pcb, l);
				r = dnp->dn_right = string_addr(pcb, r);
			}
			dt_sema_array_decay(pcb, l);	/* a + 1: &a[1] */
			dt_sema_array_decay(pcb, r);
			if (!dt_sema_is_scalar(l) || !dt_sema_is_scalar(r) ||
			    (l->dn_type.ty_kind == DT_TK_PTR &&
			    r->dn_type.ty_kind == DT_TK_PTR &&
			    (dnp->dn_op == T_PLUS || !dt_sema_ptrs_compat(pcb,
			    l, r))))
				dt_sema_incompat(pcb, dnp, op);
			dnp->dn_type = dt_sema_common_type(l->dn_type,
			    r->dn_type);
			if (l->dn_type.ty_kind == DT_TK_PTR)
				dnp->dn_aux = dt_sema_ptr_elem(pcb, dnp,
				    l->dn_type, op);
			else if (r->dn_type.ty_kind == DT_TK_PTR)
				dnp->dn_aux = dt_sema_ptr_elem(pcb, dnp,
				    r->dn_type, op);
			if (l->dn_type.ty_kind == DT_TK_PTR &&
			    r->dn_type.ty_kind == DT_TK_PTR)
				dnp->dn_type = dt_sema_t_long;
			break;
		case T_LSH: case T_RSH:
			if (!dt_sema_is_int(l) || !dt_sema_is_int(r))
				dt_cerror(pcb, "D_OP_INT", dnp->dn_pos,
				    "operator %s requires operands of integral "
				    "type", op);
			dnp->dn_type = l->dn_type;
			break;
		case T_STAR: case T_SLASH:
			if (!dt_sema_is_int(l) || !dt_sema_is_int(r))
				dt_cerror(pcb, "D_OP_ARITH", dnp->dn_pos,
				    "operator %s requires operands of arithmetic "
				    "type", op);
			dnp->dn_type = dt_sema_common_type(l->dn_type,
			    r->dn_type);
			break;
		default:
			if (!dt_sema_is_int(l) || !dt_sema_is_int(r))
				dt_cerror(pcb, "D_OP_INT", dnp->dn_pos,
				    "operator %s requires operands of integral "
				    "type", op);
			dnp->dn_type = dt_sema_common_type(l->dn_type,
			    r->dn_type);
		}
		break;
	}
	case DN_LOGICAL:
		dt_sema_used(pcb, dnp->dn_left, DT_ACTUSE_SCALAR);
		dt_sema_used(pcb, dnp->dn_right, DT_ACTUSE_SCALAR);
		if (!dt_sema_is_scalar(dnp->dn_left)
		    || !dt_sema_is_scalar(dnp->dn_right))
			dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
			    "operator %s requires operands of scalar type", op);
		dnp->dn_type = dt_sema_t_int;
		break;
	case DN_TERNARY:
		/* both operands are checked (their arguments' counts) before
		   either is refused for being an action */
		dt_sema_used(pcb, dnp->dn_cond, DT_ACTUSE_SCALAR);
		sema_deferred(pcb, dnp->dn_left);
		sema_deferred(pcb, dnp->dn_right);
		operand_action(pcb, dnp->dn_left);
		operand_action(pcb, dnp->dn_right);
		if (!dt_sema_is_scalar(dnp->dn_cond))
			dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_cond->dn_pos,
			    "operator ?: requires a scalar first operand");
		if (dt_sema_is_string(dnp->dn_left)
		    && dt_sema_is_string(dnp->dn_right)) {
			dnp->dn_type = dnp->dn_left->dn_type;
		} else if (dt_sema_is_scalar(dnp->dn_left) &&
		    dt_sema_is_scalar(dnp->dn_right) &&
		    dt_sema_ptr_cmp_compat(pcb, dnp->dn_left, dnp->dn_right) &&
		    dt_sema_ptr_cmp_compat(pcb, dnp->dn_right, dnp->dn_left) &&
		    dt_sema_ptrs_compat(pcb, dnp->dn_left, dnp->dn_right)) {
			/* integers, or pointers of one type (or NULL) */
			dnp->dn_type = dt_sema_common_type(
			    dnp->dn_left->dn_type, dnp->dn_right->dn_type);
		} else {
			dt_cerror(pcb, "D_OP_INCOMPAT", dnp->dn_pos,
			    "operator ?: operands must have compatible types");
		}
		break;
	case DN_ASSIGN: {
		dt_node_t *r = dnp->dn_right;
		dt_type_t ty;
		bool fresh;

		fresh = dnp->dn_left->dn_kind == DN_VAR &&
		    dt_ident_lookup(pcb->pcb_hdl, dnp->dn_left->dn_str) == NULL;
		if (dnp->dn_op != T_ASSIGN) {
			/* op=: the left operand first, then the right as
			   the operator checks it, as DTrace cooks them */
			compound_fresh(pcb, dnp->dn_left, op);
			dt_sema_lvalue(pcb, dnp->dn_left, op, dt_sema_t_long);
			dt_sema_used(pcb, r, compound_use(dnp));
			compound_operands(pcb, dnp, op);
		} else {
			sema_operand(pcb, r);
		}
		if ((dnp->dn_op == T_DIV_EQ || dnp->dn_op == T_MOD_EQ) &&
		    divisor_zero(pcb, r))
			dt_cerror(pcb, "D_DIV_ZERO", r->dn_pos, "expression "
			    "contains %s by zero", dnp->dn_op == T_DIV_EQ ?
			    "division" : "modulus");
		/* a variable created here takes the value's type */
		ty = dnp->dn_op == T_ASSIGN ? r->dn_type : dt_sema_t_long;
		if (dnp->dn_op == T_ASSIGN)
			dt_sema_lvalue(pcb, dnp->dn_left, op, ty);
		if (dnp->dn_left->dn_type.ty_kind == DT_TK_ARRAY && !fresh &&
		    (dnp->dn_left->dn_kind == DN_VAR ||
		    dnp->dn_left->dn_kind == DN_MEMBER))
			dt_cerror(pcb, "D_OP_ARRFUN", dnp->dn_pos, "operator %s "
			    "may not be applied to an array: arrays are not "
			    "assigned whole", op);
		if (dnp->dn_op == T_ASSIGN &&
		    dnp->dn_left->dn_type.ty_kind == DT_TK_PTR)
			dt_sema_array_decay(pcb, r);	/* p = a: &a[0] */
		if (dnp->dn_op == T_ASSIGN) {
			zero_as_empty(pcb, dnp->dn_left, r);
			charptr_as_string(pcb, dnp->dn_left, r);
		}
		if (dnp->dn_op == T_ASSIGN && zero_clears(pcb, dnp->dn_left,
		    r)) {
			/* the code generator deletes or zeroes it */
		} else if (dt_type_isbytes(dnp->dn_left->dn_type) ||
		    dt_type_isbytes(r->dn_type)) {
			/* a struct or array variable: a whole value of its
			   type */
			if (dnp->dn_op != T_ASSIGN ||
			    !dt_type_same(dnp->dn_left->dn_type, r->dn_type))
				dt_sema_incompat(pcb, dnp, op);
			if (dnp->dn_left->dn_ident == NULL)
				/* a member's: the bytes the code generator
				   copies */
				dnp->dn_aux = (uint64_t)dt_btf_size(
				    dt_pcb_types(pcb, dnp->dn_pos)->te_btf,
				    dnp->dn_left->dn_type.ty_btf);
		} else if (dnp->dn_op == T_ASSIGN && dt_sema_is_string(r) &&
		    is_charptr(dnp->dn_left->dn_type)) {
			/* a char * takes a string's address, as in DTrace */
		} else if (dt_sema_is_string(dnp->dn_left) !=
		    dt_sema_is_string(r) ||
		    (dt_sema_is_string(r) && dnp->dn_op != T_ASSIGN) ||
		    (!dt_sema_is_string(r) && !dt_sema_is_scalar(r)) ||
		    (dnp->dn_op == T_ASSIGN &&
		    (!dt_sema_ptr_int_compat(pcb, dnp->dn_left, r) ||
		    !dt_sema_ptrs_compat(pcb, dnp->dn_left, r))))
			dt_sema_incompat(pcb, dnp, op);
		if (dnp->dn_left->dn_type.ty_kind == DT_TK_STRING &&
		    dnp->dn_left->dn_type.ty_btf != 0)
			/* a string member of a D variable: its char array's
			   size bounds the copy, NUL included */
			dnp->dn_aux = (uint64_t)dt_btf_size(
			    dt_pcb_types(pcb, dnp->dn_pos)->te_btf,
			    dnp->dn_left->dn_type.ty_btf);
		compound_operands(pcb, dnp, op);
		dnp->dn_type = dnp->dn_left->dn_type;
		if (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    (dnp->dn_op == T_ADD_EQ || dnp->dn_op == T_SUB_EQ))
			dnp->dn_aux = dt_sema_ptr_elem(pcb, dnp, dnp->dn_type,
			    op);
		break;
	}
	case DN_INCDEC:
		if (dnp->dn_left->dn_kind == DN_CALL) {
			/* a call's value: a scalar (an action's void is
			   not), then no lvalue, in DTrace's order */
			dt_sema_used(pcb, dnp->dn_left, DT_ACTUSE_SCALAR);
			if (!dt_sema_is_scalar(dnp->dn_left))
				dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
				    "operator %s requires an operand of "
				    "scalar type", op);
			dt_cerror(pcb, "D_OP_LVAL", dnp->dn_pos, "operator %s "
			    "requires modifiable lvalue as an operand", op);
		}
		dt_sema_lvalue(pcb, dnp->dn_left, op, dt_sema_t_long);
		if (!dt_sema_is_scalar(dnp->dn_left))
			dt_cerror(pcb, "D_OP_SCALAR", dnp->dn_pos,
			    "operator %s requires an operand of scalar type",
			    op);
		dnp->dn_type = dnp->dn_left->dn_type;
		if (dnp->dn_type.ty_kind == DT_TK_PTR)
			dnp->dn_aux = dt_sema_ptr_elem(pcb, dnp, dnp->dn_type,
			    op);
		break;
	case DN_CAST: {
		bool typed = false;	/* dn_left has been through sema */

		/* args[N] may be translated (proc:::create's psinfo_t *) */
		if (dnp->dn_left->dn_kind == DN_INDEX &&
		    dnp->dn_left->dn_left->dn_kind == DN_VAR &&
		    strcmp(dnp->dn_left->dn_left->dn_str, "args") == 0) {
			dt_sema_args(pcb, dnp->dn_left, true);
			typed = dnp->dn_left->dn_kind != DN_XLATE;
		}
		/* a translated struct's pointer has no address to cast */
		if (dt_sema_is_xlate_ptr(pcb, dnp->dn_left))
			dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos, "invalid "
			    "cast expression: a pointer to a translated struct "
			    "cannot be cast");
		if (!typed)
			dt_sema_used(pcb, dnp->dn_left, dnp->dn_type.ty_kind ==
			    DT_TK_VOID ? DT_ACTUSE_EXPR : DT_ACTUSE_CAST);
		if (dnp->dn_type.ty_kind == DT_TK_VOID)
			break;
		if (dnp->dn_type.ty_kind == DT_TK_STRING &&
		    dnp->dn_type.ty_btf == 0
		    && dt_sema_is_scalar(dnp->dn_left)) {
			/* (string) e of an integer or a pointer means
			   stringof(e), as DTrace documents */
			const dt_ident_t *so = dt_builtin_lookup("stringof");

			if ((dnp->dn_str = strdup("stringof")) == NULL)
				dt_cerror(pcb, "D_NOMEM", dnp->dn_pos,
				    "out of memory");
			dnp->dn_kind = DN_CALL;
			dnp->dn_args = dnp->dn_left;
			dnp->dn_left = NULL;
			dnp->dn_builtin = so;
			dnp->dn_type = so->di_type;
			break;
		}
		if (dt_sema_cast_identity(pcb, dnp->dn_type,
		    dnp->dn_left->dn_type,
		    dnp->dn_pos)) {
			/* (struct s)v of a struct s: v itself */
			dt_sema_replace_node(dnp, dnp->dn_left);
			break;
		}
		if (dnp->dn_type.ty_kind == DT_TK_PTR ||
		    dnp->dn_type.ty_kind == DT_TK_INT)
			dt_sema_array_decay(pcb, dnp->dn_left);	/* (int *)a */
		if (dnp->dn_type.ty_kind == DT_TK_STRUCT ||
		    dnp->dn_type.ty_kind == DT_TK_ARRAY ||
		    dnp->dn_type.ty_kind == DT_TK_FLOAT ||
		    (dnp->dn_type.ty_kind == DT_TK_STRING &&
		    dnp->dn_type.ty_btf != 0)) {
			char b1[256];

			dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos,
			    "invalid cast expression: cannot cast to \"%s\"",
			    dt_sema_tname(pcb, dnp->dn_type, b1, sizeof (b1)));
		}
		if (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    dnp->dn_left->dn_type.ty_kind == DT_TK_ARRAY)
			break;	/* an array is its address, as in C */
		/* (char *)curlwpsinfo->pr_name: the address of the
		   characters, as of the char array DTrace has there */
		if (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    dt_sema_is_xlate_chars(dnp->dn_left))
			break;
		if (dt_sema_is_string(dnp->dn_left) != (dnp->dn_type.ty_kind ==
		    DT_TK_STRING) || !(dt_sema_is_scalar(dnp->dn_left) ||
		    dt_sema_is_string(dnp->dn_left))) {
			char b1[256], b2[256];

			dt_cerror(pcb, "D_CAST_INVAL", dnp->dn_pos,
			    "invalid cast expression: \"%s\" to \"%s\"",
			    dt_sema_tname(pcb, dnp->dn_left->dn_type, b1,
			    sizeof (b1)),
			    dt_sema_tname(pcb, dnp->dn_type, b2, sizeof (b2)));
		}
		break;
	}
	case DN_COMMA:
		sema_operand(pcb, dnp->dn_left);
		sema_operand(pcb, dnp->dn_right);
		dnp->dn_type = dnp->dn_right->dn_type;
		break;
	case DN_MEMBER:
		dt_sema_member(pcb, dnp);
		break;
	case DN_AGG: {
		dt_sema_agg_mdim(pcb, dnp);
		/*
		 * An aggregation has no value a D expression can read: one
		 * never defined is unknown, as a variable would be; a key
		 * must be a value (D_KEY_TYPE).
		 */
		const dt_ident_t *idp = dt_ident_lookup(pcb->pcb_hdl,
		    dnp->dn_str);

		if (idp == NULL || idp->di_kind != DT_IDENT_AGG)
			dt_cerror(pcb, "D_IDENT_UNDEF", dnp->dn_pos, "failed "
			    "to resolve %s: Unknown variable name",
			    dnp->dn_str);
		if (pcb->pcb_actuse == DT_ACTUSE_KEY)
			dt_cerror(pcb, "D_KEY_TYPE", dnp->dn_pos, "aggregation "
			    "%s cannot be a key: a key is a value, and an "
			    "aggregation has none in a D expression",
			    dnp->dn_str);
		dt_cerror(pcb, "D_AGG_SCALAR", dnp->dn_pos, "aggregation %s "
		    "cannot be used in an expression", dnp->dn_str);
	}
	case DN_INDEX:
		dt_sema_index(pcb, dnp);
		break;
	case DN_XLATE:
		if (dnp->dn_type.ty_kind != DT_TK_STRUCT)
			dt_cerror(pcb, "D_UNSUPPORTED", dnp->dn_pos, "a "
			    "pointer to a translated struct can only be the "
			    "operand of -> or * yet");
		dt_sema_xlate_whole(pcb, dnp);
		break;
	default:
		dt_cerror(pcb, "D_SYNTAX", dnp->dn_pos, "unexpected node");
	}
}
