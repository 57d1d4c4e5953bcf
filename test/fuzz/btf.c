/*
 * btf.c: fuzz target for loading kernel type data.  The input is the
 * bytes of a BTF file: it is written to a file of this process and named
 * with the btfpath option (dtrace_setopt(), which loads it at once
 * through the type cache: libbpf's parser, then the cache's name and
 * enumerator indexes).  When it loads, small programs that use its types
 * are compiled against it, each made from the names the file holds:
 * sizeof, casts, members through pointers and anonymous members, typedefs,
 * enumerators, a D struct with members of its types, and rawtp probes
 * whose argument types come from its btf_trace_NAME typedefs.
 *
 * The type cache is told not to share (dt_tcache_set_sharing(0)): every
 * input is parsed afresh and nothing stays cached from one input to the
 * next, even when two inputs have the same size and modification time.
 */
#include <ctype.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <dtrace.h>

#include "core/dt_impl.h"
#include "types/dt_tcache.h"
#include "types/dt_types.h"

#include "fuzz.h"

#define MAXPROGS	24	/* programs compiled per input */

static char path[64];
static FILE *devnull;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	snprintf(path, sizeof (path), "/tmp/dtrace-fuzz-btf.%d", (int)getpid());
	dt_tcache_set_sharing(0);
	if ((devnull = fopen("/dev/null", "w")) == NULL)
		abort();
	return (0);
}

/* Is s a D identifier (so that a program can name it)? */
static bool
ident(const char *s)
{
	if (s == NULL || !(isalpha((unsigned char)*s) || *s == '_'))
		return (false);
	for (; *s != '\0'; s++) {
		if (!isalnum((unsigned char)*s) && *s != '_')
			return (false);
	}
	return (true);
}

static void
try_compile(dtrace_hdl_t *dtp, const char *src)
{
	dtrace_prog_t *pgp = dtrace_program_strcompile(dtp, src,
	    DTRACE_PROBESPEC_NAME, DTRACE_C_ZDEFS, 0, NULL);

	if (pgp == NULL)
		FUZZ_ASSERT(dtrace_errmsg(dtp, dtrace_errno(dtp))[0] != '\0');
	else
		FUZZ_ASSERT(dtrace_program_dump(dtp, pgp, devnull) == 0);
}

/* The first named member of struct or union t, or NULL. */
static const char *
first_member(const struct btf *btf, const struct btf_type *t)
{
	const struct btf_member *m = btf_members(t);

	for (unsigned int i = 0; i < btf_vlen(t); i++, m++) {
		const char *n = btf__name_by_offset(btf, m->name_off);

		if (ident(n))
			return (n);
	}
	return (NULL);
}

/* Programs on the types of the file, at most MAXPROGS. */
static void
compile_uses(dtrace_hdl_t *dtp, const struct btf *btf)
{
	uint32_t n = btf__type_cnt(btf);
	char src[1024];
	int progs = 0;

	for (uint32_t id = 1; id < n && progs < MAXPROGS; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name = btf__name_by_offset(btf, t->name_off);
		const char *kw, *m;

		switch (btf_kind(t)) {
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			if (!ident(name))
				break;
			kw = btf_is_struct(t) ? "struct" : "union";
			m = first_member(btf, t);
			snprintf(src, sizeof (src), "BEGIN { trace(sizeof (%s "
			    "%s)); this->p = (%s %s *)arg0; trace(this->p); }",
			    kw, name, kw, name);
			try_compile(dtp, src);
			progs++;
			if (m == NULL)
				break;
			snprintf(src, sizeof (src), "BEGIN { this->p = (%s %s "
			    "*)arg0; trace(this->p->%s); trace(&this->p->%s); "
			    "trace(offsetof(%s %s, %s)); }", kw, name, m, m,
			    kw, name, m);
			try_compile(dtp, src);
			snprintf(src, sizeof (src), "BEGIN { trace(((%s %s *)"
			    "arg0)->%s->%s); trace(*(%s %s *)arg0); "
			    "trace(stringof(((%s %s *)arg0)->%s)); }", kw, name,
			    m, m, kw, name, kw, name, m);
			try_compile(dtp, src);
			snprintf(src, sizeof (src), "struct fz%u { %s %s a; int b; "
			    "}; BEGIN { this->f = (struct fz%u *)arg0; "
			    "trace(this->f->a.%s); trace(sizeof (struct fz%u)); }",
			    id, kw, name, id, m, id);
			try_compile(dtp, src);
			progs += 3;
			break;
		case BTF_KIND_TYPEDEF:
			if (!ident(name))
				break;
			if (strncmp(name, "btf_trace_", 10) == 0 &&
			    name[10] != '\0') {
				snprintf(src, sizeof (src), "rawtp:::%s { "
				    "trace(args[0]); trace(args[1]); }",
				    name + 10);
				try_compile(dtp, src);
				progs++;
			}
			snprintf(src, sizeof (src), "BEGIN { trace(sizeof (%s)); "
			    "this->x = (%s *)arg0; trace(*this->x); "
			    "trace((%s)arg1); }", name, name, name);
			try_compile(dtp, src);
			progs++;
			break;
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			for (unsigned int i = 0; i < btf_vlen(t) && i < 2; i++) {
				const char *e = btf__name_by_offset(btf,
				    btf_is_enum(t) ? btf_enum(t)[i].name_off :
				    btf_enum64(t)[i].name_off);

				if (!ident(e))
					continue;
				snprintf(src, sizeof (src), "BEGIN { trace(%s); "
				    "trace(%s + 1 == %s); }", e, e, e);
				try_compile(dtp, src);
				progs++;
			}
			if (ident(name)) {
				snprintf(src, sizeof (src), "BEGIN { trace("
				    "sizeof (enum %s)); this->e = (enum %s)1; "
				    "trace(this->e); }", name, name);
				try_compile(dtp, src);
				progs++;
			}
			break;
		case BTF_KIND_INT:
			if (!ident(name))
				break;
			snprintf(src, sizeof (src), "BEGIN { trace((%s)arg0); "
			    "trace(sizeof (%s)); }", name, name);
			try_compile(dtp, src);
			progs++;
			break;
		default:
			break;
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dtrace_hdl_t *dtp;
	unsigned long live;
	int fd, err;

	if (path[0] == '\0')
		LLVMFuzzerInitialize(NULL, NULL);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0 ||
	    write(fd, data, size) != (ssize_t)size || close(fd) != 0)
		abort();
	live = dt_tcache_live();
	if ((dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err)) == NULL)
		abort();
	if (dtrace_setopt(dtp, "btfpath", path) != 0) {
		/* the error names the file */
		FUZZ_ASSERT(strstr(dtrace_errmsg(dtp, dtrace_errno(dtp)),
		    path) != NULL);
	} else {
		FUZZ_ASSERT(dtp->dt_ktypes != NULL);
		compile_uses(dtp, dtp->dt_ktypes->te_btf);
	}
	dtrace_close(dtp);
	/* every entry of the input's types is gone with its session */
	FUZZ_ASSERT(dt_tcache_live() == live);
	unlink(path);
	return (0);
}
