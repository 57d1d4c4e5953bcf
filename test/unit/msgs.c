/*
 * msgs.c: the library's messages as an embedder receives them (needs root
 * and BPF), through the public interface only.
 *
 * With a handler set by dtrace_handle_msg(), each message reaches it with
 * its kind and text, on its handle, with the handler's argument, and
 * nothing reaches stderr (fd 2 is a file while the messages are
 * provoked).  Without one, the same texts reach stderr as the command
 * shows them: "dtrace: TEXT\n", or a preprocessor's "TEXT\n".
 *
 * The messages provoked, of each kind:
 *   DTRACE_MSG_WARNING  the hostile USDT notes of testprog/usdtbad, read
 *                       when a description names its provider
 *   DTRACE_MSG_ERROR    setopt() of a bad value while tracing
 *   DTRACE_MSG_CPP      a #warning of a program run through cpp
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dtrace.h>

#include "check.h"

#define MAXMSGS	16

typedef struct heard {
	int n;					/* messages received */
	dtrace_msgkind_t kind[MAXMSGS];		/* each one's kind */
	char *text[MAXMSGS];			/* its text, copied */
	int badhandle;				/* on another handle */
	int badsize;				/* dtmd_size too small */
	dtrace_hdl_t *dtp;			/* the handle expected */
} heard_t;

static void
handler(const dtrace_msgdata_t *md, void *arg)
{
	heard_t *h = arg;

	if (md->dtmd_size < sizeof (*md))
		h->badsize++;
	if (md->dtmd_handle != h->dtp)
		h->badhandle++;
	if (h->n < MAXMSGS) {
		h->kind[h->n] = md->dtmd_kind;
		h->text[h->n] = strdup(md->dtmd_text);
	}
	h->n++;
}

static void
heard_free(heard_t *h)
{
	for (int i = 0; i < h->n && i < MAXMSGS; i++)
		free(h->text[i]);
	memset(h, 0, sizeof (*h));
}

/* The messages of kind k heard, and the first one's text (or NULL). */
static int
heard_kind(const heard_t *h, dtrace_msgkind_t k, const char **first)
{
	int n = 0;

	*first = NULL;
	for (int i = 0; i < h->n && i < MAXMSGS; i++) {
		if (h->kind[i] != k)
			continue;
		if (n++ == 0)
			*first = h->text[i];
	}
	return (n);
}

static int
heard_text(const heard_t *h, dtrace_msgkind_t k, const char *text)
{
	for (int i = 0; i < h->n && i < MAXMSGS; i++) {
		if (h->kind[i] == k && h->text[i] != NULL &&
		    strcmp(h->text[i], text) == 0)
			return (1);
	}
	return (0);
}

/* ---- stderr, held in a file while messages are provoked ---------------- */

static int saved_err = -1;
static FILE *errfile;

static void
stderr_capture(void)
{
	fflush(stderr);
	if ((errfile = tmpfile()) == NULL || (saved_err = dup(2)) < 0 ||
	    dup2(fileno(errfile), 2) < 0) {
		perror("msgs: capturing stderr");
		exit(1);
	}
}

/* What went to stderr since stderr_capture(); the caller frees it. */
static char *
stderr_release(void)
{
	char *buf;
	long len;

	fflush(stderr);
	dup2(saved_err, 2);
	close(saved_err);
	len = ftell(errfile);
	if (len < 0 || (buf = calloc(1, (size_t)len + 1)) == NULL) {
		perror("msgs: reading stderr");
		exit(1);
	}
	rewind(errfile);
	if (fread(buf, 1, (size_t)len, errfile) != (size_t)len)
		buf[0] = '\0';
	fclose(errfile);
	return (buf);
}

/* ---- sessions ------------------------------------------------------------ */

static dtrace_hdl_t *
open_session(void)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	if (dtp == NULL) {
		fprintf(stderr, "dtrace_open: %s\n", dtrace_errmsg(NULL, err));
		exit(1);
	}
	return (dtp);
}

/* Compile and run src until it exits; its output is thrown away. */
static int
run(dtrace_hdl_t *dtp, const char *src)
{
	dtrace_prog_t *pgp;
	FILE *out = fopen("/dev/null", "w");
	int st, n = 0;

	pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL);
	if (out == NULL || pgp == NULL || dtrace_program_exec(dtp, pgp,
	    NULL) != 0 || dtrace_go(dtp) != 0) {
		if (out != NULL)
			fclose(out);
		return (-1);
	}
	do {
		dtrace_sleep(dtp);
		st = dtrace_work(dtp, out, NULL, NULL, NULL);
	} while (st == DTRACE_WORKSTATUS_OKAY && ++n < 1000);
	fclose(out);
	return (st == DTRACE_WORKSTATUS_DONE ? 0 : -1);
}

