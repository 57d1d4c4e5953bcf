/*
 * dt_x86len.c: the length of an x86-64 instruction, for the pid
 * provider's offset probes.
 *
 * A uprobe placed inside an instruction would replace one of its bytes
 * with a breakpoint and corrupt the process, so an offset probe
 * (pid123:a.out:main:1c) is accepted only at an instruction boundary,
 * found by walking the function from its first byte.  Only lengths are
 * decoded, not meanings: the prefixes (legacy, REX, VEX, EVEX, XOP), the
 * opcode map and opcode, then the ModRM, SIB, displacement and immediate
 * sizes the opcode implies.  Tables say, for each opcode of the one-byte
 * and 0F maps, whether a ModRM byte follows and how large the immediate
 * is; the 0F38 map has a ModRM and no immediate, 0F3A a ModRM and an
 * 8-bit immediate.  In 64-bit mode 0x62 is always EVEX and 0xc4/0xc5
 * always VEX; the operand-size prefix (0x66) makes a 16/32-bit immediate
 * 16 bits unless REX.W, the address-size prefix (0x67) makes a moffs 4
 * bytes instead of 8; near branches have a 32-bit displacement whatever
 * the prefixes (as Intel processors decode them).  Opcodes invalid in
 * 64-bit mode, and a length over 15 bytes or past the bytes given, are
 * refused (-1).
 */
#include <stddef.h>
#include <stdint.h>

#include "../core/dt_impl.h"
#include "dt_proc.h"

#define X_M	0x01		/* a ModRM byte follows */
#define X_I8	0x02		/* an 8-bit immediate */
#define X_I16	0x04		/* a 16-bit immediate */
#define X_IZ	0x08		/* 16 or 32 bits (operand size) */
#define X_IV	0x10		/* 16, 32 or 64 bits (mov reg, imm) */
#define X_MOFFS	0x20		/* an 8-byte address (4 with 0x67) */
#define X_J32	0x40		/* a 32-bit branch displacement */
#define X_BAD	0x80		/* invalid in 64-bit mode, or a prefix
				   handled before the table */
#define X_GRP3	0x100		/* f6/f7: an immediate for /0 and /1 */

#define M	X_M
#define MI8	(X_M | X_I8)
#define MIZ	(X_M | X_IZ)
#define I8	X_I8
#define IZ	X_IZ
#define B	X_BAD
#define J	X_J32

/* The one-byte map. */
static const uint16_t x86_map1[256] = {
	/* 00 */ M, M, M, M, I8, IZ, B, B, M, M, M, M, I8, IZ, B, B,
	/* 10 */ M, M, M, M, I8, IZ, B, B, M, M, M, M, I8, IZ, B, B,
	/* 20 */ M, M, M, M, I8, IZ, B, B, M, M, M, M, I8, IZ, B, B,
	/* 30 */ M, M, M, M, I8, IZ, B, B, M, M, M, M, I8, IZ, B, B,
	/* 40 */ B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,
	/* 50 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	/* 60 */ B, B, B, M, B, B, B, B, IZ, MIZ, I8, MI8, 0, 0, 0, 0,
	/* 70 */ I8, I8, I8, I8, I8, I8, I8, I8,
		 I8, I8, I8, I8, I8, I8, I8, I8,
	/* 80 */ MI8, MIZ, B, MI8, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 90 */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, B, 0, 0, 0, 0, 0,
	/* a0 */ X_MOFFS, X_MOFFS, X_MOFFS, X_MOFFS, 0, 0, 0, 0,
		 I8, IZ, 0, 0, 0, 0, 0, 0,
	/* b0 */ I8, I8, I8, I8, I8, I8, I8, I8,
		 X_IV, X_IV, X_IV, X_IV, X_IV, X_IV, X_IV, X_IV,
	/* c0 */ MI8, MI8, X_I16, 0, B, B, MI8, MIZ,
		 X_I16 | X_I8, 0, X_I16, 0, 0, I8, B, 0,
	/* d0 */ M, M, M, M, B, B, B, 0, M, M, M, M, M, M, M, M,
	/* e0 */ I8, I8, I8, I8, I8, I8, I8, I8, J, J, B, I8, 0, 0, 0, 0,
	/* f0 */ B, 0, B, B, 0, 0, X_M | X_GRP3, X_M | X_GRP3,
		 0, 0, 0, 0, 0, 0, M, M,
};

