/*
 * dt_types.c: a session's kernel types, and the D view of BTF types.
 *
 * A session holds one reference to its kernel type entry (vmlinux, or the
 * btfpath file), taken the first time a program uses a kernel type: a
 * program that uses none never reads BTF.  Each clause that uses kernel
 * types holds its own reference to the entry it was compiled against, so
 * that dtrace_update() can move the session to fresh types while compiled
 * clauses keep theirs.
 *
 * The D view of a BTF type (dt_type_t) is flat: integers and enums become
 * D integers; pointers keep the BTF id of what they point to; structs and
 * unions are values only as the operand of '.', '->' and '&' (their value
 * in a register is their address); arrays of char are strings; other
 * arrays keep their BTF id.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "../core/dt_impl.h"
#include "dt_types.h"
#include "dt_tcache.h"
#include "dt_ksyms.h"

#define DT_VMLINUX_BTF	"/sys/kernel/btf/vmlinux"

/* The session's kernel types, loaded on first use; NULL with the error set. */
dt_tentry_t *
dt_ktypes(dtrace_hdl_t *dtp)
{
	const char *path = dtp->dt_opts.op_btfpath != NULL ?
	    dtp->dt_opts.op_btfpath : DT_VMLINUX_BTF;
	char msg[600];
	int err;

	if (dtp->dt_ktypes != NULL)
		return (dtp->dt_ktypes);
	dtp->dt_ktypes = dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg));
	if (dtp->dt_ktypes == NULL)
		dt_set_errmsg(dtp, EDT_BTF, "failed to load type data from "
		    "%s: %s", path, msg);
	return (dtp->dt_ktypes);
}

/* Release the session's types (dtrace_close(), a new btfpath). */
void
dt_ktypes_rele(dtrace_hdl_t *dtp)
{
	dt_tcache_rele(dtp->dt_ktypes);
	dtp->dt_ktypes = NULL;
}

DT_EXPORT int
dtrace_update(dtrace_hdl_t *dtp)
{
	dt_tentry_t *old = dtp->dt_ktypes;

	/* kernel symbols: reloaded when the modules have changed */
	if (dtp->dt_ksyms != NULL && !dt_ksyms_current_p(dtp->dt_ksyms)) {
		dt_ksyms_t *ks = dt_ksyms_hold(DT_KALLSYMS);

		if (ks != NULL) {
			dt_ksyms_rele(dtp->dt_ksyms);
			dtp->dt_ksyms = ks;
		}
	}
	if (old == NULL || dt_tcache_current(old))
		return (0);
	/* The file changed: move to a fresh entry; clauses keep theirs. */
	dtp->dt_ktypes = NULL;
	if (dt_ktypes(dtp) == NULL) {
		dtp->dt_ktypes = old;
		return (-1);
	}
	dt_tcache_rele(old);
	return (0);
}

/*
 * The handle's types declared in D: a writable split BTF on the kernel's
 * types of the moment, made by the first struct or union declared.  NULL
 * with the error set if the kernel's types cannot be loaded.
 */
dt_tentry_t *
dt_dtypes(dtrace_hdl_t *dtp)
{
	dt_tentry_t *kt;

	if (dtp->dt_dtypes != NULL)
		return (dtp->dt_dtypes);
	if ((kt = dt_ktypes(dtp)) == NULL)
		return (NULL);
	if ((dtp->dt_dtypes = dt_tcache_writable(kt)) == NULL)
		dt_set_errmsg(dtp, EDT_NOMEM, "out of memory");
	return (dtp->dt_dtypes);
}

/* D's integer of size bytes in the D types, added on first use; 0: none. */
static uint32_t
dint(dtrace_hdl_t *dtp, unsigned int size, bool sign)
{
	static const char *const names[4][2] = {
		{ "unsigned char", "char" }, { "unsigned short", "short" },
		{ "unsigned int", "int" }, { "unsigned long", "long" }
	};
	unsigned int l = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
	int id;

	if (dtp->dt_dints[l][sign] != 0)
		return (dtp->dt_dints[l][sign]);
	id = btf__add_int(dtp->dt_dtypes->te_btf, names[l][sign], 1 << l,
	    sign ? BTF_INT_SIGNED : 0);
	if (id < 0)
		return (0);
	dtp->dt_dints[l][sign] = (uint32_t)id;
	return ((uint32_t)id);
}

