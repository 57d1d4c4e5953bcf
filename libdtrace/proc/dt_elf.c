/*
 * dt_elf.c: the function symbols of an ELF64 file, for the pid provider.
 *
 * A file's symbols are read once per session and kept on the handle,
 * keyed by the file's identity (device, inode; the cache is
 * dt_elf_cache.c): the same libc mapped by several traced processes, or
 * named by several probe descriptions, is read once.  Both .symtab and .dynsym are read (a stripped file has only
 * .dynsym, and the .symtab of its separate debug file, when one is
 * installed: debug_open()); a symbol counts when it is a function (STT_FUNC or
 * STT_GNU_IFUNC) defined in the file with an address.  Versioned names
 * ("memcpy@GLIBC_2.2.5", "@@" for the default version) lose their
 * version, and each name is kept once (the first definition found, the
 * .symtab one when both tables have it).
 *
 * Each symbol carries its file offset, which is what a uprobe needs: the
 * symbol's address converted through the PT_LOAD program header that
 * holds it (p_vaddr -> p_offset), so that PIE and non-PIE files are alike.
 *
 * The same read collects the file's stapsdt USDT probe sites, the notes
 * (owner "stapsdt", type 3) of its .note.stapsdt section that <sys/sdt.h>
 * emits: three 64-bit addresses (site, the address .stapsdt.base had at
 * link time, semaphore) and three strings (provider, name, argument
 * specs).  The shared note reader (dt_notes.c, also dtrace -G's and
 * dtprobed's) walks and decodes them, with this file's limits: at most
 * DT_ELF_MAXNOTES notes, identifiers of DT_ELF_IDMAX characters, specs of
 * DT_ELF_ARGSMAX.  If .stapsdt.base has moved since (prelink), the site
 * moves with it.  The site becomes a file offset through the executable
 * PT_LOAD segment that holds it, the semaphore (a 2-byte counter in
 * .probes) through the PT_LOAD segment with file bytes that holds it:
 * the kernel's uprobe reference counters are file offsets.  A note that
 * is truncated, or whose addresses no segment holds, is skipped with a
 * warning naming the file.  Each site is given its enclosing function,
 * the symbol whose [value, value + size) holds it.
 *
 * Probes of providers declared in D (dtrace -h and -G, dt_link.c) are
 * stapsdt notes like the others; the object -G made adds a note per
 * probe (owner "dtrace", type DT_NOTE_ARGTYPES, in .note.dtrace-types)
 * with the declared argument types: provider, name, the native types, the
 * translated types and the native argument each translates.  A site
 * whose provider and name have such a note, with as many native
 * arguments as its specs, gets it as en_types.  A malformed type note is
 * skipped with a warning.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "../core/dt_impl.h"
#include "dt_proc.h"
#include "dt_notes.h"
#include "dt_elf_impl.h"
#include "../dlang/dt_provdecl.h"

/*
 * Bounds on what one file, which may be anyone's, can cost a session.
 */
#define DT_ELF_MAXNOTES	16384		/* USDT notes (and type notes) */
#define DT_ELF_IDMAX	63		/* provider, name: characters */
#define DT_ELF_ARGSMAX	511		/* argument specs: characters */
#define DT_ELF_MAXDECODE (64 << 20)	/* bytes of code walked per file */
#define DT_ELF_MAXDEBUG	(4ULL << 30)	/* a debug link's file: bytes */

static int
sym_cmp(const void *a, const void *b)
{
	const dt_elfsym_t *x = a, *y = b;
	int c = strcmp(x->es_name, y->es_name);

	if (c != 0)
		return (c);
	return (x->es_order < y->es_order ? -1 : x->es_order > y->es_order);
}

/* What one read of a file carries along. */
typedef struct dt_elfread {
	dtrace_hdl_t *er_dtp;		/* the session */
	dt_elf_t *er_ef;		/* what is read */
	Elf *er_elf;			/* the file */
	size_t er_nph;			/* its program headers */
	const char *er_path;		/* its path, for messages */
	size_t er_cap;			/* room in ef_notes */
} dt_elfread_t;

/*
 * The file offset of address addr, or -1 if no PT_LOAD segment holds it
 * in bytes that are in the file: an executable segment's if want is
 * PF_X, a writable one's if PF_W, any if 0.
 */
static int64_t
addr_to_off_in(Elf *elf, size_t nph, uint64_t fsize, uint64_t addr,
    uint32_t want)
{
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
		    ph.p_type != PT_LOAD || (ph.p_flags & want) != want ||
		    ph.p_offset > fsize || ph.p_filesz > fsize - ph.p_offset)
			continue;
		if (addr >= ph.p_vaddr && addr - ph.p_vaddr < ph.p_filesz)
			return ((int64_t)(addr - ph.p_vaddr + ph.p_offset));
	}
	return (-1);
}

static int64_t
addr_to_off(Elf *elf, size_t nph, uint64_t addr)
{
	return (addr_to_off_in(elf, nph, UINT64_MAX, addr, PF_X));
}

/*
 * The path of a file as its process sees it: without the /proc/PID/root
 * through which a process's files are opened.
 */
const char *
dt_elf_shown_path(const char *path)
{
	const char *r;

	if (strncmp(path, "/proc/", 6) != 0 ||
	    (r = strchr(path + 6, '/')) == NULL || strncmp(r, "/root/", 6) != 0)
		return (path);
	return (r + 5);
}

/*
 * s made safe to print, in buf: a byte that is not printable ASCII, and
 * the backslash, become \xHH, so that a name another user chose (a file
 * name, a note's strings) cannot send escape sequences to a terminal.
 * What does not fit is cut, with "..." at the end.
 */
