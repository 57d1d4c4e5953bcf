/*
 * dt_cg_strnum.c: numbers and strings: strtoll() and the runtime routines
 * of strtoll() and lltostr() (the call site of lltostr() is with the
 * other string subroutines, in dt_cg_str.c), and the check of their base
 * argument.
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
 * reg = the base argument of lltostr() or strtoll() (pushed at slot):
 * one outside 2 .. 36 is the illegal operation fault.
 */
void
dt_cg_emit_base(dt_cg_t *cg, int reg, int16_t slot)
{
	int lbad = dt_cg_label_new(cg), lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, reg, FP, slot));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, reg, 2, 0), lbad);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, reg, 36, 0), lok);
	dt_cg_label_set(cg, lbad);
	dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, reg);
	dt_cg_label_set(cg, lok);
}

/*
 * DT_SUB_LLTOSTR: lltostr(v, base), r1 = offset of the digits' area (72
 * bytes), r2 = v, r3 = the base (2 to 36); r0 = the first character
 * written, the string ending with the NUL at DT_LL_END.  Digits from the
 * end of the area backwards, at most 64 (base 2): the count in r4 (a
 * constant for the verifier at each step) bounds the loop, as the
 * division does not.  As in DTrace, base 10 is signed, any other base
 * shows v unsigned, base 16 with "0x" before it and base 8 with "0" (v
 * not 0).  v and the base are kept in the stack (FP - 24, FP - 16).
 */
void
dt_cg_sub_lltostr(dt_cg_t *cg)
{
	int lpos = dt_cg_label_new(cg), lloop = dt_cg_label_new(cg);
	int lsign = dt_cg_label_new(cg), lend = dt_cg_label_new(cg);
	int llow = dt_cg_label_new(cg), lneg = dt_cg_label_new(cg);
	int lno16 = dt_cg_label_new(cg), lpre = dt_cg_label_new(cg);
	int lout = dt_cg_label_new(cg);
	uint32_t size = dt_cg_tmp_size(cg->cg_hdl);
	int32_t end = DT_LL_END;

	dt_cg_emit_sub_enter_args(cg, (int)((DT_LL_END + size) / size), 3, lout);
	dt_cg_emit(cg, STX(BPF_DW, FP, -16, R8));
	dt_cg_emit(cg, STX(BPF_DW, FP, -24, R7));
	dt_cg_emit(cg, MOV_REG(R8, R7));		/* magnitude */
	dt_cg_emit(cg, MOV_IMM(R5, 0));		/* negative? */
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, -16));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R2, 10, 0), lpos);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R8, 0, 0), lpos);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R8, 0, 0, 0));
	dt_cg_emit(cg, MOV_IMM(R5, 1));
	dt_cg_label_set(cg, lpos);
	dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)end, 0));
	dt_cg_emit(cg, MOV_IMM(R4, 0));
	dt_cg_label_set(cg, lloop);
	/* end - 4: room for the 64 digits of base 2 and, before them, up
	   to three characters (0x, 0, -): r7 never goes below 1 for any
	   verifier, which does not tie the prefixes to the base (6.1's
	   refused end - 2: "off=-1") */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R4, end - 4, 0), lend);
	dt_cg_emit(cg, MOV_REG(R1, R8));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, -16));
	dt_cg_emit(cg, ALU_REG(BPF_MOD, R1, R2));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R1, 10, 0), llow);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 'a' - 10 - '0'));
	dt_cg_label_set(cg, llow);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, '0'));
	dt_cg_emit(cg, MOV_IMM(R7, end - 1));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R7, R4));
	dt_cg_emit_tmp_at(cg, R3, 0, R7);
	dt_cg_emit(cg, STX(BPF_B, R3, 0, R1));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, -16));
	dt_cg_emit(cg, ALU_REG(BPF_DIV, R8, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R8, 0, 0), lloop);
	dt_cg_label_set(cg, lend);
	/* r7: the first digit, at least 7 (64 digits at most) */
	dt_cg_emit(cg, MOV_IMM(R7, end));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R7, R4));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, -16));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R2, 16, 0), lno16);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 1));
	dt_cg_emit_tmp_at(cg, R3, 0, R7);
	dt_cg_emit(cg, ST_IMM(BPF_B, R3, 0, 'x'));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lpre);
	dt_cg_label_set(cg, lno16);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R2, 8, 0), lneg);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, -24));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lsign);
	dt_cg_label_set(cg, lpre);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 1));
	dt_cg_emit_tmp_at(cg, R3, 0, R7);
	dt_cg_emit(cg, ST_IMM(BPF_B, R3, 0, '0'));
	dt_cg_label_set(cg, lneg);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), lsign);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 1));
	dt_cg_emit_tmp_at(cg, R2, 0, R7);
	dt_cg_emit(cg, ST_IMM(BPF_B, R2, 0, '-'));
	dt_cg_label_set(cg, lsign);
	dt_cg_emit(cg, MOV_REG(R0, R7));
	dt_cg_emit(cg, EXIT());
	dt_cg_emit_sub_leave(cg, lout);
}

