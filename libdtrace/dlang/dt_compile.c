/*
 * dt_compile.c: the compiler driver.  Runs the passes over a source text,
 * turns the first error into the handle's message and frees what a failed
 * compilation allocated.
 *
 * An error message has DTrace's first line ("line 3: syntax error near
 * \";\"", with "[D_TAG] " in front under -xerrtags; no line for a one-line
 * -n program; "\"FILE\", line 3: " in a file a line marker named, such as
 * a header of a preprocessed program).  Where it is (file:line:column),
 * the source line and a caret under the column are kept apart, for
 * dtrace_errwhere(): the message is DTrace's, byte for byte, and the
 * command shows the position when its standard error is a terminal.
 *
 * With DTRACE_C_CPP (or the option cpp) the text goes through the C
 * preprocessor first (dt_cpp.c) and the compiler reads its output, whose
 * line markers keep positions in the user's files and lines.  The line
 * shown under an error is then the preprocessed one, which the column
 * refers to.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_ast.h"
#include "../types/dt_tcache.h"
#include "../codegen/dt_cg.h"
#include "../consume/dt_consume.h"
#include "dt_dlang.h"
#include "../probes/dt_probe.h"
#include "../proc/dt_proc.h"

/*
 * The parts of a compiler error message are each bounded, so that the
 * whole fits dt_errmsg (4096 bytes), and the position dt_errwhere (1024),
 * however long the token or the file name it quotes.
 */
#define CERR_MSGMAX	2048	/* the message */
#define CERR_NAMEMAX	256	/* a file name, in the prefix and in "at" */
#define CERR_LINEMAX	160	/* the source line shown, around the column */

/*
 * Append s[0 .. len) to buf (at *np, of size buflen), at most max bytes
 * of it: past that, its start and its end around "..." (the end keeps what
 * follows a long quoted token: its closing quote, the rest of the
 * message).  A cut falls between UTF-8 characters.
 */
static void
clip(char *buf, size_t *np, size_t buflen, const char *s, size_t len,
    size_t max)
{
	size_t head = len, tail = 0;

	if (len > max) {
		tail = max / 4;
		head = max - tail - 3;
		while (head > 0 && ((unsigned char)s[head] & 0xc0) == 0x80)
			head--;
		while (tail > 0 && ((unsigned char)s[len - tail] & 0xc0) ==
		    0x80)
			tail--;
	}
	*np += (size_t)snprintf(buf + *np, buflen - *np, "%.*s%s%.*s",
	    (int)head, s, len > max ? "..." : "", (int)tail, s + len - tail);
	if (*np >= buflen)
		*np = buflen - 1;
}