void
dt_strvis(char *buf, size_t len, const char *s)
{
	size_t n = 0;

	if (len == 0)
		return;
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		size_t need = c < 0x20 || c > 0x7e || c == '\\' ? 4 : 1;

		if (n + need + 4 > len) {
			if (len >= 4)
				n = len - 4 < n ? len - 4 : n;
			memcpy(buf + n, len >= 4 ? "..." : "", len >= 4 ? 3 :
			    0);
			n += len >= 4 ? 3 : 0;
			break;
		}
		if (need == 4)
			snprintf(buf + n, 5, "\\x%02x", c);
		else
			buf[n] = (char)c;
		n += need;
	}
	buf[n] = '\0';
}

/*
 * A warning about the file being read, its path escaped; after
 * DT_ELF_MAXWARN of them the rest are counted, and told in one line
 * (read_warned()), so that a file of a hundred thousand bad notes gives a
 * few lines; the session shows at most DT_ELF_MAXWARNALL about all files
 * (dt_elf_warn_ok()).
 */
static void
read_warn(dt_elfread_t *er, const char *fmt, ...)
{
	char path[256], msg[512];
	va_list ap;

	if (er->er_ef->ef_nwarn++ >= DT_ELF_MAXWARN ||
	    !dt_elf_warn_ok(er->er_dtp))
		return;
	dt_strvis(path, sizeof (path), dt_elf_shown_path(er->er_path));
	va_start(ap, fmt);
	vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	dt_msg(er->er_dtp, DTRACE_MSG_WARNING, "%s: %s", path, msg);
}

/* The line that counts the warnings read_warn() did not show. */
static void
read_warned(dt_elfread_t *er)
{
	char path[256];

	if (er->er_ef->ef_nwarn <= DT_ELF_MAXWARN ||
	    !dt_elf_warn_ok(er->er_dtp))
		return;
	dt_strvis(path, sizeof (path), dt_elf_shown_path(er->er_path));
	dt_msg(er->er_dtp, DTRACE_MSG_WARNING, "%s: %u more warnings about "
	    "its USDT notes are not shown", path,
	    er->er_ef->ef_nwarn - DT_ELF_MAXWARN);
}

/*
 * One stapsdt note from the shared reader (dt_notes.c), appended if
 * good; a malformed one is skipped with a warning: its provider and name
 * must be identifiers, its argument specs printable (the reader's
 * checks), its site in an executable segment's bytes in the file, its
 * semaphore (a 2-byte counter) in a writable segment's, 2-byte aligned.
 * Whether the site is an instruction's first byte is checked once all
 * notes are read (notes_check()).  1 if appended.
 */
static int
note_add(const dt_note_t *dn, dt_note_err_t err, void *arg)
{
	dt_elfread_t *er = arg;
	dt_elf_t *ef = er->er_ef;
	int64_t off, soff = 0;
	dt_elfnote_t *en;
	char *p;

	switch (err) {
	case DT_NOTE_OK:
		break;
	case DT_NOTE_EXCESS:
		read_warn(er, "USDT notes after the first %d are skipped",
		    DT_ELF_MAXNOTES);
		return (0);
	case DT_NOTE_TRUNCATED:
		read_warn(er, "a truncated USDT note is skipped");
		return (0);
	case DT_NOTE_IDENT:
	case DT_NOTE_ARGS: {
		char vp[80], vn[80];

		dt_strvis(vp, sizeof (vp), dn->dn_prov);
		dt_strvis(vn, sizeof (vn), dn->dn_name);
		read_warn(er, "USDT probe %s:%s is skipped: %s", vp, vn,
		    dt_note_reason(err));
		return (0);
	}
	case DT_NOTE_TAIL:
		return (0);	/* a last note cut short: not one */
	}
	if ((off = addr_to_off_in(er->er_elf, er->er_nph, ef->ef_size,
	    dn->dn_site, PF_X)) < 0) {
		read_warn(er, "USDT probe %s:%s is skipped: its address 0x%llx "
		    "is not in an executable segment of the file", dn->dn_prov,
		    dn->dn_name, (unsigned long long)dn->dn_site);
		return (0);
	}
	if (dn->dn_sema != 0 && ((soff = addr_to_off_in(er->er_elf,
	    er->er_nph, ef->ef_size, dn->dn_sema, PF_W)) <= 0 ||
	    (soff & 1) != 0 || (uint64_t)soff > ef->ef_size - 2)) {
		read_warn(er, "USDT probe %s:%s is skipped: its semaphore "
		    "0x%llx is not an aligned counter in a writable segment "
		    "of the file", dn->dn_prov, dn->dn_name,
		    (unsigned long long)dn->dn_sema);
		return (0);
	}
	if (ef->ef_nnotes == er->er_cap) {
		dt_elfnote_t *nn = realloc(ef->ef_notes, (er->er_cap =
		    er->er_cap * 2 + 16) * sizeof (dt_elfnote_t));

		if (nn == NULL)
			return (dt_set_errno(er->er_dtp, EDT_NOMEM));
		ef->ef_notes = nn;
	}
	en = &ef->ef_notes[ef->ef_nnotes];
	memset(en, 0, sizeof (*en));
	en->en_prov = strdup(dn->dn_prov);
	en->en_name = strdup(dn->dn_name);
	en->en_args = strdup(dn->dn_args);
	if (en->en_prov == NULL || en->en_name == NULL || en->en_args == NULL) {
		free(en->en_prov);
		free(en->en_name);
		free(en->en_args);
		return (dt_set_errno(er->er_dtp, EDT_NOMEM));
	}
	/* DTrace's probe names: "__" becomes "-" */
	for (p = en->en_name; (p = strstr(p, "__")) != NULL; p++) {
		memmove(p, p + 1, strlen(p + 1) + 1);
		*p = '-';
	}
	en->en_func = "";
	en->en_addr = dn->dn_site;
	en->en_off = (uint64_t)off;
	en->en_sema = (uint64_t)soff;
	en->en_args[strcspn(en->en_args, "\n")] = '\0';
	ef->ef_nnotes++;
	return (1);
}

