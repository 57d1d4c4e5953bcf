/*
 * dt_parse.c: recursive-descent parser for D, its driver: the program's
 * top level (dt_parse_program()), the nodes of the tree, the token
 * reader, macros ($1, $pid, ...) and pragmas.  The rules of each D
 * construct are in a file named for it (dt_parse_impl.h lists them).
 *
 *   program    := { pragma | decl | provider | clause }
 *   provider   := 'provider' NAME '{' { 'probe' NAME args [ ':' args ] ';' }
 *                 '}' ';'
 *   args       := '(' [ TYPE [NAME] { ',' TYPE [NAME] } | 'void' ] ')'
 *   clause     := descs [ '/' expr '/' ] [ '{' { stmt } '}' ]
 *   descs      := probedesc { ',' probedesc }
 *   stmt       := ';' | expr [ ';' ] | if     (';' optional before '}')
 *   if         := 'if' '(' expr ')' branch [ 'else' branch ]
 *   branch     := '{' { stmt } '}' | stmt
 *
 * Every node is allocated through dt_node_new() and listed on the pcb
 * (pcb_nodes), so that a failed compilation frees them all; errors do
 * not return: dt_cerror() unwinds to the compiler's setjmp().
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "dt_parse_impl.h"

dt_node_t *
dt_node_new(dt_pcb_t *pcb, dt_nkind_t kind, dt_srcpos_t pos)
{
	dt_node_t *dnp = calloc(1, sizeof (*dnp));

	if (dnp == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dnp->dn_kind = kind;
	dnp->dn_pos = pos;
	dnp->dn_all = pcb->pcb_nodes;
	pcb->pcb_nodes = dnp;
	return (dnp);
}

void
dt_depth_enter(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	if (++pcb->pcb_depth > DT_EXPR_MAXDEPTH)
		dt_cerror(pcb, "D_EXPR_DEPTH", pos, "expression nested too "
		    "deeply: more than %d levels", DT_EXPR_MAXDEPTH);
}

/*
 * Copy an expression tree: into the compilation (pcb) or, with pcb NULL,
 * as a tree of its own that dt_node_free_tree() frees (an inline's
 * expression, which outlives the program that declared it).
 */
static dt_node_t *
node_dup(dt_pcb_t *pcb, const dt_node_t *src, dt_srcpos_t pos)
{
	dt_node_t *d;

	if (src == NULL)
		return (NULL);
	if (pcb != NULL) {
		if (++pcb->pcb_ncopies > DT_EXPR_MAXCOPIES)
			dt_cerror(pcb, "D_EXPR_SIZE", pos, "expression too "
			    "large: inlines and translators expand to more "
			    "than %d nodes in this program",
			    DT_EXPR_MAXCOPIES);
		d = dt_node_new(pcb, src->dn_kind, src->dn_pos);
	} else if ((d = calloc(1, sizeof (*d))) == NULL) {
		return (NULL);
	}
	*d = (dt_node_t){ .dn_kind = src->dn_kind, .dn_op = src->dn_op,
	    .dn_type = src->dn_type, .dn_pos = src->dn_pos,
	    .dn_value = src->dn_value, .dn_aux = src->dn_aux,
	    .dn_strlen = src->dn_strlen, .dn_post = src->dn_post,
	    .dn_all = d->dn_all };
	if (src->dn_str != NULL) {
		if ((d->dn_str = malloc(src->dn_strlen > strlen(src->dn_str) ?
		    src->dn_strlen + 1 : strlen(src->dn_str) + 1)) != NULL)
			memcpy(d->dn_str, src->dn_str, (src->dn_strlen >
			    strlen(src->dn_str) ? src->dn_strlen :
			    strlen(src->dn_str)) + 1);
	}
	d->dn_left = node_dup(pcb, src->dn_left, pos);
	d->dn_right = node_dup(pcb, src->dn_right, pos);
	d->dn_cond = node_dup(pcb, src->dn_cond, pos);
	{
		dt_node_t **tail = &d->dn_args;

		for (const dt_node_t *a = src->dn_args; a != NULL;
		    a = a->dn_list) {
			*tail = node_dup(pcb, a, pos);
			if (*tail != NULL)
				tail = &(*tail)->dn_list;
		}
	}
	return (d);
}

