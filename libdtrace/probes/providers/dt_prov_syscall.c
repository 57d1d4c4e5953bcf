/*
 * dt_prov_syscall.c: the syscall provider.  Probes come from the
 * syscalls:sys_enter_* and sys_exit_* events of tracefs: module "vmlinux",
 * function the event's system call name, names "entry" and "return".
 * Entry arguments are the call's arguments; on return arg0 and arg1 are
 * the return value.
 *
 * Two ways to attach, chosen at dtrace_go() for each group of probes that
 * share their clauses (prepare()):
 *
 *  - per event: the program is attached to each sys_enter_X tracepoint
 *    through a perf event, with a BPF cookie holding the probe id (low 32
 *    bits) and the call's number of arguments (high 32 bits).  Only the
 *    traced calls pay anything.  The arguments are copied with
 *    bpf_probe_read_kernel: the kernel refuses to attach a program whose
 *    direct context reads go past the event's record, which holds only the
 *    call's own arguments.
 *  - raw: for DT_SYSCALL_RAW_MIN probes or more, one program on the
 *    raw_syscalls sys_enter (or sys_exit) raw tracepoint finds the probe id
 *    by system call number in a map of its own, and reads the arguments
 *    from the saved user registers.  Every system call of the machine then
 *    runs the program's first instructions, but attaching and detaching is
 *    one operation instead of one per call: detaching a tracepoint waits
 *    for an RCU grace period, about 50 ms here, so syscall:::entry per
 *    event would take 18 s to end.
 *
 * System call numbers come from the kernel's user headers at build time
 * (dt_sysnr.h), completed by the calls added to x86_64 after the headers
 * of Debian 12 (numbers from the kernel's syscall_64.tbl) and by the events
 * named after the kernel function rather than the call; an event whose
 * call is not found is attached per event.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../codegen/dt_asm.h"

#define SYS_ARGS_OFF	16	/* args[] in the sys_enter_X record */
#define SYS_NARGS	6	/* system calls take at most 6 arguments */
#define SYS_NRMAX	1024	/* system call numbers are below this */
#define DT_SYSCALL_RAW_MIN 4	/* probes in a group for the raw way */

/* x86_64 struct pt_regs offsets */
#define PT_R10		56
#define PT_ORIG_AX	120
/* from r10 (56) to di (112): r10 r9 r8 ax cx dx si di */
#define PT_SPAN_OFF	PT_R10
#define PT_SPAN_LEN	64

static const struct sysnr {
	const char *sn_name;	/* system call */
	int sn_nr;		/* its number */
} dt_sysnrs[] = {
#include "dt_sysnr.h"
};

/* Calls newer than the build's headers, and events named differently. */
static const struct sysnr dt_sysnrs_extra[] = {
	{ "cachestat", 451 }, { "fchmodat2", 452 },
	{ "map_shadow_stack", 453 }, { "futex_wake", 454 },
	{ "futex_wait", 455 }, { "futex_requeue", 456 },
	{ "statmount", 457 }, { "listmount", 458 },
	{ "lsm_get_self_attr", 459 }, { "lsm_set_self_attr", 460 },
	{ "lsm_list_modules", 461 }, { "mseal", 462 },
	{ "setxattrat", 463 }, { "getxattrat", 464 },
	{ "listxattrat", 465 }, { "removexattrat", 466 },
	{ "open_tree_attr", 467 }, { "file_getattr", 468 },
	{ "file_setattr", 469 },
	{ "sendfile64", 40 },	/* sys_sendfile64 is sendfile */
	{ "umount", 166 },	/* sys_umount is umount2 */
	{ NULL, 0 }
};

static int
sysnr_cmp(const void *key, const void *elem)
{
	return (strcmp(key, ((const struct sysnr *)elem)->sn_name));
}

