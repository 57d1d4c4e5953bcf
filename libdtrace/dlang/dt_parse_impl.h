/*
 * dt_parse_impl.h: what the files of the parser share (dlang/
 * dt_parse*.c).  The parser is split by the D construct it reads:
 *
 *   dt_parse.c           the driver: the program's top level, nodes, the
 *                        token reader, macros, pragmas
 *   dt_parse_expr.c      expressions and operators
 *   dt_parse_type.c      type names, base types, tags
 *   dt_parse_sou.c       struct, union and enum bodies and their layout
 *   dt_parse_clause.c    clauses, probe descriptions, statements, if
 *   dt_parse_decl.c      declarations: typedef, translator, extern,
 *                        inline, variables, C declarators
 *   dt_parse_provider.c  provider declarations
 *
 * A function one file uses from another is named dt_parse_* (the library
 * is linked into other programs, where a short global name could clash)
 * and declared here; everything else is static to its file.
 */
#ifndef DT_PARSE_IMPL_H
#define DT_PARSE_IMPL_H

#include "dt_ast.h"
#include "../types/dt_ksyms.h"
#include "../types/dt_tcache.h"
#include "dt_dlang.h"
#include "../probes/dt_probe.h"
#include "../proc/dt_proc.h"
#include "../types/dt_types.h"

/* dt_parse.c */
extern dt_token_t *dt_parse_tok(dt_pcb_t *pcb);
extern void dt_parse_next(dt_pcb_t *pcb);
extern dt_token_t *dt_parse_peek(dt_pcb_t *pcb);
extern void __attribute__((noreturn)) dt_parse_syntax_error(dt_pcb_t *pcb);
extern void dt_parse_expect(dt_pcb_t *pcb, dt_tok_t kind);
extern const char *dt_parse_macro_value(dt_pcb_t *pcb, const char *name,
    bool str, dt_srcpos_t pos, char *buf, size_t len);
extern char *dt_parse_expand_desc(dt_pcb_t *pcb, const char *s,
    dt_srcpos_t pos);
extern void dt_parse_pragma(dt_pcb_t *pcb, dt_srcpos_t pos);
extern void dt_parse_pragma_unused(dt_pcb_t *pcb);

/* dt_parse_expr.c */
extern dt_node_t *dt_parse_int_node(dt_pcb_t *pcb, dt_srcpos_t pos,
    uint64_t v, int isunsigned, int nlong, int decimal);
extern dt_node_t *dt_parse_ternary(dt_pcb_t *pcb);
extern dt_node_t *dt_parse_assign(dt_pcb_t *pcb);
extern dt_node_t *dt_parse_expr(dt_pcb_t *pcb);

/* dt_parse_type.c */
extern const dt_type_t *dt_parse_d_typedef(const char *name);
extern dt_ident_t *dt_parse_d_typename(dt_pcb_t *pcb, const char *name);
extern void dt_parse_skip_qualifiers(dt_pcb_t *pcb);
extern bool dt_parse_is_type_start(dt_pcb_t *pcb, const dt_token_t *t);
extern dt_type_t dt_parse_typename(dt_pcb_t *pcb, int64_t *sizep);
extern dt_type_t dt_parse_basetype(dt_pcb_t *pcb, int64_t *sizep);
extern void dt_parse_skip_params(dt_pcb_t *pcb);
extern dt_type_t dt_parse_stars(dt_pcb_t *pcb, dt_type_t ty, int64_t *sizep,
    dt_srcpos_t pos);

/* dt_parse_sou.c */
extern void dt_parse_check_newname(dt_pcb_t *pcb, const char *name,
    dt_srcpos_t pos);
extern dt_type_t dt_parse_enum_body(dt_pcb_t *pcb, const char *tag,
    dt_srcpos_t pos);
#define DT_SOU_MAXDIMS	8	/* dimensions of a member array */
extern dt_tentry_t *dt_parse_d_types(dt_pcb_t *pcb, dt_srcpos_t pos);
extern dt_ident_t *dt_parse_sou_tag(dt_pcb_t *pcb, bool isunion,
    const char *tag, dt_srcpos_t pos);
extern unsigned int dt_parse_dims(dt_pcb_t *pcb, const char *name,
    dt_srcpos_t dpos, uint32_t *dims, uint64_t *nelemsp);
extern uint32_t dt_parse_array_btf(dt_pcb_t *pcb, dt_type_t ty,
    const uint32_t *dims, unsigned int ndims, const char *name,
    dt_srcpos_t pos);
extern dt_type_t dt_parse_sou_body(dt_pcb_t *pcb, bool isunion,
    const char *tag, int64_t *sizep, dt_srcpos_t pos);

/* dt_parse_clause.c */
extern void dt_parse_clause(dt_pcb_t *pcb);

/* dt_parse_decl.c */
extern bool dt_parse_is_storage_class(const dt_token_t *t);
extern void dt_parse_decl(dt_pcb_t *pcb);

/* dt_parse_provider.c */
extern void dt_parse_provider(dt_pcb_t *pcb);

#endif /* DT_PARSE_IMPL_H */
