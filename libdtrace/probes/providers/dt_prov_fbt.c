/*
 * dt_prov_fbt.c: the fbt provider (function boundary tracing):
 * fbt:MODULE:FUNCTION:entry and fbt:MODULE:FUNCTION:return for every
 * kernel function the kernel's BTF describes (its BTF_KIND_FUNC entries),
 * MODULE vmlinux or a loaded module with BTF (/sys/kernel/btf/MODULE),
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
 *    (fbt_absent(), the pv_absent dt_probe_absent() asks), D_PDESC_ABSENT.
 *
 * Only functions ftrace can trace are listed (fbt_avail(): BTF also
 * describes __init functions, freed after boot, and notrace ones).
 * Functions named twice in one BTF file (static functions of the same
 * name in several files) are listed once, the first; a name ftrace lists
 * twice in a module is not listed (add_funcs()); a function of the
 * kernel's kprobe blacklist is only ever on fentry.  Types come from the
 * session's kernel types (dt_ktypes(), the btfpath option's file if
 * set), whose ids fentry needs: with a btfpath that is not this kernel's,
 * fentry programs attach to whatever function has that id, or fail (and
 * modules are not listed: their split BTF continues the running
 * kernel's).
 *
 * Kernel modules: vmlinux's functions are listed when fbt is populated;
 * a module's only when a description whose module field can name it is
 * matched (fbt_provide(): fbt:9pnet::entry reads 9pnet's BTF alone,
 * fbt:::entry and dtrace -l every module's).  A module's types are its
 * entry in the shared type cache, split on the session's vmlinux entry
 * (the entry a clause gets for MODULE`type, dt_pcb_module_types()), held
 * in fbt's fs_mods.  An argument whose type the module defines is
 * written "struct MODULE`name *", so that the clause compiles with that
 * module's types.  fentry on a module's function needs the module's BTF
 * object (attach_btf_obj_fd at load), found among the kernel's BTF
 * objects by name when a program first needs it; a kprobe names the
 * function "MODULE:FUNCTION", which the kernel looks up in that module.
 *
 * The mechanism of each enabled probe is settled at dtrace_go()
 * (fbt_prepare()): fentry/fexit where they work, unless option
 * fbtkprobe asks for kprobes or more than fbtmaxtramp probes would get a
 * program each (fbt::vfs_*:entry, fbt:::entry): then every enabled probe
 * goes to kprobes, one program per clause list.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"
#include "../../codegen/dt_asm.h"
#include "../../types/dt_tcache.h"

#define FBT_MAXREGARGS	6	/* integer argument registers (x86-64) */
#define FBT_KPROBE_PMU	"/sys/bus/event_source/devices/kprobe"
#define FBT_BTFDIR	"/sys/kernel/btf"	/* vmlinux and modules */
#define FBT_DEBUGFS	"/sys/kernel/debug"
#define FBT_BLACKLIST	FBT_DEBUGFS "/kprobes/blacklist"

/*
 * pr_data2 of an fbt probe: direction, argument count, module (pr_data
 * is the function's BTF id, in its module's split BTF for a module)
 */
#define FBT_RETURN	0x1		/* the return probe */
#define FBT_RETVOID	0x2		/* the function returns void */
#define FBT_TRACEOK	0x4		/* fentry/fexit can take it */
#define FBT_NOKPROBE	0x8		/* kprobes cannot (blacklisted) */
#define FBT_NARGS(d)	((int)(((d) >> 8) & 0xff))
#define FBT_MOD(d)	((unsigned int)(((d) >> 16) & 0xffff))
					/* 0 vmlinux, else fs_mods[] + 1 */

/* A kernel module with BTF, in fbt's fs_mods. */
typedef struct dt_fbtmod {
	char fk_name[DTRACE_MODNAMELEN]; /* module name */
	dt_tentry_t *fk_te;		/* its split BTF, held; NULL: not
					   read (or it could not be) */
	bool fk_read;			/* its probes were created */
	int fk_objfd;			/* its kernel BTF object, opened for
					   fentry's load; -1: not yet */
} dt_fbtmod_t;

/*
 * fbt's state in a session (its pv_init, dt_provdata()): what it read of
 * the kernel's modules and of ftrace.  What the kernel offers, the same
 * for every session, is fbt_mech, below.
 */
