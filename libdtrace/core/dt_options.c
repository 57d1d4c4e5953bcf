/*
 * dt_options.c: libdtrace's options, in one table.
 *
 * Each option is one row of dt_options[] (dt_options.h says what a row
 * holds): its name, the type of its value, its default, until when it
 * may change, its field of dt_options_t and its setter.  Every way of
 * setting an option reaches dtrace_setopt(), which looks the name up
 * here: the command's -x and the flags that stand for options (-b, -D,
 * -F, -H, -I, -L, -q, -U, -w, -X, -Z), `#pragma D option`
 * (dlang/dt_parse.c) and the D action setopt(), acted on as its record is
 * read (dt_setopt_traced(), from consume/dt_consume.c).  dtrace_getopt()
 * reads the field the row names, and dtrace_open() stores each row's
 * default (dt_opt_defaults()).
 *
 * The generic setter, dt_opt_set(), parses a value by its type, checks
 * a number against the row's bounds and stores it; a row names its own
 * setter where setting does more: a check of the session's state (an
 * option compiled into programs), a value derived or loaded (specsize is
 * rounded, btfpath is read at once), a list that grows (libdir, define).
 * Specific setters use the generic steps, dt_opt_value() and
 * dt_opt_store(), so that errors read the same across options.
 *
 * An od_noprogram row (ldpath, lockmem, modpath) is refused from within a
 * D program, its #pragma D option, with EDT_BADOPTCTX, as DTrace refuses
 * them: dt_inprogram says a program is being parsed (dlang/dt_compile.c).
 *
 * When an option may change is the row's od_when.  dtrace_setopt()
 * refuses any option but DT_OPTW_TRACE ones while tracing (EDT_ACTIVE,
 * even for an unknown name), so that the options compiled into the
 * programs or the maps stay as they were built.  A DT_OPTW_COMPILE row's
 * setter also refuses it (EDT_ACTIVE, with a message) once a program it
 * is built into has been compiled.  include/dtrace.h lists the
 * DT_OPTW_TRACE and the DT_OPTW_COMPILE options; unit/options checks that
 * it lists these alone, and that every row round-trips and is refused
 * when it is too late.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dt_impl.h"
#include "../probes/dt_probe.h"
#include "../types/dt_types.h"
#include "dt_options.h"
#include "dt_rec.h"
#include "../types/dt_tcache.h"

/* ---- parsing ---------------------------------------------------------------- */

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
		const char *u;		/* the unit's name */
		uint64_t ns;		/* nanoseconds in one */
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

/* EDT_BADOPTVAL, saying which words a WORD option takes: "a, b or c". */
static int
bad_word(dtrace_hdl_t *dtp, const dt_optdesc_t *od)
{
	char list[128] = "";

	for (int i = 0; od->od_words[i] != NULL; i++) {
		if (i > 0)
			strncat(list, od->od_words[i + 1] == NULL ? " or " :
			    ", ", sizeof (list) - strlen(list) - 1);
		strncat(list, od->od_words[i], sizeof (list) - strlen(list) -
		    1);
	}
	return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "%s must be %s",
	    od->od_name, list));
}

/* ---- the generic steps ------------------------------------------------------ */

static void *
field(dtrace_hdl_t *dtp, const dt_optdesc_t *od)
{
	return ((char *)&dtp->dt_opts + od->od_off);
}

/* The words of a flag's value: setting it, unsetting it. */
static const char *const bool_words[][2] = {	/* set, unset */
	{ "yes", "no" }, { "true", "false" }, { "on", "off" },
	{ "set", "unset" }, { "enable", "disable" },
	{ "enabled", "disabled" }
};

/*
 * The number val says for od (BOOL, SIZE, INT, RATE, WORD), checked
 * against the row's bounds; -1 with EDT_BADOPTVAL when it is not one.
 * A flag, as in DTrace, is set by no value or one of yes, true, on,
 * set, enable, enabled and unset by one of no, false, off, unset,
 * disable, disabled, in any case.
 */
int
dt_opt_value(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val,
    uint64_t *vp)
{
	int i;

	switch (od->od_type) {
	case DT_OPT_BOOL:
		if (val == NULL || *val == '\0') {
			*vp = 1;
			return (0);
		}
		for (i = 0; i < (int)(sizeof (bool_words) /
		    sizeof (bool_words[0])); i++) {
			if (strcasecmp(val, bool_words[i][0]) == 0) {
				*vp = 1;
				return (0);
			}
			if (strcasecmp(val, bool_words[i][1]) == 0) {
				*vp = 0;
				return (0);
			}
		}
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	case DT_OPT_SIZE:
	case DT_OPT_INT:
		/* out of range is DTrace's plain "Invalid value" too */
		if (parse_size(val, vp) == 0 && *vp >= od->od_min &&
		    *vp <= od->od_max)
			return (0);
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	case DT_OPT_RATE:
		if (parse_rate(val, vp) != 0)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		return (0);
	case DT_OPT_WORD:
		if ((i = parse_word(val, od->od_words)) < 0)
			return (bad_word(dtp, od));
		*vp = (uint64_t)i;
		return (0);
	default:
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	}
}

