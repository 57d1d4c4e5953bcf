/*
 * dt_link.c: providers declared in D, for programs that carry USDT probes:
 * dtrace -h writes their C header, dtrace -G the object linked with them.
 *
 * The header's probe macros emit stapsdt probes directly, so that the
 * USDT provider (probes/providers/dt_prov_usdt.c) finds them as it finds
 * those of <sys/sdt.h>, which the header does not need: it depends on
 * nothing but the compiler (GNU C asm, as gcc and clang accept it, in C
 * and C++).  MYPROV_REQUEST_START(a, b) is one nop at the site and an
 * asm statement that writes, in a section of its own, the note of
 * .note.stapsdt (owner "stapsdt", type 3): the site's address, that of
 * _.stapsdt.base (a one-byte comdat section, so that a tool can tell
 * whether the file was moved after it was linked), the semaphore's
 * address, then the strings provider, name (as declared, "__" and all)
 * and the argument specs, "SIZE@OPERAND" each, SIZE negative for a
 * signed value.  Each argument is converted to an integer or pointer of
 * its declared size and sign and passed to the asm with the "nor"
 * constraint, so that the assembler writes the operand (%eax,
 * -20(%rbp), $5, var(%rip)) and the spec reads what the program passed.
 * The asm clobbers memory, so that what a pointer argument points to is
 * stored before the probe fires (an optimizer would otherwise drop the
 * stores to a struct only the probe reads).
 * MYPROV_REQUEST_START_ENABLED() reads the probe's semaphore, a 2-byte
 * counter that the kernel counts up in the process while a uprobe with
 * it as reference counter is attached (while a session traces the probe).
 *
 * The header declares the semaphores (hidden, volatile, in .probes);
 * dtrace -G defines them, in an ELF relocatable object it writes with
 * libelf: .probes (the counters, 2 bytes each, zero), a symbol table with
 * a global hidden symbol PROVIDER_NAME_semaphore per probe, and
 * .note.dtrace-types, a note per probe (owner "dtrace", type
 * DT_NOTE_ARGTYPES) that gives the argument types of the declaration:
 * strings provider, name (as declared), the number of native arguments
 * and their C types, the number of translated arguments and for each its
 * D type and the index of the native argument it translates.  The linker
 * keeps the note in the program (a section it does not know that takes
 * no memory), where dt_elf.c reads it: the USDT provider then types
 * args[] as declared.  -G checks the objects it is given: each must hold
 * probes of the declared providers (in its .note.stapsdt sections, read
 * with the shared note reader, dt_notes.c), each such probe must be
 * declared and have the declared number of arguments.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/dt_impl.h"
#include "dt_proc.h"
#include "dt_notes.h"
#include "../dlang/dt_provdecl.h"

void
dt_provprobe_free(dt_provprobe_t *pdp)
{
	if (pdp == NULL)
		return;
	for (int i = 0; i < DT_MAXARGS; i++) {
		free(pdp->pd_nargv[i]);
		free(pdp->pd_xargv[i]);
	}
	free(pdp->pd_name);
	free(pdp);
}

void
dt_provdecl_free(dt_provdecl_t *dvp)
{
	if (dvp == NULL)
		return;
	while (dvp->dv_probes != NULL) {
		dt_provprobe_t *pdp = dvp->dv_probes;

		dvp->dv_probes = pdp->pd_next;
		dt_provprobe_free(pdp);
	}
	free(dvp->dv_name);
	free(dvp);
}

void
dt_provdecls_free(dtrace_hdl_t *dtp)
{
	while (dtp->dt_provdecls != NULL) {
		dt_provdecl_t *dvp = dtp->dt_provdecls;

		dtp->dt_provdecls = dvp->dv_next;
		dt_provdecl_free(dvp);
	}
}

/* Upper case, for macro names: "__" of a probe name becomes "_". */
static void
macro_name(char *buf, size_t len, const char *prov, const char *name)
{
	size_t n = 0;

	for (const char *s = prov; *s != '\0' && n + 1 < len; s++)
		buf[n++] = (char)toupper((unsigned char)*s);
	if (n + 1 < len)
		buf[n++] = '_';
	for (const char *s = name; *s != '\0' && n + 1 < len; s++) {
		if (s[0] == '_' && s[1] == '_')
			s++;
		buf[n++] = (char)toupper((unsigned char)*s);
	}
	buf[n] = '\0';
}

