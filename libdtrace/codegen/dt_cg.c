/*
 * dt_cg.c: the code generator, from typed AST to BPF instructions: its
 * driver (clauses, programs, statements, records' headers) and the helpers
 * every file of it uses (emitting, labels, the stack, dctx's layout and
 * string temporaries).  What a construct or a built-in function compiles
 * to is in the file of its family (dt_cg_impl.h lists them).
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
 *	routines     the runtime routines its clauses call (cleanpath() and
 *	             kin), once each, as global functions the verifier
 *	             checks once (emit_subs())
 *
 * Register use: r6 holds the context, r9 the dctx pointer, for the whole
 * program.  An expression leaves its value in r0; binary operators keep
 * their left operand in a stack slot while the right one is evaluated, so
 * helper calls (which clobber r1-r5) may appear anywhere.  Integers are
 * computed in 64 bits, as DTrace does: a value is brought to its type's
 * canonical form (sign- or zero-extended from its size) where it is
 * loaded, cast, stored or recorded, not after each operator
 * (docs/design.md, "Integer arithmetic").  A string value is a pointer to at least strsize + 1
 * readable bytes (dt_strbuf(): strsize characters and a NUL): a temporary
 * in dctx, a literal in strtab, a global variable, or a probe name in the
 * probes map.
 */
#include <assert.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"
#include "dt_cg.h"
#include "../probes/dt_probe.h"

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

/*
 * Call runtime routine sub (DT_SUB_*), a global function of the program:
 * the call's offset is set by dt_cg_program(), which emits the routine
 * once after the program.  r1..r5 and r0 are lost, r6..r9 kept.
 */
void
dt_cg_emit_call_sub(dt_cg_t *cg, dt_sub_t sub)
{
	dt_cg_reloc(cg, dt_cg_pc(cg), DT_REL_CALL);
	dt_cg_emit(cg, INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0,
	    (int32_t)sub));
}

/*
 * r = the address of runtime routine sub, a loop callback (for
 * bpf_loop): an ld_imm64 of BPF_PSEUDO_FUNC, pointed at it as a call is.
 */
void
dt_cg_emit_func_addr(dt_cg_t *cg, int reg, dt_sub_t sub)
{
	dt_cg_reloc(cg, dt_cg_pc(cg), DT_REL_CALL);
	dt_cg_emit(cg, INSN(BPF_LD | BPF_DW | BPF_IMM, reg, BPF_PSEUDO_FUNC,
	    0, (int32_t)sub));
	dt_cg_emit(cg, INSN(0, 0, 0, 0, 0));
}

/*
 * In a runtime routine: bpf_loop(count, callback cb, FP + DT_LOOP_CTX, 0).
 * The context is the routine's 32 bytes of stack (the map key at FP - 8
 * is free once dctx is found); its first word is set here to r9, the
 * address the callback works on (dt_cg_emit_cb_enter()), the rest is
 * the caller's to fill.  r0..r5 are lost, r6..r9 kept.
 */
void
dt_cg_emit_loop(dt_cg_t *cg, dt_sub_t cb, int32_t count)
{
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX, R9));
	dt_cg_emit(cg, MOV_IMM(R1, count));
	dt_cg_emit_func_addr(cg, R2, cb);
	dt_cg_emit(cg, MOV_REG(R3, FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, DT_LOOP_CTX));
	dt_cg_emit(cg, MOV_IMM(R4, 0));
	dt_cg_emit(cg, CALL(BPF_FUNC_loop));
}

/*
 * The start of a bpf_loop callback, int cb(long index, void *ctx), whose
 * iteration is one position of a string: r6 = the context, r9 = the
 * address in its first word, r4 = the position (r1), below count for the
 * verifier (at count or past, to lstop).
 */
void
dt_cg_emit_cb_enter(dt_cg_t *cg, int32_t count, int lstop)
{
	dt_cg_emit(cg, MOV_REG(R6, R2));
	dt_cg_emit(cg, LDX(BPF_DW, R9, R6, 0));
	dt_cg_emit(cg, MOV_REG(R4, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R4, count, 0), lstop);
}

/*
 * The end of a bpf_loop callback: r0 = 0 (go on) and return; at lstop,
 * r0 = 1 (stop) and return.
 */
void
dt_cg_emit_cb_tail(dt_cg_t *cg, int lstop)
{
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit(cg, EXIT());
	dt_cg_label_set(cg, lstop);
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_emit(cg, EXIT());
}