/* D's float, double or long double (size 4, 8, 16), added on first use. */
static uint32_t
dfloat(dtrace_hdl_t *dtp, unsigned int size)
{
	static const char *const names[3] = { "float", "double",
	    "long double" };
	unsigned int l = size == 4 ? 0 : size == 8 ? 1 : 2;
	int id;

	if (dtp->dt_dfloats[l] != 0)
		return (dtp->dt_dfloats[l]);
	if ((id = btf__add_float(dtp->dt_dtypes->te_btf, names[l], size)) < 0)
		return (0);
	dtp->dt_dfloats[l] = (uint32_t)id;
	return ((uint32_t)id);
}

/*
 * The BTF type, in the handle's D types, of D type t: the type a member
 * of a struct declared in D has.  D strings are char[strsize].  -1 if
 * there is no room or t has no BTF form (void).
 */
int64_t
dt_dtype_btf(dtrace_hdl_t *dtp, dt_type_t t)
{
	struct btf *btf = dtp->dt_dtypes->te_btf;
	int64_t id;

	switch (t.ty_kind) {
	case DT_TK_INT:
		id = dint(dtp, t.ty_size, t.ty_signed);
		break;
	case DT_TK_STRING:
		if (t.ty_btf != 0)
			return (t.ty_btf);
		/* D's string, char[strsize], under its name (string *) */
		id = dint(dtp, 1, true);
		id = id == 0 ? -1 : btf__add_array(btf, dint(dtp, 4, false),
		    (int)id, (uint32_t)dtp->dt_opts.op_strsize);
		id = id <= 0 ? -1 : btf__add_typedef(btf, "string", (int)id);
		break;
	case DT_TK_PTR:
		id = t.ty_btf != 0 ? t.ty_btf : t.ty_psize != 0 ?
		    dint(dtp, t.ty_psize, t.ty_psigned) : 0;
		if (t.ty_btf == 0 && t.ty_psize != 0 && id == 0)
			return (-1);
		for (int i = 0; i <= t.ty_plevel && id >= 0; i++)
			id = btf__add_ptr(btf, (int)id);
		break;
	case DT_TK_FLOAT:
		if (t.ty_btf != 0)
			return (t.ty_btf);
		id = dfloat(dtp, t.ty_size);
		break;
	case DT_TK_STRUCT:
	case DT_TK_ARRAY:
		return (t.ty_btf);
	default:
		return (-1);
	}
	if (id <= 0)
		return (-1);
	dt_tcache_grown(dtp->dt_dtypes);
	return (id);
}

/*
 * A typedef named tname of D integer t in the handle's D types (uint64_t,
 * long long), the one made before if there is one.  -1 if there is no
 * room.
 */
int64_t
dt_dtype_named(dtrace_hdl_t *dtp, const char *tname, dt_type_t t)
{
	struct btf *btf = dtp->dt_dtypes->te_btf;
	uint32_t first = btf__type_cnt(btf__base_btf(btf));
	int64_t id = dt_dtype_btf(dtp, t);

	if (id <= 0)
		return (-1);
	for (uint32_t i = first; i < btf__type_cnt(btf); i++) {
		const struct btf_type *bt = btf__type_by_id(btf, i);

		if (btf_kind(bt) == BTF_KIND_TYPEDEF && bt->type ==
		    (uint32_t)id && strcmp(btf__name_by_offset(btf,
		    bt->name_off), tname) == 0)
			return (i);
	}
	id = btf__add_typedef(btf, tname, (int)id);
	if (id > 0)
		dt_tcache_grown(dtp->dt_dtypes);
	return (id > 0 ? id : -1);
}

/*
 * An enum declared in D, enum tag with its n enumerators, as a BTF enum of
 * 4 bytes in the handle's D types: the one made before if there is one.
 * -1 if there is no room.
 */
