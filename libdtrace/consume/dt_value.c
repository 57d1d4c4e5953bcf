/*
 * dt_value.c: records and aggregation key components as typed data.
 *
 * The consumer hands embedders dtrace_value_t (dtrace.h) instead of text:
 * a record of a firing is decoded from its clause's record description
 * (dt_datarec_t: kind, type, offset), a key component from its type
 * (dt_type_t) and its bytes.  Decoding reads the data as the printing code
 * does (64-bit words copied out, since ring buffer data need not be
 * aligned for them) and names addresses with the same functions the
 * printed output uses, so a value and its text always agree.
 *
 * What a value points to (frames, names, formatted text) lives in a
 * dt_valmem_t: a list of allocations that the caller frees all at once,
 * when the callback that got the value returns.  Strings and raw bytes
 * point into the record itself, which outlives the callback too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dt_impl.h"
#include "dt_consume.h"
#include "../proc/dt_proc.h"
#include "../core/dt_ident.h"
#include "../dlang/dt_clause.h"

void *
dt_valmem_alloc(dt_valmem_t *vm, size_t size)
{
	void *p;

	if (vm->vm_n == vm->vm_cap) {
		unsigned int cap = vm->vm_cap * 2 + 8;
		void **np = realloc(vm->vm_ptrs, cap * sizeof (*np));

		if (np == NULL)
			return (NULL);
		vm->vm_ptrs = np;
		vm->vm_cap = cap;
	}
	if ((p = calloc(1, size > 0 ? size : 1)) == NULL)
		return (NULL);
	vm->vm_ptrs[vm->vm_n++] = p;
	return (p);
}

/* Free everything allocated in vm; vm can be used again. */
void
dt_valmem_free(dt_valmem_t *vm)
{
	for (unsigned int i = 0; i < vm->vm_n; i++)
		free(vm->vm_ptrs[i]);
	free(vm->vm_ptrs);
	vm->vm_ptrs = NULL;
	vm->vm_n = vm->vm_cap = 0;
}

static char *
valmem_strdup(dt_valmem_t *vm, const char *s)
{
	size_t n = strlen(s);
	char *p = dt_valmem_alloc(vm, n + 1);

	if (p != NULL)
		memcpy(p, s, n + 1);
	return (p);
}

/*
 * The text a printf()-like record formats (printf, system, freopen), in
 * memory the caller frees; its length in *lenp.  NULL when memory runs
 * out.
 */
char *
dt_value_text(dtrace_hdl_t *dtp, const dt_datarec_t *r, const char *data,
    size_t *lenp)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mf;

	if ((mf = open_memstream(&buf, &len)) == NULL)
		return (NULL);
	dt_printf_exec(dtp, mf, r->dr_pfmt, r->dr_args, data);
	if (fclose(mf) != 0) {
		free(buf);
		return (NULL);
	}
	*lenp = len;
	return (buf);
}

/*
 * A stack: at most nframes return addresses at p (0 after the last),
 * each named as stack() or ustack() prints it (pid >= 0: a user stack).
 */
