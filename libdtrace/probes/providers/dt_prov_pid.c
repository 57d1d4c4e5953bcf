/*
 * dt_prov_pid.c: the pid provider: pidPID:MODULE:FUNCTION:entry and
 * :return, the entry and return of the functions of one process.
 *
 * Probes are created on demand by provide(), for the process the
 * description names (pid$target expands to pid1234 in the parser): the
 * process's modules (proc/dt_pidmod.c) are the executable file mappings
 * of /proc/PID/maps, each file opened through /proc/PID/root/ so that a
 * process in another mount namespace (a container) is read from its own
 * files.  A module is
 * named by its basename (libc.so.6); a description may also name it by
 * its full path, by the basename up to a "." (libc, libc.so), and the
 * main executable as "a.out".  Functions come from the file's symbols
 * (dt_elf.c), with globs in the module and function fields.  A process
 * created by -c is held before exec(): its modules are the file it will
 * execute and the libraries its dynamic loader lists for that file
 * (uprobes are placed on files, so they take effect when the process maps
 * them).  Libraries loaded later (dlopen) are found through the
 * dynamic loader's hook (probes/dt_discover.c, loader_hook()), which
 * makes the modules be read again (dt_pidmods_reread()).
 *
 * Each probe is a uprobe (entry) or uretprobe (return) on (file, file
 * offset).  The probes of one module that share their program (same
 * direction and clauses) are attached through one uprobe_multi link with
 * the process id as its filter: only the threads of that process fire
 * it, those it creates later too, never another process (a breakpoint
 * costs every process that hits it, so nothing is system-wide).  One link
 * rather than a perf event per probe: closing a uprobe perf event waits
 * 70-100 ms in the kernel, one after another, so libc.so.6::entry took
 * minutes to end.  The BPF cookie of each offset holds the probe id (low
 * 32 bits) and the process id (high 32 bits), which the trampoline checks
 * as well.  On entry arg0..arg5 are the x86_64 argument registers (rdi
 * rsi rdx rcx r8 r9); on return arg1 is the return value (rax) and arg0
 * the address the function returns to, where a uretprobe fires (the
 * offset of the return instruction that DTrace gives elsewhere is not
 * known to a uretprobe).
 *
 * An absolute probe (pid123:a.out:-:401136, or pid123::-:401136) names
 * an instruction by its address in the executable, as the executable's
 * symbol table and a disassembler give it (for an executable that is
 * not position-independent, its address in the process): the function
 * "-", the name the address in hex as offsets are written.  Only the
 * executable has them (D_PROC_LIB for another module), one address per
 * description (D_PROC_NAME for a glob or an empty name); the address
 * must be the first byte of an instruction of one of its functions.
 *
 * An offset probe (pid123:a.out:main:1c, the offset in hex as DTrace
 * prints it) is a uprobe at the function's file offset + the offset,
 * which must be the first byte of one of its instructions: the function's
 * bytes are walked with the instruction-length decoder (dt_x86len.c), and
 * an offset inside an instruction (EDT_PROCALIGN, D_PROC_ALIGN) or past
 * the function (EDT_PROCOFF, D_PROC_OFF) is refused.  Its arguments are
 * the argument registers as they are where it fires, as on entry.  An
 * empty or glob probe name makes a probe at every instruction only for a
 * function named exactly, never for a function glob.
 */
#include <ctype.h>
#include <signal.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../proc/dt_proc.h"
#include "../../codegen/dt_asm.h"

/* x86_64 struct pt_regs offsets */
#define PT_R9		64
#define PT_R8		72
#define PT_AX		80
#define PT_CX		88
#define PT_DX		96
#define PT_SI		104
#define PT_DI		112
#define PT_IP		128
#define PT_SP		152


static bool
has_glob(const char *s)
{
	return (strpbrk(s, "*?[\\") != NULL);
}

/* The process id of a provider name pidNNN, or 0. */
static pid_t
pid_of(const char *prv)
{
	char *end;
	long v;

	if (strncmp(prv, "pid", 3) != 0 || !isdigit((unsigned char)prv[3]))
		return (0);
	v = strtol(prv + 3, &end, 10);
	return (*end == '\0' && v > 0 && v <= INT32_MAX ? (pid_t)v : 0);
}

