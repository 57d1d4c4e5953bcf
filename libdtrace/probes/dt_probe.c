/*
 * dt_probe.c: the probe registry and matching.
 *
 * Probes are numbered from 1 in the order they are created; the dtrace
 * provider is populated at open so that BEGIN, END and ERROR are 1, 2, 3.
 * Other providers are populated lazily, the first time a description's
 * provider field can match them, so that a program using only BEGIN never
 * reads tracefs.  A provider may also create a probe a description names
 * exactly (profile-N, tick-N) through its provide() callback; the pid
 * provider creates all its probes that way, for the process a description
 * names (pid1234:libc.so.6:malloc:entry).
 *
 * Attachments (perf events, BPF links) are file descriptors of the session:
 * when they are closed, or the process dies, the kernel detaches them.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>

#include "../core/dt_impl.h"
#include "../bpf/dt_bpf.h"
#include "dt_probe.h"
#include "../codegen/dt_insn.h"
#include "../dlang/dt_clause.h"

/*
 * Providers are always populated in this order (see populate_upto()), so
 * that a probe has the same id in every session, in dtrace -l and -i.
 * profile comes after the providers whose probes are all listed: the
 * probes it creates on demand (tick-100ms) come after theirs.  rawtp and
 * fbt are last so that only descriptions that can name them read their
 * lists (fbt's, the kernel's BTF functions, is the longer: last).
 */
const dt_provider_t *const dt_providers[] = {
	&dt_prov_dtrace,
	&dt_prov_syscall,
	&dt_prov_proc,
	&dt_prov_sched,
	&dt_prov_io,
	&dt_prov_tcp,
	&dt_prov_ip,
	&dt_prov_profile,
	&dt_prov_pid,
	&dt_prov_usdt,
	&dt_prov_rawtp,
	&dt_prov_sdt,
	&dt_prov_fbt,
	NULL
};
_Static_assert(sizeof (dt_providers) / sizeof (dt_providers[0]) ==
    DT_NPROVIDERS + 1, "DT_NPROVIDERS (dt_impl.h) counts dt_providers[]");

/*
 * Can the provider be the one a description's provider field names?  A
 * provider of processes (pid) is named with a process id: pid1234; a USDT
 * provider's name is its own, ending in a process id (myprov1234).
 */
static bool
prov_may_match(const dt_provider_t *pv, const char *prv)
{
	size_t len = strlen(pv->pv_name);

	if (pv->pv_anyprov)
		return (prv[0] == '\0' || strpbrk(prv, "*?[\\") != NULL ||
		    isdigit((unsigned char)prv[strlen(prv) - 1]));
	if (!pv->pv_pidprov)
		return (dt_gmatch(pv->pv_name, prv));
	if (prv[0] == '\0' || strpbrk(prv, "*?[\\") != NULL)
		return (true);
	if (strncmp(prv, pv->pv_name, len) != 0 || prv[len] == '\0')
		return (false);
	return (strspn(prv + len, "0123456789") == strlen(prv + len));
}

dt_probe_t *
dt_probe_create(dtrace_hdl_t *dtp, const dt_provider_t *pv, const char *mod,
    const char *fun, const char *name)
{
	dt_probe_t *prp;

	if (dtp->dt_nfreeids > 0) {
		/* a retired probe's id, whose records were all read */
		uint32_t id = dtp->dt_freeids[--dtp->dt_nfreeids];

		prp = dtp->dt_probes[id - 1];
		memset(prp, 0, sizeof (*prp));
		prp->pr_desc.id = id;
	} else {
		if (dtp->dt_nprobes == dtp->dt_probecap &&
		    dt_grow(dtp, (void **)&dtp->dt_probes, &dtp->dt_probecap,
		    64, sizeof (dt_probe_t *)) != 0)
			return (NULL);
		if ((prp = dt_zalloc(dtp, sizeof (*prp))) == NULL)
			return (NULL);
		prp->pr_desc.id = dtp->dt_nprobes + 1;
		dtp->dt_probes[dtp->dt_nprobes++] = prp;
	}
	prp->pr_prov = pv;
	prp->pr_serial = dtp->dt_probeserial++;
	snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv), "%s",
	    pv->pv_name);
	snprintf(prp->pr_desc.mod, sizeof (prp->pr_desc.mod), "%s", mod);
	snprintf(prp->pr_desc.fun, sizeof (prp->pr_desc.fun), "%s", fun);
	snprintf(prp->pr_desc.prb, sizeof (prp->pr_desc.prb), "%s", name);
	return (prp);
}

