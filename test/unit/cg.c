/*
 * Unit tests of the code generator (libdtrace/codegen): the BPF block of a
 * compiled clause is well formed (jumps land inside it, 64-bit immediate
 * loads are whole, relocations name real maps), and the code of
 * predicates, records, division and string comparison has the expected
 * shape.  Also the disassembler, and the assembly of a whole program.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlang/dt_ast.h"
#include "codegen/dt_insn.h"
#include "codegen/dt_cg.h"

#include "check.h"

static dtrace_prog_t *
compile(dtrace_hdl_t *h, const char *src)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, 0, 0, NULL);

	if (pgp == NULL)
		fprintf(stderr, "  compiling \"%s\" failed: %s\n", src,
		    dtrace_errmsg(h, dtrace_errno(h)));
	return (pgp);
}

/* The block of the first clause of src, or NULL. */
static const dt_block_t *
clause_block(dtrace_hdl_t *h, const char *src)
{
	dtrace_prog_t *pgp = compile(h, src);

	if (pgp == NULL || pgp->dp_clauses == NULL)
		return (NULL);
	return (&pgp->dp_clauses->dc_code);
}

static int
is_ldimm64(const struct bpf_insn *in)
{
	return (in->code == (BPF_LD | BPF_DW | BPF_IMM));
}

/* A jump with a target: not call, not exit. */
static int
is_jump(const struct bpf_insn *in)
{
	uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code);

	return ((cls == BPF_JMP || cls == BPF_JMP32) && op != BPF_CALL &&
	    op != BPF_EXIT);
}

static int
is_condjump(const struct bpf_insn *in)
{
	return (is_jump(in) && BPF_OP(in->code) != BPF_JA);
}

static int
is_call(const struct bpf_insn *in, int fn)
{
	return (in->code == (BPF_JMP | BPF_CALL) && in->imm == fn);
}

/*
 * Checks that blk is well formed; returns the number of problems, each
 * described on stderr.  Jumps must land inside the block or at its end,
 * never on the second half of a 64-bit load; every 64-bit load has its
 * second half; relocations point at the instructions they patch.
 */
static int
block_problems(const dt_block_t *blk, const char *what)
{
	int bad = 0;
	char *half;

	if (blk == NULL || blk->db_len == 0) {
		fprintf(stderr, "  %s: empty block\n", what);
		return (1);
	}
	if ((half = calloc(blk->db_len, 1)) == NULL)
		return (1);
	for (uint32_t i = 0; i < blk->db_len; i++) {
		if (is_ldimm64(&blk->db_insns[i])) {
			if (i + 1 >= blk->db_len ||
			    blk->db_insns[i + 1].code != 0 ||
			    blk->db_insns[i + 1].dst_reg != 0 ||
			    blk->db_insns[i + 1].src_reg != 0 ||
			    blk->db_insns[i + 1].off != 0) {
				fprintf(stderr, "  %s: ld_imm64 at %u has no "
				    "second half\n", what, i);
				bad++;
			} else {
				half[i + 1] = 1;
			}
			i++;
		}
	}
	for (uint32_t i = 0; i < blk->db_len; i++) {
		const struct bpf_insn *in = &blk->db_insns[i];
		int64_t target;

		if (half[i] || !is_jump(in))
			continue;
		target = (int64_t)i + 1 + in->off;
		if (target < 0 || target > (int64_t)blk->db_len) {
			fprintf(stderr, "  %s: jump at %u to %lld, outside "
			    "[0, %u]\n", what, i, (long long)target,
			    blk->db_len);
			bad++;
		} else if (target < (int64_t)blk->db_len && half[target]) {
			fprintf(stderr, "  %s: jump at %u into the middle of a "
			    "64-bit load\n", what, i);
			bad++;
		}
	}
	for (uint32_t r = 0; r < blk->db_nrels; r++) {
		const dt_reloc_t *rel = &blk->db_rels[r];
		const struct bpf_insn *in;

		if (rel->dr_insn >= blk->db_len) {
			fprintf(stderr, "  %s: relocation %u past the end\n",
			    what, r);
			bad++;
			continue;
		}
		in = &blk->db_insns[rel->dr_insn];
		switch (rel->dr_kind) {
		case DT_REL_MAPFD:
		case DT_REL_MAPVAL:
			if (!is_ldimm64(in) || half[rel->dr_insn] ||
			    in->imm < 0 || in->imm >= DT_MAP_COUNT ||
			    in->src_reg != (rel->dr_kind == DT_REL_MAPFD ?
			    BPF_PSEUDO_MAP_FD : BPF_PSEUDO_MAP_VALUE)) {
				fprintf(stderr, "  %s: map relocation %u at "
				    "%u: code %02x imm %d\n", what, r,
				    rel->dr_insn, in->code, in->imm);
				bad++;
			}
			break;
		case DT_REL_PC:
			/* an instruction that stores its own index */
			if (BPF_CLASS(in->code) != BPF_ST ||
			    in->imm != (int32_t)rel->dr_insn) {
				fprintf(stderr, "  %s: pc relocation at %u: imm "
				    "%d\n", what, rel->dr_insn, in->imm);
				bad++;
			}
			break;
		default:
			fprintf(stderr, "  %s: relocation kind %d\n", what,
			    rel->dr_kind);
			bad++;
		}
	}
	/* every map reference has its relocation */
	for (uint32_t i = 0; i < blk->db_len; i++) {
		const struct bpf_insn *in = &blk->db_insns[i];
		int found = 0;

		if (half[i] || !is_ldimm64(in) || in->src_reg == 0)
			continue;
		for (uint32_t r = 0; r < blk->db_nrels; r++)
			found |= blk->db_rels[r].dr_insn == i;
		if (!found) {
			fprintf(stderr, "  %s: map load at %u without a "
			    "relocation\n", what, i);
			bad++;
		}
	}
	free(half);
	return (bad);
}

