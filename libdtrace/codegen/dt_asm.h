/*
 * dt_asm.h: the library's one BPF assembler: instructions appended to a
 * dt_block_t, jumps to labels, offsets filled in at the end.
 *
 * Whoever writes BPF (the code generator, the providers' trampolines, the
 * helper programs of dt_work.c) writes through a dt_asm_t, and never counts
 * a jump offset: a jump names a label, dt_asm_end() computes the offset.
 *
 *	dt_asm_t as;
 *	int lout;
 *
 *	dt_asm_init(&as, dtp, blk);
 *	lout = dt_asm_label(&as);
 *	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
 *	dt_asm_emit(&as, MOV_IMM(R0, 1));
 *	dt_asm_set(&as, lout);
 *	return (dt_asm_end(&as));
 *
 * Errors are sticky: the first one (no memory, a bad label, an instruction
 * that is no jump given to dt_asm_jump()) is kept in da_err, later calls
 * do nothing, and dt_asm_end() reports it.  So a writer checks once, at
 * the end.  dt_asm_end() also fails for a label jumped to but never set,
 * or a jump whose offset does not fit the 16 bits of the instruction: a
 * program is never left with a wrong offset.  Its errors are compiler
 * errors (EDT_COMPILER, tag D_CG) with a message on the handle.
 *
 * Labels are positions in the block: a block may be written by several
 * assemblers one after another (the program's prologue, then a provider's
 * trampoline), each resolving its own jumps.
 */
#ifndef DT_ASM_H
#define DT_ASM_H

#include "../core/dt_impl.h"
#include "dt_block.h"
#include "dt_insn.h"

typedef struct dt_asm_fixup {
	uint32_t df_insn;		/* index in the block of the jump */
	uint32_t df_label;		/* label it goes to */
} dt_asm_fixup_t;

typedef struct dt_asm {
	dtrace_hdl_t *da_hdl;		/* handle: allocation and errors */
	dt_block_t *da_blk;		/* block written to (borrowed) */
	const char *da_what;		/* what it writes, for messages */
	int32_t *da_labels;		/* label -> instruction, -1 unset */
	unsigned int da_nlabels;	/* labels made */
	unsigned int da_labcap;		/* labels allocated */
	dt_asm_fixup_t *da_fixups;	/* jumps to resolve */
	unsigned int da_nfixups;	/* how many */
	unsigned int da_fixcap;		/* how many allocated */
	int da_err;			/* first error (EDT_*), 0 if none */
} dt_asm_t;

/* Start writing at the end of blk; what names it in messages. */
extern void dt_asm_init(dt_asm_t *, dtrace_hdl_t *, dt_block_t *,
    const char *what);
/* A new label, not yet set; -1 (and da_err) when out of memory. */
extern int dt_asm_label(dt_asm_t *);
/* The label is the next instruction's position; a label is set once. */
extern void dt_asm_set(dt_asm_t *, int);
/* Append an instruction; a ld_imm64 is two. */
extern void dt_asm_emit(dt_asm_t *, struct bpf_insn);
/* Append a jump (BPF_JMP or BPF_JMP32, not call or exit) to the label. */
extern void dt_asm_jump(dt_asm_t *, struct bpf_insn, int);
/* Append a relocation of kind for the next instruction (dt_block.c). */
extern void dt_asm_reloc(dt_asm_t *, dt_relkind_t);
/* Does a jump go to the label (a code path that may be left out)? */
extern bool dt_asm_used(const dt_asm_t *, int);
/* Index in the block of the next instruction. */
extern uint32_t dt_asm_pc(const dt_asm_t *);
/*
 * Resolve the jumps and free the labels: 0, or -1 with the first error
 * on the handle.  The assembler may not be used after it.
 */
extern int dt_asm_end(dt_asm_t *);
/* Free the labels without resolving (a writer giving up). */
extern void dt_asm_fini(dt_asm_t *);

/* An unconditional jump, for dt_asm_jump(). */
#define JA()	INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0)

#endif /* DT_ASM_H */
