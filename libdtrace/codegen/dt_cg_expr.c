/*
 * dt_cg_expr.c: expressions: operators, comparisons, casts, built-in
 * variables, loads through pointers, members and array elements,
 * assignments of structs, translations.  An expression leaves its value
 * in r0, computed in 64 bits (dt_cg.c's comment).
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"
#include "../types/dt_types.h"

static void cg_lvaddr(dt_cg_t *cg, dt_node_t *lv, bool past);
static void emit_provpid(dt_cg_t *cg, int ldone);

/* ---- values ------------------------------------------------------------------ */

/* Bring r0 to the canonical form of type t. */
void
dt_cg_normalize(dt_cg_t *cg, dt_type_t t)
{
	int bits;

	if (t.ty_kind != DT_TK_INT || t.ty_size >= 8)
		return;
	bits = 64 - t.ty_size * 8;
	if (!t.ty_signed && t.ty_size == 4) {
		dt_cg_emit(cg, MOV32_REG(R0, R0));
		return;
	}
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, bits));
	dt_cg_emit(cg, ALU_IMM(t.ty_signed ? BPF_ARSH : BPF_RSH, R0, bits));
}

/*
 * Record a fault: ms_fault = kind, ms_faddr = the value in reg, ms_fpc =
 * this instruction, then go to the fault handler.
 */
void
dt_cg_emit_fault(dt_cg_t *cg, int kind, int reg)
{
	cg->cg_clause->dc_faults = true;	/* it gets a fault handler */
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_fault), kind));
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_faddr), reg));
	dt_cg_reloc(cg, dt_cg_pc(cg), DT_REL_PC);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_fpc),
	    (int32_t)dt_cg_pc(cg)));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), cg->cg_lfault);
}

/*
 * r0 = strcmp(r1, r2) over at most strbuf bytes: unsigned byte difference
 * at the first mismatch, 0 if equal.
 *
 * Eight bytes at a time: the verifier follows a loop iteration by
 * iteration and refuses a path of more than 8192 jumps, which a byte loop
 * reaches at strsize 2048.  Equal words go on unless they hold a NUL
 * (haszero(v) = (v - 0x01..01) & ~v & 0x80..80); a word that differs is
 * compared byte by byte (little-endian: byte k is bits 8k..8k+7); the
 * bytes after the last whole word are compared one at a time.  Uses
 * r0-r5 and r7-r8, which no expression keeps a value in.
 */
static void
emit_strcmp(dt_cg_t *cg)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	uint32_t words = strbuf / 8;
	int lloop = dt_cg_label_new(cg), lword = dt_cg_label_new(cg);
	int ltail = dt_cg_label_new(cg), ldiff = dt_cg_label_new(cg);
	int leq = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_IMM(R3, 0));
	dt_cg_label_set(cg, lloop);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R3, (int32_t)(words * 8), 0),
	    ltail);
	dt_cg_emit(cg, MOV_REG(R4, R1));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R4, R3));
	dt_cg_emit(cg, LDX(BPF_DW, R4, R4, 0));
	dt_cg_emit(cg, MOV_REG(R5, R2));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R3));
	dt_cg_emit(cg, LDX(BPF_DW, R5, R5, 0));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, R4, R5, 0), lword);
	dt_cg_emit_imm64(cg, BPF_REG_7, 0x0101010101010101ULL);
	dt_cg_emit(cg, MOV_REG(R0, R4));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R0, BPF_REG_7));
	dt_cg_emit(cg, MOV_REG(BPF_REG_8, R4));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, BPF_REG_8, -1));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R0, BPF_REG_8));
	dt_cg_emit_imm64(cg, BPF_REG_7, 0x8080808080808080ULL);
	dt_cg_emit(cg, ALU_REG(BPF_AND, R0, BPF_REG_7));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), leq);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 8));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lloop);

	/* the words differ: find the first differing or NUL byte */
	dt_cg_label_set(cg, lword);
	for (int k = 0; k < 8; k++) {
		dt_cg_emit(cg, MOV_REG(BPF_REG_7, R4));
		dt_cg_emit(cg, MOV_REG(BPF_REG_8, R5));
		if (k > 0) {
			dt_cg_emit(cg, ALU_IMM(BPF_RSH, BPF_REG_7, 8 * k));
			dt_cg_emit(cg, ALU_IMM(BPF_RSH, BPF_REG_8, 8 * k));
		}
		dt_cg_emit(cg, ALU_IMM(BPF_AND, BPF_REG_7, 0xff));
		dt_cg_emit(cg, ALU_IMM(BPF_AND, BPF_REG_8, 0xff));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, BPF_REG_7, BPF_REG_8, 0),
		    ldiff);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), leq);
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), leq);

	/* the bytes after the last whole word */
	dt_cg_label_set(cg, ltail);
	for (uint32_t k = words * 8; k < strbuf; k++) {
		dt_cg_emit(cg, LDX(BPF_B, BPF_REG_7, R1, (int16_t)k));
		dt_cg_emit(cg, LDX(BPF_B, BPF_REG_8, R2, (int16_t)k));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, BPF_REG_7, BPF_REG_8, 0),
		    ldiff);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), leq);
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), leq);

	dt_cg_label_set(cg, ldiff);
	dt_cg_emit(cg, MOV_REG(R0, BPF_REG_7));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R0, BPF_REG_8));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, leq);
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_label_set(cg, ldone);
}

/* r0 = (r0 <op> r1) ? 1 : 0 */
static void
emit_compare(dt_cg_t *cg, dt_tok_t op, bool sign)
{
	int ltrue = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	uint8_t jop;

	switch (op) {
	case T_EQ: jop = BPF_JEQ; break;
	case T_NE: jop = BPF_JNE; break;
	case T_LT: jop = sign ? BPF_JSLT : BPF_JLT; break;
	case T_GT: jop = sign ? BPF_JSGT : BPF_JGT; break;
	case T_LE: jop = sign ? BPF_JSLE : BPF_JLE; break;
	default: jop = sign ? BPF_JSGE : BPF_JGE; break;
	}
	dt_cg_emit_jump(cg, JMP_REG(jop, R0, R1, 0), ltrue);
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, ltrue);
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_label_set(cg, ldone);
}

static bool cg_wide(const dt_node_t *);

/*
 * Is dnp an operator's result that may be wider than its type (computed
 * in 64 bits)?  Such a value is brought to its own type first wherever
 * it is converted to another (stored, cast, widened beside an operand of
 * a wider type) or compared: an int 1 << 30 added to itself is
 * -2147483648 in a long long and below 0, as in C and DTrace for Linux,
 * while int operators between them use all 64 bits ((x * 4) / 4 is x).
 * A variable that holds 64 bits (di_wide) keeps them.
 */
static bool
cg_arith(const dt_node_t *dnp)
{
	if (dnp->dn_kind == DN_COMMA)
		return (cg_arith(dnp->dn_right));
	return (dnp->dn_kind != DN_VAR && cg_wide(dnp));
}

/* Evaluate dnp and convert the value to type t. */
void
dt_cg_expr_as(dt_cg_t *cg, dt_node_t *dnp, dt_type_t t)
{
	dt_cg_expr(cg, dnp);
	if (cg_arith(dnp))
		dt_cg_normalize(cg, dnp->dn_type);
	dt_cg_normalize(cg, t);
}

/*
 * Evaluate an operand of a binary operator computed in type t: an
 * operator's result of a narrower type, or one compared (cmp), in its own
 * type's size first (cg_arith()).
 */
