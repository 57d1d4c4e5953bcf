/*
 * dt_prov_sdt.c: the sdt provider: every kernel tracepoint, named as
 * Oracle's DTrace for Linux names it (sdt:GROUP::NAME, sdt:sched::
 * sched_switch), with the fields of the event's record as arguments.
 *
 * The probes are rawtp's (dt_tp_populate(): tracefs's available_events
 * without syscalls, ftrace and the dynamic groups); where rawtp gives the
 * arguments the kernel passes the tracepoint, sdt gives what the event
 * records, as tracefs's format file lays it out: args[N] is the N-th
 * field after the common_ ones, typed from its declaration there.  An
 * integer field is read with its size and sign; a char array field
 * (prev_comm[16]) or a __data_loc (__rel_loc) string is the address of
 * its characters in the record, a string; another array is the address
 * of its elements (void *).
 *
 * A program serves every sdt probe of its clauses: it is attached through
 * a perf event to each tracepoint (BPF_PROG_TYPE_TRACEPOINT, the probe id
 * in the BPF cookie) and finds the probe's layout in a map of its own
 * (probe id -> one word per argument: offset, size, kind), filled when
 * the probe is attached.  The record is read with bpf_probe_read_kernel,
 * as the syscall provider reads its events: the kernel refuses a program
 * whose direct context reads could go past one event's record.
 *
 * Each tracepoint costs a perf event, and detaching one waits for an RCU
 * grace period: a session with thousands of sdt probes takes seconds to
 * end (rawtp's raw tracepoints are the same).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"
#include "../../codegen/dt_asm.h"
#include "../../types/dt_tcache.h"

/* Kinds of argument (the high byte of a layout word). */
#define SDT_SIGNED	1	/* an integer to sign-extend */
#define SDT_LOC		2	/* __data_loc: u32 (len << 16 | offset) */
#define SDT_ADDR	4	/* an array: its address in the record */
#define SDT_RELLOC	8	/* __rel_loc: the offset is from the end of
				   the field */

typedef struct sdt_field {
	char sf_type[128];	/* the declaration's type text */
	char sf_name[64];	/* field name */
	bool sf_array;		/* NAME[N] */
	uint32_t sf_off;	/* offset in the record */
	uint32_t sf_size;	/* bytes */
	bool sf_signed;		/* signed:1 */
} sdt_field_t;

/*
 * The fields of the probe's event after the common ones, at most
 * DT_MAXARGS, from its format file; their count, or -1.
 */
static int
sdt_fields(dtrace_hdl_t *dtp, const dt_probe_t *prp, sdt_field_t *f)
{
	const char *tfs = dt_tracefs(dtp);
	char path[512], fmt[8192], *p;
	int n = 0;

	if (tfs == NULL)
		return (-1);
	snprintf(path, sizeof (path), "%s/events/%s/%s/format", tfs,
	    prp->pr_desc.mod, prp->pr_desc.prb);
	if (dt_read_file(path, fmt, sizeof (fmt)) <= 0)
		return (-1);
	for (p = fmt; n < DT_MAXARGS && (p = strstr(p, "field:")) != NULL;) {
		char *semi = strchr(p, ';'), *name, *br;
		unsigned int off, size, sgn;
		const char *q;

		if (semi == NULL)
			break;
		p += 6;
		q = strstr(semi, "offset:");
		if (q == NULL || sscanf(q, "offset:%u;%*[ \t]size:%u;%*[ \t]"
		    "signed:%u;", &off, &size, &sgn) != 3) {
			p = semi;
			continue;
		}
		/* the name is the last word before ';' (and its [N]) */
		for (name = semi; name > p && name[-1] != ' ' &&
		    name[-1] != '*'; name--)
			;
		memset(&f[n], 0, sizeof (f[n]));
		snprintf(f[n].sf_name, sizeof (f[n].sf_name), "%.*s",
		    (int)(semi - name), name);
		if ((br = strchr(f[n].sf_name, '[')) != NULL) {
			*br = '\0';
			f[n].sf_array = true;
		}
		while (name > p && name[-1] == ' ')
			name--;
		snprintf(f[n].sf_type, sizeof (f[n].sf_type), "%.*s",
		    (int)(name - p), p);
		f[n].sf_off = off;
		f[n].sf_size = size;
		f[n].sf_signed = sgn != 0;
		p = semi;
		if (strncmp(f[n].sf_name, "common_", 7) != 0)
			n++;
	}
	return (n);
}

