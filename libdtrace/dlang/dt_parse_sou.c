/*
 * dt_parse_sou.c: the parser's struct, union and enum bodies: their
 * members and enumerators, bit-fields, array dimensions, and the layout
 * of a struct or union defined in D (offsets and sizes as C lays them
 * out), made into types of the program's own type data.
 *
 * A name is defined once (check_newname); a body is bounded in members
 * (DT_SOU_MAXMEMB), dimensions (DT_SOU_MAXDIMS) and enumerators.
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

/* Is name free to be declared (not a built-in, variable or type)? */
void
dt_parse_check_newname(dt_pcb_t *pcb, const char *name, dt_srcpos_t pos)
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
dt_type_t
dt_parse_enum_body(dt_pcb_t *pcb, const char *tag, dt_srcpos_t pos)
{
	static const dt_type_t t_enum = { DT_TK_INT, 4, 1, 0 };
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char tname[300];
	int64_t value = 0;
	dt_type_t vt;
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
	dt_parse_next(pcb);
	while (dt_parse_tok(pcb)->tk_kind != T_RBRACE) {
		dt_srcpos_t epos = dt_parse_tok(pcb)->tk_pos;
		char name[256];

		if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
			dt_parse_syntax_error(pcb);
		snprintf(name, sizeof (name), "%s", dt_parse_tok(pcb)->tk_str);
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_BACKQUOTE)
			dt_cerror(pcb, "D_DECL_SCOPE", epos, "an enumerator "
			    "name cannot have a module scope: %s", name);
		if (dt_parse_tok(pcb)->tk_kind == T_ASSIGN) {
			dt_node_t *e;

			dt_parse_next(pcb);
			e = dt_parse_assign(pcb);
			if (!dt_fold_int(pcb, e, &value, &vt))
				dt_cerror(pcb, "D_DECL_ENCONST", e->dn_pos,
				    "the value of enumerator %s is not an "
				    "integral constant expression", name);
		} else if (n > 0 && value == INT32_MAX) {
			value = (int64_t)INT32_MAX + 1;
		}
		if (value > INT32_MAX || value < INT32_MIN)
			dt_cerror(pcb, "D_DECL_ENOFLOW", epos, "the value of "
			    "enumerator %s does not fit in an int", name);
		dt_parse_check_newname(pcb, name, epos);
		if ((idp = dt_ident_create(dtp, name, DT_IDENT_INLINE)) ==
		    NULL || (idp->di_inline = dt_node_dup(NULL,
		    dt_parse_int_node(pcb,
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
		if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
			break;
		dt_parse_next(pcb);
	}
	dt_parse_expect(pcb, T_RBRACE);
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

typedef struct sou_member {
	uint32_t sm_name;	/* name in the BTF strings; 0: anonymous */
	uint32_t sm_type;	/* BTF type */
	uint32_t sm_bits;	/* bit-field width; 0: not a bit-field */
	uint32_t sm_off;	/* bit offset, once laid out */
} sou_member_t;

/* The handle's types declared in D, made on first use. */
dt_tentry_t *
dt_parse_d_types(dt_pcb_t *pcb, dt_srcpos_t pos)
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
dt_ident_t *
dt_parse_sou_tag(dt_pcb_t *pcb, bool isunion, const char *tag, dt_srcpos_t pos)
{
	char tname[300];
	dt_ident_t *idp;
	dt_tentry_t *te;
	int fid;

	snprintf(tname, sizeof (tname), "%s %s", isunion ? "union" : "struct",
	    tag);
	if ((idp = dt_parse_d_typename(pcb, tname)) != NULL)
		return (idp);
	te = dt_parse_d_types(pcb, pos);
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
 * dt_parse_sou_body()).  Other members are aligned as C aligns them.  In a
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
unsigned int
dt_parse_dims(dt_pcb_t *pcb, const char *name, dt_srcpos_t dpos,
    uint32_t *dims, uint64_t *nelemsp)
{
	unsigned int ndims = 0;
	int64_t v;
	dt_type_t vt;

	*nelemsp = 1;
	while (dt_parse_tok(pcb)->tk_kind == T_LBRACK) {
		dt_node_t *e;

		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_RBRACK)
			dt_cerror(pcb, "D_DECL_ARRNULL", dpos, "array %s needs "
			    "a dimension", name);
		e = dt_parse_assign(pcb);
		if (!dt_fold_int(pcb, e, &v, &vt) || v <= 0)
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
		dt_parse_expect(pcb, T_RBRACK);
	}
	return (ndims);
}

/* The BTF type, in the D types, of an array of ty: an error names it. */
uint32_t
dt_parse_array_btf(dt_pcb_t *pcb, dt_type_t ty, const uint32_t *dims,
    unsigned int ndims, const char *name, dt_srcpos_t pos)
{
	int64_t id;

	(void) dt_parse_d_types(pcb, pos);
	if ((id = dt_dtype_array(pcb->pcb_hdl, ty, dims, ndims)) < 0)
		dt_cerror(pcb, "D_NOMEM", pos, "cannot make the type of %s: "
		    "out of memory", name);
	return ((uint32_t)id);
}

dt_type_t
dt_parse_sou_body(dt_pcb_t *pcb, bool isunion, const char *tag, int64_t *sizep,
    dt_srcpos_t pos)
{
	const char *kw = isunion ? "union" : "struct";
	sou_member_t mv[DT_SOU_MAXMEMB];
	dt_ident_t *tagp = NULL;
	unsigned int n = 0;
	struct btf *btf;

	if (tag != NULL) {
		tagp = dt_parse_sou_tag(pcb, isunion, tag, pos);
		if (tagp->di_tsize >= 0)
			dt_cerror(pcb, "D_DECL_TYPERED", pos, "type redeclared: "
			    "%s", tagp->di_name);
	}
	btf = dt_parse_d_types(pcb, pos)->te_btf;
	dt_parse_next(pcb);
	while (dt_parse_tok(pcb)->tk_kind != T_RBRACE) {
		dt_srcpos_t mpos = dt_parse_tok(pcb)->tk_pos;
		int64_t bsize;
		dt_type_t bty;
		uint32_t bkid;
		const char *bname;
		const dt_ident_t *benum;

		if (!dt_parse_is_type_start(pcb, dt_parse_tok(pcb)))
			dt_cerror(pcb, "D_DECL_IDENT", mpos, "a member "
			    "declaration must start with a type");
		bty = dt_parse_basetype(pcb, &bsize);
		bkid = pcb->pcb_basekid;
		bname = pcb->pcb_basename;
		benum = pcb->pcb_baseenum;
		if (dt_parse_tok(pcb)->tk_kind == T_SEMI &&
		    bty.ty_kind == DT_TK_STRUCT && bsize >= 0) {
			/* an anonymous struct or union member */
			if (n == DT_SOU_MAXMEMB)
				goto toomany;
			mv[n++] = (sou_member_t){ 0, member_btf(pcb, bty,
			    "(anonymous)", mpos), 0, 0 };
			dt_parse_next(pcb);
			continue;
		}
		for (;;) {
			uint32_t dims[DT_SOU_MAXDIMS];
			uint64_t nelems = 1;
			unsigned int ndims = 0;
			int64_t msize = bsize, v;
			dt_type_t vt;
			dt_srcpos_t dpos = dt_parse_tok(pcb)->tk_pos;
			dt_type_t mty = bty;
			char name[256] = "";
			uint32_t tid, bits = 0;
			bool zerowidth = false, fnptr = false;

			if (dt_parse_tok(pcb)->tk_kind == T_STAR)
				mty = dt_parse_stars(pcb, bty, &msize, dpos);
			if (dt_parse_tok(pcb)->tk_kind == T_LPAR &&
			    dt_parse_peek(pcb)->tk_kind == T_STAR) {
				/* T (*name[N])(params): pointers to
				   functions, held as generic pointers */
				dt_parse_next(pcb);
				mty = dt_parse_stars(pcb, (dt_type_t){
				    DT_TK_VOID }, &msize, dpos);
				if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
					dt_cerror(pcb, "D_DECL_MNAME", dpos,
					    "a member of %s needs a name", kw);
				snprintf(name, sizeof (name), "%s",
				    dt_parse_tok(pcb)->tk_str);
				dpos = dt_parse_tok(pcb)->tk_pos;
				dt_parse_next(pcb);
				ndims = dt_parse_dims(pcb, name, dpos, dims,
				    &nelems);
				dt_parse_expect(pcb, T_RPAR);
				dt_parse_skip_params(pcb);
				fnptr = true;
			} else if (dt_parse_tok(pcb)->tk_kind == T_IDENT) {
				snprintf(name, sizeof (name), "%s",
				    dt_parse_tok(pcb)->tk_str);
				dpos = dt_parse_tok(pcb)->tk_pos;
				dt_parse_next(pcb);
				if (dt_parse_tok(pcb)->tk_kind == T_LPAR)
					dt_cerror(pcb, "D_DECL_VOIDOBJ", dpos,
					    "member %s cannot be a function: "
					    "a function has no size", name);
			} else if (dt_parse_tok(pcb)->tk_kind != T_COLON) {
				dt_cerror(pcb, "D_DECL_MNAME", dpos, "a member "
				    "of %s needs a name", kw);
			}
			if (!fnptr)
				ndims = dt_parse_dims(pcb, name, dpos, dims,
				    &nelems);
			if (dt_parse_tok(pcb)->tk_kind == T_COLON) {
				dt_node_t *e;

				dt_parse_next(pcb);
				e = dt_parse_ternary(pcb);
				if (mty.ty_kind != DT_TK_INT || ndims > 0)
					dt_cerror(pcb, "D_DECL_BFTYPE", dpos,
					    "bit-field %s must have an "
					    "integer type", name);
				if (!dt_fold_int(pcb, e, &v, &vt))
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
				tid = dt_parse_array_btf(pcb, mty, dims, ndims,
				    name,
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
				if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
					break;
				dt_parse_next(pcb);
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
			if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
				break;
			dt_parse_next(pcb);
		}
		dt_parse_expect(pcb, T_SEMI);
	}
	if (n == 0)
		dt_cerror(pcb, "D_DECL_MNAME", pos, "a %s needs at least one "
		    "member", kw);
	dt_parse_next(pcb);
	return (sou_complete(pcb, isunion, tagp, mv, n, sizep, pos));
toomany:
	dt_cerror(pcb, "D_DECL_ARRBIG", pos, "a %s has at most %d members",
	    kw, DT_SOU_MAXMEMB);
}
