/*
 * types.c: the shared kernel type cache, btfpath, split BTF, dtrace_update,
 * bad type files, and D on kernel types, with BTF files written here with
 * libbpf's BTF writer.  Needs root and BPF (some programs run).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <dtrace.h>

#include "core/dt_impl.h"
#include "types/dt_tcache.h"
#include "types/dt_types.h"

#include "check.h"

static char dir[64];

/*
 * Write a base BTF file: int, long, unsigned int, and
 *   struct foo { int a; long b; unsigned int c:3, d:5; char name[8]; }
 * or, with wide, { long a; long b; ... } (b moves from 8 to 8 and a grows:
 * the size of foo changes from 32 to 32... so wide puts b at 16).
 */
static void
write_base(const char *path, int wide)
{
	struct btf *b = btf__new_empty();
	int i32 = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	int i64 = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	int u32 = btf__add_int(b, "unsigned int", 4, 0);
	int ch = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	int arr = btf__add_array(b, i32, ch, 8);
	int foo = btf__add_struct(b, "foo", wide ? 48 : 32);
	const void *raw;
	uint32_t size;
	FILE *fp;
	char tmp[128];

	btf__add_field(b, "a", i32, 0, 0);
	btf__add_field(b, "b", i64, wide ? 128 : 64, 0);
	btf__add_field(b, "c", u32, wide ? 192 : 128, 3);
	btf__add_field(b, "d", u32, wide ? 195 : 131, 5);
	btf__add_field(b, "name", arr, wide ? 256 : 192, 0);
	btf__add_typedef(b, "foo_t", foo);
	btf__add_ptr(b, foo);
	raw = btf__raw_data(b, &size);
	/* replace atomically, as a package upgrade would */
	snprintf(tmp, sizeof (tmp), "%s.tmp", path);
	fp = fopen(tmp, "w");
	fwrite(raw, 1, size, fp);
	fclose(fp);
	rename(tmp, path);
	btf__free(b);
}

/* A split BTF file on top of the base: struct bar { struct foo f; int z; } */
static void
write_split(const char *base, const char *path)
{
	struct btf *bb = btf__parse(base, NULL);
	struct btf *s = btf__new_empty_split(bb);
	int foo = btf__find_by_name_kind(bb, "foo", BTF_KIND_STRUCT);
	int i32 = btf__find_by_name_kind(bb, "int", BTF_KIND_INT);
	int bar = btf__add_struct(s, "bar", 40);
	const void *raw;
	uint32_t size;
	FILE *fp = fopen(path, "w");

	btf__add_field(s, "f", foo, 0, 0);
	btf__add_field(s, "z", i32, 256, 0);
	(void) bar;
	raw = btf__raw_data(s, &size);
	fwrite(raw, 1, size, fp);
	fclose(fp);
	btf__free(s);
	btf__free(bb);
}

static dtrace_hdl_t *
open_with(const char *btfpath)
{
	int err;
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	if (dtp == NULL)
		exit(1);
	dtrace_setopt(dtp, "quiet", NULL);
	if (btfpath != NULL && dtrace_setopt(dtp, "btfpath", btfpath) != 0) {
		fprintf(stderr, "btfpath %s: %s\n", btfpath,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
		exit(1);
	}
	return (dtp);
}

static dtrace_prog_t *
compile(dtrace_hdl_t *dtp, const char *src)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(dtp, src,
	    DTRACE_PROBESPEC_NAME, 0, 0, NULL);

	if (pgp == NULL)
		fprintf(stderr, "compile \"%s\": %s\n", src,
		    dtrace_errmsg(dtp, dtrace_errno(dtp)));
	return (pgp);
}

/* The same file, two sessions: parsed once, one entry. */
static void
test_sharing(const char *base)
{
	unsigned long parses = dt_tcache_parses();
	dtrace_hdl_t *a = open_with(base), *b = open_with(base);

	CHECK(dt_tcache_parses() == parses + 1);
	CHECK(a->dt_ktypes == b->dt_ktypes);
	CHECK(a->dt_ktypes->te_refs == 3);	/* a, b and the cache */
	dtrace_close(a);
	dtrace_close(b);
	/* the cache keeps it for the next session */
	a = open_with(base);
	CHECK(dt_tcache_parses() == parses + 1);
	dtrace_close(a);
}

