/*
 * dt_notes.c: the one reader of stapsdt notes, the USDT probe sites that
 * <sys/sdt.h> (and the header dtrace -h writes) put in .note.stapsdt.
 *
 * Three places read them, and read files of other users: the library
 * when it traces a process (proc/dt_elf.c, as root), dtrace -G when it
 * checks the objects it links (proc/dt_link.c), and dtprobed's sandboxed
 * reader (dtprobed/dt_pd_notes.c).  All three walk the notes here, so
 * that a check is written, fixed and fuzzed once.
 *
 * A note (ELF gABI) is a header of three 32-bit words (owner's size,
 * descriptor's size, type), the owner's bytes, padding to the notes'
 * alignment (4, or 8 for a section aligned on 8: libelf's ELF_T_NHDR8),
 * the descriptor, padding again.  A header whose owner or descriptor
 * would run past the section's end ends the walk: what is left is a
 * tail, reported once (DT_NOTE_TAIL).  A descriptor's size rounded up
 * to the alignment is computed in 32 bits, so that a size that wraps to
 * 0 is refused rather than taken as empty.  The walk never reads outside
 * the section's bytes, and copies what it reads from them (the bytes
 * need no alignment).
 *
 * Notes of owner "stapsdt", type 3, are USDT sites; others are passed
 * over in silence.  The descriptor is three 64-bit addresses (the site,
 * the address .stapsdt.base had at link time, the semaphore: 0 if none)
 * then three NUL-ended strings (provider, name, argument specs).  If the
 * section .stapsdt.base is now elsewhere (prelink), the site moves with
 * it.  A note is passed to the caller's function with why it is not
 * good, in this order:
 *
 *   DT_NOTE_EXCESS     the caller has kept nl_maxnotes: not decoded
 *   DT_NOTE_TRUNCATED  shorter than the addresses, a string without its
 *                      NUL, or an empty provider or name
 *   DT_NOTE_IDENT      provider or name is not an identifier of at most
 *                      nl_idmax characters (letters, digits, '_'; a
 *                      leading digit only with DT_NOTES_DIGIT1)
 *   DT_NOTE_ARGS       argument specs are not printable ASCII, or longer
 *                      than nl_argsmax (DT_NOTES_TABS: tabs count as
 *                      printable and the specs end at a newline)
 *
 * The reader allocates nothing and holds no state between calls: the
 * caller decides what a note costs, what to keep and where, and what to
 * say of a bad one (dt_note_reason() has a phrase for each).  What needs
 * the rest of the file (the site in an executable segment, on an
 * instruction; the semaphore in writable data) stays with the caller.
 *
 * The functions at the end find the section with libelf.
 */
#include <ctype.h>
#include <elf.h>
#include <gelf.h>
#include <string.h>

#include "dt_notes.h"

#define DT_NOTE_TYPE	3		/* stapsdt notes: their type */
#define DT_NOTE_OWNER	"stapsdt"	/* and their owner */

/* x rounded up to align (a power of 2), in 32 bits: 0 if it wraps. */
static uint32_t
note_pad32(uint32_t x, size_t align)
{
	return ((x + (uint32_t)(align - 1)) & ~(uint32_t)(align - 1));
}

/*
 * The next string of a note's descriptor at *pos, or NULL if none ends
 * before size.
 */
const char *
dt_note_str(const char *desc, size_t size, size_t *pos)
{
	const char *s = desc + *pos;
	const char *nul;

	if (*pos >= size || (nul = memchr(s, '\0', size - *pos)) == NULL)
		return (NULL);
	*pos += (size_t)(nul - s) + 1;
	return (s);
}

/*
 * Can a description's provider field pat match a USDT provider base
 * followed by some process id (the probes of base in a process are
 * provider "basePID")?  Its literal head, up to a glob character, must
 * agree with base, and what it has beyond base must be digits.  A
 * session arms a file by this test, and dtprobed holds an exec for a
 * session by it (dtprobed/dt_pd_hold.c): both err on the side of yes.
 */
bool
dt_note_provmay(const char *base, const char *pat)
{
	size_t lit = strcspn(pat, "*?[\\"), blen = strlen(base);

	if (lit <= blen)
		return (strncmp(base, pat, lit) == 0);
	if (strncmp(pat, base, blen) != 0)
		return (false);
	for (size_t k = blen; k < lit; k++) {
		if (!isdigit((unsigned char)pat[k]))
			return (false);
	}
	return (true);
}

/*
 * Is s an identifier of 1 to max characters: ASCII letters, digits and
 * '_', not beginning with a digit unless flags has DT_NOTES_DIGIT1?
 */
bool
dt_note_ident(const char *s, size_t max, unsigned int flags)
{
	size_t n = 0;

	for (; s[n] != '\0'; n++) {
		unsigned char c = (unsigned char)s[n];

		if (!(c == '_' || (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9' &&
		    (n > 0 || (flags & DT_NOTES_DIGIT1)))))
			return (false);
	}
	return (n > 0 && n <= max);
}

/*
 * Are s's bytes printable ASCII, and at most max of them?  With
 * DT_NOTES_TABS, tabs are allowed and only the bytes before the first
 * newline count.
 */
bool
dt_note_printable(const char *s, size_t max, unsigned int flags)
{
	bool tabs = (flags & DT_NOTES_TABS) != 0;
	size_t n = 0;

	for (; s[n] != '\0' && !(tabs && s[n] == '\n'); n++) {
		unsigned char c = (unsigned char)s[n];

		if ((c < 0x20 && !(tabs && c == '\t')) || c > 0x7e)
			return (false);
	}
	return (n <= max);
}

