/*
 * dt_pbuf.c: the principal buffer policies fill and ring (option
 * bufpolicy), over the one BPF ring buffer all CPUs share.
 *
 * DTrace keeps a principal buffer of bufsize bytes per CPU.  Under the
 * default policy, switch, the consumer reads the buffers every
 * switchrate and prints what they hold: here the ring buffer is read as
 * it fills and records are printed in the order they came (dt_consume.c).
 * The two other policies keep records and print them only when tracing
 * stops; the kernel's ring buffer can neither stop one CPU nor overwrite
 * its oldest records, so the consumer still reads every record as it
 * comes and keeps it in a buffer of its own per CPU (by the record's
 * rh_cpu), of bufsize bytes as DTrace's are:
 *
 *  - fill: records are kept until one CPU's buffer would pass bufsize;
 *    that record and every later one are left out, and tracing stops as
 *    if exit(0) had been called: END fires, and its records are always
 *    kept (DTrace reserves room for them).
 *  - ring: each CPU's buffer keeps its latest bufsize bytes of records,
 *    the oldest going as new ones come.
 *
 * A record counts against bufsize what DTrace's record of the firing
 * takes (dtrace_size()), not the bytes of ours: its 4-byte enabled probe
 * id, then each value at its type's size and alignment (trace() of an
 * int 4 bytes, exit()'s status 4, a long 8 after padding), the whole
 * rounded to its largest alignment: trace(i) of an int takes 8 bytes, so
 * 50 bytes hold six such records, as in DTrace.
 *
 * When tracing has stopped and END's records are read, the records kept
 * are printed CPU after CPU, each CPU's in the order they were traced,
 * the CPU that ran END last (as DTrace does), through the same code as
 * records read at once (dt_consume_rec() with dt_pbflush set).  An exit()
 * takes effect when its record is read, not when it is printed.  Records
 * of processes discovery follows (exec, exit, loader changes) are never
 * kept.  Aggregations do not live in the principal buffer: printa() and
 * the aggregations printed at the end are what they are then, as in
 * DTrace.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/dt_impl.h"
#include "dt_consume.h"
#include "../probes/dt_probe.h"
#include "../dlang/dt_clause.h"

/* One record kept: its bytes as the ring buffer gave them. */
typedef struct dt_pbrec {
	size_t pr_size;			/* bytes in pr_data */
	uint64_t pr_cost;		/* what it counts against bufsize
					   (dtrace_size()) */
	char pr_data[];			/* header and data */
} dt_pbrec_t;

/* The records kept for one CPU, oldest first, in a circular array. */
typedef struct dt_pbuf {
	dt_pbrec_t **pb_recs;		/* pb_cap slots */
	unsigned int pb_head;		/* slot of the oldest */
	unsigned int pb_n;		/* records kept */
	unsigned int pb_cap;		/* slots allocated */
	uint64_t pb_bytes;		/* their costs, summed */
} dt_pbuf_t;

static dt_pbuf_t *
pbuf_of(dtrace_hdl_t *dtp, uint32_t cpu)
{
	if (dtp->dt_pbufs == NULL &&
	    (dtp->dt_pbufs = dt_zalloc(dtp, DT_DROPCPUS *
	    sizeof (dt_pbuf_t))) == NULL)
		return (NULL);
	return (&dtp->dt_pbufs[cpu % DT_DROPCPUS]);
}

static void
pbuf_pop(dt_pbuf_t *pb)
{
	dt_pbrec_t *pr = pb->pb_recs[pb->pb_head];

	pb->pb_bytes -= pr->pr_cost;
	free(pr);
	pb->pb_head = (pb->pb_head + 1) % pb->pb_cap;
	pb->pb_n--;
}

static int
pbuf_push(dtrace_hdl_t *dtp, dt_pbuf_t *pb, const char *data, size_t size,
    uint64_t cost)
{
	dt_pbrec_t *pr;

	if (pb->pb_n == pb->pb_cap) {
		unsigned int cap = pb->pb_cap * 2 + 64;
		dt_pbrec_t **recs = dt_zalloc(dtp, cap * sizeof (*recs));

		if (recs == NULL)
			return (-1);
		for (unsigned int i = 0; i < pb->pb_n; i++)
			recs[i] = pb->pb_recs[(pb->pb_head + i) % pb->pb_cap];
		free(pb->pb_recs);
		pb->pb_recs = recs;
		pb->pb_head = 0;
		pb->pb_cap = cap;
	}
	if ((pr = dt_zalloc(dtp, sizeof (*pr) + size)) == NULL)
		return (-1);
	pr->pr_size = size;
	pr->pr_cost = cost;
	memcpy(pr->pr_data, data, size);
	pb->pb_recs[(pb->pb_head + pb->pb_n) % pb->pb_cap] = pr;
	pb->pb_n++;
	pb->pb_bytes += cost;
	return (0);
}

/* A value's bytes in DTrace's record: an integer's its type's size. */
static uint32_t
value_size(const dt_datarec_t *r)
{
	if (r->dr_type.ty_kind == DT_TK_INT && r->dr_type.ty_size >= 1 &&
	    r->dr_type.ty_size <= 8)
		return (r->dr_type.ty_size);
	return (r->dr_size);
}

