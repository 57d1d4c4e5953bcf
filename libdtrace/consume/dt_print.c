/*
 * dt_print.c: the text of a print() record.
 *
 * A struct, union or array (or what a pointer points to) arrives as its
 * bytes, at most printsize of them, and is shown through its BTF type as
 * DTrace for Linux's print() shows one: a pointer's address first, on a
 * line of its own ("0xADDR = *"); then "(struct tag) {", each member on a
 * line of its own as ".name = (type)value," with its declared type's name
 * (typedefs kept, "struct" or "union" alone for an anonymous one), nested
 * structs, unions and arrays opening a level, and "}" (or "]") closing
 * it.  Every line is indented by the width of the probe columns of the
 * default output (DT_PRINT_INDENT, none in JSON), plus one space a
 * level.  Members and array elements that are zero are left out, and a
 * char array stops at its first NUL.  When printsize cuts the value
 * short, a line "..." stands where the next member would be, at its
 * depth: after a member that used the last byte recorded (still inside
 * that member's levels when it was their last: before their closing
 * braces), or for a member that starts past it; an array cut short just
 * closes, and the "..." follows it.
 * Anything else is shown as its type's name in parentheses, then the
 * value: integers in decimal, pointers in hex, strings quoted, floats in
 * exponent form (print_float()).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "../core/dt_impl.h"
#include "dt_consume.h"
#include "../types/dt_tcache.h"
#include "../dlang/dt_clause.h"



/* One value being shown. */
typedef struct print_state {
	FILE *ps_fp;
	const struct btf *ps_btf;
	const unsigned char *ps_data;	/* the value's bytes */
	size_t ps_len;			/* how many were recorded */
	size_t ps_size;			/* how many it has */
	int ps_indent;			/* spaces before every line */
	bool ps_cut;			/* "..." printed: stop */
} print_state_t;

/* id without typedefs and qualifiers. */
static uint32_t
resolve(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t;

	while (id != 0 && (t = btf__type_by_id(btf, id)) != NULL &&
	    (btf_is_typedef(t) || btf_is_mod(t)))
		id = t->type;
	return (id);
}

static void type_name(const struct btf *, uint32_t, char *, size_t);

/*
 * The C name of a pointer to function type fp, as C declares one:
 * "loff_t (*)(struct file *, loff_t, int)", "void (*)(void)" when it
 * takes nothing, "..." for the variable arguments.
 */
static void
func_ptr_name(const struct btf *btf, const struct btf_type *fp, char *buf,
    size_t len)
{
	const struct btf_param *pa = btf_params(fp);
	char ret[256], arg[256];
	size_t n;

	type_name(btf, fp->type, ret, sizeof (ret));
	n = (size_t)snprintf(buf, len, "%s%s(*)(", ret,
	    ret[strlen(ret) - 1] == '*' ? "" : " ");
	for (unsigned int i = 0; i < btf_vlen(fp) && n < len; i++) {
		if (pa[i].type == 0)
			snprintf(arg, sizeof (arg), "...");
		else
			type_name(btf, pa[i].type, arg, sizeof (arg));
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i > 0 ?
		    ", " : "", arg);
	}
	if (n < len)
		snprintf(buf + n, len - n, "%s)", btf_vlen(fp) == 0 ?
		    "void" : "");
}

