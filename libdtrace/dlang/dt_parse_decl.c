/*
 * dt_parse_decl.c: the parser's declarations: typedef, translator,
 * extern, inline and variable declarations with their storage classes,
 * C declarators (pointers, arrays, function prototypes and their
 * parameters).
 *
 * A declarator is read inside out as C reads it, bounded in depth
 * (DT_CDECL_MAXDEPTH); what it declares is checked and recorded by
 * dt_sema_declare().
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

	dt_parse_next(pcb);
	if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
		dt_parse_syntax_error(pcb);
	tpos = dt_parse_tok(pcb)->tk_pos;
	base = dt_parse_basetype(pcb, &bsize);
	for (;;) {
		dt_srcpos_t pos;
		dt_ident_t *idp;
		int64_t size = bsize;
		dt_type_t ty = base;

		if (dt_parse_tok(pcb)->tk_kind == T_STAR)
			ty = dt_parse_stars(pcb, base, &size, tpos);
		if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
			dt_parse_syntax_error(pcb);
		pos = dt_parse_tok(pcb)->tk_pos;
		/*
		 * A name D's types already hold (D's own typedefs such as
		 * int32_t, or one the program declared) cannot be declared
		 * again, even for the same type; a kernel type's name can
		 * (typedef int pid_t; shadows the kernel's pid_t).
		 */
		if (dt_parse_d_typename(pcb,
		    dt_parse_tok(pcb)->tk_str) != NULL ||
		    dt_parse_d_typedef(dt_parse_tok(pcb)->tk_str) != NULL)
			dt_cerror(pcb, "D_DECL_IDRED", pos, "typedef "
			    "redeclared: %s", dt_parse_tok(pcb)->tk_str);
		dt_parse_check_newname(pcb, dt_parse_tok(pcb)->tk_str, pos);
		if ((idp = dt_ident_create(pcb->pcb_hdl,
		    dt_parse_tok(pcb)->tk_str,
		    DT_IDENT_TYPE)) == NULL)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		idp->di_type = ty;
		idp->di_tsize = size;
		idp->di_defined = true;
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
			break;
		dt_parse_next(pcb);
	}
	if (dt_parse_tok(pcb)->tk_kind != T_SEMI)
		dt_parse_syntax_error(pcb);
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
	dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
	dt_node_t *names[DT_XLATE_MAXMEMB];	/* DN_VAR: the member */
	dt_node_t *exprs[DT_XLATE_MAXMEMB];
	char arg[256];
	unsigned int n = 0;
	dt_xlator_t *dxp;
	dt_tentry_t *te;
	dt_type_t out, in;
	uint32_t sid;

	dt_parse_next(pcb);
	if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
		dt_parse_syntax_error(pcb);
	out = dt_parse_typename(pcb, NULL);
	if (out.ty_kind != DT_TK_STRUCT)
		dt_cerror(pcb, "D_XLATE_SOU", pos, "translator output type "
		    "must be a struct or union");
	dt_parse_expect(pcb, T_LT);
	if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
		dt_parse_syntax_error(pcb);
	in = dt_parse_typename(pcb, NULL);
	if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
		dt_parse_syntax_error(pcb);
	snprintf(arg, sizeof (arg), "%s", dt_parse_tok(pcb)->tk_str);
	dt_parse_next(pcb);
	dt_parse_expect(pcb, T_GT);
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
	dt_parse_expect(pcb, T_LBRACE);
	while (dt_parse_tok(pcb)->tk_kind != T_RBRACE) {
		uint32_t mtype, off, bit, bitsize;
		dt_srcpos_t mpos = dt_parse_tok(pcb)->tk_pos;

		if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
			dt_parse_syntax_error(pcb);
		if (dt_btf_member(te->te_btf, sid, dt_parse_tok(pcb)->tk_str,
		    &mtype,
		    &off, &bit, &bitsize) != 0)
			dt_cerror(pcb, "D_XLATE_MEMB", mpos, "translator "
			    "member %s is not a member of %s",
			    dt_parse_tok(pcb)->tk_str,
			    dt_btf_name(te->te_btf, sid, (char [256]){ 0 },
			    256));
		if (n == DT_XLATE_MAXMEMB)
			dt_cerror(pcb, "D_XLATE_MEMB", mpos, "a translator "
			    "defines at most %d members", DT_XLATE_MAXMEMB);
		names[n] = dt_node_new(pcb, DN_VAR, mpos);
		names[n]->dn_str = dt_parse_tok(pcb)->tk_str;
		dt_parse_tok(pcb)->tk_str = NULL;
		dt_parse_next(pcb);
		dt_parse_expect(pcb, T_ASSIGN);
		exprs[n++] = dt_parse_assign(pcb);
		dt_parse_expect(pcb, T_SEMI);
	}
	dt_parse_next(pcb);
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

