/*
 * dt_prov_rawtp.c: the rawtp provider: every kernel tracepoint as a raw
 * tracepoint, with the arguments the kernel passes it, untranslated.
 * Probes are named as Oracle's DTrace for Linux names them:
 * rawtp:GROUP::NAME (rawtp:sched::sched_process_exec), GROUP being the
 * tracefs system of the event.
 *
 * The list comes from tracefs's available_events, read once per session
 * when a description can name one of its probes (rawtp_maymatch()); it
 * is populated last, after the providers whose probes every session may
 * need.  The syscalls group
 * is left out: its events are not tracepoints of their own but ftrace's
 * view of raw_syscalls (the syscall provider); so are the groups of
 * dynamic events (kprobes, uprobes, synthetic), which have no raw
 * tracepoint.
 *
 * A raw tracepoint program's context is the array of the tracepoint's
 * arguments, 64 bits each.  The kernel refuses to attach a program whose
 * context reads go past the tracepoint's argument count, and one program
 * serves every probe of a group, so the trampoline does not read the
 * context itself: it copies nargs * 8 bytes with bpf_probe_read_kernel,
 * nargs coming with the probe id in the BPF cookie of the attachment
 * (raw tracepoint cookies: kernel 6.10 and later).
 *
 * Kernels before 6.10 (Debian 12's 6.1) have no raw tracepoint cookies:
 * a program calling bpf_get_attach_cookie() does not even load.  There,
 * found once per process (dt_rawtp_cookies()), each probe of the raw
 * tracepoint providers (this one, proc, sched, io, tcp, ip) gets a
 * program of its own with its cookie built in (dt_program_for() keys
 * such programs by pg_cookie; dt_rawtp_cookie() emits the load in place
 * of the call), attached without a cookie.  More programs, the same
 * behaviour.
 *
 * Argument types (args[N]) come from the kernel's BTF: each tracepoint
 * has a typedef btf_trace_NAME, a pointer to the prototype of its probe
 * functions, whose first parameter is the tracepoint's private data
 * (void *__data) and the rest the tracepoint's arguments.  The argument
 * count is taken from there too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../types/dt_types.h"
#include "../../codegen/dt_asm.h"
#include "../../types/dt_tcache.h"

/* groups of tracefs events that are not raw tracepoints */
static const char *const rawtp_skip[] = {
	"syscalls", "ftrace", "kprobes", "uprobes", "synthetic", "eprobes",
	NULL
};

typedef struct rawtp_ev {
	char *re_group;		/* tracefs system */
	char *re_name;		/* event (and tracepoint) name */
} rawtp_ev_t;

/*
 * rawtp's state in a session (its pv_init, dt_provdata()): tracefs's
 * events.  rawtp owns them; sdt lists the same events, through
 * dt_tp_populate(), which reads them at most once for both.
 */
typedef struct rawtp_state {
	rawtp_ev_t *rs_evs;	/* events, sorted by group and name */
	size_t rs_nevs;		/* how many */
	bool rs_read;		/* read (or failed to be) */
} rawtp_state_t;

static rawtp_state_t *
rawtp_state(dtrace_hdl_t *dtp)
{
	return (dt_provdata(dtp, &dt_prov_rawtp));
}

static void
tp_evs_free(rawtp_state_t *rs)
{
	for (size_t i = 0; i < rs->rs_nevs; i++) {
		free(rs->rs_evs[i].re_group);
		free(rs->rs_evs[i].re_name);
	}
	free(rs->rs_evs);
	rs->rs_evs = NULL;
	rs->rs_nevs = 0;
}

static int
ev_cmp(const void *a, const void *b)
{
	const rawtp_ev_t *x = a, *y = b;
	int c = strcmp(x->re_group, y->re_group);

	return (c != 0 ? c : strcmp(x->re_name, y->re_name));
}

static bool
skipped(const char *group)
{
	for (int i = 0; rawtp_skip[i] != NULL; i++) {
		if (strcmp(group, rawtp_skip[i]) == 0)
			return (true);
	}
	return (false);
}

/*
 * tracefs's events (available_events: GROUP:NAME a line) but the skipped
 * groups, sorted, into rawtp's list (rs_evs), read once for both
 * providers that list them: reading the file takes milliseconds.
 */
