/*
 * dt_probe.h: probes and providers: the registry and matching (dt_probe.c),
 * the providers' vtables and trampoline kinds, what providers share
 * (dt_prov_rawtp.c, dt_prov_pid.c, dt_prov_usdt.c), the discovery of
 * processes (dt_discover.c) and the registry of dtprobed (dt_registry.c).
 */
#ifndef DT_PROBE_H
#define DT_PROBE_H

#include "../core/dt_impl.h"
#include "../codegen/dt_block.h"

/* ---- probes and providers ------------------------------------------------ */

struct dt_provider;

typedef struct dt_probe {
	dtrace_probedesc_t pr_desc;	/* id and names */
	const struct dt_provider *pr_prov; /* provider */
	uint64_t pr_data;		/* provider's own datum */
	uint64_t pr_data2;		/* another provider datum */
	uint32_t pr_tramp;		/* trampoline kind (DT_TRAMP_*) */
	bool pr_attached;		/* attached already, with others of
					   its provider in one link (pid) */
	bool pr_shared;			/* an underlying probe that serves
					   every process (a USDT site, one
					   system-wide uprobe): never matched
					   by descriptions, never listed */
	bool pr_retired;		/* its process or file is gone: inert,
					   never matched; its id is given
					   again once records naming it are
					   read (dt_probe_retire()) */
	uint64_t pr_serial;		/* creation order: probes made since
					   serial S have pr_serial >= S */
	unsigned int *pr_clauses;	/* session clauses enabled on it */
	unsigned int pr_nclauses;	/* how many */
	unsigned int pr_clausecap;	/* how many allocated */
} dt_probe_t;

typedef struct dt_program {
	int pg_fd;			/* loaded program */
	uint32_t pg_tramp;		/* trampoline kind */
	int pg_progtype;		/* BPF program type (the trampoline
					   may change the provider's) */
	int pg_pvfd;			/* provider's descriptor, -1 if none */
	uint32_t pg_attachtype;		/* expected attach type at load (the
					   trampoline may set it), else 0 */
	uint32_t pg_btfid;		/* attach BTF id at load (fentry,
					   fexit: the trampoline sets it),
					   else 0 */
	int pg_btfobjfd;		/* the kernel BTF object pg_btfid is
					   in: a module's (borrowed from
					   dt_prov_fbt.c), 0 for vmlinux */
	uint32_t pg_callback;		/* first insn of its one callback (a
					   helper's, bpf_for_each_map_elem),
					   0 if none: then it is loaded with
					   BTF of its two functions */
	uint32_t pg_subs[DT_SUB_COUNT];	/* first insn of each runtime
					   routine (global function) it
					   calls, 0 if none; then it is
					   loaded with BTF of its
					   functions */
	bool pg_attached;		/* provider attached it once for all */
	bool pg_shared;			/* serves shared probes: runs the
					   clauses ms_clmask names */
	bool pg_own;			/* serves one probe, whose cookie is
					   pg_cookie (raw tracepoints without
					   cookies: dt_prov_rawtp.c) */
	uint64_t pg_cookie;		/* that cookie */
	unsigned int *pg_clauses;	/* clause ids, in order */
	unsigned int *pg_stmts;		/* the statement number of each
					   (dt_probe_stmt()) */
	unsigned int pg_nclauses;	/* how many */
	uint32_t *pg_ranges;		/* first insn of each clause block */
	struct dt_program *pg_next;	/* next program of the session */
} dt_program_t;

/*
 * A provider.  pv_names, if set, lists globs that every probe name of the
 * provider matches, so that a description naming another probe does not
 * make it list its probes.  populate() lists its probes (once, lazily);
 * provide() may
 * create a probe a description names (profile-N); trampoline() emits the
 * code that fills the machine state from the program's context; attach()
 * attaches a loaded program to one probe.
 */
/* A stability triplet: DT_ATTR(EVOLVING, EVOLVING, COMMON). */
#define DT_ATTR(n, d, c)	{ DTRACE_STABILITY_##n, \
				  DTRACE_STABILITY_##d, DTRACE_CLASS_##c }

