/*
 * dtrace: the command.  Uses libdtrace's public interface only.
 *
 * Arguments are taken in order: options that shape the session (-x, -q,
 * -Z, -w, and -C, -D, -U, -I, -H for the C preprocessor) first, then
 * processes (-c, -p) so that $target is known, then the programs (-n, -s,
 * -P, -m, -f, -i) are compiled in the order given.
 * Then -l lists, -e stops, or tracing runs until exit(), an interrupt
 * (SIGINT, SIGTERM, SIGHUP) or the end of every -c/-p process.
 */
#include <dtrace.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#define DTRACE_CMD_VERSION	"0.1.0"

typedef enum { REQ_DESC, REQ_SCRIPT } req_kind_t;

typedef struct request {
	req_kind_t rq_kind;		/* -n/-P/-m/-f/-i or -s */
	dtrace_probespec_t rq_spec;	/* for descriptions */
	const char *rq_arg;		/* the argument */
	dtrace_prog_t *rq_prog;		/* compiled program */
} request_t;

static dtrace_hdl_t *g_dtp;
static FILE *g_ofp;
static request_t *g_reqs;		/* -n, -s, ... in order */
static char **g_cmds;			/* -c commands */
static char **g_operands;		/* macro arguments, -G objects */
static pid_t *g_pids;			/* -p processes */
static char *g_linkout;		/* the file -h or -G writes */
static struct ps_prochandle **g_procs;	/* created and grabbed */
static bool g_quiet;
static bool g_json;		/* -x oformat=json: the library prints */
static bool g_header;
static bool g_flow;		/* flowindent (-F) */
static bool g_verbose;		/* -v */
static int g_indent;		/* its indentation, 2 columns a level */
static uint32_t g_flowprid;	/* probe of the last firing shown */
static unsigned int g_flowclause; /* and its clause */
static volatile sig_atomic_t g_intr;
static volatile sig_atomic_t g_nintr;

/*
 * A message on stderr, in one write(2): stderr is unbuffered, and a
 * session tracing write() would see each part of it fire its probes
 * (a clause faulting on every write made three errors of each).
 */
static void
vwarn(const char *fmt, va_list ap)
{
	char *msg = NULL;

	fflush(g_ofp != NULL ? g_ofp : stdout);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	fprintf(stderr, "dtrace: %s\n", msg != NULL ? msg : "out of memory");
	free(msg);
}

static void __attribute__((format(printf, 1, 2)))
warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

/* Release everything and return the exit status rc. */
static int
finish(int rc)
{
	dtrace_close(g_dtp);
	g_dtp = NULL;
	free(g_procs);
	free(g_reqs);
	free(g_cmds);
	free(g_operands);
	free(g_pids);
	free(g_linkout);
	if (g_ofp != NULL && g_ofp != stdout)
		fclose(g_ofp);
	return (rc);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	exit(finish(1));
}

/*
 * A program that does not compile: DTrace's message ("failed to compile
 * script FILE: line N: ..."), then, for a person at a terminal, where it
 * is: FILE:LINE:COLUMN, the line and a caret.  Redirected, the bytes are
 * DTrace's alone, as scripts that compare them expect.
 */
static void __attribute__((noreturn, format(printf, 1, 2)))
compile_failed(const char *fmt, ...)
{
	const char *where = dtrace_errwhere(g_dtp);
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	if (where != NULL && isatty(STDERR_FILENO))
		fprintf(stderr, "%s\n", where);
	exit(finish(1));
}

/* A command line DTrace refuses as misused: the message, exit status 2. */
static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	exit(finish(2));
}

static void
usage(FILE *fp)
{
	fprintf(fp, "Usage: dtrace [-64CeFGhHqlSvVwZ] [-b bufsz] [-o output] "
	    "[-x opt[=val]]\n"
	    "\t[-c cmd] [-p pid] [-X a|c|s|t]\n"
	    "\t[-D name[=def]] [-U name] [-I path] [-L path]\n"
	    "\t[-n name[{actions}]] [-P provider] [-m module] [-f function]\n"
	    "\t[-i probe-id] [-s script] [args ...]\n"
	    "       dtrace -h -s provider.d [-o header.h]\n"
	    "       dtrace -G -s provider.d [-o object.o] object.o ...\n\n"
	    "\t-64 generate 64-bit D programs (the only model)\n"
	    "\t-b  set trace buffer size\n"
	    "\t-c  run command and exit upon its completion\n"
	    "\t-C  run the C preprocessor (cpp) over programs\n"
	    "\t-D  define a macro for the C preprocessor\n"
	    "\t-e  exit after compiling request but prior to enabling probes\n"
	    "\t-f  enable or list probes matching the specified function name\n"
	    "\t-F  coalesce trace output by function\n"
	    "\t-G  generate an ELF object file for the providers declared\n"
	    "\t-h  generate a header file for the providers declared\n"
	    "\t-H  print the name of each file the preprocessor includes\n"
	    "\t-i  enable or list probes matching the specified probe id\n"
	    "\t-I  add a directory to the preprocessor's include path\n"
	    "\t-l  list probes matching specified criteria\n"
	    "\t-L  add a directory of D library files (.d) to load first\n"
	    "\t-m  enable or list probes matching the specified module name\n"
	    "\t-n  enable or list probes matching the specified probe name\n"
	    "\t-o  set output file\n"
	    "\t-p  grab specified process-ID and cache its symbol tables\n"
	    "\t-P  enable or list probes matching the specified provider name\n"
	    "\t-q  set quiet mode (only output explicitly traced data)\n"
	    "\t-s  enable or list probes according to the specified D script\n"
	    "\t-S  print the BPF code generated for each clause\n"
	    "\t-U  undefine a macro for the C preprocessor\n"
	    "\t-v  print stability attributes (with -l, and argument types)\n"
	    "\t-V  report the version of the D language and of dtrace\n"
	    "\t-w  permit destructive actions\n"
	    "\t-x  enable or modify compiler and tracing options\n"
	    "\t-X  specify ISO C conformance settings for the preprocessor\n"
	    "\t-Z  permit probe descriptions that match zero probes\n");
}