/* The C name of type id as print() shows it ("char [5]", "void *"). */
static void
type_name(const struct btf *btf, uint32_t id, char *buf, size_t len)
{
	const struct btf_type *t = id == 0 ? NULL : btf__type_by_id(btf, id);
	const char *name;
	char sub[256];

	if (t == NULL) {
		snprintf(buf, len, "void");
		return;
	}
	name = btf__name_by_offset(btf, t->name_off);
	if (name == NULL)
		name = "";
	if (btf_is_mod(t)) {
		const char *q = btf_is_const(t) ? "const " :
		    btf_is_volatile(t) ? "volatile " : btf_is_restrict(t) ?
		    "restrict " : "";

		/* "const char", as C names it; other modifiers (type
		   tags) are no part of the name */
		type_name(btf, t->type, sub, sizeof (sub));
		snprintf(buf, len, "%s%s", q, sub);
	} else if (btf_is_ptr(t)) {
		const struct btf_type *pt = btf__type_by_id(btf, t->type);

		if (pt != NULL && btf_is_func_proto(pt)) {
			func_ptr_name(btf, pt, buf, len);
			return;
		}
		type_name(btf, t->type, sub, sizeof (sub));
		snprintf(buf, len, "%s%s*", sub,
		    sub[strlen(sub) - 1] == '*' ? "" : " ");
	} else if (btf_is_array(t)) {
		const struct btf_array *a = btf_array(t);
		const struct btf_type *et = btf__type_by_id(btf, a->type);

		type_name(btf, a->type, sub, sizeof (sub));
		/* int [2][3]: the inner bounds follow the outer one */
		if (et != NULL && btf_is_array(et)) {
			char *b = strchr(sub, '[');

			snprintf(buf, len, "%.*s[%u]%s", (int)(b - sub), sub,
			    a->nelems, b);
		} else {
			snprintf(buf, len, "%s [%u]", sub, a->nelems);
		}
	} else if (btf_is_struct(t) || btf_is_union(t) || btf_is_enum(t) ||
	    btf_is_fwd(t)) {
		const char *kw = btf_is_enum(t) ? "enum" : btf_is_union(t) ||
		    (btf_is_fwd(t) && btf_kflag(t)) ? "union" : "struct";

		snprintf(buf, len, "%s%s%s", kw, *name ? " " : "", name);
	} else {
		snprintf(buf, len, "%s", name);
	}
}

/* Bits [bitoff, bitoff + bits) of the value, little-endian. */
static uint64_t
get_bits(print_state_t *ps, size_t bitoff, unsigned int bits)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < bits; i++) {
		size_t b = bitoff + i;

		if (b / 8 < ps->ps_len &&
		    (ps->ps_data[b / 8] >> (b % 8) & 1))
			v |= 1ULL << i;
	}
	return (v);
}

/* Are the bits of a member all zero (those recorded)? */
static bool
is_zero(print_state_t *ps, size_t bitoff, size_t bits)
{
	if (bitoff % 8 == 0 && bits % 8 == 0) {
		for (size_t i = bitoff / 8; i < (bitoff + bits) / 8 &&
		    i < ps->ps_len; i++)
			if (ps->ps_data[i] != 0)
				return (false);
		return (true);
	}
	return (get_bits(ps, bitoff, bits > 64 ? 64 : (unsigned int)bits) ==
	    0);
}

static void print_value(print_state_t *, uint32_t, size_t, unsigned int,
    int, const char *, int);

/* A scalar's value: integers, chars, enums by name, pointers, floats. */
static void
print_scalar_value(print_state_t *ps, uint32_t id, size_t bitoff,
    unsigned int bits)
{
	const struct btf_type *t = btf__type_by_id(ps->ps_btf, resolve(
	    ps->ps_btf, id));
	FILE *fp = ps->ps_fp;
	uint64_t v;

	if (t == NULL)
		return;
	if (bits == 0)
		bits = t->size * 8;
	if (btf_is_ptr(t)) {
		fprintf(fp, "0x%llx", (unsigned long long)get_bits(ps, bitoff,
		    64));
		return;
	}
	if (btf_is_float(t)) {
		unsigned char b[16] = { 0 };

		for (unsigned int i = 0; i < t->size && i < 16; i++)
			b[i] = (unsigned char)get_bits(ps, bitoff + i * 8, 8);
		if (t->size == 4) {
			float f;

			memcpy(&f, b, sizeof (f));
			fprintf(fp, "%+.7e", (double)f);
		} else if (t->size == 8) {
			double d;

			memcpy(&d, b, sizeof (d));
			fprintf(fp, "%+.7e", d);
		} else {
			long double ld;

			memcpy(&ld, b, sizeof (ld));
			fprintf(fp, "%+.16LE", ld);
		}
		return;
	}
	v = get_bits(ps, bitoff, bits > 64 ? 64 : bits);
	if (btf_is_enum(t)) {
		const struct btf_enum *e = btf_enum(t);

		for (unsigned int i = 0; i < btf_vlen(t); i++) {
			if ((uint32_t)e[i].val == (uint32_t)v) {
				fprintf(fp, "%s", btf__name_by_offset(
				    ps->ps_btf, e[i].name_off));
				return;
			}
		}
		fprintf(fp, "%d", (int)v);
		return;
	}
	if (btf_is_int(t)) {
		uint8_t enc = btf_int_encoding(t);
		const char *name = btf__name_by_offset(ps->ps_btf,
		    t->name_off);

		if (bits == 8 && ((enc & BTF_INT_CHAR) || (name != NULL &&
		    strcmp(name, "char") == 0))) {
			/* printable: quoted; other bytes as numbers */
			if (isprint((int)v) && v != '\\' && v != '\'') {
				fprintf(fp, "'%c'", (int)v);
				return;
			}
		}
		if ((enc & BTF_INT_SIGNED) && bits < 64 &&
		    (v >> (bits - 1) & 1))
			v |= ~0ULL << bits;
		if (enc & BTF_INT_SIGNED)
			fprintf(fp, "%lld", (long long)v);
		else
			fprintf(fp, "%llu", (unsigned long long)v);
		return;
	}
	fprintf(fp, "%llu", (unsigned long long)v);
}