/* The C type an argument is passed as: its size and sign, or a pointer. */
static const char *
arg_ctype(const dt_provprobe_t *pdp, int i)
{
	if (strchr(pdp->pd_nargv[i], '*') != NULL)
		return ("const volatile void *");
	switch (pdp->pd_nsize[i]) {
	case 1:
		return (pdp->pd_nsigned[i] ? "signed char" : "unsigned char");
	case 2:
		return (pdp->pd_nsigned[i] ? "short" : "unsigned short");
	case 4:
		return (pdp->pd_nsigned[i] ? "int" : "unsigned int");
	default:
		return (pdp->pd_nsigned[i] ? "long long" :
		    "unsigned long long");
	}
}

static void
header_probe(FILE *fp, const dt_provdecl_t *dvp, const dt_provprobe_t *pdp)
{
	char mname[256];

	macro_name(mname, sizeof (mname), dvp->dv_name, pdp->pd_name);
	fprintf(fp, "\n/* %s:::", dvp->dv_name);
	for (const char *s = pdp->pd_name; *s != '\0'; s++) {
		if (s[0] == '_' && s[1] == '_') {
			fputc('-', fp);
			s++;
		} else {
			fputc(*s, fp);
		}
	}
	fprintf(fp, "(");
	for (int i = 0; i < pdp->pd_nargc; i++)
		fprintf(fp, "%s%s", i ? ", " : "", pdp->pd_nargv[i]);
	fprintf(fp, ")");
	for (int i = 0; i < pdp->pd_xargc; i++) {
		if (pdp->pd_xmap[i] != i || strcmp(pdp->pd_xargv[i],
		    pdp->pd_nargv[i]) != 0) {
			fprintf(fp, " : (");
			for (int j = 0; j < pdp->pd_xargc; j++)
				fprintf(fp, "%s%s", j ? ", " : "",
				    pdp->pd_xargv[j]);
			fprintf(fp, ")");
			break;
		}
	}
	fprintf(fp, " */\n");
	fprintf(fp, "extern volatile unsigned short %s_%s_semaphore\n"
	    "    __attribute__((__visibility__(\"hidden\")));\n",
	    dvp->dv_name, pdp->pd_name);
	fprintf(fp, "#define\t%s(", mname);
	for (int i = 0; i < pdp->pd_nargc; i++)
		fprintf(fp, "%sarg%d", i ? ", " : "", i);
	fprintf(fp, ") \\\n\t__asm__ __volatile__ (_DT_USDT_NOTE(\"%s\", "
	    "\"%s\", \"%s_%s_semaphore\", \\\n\t    \"", dvp->dv_name,
	    pdp->pd_name, dvp->dv_name, pdp->pd_name);
	for (int i = 0; i < pdp->pd_nargc; i++)
		fprintf(fp, "%s%s%d@%%[_a%d]", i ? " " : "",
		    pdp->pd_nsigned[i] ? "-" : "", pdp->pd_nsize[i], i);
	fprintf(fp, "\") _DT_USDT_BASE \\\n\t    :");
	for (int i = 0; i < pdp->pd_nargc; i++)
		fprintf(fp, "%s \\\n\t    [_a%d] \"nor\" ((%s)(arg%d))",
		    i ? "," : " :", i, arg_ctype(pdp, i), i);
	if (pdp->pd_nargc == 0)
		fprintf(fp, " :");
	fprintf(fp, " \\\n\t    : \"memory\")\n");
	fprintf(fp, "#define\t%s_ENABLED() \\\n\t((int)__builtin_expect("
	    "%s_%s_semaphore != 0, 0))\n", mname, dvp->dv_name, pdp->pd_name);
}

