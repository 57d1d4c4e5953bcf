/*
 * dt_cg_spec.c: speculations: speculation(), speculate(), commit(),
 * discard(), and the appending of a speculating clause's records.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"
#include "dt_cg.h"

static void cg_speculation(dt_cg_t *cg);
static void cg_commit(dt_cg_t *cg, bool commit);
static void emit_specbuf(dt_cg_t *cg, int lskip);

/*
 * speculate(id): the clause's records go to that buffer.  As in DTrace, a
 * speculation that cannot take them ends the clause there, and the rest
 * of it does not run: id 0, a buffer that is not ACTIVE, or one without
 * room left for the clause's record (a speculative drop).  An id above
 * nspec is the illegal operation fault.  Room is checked again as the
 * record is appended (dt_cg_emit_specappend()), since other firings may
 * append in between.
 */
void
dt_cg_speculate(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	const dt_clause_t *dcp = cg->cg_clause;
	uint32_t specsize = dt_specsize(cg->cg_hdl);
	uint32_t size = ((uint32_t)sizeof (dt_rechdr_t) + dcp->dc_recsize +
	    7) & ~7U;
	int lroom = dt_cg_label_new(cg), ldrop = dt_cg_label_new(cg);

	(void) r;
	dt_cg_expr(cg, e->dn_args);
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_spec), R0));
	dt_cg_emit(cg, MOV_REG(BPF_REG_7, R0));
	emit_specbuf(cg, cg->cg_lend);
	dt_cg_emit(cg, LDX(BPF_W, R1, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_state)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, DT_SPEC_ACTIVE, 0),
	    cg->cg_lend);
	if (!dcp->dc_records)
		return;
	dt_cg_emit(cg, LDX(BPF_DW, R1, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_len)));
	/*
	 * A record larger than specsize never fits: the branch is then
	 * always taken, but the rest of the clause stays reachable in the
	 * program's structure, as the verifier requires of every insn.
	 */
	if (size <= specsize)
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R1,
		    (int32_t)(specsize - size), 0), ldrop);
	else
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R1, 0, 0), ldrop);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lroom);
	dt_cg_label_set(cg, ldrop);
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_specdrops));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), cg->cg_lend);
	dt_cg_label_set(cg, lroom);
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
	return ((uint32_t)sizeof (dt_specbuf_t) + dt_specsize(dtp));
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
	dt_cg_emit(cg, ALU_IMM(BPF_MUL, BPF_REG_7,
	    (int32_t)spec_stride(cg->cg_hdl)));
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

		dt_cg_emit_mapval(cg, R1, DT_MAP_SPEC,
		    i * spec_stride(cg->cg_hdl));
		dt_cg_emit(cg, MOV_IMM(R0, DT_SPEC_FREE));
		dt_cg_emit(cg, MOV_IMM(R2, DT_SPEC_ACTIVE));
		dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_W, R1, R2,
		    (int16_t)offsetof(dt_specbuf_t, sb_state), BPF_CMPXCHG));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, DT_SPEC_FREE, 0),
		    lnext);
		dt_cg_emit(cg, MOV_IMM(R0, (int32_t)i + 1));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lnext);
	}
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_specfail));
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
	int lskip = dt_cg_label_new(cg), lfree = dt_cg_label_new(cg),
	    lsent = dt_cg_label_new(cg);
	int lspin = dt_cg_label_new(cg), lidle = dt_cg_label_new(cg),
	    lwait = dt_cg_label_new(cg);
	uint32_t specsize = dt_specsize(cg->cg_hdl);
	int16_t h = (int16_t)offsetof(dt_specbuf_t, sb_hdr);

	dt_cg_emit(cg, MOV_REG(BPF_REG_7, R0));
	emit_specbuf(cg, lskip);
	dt_cg_emit(cg, MOV_IMM(R0, DT_SPEC_ACTIVE));
	dt_cg_emit(cg, MOV_IMM(R1, DT_SPEC_COMMITTING));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_W, BPF_REG_8, R1,
	    (int16_t)offsetof(dt_specbuf_t, sb_state), BPF_CMPXCHG));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, DT_SPEC_ACTIVE, 0), lskip);
	/*
	 * Appends that began before: a bounded wait for them to end.  The
	 * wait is out of line (after the body) so that the verifier walks
	 * the idle path first and prunes every later turn of the loop
	 * there; in line, each turn left a branch pending, and a clause with
	 * several commit()s or discard()s passed its limit of pending
	 * branches.
	 */
	dt_cg_emit(cg, MOV_IMM(R2, 0));
	dt_cg_label_set(cg, lspin);
	dt_cg_emit(cg, LDX(BPF_W, R1, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_busy)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), lwait);
	dt_cg_label_set(cg, lidle);
	if (commit) {
		dt_cg_emit(cg, LDX(BPF_DW, BPF_REG_7, BPF_REG_8,
		    (int16_t)offsetof(dt_specbuf_t, sb_len)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), lfree);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, BPF_REG_7,
		    (int32_t)specsize, 0), lfree);
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
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3,
		    (int32_t)sizeof (dt_rechdr_t)));
		dt_cg_emit(cg, MOV_IMM(R4, 0));
		dt_cg_emit(cg, CALL(BPF_FUNC_ringbuf_output));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lsent);
		dt_cg_emit_cpudrop(cg, (uint32_t)offsetof(dt_gstate_t,
		    gs_drops));
		dt_cg_label_set(cg, lsent);
	}
	dt_cg_label_set(cg, lfree);
	dt_cg_emit(cg, ST_IMM(BPF_DW, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_len), 0));
	dt_cg_emit(cg, ST_IMM(BPF_W, BPF_REG_8, (int16_t)offsetof(dt_specbuf_t,
	    sb_state), DT_SPEC_FREE));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lskip);
	dt_cg_label_set(cg, lwait);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R2, DT_SPEC_SPINS, 0), lspin);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lidle);
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
	int lend = dt_cg_label_new(cg), lfits = dt_cg_label_new(cg),
	    ldone = dt_cg_label_new(cg);
	uint32_t specsize = dt_specsize(cg->cg_hdl);

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
		dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, BPF_REG_8,
		    R1, (int16_t)offsetof(dt_specbuf_t, sb_len),
		    BPF_ADD | BPF_FETCH));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R1,
		    (int32_t)(specsize - size), 0), lfits);
		dt_cg_emit(cg, MOV_IMM(R1, -(int32_t)size));
		dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, BPF_REG_8,
		    R1, (int16_t)offsetof(dt_specbuf_t, sb_len), BPF_ADD));
	}
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_specdrops));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
	if (size <= specsize) {	/* else it never fits */
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lfits);
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, BPF_REG_8));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1,
		    (int32_t)sizeof (dt_specbuf_t)));
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
