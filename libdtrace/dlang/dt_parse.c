/*
 * dt_parse.c: recursive-descent parser for D.
 *
 *   program    := { pragma | decl | provider | clause }
 *   provider   := 'provider' NAME '{' { 'probe' NAME args [ ':' args ] ';' }
 *                 '}' ';'
 *   args       := '(' [ TYPE [NAME] { ',' TYPE [NAME] } | 'void' ] ')'
 *   clause     := descs [ '/' expr '/' ] [ '{' { stmt } '}' ]
 *   descs      := probedesc { ',' probedesc }
 *   stmt       := ';' | expr [ ';' ] | if     (';' optional before '}')
 *   if         := 'if' '(' expr ')' branch [ 'else' branch ]
 *   branch     := '{' { stmt } '}' | stmt
 *
 * Expressions follow C precedence, with DTrace's '^^' (logical xor) between
 * '||' and '&&'.  Inside a predicate a '/' followed by '{', ';', a probe
 * description or the end of input closes the predicate.
 *
 * A provider declaration (for dtrace -h and -G, proc/dt_link.c) lists
 * probes with their native argument types (what the program passes, C
 * types) and, after ':', the translated types the probe's args[] have
 * (each the type of the native argument of the same name, or of the same
 * position when they have no names).  A translated type other than the
 * native one must be string (of a char pointer) or a struct (or pointer
 * to one) that a translator from the native type gives.  A struct tag
 * that neither D nor the kernel knows is declared incomplete (a
 * program's own type).
 * Declaring a provider again adds its new probes; a probe declared again
 * must have the same types.
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

#include "dt_ast.h"
#include "../types/dt_ksyms.h"
#include "../types/dt_tcache.h"
#include "dt_dlang.h"
#include "../probes/dt_probe.h"
#include "../proc/dt_proc.h"
#include "../types/dt_types.h"

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

void
dt_depth_enter(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	if (++pcb->pcb_depth > DT_EXPR_MAXDEPTH)
		dt_cerror(pcb, "D_EXPR_DEPTH", pos, "expression nested too "
		    "deeply: more than %d levels", DT_EXPR_MAXDEPTH);
}

/*
 * Copy an expression tree: into the compilation (pcb) or, with pcb NULL,
 * as a tree of its own that dt_node_free_tree() frees (an inline's
 * expression, which outlives the program that declared it).
 */
