/*
 * dt_cg_inet.c: network addresses as strings: inet_ntoa(), inet_ntoa6(),
 * inet_ntop(), link_ntop().  Each format is a runtime routine, a global
 * function of the program the verifier checks once (dt_cg_sub_*(),
 * emitted by dt_cg_program()).
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_cg_impl.h"

/* ---- network addresses
 * -------------------------------------------------------
 *
 * inet_ntoa, inet_ntoa6 and inet_ntop format in BPF, so that the result is
 * a D string like any other (compared, joined, an aggregation key), and
 * so does link_ntop.  The address is read with bpf_probe_read_kernel into
 * a state area of string temporaries (st): bytes 0-23 the address (at
 * most 20), then the write position (24) and what the IPv6 format decided
 * (32-63, see IN_*).  The position lives in dctx memory, not in a
 * register: a value loaded from a map is unknown to the verifier, so the
 * paths through the digits of one group (one per length) meet again and
 * are pruned, where constant positions would make it follow every
 * combination of lengths (4^8 for IPv6).  A write at or past strbuf - 1 is
 * skipped: the
 * result is truncated as every string is.
 */

#define IN_POS		24	/* st: write position */
#define IN_START	32	/* st: first byte compressed, 100: none */
#define IN_END		40	/* st: byte after the compressed run */
#define IN_NOSEP	48	/* st: the group before it, without ':' */
#define IN_EMB		56	/* st: ends in an embedded IPv4 address */
#define IN_STATE	64	/* bytes of state */

/* out[pos++] = reg (not r4 or r5), or imm when reg is -1 */
static void
emit_inet_putc(dt_cg_t *cg, uint32_t st, uint32_t out, int reg, int imm)
{
	uint32_t strbuf = dt_strbuf(cg->cg_hdl);
	int lskip = dt_cg_label_new(cg);

	dt_cg_emit(cg, LDX(BPF_DW, R4, R9, (int16_t)(st + IN_POS)));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JGE, R4, (int32_t)(strbuf - 1), 0),
	    lskip);
	dt_cg_emit(cg, MOV_REG(R5, R9));
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R4));
	if (reg < 0)
		dt_cg_emit(cg, ST_IMM(BPF_B, R5, (int16_t)out, imm));
	else
		dt_cg_emit(cg, STX(BPF_B, R5, (int16_t)out, reg));
	dt_cg_label_set(cg, lskip);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R4, 1));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)(st + IN_POS), R4));
}

/* the byte in r1 in decimal, without leading zeros (uses r1, r2) */
static void
emit_inet_dec(dt_cg_t *cg, uint32_t st, uint32_t out)
{
	int l10 = dt_cg_label_new(cg), ltens = dt_cg_label_new(cg),
	    l1 = dt_cg_label_new(cg);

	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R1, 100, 0), l10);
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_DIV, R2, 100));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, '0'));
	emit_inet_putc(cg, st, out, R2, 0);
	dt_cg_emit(cg, ALU_IMM(BPF_MOD, R1, 100));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ltens);
	dt_cg_label_set(cg, l10);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R1, 10, 0), l1);
	dt_cg_label_set(cg, ltens);
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_DIV, R2, 10));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, '0'));
	emit_inet_putc(cg, st, out, R2, 0);
	dt_cg_emit(cg, ALU_IMM(BPF_MOD, R1, 10));
	dt_cg_label_set(cg, l1);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R1, '0'));
	emit_inet_putc(cg, st, out, R1, 0);
}

/* the four bytes at st + boff as a dotted quad */
static void
emit_inet_v4(dt_cg_t *cg, uint32_t st, uint32_t out, uint32_t boff)
{
	for (uint32_t i = 0; i < 4; i++) {
		dt_cg_emit(cg, LDX(BPF_B, R1, R9, (int16_t)(st + boff + i)));
		emit_inet_dec(cg, st, out);
		if (i < 3)
			emit_inet_putc(cg, st, out, -1, '.');
	}
}

