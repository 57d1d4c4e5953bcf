/*
 * dt_prov_proc.c: the proc provider, on the kernel's raw tracepoints (no
 * kprobes here).  Probes are proc:vmlinux::NAME; each sits on one
 * tracepoint, with a trampoline of its own that filters the firings the
 * probe does not mean and puts DTrace's arguments in arg0..argN:
 *
 *   create          sched_process_fork, a new process (child pid == tgid);
 *                   args[0] psinfo_t * of the child
 *   lwp-create      sched_process_fork, a new thread (pid != tgid);
 *                   args[0] lwpsinfo_t * of the thread, args[1] psinfo_t *
 *                   of the process creating it
 *   exec            raw_syscalls sys_enter of execve or execveat, before
 *                   the image is loaded; args[0] the path, a string
 *                   (copyinstr(arg0), arg0 its user address)
 *   exec-failure    raw_syscalls sys_exit of execve or execveat with an
 *                   error; args[0] what the call returned, the negated
 *                   errno (-ENOENT), as DTrace for Linux gives it
 *   exec-success    sched_process_exec, in the process after the exec
 *   start           raw_syscalls sys_exit of clone, clone3, fork or vfork
 *                   returning 0 in a new process (pid == tgid): its
 *                   first return to user space, before its first
 *                   instruction; no arguments
 *   lwp-start       the same in any new task, thread or process: for a
 *                   new process it fires after start, as DTrace's does
 *   exit            sched_process_exit of the last thread (group_dead);
 *                   args[0] the reason, a SIGCHLD code: CLD_EXITED (1),
 *                   CLD_KILLED (2), CLD_DUMPED (3), from the exit code
 *   lwp-exit        sched_process_exit, every thread
 *   signal-send     signal_generate, unless the signal is ignored;
 *                   args[0] lwpsinfo_t *, args[1] psinfo_t * of the
 *                   receiving thread and process, args[2] the signal
 *   signal-discard  signal_generate of an ignored signal; same arguments
 *   signal-handle   signal_deliver, in the receiving thread; args[0] the
 *                   signal, args[1] siginfo_t *, args[2] the handler
 *
 * args[] of types psinfo_t * and lwpsinfo_t * are translated: arg0 (or
 * arg1) is the task's struct task_struct *, and args[0]->pr_pid is the
 * D library's translator applied to it (a DT_ARG_XLATE argument: see
 * dt_argdesc_t).  exec and exec-failure run on every system
 * call's entry or return (their first instructions), and so do start and
 * lwp-start.  A new task's first return to user space is the return of
 * the clone that made it (ret_from_fork goes through the system call
 * exit work, whose tracepoint flag the child inherits).  signal-clear has
 * no tracepoint that gives it on this kernel and is not provided.
 */
#include "dt_tpprov.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"

#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_DUMPED	3
#define SIG_IGNORED	1	/* TRACE_SIGNAL_IGNORED */
#define PT_ORIG_AX	120	/* x86_64 struct pt_regs: the call number */
#define PT_SI		104	/* and the second argument */
#define PT_DI		112	/* and the first */
#define NR_CLONE	56	/* x86_64 system call numbers */
#define NR_FORK		57
#define NR_VFORK	58
#define NR_EXECVE	59
#define NR_EXECVEAT	322
#define NR_CLONE3	435

#define PSINFO	DT_ARGX("psinfo_t *", "struct task_struct *")
#define LWPSINFO DT_ARGX("lwpsinfo_t *", "struct task_struct *")

static const dt_tpprobe_t dt_proc_probes[] = {
	{ "create", "sched_process_fork", DT_TRAMP_PROC_CREATE,
	    { PSINFO } },
	{ "exec", "sys_enter", DT_TRAMP_PROC_EXECENTRY, { DT_ARGUSTR } },
	{ "exec-failure", "sys_exit", DT_TRAMP_PROC_EXECFAIL,
	    { DT_ARGV("int") } },
	{ "exec-success", "sched_process_exec", DT_TRAMP_PROC_EXEC, { { 0 } } },
	{ "exit", "sched_process_exit", DT_TRAMP_PROC_EXIT,
	    { DT_ARGV("int") } },
	{ "lwp-create", "sched_process_fork", DT_TRAMP_PROC_LWPCREATE,
	    { LWPSINFO, PSINFO } },
	{ "lwp-exit", "sched_process_exit", DT_TRAMP_PROC_LWPEXIT, { { 0 } } },
	{ "signal-discard", "signal_generate", DT_TRAMP_PROC_SIGDISCARD,
	    { LWPSINFO, PSINFO, DT_ARGV("int") } },
	{ "signal-handle", "signal_deliver", DT_TRAMP_PROC_SIGHANDLE,
	    { DT_ARGV("int"), DT_ARGV("siginfo_t *"), DT_ARGV("void *") } },
	{ "signal-send", "signal_generate", DT_TRAMP_PROC_SIGSEND,
	    { LWPSINFO, PSINFO, DT_ARGV("int") } },
	{ "start", "sys_exit", DT_TRAMP_PROC_START, { { 0 } } },
	/* after start: a new process's lwp-start fires after its start,
	   programs on one tracepoint running in the order of their probes */
	{ "lwp-start", "sys_exit", DT_TRAMP_PROC_LWPSTART, { { 0 } } },
};

