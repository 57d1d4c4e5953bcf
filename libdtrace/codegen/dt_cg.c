/*
 * dt_cg.c: the code generator, from typed AST to BPF instructions.
 *
 * Each clause compiles to one position-independent block (dt_cg_clause);
 * at dtrace_go() the blocks are assembled into programs (dt_cg_program):
 *
 *	prologue     r6 = ctx, r9 = dctx (per-CPU scratch), session state check
 *	trampoline   the provider fills ms_prid and ms_argv[] from the context
 *	clause 0     predicate, actions, ring buffer output
 *	[ERROR]      if clause 0 faulted, the ERROR clauses run here
 *	clause 1 ...
 *	epilogue     return 0
 *
 * Register use: r6 holds the context, r9 the dctx pointer, for the whole
 * program.  An expression leaves its value in r0; binary operators keep
 * their left operand in a stack slot while the right one is evaluated, so
 * helper calls (which clobber r1-r5) may appear anywhere.  An integer value
 * is always kept in canonical form: sign- or zero-extended from its type's
 * size to 64 bits.  A string value is a pointer to at least strsize
 * readable bytes: a temporary in dctx, a literal in strtab, a global
 * variable, or a probe name in the probes map.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"

static void cg_lvaddr(dt_cg_t *cg, dt_node_t *lv);
static void emit_provpid(dt_cg_t *cg, int ldone);
static void cg_speculation(dt_cg_t *cg);
static void cg_commit(dt_cg_t *cg, bool commit);

void __attribute__((noreturn))
dt_cg_fail(dt_cg_t *cg, const char *tag, const char *msg)
{
	dtrace_hdl_t *dtp = cg->cg_hdl;

	snprintf(dtp->dt_errmsg, sizeof (dtp->dt_errmsg), "%s", msg);
	dtp->dt_errtag = tag;
	dtp->dt_errno = EDT_COMPILER;
	longjmp(cg->cg_jmp, 1);
}

void
dt_cg_emit(dt_cg_t *cg, struct bpf_insn insn)
{
	if (dt_block_emit(cg->cg_hdl, cg->cg_blk, insn) != 0)
		dt_cg_fail(cg, "D_NOMEM", "out of memory");
}

uint32_t
dt_cg_pc(dt_cg_t *cg)
{
	return (cg->cg_blk->db_len);
}

void
dt_cg_reloc(dt_cg_t *cg, uint32_t insn, dt_relkind_t kind)
{
	if (dt_block_reloc(cg->cg_hdl, cg->cg_blk, insn, kind) != 0)
		dt_cg_fail(cg, "D_NOMEM", "out of memory");
}

/* r = 64-bit constant */
void
dt_cg_emit_imm64(dt_cg_t *cg, int reg, uint64_t v)
{
	if ((int64_t)v >= INT32_MIN && (int64_t)v <= INT32_MAX) {
		dt_cg_emit(cg, MOV_IMM(reg, (int32_t)v));
		return;
	}
	dt_cg_emit(cg, INSN(BPF_LD | BPF_DW | BPF_IMM, reg, 0, 0, (int32_t)v));
	dt_cg_emit(cg, INSN(0, 0, 0, 0, (int32_t)(v >> 32)));
}

/* r = map fd (for helpers taking a map) */
void
dt_cg_emit_mapfd(dt_cg_t *cg, int reg, int map)
{
	dt_cg_reloc(cg, dt_cg_pc(cg), DT_REL_MAPFD);
	dt_cg_emit(cg, INSN(BPF_LD | BPF_DW | BPF_IMM, reg, BPF_PSEUDO_MAP_FD, 0,
	    map));
	dt_cg_emit(cg, INSN(0, 0, 0, 0, 0));
}

/* r = address of byte off of the value of an array map of one entry */
void
dt_cg_emit_mapval(dt_cg_t *cg, int reg, int map, uint32_t off)
{
	dt_cg_reloc(cg, dt_cg_pc(cg), DT_REL_MAPVAL);
	dt_cg_emit(cg, INSN(BPF_LD | BPF_DW | BPF_IMM, reg, BPF_PSEUDO_MAP_VALUE, 0,
	    map));
	dt_cg_emit(cg, INSN(0, 0, 0, 0, (int32_t)off));
}

/* ---- labels --------------------------------------------------------------- */

/*
 * Labels and jumps are the assembler's (dt_asm.c); these wrappers turn its
 * sticky error into the generator's unwinding.
 */
static void
cg_asm_check(dt_cg_t *cg)
{
	if (cg->cg_asm.da_err == EDT_NOMEM)
		dt_cg_fail(cg, "D_NOMEM", "out of memory");
	if (cg->cg_asm.da_err != 0)
		longjmp(cg->cg_jmp, 1);	/* its message is on the handle */
}

int
dt_cg_label_new(dt_cg_t *cg)
{
	int label = dt_asm_label(&cg->cg_asm);

	cg_asm_check(cg);
	return (label);
}

void
dt_cg_label_set(dt_cg_t *cg, int label)
{
	dt_asm_set(&cg->cg_asm, label);
	cg_asm_check(cg);
}

/*
 * A jump to a label, resolved by resolve_labels().  Not inlined: its insn
 * would be a variable of the functions that call setjmp().
 */
void __attribute__((noinline))
dt_cg_emit_jump(dt_cg_t *cg, struct bpf_insn insn, int label)
{
	dt_asm_jump(&cg->cg_asm, insn, label);
	cg_asm_check(cg);
}

static void
resolve_labels(dt_cg_t *cg)
{
	if (dt_asm_end(&cg->cg_asm) != 0)
		cg_asm_check(cg);
}

/* ---- stack and temporaries -------------------------------------------------- */

int16_t
dt_cg_push(dt_cg_t *cg)
{
	cg->cg_sp += 8;
	if (cg->cg_sp > DT_STACK_MAX)
		dt_cg_fail(cg, "D_CG", "expression too complex: out of BPF "
		    "stack");
	dt_cg_emit(cg, STX(BPF_DW, FP, (int16_t)-cg->cg_sp, R0));
	return ((int16_t)-cg->cg_sp);
}

void
dt_cg_pop(dt_cg_t *cg, int reg)
{
	dt_cg_emit(cg, LDX(BPF_DW, reg, FP, (int16_t)-cg->cg_sp));
	cg->cg_sp -= 8;
}

/*
 * dctx: machine state, this-> variables, scratch space, string
 * temporaries, record.
 */
uint32_t
dt_cg_locals_off(void)
{
	return (((uint32_t)sizeof (dt_mstate_t) + 7) / 8 * 8);
}

/* scratchsize rounded up to 8: what alloca() and copyin() may take */
uint32_t
dt_cg_scratch_size(dtrace_hdl_t *dtp)
{
	return ((dtp->dt_opts.op_scratchsize + 7) & ~7U);
}

uint32_t
dt_cg_scratch_off(void)
{
	return (dt_cg_locals_off() + DT_LOCALS_BYTES);
}

/*
 * The scratch area takes twice scratch_size: a copy at a variable offset
 * is bounded by the verifier with the largest offset plus the largest
 * size, each up to scratch_size.
 */
static uint32_t
tmp_off(dtrace_hdl_t *dtp, int n)
{
	return (dt_cg_scratch_off() + 2 * dt_cg_scratch_size(dtp) +
	    (uint32_t)n * dtp->dt_opts.op_strsize);
}

/*
 * String temporaries a statement may use: fewer when strsize is large.
 * strtok()'s copy, after them, comes out of the same budget.
 */
int
dt_cg_ntmp(dtrace_hdl_t *dtp)
{
	int n = (int)((DT_TMP_BYTES - dtp->dt_opts.op_strsize) /
	    dtp->dt_opts.op_strsize);

	return (n < 2 ? 2 : n > DT_NTMP ? DT_NTMP : n);
}

/* Offset in dctx of a fresh string temporary. */
uint32_t
dt_cg_tmp_alloc(dt_cg_t *cg)
{
	if (cg->cg_ntmp == dt_cg_ntmp(cg->cg_hdl)) {
		char msg[128];

		snprintf(msg, sizeof (msg), "statement too complex: more "
		    "than %d string values at once with strsize %u",
		    dt_cg_ntmp(cg->cg_hdl), cg->cg_hdl->dt_opts.op_strsize);
		dt_cg_fail(cg, "D_CG", msg);
	}
	return (tmp_off(cg->cg_hdl, cg->cg_ntmp++));
}

/* strtok()'s copy of its string, kept for the next call of the firing */
uint32_t
dt_cg_strtok_off(dtrace_hdl_t *dtp)
{
	return (tmp_off(dtp, dt_cg_ntmp(dtp)));
}

uint32_t
dt_dctx_bufoff(dtrace_hdl_t *dtp)
{
	return (dt_cg_strtok_off(dtp) + dtp->dt_opts.op_strsize);
}

/* The record buffer holds the largest data record or a fault record. */
uint32_t
dt_dctx_size(dtrace_hdl_t *dtp)
{
	uint32_t data = dtp->dt_recmax;

	if (data < sizeof (dt_faultrec_t))
		data = sizeof (dt_faultrec_t);
	/*
	 * strsize more: the verifier bounds an access at a variable offset
	 * in a temporary by the largest offset plus the largest size, which
	 * can reach one strsize past the last temporary.
	 */
	return (dt_dctx_bufoff(dtp) + (uint32_t)sizeof (dt_rechdr_t) + data +
	    dtp->dt_opts.op_strsize);
}

int16_t
dt_cg_data_off(dt_cg_t *cg, uint32_t off)
{
	return ((int16_t)(dt_dctx_bufoff(cg->cg_hdl) + sizeof (dt_rechdr_t) +
	    off));
}

/* r = r9 + off */
void
dt_cg_emit_dctx_addr(dt_cg_t *cg, int reg, uint32_t off)
{
	dt_cg_emit(cg, MOV_REG(reg, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, reg, (int32_t)off));
}

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
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_fpc), (int32_t)dt_cg_pc(cg)));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), cg->cg_lfault);
}