/*
 * A probe of a process or file that is gone (probes/dt_discover.c): it
 * becomes inert (no clause, never matched nor attached), its names leave
 * the probes map, and its id is given to a new probe once the records
 * that may name it are read: records of a process come before the news
 * of its exit, so those read in the round after the one that retired it
 * are the last (dt_probe_reap()).  Until then the consumer still finds
 * its names.
 */
void
dt_probe_retire(dtrace_hdl_t *dtp, dt_probe_t *prp)
{
	uint32_t id = prp->pr_desc.id;

	if (prp->pr_retired || id <= DT_PRID_ERROR)
		return;
	if (dtp->dt_nretiring == dtp->dt_retiringcap &&
	    dt_grow(dtp, (void **)&dtp->dt_retiring, &dtp->dt_retiringcap,
	    64, sizeof (uint32_t)) != 0)
		return;		/* kept: a leak, not a fault */
	if (dtp->dt_mapfd[DT_MAP_PROBES] >= 0)
		(void) bpf_map_delete_elem(dtp->dt_mapfd[DT_MAP_PROBES], &id);
	free(prp->pr_clauses);
	prp->pr_clauses = NULL;
	prp->pr_nclauses = prp->pr_clausecap = 0;
	prp->pr_retired = true;
	prp->pr_attached = true;
	prp->pr_shared = false;
	prp->pr_data = prp->pr_data2 = 0;
	dtp->dt_retiring[dtp->dt_nretiring++] = id;
}

/*
 * A round of dtrace_work() has read the buffers: the ids retired before
 * it may be given again.  Called before the round retires more.
 */
void
dt_probe_reap(dtrace_hdl_t *dtp)
{
	if (dtp->dt_nretiring == 0)
		return;
	if (dtp->dt_nfreeids + dtp->dt_nretiring > dtp->dt_freeidcap) {
		unsigned int cap = dtp->dt_nfreeids + dtp->dt_nretiring;
		uint32_t *ids = realloc(dtp->dt_freeids, cap *
		    sizeof (uint32_t));

		if (ids == NULL)
			return;		/* again next round */
		dtp->dt_freeids = ids;
		dtp->dt_freeidcap = cap;
	}
	memcpy(dtp->dt_freeids + dtp->dt_nfreeids, dtp->dt_retiring,
	    dtp->dt_nretiring * sizeof (uint32_t));
	dtp->dt_nfreeids += dtp->dt_nretiring;
	dtp->dt_nretiring = 0;
}

/*
 * The statement number (dc_stmt) that the clause at position pos of the
 * probe's list runs as.  A clause is one statement for each of its probe
 * descriptions, as DTrace counts them: the probe runs the clause once for
 * each description that matches it, in order (the n-th time the clause is
 * in the list, the n-th matching description); a probe no description names
 * (a shared USDT probe) counts as the first.
 */
unsigned int
dt_probe_stmt(const dtrace_hdl_t *dtp, const dt_probe_t *prp,
    unsigned int pos)
{
	unsigned int c = prp->pr_clauses[pos], nth = 0;
	const dt_clause_t *dcp = dtp->dt_clauses[c];

	if (dcp->dc_ndescs < 2)
		return (dcp->dc_stmt);
	for (unsigned int i = 0; i < pos; i++)
		nth += prp->pr_clauses[i] == c;
	for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
		if (dt_probe_matches(prp, &dcp->dc_descs[d]) && nth-- == 0)
			return (dcp->dc_stmt + d);
	}
	return (dcp->dc_stmt);
}

/*
 * Do the probes run the same clauses as the same statements (so that they
 * share a program)?
 */