/*
 * After an interrupt, SIGALRM every second: a write to an output that
 * nobody reads (a full pipe) blocks, and an interrupt that came while
 * part of the buffer had gone out only shortens that write; stdio writes
 * the rest and blocks again.  A write that makes no progress for a
 * second then fails with EINTR, and the command ends (output_gone()).
 */
static void
tick(int sig)
{
	(void) sig;
	alarm(1);
}

static void
intr(int sig)
{
	(void) sig;
	g_intr = 1;
	if (++g_nintr > 1)
		_exit(1);	/* impatient: second interrupt */
	alarm(1);
}

/*
 * How DTrace names a request in its reports: a script by its file name,
 * a -n/-P/-m/-f/-i description by its text up to its predicate or
 * clause (the first '{', '/' or ';'), spaces before it kept.
 */
static int
request_namelen(const request_t *rq)
{
	if (rq->rq_kind == REQ_SCRIPT)
		return ((int)strlen(rq->rq_arg));
	return ((int)strcspn(rq->rq_arg, "{/;"));
}

static const char *
request_kind(const request_t *rq)
{
	return (rq->rq_kind == REQ_SCRIPT ? "script" : "description");
}

static void
print_banner(const request_t *rq, const dtrace_proginfo_t *info)
{
	fprintf(stderr, "dtrace: %s '%.*s' matched %u probe%s\n",
	    request_kind(rq), request_namelen(rq), rq->rq_arg,
	    info->dpi_matches, info->dpi_matches == 1 ? "" : "s");
}

/*
 * The prefix of a firing under flowindent (-F): the CPU, then the
 * function, indented one level deeper at each entry probe and one level
 * less after each return probe, after "->" and "<-" ("=>" and "<=" for
 * system calls); other probes show "| function:name" at the current
 * level, and so does a second clause of the probe just shown (the same
 * entry, not a deeper one).  One indentation for the whole output, as
 * DTrace keeps it.
 */
static int
chew_flow(const dtrace_probedata_t *data)
{
	const dtrace_probedesc_t *pd = data->dtpda_pdesc;
	bool sys = strcmp(pd->prv, "syscall") == 0;
	bool again = pd->id == g_flowprid && data->dtpda_clause != g_flowclause;
	char field[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 256];

	if (!g_header) {
		fprintf(g_ofp, "%3s %-41s\n", "CPU", "FUNCTION");
		g_header = true;
	}
	g_flowprid = pd->id;
	g_flowclause = data->dtpda_clause;
	if (again) {
		snprintf(field, sizeof (field), "%*s| %s:%s", g_indent, "",
		    pd->fun, pd->prb);
	} else if (strcmp(pd->prb, "entry") == 0) {
		g_indent += 2;
		snprintf(field, sizeof (field), "%*s%s %s", g_indent - 1, "",
		    sys ? "=>" : "->", pd->fun);
	} else if (strcmp(pd->prb, "return") == 0) {
		snprintf(field, sizeof (field), "%*s%s %s", g_indent > 0 ?
		    g_indent - 1 : 0, "", sys ? "<=" : "<-", pd->fun);
		if (g_indent >= 2)
			g_indent -= 2;
	} else {
		snprintf(field, sizeof (field), "%*s| %s:%s", g_indent, "",
		    pd->fun, pd->prb);
	}
	fprintf(g_ofp, "%3d %-41s ", data->dtpda_cpu, field);
	return (DTRACE_CONSUME_THIS);
}

static int
chew(const dtrace_probedata_t *data, void *arg)
{
	const dtrace_probedesc_t *pd = data->dtpda_pdesc;
	char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 2];

	(void) arg;
	if (g_quiet || g_json)
		return (DTRACE_CONSUME_THIS);
	if (g_flow)
		return (chew_flow(data));
	if (!g_header) {
		fprintf(g_ofp, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
		g_header = true;
	}
	snprintf(name, sizeof (name), "%s:%s", pd->fun, pd->prb);
	fprintf(g_ofp, "%3d %6u %32s ", data->dtpda_cpu, pd->id, name);
	return (DTRACE_CONSUME_THIS);
}

static int
chewrec(const dtrace_probedata_t *data, const dtrace_recdesc_t *rec,
    void *arg)
{
	(void) data;
	(void) arg;
	if (rec == NULL) {
		if (!g_quiet && !g_json)
			fputc('\n', g_ofp);
		return (DTRACE_CONSUME_NEXT);
	}
	return (DTRACE_CONSUME_THIS);
}