dt_node_t *
dt_node_dup(dt_pcb_t *pcb, const dt_node_t *src, dt_srcpos_t pos)
{
	return (node_dup(pcb, src, pos));
}

/* Free a tree made by node_dup() without a compilation. */
void
dt_node_free_tree(dt_node_t *dnp)
{
	if (dnp == NULL)
		return;
	dt_node_free_tree(dnp->dn_left);
	dt_node_free_tree(dnp->dn_right);
	dt_node_free_tree(dnp->dn_cond);
	for (dt_node_t *a = dnp->dn_args, *n; a != NULL; a = n) {
		n = a->dn_list;
		dt_node_free_tree(a);
	}
	free(dnp->dn_str);
	free(dnp);
}

dt_token_t *
dt_parse_tok(dt_pcb_t *pcb)
{
	return (&pcb->pcb_tok);
}

/*
 * The next token, a #pragma line taken as it is met: a pragma may start
 * any line, in the middle of a declaration or a clause too, and it is no
 * token of the grammar.  It acts as soon as the lexer reaches it, which is
 * at most one token (the peek) ahead of the parser.
 */
static void
lex(dt_pcb_t *pcb, dt_token_t *tk)
{
	dt_lex_next(pcb, tk);
	while (tk->tk_kind == T_PRAGMA) {
		dt_parse_pragma(pcb, tk->tk_pos);
		dt_lex_next(pcb, tk);
	}
}

void
dt_parse_next(dt_pcb_t *pcb)
{
	dt_tok_free(&pcb->pcb_tok);
	if (pcb->pcb_havepeek) {
		pcb->pcb_tok = pcb->pcb_peek;
		memset(&pcb->pcb_peek, 0, sizeof (pcb->pcb_peek));
		pcb->pcb_havepeek = false;
	} else {
		lex(pcb, &pcb->pcb_tok);
	}
}

dt_token_t *
dt_parse_peek(dt_pcb_t *pcb)
{
	if (!pcb->pcb_havepeek) {
		lex(pcb, &pcb->pcb_peek);
		pcb->pcb_havepeek = true;
	}
	return (&pcb->pcb_peek);
}

void __attribute__((noreturn))
dt_parse_syntax_error(dt_pcb_t *pcb)
{
	dt_token_t *t = dt_parse_tok(pcb);

	if (t->tk_kind == T_EOF)
		dt_cerror(pcb, "D_SYNTAX", t->tk_pos,
		    "syntax error near end-of-input");
	dt_cerror(pcb, "D_SYNTAX", t->tk_pos, "syntax error near \"%.*s\"",
	    (int)t->tk_len, t->tk_start);
}

void
dt_parse_expect(dt_pcb_t *pcb, dt_tok_t kind)
{
	if (dt_parse_tok(pcb)->tk_kind != kind)
		dt_parse_syntax_error(pcb);
	dt_parse_next(pcb);
}

/* ---- macro variables ---------------------------------------------------- */

/*
 * Macro variables DTrace has that Linux cannot give ($projid, $taskid),
 * and argument numbers past an int, are an error; tofree (what the caller
 * has allocated) is freed first, since the error unwinds the compilation.
 */
static void
macro_check(dt_pcb_t *pcb, const char *name, dt_srcpos_t pos, void *tofree)
{
	if (name[0] == '$')
		name++;
	if (isdigit((unsigned char)name[0])) {
		long n;

		errno = 0;
		n = strtol(name, NULL, 10);
		if (errno != ERANGE && n <= INT_MAX)
			return;
		free(tofree);
		dt_cerror(pcb, "D_MACRO_OFLOW", pos, "macro argument $%s: the "
		    "number is too large", name);
	}
	if (strcmp(name, "projid") != 0 && strcmp(name, "taskid") != 0)
		return;
	free(tofree);
	/* DTrace for Linux defines neither: its undefined-macro tag */
	dt_cerror(pcb, "D_MACRO_UNDEF", pos, "macro variable $%s is not "
	    "available: Linux has no %s", name, name[0] == 'p' ? "projects" :
	    "tasks");
}