bool
dt_probe_same_clauses(const dtrace_hdl_t *dtp, const dt_probe_t *a,
    const dt_probe_t *b)
{
	if (a->pr_nclauses != b->pr_nclauses ||
	    memcmp(a->pr_clauses, b->pr_clauses, a->pr_nclauses *
	    sizeof (unsigned int)) != 0)
		return (false);
	for (unsigned int i = 0; i < a->pr_nclauses; i++) {
		if (dt_probe_stmt(dtp, a, i) != dt_probe_stmt(dtp, b, i))
			return (false);
	}
	return (true);
}

/* The probe with exactly these names, or NULL. */
dt_probe_t *
dt_probe_lookup(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp)
{
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];

		if (!prp->pr_retired &&
		    strcmp(prp->pr_desc.prv, pdp->prv) == 0 &&
		    strcmp(prp->pr_desc.mod, pdp->mod) == 0 &&
		    strcmp(prp->pr_desc.fun, pdp->fun) == 0 &&
		    strcmp(prp->pr_desc.prb, pdp->prb) == 0)
			return (prp);
	}
	return (NULL);
}

void
dt_probes_free(dtrace_hdl_t *dtp)
{
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		free(dtp->dt_probes[i]->pr_clauses);
		free(dtp->dt_probes[i]);
	}
	free(dtp->dt_probes);
	dtp->dt_probes = NULL;
	dtp->dt_nprobes = dtp->dt_probecap = 0;
	free(dtp->dt_retiring);
	free(dtp->dt_freeids);
	dtp->dt_retiring = dtp->dt_freeids = NULL;
	dtp->dt_nretiring = dtp->dt_retiringcap = 0;
	dtp->dt_nfreeids = dtp->dt_freeidcap = 0;
}

static int populate_upto(dtrace_hdl_t *, int);

/*
 * A new session: each provider creates its own state (pv_init), in the
 * table's order, so that a provider whose state another uses (pid's
 * modules, which usdt reads; rawtp's tracefs events, which sdt lists) has
 * made it first; then the dtrace provider, first in the table, is
 * populated, so that BEGIN, END and ERROR are probes 1, 2 and 3.
 */
int
dt_providers_init(dtrace_hdl_t *dtp)
{
	for (int p = 0; p < DT_NPROVIDERS; p++) {
		if (dt_providers[p]->pv_init != NULL &&
		    dt_providers[p]->pv_init(dtp, &dtp->dt_provdata[p]) != 0)
			return (-1);
	}
	return (populate_upto(dtp, 0));
}

/*
 * The end of a session: each provider frees its state (pv_fini), in the
 * reverse order, users before owners.  Also after a dt_providers_init()
 * that failed: a pv_fini accepts NULL.
 */
void
dt_providers_fini(dtrace_hdl_t *dtp)
{
	for (int p = DT_NPROVIDERS - 1; p >= 0; p--) {
		if (dt_providers[p]->pv_fini != NULL)
			dt_providers[p]->pv_fini(dtp, dtp->dt_provdata[p]);
		dtp->dt_provdata[p] = NULL;
	}
}

/* The state provider pv made for this session (its pv_init), or NULL. */
void *
dt_provdata(dtrace_hdl_t *dtp, const dt_provider_t *pv)
{
	for (int p = 0; p < DT_NPROVIDERS; p++) {
		if (dt_providers[p] == pv)
			return (dtp->dt_provdata[p]);
	}
	return (NULL);
}

/*
 * Populate providers 0 .. last, in order.  A provider that needs tracefs
 * when tracefs cannot be had is left without probes (dt_provnotfs), so that
 * the others still work: a description that matches nothing because of it
 * says so (dt_probe_match).
 */
static int
populate_upto(dtrace_hdl_t *dtp, int last)
{
	for (int p = 0; p <= last; p++) {
		if (dtp->dt_provpop & (1U << p))
			continue;
		if (dt_providers[p]->pv_populate != NULL &&
		    dt_providers[p]->pv_populate(dtp) != 0) {
			if (dtp->dt_errno != EDT_NOTRACEFS)
				return (-1);
			dtp->dt_provnotfs |= 1U << p;
		}
		dtp->dt_provpop |= 1U << p;
	}
	return (0);
}

