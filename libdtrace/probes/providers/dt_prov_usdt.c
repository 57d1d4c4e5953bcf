/*
 * dt_prov_usdt.c: USDT probes, the stapsdt notes (<sys/sdt.h>) of the
 * executable and shared libraries of -c and -p processes.
 *
 * A note of provider myprov and name request__start in /usr/bin/app, in
 * function handle(), of process 1234 is the (overlying) probe
 * myprov1234:app:handle:request-start: the provider is the note's with the
 * process id after it, the module the file's basename (named as the pid
 * provider names modules: a.out, full path, basename up to a "."), the
 * function the symbol that holds the site, the name the note's with "__"
 * turned into "-".  Probes are created on demand by provide(), for the
 * processes of the session (-c, -p; myprov$target expands to myprov1234 in
 * the parser) and, for a description whose provider is literal, for the
 * process whose id ends it (myprov1234 with 1234 not grabbed); for
 * processes started while tracing runs, by discover() (probes/dt_discover.c)
 * for descriptions whose provider is empty or a glob.  The modules and
 * ELF files are the process layer's (proc/dt_pidmod.c: dt_pidmods_read(),
 * dt_pidmod_notes()), shared with the pid provider: one read of a file
 * gives both its symbols and its notes (dt_elf.c).
 *
 * Arguments: each note has a spec per argument, "SIZE@OPERAND" as GNU as
 * writes operands: -4@%eax (a register), 8@-16(%rbp) and
 * 4@8(%rsp,%rax,4) (memory at base + displacement + index * scale, read
 * with bpf_probe_read_user), 8@$5 (a constant), -4@var(%rip) and
 * -4@var+8(%rip) (a variable: memory at the site plus the distance from
 * the site to the symbol in the file, see spec_resolve()).  A negative
 * size is a signed value: arguments are sign- or zero-extended from their
 * size to 64 bits.  A spec this code does not understand (an unknown
 * register or symbol, a size other than 1, 2, 4, 8) skips the probe with a
 * warning naming the file.  The trampoline reads the arguments the way the spec
 * says, so each distinct spec string of the session is a trampoline kind
 * of its own (DT_TRAMP_USDT + its index in us_specs): probes with the
 * same clauses and the same spec share one program.  Memory that cannot
 * be read gives 0 (the trampoline runs before any clause, so no ERROR).
 * args[n] is typed by the spec's size and sign: int8_t .. uint64_t.
 *
 * Attaching is the pid provider's: the sites of one module that share a
 * program are one uprobe_multi link with the process id as its filter, a
 * BPF cookie each (probe id, process id).  A note with a semaphore passes
 * its file offset as the uprobe's reference counter: the kernel counts it
 * up in the traced process while the uprobe is attached, so the program's
 * PROVIDER_NAME_ENABLED() is true while it is traced, and counts it down
 * when the link is closed.
 *
 * Shared probes (sessions that discover processes, probes/dt_discover.c):
 * for descriptions that name no process (myprov*:::tick, :::tick), a
 * probe of a process is served by an underlying, shared probe of its
 * file's note: one per (file, note), pr_shared, named by the note (the
 * provider without a process id), never matched by a description.  Its
 * program holds the clauses of every such description that may name the
 * site in some process, at most DT_USDT_MAXCL (else, or with none, the
 * site has no shared probe and its processes are attached one by one as
 * before).  All the shared probes of a file with the same spec and
 * clauses are one uprobe_multi link without a process filter, made once
 * for the session through the descriptor the file was read from (ef_fd,
 * dt_elf.c: the file attached is the file whose notes were read): every
 * process that maps the file fires it, those started later too, and the
 * kernel counts the semaphores up in each.  The cookie is the shared
 * probe's id; the program looks up the usdt_prids map (dt_rec.h):
 *
 *  - (pid, shared id), counted only if its generation is the one the
 *    usdt_gen map holds for the process: the process's own probe
 *    (myprov1234:...) as ms_prid and the bitmask of the clauses to run
 *    for it (its module, function, name and provider matched per
 *    process, so myprov1*:::tick runs only for processes 1...);
 *  - else the fallback entry (0, shared id), made with the shared probe:
 *    the shared probe as ms_prid and the clauses of the descriptions that
 *    name the site in every process (provider empty or ending in '*'
 *    matching the note's provider, module matched by file name, not
 *    a.out); probeprov & co read the shared probe's names, the
 *    process's but for the provider's process id, which the lookup
 *    leaves in ms_provpid for probeprov to append (dt_cg.c);
 *  - else nothing runs.
 *
 * So a process of a file the session knows is traced from its first
 * firing.  The consumer names a firing of a shared probe by the record's
 * process id (rh_pid): the process's own probe, which discovery made, or
 * which usdt_overlying() (pv_overlying) makes then (the process may be
 * gone before it is discovered); when discovery comes, the probe it makes (enabled,
 * with the process's usdt_prids entries) takes over the name, the other
 * stays for the records already read.
 * share() moves the clauses a shared probe serves off a process's probe
 * and writes its usdt_prids entries, then its usdt_gen entry; what is left
 * (descriptions that name the process: myprov1234:::, myprov$target:::)
 * is attached to that process alone.  A process's exit deletes its
 * usdt_gen entry in the kernel at once (the exit program of discovery),
 * so a process that reuses its id never runs by the dead one's entries;
 * forget() then deletes its usdt_prids entries.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../proc/dt_proc.h"
#include "../../proc/dt_notes.h"
#include "../../codegen/dt_asm.h"

#define PT_IP				128	/* pt_regs: ip */
#define DT_USDT_HASH			4096	/* buckets of us_over */
#define DT_USDT_NOSHARE			UINT32_MAX /* uf_prids: none */

/*
 * The shared probes of one file (one per note), its descriptor.  It
 * holds its ELF file and a module of its own (no process), which its
 * shared probes point to: the process that showed the file may be gone.
 */
typedef struct dt_usdtfile {
	const dt_elf_t *uf_elf;		/* the file, its notes (held) */
	dt_pidmod_t uf_mod;		/* its module, pm_pid 0 */
	uint32_t *uf_prids;		/* by note: shared probe id, 0 not
					   made yet, DT_USDT_NOSHARE none */
	int *uf_fds;			/* its links (in dt_attfds) */
	unsigned int uf_nfds;		/* how many */
	uint64_t uf_idle;		/* since when no process of the
					   session maps it nor fired it (boot
					   ns), 0: in use */
	struct dt_usdtfile *uf_next;	/* next file */
} dt_usdtfile_t;

/* How often the files no process maps are checked for changes (ns). */
#define DT_USDT_CHECK	100000000ULL

/* The probe of a process on a shared probe, hashed by both. */
typedef struct dt_usdtover {
	pid_t uo_pid;			/* process */
	uint32_t uo_shared;		/* shared probe id */
	uint32_t uo_prid;		/* the process's probe (myprov1234) */
	struct dt_usdtover *uo_next;	/* next in the bucket */
} dt_usdtover_t;

/* A usdt_prids entry of a process, kept to purge it. */
typedef struct dt_usdtent {
	pid_t ue_pid;			/* process */
	uint32_t ue_shared;		/* shared probe id */
	uint32_t ue_gen;		/* generation in the entry */
} dt_usdtent_t;

/*
 * usdt's state in a session (its pv_init, dt_provdata()).  The modules
 * of traced processes it reads the notes of are the process layer's
 * (dt_pidmods()).
 */
typedef struct usdt_state {
	char **us_specs;		/* argument specs, each once: a
					   trampoline each (DT_TRAMP_USDT + its
					   index) */
	uint32_t us_nspecs;		/* how many */
	unsigned int us_speccap;	/* how many allocated */
	dt_usdtfile_t *us_files;	/* files with shared probes */
	dt_usdtover_t **us_over;	/* (pid, shared probe) -> the
					   process's probe, hashed */
	dt_usdtent_t *us_ents;		/* usdt_prids entries of processes */
	unsigned int us_nents;		/* how many */
	unsigned int us_entcap;		/* how many allocated */
	uint32_t us_gen;		/* last generation given (usdt_gen) */
	uint64_t us_full;		/* usdt_prids entries refused: full */
	uint64_t us_checked;		/* last check of idle files, boot ns */
} usdt_state_t;

