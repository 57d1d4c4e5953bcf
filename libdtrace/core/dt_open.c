/*
 * dt_open.c: creating and destroying sessions, options, enabling compiled
 * programs.
 *
 * dtrace_open() alone makes a handle ready: it touches nothing in the
 * kernel and reads no file, so that opening a session costs microseconds.
 * Kernel objects are created by dtrace_go().  It does check that the
 * process may trace at all (one capget(), no kernel object): a session
 * that could never start fails at once, before it has compiled anything,
 * unless DTRACE_O_NODEV says that it will only compile.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/syscall.h>

#include "dt_impl.h"
#include "dt_fn.h"
#include "../types/dt_ksyms.h"
#include "../types/dt_tcache.h"

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
	dtp->dt_opts.op_strsize = 256;
	dtp->dt_opts.op_scratchsize = 256;
	dtp->dt_opts.op_stackframes = 20;
	dtp->dt_opts.op_stackindent = 14;
	dtp->dt_opts.op_ustackframes = 100;
	dtp->dt_opts.op_ustackcopy = 8192;
	dtp->dt_opts.op_printsize = 8192;
	dtp->dt_opts.op_jstackframes = 50;
	dtp->dt_opts.op_jstackstrsize = 512;
	dtp->dt_opts.op_bufsize = 4 << 20;
	dtp->dt_opts.op_switchrate = 1000000000ULL;
	dtp->dt_opts.op_statusrate = 1000000000ULL;
	dtp->dt_opts.op_aggrate = 1000000000ULL;
	dtp->dt_opts.op_cleanrate = 1000000000ULL / 101;
	dtp->dt_opts.op_dynvarsize = 1 << 20;
	dtp->dt_opts.op_aggsize = 4 << 20;
	dtp->dt_opts.op_nspec = 1;
	dtp->dt_opts.op_specsize = 32 << 10;
	dtp->dt_opts.op_usdtprids = 65536;
	dtp->dt_opts.op_fbtmaxtramp = DT_FBT_MAXTRAMP;
	for (int i = 0; i < DT_MAP_COUNT; i++)
		dtp->dt_mapfd[i] = -1;
	dtp->dt_beginfd = dtp->dt_endfd = dtp->dt_epollfd = -1;
	dtp->dt_stdoutfd = -1;
	if (dt_prov_dtrace.pv_populate(dtp) != 0) {
		if (errp != NULL)
			*errp = dtp->dt_errno;
		dtrace_close(dtp);
		return (NULL);
	}
	dtp->dt_provpop |= 1;	/* the dtrace provider is first */
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
	dt_probes_free(dtp);
	dt_pidmods_free(dtp);
	dt_pbuf_free(dtp);
	dt_print_free(dtp);
	dt_tp_free(dtp);
	dt_usdt_free(dtp);
	dt_fbt_free(dtp);	/* before the types its modules hold */
	dt_provdecls_free(dtp);
	dt_usym_free_all(dtp);	/* before the ELF files it indexes */
	dt_elf_free_all(dtp);
	dt_idents_free(dtp);
	dt_ktypes_rele(dtp);
	dt_tcache_rele(dtp->dt_dtypes);
	dt_ksyms_rele(dtp->dt_ksyms);
	free(dtp->dt_opts.op_btfpath);
	free(dtp->dt_opts.op_debugdir);
	free(dtp->dt_opts.op_registry);
	dt_cpp_free(dtp);
	if (dtp->dt_stdoutfd >= 0)
		(void) close(dtp->dt_stdoutfd);	/* dup()ed by freopen() */
	free(dtp);
}

/* ---- options ------------------------------------------------------------- */

