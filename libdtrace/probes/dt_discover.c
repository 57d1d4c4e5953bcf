/*
 * dt_discover.c: probes of processes that start while tracing runs.
 *
 * A description that can name USDT probes without naming one process
 * (its provider field empty or a glob: myprov*:::name, :::name; see
 * dt_discover_wants()), in a
 * session that allows descriptions matching nothing (-Z, zdefs), makes
 * dtrace_go() attach two small programs to raw tracepoints:
 * sched_process_exec sends a DT_REC_EXEC record (the process id and the
 * time of the exec) through the output ring buffer, with a wakeup at once;
 * sched_process_exit sends a DT_REC_EXIT record when a process's main
 * thread exits, after deleting the process's usdt_gen entry (see
 * providers/dt_prov_usdt.c).  Other sessions pay nothing.  Once they are
 * attached, the processes already running are read as if they had just
 * started (dt_discover_scan()), so that none is missed in between.  The
 * consumer queues the events (dt_discover_note()) and dtrace_work() hands
 * the queue to dt_discover_run():
 *
 *  - exec: a process of the session (-c, -p) is left alone.  A process
 *    whose start time (/proc/PID/stat, clock ticks since boot) is after
 *    the exec is a reused process id: skipped.  Then every provider with
 *    a discover() callback creates the process's probes that each such
 *    description names (the code -p uses: its modules from
 *    /proc/PID/maps, their notes), the new probes are matched against
 *    every description of every clause and each match is enabled.  The
 *    providers' share() callbacks move what shared probes serve onto
 *    them (USDT: a file seen for the first time gets its shared probes,
 *    attached at once for every process; the process gets its usdt_prids
 *    entries); the shared probes' links are the session's.  What is left
 *    is loaded (a program already loaded for the same trampoline and
 *    clauses is reused) and attached to the process as at go time: those
 *    attachments are the process's.
 *  - exit (or a second exec of the same process): its attachments are
 *    closed and taken out of the session's, its probes' names leave the
 *    probes map, and the providers forget it (its modules, its usdt_prids
 *    entries), so that a reused process id starts afresh.  Its probes
 *    stay in the registry (records of them may still be in the ring
 *    buffer).
 *
 * When a live dtprobed keeps a registry of the processes with USDT
 * probes, dt_registry.c watches it instead of attaching the exec program,
 * and queues the same events; the exit program stays (see
 * dt_discover_start()).
 *
 * A process of a file the session knows (one of a process running at go,
 * or discovered since) is traced from its first firing through the
 * file's shared probes; one of a file never seen only once discovered:
 * the window from its exec to its attachment is measured in
 * docs/design.md.  The shared libraries a process loads after it was
 * read are not seen.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../core/dt_impl.h"
#include "../codegen/dt_insn.h"


/* One exec or exit event, queued by the consumer. */
typedef struct dt_discev {
	uint32_t de_kind;		/* DT_REC_EXEC or DT_REC_EXIT */
	uint32_t de_pid;		/* process id */
	uint64_t de_time;		/* boot time of the event, ns */
} dt_discev_t;

/* A process discovered: the attachments made for it. */
typedef struct dt_discproc {
	pid_t dp_pid;			/* process id */
	uint32_t dp_first;		/* its probes' ids: dp_first .. */
	uint32_t dp_last;		/* .. dp_last, in the probes map */
	int *dp_fds;			/* its attachments (in dt_attfds) */
	unsigned int dp_nfds;		/* how many */
	struct dt_discproc *dp_next;	/* next process discovered */
} dt_discproc_t;

/*
 * Can the description name probes of processes not started yet?  Its
 * provider field must be a glob or empty; an empty one with a literal
 * probe name that names probes of other providers (BEGIN, tick-1s) is
 * taken to mean those, so that such scripts do not pay for discovery.
 */
bool
dt_discover_wants(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp)
{
	if (pdp->id != 0)
		return (false);
	if (strpbrk(pdp->prv, "*?[\\") != NULL)
		return (true);
	if (pdp->prv[0] != '\0')
		return (false);
	if (pdp->prb[0] == '\0' || strpbrk(pdp->prb, "*?[\\") != NULL)
		return (true);
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		const dt_probe_t *prp = dtp->dt_probes[i];

		if (prp->pr_prov->pv_discover == NULL &&
		    dt_probe_matches(prp, pdp))
			return (false);
	}
	return (true);
}

