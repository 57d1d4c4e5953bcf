/*
 * dt_ksyms.c: kernel symbols from /proc/kallsyms, parsed once per process
 * and shared by every session, like the type data (dt_tcache.c).
 *
 * /proc/kallsyms has no file identity to key on: its text changes when
 * modules come and go (and with BPF programs, whose symbols it lists too,
 * which we do not need).  An entry records a signature of /proc/modules;
 * a session takes a reference to the current entry on first use, and
 * dtrace_update() moves it to a fresh one when the modules have changed.
 * Old entries live until their last session lets them go.  One mutex
 * guards the current entry and every reference count.
 *
 * Only text symbols are kept, sorted by address; a lookup finds the
 * symbol at or below an address.
 *
 * The tracing machinery (bpf_trace_runN, __traceiter_*, __bpf_trace_*,
 * perf_trace_*, perf_syscall_enter, ...) is on top of the kernel stack a
 * BPF program sees; the ranges of text it occupies, runs of such
 * functions merged (the __pfx_ padding between functions does not break
 * a run), are kept for the programs that skip it (dt_ksyms_machinery()).  Past the last vmlinux symbol (the end
 * of its text) and below the first module symbol nothing is known: BPF
 * programs and trampolines live there.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/dt_impl.h"
#include "dt_types.h"
#include "dt_ksyms.h"

typedef struct dt_ksym {
	uint64_t kk_addr;	/* address */
	uint32_t kk_name;	/* offset of "module`name" in ks_strtab */
} dt_ksym_t;

/* A run of symbols of one module, in address order. */
typedef struct dt_kmod {
	uint64_t km_addr;	/* its first symbol's address */
	char km_name[64];	/* the module ("vmlinux" for the kernel) */
} dt_kmod_t;

struct dt_ksyms {
	dt_ksym_t *ks_syms;	/* sorted by address */
	dt_kmod_t *ks_mods;	/* runs of one module, sorted by address */
	size_t ks_nmods;	/* how many */
	size_t ks_n;		/* how many */
	char *ks_strtab;	/* names */
	uint64_t ks_modsig;	/* signature of /proc/modules */
	uint64_t ks_vmend;	/* highest vmlinux symbol (_einittext) */
	uint64_t *ks_mach;	/* tracing machinery: [start, end) pairs */
	size_t ks_nmach;	/* how many pairs */
	unsigned long ks_refs;	/* references, under dt_ksyms_lock */
};

static pthread_mutex_t dt_ksyms_lock = PTHREAD_MUTEX_INITIALIZER;
static dt_ksyms_t *dt_ksyms_current;	/* holds a reference */
static unsigned long dt_ksyms_nload;	/* loads, for tests */

/* FNV-1a of /proc/modules: changes when modules are loaded or unloaded. */
static uint64_t
modules_signature(void)
{
	uint64_t h = 14695981039346656037ULL;
	FILE *fp = fopen("/proc/modules", "re");
	char buf[4096];
	size_t n;

	if (fp == NULL)
		return (0);
	while ((n = fread(buf, 1, sizeof (buf), fp)) > 0) {
		for (size_t i = 0; i < n; i++) {
			h ^= (unsigned char)buf[i];
			h *= 1099511628211ULL;
		}
	}
	fclose(fp);
	return (h);
}

static int
ksym_cmp(const void *a, const void *b)
{
	const dt_ksym_t *x = a, *y = b;

	return (x->kk_addr < y->kk_addr ? -1 : x->kk_addr > y->kk_addr);
}

static void
ksyms_free(dt_ksyms_t *ks)
{
	if (ks == NULL)
		return;
	free(ks->ks_syms);
	free(ks->ks_mods);
	free(ks->ks_strtab);
	free(ks->ks_mach);
	free(ks);
}

/* The runs of symbols of one module, from the sorted symbols. */
static int
ksyms_modruns(dt_ksyms_t *ks)
{
	size_t cap = 0;

	for (size_t i = 0; i < ks->ks_n; i++) {
		const char *name = ks->ks_strtab + ks->ks_syms[i].kk_name;
		size_t len = strcspn(name, "`");
		dt_kmod_t *m;

		if (ks->ks_nmods > 0 && strlen(ks->ks_mods[ks->ks_nmods - 1].
		    km_name) == len && strncmp(ks->ks_mods[ks->ks_nmods - 1].
		    km_name, name, len) == 0)
			continue;
		if (ks->ks_nmods == cap) {
			dt_kmod_t *nm = realloc(ks->ks_mods, (cap = cap * 2 +
			    16) * sizeof (dt_kmod_t));

			if (nm == NULL)
				return (-1);
			ks->ks_mods = nm;
		}
		m = &ks->ks_mods[ks->ks_nmods++];
		m->km_addr = ks->ks_syms[i].kk_addr;
		snprintf(m->km_name, sizeof (m->km_name), "%.*s", (int)len,
		    name);
	}
	return (0);
}