/*
 * The process a provider glob names: its trailing digits, when the pid
 * provider of that process matches the glob (p*d1234 and *1234 name
 * pid1234, as p*d$target does the target); 0 for none, or when no such
 * process is running (a glob that names nothing matches nothing).
 */
static pid_t
pid_of_glob(const char *prv)
{
	size_t len = strlen(prv), k = len;
	char name[DTRACE_PROVNAMELEN];
	long v;

	while (k > 0 && isdigit((unsigned char)prv[k - 1]))
		k--;
	if (k == len || prv[k] == '0' || len - k > 10)
		return (0);
	v = strtol(prv + k, NULL, 10);
	if (v <= 0 || v > INT32_MAX)
		return (0);
	snprintf(name, sizeof (name), "pid%ld", v);
	if (!dt_gmatch(name, prv) || (kill((pid_t)v, 0) != 0 &&
	    errno == ESRCH))
		return (0);
	return ((pid_t)v);
}

static bool
pid_modmatch(const dt_probe_t *prp, const char *mod)
{
	return (dt_pidmod_match((const dt_pidmod_t *)(uintptr_t)prp->pr_data2, mod));
}

/*
 * A probe is named by the preferred name of its function's address
 * (es_canon: go rather than its weak alias _go); a description naming
 * any name of that address names it (pid123::_go:entry is go's entry).
 */
static bool
pid_funmatch(const dt_probe_t *prp, const char *fun)
{
	const dt_pidmod_t *pm = (const dt_pidmod_t *)(uintptr_t)prp->pr_data2;
	const dt_elf_t *ef = pm->pm_elf;
	const dt_elfsym_t *sym;

	if (dt_gmatch(prp->pr_desc.fun, fun))
		return (true);
	if (ef == NULL || strcmp(prp->pr_desc.fun, "-") == 0 ||
	    (sym = dt_elf_sym(ef, prp->pr_desc.fun)) == NULL)
		return (false);
	for (uint32_t a = sym->es_alias; &ef->ef_syms[a] != sym;
	    a = ef->ef_syms[a].es_alias) {
		if (dt_gmatch(ef->ef_syms[a].es_name, fun))
			return (true);
	}
	return (false);
}

/*
 * Does the function named name return twice, as C compilers know them
 * (their returns_twice functions: the names, past leading underscores and
 * libc's internal "GI_" and "libc_" prefixes, of setjmp, sigsetjmp,
 * savectx, vfork, getcontext, qsetjmp and setjmp_syscall, and
 * swapcontext, which saves its return address as getcontext does)?  A
 * return probe is a uretprobe, which replaces the return address at entry: the
 * setjmp family saves that address in its jmp_buf, and the second return
 * (longjmp()) comes back to a breakpoint whose return the kernel has
 * already consumed, which kills the process (SIGILL: measured with dash,
 * whose every command goes through _setjmp).  Such functions have no
 * return probe, so that a traced process behaves as it does untraced.
 */
static bool
returns_twice(const char *name)
{
	static const char *const names[] = {
		"setjmp", "sigsetjmp", "savectx", "vfork", "getcontext",
		"qsetjmp", "setjmp_syscall", "swapcontext", NULL
	};

	name += strspn(name, "_");
	if (strncmp(name, "GI_", 3) == 0)
		name += 3;
	else if (strncmp(name, "libc_", 5) == 0)
		name += 5;
	name += strspn(name, "_");
	for (size_t i = 0; names[i] != NULL; i++) {
		if (strcmp(name, names[i]) == 0)
			return (true);
	}
	return (false);
}

/*
 * Is the function named name one of the dynamic loader's lazy-binding
 * trampolines (_dl_runtime_resolve_xsavec and its fxsave and xsave
 * variants, _dl_runtime_profile_sse, _avx, _avx512)?  A call through
 * the PLT the first time reaches them by a jump, with the link map and
 * the relocation index on the stack where a return address would be,
 * and they leave by jumping to the function they resolved: a uretprobe
 * would overwrite the link map pointer, which kills the process
 * (SIGSEGV: measured with /bin/true under every return probe of
 * ld-linux-x86-64.so.2).  They have no return probe.
 */