/* Is token t one of C's storage classes (auto, register, static, extern)? */
bool
dt_parse_is_storage_class(const dt_token_t *t)
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

	while (dt_parse_is_storage_class(dt_parse_tok(pcb))) {
		const char *w = dt_parse_tok(pcb)->tk_str;

		if (first[0] != '\0')
			dt_cerror(pcb, "D_DECL_CLASS",
			    dt_parse_tok(pcb)->tk_pos, "more "
			    "than one storage class: %s and %s", first, w);
		snprintf(first, sizeof (first), "%s", w);
		if (!dt_parse_is_storage_class(dt_parse_peek(pcb)) && strcmp(w,
		    "extern") != 0)
			dt_cerror(pcb, "D_DECL_BADCLASS",
			    dt_parse_tok(pcb)->tk_pos,
			    "storage class %s is not supported in D", w);
		dt_parse_next(pcb);
	}
	return (first[0] != '\0');
}

/* Is the current token the first '.' of "..."?  Then all three are read. */
static bool
parse_ellipsis(dt_pcb_t *pcb)
{
	if (dt_parse_tok(pcb)->tk_kind != T_DOT)
		return (false);
	dt_parse_next(pcb);
	dt_parse_expect(pcb, T_DOT);
	dt_parse_expect(pcb, T_DOT);
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

	dt_parse_next(pcb);
	while (dt_parse_tok(pcb)->tk_kind != T_RPAR) {
		dt_srcpos_t pos;
		cdecl_t cd = { "" };
		int64_t size;
		dt_type_t ty;

		if (n++ > 0)
			dt_parse_expect(pcb, T_COMMA);
		pos = dt_parse_tok(pcb)->tk_pos;
		if (parse_ellipsis(pcb)) {
			if (dt_parse_tok(pcb)->tk_kind != T_RPAR)
				dt_parse_syntax_error(pcb);
			break;
		}
		if (dt_parse_is_storage_class(dt_parse_tok(pcb)))
			dt_cerror(pcb, "D_DECL_PARMCLASS", pos, "a parameter "
			    "may not have storage class %s",
			    dt_parse_tok(pcb)->tk_str);
		if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
			dt_parse_syntax_error(pcb);
		ty = dt_parse_basetype(pcb, &size);
		parse_cdecl(pcb, &cd, depth + 1);
		if (ty.ty_kind == DT_TK_VOID && cd.cd_stars == 0 &&
		    !cd.cd_func) {
			if (cd.cd_name[0] != '\0')
				dt_cerror(pcb, "D_DECL_PROTO_NAME", pos, "a void "
				    "parameter may not have a name: %s",
				    cd.cd_name);
			if (n > 1 || dt_parse_tok(pcb)->tk_kind != T_RPAR)
				dt_cerror(pcb, "D_DECL_PROTO_VOID", pos, "void "
				    "must be the only parameter");
		}
		if (cd.cd_assoc)
			dt_cerror(pcb, "D_DECL_PROTO_TYPE", pos, "parameter %s "
			    "may not be an associative array", cd.cd_name);
	}
	dt_parse_next(pcb);
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

	cdp->cd_pos = dt_parse_tok(pcb)->tk_pos;
	if (depth > DT_CDECL_MAXDEPTH)
		dt_cerror(pcb, "D_SYNTAX", cdp->cd_pos, "declarator nested "
		    "more than %d deep", DT_CDECL_MAXDEPTH);
	while (dt_parse_tok(pcb)->tk_kind == T_STAR) {
		cdp->cd_stars++;
		dt_parse_next(pcb);
		dt_parse_skip_qualifiers(pcb);
	}
	if (dt_parse_tok(pcb)->tk_kind == T_LPAR
	    && (dt_parse_peek(pcb)->tk_kind == T_STAR ||
	    dt_parse_peek(pcb)->tk_kind == T_LPAR)) {
		cdecl_t in = { "" };

		dt_parse_next(pcb);
		parse_cdecl(pcb, &in, depth + 1);
		dt_parse_expect(pcb, T_RPAR);
		*cdp = in;
		inner = true;
	} else if (dt_parse_tok(pcb)->tk_kind == T_IDENT) {
		snprintf(cdp->cd_name, sizeof (cdp->cd_name), "%s",
		    dt_parse_tok(pcb)->tk_str);
		dt_parse_next(pcb);
	} else if (dt_parse_tok(pcb)->tk_kind == T_BACKQUOTE) {
		dt_cerror(pcb, "D_DECL_SCOPE", dt_parse_tok(pcb)->tk_pos,
		    "the scope "
		    "operator ` may not be used in a declaration");
	}
	for (;;) {
		if (dt_parse_tok(pcb)->tk_kind == T_LPAR) {
			parse_params(pcb, depth);
			/* (*fp)(...) points to a function, f(...) is one */
			if (!inner || cdp->cd_stars == 0)
				cdp->cd_func = true;
		} else if (dt_parse_tok(pcb)->tk_kind == T_LBRACK) {
			dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
			int64_t v;
			dt_type_t vt;

			dt_parse_next(pcb);
			if (dt_parse_tok(pcb)->tk_kind == T_DOT)
				dt_cerror(pcb, "D_DECL_PROTO_VARARGS", pos,
				    "array keys may not be ...");
			if (dt_parse_is_type_start(pcb, dt_parse_tok(pcb))) {
				cdp->cd_assoc = true;
				(void) dt_parse_typename(pcb, NULL);
				while (dt_parse_tok(pcb)->tk_kind == T_COMMA) {
					dt_parse_next(pcb);
					(void) dt_parse_typename(pcb, NULL);
				}
			} else if (dt_parse_tok(pcb)->tk_kind != T_RBRACK &&
			    (!dt_fold_int(pcb, dt_parse_assign(pcb), &v,
			    &vt) ||
			    v <= 0)) {
				dt_cerror(pcb, "D_DECL_ARRSUB", pos, "the "
				    "dimension of %s must be a positive "
				    "integral constant", cdp->cd_name);
			}
			dt_parse_expect(pcb, T_RBRACK);
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
		if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
			break;
		dt_parse_next(pcb);
	}
	if (dt_parse_tok(pcb)->tk_kind != T_SEMI)
		dt_parse_syntax_error(pcb);
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
void
dt_parse_decl(dt_pcb_t *pcb)
{
	dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
	const char *scope = "";
	bool isinline = false;
	dt_type_t base;
	bool tagged;
	int64_t size;

	if (dt_parse_tok(pcb)->tk_kind == T_IDENT
	    && strcmp(dt_parse_tok(pcb)->tk_str,
	    "typedef") == 0) {
		parse_typedef(pcb);
		return;
	}
	if (dt_parse_tok(pcb)->tk_kind == T_IDENT
	    && strcmp(dt_parse_tok(pcb)->tk_str,
	    "translator") == 0) {
		parse_translator(pcb);
		return;
	}
	if (storage_class(pcb)) {
		/* extern [TYPE] declarator {, declarator}: the type, when
		   left out, is int */
		if (dt_parse_tok(pcb)->tk_kind == T_IDENT
		    && !dt_parse_is_type_start(pcb,
		    dt_parse_tok(pcb)))
			base = (dt_type_t){ DT_TK_INT, 4, 1 };
		else if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
			dt_parse_syntax_error(pcb);
		else {
			pcb->pcb_extern = true;
			base = dt_parse_basetype(pcb, &size);
			pcb->pcb_extern = false;
		}
		(void) base;
		parse_extern(pcb, pos);
		return;
	}
	if (dt_parse_tok(pcb)->tk_kind == T_IDENT
	    && strcmp(dt_parse_tok(pcb)->tk_str,
	    "inline") == 0) {
		isinline = true;
		dt_parse_next(pcb);
	} else if (dt_parse_tok(pcb)->tk_kind == T_IDENT
	    && (strcmp(dt_parse_tok(pcb)->tk_str,
	    "self") == 0 || strcmp(dt_parse_tok(pcb)->tk_str, "this") == 0)) {
		scope = strcmp(dt_parse_tok(pcb)->tk_str, "self") == 0
		    ? "self->" :
		    "this->";
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_IDENT
		    && (strcmp(dt_parse_tok(pcb)->tk_str,
		    "self") == 0 || strcmp(dt_parse_tok(pcb)->tk_str,
		    "this") == 0))
			dt_cerror(pcb, "D_DECL_CLASS",
			    dt_parse_tok(pcb)->tk_pos, "more "
			    "than one storage class: %.4s and %s", scope,
			    dt_parse_tok(pcb)->tk_str);
	}
	if (*scope != '\0' && dt_parse_tok(pcb)->tk_kind == T_IDENT &&
	    !dt_parse_is_type_start(pcb, dt_parse_tok(pcb))
	    && (dt_parse_peek(pcb)->tk_kind == T_SEMI ||
	    dt_parse_peek(pcb)->tk_kind == T_COMMA)) {
		/* self x; this x; declare ints, the type left out */
		tagged = false;
		base = (dt_type_t){ DT_TK_INT, 4, 1 };
		size = 4;
	} else {
		if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
			dt_parse_syntax_error(pcb);
		tagged = dt_parse_tok(pcb)->tk_kind == T_KW_ENUM ||
		    dt_parse_tok(pcb)->tk_kind == T_KW_STRUCT ||
		    dt_parse_tok(pcb)->tk_kind == T_KW_UNION;
		base = dt_parse_basetype(pcb, &size);
		if (dt_parse_tok(pcb)->tk_kind != T_IDENT
		    && dt_parse_is_type_start(pcb,
		    dt_parse_tok(pcb)))
			/* struct a { ... } struct b ...: a ';' left out */
			dt_cerror(pcb, "D_DECL_COMBO",
			    dt_parse_tok(pcb)->tk_pos,
			    "invalid type combination: a second type after "
			    "%s (is a ';' missing?)", tagged ? "a struct, "
			    "union or enum" : "the type");
	}
	if (tagged && *scope == '\0' && !isinline &&
	    dt_parse_tok(pcb)->tk_kind == T_SEMI)
		return;		/* struct tag { ... }; declares only the type */
	for (;;) {
		dt_srcpos_t dpos = dt_parse_tok(pcb)->tk_pos;
		dt_type_t ty = base, keys[DT_MAXKEYS];
		int nkeys = -1;
		char name[300], *params[DT_MAXKEYS] = { NULL };
		dt_node_t *expr = NULL;

		if (dt_parse_tok(pcb)->tk_kind == T_STAR)
			ty = dt_parse_stars(pcb, base, &size, dpos);
		if (dt_parse_tok(pcb)->tk_kind == T_SEMI)
			dt_cerror(pcb, "D_DECL_USELESS", pos, "useless "
			    "declaration: a type without a name to declare");
		if (dt_parse_tok(pcb)->tk_kind == T_BACKQUOTE)
			dt_cerror(pcb, "D_DECL_SCOPE",
			    dt_parse_tok(pcb)->tk_pos, "the "
			    "scope operator ` may not be used in a "
			    "declaration");
		if (!isinline && *scope == '\0' &&
		    (dt_parse_tok(pcb)->tk_kind == T_LPAR
		    || (dt_parse_tok(pcb)->tk_kind ==
		    T_IDENT && dt_parse_peek(pcb)->tk_kind == T_LPAR))) {
			/* a function's prototype, or a pointer to one: D
			   has no such variables, the prototype is checked
			   and declares nothing */
			parse_extern(pcb, pos);
			return;
		}
		if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
			dt_parse_syntax_error(pcb);
		snprintf(name, sizeof (name), "%s%s", scope,
		    dt_parse_tok(pcb)->tk_str);
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_LBRACK
		    && dt_parse_peek(pcb)->tk_kind == T_DOT)
			dt_cerror(pcb, "D_DECL_PROTO_VARARGS",
			    dt_parse_tok(pcb)->tk_pos,
			    "the keys of %s may not be ...", name);
		if (isinline && dt_parse_tok(pcb)->tk_kind == T_LBRACK) {
			/* inline T f[T1 a, T2 b] = e: f[x, y] is e with
			   a and b standing for x and y */
			dt_parse_next(pcb);
			for (nkeys = 0;; nkeys++) {
				if (nkeys == DT_MAXKEYS)
					dt_cerror(pcb, "D_ARR_KEYS", pos, "an "
					    "inline has at most %d parameters",
					    DT_MAXKEYS);
				if (!dt_parse_is_type_start(pcb,
				    dt_parse_tok(pcb)))
					dt_parse_syntax_error(pcb);
				keys[nkeys] = dt_parse_typename(pcb, NULL);
				if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
					dt_parse_syntax_error(pcb);
				params[nkeys] = dt_parse_tok(pcb)->tk_str;
				dt_parse_tok(pcb)->tk_str = NULL;
				dt_parse_next(pcb);
				if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
					break;
				dt_parse_next(pcb);
			}
			nkeys++;
			dt_parse_expect(pcb, T_RBRACK);
		}
		if (isinline) {
			dt_parse_expect(pcb, T_ASSIGN);
			expr = dt_parse_assign(pcb);
		} else if (dt_parse_tok(pcb)->tk_kind == T_LBRACK &&
		    strcmp(scope, "this->") == 0 &&
		    dt_parse_is_type_start(pcb, dt_parse_peek(pcb))) {
			dt_cerror(pcb, "D_DECL_LOCASSC", pos, "%s: "
			    "clause-local variables may not be associative "
			    "arrays", name);
		} else if (dt_parse_tok(pcb)->tk_kind == T_LBRACK &&
		    dt_parse_is_type_start(pcb, dt_parse_peek(pcb))) {
			/* a[T1, T2] or self->a[T1, T2] */
			dt_srcpos_t kpos;

			dt_parse_next(pcb);
			for (nkeys = 0;; ) {
				if (nkeys == DT_MAXKEYS)
					dt_cerror(pcb, "D_ARR_KEYS", pos, "an "
					    "associative array has at most %d "
					    "key components", DT_MAXKEYS);
				kpos = dt_parse_tok(pcb)->tk_pos;
				keys[nkeys++] = dt_parse_typename(pcb, NULL);
				if (keys[nkeys - 1].ty_kind == DT_TK_VOID)
					dt_cerror(pcb, "D_DECL_PROTO_TYPE", kpos,
					    "key #%d of %s cannot be of type "
					    "void", nkeys, name);
				if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
					break;
				dt_parse_next(pcb);
			}
			dt_parse_expect(pcb, T_RBRACK);
		} else if (dt_parse_tok(pcb)->tk_kind == T_LBRACK) {
			/* an array: int a[4]; this->v[2][3] */
			uint32_t dims[DT_SOU_MAXDIMS];
			uint64_t nelems;
			unsigned int ndims = dt_parse_dims(pcb, name, pos, dims,
			    &nelems);
			dt_type_t elem = ty;

			ty = (dt_type_t){ DT_TK_ARRAY, 0, 0 };
			ty.ty_btf = dt_parse_array_btf(pcb, elem, dims, ndims,
			    name,
			    pos);
		}
		dt_sema_declare(pcb, name, ty, nkeys >= 0 ? keys : NULL, nkeys,
		    params, expr, pos);
		for (int i = 0; i < DT_MAXKEYS; i++)
			free(params[i]);	/* the inline keeps copies */
		if (isinline || dt_parse_tok(pcb)->tk_kind != T_COMMA)
			break;
		dt_parse_next(pcb);
	}
	if (dt_parse_tok(pcb)->tk_kind != T_SEMI)
		dt_parse_syntax_error(pcb);
}
