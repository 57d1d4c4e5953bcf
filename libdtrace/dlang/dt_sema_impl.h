/*
 * dt_sema_impl.h: what the files of the semantic pass share (dlang/
 * dt_sema*.c).  The pass is split by the D construct it checks:
 *
 *   dt_sema.c         the driver: clauses, predicates, statements, the
 *                     order of actions, the clause's record
 *   dt_sema_types.c   type names, kinds of operand, pointer compatibility,
 *                     kernel types and offsets
 *   dt_sema_expr.c    expressions and operators, constant folding
 *   dt_sema_member.c  members, args[], uregs[], indexing, address-of
 *   dt_sema_vars.c    variables, associative arrays, declarations,
 *                     lvalues
 *   dt_sema_call.c    built-in functions and actions, printf() formats
 *   dt_sema_xlate.c   translators, inlines, fds[]
 *   dt_sema_agg.c     aggregations and the actions on them
 *
 * A function one file uses from another is named dt_sema_* (the library
 * is linked into other programs, where a short global name could clash)
 * and declared here; everything else is static to its file.  Errors do
 * not return: dt_cerror() unwinds to the compiler's setjmp().
 */
#ifndef DT_SEMA_IMPL_H
#define DT_SEMA_IMPL_H

#include "dt_ast.h"
#include "../core/dt_fn.h"
#include "../types/dt_tcache.h"
#include "../consume/dt_consume.h"
#include "../probes/dt_probe.h"
#include "../types/dt_types.h"

/* dt_sema.c */
extern dt_datarec_t *dt_sema_add_rec(dt_pcb_t *pcb, dt_clause_t *dcp,
    dtrace_actkind_t kind, uint32_t size, dt_srcpos_t pos);

/* dt_sema_types.c */
extern const dt_type_t dt_sema_t_int;
extern const dt_type_t dt_sema_t_long;
extern const char *dt_sema_type_name(dt_type_t t, char *buf, size_t len);
extern char *dt_sema_tname(dt_pcb_t *pcb, dt_type_t t, char *buf, size_t len);
extern bool dt_sema_is_int(const dt_node_t *dnp);
extern bool dt_sema_is_scalar(const dt_node_t *dnp);
extern bool dt_sema_is_string(const dt_node_t *dnp);
extern bool dt_sema_is_strarg(const dt_node_t *dnp);
extern bool dt_sema_is_addrarg(const dt_node_t *dnp);
extern void __attribute__((noreturn)) dt_sema_void_arith(dt_pcb_t *pcb,
    const dt_node_t *dnp, const char *op);
extern uint32_t dt_sema_ptr_elem(dt_pcb_t *pcb, const dt_node_t *dnp,
    dt_type_t t, const char *op);
extern dt_type_t dt_sema_common_type(dt_type_t a, dt_type_t b);
extern bool dt_sema_ptr_int_compat(dt_pcb_t *pcb, const dt_node_t *lv,
    const dt_node_t *r);
extern bool dt_sema_ptr_cmp_compat(dt_pcb_t *pcb, const dt_node_t *p,
    const dt_node_t *n);
extern bool dt_sema_is_voidptr(dt_type_t t);
extern bool dt_sema_ptrs_compat(dt_pcb_t *pcb, const dt_node_t *l,
    const dt_node_t *r);
extern void __attribute__((noreturn)) dt_sema_incompat(dt_pcb_t *pcb,
    dt_node_t *dnp, const char *op);
extern int64_t dt_sema_kernel_offset(dt_pcb_t *pcb, dt_srcpos_t pos,
    const char *sname, const char *member);
extern bool dt_sema_cast_identity(dt_pcb_t *pcb, dt_type_t to, dt_type_t from,
    dt_srcpos_t pos);
extern void dt_sema_path_offsets(dt_pcb_t *pcb, dt_srcpos_t pos);
extern void dt_sema_kernel_dtype(dt_pcb_t *pcb, dt_node_t *dnp, uint32_t id);
extern void dt_sema_pointee(dt_pcb_t *pcb, dt_node_t *dnp, dt_type_t pt);

/* dt_sema_expr.c */
extern void dt_sema_used(dt_pcb_t *pcb, dt_node_t *dnp, int use);
extern void dt_sema_expr(dt_pcb_t *pcb, dt_node_t *dnp);

