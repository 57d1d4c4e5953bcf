/*
 * dt_parse_clause.c: the parser's clauses: probe descriptions (with
 * their macros expanded), the predicate, statements and if/else.
 *
 * A clause with if statements becomes clauses of its own (split_ifs()),
 * as DTrace makes them: the predicate and the conditions are kept in
 * clause-local variables (this->%ifN) that guard the clauses after, so
 * the code generator sees no if.
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

/*
 * Room in the clause for k more descriptions; without it, the texts not
 * yet stored (NULL or not) are freed.
 */
static void
desc_reserve(dt_pcb_t *pcb, dt_clause_t *dcp, unsigned int k, char *text,
    char *name, dt_srcpos_t pos)
{
	unsigned int n = dcp->dc_ndescs + k;

	dcp->dc_descs = realloc(dcp->dc_descs, n *
	    sizeof (dtrace_probedesc_t));
	dcp->dc_desctext = realloc(dcp->dc_desctext, n * sizeof (char *));
	dcp->dc_descpos = realloc(dcp->dc_descpos, n * sizeof (dt_srcpos_t));
	if (dcp->dc_descs == NULL || dcp->dc_desctext == NULL ||
	    dcp->dc_descpos == NULL) {
		free(text);
		free(name);
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
}

/* Stores a description's text (which the clause then owns) at index n. */
static void
desc_store(dt_clause_t *dcp, char *text, dt_srcpos_t pos)
{
	unsigned int n = dcp->dc_ndescs++;

	dcp->dc_desctext[n] = text;
	dcp->dc_descpos[n] = pos;
}

/* Parses and checks the description stored at index n. */
static void
desc_check(dt_pcb_t *pcb, dt_clause_t *dcp, unsigned int n)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	const char *text = dcp->dc_desctext[n];
	dt_srcpos_t pos = dcp->dc_descpos[n];

	/*
	 * As DTrace reads -P, -m and -f, leading digits are a probe id,
	 * which names no provider, module or function.
	 */
	if (pcb->pcb_spec >= DTRACE_PROBESPEC_PROVIDER &&
	    pcb->pcb_spec <= DTRACE_PROBESPEC_FUNC && isdigit(text[0])) {
		static const char *const kinds[] = { "providers", "modules",
		    "functions" };

		dt_cerror(pcb, "D_PDESC_INVAL", pos, "probe identifier "
		    "%.*s not permitted when specifying %s",
		    (int)strspn(text, "0123456789"), text,
		    kinds[pcb->pcb_spec]);
	}
	if (dtrace_str2desc(dtp, pcb->pcb_spec == DTRACE_PROBESPEC_NONE ?
	    DTRACE_PROBESPEC_NAME : pcb->pcb_spec, text,
	    &dcp->dc_descs[n]) != 0)
		dt_cerror(pcb, "D_PDESC_INVAL", pos,
		    "invalid probe description \"%s\": %s", text,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	if (pcb->pcb_spec == DTRACE_PROBESPEC_ID &&
	    dcp->dc_descs[n].prb[0] == '\0' &&
	    (dcp->dc_descs[n].id == 0 ||
	    dt_probe_match(dtp, &dcp->dc_descs[n], NULL, NULL) <= 0))
		dt_cerror(pcb, "D_PDESC_INVAL", pos,
		    "invalid probe identifier %s: Unknown probe identifier",
		    text);
}

/*
 * The description at the current token.  With -i, N-M is no range: as
 * DTrace reads it, the digits are probe id N and -M a second description,
 * the probe named -M.
 */
static void
add_desc(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dt_token_t *t = dt_parse_tok(pcb);
	dt_srcpos_t pos = t->tk_pos;
	unsigned int n = dcp->dc_ndescs;
	char *text, *name = NULL;
	size_t ndig;

	if (t->tk_kind != T_PROBEDESC)
		dt_parse_syntax_error(pcb);
	text = dt_parse_expand_desc(pcb, t->tk_str, pos);
	ndig = strspn(text, "0123456789");
	if (pcb->pcb_spec == DTRACE_PROBESPEC_ID && ndig > 0 &&
	    text[ndig] == '-' && (name = strdup(text + ndig)) == NULL) {
		free(text);
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	desc_reserve(pcb, dcp, name != NULL ? 2 : 1, text, name, pos);
	if (name != NULL)
		text[ndig] = '\0';
	desc_store(dcp, text, pos);
	if (name != NULL) {
		pos.sp_col += (int)ndig;
		desc_store(dcp, name, pos);
	}
	for (; n < dcp->dc_ndescs; n++)
		desc_check(pcb, dcp, n);
}

/* A new clause at the end of the program being built. */
static dt_clause_t *
clause_new(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	dt_clause_t *dcp = calloc(1, sizeof (*dcp));

	if (dcp == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	*pcb->pcb_prog->dp_tail = dcp;
	pcb->pcb_prog->dp_tail = &dcp->dc_next;
	pcb->pcb_prog->dp_nclauses++;
	return (dcp);
}

static bool
is_word(dt_pcb_t *pcb, const char *word)
{
	return (dt_parse_tok(pcb)->tk_kind == T_IDENT &&
	    strcmp(dt_parse_tok(pcb)->tk_str, word) == 0);
}

static dt_node_t *parse_if(dt_pcb_t *);

/* A statement, or NULL for an empty one (';'). */
static dt_node_t *
parse_stmt(dt_pcb_t *pcb)
{
	dt_node_t *stmt;

	if (dt_parse_tok(pcb)->tk_kind == T_SEMI) {
		dt_parse_next(pcb);
		return (NULL);
	}
	if (is_word(pcb, "if") && dt_parse_peek(pcb)->tk_kind == T_LPAR)
		return (parse_if(pcb));
	stmt = dt_node_new(pcb, DN_EXPRSTMT, dt_parse_tok(pcb)->tk_pos);
	stmt->dn_left = dt_parse_expr(pcb);
	if (dt_parse_tok(pcb)->tk_kind == T_SEMI)
		dt_parse_next(pcb);
	else if (dt_parse_tok(pcb)->tk_kind != T_RBRACE)
		dt_parse_syntax_error(pcb);
	return (stmt);
}

/* Statements up to a '}' (not read), appended at *tailp. */
static void
parse_stmts(dt_pcb_t *pcb, dt_node_t ***tailp)
{
	while (dt_parse_tok(pcb)->tk_kind != T_RBRACE) {
		dt_node_t *stmt;

		if ((stmt = parse_stmt(pcb)) == NULL)
			continue;
		**tailp = stmt;
		*tailp = &stmt->dn_list;
	}
}

/* A branch of if: a block, or one statement. */
static dt_node_t *
parse_branch(dt_pcb_t *pcb)
{
	dt_node_t *list = NULL, **tail = &list;

	if (dt_parse_tok(pcb)->tk_kind != T_LBRACE)
		return (parse_stmt(pcb));
	dt_parse_next(pcb);
	parse_stmts(pcb, &tail);
	dt_parse_next(pcb);		/* the '}' */
	return (list);
}

static dt_node_t *
parse_if(dt_pcb_t *pcb)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_IF, dt_parse_tok(pcb)->tk_pos);

	dt_parse_next(pcb);
	dt_parse_expect(pcb, T_LPAR);
	dnp->dn_cond = dt_parse_expr(pcb);
	dt_parse_expect(pcb, T_RPAR);
	dnp->dn_left = parse_branch(pcb);
	if (is_word(pcb, "else")) {
		dt_parse_next(pcb);
		dnp->dn_right = parse_branch(pcb);
	}
	return (dnp);
}

/* this->%ifN, a condition variable of if (pcb_nifs numbers them). */
static dt_node_t *
cond_var(dt_pcb_t *pcb, unsigned int n, dt_srcpos_t pos)
{
	dt_node_t *dnp = dt_node_new(pcb, DN_VAR, pos);

	if (asprintf(&dnp->dn_str, "this->%%if%u", n) < 0) {
		dnp->dn_str = NULL;
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	}
	return (dnp);
}

/* !e */
static dt_node_t *
lnot(dt_pcb_t *pcb, dt_node_t *e, dt_srcpos_t pos)
{
	dt_node_t *not = dt_node_new(pcb, DN_UNARY, pos);

	not->dn_op = T_LNOT;
	not->dn_left = e;
	return (not);
}

/*
 * The statement this->%ifN = !!e: an int whatever scalar e is, so that
 * the variable has one type in every program of the session (and a
 * condition that is not a scalar is refused, as a predicate is).
 */
static dt_node_t *
cond_set(dt_pcb_t *pcb, unsigned int n, dt_node_t *e, dt_srcpos_t pos)
{
	dt_node_t *stmt = dt_node_new(pcb, DN_EXPRSTMT, pos);
	dt_node_t *as = dt_node_new(pcb, DN_ASSIGN, pos);

	as->dn_op = T_ASSIGN;
	as->dn_left = cond_var(pcb, n, pos);
	as->dn_right = lnot(pcb, lnot(pcb, e, e->dn_pos), e->dn_pos);
	stmt->dn_left = as;
	return (stmt);
}

/* guard && this->%ifN (!this->%ifN when negated); guard is copied. */
static dt_node_t *
cond_and(dt_pcb_t *pcb, const dt_node_t *guard, unsigned int n, bool neg,
    dt_srcpos_t pos)
{
	dt_node_t *and = dt_node_new(pcb, DN_LOGICAL, pos);
	dt_node_t *v = cond_var(pcb, n, pos);

	and->dn_op = T_LAND;
	and->dn_left = dt_node_dup(pcb, guard, pos);
	and->dn_right = neg ? lnot(pcb, v, pos) : v;
	return (and);
}

/* A clause of proto's descriptions: /pred/ { body }. */
static void
clause_of(dt_pcb_t *pcb, const dt_clause_t *proto, dt_node_t *pred,
    dt_node_t *body)
{
	dt_clause_t *dcp = clause_new(pcb, proto->dc_descpos[0]);
	unsigned int n = proto->dc_ndescs;

	dcp->dc_descs = malloc(n * sizeof (dtrace_probedesc_t));
	dcp->dc_desctext = calloc(n, sizeof (char *));
	dcp->dc_descpos = malloc(n * sizeof (dt_srcpos_t));
	if (dcp->dc_descs == NULL || dcp->dc_desctext == NULL ||
	    dcp->dc_descpos == NULL)
		dt_cerror(pcb, "D_NOMEM", proto->dc_descpos[0],
		    "out of memory");
	memcpy(dcp->dc_descs, proto->dc_descs, n * sizeof (*dcp->dc_descs));
	memcpy(dcp->dc_descpos, proto->dc_descpos, n *
	    sizeof (*dcp->dc_descpos));
	for (unsigned int i = 0; i < n; i++, dcp->dc_ndescs++) {
		if ((dcp->dc_desctext[i] = strdup(proto->dc_desctext[i])) ==
		    NULL)
			dt_cerror(pcb, "D_NOMEM", proto->dc_descpos[0],
			    "out of memory");
	}
	dcp->dc_pred = pred;
	dcp->dc_body = body;
	dcp->dc_split = true;
}

/*
 * The clauses of the statements stmts, which run when guard is true:
 * the statements up to an if, and the if's condition kept in a variable
 * of its own, are a clause; each branch gives the clauses of its
 * statements, guarded by the condition (or its negation) too; the
 * statements after it a clause again.
 */
static void
split_stmts(dt_pcb_t *pcb, const dt_clause_t *proto, const dt_node_t *guard,
    dt_node_t *stmts)
{
	dt_node_t *seg = NULL, **tail = &seg, *next_stmt;

	for (dt_node_t *s = stmts; s != NULL; s = next_stmt) {
		unsigned int n;

		next_stmt = s->dn_list;
		s->dn_list = NULL;
		if (s->dn_kind != DN_IF) {
			*tail = s;
			tail = &s->dn_list;
			continue;
		}
		n = ++pcb->pcb_nifs;
		*tail = cond_set(pcb, n, s->dn_cond, s->dn_pos);
		clause_of(pcb, proto, dt_node_dup(pcb, guard, s->dn_pos), seg);
		seg = NULL;
		tail = &seg;
		if (s->dn_left != NULL)
			split_stmts(pcb, proto, cond_and(pcb, guard, n, false,
			    s->dn_pos), s->dn_left);
		if (s->dn_right != NULL)
			split_stmts(pcb, proto, cond_and(pcb, guard, n, true,
			    s->dn_pos), s->dn_right);
	}
	if (seg != NULL)
		clause_of(pcb, proto, dt_node_dup(pcb, guard, seg->dn_pos), seg);
}

static bool
has_if(const dt_node_t *stmts)
{
	for (; stmts != NULL; stmts = stmts->dn_list) {
		if (stmts->dn_kind == DN_IF)
			return (true);
	}
	return (false);
}

/*
 * A clause with if statements becomes clauses of its own, as DTrace
 * makes them, so that each records, and prints, what a clause of its
 * statements would.  The first sets this->%ifN to its predicate (1
 * without one), every later one is guarded by it and by the conditions
 * of the ifs it is in (this->%ifM, a variable each, set where the if
 * stands): D /P/ { S1; if (C) { T } else { E } S2 } is
 *
 *	D { this->%if1 = !!P; }
 *	D /this->%if1/ { S1; this->%if2 = !!C; }
 *	D /this->%if1 && this->%if2/ { T }
 *	D /this->%if1 && !this->%if2/ { E }
 *	D /this->%if1/ { S2 }
 *
 * Clause-local variables live for the whole firing, so the conditions
 * reach the later clauses; an exit() in one ends the firing, as it does
 * any clause's.
 */
static void
split_ifs(dt_pcb_t *pcb, dt_clause_t *dcp)
{
	dt_node_t *body = dcp->dc_body, *pred = dcp->dc_pred, *guard;
	dt_srcpos_t pos = body->dn_pos;
	unsigned int n = ++pcb->pcb_nifs;

	if (pred == NULL)
		pred = dt_parse_int_node(pcb, pos, 1, 0, 0, 1);
	dcp->dc_pred = NULL;
	dcp->dc_body = cond_set(pcb, n, pred, pred->dn_pos);
	guard = cond_var(pcb, n, pos);
	split_stmts(pcb, dcp, guard, body);
}

void
dt_parse_clause(dt_pcb_t *pcb)
{
	dt_clause_t *dcp = clause_new(pcb, dt_parse_tok(pcb)->tk_pos);
	dt_node_t **tail;

	pcb->pcb_clause = dcp;

	for (;;) {
		add_desc(pcb, dcp);
		dt_parse_next(pcb);
		if (dt_parse_tok(pcb)->tk_kind != T_COMMA)
			break;
		/* The next description: the lexer is past the ','. */
		dt_tok_free(dt_parse_tok(pcb));
		if (pcb->pcb_havepeek)
			dt_parse_syntax_error(pcb);
		/* a #pragma line may come between two descriptions */
		while (dt_lex_peekc(pcb) == '#' && strncmp(pcb->pcb_ptr,
		    "#pragma", 7) == 0) {
			dt_lex_next(pcb, dt_parse_tok(pcb));
			dt_parse_pragma(pcb, dt_parse_tok(pcb)->tk_pos);
		}
		dt_lex_probedesc(pcb, dt_parse_tok(pcb));
	}
	if (dt_parse_tok(pcb)->tk_kind == T_SLASH) {
		pcb->pcb_inpred = true;
		dt_parse_next(pcb);
		dcp->dc_pred = dt_parse_expr(pcb);
		pcb->pcb_inpred = false;
		dt_parse_expect(pcb, T_SLASH);
	}
	if (dt_parse_tok(pcb)->tk_kind != T_LBRACE) {
		/*
		 * A description alone, as with -n 'syscall::read:entry'; in
		 * a file, DTrace wants a predicate or actions after it.
		 */
		if (dt_parse_tok(pcb)->tk_kind == T_EOF &&
		    dcp->dc_pred == NULL && pcb->pcb_file != NULL)
			dt_cerror(pcb, "D_SYNTAX", dcp->dc_descpos[0], "expected "
			    "predicate and/or actions following probe "
			    "description");
		if (dt_parse_tok(pcb)->tk_kind == T_SEMI
		    || dt_parse_tok(pcb)->tk_kind == T_EOF)
			return;
		dt_parse_syntax_error(pcb);
	}
	dt_parse_next(pcb);
	tail = &dcp->dc_body;
	parse_stmts(pcb, &tail);
	if (has_if(dcp->dc_body))
		split_ifs(pcb, dcp);
	/* Do not read ahead: the next clause starts with a description. */
	dt_tok_free(dt_parse_tok(pcb));
	memset(dt_parse_tok(pcb), 0, sizeof (dt_token_t));
	dt_parse_tok(pcb)->tk_kind = T_RBRACE;
}
