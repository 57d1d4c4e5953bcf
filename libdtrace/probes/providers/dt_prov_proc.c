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
 *                   error; args[0] the errno
 *   exec-success    sched_process_exec, in the process after the exec
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
 * D library's translator applied to it (see pv_argtype's "xlate <OUT>
 * (IN)" form in dt_sema.c).  exec and exec-failure run on every system
 * call's entry or return (their first instructions).  start, lwp-start and
 * signal-clear have no tracepoint that gives them on this kernel and are
 * not provided.
 */
#include <stdio.h>
#include <string.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"

#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_DUMPED	3
#define SIG_IGNORED	1	/* TRACE_SIGNAL_IGNORED */
#define PT_ORIG_AX	120	/* x86_64 struct pt_regs: the call number */
#define PT_SI		104	/* and the second argument */
#define PT_DI		112	/* and the first */
#define NR_EXECVE	59	/* x86_64 system call numbers */
#define NR_EXECVEAT	322

typedef struct proc_probe {
	const char *pp_name;		/* probe name */
	const char *pp_tp;		/* raw tracepoint */
	uint32_t pp_tramp;		/* DT_TRAMP_PROC_* */
	const char *pp_args[3];		/* types of args[0..2] */
} proc_probe_t;

#define PSINFO	"xlate <psinfo_t *> (struct task_struct *)"
#define LWPSINFO "xlate <lwpsinfo_t *> (struct task_struct *)"

static const proc_probe_t dt_proc_probes[] = {
	{ "create", "sched_process_fork", DT_TRAMP_PROC_CREATE,
	    { PSINFO } },
	{ "exec", "sys_enter", DT_TRAMP_PROC_EXECENTRY, { "copyinstr" } },
	{ "exec-failure", "sys_exit", DT_TRAMP_PROC_EXECFAIL, { "int" } },
	{ "exec-success", "sched_process_exec", DT_TRAMP_PROC_EXEC, { 0 } },
	{ "exit", "sched_process_exit", DT_TRAMP_PROC_EXIT, { "int" } },
	{ "lwp-create", "sched_process_fork", DT_TRAMP_PROC_LWPCREATE,
	    { LWPSINFO, PSINFO } },
	{ "lwp-exit", "sched_process_exit", DT_TRAMP_PROC_LWPEXIT, { 0 } },
	{ "signal-discard", "signal_generate", DT_TRAMP_PROC_SIGDISCARD,
	    { LWPSINFO, PSINFO, "int" } },
	{ "signal-handle", "signal_deliver", DT_TRAMP_PROC_SIGHANDLE,
	    { "int", "siginfo_t *", "void *" } },
	{ "signal-send", "signal_generate", DT_TRAMP_PROC_SIGSEND,
	    { LWPSINFO, PSINFO, "int" } },
};

#define NPROBES	(sizeof (dt_proc_probes) / sizeof (dt_proc_probes[0]))

static int
proc_populate(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < NPROBES; i++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_proc,
		    "vmlinux", "", dt_proc_probes[i].pp_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = dt_proc_probes[i].pp_tramp;
		prp->pr_data = i;
	}
	return (0);
}

/*
 * r0 = the member of size 4 or 8 at off of the kernel object whose
 * address is in reg (0 if unreadable).
 */
static size_t
emit_kread(struct bpf_insn *in, size_t n, int reg, int64_t off, int size)
{
	in[n++] = ST_IMM(BPF_DW, FP, -16, 0);
	in[n++] = MOV_REG(R3, reg);
	in[n++] = ALU_IMM(BPF_ADD, R3, (int32_t)off);
	in[n++] = MOV_REG(R1, FP);
	in[n++] = ALU_IMM(BPF_ADD, R1, -16);
	in[n++] = MOV_IMM(R2, size);
	in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	in[n++] = LDX(size == 8 ? BPF_DW : BPF_W, R0, FP, -16);
	return (n);
}

/* r0 = the 4-byte member at off of the task in reg (0 if unreadable). */
static size_t
emit_task_int(struct bpf_insn *in, size_t n, int reg, int64_t off)
{
	return (emit_kread(in, n, reg, off, 4));
}

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
 * ms_prid from the cookie, arguments zero, then each kind's filter and
 * arguments from the tracepoint's (r6 is its argument array).  A firing
 * the probe does not mean returns 0 at once.
 */