static bool
is_loc(const sdt_field_t *f)
{
	return (strncmp(f->sf_type, "__data_loc ", 11) == 0 ||
	    strncmp(f->sf_type, "__rel_loc ", 10) == 0);
}

/* Does the type text (no pointer) name a type D knows? */
static bool
type_known(dtrace_hdl_t *dtp, const char *t)
{
	static const char *const words[] = { "unsigned", "signed", "char",
	    "short", "int", "long", "void", "_Bool", "bool", NULL };
	dt_tentry_t *te;
	char buf[128], *w, *save;
	bool builtin = true;

	snprintf(buf, sizeof (buf), "%s", t);
	for (w = strtok_r(buf, " ", &save); w != NULL && builtin;
	    w = strtok_r(NULL, " ", &save)) {
		int i;

		for (i = 0; words[i] != NULL && strcmp(w, words[i]) != 0; i++)
			;
		builtin = words[i] != NULL;
	}
	if (builtin)
		return (true);
	if ((te = dt_ktypes(dtp)) == NULL)
		return (false);
	if (strncmp(t, "struct ", 7) == 0)
		return (dt_tcache_tag(te, BTF_KIND_STRUCT, t + 7) != 0);
	if (strncmp(t, "union ", 6) == 0)
		return (dt_tcache_tag(te, BTF_KIND_UNION, t + 6) != 0);
	if (strncmp(t, "enum ", 5) == 0)
		return (dt_tcache_tag(te, BTF_KIND_ENUM, t + 5) != 0);
	return (strchr(t, ' ') == NULL && dt_tcache_name(te, t) != 0);
}

/*
 * The D type of a field: its declaration where D knows the type, else an
 * integer of its size and sign, or void * for a pointer.
 */
static void
field_type(dtrace_hdl_t *dtp, const sdt_field_t *f, char *buf, size_t len)
{
	char base[128], *star;
	const char *t = f->sf_type;
	int stars = 0;

	if (is_loc(f)) {
		snprintf(buf, len, strstr(t, "char[]") != NULL ? "string" :
		    "void *");
		return;
	}
	while (strncmp(t, "const ", 6) == 0 || strncmp(t, "volatile ", 9) == 0)
		t = strchr(t, ' ') + 1;
	snprintf(base, sizeof (base), "%s", t);
	if ((star = strchr(base, '*')) != NULL) {
		for (const char *s = star; *s != '\0'; s++)
			stars += *s == '*';
		*star = '\0';
	}
	for (size_t n = strlen(base); n > 0 && base[n - 1] == ' '; n--)
		base[n - 1] = '\0';
	if (f->sf_array) {
		snprintf(buf, len, strcmp(base, "char") == 0 && stars == 0 ?
		    "string" : "void *");
		return;
	}
	if (stars > 0) {
		if (type_known(dtp, base))
			snprintf(buf, len, "%s %.*s", base, stars, "*******");
		else
			snprintf(buf, len, "void *");
		return;
	}
	if (type_known(dtp, base) && strcmp(base, "void") != 0) {
		snprintf(buf, len, "%s", base);
		return;
	}
	snprintf(buf, len, "%sint%u_t", f->sf_signed ? "" : "u",
	    f->sf_size >= 8 ? 64 : f->sf_size >= 4 ? 32 : f->sf_size >= 2 ?
	    16 : 8);
}

static int
sdt_populate(dtrace_hdl_t *dtp)
{
	return (dt_tp_populate(dtp, &dt_prov_sdt, DT_TRAMP_SDT));
}

