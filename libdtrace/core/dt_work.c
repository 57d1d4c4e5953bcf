/*
 * dt_work.c: starting and stopping tracing, and the work loop.
 *
 * dtrace_go():  maps are created; the probes with enabled clauses are
 *   grouped by (provider, trampoline, clause list), each group becomes one
 *   program, loaded once and attached to every probe of the group.  Probes
 *   are attached while the session state is INACTIVE, so they record
 *   nothing until BEGIN has run; then the state becomes ACTIVE (unless
 *   BEGIN called exit()).
 * dtrace_stop():  attachments are closed (no probe fires any more), END
 *   runs, the state becomes STOPPED.  Records still in the ring buffer are
 *   read by the next dtrace_work().
 * dtrace_consume():  reads the ring buffer (consume/dt_consume.c) and
 *   reports losses; nothing more.
 * dtrace_work():  does what dtrace_consume() does, stops tracing once
 *   exit() is read, reads the changes of dtprobed's registry, then hands
 *   the exec and exit events they held to the discovery step
 *   (probes/dt_discover.c), which enables and attaches the probes of
 *   processes started while tracing runs.
 * dtrace_sleep():  waits on one epoll set holding the ring buffer, the
 *   pidfds of the session's processes and the inotify watch of dtprobed's
 *   registry (probes/dt_registry.c), never longer than switchrate, so
 *   that exit(), a process exit or a new process is acted on at once.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "dt_impl.h"
#include "../bpf/dt_bpf.h"
#include "../codegen/dt_cg.h"
#include "../consume/dt_consume.h"
#include "../probes/dt_probe.h"
#include "../proc/dt_proc.h"
#include "../codegen/dt_asm.h"
#include "dt_ident.h"
#include "../dlang/dt_clause.h"

static bool
same_clauses(const dtrace_hdl_t *dtp, const dt_program_t *pgp,
    const dt_probe_t *prp)
{
	if (pgp->pg_nclauses != prp->pr_nclauses ||
	    memcmp(pgp->pg_clauses, prp->pr_clauses,
	    prp->pr_nclauses * sizeof (unsigned int)) != 0)
		return (false);
	for (unsigned int i = 0; i < prp->pr_nclauses; i++) {
		if (pgp->pg_stmts[i] != dt_probe_stmt(dtp, prp, i))
			return (false);
	}
	return (true);
}

/* The loaded program for this probe's clauses, loading it if new. */
dt_program_t *
dt_program_for(dtrace_hdl_t *dtp, const dt_probe_t *prp)
{
	const dt_provider_t *pv = prp->pr_prov;
	dt_program_t *pgp;
	dt_block_t blk = { 0 };
	char name[16];
	/* raw tracepoints without cookies: a program for each probe */
	bool own = pv->pv_ownprog != NULL && pv->pv_ownprog(dtp);
	uint64_t cookie = !own ? 0 : pv->pv_cookie != NULL ?
	    pv->pv_cookie(dtp, prp) : prp->pr_desc.id;

	for (pgp = dtp->dt_programs; pgp != NULL; pgp = pgp->pg_next) {
		if (pgp->pg_tramp == prp->pr_tramp &&
		    pgp->pg_shared == prp->pr_shared && same_clauses(dtp, pgp, prp) &&
		    pgp->pg_own == own && (!own || pgp->pg_cookie == cookie))
			return (pgp);
	}
	if ((pgp = dt_zalloc(dtp, sizeof (*pgp))) == NULL)
		return (NULL);
	pgp->pg_fd = -1;
	pgp->pg_pvfd = -1;
	pgp->pg_progtype = pv->pv_progtype;
	pgp->pg_tramp = prp->pr_tramp;
	pgp->pg_shared = prp->pr_shared;
	pgp->pg_own = own;
	pgp->pg_cookie = cookie;
	pgp->pg_nclauses = prp->pr_nclauses;
	pgp->pg_clauses = dt_zalloc(dtp, prp->pr_nclauses *
	    sizeof (unsigned int));
	pgp->pg_stmts = dt_zalloc(dtp, prp->pr_nclauses *
	    sizeof (unsigned int));
	pgp->pg_ranges = dt_zalloc(dtp, (prp->pr_nclauses + 1) *
	    sizeof (uint32_t));
	pgp->pg_next = dtp->dt_programs;
	dtp->dt_programs = pgp;
	if (pgp->pg_clauses == NULL || pgp->pg_stmts == NULL ||
	    pgp->pg_ranges == NULL)
		return (NULL);
	memcpy(pgp->pg_clauses, prp->pr_clauses, prp->pr_nclauses *
	    sizeof (unsigned int));
	for (unsigned int i = 0; i < prp->pr_nclauses; i++)
		pgp->pg_stmts[i] = dt_probe_stmt(dtp, prp, i);
	if (dt_cg_program(dtp, &blk, pv, pgp) != 0) {
		dt_block_free(&blk);
		return (NULL);
	}
	snprintf(name, sizeof (name), "dt_%s%s_%u", pv->pv_name,
	    pgp->pg_shared ? "_sh" : "", pgp->pg_tramp);
	if (dt_bpf_prog_load(dtp, &blk, pgp->pg_progtype, name, pgp) != 0)
		pgp = NULL;
	dt_block_free(&blk);
	return (pgp);
}

