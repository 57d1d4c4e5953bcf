/*
 * dt_optvals.h: the options' values (dt_options_t), the field of the
 * handle every part of the library reads them from (dtp->dt_opts), and
 * the words some of them take.  Which option sets which field, its
 * default and when it may change is the table of dt_options.h.
 */
#ifndef DT_OPTVALS_H
#define DT_OPTVALS_H

#include <stdbool.h>
#include <stdint.h>

#define DT_BUFSIZE_MAX	(2ULL << 30)	/* bufsize: the largest ring buffer */
#define DT_DEBUGDIR	"/usr/lib/debug" /* debugdir's default (dt_elf.c) */

/*
 * The options' values.  Each option is a row of the table in
 * core/dt_options.c, which names its field here, sets its default and
 * parses what dtrace_setopt() is given for it.
 */
/*
 * evaltime: where a -c process is held while its descriptions are
 * evaluated: at its exec (before its dynamic loader runs), or at its
 * program's entry point for the others (its libraries mapped and
 * initialized: preinit and main are met there too).
 */
#define DT_EVALTIME_EXEC	0
#define DT_EVALTIME_PREINIT	1
#define DT_EVALTIME_POSTINIT	2
#define DT_EVALTIME_MAIN	3

typedef struct dt_options {
	uint32_t op_strsize;		/* strsize */
	uint32_t op_scratchsize;	/* scratchsize: alloca() & co */
	uint32_t op_stackframes;	/* stackframes: stack()'s depth */
	uint32_t op_stackindent;	/* stackindent: columns before a frame */
	uint32_t op_ustackframes;	/* ustackframes: ustack()'s depth */
	uint32_t op_jstackframes;	/* jstack(): default frames */
	uint32_t op_jstackstrsize;	/* jstack(): accepted, unused */
	uint32_t op_printsize;		/* print(): bytes of a value recorded,
					   at most */
	uint32_t op_ustackcopy;		/* ustackcopy: bytes of the user
					   stack a ustack() record copies for
					   unwinding (proc/dt_cfi.c), 0: none */
	uint64_t op_bufsize;		/* bufsize */
	int op_bufpolicy;		/* bufpolicy: DT_BUFPOLICY_* */
	int op_evaltime;		/* evaltime: DT_EVALTIME_* */
	dtrace_attribute_t op_amin;	/* amin: least attributes a program
					   may have (Internal/Internal/Unknown:
					   any) */
	bool op_bufresize_manual;	/* bufresize=manual: the output
					   buffer at bufsize or not at all */
	uint64_t op_switchrate;		/* ns between buffer reads */
	uint64_t op_aggrate;		/* accepted; no effect (design.md) */
	bool op_quiet;			/* quiet */
	bool op_rawbytes;		/* rawbytes: strings traced as hex */
	bool op_temporal;		/* temporal: accepted; records are in
					   time order already (one buffer) */
	bool op_quietresize;		/* quietresize: accepted; buffers are
					   never resized */
	uint64_t op_statusrate;		/* statusrate: ns between status
					   checks (drops, processes) */
	bool op_errtags;		/* errtags */
	bool op_droptags;		/* droptags: drop reports carry their
					   DTRACEDROP_* tag */
	bool op_fbtkprobe;		/* fbtkprobe: fbt on kprobes even
					   where fentry/fexit work */
	uint32_t op_fbtmaxtramp;	/* fbtmaxtramp: most fbt probes put on
					   fentry/fexit, a program each; more:
					   all on kprobes */
	bool op_zdefs;			/* zdefs (-Z) */
	uint64_t op_cpu;		/* cpu: the one CPU traced, or
					   DT_CPU_ANY */
	bool op_grabanon;		/* grabanon: no anonymous state here */
	/*
	 * DTrace's options for what this implementation has no part of
	 * (DIF, CTF, DOF, kernel modules, its debugging): accepted and
	 * kept so that scripts setting them run (docs/man/dtrace.1).
	 */
	bool op_core;			/* core */
	bool op_debug;			/* debug */
	uint32_t op_disasm;		/* disasm: -S has one listing here */
	uint32_t op_iregs;		/* iregs */
	uint32_t op_tregs;		/* tregs */
	uint32_t op_tree;		/* tree */
	bool op_kdefs;			/* kdefs */
	bool op_knodefs;		/* knodefs */
	bool op_udefs;			/* udefs */
	bool op_unodefs;		/* unodefs */
	int op_linkmode;		/* linkmode: dynamic, kernel, static */
	int op_linktype;		/* linktype: dof, elf */
	char *op_modpath;		/* modpath */
	char *op_ctfpath;		/* ctfpath: BTF here, no CTF */
	char *op_ctypes;		/* ctypes: no CTF is written */
	char *op_dtypes;		/* dtypes: no CTF is written */
	int op_late;			/* late: dynamic, static */
	char *op_ldpath;		/* ldpath: nothing is linked (-G) */
	bool op_linknommap;		/* linknommap */
	bool op_nolibs;			/* nolibs: the D library is compiled
					   only when a program names it */
	uint32_t op_pgmax;		/* pgmax */
	char *op_procfspath;		/* procfspath */
	bool op_strip;			/* strip: nothing is linked (-G) */
	char *op_syslibdir;		/* syslibdir: the D library is built in */
	bool op_useruid;		/* useruid */
	uint64_t op_pcapsize;		/* pcapsize */
	bool op_pspec;			/* pspec */
	bool op_verbose;		/* verbose */
	char *op_version;		/* version */
	bool op_lazyload;		/* lazyload: no DOF here */
	uint64_t op_preallocate;	/* preallocate: kept, no effect */
	uint64_t op_lockmem;		/* lockmem: BPF memory is memcg's */
	uint32_t op_maxframes;		/* maxframes: stack() and ustack()
					   take at most this many frames,
					   and DT_STACK_MAXFRAMES */
	bool op_defaultargs;		/* defaultargs: unset $N is 0, $$N "" */
	bool op_empty;			/* empty: an empty program compiles */
	bool op_argref;			/* argref: macro arguments need not
					   all be used */
	bool op_flowindent;		/* flowindent (-F) */
	bool op_destructive;		/* destructive (-w) */
	uint64_t op_dynvarsize;		/* dynvarsize: bytes per variable map */
	uint64_t op_aggsize;		/* aggsize: bytes per aggregation per CPU */
	uint32_t op_nspec;		/* nspec: speculation buffers */
	uint64_t op_specsize;		/* specsize as set: bytes per
					   speculation (dt_specsize()) */
	uint32_t op_usdtprids;		/* usdtprids: usdt_prids entries */
	uint32_t op_usdthold;		/* usdthold: ms an exec is held at
					   most without dtprobed, 0 never */
	uint32_t op_usdtidle;		/* usdtidle: files with shared USDT
					   probes kept armed with no live
					   process */
	uint64_t op_cleanrate;		/* cleanrate: accepted; no effect */
	bool op_aggsortkey;		/* aggsortkey: sort entries by key */
	bool op_aggsortrev;		/* aggsortrev: reverse the order */
	uint32_t op_aggsortpos;		/* aggsortpos: printa() sorts by it */
	uint32_t op_aggsortkeypos;	/* aggsortkeypos: key compared first */
	int op_oformat;			/* oformat: DT_OFORMAT_TEXT, _JSON */
	bool op_aggzoom;		/* aggzoom: bars scaled to the largest */
	bool op_aggpack;		/* aggpack: a histogram on one line */
	bool op_aggpercpu;		/* aggpercpu: each CPU's value below
					   an aggregation's */
	bool op_agghist;		/* agghist: scalar values as bars */
	int op_encoding;		/* encoding: DT_ENCODING_AUTO, _ASCII,
					   _UTF8 */
	bool op_bpflog;			/* bpflog: show the verifier's log of
					   every program */
	uint64_t op_bpflogsize;		/* bpflogsize: the most bytes of it */
	bool op_noresolve;		/* noresolve: user addresses in hex */
	char *op_btfpath;		/* btfpath: kernel types from here */
	char *op_debugdir;		/* debugdir: separate debug files, or
					   NULL for DT_DEBUGDIR */
	char *op_registry;		/* registry: dtprobed's directory, or
					   NULL for /run/dtrace */
	bool op_cpp;			/* cpp (-C): preprocess every program */
	bool op_cpphdrs;		/* cpphdrs (-H): cpp lists its headers */
	char op_stdc;			/* stdc (-X): a, c, t (-std=c99) or s
					   (-traditional-cpp); 0: a */
	char *op_cpppath;		/* cpppath, or NULL for DT_CPP_PATH */
	char **op_libdirs;		/* libdir (-L): directories whose .d
					   files are compiled before the first
					   program */
	unsigned int op_nlibdirs;	/* how many */
	unsigned int op_libdircap;	/* how many allocated */
	char **op_cppargs;		/* -D, -U, -I for cpp, in order */
	unsigned int op_ncppargs;	/* how many */
	unsigned int op_cppargcap;	/* how many allocated */
} dt_options_t;

#define	DT_BUFPOLICY_SWITCH 0	/* records printed as they are read */
#define	DT_BUFPOLICY_FILL 1	/* kept until a CPU's fills, then stop */
#define	DT_BUFPOLICY_RING 2	/* each CPU's latest kept, printed at end */

#define	DT_OFORMAT_TEXT	0	/* oformat=text: DTrace's layouts */
#define	DT_OFORMAT_JSON	1	/* oformat=json: a JSON object a line */

/* encoding: the characters of histogram bars (dt_agg_print.c) */
#define	DT_ENCODING_AUTO	0	/* UTF-8 unless TERM is dumb */
#define	DT_ENCODING_ASCII	1
#define	DT_ENCODING_UTF8	2

#endif /* DT_OPTVALS_H */
