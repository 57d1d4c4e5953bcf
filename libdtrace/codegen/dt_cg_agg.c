/*
 * dt_cg_agg.c: aggregations: @a[keys] = f(...) for each aggregating
 * function, and the actions on aggregations (printa(), clear(), trunc(),
 * normalize(), denormalize()).
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"
#include "../consume/dt_consume.h"

/*
 * r3 = the quantize bucket of the value in r2: 63 for 0; 64 + log2(v)
 * above; 62 - log2(-v) below (0 at the least).
 */
static void
emit_qbucket(dt_cg_t *cg)
{
	int lpos = dt_cg_label_new(cg), lzero = dt_cg_label_new(cg),
	    ldone = dt_cg_label_new(cg);
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

/*
 * r3 = the llquantize bucket of the value in r2 (see dt_llq_mag()): j, the
 * bucket of |v| counted from the zero bucket k, then k + j or, for a
 * negative v, its mirror k - j.  |v| is compared unsigned, so that
 * -INT64_MIN (2^63) is above every magnitude.
 */
static void
emit_llqbucket(dt_cg_t *cg, const dt_ident_t *idp)
{
	const int64_t *p = idp->di_aggarg;
	int ldone = dt_cg_label_new(cg), lsmall = dt_cg_label_new(cg),
	    lpos = dt_cg_label_new(cg), lplus = dt_cg_label_new(cg);
	int64_t lo, up, w;
	uint32_t nb, base = 1, k = dt_llq_side(p);

	dt_cg_emit(cg, MOV_IMM(R5, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), lpos);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R2, 0, 0, 0));
	dt_cg_emit(cg, MOV_IMM(R5, 1));
	dt_cg_label_set(cg, lpos);
	dt_llq_mag(p, p[1], &lo, &up, &w, &nb);
	dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLT, R2, R4, 0), lsmall);
	for (int64_t m = p[1]; m <= p[2]; m++) {
		int lnext = dt_cg_label_new(cg);

		dt_llq_mag(p, m, &lo, &up, &w, &nb);
		dt_cg_emit_imm64(cg, R4, (uint64_t)up);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R2, R4, 0), lnext);
		if (lo % w == 0) {
			/* base + (v - lower) / width */
			dt_cg_emit(cg, MOV_REG(R3, R2));
			dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
			dt_cg_emit_imm64(cg, R4, (uint64_t)w);
			dt_cg_emit(cg, ALU_REG(BPF_DIV, R3, R4));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)base));
		} else {
			/* base, or base + 1 + (v - first multiple) / width */
			int64_t fm = (lo / w + 1) * w;

			dt_cg_emit(cg, MOV_IMM(R3, (int32_t)base));
			dt_cg_emit_imm64(cg, R4, (uint64_t)fm);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JLT, R2, R4, 0), ldone);
			dt_cg_emit(cg, MOV_REG(R3, R2));
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
			dt_cg_emit_imm64(cg, R4, (uint64_t)w);
			dt_cg_emit(cg, ALU_REG(BPF_DIV, R3, R4));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)base + 1));
		}
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lnext);
		base += nb;
	}
	dt_cg_emit(cg, MOV_IMM(R3, (int32_t)base));	/* above the last magnitude */
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lsmall);
	dt_cg_emit(cg, MOV_IMM(R3, 0));
	dt_cg_label_set(cg, ldone);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), lplus);
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R3, 0, 0, 0));
	dt_cg_label_set(cg, lplus);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, (int32_t)k));
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

