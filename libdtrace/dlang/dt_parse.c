/*
 * dt_parse.c: recursive-descent parser for D.
 *
 *   program    := { pragma | clause }
 *   clause     := descs [ '/' expr '/' ] [ '{' { stmt } '}' ]
 *   descs      := probedesc { ',' probedesc }
 *   stmt       := ';' | expr [ ';' ]          (';' optional before '}')
 *
 * Expressions follow C precedence, with DTrace's '^^' (logical xor) between
 * '||' and '&&'.  Inside a predicate a '/' followed by '{', ';', a probe
 * description or the end of input closes the predicate.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_ast.h"
#include "../types/dt_tcache.h"

dt_node_t *
dt_node_new(dt_pcb_t *pcb, dt_nkind_t kind, dt_srcpos_t pos)
{
	dt_node_t *dnp = calloc(1, sizeof (*dnp));

	if (dnp == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dnp->dn_kind = kind;
	dnp->dn_pos = pos;
	dnp->dn_all = pcb->pcb_nodes;
	pcb->pcb_nodes = dnp;
	return (dnp);
}

/*
 * Copy an expression tree: into the compilation (pcb) or, with pcb NULL,
 * as a tree of its own that dt_node_free_tree() frees (an inline's
 * expression, which outlives the program that declared it).
 */
static dt_node_t *
node_dup(dt_pcb_t *pcb, const dt_node_t *src)
{
	dt_node_t *d;

	if (src == NULL)
		return (NULL);
	if (pcb != NULL) {
		d = dt_node_new(pcb, src->dn_kind, src->dn_pos);
	} else if ((d = calloc(1, sizeof (*d))) == NULL) {
		return (NULL);
	}
	*d = (dt_node_t){ .dn_kind = src->dn_kind, .dn_op = src->dn_op,
	    .dn_type = src->dn_type, .dn_pos = src->dn_pos,
	    .dn_value = src->dn_value, .dn_aux = src->dn_aux,
	    .dn_strlen = src->dn_strlen, .dn_post = src->dn_post,
	    .dn_all = d->dn_all };
	if (src->dn_str != NULL) {
		if ((d->dn_str = malloc(src->dn_strlen > strlen(src->dn_str) ?
		    src->dn_strlen + 1 : strlen(src->dn_str) + 1)) != NULL)
			memcpy(d->dn_str, src->dn_str, (src->dn_strlen >
			    strlen(src->dn_str) ? src->dn_strlen :
			    strlen(src->dn_str)) + 1);
	}
	d->dn_left = node_dup(pcb, src->dn_left);
	d->dn_right = node_dup(pcb, src->dn_right);
	d->dn_cond = node_dup(pcb, src->dn_cond);
	{
		dt_node_t **tail = &d->dn_args;

		for (const dt_node_t *a = src->dn_args; a != NULL;
		    a = a->dn_list) {
			*tail = node_dup(pcb, a);
			if (*tail != NULL)
				tail = &(*tail)->dn_list;
		}
	}
	return (d);
}

dt_node_t *
dt_node_dup(dt_pcb_t *pcb, const dt_node_t *src)
{
	return (node_dup(pcb, src));
}

/* Free a tree made by node_dup() without a compilation. */
void
dt_node_free_tree(dt_node_t *dnp)
{
	if (dnp == NULL)
		return;
	dt_node_free_tree(dnp->dn_left);
	dt_node_free_tree(dnp->dn_right);
	dt_node_free_tree(dnp->dn_cond);
	for (dt_node_t *a = dnp->dn_args, *n; a != NULL; a = n) {
		n = a->dn_list;
		dt_node_free_tree(a);
	}
	free(dnp->dn_str);
	free(dnp);
}

static dt_token_t *
tok(dt_pcb_t *pcb)
{
	return (&pcb->pcb_tok);
}

static void
next(dt_pcb_t *pcb)
{
	dt_tok_free(&pcb->pcb_tok);
	if (pcb->pcb_havepeek) {
		pcb->pcb_tok = pcb->pcb_peek;
		memset(&pcb->pcb_peek, 0, sizeof (pcb->pcb_peek));
		pcb->pcb_havepeek = false;
	} else {
		dt_lex_next(pcb, &pcb->pcb_tok);
	}
}

static dt_token_t *
peek(dt_pcb_t *pcb)
{
	if (!pcb->pcb_havepeek) {
		dt_lex_next(pcb, &pcb->pcb_peek);
		pcb->pcb_havepeek = true;
	}
	return (&pcb->pcb_peek);
}

static void __attribute__((noreturn))
syntax_error(dt_pcb_t *pcb)
{
	dt_token_t *t = tok(pcb);

	if (t->tk_kind == T_EOF)
		dt_cerror(pcb, "D_SYNTAX", t->tk_pos,
		    "syntax error near end of input");
	dt_cerror(pcb, "D_SYNTAX", t->tk_pos, "syntax error near \"%.*s\"",
	    (int)t->tk_len, t->tk_start);
}

static void
expect(dt_pcb_t *pcb, dt_tok_t kind)
{
	if (tok(pcb)->tk_kind != kind)
		syntax_error(pcb);
	next(pcb);
}

/* ---- macro variables ---------------------------------------------------- */

/*
 * The value of a macro variable ($target, $pid, $1, ...) as text, or NULL
 * if it is not defined.  buf holds numbers formatted here.  str says the
 * variable was written $$NAME: under the defaultargs option an argument
 * the command line did not give is then "", else 0.
 */
static const char *
macro_value(dt_pcb_t *pcb, const char *name, bool str, dt_srcpos_t pos,
    char *buf, size_t len)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	long long v;

	if (name[0] == '$')
		name++;
	if (isdigit((unsigned char)name[0])) {
		int n = atoi(name);

		if (n < pcb->pcb_argc)
			return (pcb->pcb_argv[n]);
		if (dtp->dt_opts.op_defaultargs)
			return (str ? "" : "0");
		return (NULL);
	}
	if (strcmp(name, "target") == 0)
		v = dtp->dt_target;
	else if (strcmp(name, "pid") == 0)
		v = getpid();
	else if (strcmp(name, "ppid") == 0)
		v = getppid();
	else if (strcmp(name, "uid") == 0)
		v = getuid();
	else if (strcmp(name, "gid") == 0)
		v = getgid();
	else if (strcmp(name, "euid") == 0)
		v = geteuid();
	else if (strcmp(name, "egid") == 0)
		v = getegid();
	else if (strcmp(name, "pgid") == 0)
		v = getpgid(0);
	else if (strcmp(name, "sid") == 0)
		v = getsid(0);
	else if (strcmp(name, "projid") == 0 || strcmp(name, "taskid") == 0)
		dt_cerror(pcb, "D_UNSUPPORTED", pos, "macro variable $%s is not "
		    "available: Linux has no %s", name, name[0] == 'p' ?
		    "projects" : "tasks");
	else
		return (NULL);
	snprintf(buf, len, "%lld", v);
	return (buf);
}

