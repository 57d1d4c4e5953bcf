/*
 * Unit tests of the C preprocessor support (libdtrace/dlang/dt_cpp.c) and
 * of line markers in the lexer, through dtrace_program_strcompile() on
 * handles that never touch the kernel: the options and their checks,
 * macros and headers, the user's lines and files in positions and error
 * messages, preprocessor failures (EDT_CPP, its messages delivered as
 * DTRACE_MSG_CPP), directives without the
 * preprocessor, and a preprocessor that stops reading its input.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dlang/dt_ast.h"
#include "dlang/dt_dlang.h"

#include "check.h"

static char g_dir[] = "/tmp/dt-cpp-unit.XXXXXX";	/* headers */

static dtrace_prog_t *
compile(dtrace_hdl_t *h, const char *src, unsigned int cflags)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, cflags, 0, NULL);

	if (pgp == NULL)
		fprintf(stderr, "  compiling \"%s\" failed: [%s] %s\n", src,
		    dtrace_errtag(h) ? dtrace_errtag(h) : "-",
		    dtrace_errmsg(h, dtrace_errno(h)));
	return (pgp);
}

/* The preprocessor's messages delivered during a call (DTRACE_MSG_CPP). */
static char g_cppmsg[4096];

static void
cpp_msg(const dtrace_msgdata_t *md, void *arg)
{
	(void) arg;
	if (md->dtmd_kind == DTRACE_MSG_CPP)
		snprintf(g_cppmsg, sizeof (g_cppmsg), "%s", md->dtmd_text);
}

/* Compiling src with cflags fails with err (and tag), message has text. */
static int
fails(dtrace_hdl_t *h, const char *src, unsigned int cflags, int err,
    const char *tag, const char *text)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, cflags, 0, NULL);
	const char *where = dtrace_errwhere(h);
	const char *etag = dtrace_errtag(h);
	char msg[8192];		/* as the command shows it on a terminal */
	int ok;

	snprintf(msg, sizeof (msg), "%s%s%s", dtrace_errmsg(h,
	    dtrace_errno(h)), where != NULL ? "\n" : "",
	    where != NULL ? where : "");
	ok = pgp == NULL && dtrace_errno(h) == err &&
	    (tag == NULL ? etag == NULL : etag != NULL &&
	    strcmp(etag, tag) == 0) && strstr(msg, text) != NULL;

	if (!ok)
		fprintf(stderr, "  \"%s\": expected %d [%s] \"%s\", got %s, "
		    "%d [%s] \"%s\"\n", src, err, tag ? tag : "-", text,
		    pgp == NULL ? "failure" : "success", dtrace_errno(h),
		    etag ? etag : "-", msg);
	return (ok);
}

/* The argument of the n-th trace() (from 0) of the first clause. */
static dt_node_t *
trace_arg(dtrace_prog_t *pgp, int n)
{
	dt_node_t *s;

	if (pgp == NULL || pgp->dp_clauses == NULL)
		return (NULL);
	for (s = pgp->dp_clauses->dc_body; s != NULL && n > 0; s = s->dn_list)
		n--;
	if (s == NULL || s->dn_left == NULL || s->dn_left->dn_kind != DN_CALL)
		return (NULL);
	return (s->dn_left->dn_args);
}

static int
is_int(const dt_node_t *dnp, int64_t v)
{
	return (dnp != NULL && dnp->dn_kind == DN_INT && dnp->dn_value == v);
}

static void
write_file(const char *name, const char *text)
{
	char path[256];
	FILE *fp;

	snprintf(path, sizeof (path), "%s/%s", g_dir, name);
	if ((fp = fopen(path, "w")) == NULL || fputs(text, fp) == EOF ||
	    fclose(fp) != 0) {
		perror(path);
		exit(1);
	}
}

