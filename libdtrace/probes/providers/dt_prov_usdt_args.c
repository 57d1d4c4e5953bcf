/*
 * dt_prov_usdt_args.c: the USDT provider's argument specs: parsing the
 * spec of each argument of a stapsdt note, and the trampoline kind of
 * each distinct spec string (dt_prov_usdt.c has the provider).
 *
 * Arguments: each note has a spec per argument, "SIZE@OPERAND" as GNU as
 * writes operands: -4@%eax (a register), 8@-16(%rbp) and
 * 4@8(%rsp,%rax,4) (memory at base + displacement + index * scale, read
 * with bpf_probe_read_user), 8@$5 (a constant), -4@var(%rip) and
 * -4@var+8(%rip) (a variable: memory at the site plus the distance from
 * the site to the symbol in the file, see spec_resolve()).  A negative
 * size is a signed value: arguments are sign- or zero-extended from their
 * size to 64 bits.  A spec this code does not understand (an unknown
 * register or symbol, a size other than 1, 2, 4, 8) skips the probe with a
 * warning naming the file.  Arguments a provider's declaration maps
 * ("probe p(int i, int j) : (int j, int i)") are read in the declared
 * order (dt_usdt_site_args()).  The trampoline reads the arguments the
 * way the spec says, so each distinct spec string of the session is a
 * trampoline kind of its own (DT_TRAMP_USDT + its index in us_specs):
 * probes with the same clauses and the same spec share one program.  A
 * probe with several sites has the list of their distinct specs, one a
 * line, as its kind (the variants the trampoline dispatches on).  Memory that cannot
 * be read gives 0 (the trampoline runs before any clause, so no ERROR).
 * args[n] is typed by the spec's size and sign: int8_t .. uint64_t.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "dt_prov_usdt_impl.h"

/* x86_64 registers by name: their struct pt_regs offset */
static const struct {
	const char *ur_names[5];	/* 64, 32, 16, 8 bits, high byte */
	int16_t ur_off;			/* pt_regs offset */
} usdt_regs[] = {
	{ { "rax", "eax", "ax", "al", "ah" }, 80 },
	{ { "rbx", "ebx", "bx", "bl", "bh" }, 40 },
	{ { "rcx", "ecx", "cx", "cl", "ch" }, 88 },
	{ { "rdx", "edx", "dx", "dl", "dh" }, 96 },
	{ { "rsi", "esi", "si", "sil", NULL }, 104 },
	{ { "rdi", "edi", "di", "dil", NULL }, 112 },
	{ { "rbp", "ebp", "bp", "bpl", NULL }, 32 },
	{ { "rsp", "esp", "sp", "spl", NULL }, 152 },
	{ { "r8", "r8d", "r8w", "r8b", NULL }, 72 },
	{ { "r9", "r9d", "r9w", "r9b", NULL }, 64 },
	{ { "r10", "r10d", "r10w", "r10b", NULL }, 56 },
	{ { "r11", "r11d", "r11w", "r11b", NULL }, 48 },
	{ { "r12", "r12d", "r12w", "r12b", NULL }, 24 },
	{ { "r13", "r13d", "r13w", "r13b", NULL }, 16 },
	{ { "r14", "r14d", "r14w", "r14b", NULL }, 8 },
	{ { "r15", "r15d", "r15w", "r15b", NULL }, 0 },
};

/*
 * The register named at *sp ("%rax"), advancing past it: its pt_regs
 * offset, and in *shift 8 for a high byte register; -1 if none.
 */
static int
reg_parse(const char **sp, uint8_t *shift)
{
	const char *s = *sp;
	size_t len;

	if (*s != '%')
		return (-1);
	s++;
	len = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789");
	for (size_t r = 0; r < sizeof (usdt_regs) / sizeof (usdt_regs[0]);
	    r++) {
		for (int w = 0; w < 5; w++) {
			const char *nm = usdt_regs[r].ur_names[w];

			if (nm != NULL && strlen(nm) == len &&
			    strncmp(nm, s, len) == 0) {
				*shift = w == 4 ? 8 : 0;
				*sp = s + len;
				return (usdt_regs[r].ur_off);
			}
		}
	}
	return (-1);
}