/* Read the stapsdt notes of the file, with the shared reader. */
static int
read_notes(dt_elfread_t *er)
{
	static const dt_notes_limits_t limits = {
		.nl_maxnotes = DT_ELF_MAXNOTES,
		.nl_idmax = DT_ELF_IDMAX,
		.nl_argsmax = DT_ELF_ARGSMAX,
		.nl_flags = DT_NOTES_TABS,
	};
	Elf_Scn *notes;
	dt_notes_sec_t ns;
	uint64_t base;
	size_t shstrndx;

	if (elf_getshdrstrndx(er->er_elf, &shstrndx) != 0 ||
	    (notes = dt_notes_scn(er->er_elf, shstrndx, &base)) == NULL ||
	    dt_notes_sec(notes, base, &ns) != 0)
		return (0);
	return (dt_notes_read(&ns, &limits, note_add, er));
}

static void
types_free(dt_elftypes_t *et)
{
	if (et == NULL)
		return;
	for (int i = 0; i < DT_MAXARGS; i++) {
		free(et->et_nargv[i]);
		free(et->et_xargv[i]);
	}
	free(et->et_prov);
	free(et->et_name);
	free(et);
}

/* A count (0 .. DT_MAXARGS) or an index of a type note; -1 if not one. */
static int
note_num(const char *s, int max)
{
	char *end;
	long v;

	if (s == NULL || *s == '\0')
		return (-1);
	v = strtol(s, &end, 10);
	return (*end != '\0' || v < 0 || v > max ? -1 : (int)v);
}

/* Parse one argument types note; -1 if malformed (or out of memory). */
static int
types_parse(const char *desc, size_t size, dt_elftypes_t *et)
{
	size_t pos = 0;
	const char *s;
	char *p;

	if ((s = dt_note_str(desc, size, &pos)) == NULL ||
	    !dt_note_ident(s, DT_ELF_IDMAX, 0) ||
	    (et->et_prov = strdup(s)) == NULL ||
	    (s = dt_note_str(desc, size, &pos)) == NULL ||
	    !dt_note_ident(s, DT_ELF_IDMAX, 0) ||
	    (et->et_name = strdup(s)) == NULL ||
	    (et->et_nargc = note_num(dt_note_str(desc, size, &pos),
	    DT_MAXARGS)) < 0)
		return (-1);
	for (int i = 0; i < et->et_nargc; i++) {
		if ((s = dt_note_str(desc, size, &pos)) == NULL ||
		    !dt_note_printable(s, DT_ELF_ARGSMAX, DT_NOTES_TABS) ||
		    (et->et_nargv[i] = strdup(s)) == NULL)
			return (-1);
	}
	if ((et->et_xargc = note_num(dt_note_str(desc, size, &pos),
	    DT_MAXARGS)) < 0)
		return (-1);
	for (int i = 0; i < et->et_xargc; i++) {
		int m;

		if ((s = dt_note_str(desc, size, &pos)) == NULL ||
		    !dt_note_printable(s, DT_ELF_ARGSMAX, DT_NOTES_TABS) ||
		    (et->et_xargv[i] = strdup(s)) == NULL ||
		    (m = note_num(dt_note_str(desc, size, &pos),
		    et->et_nargc - 1)) < 0)
			return (-1);
		et->et_xmap[i] = (uint8_t)m;
	}
	for (p = et->et_name; (p = strstr(p, "__")) != NULL; p++) {
		memmove(p, p + 1, strlen(p + 1) + 1);
		*p = '-';
	}
	return (0);
}

/* Read the argument type notes of the file (.note.dtrace-types). */
static int
read_types(dt_elfread_t *er)
{
	dtrace_hdl_t *dtp = er->er_dtp;
	dt_elf_t *ef = er->er_ef;
	Elf *elf = er->er_elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx, cap = 0;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return (0);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *data;
		size_t off = 0, next, noff, doff;
		GElf_Nhdr nh;

		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE ||
		    (name = elf_strptr(elf, shstrndx, sh.sh_name)) == NULL ||
		    strcmp(name, ".note.dtrace-types") != 0 ||
		    (data = elf_getdata(scn, NULL)) == NULL)
			continue;
		while ((next = gelf_getnote(data, off, &nh, &noff, &doff)) !=
		    0) {
			const char *d = data->d_buf;
			dt_elftypes_t *et;

			off = next;
			if (nh.n_type != DT_NOTE_ARGTYPES ||
			    nh.n_namesz != sizeof (DT_NOTE_OWNER) ||
			    memcmp(d + noff, DT_NOTE_OWNER,
			    sizeof (DT_NOTE_OWNER)) != 0)
				continue;
			if ((et = calloc(1, sizeof (*et))) == NULL)
				return (dt_set_errno(dtp, EDT_NOMEM));
			if (ef->ef_ntypes >= DT_ELF_MAXNOTES) {
				types_free(et);
				read_warn(er, "USDT argument types notes after "
				    "the first %d are skipped",
				    DT_ELF_MAXNOTES);
				break;
			}
			if (types_parse(d + doff, nh.n_descsz, et) != 0) {
				types_free(et);
				read_warn(er, "a malformed USDT argument types "
				    "note is skipped");
				continue;
			}
			if (ef->ef_ntypes == cap) {
				dt_elftypes_t **nt = realloc(ef->ef_types,
				    (cap = cap * 2 + 8) * sizeof (*nt));

				if (nt == NULL) {
					types_free(et);
					return (dt_set_errno(dtp, EDT_NOMEM));
				}
				ef->ef_types = nt;
			}
			ef->ef_types[ef->ef_ntypes++] = et;
		}
	}
	return (0);
}

