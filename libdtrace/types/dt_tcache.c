/*
 * dt_tcache.c: the process-global cache of kernel type data.
 *
 * Parsing /sys/kernel/btf/vmlinux (5.5 MB, ~127,000 types) and indexing it
 * costs tens of milliseconds; a process that opens many sessions pays it
 * once.  The rules:
 *
 *  - An entry is keyed by what makes it valid: the file's identity
 *    (device, inode, size, mtime), the data model, and for split BTF the
 *    parent entry it was parsed on.  A session that names another file
 *    (btfpath) or model gets its own entry, never a wrong shared one.
 *  - An entry is immutable once published: sessions read it without
 *    locks; only its enumerator index is built later, by the first
 *    lookup (see enum_index()).  One mutex guards the list and every
 *    reference count.
 *  - References: each session and each compiled clause that uses kernel
 *    types holds one.  The cache itself holds one on the newest entry of
 *    each key, so that sessions opened one after another share it; that
 *    reference moves to a fresh entry when the file is seen to have
 *    changed (dtrace_update(), or the next hold), and the old entry is
 *    freed when its last session lets go.  A reference count that would
 *    go below zero aborts the process with a message.
 *  - Single flight: a file is parsed once however many threads want it
 *    at once.  The first thread that finds no entry for a key records a
 *    flight for it (in dt_tcache_flights) and parses outside the lock;
 *    the others find the flight, wait on dt_tcache_cv until it lands,
 *    and then take the published entry, or the flight's error (a failed
 *    flight leaves nothing behind: the next hold tries again).  With
 *    sharing off there are no flights: every hold parses.
 *  - A split entry holds a reference to its parent entry.
 *
 * libbpf reports parse errors through its print callback; while this file
 * parses, the messages of the calling thread are captured into the error
 * message (other threads' messages go to the callback that was installed
 * before ours).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <linux/magic.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../core/dt_impl.h"
#include "dt_tcache.h"

/* A parse in progress: the threads that want its key wait for it. */
typedef struct dt_tflight {
	struct dt_tflight *tf_next;	/* in dt_tcache_flights */
	const char *tf_path;		/* key: file (the parser's copy) */
	dt_tentry_t *tf_parent;		/* key: base of split BTF */
	int tf_model;			/* key: DT_MODEL_* */
	struct stat tf_st;		/* key: the file's identity */
	bool tf_done;			/* landed: published or failed */
	int tf_err;			/* when failed: the errno */
	char tf_msg[512];		/* when failed: why */
	unsigned int tf_waiters;	/* threads waiting; the last frees it */
} dt_tflight_t;

static pthread_mutex_t dt_tcache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t dt_tcache_cv = PTHREAD_COND_INITIALIZER;
static dt_tentry_t *dt_tcache_list;	/* under dt_tcache_lock */
static dt_tflight_t *dt_tcache_flights;	/* under dt_tcache_lock */
static unsigned long dt_tcache_nparse;	/* calls into libbpf's parser */
static unsigned long dt_tcache_nlive;	/* under dt_tcache_lock */
static int dt_tcache_share = 1;		/* under dt_tcache_lock */

void
dt_tcache_set_sharing(int on)
{
	pthread_mutex_lock(&dt_tcache_lock);
	dt_tcache_share = on;
	pthread_mutex_unlock(&dt_tcache_lock);
}

/* ---- capturing libbpf's messages ------------------------------------------ */

static pthread_once_t dt_print_once = PTHREAD_ONCE_INIT;
static libbpf_print_fn_t dt_print_prev;
static __thread char *dt_print_buf;	/* capturing when not NULL */
static __thread size_t dt_print_len;	/* its size */

static int
dt_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	size_t n;

	if (dt_print_buf == NULL)
		return (dt_print_prev != NULL ? dt_print_prev(level, fmt, ap) :
		    0);
	if (level == LIBBPF_DEBUG)
		return (0);
	n = strlen(dt_print_buf);
	if (n + 1 < dt_print_len)
		vsnprintf(dt_print_buf + n, dt_print_len - n, fmt, ap);
	return (0);
}

static void
dt_print_install(void)
{
	dt_print_prev = libbpf_set_print(dt_print);
}

/* ---- identity --------------------------------------------------------------- */

static bool
same_identity(const dt_tentry_t *te, const struct stat *st)
{
	return (te->te_dev == st->st_dev && te->te_ino == st->st_ino &&
	    te->te_size == st->st_size &&
	    te->te_mtime.tv_sec == st->st_mtim.tv_sec &&
	    te->te_mtime.tv_nsec == st->st_mtim.tv_nsec);
}

bool
dt_tcache_current(const dt_tentry_t *te)
{
	struct stat st;

	return (stat(te->te_path, &st) == 0 && same_identity(te, &st));
}

/* ---- checking what was parsed ------------------------------------------------ */

