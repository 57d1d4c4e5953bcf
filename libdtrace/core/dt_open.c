/*
 * dt_open.c: creating and destroying sessions, enabling compiled programs.
 * The options are in dt_options.c.
 *
 * dtrace_open() alone makes a handle ready: it touches nothing in the
 * kernel and reads no file, so that opening a session costs microseconds.
 * Kernel objects are created by dtrace_go().  It does check that the
 * process may trace at all (one capget(), no kernel object): a session
 * that could never start fails at once, before it has compiled anything,
 * unless DTRACE_O_NODEV says that it will only compile.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/syscall.h>

#include "dt_impl.h"
#include "../bpf/dt_bpf.h"
#include "../codegen/dt_cg.h"
#include "../consume/dt_consume.h"
#include "../dlang/dt_dlang.h"
#include "../probes/dt_probe.h"
#include "../proc/dt_proc.h"
#include "../types/dt_types.h"
#include "dt_fn.h"
#include "dt_options.h"
#include "../types/dt_ksyms.h"
#include "../types/dt_tcache.h"
#include "../dlang/dt_clause.h"

/*
 * May this process trace: CAP_BPF and CAP_PERFMON (loading tracing
 * programs, opening perf events), or CAP_SYS_ADMIN (which implies both),
 * in its effective set?
 */
static bool
dt_open_privileged(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	uint64_t eff;

	memset(data, 0, sizeof (data));
	if (syscall(SYS_capget, &hdr, data) != 0)
		return (geteuid() == 0);
	eff = data[0].effective | (uint64_t)data[1].effective << 32;
	if (eff & (1ULL << CAP_SYS_ADMIN))
		return (true);
	return ((eff & (1ULL << CAP_BPF)) && (eff & (1ULL << CAP_PERFMON)));
}

DT_EXPORT dtrace_hdl_t *
dtrace_open(int version, int flags, int *errp)
{
	dtrace_hdl_t *dtp;
	int err = 0;

	dt_fn_verify();		/* a bug of the library stops it here */
	if (version <= 0 || version > DTRACE_VERSION)
		err = EDT_VERSION;
	else if (flags & ~DTRACE_O_MASK)
		err = EINVAL;
	else if (!(flags & DTRACE_O_NODEV) && !dt_open_privileged())
		err = EDT_NOPRIV;
	else if ((dtp = calloc(1, sizeof (*dtp))) == NULL)
		err = EDT_NOMEM;
	if (err != 0) {
		if (errp != NULL)
			*errp = err;
		return (NULL);
	}
	dtp->dt_oflags = flags;
	dt_opt_defaults(dtp);	/* the option table's (dt_options.c) */
	for (int i = 0; i < DT_MAP_COUNT; i++)
		dtp->dt_mapfd[i] = -1;
	dtp->dt_beginfd = dtp->dt_endfd = dtp->dt_epollfd = -1;
	dtp->dt_stdoutfd = -1;
	if (dt_providers_init(dtp) != 0) {	/* BEGIN, END, ERROR too */
		if (errp != NULL)
			*errp = dtp->dt_errno;
		dtrace_close(dtp);
		return (NULL);
	}
	return (dtp);
}

DT_EXPORT void
dtrace_close(dtrace_hdl_t *dtp)
{
	struct dtrace_prog *pgp, *next;

	if (dtp == NULL)
		return;
	if (dtp->dt_active)
		(void) dtrace_stop(dtp);
	dt_agg_snap_free(dtp);
	dt_bpf_close(dtp);
	dt_proc_free_all(dtp);
	for (pgp = dtp->dt_progs; pgp != NULL; pgp = next) {
		next = pgp->dp_next;
		dt_program_free(pgp);
	}
	free(dtp->dt_clauses);
	free(dtp->dt_varmaps);
	free(dtp->dt_varmapfd);
	free(dtp->dt_varprogfd);
	free(dtp->dt_varouterfd);
	free(dtp->dt_outerfds);
	dt_probes_free(dtp);
	dt_pbuf_free(dtp);
	dt_providers_fini(dtp);	/* before the types fbt's modules hold */
	dt_provdecls_free(dtp);
	dt_usym_free_all(dtp);	/* before the ELF files it indexes */
	dt_pidmods_free(dtp);
	dt_elf_free_all(dtp);
	dt_idents_free(dtp);
	dt_ktypes_rele(dtp);
	dt_tcache_rele(dtp->dt_dtypes);
	dt_ksyms_rele(dtp->dt_ksyms);
	dt_opt_free(dtp);
	dt_cpp_free(dtp);
	if (dtp->dt_stdoutfd >= 0)
		(void) close(dtp->dt_stdoutfd);	/* dup()ed by freopen() */
	free(dtp);
}

/* ---- probe descriptions ---------------------------------------------------- */