typedef struct fbt_state {
	dt_fbtmod_t *fs_mods;		/* kernel modules with BTF, sorted by
					   name */
	unsigned int fs_nmods;		/* how many */
	bool fs_modsread;		/* /sys/kernel/btf was listed */
	struct dt_fbtavail *fs_avail;	/* the functions ftrace can trace;
					   NULL: not known */
} fbt_state_t;

static fbt_state_t *
fbt_state(dtrace_hdl_t *dtp)
{
	return (dt_provdata(dtp, &dt_prov_fbt));
}

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
	return (dt_bpf_syscall(BPF_PROG_LOAD, &attr, sizeof (attr)));
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
static const char *
fbt_absent(const dtrace_probedesc_t *pdp __attribute__((unused)))
{
	const char *why = NULL;

	pthread_mutex_lock(&fbt_lock);
	if (fbt_mech.fm_probed && fbt_mech.fm_why[0] != '\0')
		why = fbt_mech.fm_why;
	pthread_mutex_unlock(&fbt_lock);
	return (why);
}

/*
 * The functions the kernel can trace: tracefs's available_filter_functions,
 * "NAME" for vmlinux's and "NAME [MODULE]" for a module's, one a line.
 * BTF also describes functions that neither fentry nor kprobes can take:
 * __init functions, freed after boot (vfs_caches_init), and functions
 * built without the ftrace call site (notrace), where fentry cannot
 * attach.  Read once per session when fbt is populated (38,736 lines on
 * Debian's 6.1: 210 ms under qemu TCG), as a hash set of (module, name).
 */
typedef struct dt_fbtavail {
	char *fa_buf;			/* the file: "NAME\0MODULE\0" each */
	uint32_t *fa_slots;		/* offset + 1 of an entry, or 0 */
	uint32_t fa_nslots;		/* a power of two */
} dt_fbtavail_t;

#define FBT_AVAILMOD	0x80000000u	/* in a slot: a module follows */
#define FBT_AVAILDUP	0x40000000u	/* in a slot: the name is there
					   twice (or more) */
#define FBT_AVAILNOKP	0x20000000u	/* in a slot: in the kernel's kprobe
					   blacklist (NOKPROBE_SYMBOL) */
#define FBT_AVAILOFF(s)	((s) & ~(FBT_AVAILMOD | FBT_AVAILDUP | \
			    FBT_AVAILNOKP))

static uint32_t
avail_hash(const char *mod, const char *name)
{
	uint32_t h = 2166136261u;

	for (const char *c = name; *c != '\0'; c++)
		h = (h ^ (uint8_t)*c) * 16777619u;
	h = (h ^ ':') * 16777619u;
	for (const char *c = mod; *c != '\0'; c++)
		h = (h ^ (uint8_t)*c) * 16777619u;
	return (h);
}

/* The slot of function name of module mod ("" for vmlinux), or NULL. */
static uint32_t *
avail_find(const dt_fbtavail_t *fa, const char *mod, const char *name)
{
	uint32_t mask = fa->fa_nslots - 1;

	for (uint32_t i = avail_hash(mod, name) & mask; fa->fa_slots[i] != 0;
	    i = (i + 1) & mask) {
		uint32_t slot = fa->fa_slots[i];
		const char *n = fa->fa_buf + FBT_AVAILOFF(slot) - 1;

		if (strcmp(n, name) == 0 && strcmp((slot & FBT_AVAILMOD) ?
		    n + strlen(n) + 1 : "", mod) == 0)
			return (&fa->fa_slots[i]);
	}
	return (NULL);
}

static void
avail_free(dt_fbtavail_t *fa)
{
	if (fa == NULL)
		return;
	free(fa->fa_buf);
	free(fa->fa_slots);
	free(fa);
}

/*
 * Mark the functions of the kernel's kprobe blacklist (debugfs's
 * kprobes/blacklist, "START-END NAME" or "... NAME [MODULE]"): ftrace
 * traces some of them (aggr_post_handler), a kprobe on them fails with
 * EINVAL.  debugfs is mounted if it is not (as tracefs is); without it
 * nothing is marked, and such a kprobe fails to open, with the reason.
 */
