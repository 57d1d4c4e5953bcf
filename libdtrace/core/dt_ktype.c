/*
 * dt_ktype.c: kernel type data for the few built-ins that read kernel
 * structures (ppid, vtimestamp).
 *
 * The vmlinux BTF is parsed on first use only, once per process, and kept
 * until the process ends: a program that uses no kernel type never reads
 * it.  (The shared, reference-counted type cache with dtrace_update() is
 * the subject of its own work; this is the minimal lazy loader it will
 * replace.)
 */
#include <pthread.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "dt_impl.h"

static pthread_once_t dt_ktype_once = PTHREAD_ONCE_INIT;
static struct btf *dt_ktype_btf;

static void
dt_ktype_load(void)
{
	struct btf *btf = btf__load_vmlinux_btf();

	if (btf != NULL && libbpf_get_error(btf) == 0)
		dt_ktype_btf = btf;
}

/* Byte offset of member in struct sname, or -1 if unknown. */
int64_t
dt_ktype_offset(dtrace_hdl_t *dtp, const char *sname, const char *member)
{
	const struct btf_type *t;
	const struct btf_member *m;
	int id;

	(void) dtp;
	pthread_once(&dt_ktype_once, dt_ktype_load);
	if (dt_ktype_btf == NULL)
		return (-1);
	id = btf__find_by_name_kind(dt_ktype_btf, sname, BTF_KIND_STRUCT);
	if (id < 0)
		return (-1);
	t = btf__type_by_id(dt_ktype_btf, (uint32_t)id);
	m = btf_members(t);
	for (unsigned int i = 0; i < btf_vlen(t); i++, m++) {
		const char *n = btf__name_by_offset(dt_ktype_btf, m->name_off);

		if (n != NULL && strcmp(n, member) == 0)
			return ((int64_t)(btf_member_bit_offset(t, i) / 8));
	}
	return (-1);
}