void
dt_cerror(dt_pcb_t *pcb, const char *tag, dt_srcpos_t pos, const char *fmt,
    ...)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char buf[sizeof (dtp->dt_errmsg)];	/* fmt's args may be dt_errmsg */
	char *msg = NULL, *w;
	size_t len = sizeof (buf), n = 0, off = 0, col, wlen;
	const char *line, *end, *srcend = pcb->pcb_src + pcb->pcb_len;
	const char *fname = dt_srcfile_name(dtp, pos.sp_file);
	/* a library file's errors name it, as a line marker's do */
	const char *lname = fname != NULL ? fname : pcb->pcb_library ?
	    pcb->pcb_file : NULL;
	const char *where = fname != NULL ? fname : pcb->pcb_file != NULL ?
	    pcb->pcb_file : DT_CMDLINE;
	bool oneline = pcb->pcb_file == NULL && fname == NULL &&
	    (pcb->pcb_usrc != NULL ? memchr(pcb->pcb_usrc, '\n',
	    pcb->pcb_ulen) : memchr(pcb->pcb_src, '\n', pcb->pcb_len)) ==
	    NULL;
	int pline = pos.sp_pline > 0 ? pos.sp_pline : pos.sp_line;
	va_list ap;
	int l;

	buf[0] = '\0';
	if (dtp->dt_opts.op_errtags)
		n += (size_t)snprintf(buf + n, len - n, "[%s] ", tag);
	if (lname != NULL) {
		clip(buf, &n, len, "\"", 1, 1);
		clip(buf, &n, len, lname, strlen(lname), CERR_NAMEMAX);
		n += (size_t)snprintf(buf + n, len - n, "\", line %d: ",
		    pos.sp_line);
	} else if (!oneline) {
		n += (size_t)snprintf(buf + n, len - n, "line %d: ",
		    pos.sp_line);
	}
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (msg != NULL) {
		clip(buf, &n, len, msg, strlen(msg), CERR_MSGMAX);
		free(msg);
	} else {
		clip(buf, &n, len, "out of memory formatting the message",
		    36, 36);
	}
	n += dt_errmsg_hint(buf, n, len);

	memcpy(dtp->dt_errmsg, buf, sizeof (buf));

	/* Find the source line and show it with a caret. */
	w = dtp->dt_errwhere;
	wlen = sizeof (dtp->dt_errwhere);
	n = 0;
	line = pcb->pcb_src;
	for (l = 1; l < pline && line < srcend; line++) {
		if (*line == '\n')
			l++;
	}
	for (end = line; end < srcend && *end != '\n'; end++)
		;
	col = pos.sp_col > 0 ? (size_t)pos.sp_col - 1 : 0;
	n += (size_t)snprintf(w + n, wlen - n, "    at ");
	clip(w, &n, wlen, where, strlen(where), CERR_NAMEMAX);
	n += (size_t)snprintf(w + n, wlen - n, ":%d:%d\n    ", pos.sp_line,
	    pos.sp_col);
	if (end - line > CERR_LINEMAX) {
		/* a long line: the part around the column, "..." for the
		   rest */
		if (col > CERR_LINEMAX / 2)
			off = col - CERR_LINEMAX / 2;
		if (off > (size_t)(end - line) - CERR_LINEMAX)
			off = (size_t)(end - line) - CERR_LINEMAX;
		while (off > 0 && ((unsigned char)line[off] & 0xc0) == 0x80)
			off--;
		if (off > 0)
			n += (size_t)snprintf(w + n, wlen - n, "...");
		n += (size_t)snprintf(w + n, wlen - n, "%.*s%s",
		    CERR_LINEMAX, line + off, off + CERR_LINEMAX <
		    (size_t)(end - line) ? "..." : "");
	} else {
		n += (size_t)snprintf(w + n, wlen - n, "%.*s",
		    (int)(end - line), line);
	}
	n += (size_t)snprintf(w + n, wlen - n, "\n    %s",
	    off > 0 ? "   " : "");
	for (size_t c = off; c < col && n + 2 < wlen; c++)
		w[n++] = line + c < end && line[c] == '\t' ? '\t' : ' ';
	if (n + 2 < wlen) {
		w[n++] = '^';
		w[n] = '\0';
	}
	dtp->dt_errtag = tag;
	dtp->dt_errno = EDT_COMPILER;
	longjmp(*(jmp_buf *)pcb->pcb_jmp, 1);
}

/* The D library failed to compile: the error of the program using it. */
void
dt_lib_error(dt_pcb_t *pcb, dt_srcpos_t pos)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	char msg[sizeof (dtp->dt_errmsg)];

	memcpy(msg, dtp->dt_errmsg, sizeof (msg));
	if (!dtp->dt_errtag)	/* not a compiler error: memory */
		dt_cerror(pcb, "D_NOMEM", pos, "the D library does not "
		    "compile: %s", msg);
	dt_cerror(pcb, dtp->dt_errtag, pos, "the D library does not compile "
	    "here: %s", msg);
}