/*
 * The start of a runtime routine of a string in dctx, a global function
 * that the verifier checks once for the whole program: r1 = the offset in
 * dctx of the string, the ntmp - 1 temporaries after it the routine's
 * own.  Its arguments are numbers to the verifier, so it finds dctx
 * itself and bounds the offset so that its ntmp temporaries are in dctx:
 * r9 = dctx + offset, and the routine's code is written as inline code
 * would be, with its string at offset 0 and its next temporaries one
 * temporary's size apart.  r2 is kept in r7, and with nargs 3, r3 in
 * r8; r0 is dctx.  On no dctx (it cannot happen), to label lout.
 */
void
dt_cg_emit_sub_enter(dt_cg_t *cg, int ntmp, int lout)
{
	dt_cg_emit_sub_enter_args(cg, ntmp, 2, lout);
}

void
dt_cg_emit_sub_enter_args(dt_cg_t *cg, int ntmp, int nargs, int lout)
{
	dtrace_hdl_t *dtp = cg->cg_hdl;
	uint32_t last = dt_cg_tmp_off(dtp, dt_cg_ntmp(dtp) - ntmp);

	dt_cg_emit(cg, MOV_REG(R6, R1));
	if (nargs >= 2)
		dt_cg_emit(cg, MOV_REG(R7, R2));
	if (nargs >= 3)
		dt_cg_emit(cg, MOV_REG(R8, R3));
	dt_cg_emit(cg, ST_IMM(BPF_W, FP, -8, 0));
	dt_cg_emit_mapfd(cg, R1, DT_MAP_DCTX);
	dt_cg_emit(cg, MOV_REG(R2, FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, -8));
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R6, (int32_t)last, 0), lout);
	dt_cg_emit(cg, MOV_REG(R9, R0));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R9, R6));
}

/* The end of a runtime routine: r0 = 0 (a global function's is a number) */
void
dt_cg_emit_sub_leave(dt_cg_t *cg, int lout)
{
	dt_cg_label_set(cg, lout);
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit(cg, EXIT());
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
	dt_cg_emit(cg, INSN(BPF_LD | BPF_DW | BPF_IMM, reg, BPF_PSEUDO_MAP_FD,
	    0, map));
	dt_cg_emit(cg, INSN(0, 0, 0, 0, 0));
}

/*
 * r1 = variable map idp, for a helper call (dt_impl.h, DT_VARMAP_DIRECT):
 * its fd, or the map found in its map of maps.  With keep3, r3 is kept
 * (a store's value); r0, r2, r4 and r5 are not.
 */
void
dt_cg_emit_varmap(dt_cg_t *cg, const dt_ident_t *idp, bool keep3)
{
	int idx = idp->di_id;

	if (idx < DT_MAP_COUNT + DT_VARMAP_DIRECT) {
		dt_cg_emit_mapfd(cg, R1, idx);
		return;
	}
	if (keep3) {
		dt_cg_emit(cg, MOV_REG(R0, R3));
		(void) dt_cg_push(cg);
	}
	dt_cg_emit(cg, MOV_IMM(R0, idx - DT_MAP_COUNT));
	(void) dt_cg_push(cg);
	dt_cg_emit_mapfd(cg, R1, idx | DT_MAP_OUTER);
	dt_cg_emit(cg, MOV_REG(R2, FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, (int32_t)-cg->cg_sp));
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_pop(cg, R1);
	if (keep3)
		dt_cg_pop(cg, R3);
	/* the entry is always there; the verifier wants it checked */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), cg->cg_lend);
	dt_cg_emit(cg, MOV_REG(R1, R0));
}