/* Store the number v in od's field (of 1, 4 or 8 bytes). */
void
dt_opt_store(dtrace_hdl_t *dtp, const dt_optdesc_t *od, uint64_t v)
{
	void *p = field(dtp, od);

	switch (od->od_width) {
	case sizeof (bool):
		*(bool *)p = v != 0;
		break;
	case sizeof (uint32_t):
		*(uint32_t *)p = (uint32_t)v;
		break;
	case sizeof (uint64_t):
		*(uint64_t *)p = v;
		break;
	default:
		break;		/* no field: the setter keeps the value */
	}
}

/* The number in od's field. */
uint64_t
dt_opt_load(const dtrace_hdl_t *dtp, const dt_optdesc_t *od)
{
	const void *p = (const char *)&dtp->dt_opts + od->od_off;

	switch (od->od_width) {
	case sizeof (bool):
		return (*(const bool *)p);
	case sizeof (uint32_t):
		return (*(const uint32_t *)p);
	case sizeof (uint64_t):
		return (*(const uint64_t *)p);
	default:
		return (0);
	}
}

/* The setter of every type but LIST: parse, check, store. */
int
dt_opt_set(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	uint64_t v;

	if (od->od_type == DT_OPT_STRING) {
		char **sp = field(dtp, od), *s;

		if (val == NULL || *val == '\0')
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		if ((s = dt_strdup(dtp, val)) == NULL)
			return (-1);
		free(*sp);
		*sp = s;
		return (0);
	}
	if (dt_opt_value(dtp, od, val, &v) != 0)
		return (-1);
	dt_opt_store(dtp, od, v);
	return (0);
}

/* EDT_ACTIVE for a DT_OPTW_COMPILE option set too late. */
static int
compiled(dtrace_hdl_t *dtp, const dt_optdesc_t *od)
{
	return (dt_set_errmsg(dtp, EDT_ACTIVE, "%s must be set before the "
	    "first program is compiled", od->od_name));
}

/* ---- the specific setters ----------------------------------------------------- */

/* strsize: the size of every string slot, global or on the stack. */
static int
set_strsize(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	uint64_t v;

	if (dt_opt_value(dtp, od, val, &v) != 0)
		return (-1);
	if (dtp->dt_strtablen > 0 || dtp->dt_globsize > 0)
		return (compiled(dtp, od));
	dt_opt_store(dtp, od, v);
	return (0);
}

/* scratchsize: the scratch area every clause has (alloca() & co). */
static int
set_scratchsize(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	uint64_t v;

	if (dt_opt_value(dtp, od, val, &v) != 0)
		return (-1);
	if (dtp->dt_nclauses > 0 || dtp->dt_strtablen > 0 ||
	    dtp->dt_globsize > 0)
		return (compiled(dtp, od));
	dt_opt_store(dtp, od, v);
	return (0);
}

/* nspec, specsize: compiled into speculation() and speculate(). */
static int
set_spec(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	uint64_t v;

	if (dt_opt_value(dtp, od, val, &v) != 0)
		return (-1);
	if (dtp->dt_nclauses > 0 || dtp->dt_specused)
		return (compiled(dtp, od));
	/* specsize is kept as set; its buffers have dt_specsize() bytes */
	dt_opt_store(dtp, od, v);
	return (0);
}

/*
 * preallocate: DTrace's size of memory the consumer reserves, kept; alone
 * (a flag, as scripts also set it) it is 1.
 */
static int
set_prealloc(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	if (val == NULL || *val == '\0') {
		dt_opt_store(dtp, od, 1);
		return (0);
	}
	return (dt_opt_set(dtp, od, val));
}

/* ustackcopy: read in pieces of DT_USTACK_CHUNK bytes. */
static int
set_ustackcopy(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	uint64_t v;

	if (parse_size(val, &v) != 0 || v > od->od_max ||
	    v % DT_USTACK_CHUNK != 0)
		return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "%s must be a "
		    "multiple of %u between 0 and %llu", od->od_name,
		    DT_USTACK_CHUNK, (unsigned long long)od->od_max));
	dt_opt_store(dtp, od, v);
	return (0);
}

/*
 * version: a D language version, MAJOR.MINOR or MAJOR.MINOR.MICRO.  One
 * that is not written so is an invalid value; one D never had (99.1) is
 * refused with ENOTSUP, DTrace's "Operation not supported".
 */