bool
dt_discover_wanted(dtrace_hdl_t *dtp)
{
	if (!dtp->dt_opts.op_zdefs)
		return (false);
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];

		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			if (dt_discover_wants(dtp, &dcp->dc_descs[i]))
				return (true);
		}
	}
	return (false);
}

/*
 * Load the program that sends a record of this kind for the current
 * process (its main thread only, for exit) and attach it to the raw
 * tracepoint.  The exit program also deletes the process's generation
 * from usdt_gen, so that its usdt_prids entries stop counting at once
 * (a process reusing its id finds none), long before the consumer purges
 * them.
 */
static int
event_attach(dtrace_hdl_t *dtp, uint32_t kind, const char *tp,
    const char *name)
{
	const int16_t h = -(int16_t)(sizeof (dt_rechdr_t) +
	    sizeof (dt_procrec_t)), t = -(int16_t)sizeof (dt_procrec_t);
	struct bpf_insn in[32];
	dt_block_t blk = { 0 };
	dt_program_t *pgp;
	size_t n = 0;
	int fd, rv = -1;

	if ((pgp = dt_zalloc(dtp, sizeof (*pgp))) == NULL)
		return (-1);
	pgp->pg_fd = pgp->pg_pvfd = -1;
	pgp->pg_next = dtp->dt_programs;
	dtp->dt_programs = pgp;

	/* fp+h: dt_rechdr_t; fp+t: dt_procrec_t */
	in[n++] = CALL(BPF_FUNC_get_current_pid_tgid);
	in[n++] = MOV_REG(R1, R0);
	in[n++] = ALU_IMM(BPF_RSH, R0, 32);
	if (kind == DT_REC_EXIT) {
		/* a thread other than the main one: not the process */
		in[n++] = MOV32_REG(R1, R1);
		in[n++] = JMP_REG(BPF_JEQ, R0, R1, 2);
		in[n++] = MOV_IMM(R0, 0);
		in[n++] = EXIT();
	}
	in[n++] = ST_IMM(BPF_W, FP, h + (int16_t)offsetof(dt_rechdr_t,
	    rh_kind), (int32_t)kind);
	in[n++] = STX(BPF_W, FP, h + (int16_t)offsetof(dt_rechdr_t, rh_prid),
	    R0);
	in[n++] = STX(BPF_W, FP, h + (int16_t)offsetof(dt_rechdr_t, rh_pid),
	    R0);
	in[n++] = ST_IMM(BPF_W, FP, h + (int16_t)offsetof(dt_rechdr_t,
	    rh_clause), 0);
	in[n++] = ST_IMM(BPF_W, FP, h + (int16_t)offsetof(dt_rechdr_t,
	    rh_pad), 0);
	in[n++] = CALL(BPF_FUNC_get_smp_processor_id);
	in[n++] = STX(BPF_W, FP, h + (int16_t)offsetof(dt_rechdr_t, rh_cpu),
	    R0);
	in[n++] = CALL(BPF_FUNC_ktime_get_boot_ns);
	in[n++] = STX(BPF_DW, FP, t, R0);
	if (dt_block_emit_all(dtp, &blk, in, n) != 0)
		goto out;
	if (kind == DT_REC_EXIT && dtp->dt_mapfd[DT_MAP_USDTGEN] >= 0) {
		n = 0;
		in[n++] = INSN(BPF_LD | BPF_DW | BPF_IMM, R1,
		    BPF_PSEUDO_MAP_FD, 0, DT_MAP_USDTGEN);
		in[n++] = INSN(0, 0, 0, 0, 0);
		in[n++] = MOV_REG(R2, FP);
		in[n++] = ALU_IMM(BPF_ADD, R2, h + (int16_t)offsetof(
		    dt_rechdr_t, rh_prid));
		in[n++] = CALL(BPF_FUNC_map_delete_elem);
		if (dt_block_reloc(dtp, &blk, blk.db_len, DT_REL_MAPFD) != 0 ||
		    dt_block_emit_all(dtp, &blk, in, n) != 0)
			goto out;
	}
	if (dt_block_reloc(dtp, &blk, blk.db_len, DT_REL_MAPFD) != 0)
		goto out;
	n = 0;
	in[n++] = INSN(BPF_LD | BPF_DW | BPF_IMM, R1, BPF_PSEUDO_MAP_FD, 0,
	    DT_MAP_OUTPUT);
	in[n++] = INSN(0, 0, 0, 0, 0);
	in[n++] = MOV_REG(R2, FP);
	in[n++] = ALU_IMM(BPF_ADD, R2, h);
	in[n++] = MOV_IMM(R3, (int32_t)(sizeof (dt_rechdr_t) +
	    sizeof (dt_procrec_t)));
	in[n++] = MOV_IMM(R4, kind == DT_REC_EXEC ? (int32_t)
	    BPF_RB_FORCE_WAKEUP : 0);
	in[n++] = CALL(BPF_FUNC_ringbuf_output);
	in[n++] = MOV_IMM(R0, 0);
	in[n++] = EXIT();
	if (dt_block_emit_all(dtp, &blk, in, n) != 0 ||
	    dt_bpf_prog_load(dtp, &blk, BPF_PROG_TYPE_RAW_TRACEPOINT, name,
	    pgp) != 0)
		goto out;
	if ((fd = bpf_raw_tracepoint_open(tp, pgp->pg_fd)) < 0) {
		dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach to raw "
		    "tracepoint %s: %s", tp, strerror(errno));
		goto out;
	}
	rv = dt_attfd_add(dtp, fd);
