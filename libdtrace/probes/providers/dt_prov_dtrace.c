/*
 * dt_prov_dtrace.c: the dtrace provider: BEGIN, END and ERROR.
 *
 * BEGIN and END programs are raw tracepoint programs that are never
 * attached: the session runs them itself with BPF_PROG_TEST_RUN, passing
 * the probe id as the first context word.  So each session fires only its
 * own BEGIN and END, however many sessions share the process, and nothing
 * is left attached if the process dies.  ERROR has no program: its clauses
 * are placed after every clause that can fault (see dt_cg_program()).
 */
#include "../../core/dt_impl.h"
#include "../dt_probe.h"
#include "../../codegen/dt_asm.h"

static int
dtrace_populate(dtrace_hdl_t *dtp)
{
	if (dt_probe_create(dtp, &dt_prov_dtrace, "", "", "BEGIN") == NULL ||
	    dt_probe_create(dtp, &dt_prov_dtrace, "", "", "END") == NULL ||
	    dt_probe_create(dtp, &dt_prov_dtrace, "", "", "ERROR") == NULL)
		return (-1);
	for (unsigned int i = 0; i < 3; i++)
		dtp->dt_probes[i]->pr_tramp = DT_TRAMP_DTRACE;
	return (0);
}

/* ms_prid = ctx[0]; arguments are zero. */
static int
dtrace_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	dt_asm_t as;

	(void) pgp;
	dt_asm_init(&as, dtp, blk, "trampoline");
	dt_asm_emit(&as, LDX(BPF_DW, R1, R6, 0));
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R1));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, MS_OFF(ms_argv) + i * 8,
		    0));
	return (dt_asm_end(&as));
}

static int
dtrace_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	if (prp->pr_desc.id == DT_PRID_BEGIN)
		dtp->dt_beginfd = pgp->pg_fd;
	else if (prp->pr_desc.id == DT_PRID_END)
		dtp->dt_endfd = pgp->pg_fd;
	return (0);
}

/*
 * BEGIN and END have no arguments (args[N] of them is D_ARGS_IDX); ERROR's
 * are the fault's, untyped.
 */
static int
dtrace_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	(void) dtp;
	if (prp->pr_desc.id != DT_PRID_ERROR || n < 0 || n >= DT_MAXARGS)
		return (-1);
	dt_argdesc_value(ad, n, "int64_t");
	return (0);
}

static const char *const dtrace_names[] = { "BEGIN", "END", "ERROR", NULL };

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t dtrace_attr = {
	DT_ATTR(STABLE, STABLE, COMMON), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(STABLE, STABLE, COMMON),
	DT_ATTR(STABLE, STABLE, COMMON)
};

const dt_provider_t dt_prov_dtrace = {
	.pv_name = "dtrace",
	.pv_attr = &dtrace_attr,
	.pv_names = dtrace_names,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_populate = dtrace_populate,
	.pv_argdesc = dtrace_argdesc,
	.pv_trampoline = dtrace_trampoline,
	.pv_attach = dtrace_attach,
};