#define TL_WS	0x100003e00ULL	/* bit c set: c is white space */

/* reg = (reg == 0), reg in [0, 2^63) */
static void
emit_tl_eqz(dt_cg_t *cg, int reg)
{
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, reg, 1));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, reg, 63));
}

/* reg = (reg < k), reg in [0, 2^63) */
static void
emit_tl_lt(dt_cg_t *cg, int reg, int32_t k)
{
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, reg, k));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, reg, 63));
}

/*
 * r0 = strtoll(s [, base]): the integer s begins with, in base 2 to 36
 * (10 by default; another base is an illegal operation, as in DTrace):
 * white space (' ', '\t' to '\r') skipped, an optional sign, for base 16
 * an optional 0x or 0X, then the digits (0-9, then a-z or A-Z for 10 to
 * 35) up to the first character that is no digit of the base.  The value
 * wraps around past 64 bits.
 *
 * One loop over the copy, bounded by strsize (r4 the position, r8 the
 * base), with a phase: 0 white space and the sign, 1 the first character
 * after them (a 0 that may start a hex prefix), 3 after that 0 (an x or
 * X), 2 the digits; a character no phase takes ends it.  Each character
 * is classified and the phase, the sign and the value updated without a
 * branch, as 0/1 flags and multiplications, so that an iteration has one
 * branch on the string's bytes, go on or stop: the verifier follows one
 * path through the loop, whatever the string, where a branch per case
 * would make it follow (and keep pending) one per case and position.
 * The loop is a runtime routine (DT_SUB_STRTOLL), its state in the
 * temporary after the copy: the value (sv), the flags (sf: the phase, 4
 * for a minus sign), and what one iteration computes (sa: phase 0 takes
 * the character, sfa: the flags it then sets, sz: the 0 of a hex prefix,
 * sx: its x).  The result, a global function's, is a number the verifier
 * knows nothing of, so what follows a call is verified once.
 */
void
dt_cg_strtoll(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	int16_t slot[2] = { 0, 0 };
	int n = dt_cg_push_args(cg, dnp, slot, 2);
	int ntmp = cg->cg_ntmp;
	uint32_t t1 = dt_cg_tmp_alloc(cg);

	(void) dt_cg_tmp_alloc(cg);		/* the routine's state */
	dt_cg_emit(cg, MOV_IMM(R8, 10));
	if (n > 1)
		dt_cg_emit_base(cg, R8, slot[1]);
	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, slot[0]));
	dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
	dt_cg_emit(cg, MOV_IMM(R1, (int32_t)t1));
	dt_cg_emit(cg, MOV_REG(R2, R8));
	dt_cg_emit_call_sub(cg, DT_SUB_STRTOLL);
	cg->cg_ntmp = ntmp;		/* the temporaries are free again */
	cg->cg_sp -= 8 * n;
}

/*
 * DT_SUB_STRTOLL: r1 = offset of the copy, the next temporary the state
 * (sv ... sx, 8 bytes each), r2 = the base (2 to 36); r0 = the value.
 * The loop is bpf_loop's (DT_SUB_STRTOLL_CB), its context the copy's
 * address and the base.
 */
#define TL_BASE	8	/* in the loop's context */

void
dt_cg_sub_strtoll(dt_cg_t *cg)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	int16_t sv = (int16_t)dt_cg_tmp_size(cg->cg_hdl), sf = sv + 8;
	int lpos = dt_cg_label_new(cg), lout = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter(cg, 2, lout);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, sv, 0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, sf, 0));
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + TL_BASE, R7));
	/* the strsize characters: the byte after them is always a NUL */
	dt_cg_emit_loop(cg, DT_SUB_STRTOLL_CB, (int32_t)strbuf - 1);
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, sv));
	dt_cg_emit(cg, LDX(BPF_DW, R5, R9, sf));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R5, 4));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), lpos);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R0, 0, 0, 0));
	dt_cg_label_set(cg, lpos);
	dt_cg_emit(cg, EXIT());
	dt_cg_emit_sub_leave(cg, lout);
}

/*
 * DT_SUB_STRTOLL_CB: one character r4 of strtoll()'s loop (r8 the base);
 * r0 = 1 to stop at a character no phase takes.
 */
