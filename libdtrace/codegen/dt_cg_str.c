/*
 * dt_cg_str.c: the string subroutines: copyinstr(), stringof(), strlen(),
 * strjoin(), substr(), strchr(), strrchr(), index(), rindex(), strstr(),
 * strtok(), lltostr(), toupper(), tolower() (strtoll() and lltostr()'s
 * digits: dt_cg_strnum.c).  Their loops are runtime routines, global
 * functions of the program the verifier checks once (dt_cg_sub_*(),
 * emitted by dt_cg_program()); the call site copies the arguments and
 * uses the result.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"

/* r0 = copyinstr(addr [, maxlen]) */
void
dt_cg_copyinstr(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	uint32_t off = dt_cg_tmp_alloc(cg);
	int lok = dt_cg_label_new(cg);
	int16_t aslot;

	dt_cg_expr(cg, dnp->dn_args);
	aslot = dt_cg_push(cg);
	if (dnp->dn_args->dn_list != NULL) {
		int lsmall = dt_cg_label_new(cg), lbig = dt_cg_label_new(cg);

		/*
		 * maxlen bytes are read, the NUL among them (DTrace:
		 * copyinstr(a, 8) holds 7 characters): size = clamp(maxlen,
		 * 1, strbuf)
		 */
		dt_cg_expr(cg, dnp->dn_args->dn_list);
		dt_cg_emit(cg, MOV_REG(R2, R0));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R2, 0, 0), lsmall);
		dt_cg_emit(cg, MOV_IMM(R2, 1));
		dt_cg_label_set(cg, lsmall);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R2, (int32_t)strbuf, 0),
		    lbig);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_label_set(cg, lbig);
	} else {
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
	}
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, aslot));
	dt_cg_emit_dctx_addr(cg, R1, off);
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_user_str));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), lok);
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, aslot));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
	cg->cg_sp -= 8;
	dt_cg_emit_dctx_addr(cg, R0, off);
}

/* ---- string subroutines
 * ------------------------------------------------------
 *
 * Each copies its string argument into a temporary with
 * bpf_probe_read_kernel_str (which also gives its length), works on the
 * copy with loops bounded by strsize, and leaves r0 pointing to a
 * temporary holding the result (strlen: the length).  Loops go byte by
 * byte, in a runtime routine: at strsize 256 a loop is a few hundred
 * jumps for the verifier, under its limit of 8192 on one path, and past
 * 2048 the loop is bpf_loop's, checked once for every position.
 */

/*
 * Whether string argument arg may be an address that cannot be read: a
 * char pointer, NULL, a kernel char array.  A string D made (a literal, a
 * variable, a subroutine's result) always can be.  Such an argument is
 * read with bpf_probe_read_str, which takes a user address as well as a
 * kernel one, as DTrace for Linux's string subroutines read theirs (a
 * system call's buffer, strtok((void *)arg1, ...)).
 */
bool
dt_cg_str_mayfault(const dt_node_t *arg)
{
	return (arg->dn_type.ty_kind != DT_TK_STRING ||
	    arg->dn_type.ty_btf != 0);
}

/*
 * Whether D string e may be NULL's string (dt_strtab_null()): a
 * variable or element, a subroutine that gives NULL for nothing found
 * (strchr( ), strrchr( ), strstr( ), strtok( )), the constant NULL made
 * a string, or an operator or stringof( ) that passes such a value on.
 * A literal, a built-in variable and the other subroutines' results
 * never are.
 */
bool
dt_cg_str_maynull(const dt_node_t *e)
{
	if (e->dn_type.ty_kind != DT_TK_STRING || e->dn_type.ty_btf != 0)
		return (false);
	switch (e->dn_kind) {
	case DN_STRING:
		return (e->dn_value == 1);
	case DN_VAR:
		return (e->dn_builtin == NULL);
	case DN_INDEX:
		return (e->dn_ident != NULL);
	case DN_CALL: {
		int id = e->dn_builtin != NULL ? e->dn_builtin->di_id : -1;

		if (id == DT_FN_STRINGOF)	/* a string: passed on */
			return (dt_cg_str_maynull(e->dn_args));
		return (id == DT_FN_STRCHR || id == DT_FN_STRRCHR ||
		    id == DT_FN_STRSTR || id == DT_FN_STRTOK);
	}
	default:
		return (true);
	}
}

/* reg = the address of NULL's string (dt_strtab_null()) */
void
dt_cg_emit_strnull(dt_cg_t *cg, int reg)
{
	uint32_t off = dt_strtab_null(cg->cg_hdl);

	if (off == UINT32_MAX)
		dt_cg_fail(cg, "D_NOMEM", "out of memory");
	dt_cg_emit_mapval(cg, reg, DT_MAP_STRTAB, off);
}

/*
 * reg = 0 if the string at reg is NULL's (its first two bytes are the
 * mark): it is then the address 0, as DTrace has NULL.  scratch is
 * overwritten.
 */
void
dt_cg_emit_str_unnull(dt_cg_t *cg, int reg, int scratch)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_H, scratch, reg, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, scratch, DT_STR_NULLMARK, 0),
	    lok);
	dt_cg_emit(cg, MOV_IMM(reg, 0));
	dt_cg_label_set(cg, lok);
}

/*
 * The string at reg, NULL's, is DTrace's invalid address fault for
 * address 0, as DTrace faults where it reads a NULL string.  Only the
 * string that is not NULL goes on, so the verifier follows one path.
 * scratch is overwritten.
 */
void
dt_cg_emit_str_nullfault(dt_cg_t *cg, int reg, int scratch)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_H, scratch, reg, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, scratch, DT_STR_NULLMARK, 0),
	    lok);
	dt_cg_emit(cg, MOV_IMM(scratch, 0));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, scratch);
	dt_cg_label_set(cg, lok);
}

/*
 * After a bpf_probe_read_kernel_str of a string argument whose address
 * is in ms_faddr: a failed read (NULL, or any address that cannot be
 * read) is DTrace's invalid address fault, as when DTrace loads from it.
 */