static int
set_version(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	static const char *const versions[] = {
		"1.0", "1.1", "1.2", "1.2.1", "1.2.2", "1.3", "1.4", "1.4.1",
		"1.5", "1.6", "1.6.1", "1.6.2", "1.6.3", "1.6.4", "2.0"
	};
	unsigned int v[3] = { 0 }, n = 0;
	const char *p = val;
	char buf[32];

	if (p == NULL || *p == '\0')
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	for (;;) {
		char *end;
		unsigned long x;

		if (*p < '0' || *p > '9' || n == 3)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		x = strtoul(p, &end, 10);
		if (x > 0xfff)
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
		v[n++] = (unsigned int)x;
		p = end;
		if (*p == '\0')
			break;
		if (*p++ != '.')
			return (dt_set_errno(dtp, EDT_BADOPTVAL));
	}
	if (n < 2)
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	if (n == 2 || v[2] == 0)	/* 2.0.0 is 2.0 */
		snprintf(buf, sizeof (buf), "%u.%u", v[0], v[1]);
	else
		snprintf(buf, sizeof (buf), "%u.%u.%u", v[0], v[1], v[2]);
	for (size_t i = 0; i < sizeof (versions) / sizeof (versions[0]); i++) {
		if (strcmp(buf, versions[i]) == 0)
			return (dt_opt_set(dtp, od, val));
	}
	return (dt_set_errno(dtp, ENOTSUP));
}

/*
 * cpu: trace on this CPU alone (every program returns at once elsewhere,
 * profile and tick timers run there, BEGIN and END fire there).  A CPU
 * the system cannot have is an invalid value; the default, DT_CPU_ANY,
 * written out, sets it back to every CPU.
 */
static int
set_cpu(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	long ncpus = sysconf(_SC_NPROCESSORS_CONF);
	uint64_t v;

	if (dt_opt_value(dtp, od, val, &v) != 0)
		return (-1);
	if (v != DT_CPU_ANY && (ncpus <= 0 || v >= (uint64_t)ncpus))
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	dt_opt_store(dtp, od, v);
	return (0);
}

/* bufpolicy: consume/dt_pbuf.c keeps fill and ring from the start. */
static int
set_bufpolicy(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	if (dtp->dt_active || dtp->dt_stopped)
		return (dt_set_errmsg(dtp, EDT_ACTIVE, "%s cannot change once "
		    "tracing has started", od->od_name));
	return (dt_opt_set(dtp, od, val));
}

/* debugdir: read when a stripped file's symbols are (proc/dt_elf.c). */
static int
set_debugdir(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	if (val == NULL || val[0] != '/')
		return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "%s must be an "
		    "absolute directory", od->od_name));
	return (dt_opt_set(dtp, od, val));
}

/* libdir: a directory whose .d files are compiled before the programs. */
static int
set_libdir(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	dt_options_t *op = &dtp->dt_opts;
	char *dir;

	if (val == NULL || val[0] == '\0')
		return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "%s needs a "
		    "directory", od->od_name));
	if (dtp->dt_libdirsdone)
		return (compiled(dtp, od));
	if (op->op_nlibdirs == op->op_libdircap &&
	    dt_grow(dtp, (void **)&op->op_libdirs, &op->op_libdircap,
	    4, sizeof (char *)) != 0)
		return (-1);
	if ((dir = strdup(val)) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	op->op_libdirs[op->op_nlibdirs++] = dir;
	return (0);
}

/* amin: the least stability attributes a program may have. */
static int
set_amin(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	dtrace_attribute_t a = { 0, 0, 0 };

	if (val == NULL || dtrace_str2attr(val, &a) != 0)
		return (dt_set_errmsg(dtp, EDT_BADOPTVAL, "%s must be "
		    "name/data/class stability attributes, such as "
		    "Evolving/Evolving/Common", od->od_name));
	dtp->dt_opts.op_amin = a;
	return (0);
}

/*
 * btfpath: the kernel's types from this file.  Named explicitly, it is
 * loaded now, so that a bad file is reported where it is named; the
 * types it replaces are released.
 */
static int
set_btfpath(dtrace_hdl_t *dtp, const dt_optdesc_t *od, const char *val)
{
	dt_options_t *op = &dtp->dt_opts;
	char *path, *old = op->op_btfpath;
	struct dt_tentry *oldtypes = dtp->dt_ktypes;

	if (val == NULL || *val == '\0')
		return (dt_set_errno(dtp, EDT_BADOPTVAL));
	if ((path = dt_strdup(dtp, val)) == NULL)
		return (-1);
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
	(void) od;
	return (0);
}

/* ---- the table ------------------------------------------------------------------ */

/* od_off and od_width of the field f of dt_options_t */
#define	AT(f)	.od_off = offsetof(dt_options_t, f),			\
		.od_width = sizeof (((dt_options_t *)0)->f)