/*
 * Run BEGIN or END in this thread through BPF_PROG_TEST_RUN.  With the
 * option cpu, the thread moves to that CPU for the run and back after
 * (the program runs where its caller does, so BEGIN's pid and execname
 * stay the consumer's).
 */
static int
fire(dtrace_hdl_t *dtp, int fd, uint32_t prid)
{
	uint64_t ctx[2] = { prid, 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx,
	    .ctx_size_in = sizeof (ctx));
	uint64_t cpu = dtp->dt_opts.op_cpu;
	cpu_set_t *was = NULL, *want = NULL;
	size_t setsize = 0;
	int rv = 0;

	if (fd < 0)
		return (0);
	if (cpu != DT_CPU_ANY) {
		setsize = CPU_ALLOC_SIZE(cpu + 1024);
		was = CPU_ALLOC(cpu + 1024);
		want = CPU_ALLOC(cpu + 1024);
		if (was == NULL || want == NULL ||
		    sched_getaffinity(0, setsize, was) != 0) {
			rv = dt_set_errmsg(dtp, EDT_BPF, "cannot fire %s on "
			    "CPU %llu: %s", prid == DT_PRID_BEGIN ? "BEGIN" :
			    "END", (unsigned long long)cpu, strerror(errno));
			goto out;
		}
		CPU_ZERO_S(setsize, want);
		CPU_SET_S(cpu, setsize, want);
		if (sched_setaffinity(0, setsize, want) != 0) {
			rv = dt_set_errmsg(dtp, EDT_BPF, "cannot fire %s on "
			    "CPU %llu: %s", prid == DT_PRID_BEGIN ? "BEGIN" :
			    "END", (unsigned long long)cpu, strerror(errno));
			goto out;
		}
	}
	if (bpf_prog_test_run_opts(fd, &opts) != 0)
		rv = dt_set_errmsg(dtp, EDT_BPF, "cannot fire %s: %s",
		    prid == DT_PRID_BEGIN ? "BEGIN" : "END", strerror(errno));
	if (cpu != DT_CPU_ANY)
		(void) sched_setaffinity(0, setsize, was);
out:
	CPU_FREE(was);
	CPU_FREE(want);
	return (rv);
}

/*
 * self-> variables die with their thread, after its last probe: a raw
 * tracepoint program on sched_switch deletes the thread's entry from each
 * thread-local map at the thread's final switch (not preempted, its state
 * TASK_DEAD: the tracepoint's fourth argument, prev_state, from kernel
 * 5.18; the thread is still current there).  It is attached after the
 * session's probes, so that it runs after them on that tracepoint: the
 * dying thread's self-> variables are still there in proc:::exit,
 * proc:::lwp-exit and its last sched:::off-cpu, and gone before its id
 * can be used again.  A kernel whose sched_switch has no prev_state
 * (the attach is refused) gets the older pair instead: a program on
 * sched_process_exit, then one on sched_process_free (the event's pid
 * field) for what the thread stored after that tracepoint; there the
 * values are gone in proc:::exit.  Elements of thread-local associative
 * arrays (self->a[k]) are deleted there too, if the owner map says the
 * thread has any (tls_assoc_sweep()).
 */
static void
emit_mapfd(dt_asm_t *as, int reg, const dt_ident_t *idp)
{
	dt_asm_reloc(as, DT_REL_MAPFD);
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, reg,
	    BPF_PSEUDO_MAP_FD, 0, idp->di_id));
	dt_asm_emit(as, INSN(0, 0, 0, 0, 0));
}

/*
 * If r0 is 0 (an element deleted), one element fewer in the pool of
 * dynamic variables (gs_dvarcount; r1, r2 not kept).
 */
static void
emit_dvar_release(dt_asm_t *as)
{
	int lnone = dt_asm_label(as);

	dt_asm_jump(as, JMP_IMM(BPF_JNE, R0, 0, 0), lnone);
	dt_asm_reloc(as, DT_REL_MAPVAL);
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1,
	    BPF_PSEUDO_MAP_VALUE, 0, DT_MAP_GLOBALS));
	dt_asm_emit(as, INSN(0, 0, 0, 0,
	    (int32_t)offsetof(dt_gstate_t, gs_dvarcount)));
	dt_asm_emit(as, MOV_IMM(R2, -1));
	dt_asm_emit(as, INSN(BPF_STX | BPF_ATOMIC | BPF_DW, R1, R2, 0, BPF_ADD));
	dt_asm_set(as, lnone);
}

/*
 * r1 = variable map idp: its fd, or, from DT_VARMAP_DIRECT on (dt_impl.h),
 * the map its map of maps holds (looked up with fp-16 as the key); to
 * lskip if there is none.  r0, r2 to r5 are not kept.
 */
