/*
 * Unit tests of D's printf (libdtrace/consume/dt_printf.c): which formats
 * and argument types dt_printf_parse() accepts, with which error tags, and
 * what dt_printf_exec() prints from recorded values.  The argument nodes
 * and the records are built by hand, as the semantic pass and the code
 * generator would lay them out; a few nchecks go through a compiled
 * program.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlang/dt_ast.h"
#include "consume/dt_consume.h"

#include "check.h"

static dtrace_hdl_t *dtp;

/* One printf argument: its type and its recorded value. */
typedef struct arg {
	char a_kind;		/* 'i' integer, 'p' pointer, 's' string */
	int a_size;		/* integer: 1, 2, 4, 8; string: record size */
	int a_signed;		/* integer: signed */
	int64_t a_val;		/* integer or pointer: value as recorded */
	const char *a_str;	/* string */
} arg_t;

#define I32(v)	{ 'i', 4, 1, (int64_t)(v), NULL }
#define U32(v)	{ 'i', 4, 0, (int64_t)(v), NULL }
#define I64(v)	{ 'i', 8, 1, (int64_t)(v), NULL }
#define U64(v)	{ 'i', 8, 0, (int64_t)(v), NULL }
#define I16(v)	{ 'i', 2, 1, (int64_t)(v), NULL }
#define I8(v)	{ 'i', 1, 1, (int64_t)(v), NULL }
#define U8(v)	{ 'i', 1, 0, (int64_t)(v), NULL }
#define PTR(v)	{ 'p', 8, 0, (int64_t)(v), NULL }
#define STR(s)	{ 's', 64, 0, 0, (s) }

static dt_type_t
arg_type(const arg_t *a)
{
	dt_type_t t = { DT_TK_INT, 0, 0, 0 };

	switch (a->a_kind) {
	case 's':
		t.ty_kind = DT_TK_STRING;
		break;
	case 'p':
		t.ty_kind = DT_TK_PTR;
		t.ty_size = 8;
		break;
	default:
		t.ty_size = (uint8_t)a->a_size;
		t.ty_signed = (uint8_t)a->a_signed;
	}
	return (t);
}

/*
 * Parse fmt against the arguments; on success format the values and
 * return what was printed (to free), else NULL with the error on dtp.
 */
static char *
run(const char *fmt, const arg_t *args, int nargs)
{
	dt_node_t *nodes[16] = { NULL }, *head = NULL, **tail = &head;
	dt_datarec_t recs[16];
	char data[2048];
	struct dt_pfprog *pfp;
	uint32_t off = 0;
	char *out = NULL;
	size_t len = 0;
	FILE *fp;
	int err = -1;

	memset(recs, 0, sizeof (recs));
	memset(data, 0x5a, sizeof (data));	/* no NUL by chance */
	for (int i = 0; i < nargs; i++) {
		if ((nodes[i] = calloc(1, sizeof (dt_node_t))) == NULL)
			exit(1);
		nodes[i]->dn_kind = args[i].a_kind == 's' ? DN_STRING : DN_INT;
		nodes[i]->dn_type = arg_type(&args[i]);
		*tail = nodes[i];
		tail = &nodes[i]->dn_list;
	}
	dtp->dt_errtag = NULL;
	dtp->dt_errmsg[0] = '\0';
	pfp = dt_printf_parse(dtp, fmt, head, &err);
	CHECK(err == 0);
	if (pfp != NULL) {
		for (int i = 0; i < nargs; i++) {
			const arg_t *a = &args[i];

			recs[i].dr_kind = DTRACEACT_DIFEXPR;
			recs[i].dr_offset = off;
			recs[i].dr_type = arg_type(a);
			if (a->a_kind == 's') {
				size_t n = strlen(a->a_str);

				recs[i].dr_size = (uint32_t)a->a_size;
				/* copied as bpf_probe_read_str would */
				memcpy(data + off, a->a_str,
				    n < (size_t)a->a_size ? n + 1 :
				    (size_t)a->a_size);
			} else {
				recs[i].dr_size = 8;
				memcpy(data + off, &a->a_val, 8);
			}
			off += (recs[i].dr_size + 7) & ~7U;
		}
		if ((fp = open_memstream(&out, &len)) == NULL)
			exit(1);
		CHECK(dt_printf_exec(dtp, fp, pfp, recs, data) == 0);
		fclose(fp);
		dt_printf_free(pfp);
	}
	for (int i = 0; i < nargs; i++)
		free(nodes[i]);
	return (out);
}