/* the hexadecimal digit in r2, lower case */
static void
emit_inet_xdigit(dt_cg_t *cg, uint32_t st, uint32_t out)
{
	int ldec = dt_cg_label_new(cg);

	dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R2, 10, 0), ldec);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, 'a' - 10 - '0'));
	dt_cg_label_set(cg, ldec);
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R2, '0'));
	emit_inet_putc(cg, st, out, R2, 0);
}

/* 16-bit group i of the address in hexadecimal, without leading zeros */
static void
emit_inet_group(dt_cg_t *cg, uint32_t st, uint32_t out, uint32_t i)
{
	int l[3], lf[3];

	for (int k = 0; k < 3; k++) {
		l[k] = dt_cg_label_new(cg);
		lf[k] = dt_cg_label_new(cg);
	}
	dt_cg_emit(cg, LDX(BPF_H, R1, R9, (int16_t)(st + 2 * i)));
	dt_cg_emit(cg, INSN(BPF_ALU | BPF_END | BPF_TO_BE, R1, 0, 0, 16));
	/* digit k (from the top) is written if the value is >= 16^(3-k),
	   and then every digit after it */
	for (int k = 0; k < 3; k++) {
		if (k > 0)
			dt_cg_label_set(cg, l[k - 1]);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLT, R1, 1 << (4 * (3 - k)), 0),
		    l[k]);
		if (k > 0)
			dt_cg_label_set(cg, lf[k - 1]);
		dt_cg_emit(cg, MOV_REG(R2, R1));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R2, 4 * (3 - k)));
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, 15));
		emit_inet_xdigit(cg, st, out);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lf[k]);
	}
	dt_cg_label_set(cg, l[2]);
	dt_cg_label_set(cg, lf[2]);
	dt_cg_emit(cg, MOV_REG(R2, R1));
	dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, 15));
	emit_inet_xdigit(cg, st, out);
}

/*
 * The 16 bytes at st as an IPv6 address, as DTrace for Linux writes it
 * (RFC 1884 convention 2): groups in lower-case hexadecimal without
 * leading zeros, one run of zero groups as "::".  The run is the one
 * DTrace's byte scan picks: bytes are scanned in order, a run starts at
 * a zero byte at an even offset and ends at the next nonzero byte (or
 * the last byte); it replaces the best so far (initially 1 byte long) if
 * its length in bytes, counted up to that ending byte, is greater than
 * the best's length in whole groups.  So a single zero group is
 * shortened unless it is the last, and of two runs of the same length
 * the later wins when the group after it starts with a zero byte.  An
 * IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d, but not ::
 * or ::1) address ends in its IPv4 dotted quad; inet_ntoa6 (ntoa6) gives
 * the dotted quad alone.
 */