static void
emit_varmap(dt_asm_t *as, const dt_ident_t *idp, int lskip)
{
	if (idp->di_id < DT_MAP_COUNT + DT_VARMAP_DIRECT) {
		emit_mapfd(as, R1, idp);
		return;
	}
	dt_asm_emit(as, ST_IMM(BPF_W, FP, -16, idp->di_id - DT_MAP_COUNT));
	dt_asm_reloc(as, DT_REL_MAPFD);
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1,
	    BPF_PSEUDO_MAP_FD, 0, idp->di_id | DT_MAP_OUTER));
	dt_asm_emit(as, INSN(0, 0, 0, 0, 0));
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, -16));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), lskip);
	dt_asm_emit(as, MOV_REG(R1, R0));
}

/*
 * Thread-local associative arrays (self->a[k]) are keyed by the thread id
 * and then k: a thread's elements are found only by walking the map.  If
 * the thread (its id at fp-8) is in the owner map, which every store of
 * an element marks it in, each such map is walked with
 * bpf_for_each_map_elem, whose callback (written after the program, at
 * pg_callback) deletes the thread's elements.  A thread that never stored
 * one costs one lookup.  cbinsn gets the index of each ld_imm64 of the
 * callback's address, whose offset is filled in once the callback's place
 * is known; the return is how many (at most DT_TLS_SWEEPMAX: maps beyond
 * are walked by a second call each, so there is no limit but that array,
 * sized for the D program's every array).
 */
static unsigned int
tls_assoc_sweep(dtrace_hdl_t *dtp, dt_asm_t *as, uint32_t *cbinsn)
{
	int lskip = dt_asm_label(as);
	unsigned int n = 0;

	emit_mapfd(as, R1, dtp->dt_tlsowner);
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, -8));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), lskip);
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];

		int lnext;

		if (idp->di_kind != DT_IDENT_ASSOC || !idp->di_tls)
			continue;
		lnext = dt_asm_label(as);
		emit_varmap(as, idp, lnext);
		cbinsn[n++] = dt_asm_pc(as);
		dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R2,
		    BPF_PSEUDO_FUNC, 0, 0));
		dt_asm_emit(as, INSN(0, 0, 0, 0, 0));
		dt_asm_emit(as, MOV_REG(R3, FP));
		dt_asm_emit(as, ALU_IMM(BPF_ADD, R3, -8));
		dt_asm_emit(as, MOV_IMM(R4, 0));
		dt_asm_emit(as, CALL(BPF_FUNC_for_each_map_elem));
		dt_asm_set(as, lnext);
	}
	dt_asm_set(as, lskip);
	return (n);
}

#define DT_TASK_DEAD	0x80	/* the kernel's TASK_DEAD state */

