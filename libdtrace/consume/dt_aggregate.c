/*
 * dt_aggregate.c: reading aggregations and printing them as DTrace does.
 *
 * Each aggregation is a per-CPU hash map (see dt_cg.c, cg_aggstmt()): its
 * entries are read with one lookup per key, which returns every CPU's
 * value; the values are merged here (counts and buckets add up, minimums
 * and maximums combine).  Then entries are sorted by value (by key with
 * the aggsortkey option) and printed:
 *
 *   keys            string "  %-50s", integer " %8d" (" %16d" if 8 bytes)
 *   a scalar value  " %16lld"
 *   a histogram     the key line (or a blank line), the header, the rows
 *                   from one bucket before the first count to one after
 *                   the last, each "%16s |%-40s %-9lld" with a bar of '@'
 *                   proportional to the count, then a blank line.
 *
 * printa() prints one aggregation when its record is read; at the end of
 * the session every aggregation not printed yet is printed.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../dlang/dt_ast.h"
#include "dt_consume.h"
#include "../proc/dt_proc.h"

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
static int64_t
scalar_value(const dt_ident_t *idp, const int64_t *v)
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

static uint32_t keypart_size(const dtrace_hdl_t *, dt_type_t);
static uint32_t keypart(const dtrace_hdl_t *, const dt_ident_t *,
    unsigned int);
static int64_t llq_lower(const dt_ident_t *, uint32_t);

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
		return (i > k ? llq_lower(idp, i - k) : -llq_lower(idp, k - i));
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
	e->ae_sort = scalar_value(idp, e->ae_val);
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
			off += keypart(dtp, idp, i);
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

/* Read and merge every entry of the aggregation. */
static int
agg_read(dtrace_hdl_t *dtp, const dt_ident_t *idp, dt_aggent_t **entp,
    size_t *np)
{
	int fd = dt_map_fd(dtp, idp->di_id), ncpu = libbpf_num_possible_cpus();
	uint32_t vsz = idp->di_valsize, nw = vsz / 8;
	size_t n = 0, cap = 0;
	dt_aggent_t *ents = NULL;
	char *key = NULL, *next;
	int64_t *pcpu;

	*entp = NULL;
	*np = 0;
	if (fd < 0)
		return (0);
	if ((next = malloc(idp->di_keysize)) == NULL ||
	    (pcpu = malloc((size_t)ncpu * vsz)) == NULL) {
		free(next);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	while (bpf_map_get_next_key(fd, key, next) == 0) {
		dt_aggent_t *e;

		if (key == NULL && (key = malloc(idp->di_keysize)) == NULL)
			break;
		memcpy(key, next, idp->di_keysize);
		if (bpf_map_lookup_elem(fd, key, pcpu) != 0)
			continue;	/* deleted meanwhile */
		if (idp->di_nkeys == 0 && !agg_seen(idp, pcpu, ncpu))
			continue;
		if (n == cap) {
			dt_aggent_t *ne = realloc(ents, (cap = cap * 2 + 16) *
			    sizeof (*ents));

			if (ne == NULL)
				break;
			ents = ne;
		}
		e = &ents[n];
		if ((e->ae_key = malloc(idp->di_keysize)) == NULL ||
		    (e->ae_val = calloc(nw, sizeof (int64_t))) == NULL) {
			free(e->ae_key);
			break;
		}
		memcpy(e->ae_key, key, idp->di_keysize);
		e->ae_pcpu = NULL;
		if (dtp->dt_opts.op_aggpercpu &&
		    (e->ae_pcpu = malloc((size_t)ncpu * vsz)) != NULL)
			memcpy(e->ae_pcpu, pcpu, (size_t)ncpu * vsz);
		for (int c = 0; c < ncpu; c++)
			merge(idp, e->ae_val, pcpu + (size_t)c * nw, c == 0);
		set_value(idp, e);
		n++;
	}
	free(key);
	free(next);
	free(pcpu);
	agg_symkeys(dtp, idp, ents, &n);
	*entp = ents;
	*np = n;
	return (0);
}

static void
agg_free(dt_aggent_t *ents, size_t n)
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
static uint32_t
strkey_size(const dtrace_hdl_t *dtp)
{
	return ((dtp->dt_opts.op_strsize + 7) & ~7U);
}

/* Bytes of a key component of type t. */
static uint32_t
keypart_size(const dtrace_hdl_t *dtp, dt_type_t t)
{
	if (t.ty_kind == DT_TK_STACK)
		return (t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USTACK)
		return (8U + t.ty_size * 8U);
	if (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
	    t.ty_kind == DT_TK_UADDR)
		return (16);
	return (t.ty_kind == DT_TK_STRING ? strkey_size(dtp) : 8);
}

/* Bytes of key component i of aggregation idp. */
static uint32_t
keypart(const dtrace_hdl_t *dtp, const dt_ident_t *idp, unsigned int i)
{
	if (idp->di_keys[i].ty_kind == DT_TK_STRING &&
	    idp->di_keybytes[i] != 0)
		return (idp->di_keybytes[i]);	/* kept short */
	return (keypart_size(dtp, idp->di_keys[i]));
}

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

/*
 * An integer key component as DTrace holds it: the bytes of its type,
 * so that (char)-2 is 254 and (short)-2 is 65534.  Keys sort by these
 * bytes read as an unsigned number of the component's size: -1 after 2.
 */
static uint64_t
int_key(dt_type_t t, int64_t v)
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
		    sc->sc_strkey) : keypart_size(NULL, idp->di_keys[j]);
	if (idp->di_keys[i].ty_kind == DT_TK_STRING)
		return (strncmp(a + off, b + off, idp->di_keybytes[i] != 0 ?
		    idp->di_keybytes[i] : sc->sc_strkey));
	if (idp->di_keys[i].ty_kind == DT_TK_STACK ||
	    idp->di_keys[i].ty_kind == DT_TK_USTACK)
		return (memcmp(a + off, b + off,
		    keypart_size(NULL, idp->di_keys[i])));
	if (keypart_size(NULL, idp->di_keys[i]) == 16) {	/* pid, addr */
		uint64_t p[2], q[2];

		memcpy(p, a + off, 16);
		memcpy(q, b + off, 16);
		if (p[0] != q[0])
			return (p[0] < q[0] ? -1 : 1);
		return (p[1] == q[1] ? 0 : p[1] < q[1] ? -1 : 1);
	}
	memcpy(&x, a + off, 8);
	memcpy(&y, b + off, 8);
	ux = int_key(idp->di_keys[i], x);
	uy = int_key(idp->di_keys[i], y);
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

