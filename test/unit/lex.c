/*
 * Unit tests of the D lexer (libdtrace/dlang/dt_lex.c): token kinds,
 * integer values and suffixes, character and string constants, operators,
 * comments, positions, the "#!" line, macro variables, probe descriptions
 * and the errors the lexer reports.
 */
#include <malloc.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlang/dt_ast.h"

#include "check.h"

static dtrace_hdl_t *dtp;

#define MAXTOK	128

typedef struct toks {
	dt_token_t t[MAXTOK];
	int n;			/* tokens read, the T_EOF included */
} toks_t;

static void
toks_free(toks_t *tp)
{
	for (int i = 0; i < tp->n; i++)
		dt_tok_free(&tp->t[i]);
	tp->n = 0;
}

/*
 * Lex src to the end.  The first token is read as a probe description if
 * desc is set.  Returns 0, or -1 if the lexer reported an error (then
 * dtp->dt_errtag and dt_errmsg tell which, and tp holds the tokens read
 * before it).
 */
static int
lex(const char *src, int desc, toks_t *tp)
{
	dt_pcb_t pcb;
	jmp_buf jb;
	volatile int n = 0;

	memset(tp, 0, sizeof (*tp));
	memset(&pcb, 0, sizeof (pcb));
	pcb.pcb_hdl = dtp;
	pcb.pcb_src = src;
	pcb.pcb_len = strlen(src);
	pcb.pcb_jmp = &jb;
	dtp->dt_errtag = NULL;
	dtp->dt_errmsg[0] = '\0';

	if (setjmp(jb) != 0) {
		/* the token being lexed may hold memory: the caller frees it */
		tp->n = n + 1;
		return (-1);
	}
	dt_lex_init(&pcb);
	while (n < MAXTOK) {
		dt_token_t *tk = &tp->t[n];

		if (n == 0 && desc)
			dt_lex_probedesc(&pcb, tk);
		else
			dt_lex_next(&pcb, tk);
		n++;
		if (tk->tk_kind == T_EOF)
			break;
	}
	tp->n = n;
	return (0);
}

/* Lexes src and nchecks the kinds of its tokens (T_EOF last). */
static int
kinds_are(const char *src, const dt_tok_t *kinds, int nkinds)
{
	toks_t tk;
	int ok;

	if (lex(src, 0, &tk) != 0) {
		fprintf(stderr, "  lexing \"%s\" failed: %s\n", src,
		    dtp->dt_errmsg);
		return (0);
	}
	ok = tk.n == nkinds;
	for (int i = 0; ok && i < nkinds; i++) {
		if (tk.t[i].tk_kind != kinds[i]) {
			fprintf(stderr, "  \"%s\": token %d is %d, not %d\n",
			    src, i, tk.t[i].tk_kind, kinds[i]);
			ok = 0;
		}
	}
	if (tk.n != nkinds)
		fprintf(stderr, "  \"%s\": %d tokens, not %d\n", src, tk.n,
		    nkinds);
	toks_free(&tk);
	return (ok);
}

#define KINDS(src, ...) do {						\
	static const dt_tok_t k_[] = { __VA_ARGS__ };			\
	CHECK(kinds_are(src, k_, (int)(sizeof (k_) / sizeof (k_[0]))));	\
} while (0)

/* Lexing src fails with tag, and the message contains text. */
static int
fails_with(const char *src, const char *tag, const char *text)
{
	toks_t tk;
	int rv = lex(src, 0, &tk);
	int ok = rv == -1 && dtp->dt_errtag != NULL &&
	    strcmp(dtp->dt_errtag, tag) == 0 &&
	    (strstr(dtp->dt_errmsg, text) != NULL ||
	    strstr(dtp->dt_errwhere, text) != NULL) &&
	    dtrace_errno(dtp) == EDT_COMPILER;

	if (!ok)
		fprintf(stderr, "  \"%s\": rv %d tag %s msg \"%s\"; wanted "
		    "%s \"%s\"\n", src, rv, dtp->dt_errtag ? dtp->dt_errtag :
		    "(none)", dtp->dt_errmsg, tag, text);
	toks_free(&tk);
	return (ok);
}