/* The two-byte map, 0f xx (0f 38 and 0f 3a are handled apart). */
static const uint16_t x86_map0f[256] = {
	/* 00 */ M, M, M, M, B, 0, 0, 0, 0, 0, B, 0, B, M, 0, MI8,
	/* 10 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 20 */ M, M, M, M, B, B, B, B, M, M, M, M, M, M, M, M,
	/* 30 */ 0, 0, 0, 0, 0, 0, B, 0, B, B, B, B, B, B, B, B,
	/* 40 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 50 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 60 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* 70 */ MI8, MI8, MI8, MI8, M, M, M, 0, M, M, B, B, M, M, M, M,
	/* 80 */ J, J, J, J, J, J, J, J, J, J, J, J, J, J, J, J,
	/* 90 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* a0 */ 0, 0, 0, M, MI8, M, B, B, 0, 0, 0, M, MI8, M, M, M,
	/* b0 */ M, M, M, M, M, M, M, M, M, M, MI8, M, M, M, M, M,
	/* c0 */ M, M, MI8, M, MI8, MI8, MI8, M, 0, 0, 0, 0, 0, 0, 0, 0,
	/* d0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* e0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
	/* f0 */ M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M,
};

#undef M
#undef MI8
#undef MIZ
#undef I8
#undef IZ
#undef B
#undef J

/* Opcode maps, as VEX, EVEX and XOP number them. */
enum { MAP_1 = 0, MAP_0F = 1, MAP_0F38 = 2, MAP_0F3A = 3 };

/*
 * The bytes that the ModRM byte at p (and the SIB and displacement it
 * implies) take, or -1 past end.
 */
static int
modrm_len(const uint8_t *p, const uint8_t *end)
{
	unsigned int mod, rm;
	int len = 1;

	if (p >= end)
		return (-1);
	mod = p[0] >> 6;
	rm = p[0] & 7;
	if (mod == 3)
		return (1);
	if (rm == 4) {				/* a SIB byte */
		if (p + 1 >= end)
			return (-1);
		len++;
		if (mod == 0 && (p[1] & 7) == 5)
			len += 4;		/* no base: disp32 */
	} else if (mod == 0 && rm == 5) {
		len += 4;			/* RIP-relative disp32 */
	}
	if (mod == 1)
		len += 1;
	else if (mod == 2)
		len += 4;
	return (len);
}

/*
 * The length of the instruction at p (at most n bytes readable), or -1 if
 * it is invalid in 64-bit mode, longer than 15 bytes or runs past n.
 */
