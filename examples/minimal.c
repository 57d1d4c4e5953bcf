/*
 * minimal.c: the smallest useful libdtrace consumer.
 *
 *	minimal ['D program']
 *
 * Opens a session, compiles the D program given as the only argument (by
 * default, one that counts system calls by program name for one second),
 * enables it, starts tracing, consumes records until the program calls
 * exit() or the user interrupts it (SIGINT, SIGTERM), prints the
 * aggregations and closes the session.  Records are printed by libdtrace
 * itself, to standard output; the session is quiet, as `dtrace -q` is, so
 * only what the program traces or prints appears.
 *
 * It uses <dtrace.h> only, in ISO C, and builds against the build tree
 * (`make` builds build/examples/minimal) or an installed tree:
 *
 *	cc -o minimal minimal.c $(pkg-config --cflags --libs libdtrace)
 *
 * Exit status: the status the program gave exit(), or 1 when something
 * failed (the reason is printed on standard error).
 */
#include <dtrace.h>
#include <signal.h>
#include <stdio.h>

static const char default_prog[] =
    "syscall:::entry { @calls[execname] = count(); }\n"
    "tick-1s { exit(0); }\n";

static volatile sig_atomic_t interrupted;

static void
on_signal(int sig)
{
	(void) sig;
	interrupted = 1;
}

/* A fault in a probe firing (a bad address, say): report it, go on. */
static int
on_error(const dtrace_errdata_t *ed, void *arg)
{
	(void) arg;
	fprintf(stderr, "minimal: %s\n", ed->dteda_msg);
	return (DTRACE_HANDLE_OK);
}

/* Print each record of a firing as libdtrace formats it. */
static int
on_record(const dtrace_probedata_t *data, const dtrace_recdesc_t *rec,
    void *arg)
{
	(void) data;
	(void) arg;
	return (rec == NULL ? DTRACE_CONSUME_NEXT : DTRACE_CONSUME_THIS);
}

/*
 * Print the reason for the last failure on the handle, and for a compiler
 * error where it is (file:line:column, the line and a caret), and give up.
 */
static int
fail(dtrace_hdl_t *dtp, const char *what)
{
	const char *where = dtrace_errwhere(dtp);

	fprintf(stderr, "minimal: %s: %s\n", what,
	    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	if (where != NULL)
		fprintf(stderr, "%s\n", where);
	dtrace_close(dtp);
	return (1);
}

int
main(int argc, char *argv[])
{
	const char *src = argc > 1 ? argv[1] : default_prog;
	dtrace_hdl_t *dtp;
	dtrace_prog_t *prog;
	dtrace_proginfo_t info;
	dtrace_workstatus_t st;
	int err, stopped = 0, rc;

	if (argc > 2) {
		fprintf(stderr, "usage: minimal ['D program']\n");
		return (2);
	}
	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		fprintf(stderr, "minimal: cannot open a session: %s\n",
		    dtrace_errmsg(NULL, err));
		return (1);
	}
	if (dtrace_setopt(dtp, "quiet", NULL) != 0)
		return (fail(dtp, "cannot set quiet"));

	/* Compile, then enable in the session: nothing runs yet. */
	if ((prog = dtrace_program_strcompile(dtp, src,
	    DTRACE_PROBESPEC_NAME, 0, 0, NULL)) == NULL)
		return (fail(dtp, "cannot compile the program"));
	if (dtrace_program_exec(dtp, prog, &info) != 0)
		return (fail(dtp, "cannot enable the program"));
	fprintf(stderr, "minimal: %u clause%s, %u probe%s matched\n",
	    info.dpi_clauses, info.dpi_clauses == 1 ? "" : "s",
	    info.dpi_matches, info.dpi_matches == 1 ? "" : "s");
	if (dtrace_handle_err(dtp, on_error, NULL) != 0)
		return (fail(dtp, "cannot set the error handler"));

	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	/* Load, attach and fire BEGIN. */
	if (dtrace_go(dtp) != 0)
		return (fail(dtp, "cannot start tracing"));

	/*
	 * The work loop: wait for records (or the next deadline), consume
	 * them.  On an interrupt, stop (END fires) and consume what is left.
	 */
	do {
		if (!interrupted)
			dtrace_sleep(dtp);
		if (interrupted && !stopped) {
			if (dtrace_stop(dtp) != 0)
				return (fail(dtp, "cannot stop tracing"));
			stopped = 1;
		}
		st = dtrace_work(dtp, stdout, NULL, on_record, NULL);
	} while (st == DTRACE_WORKSTATUS_OKAY);
	if (st == DTRACE_WORKSTATUS_ERROR)
		return (fail(dtp, "cannot consume records"));
	if (!stopped && dtrace_stop(dtp) != 0)
		return (fail(dtp, "cannot stop tracing"));

	/* What the aggregations hold, as dtrace prints it at the end. */
	if (dtrace_aggregate_print(dtp, stdout, NULL) != 0)
		return (fail(dtp, "cannot print the aggregations"));
	fflush(stdout);
	rc = dtrace_exit_status(dtp);
	dtrace_close(dtp);
	return (rc);
}