/*
 * libbpf's parser checks the layout of a BTF file (header, sections, the
 * size of each type record) but not what the records say: a type may
 * name a type id or a string offset that does not exist, or contain
 * itself.  libbpf's own walkers (btf__align_of(), ...) and ours would
 * then read out of bounds or recurse without end, so a file is checked
 * before it is used:
 *
 *  - every type id a type refers to exists (in this file or, for split
 *    BTF, in its parent), and every name offset is in the string section;
 *  - no type contains itself: no cycle through typedefs, qualifiers,
 *    array elements, struct and union members, variables, functions and
 *    declaration tags ("value" edges), which C cannot write;
 *  - no pointer chain comes back to itself without going through a
 *    struct or union ("modifier" edges: the above without members, with
 *    pointers), which C cannot write either (struct list { struct list
 *    *next; } goes through the struct).
 *
 *  - every enum is 1, 2, 4 or 8 bytes, as the kernel requires: the D
 *    view of an enum is an integer of its size (dt_btf_dtype()).
 *
 *  - no chain of such edges is longer than DT_BTF_MAXDEPTH types: the
 *    walkers recurse along them (a typedef of a typedef of ..., a struct
 *    in a struct in ...), and a long enough chain would exhaust the
 *    stack.  vmlinux's longest here (kernel 6.18) is 33 types.
 *
 * Function prototypes are leaves: their parameters and return types are
 * checked to exist, and walkers do not follow them.
 */

#ifndef DT_BTF_MAXDEPTH
#define DT_BTF_MAXDEPTH	256	/* types in a chain the walkers follow */
#endif

/* The i-th type id that type t refers to, for i from 0; false past the end. */
static bool
type_ref(const struct btf_type *t, unsigned int i, uint32_t *idp,
    bool *memberp)
{
	unsigned int vlen = btf_vlen(t);

	*memberp = false;
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		if (i > 0)
			return (false);
		*idp = t->type;
		return (true);
	case BTF_KIND_ARRAY:
		if (i > 1)
			return (false);
		*idp = i == 0 ? btf_array(t)->type : btf_array(t)->index_type;
		return (true);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		if (i >= vlen)
			return (false);
		*idp = btf_members(t)[i].type;
		*memberp = true;
		return (true);
	case BTF_KIND_FUNC_PROTO:
		if (i > vlen)
			return (false);
		*idp = i == 0 ? t->type : btf_params(t)[i - 1].type;
		return (true);
	case BTF_KIND_DATASEC:
		if (i >= vlen)
			return (false);
		*idp = btf_var_secinfos(t)[i].type;
		return (true);
	default:
		return (false);
	}
}

/* The i-th name offset of type t (its own, then its members'). */
static bool
type_name(const struct btf_type *t, unsigned int i, uint32_t *offp)
{
	unsigned int vlen = btf_vlen(t);

	if (i == 0) {
		*offp = t->name_off;
		return (true);
	}
	if (i > vlen)
		return (false);
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		*offp = btf_members(t)[i - 1].name_off;
		return (true);
	case BTF_KIND_ENUM:
		*offp = btf_enum(t)[i - 1].name_off;
		return (true);
	case BTF_KIND_ENUM64:
		*offp = btf_enum64(t)[i - 1].name_off;
		return (true);
	case BTF_KIND_FUNC_PROTO:
		*offp = btf_params(t)[i - 1].name_off;
		return (true);
	default:
		return (false);
	}
}

/* Does the walk follow the edge from t (member edge or not)? */
static bool
walked(const struct btf_type *t, bool member, bool pointers)
{
	int kind = btf_kind(t);

	if (kind == BTF_KIND_FUNC_PROTO || kind == BTF_KIND_DATASEC)
		return (false);
	if (kind == BTF_KIND_PTR)
		return (pointers);
	if (member)
		return (!pointers);
	return (true);
}

/*
 * Is there a cycle among types first .. n - 1 through the edges walked
 * (pointers: modifier edges, else value edges), or a chain longer than
 * DT_BTF_MAXDEPTH?  Depth-first, with an explicit stack: state 0 unseen,
 * 1 on the stack, 2 done, when its height (the longest chain from it) is
 * known.  Returns 1 for a cycle, 2 for a chain too long, *atp a type of
 * it.  Edges into the parent's types are not followed: the parent was
 * checked when it was parsed, and cannot refer back.
 */
