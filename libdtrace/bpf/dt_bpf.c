/*
 * dt_bpf.c: creating the session's maps and loading its programs.
 *
 * Maps (see dt_rec.h for their contents):
 *   output   BPF_MAP_TYPE_RINGBUF, bufsize rounded up to a power of two
 *   dctx     BPF_MAP_TYPE_PERCPU_ARRAY, one entry
 *   globals  BPF_MAP_TYPE_ARRAY, one entry, mmap()ed by the consumer so
 *            that it can move the session state without a copy
 *   strtab   BPF_MAP_TYPE_ARRAY, one entry, read-only to programs, frozen
 *   probes   BPF_MAP_TYPE_HASH, probe id -> four strsize names; only when
 *            a clause uses probeprov, probemod, probefunc or probename
 *            (the usdt_names of the design: USDT probes' names are there)
 *   usdt_prids, usdt_gen  BPF_MAP_TYPE_HASH, (pid, shared probe id) ->
 *            (probe id, generation, clause mask) and pid -> generation;
 *            only in a session that discovers processes (dt_rec.h,
 *            providers/dt_prov_usdt.c); usdtprids entries, allocated as
 *            they come
 *   cpuinfo  BPF_MAP_TYPE_ARRAY, cpu -> its cpuinfo_t (the D library's
 *            sched.d), filled once at start, read-only to programs; only
 *            when a clause uses curcpu
 *
 * A program is loaded without a verifier log first (cheaper); if it is
 * rejected, it is loaded again with the log (of at most the option
 * bpflogsize bytes) so that the error can quote the verifier and name the
 * clause at the instruction it stopped on.  With the option bpflog, every
 * program is loaded with the log at once, and the log is shown, accepted
 * or not, each line after "BPF: " (one DTRACE_MSG_BPFLOG message).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../core/dt_impl.h"
#include "dt_bpf.h"
#include "../codegen/dt_cg.h"
#include "../probes/dt_probe.h"
#include "../types/dt_types.h"
#include "../types/dt_ksyms.h"
#include "../core/dt_ident.h"
#include "../dlang/dt_clause.h"

/* cpuinfo_t of the D library's sched.d, as programs read it */
typedef struct dt_cpuinfo {
	int32_t ci_id;
	int32_t ci_pset;
	int32_t ci_chip;
	int32_t ci_lgrp;
	int32_t ci_state;
	char ci_type[16];
	char ci_fputypes[32];
	int32_t ci_clock;
} dt_cpuinfo_t;

/*
 * The bpf() system call, the library's one raw call of it (test/dup-check
 * keeps it so), used directly for map creation, program loads and the
 * links libbpf cannot make: libbpf's wrappers first probe the kernel for
 * object name support with test loads, which costs a millisecond at
 * every start.  attr is size bytes: a union bpf_attr, or the part of one
 * a command takes, or a layout newer than the system's <linux/bpf.h>.
 */
int
dt_bpf_syscall(int cmd, void *attr, size_t size)
{
	return ((int)syscall(__NR_bpf, cmd, attr, size));
}

int
dt_bpf_map_create(int type, const char *name, uint32_t ksize,
    uint32_t vsize, uint32_t nentries, uint32_t flags)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof (attr));
	attr.map_type = (uint32_t)type;
	attr.key_size = ksize;
	attr.value_size = vsize;
	attr.max_entries = nentries;
	attr.map_flags = flags;
	snprintf(attr.map_name, sizeof (attr.map_name), "%s", name);
	return (dt_bpf_syscall(BPF_MAP_CREATE, &attr, sizeof (attr)));
}

/*
 * The functions of a program, for its BTF: the program itself, int f(void
 * *ctx), static; its callback (the function a helper such as
 * bpf_for_each_map_elem calls), int cb(void *map, void *key, void *value,
 * void *ctx), static; and its runtime routines (pg_subs[]), long f(long
 * off, long len, ...), global, so that the verifier checks each once, on
 * its own, with its arguments numbers, not again at every call (and the
 * loop callbacks of some, static).  The verifier takes a
 * callback or a call of another function only in a program whose
 * functions BTF describes, one func_info record for each, in the order of
 * their first instructions.
 */
#define DT_NFUNCS	(2 + DT_SUB_COUNT)

/*
 * Each runtime routine's name and arguments: a global function has nargs
 * numbers (long off, long len, long arg); a loop callback (cb, called by
 * bpf_loop) is static, int f(long index, void *ctx).
 */
static const struct {
	const char *name;
	int nargs;
	bool cb;
} subs[DT_SUB_COUNT] = {
	[DT_SUB_CLEANPATH] = { "dt_cleanpath", 2 },
	[DT_SUB_BASENAME] = { "dt_basename", 2 },
	[DT_SUB_DIRNAME] = { "dt_dirname", 2 },
	[DT_SUB_LASTSLASH_CB] = { "dt_lastslash_cb", 2, true },
	[DT_SUB_STRIP_CB] = { "dt_strip_cb", 2, true },
	[DT_SUB_CLEANPATH_CB] = { "dt_cleanpath_cb", 2, true },
	[DT_SUB_TOUPPER] = { "dt_toupper", 2 },
	[DT_SUB_TOLOWER] = { "dt_tolower", 2 },
	[DT_SUB_TOUPPER_CB] = { "dt_toupper_cb", 2, true },
	[DT_SUB_TOLOWER_CB] = { "dt_tolower_cb", 2, true },
	[DT_SUB_STRCHR] = { "dt_strchr", 3 },
	[DT_SUB_STRRCHR] = { "dt_strrchr", 3 },
	[DT_SUB_STRCHR_CB] = { "dt_strchr_cb", 2, true },
	[DT_SUB_STRRCHR_CB] = { "dt_strrchr_cb", 2, true },
	[DT_SUB_SEARCH] = { "dt_search", 3 },
	[DT_SUB_RSEARCH] = { "dt_rsearch", 3 },
	[DT_SUB_SEARCH_CB] = { "dt_search_cb", 2, true },
	[DT_SUB_RSEARCH_CB] = { "dt_rsearch_cb", 2, true },
	[DT_SUB_STRTOK] = { "dt_strtok", 2 },
	[DT_SUB_TOKMAP_CB] = { "dt_tokmap_cb", 2, true },
	[DT_SUB_TOKPASS_CB] = { "dt_tokpass_cb", 2, true },
	[DT_SUB_STRTOLL] = { "dt_strtoll", 2 },
	[DT_SUB_STRTOLL_CB] = { "dt_strtoll_cb", 2, true },
	[DT_SUB_LLTOSTR] = { "dt_lltostr", 3 },
	[DT_SUB_INET4] = { "dt_inet4", 1 },
	[DT_SUB_INET6] = { "dt_inet6", 1 },
	[DT_SUB_INETNTOA6] = { "dt_inet_ntoa6", 1 },
	[DT_SUB_LINK6] = { "dt_link6", 1 },
	[DT_SUB_LINK20] = { "dt_link20", 1 },
};

