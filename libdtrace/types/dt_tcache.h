/*
 * dt_tcache.h: the process-global cache of kernel type data.
 *
 * An entry is one parsed BTF file (vmlinux, a kernel module's split BTF,
 * or a file named with the btfpath option) with everything derived from it
 * (the name index).  Entries are immutable once published, so sessions
 * read them without locks.  See dt_tcache.c for the rules.
 */
#ifndef DT_TCACHE_H
#define DT_TCACHE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

struct btf;

/* Data models: what "long" and pointers are in the types' D view. */
#define DT_MODEL_LP64	1
#define DT_MODEL_ILP32	2

typedef struct dt_tentry {
	struct dt_tentry *te_next;	/* in the cache's list */
	char *te_path;			/* file parsed */
	dev_t te_dev;			/* identity: device */
	ino_t te_ino;			/* identity: inode */
	off_t te_size;			/* identity: size */
	struct timespec te_mtime;	/* identity: modification time */
	int te_model;			/* DT_MODEL_* */
	struct dt_tentry *te_parent;	/* base of split BTF (a reference) */
	struct btf *te_btf;		/* the parsed types */
	uint32_t *te_tags;		/* struct/union/enum names -> id */
	uint32_t *te_names;		/* typedef and base type names -> id */
	uint64_t *te_enums;		/* enumerator names -> id << 16 | index,
					   built by the first lookup */
	uint32_t te_enumsize;		/* slots in te_enums (a power of two) */
	uint32_t te_hashsize;		/* slots in each (a power of two) */
	uint32_t te_ntypes;		/* types, the parent's included */
	unsigned long te_refs;		/* references, under the cache lock */
	bool te_cached;			/* the cache holds one of te_refs */
	bool te_private;		/* parsed with sharing off: never
					   found by a lookup */
} dt_tentry_t;

/*
 * The entry for the file at path (parsed as split BTF on parent's if
 * parent is not NULL) and model, with a new reference.  NULL with *errp
 * set and errmsg filled on failure.
 */
extern dt_tentry_t *dt_tcache_hold(const char *path, dt_tentry_t *parent,
    int model, int *errp, char *errmsg, size_t msglen);

/* Another reference to an entry already held. */
extern dt_tentry_t *dt_tcache_dup(dt_tentry_t *te);

/* Release a reference; the last one frees the entry. */
extern void dt_tcache_rele(dt_tentry_t *te);

/* Does the file still have the identity the entry was parsed from? */
extern bool dt_tcache_current(const dt_tentry_t *te);

/* Type id of "struct name" (kind: BTF_KIND_STRUCT, UNION, ENUM) or 0. */
extern uint32_t dt_tcache_tag(const dt_tentry_t *te, int kind,
    const char *name);
/* Type id of a typedef or base type name, or 0. */
extern uint32_t dt_tcache_name(const dt_tentry_t *te, const char *name);

/* A private, writable entry for types declared in D, split on parent. */
extern dt_tentry_t *dt_tcache_writable(dt_tentry_t *parent);
/* Its types have grown: update te_ntypes. */
extern void dt_tcache_grown(dt_tentry_t *te);

/* Sharing on (default) or off (every hold parses): for benchmarks. */
extern void dt_tcache_set_sharing(int);

/* An enumerator's value and its enum's type id; 0 if there is none. */
extern uint32_t dt_tcache_enumerator(const dt_tentry_t *te, const char *name,
    int64_t *valuep);

/*
 * Statistics, for tests and benchmarks: the calls into libbpf's BTF parser
 * since the process started (failed ones and those of private entries
 * included), and the entries alive.
 */
extern unsigned long dt_tcache_parses(void);
extern unsigned long dt_tcache_live(void);

#endif /* DT_TCACHE_H */
