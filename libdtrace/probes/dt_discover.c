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
 *    closed and taken out of the session's, and the providers forget it
 *    (USDT before pid): its usdt_prids entries, its probes (retired:
 *    their names leave the probes map, their ids are given again once
 *    the records naming them are read, dt_probe_retire()) and its
 *    modules, so that a reused process id starts afresh.
 *  - every round (dt_discover_tidy()): retired ids are freed after a
 *    complete read of the buffers, files with shared probes that no
 *    live process maps release them if they were deleted or changed,
 *    or beyond usdtidle such files (dt_usdt_sweep()), deleted files
 *    cached are closed (dt_elf_sweep()): the session's state is bounded
 *    by what is alive plus usdtidle armed files.
 *
 * When a live dtprobed keeps a registry of the processes with USDT
 * probes, dt_registry.c watches it instead of attaching the exec program,
 * and queues the same events; the exit program stays (see
 * dt_discover_start()).
 *
 * A process of a file the session knows (one of a process running at go,
 * or discovered since, and still armed) is traced from its first firing through the
 * file's shared probes; one of a file never seen only once discovered:
 * the window from its exec to its attachment is measured in
 * docs/design.md.
 *
 * Libraries loaded after a process was read (those its loader maps at
 * start, which it may map after the consumer read it, and dlopen()): a
 * uprobe on the dynamic loader's _dl_debug_state() sends a DT_REC_MAPS
 * record at each change of the process's objects (loader_hook()), and
 * rescan() reads its modules again and enables what the new ones offer:
 * for the session's processes (-c, -p; a -c process is held until then)
 * and, under discovery, for every process.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../core/dt_impl.h"
#include "../bpf/dt_bpf.h"
#include "../codegen/dt_cg.h"
#include "dt_probe.h"
#include "../proc/dt_proc.h"
#include "../proc/dt_procfs.h"
#include "../codegen/dt_insn.h"
#include "../dlang/dt_clause.h"


/* One exec or exit event, queued by the consumer. */
typedef struct dt_discev {
	uint32_t de_kind;		/* DT_REC_EXEC or DT_REC_EXIT */
	uint32_t de_pid;		/* process id */
	uint64_t de_time;		/* boot time of the event, ns */
} dt_discev_t;

/* A process discovered: the attachments made for it. */
typedef struct dt_discproc {
	pid_t dp_pid;			/* process id */
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
static dt_program_t *
event_prog(dtrace_hdl_t *dtp, uint32_t kind, int progtype, const char *name,
    bool stop)
{
	const int16_t h = -(int16_t)(sizeof (dt_rechdr_t) +
	    sizeof (dt_procrec_t)), t = -(int16_t)sizeof (dt_procrec_t);
	struct bpf_insn in[32];
	dt_block_t blk = { 0 };
	dt_program_t *pgp;
	size_t n = 0;
	int rv = -1;

	if ((pgp = dt_zalloc(dtp, sizeof (*pgp))) == NULL)
		return (NULL);
	pgp->pg_fd = pgp->pg_pvfd = -1;
	if (progtype == BPF_PROG_TYPE_KPROBE)
		pgp->pg_attachtype = DT_BPF_TRACE_UPROBE_MULTI;
	pgp->pg_next = dtp->dt_programs;
	dtp->dt_programs = pgp;

	/*
	 * Held until the consumer continues it (SIGCONT): the stop is sent
	 * before the record, so that the SIGCONT the record brings cannot
	 * come first.
	 */
	if (stop) {
		in[n++] = MOV_IMM(R1, SIGSTOP);
		in[n++] = CALL(BPF_FUNC_send_signal);
	}
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
	in[n++] = MOV_IMM(R4, kind != DT_REC_EXIT ? (int32_t)
	    BPF_RB_FORCE_WAKEUP : 0);
	in[n++] = CALL(BPF_FUNC_ringbuf_output);
	in[n++] = MOV_IMM(R0, 0);
	in[n++] = EXIT();
	if (dt_block_emit_all(dtp, &blk, in, n) != 0 ||
	    dt_bpf_prog_load(dtp, &blk, progtype, name, pgp) != 0)
		goto out;
	rv = 0;
out:
	dt_block_free(&blk);
	return (rv == 0 ? pgp : NULL);
}

static int
event_attach(dtrace_hdl_t *dtp, uint32_t kind, const char *tp,
    const char *name)
{
	dt_program_t *pgp = event_prog(dtp, kind,
	    BPF_PROG_TYPE_RAW_TRACEPOINT, name, false);
	int fd;

	if (pgp == NULL)
		return (-1);
	if ((fd = bpf_raw_tracepoint_open(tp, pgp->pg_fd)) < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach to raw "
		    "tracepoint %s: %s", tp, strerror(errno)));
	return (dt_attfd_add(dtp, fd));
}

