/*
 * dt_ident.h: identifiers (dt_ident_t: variables, built-ins, inlines,
 * aggregations, type names declared in D) and translators (dt_xlator_t),
 * and the functions of core/dt_ident.c over them and over the string
 * table and variable maps they use.  The handle keeps the identifiers
 * (dt_idents); the compiler makes them, the code generator and the
 * consumer read them.
 */
#ifndef DT_IDENT_H
#define DT_IDENT_H

#include "dt_impl.h"
#include "dt_dtype.h"

typedef enum dt_idkind {
	DT_IDENT_GLOBAL = 1,	/* global scalar variable */
	DT_IDENT_BUILTIN,	/* built-in variable (pid, execname, ...) */
	DT_IDENT_FUNC,		/* built-in function or action */
	DT_IDENT_ASSOC,		/* associative array (a hash map) */
	DT_IDENT_TLS,		/* thread-local self->x (a hash map by tid) */
	DT_IDENT_LOCAL,		/* clause-local this->x (in dctx) */
	DT_IDENT_INLINE,	/* inline constant: an expression */
	DT_IDENT_AGG,		/* aggregation (a per-CPU hash map) */
	DT_IDENT_TYPE		/* a type name declared in D: a typedef
				   name, or "enum tag" */
} dt_idkind_t;

typedef struct dt_ident {
	struct dt_ident *di_next;	/* next in its hash chain */
	char *di_name;			/* name ("self->x" for self->x) */
	dt_idkind_t di_kind;		/* DT_IDENT_* */
	int di_id;			/* builtin or function number; the
					   variable map of ASSOC and TLS */
	dt_type_t di_type;		/* type (variables) */
	uint32_t di_offset;		/* offset in globals (GLOBAL) or in
					   the locals area of dctx (LOCAL) */
	bool di_defined;		/* a type has been given */
	bool di_readfirst;		/* a variable read before any
					   assignment: an int by default */
	bool di_wide;			/* an integer variable not declared
					   (typed by its first assignment or
					   reference): it holds the whole
					   64-bit value, as DTrace's does */
	unsigned int di_nkeys;		/* ASSOC: key components */
	bool di_tls;			/* ASSOC: thread-local (self->a[k]):
					   its map's key is the thread id,
					   then the components */
	dt_type_t di_keys[DT_MAXKEYS];	/* ASSOC: their types */
	uint32_t di_keybytes[DT_MAXKEYS]; /* ASSOC, AGG: the bytes a struct
					   or array key copies (its type's);
					   a string's when kept short (a
					   multiple of 8; 0: strsize's) */
	uint32_t di_keysize;		/* ASSOC, TLS: key bytes */
	uint32_t di_keyfull;		/* ASSOC, TLS, AGG: the key's bytes
					   with every string at strsize, as
					   DTrace counts them against
					   aggsize and dynvarsize */
	uint32_t di_valsize;		/* ASSOC, TLS: value bytes */
	struct dt_node *di_inline;	/* INLINE: its expression (owned) */
	char *di_params[DT_MAXKEYS];	/* INLINE of array form (inline T
					   f[T1 a, T2 b] = e): the names of
					   its di_nkeys parameters (owned),
					   of types di_keys */
	int di_aggfn;			/* AGG: DT_FN_COUNT ... */
	int64_t di_aggarg[4];		/* AGG: lquantize's lo, hi, step;
					   llquantize's factor, low, high,
					   steps */
	uint32_t di_nbuckets;		/* AGG: buckets of a histogram */
	bool di_printed;		/* AGG: printa() printed it */
	bool di_aggseen;		/* AGG, no keys: its entry has fired */
	int64_t di_normal;		/* AGG: normalize()'s divisor (0: 1) */
	int64_t di_tsize;		/* TYPE: size of the type in bytes;
					   a struct variable: its struct's */
	int di_ptrsrc;			/* a pointer variable: where its
					   pointers point (DT_PTR_SCRATCH or
					   DT_PTR_OTHER), fixed by the first
					   one assigned (dt_alloca.c) */
	char **di_enames;		/* TYPE, an enum declared in D: its
					   enumerators' names (owned) */
	int32_t *di_evals;		/* and their values (owned) */
	unsigned int di_nenum;		/* how many */
} dt_ident_t;