/* r = address of byte off of the value of an array map of one entry */
void
dt_cg_emit_mapval(dt_cg_t *cg, int reg, int map, uint32_t off)
{
	dt_cg_reloc(cg, dt_cg_pc(cg), DT_REL_MAPVAL);
	dt_cg_emit(cg, INSN(BPF_LD | BPF_DW | BPF_IMM, reg,
	    BPF_PSEUDO_MAP_VALUE, 0, map));
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

/*
 * Bytes of the locals area: DT_LOCALS_BYTES, or more when the this->
 * variables declared before the first clause is compiled need more (a
 * struct copied whole, this->t = *curthread).  Every offset after it is
 * compiled into the clauses, so the first clause compiled fixes it for the
 * handle (dt_localcap); this-> variables declared later must fit in it.
 */
uint32_t
dt_cg_locals_size(dtrace_hdl_t *dtp)
{
	uint32_t sz = (dtp->dt_localsize + 7) & ~7U;

	if (dtp->dt_localcap != 0)
		return (dtp->dt_localcap);
	return (sz < DT_LOCALS_BYTES ? DT_LOCALS_BYTES : sz);
}

/* scratchsize rounded up to 8: what alloca() and copyin() may take */
uint32_t
dt_cg_scratch_size(dtrace_hdl_t *dtp)
{
	return ((dtp->dt_opts.op_scratchsize + 7) & ~7U);
}

uint32_t
dt_cg_scratch_off(dtrace_hdl_t *dtp)
{
	return (dt_cg_locals_off() + dt_cg_locals_size(dtp));
}

/*
 * Bytes between two string temporaries: a string buffer, 8-aligned, and
 * at least DT_TMP_MIN, so that lltostr() can write all the digits of a
 * 64-bit integer in one before keeping the first strsize of them.
 */
uint32_t
dt_cg_tmp_size(dtrace_hdl_t *dtp)
{
	uint32_t sz = (dt_strbuf(dtp) + 7) & ~7U;

	return (sz < DT_TMP_MIN ? DT_TMP_MIN : sz);
}

/*
 * The scratch area takes twice scratch_size: a copy at a variable offset
 * is bounded by the verifier with the largest offset plus the largest
 * size, each up to scratch_size.
 */
uint32_t
dt_cg_tmp_off(dtrace_hdl_t *dtp, int n)
{
	return (dt_cg_scratch_off(dtp) + 2 * dt_cg_scratch_size(dtp) +
	    (uint32_t)n * dt_cg_tmp_size(dtp));
}

/*
 * String temporaries a statement may use: fewer when strsize is large.
 * strtok()'s copy, after them, comes out of the same budget.
 */
int
dt_cg_ntmp(dtrace_hdl_t *dtp)
{
	int n = (int)((DT_TMP_BYTES - dt_cg_tmp_size(dtp)) / dt_cg_tmp_size(dtp));

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
	return (dt_cg_tmp_off(cg->cg_hdl, cg->cg_ntmp++));
}

/*
 * Offset in dctx of fresh consecutive string temporaries holding at least
 * bytes: one area, for what is larger than a string.
 */
uint32_t
dt_cg_tmp_alloc_bytes(dt_cg_t *cg, uint32_t bytes)
{
	uint32_t off = dt_cg_tmp_alloc(cg);

	for (uint32_t got = dt_cg_tmp_size(cg->cg_hdl); got < bytes;
	    got += dt_cg_tmp_size(cg->cg_hdl))
		(void) dt_cg_tmp_alloc(cg);
	return (off);
}

/* strtok()'s copy of its string, kept for the next call of the firing */
uint32_t
dt_cg_strtok_off(dtrace_hdl_t *dtp)
{
	return (dt_cg_tmp_off(dtp, dt_cg_ntmp(dtp)));
}

uint32_t
dt_dctx_bufoff(dtrace_hdl_t *dtp)
{
	return (dt_cg_strtok_off(dtp) + dt_cg_tmp_size(dtp));
}

/* The record buffer holds the largest data record or a fault record. */
uint32_t
dt_dctx_size(dtrace_hdl_t *dtp)
{
	uint32_t data = dtp->dt_recmax;

	if (data < sizeof (dt_faultrec_t))
		data = sizeof (dt_faultrec_t);
	/*
	 * A string buffer more: the verifier bounds an access at a variable offset
	 * in a temporary by the largest offset plus the largest size, which
	 * can reach one buffer past the last temporary.
	 */
	return (dt_dctx_bufoff(dtp) + (uint32_t)sizeof (dt_rechdr_t) + data +
	    dt_strbuf(dtp));
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

/*
 * A statement: an aggregation, an action (its row's fn_cg, with the next
 * record of the clause when it records data), or an expression.
 */
/*
 * Jumps to the fault handler and to the end of the clause go to labels
 * set at the clause's end, and a BPF jump reaches 32767 instructions at
 * most.  Between statements, once DT_CG_ISLAND instructions have been
 * emitted since the clause's start or the last island, an island relays
 * them: for each of the two labels that a jump went to, a jump onward to
 * a fresh label, which the code after the island uses instead; the code
 * before it jumps over it.  A label no jump used is kept (an island jump
 * nothing reaches is refused by the verifier).
 */
#define DT_CG_ISLAND	16384

static void
cg_island(dt_cg_t *cg, volatile uint32_t *since)
{
	bool f = dt_asm_used(&cg->cg_asm, cg->cg_lfault);
	bool e = dt_asm_used(&cg->cg_asm, cg->cg_lend);
	int lover;

	if (dt_cg_pc(cg) - *since < DT_CG_ISLAND || (!f && !e))
		return;
	lover = dt_cg_label_new(cg);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lover);
	if (f) {
		int l = dt_cg_label_new(cg);

		dt_cg_label_set(cg, cg->cg_lfault);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), l);
		cg->cg_lfault = l;
	}
	if (e) {
		int l = dt_cg_label_new(cg);

		dt_cg_label_set(cg, cg->cg_lend);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), l);
		cg->cg_lend = l;
	}
	dt_cg_label_set(cg, lover);
	*since = dt_cg_pc(cg);
}

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

