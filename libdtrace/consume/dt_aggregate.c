/*
 * dt_aggregate.c: reading aggregations: their entries, merged across
 * CPUs and sorted, the buckets of the histograms, and the API's
 * snapshots, walks and clear.  Printing them is in dt_agg_print.c.
 *
 * Each aggregation is a per-CPU hash map (see dt_cg.c, cg_aggstmt()): its
 * entries are read with one lookup per key, which returns every CPU's
 * value; the values are merged here (counts and buckets add up, minimums
 * and maximums combine).  Then entries are sorted by value (by key with
 * the aggsortkey option).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "dt_agg_impl.h"

/*
 * llquantize(v, factor, low, high, steps): the zero bucket holds
 * -X < v < X, where X = factor^low; above it each magnitude m from low to
 * high covers [factor^m, factor^(m+1)) in steps of width
 * max(factor^(m+1) / steps, 1), the first bucket starting at factor^m and
 * the others at multiples of the width, and the last bucket holds
 * v >= factor^(high+1).  Below it the same buckets mirrored, as DTrace
 * has them: a negative v goes where -v would, on the other side (-5 in
 * the bucket of -5 when 5 has one of its own), the first bucket holding
 * v <= -factor^(high+1).  With K the buckets on one side (dt_llq_side()),
 * there are 2K + 1 and the zero bucket is K.
 */
void
dt_llq_mag(const int64_t *p, int64_t m, int64_t *lowerp, int64_t *upperp,
    int64_t *widthp, uint32_t *nbp)
{
	int64_t lower = 1, upper, width;

	for (int64_t i = 0; i < m; i++)
		lower *= p[0];
	upper = lower * p[0];
	width = upper / p[3] > 0 ? upper / p[3] : 1;
	*lowerp = lower;
	*upperp = upper;
	*widthp = width;
	if (lower % width == 0)
		*nbp = (uint32_t)((upper - lower) / width);
	else
		*nbp = 1 + (uint32_t)((upper - (lower / width + 1) * width) /
		    width);
}

/* The buckets on one side of the zero bucket: the magnitudes' and the last. */
uint32_t
dt_llq_side(const int64_t *p)
{
	uint32_t n = 1;

	for (int64_t m = p[1]; m <= p[2]; m++) {
		int64_t lo, up, w;
		uint32_t nb;

		dt_llq_mag(p, m, &lo, &up, &w, &nb);
		n += nb;
	}
	return (n);
}

uint32_t
dt_llq_nbuckets(const int64_t *p)
{
	return (2 * dt_llq_side(p) + 1);
}

/* Merge one CPU's value into the total. */
static void
merge(const dt_ident_t *idp, int64_t *tot, const int64_t *v, bool first)
{
	uint32_t n = idp->di_valsize / 8;

	switch (idp->di_aggfn) {
	case DT_FN_MIN:
	case DT_FN_MAX:
		if (v[0] == 0)
			return;
		if (first || tot[0] == 0 || (idp->di_aggfn == DT_FN_MIN ?
		    v[1] < tot[1] : v[1] > tot[1]))
			tot[1] = v[1];
		tot[0] += v[0];
		return;
	case DT_FN_STDDEV: {
		/* words 2 and 3: the sum of squares, 128 bits, low first */
		uint64_t lo = (uint64_t)tot[2] + (uint64_t)v[2];

		tot[3] = (int64_t)((uint64_t)tot[3] + (uint64_t)v[3] +
		    (lo < (uint64_t)v[2]));
		tot[2] = (int64_t)lo;
		tot[0] += v[0];
		tot[1] += v[1];
		for (uint32_t i = 4; i < n; i++)
			tot[i] += v[i];
		return;
	}
	default:
		for (uint32_t i = 0; i < n; i++)
			tot[i] += v[i];
	}
}

/* The integer square root of x, rounded down. */
static uint64_t
sqrt128(unsigned __int128 x)
{
	uint64_t r = (uint64_t)sqrtl((long double)x);

	while (r > 0 && (unsigned __int128)r * r > x)
		r--;
	while (r < UINT64_MAX && (unsigned __int128)(r + 1) * (r + 1) <= x)
		r++;
	return (r);
}

/* The value an entry shows (and sorts by). */
int64_t
dt_agg_scalar_value(const dt_ident_t *idp, const int64_t *v)
{
	switch (idp->di_aggfn) {
	case DT_FN_AVG:
		return (v[0] != 0 ? v[1] / v[0] : 0);
	case DT_FN_MIN:
	case DT_FN_MAX:
		return (v[1]);
	case DT_FN_STDDEV: {
		/* sqrt(avg(x^2) - avg(x)^2), in 128 bits, as DTrace does */
		unsigned __int128 sq = (unsigned __int128)(uint64_t)v[3] << 64 |
		    (uint64_t)v[2], avgsq;
		int64_t avg;

		if (v[0] <= 0)
			return (0);
		avg = v[1] / v[0];
		avg = avg < 0 ? -avg : avg;
		sq /= (uint64_t)v[0];
		avgsq = (unsigned __int128)(uint64_t)avg * (uint64_t)avg;
		return (sq > avgsq ? (int64_t)sqrt128(sq - avgsq) : 0);
	}
	case DT_FN_QUANTIZE:
	case DT_FN_LQUANTIZE:
	case DT_FN_LLQUANTIZE: {
		int64_t t = 0;

		for (uint32_t i = 0; i < idp->di_nbuckets; i++)
			t += v[i];
		return (t);
	}
	default:
		return (v[0]);
	}
}

