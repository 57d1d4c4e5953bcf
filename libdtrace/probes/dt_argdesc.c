/*
 * dt_argdesc.c: probe arguments as data (dt_argdesc_t).  A provider says
 * how each args[N] of a probe reaches D: which native argument, of which
 * native type (a kernel type by its BTF id, or a type name in D), and
 * whether it is a value, a string, or translated to a D type.  The
 * compiler (dlang/dt_sema_member.c) types args[N] from it with its one
 * type-name parser; dtrace -l -v prints the same names (dt_argtype_name(),
 * dtrace_probe_argtype()).
 *
 * A kernel type is named as the parser reads it: a pointer to a function
 * is "void *" (D cannot call through it), and a type that a module defines
 * is scoped to that module ("struct 9pnet`p9_fid *"), for the compiler to
 * take that module's types.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "../core/dt_impl.h"
#include "../types/dt_types.h"
#include "dt_probe.h"

/* args[N] from a provider's static row: argument src, as the row says. */
void
dt_argdesc_set(dt_argdesc_t *ad, int src, const dt_argspec_t *as)
{
	memset(ad, 0, sizeof (*ad));
	ad->ad_form = as->as_form;
	ad->ad_src = src;
	ad->ad_cpuinfo = as->as_cpuinfo;
	snprintf(ad->ad_native.at_name, sizeof (ad->ad_native.at_name), "%s",
	    as->as_native != NULL ? as->as_native : "");
	if (as->as_xlate != NULL)
		snprintf(ad->ad_xlate, sizeof (ad->ad_xlate), "%s",
		    as->as_xlate);
}

/* args[N] as argument src of the D type named native, untranslated. */
void
dt_argdesc_value(dt_argdesc_t *ad, int src, const char *native)
{
	dt_argspec_t as = DT_ARGV(native);

	dt_argdesc_set(ad, src, &as);
}

/*
 * args[N] as argument src of kernel type id of btf, untranslated; first
 * is the first id that module mod defines (1 for vmlinux's types).
 */
void
dt_argdesc_btf(dt_argdesc_t *ad, int src, const struct btf *btf, uint32_t id,
    uint32_t first, const char *mod)
{
	dt_argdesc_value(ad, src, "");
	ad->ad_native.at_btf = btf;
	ad->ad_native.at_id = id;
	ad->ad_native.at_first = first;
	snprintf(ad->ad_native.at_mod, sizeof (ad->ad_native.at_mod), "%s",
	    first > 1 && mod != NULL ? mod : "");
}

bool
dt_argdesc_same(const dt_argdesc_t *a, const dt_argdesc_t *b)
{
	const dt_argtype_t *x = &a->ad_native, *y = &b->ad_native;

	return (a->ad_form == b->ad_form && a->ad_src == b->ad_src &&
	    a->ad_cpuinfo == b->ad_cpuinfo && x->at_btf == y->at_btf &&
	    x->at_id == y->at_id && x->at_first == y->at_first &&
	    strcmp(x->at_mod, y->at_mod) == 0 &&
	    strcmp(x->at_name, y->at_name) == 0 &&
	    strcmp(a->ad_xlate, b->ad_xlate) == 0);
}

/* The C name of kernel type id: a pointer to a function is "void *". */
static void
btf_argname(const struct btf *btf, uint32_t id, char *buf, size_t len)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t != NULL && (btf_is_const(t) || btf_is_volatile(t) ||
	    btf_is_restrict(t) || btf_is_type_tag(t)))
		t = btf__type_by_id(btf, id = t->type);
	if (t != NULL && btf_is_ptr(t)) {
		const struct btf_type *p = btf__type_by_id(btf, t->type);

		while (p != NULL && (btf_is_const(p) || btf_is_volatile(p) ||
		    btf_is_type_tag(p)))
			p = btf__type_by_id(btf, p->type);
		if (p != NULL && btf_is_func_proto(p)) {
			snprintf(buf, len, "void *");
			return;
		}
	}
	(void) dt_btf_name(btf, id, buf, len);
}

/*
 * The name of a native type as the compiler's type-name parser reads it
 * and -l -v prints it.  The named type under the qualifiers and pointers
 * of a kernel type a module defines gets the module's scope: its name,
 * a word of the C name, becomes mod`name.
 */
void
dt_argtype_name(const dt_argtype_t *at, char *buf, size_t len)
{
	const struct btf_type *t;
	const char *name, *word;
	char text[256];
	uint32_t id = at->at_id;
	size_t nlen;

	if (at->at_btf == NULL) {
		snprintf(buf, len, "%s", at->at_name);
		return;
	}
	btf_argname(at->at_btf, id, buf, len);
	if (at->at_mod[0] == '\0')
		return;
	t = btf__type_by_id(at->at_btf, id);
	for (int depth = 0; t != NULL && depth < 64 && (btf_is_mod(t) ||
	    btf_is_type_tag(t) || btf_is_ptr(t)); depth++)
		t = btf__type_by_id(at->at_btf, id = t->type);
	if (t == NULL || id < at->at_first ||
	    (name = btf__name_by_offset(at->at_btf, t->name_off)) == NULL ||
	    name[0] == '\0')
		return;
	nlen = strlen(name);
	for (word = strstr(buf, name); word != NULL;
	    word = strstr(word + 1, name)) {
		if ((word == buf || word[-1] == ' ') &&
		    (word[nlen] == '\0' || word[nlen] == ' '))
			break;
	}
	if (word == NULL)
		return;		/* "void *" for a function pointer */
	snprintf(text, sizeof (text), "%.*s%s`%s", (int)(word - buf), buf,
	    at->at_mod, word);
	snprintf(buf, len, "%s", text);
}

/*
 * The D type args[N] has as a message or -l -v names it: the translated
 * type, string, or the native type.
 */
const char *
dt_argdesc_dtype(const dt_argdesc_t *ad, char *buf, size_t len)
{
	if (ad->ad_form == DT_ARG_XLATE)
		snprintf(buf, len, "%s", ad->ad_xlate);
	else if (ad->ad_form == DT_ARG_USTRING ||
	    ad->ad_form == DT_ARG_KSTRING)
		snprintf(buf, len, "string");
	else
		dt_argtype_name(&ad->ad_native, buf, len);
	return (buf);
}

/*
 * args[n] of a probe: 0, or -1 when the probe has no argument n.  A
 * provider that types none gives every argument as int64_t.
 */
int
dt_probe_argdesc(dtrace_hdl_t *dtp, const dt_probe_t *prp, int n,
    dt_argdesc_t *ad)
{
	if (n < 0 || n >= DT_MAXARGS)
		return (-1);
	if (prp->pr_prov->pv_argdesc == NULL) {
		dt_argdesc_value(ad, n, "int64_t");
		return (0);
	}
	return (prp->pr_prov->pv_argdesc(dtp, prp, n, ad));
}

int
dtrace_probe_argtype(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, int n,
    char *buf, size_t len)
{
	const dt_probe_t *prp;
	dt_argdesc_t ad;

	if (pdp == NULL || pdp->id == 0 || pdp->id > dtp->dt_nprobes)
		return (dt_set_errno(dtp, EDT_NOPROBE));
	prp = dtp->dt_probes[pdp->id - 1];
	if (prp->pr_prov->pv_argdesc == NULL ||
	    dt_probe_argdesc(dtp, prp, n, &ad) != 0)
		return (dt_set_errno(dtp, ENOENT));
	(void) dt_argdesc_dtype(&ad, buf, len);
	return (0);
}
