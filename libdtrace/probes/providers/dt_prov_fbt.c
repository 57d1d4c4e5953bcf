/*
 * dt_prov_fbt.c: the fbt provider (function boundary tracing):
 * fbt:vmlinux:FUNCTION:entry and fbt:vmlinux:FUNCTION:return for every
 * kernel function the kernel's BTF describes (its BTF_KIND_FUNC entries),
 * with args[] typed from the function's prototype.  On return, as in
 * DTrace, arg1 (args[1], of the function's return type) is the value
 * returned and arg0 the offset of the return instruction, which neither
 * mechanism below can know: it is 0.  A function returning void has no
 * args[1].
 *
 * The mechanism is chosen at run time, once per process, by trying the
 * kernel (fbt_mechanism()) on a function every kernel has:
 *
 *  - fentry/fexit: a BPF_PROG_TYPE_TRACING program loaded for one
 *    function (its BTF id given at load) and attached through the BPF
 *    trampoline.  The cheapest per call, but a program is bound to one
 *    function at load: each enabled fbt probe gets a program of its own
 *    (its trampoline kind is DT_TRAMP_FBT_TRACING | probe id, so that
 *    dt_program_for() never groups two), with the probe id and argument
 *    count as immediates.  The arguments (and, at fexit, the return value
 *    after them) are the context's 64-bit slots, copied with
 *    bpf_probe_read_kernel so that the program reads exactly the slots
 *    the function has.  Functions the trampoline cannot take (more than
 *    6 arguments, a struct passed or returned by value, variadic) use
 *    kprobes when the kernel has them, else have no probes.
 *  - kprobes/kretprobes: perf events of the kprobe PMU
 *    (/sys/bus/event_source/devices/kprobe, kernel 4.17 and later; every
 *    kernel with BTF has it, so tracefs kprobe_events is not used), one
 *    program for every probe of a direction that shares its clauses, the
 *    probe id in the BPF cookie of each attachment (kernel 5.15 and
 *    later).  Arguments are the first six integer argument registers of
 *    the saved struct pt_regs; at return, arg1 is %rax.
 *    Option fbtkprobe puts every probe on kprobes (the qemu lane tests
 *    both ways).
 *  - neither: fbt is absent.  It lists no probes, and a description
 *    naming it that matches nothing is refused with the reason
 *    (dt_fbt_absent(), asked by dt_probe_absent()), D_PDESC_ABSENT.
 *
 * Functions named twice in BTF (static functions of the same name in
 * several files) are listed once, the first: a kprobe on the name could
 * not tell them apart.  The probes of kernel modules are not listed yet
 * (the module field is always vmlinux).  Types come from the session's
 * kernel types (dt_ktypes(), the btfpath option's file if set), whose ids
 * fentry needs: with a btfpath that is not this kernel's, fentry programs
 * attach to whatever function has that id, or fail.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"
#include "../../types/dt_tcache.h"

#define FBT_MAXREGARGS	6	/* integer argument registers (x86-64) */
#define FBT_KPROBE_PMU	"/sys/bus/event_source/devices/kprobe"

/* pr_data2 of an fbt probe: direction and argument count */
#define FBT_RETURN	0x1		/* the return probe */
#define FBT_RETVOID	0x2		/* the function returns void */
#define FBT_NARGS(d)	((int)(((d) >> 8) & 0xff))

/* x86-64 struct pt_regs: offsets of the argument registers and %rax */
static const int16_t fbt_regoff[FBT_MAXREGARGS] = {
	112, 104, 96, 88, 72, 64	/* di si dx cx r8 r9 */
};
#define PT_AX		80

/*
 * What this kernel offers, found once per process: the kernel does not
 * change under a running process.
 */
static pthread_mutex_t fbt_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	bool fm_probed;			/* the kernel was tried */
	bool fm_tracing;		/* fentry/fexit work */
	bool fm_kprobe;			/* the kprobe PMU works */
	int fm_kptype;			/* the kprobe PMU's perf type */
	int fm_kpretbit;		/* its config bit for kretprobes */
	char fm_why[512];		/* neither: why (else empty) */
} fbt_mech;