static void
cg_operand(dt_cg_t *cg, dt_node_t *dnp, dt_type_t t, bool cmp)
{
	dt_cg_expr(cg, dnp);
	if (cg_arith(dnp) && (cmp || dnp->dn_type.ty_size < t.ty_size))
		dt_cg_normalize(cg, dnp->dn_type);
}

/*
 * May dnp's value be wider than its type?  An arithmetic operator's is
 * (computed in 64 bits), and a variable's that was not declared
 * (dt_ident_t's di_wide); a load's, a cast's, a comparison's is not.
 */
static bool
cg_wide(const dt_node_t *dnp)
{
	switch (dnp->dn_kind) {
	case DN_BINARY:
		return (dnp->dn_op != T_EQ && dnp->dn_op != T_NE &&
		    dnp->dn_op != T_LT && dnp->dn_op != T_GT &&
		    dnp->dn_op != T_LE && dnp->dn_op != T_GE);
	case DN_UNARY:
		return (dnp->dn_op == T_MINUS || dnp->dn_op == T_PLUS ||
		    dnp->dn_op == T_NOT);
	case DN_COMMA:
		return (cg_wide(dnp->dn_right));
	case DN_VAR:
		return (dnp->dn_ident != NULL && dnp->dn_ident->di_wide);
	default:
		return (false);
	}
}

/* Evaluate dnp to be recorded as type t: in t's size, as DTrace does. */
void
dt_cg_expr_rec(dt_cg_t *cg, dt_node_t *dnp, dt_type_t t)
{
	dt_cg_expr(cg, dnp);
	if (dt_cg_str_maynull(dnp))	/* a NULL string recorded faults */
		dt_cg_emit_str_nullfault(cg, R0, R1);
	if (cg_wide(dnp))
		dt_cg_normalize(cg, t);
}

/*
 * r0 = r0 / r1 or r0 % r1 (bop), signed, r1 not 0: on the magnitudes with
 * the unsigned instruction, then the sign (the quotient's is the xor of
 * the operands' signs, the remainder's the dividend's), as C truncates.
 * The v4 ISA's signed div/mod would do it in one instruction, but 6.1's
 * verifier (Debian 12) refuses it.  Uses r2.
 */
static void
emit_sdivmod(dt_cg_t *cg, uint8_t bop)
{
	int lapos = dt_cg_label_new(cg), lbpos = dt_cg_label_new(cg);
	int ldone = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R2, R0));
	if (bop == BPF_DIV)
		dt_cg_emit(cg, ALU_REG(BPF_XOR, R2, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), lapos);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R0, 0, 0, 0));
	dt_cg_label_set(cg, lapos);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R1, 0, 0), lbpos);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R1, 0, 0, 0));
	dt_cg_label_set(cg, lbpos);
	dt_cg_emit(cg, ALU_REG(bop, R0, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), ldone);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R0, 0, 0, 0));
	dt_cg_label_set(cg, ldone);
}

/*
 * r0 = r0 <op> r1 for an arithmetic operator of type t, in 64 bits as
 * DTrace computes it: the result is not brought to t's size (t decides
 * only signed or unsigned division and shift).
 */
static void
emit_arith(dt_cg_t *cg, dt_tok_t op, dt_type_t t)
{
	uint8_t bop;
	bool sdiv = t.ty_signed && t.ty_kind == DT_TK_INT;

	switch (op) {
	case T_PLUS: case T_ADD_EQ: case T_INC: bop = BPF_ADD; break;
	case T_MINUS: case T_SUB_EQ: case T_DEC: bop = BPF_SUB; break;
	case T_STAR: case T_MUL_EQ: bop = BPF_MUL; break;
	case T_SLASH: case T_DIV_EQ: bop = BPF_DIV; break;
	case T_MOD: case T_MOD_EQ: bop = BPF_MOD; break;
	case T_AND: case T_AND_EQ: bop = BPF_AND; break;
	case T_OR: case T_OR_EQ: bop = BPF_OR; break;
	case T_XOR: case T_XOR_EQ: bop = BPF_XOR; break;
	case T_LSH: case T_LSH_EQ: bop = BPF_LSH; break;
	default: bop = t.ty_signed ? BPF_ARSH : BPF_RSH; break;
	}
	if (bop == BPF_DIV || bop == BPF_MOD) {
		int lok = dt_cg_label_new(cg);

		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), lok);
		dt_cg_emit_fault(cg, DTRACEFLT_DIVZERO, R1);
		dt_cg_label_set(cg, lok);
		if (sdiv)
			emit_sdivmod(cg, bop);
		else
			dt_cg_emit(cg, ALU_REG(bop, R0, R1));
	} else {
		dt_cg_emit(cg, ALU_REG(bop, R0, R1));
	}
}

/*
 * Read size bytes with helper (bpf_probe_read_kernel or _kernel_str) from
 * the address in r0 to r9 + off (dctx) or to fp + off (stack); a failed
 * read is DTrace's "invalid address" fault for that address.  The _str
 * helper succeeds with a positive length, the other with 0.
 */
void
dt_cg_emit_read(dt_cg_t *cg, int helper, bool dctx, int32_t off, int32_t size)
{
	int lok = dt_cg_label_new(cg);
	int16_t aslot = dt_cg_push(cg);

	dt_cg_emit(cg, MOV_REG(R3, R0));
	dt_cg_emit(cg, MOV_REG(R1, dctx ? R9 : FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, off));
	dt_cg_emit(cg, MOV_IMM(R2, size));
	dt_cg_emit(cg, CALL(helper));
	dt_cg_emit_jump(cg, helper == BPF_FUNC_probe_read_kernel_str ||
	    helper == BPF_FUNC_probe_read_str ? JMP_IMM(BPF_JSGT, R0, 0, 0) :
	    JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
	cg->cg_sp -= 8;
}

/* r0 = the size bytes at the address in r0 (zero-extended), or a fault */
void
dt_cg_emit_read_value(dt_cg_t *cg, int size)
{
	int16_t vslot;

	/* a zeroed stack slot receives the value */
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	vslot = dt_cg_push(cg);
	dt_cg_emit(cg, MOV_REG(R0, R1));
	dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, false, vslot, size);
	dt_cg_pop(cg, R0);
}