/* The asm pieces every generated header shares (defined once). */
static const char header_common[] =
"#ifndef _DT_USDT_NOTE\n"
"/*\n"
" * One probe site: a nop, and its stapsdt note (owner \"stapsdt\", type\n"
" * 3: site, _.stapsdt.base, semaphore, provider, name, argument specs).\n"
" */\n"
"#define\t_DT_USDT_NOTE(prov, name, sema, args) \\\n"
"\t\"990:\\tnop\\n\" \\\n"
"\t\"\\t.pushsection .note.stapsdt, \\\"?\\\", \\\"note\\\"\\n\" \\\n"
"\t\"\\t.balign 4\\n\" \\\n"
"\t\"\\t.4byte 992f - 991f, 994f - 993f, 3\\n\" \\\n"
"\t\"991:\\t.asciz \\\"stapsdt\\\"\\n\" \\\n"
"\t\"992:\\t.balign 4\\n\" \\\n"
"\t\"993:\\t.8byte 990b, _.stapsdt.base, \" sema \"\\n\" \\\n"
"\t\"\\t.asciz \\\"\" prov \"\\\", \\\"\" name \"\\\", \\\"\" args "
"\"\\\"\\n\" \\\n"
"\t\"994:\\t.balign 4\\n\" \\\n"
"\t\"\\t.popsection\\n\"\n"
"#define\t_DT_USDT_BASE \\\n"
"\t\".ifndef _.stapsdt.base\\n\" \\\n"
"\t\"\\t.pushsection .stapsdt.base, \\\"aG\\\", \\\"progbits\\\", "
".stapsdt.base, comdat\\n\" \\\n"
"\t\"\\t.weak _.stapsdt.base\\n\" \\\n"
"\t\"\\t.hidden _.stapsdt.base\\n\" \\\n"
"\t\"_.stapsdt.base:\\t.space 1\\n\" \\\n"
"\t\"\\t.size _.stapsdt.base, 1\\n\" \\\n"
"\t\"\\t.popsection\\n\" \\\n"
"\t\".endif\\n\"\n"
"#endif\n";

DT_EXPORT int
dtrace_program_header(dtrace_hdl_t *dtp, FILE *fp, const char *fname)
{
	char guard[256];
	size_t n = 0;

	if (fp == NULL)
		return (dt_set_errno(dtp, EINVAL));
	if (dtp->dt_provdecls == NULL)
		return (dt_set_errmsg(dtp, EDT_LINK, "no provider is "
		    "declared"));
	if (fname == NULL)
		fname = "provider.h";
	guard[n++] = '_';
	for (const char *s = strrchr(fname, '/') != NULL ?
	    strrchr(fname, '/') + 1 : fname; *s != '\0' && n + 1 <
	    sizeof (guard); s++)
		guard[n++] = isalnum((unsigned char)*s) ?
		    (char)toupper((unsigned char)*s) : '_';
	guard[n] = '\0';
	fprintf(fp, "/*\n * Generated by dtrace -h: the USDT probes of the "
	    "providers declared in D.\n * Each probe has NAME(args) and "
	    "NAME_ENABLED(); link the program with\n * the object dtrace "
	    "-G makes, which defines the semaphores.\n */\n\n");
	fprintf(fp, "#ifndef\t%s\n#define\t%s\n\n#ifdef __cplusplus\n"
	    "extern \"C\" {\n#endif\n\n%s", guard, guard, header_common);
	/* the handle's list is newest first: print in declaration order */
	for (unsigned int k = 0;; k++) {
		dt_provdecl_t *dvp = dtp->dt_provdecls;
		unsigned int left = 0;

		for (dt_provdecl_t *p = dvp; p != NULL; p = p->dv_next)
			left++;
		if (k >= left)
			break;
		for (unsigned int j = 0; j + 1 < left - k; j++)
			dvp = dvp->dv_next;
		fprintf(fp, "\n/* provider %s */\n", dvp->dv_name);
		for (const dt_provprobe_t *pdp = dvp->dv_probes; pdp != NULL;
		    pdp = pdp->pd_next)
			header_probe(fp, dvp, pdp);
	}
	fprintf(fp, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\t/* %s */\n",
	    guard);
	if (fflush(fp) != 0 || ferror(fp))
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot write the header: "
		    "%s", strerror(errno)));
	return (0);
}