/* Parse one spec ("-4@8(%rbp)", len bytes at s); -1 if not understood. */
static int
arg_parse(const char *s, size_t len, dt_usdtarg_t *ua)
{
	char buf[128], *end;
	const char *at, *p;
	long size = 8;
	uint8_t shift;

	if (len >= sizeof (buf))
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	memset(ua, 0, sizeof (*ua));
	ua->ua_reg = ua->ua_index = -1;
	p = buf;
	if ((at = strchr(buf, '@')) != NULL) {
		size = strtol(buf, &end, 10);
		if (end != at)
			return (-1);
		p = at + 1;
	}
	ua->ua_signed = size < 0;
	size = labs(size);
	if (size != 1 && size != 2 && size != 4 && size != 8)
		return (-1);
	ua->ua_size = (uint8_t)size;

	if (*p == '$') {
		errno = 0;
		ua->ua_kind = UA_CONST;
		ua->ua_val = strtoll(p + 1, &end, 0);
		return (errno != 0 || end == p + 1 || *end != '\0' ? -1 : 0);
	}
	if (*p == '%') {
		ua->ua_kind = UA_REG;
		if ((ua->ua_reg = (int16_t)reg_parse(&p, &ua->ua_shift)) < 0 ||
		    *p != '\0')
			return (-1);
		return (0);
	}
	/* [disp](%base[,%index[,scale]]) */
	ua->ua_kind = UA_MEM;
	if (*p != '(') {
		errno = 0;
		ua->ua_val = strtoll(p, &end, 0);
		if (errno != 0 || end == p || *end != '(' ||
		    ua->ua_val < INT32_MIN || ua->ua_val > INT32_MAX)
			return (-1);
		p = end;
	}
	p++;
	if (strncmp(p, "%site)", 6) == 0) {
		/* a resolved symbol operand: relative to the site */
		ua->ua_reg = PT_IP;
		return (p[6] == '\0' ? 0 : -1);
	}
	if ((ua->ua_reg = (int16_t)reg_parse(&p, &shift)) < 0 || shift != 0 ||
	    ua->ua_reg == PT_IP)
		return (-1);
	if (*p == ',') {
		long scale = 1;

		p++;
		if ((ua->ua_index = (int16_t)reg_parse(&p, &shift)) < 0 ||
		    shift != 0)
			return (-1);
		if (*p == ',') {
			scale = strtol(p + 1, &end, 10);
			p = end;
		}
		switch (scale) {
		case 1: ua->ua_scale = 0; break;
		case 2: ua->ua_scale = 1; break;
		case 4: ua->ua_scale = 2; break;
		case 8: ua->ua_scale = 3; break;
		default: return (-1);
		}
	}
	return (p[0] == ')' && p[1] == '\0' ? 0 : -1);
}

/*
 * Parse a note's argument specs into argv (at most DT_MAXARGS; the rest
 * are not read); the number of arguments, or -1 and in *bad the first spec
 * not understood.
 */
int
dt_usdt_args_parse(const char *args, dt_usdtarg_t *argv, const char **bad,
    size_t *badlen)
{
	int n = 0;

	for (const char *s = args + strspn(args, " \t"); *s != '\0';
	    s += strspn(s, " \t")) {
		size_t len = strcspn(s, " \t");

		if (n < DT_MAXARGS && arg_parse(s, len, &argv[n++]) != 0) {
			*bad = s;
			*badlen = len;
			return (-1);
		}
		s += len;
	}
	return (n < DT_MAXARGS ? n : DT_MAXARGS);
}

/*
 * The specs of a note with its symbol operands resolved: SIZE@SYM(%rip)
 * and SIZE@SYM+N(%rip) (a variable, as GNU as writes it in PIC code)
 * become SIZE@D(%site), memory at the site's address (the probed
 * instruction's, which the uprobe's saved ip is) plus D, the distance
 * from the site to the variable in the file's layout: the same wherever
 * the file is loaded.  -1 if a symbol is not in the file's symbols, *bad
 * then names its spec.
 */