/* r0 = value of a built-in variable */
static void
cg_builtin(dt_cg_t *cg, const dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = cg->cg_hdl;
	const dt_ident_t *bi = dnp->dn_builtin;
	int id = bi->di_id;

	if (id >= DT_BI_ARG0 && id < DT_BI_ARG0 + DT_MAXARGS) {
		dt_cg_emit(cg, LDX(BPF_DW, R0, R9, MS_OFF(ms_argv) +
		    (id - DT_BI_ARG0) * 8));
		return;
	}
	switch (id) {
	case DT_BI_PID:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
		break;
	case DT_BI_TID:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_cg_emit(cg, MOV32_REG(R0, R0));
		break;
	case DT_BI_UID:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_uid_gid));
		dt_cg_emit(cg, MOV32_REG(R0, R0));
		break;
	case DT_BI_GID:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_uid_gid));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
		break;
	case DT_BI_PPID:
		/* current->real_parent->tgid */
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
		dt_cg_emit_read_value(cg, 8);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_aux));
		dt_cg_emit_read_value(cg, 4);
		dt_cg_normalize(cg, bi->di_type);
		break;
	case DT_BI_EXECNAME: {
		uint32_t off = dt_cg_tmp_alloc(cg);

		dt_cg_emit_dctx_addr(cg, R1, off);
		dt_cg_emit(cg, MOV_IMM(R2, 16));
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_comm));
		dt_cg_emit_dctx_addr(cg, R0, off);
		break;
	}
	case DT_BI_TIMESTAMP: {
		/* one value for the whole firing, as in DTrace */
		int lknown = dt_cg_label_new(cg);

		dt_cg_emit(cg, LDX(BPF_DW, R0, R9, MS_OFF(ms_tstamp)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lknown);
		dt_cg_emit(cg, CALL(BPF_FUNC_ktime_get_ns));
		dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_tstamp), R0));
		dt_cg_label_set(cg, lknown);
		break;
	}
	case DT_BI_VTIMESTAMP:
		/* current->se.sum_exec_runtime */
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
		dt_cg_emit_read_value(cg, 8);
		break;
	case DT_BI_WALLTIMESTAMP:
		dt_cg_emit(cg, CALL(BPF_FUNC_ktime_get_boot_ns));
		dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, 0);
		dt_cg_emit(cg, LDX(BPF_DW, R1, R1,
		    (int16_t)offsetof(dt_gstate_t, gs_walloff)));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
		break;
	case DT_BI_CPU:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
		break;
	case DT_BI_CURCPU: {	/* &cpuinfo[cpu], 0 if the map has none */
		int lok = dt_cg_label_new(cg);
		int16_t slot;

		dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
		slot = dt_cg_push(cg);
		dt_cg_emit_mapfd(cg, R1, DT_MAP_CPUINFO);
		dt_cg_emit(cg, MOV_REG(R2, FP));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, slot));
		dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
		/* checked for NULL: the verifier lets a member's offset be
		   added only to a checked pointer */
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lok);
		dt_cg_emit(cg, MOV_IMM(R0, 0));
		dt_cg_label_set(cg, lok);
		cg->cg_sp -= 8;
		break;
	}
	case DT_BI_CURTHREAD:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
		break;
	case DT_BI_CWD:
	case DT_BI_ROOT:
		dt_cg_emit_fs_path(cg, id);
		dt_cg_emit_path_walk(cg, id == DT_BI_CWD, false, false);
		break;
	case DT_BI_ERRNO:
		dt_cg_emit(cg, LDX(BPF_DW, R0, R9, MS_OFF(ms_errno)));
		break;
	case DT_BI_STACKDEPTH:
	case DT_BI_USTACKDEPTH: {
		/* frames bpf_get_stack finds, into string temporaries */
		uint32_t off = dt_cg_tmp_alloc(cg),
		    size = dt_cg_tmp_size(dtp);
		int lok = dt_cg_label_new(cg);

		while (size < 512 && cg->cg_ntmp < dt_cg_ntmp(dtp)) {
			(void) dt_cg_tmp_alloc(cg);	/* consecutive: more frames */
			size += dt_cg_tmp_size(dtp);
		}
		dt_cg_emit(cg, MOV_REG(R1, R6));
		dt_cg_emit_dctx_addr(cg, R2, off);
		dt_cg_emit(cg, MOV_IMM(R3, (int32_t)(size & ~7U)));
		if (id == DT_BI_USTACKDEPTH)
			dt_cg_emit(cg, MOV_IMM(R4, BPF_F_USER_STACK));
		else	/* the frames stack() shows (dt_cg_emit_stack()) */
			dt_cg_emit(cg, LDX(BPF_W, R4, R9, MS_OFF(ms_stkskip)));
		dt_cg_emit(cg, CALL(BPF_FUNC_get_stack));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), lok);
		dt_cg_emit(cg, MOV_IMM(R0, 0));
		dt_cg_label_set(cg, lok);
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 3));
		if (id == DT_BI_USTACKDEPTH && cg->cg_uentry) {
			/* and the caller ustack() adds (dt_cg_emit_ustack()) */
			int lnone = dt_cg_label_new(cg);

			dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lnone);
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, 1));
			dt_cg_label_set(cg, lnone);
		}
		break;
	}
	case DT_BI_CALLER: {
		/*
		 * Where the probe fired in the kernel: the top frame of the
		 * stack stack() shows (the program's and the tracing
		 * machinery's frames skipped, ms_stkskip), 0 if none.
		 */
		uint32_t off = dt_cg_tmp_alloc(cg);

		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)off, 0));
		dt_cg_emit(cg, MOV_REG(R1, R6));
		dt_cg_emit_dctx_addr(cg, R2, off);
		dt_cg_emit(cg, MOV_IMM(R3, 8));
		dt_cg_emit(cg, LDX(BPF_W, R4, R9, MS_OFF(ms_stkskip)));
		dt_cg_emit(cg, CALL(BPF_FUNC_get_stack));
		dt_cg_emit(cg, LDX(BPF_DW, R0, R9, (int16_t)off));
		break;
	}
	case DT_BI_UCALLER: {
		/*
		 * Where the current user function returns to: the second
		 * frame of the user stack; at a function's first byte (pid
		 * entry) the return address at the top of the stack.  0 if
		 * it cannot be read.
		 */
		uint32_t off = dt_cg_tmp_alloc_bytes(cg, 16);

		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(off + 8), 0));
		if (cg->cg_uentry) {
			dt_cg_emit_dctx_addr(cg, R1, off + 8);
			dt_cg_emit(cg, MOV_IMM(R2, 8));
			dt_cg_emit(cg, LDX(BPF_DW, R3, R6, 152));	/* regs->sp */
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_user));
		} else {
			dt_cg_emit(cg, MOV_REG(R1, R6));
			dt_cg_emit_dctx_addr(cg, R2, off);
			dt_cg_emit(cg, MOV_IMM(R3, 16));
			dt_cg_emit(cg, MOV_IMM(R4, BPF_F_USER_STACK));
			dt_cg_emit(cg, CALL(BPF_FUNC_get_stack));
		}
		dt_cg_emit(cg, LDX(BPF_DW, R0, R9, (int16_t)(off + 8)));
		break;
	}
	case DT_BI_ID:
		dt_cg_emit(cg, LDX(BPF_W, R0, R9, MS_OFF(ms_prid)));
		break;
	case DT_BI_EPID:	/* set by the program assembler: emit_epid() */
		dt_cg_emit(cg, LDX(BPF_W, R0, R9, MS_OFF(ms_epid)));
		break;
	case DT_BI_PROBEPROV:
	case DT_BI_PROBEMOD:
	case DT_BI_PROBEFUNC:
	case DT_BI_PROBENAME: {
		int lfound = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
		uint32_t empty = dt_strtab_insert(dtp, "", 0);

		if (empty == UINT32_MAX)
			dt_cg_fail(cg, "D_NOMEM", "out of memory");
		dt_cg_emit_mapfd(cg, R1, DT_MAP_PROBES);
		dt_cg_emit_dctx_addr(cg, R2, (uint32_t)MS_OFF(ms_prid));
		dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lfound);
		dt_cg_emit_mapval(cg, R0, DT_MAP_STRTAB, empty);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lfound);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0,
		    (int32_t)((id - DT_BI_PROBEPROV) * dt_strbuf(dtp))));
		if (id == DT_BI_PROBEPROV)
			emit_provpid(cg, ldone);
		dt_cg_label_set(cg, ldone);
		break;
	}
	case DT_BI_ZONENAME: {
		/* Linux has no zones: every process is in the global one,
		   which is what DTrace for Linux reports. */
		uint32_t off = dt_strtab_insert(dtp, "global", 6);

		if (off == UINT32_MAX)
			dt_cg_fail(cg, "D_NOMEM", "out of memory");
		dt_cg_emit_mapval(cg, R0, DT_MAP_STRTAB, off);
		break;
	}
	default:
		dt_cg_fail(cg, "D_CG", "unknown built-in variable");
	}
}

