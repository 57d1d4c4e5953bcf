/*
 * dt_cfi.c: DWARF call frame information (.eh_frame, .debug_frame) for
 * unwinding user stacks without frame pointers, in the consumer.
 *
 * A ustack() record carries the thread's user registers and a copy of the
 * top of its user stack (codegen/dt_cg.c, emit_ustack_copy()).  For each
 * frame the consumer finds the FDE (frame description entry) that covers
 * the pc in the file mapped there, runs its CIE's initial instructions and
 * then its own up to the pc, which gives the rule for the CFA (canonical
 * frame address: a register plus an offset) and for each register of the
 * caller (saved at CFA + N, equal to CFA + N, in another register, or
 * unchanged).  The caller's pc is the return address rule's value, its sp
 * the CFA.  Memory is only read from the stack copy.
 *
 * A file's tables are read once, kept by the caller per file: with the
 * index of .eh_frame_hdr (dt_cfi_parse_index()) nothing more, an FDE is
 * parsed when a pc needs it; without one (or with a .debug_frame) all are
 * parsed (dt_cfi_parse()) into an array sorted by their first pc.  The
 * sections' bytes are copied so that the instructions can be run later.  The parser
 * reads files of untrusted processes: every length is checked against its
 * entry and its section, every loop is bounded by the bytes it consumes
 * or by a fixed count, and anything not understood makes that entry (or
 * that step) fail, never the session.  Not handled, each a documented
 * stop of the walk: DW_CFA_def_cfa_expression and register expressions
 * (the PLT's and a few hand-written functions' rules), signal frames, and
 * pointer encodings relative to data or text bases.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_cfi.h"

#define CFI_MAXSTATE	16	/* depth of DW_CFA_remember_state */
#define CFI_MAXFDES	(1U << 22)	/* FDEs of one section at most */
#define CFI_MAXLOADS	16	/* PT_LOAD headers kept */

typedef struct cfi_fde {
	uint64_t cf_lo;			/* first pc (link-time address) */
	uint64_t cf_hi;			/* past the last */
	uint32_t cf_cie;		/* offset of its CIE in the section */
	uint32_t cf_ins;		/* offset of its instructions */
	uint32_t cf_end;		/* past them */
	uint8_t cf_sect;		/* 0: .eh_frame, 1: .debug_frame */
} cfi_fde_t;

typedef struct cfi_sect {
	uint8_t *cs_buf;		/* the section's bytes (a copy) */
	size_t cs_size;			/* how many */
	uint64_t cs_addr;		/* its link-time address */
	bool cs_debug;			/* .debug_frame's conventions */
} cfi_sect_t;

struct dt_cfi {
	cfi_sect_t ci_sect[2];		/* .eh_frame, .debug_frame */
	cfi_fde_t *ci_fdes;		/* by cf_lo */
	size_t ci_nfdes;		/* how many */
	int32_t *ci_index;		/* or .eh_frame_hdr's table: pairs
					   (first pc, FDE address), relative
					   to ci_hdraddr, by first pc */
	size_t ci_nindex;		/* its pairs */
	uint64_t ci_hdraddr;		/* .eh_frame_hdr's address */
	size_t ci_nloads;		/* PT_LOAD headers */
	uint64_t ci_loff[CFI_MAXLOADS];	/* their file offsets */
	uint64_t ci_lvaddr[CFI_MAXLOADS]; /* their addresses */
	uint64_t ci_lsize[CFI_MAXLOADS]; /* their file sizes */
};

/* A CIE, as far as the unwinder needs it. */
typedef struct cfi_cie {
	uint64_t ce_calign;		/* code alignment factor */
	int64_t ce_dalign;		/* data alignment factor */
	uint64_t ce_ra;			/* return address register */
	uint8_t ce_fdeenc;		/* 'R': FDE pointer encoding */
	bool ce_aug;			/* 'z': augmentation data lengths */
	bool ce_signal;			/* 'S': a signal frame */
	uint32_t ce_ins;		/* initial instructions */
	uint32_t ce_end;		/* past them */
} cfi_cie_t;

/* A bounded reader over [p, end) of a section. */
typedef struct cfi_rd {
	const uint8_t *cr_base;		/* the section */
	size_t cr_pos;			/* next byte */
	size_t cr_end;			/* past the last readable */
	uint64_t cr_addr;		/* the section's address (pcrel) */
	bool cr_bad;			/* read past cr_end */
} cfi_rd_t;

