/*
 * sessions.c: several sessions in one process (needs root and BPF).
 *
 * BEGIN and END fire only the programs of their own session, even while
 * another session of the same process is tracing; sessions opened and
 * closed one after another leave no file descriptor behind; losses reach
 * the drop handler with their kind.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace.h>

#include "check.h"

static int
nfds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	while (d != NULL && readdir(d) != NULL)
		n++;
	if (d != NULL)
		closedir(d);
	return (n);
}

static dtrace_hdl_t *
session(const char *src)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_prog_t *pgp;

	if (dtp == NULL) {
		fprintf(stderr, "dtrace_open: %s\n", dtrace_errmsg(NULL, err));
		exit(1);
	}
	dtrace_setopt(dtp, "quiet", NULL);
	pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL);
	if (pgp == NULL || dtrace_program_exec(dtp, pgp, NULL) != 0) {
		fprintf(stderr, "compile: %s\n", dtrace_errmsg(dtp,
		    dtrace_errno(dtp)));
		exit(1);
	}
	return (dtp);
}

/* Drops seen by the handler, by kind. */
static uint64_t dropped[3];

static int
drophdlr(const dtrace_dropdata_t *dd, void *arg)
{
	(void) arg;
	if ((unsigned int)dd->dtdda_kind < 3)
		dropped[dd->dtdda_kind] += dd->dtdda_drops;
	return (DTRACE_HANDLE_OK);
}

/* Full aggregation and variable maps: each loss is counted by its kind. */
static void
drops(void)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);
	dtrace_prog_t *pgp;

	CHECK(dtp != NULL);
	if (dtp == NULL)
		return;
	CHECK(dtrace_setopt(dtp, "aggsize", "64") == 0);
	CHECK(dtrace_setopt(dtp, "dynvarsize", "64") == 0);
	CHECK(dtrace_handle_drop(dtp, drophdlr, NULL) == 0);
	/*
	 * 4 aggregation entries of 16 bytes fit: 2 are lost; 2 variable
	 * elements of 24 (key, value, the variable's id): the third store
	 * is lost and ends its clause, so one drop, and the next clause
	 * exits.
	 */
	pgp = dtrace_program_strcompile(dtp, "BEGIN { "
	    "@a[1] = count(); @a[2] = count(); @a[3] = count(); "
	    "@a[4] = count(); @a[5] = count(); @a[6] = count(); "
	    "v[1] = 1; v[2] = 1; v[3] = 1; v[4] = 1; v[5] = 1; v[6] = 1; "
	    "v[7] = 1; } BEGIN { exit(0); }", DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL);
	CHECK(pgp != NULL);
	if (pgp != NULL && dtrace_program_exec(dtp, pgp, NULL) == 0 &&
	    dtrace_go(dtp) == 0)
		CHECK(dtrace_work(dtp, NULL, NULL, NULL, NULL) ==
		    DTRACE_WORKSTATUS_DONE);
	CHECK(dropped[DTRACEDROP_AGGREGATION] == 2);
	CHECK(dropped[DTRACEDROP_DYNAMIC] == 1);
	CHECK(dropped[DTRACEDROP_PRINCIPAL] == 0);
	dtrace_close(dtp);
}

int
main(void)
{
	dtrace_hdl_t *a, *b;
	char *oa, *ob;
	int before;

	a = session("BEGIN { printf(\"begin-a\\n\"); } "
	    "END { printf(\"end-a\\n\"); }");
	b = session("BEGIN { printf(\"begin-b\\n\"); } "
	    "END { printf(\"end-b\\n\"); }");
	CHECK(dtrace_go(a) == 0);
	CHECK(dtrace_go(b) == 0);

	oa = drain(a);
	ob = drain(b);
	CHECK(strcmp(oa, "begin-a\n") == 0);
	CHECK(strcmp(ob, "begin-b\n") == 0);
	free(oa);
	free(ob);

	/* END of a while b still traces: only a's END runs. */
	CHECK(dtrace_stop(a) == 0);
	oa = drain(a);
	ob = drain(b);
	CHECK(strcmp(oa, "end-a\n") == 0);
	CHECK(strcmp(ob, "") == 0);
	free(oa);
	free(ob);
	CHECK(dtrace_stop(b) == 0);
	ob = drain(b);
	CHECK(strcmp(ob, "end-b\n") == 0);
	free(ob);
	dtrace_close(a);
	dtrace_close(b);

	/* Sessions one after another: no descriptor left behind. */
	before = nfds();
	for (int i = 0; i < 50; i++) {
		dtrace_hdl_t *s = session("BEGIN { exit(0); }");

		CHECK(dtrace_go(s) == 0);
		CHECK(dtrace_work(s, NULL, NULL, NULL, NULL) ==
		    DTRACE_WORKSTATUS_DONE);
		CHECK(dtrace_status(s) == DTRACE_STATUS_EXITED);
		dtrace_close(s);
	}
	CHECK(nfds() == before);

	drops();
	return (check_done("sessions"));
}