/* What a provider publishes of its probes' stability (core/dt_attr.c). */
typedef struct dt_pattr {
	dtrace_attribute_t pa_provider;	/* the provider's name */
	dtrace_attribute_t pa_mod;	/* its probes' modules */
	dtrace_attribute_t pa_func;	/* their functions */
	dtrace_attribute_t pa_name;	/* their names */
	dtrace_attribute_t pa_args;	/* their arguments */
} dt_pattr_t;

struct dt_elf;
struct btf;

/*
 * How a probe's args[N] reaches D: from native argument ad_src (argM),
 * of native type ad_native, as a value of that type, as a string read
 * from user or kernel memory, or translated to the D type ad_xlate
 * (xlate <psinfo_t *> ((struct task_struct *)arg0)).  A provider fills
 * one from its own knowledge (pv_argdesc) as data: the native type is a
 * kernel type (a BTF id in the types the provider read it from) or a
 * type name in D; the compiler resolves both with its one type-name
 * parser (dt_parse_ctype()), -l -v prints dt_argtype_name().
 */
typedef enum dt_argform {
	DT_ARG_NONE = 0,	/* no such argument (a table's end) */
	DT_ARG_VALUE,		/* argM, typed ad_native */
	DT_ARG_USTRING,		/* copyinstr(argM): a user string */
	DT_ARG_KSTRING,		/* stringof((char *)argM): a kernel string */
	DT_ARG_XLATE		/* xlate <ad_xlate> ((ad_native)argM) */
} dt_argform_t;

/*
 * A native argument type: kernel type at_id of at_btf (borrowed from the
 * provider's types, valid while the session holds them), or, with at_btf
 * NULL, the D type name at_name.  A kernel type that a module defines
 * (at_id at or above at_first) is named in that module's scope, at_mod
 * ("struct 9pnet`p9_fid *"), so the compiler takes that module's types.
 */
typedef struct dt_argtype {
	const struct btf *at_btf;	/* the types at_id is in, or NULL */
	uint32_t at_id;			/* kernel type id (0: void) */
	uint32_t at_first;		/* first id at_mod defines (vmlinux:
					   1, none of its own) */
	char at_mod[64];		/* the module at_btf is of, "" for
					   vmlinux */
	char at_name[256];		/* at_btf NULL: a type name in D */
} dt_argtype_t;

typedef struct dt_argdesc {
	dt_argform_t ad_form;
	int ad_src;			/* M: which native argument */
	dt_argtype_t ad_native;		/* its type */
	char ad_xlate[64];		/* DT_ARG_XLATE: the D type it is
					   translated to ("psinfo_t *") */
	bool ad_cpuinfo;		/* it points to a CPU's entry of the
					   cpuinfo map (curcpu's): a clause
					   that reads one needs the map */
} dt_argdesc_t;

/* A provider's static row for one argument (dt_argdesc_set()). */
typedef struct dt_argspec {
	dt_argform_t as_form;
	const char *as_native;		/* D type name */
	const char *as_xlate;		/* D type name */
	bool as_cpuinfo;		/* ad_cpuinfo */
} dt_argspec_t;

#define DT_ARGV(native)		{ DT_ARG_VALUE, (native), NULL, false }
#define DT_ARGX(xlate, native)	{ DT_ARG_XLATE, (native), (xlate), false }
#define DT_ARGUSTR		{ DT_ARG_USTRING, "char *", NULL, false }
/* a pointer to a CPU's entry of the cpuinfo map (sched:::enqueue) */
#define DT_ARGCPU		{ DT_ARG_VALUE, "cpuinfo_t *", NULL, true }