/* The number of argument specs of a note. */
static int
note_nargs(const char *args)
{
	int n = 0;

	for (const char *s = args; *s != '\0';) {
		s += strspn(s, " \t");
		if (*s == '\0')
			break;
		n++;
		s += strcspn(s, " \t");
	}
	return (n);
}

/* Give each site of a declared probe its argument types. */
static void
notes_types(dt_elf_t *ef)
{
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		dt_elfnote_t *en = &ef->ef_notes[i];

		for (size_t j = 0; j < ef->ef_ntypes; j++) {
			const dt_elftypes_t *et = ef->ef_types[j];

			if (strcmp(et->et_prov, en->en_prov) == 0 &&
			    strcmp(et->et_name, en->en_name) == 0 &&
			    et->et_nargc == note_nargs(en->en_args)) {
				en->en_types = et;
				break;
			}
		}
	}
}

/*
 * Order of ef_syms indexes by file offset, then the names of one address
 * as DTrace prefers them: a global or weak one before a static one, then
 * the one with the fewest leading underscores (write before __write),
 * then the order read.
 */
static int
alias_cmp(const void *a, const void *b, void *arg)
{
	const dt_elfsym_t *x = &((const dt_elfsym_t *)arg)[*(const uint32_t *)a];
	const dt_elfsym_t *y = &((const dt_elfsym_t *)arg)[*(const uint32_t *)b];
	size_t ux = strspn(x->es_name, "_"), uy = strspn(y->es_name, "_");

	if (x->es_off != y->es_off)
		return (x->es_off < y->es_off ? -1 : 1);
	if (x->es_local != y->es_local)
		return (x->es_local ? 1 : -1);
	if (ux != uy)
		return (ux < uy ? -1 : 1);
	return (x->es_order < y->es_order ? -1 : x->es_order > y->es_order);
}

/*
 * Link the names of each address (aliases: go and its weak _go, write
 * and __write): es_canon is the preferred one (alias_cmp()), es_alias
 * the next of a ring through them all.  A name alone is its own.
 */
static int
elf_aliases(dtrace_hdl_t *dtp, dt_elf_t *ef)
{
	uint32_t *idx;
	size_t i, j;

	if (ef->ef_nsyms == 0)
		return (0);
	if ((idx = malloc(ef->ef_nsyms * sizeof (uint32_t))) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	for (i = 0; i < ef->ef_nsyms; i++)
		idx[i] = (uint32_t)i;
	qsort_r(idx, ef->ef_nsyms, sizeof (uint32_t), alias_cmp, ef->ef_syms);
	for (i = 0; i < ef->ef_nsyms; i = j) {
		for (j = i + 1; j < ef->ef_nsyms &&
		    ef->ef_syms[idx[j]].es_off == ef->ef_syms[idx[i]].es_off;
		    j++)
			;
		for (size_t k = i; k < j; k++) {
			ef->ef_syms[idx[k]].es_canon = idx[i];
			ef->ef_syms[idx[k]].es_alias = idx[k + 1 < j ? k + 1 : i];
		}
	}
	free(idx);
	return (0);
}

/* Order of ef_syms indexes by address, then by name (their order). */
static int
byaddr_cmp(const void *a, const void *b, void *arg)
{
	const dt_elfsym_t *syms = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (syms[x].es_value != syms[y].es_value)
		return (syms[x].es_value < syms[y].es_value ? -1 : 1);
	return (x < y ? -1 : x > y);
}

/* A note's place: where the walk to its site starts and must end. */
typedef struct dt_noteplace {
	uint64_t np_start;		/* a known instruction start */
	uint64_t np_end;		/* the end of its function or section */
	uint64_t np_off;		/* the site */
	uint32_t np_note;		/* index in ef_notes */
} dt_noteplace_t;

static int
place_cmp(const void *a, const void *b)
{
	const dt_noteplace_t *x = a, *y = b;

	if (x->np_start != y->np_start)
		return (x->np_start < y->np_start ? -1 : 1);
	return (x->np_off < y->np_off ? -1 : x->np_off > y->np_off);
}

/*
 * Find the function whose bytes hold the site of note en (the first by
 * name of those that start last before it): its name is en_func, its
 * bytes [*start, *end) in the file.  A site no function holds gets the
 * bytes of the executable section that holds it; false if none does.
 */
static bool
note_func(dt_elfread_t *er, const uint32_t *byaddr, dt_elfnote_t *en,
    uint64_t *start, uint64_t *end)
{
	const dt_elf_t *ef = er->er_ef;
	size_t lo = 0, hi = ef->ef_nsyms;
	Elf_Scn *scn = NULL;

	while (lo < hi) {	/* the first that starts after the site */
		size_t mid = (lo + hi) / 2;

		if (ef->ef_syms[byaddr[mid]].es_value <= en->en_addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0) {
		uint64_t v = ef->ef_syms[byaddr[lo - 1]].es_value;

		while (lo > 1 && ef->ef_syms[byaddr[lo - 2]].es_value == v)
			lo--;
		for (; lo <= ef->ef_nsyms &&
		    ef->ef_syms[byaddr[lo - 1]].es_value == v; lo++) {
			const dt_elfsym_t *es = &ef->ef_syms[byaddr[lo - 1]];

			if (en->en_addr - v < es->es_size) {
				en->en_func = es->es_name;
				*start = es->es_off;
				*end = es->es_off + es->es_size;
				return (true);
			}
		}
	}
	while ((scn = elf_nextscn(er->er_elf, scn)) != NULL) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) != NULL &&
		    sh.sh_type == SHT_PROGBITS &&
		    (sh.sh_flags & SHF_EXECINSTR) &&
		    en->en_off >= sh.sh_offset &&
		    en->en_off - sh.sh_offset < sh.sh_size) {
			*start = sh.sh_offset;
			*end = sh.sh_offset + sh.sh_size;
			return (true);
		}
	}
	return (false);
}