/*
 * The value of a macro variable ($target, $pid, $1, ...) as text, or NULL
 * if it is not defined.  buf holds numbers formatted here.  str says the
 * variable was written $$NAME: under the defaultargs option an argument
 * the command line did not give is then "", else 0.
 */
const char *
dt_parse_macro_value(dt_pcb_t *pcb, const char *name, bool str, dt_srcpos_t pos,
    char *buf, size_t len)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	long long v;

	macro_check(pcb, name, pos, NULL);
	if (name[0] == '$')
		name++;
	if (isdigit((unsigned char)name[0])) {
		/* macro_check() refused numbers past an int */
		long n = strtol(name, NULL, 10);

		if (n >= 0 && n < pcb->pcb_argc) {
			pcb->pcb_argused |= 1ULL << (n < 63 ? n : 63);
			return (pcb->pcb_argv[n]);
		}
		if (dtp->dt_opts.op_defaultargs)
			return (str ? "" : "0");
		return (NULL);
	}
	if (strcmp(name, "target") == 0)
		v = dtp->dt_target;
	else if (strcmp(name, "pid") == 0)
		v = getpid();
	else if (strcmp(name, "ppid") == 0)
		v = getppid();
	else if (strcmp(name, "uid") == 0)
		v = getuid();
	else if (strcmp(name, "gid") == 0)
		v = getgid();
	else if (strcmp(name, "euid") == 0)
		v = geteuid();
	else if (strcmp(name, "egid") == 0)
		v = getegid();
	else if (strcmp(name, "pgid") == 0)
		v = getpgid(0);
	else if (strcmp(name, "sid") == 0)
		v = getsid(0);
	else
		return (NULL);
	snprintf(buf, len, "%lld", v);
	return (buf);
}

