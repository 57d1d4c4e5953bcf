/*
 * dt_cg_impl.h: what the files of the code generator share (codegen/
 * dt_cg*.c): the generator's state (dt_cg_t), the layout of dctx, and
 * the helpers one family's file uses from another's.
 *
 * The files, by what they generate: dt_cg.c the driver (clauses and
 * programs, statements, the helpers every file uses: emitting, labels,
 * the stack, string temporaries), dt_cg_expr.c expressions and loads,
 * dt_cg_var.c variables, dt_cg_mem.c scratch memory, dt_cg_act.c
 * actions and records, dt_cg_agg.c aggregations, dt_cg_spec.c
 * speculations, dt_cg_stack.c stacks and symbols, dt_cg_str.c string
 * subroutines, dt_cg_path.c paths, dt_cg_inet.c network addresses,
 * dt_cg_subr.c the integer and kernel subroutines.  The code of a
 * built-in function (dt_cg_NAME, the row's fn_cg) is in its family's
 * file; core/dt_fn.h lists them by file.
 *
 * A helper shared by several files is named dt_cg_*: the library is
 * linked into other programs (libdtrace.a), where a short global name
 * could clash.  Everything else is static to its file.  Errors unwind
 * with dt_cg_fail() to the setjmp() of dt_cg_clause() or dt_cg_program().
 */
#ifndef DT_CG_IMPL_H
#define DT_CG_IMPL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "../dlang/dt_ast.h"
#include "dt_asm.h"
#include "../core/dt_fn.h"

#define DT_NTMP		16		/* string temporaries per statement */
#define DT_TMP_BYTES	16384		/* at most this much for them */
#define DT_TMP_MIN	24		/* a temporary holds at least this much */
#define DT_DCTX_MAX	32768		/* largest per-CPU value; also keeps
					   every dctx offset within an insn's
					   16-bit offset field */
#define DT_STACK_MAX	480		/* bytes of stack for temporaries */

#define GS_SIZE		((uint32_t)sizeof (dt_gstate_t))

typedef struct dt_cg {
	dtrace_hdl_t *cg_hdl;		/* handle */
	dt_block_t *cg_blk;		/* block being written */
	dt_clause_t *cg_clause;		/* clause being compiled */
	int cg_sp;			/* stack bytes in use */
	int cg_ntmp;			/* string temporaries in use */
	dt_asm_t cg_asm;		/* labels and jumps (dt_asm.c) */
	int cg_lfault;			/* label of the fault handler */
	int cg_lend;			/* label of the end of the clause */
	bool cg_uentry;			/* the probe is a uprobe on a
					   function's first byte */
	jmp_buf cg_jmp;			/* where errors unwind to */
} dt_cg_t;

/*
 * Variables.  A global lives in the globals map value and a this->
 * variable in dctx's locals area, both at fixed addresses; an associative
 * array element and a self-> variable live in the variable's hash map,
 * under a key: the tuple built in string temporaries of dctx, or the
 * thread id in a stack slot.  An access is dt_cg_lv_key(), then dt_cg_lv_load()
 * and/or
 * dt_cg_lv_store(), then dt_cg_lv_done().  Reading an element that does not
 * exist
 * gives 0 (or ""); storing 0 into an integer element deletes it, as
 * DTrace does; a store the map has no room for is a dynamic variable drop.
 */
typedef struct dt_lvkey {
	bool lk_stack;		/* the key is at fp + lk_off, else r9 + */
	int32_t lk_off;		/* where the key is */
	int lk_ntmp;		/* temporaries in use before it, or -1 */
} dt_lvkey_t;

#define R7 BPF_REG_7
#define R8 BPF_REG_8

void __attribute__((noreturn)) dt_cg_fail(dt_cg_t *cg, const char *tag,
    const char *msg);
