/*
 * elf.c: fuzz target for what is read from ELF files of traced processes:
 * function symbols, stapsdt USDT notes and their argument specs.  The
 * input is the bytes of an ELF file, written to a memory file of this
 * process and read through its /proc/self/fd path as a traced process's
 * file is: dt_elf_lookup() (symbols of .symtab and .dynsym, file offsets
 * through the PT_LOAD headers, the .note.stapsdt notes), then for each
 * note dt_usdt_note_args() (symbol operands resolved through
 * dt_elf_symval(), each spec parsed, as the usdt provider does when it
 * creates the note's probe), for symbols dt_elf_sym() and dt_elf_code()
 * with the instruction-length decoder over the code (as pid offset probes
 * do), and dt_elf_interp().
 *
 * Each input gets a fresh handle, whose ELF cache then holds this file
 * alone.
 */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <dtrace.h>

#include "core/dt_impl.h"
#include "probes/dt_probe.h"
#include "proc/dt_proc.h"

#include "fuzz.h"

#define MAXSYMS		32	/* symbols whose code is decoded */

static int memfd = -1;
static char path[64];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	if ((memfd = memfd_create("dtrace-fuzz-elf", 0)) < 0)
		abort();
	snprintf(path, sizeof (path), "/proc/self/fd/%d", memfd);
	return (0);
}

/*
 * Decode the code of sym as pid offset probes do: each instruction's
 * start found by walking is an instruction boundary.
 */
static void
decode(dtrace_hdl_t *dtp, const dt_elf_t *ef, const dt_elfsym_t *sym)
{
	uint8_t *code;
	size_t at = 0, last = 0;

	if (sym->es_size == 0)
		return;
	if ((code = dt_elf_code(dtp, ef, sym)) == NULL) {
		FUZZ_ASSERT(dtrace_errmsg(dtp, dtrace_errno(dtp))[0] != '\0');
		return;
	}
	while (at < sym->es_size) {
		int len = dt_x86_insnlen(code + at, sym->es_size - at);

		if (len < 0)
			break;
		FUZZ_ASSERT(len > 0 && len <= 15);
		(void) dt_x86_uprobe_ok(code + at, sym->es_size - at);
		last = at;
		at += (size_t)len;
	}
	FUZZ_ASSERT(dt_x86_boundary(code, sym->es_size, last) == 0);
	free(code);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dtrace_hdl_t *dtp;
	const dt_elf_t *ef;
	char interp[256];
	int err;

	if (memfd < 0)
		LLVMFuzzerInitialize(NULL, NULL);
	if (ftruncate(memfd, 0) != 0 || pwrite(memfd, data, size, 0) !=
	    (ssize_t)size)
		abort();
	if ((dtp = dtrace_open(DTRACE_VERSION, DTRACE_O_NODEV, &err)) == NULL)
		abort();
	(void) dt_elf_interp(path, interp, sizeof (interp));
	if ((ef = dt_elf_lookup(dtp, path)) == NULL) {
		FUZZ_ASSERT(dtrace_errmsg(dtp, dtrace_errno(dtp))[0] != '\0');
		dtrace_close(dtp);
		return (0);
	}
	FUZZ_ASSERT(dt_elf_lookup(dtp, path) == ef);	/* cached */
	for (size_t i = 0; i < ef->ef_nsyms; i++) {
		const dt_elfsym_t *es = &ef->ef_syms[i];

		/* sorted, each name once */
		FUZZ_ASSERT(i == 0 || strcmp(ef->ef_syms[i - 1].es_name,
		    es->es_name) < 0);
		FUZZ_ASSERT(dt_elf_sym(ef, es->es_name) == es);
		if (i < MAXSYMS)
			decode(dtp, ef, es);
	}
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		const dt_elfnote_t *en = &ef->ef_notes[i];
		dt_pidmod_t pm = { .pm_pid = getpid(), .pm_path = path,
		    .pm_file = path, .pm_name = "fuzz", .pm_elf = ef };
		char spec[1024];
		const char *bad = NULL;
		size_t badlen = 0;
		int n;

		FUZZ_ASSERT(en->en_prov[0] != '\0' && en->en_name[0] != '\0');
		/* sites in the file, semaphores aligned counters in it */
		FUZZ_ASSERT(en->en_off < ef->ef_size);
		FUZZ_ASSERT(en->en_sema == 0 || (en->en_sema % 2 == 0 &&
		    en->en_sema + 2 <= ef->ef_size));
		for (const char *c = en->en_prov; *c != '\0'; c++)
			FUZZ_ASSERT(*c > 0x20 && *c < 0x7f);
		for (const char *c = en->en_args; *c != '\0'; c++)
			FUZZ_ASSERT(*c == '\t' || (*c >= 0x20 && *c < 0x7f));
		FUZZ_ASSERT(strstr(en->en_name, "__") == NULL);
		n = dt_usdt_note_args(&pm, en, spec, sizeof (spec), &bad,
		    &badlen);
		if (n < 0)
			FUZZ_ASSERT(bad != NULL && badlen <= strlen(bad));
		else
			FUZZ_ASSERT(n <= DT_MAXARGS);
	}
	dtrace_close(dtp);
	return (0);
}
