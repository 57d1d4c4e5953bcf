/*
 * dt_prov_usdt_impl.h: what the files of the USDT provider share:
 * dt_prov_usdt.c (the provider's vtable, probes of processes,
 * trampolines, attaching), dt_prov_usdt_args.c (argument specs) and
 * dt_prov_usdt_shared.c (shared probes of files): the provider's state
 * and the functions one file uses from another, named dt_usdt_*.
 * Everything else is static to its file; the rest of the library
 * reaches the provider through its vtable only (test provcalls).
 */
#ifndef DT_PROV_USDT_IMPL_H
#define DT_PROV_USDT_IMPL_H

#include "../../core/dt_impl.h"
#include "../../bpf/dt_bpf.h"
#include "../dt_probe.h"
#include "../../proc/dt_proc.h"
#include "../../proc/dt_notes.h"
#include "../../codegen/dt_asm.h"

/* dt_prov_usdt.c */
/* The sites of one uprobe_multi link, as dt_uprobes_attach() takes them. */
typedef struct dt_usdtsites {
	uint64_t *ss_offs;		/* file offsets */
	uint64_t *ss_refs;		/* semaphores' file offsets, 0 none */
	uint64_t *ss_cookies;		/* cookies */
	uint32_t ss_n;			/* how many */
} dt_usdtsites_t;

#define PT_IP				128	/* pt_regs: ip */

#define DT_USDT_HASH			4096	/* buckets of us_over */

#define DT_USDT_NOSHARE			UINT32_MAX /* uf_prids: none */

/*
 * The shared probes of one file (one per note), its descriptor.  It
 * holds its ELF file and a module of its own (no process), which its
 * shared probes point to: the process that showed the file may be gone.
 */
typedef struct dt_usdtfile {
	const dt_elf_t *uf_elf;		/* the file, its notes (held) */
	dt_pidmod_t uf_mod;		/* its module, pm_pid 0 */
	uint32_t *uf_prids;		/* by note: shared probe id, 0 not
					   made yet, DT_USDT_NOSHARE none */
	int *uf_fds;			/* its links (in dt_attfds) */
	unsigned int uf_nfds;		/* how many */
	uint64_t uf_idle;		/* since when no process of the
					   session maps it nor fired it (boot
					   ns), 0: in use */
	struct dt_usdtfile *uf_next;	/* next file */
} dt_usdtfile_t;

/* The probe of a process on a shared probe, hashed by both. */
typedef struct dt_usdtover {
	pid_t uo_pid;			/* process */
	uint32_t uo_shared;		/* shared probe id */
	uint32_t uo_prid;		/* the process's probe (myprov1234) */
	struct dt_usdtover *uo_next;	/* next in the bucket */
} dt_usdtover_t;

/* A usdt_prids entry of a process, kept to purge it. */
typedef struct dt_usdtent {
	pid_t ue_pid;			/* process */
	uint32_t ue_shared;		/* shared probe id */
	uint32_t ue_gen;		/* generation in the entry */
} dt_usdtent_t;

/*
 * usdt's state in a session (its pv_init, dt_provdata()).  The modules
 * of traced processes it reads the notes of are the process layer's
 * (dt_pidmods()).
 */
typedef struct usdt_state {
	char **us_specs;		/* argument specs, each once: a
					   trampoline each (DT_TRAMP_USDT + its
					   index) */
	uint32_t us_nspecs;		/* how many */
	unsigned int us_speccap;	/* how many allocated */
	dt_usdtfile_t *us_files;	/* files with shared probes */
	dt_usdtover_t **us_over;	/* (pid, shared probe) -> the
					   process's probe, hashed */
	dt_usdtent_t *us_ents;		/* usdt_prids entries of processes */
	unsigned int us_nents;		/* how many */
	unsigned int us_entcap;		/* how many allocated */
	uint32_t us_gen;		/* last generation given (usdt_gen) */
	uint64_t us_full;		/* usdt_prids entries refused: full */
	uint64_t us_checked;		/* last check of idle files, boot ns */
} usdt_state_t;