/*
 * r0 = strcmp(r1, r2) over at most strsize bytes: unsigned byte difference
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
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize;
	uint32_t words = strsize / 8;
	int lloop = dt_cg_label_new(cg), lword = dt_cg_label_new(cg);
	int ltail = dt_cg_label_new(cg), ldiff = dt_cg_label_new(cg);
	int leq = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_IMM(R3, 0));
	dt_cg_label_set(cg, lloop);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R3, (int32_t)(words * 8), 0), ltail);
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
		dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, BPF_REG_7, BPF_REG_8, 0), ldiff);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), leq);
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), leq);

	/* the bytes after the last whole word */
	dt_cg_label_set(cg, ltail);
	for (uint32_t k = words * 8; k < strsize; k++) {
		dt_cg_emit(cg, LDX(BPF_B, BPF_REG_7, R1, (int16_t)k));
		dt_cg_emit(cg, LDX(BPF_B, BPF_REG_8, R2, (int16_t)k));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, BPF_REG_7, BPF_REG_8, 0), ldiff);
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

/* Evaluate dnp and convert the value to type t. */
void
dt_cg_expr_as(dt_cg_t *cg, dt_node_t *dnp, dt_type_t t)
{
	dt_cg_expr(cg, dnp);
	dt_cg_normalize(cg, t);
}

/* r0 = r0 <op> r1 for an arithmetic operator, in type t */
static void
emit_arith(dt_cg_t *cg, dt_tok_t op, dt_type_t t)
{
	uint8_t bop;
	int16_t sdiv = t.ty_signed && t.ty_kind == DT_TK_INT;

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
		/* signed division is the v4 ISA's div/mod with off = 1 */
		dt_cg_emit(cg, INSN(BPF_ALU64 | bop | BPF_X, R0, R1, sdiv, 0));
	} else {
		dt_cg_emit(cg, ALU_REG(bop, R0, R1));
	}
	dt_cg_normalize(cg, t);
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
	dt_cg_emit_jump(cg, helper == BPF_FUNC_probe_read_kernel_str ?
	    JMP_IMM(BPF_JSGT, R0, 0, 0) : JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
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
	case DT_BI_TIMESTAMP:
		dt_cg_emit(cg, CALL(BPF_FUNC_ktime_get_ns));
		break;
	case DT_BI_VTIMESTAMP:
		/* current->se.sum_exec_runtime */
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_task));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
		dt_cg_emit_read_value(cg, 8);
		break;
	case DT_BI_WALLTIMESTAMP:
		dt_cg_emit(cg, CALL(BPF_FUNC_ktime_get_boot_ns));
		dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, 0);
		dt_cg_emit(cg, LDX(BPF_DW, R1, R1, (int16_t)offsetof(dt_gstate_t,
		    gs_walloff)));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
		break;
	case DT_BI_CPU:
		dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
		break;
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
		uint32_t off = dt_cg_tmp_alloc(cg), size = cg->cg_hdl->dt_opts.op_strsize;
		int lok = dt_cg_label_new(cg);

		while (size < 512 && cg->cg_ntmp < dt_cg_ntmp(dtp)) {
			(void) dt_cg_tmp_alloc(cg);	/* consecutive: more frames */
			size += dtp->dt_opts.op_strsize;
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
		uint32_t off = dt_cg_tmp_alloc(cg), size = dtp->dt_opts.op_strsize;

		while (size < 16) {
			(void) dt_cg_tmp_alloc(cg);	/* consecutive */
			size += dtp->dt_opts.op_strsize;
		}
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
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)((id - DT_BI_PROBEPROV) *
		    dtp->dt_opts.op_strsize)));
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
	int lsize = dt_cg_label_new(cg), loff = dt_cg_label_new(cg), lfit = dt_cg_label_new(cg);

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
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dt_cg_scratch_off()));
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
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)dt_cg_scratch_off()));
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
 * Copy r2 bytes from the address in stack slot aslot with helper
 * (bpf_probe_read_user or _kernel) to byte r1 of the scratch area; a
 * failed read is the invalid address fault for that address.
 */
static void
emit_scratch_read(dt_cg_t *cg, int helper, int16_t aslot)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R3, R1));
	dt_cg_emit(cg, MOV_REG(R1, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)dt_cg_scratch_off()));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R3));
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, aslot));
	dt_cg_emit(cg, CALL(helper));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
}

/* r0 = alloca(size) */
void
dt_cg_alloca(dt_cg_t *cg, dt_node_t *dnp, dt_datarec_t *r __attribute__((unused)))
{
	dt_cg_expr(cg, dnp->dn_args);
	emit_scratch_alloc(cg);
	emit_scratch_ptr(cg);
}

/* r0 = copyin(addr, size): a copy of user memory in scratch space */
void
dt_cg_copyin(dt_cg_t *cg, dt_node_t *dnp, dt_datarec_t *r __attribute__((unused)))
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
 * allocated; bcopy(src, dest, size): kernel memory outside scratch space
 * to scratch space the clause allocated.
 */
void
dt_cg_copyto(dt_cg_t *cg, dt_node_t *dnp, dt_datarec_t *r __attribute__((unused)))
{
	bool bcopy = dnp->dn_builtin->di_id == DT_FN_BCOPY;
	dt_node_t *a0 = dnp->dn_args, *a1 = a0->dn_list, *a2 = a1->dn_list;
	int16_t aslot, sslot, dslot;

	dt_cg_expr(cg, a0);
	aslot = dt_cg_push(cg);
	dt_cg_expr(cg, bcopy ? a2 : a1);
	sslot = dt_cg_push(cg);
	dt_cg_expr(cg, bcopy ? a1 : a2);
	dslot = dt_cg_push(cg);
	if (bcopy) {
		int32_t ss = (int32_t)dt_cg_scratch_size(cg->cg_hdl);
		int lok = dt_cg_label_new(cg);

		/* src must not overlap the scratch area:
		   src >= base + ss or src + size <= base */
		dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_dctx)));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)dt_cg_scratch_off()));
		dt_cg_emit(cg, LDX(BPF_DW, R2, FP, aslot));
		dt_cg_emit(cg, MOV_REG(R3, R1));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, ss));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R2, R3, 0), lok);
		dt_cg_emit(cg, LDX(BPF_DW, R3, FP, sslot));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R2));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JLE, R3, R1, 0), lok);
		dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R2);
		dt_cg_label_set(cg, lok);
	}
	emit_scratch_dest(cg, dslot, sslot);
	emit_scratch_read(cg, bcopy ? BPF_FUNC_probe_read_kernel :
	    BPF_FUNC_probe_read_user, aslot);
	cg->cg_sp -= 24;
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
 * masked, a char array is copied into a string temporary, and a struct or
 * array stays an address.
 */
static void
emit_load(dt_cg_t *cg, const dt_node_t *dnp)
{
	dt_type_t t = dnp->dn_type;
	uint32_t bit = (uint32_t)(dnp->dn_aux & 0xff);
	uint32_t bitsize = (uint32_t)(dnp->dn_aux >> 8 & 0xff);
	int size;

	if (t.ty_kind == DT_TK_STRUCT || t.ty_kind == DT_TK_ARRAY)
		return;
	if (t.ty_kind == DT_TK_STRING) {
		uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize;
		uint32_t n = dnp->dn_strlen < strsize ?
		    (uint32_t)dnp->dn_strlen : strsize - 1;
		uint32_t off = dt_cg_tmp_alloc(cg);

		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true, (int32_t)off,
		    (int32_t)n);
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)(off + n), 0));
		dt_cg_emit_dctx_addr(cg, R0, off);
		return;
	}
	size = t.ty_size;
	if (bitsize != 0) {
		uint32_t bytes = (bit + bitsize + 7) / 8;

		size = bytes <= 1 ? 1 : bytes <= 2 ? 2 : bytes <= 4 ? 4 : 8;
	}
	dt_cg_emit_read_value(cg, size);
	if (bitsize != 0) {
		/* little-endian: the field starts bit bits into the value */
		dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, (int32_t)(64 - bit - bitsize)));
		dt_cg_emit(cg, ALU_IMM(t.ty_signed ? BPF_ARSH : BPF_RSH, R0,
		    (int32_t)(64 - bitsize)));
		return;
	}
	dt_cg_normalize(cg, t);
}

static bool
lv_dynamic(const dt_ident_t *idp)
{
	return (idp->di_kind == DT_IDENT_ASSOC || idp->di_kind == DT_IDENT_TLS);
}

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

/* reg = address of a fixed variable's storage */
static void
lv_addr(dt_cg_t *cg, int reg, const dt_ident_t *idp)
{
	if (idp->di_kind == DT_IDENT_LOCAL) {
		dt_cg_emit_dctx_addr(cg, reg, dt_cg_locals_off() + idp->di_offset);
		return;
	}
	dt_cg_emit_mapval(cg, reg, DT_MAP_GLOBALS, GS_SIZE + idp->di_offset);
}

void
dt_cg_lv_key(dt_cg_t *cg, const dt_node_t *dnp, dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize, off, n;
	const dt_node_t *kn;
	unsigned int i = 0;

	memset(k, 0, sizeof (*k));
	k->lk_ntmp = -1;
	if (idp->di_kind == DT_IDENT_TLS) {
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_cg_emit(cg, MOV32_REG(R0, R0));
		k->lk_stack = true;
		k->lk_off = dt_cg_push(cg);
		return;
	}
	if (idp->di_kind != DT_IDENT_ASSOC && idp->di_kind != DT_IDENT_AGG)
		return;
	/* the key: consecutive string temporaries, zeroed */
	k->lk_ntmp = cg->cg_ntmp;
	n = (idp->di_keysize + strsize - 1) / strsize;
	k->lk_off = (int32_t)(off = dt_cg_tmp_alloc(cg));
	for (uint32_t j = 1; j < n; j++)
		(void) dt_cg_tmp_alloc(cg);
	for (uint32_t b = 0; b < idp->di_keysize; b += 8)
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(off + b), 0));
	for (kn = dnp->dn_args; kn != NULL; kn = kn->dn_list, i++) {
		dt_type_t kt = idp->di_keys[i];

		if (kt.ty_kind == DT_TK_STACK) {	/* into the key */
			dt_cg_emit_stack(cg, off, kt.ty_size);
			off += kt.ty_size * 8U;
			continue;
		}
		if (kt.ty_kind == DT_TK_USTACK) {
			dt_cg_emit_ustack(cg, off, kt.ty_size);
			off += 8U + kt.ty_size * 8U;
			continue;
		}
		if (kt.ty_kind == DT_TK_USYM || kt.ty_kind == DT_TK_UMOD ||
		    kt.ty_kind == DT_TK_UADDR) {
			dt_cg_emit_upair(cg, off, (dt_node_t *)kn->dn_args);
			off += 16;
			continue;
		}
		dt_cg_expr(cg, (dt_node_t *)kn);
		if (kt.ty_kind == DT_TK_STRING) {
			dt_cg_emit(cg, MOV_REG(R3, R0));
			dt_cg_emit_dctx_addr(cg, R1, off);
			dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strsize));
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
			off += (strsize + 7) & ~7U;
		} else {
			dt_cg_normalize(cg, kn->dn_type);
			dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
			off += 8;
		}
	}
}

