/*
 * dt_printf.c: D's printf(): the format is parsed and checked against the
 * argument types at compile time; the consumer formats the recorded
 * values with it.
 *
 * A parsed format is a list of conversions, each with the literal text
 * before it.  Integer arguments are recorded as 64-bit values in canonical
 * form for their type; a conversion prints the value at its type's width
 * (so %x of the int -1 is ffffffff), or at the width an h or hh size prefix
 * asks for.  %p prints hex without "0x", as DTrace does; %a a kernel
 * address as module`symbol+0xoffset; %C a character and %S a string with
 * D's escape sequences for what is not printable; %Y nanoseconds since the
 * epoch as a local date ("2026 Dec  2 18:24:30").  A float, double or
 * long double argument is recorded as its bytes (4, 8 or 16) and only
 * %e %E %f %g %G take one: C's printf converts it (put_float()).
 *
 * Widths and precisions are at most DT_PF_MAXWIDTH: a larger one written
 * in the format is a compile error, and one taken from a '*' argument (a
 * traced value) is clamped to it, so that one record cannot make the
 * consumer write gigabytes of padding.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../dlang/dt_ast.h"
#include "../types/dt_ksyms.h"
#include "dt_consume.h"
#include "../proc/dt_proc.h"
#include "../types/dt_types.h"

#define DT_PF_MAXWIDTH	65535	/* widths and precisions */

typedef struct dt_pfconv {
	char *pc_text;		/* literal text before the conversion */
	char pc_spec[32];	/* flags, width, precision, as written */
	char pc_size[3];	/* size prefix: "", h, hh, l, ll, L, w */
	char pc_conv;		/* conversion character, 0 for the tail */
	int pc_warg;		/* argument index of a '*' width, or -1 */
	int pc_parg;		/* argument index of a '*' precision, or -1 */
	int pc_arg;		/* argument index of the value, or -1 */
	int pc_agg;		/* printa: the %@ conversion's aggregation
				   (from 0), or -1 */
} dt_pfconv_t;

struct dt_pfprog {
	dt_pfconv_t *pf_convs;	/* conversions, then the tail text */
	int pf_nconvs;		/* how many, tail included */
	int pf_nargs;		/* arguments used */
	int pf_naggs;		/* printa: %@ conversions */
	bool pf_uaddr;		/* a %A conversion: printf() records the
				   process id after the arguments */
};

/*
 * Does the format have a %A conversion?  Then printf() records the
 * process id after its arguments (args[pf_nargs]), which %A needs to name
 * a user address.
 */
bool
dt_printf_uaddr(const struct dt_pfprog *pfp)
{
	return (pfp != NULL && pfp->pf_uaddr);
}

void
dt_printf_free(struct dt_pfprog *pfp)
{
	if (pfp == NULL)
		return;
	for (int i = 0; i < pfp->pf_nconvs; i++)
		free(pfp->pf_convs[i].pc_text);
	free(pfp->pf_convs);
	free(pfp);
}

static int
pf_error(dtrace_hdl_t *dtp, struct dt_pfprog *pfp, const char *tag,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static int
pf_error(dtrace_hdl_t *dtp, struct dt_pfprog *pfp, const char *tag,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dtp->dt_errmsg, sizeof (dtp->dt_errmsg), fmt, ap);
	va_end(ap);
	dtp->dt_errtag = tag;
	dtp->dt_errno = EDT_COMPILER;
	dt_printf_free(pfp);
	return (-1);
}

static const char *
kind_name(const dt_node_t *a)
{
	switch (a->dn_type.ty_kind) {
	case DT_TK_STRING: return ("string");
	case DT_TK_PTR: return ("pointer");
	case DT_TK_INT: return ("integer");
	case DT_TK_STACK: return ("stack");
	case DT_TK_SYM: return ("symbol");
	case DT_TK_MOD: return ("module");
	case DT_TK_USTACK: return ("user stack");
	case DT_TK_USYM: return ("user symbol");
	case DT_TK_UMOD: return ("user module");
	case DT_TK_UADDR: return ("user address");
	case DT_TK_FLOAT: return (a->dn_type.ty_size == 4 ? "float" :
	    a->dn_type.ty_size == 8 ? "double" : "long double");
	default: return ("void");
	}
}