static int
fi_cmp(const void *a, const void *b)
{
	const struct bpf_func_info *x = a, *y = b;

	return (x->insn_off < y->insn_off ? -1 : x->insn_off > y->insn_off);
}

/* Has pgp functions other than itself (then it needs their BTF)? */
static bool
many_funcs(const dt_program_t *pgp)
{
	for (int i = 0; i < DT_SUB_COUNT; i++) {
		if (pgp->pg_subs[i] != 0)
			return (true);
	}
	return (pgp->pg_callback != 0);
}

/*
 * The BTF of pgp's functions, loaded in the kernel (the caller's to free
 * once the program is loaded), and their records in fi, *nfi of them.
 */
static struct btf *
funcs_btf(const dt_program_t *pgp, struct bpf_func_info fi[DT_NFUNCS],
    uint32_t *nfi)
{
	static const char *const cbargs[] = { "map", "key", "value", "ctx" };
	struct btf *btf;
	int tint, tlong, tptr, tproto, tf;
	uint32_t n = 0;

	if ((btf = btf__new_empty()) == NULL)
		return (NULL);
	tint = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	tlong = btf__add_int(btf, "long", 8, BTF_INT_SIGNED);
	tptr = btf__add_ptr(btf, 0);
	tproto = btf__add_func_proto(btf, tint);
	if (tint < 0 || tlong < 0 || tptr < 0 || tproto < 0 ||
	    btf__add_func_param(btf, "ctx", tptr) < 0 ||
	    (tf = btf__add_func(btf, "dt_prog", BTF_FUNC_STATIC,
	    tproto)) < 0)
		goto fail;
	fi[n++] = (struct bpf_func_info){ 0, (uint32_t)tf };
	if (pgp->pg_callback != 0) {
		if ((tproto = btf__add_func_proto(btf, tint)) < 0)
			goto fail;
		for (int i = 0; i < 4; i++) {
			if (btf__add_func_param(btf, cbargs[i], tptr) < 0)
				goto fail;
		}
		if ((tf = btf__add_func(btf, "dt_callback", BTF_FUNC_STATIC,
		    tproto)) < 0)
			goto fail;
		fi[n++] = (struct bpf_func_info){ pgp->pg_callback,
		    (uint32_t)tf };
	}
	for (int i = 0; i < DT_SUB_COUNT; i++) {
		if (pgp->pg_subs[i] == 0)
			continue;
		static const char *const args[] = { "off", "len", "arg" };

		if ((tproto = btf__add_func_proto(btf, subs[i].cb ? tint :
		    tlong)) < 0)
			goto fail;
		if (subs[i].cb) {
			if (btf__add_func_param(btf, "index", tlong) < 0 ||
			    btf__add_func_param(btf, "ctx", tptr) < 0)
				goto fail;
		} else {
			for (int a = 0; a < subs[i].nargs; a++) {
				if (btf__add_func_param(btf, args[a],
				    tlong) < 0)
					goto fail;
			}
		}
		if ((tf = btf__add_func(btf, subs[i].name, subs[i].cb ?
		    BTF_FUNC_STATIC : BTF_FUNC_GLOBAL, tproto)) < 0)
			goto fail;
		fi[n++] = (struct bpf_func_info){ pgp->pg_subs[i],
		    (uint32_t)tf };
	}
	if (btf__load_into_kernel(btf) != 0)
		goto fail;
	qsort(fi, n, sizeof (fi[0]), fi_cmp);
	*nfi = n;
	return (btf);
fail:
	btf__free(btf);
	return (NULL);
}

static int
prog_load(int type, const dt_program_t *pgp, const char *name,
    const dt_block_t *blk, const struct btf *btf,
    const struct bpf_func_info *fi, uint32_t nfi, char *log, uint32_t logsz)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof (attr));
	if (btf != NULL) {
		attr.prog_btf_fd = (uint32_t)btf__fd(btf);
		attr.func_info = (uint64_t)(uintptr_t)fi;
		attr.func_info_cnt = nfi;
		attr.func_info_rec_size = sizeof (*fi);
	}
	attr.prog_type = (uint32_t)type;
	attr.expected_attach_type = pgp->pg_attachtype;
	attr.attach_btf_id = pgp->pg_btfid;	/* fentry, fexit */
	attr.attach_btf_obj_fd = (uint32_t)pgp->pg_btfobjfd; /* a module's */
	attr.insns = (uint64_t)(uintptr_t)blk->db_insns;
	attr.insn_cnt = blk->db_len;
	attr.license = (uint64_t)(uintptr_t)"GPL";
	snprintf(attr.prog_name, sizeof (attr.prog_name), "%s", name);
	if (log != NULL) {
		attr.log_buf = (uint64_t)(uintptr_t)log;
		attr.log_size = logsz;
		attr.log_level = 1;
	}
	return (dt_bpf_syscall(BPF_PROG_LOAD, &attr, sizeof (attr)));
}

/*
 * The map what could not be created: say why, and what to change.  opt is
 * the option that sizes the map (NULL if none does): memory is what the
 * kernel runs out of, charged to the memory cgroup of the process.
 */
static int
map_fail(dtrace_hdl_t *dtp, const char *what, const char *opt)
{
	int err = errno;

	if (err == EPERM || err == EACCES)
		return (dt_set_errmsg(dtp, EDT_NOPRIV, "cannot create BPF map "
		    "%s: %s: tracing requires root (CAP_BPF, CAP_PERFMON)",
		    what, strerror(err)));
	if ((err == ENOMEM || err == E2BIG) && opt != NULL)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot create BPF map "
		    "%s: %s (lower option %s, or raise the memory limit of "
		    "this cgroup)", what, strerror(err), opt));
	if (err == ENOMEM || err == E2BIG)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot create BPF map "
		    "%s: %s (raise the memory limit of this cgroup)", what,
		    strerror(err)));
	return (dt_set_errmsg(dtp, EDT_BPF, "cannot create BPF map %s: %s",
	    what, strerror(err)));
}

static uint64_t
pow2(uint64_t v)
{
	uint64_t p = 4096;

	while (p < v)
		p <<= 1;
	return (p);
}