/* No probe matched pdp, and provider p, which might have, lacks tracefs. */
static int
notfs_error(dtrace_hdl_t *dtp, int p)
{
	return (dt_set_errmsg(dtp, EDT_NOTRACEFS, "the %s provider needs "
	    "tracefs, which %s", dt_providers[p]->pv_name,
	    dtp->dt_notfswhy != NULL ? dtp->dt_notfswhy : "is not mounted "
	    "at /sys/kernel/tracing and could not be mounted there"));
}

/*
 * Can the provider have a probe named name?  Only a literal name is
 * checked against the provider's name globs; a glob may match anything.
 */
static bool
names_may_match(const dt_provider_t *pv, const char *name)
{
	if (pv->pv_names == NULL || name[0] == '\0' ||
	    strpbrk(name, "*?[\\") != NULL)
		return (true);
	for (int i = 0; pv->pv_names[i] != NULL; i++) {
		if (dt_gmatch(name, pv->pv_names[i]))
			return (true);
	}
	return (false);
}

/*
 * Does the probe match the description?  For a provider of processes or
 * of USDT the provider field is matched against the probe's own provider
 * name (pid1234, myprov1234), else the provider was chosen by its name.
 */
bool
dt_probe_matches(const dt_probe_t *prp, const dtrace_probedesc_t *pdp)
{
	const dt_provider_t *pv = prp->pr_prov;

	if (prp->pr_shared || prp->pr_retired)
		return (false);	/* no description names it */
	return (((!pv->pv_pidprov && !pv->pv_anyprov) ||
	    dt_gmatch(prp->pr_desc.prv, pdp->prv)) &&
	    (pv->pv_modmatch != NULL ? pv->pv_modmatch(prp, pdp->mod) :
	    dt_gmatch(prp->pr_desc.mod, pdp->mod)) &&
	    (pv->pv_funmatch != NULL ? pv->pv_funmatch(prp, pdp->fun) :
	    dt_gmatch(prp->pr_desc.fun, pdp->fun)) &&
	    dt_gmatch(prp->pr_desc.prb, pdp->prb));
}

/*
 * Call func for every probe matching pdp, populating and asking providers
 * as needed.  Returns the number of matches, or -1 if func or a provider
 * failed.
 */
int
dt_probe_match(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    int (*func)(dtrace_hdl_t *, dt_probe_t *, void *), void *arg)
{
	int n = 0, notfs = -1;

	if (pdp->id != 0) {
		/* a probe id: every provider is listed */
		int last = 0;

		while (dt_providers[last + 1] != NULL)
			last++;
		if (populate_upto(dtp, last) != 0)
			return (-1);
		if (pdp->id > dtp->dt_nprobes ||
		    dtp->dt_probes[pdp->id - 1]->pr_retired)
			return (0);
		if (func != NULL && func(dtp, dtp->dt_probes[pdp->id - 1],
		    arg) != 0)
			return (-1);
		return (1);
	}

	for (int p = 0; dt_providers[p] != NULL; p++) {
		const dt_provider_t *pv = dt_providers[p];

		if (!prov_may_match(pv, pdp->prv) ||
		    !names_may_match(pv, pdp->prb) ||
		    (pv->pv_maymatch != NULL && !pv->pv_maymatch(pdp)))
			continue;
		if (populate_upto(dtp, p) != 0)
			return (-1);
		if (dtp->dt_provnotfs & (1U << p)) {
			if (notfs < 0)
				notfs = p;
			continue;
		}
		if (pv->pv_provide != NULL && pv->pv_provide(dtp, pdp) != 0)
			return (-1);
		for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
			dt_probe_t *prp = dtp->dt_probes[i];

			if (prp->pr_prov != pv || !dt_probe_matches(prp, pdp))
				continue;
			n++;
			if (func != NULL && func(dtp, prp, arg) != 0)
				return (-1);
		}
	}
	if (n == 0 && notfs >= 0)
		return (notfs_error(dtp, notfs));
	return (n);
}

/*
 * Probes and providers of DTrace that this kernel cannot give, and why.
 * They are not listed; a description that matches no probe but names
 * one of them is refused with the reason (dt_probe_absent()), rather
 * than with "does not match any probes" or, under -Z, silently.  An
 * entry without a probe name is a whole provider, named exactly.
 */