typedef struct dt_provider {
	const char *pv_name;		/* provider name */
	const dt_pattr_t *pv_attr;	/* stability of its probes */
	const char *const *pv_names;	/* globs its probe names match */
	int pv_progtype;		/* BPF program type */
	int (*pv_populate)(struct dtrace_hdl *);
	int (*pv_provide)(struct dtrace_hdl *, const dtrace_probedesc_t *);
	int (*pv_prepare)(struct dtrace_hdl *);
	int (*pv_argdesc)(struct dtrace_hdl *, const dt_probe_t *, int,
	    dt_argdesc_t *);	/* args[N]: 0, or -1 when it has none */
	int (*pv_trampoline)(struct dtrace_hdl *, dt_block_t *,
	    struct dt_program *);
	int (*pv_attach)(struct dtrace_hdl *, dt_probe_t *,
	    struct dt_program *);
	bool pv_pidprov;		/* provider names are pv_name followed
					   by a process id (pid1234) */
	bool pv_anyprov;		/* its probes' provider names are their
					   own, ending in a process id (USDT:
					   myprov1234) */
	bool (*pv_modmatch)(const dt_probe_t *, const char *);
					/* does the probe's module match a
					   description's module field; NULL:
					   a glob match of pr_desc.mod */
	bool (*pv_funmatch)(const dt_probe_t *, const char *);
					/* the same for the function field
					   (pid: any name of the address) */
	bool (*pv_maymatch)(const dtrace_probedesc_t *);
					/* can a description match any of its
					   probes (asked before populating);
					   NULL: perhaps */
	int (*pv_discover)(struct dtrace_hdl *, const dtrace_probedesc_t *,
	    pid_t);			/* create the probes of a process
					   started while tracing runs that the
					   description names; NULL: none */
	void (*pv_forget)(struct dtrace_hdl *, pid_t);
					/* a discovered process is gone */
	uint64_t (*pv_cookie)(struct dtrace_hdl *, const dt_probe_t *);
					/* the BPF cookie a probe is attached
					   with, if not its id (raw
					   tracepoints without cookies build it
					   into the program) */
	int (*pv_share)(struct dtrace_hdl *, uint64_t);
					/* the probes made since this serial
					   (pr_serial) were enabled: move what
					   shared probes can serve onto them */
	bool (*pv_armable)(struct dtrace_hdl *, const char *);
					/* may a description name a probe of
					   this provider (its name in a file's
					   notes) in a file that no process
					   maps yet; NULL: no */
	int (*pv_arm)(struct dtrace_hdl *, const struct dt_elf *,
	    const char *);		/* make and enable the shared probes
					   of a file that no process maps yet
					   (one the registry knows), path as
					   processes map it; NULL: none */
	bool (*pv_ownprog)(struct dtrace_hdl *);
					/* does each probe need a program of
					   its own, with its cookie (pv_cookie,
					   else its id) built in: raw
					   tracepoints where the kernel has no
					   cookies (dt_rawtp_ownprog()); NULL:
					   no */
	int (*pv_init)(struct dtrace_hdl *, void **);
					/* create its state for a new session
					   (dtrace_open()) and put it in the
					   void * given, which dt_provdata()
					   returns after; -1 and an error on
					   the handle if it cannot; NULL: no
					   state */
	void (*pv_fini)(struct dtrace_hdl *, void *);
					/* free that state (dtrace_close(),
					   also after a failed open: NULL
					   accepted) */
	const char *(*pv_absent)(const dtrace_probedesc_t *);
					/* why a description of this provider
					   that matched nothing names what this
					   kernel cannot provide, or NULL
					   (dt_probe_absent()) */
	int (*pv_nomatch)(struct dtrace_hdl *, const dtrace_probedesc_t *,
	    char *, size_t);		/* DTrace's reason (DT_PIDNM_*) a
					   description that matched nothing
					   names nothing, its words in the
					   buffer; DT_PIDNM_NONE: none */
	const struct dt_probe *(*pv_overlying)(struct dtrace_hdl *,
	    const struct dt_probe *, pid_t);
					/* a shared probe's firing in process
					   pid: the process's own probe, which
					   records name */
} dt_provider_t;

/*
 * How many providers dt_providers[] lists (probes/dt_probe.c checks it):
 * the size of the handle's dt_provdata[].
 */


/* probes/dt_probe.c */
extern const dt_provider_t *const dt_providers[];
extern dt_probe_t *dt_probe_create(dtrace_hdl_t *, const dt_provider_t *,
    const char *, const char *, const char *);
extern dt_probe_t *dt_probe_lookup(dtrace_hdl_t *, const dtrace_probedesc_t *);
extern bool dt_probe_same_clauses(const dtrace_hdl_t *, const dt_probe_t *,
    const dt_probe_t *);