/* Until when: the options the consumer reads as it goes are TRACE. */
#define	COMPILE	.od_when = DT_OPTW_COMPILE
#define	GO	.od_when = DT_OPTW_GO
#define	TRACE	.od_when = DT_OPTW_TRACE

/* in the order of DT_ENCODING_* */
static const char *const w_encoding[] = { "auto", "ascii", "utf8", NULL };
/* in the order of DT_BUFPOLICY_* */
static const char *const w_bufpolicy[] = { "switch", "fill", "ring", NULL };
/* op_bufresize_manual: 0 auto, 1 manual */
static const char *const w_bufresize[] = { "auto", "manual", NULL };
/* in the order of DT_OFORMAT_* */
static const char *const w_oformat[] = { "text", "json", NULL };
/* op_evaltime: see its row */
static const char *const w_evaltime[] = {
	"exec", "preinit", "postinit", "main", NULL
};

/* op_late: kept, no effect */
static const char *const w_late[] = { "dynamic", "static", NULL };

/* op_linkmode, op_linktype: kept, no effect */
static const char *const w_linkmode[] = {
	"dynamic", "kernel", "static", NULL
};
static const char *const w_linktype[] = { "dof", "elf", NULL };

#define	NS_PER_S	1000000000ULL

/*
 * The options, sorted by name (dt_opt_lookup() searches it).  A row's
 * comment says what reads the option, where that is not plain.
 */