static void
test_integers(void)
{
	toks_t tk;

	CHECK(lex("42 42u 42l 42UL 42LL 42ull 0x1F 0X1f 017 0 "
	    "18446744073709551615 4294967296", 0, &tk) == 0);
	CHECK(tk.n == 13);
	for (int i = 0; i < 12 && i < tk.n; i++)
		CHECK(tk.t[i].tk_kind == T_INT);
	CHECK(tk.t[0].tk_int == 42 && !tk.t[0].tk_intu && tk.t[0].tk_intl == 0);
	CHECK(tk.t[1].tk_int == 42 && tk.t[1].tk_intu && tk.t[1].tk_intl == 0);
	CHECK(tk.t[2].tk_int == 42 && !tk.t[2].tk_intu && tk.t[2].tk_intl == 1);
	CHECK(tk.t[3].tk_int == 42 && tk.t[3].tk_intu && tk.t[3].tk_intl == 1);
	CHECK(tk.t[4].tk_int == 42 && !tk.t[4].tk_intu && tk.t[4].tk_intl == 2);
	CHECK(tk.t[5].tk_int == 42 && tk.t[5].tk_intu && tk.t[5].tk_intl == 2);
	CHECK(tk.t[6].tk_int == 31);
	CHECK(tk.t[7].tk_int == 31);
	CHECK(tk.t[8].tk_int == 15);		/* octal */
	CHECK(tk.t[9].tk_int == 0);
	CHECK(tk.t[10].tk_int == UINT64_MAX);
	CHECK(tk.t[11].tk_int == 4294967296ULL);
	CHECK(tk.t[12].tk_kind == T_EOF);
	/* the token's text covers the suffixes */
	CHECK(tk.t[3].tk_len == 4 && strncmp(tk.t[3].tk_start, "42UL", 4) == 0);
	CHECK(tk.t[6].tk_len == 4);
	toks_free(&tk);

	/* a number stops at what cannot continue it */
	KINDS("1+2", T_INT, T_PLUS, T_INT, T_EOF);
	KINDS("3.x", T_INT, T_DOT, T_IDENT, T_EOF);

	CHECK(fails_with("18446744073709551616", "D_INT_OFLOW", "overflow"));
	CHECK(fails_with("x = 12abc;", "D_SYNTAX",
	    "invalid suffix on integer constant"));
	CHECK(fails_with("42uz", "D_SYNTAX", "invalid suffix"));
	/* 0 followed by a digit is octal: 8 and 9 are not octal digits */
	CHECK(fails_with("09", "D_INT_DIGIT", "invalid digit in octal constant"));
	CHECK(fails_with("x = 0178;", "D_INT_DIGIT",
	    "invalid digit in octal constant"));
}