static int
ent_cmp(const void *a, const void *b, void *arg)
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
static void
ents_sort(const dtrace_hdl_t *dtp, const dt_ident_t *idp, dt_aggent_t *ents,
    size_t n, bool options)
{
	dt_sortctx_t sc = {
		.sc_ident = idp,
		.sc_strkey = strkey_size(dtp),
		.sc_keypos = options ? dtp->dt_opts.op_aggsortkeypos : 0,
		.sc_bykey = options && dtp->dt_opts.op_aggsortkey,
		.sc_rev = options && dtp->dt_opts.op_aggsortrev,
	};

	if (n > 1)			/* ents is NULL when n is 0 */
		qsort_r(ents, n, sizeof (*ents), ent_cmp, &sc);
}

/*
 * An integer key column: its width and sign come from its size alone, as
 * DTrace has them: " %3u" for 1 byte, " %5u" for 2, " %8d" for 4 and
 * " %16lld" for 8 (pointers and unsigned 32- and 64-bit keys print
 * signed).
 */
static void
print_int_key(FILE *fp, dt_type_t t, int64_t v)
{
	uint64_t u = int_key(t, v);

	switch (t.ty_kind == DT_TK_INT ? t.ty_size : 8) {
	case 1:
		fprintf(fp, " %3u", (unsigned int)u);
		break;
	case 2:
		fprintf(fp, " %5u", (unsigned int)u);
		break;
	case 4:
		fprintf(fp, " %8d", (int)(int32_t)u);
		break;
	default:
		fprintf(fp, " %16lld", (long long)u);
	}
}

/* The width of an integer key column as print_int_key() prints it. */
static int
int_key_width(dt_type_t t)
{
	switch (t.ty_kind == DT_TK_INT ? t.ty_size : 8) {
	case 1:
		return (4);
	case 2:
		return (6);
	case 4:
		return (9);
	default:
		return (17);
	}
}

/*
 * The key columns of an entry.  Strings and symbols are "  %-50s", or
 * " %16s" beside a packed histogram or agghist bar (packed).
 */
static void
print_keys(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp,
    const char *key, bool packed)
{
	const char *sfmt = packed ? " %16.*s" : "  %-50.*s";
	uint32_t off = 0;

	for (unsigned int i = 0; i < idp->di_nkeys; i++) {
		dt_type_t t = idp->di_keys[i];
		char buf[512];

		if (t.ty_kind == DT_TK_STACK) {
			dt_print_stack(dtp, fp, key + off, t.ty_size);
			off += t.ty_size * 8U;
		} else if (t.ty_kind == DT_TK_USTACK) {
			dt_print_ustack(dtp, fp, key + off, t.ty_size);
			off += keypart_size(dtp, t);
		} else if (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
		    t.ty_kind == DT_TK_UADDR) {
			uint64_t w[2];

			memcpy(w, key + off, 16);
			dt_format_uaddr(dtp, (pid_t)w[0], w[1], t.ty_kind, buf,
			    sizeof (buf), NULL);
			fprintf(fp, sfmt, (int)sizeof (buf), buf);
			off += 16;
		} else if (t.ty_kind == DT_TK_SYM || t.ty_kind == DT_TK_MOD) {
			uint64_t addr;

			memcpy(&addr, key + off, 8);
			dt_format_ksym(dtp, addr, t.ty_kind == DT_TK_MOD, buf,
			    sizeof (buf), NULL);
			fprintf(fp, sfmt, (int)sizeof (buf), buf);
			off += 8;
		} else if (t.ty_kind == DT_TK_STRING) {
			uint32_t sz = keypart(dtp, idp, i);

			fprintf(fp, sfmt, (int)strnlen(key + off, sz),
			    key + off);
			off += sz;
		} else {
			int64_t v;

			memcpy(&v, key + off, 8);
			print_int_key(fp, t, v);
			off += 8;
		}
	}
}

/* The width of the keys as print_keys() prints them packed. */
static int
keys_width(const dt_ident_t *idp)
{
	int w = 0;

	for (unsigned int i = 0; i < idp->di_nkeys; i++) {
		dt_type_t t = idp->di_keys[i];

		w += int_key_width(t);
	}
	return (w);
}