static int
find_cycle(const struct btf *btf, uint32_t first, uint32_t n, bool pointers,
    uint32_t *atp)
{
	uint8_t *state = calloc(n - first, 1);
	uint32_t *stk = malloc((n - first) * sizeof (uint32_t));
	uint32_t *edge = malloc((n - first) * sizeof (uint32_t));
	uint16_t *height = calloc(n - first, sizeof (uint16_t));
	int rv = 0;

	if (state == NULL || stk == NULL || edge == NULL || height == NULL) {
		rv = -1;
		goto out;
	}
	for (uint32_t root = first; root < n && rv == 0; root++) {
		size_t sp = 0;

		if (state[root - first] != 0)
			continue;
		state[root - first] = 1;
		stk[sp] = root;
		edge[sp++] = 0;
		while (sp > 0 && rv == 0) {
			uint32_t id = stk[sp - 1], to;
			const struct btf_type *t = btf__type_by_id(btf, id);
			bool member;

			if (!type_ref(t, edge[sp - 1]++, &to, &member)) {
				uint32_t h = 0;

				/* done: its height, from its children's */
				for (unsigned int i = 0; type_ref(t, i, &to,
				    &member); i++) {
					if (to >= first && to != 0 &&
					    walked(t, member, pointers) &&
					    height[to - first] > h)
						h = height[to - first];
				}
				if (h + 1 > DT_BTF_MAXDEPTH) {
					*atp = id;
					rv = 2;
				}
				height[id - first] = (uint16_t)(h + 1);
				state[id - first] = 2;
				sp--;
				continue;
			}
			if (to < first || to == 0 || !walked(t, member, pointers))
				continue;
			if (state[to - first] == 1) {
				*atp = to;
				rv = 1;
			} else if (state[to - first] == 0) {
				state[to - first] = 1;
				stk[sp] = to;
				edge[sp++] = 0;
			}
		}
	}
out:
	free(state);
	free(stk);
	free(edge);
	free(height);
	return (rv);
}

/*
 * Open path once for parsing; the descriptor (or -1) is returned for the
 * caller to close.  *kernel: has the kernel checked the file's types
 * itself?  Then *src, the name to parse it by, is the descriptor's own
 * (/proc/self/fd/N), so that what is parsed is the file found to be the
 * kernel's here; else it is path, and the types are checked.  The files
 * of /sys/kernel/btf (vmlinux, and each module's split BTF) are the
 * kernel's own, on sysfs, which only the kernel writes; the kernel
 * checks them as check_types() does (type ids and name offsets, no
 * loops, enum sizes) when it boots and when it loads the module, and
 * refuses to use them otherwise.  Checking them again would cost twice
 * what parsing does.  Only a file opened here, on sysfs, and the file
 * path was stat()ed as (st) counts; without /proc to name the descriptor
 * by, the file is parsed by its path and checked.
 */
static int
open_for_parse(const char *path, const struct stat *st, char *fdpath,
    size_t len, const char **src, bool *kernel)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct statfs sfs;
	struct stat fst;

	*src = path;
	*kernel = false;
	if (fd < 0)
		return (-1);
	if (fstatfs(fd, &sfs) != 0 || sfs.f_type != SYSFS_MAGIC ||
	    fstat(fd, &fst) != 0 || fst.st_dev != st->st_dev ||
	    fst.st_ino != st->st_ino)
		return (fd);
	snprintf(fdpath, len, "/proc/self/fd/%d", fd);
	if (access(fdpath, R_OK) != 0)
		return (fd);
	*src = fdpath;
	*kernel = true;
	return (fd);
}

/*
 * vmlinux's BTF file (sysfs: raw BTF, checked by the kernel) read through
 * fd into one buffer for btf__new(), which keeps a copy of its own.  The
 * buffer is faulted in by one call (MAP_POPULATE), not a page at a time
 * as btf__parse()'s malloc() buffer is, and unmapped as soon as libbpf
 * has its copy: this saves a fifth of the first session's time (docs/
 * performance.md).  A module's split BTF goes through btf__parse_split():
 * Debian 12's libbpf (1.1) does not export btf__new_split().  NULL with
 * errno set on failure.
 */
static struct btf *
parse_kernel_fd(int fd, size_t size)
{
	struct btf *btf = NULL;
	size_t got = 0;
	int err = 0;
	char *buf;

	if (size == 0 || (buf = mmap(NULL, size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)) ==
	    MAP_FAILED) {
		errno = size == 0 ? EINVAL : ENOMEM;
		return (NULL);
	}
	while (got < size) {
		ssize_t n = pread(fd, buf + got, size - got, got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			break;
		}
		got += n;
	}
	if (err == 0) {
		btf = btf__new(buf, size);
		err = libbpf_get_error(btf) != 0 ? errno : 0;
	}
	munmap(buf, size);
	errno = err;
	return (err != 0 ? NULL : btf);
}