static int
probes_map(dtrace_hdl_t *dtp, unsigned int nused)
{
	uint32_t sz = dt_strbuf(dtp);
	int fd;

	/*
	 * Probes discovered while tracing runs are added (and removed when
	 * their process exits), as are those of the libraries a process of
	 * the session (-c, -p) loads later (dt_discover.c's rescan): room
	 * for them, allocated as they come.
	 */
	if (dt_discover_wanted(dtp) || dtp->dt_procs != NULL)
		fd = dt_bpf_map_create(BPF_MAP_TYPE_HASH, "dt_probes", 4,
		    4 * sz, nused + DT_DISCOVER_PROBES, BPF_F_NO_PREALLOC);
	else
		fd = dt_bpf_map_create(BPF_MAP_TYPE_HASH, "dt_probes", 4,
		    4 * sz, nused > 0 ? nused : 1, 0);
	if (fd < 0)
		return (map_fail(dtp, "probes", "strsize"));
	dtp->dt_mapfd[DT_MAP_PROBES] = fd;
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++) {
		dt_probe_t *prp = dtp->dt_probes[i];

		if (prp->pr_nclauses == 0 && prp->pr_desc.id != DT_PRID_ERROR)
			continue;
		if (dt_bpf_probe_add(dtp, prp) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Enter the probe's names in the probes map, for probeprov & co.; none if
 * no clause uses them (no map).
 */
int
dt_bpf_probe_add(dtrace_hdl_t *dtp, const dt_probe_t *prp)
{
	uint32_t sz = dt_strbuf(dtp), id = prp->pr_desc.id;
	char *val;

	if (dtp->dt_mapfd[DT_MAP_PROBES] < 0)
		return (0);
	if ((val = dt_zalloc(dtp, 4 * sz)) == NULL)
		return (-1);
	snprintf(val, sz, "%s", prp->pr_desc.prv);
	snprintf(val + sz, sz, "%s", prp->pr_desc.mod);
	snprintf(val + 2 * sz, sz, "%s", prp->pr_desc.fun);
	snprintf(val + 3 * sz, sz, "%s", prp->pr_desc.prb);
	if (bpf_map_update_elem(dtp->dt_mapfd[DT_MAP_PROBES], &id, val,
	    BPF_ANY) != 0) {
		free(val);
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot enter probe %u in "
		    "the probes map: %s", id, strerror(errno)));
	}
	free(val);
	return (0);
}

/* The descriptor of map idx: a fixed map, or a variable's (see dt_ident.c). */
int
dt_map_fd(const dtrace_hdl_t *dtp, int idx)
{
	if (idx < DT_MAP_COUNT)
		return (dtp->dt_mapfd[idx]);
	return (dtp->dt_varmapfd[idx - DT_MAP_COUNT]);
}

/*
 * bufresize=auto made a buffer smaller than asked: DTrace's warning, the
 * size in the largest unit that divides it ("buffer size lowered to 1600m").
 */
static void
size_lowered(dtrace_hdl_t *dtp, const char *what, uint64_t size)
{
	static const char units[] = "kmgt";
	char unit = '\0';

	for (int i = 0; i < 4 && size >= 1024 && size % 1024 == 0; i++) {
		size /= 1024;
		unit = units[i];
	}
	if (unit != '\0')
		dt_msg(dtp, DTRACE_MSG_WARNING, "%s size lowered to %llu%c",
		    what, (unsigned long long)size, unit);
	else
		dt_msg(dtp, DTRACE_MSG_WARNING, "%s size lowered to %llu",
		    what, (unsigned long long)size);
}

/*
 * An aggregation whose entry (key and value) aggsize cannot hold: as in
 * DTrace every new key is an aggregation drop.  A hash map cannot have
 * no room, so programs use a twin of one entry that one key fills (all
 * zero bytes: a firing with that key updates it, unseen; a tagged key is
 * never all zeros), and the consumer reads the real map, which stays
 * empty.
 */
static int
full_twin(dtrace_hdl_t *dtp, const dt_ident_t *idp, const char *name,
    unsigned int i)
{
	int ncpu = libbpf_num_possible_cpus();
	uint32_t ksize = idp->di_keysize +
	    (dt_agg_tagged(idp) ? DT_AGG_TAG : 0);
	void *key = calloc(1, ksize);
	void *val = calloc((size_t)(ncpu > 0 ? ncpu : 1), idp->di_valsize);
	int fd = -1;

	if (key != NULL && val != NULL)
		fd = dt_bpf_map_create(BPF_MAP_TYPE_PERCPU_HASH, name,
		    ksize, idp->di_valsize, 1, BPF_F_NO_PREALLOC);
	if (fd >= 0 && bpf_map_update_elem(fd, key, val, BPF_NOEXIST) != 0) {
		close(fd);
		fd = -1;
	}
	free(key);
	free(val);
	if (fd < 0)
		return (map_fail(dtp, "for variable", "aggsize"));
	dtp->dt_varprogfd[i] = fd;
	return (0);
}

/*
 * The most entries a variable map is made for: bufresize=auto halves a
 * larger aggsize or dynvarsize until it holds no more, and warns, as
 * DTrace halves a size it cannot have; manual refuses it.
 */
#define DT_VARMAP_MAXENT	(1U << 24)

/*
 * A tagged aggregation (dt_agg_tagged()) takes the map of an earlier one
 * of the same sizes, if there is one (1): its own descriptors of that map
 * and of its full twin, so that each variable map is closed once.  The
 * map is named after the first of them.
 */
static int
agg_share(dtrace_hdl_t *dtp, unsigned int i)
{
	const dt_ident_t *idp = dtp->dt_varmaps[i];

	for (unsigned int j = 0; j < i; j++) {
		const dt_ident_t *o = dtp->dt_varmaps[j];

		if (!dt_agg_tagged(o) || o->di_keysize != idp->di_keysize ||
		    o->di_valsize != idp->di_valsize ||
		    dt_varmap_cost(o) != dt_varmap_cost(idp) ||
		    dtp->dt_varmapfd[j] < 0)
			continue;
		if ((dtp->dt_varmapfd[i] = fcntl(dtp->dt_varmapfd[j],
		    F_DUPFD_CLOEXEC, 0)) < 0)
			return (map_fail(dtp, "for variable", "aggsize"));
		if (dtp->dt_varprogfd[j] >= 0 &&
		    (dtp->dt_varprogfd[i] = fcntl(dtp->dt_varprogfd[j],
		    F_DUPFD_CLOEXEC, 0)) < 0)
			return (map_fail(dtp, "for variable", "aggsize"));
		return (1);
	}
	return (0);
}