typedef struct dt_absent {
	const char *ab_prov;		/* provider */
	const char *ab_name;		/* probe name; NULL: every probe */
	const char *ab_why;		/* the reason */
} dt_absent_t;

#define NOKPROBE	"this kernel has no kprobes (CONFIG_KPROBES is off)"

static const dt_absent_t dt_absents[] = {
	{ "lockstat", NULL, "lockstat needs kprobes on the kernel's lock "
	    "functions, and " NOKPROBE },
	{ "cpc", NULL, "cpc needs hardware performance counters, and this "
	    "machine has no CPU PMU" },
	{ "io", "wait-start", "a thread waiting for block I/O passes no "
	    "tracepoint: it needs kprobes, and " NOKPROBE },
	{ "io", "wait-done", "a thread waiting for block I/O passes no "
	    "tracepoint: it needs kprobes, and " NOKPROBE },
	{ "tcp", "connect-request", "a SYN sent passes no tracepoint with the "
	    "packet: it needs kprobes, and " NOKPROBE },
	{ "tcp", "connect-refused", "a RST received in SYN-SENT passes no "
	    "tracepoint that tells it from other resets: it needs kprobes, "
	    "and " NOKPROBE },
	{ "tcp", "accept-refused", "a RST sent to a SYN passes no tracepoint "
	    "that tells it from other resets: it needs kprobes, and "
	    NOKPROBE },
	{ "tcp", "send", "a segment sent passes no tracepoint with the "
	    "segment (tcp_probe fires on receipt): it needs kprobes, and "
	    NOKPROBE },
	{ "tcp", "receive", "tcp_probe, the one tracepoint with a segment "
	    "received, sees only those of established connections: it needs "
	    "kprobes, and " NOKPROBE },
	{ "udp", NULL, "UDP has no tracepoint on its send path and one on "
	    "its receive path that fires only when a datagram cannot be "
	    "queued (udp_fail_queue_rcv_skb): it needs kprobes, and "
	    NOKPROBE },
};

/*
 * The reason a description names something this kernel cannot provide,
 * or NULL.  Asked only of descriptions that match no probe.
 */
const char *
dt_probe_absent(const dtrace_probedesc_t *pdp)
{
	/* a provider that knows, once it tried the kernel (fbt) */
	for (size_t i = 0; i < DT_NPROVIDERS; i++) {
		const dt_provider_t *pv = dt_providers[i];

		if (pv->pv_absent != NULL && strcmp(pv->pv_name, pdp->prv) == 0)
			return (pv->pv_absent(pdp));
	}
	for (size_t i = 0; i < sizeof (dt_absents) / sizeof (dt_absents[0]);
	    i++) {
		const dt_absent_t *ab = &dt_absents[i];

		if (ab->ab_name == NULL ? strcmp(ab->ab_prov, pdp->prv) == 0 :
		    pdp->prb[0] != '\0' && dt_gmatch(ab->ab_prov, pdp->prv) &&
		    dt_gmatch(ab->ab_name, pdp->prb))
			return (ab->ab_why);
	}
	return (NULL);
}

/*
 * Enable clause on the probe: once, or with again once more for each
 * description of the clause that matches the probe (DTrace makes an
 * enabling of each, so "BEGIN, BEGIN { }" runs twice a firing).
 */
int
dt_probe_enable(dtrace_hdl_t *dtp, dt_probe_t *prp, unsigned int clause,
    bool again)
{
	for (unsigned int i = 0; i < prp->pr_nclauses && !again; i++) {
		if (prp->pr_clauses[i] == clause)
			return (0);
	}
	if (prp->pr_nclauses == prp->pr_clausecap &&
	    dt_grow(dtp, (void **)&prp->pr_clauses, &prp->pr_clausecap, 4,
	    sizeof (unsigned int)) != 0)
		return (-1);
	prp->pr_clauses[prp->pr_nclauses++] = clause;
	return (0);
}

typedef struct iter_arg {
	dtrace_probe_f *ia_func;	/* caller's function */
	void *ia_arg;			/* its argument */
	int ia_rv;			/* what it returned last */
} iter_arg_t;