/* 0 if the types of btf from first on can be used; -1 with msg if not. */
static int
check_types(const struct btf *btf, uint32_t first, char *msg, size_t len)
{
	uint32_t n = btf__type_cnt(btf), at;
	int c;

	for (uint32_t id = first; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		uint32_t ref, off;
		bool member;

		/*
		 * libbpf takes a header shorter than its own (hdr_len 5), and
		 * the types after it are then out of line for reading.
		 */
		if ((uintptr_t)t % _Alignof (struct btf_type) != 0) {
			snprintf(msg, len, "not valid BTF: type %u is not "
			    "aligned to %zu bytes", id,
			    _Alignof (struct btf_type));
			return (-1);
		}
		if ((btf_is_enum(t) || btf_is_enum64(t)) && (t->size == 0 ||
		    t->size > 8 || (t->size & (t->size - 1)) != 0)) {
			snprintf(msg, len, "not valid BTF: type %u is an enum "
			    "of %u bytes", id, t->size);
			return (-1);
		}
		for (unsigned int i = 0; type_ref(t, i, &ref, &member); i++) {
			if (ref >= n) {
				snprintf(msg, len, "not valid BTF: type %u "
				    "refers to type %u, which does not exist",
				    id, ref);
				return (-1);
			}
		}
		for (unsigned int i = 0; type_name(t, i, &off); i++) {
			if (btf__name_by_offset(btf, off) == NULL) {
				snprintf(msg, len, "not valid BTF: type %u has "
				    "a name outside the string section", id);
				return (-1);
			}
		}
	}
	for (int pointers = 0; pointers < 2; pointers++) {
		if ((c = find_cycle(btf, first, n, pointers, &at)) < 0) {
			snprintf(msg, len, "out of memory");
			return (-1);
		}
		if (c == 2) {
			snprintf(msg, len, "not valid BTF: type %u starts a "
			    "chain of more than %d %s", at, DT_BTF_MAXDEPTH,
			    pointers ? "pointers, qualifiers and typedefs" :
			    "nested types");
			return (-1);
		}
		if (c > 0) {
			snprintf(msg, len, "not valid BTF: type %u %s", at,
			    pointers ? "is a pointer to itself" :
			    "contains itself");
			return (-1);
		}
	}
	return (0);
}

/* ---- the name index ------------------------------------------------------------- */

static uint32_t
hash_name(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s != '\0') {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return (h);
}

static bool
is_tag_kind(int kind)
{
	return (kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION ||
	    kind == BTF_KIND_ENUM || kind == BTF_KIND_ENUM64 ||
	    kind == BTF_KIND_FWD);
}

/* The tag kind a type answers to: FWD and ENUM64 as what they stand for. */
static int
tag_kind(const struct btf_type *t)
{
	int kind = btf_kind(t);

	if (kind == BTF_KIND_ENUM64)
		return (BTF_KIND_ENUM);
	if (kind == BTF_KIND_FWD)
		return (btf_kflag(t) ? BTF_KIND_UNION : BTF_KIND_STRUCT);
	return (kind);
}

static void
index_insert(const struct btf *btf, uint32_t *tab, uint32_t mask,
    uint32_t id, const char *name, bool tags)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	for (uint32_t h = hash_name(name) & mask;; h = (h + 1) & mask) {
		const struct btf_type *o;

		if (tab[h] == 0) {
			tab[h] = id;
			return;
		}
		o = btf__type_by_id(btf, tab[h]);
		if (strcmp(btf__name_by_offset(btf, o->name_off), name) != 0 ||
		    (tags && tag_kind(o) != tag_kind(t)))
			continue;
		/* the same name twice: a definition beats a declaration */
		if (btf_kind(o) == BTF_KIND_FWD && btf_kind(t) != BTF_KIND_FWD)
			tab[h] = id;
		return;
	}
}

/* Enumerator name of slot value v (id << 16 | index). */
static const char *
enum_name(const struct btf *btf, uint64_t v, int64_t *valuep)
{
	const struct btf_type *t = btf__type_by_id(btf, (uint32_t)(v >> 16));
	uint32_t i = (uint32_t)(v & 0xffff);

	if (btf_kind(t) == BTF_KIND_ENUM64) {
		const struct btf_enum64 *e = btf_enum64(t) + i;

		if (valuep != NULL)
			*valuep = (int64_t)btf_enum64_value(e);
		return (btf__name_by_offset(btf, e->name_off));
	}
	if (valuep != NULL)
		*valuep = btf_kflag(t) ? (int64_t)btf_enum(t)[i].val :
		    (int64_t)(uint32_t)btf_enum(t)[i].val;
	return (btf__name_by_offset(btf, btf_enum(t)[i].name_off));
}

static int
build_enums(dt_tentry_t *te, uint32_t first)
{
	const struct btf *btf = te->te_btf;
	uint32_t n = 0, size = 1024, mask;
	uint64_t *tab;

	for (uint32_t id = first; id < te->te_ntypes; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_kind(t) == BTF_KIND_ENUM || btf_kind(t) ==
		    BTF_KIND_ENUM64)
			n += btf_vlen(t);
	}
	while (size < 2 * n + 2)
		size <<= 1;
	if ((tab = calloc(size, sizeof (uint64_t))) == NULL)
		return (-1);
	mask = size - 1;
	for (uint32_t id = first; id < te->te_ntypes; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_kind(t) != BTF_KIND_ENUM && btf_kind(t) !=
		    BTF_KIND_ENUM64)
			continue;
		for (uint32_t i = 0; i < btf_vlen(t) && i < 0x10000; i++) {
			uint64_t v = (uint64_t)id << 16 | i;
			const char *name = enum_name(btf, v, NULL);
			uint32_t h = hash_name(name) & mask;

			while (tab[h] != 0 && strcmp(enum_name(btf, tab[h],
			    NULL), name) != 0)
				h = (h + 1) & mask;
			if (tab[h] == 0)
				tab[h] = v;
		}
	}
	te->te_enumsize = size;
	__atomic_store_n(&te->te_enums, tab, __ATOMIC_RELEASE);
	return (0);
}

