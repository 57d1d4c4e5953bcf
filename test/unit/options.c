/*
 * options.c: the option table (libdtrace/core/dt_options.c), row by row.
 *
 * For every row: dtrace_open() stores its default and dtrace_getopt()
 * reports it; dtrace_setopt() of a value of its type round-trips through
 * dtrace_getopt() (or, for a string, through its field), as does the
 * default written as a value; a value outside its bounds or not of its
 * type is EDT_BADOPTVAL.  Then when each may change: once a program is
 * compiled, every DT_OPTW_COMPILE row is refused with EDT_ACTIVE and the
 * others are not; while tracing (needs root and BPF), every row but the
 * DT_OPTW_TRACE ones is refused, as is an unknown name; after tracing,
 * bufpolicy still is.  Last, the lists in include/dtrace.h of the options
 * that may change while tracing and of those built into programs, and
 * the first list in docs/man/libdtrace.3, are the table's.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dt_options.h"

#include "check.h"

/*
 * A value the row takes, for the rows whose type does not give one, and
 * one it refuses, where "" is not one.
 */
static const struct {
	const char *name;	/* the option */
	const char *val;	/* a good value */
	const char *bad;	/* a bad one, NULL: "" */
} g_examples[] = {
	{ "amin", "Evolving/Evolving/Common", "Sturdy/Stable/Common" },
	{ "btfpath", "/sys/kernel/btf/vmlinux", NULL },
	{ "cppargs", "-DDT_OPTIONS_TEST=1 -UDT_OPTIONS_TEST", " \t " },
	{ "define", "DT_OPTIONS_TEST=1", "1B" },
	{ "incdir", "/tmp", NULL },
	{ "libdir", "/tmp", NULL },
	{ "stdc", "a", "b" },
	{ "undef", "DT_OPTIONS_TEST", "1B" },
	{ "version", "1.6.4", "2" },
};

/* The bad value of g_examples for od, or "". */
static const char *
bad_example(const dt_optdesc_t *od)
{
	for (size_t i = 0; i < sizeof (g_examples) / sizeof (g_examples[0]);
	    i++) {
		if (strcmp(g_examples[i].name, od->od_name) == 0 &&
		    g_examples[i].bad != NULL)
			return (g_examples[i].bad);
	}
	return ("");
}

/*
 * A good value for od in buf, and the number dtrace_getopt() then reports
 * in *vp (*vp untouched where it reports none).
 */
static const char *
example(const dt_optdesc_t *od, char *buf, size_t len, uint64_t *vp)
{
	for (size_t i = 0; i < sizeof (g_examples) / sizeof (g_examples[0]);
	    i++) {
		if (strcmp(g_examples[i].name, od->od_name) == 0)
			return (g_examples[i].val);
	}
	switch (od->od_type) {
	case DT_OPT_BOOL:
		*vp = 1;
		return (NULL);
	case DT_OPT_SIZE:
	case DT_OPT_INT:
		*vp = od->od_max;
		snprintf(buf, len, "%llu", (unsigned long long)*vp);
		return (buf);
	case DT_OPT_RATE:
		*vp = 12345;
		return ("12345ns");
	case DT_OPT_WORD:
		for (*vp = 0; od->od_words[*vp + 1] != NULL; (*vp)++)
			;	/* the last word */
		return (od->od_words[*vp]);
	case DT_OPT_STRING:
		return ("/tmp/dt-options-test");
	default:
		return ("?");	/* a LIST without an example: fails below */
	}
}

/* Does getopt report a number for od? */
static bool
numeric(const dt_optdesc_t *od)
{
	return (od->od_width != 0 && od->od_type != DT_OPT_STRING &&
	    od->od_type != DT_OPT_LIST);
}

static bool
getopt_is(dtrace_hdl_t *h, const dt_optdesc_t *od, uint64_t want)
{
	dtrace_optval_t v = -1;

	if (dtrace_getopt(h, od->od_name, &v) != 0) {
		fprintf(stderr, "  getopt(%s): %s\n", od->od_name,
		    dtrace_errmsg(h, dtrace_errno(h)));
		return (false);
	}
	if ((uint64_t)v != want)
		fprintf(stderr, "  getopt(%s) = %lld, not %llu\n", od->od_name,
		    (long long)v, (unsigned long long)want);
	return ((uint64_t)v == want);
}