/* A size with an optional k, m, g, t suffix. */
static int
parse_size(const char *s, uint64_t *vp)
{
	char *end;
	unsigned long long v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return (-1);
	v = strtoull(s, &end, 0);
	switch (tolower((unsigned char)*end)) {
	case 't': v <<= 10; /* FALLTHROUGH */
	case 'g': v <<= 10; /* FALLTHROUGH */
	case 'm': v <<= 10; /* FALLTHROUGH */
	case 'k': v <<= 10; end++; break;
	default: break;
	}
	if (*end != '\0')
		return (-1);
	*vp = v;
	return (0);
}

/*
 * A rate: a number of nanoseconds with a time unit, or a frequency with
 * "hz"; no unit means hz, as DTrace's rate options do.
 */
static int
parse_rate(const char *s, uint64_t *nsp)
{
	static const struct {
		const char *u;
		uint64_t ns;
	} units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000 }, { "sec", 1000000000 },
		{ NULL, 0 }
	};
	char *end;
	unsigned long long v;

	if (s == NULL || !isdigit((unsigned char)*s))
		return (-1);
	v = strtoull(s, &end, 10);
	if (*end == '\0' || strcasecmp(end, "hz") == 0) {
		if (v == 0)
			return (-1);
		*nsp = 1000000000ULL / v;
		return (0);
	}
	for (int i = 0; units[i].u != NULL; i++) {
		if (strcasecmp(end, units[i].u) == 0) {
			*nsp = v * units[i].ns;
			return (0);
		}
	}
	return (-1);
}

static int
parse_bool(const char *val, bool *bp)
{
	if (val == NULL || strcmp(val, "") == 0) {
		*bp = true;
		return (0);
	}
	return (-1);
}

/* The index of val in the NULL-terminated words, or -1. */
static int
parse_word(const char *val, const char *const *words)
{
	for (int i = 0; val != NULL && words[i] != NULL; i++) {
		if (strcmp(val, words[i]) == 0)
			return (i);
	}
	return (-1);
}

/*
 * Options the consumer reads as it goes, which may change while tracing;
 * the others are built into the programs and maps.
 */
static bool
opt_dynamic(const char *opt)
{
	static const char *const dynamic[] = {
		"quiet", "aggsortkey", "aggsortkeypos", "aggsortpos",
		"aggsortrev", "aggzoom", "aggpack", "agghist", "encoding",
		"switchrate", "aggrate",
	};

	for (size_t i = 0; i < sizeof (dynamic) / sizeof (dynamic[0]); i++) {
		if (strcmp(opt, dynamic[i]) == 0)
			return (true);
	}
	return (false);
}