static usdt_state_t *
usdt_state(dtrace_hdl_t *dtp)
{
	return (dt_provdata(dtp, &dt_prov_usdt));
}

/* One argument spec, parsed. */
typedef struct dt_usdtarg {
	enum { UA_REG, UA_MEM, UA_CONST } ua_kind; /* what it reads */
	uint8_t ua_size;		/* bytes: 1, 2, 4, 8 */
	bool ua_signed;			/* sign-extend (negative size) */
	uint8_t ua_shift;		/* a high byte register (%ah): 8 */
	int16_t ua_reg;			/* pt_regs offset of the register or
					   base, -1 if none */
	int16_t ua_index;		/* pt_regs offset of the index, -1 if
					   none */
	uint8_t ua_scale;		/* log2 of the index's scale */
	int64_t ua_val;			/* constant, or displacement */
} dt_usdtarg_t;

/* x86_64 registers by name: their struct pt_regs offset */
static const struct {
	const char *ur_names[5];	/* 64, 32, 16, 8 bits, high byte */
	int16_t ur_off;			/* pt_regs offset */
} usdt_regs[] = {
	{ { "rax", "eax", "ax", "al", "ah" }, 80 },
	{ { "rbx", "ebx", "bx", "bl", "bh" }, 40 },
	{ { "rcx", "ecx", "cx", "cl", "ch" }, 88 },
	{ { "rdx", "edx", "dx", "dl", "dh" }, 96 },
	{ { "rsi", "esi", "si", "sil", NULL }, 104 },
	{ { "rdi", "edi", "di", "dil", NULL }, 112 },
	{ { "rbp", "ebp", "bp", "bpl", NULL }, 32 },
	{ { "rsp", "esp", "sp", "spl", NULL }, 152 },
	{ { "r8", "r8d", "r8w", "r8b", NULL }, 72 },
	{ { "r9", "r9d", "r9w", "r9b", NULL }, 64 },
	{ { "r10", "r10d", "r10w", "r10b", NULL }, 56 },
	{ { "r11", "r11d", "r11w", "r11b", NULL }, 48 },
	{ { "r12", "r12d", "r12w", "r12b", NULL }, 24 },
	{ { "r13", "r13d", "r13w", "r13b", NULL }, 16 },
	{ { "r14", "r14d", "r14w", "r14b", NULL }, 8 },
	{ { "r15", "r15d", "r15w", "r15b", NULL }, 0 },
};

/*
 * The register named at *sp ("%rax"), advancing past it: its pt_regs
 * offset, and in *shift 8 for a high byte register; -1 if none.
 */
static int
reg_parse(const char **sp, uint8_t *shift)
{
	const char *s = *sp;
	size_t len;

	if (*s != '%')
		return (-1);
	s++;
	len = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789");
	for (size_t r = 0; r < sizeof (usdt_regs) / sizeof (usdt_regs[0]);
	    r++) {
		for (int w = 0; w < 5; w++) {
			const char *nm = usdt_regs[r].ur_names[w];

			if (nm != NULL && strlen(nm) == len &&
			    strncmp(nm, s, len) == 0) {
				*shift = w == 4 ? 8 : 0;
				*sp = s + len;
				return (usdt_regs[r].ur_off);
			}
		}
	}
	return (-1);
}

/* Parse one spec ("-4@8(%rbp)", len bytes at s); -1 if not understood. */
static int
arg_parse(const char *s, size_t len, dt_usdtarg_t *ua)
{
	char buf[128], *end;
	const char *at, *p;
	long size = 8;
	uint8_t shift;

	if (len >= sizeof (buf))
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	memset(ua, 0, sizeof (*ua));
	ua->ua_reg = ua->ua_index = -1;
	p = buf;
	if ((at = strchr(buf, '@')) != NULL) {
		size = strtol(buf, &end, 10);
		if (end != at)
			return (-1);
		p = at + 1;
	}
	ua->ua_signed = size < 0;
	size = labs(size);
	if (size != 1 && size != 2 && size != 4 && size != 8)
		return (-1);
	ua->ua_size = (uint8_t)size;

	if (*p == '$') {
		errno = 0;
		ua->ua_kind = UA_CONST;
		ua->ua_val = strtoll(p + 1, &end, 0);
		return (errno != 0 || end == p + 1 || *end != '\0' ? -1 : 0);
	}
	if (*p == '%') {
		ua->ua_kind = UA_REG;
		if ((ua->ua_reg = (int16_t)reg_parse(&p, &ua->ua_shift)) < 0 ||
		    *p != '\0')
			return (-1);
		return (0);
	}
	/* [disp](%base[,%index[,scale]]) */
	ua->ua_kind = UA_MEM;
	if (*p != '(') {
		errno = 0;
		ua->ua_val = strtoll(p, &end, 0);
		if (errno != 0 || end == p || *end != '(' ||
		    ua->ua_val < INT32_MIN || ua->ua_val > INT32_MAX)
			return (-1);
		p = end;
	}
	p++;
	if (strncmp(p, "%site)", 6) == 0) {
		/* a resolved symbol operand: relative to the site */
		ua->ua_reg = PT_IP;
		return (p[6] == '\0' ? 0 : -1);
	}
	if ((ua->ua_reg = (int16_t)reg_parse(&p, &shift)) < 0 || shift != 0 ||
	    ua->ua_reg == PT_IP)
		return (-1);
	if (*p == ',') {
		long scale = 1;

		p++;
		if ((ua->ua_index = (int16_t)reg_parse(&p, &shift)) < 0 ||
		    shift != 0)
			return (-1);
		if (*p == ',') {
			scale = strtol(p + 1, &end, 10);
			p = end;
		}
		switch (scale) {
		case 1: ua->ua_scale = 0; break;
		case 2: ua->ua_scale = 1; break;
		case 4: ua->ua_scale = 2; break;
		case 8: ua->ua_scale = 3; break;
		default: return (-1);
		}
	}
	return (p[0] == ')' && p[1] == '\0' ? 0 : -1);
}

/*
 * Parse a note's argument specs into argv (at most DT_MAXARGS; the rest
 * are not read); the number of arguments, or -1 and in *bad the first spec
 * not understood.
 */
static int
args_parse(const char *args, dt_usdtarg_t *argv, const char **bad,
    size_t *badlen)
{
	int n = 0;

	for (const char *s = args + strspn(args, " \t"); *s != '\0';
	    s += strspn(s, " \t")) {
		size_t len = strcspn(s, " \t");

		if (n < DT_MAXARGS && arg_parse(s, len, &argv[n++]) != 0) {
			*bad = s;
			*badlen = len;
			return (-1);
		}
		s += len;
	}
	return (n < DT_MAXARGS ? n : DT_MAXARGS);
}

/*
 * The specs of a note with its symbol operands resolved: SIZE@SYM(%rip)
 * and SIZE@SYM+N(%rip) (a variable, as GNU as writes it in PIC code)
 * become SIZE@D(%site), memory at the site's address (the probed
 * instruction's, which the uprobe's saved ip is) plus D, the distance
 * from the site to the variable in the file's layout: the same wherever
 * the file is loaded.  -1 if a symbol is not in the file's symbols, *bad
 * then names its spec.
 */