static int
count_calls(const dt_block_t *blk, int fn)
{
	int n = 0;

	for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++)
		n += is_call(&blk->db_insns[i], fn);
	return (n);
}

static int
count_condjumps(const dt_block_t *blk)
{
	int n = 0;

	for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
		if (is_condjump(&blk->db_insns[i]) &&
		    (i == 0 || !is_ldimm64(&blk->db_insns[i - 1])))
			n++;
	}
	return (n);
}

static int
count_backjumps(const dt_block_t *blk)
{
	int n = 0;

	for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
		if (is_jump(&blk->db_insns[i]) && blk->db_insns[i].off < 0 &&
		    (i == 0 || !is_ldimm64(&blk->db_insns[i - 1])))
			n++;
	}
	return (n);
}

static int
count_code(const dt_block_t *blk, uint8_t code)
{
	int n = 0;

	for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++)
		n += blk->db_insns[i].code == code &&
		    (i == 0 || !is_ldimm64(&blk->db_insns[i - 1]));
	return (n);
}

/*
 * The division or modulo at index d is guarded: a conditional jump on the
 * divisor being non-zero lands on it, and what it skips stores
 * DTRACEFLT_DIVZERO in ms_fault.
 */
static int
division_guarded(const dt_block_t *blk, uint32_t d)
{
	const struct bpf_insn *div = &blk->db_insns[d];

	for (uint32_t j = 0; j < d; j++) {
		const struct bpf_insn *in = &blk->db_insns[j];

		/* the jump past the fault lands at the division or at the
		   sign handling just before it (signed division) */
		if (in->code != (BPF_JMP | BPF_JNE | BPF_K) || in->imm != 0 ||
		    in->dst_reg != div->src_reg ||
		    (int64_t)j + 1 + in->off > (int64_t)d ||
		    (int64_t)j + 1 + in->off + 8 < (int64_t)d)
			continue;
		for (uint32_t k = j + 1; k < d; k++) {
			const struct bpf_insn *st = &blk->db_insns[k];

			if (st->code == (BPF_ST | BPF_MEM | BPF_DW) &&
			    st->dst_reg == BPF_REG_9 &&
			    st->off == MS_OFF(ms_fault) &&
			    st->imm == DTRACEFLT_DIVZERO)
				return (1);
		}
	}
	return (0);
}