static int
tp_read(dtrace_hdl_t *dtp)
{
	rawtp_state_t *rs = rawtp_state(dtp);
	const char *tfs = dt_tracefs(dtp);
	char path[256], *line = NULL;
	size_t linecap = 0, n = 0, cap = 0;
	rawtp_ev_t *evs = NULL;
	ssize_t len;
	FILE *fp;
	int rv = 0;

	if (tfs == NULL)
		return (-1);
	snprintf(path, sizeof (path), "%s/available_events", tfs);
	if ((fp = fopen(path, "r")) == NULL)	/* none: no probes */
		return (dt_tracefs_listfail(dtp, path, errno));
	while (rv == 0 && (len = getline(&line, &linecap, fp)) > 0) {
		char *colon;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if ((colon = strchr(line, ':')) == NULL || colon == line ||
		    colon[1] == '\0')
			continue;
		*colon = '\0';
		if (skipped(line))
			continue;
		if (n == cap) {
			rawtp_ev_t *ne = realloc(evs, (cap = cap * 2 + 256) *
			    sizeof (rawtp_ev_t));

			if (ne == NULL) {
				rv = dt_set_errno(dtp, EDT_NOMEM);
				break;
			}
			evs = ne;
		}
		evs[n].re_group = strdup(line);
		evs[n].re_name = strdup(colon + 1);
		if (evs[n].re_group == NULL || evs[n].re_name == NULL) {
			free(evs[n].re_group);
			free(evs[n].re_name);
			rv = dt_set_errno(dtp, EDT_NOMEM);
			break;
		}
		n++;
	}
	free(line);
	fclose(fp);
	if (rv == 0)
		qsort(evs, n, sizeof (rawtp_ev_t), ev_cmp);
	rs->rs_evs = evs;
	rs->rs_nevs = n;
	if (rv != 0)
		tp_evs_free(rs);
	rs->rs_read = rv == 0;
	return (rv);
}

/* pv_init: an empty list, read when first populated. */
static int
rawtp_init(dtrace_hdl_t *dtp, void **datap)
{
	return ((*datap = dt_zalloc(dtp, sizeof (rawtp_state_t))) == NULL ?
	    -1 : 0);
}

/* pv_fini: pairs with rawtp_init(). */
static void
rawtp_fini(dtrace_hdl_t *dtp, void *data)
{
	(void) dtp;
	if (data == NULL)
		return;
	tp_evs_free(data);
	free(data);
}

/*
 * The probes of tracefs's events, GROUP::NAME, for provider pv (rawtp,
 * sdt), each with trampoline kind tramp.
 */
int
dt_tp_populate(dtrace_hdl_t *dtp, const dt_provider_t *pv, uint32_t tramp)
{
	rawtp_state_t *rs = rawtp_state(dtp);
	const rawtp_ev_t *evs;

	if (!rs->rs_read && tp_read(dtp) != 0)
		return (-1);
	evs = rs->rs_evs;
	for (size_t i = 0; i < rs->rs_nevs; i++) {
		dt_probe_t *prp = dt_probe_create(dtp, pv, evs[i].re_group,
		    "", evs[i].re_name);

		if (prp == NULL)
			return (-1);
		prp->pr_tramp = tramp;
	}
	return (0);
}

static int
rawtp_populate(dtrace_hdl_t *dtp)
{
	return (dt_tp_populate(dtp, &dt_prov_rawtp, DT_TRAMP_RAWTP));
}

/*
 * The prototype of tracepoint name's probe functions (btf_trace_NAME), or
 * NULL; *btfp is the BTF it belongs to.
 */
const struct btf_type *
dt_rawtp_proto(dtrace_hdl_t *dtp, const char *name, const struct btf **btfp)
{
	dt_tentry_t *te = dt_ktypes(dtp);
	const struct btf_type *t;
	char tname[DTRACE_NAMELEN + 16];
	uint32_t id;

	if (te == NULL)
		return (NULL);
	snprintf(tname, sizeof (tname), "btf_trace_%s", name);
	if ((id = dt_tcache_name(te, tname)) == 0 ||
	    (t = btf__type_by_id(te->te_btf, id)) == NULL ||
	    !btf_is_typedef(t) ||
	    (t = btf__type_by_id(te->te_btf, t->type)) == NULL ||
	    !btf_is_ptr(t) ||
	    (t = btf__type_by_id(te->te_btf, t->type)) == NULL ||
	    !btf_is_func_proto(t) || btf_vlen(t) < 1)
		return (NULL);
	*btfp = te->te_btf;
	return (t);
}