static bool
refused(dtrace_hdl_t *h, const char *opt, const char *val, int err)
{
	if (dtrace_setopt(h, opt, val) == 0) {
		fprintf(stderr, "  setopt(%s, %s) was accepted\n", opt,
		    val != NULL ? val : "NULL");
		return (false);
	}
	if (dtrace_errno(h) != err)
		fprintf(stderr, "  setopt(%s, %s): %s\n", opt, val != NULL ?
		    val : "NULL", dtrace_errmsg(h, dtrace_errno(h)));
	return (dtrace_errno(h) == err);
}

static bool
accepted(dtrace_hdl_t *h, const char *opt, const char *val)
{
	if (dtrace_setopt(h, opt, val) == 0)
		return (true);
	fprintf(stderr, "  setopt(%s, %s): %s\n", opt, val != NULL ? val :
	    "NULL", dtrace_errmsg(h, dtrace_errno(h)));
	return (false);
}

/* The table itself: sorted, found by name, each row whole. */
static void
check_table(void)
{
	CHECK(dt_noptions >= 50);
	for (size_t i = 0; i < dt_noptions; i++) {
		const dt_optdesc_t *od = &dt_options[i];

		CHECK(i == 0 || strcmp(dt_options[i - 1].od_name,
		    od->od_name) < 0);
		CHECK(dt_opt_lookup(od->od_name) == od);
		CHECK(od->od_set != NULL);
		CHECK(od->od_type != DT_OPT_WORD || od->od_words != NULL);
		CHECK(od->od_type != DT_OPT_BOOL || od->od_width == 1);
		CHECK(od->od_type != DT_OPT_STRING || od->od_width == 0 ||
		    od->od_width == sizeof (char *));
		if (od->od_type == DT_OPT_SIZE || od->od_type == DT_OPT_INT)
			CHECK(od->od_min <= od->od_default &&
			    od->od_default <= od->od_max);
	}
	CHECK(dt_opt_lookup("nosuchoption") == NULL);
	CHECK(dt_opt_lookup("") == NULL);
}

