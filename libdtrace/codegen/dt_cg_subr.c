/*
 * dt_cg_subr.c: the integer and kernel subroutines: byte order (htons()
 * and kin), rand(), getmajor(), getminor(), progenyof(), and Linux's
 * locks (mutex_owned() and kin), and the D library's __psargs() and
 * __argc().
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
 * Integer subroutines: byte order (x86 is little-endian, the network
 * big-endian: hton and ntoh both swap), rand(), and the major and minor
 * numbers of a Linux dev_t (major: bits 20 and up, minor: the low 20).
 */
void
dt_cg_intfunc(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	int id = dnp->dn_builtin->di_id;

	if (id == DT_FN_RAND) {
		dt_cg_emit(cg, CALL(BPF_FUNC_get_prandom_u32));
		dt_cg_normalize(cg, dnp->dn_type);
		return;
	}
	dt_cg_expr(cg, dnp->dn_args);
	switch (id) {
	case DT_FN_HTONS: case DT_FN_NTOHS:
		dt_cg_emit(cg, INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0,
		    16));
		break;
	case DT_FN_HTONL: case DT_FN_NTOHL:
		dt_cg_emit(cg, INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0,
		    32));
		break;
	case DT_FN_HTONLL: case DT_FN_NTOHLL:
		dt_cg_emit(cg, INSN(BPF_ALU | BPF_END | BPF_TO_BE, R0, 0, 0,
		    64));
		break;
	case DT_FN_GETMAJOR:
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 20));
		break;
	case DT_FN_GETMINOR:
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, 0xfffff));
		break;
	default:
		dt_cg_fail(cg, "D_CG", "no code for this integer subroutine");
	}
	dt_cg_normalize(cg, dnp->dn_type);
}

#define DT_PROGENY_DEPTH 32	/* ancestors progenyof() looks at */

/*
 * r0 = progenyof(pid): 1 if the current process or one of its ancestors
 * (up to DT_PROGENY_DEPTH of them) has that process id.  The walk follows
 * task->real_parent and ends at the idle task (tgid 0, its own parent);
 * dn_value and dn_aux are the offsets of real_parent and tgid.
 */
void
dt_cg_progenyof(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	int lfound = dt_cg_label_new(cg), lnot = dt_cg_label_new(cg);
	int ldone = dt_cg_label_new(cg);

	dt_cg_expr(cg, dnp->dn_args);
	dt_cg_emit(cg, MOV32_REG(R8, R0));		/* pid_t, as tgid compares */
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
	dt_cg_emit(cg, MOV_REG(R7, R0));
	for (int i = 0; i < DT_PROGENY_DEPTH; i++) {
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_aux));
		dt_cg_emit_read_value(cg, 4);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R8, 0), lfound);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lnot);
		dt_cg_emit(cg, MOV_REG(R0, R7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R7, 0), lnot);
		dt_cg_emit(cg, MOV_REG(R7, R0));
	}
	dt_cg_label_set(cg, lnot);
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lfound);
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_label_set(cg, ldone);
}

#define DT_PSARGS_MAX	80	/* psinfo_t's pr_psargs: PRARGSZ bytes */

/*
 * r0 = __argc(sp): the argument count of the current process, the int the
 * kernel put at the top of its stack at exec (mm->start_stack, which the
 * D library reads only for a task of the current address space); 0 when
 * it cannot be read.
 */
void
dt_cg_argc(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	uint32_t t = dt_cg_tmp_alloc(cg);
	int ldone = dt_cg_label_new(cg);

	dt_cg_expr(cg, dnp->dn_args);
	dt_cg_emit(cg, MOV_REG(R3, R0));
	dt_cg_emit_dctx_addr(cg, R1, t);
	dt_cg_emit(cg, MOV_IMM(R2, 4));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_user));
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), ldone);
	dt_cg_emit_dctx_addr(cg, R1, t);
	dt_cg_emit(cg, LDX(BPF_W, R0, R1, 0));
	dt_cg_label_set(cg, ldone);
}

/*
 * r0 = __psargs(start, end): the arguments of the current process as
 * psinfo_t's pr_psargs holds them: the bytes of [start, end) (a process's
 * mm->arg_start and arg_end, which the D library reads only for a task of
 * the current address space), each NUL between two arguments made a
 * space, at most DT_PSARGS_MAX - 1 of them and no more than a string
 * holds (strsize characters: a temporary has room for them and the
 * NUL).  Bytes that cannot be read give the empty string.
 */
