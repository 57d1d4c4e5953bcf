/*
 * dt_cg_var.c: D variables (global, this->, self->, associative arrays)
 * in their maps or in dctx: keys, loads, stores, deletes.
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

static bool
lv_dynamic(const dt_ident_t *idp)
{
	return (idp->di_kind == DT_IDENT_ASSOC || idp->di_kind == DT_IDENT_TLS);
}

/* reg = address of a fixed variable's storage */
static void
lv_addr(dt_cg_t *cg, int reg, const dt_ident_t *idp)
{
	if (idp->di_kind == DT_IDENT_LOCAL) {
		dt_cg_emit_dctx_addr(cg, reg,
		    dt_cg_locals_off() + idp->di_offset);
		return;
	}
	dt_cg_emit_mapval(cg, reg, DT_MAP_GLOBALS, GS_SIZE + idp->di_offset);
}

void
dt_cg_lv_key(dt_cg_t *cg, const dt_node_t *dnp, dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	uint32_t strbuf = dt_strbuf(cg->cg_hdl), off;
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
	/*
	 * The key: consecutive string temporaries, zeroed.  A string takes
	 * strsize bytes rounded up to 8; its copy may write one byte more,
	 * the NUL after strsize characters, onto the next component (written
	 * after it) or, at the end, onto a byte allocated for it.
	 */
	k->lk_ntmp = cg->cg_ntmp;
	k->lk_off = (int32_t)(off = dt_cg_tmp_alloc_bytes(cg,
	    idp->di_keysize + (dt_agg_tagged(idp) ? DT_AGG_TAG : 0) + 1));
	for (uint32_t b = 0; b < idp->di_keysize; b += 8)
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(off + b), 0));
	if (dt_agg_tagged(idp)) {	/* the tag: aggregation and CPU */
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(off +
		    idp->di_keysize), 0));
		dt_cg_emit(cg, CALL(BPF_FUNC_get_smp_processor_id));
		dt_cg_emit_imm64(cg, R1, (uint64_t)idp->di_id << 32);
		dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R1));
		dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
		off += DT_AGG_TAG;
	}
	if (idp->di_tls) {	/* self->a[k]: the thread id first */
		dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_cg_emit(cg, MOV32_REG(R0, R0));
		dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)off, R0));
		off += 8;
	}
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
		if (dt_type_isbytes(kt)) {
			/* a struct: its bytes, r0 their address */
			int16_t sslot = dt_cg_push(cg);

			dt_cg_emit_dctx_addr(cg, R1, off);
			dt_cg_emit_copy_in(cg, idp->di_keybytes[i], sslot);
			dt_cg_pop(cg, R0);
			off += (idp->di_keybytes[i] + 7) & ~7U;
		} else if (kt.ty_kind == DT_TK_STRING) {
			/* strsize characters (no NUL when full), or the
			   bytes of a component kept short, NUL included */
			uint32_t kb = idp->di_keybytes[i];

			dt_cg_emit(cg, MOV_REG(R3, R0));
			dt_cg_emit_dctx_addr(cg, R1, off);
			dt_cg_emit(cg, MOV_IMM(R2, (int32_t)(kb != 0 ? kb :
			    strbuf)));
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
			off += kb != 0 ? kb :
			    (cg->cg_hdl->dt_opts.op_strsize + 7) & ~7U;
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
	dt_cg_emit_varmap(cg, idp, false);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lfound);
	if (str) {		/* DTrace's NULL */
		dt_cg_emit_strnull(cg, R0);
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
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_dyndrops));
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
}

/*
 * Mark the current thread in the owner map: it has self->a[k] elements,
 * which the program run at its exit deletes (core/dt_work.c).  A mark the
 * map has no room for is a dynamic variable drop.
 */
static void
emit_tls_owner(dt_cg_t *cg)
{
	const dt_ident_t *owner = cg->cg_hdl->dt_tlsowner;
	int lok = dt_cg_label_new(cg);
	int16_t slot;

	dt_cg_emit(cg, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_cg_emit(cg, MOV32_REG(R0, R0));
	slot = dt_cg_push(cg);
	dt_cg_emit_varmap(cg, owner, false);
	dt_cg_emit(cg, MOV_REG(R2, FP));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, slot));
	dt_cg_emit(cg, MOV_REG(R3, R2));	/* any value: present is all */
	dt_cg_emit(cg, MOV_IMM(R4, BPF_ANY));
	dt_cg_emit(cg, CALL(BPF_FUNC_map_update_elem));
	cg->cg_sp -= 8;
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	emit_dyndrop(cg);
	dt_cg_label_set(cg, lok);
}