/* "..." for the bytes printsize left out, once, at depth. */
static void
print_cut(print_state_t *ps, int depth)
{
	fprintf(ps->ps_fp, "%*s...\n", ps->ps_indent + depth, "");
	ps->ps_cut = true;
}

/*
 * Does what ends at bit end use the last byte recorded, with more of the
 * value left out?  DTrace then ends the value there, inside the level
 * being shown.
 */
static bool
recorded_all(const print_state_t *ps, size_t end)
{
	return (ps->ps_len < ps->ps_size && (end + 7) / 8 >= ps->ps_len);
}

/*
 * One value of type id at bit bitoff (bits wide for a bit-field, else
 * 0), at depth, after label (".name = " or nothing); nextdepth is the
 * depth of what would be shown after it (its next sibling's, or that of
 * the member after the levels it ends).
 */
static void
print_value(print_state_t *ps, uint32_t id, size_t bitoff, unsigned int bits,
    int depth, const char *label, int nextdepth)
{
	const struct btf *btf = ps->ps_btf;
	const struct btf_type *t = btf__type_by_id(btf, resolve(btf, id));
	int ind = ps->ps_indent + depth;
	const char *comma = depth > 0 ? "," : "";
	char tname[512];

	type_name(btf, id, tname, sizeof (tname));
	if (t != NULL && (btf_is_struct(t) || btf_is_union(t))) {
		const struct btf_member *m = btf_members(t);

		fprintf(ps->ps_fp, "%*s%s(%s) {\n", ind, "", label, tname);
		for (unsigned int i = 0; i < btf_vlen(t) && !ps->ps_cut; i++) {
			size_t mbit = bitoff + btf_member_bit_offset(t, i);
			size_t mend;
			unsigned int mbits = btf_member_bitfield_size(t, i);
			long long msize = btf__resolve_size(btf, m[i].type);
			const char *mname = btf__name_by_offset(btf,
			    m[i].name_off);
			char mlabel[300];

			if (mbit / 8 >= ps->ps_len) {
				print_cut(ps, depth + 1);
				break;
			}
			mend = mbits != 0 ? mbit + mbits :
			    mbit + (msize > 0 ? (size_t)msize * 8 : 0);
			if (!is_zero(ps, mbit, mend - mbit)) {
				if (mname != NULL && *mname != '\0')
					snprintf(mlabel, sizeof (mlabel),
					    ".%s = ", mname);
				else
					mlabel[0] = '\0';
				print_value(ps, m[i].type, mbit, mbits,
				    depth + 1, mlabel, i + 1 < btf_vlen(t) ?
				    depth + 1 : nextdepth);
			}
			if (!ps->ps_cut && recorded_all(ps, mend))
				print_cut(ps, i + 1 < btf_vlen(t) ? depth + 1 :
				    nextdepth);
		}
		fprintf(ps->ps_fp, "%*s}%s\n", ind, "", comma);
		return;
	}
	if (t != NULL && btf_is_array(t)) {
		const struct btf_array *a = btf_array(t);
		long long esize = btf__resolve_size(btf, a->type);
		const struct btf_type *et = btf__type_by_id(btf, resolve(btf,
		    a->type));
		bool chars = et != NULL && btf_is_int(et) && esize == 1 &&
		    ((btf_int_encoding(et) & BTF_INT_CHAR) || strcmp(
		    btf__name_by_offset(btf, et->name_off), "char") == 0);

		fprintf(ps->ps_fp, "%*s%s(%s) [\n", ind, "", label, tname);
		for (unsigned int i = 0; esize > 0 && i < a->nelems &&
		    !ps->ps_cut; i++) {
			size_t ebit = bitoff + (size_t)i * (size_t)esize * 8;

			if (ebit / 8 >= ps->ps_len)
				break;	/* "..." comes after the array */
			if (is_zero(ps, ebit, (size_t)esize * 8)) {
				if (chars)
					break;	/* a string's end */
			} else {
				print_value(ps, a->type, ebit, 0, depth + 1,
				    "", depth + 1);
			}
		}
		fprintf(ps->ps_fp, "%*s]%s\n", ind, "", comma);
		return;
	}
	fprintf(ps->ps_fp, "%*s%s(%s)", ind, "", label, tname);
	print_scalar_value(ps, id, bitoff, bits);
	fprintf(ps->ps_fp, "%s\n", comma);
}