static int
errhandler(const dtrace_errdata_t *ed, void *arg)
{
	(void) arg;
	warn("%s", ed->dteda_msg);
	return (DTRACE_HANDLE_OK);
}

static int
drophandler(const dtrace_dropdata_t *dd, void *arg)
{
	(void) arg;
	warn("%s", dd->dtdda_msg);
	return (DTRACE_HANDLE_OK);
}

/*
 * A process of -c or -p ended: how, as DTrace says it.  The status of a
 * grabbed process (not our child) is not known: it "has exited".
 */
static void
prochandler(pid_t pid, dtrace_procevent_t ev, int status, void *arg)
{
	const char *sig;

	(void) arg;
	if (ev != DTRACE_PROC_EXITED || g_quiet)
		return;
	if (WIFSIGNALED(status)) {
		sig = sigabbrev_np(WTERMSIG(status));
		if (sig != NULL)
			warn("pid %d terminated by SIG%s", (int)pid, sig);
		else
			warn("pid %d terminated by signal %d", (int)pid,
			    WTERMSIG(status));
	} else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
		warn("pid %d exited with status %d", (int)pid,
		    WEXITSTATUS(status));
	} else {
		warn("pid %d has exited", (int)pid);
	}
}

/*
 * Is the output gone?  A reader that went away (| head) makes writes fail
 * with EPIPE: tracing stops quietly.  Any other write error is reported.
 * The library may flush the stream itself, so the stream's error flag is
 * what tells, not the last fflush().
 */
static int g_outerr;		/* errno of the failed output, or 0 */
static const char *g_outname;	/* the -o file, or NULL for stdout */

static bool
output_gone(void)
{
	int err;

	if (fflush(g_ofp) != EOF && !ferror(g_ofp))
		return (false);
	if (g_outerr == 0) {
		/*
		 * The write may have failed inside the library, and errno
		 * been set since by other calls: what stdio still holds is
		 * written again for the reason of now.
		 */
		err = errno != 0 ? errno : EIO;
		clearerr(g_ofp);
		if (fflush(g_ofp) == EOF && errno != 0)
			err = errno;
		g_outerr = err;
		if ((g_outerr == EINTR || g_outerr == EAGAIN) && g_intr)
			warn("output to %s blocked (not read): given up "
			    "after the interrupt", g_outname != NULL ?
			    g_outname : "standard output");
		else if (g_outerr != EPIPE)
			warn("failed to write to %s: %s", g_outname != NULL ?
			    g_outname : "standard output", strerror(g_outerr));
	}
	return (true);
}

/*
 * SIGPIPE and SIGXFSZ ignored (on), or as the command was given them
 * (off): for the -c commands, which would inherit an ignored signal
 * through exec().
 */
static void
ignore_output_signals(bool on)
{
	static struct sigaction given[2];
	static bool saved;
	struct sigaction ign;
	const int sigs[2] = { SIGPIPE, SIGXFSZ };

	memset(&ign, 0, sizeof (ign));
	ign.sa_handler = SIG_IGN;
	for (int i = 0; i < 2; i++) {
		if (on)
			(void) sigaction(sigs[i], &ign, saved ? NULL :
			    &given[i]);
		else if (saved)
			(void) sigaction(sigs[i], &given[i], NULL);
	}
	saved |= on;
}

/* A block of stability attributes, as DTrace prints them. */
static void
print_attr(const char *title, dtrace_attribute_t a)
{
	fprintf(g_ofp, "\n\t%s\n", title);
	fprintf(g_ofp, "\t\tIdentifier Names: %s\n",
	    dtrace_stability_name(a.dtat_name));
	fprintf(g_ofp, "\t\tData Semantics:   %s\n",
	    dtrace_stability_name(a.dtat_data));
	fprintf(g_ofp, "\t\tDependency Class: %s\n",
	    dtrace_class_name(a.dtat_class));
}

/*
 * A probe's attributes and argument types, as -v shows them after the
 * probe's line.
 */
static void
probe_info(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd)
{
	dtrace_probeattr_t pa;
	char type[256];
	int n = 0;

	if (dtrace_probe_attr(dtp, pd, &pa) == 0) {
		print_attr("Probe Description Attributes", pa.dtpa_desc);
		print_attr("Argument Attributes", pa.dtpa_args);
	}
	fprintf(g_ofp, "\n\tArgument Types\n");
	for (; n < 10 && dtrace_probe_argtype(dtp, pd, n, type,
	    sizeof (type)) == 0; n++)
		fprintf(g_ofp, "\t\targs[%d]: %s\n", n, type);
	if (n == 0)
		fprintf(g_ofp, "\t\tNone\n");
	fprintf(g_ofp, "\n");
}

/* A line of the listing; with -v, the probe's attributes and types. */
static int
list_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	(void) arg;
	fprintf(g_ofp, "%5u %10s %17s %33s %s\n", pd->id, pd->prv, pd->mod,
	    pd->fun, pd->prb);
	if (g_verbose)
		probe_info(dtp, pd);
	return (0);
}

/*
 * -l: the probes a description matches.  One that matches none is
 * reported, and the listing goes on, as in DTrace (-l implies -Z).
 */
