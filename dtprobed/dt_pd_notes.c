/*
 * dt_pd_notes.c: the stapsdt notes of one ELF file, read in the sandbox.
 *
 * dt_pd_notes_write() runs in the sandboxed child (dt_pd_sandbox.c) on a
 * file the daemon opened: it must survive any bytes, but if it does not,
 * only the child dies.  It walks the notes of the .note.stapsdt section
 * with the reader the library uses too (libdtrace/proc/dt_notes.c, which
 * decodes and checks each note: its three addresses, the site moved with
 * .stapsdt.base, and its three strings), with the daemon's limits: at
 * most DT_PD_NOTES_MAX notes and DT_PD_TEXT_MAX bytes of lines (the
 * notes past either are counted as dropped; past the first, the reader
 * does not decode them), a section of at most DT_PD_NSECT_MAX bytes.  Addresses become file offsets, which is
 * what uprobes take:
 * the site through the executable PT_LOAD segment holding it, the
 * semaphore through the PT_LOAD segment whose file bytes hold it.  A note
 * that is truncated, has an empty provider or name, or addresses no
 * segment holds, is counted as skipped.
 *
 * What the child writes is not trusted: the daemon checks every line
 * with dt_pd_note_valid() before a registry file holds it.  Provider and
 * name are C identifiers (letters, digits, '_', at most 63 characters:
 * what <sys/sdt.h> can emit); argument specs are printable ASCII, at most
 * 511 characters.
 */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dt_pd.h"
#include "../libdtrace/proc/dt_notes.h"

#define NOTE_IDMAX	63		/* provider and name: characters */
#define NOTE_ARGSMAX	511		/* argument specs: characters */
/* the longest note line: "note", two offsets, the strings, spaces */
#define NOTE_LINEMAX	(5 + 17 + 17 + NOTE_IDMAX * 2 + 2 + NOTE_ARGSMAX + 1)

/* Write all of buf; the child has nothing better to do on failure. */
static void
out_write(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

		if (n <= 0)
			_exit(3);
		buf += n;
		len -= (size_t)n;
	}
}

/* The file offset of addr in a PT_LOAD segment with the flags of want. */
static int64_t
seg_off(Elf *elf, size_t nph, uint64_t addr, uint32_t want)
{
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
		    ph.p_type != PT_LOAD || (ph.p_flags & want) != want)
			continue;
		if (addr >= ph.p_vaddr && addr - ph.p_vaddr < ph.p_filesz &&
		    ph.p_offset <= INT64_MAX - (addr - ph.p_vaddr))
			return ((int64_t)(addr - ph.p_vaddr + ph.p_offset));
	}
	return (-1);
}

static bool
is_args(const char *s, size_t n)
{
	if (n > NOTE_ARGSMAX)
		return (false);
	for (size_t i = 0; i < n; i++) {
		if (s[i] < 0x20 || s[i] > 0x7e)
			return (false);
	}
	return (true);
}

/* What note_write() carries along the notes of one file. */
typedef struct dt_pd_nwrite {
	int nw_outfd;			/* the pipe to the daemon */
	Elf *nw_elf;			/* the file */
	size_t nw_nph;			/* its program headers */
	size_t nw_text;			/* bytes the daemon will hold */
	unsigned long nw_skipped;	/* malformed notes */
	unsigned long nw_dropped;	/* notes past the limits */
} dt_pd_nwrite_t;

/*
 * One stapsdt note from the shared reader (dt_notes.c), written as an N
 * line if good, its bytes (as the daemon will hold it) counted in
 * nw_text; a note past the limits is counted as dropped whatever it
 * holds, a malformed one as skipped.  1 if written.
 */
