/*
 * pdnotes.c: fuzz target for dtprobed's note reader and the daemon's
 * checks of what the reader says (dtprobed/dt_pd_notes.c).  The input is
 * the bytes of an ELF file, in a memory file of this process:
 *
 *  - dt_pd_notes_write() reads it as the sandboxed child does (here in
 *    this process, without the sandbox: a crash is the reader's bug) and
 *    writes its lines to a second memory file; they always end with "E";
 *  - dt_pd_segs_read() reads its program headers as the daemon does, and
 *    dt_pd_notes_parse() takes the reader's lines: the child finished,
 *    and what is kept stays within the limits, every kept line checked
 *    again;
 *  - the input itself, taken as a child's output (a taken-over child
 *    writes anything), goes through dt_pd_notes_parse() too, with the
 *    same expectations of what it keeps.
 */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dt_pd.h"

#include "fuzz.h"

static int infd = -1, outfd = -1;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	if ((infd = memfd_create("dtrace-fuzz-pdnotes", 0)) < 0 ||
	    (outfd = memfd_create("dtrace-fuzz-pdnotes-out", 0)) < 0)
		abort();
	return (0);
}

/* What the daemon keeps: within the limits, each line valid again. */
static void
kept_check(const dt_pd_notes_t *pn, const dt_pd_segs_t *pg)
{
	unsigned int n = 0;

	FUZZ_ASSERT(pn->pn_count <= DT_PD_NOTES_MAX);
	FUZZ_ASSERT(pn->pn_len <= DT_PD_TEXT_MAX);
	if (pn->pn_text == NULL) {
		FUZZ_ASSERT(pn->pn_count == 0 && pn->pn_len == 0);
		return;
	}
	FUZZ_ASSERT(strlen(pn->pn_text) == pn->pn_len);
	for (const char *l = pn->pn_text; *l != '\0';) {
		const char *nl = strchr(l, '\n');

		FUZZ_ASSERT(nl != NULL && strncmp(l, "note ", 5) == 0);
		FUZZ_ASSERT(dt_pd_note_valid(l + 5, (size_t)(nl - l - 5), pg));
		l = nl + 1;
		n++;
	}
	FUZZ_ASSERT(n == pn->pn_count);
	/* the libraries: L, R or Q lines, names without '/' */
	n = 0;
	for (const char *l = pn->pn_deps; l != NULL && *l != '\0';) {
		const char *nl = strchr(l, '\n');

		FUZZ_ASSERT(nl != NULL && nl - l > 2 && l[1] == ' ');
		FUZZ_ASSERT(l[0] == 'R' || l[0] == 'Q' || (l[0] == 'L' &&
		    memchr(l, '/', (size_t)(nl - l)) == NULL));
		n += l[0] == 'L';
		l = nl + 1;
	}
	FUZZ_ASSERT(n == pn->pn_nneeded && n <= DT_PD_DEPS_MAX);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dt_pd_segs_t pg;
	dt_pd_notes_t pn;
	char *out;
	off_t len;

	if (infd < 0)
		LLVMFuzzerInitialize(NULL, NULL);
	if (ftruncate(infd, 0) != 0 || pwrite(infd, data, size, 0) !=
	    (ssize_t)size || ftruncate(outfd, 0) != 0 ||
	    lseek(outfd, 0, SEEK_SET) != 0)
		abort();
	dt_pd_notes_write(infd, outfd);
	if ((len = lseek(outfd, 0, SEEK_CUR)) < 2 ||
	    (out = malloc((size_t)len)) == NULL ||
	    pread(outfd, out, (size_t)len, 0) != (ssize_t)len)
		abort();
	FUZZ_ASSERT(memcmp(out + len - 2, "E\n", 2) == 0);
	FUZZ_ASSERT(len == 2 || out[len - 3] == '\n');

	if (dt_pd_segs_read(infd, &pg) != 0)
		pg.pg_n = 0;	/* not ELF to the daemon: no notes */
	FUZZ_ASSERT(pg.pg_n <= DT_PD_PH_MAX);
	FUZZ_ASSERT(dt_pd_notes_parse(out, (size_t)len, &pg, &pn) == 0);
	FUZZ_ASSERT(pn.pn_done);
	kept_check(&pn, &pg);
	free(pn.pn_text);
	free(pn.pn_deps);
	free(out);

	/* the input as what a taken-over child might write */
	FUZZ_ASSERT(dt_pd_notes_parse((const char *)data, size, &pg,
	    &pn) == 0);
	kept_check(&pn, &pg);
	free(pn.pn_text);
	free(pn.pn_deps);
	return (0);
}
