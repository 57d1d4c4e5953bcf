/*
 * dt_consume.c: reading records from the ring buffer and printing them.
 *
 * The ring buffer is one ordered stream for all CPUs, so records are
 * printed in the order they were produced.  For each data record the probe
 * callback runs first (the CLI prints the CPU/ID/FUNCTION:NAME prefix
 * there), then the record callback once per record of the clause (returning
 * DTRACE_CONSUME_THIS has the record printed here), then once with NULL at
 * the end of the firing.  Fault records go to the error handler.
 *
 * When there is a record callback (or a buffered handler), each record is
 * first decoded into a dtrace_value_t (dt_value.c), which the callback
 * gets as the record description's dtrd_value; a printf() record is then
 * printed from the text its decoding formatted, not formatted twice.
 * With a buffered handler, a firing prints into a memory stream, and what
 * each record printed is handed to the handler as soon as it is printed.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "../core/dt_impl.h"
#include "dt_consume.h"
#include "../probes/dt_probe.h"
#include "../proc/dt_proc.h"
#include "../core/dt_ident.h"
#include "../dlang/dt_clause.h"

static void print_bytes(FILE *, const unsigned char *, uint32_t);

/*
 * Print one trace() value as DTrace for Linux does: aligned columns
 * unless quiet, a pointer as the unsigned 64-bit number it is; with
 * option rawbytes, every value as the hex dump of its bytes (an integer
 * or pointer its ty_size bytes, little-endian as recorded).
 */
static int
print_datum(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *rec,
    const char *data)
{
	bool quiet = dtp->dt_opts.op_quiet;
	dt_type_t t = rec->dr_type;
	int64_t v;

	if (dtp->dt_opts.op_rawbytes) {
		print_bytes(fp, (const unsigned char *)data,
		    t.ty_kind == DT_TK_STRING || t.ty_size == 0 ||
		    t.ty_size > rec->dr_size ? rec->dr_size : t.ty_size);
		return (0);
	}
	if (t.ty_kind == DT_TK_STRING) {
		int n = (int)strnlen(data, rec->dr_size);

		return (fprintf(fp, quiet ? "%.*s" : "  %-33.*s", n, data));
	}
	memcpy(&v, data, sizeof (v));
	if (t.ty_kind == DT_TK_PTR)
		return (fprintf(fp, quiet ? "%llu" : " %20llu",
		    (unsigned long long)v));
	switch (t.ty_size) {
	case 1:
		return (fprintf(fp, quiet ? "%lld" : " %3lld", (long long)v));
	case 2:
		return (fprintf(fp, quiet ? "%lld" : " %5lld", (long long)v));
	case 4:
		return (fprintf(fp, t.ty_signed ? (quiet ? "%lld" : " %10lld") :
		    (quiet ? "%llu" : " %10llu"), (long long)v));
	default:
		/* DTrace gives a signed 64-bit value one column less than
		   an unsigned one (reference run trace-widths) */
		return (fprintf(fp, t.ty_signed ? (quiet ? "%lld" : " %19lld") :
		    (quiet ? "%llu" : " %20llu"), (long long)v));
	}
}

/*
 * A kernel stack of at most nframes return addresses (8 bytes each, 0
 * after the last) as DTrace prints it: a line break, then each frame on
 * a line of its own, indented by stackindent (14) columns, as
 * module`symbol+0xoffset.
 */
int
dt_print_stack(dtrace_hdl_t *dtp, FILE *fp, const char *data,
    uint32_t nframes)
{
	char buf[256];

	fputc('\n', fp);
	for (uint32_t i = 0; i < nframes; i++) {
		uint64_t pc;

		memcpy(&pc, data + i * 8, sizeof (pc));
		if (pc == 0)
			break;
		dt_format_kaddr(dtp, pc, buf, sizeof (buf));
		fprintf(fp, "%*s%s\n", (int)dtp->dt_opts.op_stackindent, "",
		    buf);
	}
	return (0);
}

/*
 * A user stack (the pid, then at most nframes return addresses, 0 after
 * the last) as DTrace prints it: as stack() does, each frame as
 * module`symbol+0xoffset, module`0xaddress or 0xaddress (dt_usym.c).
 */
int
dt_print_ustack(dtrace_hdl_t *dtp, FILE *fp, const char *data,
    uint32_t nframes)
{
	char buf[512];
	uint64_t pid;

	memcpy(&pid, data, sizeof (pid));
	fputc('\n', fp);
	for (uint32_t i = 0; i < nframes; i++) {
		uint64_t pc;

		memcpy(&pc, data + 8 + i * 8, sizeof (pc));
		if (pc == 0)
			break;
		dt_format_uaddr(dtp, (pid_t)pid, pc, DT_TK_USTACK, buf,
		    sizeof (buf), NULL);
		fprintf(fp, "%*s%s\n", (int)dtp->dt_opts.op_stackindent, "",
		    buf);
	}
	return (0);
}

/*
 * usym(), ufunc(), umod(), uaddr(): the pid and the address, named.  The
 * names of usym(), ufunc() and umod() fill DTrace's column of 50; a
 * uaddr() record is not padded, as DTrace prints it (module`sym+0xoff
 * and nothing after).
 */