static void
test_wellformed(void)
{
	static const char *const srcs[] = {
		"BEGIN { trace(1); }",
		"BEGIN /1/ { trace(1); }",
		"BEGIN { }",
		"BEGIN { x++; }",
		"BEGIN { printf(\"%d %s\\n\", pid, execname); }",
		"BEGIN { a = 7; b = 0; trace(a / b); trace(a % b); }",
		"BEGIN /execname == \"sh\"/ { trace(probename); }",
		"BEGIN { trace(0x123456789abcdef0); trace(-5000000000); }",
		"BEGIN { s = \"abc\"; t = s; trace(t < s ? 1 : 2); }",
		"BEGIN { x = 1; trace(x && 0 || x ^^ 1); trace(!x); }",
		"BEGIN { y = 1; y += 2; y <<= 3; y /= 2; trace((char)y); }",
		"BEGIN { trace(timestamp); trace(walltimestamp); trace(cpu); }",
		"BEGIN { trace(copyinstr(arg0)); trace(copyinstr(arg1, 8)); }",
		"BEGIN { exit(0); }",
		"BEGIN { trace(probeprov); trace(probemod); trace(probefunc); }",
		"BEGIN { trace(uid); trace(gid); trace(tid); trace(id); }",
		"BEGIN { trace(*(int *)arg0); trace(*(char *)arg1 + 1); }",
		"BEGIN { p = (int *)arg0; trace(p + 2); trace(p - 1); }",
	};

	for (size_t i = 0; i < sizeof (srcs) / sizeof (srcs[0]); i++) {
		dtrace_hdl_t *h = open_nodev();
		const dt_block_t *blk = clause_block(h, srcs[i]);

		CHECK(blk != NULL);
		CHECK(block_problems(blk, srcs[i]) == 0);
		/* a clause block falls through to the next: no exit */
		CHECK(count_code(blk, BPF_JMP | BPF_EXIT) == 0);
		dtrace_close(h);
	}
}

