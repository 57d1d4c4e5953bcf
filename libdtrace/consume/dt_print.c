/*
 * dt_print.c: the text of a print() record.
 *
 * A struct, union or array (or what a pointer points to) arrives as its
 * bytes, at most printsize of them, and is shown through its BTF type by
 * libbpf's typed dump: every member with its name and type, nested types
 * indented, members that are zero left out.  A pointer's address comes
 * first, on a line of its own ("0xADDR = *").  A value cut short by
 * printsize ends with a line "...".  Anything else is shown as its type's
 * name in parentheses, then the value: integers in decimal, pointers in
 * hex, strings quoted, floats in exponent form (print_float()).
 *
 * One btf_dump object per handle is kept for the types last shown (a
 * clause's types rarely change within a session); its output goes to a
 * memory stream the handle sets before each dump.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "../core/dt_impl.h"
#include "../types/dt_tcache.h"

static void
dump_out(void *ctx, const char *fmt, va_list ap)
{
	vfprintf(((dtrace_hdl_t *)ctx)->dt_printfp, fmt, ap);
}

/* The handle's btf_dump for te's types, or NULL. */
static struct btf_dump *
print_dumper(dtrace_hdl_t *dtp, const dt_tentry_t *te)
{
	if (dtp->dt_printdump != NULL && dtp->dt_printte == te)
		return (dtp->dt_printdump);
	dt_print_free(dtp);
	dtp->dt_printdump = btf_dump__new(te->te_btf, dump_out, dtp, NULL);
	if (dtp->dt_printdump == NULL)
		return (NULL);
	dtp->dt_printte = te;
	return (dtp->dt_printdump);
}

void
dt_print_free(dtrace_hdl_t *dtp)
{
	if (dtp->dt_printdump != NULL)
		btf_dump__free(dtp->dt_printdump);
	dtp->dt_printdump = NULL;
	dtp->dt_printte = NULL;
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

/* print()'s record r of a firing whose data starts at data, onto fp. */
int
dt_print_rec(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const char *data)
{
	const char *p = data + r->dr_offset;
	struct btf_dump *d;
	char *text = NULL;
	size_t len = 0;
	uint64_t addr;
	int rv;

	if (r->dr_btf == 0) {
		print_scalar(fp, r, p);
		return (0);
	}
	memcpy(&addr, p, sizeof (addr));
	if ((d = print_dumper(dtp, r->dr_te)) == NULL ||
	    (dtp->dt_printfp = open_memstream(&text, &len)) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	rv = btf_dump__dump_type_data(d, r->dr_btf, p + 8, r->dr_size - 8,
	    &(struct btf_dump_type_data_opts){ .sz = sizeof (struct
	    btf_dump_type_data_opts), .indent_str = "    " });
	if (fclose(dtp->dt_printfp) != 0) {
		free(text);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	if (r->dr_ptr)
		fprintf(fp, "0x%llx = *\n", (unsigned long long)addr);
	fwrite(text, 1, len, fp);
	if (len == 0 || text[len - 1] != '\n')
		fputc('\n', fp);
	if (rv == -E2BIG)	/* cut short by printsize */
		fputs("...\n", fp);
	free(text);
	return (0);
}

/* The same as text (malloc'd, *lenp its length), or NULL. */
char *
dt_print_text(dtrace_hdl_t *dtp, const dt_datarec_t *r, const char *data,
    size_t *lenp)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mf;

	if ((mf = open_memstream(&buf, &len)) == NULL)
		return (NULL);
	if (dt_print_rec(dtp, mf, r, data) != 0) {
		fclose(mf);
		free(buf);
		return (NULL);
	}
	if (fclose(mf) != 0) {
		free(buf);
		return (NULL);
	}
	*lenp = len;
	return (buf);
}