/*
 * Parse fmt and check it against the argument list args.  Returns NULL
 * with the error (and its D_PRINTF_* tag) on the handle.
 */
/* The format as written in D, escapes restored, for error messages. */
static const char *
quoted(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	for (; *s != '\0' && n + 5 < len; s++) {
		const char *e = *s == '\n' ? "\\n" : *s == '\t' ? "\\t" :
		    *s == '"' ? "\\\"" : *s == '\\' ? "\\\\" : NULL;

		if (e != NULL) {
			buf[n++] = e[0];
			buf[n++] = e[1];
		} else {
			buf[n++] = *s;
		}
	}
	buf[n] = '\0';
	return (buf);
}

/*
 * printa()'s '@' at *pp, taken once per conversion (the conversion is
 * then of the aggregation's value): true if it was there.
 */
static bool
take_at(const char **pp, dt_pfconv_t *pc, struct dt_pfprog *pfp, bool printa)
{
	if (**pp != '@' || !printa || pc->pc_agg >= 0)
		return (false);
	pc->pc_agg = pfp->pf_naggs++;
	(*pp)++;
	return (true);
}

/*
 * Does a size prefix go with conversion c?  DTrace's conversions with a
 * prefix: %hd %hi %ho %hu %hx %hX, the same with l and ll, %lc %ls,
 * %Le %LE %Lf %Lg %LG, %wc %ws.
 */
static bool
size_ok(const char *size, char c)
{
	if (strcmp(size, "h") == 0 || strcmp(size, "ll") == 0)
		return (strchr("dioxXu", c) != NULL);
	if (strcmp(size, "l") == 0)
		return (strchr("dioxXucs", c) != NULL);
	if (strcmp(size, "L") == 0)
		return (strchr("eEfgG", c) != NULL);
	if (strcmp(size, "w") == 0)
		return (c == 'c' || c == 's');
	return (false);
}