static int
note_write(const dt_note_t *dn, dt_note_err_t err, void *arg)
{
	dt_pd_nwrite_t *nw = arg;
	int64_t site, sema = 0;
	char line[NOTE_IDMAX * 2 + NOTE_ARGSMAX + 64];
	int n;

	if (err == DT_NOTE_TAIL) {
		nw->nw_skipped++;	/* a last note cut short */
		return (0);
	}
	if (err == DT_NOTE_EXCESS || nw->nw_text + NOTE_LINEMAX >
	    DT_PD_TEXT_MAX) {
		nw->nw_dropped++;
		return (0);
	}
	if (err != DT_NOTE_OK ||
	    (site = seg_off(nw->nw_elf, nw->nw_nph, dn->dn_site, PF_X)) < 0 ||
	    (dn->dn_sema != 0 && ((sema = seg_off(nw->nw_elf, nw->nw_nph,
	    dn->dn_sema, PF_W)) <= 0 || (sema & 1) != 0))) {
		nw->nw_skipped++;
		return (0);
	}
	n = snprintf(line, sizeof (line), "N %llx %llx %s %s %s\n",
	    (unsigned long long)site, (unsigned long long)sema, dn->dn_prov,
	    dn->dn_name, dn->dn_args);
	if (n < 0 || (size_t)n >= sizeof (line)) {
		nw->nw_skipped++;
		return (0);
	}
	out_write(nw->nw_outfd, line, (size_t)n);
	nw->nw_text += (size_t)n + 3;	/* "note " for "N " */
	return (1);
}

/* Is s (n bytes) a dependency's string: printable, spaces if sp? */
/* The file's dependency lines (dt_ldsearch_deps(), shared). */
static void
deps_write(Elf *elf, int outfd)
{
	char buf[DT_LD_DEPS_BYTES];
	size_t n = dt_ldsearch_deps(elf, buf, sizeof (buf));

	out_write(outfd, buf, n);
}

void
dt_pd_notes_write(int fd, int outfd)
{
	static const dt_notes_limits_t limits = {
		.nl_maxnotes = DT_PD_NOTES_MAX,
		.nl_idmax = NOTE_IDMAX,
		.nl_argsmax = NOTE_ARGSMAX,
		.nl_flags = DT_NOTES_DIGIT1,
	};
	dt_pd_nwrite_t nw = { .nw_outfd = outfd };
	Elf *elf;
	Elf_Scn *notes;
	GElf_Shdr sh;
	dt_notes_sec_t ns;
	uint64_t base;
	size_t nph, shstrndx;
	char line[64];

	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ, NULL)) == NULL)
		goto done;
	if (elf_kind(elf) != ELF_K_ELF || gelf_getclass(elf) != ELFCLASS64 ||
	    elf_getphdrnum(elf, &nph) != 0 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		goto end;
	if (nph > DT_PD_PH_MAX) {
		nw.nw_dropped = 1;	/* the daemon would place none of them */
		goto end;
	}
	nw.nw_elf = elf;
	nw.nw_nph = nph;
	deps_write(elf, outfd);
	if ((notes = dt_notes_scn(elf, shstrndx, &base)) == NULL)
		goto end;
	if (gelf_getshdr(notes, &sh) == NULL || sh.sh_size > DT_PD_NSECT_MAX) {
		nw.nw_dropped = 1;
		goto end;
	}
	if (dt_notes_sec(notes, base, &ns) == 0)
		(void) dt_notes_read(&ns, &limits, note_write, &nw);
end:
	elf_end(elf);
done:
	if (nw.nw_skipped > 0) {
		int n = snprintf(line, sizeof (line), "S %lu\n", nw.nw_skipped);

		out_write(outfd, line, (size_t)n);
	}
	if (nw.nw_dropped > 0) {
		int n = snprintf(line, sizeof (line), "D %lu\n", nw.nw_dropped);

		out_write(outfd, line, (size_t)n);
	}
	out_write(outfd, "E\n", 2);
}

/* ---- in the daemon ------------------------------------------------------ */