/*
 * llquantize: the lowest value of the j-th bucket above the zero bucket
 * (j >= 1, of the magnitudes), or of the last one when j is past them.
 */
static int64_t
llq_lower(const dt_ident_t *idp, uint32_t i)
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

static void
llq_label(const dt_ident_t *idp, uint32_t i, char *buf, size_t len)
{
	const int64_t *p = idp->di_aggarg;
	int64_t lo, up, w;
	uint32_t nb;

	uint32_t k = dt_llq_side(p);

	dt_llq_mag(p, p[1], &lo, &up, &w, &nb);
	if (i == k && lo == 1)
		snprintf(buf, len, "0");
	else if (i == k)
		snprintf(buf, len, "abs() < %lld", (long long)lo);
	else if (i == 0)
		snprintf(buf, len, "<= -%lld", (long long)llq_lower(idp, k));
	else if (i < k)
		snprintf(buf, len, "-%lld", (long long)llq_lower(idp, k - i));
	else if (i == idp->di_nbuckets - 1)
		snprintf(buf, len, ">= %lld", (long long)llq_lower(idp, k));
	else
		snprintf(buf, len, "%lld", (long long)llq_lower(idp, i - k));
}

static void
bucket_label(const dt_ident_t *idp, uint32_t i, char *buf, size_t len)
{
	if (idp->di_aggfn == DT_FN_LLQUANTIZE) {
		llq_label(idp, i, buf, len);
	} else if (idp->di_aggfn == DT_FN_QUANTIZE) {
		long long v = i == 63 ? 0 : i > 63 ? 1LL << (i - 64) :
		    -(1LL << (62 - i));

		snprintf(buf, len, "%lld", v);
	} else if (i == 0) {
		snprintf(buf, len, "< %lld", (long long)idp->di_aggarg[0]);
	} else if (i == idp->di_nbuckets - 1) {
		snprintf(buf, len, ">= %lld", (long long)idp->di_aggarg[1]);
	} else {
		snprintf(buf, len, "%lld", (long long)(idp->di_aggarg[0] +
		    (int64_t)(i - 1) * idp->di_aggarg[2]));
	}
}

/*
 * Whether bars may use Unicode block elements: with encoding=utf8, or,
 * for packed histograms, with encoding=auto unless TERM names a terminal
 * known not to show them.
 */
static bool
use_utf8(const dtrace_hdl_t *dtp, bool packed)
{
	const char *term = getenv("TERM");

	if (dtp->dt_opts.op_encoding != DT_ENCODING_AUTO || !packed)
		return (dtp->dt_opts.op_encoding == DT_ENCODING_UTF8);
	return (term == NULL || (strcmp(term, "dumb") != 0 &&
	    strcmp(term, "sun") != 0 && strcmp(term, "sun-color") != 0));
}

/* Code point cp (U+0800 to U+FFFF) in UTF-8. */
static void
put_utf8(FILE *fp, unsigned int cp)
{
	fputc(0xe0 | (cp >> 12), fp);
	fputc(0x80 | ((cp >> 6) & 0x3f), fp);
	fputc(0x80 | (cp & 0x3f), fp);
}

/*
 * Adds value v to the total bars are measured against: the sum of the
 * magnitudes, or with aggzoom the largest over 0.95, so that its bar
 * fills 95% of the width.
 */
static void
bar_total(const dtrace_hdl_t *dtp, long double *total, int64_t v)
{
	long double a = fabsl((long double)v);

	if (!dtp->dt_opts.op_aggzoom)
		*total += a;
	else if (a / 0.95L > *total)
		*total = a / 0.95L;
}

/*
 * One row's bar, then the count.  Counts are normally positive; a
 * histogram with negative counts (quantize(x, -1)) draws them leftwards
 * from the axis, and one with both halves the width and draws each side
 * of a centre line.  The bar of a count c is c * width / total, rounded;
 * in UTF-8, positive bars are whole blocks and one of eighths.
 */
static void
print_bar(const dtrace_hdl_t *dtp, FILE *fp, int64_t c, long double total,
    bool pos, bool neg, int64_t normal)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	int width = pos && neg ? 20 : 40;
	long double f = total > 0 ?
	    fabsl((long double)c) * width / total : 0;
	int depth = f + 0.5L > width ? width : (int)(f + 0.5L);

	if (!neg && use_utf8(dtp, false)) {
		int whole = f > width ? width : (int)f;
		int eighths = (int)((f - whole) * 8);

		fputc('|', fp);
		for (int i = 0; i < whole; i++)
			put_utf8(fp, 0x2588);		/* full block */
		if (eighths > 0 && whole < width) {
			put_utf8(fp, 0x258f - (eighths - 1));
			whole++;
		}
		fprintf(fp, "%*s", width - whole, "");
	} else if (!neg) {
		fprintf(fp, "|%.*s%*s", depth, ats, width - depth, "");
	} else if (!pos) {
		fprintf(fp, "%*s%.*s|", width - depth, "", depth, ats);
	} else if (c <= 0) {
		fprintf(fp, "%*s%.*s|%*s", width - depth, "", depth, ats,
		    width, "");
	} else {
		fprintf(fp, "%*s|%.*s%*s", width, "", depth, ats,
		    width - depth, "");
	}
	fprintf(fp, " %-9lld\n", (long long)(c / normal));
}

static const char hist_header[] = "------------- Distribution -------------";