static uint64_t
rd_bytes(cfi_rd_t *r, size_t n)
{
	uint64_t v = 0;

	if (r->cr_bad || n > r->cr_end - r->cr_pos) {
		r->cr_bad = true;
		return (0);
	}
	for (size_t i = 0; i < n; i++)	/* little-endian */
		v |= (uint64_t)r->cr_base[r->cr_pos + i] << (8 * i);
	r->cr_pos += n;
	return (v);
}

static uint64_t
rd_uleb(cfi_rd_t *r)
{
	uint64_t v = 0;

	for (unsigned int shift = 0; shift < 70; shift += 7) {
		uint64_t b = rd_bytes(r, 1);

		if (r->cr_bad)
			return (0);
		if (shift < 64)
			v |= (b & 0x7f) << shift;
		if ((b & 0x80) == 0)
			return (v);
	}
	r->cr_bad = true;	/* more than 10 bytes */
	return (0);
}

static int64_t
rd_sleb(cfi_rd_t *r)
{
	uint64_t v = 0, b = 0;
	unsigned int shift = 0;

	while (shift < 70) {
		b = rd_bytes(r, 1);
		if (r->cr_bad)
			return (0);
		if (shift < 64)
			v |= (b & 0x7f) << shift;
		shift += 7;
		if ((b & 0x80) == 0)
			break;
	}
	if (shift >= 70) {
		r->cr_bad = true;
		return (0);
	}
	if (shift < 64 && (b & 0x40))
		v |= ~0ULL << shift;
	return ((int64_t)v);
}

/* a * b, wrapping as the unsigned product does (no signed overflow) */
static int64_t
mul(uint64_t a, int64_t b)
{
	return ((int64_t)(a * (uint64_t)b));
}

/* A pointer of encoding enc (DW_EH_PE_*); false for what is not handled. */
static bool
rd_ptr(cfi_rd_t *r, uint8_t enc, uint64_t *vp)
{
	uint64_t at = r->cr_addr + r->cr_pos, v;

	if (enc == 0xff)	/* omitted */
		return (false);
	switch (enc & 0x0f) {
	case 0x00: v = rd_bytes(r, 8); break;
	case 0x01: v = rd_uleb(r); break;
	case 0x02: v = rd_bytes(r, 2); break;
	case 0x03: v = rd_bytes(r, 4); break;
	case 0x04: v = rd_bytes(r, 8); break;
	case 0x09: v = (uint64_t)rd_sleb(r); break;
	case 0x0a: v = (uint64_t)(int64_t)(int16_t)rd_bytes(r, 2); break;
	case 0x0b: v = (uint64_t)(int64_t)(int32_t)rd_bytes(r, 4); break;
	case 0x0c: v = rd_bytes(r, 8); break;
	default: r->cr_bad = true; return (false);
	}
	switch (enc & 0x70) {
	case 0x00: break;
	case 0x10: v += at; break;	/* pcrel */
	default: r->cr_bad = true; return (false);	/* textrel, datarel */
	}
	if (enc & 0x80) {	/* indirect: not in CFI we use */
		r->cr_bad = true;
		return (false);
	}
	*vp = v;
	return (!r->cr_bad);
}

/*
 * The length of the entry at pos: its contents are [*startp, *endp).
 * False at the end of the section or for a length past it.
 */
static bool
entry_bounds(const cfi_sect_t *s, size_t pos, size_t *startp, size_t *endp)
{
	cfi_rd_t r = { s->cs_buf, pos, s->cs_size, s->cs_addr, false };
	uint64_t len = rd_bytes(&r, 4);

	if (len == 0xffffffffULL)
		len = rd_bytes(&r, 8);
	if (r.cr_bad || len == 0 || len > s->cs_size - r.cr_pos)
		return (false);
	*startp = r.cr_pos;
	*endp = r.cr_pos + (size_t)len;
	return (true);
}