static void
emit_strread_check(dt_cg_t *cg)
{
	int lok = dt_cg_label_new(cg);

	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), lok);
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_faddr)));
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R1);
	dt_cg_label_set(cg, lok);
}

/*
 * Copy the string at the address in r0 to temporary off; r7 = its length.
 * With check, an address that cannot be read faults (else it reads as "":
 * the string was D's own).
 */
static void
emit_strcopy(dt_cg_t *cg, uint32_t off, bool check)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	int lok = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R3, R0));
	if (check)
		dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_faddr), R3));
	dt_cg_emit_dctx_addr(cg, R1, off);
	dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
	dt_cg_emit(cg, CALL(check ? BPF_FUNC_probe_read_str :
	    BPF_FUNC_probe_read_kernel_str));
	if (check) {
		emit_strread_check(cg);			/* so r0 > 0 */
		dt_cg_emit(cg, MOV_REG(R7, R0));
		dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 1));
	} else {
		dt_cg_emit(cg, MOV_REG(R7, R0));
		dt_cg_emit(cg, ALU_IMM(BPF_SUB, R7, 1));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R7, 0, 0), lok);
		dt_cg_emit(cg, MOV_IMM(R7, 0));
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)off, 0));
		dt_cg_label_set(cg, lok);
	}
	/* the verifier must know: 0 <= r7 < strbuf */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R7, (int32_t)strbuf, 0),
	    lok = dt_cg_label_new(cg));
	dt_cg_emit(cg, MOV_IMM(R7, (int32_t)strbuf - 1));
	dt_cg_label_set(cg, lok);
}

/* Copy the string at r0, D's own, to temporary off; r7 = its length. */
void
dt_cg_emit_strcopy(dt_cg_t *cg, uint32_t off)
{
	emit_strcopy(cg, off, false);
}

/*
 * Copy the string at r0, the value of argument arg, to temporary off;
 * r7 = its length.  An address that cannot be read faults.
 */
void
dt_cg_emit_strcopy_arg(dt_cg_t *cg, uint32_t off, const dt_node_t *arg)
{
	emit_strcopy(cg, off, dt_cg_str_mayfault(arg));
}

/*
 * Copy at most size (in r2, 1..strbuf) bytes of the string at r3 into
 * temporary off, NUL-terminated; r0 = address of the temporary.
 */
void
dt_cg_emit_strcopy_n(dt_cg_t *cg, uint32_t off)
{
	dt_cg_emit_dctx_addr(cg, R1, off);
	dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
	dt_cg_emit_dctx_addr(cg, R0, off);
}

/* r1 = r9 + off + r7 (an address inside temporary off), r7 in range */
void
dt_cg_emit_tmp_at(dt_cg_t *cg, int reg, uint32_t off, int idx)
{
	dt_cg_emit(cg, MOV_REG(reg, R9));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, reg, (int32_t)off));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, reg, idx));
}

/* Clamp register r to [lo, hi] with signed compares. */
void
dt_cg_emit_clamp(dt_cg_t *cg, int r, int32_t lo, int32_t hi)
{
	int l1 = dt_cg_label_new(cg), l2 = dt_cg_label_new(cg);

	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, r, lo, 0), l1);
	dt_cg_emit(cg, MOV_IMM(r, lo));
	dt_cg_label_set(cg, l1);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, r, hi, 0), l2);
	dt_cg_emit(cg, MOV_IMM(r, hi));
	dt_cg_label_set(cg, l2);
}

/*
 * r3 = 1 if byte r1 is in strtok's delimiter set (ms_tokmap), else 0;
 * uses r2 and r5.  The byte is a u8 from a load, so r1 >> 3 < 32.
 */
static void
emit_tokmap_test(dt_cg_t *cg)
{
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R2, 3));
	dt_cg_emit_tmp_at(cg, R5, (uint32_t)MS_OFF(ms_tokmap), R2);
	dt_cg_emit(cg, LDX(BPF_B, R3, R5, 0));
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, 7));
	dt_cg_emit(cg, ALU_REG(BPF_RSH, R3, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R3, 1));
}

/*
 * strtok(str, delims), slots holding the two arguments; r0 = the token
 * in temporary res, or NULL's string (no token left).
 *
 * A string that is not NULL is copied to the firing's strtok area
 * (strtok_off) and ms_strtok, the start of the rest, set to 0; NULL
 * goes on from ms_strtok, which the prologue of every program sets to
 * strbuf + 1 (no string yet: NULL then faults, as in DTrace); strbuf
 * is a string used up (NULL then gives NULL again).  The delimiters become a bit map of
 * 256 bits, ms_tokmap, where NUL counts as a delimiter.  Then one pass
 * over the copy from position 0: positions before ms_strtok are passed
 * over, then delimiters, and the token runs from the first other byte
 * (ms_tokstart, strbuf until then) to the next delimiter or the end,
 * where ms_strtok is left (as illumos leaves its pointer on the
 * delimiter, which the next call passes over).  The delimiter set and
 * the pass are a runtime routine (DT_SUB_STRTOK), verified once for the
 * program, their loops bpf_loop's, verified once whatever strsize is.
 */