static int
spec_resolve(const dt_pidmod_t *pm, const dt_elfnote_t *en, char *out,
    size_t len, const char **bad, size_t *badlen)
{
	size_t n = 0;

	out[0] = '\0';
	for (const char *s = en->en_args + strspn(en->en_args, " \t");
	    *s != '\0'; s += strspn(s, " \t")) {
		size_t tlen = strcspn(s, " \t"), nlen;
		const char *at = memchr(s, '@', tlen), *op, *rip;
		char name[256], *end;
		long long off = 0;
		uint64_t val;
		int w;

		op = at != NULL ? at + 1 : s;
		rip = tlen >= 6 ? s + tlen - 6 : NULL;
		nlen = strspn(op, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$");
		if (rip == NULL || strncmp(rip, "(%rip)", 6) != 0 || nlen == 0 ||
		    isdigit((unsigned char)op[0]) || nlen >= sizeof (name)) {
			w = snprintf(out + n, len - n, "%s%.*s", n ? " " : "",
			    (int)tlen, s);
		} else {
			memcpy(name, op, nlen);
			name[nlen] = '\0';
			if (op + nlen != rip) {
				off = strtoll(op + nlen, &end, 10);
				if (end != rip)
					nlen = 0;	/* not SYM+N */
			}
			if (nlen == 0 ||
			    dt_elf_symval(pm->pm_elf, name, &val) != 0) {
				*bad = s;
				*badlen = tlen;
				return (-1);
			}
			w = snprintf(out + n, len - n, "%s%.*s%lld(%%site)",
			    n ? " " : "", (int)(op - s), s, (long long)(val +
			    (uint64_t)off - en->en_addr));
		}
		if (w < 0 || (size_t)w >= len - n) {
			*bad = s;
			*badlen = tlen;
			return (-1);
		}
		n += (size_t)w;
		s += tlen;
	}
	return (0);
}

/*
 * The argument specs of note en of module pm as provide() takes them:
 * symbol operands resolved (spec_resolve(), into spec) and every spec
 * parsed.  The number of arguments, or -1 with *bad and *badlen naming
 * the spec not understood.  Also the fuzz target of the note parser's
 * entry (test/fuzz/elf.c).
 */
int
dt_usdt_note_args(const dt_pidmod_t *pm, const dt_elfnote_t *en, char *spec,
    size_t len, const char **bad, size_t *badlen)
{
	dt_usdtarg_t argv[DT_MAXARGS];

	if (spec_resolve(pm, en, spec, len, bad, badlen) != 0)
		return (-1);
	return (args_parse(spec, argv, bad, badlen));
}

/* The trampoline kind of an argument spec string, added if new. */
static int
spec_tramp(dtrace_hdl_t *dtp, const char *args, uint32_t *tramp)
{
	usdt_state_t *us = usdt_state(dtp);
	uint32_t i;

	for (i = 0; i < us->us_nspecs; i++) {
		if (strcmp(us->us_specs[i], args) == 0)
			break;
	}
	if (i == us->us_nspecs) {
		if (us->us_nspecs == us->us_speccap &&
		    dt_grow(dtp, (void **)&us->us_specs,
		    &us->us_speccap, 8, sizeof (char *)) != 0)
			return (-1);
		if ((us->us_specs[i] = strdup(args)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		us->us_nspecs++;
	}
	*tramp = DT_TRAMP_USDT + i;
	return (0);
}

static bool
has_glob(const char *s)
{
	return (strpbrk(s, "*?[\\") != NULL);
}

/* ---- shared probes (see the comment at the top) ------------------------- */

/*
 * A process's probes on shared probes are in the bucket of its id, so
 * that its exit (usdt_forget(), for every process that exits while
 * discovery runs) looks at one bucket, not all of them.
 */
static unsigned int
over_hash(pid_t pid)
{
	return (((uint32_t)pid * 2654435761U) >> 12) % DT_USDT_HASH;
}

static dt_usdtover_t *
over_find(dtrace_hdl_t *dtp, pid_t pid, uint32_t shared)
{
	usdt_state_t *us = usdt_state(dtp);

	if (us->us_over == NULL)
		return (NULL);
	for (dt_usdtover_t *uo = us->us_over[over_hash(pid)];
	    uo != NULL; uo = uo->uo_next) {
		if (uo->uo_pid == pid && uo->uo_shared == shared)
			return (uo);
	}
	return (NULL);
}

static int
over_add(dtrace_hdl_t *dtp, pid_t pid, uint32_t shared, uint32_t prid)
{
	usdt_state_t *us = usdt_state(dtp);
	dt_usdtover_t *uo;
	unsigned int h = over_hash(pid);

	if ((uo = over_find(dtp, pid, shared)) != NULL) {
		uo->uo_prid = prid;
		return (0);
	}
	if (us->us_over == NULL &&
	    (us->us_over = dt_zalloc(dtp, DT_USDT_HASH *
	    sizeof (dt_usdtover_t *))) == NULL)
		return (-1);
	if ((uo = dt_zalloc(dtp, sizeof (*uo))) == NULL)
		return (-1);
	uo->uo_pid = pid;
	uo->uo_shared = shared;
	uo->uo_prid = prid;
	uo->uo_next = us->us_over[h];
	us->us_over[h] = uo;
	return (0);
}

static dt_usdtfile_t *
file_find(dtrace_hdl_t *dtp, const dt_elf_t *ef)
{
	usdt_state_t *us = usdt_state(dtp);

	for (dt_usdtfile_t *uf = us->us_files; uf != NULL;
	    uf = uf->uf_next) {
		if (uf->uf_elf == ef)
			return (uf);
	}
	return (NULL);
}

/*
 * Does a provider field match the base followed by any process id?  An
 * empty one does, and one ending in an unescaped '*' that matches the
 * base alone (its last '*' takes the digits).
 */
static bool
prov_anypid(const char *base, const char *pat)
{
	size_t len = strlen(pat);

	if (len == 0)
		return (true);
	if (pat[len - 1] != '*' || (len > 1 && pat[len - 2] == '\\'))
		return (false);
	return (dt_gmatch(base, pat));
}

/*
 * Does the description match note en of module pm in every process (any
 * pid, whatever the module is to it: a.out is one process's view), or in
 * some process (may)?
 */
static bool
desc_site(const dtrace_probedesc_t *pdp, const dt_pidmod_t *pm,
    const dt_elfnote_t *en, bool may)
{
	dt_pidmod_t other = *pm;

	if (!dt_gmatch(en->en_func, pdp->fun) ||
	    !dt_gmatch(en->en_name, pdp->prb))
		return (false);
	other.pm_exec = false;
	if (!may)
		return (prov_anypid(en->en_prov, pdp->prv) &&
		    dt_pidmod_match(&other, pdp->mod));
	other.pm_exec = true;
	return (dt_note_provmay(en->en_prov, pdp->prv) &&
	    (dt_pidmod_match(&other, pdp->mod) ||
	    (other.pm_exec = false, dt_pidmod_match(&other, pdp->mod))));
}

static int
prids_update(dtrace_hdl_t *dtp, pid_t pid, uint32_t shared,
    const dt_usdtval_t *uv)
{
	usdt_state_t *us = usdt_state(dtp);
	dt_usdtkey_t uk = { (uint32_t)pid, shared };

	if (bpf_map_update_elem(dtp->dt_mapfd[DT_MAP_USDTPRIDS], &uk, uv,
	    BPF_ANY) == 0)
		return (0);
	if (errno == E2BIG || errno == ENOMEM) {
		us->us_full++;
		return (dt_set_errmsg(dtp, EDT_BPF, "the usdt_prids map is "
		    "full (option usdtprids: %u)",
		    dtp->dt_opts.op_usdtprids));
	}
	return (dt_set_errmsg(dtp, EDT_BPF, "cannot update usdt_prids: %s",
	    strerror(errno)));
}

/*
 * The shared probe of note i of module pm (made now if new), or NULL
 * with *none set if it has none: no clause a description that names no
 * process can enable on it, or more than DT_USDT_MAXCL.  Its clauses
 * are those of the descriptions that may name it in some process; the
 * fallback entry (DT_USDT_ANYPID) runs those of the descriptions that
 * name it in every process.
 */
static dt_probe_t *
shared_get(dtrace_hdl_t *dtp, dt_pidmod_t *pm, size_t i, uint32_t tramp,
    bool *none)
{
	usdt_state_t *us = usdt_state(dtp);
	const dt_elfnote_t *en = &pm->pm_elf->ef_notes[i];
	dt_usdtfile_t *uf = file_find(dtp, pm->pm_elf);
	dt_usdtval_t uv = { 0 };
	unsigned int n = 0;
	dt_probe_t *prp;

	*none = false;
	if (uf == NULL) {
		if ((uf = dt_zalloc(dtp, sizeof (*uf))) == NULL ||
		    (uf->uf_prids = dt_zalloc(dtp, pm->pm_elf->ef_nnotes *
		    sizeof (uint32_t))) == NULL ||
		    (uf->uf_mod.pm_path = dt_strdup(dtp, pm->pm_path)) ==
		    NULL) {
			if (uf != NULL)
				free(uf->uf_prids);
			free(uf);
			return (NULL);
		}
		uf->uf_mod.pm_file = uf->uf_mod.pm_path + (pm->pm_file -
		    pm->pm_path);
		uf->uf_mod.pm_name = uf->uf_mod.pm_path + (pm->pm_name -
		    pm->pm_path);
		uf->uf_mod.pm_exec = pm->pm_exec;
		uf->uf_mod.pm_dev = pm->pm_dev;
		uf->uf_mod.pm_ino = pm->pm_ino;
		uf->uf_mod.pm_elf = pm->pm_elf;
		uf->uf_elf = pm->pm_elf;
		dt_elf_hold(uf->uf_elf);	/* released by file_release() */
		uf->uf_next = us->us_files;
		us->us_files = uf;
	}
	if (uf->uf_prids[i] == DT_USDT_NOSHARE) {
		*none = true;
		return (NULL);
	}
	if (uf->uf_prids[i] != 0)
		return (dtp->dt_probes[uf->uf_prids[i] - 1]);
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];
		bool may = false, any = false;

		for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
			const dtrace_probedesc_t *pdp = &dcp->dc_descs[d];

			if (!dt_discover_wants(dtp, pdp))
				continue;
			may |= desc_site(pdp, pm, en, true);
			any |= desc_site(pdp, pm, en, false);
		}
		if (!may)
			continue;
		if (n == DT_USDT_MAXCL) {
			uf->uf_prids[i] = DT_USDT_NOSHARE;
			*none = true;
			return (NULL);
		}
		if (any)
			uv.uv_mask |= 1ULL << n;
		n++;
	}
	if (n == 0) {
		uf->uf_prids[i] = DT_USDT_NOSHARE;
		*none = true;
		return (NULL);
	}
	if ((prp = dt_probe_create(dtp, &dt_prov_usdt, pm->pm_name,
	    en->en_func, en->en_name)) == NULL)
		return (NULL);
	snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv), "%s",
	    en->en_prov);
	prp->pr_shared = true;
	prp->pr_data = (uint64_t)(uintptr_t)en;
	prp->pr_data2 = (uint64_t)(uintptr_t)&uf->uf_mod;
	prp->pr_tramp = tramp;
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];

		for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
			if (dt_discover_wants(dtp, &dcp->dc_descs[d]) &&
			    desc_site(&dcp->dc_descs[d], pm, en, true)) {
				if (dt_probe_enable(dtp, prp, c, false) != 0)
					return (NULL);
				break;
			}
		}
	}
	uf->uf_prids[i] = prp->pr_desc.id;
	uv.uv_prid = prp->pr_desc.id;
	if (uv.uv_mask != 0 &&
	    prids_update(dtp, DT_USDT_ANYPID, prp->pr_desc.id, &uv) != 0)
		return (NULL);
	return (prp);
}

