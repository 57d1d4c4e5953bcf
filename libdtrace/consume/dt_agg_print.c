/*
 * dt_agg_print.c: printing aggregations as DTrace does, as text or JSON,
 * whole or through printa() with its format.  The entries come read,
 * merged and sorted from dt_aggregate.c.
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

#include "dt_agg_impl.h"

/*
 * An integer key column: its width and sign come from its size alone, as
 * DTrace has them: " %3u" for 1 byte, " %5u" for 2, " %8d" for 4 and
 * " %16lld" for 8 (pointers and unsigned 32- and 64-bit keys print
 * signed).
 */
static void
print_int_key(FILE *fp, dt_type_t t, int64_t v)
{
	uint64_t u = dt_agg_int_key(t, v);

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
			off += dt_agg_keypart_size(dtp, t);
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
			uint32_t sz = dt_agg_keypart(dtp, idp, i);

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
		snprintf(buf, len, "<= -%lld", (long long)dt_agg_llq_lower(idp,
		    k));
	else if (i < k)
		snprintf(buf, len, "-%lld", (long long)dt_agg_llq_lower(idp,
		    k - i));
	else if (i == idp->di_nbuckets - 1)
		snprintf(buf, len, ">= %lld", (long long)dt_agg_llq_lower(idp,
		    k));
	else
		snprintf(buf, len, "%lld", (long long)dt_agg_llq_lower(idp,
		    i - k));
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
			x = dt_agg_scalar_value(idp, v) / idp->di_normal;
		else
			x = dt_agg_scalar_value(idp, v);
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

	if (dt_agg_read(dtp, idp, &ents, &n) != 0)
		return (-1);
	dt_agg_ents_sort(dtp, idp, ents, n, true);
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
	dt_agg_free(ents, n);
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
			    (long long)dt_agg_bucket_lower(idp, i));
		if (i < nb - 1)
			fprintf(fp, "\"max\":%lld,",
			    (long long)(dt_agg_bucket_lower(idp, i + 1) - 1));
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
		uint32_t sz = dt_agg_keypart(dtp, idp, i);

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

	if (dt_agg_read(dtp, idp, &ents, &n) != 0)
		return (-1);
	dt_agg_ents_sort(dtp, idp, ents, n, true);
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
	dt_agg_free(ents, n);
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
		rv = dt_agg_read(dtp, rec->dr_aggs[k], &ents[k], &nents[k]);
	/* the key components as the format's arguments */
	memset(keys, 0, sizeof (keys));
	for (unsigned int i = 0; i < first->di_nkeys; i++) {
		keys[i].dr_offset = off;
		keys[i].dr_type = first->di_keys[i];
		keys[i].dr_size = dt_agg_keypart(dtp, first, i);
		off += keys[i].dr_size;
	}
	if (rv == 0)
		rv = join_rows(dtp, rec, ents, nents, sortpos, &rows, &nrows,
		    &cells);
	if (rv == 0) {
		dt_sortctx_t sc = {
			.sc_ident = first,
			.sc_strkey = dt_agg_strkey_size(dtp),
			.sc_keypos = dtp->dt_opts.op_aggsortkeypos,
			.sc_bykey = dtp->dt_opts.op_aggsortkey,
			.sc_rev = dtp->dt_opts.op_aggsortrev,
			.sc_cells = cells,
			.sc_naggs = naggs,
			.sc_sortpos = sortpos,
		};

		if (nrows > 1)
			qsort_r(rows, nrows, sizeof (*rows), dt_agg_ent_cmp,
			    &sc);
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
		dt_agg_free(ents[k], nents[k]);
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