static void
emit_strtok(dt_cg_t *cg, const dt_node_t *dnp, int16_t sstr, int16_t sdel,
    uint32_t dt, uint32_t res)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	uint32_t sv = dt_cg_strtok_off(cg->cg_hdl);
	int lcont = dt_cg_label_new(cg);
	int lnull = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);
	int lnew = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, sdel));
	dt_cg_emit_strcopy_arg(cg, dt, dnp->dn_args->dn_list);
	dt_cg_emit(cg, STX(BPF_DW, FP, sdel, R7));	/* its length */

	/*
	 * a new string, or NULL: go on; NULL before any string in this
	 * firing is DTrace's invalid address fault
	 */
	dt_cg_emit(cg, LDX(BPF_DW, R3, FP, sstr));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R3, 0, 0), lnew);
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_strtok)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R1, strbuf, 0), lcont);
	dt_cg_emit_fault(cg, DTRACEFLT_BADADDR, R3);
	dt_cg_label_set(cg, lnew);
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_faddr), R3));
	dt_cg_emit_dctx_addr(cg, R1, sv);
	dt_cg_emit(cg, MOV_IMM(R2, strbuf));
	dt_cg_emit(cg, CALL(dt_cg_str_mayfault(dnp->dn_args) ?
	    BPF_FUNC_probe_read_str : BPF_FUNC_probe_read_kernel_str));
	if (dt_cg_str_mayfault(dnp->dn_args)) {
		emit_strread_check(cg);
	} else {
		int lcopied = dt_cg_label_new(cg);

		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), lcopied);
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)sv, 0));
		dt_cg_label_set(cg, lcopied);
	}
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_strtok), 0));
	dt_cg_label_set(cg, lcont);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_tokstart), strbuf));

	/* the delimiter set and the pass: a runtime routine */
	dt_cg_emit(cg, MOV_IMM(R1, (int32_t)dt));
	dt_cg_emit(cg, LDX(BPF_DW, R2, FP, sdel));
	dt_cg_emit_call_sub(cg, DT_SUB_STRTOK);

	/* the token (if any) ends where ms_strtok now is */
	dt_cg_emit(cg, LDX(BPF_DW, R8, R9, MS_OFF(ms_tokstart)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R8, strbuf, 0), lnull);
	dt_cg_emit(cg, LDX(BPF_DW, R4, R9, MS_OFF(ms_strtok)));
	dt_cg_emit(cg, MOV_REG(R2, R4));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 1));
	dt_cg_emit_clamp(cg, R2, 1, strbuf);
	dt_cg_emit_tmp_at(cg, R3, sv, R8);
	dt_cg_emit_strcopy_n(cg, res);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lnull);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, MS_OFF(ms_strtok), strbuf));
	dt_cg_emit_strnull(cg, R0);
	dt_cg_label_set(cg, ldone);
}

/*
 * DT_SUB_STRTOK: r1 = offset of the delimiters' copy, r2 = its length;
 * the bit map of the delimiters made, then the pass over the copy at
 * strtok_off (ms_strtok, ms_tokstart set by the call site), which leaves
 * the token's bounds in ms_tokstart and ms_strtok (emit_strtok()).  Both
 * loops are bpf_loop's (DT_SUB_TOKMAP_CB, DT_SUB_TOKPASS_CB), their
 * context the address they read (the delimiters, dctx), dctx (TK_DCTX)
 * and the delimiters' length (TK_LEN).
 */
#define TK_DCTX	8
#define TK_LEN	16

void
dt_cg_sub_strtok(dt_cg_t *cg)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	int lout = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter(cg, 1, lout);
	dt_cg_emit(cg, MOV_REG(R8, R0));			/* dctx */
	dt_cg_emit_clamp(cg, R7, 0, strbuf - 1);
	/* the delimiter set */
	for (int i = 0; i < 32; i += 8)
		dt_cg_emit(cg, ST_IMM(BPF_DW, R8, MS_OFF(ms_tokmap) + i, 0));
	dt_cg_emit(cg, ST_IMM(BPF_B, R8, MS_OFF(ms_tokmap), 1));	/* NUL */
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + TK_DCTX, R8));
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + TK_LEN, R7));
	dt_cg_emit_loop(cg, DT_SUB_TOKMAP_CB, strbuf);
	/* the pass */
	dt_cg_emit(cg, MOV_REG(R9, R8));
	dt_cg_emit_loop(cg, DT_SUB_TOKPASS_CB, strbuf);
	dt_cg_emit_sub_leave(cg, lout);
}

/* DT_SUB_TOKMAP_CB: the delimiter r4 (below their length) into the map */
void
dt_cg_sub_tokmap_cb(dt_cg_t *cg)
{
	int lstop = dt_cg_label_new(cg);

	dt_cg_emit_cb_enter(cg, (int32_t)dt_strbuf(cg->cg_hdl), lstop);
	dt_cg_emit(cg, LDX(BPF_DW, R7, R6, TK_LEN));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JGE, R4, R7, 0), lstop);
	dt_cg_emit(cg, LDX(BPF_DW, R8, R6, TK_DCTX));
	dt_cg_emit_tmp_at(cg, R5, 0, R4);
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, 0));
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R2, 3));
	dt_cg_emit(cg, MOV_REG(R5, R8));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R5, (int32_t)MS_OFF(ms_tokmap)));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R2));
	dt_cg_emit(cg, LDX(BPF_B, R3, R5, 0));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R1, 7));
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_emit(cg, ALU_REG(BPF_LSH, R0, R1));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R3, R0));
	dt_cg_emit(cg, STX(BPF_B, R5, 0, R3));
	dt_cg_emit_cb_tail(cg, lstop);
}

/*
 * DT_SUB_TOKPASS_CB: position r4 of the pass (r9 = dctx), without
 * branches on the string: act = r4 >= ms_strtok, z = the byte is NUL,
 * d = it is a delimiter, st = a token has started; e = act & (st & d |
 * z) ends it: ms_strtok = r4, and the loop stops.  ms_tokstart =
 * min(ms_tokstart, r4) if act & !d.
 */