static void
test_chars(void)
{
	toks_t tk;

	CHECK(lex("'A' '\\n' '\\x41' '\\0' '\\101' '\\'' '\\\\' '\\377' ' '",
	    0, &tk) == 0);
	CHECK(tk.n == 10);
	for (int i = 0; i < 9 && i < tk.n; i++)
		CHECK(tk.t[i].tk_kind == T_INT);
	CHECK(tk.t[0].tk_int == 'A');
	CHECK(tk.t[0].tk_len == 3);
	CHECK(tk.t[1].tk_int == '\n');
	CHECK(tk.t[2].tk_int == 0x41);
	CHECK(tk.t[2].tk_len == 6);
	CHECK(tk.t[3].tk_int == 0);
	CHECK(tk.t[4].tk_int == 'A');
	CHECK(tk.t[5].tk_int == ('\\' << 8 | '\''));	/* \' stays two */
	CHECK(tk.t[6].tk_int == '\\');
	/* char is signed: '\377' is -1 */
	CHECK(tk.t[7].tk_int == UINT64_MAX);
	CHECK(tk.t[8].tk_int == ' ');
	toks_free(&tk);

	CHECK(fails_with("''", "D_CHR_NULL", "empty character constant"));
	CHECK(fails_with("'abcdefghi'", "D_CHR_OFLOW", "too long"));
	CHECK(fails_with("'ab", "D_CHR_NL", "newline encountered"));
	CHECK(fails_with("'a", "D_CHR_NL", "newline encountered"));
	/* an unknown escape keeps its backslash: two characters */
	CHECK(lex("'\\q' '\\?' 'a\\c'", 0, &tk) == 0 && tk.n == 4);
	CHECK(tk.t[0].tk_int == ('\\' << 8 | 'q'));
	CHECK(tk.t[1].tk_int == ('\\' << 8 | '?'));
	CHECK(tk.t[2].tk_int == ('a' << 16 | '\\' << 8 | 'c'));
	toks_free(&tk);
	CHECK(fails_with("'abcdefg\\q'", "D_CHR_OFLOW", "too long"));
}

static void
test_strings(void)
{
	toks_t tk;
	/* as in DTrace, \? and \' are no escapes: the backslash stays */
	static const char want[] = "a\tb\"c\\dAA\0e\r\a\b\f\v\\?\\'";

	CHECK(lex("\"a\\tb\\\"c\\\\d\\x41\\101\\0e\\r\\a\\b\\f\\v\\?\\'\" "
	    "\"\" \"x\"", 0, &tk) == 0);
	CHECK(tk.n == 4);
	CHECK(tk.t[0].tk_kind == T_STRING);
	CHECK(tk.t[0].tk_strlen == sizeof (want) - 1);
	CHECK(tk.t[0].tk_str != NULL &&
	    memcmp(tk.t[0].tk_str, want, sizeof (want)) == 0);
	CHECK(tk.t[1].tk_kind == T_STRING && tk.t[1].tk_strlen == 0 &&
	    tk.t[1].tk_str != NULL && tk.t[1].tk_str[0] == '\0');
	CHECK(tk.t[2].tk_kind == T_STRING && tk.t[2].tk_strlen == 1 &&
	    strcmp(tk.t[2].tk_str, "x") == 0);
	CHECK(tk.t[2].tk_len == 3);
	CHECK(tk.t[3].tk_kind == T_EOF);
	toks_free(&tk);

	/* \x takes at most two digits; octal at most three */
	CHECK(lex("\"\\x414\\1014\"", 0, &tk) == 0);
	CHECK(tk.n == 2 && tk.t[0].tk_kind == T_STRING);
	CHECK(tk.t[0].tk_strlen == 4 && strcmp(tk.t[0].tk_str, "A4A4") == 0);
	toks_free(&tk);

	/* a string longer than the lexer's first buffer */
	{
		char src[600], want2[600];

		src[0] = '"';
		for (int i = 0; i < 500; i++)
			src[i + 1] = want2[i] = (char)('a' + i % 26);
		want2[500] = '\0';
		src[501] = '"';
		src[502] = '\0';
		CHECK(lex(src, 0, &tk) == 0);
		CHECK(tk.n == 2 && tk.t[0].tk_kind == T_STRING);
		CHECK(tk.t[0].tk_strlen == 500 &&
		    strcmp(tk.t[0].tk_str, want2) == 0);
		toks_free(&tk);
	}

	CHECK(fails_with("\"abc", "D_STR_NL",
	    "newline encountered in string literal"));
	CHECK(fails_with("\"abc\ndef\"", "D_STR_NL",
	    "newline encountered in string literal"));
	CHECK(fails_with("\"a\\xg\"", "D_STR_BADESC",
	    "invalid escape sequence \\x in string"));
	/* the tokens before the error were read */
	CHECK(lex("a b \"c", 0, &tk) == -1 && tk.n == 3 &&
	    tk.t[0].tk_kind == T_IDENT && tk.t[1].tk_kind == T_IDENT);
	toks_free(&tk);
}