/* D on the types of the file: sizes, offsets, members, bit-fields. */
static void
test_d_types(const char *base)
{
	dtrace_hdl_t *dtp = open_with(base);
	char *out;

	CHECK(compile(dtp, "BEGIN { printf(\"%d %d %d %d %d\\n\", "
	    "sizeof (struct foo), offsetof(struct foo, b), "
	    "offsetof(struct foo, name), sizeof (foo_t), "
	    "sizeof (((struct foo *)0)->name)); }") != NULL);
	CHECK(compile(dtp, "BEGIN { trace(((foo_t *)arg0)->d); "
	    "trace(((struct foo *)arg0)->name[3]); }") != NULL);
	CHECK(compile(dtp, "BEGIN { trace(((struct foo *)arg0)->nosuch); }")
	    == NULL);
	CHECK(dtrace_errtag(dtp) != NULL &&
	    strcmp(dtrace_errtag(dtp), "D_TYPE_MEMBER") == 0);
	CHECK(strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
	    "nosuch is not a member of struct foo") != NULL);
	CHECK(compile(dtp, "BEGIN { trace((struct nosuch *)arg0); }") ==
	    NULL);
	CHECK(dtrace_errtag(dtp) != NULL &&
	    strcmp(dtrace_errtag(dtp), "D_SYNTAX") == 0);
	dtrace_close(dtp);

	/* run one: the constants come from the file's types */
	dtp = open_with(base);
	CHECK(dtrace_program_exec(dtp, compile(dtp, "BEGIN { printf(\"%d %d "
	    "%d\\n\", sizeof (struct foo), offsetof(struct foo, b), "
	    "offsetof(struct foo, name)); exit(0); }"), NULL) == 0);
	CHECK(dtrace_go(dtp) == 0);
	out = drain(dtp);
	CHECK(out != NULL && strcmp(out, "32 8 24\n") == 0);
	free(out);
	dtrace_close(dtp);
}

/*
 * dtrace_update() after the file is replaced: the session moves to fresh
 * types; a program compiled before keeps the old ones, still runs and
 * prints after the update; the old entry goes with the last holder.
 */
static void
test_update(const char *base)
{
	unsigned long live = dt_tcache_live();
	dtrace_hdl_t *dtp;
	dt_tentry_t *old;
	dtrace_prog_t *before, *after;
	char *out;

	write_base(base, 0);
	dtp = open_with(base);
	old = dtp->dt_ktypes;
	CHECK(dt_tcache_live() == live + 1);
	before = compile(dtp, "END { printf(\"before %d\\n\", "
	    "offsetof(struct foo, b)); }");
	CHECK(before != NULL && dtrace_program_exec(dtp, before, NULL) == 0);
	CHECK(dtrace_update(dtp) == 0);
	CHECK(dtp->dt_ktypes == old);		/* nothing changed yet */

	sleep(1);	/* a new mtime even on coarse clocks */
	write_base(base, 1);
	CHECK(dtrace_update(dtp) == 0);
	CHECK(dtp->dt_ktypes != old);
	CHECK(dt_tcache_live() == live + 2);	/* old still held */
	after = compile(dtp, "END { printf(\"after %d\\n\", "
	    "offsetof(struct foo, b)); }");
	CHECK(after != NULL && dtrace_program_exec(dtp, after, NULL) == 0);
	CHECK(dtrace_go(dtp) == 0);
	CHECK(dtrace_stop(dtp) == 0);
	out = drain(dtp);
	CHECK(out != NULL && strcmp(out, "before 8\nafter 16\n") == 0);
	free(out);
	dtrace_close(dtp);
	CHECK(dt_tcache_live() == live + 1);	/* the old entry is gone */
}