void
dt_cg_sub_strtoll_cb(dt_cg_t *cg)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	int16_t sv = (int16_t)dt_cg_tmp_size(cg->cg_hdl), sf = sv + 8;
	int16_t sa = sv + 16, sfa = sv + 24, sz = sv + 32, sx = sv + 40;
	int lstop = dt_cg_label_new(cg);

	dt_cg_emit_cb_enter(cg, (int32_t)strbuf - 1, lstop);
	dt_cg_emit(cg, LDX(BPF_DW, R8, R6, TL_BASE));
	dt_cg_emit_tmp_at(cg, R2, 0, R4);
	dt_cg_emit(cg, LDX(BPF_B, R1, R2, 0));		/* r1 = c */
	dt_cg_emit(cg, LDX(BPF_DW, R5, R9, sf));
	dt_cg_emit(cg, MOV_REG(R3, R5));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R3, 3));		/* r3 = phase */

	/* r2 = white space: c < 64 and bit c of TL_WS */
	dt_cg_emit(cg, MOV_REG(R7, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R7, 6));
	emit_tl_eqz(cg, R7);
	dt_cg_emit(cg, MOV_REG(R0, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, 63));
	dt_cg_emit_imm64(cg, R2, TL_WS);
	dt_cg_emit(cg, ALU_REG(BPF_RSH, R2, R0));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R2, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, 1));

	/* r7 = a sign: c - '+' is 0 or 2; sfa = sign | minus << 2 */
	dt_cg_emit(cg, MOV_REG(R7, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, '+'));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R7, 0xfd));
	emit_tl_eqz(cg, R7);
	dt_cg_emit(cg, MOV_REG(R0, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R0, '+'));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 1));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R0, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 2));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R7));
	dt_cg_emit(cg, STX(BPF_DW, R9, sfa, R0));

	/* sa = phase 0 takes it (white space or a sign) */
	dt_cg_emit(cg, ALU_REG(BPF_OR, R2, R7));
	dt_cg_emit(cg, MOV_REG(R0, R3));
	emit_tl_eqz(cg, R0);
	dt_cg_emit(cg, ALU_REG(BPF_AND, R2, R0));
	dt_cg_emit(cg, STX(BPF_DW, R9, sa, R2));

	/* sz = phase 1 (or 0, not taken) in base 16 takes a 0 */
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R2, 1));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R2, R0));
	dt_cg_emit(cg, MOV_REG(R0, R3));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R0, 1));
	emit_tl_eqz(cg, R0);
	dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R2));
	dt_cg_emit(cg, MOV_REG(R2, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R2, 16));
	emit_tl_eqz(cg, R2);
	dt_cg_emit(cg, ALU_REG(BPF_AND, R0, R2));
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R2, '0'));
	emit_tl_eqz(cg, R2);
	dt_cg_emit(cg, ALU_REG(BPF_AND, R0, R2));
	dt_cg_emit(cg, STX(BPF_DW, R9, sz, R0));

	/* sx = phase 3 takes an x or X */
	dt_cg_emit(cg, MOV_REG(R0, R3));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R0, 3));
	emit_tl_eqz(cg, R0);
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_OR, R2, 0x20));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R2, 'x'));
	emit_tl_eqz(cg, R2);
	dt_cg_emit(cg, ALU_REG(BPF_AND, R0, R2));
	dt_cg_emit(cg, STX(BPF_DW, R9, sx, R0));

	/* r2 = the digit's value: c - '0' or (c | 0x20) - 'a' + 10, or 99 */
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R2, '0'));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, 0xff));
	dt_cg_emit(cg, MOV_REG(R3, R2));
	emit_tl_lt(cg, R3, 10);
	dt_cg_emit(cg, MOV_REG(R7, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_OR, R7, 0x20));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 'a'));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R7, 0xff));
	dt_cg_emit(cg, MOV_REG(R0, R7));
	emit_tl_lt(cg, R0, 26);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R2, 99));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R2, R3));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 89));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R7, R0));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R2, R7));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 99));

	/* r3 = a digit of the base, in phase 2; r0 = go on */
	dt_cg_emit(cg, MOV_REG(R3, R2));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R3, 63));
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, sa));
	dt_cg_emit(cg, LDX(BPF_DW, R7, R9, sz));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R7));
	dt_cg_emit(cg, LDX(BPF_DW, R7, R9, sx));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R7));
	dt_cg_emit(cg, MOV_REG(R7, R0));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R7, 1));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R3, R7));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R3));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lstop);

	/* value += digit * (value * (base - 1) + d) */
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, sv));
	dt_cg_emit(cg, MOV_REG(R7, R0));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R7, R8));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R7, R2));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R7, R0));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R7, R3));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R7));
	dt_cg_emit(cg, STX(BPF_DW, R9, sv, R0));
	/* flags = sa * sfa + (sz + sx + digit) * (2 | minus) + sz */
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R5, 4));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R5, 2));
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, sz));
	dt_cg_emit(cg, LDX(BPF_DW, R7, R9, sx));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R7, R0));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R7, R3));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R7, R5));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R7, R0));
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, sa));
	dt_cg_emit(cg, LDX(BPF_DW, R2, R9, sfa));
	dt_cg_emit(cg, ALU_REG(BPF_MUL, R0, R2));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R7, R0));
	dt_cg_emit(cg, STX(BPF_DW, R9, sf, R7));
	dt_cg_emit_cb_tail(cg, lstop);
}