static void
test_shapes(void)
{
	dtrace_hdl_t *h = open_nodev();
	const dt_block_t *blk;
	int pred_end = 0;

	/* a predicate is a conditional jump to the end of the clause */
	blk = clause_block(h, "BEGIN /1/ { trace(1); }");
	CHECK(count_condjumps(blk) >= 1);
	for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
		const struct bpf_insn *in = &blk->db_insns[i];

		if (in->code == (BPF_JMP | BPF_JEQ | BPF_K) && in->imm == 0 &&
		    in->dst_reg == BPF_REG_0 &&
		    i + 1 + in->off == blk->db_len)
			pred_end++;
	}
	CHECK(pred_end == 1);
	/* without a predicate, the only condition is the drop check */
	blk = clause_block(h, "BEGIN { trace(1); }");
	CHECK(blk != NULL && count_condjumps(blk) == 1);

	/* a record: exactly one ring buffer output */
	blk = clause_block(h, "BEGIN { printf(\"%d\\n\", 1); }");
	CHECK(count_calls(blk, BPF_FUNC_ringbuf_output) == 1);
	blk = clause_block(h, "BEGIN { trace(1); trace(2); }");
	CHECK(count_calls(blk, BPF_FUNC_ringbuf_output) == 1);
	/* the default action records too */
	blk = clause_block(h, "BEGIN { }");
	CHECK(count_calls(blk, BPF_FUNC_ringbuf_output) == 1);
	/* assignments alone record nothing */
	blk = clause_block(h, "BEGIN { x++; }");
	CHECK(blk != NULL && count_calls(blk, BPF_FUNC_ringbuf_output) == 0);
	blk = clause_block(h, "BEGIN { x = 2; x = x * 3; }");
	CHECK(blk != NULL && count_calls(blk, BPF_FUNC_ringbuf_output) == 0);
	/* a clause that can fault has a fault record too */
	blk = clause_block(h, "BEGIN { q = 1; r = 2 / q; }");
	CHECK(count_calls(blk, BPF_FUNC_ringbuf_output) == 1);
	blk = clause_block(h, "BEGIN { q = 1; trace(2 / q); }");
	CHECK(count_calls(blk, BPF_FUNC_ringbuf_output) == 2);

	/* division and modulo skip a division-by-zero fault */
	blk = clause_block(h, "BEGIN { a = 7; b = 0; c = a / b; }");
	{
		int ndiv = 0, guarded = 0;

		for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
			uint8_t c = blk->db_insns[i].code;

			if (c == (BPF_ALU64 | BPF_DIV | BPF_X)) {
				ndiv++;
				guarded += division_guarded(blk, i);
				/* the plain instruction: 6.1 has no signed one */
				CHECK(blk->db_insns[i].off == 0);
			}
		}
		/* int division is signed: both operands and the result may
		   be negated around it */
		CHECK(count_code(blk, BPF_ALU64 | BPF_NEG) == 3);
		CHECK(ndiv == 1);
		CHECK(guarded == 1);
	}
	blk = clause_block(h, "BEGIN { m = timestamp % (timestamp & 0); }");
	{
		int nmod = 0, guarded = 0;

		for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
			if (blk->db_insns[i].code ==
			    (BPF_ALU64 | BPF_MOD | BPF_X)) {
				nmod++;
				guarded += division_guarded(blk, i);
				/* unsigned 64-bit: plain mod */
				CHECK(blk->db_insns[i].off == 0);
			}
		}
		CHECK(nmod == 1);
		CHECK(guarded == 1);
	}
	/* no division, no fault store */
	blk = clause_block(h, "BEGIN { a = 7; b = a * 3; }");
	{
		int faults = 0;

		for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++)
			faults += blk->db_insns[i].code == (BPF_ST | BPF_MEM |
			    BPF_DW) && blk->db_insns[i].off ==
			    MS_OFF(ms_fault) && blk->db_insns[i].imm != 0;
		CHECK(blk != NULL && faults == 0);
		/* the clause clears ms_fault first */
		CHECK(blk != NULL && blk->db_insns[0].code == (BPF_ST |
		    BPF_MEM | BPF_DW) && blk->db_insns[0].off ==
		    MS_OFF(ms_fault) && blk->db_insns[0].imm == 0);
	}

	/* string comparison is a loop: a backward jump */
	blk = clause_block(h, "BEGIN { trace(execname == \"sh\"); }");
	CHECK(count_backjumps(blk) >= 1);
	blk = clause_block(h, "BEGIN { trace(pid == 1); }");
	CHECK(blk != NULL && count_backjumps(blk) == 0);

	/* casts narrow with shifts; unsigned int with a 32-bit move */
	blk = clause_block(h, "BEGIN { w = 300; trace((char)w); }");
	{
		int lsh = 0, arsh = 0;

		for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
			const struct bpf_insn *in = &blk->db_insns[i];

			lsh += in->code == (BPF_ALU64 | BPF_LSH | BPF_K) &&
			    in->imm == 56;
			arsh += in->code == (BPF_ALU64 | BPF_ARSH | BPF_K) &&
			    in->imm == 56;
		}
		CHECK(lsh == 1 && arsh == 1);
	}
	blk = clause_block(h, "BEGIN { w = 300; trace((unsigned)w); }");
	CHECK(count_code(blk, BPF_ALU | BPF_MOV | BPF_X) >= 1);

	/* a constant too big for 32 bits is one 64-bit load */
	blk = clause_block(h, "BEGIN { trace(0x123456789); }");
	{
		int found = 0;

		for (uint32_t i = 0; blk != NULL && i + 1 < blk->db_len; i++) {
			const struct bpf_insn *in = &blk->db_insns[i];

			if (is_ldimm64(in) && in->src_reg == 0 &&
			    (uint32_t)in->imm == 0x23456789u &&
			    in[1].imm == 1)
				found++;
		}
		CHECK(found == 1);
	}
	dtrace_close(h);
}

/* Instructions with this code and immediate. */
static int
count_imm(const dt_block_t *blk, uint8_t code, int32_t imm)
{
	int n = 0;

	for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++)
		n += blk->db_insns[i].code == code &&
		    blk->db_insns[i].imm == imm &&
		    (i == 0 || !is_ldimm64(&blk->db_insns[i - 1]));
	return (n);
}

