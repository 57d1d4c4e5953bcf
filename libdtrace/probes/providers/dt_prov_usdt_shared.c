/*
 * dt_prov_usdt_shared.c: the USDT provider's shared probes, one per
 * (file, note), which serve every process that maps the file
 * (dt_prov_usdt.c has the provider).
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

#include "dt_prov_usdt_impl.h"
#include "../../dlang/dt_clause.h"

bool
dt_usdt_has_glob(const char *s)
{
	return (strpbrk(s, "*?[\\") != NULL);
}

/* ---- shared probes (see the comment at the top) ------------------------- */

/*
 * A process's probes on shared probes are in the bucket of its id, so
 * that its exit (usdt_forget(), for every process that exits while
 * discovery runs) looks at one bucket, not all of them.
 */
unsigned int
dt_usdt_over_hash(pid_t pid)
{
	return (((uint32_t)pid * 2654435761U) >> 12) % DT_USDT_HASH;
}

static dt_usdtover_t *
over_find(dtrace_hdl_t *dtp, pid_t pid, uint32_t shared)
{
	usdt_state_t *us = dt_usdt_state(dtp);

	if (us->us_over == NULL)
		return (NULL);
	for (dt_usdtover_t *uo = us->us_over[dt_usdt_over_hash(pid)];
	    uo != NULL; uo = uo->uo_next) {
		if (uo->uo_pid == pid && uo->uo_shared == shared)
			return (uo);
	}
	return (NULL);
}

static int
over_add(dtrace_hdl_t *dtp, pid_t pid, uint32_t shared, uint32_t prid)
{
	usdt_state_t *us = dt_usdt_state(dtp);
	dt_usdtover_t *uo;
	unsigned int h = dt_usdt_over_hash(pid);

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

dt_usdtfile_t *
dt_usdt_file_find(dtrace_hdl_t *dtp, const dt_elf_t *ef)
{
	usdt_state_t *us = dt_usdt_state(dtp);

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
bool
dt_usdt_desc_site(const dtrace_probedesc_t *pdp, const dt_pidmod_t *pm,
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
	usdt_state_t *us = dt_usdt_state(dtp);
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
dt_probe_t *
dt_usdt_shared_get(dtrace_hdl_t *dtp, dt_pidmod_t *pm, size_t i, uint32_t tramp,
    bool *none)
{
	usdt_state_t *us = dt_usdt_state(dtp);
	const dt_elfnote_t *en = &pm->pm_elf->ef_notes[i];
	dt_usdtfile_t *uf = dt_usdt_file_find(dtp, pm->pm_elf);
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
		/* released by dt_usdt_file_release() */
		dt_elf_hold(uf->uf_elf);
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
			may |= dt_usdt_desc_site(pdp, pm, en, true);
			any |= dt_usdt_desc_site(pdp, pm, en, false);
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
			    dt_usdt_desc_site(&dcp->dc_descs[d], pm, en,
			    true)) {
				if (dt_probe_enable(dtp, prp, c, false) != 0)
					return (NULL);
				break;
			}
		}
	}
	uf->uf_prids[i] = prp->pr_desc.id;
	uv.uv_prid = prp->pr_desc.id;
	/*
	 * The sites of one probe are one probe in a process not discovered
	 * yet too: the fallback entry names the shared probe of its first
	 * site (made first: share() and arm() go by note), so that id is
	 * the same whichever site fires.
	 */
	for (size_t j = 0; j < i; j++) {
		uint32_t id = uf->uf_prids[j];

		if (id != 0 && id != DT_USDT_NOSHARE &&
		    dt_usdt_same_probe(en, &pm->pm_elf->ef_notes[j])) {
			uv.uv_prid = id;
			break;
		}
	}
	if (uv.uv_mask != 0 &&
	    prids_update(dtp, DT_USDT_ANYPID, prp->pr_desc.id, &uv) != 0)
		return (NULL);
	return (prp);
}

/*
 * The trampoline kind of site en of module pm alone (a shared probe
 * serves one site): 0, 1 if its spec is not understood (skipped), -1 on
 * error.
 */
int
dt_usdt_site_tramp(dtrace_hdl_t *dtp, const dt_pidmod_t *pm,
    const dt_elfnote_t *en, uint32_t *tramp)
{
	char spec[1024];
	const char *bad;
	size_t badlen;

	if (dt_usdt_site_args(pm, en, spec, sizeof (spec), &bad, &badlen) < 0)
		return (1);
	return (dt_usdt_spec_tramp(dtp, spec, tramp));
}

/* The shared probe of site (note) i of pm, as dt_usdt_shared_get(). */
static dt_probe_t *
site_shared(dtrace_hdl_t *dtp, dt_pidmod_t *pm, size_t i, bool *none)
{
	uint32_t tramp;
	int rv;

	*none = false;
	if ((rv = dt_usdt_site_tramp(dtp, pm, &pm->pm_elf->ef_notes[i],
	    &tramp)) != 0) {
		*none = rv > 0;
		return (NULL);
	}
	return (dt_usdt_shared_get(dtp, pm, i, tramp, none));
}