DT_EXPORT int
dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec, const char *s,
    dtrace_probedesc_t *pdp)
{
	char *fields[4] = { pdp->prv, pdp->mod, pdp->fun, pdp->prb };
	static const size_t sizes[4] = { DTRACE_PROVNAMELEN,
	    DTRACE_MODNAMELEN, DTRACE_FUNCNAMELEN, DTRACE_NAMELEN };
	const char *end = s + strlen(s);
	int f;

	memset(pdp, 0, sizeof (*pdp));
	/*
	 * -i: digits are a probe id (one that names no probe is refused
	 * by the compiler); anything else is a probe name, as DTrace
	 * takes it.
	 */
	if (spec == DTRACE_PROBESPEC_ID && *s != '\0' &&
	    strspn(s, "0123456789") == strlen(s)) {
		unsigned long id = strtoul(s, NULL, 10);

		if (id > UINT32_MAX)
			return (dt_set_errmsg(dtp, EDT_BADSPEC, "\"%s\" is not "
			    "a probe id", s));
		pdp->id = (dtrace_id_t)id;
		return (0);
	}
	if (spec < DTRACE_PROBESPEC_PROVIDER || spec > DTRACE_PROBESPEC_NAME)
		spec = DTRACE_PROBESPEC_NAME;
	/* Fill from the field the spec names, leftwards. */
	for (f = (int)spec; f >= 0; f--) {
		const char *c = end;
		size_t len;

		while (c > s && c[-1] != ':')
			c--;
		len = (size_t)(end - c);
		if (len >= sizes[f])
			return (dt_set_errmsg(dtp, EDT_BADSPEC,
			    "field \"%.*s\" is too long", (int)len, c));
		memcpy(fields[f], c, len);
		fields[f][len] = '\0';
		if (c == s) {
			end = NULL;
			break;
		}
		end = c - 1;
	}
	/*
	 * More fields than the spec has is DTrace's error, but a separator
	 * with nothing before it is not a field (":vmlinux::" as -f is the
	 * provider vmlinux), as in DTrace.
	 */
	if (end != NULL && end > s)
		return (dt_set_errmsg(dtp, EDT_BADSPEC,
		    "Overspecified probe description"));
	return (0);
}

/* ---- enabling programs ------------------------------------------------------ */

static int
enable_cb(dtrace_hdl_t *dtp, dt_probe_t *prp, void *arg)
{
	dt_clause_t *dcp = arg;

	if (dt_probe_enable(dtp, prp, dcp->dc_id, true) != 0)
		return (-1);
	if (dcp->dc_nprobes % 16 == 0) {
		uint32_t *n = dt_realloc(dtp, dcp->dc_probes,
		    (dcp->dc_nprobes + 16) * sizeof (uint32_t));

		if (n == NULL)
			return (-1);
		dcp->dc_probes = n;
	}
	dcp->dc_probes[dcp->dc_nprobes++] = prp->pr_desc.id;
	return (0);
}

DT_EXPORT int
dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    dtrace_proginfo_t *pip)
{
	struct dtrace_prog *p;
	dtrace_proginfo_t info = { 0, 0, 0 };

	for (p = dtp->dt_progs; p != NULL && p != pgp; p = p->dp_next)
		;
	if (p == NULL)
		return (dt_set_errno(dtp, EDT_BADPROG));
	if (dtp->dt_active)
		return (dt_set_errno(dtp, EDT_ACTIVE));
	if (pgp->dp_exec)
		return (dt_set_errno(dtp, EINVAL));
	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		if (dtp->dt_nclauses == dtp->dt_clausecap &&
		    dt_grow(dtp, (void **)&dtp->dt_clauses, &dtp->dt_clausecap,
		    8, sizeof (dt_clause_t *)) != 0)
			return (-1);
		dcp->dc_id = dtp->dt_nclauses;
		dtp->dt_clauses[dtp->dt_nclauses++] = dcp;
		if (!dcp->dc_split) {
			dcp->dc_stmt = dtp->dt_nstmts;
			dtp->dt_nstmts += dcp->dc_ndescs;
		} else {
			/* a part of the clause before it (if statements) */
			dcp->dc_stmt = dtp->dt_clauses[dcp->dc_id - 1]->dc_stmt;
		}
	}
	/*
	 * Each description enables the clause, and the clauses its if
	 * statements were split into (dc_split) after it, in turn: a
	 * probe two descriptions match runs the whole clause twice.
	 */
	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		if (dcp->dc_split)
			continue;
		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			unsigned int before = dcp->dc_nprobes;

			for (dt_clause_t *part = dcp; part != NULL &&
			    (part == dcp || part->dc_split);
			    part = part->dc_next) {
				if (dt_probe_match(dtp, &part->dc_descs[i],
				    enable_cb, part) < 0)
					return (-1);
			}
			info.dpi_matches += dcp->dc_nprobes - before;
		}
	}
	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		if (dcp->dc_recsize > dtp->dt_recmax)
			dtp->dt_recmax = dcp->dc_recsize;
		info.dpi_clauses++;
		if (dcp->dc_records)
			info.dpi_recgens++;
	}
	pgp->dp_exec = true;
	if (pip != NULL)
		*pip = info;
	return (0);
}

/*
 * -S: each clause's instructions, under DTrace for Linux's heading: the
 * clause's first probe description in full (provider:module:function:
 * name, empty fields kept: BEGIN is ":::BEGIN"), ", ..." when it has more,
 * and its name as runtime errors give it (dt_clause_N: its number in the
 * session, which dtrace_program_exec() gives it; before that, the number
 * it will have when the programs compiled before it, newer ones first in
 * dt_progs, are enabled in turn).
 */
DT_EXPORT int
dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, FILE *fp)
{
	unsigned int n = dtp->dt_nclauses;

	for (const dtrace_prog_t *p = pgp->dp_next; p != NULL; p = p->dp_next)
		for (const dt_clause_t *dcp = p->dp_clauses;
		    !p->dp_exec && dcp != NULL; dcp = dcp->dc_next)
			n++;

	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next, n++) {
		const dtrace_probedesc_t *pd = &dcp->dc_descs[0];

		fprintf(fp, "\nDisassembly of clause %s:%s:%s:%s%s, "
		    "<dt_clause_%u>:\n", pd->prv, pd->mod, pd->fun, pd->prb,
		    dcp->dc_ndescs > 1 ? ", ..." : "",
		    pgp->dp_exec ? dcp->dc_id : n);
		fprintf(fp, "%-4s %-5s  %-2s %s %s %6s %11s  %s\n", "INS",
		    "OFF", "OP", "D", "S", "OFF", "IMM", "INSTRUCTION");
		dt_block_dump(&dcp->dc_code, fp, 0);
	}
	return (0);
}