/* ---- dtrace -G ------------------------------------------------------------ */

/* A growing byte buffer. */
typedef struct dt_buf {
	char *db_data;			/* bytes */
	size_t db_len;			/* used */
	size_t db_cap;			/* allocated */
	bool db_nomem;			/* an allocation failed */
} dt_buf_t;

static void
buf_add(dt_buf_t *bp, const void *p, size_t len)
{
	if (bp->db_len + len > bp->db_cap) {
		size_t cap = (bp->db_len + len) * 2 + 256;
		char *d = realloc(bp->db_data, cap);

		if (d == NULL) {
			bp->db_nomem = true;
			return;
		}
		bp->db_data = d;
		bp->db_cap = cap;
	}
	memcpy(bp->db_data + bp->db_len, p, len);
	bp->db_len += len;
}

static void
buf_str(dt_buf_t *bp, const char *s)
{
	buf_add(bp, s, strlen(s) + 1);
}

static void
buf_pad(dt_buf_t *bp)
{
	static const char zero[4];

	if (bp->db_len % 4 != 0)
		buf_add(bp, zero, 4 - bp->db_len % 4);
}

/* The note of one probe's argument types. */
static void
types_note(dt_buf_t *bp, const dt_provdecl_t *dvp, const dt_provprobe_t *pdp)
{
	dt_buf_t desc = { 0 };
	char num[16];
	uint32_t hdr[3];

	buf_str(&desc, dvp->dv_name);
	buf_str(&desc, pdp->pd_name);
	snprintf(num, sizeof (num), "%d", pdp->pd_nargc);
	buf_str(&desc, num);
	for (int i = 0; i < pdp->pd_nargc; i++)
		buf_str(&desc, pdp->pd_nargv[i]);
	snprintf(num, sizeof (num), "%d", pdp->pd_xargc);
	buf_str(&desc, num);
	for (int i = 0; i < pdp->pd_xargc; i++) {
		buf_str(&desc, pdp->pd_xargv[i]);
		snprintf(num, sizeof (num), "%d", pdp->pd_xmap[i]);
		buf_str(&desc, num);
	}
	hdr[0] = sizeof (DT_NOTE_OWNER);
	hdr[1] = (uint32_t)desc.db_len;
	hdr[2] = DT_NOTE_ARGTYPES;
	buf_add(bp, hdr, sizeof (hdr));
	buf_add(bp, DT_NOTE_OWNER, sizeof (DT_NOTE_OWNER));
	buf_pad(bp);
	if (desc.db_nomem)
		bp->db_nomem = true;
	else
		buf_add(bp, desc.db_data, desc.db_len);
	buf_pad(bp);
	free(desc.db_data);
}

/* What check_note() carries along the notes of one object. */
typedef struct dt_linkcheck {
	dtrace_hdl_t *lc_dtp;		/* the session */
	const char *lc_path;		/* the object, for messages */
	unsigned int lc_found;		/* probes of declared providers */
} dt_linkcheck_t;

/*
 * One stapsdt note of an object given to -G (from the shared reader,
 * dt_notes.c): a probe of a declared provider must be declared, with the
 * declared number of arguments.  A malformed note, or another
 * provider's, is passed over.
 */
