/*
 * dt_parse_expr.c: the parser's expressions: primary expressions
 * (constants, strings, names, macros, offsetof, `symbol), postfix
 * operators (calls, [ ], ., ->, ++, --), unary operators and casts, the
 * binary operators by precedence, ?: and the assignments.
 *
 * Expressions follow C precedence, with DTrace's '^^' (logical xor) between
 * '||' and '&&'.  Inside a predicate a '/' followed by '{', ';', a probe
 * description or the end of input closes the predicate.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_parse_impl.h"

static dt_node_t *parse_unary(dt_pcb_t *);
static dt_node_t *parse_binary(dt_pcb_t *, int);
static dt_node_t *parse_postfix(dt_pcb_t *);

dt_node_t *
dt_parse_int_node(dt_pcb_t *pcb, dt_srcpos_t pos, uint64_t v, int isunsigned,
    int nlong, int decimal)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_INT, pos);

	dnp->dn_value = (int64_t)v;
	dnp->dn_type.ty_kind = DT_TK_INT;
	/* C's rules for the type of an integer constant. */
	if (nlong == 0 && !isunsigned && v <= INT32_MAX) {
		dnp->dn_type.ty_size = 4;
		dnp->dn_type.ty_signed = 1;
	} else if (nlong == 0 && (isunsigned || !decimal) && v <= UINT32_MAX) {
		dnp->dn_type.ty_size = 4;
	} else if (!isunsigned && v <= INT64_MAX) {
		dnp->dn_type.ty_size = 8;
		dnp->dn_type.ty_signed = 1;
	} else {
		dnp->dn_type.ty_size = 8;
	}
	return (dnp);
}

static dt_node_t *parse_primary(dt_pcb_t *);

/*
 * A string node of a macro argument's text v (n bytes): its escapes are
 * decoded as in a string literal, as DTrace decodes them.
 */