void dt_cg_emit(dt_cg_t *cg, struct bpf_insn insn);
uint32_t dt_cg_pc(dt_cg_t *cg);
void dt_cg_reloc(dt_cg_t *cg, uint32_t insn, dt_relkind_t kind);
void dt_cg_emit_call_sub(dt_cg_t *cg, dt_sub_t sub);
void dt_cg_sub_cleanpath(dt_cg_t *cg);
void dt_cg_sub_basename(dt_cg_t *cg);
void dt_cg_sub_dirname(dt_cg_t *cg);
void dt_cg_sub_lastslash_cb(dt_cg_t *cg);
void dt_cg_sub_strip_cb(dt_cg_t *cg);
void dt_cg_sub_cleanpath_cb(dt_cg_t *cg);
void dt_cg_sub_toupper(dt_cg_t *cg);
void dt_cg_sub_tolower(dt_cg_t *cg);
void dt_cg_sub_toupper_cb(dt_cg_t *cg);
void dt_cg_sub_tolower_cb(dt_cg_t *cg);
void dt_cg_sub_strchr(dt_cg_t *cg);
void dt_cg_sub_strrchr(dt_cg_t *cg);
void dt_cg_sub_strchr_cb(dt_cg_t *cg);
void dt_cg_sub_strrchr_cb(dt_cg_t *cg);
void dt_cg_sub_search(dt_cg_t *cg);
void dt_cg_sub_search_cb(dt_cg_t *cg);
void dt_cg_sub_rsearch_cb(dt_cg_t *cg);
void dt_cg_sub_rsearch(dt_cg_t *cg);
void dt_cg_sub_strtok(dt_cg_t *cg);
void dt_cg_sub_strtoll(dt_cg_t *cg);
void dt_cg_sub_strtoll_cb(dt_cg_t *cg);
void dt_cg_sub_tokmap_cb(dt_cg_t *cg);
void dt_cg_sub_tokpass_cb(dt_cg_t *cg);
void dt_cg_sub_lltostr(dt_cg_t *cg);
void dt_cg_sub_inet4(dt_cg_t *cg);
void dt_cg_sub_inet6(dt_cg_t *cg);
void dt_cg_sub_inet_ntoa6(dt_cg_t *cg);
void dt_cg_sub_link6(dt_cg_t *cg);
void dt_cg_sub_link20(dt_cg_t *cg);
void dt_cg_emit_func_addr(dt_cg_t *cg, int reg, dt_sub_t sub);
/* a routine's bpf_loop context: its 32 bytes of stack, from FP - 32 */
#define DT_LOOP_CTX	(-32)
void dt_cg_emit_loop(dt_cg_t *cg, dt_sub_t cb, int32_t count);
void dt_cg_emit_cb_enter(dt_cg_t *cg, int32_t count, int lstop);
void dt_cg_emit_cb_tail(dt_cg_t *cg, int lstop);
void dt_cg_emit_base(dt_cg_t *cg, int reg, int16_t slot);

/* lltostr(): where its digits end, at the NUL, in its area of 72 bytes */
#define DT_LL_END	71
void dt_cg_emit_sub_enter(dt_cg_t *cg, int ntmp, int lout);
void dt_cg_emit_sub_enter_args(dt_cg_t *cg, int ntmp, int nargs, int lout);
void dt_cg_emit_sub_leave(dt_cg_t *cg, int lout);
void dt_cg_emit_imm64(dt_cg_t *cg, int reg, uint64_t v);
void dt_cg_emit_mapfd(dt_cg_t *cg, int reg, int map);
void dt_cg_emit_varmap(dt_cg_t *cg, const dt_ident_t *idp, bool keep3);
void dt_cg_emit_mapval(dt_cg_t *cg, int reg, int map, uint32_t off);
int dt_cg_label_new(dt_cg_t *cg);
void dt_cg_label_set(dt_cg_t *cg, int label);
void __attribute__((noinline)) dt_cg_emit_jump(dt_cg_t *cg,
    struct bpf_insn insn, int label);