static int
iter_cb(dtrace_hdl_t *dtp, dt_probe_t *prp, void *arg)
{
	iter_arg_t *ia = arg;

	ia->ia_rv = ia->ia_func(dtp, &prp->pr_desc, ia->ia_arg);
	return (ia->ia_rv);
}

DT_EXPORT int
dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    dtrace_probe_f *func, void *arg)
{
	dtrace_probedesc_t all;
	iter_arg_t ia = { func, arg, 0 };
	int n;

	if (pdp == NULL) {
		memset(&all, 0, sizeof (all));
		pdp = &all;
	}
	n = dt_probe_match(dtp, pdp, iter_cb, &ia);
	if (n < 0 && ia.ia_rv != 0)
		return (ia.ia_rv);	/* stopped by the caller */
	if (n < 0)
		return (-1);
	if (n == 0)
		return (dt_set_errno(dtp, EDT_NOPROBE));
	return (0);
}

/* ---- attachments -------------------------------------------------------------- */

int
dt_attfd_add(dtrace_hdl_t *dtp, int fd)
{
	if (dtp->dt_nattfds == dtp->dt_attcap &&
	    dt_grow(dtp, (void **)&dtp->dt_attfds, &dtp->dt_attcap, 32,
	    sizeof (int)) != 0) {
		close(fd);
		return (-1);
	}
	dtp->dt_attfds[dtp->dt_nattfds++] = fd;
	return (0);
}

typedef struct closer {
	const int *cl_fds;	/* descriptors */
	unsigned int cl_n;	/* how many */
	unsigned int cl_first;	/* first this thread closes */
	unsigned int cl_step;	/* stride */
} closer_t;

static void *
closer_run(void *arg)
{
	closer_t *cl = arg;

	for (unsigned int i = cl->cl_first; i < cl->cl_n; i += cl->cl_step)
		close(cl->cl_fds[i]);
	return (NULL);
}

/*
 * Close the session's attachments.  Detaching a program from a tracepoint
 * waits for an RCU grace period (about 50 ms here), one close after
 * another; closes made at the same time from several threads share their
 * grace periods, so attachments are closed by a pool of threads: one
 * thread each up to 8 descriptors (a syscall probe and the two sched
 * tracepoints of self-> cleanup: 190-240 ms instead of 350-690), 4 each
 * beyond, the two of a single link (perf event, link) in this thread.
 * When threads cannot be created (address space or thread limits), this
 * thread closes the shares of those that did not start.
 */
void
dt_attfds_close(dtrace_hdl_t *dtp)
{
	enum { PER_THREAD = 4, MAX_THREADS = 64 };
	unsigned int n = dtp->dt_nattfds;
	unsigned int nt = n <= 2 ? 1 : n <= 2 * PER_THREAD ? n : n / PER_THREAD;
	pthread_t tids[MAX_THREADS];
	closer_t cls[MAX_THREADS];
	unsigned int started = 0;

	if (nt > MAX_THREADS)
		nt = MAX_THREADS;
	if (nt > 1) {
		/* every share first: those no thread takes are run here */
		for (unsigned int t = 0; t < nt; t++)
			cls[t] = (closer_t){ dtp->dt_attfds, n, t, nt };
		for (unsigned int t = 0; t < nt; t++) {
			if (pthread_create(&tids[t], NULL, closer_run,
			    &cls[t]) != 0)
				break;	/* no memory, no threads: this one */
			started++;
		}
		/* whatever no thread took is closed here */
		for (unsigned int t = started; t < nt; t++)
			closer_run(&cls[t]);
		for (unsigned int t = 0; t < started; t++)
			pthread_join(tids[t], NULL);
	} else {
		for (unsigned int i = 0; i < n; i++)
			close(dtp->dt_attfds[i]);
	}
	dtp->dt_nattfds = 0;
}

/*
 * Attach a program to an open perf event through a BPF link carrying the
 * probe id as its cookie.  Both descriptors become the session's.
 */