void
dt_cg_lv_keyptr(dt_cg_t *cg, const dt_lvkey_t *k, int reg)
{
	dt_cg_emit(cg, MOV_REG(reg, k->lk_stack ? FP : R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, reg, k->lk_off));
}

/*
 * The access is over: the stack slot of a thread id is released, and so
 * are the temporaries of a tuple key (a value read or stored is never in
 * them: it is in the map, in a variable, or a temporary made before).
 */
void
dt_cg_lv_done(dt_cg_t *cg, const dt_lvkey_t *k)
{
	if (k->lk_stack)
		cg->cg_sp -= 8;
	if (k->lk_ntmp >= 0)
		cg->cg_ntmp = k->lk_ntmp;
}

/* r0 = the variable's value */
void
dt_cg_lv_load(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	bool str = idp->di_type.ty_kind == DT_TK_STRING;
	bool sou = dt_type_isbytes(idp->di_type);
	int lfound, ldone;

	if (!lv_dynamic(idp)) {
		lv_addr(cg, R0, idp);
		if (!str && !sou)
			dt_cg_emit(cg, LDX(BPF_DW, R0, R0, 0));
		return;
	}
	lfound = dt_cg_label_new(cg);
	ldone = dt_cg_label_new(cg);
	dt_cg_emit_mapfd(cg, R1, idp->di_id);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lfound);
	if (str) {
		uint32_t empty = dt_strtab_insert(cg->cg_hdl, "", 0);

		if (empty == UINT32_MAX)
			dt_cg_fail(cg, "D_NOMEM", "out of memory");
		dt_cg_emit_mapval(cg, R0, DT_MAP_STRTAB, empty);
	} else if (sou) {	/* a struct of zeros */
		dt_cg_emit_mapval(cg, R0, DT_MAP_ZERO, 0);
	} else {
		dt_cg_emit(cg, MOV_IMM(R0, 0));
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lfound);
	if (!str && !sou)
		dt_cg_emit(cg, LDX(BPF_DW, R0, R0, 0));
	dt_cg_label_set(cg, ldone);
}

/* Count a store a variable map had no room for. */
static void
emit_dyndrop(dt_cg_t *cg)
{
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, (uint32_t)offsetof(dt_gstate_t,
	    gs_dyndrops));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
}

/*
 * Store the value at r3 (BPF memory) in the element of variable map idp
 * that key k names; a store the map has no room for is a dynamic
 * variable drop.
 */
static void
emit_map_store(dt_cg_t *cg, const dt_ident_t *idp, const dt_lvkey_t *k)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit_mapfd(cg, R1, idp->di_id);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, MOV_IMM(R4, BPF_ANY));
	dt_cg_emit(cg, CALL(BPF_FUNC_map_update_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	emit_dyndrop(cg);
	dt_cg_label_set(cg, lok);
}

/*
 * Store the struct at the address in r0 (any memory: a kernel struct, a
 * variable) into a struct variable, its di_tsize bytes copied with
 * bpf_probe_read_kernel (a bad address is the invalid address fault).  A
 * fixed variable takes them in place; a self-> or associative array
 * element through a copy in string temporaries, which the map update
 * reads.  r0 stays the source's address.
 */
static void
lv_store_struct(dt_cg_t *cg, const dt_ident_t *idp, const dt_lvkey_t *k)
{
	uint32_t size = (uint32_t)idp->di_tsize;
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize, off = 0;
	int16_t sslot = dt_cg_push(cg);
	int lok = dt_cg_label_new(cg);

	if (lv_dynamic(idp)) {
		off = dt_cg_tmp_alloc(cg);
		for (uint32_t got = strsize; got < size; got += strsize)
			(void) dt_cg_tmp_alloc(cg);
		dt_cg_emit_dctx_addr(cg, R1, off);
	} else {
		lv_addr(cg, R1, idp);
	}
	dt_cg_emit(cg, MOV_IMM(R2, (int32_t)size));
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, sslot));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, sslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
	if (lv_dynamic(idp)) {
		dt_cg_emit_dctx_addr(cg, R3, off);
		emit_map_store(cg, idp, k);
	}
	dt_cg_pop(cg, R0);
}

/*
 * Store r0 into the variable; r0 is then the value, or for a string the
 * address of the stored copy (or of the value stored, for a map).
 */
void
dt_cg_lv_store(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	bool str = idp->di_type.ty_kind == DT_TK_STRING;
	int16_t vslot;
	int ldone;

	if (dt_type_isbytes(idp->di_type)) {
		lv_store_struct(cg, idp, k);
		return;
	}
	if (!lv_dynamic(idp)) {
		if (str) {
			dt_cg_emit(cg, MOV_REG(R3, R0));
			lv_addr(cg, R1, idp);
			dt_cg_emit(cg, MOV_IMM(R2,
			    (int32_t)cg->cg_hdl->dt_opts.op_strsize));
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
			lv_addr(cg, R0, idp);
			return;
		}
		lv_addr(cg, R1, idp);
		dt_cg_emit(cg, STX(BPF_DW, R1, 0, R0));
		return;
	}
	ldone = dt_cg_label_new(cg);
	vslot = dt_cg_push(cg);
	if (!str) {
		int lstore = dt_cg_label_new(cg);

		/* storing 0 deletes the element */
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lstore);
		dt_cg_emit_mapfd(cg, R1, idp->di_id);
		dt_cg_lv_keyptr(cg, k, R2);
		dt_cg_emit(cg, CALL(BPF_FUNC_map_delete_elem));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lstore);
		dt_cg_emit(cg, MOV_REG(R3, FP));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, vslot));
	} else {
		dt_cg_emit(cg, MOV_REG(R3, R0));	/* strsize bytes at r0 */
	}
	emit_map_store(cg, idp, k);
	dt_cg_label_set(cg, ldone);
	dt_cg_pop(cg, R0);
}

/*
 * r0 = the address of the value of struct or array variable dnp, to
 * write a part of it in place: a fixed variable's storage; a self-> or
 * associative array element's value in its map, made of zeros first if
 * it is not there.  If the map has no room, that is a dynamic variable
 * drop and r0 a temporary the write goes to and is lost in.
 */
void
dt_cg_lv_load_write(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize, sink;
	int lfound = dt_cg_label_new(cg), lmade = dt_cg_label_new(cg);

	if (!lv_dynamic(idp)) {
		lv_addr(cg, R0, idp);
		return;
	}
	dt_cg_emit_mapfd(cg, R1, idp->di_id);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lfound);
	dt_cg_emit_mapval(cg, R3, DT_MAP_ZERO, 0);
	emit_map_store(cg, idp, k);
	dt_cg_emit_mapfd(cg, R1, idp->di_id);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lmade);
	sink = dt_cg_tmp_alloc(cg);
	for (uint32_t got = strsize; got < (uint32_t)idp->di_tsize;
	    got += strsize)
		(void) dt_cg_tmp_alloc(cg);
	dt_cg_emit_dctx_addr(cg, R0, sink);
	dt_cg_label_set(cg, lfound);
	dt_cg_label_set(cg, lmade);
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
		cg_lvaddr(cg, n);
	} else {
		dt_cg_expr(cg, n);
	}
}

/*
 * r0 += the index dnp->dn_right times the element size; an index into an
 * array in a D variable (dn_stroff elements) out of range is the illegal
 * operation fault.
 */
static void
emit_elem(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_push(cg);
	dt_cg_expr_as(cg, dnp->dn_right, (dt_type_t){ DT_TK_INT, 8, 1 });
	if (dnp->dn_stroff > 0) {
		int lok = dt_cg_label_new(cg);

		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R0, (int32_t)dnp->dn_stroff, 0),
		    lok);
		dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, R0);
		dt_cg_label_set(cg, lok);
	}
	if (dnp->dn_value != 1)
		dt_cg_emit(cg, ALU_IMM(BPF_MUL, R0, (int32_t)dnp->dn_value));
	dt_cg_pop(cg, R1);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R1));
}

/* r0 = *p */
static void
cg_deref(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_expr(cg, dnp->dn_left);
	emit_load(cg, dnp);
}

/* r0 = p->m or s.m: the address of the struct plus the offset, loaded */
static void
cg_member(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_expr(cg, dnp->dn_left);
	if (dnp->dn_value != 0)
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)dnp->dn_value));
	emit_load(cg, dnp);
}

/* r0 = the address of the lvalue *p, p[i] or p->m */
static void
cg_lvaddr(dt_cg_t *cg, dt_node_t *lv)
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
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, (int32_t)lv->dn_value));
		break;
	case DN_INDEX:
		cg_valaddr(cg, lv->dn_left);
		emit_elem(cg, lv);
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
 * which must lie in scratch space the clause allocated (the only memory
 * D may write), else the invalid address fault for it.
 */