static bool
entered_by_jump(const char *name)
{
	return (strncmp(name, "_dl_runtime_resolve", 19) == 0 ||
	    strncmp(name, "_dl_runtime_profile", 19) == 0);
}

static int
probe_add(dtrace_hdl_t *dtp, dt_pidmod_t *pm, const dt_elfsym_t *sym,
    bool ret)
{
	size_t i = (size_t)(sym - pm->pm_elf->ef_syms) * 2 + ret;
	dt_probe_t *prp;

	if (pm->pm_probes[i] != 0)
		return (0);
	/*
	 * The entry point (_start) is jumped to, with argc where a return
	 * address would be: a uretprobe there would overwrite argc.  It
	 * never returns: no return probe.
	 */
	if (ret && sym->es_value != 0 && sym->es_value == pm->pm_elf->ef_entry)
		return (0);
	if (ret && (returns_twice(sym->es_name) ||
	    entered_by_jump(sym->es_name)))
		return (0);
	if ((prp = dt_probe_create(dtp, &dt_prov_pid, pm->pm_name,
	    sym->es_name, ret ? "return" : "entry")) == NULL)
		return (-1);
	snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv), "pid%d",
	    (int)pm->pm_pid);
	prp->pr_data = sym->es_off;
	prp->pr_data2 = (uint64_t)(uintptr_t)pm;
	prp->pr_tramp = ret ? DT_TRAMP_PIDRETURN : DT_TRAMP_PIDENTRY;
	pm->pm_probes[i] = prp->pr_desc.id;
	return (0);
}

/*
 * The probe fun:name of an instruction at offset off of function sym (a
 * uprobe at the function's file offset + off), unless it exists already.
 */
static int
insnprobe_add(dtrace_hdl_t *dtp, dt_pidmod_t *pm, const dt_elfsym_t *sym,
    uint64_t off, const char *fun, const char *name)
{
	dt_probe_t *prp;

	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		prp = dtp->dt_probes[i];
		if (prp->pr_prov == &dt_prov_pid &&
		    prp->pr_data2 == (uint64_t)(uintptr_t)pm &&
		    prp->pr_data == sym->es_off + off &&
		    strcmp(prp->pr_desc.fun, fun) == 0 &&
		    strcmp(prp->pr_desc.prb, name) == 0)
			return (0);
	}
	if ((prp = dt_probe_create(dtp, &dt_prov_pid, pm->pm_name, fun,
	    name)) == NULL)
		return (-1);
	snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv), "pid%d",
	    (int)pm->pm_pid);
	prp->pr_data = sym->es_off + off;
	prp->pr_data2 = (uint64_t)(uintptr_t)pm;
	prp->pr_tramp = off == 0 ? DT_TRAMP_PIDENTRY : DT_TRAMP_PIDOFFSET;
	return (0);
}

/*
 * The probe at instruction offset off of function sym, named by the
 * offset in hex as DTrace names it: "1c".
 */
static int
offprobe_add(dtrace_hdl_t *dtp, dt_pidmod_t *pm, const dt_elfsym_t *sym,
    uint64_t off)
{
	char name[24];

	snprintf(name, sizeof (name), "%llx", (unsigned long long)off);
	return (insnprobe_add(dtp, pm, sym, off, sym->es_name, name));
}

/*
 * The offset probes of function sym: at offset off (DT_OFF_ONE), which
 * must be the first byte of one of its instructions, or at every
 * instruction (DT_OFF_EVERY).  The function's bytes are read from its
 * file and walked with the instruction-length decoder from its first
 * byte: a uprobe inside an instruction would corrupt the process.  A
 * function named by a glob (skip) is left out where the offset is past
 * its end or inside an instruction; a function named exactly is an error
 * then.  Instructions the kernel cannot place a uprobe on (a lock or
 * segment prefix, dt_x86_uprobe_ok()) are refused when named, left out
 * of every-offset descriptions.
 */
enum { DT_OFF_NONE, DT_OFF_ONE, DT_OFF_EVERY };