static void
test_operators(void)
{
	static const struct {
		const char *op;
		dt_tok_t tok;
	} ops[] = {
		{ "<<=", T_LSH_EQ }, { ">>=", T_RSH_EQ }, { "->", T_ARROW },
		{ "++", T_INC }, { "--", T_DEC }, { "<<", T_LSH },
		{ ">>", T_RSH }, { "<=", T_LE }, { ">=", T_GE }, { "==", T_EQ },
		{ "!=", T_NE }, { "&&", T_LAND }, { "||", T_LOR },
		{ "^^", T_LXOR }, { "+=", T_ADD_EQ }, { "-=", T_SUB_EQ },
		{ "*=", T_MUL_EQ }, { "/=", T_DIV_EQ }, { "%=", T_MOD_EQ },
		{ "&=", T_AND_EQ }, { "|=", T_OR_EQ }, { "^=", T_XOR_EQ },
		{ "(", T_LPAR }, { ")", T_RPAR }, { "{", T_LBRACE },
		{ "}", T_RBRACE }, { "[", T_LBRACK }, { "]", T_RBRACK },
		{ ",", T_COMMA }, { ";", T_SEMI }, { "?", T_QUESTION },
		{ ":", T_COLON }, { ".", T_DOT }, { "+", T_PLUS },
		{ "-", T_MINUS }, { "*", T_STAR }, { "/", T_SLASH },
		{ "%", T_MOD }, { "&", T_AND }, { "|", T_OR }, { "^", T_XOR },
		{ "~", T_NOT }, { "!", T_LNOT }, { "<", T_LT }, { ">", T_GT },
		{ "=", T_ASSIGN },
	};
	size_t nops = sizeof (ops) / sizeof (ops[0]);
	char src[1024];
	size_t len = 0;
	toks_t tk;

	/* each alone, between identifiers */
	for (size_t i = 0; i < nops; i++) {
		char one[16];
		int ok;

		snprintf(one, sizeof (one), "a%sb", ops[i].op);
		ok = lex(one, 0, &tk) == 0 && tk.n == 4 &&
		    tk.t[0].tk_kind == T_IDENT && tk.t[1].tk_kind == ops[i].tok &&
		    tk.t[1].tk_len == strlen(ops[i].op) &&
		    tk.t[1].tk_pos.sp_col == 2 && tk.t[2].tk_kind == T_IDENT &&
		    tk.t[2].tk_pos.sp_col == 2 + (int)strlen(ops[i].op) &&
		    tk.t[3].tk_kind == T_EOF;
		if (!ok)
			fprintf(stderr, "  operator %s\n", ops[i].op);
		CHECK(ok);
		toks_free(&tk);
		/* dt_tok_name() gives the operator back */
		CHECK(strcmp(dt_tok_name(ops[i].tok), ops[i].op) == 0);
	}

	/* all of them in a row, separated by spaces */
	for (size_t i = 0; i < nops; i++)
		len += (size_t)snprintf(src + len, sizeof (src) - len, "%s ",
		    ops[i].op);
	CHECK(lex(src, 0, &tk) == 0);
	CHECK(tk.n == (int)nops + 1);
	for (size_t i = 0; i < nops && (int)i < tk.n; i++)
		CHECK(tk.t[i].tk_kind == ops[i].tok);
	toks_free(&tk);

	/* longest match first */
	KINDS("a+++b", T_IDENT, T_INC, T_PLUS, T_IDENT, T_EOF);
	KINDS("a-->b", T_IDENT, T_DEC, T_GT, T_IDENT, T_EOF);
	KINDS("<<<", T_LSH, T_LT, T_EOF);
	KINDS("^^=", T_LXOR, T_ASSIGN, T_EOF);
	KINDS("!==", T_NE, T_ASSIGN, T_EOF);
	KINDS("&&&", T_LAND, T_AND, T_EOF);
	KINDS("x>>=1", T_IDENT, T_RSH_EQ, T_INT, T_EOF);
	KINDS("p->q", T_IDENT, T_ARROW, T_IDENT, T_EOF);
	/* unknown characters */
	KINDS("\\ `", T_BAD, T_BACKQUOTE, T_EOF);
	KINDS("@ @a", T_AGG, T_AGG, T_EOF);
	KINDS("a #x", T_IDENT, T_BAD, T_IDENT, T_EOF);
	KINDS("#pragma D", T_PRAGMA, T_IDENT, T_EOF);
}