out:
	dt_block_free(&blk);
	return (rv);
}

int
dt_discover_start(dtrace_hdl_t *dtp)
{
	int rv;

	if (!dt_discover_wanted(dtp))
		return (0);
	/*
	 * dtprobed's registry, when a daemon keeps one (dt_registry.c),
	 * replaces the exec watch.  The exit program stays: it deletes a
	 * process's usdt_gen entry in the kernel as the process exits, so
	 * that a reused pid never runs by a dead process's entries before
	 * the consumer has seen the registry change; and the processes
	 * running now are read, for the shared probes of their files.
	 */
	if ((rv = dt_registry_start(dtp)) != 0) {
		if (rv < 0)
			return (-1);
		dtp->dt_discover = true;
		if (event_attach(dtp, DT_REC_EXIT, "sched_process_exit",
		    "dt_disc_exit") != 0)
			return (-1);
		return (dt_discover_scan(dtp));
	}
	if (event_attach(dtp, DT_REC_EXIT, "sched_process_exit",
	    "dt_disc_exit") != 0 ||
	    event_attach(dtp, DT_REC_EXEC, "sched_process_exec",
	    "dt_disc_exec") != 0)
		return (-1);
	dtp->dt_discover = true;
	return (dt_discover_scan(dtp));
}

void
dt_discover_note(dtrace_hdl_t *dtp, uint32_t kind, uint32_t pid,
    uint64_t time)
{
	if (!dtp->dt_discover)
		return;
	if (dtp->dt_ndiscq == dtp->dt_discqcap &&
	    dt_grow(dtp, (void **)&dtp->dt_discq, &dtp->dt_discqcap, 16,
	    sizeof (dt_discev_t)) != 0) {
		fprintf(stderr, "dtrace: process %u is not discovered: out "
		    "of memory\n", pid);
		return;
	}
	dtp->dt_discq[dtp->dt_ndiscq++] = (dt_discev_t){ kind, pid, time };
}