/*
 * One hash map for each associative array and thread-local variable,
 * each made for as many elements as dynvarsize holds of the session's
 * one pool (dt_dvar_cost(): a variable may take all of it; the programs
 * count the elements of all of them together against gs_dvarmax).  Keyed aggregations of the same sizes share one hash
 * map (dt_agg_tagged(), agg_share()) made for aggsize bytes of entries on
 * each CPU (the programs keep each CPU within aggsize for all of them
 * together, gs_aggbytes); one with a key too large for the tag has a
 * per-CPU hash map holding aggsize bytes per CPU.  An
 * aggregation without keys is a per-CPU array of one entry, whose lookup
 * the kernel inlines into the program.  Hash maps are not preallocated:
 * their entries are allocated as keys arrive (max_entries still bounds
 * them, a key beyond is a drop), so a session pays for the keys it sees,
 * not for aggsize and dynvarsize (preallocating 262,144 per-CPU entries
 * took half a second).
 */
static int
varmaps_create(dtrace_hdl_t *dtp)
{
	uint64_t asked[2] = { dtp->dt_opts.op_aggsize,
	    dtp->dt_opts.op_dynvarsize };
	int ncpu = libbpf_num_possible_cpus();
	uint64_t dcost = dt_dvar_cost(dtp);

	if (ncpu < 1)
		ncpu = 1;

	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		const dt_ident_t *idp = dtp->dt_varmaps[i];
		bool agg = idp->di_kind == DT_IDENT_AGG;
		uint64_t *size = agg ? &dtp->dt_opts.op_aggsize :
		    &dtp->dt_opts.op_dynvarsize;
		char name[BPF_OBJ_NAME_LEN], what[64];
		enum bpf_map_type type;
		uint64_t n;
		int fd;

		snprintf(name, sizeof (name), "dt_%s", idp->di_name +
		    (idp->di_kind == DT_IDENT_TLS || idp->di_tls ? 6 : 0) +
		    (agg ? 1 : 0));
		for (char *c = name; *c != '\0'; c++) {
			if (*c != '_' && *c != '.' && !isalnum((unsigned char)*c))
				*c = '_';
		}
		if (!agg || dt_agg_tagged(idp))
			type = BPF_MAP_TYPE_HASH;
		else if (idp->di_nkeys > 0)
			type = BPF_MAP_TYPE_PERCPU_HASH;
		else
			type = BPF_MAP_TYPE_PERCPU_ARRAY;
		if (dt_agg_tagged(idp)) {
			int r = agg_share(dtp, i);

			if (r < 0)
				return (-1);
			if (r > 0)
				continue;
		}
		/*
		 * bufresize=auto: a size the kernel refuses is halved, for
		 * this map and the ones after it, as DTrace halves aggsize
		 * and dynvarsize (warned below).
		 */
		for (;;) {
			n = *size / (agg || dcost == 0 ?
			    dt_varmap_cost(idp) : dcost);
			if (n < 1)
				n = 1;
			if (n > DT_VARMAP_MAXENT &&
			    dtp->dt_opts.op_bufresize_manual &&
			    type != BPF_MAP_TYPE_PERCPU_ARRAY)
				return (dt_set_errmsg(dtp, EDT_BPF, "cannot "
				    "create BPF map for variable %s: %s holds "
				    "more than %u of its entries, more than a "
				    "map is made for, with bufresize=manual",
				    idp->di_name, agg ? "aggsize" :
				    "dynvarsize", DT_VARMAP_MAXENT));
			if (n > DT_VARMAP_MAXENT &&
			    type != BPF_MAP_TYPE_PERCPU_ARRAY) {
				*size /= 2;
				continue;
			}
			if (type == BPF_MAP_TYPE_PERCPU_ARRAY)
				n = 1;
			if (dt_agg_tagged(idp) &&
			    n * (uint64_t)ncpu > UINT32_MAX / 2) {
				*size /= 2;	/* each CPU's entries */
				continue;
			}
			fd = dt_bpf_map_create(type, name, idp->di_keysize +
			    (dt_agg_tagged(idp) ? DT_AGG_TAG : 0),
			    idp->di_valsize, (uint32_t)(dt_agg_tagged(idp) ?
			    n * (uint64_t)ncpu : n),
			    type == BPF_MAP_TYPE_PERCPU_ARRAY ? 0 :
			    BPF_F_NO_PREALLOC);
			if (fd >= 0 || (errno != ENOMEM && errno != E2BIG) ||
			    dtp->dt_opts.op_bufresize_manual || n == 1)
				break;
			*size /= 2;
		}
		if (fd < 0) {
			snprintf(what, sizeof (what), "for variable %s",
			    idp->di_name);
			return (map_fail(dtp, what, agg ? "aggsize" :
			    "dynvarsize"));
		}
		dtp->dt_varmapfd[i] = fd;
		if (type == BPF_MAP_TYPE_PERCPU_HASH &&
		    *size < dt_varmap_cost(idp) &&
		    full_twin(dtp, idp, name, i) != 0)
			return (-1);
	}
	if (dtp->dt_opts.op_aggsize < asked[0])
		size_lowered(dtp, "aggregation", dtp->dt_opts.op_aggsize);
	if (dtp->dt_opts.op_dynvarsize < asked[1])
		size_lowered(dtp, "dynamic variable", dtp->dt_opts.op_dynvarsize);
	return (0);
}

/*
 * The maps of maps through which programs reach the variable maps from
 * DT_VARMAP_DIRECT on (dt_impl.h): the kernel takes a map into a map of
 * maps only if it is like the map the map of maps was made for (type,
 * key and value size, entries, flags), so there is one for each kind,
 * indexed by the variable map's number, each made for its first member.
 * A variable map's program map is the one programs use (its full twin,
 * if it has one).
 */