static dt_node_t *
macro_str_node(dt_pcb_t *pcb, dt_srcpos_t pos, const char *v, size_t n)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_STRING, pos);

	if ((dnp->dn_str = strndup(v, n)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dnp->dn_strlen = dt_lex_unescape(dnp->dn_str);
	dnp->dn_type.ty_kind = DT_TK_STRING;
	return (dnp);
}

/* Is s an identifier of D's form (a letter or _, then letters, digits, _)? */
static bool
is_ident_text(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return (false);
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return (*s == '\0');
}

/*
 * Where a name must follow (x->$1): a macro argument whose text is an
 * identifier becomes that identifier.
 */
static void
macro_ident(dt_pcb_t *pcb)
{
	dt_token_t *t = dt_parse_tok(pcb);
	char buf[32];
	const char *val;
	char *name;

	if (t->tk_kind != T_MACRO || strncmp(t->tk_str, "$$", 2) == 0 ||
	    !isdigit((unsigned char)t->tk_str[1]) ||
	    (val = dt_parse_macro_value(pcb, t->tk_str, false, t->tk_pos, buf,
	    sizeof (buf))) == NULL || !is_ident_text(val))
		return;
	if ((name = strdup(val)) == NULL)
		dt_cerror(pcb, "D_NOMEM", t->tk_pos, "out of memory");
	free(t->tk_str);
	t->tk_str = name;
	t->tk_kind = T_IDENT;
}

/*
 * A macro variable or argument.  $$N is a string; $N is what its text
 * is, as the guide says macro arguments expand "to integers,
 * identifiers, or strings, depending on the form of the corresponding
 * text": an integer constant, an identifier (the name, read as if
 * written there: x->$1, a variable), a string in double quotes (its
 * text), and any other text a string as it is.
 */
static dt_node_t *
parse_macro(dt_pcb_t *pcb)
{
	dt_token_t *t = dt_parse_tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	char buf[32], *end;
	const char *val;
	bool str = strncmp(t->tk_str, "$$", 2) == 0;
	dt_node_t *dnp;
	size_t n;

	if ((val = dt_parse_macro_value(pcb, t->tk_str + (str ? 1 : 0), str,
	    pos,
	    buf, sizeof (buf))) == NULL)
		dt_cerror(pcb, "D_MACRO_UNDEF", pos,
		    "macro argument %s is not defined", t->tk_str);
	n = strlen(val);
	if (str) {
		dnp = macro_str_node(pcb, pos, val, n);
	} else if (*val == '-' && (strtoll(val, &end, 0), end != val + 1) &&
	    *end == '\0') {
		/* a negative number: int if it fits, else long */
		long long sv = strtoll(val, NULL, 0);

		dnp = dt_parse_int_node(pcb, pos, 0, 0, sv < INT32_MIN, 1);
		dnp->dn_value = sv;
	} else if (isdigit((unsigned char)*val) &&
	    (strtoull(val, &end, 0), *end == '\0')) {
		dnp = dt_parse_int_node(pcb, pos, strtoull(val, NULL, 0), 0, 0,
		    1);
	} else if (is_ident_text(val)) {
		char *name = strdup(val);

		if (name == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		free(t->tk_str);
		t->tk_str = name;
		t->tk_kind = T_IDENT;
		return (parse_primary(pcb));
	} else if (n >= 2 && val[0] == '"' && val[n - 1] == '"') {
		dnp = macro_str_node(pcb, pos, val + 1, n - 2);
	} else {
		dnp = macro_str_node(pcb, pos, val, n);
	}
	dt_parse_next(pcb);
	return (dnp);
}

/* offsetof(type, member): a constant of type size_t. */
static dt_node_t *
parse_offsetof(dt_pcb_t *pcb)
{
	dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
	uint32_t mtype, off, bit, bitsize;
	dt_tentry_t *te;
	dt_type_t ty;
	dt_node_t *dnp;

	dt_parse_next(pcb);
	dt_parse_next(pcb);
	/* DTrace's grammar takes a type name here, nothing else */
	if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
		dt_parse_syntax_error(pcb);
	pcb->pcb_offsetof = true;
	ty = dt_parse_typename(pcb, NULL);
	pcb->pcb_offsetof = false;
	dt_parse_expect(pcb, T_COMMA);
	if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
		dt_parse_syntax_error(pcb);
	if (ty.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_OFFSETOF_TYPE", pos, "offsetof operand must "
		    "be a struct or union type");
	te = dt_pcb_types(pcb, pos);
	if (dt_btf_member(te->te_btf, ty.ty_btf, dt_parse_tok(pcb)->tk_str,
	    &mtype,
	    &off, &bit, &bitsize) != 0)
		dt_cerror(pcb, "D_UNKNOWN", dt_parse_tok(pcb)->tk_pos,
		    "failed to "
		    "determine offset of %s: Invalid member name",
		    dt_parse_tok(pcb)->tk_str);
	if (bitsize != 0)
		dt_cerror(pcb, "D_OFFSETOF_BITFIELD", dt_parse_tok(pcb)->tk_pos,
		    "offsetof( ) cannot be applied to a bit-field");
	dt_parse_next(pcb);
	dt_parse_expect(pcb, T_RPAR);
	dnp = dt_parse_int_node(pcb, pos, off, 1, 1, 1);
	return (dnp);
}

/*
 * &`name of a kernel function: its address, a void * constant (what
 * kallsyms says; "printf("%a", &`vfs_read)" shows vmlinux`vfs_read).  NULL
 * if kallsyms has no such function: `name is then refused as a variable.
 * The backquote is the current token, the name the next.
 */
static dt_node_t *
ksym_addr(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	const dt_ksyms_t *ks = dt_session_ksyms(pcb->pcb_hdl);
	uint64_t addr;
	dt_node_t *dnp;

	if (ks == NULL || (addr = dt_ksyms_addr(ks,
	    dt_parse_peek(pcb)->tk_str)) == 0)
		return (NULL);
	dt_parse_next(pcb);
	dt_parse_next(pcb);
	dnp = dt_node_new(pcb, DN_CAST, pos);
	dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0, 0 };
	dnp->dn_left = dt_parse_int_node(pcb, pos, addr, 1, 1, 0);
	return (dnp);
}

static dt_node_t *
parse_primary(dt_pcb_t *pcb)
{
	dt_token_t *t = dt_parse_tok(pcb);
	dt_node_t *dnp;

	switch (t->tk_kind) {
	case T_INT: {
		bool decimal = !(t->tk_start[0] == '0' && t->tk_len > 1);

		dnp = dt_parse_int_node(pcb, t->tk_pos, t->tk_int, t->tk_intu,
		    t->tk_intl, decimal);
		/* a character constant that fits one is an int, as in C
		   ('\377' is -1, not an unsigned long long) */
		if (t->tk_start[0] == '\'' && (int64_t)t->tk_int >= INT32_MIN &&
		    (int64_t)t->tk_int <= INT32_MAX)
			dnp->dn_type.ty_size = 4, dnp->dn_type.ty_signed = 1;
		dt_parse_next(pcb);
		return (dnp);
	}
	case T_STRING:
		dnp = dt_node_new(pcb, DN_STRING, t->tk_pos);
		dnp->dn_str = t->tk_str;
		dnp->dn_strlen = t->tk_strlen;
		dnp->dn_type.ty_kind = DT_TK_STRING;
		t->tk_str = NULL;
		dt_parse_next(pcb);
		return (dnp);
	case T_MACRO:
		return (parse_macro(pcb));
	case T_AGG:
		/* @name or @name[keys] */
		dnp = dt_node_new(pcb, DN_AGG, t->tk_pos);
		dnp->dn_str = t->tk_str;
		t->tk_str = NULL;
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_LBRACK) {
			bool inpred = pcb->pcb_inpred;

			dt_parse_next(pcb);
			pcb->pcb_inpred = false;
			dnp->dn_right = dt_parse_expr(pcb);
			pcb->pcb_inpred = inpred;
			dt_parse_expect(pcb, T_RBRACK);
			/*
			 * @a[1][2]: kept for dt_sema to refuse (D_AGG_MDIM),
			 * so that the errors of parsing come first, as in
			 * DTrace, which refuses it when it checks types.
			 */
			while (dt_parse_tok(pcb)->tk_kind == T_LBRACK) {
				dt_node_t *ix;

				dt_parse_next(pcb);
				pcb->pcb_inpred = false;
				ix = dt_parse_expr(pcb);
				pcb->pcb_inpred = inpred;
				dt_parse_expect(pcb, T_RBRACK);
				if (dnp->dn_left == NULL)
					dnp->dn_left = ix;
			}
		}
		return (dnp);
	case T_BACKQUOTE:
		dt_parse_next(pcb);
		dt_cerror(pcb, "D_IDENT_UNDEF", t->tk_pos, "failed to resolve "
		    "`%s: kernel variables cannot be read on this kernel (its "
		    "BTF has no variables and /proc/kallsyms lists no data "
		    "symbols)", dt_parse_tok(pcb)->tk_kind == T_IDENT ?
		    dt_parse_tok(pcb)->tk_str : "");
	case T_IDENT:
		if (strcmp(t->tk_str, "offsetof") == 0 &&
		    dt_parse_peek(pcb)->tk_kind == T_LPAR)
			return (parse_offsetof(pcb));
		if (strcmp(t->tk_str, "xlate") == 0 &&
		    dt_parse_peek(pcb)->tk_kind == T_LT) {
			/* xlate < type > ( expr ) */
			dnp = dt_node_new(pcb, DN_XLATE, t->tk_pos);
			dt_parse_next(pcb);
			dt_parse_next(pcb);
			if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
				dt_parse_syntax_error(pcb);
			dnp->dn_type = dt_parse_typename(pcb, NULL);
			dt_parse_expect(pcb, T_GT);
			dt_parse_expect(pcb, T_LPAR);
			dnp->dn_left = dt_parse_expr(pcb);
			dt_parse_expect(pcb, T_RPAR);
			return (dnp);
		}
		if (dt_parse_peek(pcb)->tk_kind == T_LPAR) {
			dnp = dt_node_new(pcb, DN_CALL, t->tk_pos);
			dnp->dn_str = t->tk_str;
			t->tk_str = NULL;
			dt_parse_next(pcb);
			dt_parse_next(pcb);
			if (dt_parse_tok(pcb)->tk_kind != T_RPAR) {
				dt_node_t **tail = &dnp->dn_args;

				for (;;) {
					*tail = dt_parse_assign(pcb);
					tail = &(*tail)->dn_list;
					if (dt_parse_tok(pcb)->tk_kind !=
					    T_COMMA)
						break;
					dt_parse_next(pcb);
				}
			}
			dt_parse_expect(pcb, T_RPAR);
			return (dnp);
		}
		dnp = dt_node_new(pcb, DN_VAR, t->tk_pos);
		dnp->dn_str = t->tk_str;
		t->tk_str = NULL;
		dt_parse_next(pcb);
		return (dnp);
	case T_LPAR:
		dt_parse_next(pcb);
		{
			bool inpred = pcb->pcb_inpred;

			pcb->pcb_inpred = false;
			dnp = dt_parse_expr(pcb);
			pcb->pcb_inpred = inpred;
		}
		dt_parse_expect(pcb, T_RPAR);
		return (dnp);
	default:
		dt_parse_syntax_error(pcb);
	}
}