static void
avail_blacklist(dt_fbtavail_t *fa)
{
	FILE *fp = fopen(FBT_BLACKLIST, "re");
	char line[512];

	if (fp == NULL && errno == ENOENT &&
	    mount("debugfs", FBT_DEBUGFS, "debugfs", 0, NULL) == 0)
		fp = fopen(FBT_BLACKLIST, "re");
	if (fp == NULL)
		return;
	while (fgets(line, sizeof (line), fp) != NULL) {
		char *name = strpbrk(line, " \t"), *mod;
		uint32_t *sp;

		if (name == NULL)
			continue;
		name += strspn(name, " \t");
		name[strcspn(name, " \t\n")] = '\0';
		mod = name + strlen(name) + 1;
		if (mod < line + sizeof (line) && (mod = strchr(mod, '[')) !=
		    NULL && strchr(mod, ']') != NULL)
			*strchr(++mod, ']') = '\0';
		else
			mod = (char *)"";
		if ((sp = avail_find(fa, mod, name)) != NULL)
			*sp |= FBT_AVAILNOKP;
	}
	fclose(fp);
}

/*
 * Read the set (once per session).  NULL without tracefs, or when the
 * file cannot be read: every function BTF describes is listed then, and
 * one that cannot be traced fails to attach, with the reason.
 */