static struct dt_pfprog *
parse(dtrace_hdl_t *dtp, const char *fn, const char *fmt, dt_node_t *args,
    int *errp, bool printa)
{
	struct dt_pfprog *pfp = calloc(1, sizeof (*pfp));
	char qfmt[512];
	dt_node_t *argv[64];
	int nargs = 0, argi = 0;
	const char *p = fmt, *lit = fmt;

	*errp = 0;
	for (dt_node_t *a = args; a != NULL && nargs < 64; a = a->dn_list)
		argv[nargs++] = a;
	if (pfp == NULL)
		return (pf_error(dtp, NULL, "D_NOMEM", "out of memory"), NULL);
	fmt = quoted(fmt, qfmt, sizeof (qfmt));	/* for messages */

	for (;;) {
		dt_pfconv_t *pc, *n;
		size_t speclen = 0;
		bool qwidth = false;	/* the ? flag */

		while (*p != '\0' && *p != '%')
			p++;
		if (*p == '%' && p[1] == '%') {
			p += 2;
			continue;
		}
		n = realloc(pfp->pf_convs, (pfp->pf_nconvs + 1) *
		    sizeof (dt_pfconv_t));
		if (n == NULL)
			return (pf_error(dtp, pfp, "D_NOMEM", "out of memory"),
			    NULL);
		pfp->pf_convs = n;
		pc = &pfp->pf_convs[pfp->pf_nconvs++];
		memset(pc, 0, sizeof (*pc));
		pc->pc_warg = pc->pc_parg = pc->pc_arg = -1;
		pc->pc_agg = -1;
		/* literal text, with %% turned into % */
		if ((pc->pc_text = malloc((size_t)(p - lit) + 1)) == NULL)
			return (pf_error(dtp, pfp, "D_NOMEM", "out of memory"),
			    NULL);
		{
			size_t k = 0;

			for (const char *q = lit; q < p; q++) {
				pc->pc_text[k++] = *q;
				if (*q == '%' && q[1] == '%')
					q++;
			}
			pc->pc_text[k] = '\0';
		}
		if (*p == '\0')
			break;

		/*
		 * %[flags][width][.prec][size]conv, with printa()'s '@'
		 * anywhere before the size ("%@8d", "%8@d", "%-@8d")
		 */
		p++;
		for (;;) {
			if (take_at(&p, pc, pfp, printa))
				continue;
			if (*p == '@' && !printa)
				return (pf_error(dtp, pfp, "D_PRINTF_AGG_CONV",
				    "%s( ) format \"%s\": %%@ converts an "
				    "aggregation's value, in printa( ) only",
				    fn, fmt), NULL);
			if (*p == '?') {
				/* DTrace's flag: as wide as a pointer in
				   hexadecimal, unless a width is given */
				qwidth = true;
				p++;
				continue;
			}
			if (*p == '\0' || strchr("-+ #0'", *p) == NULL ||
			    speclen >= 8)
				break;
			pc->pc_spec[speclen++] = *p++;
		}
		if (*p == '*') {
			pc->pc_warg = argi++;
			pc->pc_spec[speclen++] = *p++;
			if (*p == '*')	/* DTrace's words and tag */
				return (pf_error(dtp, pfp, "D_SYNTAX", "format "
				    "conversion #%u has more than one '*' "
				    "specified for the output width",
				    pfp->pf_nconvs), NULL);
		} else if (qwidth && (*p < '0' || *p > '9')) {
			pc->pc_spec[speclen++] = '1';
			pc->pc_spec[speclen++] = '6';
		} else {
			if (strtoul(p, NULL, 10) > DT_PF_MAXWIDTH)
				return (pf_error(dtp, pfp, "D_PRINTF_FMT",
				    "%s( ) format \"%s\": a width is larger "
				    "than %d", fn, fmt, DT_PF_MAXWIDTH), NULL);
			while (*p >= '0' && *p <= '9' && speclen < 20)
				pc->pc_spec[speclen++] = *p++;
		}
		(void) take_at(&p, pc, pfp, printa);
		if (*p == '@' && !printa)	/* after a width (%8@d) too */
			return (pf_error(dtp, pfp, "D_PRINTF_AGG_CONV",
			    "%s( ) format \"%s\": %%@ converts an "
			    "aggregation's value, in printa( ) only", fn, fmt),
			    NULL);
		if (*p == '.') {
			pc->pc_spec[speclen++] = *p++;
			if (*p == '*') {
				pc->pc_parg = argi++;
				pc->pc_spec[speclen++] = *p++;
				if (*p == '*')
					return (pf_error(dtp, pfp, "D_SYNTAX",
					    "format conversion #%u has more "
					    "than one '*' specified for the "
					    "output precision",
					    pfp->pf_nconvs), NULL);
			} else {
				if (strtoul(p, NULL, 10) > DT_PF_MAXWIDTH)
					return (pf_error(dtp, pfp,
					    "D_PRINTF_FMT", "%s( ) format "
					    "\"%s\": a precision is larger than "
					    "%d", fn, fmt, DT_PF_MAXWIDTH), NULL);
				while (*p >= '0' && *p <= '9' && speclen < 30)
					pc->pc_spec[speclen++] = *p++;
			}
		}
		(void) take_at(&p, pc, pfp, printa);
		if (*p == '@' && !printa)	/* after a width (%8@d) too */
			return (pf_error(dtp, pfp, "D_PRINTF_AGG_CONV",
			    "%s( ) format \"%s\": %%@ converts an "
			    "aggregation's value, in printa( ) only", fn, fmt),
			    NULL);
		if (*p == '.')
			return (pf_error(dtp, pfp, "D_SYNTAX", "format "
			    "conversion #%u has more than one '.' specified",
			    pfp->pf_nconvs), NULL);
		pc->pc_spec[speclen] = '\0';
		/*
		 * Size prefixes: the prefix and the conversion together must
		 * be one DTrace has (size_ok()): %hhd, %lf, %Ld are not.
		 */
		{
			char size[8];
			size_t sl = 0;

			while (*p == 'h' || *p == 'l' || *p == 'L' ||
			    *p == 'w') {
				if (sl + 1 < sizeof (size))
					size[sl++] = *p;
				p++;
			}
			size[sl] = '\0';
			if (sl > 0 && *p != '\0' && *p != '$' &&
			    !size_ok(size, *p))
				return (pf_error(dtp, pfp, "D_SYNTAX", "format "
				    "conversion #%u is undefined: %%%s%c",
				    pfp->pf_nconvs, size, *p), NULL);
			memcpy(pc->pc_size, size, sl + 1);
		}
		pc->pc_conv = *p;
		/* DTrace's tag and words for these two: D_SYNTAX */
		if (*p == '$')
			return (pf_error(dtp, pfp, "D_SYNTAX", "format "
			    "conversion #%u uses unsupported positional format "
			    "(%%n$)", pfp->pf_nconvs), NULL);
		if (*p != '\0' && strchr("dixXoucCsSpnaAYTkeEfgG", *p) == NULL)
			return (pf_error(dtp, pfp, "D_SYNTAX", "format "
			    "conversion #%u is undefined: %%%c",
			    pfp->pf_nconvs, *p), NULL);
		if (*p == '\0')	/* DTrace's tag: D_SYNTAX */
			return (pf_error(dtp, pfp, "D_SYNTAX", "%s( ) "
			    "format \"%s\" ends with an incomplete conversion",
			    fn, fmt), NULL);
		if (*p == 'n')
			return (pf_error(dtp, pfp, "D_PRINTF_FMT", "%s( ) "
			    "format \"%s\": %%n is not supported", fn, fmt), NULL);
		p++;
		lit = p;
		if (pc->pc_agg >= 0) {
			if (pc->pc_warg >= 0 || pc->pc_parg >= 0 ||
			    strchr("diuxXo", pc->pc_conv) == NULL)
				return (pf_error(dtp, pfp, "D_PRINTF_AGG_CONV",
				    "printa( ) format \"%s\": %%@ takes no * "
				    "and converts an integer (d i u x X o)", fmt),
				    NULL);
			continue;	/* the aggregation's value */
		}
		pc->pc_arg = argi++;

		/* check the arguments this conversion uses */
		for (int k = 0; k < 3; k++) {
			int ai = k == 0 ? pc->pc_warg : k == 1 ? pc->pc_parg :
			    pc->pc_arg;
			const dt_node_t *a;
			bool ok;

			if (ai < 0)
				continue;
			if (ai >= nargs && k < 2)
				return (pf_error(dtp, pfp, "D_PRINTF_DYN_PROTO",
				    "%s( ) prototype mismatch: conversion "
				    "#%d (%%%c) is missing the int argument of "
				    "its * %s", fn, pfp->pf_nconvs, pc->pc_conv,
				    k == 0 ? "width" : "precision"), NULL);
			if (ai >= nargs)
				return (pf_error(dtp, pfp, "D_PRINTF_ARG_PROTO",
				    "%s( ) prototype mismatch: conversion "
				    "#%d (%%%c) is missing a corresponding "
				    "value argument", fn, pfp->pf_nconvs,
				    pc->pc_conv), NULL);
			a = argv[ai];
			if (k < 2 || strchr("dixXoucCYT", pc->pc_conv) != NULL)
				ok = a->dn_type.ty_kind == DT_TK_INT ||
				    (k == 2 && a->dn_type.ty_kind == DT_TK_PTR);
			else if (pc->pc_conv == 'p')
				ok = a->dn_type.ty_kind == DT_TK_INT ||
				    a->dn_type.ty_kind == DT_TK_PTR;
			else if (pc->pc_conv == 'a')	/* func() keys */
				ok = a->dn_type.ty_kind == DT_TK_INT ||
				    a->dn_type.ty_kind == DT_TK_PTR ||
				    a->dn_type.ty_kind == DT_TK_SYM;
			else if (pc->pc_conv == 'A')	/* and usym() keys */
				ok = a->dn_type.ty_kind == DT_TK_INT ||
				    a->dn_type.ty_kind == DT_TK_PTR ||
				    a->dn_type.ty_kind == DT_TK_USYM ||
				    a->dn_type.ty_kind == DT_TK_UADDR;
			else if (pc->pc_conv == 'k')	/* a stack() key */
				ok = a->dn_type.ty_kind == DT_TK_STACK ||
				    a->dn_type.ty_kind == DT_TK_USTACK;
			else if (strchr("eEfgG", pc->pc_conv) != NULL)
				ok = a->dn_type.ty_kind == DT_TK_FLOAT;
			else
				ok = a->dn_type.ty_kind == DT_TK_STRING;
			if (!ok && k < 2)
				return (pf_error(dtp, pfp, "D_PRINTF_DYN_TYPE",
				    "%s( ) argument #%d is incompatible "
				    "with conversion #%d prototype:\n"
				    "\tconversion: %%%c, its * %s\n"
				    "\t prototype: int\n\t  argument: %s", fn, ai + 2,
				    pfp->pf_nconvs, pc->pc_conv, k == 0 ? "width" :
				    "precision", kind_name(a)), NULL);
			if (!ok)
				return (pf_error(dtp, pfp, "D_PRINTF_ARG_TYPE",
				    "%s( ) argument #%d is incompatible "
				    "with conversion #%d prototype:\n"
				    "\tconversion: %%%c\n\t prototype: %s\n"
				    "\t  argument: %s", fn, ai + 2, pfp->pf_nconvs,
				    pc->pc_conv, k < 2 ? "int" : pc->pc_conv ==
				    's' ? "string" : pc->pc_conv == 'p' ||
				    pc->pc_conv == 'a' || pc->pc_conv == 'A' ?
				    "pointer or integer" :
				    pc->pc_conv == 'k' ? "stack" :
				    strchr("eEfgG", pc->pc_conv) != NULL ?
				    "float, double or long double" : "integer",
				    kind_name(a)), NULL);
		}
	}
	if (argi < nargs && !printa)
		return (pf_error(dtp, pfp, "D_PRINTF_ARG_EXTRA", "%s( ) "
		    "prototype mismatch: only %d arguments required by this "
		    "format string", fn, argi), NULL);
	pfp->pf_nargs = argi;
	for (int i = 0; i < pfp->pf_nconvs && !printa; i++) {
		if (pfp->pf_convs[i].pc_conv == 'A')
			pfp->pf_uaddr = true;
	}
	return (pfp);
}