/* Split BTF: a module's types on top of the base entry. */
static void
test_split(const char *base, const char *split)
{
	char msg[256];
	int err;
	dt_tentry_t *b = dt_tcache_hold(base, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg));
	dt_tentry_t *s;
	uint32_t bar, foo;

	CHECK(b != NULL);
	if (b == NULL)
		return;
	s = dt_tcache_hold(split, b, DT_MODEL_LP64, &err, msg, sizeof (msg));
	CHECK(s != NULL);
	if (s == NULL) {
		fprintf(stderr, "split: %s\n", msg);
		dt_tcache_rele(b);
		return;
	}
	CHECK(s->te_parent == b);
	bar = dt_tcache_tag(s, BTF_KIND_STRUCT, "bar");
	foo = dt_tcache_tag(s, BTF_KIND_STRUCT, "foo");
	CHECK(bar != 0 && foo != 0 && bar > foo);
	CHECK(dt_tcache_tag(b, BTF_KIND_STRUCT, "bar") == 0);
	CHECK(dt_tcache_name(s, "foo_t") != 0);
	/* the same split file on another parent is another entry */
	CHECK(dt_tcache_hold(split, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg)) == NULL);	/* not valid without its base */
	/* another data model: another entry */
	{
		dt_tentry_t *b32 = dt_tcache_hold(base, NULL, DT_MODEL_ILP32,
		    &err, msg, sizeof (msg));

		CHECK(b32 != NULL && b32 != b);
		dt_tcache_rele(b32);
	}
	/* the split entry keeps its parent alive */
	dt_tcache_rele(b);
	CHECK(s->te_parent->te_refs >= 1);
	dt_tcache_rele(s);
}

/* Bad files: an error naming why, and the cache untouched. */
static void
test_bad_files(const char *base)
{
	static const char *const junk = "this is not BTF at all\n";
	char path[128], msg[256];
	unsigned long parses = dt_tcache_parses(), live = dt_tcache_live();
	struct btf *b = btf__parse(base, NULL);
	const void *raw;
	uint32_t size;
	unsigned char *bad;
	FILE *fp;
	int err;

	snprintf(path, sizeof (path), "%s/junk", dir);
	fp = fopen(path, "w");
	fputs(junk, fp);
	fclose(fp);
	CHECK(dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg)) == NULL && strstr(msg, "not valid BTF") != NULL);

	/* truncated in the middle of the type records */
	raw = btf__raw_data(b, &size);
	snprintf(path, sizeof (path), "%s/trunc", dir);
	fp = fopen(path, "w");
	fwrite(raw, 1, size - 20, fp);
	fclose(fp);
	CHECK(dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg)) == NULL);

	/* a type record of an unknown kind */
	bad = malloc(size);
	memcpy(bad, raw, size);
	bad[24 + 4 + 3] = 0x7f;	/* first type's info: kind bits */
	snprintf(path, sizeof (path), "%s/corrupt", dir);
	fp = fopen(path, "w");
	fwrite(bad, 1, size, fp);
	fclose(fp);
	CHECK(dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg)) == NULL);
	free(bad);
	btf__free(b);

	/* each reached the parser, and left no entry */
	CHECK(dt_tcache_parses() == parses + 3);
	CHECK(dt_tcache_live() == live);

	/* through the API: the error names the file */
	{
		int e;
		dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &e);

		CHECK(dtrace_setopt(dtp, "btfpath", path) != 0);
		CHECK(dtrace_errno(dtp) == EDT_BTF);
		CHECK(strncmp(dtrace_errmsg(dtp, EDT_BTF),
		    "failed to load type data from ", 30) == 0 &&
		    strstr(dtrace_errmsg(dtp, EDT_BTF), path) != NULL);
		dtrace_close(dtp);
	}
}

/* Write b's raw data to dir/name, free b; the path in path. */
static void
write_btf(struct btf *b, const char *name, char *path, size_t len)
{
	const void *raw;
	uint32_t size;
	FILE *fp;

	snprintf(path, len, "%s/%s", dir, name);
	raw = btf__raw_data(b, &size);
	fp = fopen(path, "w");
	fwrite(raw, 1, size, fp);
	fclose(fp);
	btf__free(b);
}

/* Does loading path fail with a message containing want? */
static int
refused(const char *path, const char *want)
{
	char msg[256];
	int err;
	dt_tentry_t *te = dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg,
	    sizeof (msg));

	if (te != NULL) {
		dt_tcache_rele(te);
		return (0);
	}
	if (strstr(msg, want) == NULL) {
		fprintf(stderr, "%s: %s\n", path, msg);
		return (0);
	}
	return (err == EINVAL);
}