static int
offprobes_add(dtrace_hdl_t *dtp, dt_pidmod_t *pm, const dt_elfsym_t *sym,
    int mode, uint64_t off, bool skip)
{
	uint8_t *code;
	int rv = 0;

	if (mode == DT_OFF_ONE && off >= sym->es_size && skip)
		return (0);
	if (mode == DT_OFF_ONE && off >= sym->es_size)
		return (dt_set_errmsg(dtp, EDT_PROCOFF, "offset 0x%llx is "
		    "outside of function %s of %s in process %d (of 0x%llx "
		    "bytes)", (unsigned long long)off, sym->es_name,
		    pm->pm_name, (int)pm->pm_pid,
		    (unsigned long long)sym->es_size));
	if (sym->es_size == 0)
		return (0);
	if ((code = dt_elf_code(dtp, pm->pm_elf, sym)) == NULL)
		return (-1);
	if (mode == DT_OFF_ONE) {
		switch (dt_x86_boundary(code, sym->es_size, off)) {
		case 0:
			if (dt_x86_uprobe_ok(code + off, sym->es_size - off))
				rv = offprobe_add(dtp, pm, sym, off);
			else if (!skip)
				rv = dt_set_errmsg(dtp, EDT_PROC, "the kernel "
				    "cannot place a uprobe on the instruction "
				    "at offset 0x%llx of function %s of %s (it "
				    "has a lock or segment prefix)",
				    (unsigned long long)off, sym->es_name,
				    pm->pm_name);
			break;
		case 1:
			if (skip)
				break;
			rv = dt_set_errmsg(dtp, EDT_PROCALIGN, "offset 0x%llx "
			    "of function %s of %s in process %d is not on an "
			    "instruction boundary", (unsigned long long)off,
			    sym->es_name, pm->pm_name, (int)pm->pm_pid);
			break;
		default:
			rv = dt_set_errmsg(dtp, EDT_PROC, "cannot decode the "
			    "instructions of function %s of %s before offset "
			    "0x%llx", sym->es_name, pm->pm_name,
			    (unsigned long long)off);
			break;
		}
		free(code);
		return (rv);
	}
	for (uint64_t at = 0; rv == 0 && at < sym->es_size; ) {
		int len = dt_x86_insnlen(code + at, sym->es_size - at);

		if (len < 0) {
			rv = dt_set_errmsg(dtp, EDT_PROC, "cannot decode the "
			    "instruction at offset 0x%llx of function %s of "
			    "%s", (unsigned long long)at, sym->es_name,
			    pm->pm_name);
			break;
		}
		if (dt_x86_uprobe_ok(code + at, sym->es_size - at))
			rv = offprobe_add(dtp, pm, sym, at);
		at += (uint64_t)len;
	}
	free(code);
	return (rv);
}

/*
 * The probe at address addr of the executable's layout (function "-"):
 * at the offset of the function that holds it, refused as a named
 * offset is (outside every function, inside an instruction).
 */
static int
absprobe_add(dtrace_hdl_t *dtp, dt_pidmod_t *pm, const char *name,
    uint64_t addr)
{
	const dt_elf_t *ef = pm->pm_elf;
	const dt_elfsym_t *sym = NULL;
	uint64_t off;
	uint8_t *code;
	int rv;

	for (size_t i = 0; i < ef->ef_nsyms && sym == NULL; i++) {
		if (addr >= ef->ef_syms[i].es_value && addr -
		    ef->ef_syms[i].es_value < ef->ef_syms[i].es_size)
			sym = &ef->ef_syms[i];
	}
	if (sym == NULL)
		return (dt_set_errmsg(dtp, EDT_PROCOFF, "address 0x%llx is in "
		    "no function of %s in process %d", (unsigned long long)addr,
		    pm->pm_name, (int)pm->pm_pid));
	off = addr - sym->es_value;
	if ((code = dt_elf_code(dtp, ef, sym)) == NULL)
		return (-1);
	rv = dt_x86_boundary(code, sym->es_size, off);
	if (rv == 0 && !dt_x86_uprobe_ok(code + off, sym->es_size - off))
		rv = dt_set_errmsg(dtp, EDT_PROC, "the kernel cannot place a "
		    "uprobe on the instruction at 0x%llx (%s+0x%llx) of %s (it "
		    "has a lock or segment prefix)", (unsigned long long)addr,
		    sym->es_name, (unsigned long long)off, pm->pm_name);
	else if (rv == 1)
		rv = dt_set_errmsg(dtp, EDT_PROCALIGN, "address 0x%llx "
		    "(%s+0x%llx) of %s in process %d is not on an instruction "
		    "boundary", (unsigned long long)addr, sym->es_name,
		    (unsigned long long)off, pm->pm_name, (int)pm->pm_pid);
	else if (rv != 0)
		rv = dt_set_errmsg(dtp, EDT_PROC, "cannot decode the "
		    "instructions of function %s of %s before 0x%llx",
		    sym->es_name, pm->pm_name, (unsigned long long)addr);
	free(code);
	return (rv != 0 ? -1 : insnprobe_add(dtp, pm, sym, off, "-", name));
}