/*
 * Hook the dynamic loader of process pid: a uprobe on its
 * _dl_debug_state(), which the loader calls when its list of objects
 * changes (before and after it maps the libraries a program needs at
 * start, and at each dlopen() and dlclose()), sends a DT_REC_MAPS record
 * with a wakeup, and the consumer reads the process's modules again
 * (rescan()).  For a process of the session, a uprobe for that process
 * alone; under discovery (every), one for every process that maps the
 * loader's file, once per file.  A process without a loader (a static
 * executable) has no hook.  A process the session created (-c) is also
 * stopped there (SIGSTOP, which only its parent, this process, would
 * see) until the consumer has attached the probes of what it loaded and
 * continues it (SIGCONT): a library's functions are traced from the
 * first call after dlopen() returns.  Not a process grabbed with -p,
 * whose parent may be a shell that would report it stopped: those calls
 * the consumer is not quick enough for are not traced.
 */
static int
loader_hook(dtrace_hdl_t *dtp, pid_t pid, bool every)
{
	struct ps_prochandle *P = every ? NULL : dt_proc_lookup(dtp, pid);
	bool hold = P != NULL && P->pp_created;
	dt_program_t **pgpp = hold ? &dtp->dt_loaderholdpg :
	    &dtp->dt_loaderpg;

	/*
	 * A process whose loader is hooked for every process already: found
	 * by the identity the maps give, without reading its other files
	 * (which discovery does not keep for a process with nothing to
	 * trace).
	 */
	for (dt_pidmod_t *pm = dt_pidmods(dtp); every && pm != NULL;
	    pm = pm->pm_next) {
		for (unsigned int i = 0; pm->pm_pid == pid &&
		    i < dtp->dt_nloaderelfs; i++) {
			const dt_elf_t *ef = dtp->dt_loaderelfs[i];

			if (ef->ef_dev == pm->pm_dev &&
			    ef->ef_ino == pm->pm_ino)
				return (0);
		}
	}
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		const dt_elfsym_t *sym;
		uint64_t cookie = 0;
		bool seen = false;
		int rv;

		if (pm->pm_pid != pid)
			continue;
		/*
		 * Under discovery, a file the session found no use in before
		 * is not read again (its process may be gone, or going,
		 * before its loader is in its maps); a loader was read, and
		 * hooked, with the first process that showed it.
		 */
		if ((rv = every ? dt_pidmod_notes(dtp, pm, false) :
		    dt_pidmod_elf(dtp, pm, false)) > 0)
			continue;
		if (rv != 0) {
			if (dtp->dt_errno == EDT_PROC)
				continue;	/* not ELF */
			return (-1);
		}
		if ((sym = dt_elf_sym(pm->pm_elf, "_dl_debug_state")) == NULL)
			continue;
		for (unsigned int i = 0; every && i < dtp->dt_nloaderelfs; i++)
			seen |= dtp->dt_loaderelfs[i] == (const void *)pm->pm_elf;
		if (seen)
			return (0);
		if (*pgpp == NULL && (*pgpp = event_prog(dtp, DT_REC_MAPS,
		    BPF_PROG_TYPE_KPROBE, hold ? "dt_loader_hold" :
		    "dt_loader", hold)) == NULL)
			return (-1);
		if (dt_uprobes_attach(dtp, (*pgpp)->pg_fd, pm->pm_elf->ef_path,
		    &sym->es_off, NULL, &cookie, 1, false, every ? 0 : pid) != 0)
			return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach "
			    "to the dynamic loader %s: %s", pm->pm_file,
			    strerror(errno)));
		if (!every)
			return (0);
		if (dtp->dt_nloaderelfs == dtp->dt_loaderelfscap &&
		    dt_grow(dtp, (void **)&dtp->dt_loaderelfs,
		    &dtp->dt_loaderelfscap, 4, sizeof (void *)) != 0)
			return (-1);
		dtp->dt_loaderelfs[dtp->dt_nloaderelfs++] = pm->pm_elf;
		dt_elf_pin(pm->pm_elf);		/* dt_loaderelfs keeps it */
		return (0);
	}
	return (0);
}