/*
 * The one entry of an aggregation without keys always exists: it counts
 * once it has been updated, until trunc().  Its value ends with a word
 * each update sets to 1, so that sum(0) and quantize(v, 0) count too.
 */
static bool
agg_seen(const dt_ident_t *idp, const int64_t *pcpu, int ncpu)
{
	size_t nw = (size_t)ncpu * (idp->di_valsize / 8);

	for (size_t i = 0; i < nw && !idp->di_aggseen; i++) {
		if (pcpu[i] != 0)
			((dt_ident_t *)idp)->di_aggseen = true;
	}
	return (idp->di_aggseen);
}

/*
 * The value a histogram's bucket stands for when entries are ordered, as
 * DTrace weighs them: the value its label shows, one below the bound for
 * lquantize's "< lo" and one above it for its ">= hi".
 */
static int64_t
bucket_weight(const dt_ident_t *idp, uint32_t i)
{
	const int64_t *p = idp->di_aggarg;
	uint32_t k;

	switch (idp->di_aggfn) {
	case DT_FN_QUANTIZE:
		return (i == 63 ? 0 : i > 63 ? (int64_t)1 << (i - 64) :
		    -((int64_t)1 << (62 - i)));
	case DT_FN_LQUANTIZE:
		if (i == 0)
			return (p[0] - 1);
		if (i == idp->di_nbuckets - 1)
			return (p[1] + 1);
		return (p[0] + (int64_t)(i - 1) * p[2]);
	default:
		k = dt_llq_side(p);
		if (i == k)
			return (0);
		return (i > k ? dt_agg_llq_lower(idp, i - k)
		    : -dt_agg_llq_lower(idp, k - i));
	}
}

/*
 * An entry's value (ae_sort) and what it sorts by (ae_order, ae_zero):
 * a histogram sorts by the sum of its counts weighted by their buckets'
 * values, then by its count at 0, as DTrace orders them.
 */
static void
set_value(const dt_ident_t *idp, dt_aggent_t *e)
{
	e->ae_sort = dt_agg_scalar_value(idp, e->ae_val);
	e->ae_order = (long double)e->ae_sort;
	e->ae_zero = 0;
	if (idp->di_aggfn != DT_FN_QUANTIZE &&
	    idp->di_aggfn != DT_FN_LQUANTIZE &&
	    idp->di_aggfn != DT_FN_LLQUANTIZE)
		return;
	e->ae_order = 0;
	for (uint32_t i = 0; i < idp->di_nbuckets; i++) {
		int64_t w = bucket_weight(idp, i);

		e->ae_order += (long double)e->ae_val[i] * (long double)w;
		if (w == 0)
			e->ae_zero += e->ae_val[i];
	}
}

/* Merge entry y's per-CPU values (aggpercpu) into x's, CPU by CPU. */
static void
merge_pcpu(const dt_ident_t *idp, dt_aggent_t *x, const dt_aggent_t *y)
{
	int ncpu = libbpf_num_possible_cpus();
	uint32_t nw = idp->di_valsize / 8;

	if (x->ae_pcpu == NULL || y->ae_pcpu == NULL)
		return;
	for (int c = 0; c < ncpu; c++)
		merge(idp, x->ae_pcpu + (size_t)c * nw,
		    y->ae_pcpu + (size_t)c * nw, false);
}

/* Entries by what they sort by: -1, 0 or 1. */
static int
order_cmp(const dt_aggent_t *x, const dt_aggent_t *y)
{
	if (x->ae_order != y->ae_order)
		return (x->ae_order < y->ae_order ? -1 : 1);
	if (x->ae_zero != y->ae_zero)
		return (x->ae_zero < y->ae_zero ? -1 : 1);
	return (0);
}

static int
keybytes_cmp(const void *a, const void *b, void *keysize)
{
	return (memcmp(((const dt_aggent_t *)a)->ae_key,
	    ((const dt_aggent_t *)b)->ae_key, *(const uint32_t *)keysize));
}

/*
 * sym(), func() and mod() keys hold addresses: every address shown as the
 * same symbol (or module) is one entry, as in DTrace.  Each such key
 * component becomes the address of its symbol (or module), then entries
 * with equal keys are merged.
 */