static int
print_usym(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *rec,
    const char *data)
{
	char buf[512];
	uint64_t w[2];

	memcpy(w, data, sizeof (w));
	dt_format_uaddr(dtp, (pid_t)w[0], w[1], rec->dr_type.ty_kind, buf,
	    sizeof (buf), NULL);
	if (rec->dr_type.ty_kind == DT_TK_UADDR)
		return (fprintf(fp, "  %s", buf));
	return (fprintf(fp, "  %-50s", buf));
}

/* sym(), func() and mod(): the name, as DTrace prints it. */
static int
print_sym(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *rec,
    const char *data)
{
	char buf[256];
	uint64_t addr;

	memcpy(&addr, data, sizeof (addr));
	dt_format_ksym(dtp, addr, rec->dr_kind == DTRACEACT_MOD, buf,
	    sizeof (buf), NULL);
	return (fprintf(fp, "  %-50s", buf));
}

/*
 * tracemem(): DTrace's hex dump, sixteen bytes a line under a header of
 * column digits, each line the offset, the bytes in hex and as text
 * (a dot for what is not printable ASCII).
 */
static void
print_bytes(FILE *fp, const unsigned char *p, uint32_t n)
{
	fprintf(fp, "\n%11s", "");
	for (int c = 0; c < 16; c++)
		fprintf(fp, "  %x", c);
	fputs("  0123456789abcdef\n", fp);
	for (uint32_t off = 0; off < n; off += 16) {
		uint32_t end = n - off < 16 ? n - off : 16;

		fprintf(fp, "%10x:", off);
		for (uint32_t i = 0; i < 16; i++) {
			if (i < end)
				fprintf(fp, " %02x", p[off + i]);
			else
				fputs("   ", fp);
		}
		fputs("  ", fp);
		for (uint32_t i = 0; i < end; i++)
			fputc(p[off + i] >= ' ' && p[off + i] <= '~' ?
			    p[off + i] : '.', fp);
		fputc('\n', fp);
	}
}

/*
 * The length of the string a char array's n bytes hold, -1 if they hold
 * none, as DTrace decides: printable characters (spaces, \a and \b
 * too), at least one, up to the first NUL, and nothing but NULs after
 * it; an array with no NUL is a string of all its bytes.
 */
static int
chars_len(const unsigned char *p, uint32_t n)
{
	uint32_t i = 0;

	while (i < n && (isprint(p[i]) || isspace(p[i]) || p[i] == '\a' ||
	    p[i] == '\b'))
		i++;
	if (i == n)
		return ((int)n);
	if (i == 0 || p[i] != '\0')
		return (-1);
	for (uint32_t j = i; j < n; j++) {
		if (p[j] != '\0')
			return (-1);
	}
	return ((int)i);
}

/* The start of a firing's JSON line, up to its records. */
static void
json_head(FILE *fp, const dtrace_probedata_t *pd)
{
	fputs("{\"type\":\"probe\",", fp);
	dt_json_probe(fp, pd->dtpda_pdesc, pd->dtpda_cpu);
	fputs(",\"records\":[", fp);
}

/*
 * ftruncate(): the output file emptied, what was printed before it gone;
 * later output starts at its beginning (in JSON, a new start of the
 * firing's line, so that the line stays one object).  Output that is no
 * regular file (a terminal, a pipe) cannot be taken back and stays as
 * it is.
 */
static void
do_ftruncate(FILE *fp, const dtrace_probedata_t *pd, bool json,
    bool *firstp)
{
	fflush(fp);
	if (ftruncate(fileno(fp), 0) != 0)
		return;
	rewind(fp);
	if (json) {
		json_head(fp, pd);
		*firstp = true;
	}
}

/*
 * system(): run cmd with /bin/sh -c and wait for it.  What the firing
 * printed before is flushed first, and the command's standard output is
 * the output file (when it has a descriptor), so that its output comes
 * in order with the records around it, also with -o and after
 * freopen().  With outp, the command's output is read through a pipe
 * instead and returned there (JSON output); then a command that leaves
 * a process behind holding the pipe makes us wait for that process too.
 * Returns the command's wait status, or -1 with errno.
 */
static int
run_system(FILE *fp, const char *cmd, char **outp)
{
	int pfd[2] = { -1, -1 }, ofd = fp != NULL ? fileno(fp) : -1, st;
	pid_t pid;

	if (fp != NULL)
		fflush(fp);
	fflush(stderr);
	if (outp != NULL && pipe2(pfd, O_CLOEXEC) != 0)
		return (-1);
	if ((pid = fork()) < 0) {
		int err = errno;

		if (pfd[0] >= 0) {
			close(pfd[0]);
			close(pfd[1]);
		}
		errno = err;
		return (-1);
	}
	if (pid == 0) {
		if (pfd[1] >= 0)
			(void) dup2(pfd[1], STDOUT_FILENO);
		else if (ofd >= 0 && ofd != STDOUT_FILENO)
			(void) dup2(ofd, STDOUT_FILENO);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (outp != NULL) {
		char chunk[4096];
		size_t len = 0;
		FILE *mf;
		ssize_t n;

		close(pfd[1]);
		*outp = NULL;
		mf = open_memstream(outp, &len);
		while ((n = read(pfd[0], chunk, sizeof (chunk))) != 0) {
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				break;
			if (mf != NULL)
				fwrite(chunk, 1, (size_t)n, mf);
		}
		close(pfd[0]);
		if (mf != NULL)
			fclose(mf);
	}
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return (-1);
	}
	return (st);
}