int
dt_pd_segs_read(int fd, dt_pd_segs_t *pg)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph[DT_PD_PH_MAX];
	struct stat st;
	size_t len;

	pg->pg_n = 0;
	pg->pg_size = 0;
	if (fstat(fd, &st) != 0 || st.st_size < (off_t)sizeof (eh) ||
	    pread(fd, &eh, sizeof (eh), 0) != (ssize_t)sizeof (eh))
		return (-1);
	pg->pg_size = (uint64_t)st.st_size;
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh.e_phentsize != sizeof (Elf64_Phdr) ||
	    eh.e_phnum > DT_PD_PH_MAX || eh.e_phoff >= pg->pg_size)
		return (-1);
	len = (size_t)eh.e_phnum * sizeof (Elf64_Phdr);
	if (len > pg->pg_size - eh.e_phoff ||
	    pread(fd, ph, len, (off_t)eh.e_phoff) != (ssize_t)len)
		return (-1);
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		pg->pg_seg[pg->pg_n].ps_off = ph[i].p_offset;
		pg->pg_seg[pg->pg_n].ps_filesz = ph[i].p_filesz;
		pg->pg_seg[pg->pg_n++].ps_flags = ph[i].p_flags;
	}
	return (0);
}

/* Is file offset off inside the file and a segment with the flags want? */
static bool
seg_holds(const dt_pd_segs_t *pg, uint64_t off, uint32_t want)
{
	if (off >= pg->pg_size)
		return (false);
	for (unsigned int i = 0; i < pg->pg_n; i++) {
		const dt_pd_seg_t *ps = &pg->pg_seg[i];

		if ((ps->ps_flags & want) == want && off >= ps->ps_off &&
		    off - ps->ps_off < ps->ps_filesz)
			return (true);
	}
	return (false);
}

/* A hex number of at most 16 digits ended by a space at *pp, in *vp. */
static bool
hex_field(const char **pp, const char *end, uint64_t *vp)
{
	const char *p = *pp;
	uint64_t v = 0;
	size_t n = 0;

	while (p < end && isxdigit((unsigned char)*p) && !isupper(
	    (unsigned char)*p)) {
		v = v << 4 | (uint64_t)(isdigit((unsigned char)*p) ?
		    *p - '0' : *p - 'a' + 10);
		p++;
		n++;
	}
	if (n == 0 || n > 16 || p >= end || *p != ' ')
		return (false);
	*pp = p + 1;
	*vp = v;
	return (true);
}

static bool
ident_field(const char **pp, const char *end)
{
	const char *p = *pp;
	size_t n = 0;

	while (p < end && (isalnum((unsigned char)*p) || *p == '_')) {
		p++;
		n++;
	}
	if (n == 0 || n > NOTE_IDMAX || p >= end || *p != ' ')
		return (false);
	*pp = p + 1;
	return (true);
}

bool
dt_pd_note_valid(const char *line, size_t len, const dt_pd_segs_t *pg)
{
	const char *p = line, *end = line + len;
	uint64_t site, sema;

	/* SITE SEMA PROVIDER NAME, each followed by a space, then specs */
	if (!hex_field(&p, end, &site) || !hex_field(&p, end, &sema) ||
	    !ident_field(&p, end) || !ident_field(&p, end) ||
	    !is_args(p, (size_t)(end - p)))
		return (false);
	return (seg_holds(pg, site, PF_X) && (sema == 0 ||
	    ((sema & 1) == 0 && seg_holds(pg, sema, PF_W))));
}

/* A count after "X " (at most 20 digits): saturated, never negative. */
static unsigned long
count_field(const char *p, size_t len)
{
	unsigned long v = 0;

	for (size_t i = 0; i < len && i < 20 && isdigit((unsigned char)p[i]);
	    i++)
		v = v > (unsigned long)DT_PD_OUTMAX ? v : v * 10 +
		    (unsigned long)(p[i] - '0');
	return (v);
}

/*
 * One L, R or Q line of a child (n bytes, without its newline): kept in
 * pn_deps if it is well formed and within the limits (DT_PD_DEPS_MAX
 * names, one search path of each kind), else counted as skipped.  0, or
 * -1 when out of memory (*pn is then emptied).
 */
