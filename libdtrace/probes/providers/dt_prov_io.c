/*
 * dt_prov_io.c: the io provider, on the block layer's raw tracepoints
 * (no kprobes here).  Probes are io:vmlinux::start and io:vmlinux::done:
 *
 *   start   block_rq_issue (rq): the request is handed to the device's
 *           driver
 *   done    block_rq_complete (rq, error, nr_bytes): the device has
 *           completed nr_bytes of the request, with status error
 *
 * Both give DTrace's arguments: args[0] bufinfo_t *, args[1] devinfo_t *
 * and args[2] fileinfo_t *, translated by the D library's io.d from the
 * struct request * in arg0 and arg1 (arg2 is NULL: a request does not
 * know the file it was made for, and fileinfo_t's members then read
 * "<none>", as DTrace for Linux leaves them for block I/O).  The done
 * trampoline also puts the completion's block status in arg3 and the
 * bytes the completion leaves undone (rq->__data_len - nr_bytes) in arg4,
 * which bufinfo_t's b_error and b_resid read: the request itself does not
 * hold them (its bios get their status only after the tracepoint).  At
 * start both are 0.
 *
 * Why these two tracepoints: block_rq_issue and block_rq_complete have
 * the struct request at the moments DTrace's start and done mean (issue
 * to the device, completion by it), with the request's size and sector
 * still whole at both.  block_io_start fires when the request is made,
 * before it waits in the queue, and block_io_done only for requests that
 * are accounted, after blk_update_request() has set __data_len to 0, so
 * b_bcount would read 0 at done.  A request completed in parts fires done
 * once per part.
 *
 * wait-start and wait-done (a thread starts and stops waiting for a
 * buffer) sit on no tracepoint: the kernel waits for block I/O in many
 * places (folio locks, bio completion waits), none traced; they would
 * need kprobes.  They are not listed, and a description naming them gets
 * the reason (dt_probe_absent()).
 */
#include "dt_tpprov.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"

#define IO_ARGS	{ DT_ARGX("bufinfo_t *", "struct request *"), \
		  DT_ARGX("devinfo_t *", "struct request *"), \
		  DT_ARGX("fileinfo_t *", "struct file *") }

static const dt_tpprobe_t dt_io_probes[] = {
	{ "done", "block_rq_complete", DT_TRAMP_IO_DONE, IO_ARGS },
	{ "start", "block_rq_issue", DT_TRAMP_IO_START, IO_ARGS },
};

/*
 * arg0 = arg1 = the request (r6 is the tracepoint's argument array).  At
 * done, arg3 = the block status, arg4 = rq->__data_len - nr_bytes (0 if
 * the request is unreadable or nr_bytes is larger).
 */
static int
io_body(dtrace_hdl_t *dtp, dt_asm_t *as, const dt_program_t *pgp, int lskip)
{
	int16_t a = MS_OFF(ms_argv);
	int64_t len;
	int lnone;

	(void) lskip;
	dt_asm_emit(as, LDX(BPF_DW, BPF_REG_7, R6, 0));
	dt_asm_emit(as, STX(BPF_DW, R9, a, BPF_REG_7));
	dt_asm_emit(as, STX(BPF_DW, R9, a + 8, BPF_REG_7));
	if (pgp->pg_tramp != DT_TRAMP_IO_DONE)
		return (0);
	if ((len = dt_ktype_offset(dtp, "request", "__data_len")) < 0)
		return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data lacks "
		    "request.__data_len"));
	lnone = dt_asm_label(as);
	dt_asm_emit(as, LDX(BPF_DW, R1, R6, 8));
	dt_asm_emit(as, ALU_IMM(BPF_AND, R1, 0xff));	/* blk_status_t */
	dt_asm_emit(as, STX(BPF_DW, R9, a + 24, R1));
	dt_tpprov_kread(as, BPF_REG_7, len, 4);
	dt_asm_emit(as, LDX(BPF_DW, R1, R6, 16));
	dt_asm_emit(as, ALU_IMM(BPF_LSH, R1, 32));	/* unsigned int */
	dt_asm_emit(as, ALU_IMM(BPF_RSH, R1, 32));
	dt_asm_jump(as, JMP_REG(BPF_JGT, R1, R0, 0), lnone);
	dt_asm_emit(as, ALU_REG(BPF_SUB, R0, R1));
	dt_asm_emit(as, STX(BPF_DW, R9, a + 32, R0));
	dt_asm_set(as, lnone);
	return (0);
}

/* dt_prov_io: the table and the body above, the rest dt_tpprov.c's */
DT_TPPROV_DEFINE(io, dt_io_probes, io_body)