static void
emit_scratch_store(dt_cg_t *cg, int16_t aslot, int size)
{
	int32_t ss = (int32_t)dt_cg_scratch_size(cg->cg_hdl);
	int lbad = dt_cg_label_new(cg), lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R5, R0));
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_dctx)));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)dt_cg_scratch_off()));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, aslot));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R2, ss - size, 0), lbad);
	dt_cg_emit(cg, MOV_REG(R3, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, size));
	dt_cg_emit(cg, LDX(BPF_DW, R4, R9, MS_OFF(ms_scratch)));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLE, R3, R4, 0), lok);
	dt_cg_label_set(cg, lbad);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
	dt_cg_emit(cg, MOV_REG(R1, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)dt_cg_scratch_off()));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
	dt_cg_emit(cg, STX(bpf_size(size), R1, 0, R5));
	dt_cg_emit(cg, MOV_REG(R0, R5));
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

	cg_lvaddr(cg, lv);
	aslot = dt_cg_push(cg);
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
			if (dnp->dn_op == T_LSH_EQ || dnp->dn_op == T_RSH_EQ)
				dt_cg_expr(cg, dnp->dn_right);
			else
				dt_cg_expr_as(cg, dnp->dn_right, t);
			dt_cg_emit(cg, MOV_REG(R1, R0));
			dt_cg_pop(cg, R0);
		}
		emit_ptrscale(cg, dnp, R1);
		emit_arith(cg, dnp->dn_op, t);
	}
	if (dt_member_root(lv) != NULL) {
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
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize;
	uint32_t size = (uint32_t)dnp->dn_value, off = dt_cg_tmp_alloc(cg);

	for (uint32_t got = strsize; got < size; got += strsize)
		(void) dt_cg_tmp_alloc(cg);
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
			dt_cg_emit(cg, STX(bpf_size(msize), R9, (int16_t)moff, R0));
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
	dt_cg_expr(cg, dnp->dn_left);
	emit_elem(cg, dnp);
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
	uint32_t strsize = cg->cg_hdl->dt_opts.op_strsize, t;
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
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R7, (int32_t)strsize - 11, 0), lshow);
	dt_cg_emit(cg, MOV_REG(R2, R7));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R2, R4));
	dt_cg_emit_clamp(cg, R2, 0, (int32_t)strsize - 1);
	dt_cg_emit_tmp_at(cg, R1, t, R2);
	dt_cg_emit(cg, ST_IMM(BPF_B, R1, 0, 0));
	/* the digits, last first, before the NUL at r2 */
	dt_cg_label_set(cg, lloop);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R2, 1));
	dt_cg_emit_clamp(cg, R2, 0, (int32_t)strsize - 1);
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
			cg_lvaddr(cg, dnp->dn_left);
			break;
		}
		if (dnp->dn_op == T_STAR) {
			cg_deref(cg, dnp);
			break;
		}
		if (dnp->dn_op == T_LNOT)
			dt_cg_expr(cg, dnp->dn_left);
		else
			dt_cg_expr_as(cg, dnp->dn_left, dnp->dn_type);
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
		dt_cg_normalize(cg, dnp->dn_type);
		break;
	case DN_BINARY: {
		dt_node_t *l = dnp->dn_left, *r = dnp->dn_right;
		bool cmp = dnp->dn_op == T_EQ || dnp->dn_op == T_NE ||
		    dnp->dn_op == T_LT || dnp->dn_op == T_GT ||
		    dnp->dn_op == T_LE || dnp->dn_op == T_GE;
		dt_type_t ct;

		if (cmp && l->dn_type.ty_kind == DT_TK_STRING) {
			dt_cg_expr(cg, l);
			dt_cg_push(cg);
			dt_cg_expr(cg, r);
			dt_cg_emit(cg, MOV_REG(R2, R0));
			dt_cg_pop(cg, R1);
			emit_strcmp(cg);
			dt_cg_emit(cg, MOV_IMM(R1, 0));
			emit_compare(cg, dnp->dn_op, true);
			break;
		}
		/* operands in their common type (shifts: the left's type) */
		ct = dnp->dn_type;
		if (cmp) {
			dt_type_t a = l->dn_type, b = r->dn_type;

			if (a.ty_kind == DT_TK_INT && a.ty_size < 4)
				a.ty_size = 4, a.ty_signed = 1;
			if (b.ty_kind == DT_TK_INT && b.ty_size < 4)
				b.ty_size = 4, b.ty_signed = 1;
			ct = a;
			if (a.ty_kind == DT_TK_PTR || b.ty_kind == DT_TK_PTR)
				ct = (dt_type_t){ DT_TK_PTR, 8, 0, 0 };
			else if (a.ty_size != b.ty_size)
				ct = a.ty_size > b.ty_size ? a : b;
			else
				ct.ty_signed = a.ty_signed && b.ty_signed;
		}
		dt_cg_expr_as(cg, l, ct);
		dt_cg_push(cg);
		if (dnp->dn_op == T_LSH || dnp->dn_op == T_RSH)
			dt_cg_expr(cg, r);
		else
			dt_cg_expr_as(cg, r, ct);
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
			if (lt.ty_kind == DT_TK_PTR && rt.ty_kind == DT_TK_PTR &&
			    dnp->dn_aux > 1) {
				/* the difference counts elements */
				dt_cg_emit(cg, ALU_REG(BPF_SUB, R0, R1));
				dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_DIV | BPF_K, R0, 0,
				    1, (int32_t)dnp->dn_aux));
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
		dt_cg_emit_jump(cg, JMP_IMM(dnp->dn_op == T_LAND ? BPF_JEQ : BPF_JNE,
		    R0, 0, 0), lshort);
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
		if (dnp->dn_op == T_ASSIGN) {
			dt_cg_expr_as(cg, dnp->dn_right, idp->di_type);
		} else {
			dt_type_t ct = idp->di_type;

			dt_cg_lv_load(cg, lv, &k);
			dt_cg_push(cg);
			if (dnp->dn_op == T_LSH_EQ || dnp->dn_op == T_RSH_EQ)
				dt_cg_expr(cg, dnp->dn_right);
			else
				dt_cg_expr_as(cg, dnp->dn_right, ct);
			dt_cg_emit(cg, MOV_REG(R1, R0));
			dt_cg_pop(cg, R0);
			emit_ptrscale(cg, dnp, R1);
			emit_arith(cg, dnp->dn_op, ct);
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
		dt_cg_lv_store(cg, lv, &k);
		if (dnp->dn_post)
			dt_cg_pop(cg, R0);
		dt_cg_lv_done(cg, &k);
		break;
	}
	case DN_CAST:
		dt_cg_expr_as(cg, dnp->dn_left, dnp->dn_type);
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

/* Store r0, a value of type t, at data offset off of the record. */
void
dt_cg_store_data(dt_cg_t *cg, dt_type_t t, uint32_t off)
{
	if (t.ty_kind == DT_TK_STRING) {
		dt_cg_emit(cg, MOV_REG(R3, R0));
		dt_cg_emit_dctx_addr(cg, R1, (uint32_t)dt_cg_data_off(cg, off));
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)cg->cg_hdl->dt_opts.op_strsize));
		dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
		return;
	}
	dt_cg_emit(cg, STX(BPF_DW, R9, dt_cg_data_off(cg, off), R0));
}

/*
 * r3 = the quantize bucket of the value in r2: 63 for 0; 64 + log2(v)
 * above; 62 - log2(-v) below (0 at the least).
 */
static void
emit_qbucket(dt_cg_t *cg)
{
	int lpos = dt_cg_label_new(cg), lzero = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	int lneg = dt_cg_label_new(cg), llog = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R4, R2));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), lzero);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R2, 0, 0), lpos);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R4, 0, 0, 0));
	dt_cg_label_set(cg, lpos);
	/* r5 = floor(log2(r4)), r4 >= 1 (as unsigned) */
	dt_cg_emit(cg, MOV_IMM(R5, 0));
	for (int sh = 32; sh >= 1; sh /= 2) {
		int lskip = dt_cg_label_new(cg);

		dt_cg_emit(cg, MOV_REG(R1, R4));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R1, sh));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lskip);
		dt_cg_emit(cg, MOV_REG(R4, R1));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R5, sh));
		dt_cg_label_set(cg, lskip);
	}
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, R2, 0, 0), lneg);
	dt_cg_emit(cg, MOV_REG(R3, R5));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 64));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), llog);
	dt_cg_label_set(cg, lneg);
	dt_cg_emit(cg, MOV_IMM(R3, 62));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R5));
	dt_cg_label_set(cg, llog);
	dt_cg_emit_clamp(cg, R3, 0, 126);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lzero);
	dt_cg_emit(cg, MOV_IMM(R3, 63));
	dt_cg_label_set(cg, ldone);
}

/* r3 = the llquantize bucket of the value in r2 (see dt_llq_mag()). */
static void
emit_llqbucket(dt_cg_t *cg, const dt_ident_t *idp)
{
	const int64_t *p = idp->di_aggarg;
	int ldone = dt_cg_label_new(cg), lsmall = dt_cg_label_new(cg), lneg = dt_cg_label_new(cg);
	int64_t lo, up, w;
	uint32_t nb, base = 2;

	dt_llq_mag(p, p[1], &lo, &up, &w, &nb);
	dt_cg_emit_imm64(cg, R4, (uint64_t)-lo);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JSLE, R2, R4, 0), lneg);
	dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JSLT, R2, R4, 0), lsmall);
	for (int64_t m = p[1]; m <= p[2]; m++) {
		int lnext = dt_cg_label_new(cg);

		dt_llq_mag(p, m, &lo, &up, &w, &nb);
		dt_cg_emit_imm64(cg, R4, (uint64_t)up);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JSGE, R2, R4, 0), lnext);
		if (lo % w == 0) {
			/* base + (v - lower) / width */
			dt_cg_emit(cg, MOV_REG(R3, R2));
			dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
		} else {
			/* base, or base + 1 + (v - first multiple) / width */
			int lmul = dt_cg_label_new(cg);
			int64_t fm = (lo / w + 1) * w;

			dt_cg_emit(cg, MOV_IMM(R3, (int32_t)base));
			dt_cg_emit_imm64(cg, R4, (uint64_t)fm);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JSGE, R2, R4, 0), lmul);
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
			dt_cg_label_set(cg, lmul);
			dt_cg_emit(cg, MOV_REG(R3, R2));
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 0));
			dt_cg_emit_imm64(cg, R4, (uint64_t)w);
			dt_cg_emit(cg, ALU_REG(BPF_DIV, R3, R4));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)base + 1));
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
			dt_cg_label_set(cg, lnext);
			base += nb;
			continue;
		}
		dt_cg_emit_imm64(cg, R4, (uint64_t)w);
		dt_cg_emit(cg, ALU_REG(BPF_DIV, R3, R4));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)base));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lnext);
		base += nb;
	}
	dt_cg_emit(cg, MOV_IMM(R3, (int32_t)base));	/* above the last magnitude */
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lneg);
	dt_cg_emit(cg, MOV_IMM(R3, 0));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lsmall);
	dt_cg_emit(cg, MOV_IMM(R3, 1));
	dt_cg_label_set(cg, ldone);
	dt_cg_emit_clamp(cg, R3, 0, (int32_t)idp->di_nbuckets - 1);
}

