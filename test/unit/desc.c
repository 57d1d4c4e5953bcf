/*
 * Unit tests of dtrace_str2desc(): probe descriptions are filled from the
 * field the specification names, leftwards; too many fields or a field
 * longer than its limit are errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dt_impl.h"

#include "check.h"

static dtrace_hdl_t *dtp;

/* s parsed with spec gives these four fields (and id 0). */
static int
desc_is(dtrace_probespec_t spec, const char *s, const char *prv,
    const char *mod, const char *fun, const char *prb)
{
	dtrace_probedesc_t pd;
	int rv, ok;

	memset(&pd, 0x7f, sizeof (pd));		/* garbage, to be cleared */
	rv = dtrace_str2desc(dtp, spec, s, &pd);
	ok = rv == 0 && pd.id == 0 && strcmp(pd.prv, prv) == 0 &&
	    strcmp(pd.mod, mod) == 0 && strcmp(pd.fun, fun) == 0 &&
	    strcmp(pd.prb, prb) == 0;
	if (!ok) {
		if (rv != 0)
			fprintf(stderr, "  \"%s\" (spec %d) failed: %s\n", s,
			    spec, dtrace_errmsg(dtp, dtrace_errno(dtp)));
		else
			fprintf(stderr, "  \"%s\" (spec %d): id %u \"%.64s\" "
			    "\"%.64s\" \"%.64s\" \"%.64s\"\n", s, spec, pd.id,
			    pd.prv, pd.mod, pd.fun, pd.prb);
	}
	return (ok);
}

/* s parsed with spec fails with EDT_BADSPEC and a message holding text. */
static int
desc_fails(dtrace_probespec_t spec, const char *s, const char *text)
{
	dtrace_probedesc_t pd;
	int rv = dtrace_str2desc(dtp, spec, s, &pd);
	int ok = rv == -1 && dtrace_errno(dtp) == EDT_BADSPEC &&
	    strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)), text) != NULL &&
	    dtrace_errtag(dtp) == NULL;

	if (!ok)
		fprintf(stderr, "  \"%.40s\" (spec %d): rv %d, errno %d, "
		    "\"%s\"; wanted \"%s\"\n", s, spec, rv, dtrace_errno(dtp),
		    dtrace_errmsg(dtp, dtrace_errno(dtp)), text);
	return (ok);
}

/* A string of n copies of c. */
static char *
repeat(char c, size_t n)
{
	char *s = malloc(n + 1);

	if (s == NULL)
		exit(1);
	memset(s, c, n);
	s[n] = '\0';
	return (s);
}

static void
test_name(void)
{
	const dtrace_probespec_t N = DTRACE_PROBESPEC_NAME;

	CHECK(desc_is(N, "BEGIN", "", "", "", "BEGIN"));
	CHECK(desc_is(N, "syscall::open*:entry", "syscall", "", "open*",
	    "entry"));
	CHECK(desc_is(N, "a:b", "", "", "a", "b"));
	CHECK(desc_is(N, "a:b:c", "", "a", "b", "c"));
	CHECK(desc_is(N, "a:b:c:d", "a", "b", "c", "d"));
	CHECK(desc_is(N, "", "", "", "", ""));
	CHECK(desc_is(N, ":::", "", "", "", ""));
	CHECK(desc_is(N, "dtrace:::", "dtrace", "", "", ""));
	CHECK(desc_is(N, ":::END", "", "", "", "END"));
	CHECK(desc_is(N, "::read:", "", "", "read", ""));
	CHECK(desc_is(N, "profile:::tick-1s", "profile", "", "", "tick-1s"));
	CHECK(desc_is(N, "fbt:vmlinux:[a-z]*?:return", "fbt", "vmlinux",
	    "[a-z]*?", "return"));
	CHECK(desc_is(N, "pid123::malloc:entry", "pid123", "", "malloc",
	    "entry"));
	/* an unknown spec is taken as a name */
	CHECK(desc_is(DTRACE_PROBESPEC_NONE, "a:b", "", "", "a", "b"));
	CHECK(desc_is((dtrace_probespec_t)42, "x", "", "", "", "x"));

	CHECK(desc_fails(N, "a:b:c:d:e", "Overspecified probe description"));
	CHECK(desc_fails(N, "::::", "Overspecified probe description"));
	CHECK(desc_fails(N, "a:b:c:d:", "Overspecified probe description"));
	CHECK(desc_fails(N, ":a:b:c:d", "Overspecified probe description"));
}

