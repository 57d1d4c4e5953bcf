/*
 * api.c: the consumer API as embedders use it (needs root and BPF).
 *
 * Each part runs a real session and checks what the API hands back as
 * data: records decoded by kind (dtrd_value), aggregation entries of every
 * function with typed keys and histogram buckets, the walks' orders, the
 * snapshot's lifetime, dtrace_aggregate_clear(), dtrace_consume() (which
 * neither sleeps nor stops on exit()), the buffered handler, and the
 * errors of bad arguments and failing callbacks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <dtrace.h>

#include "check.h"

static dtrace_hdl_t *
session(const char *src)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_prog_t *pgp;

	if (dtp == NULL) {
		fprintf(stderr, "dtrace_open: %s\n", dtrace_errmsg(NULL, err));
		exit(1);
	}
	pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL);
	if (pgp == NULL || dtrace_program_exec(dtp, pgp, NULL) != 0) {
		fprintf(stderr, "compile: %s\n", dtrace_errmsg(dtp,
		    dtrace_errno(dtp)));
		exit(1);
	}
	return (dtp);
}

/* ---- records as typed data ------------------------------------------- */

#define MAXRECS	32

typedef struct seen {
	int n;					/* records seen */
	int ends;				/* NULL records seen */
	dtrace_actkind_t act[MAXRECS];		/* each one's action */
	dtrace_value_t val[MAXRECS];		/* its value (pointers not
						   kept) */
	char str[MAXRECS][128];			/* its dtv_str */
	uint32_t frames;			/* frames of a stack */
	int framesok;				/* each named, pc not 0 */
	char prv[DTRACE_PROVNAMELEN];		/* provider of the last */
	char prb[DTRACE_NAMELEN];		/* probe name of the last */
	dtrace_aggid_t aggid;			/* of the printa() */
	int aggents;				/* its entries, walked */
	int64_t aggval;				/* its value */
} seen_t;

static int
countwalk(const dtrace_aggdata_t *ad, void *arg)
{
	seen_t *s = arg;

	s->aggents++;
	s->aggval = ad->dtada_value;
	CHECK(ad->dtada_id == s->aggid && strcmp(ad->dtada_name, "@c") == 0);
	return (DTRACE_AGGWALK_NEXT);
}

static int
rec(const dtrace_probedata_t *pd, const dtrace_recdesc_t *rd, void *arg)
{
	seen_t *s = arg;
	const dtrace_value_t *v;

	if (rd == NULL) {
		s->ends++;
		return (DTRACE_CONSUME_NEXT);
	}
	v = rd->dtrd_value;
	CHECK(v != NULL);
	if (v == NULL || s->n == MAXRECS)
		return (DTRACE_CONSUME_NEXT);
	CHECK(v->dtv_size == sizeof (dtrace_value_t));
	snprintf(s->prv, sizeof (s->prv), "%s", pd->dtpda_pdesc->prv);
	snprintf(s->prb, sizeof (s->prb), "%s", pd->dtpda_pdesc->prb);
	s->act[s->n] = rd->dtrd_action;
	s->val[s->n] = *v;
	snprintf(s->str[s->n], sizeof (s->str[0]), "%s",
	    v->dtv_str != NULL ? v->dtv_str : "");
	if (v->dtv_kind == DTRACE_VAL_STACK) {
		s->frames = v->dtv_nframes;
		s->framesok = 1;
		for (uint32_t i = 0; i < v->dtv_nframes; i++) {
			if (v->dtv_frames[i].dtfr_pc == 0 ||
			    v->dtv_frames[i].dtfr_name == NULL ||
			    v->dtv_frames[i].dtfr_name[0] == '\0')
				s->framesok = 0;
		}
	}
	if (v->dtv_kind == DTRACE_VAL_AGG && v->dtv_naggs == 1) {
		dtrace_aggwalk_opts_t o = { sizeof (o), DTRACE_AGGSORT_NONE,
		    0, v->dtv_aggids[0] };

		/* the aggregation printa() names, read from the callback */
		s->aggid = v->dtv_aggids[0];
		CHECK(dtrace_aggregate_snap(pd->dtpda_handle) == 0);
		CHECK(dtrace_aggregate_walk_opts(pd->dtpda_handle, countwalk,
		    s, &o) == 0);
	}
	s->n++;
	/* printa() and setopt() act only if consumed; the rest need not */
	return (rd->dtrd_action == DTRACEACT_PRINTA ||
	    rd->dtrd_action == DTRACEACT_SETOPT ? DTRACE_CONSUME_THIS :
	    DTRACE_CONSUME_NEXT);
}