/* The tracepoint's argument count, -1 if BTF does not give it. */
int
dt_rawtp_nargs(dtrace_hdl_t *dtp, const char *name)
{
	const struct btf *btf;
	const struct btf_type *fp = dt_rawtp_proto(dtp, name, &btf);

	return (fp == NULL ? -1 : btf_vlen(fp) - 1);
}

/*
 * Can raw tracepoint programs read their BPF cookie (kernel 6.10)?
 * Tried once per process, with a program that asks for it.
 */
bool
dt_rawtp_cookies(void)
{
	static int known = -1;	/* -1 not tried, 0 no, 1 yes */
	int k = __atomic_load_n(&known, __ATOMIC_ACQUIRE);

	if (k < 0) {
		struct bpf_insn in[] = {
			CALL(BPF_FUNC_get_attach_cookie),
			MOV_IMM(R0, 0),
			EXIT()
		};
		int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT,
		    "dt_rtpcookie", "GPL", in, sizeof (in) / sizeof (in[0]),
		    NULL);

		k = fd >= 0;
		if (fd >= 0)
			close(fd);
		__atomic_store_n(&known, k, __ATOMIC_RELEASE);
	}
	return (k == 1);
}

/*
 * pv_ownprog of the raw tracepoint providers (this one, proc, sched, io,
 * tcp, ip): where raw tracepoints have no cookies, each probe has a
 * program of its own, its cookie built in (dt_program_for()).
 */
bool
dt_rawtp_ownprog(dtrace_hdl_t *dtp)
{
	(void) dtp;
	return (!dt_rawtp_cookies());
}

/*
 * r0 = the cookie of the firing: two instructions, the helper call, or
 * where raw tracepoints have no cookies (pg_own: a program for one
 * probe) its cookie as a constant.
 */
void
dt_rawtp_cookie(dt_asm_t *as, const dt_program_t *pgp)
{
	if (!pgp->pg_own) {
		dt_asm_emit(as, MOV_REG(R1, R6));
		dt_asm_emit(as, CALL(BPF_FUNC_get_attach_cookie));
	} else {
		dt_asm_emit(as, INSN(BPF_LD | BPF_DW | BPF_IMM, R0, 0, 0,
		    (int32_t)(uint32_t)pgp->pg_cookie));
		dt_asm_emit(as, INSN(0, 0, 0, 0,
		    (int32_t)(uint32_t)(pgp->pg_cookie >> 32)));
	}
}

/* The cookie of a rawtp probe: its id, its argument count above. */
static uint64_t
rawtp_cookie(dtrace_hdl_t *dtp, const dt_probe_t *prp)
{
	int nargs = dt_rawtp_nargs(dtp, prp->pr_desc.prb);

	if (nargs < 0)
		nargs = 0;	/* no prototype: arguments read as 0 */
	if (nargs > DT_MAXARGS)
		nargs = DT_MAXARGS;
	return (prp->pr_desc.id | (uint64_t)nargs << 32);
}

/*
 * Probe id (low 32 bits) and argument count (high 32 bits) from the
 * cookie; arguments copied from the context, the rest 0.
 */
static int
rawtp_trampoline(dtrace_hdl_t *dtp, dt_block_t *blk, dt_program_t *pgp)
{
	int16_t a = MS_OFF(ms_argv);
	dt_asm_t as;
	int lend;

	dt_asm_init(&as, dtp, blk, "trampoline");
	lend = dt_asm_label(&as);
	dt_rawtp_cookie(&as, pgp);
	dt_asm_emit(&as, STX(BPF_W, R9, MS_OFF(ms_prid), R0));
	for (int i = 0; i < DT_MAXARGS; i++)
		dt_asm_emit(&as, ST_IMM(BPF_DW, R9, a + i * 8, 0));
	dt_asm_emit(&as, MOV_REG(BPF_REG_7, R0));
	dt_asm_emit(&as, ALU_IMM(BPF_RSH, BPF_REG_7, 32));
	dt_asm_jump(&as, JMP_IMM(BPF_JEQ, BPF_REG_7, 0, 0), lend);
	dt_asm_jump(&as, JMP_IMM(BPF_JGT, BPF_REG_7, DT_MAXARGS, 0), lend);
	dt_asm_emit(&as, MOV_REG(R1, R9));
	dt_asm_emit(&as, ALU_IMM(BPF_ADD, R1, a));
	dt_asm_emit(&as, MOV_REG(R2, BPF_REG_7));
	dt_asm_emit(&as, ALU_IMM(BPF_LSH, R2, 3));
	dt_asm_emit(&as, MOV_REG(R3, R6));
	dt_asm_emit(&as, CALL(BPF_FUNC_probe_read_kernel));
	dt_asm_set(&as, lend);
	return (dt_asm_end(&as));
}