/*
 * What an entry of an aggregation's map costs against aggsize: what
 * DTrace counts, not what the map holds.  Its key with every string
 * component at strsize (a key kept short here still costs that: a strsize
 * of 1024 makes an @["Bush"] entry too big for an aggsize of 512, as in
 * DTrace), and its value.  Dynamic variables are counted in elements of
 * one pool instead: dt_dvar_cost() (dt_ident.c).
 */
static inline uint64_t
dt_varmap_cost(const dt_ident_t *idp)
{
	uint64_t key = idp->di_keyfull > idp->di_keysize ? idp->di_keyfull :
	    idp->di_keysize;

	return (key + idp->di_valsize);
}

/*
 * Keyed aggregations share aggsize as DTrace's share the aggregation
 * buffer of each CPU: a new entry is made only if the CPU's entries of
 * every aggregation, with it, cost (dt_varmap_cost()) at most aggsize
 * (gs_aggbytes[cpu] counts them), else it is an aggregation drop.  Those
 * of the same sizes (key, value, cost) share one hash map, whose key is
 * a tag of DT_AGG_TAG bytes, the aggregation's number (its di_id, never
 * 0) times 2^32 plus the CPU, then the aggregation's key: each CPU has
 * its own entry of a key, which only that CPU updates.  One whose key
 * leaves no room for the tag (hash map keys are at most DT_MAXKEYSIZE
 * bytes) keeps a per-CPU hash map of its own, untagged, holding aggsize
 * bytes apart from the others.
 */
#define DT_AGG_TAG	8

static inline bool
dt_agg_tagged(const dt_ident_t *idp)
{
	return (idp->di_kind == DT_IDENT_AGG && idp->di_nkeys > 0 &&
	    idp->di_keysize + DT_AGG_TAG <= DT_MAXKEYSIZE);
}

/*
 * A translator declared in D: "translator OUT < IN NAME > { m = expr; }".
 * xlate <OUT> (e).m is expr with NAME replaced by e.
 */
#define DT_XLATE_MAXMEMB	256	/* members one translator defines */

typedef struct dt_xlator {
	struct dt_xlator *dx_next;	/* the handle's next translator */
	dt_type_t dx_out;		/* output: a struct or union */
	dt_type_t dx_in;		/* input type */
	char *dx_arg;			/* the input's name in the members */
	unsigned int dx_nmemb;		/* members defined */
	char **dx_mnames;		/* their names */
	struct dt_node **dx_mexprs;	/* their expressions (owned) */
} dt_xlator_t;

/* core/dt_ident.c */
extern dt_ident_t *dt_ident_lookup(dtrace_hdl_t *, const char *);
extern dt_ident_t *dt_ident_create(dtrace_hdl_t *, const char *, dt_idkind_t);
extern const dt_ident_t *dt_builtin_lookup(const char *);
extern const dt_ident_t *dt_builtin_taken(dtrace_hdl_t *, const char *);
extern int dt_regs_lookup(const char *);
extern void dt_idents_free(dtrace_hdl_t *);
extern uint32_t dt_strtab_insert(dtrace_hdl_t *, const char *, size_t);
extern uint32_t dt_strtab_null(dtrace_hdl_t *);
extern int dt_varmap_add(dtrace_hdl_t *, dt_ident_t *);
extern bool dt_dvar_counted(const dtrace_hdl_t *, const dt_ident_t *);
extern uint64_t dt_dvar_cost(const dtrace_hdl_t *);
extern uint64_t dt_dvar_limit(const dtrace_hdl_t *);
extern int dt_map_fd(const dtrace_hdl_t *, int);

#endif /* DT_IDENT_H */
