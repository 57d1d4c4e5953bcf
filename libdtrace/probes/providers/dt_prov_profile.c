/*
 * dt_prov_profile.c: the profile provider: profile-N fires on every CPU at
 * the given rate, tick-N on one CPU.  N takes a unit (ns nsec us usec ms
 * msec s sec m min h hour d day hz); without one it is a frequency in hz.
 * A period under 200 us (over 5000 hz) is no probe, as in DTrace.
 *
 * Each probe is a software CPU-clock perf event per CPU (profile) or on
 * one CPU (tick) with a perf-event BPF program attached through a link
 * whose cookie is the probe id.  arg0 is the kernel PC of the interrupted
 * code (0 in user mode), arg1 the user PC (0 in kernel mode).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "../../core/dt_impl.h"
#include "../dt_probe.h"
#include "../../codegen/dt_asm.h"

#define NS_PER_SEC	1000000000ULL
#define PROFILE_MIN	200000ULL	/* the shortest period, ns (5000 hz) */

/* Offsets in struct pt_regs (x86_64) at the start of the context. */
#define PT_REGS_IP	128
#define PT_REGS_CS	136

static const char *const dt_profile_listed[] = {
	"profile-97", "profile-199", "profile-499", "profile-997",
	"profile-1999", "profile-4001", "profile-4999", "tick-1", "tick-10",
	"tick-100", "tick-500", "tick-1000", "tick-5000", NULL
};

/*
 * Period in ns of a probe name, 0 if the name is not a profile probe:
 * also one shorter than PROFILE_MIN, which DTrace does not create (a
 * description naming it matches nothing, D_PDESC_ZERO).
 */
static uint64_t
profile_period(const char *name, int *allcpus)
{
	static const struct {
		const char *u;
		uint64_t ns;
	} units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 }, { "s", NS_PER_SEC },
		{ "sec", NS_PER_SEC }, { "m", 60 * NS_PER_SEC },
		{ "min", 60 * NS_PER_SEC }, { "h", 3600 * NS_PER_SEC },
		{ "hour", 3600 * NS_PER_SEC }, { "d", 86400 * NS_PER_SEC },
		{ "day", 86400 * NS_PER_SEC }, { NULL, 0 }
	};
	const char *p;
	char *end;
	unsigned long long n;

	if (strncmp(name, "profile-", 8) == 0) {
		*allcpus = 1;
		p = name + 8;
	} else if (strncmp(name, "tick-", 5) == 0) {
		*allcpus = 0;
		p = name + 5;
	} else {
		return (0);
	}
	if (*p < '1' || *p > '9')
		return (0);
	n = strtoull(p, &end, 10);
	if (*end == '\0' || strcasecmp(end, "hz") == 0)
		return (n > NS_PER_SEC / PROFILE_MIN ? 0 : NS_PER_SEC / n);
	for (int i = 0; units[i].u != NULL; i++) {
		if (strcmp(end, units[i].u) != 0)
			continue;
		if (n > UINT64_MAX / units[i].ns ||
		    n * units[i].ns < PROFILE_MIN)
			return (0);
		return (n * units[i].ns);
	}
	return (0);
}

static int
profile_add(dtrace_hdl_t *dtp, const char *name)
{
	dtrace_probedesc_t pd = { 0, "profile", "", "", "" };
	dt_probe_t *prp;
	uint64_t ns;
	int all;

	if ((ns = profile_period(name, &all)) == 0)
		return (0);
	snprintf(pd.prb, sizeof (pd.prb), "%s", name);
	if (dt_probe_lookup(dtp, &pd) != NULL)
		return (0);
	if ((prp = dt_probe_create(dtp, &dt_prov_profile, "", "",
	    name)) == NULL)
		return (-1);
	prp->pr_data = ns;
	prp->pr_data2 = (uint64_t)all;
	prp->pr_tramp = DT_TRAMP_PROFILE;
	return (0);
}

static int
profile_populate(dtrace_hdl_t *dtp)
{
	for (int i = 0; dt_profile_listed[i] != NULL; i++) {
		if (profile_add(dtp, dt_profile_listed[i]) != 0)
			return (-1);
	}
	return (0);
}

/* A description naming profile-N or tick-N exactly creates the probe. */
static int
profile_provide(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp)
{
	if (pdp->mod[0] != '\0' || pdp->fun[0] != '\0' ||
	    strpbrk(pdp->prb, "*?[\\") != NULL)
		return (0);
	return (profile_add(dtp, pdp->prb));
}

static int
profile_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	const int16_t a0 = MS_OFF(ms_argv), a1 = MS_OFF(ms_argv) + 8;
	dt_asm_t as;
	int luser, ldone;

	(void) pgp;
	dt_asm_init(&as, dtp, blk, "trampoline");
	luser = dt_asm_label(&as);
	ldone = dt_asm_label(&as);
	dt_asm_emit(&as, MOV_REG(R1, R6));
	dt_asm_emit(&as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	dt_asm_emit(&as, LDX(BPF_DW, R1, R6, PT_REGS_IP));
	dt_asm_emit(&as, LDX(BPF_DW, R2, R6, PT_REGS_CS));
	dt_asm_emit(&as, ALU_IMM(BPF_AND, R2, 3));
	dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a0, 0));
	dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a1, 0));
	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R2, 3, 0), luser);
	dt_asm_emit(&as, STX(BPF_DW, R9, a0, R1));	/* kernel mode */
	dt_asm_jump(&as, JA(), ldone);
	dt_asm_set(&as, luser);
	dt_asm_emit(&as, STX(BPF_DW, R9, a1, R1));	/* user mode */
	dt_asm_set(&as, ldone);
	for (int i = 2; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, MS_OFF(ms_argv) + i * 8,
		    0));
	return (dt_asm_end(&as));
}

static int
profile_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	long ncpu = prp->pr_data2 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
	long first = 0;

	/* option cpu: a profile or tick timer on that CPU alone */
	if (dtp->dt_opts.op_cpu != DT_CPU_ANY) {
		first = (long)dtp->dt_opts.op_cpu;
		ncpu = first + 1;
	}
	for (long cpu = first; cpu < ncpu; cpu++) {
		struct perf_event_attr attr = {
			.type = PERF_TYPE_SOFTWARE,
			.size = sizeof (attr),
			.config = PERF_COUNT_SW_CPU_CLOCK,
			.sample_period = prp->pr_data,
		};
		int pfd = (int)syscall(__NR_perf_event_open, &attr, -1,
		    (int)cpu, -1, PERF_FLAG_FD_CLOEXEC);

		if (pfd < 0)
			return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot open "
			    "a CPU clock event for profile:::%s on CPU %ld: "
			    "%s", prp->pr_desc.prb, cpu, strerror(errno)));
		if (dt_perf_attach(dtp, pfd, pgp->pg_fd, prp->pr_desc.id) != 0)
			return (-1);
	}
	return (0);
}

static const char *const profile_names[] = { "profile-*", "tick-*", NULL };

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t profile_attr = {
	DT_ATTR(EVOLVING, EVOLVING, COMMON), DT_ATTR(UNSTABLE, UNSTABLE, COMMON),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(EVOLVING, EVOLVING, COMMON)
};

const dt_provider_t dt_prov_profile = {
	.pv_name = "profile",
	.pv_attr = &profile_attr,
	.pv_names = profile_names,
	.pv_progtype = BPF_PROG_TYPE_PERF_EVENT,
	.pv_populate = profile_populate,
	.pv_provide = profile_provide,
	.pv_trampoline = profile_trampoline,
	.pv_attach = profile_attach,
};