static int
tls_cleanup_on(dtrace_hdl_t *dtp, const char *tfs, const char *event)
{
	dt_block_t blk = { 0 };
	dt_asm_t as;
	dt_program_t *pgp;
	char path[300], buf[2048];
	const char *f;
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof (attr),
		.sample_period = 1,
	};
	int pfd, rv = -1, keyoff = -1;
	uint32_t *cbinsn = NULL;
	unsigned int ncb = 0;
	bool sw = strcmp(event, "sched_switch") == 0;

	if ((pgp = dt_zalloc(dtp, sizeof (*pgp))) == NULL)
		return (-1);
	pgp->pg_fd = pgp->pg_pvfd = -1;
	pgp->pg_next = dtp->dt_programs;
	dtp->dt_programs = pgp;

	if (strcmp(event, "sched_process_free") == 0) {
		/* the freed task's pid, from the event's record */
		snprintf(path, sizeof (path), "%s/events/sched/%s/format",
		    tfs, event);
		if (dt_read_file(path, buf, sizeof (buf)) <= 0 ||
		    (f = strstr(buf, " pid;\toffset:")) == NULL) {
			dt_set_errmsg(dtp, EDT_ATTACH, "cannot read the pid "
			    "field of %s", path);
			goto out;
		}
		keyoff = atoi(f + strlen(" pid;\toffset:"));
	}
	/* key (fp-8) = the freed task's pid, or the exiting thread's id */
	dt_asm_init(&as, dtp, &blk, "program");
	if (sw) {
		/* only a thread's final switch: not preempted, TASK_DEAD */
		int lnot = dt_asm_label(&as), ldead = dt_asm_label(&as);

		dt_asm_emit(&as, LDX(BPF_DW, R0, R1, 0));	/* preempt */
		dt_asm_emit(&as, LDX(BPF_DW, R2, R1, 24));	/* prev_state */
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R0, 0, 0), lnot);
		dt_asm_emit(&as, ALU_IMM(BPF_AND, R2, DT_TASK_DEAD));
		dt_asm_jump(&as, JMP_IMM(BPF_JNE, R2, 0, 0), ldead);
		dt_asm_set(&as, lnot);
		dt_asm_emit(&as, MOV_IMM(R0, 0));
		dt_asm_emit(&as, EXIT());
		dt_asm_set(&as, ldead);
		/* the dying thread is still current */
		dt_asm_emit(&as, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_asm_emit(&as, MOV32_REG(R0, R0));
	} else if (keyoff >= 0) {
		dt_asm_emit(&as, LDX(BPF_W, R0, R1, (int16_t)keyoff));
	} else {
		dt_asm_emit(&as, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_asm_emit(&as, MOV32_REG(R0, R0));
	}
	dt_asm_emit(&as, STX(BPF_DW, FP, -8, R0));
	if (dtp->dt_tlsowner != NULL) {
		if ((cbinsn = dt_zalloc(dtp, dtp->dt_nvarmaps *
		    sizeof (*cbinsn))) == NULL) {
			dt_asm_fini(&as);
			goto out;
		}
		ncb = tls_assoc_sweep(dtp, &as, cbinsn);
	}
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];
		int lnext;

		if (idp->di_kind != DT_IDENT_TLS)
			continue;
		lnext = dt_asm_label(&as);
		emit_varmap(&as, idp, lnext);
		dt_asm_emit(&as, MOV_REG(R2, FP));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R2, -8));
		dt_asm_emit(&as, CALL(BPF_FUNC_map_delete_elem));
		if (dt_dvar_counted(dtp, idp))
			emit_dvar_release(&as);
		dt_asm_set(&as, lnext);
	}
	dt_asm_emit(&as, MOV_IMM(R0, 0));
	dt_asm_emit(&as, EXIT());
	if (ncb > 0) {
		/*
		 * The callback: r2 the element's key, r4 the thread id's
		 * address; an element of that thread is deleted, and the
		 * walk goes on (r0 = 0)
		 */
		int lnext = dt_asm_label(&as);

		pgp->pg_callback = dt_asm_pc(&as);
		for (unsigned int i = 0; i < ncb; i++)	/* pc-relative */
			blk.db_insns[cbinsn[i]].imm = (int32_t)
			    (pgp->pg_callback - cbinsn[i] - 1);
		dt_asm_emit(&as, LDX(BPF_DW, R3, R2, 0));
		dt_asm_emit(&as, LDX(BPF_DW, R4, R4, 0));
		dt_asm_jump(&as, JMP_REG(BPF_JNE, R3, R4, 0), lnext);
		dt_asm_emit(&as, CALL(BPF_FUNC_map_delete_elem));
		emit_dvar_release(&as);
		dt_asm_set(&as, lnext);
		dt_asm_emit(&as, MOV_IMM(R0, 0));
		dt_asm_emit(&as, EXIT());
	}
	if (dt_asm_end(&as) != 0)
		goto out;
	if (sw) {
		if (dt_bpf_prog_load(dtp, &blk, BPF_PROG_TYPE_RAW_TRACEPOINT,
		    "dt_tls_dead", pgp) != 0)
			goto out;
		/* refused (EINVAL) if the tracepoint has no fourth argument */
		if ((pfd = bpf_raw_tracepoint_open(event, pgp->pg_fd)) < 0) {
			rv = errno == EINVAL ? 1 : dt_set_errmsg(dtp,
			    EDT_ATTACH, "cannot attach to raw tracepoint %s: %s",
			    event, strerror(errno));
			goto out;
		}
		rv = dt_attfd_add(dtp, pfd);
		goto out;
	}
	if (dt_bpf_prog_load(dtp, &blk, BPF_PROG_TYPE_TRACEPOINT, keyoff < 0 ?
	    "dt_tls_exit" : "dt_tls_free", pgp) != 0)
		goto out;
	snprintf(path, sizeof (path), "%s/events/sched/%s/id", tfs, event);
	if (dt_read_file(path, buf, sizeof (buf)) <= 0) {
		dt_set_errmsg(dtp, EDT_ATTACH, "cannot read %s: %s", path,
		    strerror(errno));
		goto out;
	}
	attr.config = strtoull(buf, NULL, 10);
	pfd = (int)syscall(__NR_perf_event_open, &attr, -1, 0, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0) {
		dt_set_errmsg(dtp, EDT_ATTACH, "cannot open tracepoint "
		    "sched:%s: %s", event, strerror(errno));
		goto out;
	}
	rv = dt_perf_attach(dtp, pfd, pgp->pg_fd, 0);
out:
	free(cbinsn);
	dt_block_free(&blk);
	return (rv);
}

static int
tls_cleanup(dtrace_hdl_t *dtp)
{
	const char *tfs;
	bool any = false;
	int rv;

	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++)
		any |= dtp->dt_varmaps[i]->di_kind == DT_IDENT_TLS;
	if (!any)
		return (0);
	if ((rv = tls_cleanup_on(dtp, NULL, "sched_switch")) <= 0)
		return (rv);
	/* a kernel before 5.18: at exit, then when the task is freed */
	if ((tfs = dt_tracefs(dtp)) == NULL)
		return (dt_set_errmsg(dtp, EDT_NOTRACEFS, "thread-local "
		    "variables (self->) need tracefs, which is not mounted at "
		    "/sys/kernel/tracing and could not be mounted there"));
	if (tls_cleanup_on(dtp, tfs, "sched_process_exit") != 0 ||
	    tls_cleanup_on(dtp, tfs, "sched_process_free") != 0)
		return (-1);
	return (0);
}