static int
proc_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	struct bpf_insn in[96];
	size_t n = 0, jout[4], nj = 0;
	int16_t a = MS_OFF(ms_argv);
	int64_t pid, tgid, code, sa, handler;

	n += dt_rawtp_cookie(pgp, in + n);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	switch (pgp->pg_tramp) {
	case DT_TRAMP_PROC_CREATE:
	case DT_TRAMP_PROC_LWPCREATE:
		/* (parent, child): a process if the child's pid is its tgid */
		if ((pid = task_off(dtp, "pid")) < 0 ||
		    (tgid = task_off(dtp, "tgid")) < 0)
			return (-1);
		in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 8);	/* child */
		n = emit_task_int(in, n, BPF_REG_7, pid);
		in[n++] = MOV_REG(BPF_REG_8, R0);
		n = emit_task_int(in, n, BPF_REG_7, tgid);
		jout[nj++] = n;
		in[n++] = JMP_REG(pgp->pg_tramp == DT_TRAMP_PROC_CREATE ?
		    BPF_JNE : BPF_JEQ, R0, BPF_REG_8, 0);
		in[n++] = STX(BPF_DW, R9, a, BPF_REG_7);
		if (pgp->pg_tramp == DT_TRAMP_PROC_LWPCREATE) {
			in[n++] = LDX(BPF_DW, R1, R6, 0);	/* parent */
			in[n++] = STX(BPF_DW, R9, a + 8, R1);
		}
		break;
	case DT_TRAMP_PROC_EXIT:
		/* (task, group_dead): the reason from task->exit_code */
		if ((code = task_off(dtp, "exit_code")) < 0)
			return (-1);
		if (dt_rawtp_nargs(dtp, "sched_process_exit") >= 2) {
			in[n++] = LDX(BPF_DW, R1, R6, 8);
			in[n++] = ALU_IMM(BPF_AND, R1, 0xff);
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
			in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 0);
			n = emit_kread(in, n, BPF_REG_7, sig, 8);
			in[n++] = MOV_REG(BPF_REG_7, R0);
			n = emit_kread(in, n, BPF_REG_7, live, 4);
			in[n++] = MOV_IMM(R1, 1);
			in[n++] = JMP_IMM(BPF_JEQ, R0, 0, 1);
			in[n++] = MOV_IMM(R1, 0);
		}
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JEQ, R1, 0, 0);
		in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 0);
		n = emit_task_int(in, n, BPF_REG_7, code);
		in[n++] = MOV_IMM(R1, CLD_EXITED);
		in[n++] = MOV_REG(R2, R0);
		in[n++] = ALU_IMM(BPF_AND, R2, 0x7f);
		in[n++] = JMP_IMM(BPF_JEQ, R2, 0, 4);
		in[n++] = MOV_IMM(R1, CLD_KILLED);
		in[n++] = ALU_IMM(BPF_AND, R0, 0x80);
		in[n++] = JMP_IMM(BPF_JEQ, R0, 0, 1);
		in[n++] = MOV_IMM(R1, CLD_DUMPED);
		in[n++] = STX(BPF_DW, R9, a, R1);
		break;
	case DT_TRAMP_PROC_SIGSEND:
	case DT_TRAMP_PROC_SIGDISCARD:
		/* (sig, info, task, group, result) */
		in[n++] = LDX(BPF_DW, R1, R6, 32);
		jout[nj++] = n;
		in[n++] = JMP_IMM(pgp->pg_tramp == DT_TRAMP_PROC_SIGSEND ?
		    BPF_JEQ : BPF_JNE, R1, SIG_IGNORED, 0);
		in[n++] = LDX(BPF_DW, R1, R6, 16);
		in[n++] = STX(BPF_DW, R9, a, R1);
		in[n++] = STX(BPF_DW, R9, a + 8, R1);
		in[n++] = LDX(BPF_DW, R1, R6, 0);
		in[n++] = ALU_IMM(BPF_LSH, R1, 32);	/* int */
		in[n++] = ALU_IMM(BPF_ARSH, R1, 32);
		in[n++] = STX(BPF_DW, R9, a + 16, R1);
		break;
	case DT_TRAMP_PROC_SIGHANDLE:
		/* (sig, info, ka): the handler is ka->sa.sa_handler */
		if ((sa = dt_ktype_offset(dtp, "k_sigaction", "sa")) < 0 ||
		    (handler = dt_ktype_offset(dtp, "sigaction",
		    "sa_handler")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks k_sigaction.sa.sa_handler"));
		in[n++] = LDX(BPF_DW, R1, R6, 0);
		in[n++] = ALU_IMM(BPF_LSH, R1, 32);
		in[n++] = ALU_IMM(BPF_ARSH, R1, 32);
		in[n++] = STX(BPF_DW, R9, a, R1);
		in[n++] = LDX(BPF_DW, R1, R6, 8);
		in[n++] = STX(BPF_DW, R9, a + 8, R1);
		in[n++] = MOV_REG(R1, R9);
		in[n++] = ALU_IMM(BPF_ADD, R1, a + 16);
		in[n++] = MOV_IMM(R2, 8);
		in[n++] = LDX(BPF_DW, R3, R6, 16);
		in[n++] = ALU_IMM(BPF_ADD, R3, (int32_t)(sa + handler));
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
		break;
	case DT_TRAMP_PROC_EXECENTRY:
		/*
		 * raw_syscalls sys_enter (regs, nr): the path is execve's
		 * first argument (rdi), execveat's second (rsi)
		 */
		in[n++] = LDX(BPF_DW, R1, R6, 8);
		in[n++] = MOV_IMM(R4, PT_DI);
		in[n++] = JMP_IMM(BPF_JEQ, R1, NR_EXECVE, 2);
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JNE, R1, NR_EXECVEAT, 0);
		in[n++] = MOV_IMM(R4, PT_SI);
		in[n++] = MOV_REG(R1, R9);
		in[n++] = ALU_IMM(BPF_ADD, R1, a);
		in[n++] = MOV_IMM(R2, 8);
		in[n++] = LDX(BPF_DW, R3, R6, 0);
		in[n++] = ALU_REG(BPF_ADD, R3, R4);
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
		break;
	case DT_TRAMP_PROC_EXECFAIL:
		/* raw_syscalls sys_exit (regs, ret): execve or execveat < 0 */
		in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 8);
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JSGE, BPF_REG_7, 0, 0);
		in[n++] = ST_IMM(BPF_DW, FP, -16, -1);
		in[n++] = MOV_REG(R1, FP);
		in[n++] = ALU_IMM(BPF_ADD, R1, -16);
		in[n++] = MOV_IMM(R2, 8);
		in[n++] = LDX(BPF_DW, R3, R6, 0);
		in[n++] = ALU_IMM(BPF_ADD, R3, PT_ORIG_AX);
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
		in[n++] = LDX(BPF_DW, R1, FP, -16);
		in[n++] = JMP_IMM(BPF_JEQ, R1, NR_EXECVE, 1);
		jout[nj++] = n;
		in[n++] = JMP_IMM(BPF_JNE, R1, NR_EXECVEAT, 0);
		in[n++] = INSN(BPF_ALU64 | BPF_NEG, BPF_REG_7, 0, 0, 0);
		in[n++] = STX(BPF_DW, R9, a, BPF_REG_7);
		break;
	default:
		break;	/* exec-success, lwp-exit: no arguments */
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
proc_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	return (dt_rawtp_open(dtp, dt_proc_probes[prp->pr_data].pp_tp,
	    pgp->pg_fd, prp->pr_desc.id));
}

static int
proc_argtype(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n, char *buf,
    size_t len)
{
	const proc_probe_t *pp = &dt_proc_probes[prp->pr_data];

	(void) dtp;
	if (n < 0 || n >= 3 || pp->pp_args[n] == NULL)
		return (-1);
	snprintf(buf, len, "%s", pp->pp_args[n]);
	return (0);
}

static const char *const proc_names[] = {
	"create", "exec", "exec-failure", "exec-success", "exit",
	"lwp-create", "lwp-exit", "signal-discard", "signal-handle",
	"signal-send", NULL
};

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t proc_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};

const dt_provider_t dt_prov_proc = {
	.pv_name = "proc",
	.pv_attr = &proc_attr,
	.pv_names = proc_names,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_populate = proc_populate,
	.pv_trampoline = proc_trampoline,
	.pv_attach = proc_attach,
	.pv_argtype = proc_argtype,
};