/* The number of a system call event's call, or -1. */
static int
sysnr(const char *name)
{
	size_t n = sizeof (dt_sysnrs) / sizeof (dt_sysnrs[0]);
	const struct sysnr *s = bsearch(name, dt_sysnrs, n,
	    sizeof (dt_sysnrs[0]), sysnr_cmp);

	/* events of calls renamed in the kernel: newfstat is fstat */
	if (s == NULL && strncmp(name, "new", 3) == 0)
		s = bsearch(name + 3, dt_sysnrs, n, sizeof (dt_sysnrs[0]),
		    sysnr_cmp);
	for (int i = 0; s == NULL && dt_sysnrs_extra[i].sn_name != NULL; i++) {
		if (strcmp(name, dt_sysnrs_extra[i].sn_name) == 0)
			s = &dt_sysnrs_extra[i];
	}
	return (s != NULL && s->sn_nr < SYS_NRMAX ? s->sn_nr : -1);
}

static int
name_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static int
syscall_populate(dtrace_hdl_t *dtp)
{
	const char *tfs = dt_tracefs(dtp);
	char path[256];
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	DIR *dir;
	int rv = 0;

	if (tfs == NULL)
		return (-1);
	snprintf(path, sizeof (path), "%s/events/syscalls", tfs);
	if ((dir = opendir(path)) == NULL)	/* none: no probes */
		return (dt_tracefs_listfail(dtp, path, errno));
	while ((de = readdir(dir)) != NULL) {
		if (strncmp(de->d_name, "sys_enter_", 10) != 0)
			continue;
		if (n == cap) {
			char **nn = realloc(names, (cap = cap * 2 + 64) *
			    sizeof (char *));

			if (nn == NULL) {
				rv = dt_set_errno(dtp, EDT_NOMEM);
				break;
			}
			names = nn;
		}
		if ((names[n] = strdup(de->d_name + 10)) == NULL) {
			rv = dt_set_errno(dtp, EDT_NOMEM);
			break;
		}
		n++;
	}
	closedir(dir);
	if (rv == 0)
		qsort(names, n, sizeof (char *), name_cmp);
	for (size_t i = 0; i < n; i++) {
		dt_probe_t *e, *r;

		if (rv == 0 && ((e = dt_probe_create(dtp, &dt_prov_syscall,
		    "vmlinux", names[i], "entry")) == NULL ||
		    (r = dt_probe_create(dtp, &dt_prov_syscall, "vmlinux",
		    names[i], "return")) == NULL))
			rv = -1;
		if (rv == 0) {
			e->pr_tramp = DT_TRAMP_SYSENTER;
			r->pr_tramp = DT_TRAMP_SYSEXIT;
			e->pr_data = r->pr_data = (uint64_t)(int64_t)
			    sysnr(names[i]);
		}
		free(names[i]);
	}
	free(names);
	return (rv);
}

/*
 * Choose per event or raw for each enabled probe: raw for the probes of a
 * group (same direction, same clauses) of at least DT_SYSCALL_RAW_MIN
 * probes whose call number is known.
 */
static int
syscall_prepare(dtrace_hdl_t *dtp)
{
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *p = dtp->dt_probes[i];
		bool entry;
		unsigned int n = 0;

		if (p->pr_prov != &dt_prov_syscall || p->pr_nclauses == 0)
			continue;
		entry = strcmp(p->pr_desc.prb, "entry") == 0;
		p->pr_tramp = entry ? DT_TRAMP_SYSENTER : DT_TRAMP_SYSEXIT;
		if ((int64_t)p->pr_data < 0)
			continue;
		for (unsigned int j = 0; j < dtp->dt_nprobes &&
		    n < DT_SYSCALL_RAW_MIN; j++) {
			dt_probe_t *q = dtp->dt_probes[j];

			if (q->pr_prov == &dt_prov_syscall &&
			    (int64_t)q->pr_data >= 0 &&
			    strcmp(q->pr_desc.prb, p->pr_desc.prb) == 0 &&
			    dt_probe_same_clauses(dtp, p, q))
				n++;
		}
		if (n >= DT_SYSCALL_RAW_MIN)
			p->pr_tramp = entry ? DT_TRAMP_RAWSYSENTER :
			    DT_TRAMP_RAWSYSEXIT;
	}
	return (0);
}

/*
 * The return value in r1: arg0 and arg1, and errno (-r1 for the kernel's
 * error returns, -4095 to -1; else 0).
 */