/*
 * The enumerator index of te, built by the first lookup that needs it
 * (few programs name a kernel enumerator): under dt_tcache_enumlock, and
 * published with a release store after te_enumsize, so that a thread
 * that sees te_enums (acquire) sees the whole index.  NULL if out of
 * memory.
 */
static pthread_mutex_t dt_tcache_enumlock = PTHREAD_MUTEX_INITIALIZER;

static const uint64_t *
enum_index(dt_tentry_t *te)
{
	uint64_t *tab = __atomic_load_n(&te->te_enums, __ATOMIC_ACQUIRE);

	if (tab != NULL)
		return (tab);
	pthread_mutex_lock(&dt_tcache_enumlock);
	if (te->te_enums == NULL) {
		uint32_t first = te->te_parent != NULL ?
		    te->te_parent->te_ntypes : 1;

		(void) build_enums(te, first);
	}
	tab = te->te_enums;
	pthread_mutex_unlock(&dt_tcache_enumlock);
	return (tab);
}

uint32_t
dt_tcache_enumerator(const dt_tentry_t *cte, const char *name,
    int64_t *valuep)
{
	/* the lazily built index is the only part an entry writes */
	for (dt_tentry_t *te = (dt_tentry_t *)cte; te != NULL;
	    te = te->te_parent) {
		const uint64_t *tab = enum_index(te);
		uint32_t mask = te->te_enumsize - 1;

		if (tab == NULL)
			continue;
		for (uint32_t h = hash_name(name) & mask; tab[h] != 0;
		    h = (h + 1) & mask) {
			if (strcmp(enum_name(te->te_btf, tab[h], valuep),
			    name) == 0)
				return ((uint32_t)(tab[h] >> 16));
		}
	}
	return (0);
}

/* Does a type of this kind go in the name index (tags: *tagp)? */
static bool
indexed_kind(int kind, bool *tagp)
{
	*tagp = is_tag_kind(kind);
	return (*tagp || kind == BTF_KIND_TYPEDEF || kind == BTF_KIND_INT ||
	    kind == BTF_KIND_FLOAT);
}

/*
 * The name indexes: one pass picks the types that have a name of an
 * indexed kind (14,351 of vmlinux's 127,000 here), and the tables are
 * sized for those, so that they stay small enough to stay in cache.
 */
static int
build_index(dt_tentry_t *te)
{
	const struct btf *btf = te->te_btf;
	uint32_t first = te->te_parent != NULL ?
	    te->te_parent->te_ntypes : 1;
	uint32_t size = 1024, n = 0, ntags = 0, *ids;
	bool tag;

	te->te_ntypes = btf__type_cnt(btf);
	if ((ids = malloc((te->te_ntypes - first + 1) * sizeof (uint32_t))) ==
	    NULL)
		return (-1);
	for (uint32_t id = first; id < te->te_ntypes; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (t->name_off != 0 && indexed_kind(btf_kind(t), &tag)) {
			ids[n++] = id;
			ntags += tag;
		}
	}
	while (size < 2 * (ntags > n - ntags ? ntags : n - ntags) + 2)
		size <<= 1;
	te->te_hashsize = size;
	te->te_tags = calloc(size, sizeof (uint32_t));
	te->te_names = calloc(size, sizeof (uint32_t));
	if (te->te_tags == NULL || te->te_names == NULL) {
		free(ids);
		return (-1);
	}
	for (uint32_t i = 0; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, ids[i]);
		const char *name = btf__name_by_offset(btf, t->name_off);

		if (name == NULL || *name == '\0')
			continue;
		(void) indexed_kind(btf_kind(t), &tag);
		index_insert(btf, tag ? te->te_tags : te->te_names, size - 1,
		    ids[i], name, tag);
	}
	free(ids);
	return (0);
}

static uint32_t
index_find(const dt_tentry_t *te, const uint32_t *tab, int kind,
    const char *name)
{
	uint32_t mask = te->te_hashsize - 1;

	for (uint32_t h = hash_name(name) & mask; tab[h] != 0;
	    h = (h + 1) & mask) {
		const struct btf_type *t = btf__type_by_id(te->te_btf, tab[h]);

		if (strcmp(btf__name_by_offset(te->te_btf, t->name_off),
		    name) == 0 && (kind == 0 || tag_kind(t) == kind))
			return (tab[h]);
	}
	return (0);
}

uint32_t
dt_tcache_tag(const dt_tentry_t *te, int kind, const char *name)
{
	for (; te != NULL; te = te->te_parent) {
		uint32_t id = index_find(te, te->te_tags, kind, name);

		if (id != 0)
			return (id);
	}
	return (0);
}