/* The generation of the process's entries: its own, or a new one. */
static uint32_t
gen_of(dtrace_hdl_t *dtp, pid_t pid)
{
	usdt_state_t *us = usdt_state(dtp);

	for (unsigned int k = us->us_nents; k > 0; k--) {
		if (us->us_ents[k - 1].ue_pid == pid)
			return (us->us_ents[k - 1].ue_gen);
	}
	if (++us->us_gen == 0)
		us->us_gen = 1;
	return (us->us_gen);
}

/*
 * The probes from index first on were enabled (at go, or for a process
 * discovered): the clauses that a shared probe serves for a probe's
 * process (those enabled through descriptions that name no process) are
 * taken off the probe, and the process's usdt_prids entry for the shared
 * probe names the probe and those clauses; the usdt_gen entry of each
 * process comes last, once all its entries are in.  The clauses left
 * (descriptions that name the process) stay on the probe, attached to
 * that process alone.  Nothing without the usdt_prids map (no discovery).
 */
static int
usdt_share(dtrace_hdl_t *dtp, uint64_t first)
{
	usdt_state_t *us = usdt_state(dtp);
	uint64_t last = dtp->dt_probeserial;
	pid_t lastpid = 0;
	uint32_t gen = 0;

	if (dtp->dt_mapfd[DT_MAP_USDTPRIDS] < 0)
		return (0);
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i], *sh;
		dt_pidmod_t *pm = (dt_pidmod_t *)(uintptr_t)prp->pr_data2;
		const dt_elfnote_t *en;
		dt_usdtval_t uv = { 0 };
		unsigned int keep = 0;
		size_t ni;
		bool none;

		if (prp->pr_serial < first || prp->pr_serial >= last ||
		    prp->pr_retired)
			continue;
		if (prp->pr_prov != &dt_prov_usdt || prp->pr_shared ||
		    prp->pr_nclauses == 0 || prp->pr_attached ||
		    pm->pm_pid == 0)
			continue;
		en = (const dt_elfnote_t *)(uintptr_t)prp->pr_data;
		ni = (size_t)(en - pm->pm_elf->ef_notes);
		if ((sh = shared_get(dtp, pm, ni, prp->pr_tramp, &none)) ==
		    NULL) {
			if (none)
				continue;
			return (-1);
		}
		for (unsigned int c = 0; c < prp->pr_nclauses; c++) {
			const dt_clause_t *dcp =
			    dtp->dt_clauses[prp->pr_clauses[c]];
			unsigned int pos;
			bool served = false;

			for (pos = 0; pos < sh->pr_nclauses &&
			    sh->pr_clauses[pos] != dcp->dc_id; pos++)
				;
			for (unsigned int d = 0; pos < sh->pr_nclauses &&
			    !served && d < dcp->dc_ndescs; d++)
				served = dt_discover_wants(dtp,
				    &dcp->dc_descs[d]) &&
				    dt_probe_matches(prp, &dcp->dc_descs[d]);
			if (served)
				uv.uv_mask |= 1ULL << pos;
			else
				prp->pr_clauses[keep++] = dcp->dc_id;
		}
		if (uv.uv_mask == 0)
			continue;
		prp->pr_nclauses = keep;
		if (pm->pm_pid != lastpid) {
			if (lastpid != 0 && bpf_map_update_elem(
			    dtp->dt_mapfd[DT_MAP_USDTGEN], &lastpid, &gen,
			    BPF_ANY) != 0)
				return (dt_set_errmsg(dtp, EDT_BPF, "cannot "
				    "update usdt_gen: %s", strerror(errno)));
			lastpid = pm->pm_pid;
			gen = gen_of(dtp, lastpid);
		}
		uv.uv_prid = prp->pr_desc.id;
		uv.uv_gen = gen;
		if (us->us_nents == us->us_entcap &&
		    dt_grow(dtp, (void **)&us->us_ents,
		    &us->us_entcap, 64, sizeof (dt_usdtent_t)) != 0)
			return (-1);
		if (prids_update(dtp, pm->pm_pid, sh->pr_desc.id, &uv) != 0 ||
		    over_add(dtp, pm->pm_pid, sh->pr_desc.id,
		    prp->pr_desc.id) != 0 || dt_bpf_probe_add(dtp, prp) != 0)
			return (-1);
		us->us_ents[us->us_nents++] = (dt_usdtent_t){
		    pm->pm_pid, sh->pr_desc.id, gen };
	}
	if (lastpid != 0 && bpf_map_update_elem(dtp->dt_mapfd[DT_MAP_USDTGEN],
	    &lastpid, &gen, BPF_ANY) != 0)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot update usdt_gen: "
		    "%s", strerror(errno)));
	return (0);
}