static int
deps_keep(dt_pd_notes_t *pn, const char *p, size_t n)
{
	bool name = p[0] == 'L';
	char *nb;

	if (!dt_ldsearch_depstr(p + 2, n - 2, name ? DT_PD_DEPNAME_MAX :
	    DT_PD_DEPPATH_MAX, !name) || (name && (memchr(p + 2, '/',
	    n - 2) != NULL || pn->pn_nneeded == DT_PD_DEPS_MAX))) {
		pn->pn_skipped++;
		return (0);
	}
	if (!name && pn->pn_deps != NULL) {
		/* one of each kind: a second one is a lie */
		for (const char *l = pn->pn_deps; *l != '\0';
		    l = strchr(l, '\n') + 1) {
			if (l[0] == p[0]) {
				pn->pn_skipped++;
				return (0);
			}
		}
	}
	if ((nb = realloc(pn->pn_deps, pn->pn_depslen + n + 2)) == NULL) {
		free(pn->pn_text);
		free(pn->pn_deps);
		memset(pn, 0, sizeof (*pn));
		errno = ENOMEM;
		return (-1);
	}
	memcpy(nb + pn->pn_depslen, p, n);
	nb[pn->pn_depslen + n] = '\n';
	nb[pn->pn_depslen + n + 1] = '\0';
	pn->pn_deps = nb;
	pn->pn_depslen += n + 1;
	pn->pn_nneeded += name;
	return (0);
}

int
dt_pd_notes_parse(const char *out, size_t len, const dt_pd_segs_t *pg,
    dt_pd_notes_t *pn)
{
	const char *p = out, *end = out + len;
	size_t cap = 0;

	memset(pn, 0, sizeof (*pn));
	while (p < end && !pn->pn_done) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n;

		if (nl == NULL)
			break;		/* cut short: not done */
		n = (size_t)(nl - p);
		if (n == 1 && p[0] == 'E') {
			pn->pn_done = true;
		} else if (n > 2 && p[0] == 'S' && p[1] == ' ') {
			pn->pn_skipped += count_field(p + 2, n - 2);
		} else if (n > 2 && p[0] == 'D' && p[1] == ' ') {
			pn->pn_dropped += count_field(p + 2, n - 2);
		} else if (n > 2 && (p[0] == 'L' || p[0] == 'R' ||
		    p[0] == 'Q') && p[1] == ' ') {
			if (deps_keep(pn, p, n) != 0)
				return (-1);
		} else if (n <= 2 || p[0] != 'N' || p[1] != ' ' ||
		    !dt_pd_note_valid(p + 2, n - 2, pg)) {
			pn->pn_skipped++;
		} else if (pn->pn_count >= DT_PD_NOTES_MAX ||
		    pn->pn_len + n + 4 > DT_PD_TEXT_MAX) {
			pn->pn_dropped++;
		} else {
			/* "note " + the line without "N " + "\n" */
			if (pn->pn_len + n + 4 + 1 > cap) {
				size_t nc = cap == 0 ? 4096 : cap * 2;
				char *nb;

				while (nc < pn->pn_len + n + 4 + 1)
					nc *= 2;
				if ((nb = realloc(pn->pn_text, nc)) == NULL) {
					free(pn->pn_text);
					free(pn->pn_deps);
					memset(pn, 0, sizeof (*pn));
					errno = ENOMEM;
					return (-1);
				}
				pn->pn_text = nb;
				cap = nc;
			}
			memcpy(pn->pn_text + pn->pn_len, "note ", 5);
			memcpy(pn->pn_text + pn->pn_len + 5, p + 2, n - 1);
			pn->pn_len += n + 4;
			pn->pn_text[pn->pn_len] = '\0';
			pn->pn_count++;
		}
		p = nl + 1;
	}
	return (0);
}