/*
 * A distribution table; then a blank line, unless in a printa() format.
 * The rows go from one bucket before the first count to one after the
 * last.
 */
static void
print_hist(const dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp,
    const int64_t *v, bool trailer)
{
	uint32_t nb = idp->di_nbuckets, first = nb, last = 0;
	int64_t normal = idp->di_normal > 0 ? idp->di_normal : 1;
	long double total = 0;
	bool pos = false, neg = false;
	char label[64];

	for (uint32_t i = 0; i < nb; i++) {
		if (v[i] != 0) {
			if (first == nb)
				first = i;
			last = i;
		}
	}
	if (first == nb && idp->di_aggfn == DT_FN_LLQUANTIZE)
		first = last = dt_llq_side(idp->di_aggarg) + 1;
	else if (first == nb)
		first = last = idp->di_aggfn == DT_FN_QUANTIZE ? 63 : 1;
	first = first > 0 ? first - 1 : 0;
	last = last + 1 < nb ? last + 1 : nb - 1;
	for (uint32_t i = first; i <= last; i++) {
		pos |= v[i] > 0;
		neg |= v[i] < 0;
		bar_total(dtp, &total, v[i]);
	}
	fprintf(fp, "%16s  %s %-9s\n", "value", hist_header, "count");
	for (uint32_t i = first; i <= last; i++) {
		bucket_label(idp, i, label, sizeof (label));
		fprintf(fp, "%16s ", label);
		print_bar(dtp, fp, v[i], total, pos, neg, normal);
	}
	if (trailer)
		fputc('\n', fp);
}

/*
 * The width DTrace gives a bucket's value beside a packed histogram: its
 * digits and sign, at least 4, a power of ten counting one digit fewer.
 */
static int
pack_ndigits(long long v)
{
	long long lim = 10;
	int n = 1;

	if (v < 0) {
		v = v == INT64_MIN ? INT64_MAX : -v;
		n++;
	}
	while (v > lim) {
		n++;
		if (lim > INT64_MAX / 10)
			break;
		lim *= 10;
	}
	return (n < 4 ? 4 : n);
}

/*
 * One bucket of a packed histogram, one character: blank for none, a
 * block element (or "__xxxxXX" in ASCII) of eight heights for a count,
 * "vvvvVV" for a negative one.
 */
static void
pack_char(FILE *fp, int64_t c, long double total, bool utf8)
{
	static const char up[] = "__xxxxXX", down[] = "vvvvVV";
	long double a = fabsl((long double)c);
	int n = c < 0 ? 5 : 7, h;

	if (c == 0 || total <= 0) {
		fputc(' ', fp);
		return;
	}
	h = (int)(a * n / total + 0.5L);
	h = h > n ? n : h;
	if (c < 0)
		fputc(down[h], fp);
	else if (utf8)
		put_utf8(fp, 0x2581 + h);	/* lower one-eighth block up */
	else
		fputc(up[h], fp);
}

/*
 * aggpack: every entry of a quantize() or lquantize() on one line, its
 * buckets one character each, under one header:
 *
 *        key  min .-----------. max  | count
 *          3    8 : ▁▃█▅       : 1024 | 30
 *
 * quantize() shows the buckets of every entry's counts and one on each
 * side (not below the zero bucket); lquantize() all of its buckets.
 */
static void
print_packed(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp,
    const dt_aggent_t *ents, size_t n)
{
	uint32_t nb = idp->di_nbuckets, lo = 0, hi = nb - 1;
	bool q = idp->di_aggfn == DT_FN_QUANTIZE, utf8 = use_utf8(dtp, true);
	int kw = keys_width(idp), minw = 7, maxw = 8;
	char minl[32], maxl[32];

	if (q) {
		lo = nb;
		hi = 0;
		for (size_t e = 0; e < n; e++) {
			for (uint32_t i = 0; i < nb; i++) {
				if (ents[e].ae_val[i] == 0)
					continue;
				lo = i < lo ? i : lo;
				hi = i > hi ? i : hi;
			}
		}
		if (lo == nb)
			lo = hi = 63;		/* the zero bucket */
		if (lo != 0 && lo != 63)
			lo--;
		if (hi < nb - 1)
			hi++;
	}
	bucket_label(idp, lo, minl, sizeof (minl));
	bucket_label(idp, hi, maxl, sizeof (maxl));
	if (q) {
		minw = pack_ndigits(strtoll(minl, NULL, 10));
		maxw = pack_ndigits(strtoll(maxl, NULL, 10));
	}
	fprintf(fp, "\n%*s %*s .", kw, kw > 0 ? "key" : "", minw, "min");
	for (uint32_t i = lo; i <= hi; i++)
		fputc('-', fp);
	fprintf(fp, ". %*s | count\n", -maxw, "max");

	for (size_t e = 0; e < n; e++) {
		const int64_t *v = ents[e].ae_val;
		long double total = 0;
		long long count = 0;

		print_keys(dtp, fp, idp, ents[e].ae_key, true);
		if (q)
			fprintf(fp, " %*s :", minw, minl);
		else
			fprintf(fp, "%8s :", minl);
		for (uint32_t i = lo; i <= hi; i++) {
			bar_total(dtp, &total, v[i]);
			count += v[i];
		}
		for (uint32_t i = lo; i <= hi; i++)
			pack_char(fp, v[i], total, utf8);
		fprintf(fp, ": %*s | %lld\n", -maxw, maxl, count);
	}
}