/*
 * Pointer arithmetic moves by whole pointed-to objects: r1, what is added
 * to or taken from a pointer, times their size, which the semantic pass
 * left in dn_aux (0 when no pointer is involved).
 */
static void
emit_ptrscale(dt_cg_t *cg, const dt_node_t *dnp, int reg)
{
	if (dnp->dn_aux > 1)
		dt_cg_emit(cg, ALU_IMM(BPF_MUL, reg, (int32_t)dnp->dn_aux));
}

/*
 * r0 holds the address of a value of node dnp's type in kernel memory:
 * load the value.  Integers and pointers are read with
 * bpf_probe_read_kernel (an address that cannot be read is DTrace's
 * "invalid address" fault, not a silent 0), bit-fields are shifted and
 * masked, a char array is copied into a string temporary, and a struct,
 * an array or a float (D has no floating-point arithmetic) stays an
 * address.
 */
static void
emit_load(dt_cg_t *cg, const dt_node_t *dnp)
{
	dt_type_t t = dnp->dn_type;
	uint32_t bit = (uint32_t)(dnp->dn_aux & 0xff);
	uint32_t bitsize = (uint32_t)(dnp->dn_aux >> 8 & 0xff);
	int size;

	if (t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_ARRAY ||
	    t.ty_kind == DT_TK_FLOAT)
		return;
	if (t.ty_kind == DT_TK_STRING) {
		uint32_t strbuf = dt_strbuf(cg->cg_hdl);
		uint32_t n = dnp->dn_strlen < strbuf ?
		    (uint32_t)dnp->dn_strlen : strbuf - 1;
		uint32_t off = dt_cg_tmp_alloc(cg);

		if (dnp->dn_scratch)	/* its first byte */
			dt_cg_emit_scratch_check(cg, 1);
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    (int32_t)off, (int32_t)n);
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(off + n), 0));
		dt_cg_emit_dctx_addr(cg, R0, off);
		return;
	}
	size = t.ty_size;
	if (bitsize != 0) {
		uint32_t bytes = (bit + bitsize + 7) / 8;

		size = bytes <= 1 ? 1 : bytes <= 2 ? 2 : bytes <= 4 ? 4 : 8;
	}
	if (dnp->dn_scratch)
		dt_cg_emit_scratch_check(cg, size);
	dt_cg_emit_read_value(cg, size);
	if (bitsize != 0) {
		/* little-endian: the field starts bit bits into the value */
		dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0,
		    (int32_t)(64 - bit - bitsize)));
		dt_cg_emit(cg, ALU_IMM(t.ty_signed ? BPF_ARSH : BPF_RSH, R0,
		    (int32_t)(64 - bitsize)));
		return;
	}
	dt_cg_normalize(cg, t);
}

/*
 * r0 = the address of the value n is, or is part of, to write into:
 * the struct or array variable (or associative array element) at the
 * root of v.m[i]..., a part of it, or what a pointer points to.
 */
static void
cg_valaddr(dt_cg_t *cg, dt_node_t *n)
{
	const dt_type_t t = n->dn_type;

	if ((n->dn_kind == DN_VAR || n->dn_kind == DN_INDEX) &&
	    n->dn_ident != NULL && n->dn_builtin == NULL &&
	    dt_type_isbytes(t)) {
		dt_lvkey_t k;

		dt_cg_lv_key(cg, n, &k);
		dt_cg_lv_load_write(cg, n, &k);
		dt_cg_lv_done(cg, &k);
	} else if (dt_member_root(n) != NULL || (t.ty_kind == DT_TK_STRING &&
	    t.ty_btf != 0 && (n->dn_kind == DN_MEMBER ||
	    n->dn_kind == DN_INDEX || n->dn_kind == DN_UNARY))) {
		/* a part of a variable, or a char array in memory, is
		   where it is, not in the string copy its value would be */
		cg_lvaddr(cg, n, false);
	} else {
		dt_cg_expr(cg, n);
	}
}

/*
 * r0 += the index dnp->dn_right times the element size; an index into an
 * array in a D variable (dn_stroff elements) out of range is DTrace's
 * DTRACEFLT_BADINDEX fault, the index its value.  With past, the index
 * one past the last element is in range: its address (&a[n]) is C's end
 * of the array, which is not read.
 */
static void
emit_elem(dt_cg_t *cg, dt_node_t *dnp, bool past)
{
	dt_cg_push(cg);
	dt_cg_expr_as(cg, dnp->dn_right, (dt_type_t){ DT_TK_INT, 8, 1 });
	if (dnp->dn_stroff > 0) {
		int lok = dt_cg_label_new(cg);

		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R0,
		    (int32_t)dnp->dn_stroff + past, 0), lok);
		dt_cg_emit_fault(cg, DTRACEFLT_BADINDEX, R0);
		dt_cg_label_set(cg, lok);
	}
	if (dnp->dn_value != 1)
		dt_cg_emit(cg, ALU_IMM(BPF_MUL, R0, (int32_t)dnp->dn_value));
	dt_cg_pop(cg, R1);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
}

/*
 * Before *p or p[i] loads an integer or pointer of 2, 4 or 8 bytes: an
 * address in r0 that is not a multiple of its size is DTrace's invalid
 * alignment fault (DTRACEFLT_BADALIGN) for that address, as the DTrace
 * guide has it ("Pointer Safety").  A member p->m is where its struct
 * puts it, and is not checked; nor is scratch memory (alloca( ),
 * copyin( )), whose bytes are read as they lie, bounds checked first
 * (dt_cg_emit_scratch_check()).
 */
static void
emit_align_check(dt_cg_t *cg, const dt_node_t *dnp)
{
	dt_type_t t = dnp->dn_type;
	int lok;

	if ((t.ty_kind != DT_TK_INT && t.ty_kind != DT_TK_PTR) ||
	    dnp->dn_scratch || t.ty_size < 2 || t.ty_size > 8 ||
	    (dnp->dn_aux >> 8 & 0xff) != 0)
		return;
	lok = dt_cg_label_new(cg);
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R1, (int32_t)t.ty_size - 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lok);
	dt_cg_emit_fault(cg, DTRACEFLT_BADALIGN, R0);
	dt_cg_label_set(cg, lok);
}

/* r0 = *p */
static void
cg_deref(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_expr(cg, dnp->dn_left);
	emit_align_check(cg, dnp);
	emit_load(cg, dnp);
}

/*
 * r0 = p->m or s.m: the address of the struct plus the offset, loaded.
 * A NULL p is DTrace's invalid address fault for address 0, as DTrace
 * reports it, not for the member's offset.
 */
static void
cg_member(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_expr(cg, dnp->dn_left);
	if (dnp->dn_op == T_ARROW && dnp->dn_value != 0) {
		int lok = dt_cg_label_new(cg);

		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lok);
		dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R0);
		dt_cg_label_set(cg, lok);
	}
	if (dnp->dn_value != 0)
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
	emit_load(cg, dnp);
}