static void
emit_return(dt_asm_t *as, int16_t a)
{
	int lok = dt_asm_label(as);

	dt_asm_emit(as, STX(BPF_DW, R9, a, R1));
	dt_asm_emit(as, STX(BPF_DW, R9, a + 8, R1));
	dt_asm_jump(as, JMP_IMM(BPF_JSGE, R1, 0, 0), lok);
	dt_asm_jump(as, JMP_IMM(BPF_JSLT, R1, -4095, 0), lok);
	dt_asm_emit(as, MOV_REG(R2, R1));
	dt_asm_emit(as, INSN(BPF_ALU64 | BPF_NEG, R2, 0, 0, 0));
	dt_asm_emit(as, STX(BPF_DW, R9, MS_OFF(ms_errno), R2));
	dt_asm_set(as, lok);
}

/* Per event: probe id and argument count from the cookie. */
static int
tramp_event(dtrace_hdl_t *dtp, dt_block_t *blk, bool entry)
{
	int16_t a = MS_OFF(ms_argv);
	dt_asm_t as;
	int lend;

	dt_asm_init(&as, dtp, blk, "trampoline");
	lend = dt_asm_label(&as);
	dt_asm_emit(&as, MOV_REG(R1, R6));
	dt_asm_emit(&as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	if (!entry) {
		dt_asm_emit(&as, LDX(BPF_DW, R1, R6, SYS_ARGS_OFF));
		emit_return(&as, a);
	} else {
		/* r7 = nargs; copy nargs * 8 bytes of args[] */
		dt_asm_emit(&as, MOV_REG(BPF_REG_7, R0));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, BPF_REG_7, 32));
		dt_asm_jump(&as, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), lend);
		dt_asm_jump(&as, JMP_IMM(BPF_JGT, BPF_REG_7, SYS_NARGS, 0),
		    lend);
		dt_asm_emit(&as, MOV_REG(R1, R9));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a));
		dt_asm_emit(&as, MOV_REG(R2, BPF_REG_7));
		dt_asm_emit(&as, ALU_IMM(BPF_LSH, R2, 3));
		dt_asm_emit(&as, MOV_REG(R3, R6));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R3, SYS_ARGS_OFF));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
	}
	dt_asm_set(&as, lend);
	return (dt_asm_end(&as));
}

/*
 * Raw: ctx[0] is the struct pt_regs of the call, ctx[1] the call number
 * (sys_enter) or the return value (sys_exit).  The probe id (low 32 bits)
 * and the call's number of arguments (high 32 bits) are looked up by call
 * number in the program's own map; a call not traced returns at once.
 */