const dt_optdesc_t dt_options[] = {
	{ .od_name = "agghist", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_agghist), .od_set = dt_opt_set },
	{ .od_name = "aggpack", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_aggpack), .od_set = dt_opt_set },
	{ .od_name = "aggpercpu", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_aggpercpu), .od_set = dt_opt_set },
	/* Aggregations are read straight from their maps whenever they are
	   printed, so there is no snapshot to pace: checked and kept. */
	{ .od_name = "aggrate", .od_type = DT_OPT_RATE, TRACE,
	    AT(op_aggrate), .od_default = NS_PER_S, .od_set = dt_opt_set },
	{ .od_name = "aggsize", .od_type = DT_OPT_SIZE, GO,
	    AT(op_aggsize), .od_default = 4 << 20, .od_min = 1,
	    .od_max = UINT64_MAX, .od_set = dt_opt_set },
	{ .od_name = "aggsortkey", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_aggsortkey), .od_set = dt_opt_set },
	{ .od_name = "aggsortkeypos", .od_type = DT_OPT_INT, TRACE,
	    AT(op_aggsortkeypos), .od_max = UINT32_MAX, .od_set = dt_opt_set },
	{ .od_name = "aggsortpos", .od_type = DT_OPT_INT, TRACE,
	    AT(op_aggsortpos), .od_max = UINT32_MAX, .od_set = dt_opt_set },
	{ .od_name = "aggsortrev", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_aggsortrev), .od_set = dt_opt_set },
	{ .od_name = "aggzoom", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_aggzoom), .od_set = dt_opt_set },
	{ .od_name = "amin", .od_type = DT_OPT_STRING, GO,
	    .od_set = set_amin },
	{ .od_name = "argref", .od_type = DT_OPT_BOOL, GO,
	    AT(op_argref), .od_set = dt_opt_set },
	/* loads every program with a log, shown line by line (bpf/dt_bpf.c) */
	{ .od_name = "bpflog", .od_type = DT_OPT_BOOL, GO,
	    AT(op_bpflog), .od_set = dt_opt_set },
	/* the log's buffer: the kernel takes 128 bytes to 1g - 1 */
	{ .od_name = "bpflogsize", .od_type = DT_OPT_SIZE, GO,
	    AT(op_bpflogsize), .od_default = (16 << 20) - 1, .od_min = 128,
	    .od_max = (1U << 30) - 1, .od_set = dt_opt_set },
	{ .od_name = "btfpath", .od_type = DT_OPT_STRING, GO,
	    AT(op_btfpath), .od_set = set_btfpath },
	{ .od_name = "bufpolicy", .od_type = DT_OPT_WORD, GO,
	    AT(op_bufpolicy), .od_default = DT_BUFPOLICY_SWITCH,
	    .od_words = w_bufpolicy, .od_set = set_bufpolicy },
	/* auto: a buffer too large is made smaller (bpf/dt_bpf.c) */
	{ .od_name = "bufresize", .od_type = DT_OPT_WORD, GO,
	    AT(op_bufresize_manual), .od_words = w_bufresize,
	    .od_set = dt_opt_set },
	{ .od_name = "bufsize", .od_type = DT_OPT_SIZE, GO,
	    AT(op_bufsize), .od_default = 4 << 20, .od_min = 1,
	    .od_max = UINT64_MAX, .od_set = dt_opt_set },
	/* commit() and discard() free a speculation at once, so there is
	   nothing to clean: checked and kept */
	{ .od_name = "cleanrate", .od_type = DT_OPT_RATE, GO,
	    AT(op_cleanrate), .od_default = NS_PER_S / 101,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "core", .od_type = DT_OPT_BOOL, GO,
	    AT(op_core), .od_set = dt_opt_set },
	{ .od_name = "cpp", .od_type = DT_OPT_BOOL, GO,
	    AT(op_cpp), .od_set = dt_opt_set },
	{ .od_name = "cppargs", .od_type = DT_OPT_LIST, GO,
	    .od_set = dt_cpp_set_cppargs },
	{ .od_name = "cpphdrs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_cpphdrs), .od_set = dt_opt_set },
	{ .od_name = "cpppath", .od_type = DT_OPT_STRING, GO,
	    AT(op_cpppath), .od_set = dt_opt_set },
	{ .od_name = "cpu", .od_type = DT_OPT_INT, GO,
	    AT(op_cpu), .od_default = DT_CPU_ANY, .od_max = DT_CPU_ANY,
	    .od_set = set_cpu },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "ctfpath", .od_type = DT_OPT_STRING, GO,
	    AT(op_ctfpath), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "ctypes", .od_type = DT_OPT_STRING, GO,
	    AT(op_ctypes), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "debug", .od_type = DT_OPT_BOOL, GO,
	    AT(op_debug), .od_set = dt_opt_set },
	{ .od_name = "debugdir", .od_type = DT_OPT_STRING, GO,
	    AT(op_debugdir), .od_set = set_debugdir },
	{ .od_name = "defaultargs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_defaultargs), .od_set = dt_opt_set },
	{ .od_name = "define", .od_type = DT_OPT_LIST, GO,
	    .od_set = dt_cpp_set_define },
	{ .od_name = "destructive", .od_type = DT_OPT_BOOL, GO,
	    AT(op_destructive), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "disasm", .od_type = DT_OPT_INT, GO,
	    AT(op_disasm), .od_default = 1, .od_max = 15,
	    .od_set = dt_opt_set },
	{ .od_name = "droptags", .od_type = DT_OPT_BOOL, GO,
	    AT(op_droptags), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "dtypes", .od_type = DT_OPT_STRING, GO,
	    AT(op_dtypes), .od_set = dt_opt_set },
	{ .od_name = "dynvarsize", .od_type = DT_OPT_SIZE, GO,
	    AT(op_dynvarsize), .od_default = 1 << 20, .od_min = 1,
	    .od_max = UINT64_MAX, .od_set = dt_opt_set },
	/* read by the parser: an empty program is no D_EMPTY error */
	{ .od_name = "empty", .od_type = DT_OPT_BOOL, GO,
	    AT(op_empty), .od_set = dt_opt_set },
	{ .od_name = "encoding", .od_type = DT_OPT_WORD, TRACE,
	    AT(op_encoding), .od_default = DT_ENCODING_AUTO,
	    .od_words = w_encoding, .od_set = dt_opt_set },
	{ .od_name = "errtags", .od_type = DT_OPT_BOOL, GO,
	    AT(op_errtags), .od_set = dt_opt_set },
	/*
	 * Where a -c process is held while its descriptions are evaluated
	 * and its probes attached (proc/dt_proc.c): at its exec for "exec",
	 * before its dynamic loader runs; else at its program's entry point,
	 * DTrace's default postinit (preinit and main are met there too:
	 * the process is also held at each change of its objects until
	 * their probes are attached, probes/dt_discover.c).
	 */
	{ .od_name = "evaltime", .od_type = DT_OPT_WORD, GO,
	    AT(op_evaltime), .od_words = w_evaltime,
	    .od_default = DT_EVALTIME_POSTINIT, .od_set = dt_opt_set },
	{ .od_name = "fbtkprobe", .od_type = DT_OPT_BOOL, GO,
	    AT(op_fbtkprobe), .od_set = dt_opt_set },
	/* read when tracing starts (fbt_prepare()) */
	{ .od_name = "fbtmaxtramp", .od_type = DT_OPT_INT, GO,
	    AT(op_fbtmaxtramp), .od_default = DT_FBT_MAXTRAMP,
	    .od_max = UINT32_MAX,
	    .od_set = dt_opt_set },
	{ .od_name = "flowindent", .od_type = DT_OPT_BOOL, GO,
	    AT(op_flowindent), .od_set = dt_opt_set },
	/* DTrace's options with nothing to do here, accepted and kept so
	   that scripts setting them run (docs/man/dtrace.1 says why) */
	{ .od_name = "grabanon", .od_type = DT_OPT_BOOL, GO,
	    AT(op_grabanon), .od_set = dt_opt_set },
	{ .od_name = "incdir", .od_type = DT_OPT_LIST, GO,
	    .od_set = dt_cpp_set_incdir },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "iregs", .od_type = DT_OPT_INT, GO,
	    AT(op_iregs), .od_default = 8, .od_max = UINT32_MAX,
	    .od_set = dt_opt_set },
	/* read when a clause calling jstack() is compiled */
	{ .od_name = "jstackframes", .od_type = DT_OPT_INT, GO,
	    AT(op_jstackframes), .od_default = 50, .od_min = 1,
	    .od_max = DT_STACK_MAXFRAMES,
	    .od_set = dt_opt_set },
	/* for stack helpers, which Linux has none of */
	{ .od_name = "jstackstrsize", .od_type = DT_OPT_SIZE, GO,
	    AT(op_jstackstrsize), .od_default = 512, .od_min = 1,
	    .od_max = UINT32_MAX, .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "kdefs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_kdefs), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "knodefs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_knodefs), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "late", .od_type = DT_OPT_WORD, GO,
	    AT(op_late), .od_words = w_late, .od_set = dt_opt_set },
	{ .od_name = "lazyload", .od_type = DT_OPT_BOOL, GO,
	    AT(op_lazyload), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "ldpath", .od_type = DT_OPT_STRING, GO,
	    AT(op_ldpath), .od_set = dt_opt_set,
	    .od_noprogram = true },
	{ .od_name = "libdir", .od_type = DT_OPT_LIST, COMPILE,
	    .od_set = set_libdir },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "linkmode", .od_type = DT_OPT_WORD, GO,
	    AT(op_linkmode), .od_words = w_linkmode, .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "linknommap", .od_type = DT_OPT_BOOL, GO,
	    AT(op_linknommap), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "linktype", .od_type = DT_OPT_WORD, GO,
	    AT(op_linktype), .od_default = 1, .od_words = w_linktype,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1); as ldpath and modpath, set by
	   the command line or the caller alone, never by a #pragma, as in
	   DTrace */
	{ .od_name = "lockmem", .od_type = DT_OPT_SIZE, GO,
	    AT(op_lockmem), .od_max = UINT64_MAX, .od_set = dt_opt_set,
	    .od_noprogram = true },
	/* at most what a stack record holds, the kernel's limit, as
	   stackframes and ustackframes */
	{ .od_name = "maxframes", .od_type = DT_OPT_INT, GO,
	    AT(op_maxframes), .od_default = DT_STACK_MAXFRAMES, .od_min = 1,
	    .od_max = DT_STACK_MAXFRAMES, .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "modpath", .od_type = DT_OPT_STRING, GO,
	    AT(op_modpath), .od_set = dt_opt_set,
	    .od_noprogram = true },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "nolibs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_nolibs), .od_set = dt_opt_set },
	/* user addresses are shown in hex (proc/dt_usym.c) */
	{ .od_name = "noresolve", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_noresolve), .od_set = dt_opt_set },
	{ .od_name = "nspec", .od_type = DT_OPT_INT, COMPILE,
	    AT(op_nspec), .od_default = 1, .od_min = 1,
	    .od_max = DT_NSPEC_MAX,
	    .od_set = set_spec },
	{ .od_name = "oformat", .od_type = DT_OPT_WORD, GO,
	    AT(op_oformat), .od_default = DT_OFORMAT_TEXT,
	    .od_words = w_oformat, .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "pcapsize", .od_type = DT_OPT_SIZE, GO,
	    AT(op_pcapsize), .od_default = 1514, .od_max = UINT32_MAX,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "pgmax", .od_type = DT_OPT_INT, GO,
	    AT(op_pgmax), .od_default = 8, .od_max = UINT32_MAX,
	    .od_set = dt_opt_set },
	/* read when a clause calling print() is compiled */
	{ .od_name = "preallocate", .od_type = DT_OPT_SIZE, GO,
	    AT(op_preallocate), .od_max = UINT64_MAX,
	    .od_set = set_prealloc },
	/* read as print() records are shown (they hold at least 8192
	   bytes of the value, more with a larger printsize compiled) */
	{ .od_name = "printsize", .od_type = DT_OPT_SIZE, TRACE,
	    AT(op_printsize), .od_default = 8192, .od_min = 1,
	    .od_max = DT_PRINT_MAX,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "procfspath", .od_type = DT_OPT_STRING, GO,
	    AT(op_procfspath), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "pspec", .od_type = DT_OPT_BOOL, GO,
	    AT(op_pspec), .od_set = dt_opt_set },
	{ .od_name = "quiet", .od_type = DT_OPT_BOOL, TRACE,
	    AT(op_quiet), .od_set = dt_opt_set },
	/* buffers are never resized, so there is nothing to say */
	{ .od_name = "quietresize", .od_type = DT_OPT_BOOL, GO,
	    AT(op_quietresize), .od_set = dt_opt_set },
	/* trace() of a string prints its bytes in hex (dt_consume.c) */
	{ .od_name = "rawbytes", .od_type = DT_OPT_BOOL, GO,
	    AT(op_rawbytes), .od_set = dt_opt_set },
	/* read at go time (probes/dt_registry.c) */
	{ .od_name = "registry", .od_type = DT_OPT_STRING, GO,
	    AT(op_registry), .od_set = dt_opt_set },
	{ .od_name = "scratchsize", .od_type = DT_OPT_SIZE, COMPILE,
	    AT(op_scratchsize), .od_default = 256, .od_min = 8,
	    .od_max = DT_SCRATCH_MAX,
	    .od_set = set_scratchsize },
	{ .od_name = "specsize", .od_type = DT_OPT_SIZE, COMPILE,
	    AT(op_specsize), .od_default = 32 << 10, .od_min = 1,
	    .od_max = UINT64_MAX,
	    .od_set = set_spec },
	/* read when a clause calling stack() is compiled */
	{ .od_name = "stackframes", .od_type = DT_OPT_INT, GO,
	    AT(op_stackframes), .od_default = 20, .od_min = 1,
	    .od_max = DT_STACK_MAXFRAMES,
	    .od_set = dt_opt_set },
	{ .od_name = "stackindent", .od_type = DT_OPT_INT, GO,
	    AT(op_stackindent), .od_default = 14, .od_max = 256,
	    .od_set = dt_opt_set },
	/* dtrace_sleep() wakes at least this often (dt_work.c) */
	{ .od_name = "statusrate", .od_type = DT_OPT_RATE, GO,
	    AT(op_statusrate), .od_default = NS_PER_S,
	    .od_set = dt_opt_set },
	/* -X: the C conformance asked of the preprocessor */
	{ .od_name = "stdc", .od_type = DT_OPT_STRING, GO,
	    .od_set = dt_cpp_set_stdc },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "strip", .od_type = DT_OPT_BOOL, GO,
	    AT(op_strip), .od_set = dt_opt_set },
	{ .od_name = "strsize", .od_type = DT_OPT_SIZE, COMPILE,
	    AT(op_strsize), .od_default = 256, .od_min = 2, .od_max = 4096,
	    .od_set = set_strsize },
	{ .od_name = "switchrate", .od_type = DT_OPT_RATE, TRACE,
	    AT(op_switchrate), .od_default = NS_PER_S, .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "syslibdir", .od_type = DT_OPT_STRING, GO,
	    AT(op_syslibdir), .od_set = dt_opt_set },
	/* one ring buffer for all CPUs: already in time order */
	{ .od_name = "temporal", .od_type = DT_OPT_BOOL, GO,
	    AT(op_temporal), .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "tree", .od_type = DT_OPT_INT, GO,
	    AT(op_tree), .od_max = UINT32_MAX, .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "tregs", .od_type = DT_OPT_INT, GO,
	    AT(op_tregs), .od_default = 8, .od_max = UINT32_MAX,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "udefs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_udefs), .od_set = dt_opt_set },
	{ .od_name = "undef", .od_type = DT_OPT_LIST, GO,
	    .od_set = dt_cpp_set_undef },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "unodefs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_unodefs), .od_set = dt_opt_set },
	/* ms a new process is held at its exec without dtprobed */
	{ .od_name = "usdthold", .od_type = DT_OPT_INT, GO,
	    AT(op_usdthold), .od_default = 200, .od_min = 0,
	    .od_max = 10000,
	    .od_set = dt_opt_set },
	/* files with shared USDT probes armed with no live process */
	{ .od_name = "usdtidle", .od_type = DT_OPT_INT, GO,
	    AT(op_usdtidle), .od_default = 256, .od_min = 0,
	    .od_max = 1U << 20,
	    .od_set = dt_opt_set },
	{ .od_name = "usdtprids", .od_type = DT_OPT_INT, GO,
	    AT(op_usdtprids), .od_default = 65536, .od_min = 1,
	    .od_max = 1U << 24,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "useruid", .od_type = DT_OPT_BOOL, GO,
	    AT(op_useruid), .od_set = dt_opt_set },
	/* read when a clause calling ustack() is compiled */
	{ .od_name = "ustackcopy", .od_type = DT_OPT_SIZE, GO,
	    AT(op_ustackcopy), .od_default = 8192,
	    .od_max = DT_USTACK_COPYMAX, .od_set = set_ustackcopy },
	/* read when a clause calling ustack() is compiled */
	{ .od_name = "ustackframes", .od_type = DT_OPT_INT, GO,
	    AT(op_ustackframes), .od_default = 100, .od_min = 1,
	    .od_max = DT_STACK_MAXFRAMES,
	    .od_set = dt_opt_set },
	/* kept, no effect here (dtrace.1) */
	{ .od_name = "verbose", .od_type = DT_OPT_BOOL, GO,
	    AT(op_verbose), .od_set = dt_opt_set },
	/* checked against D's versions, no other effect here (dtrace.1) */
	{ .od_name = "version", .od_type = DT_OPT_STRING, GO,
	    AT(op_version), .od_set = set_version },
	{ .od_name = "zdefs", .od_type = DT_OPT_BOOL, GO,
	    AT(op_zdefs), .od_set = dt_opt_set },
};