static void
agg_symkeys(dtrace_hdl_t *dtp, const dt_ident_t *idp, dt_aggent_t *ents,
    size_t *np)
{
	uint32_t ks = idp->di_keysize;
	size_t n = *np, out = 0;
	bool any = false;

	for (unsigned int i = 0; i < idp->di_nkeys; i++) {
		if (idp->di_keys[i].ty_kind == DT_TK_SYM ||
		    idp->di_keys[i].ty_kind == DT_TK_MOD ||
		    idp->di_keys[i].ty_kind == DT_TK_USYM ||
		    idp->di_keys[i].ty_kind == DT_TK_UMOD)
			any = true;
	}
	if (!any || n == 0)
		return;
	for (size_t e = 0; e < n; e++) {
		uint32_t off = 0;

		for (unsigned int i = 0; i < idp->di_nkeys; i++) {
			dt_type_t t = idp->di_keys[i];
			char buf[256];
			uint64_t addr, base;

			if (t.ty_kind == DT_TK_SYM || t.ty_kind == DT_TK_MOD) {
				memcpy(&addr, ents[e].ae_key + off, 8);
				dt_format_ksym(dtp, addr, t.ty_kind ==
				    DT_TK_MOD, buf, sizeof (buf), &base);
				memcpy(ents[e].ae_key + off, &base, 8);
			}
			if (t.ty_kind == DT_TK_USYM ||
			    t.ty_kind == DT_TK_UMOD) {
				uint64_t w[2];
				char ubuf[512];

				memcpy(w, ents[e].ae_key + off, 16);
				dt_format_uaddr(dtp, (pid_t)w[0], w[1],
				    t.ty_kind, ubuf, sizeof (ubuf), &w[1]);
				memcpy(ents[e].ae_key + off, w, 16);
			}
			off += dt_agg_keypart(dtp, idp, i);
		}
	}
	qsort_r(ents, n, sizeof (*ents), keybytes_cmp, &ks);
	for (size_t e = 0; e < n; e++) {
		if (out > 0 && memcmp(ents[out - 1].ae_key, ents[e].ae_key,
		    ks) == 0) {
			merge(idp, ents[out - 1].ae_val, ents[e].ae_val, false);
			merge_pcpu(idp, &ents[out - 1], &ents[e]);
			free(ents[e].ae_key);
			free(ents[e].ae_val);
			free(ents[e].ae_pcpu);
			continue;
		}
		ents[out++] = ents[e];
	}
	for (size_t e = 0; e < out; e++)
		set_value(idp, &ents[e]);
	*np = out;
}

/*
 * Add an entry of key whose CPUs' values are pcpu (ncpu of them) to ents,
 * their merged value its value; false when out of memory.
 */
static bool
ent_add(dtrace_hdl_t *dtp, const dt_ident_t *idp, dt_aggent_t **ents,
    size_t *n, size_t *cap, const char *key, const int64_t *pcpu, int ncpu)
{
	uint32_t vsz = idp->di_valsize, nw = vsz / 8;
	dt_aggent_t *e;

	if (*n == *cap) {
		dt_aggent_t *ne = realloc(*ents, (*cap = *cap * 2 + 16) *
		    sizeof (*ne));

		if (ne == NULL)
			return (false);
		*ents = ne;
	}
	e = &(*ents)[*n];
	if ((e->ae_key = malloc(idp->di_keysize)) == NULL ||
	    (e->ae_val = calloc(nw, sizeof (int64_t))) == NULL) {
		free(e->ae_key);
		return (false);
	}
	memcpy(e->ae_key, key, idp->di_keysize);
	e->ae_pcpu = NULL;
	if (dtp->dt_opts.op_aggpercpu &&
	    (e->ae_pcpu = malloc((size_t)ncpu * vsz)) != NULL)
		memcpy(e->ae_pcpu, pcpu, (size_t)ncpu * vsz);
	for (int c = 0; c < ncpu; c++)
		merge(idp, e->ae_val, pcpu + (size_t)c * nw, c == 0);
	set_value(idp, e);
	(*n)++;
	return (true);
}

/* One CPU's entry of a tagged aggregation: its key, CPU and value. */
typedef struct cpuent {
	char *ce_key;		/* the aggregation's key (no tag) */
	uint32_t ce_cpu;	/* the CPU */
	int64_t *ce_val;	/* its value there */
} cpuent_t;

static int
cpuent_cmp(const void *a, const void *b, void *keysize)
{
	return (memcmp(((const cpuent_t *)a)->ce_key,
	    ((const cpuent_t *)b)->ce_key, *(const uint32_t *)keysize));
}

/*
 * The entries of a tagged aggregation (core/dt_ident.h): its CPUs' entries of
 * each key in the map it may share, gathered into one entry.
 */