/* printf(fmt, args...) prints want. */
static int
prints(const char *fmt, const char *want, const arg_t *args, int nargs)
{
	char *out = run(fmt, args, nargs);
	int ok = out != NULL && strcmp(out, want) == 0;

	if (!ok)
		fprintf(stderr, "  printf(\"%s\"): \"%s\", wanted \"%s\"%s%s\n",
		    fmt, out != NULL ? out : "(parse failed)", want,
		    out == NULL ? ": " : "", out == NULL ? dtp->dt_errmsg : "");
	free(out);
	return (ok);
}

/* Parsing fmt with these arguments fails with tag and text. */
static int
rejects(const char *fmt, const char *tag, const char *text,
    const arg_t *args, int nargs)
{
	char *out = run(fmt, args, nargs);
	int ok = out == NULL && dtp->dt_errtag != NULL &&
	    strcmp(dtp->dt_errtag, tag) == 0 &&
	    strstr(dtp->dt_errmsg, text) != NULL &&
	    dtrace_errno(dtp) == EDT_COMPILER;

	if (!ok)
		fprintf(stderr, "  printf(\"%s\"): %s, tag %s, \"%s\"; wanted "
		    "%s \"%s\"\n", fmt, out != NULL ? "accepted" : "rejected",
		    dtp->dt_errtag ? dtp->dt_errtag : "(none)", dtp->dt_errmsg,
		    tag, text);
	free(out);
	return (ok);
}

#define NARGS(a)	((int)(sizeof (a) / sizeof ((a)[0])))

#define PRINTS(fmt, want, ...) do {					\
	static const arg_t a_[] = { __VA_ARGS__ };			\
	CHECK(prints(fmt, want, a_, NARGS(a_)));			\
} while (0)

#define PRINTS0(fmt, want)	CHECK(prints(fmt, want, NULL, 0))

#define REJECTS(fmt, tag, text, ...) do {				\
	static const arg_t a_[] = { __VA_ARGS__ };			\
	CHECK(rejects(fmt, tag, text, a_, NARGS(a_)));			\
} while (0)

#define REJECTS0(fmt, tag, text)	CHECK(rejects(fmt, tag, text, NULL, 0))

static void
test_integers(void)
{
	PRINTS("[%5d] [%-5d] [%05d] [%+d] [% d]",
	    "[   42] [42   ] [00042] [+42] [ 42]",
	    I32(42), I32(42), I32(42), I32(42), I32(42));
	PRINTS("%d %i %u", "-5 -5 7", I32(-5), I32(-5), U32(7));
	PRINTS("%5i|", "   -5|", I32(-5));
	/* an integer prints at the width of its type */
	PRINTS("%x", "ffffffff", I32(-1));
	PRINTS("%X %x", "FF ff", I32(255), I32(255));
	PRINTS("%o %#o %#x", "10 010 0xff", I32(8), I32(8), I32(255));
	PRINTS("%u", "4294967295", I32(-1));
	/* %d of an unsigned value: unsigned, as DTrace */
	PRINTS("%d", "4294967295", U32(0xffffffffu));
	PRINTS("%d %hd", "200 200", U8(200), U8(200));
	PRINTS("%x %u %d", "ff 255 -1", I8(-1), I8(-1), I8(-1));
	PRINTS("%u", "200", U8(200));
	PRINTS("%x", "ffffffffffffffff", I64(-1));
	PRINTS("%llu", "18446744073709551615", U64(UINT64_MAX));
	PRINTS("%llx", "ffffffffffffffff", U64(UINT64_MAX));
	/* a plain %d of an unsigned value of any size is DTrace's %u */
	PRINTS("%lld %d", "-1 18446744073709551615", U64(UINT64_MAX),
	    U64(UINT64_MAX));
	PRINTS("%lu", "9223372036854775808", U64(1ULL << 63));
	PRINTS("%ld", "-9223372036854775808", I64(INT64_MIN));
	/* h and hh narrow the value; l widens it */
	PRINTS("%hd", "-1", I16(-1));
	PRINTS("%hd %hu %hx", "-1 65535 ffff", I32(65535), I32(-1), I32(-1));
	PRINTS("%hd", "4660", I32(0x11234));
	PRINTS("%lx", "ffffffffffffffff", I32(-1));
	PRINTS("%ld", "4294967295", U32(0xffffffffu));
	/* precision on integers */
	PRINTS("%.3d|%8.3d|%-8.3x|", "007|     007|00a     |", I32(7), I32(7),
	    I32(10));
	/* integers print from pointers too */
	PRINTS("%d %x", "16 10", PTR(16), PTR(16));
}