/*
 * agghist: the entries of a scalar aggregation as the rows of one
 * histogram, the keys in place of the bucket values.
 */
static void
print_agghist(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp,
    const dt_aggent_t *ents, size_t n)
{
	int64_t normal = idp->di_normal > 0 ? idp->di_normal : 1;
	int kw = keys_width(idp);
	long double total = 0;
	bool pos = false, neg = false;

	for (size_t e = 0; e < n; e++) {
		pos |= ents[e].ae_sort > 0;
		neg |= ents[e].ae_sort < 0;
		bar_total(dtp, &total, ents[e].ae_sort);
	}
	fprintf(fp, "\n%*s %41s %-9s\n", kw > 0 ? kw : 16,
	    kw > 0 ? "key" : "value", hist_header, "count");
	for (size_t e = 0; e < n; e++) {
		print_keys(dtp, fp, idp, ents[e].ae_key, true);
		fputc(' ', fp);
		print_bar(dtp, fp, ents[e].ae_sort, total, pos, neg, normal);
	}
}

/*
 * aggpercpu: below an entry, each CPU's part of it, CPU by CPU, every
 * CPU the system may have: "    [CPU N]" and the value in the column of
 * the entry's, or a histogram of the CPU's counts.  A CPU the entry has
 * nothing from shows what its aggregating function starts from: 0, or
 * for min() the largest value and for max() the smallest.
 */
static void
print_pcpu(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp,
    const dt_aggent_t *e)
{
	int ncpu = libbpf_num_possible_cpus();
	uint32_t nw = idp->di_valsize / 8;
	int width = 0;
	char label[32], *keys = NULL;
	size_t klen = 0;
	FILE *kf;

	if (e->ae_pcpu == NULL)
		return;
	/* the keys' width, as print_keys() prints them */
	if (idp->di_nbuckets == 0 && (kf = open_memstream(&keys, &klen)) !=
	    NULL) {
		print_keys(dtp, kf, idp, e->ae_key, false);
		fclose(kf);
		width = (int)klen;
		free(keys);
	}
	for (int c = 0; c < ncpu; c++) {
		const int64_t *v = e->ae_pcpu + (size_t)c * nw;
		int64_t x;

		snprintf(label, sizeof (label), "    [CPU %d]", c);
		if (idp->di_nbuckets > 0) {
			fprintf(fp, "%s\n", label);
			print_hist(dtp, fp, idp, v, true);
			continue;
		}
		if ((idp->di_aggfn == DT_FN_MIN || idp->di_aggfn == DT_FN_MAX) &&
		    v[0] == 0)
			x = idp->di_aggfn == DT_FN_MIN ? INT64_MAX : INT64_MIN;
		else if (idp->di_normal > 0)
			x = scalar_value(idp, v) / idp->di_normal;
		else
			x = scalar_value(idp, v);
		fprintf(fp, "%-*s %16lld\n", width, label, (long long)x);
	}
}

/*
 * Print one aggregation now: each entry's keys and value or histogram;
 * with aggpack, histograms (but llquantize()'s, which has no packed
 * form) one line each; with agghist, scalar values as bars.
 */
int
dt_agg_print(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp)
{
	dt_aggent_t *ents;
	size_t n;
	bool hist = idp->di_nbuckets > 0;

	if (agg_read(dtp, idp, &ents, &n) != 0)
		return (-1);
	ents_sort(dtp, idp, ents, n, true);
	if (hist && dtp->dt_opts.op_aggpack &&
	    idp->di_aggfn != DT_FN_LLQUANTIZE) {
		print_packed(dtp, fp, idp, ents, n);
	} else if (!hist && dtp->dt_opts.op_agghist) {
		print_agghist(dtp, fp, idp, ents, n);
	} else {
		for (size_t i = 0; i < n; i++) {
			if (!hist) {
				print_keys(dtp, fp, idp, ents[i].ae_key,
				    false);
				fprintf(fp, " %16lld\n",
				    (long long)(idp->di_normal > 0 ?
				    ents[i].ae_sort / idp->di_normal :
				    ents[i].ae_sort));
				print_pcpu(dtp, fp, idp, &ents[i]);
				continue;
			}
			if (idp->di_nkeys == 0)
				fputc('\n', fp);
			else
				print_keys(dtp, fp, idp, ents[i].ae_key,
				    false);
			if (idp->di_nkeys > 0)
				fputc('\n', fp);
			print_hist(dtp, fp, idp, ents[i].ae_val, true);
			print_pcpu(dtp, fp, idp, &ents[i]);
		}
	}
	agg_free(ents, n);
	return (0);
}

/* ---- -x oformat=json --------------------------------------------------- */

static const char *
aggfn_name(int fn)
{
	switch (fn) {
	case DT_FN_COUNT: return ("count");
	case DT_FN_SUM: return ("sum");
	case DT_FN_AVG: return ("avg");
	case DT_FN_MIN: return ("min");
	case DT_FN_MAX: return ("max");
	case DT_FN_STDDEV: return ("stddev");
	case DT_FN_QUANTIZE: return ("quantize");
	case DT_FN_LQUANTIZE: return ("lquantize");
	default: return ("llquantize");
	}
}

