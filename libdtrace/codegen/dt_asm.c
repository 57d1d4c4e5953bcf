/*
 * dt_asm.c: the BPF assembler (dt_asm.h): labels, jumps to them, and the
 * fixups that give each jump its offset once every label is set.
 *
 * A jump is appended with offset 0 and listed as a fixup (its position,
 * its label); a label records the position of the instruction that
 * follows it.  dt_asm_end() walks the fixups: offset = target - jump - 1,
 * checked against the instruction's signed 16 bits.  Errors are sticky
 * (da_err): a writer emits a whole program and checks once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_asm.h"
#include "dt_cg.h"

/* Record the first error: a compiler error with its message. */
static void __attribute__((format(printf, 2, 3)))
dt_asm_fail(dt_asm_t *as, const char *fmt, ...)
{
	dtrace_hdl_t *dtp = as->da_hdl;
	va_list ap;

	if (as->da_err != 0)
		return;
	as->da_err = EDT_COMPILER;
	dtp->dt_errno = EDT_COMPILER;
	dtp->dt_errtag = "D_CG";
	va_start(ap, fmt);
	vsnprintf(dtp->dt_errmsg, sizeof (dtp->dt_errmsg), fmt, ap);
	va_end(ap);
}

/* Out of memory: dt_grow() has set EDT_NOMEM on the handle. */
static void
dt_asm_nomem(dt_asm_t *as)
{
	if (as->da_err == 0)
		as->da_err = EDT_NOMEM;
}

void
dt_asm_init(dt_asm_t *as, dtrace_hdl_t *dtp, dt_block_t *blk,
    const char *what)
{
	memset(as, 0, sizeof (*as));
	as->da_hdl = dtp;
	as->da_blk = blk;
	as->da_what = what != NULL ? what : "program";
}

int
dt_asm_label(dt_asm_t *as)
{
	if (as->da_err != 0)
		return (-1);
	if (as->da_nlabels == as->da_labcap &&
	    dt_grow(as->da_hdl, (void **)&as->da_labels, &as->da_labcap, 16,
	    sizeof (int32_t)) != 0) {
		dt_asm_nomem(as);
		return (-1);
	}
	as->da_labels[as->da_nlabels] = -1;
	return ((int)as->da_nlabels++);
}

void
dt_asm_set(dt_asm_t *as, int label)
{
	if (as->da_err != 0)
		return;
	if (label < 0 || (unsigned int)label >= as->da_nlabels) {
		dt_asm_fail(as, "internal error: no label %d", label);
		return;
	}
	if (as->da_labels[label] >= 0) {
		dt_asm_fail(as, "internal error: label %d set twice", label);
		return;
	}
	as->da_labels[label] = (int32_t)as->da_blk->db_len;
}

void
dt_asm_emit(dt_asm_t *as, struct bpf_insn insn)
{
	if (as->da_err != 0)
		return;
	if (dt_block_emit(as->da_hdl, as->da_blk, insn) != 0)
		dt_asm_nomem(as);
}

void
dt_asm_jump(dt_asm_t *as, struct bpf_insn insn, int label)
{
	uint8_t cls = BPF_CLASS(insn.code), op = BPF_OP(insn.code);

	if (as->da_err != 0)
		return;
	if ((cls != BPF_JMP && cls != BPF_JMP32) || op == BPF_CALL ||
	    op == BPF_EXIT) {
		dt_asm_fail(as, "internal error: instruction %#x is no jump",
		    insn.code);
		return;
	}
	if (label < 0 || (unsigned int)label >= as->da_nlabels) {
		dt_asm_fail(as, "internal error: jump to no label %d", label);
		return;
	}
	if (as->da_nfixups == as->da_fixcap &&
	    dt_grow(as->da_hdl, (void **)&as->da_fixups, &as->da_fixcap, 16,
	    sizeof (dt_asm_fixup_t)) != 0) {
		dt_asm_nomem(as);
		return;
	}
	as->da_fixups[as->da_nfixups].df_insn = as->da_blk->db_len;
	as->da_fixups[as->da_nfixups].df_label = (uint32_t)label;
	as->da_nfixups++;
	insn.off = 0;
	dt_asm_emit(as, insn);
}

void
dt_asm_reloc(dt_asm_t *as, dt_relkind_t kind)
{
	if (as->da_err != 0)
		return;
	if (dt_block_reloc(as->da_hdl, as->da_blk, as->da_blk->db_len,
	    kind) != 0)
		dt_asm_nomem(as);
}

bool
dt_asm_used(const dt_asm_t *as, int label)
{
	for (unsigned int i = 0; i < as->da_nfixups; i++) {
		if (as->da_fixups[i].df_label == (uint32_t)label)
			return (true);
	}
	return (false);
}

uint32_t
dt_asm_pc(const dt_asm_t *as)
{
	return (as->da_blk->db_len);
}

int
dt_asm_end(dt_asm_t *as)
{
	for (unsigned int i = 0; as->da_err == 0 && i < as->da_nfixups; i++) {
		const dt_asm_fixup_t *f = &as->da_fixups[i];
		int32_t target = as->da_labels[f->df_label];
		int64_t off = (int64_t)target - f->df_insn - 1;

		if (target < 0)
			dt_asm_fail(as, "internal error: unset label %u",
			    f->df_label);
		else if (off < INT16_MIN || off > INT16_MAX)
			dt_asm_fail(as, "%s too large: jump out of range",
			    as->da_what);
		else
			as->da_blk->db_insns[f->df_insn].off = (int16_t)off;
	}
	dt_asm_fini(as);
	if (as->da_err == 0)
		return (0);
	if (as->da_err == EDT_NOMEM)
		dt_set_errno(as->da_hdl, EDT_NOMEM);
	return (-1);
}

void
dt_asm_fini(dt_asm_t *as)
{
	free(as->da_labels);
	free(as->da_fixups);
	as->da_labels = NULL;
	as->da_fixups = NULL;
	as->da_nlabels = as->da_labcap = 0;
	as->da_nfixups = as->da_fixcap = 0;
}