/* The record header at the start of the buffer. */
static void
emit_header(dt_cg_t *cg, uint32_t kind)
{
	int16_t b = (int16_t)dt_dctx_bufoff(cg->cg_hdl);

	dt_cg_emit(cg, ST_IMM(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t,
	    rh_kind), (int32_t)kind));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_prid)));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t,
	    rh_prid), R1));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_clause)));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t,
	    rh_clause), R1));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t,
	    rh_cpu), R0));
	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 32));
	dt_cg_emit(cg, STX(BPF_W, R9, b + (int16_t)offsetof(dt_rechdr_t,
	    rh_pid), R0));
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
	volatile uint32_t since = 0;

	cg_init(&cg, dtp, &dcp->dc_code);
	cg.cg_clause = dcp;
	if (dtp->dt_localcap == 0)
		dtp->dt_localcap = dt_cg_locals_size(dtp);
	if (setjmp(cg.cg_jmp) != 0) {
		cg_fini(&cg);
		dt_block_free(&dcp->dc_code);
		return (-1);
	}
	if ((uint64_t)dt_dctx_bufoff(dtp) + sizeof (dt_rechdr_t) +
	    dt_strbuf(dtp) + sizeof (dt_faultrec_t) > DT_DCTX_MAX) {
		char msg[160];

		snprintf(msg, sizeof (msg), "strsize %u and scratchsize %u "
		    "leave no room for records: the per-CPU area of a "
		    "firing holds at most %u bytes", dtp->dt_opts.op_strsize,
		    dtp->dt_opts.op_scratchsize, DT_DCTX_MAX);
		dt_cg_fail(&cg, "D_CG", msg);
	}
	if ((uint64_t)dt_dctx_bufoff(dtp) + sizeof (dt_rechdr_t) +
	    dcp->dc_recsize + dt_strbuf(dtp) > DT_DCTX_MAX) {
		char msg[160];

		snprintf(msg, sizeof (msg), "clause records too much data: %u "
		    "bytes, more than the %u a firing may record with strsize "
		    "%u and scratchsize %u", dcp->dc_recsize, DT_DCTX_MAX -
		    dt_dctx_bufoff(dtp) - (uint32_t)sizeof (dt_rechdr_t) -
		    dt_strbuf(dtp), dtp->dt_opts.op_strsize,
		    dtp->dt_opts.op_scratchsize);
		dt_cg_fail(&cg, "D_CG", msg);
	}
	cg.cg_lfault = dt_cg_label_new(&cg);
	cg.cg_lend = dt_cg_label_new(&cg);
	dcp->dc_faults = false;		/* set again by each dt_cg_emit_fault() */
	dcp->dc_exits = false;		/* set again by dt_cg_exit() */

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
	for (dt_node_t *s = dcp->dc_body; s != NULL; s = s->dn_list) {
		cg_stmt(&cg, s, &recno);
		cg_island(&cg, &since);
	}
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
		dt_cg_emit(&cg, STX(BPF_DW, R9,
		    d + (int16_t)offsetof(dt_faultrec_t, fr_fault), R1));
		dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_faddr)));
		dt_cg_emit(&cg, STX(BPF_DW, R9,
		    d + (int16_t)offsetof(dt_faultrec_t, fr_addr), R1));
		dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fpc)));
		dt_cg_emit(&cg, STX(BPF_DW, R9,
		    d + (int16_t)offsetof(dt_faultrec_t, fr_pc), R1));
		dt_cg_emit(&cg, LDX(BPF_W, R1, R9, MS_OFF(ms_stmt)));
		dt_cg_emit(&cg, STX(BPF_DW, R9,
		    d + (int16_t)offsetof(dt_faultrec_t, fr_stmt), R1));
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
 * Set up the ERROR probe's arguments from the fault, as DTrace for Linux
 * sets them: arg0 = 0, arg1 = the id of the probe whose clause faulted,
 * arg2 = that clause's number, arg3 = the BPF pc, arg4 = the fault kind,
 * arg5 = the address or value.
 */
