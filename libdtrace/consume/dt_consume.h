/*
 * dt_consume.h: the consumer: records, printf(), print(), aggregations,
 * decoded values and JSON output (consume/).
 */
#ifndef DT_CONSUME_H
#define DT_CONSUME_H

#include "../core/dt_impl.h"
#include "../core/dt_dtype.h"

struct dt_node;

/* consume/dt_consume.c */
extern int dt_consume(dtrace_hdl_t *);
extern int dt_consume_cb(void *, void *, size_t);
extern int dt_consume_rec(dtrace_hdl_t *, const char *, size_t);
extern void dt_consume_exit(dtrace_hdl_t *, const char *, size_t);

/* consume/dt_pbuf.c */
extern int dt_pbuf_keep(dtrace_hdl_t *, const char *, size_t);
extern int dt_pbuf_flush(dtrace_hdl_t *);
extern void dt_pbuf_free(dtrace_hdl_t *);
extern int dt_print_stack(dtrace_hdl_t *, FILE *, const char *, uint32_t);
extern int dt_print_ustack(dtrace_hdl_t *, FILE *, const char *, uint32_t);

/* consume/dt_agg_print.c */
extern int dt_agg_print(dtrace_hdl_t *, FILE *, const dt_ident_t *);
extern int dt_agg_print_all(dtrace_hdl_t *, FILE *);
extern int dt_agg_printa(dtrace_hdl_t *, FILE *, const dt_datarec_t *);
extern int dt_agg_json(dtrace_hdl_t *, FILE *, const dt_ident_t *);
/* consume/dt_aggregate.c */
extern void dt_llq_mag(const int64_t *, int64_t, int64_t *, int64_t *,
    int64_t *, uint32_t *);
extern uint32_t dt_llq_nbuckets(const int64_t *);
extern uint32_t dt_llq_side(const int64_t *);
extern int dt_agg_clear(dtrace_hdl_t *, const dt_ident_t *, int64_t, bool);

/* consume/dt_printf.c */
struct dt_pfprog;
extern struct dt_pfprog *dt_printf_parse(dtrace_hdl_t *, const char *,
    struct dt_node *, int *);
extern struct dt_pfprog *dt_printf_parse_as(dtrace_hdl_t *, const char *,
    const char *, struct dt_node *, int *);
extern void dt_printf_free(struct dt_pfprog *);
extern bool dt_printf_uaddr(const struct dt_pfprog *);
extern int dt_printf_exec(dtrace_hdl_t *, FILE *, const struct dt_pfprog *,
    const dt_datarec_t *, const char *);
extern void dt_format_kaddr(dtrace_hdl_t *, uint64_t, char *, size_t);
extern void dt_format_ksym(dtrace_hdl_t *, uint64_t, bool, char *, size_t,
    uint64_t *);
extern struct dt_pfprog *dt_printa_parse(dtrace_hdl_t *, const char *,
    struct dt_node *, int *);
extern int dt_printa_exec(dtrace_hdl_t *, FILE *, const struct dt_pfprog *,
    const dt_datarec_t *, const char *,
    void (*)(FILE *, int, const char *, void *), void *);

/*
 * consume/dt_value.c: records and key components decoded into
 * dtrace_value_t.  What a decoded value points to is allocated in a
 * dt_valmem_t, freed all at once when the callback that got it returns.
 */
typedef struct dt_valmem {
	void **vm_ptrs;			/* allocations */
	unsigned int vm_n;		/* how many */
	unsigned int vm_cap;		/* how many allocated */
} dt_valmem_t;
extern void *dt_valmem_alloc(dt_valmem_t *, size_t);
extern void dt_valmem_free(dt_valmem_t *);
extern const char *dt_setopt_value(const dt_datarec_t *, const char *);
extern uint32_t dt_tracemem_bytes(const dt_datarec_t *, const char *,
    const unsigned char **);
extern int dt_value_rec(dtrace_hdl_t *, dt_valmem_t *, const dt_datarec_t *,
    const char *, dtrace_value_t *);
extern int dt_value_key(dtrace_hdl_t *, dt_valmem_t *, dt_type_t,
    const char *, uint32_t, dtrace_value_t *);
extern char *dt_value_text(dtrace_hdl_t *, const dt_datarec_t *,
    const char *, size_t *);

/* consume/dt_print.c: print() records */
extern int dt_print_rec(dtrace_hdl_t *, FILE *, const dt_datarec_t *,
    const char *);
/* the width of the probe columns of the text output ("%3d %6d %32s ") */
#define	DT_PRINT_INDENT	44
extern char *dt_print_text(dtrace_hdl_t *, const dt_datarec_t *,
    const char *, size_t *, int);

/* consume/dt_aggregate.c: snapshots */
extern void dt_agg_snap_free(dtrace_hdl_t *);
extern dtrace_aggid_t dt_agg_id(const dtrace_hdl_t *, const dt_ident_t *);

/* consume/dt_json.c */
extern void dt_json_str(FILE *, const char *, size_t);
extern void dt_json_value(FILE *, dt_type_t, const char *, size_t);
extern void dt_json_probe(FILE *, const dtrace_probedesc_t *, int);
extern void dt_json_stack(dtrace_hdl_t *, FILE *, const char *, uint32_t);
extern void dt_json_ustack(dtrace_hdl_t *, FILE *, const char *, uint32_t);

#endif /* DT_CONSUME_H */