static int
read_tagged(dtrace_hdl_t *dtp, const dt_ident_t *idp, int fd, int ncpu,
    dt_aggent_t **ents, size_t *n)
{
	uint32_t ks = idp->di_keysize, msz = ks + DT_AGG_TAG;
	uint32_t vsz = idp->di_valsize;
	size_t nc = 0, ccap = 0, cap = 0;
	cpuent_t *ce = NULL;
	char *key = NULL, *next = malloc(msz);
	int64_t *pcpu = calloc((size_t)ncpu, vsz);
	int rc = 0;

	if (next == NULL || pcpu == NULL) {
		free(next);
		free(pcpu);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	while (bpf_map_get_next_key(fd, key, next) == 0) {
		uint64_t t;
		int64_t *val;

		if (key == NULL && (key = malloc(msz)) == NULL)
			break;
		memcpy(key, next, msz);
		memcpy(&t, key, sizeof (t));
		if ((t >> 32) != (uint64_t)idp->di_id ||
		    (t & 0xffffffffU) >= (uint64_t)ncpu)
			continue;	/* another aggregation's */
		if ((val = malloc(vsz)) == NULL)
			break;
		if (bpf_map_lookup_elem(fd, key, val) != 0) {
			free(val);
			continue;	/* deleted meanwhile */
		}
		if (nc == ccap) {
			cpuent_t *nce = realloc(ce, (ccap = ccap * 2 + 16) *
			    sizeof (*nce));

			if (nce == NULL) {
				free(val);
				break;
			}
			ce = nce;
		}
		if ((ce[nc].ce_key = malloc(ks)) == NULL) {
			free(val);
			break;
		}
		memcpy(ce[nc].ce_key, key + DT_AGG_TAG, ks);
		ce[nc].ce_cpu = (uint32_t)(t & 0xffffffffU);
		ce[nc++].ce_val = val;
	}
	if (nc > 1)	/* ce is NULL when no entry was read */
		qsort_r(ce, nc, sizeof (*ce), cpuent_cmp, &ks);
	for (size_t i = 0, j; i < nc; i = j) {
		memset(pcpu, 0, (size_t)ncpu * vsz);
		for (j = i; j < nc && memcmp(ce[j].ce_key, ce[i].ce_key,
		    ks) == 0; j++)
			memcpy((char *)pcpu + (size_t)ce[j].ce_cpu * vsz,
			    ce[j].ce_val, vsz);
		if (rc == 0 && !ent_add(dtp, idp, ents, n, &cap, ce[i].ce_key,
		    pcpu, ncpu))
			rc = dt_set_errno(dtp, EDT_NOMEM);
	}
	for (size_t i = 0; i < nc; i++) {
		free(ce[i].ce_key);
		free(ce[i].ce_val);
	}
	free(ce);
	free(key);
	free(next);
	free(pcpu);
	return (rc);
}

/* Read and merge every entry of the aggregation. */
int
dt_agg_read(dtrace_hdl_t *dtp, const dt_ident_t *idp, dt_aggent_t **entp,
    size_t *np)
{
	int fd = dt_map_fd(dtp, idp->di_id), ncpu = libbpf_num_possible_cpus();
	uint32_t vsz = idp->di_valsize;
	size_t n = 0, cap = 0;
	dt_aggent_t *ents = NULL;
	char *key = NULL, *next;
	int64_t *pcpu;

	*entp = NULL;
	*np = 0;
	if (fd < 0)
		return (0);
	if (dt_agg_tagged(idp)) {
		if (read_tagged(dtp, idp, fd, ncpu, &ents, &n) != 0) {
			dt_agg_free(ents, n);
			return (-1);
		}
		goto done;
	}
	if ((next = malloc(idp->di_keysize)) == NULL ||
	    (pcpu = malloc((size_t)ncpu * vsz)) == NULL) {
		free(next);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	while (bpf_map_get_next_key(fd, key, next) == 0) {
		if (key == NULL && (key = malloc(idp->di_keysize)) == NULL)
			break;
		memcpy(key, next, idp->di_keysize);
		if (bpf_map_lookup_elem(fd, key, pcpu) != 0)
			continue;	/* deleted meanwhile */
		if (idp->di_nkeys == 0 && !agg_seen(idp, pcpu, ncpu))
			continue;
		if (!ent_add(dtp, idp, &ents, &n, &cap, key, pcpu, ncpu))
			break;
	}
	free(key);
	free(next);
	free(pcpu);
done:
	agg_symkeys(dtp, idp, ents, &n);
	*entp = ents;
	*np = n;
	return (0);
}

void
dt_agg_free(dt_aggent_t *ents, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(ents[i].ae_key);
		free(ents[i].ae_val);
		free(ents[i].ae_pcpu);
	}
	free(ents);
}

/*
 * Bytes of one string key component: strsize rounded up to 8 (a string of
 * strsize characters has no NUL there).
 */
uint32_t
dt_agg_strkey_size(const dtrace_hdl_t *dtp)
{
	return ((dtp->dt_opts.op_strsize + 7) & ~7U);
}

/* Bytes of a key component of type t. */
uint32_t
dt_agg_keypart_size(const dtrace_hdl_t *dtp, dt_type_t t)
{
	if (t.ty_kind == DT_TK_STACK)
		return (t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USTACK)
		return (8U + t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
	    t.ty_kind == DT_TK_UADDR)
		return (16);
	return (t.ty_kind == DT_TK_STRING ? dt_agg_strkey_size(dtp) : 8);
}

/* Bytes of key component i of aggregation idp. */
uint32_t
dt_agg_keypart(const dtrace_hdl_t *dtp, const dt_ident_t *idp, unsigned int i)
{
	if (idp->di_keys[i].ty_kind == DT_TK_STRING &&
	    idp->di_keybytes[i] != 0)
		return (idp->di_keybytes[i]);	/* kept short */
	return (dt_agg_keypart_size(dtp, idp->di_keys[i]));
}

/*
 * An integer key component as DTrace holds it: the bytes of its type,
 * so that (char)-2 is 254 and (short)-2 is 65534.  Keys sort by these
 * bytes read as an unsigned number of the component's size: -1 after 2.
 */
uint64_t
dt_agg_int_key(dt_type_t t, int64_t v)
{
	switch (t.ty_kind == DT_TK_INT ? t.ty_size : 8) {
	case 1:
		return ((uint8_t)v);
	case 2:
		return ((uint16_t)v);
	case 4:
		return ((uint32_t)v);
	default:
		return ((uint64_t)v);
	}
}

/* Compare key component i: strings as strings, integers as numbers. */
static int
keypart_cmp(const dt_sortctx_t *sc, unsigned int i, const char *a,
    const char *b)
{
	const dt_ident_t *idp = sc->sc_ident;
	uint32_t off = 0;
	int64_t x, y;
	uint64_t ux, uy;

	for (unsigned int j = 0; j < i; j++)
		off += idp->di_keys[j].ty_kind == DT_TK_STRING ?
		    (idp->di_keybytes[j] != 0 ? idp->di_keybytes[j] :
		    sc->sc_strkey) : dt_agg_keypart_size(NULL, idp->di_keys[j]);
	if (idp->di_keys[i].ty_kind == DT_TK_STRING)
		return (strncmp(a + off, b + off, idp->di_keybytes[i] != 0 ?
		    idp->di_keybytes[i] : sc->sc_strkey));
	if (idp->di_keys[i].ty_kind == DT_TK_STACK ||
	    idp->di_keys[i].ty_kind == DT_TK_USTACK)
		return (memcmp(a + off, b + off,
		    dt_agg_keypart_size(NULL, idp->di_keys[i])));
	if (dt_agg_keypart_size(NULL, idp->di_keys[i]) == 16) {	/* pid, addr */
		uint64_t p[2], q[2];

		memcpy(p, a + off, 16);
		memcpy(q, b + off, 16);
		if (p[0] != q[0])
			return (p[0] < q[0] ? -1 : 1);
		return (p[1] == q[1] ? 0 : p[1] < q[1] ? -1 : 1);
	}
	memcpy(&x, a + off, 8);
	memcpy(&y, b + off, 8);
	ux = dt_agg_int_key(idp->di_keys[i], x);
	uy = dt_agg_int_key(idp->di_keys[i], y);
	return (ux == uy ? 0 : ux < uy ? -1 : 1);
}

/* Compare keys: component aggsortkeypos first, then each in order. */
static int
key_cmp(const dt_sortctx_t *sc, const char *a, const char *b)
{
	unsigned int nkeys = sc->sc_ident->di_nkeys, pos = sc->sc_keypos;
	int c;

	if (pos < nkeys && (c = keypart_cmp(sc, pos, a, b)) != 0)
		return (c);
	for (unsigned int i = 0; i < nkeys; i++) {
		if (i != pos && (c = keypart_cmp(sc, i, a, b)) != 0)
			return (c);
	}
	return (0);
}

/*
 * Rows of printa() of several aggregations whose sorting values are
 * equal: the other aggregations' values decide, in their order (0
 * where a row has no entry), before the keys.
 */
static int
cells_cmp(const dt_sortctx_t *sc, const dt_aggent_t *x, const dt_aggent_t *y)
{
	for (uint32_t k = 0; sc->sc_cells != NULL && k < sc->sc_naggs; k++) {
		const dt_aggent_t *cx = sc->sc_cells[x->ae_row * sc->sc_naggs +
		    k];
		const dt_aggent_t *cy = sc->sc_cells[y->ae_row * sc->sc_naggs +
		    k];
		static const dt_aggent_t none;
		int c = order_cmp(cx != NULL ? cx : &none,
		    cy != NULL ? cy : &none);

		if (k != sc->sc_sortpos && c != 0)
			return (c);
	}
	return (0);
}

int
dt_agg_ent_cmp(const void *a, const void *b, void *arg)
{
	const dt_aggent_t *x = a, *y = b;
	const dt_sortctx_t *sc = arg;
	int c;

	if (!sc->sc_bykey && (c = order_cmp(x, y)) != 0)
		;
	else if (!sc->sc_bykey && (c = cells_cmp(sc, x, y)) != 0)
		;
	else if ((c = key_cmp(sc, x->ae_key, y->ae_key)) == 0)
		c = order_cmp(x, y);
	return (sc->sc_rev ? -c : c);
}

/* Sort n entries of aggregation idp: by the options, or by value. */
void
dt_agg_ents_sort(const dtrace_hdl_t *dtp, const dt_ident_t *idp,
    dt_aggent_t *ents,
    size_t n, bool options)
{
	dt_sortctx_t sc = {
		.sc_ident = idp,
		.sc_strkey = dt_agg_strkey_size(dtp),
		.sc_keypos = options ? dtp->dt_opts.op_aggsortkeypos : 0,
		.sc_bykey = options && dtp->dt_opts.op_aggsortkey,
		.sc_rev = options && dtp->dt_opts.op_aggsortrev,
	};

	if (n > 1)			/* ents is NULL when n is 0 */
		qsort_r(ents, n, sizeof (*ents), dt_agg_ent_cmp, &sc);
}

/*
 * llquantize: the lowest value of the j-th bucket above the zero bucket
 * (j >= 1, of the magnitudes), or of the last one when j is past them.
 */
int64_t
dt_agg_llq_lower(const dt_ident_t *idp, uint32_t i)
{
	const int64_t *p = idp->di_aggarg;
	int64_t lo, up = 0, w;
	uint32_t nb, base = 1;

	for (int64_t m = p[1]; m <= p[2]; m++) {
		dt_llq_mag(p, m, &lo, &up, &w, &nb);
		if (i < base + nb) {
			uint32_t j = i - base;

			return (lo % w == 0 ? lo + (int64_t)j * w : j == 0 ?
			    lo : (lo / w + 1) * w + (int64_t)(j - 1) * w);
		}
		base += nb;
	}
	return (up);
}

/* The lowest value bucket i > 0 holds (bucket 0 has no lower bound). */
int64_t
dt_agg_bucket_lower(const dt_ident_t *idp, uint32_t i)
{
	int64_t lo, up, w;
	uint32_t nb, k;

	switch (idp->di_aggfn) {
	case DT_FN_QUANTIZE:
		return (i == 63 ? 0 : i > 63 ? (int64_t)1 << (i - 64) :
		    -((int64_t)1 << (63 - i)) + 1);
	case DT_FN_LQUANTIZE:
		return (idp->di_aggarg[0] + (int64_t)(i - 1) *
		    idp->di_aggarg[2]);
	default:
		k = dt_llq_side(idp->di_aggarg);
		if (i > k)
			return (dt_agg_llq_lower(idp, i - k));
		if (i < k)	/* the mirror of bucket k - i: to -its lowest */
			return (-dt_agg_llq_lower(idp, k - i + 1) + 1);
		dt_llq_mag(idp->di_aggarg, idp->di_aggarg[1], &lo, &up, &w,
		    &nb);
		return (-lo + 1);
	}
}

/*
 * clear(): every value to zero, the keys kept; trunc(n): every entry
 * removed but the n with the largest values, or with n below 0 the -n
 * with the smallest (n 0: all of them).
 */
int
dt_agg_clear(dtrace_hdl_t *dtp, const dt_ident_t *idp, int64_t keep,
    bool trunc)
{
	int fd = dt_map_fd(dtp, idp->di_id), ncpu = libbpf_num_possible_cpus();
	bool tagged = dt_agg_tagged(idp);
	uint32_t tag = tagged ? DT_AGG_TAG : 0;
	uint64_t cost = dt_varmap_cost(idp);
	dt_aggent_t *ents;
	size_t n;
	void *zeros;
	char *key;

	if (dt_agg_read(dtp, idp, &ents, &n) != 0)
		return (-1);
	if ((zeros = calloc((size_t)ncpu, idp->di_valsize)) == NULL ||
	    (key = malloc(idp->di_keysize + tag)) == NULL) {
		free(zeros);
		dt_agg_free(ents, n);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	dt_agg_ents_sort(dtp, idp, ents, n, false);
	for (size_t i = 0; i < n; i++) {
		/* the map's keys: the key, after each CPU's tag if tagged */
		memcpy(key + tag, ents[i].ae_key, idp->di_keysize);
		for (int c = 0; c < (tagged ? ncpu : 1); c++) {
			uint64_t t = ((uint64_t)idp->di_id << 32) |
			    (uint64_t)c;

			memcpy(key, &t, tag);
			if (!trunc)
				(void) bpf_map_update_elem(fd, key, zeros,
				    BPF_EXIST);
			else if (keep > 0 && i + (size_t)keep >= n)
				continue;
			else if (keep < 0 && i < (size_t)-keep)
				continue;
			else if (idp->di_nkeys > 0) {
				/* a tagged entry gone: its CPU's room back */
				if (bpf_map_delete_elem(fd, key) == 0 && tagged)
					__atomic_fetch_sub(&dtp->dt_gstate->
					    gs_aggbytes[c & (DT_DROPCPUS - 1)],
					    cost, __ATOMIC_RELAXED);
			} else {
				/* the array entry cannot go: zero it, unseen */
				(void) bpf_map_update_elem(fd, key, zeros,
				    BPF_ANY);
				((dt_ident_t *)idp)->di_aggseen = false;
			}
		}
	}
	free(key);
	free(zeros);
	dt_agg_free(ents, n);
	return (0);
}

/* ---- aggregations as data: snapshots and walks ------------------------- */

/*
 * A snapshot holds, for each aggregation, its entries as dt_agg_read() gives
 * them (CPUs merged, symbol keys folded), in the order read.  Walks sort
 * a copy of the entry array (the entries themselves are shared), so that
 * a walk in one order does not change what the next one sees.
 */
struct dt_aggsnap {
	const dt_ident_t *as_ident;	/* the aggregation */
	dt_aggent_t *as_ents;		/* its entries */
	size_t as_nents;		/* how many */
};

dtrace_aggid_t
dt_agg_id(const dtrace_hdl_t *dtp, const dt_ident_t *idp)
{
	(void) dtp;
	return ((dtrace_aggid_t)(idp->di_id - DT_MAP_COUNT + 1));
}

void
dt_agg_snap_free(dtrace_hdl_t *dtp)
{
	for (unsigned int i = 0; i < dtp->dt_naggsnap; i++)
		dt_agg_free(dtp->dt_aggsnap[i].as_ents,
		    dtp->dt_aggsnap[i].as_nents);
	free(dtp->dt_aggsnap);
	dtp->dt_aggsnap = NULL;
	dtp->dt_naggsnap = 0;
}

DT_EXPORT int
dtrace_aggregate_snap(dtrace_hdl_t *dtp)
{
	struct dt_aggsnap *snap;
	unsigned int n = 0;

	if (dtp == NULL)
		return (-1);
	if (dtp->dt_ringbuf == NULL)		/* no maps: not traced yet */
		return (dt_set_errno(dtp, EDT_NOTACTIVE));
	/* one more than needed, so that no aggregations is not NULL */
	if ((snap = calloc(dtp->dt_nvarmaps + 1, sizeof (*snap))) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];

		if (idp->di_kind != DT_IDENT_AGG)
			continue;
		snap[n].as_ident = idp;
		if (dt_agg_read(dtp, idp, &snap[n].as_ents,
		    &snap[n].as_nents) != 0) {
			for (unsigned int k = 0; k <= n; k++)
				dt_agg_free(snap[k].as_ents, snap[k].as_nents);
			free(snap);
			return (-1);
		}
		n++;
	}
	dt_agg_snap_free(dtp);
	dtp->dt_aggsnap = snap;
	dtp->dt_naggsnap = n;
	return (0);
}

static dtrace_aggfunc_t
aggfunc(int fn)
{
	switch (fn) {
	case DT_FN_COUNT: return (DTRACEAGG_COUNT);
	case DT_FN_SUM: return (DTRACEAGG_SUM);
	case DT_FN_AVG: return (DTRACEAGG_AVG);
	case DT_FN_MIN: return (DTRACEAGG_MIN);
	case DT_FN_MAX: return (DTRACEAGG_MAX);
	case DT_FN_STDDEV: return (DTRACEAGG_STDDEV);
	case DT_FN_QUANTIZE: return (DTRACEAGG_QUANTIZE);
	case DT_FN_LQUANTIZE: return (DTRACEAGG_LQUANTIZE);
	default: return (DTRACEAGG_LLQUANTIZE);
	}
}

/* The bucket ranges of a histogram, its counts left 0. */
static void
agg_buckets(const dt_ident_t *idp, dtrace_aggbucket_t *b)
{
	uint32_t nb = idp->di_nbuckets;

	for (uint32_t i = 0; i < nb; i++) {
		b[i].dtab_min = i == 0 ? INT64_MIN : dt_agg_bucket_lower(idp,
		    i);
		b[i].dtab_max = i == nb - 1 ? INT64_MAX :
		    dt_agg_bucket_lower(idp, i + 1) - 1;
		b[i].dtab_count = 0;
	}
}

/* One entry, typed, to func: its DTRACE_AGGWALK_* answer, or -1. */
static int
walk_entry(dtrace_hdl_t *dtp, const dt_ident_t *idp, const dt_aggent_t *e,
    dtrace_aggbucket_t *buckets, dtrace_aggregate_f *func, void *arg)
{
	dtrace_value_t keys[DT_MAXKEYS];
	dtrace_aggdata_t ad;
	dt_valmem_t vm = { 0 };
	const int64_t *v = e->ae_val;
	uint32_t off = 0;
	int rv;

	memset(&ad, 0, sizeof (ad));
	ad.dtada_size = sizeof (ad);
	ad.dtada_handle = dtp;
	ad.dtada_id = dt_agg_id(dtp, idp);
	ad.dtada_name = idp->di_name;
	ad.dtada_func = aggfunc(idp->di_aggfn);
	memcpy(ad.dtada_params, idp->di_aggarg, sizeof (ad.dtada_params));
	ad.dtada_normal = idp->di_normal > 0 ? idp->di_normal : 1;
	ad.dtada_value = e->ae_sort / ad.dtada_normal;
	ad.dtada_nkeys = idp->di_nkeys;
	ad.dtada_keys = keys;
	for (unsigned int i = 0; i < idp->di_nkeys; i++) {
		uint32_t sz = dt_agg_keypart(dtp, idp, i);

		if (dt_value_key(dtp, &vm, idp->di_keys[i], e->ae_key + off,
		    sz, &keys[i]) != 0) {
			dt_valmem_free(&vm);
			return (-1);
		}
		off += sz;
	}
	switch (idp->di_aggfn) {
	case DT_FN_COUNT:
		ad.dtada_count = v[0];
		break;
	case DT_FN_SUM:
		ad.dtada_sum = v[0];
		break;
	case DT_FN_AVG:
		ad.dtada_count = v[0];
		ad.dtada_sum = v[1];
		break;
	case DT_FN_MIN:
	case DT_FN_MAX:
		ad.dtada_count = v[0];
		break;
	case DT_FN_STDDEV:
		ad.dtada_count = v[0];
		ad.dtada_sum = v[1];
		ad.dtada_sumsq = (uint64_t)v[2];
		break;
	default:
		ad.dtada_nbuckets = idp->di_nbuckets;
		ad.dtada_buckets = buckets;
		for (uint32_t i = 0; i < idp->di_nbuckets; i++) {
			buckets[i].dtab_count = v[i];
			ad.dtada_count += v[i];
		}
	}
	rv = func(&ad, arg);
	dt_valmem_free(&vm);
	if (rv == DTRACE_AGGWALK_ERROR)
		return (dt_set_errno(dtp, EDT_CALLBACK));
	return (rv == DTRACE_AGGWALK_ABORT ? DTRACE_AGGWALK_ABORT :
	    DTRACE_AGGWALK_NEXT);
}

/* Walk one aggregation of the snapshot: 1 if func stopped it, -1. */
static int
walk_agg(dtrace_hdl_t *dtp, const struct dt_aggsnap *as, int sort, bool rev,
    dtrace_aggregate_f *func, void *arg)
{
	const dt_ident_t *idp = as->as_ident;
	dt_aggent_t *ents = NULL;
	dtrace_aggbucket_t *buckets = NULL;
	dt_sortctx_t sc = {
		.sc_ident = idp,
		.sc_strkey = dt_agg_strkey_size(dtp),
		.sc_keypos = sort == DTRACE_AGGSORT_OPTIONS ?
		    dtp->dt_opts.op_aggsortkeypos : 0,
		.sc_bykey = sort == DTRACE_AGGSORT_KEY ||
		    (sort == DTRACE_AGGSORT_OPTIONS && dtp->dt_opts.op_aggsortkey),
		.sc_rev = rev != (sort == DTRACE_AGGSORT_OPTIONS &&
		    dtp->dt_opts.op_aggsortrev),
	};
	int rv = 0;

	if (as->as_nents == 0)
		return (0);
	ents = malloc(as->as_nents * sizeof (*ents));
	buckets = calloc(idp->di_nbuckets + 1, sizeof (*buckets));
	if (ents == NULL || buckets == NULL) {
		free(ents);
		free(buckets);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	memcpy(ents, as->as_ents, as->as_nents * sizeof (*ents));
	if (sort != DTRACE_AGGSORT_NONE && as->as_nents > 1)
		qsort_r(ents, as->as_nents, sizeof (*ents), dt_agg_ent_cmp,
		    &sc);
	else if (rev) {
		for (size_t i = 0; i < as->as_nents / 2; i++) {
			dt_aggent_t t = ents[i];

			ents[i] = ents[as->as_nents - 1 - i];
			ents[as->as_nents - 1 - i] = t;
		}
	}
	agg_buckets(idp, buckets);
	for (size_t i = 0; i < as->as_nents && rv == 0; i++)
		rv = walk_entry(dtp, idp, &ents[i], buckets, func, arg);
	free(ents);
	free(buckets);
	return (rv);
}

DT_EXPORT int
dtrace_aggregate_walk_opts(dtrace_hdl_t *dtp, dtrace_aggregate_f *func,
    void *arg, const dtrace_aggwalk_opts_t *opts)
{
	dtrace_aggwalk_opts_t o = { sizeof (o), DTRACE_AGGSORT_NONE, 0, 0 };
	bool found = false;
	int rv = 0;

	if (dtp == NULL)
		return (-1);
	if (func == NULL)
		return (dt_set_errno(dtp, EDT_BADARG));
	if (opts != NULL) {
		/* what the caller knows of, and nothing we do not know */
		size_t sz = opts->sz < sizeof (o) ? opts->sz : sizeof (o);

		if (opts->sz < sizeof (size_t))
			return (dt_set_errno(dtp, EDT_BADARG));
		for (size_t i = sizeof (o); i < opts->sz; i++) {
			if (((const char *)opts)[i] != 0)
				return (dt_set_errno(dtp, EDT_BADARG));
		}
		memcpy(&o, opts, sz);
		if (o.dtaw_sort < DTRACE_AGGSORT_NONE ||
		    o.dtaw_sort > DTRACE_AGGSORT_KEY)
			return (dt_set_errno(dtp, EDT_BADARG));
	}
	if (dtp->dt_aggsnap == NULL && dtrace_aggregate_snap(dtp) != 0)
		return (-1);
	for (unsigned int i = 0; i < dtp->dt_naggsnap && rv == 0; i++) {
		const struct dt_aggsnap *as = &dtp->dt_aggsnap[i];

		if (o.dtaw_id != 0 && dt_agg_id(dtp, as->as_ident) != o.dtaw_id)
			continue;
		found = true;
		rv = walk_agg(dtp, as, o.dtaw_sort, o.dtaw_rev != 0, func, arg);
	}
	if (o.dtaw_id != 0 && !found)
		return (dt_set_errno(dtp, EDT_NOAGG));
	return (rv < 0 ? -1 : 0);
}

static int
walk_as(dtrace_hdl_t *dtp, dtrace_aggregate_f *func, void *arg, int sort,
    int rev)
{
	dtrace_aggwalk_opts_t o = { sizeof (o), sort, rev, 0 };

	return (dtrace_aggregate_walk_opts(dtp, func, arg, &o));
}

DT_EXPORT int
dtrace_aggregate_walk(dtrace_hdl_t *dtp, dtrace_aggregate_f *func, void *arg)
{
	return (walk_as(dtp, func, arg, DTRACE_AGGSORT_NONE, 0));
}

DT_EXPORT int
dtrace_aggregate_walk_sorted(dtrace_hdl_t *dtp, dtrace_aggregate_f *func,
    void *arg)
{
	return (walk_as(dtp, func, arg, DTRACE_AGGSORT_OPTIONS, 0));
}

DT_EXPORT int
dtrace_aggregate_walk_keysorted(dtrace_hdl_t *dtp, dtrace_aggregate_f *func,
    void *arg)
{
	return (walk_as(dtp, func, arg, DTRACE_AGGSORT_KEY, 0));
}

DT_EXPORT int
dtrace_aggregate_walk_valsorted(dtrace_hdl_t *dtp, dtrace_aggregate_f *func,
    void *arg)
{
	return (walk_as(dtp, func, arg, DTRACE_AGGSORT_VAL, 0));
}

DT_EXPORT int
dtrace_aggregate_walk_keyrevsorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg)
{
	return (walk_as(dtp, func, arg, DTRACE_AGGSORT_KEY, 1));
}

DT_EXPORT int
dtrace_aggregate_walk_valrevsorted(dtrace_hdl_t *dtp,
    dtrace_aggregate_f *func, void *arg)
{
	return (walk_as(dtp, func, arg, DTRACE_AGGSORT_VAL, 1));
}

DT_EXPORT int
dtrace_aggregate_clear(dtrace_hdl_t *dtp)
{
	if (dtp == NULL)
		return (-1);
	if (dtp->dt_ringbuf == NULL)
		return (dt_set_errno(dtp, EDT_NOTACTIVE));
	dt_agg_snap_free(dtp);
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];

		if (idp->di_kind == DT_IDENT_AGG &&
		    dt_agg_clear(dtp, idp, 0, false) != 0)
			return (-1);
	}
	return (0);
}