/* r1 = &gs_aggbytes[cpu] (clobbers r0) */
static void
emit_aggbytes(dt_cg_t *cg)
{
	dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R0, DT_DROPCPUS - 1));
	dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 3));
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_aggbytes));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R0));
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
	dt_cg_emit_varmap(cg, idp, false);
	dt_cg_lv_keyptr(cg, &k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lhave);
	if (idp->di_nkeys > 0) {
		int ldrop = dt_cg_label_new(cg);
		int32_t cost = (int32_t)dt_varmap_cost(idp);

		/*
		 * A tagged aggregation's new entry: only if the CPU's
		 * entries, with it, cost at most aggsize (core/dt_ident.h); its
		 * cost is counted once it is made.
		 */
		if (dt_agg_tagged(idp)) {
			emit_aggbytes(cg);
			dt_cg_emit(cg, LDX(BPF_DW, R2, R1, 0));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, cost));
			dt_cg_emit_mapval(cg, R3, DT_MAP_GLOBALS,
			    (uint32_t)offsetof(dt_gstate_t, gs_aggsize));
			dt_cg_emit(cg, LDX(BPF_DW, R3, R3, 0));
			dt_cg_emit_jump(cg, JMP_REG(BPF_JGT, R2, R3, 0), ldrop);
		}
		dt_cg_emit_varmap(cg, idp, false);
		dt_cg_lv_keyptr(cg, &k, R2);
		dt_cg_emit_mapval(cg, R3, DT_MAP_ZERO, 0);
		dt_cg_emit(cg, MOV_IMM(R4, BPF_NOEXIST));
		dt_cg_emit(cg, CALL(BPF_FUNC_map_update_elem));
		dt_cg_emit_varmap(cg, idp, false);
		dt_cg_lv_keyptr(cg, &k, R2);
		dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
		if (dt_agg_tagged(idp)) {
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ldrop);
			dt_cg_emit(cg, MOV_REG(R7, R0));
			emit_aggbytes(cg);
			dt_cg_emit(cg, MOV_IMM(R2, cost));
			dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1,
			    R2, 0, BPF_ADD));
			dt_cg_emit(cg, MOV_REG(R0, R7));
		}
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lhave);
		dt_cg_label_set(cg, ldrop);
		dt_cg_emit_cpudrop(cg, (uint32_t)offsetof(dt_gstate_t,
		    gs_aggdrops));
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lend);

	dt_cg_label_set(cg, lhave);
	dt_cg_emit(cg, MOV_REG(R7, R0));
	if (idp->di_nkeys == 0) {	/* the entry is seen, even sum(0)'s */
		dt_cg_emit(cg, ST_IMM(BPF_DW, R7,
		    (int16_t)(idp->di_valsize - 8), 1));
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
	case DT_FN_STDDEV: {
		/*
		 * The sum of squares is 128 bits (words 2 and 3, low first),
		 * as DTrace keeps it: |v|^2 from 32-bit halves h and l,
		 * h^2 << 64 + 2hl << 32 + l^2, added with its carries.
		 */
		int labs = dt_cg_label_new(cg), lc1 = dt_cg_label_new(cg);
		int lc2 = dt_cg_label_new(cg);

		dt_cg_emit(cg, MOV_REG(R3, R2));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R3, 0, 0), labs);
		dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R3, 0, 0, 0));
		dt_cg_label_set(cg, labs);
		dt_cg_emit(cg, MOV_REG(R4, R3));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R4, 32));	/* h */
		dt_cg_emit(cg, MOV32_REG(R3, R3));		/* l */
		dt_cg_emit(cg, MOV_REG(R5, R3));
		dt_cg_emit(cg, ALU_REG(BPF_MUL, R5, R3));	/* l^2 */
		dt_cg_emit(cg, ALU_REG(BPF_MUL, R3, R4));	/* hl */
		dt_cg_emit(cg, ALU_REG(BPF_MUL, R4, R4));	/* h^2 */
		dt_cg_emit(cg, MOV_REG(R0, R3));
		dt_cg_emit(cg, ALU_IMM(BPF_LSH, R0, 33));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R5));	/* low word */
		dt_cg_emit(cg, MOV_REG(R1, R3));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R1, 31));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R1, R4));	/* high word */
		dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R0, R5, 0), lc1);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
		dt_cg_label_set(cg, lc1);
		dt_cg_emit(cg, LDX(BPF_DW, R3, R7, 16));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R0));
		dt_cg_emit(cg, STX(BPF_DW, R7, 16, R3));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R3, R0, 0), lc2);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, 1));
		dt_cg_label_set(cg, lc2);
		dt_cg_emit(cg, LDX(BPF_DW, R3, R7, 24));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R1));
		dt_cg_emit(cg, STX(BPF_DW, R7, 24, R3));
	}
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
		dt_cg_emit_jump(cg,
		    JMP_REG(fn == DT_FN_MIN ? BPF_JSGE : BPF_JSLE, R2, R3, 0),
		    lkeep);
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
			int llow = dt_cg_label_new(cg),
			    lhigh = dt_cg_label_new(cg);
			int ldone = dt_cg_label_new(cg);
			int64_t lo = idp->di_aggarg[0], hi = idp->di_aggarg[1];

			dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JSLT, R2, R4, 0), llow);
			dt_cg_emit_imm64(cg, R4, (uint64_t)hi);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JSGE, R2, R4, 0),
			    lhigh);
			dt_cg_emit(cg, MOV_REG(R3, R2));
			dt_cg_emit_imm64(cg, R4, (uint64_t)lo);
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
			dt_cg_emit(cg, ALU_IMM(BPF_DIV, R3,
			    (int32_t)idp->di_aggarg[2]));
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 1));
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0),
			    ldone);
			dt_cg_label_set(cg, llow);
			dt_cg_emit(cg, MOV_IMM(R3, 0));
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0),
			    ldone);
			dt_cg_label_set(cg, lhigh);
			dt_cg_emit(cg, MOV_IMM(R3,
			    (int32_t)idp->di_nbuckets - 1));
			dt_cg_label_set(cg, ldone);
			dt_cg_emit_clamp(cg, R3, 0,
			    (int32_t)idp->di_nbuckets - 1);
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

/* printa( ), clear( ), trunc( ), normalize( ), denormalize( ) */
void
dt_cg_aggact(dt_cg_t *cg, dt_node_t *e, dt_datarec_t *r)
{
	/* the aggregation's map, and trunc's count (0: all) */
	if (r->dr_naggs > 0) {	/* printa([format, ]@a, ...) */
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, dt_cg_data_off(cg,
		    r->dr_offset), r->dr_aggs[0]->di_id));
		return;
	}
	if (e->dn_args->dn_list != NULL)
		dt_cg_expr(cg, e->dn_args->dn_list);
	else
		dt_cg_emit(cg, MOV_IMM(R0, 0));
	dt_cg_emit(cg, STX(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset + 8),
	    R0));
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, dt_cg_data_off(cg, r->dr_offset),
	    e->dn_args->dn_ident->di_id));
}
