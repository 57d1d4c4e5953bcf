/*
 * dt_parse_type.c: the parser's type names: D's own typedefs, the base
 * types and their combinations of keywords (unsigned long long, ...),
 * struct, union and enum tags looked up in D's and the kernel's types
 * (and a module's: `mod`struct tag), qualifiers and pointer stars.  The
 * integer constant expressions a type needs (array sizes, enumerators,
 * bit-field widths) are folded by the compiler's one folder,
 * dt_fold_int() (dt_sema_expr.c).
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

const dt_type_t *
dt_parse_d_typedef(const char *name)
{
	for (int i = 0; dt_typedefs[i].name != NULL; i++) {
		if (strcmp(dt_typedefs[i].name, name) == 0)
			return (&dt_typedefs[i].type);
	}
	return (NULL);
}

/* A type name declared in D (a typedef name, or "enum tag"), or NULL. */
dt_ident_t *
dt_parse_d_typename(dt_pcb_t *pcb, const char *name)
{
	bool err;
	dt_ident_t *idp = dt_lib_lookup(pcb->pcb_hdl, name, &err);

	if (err)
		dt_lib_error(pcb, dt_parse_tok(pcb)->tk_pos);

	return (idp != NULL && idp->di_kind == DT_IDENT_TYPE ? idp : NULL);
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
	if (strcmp(t->tk_str, "D") == 0 && (dt_parse_d_typedef(name) != NULL ||
	    dt_parse_d_typename(pcb, name) != NULL))
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
void
dt_parse_skip_qualifiers(dt_pcb_t *pcb)
{
	while (is_qualifier(dt_parse_tok(pcb)))
		dt_parse_next(pcb);
}

bool
dt_parse_is_type_start(dt_pcb_t *pcb, const dt_token_t *t)
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
	if (dt_parse_d_typedef(t->tk_str) != NULL || dt_parse_d_typename(pcb,
	    t->tk_str) != NULL)
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

	if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
		dt_parse_syntax_error(pcb);
	snprintf(name, sizeof (name), "%s", dt_parse_tok(pcb)->tk_str);
	dt_parse_next(pcb);
	if (dt_parse_tok(pcb)->tk_kind == T_BACKQUOTE) {
		/* module`name: vmlinux, or a module's split BTF */
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
			dt_parse_syntax_error(pcb);
		if (dt_parse_peek(pcb)->tk_kind == T_LBRACE)
			dt_cerror(pcb, "D_SYNTAX", pos, "%s %s`%s { ... }: a "
			    "type defined in D cannot be scoped to a module",
			    kw, name, dt_parse_tok(pcb)->tk_str);
		if (!own_types_module(name))
			dt_pcb_module_types(pcb, name, pos);
		snprintf(name, sizeof (name), "%s", dt_parse_tok(pcb)->tk_str);
		dt_parse_next(pcb);
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

	dt_parse_next(pcb);
	*sizep = 4;
	if (dt_parse_tok(pcb)->tk_kind == T_LBRACE)
		return (dt_parse_enum_body(pcb, NULL, pos));
	if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
		dt_parse_syntax_error(pcb);
	snprintf(tname, sizeof (tname), "enum %s", dt_parse_tok(pcb)->tk_str);
	if (dt_parse_peek(pcb)->tk_kind == T_LBRACE) {
		char tag[256];

		snprintf(tag, sizeof (tag), "%s", dt_parse_tok(pcb)->tk_str);
		dt_parse_next(pcb);
		return (dt_parse_enum_body(pcb, tag, pos));
	}
	if ((idp = dt_parse_d_typename(pcb, tname)) != NULL) {
		dt_parse_next(pcb);
		pcb->pcb_baseenum = idp;
		return (idp->di_type);
	}
	/*
	 * An extern declaration names a kernel symbol's C type and D keeps
	 * nothing of it: an enum tag neither D nor the kernel has is C's
	 * incomplete enum there (DTrace takes extern enum uio_rw e;).
	 */
	if (pcb->pcb_extern && dt_parse_peek(pcb)->tk_kind != T_BACKQUOTE &&
	    dt_tcache_tag(dt_pcb_types(pcb, pos), BTF_KIND_ENUM,
	    dt_parse_tok(pcb)->tk_str) == 0) {
		dt_parse_next(pcb);
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
dt_type_t
dt_parse_typename(dt_pcb_t *pcb, int64_t *sizep)
{
	dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
	int64_t size;
	dt_type_t ty = dt_parse_basetype(pcb, &size);

	if (dt_parse_tok(pcb)->tk_kind == T_STAR)
		ty = dt_parse_stars(pcb, ty, &size, pos);
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
dt_type_t
dt_parse_basetype(dt_pcb_t *pcb, int64_t *sizep)
{
	dt_type_t ty = { DT_TK_INT, 4, 1, 0 };
	int nlong = 0, sign = -1, base = 0;
	dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
	dt_tok_t k;
	int64_t size = -1;

	dt_ident_t *dtn;
	uint32_t kid = 0;		/* pcb_basekid, pcb_basename, */
	const char *bname = NULL;	/* pcb_baseenum */
	const dt_ident_t *benum = NULL;

	dt_parse_skip_qualifiers(pcb);
	k = dt_parse_tok(pcb)->tk_kind;

	if (k == T_KW_ENUM) {
		pcb->pcb_basekid = 0;
		pcb->pcb_baseenum = NULL;
		ty = enum_type(pcb, &size, pos);
		kid = pcb->pcb_basekid;
		benum = pcb->pcb_baseenum;
		base = -1;
	} else if (k == T_IDENT && (dtn = dt_parse_d_typename(pcb,
	    dt_parse_tok(pcb)->tk_str)) != NULL) {
		ty = dtn->di_type;
		size = dtn->di_tsize;
		dt_parse_next(pcb);
		base = -1;
	} else if (k == T_KW_STRUCT || k == T_KW_UNION) {
		/* struct { ... }, struct tag { ... }, a tag declared in D,
		   else the kernel's [module`]tag */
		bool isunion = k == T_KW_UNION;
		char tname[300];
		dt_tentry_t *te;
		const char *what = "";
		uint32_t id;

		dt_parse_next(pcb);
		/* D`tag: DTrace's container of the program's own types */
		if (dt_parse_tok(pcb)->tk_kind == T_IDENT &&
		    strcmp(dt_parse_tok(pcb)->tk_str, "D") == 0 &&
		    dt_parse_peek(pcb)->tk_kind == T_BACKQUOTE) {
			dt_parse_next(pcb);
			dt_parse_next(pcb);
			if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
				dt_parse_syntax_error(pcb);
		}
		snprintf(tname, sizeof (tname), "%s %s", dt_tok_name(k),
		    dt_parse_tok(pcb)->tk_kind == T_IDENT
		    ? dt_parse_tok(pcb)->tk_str : "");
		if (dt_parse_tok(pcb)->tk_kind == T_LBRACE) {
			ty = dt_parse_sou_body(pcb, isunion, NULL, &size, pos);
		} else if (dt_parse_tok(pcb)->tk_kind == T_IDENT &&
		    dt_parse_peek(pcb)->tk_kind == T_LBRACE) {
			char tag[256];

			snprintf(tag, sizeof (tag), "%s",
			    dt_parse_tok(pcb)->tk_str);
			dt_parse_next(pcb);
			ty = dt_parse_sou_body(pcb, isunion, tag, &size, pos);
		} else if ((dtn = dt_parse_d_typename(pcb, tname)) != NULL ||
		    (dt_parse_tok(pcb)->tk_kind == T_IDENT
		    && dt_parse_peek(pcb)->tk_kind ==
		    T_SEMI && pcb->pcb_clause == NULL)) {
			/* a tag of D; "struct tag;" declares one */
			if (dtn == NULL)
				dtn = dt_parse_sou_tag(pcb, isunion,
				    dt_parse_tok(pcb)->tk_str,
				    pos);
			ty = dtn->di_type;
			size = dtn->di_tsize;
			dt_parse_next(pcb);
		} else if (dt_parse_tok(pcb)->tk_kind == T_IDENT
		    && pcb->pcb_clause ==
		    NULL && dt_parse_peek(pcb)->tk_kind != T_BACKQUOTE &&
		    dt_tcache_tag(dt_pcb_types(pcb, pos), isunion ?
		    BTF_KIND_UNION : BTF_KIND_STRUCT,
		    dt_parse_tok(pcb)->tk_str) == 0) {
			/* a tag neither D nor the kernel has, in a
			   declaration: declared here, as C does, and
			   incomplete until defined */
			dtn = dt_parse_sou_tag(pcb, isunion,
			    dt_parse_tok(pcb)->tk_str, pos);
			ty = dtn->di_type;
			size = dtn->di_tsize;
			dt_parse_next(pcb);
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
	} else if (k == T_IDENT && dt_parse_peek(pcb)->tk_kind == T_BACKQUOTE) {
		/* module`name: a type name of the kernel or of a module */
		char mod[256], name[256];
		dt_tentry_t *te;
		const char *what = "";
		uint32_t id;

		snprintf(mod, sizeof (mod), "%s", dt_parse_tok(pcb)->tk_str);
		dt_parse_next(pcb);
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
			dt_parse_syntax_error(pcb);
		snprintf(name, sizeof (name), "%s", dt_parse_tok(pcb)->tk_str);
		if (strcmp(mod, "D") == 0 &&
		    (dtn = dt_parse_d_typename(pcb, name)) != NULL) {
			/* D`name: a type name the program declares */
			dt_parse_next(pcb);
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
			dt_parse_next(pcb);
			if (dt_btf_dtype(te->te_btf, id, &ty, &what) != 0)
				dt_cerror(pcb, "D_TYPE_ERR", pos, "type "
				    "%s`%s is %s, which D cannot use", mod,
				    name, what);
			size = dt_btf_size(te->te_btf, id);
		}
		base = -1;
	} else if (k == T_IDENT
	    && dt_parse_d_typedef(dt_parse_tok(pcb)->tk_str) == NULL) {
		dt_tentry_t *te = dt_pcb_types(pcb, pos);
		const char *what = "";
		uint32_t id = dt_tcache_name(te, dt_parse_tok(pcb)->tk_str);

		dt_parse_next(pcb);
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
			if (strcmp(dt_typedefs[i].name,
			    dt_parse_tok(pcb)->tk_str) == 0)
				bname = dt_typedefs[i].name;
		}
		ty = *dt_parse_d_typedef(dt_parse_tok(pcb)->tk_str);
		size = ty.ty_size;
		dt_parse_next(pcb);
		base = -1;
	}
	for (; base != -1;) {
		dt_parse_skip_qualifiers(pcb);
		k = dt_parse_tok(pcb)->tk_kind;

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
		dt_parse_next(pcb);
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
	dt_parse_skip_qualifiers(pcb);	/* char const, struct s volatile */
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
void
dt_parse_skip_params(dt_pcb_t *pcb)
{
	int depth = 0;

	if (dt_parse_tok(pcb)->tk_kind != T_LPAR)
		dt_parse_syntax_error(pcb);
	do {
		if (dt_parse_tok(pcb)->tk_kind == T_EOF)
			dt_parse_syntax_error(pcb);
		depth += dt_parse_tok(pcb)->tk_kind == T_LPAR ? 1 :
		    dt_parse_tok(pcb)->tk_kind == T_RPAR ? -1 : 0;
		dt_parse_next(pcb);
	} while (depth > 0);
}

/* The '*'s after a type name: the current token is the first. */
dt_type_t
dt_parse_stars(dt_pcb_t *pcb, dt_type_t ty, int64_t *sizep, dt_srcpos_t pos)
{
	if (ty.ty_kind == DT_TK_STRUCT
	    && dt_parse_tok(pcb)->tk_kind == T_STAR) {
		/* pointer to a struct (or a typedef of one): the struct's
		   id is the pointee */
		ty.ty_kind = DT_TK_PTR;
		ty.ty_size = 8;
		*sizep = 8;
		dt_parse_next(pcb);
		dt_parse_skip_qualifiers(pcb);
	} else if ((ty.ty_kind == DT_TK_FLOAT || (ty.ty_kind ==
	    DT_TK_STRING && ty.ty_btf == 0))
	    && dt_parse_tok(pcb)->tk_kind == T_STAR) {
		/* pointer to a float or to a string: its BTF type (made
		   in the D types for D's own float, double, long double,
		   and for string, as DTrace has it, char[strsize]) is the
		   pointee */
		dt_tentry_t *te = dt_parse_d_types(pcb, pos);
		int64_t id = dt_dtype_btf(pcb->pcb_hdl, ty);

		if (id <= 0)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
		dt_tcache_grown(te);
		ty = (dt_type_t){ DT_TK_PTR, 8, 0 };
		ty.ty_btf = (uint32_t)id;
		*sizep = 8;
		dt_parse_next(pcb);
		dt_parse_skip_qualifiers(pcb);
	}
	while (dt_parse_tok(pcb)->tk_kind == T_STAR) {
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
		dt_parse_next(pcb);
		dt_parse_skip_qualifiers(pcb);	/* char *const p */
	}
	return (ty);
}