/*
 * Files that libbpf parses but whose types cannot be used: a type id or
 * a name that does not exist, a type that contains itself, a pointer to
 * itself.  A list through a struct's pointer member is fine.
 */
static void
test_bad_types(void)
{
	char path[128];
	struct btf *b;
	int i;
	dt_tentry_t *te;
	int err;
	char msg[256];

	b = btf__new_empty();
	btf__add_ptr(b, 1);
	write_btf(b, "selfptr", path, sizeof (path));
	CHECK(refused(path, "type 1 is a pointer to itself"));

	/*
	 * A header that says it is 5 bytes long (libbpf takes it): the types
	 * start one byte past a 4-byte boundary.  The bytes are a file the
	 * btf fuzz target found.
	 */
	{
		static const unsigned char shorthdr[] = {
			0x9f, 0xeb, 0x01, 0x00, 0x05, 0x00, 0x00, 0x00,
			0x00, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00,
			0x28, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00,
			0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
			0x04, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x01,
			0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08,
			0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
			0x00, 0x00, 0x00, 0x0a, 0xcb, 0x00, 0x00, 0x00,
			0x00, 'i', 'n', 't', 0x00, 'l', 'o', 'o', 'p', '_',
			't', 0x00,
		};
		FILE *fp;

		snprintf(path, sizeof (path), "%s/shorthdr", dir);
		fp = fopen(path, "w");
		fwrite(shorthdr, 1, sizeof (shorthdr), fp);
		fclose(fp);
		CHECK(refused(path, "type 1 is not aligned to 4 bytes"));
	}

	b = btf__new_empty();
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	btf__add_typedef(b, "loop_t", 3);
	btf__add_const(b, 2);
	write_btf(b, "typedefloop", path, sizeof (path));
	CHECK(refused(path, "contains itself"));

	b = btf__new_empty();
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	btf__add_struct(b, "self", 8);
	btf__add_field(b, "a", i, 0, 0);
	btf__add_field(b, "", 2, 32, 0);
	write_btf(b, "selfstruct", path, sizeof (path));
	CHECK(refused(path, "type 2 contains itself"));

	b = btf__new_empty();
	btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	btf__add_typedef(b, "dangling_t", 99);
	write_btf(b, "dangling", path, sizeof (path));
	CHECK(refused(path, "type 2 refers to type 99, which does not exist"));

	/* 300 consts on an int: a chain too long to walk */
	b = btf__new_empty();
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	for (int k = 0; k < 300; k++)
		i = btf__add_const(b, i);
	btf__add_typedef(b, "deep_t", i);
	write_btf(b, "deepconst", path, sizeof (path));
	CHECK(refused(path, "starts a chain of more than 256 nested types"));

	/*
	 * 300 structs, each the anonymous member of the next: looking for
	 * a member that is not there recursed 80,000 deep before the limit
	 */
	b = btf__new_empty();
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	for (int k = 0; k < 300; k++) {
		int st = btf__add_struct(b, k == 299 ? "nest" : "", 4);

		btf__add_field(b, k == 0 ? "a" : "", i, 0, 0);
		i = st;
	}
	write_btf(b, "deepnest", path, sizeof (path));
	CHECK(refused(path, "starts a chain of more than 256 nested types"));

	/*
	 * An enum of 10 bytes (libbpf's btf__add_enum() makes none, its
	 * parser takes one): the btf fuzz target found it, its D view was
	 * an integer of 10 bytes, and naming that type indexed past a table
	 * of integer names.  Enums of 3 bytes and of none are refused too.
	 */
	for (unsigned int k = 0; k < 3; k++) {
		static const uint32_t sizes[] = { 10, 3, 0 };
		char want[64];

		b = btf__new_empty();
		i = btf__add_enum(b, "big", 4);
		btf__add_enum_value(b, "BIG_A", 1);
		((struct btf_type *)btf__type_by_id(b, i))->size = sizes[k];
		write_btf(b, "bigenum", path, sizeof (path));
		snprintf(want, sizeof (want), "type 1 is an enum of %u bytes",
		    sizes[k]);
		CHECK(refused(path, want));
	}

	/*
	 * An integer of 3 bytes is valid BTF but not a D integer: using it
	 * is an error (D_TYPE_ERR), as a member, through a typedef or a
	 * pointer, in sizeof; the file and its other types are usable.
	 */
	{
		static const char *const progs[] = {
			"BEGIN { trace((odd_t)arg0); }",
			"BEGIN { trace(*(odd_t *)arg0); }",
			"BEGIN { trace(((struct s *)arg0)->x); }",
			"BEGIN { trace(sizeof (odd_t)); }",
			"BEGIN { trace(((struct s *)arg0)->y); }",
		};
		struct btf_type *t;
		dtrace_hdl_t *dtp;

		b = btf__new_empty();
		i = btf__add_int(b, "odd", 4, 0);
		t = (struct btf_type *)btf__type_by_id(b, i);
		t->size = 3;
		*(uint32_t *)(t + 1) = 24;	/* no encoding, 24 bits */
		btf__add_typedef(b, "odd_t", i);
		btf__add_int(b, "int", 4, BTF_INT_SIGNED);
		btf__add_struct(b, "s", 8);
		btf__add_field(b, "x", i, 0, 0);
		btf__add_field(b, "y", 3, 32, 0);
		write_btf(b, "oddint", path, sizeof (path));
		dtp = open_with(path);
		for (unsigned int k = 0; k < 5; k++) {
			dtrace_prog_t *pgp = dtrace_program_strcompile(dtp,
			    progs[k], DTRACE_PROBESPEC_NAME, 0, 0, NULL);

			if (k == 4) {
				CHECK(pgp != NULL);
				continue;
			}
			CHECK(pgp == NULL && dtrace_errtag(dtp) != NULL &&
			    strcmp(dtrace_errtag(dtp), "D_TYPE_ERR") == 0);
			CHECK(strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
			    "a size other than 1, 2, 4 or 8 bytes") != NULL);
		}
		dtrace_close(dtp);
	}

	b = btf__new_empty();
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	btf__add_struct(b, "list", 16);
	btf__add_field(b, "next", 3, 0, 0);
	btf__add_field(b, "v", i, 64, 0);
	btf__add_ptr(b, 2);
	write_btf(b, "list", path, sizeof (path));
	te = dt_tcache_hold(path, NULL, DT_MODEL_LP64, &err, msg, sizeof (msg));
	CHECK(te != NULL);
	dt_tcache_rele(te);
}