/*
 * Give each note its function, and keep only the notes whose site is
 * the first byte of an instruction, found by walking the code from the
 * start of the function (or else the executable section) that holds it
 * with the instruction-length decoder: a uprobe placed inside an
 * instruction would corrupt every process that runs it.  The sites of
 * one function are walked in one pass; DT_ELF_MAXDECODE bytes of code
 * in all bound what a file can cost.
 */
static int
notes_place(dt_elfread_t *er)
{
	dt_elf_t *ef = er->er_ef;
	size_t isize, n = 0, budget = DT_ELF_MAXDECODE;
	const uint8_t *img = (const uint8_t *)elf_rawfile(er->er_elf, &isize);
	uint32_t *byaddr = NULL;
	dt_noteplace_t *pl;
	uint64_t rstart = UINT64_MAX, at = 0;
	bool *bad = NULL;

	if (ef->ef_nnotes == 0)
		return (0);
	if ((pl = calloc(ef->ef_nnotes, sizeof (*pl))) == NULL ||
	    (bad = calloc(ef->ef_nnotes, sizeof (*bad))) == NULL ||
	    (ef->ef_nsyms > 0 && (byaddr = calloc(ef->ef_nsyms,
	    sizeof (uint32_t))) == NULL)) {
		free(pl);
		free(bad);
		return (dt_set_errno(er->er_dtp, EDT_NOMEM));
	}
	for (size_t i = 0; i < ef->ef_nsyms; i++)
		byaddr[i] = (uint32_t)i;
	if (ef->ef_nsyms > 1)
		qsort_r(byaddr, ef->ef_nsyms, sizeof (uint32_t), byaddr_cmp,
		    ef->ef_syms);
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		dt_elfnote_t *en = &ef->ef_notes[i];
		uint64_t start, end;

		if (img == NULL || !note_func(er, byaddr, en, &start, &end)) {
			bad[i] = true;
			read_warn(er, "USDT probe %s:%s is skipped: no function "
			    "or executable section holds its site 0x%llx",
			    en->en_prov, en->en_name,
			    (unsigned long long)en->en_addr);
			continue;
		}
		pl[n].np_start = start;
		pl[n].np_end = end < isize ? end : isize;
		pl[n].np_off = en->en_off;
		pl[n++].np_note = (uint32_t)i;
	}
	/*
	 * By function, then by site: the walk of a function goes on from
	 * the last site, the first instruction start at or after it.
	 */
	qsort(pl, n, sizeof (*pl), place_cmp);
	for (size_t k = 0; k < n; k++) {
		dt_elfnote_t *en = &ef->ef_notes[pl[k].np_note];
		uint64_t off = en->en_off, end = pl[k].np_end;
		int len = 0;

		if (pl[k].np_start != rstart) {
			rstart = pl[k].np_start;
			at = rstart;
		}
		while (at < off && at < end && budget > 0) {
			if ((len = dt_x86_insnlen(img + at, end - at)) < 0)
				break;
			at += (uint64_t)len;
			budget = (size_t)len < budget ? budget - (size_t)len : 0;
		}
		if (at == off && off < end && dt_x86_insnlen(img + off,
		    end - off) > 0)
			continue;
		bad[pl[k].np_note] = true;
		read_warn(er, "USDT probe %s:%s is skipped: its site 0x%llx "
		    "is not %s of an instruction%s%s", en->en_prov, en->en_name,
		    (unsigned long long)en->en_addr, budget == 0 ?
		    "known (too much code to decode) to be the start" :
		    "the start", en->en_func[0] != '\0' ? " of function " : "",
		    en->en_func);
	}
	n = 0;
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		if (!bad[i]) {
			ef->ef_notes[n++] = ef->ef_notes[i];
			continue;
		}
		free(ef->ef_notes[i].en_prov);
		free(ef->ef_notes[i].en_name);
		free(ef->ef_notes[i].en_args);
	}
	ef->ef_nnotes = n;
	free(byaddr);
	free(pl);
	free(bad);
	return (0);
}

/*
 * Is a symbol's name printable ASCII with no blank?  Names are shown as
 * probe functions and in stacks: one with control bytes (another user
 * may have written the file) is left out.
 */
static bool
sym_printable(const char *s)
{
	for (; *s != '\0'; s++) {
		if ((unsigned char)*s <= 0x20 || (unsigned char)*s > 0x7e)
			return (false);
	}
	return (true);
}

/*
 * Append the functions of one symbol table section of elf; addresses
 * become file offsets through the program headers of phelf (the file
 * itself, or the file a separate debug file describes).
 */