/*
 * The increment of quantize(v, incr), lquantize(v, lo, hi, step, incr),
 * llquantize(v, factor, lo, hi, steps, incr): the last argument when all
 * are given; NULL otherwise (the bucket counts one).
 */
static const dt_node_t *
hist_incr(const dt_node_t *call, int fn)
{
	int max = fn == DT_FN_QUANTIZE ? 2 : fn == DT_FN_LQUANTIZE ? 5 :
	    fn == DT_FN_LLQUANTIZE ? 6 : 0, n = 0;
	const dt_node_t *a, *last = NULL;

	for (a = call->dn_args; a != NULL; a = a->dn_list, n++)
		last = a;
	return (max > 0 && n == max ? last : NULL);
}

/*
 * @a[keys] = f(v): find the entry (creating it from zeros), then update it
 * in place: the map is per-CPU, so no other CPU writes this value.  Without
 * keys the map is a per-CPU array whose one entry always exists.
 */
void
dt_cg_agg(dt_cg_t *cg, dt_node_t *asg, dt_datarec_t *r __attribute__((unused)))
{
	dt_node_t *agg = asg->dn_left, *call = asg->dn_right;
	const dt_ident_t *idp = agg->dn_ident;
	int fn = idp->di_aggfn;
	int lhave = dt_cg_label_new(cg), lend = dt_cg_label_new(cg);
	int16_t vslot = 0, islot = 0;
	const dt_node_t *incr = hist_incr(call, fn);
	dt_lvkey_t k;

	if (fn != DT_FN_COUNT) {
		dt_cg_expr(cg, call->dn_args);
		vslot = dt_cg_push(cg);
	}
	if (incr != NULL) {
		dt_cg_expr(cg, (dt_node_t *)incr);
		islot = dt_cg_push(cg);
	}
	dt_cg_lv_key(cg, agg, &k);
	if (idp->di_nkeys == 0) {
		dt_cg_emit(cg, MOV_IMM(R0, 0));
		k.lk_stack = true;
		k.lk_off = dt_cg_push(cg);
	}
	dt_cg_emit_mapfd(cg, R1, idp->di_id);
	dt_cg_lv_keyptr(cg, &k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lhave);
	if (idp->di_nkeys > 0) {
		dt_cg_emit_mapfd(cg, R1, idp->di_id);
		dt_cg_lv_keyptr(cg, &k, R2);
		dt_cg_emit_mapval(cg, R3, DT_MAP_ZERO, 0);
		dt_cg_emit(cg, MOV_IMM(R4, BPF_NOEXIST));
		dt_cg_emit(cg, CALL(BPF_FUNC_map_update_elem));
		dt_cg_emit_mapfd(cg, R1, idp->di_id);
		dt_cg_lv_keyptr(cg, &k, R2);
		dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lhave);
		dt_cg_emit_cpudrop(cg, (uint32_t)offsetof(dt_gstate_t,
		    gs_aggdrops));
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lend);

	dt_cg_label_set(cg, lhave);
	dt_cg_emit(cg, MOV_REG(R7, R0));
	if (idp->di_nkeys == 0) {	/* the entry is seen, even sum(0)'s */
		dt_cg_emit(cg, ST_IMM(BPF_DW, R7, (int16_t)(idp->di_valsize - 8),
		    1));
	}
	if (fn != DT_FN_COUNT)
		dt_cg_emit(cg, LDX(BPF_DW, R2, FP, vslot));
	switch (fn) {
	case DT_FN_COUNT:
		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 0));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
		dt_cg_emit(cg, STX(BPF_DW, R7, 0, R1));
		break;
	case DT_FN_SUM:
		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 0));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
		dt_cg_emit(cg, STX(BPF_DW, R7, 0, R1));
		break;
	case DT_FN_STDDEV:
		dt_cg_emit(cg, MOV_REG(R3, R2));
		dt_cg_emit(cg, ALU_REG(BPF_MUL, R3, R2));
		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 16));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R3));
		dt_cg_emit(cg, STX(BPF_DW, R7, 16, R1));
		/* FALLTHROUGH */
	case DT_FN_AVG:
		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 0));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
		dt_cg_emit(cg, STX(BPF_DW, R7, 0, R1));
		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 8));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
		dt_cg_emit(cg, STX(BPF_DW, R7, 8, R1));
		break;
	case DT_FN_MIN:
	case DT_FN_MAX: {
		int lset = dt_cg_label_new(cg), lkeep = dt_cg_label_new(cg);

		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 0));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lset);
		dt_cg_emit(cg, LDX(BPF_DW, R3, R7, 8));
		dt_cg_emit_jump(cg, JMP_REG(fn == DT_FN_MIN ? BPF_JSGE : BPF_JSLE,
		    R2, R3, 0), lkeep);
		dt_cg_label_set(cg, lset);
		dt_cg_emit(cg, STX(BPF_DW, R7, 8, R2));
		dt_cg_label_set(cg, lkeep);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
		dt_cg_emit(cg, STX(BPF_DW, R7, 0, R1));
		break;
	}
	case DT_FN_QUANTIZE:
	case DT_FN_LQUANTIZE:
	case DT_FN_LLQUANTIZE:
		if (fn == DT_FN_QUANTIZE) {
			emit_qbucket(cg);
		} else if (fn == DT_FN_LLQUANTIZE) {
			emit_llqbucket(cg, idp);
		} else {
			int llow = dt_cg_label_new(cg), lhigh = dt_cg_label_new(cg);
			int ldone = dt_cg_label_new(cg);
			int64_t lo = idp->di_aggarg[0], hi = idp->di_aggarg[1];

			dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JSLT, R2, R4, 0), llow);
			dt_cg_emit_imm64(cg, R4, (uint64_t)hi);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JSGE, R2, R4, 0), lhigh);
			dt_cg_emit(cg, MOV_REG(R3, R2));
			dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
			dt_cg_emit(cg, ALU_IMM(BPF_DIV, R3, (int32_t)idp->di_aggarg[2]));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 1));
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
			dt_cg_label_set(cg, llow);
			dt_cg_emit(cg, MOV_IMM(R3, 0));
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
			dt_cg_label_set(cg, lhigh);
			dt_cg_emit(cg, MOV_IMM(R3, (int32_t)idp->di_nbuckets - 1));
			dt_cg_label_set(cg, ldone);
			dt_cg_emit_clamp(cg, R3, 0, (int32_t)idp->di_nbuckets - 1);
		}
		dt_cg_emit(cg, ALU_IMM(BPF_LSH, R3, 3));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R7, R3));
		dt_cg_emit(cg, LDX(BPF_DW, R1, R7, 0));
		if (incr != NULL) {
			dt_cg_emit(cg, LDX(BPF_DW, R2, FP, islot));
			dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R2));
		} else {
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
		}
		dt_cg_emit(cg, STX(BPF_DW, R7, 0, R1));
		break;
	}
	dt_cg_label_set(cg, lend);
	dt_cg_lv_done(cg, &k);	/* the key's slot too, for no keys */
	if (incr != NULL)
		cg->cg_sp -= 8;
	if (fn != DT_FN_COUNT)
		cg->cg_sp -= 8;
}

/*
 * raise(sig): the signal to the current thread (bpf_send_signal_thread);
 * a number that is no signal (1 to 64) is DTrace's illegal operation
 * fault.  stop(): SIGSTOP to the current process (bpf_send_signal), which
 * stops every thread of it, as DTrace stops the process.  The helpers
 * refuse kernel threads and exiting tasks (-EPERM): the action then does
 * nothing, as there is no process to signal.
 */
void
dt_cg_signal(dt_cg_t *cg, dt_node_t *dnp, dt_datarec_t *r __attribute__((unused)))
{
	if (dnp->dn_builtin->di_id == DT_FN_STOP) {
		dt_cg_emit(cg, MOV_IMM(R1, SIGSTOP));
		dt_cg_emit(cg, CALL(BPF_FUNC_send_signal));
		return;
	}
	int lok = dt_cg_label_new(cg);

	dt_cg_expr(cg, dnp->dn_args);
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R1, 63, 0), lok);
	dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, R0);
	dt_cg_label_set(cg, lok);
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit(cg, CALL(BPF_FUNC_send_signal_thread));
}

/*
 * The actions of the rows of dt_fn.c (fn_cg), called by cg_stmt with the
 * action's record (DT_FF_RECORD), or NULL when it records nothing.
 */

void
dt_cg_trace(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr(cg, e->dn_args);
	if (r->dr_kind == DTRACEACT_TRACEMEM)	/* a struct's bytes */
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    dt_cg_data_off(cg, r->dr_offset), (int32_t)r->dr_size);
	else
		dt_cg_store_data(cg, r->dr_type, r->dr_offset);
}

/* ftruncate( ), setopt( ): the record alone */
void
dt_cg_record_only(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	(void) cg;
	(void) e;
	(void) r;
}

void
dt_cg_print(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr(cg, e->dn_args);
	if (r->dr_btf == 0) {
		dt_cg_store_data(cg, r->dr_type, r->dr_offset);
		return;
	}
	/* the address, then the bytes there (or ERROR) */
	dt_cg_emit(cg, STX(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset), R0));
	dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
	    dt_cg_data_off(cg, r->dr_offset + 8), (int32_t)r->dr_size - 8);
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
	dt_cg_emit_upair(cg, (uint32_t)dt_cg_data_off(cg, r->dr_offset), e->dn_args);
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

void
dt_cg_tracemem(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	/* the limit shown, then the bytes, or ERROR for a bad address */
	uint32_t off = r->dr_offset;

	if (r->dr_dynsize) {
		dt_type_t t = { DT_TK_INT, 8, 1, 0 };

		dt_cg_expr_as(cg, e->dn_args->dn_list->dn_list, t);
		dt_cg_store_data(cg, t, off);
		off += 8;
	}
	dt_cg_expr(cg, e->dn_args);
	dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
	    dt_cg_data_off(cg, off), (int32_t)(r->dr_size - (off -
	    r->dr_offset)));
}

