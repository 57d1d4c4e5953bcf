/*
 * dt_agg_impl.h: what the two files of the aggregation consumer share:
 * dt_aggregate.c reads, merges and sorts an aggregation's entries (and
 * serves the API's snapshots and walks), dt_agg_print.c prints them.
 * A function one uses from the other is named dt_agg_* and declared
 * here; everything else is static to its file.
 */
#ifndef DT_AGG_IMPL_H
#define DT_AGG_IMPL_H

#include "../dlang/dt_ast.h"
#include "dt_consume.h"
#include "../proc/dt_proc.h"

/* dt_aggregate.c */
typedef struct dt_aggent {
	char *ae_key;		/* the key, as stored */
	int64_t *ae_val;	/* the merged value: valsize / 8 words */
	int64_t ae_sort;	/* the value shown: a histogram's count */
	long double ae_order;	/* what entries sort by: the value, or a
				   histogram's counts times the values
				   of their buckets (bucket_weight()) */
	int64_t ae_zero;	/* a histogram's count at the value 0:
				   the tie-break of equal ae_order */
	size_t ae_row;		/* printa(): the entry's row of keys */
	int64_t *ae_pcpu;	/* with aggpercpu: each CPU's value, one
				   after another (valsize / 8 words each),
				   else NULL */
} dt_aggent_t;

extern int64_t dt_agg_scalar_value(const dt_ident_t *idp, const int64_t *v);
extern int dt_agg_read(dtrace_hdl_t *dtp, const dt_ident_t *idp,
    dt_aggent_t **entp, size_t *np);
extern void dt_agg_free(dt_aggent_t *ents, size_t n);
extern uint32_t dt_agg_strkey_size(const dtrace_hdl_t *dtp);
extern uint32_t dt_agg_keypart_size(const dtrace_hdl_t *dtp, dt_type_t t);
extern uint32_t dt_agg_keypart(const dtrace_hdl_t *dtp, const dt_ident_t *idp,
    unsigned int i);

/*
 * How entries sort: qsort_r()'s argument, so that sessions in several
 * threads sort at once.
 */
typedef struct dt_sortctx {
	const dt_ident_t *sc_ident;	/* the aggregation */
	uint32_t sc_strkey;		/* bytes of a string key component */
	unsigned int sc_keypos;		/* aggsortkeypos: compared first */
	bool sc_bykey;			/* aggsortkey */
	bool sc_rev;			/* aggsortrev */
	dt_aggent_t *const *sc_cells;	/* printa() of several: the rows'
					   cells (ae_row * sc_naggs + k),
					   or NULL */
	uint32_t sc_naggs;		/* aggregations in a row */
	uint32_t sc_sortpos;		/* the one rows sort by */
} dt_sortctx_t;

extern uint64_t dt_agg_int_key(dt_type_t t, int64_t v);
extern int dt_agg_ent_cmp(const void *a, const void *b, void *arg);
extern void dt_agg_ents_sort(const dtrace_hdl_t *dtp, const dt_ident_t *idp,
    dt_aggent_t *ents, size_t n, bool options);
extern int64_t dt_agg_llq_lower(const dt_ident_t *idp, uint32_t i);
extern int64_t dt_agg_bucket_lower(const dt_ident_t *idp, uint32_t i);

#endif /* DT_AGG_IMPL_H */