typedef struct fbt_func {
	const char *ff_name;		/* function name, in the BTF */
	uint32_t ff_id;			/* BTF_KIND_FUNC type id */
} fbt_func_t;

static int
func_cmp(const void *a, const void *b)
{
	const fbt_func_t *x = a, *y = b;
	int c = strcmp(x->ff_name, y->ff_name);

	return (c != 0 ? c : (x->ff_id > y->ff_id) - (x->ff_id < y->ff_id));
}

/* bsearch by name alone */
static int
name_cmp(const void *a, const void *b)
{
	return (strcmp(((const fbt_func_t *)a)->ff_name,
	    ((const fbt_func_t *)b)->ff_name));
}

/* Type id with modifiers and typedefs skipped; the type in *tp. */
static uint32_t
skip_mods(const struct btf *btf, uint32_t id, const struct btf_type **tp)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	for (int depth = 0; t != NULL && depth < 64 && (btf_is_mod(t) ||
	    btf_is_typedef(t) || btf_is_type_tag(t)); depth++)
		t = btf__type_by_id(btf, id = t->type);
	*tp = t;
	return (id);
}

/* Is a parameter or return type one a BPF trampoline can carry? */
static bool
tracing_type_ok(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t;

	if (id == 0)
		return (true);		/* void */
	(void) skip_mods(btf, id, &t);
	return (t != NULL && (btf_is_int(t) || btf_is_ptr(t) ||
	    btf_is_enum(t) || btf_is_enum64(t)));
}

/*
 * Can fentry/fexit take the function of prototype fp?  At most 6
 * arguments, none a struct by value (the 6.1 trampoline refuses them),
 * not variadic (a last parameter of type 0).
 */
static bool
tracing_proto_ok(const struct btf *btf, const struct btf_type *fp)
{
	const struct btf_param *p = btf_params(fp);
	int n = btf_vlen(fp);

	if (n > FBT_MAXREGARGS || !tracing_type_ok(btf, fp->type))
		return (false);
	for (int i = 0; i < n; i++) {
		if (p[i].type == 0 || !tracing_type_ok(btf, p[i].type))
			return (false);
	}
	return (true);
}

static int
sys_bpf(int cmd, union bpf_attr *attr)
{
	return ((int)syscall(__NR_bpf, cmd, attr, sizeof (*attr)));
}

/*
 * Load a program that does nothing for fentry or fexit of BTF function
 * id; its descriptor or -1 (errno set).
 */
static int
tracing_load(uint32_t id, bool ret, const struct bpf_insn *insns,
    uint32_t ninsns, const char *name)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof (attr));
	attr.prog_type = BPF_PROG_TYPE_TRACING;
	attr.expected_attach_type = ret ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY;
	attr.attach_btf_id = id;
	attr.insns = (uint64_t)(uintptr_t)insns;
	attr.insn_cnt = ninsns;
	attr.license = (uint64_t)(uintptr_t)"GPL";
	snprintf(attr.prog_name, sizeof (attr.prog_name), "%s", name);
	return (sys_bpf(BPF_PROG_LOAD, &attr));
}

/* Open a kprobe (or kretprobe) perf event on function name. */
static int
kprobe_open(const char *name, bool ret)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof (attr));
	attr.size = sizeof (attr);
	attr.type = (uint32_t)fbt_mech.fm_kptype;
	attr.config = ret ? 1ULL << fbt_mech.fm_kpretbit : 0;
	attr.config1 = (uint64_t)(uintptr_t)name;	/* kprobe_func */
	attr.config2 = 0;				/* probe_offset */
	attr.sample_period = 1;
	/* a kprobe program runs on every CPU: one event is enough */
	return ((int)syscall(__NR_perf_event_open, &attr, -1, 0, -1,
	    PERF_FLAG_FD_CLOEXEC));
}

