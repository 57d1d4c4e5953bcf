/*
 * dt_pd_notes.c: the stapsdt notes of one ELF file, read in the sandbox.
 *
 * dt_pd_notes_write() runs in the sandboxed child (dt_pd_sandbox.c) on a
 * file the daemon opened: it must survive any bytes, but if it does not,
 * only the child dies.  It reads the notes of owner "stapsdt", type 3 of
 * the .note.stapsdt section (<sys/sdt.h>): three 64-bit addresses (the
 * site, the address .stapsdt.base had at link time, the semaphore) then
 * three NUL-ended strings (provider, name, argument specs).  The site
 * moves with .stapsdt.base if that section moved after linking
 * (prelink).  Addresses become file offsets, which is what uprobes take:
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
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dt_pd.h"

#define NOTE_IDMAX	63		/* provider and name: characters */
#define NOTE_ARGSMAX	511		/* argument specs: characters */

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

/* The file offset of addr in a PT_LOAD segment (executable if exec). */
static int64_t
seg_off(Elf *elf, size_t nph, uint64_t addr, bool exec)
{
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
		    ph.p_type != PT_LOAD || (exec && !(ph.p_flags & PF_X)))
			continue;
		if (addr >= ph.p_vaddr && addr - ph.p_vaddr < ph.p_filesz &&
		    ph.p_offset <= INT64_MAX - (addr - ph.p_vaddr))
			return ((int64_t)(addr - ph.p_vaddr + ph.p_offset));
	}
	return (-1);
}

/* The next string of the descriptor at *pos, or NULL if none ends. */
static const char *
desc_str(const char *d, size_t size, size_t *pos)
{
	const char *s = d + *pos, *nul;

	if (*pos >= size || (nul = memchr(s, '\0', size - *pos)) == NULL)
		return (NULL);
	*pos += (size_t)(nul - s) + 1;
	return (s);
}

static bool
is_ident(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n > NOTE_IDMAX)
		return (false);
	for (size_t i = 0; i < n; i++) {
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return (false);
	}
	return (true);
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

/* One note's descriptor: written as an N line, or false if malformed. */
static bool
note_write(int outfd, Elf *elf, size_t nph, const char *d, size_t size,
    uint64_t base)
{
	uint64_t a[3];
	size_t pos = sizeof (a);
	const char *prov, *name, *args;
	int64_t site, sema = 0;
	char line[NOTE_IDMAX * 2 + NOTE_ARGSMAX + 64];
	int n;

	if (size < sizeof (a) || (prov = desc_str(d, size, &pos)) == NULL ||
	    (name = desc_str(d, size, &pos)) == NULL ||
	    (args = desc_str(d, size, &pos)) == NULL)
		return (false);
	memcpy(a, d, sizeof (a));
	if (base != 0 && a[1] != 0)
		a[0] += base - a[1];
	if (!is_ident(prov) || !is_ident(name) ||
	    !is_args(args, strlen(args)) ||
	    (site = seg_off(elf, nph, a[0], true)) < 0 ||
	    (a[2] != 0 && (sema = seg_off(elf, nph, a[2], false)) <= 0))
		return (false);
	n = snprintf(line, sizeof (line), "N %llx %llx %s %s %s\n",
	    (unsigned long long)site, (unsigned long long)sema, prov, name,
	    args);
	if (n < 0 || (size_t)n >= sizeof (line))
		return (false);
	out_write(outfd, line, (size_t)n);
	return (true);
}

void
dt_pd_notes_write(int fd, int outfd)
{
	Elf *elf;
	Elf_Scn *scn = NULL, *notes = NULL;
	Elf_Data *data;
	GElf_Nhdr nh;
	uint64_t base = 0;
	size_t nph, shstrndx, off = 0, next, noff, doff;
	unsigned long skipped = 0;
	char line[64];

	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL)
		goto done;
	if (elf_kind(elf) != ELF_K_ELF || gelf_getclass(elf) != ELFCLASS64 ||
	    elf_getphdrnum(elf, &nph) != 0 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		goto end;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;

		if (gelf_getshdr(scn, &sh) == NULL ||
		    (name = elf_strptr(elf, shstrndx, sh.sh_name)) == NULL)
			continue;
		if (sh.sh_type == SHT_NOTE &&
		    strcmp(name, ".note.stapsdt") == 0)
			notes = scn;
		else if (strcmp(name, ".stapsdt.base") == 0)
			base = sh.sh_addr;
	}
	if (notes == NULL || (data = elf_getdata(notes, NULL)) == NULL ||
	    data->d_buf == NULL)
		goto end;
	while ((next = gelf_getnote(data, off, &nh, &noff, &doff)) != 0) {
		const char *d = data->d_buf;

		off = next;
		if (nh.n_type != 3 || nh.n_namesz != sizeof ("stapsdt") ||
		    memcmp(d + noff, "stapsdt", sizeof ("stapsdt")) != 0)
			continue;
		if (!note_write(outfd, elf, nph, d + doff, nh.n_descsz, base))
			skipped++;
	}
	/* a last note that gelf_getnote() found truncated */
	if (off < data->d_size)
		skipped++;
end:
	elf_end(elf);
done:
	if (skipped > 0) {
		int n = snprintf(line, sizeof (line), "S %lu\n", skipped);

		out_write(outfd, line, (size_t)n);
	}
	out_write(outfd, "E\n", 2);
}

/* A hex number of at most 16 digits ended by a space at *pp. */
static bool
hex_field(const char **pp, const char *end)
{
	const char *p = *pp;
	size_t n = 0;

	while (p < end && isxdigit((unsigned char)*p) && !isupper(
	    (unsigned char)*p)) {
		p++;
		n++;
	}
	if (n == 0 || n > 16 || p >= end || *p != ' ')
		return (false);
	*pp = p + 1;
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
dt_pd_note_valid(const char *line, size_t len)
{
	const char *p = line, *end = line + len;

	/* SITE SEMA PROVIDER NAME, each followed by a space, then specs */
	if (!hex_field(&p, end) || !hex_field(&p, end) ||
	    !ident_field(&p, end) || !ident_field(&p, end))
		return (false);
	return (is_args(p, (size_t)(end - p)));
}