/* r1 = &gs_dvarcount, the pool's count of elements */
static void
emit_dvarcount(dt_cg_t *cg)
{
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_dvarcount));
}

/* One element fewer in the pool (clobbers r1, r2; keeps r0). */
static void
emit_dvar_release(dt_cg_t *cg)
{
	emit_dvarcount(cg);
	dt_cg_emit(cg, MOV_IMM(R2, -1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
}

/*
 * Delete the element of variable map idp that key k names; one that was
 * there leaves the pool.
 */
static void
emit_map_delete(dt_cg_t *cg, const dt_ident_t *idp, const dt_lvkey_t *k)
{
	int lnone = dt_cg_label_new(cg);

	dt_cg_emit_varmap(cg, idp, false);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_delete_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lnone);
	emit_dvar_release(cg);
	dt_cg_label_set(cg, lnone);
}

/* r0 = the map update of variable idp's element k to the value at the
   address in stack slot vslot, with flags (BPF_EXIST, BPF_NOEXIST) */
static void
emit_map_update(dt_cg_t *cg, const dt_ident_t *idp, const dt_lvkey_t *k,
    int16_t vslot, int32_t flags)
{
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, vslot));
	dt_cg_emit_varmap(cg, idp, true);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, MOV_IMM(R4, flags));
	dt_cg_emit(cg, CALL(BPF_FUNC_map_update_elem));
}

/*
 * Store the value at r3 (BPF memory) in the element of variable map idp
 * that key k names.  An element already there takes it in place; a new
 * one takes a place in the session's pool of dynamic variable elements
 * first (gs_dvarcount against gs_dvarmax: dt_dvar_limit()), and the pool
 * full is a dynamic variable drop, which ends the clause there (DTrace
 * for Linux's rule: what the clause recorded is not output).  A place
 * taken is given back if the element cannot be made; if another CPU made
 * it meanwhile, the value goes into theirs.  A self->a[k] element stored
 * marks its thread as one that has elements.
 */
static void
emit_map_store(dt_cg_t *cg, const dt_ident_t *idp, const dt_lvkey_t *k)
{
	int lnew = dt_cg_label_new(cg), lplace = dt_cg_label_new(cg);
	int ldrop = dt_cg_label_new(cg), lok = dt_cg_label_new(cg);
	int16_t vslot;

	dt_cg_emit(cg, MOV_REG(R0, R3));
	vslot = dt_cg_push(cg);
	dt_cg_emit_varmap(cg, idp, false);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lnew);
	/* there: in place (if deleted meanwhile, a drop) */
	emit_map_update(cg, idp, k, vslot, BPF_EXIST);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldrop);
	/* new: a place in the pool, if there is one */
	dt_cg_label_set(cg, lnew);
	emit_dvarcount(cg);
	dt_cg_emit(cg, MOV_IMM(R2, 1));
	dt_cg_emit(cg, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0,
	    BPF_ADD | BPF_FETCH));
	dt_cg_emit_mapval(cg, R1, DT_MAP_GLOBALS,
	    (uint32_t)offsetof(dt_gstate_t, gs_dvarmax));
	dt_cg_emit(cg, LDX(BPF_DW, R1, R1, 0));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JLT, R2, R1, 0), lplace);
	emit_dvar_release(cg);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldrop);
	dt_cg_label_set(cg, lplace);
	emit_map_update(cg, idp, k, vslot, BPF_NOEXIST);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	emit_dvar_release(cg);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, -EEXIST, 0), ldrop);
	emit_map_update(cg, idp, k, vslot, BPF_EXIST);	/* made meanwhile */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lok);
	dt_cg_label_set(cg, ldrop);
	emit_dyndrop(cg);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), cg->cg_lend);
	dt_cg_label_set(cg, lok);
	cg->cg_sp -= 8;
	if (idp->di_kind == DT_IDENT_ASSOC && idp->di_tls)
		emit_tls_owner(cg);
}

/*
 * Store the struct at the address in r0 (any memory: a kernel struct, a
 * variable) into struct variable dnp, its di_tsize bytes copied with
 * bpf_probe_read_kernel (a bad address is the invalid address fault): a
 * fixed variable takes them in place, and so does a self-> or
 * associative array element, made of zeros first if it is not there
 * (dt_cg_lv_load_write(): a new element takes its place in the pool,
 * and the pool full is a drop that ends the clause).  No copy is made in
 * between, so a struct of any size a variable holds (DT_STRUCTVAR_MAX)
 * is stored whole, whatever room the string temporaries have.  r0 stays
 * the source's address.
 */