static void
test_pointers_chars(void)
{
	PRINTS("%p", "1234", I64(0x1234));
	PRINTS("%p", "ffff800012345678", PTR(0xffff800012345678ULL));
	PRINTS("%p", "0", PTR(0));
	PRINTS("[%10p] [%-6p]", "[      1234] [1234  ]", PTR(0x1234),
	    PTR(0x1234));
	/* an int's %p is its value, unsigned, at its width */
	PRINTS("%p", "ffffffff", I32(-1));

	PRINTS("%c", "A", I32(65));
	PRINTS("[%3c] [%-3c]", "[  A] [A  ]", I32(65), I32(65));
	PRINTS("%c%c%c", "D\tx", I8('D'), I32('\t'), I32('x'));
	/* the low byte only */
	PRINTS("%c", "A", I32(0x141));
}

static void
test_strings(void)
{
	static const arg_t full[] = { { 's', 8, 0, 0, "abcdefgh" }, I32(5) };

	PRINTS("%s", "abcdef", STR("abcdef"));
	PRINTS("%.3s", "abc", STR("abcdef"));
	PRINTS("%.0s|", "|", STR("abcdef"));
	PRINTS("%.10s|", "abcdef|", STR("abcdef"));
	PRINTS("[%8s] [%-8s]", "[  abcdef] [abcdef  ]", STR("abcdef"),
	    STR("abcdef"));
	PRINTS("[%5.2s]", "[   ab]", STR("abcdef"));
	PRINTS("[%s]", "[]", STR(""));
	PRINTS("%s=%d, %s=%d", "a=1, bb=2", STR("a"), I32(1), STR("bb"),
	    I32(2));
	/* a string that fills its record has no NUL: the record ends it */
	CHECK(prints("%s|%d", "abcdefgh|5", full, NARGS(full)));
	CHECK(prints("%.20s|%d", "abcdefgh|5", full, NARGS(full)));
	CHECK(prints("%-10s|%d", "abcdefgh  |5", full, NARGS(full)));
}

static void
test_stars(void)
{
	PRINTS("%*d", "     7", I32(6), I32(7));
	PRINTS("%-*d|", "7   |", I32(4), I32(7));
	PRINTS("%*d|", "7   |", I32(-4), I32(7));
	PRINTS("%.*d", "007", I32(3), I32(7));
	PRINTS("%*.*d|", "   007|", I32(6), I32(3), I32(7));
	PRINTS("%*x|", "  ff|", I32(4), I32(255));
	PRINTS("%*c|", "  A|", I32(3), I32('A'));
	PRINTS("%*s|", "  ab|", I32(4), STR("ab"));
	PRINTS("%-*s|", "ab  |", I32(4), STR("ab"));
	PRINTS("%.*s|", "ab|", I32(2), STR("abcdef"));
	PRINTS("%*.*s|", "   ab|", I32(5), I32(2), STR("abcdef"));
	/* each star takes the next argument, in order */
	PRINTS("%*d %s %*d", "  1 x    2", I32(3), I32(1), STR("x"), I32(4),
	    I32(2));
	/* a width from a 64-bit value */
	PRINTS("%*d|", "   9|", I64(4), I32(9));
	/* widths and precisions from traced values: at most 65535 */
	{
		static const arg_t wide[] = { I32(100000000), I32(7) };
		static const arg_t neg[] = { I32(-100000000), I32(7) };
		static const arg_t prec[] = { I32(0x7fffffff), I32(7) };
		char *out = run("%*d", wide, 2);

		CHECK(out != NULL && strlen(out) == 65535 &&
		    out[65534] == '7' && out[0] == ' ');
		free(out);
		out = run("%*d|", neg, 2);
		CHECK(out != NULL && strlen(out) == 65536 && out[0] == '7' &&
		    out[65535] == '|');
		free(out);
		out = run("%.*d", prec, 2);
		CHECK(out != NULL && strlen(out) == 65535 && out[0] == '0');
		free(out);
	}
}

static void
test_literals(void)
{
	PRINTS0("", "");
	PRINTS0("hello\n", "hello\n");
	PRINTS0("%%", "%");
	PRINTS0("%%%%", "%%");
	PRINTS0("a%%b%%c", "a%b%c");
	PRINTS("100%% %d", "100% 5", I32(5));
	PRINTS("%%%d%%", "%5%", I32(5));
	PRINTS("x=%d!\n", "x=5!\n", I32(5));
	PRINTS("%d%d", "12", I32(1), I32(2));
	PRINTS("<%s>\t<%d>", "<a>\t<3>", STR("a"), I32(3));
}

