/*
 * Unit tests of the D parser and semantic pass, through
 * dtrace_program_strcompile() on a handle that never touches the kernel:
 * the shape of the AST (precedence, associativity, casts, sizeof,
 * predicates, descriptions, pragmas, macros) and the errors, with their
 * tags and messages.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlang/dt_ast.h"

#include "check.h"

static dtrace_prog_t *
compile_argv(dtrace_hdl_t *h, const char *src, int argc, char *const argv[])
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, 0, argc, argv);

	if (pgp == NULL)
		fprintf(stderr, "  compiling \"%s\" failed: [%s] %s\n", src,
		    dtrace_errtag(h) ? dtrace_errtag(h) : "-",
		    dtrace_errmsg(h, dtrace_errno(h)));
	return (pgp);
}

static dtrace_prog_t *
compile(dtrace_hdl_t *h, const char *src)
{
	return (compile_argv(h, src, 0, NULL));
}

/* The expression of the n-th statement (from 0) of the first clause. */
static dt_node_t *
stmt_expr(dtrace_prog_t *pgp, int n)
{
	dt_node_t *s;

	if (pgp == NULL || pgp->dp_clauses == NULL)
		return (NULL);
	for (s = pgp->dp_clauses->dc_body; s != NULL && n > 0; s = s->dn_list)
		n--;
	if (s == NULL || s->dn_kind != DN_EXPRSTMT)
		return (NULL);
	return (s->dn_left);
}

/* The argument of trace() in the n-th statement of the first clause. */
static dt_node_t *
trace_arg(dtrace_prog_t *pgp, int n)
{
	dt_node_t *e = stmt_expr(pgp, n);

	if (e == NULL || e->dn_kind != DN_CALL || e->dn_str == NULL ||
	    strcmp(e->dn_str, "trace") != 0)
		return (NULL);
	return (e->dn_args);
}

static int
is_node(const dt_node_t *dnp, dt_nkind_t kind, dt_tok_t op)
{
	return (dnp != NULL && dnp->dn_kind == kind && dnp->dn_op == op);
}

static int
is_int(const dt_node_t *dnp, int64_t v)
{
	return (dnp != NULL && dnp->dn_kind == DN_INT && dnp->dn_value == v);
}

static int
is_var(const dt_node_t *dnp, const char *name)
{
	return (dnp != NULL && dnp->dn_kind == DN_VAR && dnp->dn_str != NULL &&
	    strcmp(dnp->dn_str, name) == 0);
}

static int
type_is(const dt_node_t *dnp, int kind, int size, int sign)
{
	return (dnp != NULL && dnp->dn_type.ty_kind == kind &&
	    dnp->dn_type.ty_size == size && dnp->dn_type.ty_signed == sign);
}

/*
 * Compiling src on a fresh handle fails with tag, and the message contains
 * text.
 */
static int
fails_argv(const char *src, const char *tag, const char *text, int argc,
    char *const argv[])
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, 0, argc, argv);
	const char *t = dtrace_errtag(h);
	const char *where = dtrace_errwhere(h);
	char m[8192];		/* the message, then where it is */
	int ok;

	snprintf(m, sizeof (m), "%s\n%s", dtrace_errmsg(h, dtrace_errno(h)),
	    where != NULL ? where : "(no position)");
	ok = pgp == NULL && dtrace_errno(h) == EDT_COMPILER && t != NULL &&
	    strcmp(t, tag) == 0 && strstr(m, text) != NULL;

	if (!ok)
		fprintf(stderr, "  \"%s\": %s, tag %s, message \"%s\"; wanted "
		    "%s \"%s\"\n", src, pgp != NULL ? "compiled" : "failed",
		    t != NULL ? t : "(none)", m, tag, text);
	dtrace_close(h);
	return (ok);
}

static int
fails(const char *src, const char *tag, const char *text)
{
	return (fails_argv(src, tag, text, 0, NULL));
}

/* The first line of the error message of compiling src. */
static int
first_line_is(const char *src, const char *want)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	const char *m = dtrace_errmsg(h, dtrace_errno(h));
	size_t n = strcspn(m, "\n");
	int ok = pgp == NULL && n == strlen(want) && strncmp(m, want, n) == 0;

	if (!ok)
		fprintf(stderr, "  \"%s\": message \"%s\", wanted first line "
		    "\"%s\"\n", src, m, want);
	dtrace_close(h);
	return (ok);
}