/* The process id that ends a provider's name (pid1234, myprov1234). */
static pid_t
prov_pid(const char *prv)
{
	size_t k = strlen(prv);

	while (k > 0 && isdigit((unsigned char)prv[k - 1]))
		k--;
	return ((pid_t)strtol(prv + k, NULL, 10));
}

/*
 * Can a description name probes of session process pid (pid1234:::,
 * myprov1234:::, or a provider glob or empty, which USDT matches against
 * the session's processes; but not BEGIN, tick-1s and the like: see
 * dt_discover_wants())?
 */
static bool
names_process(dtrace_hdl_t *dtp, pid_t pid)
{
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];

		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			if (dcp->dc_descs[i].id == 0 &&
			    (dt_discover_wants(dtp, &dcp->dc_descs[i]) ||
			    prov_pid(dcp->dc_descs[i].prv) == pid))
				return (true);
		}
	}
	return (false);
}

static void
warn_loader(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_msg(dtp, DTRACE_MSG_WARNING, "the libraries process %d loads later "
	    "are not traced: %s", (int)pid, dtrace_errmsg(dtp,
	    dtrace_errno(dtp)));
}

/* The dynamic loaders of the session's processes that it names. */
static void
loader_session(dtrace_hdl_t *dtp)
{
	for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
	    P = P->pp_next) {
		if (names_process(dtp, P->pp_pid) &&
		    (dt_pidmods_read(dtp, P->pp_pid) != 0 ||
		    loader_hook(dtp, P->pp_pid, false) != 0))
			warn_loader(dtp, P->pp_pid);
	}
}

static int attach_new(dtrace_hdl_t *, uint64_t, bool);

int
dt_discover_start(dtrace_hdl_t *dtp)
{
	int rv;

	loader_session(dtp);
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
		/* the files it knows that no process may map now */
		if (dt_discover_known(dtp) != 0)
			return (-1);
		return (dt_discover_scan(dtp));
	}
	if (event_attach(dtp, DT_REC_EXIT, "sched_process_exit",
	    "dt_disc_exit") != 0 ||
	    event_attach(dtp, DT_REC_EXEC, "sched_process_exec",
	    "dt_disc_exec") != 0)
		return (-1);
	dtp->dt_discover = true;
	/* no daemon holds new processes for the session: it does (dt_hold.c) */
	if (dt_hold_start(dtp) != 0)
		return (-1);
	return (dt_discover_scan(dtp));
}

void
dt_discover_note(dtrace_hdl_t *dtp, uint32_t kind, uint32_t pid,
    uint64_t time)
{
	if (!dtp->dt_discover && kind != DT_REC_MAPS)
		return;
	if (dtp->dt_ndiscq == dtp->dt_discqcap &&
	    dt_grow(dtp, (void **)&dtp->dt_discq, &dtp->dt_discqcap, 16,
	    sizeof (dt_discev_t)) != 0) {
		dt_msg(dtp, DTRACE_MSG_WARNING, "process %u is not "
		    "discovered: out of memory", pid);
		return;
	}
	dtp->dt_discq[dtp->dt_ndiscq++] = (dt_discev_t){ kind, pid, time };
}