static void
test_other_specs(void)
{
	CHECK(desc_is(DTRACE_PROBESPEC_PROVIDER, "syscall", "syscall", "", "",
	    ""));
	CHECK(desc_is(DTRACE_PROBESPEC_PROVIDER, "sys*", "sys*", "", "", ""));
	CHECK(desc_fails(DTRACE_PROBESPEC_PROVIDER, "syscall:vmlinux",
	    "Overspecified probe description"));
	CHECK(desc_is(DTRACE_PROBESPEC_MOD, "vmlinux", "", "vmlinux", "", ""));
	CHECK(desc_is(DTRACE_PROBESPEC_MOD, "syscall:vmlinux", "syscall",
	    "vmlinux", "", ""));
	CHECK(desc_fails(DTRACE_PROBESPEC_MOD, "a:b:c",
	    "Overspecified probe description"));
	CHECK(desc_is(DTRACE_PROBESPEC_FUNC, "open", "", "", "open", ""));
	CHECK(desc_is(DTRACE_PROBESPEC_FUNC, "vmlinux:open", "", "vmlinux",
	    "open", ""));
	CHECK(desc_is(DTRACE_PROBESPEC_FUNC, "a:b:c", "a", "b", "c", ""));
	CHECK(desc_fails(DTRACE_PROBESPEC_FUNC, "a:b:c:d",
	    "Overspecified probe description"));
}

static void
test_lengths(void)
{
	const dtrace_probespec_t N = DTRACE_PROBESPEC_NAME;
	char *s, buf[1024];

	/* the longest of each field fits; one more character does not */
	s = repeat('n', DTRACE_NAMELEN - 1);
	CHECK(desc_is(N, s, "", "", "", s));
	free(s);
	s = repeat('n', DTRACE_NAMELEN);
	CHECK(desc_fails(N, s, "is too long"));
	free(s);

	s = repeat('p', DTRACE_PROVNAMELEN - 1);
	snprintf(buf, sizeof (buf), "%s:::x", s);
	CHECK(desc_is(N, buf, s, "", "", "x"));
	free(s);
	s = repeat('p', DTRACE_PROVNAMELEN);
	snprintf(buf, sizeof (buf), "%s:::x", s);
	CHECK(desc_fails(N, buf, "is too long"));
	CHECK(desc_fails(DTRACE_PROBESPEC_PROVIDER, s, "is too long"));
	free(s);

	s = repeat('m', DTRACE_MODNAMELEN - 1);
	snprintf(buf, sizeof (buf), "p:%s::x", s);
	CHECK(desc_is(N, buf, "p", s, "", "x"));
	free(s);
	s = repeat('m', DTRACE_MODNAMELEN);
	snprintf(buf, sizeof (buf), "p:%s::x", s);
	CHECK(desc_fails(N, buf, "is too long"));
	free(s);

	s = repeat('f', DTRACE_FUNCNAMELEN - 1);
	snprintf(buf, sizeof (buf), "::%s:x", s);
	CHECK(desc_is(N, buf, "", "", s, "x"));
	free(s);
	s = repeat('f', DTRACE_FUNCNAMELEN);
	snprintf(buf, sizeof (buf), "::%s:x", s);
	CHECK(desc_fails(N, buf, "is too long"));
	free(s);

	/* the message names the field */
	s = repeat('n', DTRACE_NAMELEN + 2);
	snprintf(buf, sizeof (buf), "::f:%s", s);
	{
		char want[256];

		snprintf(want, sizeof (want), "field \"%s\" is too long", s);
		CHECK(desc_fails(N, buf, want));
	}
	free(s);
}

static void
test_errors_cleared(void)
{
	dtrace_probedesc_t pd;

	/* a success after a failure: the handle's error is untouched */
	CHECK(dtrace_str2desc(dtp, DTRACE_PROBESPEC_NAME, "a:b:c:d:e",
	    &pd) == -1);
	CHECK(dtrace_errno(dtp) == EDT_BADSPEC);
	CHECK(dtrace_str2desc(dtp, DTRACE_PROBESPEC_NAME, "a:b", &pd) == 0);
	CHECK(strcmp(pd.fun, "a") == 0 && strcmp(pd.prb, "b") == 0);
	/* the generic text of the code */
	CHECK(strcmp(dtrace_errmsg(NULL, EDT_BADSPEC),
	    "Invalid probe description") == 0);
}

int
main(void)
{
	dtp = open_nodev();
	test_name();
	test_other_specs();
	test_lengths();
	test_errors_cleared();
	dtrace_close(dtp);

	return (check_done("desc"));
}