/* Close the attachments of a discovered process; forget its modules. */
static void
purge(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_discproc_t **dpp = &dtp->dt_discprocs, *dp;

	while ((dp = *dpp) != NULL && dp->dp_pid != pid)
		dpp = &dp->dp_next;
	if (dp != NULL) {
		for (unsigned int i = 0; i < dp->dp_nfds; i++) {
			for (unsigned int j = 0; j < dtp->dt_nattfds; j++) {
				if (dtp->dt_attfds[j] != dp->dp_fds[i])
					continue;
				dtp->dt_attfds[j] =
				    dtp->dt_attfds[--dtp->dt_nattfds];
				close(dp->dp_fds[i]);
				break;
			}
		}
		for (uint32_t id = dp->dp_first; id <= dp->dp_last &&
		    dtp->dt_mapfd[DT_MAP_PROBES] >= 0; id++) {
			if (!dtp->dt_probes[id - 1]->pr_shared)
				(void) bpf_map_delete_elem(
				    dtp->dt_mapfd[DT_MAP_PROBES], &id);
		}
		*dpp = dp->dp_next;
		free(dp->dp_fds);
		free(dp);
	}
	for (int p = 0; dt_providers[p] != NULL; p++) {
		if (dt_providers[p]->pv_forget != NULL)
			dt_providers[p]->pv_forget(dtp, pid);
	}
}

/*
 * Did the process start at or before time (boot time, ns)?  false if it
 * is gone, or started later: its id was reused.  /proc/PID/stat gives the
 * start in clock ticks since boot, rounded down.
 */
static bool
started_by(pid_t pid, uint64_t time)
{
	char path[64], buf[1024], *p;
	unsigned long long start;
	long hz = sysconf(_SC_CLK_TCK);

	snprintf(path, sizeof (path), "/proc/%d/stat", (int)pid);
	if (dt_read_file(path, buf, sizeof (buf)) <= 0 ||
	    (p = strrchr(buf, ')')) == NULL)
		return (false);
	/* after "pid (comm)": state is field 3, starttime field 22 */
	if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u "
	    "%*u %*d %*d %*d %*d %*d %*d %llu", &start) != 1 || hz <= 0)
		return (false);
	return (start * (1000000000ULL / (unsigned long long)hz) <= time);
}

static void
warn(dtrace_hdl_t *dtp, pid_t pid)
{
	fprintf(stderr, "dtrace: process %d is not traced: %s\n", (int)pid,
	    dtrace_errmsg(dtp, dtrace_errno(dtp)));
}