void
dt_cg_exit(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	dt_cg_expr_as(cg, e->dn_args, r->dr_type);
	dt_cg_store_data(cg, r->dr_type, r->dr_offset);
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, 0);
	dt_cg_emit(cg, ST_IMM(BPF_W, R1, (int16_t)offsetof(dt_gstate_t,
	    gs_activity), DT_ACT_DRAINING));
}

/* printa( ), clear( ), trunc( ), dt_cg_normalize( ), denormalize( ) */
void
dt_cg_aggact(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	/* the aggregation's map, and trunc's count (0: all) */
	if (r->dr_pfmt != NULL) {	/* printa(format, @a...) */
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset),
		    e->dn_args->dn_list->dn_ident->di_id));
		return;
	}
	if (e->dn_args->dn_list != NULL)
		dt_cg_expr(cg, e->dn_args->dn_list);
	else
		dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit(cg, STX(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset + 8), R0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset),
	    e->dn_args->dn_ident->di_id));
}

/* printf( ), system( ), freopen( ): formatted (then run) by the consumer */
void
dt_cg_printf(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	unsigned int i = 0;

	for (dt_node_t *a = e->dn_args->dn_list; a != NULL;
	    a = a->dn_list, i++) {
		/* once stored, an argument's temporaries are free */
		int ntmp = cg->cg_ntmp;

		dt_cg_expr(cg, a);
		dt_cg_store_data(cg, r->dr_args[i].dr_type,
		    r->dr_args[i].dr_offset);
		cg->cg_ntmp = ntmp;
	}
	if (i > 0 && dt_printf_uaddr(r->dr_pfmt)) {	/* %A */
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
		dt_cg_store_data(cg, r->dr_args[i].dr_type,
		    r->dr_args[i].dr_offset);
	}
}

/* speculate(id): the clause's records go to that buffer */
void
dt_cg_speculate(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	(void) r;
	dt_cg_expr(cg, e->dn_args);
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_spec), R0));
}

/* commit(id), discard(id) */
void
dt_cg_commit(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	(void) r;
	dt_cg_expr(cg, e->dn_args);
	cg_commit(cg, e->dn_builtin->di_id == DT_FN_COMMIT);
}

/* r0 = speculation() */
void
dt_cg_speculation(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	(void) e;
	(void) r;
	cg_speculation(cg);
}

/*
 * A statement: an aggregation, an action (its row's fn_cg, with the next
 * record of the clause when it records data), or an expression.
 */
static void
cg_stmt(dt_cg_t *cg, dt_node_t *stmt, volatile unsigned int *recno)
{
	dt_node_t *e = stmt->dn_left;
	dt_clause_t *dcp = cg->cg_clause;
	const dt_fn_t *fn;
	dt_datarec_t *r = NULL;

	cg->cg_ntmp = 0;
	if (e->dn_kind == DN_ASSIGN && e->dn_left->dn_kind == DN_AGG) {
		dt_fn_byid(e->dn_left->dn_ident->di_aggfn)->fn_cg(cg, e, NULL);
		return;
	}
	if (e->dn_kind != DN_CALL || e->dn_builtin->di_kind != DT_IDENT_FUNC ||
	    e->dn_builtin->di_type.ty_kind != DT_TK_VOID) {
		dt_cg_expr(cg, e);
		return;
	}
	fn = dt_fn_of(e->dn_builtin);
	if (fn->fn_flags & DT_FF_RECORD)
		r = &dcp->dc_recs[(*recno)++];
	fn->fn_cg(cg, e, r);
}

/* Count a loss in the per-CPU counters at offset off of the globals. */
void
dt_cg_emit_cpudrop(dt_cg_t *cg, uint32_t off)
{
	dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, DT_DROPCPUS - 1));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 3));
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, off);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R0));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
}

/*
 * ringbuf_output(output, r9 + bufoff, size, 0); if the ring buffer is
 * full, count the lost record in gs_drops[cpu] (atomically: several CPUs
 * may share a counter), so that the consumer reports it.
 */
static void
emit_output(dt_cg_t *cg, uint32_t size)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit_mapfd(cg, R1, DT_MAP_OUTPUT);
	dt_cg_emit_dctx_addr(cg, R2, dt_dctx_bufoff(cg->cg_hdl));
	dt_cg_emit(cg, MOV_IMM(R3, (int32_t)size));
	dt_cg_emit(cg, MOV_IMM(R4, 0));
	dt_cg_emit(cg, CALL(BPF_FUNC_ringbuf_output));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_emit_cpudrop(cg, (uint32_t)offsetof(dt_gstate_t, gs_drops));
	dt_cg_label_set(cg, lok);
}

/* ---- speculations ----------------------------------------------------------
 *
 * The spec map holds nspec buffers one after another, each a dt_specbuf_t
 * then specsize bytes (dt_rec.h); speculation id N is buffer N - 1.
 * speculation() takes a free buffer by compare-and-exchange of its state
 * (FREE -> ACTIVE); a clause that speculates appends its record (header and
 * data) to the buffer instead of sending it: it reserves room by an atomic
 * fetch-and-add on sb_len, so that firings on several CPUs append side by
 * side; commit() and discard() take the buffer (ACTIVE -> COMMITTING),
 * waits for the appends in progress (sb_busy), commit() sends sb_hdr and
 * the records after it as one ring buffer record, then both empty it and
 * set it FREE.  The options are compiled
 * in: core/dt_options.c refuses to change them once a clause used them.
 */

static uint32_t
spec_stride(dtrace_hdl_t *dtp)
{
	return ((uint32_t)sizeof (dt_specbuf_t) + dtp->dt_opts.op_specsize);
}

/*
 * r8 = the buffer of the speculation id in r7 (r7 becomes its offset in
 * the map); id 0 goes to lskip, an id above nspec is the illegal
 * operation fault, as in DTrace.
 */
static void
emit_specbuf(dt_cg_t *cg, int lskip)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), lskip);
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, BPF_REG_7, 1));
	/* unsigned: bounds r7 for the verifier */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, BPF_REG_7,
	    (int32_t)cg->cg_hdl->dt_opts.op_nspec, 0), lok);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, BPF_REG_7, 1));
	dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, BPF_REG_7);
	dt_cg_label_set(cg, lok);
	dt_cg_emit(cg, ALU_IMM(BPF_MUL, BPF_REG_7, (int32_t)spec_stride(cg->cg_hdl)));
	dt_cg_emit_mapval(cg, BPF_REG_8, DT_MAP_SPEC, 0);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, BPF_REG_8, BPF_REG_7));
}

/* r0 = speculation(): the id of a buffer now ACTIVE, or 0 (counted). */
static void
cg_speculation(dt_cg_t *cg)
{
	int ldone = dt_cg_label_new(cg);

	for (uint32_t i = 0; i < cg->cg_hdl->dt_opts.op_nspec; i++) {
		int lnext = dt_cg_label_new(cg);

		dt_cg_emit_mapval(cg, R1, DT_MAP_SPEC, i * spec_stride(cg->cg_hdl));
		dt_cg_emit(cg, MOV_IMM(R0, DT_SPEC_FREE));
		dt_cg_emit(cg, MOV_IMM(R2, DT_SPEC_ACTIVE));
		dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_W, R1, R2,
		    (int16_t)offsetof(dt_specbuf_t, sb_state), BPF_CMPXCHG));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, DT_SPEC_FREE, 0), lnext);
		dt_cg_emit(cg, MOV_IMM(R0, (int32_t)i + 1));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lnext);
	}
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, (uint32_t)offsetof(dt_gstate_t,
	    gs_specfail));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_label_set(cg, ldone);
}

/*
 * commit(r0) or discard(r0): nothing for 0 or a speculation that is not
 * ACTIVE.  A record the ring buffer has no room for is a principal drop.
 */
static void
cg_commit(dt_cg_t *cg, bool commit)
{
	int lskip = dt_cg_label_new(cg), lfree = dt_cg_label_new(cg), lsent = dt_cg_label_new(cg);
	int lspin = dt_cg_label_new(cg), lidle = dt_cg_label_new(cg);
	uint32_t specsize = cg->cg_hdl->dt_opts.op_specsize;
	int16_t h = (int16_t)offsetof(dt_specbuf_t, sb_hdr);

	dt_cg_emit(cg, MOV_REG(BPF_REG_7, R0));
	emit_specbuf(cg, lskip);
	dt_cg_emit(cg, MOV_IMM(R0, DT_SPEC_ACTIVE));
	dt_cg_emit(cg, MOV_IMM(R1, DT_SPEC_COMMITTING));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_W, BPF_REG_8, R1,
	    (int16_t)offsetof(dt_specbuf_t, sb_state), BPF_CMPXCHG));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, DT_SPEC_ACTIVE, 0), lskip);
	/* appends that began before: a bounded wait for them to end */
	dt_cg_emit(cg, MOV_IMM(R2, 0));
	dt_cg_label_set(cg, lspin);
	dt_cg_emit(cg, LDX(BPF_W, R1, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_busy)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lidle);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R2, DT_SPEC_SPINS, 0), lspin);
	dt_cg_label_set(cg, lidle);
	if (commit) {
		dt_cg_emit(cg, LDX(BPF_DW, BPF_REG_7, BPF_REG_8,
		    (int16_t)offsetof(dt_specbuf_t, sb_len)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), lfree);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, BPF_REG_7, (int32_t)specsize, 0),
		    lfree);
		dt_cg_emit(cg, ST_IMM(BPF_W, BPF_REG_8, h + (int16_t)offsetof(
		    dt_rechdr_t, rh_kind), DT_REC_SPEC));
		dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_prid)));
		dt_cg_emit(cg, STX(BPF_W, BPF_REG_8, h + (int16_t)offsetof(
		    dt_rechdr_t, rh_prid), R1));
		dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_clause)));
		dt_cg_emit(cg, STX(BPF_W, BPF_REG_8, h + (int16_t)offsetof(
		    dt_rechdr_t, rh_clause), R1));
		dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
		dt_cg_emit(cg, STX(BPF_W, BPF_REG_8, h + (int16_t)offsetof(
		    dt_rechdr_t, rh_cpu), R0));
		dt_cg_emit_mapfd(cg, R1, DT_MAP_OUTPUT);
		dt_cg_emit(cg, MOV_REG(R2, BPF_REG_8));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, h));
		dt_cg_emit(cg, MOV_REG(R3, BPF_REG_7));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)sizeof (dt_rechdr_t)));
		dt_cg_emit(cg, MOV_IMM(R4, 0));
		dt_cg_emit(cg, CALL(BPF_FUNC_ringbuf_output));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lsent);
		dt_cg_emit_cpudrop(cg, (uint32_t)offsetof(dt_gstate_t, gs_drops));
		dt_cg_label_set(cg, lsent);
	}
	dt_cg_label_set(cg, lfree);
	dt_cg_emit(cg, ST_IMM(BPF_DW, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_len), 0));
	dt_cg_emit(cg, ST_IMM(BPF_W, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_state), DT_SPEC_FREE));
	dt_cg_label_set(cg, lskip);
}

