/*
 * dt_rec.h: the layouts shared by the code generator (which writes them from
 * BPF) and the consumer (which reads them).  Nothing else may define them.
 *
 * Memory the BPF programs of a session use:
 *
 *  - dctx: a per-CPU array of one entry, the scratch area of a firing:
 *    the machine state (probe id, arguments, fault details, strtok()'s
 *    position), this-> variables, the clause's scratch space (alloca(),
 *    copyin()), temporary strings, strtok()'s copy of its string, then
 *    the record buffer.  A firing owns it from start to end;
 *    tracing programs do not nest on one CPU.
 *  - globals: an array of one entry, mapped into programs by address
 *    (BPF_PSEUDO_MAP_VALUE): the session state then the global variables.
 *  - strtab: an array of one entry holding the program's string literals,
 *    frozen before load.
 *  - spec: an array of one entry holding nspec speculation buffers, each a
 *    dt_specbuf_t then specsize bytes: the records speculate() appended
 *    (each a dt_rechdr_t and the clause's data), sent to the ring buffer
 *    as one DT_REC_SPEC record by commit(), the slot's sb_hdr its header.
 *  - output: a BPF ring buffer.  Each record starts with dt_rechdr_t; a data
 *    record is followed by the clause's data, laid out as the clause's
 *    dt_datadesc says; a fault record by dt_faultrec_t.
 */
#ifndef DT_REC_H
#define DT_REC_H

#include <stdint.h>

#define DT_MAXARGS	10	/* arg0 .. arg9 */

/* Session states kept in dt_gstate_t.gs_activity. */
#define DT_ACT_INACTIVE	0	/* attached, waiting for BEGIN to finish */
#define DT_ACT_ACTIVE	1	/* probes record */
#define DT_ACT_DRAINING	2	/* exit() called: only END records */
#define DT_ACT_STOPPED	3	/* nothing records */

#define DT_DROPCPUS	256	/* drop counters, by CPU number modulo this */

/* The head of the globals map value. */
typedef struct dt_gstate {
	uint32_t gs_activity;	/* DT_ACT_* */
	uint32_t gs_pad;	/* keeps the next field aligned */
	uint64_t gs_walloff;	/* realtime - boottime, for walltimestamp */
	uint64_t gs_drops[DT_DROPCPUS]; /* records lost: ring buffer full */
	uint64_t gs_dyndrops;		/* dynamic variable stores lost */
	uint64_t gs_aggdrops[DT_DROPCPUS]; /* aggregation entries lost */
	uint64_t gs_aggbytes[DT_DROPCPUS]; /* what the CPU's entries of
					   tagged aggregations cost against
					   aggsize (core/dt_ident.h) */
	uint64_t gs_aggsize;		/* aggsize, as the maps were made */
	uint64_t gs_specdrops;		/* speculated records lost: specsize */
	uint64_t gs_specfail;		/* speculation() found no free buffer */
	uint64_t gs_dvarmax;		/* dynamic variable elements that
					   dynvarsize holds (dt_dvar_limit()) */
	uint64_t gs_dvarcount;		/* elements there are: every new one
					   adds 1, every delete takes 1 */
} dt_gstate_t;

/* The machine state at the head of dctx. */
typedef struct dt_mstate {
	uint32_t ms_prid;		/* probe id that fired */
	uint32_t ms_provpid;		/* a shared USDT probe's firing for a
					   process without its own entry: the
					   process id, which probeprov ends
					   with; else 0.  After ms_prid: the
					   two are saved as one word */
	uint32_t ms_clause;		/* clause running */
	uint32_t ms_epid;		/* enabled probe id: (probe, clause) */
	uint32_t ms_stkskip;		/* stack(): the program's own
					   frames (bpf_get_stack's skip
					   count) */
	uint32_t ms_act;		/* gs_activity when the firing began:
					   once exit() changed it, the
					   firing's later clauses do not
					   run */
	uint32_t ms_stmt;		/* statement running (dc_stmt and
					   dt_probe_stmt()) */
	uint32_t ms_pad;		/* keeps ms_argv 8-byte aligned */
	uint64_t ms_argv[DT_MAXARGS];	/* arg0 .. arg9 */
	uint64_t ms_fault;		/* DTRACEFLT_* of the last fault */
	uint64_t ms_faddr;		/* its address or value */
	uint64_t ms_fpc;		/* its BPF instruction index */
	uint64_t ms_errno;		/* errno: set by syscall returns */
	uint64_t ms_tstamp;		/* timestamp: read once a firing, at
					   its first use; 0: not yet */
	uint64_t ms_save[DT_MAXARGS + 1]; /* prid and args kept across ERROR */
	uint64_t ms_scratch;		/* scratch bytes the clause took */
	uint64_t ms_dctx;		/* dctx's own address, as a number */
	uint64_t ms_addr;		/* &a[i] of a variable's part: its
					   address, made a number here */
	uint64_t ms_strtok;		/* strtok(): where the rest of the saved
					   string starts; strbuf: used up,
					   strbuf + 1: no string yet */
	uint64_t ms_tokstart;		/* strtok(): start of the token read */
	uint8_t ms_tokmap[32];		/* strtok(): delimiters, a bit each */
	uint64_t ms_spec;		/* speculate(): the clause's speculation
					   id, 0: none */
	uint64_t ms_clmask;		/* a shared USDT program: its clauses
					   to run, bit i the program's i-th */
} dt_mstate_t;