static void
lv_store_struct(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	uint32_t size = (uint32_t)idp->di_tsize;
	int16_t sslot = dt_cg_push(cg);

	if (lv_dynamic(idp))
		dt_cg_lv_load_write(cg, dnp, k);
	else
		lv_addr(cg, R0, idp);
	dt_cg_emit(cg, MOV_REG(R1, R0));
	dt_cg_emit_copy_in(cg, size, sslot);
	dt_cg_pop(cg, R0);
}

/*
 * Store the string at r0 in a global or this-> string variable; r0 is
 * then the stored copy's address.  NULL's string is stored as its mark
 * (DT_STR_NULLMARK: the copy of a string stops at its NUL); a stored ""
 * clears the byte after its NUL, the rest of a longer string overwrites
 * it.
 */
static void
lv_store_fixed_str(dt_cg_t *cg, const dt_ident_t *idp)
{
	int lstr = dt_cg_label_new(cg), llong = dt_cg_label_new(cg);
	int ldone = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R3, R0));
	dt_cg_emit(cg, LDX(BPF_H, R1, R0, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, DT_STR_NULLMARK, 0), lstr);
	lv_addr(cg, R1, idp);
	dt_cg_emit(cg, ST_IMM(BPF_H, R1, 0, DT_STR_NULLMARK));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lstr);
	lv_addr(cg, R1, idp);
	dt_cg_emit(cg, MOV_IMM(R2, (int32_t)dt_strbuf(cg->cg_hdl)));
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 1, 0), llong);
	lv_addr(cg, R1, idp);			/* "": no mark after it */
	dt_cg_emit(cg, ST_IMM(BPF_B, R1, 1, 0));
	dt_cg_label_set(cg, llong);
	dt_cg_label_set(cg, ldone);
	lv_addr(cg, R0, idp);
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
		lv_store_struct(cg, dnp, k);
		return;
	}
	if (!lv_dynamic(idp)) {
		if (str) {
			lv_store_fixed_str(cg, idp);
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
		emit_map_delete(cg, idp, k);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lstore);
		dt_cg_emit(cg, MOV_REG(R3, FP));
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, vslot));
	} else {
		int lstore = dt_cg_label_new(cg);

		/* NULL's string deletes the element, as 0 does */
		dt_cg_emit(cg, LDX(BPF_H, R1, R0, 0));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, DT_STR_NULLMARK, 0),
		    lstore);
		emit_map_delete(cg, idp, k);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lstore);
		dt_cg_emit(cg, LDX(BPF_DW, R3, FP, vslot)); /* strbuf bytes */
	}
	emit_map_store(cg, idp, k);
	dt_cg_label_set(cg, ldone);
	dt_cg_pop(cg, R0);
}

/*
 * Put 0 in struct or union variable dnp: a self-> or associative array
 * element is deleted, a fixed variable's bytes are made zeros.  r0 is 0,
 * the assignment's value.
 */
void
dt_cg_lv_clear(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	uint32_t size = (uint32_t)idp->di_tsize;
	uint32_t off = 0;

	if (lv_dynamic(idp)) {
		emit_map_delete(cg, idp, k);
	} else {
		lv_addr(cg, R1, idp);
		for (; off + 8 <= size; off += 8)
			dt_cg_emit(cg, ST_IMM(BPF_DW, R1, (int16_t)off, 0));
		for (; off < size; off++)
			dt_cg_emit(cg, ST_IMM(BPF_B, R1, (int16_t)off, 0));
	}
	dt_cg_emit(cg, MOV_IMM(R0, 0));
}

/*
 * r0 = the address of the value of struct or array variable dnp, to
 * write a part of it in place: a fixed variable's storage; a self-> or
 * associative array element's value in its map, made of zeros first if
 * it is not there.  If the pool has no room, that is a dynamic variable
 * drop, which ends the clause (emit_map_store()); so is an element
 * another CPU deleted before it could be found again.
 */
void
dt_cg_lv_load_write(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k)
{
	const dt_ident_t *idp = dnp->dn_ident;
	int lfound = dt_cg_label_new(cg), lmade = dt_cg_label_new(cg);

	if (!lv_dynamic(idp)) {
		lv_addr(cg, R0, idp);
		return;
	}
	dt_cg_emit_varmap(cg, idp, false);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lfound);
	dt_cg_emit_mapval(cg, R3, DT_MAP_ZERO, 0);
	emit_map_store(cg, idp, k);
	dt_cg_emit_varmap(cg, idp, false);
	dt_cg_lv_keyptr(cg, k, R2);
	dt_cg_emit(cg, CALL(BPF_FUNC_map_lookup_elem));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lmade);
	emit_dyndrop(cg);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), cg->cg_lend);
	dt_cg_label_set(cg, lfound);
	dt_cg_label_set(cg, lmade);
}