/* Parse the CIE at offset off of section s. */
static bool
cie_parse(const cfi_sect_t *s, size_t off, cfi_cie_t *c)
{
	size_t start, end;
	cfi_rd_t r;
	uint64_t id, version;
	const char *aug;
	size_t auglen;

	memset(c, 0, sizeof (*c));
	c->ce_fdeenc = 0;	/* absptr */
	if (off >= s->cs_size || !entry_bounds(s, off, &start, &end))
		return (false);
	r = (cfi_rd_t){ s->cs_buf, start, end, s->cs_addr, false };
	id = rd_bytes(&r, 4);
	if (id != (s->cs_debug ? 0xffffffffULL : 0))
		return (false);
	version = rd_bytes(&r, 1);
	if (r.cr_bad || (version != 1 && version != 3 && version != 4))
		return (false);
	aug = (const char *)s->cs_buf + r.cr_pos;
	auglen = strnlen(aug, end - r.cr_pos);
	if (auglen == end - r.cr_pos)
		return (false);	/* no NUL in the entry */
	r.cr_pos += auglen + 1;
	if (auglen > 0 && aug[0] != 'z' && strcmp(aug, "eh") != 0)
		return (false);	/* an augmentation we cannot skip */
	if (strcmp(aug, "eh") == 0)
		(void) rd_bytes(&r, 8);
	if (version == 4 && (rd_bytes(&r, 1) != 8 || rd_bytes(&r, 1) != 0))
		return (false);	/* address size, segment size */
	c->ce_calign = rd_uleb(&r);
	c->ce_dalign = rd_sleb(&r);
	c->ce_ra = version == 1 ? rd_bytes(&r, 1) : rd_uleb(&r);
	if (aug[0] == 'z') {
		uint64_t alen = rd_uleb(&r);
		size_t aend;

		if (r.cr_bad || alen > end - r.cr_pos)
			return (false);
		aend = r.cr_pos + (size_t)alen;
		c->ce_aug = true;
		for (size_t i = 1; i < auglen && !r.cr_bad; i++) {
			uint64_t junk;

			switch (aug[i]) {
			case 'R':
				c->ce_fdeenc = (uint8_t)rd_bytes(&r, 1);
				break;
			case 'L':
				(void) rd_bytes(&r, 1);
				break;
			case 'P': {
				uint8_t enc = (uint8_t)rd_bytes(&r, 1);

				/* its value is not needed, only its size */
				if (!rd_ptr(&r, enc & 0x0f, &junk))
					return (false);
				break;
			}
			case 'S':
				c->ce_signal = true;
				break;
			case 'B':	/* AArch64 keys, G: MTE: no data */
			case 'G':
				break;
			default:
				return (false);
			}
		}
		if (r.cr_bad || r.cr_pos > aend)
			return (false);
		r.cr_pos = aend;
	}
	if (r.cr_bad || c->ce_calign == 0 || c->ce_ra > DT_CFI_NREGS - 1)
		return (false);
	c->ce_ins = (uint32_t)r.cr_pos;
	c->ce_end = (uint32_t)end;
	return (true);
}

static int
fde_cmp(const void *a, const void *b)
{
	const cfi_fde_t *x = a, *y = b;

	return (x->cf_lo < y->cf_lo ? -1 : x->cf_lo > y->cf_lo);
}

/*
 * The entry at offset pos of section s (index si), which ends at *nextp:
 * 1 and *f if it is an FDE that can be used, 0 if not (a CIE, or one not
 * understood), -1 at the end of the section or a bad length.  *cie is
 * the CIE at *cachedp, parsed again only when an FDE names another.
 */
static int
fde_at(const cfi_sect_t *s, uint8_t si, size_t pos, size_t *nextp,
    cfi_cie_t *cie, size_t *cachedp, cfi_fde_t *f)
{
	size_t start, end, cieoff;
	uint64_t id, lo, range;
	cfi_rd_t r;

	if (!entry_bounds(s, pos, &start, &end))
		return (-1);	/* the terminator, or a bad length */
	*nextp = end;
	r = (cfi_rd_t){ s->cs_buf, start, end, s->cs_addr, false };
	id = rd_bytes(&r, 4);
	if (r.cr_bad || id == (s->cs_debug ? 0xffffffffULL : 0))
		return (0);	/* a CIE */
	if (s->cs_debug)
		cieoff = (size_t)id;
	else if (id > start)
		return (0);
	else
		cieoff = start - (size_t)id;
	if (cieoff != *cachedp) {
		*cachedp = SIZE_MAX;
		if (!cie_parse(s, cieoff, cie))
			return (0);
		*cachedp = cieoff;
	}
	if (!rd_ptr(&r, cie->ce_fdeenc, &lo) ||
	    !rd_ptr(&r, cie->ce_fdeenc & 0x0f, &range))
		return (0);
	if (cie->ce_aug) {
		uint64_t alen = rd_uleb(&r);

		if (r.cr_bad || alen > end - r.cr_pos)
			return (0);
		r.cr_pos += (size_t)alen;
	}
	if (range == 0 || lo + range < lo)
		return (0);
	f->cf_lo = lo;
	f->cf_hi = lo + range;
	f->cf_cie = (uint32_t)cieoff;
	f->cf_ins = (uint32_t)r.cr_pos;
	f->cf_end = (uint32_t)end;
	f->cf_sect = si;
	return (1);
}