DT_EXPORT int
dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val)
{
	dt_options_t *op = &dtp->dt_opts;
	uint64_t v;

	if (opt == NULL)
		return (dt_set_errno(dtp, EINVAL));
	if (dtp->dt_active && !opt_dynamic(opt))
		return (dt_set_errno(dtp, EDT_ACTIVE));
	if (strcmp(opt, "quiet") == 0) {
		if (parse_bool(val, &op->op_quiet) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "errtags") == 0) {
		if (parse_bool(val, &op->op_errtags) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "rawbytes") == 0) {
		/* trace() of a string prints its bytes in hex (dt_consume.c) */
		if (parse_bool(val, &op->op_rawbytes) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "temporal") == 0) {
		/* one ring buffer for all CPUs: already in time order */
		if (parse_bool(val, &op->op_temporal) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "quietresize") == 0) {
		/* buffers are never resized, so there is nothing to say */
		if (parse_bool(val, &op->op_quietresize) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "fbtkprobe") == 0) {
		if (parse_bool(val, &op->op_fbtkprobe) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "fbtmaxtramp") == 0) {
		/* read when tracing starts (fbt_prepare()) */
		if (parse_size(val, &v) != 0 || v > UINT32_MAX)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "fbtmaxtramp "
			    "must be a number from 0 to %u", UINT32_MAX));
		op->op_fbtmaxtramp = (uint32_t)v;
	} else if (strcmp(opt, "zdefs") == 0) {
		if (parse_bool(val, &op->op_zdefs) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "defaultargs") == 0) {
		if (parse_bool(val, &op->op_defaultargs) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "argref") == 0) {
		if (parse_bool(val, &op->op_argref) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "aggsortkey") == 0) {
		if (parse_bool(val, &op->op_aggsortkey) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "aggsortrev") == 0) {
		if (parse_bool(val, &op->op_aggsortrev) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "aggzoom") == 0) {
		if (parse_bool(val, &op->op_aggzoom) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "aggpack") == 0) {
		if (parse_bool(val, &op->op_aggpack) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "agghist") == 0) {
		if (parse_bool(val, &op->op_agghist) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "encoding") == 0) {
		/* in the order of DT_ENCODING_* */
		static const char *const enc[] = {
			"auto", "ascii", "utf8", NULL
		};
		int i = parse_word(val, enc);

		if (i < 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "encoding "
			    "must be auto, ascii or utf8"));
		op->op_encoding = i;
	} else if (strcmp(opt, "aggsortpos") == 0 ||
	    strcmp(opt, "aggsortkeypos") == 0) {
		if (parse_size(val, &v) != 0 || v > UINT32_MAX)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		if (strcmp(opt, "aggsortpos") == 0)
			op->op_aggsortpos = (uint32_t)v;
		else
			op->op_aggsortkeypos = (uint32_t)v;
	} else if (strcmp(opt, "flowindent") == 0) {
		if (parse_bool(val, &op->op_flowindent) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "destructive") == 0) {
		if (parse_bool(val, &op->op_destructive) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	} else if (strcmp(opt, "strsize") == 0) {
		if (parse_size(val, &v) != 0 || v < 2 || v > 4096)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "strsize must be between 2 and 4096"));
		if (dtp->dt_strtablen > 0 || dtp->dt_globsize > 0)
			return (dt_set_errmsg(dtp, EDT_ACTIVE,
			    "strsize must be set before the first program "
			    "is compiled"));
		op->op_strsize = (uint32_t)v;
	} else if (strcmp(opt, "scratchsize") == 0) {
		if (parse_size(val, &v) != 0 || v < 8 || v > DT_SCRATCH_MAX)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "scratchsize must be between 8 and %u",
			    DT_SCRATCH_MAX));
		if (dtp->dt_nclauses > 0 || dtp->dt_strtablen > 0 ||
		    dtp->dt_globsize > 0)
			return (dt_set_errmsg(dtp, EDT_ACTIVE,
			    "scratchsize must be set before the first program "
			    "is compiled"));
		op->op_scratchsize = (uint32_t)v;
	} else if (strcmp(opt, "stackframes") == 0) {
		/* read when a clause calling stack() is compiled */
		if (parse_size(val, &v) != 0 || v < 1 ||
		    v > DT_STACK_MAXFRAMES)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "stackframes must be between 1 and 127"));
		op->op_stackframes = (uint32_t)v;
	} else if (strcmp(opt, "ustackframes") == 0) {
		/* read when a clause calling ustack() is compiled */
		if (parse_size(val, &v) != 0 || v < 1 ||
		    v > DT_STACK_MAXFRAMES)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "ustackframes must be between 1 and 127"));
		op->op_ustackframes = (uint32_t)v;
	} else if (strcmp(opt, "ustackcopy") == 0) {
		/* read when a clause calling ustack() is compiled */
		if (parse_size(val, &v) != 0 || v > DT_USTACK_COPYMAX ||
		    v % DT_USTACK_CHUNK != 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "ustackcopy must be a multiple of 512 between 0 "
			    "and 16384"));
		op->op_ustackcopy = (uint32_t)v;
	} else if (strcmp(opt, "jstackframes") == 0) {
		/* read when a clause calling jstack() is compiled */
		if (parse_size(val, &v) != 0 || v < 1 ||
		    v > DT_STACK_MAXFRAMES)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "jstackframes must be between 1 and 127"));
		op->op_jstackframes = (uint32_t)v;
	} else if (strcmp(opt, "jstackstrsize") == 0) {
		/* for stack helpers, which Linux has none of */
		if (parse_size(val, &v) != 0 || v < 1 || v > UINT32_MAX)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_jstackstrsize = (uint32_t)v;
	} else if (strcmp(opt, "printsize") == 0) {
		/* read when a clause calling print() is compiled */
		if (parse_size(val, &v) != 0 || v < 1 || v > DT_PRINT_MAX)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "printsize must be between 1 and %d",
			    DT_PRINT_MAX));
		op->op_printsize = (uint32_t)v;
	} else if (strcmp(opt, "stackindent") == 0) {
		if (parse_size(val, &v) != 0 || v > 256)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "stackindent must be between 0 and 256"));
		op->op_stackindent = (uint32_t)v;
	} else if (strcmp(opt, "bufsize") == 0) {
		if (parse_size(val, &v) != 0 || v == 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		/* a ring buffer of a power of two bytes, at most 2 GB */
		if (v > DT_BUFSIZE_MAX)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "bufsize "
			    "must be at most 2g (the largest BPF ring "
			    "buffer)"));
		op->op_bufsize = v;
	} else if (strcmp(opt, "debugdir") == 0) {
		/* read when a stripped file's symbols are (proc/dt_elf.c) */
		char *dir;

		if (val == NULL || val[0] != '/')
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "debugdir "
			    "must be an absolute directory"));
		if ((dir = strdup(val)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		free(op->op_debugdir);
		op->op_debugdir = dir;
	} else if (strcmp(opt, "evaltime") == 0) {
		/*
		 * When DTrace evaluates the descriptions of a -c process.
		 * Here the process is held before it runs and at each change
		 * of its objects until their probes are attached (probes/
		 * dt_discover.c), which is as early as each of these: kept
		 * for dtrace_getopt(), no other effect.
		 */
		static const char *const when[] = {
			"exec", "preinit", "postinit", "main", NULL
		};
		int i = parse_word(val, when);

		if (i < 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "evaltime "
			    "must be exec, preinit, postinit or main"));
		op->op_evaltime = i;
	} else if (strcmp(opt, "libdir") == 0) {
		char *dir;

		if (val == NULL || val[0] == '\0')
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "libdir "
			    "needs a directory"));
		if (dtp->dt_libdirsdone)
			return (dt_set_errmsg(dtp, EDT_ACTIVE, "libdir must be "
			    "set before the first program is compiled"));
		if (op->op_nlibdirs == op->op_libdircap &&
		    dt_grow(dtp, (void **)&op->op_libdirs, &op->op_libdircap,
		    4, sizeof (char *)) != 0)
			return (-1);
		if ((dir = strdup(val)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		op->op_libdirs[op->op_nlibdirs++] = dir;
	} else if (strcmp(opt, "amin") == 0) {
		dtrace_attribute_t a = { 0, 0, 0 };

		if (val == NULL || dtrace_str2attr(val, &a) != 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "amin must "
			    "be name/data/class stability attributes, such as "
			    "Evolving/Evolving/Common"));
		op->op_amin = a;
	} else if (strcmp(opt, "bufpolicy") == 0) {
		/* consume/dt_pbuf.c: how fill and ring are kept */
		if (dtp->dt_active || dtp->dt_stopped)
			return (dt_set_errmsg(dtp, EDT_ACTIVE, "bufpolicy "
			    "cannot change once tracing has started"));
		/* in the order of DT_BUFPOLICY_* */
		static const char *const policy[] = {
			"switch", "fill", "ring", NULL
		};
		int i = parse_word(val, policy);

		if (i < 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "bufpolicy "
			    "must be switch, fill or ring"));
		op->op_bufpolicy = i;
	} else if (strcmp(opt, "bufresize") == 0) {
		/* the buffer is made once, at its size, or not at all */
		static const char *const resize[] = { "auto", "manual", NULL };
		int i = parse_word(val, resize);

		if (i < 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "bufresize "
			    "must be auto or manual"));
		op->op_bufresize_manual = i == 1;
	} else if (strcmp(opt, "registry") == 0) {
		char *path;

		/* read at go time (probes/dt_registry.c) */
		if (val == NULL || *val == '\0')
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		if ((path = dt_strdup(dtp, val)) == NULL)
			return (-1);
		free(op->op_registry);
		op->op_registry = path;
	} else if (strcmp(opt, "btfpath") == 0) {
		char *path, *old = op->op_btfpath;
		struct dt_tentry *oldtypes = dtp->dt_ktypes;

		if (val == NULL || *val == '\0')
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		if ((path = dt_strdup(dtp, val)) == NULL)
			return (-1);
		/* Named explicitly: load it now, so a bad file is reported
		   where it is named. */
		op->op_btfpath = path;
		dtp->dt_ktypes = NULL;
		if (dt_ktypes(dtp) == NULL) {
			op->op_btfpath = old;
			dtp->dt_ktypes = oldtypes;
			free(path);
			return (-1);
		}
		free(old);
		if (oldtypes != NULL) {
			struct dt_tentry *nt = dtp->dt_ktypes;

			dtp->dt_ktypes = oldtypes;
			dt_ktypes_rele(dtp);
			dtp->dt_ktypes = nt;
		}
	} else if (strcmp(opt, "dynvarsize") == 0) {
		if (parse_size(val, &v) != 0 || v == 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_dynvarsize = v;
	} else if (strcmp(opt, "nspec") == 0 ||
	    strcmp(opt, "specsize") == 0) {
		bool nspec = opt[0] == 'n';

		/* compiled into speculation() and speculate() */
		if (parse_size(val, &v) != 0 || v == 0 ||
		    v > (nspec ? DT_NSPEC_MAX : DT_SPEC_MAPMAX -
		    sizeof (dt_specbuf_t)))
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "%s must be between 1 and %u", opt, nspec ?
			    DT_NSPEC_MAX : (unsigned int)(DT_SPEC_MAPMAX -
			    sizeof (dt_specbuf_t))));
		if (dtp->dt_nclauses > 0 || dtp->dt_specused)
			return (dt_set_errmsg(dtp, EDT_ACTIVE,
			    "%s must be set before the first program is "
			    "compiled", opt));
		if (nspec)
			op->op_nspec = (uint32_t)v;
		else
			op->op_specsize = (uint32_t)((v + 7) & ~7ULL);
	} else if (strcmp(opt, "usdtprids") == 0) {
		if (parse_size(val, &v) != 0 || v == 0 || v > 1U << 24)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL,
			    "usdtprids must be between 1 and %u", 1U << 24));
		op->op_usdtprids = (uint32_t)v;
	} else if (strcmp(opt, "aggsize") == 0) {
		if (parse_size(val, &v) != 0 || v == 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_aggsize = v;
	} else if (strcmp(opt, "oformat") == 0) {
		/* in the order of DT_OFORMAT_* */
		static const char *const format[] = { "text", "json", NULL };
		int i = parse_word(val, format);

		if (i < 0)
			return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "oformat "
			    "must be text or json"));
		op->op_oformat = i;
	} else if (strcmp(opt, "switchrate") == 0) {
		if (parse_rate(val, &v) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_switchrate = v;
	} else if (strcmp(opt, "statusrate") == 0) {
		/* dtrace_sleep() wakes at least this often (dt_work.c) */
		if (parse_rate(val, &v) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_statusrate = v;
	} else if (strcmp(opt, "cleanrate") == 0) {
		/* commit() and discard() free a speculation at once, so
		   there is nothing to clean: checked and kept only */
		if (parse_rate(val, &v) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_cleanrate = v;
	} else if (strcmp(opt, "aggrate") == 0) {
		/* Aggregations are read straight from their maps whenever
		   they are printed, so there is no snapshot to pace; the
		   rate is checked and kept for dtrace_getopt(). */
		if (parse_rate(val, &v) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		op->op_aggrate = v;
	} else {
		int rv = dt_cpp_setopt(dtp, opt, val);	/* cpp, define, ... */

		if (rv <= 0)
			return (rv);
		return (dt_set_errno(dtp, EDT_BADOPTNAME));
	}
	return (0);
}

/* setopt() while tracing: a failure is reported, and tracing goes on. */
void
dt_setopt_traced(dtrace_hdl_t *dtp, const char *opt, const char *val)
{
	if (dtrace_setopt(dtp, opt, val) == 0)
		return;
	if (dtp->dt_outfp != NULL)
		fflush(dtp->dt_outfp);
	dt_msg(dtp, DTRACE_MSG_ERROR, "setopt(\"%s\"%s%s%s) failed: %s", opt,
	    val != NULL ? ", \"" : "", val != NULL ? val : "",
	    val != NULL ? "\"" : "", dtrace_errno(dtp) == EDT_ACTIVE ?
	    "not an option that can change while tracing" :
	    dtrace_errmsg(dtp, dtrace_errno(dtp)));
}

DT_EXPORT int
dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, dtrace_optval_t *valp)
{
	const dt_options_t *op = &dtp->dt_opts;

	if (opt == NULL || valp == NULL)
		return (dt_set_errno(dtp, EINVAL));
	if (strcmp(opt, "quiet") == 0)
		*valp = op->op_quiet;
	else if (strcmp(opt, "errtags") == 0)
		*valp = op->op_errtags;
	else if (strcmp(opt, "fbtkprobe") == 0)
		*valp = op->op_fbtkprobe;
	else if (strcmp(opt, "fbtmaxtramp") == 0)
		*valp = op->op_fbtmaxtramp;
	else if (strcmp(opt, "zdefs") == 0)
		*valp = op->op_zdefs;
	else if (strcmp(opt, "defaultargs") == 0)
		*valp = op->op_defaultargs;
	else if (strcmp(opt, "argref") == 0)
		*valp = op->op_argref;
	else if (strcmp(opt, "flowindent") == 0)
		*valp = op->op_flowindent;
	else if (strcmp(opt, "aggsortkey") == 0)
		*valp = op->op_aggsortkey;
	else if (strcmp(opt, "aggsortrev") == 0)
		*valp = op->op_aggsortrev;
	else if (strcmp(opt, "aggzoom") == 0)
		*valp = op->op_aggzoom;
	else if (strcmp(opt, "aggpack") == 0)
		*valp = op->op_aggpack;
	else if (strcmp(opt, "agghist") == 0)
		*valp = op->op_agghist;
	else if (strcmp(opt, "encoding") == 0)
		*valp = op->op_encoding;
	else if (strcmp(opt, "aggsortpos") == 0)
		*valp = op->op_aggsortpos;
	else if (strcmp(opt, "aggsortkeypos") == 0)
		*valp = op->op_aggsortkeypos;
	else if (strcmp(opt, "destructive") == 0)
		*valp = op->op_destructive;
	else if (strcmp(opt, "strsize") == 0)
		*valp = op->op_strsize;
	else if (strcmp(opt, "scratchsize") == 0)
		*valp = op->op_scratchsize;
	else if (strcmp(opt, "nspec") == 0)
		*valp = op->op_nspec;
	else if (strcmp(opt, "specsize") == 0)
		*valp = op->op_specsize;
	else if (strcmp(opt, "usdtprids") == 0)
		*valp = op->op_usdtprids;
	else if (strcmp(opt, "stackframes") == 0)
		*valp = op->op_stackframes;
	else if (strcmp(opt, "stackindent") == 0)
		*valp = op->op_stackindent;
	else if (strcmp(opt, "ustackframes") == 0)
		*valp = op->op_ustackframes;
	else if (strcmp(opt, "ustackcopy") == 0)
		*valp = op->op_ustackcopy;
	else if (strcmp(opt, "printsize") == 0)
		*valp = op->op_printsize;
	else if (strcmp(opt, "jstackframes") == 0)
		*valp = op->op_jstackframes;
	else if (strcmp(opt, "jstackstrsize") == 0)
		*valp = op->op_jstackstrsize;
	else if (strcmp(opt, "bufsize") == 0)
		*valp = (dtrace_optval_t)op->op_bufsize;
	else if (strcmp(opt, "switchrate") == 0)
		*valp = (dtrace_optval_t)op->op_switchrate;
	else if (strcmp(opt, "statusrate") == 0)
		*valp = (dtrace_optval_t)op->op_statusrate;
	else if (strcmp(opt, "rawbytes") == 0)
		*valp = op->op_rawbytes;
	else if (strcmp(opt, "temporal") == 0)
		*valp = op->op_temporal;
	else if (strcmp(opt, "quietresize") == 0)
		*valp = op->op_quietresize;
	else if (strcmp(opt, "bufpolicy") == 0)
		*valp = op->op_bufpolicy;
	else if (strcmp(opt, "evaltime") == 0)
		*valp = op->op_evaltime;
	else if (strcmp(opt, "bufresize") == 0)
		*valp = op->op_bufresize_manual;
	else if (strcmp(opt, "aggrate") == 0)
		*valp = (dtrace_optval_t)op->op_aggrate;
	else if (strcmp(opt, "cleanrate") == 0)
		*valp = (dtrace_optval_t)op->op_cleanrate;
	else if (strcmp(opt, "dynvarsize") == 0)
		*valp = (dtrace_optval_t)op->op_dynvarsize;
	else if (strcmp(opt, "aggsize") == 0)
		*valp = (dtrace_optval_t)op->op_aggsize;
	else if (strcmp(opt, "oformat") == 0)
		*valp = op->op_oformat;
	else if (dt_cpp_getopt(dtp, opt, valp) != 0)
		return (dt_set_errno(dtp, EDT_BADOPTNAME));
	return (0);
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
	if (spec == DTRACE_PROBESPEC_ID) {
		char *end;
		unsigned long id = strtoul(s, &end, 10);

		if (*s == '\0' || *end != '\0' || id == 0 || id > UINT32_MAX)
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
	if (end != NULL)
		return (dt_set_errmsg(dtp, EDT_BADSPEC,
		    "too many ':' separators"));
	return (0);
}

/* ---- enabling programs ------------------------------------------------------ */

static int
enable_cb(dtrace_hdl_t *dtp, dt_probe_t *prp, void *arg)
{
	dt_clause_t *dcp = arg;

	if (dt_probe_enable(dtp, prp, dcp->dc_id) != 0)
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
	/* the destructive option may come from the program's own pragmas */
	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		if (dcp->dc_destructive && !dtp->dt_opts.op_destructive)
			return (dt_set_errno(dtp, EDT_DESTRUCTIVE));
	}

	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		if (dtp->dt_nclauses == dtp->dt_clausecap &&
		    dt_grow(dtp, (void **)&dtp->dt_clauses, &dtp->dt_clausecap,
		    8, sizeof (dt_clause_t *)) != 0)
			return (-1);
		dcp->dc_id = dtp->dt_nclauses;
		dtp->dt_clauses[dtp->dt_nclauses++] = dcp;
		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			unsigned int before = dcp->dc_nprobes;

			if (dt_probe_match(dtp, &dcp->dc_descs[i], enable_cb,
			    dcp) < 0)
				return (-1);
			info.dpi_matches += dcp->dc_nprobes - before;
		}
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

DT_EXPORT int
dtrace_program_dump(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, FILE *fp)
{
	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		fprintf(fp, "\nDIFO for clause %s%s:\n", dcp->dc_desctext[0],
		    dcp->dc_ndescs > 1 ? ", ..." : "");
		dt_block_dump(&dcp->dc_code, fp, 0);
	}
	(void) dtp;
	return (0);
}
