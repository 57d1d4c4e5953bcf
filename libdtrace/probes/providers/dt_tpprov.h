/*
 * dt_tpprov.h: what the providers built on a fixed table of raw
 * tracepoints share (proc, sched, io, tcp, ip; dt_tpprov.c).
 *
 * Such a provider is a table of probes (name, raw tracepoint, trampoline
 * kind, argument types) and the part of the trampoline that is its own:
 * the filter that tells its probes apart and the arguments it takes from
 * the tracepoint's.  The rest is here:
 *
 *	populate	one probe vmlinux::NAME per table row
 *	trampoline	ms_prid from the cookie, arguments zero, the
 *			provider's body, and the return of 0 its filters
 *			jump to
 *	attach		the program to the row's raw tracepoint (and its
 *			second, tpp_also), cookie the probe id
 *	argdesc		the row's description of args[n]
 *	maymatch	whether a description's name is one of the table's
 *
 * A provider is its table, its body and one DT_TPPROV_DEFINE() line,
 * which makes its dt_tpprov_t, the three wrappers its vtable needs
 * (populate, trampoline and maymatch take no provider, so each passes
 * its descriptor) and its vtable, whose attach and argdesc are
 * dt_tpprov_attach() and dt_tpprov_argdesc() directly: a probe's
 * pr_data is its table row.  The table is the one list of the
 * provider's probe names.
 */
#ifndef DT_TPPROV_H
#define DT_TPPROV_H

#include "../dt_probe.h"
#include "../../codegen/dt_asm.h"

#define DT_TPPROV_NARGS	6		/* args[] a table row can type */

typedef struct dt_tpprobe {
	const char *tpp_name;		/* probe name */
	const char *tpp_tp;		/* raw tracepoint */
	uint32_t tpp_tramp;		/* DT_TRAMP_* of its trampoline */
	dt_argspec_t tpp_args[DT_TPPROV_NARGS];
					/* args[0..]; DT_ARG_NONE: none */
	const char *tpp_also;		/* a second raw tracepoint of the same
					   arguments the probe is on, or NULL */
} dt_tpprobe_t;

/*
 * The provider's own part of the trampoline, after ms_prid and the zeroed
 * arguments: r6 is the tracepoint's argument array, r9 dctx.  A firing
 * that is not the probe's jumps to lskip (the program returns 0).  Returns
 * 0, or -1 with the error on the handle (kernel type data it lacks).
 */
typedef int dt_tpprov_body_f(dtrace_hdl_t *, dt_asm_t *,
    const dt_program_t *, int lskip);

typedef struct dt_tpprov {
	const dt_provider_t *tv_prov;	/* the provider */
	const dt_tpprobe_t *tv_probes;	/* its table */
	size_t tv_nprobes;		/* rows */
	dt_tpprov_body_f *tv_body;	/* its part of the trampoline */
} dt_tpprov_t;

extern int dt_tpprov_populate(dtrace_hdl_t *, const dt_tpprov_t *);
extern int dt_tpprov_trampoline(dtrace_hdl_t *, dt_block_t *,
    const dt_program_t *, const dt_tpprov_t *);
extern int dt_tpprov_attach(dtrace_hdl_t *, dt_probe_t *, dt_program_t *);
extern bool dt_tpprov_maymatch(const dt_tpprov_t *,
    const dtrace_probedesc_t *);
extern int dt_tpprov_argdesc(dtrace_hdl_t *, const dt_probe_t *, int,
    dt_argdesc_t *);
/* r0 = the size-byte (2, 4 or 8) member at off of the kernel object at
   reg, 0 if unreadable; uses r1-r3 and fp-16 */
extern void dt_tpprov_kread(dt_asm_t *, int, int64_t, int);

/* Stability of the probes of all of them (dt_attr.c). */
extern const dt_pattr_t dt_tpprov_attr;

/*
 * The provider dt_prov_NAME ("NAME"), of table PROBES (an array) and
 * trampoline part BODY: its dt_tpprov_t dt_NAME_tp, its wrappers
 * NAME_maymatch() (only a literal name the table has, or a glob),
 * NAME_populate() and NAME_trampoline(), and its vtable.
 */
#define DT_TPPROV_DEFINE(NAME, PROBES, BODY)				\
static const dt_tpprov_t dt_##NAME##_tp = {				\
	.tv_prov = &dt_prov_##NAME,					\
	.tv_probes = (PROBES),						\
	.tv_nprobes = sizeof (PROBES) / sizeof ((PROBES)[0]),		\
	.tv_body = (BODY),						\
};									\
									\
static bool								\
NAME##_maymatch(const dtrace_probedesc_t *pdp)				\
{									\
	return (dt_tpprov_maymatch(&dt_##NAME##_tp, pdp));		\
}									\
									\
static int								\
NAME##_populate(dtrace_hdl_t *dtp)					\
{									\
	return (dt_tpprov_populate(dtp, &dt_##NAME##_tp));		\
}									\
									\
static int								\
NAME##_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp) \
{									\
	return (dt_tpprov_trampoline(dtp, blk, pgp, &dt_##NAME##_tp));	\
}									\
									\
const dt_provider_t dt_prov_##NAME = {					\
	.pv_name = #NAME,						\
	.pv_attr = &dt_tpprov_attr,					\
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,			\
	.pv_ownprog = dt_rawtp_ownprog,					\
	.pv_populate = NAME##_populate,					\
	.pv_trampoline = NAME##_trampoline,				\
	.pv_attach = dt_tpprov_attach,					\
	.pv_maymatch = NAME##_maymatch,					\
	.pv_argdesc = dt_tpprov_argdesc,				\
};

#endif /* DT_TPPROV_H */