/* Add the FDEs of section s (index si) to ci. */
static int
sect_fdes(dt_cfi_t *ci, uint8_t si, size_t *capp)
{
	const cfi_sect_t *s = &ci->ci_sect[si];
	size_t pos = 0, cached = SIZE_MAX;
	cfi_cie_t cie;
	cfi_fde_t f;
	int rv;

	while (pos < s->cs_size && ci->ci_nfdes < CFI_MAXFDES &&
	    (rv = fde_at(s, si, pos, &pos, &cie, &cached, &f)) >= 0) {
		if (rv == 0)
			continue;	/* pos has moved past it */
		if (ci->ci_nfdes == *capp) {
			size_t cap = *capp ? *capp * 2 : 256;
			cfi_fde_t *nf = realloc(ci->ci_fdes, cap * sizeof (*nf));

			if (nf == NULL)
				return (-1);
			ci->ci_fdes = nf;
			*capp = cap;
		}
		ci->ci_fdes[ci->ci_nfdes++] = f;
	}
	return (0);
}

dt_cfi_t *
dt_cfi_parse(const uint8_t *eh, size_t ehsize, uint64_t ehaddr,
    const uint8_t *dbg, size_t dbgsize)
{
	dt_cfi_t *ci = calloc(1, sizeof (*ci));
	size_t cap = 0;

	if (ci == NULL)
		return (NULL);
	if (ehsize > UINT32_MAX || dbgsize > UINT32_MAX)
		goto fail;
	if (ehsize > 0 && (ci->ci_sect[0].cs_buf = malloc(ehsize)) == NULL)
		goto fail;
	if (dbgsize > 0 && (ci->ci_sect[1].cs_buf = malloc(dbgsize)) == NULL)
		goto fail;
	if (ehsize > 0)
		memcpy(ci->ci_sect[0].cs_buf, eh, ehsize);
	if (dbgsize > 0)
		memcpy(ci->ci_sect[1].cs_buf, dbg, dbgsize);
	ci->ci_sect[0].cs_size = ehsize;
	ci->ci_sect[0].cs_addr = ehaddr;
	ci->ci_sect[1].cs_size = dbgsize;
	ci->ci_sect[1].cs_debug = true;
	if (sect_fdes(ci, 0, &cap) != 0 || sect_fdes(ci, 1, &cap) != 0)
		goto fail;
	if (ci->ci_nfdes > 1)
		qsort(ci->ci_fdes, ci->ci_nfdes, sizeof (cfi_fde_t), fde_cmp);
	return (ci);
fail:
	dt_cfi_free(ci);
	return (NULL);
}

/*
 * An .eh_frame with the index the linker wrote in .eh_frame_hdr: a table
 * of (first pc, FDE address) pairs sorted by first pc, 4-byte offsets
 * from the header (DW_EH_PE_datarel | DW_EH_PE_sdata4, what GNU ld and
 * lld write).  Nothing is parsed ahead: fde_find() searches the table and
 * parses the one FDE it names, so a library with 100,000 functions costs
 * a copy, not a parse.  NULL if the header is not that, or does not
 * describe this .eh_frame.
 */
dt_cfi_t *
dt_cfi_parse_index(const uint8_t *eh, size_t ehsize, uint64_t ehaddr,
    const uint8_t *hdr, size_t hdrsize, uint64_t hdraddr)
{
	cfi_rd_t r = { hdr, 0, hdrsize, hdraddr, false };
	uint64_t version, ptrenc, cntenc, tabenc, ehptr, count;
	dt_cfi_t *ci;

	version = rd_bytes(&r, 1);
	ptrenc = rd_bytes(&r, 1);
	cntenc = rd_bytes(&r, 1);
	tabenc = rd_bytes(&r, 1);
	if (r.cr_bad || version != 1 || tabenc != 0x3b ||
	    !rd_ptr(&r, (uint8_t)ptrenc, &ehptr) ||
	    !rd_ptr(&r, (uint8_t)cntenc, &count) || ehptr != ehaddr ||
	    count == 0 || count > CFI_MAXFDES ||
	    count * 8 > hdrsize - r.cr_pos || ehsize == 0 ||
	    ehsize > UINT32_MAX)
		return (NULL);
	if ((ci = calloc(1, sizeof (*ci))) == NULL)
		return (NULL);
	ci->ci_sect[0].cs_buf = malloc(ehsize);
	ci->ci_index = malloc((size_t)count * 8);
	if (ci->ci_sect[0].cs_buf == NULL || ci->ci_index == NULL) {
		dt_cfi_free(ci);
		return (NULL);
	}
	memcpy(ci->ci_sect[0].cs_buf, eh, ehsize);
	memcpy(ci->ci_index, hdr + r.cr_pos, (size_t)count * 8);
	ci->ci_sect[0].cs_size = ehsize;
	ci->ci_sect[0].cs_addr = ehaddr;
	ci->ci_nindex = (size_t)count;
	ci->ci_hdraddr = hdraddr;
	return (ci);
}