static void
test_pointers(void)
{
	dtrace_hdl_t *h = open_nodev();
	const dt_block_t *blk;
	int guarded = 0;

	/*
	 * A dereference reads with probe_read_kernel; a failed read (r0 not
	 * 0) stores an invalid-address fault, which success jumps over.
	 */
	blk = clause_block(h, "BEGIN { trace(*(int *)arg0); }");
	CHECK(count_calls(blk, BPF_FUNC_probe_read_kernel) == 1);
	for (uint32_t j = 0; blk != NULL && j < blk->db_len; j++) {
		const struct bpf_insn *in = &blk->db_insns[j];
		int64_t t = (int64_t)j + 1 + in->off;

		if (in->code != (BPF_JMP | BPF_JEQ | BPF_K) || in->imm != 0 ||
		    in->dst_reg != BPF_REG_0 || j == 0 ||
		    !is_call(&blk->db_insns[j - 1],
		    BPF_FUNC_probe_read_kernel) || t > blk->db_len)
			continue;
		for (uint32_t k = j + 1; k < t; k++) {
			const struct bpf_insn *st = &blk->db_insns[k];

			guarded += st->code == (BPF_ST | BPF_MEM | BPF_DW) &&
			    st->off == MS_OFF(ms_fault) &&
			    st->imm == DTRACEFLT_BADADDR;
		}
	}
	CHECK(guarded == 1);
	/* it reads 4 bytes, then sign-extends them */
	CHECK(count_imm(blk, BPF_ALU64 | BPF_MOV | BPF_K, 4) >= 1);
	CHECK(count_imm(blk, BPF_ALU64 | BPF_ARSH | BPF_K, 32) >= 1);

	/* int * + n moves by n ints; char * + n by n bytes */
	blk = clause_block(h, "BEGIN { trace((int *)arg0 + arg1); }");
	CHECK(count_imm(blk, BPF_ALU64 | BPF_MUL | BPF_K, 4) == 1);
	blk = clause_block(h, "BEGIN { trace(arg1 + (long *)arg0); }");
	CHECK(count_imm(blk, BPF_ALU64 | BPF_MUL | BPF_K, 8) == 1);
	blk = clause_block(h, "BEGIN { trace((char *)arg0 + arg1); }");
	CHECK(blk != NULL &&
	    count_code(blk, BPF_ALU64 | BPF_MUL | BPF_K) == 0);
	/* the difference of two int * counts ints: divided by 4 */
	blk = clause_block(h, "BEGIN { trace((int *)arg0 - (int *)arg1); }");
	CHECK(blk != NULL &&
	    count_imm(blk, BPF_ALU64 | BPF_MUL | BPF_K, 4) == 0);
	/* (a signed division: 4 in a register, the magnitude divided) */
	CHECK(count_code(blk, BPF_ALU64 | BPF_DIV | BPF_X) == 1 &&
	    count_imm(blk, BPF_ALU64 | BPF_MOV | BPF_K, 4) >= 1 &&
	    count_code(blk, BPF_ALU64 | BPF_NEG) == 3);
	dtrace_close(h);
}

static void
test_dump(void)
{
	dtrace_hdl_t *h = open_nodev();
	const dt_block_t *blk = clause_block(h,
	    "BEGIN { a = 3; printf(\"%d\\n\", 10 / a); }");
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *fp;
	uint32_t nlines = 0;
	int numbered = 1;

	CHECK(blk != NULL);
	if (blk == NULL) {
		dtrace_close(h);
		return;
	}
	fp = open_memstream(&text, &len);
	CHECK(fp != NULL);
	if (fp == NULL) {
		dtrace_close(h);
		return;
	}
	dt_block_dump(blk, fp, 0);
	fclose(fp);
	CHECK(len > 0);
	CHECK(strstr(text, "call 130") != NULL);	/* ringbuf_output */
	CHECK(strstr(text, "r1 = map output") != NULL);
	CHECK(strstr(text, "= &globals + ") != NULL);
	CHECK(strstr(text, "div r0, r1") != NULL);
	CHECK(strstr(text, "exit") == NULL);
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char want[16];

		/* the instruction's number, then its byte offset */
		snprintf(want, sizeof (want), "%04u %05u: ", nlines,
		    nlines * 8);
		if (strncmp(line, want, 12) != 0) {
			fprintf(stderr, "  line %u: \"%s\"\n", nlines, line);
			numbered = 0;
		}
		nlines++;
	}
	CHECK(numbered);
	CHECK(nlines == blk->db_len);
	free(text);

	/* numbered from base */
	text = NULL;
	fp = open_memstream(&text, &len);
	if (fp != NULL) {
		dt_block_dump(blk, fp, 100);
		fclose(fp);
		CHECK(strncmp(text, "0100 00800: ", 12) == 0);
		free(text);
	}

	/* dtrace_program_dump() prints each clause */
	{
		dtrace_prog_t *pgp = compile(h, "BEGIN, END { trace(1); } "
		    "tick-1s { }");

		text = NULL;
		fp = open_memstream(&text, &len);
		CHECK(pgp != NULL && fp != NULL);
		if (pgp != NULL && fp != NULL) {
			CHECK(dtrace_program_dump(h, pgp, fp) == 0);
			fclose(fp);
			/* DTrace's heading: the first description in full,
			   then the clause's name, numbered after the
			   clauses of the handle's programs compiled
			   before */
			const char *b = strstr(text, "\nDisassembly of clause "
			    ":::BEGIN, ..., <dt_clause_");
			const char *t = strstr(text, "\nDisassembly of clause "
			    ":::tick-1s, <dt_clause_");
			unsigned int nb = 0, nt = 0;

			CHECK(b != NULL && t != NULL);
			if (b != NULL && t != NULL) {
				CHECK(sscanf(b, "\nDisassembly of clause "
				    ":::BEGIN, ..., <dt_clause_%u>:", &nb) == 1);
				CHECK(sscanf(t, "\nDisassembly of clause "
				    ":::tick-1s, <dt_clause_%u>:", &nt) == 1);
				CHECK(nt == nb + 1);
				CHECK(strstr(b, ">:\nINS ") != NULL);
			}
			free(text);
		} else if (fp != NULL) {
			fclose(fp);
			free(text);
		}
	}
	dtrace_close(h);
}