/*
 * The end of a clause that speculates: append the record (size bytes at
 * r9 + bufoff) to the speculation in ms_spec.  Nothing for id 0 or a
 * speculation that is not ACTIVE, as in DTrace; a record that does not
 * fit in what is left of specsize is a speculative drop.
 */
void
dt_cg_emit_specappend(dt_cg_t *cg, uint32_t size)
{
	int lend = dt_cg_label_new(cg), lfits = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	uint32_t specsize = cg->cg_hdl->dt_opts.op_specsize;

	dt_cg_emit(cg, LDX(BPF_DW, BPF_REG_7, R9, MS_OFF(ms_spec)));
	emit_specbuf(cg, lend);
	/*
	 * Busy first, then the state (both fully ordered): either commit()
	 * sees this append busy and waits, or this append sees the state it
	 * set and records nothing.
	 */
	dt_cg_emit(cg, MOV_IMM(R1, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_W, BPF_REG_8, R1,
	    (int16_t)offsetof(dt_specbuf_t, sb_busy), BPF_ADD | BPF_FETCH));
	dt_cg_emit(cg, LDX(BPF_W, R1, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_state)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, DT_SPEC_ACTIVE, 0), ldone);
	if (size <= specsize) {
		/* r1 = where the record goes; past the end: give it back */
		dt_cg_emit(cg, MOV_IMM(R1, (int32_t)size));
		dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, BPF_REG_8, R1,
		    (int16_t)offsetof(dt_specbuf_t, sb_len),
		    BPF_ADD | BPF_FETCH));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R1, (int32_t)(specsize - size),
		    0), lfits);
		dt_cg_emit(cg, MOV_IMM(R1, -(int32_t)size));
		dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, BPF_REG_8, R1,
		    (int16_t)offsetof(dt_specbuf_t, sb_len), BPF_ADD));
	}
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, (uint32_t)offsetof(dt_gstate_t,
	    gs_specdrops));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
	if (size <= specsize) {	/* else it never fits */
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lfits);
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, BPF_REG_8));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)sizeof (dt_specbuf_t)));
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)size));
		dt_cg_emit_dctx_addr(cg, R3, dt_dctx_bufoff(cg->cg_hdl));
		dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel));
	}
	dt_cg_label_set(cg, ldone);	/* no longer busy */
	dt_cg_emit(cg, MOV_IMM(R1, -1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_W, BPF_REG_8, R1,
	    (int16_t)offsetof(dt_specbuf_t, sb_busy), BPF_ADD | BPF_FETCH));
	dt_cg_label_set(cg, lend);
}

/* The record header at the start of the buffer. */
static void
emit_header(dt_cg_t *cg, uint32_t kind)
{
	int16_t b = (int16_t)dt_dctx_bufoff(cg->cg_hdl);

	dt_cg_emit(cg, ST_IMM(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t, rh_kind),
	    (int32_t)kind));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_prid)));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t, rh_prid),
	    R1));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_clause)));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t, rh_clause),
	    R1));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t, rh_cpu),
	    R0));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t, rh_pid),
	    R0));
}

static int
cg_init(dt_cg_t *cg, dtrace_hdl_t *dtp, dt_block_t *blk)
{
	memset(cg, 0, sizeof (*cg));
	cg->cg_hdl = dtp;
	cg->cg_blk = blk;
	dt_asm_init(&cg->cg_asm, dtp, blk, "clause");
	return (0);
}

static void
cg_fini(dt_cg_t *cg)
{
	dt_asm_fini(&cg->cg_asm);
}

/*
 * Compile a clause to its block.  The block does not know its clause
 * number: the program assembler stores it in ms_clause before the block.
 */
int
dt_cg_clause(dtrace_hdl_t *dtp, dt_clause_t *dcp)
{
	dt_cg_t cg;
	volatile unsigned int recno = 0;
	uint32_t size = (uint32_t)sizeof (dt_rechdr_t) + dcp->dc_recsize;

	cg_init(&cg, dtp, &dcp->dc_code);
	cg.cg_clause = dcp;
	if (setjmp(cg.cg_jmp) != 0) {
		cg_fini(&cg);
		dt_block_free(&dcp->dc_code);
		return (-1);
	}
	if ((uint64_t)dt_dctx_bufoff(dtp) + sizeof (dt_rechdr_t) +
	    dtp->dt_opts.op_strsize + sizeof (dt_faultrec_t) > DT_DCTX_MAX) {
		char msg[160];

		snprintf(msg, sizeof (msg), "strsize %u and scratchsize %u "
		    "leave no room for records: the per-CPU area of a "
		    "firing holds at most %u bytes", dtp->dt_opts.op_strsize,
		    dtp->dt_opts.op_scratchsize, DT_DCTX_MAX);
		dt_cg_fail(&cg, "D_CG", msg);
	}
	if ((uint64_t)dt_dctx_bufoff(dtp) + sizeof (dt_rechdr_t) +
	    dcp->dc_recsize + dtp->dt_opts.op_strsize > DT_DCTX_MAX) {
		char msg[160];

		snprintf(msg, sizeof (msg), "clause records too much data: %u "
		    "bytes, more than the %u a firing may record with strsize "
		    "%u and scratchsize %u", dcp->dc_recsize, DT_DCTX_MAX -
		    dt_dctx_bufoff(dtp) - (uint32_t)sizeof (dt_rechdr_t) -
		    dtp->dt_opts.op_strsize, dtp->dt_opts.op_strsize,
		    dtp->dt_opts.op_scratchsize);
		dt_cg_fail(&cg, "D_CG", msg);
	}
	cg.cg_lfault = dt_cg_label_new(&cg);
	cg.cg_lend = dt_cg_label_new(&cg);
	dcp->dc_faults = false;		/* set again by each dt_cg_emit_fault() */

	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_fault), 0));
	/* scratch space lives for the clause; its address as a number
	   (a pointer stored in a map value reads back as a scalar) */
	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_scratch), 0));
	dt_cg_emit(&cg, STX(BPF_DW, R9, MS_OFF(ms_dctx), R9));
	if (dcp->dc_pred != NULL) {
		cg.cg_ntmp = 0;
		dt_cg_expr(&cg, dcp->dc_pred);
		dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R0, 0, 0), cg.cg_lend);
	}
	if (dcp->dc_records)
		emit_header(&cg, DT_REC_DATA);
	for (dt_node_t *s = dcp->dc_body; s != NULL; s = s->dn_list)
		cg_stmt(&cg, s, &recno);
	if (dcp->dc_records && dcp->dc_spec)
		dt_cg_emit_specappend(&cg, (size + 7) & ~7U);
	else if (dcp->dc_records)
		emit_output(&cg, size);
	dt_cg_emit_jump(&cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), cg.cg_lend);

	/* The fault handler: a fault record, then the end of the clause. */
	dt_cg_label_set(&cg, cg.cg_lfault);
	if (dcp->dc_faults) {
		int16_t d = dt_cg_data_off(&cg, 0);

		emit_header(&cg, DT_REC_FAULT);
		dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fault)));
		dt_cg_emit(&cg, STX(BPF_DW, R9, d + (int16_t)offsetof(dt_faultrec_t,
		    fr_fault), R1));
		dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_faddr)));
		dt_cg_emit(&cg, STX(BPF_DW, R9, d + (int16_t)offsetof(dt_faultrec_t,
		    fr_addr), R1));
		dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fpc)));
		dt_cg_emit(&cg, STX(BPF_DW, R9, d + (int16_t)offsetof(dt_faultrec_t,
		    fr_pc), R1));
		emit_output(&cg, (uint32_t)(sizeof (dt_rechdr_t) +
		    sizeof (dt_faultrec_t)));
	}
	dt_cg_label_set(&cg, cg.cg_lend);
	resolve_labels(&cg);
	cg_fini(&cg);
	return (0);
}

/*
 * Save (or restore) ms_prid, ms_provpid and ms_argv around the ERROR
 * clauses.
 */
static void
emit_save_args(dt_cg_t *cg, bool restore)
{
	int16_t save = MS_OFF(ms_save);

	/* ms_prid and ms_provpid, one word */
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, restore ? save : MS_OFF(ms_prid)));
	dt_cg_emit(cg, STX(BPF_DW, R9, restore ? MS_OFF(ms_prid) : save, R1));
	for (int i = 0; i < DT_MAXARGS; i++) {
		int16_t a = MS_OFF(ms_argv) + i * 8, s = save + 8 + i * 8;

		dt_cg_emit(cg, LDX(BPF_DW, R1, R9, restore ? s : a));
		dt_cg_emit(cg, STX(BPF_DW, R9, restore ? a : s, R1));
	}
}

/*
 * Set up the ERROR probe's arguments from the fault: arg0 = 0, arg1 = the
 * faulting enabled probe id (epid), arg2 = the clause, arg3 = the BPF pc,
 * arg4 = the fault kind, arg5 = the address or value.
 */