static void
emit_inet_v6(dt_cg_t *cg, uint32_t st, uint32_t out, bool ntoa6)
{
	int lemb = dt_cg_label_new(cg), lnotemb = dt_cg_label_new(cg);
	int lrun = dt_cg_label_new(cg), lnorun = dt_cg_label_new(cg),
	    lset = dt_cg_label_new(cg);
	int lv4 = dt_cg_label_new(cg), ldone = dt_cg_label_new(cg);

	/* the run: r2 its first byte, r3 its length, r4 the current start */
	dt_cg_emit(cg, MOV_IMM(R2, -1));
	dt_cg_emit(cg, MOV_IMM(R3, 1));
	dt_cg_emit(cg, MOV_IMM(R4, -1));
	for (int32_t i = 0; i < 16; i++) {
		int lnext = dt_cg_label_new(cg), lbetter = dt_cg_label_new(cg);

		dt_cg_emit(cg, LDX(BPF_B, R1, R9, (int16_t)(st + i)));
		if (i % 2 == 0) {
			int lnotstart = dt_cg_label_new(cg);

			dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0),
			    lnotstart);
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R4, -1, 0),
			    lnotstart);
			dt_cg_emit(cg, MOV_IMM(R4, i));
			dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0),
			    lnext);
			dt_cg_label_set(cg, lnotstart);
		}
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R4, -1, 0), lnext);
		if (i != 15)
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lnext);
		dt_cg_emit(cg, MOV_IMM(R0, i));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R0, R4));
		dt_cg_emit_jump(cg, JMP_REG(BPF_JSGT, R0, R3, 0), lbetter);
		dt_cg_emit(cg, MOV_IMM(R4, -1));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnext);
		dt_cg_label_set(cg, lbetter);
		dt_cg_emit(cg, MOV_REG(R2, R4));
		dt_cg_emit(cg, MOV_IMM(R3, i - i % 2));
		dt_cg_emit(cg, ALU_REG(BPF_SUB, R3, R4));
		dt_cg_emit(cg, MOV_IMM(R4, -1));
		if (i == 15) {
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), lnext);
			dt_cg_emit(cg, ALU_IMM(BPF_ADD, R3, 2));
		}
		dt_cg_label_set(cg, lnext);
	}

	/*
	 * Embedded IPv4 (Linux's ipv6_addr_type(): mapped, or compatible):
	 * r5 = the last byte the groups cover.  Words are loaded
	 * little-endian: 00 00 ff ff is 0xffff0000, 00 00 00 01 0x01000000.
	 */
	dt_cg_emit(cg, LDX(BPF_W, R0, R9, (int16_t)st));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, (int16_t)(st + 4)));
	dt_cg_emit(cg, ALU_REG(BPF_OR, R0, R1));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lnotemb);
	dt_cg_emit(cg, LDX(BPF_W, R0, R9, (int16_t)(st + 8)));
	dt_cg_emit(cg, LDX(BPF_W, R1, R9, (int16_t)(st + 12)));
	dt_cg_emit_imm64(cg, R5, 0xffff0000);
	dt_cg_emit_jump(cg, JMP_REG(BPF_JEQ, R0, R5, 0), lemb);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), lnotemb);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), lnotemb);
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 0x01000000, 0), lnotemb);
	dt_cg_label_set(cg, lemb);
	if (ntoa6) {
		emit_inet_v4(cg, st, out, 12);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	} else {
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(st + IN_EMB), 1));
		dt_cg_emit(cg, MOV_IMM(R5, 10));
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lrun);
	}
	dt_cg_label_set(cg, lnotemb);
	dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(st + IN_EMB), 0));
	dt_cg_emit(cg, MOV_IMM(R5, 14));

	/* "::" only if the run lies within the groups written */
	dt_cg_label_set(cg, lrun);
	dt_cg_emit(cg, MOV_REG(R0, R2));
	dt_cg_emit(cg, ALU_IMM(BPF_ADD, R0, -2));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)(st + IN_NOSEP), R0));
	dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLT, R2, 0, 0), lnorun);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R0, R3));
	dt_cg_emit_jump(cg, JMP_REG(BPF_JSGT, R0, R5, 0), lnorun);
	dt_cg_emit(cg, ALU_REG(BPF_ADD, R3, R2));
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lset);
	dt_cg_label_set(cg, lnorun);
	dt_cg_emit(cg, MOV_IMM(R2, 100));
	dt_cg_emit(cg, MOV_IMM(R3, 100));
	dt_cg_label_set(cg, lset);
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)(st + IN_START), R2));
	dt_cg_emit(cg, STX(BPF_DW, R9, (int16_t)(st + IN_END), R3));

	/* the groups: a colon after each but the last and the one before
	   the run (whose "::" stands for both) */
	for (int32_t i = 0; i < 16; i += 2) {
		int lnorm = dt_cg_label_new(cg), lnext = dt_cg_label_new(cg);

		if (i == 12) {
			dt_cg_emit(cg, LDX(BPF_DW, R1, R9,
			    (int16_t)(st + IN_EMB)));
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R1, 0, 0), lv4);
		}
		dt_cg_emit(cg, LDX(BPF_DW, R2, R9, (int16_t)(st + IN_START)));
		dt_cg_emit(cg, LDX(BPF_DW, R3, R9, (int16_t)(st + IN_END)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSGT, R2, i, 0), lnorm);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JSLE, R3, i, 0), lnorm);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JNE, R2, i, 0), lnext);
		emit_inet_putc(cg, st, out, -1, ':');
		emit_inet_putc(cg, st, out, -1, ':');
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lnext);
		dt_cg_label_set(cg, lnorm);
		emit_inet_group(cg, st, out, (uint32_t)i / 2);
		if (i < 14) {
			dt_cg_emit(cg, LDX(BPF_DW, R2, R9,
			    (int16_t)(st + IN_NOSEP)));
			dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R2, i, 0), lnext);
			emit_inet_putc(cg, st, out, -1, ':');
		}
		dt_cg_label_set(cg, lnext);
	}
	dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), ldone);
	dt_cg_label_set(cg, lv4);
	emit_inet_v4(cg, st, out, 12);
	dt_cg_label_set(cg, ldone);
}

