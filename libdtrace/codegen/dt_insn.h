/*
 * dt_insn.h: building BPF instructions, for the code generator and the
 * providers' trampolines.
 */
#ifndef DT_INSN_H
#define DT_INSN_H

#include <stddef.h>
#include <linux/bpf.h>

#define INSN(c, d, s, o, i) ((struct bpf_insn){ .code = (c), \
	.dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })
#define MOV_REG(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV_IMM(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV32_REG(d, s)	INSN(BPF_ALU | BPF_MOV | BPF_X, d, s, 0, 0)
#define ALU_REG(op, d, s) INSN(BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define ALU_IMM(op, d, i) INSN(BPF_ALU64 | (op) | BPF_K, d, 0, 0, i)
#define LDX(sz, d, s, o) INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX(sz, d, o, s) INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define ST_IMM(sz, d, o, i) INSN(BPF_ST | BPF_MEM | (sz), d, 0, o, i)
#define CALL(fn)	INSN(BPF_JMP | BPF_CALL, 0, 0, 0, fn)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define JMP_IMM(op, d, i, o) INSN(BPF_JMP | (op) | BPF_K, d, 0, o, i)
#define JMP_REG(op, d, s, o) INSN(BPF_JMP | (op) | BPF_X, d, s, o, 0)

#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R5 BPF_REG_5
#define R6 BPF_REG_6
#define R9 BPF_REG_9
#define FP BPF_REG_10

#define MS_OFF(f)	((int16_t)offsetof(dt_mstate_t, f))

#endif /* DT_INSN_H */