void
dt_node_free_all(dt_node_t *dnp)
{
	while (dnp != NULL) {
		dt_node_t *next = dnp->dn_all;

		free(dnp->dn_str);
		dt_printf_free(dnp->dn_pfmt);
		free(dnp);
		dnp = next;
	}
}

static void
clause_free(dt_clause_t *dcp)
{
	for (unsigned int i = 0; i < dcp->dc_ndescs; i++)
		free(dcp->dc_desctext[i]);
	free(dcp->dc_desctext);
	free(dcp->dc_descs);
	free(dcp->dc_descpos);
	free(dcp->dc_where);
	for (unsigned int i = 0; i < dcp->dc_nrecs; i++) {
		dt_printf_free(dcp->dc_recs[i].dr_pfmt);
		free(dcp->dc_recs[i].dr_args);
		free(dcp->dc_recs[i].dr_aggs);
		free(dcp->dc_recs[i].dr_optname);
		free(dcp->dc_recs[i].dr_optval);
		free(dcp->dc_recs[i].dr_tname);
	}
	free(dcp->dc_recs);
	free(dcp->dc_probes);
	dt_block_free(&dcp->dc_code);
	dt_tcache_rele(dcp->dc_types);
	free(dcp);
}

void
dt_program_free(struct dtrace_prog *pgp)
{
	dt_clause_t *dcp, *next;

	for (dcp = pgp->dp_clauses; dcp != NULL; dcp = next) {
		next = dcp->dc_next;
		clause_free(dcp);
	}
	dt_node_free_all(pgp->dp_nodes);
	free(pgp);
}

/*
 * A pid description that matched nothing: DTrace's tag for why, when it
 * names things exactly (the providers' pv_nomatch).
 */
static void
pid_nomatch(dt_pcb_t *pcb, const dtrace_probedesc_t *d, dt_srcpos_t pos)
{
	char why[300], msg[1300];
	int kind = DT_PIDNM_NONE;

	for (size_t i = 0; i < DT_NPROVIDERS && kind == DT_PIDNM_NONE; i++) {
		if (dt_providers[i]->pv_nomatch != NULL)
			kind = dt_providers[i]->pv_nomatch(pcb->pcb_hdl, d,
			    why, sizeof (why));
	}

	snprintf(msg, sizeof (msg), "probe description %s:%s:%s:%s does not "
	    "match any probes: %s", d->prv, d->mod, d->fun, d->prb, why);
	switch (kind) {
	case DT_PIDNM_NAME:
		dt_cerror(pcb, "D_PROC_NAME", pos, "%s", msg);
	case DT_PIDNM_LIB:
		dt_cerror(pcb, "D_PROC_LIB", pos, "%s", msg);
	case DT_PIDNM_FUNC:
		dt_cerror(pcb, "D_PROC_FUNC", pos, "%s", msg);
	case DT_PIDNM_BADPID:
		dt_cerror(pcb, "D_PROC_BADPID", pos, "%s", msg);
	case DT_PIDNM_ZERO:
		dt_cerror(pcb, "D_PDESC_ZERO", pos, "%s", msg);
	}
}