static char *
grow_desc(dt_pcb_t *pcb, char *out, size_t cap, dt_srcpos_t pos)
{
	char *n = realloc(out, cap);

	if (n == NULL) {
		free(out);
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	return (n);
}

/* Expand macro variables in a probe description. */
char *
dt_parse_expand_desc(dt_pcb_t *pcb, const char *s, dt_srcpos_t pos)
{
	size_t cap = strlen(s) + 64, len = 0;
	char *out = malloc(cap);

	if (out == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	while (*s != '\0') {
		if (*s == '$') {
			char name[64], buf[32];
			const char *val;
			size_t n = 1;

			while (isalnum((unsigned char)s[n]) || s[n] == '_')
				n++;
			snprintf(name, sizeof (name), "%.*s", (int)n, s);
			macro_check(pcb, name, pos, out);
			if ((val = dt_parse_macro_value(pcb, name, false, pos,
			    buf,
			    sizeof (buf))) == NULL) {
				free(out);
				dt_cerror(pcb, "D_MACRO_UNDEF", pos,
				    "macro argument %s is not defined", name);
			}
			while (len + strlen(val) + 1 > cap)
				out = grow_desc(pcb, out, cap *= 2, pos);
			strcpy(out + len, val);
			len += strlen(val);
			s += n;
			continue;
		}
		if (len + 2 > cap)
			out = grow_desc(pcb, out, cap *= 2, pos);
		out[len++] = *s++;
	}
	out[len] = '\0';
	return (out);
}

/* ---- pragmas ------------------------------------------------------------ */

/*
 * A pragma line is read as DTrace reads a control line: words separated by
 * blanks, each an identifier-like run of characters, an integer or a
 * string in double quotes (its escapes decoded).  #pragma D NAME may name
 * any pragma; #pragma NAME only those that C's # may too (error, ident,
 * line), and any other is ignored, as C compilers ignore pragmas they do
 * not know.  The messages are DTrace's.
 */
#define	PRAG_MAXWORDS	16

typedef struct prag_word {
	char pw_kind;		/* 'i' identifier, 'n' integer, 's' string */
	char *pw_text;		/* its text, in the line buffer */
} prag_word_t;

static void
prag_malformed(dt_pcb_t *pcb, dt_srcpos_t pos, const char *what)
{
	dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed #pragma %s", what);
}

/* "1", "1.2" or "1.2.3", as D's version strings are written. */
static bool
prag_version_ok(const char *s)
{
	static const unsigned long max[3] = { 0xf, 0xfff, 0xfff };
	int n = 0;

	for (;;) {
		char *end;
		unsigned long v;

		if (!isdigit((unsigned char)*s))
			return (false);
		errno = 0;
		v = strtoul(s, &end, 10);
		if (errno != 0 || v > max[n])
			return (false);
		n++;
		s = end;
		if (*s == '\0')
			return (true);
		if (*s != '.' || n == 3)
			return (false);
		s++;
	}
}

/*
 * The name a #pragma attributes or binding sets something of: defined by
 * this program, it is set now; one D defines (a built-in variable, a
 * library's inline or constant) is outside the program, as DTrace says;
 * any other is kept, and must be defined by the end of the program
 * (dt_parse_pragma_unused()).
 */
static void
prag_name(dt_pcb_t *pcb, dt_srcpos_t pos, const char *prname,
    const char *name)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_node_t *dnp;
	bool liberr;

	if (dt_builtin_lookup(name) != NULL || (dt_ident_lookup(dtp, name) ==
	    NULL && dt_lib_lookup(dtp, name, &liberr) != NULL))
		dt_cerror(pcb, "D_PRAGMA_SCOPE", pos, "#pragma %s cannot modify "
		    "entity defined outside program scope", prname);
	if (dt_ident_lookup(dtp, name) != NULL)
		return;
	dnp = dt_node_new(pcb, DN_STRING, pos);
	if ((dnp->dn_str = strdup(name)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dnp->dn_value = prname[0] == 'a';	/* attributes, else binding */
	dnp->dn_list = pcb->pcb_pragpend;
	pcb->pcb_pragpend = dnp;
}

/* At the end of a program: a pragma whose name nothing defined. */
void
dt_parse_pragma_unused(dt_pcb_t *pcb)
{
	dt_node_t *dnp, *last = NULL;

	for (dnp = pcb->pcb_pragpend; dnp != NULL; dnp = dnp->dn_list) {
		if (dt_ident_lookup(pcb->pcb_hdl, dnp->dn_str) == NULL)
			last = dnp;	/* the list is newest first */
	}
	if (last != NULL)
		dt_cerror(pcb, "D_PRAGMA_UNUSED", last->dn_pos,
		    "unused #pragma %s", last->dn_value ? "attributes" :
		    "binding");
}

/* #pragma D attributes ATTR NAME, or ATTR provider PROVIDER PART. */
static void
pragma_attributes(dt_pcb_t *pcb, prag_word_t *w, int n, dt_srcpos_t pos)
{
	static const char *const parts[] = {
		"provider", "module", "function", "name", "args", NULL
	};
	dtrace_attribute_t a;
	bool found = false;
	int i;

	if (n < 2 || w[0].pw_kind != 'i' || w[1].pw_kind != 'i')
		prag_malformed(pcb, pos, "attributes <attributes> <ident>");
	if (dtrace_str2attr(w[0].pw_text, &a) != 0)
		dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid attributes "
		    "specified by #pragma attributes");
	if (strcmp(w[1].pw_text, "provider") != 0) {
		prag_name(pcb, pos, "attributes", w[1].pw_text);
		return;
	}
	if (n < 4)
		prag_malformed(pcb, pos, "attributes <attributes> provider "
		    "<name> <part>");
	/*
	 * A provider declared in D (before or after the pragma) or by a
	 * process's USDT notes is no provider of ours yet: its attributes
	 * are accepted and not kept, as the others' are.
	 */
	for (i = 0; dt_providers[i] != NULL; i++)
		found |= strcmp(dt_providers[i]->pv_name, w[2].pw_text) == 0;
	if (!found)
		return;
	for (i = 0; parts[i] != NULL; i++) {
		if (strcmp(parts[i], w[3].pw_text) == 0)
			return;
	}
	/* DTrace names the provider where it means the part, and back */
	dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid component \"%s\" in "
	    "attribute #pragma for provider %s", w[2].pw_text, w[3].pw_text);
}

static void
pragma_depends(dt_pcb_t *pcb, prag_word_t *w, int n, dt_srcpos_t pos)
{
	bool found = false;

	if (n < 2 || w[0].pw_kind != 'i' || w[1].pw_kind != 'i')
		prag_malformed(pcb, pos, "depends_on <class> <name>");
	if (strcmp(w[0].pw_text, "provider") == 0) {
		for (int i = 0; dt_providers[i] != NULL; i++)
			found |= strcmp(dt_providers[i]->pv_name,
			    w[1].pw_text) == 0;
	} else if (strcmp(w[0].pw_text, "module") == 0) {
		found = true;	/* modules are not checked here */
	} else if (strcmp(w[0].pw_text, "library") == 0) {
		if (!pcb->pcb_library)
			dt_cerror(pcb, "D_PRAGMA_DEPEND", pos, "main program "
			    "may not explicitly depend on a library");
		found = true;
	} else {
		dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid class %s "
		    "specified by #pragma depends_on", w[0].pw_text);
	}
	if (!found)
		dt_cerror(pcb, "D_PRAGMA_DEPEND", pos, "program requires %s %s",
		    w[0].pw_text, w[1].pw_text);
}