static void
records(void)
{
	dtrace_hdl_t *dtp = session("BEGIN { trace(-5); "
	    "trace((uint32_t)4000000000); trace((char)-1); "
	    "trace((uint8_t)200); trace(123456789012LL); trace(\"hello\"); "
	    "trace((void *)0x1234); printf(\"x=%d\\n\", 42); stack(); "
	    "@c = count(); printa(@c); setopt(\"quiet\"); exit(3); }");
	seen_t s;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int i = 0;

	memset(&s, 0, sizeof (s));
	CHECK(dtrace_go(dtp) == 0);
	CHECK(dtrace_work(dtp, fp, NULL, rec, &s) == DTRACE_WORKSTATUS_DONE);
	fclose(fp);
	CHECK(s.n == 12);
	CHECK(s.ends == 1);
	CHECK(strcmp(s.prv, "dtrace") == 0 && strcmp(s.prb, "BEGIN") == 0);
	/* trace(-5): an int */
	CHECK(s.act[i] == DTRACEACT_DIFEXPR && s.val[i].dtv_kind ==
	    DTRACE_VAL_INT && s.val[i].dtv_int == -5 &&
	    s.val[i].dtv_signed && s.val[i].dtv_width == 4);
	i++;
	CHECK(s.val[i].dtv_kind == DTRACE_VAL_INT &&
	    (uint64_t)s.val[i].dtv_int == 4000000000ULL &&
	    !s.val[i].dtv_signed && s.val[i].dtv_width == 4);
	i++;
	CHECK(s.val[i].dtv_kind == DTRACE_VAL_INT && s.val[i].dtv_int == -1 &&
	    s.val[i].dtv_signed && s.val[i].dtv_width == 1);
	i++;
	CHECK(s.val[i].dtv_kind == DTRACE_VAL_INT && s.val[i].dtv_int == 200 &&
	    !s.val[i].dtv_signed && s.val[i].dtv_width == 1);
	i++;
	CHECK(s.val[i].dtv_kind == DTRACE_VAL_INT &&
	    s.val[i].dtv_int == 123456789012LL && s.val[i].dtv_width == 8);
	i++;
	CHECK(s.val[i].dtv_kind == DTRACE_VAL_STRING &&
	    strcmp(s.str[i], "hello") == 0 && s.val[i].dtv_len == 5);
	i++;
	CHECK(s.val[i].dtv_kind == DTRACE_VAL_ADDR &&
	    s.val[i].dtv_addr == 0x1234);
	i++;
	CHECK(s.act[i] == DTRACEACT_PRINTF && s.val[i].dtv_kind ==
	    DTRACE_VAL_TEXT && strcmp(s.str[i], "x=42\n") == 0 &&
	    s.val[i].dtv_len == 5);
	i++;
	CHECK(s.act[i] == DTRACEACT_STACK &&
	    s.val[i].dtv_kind == DTRACE_VAL_STACK);
	/* BEGIN runs in no kernel call path: no frames, as in DTrace */
	CHECK(s.frames == 0 && s.framesok);
	i++;
	CHECK(s.act[i] == DTRACEACT_PRINTA && s.val[i].dtv_kind ==
	    DTRACE_VAL_AGG && s.val[i].dtv_naggs == 1 &&
	    strcmp(s.str[i], "@c") == 0);
	CHECK(s.aggid != 0 && s.aggents == 1 && s.aggval == 1);
	i++;
	CHECK(s.act[i] == DTRACEACT_SETOPT && s.val[i].dtv_kind ==
	    DTRACE_VAL_OPTION && strcmp(s.str[i], "quiet") == 0 &&
	    s.val[i].dtv_optval == NULL);
	i++;
	CHECK(s.act[i] == DTRACEACT_EXIT && s.val[i].dtv_kind ==
	    DTRACE_VAL_INT && s.val[i].dtv_int == 3);
	CHECK(dtrace_exit_status(dtp) == 3);
	/* only printa() was printed: its aggregation */
	CHECK(buf != NULL && strstr(buf, "x=42") == NULL &&
	    strstr(buf, "1") != NULL);
	free(buf);
	dtrace_close(dtp);
}