static void
test_options(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_optval_t v = -1;

	CHECK(dtrace_getopt(h, "cpp", &v) == 0 && v == 0);
	CHECK(dtrace_getopt(h, "cpphdrs", &v) == 0 && v == 0);
	CHECK(dtrace_setopt(h, "cpp", NULL) == 0);
	CHECK(dtrace_getopt(h, "cpp", &v) == 0 && v == 1);
	CHECK(dtrace_setopt(h, "cpp", "maybe") == -1 &&
	    dtrace_errno(h) == EDT_BADOPTVAL);
	CHECK(dtrace_setopt(h, "define", "A") == 0);
	CHECK(dtrace_setopt(h, "define", "B=1") == 0);
	CHECK(dtrace_setopt(h, "define", "F(x)=((x) * 2)") == 0);
	CHECK(dtrace_setopt(h, "define", "_b$2") == 0);
	CHECK(dtrace_setopt(h, "define", "1B") == -1 &&
	    dtrace_errno(h) == EDT_BADOPTVAL &&
	    strstr(dtrace_errmsg(h, EDT_BADOPTVAL), "\"1B\"") != NULL);
	CHECK(dtrace_setopt(h, "define", "") == -1);
	CHECK(dtrace_setopt(h, "define", NULL) == -1);
	CHECK(dtrace_setopt(h, "define", "-B") == -1);
	CHECK(dtrace_setopt(h, "undef", "A") == 0);
	CHECK(dtrace_setopt(h, "undef", "A=1") == -1);
	CHECK(dtrace_setopt(h, "incdir", "/nonexistent") == 0);
	CHECK(dtrace_setopt(h, "incdir", "") == -1);
	CHECK(dtrace_setopt(h, "cpppath", "") == -1);
	CHECK(dtrace_setopt(h, "cpppath", "/usr/bin/cpp") == 0);
	/* only cpp and cpphdrs have a value to get */
	CHECK(dtrace_getopt(h, "define", &v) == -1 &&
	    dtrace_errno(h) == EDT_BADOPTNAME);
	CHECK(dtrace_setopt(h, "cppnosuch", NULL) == -1 &&
	    dtrace_errno(h) == EDT_BADOPTNAME);
	dtrace_close(h);

	/* an unknown compiler flag */
	h = open_nodev();
	CHECK(dtrace_program_strcompile(h, "BEGIN {}", DTRACE_PROBESPEC_NAME,
	    DTRACE_C_MASK + 1, 0, NULL) == NULL && dtrace_errno(h) == EINVAL);
	dtrace_close(h);
}

static void
test_macros(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	char inc[300];

	pgp = compile(h, "#define N 5\n#define TWICE(x) ((x) * 2)\n"
	    "BEGIN { trace(N); trace(TWICE(3) == 6); trace(__SUNW_D); }",
	    DTRACE_C_CPP);
	CHECK(is_int(trace_arg(pgp, 0), 5));
	CHECK(pgp != NULL && pgp->dp_clauses->dc_descpos[0].sp_line == 3 &&
	    pgp->dp_clauses->dc_descpos[0].sp_file == 0);

	/* -D, -U, -I in order; a header found in an include directory */
	snprintf(inc, sizeof (inc), "%s", g_dir);
	write_file("vals.h", "#define FROMHDR 7\n");
	CHECK(dtrace_setopt(h, "define", "X=1") == 0);
	CHECK(dtrace_setopt(h, "undef", "X") == 0);
	CHECK(dtrace_setopt(h, "define", "Y=2") == 0);
	CHECK(dtrace_setopt(h, "incdir", inc) == 0);
	pgp = compile(h, "#include <vals.h>\n"
	    "#ifdef X\n#error X still defined\n#endif\n"
	    "BEGIN { trace(Y); trace(FROMHDR); }", DTRACE_C_CPP);
	CHECK(is_int(trace_arg(pgp, 0), 2));
	CHECK(is_int(trace_arg(pgp, 1), 7));
	/* the clause is on the user's line 5, in the user's file */
	CHECK(pgp != NULL && pgp->dp_clauses->dc_descpos[0].sp_line == 5 &&
	    pgp->dp_clauses->dc_descpos[0].sp_file == 0 &&
	    pgp->dp_clauses->dc_descpos[0].sp_pline > 5);

	/* the option cpp preprocesses without the flag */
	CHECK(fails(h, "#define Z 1\nBEGIN { trace(Z); }", 0, EDT_COMPILER,
	    "D_PRAGCTL_INVAL", "invalid control directive: #define"));
	CHECK(dtrace_setopt(h, "cpp", NULL) == 0);
	CHECK(is_int(trace_arg(compile(h, "#define Z 1\nBEGIN { trace(Z); }",
	    0), 0), 1));
	dtrace_close(h);
}