static void
pragma_option(dt_pcb_t *pcb, prag_word_t *w, int n, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char *val;

	if (n < 1 || w[0].pw_kind != 'i')
		prag_malformed(pcb, pos, "option <option>=<val>");
	if (n > 1)
		dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "superfluous arguments "
		    "specified for #pragma option");
	if ((val = strchr(w[0].pw_text, '=')) != NULL)
		*val++ = '\0';
	if (dtrace_setopt(dtp, w[0].pw_text, val) != 0)
		dt_cerror(pcb, "D_PRAGMA_OPTSET", pos,
		    "failed to set option '%s'%s%s%s: %s", w[0].pw_text,
		    val != NULL ? " to '" : "", val != NULL ? val : "",
		    val != NULL ? "'" : "",
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
}

/* #pragma error: the words, each followed by a space. */
static void
pragma_error(dt_pcb_t *pcb, prag_word_t *w, int n, dt_srcpos_t pos)
{
	char msg[512];
	size_t len = 0;

	msg[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (w[i].pw_kind != 'n' && len < sizeof (msg))
			len += (size_t)snprintf(msg + len, sizeof (msg) - len,
			    "%s ", w[i].pw_text);
	}
	dt_cerror(pcb, "D_PRAGERR", pos, "#error: %s", msg);
}

/*
 * #pragma line N ["file" [state...]]: as in DTrace, the directive's own
 * line becomes N, so the next line is N + 1; a file name names the lines
 * that follow in messages.
 */
static void
pragma_line(dt_pcb_t *pcb, prag_word_t *w, int n, dt_srcpos_t pos)
{
	long line;
	int file = pcb->pcb_pos.sp_file;

	if (n < 1 || w[0].pw_kind != 'n' || (n > 1 && w[1].pw_kind != 's'))
		dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed #line "
		    "<line> [ [\"file\"] state ]");
	for (int i = 2; i < n; i++) {
		if (w[i].pw_kind != 'n')
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "malformed "
			    "#line <line> [ [\"file\"] state ]");
	}
	errno = 0;
	line = strtol(w[0].pw_text, NULL, 0);
	if (errno != 0 || line < 0 || line > INT_MAX)
		dt_cerror(pcb, "D_SYNTAX", pos, "line number out of range in "
		    "line directive");
	if (n > 1) {
		file = strcmp(w[1].pw_text, pcb->pcb_file != NULL ?
		    pcb->pcb_file : DT_CMDLINE) == 0 ? 0 :
		    dt_srcfile_intern(pcb->pcb_hdl, w[1].pw_text);
		if (file < 0)
			dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	pcb->pcb_pos.sp_line = (int)line;
	pcb->pcb_pos.sp_file = file;
}