static int64_t
arg_int(const dt_datarec_t *args, int i, const char *data)
{
	int64_t v;

	memcpy(&v, data + args[i].dr_offset, sizeof (v));
	return (v);
}

/* A '*' width or precision: the traced value, within DT_PF_MAXWIDTH. */
static int
arg_width(const dt_datarec_t *args, int i, const char *data)
{
	int64_t v = (int)arg_int(args, i, data);	/* C's int, as printf */

	return ((int)(v > DT_PF_MAXWIDTH ? DT_PF_MAXWIDTH :
	    v < -DT_PF_MAXWIDTH ? -DT_PF_MAXWIDTH : v));
}

/*
 * A kernel address as DTrace shows it: module`symbol+0xoffset, the offset
 * left out when 0; the address in hex when no symbol holds it.
 */
void
dt_format_kaddr(dtrace_hdl_t *dtp, uint64_t addr, char *buf, size_t len)
{
	const dt_ksyms_t *ks = dt_session_ksyms(dtp);
	const char *sym = NULL;
	uint64_t off = 0;

	if (ks != NULL && addr >= 0xffff800000000000ULL)
		sym = dt_ksyms_lookup(ks, addr, &off);
	if (sym == NULL)
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
	else if (off == 0)
		snprintf(buf, len, "%s", sym);
	else
		snprintf(buf, len, "%s+0x%llx", sym, (unsigned long long)off);
}

