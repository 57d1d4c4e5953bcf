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
 *   tick      hrtimer_expire_entry (hrtimer, now) of the timer whose
 *             function is the kernel's tick handler (tick_nohz_handler,
 *             tick_sched_timer before 6.9): the clock tick that charges
 *             the running thread its CPU time, on each CPU whose tick
 *             runs (an idle CPU's stops); args[0] lwpsinfo_t *, args[1]
 *             psinfo_t * of that thread, the current one
 *   enqueue   sched_wakeup (p) and sched_wakeup_new (p): p is on the run
 *             queue of its CPU; args[0] lwpsinfo_t *, args[1] psinfo_t *
 *             of p, args[2] cpuinfo_t * of the queue's CPU, args[3] 0
 *   dequeue   sched_switch of a thread __schedule took off its queue
 *             (prev->on_rq 0: it sleeps or dies), in it; args[0]
 *             lwpsinfo_t *, args[1] psinfo_t * of it, args[2] cpuinfo_t *
 *             of this CPU
 *
 * sleep and preempt partition sched_switch: every off-cpu is one or the
 * other.  change-pri sees only priority inheritance (nice(2) and
 * sched_setscheduler(2) have no tracepoint).  Migrations between CPUs
 * are neither enqueue nor dequeue here, and surrender has no tracepoint
 * that gives it and is not provided (docs/design.md).  sched_exit_tp is a bare tracepoint of kernel 6.16
 * on: an older kernel fails to attach on-cpu and remain-cpu.
 */
#include "dt_tpprov.h"
#include "../../types/dt_ksyms.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"

#define PSINFO	DT_ARGX("psinfo_t *", "struct task_struct *")
#define LWPSINFO DT_ARGX("lwpsinfo_t *", "struct task_struct *")
#define CPUINFO	DT_ARGCPU	/* its entry of the cpuinfo map */

static const dt_tpprobe_t dt_sched_probes[] = {
	{ "change-pri", "sched_pi_setprio", DT_TRAMP_SCHED_CHANGEPRI,
	    { LWPSINFO, PSINFO, DT_ARGV("int") } },
	{ "off-cpu", "sched_switch", DT_TRAMP_SCHED_OFFCPU,
	    { LWPSINFO, PSINFO } },
	{ "on-cpu", "sched_exit_tp", DT_TRAMP_SCHED_ONCPU, { { 0 } } },
	{ "preempt", "sched_switch", DT_TRAMP_SCHED_PREEMPT, { { 0 } } },
	{ "remain-cpu", "sched_exit_tp", DT_TRAMP_SCHED_REMAIN, { { 0 } } },
	{ "sleep", "sched_switch", DT_TRAMP_SCHED_SLEEP, { { 0 } } },
	{ "tick", "hrtimer_expire_entry", DT_TRAMP_SCHED_TICK,
	    { LWPSINFO, PSINFO } },
	{ "wakeup", "sched_waking", DT_TRAMP_SCHED_WAKEUP,
	    { LWPSINFO, PSINFO } },
	{ "enqueue", "sched_wakeup", DT_TRAMP_SCHED_ENQUEUE,
	    { LWPSINFO, PSINFO, CPUINFO, DT_ARGV("int") }, "sched_wakeup_new" },
	{ "dequeue", "sched_switch", DT_TRAMP_SCHED_DEQUEUE,
	    { LWPSINFO, PSINFO, CPUINFO } },
};

/*
 * The functions the kernel's per-CPU tick hrtimer may have: fns[0] and
 * fns[1], 0 where the kernel has none.  Since 6.9 it is
 * tick_nohz_handler; before, tick_sched_timer, and tick_nohz_handler is
 * there too, the handler of the low-resolution mode's clock event (no
 * hrtimer: that mode's tick is not seen).  Both are taken: the timer's
 * function is one of them.  0, or -1 if the kernel names neither.
 */
static int
sched_tick_fns(dtrace_hdl_t *dtp, uint64_t fns[2])
{
	const dt_ksyms_t *ks = dt_session_ksyms(dtp);

	fns[0] = ks != NULL ? dt_ksyms_addr(ks, "tick_nohz_handler") : 0;
	fns[1] = ks != NULL ? dt_ksyms_addr(ks, "tick_sched_timer") : 0;
	return (fns[0] == 0 && fns[1] == 0 ? -1 : 0);
}

/* Jump to label if r0 is fn (a kernel address; 0: never). */
static void
sched_jeq_fn(dt_asm_t *as, uint64_t fn, int label)
{
	if (fn == 0)
		return;
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1, 0, 0,
	    (int32_t)(uint32_t)fn));
	dt_asm_emit(as, INSN(0, 0, 0, 0, (int32_t)(uint32_t)(fn >> 32)));
	dt_asm_jump(as, JMP_REG(BPF_JEQ, R0, R1, 0), label);
}