static dt_node_t *
parse_postfix(dt_pcb_t *pcb)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *dnp = parse_primary(pcb);

	for (;;) {
		dt_token_t *t = dt_parse_tok(pcb);

		dt_depth_enter(pcb, t->tk_pos);	/* each suffix: a level */
		if (t->tk_kind == T_INC || t->tk_kind == T_DEC) {
			dt_node_t *n = dt_node_new(pcb, DN_INCDEC, t->tk_pos);

			n->dn_op = t->tk_kind;
			n->dn_post = true;
			n->dn_left = dnp;
			dnp = n;
			dt_parse_next(pcb);
		} else if (t->tk_kind == T_ARROW && dnp->dn_kind == DN_VAR &&
		    (strcmp(dnp->dn_str, "self") == 0 ||
		    strcmp(dnp->dn_str, "this") == 0)) {
			/* self->x and this->x: variables named so */
			char *name;

			dt_parse_next(pcb);
			macro_ident(pcb);
			if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
				dt_parse_syntax_error(pcb);
			if (asprintf(&name, "%s->%s", dnp->dn_str,
			    dt_parse_tok(pcb)->tk_str) < 0)
				dt_cerror(pcb, "D_NOMEM", t->tk_pos,
				    "out of memory");
			free(dnp->dn_str);
			dnp->dn_str = name;
			dt_parse_next(pcb);
		} else if (t->tk_kind == T_DOT || t->tk_kind == T_ARROW) {
			dt_node_t *n = dt_node_new(pcb, DN_MEMBER, t->tk_pos);

			n->dn_op = t->tk_kind;
			n->dn_left = dnp;
			dt_parse_next(pcb);
			macro_ident(pcb);
			if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
				dt_parse_syntax_error(pcb);
			n->dn_str = dt_parse_tok(pcb)->tk_str;
			dt_parse_tok(pcb)->tk_str = NULL;
			dt_parse_next(pcb);
			dnp = n;
		} else if (t->tk_kind == T_LBRACK) {
			dt_node_t *n = dt_node_new(pcb, DN_INDEX, t->tk_pos);
			bool inpred = pcb->pcb_inpred;

			n->dn_left = dnp;
			dt_parse_next(pcb);
			pcb->pcb_inpred = false;
			n->dn_right = dt_parse_expr(pcb);
			pcb->pcb_inpred = inpred;
			dt_parse_expect(pcb, T_RBRACK);
			dnp = n;
		} else if (t->tk_kind == T_LPAR) {
			/* a call: only of a function named (f(x)) */
			dt_cerror(pcb, "D_FUNC_IDENT", t->tk_pos, "function "
			    "designator is not of function type: D calls "
			    "functions by their names");
		} else {
			pcb->pcb_depth = depth;
			return (dnp);
		}
	}
}