/*
 * The probe a firing of shared probe sh in process pid is: the process's
 * own (myprov1234:mod:func:name), made now if the process has none yet
 * (it fired before it was discovered, or was never: it may be gone).
 * The shared probe itself if that fails.
 */
static const dt_probe_t *
usdt_overlying(dtrace_hdl_t *dtp, const dt_probe_t *sh, pid_t pid)
{
	const dt_elfnote_t *en = (const dt_elfnote_t *)(uintptr_t)sh->pr_data;
	dt_usdtfile_t *uf;
	dt_usdtover_t *uo;
	dt_probe_t *prp;

	if (!sh->pr_shared || pid <= 0)
		return (sh);
	if ((uf = file_find(dtp, ((const dt_pidmod_t *)(uintptr_t)
	    sh->pr_data2)->pm_elf)) != NULL)
		uf->uf_idle = 0;	/* in use: last to go (dt_usdt_sweep()) */
	if ((uo = over_find(dtp, pid, sh->pr_desc.id)) != NULL)
		return (dtp->dt_probes[uo->uo_prid - 1]);
	if ((prp = dt_probe_create(dtp, &dt_prov_usdt, sh->pr_desc.mod,
	    sh->pr_desc.fun, sh->pr_desc.prb)) == NULL)
		return (sh);
	snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv), "%s%d",
	    en->en_prov, (int)pid);
	prp->pr_data = sh->pr_data;
	prp->pr_data2 = sh->pr_data2;
	prp->pr_tramp = sh->pr_tramp;
	(void) over_add(dtp, pid, sh->pr_desc.id, prp->pr_desc.id);
	return (prp);
}

/*
 * Create the probes of process pid that the description names; a file of
 * it that cannot be read is warned about when named is set (the
 * description names this very process, not a glob or a shorter tail of
 * the digits of its provider name).
 */
static int
provide_pid(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, pid_t pid,
    bool named)
{
	if (dt_pidmods_read(dtp, pid) != 0)
		return (-1);
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		const dt_elf_t *ef;
		int rv;

		if (pm->pm_pid != pid || !dt_pidmod_match(pm, pdp->mod))
			continue;
		if ((rv = dt_pidmod_notes(dtp, pm, named)) > 0)
			continue;	/* a file known to have no notes */
		if (rv != 0) {
			/* a file that is not ELF (a script) has no probes */
			if (dtp->dt_errno == EDT_PROC)
				continue;
			return (-1);
		}
		ef = pm->pm_elf;
		for (size_t i = 0; i < ef->ef_nnotes; i++) {
			const dt_elfnote_t *en = &ef->ef_notes[i];
			char prov[DTRACE_PROVNAMELEN], spec[1024];
			const char *bad;
			size_t badlen;
			dt_probe_t *prp;
			uint32_t tramp = 0;

			snprintf(prov, sizeof (prov), "%s%d", en->en_prov,
			    (int)pid);
			if (pm->pm_usdt[i] != 0 || !dt_gmatch(prov, pdp->prv) ||
			    !dt_gmatch(en->en_func, pdp->fun) ||
			    !dt_gmatch(en->en_name, pdp->prb))
				continue;
			if (dt_usdt_note_args(pm, en, spec, sizeof (spec), &bad,
			    &badlen) < 0) {
				dt_msg(dtp, DTRACE_MSG_WARNING, "%s: USDT "
				    "probe %s:%s is skipped: argument \"%.*s\" "
				    "is not understood", pm->pm_file, en->en_prov,
				    en->en_name, (int)badlen, bad);
				pm->pm_usdt[i] = DT_USDT_SKIPPED;
				continue;
			}
			if (spec_tramp(dtp, spec, &tramp) != 0 ||
			    (prp = dt_probe_create(dtp, &dt_prov_usdt,
			    pm->pm_name, en->en_func, en->en_name)) == NULL)
				return (-1);
			snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv),
			    "%s", prov);
			prp->pr_data = (uint64_t)(uintptr_t)en;
			prp->pr_data2 = (uint64_t)(uintptr_t)pm;
			prp->pr_tramp = tramp;
			pm->pm_usdt[i] = prp->pr_desc.id;
		}
	}
	return (0);
}

/*
 * The processes a description can name: those of the session, and for a
 * literal provider name every process whose id ends it (myprov1234: 1234,
 * 234, 34, 4 if such processes exist; only notes of provider myprov,
 * myprov1, ... then match).
 */
static int
usdt_provide(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp)
{
	const char *prv = pdp->prv;
	size_t len = strlen(prv), k = len;

	if (prv[0] == '\0' || has_glob(prv)) {
		for (struct ps_prochandle *P = dtp->dt_procs; P != NULL;
		    P = P->pp_next) {
			if (provide_pid(dtp, pdp, P->pp_pid, false) != 0)
				return (-1);
		}
		return (0);
	}
	while (k > 0 && isdigit((unsigned char)prv[k - 1]))
		k--;
	if (k == 3 && strncmp(prv, "pid", 3) == 0)
		return (0);	/* the pid provider's */
	for (size_t j = k == 0 ? 1 : k; j < len; j++) {
		long pid = strtol(prv + j, NULL, 10);
		bool ours = dt_proc_lookup(dtp, (pid_t)pid) != NULL;

		if (prv[j] == '0' || pid <= 0 || pid > INT32_MAX)
			continue;
		if (!ours && kill((pid_t)pid, 0) != 0 && errno == ESRCH)
			continue;
		if (provide_pid(dtp, pdp, (pid_t)pid, j == k) != 0) {
			if (ours)
				return (-1);
			/* a process that went away: it has no probes */
		}
	}
	return (0);
}

/*
 * Can a description of the session name a note of this file in some
 * process?  Provider (followed by any process id), function and name are
 * matched, not the module: one file may be mapped under several names.
 */
static bool
file_named(dtrace_hdl_t *dtp, const dt_elf_t *ef)
{
	for (size_t n = 0; n < ef->ef_nnotes; n++) {
		const dt_elfnote_t *en = &ef->ef_notes[n];

		for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
			const dt_clause_t *dcp = dtp->dt_clauses[c];

			for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
				const dtrace_probedesc_t *pdp =
				    &dcp->dc_descs[d];

				if ((pdp->prv[0] == '\0' ||
				    dt_note_provmay(en->en_prov, pdp->prv)) &&
				    dt_gmatch(en->en_func, pdp->fun) &&
				    dt_gmatch(en->en_name, pdp->prb))
					return (true);
			}
		}
	}
	return (false);
}

/*
 * A process started while tracing runs (probes/dt_discover.c): its probes
 * that a description naming no process (myprov*:::name, :::name) names.
 * A file of it whose notes no description of the session can name
 * (libstdc++'s, for myprov*:::) is remembered with those that have none,
 * so that discovery does not read it again (dt_elf_nonotes_add()).
 */
static int
usdt_discover(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, pid_t pid)
{
	if (pdp->prv[0] != '\0' && !has_glob(pdp->prv))
		return (0);
	if (provide_pid(dtp, pdp, pid, false) != 0)
		return (-1);
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid == pid && pm->pm_elf != NULL &&
		    pm->pm_elf->ef_nnotes > 0 && !file_named(dtp, pm->pm_elf))
			dt_elf_nonotes_add(dtp, pm->pm_elf);
	}
	return (0);
}

/*
 * A discovered process is gone: its usdt_gen and usdt_prids entries are
 * deleted (the exit program deleted its generation already), and the
 * probes it had on shared ones forgotten, so that a process reusing its
 * id starts afresh.
 */