/*
 * The usdt_prids map (dt_usdt_prids): (process id, shared probe id) ->
 * the process's own probe and the clauses of the shared probe's program
 * to run for it.  Key process id 0 is the entry for processes that have
 * none yet (DT_USDT_ANYPID).  An entry of a process counts only if its
 * generation is the one the usdt_gen map (dt_usdt_gen: process id ->
 * generation) holds for the process, which the exit of the process
 * deletes at once (see probes/providers/dt_prov_usdt.c).
 */
#define DT_USDT_ANYPID	0	/* uk_pid of the fallback entry */
#define DT_USDT_MAXCL	64	/* clauses of a shared program, at most */

typedef struct dt_usdtkey {
	uint32_t uk_pid;	/* process id, DT_USDT_ANYPID: any */
	uint32_t uk_prid;	/* shared (underlying) probe id */
} dt_usdtkey_t;

typedef struct dt_usdtval {
	uint32_t uv_prid;	/* probe id the firing is: the process's own
				   (myprov1234:...), or the shared one */
	uint32_t uv_gen;	/* the process's generation (usdt_gen) */
	uint64_t uv_mask;	/* clauses to run: bit i the i-th */
} dt_usdtval_t;

/* Kinds of ring buffer records. */
#define DT_REC_DATA	1	/* a clause's data */
#define DT_REC_FAULT	2	/* a runtime error */
#define DT_REC_SPEC	3	/* a committed speculation: records follow */
#define DT_REC_EXEC	4	/* a process called exec (discovery): rh_prid
				   is its id, a dt_procrec_t follows */
#define DT_REC_EXIT	5	/* a process exits (discovery): rh_prid is
				   its id, a dt_procrec_t follows */
#define DT_REC_MAPS	6	/* a process's dynamic loader changed its
				   list of objects (start, dlopen, dlclose):
				   rh_prid is its id, a dt_procrec_t
				   follows */

typedef struct dt_rechdr {
	uint32_t rh_kind;	/* DT_REC_* */
	uint32_t rh_prid;	/* probe id */
	uint32_t rh_clause;	/* clause number within the session */
	uint32_t rh_cpu;	/* CPU the probe fired on */
	uint32_t rh_pid;	/* process that fired it: a USDT site's firing
				   (rh_prid a shared probe) is named by it */
	uint32_t rh_pad;	/* keeps the data 8-byte aligned */
} dt_rechdr_t;

typedef struct dt_faultrec {
	uint64_t fr_fault;	/* DTRACEFLT_* */
	uint64_t fr_addr;	/* address or value */
	uint64_t fr_pc;		/* BPF instruction index of the fault */
	uint64_t fr_stmt;	/* statement number (ms_stmt) */
} dt_faultrec_t;

/* What follows the header of DT_REC_EXEC, DT_REC_EXIT and DT_REC_MAPS. */
typedef struct dt_procrec {
	uint64_t pr_time;	/* bpf_ktime_get_boot_ns() of the event */
} dt_procrec_t;

/* States of a speculation buffer (sb_state). */
#define DT_SPEC_FREE		0	/* speculation() may take it */
#define DT_SPEC_ACTIVE		1	/* speculate() appends to it */
#define DT_SPEC_COMMITTING	2	/* commit() or discard() empties it */

#define DT_NSPEC_MAX		256	/* nspec: speculation() is unrolled */
#define DT_SPEC_MAPMAX		(4U << 20) /* the spec map's value, at most */
#define DT_SPEC_SPINS		1024	/* commit(): waits for appends at most */

/*
 * The head of one speculation buffer in the spec map; sb_hdr is written
 * by commit() just before it sends sb_hdr and the sb_len bytes after it.
 */
typedef struct dt_specbuf {
	uint32_t sb_state;	/* DT_SPEC_* */
	uint32_t sb_busy;	/* firings appending now: commit() and
				   discard() wait for them */
	uint64_t sb_len;	/* bytes of records after sb_hdr */
	dt_rechdr_t sb_hdr;	/* DT_REC_SPEC header of the commit */
} dt_specbuf_t;

#endif /* DT_REC_H */
