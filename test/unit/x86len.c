/*
 * Unit tests of the x86-64 instruction-length decoder (proc/dt_x86len.c):
 * instructions of known length, one of each encoding the decoder tells
 * apart (encodings checked with the GNU assembler and objdump), then real code:
 * every function of the C library, walked from its first byte, must end
 * exactly at its symbol's end.  A function whose walk does not is
 * printed; a few may hold data in their code or be padded oddly, so up
 * to 0.5% of them may fail, no more, and the counts are printed.
 *
 * Another ELF file may be named as the argument.  Set X86LEN_DUMP=FILE to write "address name+offset length" for every
 * instruction of every function walked, to compare with objdump -d.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dt_impl.h"
#include "proc/dt_proc.h"

#include "check.h"

#define LIBC	"/lib/x86_64-linux-gnu/libc.so.6"

typedef struct known {
	const char *k_what;		/* the instruction */
	uint8_t k_bytes[16];		/* its encoding */
	int k_len;			/* its length */
} known_t;

static const known_t known[] = {
	{ "ret", { 0xc3 }, 1 },
	{ "push %rbp", { 0x55 }, 1 },
	{ "push %r12", { 0x41, 0x54 }, 2 },
	{ "mov %rsp,%rbp", { 0x48, 0x89, 0xe5 }, 3 },
	{ "endbr64", { 0xf3, 0x0f, 0x1e, 0xfa }, 4 },
	{ "lea 0x0(%rip),%rdi", { 0x48, 0x8d, 0x3d, 0, 0, 0, 0 }, 7 },
	{ "mov 0x8(%rsp,%rax,8),%rdx", { 0x48, 0x8b, 0x54, 0xc4, 0x08 }, 5 },
	{ "mov 0x100(%rbx),%eax", { 0x8b, 0x83, 0, 1, 0, 0 }, 6 },
	{ "mov 0x0(,%rax,4),%eax", { 0x8b, 0x04, 0x85, 0, 0, 0, 0 }, 7 },
	{ "add $0x8,%rsp", { 0x48, 0x83, 0xc4, 0x08 }, 4 },
	{ "sub $0x1000,%rsp", { 0x48, 0x81, 0xec, 0, 0x10, 0, 0 }, 7 },
	{ "cmpw $0x1234,(%rax)", { 0x66, 0x81, 0x38, 0x34, 0x12 }, 5 },
	{ "movabs $0x1122334455667788,%rax",
	    { 0x48, 0xb8, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 },
	    10 },
	{ "mov $0x1,%eax", { 0xb8, 1, 0, 0, 0 }, 5 },
	{ "mov $0x1,%ax", { 0x66, 0xb8, 1, 0 }, 4 },
	{ "movabs 0x1122334455667788,%al",
	    { 0xa0, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 }, 9 },
	{ "addr32 mov 0x11223344,%al", { 0x67, 0xa0, 0x44, 0x33, 0x22, 0x11 },
	    6 },
	{ "testb $0x1,(%rdi)", { 0xf6, 0x07, 0x01 }, 3 },
	{ "testl $0x1,(%rdi)", { 0xf7, 0x07, 1, 0, 0, 0 }, 6 },
	{ "notl (%rdi)", { 0xf7, 0x17 }, 2 },
	{ "call rel32", { 0xe8, 0, 0, 0, 0 }, 5 },
	{ "jmp rel8", { 0xeb, 0x10 }, 2 },
	{ "je rel32", { 0x0f, 0x84, 0, 0, 0, 0 }, 6 },
	{ "ret $0x8", { 0xc2, 0x08, 0x00 }, 3 },
	{ "enter $0x10,$0x0", { 0xc8, 0x10, 0x00, 0x00 }, 4 },
	{ "nopw 0x0(%rax,%rax,1)", { 0x66, 0x0f, 0x1f, 0x44, 0, 0 }, 6 },
	{ "data16 cs nopw 0x0(%rax,%rax,1)",
	    { 0x66, 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0 }, 11 },
	{ "lock cmpxchg %edx,(%rdi)", { 0xf0, 0x0f, 0xb1, 0x17 }, 4 },
	{ "mov %fs:0x28,%rax",
	    { 0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0 }, 9 },
	{ "pshufd $0x0,%xmm1,%xmm0", { 0x66, 0x0f, 0x70, 0xc1, 0x00 }, 5 },
	{ "pcmpistri $0x1a,(%rsi),%xmm1",
	    { 0x66, 0x0f, 0x3a, 0x63, 0x0e, 0x1a }, 6 },
	{ "pshufb %xmm1,%xmm0", { 0x66, 0x0f, 0x38, 0x00, 0xc1 }, 5 },
	{ "vmovdqu (%rsi),%ymm0", { 0xc5, 0xfe, 0x6f, 0x06 }, 4 },
	{ "vpcmpeqb 0x20(%rdi),%ymm0,%ymm1",
	    { 0xc5, 0xfd, 0x74, 0x4f, 0x20 }, 5 },
	{ "vpbroadcastb %xmm0,%ymm0", { 0xc4, 0xe2, 0x7d, 0x78, 0xc0 }, 5 },
	{ "vperm2i128 $0x1,%ymm1,%ymm0,%ymm0",
	    { 0xc4, 0xe3, 0x7d, 0x46, 0xc1, 0x01 }, 6 },
	{ "vzeroupper", { 0xc5, 0xf8, 0x77 }, 3 },
	{ "vmovdqu64 (%rsi),%zmm16",
	    { 0x62, 0xe1, 0xfe, 0x48, 0x6f, 0x06 }, 6 },
	{ "vpcmpb $0x0,0x40(%rdi),%zmm16,%k1",
	    { 0x62, 0xf3, 0x7d, 0x40, 0x3f, 0x4f, 0x01, 0x00 }, 8 },
	{ "xbegin rel32", { 0xc7, 0xf8, 0, 0, 0, 0 }, 6 },
	{ "syscall", { 0x0f, 0x05 }, 2 },
	{ "rex.W prefix then 0x66 ignored: mov $imm16",
	    { 0x48, 0x66, 0xb8, 1, 0 }, 5 },
};