/*
 * freopen(path): the output file's descriptor now writes to path
 * (created, appended to); freopen("") gives it back its first file.  The
 * first file's descriptor is kept, dup()ed, in dt_stdoutfd.  A file that
 * cannot be opened is reported and the output stays where it is.
 */
static void
do_freopen(dtrace_hdl_t *dtp, FILE *fp, const char *path)
{
	int fd, ofd = fileno(fp);

	fflush(fp);
	if (path[0] == '\0') {
		if (dtp->dt_stdoutfd >= 0 && ofd >= 0) {
			(void) dup2(dtp->dt_stdoutfd, ofd);
			close(dtp->dt_stdoutfd);
			dtp->dt_stdoutfd = -1;
		}
		return;
	}
	if (ofd < 0) {
		dt_msg(dtp, DTRACE_MSG_ERROR, "failed to freopen() %s: the "
		    "output has no file descriptor", path);
		return;
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC,
	    0666)) < 0) {
		dt_msg(dtp, DTRACE_MSG_ERROR, "failed to freopen() %s: %s",
		    path, strerror(errno));
		return;
	}
	if (dtp->dt_stdoutfd < 0 &&
	    (dtp->dt_stdoutfd = fcntl(ofd, F_DUPFD_CLOEXEC, 0)) < 0) {
		dt_msg(dtp, DTRACE_MSG_ERROR, "failed to freopen() %s: %s",
		    path, strerror(errno));
		close(fd);
		return;
	}
	(void) dup2(fd, ofd);
	close(fd);
}