#define SETOPT_D	"BEGIN { setopt(\"aggsortpos\", \"x\"); exit(0); }"
#define SETOPT_MSG	"error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): " \
			"couldn't set option \"aggsortpos\" to \"x\": " \
			"Invalid value for specified option\n"
#define CPP_D		"#warning msgs test\nBEGIN { exit(0); }"

/* The path of testprog/usdtbad, next to this test's directory. */
static void
usdtbad_path(char *path, size_t len)
{
	char self[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof (self) - 1);

	if (n < 0) {
		perror("msgs: /proc/self/exe");
		exit(1);
	}
	self[n] = '\0';
	if ((slash = strrchr(self, '/')) != NULL)
		*slash = '\0';		/* BUILD/test */
	if ((slash = strrchr(self, '/')) != NULL)
		*slash = '\0';		/* BUILD */
	if ((size_t)snprintf(path, len, "%.*s/testprog/usdtbad",
	    PATH_MAX - 32, self) >= len) {
		fprintf(stderr, "msgs: %s: path too long\n", self);
		exit(1);
	}
}

/* The USDT notes of usdtbad, as warnings. */
static void
usdt_warnings(dtrace_hdl_t *dtp, heard_t *h)
{
	char path[PATH_MAX], src[128], want[PATH_MAX + 128];
	char *argv[] = { path, NULL };
	struct ps_prochandle *P;
	const char *first;

	usdtbad_path(path, sizeof (path));
	CHECK((P = dtrace_proc_create(dtp, path, argv)) != NULL);
	if (P == NULL)
		return;
	snprintf(src, sizeof (src), "dt_bad%d::: { }",
	    (int)dtrace_proc_pid(P));
	CHECK(dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL) != NULL);
	dtrace_proc_release(dtp, P);

	/* rosema, oddsema, escname, escargs, midinsn: one warning each */
	CHECK(heard_kind(h, DTRACE_MSG_WARNING, &first) == 5);
	CHECK(first != NULL && strncmp(first, path, strlen(path)) == 0);
	snprintf(want, sizeof (want), "%s: USDT probe dt_bad:escargs is "
	    "skipped: its argument specs are not printable", path);
	CHECK(heard_text(h, DTRACE_MSG_WARNING, want));
	snprintf(want, sizeof (want), "%s: USDT probe dt_bad:esc\\x1b[31mname "
	    "is skipped: its provider or name is not an identifier", path);
	CHECK(heard_text(h, DTRACE_MSG_WARNING, want));
}

int
main(void)
{
	heard_t h = { 0 };
	dtrace_hdl_t *dtp;
	const char *cpptext, *first;
	char *err, want[512];
	int arg = 0;

	/* ---- with a handler: every message to it, none to stderr ---- */
	dtp = open_session();
	h.dtp = dtp;
	CHECK(dtrace_handle_msg(dtp, handler, &h) == 0);
	stderr_capture();
	usdt_warnings(dtp, &h);
	CHECK(run(dtp, SETOPT_D) == 0);
	CHECK(dtrace_program_strcompile(dtp, CPP_D, DTRACE_PROBESPEC_NAME,
	    DTRACE_C_CPP, 0, NULL) != NULL);
	err = stderr_release();
	CHECK(err[0] == '\0');
	if (err[0] != '\0')
		fprintf(stderr, "msgs: on stderr despite the handler:\n%s", err);
	free(err);
	CHECK(h.badsize == 0 && h.badhandle == 0);
	CHECK(heard_kind(&h, DTRACE_MSG_ERROR, &first) == 1);
	CHECK(first != NULL && strcmp(first, SETOPT_MSG) == 0);
	CHECK(heard_kind(&h, DTRACE_MSG_CPP, &cpptext) == 1);
	CHECK(cpptext != NULL && strstr(cpptext, "#warning msgs test") !=
	    NULL && cpptext[strlen(cpptext) - 1] != '\n');
	snprintf(want, sizeof (want), "%s\n", cpptext != NULL ? cpptext : "");
	CHECK(h.n == 7);
	dtrace_close(dtp);

	/* ---- without (the handler removed): the same texts on stderr ---- */
	dtp = open_session();
	CHECK(dtrace_handle_msg(dtp, handler, &arg) == 0);
	CHECK(dtrace_handle_msg(dtp, NULL, NULL) == 0);
	stderr_capture();
	CHECK(run(dtp, SETOPT_D) == 0);
	err = stderr_release();
	CHECK(strcmp(err, "dtrace: " SETOPT_MSG "\n") == 0);
	free(err);
	stderr_capture();
	CHECK(dtrace_program_strcompile(dtp, CPP_D, DTRACE_PROBESPEC_NAME,
	    DTRACE_C_CPP, 0, NULL) != NULL);
	err = stderr_release();
	CHECK(strcmp(err, want) == 0);
	free(err);
	dtrace_close(dtp);
	CHECK(arg == 0);	/* the removed handler was never called */

	heard_free(&h);
	return (check_done("msgs"));
}