static int
sdt_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	sdt_field_t f[DT_MAXARGS];
	int nf = sdt_fields(dtp, prp, f);

	if (n < 0 || n >= nf)
		return (-1);
	dt_argdesc_value(ad, n, "");
	field_type(dtp, &f[n], ad->ad_native.at_name,
	    sizeof (ad->ad_native.at_name));
	if (strcmp(ad->ad_native.at_name, "string") == 0) {
		ad->ad_form = DT_ARG_KSTRING;	/* a string in the record */
		snprintf(ad->ad_native.at_name,
		    sizeof (ad->ad_native.at_name), "char *");
	}
	return (0);
}

/*
 * Probe id from the cookie; the probe's layout (DT_MAXARGS words: offset
 * in the low 16 bits, size in the next 8, the SDT_ kind in the high 8;
 * 0: no such argument) from the program's map; each argument read from
 * the record.  A probe not in the map (none) returns at once.
 */
static int
sdt_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	int16_t a = MS_OFF(ms_argv);
	uint32_t nprobes = 0;
	dt_asm_t as;
	int fd, lout, ldone;

	for (unsigned int i = 0; i < dtp->dt_nprobes; i++)
		nprobes += dtp->dt_probes[i]->pr_prov == &dt_prov_sdt;
	fd = dt_bpf_map_create(BPF_MAP_TYPE_HASH, "dt_sdtargs", 4,
	    DT_MAXARGS * 4, nprobes > 0 ? nprobes : 1, 0);
	if (fd < 0)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot create the sdt "
		    "map: %s", strerror(errno)));
	pgp->pg_pvfd = fd;

	dt_asm_init(&as, dtp, blk, "trampoline");
	lout = dt_asm_label(&as);
	ldone = dt_asm_label(&as);
	dt_asm_emit(&as, MOV_REG(R1, R6));
	dt_asm_emit(&as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	dt_asm_emit(&as, STX(BPF_W, FP, -8, R0));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	dt_asm_emit(&as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1, BPF_PSEUDO_MAP_FD,
	    0, fd));
	dt_asm_emit(&as, INSN(0, 0, 0, 0, 0));
	dt_asm_emit(&as, MOV_REG(R2, FP));
	dt_asm_emit(&as, ALU_IMM(BPF_ADD, R2, -8));
	dt_asm_emit(&as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
	dt_asm_emit(&as, MOV_REG(BPF_REG_7, R0));
	for (int i = 0; i < DT_MAXARGS; i++) {
		int lnext = dt_asm_label(&as), lloc = dt_asm_label(&as);
		int lrel = dt_asm_label(&as), lend = dt_asm_label(&as);
		int lstore = dt_asm_label(&as);

		/* r8 = layout word; 0: no argument */
		dt_asm_emit(&as, LDX(BPF_W, BPF_REG_8, BPF_REG_7, i * 4));
		dt_asm_jump(&as, JMP_IMM(BPF_JEQ, BPF_REG_8, 0, 0), lnext);
		/* argv[i] = the size bytes (1..8) at the field's offset;
		   size 0 (an array): nothing read here */
		dt_asm_emit(&as, MOV_REG(R1, R9));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a + i * 8));
		dt_asm_emit(&as, MOV_REG(R2, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, R2, 16));
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R2, 0xff));
		dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R2, 0, 0), lnext);
		dt_asm_jump(&as, JMP_IMM(BPF_JGT, R2, 8, 0), lnext);
		dt_asm_emit(&as, MOV_REG(R3, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R3, 0xffff));
		dt_asm_emit(&as, ALU_REG(BPF_ADD, R3, R6));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
		/* r1 = the value; r2 = the kind */
		dt_asm_emit(&as, LDX(BPF_DW, R1, R9, a + i * 8));
		dt_asm_emit(&as, MOV_REG(R2, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, R2, 24));
		/* signed: shift the value's sign bit to bit 63 and
		   back; r3 = 64 - size * 8 */
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R2, SDT_SIGNED, 0), lloc);
		dt_asm_emit(&as, MOV_REG(R4, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, R4, 13));
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R4, 0xff << 3));
		dt_asm_emit(&as, MOV_IMM(R3, 64));
		dt_asm_emit(&as, ALU_REG(BPF_SUB, R3, R4));
		dt_asm_emit(&as, ALU_REG(BPF_LSH, R1, R3));
		dt_asm_emit(&as, ALU_REG(BPF_ARSH, R1, R3));
		/* __data_loc: the record's address + the low 16 bits;
		   __rel_loc: + the field's end too */
		dt_asm_set(&as, lloc);
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R2, SDT_LOC, 0), lrel);
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R1, 0xffff));
		dt_asm_emit(&as, ALU_REG(BPF_ADD, R1, R6));
		dt_asm_set(&as, lrel);
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R2, SDT_RELLOC, 0), lend);
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R1, 0xffff));
		dt_asm_emit(&as, ALU_REG(BPF_ADD, R1, R6));
		dt_asm_emit(&as, MOV_REG(R3, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R3, 0xffff));
		dt_asm_emit(&as, ALU_REG(BPF_ADD, R1, R3));	/* + offset */
		dt_asm_set(&as, lend);
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R2, SDT_RELLOC, 0), lstore);
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, 4));	/* + size */
		dt_asm_set(&as, lstore);
		dt_asm_emit(&as, STX(BPF_DW, R9, a + i * 8, R1));
		dt_asm_set(&as, lnext);
	}
	/* arrays: the address of the field; no read (size 0 above) */
	for (int i = 0; i < DT_MAXARGS; i++) {
		int lnext = dt_asm_label(&as);

		dt_asm_emit(&as, LDX(BPF_W, BPF_REG_8, BPF_REG_7, i * 4));
		dt_asm_emit(&as, MOV_REG(R2, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, R2, 24));
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R2, SDT_ADDR, 0), lnext);
		dt_asm_emit(&as, MOV_REG(R1, BPF_REG_8));
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R1, 0xffff));
		dt_asm_emit(&as, ALU_REG(BPF_ADD, R1, R6));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + i * 8, R1));
		dt_asm_set(&as, lnext);
	}
	dt_asm_jump(&as, JA(), ldone);
	dt_asm_set(&as, lout);
	dt_asm_emit(&as, MOV_IMM(R0, 0));
	dt_asm_emit(&as, EXIT());
	dt_asm_set(&as, ldone);
	return (dt_asm_end(&as));
}