/* A program without kernel types never loads them. */
static void
test_lazy(void)
{
	dtrace_hdl_t *dtp = open_with(NULL);

	CHECK(compile(dtp, "BEGIN { printf(\"%d\\n\", pid); exit(0); }") !=
	    NULL);
	CHECK(dtp->dt_ktypes == NULL);
	CHECK(compile(dtp, "BEGIN { trace(curthread->pid); }") != NULL);
	CHECK(dtp->dt_ktypes != NULL);
	dtrace_close(dtp);
}

/* A reference count that would go below zero aborts with a message. */
static void
test_underflow(void)
{
	pid_t pid = fork();
	int status;

	if (pid == 0) {
		dt_tentry_t fake;

		memset(&fake, 0, sizeof (fake));
		fake.te_path = (char *)"fake";
		freopen("/dev/null", "w", stderr);
		dt_tcache_rele(&fake);	/* te_refs is 0 already */
		_exit(0);
	}
	CHECK(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) &&
	    WTERMSIG(status) == SIGABRT);
}

int
main(void)
{
	char base[128], split[128], base2[128];

	snprintf(dir, sizeof (dir), "/tmp/dt-types.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return (1);
	snprintf(base, sizeof (base), "%s/base.btf", dir);
	snprintf(split, sizeof (split), "%s/split.btf", dir);
	snprintf(base2, sizeof (base2), "%s/base2.btf", dir);
	write_base(base, 0);
	write_split(base, split);

	test_lazy();
	test_sharing(base);
	test_d_types(base);
	test_split(base, split);
	test_bad_files(base);
	test_bad_types();
	test_underflow();
	test_update(base2);

	{
		char cmd[160];

		snprintf(cmd, sizeof (cmd), "rm -rf %s", dir);
		if (system(cmd) != 0)
			nfailed++;
	}
	return (check_done("types"));
}
