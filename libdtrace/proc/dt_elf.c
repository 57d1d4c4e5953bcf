/*
 * dt_elf.c: the function symbols of an ELF64 file, for the pid provider.
 *
 * A file's symbols are read once per session and kept on the handle,
 * keyed by the file's identity (device, inode): the same libc mapped by
 * several traced processes, or named by several probe descriptions, is
 * read once.  Both .symtab and .dynsym are read (a stripped file has only
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
 * specs).  If .stapsdt.base has moved since (prelink), the site moves
 * with it.  The site becomes a file offset through the executable
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "../core/dt_impl.h"

static int
sym_cmp(const void *a, const void *b)
{
	const dt_elfsym_t *x = a, *y = b;
	int c = strcmp(x->es_name, y->es_name);

	if (c != 0)
		return (c);
	return (x->es_order < y->es_order ? -1 : x->es_order > y->es_order);
}

/*
 * The file offset of address addr, or -1 if no PT_LOAD segment holds it
 * (an executable one if exec).
 */
static int64_t
addr_to_off_in(Elf *elf, size_t nph, uint64_t addr, bool exec)
{
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
		    ph.p_type != PT_LOAD || (exec && !(ph.p_flags & PF_X)))
			continue;
		if (addr >= ph.p_vaddr && addr < ph.p_vaddr + ph.p_filesz)
			return ((int64_t)(addr - ph.p_vaddr + ph.p_offset));
	}
	return (-1);
}

static int64_t
addr_to_off(Elf *elf, size_t nph, uint64_t addr)
{
	return (addr_to_off_in(elf, nph, addr, true));
}

/* The next string of a note's descriptor at *pos, or NULL if none ends. */
static const char *
note_str(const char *desc, size_t size, size_t *pos)
{
	const char *s = desc + *pos;
	const char *nul;

	if (*pos >= size || (nul = memchr(s, '\0', size - *pos)) == NULL)
		return (NULL);
	*pos += (size_t)(nul - s) + 1;
	return (s);
}

/*
 * The path of a file as its process sees it: without the /proc/PID/root
 * through which a process's files are opened.
 */
static const char *
shown_path(const char *path)
{
	const char *r;

	if (strncmp(path, "/proc/", 6) != 0 ||
	    (r = strchr(path + 6, '/')) == NULL || strncmp(r, "/root/", 6) != 0)
		return (path);
	return (r + 5);
}

/* Append one stapsdt note; a malformed one is skipped with a warning. */
static int
note_add(dtrace_hdl_t *dtp, dt_elf_t *ef, Elf *elf, size_t nph,
    const char *path, const char *desc, size_t size, uint64_t base,
    size_t *cap)
{
	uint64_t a[3];
	const char *prov, *name, *args;
	size_t pos = sizeof (a);
	int64_t off, soff = 0;
	dt_elfnote_t *en;
	char *p;

	if (size < sizeof (a) || (prov = note_str(desc, size, &pos)) == NULL ||
	    (name = note_str(desc, size, &pos)) == NULL ||
	    (args = note_str(desc, size, &pos)) == NULL ||
	    prov[0] == '\0' || name[0] == '\0') {
		fprintf(stderr, "dtrace: %s: a truncated USDT note is "
		    "skipped\n", shown_path(path));
		return (0);
	}
	memcpy(a, desc, sizeof (a));
	if (base != 0 && a[1] != 0)
		a[0] += base - a[1];
	if ((off = addr_to_off(elf, nph, a[0])) < 0 ||
	    (a[2] != 0 && (soff = addr_to_off_in(elf, nph, a[2], false)) <=
	    0)) {
		fprintf(stderr, "dtrace: %s: USDT probe %s:%s is skipped: its "
		    "%s 0x%llx is outside the file\n", shown_path(path), prov,
		    name,
		    off < 0 ? "address" : "semaphore", (unsigned long long)
		    (off < 0 ? a[0] : a[2]));
		return (0);
	}
	if (ef->ef_nnotes == *cap) {
		dt_elfnote_t *nn = realloc(ef->ef_notes, (*cap = *cap * 2 + 16) *
		    sizeof (dt_elfnote_t));

		if (nn == NULL)
			return (dt_set_errno(dtp, EDT_NOMEM));
		ef->ef_notes = nn;
	}
	en = &ef->ef_notes[ef->ef_nnotes];
	memset(en, 0, sizeof (*en));
	en->en_prov = strdup(prov);
	en->en_name = strdup(name);
	en->en_args = strdup(args);
	if (en->en_prov == NULL || en->en_name == NULL || en->en_args == NULL) {
		free(en->en_prov);
		free(en->en_name);
		free(en->en_args);
		return (dt_set_errno(dtp, EDT_NOMEM));
	}
	/* DTrace's probe names: "__" becomes "-" */
	for (p = en->en_name; (p = strstr(p, "__")) != NULL; p++) {
		memmove(p, p + 1, strlen(p + 1) + 1);
		*p = '-';
	}
	en->en_func = "";
	en->en_addr = a[0];
	en->en_off = (uint64_t)off;
	en->en_sema = (uint64_t)soff;
	en->en_args[strcspn(en->en_args, "\n")] = '\0';
	ef->ef_nnotes++;
	return (0);
}