/* the n bytes at st as two hexadecimal digits each, separated by ':' */
static void
emit_link_hex(dt_cg_t *cg, uint32_t st, uint32_t out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i > 0)
			emit_inet_putc(cg, st, out, -1, ':');
		dt_cg_emit(cg, LDX(BPF_B, R1, R9, (int16_t)(st + i)));
		dt_cg_emit(cg, MOV_REG(R2, R1));
		dt_cg_emit(cg, ALU_IMM(BPF_RSH, R2, 4));
		emit_inet_xdigit(cg, st, out);
		dt_cg_emit(cg, MOV_REG(R2, R1));
		dt_cg_emit(cg, ALU_IMM(BPF_AND, R2, 15));
		emit_inet_xdigit(cg, st, out);
	}
}

/*
 * The formats are runtime routines (DT_SUB_INET4 ...): r1 = offset of
 * the output string, the address and state (st) in the temporaries after
 * it.
 */
static void
emit_inet_call(dt_cg_t *cg, uint32_t out, dt_sub_t sub)
{
	dt_cg_emit(cg, MOV_IMM(R1, (int32_t)out));
	dt_cg_emit_call_sub(cg, sub);
}

static void
emit_sub_inet(dt_cg_t *cg, dt_sub_t sub)
{
	uint32_t size = dt_cg_tmp_size(cg->cg_hdl);
	int lout = dt_cg_label_new(cg);

	dt_cg_emit_sub_enter_args(cg, 1 + (int)((IN_STATE + size - 1) / size),
	    1, lout);
	switch (sub) {
	case DT_SUB_INET4:
		emit_inet_v4(cg, size, 0, 0);
		break;
	case DT_SUB_INET6:
	case DT_SUB_INETNTOA6:
		emit_inet_v6(cg, size, 0, sub == DT_SUB_INETNTOA6);
		break;
	default:
		emit_link_hex(cg, size, 0, sub == DT_SUB_LINK6 ? 6 : 20);
		break;
	}
	dt_cg_emit_sub_leave(cg, lout);
}

void
dt_cg_sub_inet4(dt_cg_t *cg)
{
	emit_sub_inet(cg, DT_SUB_INET4);
}

void
dt_cg_sub_inet6(dt_cg_t *cg)
{
	emit_sub_inet(cg, DT_SUB_INET6);
}

void
dt_cg_sub_inet_ntoa6(dt_cg_t *cg)
{
	emit_sub_inet(cg, DT_SUB_INETNTOA6);
}

void
dt_cg_sub_link6(dt_cg_t *cg)
{
	emit_sub_inet(cg, DT_SUB_LINK6);
}

void
dt_cg_sub_link20(dt_cg_t *cg)
{
	emit_sub_inet(cg, DT_SUB_LINK20);
}

/*
 * r0 = inet_ntoa(addr), inet_ntoa6(addr), inet_ntop(af, addr) or
 * link_ntop(hwtype, addr).  An af other than AF_INET (2) or AF_INET6 (10),
 * a hwtype other than ARPHRD_ETHER (1) or ARPHRD_INFINIBAND (32), is an
 * illegal operation fault; an address that cannot be read, a bad address
 * fault.
 */