/*
 * The entry of CPU r0's cpuinfo_t in the cpuinfo map (curcpu's), stored
 * at off of dctx (r9): 0 if the map has none, or no clause reads it (the
 * map is made for a clause that reads a cpuinfo_t).
 */
static void
sched_cpuinfo(dtrace_hdl_t *dtp, dt_asm_t *as, int16_t off)
{
	if (dtp->dt_mapfd[DT_MAP_CPUINFO] < 0)
		return;
	dt_asm_emit(as, STX(BPF_W, FP, -16, R0));
	dt_asm_reloc(as, DT_REL_MAPFD);
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1, BPF_PSEUDO_MAP_FD,
	    0, DT_MAP_CPUINFO));
	dt_asm_emit(as, INSN(0, 0, 0, 0, 0));
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, -16));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_emit(as, STX(BPF_DW, R9, off, R0));
}

/* r0 = the int at off of the task in reg, sign-extended (0 if unreadable) */
static void
sched_task_int(dt_asm_t *as, int reg, int64_t off)
{
	dt_tpprov_kread(as, reg, off, 4);
	dt_asm_emit(as, ALU_IMM(BPF_LSH, R0, 32));
	dt_asm_emit(as, ALU_IMM(BPF_ARSH, R0, 32));
}

/*
 * Each kind's filter and arguments from the tracepoint's (r6 is its
 * argument array).  A firing the probe does not mean goes to lskip.
 */
