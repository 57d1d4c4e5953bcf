/*
 * dt_attr.c: stability attributes (name stability / data stability /
 * dependency class), as DTrace reports them with -v and `dtrace -l -v`.
 *
 * Each provider publishes a triplet for each of its probes' description
 * fields and one for their arguments (dt_pattr_t, pv_attr in its vtable).
 * A probe's description attributes are the least of its four fields';
 * a description in a program is given the least of the fields it names
 * literally (an empty or glob field names nothing), except that a
 * description whose provider field is empty or a glob may come to match
 * providers that do not exist yet: it is Unstable/Unstable/Common.  A
 * clause's statement attributes are the least of those of the built-in
 * variables it uses (dc_attr, set by dt_sema.c through dt_attr_bi()),
 * Stable/Stable/Common if none lowers them.  Option amin refuses a
 * program whose description or statement attributes are below it
 * (D_ATTR_MIN).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "dt_impl.h"
#include "../probes/dt_probe.h"
#include "../dlang/dt_ast.h"

static const char *const dt_stab_names[] = {
	"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving",
	"Stable", "Standard"
};

static const char *const dt_class_names[] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common"
};

const dtrace_attribute_t dt_attr_stable = DT_ATTR(STABLE, STABLE, COMMON);
const dtrace_attribute_t dt_attr_unstable = DT_ATTR(UNSTABLE, UNSTABLE,
    COMMON);

DT_EXPORT const char *
dtrace_stability_name(dtrace_stability_t s)
{
	return (s <= DTRACE_STABILITY_MAX ? dt_stab_names[s] : NULL);
}

DT_EXPORT const char *
dtrace_class_name(dtrace_class_t c)
{
	return (c <= DTRACE_CLASS_MAX ? dt_class_names[c] : NULL);
}

DT_EXPORT char *
dtrace_attr2str(dtrace_attribute_t attr, char *buf, size_t len)
{
	const char *n = dtrace_stability_name(attr.dtat_name);
	const char *d = dtrace_stability_name(attr.dtat_data);
	const char *c = dtrace_class_name(attr.dtat_class);

	snprintf(buf, len, "%s/%s/%s", n != NULL ? n : "?",
	    d != NULL ? d : "?", c != NULL ? c : "?");
	return (buf);
}

DT_EXPORT int
dtrace_str2attr(const char *str, dtrace_attribute_t *attr)
{
	dtrace_attribute_t a = *attr;
	const char *p = str;

	for (int field = 0; field < 3 && *p != '\0'; field++) {
		size_t len = strcspn(p, "/");
		const char *const *names = field < 2 ? dt_stab_names :
		    dt_class_names;
		int n = field < 2 ? DTRACE_STABILITY_MAX : DTRACE_CLASS_MAX;
		int v = -1;

		for (int i = 0; i <= n; i++) {
			if (strlen(names[i]) == len &&
			    strncasecmp(names[i], p, len) == 0)
				v = i;
		}
		if (v < 0)
			return (-1);
		if (field == 0)
			a.dtat_name = (dtrace_stability_t)v;
		else if (field == 1)
			a.dtat_data = (dtrace_stability_t)v;
		else
			a.dtat_class = (dtrace_class_t)v;
		p += len;
		if (*p == '/' && *++p == '\0')
			return (-1);	/* a trailing '/' */
	}
	if (*p != '\0')
		return (-1);
	*attr = a;
	return (0);
}

/* The least of two triplets, field by field. */
dtrace_attribute_t
dt_attr_min(dtrace_attribute_t a, dtrace_attribute_t b)
{
	if (b.dtat_name < a.dtat_name)
		a.dtat_name = b.dtat_name;
	if (b.dtat_data < a.dtat_data)
		a.dtat_data = b.dtat_data;
	if (b.dtat_class < a.dtat_class)
		a.dtat_class = b.dtat_class;
	return (a);
}

/* Is a below min in any field? */
bool
dt_attr_below(dtrace_attribute_t a, dtrace_attribute_t min)
{
	return (a.dtat_name < min.dtat_name || a.dtat_data < min.dtat_data ||
	    a.dtat_class < min.dtat_class);
}

