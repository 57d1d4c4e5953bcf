/*
 * pdelf: crafted ELF files for the dtprobed tests, and a process that
 * maps them.
 *
 *   pdelf make OUT [-n NOTES] [-a ARGLEN] [-s SITE] [-S SEMA] [-p PHNUM]
 *       [-x XSIZE] [-w WSIZE]
 *     writes a 64-bit ELF file that is not meant to run: its addresses
 *     are its file offsets (vaddr == offset), with
 *       0x0000-0x0fff  the headers       (in the code segment)
 *       0x1000-0x1fff  code              PT_LOAD R+X, offset 0, XSIZE
 *                                        bytes of file (default 0x2000)
 *       0x2000-0x2fff  writable data     PT_LOAD R+W, offset 0x2000,
 *                                        WSIZE bytes of file (0x1000)
 *       0x3000-        .note.stapsdt, .shstrtab, the section headers
 *     and NOTES stapsdt notes (default 1) of provider pdtest, named
 *     n000000000, n000000001, ..., at site SITE (default 0x1000) with
 *     semaphore SEMA (default 0), argument specs ARGLEN 'x' characters
 *     (default 0); PHNUM program headers in all (default 2: the others
 *     are read-only PT_LOAD segments far from everything, after the
 *     section headers when they do not fit before 0x1000).
 *
 *   pdelf map FILE...
 *     maps each file readable and executable, as the loader maps code,
 *     says "mapped" and waits to be killed: dtprobed reads the files a
 *     process maps executable.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

static int
do_map(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		struct stat st;
		int fd = open(argv[i], O_RDONLY);

		if (fd < 0 || fstat(fd, &st) != 0 || mmap(NULL,
		    (size_t)st.st_size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd,
		    0) == MAP_FAILED) {
			perror(argv[i]);
			return (1);
		}
		close(fd);
	}
	printf("mapped\n");
	fflush(stdout);
	for (;;)
		pause();
}

static void
put(FILE *fp, const void *p, size_t n)
{
	if (fwrite(p, 1, n, fp) != n) {
		perror("pdelf: write");
		exit(1);
	}
}

static int
do_make(const char *out, int argc, char **argv)
{
	unsigned long notes = 1, arglen = 0, phnum = 2, xsize = 0x2000;
	unsigned long wsize = 0x1000;
	unsigned long long site = 0x1000, sema = 0;
	static const char shstr[] = "\0.note.stapsdt\0.shstrtab";
	Elf64_Ehdr eh = { 0 };
	Elf64_Shdr sh[3] = { { 0 } };
	char *args, zero[0x3000] = { 0 };
	size_t descsz, notesz, nsect;
	uint64_t shstroff, shoff;
	FILE *fp;
	int c;

	while ((c = getopt(argc, argv, "n:a:s:S:p:x:w:")) != -1) {
		switch (c) {
		case 'n': notes = strtoul(optarg, NULL, 0); break;
		case 'a': arglen = strtoul(optarg, NULL, 0); break;
		case 's': site = strtoull(optarg, NULL, 0); break;
		case 'S': sema = strtoull(optarg, NULL, 0); break;
		case 'p': phnum = strtoul(optarg, NULL, 0); break;
		case 'x': xsize = strtoul(optarg, NULL, 0); break;
		case 'w': wsize = strtoul(optarg, NULL, 0); break;
		default: return (2);
		}
	}
	if (phnum < 2 || phnum > 65000 || notes > 999999999) {
		fprintf(stderr, "pdelf: 2 to 65000 headers, fewer notes\n");
		return (2);
	}
	if ((args = malloc(arglen + 1)) == NULL)
		return (1);
	memset(args, 'x', arglen);
	args[arglen] = '\0';
	/* descriptor: 3 addresses, "pdtest", "nNNNNNNNNN", args; padded */
	descsz = 24 + 7 + 11 + arglen + 1;
	notesz = 12 + 8 + ((descsz + 3) & ~(size_t)3);
	nsect = notesz * notes;
	shstroff = 0x3000 + nsect;
	shoff = (shstroff + sizeof (shstr) + 7) & ~(uint64_t)7;

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_DYN;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_ehsize = sizeof (eh);
	eh.e_phentsize = sizeof (Elf64_Phdr);
	eh.e_phnum = (Elf64_Half)phnum;
	eh.e_shentsize = sizeof (Elf64_Shdr);
	eh.e_shnum = 3;
	eh.e_shstrndx = 2;
	eh.e_shoff = shoff;
	/* the program headers: after the header, or after everything */
	eh.e_phoff = 64 + phnum * sizeof (Elf64_Phdr) <= 0x1000 ? 64 :
	    shoff + sizeof (sh);

	sh[1].sh_name = 1;
	sh[1].sh_type = SHT_NOTE;
	sh[1].sh_offset = 0x3000;
	sh[1].sh_size = nsect;
	sh[1].sh_addralign = 4;
	sh[2].sh_name = 15;
	sh[2].sh_type = SHT_STRTAB;
	sh[2].sh_offset = shstroff;
	sh[2].sh_size = sizeof (shstr);
	sh[2].sh_addralign = 1;

	if ((fp = fopen(out, "w")) == NULL) {
		perror(out);
		return (1);
	}
	put(fp, &eh, sizeof (eh));
	put(fp, zero, 0x3000 - sizeof (eh));
	for (unsigned long i = 0; i < notes; i++) {
		Elf64_Nhdr nh = { 8, (Elf64_Word)descsz, 3 };
		uint64_t a[3] = { site, 0, sema };
		char name[12];

		snprintf(name, sizeof (name), "n%09lu", i);
		put(fp, &nh, sizeof (nh));
		put(fp, "stapsdt", 8);
		put(fp, a, sizeof (a));
		put(fp, "pdtest", 7);
		put(fp, name, 11);
		put(fp, args, arglen + 1);
		put(fp, zero, ((descsz + 3) & ~(size_t)3) - descsz);
	}
	put(fp, shstr, sizeof (shstr));
	put(fp, zero, shoff - shstroff - sizeof (shstr));
	put(fp, sh, sizeof (sh));
	/* the program headers: at e_phoff, after the header or at the end */
	for (unsigned long i = 0; i < phnum; i++) {
		Elf64_Phdr ph = { .p_type = PT_LOAD, .p_align = 0x1000 };

		if (i == 0) {
			ph.p_flags = PF_R | PF_X;
			ph.p_filesz = ph.p_memsz = xsize;
		} else if (i == 1) {
			ph.p_flags = PF_R | PF_W;
			ph.p_offset = ph.p_vaddr = 0x2000;
			ph.p_filesz = ph.p_memsz = wsize;
		} else {
			ph.p_flags = PF_R;
			ph.p_offset = 0;
			ph.p_vaddr = (uint64_t)1 << 40 | i << 12;
			ph.p_filesz = ph.p_memsz = 0x1000;
		}
		if (fseek(fp, (long)(eh.e_phoff + i * sizeof (ph)),
		    SEEK_SET) != 0) {
			perror(out);
			return (1);
		}
		put(fp, &ph, sizeof (ph));
	}
	if (fclose(fp) != 0) {
		perror(out);
		return (1);
	}
	free(args);
	return (0);
}

int
main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "make") == 0)
		return (do_make(argv[2], argc - 2, argv + 2));
	if (argc >= 3 && strcmp(argv[1], "map") == 0)
		return (do_map(argc - 2, argv + 2));
	fprintf(stderr, "usage: pdelf make OUT [-n notes] [-a arglen] "
	    "[-s site] [-S sema] [-p phnum] [-x xsize] [-w wsize]\n"
	    "       pdelf map FILE...\n");
	return (2);
}
