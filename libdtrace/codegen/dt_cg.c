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
