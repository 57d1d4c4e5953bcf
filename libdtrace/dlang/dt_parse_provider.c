/*
 * dt_parse_provider.c: the parser's provider declarations (for dtrace -h
 * and -G, proc/dt_link.c).
 *
 * A provider declaration lists probes with their native argument types
 * (what the program passes, C types) and, after ':', the translated types
 * the probe's args[] have (each the type of the native argument of the
 * same name, or of the same position when they have no names).  A
 * translated type other than the native one must be string (of a char
 * pointer) or a struct (or pointer to one) that a translator from the
 * native type gives.  A struct tag that neither D nor the kernel knows is
 * declared incomplete (a program's own type).
 * Declaring a provider again adds its new probes; a probe declared again
 * must have the same types.
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

/* ---- provider declarations ------------------------------------------------ */

/* The text from a to b, white space collapsed, owned by the caller. */
static char *
type_text(dt_pcb_t *pcb, const char *a, const char *b, dt_srcpos_t pos)
{
	char *t = malloc((size_t)(b - a) + 1), *o = t;

	if (t == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	for (const char *c = a; c < b; c++) {
		if (isspace((unsigned char)*c)) {
			if (o != t && o[-1] != ' ')
				*o++ = ' ';
		} else {
			*o++ = *c;
		}
	}
	while (o != t && o[-1] == ' ')
		o--;
	*o = '\0';
	return (t);
}

/*
 * One argument list, '(' ... ')': the types' texts in argv and their
 * parsed types in tv, names (or "") in names; the number of arguments.
 */
static int
parse_provargs(dt_pcb_t *pcb, char **argv, dt_type_t *tv, int64_t *sizes,
    char names[][64], dt_srcpos_t *posv)
{
	int n = 0;

	dt_parse_expect(pcb, T_LPAR);
	if (dt_parse_tok(pcb)->tk_kind == T_KW_VOID
	    && dt_parse_peek(pcb)->tk_kind == T_RPAR)
		dt_parse_next(pcb);	/* (void): none */
	while (dt_parse_tok(pcb)->tk_kind != T_RPAR) {
		dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
		const char *start = dt_parse_tok(pcb)->tk_start;
		dt_token_t *t = dt_parse_tok(pcb);

		if (n > 0) {
			dt_parse_expect(pcb, T_COMMA);
			pos = dt_parse_tok(pcb)->tk_pos;
			start = dt_parse_tok(pcb)->tk_start;
			t = dt_parse_tok(pcb);
		}
		if (n == DT_MAXARGS)
			dt_cerror(pcb, "D_PROV_PRARGLEN", pos, "a probe has at "
			    "most %d arguments", DT_MAXARGS);
		if (t->tk_kind == T_DOT)
			dt_cerror(pcb, "D_DECL_PROTO_VARARGS", pos, "a probe's "
			    "arguments are fixed: ... is not allowed");
		if (t->tk_kind == T_KW_VOID
		    && dt_parse_peek(pcb)->tk_kind == T_IDENT)
			dt_cerror(pcb, "D_DECL_PROTO_NAME", pos, "a void "
			    "parameter may not have a name");
		if (t->tk_kind == T_KW_VOID
		    && dt_parse_peek(pcb)->tk_kind != T_STAR &&
		    (n > 0 || dt_parse_peek(pcb)->tk_kind == T_COMMA))
			dt_cerror(pcb, "D_DECL_PROTO_VOID", pos, "void must be "
			    "the only parameter");
		if (!dt_parse_is_type_start(pcb, t))
			dt_parse_syntax_error(pcb);
		if ((t->tk_kind == T_KW_STRUCT || t->tk_kind == T_KW_UNION) &&
		    dt_parse_peek(pcb)->tk_kind == T_IDENT) {
			char tname[300];

			snprintf(tname, sizeof (tname), "%s %s",
			    dt_tok_name(t->tk_kind), pcb->pcb_peek.tk_str);
			if (dt_parse_d_typename(pcb, tname) == NULL &&
			    dt_tcache_tag(dt_pcb_types(pcb, pos),
			    t->tk_kind == T_KW_UNION ? BTF_KIND_UNION :
			    BTF_KIND_STRUCT, pcb->pcb_peek.tk_str) == 0)
				(void) dt_parse_sou_tag(pcb,
				    t->tk_kind == T_KW_UNION,
				    pcb->pcb_peek.tk_str, pos);
		}
		tv[n] = dt_parse_typename(pcb, &sizes[n]);
		posv[n] = pos;
		argv[n] = type_text(pcb, start, dt_parse_tok(pcb)->tk_start,
		    pos);
		names[n][0] = '\0';
		if (dt_parse_tok(pcb)->tk_kind == T_IDENT) {
			snprintf(names[n], 64, "%s", dt_parse_tok(pcb)->tk_str);
			dt_parse_next(pcb);
		}
		n++;
	}
	dt_parse_next(pcb);
	return (n);
}

/* May a native argument of type nt be given as translated type xt? */
static void
check_xarg(dt_pcb_t *pcb, dt_type_t nt, dt_type_t xt, const char *ntext,
    const char *xtext, dt_srcpos_t pos)
{
	dt_tentry_t *te;
	uint32_t sid;

	if (strcmp(ntext, xtext) == 0 || dt_type_same(nt, xt))
		return;
	if (xt.ty_kind == DT_TK_STRING) {
		if (nt.ty_kind != DT_TK_PTR || nt.ty_btf != 0 ||
		    nt.ty_psize != 1 || nt.ty_plevel != 0)
			dt_cerror(pcb, "D_PROV_INCOMPAT", pos, "translated "
			    "argument of type string must be a char pointer, "
			    "not %s", ntext);
		return;
	}
	if (!((xt.ty_kind == DT_TK_PTR && xt.ty_plevel == 0) ||
	    xt.ty_kind == DT_TK_STRUCT) || xt.ty_btf == 0)
		dt_cerror(pcb, "D_PROV_INCOMPAT", pos, "translated argument "
		    "type %s is not compatible with %s", xtext, ntext);
	te = dt_pcb_types(pcb, pos);
	sid = dt_btf_resolve(te->te_btf, xt.ty_btf);
	for (const dt_xlator_t *dxp = pcb->pcb_hdl->dt_xlators; dxp != NULL;
	    dxp = dxp->dx_next) {
		if (dt_btf_resolve(te->te_btf, dxp->dx_out.ty_btf) == sid &&
		    dt_xlate_accepts(te->te_btf, dxp->dx_in, nt))
			return;
	}
	dt_cerror(pcb, "D_PROV_PRXLATOR", pos, "translator for %s from %s is "
	    "not defined", xtext, ntext);
}

/* A probe declared twice must have the same types. */
static bool
probe_same(const dt_provprobe_t *a, const dt_provprobe_t *b)
{
	if (a->pd_nargc != b->pd_nargc || a->pd_xargc != b->pd_xargc)
		return (false);
	for (int i = 0; i < a->pd_nargc; i++) {
		if (strcmp(a->pd_nargv[i], b->pd_nargv[i]) != 0)
			return (false);
	}
	for (int i = 0; i < a->pd_xargc; i++) {
		if (strcmp(a->pd_xargv[i], b->pd_xargv[i]) != 0 ||
		    a->pd_xmap[i] != b->pd_xmap[i])
			return (false);
	}
	return (true);
}

/* probe NAME ( args ) [ : ( args ) ] ; the current token is "probe". */
static dt_provprobe_t *
parse_provprobe(dt_pcb_t *pcb, dt_provdecl_t *dvp)
{
	dt_type_t nt[DT_MAXARGS], xt[DT_MAXARGS];
	int64_t nsz[DT_MAXARGS], xsz[DT_MAXARGS];
	char nnames[DT_MAXARGS][64], xnames[DT_MAXARGS][64];
	dt_srcpos_t npos[DT_MAXARGS], xpos[DT_MAXARGS];
	dt_srcpos_t pos = dt_parse_tok(pcb)->tk_pos;
	dt_provprobe_t *pdp, **tail;
	bool named = false;

	dt_parse_next(pcb);
	if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
		dt_parse_syntax_error(pcb);
	if (strlen(dt_parse_tok(pcb)->tk_str) >= DTRACE_NAMELEN)
		dt_cerror(pcb, "D_PROV_BADNAME", dt_parse_tok(pcb)->tk_pos,
		    "probe name "
		    "%s is too long: at most %d characters",
		    dt_parse_tok(pcb)->tk_str,
		    DTRACE_NAMELEN - 1);
	for (pdp = dvp->dv_probes; pdp != NULL; pdp = pdp->pd_next) {
		if (strcmp(pdp->pd_name, dt_parse_tok(pcb)->tk_str) == 0)
			dt_cerror(pcb, "D_PROV_PRDUP",
			    dt_parse_tok(pcb)->tk_pos, "probe "
			    "%s is declared twice in provider %s",
			    dt_parse_tok(pcb)->tk_str, dvp->dv_name);
	}
	if ((pdp = calloc(1, sizeof (*pdp))) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	for (tail = &dvp->dv_probes; *tail != NULL; tail = &(*tail)->pd_next)
		;
	*tail = pdp;	/* freed with the provider */
	dvp->dv_nprobes++;
	pdp->pd_pos = pos;
	if ((pdp->pd_name = strdup(dt_parse_tok(pcb)->tk_str)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dt_parse_next(pcb);
	pdp->pd_nargc = parse_provargs(pcb, pdp->pd_nargv, nt, nsz, nnames,
	    npos);
	for (int i = 0; i < pdp->pd_nargc; i++) {
		bool ok = (nt[i].ty_kind == DT_TK_INT ||
		    nt[i].ty_kind == DT_TK_PTR) && (nsz[i] == 1 ||
		    nsz[i] == 2 || nsz[i] == 4 || nsz[i] == 8);

		if (!ok)
			dt_cerror(pcb, "D_PROV_INCOMPAT", npos[i], "argument %d "
			    "of probe %s is of type %s: a probe argument must "
			    "be an integer or a pointer", i, pdp->pd_name,
			    pdp->pd_nargv[i]);
		pdp->pd_nsize[i] = (uint8_t)nsz[i];
		pdp->pd_nsigned[i] = nt[i].ty_kind == DT_TK_INT &&
		    nt[i].ty_signed;
		named |= nnames[i][0] != '\0';
	}
	if (dt_parse_tok(pcb)->tk_kind == T_COLON) {
		dt_parse_next(pcb);
		pdp->pd_xargc = parse_provargs(pcb, pdp->pd_xargv, xt, xsz,
		    xnames, xpos);
		for (int i = 0; i < pdp->pd_xargc; i++) {
			int m = i;

			if (named && xnames[i][0] != '\0') {
				for (m = 0; m < pdp->pd_nargc; m++) {
					if (strcmp(nnames[m], xnames[i]) == 0)
						break;
				}
			}
			if (m >= pdp->pd_nargc)
				dt_cerror(pcb, "D_PROV_INCOMPAT", xpos[i],
				    "translated argument %d of probe %s has no "
				    "native argument%s%s", i, pdp->pd_name,
				    xnames[i][0] != '\0' ? " named " : "",
				    xnames[i]);
			check_xarg(pcb, nt[m], xt[i], pdp->pd_nargv[m],
			    pdp->pd_xargv[i], xpos[i]);
			pdp->pd_xmap[i] = (uint8_t)m;
		}
	} else {
		/* no translated list: args[] are the native arguments */
		pdp->pd_xargc = pdp->pd_nargc;
		for (int i = 0; i < pdp->pd_nargc; i++) {
			if ((pdp->pd_xargv[i] = strdup(pdp->pd_nargv[i])) ==
			    NULL)
				dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
			pdp->pd_xmap[i] = (uint8_t)i;
		}
	}
	if (dt_parse_tok(pcb)->tk_kind != T_SEMI)
		dt_parse_syntax_error(pcb);
	dt_parse_next(pcb);
	return (pdp);
}

/*
 * provider NAME { probe ... ; ... } ;   The current token is "provider".
 * The declaration is built apart (pcb_provdecl, freed if the compile
 * fails) and then becomes the handle's, or merges into the provider of
 * that name the handle has.
 */
void
dt_parse_provider(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_srcpos_t pos;
	dt_provdecl_t *dvp, *old;
	const char *name;
	size_t len;

	dt_parse_next(pcb);
	if (dt_parse_tok(pcb)->tk_kind != T_IDENT)
		dt_parse_syntax_error(pcb);
	pos = dt_parse_tok(pcb)->tk_pos;
	name = dt_parse_tok(pcb)->tk_str;
	len = strlen(name);
	if (len >= DTRACE_PROVNAMELEN - 10)
		dt_cerror(pcb, "D_PROV_BADNAME", pos, "provider name %s is too "
		    "long: at most %d characters (a process id follows it)",
		    name, DTRACE_PROVNAMELEN - 11);
	if (isdigit((unsigned char)name[len - 1]))
		dt_cerror(pcb, "D_PROV_BADNAME", pos, "provider name %s may "
		    "not end with a digit (a process id follows it)", name);
	for (int i = 0; dt_providers[i] != NULL; i++) {
		if (strcmp(dt_providers[i]->pv_name, name) == 0)
			dt_cerror(pcb, "D_PROV_BADNAME", pos, "provider name "
			    "%s is the name of a built-in provider", name);
	}
	if ((dvp = calloc(1, sizeof (*dvp))) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	pcb->pcb_provdecl = dvp;
	if ((dvp->dv_name = strdup(name)) == NULL)
		dt_cerror(pcb, "D_NOMEM", pos, "out of memory");
	dt_parse_next(pcb);
	dt_parse_expect(pcb, T_LBRACE);
	while (dt_parse_tok(pcb)->tk_kind != T_RBRACE) {
		if (dt_parse_tok(pcb)->tk_kind == T_SEMI) {
			dt_parse_next(pcb);
			continue;
		}
		if (dt_parse_tok(pcb)->tk_kind != T_IDENT ||
		    strcmp(dt_parse_tok(pcb)->tk_str, "probe") != 0)
			dt_cerror(pcb, "D_SYNTAX", dt_parse_tok(pcb)->tk_pos,
			    "syntax "
			    "error near \"%.*s\": a provider declares probes "
			    "(probe NAME(TYPES);)",
			    (int)dt_parse_tok(pcb)->tk_len,
			    dt_parse_tok(pcb)->tk_start);
		(void) parse_provprobe(pcb, dvp);
	}
	/* the ';' after '}' is the top level's: do not read ahead */
	dt_tok_free(dt_parse_tok(pcb));
	memset(dt_parse_tok(pcb), 0, sizeof (dt_token_t));
	dt_parse_tok(pcb)->tk_kind = T_RBRACE;

	for (old = dtp->dt_provdecls; old != NULL; old = old->dv_next) {
		if (strcmp(old->dv_name, dvp->dv_name) == 0)
			break;
	}
	if (old == NULL) {
		dvp->dv_next = dtp->dt_provdecls;
		dtp->dt_provdecls = dvp;
		pcb->pcb_provdecl = NULL;
		return;
	}
	/* declared again: each probe is new or the same */
	for (dt_provprobe_t *p = dvp->dv_probes; p != NULL; p = p->pd_next) {
		for (dt_provprobe_t *q = old->dv_probes; q != NULL;
		    q = q->pd_next) {
			if (strcmp(p->pd_name, q->pd_name) == 0 &&
			    !probe_same(p, q))
				dt_cerror(pcb, "D_PROV_INCOMPAT", p->pd_pos,
				    "probe %s:%s is declared again with other "
				    "argument types", dvp->dv_name, p->pd_name);
		}
	}
	while (dvp->dv_probes != NULL) {
		dt_provprobe_t *p = dvp->dv_probes, *q, **tail;

		dvp->dv_probes = p->pd_next;
		dvp->dv_nprobes--;
		p->pd_next = NULL;
		for (q = old->dv_probes; q != NULL; q = q->pd_next) {
			if (strcmp(p->pd_name, q->pd_name) == 0)
				break;
		}
		if (q != NULL) {
			dt_provprobe_free(p);
			continue;
		}
		for (tail = &old->dv_probes; *tail != NULL;
		    tail = &(*tail)->pd_next)
			;
		*tail = p;
		old->dv_nprobes++;
	}
	dt_provdecl_free(dvp);
	pcb->pcb_provdecl = NULL;
}