const size_t dt_noptions = sizeof (dt_options) / sizeof (dt_options[0]);

/* ---- lookup, defaults, the API ------------------------------------------------ */

static int
optcmp(const void *key, const void *row)
{
	return (strcmp(key, ((const dt_optdesc_t *)row)->od_name));
}

/* The row of the option called name, or NULL. */
const dt_optdesc_t *
dt_opt_lookup(const char *name)
{
	return (bsearch(name, dt_options, dt_noptions, sizeof (dt_options[0]),
	    optcmp));
}

/* Each row's default in its field (dtrace_open()). */
void
dt_opt_defaults(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < dt_noptions; i++) {
		const dt_optdesc_t *od = &dt_options[i];

		if (od->od_type != DT_OPT_STRING && od->od_type != DT_OPT_LIST)
			dt_opt_store(dtp, od, od->od_default);
	}
}

/* The strings the STRING rows hold (dtrace_close()). */
void
dt_opt_free(dtrace_hdl_t *dtp)
{
	for (size_t i = 0; i < dt_noptions; i++) {
		const dt_optdesc_t *od = &dt_options[i];

		if (od->od_type == DT_OPT_STRING && od->od_width != 0) {
			char **sp = field(dtp, od);

			free(*sp);
			*sp = NULL;
		}
	}
}