void
dt_cg_sub_tokpass_cb(dt_cg_t *cg)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	uint32_t sv = dt_cg_strtok_off(cg->cg_hdl);
	int lstop = dt_cg_label_new(cg);

	dt_cg_emit_cb_enter(cg, strbuf, lstop);
	dt_cg_emit(cg, LDX(BPF_DW, R1, R9, MS_OFF(ms_strtok)));
	dt_cg_emit(cg, MOV_REG(R8, R4));
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R8, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R8, 63));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R8, 1));			/* act */
	dt_cg_emit_tmp_at(cg, R5, sv, R4);
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, 0));
	emit_tokmap_test(cg);					/* r3 = d */
	dt_cg_emit(cg, MOV_REG(R0, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R0, 1));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R0, 63));			/* z */
	dt_cg_emit(cg, LDX(BPF_DW, R2, R9, MS_OFF(ms_tokstart)));
	dt_cg_emit(cg, MOV_REG(R1, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_SUB, R1, strbuf));
	dt_cg_emit(cg, ALU_IMM(BPF_RSH, R1, 63));			/* st */
	dt_cg_emit(cg, ALU_REG(BPF_AND, R1, R3));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R1, R0));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R1, R8));			/* e */
	dt_cg_emit(cg, MOV_REG(R7, R1));
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R1, 0, 0, 0));
	dt_cg_emit(cg, LDX(BPF_DW, R0, R9, MS_OFF(ms_strtok)));
	dt_cg_emit(cg, MOV_REG(R5, R0));
	dt_cg_emit(cg, ALU_REG(BPF_XOR, R5, R4));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R5, R1));
	dt_cg_emit(cg, ALU_REG(BPF_XOR, R0, R5));
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_strtok), R0));
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R3, 1));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R8, R3));			/* act & !d */
	dt_cg_emit(cg, INSN(BPF_ALU64 | BPF_NEG, R8, 0, 0, 0));	/* a mask */
	dt_cg_emit(cg, MOV_REG(R5, R2));				/* t - r4 */
	dt_cg_emit(cg, ALU_REG(BPF_SUB, R5, R4));
	dt_cg_emit(cg, MOV_REG(R0, R5));
	dt_cg_emit(cg, ALU_IMM(BPF_ARSH, R0, 63));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R5, R0));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R4));			/* min */
	dt_cg_emit(cg, ALU_REG(BPF_XOR, R5, R2));
	dt_cg_emit(cg, ALU_REG(BPF_AND, R5, R8));
	dt_cg_emit(cg, ALU_REG(BPF_XOR, R5, R2));
	dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_tokstart), R5));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R7, 0, 0), lstop);
	dt_cg_emit_cb_tail(cg, lstop);
}

/*
 * Evaluate the arguments of a call into stack slots, first one deepest.
 * A string argument that is NULL faults, but strtok()'s first, which
 * goes on with the string given before.
 */
int16_t
dt_cg_push_args(dt_cg_t *cg, const dt_node_t *dnp, int16_t *slots, int max)
{
	int n = 0;

	for (const dt_node_t *a = dnp->dn_args; a != NULL && n < max;
	    a = a->dn_list) {
		dt_cg_expr(cg, (dt_node_t *)a);
		if (!dt_cg_str_maynull(a))
			;
		else if (n == 0 && dnp->dn_builtin != NULL &&
		    dnp->dn_builtin->di_id == DT_FN_STRTOK)
			dt_cg_emit_str_unnull(cg, R0, R1);  /* strtok(NULL */
		else
			dt_cg_emit_str_nullfault(cg, R0, R1);
		slots[n++] = dt_cg_push(cg);
	}
	return ((int16_t)n);
}

/*
 * index( ), rindex( ), strstr( ) of a literal: each position from r4 on
 * (rindex: down to 0), up to r8, is compared with bpf_strncmp against the
 * literal (read-only, in strtab); the first match leaves the loop with r4
 * its position.
 */
static void
emit_search_lit(dt_cg_t *cg, const dt_node_t *lit, bool back, uint32_t t1,
    int lfound, int lnone)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	uint32_t lt = (uint32_t)strnlen(lit->dn_str, strbuf - 1);
	int lloop = dt_cg_label_new(cg);

	if (lt == 0) {
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0),
		    lfound);
		return;
	}
	dt_cg_label_set(cg, lloop);
	dt_cg_emit(cg, MOV_REG(R7, R4));	/* keep r4 */
	dt_cg_emit_tmp_at(cg, R1, t1, R4);
	dt_cg_emit(cg, MOV_IMM(R2, (int32_t)lt));
	dt_cg_emit_mapval(cg, R3, DT_MAP_STRTAB, lit->dn_stroff);
	dt_cg_emit(cg, CALL(BPF_FUNC_strncmp));
	dt_cg_emit(cg, MOV_REG(R4, R7));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lfound);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, back ? -1 : 1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, R4, 0, 0), lnone);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JSGT, R4, R8, 0), lnone);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, (int32_t)strbuf, 0), lnone);
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lloop);
}

/*
 * The routine of index( ), rindex( ), strstr( ) of any string takes two
 * temporaries: the text and, after it, the needle.
 */
#define SEARCH_NTMP	2

/*
 * The context of the search's bpf_loop (DT_LOOP_CTX): the text's address,
 * then the start i of the match tried, the characters j of it matched
 * (-1 once found), and a 0 the verifier does not know.
 */
#define SR_I	8
#define SR_J	16
#define SR_ZERO	24

/*
 * DT_SUB_SEARCH, DT_SUB_RSEARCH: r1 = offset of the text's copy, the
 * needle's copy in the temporary after it; r2 = where the search starts
 * (rindex: the last position it may find), which the call site put
 * within [0, n - m] for a text of n characters and a needle of m; r3 =
 * 0, a number the verifier knows nothing of (an argument), which starts
 * the counter j and brings it back to 0: from a constant, it would check
 * the callback again for each value j takes (and refuse it).  r0 =
 * the position found, or -1.  A plain search, as DTrace's: each start in
 * turn (rindex: backwards), its characters compared until one differs
 * or the needle ends, each comparison an iteration of bpf_loop
 * (DT_SUB_SEARCH_CB), so that the verifier checks one whatever strsize
 * is.  It takes at most (n - m + 1) * (m + 1) iterations, below
 * ((strbuf + 1) / 2 + 1)^2: 4,202,500 at strsize 4096, within the
 * 2^23 bpf_loop allows.
 */