static const dt_fbtavail_t *
fbt_avail(dtrace_hdl_t *dtp)
{
	fbt_state_t *fs = fbt_state(dtp);
	const char *tfs;
	char path[300];
	dt_fbtavail_t *fa;
	size_t len = 0, cap = 1 << 20, nlines = 0;
	ssize_t n;
	int fd;

	if (fs->fs_avail != NULL)
		return (fs->fs_avail);
	if ((tfs = dt_tracefs(dtp)) == NULL)
		return (NULL);
	snprintf(path, sizeof (path), "%s/available_filter_functions", tfs);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (NULL);
	if ((fa = calloc(1, sizeof (*fa))) == NULL ||
	    (fa->fa_buf = malloc(cap)) == NULL)
		goto fail;
	for (;;) {
		if (len + 1 == cap) {
			char *nb = realloc(fa->fa_buf, cap *= 2);

			if (nb == NULL)
				goto fail;
			fa->fa_buf = nb;
		}
		if ((n = read(fd, fa->fa_buf + len, cap - len - 1)) < 0 &&
		    errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	fa->fa_buf[len] = '\0';
	close(fd);
	fd = -1;
	for (size_t i = 0; i < len; i++)
		nlines += fa->fa_buf[i] == '\n';
	for (fa->fa_nslots = 1024; fa->fa_nslots < 2 * nlines + 2;)
		fa->fa_nslots *= 2;
	if (len >= FBT_AVAILNOKP || (fa->fa_slots = calloc(fa->fa_nslots,
	    sizeof (uint32_t))) == NULL)
		goto fail;
	/*
	 * each line "NAME" or "NAME [MODULE]" becomes "NAME\0MODULE\0";
	 * a slot is the offset of NAME + 1, with FBT_AVAILMOD if a module
	 * follows it
	 */
	for (char *line = fa->fa_buf, *next; line < fa->fa_buf + len;
	    line = next) {
		char *end = memchr(line, '\n', (size_t)(fa->fa_buf + len - line));
		char *sp;
		uint32_t mask = fa->fa_nslots - 1, i, slot, *dup;
		const char *mod = "";

		if (end == NULL)
			end = fa->fa_buf + len;
		next = end + 1;
		*end = '\0';
		slot = (uint32_t)(line - fa->fa_buf) + 1;
		if ((sp = strchr(line, ' ')) != NULL) {
			*sp = '\0';
			if (sp[1] == '[' && end > sp + 2 && end[-1] == ']') {
				end[-1] = '\0';
				memmove(sp + 1, sp + 2, (size_t)(end - sp - 2));
				mod = sp + 1;
				slot |= FBT_AVAILMOD;
			}
		}
		if (line[0] == '\0')
			continue;
		if ((dup = avail_find(fa, mod, line)) != NULL) {
			*dup |= FBT_AVAILDUP;
			continue;
		}
		for (i = avail_hash(mod, line) & mask; fa->fa_slots[i] != 0;
		    i = (i + 1) & mask)
			;
		fa->fa_slots[i] = slot;
	}
	avail_blacklist(fa);
	return (fs->fs_avail = fa);
fail:
	if (fd >= 0)
		close(fd);
	avail_free(fa);
	return (NULL);
}

/*
 * Create the entry and return probes of one function of module mod
 * (index modix in fs_mods plus 1; 0: vmlinux).  The mechanism is
 * settled when tracing starts (fbt_prepare()); until then a probe that
 * fentry/fexit can take is marked so.
 */
static int
add_func(dtrace_hdl_t *dtp, const struct btf *btf, const fbt_func_t *ff,
    unsigned int modix, const char *mod, bool nokprobe)
{
	const struct btf_type *f = btf__type_by_id(btf, ff->ff_id);
	const struct btf_type *fp = f != NULL ?
	    btf__type_by_id(btf, f->type) : NULL;
	uint64_t data;

	if (fp == NULL || !btf_is_func_proto(fp))
		return (0);	/* not a function: no probes */
	data = (uint64_t)(btf_vlen(fp) > 0xff ? 0xff : btf_vlen(fp)) << 8 |
	    (uint64_t)modix << 16;
	if (fbt_mech.fm_tracing && tracing_proto_ok(btf, fp))
		data |= FBT_TRACEOK;
	else if (!fbt_mech.fm_kprobe || nokprobe)
		return (0);	/* neither mechanism can take it */
	if (nokprobe || !fbt_mech.fm_kprobe)
		data |= FBT_NOKPROBE;
	if (fp->type == 0)
		data |= FBT_RETVOID;
	for (int r = 0; r < 2; r++) {
		dt_probe_t *prp = dt_probe_create(dtp, &dt_prov_fbt, mod,
		    ff->ff_name, r ? "return" : "entry");

		if (prp == NULL)
			return (-1);
		prp->pr_data = ff->ff_id;
		prp->pr_data2 = data | (r ? FBT_RETURN : 0);
		prp->pr_tramp = (data & FBT_TRACEOK) ? DT_TRAMP_FBT_TRACING |
		    prp->pr_desc.id : r ? DT_TRAMP_FBT_KRETURN :
		    DT_TRAMP_FBT_KENTRY;
	}
	return (0);
}

/*
 * The functions of btf whose type ids are first and up (a module's split
 * BTF starts after vmlinux's types), sorted by name; their count in *np.
 * The names point into btf.
 */
static fbt_func_t *
list_funcs(dtrace_hdl_t *dtp, const struct btf *btf, uint32_t first,
    uint32_t *np)
{
	uint32_t n = btf__type_cnt(btf), nf = 0;
	fbt_func_t *ffs;

	if ((ffs = dt_zalloc(dtp, (n > first ? n - first : 1) *
	    sizeof (fbt_func_t))) == NULL)
		return (NULL);
	for (uint32_t id = first; id < n; id++) {
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
	*np = nf;
	return (ffs);
}

/* The probes of the functions of a sorted list, each name once. */
static int
add_funcs(dtrace_hdl_t *dtp, const struct btf *btf, const fbt_func_t *ffs,
    uint32_t nf, unsigned int modix, const char *mod)
{
	int rv = 0;

	const dt_fbtavail_t *fa = fbt_avail(dtp);

	for (uint32_t i = 0; rv == 0 && i < nf; i++) {
		if (i > 0 && strcmp(ffs[i].ff_name, ffs[i - 1].ff_name) == 0)
			continue;	/* named twice: the first only */
		const uint32_t *sp = fa == NULL ? NULL : avail_find(fa,
		    modix == 0 ? "" : mod, ffs[i].ff_name);

		/*
		 * Not if ftrace does not list it, nor if it lists the name
		 * twice in the module (static functions of several files):
		 * the kprobe PMU refuses a name that several symbols have
		 * (EADDRNOTAVAIL, Linux 6.1.x), and fentry would attach to
		 * whichever the kernel finds first, whose prototype need
		 * not be the one BTF gives.
		 */
		if (fa != NULL && (sp == NULL || (*sp & FBT_AVAILDUP)))
			continue;
		rv = add_func(dtp, btf, &ffs[i], modix, mod,
		    sp != NULL && (*sp & FBT_AVAILNOKP));
	}
	return (rv);
}

static int
fbt_populate(dtrace_hdl_t *dtp)
{
	static const char *const targets[] = {
		"vfs_read", "do_sys_openat2", "ksys_read", NULL
	};
	dt_tentry_t *te;
	fbt_func_t *ffs, *target = NULL;
	uint32_t nf;
	int rv = 0;

	fbt_quick();
	if (fbt_absent(NULL) != NULL)
		return (0);
	if ((te = dt_ktypes(dtp)) == NULL) {
		/* a session without kernel types has no fbt probes */
		fbt_nobtf(dtp->dt_errmsg);
		return (0);
	}
	if ((ffs = list_funcs(dtp, te->te_btf, 1, &nf)) == NULL)
		return (-1);
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
	if (fbt_absent(NULL) == NULL)
		rv = add_funcs(dtp, te->te_btf, ffs, nf, 0, "vmlinux");
	free(ffs);
	return (rv);
}

static int
modname_cmp(const void *a, const void *b)
{
	return (strcmp(((const dt_fbtmod_t *)a)->fk_name,
	    ((const dt_fbtmod_t *)b)->fk_name));
}

/*
 * The kernel modules with BTF: the files of /sys/kernel/btf but vmlinux,
 * listed once per session (a module loaded later is not seen).
 */
static int
list_modules(dtrace_hdl_t *dtp)
{
	fbt_state_t *fs = fbt_state(dtp);
	DIR *dir;
	struct dirent *de;
	unsigned int cap = 0;

	if (fs->fs_modsread)
		return (0);
	fs->fs_modsread = true;
	if ((dir = opendir(FBT_BTFDIR)) == NULL)
		return (0);	/* no BTF at all: fbt said why already */
	while ((de = readdir(dir)) != NULL) {
		dt_fbtmod_t *fk;

		if (de->d_name[0] == '.' || strcmp(de->d_name, "vmlinux") == 0 ||
		    strlen(de->d_name) >= DTRACE_MODNAMELEN)
			continue;
		if (fs->fs_nmods == cap &&
		    dt_grow(dtp, (void **)&fs->fs_mods, &cap, 32,
		    sizeof (dt_fbtmod_t)) != 0) {
			closedir(dir);
			return (-1);
		}
		fk = &fs->fs_mods[fs->fs_nmods++];
		memset(fk, 0, sizeof (*fk));
		snprintf(fk->fk_name, sizeof (fk->fk_name), "%s", de->d_name);
		fk->fk_objfd = -1;
	}
	closedir(dir);
	if (fs->fs_nmods > 0)
		qsort(fs->fs_mods, fs->fs_nmods, sizeof (dt_fbtmod_t),
		    modname_cmp);
	return (0);
}

/*
 * Read module i's split BTF (on the session's vmlinux entry, through the
 * shared cache) and create its probes.  A module unloaded since it was
 * listed has none.
 */
static int
read_module(dtrace_hdl_t *dtp, unsigned int i)
{
	fbt_state_t *fs = fbt_state(dtp);
	dt_fbtmod_t *fk = &fs->fs_mods[i];
	dt_tentry_t *base = dt_ktypes(dtp);
	char path[sizeof (FBT_BTFDIR) + DTRACE_MODNAMELEN + 1], msg[600];
	fbt_func_t *ffs;
	uint32_t nf;
	int err, rv;

	fk->fk_read = true;
	snprintf(path, sizeof (path), FBT_BTFDIR "/%s", fk->fk_name);
	if (base == NULL)
		return (-1);
	if ((fk->fk_te = dt_tcache_hold(path, base, DT_MODEL_LP64, &err, msg,
	    sizeof (msg))) == NULL) {
		if (err == ENOENT)
			return (0);	/* unloaded meanwhile */
		return (dt_set_errmsg(dtp, EDT_BTF, "fbt: failed to load the "
		    "type data of module %s from %s: %s", fk->fk_name, path,
		    msg));
	}
	if ((ffs = list_funcs(dtp, fk->fk_te->te_btf,
	    btf__type_cnt(base->te_btf), &nf)) == NULL)
		return (-1);
	rv = add_funcs(dtp, fk->fk_te->te_btf, ffs, nf, i + 1, fk->fk_name);
	free(ffs);
	return (rv);
}

/*
 * The probes of the modules a description's module field can name, read
 * the first time one does.  Not with a btfpath: a module's split BTF
 * continues the running kernel's types, not that file's.
 */
static int
fbt_provide(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp)
{
	fbt_state_t *fs = fbt_state(dtp);

	if (fbt_absent(NULL) != NULL || dtp->dt_opts.op_btfpath != NULL ||
	    strcmp(pdp->mod, "vmlinux") == 0)
		return (0);
	if (list_modules(dtp) != 0)
		return (-1);
	if (dt_ktypes(dtp) == NULL)
		return (0);	/* no kernel types: no fbt (populate said) */
	for (unsigned int i = 0; i < fs->fs_nmods; i++) {
		if (!fs->fs_mods[i].fk_read &&
		    dt_gmatch(fs->fs_mods[i].fk_name, pdp->mod) &&
		    read_module(dtp, i) != 0)
			return (-1);
	}
	return (0);
}

/* The module table: types released, BTF objects closed. */
/* pv_init: nothing read yet. */
static int
fbt_init(dtrace_hdl_t *dtp, void **datap)
{
	return ((*datap = dt_zalloc(dtp, sizeof (fbt_state_t))) == NULL ?
	    -1 : 0);
}

/*
 * pv_fini: pairs with fbt_init().  The modules' types are released here,
 * before the session's kernel types they are split on (dtrace_close()).
 */
static void
fbt_fini(dtrace_hdl_t *dtp, void *data)
{
	fbt_state_t *fs = data;

	(void) dtp;
	if (fs == NULL)
		return;
	for (unsigned int i = 0; i < fs->fs_nmods; i++) {
		dt_tcache_rele(fs->fs_mods[i].fk_te);
		if (fs->fs_mods[i].fk_objfd >= 0)
			close(fs->fs_mods[i].fk_objfd);
	}
	free(fs->fs_mods);
	avail_free(fs->fs_avail);
	free(fs);
}

/* The types of the probe's module (vmlinux's or a module's), or NULL. */
static dt_tentry_t *
fbt_types(dtrace_hdl_t *dtp, const dt_probe_t *prp)
{
	fbt_state_t *fs = fbt_state(dtp);
	unsigned int m = FBT_MOD(prp->pr_data2);

	if (m == 0)
		return (dt_ktypes(dtp));
	return (m <= fs->fs_nmods ? fs->fs_mods[m - 1].fk_te : NULL);
}

/*
 * The prototype of the probe's function, or NULL; *btfp its BTF, *firstp
 * the first type id the module defines (1 for vmlinux).
 */
static const struct btf_type *
fbt_proto(dtrace_hdl_t *dtp, const dt_probe_t *prp, const struct btf **btfp,
    uint32_t *firstp)
{
	dt_tentry_t *te = fbt_types(dtp, prp);
	const struct btf_type *t;

	if (te == NULL ||
	    (t = btf__type_by_id(te->te_btf, (uint32_t)prp->pr_data)) ==
	    NULL || !btf_is_func(t) ||
	    (t = btf__type_by_id(te->te_btf, t->type)) == NULL ||
	    !btf_is_func_proto(t))
		return (NULL);
	*btfp = te->te_btf;
	*firstp = te->te_parent != NULL ?
	    btf__type_cnt(te->te_parent->te_btf) : 1;
	return (t);
}

/*
 * A descriptor of module fk's BTF object in the kernel, for fentry's
 * load (attach_btf_obj_fd): the kernel BTF object of that name, found
 * among all BTF objects (BPF_BTF_GET_NEXT_ID); kept until the session
 * ends (fbt_fini()).  -1 with the error set if there is none.
 */
static int
module_objfd(dtrace_hdl_t *dtp, dt_fbtmod_t *fk)
{
	uint32_t id = 0;

	if (fk->fk_objfd >= 0)
		return (fk->fk_objfd);
	while (bpf_btf_get_next_id(id, &id) == 0) {
		struct bpf_btf_info info;
		uint32_t len = sizeof (info);
		char name[DTRACE_MODNAMELEN];
		int fd = bpf_btf_get_fd_by_id(id);

		if (fd < 0)
			continue;	/* freed meanwhile */
		memset(&info, 0, sizeof (info));
		name[0] = '\0';
		info.name = (uint64_t)(uintptr_t)name;
		info.name_len = sizeof (name);
		if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0 &&
		    info.kernel_btf && strcmp(name, fk->fk_name) == 0)
			return (fk->fk_objfd = fd);
		close(fd);
	}
	return (dt_set_errmsg(dtp, EDT_BPF, "fbt: the kernel has no BTF "
	    "object for module %s (unloaded?): %s", fk->fk_name,
	    errno == ENOENT ? "not found" : strerror(errno)));
}

/*
 * fentry/fexit: one probe's program.  Probe id, argument count and
 * direction are known here; the BTF id goes to the program's load.
 */
static int
tramp_tracing(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	fbt_state_t *fs = fbt_state(dtp);
	uint32_t prid = pgp->pg_tramp & ~DT_TRAMP_FBT_TRACING;
	const dt_probe_t *prp;
	dt_asm_t as;
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
	if (FBT_MOD(prp->pr_data2) != 0 &&
	    (pgp->pg_btfobjfd = module_objfd(dtp,
	    &fs->fs_mods[FBT_MOD(prp->pr_data2) - 1])) < 0)
		return (-1);

	dt_asm_init(&as, dtp, blk, "trampoline");
	dt_asm_emit(&as, ST_IMM(BPF_W, R9, MS_OFF(ms_prid), (int32_t)prid));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	if (!ret && nargs > 0) {
		/* arg0 .. argN-1: the context's first nargs slots */
		dt_asm_emit(&as, MOV_REG(R1, R9));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a));
		dt_asm_emit(&as, MOV_IMM(R2, nargs * 8));
		dt_asm_emit(&as, MOV_REG(R3, R6));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
	} else if (ret && !(prp->pr_data2 & FBT_RETVOID)) {
		/* arg1: the return value, in the slot after the arguments */
		dt_asm_emit(&as, MOV_REG(R1, R9));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a + 8));
		dt_asm_emit(&as, MOV_IMM(R2, 8));
		dt_asm_emit(&as, MOV_REG(R3, R6));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R3, nargs * 8));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
	}
	return (dt_asm_end(&as));
}