static int
stack_value(dtrace_hdl_t *dtp, dt_valmem_t *vm, const char *p,
    uint32_t nframes, pid_t pid, dtrace_value_t *v)
{
	dtrace_frame_t *fr;
	uint32_t n = 0;
	char buf[512];

	while (n < nframes) {
		uint64_t pc;

		memcpy(&pc, p + n * 8, sizeof (pc));
		if (pc == 0)
			break;
		n++;
	}
	if ((fr = dt_valmem_alloc(vm, (n + 1) * sizeof (*fr))) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	for (uint32_t i = 0; i < n; i++) {
		memcpy(&fr[i].dtfr_pc, p + i * 8, sizeof (fr[i].dtfr_pc));
		if (pid >= 0)
			dt_format_uaddr(dtp, pid, fr[i].dtfr_pc, DT_TK_USTACK,
			    buf, sizeof (buf), NULL);
		else
			dt_format_kaddr(dtp, fr[i].dtfr_pc, buf, sizeof (buf));
		if ((fr[i].dtfr_name = valmem_strdup(vm, buf)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
	}
	v->dtv_kind = pid >= 0 ? DTRACE_VAL_USTACK : DTRACE_VAL_STACK;
	v->dtv_frames = fr;
	v->dtv_nframes = n;
	return (0);
}

/*
 * A value of D type t, size bytes at p, as trace() records it or as an
 * aggregation key holds it: integers and pointers in 64-bit words,
 * strings NUL-padded, stacks and symbols as dt_type_t describes them.
 */
int
dt_value_key(dtrace_hdl_t *dtp, dt_valmem_t *vm, dt_type_t t, const char *p,
    uint32_t size, dtrace_value_t *v)
{
	char buf[512];
	uint64_t w[2];

	memset(v, 0, sizeof (*v));
	v->dtv_size = sizeof (*v);
	switch (t.ty_kind) {
	case DT_TK_STRING:
		v->dtv_kind = DTRACE_VAL_STRING;
		v->dtv_str = p;
		v->dtv_len = strnlen(p, size);
		if (v->dtv_len == size) {	/* no NUL: copy it with one */
			char *s = dt_valmem_alloc(vm, size + 1);

			if (s == NULL)
				return (dt_set_errno(dtp, EDT_NOMEM));
			memcpy(s, p, size);
			v->dtv_str = s;
		}
		return (0);
	case DT_TK_STACK:
		return (stack_value(dtp, vm, p, t.ty_size, -1, v));
	case DT_TK_USTACK:
		memcpy(w, p, 8);
		v->dtv_pid = (pid_t)w[0];
		return (stack_value(dtp, vm, p + 8, t.ty_size, v->dtv_pid, v));
	case DT_TK_SYM:
	case DT_TK_MOD:
		memcpy(&v->dtv_addr, p, 8);
		dt_format_ksym(dtp, v->dtv_addr, t.ty_kind == DT_TK_MOD, buf,
		    sizeof (buf), NULL);
		v->dtv_kind = DTRACE_VAL_KSYM;
		if ((v->dtv_str = valmem_strdup(vm, buf)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		return (0);
	case DT_TK_USYM:
	case DT_TK_UMOD:
	case DT_TK_UADDR:
		memcpy(w, p, 16);
		v->dtv_pid = (pid_t)w[0];
		v->dtv_addr = w[1];
		dt_format_uaddr(dtp, v->dtv_pid, v->dtv_addr, t.ty_kind, buf,
		    sizeof (buf), NULL);
		v->dtv_kind = DTRACE_VAL_USYM;
		if ((v->dtv_str = valmem_strdup(vm, buf)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		return (0);
	case DT_TK_PTR:
		memcpy(&v->dtv_addr, p, 8);
		v->dtv_kind = DTRACE_VAL_ADDR;
		return (0);
	default:
		/* integers, and what trace() prints as one */
		memcpy(&v->dtv_int, p, 8);
		v->dtv_kind = DTRACE_VAL_INT;
		v->dtv_width = t.ty_kind == DT_TK_INT && t.ty_size > 0 &&
		    t.ty_size <= 8 ? t.ty_size : 8;
		v->dtv_signed = t.ty_signed != 0;
		if (v->dtv_width < 8) {		/* as the D type holds it */
			unsigned int sh = 64 - 8 * v->dtv_width;

			v->dtv_int = v->dtv_signed ?
			    (int64_t)((uint64_t)v->dtv_int << sh) >> sh :
			    (int64_t)(((uint64_t)v->dtv_int << sh) >> sh);
		}
		return (0);
	}
}

/*
 * The bytes a tracemem() record shows: all of them, or with a third
 * argument as many as it said, unless that was negative or more.
 */
uint32_t
dt_tracemem_bytes(const dt_datarec_t *r, const char *data,
    const unsigned char **pp)
{
	const char *p = data + r->dr_offset;
	uint32_t n = r->dr_size;
	int64_t lim;

	if (r->dr_dynsize) {
		memcpy(&lim, p, 8);
		p += 8;
		n -= 8;
		if (lim >= 0 && lim < (int64_t)n)
			n = (uint32_t)lim;
	}
	*pp = (const unsigned char *)p;
	return (n);
}

/*
 * A setopt() record's value: the constant, or the string recorded (at
 * most dr_size bytes, ended by a NUL within them as trace() records it).
 */
const char *
dt_setopt_value(const dt_datarec_t *r, const char *data)
{
	const char *p = data + r->dr_offset;

	if (r->dr_size == 0 || memchr(p, '\0', r->dr_size) == NULL)
		return (r->dr_optval);
	return (p);
}

/* One record of a firing whose data starts at data. */
int
dt_value_rec(dtrace_hdl_t *dtp, dt_valmem_t *vm, const dt_datarec_t *r,
    const char *data, dtrace_value_t *v)
{
	const char *p = data + r->dr_offset;
	int64_t w[2];

	memset(v, 0, sizeof (*v));
	v->dtv_size = sizeof (*v);
	switch (r->dr_kind) {
	case DTRACEACT_DIFEXPR:
		return (dt_value_key(dtp, vm, r->dr_type, p, r->dr_size, v));
	case DTRACEACT_USTACK: {
		uint64_t ubuf[1 + DT_STACK_MAXFRAMES];

		return (dt_value_key(dtp, vm, r->dr_type, dt_ustack_frames(dtp,
		    p, r->dr_size, r->dr_type.ty_size, ubuf), 8U +
		    r->dr_type.ty_size * 8U, v));
	}
	case DTRACEACT_STACK:
	case DTRACEACT_SYM:
	case DTRACEACT_MOD:
	case DTRACEACT_USYM:
	case DTRACEACT_UMOD:
	case DTRACEACT_UADDR:
		return (dt_value_key(dtp, vm, r->dr_type, p, r->dr_size, v));
	case DTRACEACT_EXIT:
		memcpy(w, p, 8);
		v->dtv_kind = DTRACE_VAL_INT;
		v->dtv_width = 4;
		v->dtv_signed = 1;
		v->dtv_int = (int32_t)w[0];
		return (0);
	case DTRACEACT_TRACEMEM: {
		const unsigned char *b;

		v->dtv_kind = DTRACE_VAL_BYTES;
		v->dtv_len = dt_tracemem_bytes(r, data, &b);
		v->dtv_bytes = (const char *)b;
		return (0);
	}
	case DTRACEACT_PRINTF:
	case DTRACEACT_PRINT:
	case DTRACEACT_SYSTEM:
	case DTRACEACT_FREOPEN: {
		size_t len = 0;
		char *text = r->dr_kind == DTRACEACT_PRINT ?
		    dt_print_text(dtp, r, data, &len, DT_PRINT_INDENT) :
		    dt_value_text(dtp, r, data, &len), *s;

		if (text == NULL || (s = dt_valmem_alloc(vm, len + 1)) ==
		    NULL) {
			free(text);
			return (dt_set_errno(dtp, EDT_NOMEM));
		}
		memcpy(s, text, len + 1);
		free(text);
		v->dtv_kind = DTRACE_VAL_TEXT;
		v->dtv_str = s;
		v->dtv_len = len;
		return (0);
	}
	case DTRACEACT_PRINTA:
	case DTRACEACT_CLEAR:
	case DTRACEACT_TRUNC:
	case DTRACEACT_NORMALIZE: {
		uint32_t n = r->dr_naggs > 0 ? r->dr_naggs : 1;
		dtrace_aggid_t *ids;

		memcpy(w, p, sizeof (w));
		v->dtv_kind = DTRACE_VAL_AGG;
		v->dtv_int = r->dr_kind == DTRACEACT_PRINTA ? 0 : w[1];
		if ((ids = dt_valmem_alloc(vm, n * sizeof (*ids))) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		if (r->dr_naggs > 0) {
			for (uint32_t k = 0; k < n; k++)
				ids[k] = dt_agg_id(dtp, r->dr_aggs[k]);
		} else if (w[0] >= DT_MAP_COUNT && w[0] - DT_MAP_COUNT <
		    (int64_t)dtp->dt_nvarmaps) {
			ids[0] = dt_agg_id(dtp,
			    dtp->dt_varmaps[w[0] - DT_MAP_COUNT]);
		} else {
			n = 0;
		}
		v->dtv_naggs = n;
		v->dtv_aggids = ids;
		if (n > 0)
			v->dtv_str = dtp->dt_varmaps[ids[0] - 1]->di_name;
		return (0);
	}
	case DTRACEACT_SETOPT:
		v->dtv_kind = DTRACE_VAL_OPTION;
		v->dtv_str = r->dr_optname;
		v->dtv_optval = dt_setopt_value(r, data);
		return (0);
	default:
		v->dtv_kind = DTRACE_VAL_NONE;
		return (0);
	}
}