static void
emit_sub_search(dt_cg_t *cg, dt_sub_t cb)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	int32_t half = (strbuf + 1) / 2 + 1;
	int lout = dt_cg_label_new(cg), lnone = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter_args(cg, SEARCH_NTMP, 3, lout);
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + SR_I, R7));
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + SR_J, R8));
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + SR_ZERO, R8));
	dt_cg_emit_loop(cg, cb, half * half < (1 << 23) ? half * half :
	    (1 << 23));
	dt_cg_emit(cg, LDX(BPF_DW, R1, FP, DT_LOOP_CTX + SR_J));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, -1, 0), lnone);
	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, DT_LOOP_CTX + SR_I));
	dt_cg_emit(cg, EXIT());
	dt_cg_label_set(cg, lnone);
	dt_cg_emit(cg, MOV_IMM(R0, -1));
	dt_cg_emit(cg, EXIT());
	dt_cg_emit_sub_leave(cg, lout);
}

void
dt_cg_sub_search(dt_cg_t *cg)
{
	emit_sub_search(cg, DT_SUB_SEARCH_CB);
}

void
dt_cg_sub_rsearch(dt_cg_t *cg)
{
	emit_sub_search(cg, DT_SUB_RSEARCH_CB);
}

/*
 * DT_SUB_SEARCH_CB, DT_SUB_RSEARCH_CB: compare the needle's character j
 * with the text's i + j: the needle's NUL is a match at i (j = -1);
 * equal, j moves on; else the next start (i + 1, or i - 1 backwards),
 * none after a text that ended (or before 0).  r0 = 1 to stop.
 */
static void
emit_sub_search_cb(dt_cg_t *cg, bool back)
{
	int32_t strbuf = (int32_t)dt_strbuf(cg->cg_hdl);
	int32_t size = (int32_t)dt_cg_tmp_size(cg->cg_hdl);
	int lstop = dt_cg_label_new(cg), lfound = dt_cg_label_new(cg);
	int lnext = dt_cg_label_new(cg), lgo = dt_cg_label_new(cg);

	dt_cg_emit(cg, MOV_REG(R6, R2));
	dt_cg_emit(cg, LDX(BPF_DW, R9, R6, 0));
	dt_cg_emit(cg, LDX(BPF_DW, R3, R6, SR_I));
	dt_cg_emit(cg, LDX(BPF_DW, R4, R6, SR_J));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R3, strbuf - 1, 0), lstop);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R4, strbuf - 1, 0), lstop);
	dt_cg_emit_tmp_at(cg, R5, (uint32_t)size, R4);
	dt_cg_emit(cg, LDX(BPF_B, R1, R5, 0));		/* the needle's */
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lfound);
	dt_cg_emit(cg, MOV_REG(R0, R3));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R4));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R0, strbuf - 1, 0), lstop);
	dt_cg_emit_tmp_at(cg, R5, 0, R0);
	dt_cg_emit(cg, LDX(BPF_B, R0, R5, 0));		/* the text's */
	dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, R0, R1, 0), lnext);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, 1));
	dt_cg_emit(cg, STX(BPF_DW, R6, SR_J, R4));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lgo);
	dt_cg_label_set(cg, lnext);
	dt_cg_emit(cg, LDX(BPF_DW, R4, R6, SR_ZERO));
	dt_cg_emit(cg, STX(BPF_DW, R6, SR_J, R4));
	if (back) {
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), lstop);
		dt_cg_emit(cg, ALU_IMM(BPF_SUB, R3, 1));
	} else {
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lstop);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 1));
	}
	dt_cg_emit(cg, STX(BPF_DW, R6, SR_I, R3));
	dt_cg_label_set(cg, lgo);
	dt_cg_emit_cb_tail(cg, lstop);
	dt_cg_label_set(cg, lfound);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R6, SR_J, -1));
	dt_cg_emit(cg, MOV_IMM(R0, 1));
	dt_cg_emit(cg, EXIT());
}

void
dt_cg_sub_search_cb(dt_cg_t *cg)
{
	emit_sub_search_cb(cg, false);
}

void
dt_cg_sub_rsearch_cb(dt_cg_t *cg)
{
	emit_sub_search_cb(cg, true);
}