/*
 * Can a description with the function "-" name an absolute probe: a
 * module field that is empty or names the executable?
 */
static bool
abs_modok(const dt_pidmod_t *pm, const char *mod)
{
	return (pm->pm_exec && (mod[0] == '\0' || dt_pidmod_match(pm, mod)));
}

/*
 * Create the probes of one module that the description names: entry,
 * return, and offsets (offmode, off).  Every offset of a function is
 * created only for a description naming one function without a glob
 * (pid123:a.out:main:), not for a glob, which would make hundreds of
 * thousands of probes of a library.
 */
static int
provide_mod(dtrace_hdl_t *dtp, dt_pidmod_t *pm, const dtrace_probedesc_t *pdp,
    bool entry, bool ret, int offmode, uint64_t off)
{
	const dt_elf_t *ef;

	if (dt_pidmod_elf(dtp, pm, true) != 0)
		return (-1);
	ef = pm->pm_elf;
	if (pdp->fun[0] != '\0' && !has_glob(pdp->fun)) {
		const dt_elfsym_t *sym = dt_elf_sym(ef, pdp->fun);

		if (sym == NULL)
			return (0);
		sym = &ef->ef_syms[sym->es_canon];
		if ((entry && probe_add(dtp, pm, sym, false) != 0) ||
		    (ret && probe_add(dtp, pm, sym, true) != 0) ||
		    (offmode != DT_OFF_NONE &&
		    offprobes_add(dtp, pm, sym, offmode, off, false) != 0))
			return (-1);
		return (0);
	}
	for (size_t i = 0; i < ef->ef_nsyms; i++) {
		const dt_elfsym_t *sym = &ef->ef_syms[i];

		if (!dt_gmatch(sym->es_name, pdp->fun))
			continue;
		sym = &ef->ef_syms[sym->es_canon];
		if ((entry && probe_add(dtp, pm, sym, false) != 0) ||
		    (ret && probe_add(dtp, pm, sym, true) != 0) ||
		    (offmode == DT_OFF_ONE &&
		    offprobes_add(dtp, pm, sym, offmode, off, true) != 0))
			return (-1);
	}
	return (0);
}

/*
 * Does the probe name of a description name instruction offsets?
 * DT_OFF_ONE for hex digits as DTrace prints an offset (lowercase, no
 * 0x, no leading 0), in *offp; DT_OFF_EVERY for an empty name or a glob
 * (which the probes' names are matched against); DT_OFF_NONE for any
 * other name.  An offset written another way (0x1c, 1C, 01c) is refused,
 * so that one offset is one probe: -1.
 */
static int
offset_mode(dtrace_hdl_t *dtp, const char *prb, uint64_t *offp)
{
	const char *d = prb;
	char canon[24];
	unsigned long long v;
	char *end;

	if (prb[0] == '\0' || has_glob(prb))
		return (DT_OFF_EVERY);
	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
		d += 2;
	if (d[0] == '\0' || strspn(d, "0123456789abcdefABCDEF") != strlen(d))
		return (DT_OFF_NONE);
	errno = 0;
	v = strtoull(d, &end, 16);
	snprintf(canon, sizeof (canon), "%llx", v);
	if (errno != 0 || strcmp(canon, prb) != 0)
		return (dt_set_errmsg(dtp, EDT_BADSPEC, "probe name %s: an "
		    "instruction offset is written in lowercase hex without "
		    "0x or leading zeros (%s)", prb, errno != 0 ?
		    "too large" : canon));
	*offp = v;
	return (DT_OFF_ONE);
}