static int
check_note(const dt_note_t *dn, dt_note_err_t err, void *arg)
{
	dt_linkcheck_t *lc = arg;
	dtrace_hdl_t *dtp = lc->lc_dtp;
	const dt_provdecl_t *dvp;
	const dt_provprobe_t *pdp = NULL;
	int nargs = 0;

	if (err != DT_NOTE_OK)
		return (0);
	for (dvp = dtp->dt_provdecls; dvp != NULL; dvp = dvp->dv_next) {
		if (strcmp(dvp->dv_name, dn->dn_prov) == 0)
			break;
	}
	if (dvp == NULL)
		return (0);	/* another provider's */
	for (pdp = dvp->dv_probes; pdp != NULL; pdp = pdp->pd_next) {
		if (strcmp(pdp->pd_name, dn->dn_name) == 0)
			break;
	}
	if (pdp == NULL)
		return (dt_set_errmsg(dtp, EDT_LINK, "%s: probe %s:%s is not "
		    "declared in provider %s", lc->lc_path, dn->dn_prov,
		    dn->dn_name, dn->dn_prov));
	for (const char *s = dn->dn_args; *s != '\0';) {
		s += strspn(s, " \t");
		if (*s == '\0')
			break;
		nargs++;
		s += strcspn(s, " \t");
	}
	if (nargs != pdp->pd_nargc)
		return (dt_set_errmsg(dtp, EDT_LINK, "%s: probe %s:%s has %d "
		    "argument%s, its declaration %d", lc->lc_path, dn->dn_prov,
		    dn->dn_name, nargs, nargs == 1 ? "" : "s", pdp->pd_nargc));
	lc->lc_found++;
	return (1);
}

/* The probes of an object given to -G: checked against the declarations. */
static int
check_object(dtrace_hdl_t *dtp, const char *path)
{
	/* an object of the user's own: any number of notes, of any length */
	static const dt_notes_limits_t limits = {
		.nl_maxnotes = SIZE_MAX,
		.nl_idmax = SIZE_MAX,
		.nl_argsmax = SIZE_MAX,
		.nl_flags = DT_NOTES_DIGIT1 | DT_NOTES_TABS,
	};
	dt_linkcheck_t lc = { .lc_dtp = dtp, .lc_path = path };
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	int fd, rv = 0;
	GElf_Ehdr eh;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot open %s: %s", path,
		    strerror(errno)));
	if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL ||
	    elf_kind(elf) != ELF_K_ELF || gelf_getehdr(elf, &eh) == NULL ||
	    eh.e_type != ET_REL || elf_getshdrstrndx(elf, &shstrndx) != 0) {
		if (elf != NULL)
			elf_end(elf);
		close(fd);
		return (dt_set_errmsg(dtp, EDT_LINK, "%s is not an ELF object "
		    "file (cc -c)", path));
	}
	while (rv == 0 && (scn = elf_nextscn(elf, scn)) != NULL) {
		dt_notes_sec_t ns;

		if (dt_notes_is_scn(elf, shstrndx, scn) &&
		    dt_notes_sec(scn, 0, &ns) == 0)
			rv = dt_notes_read(&ns, &limits, check_note, &lc);
	}
	elf_end(elf);
	close(fd);
	if (rv == 0 && lc.lc_found == 0)
		rv = dt_set_errmsg(dtp, EDT_LINK, "%s has no probe of the "
		    "declared provider%s", path, dtp->dt_provdecls->dv_next ?
		    "s" : "");
	return (rv);
}

/* Add a section with one data buffer; its index. */
static size_t
add_scn(Elf *elf, uint32_t name, uint32_t type, uint64_t flags, void *buf,
    size_t size, size_t align, uint32_t link, uint32_t info,
    uint64_t entsize, Elf_Type dtype)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *data;
	GElf_Shdr sh;

	if (scn == NULL || (data = elf_newdata(scn)) == NULL ||
	    gelf_getshdr(scn, &sh) == NULL)
		return (0);
	data->d_buf = buf;
	data->d_size = size;
	data->d_align = align;
	data->d_type = dtype;
	data->d_version = EV_CURRENT;
	sh.sh_name = name;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addralign = align;
	sh.sh_link = link;
	sh.sh_info = info;
	sh.sh_entsize = entsize;
	if (gelf_update_shdr(scn, &sh) == 0)
		return (0);
	return (elf_ndxscn(scn));
}

