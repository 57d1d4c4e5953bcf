/*
 * dt_cg_mem.c: scratch memory and the subroutines that use it: alloca(),
 * copyin(), copyinto() and bcopy().
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
 * Scratch space.  alloca(), copyin() and copyinto()'s and bcopy()'s
 * destination use the clause's scratch area in dctx: ms_scratch bytes of
 * it are taken, 8-byte aligned, and it is empty again when the next clause
 * starts.  A pointer into it is a plain number (ms_dctx, dctx's address,
 * plus the offset), read like any kernel address with
 * bpf_probe_read_kernel; writes go through r9 at an offset the verifier
 * can bound.
 */

/*
 * Take the r0 bytes from scratch: r1 = their offset in the scratch area,
 * r2 = the size, both known to the verifier to be at most scratch_size,
 * or DTrace's "out of scratch space" fault.
 */
static void
emit_scratch_alloc(dt_cg_t *cg)
{
	int32_t ss = (int32_t)dt_cg_scratch_size(cg->cg_hdl);
	int lsize = dt_cg_label_new(cg), loff = dt_cg_label_new(cg),
	    lfit = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R2, R0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R2, ss, 0), lsize);
	dt_cg_emit(cg, MOV_IMM(R1, 0));
	dt_cg_emit_fault(cg, DTRACEFLT_NOSCRATCH, R1);
	dt_cg_label_set(cg, lsize);
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_scratch)));
	/* always true; it tells the verifier */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R1, ss, 0), loff);
	dt_cg_emit(cg, MOV_IMM(R1, 0));
	dt_cg_emit_fault(cg, DTRACEFLT_NOSCRATCH, R1);
	dt_cg_label_set(cg, loff);
	dt_cg_emit(cg, MOV_REG(R3, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 7));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R3, -8));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R3, ss, 0), lfit);
	dt_cg_emit(cg, MOV_IMM(R1, 0));
	dt_cg_emit_fault(cg, DTRACEFLT_NOSCRATCH, R1);
	dt_cg_label_set(cg, lfit);
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_scratch), R3));
}

/* r0 = the address of byte r1 of the scratch area, as a number */
static void
emit_scratch_ptr(dt_cg_t *cg)
{
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, MS_OFF(ms_dctx)));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0,
	    (int32_t)dt_cg_scratch_off(cg->cg_hdl)));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
}

/*
 * The destination in stack slot dslot, of the size in slot sslot, must lie
 * in the scratch space the clause allocated, else the invalid address
 * fault for it: r1 = its offset in the scratch area, r2 = the size, both
 * at most scratch_size for the verifier.
 */
static void
emit_scratch_dest(dt_cg_t *cg, int16_t dslot, int16_t sslot)
{
	int32_t ss = (int32_t)dt_cg_scratch_size(cg->cg_hdl);
	int lbad = dt_cg_label_new(cg), lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_dctx)));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
	    (int32_t)dt_cg_scratch_off(cg->cg_hdl)));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, dslot));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R1));
	dt_cg_emit(cg, MOV_REG(R1, R2));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R1, ss, 0), lbad);
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, sslot));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, ss, 0), lbad);
	dt_cg_emit(cg, MOV_REG(R3, R1));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R2));
	dt_cg_emit(cg, LDX(BPF_DW, R4, R9, MS_OFF(ms_scratch)));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLE, R3, R4, 0), lok);
	dt_cg_label_set(cg, lbad);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, dslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
}

/*
 * Call helper, a read of the address in stack slot slot (r1-r3 set): a
 * failed read is the invalid address fault for that address.
 */
static void
emit_read_call(dt_cg_t *cg, int helper, int16_t slot)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, CALL(helper));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, slot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
}

/*
 * Copy r2 bytes from the address in stack slot aslot with helper
 * (bpf_probe_read_user or _kernel) to byte r1 of the scratch area; a
 * failed read is the invalid address fault for that address.
 */