int64_t
dt_dtype_enum(dtrace_hdl_t *dtp, const char *tag, const char *const *names,
    const int32_t *vals, unsigned int n)
{
	struct btf *btf = dtp->dt_dtypes->te_btf;
	uint32_t first = btf__type_cnt(btf__base_btf(btf));
	int id;

	for (uint32_t i = first; i < btf__type_cnt(btf); i++) {
		const struct btf_type *bt = btf__type_by_id(btf, i);

		if (btf_kind(bt) == BTF_KIND_ENUM && strcmp(
		    btf__name_by_offset(btf, bt->name_off), tag) == 0)
			return (i);
	}
	if ((id = btf__add_enum(btf, tag, 4)) < 0)
		return (-1);
	for (unsigned int i = 0; i < n; i++) {
		if (btf__add_enum_value(btf, names[i], vals[i]) < 0)
			return (-1);
	}
	/* signed, as D's enums are ints: BTF's kind flag (bit 31 of info),
	   which libbpf sets only for a negative value */
	((struct btf_type *)btf__type_by_id(btf, (uint32_t)id))->info |=
	    1U << 31;
	dt_tcache_grown(dtp->dt_dtypes);
	return (id);
}

/*
 * The BTF type, in the handle's D types, of an array of elem with
 * dimensions dims[0..n), the first the outermost: the one made before for
 * the same element and dimensions if there is one, so that things
 * declared alike have one type.  -1 if there is no room.
 */
int64_t
dt_dtype_array(dtrace_hdl_t *dtp, dt_type_t elem, const uint32_t *dims,
    unsigned int n)
{
	struct btf *btf = dtp->dt_dtypes->te_btf;
	uint32_t first = btf__type_cnt(btf__base_btf(btf));
	int64_t id = dt_dtype_btf(dtp, elem);
	uint32_t ix = dint(dtp, 4, false);

	for (unsigned int d = n; d-- > 0 && id > 0 && ix != 0; ) {
		int64_t made = -1;

		for (uint32_t i = first; i < btf__type_cnt(btf) && made < 0;
		    i++) {
			const struct btf_type *t = btf__type_by_id(btf, i);

			if (btf_kind(t) == BTF_KIND_ARRAY &&
			    btf_array(t)->type == (uint32_t)id &&
			    btf_array(t)->nelems == dims[d])
				made = i;
		}
		id = made > 0 ? made : btf__add_array(btf, (int)ix, (int)id,
		    dims[d]);
	}
	if (id <= 0 || ix == 0)
		return (-1);
	dt_tcache_grown(dtp->dt_dtypes);
	return (id);
}

/* Skip typedefs and qualifiers. */
uint32_t
dt_btf_resolve(const struct btf *btf, uint32_t id)
{
	for (int depth = 0; depth < 64; depth++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (t == NULL)
			return (0);
		switch (btf_kind(t)) {
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			continue;
		default:
			return (id);
		}
	}
	return (0);
}

/*
 * The alignment of BTF type id as x86-64 C aligns it: as libbpf's
 * btf__align_of(), except that a floating-point type is aligned to its
 * size (long double to 16), in arrays, structs and unions too, and that
 * a bit-field counts as the power of two bytes that holds it (as D lays
 * out its structs: dt_parse.c's sou_layout()).  0 if the type has none
 * (void, a function).
 */
uint32_t
dt_btf_align(const struct btf *btf, uint32_t id)
{
	uint32_t rid = dt_btf_resolve(btf, id), al = 1;
	const struct btf_type *t = btf__type_by_id(btf, rid);
	const struct btf_member *m;

	if (rid == 0 || t == NULL)
		return (0);
	switch (btf_kind(t)) {
	case BTF_KIND_FLOAT:
		return (t->size);
	case BTF_KIND_ARRAY:
		return (dt_btf_align(btf, btf_array(t)->type));
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		/* packed when a member lies off its alignment; the size is
		   no sign (D's structs have no tail padding) */
		m = btf_members(t);
		for (unsigned int i = 0; i < btf_vlen(t); i++, m++) {
			uint32_t bits = btf_member_bitfield_size(t, i);
			uint32_t a = bits == 0 ? dt_btf_align(btf, m->type) : 1;

			if (bits == 0 && a > 1 &&
			    btf_member_bit_offset(t, i) % (a * 8) != 0)
				return (1);
			while (a * 8 < bits)
				a *= 2;
			if (a > al)
				al = a;
		}
		return (al);
	default:
		return ((uint32_t)btf__align_of(btf, rid));
	}
}