/* kprobe/kretprobe: the probe id in the cookie, arguments in pt_regs. */
static int
tramp_kprobe(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	dt_asm_t as;
	int16_t a = MS_OFF(ms_argv);
	bool ret = pgp->pg_tramp == DT_TRAMP_FBT_KRETURN;

	pgp->pg_progtype = BPF_PROG_TYPE_KPROBE;
	dt_asm_init(&as, dtp, blk, "trampoline");
	dt_asm_emit(&as, MOV_REG(R1, R6));
	dt_asm_emit(&as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	if (!ret) {
		for (int i = 0; i < FBT_MAXREGARGS; i++) {
			dt_asm_emit(&as, LDX(BPF_DW, R1, R6, fbt_regoff[i]));
			dt_asm_emit(&as, STX(BPF_DW, R9, a + i * 8, R1));
		}
	} else {
		dt_asm_emit(&as, LDX(BPF_DW, R1, R6, PT_AX));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 8, R1));
	}
	return (dt_asm_end(&as));
}

static int
fbt_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	if (pgp->pg_tramp & DT_TRAMP_FBT_TRACING)
		return (tramp_tracing(dtp, blk, pgp));
	return (tramp_kprobe(dtp, blk, pgp));
}

/*
 * Attach to fentry/fexit, or open the kprobe: a module's function is
 * named MODULE:FUNCTION, which the kernel looks up in that module alone.
 */
