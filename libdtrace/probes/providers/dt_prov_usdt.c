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
 * turned into "-".  A probe is one whatever the number of its sites: the
 * notes of one provider, function and name in a file are one probe
 * (probe_make()), fired by each.  Probes are created on demand by
 * provide(), for the
 * processes of the session (-c, -p; myprov$target expands to myprov1234 in
 * the parser) and, for a description whose provider is literal, for the
 * process whose id ends it (myprov1234 with 1234 not grabbed); for
 * processes started while tracing runs, by discover() (probes/dt_discover.c)
 * for descriptions whose provider is empty or a glob.  The modules and
 * ELF files are the process layer's (proc/dt_pidmod.c: dt_pidmods_read(),
 * dt_pidmod_notes()), shared with the pid provider: one read of a file
 * gives both its symbols and its notes (dt_elf.c).
 *
 * Attaching is the pid provider's: the sites of one module that share a
 * program are one uprobe_multi link with the process id as its filter, a
 * BPF cookie each (probe id, process id, the site's variant: the index of
 * its argument spec among those of the probe's sites).  A note with a semaphore passes
 * its file offset as the uprobe's reference counter: the kernel counts it
 * up in the traced process while the uprobe is attached, so the program's
 * PROVIDER_NAME_ENABLED() is true while it is traced, and counts it down
 * when the link is closed.
 *
 * The provider is three files: this one (the vtable, probes of processes,
 * trampolines, attaching), dt_prov_usdt_args.c (the argument specs) and
 * dt_prov_usdt_shared.c (the shared probes of files); dt_prov_usdt_impl.h
 * holds what they share.
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

#include "dt_prov_usdt_impl.h"
#include "../../dlang/dt_clause.h"

/* How often the files no process maps are checked for changes (ns). */
#define DT_USDT_CHECK	100000000ULL

usdt_state_t *
dt_usdt_state(dtrace_hdl_t *dtp)
{
	return (dt_provdata(dtp, &dt_prov_usdt));
}

/* Are two notes sites of one probe (provider, function and name)? */
bool
dt_usdt_same_probe(const dt_elfnote_t *a, const dt_elfnote_t *b)
{
	return (strcmp(a->en_prov, b->en_prov) == 0 &&
	    strcmp(a->en_func, b->en_func) == 0 &&
	    strcmp(a->en_name, b->en_name) == 0);
}

/*
 * The variant of spec in specs (distinct specs, one a line): its index,
 * or -1 if not there.
 */
int
dt_usdt_spec_variant(const char *specs, const char *spec)
{
	size_t len = strlen(spec);
	int v = 0;

	for (const char *s = specs; s != NULL; v++) {
		const char *nl = strchr(s, '\n');
		size_t slen = nl != NULL ? (size_t)(nl - s) : strlen(s);

		if (slen == len && strncmp(s, spec, len) == 0)
			return (v);
		s = nl != NULL ? nl + 1 : NULL;
	}
	return (-1);
}

/*
 * The probe of note i of module pm and of every other note of the same
 * provider, function and name not made yet: DTrace has one probe per
 * provider, module, function and name, however many places in the
 * function fire it.  Its trampoline kind is that of the distinct
 * argument specs of its sites, one a line (a site's index among them is
 * its variant, in its cookie: usdt_attach()).  A site whose spec is not
 * understood is skipped with a warning.
 */
static int
probe_make(dtrace_hdl_t *dtp, dt_pidmod_t *pm, size_t i, const char *prov)
{
	const dt_elf_t *ef = pm->pm_elf;
	const dt_elfnote_t *en = &ef->ef_notes[i];
	char *specs = NULL;
	size_t slen = 0;
	unsigned int nsites = 0, nvar = 0;
	uint32_t tramp = 0;
	dt_probe_t *prp;
	int rv = -1;

	for (size_t j = i; j < ef->ef_nnotes; j++) {
		const dt_elfnote_t *ej = &ef->ef_notes[j];
		char spec[1024], *ns;
		const char *bad;
		size_t badlen, len;

		if (pm->pm_usdt[j] != 0 || !dt_usdt_same_probe(en, ej))
			continue;
		if (dt_usdt_site_args(pm, ej, spec, sizeof (spec), &bad,
		    &badlen) < 0) {
			dt_elf_warn(dtp, ef, pm->pm_file, "USDT probe "
			    "%s:%s is skipped: argument \"%.*s\" is not "
			    "understood", ej->en_prov, ej->en_name,
			    (int)badlen, bad);
			pm->pm_usdt[j] = DT_USDT_SKIPPED;
			continue;
		}
		nsites++;
		if (specs != NULL && dt_usdt_spec_variant(specs, spec) >= 0)
			continue;
		if (nvar == DT_USDT_MAXVAR) {
			dt_elf_warn(dtp, ef, pm->pm_file, "a site of USDT "
			    "probe %s:%s is skipped: more than %d argument "
			    "specs", ej->en_prov, ej->en_name,
			    DT_USDT_MAXVAR);
			pm->pm_usdt[j] = DT_USDT_SKIPPED;
			nsites--;
			continue;
		}
		len = strlen(spec);
		if ((ns = realloc(specs, slen + len + 2)) == NULL) {
			dt_set_errno(dtp, EDT_NOMEM);
			goto out;
		}
		specs = ns;
		if (slen != 0)
			specs[slen++] = '\n';
		memcpy(specs + slen, spec, len + 1);
		slen += len;
		nvar++;
	}
	if (nsites == 0) {
		rv = 0;
		goto out;
	}
	if (dt_usdt_spec_tramp(dtp, specs, &tramp) != 0 ||
	    (prp = dt_probe_create(dtp, &dt_prov_usdt, pm->pm_name,
	    en->en_func, en->en_name)) == NULL)
		goto out;
	snprintf(prp->pr_desc.prv, sizeof (prp->pr_desc.prv), "%s", prov);
	prp->pr_data = (uint64_t)(uintptr_t)en;
	prp->pr_data2 = (uint64_t)(uintptr_t)pm;
	prp->pr_tramp = tramp;
	for (size_t j = i; j < ef->ef_nnotes; j++) {
		if (pm->pm_usdt[j] == 0 &&
		    dt_usdt_same_probe(en, &ef->ef_notes[j]))
			pm->pm_usdt[j] = prp->pr_desc.id;
	}
	rv = 0;
out:
	free(specs);
	return (rv);
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
			char prov[DTRACE_PROVNAMELEN];

			snprintf(prov, sizeof (prov), "%s%d", en->en_prov,
			    (int)pid);
			if (pm->pm_usdt[i] != 0 || !dt_gmatch(prov, pdp->prv) ||
			    !dt_gmatch(en->en_func, pdp->fun) ||
			    !dt_gmatch(en->en_name, pdp->prb))
				continue;
			if (probe_make(dtp, pm, i, prov) != 0)
				return (-1);
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

	if (prv[0] == '\0' || dt_usdt_has_glob(prv)) {
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
 * A process started while tracing runs (probes/dt_discover.c): its probes
 * that a description naming no process (myprov*:::name, :::name) names.
 * A file of it whose notes no description of the session can name
 * (libstdc++'s, for myprov*:::) is remembered with those that have none,
 * so that discovery does not read it again (dt_elf_nonotes_add()).
 */
static int
usdt_discover(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, pid_t pid)
{
	if (pdp->prv[0] != '\0' && !dt_usdt_has_glob(pdp->prv))
		return (0);
	if (provide_pid(dtp, pdp, pid, false) != 0)
		return (-1);
	for (dt_pidmod_t *pm = dt_pidmods(dtp); pm != NULL; pm = pm->pm_next) {
		if (pm->pm_pid == pid && pm->pm_elf != NULL &&
		    pm->pm_elf->ef_nnotes > 0 && !dt_usdt_file_named(dtp,
		    pm->pm_elf))
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
	usdt_state_t *us = dt_usdt_state(dtp);
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
		dt_usdtover_t **uop = &us->us_over[dt_usdt_over_hash(pid)], *uo;

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
 * A file with shared probes stays armed while it is what was read (the
 * same device, inode, size and modification time) and not deleted, so
 * that the next process of a binary the session knows is traced from
 * its first firing, however long after the last one it starts.  The
 * files that no process of the session maps (as far as discovery knows)
 * and that no firing named since (dt_usdt_overlying()) are idle: every
 * DT_USDT_CHECK, an idle file deleted, renamed over or written in place
 * is released (its processes to come are new files to discovery); and
 * beyond usdtidle idle files (option, default 256), those idle the
 * longest are released, so that what the session holds is bounded by
 * what is alive plus usdtidle files.  now: boot time, ns.
 */
void
dt_usdt_sweep(dtrace_hdl_t *dtp, uint64_t now)
{
	usdt_state_t *us = dt_usdt_state(dtp);
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
			dt_usdt_file_release(dtp, uf);
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
		dt_usdt_file_release(dtp, oldest);
		nidle--;
	}
}

/*
 * args[n] as the provider's declaration gives it: of the native type of
 * the native argument it maps to, a user string, or translated to the
 * declared type; -1 if none.  The trampoline reads the arguments in the
 * declaration's order already (dt_usdt_site_args()): args[n] is argn.
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
	dt_argdesc_set(ad, n, &as);
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
	usdt_state_t *us = dt_usdt_state(dtp);
	uint32_t spec = prp->pr_tramp - DT_TRAMP_USDT;

	if (declared_argdesc((const dt_elfnote_t *)(uintptr_t)prp->pr_data, n,
	    ad) == 0)
		return (0);
	dt_usdtarg_t argv[DT_MAXARGS];
	int nargs;

	/* the sites of one probe have the same sizes: the first's */
	if (spec >= us->us_nspecs || (nargs = dt_usdt_variant_parse(
	    us->us_specs[spec], 0, argv)) < 0 || n >= nargs)
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
void
dt_usdt_emit_map(dt_asm_t *as, int r, int idx)
{
	dt_asm_reloc(as, DT_REL_MAPFD);
	dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, r, BPF_PSEUDO_MAP_FD, 0,
	    idx));
	dt_asm_emit(as, INSN(0, 0, 0, 0, 0));
}

/* Read each argument as its spec says into the machine state's argv. */
static void
emit_args(dt_asm_t *as, const dt_usdtarg_t *argv, int nargs)
{
	const int16_t a = MS_OFF(ms_argv);

	for (int i = 0; i < nargs; i++) {
		const dt_usdtarg_t *ua = &argv[i];

		switch (ua->ua_kind) {
		case UA_REG:
			dt_asm_emit(as, LDX(BPF_DW, R1, R6, ua->ua_reg));
			if (ua->ua_shift != 0)
				dt_asm_emit(as, ALU_IMM(BPF_RSH, R1,
				    ua->ua_shift));
			break;
		case UA_CONST:
			dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R1, 0,
			    0, (int32_t)(uint32_t)ua->ua_val));
			dt_asm_emit(as, INSN(0, 0, 0, 0, (int32_t)(uint32_t)
			    ((uint64_t)ua->ua_val >> 32)));
			break;
		case UA_MEM:
			dt_asm_emit(as, LDX(BPF_DW, R3, R6, ua->ua_reg));
			if (ua->ua_index >= 0) {
				dt_asm_emit(as, LDX(BPF_DW, R1, R6,
				    ua->ua_index));
				dt_asm_emit(as, ALU_IMM(BPF_LSH, R1,
				    ua->ua_scale));
				dt_asm_emit(as, ALU_REG(BPF_ADD, R3, R1));
			}
			if (ua->ua_val != 0)
				dt_asm_emit(as, ALU_IMM(BPF_ADD, R3,
				    (int32_t)ua->ua_val));
			dt_asm_emit(as, ST_IMM(BPF_DW, FP, -16, 0));
			dt_asm_emit(as, MOV_REG(R1, FP));
			dt_asm_emit(as, ALU_IMM(BPF_ADD, R1, -16));
			dt_asm_emit(as, MOV_IMM(R2, ua->ua_size));
			/* a read that fails leaves the 0 */
			dt_asm_emit(as, CALL(BPF_FUNC_probe_read_user));
			dt_asm_emit(as, LDX(BPF_DW, R1, FP, -16));
			break;
		}
		emit_extend(as, ua);
		dt_asm_emit(as, STX(BPF_DW, R9, a + i * 8, R1));
	}
	for (int i = nargs; i < DT_MAXARGS; i++)
		dt_asm_emit(as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
}

/*
 * r6 is the context (struct pt_regs), r9 the machine state.  A firing in
 * another process than the cookie's returns at once (a shared probe's:
 * one its usdt_prids entries do not serve); then each argument is read
 * as its spec says: the spec of the site's variant (in its cookie, kept
 * at fp-24) when the probe's sites have several.
 */
static int
usdt_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	usdt_state_t *us = dt_usdt_state(dtp);
	dt_usdtarg_t argv[DT_MAXARGS];
	uint32_t spec = pgp->pg_tramp - DT_TRAMP_USDT;
	dt_asm_t as;
	int nvar, ldone;

	if (spec >= us->us_nspecs)
		return (dt_set_errmsg(dtp, EDT_BPF, "no USDT argument spec %u",
		    spec));
	nvar = dt_usdt_variants(us->us_specs[spec]);
	for (int v = 0; v < nvar; v++) {
		if (dt_usdt_variant_parse(us->us_specs[spec], v, argv) < 0)
			return (dt_set_errmsg(dtp, EDT_BPF, "no USDT argument "
			    "spec %u.%d", spec, v));
	}
	dt_asm_init(&as, dtp, blk, "trampoline");
	if (pgp->pg_shared) {
		dt_usdt_shared_lookup(&as);
		nvar = 1;	/* one site each */
	} else {
		int lmine = dt_asm_label(&as);

		dt_asm_emit(&as, MOV_REG(R1, R6));
		dt_asm_emit(&as, CALL(BPF_FUNC_get_attach_cookie));
		dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
		dt_asm_emit(&as, MOV_REG(BPF_REG_7, R0));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, BPF_REG_7, 32));
		dt_asm_emit(&as, MOV_REG(R1, BPF_REG_7));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, R1, DT_USDT_PIDBITS));
		dt_asm_emit(&as, STX(BPF_W, FP, -24, R1));
		dt_asm_emit(&as, ALU_IMM(BPF_AND, BPF_REG_7,
		    (1 << DT_USDT_PIDBITS) - 1));
		dt_asm_emit(&as, CALL(BPF_FUNC_get_current_pid_tgid));
		dt_asm_emit(&as, ALU_IMM(BPF_RSH, R0, 32));
		dt_asm_jump(&as, JMP_REG(BPF_JEQ, R0, BPF_REG_7, 0), lmine);
		dt_asm_emit(&as, MOV_IMM(R0, 0));
		dt_asm_emit(&as, EXIT());
		dt_asm_set(&as, lmine);
	}
	ldone = dt_asm_label(&as);
	for (int v = 0; v < nvar; v++) {
		int nargs = dt_usdt_variant_parse(us->us_specs[spec], v, argv);
		int lnext = v < nvar - 1 ? dt_asm_label(&as) : -1;

		if (v < nvar - 1) {
			dt_asm_emit(&as, LDX(BPF_W, R1, FP, -24));
			dt_asm_jump(&as, JMP_IMM(BPF_JNE, R1, v, 0), lnext);
		}
		emit_args(&as, argv, nargs);
		if (v < nvar - 1) {
			dt_asm_jump(&as, JA(), ldone);
			dt_asm_set(&as, lnext);
		}
	}
	dt_asm_set(&as, ldone);
	pgp->pg_attachtype = DT_BPF_TRACE_UPROBE_MULTI;
	return (dt_asm_end(&as));
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
	usdt_state_t *us = dt_usdt_state(dtp);
	const dt_pidmod_t *pm = (const dt_pidmod_t *)(uintptr_t)prp->pr_data2;
	const dt_elf_t *ef = pm->pm_elf;
	const char *specs;
	dt_usdtsites_t ss;
	int rv;

	if (prp->pr_attached)
		return (0);
	if (prp->pr_shared)
		return (dt_usdt_shared_attach(dtp, prp, pgp));
	if (prp->pr_tramp - DT_TRAMP_USDT >= us->us_nspecs)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "no USDT argument spec "
		    "for probe %u", prp->pr_desc.id));
	specs = us->us_specs[prp->pr_tramp - DT_TRAMP_USDT];
	if (dt_usdt_sites_init(dtp, &ss, ef->ef_nnotes) != 0)
		return (-1);
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *q = dtp->dt_probes[i];
		uint64_t hi;

		if (q->pr_prov != &dt_prov_usdt || q->pr_attached ||
		    q->pr_data2 != prp->pr_data2 ||
		    q->pr_tramp != prp->pr_tramp ||
		    !dt_probe_same_clauses(dtp, prp, q))
			continue;
		hi = (uint64_t)(uint32_t)pm->pm_pid << 32;
		for (size_t j = 0; j < ef->ef_nnotes; j++) {
			const dt_elfnote_t *en = &ef->ef_notes[j];
			char spec[1024];
			const char *bad;
			size_t badlen;
			int v = 0;

			if (pm->pm_usdt[j] != q->pr_desc.id)
				continue;
			if (strchr(specs, '\n') != NULL &&
			    (dt_usdt_site_args(pm, en, spec, sizeof (spec),
			    &bad, &badlen) < 0 ||
			    (v = dt_usdt_spec_variant(specs, spec)) < 0))
				continue;	/* cannot be: made so */
			dt_usdt_sites_add(&ss, en, q->pr_desc.id | hi |
			    (uint64_t)v << (32 + DT_USDT_PIDBITS));
		}
		q->pr_attached = true;
	}
	rv = dt_uprobes_attach(dtp, pgp->pg_fd, ef->ef_path, ss.ss_offs,
	    ss.ss_refs, ss.ss_cookies, ss.ss_n, false,
	    pm->pm_pid);
	dt_usdt_sites_fini(&ss);
	if (rv != 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach %u USDT "
		    "probe site%s to %s of process %d: %s", ss.ss_n,
		    ss.ss_n == 1 ? "" : "s", pm->pm_file,
		    (int)pm->pm_pid, strerror(errno)));
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
	dt_usdtfile_t *uf = dt_usdt_file_find(dtp, ef);

	/* copied by dt_usdt_shared_get() */
	pm.pm_path = (char *)(uintptr_t)path;
	pm.pm_file = path;
	pm.pm_name = base != NULL ? base + 1 : path;
	pm.pm_dev = ef->ef_dev;
	pm.pm_ino = ef->ef_ino;
	pm.pm_elf = ef;
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		const dt_elfnote_t *en = &ef->ef_notes[i];
		uint32_t tramp;
		bool may = false, none;
		int rv;

		if (uf != NULL && uf->uf_prids[i] != 0)
			continue;
		for (unsigned int c = 0; c < dtp->dt_nclauses && !may; c++) {
			const dt_clause_t *dcp = dtp->dt_clauses[c];

			for (unsigned int d = 0; d < dcp->dc_ndescs && !may;
			    d++)
				may = dt_discover_wants(dtp,
				    &dcp->dc_descs[d]) &&
				    dt_usdt_desc_site(&dcp->dc_descs[d], &pm,
				    en, true);
		}
		/* a note not understood: said when a process runs it */
		if (!may || (rv = dt_usdt_site_tramp(dtp, &pm, en,
		    &tramp)) > 0)
			continue;
		if (rv != 0 || (dt_usdt_shared_get(dtp, &pm, i, tramp, &none) == NULL
		    && !none))
			return (-1);
		uf = dt_usdt_file_find(dtp, ef);
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

/*
 * Stability: provider, module, function, name, arguments (dt_attr.c).
 * The notes carry no attributes: the arguments are Private, as DTrace
 * reports them for a provider whose definition declares none.
 */
static const dt_pattr_t usdt_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN)
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
	.pv_share = dt_usdt_share,
	.pv_armable = usdt_armable,
	.pv_arm = usdt_arm,
	.pv_init = usdt_init,
	.pv_fini = usdt_fini,
	.pv_overlying = dt_usdt_overlying,
};