/*
 * Split the pragma's text into words; a word longer than the line buffer
 * allows was cut, and the caller refuses the line.
 */
static int
prag_split(dt_pcb_t *pcb, char *line, prag_word_t *w, dt_srcpos_t pos)
{
	char *p = line;
	int n = 0;

	for (;;) {
		char *start;

		while (*p == ' ' || *p == '\t' || *p == '\f' || *p == '\v' ||
		    *p == '\r')
			p++;
		if (*p == '\0')
			return (n);
		if (n == PRAG_MAXWORDS)
			dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "#pragma with "
			    "more than %d words", PRAG_MAXWORDS);
		if (*p == '"') {
			start = ++p;
			while (*p != '\0' && *p != '"') {
				if (*p == '\\' && p[1] != '\0')
					p++;
				p++;
			}
			if (*p != '"')
				dt_cerror(pcb, "D_STR_NL", pos, "newline "
				    "encountered in string literal");
			*p++ = '\0';
			(void) dt_lex_unescape(start);
			w[n].pw_kind = 's';
		} else {
			char *end;

			start = p;
			while (*p != '\0' && *p != '"' && !isspace(
			    (unsigned char)*p))
				p++;
			if (*p != '\0' && *p != '"')
				*p++ = '\0';
			else if (*p == '"')
				dt_cerror(pcb, "D_SYNTAX", pos, "syntax error "
				    "near \"\"\"");
			(void) strtoull(start, &end, 0);
			w[n].pw_kind = isdigit((unsigned char)*start) &&
			    *end == '\0' ? 'n' : 'i';
		}
		w[n++].pw_text = start;
	}
}

void
dt_parse_pragma(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	static const struct {
		const char *pd_name;
		void (*pd_func)(dt_pcb_t *, prag_word_t *, int, dt_srcpos_t);
		bool pd_donly;	/* only after #pragma D */
	} pragmas[] = {
		{ "attributes", pragma_attributes, true },
		{ "binding", NULL, true },
		{ "depends_on", pragma_depends, true },
		{ "error", pragma_error, false },
		{ "ident", NULL, false },
		{ "line", pragma_line, false },
		{ "option", pragma_option, true },
		{ NULL, NULL, false }
	};
	const char *end = pcb->pcb_src + pcb->pcb_len;
	const char *p = pcb->pcb_ptr, *e = p;
	char line[512];
	prag_word_t w[PRAG_MAXWORDS];
	size_t len;
	bool isd = false;
	int n, i = 0, k;

	/* The pragma is the rest of the line, raw; the peek was not taken. */
	while (e < end && *e != '\n')
		e++;
	len = (size_t)(e - p);
	snprintf(line, sizeof (line), "%.*s", len < sizeof (line) ? (int)len :
	    (int)sizeof (line) - 1, p);
	pcb->pcb_pos.sp_col = e - p > INT_MAX - pcb->pcb_pos.sp_col ?
	    INT_MAX : pcb->pcb_pos.sp_col + (int)(e - p);
	pcb->pcb_ptr = e;
	/*
	 * A longer one would be cut (an option's value, a name): an error,
	 * unless it is a pragma that is ignored (ident, not D's).
	 */
	if (len >= sizeof (line)) {
		char first[16] = "", second[16] = "";

		(void) sscanf(line, "%15s %15s", first, second);
		isd = strcmp(first, "D") == 0;
		if (strcmp(isd ? second : first, "ident") == 0 || (!isd &&
		    strcmp(first, "error") != 0 && strcmp(first, "line") != 0))
			return;
		dt_cerror(pcb, "D_PRAGMA_MALFORM", pos, "#pragma%s too long: "
		    "%zu bytes after #pragma, at most %zu", isd ? " D" : "",
		    len, sizeof (line) - 1);
	}
	n = prag_split(pcb, line, w, pos);
	if (n > 0 && w[0].pw_kind == 'i' && strcmp(w[0].pw_text, "D") == 0) {
		isd = true;
		i = 1;
	}
	if (i == n)
		return;		/* #pragma and #pragma D alone: nothing */
	if (w[i].pw_kind != 'i')
		dt_cerror(pcb, "D_PRAGCTL_INVAL", pos, "invalid control "
		    "directive");
	for (k = 0; pragmas[k].pd_name != NULL; k++) {
		if ((isd || !pragmas[k].pd_donly) &&
		    strcmp(pragmas[k].pd_name, w[i].pw_text) == 0)
			break;
	}
	if (pragmas[k].pd_name == NULL) {
		if (isd)
			dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid D "
			    "pragma: %s", w[i].pw_text);
		return;		/* not D's: ignored */
	}
	if (strcmp(pragmas[k].pd_name, "binding") == 0) {
		if (n - i - 1 < 2 || w[i + 1].pw_kind != 's' ||
		    w[i + 2].pw_kind != 'i')
			prag_malformed(pcb, pos, "binding \"version\" <ident>");
		if (!prag_version_ok(w[i + 1].pw_text))
			dt_cerror(pcb, "D_PRAGMA_INVAL", pos, "invalid version "
			    "string specified by #pragma binding");
		prag_name(pcb, pos, "binding", w[i + 2].pw_text);
	} else if (pragmas[k].pd_func != NULL) {
		pragmas[k].pd_func(pcb, w + i + 1, n - i - 1, pos);
	}
}