static int
fbt_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	bool ret = prp->pr_data2 & FBT_RETURN;
	char name[DTRACE_MODNAMELEN + DTRACE_FUNCNAMELEN];
	int fd;

	if (FBT_MOD(prp->pr_data2) == 0)
		snprintf(name, sizeof (name), "%s", prp->pr_desc.fun);
	else
		snprintf(name, sizeof (name), "%s:%s", prp->pr_desc.mod,
		    prp->pr_desc.fun);
	if (prp->pr_tramp & DT_TRAMP_FBT_TRACING) {
		if ((fd = bpf_raw_tracepoint_open(NULL, pgp->pg_fd)) < 0)
			return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach "
			    "an %s program to %s: %s", ret ? "fexit" :
			    "fentry", name, strerror(errno)));
		return (dt_attfd_add(dtp, fd));
	}
	if ((fd = kprobe_open(name, ret)) < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot open a %s on "
		    "%s: %s", ret ? "kretprobe" : "kprobe", name,
		    strerror(errno)));
	return (dt_perf_attach(dtp, fd, pgp->pg_fd, prp->pr_desc.id));
}

/*
 * Argument n of kernel type id: that type, or uint64_t for a struct or
 * union passed by value (a kprobe sees a register of it).  A type that
 * module mod defines (its id first or above) is named in its scope
 * (dt_argtype_name()).
 */