static int
pid_provide(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp)
{
	pid_t pid = has_glob(pdp->prv) ? pid_of_glob(pdp->prv) :
	    pid_of(pdp->prv);
	bool entry = dt_gmatch("entry", pdp->prb);
	bool ret = dt_gmatch("return", pdp->prb);
	uint64_t off = 0;
	int offmode;

	if (pid == 0)
		return (0);
	if ((offmode = offset_mode(dtp, pdp->prb, &off)) < 0)
		return (-1);
	if (strcmp(pdp->fun, "-") == 0) {
		/* an absolute probe: one address, in the executable */
		if (offmode != DT_OFF_ONE)
			return (0);	/* pid_nomatch() says why */
		if (dt_pidmods_read(dtp, pid) != 0)
			return (-1);
		for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL;
		    pm = pm->pm_next) {
			if (pm->pm_pid == pid && abs_modok(pm, pdp->mod) &&
			    (dt_pidmod_elf(dtp, pm, true) != 0 ||
			    absprobe_add(dtp, pm, pdp->prb, off) != 0))
				return (-1);
		}
		return (0);
	}
	if (!entry && !ret && offmode == DT_OFF_NONE)
		return (0);
	if (pdp->fun[0] == '\0' || has_glob(pdp->fun)) {
		if (offmode == DT_OFF_EVERY)
			offmode = DT_OFF_NONE;
	}
	if (dt_pidmods_read(dtp, pid) != 0)
		return (-1);
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid == pid && dt_pidmod_match(pm, pdp->mod) &&
		    provide_mod(dtp, pm, pdp, entry, ret, offmode, off) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Why a description of a pid provider that names things exactly matched
 * nothing, with DTrace's tags: a probe name that is none of the
 * provider's (DT_PIDNM_NAME), the function - in another module than the
 * executable (DT_PIDNM_LIB), a function its modules do not have
 * (DT_PIDNM_FUNC), pid0 (DT_PIDNM_BADPID: no process to trace); a module
 * the process does not map only matches nothing (DT_PIDNM_ZERO, the
 * reason said); the message in msg.  DT_PIDNM_NONE when there is no such
 * reason (globs, another provider: pidgin is no pid provider).
 */
static int
pid_nomatch(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, char *msg,
    size_t len)
{
	pid_t pid = pid_of(pdp->prv);
	bool mod = false, fun = false;
	uint64_t off;

	if (pid == 0 && strncmp(pdp->prv, "pid", 3) == 0 &&
	    pdp->prv[3] != '\0' &&
	    strspn(pdp->prv + 3, "0") == strlen(pdp->prv + 3)) {
		snprintf(msg, len, "%s names process id 0, which is not a "
		    "process that can be traced", pdp->prv);
		return (DT_PIDNM_BADPID);
	}
	if (pid == 0 || has_glob(pdp->prv))
		return (DT_PIDNM_NONE);
	if (strcmp(pdp->fun, "-") == 0) {
		if (offset_mode(dtp, pdp->prb, &off) != DT_OFF_ONE) {
			snprintf(msg, len, "the function - names one absolute "
			    "address: the probe name must be it, in hex, not "
			    "%s", pdp->prb[0] != '\0' ? pdp->prb : "empty");
			return (DT_PIDNM_NAME);
		}
		if (dt_pidmods_read(dtp, pid) != 0)
			return (DT_PIDNM_NONE);
		for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL;
		    pm = pm->pm_next) {
			if (pm->pm_pid == pid && abs_modok(pm, pdp->mod))
				return (DT_PIDNM_NONE);
		}
		snprintf(msg, len, "the function - is only valid in the "
		    "executable's module (a.out), not in %s", pdp->mod);
		return (DT_PIDNM_LIB);
	}
	if (pdp->prb[0] != '\0' && strcmp(pdp->prb, "entry") != 0 &&
	    strcmp(pdp->prb, "return") != 0 &&
	    offset_mode(dtp, pdp->prb, &off) == DT_OFF_NONE) {
		snprintf(msg, len, "%s is not a probe name of the pid provider: "
		    "entry, return or an instruction offset (hex)", pdp->prb);
		return (DT_PIDNM_NAME);
	}
	if (dt_pidmods_read(dtp, pid) != 0)
		return (DT_PIDNM_NONE);
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid != pid || !dt_pidmod_match(pm, pdp->mod))
			continue;
		mod = true;
		if (pdp->fun[0] == '\0' || has_glob(pdp->fun) ||
		    (dt_pidmod_elf(dtp, pm, false) == 0 &&
		    dt_elf_sym(pm->pm_elf, pdp->fun) != NULL))
			fun = true;
	}
	if (!mod && pdp->mod[0] != '\0' && !has_glob(pdp->mod)) {
		snprintf(msg, len, "process %d maps no module %s", (int)pid,
		    pdp->mod);
		return (DT_PIDNM_ZERO);
	}
	if (mod && !fun) {
		snprintf(msg, len, "no function %s in %s of process %d",
		    pdp->fun, pdp->mod[0] != '\0' ? pdp->mod : "the modules",
		    (int)pid);
		return (DT_PIDNM_FUNC);
	}
	return (DT_PIDNM_NONE);
}