uint32_t
dt_tcache_name(const dt_tentry_t *te, const char *name)
{
	for (; te != NULL; te = te->te_parent) {
		uint32_t id = index_find(te, te->te_names, 0, name);

		if (id != 0)
			return (id);
	}
	return (0);
}

/* ---- entries ------------------------------------------------------------------ */

static void
entry_free(dt_tentry_t *te)
{
	btf__free(te->te_btf);
	free(te->te_tags);
	free(te->te_names);
	free(te->te_enums);
	free(te->te_path);
	free(te);
}

/* Drop a reference; the caller holds the lock.  Returns the entry to free. */
static dt_tentry_t *
rele_locked(dt_tentry_t *te)
{
	dt_tentry_t **tp;

	if (te->te_refs == 0) {
		dt_msg_panic("type cache entry %s: reference count underflow",
		    te->te_path);
	}
	if (--te->te_refs > 0)
		return (NULL);
	for (tp = &dt_tcache_list; *tp != NULL; tp = &(*tp)->te_next) {
		if (*tp == te) {
			*tp = te->te_next;
			break;
		}
	}
	dt_tcache_nlive--;
	return (te);
}

void
dt_tcache_rele(dt_tentry_t *te)
{
	dt_tentry_t *dead;

	if (te == NULL)
		return;
	pthread_mutex_lock(&dt_tcache_lock);
	dead = rele_locked(te);
	pthread_mutex_unlock(&dt_tcache_lock);
	if (dead != NULL) {
		dt_tentry_t *parent = dead->te_parent;

		entry_free(dead);
		dt_tcache_rele(parent);
	}
}

dt_tentry_t *
dt_tcache_dup(dt_tentry_t *te)
{
	pthread_mutex_lock(&dt_tcache_lock);
	te->te_refs++;
	pthread_mutex_unlock(&dt_tcache_lock);
	return (te);
}

/*
 * Take the cache's reference away from te and from the cached entries
 * parsed on it (split BTF keyed on a parent that is no longer current),
 * collecting them in stale[] for the caller to release outside the lock.
 */
static void
uncache_locked(dt_tentry_t *te, dt_tentry_t **stale, size_t *nstale,
    size_t max)
{
	if (!te->te_cached || *nstale == max)
		return;
	te->te_cached = false;
	stale[(*nstale)++] = te;
	for (dt_tentry_t *c = dt_tcache_list; c != NULL; c = c->te_next) {
		if (c->te_parent == te)
			uncache_locked(c, stale, nstale, max);
	}
}

/*
 * The newest entry of the key with this identity, with a reference.  An
 * entry of the key with another identity is stale: it loses the cache's
 * reference (see uncache_locked()).
 */
static dt_tentry_t *
lookup_locked(const char *path, dt_tentry_t *parent, int model,
    const struct stat *st, dt_tentry_t **stale, size_t *nstale, size_t max)
{
	dt_tentry_t *found = NULL;

	if (!dt_tcache_share)
		return (NULL);
	for (dt_tentry_t *te = dt_tcache_list; te != NULL; te = te->te_next) {
		if (te->te_private || te->te_model != model ||
		    te->te_parent != parent || strcmp(te->te_path, path) != 0)
			continue;
		if (same_identity(te, st))
			found = te;
		else
			uncache_locked(te, stale, nstale, max);
	}
	if (found != NULL)
		found->te_refs++;
	return (found);
}

static void
rele_all(dt_tentry_t **stale, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dt_tcache_rele(stale[i]);
}

#define DT_STALE_MAX	64	/* stale entries released at once */

/* The flight of this key, or NULL; the caller holds the lock. */
static dt_tflight_t *
flight_find_locked(const char *path, dt_tentry_t *parent, int model,
    const struct stat *st)
{
	for (dt_tflight_t *f = dt_tcache_flights; f != NULL; f = f->tf_next) {
		if (!f->tf_done && f->tf_parent == parent &&
		    f->tf_model == model && f->tf_st.st_dev == st->st_dev &&
		    f->tf_st.st_ino == st->st_ino &&
		    f->tf_st.st_size == st->st_size &&
		    f->tf_st.st_mtim.tv_sec == st->st_mtim.tv_sec &&
		    f->tf_st.st_mtim.tv_nsec == st->st_mtim.tv_nsec &&
		    strcmp(f->tf_path, path) == 0)
			return (f);
	}
	return (NULL);
}

/*
 * Parse the file into a new entry with no reference yet, unpublished.
 * NULL with *errp set and errmsg filled on failure.
 */