static dt_node_t *
node_dup(dt_pcb_t *pcb, const dt_node_t *src, dt_srcpos_t pos)
{
	dt_node_t *d;

	if (src == NULL)
		return (NULL);
	if (pcb != NULL) {
		if (++pcb->pcb_ncopies > DT_EXPR_MAXCOPIES)
			dt_cerror(pcb, "D_EXPR_SIZE", pos, "expression too "
			    "large: inlines and translators expand to more "
			    "than %d nodes in this program",
			    DT_EXPR_MAXCOPIES);
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
	d->dn_left = node_dup(pcb, src->dn_left, pos);
	d->dn_right = node_dup(pcb, src->dn_right, pos);
	d->dn_cond = node_dup(pcb, src->dn_cond, pos);
	{
		dt_node_t **tail = &d->dn_args;

		for (const dt_node_t *a = src->dn_args; a != NULL;
		    a = a->dn_list) {
			*tail = node_dup(pcb, a, pos);
			if (*tail != NULL)
				tail = &(*tail)->dn_list;
		}
	}
	return (d);
}

dt_node_t *
dt_node_dup(dt_pcb_t *pcb, const dt_node_t *src, dt_srcpos_t pos)
{
	return (node_dup(pcb, src, pos));
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

static void parse_pragma(dt_pcb_t *, dt_srcpos_t);

/*
 * The next token, a #pragma line taken as it is met: a pragma may start
 * any line, in the middle of a declaration or a clause too, and it is no
 * token of the grammar.  It acts as soon as the lexer reaches it, which is
 * at most one token (the peek) ahead of the parser.
 */
static void
lex(dt_pcb_t *pcb, dt_token_t *tk)
{
	dt_lex_next(pcb, tk);
	while (tk->tk_kind == T_PRAGMA) {
		parse_pragma(pcb, tk->tk_pos);
		dt_lex_next(pcb, tk);
	}
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
		lex(pcb, &pcb->pcb_tok);
	}
}

static dt_token_t *
peek(dt_pcb_t *pcb)
{
	if (!pcb->pcb_havepeek) {
		lex(pcb, &pcb->pcb_peek);
		pcb->pcb_havepeek = true;
	}
	return (&pcb->pcb_peek);
}

static void skip_params(dt_pcb_t *);

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
 * Macro variables DTrace has that Linux cannot give ($projid, $taskid),
 * and argument numbers past an int, are an error; tofree (what the caller
 * has allocated) is freed first, since the error unwinds the compilation.
 */
static void
macro_check(dt_pcb_t *pcb, const char *name, dt_srcpos_t pos, void *tofree)
{
	if (name[0] == '$')
		name++;
	if (isdigit((unsigned char)name[0])) {
		long n;

		errno = 0;
		n = strtol(name, NULL, 10);
		if (errno != ERANGE && n <= INT_MAX)
			return;
		free(tofree);
		dt_cerror(pcb, "D_MACRO_OFLOW", pos, "macro argument $%s: the "
		    "number is too large", name);
	}
	if (strcmp(name, "projid") != 0 && strcmp(name, "taskid") != 0)
		return;
	free(tofree);
	/* DTrace for Linux defines neither: its undefined-macro tag */
	dt_cerror(pcb, "D_MACRO_UNDEF", pos, "macro variable $%s is not "
	    "available: Linux has no %s", name, name[0] == 'p' ? "projects" :
	    "tasks");
}

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

	macro_check(pcb, name, pos, NULL);
	if (name[0] == '$')
		name++;
	if (isdigit((unsigned char)name[0])) {
		/* macro_check() refused numbers past an int */
		long n = strtol(name, NULL, 10);

		if (n >= 0 && n < pcb->pcb_argc) {
			pcb->pcb_argused |= 1ULL << (n < 63 ? n : 63);
			return (pcb->pcb_argv[n]);
		}
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
			macro_check(pcb, name, pos, out);
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
static dt_node_t *parse_ternary(dt_pcb_t *);
static dt_node_t *parse_binary(dt_pcb_t *, int);
static dt_node_t *parse_postfix(dt_pcb_t *);

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

static dt_node_t *parse_primary(dt_pcb_t *);

/* A string node of text v (n bytes). */
static dt_node_t *
str_node(dt_pcb_t *pcb, dt_srcpos_t pos, const char *v, size_t n)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_STRING, pos);

	if ((dnp->dn_str = strndup(v, n)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dnp->dn_strlen = n;
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
	dt_token_t *t = tok(pcb);
	char buf[32];
	const char *val;
	char *name;

	if (t->tk_kind != T_MACRO || strncmp(t->tk_str, "$$", 2) == 0 ||
	    !isdigit((unsigned char)t->tk_str[1]) ||
	    (val = macro_value(pcb, t->tk_str, false, t->tk_pos, buf,
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
	dt_token_t *t = tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	char buf[32], *end;
	const char *val;
	bool str = strncmp(t->tk_str, "$$", 2) == 0;
	dt_node_t *dnp;
	size_t n;

	if ((val = macro_value(pcb, t->tk_str + (str ? 1 : 0), str, pos,
	    buf, sizeof (buf))) == NULL)
		dt_cerror(pcb, "D_MACRO_UNDEF", pos,
		    "macro argument %s is not defined", t->tk_str);
	n = strlen(val);
	if (str) {
		dnp = str_node(pcb, pos, val, n);
	} else if (*val == '-' && (strtoll(val, &end, 0), end != val + 1) &&
	    *end == '\0') {
		/* a negative number: int if it fits, else long */
		long long sv = strtoll(val, NULL, 0);

		dnp = int_node(pcb, pos, 0, 0, sv < INT32_MIN, 1);
		dnp->dn_value = sv;
	} else if (isdigit((unsigned char)*val) &&
	    (strtoull(val, &end, 0), *end == '\0')) {
		dnp = int_node(pcb, pos, strtoull(val, NULL, 0), 0, 0, 1);
	} else if (is_ident_text(val)) {
		char *name = strdup(val);

		if (name == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		free(t->tk_str);
		t->tk_str = name;
		t->tk_kind = T_IDENT;
		return (parse_primary(pcb));
	} else if (n >= 2 && val[0] == '"' && val[n - 1] == '"') {
		dnp = str_node(pcb, pos, val + 1, n - 2);
	} else {
		dnp = str_node(pcb, pos, val, n);
	}
	next(pcb);
	return (dnp);
}

static dt_type_t parse_typename(dt_pcb_t *, int64_t *);
static dt_type_t parse_basetype(dt_pcb_t *, int64_t *);
static bool is_type_start(dt_pcb_t *, const dt_token_t *);
static void skip_qualifiers(dt_pcb_t *);
static dt_type_t parse_stars(dt_pcb_t *, dt_type_t, int64_t *, dt_srcpos_t);

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
	/* DTrace's grammar takes a type name here, nothing else */
	if (!is_type_start(pcb, tok(pcb)))
		syntax_error(pcb);
	pcb->pcb_offsetof = true;
	ty = parse_typename(pcb, NULL);
	pcb->pcb_offsetof = false;
	expect(pcb, T_COMMA);
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	if (ty.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_OFFSETOF_TYPE", pos, "offsetof operand must "
		    "be a struct or union type");
	te = dt_pcb_types(pcb, pos);
	if (dt_btf_member(te->te_btf, ty.ty_btf, tok(pcb)->tk_str, &mtype,
	    &off, &bit, &bitsize) != 0)
		dt_cerror(pcb, "D_UNKNOWN", tok(pcb)->tk_pos, "failed to "
		    "determine offset of %s: Invalid member name",
		    tok(pcb)->tk_str);
	if (bitsize != 0)
		dt_cerror(pcb, "D_OFFSETOF_BITFIELD", tok(pcb)->tk_pos,
		    "offsetof( ) cannot be applied to a bit-field");
	next(pcb);
	expect(pcb, T_RPAR);
	dnp = int_node(pcb, pos, off, 1, 1, 1);
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

	if (ks == NULL || (addr = dt_ksyms_addr(ks, peek(pcb)->tk_str)) == 0)
		return (NULL);
	next(pcb);
	next(pcb);
	dnp = dt_node_new(pcb, DN_CAST, pos);
	dnp->dn_type = (dt_type_t){ DT_TK_PTR, 8, 0, 0 };
	dnp->dn_left = int_node(pcb, pos, addr, 1, 1, 0);
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
		/* a character constant that fits one is an int, as in C
		   ('\377' is -1, not an unsigned long long) */
		if (t->tk_start[0] == '\'' && (int64_t)t->tk_int >= INT32_MIN &&
		    (int64_t)t->tk_int <= INT32_MAX)
			dnp->dn_type.ty_size = 4, dnp->dn_type.ty_signed = 1;
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
			/*
			 * @a[1][2]: kept for dt_sema to refuse (D_AGG_MDIM),
			 * so that the errors of parsing come first, as in
			 * DTrace, which refuses it when it checks types.
			 */
			while (tok(pcb)->tk_kind == T_LBRACK) {
				dt_node_t *ix;

				next(pcb);
				pcb->pcb_inpred = false;
				ix = parse_expr(pcb);
				pcb->pcb_inpred = inpred;
				expect(pcb, T_RBRACK);
				if (dnp->dn_left == NULL)
					dnp->dn_left = ix;
			}
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
		if (strcmp(t->tk_str, "xlate") == 0 &&
		    peek(pcb)->tk_kind == T_LT) {
			/* xlate < type > ( expr ) */
			dnp = dt_node_new(pcb, DN_XLATE, t->tk_pos);
			next(pcb);
			next(pcb);
			if (!is_type_start(pcb, tok(pcb)))
				syntax_error(pcb);
			dnp->dn_type = parse_typename(pcb, NULL);
			expect(pcb, T_GT);
			expect(pcb, T_LPAR);
			dnp->dn_left = parse_expr(pcb);
			expect(pcb, T_RPAR);
			return (dnp);
		}
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
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *dnp = parse_primary(pcb);

	for (;;) {
		dt_token_t *t = tok(pcb);

		dt_depth_enter(pcb, t->tk_pos);	/* each suffix: a level */
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
			macro_ident(pcb);
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
			macro_ident(pcb);
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
	{ "ptrdiff_t", { DT_TK_INT, 8, 1 } },
	{ "uchar_t", { DT_TK_INT, 1, 0 } }, { "ushort_t", { DT_TK_INT, 2, 0 } },
	{ "uint_t", { DT_TK_INT, 4, 0 } }, { "ulong_t", { DT_TK_INT, 8, 0 } },
	{ "longlong_t", { DT_TK_INT, 8, 1 } },
	{ "u_longlong_t", { DT_TK_INT, 8, 0 } },
	{ "id_t", { DT_TK_INT, 4, 1 } }, { "pid_t", { DT_TK_INT, 4, 1 } },
	{ "ipaddr_t", { DT_TK_INT, 4, 0 } },	/* an IPv4 address */
	{ "in_addr_t", { DT_TK_INT, 4, 0 } },
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
	bool err;
	dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, name, &err);

	if (err)
		dt_lib_error(pcb, tok(pcb)->tk_pos);

	return (idp != NULL && idp->di_kind == DT_IDENT_TYPE ? idp : NULL);
}

/*
 * The value of an integral constant expression: integer constants,
 * inline constants (enumerators among them) and the arithmetic, bitwise
 * and shift operators on them.  False if the expression is not one.
 */
static bool const_value_level(dt_pcb_t *, const dt_node_t *, int64_t *);

static bool
const_value(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp)
{
	unsigned int depth = pcb->pcb_depth;
	bool rv;

	dt_depth_enter(pcb, dnp->dn_pos);
	rv = const_value_level(pcb, dnp, vp);
	pcb->pcb_depth = depth;
	return (rv);
}

static bool
const_value_level(dt_pcb_t *pcb, const dt_node_t *dnp, int64_t *vp)
{
	int64_t l, r;

	switch (dnp->dn_kind) {
	case DN_INT:
		*vp = dnp->dn_value;
		return (true);
	case DN_VAR: {
		/* an integer inline (the D library's too), a uregs[] name */
		bool err;
		dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, dnp->dn_str,
		    &err);

		if (err)
			dt_lib_error(pcb, dnp->dn_pos);
		if (idp == NULL && (*vp = dt_regs_lookup(dnp->dn_str)) >= 0)
			return (true);
		/* one of a constant expression was folded when declared
		   (dt_sema_declare()): its expression is not walked again,
		   which a chain of inlines would make exponential */
		if (idp == NULL || idp->di_kind != DT_IDENT_INLINE ||
		    idp->di_type.ty_kind != DT_TK_INT ||
		    idp->di_inline->dn_kind != DN_INT)
			return (false);
		*vp = dt_int_canonical(idp->di_inline->dn_value,
		    idp->di_type);
		return (true);
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
	if (dt_builtin_taken(pcb->pcb_hdl, name) != NULL)
		dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier redeclared: "
		    "%s is a built-in", name);
	if (dt_ident_lookup(pcb->pcb_hdl, name) != NULL)
		dt_cerror(pcb, "D_DECL_IDRED", pos, "identifier redeclared: "
		    "%s", name);
}

#define DT_ENUM_MAXNAMES	256	/* enumerators a BTF enum is made of */

/*
 * enum [tag] { NAME [= constant], ... }: the current token is '{'.  Each
 * enumerator becomes an inline int constant; the tag, if any, a type name
 * "enum tag" of type int, which keeps the enumerators for print( ).
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
	char names[DT_ENUM_MAXNAMES][64];	/* for print( ) */
	int32_t vals[DT_ENUM_MAXNAMES];
	int nnamed = DT_ENUM_MAXNAMES;	/* 0: a name too long to keep */

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
		    epos, (uint64_t)value, 0, 0, 1), epos)) == NULL)
			dt_cerror(pcb, "D_NOMEM", epos, "out of memory");
		idp->di_inline->dn_value = value;
		idp->di_inline->dn_type = t_enum;
		idp->di_type = t_enum;
		idp->di_defined = true;
		if (tag != NULL && n < DT_ENUM_MAXNAMES) {
			size_t len = strlen(name);

			if (len >= sizeof (names[n]))	/* left unnamed */
				nnamed = 0;
			else
				memcpy(names[n], name, len + 1);
			vals[n] = (int32_t)value;
		}
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
		int k = n < nnamed ? n : nnamed;

		if ((idp = dt_ident_create(dtp, tname, DT_IDENT_TYPE)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = t_enum;
		idp->di_tsize = 4;
		idp->di_defined = true;
		if (k > 0 && ((idp->di_enames = calloc((size_t)k,
		    sizeof (char *))) == NULL || (idp->di_evals =
		    calloc((size_t)k, sizeof (int32_t))) == NULL))
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		for (int i = 0; i < k; i++) {
			if ((idp->di_enames[i] = strdup(names[i])) == NULL)
				dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
			idp->di_evals[i] = vals[i];
			idp->di_nenum = (unsigned int)i + 1;
		}
	}
	return (t_enum);
}

/* ---- struct and union declared in D ------------------------------------- */

#define DT_SOU_MAXMEMB	512	/* members of one struct or union */
#define DT_SOU_MAXDIMS	8	/* dimensions of a member array */

typedef struct sou_member {
	uint32_t sm_name;	/* name in the BTF strings; 0: anonymous */
	uint32_t sm_type;	/* BTF type */
	uint32_t sm_bits;	/* bit-field width; 0: not a bit-field */
	uint32_t sm_off;	/* bit offset, once laid out */
} sou_member_t;

/* The handle's types declared in D, made on first use. */
static dt_tentry_t *
d_types(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	dt_tentry_t *te = dt_dtypes(pcb->pcb_hdl);

	if (te == NULL) {
		char msg[sizeof (pcb->pcb_hdl->dt_errmsg)];

		memcpy(msg, pcb->pcb_hdl->dt_errmsg, sizeof (msg));
		dt_cerror(pcb, "D_BTF", pos, "%s", msg);
	}
	return (te);
}

/*
 * The type name "struct tag" (or "union tag") declared in D, created
 * incomplete if it does not exist: its BTF form is then a typedef named
 * like it, of void, pointed to by the pointers declared before the body;
 * the body makes the typedef's target the struct (see sou_complete()).
 * An incomplete type has size -1.
 */
static dt_ident_t *
sou_tag(dt_pcb_t *pcb, bool isunion, const char *tag, dt_srcpos_t pos)
{
	char tname[300];
	dt_ident_t *idp;
	dt_tentry_t *te;
	int fid;

	snprintf(tname, sizeof (tname), "%s %s", isunion ? "union" : "struct",
	    tag);
	if ((idp = d_typename(pcb, tname)) != NULL)
		return (idp);
	te = d_types(pcb, pos);
	if ((fid = btf__add_typedef(te->te_btf, tname, 0)) < 0 ||
	    (idp = dt_ident_create(pcb->pcb_hdl, tname, DT_IDENT_TYPE)) ==
	    NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dt_tcache_grown(te);
	idp->di_type = (dt_type_t){ DT_TK_STRUCT, 0, 0 };
	idp->di_type.ty_btf = (uint32_t)fid;
	idp->di_tsize = -1;
	idp->di_defined = true;
	return (idp);
}

/* A member's BTF type, in the D types: an error names the member. */
static uint32_t
member_btf(dt_pcb_t *pcb, dt_type_t ty, const char *name, dt_srcpos_t pos)
{
	int64_t id = dt_dtype_btf(pcb->pcb_hdl, ty);

	if (id < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "cannot make the type of "
		    "member %s: out of memory", name);
	return ((uint32_t)id);
}

/*
 * A scalar member's BTF type as its declaration names it, for print( )
 * to show that name as DTrace does: the kernel's own type (__u8, bool, a
 * kernel typedef or enum), else D's typedef (uint64_t) or long long made
 * a typedef of the D integer, or an enum declared in D made a BTF enum,
 * in the D types.
 */
static uint32_t
named_btf(dt_pcb_t *pcb, uint32_t kid, const char *tname,
    const dt_ident_t *eidp, dt_type_t ty, const char *name, dt_srcpos_t pos)
{
	int64_t id;

	if (kid != 0)
		return (kid);
	if (eidp != NULL && eidp->di_nenum > 0)
		id = dt_dtype_enum(pcb->pcb_hdl, eidp->di_name + 5,
		    (const char *const *)eidp->di_enames, eidp->di_evals,
		    eidp->di_nenum);
	else if (eidp != NULL)
		return (member_btf(pcb, ty, name, pos));
	else
		id = dt_dtype_named(pcb->pcb_hdl, tname, ty);
	if (id < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "cannot make the type of "
		    "member %s: out of memory", name);
	return ((uint32_t)id);
}

/*
 * The bytes a bit-field of width bits occupies, and its alignment: the
 * smallest power of two that holds it (DTrace gives each bit-field an
 * integer type of its own of that size).
 */
static uint64_t
bitfield_unit(uint32_t bits)
{
	uint64_t unit = 1;

	while (unit * 8 < bits)
		unit *= 2;
	return (unit);
}

/*
 * Lay the members out as DTrace does on LP64: each member starts at the
 * first byte after the end of the one before, rounded up to a multiple
 * of its alignment.  A bit-field is no exception: it starts a byte of its
 * own, aligned to its unit (bitfield_unit()), so that struct { char a:2;
 * char b:3; } takes two bytes; zero-width bit-fields are not members (see
 * parse_sou_body()).  Other members are aligned as C aligns them.  In a
 * union every member is at 0.  Returns the size: the end of the member
 * that ends last, unpadded (DTrace adds no tail padding: struct { int a;
 * char b; } is 5 bytes, struct { int c : 12; int a : 10; int b : 3; } 5).
 */
static int64_t
sou_layout(const struct btf *btf, bool isunion, sou_member_t *mv,
    unsigned int n)
{
	uint64_t off = 0, end = 0;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t sz = (uint64_t)btf__resolve_size(btf, mv[i].sm_type);
		uint64_t al = dt_btf_align(btf, mv[i].sm_type);
		uint64_t bits = sz * 8;

		if (mv[i].sm_bits != 0) {
			bits = mv[i].sm_bits;
			sz = bitfield_unit(mv[i].sm_bits);
			al = sz;
		}
		if (al == 0)
			al = 1;
		off = isunion ? 0 : (off + 7) / 8;	/* bytes */
		off = (off + al - 1) / al * al;
		mv[i].sm_off = (uint32_t)(off * 8);
		if (off + sz > end)
			end = off + sz;
		off = off * 8 + bits;			/* bits */
	}
	return ((int64_t)end);
}

/*
 * Make the struct or union of members mv in the D types, and complete the
 * tag's type name if it has one.
 */
static dt_type_t
sou_complete(dt_pcb_t *pcb, bool isunion, dt_ident_t *tagp,
    sou_member_t *mv, unsigned int n, int64_t *sizep, dt_srcpos_t pos)
{
	dt_tentry_t *te = pcb->pcb_hdl->dt_dtypes;
	struct btf *btf = te->te_btf;
	int64_t size = sou_layout(btf, isunion, mv, n);
	const char *tag = tagp != NULL ? strchr(tagp->di_name, ' ') + 1 : NULL;
	dt_type_t ty = { DT_TK_STRUCT, 0, 0 };
	int sid;

	if (size > UINT32_MAX / 8)
		dt_cerror(pcb, "D_DECL_ARRBIG", pos, "%s is too big: %lld "
		    "bytes", tagp != NULL ? tagp->di_name : "the type",
		    (long long)size);
	sid = isunion ? btf__add_union(btf, tag, (uint32_t)size) :
	    btf__add_struct(btf, tag, (uint32_t)size);
	for (unsigned int i = 0; i < n && sid > 0; i++) {
		char name[256] = "";

		if (mv[i].sm_name != 0)
			snprintf(name, sizeof (name), "%s",
			    btf__str_by_offset(btf, mv[i].sm_name));
		if (btf__add_field(btf, name[0] != '\0' ? name : NULL,
		    (int)mv[i].sm_type, mv[i].sm_off, mv[i].sm_bits) < 0)
			sid = -1;
	}
	if (sid < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dt_tcache_grown(te);
	ty.ty_btf = (uint32_t)sid;
	if (tagp != NULL) {
		/* pointers declared before the body reach it now */
		struct btf_type *fwd = (struct btf_type *)(uintptr_t)
		    btf__type_by_id(btf, tagp->di_type.ty_btf);

		fwd->type = (uint32_t)sid;
		tagp->di_type = ty;
		tagp->di_tsize = size;
	}
	*sizep = size;
	return (ty);
}

/*
 * struct [tag] { member-declarations } and the same for unions: the
 * current token is '{'.  A member declaration is a base type and one or
 * more declarators: '*'s, a name, array dimensions, a bit-field width.
 */
/*
 * The dimensions [N][M]... after the name of a member or variable: each a
 * positive integral constant, the whole at most UINT32_MAX / 8 elements.
 * Returns how many; *nelemsp their product.
 */
static unsigned int
parse_dims(dt_pcb_t *pcb, const char *name, dt_srcpos_t dpos,
    uint32_t *dims, uint64_t *nelemsp)
{
	unsigned int ndims = 0;
	int64_t v;

	*nelemsp = 1;
	while (tok(pcb)->tk_kind == T_LBRACK) {
		dt_node_t *e;

		next(pcb);
		if (tok(pcb)->tk_kind == T_RBRACK)
			dt_cerror(pcb, "D_DECL_ARRNULL", dpos, "array %s needs "
			    "a dimension", name);
		e = parse_assign(pcb);
		if (!const_value(pcb, e, &v) || v <= 0)
			dt_cerror(pcb, "D_DECL_ARRSUB", e->dn_pos, "the "
			    "dimension of %s must be a positive integral "
			    "constant", name);
		if (ndims == DT_SOU_MAXDIMS)
			dt_cerror(pcb, "D_DECL_ARRBIG", dpos, "%s has more than "
			    "%d dimensions", name, DT_SOU_MAXDIMS);
		if ((uint64_t)v > UINT32_MAX / 8 ||
		    (*nelemsp *= (uint64_t)v) > UINT32_MAX / 8)
			dt_cerror(pcb, "D_DECL_ARRBIG", dpos, "array %s is too "
			    "big", name);
		dims[ndims++] = (uint32_t)v;
		expect(pcb, T_RBRACK);
	}
	return (ndims);
}

/* The BTF type, in the D types, of an array of ty: an error names it. */
static uint32_t
array_btf(dt_pcb_t *pcb, dt_type_t ty, const uint32_t *dims,
    unsigned int ndims, const char *name, dt_srcpos_t pos)
{
	int64_t id;

	(void) d_types(pcb, pos);
	if ((id = dt_dtype_array(pcb->pcb_hdl, ty, dims, ndims)) < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "cannot make the type of %s: "
		    "out of memory", name);
	return ((uint32_t)id);
}

static dt_type_t
parse_sou_body(dt_pcb_t *pcb, bool isunion, const char *tag, int64_t *sizep,
    dt_srcpos_t pos)
{
	const char *kw = isunion ? "union" : "struct";
	sou_member_t mv[DT_SOU_MAXMEMB];
	dt_ident_t *tagp = NULL;
	unsigned int n = 0;
	struct btf *btf;

	if (tag != NULL) {
		tagp = sou_tag(pcb, isunion, tag, pos);
		if (tagp->di_tsize >= 0)
			dt_cerror(pcb, "D_DECL_TYPERED", pos, "type redeclared: "
			    "%s", tagp->di_name);
	}
	btf = d_types(pcb, pos)->te_btf;
	next(pcb);
	while (tok(pcb)->tk_kind != T_RBRACE) {
		dt_srcpos_t mpos = tok(pcb)->tk_pos;
		int64_t bsize;
		dt_type_t bty;
		uint32_t bkid;
		const char *bname;
		const dt_ident_t *benum;

		if (!is_type_start(pcb, tok(pcb)))
			dt_cerror(pcb, "D_DECL_IDENT", mpos, "a member "
			    "declaration must start with a type");
		bty = parse_basetype(pcb, &bsize);
		bkid = pcb->pcb_basekid;
		bname = pcb->pcb_basename;
		benum = pcb->pcb_baseenum;
		if (tok(pcb)->tk_kind == T_SEMI &&
		    bty.ty_kind == DT_TK_STRUCT && bsize >= 0) {
			/* an anonymous struct or union member */
			if (n == DT_SOU_MAXMEMB)
				goto toomany;
			mv[n++] = (sou_member_t){ 0, member_btf(pcb, bty,
			    "(anonymous)", mpos), 0, 0 };
			next(pcb);
			continue;
		}
		for (;;) {
			uint32_t dims[DT_SOU_MAXDIMS];
			uint64_t nelems = 1;
			unsigned int ndims = 0;
			int64_t msize = bsize, v;
			dt_srcpos_t dpos = tok(pcb)->tk_pos;
			dt_type_t mty = bty;
			char name[256] = "";
			uint32_t tid, bits = 0;
			bool zerowidth = false, fnptr = false;

			if (tok(pcb)->tk_kind == T_STAR)
				mty = parse_stars(pcb, bty, &msize, dpos);
			if (tok(pcb)->tk_kind == T_LPAR &&
			    peek(pcb)->tk_kind == T_STAR) {
				/* T (*name[N])(params): pointers to
				   functions, held as generic pointers */
				next(pcb);
				mty = parse_stars(pcb, (dt_type_t){
				    DT_TK_VOID }, &msize, dpos);
				if (tok(pcb)->tk_kind != T_IDENT)
					dt_cerror(pcb, "D_DECL_MNAME", dpos,
					    "a member of %s needs a name", kw);
				snprintf(name, sizeof (name), "%s",
				    tok(pcb)->tk_str);
				dpos = tok(pcb)->tk_pos;
				next(pcb);
				ndims = parse_dims(pcb, name, dpos, dims,
				    &nelems);
				expect(pcb, T_RPAR);
				skip_params(pcb);
				fnptr = true;
			} else if (tok(pcb)->tk_kind == T_IDENT) {
				snprintf(name, sizeof (name), "%s",
				    tok(pcb)->tk_str);
				dpos = tok(pcb)->tk_pos;
				next(pcb);
				if (tok(pcb)->tk_kind == T_LPAR)
					dt_cerror(pcb, "D_DECL_VOIDOBJ", dpos,
					    "member %s cannot be a function: "
					    "a function has no size", name);
			} else if (tok(pcb)->tk_kind != T_COLON) {
				dt_cerror(pcb, "D_DECL_MNAME", dpos, "a member "
				    "of %s needs a name", kw);
			}
			if (!fnptr)
				ndims = parse_dims(pcb, name, dpos, dims,
				    &nelems);
			if (tok(pcb)->tk_kind == T_COLON) {
				dt_node_t *e;

				next(pcb);
				e = parse_ternary(pcb);
				if (mty.ty_kind != DT_TK_INT || ndims > 0)
					dt_cerror(pcb, "D_DECL_BFTYPE", dpos,
					    "bit-field %s must have an "
					    "integer type", name);
				if (!const_value(pcb, e, &v))
					dt_cerror(pcb, "D_DECL_BFCONST",
					    e->dn_pos, "the width of "
					    "bit-field %s must be an integral "
					    "constant", name);
				if (v < 0 || (v == 0 && name[0] != '\0'))
					dt_cerror(pcb, "D_DECL_BFCONST",
					    e->dn_pos, "positive integral "
					    "constant expression required "
					    "for bit-field %s: %lld", name,
					    (long long)v);
				if (v > msize * 8)
					dt_cerror(pcb, "D_DECL_BFSIZE",
					    e->dn_pos, "bit-field %s: width "
					    "%lld is wider than its type",
					    name, (long long)v);
				bits = (uint32_t)v;
				zerowidth = v == 0;
			}
			if (mty.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_DECL_VOIDOBJ", dpos, "cannot "
				    "declare member %s of type void", name);
			if (msize < 0)
				dt_cerror(pcb, "D_DECL_INCOMPLETE", dpos,
				    "member %s has an incomplete type", name);
			if ((uint64_t)msize * nelems > UINT32_MAX / 8)
				dt_cerror(pcb, "D_DECL_ARRBIG", dpos,
				    "member %s is too big", name);
			if (ndims > 0)
				tid = array_btf(pcb, mty, dims, ndims, name,
				    dpos);
			else if (bits == 0 && !fnptr && mty.ty_kind ==
			    bty.ty_kind && (bkid != 0 || bname != NULL ||
			    benum != NULL))
				/* the type as named, for print( ) */
				tid = named_btf(pcb, bkid, bname, benum, mty,
				    name, dpos);
			else
				tid = member_btf(pcb, mty, name, dpos);
			if (zerowidth) {
				/* "int : 0": DTrace starts every bit-field
				   on a byte of its own, so it changes
				   nothing and is no member */
				if (tok(pcb)->tk_kind != T_COMMA)
					break;
				next(pcb);
				continue;
			}
			if (n == DT_SOU_MAXMEMB)
				goto toomany;
			mv[n] = (sou_member_t){ 0, tid, bits, 0 };
			if (name[0] != '\0') {
				int off = btf__add_str(btf, name);

				if (off < 0)
					dt_cerror(pcb, "D_NOMEM", dpos,
					    "out of memory");
				mv[n].sm_name = (uint32_t)off;
				for (unsigned int i = 0; i < n; i++) {
					if (mv[i].sm_name == mv[n].sm_name)
						dt_cerror(pcb, "D_UNKNOWN",
						    dpos, "failed to define "
						    "member %s: duplicate "
						    "member name", name);
				}
			}
			n++;
			if (tok(pcb)->tk_kind != T_COMMA)
				break;
			next(pcb);
		}
		expect(pcb, T_SEMI);
	}
	if (n == 0)
		dt_cerror(pcb, "D_DECL_MNAME", pos, "a %s needs at least one "
		    "member", kw);
	next(pcb);
	return (sou_complete(pcb, isunion, tagp, mv, n, sizep, pos));
toomany:
	dt_cerror(pcb, "D_DECL_ARRBIG", pos, "a %s has at most %d members",
	    kw, DT_SOU_MAXMEMB);
}

/*
 * Is identifier t the module of module`name, where name is a type name
 * of that module's types (vmlinux`__be32)?  The source right after t
 * says, when t is the last token read (the current one with no peek, or
 * the peek): module`name is otherwise a kernel symbol.  A module other
 * than vmlinux is looked at only inside a clause, where its types may
 * be used, and only when the kernel has type data for it.
 */
static bool
is_module_type(dt_pcb_t *pcb, const dt_token_t *t)
{
	const char *p = pcb->pcb_ptr, *e;
	char name[256], path[300];

	if (!(t == &pcb->pcb_peek || (t == &pcb->pcb_tok &&
	    !pcb->pcb_havepeek)) || *p != '`')
		return (false);
	for (e = ++p; isalnum((unsigned char)*e) || *e == '_'; e++)
		;
	if (e == p || (size_t)(e - p) >= sizeof (name) ||
	    dt_ktypes(pcb->pcb_hdl) == NULL)
		return (false);
	snprintf(name, sizeof (name), "%.*s", (int)(e - p), p);
	if (strcmp(t->tk_str, "D") == 0 && (d_typedef(name) != NULL ||
	    d_typename(pcb, name) != NULL))
		return (true);
	if (strcmp(t->tk_str, "vmlinux") != 0) {
		snprintf(path, sizeof (path), "/sys/kernel/btf/%s", t->tk_str);
		if (pcb->pcb_clause == NULL || strchr(t->tk_str, '/') != NULL ||
		    access(path, R_OK) != 0)
			return (false);
		dt_pcb_module_types(pcb, t->tk_str, t->tk_pos);
	}
	return (dt_tcache_name(dt_pcb_types(pcb, t->tk_pos), name) != 0);
}

/*
 * Is the token the start of a type name?  An identifier is one if it is
 * not a variable and names a D typedef or a kernel typedef or base type
 * (which loads the kernel types: only an unknown identifier in
 * parentheses gets that far).
 */
/* Is t a C type qualifier (const, volatile, restrict)?  D ignores them. */
static bool
is_qualifier(const dt_token_t *t)
{
	return (t->tk_kind == T_IDENT && (strcmp(t->tk_str, "const") == 0 ||
	    strcmp(t->tk_str, "volatile") == 0 ||
	    strcmp(t->tk_str, "restrict") == 0));
}

/* Reads the type qualifiers at the current token, if any. */
static void
skip_qualifiers(dt_pcb_t *pcb)
{
	while (is_qualifier(tok(pcb)))
		next(pcb);
}

static bool
is_type_start(dt_pcb_t *pcb, const dt_token_t *t)
{
	dt_tok_t k = t->tk_kind;

	if (is_qualifier(t))
		return (true);

	if (k == T_KW_INT || k == T_KW_CHAR || k == T_KW_SHORT ||
	    k == T_KW_LONG || k == T_KW_UNSIGNED || k == T_KW_SIGNED ||
	    k == T_KW_VOID || k == T_KW_STRING || k == T_KW_STRUCT ||
	    k == T_KW_FLOAT || k == T_KW_DOUBLE ||
	    k == T_KW_UNION || k == T_KW_ENUM)
		return (true);
	if (k != T_IDENT)
		return (false);
	if (is_module_type(pcb, t))
		return (true);
	if (d_typedef(t->tk_str) != NULL || d_typename(pcb, t->tk_str) != NULL)
		return (true);
	if (dt_builtin_lookup(t->tk_str) != NULL ||
	    dt_ident_lookup(pcb->pcb_hdl, t->tk_str) != NULL)
		return (false);
	if (dt_ktypes(pcb->pcb_hdl) == NULL)
		return (false);	/* no kernel types: not a type name */
	return (dt_tcache_name(dt_pcb_types(pcb, t->tk_pos), t->tk_str) != 0);
}

static uint32_t tagged_lookup(dt_pcb_t *, int, const char *, dt_srcpos_t);

/*
 * Does mod` name a container of the session's own types: the kernel's
 * (vmlinux), or DTrace's D and C containers, which here are the same
 * table as the program's declarations?
 */
static bool
own_types_module(const char *mod)
{
	return (strcmp(mod, "vmlinux") == 0 || strcmp(mod, "D") == 0 ||
	    strcmp(mod, "C") == 0);
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
		next(pcb);
		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		if (peek(pcb)->tk_kind == T_LBRACE)
			dt_cerror(pcb, "D_SYNTAX", pos, "%s %s`%s { ... }: a "
			    "type defined in D cannot be scoped to a module",
			    kw, name, tok(pcb)->tk_str);
		if (!own_types_module(name))
			dt_pcb_module_types(pcb, name, pos);
		snprintf(name, sizeof (name), "%s", tok(pcb)->tk_str);
		next(pcb);
	}
	te = dt_pcb_types(pcb, pos);
	/* DTrace's offsetof() takes an unknown tag for an incomplete type */
	if ((id = dt_tcache_tag(te, kind, name)) == 0 && pcb->pcb_offsetof)
		dt_cerror(pcb, "D_OFFSETOF_TYPE", pos, "offsetof operand must "
		    "be a struct or union type");
	if (id == 0)
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
		pcb->pcb_baseenum = idp;
		return (idp->di_type);
	}
	/*
	 * An extern declaration names a kernel symbol's C type and D keeps
	 * nothing of it: an enum tag neither D nor the kernel has is C's
	 * incomplete enum there (DTrace takes extern enum uio_rw e;).
	 */
	if (pcb->pcb_extern && peek(pcb)->tk_kind != T_BACKQUOTE &&
	    dt_tcache_tag(dt_pcb_types(pcb, pos), BTF_KIND_ENUM,
	    tok(pcb)->tk_str) == 0) {
		next(pcb);
		return ((dt_type_t){ DT_TK_INT, 4, 1, 0 });
	}
	id = tagged_lookup(pcb, BTF_KIND_ENUM, "enum", pos);
	te = dt_pcb_types(pcb, pos);
	if (te == pcb->pcb_hdl->dt_dtypes || te == dt_ktypes(pcb->pcb_hdl) ||
	    id < btf__type_cnt(dt_ktypes(pcb->pcb_hdl)->te_btf))
		pcb->pcb_basekid = id;
	if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
		dt_cerror(pcb, "D_TYPE_ERR", pos, "type %s is %s, which D "
		    "cannot use", tname, what);
	*sizep = dt_btf_size(te->te_btf, id);
	return (ty);
}