/*
 * What sym() and func() (mod: false) or mod() (mod: true) show of a
 * kernel address: module`symbol, or the module, without the offset; the
 * address in hex when no symbol holds it.  *basep (if not NULL) gets
 * the address of the symbol or the module's first symbol, so that
 * addresses that show the same are one aggregation key.
 */
void
dt_format_ksym(dtrace_hdl_t *dtp, uint64_t addr, bool mod, char *buf,
    size_t len, uint64_t *basep)
{
	const dt_ksyms_t *ks = dt_session_ksyms(dtp);
	const char *name = NULL;
	uint64_t off = 0, base = addr;

	if (ks != NULL && addr >= 0xffff800000000000ULL) {
		if (mod)
			name = dt_ksyms_module(ks, addr, &base);
		else if ((name = dt_ksyms_lookup(ks, addr, &off)) != NULL)
			base = addr - off;
	}
	if (name == NULL)
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
	else
		snprintf(buf, len, "%s", name);
	if (basep != NULL)
		*basep = base;
}

struct dt_pfprog *
dt_printf_parse(dtrace_hdl_t *dtp, const char *fmt, dt_node_t *args,
    int *errp)
{
	return (parse(dtp, "printf", fmt, args, errp, false));
}

/* The same, for the action fn (printf, sprintf, system, freopen...). */
struct dt_pfprog *
dt_printf_parse_as(dtrace_hdl_t *dtp, const char *fn, const char *fmt,
    dt_node_t *args, int *errp)
{
	return (parse(dtp, fn, fmt, args, errp, false));
}