/* Can the kprobe PMU place a kprobe on function name? */
static void
try_kprobe(const char *name, char *why, size_t len)
{
	char buf[64];
	int fd;

	if (dt_read_file(FBT_KPROBE_PMU "/type", buf, sizeof (buf)) <= 0) {
		snprintf(why, len, "this kernel has no kprobe PMU (%s: %s; "
		    "CONFIG_KPROBES is off)", FBT_KPROBE_PMU, strerror(errno));
		return;
	}
	fbt_mech.fm_kptype = atoi(buf);
	fbt_mech.fm_kpretbit = 0;
	if (dt_read_file(FBT_KPROBE_PMU "/format/retprobe", buf,
	    sizeof (buf)) > 0 && strncmp(buf, "config:", 7) == 0)
		fbt_mech.fm_kpretbit = atoi(buf + 7);
	if ((fd = kprobe_open(name, false)) < 0) {
		snprintf(why, len, "a kprobe on %s cannot be opened (%s)",
		    name, strerror(errno));
		return;
	}
	close(fd);
	fbt_mech.fm_kprobe = true;
}

/* Can fentry attach to BTF function id? */
static void
try_tracing(uint32_t id, const char *name, char *why, size_t len)
{
	static const struct bpf_insn ret0[] = {
		MOV_IMM(R0, 0), EXIT()
	};
	int pfd, lfd;

	if ((pfd = tracing_load(id, false, ret0, 2, "dt_fbt_probe")) < 0) {
		snprintf(why, len, "loading an fentry program for %s fails "
		    "(%s)", name, strerror(errno));
		return;
	}
	if ((lfd = bpf_raw_tracepoint_open(NULL, pfd)) < 0) {
		snprintf(why, len, "attaching an fentry program to %s fails "
		    "(%s)", name, strerror(errno));
		close(pfd);
		return;
	}
	close(lfd);
	close(pfd);
	fbt_mech.fm_tracing = true;
}

/*
 * Find out, once, what the kernel offers for fbt, trying function name
 * (BTF id id).
 */
static void
fbt_mechanism(const char *name, uint32_t id)
{
	char twhy[200] = "", kwhy[200] = "";

	pthread_mutex_lock(&fbt_lock);
	if (!fbt_mech.fm_probed) {
		try_tracing(id, name, twhy, sizeof (twhy));
		try_kprobe(name, kwhy, sizeof (kwhy));
		if (!fbt_mech.fm_tracing && !fbt_mech.fm_kprobe)
			snprintf(fbt_mech.fm_why, sizeof (fbt_mech.fm_why),
			    "fbt needs fentry/fexit or kprobes: %s, and %s",
			    twhy, kwhy);
		fbt_mech.fm_probed = true;
	}
	pthread_mutex_unlock(&fbt_lock);
}

/*
 * Before reading BTF (50 ms): a kernel that refuses every tracing program
 * (EPERM for a load that names no function, which the verifier would
 * refuse later with EINVAL) and has no kprobe PMU has no fbt.  dtrace -l
 * then costs no BTF parse.
 */
static void
fbt_quick(void)
{
	static const struct bpf_insn ret0[] = {
		MOV_IMM(R0, 0), EXIT()
	};
	char buf[64];
	int fd, err;

	pthread_mutex_lock(&fbt_lock);
	if (fbt_mech.fm_probed)
		goto out;
	fd = tracing_load(0, false, ret0, 2, "dt_fbt_probe");
	err = errno;
	if (fd >= 0)
		close(fd);
	if (fd >= 0 || (err != EPERM && err != EACCES))
		goto out;
	if (dt_read_file(FBT_KPROBE_PMU "/type", buf, sizeof (buf)) > 0)
		goto out;
	snprintf(fbt_mech.fm_why, sizeof (fbt_mech.fm_why), "fbt needs "
	    "fentry/fexit or kprobes: this kernel refuses tracing programs "
	    "(%s), and it has no kprobe PMU (%s: %s; CONFIG_KPROBES is off)",
	    strerror(err), FBT_KPROBE_PMU, strerror(errno));
	fbt_mech.fm_probed = true;
out:
	pthread_mutex_unlock(&fbt_lock);
}