static void
test_parse_errors(void)
{
	/* %e %E %f %g %G take a float, double or long double only */
	REJECTS("%5.2f", "D_PRINTF_ARG_TYPE", "prototype: float, double or "
	    "long double", I32(1));
	REJECTS("%e", "D_PRINTF_ARG_TYPE", "conversion: %e", I32(1));
	REJECTS("%G", "D_PRINTF_ARG_TYPE", "conversion: %G", PTR(1));
	REJECTS("%g", "D_PRINTF_ARG_TYPE", "argument: string", STR("a"));
	/* a letter that is no conversion, a position: DTrace's D_SYNTAX */
	REJECTS("%q", "D_SYNTAX", "format conversion #1 is undefined: %q",
	    I32(1));
	REJECTS("%d %Q", "D_SYNTAX", "format conversion #2 is undefined: %Q",
	    I32(1));
	/*
	 * a size prefix that DTrace has no conversion of with this letter
	 * (its conversions: h and ll with d i o u x X, l with those and c
	 * s, L with e E f g G, w with c s): D_SYNTAX, the whole name
	 */
	REJECTS("%hhd", "D_SYNTAX", "format conversion #1 is undefined: %hhd",
	    I32(1));
	REJECTS("%lf", "D_SYNTAX", "format conversion #1 is undefined: %lf",
	    I32(1));
	REJECTS("%d %Ld", "D_SYNTAX", "format conversion #2 is undefined: "
	    "%Ld", I32(1), I32(1));
	REJECTS("%hs", "D_SYNTAX", "format conversion #1 is undefined: %hs",
	    STR("a"));
	REJECTS("%lp", "D_SYNTAX", "format conversion #1 is undefined: %lp",
	    I32(1));
	REJECTS("%lld %lls", "D_SYNTAX", "format conversion #2 is undefined: "
	    "%lls", I32(1), STR("a"));
	REJECTS("%1$d", "D_SYNTAX", "format conversion #1 uses unsupported "
	    "positional format (%n$)", I32(1));
	REJECTS("%n", "D_PRINTF_FMT", "%n is not supported", I32(1));
	REJECTS("%65536d", "D_PRINTF_FMT", "a width is larger than 65535",
	    I32(1));
	REJECTS("%.99999999999999999999d", "D_PRINTF_FMT",
	    "a precision is larger than 65535", I32(1));
	{
		static const arg_t one[] = { I32(1) };
		char *out = run("%65535d", one, 1);

		CHECK(out != NULL && strlen(out) == 65535);	/* the limit */
		free(out);
	}
	REJECTS0("abc%", "D_SYNTAX", "ends with an incomplete conversion");
	REJECTS0("%l", "D_SYNTAX", "incomplete conversion");
	REJECTS0("%-5", "D_SYNTAX", "incomplete conversion");
	REJECTS("%d %d", "D_PRINTF_ARG_PROTO",
	    "conversion #2 (%d) is missing a corresponding value argument",
	    I32(1));
	REJECTS0("%s", "D_PRINTF_ARG_PROTO", "conversion #1 (%s) is missing");
	/* the star takes the only argument: none is left for the value */
	REJECTS("%*d", "D_PRINTF_ARG_PROTO", "conversion #1 (%d) is missing",
	    I32(1));
	REJECTS("%d", "D_PRINTF_ARG_EXTRA",
	    "only 1 arguments required by this format string", I32(1), I32(2));
	REJECTS("no conversion", "D_PRINTF_ARG_EXTRA", "only 0 arguments",
	    I32(1));
	REJECTS("%%d", "D_PRINTF_ARG_EXTRA", "only 0 arguments", I32(1));
	REJECTS("%d", "D_PRINTF_ARG_TYPE",
	    "argument #2 is incompatible with conversion #1 prototype",
	    STR("s"));
	REJECTS("%d", "D_PRINTF_ARG_TYPE", "prototype: integer", STR("s"));
	REJECTS("%d", "D_PRINTF_ARG_TYPE", "argument: string", STR("s"));
	REJECTS("%d %s", "D_PRINTF_ARG_TYPE",
	    "argument #3 is incompatible with conversion #2", I32(1), I32(2));
	REJECTS("%s", "D_PRINTF_ARG_TYPE", "prototype: string", PTR(1));
	REJECTS("%p", "D_PRINTF_ARG_TYPE", "prototype: pointer or integer",
	    STR("s"));
	REJECTS("%c", "D_PRINTF_ARG_TYPE", "conversion: %c", STR("s"));
	REJECTS("%x", "D_PRINTF_ARG_TYPE", "conversion: %x", STR("s"));
	/* a star takes an integer, not a pointer */
	REJECTS("%*d", "D_PRINTF_DYN_TYPE", "prototype: int", STR("s"),
	    I32(1));
	REJECTS("%*d", "D_PRINTF_DYN_TYPE", "argument: pointer", PTR(1),
	    I32(1));
	REJECTS("%.*s", "D_PRINTF_DYN_TYPE", "argument #2", STR("s"),
	    STR("t"));
	/* and must be there */
	REJECTS0("%*d", "D_PRINTF_DYN_PROTO", "int argument of its * width");
	REJECTS0("%.*s", "D_PRINTF_DYN_PROTO", "of its * precision");
}