/* The lowest value bucket i > 0 holds (bucket 0 has no lower bound). */
static int64_t
bucket_lower(const dt_ident_t *idp, uint32_t i)
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
			return (llq_lower(idp, i - k));
		if (i < k)	/* the mirror of bucket k - i: to -its lowest */
			return (-llq_lower(idp, k - i + 1) + 1);
		dt_llq_mag(idp->di_aggarg, idp->di_aggarg[1], &lo, &up, &w,
		    &nb);
		return (-lo + 1);
	}
}

/*
 * A histogram's buckets that hold a count: {"min":m,"max":M,"count":n},
 * the bounds inclusive; the first bucket has no "min", the last no "max".
 */
static void
json_buckets(FILE *fp, const dt_ident_t *idp, const int64_t *v,
    int64_t normal)
{
	uint32_t nb = idp->di_nbuckets;
	bool first = true;

	fputs("\"buckets\":[", fp);
	for (uint32_t i = 0; i < nb; i++) {
		if (v[i] == 0)
			continue;
		fprintf(fp, "%s{", first ? "" : ",");
		first = false;
		if (i > 0)
			fprintf(fp, "\"min\":%lld,",
			    (long long)bucket_lower(idp, i));
		if (i < nb - 1)
			fprintf(fp, "\"max\":%lld,",
			    (long long)(bucket_lower(idp, i + 1) - 1));
		fprintf(fp, "\"count\":%lld}", (long long)(v[i] / normal));
	}
	fputc(']', fp);
}

static void
json_keys(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp,
    const char *key)
{
	uint32_t off = 0;

	fputs("\"keys\":[", fp);
	for (unsigned int i = 0; i < idp->di_nkeys; i++) {
		dt_type_t t = idp->di_keys[i];
		uint32_t sz = keypart(dtp, idp, i);

		if (i > 0)
			fputc(',', fp);
		if (t.ty_kind == DT_TK_STACK) {
			dt_json_stack(dtp, fp, key + off, t.ty_size);
		} else if (t.ty_kind == DT_TK_USTACK) {
			dt_json_ustack(dtp, fp, key + off, t.ty_size);
		} else if (t.ty_kind == DT_TK_USYM || t.ty_kind == DT_TK_UMOD ||
		    t.ty_kind == DT_TK_UADDR) {
			char buf[512];
			uint64_t w[2];

			memcpy(w, key + off, 16);
			dt_format_uaddr(dtp, (pid_t)w[0], w[1], t.ty_kind, buf,
			    sizeof (buf), NULL);
			dt_json_str(fp, buf, strlen(buf));
		} else if (t.ty_kind == DT_TK_SYM || t.ty_kind == DT_TK_MOD) {
			char buf[256];
			uint64_t addr;

			memcpy(&addr, key + off, 8);
			dt_format_ksym(dtp, addr, t.ty_kind == DT_TK_MOD, buf,
			    sizeof (buf), NULL);
			dt_json_str(fp, buf, strlen(buf));
		} else
			dt_json_value(fp, t, key + off, sz);
		off += sz;
	}
	fputc(']', fp);
}

/*
 * One aggregation as a JSON object: {"name":"@a","function":"count",
 * "entries":[{"keys":[...],"value":n}, ...]} (histograms: "buckets"
 * instead of "value"), entries in the order the text output has.
 */
int
dt_agg_json(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp)
{
	int64_t normal = idp->di_normal > 0 ? idp->di_normal : 1;
	dt_aggent_t *ents;
	size_t n;

	if (agg_read(dtp, idp, &ents, &n) != 0)
		return (-1);
	ents_sort(dtp, idp, ents, n, true);
	fputs("{\"name\":", fp);
	dt_json_str(fp, idp->di_name, strlen(idp->di_name));
	fprintf(fp, ",\"function\":\"%s\",\"entries\":[",
	    aggfn_name(idp->di_aggfn));
	for (size_t i = 0; i < n; i++) {
		fputs(i > 0 ? ",{" : "{", fp);
		json_keys(dtp, fp, idp, ents[i].ae_key);
		fputc(',', fp);
		if (idp->di_nbuckets > 0)
			json_buckets(fp, idp, ents[i].ae_val, normal);
		else
			fprintf(fp, "\"value\":%lld",
			    (long long)(ents[i].ae_sort / normal));
		fputc('}', fp);
	}
	fputs("]}", fp);
	agg_free(ents, n);
	return (0);
}

typedef struct printa_arg {
	const dtrace_hdl_t *pa_dtp;		/* the handle */
	const dt_datarec_t *pa_rec;		/* the printa() record */
	dt_aggent_t **pa_row;			/* each aggregation's entry */
} printa_arg_t;

/*
 * A %@ conversion: aggregation k's value under the current key; the
 * conversions past the last aggregation show the last one's again.
 */
static void
printa_value(FILE *fp, int k, const char *cfmt, void *arg)
{
	printa_arg_t *pa = arg;
	uint32_t last = pa->pa_rec->dr_naggs - 1;
	const dt_ident_t *idp = pa->pa_rec->dr_aggs[(uint32_t)k < last ?
	    (uint32_t)k : last];
	const dt_aggent_t *e = pa->pa_row[(uint32_t)k < last ? (uint32_t)k :
	    last];

	if (idp->di_nbuckets > 0) {
		int64_t *zero = calloc(idp->di_nbuckets, sizeof (int64_t));

		fputc('\n', fp);
		if (e != NULL || zero != NULL)
			print_hist(pa->pa_dtp, fp, idp,
			    e != NULL ? e->ae_val : zero, false);
		free(zero);
		return;
	}
	fprintf(fp, cfmt, (long long)(e == NULL ? 0 : idp->di_normal > 0 ?
	    e->ae_sort / idp->di_normal : e->ae_sort));
}

