/*
 * Unit tests of the call frame information parser and unwinder
 * (proc/dt_cfi.c): a small .eh_frame made here (one CIE, one FDE of a
 * function that pushes rbp and then uses it as its frame pointer) gives
 * the expected caller registers at each of its pcs; then malformed
 * sections (every truncation of it, huge and 64-bit lengths, a CIE
 * pointer out of the section or to an FDE, unknown opcodes, too deep
 * remember_state, restore_state with nothing remembered, a ULEB128 that
 * never ends, and 20000 sections with random bytes changed) must be
 * refused or give answers, never crash (run under ASan in make check);
 * last, real libraries read through .eh_frame_hdr's index must unwind as
 * they do when all their FDEs are parsed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proc/dt_cfi.h"

#include "check.h"

/* libc, and a library linked by lld (.eh_frame typed SHT_X86_64_UNWIND) */
static const struct {
	const char *path;
	unsigned int every;	/* a step from every Nth byte */
} real[] = {
	{ "/lib/x86_64-linux-gnu/libc.so.6", 5 },
	{ "/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1", 257 },
};
#define EHADDR	0x2000		/* the made section's link-time address */

static uint8_t sect[256];
static size_t slen;

static void
put(const void *p, size_t n)
{
	memcpy(sect + slen, p, n);
	slen += n;
}

static void
put32(uint32_t v)
{
	put(&v, 4);
}

/*
 * CIE: version 1, "zR", code align 1, data align -8, RA 16, FDE pointers
 * pcrel sdata4, CFA rsp+8, RA at CFA-8.  FDE for [0x1000, 0x1040):
 * push %rbp (1 byte): CFA rsp+16, rbp at CFA-16; mov %rsp,%rbp (3
 * bytes): CFA rbp+16; then the extra instructions given.
 */
static void
make(const uint8_t *extra, size_t nextra)
{
	static const uint8_t cie[] = {
		1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1b,
		0x0c, 7, 8,		/* def_cfa rsp 8 */
		0x90, 1			/* offset r16 at CFA-8 */
	};
	uint8_t ins[64] = {
		0x41,			/* advance_loc 1 */
		0x0e, 16,		/* def_cfa_offset 16 */
		0x86, 2,		/* offset r6 at CFA-16 */
		0x43,			/* advance_loc 3 */
		0x0d, 6			/* def_cfa_register rbp */
	};
	size_t nins = 8, fdestart;
	int32_t rel;

	if (nextra > 0)
		memcpy(ins + nins, extra, nextra);
	nins += nextra;
	slen = 0;
	memset(sect, 0, sizeof (sect));
	put32((uint32_t)(4 + sizeof (cie)));
	put32(0);
	put(cie, sizeof (cie));
	fdestart = slen;
	put32((uint32_t)(4 + 4 + 4 + 1 + nins));
	put32((uint32_t)(slen));	/* back to the CIE at 0 */
	rel = (int32_t)(0x1000 - (EHADDR + (int64_t)slen));
	put32((uint32_t)rel);
	put32(0x40);
	sect[slen++] = 0;		/* no augmentation data */
	put(ins, nins);
	(void) fdestart;
	put32(0);			/* the terminator */
}

static uint64_t stack[16];

static void
regs_init(dt_cfi_regs_t *rg, uint64_t bp)
{
	memset(rg, 0, sizeof (*rg));
	rg->cr_r[DT_CFI_SP] = 0x7000;
	rg->cr_r[DT_CFI_BP] = bp;
	rg->cr_valid = (1U << DT_CFI_NREGS) - 1;
	rg->cr_stack = (const uint8_t *)stack;
	rg->cr_sp0 = 0x7000;
	rg->cr_len = sizeof (stack);
	for (int i = 0; i < 16; i++)
		stack[i] = 0x100 + (uint64_t)i;
}

/* parse and step at a few pcs; the answers are not looked at */
static void
exercise(const uint8_t *buf, size_t len)
{
	dt_cfi_t *ci = dt_cfi_parse(buf, len, EHADDR, buf, len);
	dt_cfi_regs_t rg;

	if (ci == NULL)
		return;
	for (uint64_t pc = 0xff8; pc < 0x1048; pc += 3) {
		regs_init(&rg, 0x7008);
		(void) dt_cfi_step(ci, pc, &rg);
	}
	dt_cfi_free(ci);
}

/*
 * A file read both ways: the index names as many FDEs as the full parse
 * finds, and a step from every Nth byte of its loaded text gives the same
 * answer and the same registers.
 */