/* The generation of the process's entries: its own, or a new one. */
static uint32_t
gen_of(dtrace_hdl_t *dtp, pid_t pid)
{
	usdt_state_t *us = dt_usdt_state(dtp);

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
int
dt_usdt_share(dtrace_hdl_t *dtp, uint64_t first)
{
	usdt_state_t *us = dt_usdt_state(dtp);
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
		unsigned int keep = 0, nserved = 0, served[DT_USDT_MAXCL];
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
		if ((sh = site_shared(dtp, pm, ni, &none)) == NULL) {
			if (none)
				continue;
			return (-1);
		}
		for (unsigned int c = 0; c < prp->pr_nclauses; c++) {
			const dt_clause_t *dcp =
			    dtp->dt_clauses[prp->pr_clauses[c]];
			unsigned int pos;
			bool isserved = false;

			for (pos = 0; pos < sh->pr_nclauses &&
			    sh->pr_clauses[pos] != dcp->dc_id; pos++)
				;
			for (unsigned int d = 0; pos < sh->pr_nclauses &&
			    !isserved && d < dcp->dc_ndescs; d++)
				isserved = dt_discover_wants(dtp,
				    &dcp->dc_descs[d]) &&
				    dt_probe_matches(prp, &dcp->dc_descs[d]);
			if (isserved)
				served[nserved++] = dcp->dc_id;
			else
				prp->pr_clauses[keep++] = dcp->dc_id;
		}
		if (nserved == 0)
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
		if (dt_bpf_probe_add(dtp, prp) != 0)
			return (-1);
		/* each site of the probe: its shared probe serves it */
		for (size_t j = ni; j < pm->pm_elf->ef_nnotes; j++) {
			if (pm->pm_usdt[j] != prp->pr_desc.id)
				continue;
			if (j != ni && (sh = site_shared(dtp, pm, j, &none)) ==
			    NULL) {
				if (none)
					continue;
				return (-1);
			}
			uv.uv_mask = 0;
			for (unsigned int k = 0; k < nserved; k++) {
				for (unsigned int pos = 0;
				    pos < sh->pr_nclauses; pos++) {
					if (sh->pr_clauses[pos] == served[k])
						uv.uv_mask |= 1ULL << pos;
				}
			}
			if (us->us_nents == us->us_entcap &&
			    dt_grow(dtp, (void **)&us->us_ents,
			    &us->us_entcap, 64, sizeof (dt_usdtent_t)) != 0)
				return (-1);
			if (prids_update(dtp, pm->pm_pid, sh->pr_desc.id,
			    &uv) != 0 || over_add(dtp, pm->pm_pid,
			    sh->pr_desc.id, prp->pr_desc.id) != 0)
				return (-1);
			us->us_ents[us->us_nents++] = (dt_usdtent_t){
			    pm->pm_pid, sh->pr_desc.id, gen };
		}
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
const dt_probe_t *
dt_usdt_overlying(dtrace_hdl_t *dtp, const dt_probe_t *sh, pid_t pid)
{
	const dt_elfnote_t *en = (const dt_elfnote_t *)(uintptr_t)sh->pr_data;
	dt_usdtfile_t *uf;
	dt_usdtover_t *uo;
	dt_probe_t *prp;

	if (!sh->pr_shared || pid <= 0)
		return (sh);
	if ((uf = dt_usdt_file_find(dtp, ((const dt_pidmod_t *)(uintptr_t)
	    sh->pr_data2)->pm_elf)) != NULL)
		uf->uf_idle = 0;	/* in use: last to go (dt_usdt_sweep()) */
	if ((uo = over_find(dtp, pid, sh->pr_desc.id)) != NULL)
		return (dtp->dt_probes[uo->uo_prid - 1]);
	/* another site of the same probe fired first: its probe */
	for (size_t j = 0; uf != NULL && j < uf->uf_elf->ef_nnotes; j++) {
		uint32_t id = uf->uf_prids[j];

		if (id == 0 || id == DT_USDT_NOSHARE ||
		    id == sh->pr_desc.id || !dt_usdt_same_probe(en,
		    &uf->uf_elf->ef_notes[j]) ||
		    (uo = over_find(dtp, pid, id)) == NULL)
			continue;
		(void) over_add(dtp, pid, sh->pr_desc.id, uo->uo_prid);
		return (dtp->dt_probes[uo->uo_prid - 1]);
	}
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
 * Can a description of the session name a note of this file in some
 * process?  Provider (followed by any process id), function and name are
 * matched, not the module: one file may be mapped under several names.
 */
bool
dt_usdt_file_named(dtrace_hdl_t *dtp, const dt_elf_t *ef)
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
 * Release a file's shared probes: its links closed, its fallback entries
 * deleted, its probes (and the probes of processes on them) retired,
 * its ELF file released.
 */
void
dt_usdt_file_release(dtrace_hdl_t *dtp, dt_usdtfile_t *uf)
{
	usdt_state_t *us = dt_usdt_state(dtp);
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
	dt_elf_release(dtp,
	    uf->uf_elf);	/* held by dt_usdt_shared_get() */
	free(uf->uf_mod.pm_path);
	free(uf->uf_fds);
	free(uf->uf_prids);
	free(uf);
}

/*
 * A shared probe's firing: the cookie is its id.  The process's
 * usdt_prids entry, if its generation is the one usdt_gen holds for the
 * process, else the fallback entry (process id 0), gives ms_prid and
 * ms_clmask, and ms_provpid the process id; neither: the program
 * returns.  fp-16 holds the key.
 */
void
dt_usdt_shared_lookup(dt_asm_t *as)
{
	const int16_t kpid = -16, kprid = -12;
	int lfallback = dt_asm_label(as), lfound = dt_asm_label(as);

	dt_asm_emit(as, MOV_REG(R1, R6));
	dt_asm_emit(as, CALL(BPF_FUNC_get_attach_cookie));
	dt_asm_emit(as, STX(BPF_W, FP, kprid, R0));
	dt_asm_emit(as, CALL(BPF_FUNC_get_current_pid_tgid));
	dt_asm_emit(as, ALU_IMM(BPF_RSH, R0, 32));
	dt_asm_emit(as, STX(BPF_W, FP, kpid, R0));
	dt_usdt_emit_map(as, R1, DT_MAP_USDTGEN);
	dt_asm_emit(as, MOV_REG(R2, FP));
	dt_asm_emit(as, ALU_IMM(BPF_ADD, R2, kpid));
	dt_asm_emit(as, CALL(BPF_FUNC_map_lookup_elem));
	/* no generation: to the fallback */
	dt_asm_jump(as, JMP_IMM(BPF_JEQ, R0, 0, 0), lfallback);
	dt_asm_emit(as, LDX(BPF_W, BPF_REG_7, R0, 0));
	dt_usdt_emit_map(as, R1, DT_MAP_USDTPRIDS);
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
	dt_usdt_emit_map(as, R1, DT_MAP_USDTPRIDS);
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
 * The sites of a link, room for cap (its provider's attach, here and in
 * dt_prov_usdt.c); dt_usdt_sites_fini() frees them.
 */
int
dt_usdt_sites_init(dtrace_hdl_t *dtp, dt_usdtsites_t *ss, size_t cap)
{
	ss->ss_n = 0;
	ss->ss_offs = dt_zalloc(dtp, (cap + 1) * sizeof (uint64_t));
	ss->ss_refs = dt_zalloc(dtp, (cap + 1) * sizeof (uint64_t));
	ss->ss_cookies = dt_zalloc(dtp, (cap + 1) * sizeof (uint64_t));
	if (ss->ss_offs == NULL || ss->ss_refs == NULL ||
	    ss->ss_cookies == NULL) {
		dt_usdt_sites_fini(ss);
		return (-1);
	}
	return (0);
}

/* Site en with its semaphore as reference counter, and its cookie. */
void
dt_usdt_sites_add(dt_usdtsites_t *ss, const dt_elfnote_t *en, uint64_t cookie)
{
	ss->ss_offs[ss->ss_n] = en->en_off;
	ss->ss_refs[ss->ss_n] = en->en_sema;
	ss->ss_cookies[ss->ss_n++] = cookie;
}

/* Pairs with dt_usdt_sites_init(). */
void
dt_usdt_sites_fini(dt_usdtsites_t *ss)
{
	free(ss->ss_offs);
	free(ss->ss_refs);
	free(ss->ss_cookies);
	ss->ss_offs = ss->ss_refs = ss->ss_cookies = NULL;
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
int
dt_usdt_shared_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	const dt_pidmod_t *pm = (const dt_pidmod_t *)(uintptr_t)prp->pr_data2;
	dt_usdtfile_t *uf = dt_usdt_file_find(dtp, pm->pm_elf);
	dt_usdtsites_t ss;
	unsigned int nfds;
	int rv;

	if (uf == NULL)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "no file for shared "
		    "USDT probe %u", prp->pr_desc.id));
	if (dt_usdt_sites_init(dtp, &ss, pm->pm_elf->ef_nnotes) != 0)
		return (-1);
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *q = dtp->dt_probes[i];

		if (q->pr_prov != &dt_prov_usdt || !q->pr_shared ||
		    q->pr_attached || ((const dt_pidmod_t *)(uintptr_t)
		    q->pr_data2)->pm_elf != pm->pm_elf ||
		    q->pr_tramp != prp->pr_tramp ||
		    !dt_probe_same_clauses(dtp, prp, q))
			continue;
		dt_usdt_sites_add(&ss, (const dt_elfnote_t *)(uintptr_t)
		    q->pr_data, q->pr_desc.id);
		q->pr_attached = true;
	}
	nfds = dtp->dt_nattfds;
	rv = dt_uprobes_attach(dtp, pgp->pg_fd, uf->uf_elf->ef_path,
	    ss.ss_offs, ss.ss_refs, ss.ss_cookies, ss.ss_n, false, 0);
	dt_usdt_sites_fini(&ss);
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
		    "USDT probe%s to %s: %s", ss.ss_n, ss.ss_n == 1 ? "" : "s",
		    pm->pm_file, strerror(errno)));
	return (0);
}