static int
go(dtrace_hdl_t *dtp)
{
	struct timespec rt, bt;
	struct epoll_event ev = { .events = EPOLLIN };

	if (dt_bpf_maps_create(dtp) != 0)
		return (-1);
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_BOOTTIME, &bt);
	dtp->dt_gstate->gs_walloff = (uint64_t)(rt.tv_sec - bt.tv_sec) *
	    1000000000ULL + (uint64_t)(rt.tv_nsec - bt.tv_nsec);
	dtp->dt_gstate->gs_activity = DT_ACT_INACTIVE;
	dtp->dt_gstate->gs_aggsize = dtp->dt_opts.op_aggsize;
	dtp->dt_gstate->gs_dvarmax = dt_dvar_limit(dtp);
	dtp->dt_gstate->gs_dvarcount = 0;

	for (int p = 0; dt_providers[p] != NULL; p++) {
		if (dt_providers[p]->pv_prepare != NULL &&
		    dt_providers[p]->pv_prepare(dtp) != 0)
			return (-1);
	}
	/*
	 * Probes that shared probes can serve (USDT under discovery).  The
	 * shared probes made here come after the probes map was filled:
	 * their names are entered as they are attached, for probeprov & co.
	 * of a process that fires one without a probe of its own (a child
	 * forked from a traced process).
	 */
	uint64_t mapped = dtp->dt_probeserial;

	for (int p = 0; dt_discover_wanted(dtp) && dt_providers[p] != NULL;
	    p++) {
		if (dt_providers[p]->pv_share != NULL &&
		    dt_providers[p]->pv_share(dtp, 0) != 0)
			return (-1);
	}
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];
		dt_program_t *pgp;

		if (prp->pr_nclauses == 0 || prp->pr_desc.id == DT_PRID_ERROR)
			continue;
		if (prp->pr_serial >= mapped && dt_bpf_probe_add(dtp, prp) != 0)
			return (-1);
		if ((pgp = dt_program_for(dtp, prp)) == NULL)
			return (-1);
		if (prp->pr_prov->pv_attach(dtp, prp, pgp) != 0)
			return (-1);
	}
	/* after the probes: it runs after them on sched_switch */
	if (tls_cleanup(dtp) != 0)
		return (-1);

	if (dt_discover_start(dtp) != 0)
		return (-1);

	dtp->dt_ringbuf = ring_buffer__new(dtp->dt_mapfd[DT_MAP_OUTPUT],
	    dt_consume_cb, dtp, NULL);
	if (dtp->dt_ringbuf == NULL)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot read the output "
		    "ring buffer: %s", strerror(errno)));
	/* its positions, which bound what one call reads (consume()) */
	dtp->dt_rbpos = mmap(NULL, 2 * (size_t)getpagesize(), PROT_READ,
	    MAP_SHARED, dtp->dt_mapfd[DT_MAP_OUTPUT], 0);
	if (dtp->dt_rbpos == MAP_FAILED)
		dtp->dt_rbpos = NULL;	/* bounded by time alone */
	if ((dtp->dt_epollfd = epoll_create1(EPOLL_CLOEXEC)) < 0)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot create an epoll "
		    "instance: %s", strerror(errno)));
	ev.data.fd = ring_buffer__epoll_fd(dtp->dt_ringbuf);
	if (epoll_ctl(dtp->dt_epollfd, EPOLL_CTL_ADD, ev.data.fd, &ev) != 0)
		return (dt_set_errno(dtp, errno));
	if ((ev.data.fd = dt_registry_fd(dtp)) >= 0 &&
	    epoll_ctl(dtp->dt_epollfd, EPOLL_CTL_ADD, ev.data.fd, &ev) != 0)
		return (dt_set_errno(dtp, errno));
	if ((ev.data.fd = dt_hold_fd(dtp)) >= 0 &&
	    epoll_ctl(dtp->dt_epollfd, EPOLL_CTL_ADD, ev.data.fd, &ev) != 0)
		return (dt_set_errno(dtp, errno));
	for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
	    P = P->pp_next) {
		ev.data.fd = P->pp_pidfd;
		if (P->pp_pidfd >= 0 && epoll_ctl(dtp->dt_epollfd,
		    EPOLL_CTL_ADD, P->pp_pidfd, &ev) != 0)
			return (dt_set_errno(dtp, errno));
	}

	dtp->dt_active = true;
	if (fire(dtp, dtp->dt_beginfd, DT_PRID_BEGIN) != 0)
		return (-1);
	__sync_bool_compare_and_swap(&dtp->dt_gstate->gs_activity,
	    DT_ACT_INACTIVE, DT_ACT_ACTIVE);
	return (0);
}