/* ---- aggregations as typed data ------------------------------------- */

#define MAXENTS	32

typedef struct ent {
	dtrace_aggid_t id;			/* aggregation */
	char name[32];				/* its name */
	dtrace_aggfunc_t func;			/* its function */
	unsigned int nkeys;			/* key components */
	dtrace_valkind_t kk[2];			/* their kinds */
	int64_t ki[2];				/* integer keys */
	char ks[2][32];				/* string keys */
	int64_t value, count, sum;		/* the value */
	uint64_t sumsq;				/* stddev */
	uint32_t nbuckets;			/* histograms */
	dtrace_aggbucket_t b[128];		/* their buckets */
} ent_t;

typedef struct ents {
	int n;					/* entries seen */
	int stopafter;				/* ABORT after so many, 0 */
	int fail;				/* return ERROR */
	ent_t e[MAXENTS];			/* them */
} ents_t;

static int
walker(const dtrace_aggdata_t *ad, void *arg)
{
	ents_t *es = arg;
	ent_t *e;

	CHECK(ad->dtada_size == sizeof (dtrace_aggdata_t));
	if (es->fail)
		return (DTRACE_AGGWALK_ERROR);
	if (es->n == MAXENTS)
		return (DTRACE_AGGWALK_NEXT);
	e = &es->e[es->n++];
	memset(e, 0, sizeof (*e));
	e->id = ad->dtada_id;
	snprintf(e->name, sizeof (e->name), "%s", ad->dtada_name);
	e->func = ad->dtada_func;
	e->nkeys = ad->dtada_nkeys;
	for (unsigned int k = 0; k < ad->dtada_nkeys && k < 2; k++) {
		e->kk[k] = ad->dtada_keys[k].dtv_kind;
		e->ki[k] = ad->dtada_keys[k].dtv_int;
		if (ad->dtada_keys[k].dtv_str != NULL)
			snprintf(e->ks[k], sizeof (e->ks[k]), "%s",
			    ad->dtada_keys[k].dtv_str);
	}
	e->value = ad->dtada_value;
	e->count = ad->dtada_count;
	e->sum = ad->dtada_sum;
	e->sumsq = ad->dtada_sumsq;
	e->nbuckets = ad->dtada_nbuckets;
	for (uint32_t i = 0; i < ad->dtada_nbuckets && i < 128; i++)
		e->b[i] = ad->dtada_buckets[i];
	if (es->stopafter > 0 && es->n == es->stopafter)
		return (DTRACE_AGGWALK_ABORT);
	return (DTRACE_AGGWALK_NEXT);
}

static const ent_t *
find(const ents_t *es, const char *name, const char *key)
{
	for (int i = 0; i < es->n; i++) {
		if (strcmp(es->e[i].name, name) == 0 && (key == NULL ||
		    strcmp(es->e[i].ks[0], key) == 0))
			return (&es->e[i]);
	}
	return (NULL);
}

/* The count of the bucket that holds v; -1 if buckets do not tile. */
static int64_t
bucket_of(const ent_t *e, int64_t v)
{
	int64_t c = -1;

	if (e->nbuckets == 0 || e->b[0].dtab_min != INT64_MIN ||
	    e->b[e->nbuckets - 1].dtab_max != INT64_MAX)
		return (-1);
	for (uint32_t i = 0; i < e->nbuckets; i++) {
		if (i > 0 && e->b[i].dtab_min != e->b[i - 1].dtab_max + 1)
			return (-1);
		if (e->b[i].dtab_min <= v && v <= e->b[i].dtab_max)
			c = e->b[i].dtab_count;
	}
	return (c);
}

