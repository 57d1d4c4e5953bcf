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
#include <stdio.h>
#include <string.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"

typedef struct io_probe {
	const char *ip_name;		/* probe name */
	const char *ip_tp;		/* raw tracepoint */
	uint32_t ip_tramp;		/* DT_TRAMP_IO_* */
} io_probe_t;

static const io_probe_t dt_io_probes[] = {
	{ "done", "block_rq_complete", DT_TRAMP_IO_DONE },
	{ "start", "block_rq_issue", DT_TRAMP_IO_START },
};

#define NPROBES	(sizeof (dt_io_probes) / sizeof (dt_io_probes[0]))

static const char *const dt_io_argtypes[] = {
	"xlate <bufinfo_t *> (struct request *)",
	"xlate <devinfo_t *> (struct request *)",
	"xlate <fileinfo_t *> (struct file *)",
};

static int
io_populate(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < NPROBES; i++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_io,
		    "vmlinux", "", dt_io_probes[i].ip_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = dt_io_probes[i].ip_tramp;
		prp->pr_data = i;
	}
	return (0);
}

/*
 * ms_prid from the cookie, arguments zero; arg0 = arg1 = the request
 * (r6 is the tracepoint's argument array).  At done, arg3 = the block
 * status, arg4 = rq->__data_len - nr_bytes (0 if the request is
 * unreadable or nr_bytes is larger).
 */
static int
io_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	struct bpf_insn in[48];
	size_t n = 0;
	int16_t a = MS_OFF(ms_argv);
	int64_t len;

	n += dt_rawtp_cookie(pgp, in + n);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	in[n++] = LDX(BPF_DW, BPF_REG_7, R6, 0);
	in[n++] = STX(BPF_DW, R9, a, BPF_REG_7);
	in[n++] = STX(BPF_DW, R9, a + 8, BPF_REG_7);
	if (pgp->pg_tramp == DT_TRAMP_IO_DONE) {
		if ((len = dt_ktype_offset(dtp, "request", "__data_len")) < 0)
			return (dt_set_errmsg(dtp, EDT_BTF, "kernel type data "
			    "lacks request.__data_len"));
		in[n++] = LDX(BPF_DW, R1, R6, 8);
		in[n++] = ALU_IMM(BPF_AND, R1, 0xff);	/* blk_status_t */
		in[n++] = STX(BPF_DW, R9, a + 24, R1);
		in[n++] = ST_IMM(BPF_DW, FP, -16, 0);
		in[n++] = MOV_REG(R3, BPF_REG_7);
		in[n++] = ALU_IMM(BPF_ADD, R3, (int32_t)len);
		in[n++] = MOV_REG(R1, FP);
		in[n++] = ALU_IMM(BPF_ADD, R1, -16);
		in[n++] = MOV_IMM(R2, 4);
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
		in[n++] = LDX(BPF_W, R0, FP, -16);
		in[n++] = LDX(BPF_DW, R1, R6, 16);
		in[n++] = ALU_IMM(BPF_LSH, R1, 32);	/* unsigned int */
		in[n++] = ALU_IMM(BPF_RSH, R1, 32);
		in[n++] = JMP_REG(BPF_JGT, R1, R0, 2);
		in[n++] = ALU_REG(BPF_SUB, R0, R1);
		in[n++] = STX(BPF_DW, R9, a + 32, R0);
	}
	return (dt_block_emit_all(dtp, blk, in, n));
}

static int
io_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	return (dt_rawtp_open(dtp, dt_io_probes[prp->pr_data].ip_tp,
	    pgp->pg_fd, prp->pr_desc.id));
}

static int
io_argtype(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n, char *buf,
    size_t len)
{
	(void) dtp;
	(void) prp;
	if (n < 0 || n >= 3)
		return (-1);
	snprintf(buf, len, "%s", dt_io_argtypes[n]);
	return (0);
}

static const char *const io_names[] = { "done", "start", NULL };

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t io_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};

const dt_provider_t dt_prov_io = {
	.pv_name = "io",
	.pv_attr = &io_attr,
	.pv_names = io_names,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_populate = io_populate,
	.pv_trampoline = io_trampoline,
	.pv_attach = io_attach,
	.pv_argtype = io_argtype,
};