static void
compare_index(const char *path, unsigned int every)
{
	dt_cfi_t *full = dt_cfi_read(path, false), *idx = dt_cfi_read(path, true);
	size_t same = 0, found = 0, total = 0;
	uint64_t pc;

	CHECK(full != NULL && idx != NULL);
	if (full == NULL || idx == NULL)
		goto out;
	CHECK(dt_cfi_nfdes(full) > 1000 &&
	    dt_cfi_nfdes(idx) == dt_cfi_nfdes(full));
	for (uint64_t off = 0; off < (256U << 20); off += every) {
		dt_cfi_regs_t a, b;
		int ra, rb;

		if (!dt_cfi_vaddr(full, off, &pc))
			continue;
		regs_init(&a, 0x7008);
		regs_init(&b, 0x7008);
		ra = dt_cfi_step(full, pc, &a);
		rb = dt_cfi_step(idx, pc, &b);
		total++;
		found += ra != DT_CFI_NOFDE;
		same += ra == rb && a.cr_valid == b.cr_valid &&
		    memcmp(a.cr_r, b.cr_r, sizeof (a.cr_r)) == 0;
		if (ra != rb || a.cr_valid != b.cr_valid) {
			printf("%s: at 0x%llx full %d index %d\n", path,
			    (unsigned long long)pc, ra, rb);
			break;
		}
	}
	printf("%s: %zu FDEs, %zu steps found one, all the same: %s\n", path,
	    dt_cfi_nfdes(idx), found, same == total ? "yes" : "no");
	CHECK(found > 10000 && same == total);
out:
	dt_cfi_free(full);
	dt_cfi_free(idx);
}

static int
step_at(const uint8_t *extra, size_t nextra, uint64_t pc)
{
	dt_cfi_t *ci;
	dt_cfi_regs_t rg;
	int rc;

	make(extra, nextra);
	if ((ci = dt_cfi_parse(sect, slen, EHADDR, NULL, 0)) == NULL)
		return (-1);
	regs_init(&rg, 0x7010);
	rc = dt_cfi_step(ci, pc, &rg);
	dt_cfi_free(ci);
	return (rc);
}