static const char aggsrc[] = "BEGIN { "
    "@c[\"a\"] = count(); @c[\"a\"] = count(); @c[\"b\"] = count(); "
    "@c[\"c\"] = count(); @c[\"c\"] = count(); @c[\"c\"] = count(); "
    "@s[1, \"x\"] = sum(10); @s[1, \"x\"] = sum(-3); @s[2, \"y\"] = sum(5); "
    "@a = avg(2); @a = avg(4); @a = avg(9); "
    "@mn = min(7); @mn = min(-2); @mx = max(7); @mx = max(-2); "
    "@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4); "
    "@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9); "
    "@q = quantize(0); @q = quantize(1); @q = quantize(5); "
    "@q = quantize(5); @q = quantize(-3); "
    "@l = lquantize(15, 0, 100, 10); @l = lquantize(-1, 0, 100, 10); "
    "@l = lquantize(500, 0, 100, 10); "
    "@ll = llquantize(55, 10, 0, 3, 10); @ll = llquantize(3, 10, 0, 3, 10); "
    "exit(0); }";

static void
aggfuncs(dtrace_hdl_t *dtp)
{
	ents_t es;
	const ent_t *e;

	memset(&es, 0, sizeof (es));
	CHECK(dtrace_aggregate_walk(dtp, walker, &es) == 0);
	CHECK(es.n == 3 + 2 + 7);

	CHECK((e = find(&es, "@c", "a")) != NULL);
	if (e != NULL) {
		CHECK(e->func == DTRACEAGG_COUNT && e->value == 2 &&
		    e->count == 2 && e->nkeys == 1 &&
		    e->kk[0] == DTRACE_VAL_STRING);
	}
	for (int i = 0; i < es.n; i++) {
		e = &es.e[i];
		if (strcmp(e->name, "@s") != 0)
			continue;
		CHECK(e->func == DTRACEAGG_SUM && e->nkeys == 2 &&
		    e->kk[0] == DTRACE_VAL_INT && e->kk[1] == DTRACE_VAL_STRING);
		if (e->ki[0] == 1)
			CHECK(strcmp(e->ks[1], "x") == 0 && e->sum == 7 &&
			    e->value == 7);
		else
			CHECK(e->ki[0] == 2 && strcmp(e->ks[1], "y") == 0 &&
			    e->sum == 5);
	}
	CHECK((e = find(&es, "@a", NULL)) != NULL);
	if (e != NULL)
		CHECK(e->func == DTRACEAGG_AVG && e->count == 3 &&
		    e->sum == 15 && e->value == 5 && e->nkeys == 0);
	CHECK((e = find(&es, "@mn", NULL)) != NULL);
	if (e != NULL)
		CHECK(e->func == DTRACEAGG_MIN && e->value == -2 &&
		    e->count == 2);
	CHECK((e = find(&es, "@mx", NULL)) != NULL);
	if (e != NULL)
		CHECK(e->func == DTRACEAGG_MAX && e->value == 7);
	CHECK((e = find(&es, "@sd", NULL)) != NULL);
	if (e != NULL)
		CHECK(e->func == DTRACEAGG_STDDEV && e->count == 8 &&
		    e->sum == 40 && e->sumsq == 232 && e->value == 2);
	CHECK((e = find(&es, "@q", NULL)) != NULL);
	if (e != NULL) {
		CHECK(e->func == DTRACEAGG_QUANTIZE && e->count == 5 &&
		    e->value == 5 && e->nbuckets > 64);
		CHECK(bucket_of(e, 0) == 1 && bucket_of(e, 1) == 1);
		CHECK(bucket_of(e, 5) == 2 && bucket_of(e, 4) == 2 &&
		    bucket_of(e, 7) == 2 && bucket_of(e, 8) == 0);
		CHECK(bucket_of(e, -3) == 1 && bucket_of(e, -1) == 0);
	}
	CHECK((e = find(&es, "@l", NULL)) != NULL);
	if (e != NULL) {
		CHECK(e->func == DTRACEAGG_LQUANTIZE && e->count == 3 &&
		    e->nbuckets == 12);
		CHECK(bucket_of(e, 15) == 1 && bucket_of(e, 10) == 1 &&
		    bucket_of(e, 19) == 1 && bucket_of(e, 20) == 0);
		CHECK(bucket_of(e, -1) == 1 && bucket_of(e, 500) == 1 &&
		    bucket_of(e, 100) == 1 && bucket_of(e, 99) == 0);
	}
	CHECK((e = find(&es, "@ll", NULL)) != NULL);
	if (e != NULL) {
		CHECK(e->func == DTRACEAGG_LLQUANTIZE && e->count == 2);
		CHECK(bucket_of(e, 55) == 1 && bucket_of(e, 50) == 1 &&
		    bucket_of(e, 59) == 1 && bucket_of(e, 60) == 0);
		CHECK(bucket_of(e, 3) == 1 && bucket_of(e, 4) == 0);
	}
}

