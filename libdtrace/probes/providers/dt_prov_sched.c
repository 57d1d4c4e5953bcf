/*
 * dt_prov_sched.c: the sched provider, on the kernel's raw tracepoints
 * (no kprobes here).  Probes are sched:vmlinux::NAME; each sits on one
 * tracepoint, with a trampoline of its own that filters the firings the
 * probe does not mean and puts DTrace's arguments in arg0..argN, as the
 * proc provider's do:
 *
 *   off-cpu   sched_switch (preempt, prev, next, prev_state), in prev,
 *             the thread leaving the CPU; args[0] lwpsinfo_t *, args[1]
 *             psinfo_t * of next, the thread that takes the CPU
 *   on-cpu    sched_exit_tp (is_switch) at the end of __schedule, with
 *             is_switch: it runs once context_switch() returns, in the
 *             thread switched in, whose own __schedule frame holds
 *             is_switch (a new thread starts in ret_from_fork instead:
 *             its first run has no on-cpu)
 *   remain-cpu  sched_exit_tp without is_switch: __schedule picked the
 *             running thread again
 *   sleep     sched_switch of a thread that blocks (!preempt and
 *             prev_state not TASK_RUNNING), in that thread
 *   preempt   sched_switch of a thread that stays runnable (preempt, or
 *             prev_state TASK_RUNNING: preempted or yielding), in it
 *   wakeup    sched_waking (p), in the waking context, once the kernel
 *             has decided to wake p; args[0] lwpsinfo_t *, args[1]
 *             psinfo_t * of p
 *   change-pri  sched_pi_setprio (tsk, pi_task): priority inheritance
 *             lends tsk a waiter's priority or takes it back, before
 *             tsk->prio changes; args[0] lwpsinfo_t *, args[1] psinfo_t *
 *             of tsk, args[2] the new priority in the kernel's terms
 *             (as pr_pri: lower is more urgent), min(tsk->normal_prio,
 *             pi_task->prio), or tsk->normal_prio without pi_task
 *
 * sleep and preempt partition sched_switch: every off-cpu is one or the
 * other.  change-pri sees only priority inheritance (nice(2) and
 * sched_setscheduler(2) have no tracepoint).  enqueue, dequeue, tick and
 * surrender have no tracepoint that gives them and are not provided
 * (docs/design.md).  sched_exit_tp is a bare tracepoint of kernel 6.16
 * on: an older kernel fails to attach on-cpu and remain-cpu.
 */
#include <stdio.h>
#include <string.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"

typedef struct sched_probe {
	const char *sp_name;		/* probe name */
	const char *sp_tp;		/* raw tracepoint */
	uint32_t sp_tramp;		/* DT_TRAMP_SCHED_* */
	const char *sp_args[3];		/* types of args[0..2] */
} sched_probe_t;

#define PSINFO	"xlate <psinfo_t *> (struct task_struct *)"
#define LWPSINFO "xlate <lwpsinfo_t *> (struct task_struct *)"

static const sched_probe_t dt_sched_probes[] = {
	{ "change-pri", "sched_pi_setprio", DT_TRAMP_SCHED_CHANGEPRI,
	    { LWPSINFO, PSINFO, "int" } },
	{ "off-cpu", "sched_switch", DT_TRAMP_SCHED_OFFCPU,
	    { LWPSINFO, PSINFO } },
	{ "on-cpu", "sched_exit_tp", DT_TRAMP_SCHED_ONCPU, { 0 } },
	{ "preempt", "sched_switch", DT_TRAMP_SCHED_PREEMPT, { 0 } },
	{ "remain-cpu", "sched_exit_tp", DT_TRAMP_SCHED_REMAIN, { 0 } },
	{ "sleep", "sched_switch", DT_TRAMP_SCHED_SLEEP, { 0 } },
	{ "wakeup", "sched_waking", DT_TRAMP_SCHED_WAKEUP,
	    { LWPSINFO, PSINFO } },
};

#define NPROBES	(sizeof (dt_sched_probes) / sizeof (dt_sched_probes[0]))

static int
sched_populate(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < NPROBES; i++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_sched,
		    "vmlinux", "", dt_sched_probes[i].sp_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = dt_sched_probes[i].sp_tramp;
		prp->pr_data = i;
	}
	return (0);
}

/* r0 = the int at off of the task in reg, sign-extended (0 if unreadable) */
static size_t
emit_task_int(struct bpf_insn *in, size_t n, int reg, int64_t off)
{
	in[n++] = ST_IMM(BPF_DW, FP, -16, 0);
	in[n++] = MOV_REG(R3, reg);
	in[n++] = ALU_IMM(BPF_ADD, R3, (int32_t)off);
	in[n++] = MOV_REG(R1, FP);
	in[n++] = ALU_IMM(BPF_ADD, R1, -16);
	in[n++] = MOV_IMM(R2, 4);
	in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	in[n++] = LDX(BPF_W, R0, FP, -16);
	in[n++] = ALU_IMM(BPF_LSH, R0, 32);
	in[n++] = ALU_IMM(BPF_ARSH, R0, 32);
	return (n);
}

/*
 * ms_prid from the cookie, arguments zero, then each kind's filter and
 * arguments from the tracepoint's (r6 is its argument array).  A firing
 * the probe does not mean returns 0 at once.
 */