int
dt_x86_insnlen(const uint8_t *p, size_t n)
{
	const uint8_t *s = p, *end = p + (n < 15 ? n : 15);
	bool opsize = false, adsize = false, rexw = false;
	unsigned int map = MAP_1, op;
	uint16_t fl;
	int len, imm = 0;

	/* legacy prefixes, then REX (which must come last) */
	for (;; p++) {
		if (p >= end)
			return (-1);
		switch (*p) {
		case 0x66:
			opsize = true;
			rexw = false;
			continue;
		case 0x67:
			adsize = true;
			rexw = false;
			continue;
		case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64:
		case 0x65: case 0xf0: case 0xf2: case 0xf3:
			rexw = false;		/* a REX before it is ignored */
			continue;
		}
		if ((*p & 0xf0) == 0x40) {	/* the last REX counts */
			rexw = (*p & 8) != 0;
			continue;
		}
		break;
	}

	/* VEX (c4, c5), EVEX (62) and XOP (8f with a map >= 8) */
	if (*p == 0xc5 || *p == 0xc4 || *p == 0x62 ||
	    (*p == 0x8f && p + 1 < end && (p[1] & 0x1f) >= 8)) {
		unsigned int lead = *p;
		int plen = lead == 0xc5 ? 1 : lead == 0x62 ? 3 : 2;

		if (p + plen + 1 >= end)
			return (-1);
		map = lead == 0xc5 ? MAP_0F : p[1] & (lead == 0x62 ? 7 : 0x1f);
		p += plen + 1;
		op = *p++;
		if (lead == 0x8f) {		/* XOP maps 8, 9, a */
			if (map < 8 || map > 10)
				return (-1);
			len = modrm_len(p, end);
			if (len < 0)
				return (-1);
			imm = map == 8 ? 1 : map == 10 ? 4 : 0;
			p += len + imm;
			return (p <= end ? (int)(p - s) : -1);
		}
		if (map == MAP_0F && op == 0x77 && lead != 0x62)
			return ((int)(p - s));	/* vzeroupper, vzeroall */
		if (map == MAP_0F) {
			fl = x86_map0f[op];
			imm = (fl & X_I8) ? 1 : 0;
		} else if (map == MAP_0F3A) {
			imm = 1;
		} else if (map == MAP_0F38 || (lead == 0x62 && (map == 5 ||
		    map == 6))) {
			imm = 0;		/* and EVEX's FP16 maps */
		} else {
			return (-1);
		}
		if ((len = modrm_len(p, end)) < 0)
			return (-1);
		p += len + imm;
		return (p <= end ? (int)(p - s) : -1);
	}

	op = *p++;
	if (op == 0x0f) {
		if (p >= end)
			return (-1);
		op = *p++;
		if (op == 0x38 || op == 0x3a) {
			if (p >= end)
				return (-1);
			p++;			/* the opcode */
			if ((len = modrm_len(p, end)) < 0)
				return (-1);
			p += len + (op == 0x3a);
			return (p <= end ? (int)(p - s) : -1);
		}
		fl = x86_map0f[op];
	} else {
		fl = x86_map1[op];
	}
	if (fl & X_BAD)
		return (-1);
	if (fl & X_M) {
		if ((len = modrm_len(p, end)) < 0)
			return (-1);
		if ((fl & X_GRP3) && ((*p >> 3) & 7) < 2)
			imm += op == 0xf6 ? 1 : rexw || !opsize ? 4 : 2;
		p += len;
	}
	if (fl & X_I8)
		imm += 1;
	if (fl & X_I16)
		imm += 2;
	if (fl & X_IZ)
		imm += rexw || !opsize ? 4 : 2;
	if (fl & X_IV)
		imm += rexw ? 8 : opsize ? 2 : 4;
	if (fl & X_MOFFS)
		imm += adsize ? 4 : 8;
	if (fl & X_J32)
		imm += 4;
	p += imm;
	return (p <= end ? (int)(p - s) : -1);
}

/*
 * Walk the code of a function of size bytes from its first byte: 0 if
 * off is the start of one of its instructions, 1 if off falls inside an
 * instruction, 2 if off is at or past its end, -1 if an instruction
 * before off cannot be decoded.
 */
int
dt_x86_boundary(const uint8_t *code, size_t size, uint64_t off)
{
	size_t at = 0;

	if (off >= size)
		return (2);
	while (at < off) {
		int len = dt_x86_insnlen(code + at, size - at);

		if (len < 0)
			return (-1);
		at += (size_t)len;
	}
	return (at == off ? 0 : 1);
}

/*
 * Can the kernel place a uprobe on the instruction at p (n bytes
 * readable)?  Linux's x86 uprobes refuse an instruction with a LOCK
 * prefix or an ES, CS, SS or DS segment prefix, and one encoded with a
 * VEX or EVEX prefix (0xc4, 0xc5, 0x62 in 64-bit code; measured on this
 * project's kernel: "lock decl" at the start of pthread_spin_lock, the
 * "cs nopw" of alignment padding and the vpxor/vmovdqu that start
 * libc's AVX string functions fail the link with ENOTSUPP).  Other
 * instructions it refuses are found only when the link is made.
 */
bool
dt_x86_uprobe_ok(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n && i < 15; i++) {
		switch (p[i]) {
		case 0x26: case 0x2e: case 0x36: case 0x3e: case 0xf0:
		case 0xc4: case 0xc5: case 0x62:
			return (false);
		case 0x66: case 0x67: case 0x64: case 0x65: case 0xf2:
		case 0xf3:
			continue;
		}
		if ((p[i] & 0xf0) == 0x40)
			continue;
		break;
	}
	return (true);
}