/*
 * Blocks put one after another, as the program assembler does: jumps stay
 * inside, map relocations follow their instructions, and the fault pc
 * stores (DT_REL_PC) get their index in the whole.
 */
static void
test_append(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp = compile(h, "BEGIN { d = 0; trace(1 / d); } "
	    "BEGIN /d == 0/ { printf(\"%s %d\\n\", execname, 7 % d); } "
	    "ERROR { trace(arg4); }");
	const dt_block_t *b[3];
	dt_block_t blk = { 0 };
	uint32_t start[3], maprels = 0, pcrels = 0;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;
	int pcs = 0;

	CHECK(pgp != NULL && pgp->dp_nclauses == 3);
	if (pgp == NULL || pgp->dp_nclauses != 3) {
		dtrace_close(h);
		return;
	}
	b[0] = &pgp->dp_clauses->dc_code;
	b[1] = &pgp->dp_clauses->dc_next->dc_code;
	b[2] = &pgp->dp_clauses->dc_next->dc_next->dc_code;
	CHECK(dt_block_emit(h, &blk, MOV_REG(R6, R1)) == 0);
	CHECK(dt_block_emit(h, &blk, MOV_IMM(R0, 0)) == 0);
	for (int k = 0; k < 3; k++) {
		start[k] = blk.db_len;
		CHECK(dt_block_emit(h, &blk, ST_IMM(BPF_W, R9,
		    MS_OFF(ms_clause), k)) == 0);
		CHECK(dt_block_append(h, &blk, b[k]) == 0);
		for (uint32_t r = 0; r < b[k]->db_nrels; r++) {
			if (b[k]->db_rels[r].dr_kind == DT_REL_PC)
				pcrels++;
			else
				maprels++;
		}
	}
	CHECK(dt_block_emit(h, &blk, MOV_IMM(R0, 0)) == 0);
	CHECK(dt_block_emit(h, &blk, EXIT()) == 0);
	CHECK(blk.db_len == 7 + b[0]->db_len + b[1]->db_len + b[2]->db_len);
	CHECK(block_problems(&blk, "appended blocks") == 0);
	CHECK(count_code(&blk, BPF_JMP | BPF_EXIT) == 1);
	/* two divisions: two fault pc stores */
	CHECK(pcrels == 2);
	/* map relocations are kept, moved; pc relocations are resolved */
	CHECK(blk.db_nrels == maprels);
	for (uint32_t r = 0; r < blk.db_nrels; r++)
		CHECK(blk.db_rels[r].dr_kind != DT_REL_PC);
	/* the instructions are those of the clauses, in order */
	for (int k = 0; k < 3; k++) {
		int same = 1;

		for (uint32_t i = 0; i < b[k]->db_len; i++) {
			const struct bpf_insn *x = &b[k]->db_insns[i];
			const struct bpf_insn *y = &blk.db_insns[start[k] + 1 +
			    i];

			if (x->code != y->code || x->off != y->off ||
			    x->dst_reg != y->dst_reg || (x->imm != y->imm &&
			    !(y->off == MS_OFF(ms_fpc) &&
			    y->imm == x->imm + (int32_t)start[k] + 1)))
				same = 0;
		}
		CHECK(same);
	}
	/* the fault pc stores hold their own index in the whole */
	for (uint32_t i = 0; i < blk.db_len; i++) {
		const struct bpf_insn *in = &blk.db_insns[i];

		if (in->code == (BPF_ST | BPF_MEM | BPF_DW) &&
		    in->dst_reg == BPF_REG_9 && in->off == MS_OFF(ms_fpc)) {
			pcs++;
			CHECK(in->imm == (int32_t)i);
		}
	}
	CHECK(pcs == 2);
	/* the clause blocks themselves are untouched */
	for (int k = 0; k < 3; k++)
		CHECK(block_problems(b[k], "clause after append") == 0);

	fp = open_memstream(&text, &len);
	CHECK(fp != NULL);
	if (fp != NULL) {
		dt_block_dump(&blk, fp, 0);
		fclose(fp);
		CHECK(strstr(text, ": 95 0 0      0           0  exit\n") !=
		    NULL);
		CHECK(strstr(text, "call 130\n") != NULL);
		CHECK(strstr(text, "mod r0, r1") != NULL);
		CHECK(strstr(text, "r1 = map output") != NULL);
		free(text);
	}
	dt_block_free(&blk);
	CHECK(blk.db_insns == NULL && blk.db_len == 0 && blk.db_nrels == 0);
	dtrace_close(h);
}