static dtrace_prog_t *
compile(dtrace_hdl_t *dtp, const char *src, size_t len, const char *file,
    dtrace_probespec_t spec, unsigned int cflags, int argc,
    char *const argv[], bool library)
{
	dt_pcb_t pcb;
	jmp_buf jb;
	dtrace_prog_t *pgp;
	uint32_t globsize = dtp->dt_globsize;
	char *cppsrc = NULL;
	size_t cpplen = 0;

	if (cflags & ~DTRACE_C_MASK) {
		dt_set_errno(dtp, EINVAL);
		return (NULL);
	}
	if (((cflags & DTRACE_C_CPP) || dtp->dt_opts.op_cpp) &&
	    dt_cpp_run(dtp, src, len, file != NULL ? file : DT_CMDLINE,
	    &cppsrc, &cpplen) != 0)
		return (NULL);
	if ((pgp = dt_zalloc(dtp, sizeof (*pgp))) == NULL) {
		free(cppsrc);
		return (NULL);
	}
	pgp->dp_tail = &pgp->dp_clauses;

	memset(&pcb, 0, sizeof (pcb));
	pcb.pcb_hdl = dtp;
	pcb.pcb_src = cppsrc != NULL ? cppsrc : src;
	pcb.pcb_len = cppsrc != NULL ? cpplen : len;
	pcb.pcb_usrc = cppsrc != NULL ? src : NULL;
	pcb.pcb_ulen = len;
	pcb.pcb_file = file;
	pcb.pcb_spec = spec;
	pcb.pcb_library = library;
	pcb.pcb_argc = argc;
	pcb.pcb_argv = argv;
	pcb.pcb_prog = pgp;
	pcb.pcb_jmp = &jb;
	dtp->dt_errtag = NULL;

	if (setjmp(jb) != 0) {
		dtp->dt_inprogram = false;
		/* the peek token is zeroed whenever it is not in use */
		dt_tok_free(&pcb.pcb_tok);
		dt_tok_free(&pcb.pcb_peek);
		dt_provdecl_free(pcb.pcb_provdecl);
		pgp->dp_nodes = pcb.pcb_nodes;
		dt_program_free(pgp);
		free(cppsrc);
		/* Variables the failed program declared stay: harmless. */
		(void) globsize;
		return (NULL);
	}
	dtp->dt_inprogram = true;
	dt_parse_program(&pcb);
	dtp->dt_inprogram = false;
	dt_tok_free(&pcb.pcb_tok);
	/*
	 * The last macro argument must be used, unless argref says not: as
	 * in DTrace, that is the check (a program may skip $1 and use $2),
	 * and each program is checked on its own.
	 */
	if (argc > 1 && argc <= 63 && !(cflags & DTRACE_C_ARGREF) &&
	    !dtp->dt_opts.op_argref &&
	    !(pcb.pcb_argused & (1ULL << (argc - 1))))
		dt_cerror(&pcb, "D_MACRO_UNUSED", pcb.pcb_pos,
		    "extraneous argument '%s' ($%d is not referenced)",
		    argv[argc - 1], argc - 1);
	if (pcb.pcb_havepeek)
		dt_tok_free(&pcb.pcb_peek);
	pcb.pcb_havepeek = false;

	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next) {
		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			const dtrace_probedesc_t *d = &dcp->dc_descs[i];
			int n = dt_probe_match(dtp, d, NULL, NULL);
			const char *why;

			if (n < 0 && dtrace_errno(dtp) == EDT_PROCALIGN)
				dt_cerror(&pcb, "D_PROC_ALIGN",
				    dcp->dc_descpos[i], "%s", dtrace_errmsg(dtp,
				    EDT_PROCALIGN));
			if (n < 0 && dtrace_errno(dtp) == EDT_PROCOFF)
				dt_cerror(&pcb, "D_PROC_OFF",
				    dcp->dc_descpos[i], "%s", dtrace_errmsg(dtp,
				    EDT_PROCOFF));
			if (n < 0 && dtrace_errno(dtp) == EDT_GRAB)
				dt_cerror(&pcb, "D_PROC_GRAB",
				    dcp->dc_descpos[i], "%s", dtrace_errmsg(dtp,
				    EDT_GRAB));
			if (n < 0)
				dt_cerror(&pcb, "D_PDESC_INVAL",
				    dcp->dc_descpos[i], "%s", dtrace_errmsg(dtp,
				    dtrace_errno(dtp)));
			if (n == 0 && d->id == 0 &&
			    (why = dt_probe_absent(d)) != NULL)
				dt_cerror(&pcb, "D_PDESC_ABSENT",
				    dcp->dc_descpos[i], "probe description "
				    "%s:%s:%s:%s names probes this kernel "
				    "cannot provide: %s", d->prv, d->mod,
				    d->fun, d->prb, why);
			if (n == 0 && !dtp->dt_opts.op_zdefs &&
			    !(cflags & DTRACE_C_ZDEFS))
				pid_nomatch(&pcb, d, dcp->dc_descpos[i]);
			if (n == 0 && !dtp->dt_opts.op_zdefs &&
			    !(cflags & DTRACE_C_ZDEFS) && d->id != 0)
				dt_cerror(&pcb, "D_PDESC_ZERO",
				    dcp->dc_descpos[i], "probe description "
				    "%u does not match any probes", d->id);
			if (n == 0 && !dtp->dt_opts.op_zdefs &&
			    !(cflags & DTRACE_C_ZDEFS))
				dt_cerror(&pcb, "D_PDESC_ZERO",
				    dcp->dc_descpos[i], "probe description "
				    "%s:%s:%s:%s does not match any probes",
				    d->prv, d->mod, d->fun, d->prb);
		}
		if (dcp->dc_ndescs > 0) {
			const dt_srcpos_t *sp = &dcp->dc_descpos[0];
			const char *fname = dt_srcfile_name(dtp, sp->sp_file);

			if (asprintf(&dcp->dc_where, "%s:%d:%d", fname != NULL ?
			    fname : file != NULL ? file : DT_CMDLINE,
			    sp->sp_line, sp->sp_col) < 0) {
				dcp->dc_where = NULL;
				dt_cerror(&pcb, "D_NOMEM", *sp, "out of memory");
			}
		}
		dt_sema_clause(&pcb, dcp);
		dt_alloca_clause(&pcb, dcp);
		if (dt_cg_clause(dtp, dcp) != 0)
			dt_cerror(&pcb, dtp->dt_errtag ? dtp->dt_errtag :
			    "D_CG", dcp->dc_descpos[0], "%s", dtp->dt_errmsg);
	}
	free(cppsrc);
	pgp->dp_nodes = pcb.pcb_nodes;
	pgp->dp_next = dtp->dt_progs;
	dtp->dt_progs = pgp;
	if (cflags & DTRACE_C_ZDEFS)
		dtp->dt_opts.op_zdefs = true;
	return (pgp);
}