static int
tramp_raw(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp, bool entry)
{
	int16_t a = MS_OFF(ms_argv);
	dt_asm_t as;
	int fd, lout, ldone;

	fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_sysprid", 4, 8,
	    SYS_NRMAX, 0);
	if (fd < 0)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot create the syscall "
		    "map: %s", strerror(errno)));
	pgp->pg_pvfd = fd;
	pgp->pg_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT;

	dt_asm_init(&as, dtp, blk, "trampoline");
	lout = dt_asm_label(&as);
	ldone = dt_asm_label(&as);
	/* r7 = call number */
	if (entry) {
		dt_asm_emit(&as, LDX(BPF_DW, BPF_REG_7, R6, 8));
	} else {
		dt_asm_emit(&as, ST_IMM(BPF_DW, FP, -16, -1));
		dt_asm_emit(&as, MOV_REG(R1, FP));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, -16));
		dt_asm_emit(&as, MOV_IMM(R2, 8));
		dt_asm_emit(&as, LDX(BPF_DW, R3, R6, 0));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R3, PT_ORIG_AX));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
		dt_asm_emit(&as, LDX(BPF_DW, BPF_REG_7, FP, -16));
	}
	dt_asm_jump(&as, JMP_IMM(BPF_JGT, BPF_REG_7, SYS_NRMAX - 1, 0), lout);
	dt_asm_emit(&as, STX(BPF_W, FP, -16, BPF_REG_7));
	dt_asm_emit(&as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1, BPF_PSEUDO_MAP_FD,
	    0, fd));
	dt_asm_emit(&as, INSN(0, 0, 0, 0, 0));
	dt_asm_emit(&as, MOV_REG(R2, FP));
	dt_asm_emit(&as, ALU_IMM(BPF_ADD, R2, -16));
	dt_asm_emit(&as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R0, 0, 0), lout);
	dt_asm_emit(&as, LDX(BPF_W, R1, R0, 0));		/* probe id */
	dt_asm_emit(&as, LDX(BPF_W, BPF_REG_7, R0, 4));	/* nargs */
	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, R1, 0, 0), lout);
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R1));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	if (entry) {
		/* argv[2..9] = r10 r9 r8 ax cx dx si di, then reorder */
		dt_asm_emit(&as, MOV_REG(R1, R9));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a + 16));
		dt_asm_emit(&as, MOV_IMM(R2, PT_SPAN_LEN));
		dt_asm_emit(&as, LDX(BPF_DW, R3, R6, 0));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R3, PT_SPAN_OFF));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
		dt_asm_emit(&as, LDX(BPF_DW, R1, R9, a + 9 * 8));	/* di */
		dt_asm_emit(&as, LDX(BPF_DW, R2, R9, a + 8 * 8));	/* si */
		dt_asm_emit(&as, LDX(BPF_DW, R3, R9, a + 7 * 8));	/* dx */
		dt_asm_emit(&as, LDX(BPF_DW, R4, R9, a + 2 * 8));	/* r10 */
		dt_asm_emit(&as, LDX(BPF_DW, R5, R9, a + 4 * 8));	/* r8 */
		dt_asm_emit(&as, LDX(BPF_DW, R0, R9, a + 3 * 8));	/* r9 */
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 0 * 8, R1));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 1 * 8, R2));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 2 * 8, R3));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 3 * 8, R4));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 4 * 8, R5));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 5 * 8, R0));
		for (int i = SYS_NARGS; i < DT_MAXARGS; i++)
			dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
		/* arguments the call does not take read as 0 */
		for (int i = 0; i < SYS_NARGS; i++) {
			int ltaken = dt_asm_label(&as);

			dt_asm_jump(&as, JMP_IMM(BPF_JGT, BPF_REG_7, i, 0),
			    ltaken);
			dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
			dt_asm_set(&as, ltaken);
		}
	} else {
		dt_asm_emit(&as, LDX(BPF_DW, R1, R6, 8));
		emit_return(&as, a);
	}
	dt_asm_jump(&as, JA(), ldone);
	/* out: a call this program does not trace */
	dt_asm_set(&as, lout);
	dt_asm_emit(&as, MOV_IMM(R0, 0));
	dt_asm_emit(&as, EXIT());
	dt_asm_set(&as, ldone);
	return (dt_asm_end(&as));
}

static int
syscall_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	switch (pgp->pg_tramp) {
	case DT_TRAMP_SYSENTER:
		return (tramp_event(dtp, blk, true));
	case DT_TRAMP_SYSEXIT:
		return (tramp_event(dtp, blk, false));
	case DT_TRAMP_RAWSYSENTER:
		return (tramp_raw(dtp, blk, pgp, true));
	default:
		return (tramp_raw(dtp, blk, pgp, false));
	}
}

/* Number of arguments of a system call: fields after __syscall_nr. */
static int
syscall_nargs(const char *dir)
{
	char path[512], buf[4096], *p;
	int n = 0;

	snprintf(path, sizeof (path), "%s/format", dir);
	if (dt_read_file(path, buf, sizeof (buf)) <= 0 ||
	    (p = strstr(buf, "__syscall_nr;")) == NULL)
		return (0);
	while ((p = strstr(p + 1, "field:")) != NULL)
		n++;
	return (n > SYS_NARGS ? SYS_NARGS : n);
}