/*
 * Attach a program to raw tracepoint name with a BPF cookie: the
 * BPF_RAW_TRACEPOINT_OPEN command with the cookie field of kernel 6.10,
 * which the build's headers (and libbpf 1.1) do not have yet.
 */
int
dt_rawtp_open(dtrace_hdl_t *dtp, const char *name, int progfd,
    uint64_t cookie)
{
	struct {
		uint64_t name;		/* tracepoint name */
		uint32_t prog_fd;	/* program */
		uint32_t pad;		/* zero */
		uint64_t cookie;	/* BPF cookie */
	} attr;
	int fd;

	memset(&attr, 0, sizeof (attr));
	attr.name = (uint64_t)(uintptr_t)name;
	attr.prog_fd = (uint32_t)progfd;
	attr.cookie = cookie;
	/* no cookies: the program has it built in (dt_rawtp_cookie()) */
	fd = dt_bpf_syscall(BPF_RAW_TRACEPOINT_OPEN, &attr,
	    dt_rawtp_cookies() ? sizeof (attr) : offsetof(typeof(attr),
	    cookie));
	if (fd < 0)
		return (dt_set_errmsg(dtp, EDT_ATTACH, "cannot attach to raw "
		    "tracepoint %s: %s", name, strerror(errno)));
	return (dt_attfd_add(dtp, fd));
}

static int
rawtp_attach(dtrace_hdl_t *dtp, dt_probe_t *prp, dt_program_t *pgp)
{
	return (dt_rawtp_open(dtp, prp->pr_desc.prb, pgp->pg_fd,
	    rawtp_cookie(dtp, prp)));
}

static int
rawtp_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	const struct btf *btf;
	const struct btf_type *fp = dt_rawtp_proto(dtp, prp->pr_desc.prb,
	    &btf);

	if (fp == NULL || n < 0 || n + 1 >= btf_vlen(fp))
		return (-1);
	dt_argdesc_btf(ad, n, btf, btf_params(fp)[n + 1].type, 1, NULL);
	return (0);
}

static bool
literal(const char *s)
{
	return (strpbrk(s, "*?[\\") == NULL);
}

/*
 * Without reading the list: a description can name a rawtp (or sdt) probe
 * unless it gives a function (these probes have none) or a name no tracepoint
 * can have (BEGIN, tick-1s: tracepoint names are C identifiers in lower
 * case), without globs.
 */
bool
dt_tp_maymatch(const dtrace_probedesc_t *pdp)
{
	if (pdp->fun[0] != '\0' && literal(pdp->fun))
		return (false);
	if (pdp->prb[0] != '\0' && literal(pdp->prb) &&
	    strspn(pdp->prb, "abcdefghijklmnopqrstuvwxyz0123456789_") !=
	    strlen(pdp->prb))
		return (false);
	return (true);
}

/* Stability: provider, module, function, name, arguments (dt_attr.c). */
static const dt_pattr_t rawtp_attr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, ISA)
};

const dt_provider_t dt_prov_rawtp = {
	.pv_name = "rawtp",
	.pv_attr = &rawtp_attr,
	.pv_progtype = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.pv_cookie = rawtp_cookie,
	.pv_ownprog = dt_rawtp_ownprog,
	.pv_populate = rawtp_populate,
	.pv_trampoline = rawtp_trampoline,
	.pv_attach = rawtp_attach,
	.pv_argdesc = rawtp_argdesc,
	.pv_maymatch = dt_tp_maymatch,
	.pv_init = rawtp_init,
	.pv_fini = rawtp_fini,
};
