/*
 * dt_types.h: the session's kernel types and the D view of BTF
 * (types/dt_types.c).
 */
#ifndef DT_TYPES_H
#define DT_TYPES_H

#include "../core/dt_impl.h"
#include "../core/dt_dtype.h"

/* types/dt_types.c: the session's kernel types and the D view of BTF */
struct btf;
extern struct dt_tentry *dt_ktypes(dtrace_hdl_t *);
extern const struct dt_ksyms *dt_session_ksyms(dtrace_hdl_t *);
extern void dt_ktypes_rele(dtrace_hdl_t *);
extern struct dt_tentry *dt_dtypes(dtrace_hdl_t *);
extern int64_t dt_dtype_btf(dtrace_hdl_t *, dt_type_t);
extern int64_t dt_dtype_named(dtrace_hdl_t *, const char *, dt_type_t);
extern int64_t dt_dtype_enum(dtrace_hdl_t *, const char *,
    const char *const *, const int32_t *, unsigned int);
/* dt_sema_types.c: a struct, union or array, which a variable holds as bytes */
extern bool dt_type_isbytes(dt_type_t);
extern int64_t dt_dtype_array(dtrace_hdl_t *, dt_type_t, const uint32_t *,
    unsigned int);
extern int64_t dt_ktype_offset(dtrace_hdl_t *, const char *, const char *);
extern uint32_t dt_btf_resolve(const struct btf *, uint32_t);
extern uint32_t dt_btf_align(const struct btf *, uint32_t);
extern int dt_btf_dtype(const struct btf *, uint32_t, dt_type_t *,
    const char **);
extern int dt_btf_member(const struct btf *, uint32_t, const char *,
    uint32_t *, uint32_t *, uint32_t *, uint32_t *);
extern const char *dt_btf_name(const struct btf *, uint32_t, char *, size_t);
extern int64_t dt_btf_size(const struct btf *, uint32_t);

#endif /* DT_TYPES_H */