/* A system() or freopen() record: do what it says. */
static void
consume_action(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const char *data, bool json, bool *firstp)
{
	size_t len;
	char *text = dt_value_text(dtp, r, data, &len), *out = NULL;
	int st;

	if (text == NULL) {
		dt_msg(dtp, DTRACE_MSG_ERROR, "%s() failed: out of memory",
		    r->dr_kind == DTRACEACT_SYSTEM ? "system" : "freopen");
		return;
	}
	if (r->dr_kind == DTRACEACT_FREOPEN) {
		do_freopen(dtp, fp, text);
		free(text);
		return;
	}
	/* its execs are not held for the session: it waits for them */
	dt_hold_own(dtp, true);
	st = run_system(fp, text, json ? &out : NULL);
	dt_hold_own(dtp, false);
	if (st < 0)
		dt_msg(dtp, DTRACE_MSG_ERROR, "failed to run system() "
		    "command '%s': %s", text, strerror(errno));
	if (json) {
		fputs(*firstp ? "{" : ",{", fp);
		fputs("\"kind\":\"system\",\"command\":", fp);
		dt_json_str(fp, text, strlen(text));
		fputs(",\"output\":", fp);
		dt_json_str(fp, out != NULL ? out : "", out != NULL ?
		    strlen(out) : 0);
		fprintf(fp, ",\"status\":%d}", st < 0 ? -1 :
		    WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
		*firstp = false;
	}
	free(out);
	free(text);
}

static const char *
fault_msg(int fault, uint64_t addr, char *buf, size_t len)
{
	switch (fault) {
	case DTRACEFLT_BADADDR:
		snprintf(buf, len, "invalid address (0x%llx)",
		    (unsigned long long)addr);
		break;
	case DTRACEFLT_BADALIGN:
		snprintf(buf, len, "invalid alignment (0x%llx)",
		    (unsigned long long)addr);
		break;
	case DTRACEFLT_ILLOP:
		snprintf(buf, len, "illegal operation");
		break;
	case DTRACEFLT_DIVZERO:
		snprintf(buf, len, "divide-by-zero");
		break;
	case DTRACEFLT_NOSCRATCH:
		snprintf(buf, len, "out of scratch space");
		break;
	case DTRACEFLT_BADINDEX:
		snprintf(buf, len, "index out of bounds (%lld)",
		    (long long)addr);
		break;
	default:
		snprintf(buf, len, "unknown fault %d", fault);
	}
	return (buf);
}

/*
 * Output for the buffered handler: a memory stream, and how much of it
 * has been handed to the handler already.
 */
typedef struct dt_bufout {
	FILE *bo_fp;			/* the stream, NULL: no handler */
	char *bo_buf;			/* its buffer */
	size_t bo_len;			/* its length */
	size_t bo_done;			/* bytes delivered */
} dt_bufout_t;

static int
bufout_open(dtrace_hdl_t *dtp, dt_bufout_t *bo)
{
	memset(bo, 0, sizeof (*bo));
	if (dtp->dt_bufhdlr == NULL)
		return (0);
	if ((bo->bo_fp = open_memstream(&bo->bo_buf, &bo->bo_len)) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	return (0);
}

/* Hand what was printed since the last call to the buffered handler. */
static int
bufout_flush(dtrace_hdl_t *dtp, dt_bufout_t *bo, const dtrace_probedata_t *pd,
    const dtrace_recdesc_t *rd, dtrace_aggid_t aggid)
{
	dtrace_bufdata_t bd;

	if (bo->bo_fp == NULL || fflush(bo->bo_fp) != 0 ||
	    bo->bo_len == bo->bo_done)
		return (0);
	memset(&bd, 0, sizeof (bd));
	bd.dtbda_size = sizeof (bd);
	bd.dtbda_handle = dtp;
	bd.dtbda_buffered = bo->bo_buf + bo->bo_done;
	bd.dtbda_len = bo->bo_len - bo->bo_done;
	bd.dtbda_probe = pd;
	bd.dtbda_recdesc = rd;
	bd.dtbda_aggid = aggid;
	bo->bo_done = bo->bo_len;
	if (dtp->dt_bufhdlr(&bd, dtp->dt_bufarg) == DTRACE_HANDLE_ABORT)
		return (dt_set_errno(dtp, EDT_CALLBACK));
	return (0);
}

static void
bufout_close(dt_bufout_t *bo)
{
	if (bo->bo_fp != NULL)
		fclose(bo->bo_fp);
	free(bo->bo_buf);
	memset(bo, 0, sizeof (*bo));
}

static int consume_recs(dtrace_hdl_t *, const dtrace_probedata_t *,
    const dt_clause_t *, FILE *, bool, dt_bufout_t *);

static int
consume_fault(dtrace_hdl_t *dtp, const dt_rechdr_t *hdr, const char *data,
    size_t size, const dt_probe_t *prp)
{
	dt_faultrec_t fr;
	dtrace_errdata_t ed;
	char what[64], msg[1024];

	if (size < sizeof (*hdr) + sizeof (fr))
		return (0);
	memcpy(&fr, data + sizeof (*hdr), sizeof (fr));
	snprintf(msg, sizeof (msg), "error in dt_clause_%u for probe ID %u "
	    "(%s:%s:%s:%s): %s at BPF pc %llu", (unsigned int)fr.fr_stmt,
	    hdr->rh_prid, prp->pr_desc.prv, prp->pr_desc.mod,
	    prp->pr_desc.fun, prp->pr_desc.prb, fault_msg((int)fr.fr_fault,
	    fr.fr_addr, what, sizeof (what)), (unsigned long long)fr.fr_pc);
	memset(&ed, 0, sizeof (ed));
	ed.dteda_pdesc = &prp->pr_desc;
	ed.dteda_clause = hdr->rh_clause;
	ed.dteda_cpu = (int)hdr->rh_cpu;
	ed.dteda_fault = (int)fr.fr_fault;
	ed.dteda_addr = fr.fr_addr;
	ed.dteda_pc = (unsigned int)fr.fr_pc;
	ed.dteda_msg = msg;
	if (dtp->dt_errhdlr != NULL) {
		if (dtp->dt_errhdlr(&ed, dtp->dt_errarg) == DTRACE_HANDLE_ABORT)
			return (-1);
		return (0);
	}
	if (dtp->dt_outfp != NULL)
		fflush(dtp->dt_outfp);
	dt_msg(dtp, DTRACE_MSG_ERROR, "%s", msg);
	return (0);
}

/*
 * -x oformat=json: one record of a firing, as an element of its
 * "records" array.  printf() gives the text it formats, printa() its
 * aggregations' data (not the text of its format).
 */
static void
json_record(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const char *data, bool *firstp)
{
	uint64_t ubuf[1 + DT_STACK_MAXFRAMES];	/* unwound ustack() */
	char *buf = NULL;
	size_t len = 0;

	switch (r->dr_kind) {
	case DTRACEACT_DIFEXPR:
		fputs(*firstp ? "{" : ",{", fp);
		fputs("\"kind\":\"trace\",\"value\":", fp);
		dt_json_value(fp, r->dr_type, data + r->dr_offset, r->dr_size);
		break;
	case DTRACEACT_SYM:
	case DTRACEACT_MOD: {
		char sym[256];
		uint64_t addr;

		memcpy(&addr, data + r->dr_offset, sizeof (addr));
		dt_format_ksym(dtp, addr, r->dr_kind == DTRACEACT_MOD, sym,
		    sizeof (sym), NULL);
		fputs(*firstp ? "{" : ",{", fp);
		fprintf(fp, "\"kind\":\"%s\",\"value\":",
		    r->dr_kind == DTRACEACT_MOD ? "mod" : "sym");
		dt_json_str(fp, sym, strlen(sym));
		break;
	}
	case DTRACEACT_USYM:
	case DTRACEACT_UMOD:
	case DTRACEACT_UADDR: {
		char sym[512];
		uint64_t w[2];

		memcpy(w, data + r->dr_offset, sizeof (w));
		dt_format_uaddr(dtp, (pid_t)w[0], w[1], r->dr_type.ty_kind, sym,
		    sizeof (sym), NULL);
		fputs(*firstp ? "{" : ",{", fp);
		fprintf(fp, "\"kind\":\"%s\",\"value\":",
		    r->dr_kind == DTRACEACT_USYM ? "usym" : r->dr_kind ==
		    DTRACEACT_UMOD ? "umod" : "uaddr");
		dt_json_str(fp, sym, strlen(sym));
		break;
	}
	case DTRACEACT_USTACK:
		fputs(*firstp ? "{" : ",{", fp);
		fputs("\"kind\":\"ustack\",\"frames\":", fp);
		dt_json_ustack(dtp, fp, dt_ustack_frames(dtp,
		    data + r->dr_offset, r->dr_size, r->dr_type.ty_size,
		    ubuf), r->dr_type.ty_size);
		break;
	case DTRACEACT_STACK:
		fputs(*firstp ? "{" : ",{", fp);
		fputs("\"kind\":\"stack\",\"frames\":", fp);
		dt_json_stack(dtp, fp, data + r->dr_offset, r->dr_type.ty_size);
		break;
	case DTRACEACT_PRINTF:
		if ((buf = dt_value_text(dtp, r, data, &len)) == NULL)
			return;
		fputs(*firstp ? "{" : ",{", fp);
		fputs("\"kind\":\"printf\",\"output\":", fp);
		dt_json_str(fp, buf, len);
		free(buf);
		break;
	case DTRACEACT_TRACEMEM: {
		const unsigned char *b;
		uint32_t n = dt_tracemem_bytes(r, data, &b);

		fputs(*firstp ? "{" : ",{", fp);
		/* tracemem(), or trace() of a struct or array */
		fprintf(fp, "\"kind\":\"%s\",\"bytes\":\"",
		    r->dr_type.ty_kind == DT_TK_VOID ? "tracemem" : "trace");
		for (uint32_t i = 0; i < n; i++)
			fprintf(fp, "%02x", b[i]);
		fputc('"', fp);
		break;
	}
	case DTRACEACT_PRINT:
		if ((buf = dt_print_text(dtp, r, data, &len, 0)) == NULL)
			return;
		fputs(*firstp ? "{" : ",{", fp);
		fputs("\"kind\":\"print\",\"type\":", fp);
		dt_json_str(fp, r->dr_tname, strlen(r->dr_tname));
		fputs(",\"output\":", fp);
		dt_json_str(fp, buf, len);
		free(buf);
		break;
	default:
		return;		/* no output of its own */
	}
	fputc('}', fp);
	*firstp = false;
}

/* printa() in JSON: the data of its aggregations (one: idp). */
static void
json_printa(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const dt_ident_t *idp, bool *firstp)
{
	fputs(*firstp ? "{" : ",{", fp);
	fputs("\"kind\":\"printa\",\"aggregations\":[", fp);
	if (r->dr_naggs == 0) {
		dt_agg_json(dtp, fp, idp);
		((dt_ident_t *)idp)->di_printed = true;
	}
	for (uint32_t k = 0; k < r->dr_naggs; k++) {
		if (k > 0)
			fputc(',', fp);
		dt_agg_json(dtp, fp, r->dr_aggs[k]);
		((dt_ident_t *)r->dr_aggs[k])->di_printed = true;
	}
	fputs("]}", fp);
	*firstp = false;
}

/*
 * Print one record that the callbacks let through; v is its decoded
 * value, or NULL.
 */
static void
print_rec(dtrace_hdl_t *dtp, FILE *fp, const dt_datarec_t *r,
    const char *data, const dtrace_value_t *v, bool json, bool *firstp)
{
	uint64_t ubuf[1 + DT_STACK_MAXFRAMES];	/* unwound ustack() */

	if (r->dr_kind == DTRACEACT_PRINTA ||
	    r->dr_kind == DTRACEACT_CLEAR ||
	    r->dr_kind == DTRACEACT_TRUNC ||
	    r->dr_kind == DTRACEACT_NORMALIZE) {
		int64_t w[2];
		const dt_ident_t *idp;

		memcpy(w, data + r->dr_offset, sizeof (w));
		if (w[0] < DT_MAP_COUNT || w[0] - DT_MAP_COUNT >=
		    (int64_t)dtp->dt_nvarmaps)
			return;
		idp = dtp->dt_varmaps[w[0] - DT_MAP_COUNT];
		if (r->dr_kind == DTRACEACT_PRINTA && json) {
			json_printa(dtp, fp, r, idp, firstp);
		} else if (r->dr_kind == DTRACEACT_PRINTA &&
		    r->dr_naggs > 0) {
			dt_agg_printa(dtp, fp, r);
		} else if (r->dr_kind == DTRACEACT_PRINTA) {
			fputc('\n', fp);
			dt_agg_print(dtp, fp, idp);
			((dt_ident_t *)idp)->di_printed = true;
		} else if (r->dr_kind == DTRACEACT_NORMALIZE) {
			/* denormalize() records 0 */
			((dt_ident_t *)idp)->di_normal = w[1];
		} else {
			dt_agg_clear(dtp, idp, w[1],
			    r->dr_kind == DTRACEACT_TRUNC);
		}
	} else if (json)
		json_record(dtp, fp, r, data, firstp);
	else if (r->dr_kind == DTRACEACT_DIFEXPR)
		print_datum(dtp, fp, r, data + r->dr_offset);
	else if (r->dr_kind == DTRACEACT_SYM ||
	    r->dr_kind == DTRACEACT_MOD)
		print_sym(dtp, fp, r, data + r->dr_offset);
	else if (r->dr_kind == DTRACEACT_USYM ||
	    r->dr_kind == DTRACEACT_UMOD ||
	    r->dr_kind == DTRACEACT_UADDR)
		print_usym(dtp, fp, r, data + r->dr_offset);
	else if (r->dr_kind == DTRACEACT_USTACK)
		dt_print_ustack(dtp, fp, dt_ustack_frames(dtp,
		    data + r->dr_offset, r->dr_size, r->dr_type.ty_size,
		    ubuf), r->dr_type.ty_size);
	else if (r->dr_kind == DTRACEACT_STACK)
		dt_print_stack(dtp, fp, data + r->dr_offset,
		    r->dr_type.ty_size);
	else if (r->dr_kind == DTRACEACT_TRACEMEM) {
		const unsigned char *b;
		uint32_t n = dt_tracemem_bytes(r, data, &b);
		int len = r->dr_chars && !dtp->dt_opts.op_rawbytes ?
		    chars_len(b, n) : -1;

		/* a struct, union or wider array: always the bytes, as
		   DTrace for Linux shows what is not a char array */
		if (len >= 0)
			fprintf(fp, dtp->dt_opts.op_quiet ? "%.*s" : "  %-33.*s",
			    len, (const char *)b);
		else if (n > 0)
			print_bytes(fp, b, n);
	}
	else if ((r->dr_kind == DTRACEACT_PRINT ||
	    r->dr_kind == DTRACEACT_PRINTF) && v != NULL &&
	    v->dtv_kind == DTRACE_VAL_TEXT)
		fwrite(v->dtv_str, 1, v->dtv_len, fp);	/* formatted once */
	else if (r->dr_kind == DTRACEACT_PRINT)
		dt_print_rec(dtp, fp, r, data);

	else if (r->dr_kind == DTRACEACT_PRINTF)
		dt_printf_exec(dtp, fp, r->dr_pfmt, r->dr_args, data);
}

/* One record: a clause's data or a fault. */
static int
consume_one(dtrace_hdl_t *dtp, const char *data, size_t size)
{
	dt_rechdr_t hdr;
	const dt_clause_t *dcp;
	const dt_probe_t *prp;
	dtrace_probedata_t pd;
	FILE *fp = dtp->dt_outfp;
	dt_bufout_t bo;
	bool json;
	int rv;

	if (size < sizeof (hdr))
		return (0);
	memcpy(&hdr, data, sizeof (hdr));
	if (hdr.rh_prid == 0 || hdr.rh_prid > dtp->dt_nprobes ||
	    hdr.rh_clause >= dtp->dt_nclauses)
		return (0);
	prp = dtp->dt_probes[hdr.rh_prid - 1];
	if (prp->pr_shared && prp->pr_prov->pv_overlying != NULL)
		/* the firing process's own probe */
		prp = prp->pr_prov->pv_overlying(dtp, prp, (pid_t)hdr.rh_pid);
	dcp = dtp->dt_clauses[hdr.rh_clause];
	if (hdr.rh_kind == DT_REC_FAULT) {
		if (consume_fault(dtp, &hdr, data, size, prp) != 0) {
			dtp->dt_consume_err = -1;
			return (-1);
		}
		return (0);
	}
	if (size < sizeof (hdr) + dcp->dc_recsize)
		return (0);

	memset(&pd, 0, sizeof (pd));
	pd.dtpda_handle = dtp;
	pd.dtpda_pdesc = &prp->pr_desc;
	pd.dtpda_clause = hdr.rh_clause;
	pd.dtpda_cpu = (int)hdr.rh_cpu;
	pd.dtpda_data = data + sizeof (hdr);
	pd.dtpda_size = dcp->dc_recsize;

	if (dtp->dt_pfunc != NULL) {
		rv = dtp->dt_pfunc(&pd, dtp->dt_cbarg);
		if (rv == DTRACE_CONSUME_ERROR) {
			dt_set_errno(dtp, EDT_CALLBACK);
			dtp->dt_consume_err = -1;
			return (-1);
		}
		if (rv == DTRACE_CONSUME_NEXT)
			return (0);
		if (rv == DTRACE_CONSUME_ABORT)
			return (1);
	}
	if (bufout_open(dtp, &bo) != 0) {
		dtp->dt_consume_err = -1;
		return (-1);
	}
	if (bo.bo_fp != NULL)
		fp = bo.bo_fp;
	json = fp != NULL && dtp->dt_opts.op_oformat == DT_OFORMAT_JSON;
	if (json)
		json_head(fp, &pd);
	rv = consume_recs(dtp, &pd, dcp, fp, json, &bo);
	if (json)
		fputs("]}\n", fp);
	if (rv >= 0 && bufout_flush(dtp, &bo, &pd, NULL, 0) != 0) {
		dtp->dt_consume_err = -1;
		rv = -1;
	}
	bufout_close(&bo);
	return (rv);
}

/*
 * What the ring buffer callback returns for consume_one()'s answer: a
 * callback's DTRACE_CONSUME_ABORT (1) stops the ring buffer's loop (which
 * stops only on a negative answer) without an error; what follows stays
 * in the buffer for the next call.
 */
static int
consumed(dtrace_hdl_t *dtp, int rv)
{
	if (rv <= 0)
		return (rv);
	dtp->dt_consume_abort = true;
	return (-ECANCELED);
}

/*
 * One ring buffer record, or a committed speculation: the records
 * speculate() appended, one after another, each a header and its
 * clause's data (rounded up to 8 bytes), as if traced now.
 */
int
dt_consume_rec(dtrace_hdl_t *dtp, const char *data, size_t size)
{
	dt_rechdr_t hdr;
	size_t off = sizeof (hdr);

	if (size < sizeof (hdr))
		return (0);
	memcpy(&hdr, data, sizeof (hdr));
	if (hdr.rh_kind == DT_REC_EXEC || hdr.rh_kind == DT_REC_EXIT ||
	    hdr.rh_kind == DT_REC_MAPS) {
		dt_procrec_t pr;

		if (size < sizeof (hdr) + sizeof (pr))
			return (0);
		memcpy(&pr, data + sizeof (hdr), sizeof (pr));
		dt_discover_note(dtp, hdr.rh_kind, hdr.rh_prid, pr.pr_time);
		return (0);
	}
	if (dtp->dt_opts.op_bufpolicy != DT_BUFPOLICY_SWITCH &&
	    !dtp->dt_pbflush) {
		if (dt_pbuf_keep(dtp, data, size) != 0) {
			dtp->dt_consume_err = -1;
			return (-1);
		}
		return (0);
	}
	if (hdr.rh_kind != DT_REC_SPEC)
		return (consumed(dtp, consume_one(dtp, data, size)));
	while (off + sizeof (hdr) <= size) {
		size_t len;
		int rv;

		memcpy(&hdr, data + off, sizeof (hdr));
		if (hdr.rh_kind != DT_REC_DATA ||
		    hdr.rh_clause >= dtp->dt_nclauses)
			return (0);	/* not ours: stop there */
		len = (sizeof (hdr) + dtp->dt_clauses[hdr.rh_clause]->
		    dc_recsize + 7) & ~(size_t)7;
		if (off + len > size)
			return (0);
		if ((rv = consume_one(dtp, data + off, len)) != 0)
			return (consumed(dtp, rv));
		off += len;
	}
	return (0);
}

/*
 * Has this call read its share?  Everything the buffer held when the call
 * began (the record just read ends at or past that position: the kernel
 * writes the record's 8-byte header, then its data, rounded up to 8
 * bytes), or DT_CONSUME_NSEC spent.  Without this bound, a session whose
 * own output makes its probes fire (a clause on write(2) whose every
 * record faults, and each error message a write) never leaves the
 * ring buffer's loop, which reads until the buffer is empty, and so
 * never sees an interrupt or its -c process's end.
 */
static bool
share_read(dtrace_hdl_t *dtp, size_t size)
{
	struct timespec ts;

	if (dtp->dt_rbpos != NULL) {
		unsigned long pos = __atomic_load_n(
		    (const unsigned long *)dtp->dt_rbpos, __ATOMIC_ACQUIRE);

		pos += (size + 8 + 7) & ~(size_t)7;
		if ((long)(pos - dtp->dt_consume_end) >= 0)
			return (true);
	}
	if (++dtp->dt_consume_n % 64 != 0)
		return (false);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec >
	    dtp->dt_consume_deadline);
}

/*
 * The ring buffer callback.  libbpf has advanced past the record before
 * calling it, so a negative answer stops its loop after this record;
 * -EAGAIN once the call has read its share (dt_work.c's consume() tells
 * it from an error).
 */
int
dt_consume_cb(void *ctx, void *rdata, size_t size)
{
	dtrace_hdl_t *dtp = ctx;
	int rv = dt_consume_rec(dtp, rdata, size);

	if (rv < 0)
		return (rv);
	if (share_read(dtp, size)) {
		dtp->dt_consume_yield = true;
		return (-EAGAIN);
	}
	return (rv);
}

/*
 * An exit() read: the first ends tracing with its status; after it only
 * END runs, and an exit() there gives the status anew (BEGIN's exit(1)
 * then END's exit(0) ends with 0, as in DTrace).
 */
static void
take_exit(dtrace_hdl_t *dtp, unsigned int prid, int64_t st)
{
	if (dtp->dt_exited && prid != DT_PRID_END)
		return;
	dtp->dt_exited = true;
	dtp->dt_exitstatus = (int)st;
}

/*
 * A record kept to be printed later (dt_pbuf.c): an exit() it holds
 * takes effect now.
 */
void
dt_consume_exit(dtrace_hdl_t *dtp, const char *data, size_t size)
{
	const dt_clause_t *dcp;
	dt_rechdr_t hdr;

	memcpy(&hdr, data, sizeof (hdr));
	if (hdr.rh_kind != DT_REC_DATA || (dtp->dt_exited &&
	    hdr.rh_prid != DT_PRID_END) || hdr.rh_clause >= dtp->dt_nclauses)
		return;
	dcp = dtp->dt_clauses[hdr.rh_clause];
	if (size < sizeof (hdr) + dcp->dc_recsize)
		return;
	for (unsigned int i = 0; i < dcp->dc_nrecs; i++) {
		const dt_datarec_t *r = &dcp->dc_recs[i];
		int64_t st;

		if (r->dr_kind != DTRACEACT_EXIT)
			continue;
		memcpy(&st, data + sizeof (hdr) + r->dr_offset, sizeof (st));
		take_exit(dtp, hdr.rh_prid, st);
		return;
	}
}

/* A record callback's answer; NULL rd: the end of the firing. */
static int
rec_callback(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
    const dtrace_recdesc_t *rd)
{
	int rv = dtp->dt_rfunc(pd, rd, dtp->dt_cbarg);

	if (rv == DTRACE_CONSUME_ERROR) {
		dt_set_errno(dtp, EDT_CALLBACK);
		dtp->dt_consume_err = -1;
	}
	return (rv);
}

/*
 * The records of one firing: each decoded and given to the record
 * callback, then printed on fp (as elements of a JSON array if json),
 * and what it printed handed to the buffered handler.
 */
static int
consume_recs(dtrace_hdl_t *dtp, const dtrace_probedata_t *pd,
    const dt_clause_t *dcp, FILE *fp, bool json, dt_bufout_t *bo)
{
	bool first = true, decode = dtp->dt_rfunc != NULL ||
	    dtp->dt_bufhdlr != NULL;
	dt_valmem_t vm = { 0 };
	int rv = 0;

	for (unsigned int i = 0; i < dcp->dc_nrecs; i++) {
		const dt_datarec_t *r = &dcp->dc_recs[i];
		dtrace_value_t val;
		dtrace_recdesc_t rd = { r->dr_kind, r->dr_size, r->dr_offset,
		    (r->dr_type.ty_kind == DT_TK_STRING ? DTRACE_RF_STRING : 0) |
		    (r->dr_type.ty_signed ? DTRACE_RF_SIGNED : 0), NULL };

		dt_valmem_free(&vm);
		if (r->dr_kind == DTRACEACT_EXIT) {
			int64_t st;

			memcpy(&st, pd->dtpda_data + r->dr_offset, sizeof (st));
			take_exit(dtp, pd->dtpda_pdesc->id, st);
		}
		if (decode) {
			if (dt_value_rec(dtp, &vm, r, pd->dtpda_data,
			    &val) != 0) {
				dtp->dt_consume_err = -1;
				rv = -1;
				break;
			}
			rd.dtrd_value = &val;
		}
		rv = DTRACE_CONSUME_THIS;
		if (dtp->dt_rfunc != NULL)
			rv = rec_callback(dtp, pd, &rd);
		if (rv == DTRACE_CONSUME_ERROR) {
			rv = -1;
			break;
		}
		if (rv == DTRACE_CONSUME_ABORT) {
			rv = 1;
			break;
		}
		/* setopt() acts whether or not the records are printed */
		if (rv == DTRACE_CONSUME_THIS &&
		    r->dr_kind == DTRACEACT_SETOPT)
			dt_setopt_traced(dtp, pd->dtpda_pdesc,
			    pd->dtpda_clause, r->dr_optname,
			    dt_setopt_value(r, pd->dtpda_data));
		/* so do system(), freopen() and ftruncate() */
		if (rv == DTRACE_CONSUME_THIS && fp != NULL &&
		    r->dr_kind == DTRACEACT_FTRUNCATE) {
			do_ftruncate(fp, pd, json, &first);
		} else if (rv == DTRACE_CONSUME_THIS &&
		    (r->dr_kind == DTRACEACT_SYSTEM ||
		    r->dr_kind == DTRACEACT_FREOPEN) && (fp != NULL ||
		    r->dr_kind == DTRACEACT_SYSTEM)) {
			consume_action(dtp, fp, r, pd->dtpda_data, json, &first);
		} else if (rv == DTRACE_CONSUME_THIS && fp != NULL) {
			print_rec(dtp, fp, r, pd->dtpda_data,
			    decode ? &val : NULL, json, &first);
		}
		rv = 0;
		if (bufout_flush(dtp, bo, pd, &rd, 0) != 0) {
			dtp->dt_consume_err = -1;
			rv = -1;
			break;
		}
	}
	dt_valmem_free(&vm);
	if (rv != 0)
		return (rv);
	if (dtp->dt_rfunc != NULL) {
		rv = rec_callback(dtp, pd, NULL);
		if (rv == DTRACE_CONSUME_ERROR)
			return (-1);
		if (rv == DTRACE_CONSUME_ABORT)
			return (1);
	}
	return (0);
}