/* The keys of @c, in the order a walk gave them. */
static void
order(dtrace_hdl_t *dtp, int (*walk)(dtrace_hdl_t *, dtrace_aggregate_f *,
    void *), const char *want)
{
	ents_t es;
	char got[16] = "";

	memset(&es, 0, sizeof (es));
	CHECK(walk(dtp, walker, &es) == 0);
	for (int i = 0; i < es.n; i++) {
		if (strcmp(es.e[i].name, "@c") == 0)
			strncat(got, es.e[i].ks[0], sizeof (got) - strlen(got) -
			    1);
	}
	if (strcmp(got, want) != 0)
		fprintf(stderr, "order: got %s, want %s\n", got, want);
	CHECK(strcmp(got, want) == 0);
}

static void
aggregations(void)
{
	dtrace_hdl_t *dtp = session(aggsrc);
	dtrace_aggwalk_opts_t o;
	ents_t es;
	dtrace_aggid_t cid;
	struct {
		dtrace_aggwalk_opts_t o;
		char more[8];
	} big;

	/* before dtrace_go(): nothing to read */
	CHECK(dtrace_aggregate_snap(dtp) == -1 &&
	    dtrace_errno(dtp) == EDT_NOTACTIVE);
	CHECK(dtrace_aggregate_clear(dtp) == -1 &&
	    dtrace_errno(dtp) == EDT_NOTACTIVE);
	CHECK(dtrace_go(dtp) == 0);
	CHECK(dtrace_work(dtp, NULL, NULL, NULL, NULL) ==
	    DTRACE_WORKSTATUS_DONE);
	aggfuncs(dtp);

	/* @c: a 2, b 1, c 3 */
	order(dtp, dtrace_aggregate_walk_valsorted, "bac");
	order(dtp, dtrace_aggregate_walk_valrevsorted, "cab");
	order(dtp, dtrace_aggregate_walk_keysorted, "abc");
	order(dtp, dtrace_aggregate_walk_keyrevsorted, "cba");
	order(dtp, dtrace_aggregate_walk_sorted, "bac");	/* as printed */
	CHECK(dtrace_setopt(dtp, "aggsortkey", NULL) == 0);
	order(dtp, dtrace_aggregate_walk_sorted, "abc");
	CHECK(dtrace_setopt(dtp, "aggsortrev", NULL) == 0);
	order(dtp, dtrace_aggregate_walk_sorted, "cba");

	/* one aggregation, by id */
	memset(&es, 0, sizeof (es));
	es.stopafter = 1;
	CHECK(dtrace_aggregate_walk(dtp, walker, &es) == 0);
	CHECK(es.n == 1);		/* ABORT stops, the walk succeeds */
	cid = es.e[0].id;
	memset(&o, 0, sizeof (o));
	o.sz = sizeof (o);
	o.dtaw_sort = DTRACE_AGGSORT_KEY;
	o.dtaw_id = cid;
	memset(&es, 0, sizeof (es));
	CHECK(dtrace_aggregate_walk_opts(dtp, walker, &es, &o) == 0);
	CHECK(es.n >= 1);
	for (int i = 0; i < es.n; i++)
		CHECK(es.e[i].id == cid);
	o.dtaw_id = 9999;
	CHECK(dtrace_aggregate_walk_opts(dtp, walker, &es, &o) == -1 &&
	    dtrace_errno(dtp) == EDT_NOAGG);
	/* options: NULL is the default; unknown bytes must be 0 */
	memset(&es, 0, sizeof (es));
	CHECK(dtrace_aggregate_walk_opts(dtp, walker, &es, NULL) == 0);
	CHECK(es.n == 12);
	memset(&big, 0, sizeof (big));
	big.o.sz = sizeof (big);
	memset(&es, 0, sizeof (es));
	CHECK(dtrace_aggregate_walk_opts(dtp, walker, &es, &big.o) == 0);
	CHECK(es.n == 12);
	big.more[3] = 1;
	CHECK(dtrace_aggregate_walk_opts(dtp, walker, &es, &big.o) == -1 &&
	    dtrace_errno(dtp) == EDT_BADARG);
	o.dtaw_id = 0;
	o.dtaw_sort = 17;
	CHECK(dtrace_aggregate_walk_opts(dtp, walker, &es, &o) == -1 &&
	    dtrace_errno(dtp) == EDT_BADARG);
	CHECK(dtrace_aggregate_walk(dtp, NULL, NULL) == -1 &&
	    dtrace_errno(dtp) == EDT_BADARG);
	/* a failing callback fails the walk */
	memset(&es, 0, sizeof (es));
	es.fail = 1;
	CHECK(dtrace_aggregate_walk(dtp, walker, &es) == -1 &&
	    dtrace_errno(dtp) == EDT_CALLBACK);

	/* clear: values to zero, keys kept */
	CHECK(dtrace_aggregate_clear(dtp) == 0);
	memset(&es, 0, sizeof (es));
	CHECK(dtrace_aggregate_walk(dtp, walker, &es) == 0);
	CHECK(find(&es, "@c", "c") != NULL);
	for (int i = 0; i < es.n; i++)
		CHECK(es.e[i].value == 0 && es.e[i].count == 0 &&
		    es.e[i].sum == 0);
	dtrace_close(dtp);
}