static void
list_desc(const dtrace_probedesc_t *pd)
{
	if (dtrace_probe_iter(g_dtp, pd, list_probe, NULL) == 0 ||
	    dtrace_errno(g_dtp) != EDT_NOPROBE)
		return;
	if (pd->id != 0)
		warn("failed to match %u: %s", pd->id,
		    dtrace_errmsg(g_dtp, EDT_NOPROBE));
	else
		warn("failed to match %s:%s:%s:%s: %s", pd->prv, pd->mod,
		    pd->fun, pd->prb, dtrace_errmsg(g_dtp, EDT_NOPROBE));
}

/* -l: the probes of each description of a program. */
static int
list_stmt_probes(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    const dtrace_stmtdesc_t *sd, void *arg)
{
	(void) dtp;
	(void) pgp;
	(void) arg;
	list_desc(&sd->dtsd_desc);
	return (0);
}

/* -v -e: a probe a description matched, by its full name, and its info. */
static int
report_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	(void) arg;
	fprintf(g_ofp, "\n%s:%s:%s:%s\n", pd->prv, pd->mod, pd->fun,
	    pd->prb);
	probe_info(dtp, pd);
	return (0);
}

/* -v: the least attributes of a program's descriptions and statements. */
static int
least_attr(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    const dtrace_stmtdesc_t *sd, void *arg)
{
	dtrace_attribute_t *a = arg;

	(void) dtp;
	(void) pgp;
	for (int i = 0; i < 2; i++) {
		dtrace_attribute_t b = i == 0 ? sd->dtsd_descattr :
		    sd->dtsd_stmtattr;

		if (b.dtat_name < a[i].dtat_name)
			a[i].dtat_name = b.dtat_name;
		if (b.dtat_data < a[i].dtat_data)
			a[i].dtat_data = b.dtat_data;
		if (b.dtat_class < a[i].dtat_class)
			a[i].dtat_class = b.dtat_class;
	}
	return (0);
}

static int
list_stmt(dtrace_hdl_t *dtp, dtrace_prog_t *pgp,
    const dtrace_stmtdesc_t *sd, void *arg)
{
	(void) pgp;
	(void) arg;
	(void) dtrace_probe_iter(dtp, &sd->dtsd_desc, report_probe, NULL);
	return (0);
}

/*
 * -v: a program's stability report, as DTrace prints it: the least
 * attributes of its probe descriptions and of its statements; with -e,
 * then each probe its descriptions match, with its attributes and types,
 * else an empty line before what tracing prints.
 */
static void
report_prog(const request_t *rq, bool probes)
{
	dtrace_attribute_t a[2] = {
		{ DTRACE_STABILITY_MAX, DTRACE_STABILITY_MAX,
		    DTRACE_CLASS_MAX },
		{ DTRACE_STABILITY_MAX, DTRACE_STABILITY_MAX,
		    DTRACE_CLASS_MAX }
	};

	(void) dtrace_stmt_iter(g_dtp, rq->rq_prog, least_attr, a);
	fprintf(g_ofp, "\nStability attributes for %s %.*s:\n",
	    request_kind(rq), request_namelen(rq), rq->rq_arg);
	print_attr("Minimum Probe Description Attributes", a[0]);
	print_attr("Minimum Statement Attributes", a[1]);
	if (probes)
		(void) dtrace_stmt_iter(g_dtp, rq->rq_prog, list_stmt, NULL);
	else
		fprintf(g_ofp, "\n");
	fflush(g_ofp);
}

/* Split a -c command line on white space, as DTrace does. */
static char **
split_cmd(char *cmd)
{
	size_t n = 0;
	char **argv = calloc(strlen(cmd) / 2 + 2, sizeof (char *));
	char *save = NULL;

	if (argv == NULL)
		fatal("out of memory");
	for (char *w = strtok_r(cmd, " \t\n\v\f\r", &save); w != NULL;
	    w = strtok_r(NULL, " \t\n\v\f\r", &save))
		argv[n++] = w;
	argv[n] = NULL;
	if (n == 0)
		fatal("empty command for -c");
	return (argv);
}