static dt_node_t *
parse_unary_level(dt_pcb_t *pcb)
{
	dt_token_t *t = dt_parse_tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	dt_node_t *dnp;

	switch (t->tk_kind) {
	case T_INC:
	case T_DEC:
		dnp = dt_node_new(pcb, DN_INCDEC, pos);
		dnp->dn_op = t->tk_kind;
		dt_parse_next(pcb);
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_MINUS:
	case T_PLUS:
	case T_NOT:
	case T_LNOT:
		dnp = dt_node_new(pcb, DN_UNARY, pos);
		dnp->dn_op = t->tk_kind;
		dt_parse_next(pcb);
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_STAR:
		dnp = dt_node_new(pcb, DN_UNARY, pos);
		dnp->dn_op = T_STAR;
		dt_parse_next(pcb);
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_AND:		/* address of */
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_BACKQUOTE &&
		    dt_parse_peek(pcb)->tk_kind == T_IDENT &&
		    (dnp = ksym_addr(pcb, pos)) != NULL)
			return (dnp);
		dnp = dt_node_new(pcb, DN_UNARY, pos);
		dnp->dn_op = T_AND;
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_SIZEOF:
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_LPAR
		    && dt_parse_is_type_start(pcb,
		    dt_parse_peek(pcb))) {
			dt_type_t ty;
			int64_t size;

			dt_parse_next(pcb);
			ty = dt_parse_typename(pcb, &size);
			dt_parse_expect(pcb, T_RPAR);
			if (ty.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_SIZEOF_TYPE", pos,
				    "cannot apply sizeof to an expression "
				    "of void type");
			if (size < 0)
				dt_cerror(pcb, "D_SIZEOF_TYPE", pos,
				    "cannot apply sizeof to an incomplete "
				    "type");
			return (dt_parse_int_node(pcb, pos, (uint64_t)size, 1,
			    1, 1));
		}
		{
			dt_node_t *e = parse_unary(pcb);

			dnp = dt_node_new(pcb, DN_UNARY, pos);
			dnp->dn_op = T_SIZEOF;
			dnp->dn_left = e;
		}
		return (dnp);
	case T_LPAR:
		if (dt_parse_is_type_start(pcb, dt_parse_peek(pcb))) {
			dt_parse_next(pcb);
			dnp = dt_node_new(pcb, DN_CAST, pos);
			dnp->dn_type = dt_parse_typename(pcb, NULL);
			dt_parse_expect(pcb, T_RPAR);
			dnp->dn_left = parse_unary(pcb);
			return (dnp);
		}
		return (parse_postfix(pcb));
	default:
		return (parse_postfix(pcb));
	}
}