/*
 * A live session: the snapshot stays as taken until the next snap;
 * dtrace_consume() reads records without stopping anything.
 */
typedef struct texts {
	int n;				/* TEXT records */
	int bad;			/* other text */
} texts_t;

static int
textrec(const dtrace_probedata_t *pd, const dtrace_recdesc_t *rd, void *arg)
{
	texts_t *t = arg;

	if (rd == NULL)
		return (DTRACE_CONSUME_NEXT);
	if (rd->dtrd_value->dtv_kind == DTRACE_VAL_TEXT &&
	    strcmp(rd->dtrd_value->dtv_str, "g1") == 0 &&
	    strcmp(pd->dtpda_pdesc->prv, "syscall") == 0 &&
	    strcmp(pd->dtpda_pdesc->fun, "getpid") == 0)
		t->n++;
	else
		t->bad++;
	return (DTRACE_CONSUME_NEXT);
}

static int
failrec(const dtrace_probedata_t *pd, const dtrace_recdesc_t *rd, void *arg)
{
	(void) pd;
	(void) rd;
	(void) arg;
	return (DTRACE_CONSUME_ERROR);
}

static int64_t
count_of(dtrace_hdl_t *dtp)
{
	ents_t es;

	memset(&es, 0, sizeof (es));
	CHECK(dtrace_aggregate_walk(dtp, walker, &es) == 0);
	return (es.n == 1 ? es.e[0].value : -1);
}

static void
live(void)
{
	dtrace_hdl_t *dtp = session("syscall::getpid:entry /pid == $pid/ "
	    "{ @n = count(); printf(\"g%d\", 1); }");
	texts_t t = { 0, 0 };

	CHECK(dtrace_consume(dtp, NULL, NULL, NULL, NULL) == -1 &&
	    dtrace_errno(dtp) == EDT_NOTACTIVE);
	CHECK(dtrace_go(dtp) == 0);
	for (int i = 0; i < 3; i++)
		(void) syscall(SYS_getpid);
	CHECK(dtrace_aggregate_snap(dtp) == 0);
	CHECK(count_of(dtp) == 3);
	for (int i = 0; i < 2; i++)
		(void) syscall(SYS_getpid);
	CHECK(count_of(dtp) == 3);		/* the same snapshot */
	CHECK(dtrace_aggregate_snap(dtp) == 0);
	CHECK(count_of(dtp) == 5);
	CHECK(dtrace_consume(dtp, NULL, NULL, textrec, &t) == 0);
	CHECK(t.n == 5 && t.bad == 0);
	CHECK(dtrace_status(dtp) == DTRACE_STATUS_OKAY);
	/* a callback's error fails the consume */
	(void) syscall(SYS_getpid);
	CHECK(dtrace_consume(dtp, NULL, NULL, failrec, NULL) == -1 &&
	    dtrace_errno(dtp) == EDT_CALLBACK);
	CHECK(dtrace_stop(dtp) == 0);
	/* after stop the maps are still there */
	CHECK(dtrace_aggregate_snap(dtp) == 0);
	CHECK(count_of(dtp) == 6);
	dtrace_close(dtp);
}