/* Is the symbol part of the tracing machinery? */
static bool
ksym_machinery(const char *name)
{
	static const char *const prefixes[] = { "bpf_trace_run",
	    "__traceiter_", "__bpf_trace_", "perf_trace_",
	    "trace_event_raw_event_", "trace_raw_output_", "__probestub_" };
	static const char *const names[] = { "perf_syscall_enter",
	    "perf_syscall_exit", "trace_call_bpf" };

	name += strcspn(name, "`") + 1;
	for (size_t i = 0; i < sizeof (prefixes) / sizeof (prefixes[0]); i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return (true);
	for (size_t i = 0; i < sizeof (names) / sizeof (names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return (true);
	return (false);
}

/* The runs of machinery functions, as [start, end) pairs. */
static int
ksyms_machruns(dt_ksyms_t *ks)
{
	size_t cap = 0;
	bool in = false;

	for (size_t i = 0; i < ks->ks_n; i++) {
		const char *name = ks->ks_strtab + ks->ks_syms[i].kk_name;
		uint64_t addr = ks->ks_syms[i].kk_addr;

		if (strncmp(name + strcspn(name, "`") + 1, "__pfx_", 6) == 0)
			continue;	/* padding before the next function */
		if (!ksym_machinery(name)) {
			if (in)
				ks->ks_mach[ks->ks_nmach * 2 - 1] = addr;
			in = false;
			continue;
		}
		if (in)
			continue;
		if (ks->ks_nmach == cap) {
			uint64_t *nm = realloc(ks->ks_mach, (cap = cap * 2 +
			    64) * 2 * sizeof (uint64_t));

			if (nm == NULL)
				return (-1);
			ks->ks_mach = nm;
		}
		ks->ks_mach[ks->ks_nmach * 2] = addr;
		ks->ks_mach[ks->ks_nmach * 2 + 1] = addr + 1;
		ks->ks_nmach++;
		in = true;
	}
	return (0);
}

/*
 * The tracing machinery's text, sorted [start, end) pairs of addresses;
 * *np receives the number of pairs.
 */
const uint64_t *
dt_ksyms_machinery(const dt_ksyms_t *ks, size_t *np)
{
	*np = ks->ks_nmach;
	return (ks->ks_mach);
}

static dt_ksyms_t *
ksyms_load(const char *path, uint64_t sig)
{
	dt_ksyms_t *ks = calloc(1, sizeof (*ks));
	size_t cap = 0, scap = 0, slen = 0;
	FILE *fp = fopen(path, "re");
	char line[512];

	if (ks == NULL || fp == NULL) {
		if (fp != NULL)
			fclose(fp);
		free(ks);
		return (NULL);
	}
	while (fgets(line, sizeof (line), fp) != NULL) {
		char type, name[256], mod[128] = "vmlinux";
		unsigned long long addr;
		size_t need;
		int n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type,
		    name, mod);

		if (n < 3 || addr == 0 || !(type == 't' || type == 'T' ||
		    type == 'w' || type == 'W'))
			continue;
		if (strcmp(mod, "bpf") == 0)
			continue;	/* BPF programs come and go */
		if (ks->ks_n == cap) {
			dt_ksym_t *ns = realloc(ks->ks_syms, (cap = cap ?
			    cap * 2 : 65536) * sizeof (dt_ksym_t));

			if (ns == NULL)
				goto fail;
			ks->ks_syms = ns;
		}
		need = strlen(mod) + 1 + strlen(name) + 1;
		if (slen + need > scap) {
			char *nt = realloc(ks->ks_strtab, scap = (scap + need) *
			    2 + (1 << 20));

			if (nt == NULL)
				goto fail;
			ks->ks_strtab = nt;
		}
		if (strcmp(mod, "vmlinux") == 0 && addr > ks->ks_vmend)
			ks->ks_vmend = addr;
		ks->ks_syms[ks->ks_n].kk_addr = addr;
		ks->ks_syms[ks->ks_n].kk_name = (uint32_t)slen;
		slen += (size_t)sprintf(ks->ks_strtab + slen, "%s`%s", mod,
		    name) + 1;
		ks->ks_n++;
	}
	fclose(fp);
	qsort(ks->ks_syms, ks->ks_n, sizeof (dt_ksym_t), ksym_cmp);
	ks->ks_modsig = sig;
	if (ksyms_modruns(ks) != 0 || ksyms_machruns(ks) != 0) {
		ksyms_free(ks);
		return (NULL);
	}
	return (ks);
fail:
	fclose(fp);
	ksyms_free(ks);
	return (NULL);
}

/* The current symbols with a reference, loading them if needed. */
dt_ksyms_t *
dt_ksyms_hold(const char *path)
{
	uint64_t sig = modules_signature();
	dt_ksyms_t *ks, *old = NULL;

	pthread_mutex_lock(&dt_ksyms_lock);
	if ((ks = dt_ksyms_current) != NULL && ks->ks_modsig == sig) {
		ks->ks_refs++;
		pthread_mutex_unlock(&dt_ksyms_lock);
		return (ks);
	}
	pthread_mutex_unlock(&dt_ksyms_lock);

	if ((ks = ksyms_load(path, sig)) == NULL)
		return (NULL);
	pthread_mutex_lock(&dt_ksyms_lock);
	dt_ksyms_nload++;
	if (dt_ksyms_current != NULL && dt_ksyms_current->ks_modsig == sig) {
		/* another thread loaded them meanwhile */
		ksyms_free(ks);
		ks = dt_ksyms_current;
		ks->ks_refs++;
	} else {
		old = dt_ksyms_current;
		ks->ks_refs = 2;	/* the caller's and the cache's */
		dt_ksyms_current = ks;
	}
	pthread_mutex_unlock(&dt_ksyms_lock);
	dt_ksyms_rele(old);
	return (ks);
}

void
dt_ksyms_rele(dt_ksyms_t *ks)
{
	bool dead;

	if (ks == NULL)
		return;
	pthread_mutex_lock(&dt_ksyms_lock);
	if (ks->ks_refs == 0) {
		dt_msg_panic("kernel symbols: reference count underflow");
	}
	dead = --ks->ks_refs == 0;
	pthread_mutex_unlock(&dt_ksyms_lock);
	if (dead)
		ksyms_free(ks);
}

bool
dt_ksyms_current_p(const dt_ksyms_t *ks)
{
	return (ks->ks_modsig == modules_signature());
}

/*
 * The symbol at or below addr as "module`name", and the offset from it;
 * NULL if addr is below every symbol.
 */
const char *
dt_ksyms_lookup(const dt_ksyms_t *ks, uint64_t addr, uint64_t *offp)
{
	size_t lo = 0, hi = ks->ks_n;

	if (ks->ks_n == 0 || addr < ks->ks_syms[0].kk_addr)
		return (NULL);
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->ks_syms[mid].kk_addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* aliases at one address: the shortest name (_text, not __pi__text) */
	for (size_t i = lo; i > 0 && ks->ks_syms[i - 1].kk_addr ==
	    ks->ks_syms[lo].kk_addr; i--) {
		if (strlen(ks->ks_strtab + ks->ks_syms[i - 1].kk_name) <
		    strlen(ks->ks_strtab + ks->ks_syms[lo].kk_name))
			lo = i - 1;
	}
	if (addr > ks->ks_vmend && ks->ks_syms[lo].kk_addr <= ks->ks_vmend)
		return (NULL);	/* past the kernel's text */
	*offp = addr - ks->ks_syms[lo].kk_addr;
	return (ks->ks_strtab + ks->ks_syms[lo].kk_name);
}

/*
 * The module holding addr (as dt_ksyms_lookup() finds it), and the
 * address of the first symbol of its run in *basep; NULL if none.
 */
const char *
dt_ksyms_module(const dt_ksyms_t *ks, uint64_t addr, uint64_t *basep)
{
	size_t lo = 0, hi = ks->ks_nmods;
	uint64_t off;

	if (dt_ksyms_lookup(ks, addr, &off) == NULL || ks->ks_nmods == 0)
		return (NULL);
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->ks_mods[mid].km_addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	*basep = ks->ks_mods[lo].km_addr;
	return (ks->ks_mods[lo].km_name);
}

/*
 * The address of the kernel's own symbol name (vmlinux`name), 0 if there
 * is none.  The table is sorted by address: a search by name reads it all.
 */
uint64_t
dt_ksyms_addr(const dt_ksyms_t *ks, const char *name)
{
	for (size_t i = 0; i < ks->ks_n; i++) {
		const char *s = ks->ks_strtab + ks->ks_syms[i].kk_name;

		if (strncmp(s, "vmlinux`", 8) == 0 && strcmp(s + 8, name) == 0)
			return (ks->ks_syms[i].kk_addr);
	}
	return (0);
}

size_t
dt_ksyms_count(const dt_ksyms_t *ks)
{
	return (ks->ks_n);
}

unsigned long
dt_ksyms_loads(void)
{
	unsigned long n;

	pthread_mutex_lock(&dt_ksyms_lock);
	n = dt_ksyms_nload;
	pthread_mutex_unlock(&dt_ksyms_lock);
	return (n);
}

__attribute__((destructor)) static void
dt_ksyms_fini(void)
{
	dt_ksyms_t *ks;

	pthread_mutex_lock(&dt_ksyms_lock);
	ks = dt_ksyms_current;
	dt_ksyms_current = NULL;
	pthread_mutex_unlock(&dt_ksyms_lock);
	dt_ksyms_rele(ks);
}

/* The session's kernel symbols, loaded on first use. */
const dt_ksyms_t *
dt_session_ksyms(dtrace_hdl_t *dtp)
{
	if (dtp->dt_ksyms == NULL)
		dtp->dt_ksyms = dt_ksyms_hold(DT_KALLSYMS);
	return (dtp->dt_ksyms);
}