static void
arg_type(dt_argdesc_t *ad, int n, const struct btf *btf, uint32_t id,
    uint32_t first, const char *mod)
{
	if (!tracing_type_ok(btf, id))
		dt_argdesc_value(ad, n, "uint64_t");
	else
		dt_argdesc_btf(ad, n, btf, id, first, mod);
}

/*
 * args[n]: entry, the function's parameters; return, args[0] the offset
 * of the return instruction (0 here) and args[1] the value returned.
 */
static int
fbt_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	const struct btf *btf;
	uint32_t first;
	const struct btf_type *fp = fbt_proto(dtp, prp, &btf, &first);

	if (fp == NULL || n < 0)
		return (-1);
	if (prp->pr_data2 & FBT_RETURN) {
		if (n == 0) {
			dt_argdesc_value(ad, n, "int");
			return (0);
		}
		if (n > 1 || fp->type == 0)
			return (-1);
		arg_type(ad, n, btf, fp->type, first, prp->pr_desc.mod);
		return (0);
	}
	if (n >= btf_vlen(fp) || n >= FBT_MAXREGARGS ||
	    btf_params(fp)[n].type == 0)
		return (-1);
	arg_type(ad, n, btf, btf_params(fp)[n].type, first, prp->pr_desc.mod);
	return (0);
}