/*
 * type-name := base-type '*'...
 * *sizep (if not NULL) receives the size of the type named.
 */
static dt_type_t
parse_typename(dt_pcb_t *pcb, int64_t *sizep)
{
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	int64_t size;
	dt_type_t ty = parse_basetype(pcb, &size);

	if (tok(pcb)->tk_kind == T_STAR)
		ty = parse_stars(pcb, ty, &size, pos);
	if (sizep != NULL)
		*sizep = size;
	return (ty);
}

/*
 * Two type names in one type, a (char, int, short, void or string) and b:
 * short with char or void is an attribute they do not take.
 */
static void __attribute__((noreturn))
combo_error(dt_pcb_t *pcb, dt_srcpos_t pos, dt_tok_t a, dt_tok_t b)
{
	bool shorted = a == T_KW_SHORT || b == T_KW_SHORT;

	if (shorted && (a == T_KW_CHAR || b == T_KW_CHAR))
		dt_cerror(pcb, "D_DECL_CHARATTR", pos, "invalid type "
		    "combination: short may not be used with char");
	if (shorted && (a == T_KW_VOID || b == T_KW_VOID))
		dt_cerror(pcb, "D_DECL_VOIDATTR", pos, "invalid type "
		    "combination: short may not be used with void");
	dt_cerror(pcb, "D_DECL_COMBO", pos, "invalid type combination: %s "
	    "with %s", dt_tok_name(a), dt_tok_name(b));
}

/*
 * base-type := [signed|unsigned] [char|short|int|long [long] [int]] | void
 *   | string | struct/union/enum [module`]name | struct/union [tag] { ... }
 *   | enum [tag] { ... } | typedef-name.
 * *sizep receives the size of the type named.
 */
