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
 * A provider fills a dt_tpprov_t and points its vtable at three wrappers
 * (populate, trampoline and maymatch, which take the descriptor) and at
 * dt_tpprov_attach() and dt_tpprov_argdesc() directly: a probe's pr_data
 * is its table row.  The table is the one list of the provider's probe
 * names.
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

#endif /* DT_TPPROV_H */