static int
outers_create(dtrace_hdl_t *dtp)
{
	struct bpf_map_info *kinds;
	unsigned int n = dtp->dt_nvarmaps, i;

	if (n <= DT_VARMAP_DIRECT)
		return (0);
	if ((kinds = dt_zalloc(dtp, n * sizeof (*kinds))) == NULL ||
	    (dtp->dt_outerfds = dt_zalloc(dtp, n * sizeof (int))) == NULL) {
		free(kinds);
		return (-1);
	}
	for (i = DT_VARMAP_DIRECT; i < n; i++) {
		int fd = dtp->dt_varprogfd[i] >= 0 ? dtp->dt_varprogfd[i] :
		    dtp->dt_varmapfd[i];
		struct bpf_map_info info;
		uint32_t len = sizeof (info);
		unsigned int k;

		memset(&info, 0, sizeof (info));
		if (bpf_obj_get_info_by_fd(fd, &info, &len) != 0)
			break;
		for (k = 0; k < dtp->dt_nouters; k++) {
			if (kinds[k].type == info.type &&
			    kinds[k].key_size == info.key_size &&
			    kinds[k].value_size == info.value_size &&
			    kinds[k].max_entries == info.max_entries &&
			    kinds[k].map_flags == info.map_flags)
				break;
		}
		if (k == dtp->dt_nouters) {
			LIBBPF_OPTS(bpf_map_create_opts, opts,
			    .inner_map_fd = (uint32_t)fd);
			int ofd = bpf_map_create(BPF_MAP_TYPE_ARRAY_OF_MAPS,
			    "dt_maps", 4, 4, n, &opts);

			if (ofd < 0)
				break;
			kinds[k] = info;
			dtp->dt_outerfds[dtp->dt_nouters++] = ofd;
		}
		if (bpf_map_update_elem(dtp->dt_outerfds[k], &i, &fd,
		    BPF_ANY) != 0)
			break;
		dtp->dt_varouterfd[i] = dtp->dt_outerfds[k];
	}
	free(kinds);
	return (i == n ? 0 : map_fail(dtp, "of maps", NULL));
}

/*
 * The tracing machinery's kernel text, for the programs that skip its
 * frames on top of the kernel stack (dt_cg.c, emit_kskip()): one value of
 * dt_kskipn [start, end) pairs, sorted, the last ones all ~0.  Without
 * kernel symbols the map holds only those, and nothing is skipped.
 */
static int
kskip_map(dtrace_hdl_t *dtp)
{
	const dt_ksyms_t *ks = dt_session_ksyms(dtp);
	size_t n = 0;
	const uint64_t *mach = ks != NULL ? dt_ksyms_machinery(ks, &n) : NULL;
	uint32_t zero = 0, cap = 2;
	uint64_t *val;
	int fd;

	while (cap < n + 1 && cap < DT_KSKIP_MAX)
		cap *= 2;
	if (n >= cap)
		n = cap - 1;	/* the rest is not skipped */
	if ((val = malloc(cap * 2 * sizeof (uint64_t))) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	if (n > 0)
		memcpy(val, mach, n * 2 * sizeof (uint64_t));
	memset(val + n * 2, 0xff, (cap - n) * 2 * sizeof (uint64_t));
	fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_kskip", 4,
	    cap * 2 * (uint32_t)sizeof (uint64_t), 1, BPF_F_RDONLY_PROG);
	if (fd >= 0)
		dtp->dt_mapfd[DT_MAP_KSKIP] = fd;	/* closed with the rest */
	if (fd < 0 || bpf_map_update_elem(fd, &zero, val, BPF_ANY) != 0 ||
	    bpf_map_freeze(fd) != 0) {
		free(val);
		return (map_fail(dtp, "kskip", NULL));
	}
	free(val);
	dtp->dt_kskipn = cap;
	return (0);
}

/* The integer in file PATH, or dflt if it cannot be read. */
static int32_t
read_int(const char *path, int32_t dflt)
{
	FILE *f = fopen(path, "re");
	long v;

	if (f == NULL)
		return (dflt);
	if (fscanf(f, "%ld", &v) != 1)
		v = dflt;
	fclose(f);
	return ((int32_t)v);
}

/*
 * The NUMA node of CPU cpu: the nodeN entry of its sysfs directory, 0
 * where there is none (a kernel without NUMA).
 */
static int32_t
cpu_node(int cpu)
{
	char path[64];
	int32_t node;

	for (node = 0; node < 1024; node++) {
		snprintf(path, sizeof (path),
		    "/sys/devices/system/cpu/cpu%d/node%d", cpu, node);
		if (access(path, F_OK) == 0)
			return (node);
	}
	return (0);
}

/*
 * The cpuinfo map: each possible CPU's cpuinfo_t (curcpu), made once at
 * start: its chip is the physical package, its locality group the NUMA
 * node, no processor sets (-1), its state online or not, its clock the
 * "cpu MHz" of /proc/cpuinfo.
 */
static int
cpuinfo_map(dtrace_hdl_t *dtp)
{
	int ncpus = libbpf_num_possible_cpus();
	int32_t *mhz;
	char line[256], path[96];
	FILE *f;
	int fd, cur = -1;

	if (ncpus <= 0)
		return (map_fail(dtp, "cpuinfo", NULL));
	if ((mhz = calloc((size_t)ncpus, sizeof (int32_t))) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	if ((f = fopen("/proc/cpuinfo", "re")) != NULL) {
		while (fgets(line, sizeof (line), f) != NULL) {
			double v;

			if (sscanf(line, "processor : %d", &cur) == 1)
				continue;
			if (cur >= 0 && cur < ncpus &&
			    sscanf(line, "cpu MHz : %lf", &v) == 1)
				mhz[cur] = (int32_t)v;
		}
		fclose(f);
	}
	fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_cpuinfo", 4,
	    sizeof (dt_cpuinfo_t), (uint32_t)ncpus, BPF_F_RDONLY_PROG);
	if (fd < 0) {
		free(mhz);
		return (map_fail(dtp, "cpuinfo", NULL));
	}
	dtp->dt_mapfd[DT_MAP_CPUINFO] = fd;	/* closed with the rest */
	for (int cpu = 0; cpu < ncpus; cpu++) {
		dt_cpuinfo_t ci = { .ci_id = cpu, .ci_pset = -1,
		    .ci_fputypes = "i387 compatible", .ci_type = "x86_64",
		    .ci_clock = mhz[cpu] };
		uint32_t key = (uint32_t)cpu;

		snprintf(path, sizeof (path), "/sys/devices/system/cpu/cpu%d/"
		    "topology/physical_package_id", cpu);
		ci.ci_chip = read_int(path, 0);
		ci.ci_lgrp = cpu_node(cpu);
		snprintf(path, sizeof (path),
		    "/sys/devices/system/cpu/cpu%d/online", cpu);
		ci.ci_state = read_int(path, 1) != 0 ? 2 : 1;	/* P_ONLINE */
		if (bpf_map_update_elem(fd, &key, &ci, BPF_ANY) != 0) {
			free(mhz);
			return (map_fail(dtp, "cpuinfo", NULL));
		}
	}
	free(mhz);
	if (bpf_map_freeze(fd) != 0)
		return (map_fail(dtp, "cpuinfo", NULL));
	return (0);
}