static void
usdt_forget(dtrace_hdl_t *dtp, pid_t pid)
{
	usdt_state_t *us = usdt_state(dtp);
	unsigned int keep = 0;
	uint32_t upid = (uint32_t)pid;

	if (dtp->dt_mapfd[DT_MAP_USDTGEN] >= 0)
		(void) bpf_map_delete_elem(dtp->dt_mapfd[DT_MAP_USDTGEN],
		    &upid);
	for (unsigned int k = 0; k < us->us_nents; k++) {
		const dt_usdtent_t *ue = &us->us_ents[k];
		dt_usdtkey_t uk = { (uint32_t)ue->ue_pid, ue->ue_shared };

		if (ue->ue_pid != pid) {
			us->us_ents[keep++] = *ue;
			continue;
		}
		(void) bpf_map_delete_elem(dtp->dt_mapfd[DT_MAP_USDTPRIDS],
		    &uk);
	}
	us->us_nents = keep;
	if (us->us_over != NULL) {
		dt_usdtover_t **uop = &us->us_over[over_hash(pid)], *uo;

		while ((uo = *uop) != NULL) {
			if (uo->uo_pid == pid) {
				dt_probe_retire(dtp,
				    dtp->dt_probes[uo->uo_prid - 1]);
				*uop = uo->uo_next;
				free(uo);
			} else
				uop = &uo->uo_next;
		}
	}
	/* its own probes, which its modules name */
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid != pid || pm->pm_elf == NULL)
			continue;
		for (size_t i = 0; i < pm->pm_elf->ef_nnotes; i++) {
			if (pm->pm_usdt[i] == 0 ||
			    pm->pm_usdt[i] == DT_USDT_SKIPPED)
				continue;
			dt_probe_retire(dtp, dtp->dt_probes[pm->pm_usdt[i] - 1]);
			pm->pm_usdt[i] = 0;
		}
	}
	/* its modules go next (dt_pidmods_forget()) */
}

/*
 * Release a file's shared probes: its links closed, its fallback entries
 * deleted, its probes (and the probes of processes on them) retired,
 * its ELF file released.
 */
static void
file_release(dtrace_hdl_t *dtp, dt_usdtfile_t *uf)
{
	usdt_state_t *us = usdt_state(dtp);
	dt_usdtfile_t **ufp = &us->us_files;

	for (unsigned int i = 0; i < uf->uf_nfds; i++) {
		for (unsigned int j = 0; j < dtp->dt_nattfds; j++) {
			if (dtp->dt_attfds[j] != uf->uf_fds[i])
				continue;
			dtp->dt_attfds[j] = dtp->dt_attfds[--dtp->dt_nattfds];
			close(uf->uf_fds[i]);
			break;
		}
	}
	for (size_t n = 0; n < uf->uf_elf->ef_nnotes; n++) {
		uint32_t id = uf->uf_prids[n];
		dt_usdtkey_t uk = { DT_USDT_ANYPID, id };

		if (id == 0 || id == DT_USDT_NOSHARE)
			continue;
		(void) bpf_map_delete_elem(dtp->dt_mapfd[DT_MAP_USDTPRIDS],
		    &uk);
		for (unsigned int h = 0; us->us_over != NULL &&
		    h < DT_USDT_HASH; h++) {
			dt_usdtover_t **uop = &us->us_over[h], *uo;

			while ((uo = *uop) != NULL) {
				if (uo->uo_shared != id) {
					uop = &uo->uo_next;
					continue;
				}
				dt_probe_retire(dtp,
				    dtp->dt_probes[uo->uo_prid - 1]);
				*uop = uo->uo_next;
				free(uo);
			}
		}
		dt_probe_retire(dtp, dtp->dt_probes[id - 1]);
	}
	while (*ufp != uf)
		ufp = &(*ufp)->uf_next;
	*ufp = uf->uf_next;
	dt_elf_release(dtp, uf->uf_elf);	/* held by shared_get() */
	free(uf->uf_mod.pm_path);
	free(uf->uf_fds);
	free(uf->uf_prids);
	free(uf);
}

/*
 * A file with shared probes stays armed while it is what was read (the
 * same device, inode, size and modification time) and not deleted, so
 * that the next process of a binary the session knows is traced from
 * its first firing, however long after the last one it starts.  The
 * files that no process of the session maps (as far as discovery knows)
 * and that no firing named since (usdt_overlying()) are idle: every
 * DT_USDT_CHECK, an idle file deleted, renamed over or written in place
 * is released (its processes to come are new files to discovery); and
 * beyond usdtidle idle files (option, default 256), those idle the
 * longest are released, so that what the session holds is bounded by
 * what is alive plus usdtidle files.  now: boot time, ns.
 */
void
dt_usdt_sweep(dtrace_hdl_t *dtp, uint64_t now)
{
	usdt_state_t *us = usdt_state(dtp);
	bool check = now - us->us_checked >= DT_USDT_CHECK;
	dt_usdtfile_t *uf, *next;
	unsigned int nidle = 0;

	if (check)
		us->us_checked = now;
	for (uf = us->us_files; uf != NULL; uf = next) {
		bool used = false;

		next = uf->uf_next;
		for (const dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL &&
		    !used; pm = pm->pm_next)
			used = pm->pm_pid != 0 && pm->pm_elf == uf->uf_elf;
		if (used) {
			uf->uf_idle = 0;
			continue;
		}
		if (uf->uf_idle == 0)
			uf->uf_idle = now;
		if (check && dt_elf_changed(uf->uf_elf))
			file_release(dtp, uf);
		else
			nidle++;
	}
	while (nidle > dtp->dt_opts.op_usdtidle) {
		dt_usdtfile_t *oldest = NULL;

		for (uf = us->us_files; uf != NULL; uf = uf->uf_next) {
			if (uf->uf_idle != 0 && (oldest == NULL ||
			    uf->uf_idle < oldest->uf_idle))
				oldest = uf;
		}
		file_release(dtp, oldest);
		nidle--;
	}
}

/*
 * args[n] as the provider's declaration gives it: native argument m
 * (the trampoline reads arguments in native order, as the specs give
 * them) of its native type, a user string, or translated to the declared
 * type; -1 if none.
 */
static int
declared_argdesc(const dt_elfnote_t *en, int n, dt_argdesc_t *ad)
{
	const dt_elftypes_t *et = en->en_types;
	dt_argspec_t as;
	int m;

	if (et == NULL || n >= et->et_xargc)
		return (-1);
	m = et->et_xmap[n];
	as = (dt_argspec_t)DT_ARGX(et->et_xargv[n], et->et_nargv[m]);
	if (strcmp(et->et_xargv[n], et->et_nargv[m]) == 0)
		as.as_form = DT_ARG_VALUE;
	else if (strcmp(et->et_xargv[n], "string") == 0)
		as.as_form = DT_ARG_USTRING;
	dt_argdesc_set(ad, m, &as);
	return (0);
}

/*
 * args[n]: as declared (declared_argdesc()), else an integer of the
 * spec's size and sign (int8_t .. uint64_t); -1 (int64_t) past the note's
 * arguments.
 */
static int
usdt_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	usdt_state_t *us = usdt_state(dtp);
	uint32_t spec = prp->pr_tramp - DT_TRAMP_USDT;

	if (declared_argdesc((const dt_elfnote_t *)(uintptr_t)prp->pr_data, n,
	    ad) == 0)
		return (0);
	dt_usdtarg_t argv[DT_MAXARGS];
	const char *bad;
	size_t badlen;
	int nargs;

	if (spec >= us->us_nspecs || (nargs = args_parse(
	    us->us_specs[spec], argv, &bad, &badlen)) < 0 || n >= nargs)
		return (-1);
	char type[16];

	snprintf(type, sizeof (type), "%sint%d_t", argv[n].ua_signed ? "" :
	    "u", argv[n].ua_size * 8);
	dt_argdesc_value(ad, n, type);
	return (0);
}

static bool
usdt_modmatch(const dt_probe_t *prp, const char *mod)
{
	return (dt_pidmod_match((const dt_pidmod_t *)(uintptr_t)prp->pr_data2,
	    mod));
}