/* Each row's default, a value of its type, and values it refuses. */
static void
check_row(const dt_optdesc_t *od)
{
	dtrace_hdl_t *h = open_nodev();
	char buf[64];
	uint64_t v = 0;
	const char *val = example(od, buf, sizeof (buf), &v);
	dtrace_optval_t junk;

	/* the default, as dtrace_open() left it */
	if (numeric(od))
		CHECK(getopt_is(h, od, od->od_default));
	else
		CHECK(dtrace_getopt(h, od->od_name, &junk) != 0 &&
		    dtrace_errno(h) == EDT_BADOPTNAME);
	if (od->od_type == DT_OPT_STRING && od->od_width != 0)
		CHECK(*(char **)((char *)&h->dt_opts + od->od_off) == NULL);

	/* a value of its type */
	CHECK(accepted(h, od->od_name, val));
	if (numeric(od))
		CHECK(getopt_is(h, od, v));
	if (od->od_type == DT_OPT_STRING && od->od_width != 0) {
		const char *s = *(char **)((char *)&h->dt_opts + od->od_off);

		CHECK(s != NULL && strcmp(s, val) == 0);
	}

	/* the default, written as a value (a flag cannot be unset) */
	buf[0] = '\0';
	if (od->od_type == DT_OPT_SIZE || od->od_type == DT_OPT_INT)
		snprintf(buf, sizeof (buf), "%llu",
		    (unsigned long long)od->od_default);
	else if (od->od_type == DT_OPT_RATE)
		snprintf(buf, sizeof (buf), "%lluns",
		    (unsigned long long)od->od_default);
	else if (od->od_type == DT_OPT_WORD)
		snprintf(buf, sizeof (buf), "%s",
		    od->od_words[od->od_default]);
	if (buf[0] != '\0') {
		CHECK(accepted(h, od->od_name, buf));
		CHECK(getopt_is(h, od, od->od_default));
	}

	/* values it refuses */
	switch (od->od_type) {
	case DT_OPT_BOOL:
		/* DTrace's flag values: yes/true set it, no/false unset it */
		CHECK(refused(h, od->od_name, "maybe", EDT_BADOPTVAL));
		CHECK(refused(h, od->od_name, "2", EDT_BADOPTVAL));
		if (od->od_set == NULL) {
			CHECK(accepted(h, od->od_name, "no"));
			CHECK(getopt_is(h, od, 0));
			CHECK(accepted(h, od->od_name, "yes"));
			CHECK(getopt_is(h, od, 1));
			CHECK(accepted(h, od->od_name, "false"));
			CHECK(getopt_is(h, od, 0));
			CHECK(accepted(h, od->od_name, "true"));
			CHECK(getopt_is(h, od, 1));
		}
		break;
	case DT_OPT_SIZE:
	case DT_OPT_INT:
		CHECK(refused(h, od->od_name, "x", EDT_BADOPTVAL));
		/* preallocate alone is a flag too, as scripts set it */
		if (strcmp(od->od_name, "preallocate") == 0)
			CHECK(accepted(h, od->od_name, NULL));
		else
			CHECK(refused(h, od->od_name, NULL, EDT_BADOPTVAL));
		if (od->od_max < UINT64_MAX) {
			snprintf(buf, sizeof (buf), "%llu",
			    (unsigned long long)od->od_max + 1);
			CHECK(refused(h, od->od_name, buf, EDT_BADOPTVAL));
		}
		if (od->od_min > 0) {
			snprintf(buf, sizeof (buf), "%llu",
			    (unsigned long long)od->od_min - 1);
			CHECK(refused(h, od->od_name, buf, EDT_BADOPTVAL));
		}
		break;
	case DT_OPT_RATE:
		CHECK(refused(h, od->od_name, "soon", EDT_BADOPTVAL));
		CHECK(refused(h, od->od_name, "0hz", EDT_BADOPTVAL));
		break;
	case DT_OPT_WORD:
		CHECK(refused(h, od->od_name, "nosuchword", EDT_BADOPTVAL));
		CHECK(refused(h, od->od_name, NULL, EDT_BADOPTVAL));
		break;
	case DT_OPT_STRING:
	case DT_OPT_LIST:
		CHECK(refused(h, od->od_name, bad_example(od), EDT_BADOPTVAL));
		break;
	}
	dtrace_close(h);
}