/* Stacks as keys: frames with addresses and names, a user stack's pid. */
typedef struct stacks {
	int kernel;			/* kernel stack keys, well formed */
	int user;			/* user stack keys, well formed */
	int bad;			/* others */
} stacks_t;

static int
frames_ok(const dtrace_value_t *v)
{
	if (v->dtv_nframes == 0)
		return (0);
	for (uint32_t i = 0; i < v->dtv_nframes; i++) {
		if (v->dtv_frames[i].dtfr_pc == 0 ||
		    v->dtv_frames[i].dtfr_name == NULL ||
		    v->dtv_frames[i].dtfr_name[0] == '\0')
			return (0);
	}
	return (1);
}

static int
stackwalk(const dtrace_aggdata_t *ad, void *arg)
{
	stacks_t *st = arg;
	const dtrace_value_t *k = &ad->dtada_keys[0];

	if (ad->dtada_nkeys == 1 && k->dtv_kind == DTRACE_VAL_STACK &&
	    frames_ok(k) && ad->dtada_value == 2)
		st->kernel++;
	else if (ad->dtada_nkeys == 1 && k->dtv_kind == DTRACE_VAL_USTACK &&
	    frames_ok(k) && k->dtv_pid == getpid() && ad->dtada_value == 2)
		st->user++;
	else
		st->bad++;
	return (DTRACE_AGGWALK_NEXT);
}

static void
stackkeys(void)
{
	dtrace_hdl_t *dtp = session("syscall::getpid:entry /pid == $pid/ "
	    "{ @k[stack()] = count(); @u[ustack()] = count(); }");
	stacks_t st = { 0, 0, 0 };

	CHECK(dtrace_go(dtp) == 0);
	for (int i = 0; i < 2; i++)
		(void) syscall(SYS_getpid);	/* one call site: one stack */
	CHECK(dtrace_stop(dtp) == 0);
	CHECK(dtrace_aggregate_walk(dtp, stackwalk, &st) == 0);
	CHECK(st.kernel == 1 && st.user == 1 && st.bad == 0);
	dtrace_close(dtp);
}

/* dtrace_consume() on exit(): no stop, END only once the caller stops. */
static void
consume_exit(void)
{
	dtrace_hdl_t *dtp = session("BEGIN { printf(\"b\"); exit(0); } "
	    "END { printf(\"e\"); }");
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	CHECK(dtrace_go(dtp) == 0);
	fp = open_memstream(&buf, &len);
	CHECK(dtrace_consume(dtp, fp, NULL, NULL, NULL) == 0);
	fflush(fp);
	CHECK(strcmp(buf, "b") == 0);
	CHECK(dtrace_status(dtp) == DTRACE_STATUS_EXITED);
	CHECK(dtrace_consume(dtp, fp, NULL, NULL, NULL) == 0);
	fflush(fp);
	CHECK(strcmp(buf, "b") == 0);		/* END has not fired */
	CHECK(dtrace_stop(dtp) == 0);
	CHECK(dtrace_consume(dtp, fp, NULL, NULL, NULL) == 0);
	fclose(fp);
	CHECK(strcmp(buf, "be") == 0);
	free(buf);
	dtrace_close(dtp);
}

/* DTRACE_CONSUME_ABORT: the call stops at once; later firings wait. */
static int
abortonce(const dtrace_probedata_t *pd, void *arg)
{
	int *n = arg;

	(void) pd;
	return ((*n)++ == 0 ? DTRACE_CONSUME_ABORT : DTRACE_CONSUME_THIS);
}