static void
test_errors(void)
{
	dtrace_hdl_t *h = open_nodev();
	char inc[300];

	/* a D error after preprocessing: the user's line and column */
	CHECK(fails(h, "#define A 1\n#define B 2\n\nBEGIN\n{\n  x = ;\n}",
	    DTRACE_C_CPP, EDT_COMPILER, "D_SYNTAX", "line 6: syntax error "
	    "near \";\"\n    at <command line>:6:7\n      x = ;\n"));
	/* one line given: no line, as without the preprocessor */
	CHECK(fails(h, "BEGIN { x = ; }", DTRACE_C_CPP, EDT_COMPILER,
	    "D_SYNTAX", "syntax error near \";\"\n    at <command line>:1:13"));
	CHECK(fails(h, "BEGIN { x = ; }", DTRACE_C_CPP, EDT_COMPILER,
	    "D_SYNTAX", "") && strncmp(dtrace_errmsg(h, EDT_COMPILER),
	    "syntax error", 12) == 0);

	/* an error in a header names the header */
	snprintf(inc, sizeof (inc), "%s", g_dir);
	write_file("bad.h", "/* a bad header */\nBEGIN { y = ; }\n");
	CHECK(dtrace_setopt(h, "incdir", inc) == 0);
	CHECK(fails(h, "#include \"bad.h\"\n", DTRACE_C_CPP, EDT_COMPILER,
	    "D_SYNTAX", "/bad.h\", line 2: syntax error near \";\""));
	CHECK(fails(h, "#include \"bad.h\"\n", DTRACE_C_CPP, EDT_COMPILER,
	    "D_SYNTAX", "bad.h:2:13\n    BEGIN { y = ; }\n"));

	/*
	 * the preprocessor fails: DTrace's message, no tag; its own messages
	 * were delivered as they were written, without the last newline
	 */
	CHECK(dtrace_handle_msg(h, cpp_msg, NULL) == 0);
	g_cppmsg[0] = '\0';
	CHECK(fails(h, "BEGIN {}\n#error stop here\n", DTRACE_C_CPP, EDT_CPP,
	    NULL, "Preprocessor failed to process input program"));
	CHECK(strstr(g_cppmsg, "<command line>:2:2: error: #error stop here")
	    != NULL && g_cppmsg[strlen(g_cppmsg) - 1] != '\n');
	g_cppmsg[0] = '\0';
	CHECK(fails(h, "#include \"nosuch.h\"\n", DTRACE_C_CPP, EDT_CPP,
	    NULL, "Preprocessor failed to process input program"));
	CHECK(strstr(g_cppmsg, "nosuch.h: No such file or directory") != NULL);
	CHECK(dtrace_handle_msg(h, NULL, NULL) == 0);

	/* a preprocessor that cannot run or fails silently */
	CHECK(dtrace_setopt(h, "cpppath", "/nonexistent/cpp") == 0);
	CHECK(fails(h, "BEGIN {}", DTRACE_C_CPP, EDT_CPP, NULL,
	    "cannot run the C preprocessor /nonexistent/cpp: No such file"));
	CHECK(dtrace_setopt(h, "cpppath", "false") == 0);	/* in PATH */
	CHECK(fails(h, "BEGIN {}", DTRACE_C_CPP, EDT_CPP, NULL,
	    "false exited with status 1"));
	dtrace_close(h);

	/* without the preprocessor, its directives are DTrace's invalid
	   control directives, as is any other #word at a line's start */
	h = open_nodev();
	CHECK(fails(h, "#define X 1\nBEGIN {}", 0, EDT_COMPILER,
	    "D_PRAGCTL_INVAL", "line 1: invalid control directive: #define "
	    "(preprocessor directives need -C)"));
	CHECK(fails(h, "BEGIN\n{\n  #  include <x.h>\n}", 0, EDT_COMPILER,
	    "D_PRAGCTL_INVAL", "invalid control directive: #include "
	    "(preprocessor directives need -C)\n    at <command line>:3:3"));
	CHECK(fails(h, "BEGIN {}\n#ifdef X\n#endif", 0, EDT_COMPILER,
	    "D_PRAGCTL_INVAL", "directive: #ifdef"));
	CHECK(fails(h, "BEGIN {}\n#foo\n", 0, EDT_COMPILER,
	    "D_PRAGCTL_INVAL", "line 2: invalid control directive: #foo"));
	/* #ident lines (which cpp passes on) are ignored */
	CHECK(compile(h, "#ident \"@(#)x.d 1.1\"\n#sccs \"y\"\n  #ident\n"
	    "BEGIN {}", 0) != NULL);
	/* a '#' within a line is not a directive */
	CHECK(fails(h, "BEGIN { x = 1 #define }", 0, EDT_COMPILER,
	    "D_SYNTAX", "syntax error near \"#\""));
	dtrace_close(h);
}

