/*
 * compile.c: how long the compiler takes on a large D script, and whether
 * the time grows linearly with its size.  Run by bench/run (or
 * build/bench/compile [RUNS]); needs no tracefs and no root.
 *
 * The script is generated: clauses on BEGIN, END and tick-1s, with
 * predicates, integer arithmetic, global variables of both types, string
 * comparisons and printf()s.  Each measure is the median of RUNS
 * compilations (default 10), each on a fresh handle opened with
 * DTRACE_O_NODEV (parse, semantic pass and code generation; no program is
 * loaded); the handle's open and close are not timed.  Target: a
 * 2,000-line script in under 50 ms.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dtrace.h>

#include "bench.h"

#define TARGET_MS	50.0
#define NINTS		40	/* integer globals a0 .. */
#define NSTRS		10	/* string globals s0 .. */

typedef struct buf {
	char *b_data;		/* the text */
	size_t b_len;		/* its length */
	size_t b_cap;		/* bytes allocated */
	int b_lines;		/* lines written */
} buf_t;

static void __attribute__((format(printf, 2, 3)))
put(buf_t *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->b_data + b->b_len, b->b_cap - b->b_len, fmt,
		    ap);
		va_end(ap);
		if (n >= 0 && b->b_len + (size_t)n < b->b_cap)
			break;
		b->b_cap = b->b_cap * 2 + (size_t)n + 4096;
		if ((b->b_data = realloc(b->b_data, b->b_cap)) == NULL) {
			perror("realloc");
			exit(1);
		}
	}
	for (int i = 0; i < n; i++)
		b->b_lines += b->b_data[b->b_len + i] == '\n';
	b->b_len += (size_t)n;
}

/*
 * A script of about `lines` lines (never fewer): a first clause declares
 * the globals, then clauses of 10 lines each, in turn on BEGIN, END and
 * tick-1s, each with a predicate and a different mix of statements.
 */
static char *
script(int lines, int *nlines)
{
	static const char *const probes[] = { "BEGIN", "END", "tick-1s" };
	buf_t b = { NULL, 0, 0, 0 };

	put(&b, "#pragma D option quiet\n\nBEGIN\n{\n");
	for (int i = 0; i < NINTS; i++)
		put(&b, "\ta%d = %d;\n", i, i);
	for (int i = 0; i < NSTRS; i++)
		put(&b, "\ts%d = \"string %d\";\n", i, i);
	put(&b, "}\n");
	for (int c = 0; b.b_lines < lines; c++) {
		int i = c % NINTS, j = (c * 7 + 3) % NINTS, s = c % NSTRS;

		put(&b, "\n%s\n/a%d >= %d && s%d != \"none\"/\n{\n",
		    probes[c % 3], j, c % 100, s);
		put(&b, "\ta%d = a%d * %d + (a%d >> 2) - %d;\n", i, j, c % 13 + 1,
		    i, c);
		put(&b, "\ta%d += a%d %% %d == 0 ? 1 : -1;\n", j, i, c % 7 + 2);
		put(&b, "\ts%d = a%d > a%d ? \"greater %d\" : \"smaller\";\n",
		    s, i, j, c);
		put(&b, "\tprintf(\"%d: %%d %%s %%d\\n\", a%d, s%d, s%d == "
		    "\"greater %d\");\n", c, i, s, s, c);
		put(&b, "\ta%d = (a%d & 0xff) | (a%d ^ %d) << 1;\n", (i + 1) %
		    NINTS, i, j, c);
		put(&b, "}\n");
	}
	*nlines = b.b_lines;
	return (b.b_data);
}

/* Median milliseconds of runs compilations of src, each on a new handle. */
static double
median_compile(const char *src, int runs)
{
	double *t = calloc((size_t)runs, sizeof (double)), m;

	if (t == NULL)
		exit(1);
	for (int r = 0; r < runs; r++) {
		int err;
		dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV,
		    &err);
		double t0;

		if (dtp == NULL) {
			fprintf(stderr, "dtrace_open: %s\n",
			    dtrace_errmsg(NULL, err));
			exit(1);
		}
		t0 = now_ms();
		if (dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME,
		    0, 0, NULL) == NULL) {
			fprintf(stderr, "compile: %s\n", dtrace_errmsg(dtp,
			    dtrace_errno(dtp)));
			exit(1);
		}
		t[r] = now_ms() - t0;
		dtrace_close(dtp);
	}
	qsort(t, (size_t)runs, sizeof (double), cmp_double);
	m = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
	free(t);
	return (m);
}

int
main(int argc, char **argv)
{
	static const int sizes[] = { 500, 1000, 2000 };
	int runs = argc > 1 ? atoi(argv[1]) : 10;
	double ms[3];

	if (runs < 1)
		runs = 1;
	printf("compile, median of %d runs (DTRACE_O_NODEV, fresh handle "
	    "each)\n", runs);
	for (int i = 0; i < 3; i++) {
		int n;
		char *src = script(sizes[i], &n);

		(void) median_compile(src, 1);		/* warm up */
		ms[i] = median_compile(src, runs);
		printf("  %5d lines (%7zu bytes)  %8.2f ms  %6.2f us/line\n",
		    n, strlen(src), ms[i], ms[i] * 1000 / n);
		free(src);
	}
	printf("  growth: 1000/500 lines x%.2f, 2000/1000 lines x%.2f "
	    "(linear: x2)\n", ms[1] / ms[0], ms[2] / ms[1]);
	printf("  2000 lines in %.2f ms, target < %.0f ms: %s\n", ms[2],
	    TARGET_MS, ms[2] < TARGET_MS ? "met" : "NOT MET");
	return (0);
}