int16_t dt_cg_push(dt_cg_t *cg);
void dt_cg_pop(dt_cg_t *cg, int reg);
uint32_t dt_cg_locals_off(void);
uint32_t dt_cg_locals_size(dtrace_hdl_t *);
uint32_t dt_cg_scratch_size(dtrace_hdl_t *dtp);
uint32_t dt_cg_scratch_off(dtrace_hdl_t *);
int dt_cg_ntmp(dtrace_hdl_t *dtp);
uint32_t dt_cg_tmp_off(dtrace_hdl_t *dtp, int n);
uint32_t dt_cg_tmp_alloc(dt_cg_t *cg);
uint32_t dt_cg_tmp_alloc_bytes(dt_cg_t *cg, uint32_t bytes);
uint32_t dt_cg_tmp_size(dtrace_hdl_t *dtp);
uint32_t dt_cg_strtok_off(dtrace_hdl_t *dtp);
int16_t dt_cg_data_off(dt_cg_t *cg, uint32_t off);
void dt_cg_emit_dctx_addr(dt_cg_t *cg, int reg, uint32_t off);
void dt_cg_normalize(dt_cg_t *cg, dt_type_t t);
void dt_cg_emit_fault(dt_cg_t *cg, int kind, int reg);
void dt_cg_emit_copy_in(dt_cg_t *cg, uint32_t size, int16_t sslot);
void dt_cg_emit_scratch_check(dt_cg_t *cg, int32_t size);
void dt_cg_expr_rec(dt_cg_t *cg, dt_node_t *dnp, dt_type_t t);
void dt_cg_expr_as(dt_cg_t *cg, dt_node_t *dnp, dt_type_t t);
void dt_cg_string_of(dt_cg_t *cg, dt_node_t *e, bool nullempty);
void dt_cg_emit_read(dt_cg_t *cg, int helper, bool dctx, int32_t off,
    int32_t size);
void dt_cg_emit_read_value(dt_cg_t *cg, int size);
void dt_cg_emit_stack(dt_cg_t *cg, uint32_t off, uint32_t nframes);
void dt_cg_emit_ustack(dt_cg_t *cg, uint32_t off, uint32_t nframes);
void dt_cg_emit_upair(dt_cg_t *cg, uint32_t off, dt_node_t *arg);
void dt_cg_lv_key(dt_cg_t *cg, const dt_node_t *dnp, dt_lvkey_t *k);
void dt_cg_lv_keyptr(dt_cg_t *cg, const dt_lvkey_t *k, int reg);
void dt_cg_lv_done(dt_cg_t *cg, const dt_lvkey_t *k);
void dt_cg_lv_load(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k);
void dt_cg_lv_store(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k);
void dt_cg_lv_clear(dt_cg_t *cg, const dt_node_t *dnp, const dt_lvkey_t *k);
void dt_cg_lv_load_write(dt_cg_t *cg, const dt_node_t *dnp,
    const dt_lvkey_t *k);
void dt_cg_emit_path_walk(dt_cg_t *cg, bool taskroot, bool mount, bool pseudo);
void dt_cg_emit_fs_path(dt_cg_t *cg, int id);
void dt_cg_fds(dt_cg_t *cg, dt_node_t *dnp);
void dt_cg_emit_strcopy(dt_cg_t *cg, uint32_t off);
void dt_cg_emit_strcopy_arg(dt_cg_t *cg, uint32_t off, const dt_node_t *arg);
bool dt_cg_str_mayfault(const dt_node_t *arg);
bool dt_cg_str_maynull(const dt_node_t *e);
void dt_cg_emit_strnull(dt_cg_t *cg, int reg);
void dt_cg_emit_str_unnull(dt_cg_t *cg, int reg, int scratch);
void dt_cg_emit_str_nullfault(dt_cg_t *cg, int reg, int scratch);
void dt_cg_emit_strcopy_n(dt_cg_t *cg, uint32_t off);
void dt_cg_emit_tmp_at(dt_cg_t *cg, int reg, uint32_t off, int idx);
void dt_cg_emit_clamp(dt_cg_t *cg, int r, int32_t lo, int32_t hi);
int16_t dt_cg_push_args(dt_cg_t *cg, const dt_node_t *dnp, int16_t *slots,
    int max);
void dt_cg_expr(dt_cg_t *cg, dt_node_t *dnp);
void dt_cg_store_data(dt_cg_t *cg, dt_type_t t, uint32_t off);
void dt_cg_emit_cpudrop(dt_cg_t *cg, uint32_t off);
void dt_cg_emit_specappend(dt_cg_t *cg, uint32_t size);

#endif /* DT_CG_IMPL_H */