static int
read_symtab(dtrace_hdl_t *dtp, dt_elf_t *ef, Elf *elf, Elf *phelf,
    Elf_Scn *scn, GElf_Shdr *sh, size_t nph, size_t *cap)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n;

	if (data == NULL || sh->sh_entsize == 0)
		return (0);
	n = sh->sh_size / sh->sh_entsize;
	for (size_t i = 1; i < n; i++) {
		GElf_Sym sym;
		const char *name;
		size_t len;
		int64_t off;
		int type;

		if (gelf_getsym(data, (int)i, &sym) == NULL)
			continue;
		type = GELF_ST_TYPE(sym.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
		    sym.st_shndx == SHN_UNDEF || sym.st_value == 0)
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (name == NULL || name[0] == '\0' || !sym_printable(name))
			continue;
		if ((off = addr_to_off(phelf, nph, sym.st_value)) < 0)
			continue;
		len = strcspn(name, "@");
		if (ef->ef_nsyms == *cap) {
			dt_elfsym_t *ns = realloc(ef->ef_syms, (*cap = *cap *
			    2 + 256) * sizeof (dt_elfsym_t));

			if (ns == NULL)
				return (dt_set_errno(dtp, EDT_NOMEM));
			ef->ef_syms = ns;
		}
		if ((ef->ef_syms[ef->ef_nsyms].es_name = strndup(name,
		    len)) == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		ef->ef_syms[ef->ef_nsyms].es_value = sym.st_value;
		ef->ef_syms[ef->ef_nsyms].es_size = sym.st_size;
		ef->ef_syms[ef->ef_nsyms].es_off = (uint64_t)off;
		ef->ef_syms[ef->ef_nsyms].es_order = (uint32_t)ef->ef_nsyms;
		ef->ef_syms[ef->ef_nsyms].es_local =
		    GELF_ST_BIND(sym.st_info) == STB_LOCAL;
		ef->ef_nsyms++;
	}
	return (0);
}

void
dt_elf_free(dt_elf_t *ef)
{
	if (ef == NULL)
		return;
	for (size_t i = 0; i < ef->ef_nsyms; i++)
		free(ef->ef_syms[i].es_name);
	free(ef->ef_syms);
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		free(ef->ef_notes[i].en_prov);
		free(ef->ef_notes[i].en_name);
		free(ef->ef_notes[i].en_args);
	}
	free(ef->ef_notes);
	for (size_t i = 0; i < ef->ef_ntypes; i++)
		types_free(ef->ef_types[i]);
	free(ef->ef_types);
	if (ef->ef_fd >= 0)
		close(ef->ef_fd);	/* opened by dt_elf_lookup_fd()'s caller */
	free(ef);
}

/* The section named name, or NULL. */
static Elf_Scn *
section(Elf *elf, const char *name)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return (NULL);
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *n;

		if (gelf_getshdr(scn, &sh) != NULL &&
		    (n = elf_strptr(elf, shstrndx, sh.sh_name)) != NULL &&
		    strcmp(n, name) == 0)
			return (scn);
	}
	return (NULL);
}

/*
 * Open path for reading, never blocking (a FIFO), never making it our
 * controlling terminal.
 */
int
dt_elf_open_file(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd >= 0)
		(void) fcntl(fd, F_SETFL, 0);
	return (fd);
}

/*
 * Open path if it is a regular file (of at most DT_ELF_MAXDEBUG bytes)
 * whose CRC-32 is crc; else -1.
 */
static int
open_crc(const char *path, uint32_t crc)
{
	unsigned char buf[65536];
	uLong c = crc32(0L, Z_NULL, 0);
	struct stat st;
	ssize_t n;
	int fd = dt_elf_open_file(path);

	if (fd < 0)
		return (-1);
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size > DT_ELF_MAXDEBUG) {
		close(fd);
		return (-1);
	}
	while ((n = read(fd, buf, sizeof (buf))) > 0)
		c = crc32(c, buf, (uInt)n);
	if (n < 0 || (uint32_t)c != crc) {
		close(fd);
		return (-1);
	}
	(void) lseek(fd, 0, SEEK_SET);
	return (fd);
}

/*
 * The separate debug file of a stripped file (no .symtab), as
 * distributions install them (Debian's -dbgsym packages) and gdb finds
 * them: by its build id, DEBUGDIR/.build-id/xx/yyyy.debug; else by its
 * .gnu_debuglink (a name and the CRC-32 of the file), in the file's
 * directory, its .debug/ subdirectory, or DEBUGDIR followed by the
 * file's directory.  DEBUGDIR is option debugdir (/usr/lib/debug).  An
 * open descriptor, or -1 if there is none.
 */
static int
debug_open(dtrace_hdl_t *dtp, Elf *elf, const char *path)
{
	const char *dbg = dtp->dt_opts.op_debugdir != NULL ?
	    dtp->dt_opts.op_debugdir : DT_DEBUGDIR;
	char file[4096];
	Elf_Scn *scn;
	Elf_Data *data;
	int fd;

	if ((scn = section(elf, ".note.gnu.build-id")) != NULL &&
	    (data = elf_getdata(scn, NULL)) != NULL) {
		GElf_Nhdr nh;
		size_t off = 0, noff, doff;

		while ((off = gelf_getnote(data, off, &nh, &noff, &doff)) > 0) {
			const unsigned char *id =
			    (const unsigned char *)data->d_buf + doff;
			size_t len;

			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((const char *)data->d_buf + noff, "GNU",
			    4) != 0 || nh.n_descsz < 2 || nh.n_descsz > 64)
				continue;
			len = (size_t)snprintf(file, sizeof (file),
			    "%s/.build-id/%02x/", dbg, id[0]);
			for (size_t i = 1; i < nh.n_descsz &&
			    len + 8 < sizeof (file); i++)
				len += (size_t)snprintf(file + len,
				    sizeof (file) - len, "%02x", id[i]);
			snprintf(file + len, sizeof (file) - len, ".debug");
			if ((fd = dt_elf_open_file(file)) >= 0)
				return (fd);
		}
	}
	if ((scn = section(elf, ".gnu_debuglink")) != NULL &&
	    (data = elf_getdata(scn, NULL)) != NULL && data->d_size >= 8) {
		const char *name = data->d_buf, *slash;
		size_t nlen = strnlen(name, data->d_size), coff;
		uint32_t crc;
		char dir[4096];

		coff = (nlen + 4) & ~(size_t)3;	/* the name, padded to 4 */
		if (nlen == 0 || strchr(name, '/') != NULL ||
		    coff + 4 > data->d_size)
			return (-1);
		memcpy(&crc, (const char *)data->d_buf + coff, 4);
		snprintf(dir, sizeof (dir), "%s", path);
		if ((slash = strrchr(dir, '/')) != NULL)
			dir[slash - dir] = '\0';
		for (int where = 0; where < 3; where++) {
			int n = where == 0 ? snprintf(file, sizeof (file),
			    "%s/%.*s", dir, (int)nlen, name) :
			    where == 1 ? snprintf(file, sizeof (file),
			    "%s/.debug/%.*s", dir, (int)nlen, name) :
			    snprintf(file, sizeof (file), "%s%s/%.*s", dbg,
			    dt_elf_shown_path(dir), (int)nlen, name);

			if (n > 0 && (size_t)n < sizeof (file) &&
			    (fd = open_crc(file, crc)) >= 0)
				return (fd);
		}
	}
	return (-1);
}