void
dt_cg_strfunc(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	int id = dnp->dn_builtin->di_id;
	int16_t slot[3];
	int n = dt_cg_push_args(cg, dnp, slot, 3);
	uint32_t t1 = dt_cg_tmp_alloc(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, slot[0]));
	switch (id) {
	case DT_FN_STRLEN:
		dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
		dt_cg_emit(cg, MOV_REG(R0, R7));
		break;
	case DT_FN_STRJOIN:
		/* a, then b after it, in what room is left */
		dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
		dt_cg_emit_tmp_at(cg, R1, t1, R7);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R7));
		dt_cg_emit(cg, LDX(BPF_DW, R3, FP, slot[1]));
		if (dt_cg_str_mayfault(dnp->dn_args->dn_list)) {
			dt_cg_emit(cg, STX(BPF_DW, R9, MS_OFF(ms_faddr), R3));
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_str));
			emit_strread_check(cg);
		} else {
			dt_cg_emit(cg, CALL(BPF_FUNC_probe_read_kernel_str));
		}
		dt_cg_emit_dctx_addr(cg, R0, t1);
		break;
	case DT_FN_SUBSTR: {
		/*
		 * DTrace's rules: a negative start i counts from the end; a
		 * start still before the string eats into the count; a
		 * negative count leaves that many characters off the end;
		 * a start outside the string gives "".  r8 = i, r2 = count.
		 */
		int lpos = dt_cg_label_new(cg), lin = dt_cg_label_new(cg);
		int lempty = dt_cg_label_new(cg), lcopy = dt_cg_label_new(cg);
		int lcnt = dt_cg_label_new(cg);

		dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
		dt_cg_emit(cg, LDX(BPF_DW, R8, FP, slot[1]));
		if (n > 2)
			dt_cg_emit(cg, LDX(BPF_DW, R2, FP, slot[2]));
		else
			dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R8, 0, 0), lpos);
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R8, R7));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R8, 0, 0), lpos);
		/* before the start: i + count characters are left, at 0 */
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R2, R8));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, R2, 0, 0), lempty);
		dt_cg_emit(cg, MOV_IMM(R8, 0));
		dt_cg_label_set(cg, lpos);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JSGE, R8, R7, 0), lempty);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), lcnt);
		/* a negative count: up to that many before the end */
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R2, R7));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R8));
		dt_cg_label_set(cg, lcnt);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R2, 0, 0), lin);
		dt_cg_label_set(cg, lempty);
		dt_cg_emit(cg, MOV_IMM(R8, 0));
		dt_cg_emit(cg, MOV_IMM(R2, 0));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lcopy);
		dt_cg_label_set(cg, lin);
		dt_cg_emit_clamp(cg, R8, 0, (int32_t)strbuf - 1);
		dt_cg_emit_clamp(cg, R2, 0, (int32_t)strbuf - 1);
		dt_cg_label_set(cg, lcopy);
		dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 1));
		dt_cg_emit_tmp_at(cg, R3, t1, R8);
		dt_cg_emit_strcopy_n(cg, dt_cg_tmp_alloc(cg));
		break;
	}
	case DT_FN_STRCHR:
	case DT_FN_STRRCHR: {
		int lfound = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

		/* a runtime routine: r7 = the position, or -1 */
		dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
		dt_cg_emit(cg, LDX(BPF_DW, R3, FP, slot[1]));
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R3, 0xff));
		dt_cg_emit(cg, MOV_IMM(R1, (int32_t)t1));
		dt_cg_emit(cg, MOV_REG(R2, R7));
		dt_cg_emit_call_sub(cg, id == DT_FN_STRRCHR ? DT_SUB_STRRCHR :
		    DT_SUB_STRCHR);
		dt_cg_emit(cg, MOV_REG(R7, R0));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R7, 0, 0), lfound);
		dt_cg_emit_strnull(cg, R0);		/* not found: NULL */
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lfound);
		dt_cg_emit_clamp(cg, R7, 0, (int32_t)strbuf - 1);
		dt_cg_emit_tmp_at(cg, R3, t1, R7);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R7));
		dt_cg_emit_strcopy_n(cg, dt_cg_tmp_alloc(cg));
		dt_cg_label_set(cg, ldone);
		break;
	}
	case DT_FN_STRTOK:
		emit_strtok(cg, dnp, slot[0], slot[1], t1,
		    dt_cg_tmp_alloc(cg));
		break;
	case DT_FN_LLTOSTR: {
		/*
		 * lltostr(v [, base]): the digits written by a runtime
		 * routine (DT_SUB_LLTOSTR), at most 72 bytes from its first
		 * character, r7, to the NUL at 71; then copied.
		 */
		int lfit = dt_cg_label_new(cg);
		uint32_t end = DT_LL_END;
		uint32_t dig = t1;

		/* the digits in t1, and the temporaries after it if small */
		for (uint32_t got = dt_cg_tmp_size(cg->cg_hdl); got < end + 1;
		    got += dt_cg_tmp_size(cg->cg_hdl))
			(void) dt_cg_tmp_alloc(cg);

		if (n > 1)
			dt_cg_emit_base(cg, R3, slot[1]);
		else
			dt_cg_emit(cg, MOV_IMM(R3, 10));
		dt_cg_emit(cg, LDX(BPF_DW, R2, FP, slot[0]));
		dt_cg_emit(cg, MOV_IMM(R1, (int32_t)dig));
		dt_cg_emit_call_sub(cg, DT_SUB_LLTOSTR);
		dt_cg_emit(cg, MOV_REG(R7, R0));
		dt_cg_emit_clamp(cg, R7, 0, (int32_t)end);
		dt_cg_emit_tmp_at(cg, R3, dig, R7);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)end + 1));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R7));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R2, (int32_t)strbuf, 0),
		    lfit);
		dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
		dt_cg_label_set(cg, lfit);
		dt_cg_emit_strcopy_n(cg, dt_cg_tmp_alloc(cg));
		break;
	}
	case DT_FN_INDEX:
	case DT_FN_RINDEX:
	case DT_FN_STRSTR: {
		/*
		 * r8 = the last position where the string searched for fits,
		 * r4 = where the search starts (index, strstr: the first
		 * position; rindex: the last); then r4 = where it is found.
		 * Then only t1 stays (strstr: and its result), the rest of
		 * the temporaries go.
		 */
		const dt_node_t *nd = dnp->dn_args->dn_list;
		bool back = id == DT_FN_RINDEX;
		int mark = cg->cg_ntmp;
		/*
		 * A literal is searched for inline with bpf_strncmp when the
		 * routine's temporaries do not fit (a large strsize, many
		 * strings at once); anything else by the routine.
		 */
		bool lit = nd->dn_kind == DN_STRING &&
		    mark + SEARCH_NTMP - 1 > dt_cg_ntmp(cg->cg_hdl);
		uint32_t res, tn = 0;
		int lfound = dt_cg_label_new(cg), lnone = dt_cg_label_new(cg);
		int ldone = dt_cg_label_new(cg), lstart = dt_cg_label_new(cg);
		int16_t slen = 0;

		/*
		 * The routine's needle after t1, where strstr's result then
		 * goes.
		 */
		if (!lit) {
			tn = res = dt_cg_tmp_alloc(cg);
		} else {
			res = id == DT_FN_STRSTR ? dt_cg_tmp_alloc(cg) : 0;
		}
		dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
		if (lit) {
			dt_cg_emit(cg, MOV_REG(R8, R7));
			dt_cg_emit(cg, ALU_IMM(BPF_SUB, R8, (int32_t)strnlen(
			    nd->dn_str, strbuf - 1)));
		} else {
			/* slen: the text's length, then the needle's */
			dt_cg_emit(cg, MOV_REG(R0, R7));
			slen = dt_cg_push(cg);
			dt_cg_emit(cg, LDX(BPF_DW, R0, FP, slot[1]));
			dt_cg_emit_strcopy_arg(cg, tn,
			    dnp->dn_args->dn_list);
			dt_cg_emit(cg, LDX(BPF_DW, R8, FP, slen));
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R8, R7));
			dt_cg_emit(cg, STX(BPF_DW, FP, slen, R7));
		}
		if (n > 2) {
			dt_cg_emit(cg, LDX(BPF_DW, R4, FP, slot[2]));
			if (back) {
				dt_cg_emit_jump(cg, JMP_REG(BPF_JSLE, R4, R8,
				    0), lstart);
				dt_cg_emit(cg, MOV_REG(R4, R8));
			} else {
				dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0),
				    lstart);
				dt_cg_emit(cg, MOV_IMM(R4, 0));
			}
		} else {
			dt_cg_emit(cg, back ? MOV_REG(R4, R8) : MOV_IMM(R4, 0));
		}
		dt_cg_label_set(cg, lstart);
		/*
		 * The empty string is found where the search starts, put
		 * within [0, length] (DTrace: index("ab", "", 9) is 2,
		 * rindex("ab", "", -1) is 0); r8 is the length then.
		 */
		if (!lit || nd->dn_str[0] == '\0') {
			int lskip = dt_cg_label_new(cg);
			int l1 = dt_cg_label_new(cg), l2 = dt_cg_label_new(cg);

			if (!lit) {
				dt_cg_emit(cg, LDX(BPF_DW, R1, FP, slen));
				dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0),
				    lskip);
			}
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0), l1);
			dt_cg_emit(cg, MOV_IMM(R4, 0));
			dt_cg_label_set(cg, l1);
			dt_cg_emit_jump(cg, JMP_REG(BPF_JSLE, R4, R8, 0), l2);
			dt_cg_emit(cg, MOV_REG(R4, R8));
			dt_cg_label_set(cg, l2);
			/* always taken (r4 >= 0 now), but conditional: the
			   verifier refuses code that no jump can reach */
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0),
			    lfound);
			dt_cg_label_set(cg, lskip);
		}
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, R4, 0, 0), lnone);
		dt_cg_emit_jump(cg, JMP_REG(BPF_JSGT, R4, R8, 0), lnone);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, (int32_t)strbuf, 0),
		    lnone);
		if (lit)
			emit_search_lit(cg, nd, back, t1, lfound, lnone);
		else {
			/* a runtime routine: r4 = the position, or -1 */
			dt_cg_emit(cg, MOV_IMM(R1, (int32_t)t1));
			dt_cg_emit(cg, MOV_REG(R2, R4));
			dt_cg_emit(cg, MOV_IMM(R3, 0));
			dt_cg_emit_call_sub(cg, back ? DT_SUB_RSEARCH :
			    DT_SUB_SEARCH);
			dt_cg_emit(cg, MOV_REG(R4, R0));
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGE, R4, 0, 0),
			    lfound);
		}
		dt_cg_label_set(cg, lnone);
		if (id == DT_FN_STRSTR) {
			dt_cg_emit_strnull(cg, R0);	/* NULL */
		} else {
			dt_cg_emit(cg, MOV_IMM(R0, -1));
		}
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
		dt_cg_label_set(cg, lfound);
		if (id == DT_FN_STRSTR) {
			dt_cg_emit_clamp(cg, R4, 0, (int32_t)strbuf - 1);
			dt_cg_emit_tmp_at(cg, R3, t1, R4);
			dt_cg_emit(cg, MOV_IMM(R2, (int32_t)strbuf));
			dt_cg_emit(cg, ALU_REG(BPF_SUB, R2, R4));
			dt_cg_emit_strcopy_n(cg, res);
		} else {
			dt_cg_emit(cg, MOV_REG(R0, R4));
		}
		dt_cg_label_set(cg, ldone);
		cg->cg_ntmp = id == DT_FN_STRSTR ? mark + 1 : mark;
		if (!lit)
			cg->cg_sp -= 8;		/* slen */
		break;
	}
	case DT_FN_TOUPPER:
	case DT_FN_TOLOWER:
		/* a runtime routine: the copy changed in place */
		dt_cg_emit_strcopy_arg(cg, t1, dnp->dn_args);
		dt_cg_emit(cg, MOV_IMM(R1, (int32_t)t1));
		dt_cg_emit(cg, MOV_IMM(R2, 0));
		dt_cg_emit_call_sub(cg, id == DT_FN_TOUPPER ? DT_SUB_TOUPPER :
		    DT_SUB_TOLOWER);
		dt_cg_emit_dctx_addr(cg, R0, t1);
		break;
	}
	cg->cg_sp -= 8 * n;
}