/*
 * The providers forget process pid (USDT retires the probes its modules
 * name: their names leave the probes map), then its modules go.
 */
static void
forget(dtrace_hdl_t *dtp, pid_t pid)
{
	for (int n = 0; dt_providers[n] != NULL; n++) {
		if (dt_providers[n]->pv_forget != NULL)
			dt_providers[n]->pv_forget(dtp, pid);
	}
	dt_pidmods_forget(dtp, pid);
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
		*dpp = dp->dp_next;
		free(dp->dp_fds);
		free(dp);
	}
	forget(dtp, pid);
}

/*
 * Did the process start at or before time (boot time, ns)?  false if it
 * is gone, or started later: its id was reused.  /proc/PID/stat gives the
 * start in clock ticks since boot, rounded down.
 */
static bool
started_by(pid_t pid, uint64_t time)
{
	unsigned long long start;
	long hz = sysconf(_SC_CLK_TCK);

	if (dt_procfs_stat(pid, NULL, &start) != 0 || hz <= 0)
		return (false);
	return (start * (1000000000ULL / (unsigned long long)hz) <= time);
}

/* The warning that process pid is not traced, and the handle's error. */
static void
untraced(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_msg(dtp, DTRACE_MSG_WARNING, "process %d is not traced: %s",
	    (int)pid, dtrace_errmsg(dtp, dtrace_errno(dtp)));
}

/* Attach the probes made since serial first that are shared (or not). */
static int
attach_new(dtrace_hdl_t *dtp, uint64_t first, bool shared)
{
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];
		dt_program_t *pgp;

		if (prp->pr_serial < first || prp->pr_retired ||
		    prp->pr_shared != shared || prp->pr_nclauses == 0 ||
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
 * Arm the files of dtprobed's known list that the descriptions may name
 * (at start, and whenever the daemon writes the list again), attach
 * what that made, and tell the daemon which list is armed: an exec it
 * holds for this session goes on (dt_registry.c).
 */
int
dt_discover_known(dtrace_hdl_t *dtp)
{
	uint64_t first = dtp->dt_probeserial;
	uint64_t gen = dt_registry_known(dtp);

	if (attach_new(dtp, first, true) != 0)
		return (-1);
	dt_registry_ack(dtp, gen);
	return (0);
}

/*
 * Arm the file ef (path names it) before a process of it runs: the
 * providers make and enable the shared probes of its notes that the
 * descriptions may name, which are attached now (dt_hold.c, for an exec
 * the session holds).
 */
int
dt_discover_arm(dtrace_hdl_t *dtp, const dt_elf_t *ef, const char *path)
{
	uint64_t first = dtp->dt_probeserial;

	for (int i = 0; dt_providers[i] != NULL; i++) {
		if (dt_providers[i]->pv_arm != NULL &&
		    dt_providers[i]->pv_arm(dtp, ef, path) != 0)
			return (-1);
	}
	return (attach_new(dtp, first, true));
}

/* The process discovered with this id, or NULL. */
static dt_discproc_t *
discproc(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_discproc_t *dp = dtp->dt_discprocs;

	while (dp != NULL && dp->dp_pid != pid)
		dp = dp->dp_next;
	return (dp);
}

/*
 * Enable and attach the probes of process pid made since serial first.
 * The providers' share() callbacks first move the clauses that shared
 * probes serve onto them (creating and attaching the shared probes of a
 * file seen for the first time, whose attachments are the session's:
 * they serve every process); what is left is attached to this process
 * alone, its attachments kept in dp (a discovered process) to be closed
 * when it exits; a session's process keeps them to the end.
 */
static void
settle(dtrace_hdl_t *dtp, pid_t pid, uint64_t first, dt_discproc_t *dp)
{
	unsigned int nfds;
	int *fds;

	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];

		if (prp->pr_serial < first || prp->pr_retired)
			continue;
		for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
			const dt_clause_t *dcp = dtp->dt_clauses[c];

			for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
				if (!dt_probe_matches(prp, &dcp->dc_descs[d]))
					continue;
				if (dt_probe_enable(dtp, prp, dcp->dc_id, false) != 0) {
					untraced(dtp, pid);
					return;
				}
				break;
			}
		}
	}
	for (int p = 0; dt_providers[p] != NULL; p++) {
		if (dt_providers[p]->pv_share != NULL &&
		    dt_providers[p]->pv_share(dtp, first) != 0) {
			if (kill(pid, 0) == 0 || errno != ESRCH)
				untraced(dtp, pid);
			break;
		}
	}
	if (((uint64_t)dtp->dt_nprobes + 1) * dtp->dt_nclauses >= UINT32_MAX) {
		dt_msg(dtp, DTRACE_MSG_WARNING, "process %d is not traced: "
		    "too many probes", (int)pid);
		return;
	}
	if (attach_new(dtp, first, true) != 0) {
		if (kill(pid, 0) == 0 || errno != ESRCH)
			untraced(dtp, pid);
		return;
	}
	nfds = dtp->dt_nattfds;
	if (attach_new(dtp, first, false) != 0 &&
	    (kill(pid, 0) == 0 || errno != ESRCH))
		/* a process that exited in between: not worth a word */
		untraced(dtp, pid);
	if (dp == NULL || dtp->dt_nattfds == nfds)
		return;
	if ((fds = realloc(dp->dp_fds, (dp->dp_nfds + dtp->dt_nattfds -
	    nfds) * sizeof (int))) == NULL)
		return;		/* closed at the session's end */
	memcpy(fds + dp->dp_nfds, dtp->dt_attfds + nfds,
	    (dtp->dt_nattfds - nfds) * sizeof (int));
	dp->dp_fds = fds;
	dp->dp_nfds += dtp->dt_nattfds - nfds;
}