/* Write the object: .probes, the symbols, the type notes. */
static int
write_object(dtrace_hdl_t *dtp, int fd)
{
	dt_buf_t shstr = { 0 }, str = { 0 }, notes = { 0 }, syms = { 0 };
	unsigned int nprobes = 0;
	uint32_t n_probes, n_notes, n_stack, n_symtab, n_strtab, n_shstrtab;
	size_t probes_ndx, strtab_ndx, shstr_ndx;
	char *sema = NULL;
	Elf64_Sym sym;
	Elf *elf;
	GElf_Ehdr eh;
	int rv = -1;

	for (dt_provdecl_t *dvp = dtp->dt_provdecls; dvp != NULL;
	    dvp = dvp->dv_next)
		nprobes += dvp->dv_nprobes;
	if ((sema = calloc(nprobes + 1, 2)) == NULL)
		return (dt_set_errno(dtp, EDT_NOMEM));
	buf_add(&shstr, "", 1);
	n_probes = (uint32_t)shstr.db_len;
	buf_str(&shstr, ".probes");
	n_notes = (uint32_t)shstr.db_len;
	buf_str(&shstr, ".note.dtrace-types");
	n_stack = (uint32_t)shstr.db_len;
	buf_str(&shstr, ".note.GNU-stack");
	n_symtab = (uint32_t)shstr.db_len;
	buf_str(&shstr, ".symtab");
	n_strtab = (uint32_t)shstr.db_len;
	buf_str(&shstr, ".strtab");
	n_shstrtab = (uint32_t)shstr.db_len;
	buf_str(&shstr, ".shstrtab");
	buf_add(&str, "", 1);
	memset(&sym, 0, sizeof (sym));
	buf_add(&syms, &sym, sizeof (sym));

	if ((elf = elf_begin(fd, ELF_C_WRITE, NULL)) == NULL ||
	    gelf_newehdr(elf, ELFCLASS64) == NULL ||
	    gelf_getehdr(elf, &eh) == NULL) {
		dt_set_errmsg(dtp, EDT_LINK, "cannot make the ELF object: %s",
		    elf_errmsg(-1));
		goto out;
	}
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
	eh.e_type = ET_REL;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	if ((probes_ndx = add_scn(elf, n_probes, SHT_PROGBITS, SHF_ALLOC |
	    SHF_WRITE, sema, nprobes * 2, 2, 0, 0, 0, ELF_T_BYTE)) == 0)
		goto elferr;
	/* a semaphore symbol and a type note per probe */
	for (dt_provdecl_t *dvp = dtp->dt_provdecls; dvp != NULL;
	    dvp = dvp->dv_next) {
		for (dt_provprobe_t *pdp = dvp->dv_probes; pdp != NULL;
		    pdp = pdp->pd_next) {
			char name[256];

			snprintf(name, sizeof (name), "%s_%s_semaphore",
			    dvp->dv_name, pdp->pd_name);
			memset(&sym, 0, sizeof (sym));
			sym.st_name = (uint32_t)str.db_len;
			sym.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
			sym.st_other = STV_HIDDEN;
			sym.st_shndx = (uint16_t)probes_ndx;
			sym.st_value = (syms.db_len / sizeof (sym) - 1) * 2;
			sym.st_size = 2;
			buf_str(&str, name);
			buf_add(&syms, &sym, sizeof (sym));
			types_note(&notes, dvp, pdp);
		}
	}
	if (shstr.db_nomem || str.db_nomem || notes.db_nomem ||
	    syms.db_nomem) {
		dt_set_errno(dtp, EDT_NOMEM);
		goto out;
	}
	if (add_scn(elf, n_notes, SHT_NOTE, 0, notes.db_data, notes.db_len,
	    4, 0, 0, 0, ELF_T_BYTE) == 0 ||
	    add_scn(elf, n_stack, SHT_PROGBITS, 0, NULL, 0, 1, 0, 0, 0,
	    ELF_T_BYTE) == 0)
		goto elferr;
	/* .symtab links to .strtab, the section after it */
	strtab_ndx = probes_ndx + 4;
	if (add_scn(elf, n_symtab, SHT_SYMTAB, 0, syms.db_data, syms.db_len,
	    8, (uint32_t)strtab_ndx, 1, sizeof (Elf64_Sym), ELF_T_SYM) == 0 ||
	    add_scn(elf, n_strtab, SHT_STRTAB, 0, str.db_data, str.db_len, 1,
	    0, 0, 0, ELF_T_BYTE) != strtab_ndx ||
	    (shstr_ndx = add_scn(elf, n_shstrtab, SHT_STRTAB, 0, shstr.db_data,
	    shstr.db_len, 1, 0, 0, 0, ELF_T_BYTE)) == 0)
		goto elferr;
	eh.e_shstrndx = (uint16_t)shstr_ndx;
	if (gelf_update_ehdr(elf, &eh) == 0 ||
	    elf_update(elf, ELF_C_WRITE) < 0)
		goto elferr;
	rv = 0;
	goto out;
elferr:
	dt_set_errmsg(dtp, EDT_LINK, "cannot write the ELF object: %s",
	    elf_errmsg(-1));
out:
	if (elf != NULL)
		elf_end(elf);
	free(sema);
	free(shstr.db_data);
	free(str.db_data);
	free(notes.db_data);
	free(syms.db_data);
	return (rv);
}

