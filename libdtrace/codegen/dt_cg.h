/*
 * dt_cg.h: the code generator's entry points (dt_cg.c) and instruction
 * blocks (dt_block.c).
 */
#ifndef DT_CG_H
#define DT_CG_H

#include "../core/dt_impl.h"
#include "dt_block.h"

/* codegen/dt_cg.c */
extern int dt_cg_clause(dtrace_hdl_t *, dt_clause_t *);
extern int dt_cg_program(dtrace_hdl_t *, dt_block_t *,
    const dt_provider_t *, dt_program_t *);
extern uint32_t dt_dctx_size(dtrace_hdl_t *);
extern uint32_t dt_dctx_bufoff(dtrace_hdl_t *);

/* codegen/dt_block.c */
extern int dt_block_emit(dtrace_hdl_t *, dt_block_t *, struct bpf_insn);
extern int dt_block_emit_all(dtrace_hdl_t *, dt_block_t *,
    const struct bpf_insn *, size_t);
extern int dt_block_reloc(dtrace_hdl_t *, dt_block_t *, uint32_t,
    dt_relkind_t);
extern int dt_block_append(dtrace_hdl_t *, dt_block_t *, const dt_block_t *);
extern void dt_block_free(dt_block_t *);
extern void dt_block_dump(const dt_block_t *, FILE *, uint32_t);

#endif /* DT_CG_H */