static char *
grow_desc(dt_pcb_t *pcb, char *out, size_t cap, dt_srcpos_t pos)
{
	char *n = realloc(out, cap);

	if (n == NULL) {
		free(out);
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	return (n);
}

/* Expand macro variables in a probe description. */
static char *
expand_desc(dt_pcb_t *pcb, const char *s, dt_srcpos_t pos)
{
	size_t cap = strlen(s) + 64, len = 0;
	char *out = malloc(cap);

	if (out == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	while (*s != '\0') {
		if (*s == '$') {
			char name[64], buf[32];
			const char *val;
			size_t n = 1;

			while (isalnum((unsigned char)s[n]) || s[n] == '_')
				n++;
			snprintf(name, sizeof (name), "%.*s", (int)n, s);
			if ((val = macro_value(pcb, name, false, pos, buf,
			    sizeof (buf))) == NULL) {
				free(out);
				dt_cerror(pcb, "D_MACRO_UNDEF", pos,
				    "macro argument %s is not defined", name);
			}
			while (len + strlen(val) + 1 > cap)
				out = grow_desc(pcb, out, cap *= 2, pos);
			strcpy(out + len, val);
			len += strlen(val);
			s += n;
			continue;
		}
		if (len + 2 > cap)
			out = grow_desc(pcb, out, cap *= 2, pos);
		out[len++] = *s++;
	}
	out[len] = '\0';
	return (out);
}

/* ---- expressions ---------------------------------------------------------- */

static dt_node_t *parse_expr(dt_pcb_t *);
static dt_node_t *parse_assign(dt_pcb_t *);
static dt_node_t *parse_unary(dt_pcb_t *);

static dt_node_t *
int_node(dt_pcb_t *pcb, dt_srcpos_t pos, uint64_t v, int isunsigned,
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

static dt_node_t *
parse_macro(dt_pcb_t *pcb)
{
	dt_token_t *t = tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	char buf[32], *end;
	const char *val;
	bool str = strncmp(t->tk_str, "$$", 2) == 0;
	dt_node_t *dnp;

	if ((val = macro_value(pcb, t->tk_str + (str ? 1 : 0), str, pos,
	    buf, sizeof (buf))) == NULL)
		dt_cerror(pcb, "D_MACRO_UNDEF", pos,
		    "macro argument %s is not defined", t->tk_str);
	if (str) {
		dnp = dt_node_new(pcb, DN_STRING, pos);
		if ((dnp->dn_str = strdup(val)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		dnp->dn_strlen = strlen(val);
		dnp->dn_type.ty_kind = DT_TK_STRING;
	} else if (*val == '-') {
		/* a negative number: int if it fits, else long */
		long long sv = strtoll(val, &end, 0);

		if (end == val + 1 || *end != '\0')
			dt_cerror(pcb, "D_MACRO_BADVAL", pos,
			    "macro argument %s value \"%s\" is not an integer;"
			    " use $%s to use it as a string", t->tk_str, val,
			    t->tk_str);
		dnp = int_node(pcb, pos, 0, 0, sv < INT32_MIN, 1);
		dnp->dn_value = sv;
	} else {
		unsigned long long v = strtoull(val, &end, 0);

		if (*val == '\0' || *end != '\0')
			dt_cerror(pcb, "D_MACRO_BADVAL", pos,
			    "macro argument %s value \"%s\" is not an integer;"
			    " use $%s to use it as a string", t->tk_str, val,
			    t->tk_str);
		dnp = int_node(pcb, pos, v, 0, 0, 1);
	}
	next(pcb);
	return (dnp);
}

static dt_type_t parse_typename(dt_pcb_t *, int64_t *);

/* offsetof(type, member): a constant of type size_t. */
static dt_node_t *
parse_offsetof(dt_pcb_t *pcb)
{
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	uint32_t mtype, off, bit, bitsize;
	dt_tentry_t *te;
	dt_type_t ty;
	dt_node_t *dnp;

	next(pcb);
	next(pcb);
	ty = parse_typename(pcb, NULL);
	expect(pcb, T_COMMA);
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	if (ty.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_OFFSETOF_TYPE", pos, "offsetof( ) first "
		    "argument must be a struct or union type");
	te = dt_pcb_types(pcb, pos);
	if (dt_btf_member(te->te_btf, ty.ty_btf, tok(pcb)->tk_str, &mtype,
	    &off, &bit, &bitsize) != 0)
		dt_cerror(pcb, "D_TYPE_MEMBER", tok(pcb)->tk_pos, "%s is not "
		    "a member of %s", tok(pcb)->tk_str, dt_btf_name(te->te_btf,
		    ty.ty_btf, (char [256]){ 0 }, 256));
	if (bitsize != 0)
		dt_cerror(pcb, "D_OFFSETOF_BITFIELD", tok(pcb)->tk_pos,
		    "offsetof( ) cannot be applied to a bit-field");
	next(pcb);
	expect(pcb, T_RPAR);
	dnp = int_node(pcb, pos, off, 1, 1, 1);
	return (dnp);
}

static dt_node_t *
parse_primary(dt_pcb_t *pcb)
{
	dt_token_t *t = tok(pcb);
	dt_node_t *dnp;

	switch (t->tk_kind) {
	case T_INT: {
		bool decimal = !(t->tk_start[0] == '0' && t->tk_len > 1);

		dnp = int_node(pcb, t->tk_pos, t->tk_int, t->tk_intu,
		    t->tk_intl, decimal);
		next(pcb);
		return (dnp);
	}
	case T_STRING:
		dnp = dt_node_new(pcb, DN_STRING, t->tk_pos);
		dnp->dn_str = t->tk_str;
		dnp->dn_strlen = t->tk_strlen;
		dnp->dn_type.ty_kind = DT_TK_STRING;
		t->tk_str = NULL;
		next(pcb);
		return (dnp);
	case T_MACRO:
		return (parse_macro(pcb));
	case T_AGG:
		/* @name or @name[keys] */
		dnp = dt_node_new(pcb, DN_AGG, t->tk_pos);
		dnp->dn_str = t->tk_str;
		t->tk_str = NULL;
		next(pcb);
		if (tok(pcb)->tk_kind == T_LBRACK) {
			bool inpred = pcb->pcb_inpred;

			next(pcb);
			pcb->pcb_inpred = false;
			dnp->dn_right = parse_expr(pcb);
			pcb->pcb_inpred = inpred;
			expect(pcb, T_RBRACK);
		}
		return (dnp);
	case T_BACKQUOTE:
		next(pcb);
		dt_cerror(pcb, "D_IDENT_UNDEF", t->tk_pos, "failed to resolve "
		    "`%s: kernel variables cannot be read on this kernel (its "
		    "BTF has no variables and /proc/kallsyms lists no data "
		    "symbols)", tok(pcb)->tk_kind == T_IDENT ?
		    tok(pcb)->tk_str : "");
	case T_IDENT:
		if (strcmp(t->tk_str, "offsetof") == 0 &&
		    peek(pcb)->tk_kind == T_LPAR)
			return (parse_offsetof(pcb));
		if (peek(pcb)->tk_kind == T_LPAR) {
			dnp = dt_node_new(pcb, DN_CALL, t->tk_pos);
			dnp->dn_str = t->tk_str;
			t->tk_str = NULL;
			next(pcb);
			next(pcb);
			if (tok(pcb)->tk_kind != T_RPAR) {
				dt_node_t **tail = &dnp->dn_args;

				for (;;) {
					*tail = parse_assign(pcb);
					tail = &(*tail)->dn_list;
					if (tok(pcb)->tk_kind != T_COMMA)
						break;
					next(pcb);
				}
			}
			expect(pcb, T_RPAR);
			return (dnp);
		}
		dnp = dt_node_new(pcb, DN_VAR, t->tk_pos);
		dnp->dn_str = t->tk_str;
		t->tk_str = NULL;
		next(pcb);
		return (dnp);
	case T_LPAR:
		next(pcb);
		{
			bool inpred = pcb->pcb_inpred;

			pcb->pcb_inpred = false;
			dnp = parse_expr(pcb);
			pcb->pcb_inpred = inpred;
		}
		expect(pcb, T_RPAR);
		return (dnp);
	default:
		syntax_error(pcb);
	}
}

static dt_node_t *
parse_postfix(dt_pcb_t *pcb)
{
	dt_node_t *dnp = parse_primary(pcb);

	for (;;) {
		dt_token_t *t = tok(pcb);

		if (t->tk_kind == T_INC || t->tk_kind == T_DEC) {
			dt_node_t *n = dt_node_new(pcb, DN_INCDEC, t->tk_pos);

			n->dn_op = t->tk_kind;
			n->dn_post = true;
			n->dn_left = dnp;
			dnp = n;
			next(pcb);
		} else if (t->tk_kind == T_ARROW && dnp->dn_kind == DN_VAR &&
		    (strcmp(dnp->dn_str, "self") == 0 ||
		    strcmp(dnp->dn_str, "this") == 0)) {
			/* self->x and this->x: variables named so */
			char *name;

			next(pcb);
			if (tok(pcb)->tk_kind != T_IDENT)
				syntax_error(pcb);
			if (asprintf(&name, "%s->%s", dnp->dn_str,
			    tok(pcb)->tk_str) < 0)
				dt_cerror(pcb, "D_NOMEM", t->tk_pos,
				    "out of memory");
			free(dnp->dn_str);
			dnp->dn_str = name;
			next(pcb);
		} else if (t->tk_kind == T_DOT || t->tk_kind == T_ARROW) {
			dt_node_t *n = dt_node_new(pcb, DN_MEMBER, t->tk_pos);

			n->dn_op = t->tk_kind;
			n->dn_left = dnp;
			next(pcb);
			if (tok(pcb)->tk_kind != T_IDENT)
				syntax_error(pcb);
			n->dn_str = tok(pcb)->tk_str;
			tok(pcb)->tk_str = NULL;
			next(pcb);
			dnp = n;
		} else if (t->tk_kind == T_LBRACK) {
			dt_node_t *n = dt_node_new(pcb, DN_INDEX, t->tk_pos);
			bool inpred = pcb->pcb_inpred;

			n->dn_left = dnp;
			next(pcb);
			pcb->pcb_inpred = false;
			n->dn_right = parse_expr(pcb);
			pcb->pcb_inpred = inpred;
			expect(pcb, T_RBRACK);
			dnp = n;
		} else {
			return (dnp);
		}
	}
}

/* D's own typedefs, known without kernel type data. */
static const struct {
	const char *name;
	dt_type_t type;
} dt_typedefs[] = {
	{ "int8_t", { DT_TK_INT, 1, 1 } }, { "int16_t", { DT_TK_INT, 2, 1 } },
	{ "int32_t", { DT_TK_INT, 4, 1 } }, { "int64_t", { DT_TK_INT, 8, 1 } },
	{ "uint8_t", { DT_TK_INT, 1, 0 } }, { "uint16_t", { DT_TK_INT, 2, 0 } },
	{ "uint32_t", { DT_TK_INT, 4, 0 } }, { "uint64_t", { DT_TK_INT, 8, 0 } },
	{ "intptr_t", { DT_TK_INT, 8, 1 } },
	{ "uintptr_t", { DT_TK_INT, 8, 0 } },
	{ "size_t", { DT_TK_INT, 8, 0 } }, { "ssize_t", { DT_TK_INT, 8, 1 } },
	{ "ipaddr_t", { DT_TK_INT, 4, 0 } },	/* an IPv4 address */
	{ NULL, { 0 } }
};

static const dt_type_t *
d_typedef(const char *name)
{
	for (int i = 0; dt_typedefs[i].name != NULL; i++) {
		if (strcmp(dt_typedefs[i].name, name) == 0)
			return (&dt_typedefs[i].type);
	}
	return (NULL);
}

/* A type name declared in D (a typedef name, or "enum tag"), or NULL. */
static dt_ident_t *
d_typename(dt_pcb_t *pcb, const char *name)
{
	dt_ident_t *idp = dt_ident_lookup(pcb->pcb_hdl, name);

	return (idp != NULL && idp->di_kind == DT_IDENT_TYPE ? idp : NULL);
}

/*
 * The value of an integral constant expression: integer constants,
 * inline constants (enumerators among them) and the arithmetic, bitwise
 * and shift operators on them.  False if the expression is not one.
 */
static bool
const_value(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp)
{
	int64_t l, r;

	switch (dnp->dn_kind) {
	case DN_INT:
		*vp = dnp->dn_value;
		return (true);
	case DN_VAR: {
		dt_ident_t *idp = dt_ident_lookup(pcb->pcb_hdl, dnp->dn_str);

		return (idp != NULL && idp->di_kind == DT_IDENT_INLINE &&
		    idp->di_type.ty_kind == DT_TK_INT &&
		    const_value(pcb, idp->di_inline, vp));
	}
	case DN_UNARY:
		if (!const_value(pcb, dnp->dn_left, &l))
			return (false);
		switch (dnp->dn_op) {
		case T_PLUS: *vp = l; return (true);
		case T_MINUS: *vp = (int64_t)(0 - (uint64_t)l); return (true);
		case T_NOT: *vp = ~l; return (true);
		case T_LNOT: *vp = !l; return (true);
		default: return (false);
		}
	case DN_BINARY:
		if (!const_value(pcb, dnp->dn_left, &l) ||
		    !const_value(pcb, dnp->dn_right, &r))
			return (false);
		switch (dnp->dn_op) {
		case T_PLUS: *vp = (int64_t)((uint64_t)l + (uint64_t)r); break;
		case T_MINUS: *vp = (int64_t)((uint64_t)l - (uint64_t)r); break;
		case T_STAR: *vp = (int64_t)((uint64_t)l * (uint64_t)r); break;
		case T_AND: *vp = l & r; break;
		case T_OR: *vp = l | r; break;
		case T_XOR: *vp = l ^ r; break;
		case T_LSH: case T_RSH:
			if (r < 0 || r > 63)
				return (false);
			*vp = dnp->dn_op == T_LSH ?
			    (int64_t)((uint64_t)l << r) : l >> r;
			break;
		case T_SLASH: case T_MOD:
			if (r == 0 || (l == INT64_MIN && r == -1))
				return (false);
			*vp = dnp->dn_op == T_SLASH ? l / r : l % r;
			break;
		default:
			return (false);
		}
		return (true);
	default:
		return (false);
	}
}

/* Is name free to be declared (not a built-in, variable or type)? */
static void
check_newname(dt_pcb_t *pcb, const char *name, dt_srcpos_t pos)
{
	if (dt_builtin_lookup(name) != NULL)
		dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier redeclared: "
		    "%s is a built-in", name);
	if (dt_ident_lookup(pcb->pcb_hdl, name) != NULL)
		dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier redeclared: "
		    "%s", name);
}

/*
 * enum [tag] { NAME [= constant], ... }: the current token is '{'.  Each
 * enumerator becomes an inline int constant; the tag, if any, a type name
 * "enum tag" of type int.
 */
static dt_type_t
parse_enum_body(dt_pcb_t *pcb, const char *tag, dt_srcpos_t pos)
{
	static const dt_type_t t_enum = { DT_TK_INT, 4, 1, 0 };
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char tname[300];
	int64_t value = 0;
	dt_ident_t *idp;
	int n = 0;

	if (tag != NULL) {
		snprintf(tname, sizeof (tname), "enum %s", tag);
		if (dt_ident_lookup(dtp, tname) != NULL)
			dt_cerror(pcb, "D_DECL_TYPERED", pos, "type redeclared: "
			    "%s", tname);
	}
	next(pcb);
	while (tok(pcb)->tk_kind != T_RBRACE) {
		dt_srcpos_t epos = tok(pcb)->tk_pos;
		char name[256];

		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		snprintf(name, sizeof (name), "%s", tok(pcb)->tk_str);
		next(pcb);
		if (tok(pcb)->tk_kind == T_BACKQUOTE)
			dt_cerror(pcb, "D_DECL_SCOPE", epos, "an enumerator "
			    "name cannot have a module scope: %s", name);
		if (tok(pcb)->tk_kind == T_ASSIGN) {
			dt_node_t *e;

			next(pcb);
			e = parse_assign(pcb);
			if (!const_value(pcb, e, &value))
				dt_cerror(pcb, "D_DECL_ENCONST", e->dn_pos,
				    "the value of enumerator %s is not an "
				    "integral constant expression", name);
		} else if (n > 0 && value == INT32_MAX) {
			value = (int64_t)INT32_MAX + 1;
		}
		if (value > INT32_MAX || value < INT32_MIN)
			dt_cerror(pcb, "D_DECL_ENOFLOW", epos, "the value of "
			    "enumerator %s does not fit in an int", name);
		check_newname(pcb, name, epos);
		if ((idp = dt_ident_create(dtp, name, DT_IDENT_INLINE)) ==
		    NULL || (idp->di_inline = dt_node_dup(NULL, int_node(pcb,
		    epos, (uint64_t)value, 0, 0, 1))) == NULL)
			dt_cerror(pcb, "D_NOMEM", epos, "out of memory");
		idp->di_inline->dn_value = value;
		idp->di_inline->dn_type = t_enum;
		idp->di_type = t_enum;
		idp->di_defined = true;
		value++;
		n++;
		if (tok(pcb)->tk_kind != T_COMMA)
			break;
		next(pcb);
	}
	expect(pcb, T_RBRACE);
	if (n == 0)
		dt_cerror(pcb, "D_SYNTAX", pos, "an enum needs at least one "
		    "enumerator");
	if (tag != NULL) {
		if ((idp = dt_ident_create(dtp, tname, DT_IDENT_TYPE)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = t_enum;
		idp->di_tsize = 4;
		idp->di_defined = true;
	}
	return (t_enum);
}

/*
 * Is the token the start of a type name?  An identifier is one if it is
 * not a variable and names a D typedef or a kernel typedef or base type
 * (which loads the kernel types: only an unknown identifier in
 * parentheses gets that far).
 */
/*
 * The kernel type id of a type name: a kernel typedef or base type, or
 * in6_addr_t, DTrace's name for the kernel's struct in6_addr.
 */
static uint32_t
ktype_name(const dt_tentry_t *te, const char *name)
{
	if (strcmp(name, "in6_addr_t") == 0)
		return (dt_tcache_tag(te, BTF_KIND_STRUCT, "in6_addr"));
	return (dt_tcache_name(te, name));
}

static bool
is_type_start(dt_pcb_t *pcb, const dt_token_t *t)
{
	dt_tok_t k = t->tk_kind;

	if (k == T_KW_INT || k == T_KW_CHAR || k == T_KW_SHORT ||
	    k == T_KW_LONG || k == T_KW_UNSIGNED || k == T_KW_SIGNED ||
	    k == T_KW_VOID || k == T_KW_STRING || k == T_KW_STRUCT ||
	    k == T_KW_UNION || k == T_KW_ENUM)
		return (true);
	if (k != T_IDENT)
		return (false);
	if (d_typedef(t->tk_str) != NULL || d_typename(pcb, t->tk_str) != NULL)
		return (true);
	if (dt_builtin_lookup(t->tk_str) != NULL ||
	    dt_ident_lookup(pcb->pcb_hdl, t->tk_str) != NULL)
		return (false);
	if (dt_ktypes(pcb->pcb_hdl) == NULL)
		return (false);	/* no kernel types: not a type name */
	return (ktype_name(dt_pcb_types(pcb, t->tk_pos), t->tk_str) != 0);
}

static uint32_t tagged_lookup(dt_pcb_t *, int, const char *, dt_srcpos_t);

/* struct/union/enum [module`]name, from the clause's kernel types. */
static uint32_t
parse_tagged(dt_pcb_t *pcb, int *kindp, dt_srcpos_t pos)
{
	dt_tok_t k = tok(pcb)->tk_kind;
	int kind = k == T_KW_STRUCT ? BTF_KIND_STRUCT : k == T_KW_UNION ?
	    BTF_KIND_UNION : BTF_KIND_ENUM;
	const char *kw = dt_tok_name(k);

	next(pcb);
	*kindp = kind;
	return (tagged_lookup(pcb, kind, kw, pos));
}

/* The kernel type [module`]name of kind, from the current token. */
static uint32_t
tagged_lookup(dt_pcb_t *pcb, int kind, const char *kw, dt_srcpos_t pos)
{
	char name[256];
	dt_tentry_t *te;
	uint32_t id;

	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	snprintf(name, sizeof (name), "%s", tok(pcb)->tk_str);
	next(pcb);
	if (tok(pcb)->tk_kind == T_BACKQUOTE) {
		/* module`name: vmlinux, or a module's split BTF */
		if (strcmp(name, "vmlinux") != 0)
			dt_pcb_module_types(pcb, name, pos);
		next(pcb);
		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		snprintf(name, sizeof (name), "%s", tok(pcb)->tk_str);
		next(pcb);
	}
	te = dt_pcb_types(pcb, pos);
	if ((id = dt_tcache_tag(te, kind, name)) == 0)
		dt_cerror(pcb, "D_SYNTAX", pos, "failed to resolve type %s %s: "
		    "Unknown type name", kw, name);
	return (id);
}

/*
 * enum { ... }, enum tag { ... } (definitions), enum tag (declared in D
 * or in the kernel's types): the current token is "enum".
 */
static dt_type_t
enum_type(dt_pcb_t *pcb, int64_t *sizep, dt_srcpos_t pos)
{
	dt_ident_t *idp;
	char tname[300];
	const char *what = "";
	dt_tentry_t *te;
	dt_type_t ty;
	uint32_t id;

	next(pcb);
	*sizep = 4;
	if (tok(pcb)->tk_kind == T_LBRACE)
		return (parse_enum_body(pcb, NULL, pos));
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	snprintf(tname, sizeof (tname), "enum %s", tok(pcb)->tk_str);
	if (peek(pcb)->tk_kind == T_LBRACE) {
		char tag[256];

		snprintf(tag, sizeof (tag), "%s", tok(pcb)->tk_str);
		next(pcb);
		return (parse_enum_body(pcb, tag, pos));
	}
	if ((idp = d_typename(pcb, tname)) != NULL) {
		next(pcb);
		return (idp->di_type);
	}
	id = tagged_lookup(pcb, BTF_KIND_ENUM, "enum", pos);
	te = dt_pcb_types(pcb, pos);
	if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
		dt_cerror(pcb, "D_TYPE_ERR", pos, "type %s is %s, which D "
		    "cannot use", tname, what);
	*sizep = dt_btf_size(te->te_btf, id);
	return (ty);
}

/*
 * type-name := [signed|unsigned] [char|short|int|long [long] [int]] | void
 *   | string | struct/union/enum [module`]name | typedef-name, then '*'s.
 * *sizep receives the size of the type named.
 */
static dt_type_t
parse_typename(dt_pcb_t *pcb, int64_t *sizep)
{
	dt_type_t ty = { DT_TK_INT, 4, 1, 0 };
	int nlong = 0, sign = -1, base = 0;
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	dt_tok_t k = tok(pcb)->tk_kind;
	int64_t size = -1;

	dt_ident_t *dtn;

	if (k == T_KW_ENUM) {
		ty = enum_type(pcb, &size, pos);
		base = -1;
	} else if (k == T_IDENT && (dtn = d_typename(pcb,
	    tok(pcb)->tk_str)) != NULL) {
		ty = dtn->di_type;
		size = dtn->di_tsize;
		next(pcb);
		base = -1;
	} else if (k == T_KW_STRUCT || k == T_KW_UNION ||
	    (k == T_IDENT && d_typedef(tok(pcb)->tk_str) == NULL)) {
		dt_tentry_t *te;
		const char *what = "";
		uint32_t id;
		int kind = 0;

		if (k == T_IDENT) {
			te = dt_pcb_types(pcb, pos);
			id = ktype_name(te, tok(pcb)->tk_str);
			next(pcb);
		} else {
			id = parse_tagged(pcb, &kind, pos);
			te = dt_pcb_types(pcb, pos);
		}
		if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
			dt_cerror(pcb, "D_TYPE_ERR", pos, "type %s is %s, which "
			    "D cannot use", dt_btf_name(te->te_btf, id,
			    (char [256]){ 0 }, 256), what);
		size = dt_btf_size(te->te_btf, id);
		base = -1;
	} else if (k == T_IDENT) {
		ty = *d_typedef(tok(pcb)->tk_str);
		size = ty.ty_size;
		next(pcb);
		base = -1;
	}
	for (; base != -1;) {
		k = tok(pcb)->tk_kind;

		if (k == T_KW_SIGNED || k == T_KW_UNSIGNED) {
			sign = k == T_KW_SIGNED;
		} else if (k == T_KW_LONG) {
			nlong++;
		} else if (k == T_KW_INT || k == T_KW_CHAR ||
		    k == T_KW_SHORT || k == T_KW_VOID || k == T_KW_STRING) {
			if (base != 0 && !(base == T_KW_INT || k == T_KW_INT))
				dt_cerror(pcb, "D_TYPE_ERR", pos,
				    "invalid type combination");
			if (base == 0 || base == T_KW_INT)
				base = (int)k;
		} else {
			break;
		}
		next(pcb);
	}
	if (base != -1) {
		switch (base) {
		case T_KW_CHAR:
			ty.ty_size = 1;
			break;
		case T_KW_SHORT:
			ty.ty_size = 2;
			break;
		case T_KW_VOID:
			ty.ty_kind = DT_TK_VOID;
			ty.ty_size = 0;
			break;
		case T_KW_STRING:
			ty.ty_kind = DT_TK_STRING;
			ty.ty_size = 0;
			break;
		default:
			ty.ty_size = nlong > 0 ? 8 : 4;
		}
		if (nlong > 0 && (base == T_KW_CHAR || base == T_KW_SHORT))
			dt_cerror(pcb, "D_TYPE_ERR", pos,
			    "invalid type combination");
		if (ty.ty_kind == DT_TK_INT)
			ty.ty_signed = sign != 0;
		else if (sign != -1 || nlong > 0)
			dt_cerror(pcb, "D_TYPE_ERR", pos,
			    "invalid type combination");
		size = ty.ty_kind == DT_TK_STRING ?
		    pcb->pcb_hdl->dt_opts.op_strsize : ty.ty_size;
	}
	if (ty.ty_kind == DT_TK_STRUCT && tok(pcb)->tk_kind == T_STAR) {
		/* pointer to a kernel struct (or a typedef of one): the
		   struct's id is the pointee */
		ty.ty_kind = DT_TK_PTR;
		ty.ty_size = 8;
		size = 8;
		next(pcb);
	}
	while (tok(pcb)->tk_kind == T_STAR) {
		if (ty.ty_kind == DT_TK_STRING && ty.ty_btf == 0)
			dt_cerror(pcb, "D_TYPE_ERR", pos,
			    "pointers to string are not supported");
		if (ty.ty_kind == DT_TK_STRUCT || ty.ty_kind == DT_TK_ARRAY ||
		    ty.ty_kind == DT_TK_STRING)
			dt_cerror(pcb, "D_TYPE_ERR", pos, "pointers to this "
			    "type are not supported yet");
		if (ty.ty_kind == DT_TK_PTR) {
			ty.ty_plevel++;	/* a pointer to a pointer */
		} else {
			ty.ty_psize = ty.ty_kind == DT_TK_VOID ? 0 :
			    ty.ty_size;
			ty.ty_psigned = ty.ty_kind == DT_TK_INT &&
			    ty.ty_signed;
			ty.ty_kind = DT_TK_PTR;
			ty.ty_size = 8;
			ty.ty_signed = 0;
			ty.ty_btf = 0;
		}
		size = 8;
		next(pcb);
	}
	if (sizep != NULL)
		*sizep = size;
	return (ty);
}

static dt_node_t *
parse_unary(dt_pcb_t *pcb)
{
	dt_token_t *t = tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	dt_node_t *dnp;

	switch (t->tk_kind) {
	case T_INC:
	case T_DEC:
		dnp = dt_node_new(pcb, DN_INCDEC, pos);
		dnp->dn_op = t->tk_kind;
		next(pcb);
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_MINUS:
	case T_PLUS:
	case T_NOT:
	case T_LNOT:
		dnp = dt_node_new(pcb, DN_UNARY, pos);
		dnp->dn_op = t->tk_kind;
		next(pcb);
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_STAR:
		dnp = dt_node_new(pcb, DN_UNARY, pos);
		dnp->dn_op = T_STAR;
		next(pcb);
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_AND:
		dt_cerror(pcb, "D_UNSUPPORTED", pos,
		    "operator %s is not supported yet", dt_tok_name(t->tk_kind));
	case T_SIZEOF:
		next(pcb);
		if (tok(pcb)->tk_kind == T_LPAR && is_type_start(pcb,
		    peek(pcb))) {
			dt_type_t ty;
			int64_t size;

			next(pcb);
			ty = parse_typename(pcb, &size);
			expect(pcb, T_RPAR);
			if (ty.ty_kind == DT_TK_VOID || size < 0)
				dt_cerror(pcb, "D_SIZEOF_TYPE", pos,
				    "cannot apply sizeof to an expression "
				    "of void type");
			return (int_node(pcb, pos, (uint64_t)size, 1, 1, 1));
		}
		{
			dt_node_t *e = parse_unary(pcb);

			dnp = dt_node_new(pcb, DN_UNARY, pos);
			dnp->dn_op = T_SIZEOF;
			dnp->dn_left = e;
		}
		return (dnp);
	case T_LPAR:
		if (is_type_start(pcb, peek(pcb))) {
			next(pcb);
			dnp = dt_node_new(pcb, DN_CAST, pos);
			dnp->dn_type = parse_typename(pcb, NULL);
			expect(pcb, T_RPAR);
			dnp->dn_left = parse_unary(pcb);
			return (dnp);
		}
		return (parse_postfix(pcb));
	default:
		return (parse_postfix(pcb));
	}
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

	if (!pcb->pcb_inpred || tok(pcb)->tk_kind != T_SLASH)
		return (false);
	k = peek(pcb)->tk_kind;
	return (k == T_LBRACE || k == T_SEMI || k == T_EOF ||
	    k == T_RBRACE);
}

static dt_node_t *
parse_binary(dt_pcb_t *pcb, int minprec)
{
	dt_node_t *left = parse_unary(pcb);

	for (;;) {
		dt_token_t *t = tok(pcb);
		int prec = binprec(t->tk_kind);
		dt_node_t *dnp;

		if (prec == 0 || prec < minprec || closes_predicate(pcb))
			return (left);
		dnp = dt_node_new(pcb, t->tk_kind == T_LAND ||
		    t->tk_kind == T_LOR || t->tk_kind == T_LXOR ? DN_LOGICAL :
		    DN_BINARY, t->tk_pos);
		dnp->dn_op = t->tk_kind;
		next(pcb);
		dnp->dn_left = left;
		dnp->dn_right = parse_binary(pcb, prec + 1);
		left = dnp;
	}
}

static dt_node_t *
parse_ternary(dt_pcb_t *pcb)
{
	dt_node_t *cond = parse_binary(pcb, 1), *dnp;

	if (tok(pcb)->tk_kind != T_QUESTION)
		return (cond);
	dnp = dt_node_new(pcb, DN_TERNARY, tok(pcb)->tk_pos);
	next(pcb);
	dnp->dn_cond = cond;
	{
		bool inpred = pcb->pcb_inpred;

		pcb->pcb_inpred = false;
		dnp->dn_left = parse_expr(pcb);
		pcb->pcb_inpred = inpred;
	}
	expect(pcb, T_COLON);
	dnp->dn_right = parse_ternary(pcb);
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

static dt_node_t *
parse_assign(dt_pcb_t *pcb)
{
	dt_node_t *left = parse_ternary(pcb), *dnp;
	dt_token_t *t = tok(pcb);

	if (!is_assign_op(t->tk_kind))
		return (left);
	dnp = dt_node_new(pcb, DN_ASSIGN, t->tk_pos);
	dnp->dn_op = t->tk_kind;
	next(pcb);
	dnp->dn_left = left;
	dnp->dn_right = parse_assign(pcb);
	return (dnp);
}

static dt_node_t *
parse_expr(dt_pcb_t *pcb)
{
	dt_node_t *left = parse_assign(pcb);

	while (tok(pcb)->tk_kind == T_COMMA) {
		dt_node_t *dnp = dt_node_new(pcb, DN_COMMA, tok(pcb)->tk_pos);

		next(pcb);
		dnp->dn_left = left;
		dnp->dn_right = parse_assign(pcb);
		left = dnp;
	}
	return (left);
}

/* ---- clauses and pragmas ---------------------------------------------------- */

static void
parse_pragma(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	const char *end = pcb->pcb_src + pcb->pcb_len;
	const char *p = pcb->pcb_ptr, *e = p;
	char line[512], *words[4], *save = NULL;
	int n = 0;

	/* The pragma is the rest of the line, raw; the peek was not taken. */
	while (e < end && *e != '\n')
		e++;
	snprintf(line, sizeof (line), "%.*s", (int)(e - p), p);
	while (pcb->pcb_ptr < e) {
		pcb->pcb_ptr++;
		pcb->pcb_pos.sp_col++;
	}
	for (char *w = strtok_r(line, " \t", &save); w != NULL && n < 4;
	    w = strtok_r(NULL, " \t", &save))
		words[n++] = w;
	if (n >= 1 && strcmp(words[0], "D") != 0)
		goto done;	/* not ours: ignored, as C compilers do */
	if (n < 2)
		dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed #pragma");
	if (strcmp(words[1], "option") == 0) {
		char *val;

		if (n != 3)
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos,
			    "#pragma D option requires one option name");
		if ((val = strchr(words[2], '=')) != NULL)
			*val++ = '\0';
		if (dtrace_setopt(dtp, words[2], val) != 0)
			dt_cerror(pcb, "D_PRAGMA_OPTSET", pos,
			    "failed to set option '%s'%s%s: %s", words[2],
			    val != NULL ? " to " : "", val != NULL ? val : "",
			    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	} else if (strcmp(words[1], "error") == 0) {
		dt_cerror(pcb, "D_PRAGERR", pos, "#pragma error");
	} else if (strcmp(words[1], "depends_on") == 0) {
		/* provider NAME must exist; module and library are noted */
		bool found = false;

		if (n != 4)
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#pragma D depends_on: kind and name expected");
		if (strcmp(words[2], "provider") == 0) {
			for (int i = 0; dt_providers[i] != NULL; i++)
				found |= strcmp(dt_providers[i]->pv_name,
				    words[3]) == 0;
			if (!found)
				dt_cerror(pcb, "D_PRAGMA_DEPEND", pos, "program "
				    "requires provider %s, which is not "
				    "available", words[3]);
		} else if (strcmp(words[2], "module") != 0 &&
		    strcmp(words[2], "library") != 0) {
			dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid "
			    "dependency kind %s: provider, module or library",
			    words[2]);
		}
	} else if (strcmp(words[1], "binding") == 0 ||
	    strcmp(words[1], "attributes") == 0 ||
	    strcmp(words[1], "ident") == 0) {
		/* stability attributes and bindings: accepted, not used */
		if (n < 3)
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#pragma D %s", words[1]);
	} else {
		dt_cerror(pcb, "D_PRAGMA_INVAL", pos,
		    "unknown control directive: #pragma D %s", words[1]);
	}
done:
	return;
}

static void
add_desc(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_token_t *t = tok(pcb);
	unsigned int n = dcp->dc_ndescs;
	char *text;

	if (t->tk_kind != T_PROBEDESC)
		syntax_error(pcb);
	text = expand_desc(pcb, t->tk_str, t->tk_pos);
	dcp->dc_descs = realloc(dcp->dc_descs, (n + 1) *
	    sizeof (dtrace_probedesc_t));
	dcp->dc_desctext = realloc(dcp->dc_desctext, (n + 1) *
	    sizeof (char *));
	dcp->dc_descpos = realloc(dcp->dc_descpos, (n + 1) *
	    sizeof (dt_srcpos_t));
	if (dcp->dc_descs == NULL || dcp->dc_desctext == NULL ||
	    dcp->dc_descpos == NULL) {
		free(text);
		dt_cerror(pcb, "D_NOMEM", t->tk_pos, "out of memory");
	}
	dcp->dc_desctext[n] = text;
	dcp->dc_descpos[n] = t->tk_pos;
	dcp->dc_ndescs = n + 1;
	if (dtrace_str2desc(dtp, pcb->pcb_spec == DTRACE_PROBESPEC_NONE ?
	    DTRACE_PROBESPEC_NAME : pcb->pcb_spec, text,
	    &dcp->dc_descs[n]) != 0)
		dt_cerror(pcb, "D_PDESC_INVAL", t->tk_pos,
		    "invalid probe description \"%s\": %s", text,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
}

static void
parse_clause(dt_pcb_t *pcb)
{
	dt_clause_t *dcp = calloc(1, sizeof (*dcp));
	dt_node_t **tail;

	if (dcp == NULL)
		dt_cerror(pcb, "D_NOMEM", tok(pcb)->tk_pos, "out of memory");
	pcb->pcb_clause = dcp;
	*pcb->pcb_prog->dp_tail = dcp;
	pcb->pcb_prog->dp_tail = &dcp->dc_next;
	pcb->pcb_prog->dp_nclauses++;

	for (;;) {
		add_desc(pcb, dcp);
		next(pcb);
		if (tok(pcb)->tk_kind != T_COMMA)
			break;
		/* The next description: the lexer is past the ','. */
		dt_tok_free(tok(pcb));
		if (pcb->pcb_havepeek)
			syntax_error(pcb);
		dt_lex_probedesc(pcb, tok(pcb));
	}
	if (tok(pcb)->tk_kind == T_SLASH) {
		pcb->pcb_inpred = true;
		next(pcb);
		dcp->dc_pred = parse_expr(pcb);
		pcb->pcb_inpred = false;
		expect(pcb, T_SLASH);
	}
	if (tok(pcb)->tk_kind != T_LBRACE) {
		/* A description alone, as with -n 'syscall::read:entry'. */
		if (tok(pcb)->tk_kind == T_SEMI || tok(pcb)->tk_kind == T_EOF)
			return;
		syntax_error(pcb);
	}
	next(pcb);
	tail = &dcp->dc_body;
	while (tok(pcb)->tk_kind != T_RBRACE) {
		dt_node_t *stmt;

		if (tok(pcb)->tk_kind == T_SEMI) {
			next(pcb);
			continue;
		}
		stmt = dt_node_new(pcb, DN_EXPRSTMT, tok(pcb)->tk_pos);
		stmt->dn_left = parse_expr(pcb);
		*tail = stmt;
		tail = &stmt->dn_list;
		if (tok(pcb)->tk_kind == T_SEMI)
			next(pcb);
		else if (tok(pcb)->tk_kind != T_RBRACE)
			syntax_error(pcb);
	}
	/* Do not read ahead: the next clause starts with a description. */
	dt_tok_free(tok(pcb));
	memset(tok(pcb), 0, sizeof (dt_token_t));
	tok(pcb)->tk_kind = T_RBRACE;
}

/*
 * typedef TYPE NAME ; gives a type a new name, in the handle's
 * identifiers (the same name again for the same type is allowed).
 */
static void
parse_typedef(dt_pcb_t *pcb)
{
	const dt_type_t *dty;
	dt_srcpos_t pos;
	dt_ident_t *idp;
	int64_t size;
	dt_type_t ty;

	next(pcb);
	if (!is_type_start(pcb, tok(pcb)))
		syntax_error(pcb);
	ty = parse_typename(pcb, &size);
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	pos = tok(pcb)->tk_pos;
	idp = d_typename(pcb, tok(pcb)->tk_str);
	dty = idp != NULL ? &idp->di_type : d_typedef(tok(pcb)->tk_str);
	if (dty != NULL) {
		/* the same name for the same type again is allowed */
		if (!dt_type_same(*dty, ty))
			dt_cerror(pcb, "D_DECL_TYPERED", pos, "type redeclared: "
			    "%s", tok(pcb)->tk_str);
	} else {
		check_newname(pcb, tok(pcb)->tk_str, pos);
		if ((idp = dt_ident_create(pcb->pcb_hdl, tok(pcb)->tk_str,
		    DT_IDENT_TYPE)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = ty;
		idp->di_tsize = size;
		idp->di_defined = true;
	}
	next(pcb);
	if (tok(pcb)->tk_kind != T_SEMI)
		syntax_error(pcb);
}

/*
 * Declarations at the top of a program:
 *   inline TYPE NAME = EXPR ;
 *   [self | this] TYPE NAME [ '[' TYPE {, TYPE} ']' ] ;
 * The current token is the first of the declaration.
 */
static void
parse_decl(dt_pcb_t *pcb)
{
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	const char *scope = "";
	bool isinline = false;
	dt_type_t ty, keys[DT_MAXKEYS];
	int nkeys = -1;
	char name[300];
	dt_node_t *expr = NULL;
	bool isenum;
	int64_t size;

	if (tok(pcb)->tk_kind == T_IDENT && strcmp(tok(pcb)->tk_str,
	    "typedef") == 0) {
		parse_typedef(pcb);
		return;
	}
	if (tok(pcb)->tk_kind == T_IDENT && strcmp(tok(pcb)->tk_str,
	    "inline") == 0) {
		isinline = true;
		next(pcb);
	} else if (tok(pcb)->tk_kind == T_IDENT && (strcmp(tok(pcb)->tk_str,
	    "self") == 0 || strcmp(tok(pcb)->tk_str, "this") == 0)) {
		scope = strcmp(tok(pcb)->tk_str, "self") == 0 ? "self->" :
		    "this->";
		next(pcb);
	}
	if (!is_type_start(pcb, tok(pcb)))
		syntax_error(pcb);
	isenum = tok(pcb)->tk_kind == T_KW_ENUM;
	ty = parse_typename(pcb, &size);
	if (isenum && *scope == '\0' && !isinline &&
	    tok(pcb)->tk_kind == T_SEMI)
		return;		/* enum tag { ... }; declares only the type */
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	snprintf(name, sizeof (name), "%s%s", scope, tok(pcb)->tk_str);
	next(pcb);
	if (isinline) {
		expect(pcb, T_ASSIGN);
		expr = parse_assign(pcb);
	} else if (tok(pcb)->tk_kind == T_LBRACK && *scope == '\0') {
		next(pcb);
		for (nkeys = 0;; ) {
			if (nkeys == DT_MAXKEYS)
				dt_cerror(pcb, "D_ARR_KEYS", pos, "an "
				    "associative array has at most %d key "
				    "components", DT_MAXKEYS);
			keys[nkeys++] = parse_typename(pcb, NULL);
			if (tok(pcb)->tk_kind != T_COMMA)
				break;
			next(pcb);
		}
		expect(pcb, T_RBRACK);
	}
	if (tok(pcb)->tk_kind != T_SEMI)
		syntax_error(pcb);
	dt_sema_declare(pcb, name, ty, nkeys >= 0 ? keys : NULL, nkeys, expr,
	    pos);
}

/* Does the current top-level token start a declaration? */
static bool
is_decl_start(dt_pcb_t *pcb)
{
	dt_token_t *t = tok(pcb);

	if (t->tk_kind == T_IDENT && (strcmp(t->tk_str, "inline") == 0 ||
	    strcmp(t->tk_str, "typedef") == 0 ||
	    strcmp(t->tk_str, "self") == 0 || strcmp(t->tk_str, "this") == 0 ||
	    d_typename(pcb, t->tk_str) != NULL))
		return (true);
	return (t->tk_kind != T_IDENT && is_type_start(pcb, t));
}

void
dt_parse_program(dt_pcb_t *pcb)
{
	dt_lex_init(pcb);
	for (;;) {
		dt_token_t *t = tok(pcb);
		const char *save = pcb->pcb_ptr;
		dt_srcpos_t savepos = pcb->pcb_pos;

		/* A description may start with a digit (-i 12): not C. */
		dt_tok_free(t);
		if (isdigit(dt_lex_peekc(pcb))) {
			dt_lex_probedesc(pcb, t);
			parse_clause(pcb);
			if (tok(pcb)->tk_kind == T_EOF)
				return;
			continue;
		}
		/* Peek with the C lexer: pragmas, ';' and the end. */
		dt_lex_next(pcb, t);
		if (t->tk_kind == T_EOF)
			return;
		if (t->tk_kind == T_SEMI)
			continue;
		if (t->tk_kind == T_PRAGMA) {
			parse_pragma(pcb);
			continue;
		}
		if (is_decl_start(pcb)) {
			pcb->pcb_clause = NULL;
			parse_decl(pcb);
			continue;
		}
		/* Otherwise a clause: rescan as a probe description. */
		dt_tok_free(t);
		pcb->pcb_ptr = save;
		pcb->pcb_pos = savepos;
		dt_lex_probedesc(pcb, t);
		if (t->tk_kind != T_PROBEDESC)
			syntax_error(pcb);
		parse_clause(pcb);
		if (tok(pcb)->tk_kind == T_EOF)
			return;
	}
}