int
dt_perf_attach(dtrace_hdl_t *dtp, int pfd, int progfd, uint64_t cookie)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts, .perf_event.bpf_cookie = cookie);
	int lfd;

	if (dt_attfd_add(dtp, pfd) != 0)
		return (-1);
	lfd = bpf_link_create(progfd, pfd, BPF_PERF_EVENT, &opts);
	if (lfd < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach a BPF "
		    "program to a perf event: %s", strerror(errno)));
	return (dt_attfd_add(dtp, lfd));
}

/*
 * Attach program progfd to tracefs event group:name through a tracepoint
 * perf event, with cookie (the syscall and sdt providers).  A tracepoint
 * program runs for every CPU: one event is enough.  The event counts, it
 * does not sample: the program runs either way, and the kernel refuses a
 * sampling event on some tracepoints (irq_vectors:irq_work_exit, EPERM).
 */
int
dt_tp_attach(dtrace_hdl_t *dtp, const char *group, const char *name,
    int progfd, uint64_t cookie)
{
	const char *tfs = dt_tracefs(dtp);
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof (attr),
	};
	char path[512], buf[32];
	int pfd;

	if (tfs == NULL)
		return (-1);
	snprintf(path, sizeof (path), "%s/events/%s/%s/id", tfs, group, name);
	if (dt_read_file(path, buf, sizeof (buf)) <= 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot read %s: %s",
		    path, strerror(errno)));
	attr.config = strtoull(buf, NULL, 10);
	pfd = (int)syscall(__NR_perf_event_open, &attr, -1, 0, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot open tracepoint "
		    "%s:%s: %s", group, name, strerror(errno)));
	return (dt_perf_attach(dtp, pfd, progfd, cookie));
}

/*
 * Has the kernel uprobe_multi links (6.6, or a backport)?  Asked of the
 * kernel once per process: a program loaded for them (a kernel without
 * them loads it too) is linked to offset 0 of "/".  A kernel with them
 * looks the path up and refuses a directory (EBADF); one without refuses
 * the attach type (EINVAL).
 */
static bool
uprobe_multi_ok(void)
{
	static int known = -1;	/* -1 not asked, 0 no, 1 yes */
	int k = __atomic_load_n(&known, __ATOMIC_ACQUIRE);

	if (k < 0) {
		static const struct bpf_insn ret0[] = {
			MOV_IMM(R0, 0), EXIT()
		};
		LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = DT_BPF_TRACE_UPROBE_MULTI);
		uint64_t off = 0;
		int pfd, lfd;

		k = 0;
		pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_probe_umulti",
		    "GPL", ret0, 2, &opts);
		if (pfd >= 0) {
			lfd = dt_bpf_uprobe_multi(pfd, "/", &off, NULL, &off, 1,
			    false, 0);
			k = lfd >= 0 || errno == EBADF;
			if (lfd >= 0)
				close(lfd);
			close(pfd);
		}
		__atomic_store_n(&known, k, __ATOMIC_RELEASE);
	}
	return (k == 1);
}

/* The uprobe PMU's perf event type, or -1. */
static int
uprobe_pmu(void)
{
	static int type = -2;	/* -2 not read */
	int t = __atomic_load_n(&type, __ATOMIC_ACQUIRE);

	if (t == -2) {
		char buf[32];

		t = dt_read_file("/sys/bus/event_source/devices/uprobe/type",
		    buf, sizeof (buf)) > 0 ? atoi(buf) : -1;
		__atomic_store_n(&type, t, __ATOMIC_RELEASE);
	}
	return (t);
}

/*
 * Attach a kprobe-type program to n uprobes (or uretprobes) of the file
 * at path, offs[i] with cookies[i] and the reference counter (USDT
 * semaphore) refctrs[i] if refctrs is not NULL: one uprobe_multi link,
 * or on a kernel without them (before 6.6, Debian 12's 6.1) a uprobe
 * perf event of the uprobe PMU per offset, each with a BPF link carrying
 * its cookie (kernel 5.15).  pid 0: every process that maps the file
 * (perf: pid -1 on CPU 0, as one event, not one per CPU); else that
 * process alone.  The descriptors become the session's.  0, or -1 with
 * errno the kernel's and nothing of this call left attached.  (Perf
 * events are the costlier path: closing each waits 70-100 ms in the
 * kernel, so a session with thousands of them ends slowly.)
 */