/* Through the compiler: records laid out by dt_sema, formats it accepts. */
static void
test_compiled(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;

	CHECK(dtrace_program_strcompile(h, "BEGIN { printf(\"%d %s %5.2f\\n\", "
	    "1, \"a\", 2); }", DTRACE_PROBESPEC_NAME, 0, 0, NULL) == NULL);
	CHECK(dtrace_errno(h) == EDT_COMPILER);
	CHECK(dtrace_errtag(h) != NULL &&
	    strcmp(dtrace_errtag(h), "D_PRINTF_ARG_TYPE") == 0);

	pgp = dtrace_program_strcompile(h, "BEGIN { printf(\"%d %s|%5.1s|%*d|"
	    "%c %p\\n\", -3, \"abc\", \"xyz\", 4, 7, (char)66, (void *)0xbeef);"
	    " }", DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	CHECK(pgp != NULL);
	if (pgp != NULL) {
		dt_clause_t *dcp = pgp->dp_clauses;
		const dt_datarec_t *r = &dcp->dc_recs[0];
		char *data = calloc(1, dcp->dc_recsize), *out = NULL;
		size_t len = 0;
		int64_t v;
		FILE *fp;

		CHECK(dcp->dc_nrecs == 1);
		CHECK(r->dr_kind == DTRACEACT_PRINTF);
		CHECK(r->dr_pfmt != NULL);
		CHECK(r->dr_nargs == 7);
		CHECK(r->dr_args[0].dr_offset == 0 &&
		    r->dr_args[0].dr_size == 8);
		/* a string: strsize characters and the NUL */
		CHECK(r->dr_args[1].dr_offset == 8 &&
		    r->dr_args[1].dr_size == 257);
		CHECK(r->dr_args[2].dr_offset == 272 &&
		    r->dr_args[2].dr_size == 257);
		CHECK(r->dr_args[3].dr_offset == 536);
		CHECK(r->dr_args[5].dr_type.ty_size == 1 &&
		    r->dr_args[5].dr_type.ty_signed == 1);
		CHECK(r->dr_args[6].dr_type.ty_kind == DT_TK_PTR);
		CHECK(dcp->dc_recsize == 8 + 264 + 264 + 8 * 4);
		if (data != NULL && r->dr_nargs == 7 && r->dr_pfmt != NULL &&
		    dcp->dc_recsize >= 552) {
			v = -3;
			memcpy(data + r->dr_args[0].dr_offset, &v, 8);
			strcpy(data + r->dr_args[1].dr_offset, "abc");
			strcpy(data + r->dr_args[2].dr_offset, "xyz");
			v = 4;
			memcpy(data + r->dr_args[3].dr_offset, &v, 8);
			v = 7;
			memcpy(data + r->dr_args[4].dr_offset, &v, 8);
			v = 66;
			memcpy(data + r->dr_args[5].dr_offset, &v, 8);
			v = 0xbeef;
			memcpy(data + r->dr_args[6].dr_offset, &v, 8);
			fp = open_memstream(&out, &len);
			CHECK(fp != NULL);
			if (fp != NULL) {
				CHECK(dt_printf_exec(h, fp, r->dr_pfmt,
				    r->dr_args, data) == 0);
				fclose(fp);
				CHECK(out != NULL && strcmp(out,
				    "-3 abc|    x|   7|B beef\n") == 0);
				if (out != NULL && strcmp(out,
				    "-3 abc|    x|   7|B beef\n") != 0)
					fprintf(stderr, "  got \"%s\"\n", out);
				free(out);
			}
		}
		free(data);
	}
	dtrace_close(h);
}

int
main(void)
{
	dtp = open_nodev();
	test_integers();
	test_pointers_chars();
	test_strings();
	test_stars();
	test_literals();
	test_parse_errors();
	test_compiled();
	dtrace_close(dtp);

	return (check_done("printf"));
}