static void
emit_error_args(dt_cg_t *cg)
{
	int16_t a = MS_OFF(ms_argv);

	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_prid), DT_PRID_ERROR));
	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_provpid), 0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, a, 0));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_epid)));
	dt_cg_emit(cg, STX(BPF_DW, R9, a + 8, R1));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_clause)));
	dt_cg_emit(cg, STX(BPF_DW, R9, a + 16, R1));
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fpc)));
	dt_cg_emit(cg, STX(BPF_DW, R9, a + 24, R1));
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fault)));
	dt_cg_emit(cg, STX(BPF_DW, R9, a + 32, R1));
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_faddr)));
	dt_cg_emit(cg, STX(BPF_DW, R9, a + 40, R1));
	for (int i = 6; i < DT_MAXARGS; i++)
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, a + i * 8, 0));
}

/*
 * ms_stkskip += the frames of the tracing machinery on top of the kernel
 * stack (bpf_trace_run2, __traceiter_sched_switch, perf_syscall_enter,
 * ...: how many depends on the event and on what else is attached to it),
 * so that stack(), stackdepth and caller start at the function where the
 * probe fired.  The first DT_KSKIP_FRAMES frames above ms_stkskip are read
 * to the stack (fp - 8 * DT_KSKIP_FRAMES ..); each one, until the first
 * that is not, is looked up in the sorted ranges of DT_MAP_KSKIP
 * (dt_kskipn entries of 16 bytes, a power of 2) by a binary search
 * without branches, so that the verifier sees one path: at each step, lo
 * += step when entry lo + step starts at or below the address (the
 * difference's sign bit, flipped; kernel text is far smaller than 2^63).
 */
#define DT_KSKIP_FRAMES	3

static void
emit_kskip(dt_cg_t *cg)
{
	uint32_t n = cg->cg_hdl->dt_kskipn;
	int16_t buf = -8 * DT_KSKIP_FRAMES - 8;
	int ldone = dt_cg_label_new(cg);

	if (n == 0)
		dt_cg_fail(cg, "D_NOMEM", "no kernel text ranges for stack()");
	dt_cg_emit(cg, MOV_REG(R1, R6));
	dt_cg_emit(cg, MOV_REG(R2, FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, buf));
	dt_cg_emit(cg, MOV_IMM(R3, 8 * DT_KSKIP_FRAMES));
	dt_cg_emit(cg, LDX(BPF_W, R4, R9, MS_OFF(ms_stkskip)));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_stack));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, R0, 0, 0), ldone);
	for (int f = 0; f < DT_KSKIP_FRAMES; f++) {
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, (int16_t)(buf + 8 * f)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), ldone);
		dt_cg_emit(cg, MOV_IMM(R2, 0));		/* lo */
		for (uint32_t step = n / 2; step >= 1; step /= 2) {
			dt_cg_emit_mapval(cg, R3, DT_MAP_KSKIP, 0);
			dt_cg_emit(cg, MOV_REG(R4, R2));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, (int32_t)step));
			dt_cg_emit(cg, ALU_IMM(BPF_LSH, R4, 4));
			dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R4));
			dt_cg_emit(cg, LDX(BPF_DW, R3, R3, 0));	/* its start */
			dt_cg_emit(cg, MOV_REG(R4, R1));
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R4, R3));
			dt_cg_emit(cg, ALU_IMM(BPF_RSH, R4, 63));
			dt_cg_emit(cg, ALU_IMM(BPF_XOR, R4, 1));
			dt_cg_emit(cg, ALU_IMM(BPF_LSH, R4,
			    (int32_t)__builtin_ctz(step)));
			dt_cg_emit(cg, ALU_REG(BPF_ADD, R2, R4));
		}
		dt_cg_emit_mapval(cg, R3, DT_MAP_KSKIP, 0);
		dt_cg_emit(cg, ALU_IMM(BPF_LSH, R2, 4));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R2));
		dt_cg_emit(cg, LDX(BPF_DW, R4, R3, 0));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JLT, R1, R4, 0), ldone);
		dt_cg_emit(cg, LDX(BPF_DW, R4, R3, 8));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R1, R4, 0), ldone);
		dt_cg_emit(cg, LDX(BPF_W, R4, R9, MS_OFF(ms_stkskip)));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, 1));
		dt_cg_emit(cg, STX(BPF_W, R9, MS_OFF(ms_stkskip), R4));
	}
	dt_cg_label_set(cg, ldone);
}

/*
 * Before clause dcp's block: ms_clause = its number, ms_epid = the enabled
 * probe id of (the probe firing, this clause), prid * nclauses + clause + 1,
 * unique in the session and the same at every firing.  ms_prid is known
 * only when the program runs (one program serves many probes).
 */
static void
emit_clause_ids(dt_cg_t *cg, const dt_clause_t *dcp)
{
	uint32_t n = cg->cg_hdl->dt_nclauses;

	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_clause), (int32_t)dcp->dc_id));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_prid)));
	dt_cg_emit(cg, ALU_IMM(BPF_MUL, R1, (int32_t)n));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)(dcp->dc_id + 1)));
	dt_cg_emit(cg, STX(BPF_W, R9, MS_OFF(ms_epid), R1));
}

/*
 * Assemble a program: prologue, the provider's trampoline, the clause
 * blocks in order, the ERROR clauses after each clause that may fault.
 * ranges[i] receives the first instruction of clause i, ranges[n] the end.
 */
int
dt_cg_program(dtrace_hdl_t *dtp, dt_block_t *blk, const dt_provider_t *pv,
    dt_program_t *pgp)
{
	const unsigned int *clauses = pgp->pg_clauses;
	unsigned int n = pgp->pg_nclauses;
	uint32_t *ranges = pgp->pg_ranges;
	uint32_t tramp = pgp->pg_tramp;
	const dt_probe_t *err = dtp->dt_nprobes >= DT_PRID_ERROR ?
	    dtp->dt_probes[DT_PRID_ERROR - 1] : NULL;
	dt_cg_t cg;
	int lexit;

	cg_init(&cg, dtp, blk);
	cg.cg_uentry = pgp->pg_tramp == DT_TRAMP_PIDENTRY;
	if (setjmp(cg.cg_jmp) != 0) {
		cg_fini(&cg);
		return (-1);
	}
	lexit = dt_cg_label_new(&cg);
	if (((uint64_t)dtp->dt_nprobes + 1) * dtp->dt_nclauses >= UINT32_MAX)
		dt_cg_fail(&cg, "D_NOMEM", "too many enabled probe ids");

	dt_cg_emit(&cg, MOV_REG(R6, R1));
	dt_cg_emit(&cg, ST_IMM(BPF_W, FP, -8, 0));
	dt_cg_emit_mapfd(&cg, R1, DT_MAP_DCTX);
	dt_cg_emit(&cg, MOV_REG(R2, FP));
	dt_cg_emit(&cg, ALU_IMM(BPF_ADD, R2, -8));
	dt_cg_emit(&cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lexit);
	dt_cg_emit(&cg, MOV_REG(R9, R0));
	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_errno), 0));
	dt_cg_emit(&cg, ST_IMM(BPF_W, R9, MS_OFF(ms_provpid), 0));
	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_strtok),
	    (int32_t)dtp->dt_opts.op_strsize));	/* no strtok() string yet */
	dt_cg_emit_mapval(&cg, R1, DT_MAP_GLOBALS, 0);
	dt_cg_emit(&cg, LDX(BPF_W, R1, R1, (int16_t)offsetof(dt_gstate_t,
	    gs_activity)));
	if (tramp == DT_TRAMP_DTRACE)
		dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R1, DT_ACT_STOPPED, 0), lexit);
	else
		dt_cg_emit_jump(&cg, JMP_IMM(BPF_JNE, R1, DT_ACT_ACTIVE, 0), lexit);
	if (pv->pv_trampoline(dtp, blk, pgp) != 0) {
		cg_fini(&cg);
		return (-1);
	}
	/*
	 * A raw tracepoint program's kernel stack starts in the program
	 * itself (bpf_get_stack walks from the helper's caller); a perf
	 * event's starts where the event was taken.  Then the tracing
	 * machinery's frames, found at run time (emit_kskip()).
	 */
	dt_cg_emit(&cg, ST_IMM(BPF_W, R9, MS_OFF(ms_stkskip),
	    pgp->pg_progtype == BPF_PROG_TYPE_RAW_TRACEPOINT ? 1 : 0));
	for (unsigned int i = 0; i < n; i++) {
		if (dtp->dt_clauses[clauses[i]]->dc_kstack) {
			emit_kskip(&cg);
			break;
		}
	}

	for (unsigned int i = 0; i < n; i++) {
		dt_clause_t *dcp = dtp->dt_clauses[clauses[i]];
		int lnext = dt_cg_label_new(&cg);

		ranges[i] = dt_cg_pc(&cg);
		if (pgp->pg_shared) {
			/* a shared USDT probe: the clauses its entry names */
			dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_clmask)));
			if (i > 0)
				dt_cg_emit(&cg, ALU_IMM(BPF_RSH, R1, (int32_t)i));
			dt_cg_emit(&cg, ALU_IMM(BPF_AND, R1, 1));
			dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lnext);
		}
		emit_clause_ids(&cg, dcp);
		if (dt_block_append(dtp, blk, &dcp->dc_code) != 0)
			dt_cg_fail(&cg, "D_NOMEM", "out of memory");
		if (dcp->dc_faults && err != NULL && err->pr_nclauses > 0) {
			int lskip = dt_cg_label_new(&cg);

			dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fault)));
			dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lskip);
			emit_save_args(&cg, false);
			emit_error_args(&cg);
			for (unsigned int e = 0; e < err->pr_nclauses; e++) {
				dt_clause_t *ecp =
				    dtp->dt_clauses[err->pr_clauses[e]];

				emit_clause_ids(&cg, ecp);
				if (dt_block_append(dtp, blk,
				    &ecp->dc_code) != 0)
					dt_cg_fail(&cg, "D_NOMEM",
					    "out of memory");
			}
			emit_save_args(&cg, true);
			dt_cg_label_set(&cg, lskip);
		}
		dt_cg_label_set(&cg, lnext);
	}
	ranges[n] = dt_cg_pc(&cg);
	dt_cg_label_set(&cg, lexit);
	dt_cg_emit(&cg, MOV_IMM(R0, 0));
	dt_cg_emit(&cg, EXIT());
	resolve_labels(&cg);
	cg_fini(&cg);
	return (0);
}