DT_EXPORT int
dtrace_go(dtrace_hdl_t *dtp)
{
	if (dtp->dt_active || dtp->dt_stopped)
		return (dt_set_errno(dtp, EDT_ACTIVE));
	if (dtp->dt_oflags & DTRACE_O_NODEV)
		return (dt_set_errno(dtp, EDT_NOPRIV));
	/*
	 * Destructive actions are refused when tracing would start, as
	 * DTrace refuses them; the option may come from a program's pragma.
	 */
	for (unsigned int i = 0; i < dtp->dt_nclauses; i++) {
		if (dtp->dt_clauses[i]->dc_destructive &&
		    !dtp->dt_opts.op_destructive)
			return (dt_set_errno(dtp, EDT_DESTRUCTIVE));
	}
	/*
	 * As DTrace: the output buffer must hold the largest record a
	 * clause writes (with the ring buffer's header), or nothing the
	 * clause records could ever be read.
	 */
	if (dtp->dt_opts.op_bufsize < (uint64_t)dtp->dt_recmax +
	    BPF_RINGBUF_HDR_SZ)
		return (dt_set_errno(dtp, EDT_BUFTOOSMALL));
	/*
	 * dynvarsize must hold one dynamic variable element, as in DTrace
	 * for Linux (dt_dvar_cost())
	 */
	if (dt_dvar_cost(dtp) != 0 && dt_dvar_limit(dtp) == 0)
		return (dt_set_errno(dtp, EDT_BUFTOOSMALL));
	/* likewise aggsize must hold the value of each aggregation */
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		if (dtp->dt_varmaps[i]->di_kind == DT_IDENT_AGG &&
		    dtp->dt_opts.op_aggsize < dtp->dt_varmaps[i]->di_valsize)
			return (dt_set_errno(dtp, EDT_BUFTOOSMALL));
	}
	if (go(dtp) != 0) {
		int err = dtp->dt_errno;
		char msg[sizeof (dtp->dt_errmsg)];

		memcpy(msg, dtp->dt_errmsg, sizeof (msg));
		dtp->dt_active = false;
		dt_bpf_close(dtp);
		dtp->dt_errno = err;
		memcpy(dtp->dt_errmsg, msg, sizeof (msg));
		return (-1);
	}
	return (0);
}

DT_EXPORT int
dtrace_stop(dtrace_hdl_t *dtp)
{
	int rv;

	if (dtp->dt_stopped)
		return (0);
	if (!dtp->dt_active)
		return (dt_set_errno(dtp, EDT_NOTACTIVE));
	dt_hold_stop(dtp);	/* nothing more to arm: execs go */
	/* Probes stop recording at once; detaching may take a while. */
	__sync_bool_compare_and_swap(&dtp->dt_gstate->gs_activity,
	    DT_ACT_ACTIVE, DT_ACT_DRAINING);
	dt_attfds_close(dtp);
	rv = fire(dtp, dtp->dt_endfd, DT_PRID_END);
	dtp->dt_gstate->gs_activity = DT_ACT_STOPPED;
	dtp->dt_active = false;
	dtp->dt_stopped = true;
	return (rv);
}

DT_EXPORT void
dtrace_sleep(dtrace_hdl_t *dtp)
{
	struct epoll_event ev[8];
	uint64_t rate = dtp->dt_opts.op_switchrate < dtp->dt_opts.op_statusrate ?
	    dtp->dt_opts.op_switchrate : dtp->dt_opts.op_statusrate;
	int timeout = (int)(rate / 1000000);

	if (dtp->dt_epollfd < 0 || dtp->dt_exited)
		return;
	if (timeout < 1)
		timeout = 1;
	(void) epoll_wait(dtp->dt_epollfd, ev, 8, timeout);
}

DT_EXPORT int
dtrace_status(dtrace_hdl_t *dtp)
{
	if (dtp->dt_exited)
		return (DTRACE_STATUS_EXITED);
	if (dtp->dt_stopped)
		return (DTRACE_STATUS_STOPPED);
	if (!dtp->dt_active)
		return (DTRACE_STATUS_NONE);
	return (DTRACE_STATUS_OKAY);
}

/*
 * Report one kind of loss counted since the last report: to the drop
 * handler, or as a warning (core/dt_msg.c).
 */
static int
report_loss(dtrace_hdl_t *dtp, dtrace_dropkind_t kind, int cpu,
    uint64_t total, uint64_t *seen)
{
	static const char *const tag[] = {	/* -x droptags */
		[DTRACEDROP_PRINCIPAL] = "DTRACEDROP_PRINCIPAL",
		[DTRACEDROP_AGGREGATION] = "DTRACEDROP_AGGREGATION",
		[DTRACEDROP_DYNAMIC] = "DTRACEDROP_DYNAMIC",
		[DTRACEDROP_SPEC] = "DTRACEDROP_SPEC",
		[DTRACEDROP_SPECUNAVAIL] = "DTRACEDROP_SPECUNAVAIL",
		[DTRACEDROP_MISSED] = "DTRACEDROP_MISSED",
	};
	static const char *const what[] = {	/* noun, then the rest */
		[DTRACEDROP_PRINCIPAL] = "drop",
		[DTRACEDROP_AGGREGATION] = "aggregation drop",
		[DTRACEDROP_DYNAMIC] = "dynamic variable drop",
		[DTRACEDROP_SPEC] = "speculative drop",
		[DTRACEDROP_SPECUNAVAIL] = "failed speculation",
		[DTRACEDROP_MISSED] = "probe firing",
	};
	dtrace_dropdata_t dd;
	char msg[160];
	int len = 0;

	if (total == *seen)
		return (0);
	dd.dtdda_kind = kind;
	dd.dtdda_cpu = cpu;
	dd.dtdda_drops = total - *seen;
	dd.dtdda_total = total;
	*seen = total;
	if (dtp->dt_opts.op_droptags)
		len = snprintf(msg, sizeof (msg), "[%s] ", tag[kind]);
	len += snprintf(msg + len, sizeof (msg) - (size_t)len, "%llu %s%s%s",
	    (unsigned long long)dd.dtdda_drops, what[kind],
	    dd.dtdda_drops > 1 ? "s" : "", kind == DTRACEDROP_SPECUNAVAIL ?
	    " (no speculative buffer available)" : kind == DTRACEDROP_MISSED ?
	    " missed (the probe's program was already running on that CPU)" :
	    "");
	if (cpu >= 0)
		snprintf(msg + len, sizeof (msg) - (size_t)len, " on CPU %d",
		    cpu);
	dd.dtdda_msg = msg;
	if (dtp->dt_drophdlr != NULL)
		return (dtp->dt_drophdlr(&dd, dtp->dt_droparg) ==
		    DTRACE_HANDLE_ABORT ? -1 : 0);
	if (dtp->dt_outfp != NULL)
		fflush(dtp->dt_outfp);
	dt_msg(dtp, DTRACE_MSG_WARNING, "%s", msg);
	return (0);
}