/*
 * Under the pspec option, text that reads as a probe description is one
 * when it is longer than the token the C lexer took from it ("int*x",
 * "uint64_t*p"), as DTrace's lexer takes the longest match: otherwise a
 * type name starts a declaration there.
 */
static bool
pspec_longer(dt_pcb_t *pcb, const dt_token_t *t)
{
	const char *p = t->tk_start;
	size_t n = 0;

	if (!pcb->pcb_hdl->dt_opts.op_pspec || p == NULL)
		return (false);
	while (p + n < pcb->pcb_src + pcb->pcb_len &&
	    (isalnum((unsigned char)p[n]) || strchr("-$:_.?*\\[]!`",
	    p[n]) != NULL) && p[n] != '\0')
		n++;
	return (n > t->tk_len);
}

/* Does the current top-level token start a declaration? */
static bool
is_decl_start(dt_pcb_t *pcb)
{
	dt_token_t *t = dt_parse_tok(pcb);

	if (dt_parse_is_storage_class(t) && !pcb->pcb_havepeek &&
	    pcb->pcb_ptr[strspn(pcb->pcb_ptr, " \t")] != ':')
		return (true);	/* a storage class, not a provider so named */
	/*
	 * A type name that is an identifier (uint64_t, a kernel typedef)
	 * followed by a name or a '*' on the same line: a declaration,
	 * never a probe description (those are followed by '/', '{', ','
	 * or the end).  Only then are the kernel's types looked at.
	 */
	if (t->tk_kind == T_IDENT && !pcb->pcb_havepeek) {
		const char *c = pcb->pcb_ptr + strspn(pcb->pcb_ptr, " \t");

		if ((*c == '_' || *c == '*' || isalpha((unsigned char)*c)) &&
		    dt_parse_is_type_start(pcb, t))
			return (true);
	}
	if (t->tk_kind == T_IDENT && (strcmp(t->tk_str, "inline") == 0 ||
	    strcmp(t->tk_str, "typedef") == 0 ||
	    strcmp(t->tk_str, "translator") == 0 ||
	    strcmp(t->tk_str, "self") == 0 || strcmp(t->tk_str, "this") == 0 ||
	    dt_parse_d_typename(pcb, t->tk_str) != NULL))
		return (true);
	return (t->tk_kind != T_IDENT && dt_parse_is_type_start(pcb, t));
}

/*
 * The D type of a C type name a provider gives as text ("const char *",
 * "struct sk_buff *", "siginfo_t *", "struct ext4`inode *": see
 * dt_argdesc_t), by the grammar's own type-name rule on a compilation of
 * that text alone.  Returns 0, or -1, with no error on the handle, when
 * the text is no type name D knows.
 */