static int
sched_body(dtrace_hdl_t *dtp, dt_asm_t *as, const dt_program_t *pgp,
    int lskip)
{
	int16_t a = MS_OFF(ms_argv);
	int64_t prio, nprio, fn, ti, cpu, onrq;
	uint64_t tickfns[2];
	int ltick = dt_asm_label(as);
	int lend = dt_asm_label(as);

	switch (pgp->pg_tramp) {
	case DT_TRAMP_SCHED_ONCPU:
	case DT_TRAMP_SCHED_REMAIN:
		/* sched_exit_tp (is_switch), at the end of __schedule */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));
		dt_asm_emit(as, ALU_IMM(BPF_AND, R1, 0xff));
		dt_asm_jump(as, JMP_IMM(pgp->pg_tramp == DT_TRAMP_SCHED_ONCPU ?
		    BPF_JEQ : BPF_JNE, R1, 0, 0), lskip);
		break;
	case DT_TRAMP_SCHED_OFFCPU:
		/* (preempt, prev, next, prev_state): next's lwp and process */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 16));
		dt_asm_emit(as, STX(BPF_DW, R9, a, R1));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R1));
		break;
	case DT_TRAMP_SCHED_SLEEP:
		/* not preempted, and prev_state not TASK_RUNNING (0) */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));
		dt_asm_emit(as, ALU_IMM(BPF_AND, R1, 0xff));
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, 0, 0), lskip);
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 24));
		dt_asm_emit(as, ALU_IMM(BPF_LSH, R1, 32));	/* unsigned int */
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, 0, 0), lskip);
		break;
	case DT_TRAMP_SCHED_PREEMPT:
		/* preempted, or prev_state TASK_RUNNING: sleep's complement */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));
		dt_asm_emit(as, ALU_IMM(BPF_AND, R1, 0xff));
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, 0, 0), lend);
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 24));
		dt_asm_emit(as, ALU_IMM(BPF_LSH, R1, 32));
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, 0, 0), lskip);
		break;
	case DT_TRAMP_SCHED_WAKEUP:
		/* (p): the task being woken */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));
		dt_asm_emit(as, STX(BPF_DW, R9, a, R1));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R1));
		break;
	case DT_TRAMP_SCHED_TICK:
		/* (hrtimer, now): the tick's timer, in the interrupted thread */
		if ((fn = dt_ktype_offset(dtp, "hrtimer", "function")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks hrtimer.function"));
		if (sched_tick_fns(dtp, tickfns) != 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "the kernel's "
			    "symbols name no tick handler (tick_nohz_handler, "
			    "tick_sched_timer)"));
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
		dt_tpprov_kread(as, BPF_REG_7, fn, 8);
		sched_jeq_fn(as, tickfns[0], ltick);
		sched_jeq_fn(as, tickfns[1], ltick);
		dt_asm_jump(as, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lskip);
		dt_asm_set(as, ltick);
		dt_asm_emit(as, CALL(BPF_FUNC_get_current_task));
		dt_asm_emit(as, STX(BPF_DW, R9, a, R0));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R0));
		break;
	case DT_TRAMP_SCHED_CHANGEPRI:
		/* (tsk, pi_task): the priority tsk is about to take */
		if ((prio = dt_ktype_offset(dtp, "task_struct", "prio")) < 0 ||
		    (nprio = dt_ktype_offset(dtp, "task_struct",
		    "normal_prio")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks task_struct.prio or normal_prio"));
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
		dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, BPF_REG_7));
		sched_task_int(as, BPF_REG_7, nprio);
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, R0));
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 8));
		/* no pi_task: normal_prio */
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), lend);
		sched_task_int(as, BPF_REG_7, prio);
		dt_asm_emit(as, LDX(BPF_DW, R1, R9, a + 16));
		dt_asm_jump(as, JMP_REG(BPF_JSGE, R0, R1, 0), lend);
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, R0));
		break;
	case DT_TRAMP_SCHED_ENQUEUE:
		/* (p), once p is on the run queue of its CPU */
		/* task_cpu(p): thread_info's (5.16 on) or the task's */
		if ((ti = dt_ktype_offset(dtp, "task_struct",
		    "thread_info")) >= 0 &&
		    (cpu = dt_ktype_offset(dtp, "thread_info", "cpu")) >= 0)
			cpu += ti;
		else if ((cpu = dt_ktype_offset(dtp, "task_struct", "cpu")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks thread_info.cpu"));
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
		dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, BPF_REG_7));
		dt_tpprov_kread(as, BPF_REG_7, cpu, 4);
		sched_cpuinfo(dtp, as, a + 16);
		break;
	case DT_TRAMP_SCHED_DEQUEUE:
		/* (preempt, prev, next, prev_state): prev, if __schedule took
		   it off its queue (it sleeps or dies: on_rq 0) */
		if ((onrq = dt_ktype_offset(dtp, "task_struct", "on_rq")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks task_struct.on_rq"));
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 8));
		dt_tpprov_kread(as, BPF_REG_7, onrq, 4);
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R0, 0, 0), lskip);
		dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, BPF_REG_7));
		dt_asm_emit(as, CALL(BPF_FUNC_get_smp_processor_id));
		sched_cpuinfo(dtp, as, a + 16);
		break;
	default:
		break;
	}
	dt_asm_set(as, lend);
	return (0);
}

/* dt_prov_sched: the table and the body above, the rest dt_tpprov.c's */
DT_TPPROV_DEFINE(sched, dt_sched_probes, sched_body)