/*
 * The runtime routines of toupper() and tolower() (DT_SUB_TOUPPER,
 * DT_SUB_TOLOWER): r1 = the offset of the copy, whose letters of the one
 * case become the other's, in place.  The loop is bpf_loop's, over
 * strsize positions, with the copy's address in the routine's stack (its
 * context): the verifier checks the callback once for every iteration,
 * where a loop of our own it follows position by position (and refused at
 * strsize 4096, two pending branches a character).
 */
static void
emit_sub_case(dt_cg_t *cg, dt_sub_t cb)
{
	int lout = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter(cg, 1, lout);
	dt_cg_emit_loop(cg, cb, (int32_t)dt_strbuf(cg->cg_hdl));
	dt_cg_emit_sub_leave(cg, lout);
}

/*
 * DT_SUB_TOUPPER_CB, DT_SUB_TOLOWER_CB: bpf_loop's callback, r1 = the
 * position, r2 = the context (the copy's address); r0 = 1 (stop) at the
 * NUL, else 0 (go on).
 */
static void
emit_sub_case_cb(dt_cg_t *cg, int32_t lo)
{
	int lnext = dt_cg_label_new(cg), lstop = dt_cg_label_new(cg);

	dt_cg_emit_cb_enter(cg, (int32_t)dt_strbuf(cg->cg_hdl), lstop);
	dt_cg_emit_tmp_at(cg, R3, 0, R4);
	dt_cg_emit(cg, LDX(BPF_B, R4, R3, 0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), lstop);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R4, lo, 0), lnext);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGT, R4, lo + 25, 0), lnext);
	dt_cg_emit(cg, ALU_IMM(BPF_XOR, R4, 0x20));
	dt_cg_emit(cg, STX(BPF_B, R3, 0, R4));
	dt_cg_label_set(cg, lnext);
	dt_cg_emit_cb_tail(cg, lstop);
}