/* Is size that of an integer D holds (the ty_size of a DT_TK_INT)? */
static bool
int_size(uint32_t size)
{
	return (size == 1 || size == 2 || size == 4 || size == 8);
}

/*
 * The D type of BTF type id.  Returns -1 for types D cannot hold (
 * functions, integers of other than 1, 2, 4 or 8 bytes) with *what naming
 * the kind.
 */
int
dt_btf_dtype(const struct btf *btf, uint32_t id, dt_type_t *tp,
    const char **what)
{
	uint32_t rid = dt_btf_resolve(btf, id);
	const struct btf_type *t;

	memset(tp, 0, sizeof (*tp));
	if (rid == 0 && id != 0) {
		*what = "an unresolvable type";
		return (-1);
	}
	if (rid == 0) {
		tp->ty_kind = DT_TK_VOID;
		return (0);
	}
	t = btf__type_by_id(btf, rid);
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		if (t->size > 8) {
			*what = "an integer wider than 64 bits";
			return (-1);
		}
		if (!int_size(t->size)) {
			*what = "an integer of a size other than 1, 2, 4 "
			    "or 8 bytes";
			return (-1);
		}
		tp->ty_kind = DT_TK_INT;
		tp->ty_size = (uint8_t)t->size;
		tp->ty_signed = (btf_int_encoding(t) & BTF_INT_SIGNED) != 0;
		return (0);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		/* the type cache refuses enums of other sizes */
		if (!int_size(t->size)) {
			*what = "an enum of a size other than 1, 2, 4 or 8 "
			    "bytes";
			return (-1);
		}
		tp->ty_kind = DT_TK_INT;
		tp->ty_size = (uint8_t)t->size;
		tp->ty_signed = btf_kflag(t);
		return (0);
	case BTF_KIND_PTR: {
		uint32_t pid = dt_btf_resolve(btf, t->type);
		const struct btf_type *pt = btf__type_by_id(btf, pid);

		tp->ty_kind = DT_TK_PTR;
		tp->ty_size = 8;
		tp->ty_btf = pid;
		/* pointers to integers also work as D pointers */
		if (pid != 0 && pt != NULL && btf_kind(pt) == BTF_KIND_INT &&
		    int_size(pt->size)) {
			tp->ty_psize = (uint8_t)pt->size;
			tp->ty_psigned = (btf_int_encoding(pt) &
			    BTF_INT_SIGNED) != 0;
		}
		return (0);
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		tp->ty_kind = DT_TK_STRUCT;
		tp->ty_btf = rid;
		return (0);
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		uint32_t eid = dt_btf_resolve(btf, a->type);
		const struct btf_type *et = btf__type_by_id(btf, eid);

		if (et != NULL && btf_kind(et) == BTF_KIND_INT &&
		    et->size == 1) {
			tp->ty_kind = DT_TK_STRING;	/* char[N] */
			tp->ty_btf = rid;
			return (0);
		}
		tp->ty_kind = DT_TK_ARRAY;
		tp->ty_btf = rid;
		return (0);
	}
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_FUNC:
		*what = "a function";
		return (-1);
	case BTF_KIND_FLOAT:
		if (t->size != 4 && t->size != 8 && t->size != 16) {
			*what = "a floating-point type of a size other than "
			    "4, 8 or 16 bytes";
			return (-1);
		}
		tp->ty_kind = DT_TK_FLOAT;
		tp->ty_size = (uint8_t)t->size;
		tp->ty_btf = rid;
		return (0);
	case BTF_KIND_FWD:
		*what = "an incomplete type";
		return (-1);
	default:
		*what = "an unsupported type";
		return (-1);
	}
}