/*
 * r6 is the context (struct pt_regs), r9 the machine state.  A firing in
 * another process than the cookie's returns at once.
 */
static int
pid_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	static const int16_t entry_regs[] = {
		PT_DI, PT_SI, PT_DX, PT_CX, PT_R8, PT_R9
	};
	const int16_t a = MS_OFF(ms_argv);
	dt_asm_t as;
	int nargs = 0, lmine;

	dt_asm_init(&as, dtp, blk, "trampoline");
	lmine = dt_asm_label(&as);
	dt_asm_emit(&as, MOV_REG(R1, R6));
	dt_asm_emit(&as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	dt_asm_emit(&as, MOV_REG(BPF_REG_7, R0));
	dt_asm_emit(&as, ALU_IMM(BPF_RSH, BPF_REG_7, 32));
	dt_asm_emit(&as, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_asm_emit(&as, ALU_IMM(BPF_RSH, R0, 32));
	dt_asm_jump(&as, JMP_REG(BPF_JEQ, R0, BPF_REG_7, 0), lmine);
	dt_asm_emit(&as, MOV_IMM(R0, 0));
	dt_asm_emit(&as, EXIT());
	dt_asm_set(&as, lmine);
	if (pgp->pg_tramp == DT_TRAMP_PIDENTRY ||
	    pgp->pg_tramp == DT_TRAMP_PIDOFFSET) {
		for (int i = 0; i < 6; i++) {
			dt_asm_emit(&as, LDX(BPF_DW, R1, R6, entry_regs[i]));
			dt_asm_emit(&as, STX(BPF_DW, R9, a + i * 8, R1));
		}
		nargs = 6;
	}
	if (pgp->pg_tramp == DT_TRAMP_PIDENTRY) {
		/*
		 * At entry the stack pointer is at the return address, and
		 * the arguments past the sixth follow it (x86-64): arg6 ..
		 * arg9 read from the stack, 0 if it cannot be read.
		 */
		dt_asm_emit(&as, MOV_REG(R1, R9));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a + 6 * 8));
		dt_asm_emit(&as, MOV_IMM(R2, (DT_MAXARGS - 6) * 8));
		dt_asm_emit(&as, LDX(BPF_DW, R3, R6, PT_SP));
		dt_asm_emit(&as, ALU_IMM(BPF_ADD, R3, 8));
		dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_user));
		nargs = DT_MAXARGS;
	}
	if (pgp->pg_tramp == DT_TRAMP_PIDRETURN) {
		dt_asm_emit(&as, LDX(BPF_DW, R1, R6, PT_IP));
		dt_asm_emit(&as, STX(BPF_DW, R9, a, R1));
		dt_asm_emit(&as, LDX(BPF_DW, R1, R6, PT_AX));
		dt_asm_emit(&as, STX(BPF_DW, R9, a + 8, R1));
		nargs = 2;
	}
	for (int i = nargs; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	pgp->pg_attachtype = DT_BPF_TRACE_UPROBE_MULTI;
	return (dt_asm_end(&as));
}

/*
 * Attach the program to n offsets of a module in one uprobe_multi link.
 * ENOTSUPP means that the kernel cannot place a uprobe on one of the
 * functions' first instruction: the offsets are split in halves until
 * that function is alone, and it is left out (as DTrace leaves out the
 * functions it cannot instrument): its probe never fires.
 */