extern unsigned int dt_probe_stmt(const dtrace_hdl_t *, const dt_probe_t *,
    unsigned int);
extern int dt_probe_match(dtrace_hdl_t *, const dtrace_probedesc_t *,
    int (*)(dtrace_hdl_t *, dt_probe_t *, void *), void *);
extern int dt_probe_enable(dtrace_hdl_t *, dt_probe_t *, unsigned int,
    bool);
extern bool dt_probe_matches(const dt_probe_t *, const dtrace_probedesc_t *);
extern int dt_providers_init(dtrace_hdl_t *);
extern void dt_providers_fini(dtrace_hdl_t *);
extern void *dt_provdata(dtrace_hdl_t *, const dt_provider_t *);
extern const char *dt_probe_absent(const dtrace_probedesc_t *);

/* probes/providers/dt_prov_fbt.c */
#define DT_FBT_MAXTRAMP	256	/* default fbtmaxtramp (dt_prov_fbt.c) */
extern void dt_probes_free(dtrace_hdl_t *);
extern void dt_argdesc_set(dt_argdesc_t *, int, const dt_argspec_t *);
extern void dt_argdesc_value(dt_argdesc_t *, int, const char *);
extern void dt_argdesc_btf(dt_argdesc_t *, int, const struct btf *,
    uint32_t, uint32_t, const char *);
extern bool dt_argdesc_same(const dt_argdesc_t *, const dt_argdesc_t *);
extern void dt_argtype_name(const dt_argtype_t *, char *, size_t);
extern const char *dt_argdesc_dtype(const dt_argdesc_t *, char *, size_t);
extern int dt_probe_argdesc(dtrace_hdl_t *, const dt_probe_t *, int,
    dt_argdesc_t *);
extern void dt_probe_retire(dtrace_hdl_t *, dt_probe_t *);
extern void dt_probe_reap(dtrace_hdl_t *);
extern int dt_attfd_add(dtrace_hdl_t *, int);
extern void dt_attfds_close(dtrace_hdl_t *);
extern const char *dt_tracefs(dtrace_hdl_t *);
extern int dt_tracefs_listfail(dtrace_hdl_t *, const char *, int);
extern int dt_perf_attach(dtrace_hdl_t *, int, int, uint64_t);
extern int dt_uprobes_attach(dtrace_hdl_t *, int, const char *,
    const uint64_t *, const uint64_t *, const uint64_t *, uint32_t, bool,
    pid_t);

/* providers */
extern const dt_provider_t dt_prov_dtrace;
extern const dt_provider_t dt_prov_profile;
extern const dt_provider_t dt_prov_syscall;
extern const dt_provider_t dt_prov_pid;
extern const dt_provider_t dt_prov_usdt;
extern const dt_provider_t dt_prov_rawtp;
extern const dt_provider_t dt_prov_sdt;
extern const dt_provider_t dt_prov_proc;
extern const dt_provider_t dt_prov_sched;
extern const dt_provider_t dt_prov_io;
extern const dt_provider_t dt_prov_tcp;
extern const dt_provider_t dt_prov_ip;
extern const dt_provider_t dt_prov_fbt;
#define DT_PRID_BEGIN	1
#define DT_PRID_END	2
#define DT_PRID_ERROR	3