int
dt_bpf_maps_create(dtrace_hdl_t *dtp)
{
	uint32_t gsize = (uint32_t)sizeof (dt_gstate_t) + dtp->dt_globsize;
	uint32_t ssize = dtp->dt_strtablen > 0 ? dtp->dt_strtablen : 8;
	uint32_t zero = 0;
	unsigned int nprobes = 0;
	bool useprobes = false, usespec = false, kstack = false;
	bool cpuinfo = false;
	uint64_t bsize;
	int fd;

	/*
	 * bufresize=auto (DTrace's default): a buffer larger than a ring
	 * buffer can be, or than memory allows, is made smaller, halving
	 * until it can be made; manual: at its size or not at all.
	 */
	bsize = dtp->dt_opts.op_bufsize;
	if (pow2(bsize) > DT_BUFSIZE_MAX && dtp->dt_opts.op_bufresize_manual)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot create BPF map "
		    "output: bufsize must be at most 2g (the largest BPF ring "
		    "buffer) with bufresize=manual"));
	/* bufsize halved as DTrace halves it; the ring buffer is the
	   power of 2 at least as large (at least a page) */
	while (pow2(bsize) > DT_BUFSIZE_MAX)
		bsize /= 2;
	while ((fd = dt_bpf_map_create(BPF_MAP_TYPE_RINGBUF, "dt_output", 0,
	    0, (uint32_t)pow2(bsize), 0)) < 0 && (errno == ENOMEM ||
	    errno == E2BIG) && !dtp->dt_opts.op_bufresize_manual &&
	    pow2(bsize) > 4096)
		bsize /= 2;
	if (fd < 0)
		return (map_fail(dtp, "output", "bufsize"));
	dtp->dt_mapfd[DT_MAP_OUTPUT] = fd;
	if (bsize < dtp->dt_opts.op_bufsize) {
		size_lowered(dtp, "buffer", bsize);
		dtp->dt_opts.op_bufsize = bsize;
	}

	fd = dt_bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "dt_dctx", 4,
	    dt_dctx_size(dtp), 1, 0);
	if (fd < 0)
		return (map_fail(dtp, "dctx", "strsize"));
	dtp->dt_mapfd[DT_MAP_DCTX] = fd;

	gsize = (gsize + 7) & ~7U;
	fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_globals", 4, gsize, 1,
	    BPF_F_MMAPABLE);
	if (fd < 0)
		return (map_fail(dtp, "globals", "strsize"));
	dtp->dt_mapfd[DT_MAP_GLOBALS] = fd;
	dtp->dt_gmapsize = ((size_t)gsize + 4095) & ~(size_t)4095;
	dtp->dt_gstate = mmap(NULL, dtp->dt_gmapsize, PROT_READ | PROT_WRITE,
	    MAP_SHARED, fd, 0);
	if (dtp->dt_gstate == MAP_FAILED) {
		dtp->dt_gstate = NULL;
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot map the globals "
		    "map: %s", strerror(errno)));
	}

	fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_strtab", 4, ssize, 1,
	    BPF_F_RDONLY_PROG);
	if (fd < 0)
		return (map_fail(dtp, "strtab", NULL));
	dtp->dt_mapfd[DT_MAP_STRTAB] = fd;
	if (dtp->dt_strtablen > 0 &&
	    bpf_map_update_elem(fd, &zero, dtp->dt_strtab, BPF_ANY) != 0)
		return (map_fail(dtp, "strtab", NULL));
	if (bpf_map_freeze(fd) != 0)
		return (map_fail(dtp, "strtab", NULL));

	if (varmaps_create(dtp) != 0 || outers_create(dtp) != 0)
		return (-1);
	{
		/* zeros as large as the largest aggregation value, or
		   struct or array a self-> or associative array element
		   holds (the value of one not there, and what one is made
		   from before a member is written) */
		uint32_t zsize = 0;

		for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
			const dt_ident_t *v = dtp->dt_varmaps[i];

			if ((v->di_kind == DT_IDENT_AGG ||
			    dt_type_isbytes(v->di_type)) &&
			    v->di_valsize > zsize)
				zsize = v->di_valsize;
		}
		if (zsize > 0) {
			fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_zero", 4,
			    zsize, 1, BPF_F_RDONLY_PROG);
			if (fd < 0)
				return (map_fail(dtp, "zero", NULL));
			dtp->dt_mapfd[DT_MAP_ZERO] = fd;
		}
	}
	for (unsigned int i = 0; i < dtp->dt_nclauses; i++) {
		useprobes |= dtp->dt_clauses[i]->dc_useprobes;
		usespec |= dtp->dt_clauses[i]->dc_usespec;
		kstack |= dtp->dt_clauses[i]->dc_kstack;
		cpuinfo |= dtp->dt_clauses[i]->dc_cpuinfo;
	}
	if (kstack && kskip_map(dtp) != 0)
		return (-1);
	if (cpuinfo && cpuinfo_map(dtp) != 0)
		return (-1);
	if (dtp->dt_opts.op_specsize > DT_SPEC_MAPMAX - sizeof (dt_specbuf_t)) {
		/* halved by dt_specsize(), as DTrace halves it */
		if (dtp->dt_opts.op_bufresize_manual)
			return (dt_set_errmsg(dtp, EDT_BPF, "cannot create BPF "
			    "map spec: specsize must be at most %u with "
			    "bufresize=manual", (unsigned int)(DT_SPEC_MAPMAX -
			    sizeof (dt_specbuf_t))));
		dtp->dt_opts.op_specsize = dt_specsize(dtp);
		size_lowered(dtp, "speculation", dtp->dt_opts.op_specsize);
	}
	if (usespec) {
		/* nspec buffers in one value, for direct addresses */
		uint64_t vsize = (uint64_t)dtp->dt_opts.op_nspec *
		    (sizeof (dt_specbuf_t) + dt_specsize(dtp));

		if (vsize > DT_SPEC_MAPMAX)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "nspec %u "
			    "and specsize %u need %llu bytes of speculation "
			    "buffers: at most %u", dtp->dt_opts.op_nspec,
			    dt_specsize(dtp), (unsigned long long)vsize,
			    DT_SPEC_MAPMAX));
		fd = dt_bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_spec", 4,
		    (uint32_t)vsize, 1, 0);
		if (fd < 0)
			return (map_fail(dtp, "spec", "specsize"));
		dtp->dt_mapfd[DT_MAP_SPEC] = fd;
	}
	if (dt_discover_wanted(dtp)) {
		fd = dt_bpf_map_create(BPF_MAP_TYPE_HASH, "dt_usdt_prids",
		    sizeof (dt_usdtkey_t), sizeof (dt_usdtval_t),
		    dtp->dt_opts.op_usdtprids, BPF_F_NO_PREALLOC);
		if (fd < 0)
			return (map_fail(dtp, "usdt_prids", "usdtprids"));
		dtp->dt_mapfd[DT_MAP_USDTPRIDS] = fd;
		fd = dt_bpf_map_create(BPF_MAP_TYPE_HASH, "dt_usdt_gen", 4, 4,
		    dtp->dt_opts.op_usdtprids, BPF_F_NO_PREALLOC);
		if (fd < 0)
			return (map_fail(dtp, "usdt_gen", "usdtprids"));
		dtp->dt_mapfd[DT_MAP_USDTGEN] = fd;
	}
	for (unsigned int i = 0; i < dtp->dt_nprobes; i++)
		nprobes += dtp->dt_probes[i]->pr_nclauses > 0;
	if (useprobes)
		return (probes_map(dtp, nprobes + 1));
	return (0);
}