/* r0 = the address of the lvalue *p, p[i] or p->m (past: see emit_elem) */
static void
cg_lvaddr(dt_cg_t *cg, dt_node_t *lv, bool past)
{
	switch (lv->dn_kind) {
	case DN_UNARY:
		dt_cg_expr(cg, lv->dn_left);
		break;
	case DN_MEMBER:
		if (lv->dn_op == T_ARROW)
			dt_cg_expr(cg, lv->dn_left);
		else
			cg_valaddr(cg, lv->dn_left);
		if (lv->dn_value != 0)
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0,
			    (int32_t)lv->dn_value));
		break;
	case DN_INDEX:
		cg_valaddr(cg, lv->dn_left);
		emit_elem(cg, lv, past);
		break;
	default:
		dt_cg_fail(cg, "D_CG", "internal error: unexpected lvalue");
	}
}

/* The BPF size of a load or store of size (1, 2, 4, 8) bytes. */
static int
bpf_size(int64_t size)
{
	return (size == 1 ? BPF_B : size == 2 ? BPF_H : size == 4 ? BPF_W :
	    BPF_DW);
}

/*
 * Store the value in r0 (size bytes) at the address in stack slot aslot,
 * which must lie in memory D may write, else the invalid address fault
 * for it: scratch space the clause allocated, the this-> variables of
 * dctx or the global variables of the globals map (as far as the
 * programs compiled so far have declared them: p = &a[0], p = a).  Each
 * region's address is made a plain number to subtract it (stored and
 * read back through ms_addr), and the write goes through the region's
 * own pointer at the offset found, bounded for the verifier.
 */
static void
emit_scratch_store(dt_cg_t *cg, int16_t aslot, int size)
{
	int32_t ss = (int32_t)dt_cg_scratch_size(cg->cg_hdl);
	int32_t gs = (int32_t)cg->cg_hdl->dt_globsize;
	int32_t ls = (int32_t)cg->cg_hdl->dt_localsize;
	int lbad = dt_cg_label_new(cg), lok = dt_cg_label_new(cg);
	int llocal = dt_cg_label_new(cg), lglobal = dt_cg_label_new(cg);
	int ldone = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R5, R0));
	/* scratch space: r2 = the offset in it */
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_dctx)));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
	    (int32_t)dt_cg_scratch_off(cg->cg_hdl)));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, aslot));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, ss - size, 0), llocal);
	dt_cg_emit(cg, MOV_REG(R3, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, size));
	dt_cg_emit(cg, LDX(BPF_DW, R4, R9, MS_OFF(ms_scratch)));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLE, R3, R4, 0), lok);
	dt_cg_emit_jump(cg, JA(), lbad);
	/* this-> variables: r2 = the offset in dctx's locals area */
	dt_cg_label_set(cg, llocal);
	if (ls >= size) {
		dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_dctx)));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
		    (int32_t)dt_cg_locals_off()));
		dt_cg_emit(cg, LDX(BPF_DW, R2, FP, aslot));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R1));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, ls - size, 0),
		    lglobal);
		dt_cg_emit(cg, MOV_REG(R1, R9));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
		    (int32_t)dt_cg_locals_off()));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
		dt_cg_emit(cg, STX(bpf_size(size), R1, 0, R5));
		dt_cg_emit_jump(cg, JA(), ldone);
	}
	/* global variables: r2 = the offset among them */
	dt_cg_label_set(cg, lglobal);
	if (gs >= size) {
		dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, GS_SIZE);
		dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_addr), R1));
		dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_addr)));
		dt_cg_emit(cg, LDX(BPF_DW, R2, FP, aslot));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R1));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, gs - size, 0), lbad);
		dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, GS_SIZE);
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
		dt_cg_emit(cg, STX(bpf_size(size), R1, 0, R5));
		dt_cg_emit_jump(cg, JA(), ldone);
	}
	dt_cg_label_set(cg, lbad);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
	dt_cg_emit(cg, MOV_REG(R1, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
	    (int32_t)dt_cg_scratch_off(cg->cg_hdl)));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
	dt_cg_emit(cg, STX(bpf_size(size), R1, 0, R5));
	dt_cg_label_set(cg, ldone);
	dt_cg_emit(cg, MOV_REG(R0, R5));
}

/*
 * Store r0 into bit-field lv of a struct variable, whose address is in
 * stack slot aslot (the sema allows no other): the bytes that hold the
 * field are read, its bits replaced by the low bits of r0, and written
 * back.  r0 = the field's new value, as reading it gives it (truncated
 * to the width, sign-extended for a signed field).
 */
static void
emit_bitfield_store(dt_cg_t *cg, const dt_node_t *lv, int16_t aslot)
{
	uint32_t bit = (uint32_t)(lv->dn_aux & 0xff);
	uint32_t bitsize = (uint32_t)(lv->dn_aux >> 8 & 0xff);
	uint32_t bytes = (bit + bitsize + 7) / 8;
	int size = bytes <= 1 ? 1 : bytes <= 2 ? 2 : bytes <= 4 ? 4 : 8;
	uint64_t mask = bitsize >= 64 ? ~0ULL : (1ULL << bitsize) - 1;

	/* r0 = the value's low bitsize bits, at the field's place */
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, (int32_t)(64 - bitsize)));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, (int32_t)(64 - bitsize - bit)));
	/* r2 = the bytes with the field's bits cleared */
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
	dt_cg_emit(cg, LDX(bpf_size(size), R2, R1, 0));
	dt_cg_emit_imm64(cg, R3, ~(mask << bit));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R2, R3));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R2, R0));
	dt_cg_emit(cg, STX(bpf_size(size), R1, 0, R2));
	/* the value read back */
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, (int32_t)(64 - bit - bitsize)));
	dt_cg_emit(cg, ALU_IMM(lv->dn_type.ty_signed ? BPF_ARSH : BPF_RSH, R0,
	    (int32_t)(64 - bitsize)));
}

/*
 * A float, double or long double assigned to memory (the sema allows
 * only =, of a value of the same type), whose address is in stack slot
 * aslot: its bytes copied 8 (or 4) at a time, each read from the value's
 * address and stored as emit_scratch_store() or a struct variable's
 * member stores an integer.  r0 = the address written, the value.
 */
static void
emit_float_store(dt_cg_t *cg, dt_node_t *dnp, int16_t aslot)
{
	int size = dnp->dn_left->dn_type.ty_size;
	int chunk = size < 8 ? size : 8;
	bool var = dt_member_root(dnp->dn_left) != NULL;
	int16_t vslot;

	dt_cg_expr(cg, dnp->dn_right);		/* the value's address */
	vslot = dt_cg_push(cg);
	for (int off = 0; off < size; off += chunk) {
		dt_cg_emit(cg, LDX(BPF_DW, R0, FP, vslot));
		if (off > 0)
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, off));
		dt_cg_emit_read_value(cg, chunk);
		if (var) {
			dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
			dt_cg_emit(cg, STX(bpf_size(chunk), R1, (int16_t)off,
			    R0));
			continue;
		}
		if (off > 0) {		/* the slot names this chunk */
			dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, chunk));
			dt_cg_emit(cg, STX(BPF_DW, FP, aslot, R1));
		}
		emit_scratch_store(cg, aslot, chunk);
	}
	cg->cg_sp -= 8;
	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, aslot));
	if (!var && size > chunk)
		dt_cg_emit(cg, ALU_IMM(BPF_SUB, R0, size - chunk));
}