static void
emit_error_args(dt_cg_t *cg)
{
	int16_t a = MS_OFF(ms_argv);

	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, a, 0));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_prid)));
	dt_cg_emit(cg, STX(BPF_DW, R9, a + 8, R1));
	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_prid), DT_PRID_ERROR));
	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_provpid), 0));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_stmt)));
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
#define DT_SKIP_ALL	255	/* bpf_get_stack's largest skip count */

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
 * Before clause dcp's block: ms_clause = its number, ms_stmt = the
 * statement it runs as (DTrace's numbering: dt_probe_stmt()), ms_epid =
 * the enabled probe id of (the probe firing, this clause), prid * nclauses
 * + clause + 1, unique in the session and the same at every firing.
 * ms_prid is known only when the program runs (one program serves many
 * probes).
 */
static void
emit_clause_ids(dt_cg_t *cg, const dt_clause_t *dcp, unsigned int stmt)
{
	uint32_t n = cg->cg_hdl->dt_nclauses;

	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_clause),
	    (int32_t)dcp->dc_id));
	dt_cg_emit(cg, ST_IMM(BPF_W, R9, MS_OFF(ms_stmt), (int32_t)stmt));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, MS_OFF(ms_prid)));
	dt_cg_emit(cg, ALU_IMM(BPF_MUL, R1, (int32_t)n));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, (int32_t)(dcp->dc_id + 1)));
	dt_cg_emit(cg, STX(BPF_W, R9, MS_OFF(ms_epid), R1));
}

/*
 * Leave the program (return 0) when jmp, a JEQ or JNE, would be taken.
 * The return is emitted at the test, not at the program's end: a program
 * of large clauses puts its end farther than a BPF jump reaches (32767
 * instructions).  The test is inverted to jump over the return, so that
 * the path that goes on costs no extra jump.
 */
static void
emit_exit_if(dt_cg_t *cg, struct bpf_insn jmp)
{
	int lon = dt_cg_label_new(cg);

	assert(BPF_OP(jmp.code) == BPF_JEQ || BPF_OP(jmp.code) == BPF_JNE);
	jmp.code ^= BPF_JEQ ^ BPF_JNE;
	dt_cg_emit_jump(cg, jmp, lon);
	dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit(cg, EXIT());
	dt_cg_label_set(cg, lon);
}

/*
 * After a clause that calls exit(): if the session's activity is no longer
 * what it was when the firing began, exit() ran and ends the firing: no
 * later clause of the probe (nor ERROR clause) runs.  In END, exit() finds
 * the activity already DRAINING and changes nothing, so every END clause
 * runs.
 */
static void
emit_exit_check(dt_cg_t *cg)
{
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS, 0);
	dt_cg_emit(cg, LDX(BPF_W, R1, R1, (int16_t)offsetof(dt_gstate_t,
	    gs_activity)));
	dt_cg_emit(cg, LDX(BPF_W, R2, R9, MS_OFF(ms_act)));
	emit_exit_if(cg, JMP_REG(BPF_JNE, R1, R2, 0));
}

/*
 * After the program, each runtime routine its clauses call, once, as a
 * global function (pgp->pg_subs[] its first instruction, for the BTF the
 * program is loaded with); each call (a DT_REL_CALL relocation) is
 * pointed at it and its relocation dropped.
 */
