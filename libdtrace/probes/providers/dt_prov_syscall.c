/*
 * dt_prov_syscall.c: the syscall provider, on the syscalls:sys_enter_* and
 * sys_exit_* tracepoints.  Module "vmlinux", function the system call's
 * name, names "entry" and "return".
 *
 * One program serves every system call probe with the same clauses: it is
 * attached to each tracepoint with a BPF cookie holding the probe id (low
 * 32 bits) and the system call's number of arguments (high 32 bits).
 * Entry arguments are the tracepoint's args[] (offset 16, 8 bytes each),
 * copied with bpf_probe_read_kernel because the kernel refuses to attach a
 * program whose direct context reads go past the record of the event (the
 * record holds only the call's own arguments); arguments the call does not
 * have read as 0.  On return arg0 and arg1 are the return value.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "../../core/dt_impl.h"
#include "../../codegen/dt_insn.h"

#define SYS_ARGS_OFF	16	/* args[] in the tracepoint record */
#define SYS_NARGS	6

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
	if ((dir = opendir(path)) == NULL)
		return (0);	/* no syscall tracepoints: no probes */
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
		    "vmlinux", names[i], "entry", NULL)) == NULL ||
		    (r = dt_probe_create(dtp, &dt_prov_syscall, "vmlinux",
		    names[i], "return", NULL)) == NULL))
			rv = -1;
		if (rv == 0) {
			e->pr_tramp = DT_TRAMP_SYSENTER;
			r->pr_tramp = DT_TRAMP_SYSEXIT;
		}
		free(names[i]);
	}
	free(names);
	return (rv);
}

static int
syscall_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, uint32_t tramp)
{
	struct bpf_insn in[64];
	size_t n = 0;
	int16_t a = MS_OFF(ms_argv);

	in[n++] = MOV_REG(R1, R6);
	in[n++] = CALL(BPF_FUNC_get_attach_cookie);
	in[n++] = STX(BPF_W, R9, MS_OFF(ms_prid), R0);
	for (int i = 0; i < DT_MAXARGS; i++)
		in[n++] = ST_IMM(BPF_DW, R9, a + i * 8, 0);
	if (tramp == DT_TRAMP_SYSEXIT) {
		in[n++] = LDX(BPF_DW, R1, R6, SYS_ARGS_OFF);
		in[n++] = STX(BPF_DW, R9, a, R1);
		in[n++] = STX(BPF_DW, R9, a + 8, R1);
	} else {
		/* r7 = nargs; copy nargs * 8 bytes of args[] */
		in[n++] = MOV_REG(BPF_REG_7, R0);
		in[n++] = ALU_IMM(BPF_RSH, BPF_REG_7, 32);
		in[n++] = JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 8);
		in[n++] = JMP_IMM(BPF_JGT, BPF_REG_7, SYS_NARGS, 7);
		in[n++] = MOV_REG(R1, R9);
		in[n++] = ALU_IMM(BPF_ADD, R1, a);
		in[n++] = MOV_REG(R2, BPF_REG_7);
		in[n++] = ALU_IMM(BPF_LSH, R2, 3);
		in[n++] = MOV_REG(R3, R6);
		in[n++] = ALU_IMM(BPF_ADD, R3, SYS_ARGS_OFF);
		in[n++] = CALL(BPF_FUNC_probe_read_kernel);
	}
	for (size_t i = 0; i < n; i++) {
		if (dt_block_emit(dtp, blk, in[i]) != 0)
			return (-1);
	}
	return (0);
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
syscall_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, int progfd)
{
	const char *tfs = dt_tracefs(dtp);
	char dir[384], path[512], buf[32];
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof (attr),
		.sample_period = 1,
	};
	int entry = strcmp(prp->pr_desc.prb, "entry") == 0;
	uint64_t cookie = prp->pr_desc.id;
	int pfd;

	if (tfs == NULL)
		return (-1);
	snprintf(dir, sizeof (dir), "%s/events/syscalls/sys_%s_%s", tfs,
	    entry ? "enter" : "exit", prp->pr_desc.fun);
	snprintf(path, sizeof (path), "%s/id", dir);
	if (entry)
		cookie |= (uint64_t)syscall_nargs(dir) << 32;
	if (dt_read_file(path, buf, sizeof (buf)) <= 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot read %s: %s",
		    path, strerror(errno)));
	attr.config = strtoull(buf, NULL, 10);
	/* A tracepoint program runs for every CPU: one event is enough. */
	pfd = (int)syscall(__NR_perf_event_open, &attr, -1, 0, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot open tracepoint "
		    "syscalls:sys_%s_%s: %s", strcmp(prp->pr_desc.prb,
		    "entry") == 0 ? "enter" : "exit", prp->pr_desc.fun,
		    strerror(errno)));
	return (dt_perf_attach(dtp, pfd, progfd, cookie));
}

static const char *const syscall_names[] = { "entry", "return", NULL };

const dt_provider_t dt_prov_syscall = {
	.pv_name = "syscall",
	.pv_names = syscall_names,
	.pv_progtype = BPF_PROG_TYPE_TRACEPOINT,
	.pv_populate = syscall_populate,
	.pv_trampoline = syscall_trampoline,
	.pv_attach = syscall_attach,
};