void
dt_cg_sub_toupper(dt_cg_t *cg)
{
	emit_sub_case(cg, DT_SUB_TOUPPER_CB);
}

void
dt_cg_sub_tolower(dt_cg_t *cg)
{
	emit_sub_case(cg, DT_SUB_TOLOWER_CB);
}

void
dt_cg_sub_toupper_cb(dt_cg_t *cg)
{
	emit_sub_case_cb(cg, 'a');
}

void
dt_cg_sub_tolower_cb(dt_cg_t *cg)
{
	emit_sub_case_cb(cg, 'A');
}

/*
 * DT_SUB_STRCHR, DT_SUB_STRRCHR: r1 = offset of the copy, r2 = its
 * length, r3 = the byte; r0 = its first (last) position, or -1.  The
 * loop is bpf_loop's, forward over the copy up to its NUL (strchr finds
 * the NUL itself, strrchr does not), so that the verifier checks it once
 * at any strsize; its context (DT_LOOP_CTX): the copy's address, the
 * byte (SF_BYTE), the position found (SF_RES, -1 until then).
 */
#define SF_BYTE	8
#define SF_RES	16

static void
emit_sub_strfind(dt_cg_t *cg, dt_sub_t cb)
{
	int lout = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter_args(cg, 1, 3, lout);
	dt_cg_emit(cg, STX(BPF_DW, FP, DT_LOOP_CTX + SF_BYTE, R8));
	dt_cg_emit(cg, ST_IMM(BPF_DW, FP, DT_LOOP_CTX + SF_RES, -1));
	dt_cg_emit_loop(cg, cb, (int32_t)dt_strbuf(cg->cg_hdl));
	dt_cg_emit(cg, LDX(BPF_DW, R0, FP, DT_LOOP_CTX + SF_RES));
	dt_cg_emit(cg, EXIT());
	dt_cg_emit_sub_leave(cg, lout);
}

/*
 * DT_SUB_STRCHR_CB, DT_SUB_STRRCHR_CB: bpf_loop's callback, r1 = the
 * position, r2 = the context; r0 = 1 to stop.
 */
static void
emit_sub_strfind_cb(dt_cg_t *cg, bool last)
{
	int lstop = dt_cg_label_new(cg), lnul = dt_cg_label_new(cg);

	dt_cg_emit_cb_enter(cg, (int32_t)dt_strbuf(cg->cg_hdl), lstop);
	dt_cg_emit_tmp_at(cg, R3, 0, R4);
	dt_cg_emit(cg, LDX(BPF_B, R3, R3, 0));
	dt_cg_emit(cg, LDX(BPF_DW, R5, R6, SF_BYTE));
	if (last)
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), lstop);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JNE, R3, R5, 0), lnul);
	dt_cg_emit(cg, STX(BPF_DW, R6, SF_RES, R4));
	if (!last)
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lstop);
	dt_cg_label_set(cg, lnul);
	if (!last)
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), lstop);
	dt_cg_emit_cb_tail(cg, lstop);
}

void
dt_cg_sub_strchr(dt_cg_t *cg)
{
	emit_sub_strfind(cg, DT_SUB_STRCHR_CB);
}

void
dt_cg_sub_strrchr(dt_cg_t *cg)
{
	emit_sub_strfind(cg, DT_SUB_STRRCHR_CB);
}

void
dt_cg_sub_strchr_cb(dt_cg_t *cg)
{
	emit_sub_strfind_cb(cg, false);
}

void
dt_cg_sub_strrchr_cb(dt_cg_t *cg)
{
	emit_sub_strfind_cb(cg, true);
}

/*
 * r0 = stringof(e): a string as is; a kernel char * read into a
 * temporary; an integer (a probe's argN) is an address of either space,
 * read with the helper that takes both, as DTrace reads it (a system
 * call's stringof(arg0) is the user's string).  A char * promoted to a
 * string (dn_value 1, dt_sema.c) that is NULL is the empty string, as
 * DTrace's string compare and copy read NULL.
 */
void
dt_cg_stringof(dt_cg_t *cg, dt_node_t *dnp,
    dt_datarec_t *r __attribute__((unused)))
{
	dt_cg_string_of(cg, dnp->dn_args, dnp->dn_value == 1);
}

/*
 * r0 = the string e is, as stringof(e) and (string)e make it; with
 * nullempty, a NULL e is the empty string.
 */
void
dt_cg_string_of(dt_cg_t *cg, dt_node_t *e, bool nullempty)
{
	int lnull = -1;
	uint32_t off;

	dt_cg_expr(cg, e);
	if (e->dn_type.ty_kind == DT_TK_STRING)
		return;
	off = dt_cg_tmp_alloc(cg);
	if (nullempty) {
		lnull = dt_cg_label_new(cg);
		dt_cg_emit(cg, ST_IMM(BPF_B, R9, (int16_t)off, 0));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), lnull);
	}
	dt_cg_emit_read(cg, e->dn_type.ty_kind == DT_TK_INT ?
	    BPF_FUNC_probe_read_str : BPF_FUNC_probe_read_kernel_str, true,
	    (int32_t)off, (int32_t)dt_strbuf(cg->cg_hdl));
	if (lnull >= 0)
		dt_cg_label_set(cg, lnull);
	dt_cg_emit_dctx_addr(cg, R0, off);
}