/* No kernel BTF: fbt cannot be, and says why (once per process). */
static void
fbt_nobtf(const char *msg)
{
	pthread_mutex_lock(&fbt_lock);
	if (!fbt_mech.fm_probed) {
		snprintf(fbt_mech.fm_why, sizeof (fbt_mech.fm_why), "fbt needs "
		    "the kernel's BTF to name its functions: %.400s", msg);
		fbt_mech.fm_probed = true;
	}
	pthread_mutex_unlock(&fbt_lock);
}

/*
 * Why fbt has no probes on this kernel, or NULL if it has them (or the
 * kernel has not been tried: no description could name fbt yet).
 */
const char *
dt_fbt_absent(void)
{
	const char *why = NULL;

	pthread_mutex_lock(&fbt_lock);
	if (fbt_mech.fm_probed && fbt_mech.fm_why[0] != '\0')
		why = fbt_mech.fm_why;
	pthread_mutex_unlock(&fbt_lock);
	return (why);
}

/* Create the entry and return probes of one function. */
static int
add_func(dtrace_hdl_t *dtp, const struct btf *btf, const fbt_func_t *ff)
{
	const struct btf_type *f = btf__type_by_id(btf, ff->ff_id);
	const struct btf_type *fp = f != NULL ?
	    btf__type_by_id(btf, f->type) : NULL;
	uint32_t tramp[2];
	uint64_t data;

	if (fp == NULL || !btf_is_func_proto(fp))
		return (0);	/* not a function: no probes */
	if (fbt_mech.fm_tracing && !dtp->dt_opts.op_fbtkprobe &&
	    tracing_proto_ok(btf, fp)) {
		tramp[0] = tramp[1] = DT_TRAMP_FBT_TRACING;
	} else if (fbt_mech.fm_kprobe) {
		tramp[0] = DT_TRAMP_FBT_KENTRY;
		tramp[1] = DT_TRAMP_FBT_KRETURN;
	} else {
		return (0);	/* neither mechanism can take it */
	}
	data = (uint64_t)(btf_vlen(fp) > 0xff ? 0xff : btf_vlen(fp)) << 8;
	if (fp->type == 0)
		data |= FBT_RETVOID;
	for (int r = 0; r < 2; r++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_fbt,
		    "vmlinux", ff->ff_name, r ? "return" : "entry");

		if (prp == NULL)
			return (-1);
		prp->pr_data = ff->ff_id;
		prp->pr_data2 = data | (r ? FBT_RETURN : 0);
		prp->pr_tramp = tramp[r];
		if (tramp[r] == DT_TRAMP_FBT_TRACING)
			prp->pr_tramp |= prp->pr_desc.id;
	}
	return (0);
}

