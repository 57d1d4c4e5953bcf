/*
 * dt_tpprov.c: the shared part of the providers on a fixed table of raw
 * tracepoints (proc, sched, io, tcp, ip): populating, the trampoline's
 * frame, attaching, argument descriptions, names (dt_tpprov.h says how a
 * provider uses it).
 *
 * Every probe is vmlinux::NAME, its pr_data its row of the provider's
 * table.  A program serves the probes of one trampoline kind: the cookie
 * of the attachment is the probe id (or, on kernels whose raw tracepoints
 * have no cookies, the program's own constant, dt_rawtp_cookie()).
 */
#include <stdio.h>
#include <string.h>

#include "dt_tpprov.h"
#include "../dt_probe.h"

int
dt_tpprov_populate(dtrace_hdl_t *dtp, const dt_tpprov_t *tv)
{
	for (size_t i = 0; i < tv->tv_nprobes; i++) {
		const dt_tpprobe_t *tpp = &tv->tv_probes[i];
		dt_probe_t *prp = dt_probe_create(dtp, tv->tv_prov, "vmlinux",
		    "", tpp->tpp_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = tpp->tpp_tramp;
		prp->pr_data = (uint64_t)(uintptr_t)tpp;
	}
	return (0);
}

/*
 * ms_prid from the cookie, arguments zero, the provider's body; then, if
 * the body filters, the return of 0 it jumps to, which the end of the
 * trampoline skips.
 */
int
dt_tpprov_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk,
    const dt_program_t *pgp, const dt_tpprov_t *tv)
{
	int16_t a = MS_OFF(ms_argv);
	dt_asm_t as;
	int lskip, ldone;

	dt_asm_init(&as, dtp, blk, "trampoline");
	lskip = dt_asm_label(&as);
	ldone = dt_asm_label(&as);
	dt_rawtp_cookie(&as, pgp);
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	if (tv->tv_body(dtp, &as, pgp, lskip) != 0) {
		dt_asm_fini(&as);
		return (-1);
	}
	if (dt_asm_used(&as, lskip)) {
		dt_asm_jump(&as, JA(), ldone);
		dt_asm_set(&as, lskip);
		dt_asm_emit(&as, MOV_IMM(R0, 0));
		dt_asm_emit(&as, EXIT());
	}
	dt_asm_set(&as, ldone);
	return (dt_asm_end(&as));
}

int
dt_tpprov_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	const dt_tpprobe_t *tpp = (const dt_tpprobe_t *)(uintptr_t)
	    prp->pr_data;

	if (dt_rawtp_open(dtp, tpp->tpp_tp, pgp->pg_fd, prp->pr_desc.id) != 0)
		return (-1);
	return (tpp->tpp_also == NULL ? 0 : dt_rawtp_open(dtp, tpp->tpp_also,
	    pgp->pg_fd, prp->pr_desc.id));
}

/*
 * Can the description name a probe of the table?  Only a literal name is
 * looked up; a glob may match anything.
 */
bool
dt_tpprov_maymatch(const dt_tpprov_t *tv, const dtrace_probedesc_t *pdp)
{
	if (pdp->prb[0] == '\0' || strpbrk(pdp->prb, "*?[\\") != NULL)
		return (true);
	for (size_t i = 0; i < tv->tv_nprobes; i++) {
		if (strcmp(tv->tv_probes[i].tpp_name, pdp->prb) == 0)
			return (true);
	}
	return (false);
}

int
dt_tpprov_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	const dt_tpprobe_t *tpp = (const dt_tpprobe_t *)(uintptr_t)
	    prp->pr_data;

	(void) dtp;
	if (n < 0 || n >= DT_TPPROV_NARGS ||
	    tpp->tpp_args[n].as_form == DT_ARG_NONE)
		return (-1);
	dt_argdesc_set(ad, n, &tpp->tpp_args[n]);
	return (0);
}

void
dt_tpprov_kread(dt_asm_t *as, int reg, int64_t off, int size)
{
	int sz = size == 8 ? BPF_DW : size == 4 ? BPF_W : size == 2 ? BPF_H :
	    BPF_B;

	dt_asm_emit(as, ST_IMM(BPF_DW, FP, -16, 0));
	dt_asm_emit(as, MOV_REG(R3, reg));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R3, (int32_t)off));
	dt_asm_emit(as, MOV_REG(R1, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R1, -16));
	dt_asm_emit(as, MOV_IMM(R2, size));
	dt_asm_emit(as, CALL(BPF_FUNC_probe_read_kernel));
	dt_asm_emit(as, LDX(sz, R0, FP, -16));
}

const dt_pattr_t dt_tpprov_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};