static int64_t
task_off(dtrace_hdl_t *dtp, const char *member)
{
	int64_t off = dt_ktype_offset(dtp, "task_struct", member);

	if (off < 0)
		dt_set_errmsg(dtp, EDT_BTF, "kernel type data lacks "
		    "task_struct.%s", member);
	return (off);
}

/*
 * r1 = the number of the system call whose return raw_syscalls sys_exit
 * (regs, ret; r6 its argument array) reports: regs->orig_ax, -1 if it
 * cannot be read.
 */
static void
syscall_nr(dt_asm_t *as)
{
	dt_asm_emit(as, ST_IMM(BPF_DW, FP, -16, -1));
	dt_asm_emit(as, MOV_REG(R1, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R1, -16));
	dt_asm_emit(as, MOV_IMM(R2, 8));
	dt_asm_emit(as, LDX(BPF_DW, R3, R6, 0));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R3, PT_ORIG_AX));
	dt_asm_emit(as, CALL(BPF_FUNC_probe_read_kernel));
	dt_asm_emit(as, LDX(BPF_DW, R1, FP, -16));
}

/*
 * Each kind's filter and arguments from the tracepoint's (r6 is its
 * argument array).  A firing the probe does not mean goes to lskip.
 */
static int
proc_body(dtrace_hdl_t *dtp, dt_asm_t *as, const dt_program_t *pgp,
    int lskip)
{
	int16_t a = MS_OFF(ms_argv);
	int64_t pid, tgid, code, sa, handler;
	int l1 = dt_asm_label(as), l2 = dt_asm_label(as);

	switch (pgp->pg_tramp) {
	case DT_TRAMP_PROC_CREATE:
	case DT_TRAMP_PROC_LWPCREATE:
		/* (parent, child): a process if the child's pid is its tgid */
		if ((pid = task_off(dtp, "pid")) < 0 ||
		    (tgid = task_off(dtp, "tgid")) < 0)
			return (-1);
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 8));	/* child */
		dt_tpprov_kread(as, BPF_REG_7, pid, 4);
		dt_asm_emit(as, MOV_REG(BPF_REG_8, R0));
		dt_tpprov_kread(as, BPF_REG_7, tgid, 4);
		dt_asm_jump(as, JMP_REG(pgp->pg_tramp == DT_TRAMP_PROC_CREATE ?
		    BPF_JNE : BPF_JEQ, R0, BPF_REG_8, 0), lskip);
		dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
		if (pgp->pg_tramp == DT_TRAMP_PROC_LWPCREATE) {
			dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));	/* parent */
			dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R1));
		}
		break;
	case DT_TRAMP_PROC_EXIT:
		/* (task, group_dead): the reason from task->exit_code */
		if ((code = task_off(dtp, "exit_code")) < 0)
			return (-1);
		if (dt_rawtp_nargs(dtp, "sched_process_exit") >= 2) {
			dt_asm_emit(as, LDX(BPF_DW, R1, R6, 8));
			dt_asm_emit(as, ALU_IMM(BPF_AND, R1, 0xff));
		} else {
			/*
			 * (task) on kernels whose tracepoint has no group_dead
			 * (6.1): the group is dead when its live count is 0
			 * (do_exit() counts it down before the tracepoint)
			 */
			int64_t sig = task_off(dtp, "signal"), live =
			    dt_ktype_offset(dtp, "signal_struct", "live");

			if (sig < 0 || live < 0)
				return (sig < 0 ? -1 : dt_set_errmsg(dtp,
				    EDT_BTF, "kernel type data lacks "
				    "signal_struct.live"));
			dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
			dt_tpprov_kread(as, BPF_REG_7, sig, 8);
			dt_asm_emit(as, MOV_REG(BPF_REG_7, R0));
			dt_tpprov_kread(as, BPF_REG_7, live, 4);
			dt_asm_emit(as, MOV_IMM(R1, 1));
			dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), l1);
			dt_asm_emit(as, MOV_IMM(R1, 0));
			dt_asm_set(as, l1);
		}
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, 0, 0), lskip);
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
		dt_tpprov_kread(as, BPF_REG_7, code, 4);
		dt_asm_emit(as, MOV_IMM(R1, CLD_EXITED));
		dt_asm_emit(as, MOV_REG(R2, R0));
		dt_asm_emit(as, ALU_IMM(BPF_AND, R2, 0x7f));
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R2, 0, 0), l2);
		dt_asm_emit(as, MOV_IMM(R1, CLD_KILLED));
		dt_asm_emit(as, ALU_IMM(BPF_AND, R0, 0x80));
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), l2);
		dt_asm_emit(as, MOV_IMM(R1, CLD_DUMPED));
		dt_asm_set(as, l2);
		dt_asm_emit(as, STX(BPF_DW, R9, a, R1));
		break;
	case DT_TRAMP_PROC_SIGSEND:
	case DT_TRAMP_PROC_SIGDISCARD:
		/* (sig, info, task, group, result) */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 32));
		dt_asm_jump(as, JMP_IMM(pgp->pg_tramp == DT_TRAMP_PROC_SIGSEND ?
		    BPF_JEQ : BPF_JNE, R1, SIG_IGNORED, 0), lskip);
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 16));
		dt_asm_emit(as, STX(BPF_DW, R9, a, R1));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R1));
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));
		dt_asm_emit(as, ALU_IMM(BPF_LSH, R1, 32));	/* int */
		dt_asm_emit(as, ALU_IMM(BPF_ARSH, R1, 32));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 16, R1));
		break;
	case DT_TRAMP_PROC_SIGHANDLE:
		/* (sig, info, ka): the handler is ka->sa.sa_handler */
		if ((sa = dt_ktype_offset(dtp, "k_sigaction", "sa")) < 0 ||
		    (handler = dt_ktype_offset(dtp, "sigaction",
		    "sa_handler")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks k_sigaction.sa.sa_handler"));
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 0));
		dt_asm_emit(as, ALU_IMM(BPF_LSH, R1, 32));
		dt_asm_emit(as, ALU_IMM(BPF_ARSH, R1, 32));
		dt_asm_emit(as, STX(BPF_DW, R9, a, R1));
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 8));
		dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R1));
		dt_asm_emit(as, MOV_REG(R1, R9));
		dt_asm_emit(as, ALU_IMM(BPF_ADD, R1, a + 16));
		dt_asm_emit(as, MOV_IMM(R2, 8));
		dt_asm_emit(as, LDX(BPF_DW, R3, R6, 16));
		dt_asm_emit(as, ALU_IMM(BPF_ADD, R3, (int32_t)(sa + handler)));
		dt_asm_emit(as, CALL(BPF_FUNC_probe_read_kernel));
		break;
	case DT_TRAMP_PROC_EXECENTRY:
		/*
		 * raw_syscalls sys_enter (regs, nr): the path is execve's
		 * first argument (rdi), execveat's second (rsi)
		 */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 8));
		dt_asm_emit(as, MOV_IMM(R4, PT_DI));
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, NR_EXECVE, 0), l1);
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, NR_EXECVEAT, 0), lskip);
		dt_asm_emit(as, MOV_IMM(R4, PT_SI));
		dt_asm_set(as, l1);
		dt_asm_emit(as, MOV_REG(R1, R9));
		dt_asm_emit(as, ALU_IMM(BPF_ADD, R1, a));
		dt_asm_emit(as, MOV_IMM(R2, 8));
		dt_asm_emit(as, LDX(BPF_DW, R3, R6, 0));
		dt_asm_emit(as, ALU_REG(BPF_ADD, R3, R4));
		dt_asm_emit(as, CALL(BPF_FUNC_probe_read_kernel));
		break;
	case DT_TRAMP_PROC_EXECFAIL:
		/* raw_syscalls sys_exit (regs, ret): execve or execveat < 0 */
		dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 8));
		dt_asm_jump(as, JMP_IMM(BPF_JSGE, BPF_REG_7, 0, 0), lskip);
		syscall_nr(as);
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, NR_EXECVE, 0), l1);
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, NR_EXECVEAT, 0), lskip);
		dt_asm_set(as, l1);
		dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
		break;
	case DT_TRAMP_PROC_START:
	case DT_TRAMP_PROC_LWPSTART:
		/*
		 * raw_syscalls sys_exit (regs, ret): 0 returned from a call
		 * that makes a task is the new task's first return; start
		 * only in a process's first thread (pid == tgid)
		 */
		dt_asm_emit(as, LDX(BPF_DW, R1, R6, 8));
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, 0, 0), lskip);
		syscall_nr(as);
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, NR_CLONE, 0), l1);
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, NR_CLONE3, 0), l1);
		dt_asm_jump(as, JMP_IMM(BPF_JEQ, R1, NR_FORK, 0), l1);
		dt_asm_jump(as, JMP_IMM(BPF_JNE, R1, NR_VFORK, 0), lskip);
		dt_asm_set(as, l1);
		if (pgp->pg_tramp == DT_TRAMP_PROC_START) {
			dt_asm_emit(as, CALL(BPF_FUNC_get_current_pid_tgid));
			dt_asm_emit(as, MOV_REG(R1, R0));
			dt_asm_emit(as, ALU_IMM(BPF_RSH, R1, 32));
			dt_asm_emit(as, MOV32_REG(R0, R0));
			dt_asm_jump(as, JMP_REG(BPF_JNE, R0, R1, 0), lskip);
		}
		break;
	default:
		break;	/* exec-success, lwp-exit: no arguments */
	}
	return (0);
}

/* dt_prov_proc: the table and the body above, the rest dt_tpprov.c's */
DT_TPPROV_DEFINE(proc, dt_proc_probes, proc_body)