/*
 * Settle the mechanism of each enabled probe (at dtrace_go(), when it is
 * known how many there are): fentry/fexit for those it can take, unless
 * option fbtkprobe asks for kprobes or more than fbtmaxtramp of them
 * would each load a program and set up a trampoline (fbt::vfs_*:entry,
 * fbt:::entry): then every enabled probe goes to kprobes, one program
 * per direction and clause list, but those of the kernel's kprobe
 * blacklist (aggr_post_handler), which only fentry can take.  Without
 * the kprobe PMU either is refused, with the reason, rather than loading
 * thousands of programs.
 */
static int
fbt_prepare(dtrace_hdl_t *dtp)
{
	uint32_t max = dtp->dt_opts.op_fbtmaxtramp;
	unsigned int ntramp = 0;
	bool kprobes;

	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		const dt_probe_t *prp = dtp->dt_probes[i];

		if (prp->pr_prov == &dt_prov_fbt && prp->pr_nclauses > 0 &&
		    (prp->pr_data2 & FBT_TRACEOK))
			ntramp++;
	}
	if (ntramp == 0)
		return (0);
	kprobes = dtp->dt_opts.op_fbtkprobe || ntramp > max;
	if (kprobes && !fbt_mech.fm_kprobe && dtp->dt_opts.op_fbtkprobe)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "option fbtkprobe: "
		    "this kernel has no kprobe PMU (%s)", FBT_KPROBE_PMU));
	if (kprobes && !fbt_mech.fm_kprobe)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "%u fbt probes would "
		    "each need an fentry/fexit program, more than option "
		    "fbtmaxtramp allows (%u), and this kernel has no kprobe "
		    "PMU to put them on: enable fewer probes or raise "
		    "fbtmaxtramp", ntramp, max));
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];

		if (prp->pr_prov != &dt_prov_fbt || prp->pr_nclauses == 0 ||
		    !(prp->pr_data2 & FBT_TRACEOK))
			continue;
		/* a function kprobes cannot take stays on fentry */
		if (!kprobes || (prp->pr_data2 & FBT_NOKPROBE))
			prp->pr_tramp = DT_TRAMP_FBT_TRACING | prp->pr_desc.id;
		else if (prp->pr_data2 & FBT_RETURN)
			prp->pr_tramp = DT_TRAMP_FBT_KRETURN;
		else
			prp->pr_tramp = DT_TRAMP_FBT_KENTRY;
	}
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
	.pv_provide = fbt_provide,
	.pv_prepare = fbt_prepare,
	.pv_trampoline = fbt_trampoline,
	.pv_attach = fbt_attach,
	.pv_argdesc = fbt_argdesc,
	.pv_init = fbt_init,
	.pv_fini = fbt_fini,
	.pv_absent = fbt_absent,
};