/* dt_sema_member.c */
extern void dt_sema_member(dt_pcb_t *pcb, dt_node_t *dnp);
extern void dt_sema_args(dt_pcb_t *pcb, dt_node_t *dnp, bool member);
extern bool dt_sema_is_xlate_chars(const dt_node_t *e);
extern void dt_sema_index(dt_pcb_t *pcb, dt_node_t *dnp);
extern void dt_sema_array_decay(dt_pcb_t *pcb, dt_node_t *e);
extern void dt_sema_char_array_string(dt_pcb_t *pcb, dt_node_t *e);
extern void dt_sema_addrof(dt_pcb_t *pcb, dt_node_t *dnp);

/* dt_sema_vars.c */
extern bool dt_sema_assigns(const dt_node_t *e, const char *name);
extern void dt_sema_var(dt_pcb_t *pcb, dt_node_t *dnp);
extern uint32_t dt_sema_value_bytes(dt_pcb_t *pcb, dt_type_t t);
extern void dt_sema_key_layout(dt_pcb_t *pcb, dt_ident_t *idp,
    const dt_node_t *keys, uint32_t extra);
extern void dt_sema_key_fits(dt_pcb_t *pcb, const dt_ident_t *idp,
    unsigned int i, const dt_node_t *k, const char *name);
extern uint32_t dt_sema_ustack_copy_bytes(dt_pcb_t *pcb, dt_node_t *e);
extern bool dt_sema_key_same(dt_type_t a, dt_type_t b);
extern void dt_sema_agg_mdim(dt_pcb_t *pcb, const dt_node_t *agg);
extern const char *dt_sema_key_kind(dt_type_t t);
extern unsigned int dt_sema_assoc_keys(dt_pcb_t *pcb, dt_node_t *dnp,
    bool bytes);
extern dt_ident_t *dt_sema_assoc(dt_pcb_t *pcb, dt_node_t *dnp, bool store,
    dt_type_t ty);
extern void dt_sema_lvalue(dt_pcb_t *pcb, dt_node_t *lhs, const char *op,
    dt_type_t ty);

/* dt_sema_call.c */
extern void dt_sema_action_used(dt_pcb_t *pcb, const dt_node_t *dnp, int use,
    bool dynact);
extern void dt_sema_proto_len(dt_pcb_t *pcb, dt_srcpos_t pos, const char *f,
    int nargs, int lo, int hi);
extern void dt_sema_proto_range(const char *proto, int *minp, int *maxp);
extern uint32_t dt_sema_print_pointee(dt_pcb_t *pcb, dt_type_t t,
    dt_srcpos_t pos, dt_tentry_t **tep);
extern void dt_sema_call(dt_pcb_t *pcb, dt_node_t *dnp, bool stmt);

/* dt_sema_xlate.c */
extern dt_node_t *dt_sema_inline_copy(dt_pcb_t *pcb, const dt_ident_t *idp,
    dt_srcpos_t pos);
extern bool dt_sema_is_xlate_ptr(dt_pcb_t *pcb, const dt_node_t *e);
extern bool dt_sema_names_ident(const dt_node_t *e, const char *name);
extern void dt_sema_inline_check(dt_pcb_t *pcb, const char *name,
    dt_type_t ty, const dt_node_t *expr, bool keyed);
extern void dt_sema_replace_node(dt_node_t *dnp, dt_node_t *c);
extern void dt_sema_inline_call(dt_pcb_t *pcb, dt_node_t *dnp,
    const dt_ident_t *idp);
extern bool dt_sema_xlate_ptr(dt_pcb_t *pcb, dt_node_t *e);
extern void dt_sema_xlate_whole(dt_pcb_t *pcb, dt_node_t *dnp);
extern void dt_sema_xlate_member(dt_pcb_t *pcb, dt_node_t *dnp);
extern bool dt_sema_is_fds(const dt_node_t *dnp);
extern void dt_sema_fds_xlate(dt_pcb_t *pcb, dt_node_t *dnp);
extern void dt_sema_fds(dt_pcb_t *pcb, dt_node_t *dnp);

/* dt_sema_agg.c */
extern void dt_sema_aggstmt(dt_pcb_t *pcb, dt_node_t *asg);
extern void dt_sema_aggact(dt_pcb_t *pcb, dt_clause_t *dcp, dt_node_t *call);

#endif /* DT_SEMA_IMPL_H */