/* Read the stapsdt notes of the file. */
static int
read_notes(dtrace_hdl_t *dtp, dt_elf_t *ef, Elf *elf, size_t nph,
    const char *path)
{
	Elf_Scn *scn = NULL, *notes = NULL;
	uint64_t base = 0;
	size_t shstrndx, cap = 0, off = 0, next, noff, doff;
	Elf_Data *data;
	GElf_Nhdr nh;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return (0);
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
	if (notes == NULL || (data = elf_getdata(notes, NULL)) == NULL)
		return (0);
	while ((next = gelf_getnote(data, off, &nh, &noff, &doff)) != 0) {
		const char *d = data->d_buf;

		off = next;
		if (nh.n_type != 3 || nh.n_namesz != sizeof ("stapsdt") ||
		    memcmp(d + noff, "stapsdt", sizeof ("stapsdt")) != 0)
			continue;
		if (note_add(dtp, ef, elf, nph, path, d + doff, nh.n_descsz,
		    base, &cap) != 0)
			return (-1);
	}
	return (0);
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

	if ((s = note_str(desc, size, &pos)) == NULL || *s == '\0' ||
	    (et->et_prov = strdup(s)) == NULL ||
	    (s = note_str(desc, size, &pos)) == NULL || *s == '\0' ||
	    (et->et_name = strdup(s)) == NULL ||
	    (et->et_nargc = note_num(note_str(desc, size, &pos),
	    DT_MAXARGS)) < 0)
		return (-1);
	for (int i = 0; i < et->et_nargc; i++) {
		if ((s = note_str(desc, size, &pos)) == NULL ||
		    (et->et_nargv[i] = strdup(s)) == NULL)
			return (-1);
	}
	if ((et->et_xargc = note_num(note_str(desc, size, &pos),
	    DT_MAXARGS)) < 0)
		return (-1);
	for (int i = 0; i < et->et_xargc; i++) {
		int m;

		if ((s = note_str(desc, size, &pos)) == NULL ||
		    (et->et_xargv[i] = strdup(s)) == NULL ||
		    (m = note_num(note_str(desc, size, &pos),
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
read_types(dtrace_hdl_t *dtp, dt_elf_t *ef, Elf *elf, const char *path)
{
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
			if (types_parse(d + doff, nh.n_descsz, et) != 0) {
				types_free(et);
				fprintf(stderr, "dtrace: %s: a malformed USDT "
				    "argument types note is skipped\n",
				    shown_path(path));
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

/* Give each note the function whose bytes hold its site. */
static void
notes_funcs(dt_elf_t *ef)
{
	for (size_t i = 0; i < ef->ef_nnotes; i++) {
		dt_elfnote_t *en = &ef->ef_notes[i];
		uint64_t pc = en->en_addr;

		for (size_t j = 0; j < ef->ef_nsyms; j++) {
			const dt_elfsym_t *es = &ef->ef_syms[j];

			if (pc >= es->es_value && pc < es->es_value +
			    es->es_size) {
				en->en_func = es->es_name;
				break;
			}
		}
	}
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
		if (name == NULL || name[0] == '\0')
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
		ef->ef_nsyms++;
	}
	return (0);
}

static void
elf_free(dt_elf_t *ef)
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

/* Open path if it is a file whose CRC-32 is crc; else -1. */
static int
open_crc(const char *path, uint32_t crc)
{
	unsigned char buf[65536];
	uLong c = crc32(0L, Z_NULL, 0);
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return (-1);
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
			if ((fd = open(file, O_RDONLY | O_CLOEXEC)) >= 0)
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
			    shown_path(dir), (int)nlen, name);

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

/* Read the function symbols of an open ELF file. */
static dt_elf_t *
elf_read(dtrace_hdl_t *dtp, int fd, const char *path)
{
	dt_elf_t *ef;
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t nph, cap = 0, j = 0;
	int rv = 0;

	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		dt_set_errmsg(dtp, EDT_PROC, "cannot read ELF file %s: %s",
		    path, elf_errmsg(-1));
		return (NULL);
	}
	if (elf_kind(elf) != ELF_K_ELF || gelf_getclass(elf) != ELFCLASS64 ||
	    elf_getphdrnum(elf, &nph) != 0) {
		elf_end(elf);
		dt_set_errmsg(dtp, EDT_PROC, "%s is not a 64-bit ELF file",
		    path);
		return (NULL);
	}
	if ((ef = dt_zalloc(dtp, sizeof (*ef))) == NULL) {
		elf_end(elf);
		return (NULL);
	}
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
		rv = read_notes(dtp, ef, elf, nph, path);
	if (rv == 0 && ef->ef_nnotes > 0)
		rv = read_types(dtp, ef, elf, path);
	elf_end(elf);
	if (rv != 0) {
		elf_free(ef);
		return (NULL);
	}
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
	notes_funcs(ef);
	notes_types(ef);
	return (ef);
}

/*
 * The function symbols of the file at path, from the session's cache or
 * read now.  The handle owns the result (dt_elf_free_all()).
 */
const dt_elf_t *
dt_elf_lookup(dtrace_hdl_t *dtp, const char *path)
{
	struct stat st;
	dt_elf_t *ef;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ||
	    fstat(fd, &st) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "cannot open %s: %s", path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return (NULL);
	}
	for (ef = dtp->dt_elfs; ef != NULL; ef = ef->ef_next) {
		if (ef->ef_dev == st.st_dev && ef->ef_ino == st.st_ino) {
			close(fd);
			return (ef);
		}
	}
	ef = elf_read(dtp, fd, path);
	close(fd);
	if (ef == NULL)
		return (NULL);
	ef->ef_dev = st.st_dev;
	ef->ef_ino = st.st_ino;
	ef->ef_next = dtp->dt_elfs;
	dtp->dt_elfs = ef;
	return (ef);
}

/* The symbol named name, or NULL. */
const dt_elfsym_t *
dt_elf_sym(const dt_elf_t *ef, const char *name)
{
	size_t lo = 0, hi = ef->ef_nsyms;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, ef->ef_syms[mid].es_name);

		if (c == 0)
			return (&ef->ef_syms[mid]);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return (NULL);
}

/*
 * The value of the symbol named name (any kind: USDT argument specs name
 * variables, "-4@counter(%rip)") defined in the ELF file at path, from
 * .symtab or else .dynsym; -1 if none.
 */
int
dt_elf_symval(const char *path, const char *name, uint64_t *valp)
{
	Elf *elf;
	Elf_Scn *scn;
	int fd, rv = -1;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (-1);
	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		close(fd);
		return (-1);
	}
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
	close(fd);
	return (rv);
}

void
dt_elf_free_all(dtrace_hdl_t *dtp)
{
	while (dtp->dt_elfs != NULL) {
		dt_elf_t *ef = dtp->dt_elfs;

		dtp->dt_elfs = ef->ef_next;
		elf_free(ef);
	}
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
 * The bytes of function sym of the file at path (es_size of them, read at
 * its file offset), in memory the caller frees; NULL with the handle's
 * error set when they cannot be read.  A symbol's size comes from the
 * file: one that reaches past the file's end is refused before anything
 * is allocated for it.
 */
uint8_t *
dt_elf_code(dtrace_hdl_t *dtp, const char *path, const dt_elfsym_t *sym)
{
	uint8_t *buf;
	struct stat st;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
		dt_set_errmsg(dtp, EDT_PROC, "cannot open %s: %s", path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return (NULL);
	}
	if (sym->es_off > (uint64_t)st.st_size ||
	    sym->es_size > (uint64_t)st.st_size - sym->es_off) {
		close(fd);
		dt_set_errmsg(dtp, EDT_PROC, "function %s of %s (0x%llx bytes "
		    "at offset 0x%llx) reaches past the end of the file",
		    sym->es_name, path, (unsigned long long)sym->es_size,
		    (unsigned long long)sym->es_off);
		return (NULL);
	}
	if ((buf = dt_zalloc(dtp, sym->es_size + 1)) == NULL) {
		close(fd);
		return (NULL);
	}
	n = pread(fd, buf, sym->es_size, (off_t)sym->es_off);
	close(fd);
	if (n < 0 || (uint64_t)n != sym->es_size) {
		dt_set_errmsg(dtp, EDT_PROC, "cannot read the code of %s in "
		    "%s", sym->es_name, path);
		free(buf);
		return (NULL);
	}
	return (buf);
}