/* The clause whose block holds instruction insn, or -1. */
static int
clause_at(const dt_program_t *pgp, long insn)
{
	for (unsigned int i = 0; i < pgp->pg_nclauses; i++) {
		if (insn >= pgp->pg_ranges[i] && insn < pgp->pg_ranges[i + 1])
			return ((int)pgp->pg_clauses[i]);
	}
	return (-1);
}

/* Instruction index of the last "N: (..." line of a verifier log. */
static long
log_insn(const char *log)
{
	long insn = -1;

	for (const char *l = log; *l != '\0'; ) {
		const char *nl = strchr(l, '\n');

		if (isdigit((unsigned char)*l)) {
			char *end;
			long v = strtol(l, &end, 10);

			if (*end == ':' && end[1] == ' ' && end[2] == '(')
				insn = v;
		}
		if (nl == NULL)
			break;
		l = nl + 1;
	}
	return (insn);
}

/* The last n lines of s. */
static const char *
last_lines(const char *s, int n)
{
	const char *p = s + strlen(s);

	while (p > s && (p[-1] == '\n' || p[-1] == ' '))
		p--;
	while (p > s) {
		if (p[-1] == '\n' && --n == 0)
			break;
		p--;
	}
	return (p);
}

static int
verifier_error(dtrace_hdl_t *dtp, const dt_program_t *pgp, int err,
    const char *log)
{
	long insn = log_insn(log);
	int c = clause_at(pgp, insn);
	const dt_clause_t *dcp = c >= 0 ? dtp->dt_clauses[c] : NULL;
	char where[512];

	int sub = -1;

	for (int i = 0; i < DT_SUB_COUNT; i++) {
		if (pgp->pg_subs[i] != 0 && insn >= pgp->pg_subs[i] &&
		    (sub < 0 || pgp->pg_subs[i] > pgp->pg_subs[sub]))
			sub = i;
	}
	if (dcp != NULL)
		snprintf(where, sizeof (where), "dt_clause_%d (%s at %s)", c,
		    dcp->dc_desctext[0], dcp->dc_where != NULL ?
		    dcp->dc_where : "?");
	else if (sub >= 0)
		snprintf(where, sizeof (where), "the runtime routine %s",
		    subs[sub].name);
	else
		snprintf(where, sizeof (where), "the probe trampoline");
	return (dt_set_errmsg(dtp, EDT_VERIFIER, "BPF verifier rejected the "
	    "program of %s: %s\nverifier: %s", where, strerror(err),
	    last_lines(log, 4)));
}

/* Show the verifier's log of program name, each line after "BPF: ". */
static void
show_log(dtrace_hdl_t *dtp, const char *name, const char *log)
{
	size_t n = strlen(name) + 64;
	char *text, *p;

	for (const char *l = log; *l != '\0'; l++)
		n += *l == '\n' ? 6 : 1;
	if ((text = malloc(n)) == NULL)
		return;
	p = text + sprintf(text, "BPF: the verifier's log of %s:", name);
	for (const char *l = log; *l != '\0'; ) {
		const char *nl = strchr(l, '\n');
		size_t len = nl != NULL ? (size_t)(nl - l) : strlen(l);

		p += sprintf(p, "\nBPF: %.*s", (int)len, l);
		l += len + (nl != NULL);
	}
	dt_msg(dtp, DTRACE_MSG_BPFLOG, "%s", text);
	free(text);
}

int
dt_bpf_prog_load(dtrace_hdl_t *dtp, dt_block_t *blk, int type,
    const char *name, dt_program_t *pgp)
{
	size_t logsz = dtp->dt_opts.op_bpflogsize;
	struct bpf_func_info fi[DT_NFUNCS];
	uint32_t nfi = 0;
	struct btf *btf = NULL;
	char *log;
	int fd, err;

	for (uint32_t i = 0; i < blk->db_nrels; i++) {
		struct bpf_insn *in = &blk->db_insns[blk->db_rels[i].dr_insn];
		int idx = in->imm;

		if (idx & DT_MAP_OUTER) {
			in->imm = dtp->dt_varouterfd[(idx & ~DT_MAP_OUTER) -
			    DT_MAP_COUNT];
			continue;
		}
		in->imm = idx >= DT_MAP_COUNT &&
		    dtp->dt_varprogfd[idx - DT_MAP_COUNT] >= 0 ?
		    dtp->dt_varprogfd[idx - DT_MAP_COUNT] : dt_map_fd(dtp, idx);
	}
	if (many_funcs(pgp) && (btf = funcs_btf(pgp, fi, &nfi)) == NULL)
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot load the BTF of "
		    "BPF program %s: %s", name, strerror(errno)));
	if (dtp->dt_opts.op_bpflog) {
		if ((log = malloc(logsz)) == NULL) {
			btf__free(btf);
			return (dt_set_errno(dtp, EDT_NOMEM));
		}
		log[0] = '\0';
		fd = prog_load(type, pgp, name, blk, btf, fi, nfi, log,
		    (uint32_t)logsz);
		err = errno;
		show_log(dtp, name, log);
		if (fd < 0 && err == ENOSPC) {
			/* the log was cut: the program itself may be fine */
			dt_msg(dtp, DTRACE_MSG_BPFLOG, "BPF: (the log of %s is "
			    "cut at bpflogsize, %zu bytes)", name, logsz);
			fd = prog_load(type, pgp, name, blk, btf, fi, nfi,
			    NULL, 0);
			err = errno;
		}
		btf__free(btf);
		if (fd >= 0)
			pgp->pg_fd = fd;
		else if (err == EPERM && geteuid() != 0)
			dt_set_errno(dtp, EDT_NOPRIV);
		else
			verifier_error(dtp, pgp, err, log);
		free(log);
		return (fd >= 0 ? 0 : -1);
	}
	fd = prog_load(type, pgp, name, blk, btf, fi, nfi, NULL, 0);
	if (fd >= 0) {
		pgp->pg_fd = fd;
		btf__free(btf);		/* the program holds it now */
		return (0);
	}
	err = errno;
	if (err == EPERM && geteuid() != 0) {
		btf__free(btf);
		return (dt_set_errno(dtp, EDT_NOPRIV));
	}
	if (err == EMFILE || err == ENFILE) {	/* not the verifier's doing */
		btf__free(btf);
		return (dt_set_errmsg(dtp, EDT_BPF, "cannot load BPF program "
		    "%s: %s", name, strerror(err)));
	}
	if ((log = malloc(logsz)) == NULL) {
		btf__free(btf);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	log[0] = '\0';
	fd = prog_load(type, pgp, name, blk, btf, fi, nfi, log,
	    (uint32_t)logsz);
	btf__free(btf);		/* loaded or not, the BTF is done with */
	if (fd >= 0) {
		/* Accepted with a log: a transient failure. */
		free(log);
		pgp->pg_fd = fd;
		return (0);
	}
	err = errno;
	verifier_error(dtp, pgp, err, log);
	free(log);
	return (-1);
}