static dt_type_t
parse_basetype(dt_pcb_t *pcb, int64_t *sizep)
{
	dt_type_t ty = { DT_TK_INT, 4, 1, 0 };
	int nlong = 0, sign = -1, base = 0;
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	dt_tok_t k;
	int64_t size = -1;

	dt_ident_t *dtn;
	uint32_t kid = 0;		/* pcb_basekid, pcb_basename, */
	const char *bname = NULL;	/* pcb_baseenum */
	const dt_ident_t *benum = NULL;

	skip_qualifiers(pcb);
	k = tok(pcb)->tk_kind;

	if (k == T_KW_ENUM) {
		pcb->pcb_basekid = 0;
		pcb->pcb_baseenum = NULL;
		ty = enum_type(pcb, &size, pos);
		kid = pcb->pcb_basekid;
		benum = pcb->pcb_baseenum;
		base = -1;
	} else if (k == T_IDENT && (dtn = d_typename(pcb,
	    tok(pcb)->tk_str)) != NULL) {
		ty = dtn->di_type;
		size = dtn->di_tsize;
		next(pcb);
		base = -1;
	} else if (k == T_KW_STRUCT || k == T_KW_UNION) {
		/* struct { ... }, struct tag { ... }, a tag declared in D,
		   else the kernel's [module`]tag */
		bool isunion = k == T_KW_UNION;
		char tname[300];
		dt_tentry_t *te;
		const char *what = "";
		uint32_t id;

		next(pcb);
		/* D`tag: DTrace's container of the program's own types */
		if (tok(pcb)->tk_kind == T_IDENT &&
		    strcmp(tok(pcb)->tk_str, "D") == 0 &&
		    peek(pcb)->tk_kind == T_BACKQUOTE) {
			next(pcb);
			next(pcb);
			if (tok(pcb)->tk_kind != T_IDENT)
				syntax_error(pcb);
		}
		snprintf(tname, sizeof (tname), "%s %s", dt_tok_name(k),
		    tok(pcb)->tk_kind == T_IDENT ? tok(pcb)->tk_str : "");
		if (tok(pcb)->tk_kind == T_LBRACE) {
			ty = parse_sou_body(pcb, isunion, NULL, &size, pos);
		} else if (tok(pcb)->tk_kind == T_IDENT &&
		    peek(pcb)->tk_kind == T_LBRACE) {
			char tag[256];

			snprintf(tag, sizeof (tag), "%s", tok(pcb)->tk_str);
			next(pcb);
			ty = parse_sou_body(pcb, isunion, tag, &size, pos);
		} else if ((dtn = d_typename(pcb, tname)) != NULL ||
		    (tok(pcb)->tk_kind == T_IDENT && peek(pcb)->tk_kind ==
		    T_SEMI && pcb->pcb_clause == NULL)) {
			/* a tag of D; "struct tag;" declares one */
			if (dtn == NULL)
				dtn = sou_tag(pcb, isunion, tok(pcb)->tk_str,
				    pos);
			ty = dtn->di_type;
			size = dtn->di_tsize;
			next(pcb);
		} else if (tok(pcb)->tk_kind == T_IDENT && pcb->pcb_clause ==
		    NULL && peek(pcb)->tk_kind != T_BACKQUOTE &&
		    dt_tcache_tag(dt_pcb_types(pcb, pos), isunion ?
		    BTF_KIND_UNION : BTF_KIND_STRUCT, tok(pcb)->tk_str) == 0) {
			/* a tag neither D nor the kernel has, in a
			   declaration: declared here, as C does, and
			   incomplete until defined */
			dtn = sou_tag(pcb, isunion, tok(pcb)->tk_str, pos);
			ty = dtn->di_type;
			size = dtn->di_tsize;
			next(pcb);
		} else {
			id = tagged_lookup(pcb, isunion ? BTF_KIND_UNION :
			    BTF_KIND_STRUCT, dt_tok_name(k), pos);
			te = dt_pcb_types(pcb, pos);
			if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
				dt_cerror(pcb, "D_TYPE_ERR", pos, "type %s is "
				    "%s, which D cannot use", tname, what);
			size = dt_btf_size(te->te_btf, id);
		}
		base = -1;
	} else if (k == T_IDENT && peek(pcb)->tk_kind == T_BACKQUOTE) {
		/* module`name: a type name of the kernel or of a module */
		char mod[256], name[256];
		dt_tentry_t *te;
		const char *what = "";
		uint32_t id;

		snprintf(mod, sizeof (mod), "%s", tok(pcb)->tk_str);
		next(pcb);
		next(pcb);
		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		snprintf(name, sizeof (name), "%s", tok(pcb)->tk_str);
		if (strcmp(mod, "D") == 0 &&
		    (dtn = d_typename(pcb, name)) != NULL) {
			/* D`name: a type name the program declares */
			next(pcb);
			ty = dtn->di_type;
			size = dtn->di_tsize;
		} else {
			if (!own_types_module(mod))
				dt_pcb_module_types(pcb, mod, pos);
			te = dt_pcb_types(pcb, pos);
			if ((id = dt_tcache_name(te, name)) == 0)
				dt_cerror(pcb, "D_SYNTAX", pos, "failed to "
				    "resolve type %s`%s: Unknown type name",
				    mod, name);
			next(pcb);
			if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
				dt_cerror(pcb, "D_TYPE_ERR", pos, "type "
				    "%s`%s is %s, which D cannot use", mod,
				    name, what);
			size = dt_btf_size(te->te_btf, id);
		}
		base = -1;
	} else if (k == T_IDENT && d_typedef(tok(pcb)->tk_str) == NULL) {
		dt_tentry_t *te = dt_pcb_types(pcb, pos);
		const char *what = "";
		uint32_t id = dt_tcache_name(te, tok(pcb)->tk_str);

		next(pcb);
		if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
			dt_cerror(pcb, "D_TYPE_ERR", pos, "type %s is %s, which "
			    "D cannot use", dt_btf_name(te->te_btf, id,
			    (char [256]){ 0 }, 256), what);
		size = dt_btf_size(te->te_btf, id);
		/* an id the D types (split on the kernel's) also have */
		if (te == pcb->pcb_hdl->dt_dtypes ||
		    te == dt_ktypes(pcb->pcb_hdl) ||
		    id < btf__type_cnt(dt_ktypes(pcb->pcb_hdl)->te_btf))
			kid = id;
		base = -1;
	} else if (k == T_IDENT) {
		for (int i = 0; dt_typedefs[i].name != NULL; i++) {
			if (strcmp(dt_typedefs[i].name, tok(pcb)->tk_str) == 0)
				bname = dt_typedefs[i].name;
		}
		ty = *d_typedef(tok(pcb)->tk_str);
		size = ty.ty_size;
		next(pcb);
		base = -1;
	}
	for (; base != -1;) {
		skip_qualifiers(pcb);
		k = tok(pcb)->tk_kind;

		if (k == T_KW_SIGNED || k == T_KW_UNSIGNED) {
			sign = k == T_KW_SIGNED;
		} else if (k == T_KW_LONG) {
			nlong++;
		} else if (k == T_KW_INT || k == T_KW_CHAR ||
		    k == T_KW_SHORT || k == T_KW_VOID || k == T_KW_STRING ||
		    k == T_KW_FLOAT || k == T_KW_DOUBLE) {
			/* int goes with short; char and short take no
			   long; void, string, float and double take
			   nothing */
			if (base != 0 && !(base == T_KW_INT &&
			    k == T_KW_SHORT) && !(base == T_KW_SHORT &&
			    k == T_KW_INT))
				combo_error(pcb, pos, (dt_tok_t)base, k);
			if (base == 0 || base == T_KW_INT)
				base = (int)k;
		} else if (nlong > 0 || sign != -1 || base == T_KW_SHORT) {
			/* long struct, unsigned enum e: the attributes
			   apply to integers only */
			if (k != T_KW_STRUCT && k != T_KW_UNION &&
			    k != T_KW_ENUM)
				break;
			if (nlong > 0)
				dt_cerror(pcb, "D_DECL_LONGINT", pos, "invalid "
				    "type combination: long may only be used "
				    "with integer types");
			if (sign != -1)
				dt_cerror(pcb, "D_DECL_SIGNINT", pos, "invalid "
				    "type combination: signed and unsigned may "
				    "only be used with integer types");
			dt_cerror(pcb, "D_DECL_SHORTINT", pos, "invalid type "
			    "combination: short may only be used with integer "
			    "types");
		} else {
			break;
		}
		next(pcb);
	}
	if (base == T_KW_CHAR && nlong > 0)
		dt_cerror(pcb, "D_DECL_CHARATTR", pos, "invalid type "
		    "combination: long may not be used with char");
	if (base == T_KW_VOID && nlong > 0)
		dt_cerror(pcb, "D_DECL_VOIDATTR", pos, "invalid type "
		    "combination: long may not be used with void");
	if (base == T_KW_SHORT && nlong > 0)
		dt_cerror(pcb, "D_UNKNOWN", pos, "invalid type combination: "
		    "short and long name no type");
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
		case T_KW_FLOAT:
			ty.ty_kind = DT_TK_FLOAT;
			ty.ty_size = 4;
			break;
		case T_KW_DOUBLE:
			/* long double: x86-64's 80 bits in 16 bytes */
			ty.ty_kind = DT_TK_FLOAT;
			ty.ty_size = nlong == 1 ? 16 : 8;
			break;
		default:
			ty.ty_size = nlong > 0 ? 8 : 4;
		}
		if (nlong > 0 && (base == T_KW_CHAR || base == T_KW_SHORT ||
		    ty.ty_kind != DT_TK_INT) && !(base == T_KW_DOUBLE &&
		    nlong == 1))
			dt_cerror(pcb, "D_DECL_LONGINT", pos, "invalid type "
			    "combination: long may only be used with int");
		if (ty.ty_kind == DT_TK_INT)
			ty.ty_signed = sign != 0;
		if (ty.ty_kind == DT_TK_INT && nlong == 2)
			bname = sign == 0 ? "unsigned long long" : "long long";
		else if (ty.ty_kind != DT_TK_INT && sign != -1)
			dt_cerror(pcb, "D_DECL_SIGNINT", pos, "invalid type "
			    "combination: signed and unsigned may only be used "
			    "with integer types");
		size = ty.ty_kind == DT_TK_STRING ?
		    pcb->pcb_hdl->dt_opts.op_strsize : ty.ty_size;
	}
	skip_qualifiers(pcb);	/* char const, struct s volatile */
	*sizep = size;
	pcb->pcb_basekid = kid;
	pcb->pcb_basename = bname;
	pcb->pcb_baseenum = benum;
	return (ty);
}

/*
 * The parameter list of a function type, "(...)", skipped: D cannot call
 * through a pointer to a function, so the parameters tell it nothing.
 * The current token is the '('.
 */
static void
skip_params(dt_pcb_t *pcb)
{
	int depth = 0;

	if (tok(pcb)->tk_kind != T_LPAR)
		syntax_error(pcb);
	do {
		if (tok(pcb)->tk_kind == T_EOF)
			syntax_error(pcb);
		depth += tok(pcb)->tk_kind == T_LPAR ? 1 :
		    tok(pcb)->tk_kind == T_RPAR ? -1 : 0;
		next(pcb);
	} while (depth > 0);
}

/* The '*'s after a type name: the current token is the first. */
static dt_type_t
parse_stars(dt_pcb_t *pcb, dt_type_t ty, int64_t *sizep, dt_srcpos_t pos)
{
	if (ty.ty_kind == DT_TK_STRUCT && tok(pcb)->tk_kind == T_STAR) {
		/* pointer to a struct (or a typedef of one): the struct's
		   id is the pointee */
		ty.ty_kind = DT_TK_PTR;
		ty.ty_size = 8;
		*sizep = 8;
		next(pcb);
		skip_qualifiers(pcb);
	} else if (ty.ty_kind == DT_TK_FLOAT && tok(pcb)->tk_kind == T_STAR) {
		/* pointer to a float: its BTF type (made in the D types
		   for D's own float, double, long double) is the pointee */
		dt_tentry_t *te = d_types(pcb, pos);
		int64_t id = dt_dtype_btf(pcb->pcb_hdl, ty);

		if (id <= 0)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		dt_tcache_grown(te);
		ty = (dt_type_t){ DT_TK_PTR, 8, 0 };
		ty.ty_btf = (uint32_t)id;
		*sizep = 8;
		next(pcb);
		skip_qualifiers(pcb);
	}
	while (tok(pcb)->tk_kind == T_STAR) {
		if (ty.ty_kind == DT_TK_STRING && ty.ty_btf == 0)
			dt_cerror(pcb, "D_TYPE_ERR", pos,
			    "pointers to string are not supported");
		if (ty.ty_kind == DT_TK_STRUCT || ty.ty_kind == DT_TK_ARRAY ||
		    ty.ty_kind == DT_TK_STRING)
			dt_cerror(pcb, "D_TYPE_ERR", pos, "pointers to this "
			    "type are not supported yet");
		if (ty.ty_kind == DT_TK_PTR && ty.ty_plevel == UINT8_MAX)
			dt_cerror(pcb, "D_TYPE_ERR", pos, "more than %d levels "
			    "of pointers", UINT8_MAX);
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
		*sizep = 8;
		next(pcb);
		skip_qualifiers(pcb);	/* char *const p */
	}
	return (ty);
}

static dt_node_t *
parse_unary_level(dt_pcb_t *pcb)
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
	case T_AND:		/* address of */
		next(pcb);
		if (tok(pcb)->tk_kind == T_BACKQUOTE &&
		    peek(pcb)->tk_kind == T_IDENT &&
		    (dnp = ksym_addr(pcb, pos)) != NULL)
			return (dnp);
		dnp = dt_node_new(pcb, DN_UNARY, pos);
		dnp->dn_op = T_AND;
		dnp->dn_left = parse_unary(pcb);
		return (dnp);
	case T_SIZEOF:
		next(pcb);
		if (tok(pcb)->tk_kind == T_LPAR && is_type_start(pcb,
		    peek(pcb))) {
			dt_type_t ty;
			int64_t size;

			next(pcb);
			ty = parse_typename(pcb, &size);
			expect(pcb, T_RPAR);
			if (ty.ty_kind == DT_TK_VOID)
				dt_cerror(pcb, "D_SIZEOF_TYPE", pos,
				    "cannot apply sizeof to an expression "
				    "of void type");
			if (size < 0)
				dt_cerror(pcb, "D_SIZEOF_TYPE", pos,
				    "cannot apply sizeof to an incomplete "
				    "type");
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

/* parse_unary_level(), one level of nesting deeper: parentheses, unary
   operators and casts nest through here. */
static dt_node_t *
parse_unary(dt_pcb_t *pcb)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *dnp;

	dt_depth_enter(pcb, tok(pcb)->tk_pos);
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

	if (!pcb->pcb_inpred || tok(pcb)->tk_kind != T_SLASH)
		return (false);
	k = peek(pcb)->tk_kind;
	return (k == T_LBRACE || k == T_SEMI || k == T_EOF ||
	    k == T_RBRACE);
}

static dt_node_t *
parse_binary(dt_pcb_t *pcb, int minprec)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *left = parse_unary(pcb);

	for (;;) {
		dt_token_t *t = tok(pcb);
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
	unsigned int depth;

	if (tok(pcb)->tk_kind != T_QUESTION)
		return (cond);
	dnp = dt_node_new(pcb, DN_TERNARY, tok(pcb)->tk_pos);
	depth = pcb->pcb_depth;
	dt_depth_enter(pcb, tok(pcb)->tk_pos);
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

static dt_node_t *
parse_assign(dt_pcb_t *pcb)
{
	dt_node_t *left = parse_ternary(pcb), *dnp;
	dt_token_t *t = tok(pcb);
	unsigned int depth;

	if (!is_assign_op(t->tk_kind))
		return (left);
	dnp = dt_node_new(pcb, DN_ASSIGN, t->tk_pos);
	dnp->dn_op = t->tk_kind;
	depth = pcb->pcb_depth;
	dt_depth_enter(pcb, t->tk_pos);
	next(pcb);
	dnp->dn_left = left;
	dnp->dn_right = parse_assign(pcb);
	pcb->pcb_depth = depth;
	return (dnp);
}

static dt_node_t *
parse_expr(dt_pcb_t *pcb)
{
	unsigned int depth = pcb->pcb_depth;
	dt_node_t *left = parse_assign(pcb);

	while (tok(pcb)->tk_kind == T_COMMA) {
		dt_node_t *dnp = dt_node_new(pcb, DN_COMMA, tok(pcb)->tk_pos);

		dt_depth_enter(pcb, tok(pcb)->tk_pos);
		next(pcb);
		dnp->dn_left = left;
		dnp->dn_right = parse_assign(pcb);
		left = dnp;
	}
	pcb->pcb_depth = depth;
	return (left);
}

/* ---- clauses and pragmas ---------------------------------------------------- */

/*
 * #pragma D attributes ATTR NAME, or ATTR provider NAME [KIND]: ATTR is
 * name/data/class stability (Evolving/Evolving/Common); NAME an
 * identifier already known (a variable, an inline, a function), else the
 * pragma is unused (D_PRAGMA_UNUSED).  The attributes are not kept.
 */
static void
pragma_attributes(dt_pcb_t *pcb, char **words, int n, dt_srcpos_t pos)
{
	dtrace_attribute_t a;
	bool liberr;

	if (n < 4 || (strcmp(words[3], "provider") == 0 ? n < 5 : n != 4))
		dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed #pragma D "
		    "attributes: attributes and a name expected");
	if (dtrace_str2attr(words[2], &a) != 0)
		dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid attributes %s: "
		    "name/data/class stability expected", words[2]);
	if (strcmp(words[3], "provider") == 0)
		return;
	if (dt_builtin_lookup(words[3]) == NULL &&
	    dt_lib_lookup(pcb->pcb_hdl, words[3], &liberr) == NULL)
		dt_cerror(pcb, "D_PRAGMA_UNUSED", pos, "failed to set #pragma "
		    "attributes: no identifier named %s", words[3]);
}