int
dt_uprobes_attach(dtrace_hdl_t *dtp, int progfd, const char *path,
    const uint64_t *offs, const uint64_t *refctrs, const uint64_t *cookies,
    uint32_t n, bool ret, pid_t pid)
{
	unsigned int first = dtp->dt_nattfds;
	int fd, err, type;

	if (uprobe_multi_ok()) {
		if ((fd = dt_bpf_uprobe_multi(progfd, path, offs, refctrs,
		    cookies, n, ret, pid)) < 0)
			return (-1);
		return (dt_attfd_add(dtp, fd) != 0 ? (errno = ENOMEM, -1) : 0);
	}
	if ((type = uprobe_pmu()) < 0) {
		errno = ENOENT;
		return (-1);
	}
	for (uint32_t i = 0; i < n; i++) {
		struct perf_event_attr attr;
		LIBBPF_OPTS(bpf_link_create_opts, opts,
		    .perf_event.bpf_cookie = cookies[i]);

		memset(&attr, 0, sizeof (attr));
		attr.size = sizeof (attr);
		attr.type = (uint32_t)type;
		/* config bit 0: a return probe; bits 32-63: ref_ctr_offset */
		attr.config = (ret ? 1 : 0) | (refctrs != NULL ?
		    refctrs[i] << 32 : 0);
		attr.config1 = (uint64_t)(uintptr_t)path;	/* uprobe_path */
		attr.config2 = offs[i];			/* probe_offset */
		if ((fd = (int)syscall(__NR_perf_event_open, &attr,
		    pid != 0 ? pid : -1, pid != 0 ? -1 : 0, -1,
		    PERF_FLAG_FD_CLOEXEC)) < 0)
			goto fail;
		if (dt_attfd_add(dtp, fd) != 0) {
			errno = ENOMEM;
			goto fail;
		}
		if ((fd = bpf_link_create(progfd, fd, BPF_PERF_EVENT,
		    &opts)) < 0)
			goto fail;
		if (dt_attfd_add(dtp, fd) != 0) {
			errno = ENOMEM;
			goto fail;
		}
	}
	return (0);
fail:
	err = errno;
	while (dtp->dt_nattfds > first)
		close(dtp->dt_attfds[--dtp->dt_nattfds]);
	errno = err;
	return (-1);
}

#define TRACEFS_MAGIC_NR	0x74726163

/*
 * A provider's listing of tracefs (dir) failed with err: no tracefs
 * events for it (ENOENT: 0), tracefs not readable by this process
 * (EDT_NOTRACEFS: the provider steps aside), or another error.
 */
int
dt_tracefs_listfail(dtrace_hdl_t *dtp, const char *dir, int err)
{
	if (err == ENOENT)
		return (0);
	if (err == EACCES || err == EPERM) {
		dtp->dt_notfswhy = "this process may not read (root can)";
		return (dt_set_errno(dtp, EDT_NOTRACEFS));
	}
	return (dt_set_errmsg(dtp, EDT_BPF, "cannot list %s: %s", dir,
	    strerror(err)));
}

/*
 * The tracefs mount point; tracefs is mounted at /sys/kernel/tracing if it
 * is not mounted anywhere we know.
 */
const char *
dt_tracefs(dtrace_hdl_t *dtp)
{
	static const char *const paths[] = { "/sys/kernel/tracing",
	    "/sys/kernel/debug/tracing", NULL };
	struct statfs sfs;

	if (dtp->dt_tracefs != NULL)
		return (dtp->dt_tracefs);
	for (int i = 0; paths[i] != NULL; i++) {
		if (statfs(paths[i], &sfs) == 0 &&
		    sfs.f_type == TRACEFS_MAGIC_NR)
			return (dtp->dt_tracefs = paths[i]);
	}
	if (mount("tracefs", paths[0], "tracefs", 0, NULL) == 0 ||
	    (statfs(paths[0], &sfs) == 0 && sfs.f_type == TRACEFS_MAGIC_NR))
		return (dtp->dt_tracefs = paths[0]);
	dt_set_errno(dtp, EDT_NOTRACEFS);
	return (NULL);
}
