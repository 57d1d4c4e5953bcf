/*
 * dt_cg_stack.c: kernel and user stacks and their symbols: stack(),
 * ustack() (jstack()), sym() (func()), mod(), usym() (ufunc()), umod(),
 * uaddr(), as actions and as aggregation keys.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"

/*
 * The kernel stack where the probe fired, nframes return addresses of 8
 * bytes at dctx + off: bpf_get_stack() on the program's context (r6),
 * skipping the program's own frames (ms_stkskip), zeroes what it does
 * not fill, and the whole buffer when it fails, so a stack ends at its
 * first 0 and equal stacks are equal keys.  A stack is built straight
 * into its record or its aggregation key.
 */
void
dt_cg_emit_stack(dt_cg_t *cg, uint32_t off, uint32_t nframes)
{
	dt_cg_emit(cg, MOV_REG(R1, R6));
	dt_cg_emit_dctx_addr(cg, R2, off);
	dt_cg_emit(cg, MOV_IMM(R3, (int32_t)(nframes * 8)));
	dt_cg_emit(cg, LDX(BPF_W, R4, R9, MS_OFF(ms_stkskip)));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_stack));
}

/*
 * The user stack of the thread where the probe fired, at dctx + off: the
 * process id (8 bytes), then nframes return addresses of 8 bytes that
 * bpf_get_stack(BPF_F_USER_STACK) walks from the user registers (the
 * frame pointer chain; what it does not fill, or all when it fails, is
 * zeroed).  The consumer needs the pid to name the addresses.
 */
void
dt_cg_emit_ustack(dt_cg_t *cg, uint32_t off, uint32_t nframes)
{
	bool entry = cg->cg_uentry && nframes > 1;

	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
	dt_cg_emit(cg, MOV_REG(R1, R6));
	dt_cg_emit_dctx_addr(cg, R2, off + (entry ? 16 : 8));
	dt_cg_emit(cg, MOV_IMM(R3, (int32_t)((nframes - entry) * 8)));
	dt_cg_emit(cg, MOV_IMM(R4, BPF_F_USER_STACK));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_stack));
	if (!entry)
		return;
	/*
	 * At a function's first byte the caller's frame is not on the
	 * frame pointer chain yet: the walk gives the pc, then the
	 * caller's caller.  The return address at the top of the user
	 * stack (pt_regs->sp) goes in between, as DTrace does.  The pc is
	 * 0 when the walk failed, and then the stack stays empty.
	 */
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, (int16_t)(off + 16)));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)(off + 8), R0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(off + 16), 0));
	dt_cg_emit_dctx_addr(cg, R1, off + 16);
	dt_cg_emit(cg, MOV_IMM(R2, 8));
	dt_cg_emit(cg, LDX(BPF_DW, R3, R6, 152));	/* x86_64 pt_regs->sp */
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_user));
}

/*
 * What a ustack() record carries after its frames for unwinding in the
 * consumer (proc/dt_cfi.c), at dctx + off, size bytes: a header word
 * (the registers' size << 32 | the bytes of stack copied), the task's
 * user registers (struct pt_regs at current->stack + dn_aux, where
 * uregs[] reads them: the registers the thread entered the kernel with,
 * whatever the probe) and then the user stack from the saved sp, read
 * in DT_USTACK_CHUNK pieces until one cannot be read (the end of the
 * stack's mapping).  When the registers cannot be read the header says
 * 0 bytes copied and the consumer keeps the frame-pointer frames.
 */
static void
emit_ustack_copy(dt_cg_t *cg, uint32_t off, const dt_node_t *e,
    uint32_t size)
{
	uint32_t regsz = (uint32_t)(DT_THREAD_SIZE - e->dn_aux);
	uint32_t copy = size - 8U - regsz, coff = off + 8U + regsz;
	int ldone = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_IMM(R0, (int32_t)regsz));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 32));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
	/* r3 = current->stack, read into the header word for a moment */
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)e->dn_value));
	dt_cg_emit(cg, MOV_REG(R3, R0));
	dt_cg_emit_dctx_addr(cg, R1, off);
	dt_cg_emit(cg, MOV_IMM(R2, 8));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel));
	dt_cg_emit(cg, LDX(BPF_DW, R3, R9, (int16_t)off));
	dt_cg_emit(cg, MOV_IMM(R0, (int32_t)regsz));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 32));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), ldone);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)e->dn_aux));
	dt_cg_emit_dctx_addr(cg, R1, off + 8U);
	dt_cg_emit(cg, MOV_IMM(R2, (int32_t)regsz));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ldone);
	for (uint32_t c = 0; c + DT_USTACK_CHUNK <= copy;
	    c += DT_USTACK_CHUNK) {
		dt_cg_emit_dctx_addr(cg, R1, coff + c);
		dt_cg_emit(cg, MOV_IMM(R2, DT_USTACK_CHUNK));
		dt_cg_emit(cg, LDX(BPF_DW, R3, R9, (int16_t)(off + 8U + 152U)));
		if (c > 0)	/* x86_64 pt_regs->sp, above */
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)c));
		dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_user));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ldone);
		dt_cg_emit(cg, LDX(BPF_DW, R0, R9, (int16_t)off));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, DT_USTACK_CHUNK));
		dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
	}
	dt_cg_label_set(cg, ldone);
}

/* usym(addr) & co at dctx + off: the process id, then the address. */
void
dt_cg_emit_upair(dt_cg_t *cg, uint32_t off, dt_node_t *arg)
{
	dt_cg_expr(cg, arg);
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)(off + 8), R0));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
}

/* sym( ), func( ), mod( ): the address, as a value or recorded */
void
dt_cg_sym(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr(cg, e->dn_args);
	if (r != NULL)
		dt_cg_store_data(cg, r->dr_type, r->dr_offset);
}

void
dt_cg_ustack(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	if (r == NULL)		/* a key */
		dt_cg_fail(cg, "D_CG", "stack( ) used as a value");
	/* straight into the record */
	dt_cg_emit_ustack(cg, (uint32_t)dt_cg_data_off(cg, r->dr_offset),
	    r->dr_type.ty_size);
	if (r->dr_size > 8U + r->dr_type.ty_size * 8U)
		emit_ustack_copy(cg, (uint32_t)dt_cg_data_off(cg,
		    r->dr_offset + 8U + r->dr_type.ty_size * 8U), e,
		    r->dr_size - 8U - r->dr_type.ty_size * 8U);
}

/* usym( ), ufunc( ), umod( ), uaddr( ) */
void
dt_cg_usym(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	if (r == NULL)		/* a key */
		dt_cg_fail(cg, "D_CG", "stack( ) used as a value");
	dt_cg_emit_upair(cg, (uint32_t)dt_cg_data_off(cg, r->dr_offset),
	    e->dn_args);
}

void
dt_cg_stack(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	(void) e;
	if (r == NULL)		/* a key */
		dt_cg_fail(cg, "D_CG", "stack( ) used as a value");
	/* straight into the record */
	dt_cg_emit_stack(cg, (uint32_t)dt_cg_data_off(cg, r->dr_offset),
	    r->dr_type.ty_size);
}