/* Trampoline kinds. */
enum {
	DT_TRAMP_DTRACE = 1,	/* BEGIN/END: raw_tp test run, arg0 = prid */
	DT_TRAMP_PROFILE,	/* perf event: prid in the cookie */
	DT_TRAMP_SYSENTER,	/* syscall entry tracepoint */
	DT_TRAMP_SYSEXIT,	/* syscall return tracepoint */
	DT_TRAMP_RAWSYSENTER,	/* raw_syscalls sys_enter, by number */
	DT_TRAMP_RAWSYSEXIT,	/* raw_syscalls sys_exit, by number */
	DT_TRAMP_PIDENTRY,	/* uprobe on a function's first byte */
	DT_TRAMP_PIDRETURN,	/* uretprobe of a function */
	DT_TRAMP_PIDOFFSET,	/* uprobe on an instruction offset in a
				   function: arguments as at entry, but
				   the stack's top is no return address */
	DT_TRAMP_RAWTP,		/* raw tracepoint: prid, nargs in the cookie */
	DT_TRAMP_PROC_CREATE,	/* proc: sched_process_fork, a process */
	DT_TRAMP_PROC_LWPCREATE, /* proc: sched_process_fork, a thread */
	DT_TRAMP_PROC_EXEC,	/* proc: sched_process_exec */
	DT_TRAMP_PROC_EXECENTRY, /* proc: sys_enter of execve */
	DT_TRAMP_PROC_EXECFAIL,	/* proc: sys_exit of a failed execve */
	DT_TRAMP_PROC_START,	/* proc: sys_exit of fork in a new process */
	DT_TRAMP_PROC_LWPSTART,	/* proc: sys_exit of clone in a new task */
	DT_TRAMP_PROC_EXIT,	/* proc: sched_process_exit, last thread */
	DT_TRAMP_PROC_LWPEXIT,	/* proc: sched_process_exit */
	DT_TRAMP_PROC_SIGSEND,	/* proc: signal_generate, not ignored */
	DT_TRAMP_PROC_SIGDISCARD, /* proc: signal_generate, ignored */
	DT_TRAMP_PROC_SIGHANDLE, /* proc: signal_deliver */
	DT_TRAMP_SCHED_OFFCPU,	/* sched: sched_switch, in prev */
	DT_TRAMP_SCHED_ONCPU,	/* sched: sched_exit_tp, a switch */
	DT_TRAMP_SCHED_REMAIN,	/* sched: sched_exit_tp, no switch */
	DT_TRAMP_SCHED_SLEEP,	/* sched: sched_switch, prev blocks */
	DT_TRAMP_SCHED_PREEMPT,	/* sched: sched_switch, prev runnable */
	DT_TRAMP_SCHED_WAKEUP,	/* sched: sched_waking */
	DT_TRAMP_SCHED_CHANGEPRI, /* sched: sched_pi_setprio */
	DT_TRAMP_SCHED_TICK,	/* sched: hrtimer_expire_entry, the tick */
	DT_TRAMP_SCHED_ENQUEUE,	/* sched: sched_wakeup(_new), on a queue */
	DT_TRAMP_SCHED_DEQUEUE,	/* sched: sched_switch, prev off its queue */
	DT_TRAMP_IO_START,	/* io: block_rq_issue */
	DT_TRAMP_IO_DONE,	/* io: block_rq_complete */
	DT_TRAMP_TCP_STATE,	/* tcp: inet_sock_set_state */
	DT_TRAMP_IP_SEND,	/* ip: net_dev_queue */
	DT_TRAMP_IP_RECEIVE,	/* ip: netif_receive_skb */
	DT_TRAMP_TCP_CONNECTEST, /* tcp: SYN-SENT -> ESTABLISHED */
	DT_TRAMP_TCP_ACCEPTEST,	/* tcp: SYN-RECV -> ESTABLISHED */
	DT_TRAMP_FBT_KENTRY,	/* fbt: kprobe, prid in the cookie */
	DT_TRAMP_FBT_KRETURN,	/* fbt: kretprobe, prid in the cookie */
	DT_TRAMP_SDT,		/* tracepoint: prid in the cookie, the
				   arguments' layout in the program's map */
	DT_TRAMP_USDT		/* USDT site: DT_TRAMP_USDT + i reads the
				   arguments as usdt's us_specs[i] says
				   (dt_prov_usdt_args.c); last */
};

/*
 * fbt over fentry/fexit: a program per probe, DT_TRAMP_FBT_TRACING | its
 * probe id, far above the USDT kinds (DT_TRAMP_USDT + a spec index).
 */
#define DT_TRAMP_FBT_TRACING	0x40000000u