static void
parse_pragma(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *end = pcb->pcb_src + pcb->pcb_len;
	const char *p = pcb->pcb_ptr, *e = p;
	char line[512], *words[6], *save = NULL;
	size_t len;
	int n = 0;

	/* The pragma is the rest of the line, raw; the peek was not taken. */
	while (e < end && *e != '\n')
		e++;
	len = (size_t)(e - p);
	snprintf(line, sizeof (line), "%.*s", len < sizeof (line) ? (int)len :
	    (int)sizeof (line) - 1, p);
	pcb->pcb_pos.sp_col = e - p > INT_MAX - pcb->pcb_pos.sp_col ?
	    INT_MAX : pcb->pcb_pos.sp_col + (int)(e - p);
	pcb->pcb_ptr = e;
	for (char *w = strtok_r(line, " \t", &save); w != NULL && n < 6;
	    w = strtok_r(NULL, " \t", &save))
		words[n++] = w;
	if (n >= 1 && strcmp(words[0], "D") != 0)
		goto done;	/* not ours: ignored, as C compilers do */
	/* a longer one would be cut: an option's value, a name */
	if (len >= sizeof (line))
		dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "#pragma D too long: "
		    "%zu bytes after #pragma, at most %zu", len,
		    sizeof (line) - 1);
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
			    "failed to set option '%s'%s%s%s: %s", words[2],
			    val != NULL ? " to '" : "", val != NULL ? val : "",
			    val != NULL ? "'" : "",
			    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	} else if (strcmp(words[1], "error") == 0) {
		dt_cerror(pcb, "D_PRAGERR", pos, "#pragma error");
	} else if (strcmp(words[1], "depends_on") == 0) {
		/* provider NAME must exist; module and library are noted */
		bool found = false;

		if (n != 4)
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#pragma D depends_on: kind and name expected");
		if (strcmp(words[2], "library") == 0 && !pcb->pcb_library)
			dt_cerror(pcb, "D_PRAGMA_DEPEND", pos, "library "
			    "dependencies may only be declared in a library: "
			    "%s", words[3]);
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
	} else if (strcmp(words[1], "attributes") == 0) {
		pragma_attributes(pcb, words, n, pos);
	} else if (strcmp(words[1], "binding") == 0 ||
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

/*
 * Room in the clause for k more descriptions; without it, the texts not
 * yet stored (NULL or not) are freed.
 */
static void
desc_reserve(dt_pcb_t *pcb, dt_clause_t *dcp, unsigned int k, char *text,
    char *name, dt_srcpos_t pos)
{
	unsigned int n = dcp->dc_ndescs + k;

	dcp->dc_descs = realloc(dcp->dc_descs, n *
	    sizeof (dtrace_probedesc_t));
	dcp->dc_desctext = realloc(dcp->dc_desctext, n * sizeof (char *));
	dcp->dc_descpos = realloc(dcp->dc_descpos, n * sizeof (dt_srcpos_t));
	if (dcp->dc_descs == NULL || dcp->dc_desctext == NULL ||
	    dcp->dc_descpos == NULL) {
		free(text);
		free(name);
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
}

/* Stores a description's text (which the clause then owns) at index n. */
static void
desc_store(dt_clause_t *dcp, char *text, dt_srcpos_t pos)
{
	unsigned int n = dcp->dc_ndescs++;

	dcp->dc_desctext[n] = text;
	dcp->dc_descpos[n] = pos;
}

/* Parses and checks the description stored at index n. */
static void
desc_check(dt_pcb_t *pcb, dt_clause_t *dcp, unsigned int n)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *text = dcp->dc_desctext[n];
	dt_srcpos_t pos = dcp->dc_descpos[n];

	/*
	 * As DTrace reads -P, -m and -f, leading digits are a probe id,
	 * which names no provider, module or function.
	 */
	if (pcb->pcb_spec >= DTRACE_PROBESPEC_PROVIDER &&
	    pcb->pcb_spec <= DTRACE_PROBESPEC_FUNC && isdigit(text[0])) {
		static const char *const kinds[] = { "providers", "modules",
		    "functions" };

		dt_cerror(pcb, "D_PDESC_INVAL", pos, "probe identifier "
		    "%.*s not permitted when specifying %s",
		    (int)strspn(text, "0123456789"), text,
		    kinds[pcb->pcb_spec]);
	}
	if (dtrace_str2desc(dtp, pcb->pcb_spec == DTRACE_PROBESPEC_NONE ?
	    DTRACE_PROBESPEC_NAME : pcb->pcb_spec, text,
	    &dcp->dc_descs[n]) != 0)
		dt_cerror(pcb, "D_PDESC_INVAL", pos,
		    "invalid probe description \"%s\": %s", text,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	if (pcb->pcb_spec == DTRACE_PROBESPEC_ID &&
	    dcp->dc_descs[n].prb[0] == '\0' &&
	    (dcp->dc_descs[n].id == 0 ||
	    dt_probe_match(dtp, &dcp->dc_descs[n], NULL, NULL) <= 0))
		dt_cerror(pcb, "D_PDESC_INVAL", pos,
		    "invalid probe identifier %s: Unknown probe identifier",
		    text);
}

/*
 * The description at the current token.  With -i, N-M is no range: as
 * DTrace reads it, the digits are probe id N and -M a second description,
 * the probe named -M.
 */
static void
add_desc(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dt_token_t *t = tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	unsigned int n = dcp->dc_ndescs;
	char *text, *name = NULL;
	size_t ndig;

	if (t->tk_kind != T_PROBEDESC)
		syntax_error(pcb);
	text = expand_desc(pcb, t->tk_str, pos);
	ndig = strspn(text, "0123456789");
	if (pcb->pcb_spec == DTRACE_PROBESPEC_ID && ndig > 0 &&
	    text[ndig] == '-' && (name = strdup(text + ndig)) == NULL) {
		free(text);
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	desc_reserve(pcb, dcp, name != NULL ? 2 : 1, text, name, pos);
	if (name != NULL)
		text[ndig] = '\0';
	desc_store(dcp, text, pos);
	if (name != NULL) {
		pos.sp_col += (int)ndig;
		desc_store(dcp, name, pos);
	}
	for (; n < dcp->dc_ndescs; n++)
		desc_check(pcb, dcp, n);
}

/* A new clause at the end of the program being built. */
static dt_clause_t *
clause_new(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	dt_clause_t *dcp = calloc(1, sizeof (*dcp));

	if (dcp == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	*pcb->pcb_prog->dp_tail = dcp;
	pcb->pcb_prog->dp_tail = &dcp->dc_next;
	pcb->pcb_prog->dp_nclauses++;
	return (dcp);
}

static bool
is_word(dt_pcb_t *pcb, const char *word)
{
	return (tok(pcb)->tk_kind == T_IDENT &&
	    strcmp(tok(pcb)->tk_str, word) == 0);
}

static dt_node_t *parse_if(dt_pcb_t *);

/* A statement, or NULL for an empty one (';'). */
static dt_node_t *
parse_stmt(dt_pcb_t *pcb)
{
	dt_node_t *stmt;

	if (tok(pcb)->tk_kind == T_SEMI) {
		next(pcb);
		return (NULL);
	}
	if (is_word(pcb, "if") && peek(pcb)->tk_kind == T_LPAR)
		return (parse_if(pcb));
	stmt = dt_node_new(pcb, DN_EXPRSTMT, tok(pcb)->tk_pos);
	stmt->dn_left = parse_expr(pcb);
	if (tok(pcb)->tk_kind == T_SEMI)
		next(pcb);
	else if (tok(pcb)->tk_kind != T_RBRACE)
		syntax_error(pcb);
	return (stmt);
}

/* Statements up to a '}' (not read), appended at *tailp. */
static void
parse_stmts(dt_pcb_t *pcb, dt_node_t ***tailp)
{
	while (tok(pcb)->tk_kind != T_RBRACE) {
		dt_node_t *stmt;

		if ((stmt = parse_stmt(pcb)) == NULL)
			continue;
		**tailp = stmt;
		*tailp = &stmt->dn_list;
	}
}

/* A branch of if: a block, or one statement. */
static dt_node_t *
parse_branch(dt_pcb_t *pcb)
{
	dt_node_t *list = NULL, **tail = &list;

	if (tok(pcb)->tk_kind != T_LBRACE)
		return (parse_stmt(pcb));
	next(pcb);
	parse_stmts(pcb, &tail);
	next(pcb);		/* the '}' */
	return (list);
}

static dt_node_t *
parse_if(dt_pcb_t *pcb)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_IF, tok(pcb)->tk_pos);

	next(pcb);
	expect(pcb, T_LPAR);
	dnp->dn_cond = parse_expr(pcb);
	expect(pcb, T_RPAR);
	dnp->dn_left = parse_branch(pcb);
	if (is_word(pcb, "else")) {
		next(pcb);
		dnp->dn_right = parse_branch(pcb);
	}
	return (dnp);
}

/* this->%ifN, a condition variable of if (pcb_nifs numbers them). */
static dt_node_t *
cond_var(dt_pcb_t *pcb, unsigned int n, dt_srcpos_t pos)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_VAR, pos);

	if (asprintf(&dnp->dn_str, "this->%%if%u", n) < 0) {
		dnp->dn_str = NULL;
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	return (dnp);
}

/* !e */
static dt_node_t *
lnot(dt_pcb_t *pcb, dt_node_t *e, dt_srcpos_t pos)
{
	dt_node_t *not = dt_node_new(pcb, DN_UNARY, pos);

	not->dn_op = T_LNOT;
	not->dn_left = e;
	return (not);
}

/*
 * The statement this->%ifN = !!e: an int whatever scalar e is, so that
 * the variable has one type in every program of the session (and a
 * condition that is not a scalar is refused, as a predicate is).
 */
static dt_node_t *
cond_set(dt_pcb_t *pcb, unsigned int n, dt_node_t *e, dt_srcpos_t pos)
{
	dt_node_t *stmt = dt_node_new(pcb, DN_EXPRSTMT, pos);
	dt_node_t *as = dt_node_new(pcb, DN_ASSIGN, pos);

	as->dn_op = T_ASSIGN;
	as->dn_left = cond_var(pcb, n, pos);
	as->dn_right = lnot(pcb, lnot(pcb, e, e->dn_pos), e->dn_pos);
	stmt->dn_left = as;
	return (stmt);
}

/* guard && this->%ifN (!this->%ifN when negated); guard is copied. */
static dt_node_t *
cond_and(dt_pcb_t *pcb, const dt_node_t *guard, unsigned int n, bool neg,
    dt_srcpos_t pos)
{
	dt_node_t *and = dt_node_new(pcb, DN_LOGICAL, pos);
	dt_node_t *v = cond_var(pcb, n, pos);

	and->dn_op = T_LAND;
	and->dn_left = dt_node_dup(pcb, guard, pos);
	and->dn_right = neg ? lnot(pcb, v, pos) : v;
	return (and);
}

/* A clause of proto's descriptions: /pred/ { body }. */
static void
clause_of(dt_pcb_t *pcb, const dt_clause_t *proto, dt_node_t *pred,
    dt_node_t *body)
{
	dt_clause_t *dcp = clause_new(pcb, proto->dc_descpos[0]);
	unsigned int n = proto->dc_ndescs;

	dcp->dc_descs = malloc(n * sizeof (dtrace_probedesc_t));
	dcp->dc_desctext = calloc(n, sizeof (char *));
	dcp->dc_descpos = malloc(n * sizeof (dt_srcpos_t));
	if (dcp->dc_descs == NULL || dcp->dc_desctext == NULL ||
	    dcp->dc_descpos == NULL)
		dt_cerror(pcb, "D_NOMEM", proto->dc_descpos[0],
		    "out of memory");
	memcpy(dcp->dc_descs, proto->dc_descs, n * sizeof (*dcp->dc_descs));
	memcpy(dcp->dc_descpos, proto->dc_descpos, n *
	    sizeof (*dcp->dc_descpos));
	for (unsigned int i = 0; i < n; i++, dcp->dc_ndescs++) {
		if ((dcp->dc_desctext[i] = strdup(proto->dc_desctext[i])) ==
		    NULL)
			dt_cerror(pcb, "D_NOMEM", proto->dc_descpos[0],
			    "out of memory");
	}
	dcp->dc_pred = pred;
	dcp->dc_body = body;
	dcp->dc_split = true;
}

/*
 * The clauses of the statements stmts, which run when guard is true:
 * the statements up to an if, and the if's condition kept in a variable
 * of its own, are a clause; each branch gives the clauses of its
 * statements, guarded by the condition (or its negation) too; the
 * statements after it a clause again.
 */
static void
split_stmts(dt_pcb_t *pcb, const dt_clause_t *proto, const dt_node_t *guard,
    dt_node_t *stmts)
{
	dt_node_t *seg = NULL, **tail = &seg, *next_stmt;

	for (dt_node_t *s = stmts; s != NULL; s = next_stmt) {
		unsigned int n;

		next_stmt = s->dn_list;
		s->dn_list = NULL;
		if (s->dn_kind != DN_IF) {
			*tail = s;
			tail = &s->dn_list;
			continue;
		}
		n = ++pcb->pcb_nifs;
		*tail = cond_set(pcb, n, s->dn_cond, s->dn_pos);
		clause_of(pcb, proto, dt_node_dup(pcb, guard, s->dn_pos), seg);
		seg = NULL;
		tail = &seg;
		if (s->dn_left != NULL)
			split_stmts(pcb, proto, cond_and(pcb, guard, n, false,
			    s->dn_pos), s->dn_left);
		if (s->dn_right != NULL)
			split_stmts(pcb, proto, cond_and(pcb, guard, n, true,
			    s->dn_pos), s->dn_right);
	}
	if (seg != NULL)
		clause_of(pcb, proto, dt_node_dup(pcb, guard, seg->dn_pos), seg);
}

static bool
has_if(const dt_node_t *stmts)
{
	for (; stmts != NULL; stmts = stmts->dn_list) {
		if (stmts->dn_kind == DN_IF)
			return (true);
	}
	return (false);
}

/*
 * A clause with if statements becomes clauses of its own, as DTrace
 * makes them, so that each records, and prints, what a clause of its
 * statements would.  The first sets this->%ifN to its predicate (1
 * without one), every later one is guarded by it and by the conditions
 * of the ifs it is in (this->%ifM, a variable each, set where the if
 * stands): D /P/ { S1; if (C) { T } else { E } S2 } is
 *
 *	D { this->%if1 = !!P; }
 *	D /this->%if1/ { S1; this->%if2 = !!C; }
 *	D /this->%if1 && this->%if2/ { T }
 *	D /this->%if1 && !this->%if2/ { E }
 *	D /this->%if1/ { S2 }
 *
 * Clause-local variables live for the whole firing, so the conditions
 * reach the later clauses; an exit() in one ends the firing, as it does
 * any clause's.
 */
static void
split_ifs(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dt_node_t *body = dcp->dc_body, *pred = dcp->dc_pred, *guard;
	dt_srcpos_t pos = body->dn_pos;
	unsigned int n = ++pcb->pcb_nifs;

	if (pred == NULL)
		pred = int_node(pcb, pos, 1, 0, 0, 1);
	dcp->dc_pred = NULL;
	dcp->dc_body = cond_set(pcb, n, pred, pred->dn_pos);
	guard = cond_var(pcb, n, pos);
	split_stmts(pcb, dcp, guard, body);
}

static void
parse_clause(dt_pcb_t *pcb)
{
	dt_clause_t *dcp = clause_new(pcb, tok(pcb)->tk_pos);
	dt_node_t **tail;

	pcb->pcb_clause = dcp;

	for (;;) {
		add_desc(pcb, dcp);
		next(pcb);
		if (tok(pcb)->tk_kind != T_COMMA)
			break;
		/* The next description: the lexer is past the ','. */
		dt_tok_free(tok(pcb));
		if (pcb->pcb_havepeek)
			syntax_error(pcb);
		/* a #pragma line may come between two descriptions */
		while (dt_lex_peekc(pcb) == '#' && strncmp(pcb->pcb_ptr,
		    "#pragma", 7) == 0) {
			dt_lex_next(pcb, tok(pcb));
			parse_pragma(pcb, tok(pcb)->tk_pos);
		}
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
	parse_stmts(pcb, &tail);
	if (has_if(dcp->dc_body))
		split_ifs(pcb, dcp);
	/* Do not read ahead: the next clause starts with a description. */
	dt_tok_free(tok(pcb));
	memset(tok(pcb), 0, sizeof (dt_token_t));
	tok(pcb)->tk_kind = T_RBRACE;
}

/*
 * typedef TYPE NAME { , NAME } ; gives a type new names, in the handle's
 * identifiers (a name D's types hold already is D_DECL_IDRED, whatever
 * its type); as in C, each name has its own '*'s (typedef int myint,
 * *myintp;).
 */
static void
parse_typedef(dt_pcb_t *pcb)
{
	dt_srcpos_t tpos;
	int64_t bsize;
	dt_type_t base;

	next(pcb);
	if (!is_type_start(pcb, tok(pcb)))
		syntax_error(pcb);
	tpos = tok(pcb)->tk_pos;
	base = parse_basetype(pcb, &bsize);
	for (;;) {
		dt_srcpos_t pos;
		dt_ident_t *idp;
		int64_t size = bsize;
		dt_type_t ty = base;

		if (tok(pcb)->tk_kind == T_STAR)
			ty = parse_stars(pcb, base, &size, tpos);
		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		pos = tok(pcb)->tk_pos;
		/*
		 * A name D's types already hold (D's own typedefs such as
		 * int32_t, or one the program declared) cannot be declared
		 * again, even for the same type; a kernel type's name can
		 * (typedef int pid_t; shadows the kernel's pid_t).
		 */
		if (d_typename(pcb, tok(pcb)->tk_str) != NULL ||
		    d_typedef(tok(pcb)->tk_str) != NULL)
			dt_cerror(pcb, "D_DECL_IDRED", pos, "typedef "
			    "redeclared: %s", tok(pcb)->tk_str);
		check_newname(pcb, tok(pcb)->tk_str, pos);
		if ((idp = dt_ident_create(pcb->pcb_hdl, tok(pcb)->tk_str,
		    DT_IDENT_TYPE)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = ty;
		idp->di_tsize = size;
		idp->di_defined = true;
		next(pcb);
		if (tok(pcb)->tk_kind != T_COMMA)
			break;
		next(pcb);
	}
	if (tok(pcb)->tk_kind != T_SEMI)
		syntax_error(pcb);
}

/* Is a value of type t an input translator type in accepts? */
bool
dt_xlate_accepts(const struct btf *btf, dt_type_t in, dt_type_t t)
{
	if (in.ty_kind != t.ty_kind)
		return (false);
	switch (in.ty_kind) {
	case DT_TK_INT:
		return (true);
	case DT_TK_PTR:
		if (in.ty_btf == 0 || t.ty_btf == 0)
			return (in.ty_btf == t.ty_btf &&
			    in.ty_psize == t.ty_psize &&
			    in.ty_plevel == t.ty_plevel);
		return (in.ty_plevel == t.ty_plevel && btf != NULL &&
		    dt_btf_resolve(btf, in.ty_btf) ==
		    dt_btf_resolve(btf, t.ty_btf));
	default:
		return (dt_type_same(in, t));
	}
}

/*
 * translator OUT < IN NAME > { member = expr ; ... } ;
 * The current token is "translator".  The member expressions are kept as
 * written, checked here (dt_sema_xlator_check()) and again where an xlate
 * binds them to its input.  A member given twice is DTrace's: both are
 * checked, the first is the member's translation.
 */
static void
parse_translator(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	dt_node_t *names[DT_XLATE_MAXMEMB];	/* DN_VAR: the member */
	dt_node_t *exprs[DT_XLATE_MAXMEMB];
	char arg[256];
	unsigned int n = 0;
	dt_xlator_t *dxp;
	dt_tentry_t *te;
	dt_type_t out, in;
	uint32_t sid;

	next(pcb);
	if (!is_type_start(pcb, tok(pcb)))
		syntax_error(pcb);
	out = parse_typename(pcb, NULL);
	if (out.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_XLATE_SOU", pos, "translator output type "
		    "must be a struct or union");
	expect(pcb, T_LT);
	if (!is_type_start(pcb, tok(pcb)))
		syntax_error(pcb);
	in = parse_typename(pcb, NULL);
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	snprintf(arg, sizeof (arg), "%s", tok(pcb)->tk_str);
	next(pcb);
	expect(pcb, T_GT);
	te = dt_pcb_types(pcb, pos);
	sid = dt_btf_resolve(te->te_btf, out.ty_btf);
	if (dt_btf_size(te->te_btf, sid) <= 0)
		dt_cerror(pcb, "D_XLATE_SOU", pos, "translator output type "
		    "must be a struct or union with a definition");
	for (dxp = dtp->dt_xlators; dxp != NULL; dxp = dxp->dx_next) {
		if (dt_btf_resolve(te->te_btf, dxp->dx_out.ty_btf) == sid &&
		    dt_xlate_accepts(te->te_btf, dxp->dx_in, in))
			dt_cerror(pcb, "D_XLATE_REDECL", pos, "translator "
			    "from this input to %s redeclared",
			    dt_btf_name(te->te_btf, sid, (char [256]){ 0 },
			    256));
	}
	expect(pcb, T_LBRACE);
	while (tok(pcb)->tk_kind != T_RBRACE) {
		uint32_t mtype, off, bit, bitsize;
		dt_srcpos_t mpos = tok(pcb)->tk_pos;

		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		if (dt_btf_member(te->te_btf, sid, tok(pcb)->tk_str, &mtype,
		    &off, &bit, &bitsize) != 0)
			dt_cerror(pcb, "D_XLATE_MEMB", mpos, "translator "
			    "member %s is not a member of %s", tok(pcb)->tk_str,
			    dt_btf_name(te->te_btf, sid, (char [256]){ 0 },
			    256));
		if (n == DT_XLATE_MAXMEMB)
			dt_cerror(pcb, "D_XLATE_MEMB", mpos, "a translator "
			    "defines at most %d members", DT_XLATE_MAXMEMB);
		names[n] = dt_node_new(pcb, DN_VAR, mpos);
		names[n]->dn_str = tok(pcb)->tk_str;
		tok(pcb)->tk_str = NULL;
		next(pcb);
		expect(pcb, T_ASSIGN);
		exprs[n++] = parse_assign(pcb);
		expect(pcb, T_SEMI);
	}
	next(pcb);
	/* all parsed: the translator, owned by the handle */
	if ((dxp = calloc(1, sizeof (*dxp))) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dxp->dx_next = dtp->dt_xlators;
	dtp->dt_xlators = dxp;
	dxp->dx_out = out;
	dxp->dx_in = in;
	if ((dxp->dx_arg = strdup(arg)) == NULL ||
	    (dxp->dx_mnames = calloc(n + 1, sizeof (char *))) == NULL ||
	    (dxp->dx_mexprs = calloc(n + 1, sizeof (dt_node_t *))) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	for (; dxp->dx_nmemb < n; dxp->dx_nmemb++) {
		unsigned int i = dxp->dx_nmemb;

		dxp->dx_mnames[i] = strdup(names[i]->dn_str);
		dxp->dx_mexprs[i] = dt_node_dup(NULL, exprs[i], pos);
		if (dxp->dx_mnames[i] == NULL || dxp->dx_mexprs[i] == NULL) {
			dxp->dx_nmemb++;
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		}
	}
	dt_sema_xlator_check(pcb, dxp, pos);
}

/* ---- provider declarations ------------------------------------------------ */

/* The text from a to b, white space collapsed, owned by the caller. */
static char *
type_text(dt_pcb_t *pcb, const char *a, const char *b, dt_srcpos_t pos)
{
	char *t = malloc((size_t)(b - a) + 1), *o = t;

	if (t == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	for (const char *c = a; c < b; c++) {
		if (isspace((unsigned char)*c)) {
			if (o != t && o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = *c;
		}
	}
	while (o != t && o[-1] == ' ')
		o--;
	*o = '\0';
	return (t);
}

/*
 * One argument list, '(' ... ')': the types' texts in argv and their
 * parsed types in tv, names (or "") in names; the number of arguments.
 */
static int
parse_provargs(dt_pcb_t *pcb, char **argv, dt_type_t *tv, int64_t *sizes,
    char names[][64], dt_srcpos_t *posv)
{
	int n = 0;

	expect(pcb, T_LPAR);
	if (tok(pcb)->tk_kind == T_KW_VOID && peek(pcb)->tk_kind == T_RPAR)
		next(pcb);	/* (void): none */
	while (tok(pcb)->tk_kind != T_RPAR) {
		dt_srcpos_t pos = tok(pcb)->tk_pos;
		const char *start = tok(pcb)->tk_start;
		dt_token_t *t = tok(pcb);

		if (n > 0) {
			expect(pcb, T_COMMA);
			pos = tok(pcb)->tk_pos;
			start = tok(pcb)->tk_start;
			t = tok(pcb);
		}
		if (n == DT_MAXARGS)
			dt_cerror(pcb, "D_PROV_PRARGLEN", pos, "a probe has at "
			    "most %d arguments", DT_MAXARGS);
		if (t->tk_kind == T_DOT)
			dt_cerror(pcb, "D_DECL_PROTO_VARARGS", pos, "a probe's "
			    "arguments are fixed: ... is not allowed");
		if (t->tk_kind == T_KW_VOID && peek(pcb)->tk_kind == T_IDENT)
			dt_cerror(pcb, "D_DECL_PROTO_NAME", pos, "a void "
			    "parameter may not have a name");
		if (t->tk_kind == T_KW_VOID && peek(pcb)->tk_kind != T_STAR &&
		    (n > 0 || peek(pcb)->tk_kind == T_COMMA))
			dt_cerror(pcb, "D_DECL_PROTO_VOID", pos, "void must be "
			    "the only parameter");
		if (!is_type_start(pcb, t))
			syntax_error(pcb);
		if ((t->tk_kind == T_KW_STRUCT || t->tk_kind == T_KW_UNION) &&
		    peek(pcb)->tk_kind == T_IDENT) {
			char tname[300];

			snprintf(tname, sizeof (tname), "%s %s",
			    dt_tok_name(t->tk_kind), pcb->pcb_peek.tk_str);
			if (d_typename(pcb, tname) == NULL &&
			    dt_tcache_tag(dt_pcb_types(pcb, pos),
			    t->tk_kind == T_KW_UNION ? BTF_KIND_UNION :
			    BTF_KIND_STRUCT, pcb->pcb_peek.tk_str) == 0)
				(void) sou_tag(pcb, t->tk_kind == T_KW_UNION,
				    pcb->pcb_peek.tk_str, pos);
		}
		tv[n] = parse_typename(pcb, &sizes[n]);
		posv[n] = pos;
		argv[n] = type_text(pcb, start, tok(pcb)->tk_start, pos);
		names[n][0] = '\0';
		if (tok(pcb)->tk_kind == T_IDENT) {
			snprintf(names[n], 64, "%s", tok(pcb)->tk_str);
			next(pcb);
		}
		n++;
	}
	next(pcb);
	return (n);
}

/* May a native argument of type nt be given as translated type xt? */
static void
check_xarg(dt_pcb_t *pcb, dt_type_t nt, dt_type_t xt, const char *ntext,
    const char *xtext, dt_srcpos_t pos)
{
	dt_tentry_t *te;
	uint32_t sid;

	if (strcmp(ntext, xtext) == 0 || dt_type_same(nt, xt))
		return;
	if (xt.ty_kind == DT_TK_STRING) {
		if (nt.ty_kind != DT_TK_PTR || nt.ty_btf != 0 ||
		    nt.ty_psize != 1 || nt.ty_plevel != 0)
			dt_cerror(pcb, "D_PROV_INCOMPAT", pos, "translated "
			    "argument of type string must be a char pointer, "
			    "not %s", ntext);
		return;
	}
	if (!((xt.ty_kind == DT_TK_PTR && xt.ty_plevel == 0) ||
	    xt.ty_kind == DT_TK_STRUCT) || xt.ty_btf == 0)
		dt_cerror(pcb, "D_PROV_INCOMPAT", pos, "translated argument "
		    "type %s is not compatible with %s", xtext, ntext);
	te = dt_pcb_types(pcb, pos);
	sid = dt_btf_resolve(te->te_btf, xt.ty_btf);
	for (const dt_xlator_t *dxp = pcb->pcb_hdl->dt_xlators; dxp != NULL;
	    dxp = dxp->dx_next) {
		if (dt_btf_resolve(te->te_btf, dxp->dx_out.ty_btf) == sid &&
		    dt_xlate_accepts(te->te_btf, dxp->dx_in, nt))
			return;
	}
	dt_cerror(pcb, "D_PROV_PRXLATOR", pos, "translator for %s from %s is "
	    "not defined", xtext, ntext);
}

/* A probe declared twice must have the same types. */
static bool
probe_same(const dt_provprobe_t *a, const dt_provprobe_t *b)
{
	if (a->pd_nargc != b->pd_nargc || a->pd_xargc != b->pd_xargc)
		return (false);
	for (int i = 0; i < a->pd_nargc; i++) {
		if (strcmp(a->pd_nargv[i], b->pd_nargv[i]) != 0)
			return (false);
	}
	for (int i = 0; i < a->pd_xargc; i++) {
		if (strcmp(a->pd_xargv[i], b->pd_xargv[i]) != 0 ||
		    a->pd_xmap[i] != b->pd_xmap[i])
			return (false);
	}
	return (true);
}

/* probe NAME ( args ) [ : ( args ) ] ; the current token is "probe". */
static dt_provprobe_t *
parse_provprobe(dt_pcb_t *pcb, dt_provdecl_t *dvp)
{
	dt_type_t nt[DT_MAXARGS], xt[DT_MAXARGS];
	int64_t nsz[DT_MAXARGS], xsz[DT_MAXARGS];
	char nnames[DT_MAXARGS][64], xnames[DT_MAXARGS][64];
	dt_srcpos_t npos[DT_MAXARGS], xpos[DT_MAXARGS];
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	dt_provprobe_t *pdp, **tail;
	bool named = false;

	next(pcb);
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	if (strlen(tok(pcb)->tk_str) >= DTRACE_NAMELEN)
		dt_cerror(pcb, "D_PROV_BADNAME", tok(pcb)->tk_pos, "probe name "
		    "%s is too long: at most %d characters", tok(pcb)->tk_str,
		    DTRACE_NAMELEN - 1);
	for (pdp = dvp->dv_probes; pdp != NULL; pdp = pdp->pd_next) {
		if (strcmp(pdp->pd_name, tok(pcb)->tk_str) == 0)
			dt_cerror(pcb, "D_PROV_PRDUP", tok(pcb)->tk_pos, "probe "
			    "%s is declared twice in provider %s",
			    tok(pcb)->tk_str, dvp->dv_name);
	}
	if ((pdp = calloc(1, sizeof (*pdp))) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	for (tail = &dvp->dv_probes; *tail != NULL; tail = &(*tail)->pd_next)
		;
	*tail = pdp;	/* freed with the provider */
	dvp->dv_nprobes++;
	pdp->pd_pos = pos;
	if ((pdp->pd_name = strdup(tok(pcb)->tk_str)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	next(pcb);
	pdp->pd_nargc = parse_provargs(pcb, pdp->pd_nargv, nt, nsz, nnames,
	    npos);
	for (int i = 0; i < pdp->pd_nargc; i++) {
		bool ok = (nt[i].ty_kind == DT_TK_INT ||
		    nt[i].ty_kind == DT_TK_PTR) && (nsz[i] == 1 ||
		    nsz[i] == 2 || nsz[i] == 4 || nsz[i] == 8);

		if (!ok)
			dt_cerror(pcb, "D_PROV_INCOMPAT", npos[i], "argument %d "
			    "of probe %s is of type %s: a probe argument must "
			    "be an integer or a pointer", i, pdp->pd_name,
			    pdp->pd_nargv[i]);
		pdp->pd_nsize[i] = (uint8_t)nsz[i];
		pdp->pd_nsigned[i] = nt[i].ty_kind == DT_TK_INT &&
		    nt[i].ty_signed;
		named |= nnames[i][0] != '\0';
	}
	if (tok(pcb)->tk_kind == T_COLON) {
		next(pcb);
		pdp->pd_xargc = parse_provargs(pcb, pdp->pd_xargv, xt, xsz,
		    xnames, xpos);
		for (int i = 0; i < pdp->pd_xargc; i++) {
			int m = i;

			if (named && xnames[i][0] != '\0') {
				for (m = 0; m < pdp->pd_nargc; m++) {
					if (strcmp(nnames[m], xnames[i]) == 0)
						break;
				}
			}
			if (m >= pdp->pd_nargc)
				dt_cerror(pcb, "D_PROV_INCOMPAT", xpos[i],
				    "translated argument %d of probe %s has no "
				    "native argument%s%s", i, pdp->pd_name,
				    xnames[i][0] != '\0' ? " named " : "",
				    xnames[i]);
			check_xarg(pcb, nt[m], xt[i], pdp->pd_nargv[m],
			    pdp->pd_xargv[i], xpos[i]);
			pdp->pd_xmap[i] = (uint8_t)m;
		}
	} else {
		/* no translated list: args[] are the native arguments */
		pdp->pd_xargc = pdp->pd_nargc;
		for (int i = 0; i < pdp->pd_nargc; i++) {
			if ((pdp->pd_xargv[i] = strdup(pdp->pd_nargv[i])) ==
			    NULL)
				dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
			pdp->pd_xmap[i] = (uint8_t)i;
		}
	}
	if (tok(pcb)->tk_kind != T_SEMI)
		syntax_error(pcb);
	next(pcb);
	return (pdp);
}

/*
 * provider NAME { probe ... ; ... } ;   The current token is "provider".
 * The declaration is built apart (pcb_provdecl, freed if the compile
 * fails) and then becomes the handle's, or merges into the provider of
 * that name the handle has.
 */
static void
parse_provider(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_srcpos_t pos;
	dt_provdecl_t *dvp, *old;
	const char *name;
	size_t len;

	next(pcb);
	if (tok(pcb)->tk_kind != T_IDENT)
		syntax_error(pcb);
	pos = tok(pcb)->tk_pos;
	name = tok(pcb)->tk_str;
	len = strlen(name);
	if (len >= DTRACE_PROVNAMELEN - 10)
		dt_cerror(pcb, "D_PROV_BADNAME", pos, "provider name %s is too "
		    "long: at most %d characters (a process id follows it)",
		    name, DTRACE_PROVNAMELEN - 11);
	if (isdigit((unsigned char)name[len - 1]))
		dt_cerror(pcb, "D_PROV_BADNAME", pos, "provider name %s may "
		    "not end with a digit (a process id follows it)", name);
	for (int i = 0; dt_providers[i] != NULL; i++) {
		if (strcmp(dt_providers[i]->pv_name, name) == 0)
			dt_cerror(pcb, "D_PROV_BADNAME", pos, "provider name "
			    "%s is the name of a built-in provider", name);
	}
	if ((dvp = calloc(1, sizeof (*dvp))) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	pcb->pcb_provdecl = dvp;
	if ((dvp->dv_name = strdup(name)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	next(pcb);
	expect(pcb, T_LBRACE);
	while (tok(pcb)->tk_kind != T_RBRACE) {
		if (tok(pcb)->tk_kind == T_SEMI) {
			next(pcb);
			continue;
		}
		if (tok(pcb)->tk_kind != T_IDENT ||
		    strcmp(tok(pcb)->tk_str, "probe") != 0)
			dt_cerror(pcb, "D_SYNTAX", tok(pcb)->tk_pos, "syntax "
			    "error near \"%.*s\": a provider declares probes "
			    "(probe NAME(TYPES);)", (int)tok(pcb)->tk_len,
			    tok(pcb)->tk_start);
		(void) parse_provprobe(pcb, dvp);
	}
	/* the ';' after '}' is the top level's: do not read ahead */
	dt_tok_free(tok(pcb));
	memset(tok(pcb), 0, sizeof (dt_token_t));
	tok(pcb)->tk_kind = T_RBRACE;

	for (old = dtp->dt_provdecls; old != NULL; old = old->dv_next) {
		if (strcmp(old->dv_name, dvp->dv_name) == 0)
			break;
	}
	if (old == NULL) {
		dvp->dv_next = dtp->dt_provdecls;
		dtp->dt_provdecls = dvp;
		pcb->pcb_provdecl = NULL;
		return;
	}
	/* declared again: each probe is new or the same */
	for (dt_provprobe_t *p = dvp->dv_probes; p != NULL; p = p->pd_next) {
		for (dt_provprobe_t *q = old->dv_probes; q != NULL;
		    q = q->pd_next) {
			if (strcmp(p->pd_name, q->pd_name) == 0 &&
			    !probe_same(p, q))
				dt_cerror(pcb, "D_PROV_INCOMPAT", p->pd_pos,
				    "probe %s:%s is declared again with other "
				    "argument types", dvp->dv_name, p->pd_name);
		}
	}
	while (dvp->dv_probes != NULL) {
		dt_provprobe_t *p = dvp->dv_probes, *q, **tail;

		dvp->dv_probes = p->pd_next;
		dvp->dv_nprobes--;
		p->pd_next = NULL;
		for (q = old->dv_probes; q != NULL; q = q->pd_next) {
			if (strcmp(p->pd_name, q->pd_name) == 0)
				break;
		}
		if (q != NULL) {
			dt_provprobe_free(p);
			continue;
		}
		for (tail = &old->dv_probes; *tail != NULL;
		    tail = &(*tail)->pd_next)
			;
		*tail = p;
		old->dv_nprobes++;
	}
	dt_provdecl_free(dvp);
	pcb->pcb_provdecl = NULL;
}

/* Is token t one of C's storage classes (auto, register, static, extern)? */
static bool
is_storage_class(const dt_token_t *t)
{
	return (t->tk_kind == T_IDENT && (strcmp(t->tk_str, "auto") == 0 ||
	    strcmp(t->tk_str, "register") == 0 ||
	    strcmp(t->tk_str, "static") == 0 ||
	    strcmp(t->tk_str, "extern") == 0));
}

/*
 * C's storage classes before a declaration.  extern declares the type of
 * a kernel symbol (true is returned); the others are C's and mean nothing
 * in D (D_DECL_BADCLASS); two of them D_DECL_CLASS.
 */
static bool
storage_class(dt_pcb_t *pcb)
{
	char first[16] = "";	/* the class before, if any */

	while (is_storage_class(tok(pcb))) {
		const char *w = tok(pcb)->tk_str;

		if (first[0] != '\0')
			dt_cerror(pcb, "D_DECL_CLASS", tok(pcb)->tk_pos, "more "
			    "than one storage class: %s and %s", first, w);
		snprintf(first, sizeof (first), "%s", w);
		if (!is_storage_class(peek(pcb)) && strcmp(w, "extern") != 0)
			dt_cerror(pcb, "D_DECL_BADCLASS", tok(pcb)->tk_pos,
			    "storage class %s is not supported in D", w);
		next(pcb);
	}
	return (first[0] != '\0');
}

/* Is the current token the first '.' of "..."?  Then all three are read. */
static bool
parse_ellipsis(dt_pcb_t *pcb)
{
	if (tok(pcb)->tk_kind != T_DOT)
		return (false);
	next(pcb);
	expect(pcb, T_DOT);
	expect(pcb, T_DOT);
	return (true);
}

/* What a C declarator declares (see parse_cdecl()). */
typedef struct cdecl {
	char cd_name[256];	/* the name declared, "" if none */
	dt_srcpos_t cd_pos;	/* where the declarator starts */
	int cd_stars;		/* '*'s that apply to the name itself */
	bool cd_func;		/* the name is a function's */
	bool cd_assoc;		/* the name has keys: name[type, ...] */
} cdecl_t;

#define	DT_CDECL_MAXDEPTH	16	/* nested ( declarator )s */

static void parse_cdecl(dt_pcb_t *, cdecl_t *, int);

/*
 * A function's parameter list, '(' ... ')', in a declaration D keeps no
 * object for (an extern function, a pointer to a function): each
 * parameter is checked as D declares them: no storage class, void alone
 * and unnamed, no associative array, "..." last.  The current token is
 * '('.
 */
static void
parse_params(dt_pcb_t *pcb, int depth)
{
	int n = 0;

	next(pcb);
	while (tok(pcb)->tk_kind != T_RPAR) {
		dt_srcpos_t pos;
		cdecl_t cd = { "" };
		int64_t size;
		dt_type_t ty;

		if (n++ > 0)
			expect(pcb, T_COMMA);
		pos = tok(pcb)->tk_pos;
		if (parse_ellipsis(pcb)) {
			if (tok(pcb)->tk_kind != T_RPAR)
				syntax_error(pcb);
			break;
		}
		if (is_storage_class(tok(pcb)))
			dt_cerror(pcb, "D_DECL_PARMCLASS", pos, "a parameter "
			    "may not have storage class %s", tok(pcb)->tk_str);
		if (!is_type_start(pcb, tok(pcb)))
			syntax_error(pcb);
		ty = parse_basetype(pcb, &size);
		parse_cdecl(pcb, &cd, depth + 1);
		if (ty.ty_kind == DT_TK_VOID && cd.cd_stars == 0 &&
		    !cd.cd_func) {
			if (cd.cd_name[0] != '\0')
				dt_cerror(pcb, "D_DECL_PROTO_NAME", pos, "a void "
				    "parameter may not have a name: %s",
				    cd.cd_name);
			if (n > 1 || tok(pcb)->tk_kind != T_RPAR)
				dt_cerror(pcb, "D_DECL_PROTO_VOID", pos, "void "
				    "must be the only parameter");
		}
		if (cd.cd_assoc)
			dt_cerror(pcb, "D_DECL_PROTO_TYPE", pos, "parameter %s "
			    "may not be an associative array", cd.cd_name);
	}
	next(pcb);
}

/*
 * A C declarator after the base type of an extern declaration or of a
 * parameter, which D keeps no object for: it is checked and what it
 * declares told in *cdp.
 *   declarator := { '*' } [ NAME | '(' declarator ')' ] { suffix }
 *   suffix := '[' [ dimension | TYPE {, TYPE} ] ']' | '(' parameters ')'
 */
static void
parse_cdecl(dt_pcb_t *pcb, cdecl_t *cdp, int depth)
{
	bool inner = false;	/* a ( declarator ) was read */

	cdp->cd_pos = tok(pcb)->tk_pos;
	if (depth > DT_CDECL_MAXDEPTH)
		dt_cerror(pcb, "D_SYNTAX", cdp->cd_pos, "declarator nested "
		    "more than %d deep", DT_CDECL_MAXDEPTH);
	while (tok(pcb)->tk_kind == T_STAR) {
		cdp->cd_stars++;
		next(pcb);
		skip_qualifiers(pcb);
	}
	if (tok(pcb)->tk_kind == T_LPAR && (peek(pcb)->tk_kind == T_STAR ||
	    peek(pcb)->tk_kind == T_LPAR)) {
		cdecl_t in = { "" };

		next(pcb);
		parse_cdecl(pcb, &in, depth + 1);
		expect(pcb, T_RPAR);
		*cdp = in;
		inner = true;
	} else if (tok(pcb)->tk_kind == T_IDENT) {
		snprintf(cdp->cd_name, sizeof (cdp->cd_name), "%s",
		    tok(pcb)->tk_str);
		next(pcb);
	} else if (tok(pcb)->tk_kind == T_BACKQUOTE) {
		dt_cerror(pcb, "D_DECL_SCOPE", tok(pcb)->tk_pos, "the scope "
		    "operator ` may not be used in a declaration");
	}
	for (;;) {
		if (tok(pcb)->tk_kind == T_LPAR) {
			parse_params(pcb, depth);
			/* (*fp)(...) points to a function, f(...) is one */
			if (!inner || cdp->cd_stars == 0)
				cdp->cd_func = true;
		} else if (tok(pcb)->tk_kind == T_LBRACK) {
			dt_srcpos_t pos = tok(pcb)->tk_pos;
			int64_t v;

			next(pcb);
			if (tok(pcb)->tk_kind == T_DOT)
				dt_cerror(pcb, "D_DECL_PROTO_VARARGS", pos,
				    "array keys may not be ...");
			if (is_type_start(pcb, tok(pcb))) {
				cdp->cd_assoc = true;
				(void) parse_typename(pcb, NULL);
				while (tok(pcb)->tk_kind == T_COMMA) {
					next(pcb);
					(void) parse_typename(pcb, NULL);
				}
			} else if (tok(pcb)->tk_kind != T_RBRACK &&
			    (!const_value(pcb, parse_assign(pcb), &v) ||
			    v <= 0)) {
				dt_cerror(pcb, "D_DECL_ARRSUB", pos, "the "
				    "dimension of %s must be a positive "
				    "integral constant", cdp->cd_name);
			}
			expect(pcb, T_RBRACK);
		} else {
			break;
		}
	}
}

/*
 * The rest of an extern declaration, from after the base type: it names
 * a kernel symbol and its C type.  D types kernel symbols (`name) from
 * the kernel's BTF, so the declarators are checked and nothing is kept.
 */
static void
parse_extern(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	for (;;) {
		cdecl_t cd = { "" };

		parse_cdecl(pcb, &cd, 0);
		if (cd.cd_name[0] == '\0')
			dt_cerror(pcb, "D_DECL_USELESS", pos, "useless "
			    "declaration: a type without a name to declare");
		if (tok(pcb)->tk_kind != T_COMMA)
			break;
		next(pcb);
	}
	if (tok(pcb)->tk_kind != T_SEMI)
		syntax_error(pcb);
}

/*
 * Declarations at the top of a program:
 *   inline TYPE NAME [ '[' TYPE NAME { , TYPE NAME } ']' ] = EXPR ;
 *   [self | this] TYPE declarator { , declarator } ;
 *   (self | this) NAME { , NAME } ;            (ints, the type left out)
 *   declarator := { '*' } NAME [ '[' TYPE {, TYPE} ']' | dims ]
 * As in C, the '*'s belong to each declarator (int *p, i; declares a
 * pointer and an int); an inline declares one name.  The current token
 * is the first of the declaration.
 */
static void
parse_decl(dt_pcb_t *pcb)
{
	dt_srcpos_t pos = tok(pcb)->tk_pos;
	const char *scope = "";
	bool isinline = false;
	dt_type_t base;
	bool tagged;
	int64_t size;

	if (tok(pcb)->tk_kind == T_IDENT && strcmp(tok(pcb)->tk_str,
	    "typedef") == 0) {
		parse_typedef(pcb);
		return;
	}
	if (tok(pcb)->tk_kind == T_IDENT && strcmp(tok(pcb)->tk_str,
	    "translator") == 0) {
		parse_translator(pcb);
		return;
	}
	if (storage_class(pcb)) {
		/* extern [TYPE] declarator {, declarator}: the type, when
		   left out, is int */
		if (tok(pcb)->tk_kind == T_IDENT && !is_type_start(pcb,
		    tok(pcb)))
			base = (dt_type_t){ DT_TK_INT, 4, 1 };
		else if (!is_type_start(pcb, tok(pcb)))
			syntax_error(pcb);
		else {
			pcb->pcb_extern = true;
			base = parse_basetype(pcb, &size);
			pcb->pcb_extern = false;
		}
		(void) base;
		parse_extern(pcb, pos);
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
		if (tok(pcb)->tk_kind == T_IDENT && (strcmp(tok(pcb)->tk_str,
		    "self") == 0 || strcmp(tok(pcb)->tk_str, "this") == 0))
			dt_cerror(pcb, "D_DECL_CLASS", tok(pcb)->tk_pos, "more "
			    "than one storage class: %.4s and %s", scope,
			    tok(pcb)->tk_str);
	}
	if (*scope != '\0' && tok(pcb)->tk_kind == T_IDENT &&
	    !is_type_start(pcb, tok(pcb)) && (peek(pcb)->tk_kind == T_SEMI ||
	    peek(pcb)->tk_kind == T_COMMA)) {
		/* self x; this x; declare ints, the type left out */
		tagged = false;
		base = (dt_type_t){ DT_TK_INT, 4, 1 };
		size = 4;
	} else {
		if (!is_type_start(pcb, tok(pcb)))
			syntax_error(pcb);
		tagged = tok(pcb)->tk_kind == T_KW_ENUM ||
		    tok(pcb)->tk_kind == T_KW_STRUCT ||
		    tok(pcb)->tk_kind == T_KW_UNION;
		base = parse_basetype(pcb, &size);
		if (tok(pcb)->tk_kind != T_IDENT && is_type_start(pcb,
		    tok(pcb)))
			/* struct a { ... } struct b ...: a ';' left out */
			dt_cerror(pcb, "D_DECL_COMBO", tok(pcb)->tk_pos,
			    "invalid type combination: a second type after "
			    "%s (is a ';' missing?)", tagged ? "a struct, "
			    "union or enum" : "the type");
	}
	if (tagged && *scope == '\0' && !isinline &&
	    tok(pcb)->tk_kind == T_SEMI)
		return;		/* struct tag { ... }; declares only the type */
	for (;;) {
		dt_srcpos_t dpos = tok(pcb)->tk_pos;
		dt_type_t ty = base, keys[DT_MAXKEYS];
		int nkeys = -1;
		char name[300], *params[DT_MAXKEYS] = { NULL };
		dt_node_t *expr = NULL;

		if (tok(pcb)->tk_kind == T_STAR)
			ty = parse_stars(pcb, base, &size, dpos);
		if (tok(pcb)->tk_kind == T_SEMI)
			dt_cerror(pcb, "D_DECL_USELESS", pos, "useless "
			    "declaration: a type without a name to declare");
		if (tok(pcb)->tk_kind == T_BACKQUOTE)
			dt_cerror(pcb, "D_DECL_SCOPE", tok(pcb)->tk_pos, "the "
			    "scope operator ` may not be used in a "
			    "declaration");
		if (!isinline && *scope == '\0' &&
		    (tok(pcb)->tk_kind == T_LPAR || (tok(pcb)->tk_kind ==
		    T_IDENT && peek(pcb)->tk_kind == T_LPAR))) {
			/* a function's prototype, or a pointer to one: D
			   has no such variables, the prototype is checked
			   and declares nothing */
			parse_extern(pcb, pos);
			return;
		}
		if (tok(pcb)->tk_kind != T_IDENT)
			syntax_error(pcb);
		snprintf(name, sizeof (name), "%s%s", scope, tok(pcb)->tk_str);
		next(pcb);
		if (tok(pcb)->tk_kind == T_LBRACK && peek(pcb)->tk_kind == T_DOT)
			dt_cerror(pcb, "D_DECL_PROTO_VARARGS", tok(pcb)->tk_pos,
			    "the keys of %s may not be ...", name);
		if (isinline && tok(pcb)->tk_kind == T_LBRACK) {
			/* inline T f[T1 a, T2 b] = e: f[x, y] is e with
			   a and b standing for x and y */
			next(pcb);
			for (nkeys = 0;; nkeys++) {
				if (nkeys == DT_MAXKEYS)
					dt_cerror(pcb, "D_ARR_KEYS", pos, "an "
					    "inline has at most %d parameters",
					    DT_MAXKEYS);
				if (!is_type_start(pcb, tok(pcb)))
					syntax_error(pcb);
				keys[nkeys] = parse_typename(pcb, NULL);
				if (tok(pcb)->tk_kind != T_IDENT)
					syntax_error(pcb);
				params[nkeys] = tok(pcb)->tk_str;
				tok(pcb)->tk_str = NULL;
				next(pcb);
				if (tok(pcb)->tk_kind != T_COMMA)
					break;
				next(pcb);
			}
			nkeys++;
			expect(pcb, T_RBRACK);
		}
		if (isinline) {
			expect(pcb, T_ASSIGN);
			expr = parse_assign(pcb);
		} else if (tok(pcb)->tk_kind == T_LBRACK &&
		    strcmp(scope, "this->") == 0 &&
		    is_type_start(pcb, peek(pcb))) {
			dt_cerror(pcb, "D_DECL_LOCASSC", pos, "%s: "
			    "clause-local variables may not be associative "
			    "arrays", name);
		} else if (tok(pcb)->tk_kind == T_LBRACK &&
		    is_type_start(pcb, peek(pcb))) {
			/* a[T1, T2] or self->a[T1, T2] */
			dt_srcpos_t kpos;

			next(pcb);
			for (nkeys = 0;; ) {
				if (nkeys == DT_MAXKEYS)
					dt_cerror(pcb, "D_ARR_KEYS", pos, "an "
					    "associative array has at most %d "
					    "key components", DT_MAXKEYS);
				kpos = tok(pcb)->tk_pos;
				keys[nkeys++] = parse_typename(pcb, NULL);
				if (keys[nkeys - 1].ty_kind == DT_TK_VOID)
					dt_cerror(pcb, "D_DECL_PROTO_TYPE", kpos,
					    "key #%d of %s cannot be of type "
					    "void", nkeys, name);
				if (tok(pcb)->tk_kind != T_COMMA)
					break;
				next(pcb);
			}
			expect(pcb, T_RBRACK);
		} else if (tok(pcb)->tk_kind == T_LBRACK) {
			/* an array: int a[4]; this->v[2][3] */
			uint32_t dims[DT_SOU_MAXDIMS];
			uint64_t nelems;
			unsigned int ndims = parse_dims(pcb, name, pos, dims,
			    &nelems);
			dt_type_t elem = ty;

			ty = (dt_type_t){ DT_TK_ARRAY, 0, 0 };
			ty.ty_btf = array_btf(pcb, elem, dims, ndims, name,
			    pos);
		}
		dt_sema_declare(pcb, name, ty, nkeys >= 0 ? keys : NULL, nkeys,
		    params, expr, pos);
		for (int i = 0; i < DT_MAXKEYS; i++)
			free(params[i]);	/* the inline keeps copies */
		if (isinline || tok(pcb)->tk_kind != T_COMMA)
			break;
		next(pcb);
	}
	if (tok(pcb)->tk_kind != T_SEMI)
		syntax_error(pcb);
}

/* Does the current top-level token start a declaration? */
static bool
is_decl_start(dt_pcb_t *pcb)
{
	dt_token_t *t = tok(pcb);

	if (is_storage_class(t) && !pcb->pcb_havepeek &&
	    pcb->pcb_ptr[strspn(pcb->pcb_ptr, " \t")] != ':')
		return (true);	/* a storage class, not a provider so named */
	/*
	 * A type name that is an identifier (uint64_t, a kernel typedef)
	 * followed by a name or a '*' on the same line: a declaration,
	 * never a probe description (those are followed by '/', '{', ','
	 * or the end).  Only then are the kernel's types looked at.
	 */
	if (t->tk_kind == T_IDENT && !pcb->pcb_havepeek) {
		const char *c = pcb->pcb_ptr + strspn(pcb->pcb_ptr, " \t");

		if ((*c == '_' || *c == '*' || isalpha((unsigned char)*c)) &&
		    is_type_start(pcb, t))
			return (true);
	}
	if (t->tk_kind == T_IDENT && (strcmp(t->tk_str, "inline") == 0 ||
	    strcmp(t->tk_str, "typedef") == 0 ||
	    strcmp(t->tk_str, "translator") == 0 ||
	    strcmp(t->tk_str, "self") == 0 || strcmp(t->tk_str, "this") == 0 ||
	    d_typename(pcb, t->tk_str) != NULL))
		return (true);
	return (t->tk_kind != T_IDENT && is_type_start(pcb, t));
}

/*
 * The D type of a C type name a provider gives as text ("const char *",
 * "struct sk_buff *", "siginfo_t *", "struct ext4`inode *": see
 * dt_argdesc_t), by the grammar's own type-name rule on a compilation of
 * that text alone.  Returns 0, or -1, with no error on the handle, when
 * the text is no type name D knows.
 */
int
dt_parse_ctype(dt_pcb_t *pcb, const char *text, dt_type_t *tp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_pcb_t sub = *pcb;
	char errmsg[sizeof (dtp->dt_errmsg)];
	int err = dtp->dt_errno;
	volatile int rv = -1;
	jmp_buf jb;

	memcpy(errmsg, dtp->dt_errmsg, sizeof (errmsg));
	sub.pcb_src = text;
	sub.pcb_len = strlen(text);
	sub.pcb_usrc = NULL;
	sub.pcb_ulen = 0;
	sub.pcb_file = NULL;
	memset(&sub.pcb_tok, 0, sizeof (sub.pcb_tok));
	memset(&sub.pcb_peek, 0, sizeof (sub.pcb_peek));
	sub.pcb_havepeek = false;
	sub.pcb_jmp = &jb;
	dt_lex_init(&sub);
	if (setjmp(jb) == 0) {
		next(&sub);
		*tp = parse_typename(&sub, NULL);
		if (tok(&sub)->tk_kind == T_EOF)
			rv = 0;
	} else {
		/* no error: a compilation under way has raised none */
		memcpy(dtp->dt_errmsg, errmsg, sizeof (errmsg));
		dtp->dt_errtag = NULL;
		dtp->dt_errno = err;
	}
	dt_tok_free(&sub.pcb_tok);
	if (sub.pcb_havepeek)
		dt_tok_free(&sub.pcb_peek);
	pcb->pcb_nodes = sub.pcb_nodes;	/* freed with the compilation's */
	return (rv);
}

void
dt_parse_program(dt_pcb_t *pcb)
{
	bool any = false;	/* anything but ';' read yet */

	dt_lex_init(pcb);
	for (;;) {
		dt_token_t *t = tok(pcb);
		const char *save = pcb->pcb_ptr;
		dt_srcpos_t savepos = pcb->pcb_pos;

		/* A description may start with a digit (-i 12): not C. */
		dt_tok_free(t);
		if (isdigit(dt_lex_peekc(pcb))) {
			any = true;
			dt_lex_probedesc(pcb, t);
			parse_clause(pcb);
			if (tok(pcb)->tk_kind == T_EOF)
				return;
			continue;
		}
		/* Peek with the C lexer: pragmas, ';' and the end. */
		dt_lex_next(pcb, t);
		/* a D library may be empty, as in DTrace */
		if (t->tk_kind == T_EOF && !any && !pcb->pcb_library &&
		    !pcb->pcb_hdl->dt_opts.op_empty)
			dt_cerror(pcb, "D_EMPTY", t->tk_pos, "empty D program "
			    "translation unit");
		if (t->tk_kind == T_EOF)
			return;
		if (t->tk_kind == T_SEMI)
			continue;
		any = true;
		if (t->tk_kind == T_PRAGMA) {
			parse_pragma(pcb, t->tk_pos);
			continue;
		}
		if (t->tk_kind == T_IDENT && strcmp(t->tk_str, "provider") ==
		    0) {
			if (peek(pcb)->tk_kind == T_IDENT) {
				pcb->pcb_clause = NULL;
				parse_provider(pcb);
				continue;
			}
			/* a probe description (provider:::): rescanned */
			dt_tok_free(&pcb->pcb_peek);
			pcb->pcb_havepeek = false;
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