void
dt_bpf_close(dtrace_hdl_t *dtp)
{
	dt_program_t *pgp, *next;

	if (dtp->dt_ringbuf != NULL) {
		ring_buffer__free(dtp->dt_ringbuf);
		dtp->dt_ringbuf = NULL;
	}
	if (dtp->dt_rbpos != NULL) {
		munmap(dtp->dt_rbpos, 2 * (size_t)getpagesize());
		dtp->dt_rbpos = NULL;
	}
	dt_attfds_close(dtp);
	dt_hold_stop(dtp);
	dt_discover_free(dtp);
	dt_registry_close(dtp);
	free(dtp->dt_attfds);
	dtp->dt_attfds = NULL;
	dtp->dt_nattfds = dtp->dt_attcap = 0;
	for (pgp = dtp->dt_programs; pgp != NULL; pgp = next) {
		next = pgp->pg_next;
		if (pgp->pg_fd >= 0)
			close(pgp->pg_fd);
		if (pgp->pg_pvfd >= 0)
			close(pgp->pg_pvfd);
		free(pgp->pg_clauses);
		free(pgp->pg_stmts);
		free(pgp->pg_ranges);
		free(pgp);
	}
	dtp->dt_programs = NULL;
	dtp->dt_beginfd = dtp->dt_endfd = -1;
	if (dtp->dt_gstate != NULL) {
		munmap(dtp->dt_gstate, dtp->dt_gmapsize);
		dtp->dt_gstate = NULL;
	}
	for (int i = 0; i < DT_MAP_COUNT; i++) {
		if (dtp->dt_mapfd[i] >= 0)
			close(dtp->dt_mapfd[i]);
		dtp->dt_mapfd[i] = -1;
	}
	for (unsigned int i = 0; i < dtp->dt_nvarmaps; i++) {
		if (dtp->dt_varmapfd[i] >= 0)
			close(dtp->dt_varmapfd[i]);
		if (dtp->dt_varprogfd[i] >= 0)
			close(dtp->dt_varprogfd[i]);
		dtp->dt_varmapfd[i] = -1;
		dtp->dt_varprogfd[i] = -1;
		dtp->dt_varouterfd[i] = -1;
	}
	for (unsigned int k = 0; k < dtp->dt_nouters; k++)
		close(dtp->dt_outerfds[k]);
	free(dtp->dt_outerfds);
	dtp->dt_outerfds = NULL;
	dtp->dt_nouters = 0;
	if (dtp->dt_epollfd >= 0)
		close(dtp->dt_epollfd);
	dtp->dt_epollfd = -1;
}

/*
 * The link_create part of union bpf_attr for a uprobe_multi link, which
 * the build's kernel headers (Linux 6.1) do not have yet.
 */
#define DT_BPF_F_UPROBE_MULTI_RETURN	1U

typedef struct dt_umulti_attr {
	uint32_t um_progfd;		/* program */
	uint32_t um_targetfd;		/* 0 */
	uint32_t um_attachtype;		/* DT_BPF_TRACE_UPROBE_MULTI */
	uint32_t um_linkflags;		/* 0 */
	uint64_t um_path;		/* file (a pointer) */
	uint64_t um_offsets;		/* file offsets (a pointer) */
	uint64_t um_refctrs;		/* semaphores' file offsets (a
					   pointer), 0: none */
	uint64_t um_cookies;		/* cookies (a pointer) */
	uint32_t um_cnt;		/* how many offsets */
	uint32_t um_flags;		/* DT_BPF_F_UPROBE_MULTI_RETURN */
	uint32_t um_pid;		/* process whose threads fire it */
	uint8_t um_pad[68];		/* the rest of union bpf_attr: 0 */
} dt_umulti_attr_t;

/*
 * A uprobe_multi link of program progfd on n offsets of file path (with
 * reference counters refctrs, or NULL), uretprobes if ret, fired by the
 * threads of process pid only.  The link's descriptor, or -1 with errno.
 */
int
dt_bpf_uprobe_multi(int progfd, const char *path, const uint64_t *offs,
    const uint64_t *refctrs, const uint64_t *cookies, uint32_t n, bool ret,
    pid_t pid)
{
	dt_umulti_attr_t attr;

	memset(&attr, 0, sizeof (attr));
	attr.um_progfd = (uint32_t)progfd;
	attr.um_attachtype = DT_BPF_TRACE_UPROBE_MULTI;
	attr.um_path = (uint64_t)(uintptr_t)path;
	attr.um_offsets = (uint64_t)(uintptr_t)offs;
	attr.um_refctrs = (uint64_t)(uintptr_t)refctrs;
	attr.um_cookies = (uint64_t)(uintptr_t)cookies;
	attr.um_cnt = n;
	attr.um_flags = ret ? DT_BPF_F_UPROBE_MULTI_RETURN : 0;
	attr.um_pid = (uint32_t)pid;
	return (dt_bpf_syscall(BPF_LINK_CREATE, &attr, sizeof (attr)));
}