void
dt_cfi_free(dt_cfi_t *ci)
{
	if (ci == NULL)
		return;
	free(ci->ci_sect[0].cs_buf);
	free(ci->ci_sect[1].cs_buf);
	free(ci->ci_fdes);
	free(ci->ci_index);
	free(ci);
}

size_t
dt_cfi_nfdes(const dt_cfi_t *ci)
{
	return (ci->ci_index != NULL ? ci->ci_nindex : ci->ci_nfdes);
}

/* The FDE of .eh_frame_hdr's index covering link-time address pc. */
static bool
index_find(const dt_cfi_t *ci, uint64_t pc, cfi_fde_t *f)
{
	const cfi_sect_t *s = &ci->ci_sect[0];
	size_t lo = 0, hi = ci->ci_nindex, cached = SIZE_MAX, next;
	uint64_t addr;
	cfi_cie_t cie;

	while (lo < hi) {	/* the first entry past pc */
		size_t mid = lo + (hi - lo) / 2;

		if (ci->ci_hdraddr + (uint64_t)(int64_t)ci->ci_index[2 * mid] <=
		    pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return (false);
	addr = ci->ci_hdraddr + (uint64_t)(int64_t)ci->ci_index[2 * lo - 1];
	return (addr - s->cs_addr < s->cs_size &&
	    fde_at(s, 0, (size_t)(addr - s->cs_addr), &next, &cie, &cached,
	    f) == 1 && pc >= f->cf_lo && pc < f->cf_hi);
}

/* The FDE covering link-time address pc, in *f. */
static bool
fde_find(const dt_cfi_t *ci, uint64_t pc, cfi_fde_t *f)
{
	size_t lo = 0, hi = ci->ci_nfdes;

	if (ci->ci_index != NULL)
		return (index_find(ci, pc, f));
	while (lo < hi) {	/* the first FDE past pc */
		size_t mid = lo + (hi - lo) / 2;

		if (ci->ci_fdes[mid].cf_lo <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* overlapping FDEs are rare: look back a few */
	for (size_t i = lo, n = 0; i > 0 && n < 4; i--, n++) {
		if (pc >= ci->ci_fdes[i - 1].cf_lo &&
		    pc < ci->ci_fdes[i - 1].cf_hi) {
			*f = ci->ci_fdes[i - 1];
			return (true);
		}
	}
	return (false);
}

/* How a register of the caller is found. */
typedef enum {
	RULE_SAME = 0,			/* unchanged (callee-saved) */
	RULE_UNDEF,			/* unknown; for the RA: no caller */
	RULE_OFFSET,			/* at CFA + n */
	RULE_VALOFF,			/* is CFA + n */
	RULE_REG,			/* in register n */
	RULE_EXPR			/* an expression: not handled */
} cfi_rulekind_t;

typedef struct cfi_rule {
	cfi_rulekind_t ru_kind;		/* RULE_* */
	int64_t ru_n;			/* offset or register */
} cfi_rule_t;

typedef struct cfi_state {
	uint64_t cs_cfareg;		/* the CFA's register */
	int64_t cs_cfaoff;		/* and offset */
	bool cs_cfaexpr;		/* the CFA is an expression */
	cfi_rule_t cs_rules[DT_CFI_NREGS]; /* by DWARF register */
} cfi_state_t;

/*
 * Run the instructions [ins, end) of section s while their location is
 * at most pc.  init is the state after the CIE's instructions (for
 * DW_CFA_restore), NULL while running them.
 */
static int
cfa_run(const cfi_sect_t *s, const cfi_cie_t *c, size_t ins, size_t end,
    uint64_t loc, uint64_t pc, cfi_state_t *st, const cfi_state_t *init)
{
	cfi_state_t stack[CFI_MAXSTATE];
	unsigned int depth = 0;
	cfi_rd_t r = { s->cs_buf, ins, end, s->cs_addr, false };

	while (r.cr_pos < r.cr_end && !r.cr_bad) {
		uint8_t op = (uint8_t)rd_bytes(&r, 1), lo = op & 0x3f;
		uint64_t reg = 0, u;
		int64_t n;

		switch (op & 0xc0) {
		case 0x40:	/* DW_CFA_advance_loc */
			loc += lo * c->ce_calign;
			if (loc > pc)
				return (0);
			continue;
		case 0x80:	/* DW_CFA_offset */
			n = mul(rd_uleb(&r), c->ce_dalign);
			if (lo < DT_CFI_NREGS)
				st->cs_rules[lo] = (cfi_rule_t){ RULE_OFFSET, n };
			continue;
		case 0xc0:	/* DW_CFA_restore */
			if (lo < DT_CFI_NREGS)
				st->cs_rules[lo] = init != NULL ?
				    init->cs_rules[lo] : (cfi_rule_t){ 0, 0 };
			continue;
		}
		switch (op) {
		case 0x00:	/* nop */
			break;
		case 0x01:	/* set_loc */
			if (!rd_ptr(&r, c->ce_fdeenc, &u))
				return (-1);
			loc = u;
			if (loc > pc)
				return (0);
			break;
		case 0x02: case 0x03: case 0x04:	/* advance_loc1/2/4 */
			u = rd_bytes(&r, op == 0x02 ? 1 : op == 0x03 ? 2 : 4);
			loc += u * c->ce_calign;
			if (loc > pc)
				return (r.cr_bad ? -1 : 0);
			break;
		case 0x05:	/* offset_extended */
		case 0x11:	/* offset_extended_sf */
		case 0x2f:	/* GNU_negative_offset_extended */
		case 0x14:	/* val_offset */
		case 0x15:	/* val_offset_sf */
			reg = rd_uleb(&r);
			n = op == 0x11 || op == 0x15 ? mul((uint64_t)
			    rd_sleb(&r), c->ce_dalign) : mul(rd_uleb(&r),
			    c->ce_dalign);
			if (op == 0x2f)
				n = (int64_t)(0 - (uint64_t)n);
			if (reg < DT_CFI_NREGS)
				st->cs_rules[reg] = (cfi_rule_t){ op == 0x14 ||
				    op == 0x15 ? RULE_VALOFF : RULE_OFFSET, n };
			break;
		case 0x06:	/* restore_extended */
			reg = rd_uleb(&r);
			if (reg < DT_CFI_NREGS)
				st->cs_rules[reg] = init != NULL ?
				    init->cs_rules[reg] : (cfi_rule_t){ 0, 0 };
			break;
		case 0x07:	/* undefined */
		case 0x08:	/* same_value */
			reg = rd_uleb(&r);
			if (reg < DT_CFI_NREGS)
				st->cs_rules[reg] = (cfi_rule_t){ op == 0x07 ?
				    RULE_UNDEF : RULE_SAME, 0 };
			break;
		case 0x09:	/* register */
			reg = rd_uleb(&r);
			u = rd_uleb(&r);
			if (reg < DT_CFI_NREGS)
				st->cs_rules[reg] = (cfi_rule_t){ u <
				    DT_CFI_NREGS ? RULE_REG : RULE_UNDEF,
				    (int64_t)u };
			break;
		case 0x0a:	/* remember_state */
			if (depth == CFI_MAXSTATE)
				return (-1);
			stack[depth++] = *st;
			break;
		case 0x0b:	/* restore_state */
			if (depth == 0)
				return (-1);
			*st = stack[--depth];
			break;
		case 0x0c:	/* def_cfa */
		case 0x12:	/* def_cfa_sf */
			st->cs_cfareg = rd_uleb(&r);
			st->cs_cfaoff = op == 0x0c ? (int64_t)rd_uleb(&r) :
			    mul((uint64_t)rd_sleb(&r), c->ce_dalign);
			st->cs_cfaexpr = false;
			break;
		case 0x0d:	/* def_cfa_register */
			st->cs_cfareg = rd_uleb(&r);
			st->cs_cfaexpr = false;
			break;
		case 0x0e:	/* def_cfa_offset */
			st->cs_cfaoff = (int64_t)rd_uleb(&r);
			break;
		case 0x13:	/* def_cfa_offset_sf */
			st->cs_cfaoff = mul((uint64_t)rd_sleb(&r),
			    c->ce_dalign);
			break;
		case 0x0f:	/* def_cfa_expression */
			u = rd_uleb(&r);
			if (r.cr_bad || u > r.cr_end - r.cr_pos)
				return (-1);
			r.cr_pos += (size_t)u;
			st->cs_cfaexpr = true;
			break;
		case 0x10:	/* expression */
		case 0x16:	/* val_expression */
			reg = rd_uleb(&r);
			u = rd_uleb(&r);
			if (r.cr_bad || u > r.cr_end - r.cr_pos)
				return (-1);
			r.cr_pos += (size_t)u;
			if (reg < DT_CFI_NREGS)
				st->cs_rules[reg] = (cfi_rule_t){ RULE_EXPR, 0 };
			break;
		case 0x2e:	/* GNU_args_size */
			(void) rd_uleb(&r);
			break;
		default:	/* unknown: the walk stops here */
			return (-1);
		}
	}
	return (r.cr_bad ? -1 : 0);
}

/* Read 8 bytes at addr of the stack copy. */
static bool
stack_read(const dt_cfi_regs_t *rg, uint64_t addr, uint64_t *vp)
{
	if (addr < rg->cr_sp0 || addr - rg->cr_sp0 > rg->cr_len ||
	    rg->cr_len - (addr - rg->cr_sp0) < 8)
		return (false);
	memcpy(vp, rg->cr_stack + (addr - rg->cr_sp0), 8);
	return (true);
}

int
dt_cfi_step(const dt_cfi_t *ci, uint64_t pc, dt_cfi_regs_t *rg)
{
	const cfi_sect_t *s;
	cfi_state_t st, init;
	cfi_fde_t fde, *f = &fde;
	cfi_cie_t c;
	uint64_t cfa, nr[DT_CFI_NREGS];
	uint32_t valid = 0;

	if (!fde_find(ci, pc, f))
		return (DT_CFI_NOFDE);
	s = &ci->ci_sect[f->cf_sect];
	if (!cie_parse(s, f->cf_cie, &c) || c.ce_signal)
		return (DT_CFI_STOP);
	memset(&st, 0, sizeof (st));
	if (cfa_run(s, &c, c.ce_ins, c.ce_end, 0, UINT64_MAX, &st, NULL) != 0)
		return (DT_CFI_STOP);
	init = st;
	if (cfa_run(s, &c, f->cf_ins, f->cf_end, f->cf_lo, pc, &st,
	    &init) != 0)
		return (DT_CFI_STOP);
	if (st.cs_cfaexpr || st.cs_cfareg >= DT_CFI_NREGS ||
	    !(rg->cr_valid & (1U << st.cs_cfareg)))
		return (DT_CFI_STOP);
	cfa = rg->cr_r[st.cs_cfareg] + (uint64_t)st.cs_cfaoff;
	for (unsigned int i = 0; i < DT_CFI_NREGS; i++) {
		const cfi_rule_t *ru = &st.cs_rules[i];

		switch (ru->ru_kind) {
		case RULE_SAME:
			nr[i] = rg->cr_r[i];
			if (rg->cr_valid & (1U << i))
				valid |= 1U << i;
			break;
		case RULE_OFFSET:
			if (stack_read(rg, cfa + (uint64_t)ru->ru_n, &nr[i]))
				valid |= 1U << i;
			break;
		case RULE_VALOFF:
			nr[i] = cfa + (uint64_t)ru->ru_n;
			valid |= 1U << i;
			break;
		case RULE_REG:
			nr[i] = rg->cr_r[ru->ru_n];
			if (rg->cr_valid & (1U << ru->ru_n))
				valid |= 1U << i;
			break;
		default:
			nr[i] = 0;
			break;
		}
	}
	if (st.cs_rules[c.ce_ra].ru_kind == RULE_UNDEF)
		return (DT_CFI_END);	/* the outermost frame */
	if (!(valid & (1U << c.ce_ra)))
		return (DT_CFI_STOP);
	pc = nr[c.ce_ra];
	memcpy(rg->cr_r, nr, sizeof (nr));
	rg->cr_valid = valid;
	rg->cr_r[DT_CFI_SP] = cfa;	/* the caller's sp is the CFA */
	rg->cr_valid |= 1U << DT_CFI_SP;
	rg->cr_r[DT_CFI_RA] = pc;
	rg->cr_valid |= 1U << DT_CFI_RA;
	return (pc == 0 ? DT_CFI_END : DT_CFI_OK);
}

int
dt_cfi_step_fp(dt_cfi_regs_t *rg)
{
	uint64_t bp = rg->cr_r[DT_CFI_BP], nbp, ra;

	if (!(rg->cr_valid & (1U << DT_CFI_BP)) || bp < rg->cr_r[DT_CFI_SP] ||
	    !stack_read(rg, bp, &nbp) || !stack_read(rg, bp + 8, &ra))
		return (DT_CFI_STOP);
	rg->cr_r[DT_CFI_BP] = nbp;
	rg->cr_r[DT_CFI_SP] = bp + 16;
	rg->cr_r[DT_CFI_RA] = ra;
	rg->cr_valid = (1U << DT_CFI_BP) | (1U << DT_CFI_SP) |
	    (1U << DT_CFI_RA);
	return (ra == 0 ? DT_CFI_END : DT_CFI_OK);
}

bool
dt_cfi_vaddr(const dt_cfi_t *ci, uint64_t foff, uint64_t *vp)
{
	for (size_t i = 0; i < ci->ci_nloads; i++) {
		if (foff >= ci->ci_loff[i] &&
		    foff - ci->ci_loff[i] < ci->ci_lsize[i]) {
			*vp = foff - ci->ci_loff[i] + ci->ci_lvaddr[i];
			return (true);
		}
	}
	return (false);
}

/*
 * The section named name of elf, or NULL.  Linkers other than GNU ld (lld)
 * give .eh_frame the type SHT_X86_64_UNWIND.
 */
static Elf_Data *
sect_data(Elf *elf, size_t shstrndx, const char *name, uint64_t *addrp)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *n;

		if (gelf_getshdr(scn, &sh) == NULL ||
		    (sh.sh_type != SHT_PROGBITS &&
		    sh.sh_type != SHT_X86_64_UNWIND) ||
		    (sh.sh_flags & SHF_COMPRESSED) ||
		    (n = elf_strptr(elf, shstrndx, sh.sh_name)) == NULL ||
		    strcmp(n, name) != 0)
			continue;
		*addrp = sh.sh_addr;
		return (elf_getdata(scn, NULL));
	}
	return (NULL);
}

dt_cfi_t *
dt_cfi_read(const char *path, bool index)
{
	Elf *elf;
	Elf_Data *eh, *dbg, *hdr;
	uint64_t ehaddr = 0, dbgaddr = 0, hdraddr = 0;
	size_t shstrndx, nph;
	dt_cfi_t *ci = NULL;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return (NULL);
	if (elf_version(EV_CURRENT) == EV_NONE ||
	    (elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		close(fd);
		return (NULL);
	}
	if (elf_kind(elf) != ELF_K_ELF || gelf_getclass(elf) != ELFCLASS64 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0 ||
	    elf_getphdrnum(elf, &nph) != 0)
		goto out;
	eh = sect_data(elf, shstrndx, ".eh_frame", &ehaddr);
	dbg = sect_data(elf, shstrndx, ".debug_frame", &dbgaddr);
	if ((eh == NULL || eh->d_buf == NULL) &&
	    (dbg == NULL || dbg->d_buf == NULL))
		goto out;
	hdr = sect_data(elf, shstrndx, ".eh_frame_hdr", &hdraddr);
	if (index && eh != NULL && eh->d_buf != NULL && dbg == NULL &&
	    hdr != NULL && hdr->d_buf != NULL)
		ci = dt_cfi_parse_index(eh->d_buf, eh->d_size, ehaddr,
		    hdr->d_buf, hdr->d_size, hdraddr);
	if (ci == NULL)
		ci = dt_cfi_parse(eh != NULL ? eh->d_buf : NULL,
	    eh != NULL && eh->d_buf != NULL ? eh->d_size : 0, ehaddr,
	    dbg != NULL ? dbg->d_buf : NULL,
	    dbg != NULL && dbg->d_buf != NULL ? dbg->d_size : 0);
	for (size_t i = 0; ci != NULL && i < nph &&
	    ci->ci_nloads < CFI_MAXLOADS; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL ||
		    ph.p_type != PT_LOAD)
			continue;
		ci->ci_loff[ci->ci_nloads] = ph.p_offset;
		ci->ci_lvaddr[ci->ci_nloads] = ph.p_vaddr;
		ci->ci_lsize[ci->ci_nloads++] = ph.p_filesz;
	}
out:
	elf_end(elf);
	close(fd);
	return (ci);
}