static void
test_keywords(void)
{
	toks_t tk;

	KINDS("sizeof int char short long unsigned signed void string",
	    T_SIZEOF, T_KW_INT, T_KW_CHAR, T_KW_SHORT, T_KW_LONG,
	    T_KW_UNSIGNED, T_KW_SIGNED, T_KW_VOID, T_KW_STRING, T_EOF);
	/* a keyword is a whole word */
	CHECK(lex("integer _x1 sizeofx in", 0, &tk) == 0);
	CHECK(tk.n == 5);
	for (int i = 0; i < 4 && i < tk.n; i++)
		CHECK(tk.t[i].tk_kind == T_IDENT);
	CHECK(tk.t[0].tk_str != NULL && strcmp(tk.t[0].tk_str, "integer") == 0);
	CHECK(tk.t[1].tk_str != NULL && strcmp(tk.t[1].tk_str, "_x1") == 0);
	CHECK(tk.t[2].tk_str != NULL && strcmp(tk.t[2].tk_str, "sizeofx") == 0);
	CHECK(tk.t[3].tk_str != NULL && strcmp(tk.t[3].tk_str, "in") == 0);
	CHECK(tk.t[3].tk_len == 2);
	toks_free(&tk);
}

static void
test_comments_positions(void)
{
	toks_t tk;

	KINDS("a /* comment\n more */ b // to the end\n c",
	    T_IDENT, T_IDENT, T_IDENT, T_EOF);
	KINDS("/**/a/***/b//", T_IDENT, T_IDENT, T_EOF);
	KINDS("a / b /* c */ / d", T_IDENT, T_SLASH, T_IDENT, T_SLASH,
	    T_IDENT, T_EOF);
	KINDS("// only a comment", T_EOF);
	KINDS("", T_EOF);
	KINDS(" \t\n ", T_EOF);
	/* a comment does not nest and ends at the first star-slash */
	KINDS("/* a /* b */ c", T_IDENT, T_EOF);

	CHECK(lex("a\n  bb /* x\ny */ c\n\td // e\nfg+", 0, &tk) == 0);
	CHECK(tk.n == 7);
	CHECK(tk.t[0].tk_pos.sp_line == 1 && tk.t[0].tk_pos.sp_col == 1);
	CHECK(tk.t[1].tk_pos.sp_line == 2 && tk.t[1].tk_pos.sp_col == 3);
	CHECK(tk.t[1].tk_len == 2);
	CHECK(tk.t[2].tk_pos.sp_line == 3 && tk.t[2].tk_pos.sp_col == 6);
	CHECK(tk.t[3].tk_pos.sp_line == 4 && tk.t[3].tk_pos.sp_col == 2);
	CHECK(tk.t[4].tk_pos.sp_line == 5 && tk.t[4].tk_pos.sp_col == 1);
	CHECK(tk.t[4].tk_str != NULL && strcmp(tk.t[4].tk_str, "fg") == 0);
	CHECK(tk.t[5].tk_kind == T_PLUS && tk.t[5].tk_pos.sp_line == 5 &&
	    tk.t[5].tk_pos.sp_col == 3);
	CHECK(tk.t[6].tk_kind == T_EOF);
	toks_free(&tk);

	/* a string's newline escape does not move to the next line */
	CHECK(lex("\"a\\nb\" x", 0, &tk) == 0);
	CHECK(tk.n == 3 && tk.t[1].tk_pos.sp_line == 1 &&
	    tk.t[1].tk_pos.sp_col == 8);
	toks_free(&tk);

	CHECK(fails_with("a /* never closed", "D_SYNTAX",
	    "end-of-file encountered before matching */"));
	/* the error is where the comment starts */
	CHECK(fails_with("a\n  /* never closed\n\n", "D_SYNTAX",
	    "<command line>:2:3"));
	CHECK(fails_with("x = \"abc", "D_STR_NL", "<command line>:1:5"));
}