/* probes/dt_discover.c */
#define DT_DISCOVER_PROBES	65536	/* probes map: room for discovered */
extern bool dt_discover_wanted(dtrace_hdl_t *);
extern bool dt_discover_wants(dtrace_hdl_t *, const dtrace_probedesc_t *);
extern int dt_discover_scan(dtrace_hdl_t *);
extern int dt_discover_start(dtrace_hdl_t *);
extern int dt_discover_known(dtrace_hdl_t *);
extern int dt_discover_arm(dtrace_hdl_t *, const dt_elf_t *, const char *);
extern void dt_discover_note(dtrace_hdl_t *, uint32_t, uint32_t, uint64_t);
extern void dt_discover_run(dtrace_hdl_t *);
extern void dt_discover_tidy(dtrace_hdl_t *, bool);
extern void dt_discover_free(dtrace_hdl_t *);

/* probes/dt_hold.c */
typedef struct dt_hold dt_hold_t;
extern int dt_hold_start(dtrace_hdl_t *);
extern int dt_hold_fd(const dtrace_hdl_t *);
extern void dt_hold_read(dtrace_hdl_t *);
extern void dt_hold_own(dtrace_hdl_t *, bool);
extern void dt_hold_stop(dtrace_hdl_t *);
extern uint32_t dt_hold_newid(uint32_t *, bool (*)(uint32_t, void *),
    void *);

/* probes/dt_registry.c */
extern int dt_registry_start(dtrace_hdl_t *);
extern uint64_t dt_registry_known(dtrace_hdl_t *);
extern void dt_registry_ack(dtrace_hdl_t *, uint64_t);
extern int dt_registry_fd(const dtrace_hdl_t *);
extern void dt_registry_read(dtrace_hdl_t *);
extern void dt_registry_close(dtrace_hdl_t *);

/*
 * Was the known list's file of this identity handled before (armed, or
 * found not to be wanted or not to be there)?  If not, it is now.  The
 * set (*ksp, allocated at the first call; free() it) remembers at most
 * DT_KNOWN_HANDLED identities, the oldest forgotten first, in a hash
 * table: a lookup costs the same whatever the number remembered.
 */
#define DT_KNOWN_HANDLED 4096
typedef struct dt_regknown_set dt_regknown_set_t;
extern bool dt_regknown_handled(dt_regknown_set_t **, dev_t, ino_t, off_t,
    long long, long);

/* probes/providers/dt_prov_rawtp.c */
struct btf;
struct btf_type;
extern const struct btf_type *dt_rawtp_proto(dtrace_hdl_t *, const char *,
    const struct btf **);
extern int dt_rawtp_nargs(dtrace_hdl_t *, const char *);
extern int dt_rawtp_open(dtrace_hdl_t *, const char *, int, uint64_t);
extern bool dt_rawtp_cookies(void);
extern bool dt_rawtp_ownprog(dtrace_hdl_t *);
struct dt_asm;
extern void dt_rawtp_cookie(struct dt_asm *, const dt_program_t *);
extern int dt_tp_populate(dtrace_hdl_t *, const dt_provider_t *, uint32_t);
extern int dt_tp_attach(dtrace_hdl_t *, const char *, const char *, int,
    uint64_t);
extern bool dt_tp_maymatch(const dtrace_probedesc_t *);

/* probes/providers/dt_prov_pid.c: pv_nomatch, why a description names
   nothing */
#define	DT_PIDNM_NONE	0
#define	DT_PIDNM_NAME	1	/* D_PROC_NAME */
#define	DT_PIDNM_LIB	2	/* D_PROC_LIB */
#define	DT_PIDNM_FUNC	3	/* D_PROC_FUNC */
#define	DT_PIDNM_BADPID	4	/* D_PROC_BADPID */
#define	DT_PIDNM_ZERO	5	/* D_PDESC_ZERO, with the reason */

/* probes/providers/dt_prov_usdt.c */
#define DT_USDT_SKIPPED	UINT32_MAX	/* pm_usdt: a note not understood */
extern void dt_usdt_sweep(dtrace_hdl_t *, uint64_t);
/* probes/providers/dt_prov_usdt_shared.c */
extern bool dt_usdt_file_named(dtrace_hdl_t *, const dt_elf_t *);
/* probes/providers/dt_prov_usdt_args.c */
extern int dt_usdt_note_args(const dt_pidmod_t *, const dt_elfnote_t *,
    char *, size_t, const char **, size_t *);

#endif /* DT_PROBE_H */