/*
 * The cookie of a site of a process's probe: the probe id in the low 32
 * bits, then the process id (DT_USDT_PIDBITS: the kernel's pid_max is at
 * most 2^22) and the site's variant, the index of its spec among the
 * distinct specs of the probe's sites (at most DT_USDT_MAXVAR).
 */
#define DT_USDT_PIDBITS			24
#define DT_USDT_MAXVAR			(1 << (32 - DT_USDT_PIDBITS))

extern usdt_state_t *dt_usdt_state(dtrace_hdl_t *dtp);
extern bool dt_usdt_same_probe(const dt_elfnote_t *a, const dt_elfnote_t *b);
extern int dt_usdt_spec_variant(const char *specs, const char *spec);
extern void dt_usdt_emit_map(dt_asm_t *as, int r, int idx);

/* dt_prov_usdt_args.c */
/* One argument spec, parsed. */
typedef struct dt_usdtarg {
	enum { UA_REG, UA_MEM, UA_CONST } ua_kind; /* what it reads */
	uint8_t ua_size;		/* bytes: 1, 2, 4, 8 */
	bool ua_signed;			/* sign-extend (negative size) */
	uint8_t ua_shift;		/* a high byte register (%ah): 8 */
	int16_t ua_reg;			/* pt_regs offset of the register or
					   base, -1 if none */
	int16_t ua_index;		/* pt_regs offset of the index, -1 if
					   none */
	uint8_t ua_scale;		/* log2 of the index's scale */
	int64_t ua_val;			/* constant, or displacement */
} dt_usdtarg_t;

extern int dt_usdt_args_parse(const char *args, dt_usdtarg_t *argv,
    const char **bad, size_t *badlen);
extern int dt_usdt_site_args(const dt_pidmod_t *pm, const dt_elfnote_t *en,
    char *spec, size_t len, const char **bad, size_t *badlen);
extern int dt_usdt_variant_parse(const char *specs, int v,
    dt_usdtarg_t *argv);
extern int dt_usdt_variants(const char *specs);
extern int dt_usdt_spec_tramp(dtrace_hdl_t *dtp, const char *args,
    uint32_t *tramp);

/* dt_prov_usdt_shared.c */
extern bool dt_usdt_has_glob(const char *s);
extern unsigned int dt_usdt_over_hash(pid_t pid);
extern dt_usdtfile_t *dt_usdt_file_find(dtrace_hdl_t *dtp, const dt_elf_t *ef);
extern bool dt_usdt_desc_site(const dtrace_probedesc_t *pdp,
    const dt_pidmod_t *pm, const dt_elfnote_t *en, bool may);
extern dt_probe_t *dt_usdt_shared_get(dtrace_hdl_t *dtp, dt_pidmod_t *pm,
    size_t i, uint32_t tramp, bool *none);
extern int dt_usdt_site_tramp(dtrace_hdl_t *dtp, const dt_pidmod_t *pm,
    const dt_elfnote_t *en, uint32_t *tramp);
extern int dt_usdt_share(dtrace_hdl_t *dtp, uint64_t first);
extern const dt_probe_t *dt_usdt_overlying(dtrace_hdl_t *dtp,
    const dt_probe_t *sh, pid_t pid);
extern void dt_usdt_file_release(dtrace_hdl_t *dtp, dt_usdtfile_t *uf);
extern void dt_usdt_shared_lookup(dt_asm_t *as);
extern int dt_usdt_sites_init(dtrace_hdl_t *dtp, dt_usdtsites_t *ss,
    size_t cap);
extern void dt_usdt_sites_add(dt_usdtsites_t *ss, const dt_elfnote_t *en,
    uint64_t cookie);
extern void dt_usdt_sites_fini(dt_usdtsites_t *ss);
extern int dt_usdt_shared_attach(dtrace_hdl_t *dtp, dt_probe_t *prp,
    dt_program_t *pgp);

#endif /* DT_PROV_USDT_IMPL_H */
