/*
 * dt_block.h: a list of BPF instructions as the code generator builds it
 * (dt_block_t, codegen/dt_block.c): the instructions and their
 * relocations (map descriptors, block offsets, calls of the runtime
 * routines, dt_sub_t), resolved when a program is assembled.  A clause
 * keeps its compiled body as one (dlang/dt_clause.h).
 */
#ifndef DT_BLOCK_H
#define DT_BLOCK_H

#include <stdint.h>

struct bpf_insn;

typedef enum dt_relkind {
	DT_REL_MAPFD = 1,	/* ld_imm64: imm is a DT_MAP_*, put its fd */
	DT_REL_MAPVAL,		/* ld_imm64: direct value of map DT_MAP_* */
	DT_REL_PC,		/* imm += index of the block in its program */
	DT_REL_CALL		/* call: imm is a DT_SUB_*, a runtime routine
				   dt_cg_program() emits once after the
				   program and points the call at */
} dt_relkind_t;

/*
 * The runtime routines emitted as global BPF functions (subprograms the
 * verifier checks once, not at each call): docs/design.md, "Runtime
 * routines".
 */
typedef enum dt_sub {
	DT_SUB_CLEANPATH,	/* cleanpath(): r1 = offset of its string in
				   dctx, the next temporary its state */
	DT_SUB_BASENAME,	/* basename(): the same, and r2 = the
				   string's length */
	DT_SUB_DIRNAME,		/* dirname(): as basename() */
	DT_SUB_LASTSLASH_CB,	/* their bpf_loop callbacks: the last */
	DT_SUB_STRIP_CB,	/* slash, dirname's slashes before it, */
	DT_SUB_CLEANPATH_CB,	/* cleanpath()'s pass */
	DT_SUB_TOUPPER,		/* toupper(), tolower(): r1 = offset of its */
	DT_SUB_TOLOWER,		/* string, changed in place by bpf_loop and */
	DT_SUB_TOUPPER_CB,	/* the callback of each (a static function, */
	DT_SUB_TOLOWER_CB,	/* int cb(long index, void *ctx)) */
	DT_SUB_STRCHR,		/* strchr(), strrchr(): r1 = offset of the */
	DT_SUB_STRRCHR,		/* string, r2 its length, r3 the byte; r0 =
				   its first (last) position, or -1 */
	DT_SUB_STRCHR_CB,	/* their bpf_loop callbacks */
	DT_SUB_STRRCHR_CB,
	DT_SUB_SEARCH,		/* index(), strstr(): r1 = offset of the
				   text, the needle, table and state after
				   it; r2 = where to start; r0 = position,
				   or -1 */
	DT_SUB_RSEARCH,		/* rindex(): the same, the last match at or
				   before r2 */
	DT_SUB_SEARCH_CB,	/* their bpf_loop callbacks */
	DT_SUB_RSEARCH_CB,
	DT_SUB_STRTOK,		/* strtok(): r1 = offset of the delimiters,
				   r2 their length; the token's bounds left
				   in ms_tokstart, ms_strtok */
	DT_SUB_TOKMAP_CB,	/* its bpf_loop callbacks: the delimiters' */
	DT_SUB_TOKPASS_CB,	/* bit map, the pass over the string */
	DT_SUB_STRTOLL,		/* strtoll(): r1 = offset of the string, the
				   next temporary its state; r2 = the base;
				   r0 = the value */
	DT_SUB_STRTOLL_CB,	/* its bpf_loop callback */
	DT_SUB_LLTOSTR,		/* lltostr(): r1 = offset of the digits'
				   area, r2 = the value, r3 = the base; r0 =
				   the first character written */
	DT_SUB_INET4,		/* inet formats: r1 = offset of the output */
	DT_SUB_INET6,		/* string, the address and state in the */
	DT_SUB_INETNTOA6,	/* next temporary; the string's length */
	DT_SUB_LINK6,		/* left in the state (IN_POS) */
	DT_SUB_LINK20,
	DT_SUB_COUNT
} dt_sub_t;

typedef struct dt_reloc {
	uint32_t dr_insn;	/* instruction index in the block */
	dt_relkind_t dr_kind;	/* DT_REL_* */
} dt_reloc_t;

typedef struct dt_block {
	struct bpf_insn *db_insns;	/* instructions */
	uint32_t db_len;		/* number used */
	uint32_t db_cap;		/* number allocated */
	dt_reloc_t *db_rels;		/* relocations */
	uint32_t db_nrels;		/* number used */
	uint32_t db_relcap;		/* number allocated */
} dt_block_t;

#endif /* DT_BLOCK_H */