static int
sched_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	struct bpf_insn in[64];
	size_t n = 0, jout[2], nj = 0;
	int16_t a = MS_OFF(ms_argv);
	int64_t prio, nprio;

	n += dt_rawtp_cookie(pgp, in + n);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	switch (pgp->pg_tramp) {
	case DT_TRAMP_SCHED_ONCPU:
	case DT_TRAMP_SCHED_REMAIN:
		/* sched_exit_tp (is_switch), at the end of __schedule */
		in[n++] = LDX(BPF_DW, R1, R6, 0);
		in[n++] = ALU_IMM(BPF_AND, R1, 0xff);
		jout[nj++] = n;
		in[n++] = JMP_IMM(pgp->pg_tramp == DT_TRAMP_SCHED_ONCPU ?
		    BPF_JEQ : BPF_JNE, R1, 0, 0);
		break;
	case DT_TRAMP_SCHED_OFFCPU:
		/* (preempt, prev, next, prev_state): next's lwp and process */
		in[n++] = LDX(BPF_DW, R1, R6, 16);
		in[n++] = STX(BPF_DW, R9, a, R1);
		in[n++] = STX(BPF_DW, R9, a + 8, R1);
		break;
	case DT_TRAMP_SCHED_SLEEP:
		/* not preempted, and prev_state not TASK_RUNNING (0) */
		in[n++] = LDX(BPF_DW, R1, R6, 0);
		in[n++] = ALU_IMM(BPF_AND, R1, 0xff);
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JNE, R1, 0, 0);
		in[n++] = LDX(BPF_DW, R1, R6, 24);
		in[n++] = ALU_IMM(BPF_LSH, R1, 32);	/* unsigned int */
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JEQ, R1, 0, 0);
		break;
	case DT_TRAMP_SCHED_PREEMPT:
		/* preempted, or prev_state TASK_RUNNING: sleep's complement */
		in[n++] = LDX(BPF_DW, R1, R6, 0);
		in[n++] = ALU_IMM(BPF_AND, R1, 0xff);
		in[n++] = JMP_IMM(BPF_JNE, R1, 0, 3);
		in[n++] = LDX(BPF_DW, R1, R6, 24);
		in[n++] = ALU_IMM(BPF_LSH, R1, 32);
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JNE, R1, 0, 0);
		break;
	case DT_TRAMP_SCHED_WAKEUP:
		/* (p): the task being woken */
		in[n++] = LDX(BPF_DW, R1, R6, 0);
		in[n++] = STX(BPF_DW, R9, a, R1);
		in[n++] = STX(BPF_DW, R9, a + 8, R1);
		break;
	case DT_TRAMP_SCHED_CHANGEPRI:
		/* (tsk, pi_task): the priority tsk is about to take */
		if ((prio = dt_ktype_offset(dtp, "task_struct", "prio")) < 0 ||
		    (nprio = dt_ktype_offset(dtp, "task_struct",
		    "normal_prio")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks task_struct.prio or normal_prio"));
		in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 0);
		in[n++] = STX(BPF_DW, R9, a, BPF_REG_7);
		in[n++] = STX(BPF_DW, R9, a + 8, BPF_REG_7);
		n = emit_task_int(in, n, BPF_REG_7, nprio);
		in[n++] = STX(BPF_DW, R9, a + 16, R0);
		in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 8);
		in[n++] = JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 13);	/* no pi_task */
		n = emit_task_int(in, n, BPF_REG_7, prio);
		in[n++] = LDX(BPF_DW, R1, R9, a + 16);
		in[n++] = JMP_REG(BPF_JSGE, R0, R1, 1);
		in[n++] = STX(BPF_DW, R9, a + 16, R0);
		break;
	default:
		break;
	}
	if (nj > 0) {
		in[n++] = JMP_IMM(BPF_JA, 0, 0, 2);
		for (size_t j = 0; j < nj; j++)
			in[jout[j]].off = (int16_t)(n - jout[j] - 1);
		in[n++] = MOV_IMM(R0, 0);
		in[n++] = EXIT();
	}
	return (dt_block_emit_all(dtp, blk, in, n));
}

static int
sched_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	return (dt_rawtp_open(dtp, dt_sched_probes[prp->pr_data].sp_tp,
	    pgp->pg_fd, prp->pr_desc.id));
}

static int
sched_argtype(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n, char *buf,
    size_t len)
{
	const sched_probe_t *sp = &dt_sched_probes[prp->pr_data];

	(void) dtp;
	if (n < 0 || n >= 3 || sp->sp_args[n] == NULL)
		return (-1);
	snprintf(buf, len, "%s", sp->sp_args[n]);
	return (0);
}

static const char *const sched_names[] = {
	"change-pri", "off-cpu", "on-cpu", "preempt", "remain-cpu", "sleep",
	"wakeup", NULL
};

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t sched_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};

const dt_provider_t dt_prov_sched = {
	.pv_name = "sched",
	.pv_attr = &sched_attr,
	.pv_names = sched_names,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_populate = sched_populate,
	.pv_trampoline = sched_trampoline,
	.pv_attach = sched_attach,
	.pv_argtype = sched_argtype,
};