static int
sdt_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	uint32_t layout[DT_MAXARGS] = { 0 }, id = prp->pr_desc.id;
	sdt_field_t f[DT_MAXARGS];
	int nf;

	if ((nf = sdt_fields(dtp, prp, f)) < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot read the format "
		    "of tracepoint %s:%s: %s", prp->pr_desc.mod,
		    prp->pr_desc.prb, strerror(errno)));
	for (int i = 0; i < nf; i++) {
		uint32_t kind = 0, size = f[i].sf_size;

		if (f[i].sf_off > 0xffff)
			continue;
		if (is_loc(&f[i])) {
			kind = f[i].sf_type[2] == 'r' ? SDT_RELLOC : SDT_LOC;
			size = 4;
		} else if (f[i].sf_array) {
			kind = SDT_ADDR;
			size = 0;
		} else if (size > 8) {
			continue;	/* not a scalar: 0 */
		} else if (f[i].sf_signed && size < 8) {
			kind = SDT_SIGNED;
		}
		layout[i] = kind << 24 | size << 16 | f[i].sf_off;
	}
	if (bpf_map_update_elem(pgp->pg_pvfd, &id, layout, BPF_ANY) != 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot enable "
		    "sdt:%s::%s: %s", prp->pr_desc.mod, prp->pr_desc.prb,
		    strerror(errno)));
	return (dt_tp_attach(dtp, prp->pr_desc.mod, prp->pr_desc.prb,
	    pgp->pg_fd, prp->pr_desc.id));
}

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t sdt_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, ISA)
};

const dt_provider_t dt_prov_sdt = {
	.pv_name = "sdt",
	.pv_attr = &sdt_attr,
	.pv_progtype = BPF_PROG_TYPE_TRACEPOINT,
	.pv_populate = sdt_populate,
	.pv_trampoline = sdt_trampoline,
	.pv_attach = sdt_attach,
	.pv_argdesc = sdt_argdesc,
	.pv_maymatch = dt_tp_maymatch,
};