static int
link_multi(dtrace_hdl_t *dtp, dt_program_t *pgp, const dt_pidmod_t *pm,
    uint64_t *offs, uint64_t *cookies, uint32_t n, bool ret)
{
	if (dt_uprobes_attach(dtp, pgp->pg_fd, pm->pm_elf->ef_path, offs, NULL,
	    cookies, n, ret, pm->pm_pid) == 0)
		return (0);
	if (errno == DT_ENOTSUPP && n > 1)
		return (link_multi(dtp, pgp, pm, offs, cookies, n / 2, ret) ||
		    link_multi(dtp, pgp, pm, offs + n / 2, cookies + n / 2,
		    n - n / 2, ret));
	if (errno == DT_ENOTSUPP)
		return (0);
	return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach %u uprobe%s "
	    "to %s of process %d: %s", n, n == 1 ? "" : "s", pm->pm_file,
	    (int)pm->pm_pid, strerror(errno)));
}


/*
 * Can the kernel place a uprobe at file offset off of the module?  Its
 * first instruction is read from the file the module was read from
 * (dt_x86_uprobe_ok()): an entry or return probe of a function that
 * starts with an instruction the kernel refuses is left out before the
 * link is made, since every refused offset costs a failed link (about
 * 0.1 s in the kernel) while link_multi() looks for it.
 */
static bool
first_insn_ok(const dt_pidmod_t *pm, uint64_t off)
{
	uint8_t insn[15];
	ssize_t n = pread(pm->pm_elf->ef_fd, insn, sizeof (insn), (off_t)off);

	return (n <= 0 || dt_x86_uprobe_ok(insn, (size_t)n));
}

/*
 * Attach the program to the probe and to every other probe of the same
 * module, direction and clauses (which share its program): one
 * uprobe_multi link for them all, with the process id as its filter, so
 * that only the process's threads (those it creates later too) fire it.
 * Closing a uprobe perf event waits 70-100 ms in the kernel, one close
 * after another; a link is one close.
 */
static int
pid_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	const dt_pidmod_t *pm = (const dt_pidmod_t *)(uintptr_t)prp->pr_data2;
	uint64_t *offs, *cookies;
	uint32_t n = 0;
	int rv;

	if (prp->pr_attached)
		return (0);
	offs = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	cookies = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	if (offs == NULL || cookies == NULL) {
		free(offs);
		free(cookies);
		return (-1);
	}
	for (unsigned int i = prp->pr_desc.id - 1; i < dtp->dt_nprobes; i++) {
		dt_probe_t *q = dtp->dt_probes[i];

		if (q->pr_prov != &dt_prov_pid || q->pr_attached ||
		    q->pr_data2 != prp->pr_data2 ||
		    q->pr_tramp != prp->pr_tramp ||
		    !dt_probe_same_clauses(dtp, prp, q))
			continue;
		q->pr_attached = true;
		if (!first_insn_ok(pm, q->pr_data))
			continue;
		offs[n] = q->pr_data;
		cookies[n++] = q->pr_desc.id | ((uint64_t)(uint32_t)
		    pm->pm_pid << 32);
	}
	rv = n == 0 ? 0 : link_multi(dtp, pgp, pm, offs, cookies, n,
	    prp->pr_tramp == DT_TRAMP_PIDRETURN);
	free(offs);
	free(cookies);
	return (rv);
}

/* offsets: hex digits (offset_mode() refuses other spellings clearly) */
static const char *const pid_names[] = {
	"entry", "return", "[0-9a-fA-F]*", NULL
};

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t pid_attr = {
	DT_ATTR(EVOLVING, EVOLVING, COMMON), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN)
};

const dt_provider_t dt_prov_pid = {
	.pv_name = "pid",
	.pv_attr = &pid_attr,
	.pv_names = pid_names,
	.pv_progtype = BPF_PROG_TYPE_KPROBE,
	.pv_provide = pid_provide,
	.pv_trampoline = pid_trampoline,
	.pv_attach = pid_attach,
	.pv_pidprov = true,
	.pv_funmatch = pid_funmatch,
	.pv_modmatch = pid_modmatch,
	.pv_nomatch = pid_nomatch,
};