/*
 * The functions of the .symtab of a stripped file's separate debug file
 * (debug_open()), their offsets through the file's own program headers.
 */
static int
read_debug_symtab(dtrace_hdl_t *dtp, dt_elf_t *ef, Elf *elf,
    const char *path, size_t nph, size_t *cap)
{
	int fd = debug_open(dtp, elf, path), rv = 0;
	Elf_Scn *scn = NULL;
	Elf *delf;

	if (fd < 0)
		return (0);
	if ((delf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		close(fd);
		return (0);	/* not ELF: as if there were none */
	}
	while (rv == 0 && elf_kind(delf) == ELF_K_ELF &&
	    (scn = elf_nextscn(delf, scn)) != NULL) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) != NULL &&
		    sh.sh_type == SHT_SYMTAB)
			rv = read_symtab(dtp, ef, delf, elf, scn, &sh, nph,
			    cap);
	}
	elf_end(delf);
	close(fd);
	return (rv);
}

/*
 * Read the function symbols and USDT notes of an open ELF file, which the
 * result keeps open (ef_fd): what is attached later is attached through
 * it, to the very file that was read.
 */
dt_elf_t *
dt_elf_read(dtrace_hdl_t *dtp, int fd, const struct stat *st, const char *path)
{
	dt_elfread_t er = { .er_dtp = dtp, .er_path = path };
	dt_elf_t *ef;
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t nph, cap = 0, j = 0;
	char shown[256];
	int rv = 0;

	dt_strvis(shown, sizeof (shown), dt_elf_shown_path(path));
	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		dt_set_errmsg(dtp, EDT_PROC, "cannot read ELF file %s: %s",
		    shown, elf_errmsg(-1));
		return (NULL);
	}
	if (elf_kind(elf) != ELF_K_ELF || gelf_getclass(elf) != ELFCLASS64 ||
	    elf_getphdrnum(elf, &nph) != 0) {
		elf_end(elf);
		dt_set_errmsg(dtp, EDT_PROC, "%s is not a 64-bit ELF file",
		    shown);
		return (NULL);
	}
	if ((ef = dt_zalloc(dtp, sizeof (*ef))) == NULL) {
		elf_end(elf);
		return (NULL);
	}
	ef->ef_fd = -1;
	ef->ef_size = (uint64_t)st->st_size;
	er.er_ef = ef;
	er.er_elf = elf;
	er.er_nph = nph;
	{
		GElf_Ehdr eh;

		if (gelf_getehdr(elf, &eh) != NULL)
			ef->ef_entry = eh.e_entry;
	}
	/*
	 * .symtab first, so that its entries win over .dynsym's; a stripped
	 * file's .symtab is its separate debug file's, if installed.
	 */
	for (int want = SHT_SYMTAB; rv == 0 && want != 0;
	    want = want == SHT_SYMTAB ? SHT_DYNSYM : 0) {
		bool found = false;

		while (rv == 0 && (scn = elf_nextscn(elf, scn)) != NULL) {
			GElf_Shdr sh;

			if (gelf_getshdr(scn, &sh) != NULL &&
			    sh.sh_type == (GElf_Word)want) {
				found = true;
				rv = read_symtab(dtp, ef, elf, elf, scn, &sh,
				    nph, &cap);
			}
		}
		if (rv == 0 && want == SHT_SYMTAB && !found)
			rv = read_debug_symtab(dtp, ef, elf, path, nph, &cap);
	}
	if (rv == 0)
		rv = read_notes(&er);
	if (rv == 0 && ef->ef_nnotes > 0)
		rv = read_types(&er);
	if (rv == 0) {
		/* sorted by name, each name once */
		if (ef->ef_nsyms > 1)	/* none: ef_syms is NULL */
			qsort(ef->ef_syms, ef->ef_nsyms, sizeof (dt_elfsym_t),
			    sym_cmp);
		for (size_t i = 0; i < ef->ef_nsyms; i++) {
			if (j > 0 && strcmp(ef->ef_syms[j - 1].es_name,
			    ef->ef_syms[i].es_name) == 0) {
				free(ef->ef_syms[i].es_name);
				continue;
			}
			ef->ef_syms[j++] = ef->ef_syms[i];
		}
		ef->ef_nsyms = j;
		rv = elf_aliases(dtp, ef);
	}
	if (rv == 0) {
		rv = notes_place(&er);
	}
	read_warned(&er);
	elf_end(elf);
	if (rv != 0) {
		dt_elf_free(ef);
		return (NULL);
	}
	notes_types(ef);
	return (ef);
}