static dt_tentry_t *
entry_parse(const char *path, dt_tentry_t *parent, int model,
    const struct stat *st, int *errp, char *errmsg, size_t msglen)
{
	dt_tentry_t *te;
	char msg[512] = "", fdpath[32];
	const char *src;
	bool kernel;
	int fd;

	if ((te = calloc(1, sizeof (*te))) == NULL ||
	    (te->te_path = strdup(path)) == NULL) {
		free(te);
		*errp = ENOMEM;
		snprintf(errmsg, msglen, "out of memory");
		return (NULL);
	}
	te->te_dev = st->st_dev;
	te->te_ino = st->st_ino;
	te->te_size = st->st_size;
	te->te_mtime = st->st_mtim;
	te->te_model = model;
	pthread_once(&dt_print_once, dt_print_install);
	pthread_mutex_lock(&dt_tcache_lock);
	dt_tcache_nparse++;
	pthread_mutex_unlock(&dt_tcache_lock);
	dt_print_buf = msg;
	dt_print_len = sizeof (msg);
	fd = open_for_parse(path, st, fdpath, sizeof (fdpath), &src, &kernel);
	errno = 0;
	if (kernel && parent == NULL)
		te->te_btf = parse_kernel_fd(fd, st->st_size);
	else
		te->te_btf = parent != NULL ?
		    btf__parse_split(src, parent->te_btf) : btf__parse(src, NULL);
	if (fd >= 0) {
		int err = errno;

		close(fd);
		errno = err;
	}
	dt_print_buf = NULL;
	if (te->te_btf == NULL || libbpf_get_error(te->te_btf) != 0) {
		int err = errno != 0 ? errno : EINVAL;
		size_t n = strlen(msg);

		while (n > 0 && msg[n - 1] == '\n')
			msg[--n] = '\0';
		te->te_btf = NULL;
		entry_free(te);
		*errp = err;
		/* EINVAL and libbpf's own codes (4000 and up): bad data */
		snprintf(errmsg, msglen, "%s%s%s", err == EINVAL ||
		    err >= 4000 || err == EIO ? "not valid BTF" :
		    strerror(err), n > 0 ? ": " : "",
		    n > 0 ? msg + (strncmp(msg, "libbpf: ", 8) == 0 ? 8 : 0) :
		    "");
		return (NULL);
	}
	if (!kernel && check_types(te->te_btf, parent != NULL ?
	    btf__type_cnt(parent->te_btf) : 1, msg, sizeof (msg)) != 0) {
		*errp = strcmp(msg, "out of memory") == 0 ? ENOMEM : EINVAL;
		snprintf(errmsg, msglen, "%s", msg);
		entry_free(te);
		return (NULL);
	}
	if (parent != NULL)
		te->te_parent = dt_tcache_dup(parent);
	if (build_index(te) != 0) {
		dt_tcache_rele(te->te_parent);
		entry_free(te);
		*errp = ENOMEM;
		snprintf(errmsg, msglen, "out of memory");
		return (NULL);
	}
	return (te);
}

/* Publish a parsed entry with the caller's reference; under the lock. */
static void
publish_locked(dt_tentry_t *te)
{
	/* the caller's reference, and the cache's unless private */
	te->te_private = !dt_tcache_share;
	te->te_cached = dt_tcache_share;
	te->te_refs = te->te_cached ? 2 : 1;
	te->te_next = dt_tcache_list;
	dt_tcache_list = te;
	dt_tcache_nlive++;
}