/* Add a value of sz bytes at *off, aligned as DTrace aligns it. */
static void
add_value(uint64_t *off, uint32_t *align, uint32_t sz)
{
	uint32_t a = sz >= 8 ? 8 : sz >= 4 ? 4 : sz >= 2 ? 2 : 1;

	*off = (*off + a - 1) & ~(uint64_t)(a - 1);
	*off += sz;
	if (a > *align)
		*align = a;
}

/* What DTrace's record of this firing's data takes (see above). */
static uint64_t
dtrace_size(const dtrace_hdl_t *dtp, const dt_rechdr_t *hdr, size_t size)
{
	const dt_clause_t *dcp;
	uint64_t off = 4;
	uint32_t align = 4;

	if (hdr->rh_kind != DT_REC_DATA || hdr->rh_clause >= dtp->dt_nclauses)
		return (size);
	dcp = dtp->dt_clauses[hdr->rh_clause];
	for (unsigned int i = 0; i < dcp->dc_nrecs; i++) {
		const dt_datarec_t *r = &dcp->dc_recs[i];

		switch (r->dr_kind) {
		case DTRACEACT_NONE:
			break;
		case DTRACEACT_EXIT:
			add_value(&off, &align, 4);
			break;
		case DTRACEACT_PRINTF:
		case DTRACEACT_SYSTEM:
		case DTRACEACT_FREOPEN:
			for (uint32_t a = 0; a < r->dr_nargs; a++)
				add_value(&off, &align,
				    value_size(&r->dr_args[a]));
			break;
		default:
			add_value(&off, &align, value_size(r));
			break;
		}
	}
	return ((off + align - 1) & ~(uint64_t)(align - 1));
}

/*
 * Keep a record read from the ring buffer (fill or ring policy); 0, or
 * -1 (out of memory, set on the handle).
 */
int
dt_pbuf_keep(dtrace_hdl_t *dtp, const char *data, size_t size)
{
	uint64_t bufsize = dtp->dt_opts.op_bufsize, cost;
	dt_rechdr_t hdr;
	dt_pbuf_t *pb;

	memcpy(&hdr, data, sizeof (hdr));
	cost = dtrace_size(dtp, &hdr, size);
	dt_consume_exit(dtp, data, size);
	if ((pb = pbuf_of(dtp, hdr.rh_cpu)) == NULL)
		return (-1);
	if (dtp->dt_opts.op_bufpolicy == DT_BUFPOLICY_FILL &&
	    hdr.rh_prid != DT_PRID_END) {
		if (dtp->dt_pbfilled)
			return (0);
		if (pb->pb_bytes + cost > bufsize) {
			/* full: tracing stops, as exit(0) would */
			dtp->dt_pbfilled = true;
			if (!dtp->dt_exited) {
				dtp->dt_exited = true;
				dtp->dt_exitstatus = 0;
			}
			return (0);
		}
	}
	if (pbuf_push(dtp, pb, data, size, cost) != 0)
		return (-1);
	while (dtp->dt_opts.op_bufpolicy == DT_BUFPOLICY_RING &&
	    pb->pb_bytes > bufsize && pb->pb_n > 1)
		pbuf_pop(pb);
	return (0);
}

/*
 * Tracing has stopped and END's records are kept: print every record
 * kept, CPU after CPU, END's CPU last.  0, or what dt_consume_rec()
 * returned that stopped it.
 */
int
dt_pbuf_flush(dtrace_hdl_t *dtp)
{
	int endcpu = -1, rv = 0;

	if (dtp->dt_pbufs == NULL)
		return (0);
	for (int c = 0; c < DT_DROPCPUS && endcpu < 0; c++) {
		const dt_pbuf_t *pb = &dtp->dt_pbufs[c];

		for (unsigned int i = 0; i < pb->pb_n; i++) {
			const dt_pbrec_t *pr =
			    pb->pb_recs[(pb->pb_head + i) % pb->pb_cap];
			dt_rechdr_t hdr;

			memcpy(&hdr, pr->pr_data, sizeof (hdr));
			if (hdr.rh_prid == DT_PRID_END) {
				endcpu = c;
				break;
			}
		}
	}
	dtp->dt_pbflush = true;
	for (int k = 0; k <= DT_DROPCPUS && rv == 0; k++) {
		int c = k < DT_DROPCPUS ? k : endcpu;
		dt_pbuf_t *pb;

		if (c < 0 || (k < DT_DROPCPUS && c == endcpu))
			continue;
		pb = &dtp->dt_pbufs[c];
		while (pb->pb_n > 0 && rv == 0) {
			dt_pbrec_t *pr = pb->pb_recs[pb->pb_head];

			rv = dt_consume_rec(dtp, pr->pr_data, pr->pr_size);
			pbuf_pop(pb);
		}
	}
	dtp->dt_pbflush = false;
	return (rv);
}

void
dt_pbuf_free(dtrace_hdl_t *dtp)
{
	if (dtp->dt_pbufs == NULL)
		return;
	for (int c = 0; c < DT_DROPCPUS; c++) {
		dt_pbuf_t *pb = &dtp->dt_pbufs[c];

		while (pb->pb_n > 0)
			pbuf_pop(pb);
		free(pb->pb_recs);
	}
	free(dtp->dt_pbufs);
	dtp->dt_pbufs = NULL;
}