/*
 * A float, double or long double (size bytes at p) as DTrace's print()
 * shows one: in exponent form with its sign, 7 digits after the point
 * for a float or double, 16 for a long double.
 */
static void
print_float(FILE *fp, unsigned int size, const char *p)
{
	long double ld;
	double d;
	float f;

	if (size == 16) {
		memcpy(&ld, p, sizeof (ld));
		fprintf(fp, "%+.16LE\n", ld);
		return;
	}
	if (size == 4) {
		memcpy(&f, p, sizeof (f));
		d = f;
	} else {
		memcpy(&d, p, sizeof (d));
	}
	fprintf(fp, "%+.7e\n", d);
}

/* A value without BTF layout: (type) value. */
static void
print_scalar(FILE *fp, const dt_datarec_t *r, const char *p)
{
	dt_type_t t = r->dr_type;
	uint64_t v;

	fprintf(fp, "(%s)", r->dr_tname);
	if (t.ty_kind == DT_TK_STRING) {
		fprintf(fp, "\"%.*s\"\n", (int)strnlen(p, r->dr_size), p);
		return;
	}
	if (t.ty_kind == DT_TK_FLOAT) {
		print_float(fp, t.ty_size, p);
		return;
	}
	memcpy(&v, p, sizeof (v));
	if (t.ty_kind == DT_TK_PTR)
		fprintf(fp, "0x%llx\n", (unsigned long long)v);
	else if (t.ty_signed)
		fprintf(fp, "%lld\n", (long long)v);
	else
		fprintf(fp, "%llu\n", (unsigned long long)v);
}

/* print()'s record r, its lines indent spaces in. */
static void
print_rec(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const char *data, int indent)
{
	const char *p = data + r->dr_offset;
	print_state_t ps;
	uint64_t addr;

	if (r->dr_btf == 0) {
		print_scalar(fp, r, p);
		return;
	}
	memcpy(&addr, p, sizeof (addr));
	if (r->dr_ptr)
		fprintf(fp, "0x%llx = *\n", (unsigned long long)addr);
	ps = (print_state_t){ .ps_fp = fp, .ps_btf = r->dr_te->te_btf,
	    .ps_data = (const unsigned char *)p + 8,
	    .ps_len = r->dr_size - 8, .ps_indent = indent };
	/* printsize as it is now: setopt() may have made it smaller */
	if (ps.ps_len > dtp->dt_opts.op_printsize)
		ps.ps_len = dtp->dt_opts.op_printsize;
	if (btf__resolve_size(ps.ps_btf, r->dr_btf) > 0)
		ps.ps_size = (size_t)btf__resolve_size(ps.ps_btf, r->dr_btf);
	print_value(&ps, r->dr_btf, 0, 0, 0, "", 1);
}

/* print()'s record r of a firing whose data starts at data, onto fp. */
int
dt_print_rec(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const char *data)
{
	print_rec(dtp, fp, r, data, DT_PRINT_INDENT);
	return (0);
}

/*
 * The same as text, its lines indent spaces in (DT_PRINT_INDENT as the
 * text output has them, 0 for JSON), malloc'd, *lenp its length; or
 * NULL.
 */
char *
dt_print_text(dtrace_hdl_t *dtp, const dt_datarec_t *r, const char *data,
    size_t *lenp, int indent)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mf;

	if ((mf = open_memstream(&buf, &len)) == NULL)
		return (NULL);
	print_rec(dtp, mf, r, data, indent);
	if (fclose(mf) != 0) {
		free(buf);
		return (NULL);
	}
	*lenp = len;
	return (buf);
}