/* One stapsdt descriptor of size bytes, into *dn. */
static dt_note_err_t
note_decode(const char *desc, size_t size, uint64_t base,
    const dt_notes_limits_t *nl, dt_note_t *dn)
{
	uint64_t a[3];
	size_t pos = sizeof (a);
	const char *prov, *name, *args;

	if (size < sizeof (a) || (prov = dt_note_str(desc, size, &pos)) ==
	    NULL || (name = dt_note_str(desc, size, &pos)) == NULL ||
	    (args = dt_note_str(desc, size, &pos)) == NULL ||
	    prov[0] == '\0' || name[0] == '\0')
		return (DT_NOTE_TRUNCATED);
	memcpy(a, desc, sizeof (a));
	dn->dn_site = a[0];
	if (base != 0 && a[1] != 0)
		dn->dn_site += base - a[1];
	dn->dn_base = a[1];
	dn->dn_sema = a[2];
	dn->dn_prov = prov;
	dn->dn_name = name;
	dn->dn_args = args;
	if (!dt_note_ident(prov, nl->nl_idmax, nl->nl_flags) ||
	    !dt_note_ident(name, nl->nl_idmax, nl->nl_flags))
		return (DT_NOTE_IDENT);
	if (!dt_note_printable(args, nl->nl_argsmax, nl->nl_flags))
		return (DT_NOTE_ARGS);
	return (DT_NOTE_OK);
}

/*
 * Walk the notes of one section, calling fn for each stapsdt note and
 * for a tail; 0, or -1 as soon as fn returns -1.
 */
int
dt_notes_read(const dt_notes_sec_t *ns, const dt_notes_limits_t *nl,
    dt_notes_f *fn, void *arg)
{
	const char *buf = ns->ns_buf;
	size_t size = buf == NULL ? 0 : ns->ns_size;
	size_t align = ns->ns_align == 8 ? 8 : 4;
	size_t off = 0, kept = 0;
	dt_note_t dn;

	for (;;) {
		Elf64_Nhdr nh;		/* the same for 32-bit files */
		size_t noff, doff;
		uint32_t dpad;
		dt_note_err_t err;
		int rv;

		if (size - off < sizeof (nh))
			break;
		memcpy(&nh, buf + off, sizeof (nh));
		noff = off + sizeof (nh);
		if (nh.n_namesz > size - noff)
			break;
		doff = (noff + nh.n_namesz + align - 1) & ~(align - 1);
		dpad = note_pad32(nh.n_descsz, align);
		if (doff > size || size - doff < dpad ||
		    (dpad == 0 && nh.n_descsz != 0))
			break;
		off = doff + dpad;
		if (nh.n_type != DT_NOTE_TYPE ||
		    nh.n_namesz != sizeof (DT_NOTE_OWNER) ||
		    memcmp(buf + noff, DT_NOTE_OWNER,
		    sizeof (DT_NOTE_OWNER)) != 0)
			continue;
		memset(&dn, 0, sizeof (dn));
		if (kept >= nl->nl_maxnotes)
			err = DT_NOTE_EXCESS;
		else
			err = note_decode(buf + doff, nh.n_descsz, ns->ns_base,
			    nl, &dn);
		if ((rv = fn(&dn, err, arg)) < 0)
			return (-1);
		if (rv > 0 && err != DT_NOTE_EXCESS)
			kept++;
	}
	if (off < size) {
		memset(&dn, 0, sizeof (dn));
		if (fn(&dn, DT_NOTE_TAIL, arg) < 0)
			return (-1);
	}
	return (0);
}

/* Why a note is not good, as a phrase: "USDT probe P:N is skipped: ..." */
const char *
dt_note_reason(dt_note_err_t err)
{
	switch (err) {
	case DT_NOTE_OK:
		return ("it is good");
	case DT_NOTE_EXCESS:
		return ("the file has too many notes");
	case DT_NOTE_TRUNCATED:
		return ("it is truncated");
	case DT_NOTE_IDENT:
		return ("its provider or name is not an identifier");
	case DT_NOTE_ARGS:
		return ("its argument specs are not printable");
	case DT_NOTE_TAIL:
		return ("the section ends in bytes that are no note");
	}
	return ("unknown");
}

/* ---- finding the section (libelf) -------------------------------------- */

/* Is scn a note section named .note.stapsdt? */
bool
dt_notes_is_scn(Elf *elf, size_t shstrndx, Elf_Scn *scn)
{
	GElf_Shdr sh;
	const char *name;

	return (gelf_getshdr(scn, &sh) != NULL && sh.sh_type == SHT_NOTE &&
	    (name = elf_strptr(elf, shstrndx, sh.sh_name)) != NULL &&
	    strcmp(name, ".note.stapsdt") == 0);
}

/*
 * The last .note.stapsdt note section of elf (NULL if none), and in
 * *basep the address of the section .stapsdt.base (0 if none).
 */
Elf_Scn *
dt_notes_scn(Elf *elf, size_t shstrndx, uint64_t *basep)
{
	Elf_Scn *scn = NULL, *notes = NULL;

	*basep = 0;
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
			*basep = sh.sh_addr;
	}
	return (notes);
}

/*
 * The bytes of note section scn, with base (dt_notes_scn()), into *ns; -1
 * if libelf has none for it.
 */
int
dt_notes_sec(Elf_Scn *scn, uint64_t base, dt_notes_sec_t *ns)
{
	Elf_Data *data = elf_getdata(scn, NULL);

	if (data == NULL || data->d_buf == NULL ||
	    (data->d_type != ELF_T_NHDR && data->d_type != ELF_T_NHDR8))
		return (-1);
	ns->ns_buf = data->d_buf;
	ns->ns_size = data->d_size;
	ns->ns_align = data->d_type == ELF_T_NHDR8 ? 8 : 4;
	ns->ns_base = base;
	return (0);
}