static int
attach_raw(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp,
    const char *dir)
{
	uint32_t nr = (uint32_t)prp->pr_data;
	uint64_t id = prp->pr_desc.id;

	if (pgp->pg_tramp == DT_TRAMP_RAWSYSENTER)
		id |= (uint64_t)syscall_nargs(dir) << 32;
	if (bpf_map_update_elem(pgp->pg_pvfd, &nr, &id, BPF_ANY) != 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot enable "
		    "syscall::%s:%s: %s", prp->pr_desc.fun, prp->pr_desc.prb,
		    strerror(errno)));
	if (!pgp->pg_attached) {
		const char *tp = pgp->pg_tramp == DT_TRAMP_RAWSYSENTER ?
		    "sys_enter" : "sys_exit";
		int fd = bpf_raw_tracepoint_open(tp, pgp->pg_fd);

		if (fd < 0)
			return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach "
			    "to raw tracepoint %s: %s", tp, strerror(errno)));
		if (dt_attfd_add(dtp, fd) != 0)
			return (-1);
		pgp->pg_attached = true;
	}
	return (0);
}

static int
syscall_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	const char *tfs = dt_tracefs(dtp);
	char dir[384], name[DTRACE_FUNCNAMELEN + 16];
	int entry = strcmp(prp->pr_desc.prb, "entry") == 0;
	uint64_t cookie = prp->pr_desc.id;

	if (tfs == NULL)
		return (-1);
	snprintf(dir, sizeof (dir), "%s/events/syscalls/sys_%s_%s", tfs,
	    entry ? "enter" : "exit", prp->pr_desc.fun);
	if (pgp->pg_tramp == DT_TRAMP_RAWSYSENTER ||
	    pgp->pg_tramp == DT_TRAMP_RAWSYSEXIT)
		return (attach_raw(dtp, prp, pgp, dir));
	if (entry)
		cookie |= (uint64_t)syscall_nargs(dir) << 32;
	snprintf(name, sizeof (name), "sys_%s_%s", entry ? "enter" : "exit",
	    prp->pr_desc.fun);
	return (dt_tp_attach(dtp, "syscalls", name, pgp->pg_fd, cookie));
}

/*
 * The C type of argument n, from the event's format: the text between
 * "field:" and the field's name.  On return, arg0 is the return value.
 */
static int
syscall_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	const char *tfs = dt_tracefs(dtp);
	char path[512], fmt[4096], *p;
	int i = 0;

	if (strcmp(prp->pr_desc.prb, "return") == 0) {
		if (n > 1)
			return (-1);
		dt_argdesc_value(ad, n, "long");
		return (0);
	}
	if (tfs == NULL)
		return (-1);
	snprintf(path, sizeof (path), "%s/events/syscalls/sys_enter_%s/format",
	    tfs, prp->pr_desc.fun);
	if (dt_read_file(path, fmt, sizeof (fmt)) <= 0 ||
	    (p = strstr(fmt, "__syscall_nr;")) == NULL)
		return (-1);
	while ((p = strstr(p, "field:")) != NULL) {
		char *end = strchr(p, ';'), *name;

		p += 6;
		if (end == NULL)
			return (-1);
		if (i++ != n) {
			p = end;
			continue;
		}
		/* the name is the last word before ';' */
		for (name = end; name > p && name[-1] != ' ' &&
		    name[-1] != '*'; name--)
			;
		while (name > p && name[-1] == ' ')
			name--;
		dt_argdesc_value(ad, n, "");
		snprintf(ad->ad_native.at_name,
		    sizeof (ad->ad_native.at_name), "%.*s", (int)(name - p),
		    p);
		return (0);
	}
	return (-1);
}

static const char *const syscall_names[] = { "entry", "return", NULL };

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t syscall_attr = {
	DT_ATTR(EVOLVING, EVOLVING, COMMON), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, ISA), DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(PRIVATE, PRIVATE, ISA)
};

const dt_provider_t dt_prov_syscall = {
	.pv_name = "syscall",
	.pv_attr = &syscall_attr,
	.pv_names = syscall_names,
	.pv_progtype = BPF_PROG_TYPE_TRACEPOINT,
	.pv_populate = syscall_populate,
	.pv_prepare = syscall_prepare,
	.pv_trampoline = syscall_trampoline,
	.pv_attach = syscall_attach,
	.pv_argdesc = syscall_argdesc,
};
