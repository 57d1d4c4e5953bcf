/*
 * sessions.c: several sessions in one process (needs root and BPF).
 *
 * BEGIN and END fire only the programs of their own session, even while
 * another session of the same process is tracing; sessions opened and
 * closed one after another leave no file descriptor behind.
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

/* Consume everything the session has into a string. */
static char *
drain(dtrace_hdl_t *dtp)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	dtrace_work(dtp, fp, NULL, NULL, NULL);
	fclose(fp);
	return (buf);
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

	return (check_done("sessions"));
}