static void
test_cg_errors(void)
{
	dtrace_hdl_t *h = open_nodev();
	char src[1024];
	size_t n = 0;

	/* more than 16 string temporaries in one statement (a comparison's
	   are free once it is made: seventeen of them take none at once) */
	n += (size_t)snprintf(src + n, sizeof (src) - n, "BEGIN { trace(");
	for (int i = 0; i < 17; i++)
		n += (size_t)snprintf(src + n, sizeof (src) - n,
		    "strjoin(\"x\", ");
	n += (size_t)snprintf(src + n, sizeof (src) - n, "\"y\"");
	for (int i = 0; i < 17; i++)
		n += (size_t)snprintf(src + n, sizeof (src) - n, ")");
	snprintf(src + n, sizeof (src) - n, "); }");
	CHECK(dtrace_program_strcompile(h, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL) == NULL);
	CHECK(dtrace_errtag(h) != NULL &&
	    strcmp(dtrace_errtag(h), "D_CG") == 0);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)),
	    "more than 16 string values") != NULL);
	dtrace_close(h);

	/* a clause that records more than the buffer holds */
	h = open_nodev();
	CHECK(dtrace_program_strcompile(h, "#pragma D option strsize=4096\n"
	    "BEGIN { trace(execname); trace(execname); trace(execname); "
	    "trace(execname); }", DTRACE_PROBESPEC_NAME, 0, 0, NULL) == NULL);
	CHECK(dtrace_errtag(h) != NULL &&
	    strcmp(dtrace_errtag(h), "D_CG") == 0);
	CHECK(strstr(dtrace_errmsg(h, dtrace_errno(h)),
	    "clause records too much data") != NULL);
	dtrace_close(h);

	/*
	 * strsize may be set up to 4096: a clause then either compiles to
	 * code whose dctx offsets fit the 16-bit offsets of BPF (r9 is never
	 * accessed below its start), or fails to compile.
	 */
	h = open_nodev();
	CHECK(dtrace_setopt(h, "strsize", "4096") == 0);
	{
		const dt_block_t *blk = clause_block(h, "BEGIN { trace(1); }");
		int neg = 0;

		for (uint32_t i = 0; blk != NULL && i < blk->db_len; i++) {
			const struct bpf_insn *in = &blk->db_insns[i];
			uint8_t cls = BPF_CLASS(in->code);

			if ((cls == BPF_ST || cls == BPF_STX) &&
			    in->dst_reg == BPF_REG_9 && in->off < 0)
				neg++;
			if (cls == BPF_LDX && in->src_reg == BPF_REG_9 &&
			    in->off < 0)
				neg++;
		}
		if (blk == NULL)
			CHECK(dtrace_errtag(h) != NULL &&
			    strcmp(dtrace_errtag(h), "D_CG") == 0);
		CHECK(neg == 0);
	}
	dtrace_close(h);
}

int
main(void)
{
	test_wellformed();
	test_shapes();
	test_pointers();
	test_dump();
	test_append();
	test_cg_errors();

	return (check_done("cg"));
}