DT_EXPORT int
dtrace_setopt(dtrace_hdl_t *dtp, const char *opt, const char *val)
{
	const dt_optdesc_t *od;

	if (opt == NULL)
		return (dt_set_errno(dtp, EINVAL));
	od = dt_opt_lookup(opt);
	if (dtp->dt_active && (od == NULL || od->od_when != DT_OPTW_TRACE))
		return (dt_set_errno(dtp, EDT_ACTIVE));
	if (od == NULL)
		return (dt_set_errno(dtp, EDT_BADOPTNAME));
	if (od->od_noprogram && dtp->dt_inprogram)
		return (dt_set_errno(dtp, EDT_BADOPTCTX));
	return (od->od_set(dtp, od, val));
}

/*
 * setopt() while tracing, from clause clause of probe pd: a failure is
 * reported as DTrace reports it, and tracing goes on.  An unknown name
 * is "Invalid option name" (dtrace_setopt() says EDT_ACTIVE first), an
 * option fixed once tracing runs "Operation illegal when tracing is
 * active"; a name without a value is set to "1".  DTrace's message ends
 * with a line break of its own: a blank line follows it.
 */
void
dt_setopt_traced(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd,
    unsigned int clause, const char *opt, const char *val)
{
	int err;

	if (dtrace_setopt(dtp, opt, val) == 0)
		return;
	err = dt_opt_lookup(opt) == NULL ? EDT_BADOPTNAME : dtrace_errno(dtp);
	if (dtp->dt_outfp != NULL)
		fflush(dtp->dt_outfp);
	dt_msg(dtp, DTRACE_MSG_ERROR, "error in dt_clause_%u for probe ID %u "
	    "(%s:%s:%s:%s): couldn't set option \"%s\" to \"%s\": %s\n",
	    clause, pd->id, pd->prv, pd->mod, pd->fun, pd->prb, opt,
	    val != NULL ? val : "1", dtrace_errmsg(dtp, err));
}

/*
 * The number an option holds.  Strings and lists have none: for them, as
 * for unknown names, EDT_BADOPTNAME.
 */
DT_EXPORT int
dtrace_getopt(dtrace_hdl_t *dtp, const char *opt, dtrace_optval_t *valp)
{
	const dt_optdesc_t *od;

	if (opt == NULL || valp == NULL)
		return (dt_set_errno(dtp, EINVAL));
	od = dt_opt_lookup(opt);
	if (od == NULL || od->od_width == 0 || od->od_type == DT_OPT_STRING ||
	    od->od_type == DT_OPT_LIST)
		return (dt_set_errno(dtp, EDT_BADOPTNAME));
	*valp = (dtrace_optval_t)dt_opt_load(dtp, od);
	return (0);
}