#define	LOADED(x)	__atomic_load_n(&(x), __ATOMIC_RELAXED)

/*
 * Firings the kernel did not run a program for, because that program (a
 * raw tracepoint's, or any tracing program's at a trampoline) was already
 * running on the CPU: the probe fired again inside it.  The kernel counts
 * them per program, one system call each: they are read once a second
 * while tracing, and at every call once it has stopped.
 */
static uint64_t
missed_firings(dtrace_hdl_t *dtp)
{
	struct timespec ts;
	uint64_t n = 0, now;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec;
	if (!dtp->dt_stopped && now - dtp->dt_missedat < 1000000000)
		return (dtp->dt_missed);
	dtp->dt_missedat = now;

	for (const dt_program_t *pg = dtp->dt_programs; pg != NULL;
	    pg = pg->pg_next) {
		struct bpf_prog_info info;
		uint32_t len = sizeof (info);

		memset(&info, 0, sizeof (info));
		if (pg->pg_fd >= 0 &&
		    bpf_obj_get_info_by_fd(pg->pg_fd, &info, &len) == 0)
			n += info.recursion_misses;
	}
	return (n);
}

/* Report everything lost since the last call. */
static int
report_drops(dtrace_hdl_t *dtp)
{
	const dt_gstate_t *gs = dtp->dt_gstate;

	/* Stores into full variable maps: one count for all CPUs. */
	if (report_loss(dtp, DTRACEDROP_DYNAMIC, -1, LOADED(gs->gs_dyndrops),
	    &dtp->dt_dyndrops) != 0 ||
	    report_loss(dtp, DTRACEDROP_SPEC, -1, LOADED(gs->gs_specdrops),
	    &dtp->dt_specdrops) != 0 ||
	    report_loss(dtp, DTRACEDROP_SPECUNAVAIL, -1,
	    LOADED(gs->gs_specfail), &dtp->dt_specfail) != 0 ||
	    report_loss(dtp, DTRACEDROP_MISSED, -1, missed_firings(dtp),
	    &dtp->dt_missed) != 0)
		return (-1);
	for (int cpu = 0; cpu < DT_DROPCPUS; cpu++) {
		if (report_loss(dtp, DTRACEDROP_PRINCIPAL, cpu,
		    LOADED(gs->gs_drops[cpu]), &dtp->dt_drops[cpu]) != 0 ||
		    report_loss(dtp, DTRACEDROP_AGGREGATION, cpu,
		    LOADED(gs->gs_aggdrops[cpu]), &dtp->dt_aggdrops[cpu]) != 0)
			return (-1);
	}
	return (0);
}

/* The longest one call reads the ring buffer for, in nanoseconds. */
#define	DT_CONSUME_NSEC	250000000ULL

/*
 * Read the ring buffer: the records it holds now, not those written while
 * they are read, and for DT_CONSUME_NSEC at most (dt_consume.c's
 * share_read()).  A session whose own output fires its probes, or a
 * flood of records, would otherwise keep one call in libbpf's loop for
 * ever.  dt_consume_more says whether records were left.
 */
static int
ring_read(dtrace_hdl_t *dtp)
{
	const unsigned long *pos = dtp->dt_rbpos;
	size_t pg = (size_t)getpagesize() / sizeof (unsigned long);
	struct timespec ts;
	int rv;

	if (pos != NULL)	/* the producer's position, a page on */
		dtp->dt_consume_end = __atomic_load_n(&pos[pg],
		    __ATOMIC_ACQUIRE);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	dtp->dt_consume_deadline = (uint64_t)ts.tv_sec * 1000000000 +
	    (uint64_t)ts.tv_nsec + DT_CONSUME_NSEC;
	dtp->dt_consume_n = 0;
	dtp->dt_consume_yield = false;
	rv = ring_buffer__consume(dtp->dt_ringbuf);
	if (dtp->dt_consume_yield) {
		rv = 0;
		dtp->dt_consume_more = pos == NULL ||
		    __atomic_load_n(&pos[pg], __ATOMIC_ACQUIRE) !=
		    __atomic_load_n(&pos[0], __ATOMIC_ACQUIRE);
	} else if (rv >= 0) {
		dtp->dt_consume_more = false;
	}
	return (rv);
}