static int
fbt_populate(dtrace_hdl_t *dtp)
{
	static const char *const targets[] = {
		"vfs_read", "do_sys_openat2", "ksys_read", NULL
	};
	dt_tentry_t *te;
	const struct btf *btf;
	fbt_func_t *ffs, *target = NULL;
	uint32_t n, nf = 0;
	int rv = 0;

	fbt_quick();
	if (dt_fbt_absent() != NULL)
		return (0);
	if ((te = dt_ktypes(dtp)) == NULL) {
		/* a session without kernel types has no fbt probes */
		fbt_nobtf(dtp->dt_errmsg);
		return (0);
	}
	btf = te->te_btf;
	n = btf__type_cnt(btf);
	if ((ffs = dt_zalloc(dtp, n * sizeof (fbt_func_t))) == NULL)
		return (-1);
	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (t == NULL || !btf_is_func(t) ||
		    BTF_INFO_VLEN(t->info) == BTF_FUNC_EXTERN ||
		    (name = btf__name_by_offset(btf, t->name_off)) == NULL ||
		    name[0] == '\0' || strlen(name) >= DTRACE_FUNCNAMELEN)
			continue;
		ffs[nf].ff_name = name;
		ffs[nf++].ff_id = id;
	}
	qsort(ffs, nf, sizeof (fbt_func_t), func_cmp);
	for (int i = 0; target == NULL && targets[i] != NULL; i++) {
		fbt_func_t key = { targets[i], 0 };

		target = bsearch(&key, ffs, nf, sizeof (fbt_func_t), name_cmp);
	}
	if (target == NULL && nf > 0)
		target = &ffs[0];
	if (target == NULL)
		fbt_nobtf("its BTF describes no function");
	else
		fbt_mechanism(target->ff_name, target->ff_id);
	for (uint32_t i = 0; rv == 0 && dt_fbt_absent() == NULL && i < nf;
	    i++) {
		if (i > 0 && strcmp(ffs[i].ff_name, ffs[i - 1].ff_name) == 0)
			continue;	/* named twice: the first only */
		rv = add_func(dtp, btf, &ffs[i]);
	}
	free(ffs);
	return (rv);
}

/* The prototype of the probe's function, or NULL; *btfp its BTF. */
static const struct btf_type *
fbt_proto(dtrace_hdl_t *dtp, const dt_probe_t *prp, const struct btf **btfp)
{
	dt_tentry_t *te = dt_ktypes(dtp);
	const struct btf_type *t;

	if (te == NULL ||
	    (t = btf__type_by_id(te->te_btf, (uint32_t)prp->pr_data)) ==
	    NULL || !btf_is_func(t) ||
	    (t = btf__type_by_id(te->te_btf, t->type)) == NULL ||
	    !btf_is_func_proto(t))
		return (NULL);
	*btfp = te->te_btf;
	return (t);
}

/*
 * fentry/fexit: one probe's program.  Probe id, argument count and
 * direction are known here; the BTF id goes to the program's load.
 */
static int
tramp_tracing(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	uint32_t prid = pgp->pg_tramp & ~DT_TRAMP_FBT_TRACING;
	const dt_probe_t *prp;
	struct bpf_insn in[32];
	size_t n = 0;
	int16_t a = MS_OFF(ms_argv);
	int nargs;
	bool ret;

	if (prid == 0 || prid > dtp->dt_nprobes ||
	    (prp = dtp->dt_probes[prid - 1])->pr_prov != &dt_prov_fbt)
		return (dt_set_errmsg(dtp, EDT_BPF, "fbt: no probe %u for a "
		    "program", prid));
	nargs = FBT_NARGS(prp->pr_data2);
	ret = prp->pr_data2 & FBT_RETURN;
	pgp->pg_progtype = BPF_PROG_TYPE_TRACING;
	pgp->pg_attachtype = ret ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY;
	pgp->pg_btfid = (uint32_t)prp->pr_data;

	in[n++] = ST_IMM(BPF_W, R9, MS_OFF(ms_prid), (int32_t)prid);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	if (!ret && nargs > 0) {
		/* arg0 .. argN-1: the context's first nargs slots */
		in[n++] = MOV_REG(R1, R9);
		in[n++] = ALU_IMM(BPF_ADD, R1, a);
		in[n++] = MOV_IMM(R2, nargs * 8);
		in[n++] = MOV_REG(R3, R6);
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	} else if (ret && !(prp->pr_data2 & FBT_RETVOID)) {
		/* arg1: the return value, in the slot after the arguments */
		in[n++] = MOV_REG(R1, R9);
		in[n++] = ALU_IMM(BPF_ADD, R1, a + 8);
		in[n++] = MOV_IMM(R2, 8);
		in[n++] = MOV_REG(R3, R6);
		in[n++] = ALU_IMM(BPF_ADD, R3, nargs * 8);
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	}
	return (dt_block_emit_all(dtp, blk, in, n));
}