void
dt_cg_psargs(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize;
	int32_t cap = (int32_t)(strsize < DT_PSARGS_MAX - 1 ? strsize :
	    DT_PSARGS_MAX - 1);
	uint32_t t = dt_cg_tmp_alloc(cg);
	int lread = dt_cg_label_new(cg), lempty = dt_cg_label_new(cg);
	int lloop = dt_cg_label_new(cg), lnext = dt_cg_label_new(cg);
	int lend = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	int16_t slot;

	dt_cg_expr(cg, dnp->dn_args);
	slot = dt_cg_push(cg);
	dt_cg_expr(cg, dnp->dn_args->dn_list);
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, slot));
	cg->cg_sp -= 8;

	/* r8 = end - start - 1: the bytes before the last argument's NUL */
	dt_cg_emit(cg, MOV_REG(R8, R0));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R8, R3));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R8, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, R8, 0, 0), lempty);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, R8, cap, 0), lread);
	dt_cg_emit(cg, MOV_IMM(R8, cap));
	dt_cg_label_set(cg, lread);
	dt_cg_emit_dctx_addr(cg, R1, t);
	dt_cg_emit(cg, MOV_REG(R2, R8));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_user));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lempty);

	/*
	 * Each NUL of the first r8 bytes becomes a space.  The loop ends
	 * when r8 <= r7, written with the counter as the source: an older
	 * verifier (6.1) decides a comparison whose source is a constant
	 * (r7 is 0 at first), but followed r7 >= r8 into the path where r8,
	 * at least 1, would be 0, and refused the store below there.
	 */
	dt_cg_emit(cg, MOV_IMM(R7, 0));
	dt_cg_label_set(cg, lloop);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLE, R8, R7, 0), lend);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R7, cap, 0), lend);
	dt_cg_emit_tmp_at(cg, R1, t, R7);
	dt_cg_emit(cg, LDX(BPF_B, R2, R1, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R2, 0, 0), lnext);
	dt_cg_emit(cg, ST_IMM(BPF_B, R1, 0, ' '));
	dt_cg_label_set(cg, lnext);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R7, 1));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lloop);
	dt_cg_label_set(cg, lend);
	dt_cg_emit_tmp_at(cg, R1, t, R8);
	dt_cg_emit(cg, ST_IMM(BPF_B, R1, 0, 0));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);

	dt_cg_label_set(cg, lempty);
	dt_cg_emit_dctx_addr(cg, R1, t);
	dt_cg_emit(cg, ST_IMM(BPF_B, R1, 0, 0));
	dt_cg_label_set(cg, ldone);
	dt_cg_emit_dctx_addr(cg, R0, t);
}

/*
 * The subroutines on Linux's locks (dt_sema.c, sema_lockfn()): the word
 * of the lock at dn_value read (a bad address is the invalid address
 * fault), then: mutex_owned() whether its owner is the current task,
 * mutex_owner() the owner, flags cleared; Linux's mutexes spin on their
 * owner before they sleep, so they are adaptive, never spin mutexes;
 * rw_read_held() readers there, rw_write_held() a writer holding it,
 * rw_iswriter() a writer holding it or waiting.
 */
void
dt_cg_lockfn(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	int id = dnp->dn_builtin->di_id;
	int ltrue = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

	dt_cg_expr(cg, dnp->dn_args);
	if (dnp->dn_value != 0)
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
	dt_cg_emit_read_value(cg, id == DT_FN_RW_READ_HELD ||
	    id == DT_FN_RW_WRITE_HELD || id == DT_FN_RW_ISWRITER ? 4 : 8);
	switch (id) {
	case DT_FN_MUTEX_OWNED:
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, ~7));
		dt_cg_emit(cg, MOV_REG(R8, R0));
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R8, 0), ltrue);
		break;
	case DT_FN_MUTEX_OWNER:
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, ~7));
		return;
	case DT_FN_MUTEX_TYPE_ADAPTIVE:
		dt_cg_emit(cg, MOV_IMM(R0, 1));
		return;
	case DT_FN_MUTEX_TYPE_SPIN:
		dt_cg_emit(cg, MOV_IMM(R0, 0));
		return;
	case DT_FN_RW_READ_HELD:
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R0, 1 << 9, 0), ltrue);
		break;
	case DT_FN_RW_WRITE_HELD:
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, 0xff));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0xff, 0), ltrue);
		break;
	case DT_FN_RW_ISWRITER:
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, 0x1ff));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ltrue);
		break;
	default:
		dt_cg_fail(cg, "D_CG", "no code for this lock subroutine");
	}
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, ltrue);
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_label_set(cg, ldone);
}