static void
test_interpreter_line(void)
{
	toks_t tk;

	CHECK(lex("#!/usr/sbin/dtrace -s\nBEGIN", 0, &tk) == 0);
	CHECK(tk.n == 2);
	CHECK(tk.t[0].tk_kind == T_IDENT && tk.t[0].tk_str != NULL &&
	    strcmp(tk.t[0].tk_str, "BEGIN") == 0);
	CHECK(tk.t[0].tk_pos.sp_line == 2 && tk.t[0].tk_pos.sp_col == 1);
	toks_free(&tk);

	KINDS("#!/usr/sbin/dtrace -s", T_EOF);
	/* only on the first line */
	KINDS("a\n#!b", T_IDENT, T_BAD, T_LNOT, T_IDENT, T_EOF);
	KINDS(" #!b", T_BAD, T_LNOT, T_IDENT, T_EOF);
}

static void
test_macros(void)
{
	toks_t tk;

	CHECK(lex("$target $1 $$1 $pid $$target $10 $$0", 0, &tk) == 0);
	CHECK(tk.n == 8);
	for (int i = 0; i < 7 && i < tk.n; i++)
		CHECK(tk.t[i].tk_kind == T_MACRO);
	CHECK(tk.t[0].tk_str != NULL && strcmp(tk.t[0].tk_str, "$target") == 0);
	CHECK(tk.t[1].tk_str != NULL && strcmp(tk.t[1].tk_str, "$1") == 0);
	CHECK(tk.t[2].tk_str != NULL && strcmp(tk.t[2].tk_str, "$$1") == 0);
	CHECK(tk.t[3].tk_str != NULL && strcmp(tk.t[3].tk_str, "$pid") == 0);
	CHECK(tk.t[4].tk_str != NULL &&
	    strcmp(tk.t[4].tk_str, "$$target") == 0);
	CHECK(tk.t[5].tk_str != NULL && strcmp(tk.t[5].tk_str, "$10") == 0);
	CHECK(tk.t[6].tk_str != NULL && strcmp(tk.t[6].tk_str, "$$0") == 0);
	CHECK(tk.t[1].tk_len == 2 && tk.t[2].tk_len == 3);
	toks_free(&tk);

	KINDS("$1+$2", T_MACRO, T_PLUS, T_MACRO, T_EOF);
	CHECK(fails_with("$ x", "D_SYNTAX", "syntax error near \"$\""));
	CHECK(fails_with("$$", "D_SYNTAX", "syntax error near \"$\""));
	CHECK(fails_with("$+1", "D_SYNTAX", "syntax error near \"$\""));
}

/* The first token of src read as a probe description. */
static int
desc_is(const char *src, const char *text, dt_tok_t after)
{
	toks_t tk;
	int ok;

	if (lex(src, 1, &tk) != 0) {
		fprintf(stderr, "  \"%s\" failed: %s\n", src, dtp->dt_errmsg);
		return (0);
	}
	ok = tk.n >= 2 && tk.t[0].tk_kind == T_PROBEDESC &&
	    tk.t[0].tk_str != NULL && strcmp(tk.t[0].tk_str, text) == 0 &&
	    tk.t[0].tk_len == strlen(text) && tk.t[1].tk_kind == after;
	if (!ok)
		fprintf(stderr, "  \"%s\": got kind %d \"%s\", then %d\n", src,
		    tk.t[0].tk_kind, tk.t[0].tk_str ? tk.t[0].tk_str : "",
		    tk.n >= 2 ? (int)tk.t[1].tk_kind : -1);
	toks_free(&tk);
	return (ok);
}

