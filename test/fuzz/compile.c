/*
 * compile.c: fuzz target for the D compiler, from source text to BPF
 * instructions.  The input is a D program.  Each input gets a fresh
 * handle opened with DTRACE_O_NODEV (nothing is loaded into the kernel;
 * dtrace_go() is refused), is compiled with dtrace_program_strcompile()
 * (parse, semantic pass, probe matching, code generation), and, when it
 * compiles, its instruction listing is written (dtrace_program_dump(),
 * what -S prints) and its probes enabled (dtrace_program_exec(), which
 * under NODEV only records the clauses on the probes).
 *
 * The handle is closed after each input, so nothing one program declares
 * reaches the next, and each handle compiles one program: a program's
 * pragmas (cpp, cpppath) then never apply to another, and the fuzzer
 * never runs a preprocessor.  Kernel types come from the process-global
 * type cache: /sys/kernel/btf/vmlinux is parsed at most once per process,
 * and only by an input that uses kernel types (checked here).
 */
#include <stdbool.h>
#include <string.h>

#include <dtrace.h>

#include "core/dt_impl.h"
#include "types/dt_tcache.h"
#include "types/dt_types.h"

#include "fuzz.h"

static FILE *devnull;
static bool vmlinux_parsed;	/* an earlier input parsed it */

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	if ((devnull = fopen("/dev/null", "w")) == NULL)
		abort();
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src;
	dtrace_hdl_t *dtp;
	dtrace_prog_t *pgp;
	dtrace_proginfo_t info;
	unsigned long parses = dt_tcache_parses();
	int err;

	if (size > 1024 * 1024)
		return (0);
	if (devnull == NULL)
		LLVMFuzzerInitialize(NULL, NULL);
	src = fuzz_strdup(data, size);
	if ((dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err)) == NULL)
		abort();
	pgp = dtrace_program_strcompile(dtp, src, DTRACE_PROBESPEC_NAME, 0,
	    0, NULL);
	if (pgp == NULL) {
		/* every failure explains itself */
		FUZZ_ASSERT(dtrace_errno(dtp) != 0);
		FUZZ_ASSERT(dtrace_errmsg(dtp, dtrace_errno(dtp))[0] != '\0');
	} else {
		FUZZ_ASSERT(dtrace_program_dump(dtp, pgp, devnull) == 0);
		(void) dtrace_program_exec(dtp, pgp, &info);
		FUZZ_ASSERT(dtrace_go(dtp) != 0);	/* NODEV */
	}
	/* vmlinux's types: parsed once per process, and only when used */
	if (dtp->dt_opts.op_btfpath == NULL) {
		unsigned long n = dt_tcache_parses() - parses;

		FUZZ_ASSERT(n == 0 || (n == 1 && !vmlinux_parsed &&
		    dtp->dt_ktypes != NULL));
		vmlinux_parsed |= n == 1;
	}
	dtrace_close(dtp);
	free(src);
	return (0);
}