/* Attach the new probes [first, ...) that are shared (or not). */
static int
attach_new(dtrace_hdl_t *dtp, unsigned int first, bool shared)
{
	for (unsigned int i = first; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];
		dt_program_t *pgp;

		if (prp->pr_shared != shared || prp->pr_nclauses == 0 ||
		    prp->pr_attached)
			continue;
		if (dt_bpf_probe_add(dtp, prp) != 0 ||
		    (pgp = dt_program_for(dtp, prp)) == NULL ||
		    prp->pr_prov->pv_attach(dtp, prp, pgp) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Create, enable and attach the probes of a new process.  The providers'
 * share() callbacks first move the clauses that shared probes serve onto
 * them (creating and attaching the shared probes of a file seen for the
 * first time, whose attachments are the session's: they serve every
 * process); what is left is attached to this process alone.
 */
static void
discover(dtrace_hdl_t *dtp, pid_t pid, uint64_t time)
{
	unsigned int first = dtp->dt_nprobes, nfds;
	dt_discproc_t *dp;

	if (dt_proc_lookup(dtp, pid) != NULL || !started_by(pid, time))
		return;
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];

		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			if (!dt_discover_wants(dtp, &dcp->dc_descs[i]))
				continue;
			for (int p = 0; dt_providers[p] != NULL; p++) {
				const dt_provider_t *pv = dt_providers[p];

				if (pv->pv_discover == NULL ||
				    pv->pv_discover(dtp, &dcp->dc_descs[i],
				    pid) == 0)
					continue;
				/* a process already gone is no news */
				if (dtp->dt_errno != EDT_PROC &&
				    dtp->dt_errno != EDT_GRAB)
					warn(dtp, pid);
				return;
			}
		}
	}
	if (dtp->dt_nprobes == first) {
		/* nothing to trace: its modules are not kept */
		for (int p = 0; dt_providers[p] != NULL; p++) {
			if (dt_providers[p]->pv_forget != NULL)
				dt_providers[p]->pv_forget(dtp, pid);
		}
		return;
	}
	for (unsigned int i = first; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];

		for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
			const dt_clause_t *dcp = dtp->dt_clauses[c];

			for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
				if (!dt_probe_matches(prp, &dcp->dc_descs[d]))
					continue;
				if (dt_probe_enable(dtp, prp, dcp->dc_id) != 0) {
					warn(dtp, pid);
					return;
				}
				break;
			}
		}
	}
	if ((dp = dt_zalloc(dtp, sizeof (*dp))) == NULL) {
		warn(dtp, pid);
		return;
	}
	dp->dp_pid = pid;
	dp->dp_first = first + 1;
	dp->dp_next = dtp->dt_discprocs;
	dtp->dt_discprocs = dp;
	for (int p = 0; dt_providers[p] != NULL; p++) {
		if (dt_providers[p]->pv_share != NULL &&
		    dt_providers[p]->pv_share(dtp, first) != 0) {
			if (kill(pid, 0) == 0 || errno != ESRCH)
				warn(dtp, pid);
			break;
		}
	}
	dp->dp_last = dtp->dt_nprobes;
	if (((uint64_t)dtp->dt_nprobes + 1) * dtp->dt_nclauses >= UINT32_MAX) {
		fprintf(stderr, "dtrace: process %d is not traced: too many "
		    "probes\n", (int)pid);
		return;
	}
	if (attach_new(dtp, first, true) != 0) {
		if (kill(pid, 0) == 0 || errno != ESRCH)
			warn(dtp, pid);
		return;
	}
	nfds = dtp->dt_nattfds;
	if (attach_new(dtp, first, false) != 0 &&
	    (kill(pid, 0) == 0 || errno != ESRCH))
		/* a process that exited in between: not worth a word */
		warn(dtp, pid);
	if (dtp->dt_nattfds == nfds)
		return;
	if ((dp->dp_fds = dt_zalloc(dtp, (dtp->dt_nattfds - nfds) *
	    sizeof (int))) == NULL)
		return;		/* closed at the session's end */
	dp->dp_nfds = dtp->dt_nattfds - nfds;
	memcpy(dp->dp_fds, dtp->dt_attfds + nfds, dp->dp_nfds * sizeof (int));
}

/*
 * The processes running when tracing starts: each is discovered as if
 * it had just started (after the exec and exit programs are attached, so
 * that none is missed in between).
 */
int
dt_discover_scan(dtrace_hdl_t *dtp)
{
	DIR *d;
	struct dirent *de;
	pid_t self = getpid();

	if ((d = opendir("/proc")) == NULL)
		return (dt_set_errmsg(dtp, EDT_PROC, "cannot read /proc: %s",
		    strerror(errno)));
	while ((de = readdir(d)) != NULL) {
		char *end;
		long pid = strtol(de->d_name, &end, 10);

		if (*end != '\0' || pid <= 0 || pid > INT32_MAX ||
		    (pid_t)pid == self)
			continue;
		discover(dtp, (pid_t)pid, UINT64_MAX);
	}
	closedir(d);
	return (0);
}

void
dt_discover_run(dtrace_hdl_t *dtp)
{
	for (unsigned int i = 0; i < dtp->dt_ndiscq; i++) {
		const dt_discev_t *de = &dtp->dt_discq[i];

		if (!dtp->dt_active || dtp->dt_stopped)
			break;
		if (dt_proc_lookup(dtp, (pid_t)de->de_pid) != NULL)
			continue;
		purge(dtp, (pid_t)de->de_pid);
		if (de->de_kind == DT_REC_EXEC)
			discover(dtp, (pid_t)de->de_pid, de->de_time);
	}
	dtp->dt_ndiscq = 0;
}

void
dt_discover_free(dtrace_hdl_t *dtp)
{
	while (dtp->dt_discprocs != NULL) {
		dt_discproc_t *dp = dtp->dt_discprocs;

		dtp->dt_discprocs = dp->dp_next;
		free(dp->dp_fds);
		free(dp);
	}
	free(dtp->dt_discq);
	dtp->dt_discq = NULL;
	dtp->dt_ndiscq = dtp->dt_discqcap = 0;
	dtp->dt_discover = false;
}
