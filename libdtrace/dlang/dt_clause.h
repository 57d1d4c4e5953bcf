/*
 * dt_clause.h: a compiled clause (dt_clause_t) and program (struct
 * dtrace_prog), and the records a firing of a clause emits
 * (dt_datarec_t).  The compiler (dlang/) makes them, the code generator
 * fills dc_code and the records, the work loop enables them on probes
 * and the consumer reads the records.
 */
#ifndef DT_CLAUSE_H
#define DT_CLAUSE_H

#include "../core/dt_impl.h"
#include "../core/dt_dtype.h"
#include "../codegen/dt_block.h"

typedef struct dt_datarec {
	dtrace_actkind_t dr_kind;	/* what the record is */
	uint32_t dr_offset;		/* offset after the record header */
	uint32_t dr_size;		/* size */
	dt_type_t dr_type;		/* type of the value (trace) */
	struct dt_pfprog *dr_pfmt;	/* parsed format (printf) */
	struct dt_datarec *dr_args;	/* printf arguments */
	uint32_t dr_nargs;		/* how many */
	const dt_ident_t **dr_aggs;	/* printa: its aggregations */
	uint32_t dr_naggs;		/* how many */
	char *dr_optname;		/* setopt: the option */
	char *dr_optval;		/* setopt: its value, or NULL */
	uint32_t dr_btf;		/* print: BTF id of the value shown
					   from its bytes (0: a scalar shown
					   as trace() shows it) */
	bool dr_ptr;			/* print: of a pointer (its address
					   first, then what it points to) */
	const struct dt_tentry *dr_te;	/* print: the types of dr_btf (the
					   clause's dc_types) */
	char *dr_tname;			/* print: the value's type name */
	bool dr_dynsize;		/* tracemem: 8 bytes of the number of
					   bytes to show come first */
	bool dr_chars;			/* trace: of a char array, shown as
					   a string when it holds one */
} dt_datarec_t;

/*
 * The kernel offsets the path walk of d_path(), cwd, root and fds[]
 * needs, from BTF (dt_sema_types.c fills them, dt_cg.c uses them).
 */
enum {
	DT_PO_PATH_MNT, DT_PO_PATH_DENTRY,	/* struct path */
	DT_PO_D_PARENT, DT_PO_D_NAME_LEN,	/* struct dentry */
	DT_PO_D_NAME_NAME, DT_PO_D_HASH_PPREV,
	DT_PO_MNT_ROOT,				/* struct vfsmount */
	DT_PO_MOUNT_MNT, DT_PO_MOUNT_PARENT,	/* struct mount */
	DT_PO_MOUNT_MOUNTPOINT,
	DT_PO_TASK_FS, DT_PO_FS_ROOT, DT_PO_FS_PWD,	/* fs_struct */
	DT_PO_TASK_FILES, DT_PO_FILES_FDT,	/* files_struct */
	DT_PO_FDT_MAX, DT_PO_FDT_FD,		/* struct fdtable */
	DT_PO_MNT_SB, DT_PO_SB_TYPE,		/* a pseudo file's */
	DT_PO_FST_NAME, DT_PO_D_INODE,		/* file system type */
	DT_PO_I_INO,				/* and inode number */
	DT_PO_COUNT
};

typedef struct dt_clause {
	dtrace_probedesc_t *dc_descs;	/* probe descriptions */
	char **dc_desctext;		/* each as written */
	dt_srcpos_t *dc_descpos;	/* where each was written */
	unsigned int dc_ndescs;		/* how many */
	char *dc_where;			/* "FILE:LINE:COL" of its first
					   description, for errors after
					   compilation (verifier) */
	struct dt_node *dc_pred;	/* predicate or NULL */
	struct dt_node *dc_body;	/* statements (list) */
	unsigned int dc_id;		/* clause number in the session */
	unsigned int dc_stmt;		/* DTrace's statement number of its
					   first description: one statement a
					   description, counted over the
					   session's clauses in order (the parts
					   of a split clause share the whole's);
					   dt_clause_N of runtime errors and
					   ERROR's arg2 */
	dt_datarec_t *dc_recs;		/* records of a firing */
	unsigned int dc_nrecs;		/* how many */
	uint32_t dc_recsize;		/* bytes of data after the header */
	bool dc_records;		/* a firing emits a ring buffer record */
	bool dc_faults;			/* its code can fault (set by the
					   code generator) */
	bool dc_exits;			/* calls exit() (set by the code
					   generator) */
	bool dc_useprobes;		/* uses probeprov & co */
	dtrace_attribute_t dc_attr;	/* least attributes of what it uses
					   (core/dt_attr.c) */
	bool dc_usespec;		/* uses speculations: the spec map */
	bool dc_cpuinfo;		/* uses curcpu: the cpuinfo map */
	bool dc_kstack;			/* uses the kernel stack (stack(),
					   stackdepth, caller): the program
					   finds the frames to skip */
	bool dc_spec;			/* speculate(): its record goes to the
					   speculation in ms_spec */
	bool dc_comm;			/* sema: commit() seen */
	bool dc_drec;			/* sema: a data-recording action seen */
	bool dc_destructive;		/* has a destructive action: needs
					   the destructive option (-w) */
	bool dc_split;			/* made of a clause's if statements
					   (dlang/dt_parse_clause.c): its probes are
					   that clause's, not counted again */
	struct dt_tentry *dc_types;	/* kernel types it was compiled with */
	int32_t dc_pathoff[DT_PO_COUNT]; /* kernel offsets of the path walk
					   (DT_PO_*), set by dt_sema */
	bool dc_pathoffs;		/* dc_pathoff is set */
	dt_block_t dc_code;		/* compiled body */
	uint32_t *dc_probes;		/* ids of the probes it is enabled on */
	unsigned int dc_nprobes;	/* how many */
	struct dt_clause *dc_next;	/* next clause of the program */
} dt_clause_t;

struct dtrace_prog {
	dt_clause_t *dp_clauses;	/* clauses in program order */
	dt_clause_t **dp_tail;		/* where to append */
	unsigned int dp_nclauses;	/* how many */
	bool dp_exec;			/* already enabled in the session */
	struct dtrace_prog *dp_next;	/* next program of the handle */
	struct dt_node *dp_nodes;	/* every node allocated, for freeing */
};

#endif /* DT_CLAUSE_H */