/*
 * The value of the symbol named name (any kind: USDT argument specs name
 * variables, "-4@counter(%rip)") defined in the ELF file ef was read
 * from, from .symtab or else .dynsym; -1 if none.
 */
int
dt_elf_symval(const dt_elf_t *ef, const char *name, uint64_t *valp)
{
	Elf *elf;
	Elf_Scn *scn;
	int rv = -1;

	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(ef->ef_fd, ELF_C_READ_MMAP, NULL)) == NULL)
		return (-1);
	for (int want = SHT_SYMTAB; rv != 0 && want != 0;
	    want = want == SHT_SYMTAB ? SHT_DYNSYM : 0) {
		for (scn = NULL; rv != 0 &&
		    (scn = elf_nextscn(elf, scn)) != NULL;) {
			GElf_Shdr sh;
			Elf_Data *data;

			if (gelf_getshdr(scn, &sh) == NULL ||
			    sh.sh_type != (GElf_Word)want || sh.sh_entsize == 0 ||
			    (data = elf_getdata(scn, NULL)) == NULL)
				continue;
			for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++) {
				GElf_Sym sym;
				const char *nm;

				if (gelf_getsym(data, (int)i, &sym) == NULL ||
				    sym.st_shndx == SHN_UNDEF ||
				    (nm = elf_strptr(elf, sh.sh_link,
				    sym.st_name)) == NULL || strcmp(nm, name) != 0)
					continue;
				*valp = sym.st_value;
				rv = 0;
				break;
			}
		}
	}
	elf_end(elf);
	return (rv);
}

/*
 * The program interpreter (PT_INTERP, the dynamic loader) that the ELF
 * file at path names, in buf; -1 if it names none (a static executable)
 * or cannot be read.
 */
int
dt_elf_interp(const char *path, char *buf, size_t len)
{
	size_t nph;
	Elf *elf;
	int fd, rv = -1;

	if (len == 0 || (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		close(fd);
		return (-1);
	}
	if (elf_kind(elf) == ELF_K_ELF && elf_getphdrnum(elf, &nph) == 0) {
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;
			ssize_t n;

			if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
			    ph.p_type != PT_INTERP)
				continue;
			n = pread(fd, buf, ph.p_filesz < len ? ph.p_filesz :
			    len - 1, (off_t)ph.p_offset);
			if (n > 0) {
				buf[n] = '\0';	/* p_filesz counts the NUL */
				rv = 0;
			}
			break;
		}
	}
	elf_end(elf);
	close(fd);
	return (rv);
}

/*
 * The address of function name (a defined STT_FUNC of .symtab, else of
 * .dynsym) in the ELF file at path, in the file's layout, and the file's
 * entry point (e_entry); -1 if it has no such symbol (stripped) or
 * cannot be read.  Nothing else of the file is read.
 */
int
dt_elf_funcaddr(const char *path, const char *name, uint64_t *valp,
    uint64_t *entryp)
{
	static const Elf64_Word kinds[] = { SHT_SYMTAB, SHT_DYNSYM };
	GElf_Ehdr eh;
	Elf *elf;
	int fd, rv = -1;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		close(fd);
		return (-1);
	}
	if (elf_kind(elf) != ELF_K_ELF || gelf_getehdr(elf, &eh) == NULL)
		goto out;
	*entryp = eh.e_entry;
	for (size_t k = 0; k < 2 && rv != 0; k++) {
		Elf_Scn *scn = NULL;

		while (rv != 0 && (scn = elf_nextscn(elf, scn)) != NULL) {
			GElf_Shdr sh;
			Elf_Data *data;

			if (gelf_getshdr(scn, &sh) == NULL ||
			    sh.sh_type != kinds[k] || sh.sh_entsize == 0 ||
			    (data = elf_getdata(scn, NULL)) == NULL)
				continue;
			for (size_t i = 0; i < sh.sh_size / sh.sh_entsize;
			    i++) {
				GElf_Sym sym;
				const char *sn;

				if (gelf_getsym(data, (int)i, &sym) == NULL ||
				    GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
				    sym.st_shndx == SHN_UNDEF ||
				    sym.st_value == 0 ||
				    (sn = elf_strptr(elf, sh.sh_link,
				    sym.st_name)) == NULL ||
				    strcmp(sn, name) != 0)
					continue;
				*valp = sym.st_value;
				rv = 0;
				break;
			}
		}
	}
out:
	elf_end(elf);
	close(fd);
	return (rv);
}

/*
 * The bytes of function sym of the file ef was read from (es_size of
 * them, read at its file offset), in memory the caller frees; NULL with
 * the handle's error set when they cannot be read.  A symbol's size
 * comes from the file: one that reaches past the file's end is refused
 * before anything is allocated for it.
 */
uint8_t *
dt_elf_code(dtrace_hdl_t *dtp, const dt_elf_t *ef, const dt_elfsym_t *sym)
{
	uint8_t *buf;
	ssize_t n;

	if (sym->es_off > ef->ef_size ||
	    sym->es_size > ef->ef_size - sym->es_off) {
		dt_set_errmsg(dtp, EDT_PROC, "function %s (0x%llx bytes "
		    "at offset 0x%llx) reaches past the end of its file",
		    sym->es_name, (unsigned long long)sym->es_size,
		    (unsigned long long)sym->es_off);
		return (NULL);
	}
	if ((buf = dt_zalloc(dtp, sym->es_size + 1)) == NULL)
		return (NULL);
	n = pread(ef->ef_fd, buf, sym->es_size, (off_t)sym->es_off);
	if (n < 0 || (uint64_t)n != sym->es_size) {
		dt_set_errmsg(dtp, EDT_PROC, "cannot read the code of %s",
		    sym->es_name);
		free(buf);
		return (NULL);
	}
	return (buf);
}