static void
emit_subs(dt_cg_t *cg, dt_program_t *pgp)
{
	static void (*const emit[DT_SUB_COUNT])(dt_cg_t *) = {
		[DT_SUB_CLEANPATH] = dt_cg_sub_cleanpath,
		[DT_SUB_BASENAME] = dt_cg_sub_basename,
		[DT_SUB_DIRNAME] = dt_cg_sub_dirname,
		[DT_SUB_LASTSLASH_CB] = dt_cg_sub_lastslash_cb,
		[DT_SUB_STRIP_CB] = dt_cg_sub_strip_cb,
		[DT_SUB_CLEANPATH_CB] = dt_cg_sub_cleanpath_cb,
		[DT_SUB_TOUPPER] = dt_cg_sub_toupper,
		[DT_SUB_TOLOWER] = dt_cg_sub_tolower,
		[DT_SUB_TOUPPER_CB] = dt_cg_sub_toupper_cb,
		[DT_SUB_TOLOWER_CB] = dt_cg_sub_tolower_cb,
		[DT_SUB_STRCHR] = dt_cg_sub_strchr,
		[DT_SUB_STRRCHR] = dt_cg_sub_strrchr,
		[DT_SUB_STRCHR_CB] = dt_cg_sub_strchr_cb,
		[DT_SUB_STRRCHR_CB] = dt_cg_sub_strrchr_cb,
		[DT_SUB_SEARCH] = dt_cg_sub_search,
		[DT_SUB_RSEARCH] = dt_cg_sub_rsearch,
		[DT_SUB_SEARCH_CB] = dt_cg_sub_search_cb,
		[DT_SUB_RSEARCH_CB] = dt_cg_sub_rsearch_cb,
		[DT_SUB_STRTOK] = dt_cg_sub_strtok,
		[DT_SUB_TOKMAP_CB] = dt_cg_sub_tokmap_cb,
		[DT_SUB_TOKPASS_CB] = dt_cg_sub_tokpass_cb,
		[DT_SUB_STRTOLL] = dt_cg_sub_strtoll,
		[DT_SUB_STRTOLL_CB] = dt_cg_sub_strtoll_cb,
		[DT_SUB_LLTOSTR] = dt_cg_sub_lltostr,
		[DT_SUB_INET4] = dt_cg_sub_inet4,
		[DT_SUB_INET6] = dt_cg_sub_inet6,
		[DT_SUB_INETNTOA6] = dt_cg_sub_inet_ntoa6,
		[DT_SUB_LINK6] = dt_cg_sub_link6,
		[DT_SUB_LINK20] = dt_cg_sub_link20,
	};
	dt_block_t *blk = cg->cg_blk;
	uint32_t keep = 0;

	memset(pgp->pg_subs, 0, sizeof (pgp->pg_subs));
	for (uint32_t i = 0; i < blk->db_nrels; i++) {
		const dt_reloc_t *r = &blk->db_rels[i];
		int32_t sub = blk->db_insns[r->dr_insn].imm;

		if (r->dr_kind != DT_REL_CALL || pgp->pg_subs[sub] != 0)
			continue;
		pgp->pg_subs[sub] = dt_cg_pc(cg);
		emit[sub](cg);
	}
	for (uint32_t i = 0; i < blk->db_nrels; i++) {
		dt_reloc_t *r = &blk->db_rels[i];
		struct bpf_insn *in = &blk->db_insns[r->dr_insn];

		if (r->dr_kind != DT_REL_CALL) {
			blk->db_rels[keep++] = *r;
			continue;
		}
		in->imm = (int32_t)pgp->pg_subs[in->imm] -
		    (int32_t)r->dr_insn - 1;
	}
	blk->db_nrels = keep;
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

	cg_init(&cg, dtp, blk);
	cg.cg_uentry = pgp->pg_tramp == DT_TRAMP_PIDENTRY;
	if (setjmp(cg.cg_jmp) != 0) {
		cg_fini(&cg);
		return (-1);
	}
	if (((uint64_t)dtp->dt_nprobes + 1) * dtp->dt_nclauses >= UINT32_MAX)
		dt_cg_fail(&cg, "D_NOMEM", "too many enabled probe ids");

	dt_cg_emit(&cg, MOV_REG(R6, R1));
	dt_cg_emit(&cg, ST_IMM(BPF_W, FP, -8, 0));
	dt_cg_emit_mapfd(&cg, R1, DT_MAP_DCTX);
	dt_cg_emit(&cg, MOV_REG(R2, FP));
	dt_cg_emit(&cg, ALU_IMM(BPF_ADD, R2, -8));
	dt_cg_emit(&cg, CALL(BPF_FUNC_map_lookup_elem));
	emit_exit_if(&cg, JMP_IMM(BPF_JEQ, R0, 0, 0));
	dt_cg_emit(&cg, MOV_REG(R9, R0));
	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_errno), 0));
	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_tstamp), 0));
	dt_cg_emit(&cg, ST_IMM(BPF_W, R9, MS_OFF(ms_provpid), 0));
	dt_cg_emit(&cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_strtok),
	    (int32_t)dt_strbuf(dtp) + 1));	/* no strtok() string yet */
	dt_cg_emit_mapval(&cg, R1, DT_MAP_GLOBALS, 0);
	dt_cg_emit(&cg, LDX(BPF_W, R1, R1, (int16_t)offsetof(dt_gstate_t,
	    gs_activity)));
	dt_cg_emit(&cg, STX(BPF_W, R9, MS_OFF(ms_act), R1));
	if (tramp == DT_TRAMP_DTRACE)
		emit_exit_if(&cg, JMP_IMM(BPF_JEQ, R1, DT_ACT_STOPPED, 0));
	else
		emit_exit_if(&cg, JMP_IMM(BPF_JNE, R1, DT_ACT_ACTIVE, 0));
	if (dtp->dt_opts.op_cpu != DT_CPU_ANY) {
		/* option cpu: no probe fires on another CPU */
		dt_cg_emit(&cg, CALL(BPF_FUNC_get_smp_processor_id));
		emit_exit_if(&cg, JMP_IMM(BPF_JNE, R0,
		    (int32_t)dtp->dt_opts.op_cpu, 0));
	}
	if (pv->pv_trampoline(dtp, blk, pgp) != 0) {
		cg_fini(&cg);
		return (-1);
	}
	/*
	 * A raw tracepoint program's kernel stack starts in the program
	 * itself (bpf_get_stack walks from the helper's caller); a perf
	 * event's starts where the event was taken.  Then the tracing
	 * machinery's frames, found at run time (emit_kskip()).  BEGIN
	 * and END fire in no kernel function (DTrace shows no frames, a
	 * stackdepth and caller of 0): a skip past any stack's depth, which
	 * bpf_get_stack answers with an error and zeroed frames.
	 */
	dt_cg_emit(&cg, ST_IMM(BPF_W, R9, MS_OFF(ms_stkskip),
	    tramp == DT_TRAMP_DTRACE ? DT_SKIP_ALL :
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
				dt_cg_emit(&cg, ALU_IMM(BPF_RSH, R1,
				    (int32_t)i));
			dt_cg_emit(&cg, ALU_IMM(BPF_AND, R1, 1));
			dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lnext);
		}
		emit_clause_ids(&cg, dcp, pgp->pg_stmts[i]);
		if (dt_block_append(dtp, blk, &dcp->dc_code) != 0)
			dt_cg_fail(&cg, "D_NOMEM", "out of memory");
		if (dcp->dc_exits)
			emit_exit_check(&cg);
		if (dcp->dc_faults && err != NULL && err->pr_nclauses > 0) {
			int lskip = dt_cg_label_new(&cg);

			dt_cg_emit(&cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_fault)));
			dt_cg_emit_jump(&cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lskip);
			emit_save_args(&cg, false);
			emit_error_args(&cg);
			for (unsigned int e = 0; e < err->pr_nclauses; e++) {
				dt_clause_t *ecp =
				    dtp->dt_clauses[err->pr_clauses[e]];

				emit_clause_ids(&cg, ecp,
				    dt_probe_stmt(dtp, err, e));
				if (dt_block_append(dtp, blk,
				    &ecp->dc_code) != 0)
					dt_cg_fail(&cg, "D_NOMEM",
					    "out of memory");
				if (ecp->dc_exits)
					emit_exit_check(&cg);
			}
			emit_save_args(&cg, true);
			dt_cg_label_set(&cg, lskip);
		}
		dt_cg_label_set(&cg, lnext);
	}
	ranges[n] = dt_cg_pc(&cg);
	dt_cg_emit(&cg, MOV_IMM(R0, 0));
	dt_cg_emit(&cg, EXIT());
	emit_subs(&cg, pgp);
	resolve_labels(&cg);
	cg_fini(&cg);
	return (0);
}