/* The attributes of a built-in variable (dt_ast.h: DT_BI_*). */
dtrace_attribute_t
dt_attr_bi(int id)
{
	switch (id) {
	case DT_BI_CURTHREAD:	/* the kernel's task_struct */
		return ((dtrace_attribute_t)DT_ATTR(STABLE, PRIVATE, COMMON));
	case DT_BI_UREGS:	/* register names of this ISA */
		return ((dtrace_attribute_t)DT_ATTR(STABLE, STABLE, ISA));
	case DT_BI_ARGS:	/* as the probe's provider types them */
		return ((dtrace_attribute_t)DT_ATTR(EVOLVING, EVOLVING,
		    COMMON));
	case DT_BI_ZONENAME:	/* always "global" on Linux */
		return ((dtrace_attribute_t)DT_ATTR(EVOLVING, EVOLVING,
		    COMMON));
	default:
		return (dt_attr_stable);
	}
}

/* The provider a description's literal provider field names, or NULL. */
static const dt_provider_t *
desc_provider(const char *prv)
{
	size_t len = strlen(prv), k = len;

	for (int p = 0; dt_providers[p] != NULL; p++) {
		if (strcmp(dt_providers[p]->pv_name, prv) == 0 &&
		    !dt_providers[p]->pv_anyprov)
			return (dt_providers[p]);
	}
	while (k > 0 && isdigit((unsigned char)prv[k - 1]))
		k--;
	for (int p = 0; k < len && dt_providers[p] != NULL; p++) {
		if (dt_providers[p]->pv_pidprov &&
		    strlen(dt_providers[p]->pv_name) == k &&
		    strncmp(dt_providers[p]->pv_name, prv, k) == 0)
			return (dt_providers[p]);
	}
	/* any other name is a USDT provider's */
	for (int p = 0; dt_providers[p] != NULL; p++) {
		if (dt_providers[p]->pv_anyprov)
			return (dt_providers[p]);
	}
	return (NULL);
}

static bool
literal(const char *s)
{
	return (s[0] != '\0' && strpbrk(s, "*?[\\$") == NULL);
}

/* The attributes of a description as a program writes it. */
dtrace_attribute_t
dt_attr_desc(const dtrace_probedesc_t *pdp)
{
	const dt_provider_t *pv;
	const dt_pattr_t *pa;
	dtrace_attribute_t a;

	if (!literal(pdp->prv) || (pv = desc_provider(pdp->prv)) == NULL ||
	    pv->pv_attr == NULL)
		return (dt_attr_unstable);
	pa = pv->pv_attr;
	a = pa->pa_provider;
	if (literal(pdp->mod))
		a = dt_attr_min(a, pa->pa_mod);
	if (literal(pdp->fun))
		a = dt_attr_min(a, pa->pa_func);
	if (literal(pdp->prb))
		a = dt_attr_min(a, pa->pa_name);
	return (a);
}

DT_EXPORT int
dtrace_probe_attr(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp,
    dtrace_probeattr_t *pap)
{
	const dt_probe_t *prp;

	if (pdp->id == 0 || pdp->id > dtp->dt_nprobes)
		return (dt_set_errno(dtp, EDT_NOPROBE));
	prp = dtp->dt_probes[pdp->id - 1];
	/* its own name as a description: empty fields (BEGIN's) count not */
	pap->dtpa_desc = dt_attr_desc(&prp->pr_desc);
	pap->dtpa_args = prp->pr_prov->pv_attr != NULL ?
	    prp->pr_prov->pv_attr->pa_args : dt_attr_unstable;
	return (0);
}

DT_EXPORT int
dtrace_stmt_iter(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_stmt_f *func,
    void *arg)
{
	unsigned int n = 0;

	for (dt_clause_t *dcp = pgp->dp_clauses; dcp != NULL;
	    dcp = dcp->dc_next, n++) {
		for (unsigned int i = 0; i < dcp->dc_ndescs; i++) {
			dtrace_stmtdesc_t sd;
			int rv;

			sd.dtsd_desc = dcp->dc_descs[i];
			sd.dtsd_text = dcp->dc_desctext[i];
			sd.dtsd_clause = n;
			sd.dtsd_descattr = dt_attr_desc(&dcp->dc_descs[i]);
			sd.dtsd_stmtattr = dcp->dc_attr;
			if ((rv = func(dtp, pgp, &sd, arg)) != 0)
				return (rv);
		}
	}
	return (0);
}