/*
 * Read what the ring buffer holds, with these callbacks; then report the
 * losses.  With stop, an exit() consumed stops tracing and END's records
 * are read too.
 */
static int
consume(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pfunc,
    dtrace_consume_rec_f *rfunc, void *arg, bool stop)
{
	int rv;

	if (dtp->dt_ringbuf == NULL)
		return (dt_set_errno(dtp, EDT_NOTACTIVE));
	dtp->dt_outfp = fp;
	dtp->dt_pfunc = pfunc;
	dtp->dt_rfunc = rfunc;
	dtp->dt_cbarg = arg;
	dtp->dt_consume_err = 0;
	dtp->dt_consume_abort = false;
	rv = ring_read(dtp);
	if (dtp->dt_consume_abort)
		return (0);	/* asked to stop: not an error, nothing more */
	if (stop && rv >= 0 && dtp->dt_exited && !dtp->dt_stopped) {
		/* exit(): END fires now and its records are read too; what
		   was printed goes out first, not after the detaching
		   (tens of milliseconds: RCU grace periods) */
		if (fp != NULL)
			fflush(fp);
		if (dtrace_stop(dtp) != 0)
			return (-1);
		rv = ring_read(dtp);
	}
	/* bufpolicy fill or ring: what was kept is printed at the end */
	if (rv >= 0 && dtp->dt_stopped && !dtp->dt_consume_more &&
	    dtp->dt_consume_err == 0 && !dtp->dt_consume_abort)
		rv = dt_pbuf_flush(dtp);
	if (dtp->dt_consume_abort)
		return (0);
	if (fp != NULL)
		fflush(fp);
	if (report_drops(dtp) != 0)
		return (dt_set_errno(dtp, EDT_CALLBACK));
	if (dtp->dt_consume_err < 0 || (rv < 0 && rv != -EINTR &&
	    dtp->dt_consume_err == 0)) {
		if (dtp->dt_consume_err == 0)
			dt_set_errno(dtp, -rv);
		return (-1);
	}
	return (0);
}

DT_EXPORT int
dtrace_consume(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pfunc,
    dtrace_consume_rec_f *rfunc, void *arg)
{
	return (consume(dtp, fp, pfunc, rfunc, arg, false));
}

DT_EXPORT dtrace_workstatus_t
dtrace_work(dtrace_hdl_t *dtp, FILE *fp, dtrace_consume_probe_f *pfunc,
    dtrace_consume_rec_f *rfunc, void *arg)
{
	/* first the execs held (a process waits), then the buffers */
	dt_hold_read(dtp);
	if (consume(dtp, fp, pfunc, rfunc, arg, true) != 0)
		return (DTRACE_WORKSTATUS_ERROR);
	dt_registry_read(dtp);
	dt_discover_tidy(dtp, false);
	if (dtp->dt_ndiscq > 0)
		dt_discover_run(dtp);
	dt_discover_tidy(dtp, true);
	dt_usym_snapshot(dtp);	/* before an exit is seen */
	dt_proc_check(dtp);
	/* once stopped, done when the buffer is read to its end; before,
	   an exit() or the processes' end is said at once, records or not */
	if (dtp->dt_stopped)
		return (dtp->dt_consume_more ? DTRACE_WORKSTATUS_OKAY :
		    DTRACE_WORKSTATUS_DONE);
	if (dtp->dt_exited || dt_proc_alldead(dtp))
		return (DTRACE_WORKSTATUS_DONE);
	return (DTRACE_WORKSTATUS_OKAY);
}

DT_EXPORT int
dtrace_exit_status(dtrace_hdl_t *dtp)
{
	return (dtp->dt_exitstatus);
}

DT_EXPORT int
dtrace_handle_err(dtrace_hdl_t *dtp, dtrace_handle_err_f *hdlr, void *arg)
{
	dtp->dt_errhdlr = hdlr;
	dtp->dt_errarg = arg;
	return (0);
}

DT_EXPORT int
dtrace_handle_drop(dtrace_hdl_t *dtp, dtrace_handle_drop_f *hdlr, void *arg)
{
	dtp->dt_drophdlr = hdlr;
	dtp->dt_droparg = arg;
	return (0);
}

DT_EXPORT int
dtrace_handle_buffered(dtrace_hdl_t *dtp, dtrace_handle_buffered_f *hdlr,
    void *arg)
{
	dtp->dt_bufhdlr = hdlr;
	dtp->dt_bufarg = arg;
	return (0);
}

DT_EXPORT int
dtrace_handle_proc(dtrace_hdl_t *dtp, dtrace_handle_proc_f *hdlr, void *arg)
{
	dtp->dt_prochdlr = hdlr;
	dtp->dt_procarg = arg;
	return (0);
}