/* parse_unary_level(), one level of nesting deeper: parentheses, unary
   operators and casts nest through here. */
static dt_node_t *
parse_unary(dt_pcb_t *pcb)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *dnp;

	dt_depth_enter(pcb, dt_parse_tok(pcb)->tk_pos);
	dnp = parse_unary_level(pcb);
	pcb->pcb_depth = depth;
	return (dnp);
}

/* Binary operator precedence, higher binds tighter; 0: not binary. */
static int
binprec(dt_tok_t k)
{
	switch (k) {
	case T_LOR: return (1);
	case T_LXOR: return (2);
	case T_LAND: return (3);
	case T_OR: return (4);
	case T_XOR: return (5);
	case T_AND: return (6);
	case T_EQ: case T_NE: return (7);
	case T_LT: case T_GT: case T_LE: case T_GE: return (8);
	case T_LSH: case T_RSH: return (9);
	case T_PLUS: case T_MINUS: return (10);
	case T_STAR: case T_SLASH: case T_MOD: return (11);
	default: return (0);
	}
}

/*
 * In a predicate, a '/' ends it unless an operand follows.  We look at the
 * token after the '/': '{', ';', end of input or a new probe description
 * (an identifier followed by ':' etc.) close the predicate.
 */
static bool
closes_predicate(dt_pcb_t *pcb)
{
	dt_tok_t k;

	if (!pcb->pcb_inpred || dt_parse_tok(pcb)->tk_kind != T_SLASH)
		return (false);
	k = dt_parse_peek(pcb)->tk_kind;
	return (k == T_LBRACE || k == T_SEMI || k == T_EOF ||
	    k == T_RBRACE);
}