/*
 * Create the probes of process pid that the descriptions naming no
 * process name (discover() callbacks); -1 (said) if it cannot be read.
 */
static int
create(dtrace_hdl_t *dtp, pid_t pid)
{
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
					untraced(dtp, pid);
				return (-1);
			}
		}
	}
	return (0);
}

/* Create, enable and attach the probes of a new process. */
static void
discover(dtrace_hdl_t *dtp, pid_t pid, uint64_t time)
{
	uint64_t first = dtp->dt_probeserial;
	dt_discproc_t *dp;

	if (dt_proc_lookup(dtp, pid) != NULL || !started_by(pid, time))
		return;
	if (create(dtp, pid) != 0)
		return;
	/* its loader, for the libraries it maps later */
	if (loader_hook(dtp, pid, true) != 0)
		warn_loader(dtp, pid);
	if (dtp->dt_probeserial == first) {
		/* nothing to trace: its modules are not kept */
		forget(dtp, pid);
		return;
	}
	if ((dp = dt_zalloc(dtp, sizeof (*dp))) == NULL) {
		untraced(dtp, pid);
		return;
	}
	dp->dp_pid = pid;
	dp->dp_next = dtp->dt_discprocs;
	dtp->dt_discprocs = dp;
	settle(dtp, pid, first, dp);
}

/*
 * A process's dynamic loader changed its list of objects (DT_REC_MAPS):
 * the modules it mapped since it was read gain their probes, those the
 * descriptions name are enabled and attached as the process's others
 * were.  A process of the session: every description that names it
 * (pid1234:libfoo.so::entry, myprov1234:::) is provided again (only the
 * new modules' probes are new).  A discovered process: the descriptions
 * naming no process, as when it was discovered; one that had nothing to
 * trace then is discovered now.
 */
