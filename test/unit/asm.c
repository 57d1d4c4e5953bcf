/*
 * Unit tests of the assembler (libdtrace/codegen/dt_asm.c): forward and
 * backward jumps get the offsets that land on their labels, several jumps
 * to one label are all fixed up, a block written by two assemblers in turn
 * keeps both right, and the errors are reported, never left as a wrong
 * offset: a label jumped to but not set, a jump out of the 16-bit range, a
 * label set twice, an instruction that is no jump, a label never made.
 */
#include <string.h>

#include "codegen/dt_asm.h"
#include "codegen/dt_cg.h"

#include "check.h"

/* The instruction a jump at i of blk lands on. */
static uint32_t
target(const dt_block_t *blk, uint32_t i)
{
	return (i + 1 + (uint32_t)(int32_t)blk->db_insns[i].off);
}

static void
test_forward_backward(dtrace_hdl_t *h)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	int ltop, lout;

	dt_block_emit(h, &blk, MOV_IMM(R0, 0));	/* before the assembler */
	dt_asm_init(&as, h, &blk, NULL);
	ltop = dt_asm_label(&as);
	lout = dt_asm_label(&as);
	dt_asm_set(&as, ltop);				/* 1 */
	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R0, 5, 0), lout);	/* 1 */
	dt_asm_emit(&as, ALU_IMM(BPF_ADD, R0, 1));	/* 2 */
	dt_asm_jump(&as, JA(), ltop);			/* 3 */
	dt_asm_set(&as, lout);
	dt_asm_emit(&as, EXIT());			/* 4 */
	CHECK(dt_asm_used(&as, ltop) && dt_asm_used(&as, lout));
	CHECK(!dt_asm_used(&as, dt_asm_label(&as)));
	CHECK(dt_asm_end(&as) == 0);
	CHECK(blk.db_len == 5);
	CHECK(blk.db_insns[1].off == 2);
	CHECK(target(&blk, 1) == 4);
	CHECK(blk.db_insns[3].off == -3);
	CHECK(target(&blk, 3) == 1);
	CHECK(blk.db_insns[1].imm == 5 && blk.db_insns[1].dst_reg == R0);
	CHECK(as.da_labels == NULL && as.da_fixups == NULL);
	dt_block_free(&blk);
}

static void
test_many_fixups(dtrace_hdl_t *h)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	uint32_t at[40];
	int lout;

	dt_asm_init(&as, h, &blk, NULL);
	lout = dt_asm_label(&as);
	for (int i = 0; i < 40; i++) {	/* more than one growth of fixups */
		at[i] = dt_asm_pc(&as);
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R1, i, 0), lout);
		dt_asm_emit(&as, MOV_IMM(R2, i));
	}
	dt_asm_set(&as, lout);
	dt_asm_emit(&as, EXIT());
	CHECK(dt_asm_end(&as) == 0);
	for (int i = 0; i < 40; i++)
		CHECK(target(&blk, at[i]) == 80);
	CHECK(blk.db_insns[0].off == 79);
	CHECK(blk.db_insns[78].off == 1);
	dt_block_free(&blk);
}

/* Two assemblers on one block, the second started after the first ended. */
static void
test_two_writers(dtrace_hdl_t *h)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	int l;

	for (int k = 0; k < 2; k++) {
		dt_asm_init(&as, h, &blk, NULL);
		l = dt_asm_label(&as);
		dt_asm_jump(&as, JMP_REG(BPF_JGT, R1, R2, 0), l);
		dt_asm_emit(&as, MOV_IMM(R0, k));
		dt_asm_set(&as, l);
		CHECK(dt_asm_end(&as) == 0);
	}
	CHECK(blk.db_len == 4);
	CHECK(blk.db_insns[0].off == 1 && blk.db_insns[2].off == 1);
	dt_block_free(&blk);
}

static void
test_unset(dtrace_hdl_t *h)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	int l;

	dt_asm_init(&as, h, &blk, NULL);
	l = dt_asm_label(&as);
	dt_asm_jump(&as, JA(), l);
	dt_asm_emit(&as, EXIT());
	CHECK(dt_asm_end(&as) == -1);
	CHECK(dtrace_errno(h) == EDT_COMPILER);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)), "unset label") !=
	    NULL);
	CHECK(h->dt_errtag != NULL && strcmp(h->dt_errtag, "D_CG") == 0);
	dt_block_free(&blk);
}

static void
test_overflow(dtrace_hdl_t *h)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	int lfar, lnear;

	/* INT16_MAX instructions between jump and label fit; one more not */
	dt_asm_init(&as, h, &blk, NULL);
	lnear = dt_asm_label(&as);
	dt_asm_jump(&as, JA(), lnear);
	for (int i = 0; i < INT16_MAX; i++)
		dt_asm_emit(&as, MOV_IMM(R0, 0));
	dt_asm_set(&as, lnear);
	CHECK(dt_asm_end(&as) == 0);
	CHECK(blk.db_insns[0].off == INT16_MAX);
	dt_block_free(&blk);

	dt_asm_init(&as, h, &blk, "clause");
	lfar = dt_asm_label(&as);
	dt_asm_jump(&as, JA(), lfar);
	for (int i = 0; i < INT16_MAX + 1; i++)
		dt_asm_emit(&as, MOV_IMM(R0, 0));
	dt_asm_set(&as, lfar);
	CHECK(dt_asm_end(&as) == -1);
	CHECK(dtrace_errno(h) == EDT_COMPILER);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)),
	    "clause too large: jump out of range") != NULL);
	dt_block_free(&blk);

	/* and backwards: INT16_MIN fits, one further not */
	for (int extra = 0; extra < 2; extra++) {
		dt_asm_init(&as, h, &blk, NULL);
		lfar = dt_asm_label(&as);
		dt_asm_set(&as, lfar);
		for (int i = 0; i < -(INT16_MIN + 1) + extra; i++)
			dt_asm_emit(&as, MOV_IMM(R0, 0));
		dt_asm_jump(&as, JA(), lfar);
		CHECK(dt_asm_end(&as) == (extra ? -1 : 0));
		if (!extra)
			CHECK(blk.db_insns[blk.db_len - 1].off == INT16_MIN);
		dt_block_free(&blk);
	}
}

/* Errors at the call: sticky, the first one is reported. */
static void
test_misuse(dtrace_hdl_t *h)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	int l;

	dt_asm_init(&as, h, &blk, NULL);
	l = dt_asm_label(&as);
	dt_asm_set(&as, l);
	dt_asm_set(&as, l);
	dt_asm_emit(&as, EXIT());	/* ignored after the error */
	CHECK(as.da_err == EDT_COMPILER);
	CHECK(blk.db_len == 0);
	CHECK(dt_asm_end(&as) == -1);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)), "set twice") != NULL);

	dt_asm_init(&as, h, &blk, NULL);
	l = dt_asm_label(&as);
	dt_asm_jump(&as, CALL(BPF_FUNC_ktime_get_ns), l);
	dt_asm_set(&as, l);
	CHECK(dt_asm_end(&as) == -1);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)), "no jump") != NULL);

	dt_asm_init(&as, h, &blk, NULL);
	dt_asm_jump(&as, JA(), 3);
	CHECK(dt_asm_end(&as) == -1);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)), "no label") != NULL);
	dt_block_free(&blk);
}

int
main(void)
{
	dtrace_hdl_t *h = open_nodev();

	test_forward_backward(h);
	test_many_fixups(h);
	test_two_writers(h);
	test_unset(h);
	test_overflow(h);
	test_misuse(h);
	dtrace_close(h);
	return (check_done("asm"));
}