/* Entries (by reference) in the order of their keys' bytes. */
static int
ref_cmp(const void *a, const void *b, void *keysize)
{
	const dt_aggent_t *x = *(dt_aggent_t *const *)a;
	const dt_aggent_t *y = *(dt_aggent_t *const *)b;

	return (memcmp(x->ae_key, y->ae_key, *(uint32_t *)keysize));
}

/*
 * Group the entries of naggs aggregations (same key types) by key: one
 * row per key found in any of them.  rows[r] stands for the key (ae_key
 * borrowed, ae_sort the value of aggregation sortpos, 0 where it has no
 * entry); (*cellsp)[r * naggs + k] is aggregation k's entry, or NULL.
 */
static int
join_rows(dtrace_hdl_t *dtp, const dt_datarec_t *rec, dt_aggent_t **ents,
    const size_t *nents, uint32_t sortpos, dt_aggent_t **rowsp, size_t *nrowsp,
    dt_aggent_t ***cellsp)
{
	uint32_t naggs = rec->dr_naggs, keysize = rec->dr_aggs[0]->di_keysize;
	size_t total = 0, nrows = 0, t = 0;
	dt_aggent_t **refs, *rows = NULL, **cells = NULL;

	for (uint32_t k = 0; k < naggs; k++)
		total += nents[k];
	refs = calloc(total + 1, sizeof (*refs));
	if (refs == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	for (uint32_t k = 0; k < naggs; k++) {
		for (size_t i = 0; i < nents[k]; i++) {
			ents[k][i].ae_row = k;	/* which aggregation, for now */
			refs[t++] = &ents[k][i];
		}
	}
	if (total > 1)
		qsort_r(refs, total, sizeof (*refs), ref_cmp, &keysize);
	rows = calloc(total + 1, sizeof (*rows));
	cells = calloc((total + 1) * naggs, sizeof (*cells));
	if (rows == NULL || cells == NULL) {
		free(refs);
		free(rows);
		free(cells);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	for (size_t i = 0; i < total; i++) {
		dt_aggent_t *e = refs[i];
		uint32_t k = (uint32_t)e->ae_row;

		if (i == 0 || ref_cmp(&refs[i - 1], &refs[i], &keysize) != 0) {
			rows[nrows].ae_key = e->ae_key;
			rows[nrows].ae_row = nrows;
			nrows++;
		}
		cells[(nrows - 1) * naggs + k] = e;
		if (k == sortpos) {
			rows[nrows - 1].ae_sort = e->ae_sort;
			rows[nrows - 1].ae_order = e->ae_order;
			rows[nrows - 1].ae_zero = e->ae_zero;
		}
	}
	free(refs);
	*rowsp = rows;
	*nrowsp = nrows;
	*cellsp = cells;
	return (0);
}

/*
 * printa(format, @a, ...) and printa(@a, @b, ...): one line per key
 * found in any of the aggregations (0 for those without it), sorted by
 * the value of the aggregation at aggsortpos, or by key; the format's
 * plain conversions take the key's components.  Without a format, a
 * blank line, then each key as printa(@a) shows it and the value of
 * each aggregation after it.
 */
int
dt_agg_printa(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *rec)
{
	const dt_ident_t *first = rec->dr_aggs[0];
	uint32_t naggs = rec->dr_naggs, off = 0, sortpos;
	dt_datarec_t keys[DT_MAXKEYS];
	printa_arg_t pa = { dtp, rec, NULL };
	dt_aggent_t **ents, *rows = NULL, **cells = NULL;
	size_t *nents, nrows = 0;
	int rv = 0;

	sortpos = dtp->dt_opts.op_aggsortpos < naggs ?
	    (uint32_t)dtp->dt_opts.op_aggsortpos : 0;
	ents = calloc(naggs, sizeof (*ents));
	nents = calloc(naggs, sizeof (*nents));
	if (ents == NULL || nents == NULL) {
		free(ents);
		free(nents);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	for (uint32_t k = 0; k < naggs && rv == 0; k++)
		rv = agg_read(dtp, rec->dr_aggs[k], &ents[k], &nents[k]);
	/* the key components as the format's arguments */
	memset(keys, 0, sizeof (keys));
	for (unsigned int i = 0; i < first->di_nkeys; i++) {
		keys[i].dr_offset = off;
		keys[i].dr_type = first->di_keys[i];
		keys[i].dr_size = keypart(dtp, first, i);
		off += keys[i].dr_size;
	}
	if (rv == 0)
		rv = join_rows(dtp, rec, ents, nents, sortpos, &rows, &nrows,
		    &cells);
	if (rv == 0) {
		dt_sortctx_t sc = {
			.sc_ident = first,
			.sc_strkey = strkey_size(dtp),
			.sc_keypos = dtp->dt_opts.op_aggsortkeypos,
			.sc_bykey = dtp->dt_opts.op_aggsortkey,
			.sc_rev = dtp->dt_opts.op_aggsortrev,
			.sc_cells = cells,
			.sc_naggs = naggs,
			.sc_sortpos = sortpos,
		};

		if (nrows > 1)
			qsort_r(rows, nrows, sizeof (*rows), ent_cmp, &sc);
		if (rec->dr_pfmt == NULL)
			fputc('\n', fp);
		for (size_t i = 0; i < nrows; i++) {
			pa.pa_row = &cells[rows[i].ae_row * naggs];
			if (rec->dr_pfmt != NULL) {
				dt_printa_exec(dtp, fp, rec->dr_pfmt, keys,
				    rows[i].ae_key, printa_value, &pa);
				continue;
			}
			print_keys(dtp, fp, first, rows[i].ae_key, false);
			for (uint32_t k = 0; k < naggs; k++)
				printa_value(fp, (int)k, " %16lld", &pa);
			fputc('\n', fp);
		}
	}
	free(rows);
	free(cells);
	for (uint32_t k = 0; k < naggs; k++) {
		agg_free(ents[k], nents[k]);
		((dt_ident_t *)rec->dr_aggs[k])->di_printed = true;
	}
	free(ents);
	free(nents);
	return (rv);
}

/* One aggregation, as dt_agg_print_all() prints it. */
static int
print_one(dtrace_hdl_t *dtp, FILE *fp, const dt_ident_t *idp)
{
	if (dtp->dt_opts.op_oformat == DT_OFORMAT_JSON) {
		fputs("{\"type\":\"aggregation\",\"aggregation\":", fp);
		if (dt_agg_json(dtp, fp, idp) != 0)
			return (-1);
		fputs("}\n", fp);
		return (0);
	}
	return (dt_agg_print(dtp, fp, idp));
}

/* One aggregation printed into memory, the text to the buffered handler. */
static int
print_buffered(dtrace_hdl_t *dtp, const dt_ident_t *idp)
{
	dtrace_bufdata_t bd;
	char *buf = NULL;
	size_t len = 0;
	FILE *mf;
	int rv;

	if ((mf = open_memstream(&buf, &len)) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	rv = print_one(dtp, mf, idp);
	if (fclose(mf) != 0 && rv == 0)
		rv = dt_set_errno(dtp, EDT_NOMEM);
	if (rv == 0 && len > 0) {
		memset(&bd, 0, sizeof (bd));
		bd.dtbda_size = sizeof (bd);
		bd.dtbda_handle = dtp;
		bd.dtbda_buffered = buf;
		bd.dtbda_len = len;
		bd.dtbda_aggid = dt_agg_id(dtp, idp);
		if (dtp->dt_bufhdlr(&bd, dtp->dt_bufarg) ==
		    DTRACE_HANDLE_ABORT)
			rv = dt_set_errno(dtp, EDT_CALLBACK);
	}
	free(buf);
	return (rv);
}

/*
 * Every aggregation not printed yet, in the order they were declared: on
 * fp, or one by one to the buffered handler.
 */
int
dt_agg_print_all(dtrace_hdl_t *dtp, FILE *fp)
{
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];

		if (idp->di_kind != DT_IDENT_AGG || idp->di_printed)
			continue;
		if (dtp->dt_bufhdlr != NULL) {
			if (print_buffered(dtp, idp) != 0)
				return (-1);
		} else if (fp != NULL && print_one(dtp, fp, idp) != 0) {
			return (-1);
		}
	}
	return (0);
}

DT_EXPORT int
dtrace_aggregate_print(dtrace_hdl_t *dtp, FILE *fp, void *unused)
{
	(void) unused;
	return (dt_agg_print_all(dtp, fp));
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
	dt_aggent_t *ents;
	size_t n;
	void *zeros;

	if (agg_read(dtp, idp, &ents, &n) != 0)
		return (-1);
	if ((zeros = calloc((size_t)ncpu, idp->di_valsize)) == NULL) {
		agg_free(ents, n);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	ents_sort(dtp, idp, ents, n, false);
	for (size_t i = 0; i < n; i++) {
		if (!trunc)
			(void) bpf_map_update_elem(fd, ents[i].ae_key, zeros,
			    BPF_EXIST);
		else if (keep > 0 && i + (size_t)keep >= n)
			continue;
		else if (keep < 0 && i < (size_t)-keep)
			continue;
		else if (idp->di_nkeys > 0)
			(void) bpf_map_delete_elem(fd, ents[i].ae_key);
		else {
			/* the array entry cannot go: zero it, unseen */
			(void) bpf_map_update_elem(fd, ents[i].ae_key, zeros,
			    BPF_ANY);
			((dt_ident_t *)idp)->di_aggseen = false;
		}
	}
	free(zeros);
	agg_free(ents, n);
	return (0);
}

/* ---- aggregations as data: snapshots and walks ------------------------- */

/*
 * A snapshot holds, for each aggregation, its entries as agg_read() gives
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
		agg_free(dtp->dt_aggsnap[i].as_ents,
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
		if (agg_read(dtp, idp, &snap[n].as_ents,
		    &snap[n].as_nents) != 0) {
			for (unsigned int k = 0; k <= n; k++)
				agg_free(snap[k].as_ents, snap[k].as_nents);
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
		b[i].dtab_min = i == 0 ? INT64_MIN : bucket_lower(idp, i);
		b[i].dtab_max = i == nb - 1 ? INT64_MAX :
		    bucket_lower(idp, i + 1) - 1;
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
		uint32_t sz = keypart(dtp, idp, i);

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
		.sc_strkey = strkey_size(dtp),
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
		qsort_r(ents, as->as_nents, sizeof (*ents), ent_cmp, &sc);
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