/*
 * An assignment (=, op=) or ++/-- to memory: r0 = the value stored (for
 * a postfix ++/--, the old value).
 */
static void
cg_memassign(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *lv = dnp->dn_left;
	dt_type_t t = lv->dn_type;
	int size = t.ty_kind == DT_TK_PTR ? 8 : t.ty_size;
	bool post = dnp->dn_kind == DN_INCDEC && dnp->dn_post;
	int16_t aslot;

	cg_lvaddr(cg, lv, false);
	aslot = dt_cg_push(cg);
	if (t.ty_kind == DT_TK_FLOAT) {
		emit_float_store(cg, dnp, aslot);
		cg->cg_sp -= 8;
		return;
	}
	if (t.ty_kind == DT_TK_STRING) {
		/* a string member of a struct variable (the only string
		   the sema lets be written in place): the string copied
		   into its char array, cut to dn_aux bytes with the NUL */
		dt_cg_expr(cg, dnp->dn_right);
		dt_cg_emit(cg, MOV_REG(R3, R0));
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)dnp->dn_aux));
		dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
		dt_cg_emit(cg, LDX(BPF_DW, R0, FP, aslot));
		cg->cg_sp -= 8;
		return;
	}
	if (dt_type_isbytes(t)) {
		/* a struct or array member of a struct variable: the bytes
		   of the value (r0 its address) copied in, dn_aux of them */
		int16_t sslot;

		dt_cg_expr(cg, dnp->dn_right);
		sslot = dt_cg_push(cg);
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
		dt_cg_emit_copy_in(cg, (uint32_t)dnp->dn_aux, sslot);
		dt_cg_pop(cg, R0);
		cg->cg_sp -= 8;
		return;
	}
	if (dnp->dn_kind == DN_ASSIGN && dnp->dn_op == T_ASSIGN) {
		dt_cg_expr_as(cg, dnp->dn_right, t);
	} else {
		emit_load(cg, lv);	/* r0 is the address */
		if (post)
			dt_cg_push(cg);
		if (dnp->dn_kind == DN_INCDEC) {
			dt_cg_emit(cg, MOV_IMM(R1, 1));
		} else {
			dt_cg_push(cg);
			dt_cg_expr(cg, dnp->dn_right);	/* its 64 bits */
			dt_cg_emit(cg, MOV_REG(R1, R0));
			dt_cg_pop(cg, R0);
		}
		emit_ptrscale(cg, dnp, R1);
		emit_arith(cg, dnp->dn_op, t);
		dt_cg_normalize(cg, t);		/* the value stored */
	}
	if (lv->dn_kind == DN_MEMBER && (lv->dn_aux >> 8 & 0xff) != 0) {
		emit_bitfield_store(cg, lv, aslot);
	} else if (dt_member_root(lv) != NULL) {
		/* a member of a global or this-> struct: in its storage,
		   an address the verifier knows */
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
		dt_cg_emit(cg, STX(bpf_size(size), R1, 0, R0));
	} else {
		emit_scratch_store(cg, aslot, size);
	}
	if (post)
		dt_cg_pop(cg, R0);
	cg->cg_sp -= 8;
}

/*
 * r0 = the address of a whole translated struct (dt_sema.c's
 * sema_xlate_whole()), built zeroed in string temporaries: each member
 * the translator defines stored at its offset, a string copied into its
 * char array (at most the array's size, NUL included).
 */
static void
cg_xlate_whole(dt_cg_t *cg, dt_node_t *dnp)
{
	uint32_t size = (uint32_t)dnp->dn_value;
	uint32_t off = dt_cg_tmp_alloc_bytes(cg, size);
	for (uint32_t b = 0; b + 8 <= size; b += 8)
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(off + b), 0));
	for (uint32_t b = size & ~7U; b < size; b++)
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(off + b), 0));
	for (dt_node_t *m = dnp->dn_args; m != NULL; m = m->dn_list) {
		uint32_t moff = off + (uint32_t)m->dn_value;
		int64_t msize = m->dn_aux;

		dt_cg_expr(cg, m);
		if (m->dn_type.ty_kind == DT_TK_STRING) {
			dt_cg_emit(cg, MOV_REG(R3, R0));
			dt_cg_emit_dctx_addr(cg, R1, moff);
			dt_cg_emit(cg, MOV_IMM(R2, (int32_t)msize));
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
		} else {
			dt_cg_emit(cg, STX(bpf_size(msize), R9, (int16_t)moff,
			    R0));
		}
	}
	dt_cg_emit_dctx_addr(cg, R0, off);
}

/* r0 = the value of a variable or associative array element */
static void
cg_var(dt_cg_t *cg, const dt_node_t *dnp)
{
	dt_lvkey_t k;

	dt_cg_lv_key(cg, dnp, &k);
	dt_cg_lv_load(cg, dnp, &k);
	dt_cg_lv_done(cg, &k);
}

/* r0 = a[i]: the base address plus i elements, loaded */
/*
 * r0 = uregs[i]: the 8 bytes at current->stack + dn_aux + 8 * i (see
 * sema_uregs); an index out of range is an illegal operation fault.
 */
static void
cg_uregs(dt_cg_t *cg, dt_node_t *dnp)
{
	int32_t nregs = (int32_t)((DT_THREAD_SIZE - dnp->dn_aux) / 8);
	int lok = dt_cg_label_new(cg);

	dt_cg_expr_as(cg, dnp->dn_right, (dt_type_t){ DT_TK_INT, 8, 1 });
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R0, nregs, 0), lok);
	dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, R0);
	dt_cg_label_set(cg, lok);
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 3));
	dt_cg_push(cg);
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
	dt_cg_emit_read_value(cg, 8);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_aux));
	dt_cg_pop(cg, R1);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
	dt_cg_emit_read_value(cg, 8);
}

/*
 * A char array in memory (a member, an element, *p), which D gives the
 * string type of its size (ty_btf its array), not a D string.
 */
static bool
is_char_array(const dt_node_t *n)
{
	return (n->dn_type.ty_kind == DT_TK_STRING && n->dn_type.ty_btf != 0 &&
	    (n->dn_kind == DN_MEMBER || n->dn_kind == DN_INDEX ||
	    (n->dn_kind == DN_UNARY && n->dn_op == T_STAR)));
}

/*
 * r0 = the address of char array n, to read one of its chars there: its
 * string value would be a copy of at most strsize of them, so c[i] past
 * strsize read a byte after the copy's end (0) whatever c held.  Read
 * only: a self-> or associative array element that is not there is the
 * zeros its value reads as, not made.
 */
static void
cg_char_array_addr(dt_cg_t *cg, dt_node_t *n)
{
	switch (n->dn_kind) {
	case DN_MEMBER:
		dt_cg_expr(cg, n->dn_left);	/* a struct: its address */
		if (n->dn_op == T_ARROW) {
			int lok = dt_cg_label_new(cg);

			dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lok);
			dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R0);
			dt_cg_label_set(cg, lok);
		}
		if (n->dn_value != 0)
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0,
			    (int32_t)n->dn_value));
		break;
	case DN_INDEX:
		if (is_char_array(n->dn_left))
			cg_char_array_addr(cg, n->dn_left);
		else
			dt_cg_expr(cg, n->dn_left);
		emit_elem(cg, n, false);
		break;
	default:
		dt_cg_expr(cg, n->dn_left);	/* *p: p */
	}
}