void
dt_cg_inet(dt_cg_t *cg, dt_node_t *dnp, dt_datarec_t *r __attribute__((unused)))
{
	dtrace_hdl_t *dtp = cg->cg_hdl;
	uint32_t strbuf = dt_strbuf(dtp);
	int id = dnp->dn_builtin->di_id;
	uint32_t out = dt_cg_tmp_alloc(cg), st;
	int ntmp = cg->cg_ntmp;
	int l4 = dt_cg_label_new(cg), l6 = dt_cg_label_new(cg),
	    lend = dt_cg_label_new(cg);

	st = dt_cg_tmp_alloc_bytes(cg, IN_STATE);
	if (id == DT_FN_LINK_NTOP) {
		int16_t tslot;

		/* ARPHRD_ETHER (1): 6 bytes; ARPHRD_INFINIBAND (32): 20 */
		dt_cg_expr(cg, dnp->dn_args);
		tslot = dt_cg_push(cg);
		dt_cg_expr(cg, dnp->dn_args->dn_list);
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, tslot));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 1, 0), l4);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 32, 0), l6);
		dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, R1);
		cg->cg_sp -= 8;
		dt_cg_label_set(cg, l4);
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    (int32_t)st, 6);
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(st + IN_POS), 0));
		emit_inet_call(cg, out, DT_SUB_LINK6);
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lend);
		dt_cg_label_set(cg, l6);
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    (int32_t)st, 20);
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(st + IN_POS), 0));
		emit_inet_call(cg, out, DT_SUB_LINK20);
		id = 0;		/* no inet format follows */
	} else if (id == DT_FN_INET_NTOP) {
		int16_t afslot;

		dt_cg_expr(cg, dnp->dn_args);
		afslot = dt_cg_push(cg);
		dt_cg_expr(cg, dnp->dn_args->dn_list);
		dt_cg_emit(cg, LDX(BPF_DW, R1, FP, afslot));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 2, 0), l4);
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JEQ, R1, 10, 0), l6);
		dt_cg_emit_fault(cg, DTRACEFLT_ILLOP, R1);
		cg->cg_sp -= 8;
	} else {
		dt_cg_expr(cg, dnp->dn_args);
	}
	/* only the formats that can be reached: the verifier refuses
	   unreachable instructions */
	if (id == DT_FN_INET_NTOA || id == DT_FN_INET_NTOP) {
		dt_cg_label_set(cg, l4);
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    (int32_t)st, 4);
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(st + IN_POS), 0));
		emit_inet_call(cg, out, DT_SUB_INET4);
	}
	if (id == DT_FN_INET_NTOP)
		dt_cg_emit_jump(cg, INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0), lend);
	if (id == DT_FN_INET_NTOA6 || id == DT_FN_INET_NTOP) {
		dt_cg_label_set(cg, l6);
		dt_cg_emit_read(cg, BPF_FUNC_probe_read_kernel, true,
		    (int32_t)st, 16);
		dt_cg_emit(cg, ST_IMM(BPF_DW, R9, (int16_t)(st + IN_POS), 0));
		emit_inet_call(cg, out, id == DT_FN_INET_NTOA6 &&
		    dnp->dn_aux == 0 ? DT_SUB_INETNTOA6 : DT_SUB_INET6);
	}
	dt_cg_label_set(cg, lend);
	{
		int lin = dt_cg_label_new(cg);

		/* the NUL, at the end or at strbuf - 1 */
		dt_cg_emit(cg, LDX(BPF_DW, R4, R9, (int16_t)(st + IN_POS)));
		dt_cg_emit_jump(cg, JMP_IMM(BPF_JLE, R4, (int32_t)(strbuf - 1),
		    0), lin);
		dt_cg_emit(cg, MOV_IMM(R4, (int32_t)(strbuf - 1)));
		dt_cg_label_set(cg, lin);
		dt_cg_emit(cg, MOV_REG(R5, R9));
		dt_cg_emit(cg, ALU_REG(BPF_ADD, R5, R4));
		dt_cg_emit(cg, ST_IMM(BPF_B, R5, (int16_t)out, 0));
	}
	cg->cg_ntmp = ntmp;	/* the state is free again; out is not */
	dt_cg_emit_dctx_addr(cg, R0, out);
}