static const uint8_t invalid[][4] = {
	{ 0x06 },		/* push %es: invalid in 64-bit mode */
	{ 0x0f, 0x04 },		/* no such instruction */
	{ 0xd6 },		/* salc */
};

int
main(int argc, char **argv)
{
	const char *file = argc > 1 ? argv[1] : LIBC;
	dtrace_hdl_t *dtp = open_nodev();
	const dt_elf_t *ef;
	size_t nfun = 0, nexact = 0, nfail = 0, nempty = 0, nalias = 0;
	uint64_t *seen;
	const char *dump = getenv("X86LEN_DUMP");
	FILE *dfp = dump != NULL ? fopen(dump, "w") : NULL;

	for (size_t i = 0; i < sizeof (known) / sizeof (known[0]); i++) {
		int len = dt_x86_insnlen(known[i].k_bytes, 15);

		if (len != known[i].k_len)
			fprintf(stderr, "  %s: length %d, not %d\n",
			    known[i].k_what, len, known[i].k_len);
		CHECK(len == known[i].k_len);
		/* one byte short of the instruction: refused */
		CHECK(dt_x86_insnlen(known[i].k_bytes,
		    (size_t)known[i].k_len - 1) == -1);
	}
	for (size_t i = 0; i < sizeof (invalid) / sizeof (invalid[0]); i++)
		CHECK(dt_x86_insnlen(invalid[i], 4) == -1);

	/* boundaries: push %rbp (1); mov %rsp,%rbp (3); ret (1) */
	{
		static const uint8_t f[] = { 0x55, 0x48, 0x89, 0xe5, 0xc3 };

		CHECK(dt_x86_boundary(f, 5, 0) == 0);
		CHECK(dt_x86_boundary(f, 5, 1) == 0);
		CHECK(dt_x86_boundary(f, 5, 2) == 1);
		CHECK(dt_x86_boundary(f, 5, 3) == 1);
		CHECK(dt_x86_boundary(f, 5, 4) == 0);
		CHECK(dt_x86_boundary(f, 5, 5) == 2);
		CHECK(dt_x86_boundary(f, 5, 0x100) == 2);
	}

	/*
	 * instructions the kernel's uprobes refuse: lock, segment prefixes,
	 * VEX and EVEX encodings (the ones the rows below decode)
	 */
	{
		static const uint8_t lockdec[] = { 0xf0, 0xff, 0x0f };
		static const uint8_t csnop[] = { 0x66, 0x2e, 0x0f, 0x1f, 0x84,
		    0, 0, 0, 0, 0 };
		static const uint8_t notrack[] = { 0x3e, 0xff, 0xe0 };
		static const uint8_t fsmov[] = { 0x64, 0x48, 0x8b, 0x04, 0x25,
		    0x28, 0, 0, 0 };
		static const uint8_t rexlea[] = { 0x48, 0x8d, 0x3d, 0, 0, 0,
		    0 };
		static const uint8_t vpxor[] = { 0xc5, 0xf9, 0xef, 0xc0 };
		static const uint8_t vpbroadcastb[] = { 0xc4, 0xe2, 0x7d, 0x78,
		    0xc0 };
		static const uint8_t evexmov[] = { 0x62, 0xe1, 0xfe, 0x28, 0x6f,
		    0x07 };
		static const uint8_t endbr[] = { 0xf3, 0x0f, 0x1e, 0xfa };

		CHECK(!dt_x86_uprobe_ok(lockdec, sizeof (lockdec)));
		CHECK(!dt_x86_uprobe_ok(csnop, sizeof (csnop)));
		CHECK(!dt_x86_uprobe_ok(notrack, sizeof (notrack)));
		CHECK(dt_x86_uprobe_ok(fsmov, sizeof (fsmov)));
		CHECK(dt_x86_uprobe_ok(rexlea, sizeof (rexlea)));
		CHECK(!dt_x86_uprobe_ok(vpxor, sizeof (vpxor)));
		CHECK(!dt_x86_uprobe_ok(vpbroadcastb, sizeof (vpbroadcastb)));
		CHECK(!dt_x86_uprobe_ok(evexmov, sizeof (evexmov)));
		CHECK(dt_x86_uprobe_ok(endbr, sizeof (endbr)));
		CHECK(dt_x86_insnlen(vpxor, sizeof (vpxor)) == 4);
		CHECK(dt_x86_insnlen(vpbroadcastb, sizeof (vpbroadcastb)) == 5);
		CHECK(dt_x86_insnlen(evexmov, sizeof (evexmov)) == 6);
	}

	CHECK((ef = dt_elf_lookup(dtp, file)) != NULL);
	if (ef == NULL)
		return (check_done("x86len"));
	seen = calloc(ef->ef_nsyms, sizeof (uint64_t));
	CHECK(seen != NULL);
	for (size_t i = 0; seen != NULL && i < ef->ef_nsyms; i++) {
		const dt_elfsym_t *sym = &ef->ef_syms[i];
		uint8_t *code;
		size_t at = 0;
		bool dup = false;

		if (sym->es_size == 0) {
			nempty++;
			continue;
		}
		for (size_t j = 0; j < nfun && !dup; j++)
			dup = seen[j] == sym->es_off;
		if (dup) {
			nalias++;	/* another name of a function walked */
			continue;
		}
		seen[nfun++] = sym->es_off;
		if ((code = dt_elf_code(dtp, ef, sym)) == NULL) {
			CHECK(code != NULL);
			continue;
		}
		while (at < sym->es_size) {
			int len = dt_x86_insnlen(code + at, sym->es_size - at);

			if (len < 0)
				break;
			if (dfp != NULL)
				fprintf(dfp, "%llx %s+%zx %d\n",
				    (unsigned long long)(sym->es_value + at),
				    sym->es_name, at, len);
			at += (size_t)len;
		}
		if (at == sym->es_size) {
			nexact++;
		} else {
			nfail++;
			fprintf(stderr, "  %s (size %#llx): the walk stops at "
			    "%#zx, byte %02x\n", sym->es_name,
			    (unsigned long long)sym->es_size, at,
			    at < sym->es_size ? code[at] : 0);
		}
		free(code);
	}
	printf("x86len: %s: %zu functions walked, %zu end exactly at their "
	    "end, %zu do not; %zu of size 0 and %zu aliases skipped\n", file,
	    nfun, nexact, nfail, nempty, nalias);
	CHECK(nfun > 1000);
	CHECK(nfail * 200 <= nfun);
	free(seen);
	if (dfp != NULL)
		fclose(dfp);
	dtrace_close(dtp);
	return (check_done("x86len"));
}