static void
consume_abort(void)
{
	dtrace_hdl_t *dtp = session("BEGIN { printf(\"a\"); } "
	    "BEGIN { printf(\"b\"); } BEGIN { printf(\"c\"); exit(0); }");
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int n = 0;

	CHECK(dtrace_go(dtp) == 0);
	CHECK(dtrace_consume(dtp, fp, abortonce, NULL, &n) == 0);
	fflush(fp);
	CHECK(n == 1 && len == 0);		/* stopped at the first */
	CHECK(dtrace_status(dtp) == DTRACE_STATUS_OKAY);
	CHECK(dtrace_work(dtp, fp, abortonce, NULL, &n) ==
	    DTRACE_WORKSTATUS_DONE);
	fclose(fp);
	CHECK(n == 3 && strcmp(buf, "bc") == 0);
	free(buf);
	dtrace_close(dtp);
}

/* ---- the buffered handler ------------------------------------------ */

typedef struct bufs {
	int nrec;			/* texts of records */
	int nagg;			/* texts of aggregations */
	int abort;			/* answer ABORT */
	char text[512];			/* all the text, in order */
	dtrace_actkind_t act[8];	/* each record text's action */
	dtrace_aggid_t aggid;		/* of the last aggregation text */
} bufs_t;

static int
bufhdlr(const dtrace_bufdata_t *bd, void *arg)
{
	bufs_t *b = arg;

	CHECK(bd->dtbda_size == sizeof (dtrace_bufdata_t));
	CHECK(strlen(bd->dtbda_buffered) == bd->dtbda_len);
	strncat(b->text, bd->dtbda_buffered, sizeof (b->text) -
	    strlen(b->text) - 1);
	if (bd->dtbda_probe != NULL && bd->dtbda_recdesc != NULL) {
		CHECK(bd->dtbda_recdesc->dtrd_value != NULL);
		if (b->nrec < 8)
			b->act[b->nrec] = bd->dtbda_recdesc->dtrd_action;
		b->nrec++;
	} else if (bd->dtbda_probe == NULL) {
		b->aggid = bd->dtbda_aggid;
		b->nagg++;
	}
	return (b->abort ? DTRACE_HANDLE_ABORT : DTRACE_HANDLE_OK);
}

static void
buffered(void)
{
	dtrace_hdl_t *dtp = session("BEGIN { printf(\"one %d\\n\", 1); "
	    "trace(\"two\"); @[\"k\"] = sum(7); exit(0); }");
	bufs_t b;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	memset(&b, 0, sizeof (b));
	CHECK(dtrace_setopt(dtp, "quiet", NULL) == 0);
	CHECK(dtrace_handle_buffered(dtp, bufhdlr, &b) == 0);
	CHECK(dtrace_go(dtp) == 0);
	CHECK(dtrace_work(dtp, fp, NULL, NULL, NULL) ==
	    DTRACE_WORKSTATUS_DONE);
	CHECK(b.nrec == 2);
	CHECK(b.act[0] == DTRACEACT_PRINTF && b.act[1] == DTRACEACT_DIFEXPR);
	CHECK(strcmp(b.text, "one 1\ntwo") == 0);
	CHECK(dtrace_aggregate_print(dtp, fp, NULL) == 0);
	CHECK(b.nagg == 1 && b.aggid != 0);
	CHECK(strstr(b.text, "k") != NULL && strstr(b.text, "7") != NULL);
	fclose(fp);
	CHECK(len == 0);		/* nothing went to the file */
	free(buf);
	dtrace_close(dtp);

	/* a handler's ABORT fails the consume */
	dtp = session("BEGIN { printf(\"x\"); exit(0); }");
	memset(&b, 0, sizeof (b));
	b.abort = 1;
	CHECK(dtrace_handle_buffered(dtp, bufhdlr, &b) == 0);
	CHECK(dtrace_go(dtp) == 0);
	CHECK(dtrace_work(dtp, NULL, NULL, NULL, NULL) ==
	    DTRACE_WORKSTATUS_ERROR);
	CHECK(dtrace_errno(dtp) == EDT_CALLBACK);
	CHECK(b.nrec == 1);
	dtrace_close(dtp);
}

int
main(void)
{
	records();
	aggregations();
	live();
	stackkeys();
	consume_exit();
	consume_abort();
	buffered();
	return (check_done("api"));
}
