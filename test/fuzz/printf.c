/*
 * printf.c: fuzz target for D's printf() and printa() formats: the
 * compile-time parse and checks against the argument types
 * (dt_printf_parse(), dt_printa_parse()) and, for a format that passes
 * them, the consumer's formatting of recorded values (dt_printf_exec(),
 * dt_printa_exec()).
 *
 * The input: a first byte (bit 0: printa; bits 1-3: the number of
 * arguments), one byte per argument choosing its type (integers of 1, 2,
 * 4, 8 bytes, signed or not, pointer, string, stack, ustack, sym, usym,
 * uaddr, mod, umod), the format up to a NUL, then the bytes of the
 * recorded values, laid out as the code generator lays records (8-byte
 * aligned, strings of 32 bytes, stacks of 8 frames), zero past the
 * input's end.  The process id that user addresses carry is replaced by
 * this process's, so that formatting never reads another process.
 */
#include <string.h>
#include <unistd.h>

#include <dtrace.h>

#include "dlang/dt_ast.h"
#include "consume/dt_consume.h"

#include "fuzz.h"

#define MAXARGS		7
#define STRSIZE		32
#define NFRAMES		8

static dtrace_hdl_t *dtp;
static FILE *devnull;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int err;

	(void) argc;
	(void) argv;
	if ((dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err)) == NULL ||
	    (devnull = fopen("/dev/null", "w")) == NULL)
		abort();
	return (0);
}

/* The type of argument kind k, and the bytes its record takes. */
static dt_type_t
kind_type(uint8_t k, uint32_t *sizep)
{
	dt_type_t t = { DT_TK_INT, 8, 0, 0, 0, 0, 0 };
	static const uint8_t sizes[] = { 1, 2, 4, 8 };

	*sizep = 8;
	switch (k % 17) {
	case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7:
		t.ty_size = sizes[k % 4];
		t.ty_signed = (k % 17) >= 4;
		break;
	case 8:
		t.ty_kind = DT_TK_PTR;
		t.ty_psize = 4;
		break;
	case 9:
		t.ty_kind = DT_TK_STRING;
		t.ty_size = 0;
		*sizep = STRSIZE;
		break;
	case 10:
		t.ty_kind = DT_TK_STACK;
		t.ty_size = NFRAMES;
		*sizep = NFRAMES * 8;
		break;
	case 11:
		t.ty_kind = DT_TK_USTACK;
		t.ty_size = NFRAMES;
		*sizep = 8 + NFRAMES * 8;
		break;
	case 12:
		t.ty_kind = DT_TK_SYM;
		break;
	case 13:
		t.ty_kind = DT_TK_USYM;
		*sizep = 16;
		break;
	case 14:
		t.ty_kind = DT_TK_UADDR;
		*sizep = 16;
		break;
	case 15:
		t.ty_kind = DT_TK_MOD;
		break;
	default:
		t.ty_kind = DT_TK_UMOD;
		*sizep = 16;
		break;
	}
	return (t);
}

/* printa()'s %@ values: what the aggregation printer does with them. */
static void
aggval(FILE *fp, int agg, const char *cfmt, void *arg)
{
	(void) arg;
	fprintf(fp, cfmt, (long long)agg * 1000 - 7);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dt_node_t nodes[MAXARGS], *head = NULL, **tail = &head;
	dt_datarec_t recs[MAXARGS + 1];
	char rec[MAXARGS * (8 + NFRAMES * 8) + 8];
	uint8_t kinds[MAXARGS];
	struct dt_pfprog *pfp;
	const char *fmtp, *nul;
	char *fmt;
	size_t pos;
	uint32_t off = 0;
	bool printa;
	int nargs, err = 0, naggs = 0;
	uint64_t pid = (uint64_t)getpid();

	if (dtp == NULL)
		LLVMFuzzerInitialize(NULL, NULL);
	if (size < 1)
		return (0);
	printa = data[0] & 1;
	nargs = (data[0] >> 1) & 7;
	if (nargs > MAXARGS)
		nargs = MAXARGS;
	pos = 1;
	for (int i = 0; i < nargs; i++)
		kinds[i] = pos < size ? data[pos++] : 0;
	fmtp = (const char *)data + pos;
	nul = pos < size ? memchr(fmtp, '\0', size - pos) : NULL;
	fmt = fuzz_strdup((const uint8_t *)fmtp, nul != NULL ?
	    (size_t)(nul - fmtp) : pos < size ? size - pos : 0);
	pos = nul != NULL ? (size_t)(nul - (const char *)data) + 1 : size;

	memset(nodes, 0, sizeof (nodes));
	memset(recs, 0, sizeof (recs));
	memset(rec, 0, sizeof (rec));
	for (int i = 0; i < nargs; i++) {
		uint32_t rsize;
		dt_type_t t = kind_type(kinds[i], &rsize);

		nodes[i].dn_kind = t.ty_kind == DT_TK_STRING ? DN_STRING :
		    DN_INT;
		nodes[i].dn_type = t;
		*tail = &nodes[i];
		tail = &nodes[i].dn_list;
		recs[i].dr_kind = DTRACEACT_DIFEXPR;
		recs[i].dr_offset = off;
		recs[i].dr_size = rsize;
		recs[i].dr_type = t;
		for (uint32_t b = 0; b < rsize && pos < size; b++)
			rec[off + b] = (char)data[pos++];
		if (t.ty_kind == DT_TK_USTACK || t.ty_kind == DT_TK_USYM ||
		    t.ty_kind == DT_TK_UADDR || t.ty_kind == DT_TK_UMOD)
			memcpy(rec + off, &pid, sizeof (pid));
		off += (rsize + 7) & ~7U;
	}
	/* %A of an integer: the process id recorded after the arguments */
	recs[nargs].dr_kind = DTRACEACT_DIFEXPR;
	recs[nargs].dr_offset = off;
	recs[nargs].dr_size = 8;
	recs[nargs].dr_type = kind_type(3, &recs[nargs].dr_size);
	memcpy(rec + off, &pid, sizeof (pid));

	pfp = printa ? dt_printa_parse(dtp, fmt, head, &naggs) :
	    dt_printf_parse(dtp, fmt, head, &err);
	if (pfp == NULL) {
		/* a refused format says why, with its tag */
		FUZZ_ASSERT(dtp->dt_errtag != NULL && dtp->dt_errmsg[0] != '\0');
	} else {
		FUZZ_ASSERT(naggs >= 0);
		if (printa)
			FUZZ_ASSERT(dt_printa_exec(dtp, devnull, pfp, recs, rec,
			    aggval, NULL) == 0);
		else
			FUZZ_ASSERT(dt_printf_exec(dtp, devnull, pfp, recs,
			    rec) == 0);
		dt_printf_free(pfp);
	}
	dtp->dt_errtag = NULL;
	free(fmt);
	return (0);
}