static int
spec_resolve(const dt_pidmod_t *pm, const dt_elfnote_t *en, char *out,
    size_t len, const char **bad, size_t *badlen)
{
	size_t n = 0;

	out[0] = '\0';
	for (const char *s = en->en_args + strspn(en->en_args, " \t");
	    *s != '\0'; s += strspn(s, " \t")) {
		size_t tlen = strcspn(s, " \t"), nlen;
		const char *at = memchr(s, '@', tlen), *op, *rip;
		char name[256], *end;
		long long off = 0;
		uint64_t val;
		int w;

		op = at != NULL ? at + 1 : s;
		rip = tlen >= 6 ? s + tlen - 6 : NULL;
		nlen = strspn(op, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$");
		if (rip == NULL || strncmp(rip, "(%rip)", 6) != 0 || nlen == 0 ||
		    isdigit((unsigned char)op[0]) || nlen >= sizeof (name)) {
			w = snprintf(out + n, len - n, "%s%.*s", n ? " " : "",
			    (int)tlen, s);
		} else {
			memcpy(name, op, nlen);
			name[nlen] = '\0';
			if (op + nlen != rip) {
				off = strtoll(op + nlen, &end, 10);
				if (end != rip)
					nlen = 0;	/* not SYM+N */
			}
			if (nlen == 0 ||
			    dt_elf_symval(pm->pm_elf, name, &val) != 0) {
				*bad = s;
				*badlen = tlen;
				return (-1);
			}
			w = snprintf(out + n, len - n, "%s%.*s%lld(%%site)",
			    n ? " " : "", (int)(op - s), s, (long long)(val +
			    (uint64_t)off - en->en_addr));
		}
		if (w < 0 || (size_t)w >= len - n) {
			*bad = s;
			*badlen = tlen;
			return (-1);
		}
		n += (size_t)w;
		s += tlen;
	}
	return (0);
}

/*
 * The argument specs of note en of module pm as provide() takes them:
 * symbol operands resolved (spec_resolve(), into spec) and every spec
 * parsed.  The number of arguments, or -1 with *bad and *badlen naming
 * the spec not understood.  Also the fuzz target of the note parser's
 * entry (test/fuzz/elf.c).
 */
int
dt_usdt_note_args(const dt_pidmod_t *pm, const dt_elfnote_t *en, char *spec,
    size_t len, const char **bad, size_t *badlen)
{
	dt_usdtarg_t argv[DT_MAXARGS];

	if (spec_resolve(pm, en, spec, len, bad, badlen) != 0)
		return (-1);
	return (dt_usdt_args_parse(spec, argv, bad, badlen));
}

/*
 * The argument specs of note en as D sees its arguments: those of
 * dt_usdt_note_args(), then, for a probe whose provider declares
 * translated arguments (en_types, "probe p(int i, int j) : (int j, int
 * i)"), one spec per translated argument, the spec of the native
 * argument it maps to (et_xmap): so arg0..argN and args[0..N] follow
 * the declaration's mapping, as DTrace's do, and the trampoline reads
 * them in that order.  The number of arguments, or -1 as
 * dt_usdt_note_args().
 */
int
dt_usdt_site_args(const dt_pidmod_t *pm, const dt_elfnote_t *en, char *spec,
    size_t len, const char **bad, size_t *badlen)
{
	const dt_elftypes_t *et = en->en_types;
	dt_usdtarg_t argv[DT_MAXARGS];
	const char *tok[DT_MAXARGS];
	size_t toklen[DT_MAXARGS], n = 0;
	int nargs;
	char *native;

	if ((nargs = dt_usdt_note_args(pm, en, spec, len, bad, badlen)) < 0 ||
	    et == NULL)
		return (nargs);
	if ((native = strdup(spec)) == NULL) {
		*bad = en->en_args;
		*badlen = strlen(en->en_args);
		return (-1);
	}
	for (const char *s = native + strspn(native, " \t"); *s != '\0' &&
	    n < DT_MAXARGS; s += strspn(s, " \t")) {
		tok[n] = s;
		toklen[n] = strcspn(s, " \t");
		s += toklen[n++];
	}
	spec[0] = '\0';
	for (int i = 0, w = 0; i < et->et_xargc; i++) {
		int m = et->et_xmap[i];

		if ((size_t)m >= n)
			break;	/* fewer specs than declared: kept short */
		w += snprintf(spec + w, len - (size_t)w, "%s%.*s", i ? " " : "",
		    (int)toklen[m], tok[m]);
		if ((size_t)w >= len) {
			free(native);
			*bad = en->en_args;
			*badlen = strlen(en->en_args);
			return (-1);
		}
	}
	free(native);
	return (dt_usdt_args_parse(spec, argv, bad, badlen));
}

/*
 * Variant v of a trampoline kind's specs (distinct specs, one a line:
 * the sites of one probe), parsed: the number of arguments, -1 if it is
 * not understood or there is no such variant.
 */
int
dt_usdt_variant_parse(const char *specs, int v, dt_usdtarg_t *argv)
{
	const char *s = specs, *nl, *bad;
	size_t badlen;
	char line[1024];

	for (int k = 0; k < v; k++) {
		if ((s = strchr(s, '\n')) == NULL)
			return (-1);
		s++;
	}
	nl = strchr(s, '\n');
	if (snprintf(line, sizeof (line), "%.*s", (int)(nl != NULL ?
	    (size_t)(nl - s) : strlen(s)), s) >= (int)sizeof (line))
		return (-1);
	return (dt_usdt_args_parse(line, argv, &bad, &badlen));
}

/* The number of variants of a trampoline kind's specs. */
int
dt_usdt_variants(const char *specs)
{
	int n = 1;

	for (const char *s = specs; (s = strchr(s, '\n')) != NULL; s++)
		n++;
	return (n);
}

/* The trampoline kind of an argument spec string, added if new. */
int
dt_usdt_spec_tramp(dtrace_hdl_t *dtp, const char *args, uint32_t *tramp)
{
	usdt_state_t *us = dt_usdt_state(dtp);
	uint32_t i;

	for (i = 0; i < us->us_nspecs; i++) {
		if (strcmp(us->us_specs[i], args) == 0)
			break;
	}
	if (i == us->us_nspecs) {
		if (us->us_nspecs == us->us_speccap &&
		    dt_grow(dtp, (void **)&us->us_specs,
		    &us->us_speccap, 8, sizeof (char *)) != 0)
			return (-1);
		if ((us->us_specs[i] = strdup(args)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		us->us_nspecs++;
	}
	*tramp = DT_TRAMP_USDT + i;
	return (0);
}