static void
cg_index(dt_cg_t *cg, dt_node_t *dnp)
{
	if (dnp->dn_ident != NULL) {	/* an associative array */
		cg_var(cg, dnp);
		return;
	}
	if (dnp->dn_builtin != NULL && dnp->dn_builtin->di_id ==
	    DT_BI_UREGS) {
		cg_uregs(cg, dnp);
		return;
	}
	if (dnp->dn_builtin != NULL && dnp->dn_builtin->di_id == DT_BI_FDS) {
		dt_cg_fds(cg, dnp);
		return;
	}
	if (is_char_array(dnp->dn_left)) {
		cg_char_array_addr(cg, dnp->dn_left);
		emit_elem(cg, dnp, false);
		emit_load(cg, dnp);
		return;
	}
	dt_cg_expr(cg, dnp->dn_left);
	if (dt_cg_str_maynull(dnp->dn_left))	/* NULL[i] faults at i */
		dt_cg_emit_str_unnull(cg, R0, R1);
	emit_elem(cg, dnp, false);
	if (dnp->dn_left->dn_type.ty_kind == DT_TK_PTR)
		emit_align_check(cg, dnp);
	emit_load(cg, dnp);
}

/*
 * probeprov of a shared USDT probe's firing for a process not discovered
 * yet (ms_provpid set): r0 is the provider's name ("myprov"); it becomes
 * a temporary with the process id after it ("myprov1234"), as the
 * process's own probe is named.  Else r0 is left as it is (to ldone).
 */
static void
emit_provpid(dt_cg_t *cg, int ldone)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl), t;
	int lcount = dt_cg_label_new(cg), lcounted = dt_cg_label_new(cg);
	int lloop = dt_cg_label_new(cg), lshow = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_W, R8, R9, MS_OFF(ms_provpid)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R8, 0, 0), ldone);
	t = dt_cg_tmp_alloc(cg);
	dt_cg_emit_strcopy(cg, t);		/* r7: its length */
	/* r4 = the digits of the id, 1 to 10 */
	dt_cg_emit(cg, MOV_REG(R1, R8));
	dt_cg_emit(cg, MOV_IMM(R4, 0));
	dt_cg_label_set(cg, lcount);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, 1));
	dt_cg_emit(cg, ALU_IMM(BPF_DIV, R1, 10));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lcounted);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R4, 10, 0), lcount);
	dt_cg_label_set(cg, lcounted);
	/* no room for them (a tiny strsize): the name alone */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R7, (int32_t)strbuf - 11, 0),
	    lshow);
	dt_cg_emit(cg, MOV_REG(R2, R7));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R2, R4));
	dt_cg_emit_clamp(cg, R2, 0, (int32_t)strbuf - 1);
	dt_cg_emit_tmp_at(cg, R1, t, R2);
	dt_cg_emit(cg, ST_IMM(BPF_B, R1, 0, 0));
	/* the digits, last first, before the NUL at r2 */
	dt_cg_label_set(cg, lloop);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R2, 1));
	dt_cg_emit_clamp(cg, R2, 0, (int32_t)strbuf - 1);
	dt_cg_emit(cg, MOV_REG(R3, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_MOD, R3, 10));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, '0'));
	dt_cg_emit_tmp_at(cg, R1, t, R2);
	dt_cg_emit(cg, STX(BPF_B, R1, 0, R3));
	dt_cg_emit(cg, ALU_IMM(BPF_DIV, R8, 10));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R4, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R4, 0, 0), lloop);
	dt_cg_label_set(cg, lshow);
	dt_cg_emit_dctx_addr(cg, R0, t);
}