static void
setopt(const char *arg)
{
	/* The name is copied to the stack: fatal() exits with nothing held. */
	char name[256];
	const char *val = strchr(arg, '=');
	size_t len = val != NULL ? (size_t)(val - arg) : strlen(arg);

	if (len >= sizeof (name))
		fatal("failed to set -x %.*s: %s", (int)len, arg,
		    dtrace_errmsg(g_dtp, EDT_BADOPTNAME));
	memcpy(name, arg, len);
	name[len] = '\0';
	if (val != NULL)
		val++;
	/* DTrace names the option, not its value: "failed to set -x NAME" */
	if (dtrace_setopt(g_dtp, name, val) != 0) {
		if (dtrace_errno(g_dtp) == EDT_BTF)	/* names the file */
			fatal("%s", dtrace_errmsg(g_dtp, EDT_BTF));
		fatal("failed to set -x %s: %s", name,
		    dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
	}
}

/* -b, -D, -U, -I (flag): the option opt set to val. */
static void
setflagopt(int flag, const char *opt, const char *val)
{
	if (dtrace_setopt(g_dtp, opt, val) != 0)
		fatal("failed to set -%c %s: %s", flag, val,
		    dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
}

/*
 * The file -h or -G writes when -o does not name one: the first script's
 * name with .h or .o for .d ("d.out" for -G without a script, as DTrace).
 * -h without -o takes one script named *.d, as DTrace does.
 */
static char *
link_outfile(int mode, const request_t *reqs, int nreqs)
{
	const char *script = NULL, *base;
	char *out;
	size_t len;

	if (mode == 'h' && nreqs > 1)
		usage_error("-h requires an output file if multiple scripts "
		    "are specified");
	for (int i = 0; i < nreqs && script == NULL; i++) {
		if (reqs[i].rq_kind == REQ_SCRIPT &&
		    strcmp(reqs[i].rq_arg, "-") != 0)
			script = reqs[i].rq_arg;
	}
	if (mode == 'h' && (script == NULL || strlen(script) < 2 ||
	    strcmp(script + strlen(script) - 2, ".d") != 0))
		usage_error("-h requires an output file if no scripts are "
		    "specified");
	if (script == NULL)
		return (strdup("d.out"));
	base = strrchr(script, '/') != NULL ? strrchr(script, '/') + 1 :
	    script;
	len = strlen(base);
	if (len > 2 && strcmp(base + len - 2, ".d") == 0)
		len -= 2;
	if ((out = malloc(len + 3)) != NULL)
		snprintf(out, len + 3, "%.*s.%c", (int)len, base,
		    mode == 'h' ? 'h' : 'o');
	return (out);
}

/*
 * Close fp, written as path, and remove the file if it is a regular file
 * and still the one written: -o /dev/null must not remove /dev/null.
 */
static void
remove_written(FILE *fp, const char *path)
{
	struct stat fst, pst;
	bool regular = fstat(fileno(fp), &fst) == 0 && S_ISREG(fst.st_mode);

	fclose(fp);
	if (regular && lstat(path, &pst) == 0 && pst.st_dev == fst.st_dev &&
	    pst.st_ino == fst.st_ino)
		unlink(path);
}

/*
 * dtrace -h and -G: compile the programs (their provider declarations),
 * then write the header, or check the objects and write the object.
 */
static int
link_step(int mode, request_t *reqs, int nreqs, unsigned int cflags,
    const char *outfile, int objc, char **objv)
{
	char *out = g_linkout = outfile != NULL ? strdup(outfile) :
	    link_outfile(mode, reqs, nreqs);
	dtrace_prog_t *pgp = NULL;

	if (out == NULL)
		fatal("out of memory");
	if (mode == 'h' && objc > 0)
		fatal("-h takes no object files: %s", objv[0]);
	if (mode == 'G' && objc == 0)
		fatal("-G requires the object files of the probes");
	for (int i = 0; i < objc; i++) {
		struct stat a, b;

		if (strcmp(objv[i], out) == 0 || (stat(objv[i], &a) == 0 &&
		    stat(out, &b) == 0 && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino))
			fatal("output file %s is also an input object: name "
			    "another with -o", out);
	}
	for (int i = 0; i < nreqs; i++) {
		request_t *rq = &reqs[i];
		char *margv[2] = { (char *)rq->rq_arg, NULL };

		if (rq->rq_kind == REQ_SCRIPT) {
			FILE *fp = strcmp(rq->rq_arg, "-") == 0 ? stdin :
			    fopen(rq->rq_arg, "r");

			if (fp == NULL)
				fatal("failed to open %s: %s", rq->rq_arg,
				    strerror(errno));
			rq->rq_prog = dtrace_program_fcompile(g_dtp, fp,
			    cflags, 1, margv);
			if (fp != stdin)
				fclose(fp);
		} else {
			rq->rq_prog = dtrace_program_strcompile(g_dtp,
			    rq->rq_arg, rq->rq_spec, cflags, 1, margv);
		}
		if (rq->rq_prog == NULL)
			compile_failed("failed to compile %s: %s", rq->rq_arg,
			    dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
		pgp = rq->rq_prog;
	}
	if (mode == 'h') {
		FILE *fp = fopen(out, "w");

		if (fp == NULL)
			fatal("failed to open output file '%s': %s", out,
			    strerror(errno));
		if (dtrace_program_header(g_dtp, fp, out) != 0) {
			remove_written(fp, out);
			fatal("failed to create header file %s: %s", out,
			    dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
		}
		if (fclose(fp) != 0)
			fatal("failed to write header file %s: %s", out,
			    strerror(errno));
	} else if (dtrace_program_link(g_dtp, pgp, 0, out, objc, objv) != 0) {
		fatal("failed to link %s: %s", out, dtrace_errmsg(g_dtp,
		    dtrace_errno(g_dtp)));
	}
	return (0);
}

/*
 * Each probe may take two descriptors (a perf event and its link: sdt,
 * and fbt or pid where the kernel has no multi-attach), so sdt::: needs
 * about 3,200, above the usual soft limit of 1,024: use the hard limit.
 * Called once the -c commands exist, which keep the limit they had.
 */
static void
raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void) setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/*
 * Standard descriptors that were closed are opened read-only on
 * /dev/null: else the first files the session opens (BPF maps, perf
 * events, tracefs control files) would take their numbers, and the
 * output and messages would be written into them.  Writes to them now
 * fail (EBADF), and are reported as any failed write.
 */
static void
hold_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		int nfd;

		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		if ((nfd = open("/dev/null", O_RDONLY)) < 0)
			_exit(1);	/* nowhere to say it */
		if (nfd != fd) {	/* a lower one was closed too */
			(void) dup2(nfd, fd);
			close(nfd);
		}
	}
}

/*
 * Whether getopt() stopped at "--" (it then returns -1 with optind past
 * it, and would go back to the first operand after it if called again).
 */
static bool
after_dashes(char *const argv[], int ind)
{
	return (ind > 1 && strcmp(argv[ind - 1], "--") == 0);
}

int
main(int argc, char *argv[])
{
	static const char optstr[] =
	    "+3:6:aAb:c:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z";
	request_t *reqs = g_reqs = calloc((size_t)argc + 1,
	    sizeof (request_t));
	char **cmds = g_cmds = calloc((size_t)argc + 1, sizeof (char *));
	char **operands = g_operands = calloc((size_t)argc + 1,
	    sizeof (char *));
	int noperands = 0;
	pid_t *pids = g_pids = calloc((size_t)argc + 1, sizeof (pid_t));
	struct ps_prochandle **procs;
	int nreqs = 0, ncmds = 0, npids = 0, nprocs = 0, err, c;
	bool list = false, exitearly = false, dump = false, version = false;
	dtrace_optval_t verbose;	/* option verbose: -S's listing too */
	int linkmode = 0;	/* 'h' or 'G' */
	int nmodes = 0;		/* -G, -h, -l, -V given, each time */
	unsigned int nclauses = 0;
	unsigned int cflags = 0;
	const char *outfile = NULL;
	struct sigaction sa;
	bool done = false, nodev = false, gone = false, intr_seen = false;

	hold_std_fds();
	if (reqs == NULL || cmds == NULL || pids == NULL || operands == NULL)
		fatal("out of memory");
	g_ofp = stdout;
	/*
	 * A reader that goes away (| head) is seen as EPIPE, not a signal;
	 * a file grown past RLIMIT_FSIZE (-o) as EFBIG, and reported.
	 */
	ignore_output_signals(true);

	/*
	 * Compiling only (-e), the version (-V) and the usage (-h) need no
	 * privilege: without it, such a run opens a compile-only handle.
	 */
	opterr = 0;	/* the pass below reports bad options */
	do {
		while ((c = getopt(argc, argv, optstr)) != -1) {
			if (c == 'e' || c == 'V' || c == 'h')
				nodev = true;
		}
	} while (!after_dashes(argv, optind) && optind++ < argc);
	opterr = 1;
	optind = 0;	/* glibc: a full reset for the passes below */
	if ((g_dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL &&
	    err == EDT_NOPRIV && nodev)
		g_dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err);
	if (g_dtp == NULL)
		fatal("failed to initialize: %s", dtrace_errmsg(NULL, err));

	/*
	 * First pass: options; programs and processes are remembered.  As in
	 * DTrace, an operand (a macro argument, or an object file for -G) may
	 * come between options: each is set aside and the options after it
	 * are read on.
	 */
	for (;;) {
		c = getopt(argc, argv, optstr);
		if (c == -1 && after_dashes(argv, optind)) {
			while (optind < argc)	/* "--": the rest are operands */
				operands[noperands++] = argv[optind++];
			break;
		}
		if (c == -1) {
			if (optind >= argc)
				break;
			operands[noperands++] = argv[optind++];
			continue;
		}
		switch (c) {
		case 'c':
			cmds[ncmds++] = optarg;
			break;
		case 'p': {
			char *end;
			long pid = strtol(optarg, &end, 10);

			if (*optarg == '\0' || *end != '\0' || pid <= 0)
				fatal("invalid pid: %s", optarg);
			pids[npids++] = (pid_t)pid;
			break;
		}
		case 'n': case 'P': case 'm': case 'f': case 'i': case 's':
			reqs[nreqs].rq_kind = c == 's' ? REQ_SCRIPT : REQ_DESC;
			reqs[nreqs].rq_spec = c == 'P' ?
			    DTRACE_PROBESPEC_PROVIDER : c == 'm' ?
			    DTRACE_PROBESPEC_MOD : c == 'f' ?
			    DTRACE_PROBESPEC_FUNC : c == 'i' ?
			    DTRACE_PROBESPEC_ID : DTRACE_PROBESPEC_NAME;
			reqs[nreqs++].rq_arg = optarg;
			break;
		case '6':	/* -64: the only data model there is */
			if (strcmp(optarg, "4") != 0)
				fatal("invalid option -6%s", optarg);
			break;
		case '3':
			if (strcmp(optarg, "2") != 0)
				fatal("invalid option -3%s", optarg);
			fatal("-32 is not supported: D programs are compiled "
			    "for the 64-bit kernel only");
		case 'a': case 'A':
			fatal("-%c is not supported: anonymous tracing needs "
			    "enablings kept across boot, which Linux BPF "
			    "does not provide", c);
		case 'b':
			setflagopt('b', "bufsize", optarg);
			break;
		case 'F':
			setopt("flowindent");
			break;
		case 'C':
			cflags |= DTRACE_C_CPP;
			break;
		case 'D':
			setflagopt('D', "define", optarg);
			break;
		case 'X':
			setflagopt('X', "stdc", optarg);
			break;
		case 'v':
			g_verbose = true;
			break;
		case 'U':
			setflagopt('U', "undef", optarg);
			break;
		case 'I':
			setflagopt('I', "incdir", optarg);
			break;
		case 'L':
			setflagopt('L', "libdir", optarg);
			break;
		case 'H':
			setopt("cpphdrs");
			break;
		case 'e':
			exitearly = true;
			break;
		case 'l':
			list = true;
			nmodes++;
			break;
		case 'o':
			outfile = optarg;
			break;
		case 'q':
			setopt("quiet");
			break;
		case 'S':
			dump = true;
			break;
		case 'V':
			version = true;
			nmodes++;
			break;
		case 'w':
			setopt("destructive");
			break;
		case 'x':
			setopt(optarg);
			break;
		case 'Z':
			setopt("zdefs");
			cflags |= DTRACE_C_ZDEFS;
			break;
		case 'h': case 'G':
			linkmode = c;
			nmodes++;
			break;
		default:
			usage(stderr);
			return (finish(2));
		}
	}
	/* as DTrace: one mode, each option given once */
	if (nmodes > 1)
		usage_error("only one of the [-GhlV] options can be specified "
		    "at a time");
	/*
	 * -V: the D language version as DTrace for Linux names it (scripts
	 * read it); with -v, this command's own version too.
	 */
	if (version) {
		printf("dtrace: Oracle D 2.0\n");
		if (g_verbose)
			printf("This is dtrace %s, compiling D to BPF\n",
			    DTRACE_CMD_VERSION);
		return (finish(0));
	}
	/* -e with nothing to compile has checked the options: done */
	if (nreqs == 0 && exitearly && !list)
		return (finish(0));
	if (nreqs == 0 && linkmode != 0)
		usage_error("-%c requires one or more scripts or enabling "
		    "options", linkmode);
	/*
	 * No argument at all is the usage message (status 2); options and
	 * no program to trace stop with "no probes specified" (status 1),
	 * or under -Z trace nothing until -c's command ends or an
	 * interrupt, as in DTrace.
	 */
	if (argc == 1) {
		usage(stderr);
		return (finish(2));
	}
	if (nreqs == 0 && !list && !(cflags & DTRACE_C_ZDEFS))
		fatal("no probes specified");
	/*
	 * -h and -G imply -Z, as in DTrace: they trace nothing, and a
	 * build's "dtrace -G -fPIC" compiles -f PIC, a description that
	 * matches no probe.
	 */
	if (linkmode != 0)
		return (finish(link_step(linkmode, reqs, nreqs,
		    cflags | DTRACE_C_ZDEFS, outfile, noperands, operands)));
	/* as DTrace: the trace output, or -l's, is appended to the file */
	if (outfile != NULL && (g_ofp = fopen(outfile, "a")) == NULL)
		fatal("failed to open output file '%s': %s", outfile,
		    strerror(errno));
	g_outname = outfile;

	procs = g_procs = calloc((size_t)(ncmds + npids) + 1,
	    sizeof (*procs));
	if (procs == NULL)
		fatal("out of memory");
	/* the commands start with the signals as we were given them */
	ignore_output_signals(false);
	for (int i = 0; i < ncmds; i++) {
		char **cargv = split_cmd(cmds[i]);

		if ((procs[nprocs++] = dtrace_proc_create(g_dtp, cargv[0],
		    cargv)) == NULL)
			fatal("%s", dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
		free(cargv);
	}
	ignore_output_signals(true);
	for (int i = 0; i < npids; i++) {
		if ((procs[nprocs++] = dtrace_proc_grab(g_dtp, pids[i],
		    0)) == NULL)
			fatal("%s", dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
	}

	/*
	 * -l: a description matching nothing is reported by the listing,
	 * not refused by the compiler.
	 */
	if (list)
		cflags |= DTRACE_C_ZDEFS;

	/*
	 * Compile every request, in order.  Each program must use the last
	 * macro argument (the compiler checks), as in DTrace.
	 */
	for (int i = 0; i < nreqs; i++) {
		request_t *rq = &reqs[i];
		char *margv[64];
		int margc = 0;

		/* $0: a script's file name, else the command's argv[0] */
		margv[margc++] = rq->rq_kind == REQ_SCRIPT ?
		    (char *)rq->rq_arg : argv[0];
		for (int a = 0; a < noperands && margc < 63; a++)
			margv[margc++] = operands[a];
		margv[margc] = NULL;
		if (rq->rq_kind == REQ_SCRIPT) {
			FILE *fp = strcmp(rq->rq_arg, "-") == 0 ? stdin :
			    fopen(rq->rq_arg, "r");

			if (fp == NULL)
				fatal("failed to open %s: %s", rq->rq_arg,
				    strerror(errno));
			rq->rq_prog = dtrace_program_fcompile(g_dtp, fp,
			    cflags, margc, margv);
			if (fp != stdin)
				fclose(fp);
			/* a preprocessor's messages are out already */
			if (rq->rq_prog == NULL)
				compile_failed("failed to compile script %s: %s",
				    rq->rq_arg, dtrace_errmsg(g_dtp,
				    dtrace_errno(g_dtp)));
		} else {
			rq->rq_prog = dtrace_program_strcompile(g_dtp,
			    rq->rq_arg, rq->rq_spec, cflags, margc, margv);
			if (rq->rq_prog == NULL)
				compile_failed("invalid probe specifier %s: %s",
				    rq->rq_arg, dtrace_errmsg(g_dtp,
				    dtrace_errno(g_dtp)));
		}
		/* -S, or option verbose (-x or a pragma): DTrace's listing */
		if (dump || (dtrace_getopt(g_dtp, "verbose", &verbose) == 0 &&
		    verbose != 0))
			dtrace_program_dump(g_dtp, rq->rq_prog, stderr);
	}

	/*
	 * -l prints its header once every request has compiled: one that
	 * does not compile (an overspecified description, an extraneous
	 * argument) ends the run before anything is listed, as in DTrace.
	 */
	if (list) {
		fprintf(g_ofp, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER",
		    "MODULE", "FUNCTION", "NAME");
		if (nreqs == 0)
			(void) dtrace_probe_iter(g_dtp, NULL, list_probe, NULL);
		for (int i = 0; i < nreqs; i++)
			(void) dtrace_stmt_iter(g_dtp, reqs[i].rq_prog,
			    list_stmt_probes, NULL);
		fflush(g_ofp);
		return (finish(0));
	}
	/*
	 * -v reports each program once all have compiled (none if one
	 * fails), as DTrace does: with -e here, else after the program is
	 * enabled and its banner shown.
	 */
	if (exitearly) {
		for (int i = 0; g_verbose && i < nreqs; i++)
			report_prog(&reqs[i], true);
		return (finish(0));
	}

	{
		dtrace_optval_t q = 0;

		(void) dtrace_getopt(g_dtp, "quiet", &q);
		g_quiet = q != 0;
		(void) dtrace_getopt(g_dtp, "oformat", &q);
		g_json = q != 0;
		(void) dtrace_getopt(g_dtp, "flowindent", &q);
		g_flow = q != 0;
	}
	for (int i = 0; i < nreqs; i++) {
		dtrace_proginfo_t info;

		if (dtrace_program_exec(g_dtp, reqs[i].rq_prog, &info) != 0)
			fatal("failed to enable '%.*s': %s",
			    request_namelen(&reqs[i]), reqs[i].rq_arg,
			    dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
		if (!g_quiet)
			print_banner(&reqs[i], &info);
		if (g_verbose)
			report_prog(&reqs[i], false);
		nclauses += info.dpi_clauses;
	}
	/*
	 * Programs without a clause (-x empty) have nothing to trace: DTrace
	 * stops, unless -Z lets a run match nothing.
	 */
	if (nclauses == 0 && !(cflags & DTRACE_C_ZDEFS))
		fatal("no probes matched");

	dtrace_handle_err(g_dtp, errhandler, NULL);
	dtrace_handle_proc(g_dtp, prochandler, NULL);
	dtrace_handle_drop(g_dtp, drophandler, NULL);

	memset(&sa, 0, sizeof (sa));
	sa.sa_handler = intr;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = tick;	/* no SA_RESTART: a blocked write fails */
	sigaction(SIGALRM, &sa, NULL);

	raise_nofile();
	if (dtrace_go(g_dtp) != 0)
		fatal("could not enable tracing: %s", dtrace_errmsg(g_dtp,
		    dtrace_errno(g_dtp)));
	/* DTrace's notice that -w is in force (not with -q) */
	{
		dtrace_optval_t w = 0;

		if (!g_quiet && dtrace_getopt(g_dtp, "destructive", &w) == 0 &&
		    w != 0)
			warn("allowing destructive actions");
	}
	for (int i = 0; i < nprocs; i++) {
		if (dtrace_proc_continue(g_dtp, procs[i]) != 0)
			fatal("%s", dtrace_errmsg(g_dtp, dtrace_errno(g_dtp)));
	}

	for (;;) {
		dtrace_workstatus_t st;

		if (!g_intr && !done)
			dtrace_sleep(g_dtp);
		/*
		 * The first interrupt puts an empty line in the output, even
		 * when quiet, before what tracing still has to print: DTrace
		 * does so to set the rest apart from the lines ^C ended.
		 */
		if (g_intr && !intr_seen && !g_json)
			fputc('\n', g_ofp);
		if (g_intr) {
			intr_seen = true;
			done = true;
		}
		if (done && dtrace_status(g_dtp) != DTRACE_STATUS_STOPPED &&
		    dtrace_stop(g_dtp) != 0)
			fatal("couldn't stop tracing: %s", dtrace_errmsg(g_dtp,
			    dtrace_errno(g_dtp)));
		errno = 0;	/* what a failed write of g_ofp leaves */
		st = dtrace_work(g_dtp, g_ofp, chew, chewrec, NULL);
		if (st == DTRACE_WORKSTATUS_ERROR)
			fatal("processing aborted: %s", dtrace_errmsg(g_dtp,
			    dtrace_errno(g_dtp)));
		if (st == DTRACE_WORKSTATUS_DONE) {
			if (done || dtrace_status(g_dtp) ==
			    DTRACE_STATUS_STOPPED)
				break;
			done = true;
		}
		if ((gone = output_gone()))
			break;
	}
	if (gone) {
		/* nobody reads: stop, print nothing more, exit quietly */
		if (dtrace_status(g_dtp) != DTRACE_STATUS_STOPPED)
			(void) dtrace_stop(g_dtp);
		return (finish(g_outerr == EPIPE ? 0 : 1));
	}
	if (!g_json)
		fputc('\n', g_ofp);
	if (dtrace_aggregate_print(g_dtp, g_ofp, NULL) != 0)
		warn("failed to print aggregations: %s", dtrace_errmsg(g_dtp,
		    dtrace_errno(g_dtp)));
	if (output_gone() && g_outerr != EPIPE)
		return (finish(1));
	return (finish(dtrace_exit_status(g_dtp)));
}