dt_tentry_t *
dt_tcache_hold(const char *path, dt_tentry_t *parent, int model, int *errp,
    char *errmsg, size_t msglen)
{
	dt_tentry_t *te, *stale[DT_STALE_MAX];
	dt_tflight_t *f, **fp;
	size_t nstale = 0;
	struct stat st;
	bool failed;

	if (stat(path, &st) != 0) {
		*errp = errno;
		snprintf(errmsg, msglen, "%s", strerror(errno));
		return (NULL);
	}
	if (!S_ISREG(st.st_mode) || st.st_size == 0) {
		*errp = EINVAL;
		snprintf(errmsg, msglen, "%s", !S_ISREG(st.st_mode) ?
		    "not a regular file" : "empty file");
		return (NULL);
	}
	pthread_mutex_lock(&dt_tcache_lock);
	for (;;) {
		te = lookup_locked(path, parent, model, &st, stale, &nstale,
		    DT_STALE_MAX);
		if (te != NULL || !dt_tcache_share ||
		    (f = flight_find_locked(path, parent, model, &st)) == NULL)
			break;
		/* Another thread parses this file: wait for it to land. */
		f->tf_waiters++;
		while (!f->tf_done)
			pthread_cond_wait(&dt_tcache_cv, &dt_tcache_lock);
		failed = f->tf_err != 0;
		if (failed) {
			*errp = f->tf_err;
			snprintf(errmsg, msglen, "%s", f->tf_msg);
		}
		/* the parser has unlinked it; the last waiter frees it */
		if (--f->tf_waiters == 0)
			free(f);
		if (failed) {
			pthread_mutex_unlock(&dt_tcache_lock);
			rele_all(stale, nstale);
			return (NULL);
		}
		/* landed: the lookup finds the published entry */
	}
	if (te != NULL || !dt_tcache_share) {
		pthread_mutex_unlock(&dt_tcache_lock);
		rele_all(stale, nstale);
		if (te != NULL)
			return (te);
		/* sharing off: every hold parses, alone */
		if ((te = entry_parse(path, parent, model, &st, errp, errmsg,
		    msglen)) != NULL) {
			pthread_mutex_lock(&dt_tcache_lock);
			publish_locked(te);
			pthread_mutex_unlock(&dt_tcache_lock);
		}
		return (te);
	}

	/* This thread's flight: parse outside the lock, then land it. */
	if ((f = calloc(1, sizeof (*f))) == NULL) {
		pthread_mutex_unlock(&dt_tcache_lock);
		rele_all(stale, nstale);
		*errp = ENOMEM;
		snprintf(errmsg, msglen, "out of memory");
		return (NULL);
	}
	f->tf_path = path;
	f->tf_parent = parent;
	f->tf_model = model;
	f->tf_st = st;
	f->tf_next = dt_tcache_flights;
	dt_tcache_flights = f;
	pthread_mutex_unlock(&dt_tcache_lock);
	rele_all(stale, nstale);

	te = entry_parse(path, parent, model, &st, errp, errmsg, msglen);

	pthread_mutex_lock(&dt_tcache_lock);
	for (fp = &dt_tcache_flights; *fp != f; fp = &(*fp)->tf_next)
		;
	*fp = f->tf_next;
	if (te != NULL) {
		publish_locked(te);
	} else {
		f->tf_err = *errp != 0 ? *errp : EINVAL;
		snprintf(f->tf_msg, sizeof (f->tf_msg), "%s", errmsg);
	}
	f->tf_done = true;
	f->tf_path = NULL;	/* the caller's string: not used past here */
	if (f->tf_waiters == 0)
		free(f);
	else
		pthread_cond_broadcast(&dt_tcache_cv);
	pthread_mutex_unlock(&dt_tcache_lock);
	return (te);
}

unsigned long
dt_tcache_parses(void)
{
	unsigned long n;

	pthread_mutex_lock(&dt_tcache_lock);
	n = dt_tcache_nparse;
	pthread_mutex_unlock(&dt_tcache_lock);
	return (n);
}

unsigned long
dt_tcache_live(void)
{
	unsigned long n;

	pthread_mutex_lock(&dt_tcache_lock);
	n = dt_tcache_nlive;
	pthread_mutex_unlock(&dt_tcache_lock);
	return (n);
}

/*
 * At unload, drop the cache's own references, so that leak checkers see
 * every entry freed once every session is closed.
 */
__attribute__((destructor)) static void
dt_tcache_fini(void)
{
	for (;;) {
		dt_tentry_t *te = NULL;

		pthread_mutex_lock(&dt_tcache_lock);
		for (dt_tentry_t *p = dt_tcache_list; p != NULL;
		    p = p->te_next) {
			if (p->te_cached) {
				p->te_cached = false;
				te = p;
				break;
			}
		}
		pthread_mutex_unlock(&dt_tcache_lock);
		if (te == NULL)
			break;
		dt_tcache_rele(te);
	}
}

/*
 * A private entry for types declared in D: empty split BTF on parent's,
 * written by its one session, never shared.  Its name indexes are empty
 * (D's own names are identifiers of the handle), so lookups by name reach
 * the parent's.  One reference, the caller's.
 */
dt_tentry_t *
dt_tcache_writable(dt_tentry_t *parent)
{
	dt_tentry_t *te = calloc(1, sizeof (*te));

	if (te == NULL)
		return (NULL);
	te->te_path = strdup("types declared in D");
	te->te_btf = btf__new_empty_split(parent->te_btf);
	te->te_hashsize = te->te_enumsize = 1;
	te->te_tags = calloc(1, sizeof (uint32_t));
	te->te_names = calloc(1, sizeof (uint32_t));
	te->te_enums = calloc(1, sizeof (uint64_t));
	if (te->te_path == NULL || te->te_btf == NULL ||
	    libbpf_get_error(te->te_btf) != 0 || te->te_tags == NULL ||
	    te->te_names == NULL || te->te_enums == NULL) {
		if (te->te_btf != NULL && libbpf_get_error(te->te_btf) != 0)
			te->te_btf = NULL;
		entry_free(te);
		return (NULL);
	}
	te->te_model = parent->te_model;
	te->te_parent = dt_tcache_dup(parent);
	te->te_ntypes = btf__type_cnt(te->te_btf);
	pthread_mutex_lock(&dt_tcache_lock);
	te->te_private = true;
	te->te_refs = 1;
	te->te_next = dt_tcache_list;
	dt_tcache_list = te;
	dt_tcache_nlive++;
	pthread_mutex_unlock(&dt_tcache_lock);
	return (te);
}

/* A writable entry has gained types. */
void
dt_tcache_grown(dt_tentry_t *te)
{
	te->te_ntypes = btf__type_cnt(te->te_btf);
}