/*
 * Find member name of struct or union sid, looking into anonymous members.
 * Returns 0 and the member's type, byte offset, bit offset within the
 * byte and bit size (0 if not a bit-field); -1 if there is no such member.
 */
int
dt_btf_member(const struct btf *btf, uint32_t sid, const char *name,
    uint32_t *typep, uint32_t *offp, uint32_t *bitp, uint32_t *bitsizep)
{
	const struct btf_type *t = btf__type_by_id(btf, sid);
	const struct btf_member *m;

	if (t == NULL || (btf_kind(t) != BTF_KIND_STRUCT &&
	    btf_kind(t) != BTF_KIND_UNION))
		return (-1);
	m = btf_members(t);
	for (unsigned int i = 0; i < btf_vlen(t); i++, m++) {
		const char *mname = btf__name_by_offset(btf, m->name_off);
		uint32_t bits = btf_member_bit_offset(t, i);

		if (mname != NULL && *mname != '\0') {
			if (strcmp(mname, name) != 0)
				continue;
			*typep = m->type;
			*offp = bits / 8;
			*bitp = bits % 8;
			*bitsizep = btf_member_bitfield_size(t, i);
			return (0);
		}
		/* an anonymous struct or union: look inside */
		if (dt_btf_member(btf, dt_btf_resolve(btf, m->type), name,
		    typep, offp, bitp, bitsizep) == 0) {
			*offp += bits / 8;
			return (0);
		}
	}
	return (-1);
}

/* The type's name as C writes it ("struct task_struct *"). */
const char *
dt_btf_name(const struct btf *btf, uint32_t id, char *buf, size_t len)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *name, *kw = "";
	char inner[256];

	if (id == 0 || t == NULL) {
		snprintf(buf, len, "void");
		return (buf);
	}
	name = btf__name_by_offset(btf, t->name_off);
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		snprintf(buf, len, "%s *", dt_btf_name(btf, t->type, inner,
		    sizeof (inner)));
		return (buf);
	case BTF_KIND_CONST:
		snprintf(buf, len, "const %s", dt_btf_name(btf, t->type, inner,
		    sizeof (inner)));
		return (buf);
	case BTF_KIND_VOLATILE:
		snprintf(buf, len, "volatile %s", dt_btf_name(btf, t->type,
		    inner, sizeof (inner)));
		return (buf);
	case BTF_KIND_ARRAY:
		snprintf(buf, len, "%s [%u]", dt_btf_name(btf,
		    btf_array(t)->type, inner, sizeof (inner)),
		    btf_array(t)->nelems);
		return (buf);
	case BTF_KIND_STRUCT:
		kw = "struct ";
		break;
	case BTF_KIND_UNION:
		kw = "union ";
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		kw = "enum ";
		break;
	case BTF_KIND_FWD:
		kw = btf_kflag(t) ? "union " : "struct ";
		break;
	default:
		break;
	}
	snprintf(buf, len, "%s%s", kw, name != NULL && *name != '\0' ? name :
	    "(anon)");
	return (buf);
}

/* Size in bytes of BTF type id, or -1. */
int64_t
dt_btf_size(const struct btf *btf, uint32_t id)
{
	long long sz = btf__resolve_size(btf, id);

	return (sz < 0 ? -1 : (int64_t)sz);
}

/* Byte offset of member in struct sname of the session's types, or -1. */
int64_t
dt_ktype_offset(dtrace_hdl_t *dtp, const char *sname, const char *member)
{
	dt_tentry_t *te = dt_ktypes(dtp);
	uint32_t sid, type, off, bit, bitsize;

	if (te == NULL)
		return (-1);
	sid = dt_tcache_tag(te, BTF_KIND_STRUCT, sname);
	if (sid == 0 || dt_btf_member(te->te_btf, sid, member, &type, &off,
	    &bit, &bitsize) != 0)
		return (-1);
	return ((int64_t)off);
}