static void
test_probedesc(void)
{
	toks_t tk;

	CHECK(desc_is("syscall::open*:entry", "syscall::open*:entry", T_EOF));
	CHECK(desc_is("syscall::open*:entry /pid == 1/", "syscall::open*:entry",
	    T_SLASH));
	CHECK(desc_is("syscall::open*:entry/pid/", "syscall::open*:entry",
	    T_SLASH));
	CHECK(desc_is("syscall::open*:entry{", "syscall::open*:entry",
	    T_LBRACE));
	CHECK(desc_is("BEGIN,END", "BEGIN", T_COMMA));
	CHECK(desc_is("tick-1s\n{ }", "tick-1s", T_LBRACE));
	CHECK(desc_is("profile-97;", "profile-97", T_SEMI));
	CHECK(desc_is("a:b:c:d}", "a:b:c:d", T_RBRACE));
	CHECK(desc_is("pid$target::malloc:entry", "pid$target::malloc:entry",
	    T_EOF));
	CHECK(desc_is("fbt::[a-z]*?:return", "fbt::[a-z]*?:return", T_EOF));
	/* white space and comments before it are skipped */
	CHECK(desc_is("  /* c */\n\t::read:entry\t", "::read:entry", T_EOF));

	CHECK(lex("\n  BEGIN /x/", 1, &tk) == 0);
	CHECK(tk.n >= 2);
	CHECK(tk.t[0].tk_pos.sp_line == 2 && tk.t[0].tk_pos.sp_col == 3);
	CHECK(tk.t[1].tk_pos.sp_line == 2 && tk.t[1].tk_pos.sp_col == 9);
	toks_free(&tk);

	/* nothing description-like: an ordinary token */
	CHECK(lex("{ x }", 1, &tk) == 0);
	CHECK(tk.n == 4 && tk.t[0].tk_kind == T_LBRACE &&
	    tk.t[1].tk_kind == T_IDENT);
	toks_free(&tk);
	CHECK(lex("", 1, &tk) == 0);
	CHECK(tk.n == 1 && tk.t[0].tk_kind == T_EOF);
	toks_free(&tk);
}

/* Bytes of the heap in use. */
static size_t
heap_used(void)
{
	struct mallinfo2 mi = mallinfo2();

	return (mi.uordblks);
}

/* Lexing src (which fails) n times leaves the heap as it was. */
static int
error_frees(const char *src)
{
	toks_t tk;
	size_t before, after;

	for (int i = 0; i < 10; i++) {
		(void) lex(src, 0, &tk);
		toks_free(&tk);
	}
	before = heap_used();
	for (int i = 0; i < 1000; i++) {
		if (lex(src, 0, &tk) != -1)
			return (0);
		toks_free(&tk);
	}
	after = heap_used();
	if (after > before + 8000) {
		fprintf(stderr, "  \"%s\": %zu bytes more in use after 1000 "
		    "errors\n", src, after - before);
		return (0);
	}
	return (1);
}

static void
test_no_leaks(void)
{
	/* the lexer frees what it allocated when it reports an error */
	CHECK(error_frees("x \"abc"));
	CHECK(error_frees("x \"a\\xqb\""));
	CHECK(error_frees("x \"a\\xg\""));
	CHECK(error_frees("x '\\xq'"));
	CHECK(error_frees("x 12abc"));
	CHECK(error_frees("x /* abc"));
}

int
main(void)
{
	dtp = open_nodev();
	test_integers();
	test_chars();
	test_strings();
	test_operators();
	test_keywords();
	test_comments_positions();
	test_interpreter_line();
	test_macros();
	test_probedesc();
	test_no_leaks();
	dtrace_close(dtp);

	return (check_done("lex"));
}