static void
emit_scratch_read(dt_cg_t *cg, int helper, int16_t aslot)
{
	dt_cg_emit(cg, MOV_REG(R3, R1));
	dt_cg_emit(cg, MOV_REG(R1, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
	    (int32_t)dt_cg_scratch_off(cg->cg_hdl)));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R3));
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, aslot));
	emit_read_call(cg, helper, aslot);
}

/*
 * Copy size bytes from the address in stack slot sslot to the address in
 * r1 (bpf_probe_read_kernel): a struct or array value copied into a
 * variable, a member or a key; a bad source address is the invalid
 * address fault, with the source address.
 */
void
dt_cg_emit_copy_in(dt_cg_t *cg, uint32_t size, int16_t sslot)
{
	dt_cg_emit(cg, MOV_IMM(R2, (int32_t)size));
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, sslot));
	emit_read_call(cg, BPF_FUNC_probe_read_kernel, sslot);
}

/*
 * The size bytes at the address in r0, read through a pointer into
 * scratch space (dt_alloca.c), must lie in the scratch space the clause
 * allocated, else the invalid address fault for that address: an index
 * before its start or past its end, or a pointer an earlier clause kept.
 * r0 is kept; r1 to r3 are not.
 */
void
dt_cg_emit_scratch_check(dt_cg_t *cg, int32_t size)
{
	int lbad = dt_cg_label_new(cg), lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_dctx)));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
	    (int32_t)dt_cg_scratch_off(cg->cg_hdl)));
	dt_cg_emit(cg, MOV_REG(R2, R0));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R1));
	dt_cg_emit(cg, LDX(BPF_DW, R3, R9, MS_OFF(ms_scratch)));
	/* below the start, r2 is a huge unsigned number */
	dt_cg_emit_jump(cg, JMP_REG(BPF_JGT, R2, R3, 0), lbad);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, size));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLE, R2, R3, 0), lok);
	dt_cg_label_set(cg, lbad);
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R0);
	dt_cg_label_set(cg, lok);
}

/* r0 = alloca(size) */
void
dt_cg_alloca(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	dt_cg_expr(cg, dnp->dn_args);
	emit_scratch_alloc(cg);
	emit_scratch_ptr(cg);
}

/* r0 = copyin(addr, size): a copy of user memory in scratch space */
void
dt_cg_copyin(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	int16_t aslot, oslot;

	dt_cg_expr(cg, dnp->dn_args);
	aslot = dt_cg_push(cg);
	dt_cg_expr(cg, dnp->dn_args->dn_list);
	emit_scratch_alloc(cg);
	dt_cg_emit(cg, MOV_REG(R0, R1));
	oslot = dt_cg_push(cg);
	emit_scratch_read(cg, BPF_FUNC_probe_read_user, aslot);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, oslot));
	cg->cg_sp -= 16;
	emit_scratch_ptr(cg);
}

/*
 * copyinto(addr, size, dest): user memory to scratch space the clause
 * allocated; bcopy(src, dest, size): kernel memory (scratch space too) to
 * scratch space the clause allocated.
 */
void
dt_cg_copyto(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	bool bcopy = dnp->dn_builtin->di_id == DT_FN_BCOPY;
	dt_node_t *a0 = dnp->dn_args, *a1 = a0->dn_list, *a2 = a1->dn_list;
	int16_t aslot, s1, s2, sslot, dslot;

	/* the arguments in their order: their side effects are in it */
	dt_cg_expr(cg, a0);
	aslot = dt_cg_push(cg);
	dt_cg_expr(cg, a1);
	s1 = dt_cg_push(cg);
	dt_cg_expr(cg, a2);
	s2 = dt_cg_push(cg);
	sslot = bcopy ? s2 : s1;
	dslot = bcopy ? s1 : s2;
	if (dnp->dn_scratch)	/* bcopy from scratch space: its source */
		emit_scratch_dest(cg, aslot, sslot);
	emit_scratch_dest(cg, dslot, sslot);
	emit_scratch_read(cg, bcopy ? BPF_FUNC_probe_read_kernel :
	    BPF_FUNC_probe_read_user, aslot);
	cg->cg_sp -= 24;
}