/* Sign- or zero-extend r1 from size bytes. */
static void
emit_extend(dt_asm_t *as, const dt_usdtarg_t *ua)
{
	int bits = 64 - 8 * ua->ua_size;

	if (bits == 0)
		return;
	dt_asm_emit(as, ALU_IMM(BPF_LSH, R1, bits));
	dt_asm_emit(as, ALU_IMM(ua->ua_signed ? BPF_ARSH : BPF_RSH, R1, bits));
}

/* Emit the ld_imm64 of map idx's descriptor into register r. */
static void
emit_map(dt_asm_t *as, int r, int idx)
{
	dt_asm_reloc(as, DT_REL_MAPFD);
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, r, BPF_PSEUDO_MAP_FD, 0,
	    idx));
	dt_asm_emit(as, INSN(0, 0, 0, 0, 0));
}

/*
 * A shared probe's firing: the cookie is its id.  The process's
 * usdt_prids entry, if its generation is the one usdt_gen holds for the
 * process, else the fallback entry (process id 0), gives ms_prid and
 * ms_clmask, and ms_provpid the process id; neither: the program
 * returns.  fp-16 holds the key.
 */
static void
shared_lookup(dt_asm_t *as)
{
	const int16_t kpid = -16, kprid = -12;
	int lfallback = dt_asm_label(as), lfound = dt_asm_label(as);

	dt_asm_emit(as, MOV_REG(R1, R6));
	dt_asm_emit(as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(as, STX(BPF_W, FP, kprid, R0));
	dt_asm_emit(as, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_asm_emit(as, ALU_IMM(BPF_RSH, R0, 32));
	dt_asm_emit(as, STX(BPF_W, FP, kpid, R0));
	emit_map(as, R1, DT_MAP_USDTGEN);
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, kpid));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	/* no generation: to the fallback */
	dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), lfallback);
	dt_asm_emit(as, LDX(BPF_W, BPF_REG_7, R0, 0));
	emit_map(as, R1, DT_MAP_USDTPRIDS);
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, kpid));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), lfallback);
	dt_asm_emit(as, LDX(BPF_W, R1, R0, (int16_t)offsetof(dt_usdtval_t,
	    uv_gen)));
	dt_asm_jump(as, JMP_REG(BPF_JEQ, R1, BPF_REG_7, 0), lfound);
	/* the fallback: probeprov ends with the process id (ms_provpid) */
	dt_asm_set(as, lfallback);
	dt_asm_emit(as, LDX(BPF_W, R1, FP, kpid));
	dt_asm_emit(as, STX(BPF_W, R9, MS_OFF(ms_provpid), R1));
	dt_asm_emit(as, ST_IMM(BPF_W, FP, kpid, DT_USDT_ANYPID));
	emit_map(as, R1, DT_MAP_USDTPRIDS);
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, kpid));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	dt_asm_jump(as, JMP_IMM(BPF_JNE, R0, 0, 0), lfound);
	dt_asm_emit(as, MOV_IMM(R0, 0));
	dt_asm_emit(as, EXIT());
	dt_asm_set(as, lfound);
	dt_asm_emit(as, LDX(BPF_W, R1, R0, (int16_t)offsetof(dt_usdtval_t,
	    uv_prid)));
	dt_asm_emit(as, STX(BPF_W, R9, MS_OFF(ms_prid), R1));
	dt_asm_emit(as, LDX(BPF_DW, R1, R0, (int16_t)offsetof(dt_usdtval_t,
	    uv_mask)));
	dt_asm_emit(as, STX(BPF_DW, R9, MS_OFF(ms_clmask), R1));
}

/*
 * r6 is the context (struct pt_regs), r9 the machine state.  A firing in
 * another process than the cookie's returns at once (a shared probe's:
 * one its usdt_prids entries do not serve); then each argument is read
 * as its spec says.
 */
static int
usdt_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	usdt_state_t *us = usdt_state(dtp);
	const int16_t a = MS_OFF(ms_argv);
	dt_usdtarg_t argv[DT_MAXARGS];
	const char *bad;
	size_t badlen;
	uint32_t spec = pgp->pg_tramp - DT_TRAMP_USDT;
	dt_asm_t as;
	int nargs;

	if (spec >= us->us_nspecs || (nargs = args_parse(
	    us->us_specs[spec], argv, &bad, &badlen)) < 0)
		return (dt_set_errmsg(dtp, EDT_BPF, "no USDT argument spec %u",
		    spec));
	dt_asm_init(&as, dtp, blk, "trampoline");
	if (pgp->pg_shared) {
		shared_lookup(&as);
	} else {
		int lmine = dt_asm_label(&as);

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
	}
	for (int i = 0; i < nargs; i++) {
		const dt_usdtarg_t *ua = &argv[i];

		switch (ua->ua_kind) {
		case UA_REG:
			dt_asm_emit(&as, LDX(BPF_DW, R1, R6, ua->ua_reg));
			if (ua->ua_shift != 0)
				dt_asm_emit(&as, ALU_IMM(BPF_RSH, R1,
				    ua->ua_shift));
			break;
		case UA_CONST:
			dt_asm_emit(&as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1, 0,
			    0, (int32_t)(uint32_t)ua->ua_val));
			dt_asm_emit(&as, INSN(0, 0, 0, 0, (int32_t)(uint32_t)
			    ((uint64_t)ua->ua_val >> 32)));
			break;
		case UA_MEM:
			dt_asm_emit(&as, LDX(BPF_DW, R3, R6, ua->ua_reg));
			if (ua->ua_index >= 0) {
				dt_asm_emit(&as, LDX(BPF_DW, R1, R6,
				    ua->ua_index));
				dt_asm_emit(&as, ALU_IMM(BPF_LSH, R1,
				    ua->ua_scale));
				dt_asm_emit(&as, ALU_REG(BPF_ADD, R3, R1));
			}
			if (ua->ua_val != 0)
				dt_asm_emit(&as, ALU_IMM(BPF_ADD, R3,
				    (int32_t)ua->ua_val));
			dt_asm_emit(&as, ST_IMM(BPF_DW, FP, -16, 0));
			dt_asm_emit(&as, MOV_REG(R1, FP));
			dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, -16));
			dt_asm_emit(&as, MOV_IMM(R2, ua->ua_size));
			/* a read that fails leaves the 0 */
			dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_user));
			dt_asm_emit(&as, LDX(BPF_DW, R1, FP, -16));
			break;
		}
		emit_extend(&as, ua);
		dt_asm_emit(&as, STX(BPF_DW, R9, a + i * 8, R1));
	}
	for (int i = nargs; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	pgp->pg_attachtype = DT_BPF_TRACE_UPROBE_MULTI;
	return (dt_asm_end(&as));
}

/*
 * Attach a shared probe's program to it and to every other shared probe
 * of the same file, spec and clauses not attached yet: one uprobe_multi
 * link without a process filter (every process that maps the file fires
 * it, also those that start later), its shared probe id as each site's
 * cookie and the semaphores as reference counters (the kernel counts
 * each up in every process it places the uprobe in).  The link is the
 * session's, through the descriptor the file's notes were read from: the
 * process that showed the file may be gone.
 */