/* After a program is compiled, the COMPILE rows are refused, no other. */
static void
check_compiled(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp = dtrace_program_strcompile(h,
	    "BEGIN { s = \"string\"; spec = speculation(); }",
	    DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	int ncompile = 0;

	CHECK(pgp != NULL);
	for (size_t i = 0; i < dt_noptions; i++) {
		const dt_optdesc_t *od = &dt_options[i];
		char buf[64];
		uint64_t v;
		const char *val = example(od, buf, sizeof (buf), &v);

		if (od->od_when == DT_OPTW_COMPILE) {
			ncompile++;
			CHECK(refused(h, od->od_name, val, EDT_ACTIVE));
		} else {
			CHECK(accepted(h, od->od_name, val));
		}
	}
	CHECK(ncompile >= 5);
	dtrace_close(h);
}

/* While tracing, the TRACE rows alone may change; bufpolicy, not after. */
static void
check_tracing(void)
{
	int err = 0, ntrace = 0;
	dtrace_hdl_t *h = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_prog_t *pgp;

	CHECK(h != NULL);
	if (h == NULL)
		return;
	pgp = dtrace_program_strcompile(h, "BEGIN { }", DTRACE_PROBESPEC_NAME,
	    0, 0, NULL);
	CHECK(pgp != NULL && dtrace_program_exec(h, pgp, NULL) == 0);
	CHECK(dtrace_go(h) == 0);
	for (size_t i = 0; i < dt_noptions; i++) {
		const dt_optdesc_t *od = &dt_options[i];
		char buf[64];
		uint64_t v = 0;
		const char *val = example(od, buf, sizeof (buf), &v);

		if (od->od_when == DT_OPTW_TRACE) {
			ntrace++;
			CHECK(accepted(h, od->od_name, val));
			if (numeric(od))
				CHECK(getopt_is(h, od, v));
		} else {
			CHECK(refused(h, od->od_name, val, EDT_ACTIVE));
		}
	}
	CHECK(ntrace >= 5);
	CHECK(refused(h, "nosuchoption", NULL, EDT_ACTIVE));
	CHECK(dtrace_stop(h) == 0);
	CHECK(refused(h, "bufpolicy", "fill", EDT_ACTIVE));
	CHECK(refused(h, "nosuchoption", NULL, EDT_BADOPTNAME));
	dtrace_close(h);
}

/*
 * The lowercase words of the lines of path after the one containing
 * from, up to the one containing to (of lines starting with lead, if
 * not NULL): the names of the rows whose od_when is when, each once.
 * Returns how many words there were.
 */
static int
check_list(const char *path, const char *from, const char *to,
    const char *lead, dt_opt_when_t when)
{
	FILE *fp = fopen(path, "r");
	char line[512];
	bool in = false, seen[256] = { false };
	int n = 0;

	CHECK(fp != NULL);
	if (fp == NULL) {
		perror(path);
		return (0);
	}
	while (fgets(line, sizeof (line), fp) != NULL) {
		if (!in) {
			in = strstr(line, from) != NULL;
			continue;
		}
		if (strstr(line, to) != NULL)
			break;
		if (lead != NULL && strncmp(line, lead, strlen(lead)) != 0)
			continue;
		for (char *p = line; *p != '\0'; ) {
			char *w = p;
			const dt_optdesc_t *od;

			while (islower((unsigned char)*p))
				p++;
			if (p == w) {
				p++;
				continue;
			}
			if (*p != '\0')
				*p++ = '\0';
			od = dt_opt_lookup(w);
			if (od == NULL || od->od_when != when)
				fprintf(stderr, "  %s lists %s, which is not a "
				    "row of that kind\n", path, w);
			CHECK(od != NULL && od->od_when == when);
			if (od != NULL)
				seen[od - dt_options] = true;
			n++;
		}
	}
	fclose(fp);
	CHECK(in);
	for (size_t i = 0; i < dt_noptions; i++) {
		if (dt_options[i].od_when == when && !seen[i]) {
			fprintf(stderr, "  %s does not list %s\n", path,
			    dt_options[i].od_name);
			CHECK(seen[i]);
		}
	}
	return (n);
}

/* The tree this test was built from: build/test/options -> the root. */
static void
check_docs(void)
{
	char exe[PATH_MAX], path[PATH_MAX + 32];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof (exe) - 1);

	CHECK(len > 0);
	if (len <= 0)
		return;
	exe[len] = '\0';
	for (int i = 0; i < 3; i++)
		*strrchr(exe, '/') = '\0';
	CHECK(dt_noptions <= 256);
	snprintf(path, sizeof (path), "%s/include/dtrace.h", exe);
	CHECK(check_list(path, "options that may change while tracing:",
	    "These are built into the programs", NULL, DT_OPTW_TRACE) >= 5);
	CHECK(check_list(path, "program using them has been compiled:",
	    "(the test unit/options", NULL, DT_OPTW_COMPILE) >= 5);
	snprintf(path, sizeof (path), "%s/docs/man/libdtrace.3", exe);
	CHECK(check_list(path, "While tracing, only the options the consumer",
	    "the others fail with", ".", DT_OPTW_TRACE) >= 5);
}

int
main(void)
{
	check_table();
	for (size_t i = 0; i < dt_noptions; i++)
		check_row(&dt_options[i]);
	check_compiled();
	check_tracing();
	check_docs();
	return (check_done("options"));
}