/*
 * A printa() format: its plain conversions take the key components (args
 * describe their types), its %@ conversions the aggregations' values.
 */
struct dt_pfprog *
dt_printa_parse(dtrace_hdl_t *dtp, const char *fmt, dt_node_t *args,
    int *naggs)
{
	int err;
	struct dt_pfprog *pfp = parse(dtp, "printa", fmt, args, &err, true);

	if (pfp != NULL)
		*naggs = pfp->pf_naggs;
	return (pfp);
}

/* Print str through a %s built from spec and its '*' values. */
static void
put_str(FILE *fp, const char *spec, const int *stars, int nstar,
    const char *str)
{
	char cfmt[64];

	snprintf(cfmt, sizeof (cfmt), "%%%ss", spec);
	if (nstar == 2)
		fprintf(fp, cfmt, stars[0], stars[1], str);
	else if (nstar == 1)
		fprintf(fp, cfmt, stars[0], str);
	else
		fprintf(fp, cfmt, str);
}

/* Character c as D writes it in a string: itself, or an escape. */
static void
escape_char(unsigned char c, char *buf)
{
	static const char from[] = "\a\b\f\n\r\t\v\\\"'";
	static const char to[] = "abfnrtv\\\"'";
	const char *e = c != 0 ? strchr(from, c) : NULL;

	if (e != NULL)
		snprintf(buf, 5, "\\%c", to[e - from]);
	else if (c >= 0x20 && c < 0x7f)
		snprintf(buf, 5, "%c", c);
	else
		snprintf(buf, 5, "\\%03o", c);
}

/*
 * A float, double or long double argument (its bytes as recorded, 4, 8
 * or 16 of them) through %e %E %f %g %G: converted as C converts it,
 * whatever size prefix the format wrote (the value's type decides, as
 * the D compiler knows it).  A float is printed as the double it
 * promotes to, as C's printf() gets it.
 */
static void
put_float(FILE *fp, const dt_pfconv_t *pc, const int *stars, int nstar,
    const dt_datarec_t *a, const char *data)
{
	const char *p = data + a->dr_offset;
	char cfmt[64];
	long double ld;
	double d;
	float f;

	if (a->dr_type.ty_size == 16) {
		memcpy(&ld, p, sizeof (ld));
		snprintf(cfmt, sizeof (cfmt), "%%%sL%c", pc->pc_spec,
		    pc->pc_conv);
		if (nstar == 2)
			fprintf(fp, cfmt, stars[0], stars[1], ld);
		else if (nstar == 1)
			fprintf(fp, cfmt, stars[0], ld);
		else
			fprintf(fp, cfmt, ld);
		return;
	}
	if (a->dr_type.ty_size == 4) {
		memcpy(&f, p, sizeof (f));
		d = f;
	} else {
		memcpy(&d, p, sizeof (d));
	}
	snprintf(cfmt, sizeof (cfmt), "%%%s%c", pc->pc_spec, pc->pc_conv);
	if (nstar == 2)
		fprintf(fp, cfmt, stars[0], stars[1], d);
	else if (nstar == 1)
		fprintf(fp, cfmt, stars[0], d);
	else
		fprintf(fp, cfmt, d);
}

/* Format the recorded values; data is the start of the firing's data. */
int
dt_printf_exec(dtrace_hdl_t *dtp, FILE *fp, const struct dt_pfprog *pfp,
    const dt_datarec_t *args, const char *data)
{
	return (dt_printa_exec(dtp, fp, pfp, args, data, NULL, NULL));
}