static void
test_precedence(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	dt_node_t *e;

	pgp = compile(h, "BEGIN { trace(1 + 2 * 3); trace(1 * 2 + 3); "
	    "trace(10 - 3 - 2); trace(1 << 2 + 3); trace(1 < 2 == 3 > 4); "
	    "trace(1 | 2 ^ 3 & 4); trace((1 + 2) * 3); trace(-1 - -2); "
	    "trace(!1 + ~2); }");
	CHECK(pgp != NULL);

	/* 1 + 2 * 3: + at the top, * on the right */
	e = trace_arg(pgp, 0);
	CHECK(is_node(e, DN_BINARY, T_PLUS));
	CHECK(e != NULL && is_int(e->dn_left, 1));
	CHECK(e != NULL && is_node(e->dn_right, DN_BINARY, T_STAR));
	CHECK(e != NULL && e->dn_right != NULL &&
	    is_int(e->dn_right->dn_left, 2) && is_int(e->dn_right->dn_right, 3));

	/* 1 * 2 + 3: + at the top, * on the left */
	e = trace_arg(pgp, 1);
	CHECK(is_node(e, DN_BINARY, T_PLUS));
	CHECK(e != NULL && is_node(e->dn_left, DN_BINARY, T_STAR));
	CHECK(e != NULL && is_int(e->dn_right, 3));

	/* 10 - 3 - 2 is (10 - 3) - 2 */
	e = trace_arg(pgp, 2);
	CHECK(is_node(e, DN_BINARY, T_MINUS));
	CHECK(e != NULL && is_node(e->dn_left, DN_BINARY, T_MINUS));
	CHECK(e != NULL && is_int(e->dn_right, 2));
	CHECK(e != NULL && e->dn_left != NULL &&
	    is_int(e->dn_left->dn_left, 10));

	/* 1 << 2 + 3 is 1 << (2 + 3) */
	e = trace_arg(pgp, 3);
	CHECK(is_node(e, DN_BINARY, T_LSH));
	CHECK(e != NULL && is_node(e->dn_right, DN_BINARY, T_PLUS));

	/* 1 < 2 == 3 > 4 is (1 < 2) == (3 > 4) */
	e = trace_arg(pgp, 4);
	CHECK(is_node(e, DN_BINARY, T_EQ));
	CHECK(e != NULL && is_node(e->dn_left, DN_BINARY, T_LT));
	CHECK(e != NULL && is_node(e->dn_right, DN_BINARY, T_GT));
	CHECK(type_is(e, DT_TK_INT, 4, 1));

	/* 1 | 2 ^ 3 & 4 is 1 | (2 ^ (3 & 4)) */
	e = trace_arg(pgp, 5);
	CHECK(is_node(e, DN_BINARY, T_OR));
	CHECK(e != NULL && is_node(e->dn_right, DN_BINARY, T_XOR));
	CHECK(e != NULL && e->dn_right != NULL &&
	    is_node(e->dn_right->dn_right, DN_BINARY, T_AND));

	/* parentheses */
	e = trace_arg(pgp, 6);
	CHECK(is_node(e, DN_BINARY, T_STAR));
	CHECK(e != NULL && is_node(e->dn_left, DN_BINARY, T_PLUS));

	/*
	 * unary operators bind tighter than binary ones; a negated
	 * constant is folded into a constant
	 */
	e = trace_arg(pgp, 7);
	CHECK(is_node(e, DN_BINARY, T_MINUS));
	CHECK(e != NULL && is_int(e->dn_left, -1));
	CHECK(e != NULL && is_int(e->dn_right, -2));
	e = trace_arg(pgp, 8);
	CHECK(is_node(e, DN_BINARY, T_PLUS));
	CHECK(e != NULL && is_node(e->dn_left, DN_UNARY, T_LNOT));
	CHECK(e != NULL && is_node(e->dn_right, DN_UNARY, T_NOT));

	/* logical operators: || below ^^ below && */
	pgp = compile(h, "BEGIN { a = 1; b = 2; c = 3; d = 4; "
	    "trace(a || b ^^ c && d); trace(a && b || c); "
	    "trace(a ^^ b ^^ c); }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 4);
	CHECK(is_node(e, DN_LOGICAL, T_LOR));
	CHECK(e != NULL && is_var(e->dn_left, "a"));
	CHECK(e != NULL && is_node(e->dn_right, DN_LOGICAL, T_LXOR));
	CHECK(e != NULL && e->dn_right != NULL &&
	    is_var(e->dn_right->dn_left, "b"));
	CHECK(e != NULL && e->dn_right != NULL &&
	    is_node(e->dn_right->dn_right, DN_LOGICAL, T_LAND));
	CHECK(e != NULL && e->dn_right != NULL &&
	    e->dn_right->dn_right != NULL &&
	    is_var(e->dn_right->dn_right->dn_left, "c") &&
	    is_var(e->dn_right->dn_right->dn_right, "d"));
	CHECK(type_is(e, DT_TK_INT, 4, 1));
	e = trace_arg(pgp, 5);
	CHECK(is_node(e, DN_LOGICAL, T_LOR));
	CHECK(e != NULL && is_node(e->dn_left, DN_LOGICAL, T_LAND));
	e = trace_arg(pgp, 6);
	CHECK(is_node(e, DN_LOGICAL, T_LXOR));
	CHECK(e != NULL && is_node(e->dn_left, DN_LOGICAL, T_LXOR));
	CHECK(e != NULL && is_var(e->dn_right, "c"));

	dtrace_close(h);
}

static void
test_assoc(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	dt_node_t *e;

	/* ?: is right-associative and below || */
	pgp = compile(h, "BEGIN { a = 1; trace(a ? 1 : a ? 2 : 3); "
	    "trace(a || a ? 4 : 5); x = y = 5; x += y -= 1; "
	    "z = 1, 2; }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 1);
	CHECK(e != NULL && e->dn_kind == DN_TERNARY);
	CHECK(e != NULL && is_var(e->dn_cond, "a"));
	CHECK(e != NULL && is_int(e->dn_left, 1));
	CHECK(e != NULL && e->dn_right != NULL &&
	    e->dn_right->dn_kind == DN_TERNARY &&
	    is_int(e->dn_right->dn_left, 2) &&
	    is_int(e->dn_right->dn_right, 3));
	e = trace_arg(pgp, 2);
	CHECK(e != NULL && e->dn_kind == DN_TERNARY &&
	    is_node(e->dn_cond, DN_LOGICAL, T_LOR));

	/* x = y = 5 is x = (y = 5) */
	e = stmt_expr(pgp, 3);
	CHECK(is_node(e, DN_ASSIGN, T_ASSIGN));
	CHECK(e != NULL && is_var(e->dn_left, "x"));
	CHECK(e != NULL && is_node(e->dn_right, DN_ASSIGN, T_ASSIGN));
	CHECK(e != NULL && e->dn_right != NULL &&
	    is_var(e->dn_right->dn_left, "y") &&
	    is_int(e->dn_right->dn_right, 5));
	/* the first assignment gives the type: int */
	CHECK(e != NULL && type_is(e->dn_left, DT_TK_INT, 4, 1));

	e = stmt_expr(pgp, 4);
	CHECK(is_node(e, DN_ASSIGN, T_ADD_EQ));
	CHECK(e != NULL && is_node(e->dn_right, DN_ASSIGN, T_SUB_EQ));

	/* the comma operator is below assignment */
	e = stmt_expr(pgp, 5);
	CHECK(e != NULL && e->dn_kind == DN_COMMA);
	CHECK(e != NULL && is_node(e->dn_left, DN_ASSIGN, T_ASSIGN));
	CHECK(e != NULL && is_int(e->dn_right, 2));

	/* pre- and post-increment */
	pgp = compile(h, "BEGIN { i = 0; i++; --i; }");
	CHECK(pgp != NULL);
	e = stmt_expr(pgp, 1);
	CHECK(is_node(e, DN_INCDEC, T_INC) && e->dn_post);
	e = stmt_expr(pgp, 2);
	CHECK(is_node(e, DN_INCDEC, T_DEC) && !e->dn_post);
	CHECK(e != NULL && is_var(e->dn_left, "i"));

	dtrace_close(h);
}

static void
test_casts_sizeof(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	dt_node_t *e;

	pgp = compile(h, "BEGIN { x = 300; trace((char)x); "
	    "trace((unsigned long)x); trace((short)x + 1); "
	    "trace((unsigned char)x); trace((long long int)x); "
	    "trace((void *)x); trace((signed)x); }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 1);
	CHECK(e != NULL && e->dn_kind == DN_CAST);
	CHECK(type_is(e, DT_TK_INT, 1, 1));
	CHECK(e != NULL && is_var(e->dn_left, "x"));
	e = trace_arg(pgp, 2);
	CHECK(e != NULL && e->dn_kind == DN_CAST && type_is(e, DT_TK_INT, 8, 0));
	/* a cast binds tighter than + */
	e = trace_arg(pgp, 3);
	CHECK(is_node(e, DN_BINARY, T_PLUS));
	CHECK(e != NULL && e->dn_left != NULL &&
	    e->dn_left->dn_kind == DN_CAST &&
	    type_is(e->dn_left, DT_TK_INT, 2, 1));
	/* short + int is int */
	CHECK(type_is(e, DT_TK_INT, 4, 1));
	e = trace_arg(pgp, 4);
	CHECK(e != NULL && e->dn_kind == DN_CAST && type_is(e, DT_TK_INT, 1, 0));
	e = trace_arg(pgp, 5);
	CHECK(e != NULL && e->dn_kind == DN_CAST && type_is(e, DT_TK_INT, 8, 1));
	e = trace_arg(pgp, 6);
	CHECK(e != NULL && e->dn_kind == DN_CAST && type_is(e, DT_TK_PTR, 8, 0));
	e = trace_arg(pgp, 7);
	CHECK(e != NULL && e->dn_kind == DN_CAST && type_is(e, DT_TK_INT, 4, 1));

	/* sizeof of a type or an expression: a constant after sema */
	pgp = compile(h, "BEGIN { c = (char)1; trace(sizeof (int)); "
	    "trace(sizeof (char)); trace(sizeof (long)); "
	    "trace(sizeof (string)); trace(sizeof c); trace(sizeof (c + c)); "
	    "trace(sizeof execname); trace(sizeof (short) * 2); }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 1);
	CHECK(is_int(e, 4));
	CHECK(type_is(e, DT_TK_INT, 8, 0));	/* size_t */
	CHECK(is_int(trace_arg(pgp, 2), 1));
	CHECK(is_int(trace_arg(pgp, 3), 8));
	CHECK(is_int(trace_arg(pgp, 4), 256));
	/* c takes the type of its first value, char, and char + char is a
	   char (DTrace promotes nothing to int) */
	CHECK(is_int(trace_arg(pgp, 5), 1));
	CHECK(is_int(trace_arg(pgp, 6), 1));
	CHECK(is_int(trace_arg(pgp, 7), 256));
	e = trace_arg(pgp, 8);
	CHECK(is_node(e, DN_BINARY, T_STAR));
	CHECK(e != NULL && is_int(e->dn_left, 2));

	/* string * is a pointer to strsize chars, as DTrace's string is */
	pgp = compile(h, "BEGIN { trace(sizeof (string *)); "
	    "trace(sizeof (string **)); trace((string *)0); }");
	CHECK(pgp != NULL);
	CHECK(is_int(trace_arg(pgp, 0), 8));
	CHECK(is_int(trace_arg(pgp, 1), 8));
	e = trace_arg(pgp, 2);
	CHECK(e != NULL && e->dn_kind == DN_CAST && type_is(e, DT_TK_PTR, 8, 0));

	dtrace_close(h);
}

static void
test_pointers(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	dt_node_t *e;

	pgp = compile(h, "BEGIN { trace(*(char *)arg0); "
	    "trace(*(unsigned short *)arg0); trace(*(long *)arg0); "
	    "trace(*(unsigned long *)arg0); trace(*(int *)arg0); "
	    "trace((int *)arg0 + 1); }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 0);
	CHECK(is_node(e, DN_UNARY, T_STAR));
	CHECK(type_is(e, DT_TK_INT, 1, 1));
	CHECK(e != NULL && e->dn_left != NULL &&
	    e->dn_left->dn_kind == DN_CAST &&
	    type_is(e->dn_left, DT_TK_PTR, 8, 0) &&
	    e->dn_left->dn_type.ty_psize == 1 &&
	    e->dn_left->dn_type.ty_psigned == 1);
	CHECK(type_is(trace_arg(pgp, 1), DT_TK_INT, 2, 0));
	CHECK(type_is(trace_arg(pgp, 2), DT_TK_INT, 8, 1));
	CHECK(type_is(trace_arg(pgp, 3), DT_TK_INT, 8, 0));
	CHECK(type_is(trace_arg(pgp, 4), DT_TK_INT, 4, 1));
	e = trace_arg(pgp, 5);
	CHECK(is_node(e, DN_BINARY, T_PLUS));
	CHECK(e != NULL && e->dn_type.ty_kind == DT_TK_PTR);
	/* a dereference can fault */
	CHECK(pgp != NULL && pgp->dp_clauses->dc_faults);

	/* int ** points to a pointer: one * gives an int * back */
	pgp = compile(h, "BEGIN { trace(*(int **)arg0); }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 0);
	CHECK(is_node(e, DN_UNARY, T_STAR));
	CHECK(e != NULL && e->dn_type.ty_kind == DT_TK_PTR &&
	    e->dn_type.ty_psize == 4 && e->dn_type.ty_psigned == 1);
	pgp = compile(h, "BEGIN { trace(**(int **)arg0); }");
	CHECK(pgp != NULL);
	e = trace_arg(pgp, 0);
	CHECK(is_node(e, DN_UNARY, T_STAR) && type_is(e, DT_TK_INT, 4, 1));
	CHECK(e != NULL && is_node(e->dn_left, DN_UNARY, T_STAR));
	dtrace_close(h);

	CHECK(fails("BEGIN { x = 1; trace(*x); }", "D_DEREF_NONPTR",
	    "operator * requires an operand of pointer type"));
	CHECK(fails("BEGIN { trace(*(void *)arg0); }", "D_DEREF_VOID",
	    "cannot dereference a pointer to void"));
	CHECK(fails("BEGIN { trace((int *)arg0 + (int *)arg1); }",
	    "D_OP_INCOMPAT", "incompatible types"));
}

static void
test_constants(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;

	pgp = compile(h, "BEGIN { trace(2147483647); trace(2147483648); "
	    "trace(0xffffffff); trace(4294967296); trace(1u); trace(1l); "
	    "trace(1ul); trace('A'); trace(\"str\"); }");
	CHECK(pgp != NULL);
	CHECK(type_is(trace_arg(pgp, 0), DT_TK_INT, 4, 1));
	/* a decimal constant too big for int is long */
	CHECK(type_is(trace_arg(pgp, 1), DT_TK_INT, 8, 1));
	/* a hex one that fits unsigned int is unsigned int */
	CHECK(type_is(trace_arg(pgp, 2), DT_TK_INT, 4, 0));
	CHECK(type_is(trace_arg(pgp, 3), DT_TK_INT, 8, 1));
	CHECK(type_is(trace_arg(pgp, 4), DT_TK_INT, 4, 0));
	CHECK(type_is(trace_arg(pgp, 5), DT_TK_INT, 8, 1));
	CHECK(type_is(trace_arg(pgp, 6), DT_TK_INT, 8, 0));
	CHECK(is_int(trace_arg(pgp, 7), 65));
	CHECK(trace_arg(pgp, 8) != NULL &&
	    trace_arg(pgp, 8)->dn_kind == DN_STRING &&
	    strcmp(trace_arg(pgp, 8)->dn_str, "str") == 0 &&
	    trace_arg(pgp, 8)->dn_type.ty_kind == DT_TK_STRING);
	/* each trace() records 8 bytes, a string strsize + 1 (to 8) */
	CHECK(pgp != NULL && pgp->dp_clauses->dc_nrecs == 9);
	CHECK(pgp != NULL && pgp->dp_clauses->dc_recsize == 8 * 8 + 264);
	dtrace_close(h);
}

static void
test_predicates(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	dt_node_t *e;

	pgp = compile(h, "BEGIN { x = 2; } BEGIN /x / 2 == 1/ { trace(x); } "
	    "END /x/{ trace(x / 2); } END /(x / 2) == 1 / {} "
	    "BEGIN / x ? 1 : 0 / { }");
	CHECK(pgp != NULL);
	CHECK(pgp != NULL && pgp->dp_nclauses == 5);
	if (pgp != NULL && pgp->dp_nclauses == 5) {
		dt_clause_t *c1 = pgp->dp_clauses->dc_next;
		dt_clause_t *c2 = c1->dc_next, *c3 = c2->dc_next;
		dt_clause_t *c4 = c3->dc_next;

		CHECK(pgp->dp_clauses->dc_pred == NULL);
		e = c1->dc_pred;
		CHECK(is_node(e, DN_BINARY, T_EQ));
		CHECK(e != NULL && is_node(e->dn_left, DN_BINARY, T_SLASH));
		CHECK(e != NULL && e->dn_left != NULL &&
		    is_var(e->dn_left->dn_left, "x") &&
		    is_int(e->dn_left->dn_right, 2));
		CHECK(e != NULL && is_int(e->dn_right, 1));
		CHECK(c1->dc_body != NULL && c1->dc_body->dn_list == NULL);
		CHECK(c1->dc_faults);		/* x / 2 can divide by 0 */

		CHECK(is_var(c2->dc_pred, "x"));
		CHECK(c2->dc_descs[0].prb[0] != '\0' &&
		    strcmp(c2->dc_descs[0].prb, "END") == 0);
		e = c3->dc_pred;
		CHECK(is_node(e, DN_BINARY, T_EQ));
		CHECK(c3->dc_body == NULL);
		CHECK(c3->dc_records);	/* an empty body: default action */
		CHECK(c4->dc_pred != NULL && c4->dc_pred->dn_kind == DN_TERNARY);
	}

	/* a description alone, or with a predicate but no body */
	pgp = compile(h, "BEGIN");
	CHECK(pgp != NULL && pgp->dp_nclauses == 1 &&
	    pgp->dp_clauses->dc_body == NULL && pgp->dp_clauses->dc_records);
	dtrace_close(h);
}

static void
test_descriptions(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;
	dt_clause_t *c;

	pgp = compile(h, "BEGIN, END { trace(1); }\n"
	    "dtrace:::BEGIN,tick-1s,\n  profile-97\n{ }\n"
	    "ERROR{}");
	CHECK(pgp != NULL);
	CHECK(pgp != NULL && pgp->dp_nclauses == 3);
	if (pgp == NULL || pgp->dp_nclauses != 3) {
		dtrace_close(h);
		return;
	}
	c = pgp->dp_clauses;
	CHECK(c->dc_ndescs == 2);
	CHECK(strcmp(c->dc_descs[0].prb, "BEGIN") == 0 &&
	    c->dc_descs[0].prv[0] == '\0');
	CHECK(strcmp(c->dc_descs[1].prb, "END") == 0);
	CHECK(strcmp(c->dc_desctext[1], "END") == 0);
	CHECK(c->dc_descpos[0].sp_line == 1 && c->dc_descpos[0].sp_col == 1);
	CHECK(c->dc_descpos[1].sp_line == 1 && c->dc_descpos[1].sp_col == 8);
	c = c->dc_next;
	CHECK(c->dc_ndescs == 3);
	CHECK(strcmp(c->dc_descs[0].prv, "dtrace") == 0 &&
	    strcmp(c->dc_descs[0].prb, "BEGIN") == 0);
	CHECK(strcmp(c->dc_descs[1].prb, "tick-1s") == 0);
	CHECK(strcmp(c->dc_descs[2].prb, "profile-97") == 0);
	CHECK(strcmp(c->dc_desctext[0], "dtrace:::BEGIN") == 0);
	CHECK(c->dc_descpos[2].sp_line == 3 && c->dc_descpos[2].sp_col == 3);
	c = c->dc_next;
	CHECK(c->dc_ndescs == 1 && strcmp(c->dc_descs[0].prb, "ERROR") == 0);

	/* ';' between clauses, comments, and an interpreter line */
	pgp = compile(h, "#!/usr/sbin/dtrace -s\n/* c */ BEGIN {} ; END {}\n"
	    "// the end\n");
	CHECK(pgp != NULL && pgp->dp_nclauses == 2);

	/* the body: statements with and without ';' */
	pgp = compile(h, "BEGIN { ; trace(1); ; trace(2) }");
	CHECK(pgp != NULL && stmt_expr(pgp, 1) != NULL &&
	    stmt_expr(pgp, 2) == NULL);
	dtrace_close(h);
}

static void
test_pragmas(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_optval_t v = -1;

	CHECK(dtrace_getopt(h, "quiet", &v) == 0 && v == 0);
	CHECK(compile(h, "#pragma D option quiet\nBEGIN { trace(1); }") !=
	    NULL);
	CHECK(dtrace_getopt(h, "quiet", &v) == 0 && v == 1);
	dtrace_close(h);

	h = open_nodev();
	CHECK(compile(h, "#pragma D option strsize=512\n"
	    "#pragma D option bufsize=1m\n"
	    "#pragma ident \"not ours\"\n"
	    "BEGIN { trace(sizeof (string)); }") != NULL);
	CHECK(dtrace_getopt(h, "strsize", &v) == 0 && v == 512);
	CHECK(dtrace_getopt(h, "bufsize", &v) == 0 && v == 1 << 20);
	dtrace_close(h);

	CHECK(fails("#pragma D option nosuchoption\nBEGIN {}",
	    "D_PRAGMA_OPTSET", "failed to set option 'nosuchoption'"));
	CHECK(fails("#pragma D option strsize=1\nBEGIN {}",
	    "D_PRAGMA_OPTSET", "failed to set option 'strsize' to '1'"));
	/* the option's own message follows */
	CHECK(fails("#pragma D option strsize=1\nBEGIN {}",
	    "D_PRAGMA_OPTSET", "1': Invalid value for specified option"));
	CHECK(fails("#pragma D option quiet=maybe\nBEGIN {}",
	    "D_PRAGMA_OPTSET", "quiet' to 'maybe': Invalid value for specified "
	    "option"));
	/* DTrace's words for these */
	CHECK(fails("#pragma D frobnicate\nBEGIN {}", "D_PRAGMA_INVAL",
	    "invalid D pragma: frobnicate"));
	CHECK(fails("#pragma D option\nBEGIN {}", "D_PRAGMA_MALFORM",
	    "malformed #pragma option <option>=<val>"));
	CHECK(fails("#pragma D option quiet flowindent\nBEGIN {}",
	    "D_PRAGMA_MALFORM", "superfluous arguments specified for #pragma "
	    "option"));
	/* #pragma D alone is nothing, as in DTrace */
	h = open_nodev();
	CHECK(compile(h, "#pragma D\nBEGIN {}") != NULL);
	dtrace_close(h);

	/*
	 * A #pragma D of more than 511 bytes after "#pragma" was cut
	 * silently: an option's value lost its end.  It is an error where
	 * it starts; 511 bytes are taken, as is a longer pragma that is
	 * not ours.
	 */
	{
		char src[1200], val[600];

		memset(val, '9', sizeof (val));
		snprintf(src, sizeof (src), "BEGIN {}\n#pragma D option "
		    "strsize=%.*s\nBEGIN {}", 600, val);
		CHECK(fails(src, "D_PRAGMA_MALFORM", "#pragma D too long: 618 "
		    "bytes after #pragma, at most 511"));
		CHECK(fails(src, "D_PRAGMA_MALFORM", "at <command line>:2:"));
		/* 511 bytes after #pragma: strsize=00...01, whose value is 1 */
		memset(val, '0', 511 - 19);
		snprintf(src, sizeof (src), "#pragma D option strsize=%.*s1"
		    "\nBEGIN {}", 511 - 19, val);
		CHECK(fails(src, "D_PRAGMA_OPTSET", "'strsize' to '0"));
		memset(val, '9', sizeof (val));
		snprintf(src, sizeof (src), "#pragma ident \"%.*s\"\n"
		    "BEGIN {}", 600, val);
		h = open_nodev();
		CHECK(compile(h, src) != NULL);
		dtrace_close(h);
	}
}

static void
test_macros(void)
{
	dtrace_hdl_t *h = open_nodev();
	char *argv[] = { "prog", "42", "BEGIN", "-7", "abc" };
	dtrace_prog_t *pgp;
	dt_node_t *e;

	pgp = compile_argv(h, "$2 { trace($1 + 1); trace($$1); trace($3); "
	    "trace($target); trace($$4); }", 5, argv);
	CHECK(pgp != NULL);
	CHECK(pgp != NULL && strcmp(pgp->dp_clauses->dc_descs[0].prb,
	    "BEGIN") == 0);
	e = trace_arg(pgp, 0);
	CHECK(is_node(e, DN_BINARY, T_PLUS));
	CHECK(e != NULL && is_int(e->dn_left, 42));
	e = trace_arg(pgp, 1);
	CHECK(e != NULL && e->dn_kind == DN_STRING &&
	    strcmp(e->dn_str, "42") == 0);
	/* a negative macro argument is a signed int */
	CHECK(is_int(trace_arg(pgp, 2), -7));
	CHECK(type_is(trace_arg(pgp, 2), DT_TK_INT, 4, 1));
	CHECK(is_int(trace_arg(pgp, 3), 0));	/* no target process */
	dtrace_close(h);

	/* $4 is not used: an error, unless argref says it need not be */
	h = open_nodev();
	CHECK(compile_argv(h, "BEGIN { trace($$3); }", 5, argv) == NULL &&
	    strcmp(dtrace_errtag(h), "D_MACRO_UNUSED") == 0);
	CHECK(dtrace_setopt(h, "argref", NULL) == 0);
	CHECK(compile_argv(h, "BEGIN { trace($$3); }", 5, argv) != NULL);
	dtrace_close(h);

	{
		char *big[] = { "prog", "-5000000000", "-2147483648",
		    "0x10" };

		h = open_nodev();
		pgp = compile_argv(h, "BEGIN { trace($1); trace($2); "
		    "trace($3); }", 4, big);
		CHECK(is_int(trace_arg(pgp, 0), -5000000000LL));
		CHECK(type_is(trace_arg(pgp, 0), DT_TK_INT, 8, 1));
		CHECK(is_int(trace_arg(pgp, 1), INT32_MIN));
		CHECK(type_is(trace_arg(pgp, 1), DT_TK_INT, 4, 1));
		CHECK(is_int(trace_arg(pgp, 2), 16));
		dtrace_close(h);
	}

	CHECK(fails("BEGIN { trace($1); }", "D_MACRO_UNDEF",
	    "macro argument $1 is not defined"));
	CHECK(fails("$1 { }", "D_MACRO_UNDEF",
	    "macro argument $1 is not defined"));
	CHECK(fails("BEGIN { trace($nosuch); }", "D_MACRO_UNDEF",
	    "$nosuch is not defined"));
	/* an identifier's text names a variable: abc is not one */
	CHECK(fails_argv("BEGIN { trace($1); trace($$2); trace($3); "
	    "trace($4[1]); }", "D_IDENT_UNDEF",
	    "failed to resolve abc", 5, argv));
}

/*
 * Compiling src fails with exactly DTrace's message msg (no position in
 * it) and dtrace_errwhere() gives exactly where.
 */
static int
error_is(const char *src, const char *msg, const char *where)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp = dtrace_program_strcompile(h, src,
	    DTRACE_PROBESPEC_NAME, 0, 0, NULL);
	const char *m = dtrace_errmsg(h, dtrace_errno(h));
	const char *w = dtrace_errwhere(h);
	int ok = pgp == NULL && strcmp(m, msg) == 0 && w != NULL &&
	    strcmp(w, where) == 0;

	if (!ok)
		fprintf(stderr, "  \"%s\": message \"%s\", where \"%s\"; "
		    "wanted \"%s\", \"%s\"\n", src, m, w != NULL ? w : "(null)",
		    msg, where);
	dtrace_close(h);
	return (ok);
}

static void
test_syntax_errors(void)
{
	dtrace_hdl_t *h;

	CHECK(error_is("BEGIN {\n  x = ; }", "line 2: syntax error near \";\"",
	    "    at <command line>:2:7\n      x = ; }\n          ^"));
	/* not a compiler error: no position */
	h = open_nodev();
	CHECK(dtrace_setopt(h, "nosuchoption", "1") == -1 &&
	    dtrace_errwhere(h) == NULL);
	dtrace_close(h);
	CHECK(fails("BEGIN { x = ; }", "D_SYNTAX", "syntax error near \";\""));
	CHECK(first_line_is("BEGIN { x = ; }", "syntax error near \";\""));
	CHECK(fails("BEGIN { x = ; }", "D_SYNTAX", "<command line>:1:13"));
	/* with a newline in the source, the line number comes first */
	CHECK(first_line_is("BEGIN {\n  x = ; }",
	    "line 2: syntax error near \";\""));
	CHECK(fails("BEGIN {\n  x = ; }", "D_SYNTAX", "<command line>:2:7"));
	CHECK(first_line_is("BEGIN { x = ; }\n", "line 1: syntax error near "
	    "\";\""));
	CHECK(fails("BEGIN { trace(1);", "D_SYNTAX",
	    "syntax error near end-of-input"));
	CHECK(fails("BEGIN { trace(1) trace(2); }", "D_SYNTAX",
	    "syntax error near \"trace\""));
	CHECK(fails("BEGIN { trace((1); }", "D_SYNTAX", "near \";\""));
	/* a '/' followed by an operand divides: "1 / trace(1)" */
	CHECK(fails("BEGIN /1/ trace(1);", "D_SYNTAX", "near \";\""));
	/* a[1] = 2 declares an associative array; a member is no lvalue */
	CHECK(fails("BEGIN { a = 1; a[1] = 2; }", "D_IDENT_BADREF",
	    "a is a scalar variable, not an associative array"));
	CHECK(fails("BEGIN { x = 1; trace(&x); }", "D_ADDROF_VAR",
	    "cannot take the address of x"));
	/* a global the program never assigns is unknown; one it assigns
	   is an int */
	CHECK(fails("BEGIN { x.y = 1; }", "D_IDENT_UNDEF",
	    "failed to resolve x"));
	CHECK(fails("BEGIN { x = 1; x.y = 1; }", "D_OP_SOU",
	    "operator . cannot be applied"));
	CHECK(fails("BEGIN { trace((char long)1); }", "D_DECL_CHARATTR",
	    "invalid type combination"));
	CHECK(fails("BEGIN { trace((unsigned string)1); }", "D_DECL_SIGNINT",
	    "invalid type combination"));
	CHECK(fails("BEGIN { trace((short long)1); }", "D_UNKNOWN",
	    "invalid type combination"));
	CHECK(fails("BEGIN { trace((char char)1); }", "D_DECL_COMBO",
	    "invalid type combination"));
	CHECK(fails("BEGIN { trace(sizeof (void)); }", "D_SIZEOF_TYPE",
	    "void type"));
	/* errors of the lexer reach the caller too */
	CHECK(fails("BEGIN { trace(\"abc); }", "D_STR_NL",
	    "newline encountered in string literal"));
	CHECK(fails("BEGIN { trace(\"\\xq\"); }", "D_STR_BADESC",
	    "invalid escape sequence"));
	CHECK(fails("BEGIN { trace(1); } /* no end", "D_SYNTAX",
	    "end-of-file encountered before matching */"));
}

static void
test_sema_errors(void)
{
	/* a variable read before any assignment exists, an int; an
	   associative array read before any assignment does not */
	CHECK(fails("BEGIN { trace(nosuchvar[1]); }", "D_IDENT_UNDEF",
	    "failed to resolve nosuchvar: Unknown variable name"));
	{
		dtrace_hdl_t *h = open_nodev();

		CHECK(compile(h, "BEGIN { trace(x); x = 1; }") != NULL);
		dtrace_close(h);
	}
	CHECK(fails("BEGIN { nosuchfunc(1); }", "D_FUNC_UNDEF",
	    "undefined function name: nosuchfunc"));
	CHECK(fails("BEGIN { x = 1; x(2); }", "D_FUNC_IDKIND",
	    "x is not a function"));
	CHECK(fails("BEGIN { pid(); }", "D_FUNC_IDKIND",
	    "pid is not a function"));
	CHECK(fails("BEGIN { trace(printf); }", "D_IDENT_BADREF",
	    "printf( ) may not be referenced as a variable"));
	/* int + string is pointer arithmetic (a string); int - string not */
	CHECK(fails("BEGIN { x = 1; y = \"s\"; z = x - y; }", "D_OP_INCOMPAT",
	    "operands have incompatible types: \"int\" - \"string\""));
	CHECK(fails("BEGIN { x = 1; y = \"s\"; z = x * y; }", "D_OP_ARITH",
	    "operator * requires operands of arithmetic type"));
	CHECK(fails("BEGIN { x = 1; y = \"s\"; z = x % y; }", "D_OP_INT",
	    "operator % requires operands of integral type"));
	CHECK(fails("BEGIN { x = 1; x = \"s\"; }", "D_OP_INCOMPAT",
	    "incompatible types"));
	CHECK(fails("BEGIN { trace(1 == \"s\"); }", "D_OP_INCOMPAT",
	    "\"int\" == \"string\""));
	CHECK(fails("BEGIN { trace(-\"s\"); }", "D_OP_ARITH",
	    "operator - requires an operand of arithmetic type"));
	CHECK(fails("BEGIN { trace(~\"s\"); }", "D_OP_INT",
	    "operator ~ requires an operand of integral type"));
	CHECK(fails("BEGIN { trace(!\"s\"); }", "D_OP_SCALAR",
	    "requires an operand of scalar type"));
	CHECK(fails("BEGIN { trace(\"a\" && 1); }", "D_OP_SCALAR",
	    "operator && requires operands of scalar type"));
	CHECK(fails("BEGIN { trace(1 ? \"a\" : 2); }", "D_OP_INCOMPAT",
	    "compatible types"));
	CHECK(fails("BEGIN { pid = 1; }", "D_OP_WRITE",
	    "operator = can only be applied to a writable variable"));
	CHECK(fails("BEGIN { execname++; }", "D_OP_WRITE",
	    "operator ++ can only be applied to a writable variable"));
	CHECK(fails("BEGIN { arg0 += 1; }", "D_OP_WRITE", "writable"));
	CHECK(fails("BEGIN { 1 = 2; }", "D_OP_LVAL",
	    "requires modifiable lvalue"));
	CHECK(fails("BEGIN { s = \"a\"; s++; }", "D_OP_SCALAR",
	    "operator ++ requires an operand of scalar type"));
	/* a scalar becomes a string (stringof), a struct does not */
	CHECK(fails("BEGIN { x = (string)*curthread; }", "D_CAST_INVAL",
	    "invalid cast expression: \"struct task_struct\" to "
	    "\"string\""));
	CHECK(fails("BEGIN { x = (int)\"s\"; }", "D_CAST_INVAL",
	    "invalid cast"));
	CHECK(fails("BEGIN { x = trace(1); }", "D_OP_ACT",
	    "operands cannot be actions: trace( )"));
	/* an action under a unary operator: the operator's tag */
	CHECK(fails("BEGIN { x = -trace(1); }", "D_OP_ARITH",
	    "trace( ) is an action"));
	/* and under a binary one: the type check DTrace makes of it */
	CHECK(fails("BEGIN { x = 2 * trace(1); }", "D_OP_ARITH",
	    "trace( ) is an action"));
	CHECK(fails("BEGIN { x = 2 + trace(1); }", "D_OP_INCOMPAT",
	    "trace( ) is an action"));
	CHECK(fails("BEGIN { x = trace(1) == 2; }", "D_OP_INCOMPAT",
	    "trace( ) is an action"));
	CHECK(fails("BEGIN { x = 2 << trace(1); }", "D_OP_INT",
	    "trace( ) is an action"));
	CHECK(fails("BEGIN { x = 2 && trace(1); }", "D_OP_SCALAR",
	    "trace( ) is an action"));
	CHECK(fails("BEGIN { trace(1, 2); }", "D_PROTO_LEN",
	    "trace( ) prototype mismatch: 2 args passed"));
	CHECK(fails("BEGIN { exit(); }", "D_PROTO_LEN", "0 args passed"));
	CHECK(fails("BEGIN { exit(\"s\"); }", "D_PROTO_ARG",
	    "argument must be an integer"));
	CHECK(fails("BEGIN { trace(copyinstr(\"s\")); }", "D_PROTO_ARG",
	    "copyinstr( ) argument is incompatible"));
	CHECK(fails("BEGIN { trace((void)1); }", "D_TRACE_VOID",
	    "may not be applied to a void expression"));
	CHECK(fails("BEGIN /\"s\"/ { }", "D_PRED_SCALAR",
	    "predicate result must be of scalar type"));
}

static void
test_printf_errors(void)
{
	CHECK(fails("BEGIN { printf(\"%d %d\\n\", 1); }", "D_PRINTF_ARG_PROTO",
	    "conversion #2 (%d) is missing a corresponding value argument"));
	CHECK(fails("BEGIN { printf(\"%d\\n\", 1, 2); }", "D_PRINTF_ARG_EXTRA",
	    "only 1 arguments required by this format string"));
	CHECK(fails("BEGIN { printf(\"x\"); printf(\"y\", 1); }",
	    "D_PRINTF_ARG_EXTRA", "only 0 arguments"));
	CHECK(fails("BEGIN { printf(\"%d\\n\", \"s\"); }", "D_PRINTF_ARG_TYPE",
	    "printf( ) argument #2 is incompatible with conversion #1"));
	CHECK(fails("BEGIN { printf(\"%s\\n\", 1); }", "D_PRINTF_ARG_TYPE",
	    "argument #2 is incompatible"));
	CHECK(fails("BEGIN { printf(\"%d %s %5.2f\\n\", 1, \"a\", 2); }",
	    "D_PRINTF_ARG_TYPE", "argument #4 is incompatible with "
	    "conversion #3"));
	CHECK(fails("BEGIN { printf(); }", "D_PROTO_LEN",
	    "0 args passed"));
	CHECK(fails("BEGIN { x = \"%d\"; printf(x, 1); }", "D_PRINTF_ARG_FMT",
	    "argument must be a string constant"));
	/* a printf error reports where the format is */
	CHECK(fails("BEGIN {\n  printf(\"%q\"); }", "D_SYNTAX",
	    "<command line>:2:10"));
}

static void
test_desc_errors(void)
{
	dtrace_hdl_t *h;

	CHECK(fails("nosuchprobe { }", "D_PDESC_ZERO",
	    "probe description :::nosuchprobe does not match any probes"));
	CHECK(fails("dtrace:::nosuchprobe { }", "D_PDESC_ZERO",
	    "dtrace:::nosuchprobe does not match any probes"));
	CHECK(fails("BEGIN, nosuchprobe { }", "D_PDESC_ZERO",
	    "<command line>:1:8"));
	CHECK(fails("a:b:c:d:e { }", "D_PDESC_INVAL",
	    "Overspecified probe description"));
	CHECK(fails("{ }", "D_SYNTAX", "syntax error near \"{\""));

	/* with zdefs, a description may match nothing */
	h = open_nodev();
	CHECK(dtrace_program_strcompile(h, "dtrace:::nosuchprobe { }",
	    DTRACE_PROBESPEC_NAME, DTRACE_C_ZDEFS, 0, NULL) != NULL);
	dtrace_close(h);
}

static void
test_misc(void)
{
	dtrace_hdl_t *h = open_nodev();
	dtrace_prog_t *pgp;

	/* a failed compile leaves no error tag behind the next success */
	CHECK(compile(h, "BEGIN { trace(nosuchvar[1]); }") == NULL);
	CHECK(dtrace_errtag(h) != NULL);
	pgp = compile(h, "BEGIN { trace(1); }");
	CHECK(pgp != NULL);
	/* variables keep their type across programs of a session */
	CHECK(compile(h, "BEGIN { v = \"s\"; }") != NULL);
	CHECK(compile(h, "BEGIN { v = 1; }") == NULL);
	CHECK(dtrace_errtag(h) != NULL &&
	    strcmp(dtrace_errtag(h), "D_OP_INCOMPAT") == 0);
	CHECK(compile(h, "BEGIN { v = \"t\"; trace(v); }") != NULL);
	/* bad compiler flags */
	CHECK(dtrace_program_strcompile(h, "BEGIN", DTRACE_PROBESPEC_NAME,
	    0x100, 0, NULL) == NULL);
	CHECK(dtrace_program_strcompile(h, NULL, DTRACE_PROBESPEC_NAME,
	    0, 0, NULL) == NULL);
	/* with errtags, the message starts with the tag */
	CHECK(dtrace_setopt(h, "errtags", NULL) == 0);
	CHECK(compile(h, "BEGIN { x = ; }") == NULL);
	CHECK(strncmp(dtrace_errmsg(h, dtrace_errno(h)),
	    "[D_SYNTAX] syntax error near \";\"", 32) == 0);
	dtrace_close(h);
}

/* Compiling src (which fails) n times leaves the heap as it was. */
static int
compile_error_frees(dtrace_hdl_t *h, const char *src)
{
	struct mallinfo2 mi;
	size_t before, after;

	for (int i = 0; i < 10; i++)
		(void) dtrace_program_strcompile(h, src, DTRACE_PROBESPEC_NAME,
		    0, 0, NULL);
	mi = mallinfo2();
	before = mi.uordblks;
	for (int i = 0; i < 500; i++) {
		if (dtrace_program_strcompile(h, src, DTRACE_PROBESPEC_NAME, 0,
		    0, NULL) != NULL)
			return (0);
	}
	mi = mallinfo2();
	after = mi.uordblks;
	if (after > before + 4000) {
		fprintf(stderr, "  \"%s\": %zu bytes more in use after 500 "
		    "failed compiles\n", src, after - before);
		return (0);
	}
	return (1);
}

static void
test_no_leaks(void)
{
	dtrace_hdl_t *h = open_nodev();

	CHECK(compile_error_frees(h, "BEGIN { x = ; }"));
	CHECK(compile_error_frees(h, "BEGIN { trace(nosuchvar[1]); }"));
	CHECK(compile_error_frees(h, "BEGIN, END { trace(\"a\" * 1); }"));
	CHECK(compile_error_frees(h, "BEGIN { printf(\"%d %d\", 1); }"));
	CHECK(compile_error_frees(h, "BEGIN { trace(\"\\xq\"); }"));
	CHECK(compile_error_frees(h, "BEGIN { trace(\"abc); }"));
	CHECK(compile_error_frees(h, "nosuchprobe { trace(1); }"));
	CHECK(compile_error_frees(h, "BEGIN { trace(1); } END /x[1]/ { }"));
	dtrace_close(h);
}

int
main(void)
{
	test_precedence();
	test_assoc();
	test_casts_sizeof();
	test_constants();
	test_pointers();
	test_predicates();
	test_descriptions();
	test_pragmas();
	test_macros();
	test_syntax_errors();
	test_sema_errors();
	test_printf_errors();
	test_desc_errors();
	test_misc();
	test_no_leaks();

	return (check_done("parse"));
}