/* Compile text as if read from the file named (the D library). */
dtrace_prog_t *
dt_compile_file_text(dtrace_hdl_t *dtp, const char *s, const char *file)
{
	return (compile(dtp, s, strlen(s), file, DTRACE_PROBESPEC_NAME, 0, 0,
	    NULL, true));
}

DT_EXPORT dtrace_prog_t *
dtrace_program_strcompile(dtrace_hdl_t *dtp, const char *s,
    dtrace_probespec_t spec, unsigned int cflags, int argc,
    char *const argv[])
{
	if (s == NULL) {
		dt_set_errno(dtp, EINVAL);
		return (NULL);
	}
	if (dt_lib_dirs(dtp) != 0)
		return (NULL);
	return (compile(dtp, s, strlen(s), NULL, spec, cflags, argc, argv, false));
}

DT_EXPORT dtrace_prog_t *
dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp, unsigned int cflags,
    int argc, char *const argv[])
{
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	dtrace_prog_t *pgp;

	for (;;) {
		if (len + 4096 > cap) {
			char *nb = dt_realloc(dtp, buf, cap = cap * 2 + 8192);

			if (nb == NULL) {
				free(buf);
				return (NULL);
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len - 1, fp);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(fp)) {
		free(buf);
		dt_set_errno(dtp, errno ? errno : EIO);
		return (NULL);
	}
	buf[len] = '\0';
	if (dt_lib_dirs(dtp) != 0) {
		free(buf);
		return (NULL);
	}
	pgp = compile(dtp, buf, len, argc > 0 ? argv[0] : "<stdin>",
	    DTRACE_PROBESPEC_NAME, cflags, argc, argv, false);
	free(buf);
	return (pgp);
}