static int
shared_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	const dt_pidmod_t *pm = (const dt_pidmod_t *)(uintptr_t)prp->pr_data2;
	dt_usdtfile_t *uf = file_find(dtp, pm->pm_elf);
	uint64_t *offs, *refs, *cookies;
	unsigned int nfds;
	uint32_t n = 0;
	int rv;

	if (uf == NULL)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "no file for shared "
		    "USDT probe %u", prp->pr_desc.id));
	offs = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	refs = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	cookies = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	if (offs == NULL || refs == NULL || cookies == NULL) {
		free(offs);
		free(refs);
		free(cookies);
		return (-1);
	}
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *q = dtp->dt_probes[i];
		const dt_elfnote_t *en;

		if (q->pr_prov != &dt_prov_usdt || !q->pr_shared ||
		    q->pr_attached || ((const dt_pidmod_t *)(uintptr_t)
		    q->pr_data2)->pm_elf != pm->pm_elf ||
		    q->pr_tramp != prp->pr_tramp ||
		    !dt_probe_same_clauses(prp, q))
			continue;
		en = (const dt_elfnote_t *)(uintptr_t)q->pr_data;
		offs[n] = en->en_off;
		refs[n] = en->en_sema;
		cookies[n++] = q->pr_desc.id;
		q->pr_attached = true;
	}
	nfds = dtp->dt_nattfds;
	rv = dt_uprobes_attach(dtp, pgp->pg_fd, uf->uf_elf->ef_path, offs, refs,
	    cookies, n, false, 0);
	free(offs);
	free(refs);
	free(cookies);
	if (rv == 0 && dtp->dt_nattfds > nfds) {
		/* the file's: closed when it is released */
		int *fds = realloc(uf->uf_fds, (uf->uf_nfds +
		    dtp->dt_nattfds - nfds) * sizeof (int));

		if (fds != NULL) {
			memcpy(fds + uf->uf_nfds, dtp->dt_attfds + nfds,
			    (dtp->dt_nattfds - nfds) * sizeof (int));
			uf->uf_fds = fds;
			uf->uf_nfds += dtp->dt_nattfds - nfds;
		}
	}
	if (rv != 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach %u shared "
		    "USDT probe%s to %s: %s", n, n == 1 ? "" : "s",
		    pm->pm_file, strerror(errno)));
	return (0);
}

/*
 * Attach the program to the probe and every other probe of the same
 * module, spec and clauses (which share its program) in one uprobe_multi
 * link filtered by the process id, with the semaphores as reference
 * counters.
 */
static int
usdt_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	const dt_pidmod_t *pm = (const dt_pidmod_t *)(uintptr_t)prp->pr_data2;
	uint64_t *offs, *refs, *cookies;
	uint32_t n = 0;
	int rv;

	if (prp->pr_attached)
		return (0);
	if (prp->pr_shared)
		return (shared_attach(dtp, prp, pgp));
	offs = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	refs = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	cookies = dt_zalloc(dtp, dtp->dt_nprobes * sizeof (uint64_t));
	if (offs == NULL || refs == NULL || cookies == NULL) {
		free(offs);
		free(refs);
		free(cookies);
		return (-1);
	}
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *q = dtp->dt_probes[i];
		const dt_elfnote_t *en;

		if (q->pr_prov != &dt_prov_usdt || q->pr_attached ||
		    q->pr_data2 != prp->pr_data2 ||
		    q->pr_tramp != prp->pr_tramp ||
		    !dt_probe_same_clauses(prp, q))
			continue;
		en = (const dt_elfnote_t *)(uintptr_t)q->pr_data;
		offs[n] = en->en_off;
		refs[n] = en->en_sema;
		cookies[n++] = q->pr_desc.id | ((uint64_t)(uint32_t)
		    pm->pm_pid << 32);
		q->pr_attached = true;
	}
	rv = dt_uprobes_attach(dtp, pgp->pg_fd, pm->pm_elf->ef_path, offs, refs,
	    cookies, n, false, pm->pm_pid);
	free(offs);
	free(refs);
	free(cookies);
	if (rv != 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach %u USDT "
		    "probe%s to %s of process %d: %s", n, n == 1 ? "" : "s",
		    pm->pm_file, (int)pm->pm_pid, strerror(errno)));
	return (0);
}

/*
 * pv_arm: a file with notes, known to the registry, that no process of
 * the session maps (yet): the shared probes of the notes that the
 * descriptions naming no process may name are made and enabled, so that
 * the file's next process fires them from its first firing.  Its notes
 * are the session's own reading of the file, through the descriptor that
 * will be attached (ef_fd).  The file is idle (dt_usdt_sweep()) until a
 * process maps it.
 */
static int
usdt_arm(dtrace_hdl_t *dtp, const dt_elf_t *ef, const char *path)
{
	dt_pidmod_t pm = { 0 };
	const char *base = strrchr(path, '/');
	dt_usdtfile_t *uf = file_find(dtp, ef);

	pm.pm_path = (char *)(uintptr_t)path;	/* copied by shared_get() */
	pm.pm_file = path;
	pm.pm_name = base != NULL ? base + 1 : path;
	pm.pm_dev = ef->ef_dev;
	pm.pm_ino = ef->ef_ino;
	pm.pm_elf = ef;
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		const dt_elfnote_t *en = &ef->ef_notes[i];
		char spec[1024];
		const char *bad;
		size_t badlen;
		uint32_t tramp;
		bool may = false, none;

		if (uf != NULL && uf->uf_prids[i] != 0)
			continue;
		for (unsigned int c = 0; c < dtp->dt_nclauses && !may; c++) {
			const dt_clause_t *dcp = dtp->dt_clauses[c];

			for (unsigned int d = 0; d < dcp->dc_ndescs && !may;
			    d++)
				may = dt_discover_wants(dtp,
				    &dcp->dc_descs[d]) &&
				    desc_site(&dcp->dc_descs[d], &pm, en, true);
		}
		/* a note not understood: said when a process runs it */
		if (!may || dt_usdt_note_args(&pm, en, spec, sizeof (spec),
		    &bad, &badlen) < 0)
			continue;
		if (spec_tramp(dtp, spec, &tramp) != 0 ||
		    (shared_get(dtp, &pm, i, tramp, &none) == NULL && !none))
			return (-1);
		uf = file_find(dtp, ef);
	}
	return (0);
}

/* pv_armable: may a description naming no process name provider prov? */
static bool
usdt_armable(dtrace_hdl_t *dtp, const char *prov)
{
	for (unsigned int c = 0; c < dtp->dt_nclauses; c++) {
		const dt_clause_t *dcp = dtp->dt_clauses[c];

		for (unsigned int d = 0; d < dcp->dc_ndescs; d++) {
			if (dt_discover_wants(dtp, &dcp->dc_descs[d]) &&
			    dt_note_provmay(prov, dcp->dc_descs[d].prv))
				return (true);
		}
	}
	return (false);
}

/* pv_init: nothing made yet. */
static int
usdt_init(dtrace_hdl_t *dtp, void **datap)
{
	return ((*datap = dt_zalloc(dtp, sizeof (usdt_state_t))) == NULL ?
	    -1 : 0);
}

/* pv_fini: pairs with usdt_init(). */
static void
usdt_fini(dtrace_hdl_t *dtp, void *data)
{
	usdt_state_t *us = data;

	(void) dtp;
	if (us == NULL)
		return;
	for (uint32_t i = 0; i < us->us_nspecs; i++)
		free(us->us_specs[i]);
	free(us->us_specs);
	while (us->us_files != NULL) {
		dt_usdtfile_t *uf = us->us_files;

		us->us_files = uf->uf_next;
		free(uf->uf_mod.pm_path);
		free(uf->uf_fds);
		free(uf->uf_prids);
		free(uf);
	}
	for (unsigned int h = 0; us->us_over != NULL && h < DT_USDT_HASH;
	    h++) {
		while (us->us_over[h] != NULL) {
			dt_usdtover_t *uo = us->us_over[h];

			us->us_over[h] = uo->uo_next;
			free(uo);
		}
	}
	free(us->us_over);
	free(us->us_ents);
	free(us);
}

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t usdt_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA)
};

const dt_provider_t dt_prov_usdt = {
	.pv_name = "usdt",
	.pv_attr = &usdt_attr,
	.pv_progtype = BPF_PROG_TYPE_KPROBE,
	.pv_provide = usdt_provide,
	.pv_argdesc = usdt_argdesc,
	.pv_trampoline = usdt_trampoline,
	.pv_attach = usdt_attach,
	.pv_anyprov = true,
	.pv_modmatch = usdt_modmatch,
	.pv_discover = usdt_discover,
	.pv_forget = usdt_forget,
	.pv_share = usdt_share,
	.pv_armable = usdt_armable,
	.pv_arm = usdt_arm,
	.pv_init = usdt_init,
	.pv_fini = usdt_fini,
	.pv_overlying = usdt_overlying,
};