static void
rescan(dtrace_hdl_t *dtp, pid_t pid, uint64_t time)
{
	struct ps_prochandle *P = dt_proc_lookup(dtp, pid);
	dt_discproc_t *dp = discproc(dtp, pid);
	uint64_t first = dtp->dt_probeserial;
	int n;

	if (P == NULL && dp == NULL) {
		if (dtp->dt_discover)
			discover(dtp, pid, time);
		return;
	}
	if ((n = dt_pidmods_reread(dtp, pid)) <= 0) {
		if (n < 0 && (kill(pid, 0) == 0 || errno != ESRCH))
			untraced(dtp, pid);
		return;
	}
	if (P == NULL) {
		if (create(dtp, pid) != 0)
			return;
	} else {
		for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
			const dt_clause_t *dcp = dtp->dt_clauses[c];

			for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
				for (int p = 0; dt_providers[p] != NULL; p++) {
					const dt_provider_t *pv =
					    dt_providers[p];

					if ((!pv->pv_pidprov &&
					    !pv->pv_anyprov) ||
					    pv->pv_provide(dtp,
					    &dcp->dc_descs[i]) == 0)
						continue;
					if (kill(pid, 0) == 0 ||
					    errno != ESRCH)
						untraced(dtp, pid);
					return;
				}
			}
		}
	}
	if (dtp->dt_probeserial > first)
		settle(dtp, pid, first, dp);
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
		struct ps_prochandle *P;

		if (!dtp->dt_active || dtp->dt_stopped)
			break;
		if (de->de_kind == DT_REC_MAPS) {
			/* several of a process at once: the last one */
			bool later = false;

			for (unsigned int j = i + 1; j < dtp->dt_ndiscq; j++)
				later |= dtp->dt_discq[j].de_pid == de->de_pid;
			if (later)
				continue;
			rescan(dtp, (pid_t)de->de_pid, de->de_time);
			dt_usym_remap(dtp, (pid_t)de->de_pid);
			if ((P = dt_proc_lookup(dtp, (pid_t)de->de_pid)) !=
			    NULL && P->pp_created)
				(void) kill(P->pp_pid, SIGCONT);
			continue;
		}
		if (dt_proc_lookup(dtp, (pid_t)de->de_pid) != NULL)
			continue;
		purge(dtp, (pid_t)de->de_pid);
		if (de->de_kind == DT_REC_EXEC)
			discover(dtp, (pid_t)de->de_pid, de->de_time);
	}
	dtp->dt_ndiscq = 0;
}

/*
 * Give the heap's free pages back to the system.  What a gone process
 * or file held is freed in the middle of the heap, below what lives on,
 * so that the heap cannot shrink from its top: without this, a burst
 * of processes alive at once leaves the session's memory at that
 * burst's high-water mark for good (about 1 MB in usdt/tst.bounded).
 * Once a second costs nothing to speak of: a few microseconds when
 * there is nothing to give back, 0.4 ms for 10 MB of free fragments.
 */
static void
trim_heap(void)
{
#ifdef __GLIBC__
	(void) malloc_trim(0);
#endif
}

/*
 * Every round of dtrace_work(), after the buffers are read: the ids of
 * probes retired before are given again once the read was complete (the
 * records naming them are read; not with bufpolicy fill or ring, whose
 * records are printed at the end), files no process maps any more
 * release their shared probes, and, once a second, cached ELF files
 * that were deleted are closed and the heap trimmed.  The first part comes before this
 * round's discovery, which may retire more.
 */
void
dt_discover_tidy(dtrace_hdl_t *dtp, bool after)
{
	struct timespec ts;
	uint64_t now;

	if (!dtp->dt_discover)
		return;
	if (!after) {
		if (!dtp->dt_consume_more &&
		    dtp->dt_opts.op_bufpolicy == DT_BUFPOLICY_SWITCH)
			dt_probe_reap(dtp);
		return;
	}
	clock_gettime(CLOCK_BOOTTIME, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	dt_usdt_sweep(dtp, now);
	if (now - dtp->dt_elfswept >= 1000000000ULL) {
		dt_elf_sweep(dtp);
		trim_heap();
		dtp->dt_elfswept = now;
	}
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
	free(dtp->dt_loaderelfs);
	dtp->dt_loaderelfs = NULL;
	dtp->dt_nloaderelfs = dtp->dt_loaderelfscap = 0;
	dtp->dt_loaderpg = NULL;	/* freed with dt_programs */
	dtp->dt_loaderholdpg = NULL;
	dtp->dt_ndiscq = dtp->dt_discqcap = 0;
	dtp->dt_discover = false;
}