static dt_node_t *
parse_binary(dt_pcb_t *pcb, int minprec)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *left = parse_unary(pcb);

	for (;;) {
		dt_token_t *t = dt_parse_tok(pcb);
		int prec = binprec(t->tk_kind);
		dt_node_t *dnp;

		if (prec == 0 || prec < minprec || closes_predicate(pcb)) {
			pcb->pcb_depth = depth;
			return (left);
		}
		dnp = dt_node_new(pcb, t->tk_kind == T_LAND ||
		    t->tk_kind == T_LOR || t->tk_kind == T_LXOR ? DN_LOGICAL :
		    DN_BINARY, t->tk_pos);
		dnp->dn_op = t->tk_kind;
		dt_depth_enter(pcb, t->tk_pos);	/* the tree grows leftwards */
		dt_parse_next(pcb);
		dnp->dn_left = left;
		dnp->dn_right = parse_binary(pcb, prec + 1);
		left = dnp;
	}
}

dt_node_t *
dt_parse_ternary(dt_pcb_t *pcb)
{
	dt_node_t *cond = parse_binary(pcb, 1), *dnp;
	unsigned int depth;

	if (dt_parse_tok(pcb)->tk_kind != T_QUESTION)
		return (cond);
	dnp = dt_node_new(pcb, DN_TERNARY, dt_parse_tok(pcb)->tk_pos);
	depth = pcb->pcb_depth;
	dt_depth_enter(pcb, dt_parse_tok(pcb)->tk_pos);
	dt_parse_next(pcb);
	dnp->dn_cond = cond;
	{
		bool inpred = pcb->pcb_inpred;

		pcb->pcb_inpred = false;
		dnp->dn_left = dt_parse_expr(pcb);
		pcb->pcb_inpred = inpred;
	}
	dt_parse_expect(pcb, T_COLON);
	dnp->dn_right = dt_parse_ternary(pcb);
	pcb->pcb_depth = depth;
	return (dnp);
}

static bool
is_assign_op(dt_tok_t k)
{
	return (k == T_ASSIGN || k == T_ADD_EQ || k == T_SUB_EQ ||
	    k == T_MUL_EQ || k == T_DIV_EQ || k == T_MOD_EQ ||
	    k == T_AND_EQ || k == T_OR_EQ || k == T_XOR_EQ ||
	    k == T_LSH_EQ || k == T_RSH_EQ);
}

dt_node_t *
dt_parse_assign(dt_pcb_t *pcb)
{
	dt_node_t *left = dt_parse_ternary(pcb), *dnp;
	dt_token_t *t = dt_parse_tok(pcb);
	unsigned int depth;

	if (!is_assign_op(t->tk_kind))
		return (left);
	dnp = dt_node_new(pcb, DN_ASSIGN, t->tk_pos);
	dnp->dn_op = t->tk_kind;
	depth = pcb->pcb_depth;
	dt_depth_enter(pcb, t->tk_pos);
	dt_parse_next(pcb);
	dnp->dn_left = left;
	dnp->dn_right = dt_parse_assign(pcb);
	pcb->pcb_depth = depth;
	return (dnp);
}

dt_node_t *
dt_parse_expr(dt_pcb_t *pcb)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *left = dt_parse_assign(pcb);

	while (dt_parse_tok(pcb)->tk_kind == T_COMMA) {
		dt_node_t *dnp = dt_node_new(pcb, DN_COMMA,
		    dt_parse_tok(pcb)->tk_pos);

		dt_depth_enter(pcb, dt_parse_tok(pcb)->tk_pos);
		dt_parse_next(pcb);
		dnp->dn_left = left;
		dnp->dn_right = dt_parse_assign(pcb);
		left = dnp;
	}
	pcb->pcb_depth = depth;
	return (left);
}