/*
 * As dt_printf_exec(); a %@ conversion calls aggfn with its aggregation's
 * number and the conversion as a C format for a long long.
 */
int
dt_printa_exec(dtrace_hdl_t *dtp, FILE *fp, const struct dt_pfprog *pfp,
    const dt_datarec_t *args, const char *data,
    void (*aggfn)(FILE *, int, const char *, void *), void *aggarg)
{
	for (int i = 0; i < pfp->pf_nconvs; i++) {
		const dt_pfconv_t *pc = &pfp->pf_convs[i];
		char cfmt[64];
		int w = 0, pr = 0, nstar = 0;
		int stars[2];

		fputs(pc->pc_text, fp);
		if (pc->pc_conv == 0)
			continue;
		if (pc->pc_agg >= 0) {
			snprintf(cfmt, sizeof (cfmt), "%%%sll%c", pc->pc_spec,
			    pc->pc_conv == 'i' ? 'd' : pc->pc_conv);
			if (aggfn != NULL)
				aggfn(fp, pc->pc_agg, cfmt, aggarg);
			continue;
		}
		if (pc->pc_warg >= 0) {
			w = arg_width(args, pc->pc_warg, data);
			stars[nstar++] = w;
		}
		if (pc->pc_parg >= 0) {
			pr = arg_width(args, pc->pc_parg, data);
			stars[nstar++] = pr;
		}
		if (pc->pc_conv == 'a') {
			char sym[512];

			dt_format_kaddr(dtp, (uint64_t)arg_int(args, pc->pc_arg,
			    data), sym, sizeof (sym));
			put_str(fp, pc->pc_spec, stars, nstar, sym);
			continue;
		}
		if (pc->pc_conv == 'A') {
			const dt_datarec_t *ar = &args[pc->pc_arg];
			char sym[512];
			uint64_t w[2] = { 0, 0 };

			if (ar->dr_type.ty_kind == DT_TK_USYM ||
			    ar->dr_type.ty_kind == DT_TK_UADDR) {
				memcpy(w, data + ar->dr_offset, 16);
			} else {
				w[1] = (uint64_t)arg_int(args, pc->pc_arg,
				    data);
				if (pfp->pf_uaddr)
					w[0] = (uint64_t)arg_int(args,
					    pfp->pf_nargs, data);
			}
			dt_format_uaddr(dtp, (pid_t)w[0], w[1], DT_TK_UADDR,
			    sym, sizeof (sym), NULL);
			put_str(fp, pc->pc_spec, stars, nstar, sym);
			continue;
		}
		if (pc->pc_conv == 'k' &&
		    args[pc->pc_arg].dr_type.ty_kind == DT_TK_USTACK) {
			dt_print_ustack(dtp, fp, data + args[pc->pc_arg].
			    dr_offset, args[pc->pc_arg].dr_type.ty_size);
			continue;
		}
		if (pc->pc_conv == 'k') {
			dt_print_stack(dtp, fp, data + args[pc->pc_arg].
			    dr_offset, args[pc->pc_arg].dr_type.ty_size);
			continue;
		}
		if (pc->pc_conv == 'C') {
			char esc[5];

			escape_char((unsigned char)arg_int(args, pc->pc_arg,
			    data), esc);
			put_str(fp, pc->pc_spec, stars, nstar, esc);
			continue;
		}
		if (pc->pc_conv == 'Y' || pc->pc_conv == 'T') {
			/* %T: RFC 822's form, with the ISO year (%G) as
			   DTrace writes it */
			int64_t ns = arg_int(args, pc->pc_arg, data);
			time_t t = (time_t)(ns / 1000000000);
			struct tm tm;
			char date[64] = "";

			if (localtime_r(&t, &tm) != NULL)
				strftime(date, sizeof (date), pc->pc_conv ==
				    'Y' ? "%Y %b %e %T" : "%a, %d %b %G %T %Z",
				    &tm);
			put_str(fp, pc->pc_spec, stars, nstar, date);
			continue;
		}
		if (strchr("eEfgG", pc->pc_conv) != NULL) {
			put_float(fp, pc, stars, nstar, &args[pc->pc_arg],
			    data);
			continue;
		}
		if (pc->pc_conv == 'S') {
			const dt_datarec_t *a = &args[pc->pc_arg];
			const char *str = data + a->dr_offset;
			size_t len = strnlen(str, a->dr_size);
			char *esc = malloc(len * 4 + 1), *e = esc;

			if (esc == NULL)
				return (-1);
			for (size_t k = 0; k < len; k++) {
				escape_char((unsigned char)str[k], e);
				e += strlen(e);
			}
			*e = '\0';
			put_str(fp, pc->pc_spec, stars, nstar, esc);
			free(esc);
			continue;
		}
		if (pc->pc_conv == 's') {
			const dt_datarec_t *a = &args[pc->pc_arg];
			const char *s = data + a->dr_offset;
			int len = (int)strnlen(s, a->dr_size);

			snprintf(cfmt, sizeof (cfmt), "%%%s.*s", pc->pc_spec);
			/* no precision written: print the whole string */
			if (strchr(pc->pc_spec, '.') == NULL) {
				if (nstar == 1)
					fprintf(fp, cfmt, stars[0], len, s);
				else
					fprintf(fp, cfmt, len, s);
				continue;
			}
			{
				char *tmp = strndup(s, (size_t)len);

				if (tmp == NULL)
					return (-1);
				put_str(fp, pc->pc_spec, stars, nstar, tmp);
				free(tmp);
			}
			continue;
		}
		{
			const dt_datarec_t *a = &args[pc->pc_arg];
			int64_t v = arg_int(args, pc->pc_arg, data);
			bool usign = strchr("uxXop", pc->pc_conv) != NULL;
			char conv = pc->pc_conv == 'p' ? 'x' : pc->pc_conv;
			int size = a->dr_type.ty_kind == DT_TK_INT ?
			    a->dr_type.ty_size : 8;

			if ((conv == 'd' || conv == 'i') &&
			    a->dr_type.ty_kind == DT_TK_INT &&
			    !a->dr_type.ty_signed && pc->pc_size[0] == '\0')
				/* as DTrace, which makes a plain %d or %i of
				   an unsigned argument a %u: of an unsigned
				   int 2^32-1 it is 4294967295, of an unsigned
				   long long 2^64-1 18446744073709551615 (%hd
				   and the other sized forms keep their sign) */
				usign = true, conv = 'u';
			if (strcmp(pc->pc_size, "hh") == 0)
				size = 1;
			else if (strcmp(pc->pc_size, "h") == 0)
				size = 2;
			else if (pc->pc_size[0] == 'l' || pc->pc_size[0] == 'L')
				size = 8;
			if (conv == 'c') {
				snprintf(cfmt, sizeof (cfmt), "%%%sc",
				    pc->pc_spec);
				v = (unsigned char)v;
			} else if (conv == 'i') {
				snprintf(cfmt, sizeof (cfmt), "%%%slld",
				    pc->pc_spec);
			} else {
				snprintf(cfmt, sizeof (cfmt), "%%%sll%c",
				    pc->pc_spec, conv);
			}
			if (size < 8) {
				int bits = size * 8;
				uint64_t mask = (1ULL << bits) - 1;

				if (usign)
					v = (int64_t)((uint64_t)v & mask);
				else if (v & (int64_t)(1ULL << (bits - 1)))
					v = (int64_t)((uint64_t)v | ~mask);
				else
					v = (int64_t)((uint64_t)v & mask);
			}
			if (conv == 'c') {
				if (nstar == 2)
					fprintf(fp, cfmt, stars[0], stars[1],
					    (int)v);
				else if (nstar == 1)
					fprintf(fp, cfmt, stars[0], (int)v);
				else
					fprintf(fp, cfmt, (int)v);
			} else if (nstar == 2) {
				fprintf(fp, cfmt, stars[0], stars[1],
				    (long long)v);
			} else if (nstar == 1) {
				fprintf(fp, cfmt, stars[0], (long long)v);
			} else {
				fprintf(fp, cfmt, (long long)v);
			}
		}
	}
	return (0);
}