int
main(void)
{
	dt_cfi_t *ci;
	dt_cfi_regs_t rg;
	uint8_t bad[256];
	uint32_t seed = 12345;

	/* the good one */
	make(NULL, 0);
	ci = dt_cfi_parse(sect, slen, EHADDR, NULL, 0);
	CHECK(ci != NULL && dt_cfi_nfdes(ci) == 1);
	if (ci != NULL) {
		regs_init(&rg, 0x7010);	/* at entry: RA at [rsp] */
		CHECK(dt_cfi_step(ci, 0x1000, &rg) == DT_CFI_OK);
		CHECK(rg.cr_r[DT_CFI_RA] == 0x100);
		CHECK(rg.cr_r[DT_CFI_SP] == 0x7008);
		CHECK(rg.cr_r[DT_CFI_BP] == 0x7010);	/* unchanged */
		regs_init(&rg, 0x7010);	/* after push %rbp */
		CHECK(dt_cfi_step(ci, 0x1001, &rg) == DT_CFI_OK);
		CHECK(rg.cr_r[DT_CFI_RA] == 0x101);
		CHECK(rg.cr_r[DT_CFI_SP] == 0x7010);
		CHECK(rg.cr_r[DT_CFI_BP] == 0x100);
		regs_init(&rg, 0x7020);	/* CFA rbp+16 */
		CHECK(dt_cfi_step(ci, 0x1030, &rg) == DT_CFI_OK);
		CHECK(rg.cr_r[DT_CFI_SP] == 0x7030);
		CHECK(rg.cr_r[DT_CFI_RA] == 0x105);
		CHECK(rg.cr_r[DT_CFI_BP] == 0x104);
		regs_init(&rg, 0x7078);	/* RA's slot past the copy */
		CHECK(dt_cfi_step(ci, 0x1030, &rg) == DT_CFI_STOP);
		regs_init(&rg, 0x7010);
		CHECK(dt_cfi_step(ci, 0x1040, &rg) == DT_CFI_NOFDE);
		CHECK(dt_cfi_step(ci, 0xfff, &rg) == DT_CFI_NOFDE);
		dt_cfi_free(ci);
	}
	/* the frame pointer walk, in the copy only */
	regs_init(&rg, 0x7010);
	CHECK(dt_cfi_step_fp(&rg) == DT_CFI_OK && rg.cr_r[DT_CFI_RA] ==
	    0x103 && rg.cr_r[DT_CFI_BP] == 0x102 && rg.cr_r[DT_CFI_SP] ==
	    0x7020);
	regs_init(&rg, 0x7078);
	CHECK(dt_cfi_step_fp(&rg) == DT_CFI_STOP);
	regs_init(&rg, 0x6ff0);	/* below sp */
	CHECK(dt_cfi_step_fp(&rg) == DT_CFI_STOP);

	/* register rules the walk cannot follow, and bad opcodes */
	{
		static const uint8_t unknown[] = { 0x3f };
		static const uint8_t cfaexpr[] = { 0x0f, 2, 0x77, 8 };
		static const uint8_t undefra[] = { 0x07, 16 };
		static const uint8_t longblk[] = { 0x0f, 100 };
		static const uint8_t restore0[] = { 0x0b };
		static const uint8_t endless[] = { 0x0e, 0x80, 0x80, 0x80,
		    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };
		static const uint8_t pair[] = { 0x0a, 0x0e, 64, 0x0b };
		uint8_t deep[17];

		CHECK(step_at(unknown, sizeof (unknown), 0x1030) ==
		    DT_CFI_STOP);
		CHECK(step_at(cfaexpr, sizeof (cfaexpr), 0x1030) ==
		    DT_CFI_STOP);
		CHECK(step_at(undefra, sizeof (undefra), 0x1030) ==
		    DT_CFI_END);
		CHECK(step_at(longblk, sizeof (longblk), 0x1030) ==
		    DT_CFI_STOP);
		CHECK(step_at(restore0, sizeof (restore0), 0x1030) ==
		    DT_CFI_STOP);
		CHECK(step_at(endless, sizeof (endless), 0x1030) ==
		    DT_CFI_STOP);
		/* remember, change, restore: back to rbp+16 */
		CHECK(step_at(pair, sizeof (pair), 0x1030) == DT_CFI_OK);
		memset(deep, 0x0a, sizeof (deep));
		CHECK(step_at(deep, sizeof (deep), 0x1030) == DT_CFI_STOP);
		/* before the bad opcode the rules are still followed */
		CHECK(step_at(unknown, sizeof (unknown), 0x1003) ==
		    DT_CFI_OK);
	}

	/* every truncation of the section */
	make(NULL, 0);
	for (size_t n = 0; n <= slen; n++) {
		memset(bad, 0, sizeof (bad));
		memcpy(bad, sect, n);
		exercise(bad, n);
	}
	CHECK(1);	/* reached: no crash */
	/* huge lengths, 32- and 64-bit */
	make(NULL, 0);
	memcpy(bad, sect, slen);
	bad[0] = 0xf0; bad[1] = 0xff; bad[2] = 0xff; bad[3] = 0xff;
	ci = dt_cfi_parse(bad, slen, EHADDR, NULL, 0);
	CHECK(ci != NULL && dt_cfi_nfdes(ci) == 0);
	dt_cfi_free(ci);
	memcpy(bad, sect, slen);
	memset(bad, 0xff, 12);
	ci = dt_cfi_parse(bad, slen, EHADDR, NULL, 0);
	CHECK(ci != NULL && dt_cfi_nfdes(ci) == 0);
	dt_cfi_free(ci);
	/* the FDE's CIE pointer out of the section, then at the FDE itself */
	memcpy(bad, sect, slen);
	bad[26] = 0xff; bad[27] = 0xff; bad[28] = 0xff; bad[29] = 0x7f;
	ci = dt_cfi_parse(bad, slen, EHADDR, NULL, 0);
	CHECK(ci != NULL && dt_cfi_nfdes(ci) == 0);
	dt_cfi_free(ci);
	memcpy(bad, sect, slen);
	bad[26] = 4; bad[27] = 0; bad[28] = 0; bad[29] = 0;
	ci = dt_cfi_parse(bad, slen, EHADDR, NULL, 0);
	CHECK(ci != NULL && dt_cfi_nfdes(ci) == 0);
	dt_cfi_free(ci);
	/* random damage */
	for (int i = 0; i < 20000; i++) {
		make(NULL, 0);
		memcpy(bad, sect, slen);
		for (int k = 0; k < 1 + i % 4; k++) {
			seed = seed * 1103515245U + 12345U;
			bad[(seed >> 8) % slen] = (uint8_t)(seed >> 20);
		}
		exercise(bad, slen);
	}
	CHECK(1);
	/* real ones: the full parse and .eh_frame_hdr's index agree */
	for (size_t i = 0; i < sizeof (real) / sizeof (real[0]); i++)
		compare_index(real[i].path, real[i].every);
	CHECK(dt_cfi_read("/nonexistent", true) == NULL);
	CHECK(dt_cfi_read("/etc/passwd", true) == NULL);
	/* an index that is not one is refused */
	CHECK(dt_cfi_parse_index(sect, slen, EHADDR, sect, slen, EHADDR) ==
	    NULL);
	return (check_done("cfi"));
}