int
dt_parse_ctype(dt_pcb_t *pcb, const char *text, dt_type_t *tp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_pcb_t sub = *pcb;
	char errmsg[sizeof (dtp->dt_errmsg)];
	int err = dtp->dt_errno;
	volatile int rv = -1;
	jmp_buf jb;

	memcpy(errmsg, dtp->dt_errmsg, sizeof (errmsg));
	sub.pcb_src = text;
	sub.pcb_len = strlen(text);
	sub.pcb_usrc = NULL;
	sub.pcb_ulen = 0;
	sub.pcb_file = NULL;
	memset(&sub.pcb_tok, 0, sizeof (sub.pcb_tok));
	memset(&sub.pcb_peek, 0, sizeof (sub.pcb_peek));
	sub.pcb_havepeek = false;
	sub.pcb_jmp = &jb;
	dt_lex_init(&sub);
	if (setjmp(jb) == 0) {
		dt_parse_next(&sub);
		*tp = dt_parse_typename(&sub, NULL);
		if (dt_parse_tok(&sub)->tk_kind == T_EOF)
			rv = 0;
	} else {
		/* no error: a compilation under way has raised none */
		memcpy(dtp->dt_errmsg, errmsg, sizeof (errmsg));
		dtp->dt_errtag = NULL;
		dtp->dt_errno = err;
	}
	dt_tok_free(&sub.pcb_tok);
	if (sub.pcb_havepeek)
		dt_tok_free(&sub.pcb_peek);
	pcb->pcb_nodes = sub.pcb_nodes;	/* freed with the compilation's */
	return (rv);
}

void
dt_parse_program(dt_pcb_t *pcb)
{
	bool any = false;	/* anything but ';' read yet */

	dt_lex_init(pcb);
	for (;;) {
		dt_token_t *t = dt_parse_tok(pcb);
		const char *save = pcb->pcb_ptr;
		dt_srcpos_t savepos = pcb->pcb_pos;

		/* A description may start with a digit (-i 12): not C. */
		dt_tok_free(t);
		if (isdigit(dt_lex_peekc(pcb))) {
			any = true;
			dt_lex_probedesc(pcb, t);
			dt_parse_clause(pcb);
			if (dt_parse_tok(pcb)->tk_kind == T_EOF) {
				dt_parse_pragma_unused(pcb);
				return;
			}
			continue;
		}
		/* Peek with the C lexer: pragmas, ';' and the end. */
		dt_lex_next(pcb, t);
		/* a D library may be empty, as in DTrace */
		if (t->tk_kind == T_EOF && !any && !pcb->pcb_library &&
		    !pcb->pcb_hdl->dt_opts.op_empty)
			dt_cerror(pcb, "D_EMPTY", t->tk_pos, "empty D program "
			    "translation unit");
		if (t->tk_kind == T_EOF) {
			dt_parse_pragma_unused(pcb);
			return;
		}
		if (t->tk_kind == T_SEMI)
			continue;
		any = true;
		if (t->tk_kind == T_PRAGMA) {
			dt_parse_pragma(pcb, t->tk_pos);
			continue;
		}
		if (t->tk_kind == T_IDENT && strcmp(t->tk_str, "provider") ==
		    0) {
			if (dt_parse_peek(pcb)->tk_kind == T_IDENT) {
				pcb->pcb_clause = NULL;
				dt_parse_provider(pcb);
				continue;
			}
			/* a probe description (provider:::): rescanned */
			dt_tok_free(&pcb->pcb_peek);
			pcb->pcb_havepeek = false;
		}
		if (!pspec_longer(pcb, t) && is_decl_start(pcb)) {
			pcb->pcb_clause = NULL;
			dt_parse_decl(pcb);
			continue;
		}
		/* Otherwise a clause: rescan as a probe description. */
		dt_tok_free(t);
		pcb->pcb_ptr = save;
		pcb->pcb_pos = savepos;
		dt_lex_probedesc(pcb, t);
		if (t->tk_kind != T_PROBEDESC)
			dt_parse_syntax_error(pcb);
		dt_parse_clause(pcb);
		if (dt_parse_tok(pcb)->tk_kind == T_EOF) {
			dt_parse_pragma_unused(pcb);
			return;
		}
	}
}