static void
test_markers(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	const dt_srcpos_t *p;

	/* #line and cpp's markers set the line and file of what follows:
	   after cpp's "# 20" the next line is 20, after "#line 10" it is
	   11 (DTrace's numbering: #line sets its own line) */
	pgp = compile(h, "#line 10 \"f.d\"\nBEGIN {}\n"
	    "# 20 \"<command line>\" 2\n\n  END {}\n"
	    "#line 30\nERROR {}\n", 0);
	CHECK(pgp != NULL && pgp->dp_nclauses == 3);
	if (pgp != NULL && pgp->dp_nclauses == 3) {
		p = &pgp->dp_clauses->dc_descpos[0];
		CHECK(p->sp_line == 11 && p->sp_pline == 2 &&
		    p->sp_file > 0 &&
		    strcmp(dt_srcfile_name(h, p->sp_file), "f.d") == 0);
		p = &pgp->dp_clauses->dc_next->dc_descpos[0];
		CHECK(p->sp_line == 21 && p->sp_col == 3 &&
		    p->sp_pline == 5 && p->sp_file == 0);
		p = &pgp->dp_clauses->dc_next->dc_next->dc_descpos[0];
		CHECK(p->sp_line == 31 && p->sp_pline == 7 &&
		    p->sp_file == 0);
	}
	/* a name is kept once */
	CHECK(dt_srcfile_intern(h, "f.d") == 1 &&
	    dt_srcfile_intern(h, "g.d") == 2 &&
	    dt_srcfile_intern(h, "f.d") == 1);
	CHECK(dt_srcfile_name(h, 0) == NULL && dt_srcfile_name(h, 3) == NULL);

	/* escapes in the name, as cpp writes them */
	CHECK(fails(h, "# 3 \"a\\\"b\\\\c\\101\"\nBEGIN { x = ; }", 0,
	    EDT_COMPILER, "D_SYNTAX", "\"a\"b\\cA\", line 3: syntax error "
	    "near \";\"\n    at a\"b\\cA:3:13\n    BEGIN { x = ; }\n"));
	CHECK(fails(h, "#line\nBEGIN {}", 0, EDT_COMPILER,
	    "D_PRAGMA_MALFORM", "malformed #line <line>"));
	CHECK(fails(h, "# 12abc\nBEGIN {}", 0, EDT_COMPILER,
	    "D_PRAGCTL_INVAL", "invalid control directive"));
	CHECK(fails(h, "# 12 \"open\nBEGIN {}", 0, EDT_COMPILER, "D_SYNTAX",
	    "invalid file name in line directive"));
	CHECK(fails(h, "# 99999999999 \"f\"\nBEGIN {}", 0, EDT_COMPILER,
	    "D_SYNTAX", "line number out of range"));
	dtrace_close(h);
}

/* A preprocessor that reads none of a long input neither blocks nor kills. */
static void
test_unread_input(void)
{
	dtrace_hdl_t *h = open_nodev();
	size_t n = 1 << 20;
	char *src = malloc(n + 1);
	sigset_t pending;

	if (src == NULL)
		exit(1);
	memset(src, ' ', n);
	src[n] = '\0';
	CHECK(dtrace_setopt(h, "cpppath", "true") == 0);
	/* what the preprocessor gave back is empty: D_EMPTY, no SIGPIPE */
	CHECK(fails(h, src, DTRACE_C_CPP, EDT_COMPILER, "D_EMPTY",
	    "empty D program"));
	sigpending(&pending);
	CHECK(!sigismember(&pending, SIGPIPE));
	free(src);
	dtrace_close(h);
}

int
main(void)
{
	char path[300];

	if (mkdtemp(g_dir) == NULL) {
		perror("mkdtemp");
		return (1);
	}
	test_options();
	test_macros();
	test_errors();
	test_markers();
	test_unread_input();

	snprintf(path, sizeof (path), "%s/vals.h", g_dir);
	unlink(path);
	snprintf(path, sizeof (path), "%s/bad.h", g_dir);
	unlink(path);
	rmdir(g_dir);
	return (check_done("cpp"));
}