/*
 * Write the object into file, an existing file that is not a regular one:
 * libelf needs a file it can seek and size, so the object is built in an
 * anonymous one and copied.
 */
static int
link_into(dtrace_hdl_t *dtp, const char *file)
{
	char buf[8192];
	ssize_t n = 0;
	int mfd, fd;

	if ((mfd = memfd_create("dtrace-G", MFD_CLOEXEC)) < 0)
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot create the "
		    "object: %s", strerror(errno)));
	if (write_object(dtp, mfd) != 0) {
		close(mfd);
		return (-1);
	}
	if ((fd = open(file, O_WRONLY | O_CLOEXEC)) < 0) {
		close(mfd);
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot write %s: %s",
		    file, strerror(errno)));
	}
	for (off_t off = 0; (n = pread(mfd, buf, sizeof (buf), off)) > 0;
	    off += n) {
		for (ssize_t done = 0, w; done < n; done += w) {
			if ((w = write(fd, buf + done, n - done)) < 0) {
				n = -1;
				break;
			}
		}
		if (n < 0)
			break;
	}
	close(mfd);
	if ((close(fd) != 0 && n == 0) || n < 0)
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot write %s: %s",
		    file, strerror(errno)));
	return (0);
}

DT_EXPORT int
dtrace_program_link(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, unsigned int dflags,
    const char *file, int objc, char *const objv[])
{
	char tmp[4096];
	struct stat st;
	int fd;

	(void) pgp;
	if (dflags != 0 || file == NULL || objc < 0 ||
	    (objc > 0 && objv == NULL))
		return (dt_set_errno(dtp, EINVAL));
	if (dtp->dt_provdecls == NULL)
		return (dt_set_errmsg(dtp, EDT_LINK, "no provider is "
		    "declared"));
	if (elf_version(EV_CURRENT) == EV_NONE)
		return (dt_set_errmsg(dtp, EDT_LINK, "libelf: %s",
		    elf_errmsg(-1)));
	for (int i = 0; i < objc; i++) {
		if (check_object(dtp, objv[i]) != 0)
			return (-1);
	}
	/*
	 * An existing file that is not a regular one (/dev/null, a pipe) is
	 * written in place: a rename over it would replace the node with a
	 * regular file.
	 */
	if (stat(file, &st) == 0 && !S_ISREG(st.st_mode))
		return (link_into(dtp, file));
	/* written aside, then renamed: no half-written object */
	if (snprintf(tmp, sizeof (tmp), "%s.tmpXXXXXX", file) >=
	    (int)sizeof (tmp))
		return (dt_set_errno(dtp, ENAMETOOLONG));
	if ((fd = mkstemp(tmp)) < 0)
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot create %s: %s",
		    file, strerror(errno)));
	if (write_object(dtp, fd) != 0) {
		close(fd);
		unlink(tmp);
		return (-1);
	}
	if (fchmod(fd, 0644) != 0 || close(fd) != 0 || rename(tmp, file) != 0) {
		int err = errno;

		unlink(tmp);
		return (dt_set_errmsg(dtp, EDT_LINK, "cannot write %s: %s",
		    file, strerror(err)));
	}
	return (0);
}