void
dt_cg_expr(dt_cg_t *cg, dt_node_t *dnp)
{
	switch (dnp->dn_kind) {
	case DN_INT:
		dt_cg_emit_imm64(cg, R0, (uint64_t)dnp->dn_value);
		dt_cg_normalize(cg, dnp->dn_type);
		break;
	case DN_STRING:
		dt_cg_emit_mapval(cg, R0, DT_MAP_STRTAB, dnp->dn_stroff);
		break;
	case DN_VAR:
		if (dnp->dn_builtin != NULL) {
			cg_builtin(cg, dnp);
			dt_cg_normalize(cg, dnp->dn_type);	/* args[] typed */
		} else {
			cg_var(cg, dnp);
		}
		break;
	case DN_CALL: {
		/* a subroutine's value; stack( )'s kin say they have none */
		const dt_fn_t *fn = dt_fn_of(dnp->dn_builtin);

		if (fn->fn_kind != DT_FK_SUBR && !(fn->fn_flags & DT_FF_DYNACT))
			dt_cg_fail(cg, "D_CG", "action used as a value");
		fn->fn_cg(cg, dnp, NULL);
		break;
	}
	case DN_UNARY:
		if (dnp->dn_op == T_AND) {	/* the address, not a read */
			cg_lvaddr(cg, dnp->dn_left, true);
			if (dt_member_root(dnp->dn_left) != NULL) {
				/* in a map: made a plain number, which the
				   verifier lets D's arithmetic and casts
				   work on (dctx is a map value, so a load
				   from it is a number) */
				dt_cg_emit(cg, STX(BPF_DW, R9,
				    MS_OFF(ms_addr), R0));
				dt_cg_emit(cg, LDX(BPF_DW, R0, R9,
				    MS_OFF(ms_addr)));
			}
			break;
		}
		if (dnp->dn_op == T_STAR) {
			cg_deref(cg, dnp);
			break;
		}
		/* the operand's 64-bit value, as DTrace computes it */
		dt_cg_expr(cg, dnp->dn_left);
		switch (dnp->dn_op) {
		case T_MINUS:
			dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R0, 0, 0, 0));
			break;
		case T_NOT:
			dt_cg_emit(cg, ALU_IMM(BPF_XOR, R0, -1));
			break;
		case T_LNOT:
			dt_cg_emit(cg, MOV_IMM(R1, 0));
			emit_compare(cg, T_EQ, false);
			break;
		default:
			break;
		}
		break;
	case DN_BINARY: {
		dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;
		bool cmp = dnp->dn_op == T_EQ || dnp->dn_op == T_NE ||
		    dnp->dn_op == T_LT || dnp->dn_op == T_GT ||
		    dnp->dn_op == T_LE || dnp->dn_op == T_GE;
		dt_type_t ct;

		if (cmp && l->dn_type.ty_kind == DT_TK_STRING) {
			/* the operands' temporaries are free once compared */
			int ntmp = cg->cg_ntmp;

			dt_cg_expr(cg, l);
			dt_cg_push(cg);
			dt_cg_expr(cg, r);
			dt_cg_emit(cg, MOV_REG(R2, R0));
			dt_cg_pop(cg, R1);
			emit_strcmp(cg);
			dt_cg_emit(cg, MOV_IMM(R1, 0));
			emit_compare(cg, dnp->dn_op, true);
			cg->cg_ntmp = ntmp;
			break;
		}
		/*
		 * The operands' 64-bit values, an operator's result of a
		 * narrower type or compared in its own type's size
		 * (cg_operand()); a comparison is signed if the operand of
		 * higher rank (dt_sema.c's common_type()) is, never for a
		 * pointer.
		 */
		ct = dnp->dn_type;
		if (cmp) {
			dt_type_t a = l->dn_type, b = r->dn_type;

			ct = b.ty_size * 8 + !b.ty_signed >
			    a.ty_size * 8 + !a.ty_signed ? b : a;
			if (a.ty_kind == DT_TK_PTR || b.ty_kind == DT_TK_PTR)
				ct = (dt_type_t){ DT_TK_PTR, 8, 0, 0 };
		}
		cg_operand(cg, l, ct, cmp);
		dt_cg_push(cg);
		cg_operand(cg, r, ct, cmp);
		dt_cg_emit(cg, MOV_REG(R1, R0));
		dt_cg_pop(cg, R0);
		/* pointer +/- integer moves by whole pointed-to objects */
		if (!cmp && (dnp->dn_op == T_PLUS || dnp->dn_op == T_MINUS)) {
			dt_type_t lt = l->dn_type, rt = r->dn_type;

			if (lt.ty_kind == DT_TK_PTR && rt.ty_kind == DT_TK_INT)
				emit_ptrscale(cg, dnp, R1);
			else if (rt.ty_kind == DT_TK_PTR && lt.ty_kind ==
			    DT_TK_INT)
				emit_ptrscale(cg, dnp, R0);
			if (lt.ty_kind == DT_TK_PTR && rt.ty_kind == DT_TK_PTR && dnp->dn_aux > 1) {
				/* the difference counts elements */
				dt_cg_emit(cg, ALU_REG(BPF_SUB, R0, R1));
				dt_cg_emit(cg, MOV_IMM(R1, (int32_t)dnp->dn_aux));
				emit_sdivmod(cg, BPF_DIV);
				break;
			}
		}
		if (cmp)
			emit_compare(cg, dnp->dn_op, ct.ty_kind == DT_TK_INT &&
			    ct.ty_signed);
		else
			emit_arith(cg, dnp->dn_op, dnp->dn_type);
		break;
	}
	case DN_LOGICAL: {
		int lshort = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

		if (dnp->dn_op == T_LXOR) {
			dt_cg_expr(cg, dnp->dn_left);
			dt_cg_emit(cg, MOV_IMM(R1, 0));
			emit_compare(cg, T_NE, false);
			dt_cg_push(cg);
			dt_cg_expr(cg, dnp->dn_right);
			dt_cg_emit(cg, MOV_IMM(R1, 0));
			emit_compare(cg, T_NE, false);
			dt_cg_pop(cg, R1);
			dt_cg_emit(cg, ALU_REG(BPF_XOR, R0, R1));
			break;
		}
		dt_cg_expr(cg, dnp->dn_left);
		dt_cg_emit_jump(cg,
		    JMP_IMM(dnp->dn_op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0, 0),
		    lshort);
		dt_cg_expr(cg, dnp->dn_right);
		dt_cg_emit(cg, MOV_IMM(R1, 0));
		emit_compare(cg, T_NE, false);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lshort);
		dt_cg_emit(cg, MOV_IMM(R0, dnp->dn_op == T_LAND ? 0 : 1));
		dt_cg_label_set(cg, ldone);
		break;
	}
	case DN_TERNARY: {
		int lelse = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

		dt_cg_expr(cg, dnp->dn_cond);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lelse);
		dt_cg_expr_as(cg, dnp->dn_left, dnp->dn_type);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lelse);
		dt_cg_expr_as(cg, dnp->dn_right, dnp->dn_type);
		dt_cg_label_set(cg, ldone);
		break;
	}
	case DN_ASSIGN: {
		const dt_node_t *lv = dnp->dn_left;
		const dt_ident_t *idp = lv->dn_ident;
		dt_lvkey_t k;

		if (idp == NULL) {
			cg_memassign(cg, dnp);
			break;
		}
		dt_cg_lv_key(cg, lv, &k);
		if (dnp->dn_op == T_ASSIGN &&
		    idp->di_type.ty_kind == DT_TK_STRUCT &&
		    dnp->dn_right->dn_type.ty_kind != DT_TK_STRUCT) {
			/* 0 or NULL (see zero_clears() in dlang/dt_sema.c) */
			dt_cg_lv_clear(cg, lv, &k);
			dt_cg_lv_done(cg, &k);
			break;
		}
		if (dnp->dn_op == T_ASSIGN && idp->di_wide) {
			dt_cg_expr(cg, dnp->dn_right);	/* all 64 bits */
		} else if (dnp->dn_op == T_ASSIGN) {
			dt_cg_expr_as(cg, dnp->dn_right, idp->di_type);
		} else {
			dt_type_t ct = idp->di_type;

			dt_cg_lv_load(cg, lv, &k);
			dt_cg_push(cg);
			dt_cg_expr(cg, dnp->dn_right);	/* its 64 bits */
			dt_cg_emit(cg, MOV_REG(R1, R0));
			dt_cg_pop(cg, R0);
			emit_ptrscale(cg, dnp, R1);
			emit_arith(cg, dnp->dn_op, ct);
			if (!idp->di_wide)		/* the value stored */
				dt_cg_normalize(cg, ct);
		}
		dt_cg_lv_store(cg, lv, &k);
		dt_cg_lv_done(cg, &k);
		break;
	}
	case DN_INCDEC: {
		const dt_node_t *lv = dnp->dn_left;
		dt_lvkey_t k;

		if (lv->dn_ident == NULL) {
			cg_memassign(cg, dnp);
			break;
		}
		dt_cg_lv_key(cg, lv, &k);
		dt_cg_lv_load(cg, lv, &k);
		if (dnp->dn_post)
			dt_cg_push(cg);
		dt_cg_emit(cg, MOV_IMM(R1, 1));
		emit_ptrscale(cg, dnp, R1);
		emit_arith(cg, dnp->dn_op, lv->dn_ident->di_type);
		if (!lv->dn_ident->di_wide)
			dt_cg_normalize(cg, lv->dn_ident->di_type);
		dt_cg_lv_store(cg, lv, &k);
		if (dnp->dn_post)
			dt_cg_pop(cg, R0);
		dt_cg_lv_done(cg, &k);
		break;
	}
	case DN_CAST:
		if (dnp->dn_type.ty_kind == DT_TK_STRING) {
			/* (string)p: the string at p, as stringof(p) */
			dt_cg_string_of(cg, dnp->dn_left, false);
			break;
		}
		dt_cg_expr_as(cg, dnp->dn_left, dnp->dn_type);
		if ((dnp->dn_type.ty_kind == DT_TK_INT &&
		    (dnp->dn_left->dn_type.ty_kind == DT_TK_PTR ||
		    dnp->dn_left->dn_type.ty_kind == DT_TK_ARRAY)) ||
		    (dnp->dn_type.ty_kind == DT_TK_PTR &&
		    (dnp->dn_left->dn_type.ty_kind == DT_TK_ARRAY ||
		    dnp->dn_left->dn_type.ty_kind == DT_TK_STRING))) {
			/* a pointer or an array made an integer
			   ((int64_t)curcpu >> 8), an array or a translated
			   char array a pointer (p = a): a plain number
			   through dctx, as for &v.m above */
			dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_addr), R0));
			dt_cg_emit(cg, LDX(BPF_DW, R0, R9, MS_OFF(ms_addr)));
		}
		break;
	case DN_COMMA:
		dt_cg_expr(cg, dnp->dn_left);
		dt_cg_expr(cg, dnp->dn_right);
		break;
	case DN_MEMBER:
		cg_member(cg, dnp);
		break;
	case DN_INDEX:
		cg_index(cg, dnp);
		break;
	case DN_XLATE:
		cg_xlate_whole(cg, dnp);
		break;
	default:
		dt_cg_fail(cg, "D_CG", "internal error: unexpected node");
	}
}