/* kprobe/kretprobe: the probe id in the cookie, arguments in pt_regs. */
static int
tramp_kprobe(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	struct bpf_insn in[48];
	size_t n = 0;
	int16_t a = MS_OFF(ms_argv);
	bool ret = pgp->pg_tramp == DT_TRAMP_FBT_KRETURN;

	pgp->pg_progtype = BPF_PROG_TYPE_KPROBE;
	in[n++] = MOV_REG(R1, R6);
	in[n++] = CALL(BPF_FUNC_get_attach_cookie);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	if (!ret) {
		for (int i = 0; i < FBT_MAXREGARGS; i++) {
			in[n++] = LDX(BPF_DW, R1, R6, fbt_regoff[i]);
			in[n++] = STX(BPF_DW, R9, a + i * 8, R1);
		}
	} else {
		in[n++] = LDX(BPF_DW, R1, R6, PT_AX);
		in[n++] = STX(BPF_DW, R9, a + 8, R1);
	}
	return (dt_block_emit_all(dtp, blk, in, n));
}

static int
fbt_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	if (pgp->pg_tramp & DT_TRAMP_FBT_TRACING)
		return (tramp_tracing(dtp, blk, pgp));
	return (tramp_kprobe(dtp, blk, pgp));
}

static int
fbt_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	bool ret = prp->pr_data2 & FBT_RETURN;
	int fd;

	if (prp->pr_tramp & DT_TRAMP_FBT_TRACING) {
		if ((fd = bpf_raw_tracepoint_open(NULL, pgp->pg_fd)) < 0)
			return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach "
			    "an %s program to %s: %s", ret ? "fexit" :
			    "fentry", prp->pr_desc.fun, strerror(errno)));
		return (dt_attfd_add(dtp, fd));
	}
	if ((fd = kprobe_open(prp->pr_desc.fun, ret)) < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot open a %s on "
		    "%s: %s", ret ? "kretprobe" : "kprobe", prp->pr_desc.fun,
		    strerror(errno)));
	return (dt_perf_attach(dtp, fd, pgp->pg_fd, prp->pr_desc.id));
}

/*
 * The type of an argument or return value: its C name, or uint64_t for
 * a struct or union passed by value (a kprobe sees a register of it).
 */
static void
arg_text(const struct btf *btf, uint32_t id, char *buf, size_t len)
{
	if (!tracing_type_ok(btf, id))
		snprintf(buf, len, "uint64_t");
	else
		dt_btf_argtext(btf, id, buf, len);
}

/*
 * args[n]: entry, the function's parameters; return, args[0] the offset
 * of the return instruction (0 here) and args[1] the value returned.
 */
static int
fbt_argtype(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n, char *buf,
    size_t len)
{
	const struct btf *btf;
	const struct btf_type *fp = fbt_proto(dtp, prp, &btf);

	if (fp == NULL || n < 0)
		return (-1);
	if (prp->pr_data2 & FBT_RETURN) {
		if (n == 0) {
			snprintf(buf, len, "int");
			return (0);
		}
		if (n > 1 || fp->type == 0)
			return (-1);
		arg_text(btf, fp->type, buf, len);
		return (0);
	}
	if (n >= btf_vlen(fp) || n >= FBT_MAXREGARGS ||
	    btf_params(fp)[n].type == 0)
		return (-1);
	arg_text(btf, btf_params(fp)[n].type, buf, len);
	return (0);
}

static const char *const fbt_names[] = { "entry", "return", NULL };

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t fbt_attr = {
	DT_ATTR(EVOLVING, EVOLVING, COMMON), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, ISA), DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(PRIVATE, PRIVATE, ISA)
};

const dt_provider_t dt_prov_fbt = {
	.pv_name = "fbt",
	.pv_attr = &fbt_attr,
	.pv_names = fbt_names,
	.pv_progtype = BPF_PROG_TYPE_KPROBE,	/* the trampoline decides */
	.pv_populate = fbt_populate,
	.pv_trampoline = fbt_trampoline,
	.pv_attach = fbt_attach,
	.pv_argtype = fbt_argtype,
};
