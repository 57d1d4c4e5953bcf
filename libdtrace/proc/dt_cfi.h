/*
 * dt_cfi.h: DWARF call frame information, for unwinding user stacks in
 * the consumer (dt_cfi.c).  Self-contained, so that the unit tests can
 * feed it malformed sections.
 */
#ifndef DT_CFI_H
#define DT_CFI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DT_CFI_NREGS	17	/* x86-64 DWARF registers 0-15, 16 RA */
#define DT_CFI_BX	3	/* DWARF numbers of rbx, */
#define DT_CFI_BP	6	/* rbp, */
#define DT_CFI_SP	7	/* rsp, */
#define DT_CFI_RA	16	/* and the return address (rip) */

/* dt_cfi_step()'s answers */
#define DT_CFI_OK	0	/* rg is now the caller's */
#define DT_CFI_END	1	/* the outermost frame: no caller */
#define DT_CFI_NOFDE	2	/* no FDE covers the pc */
#define DT_CFI_STOP	3	/* the rules cannot be followed here */

typedef struct dt_cfi dt_cfi_t;

/* The registers of a frame, and the stack copy they are read from. */
typedef struct dt_cfi_regs {
	uint64_t cr_r[DT_CFI_NREGS];	/* by DWARF number; [16]: the pc */
	uint32_t cr_valid;		/* bit i: cr_r[i] is known */
	const uint8_t *cr_stack;	/* the copy of the user stack */
	uint64_t cr_sp0;		/* the address of its first byte */
	uint64_t cr_len;		/* its bytes */
} dt_cfi_regs_t;

/* Parse an .eh_frame (at link-time address ehaddr) and a .debug_frame. */
extern dt_cfi_t *dt_cfi_parse(const uint8_t *, size_t, uint64_t,
    const uint8_t *, size_t);
/* An .eh_frame through its .eh_frame_hdr index (at hdraddr); or NULL. */
extern dt_cfi_t *dt_cfi_parse_index(const uint8_t *, size_t, uint64_t,
    const uint8_t *, size_t, uint64_t);
/*
 * The same, of an ELF file's sections, through the index if it has one
 * and index is true; NULL if it has none.
 */
extern dt_cfi_t *dt_cfi_read(const char *, bool);
extern void dt_cfi_free(dt_cfi_t *);
extern size_t dt_cfi_nfdes(const dt_cfi_t *);
/* A file offset of the file's loaded bytes as a link-time address. */
extern bool dt_cfi_vaddr(const dt_cfi_t *, uint64_t, uint64_t *);
/*
 * One frame up from link-time pc (a return address less 1 beyond the
 * first frame): rg's registers become the caller's, the caller's pc in
 * cr_r[DT_CFI_RA] as a run-time address.
 */
extern int dt_cfi_step(const dt_cfi_t *, uint64_t, dt_cfi_regs_t *);
/* One frame up through the frame pointer chain in the copy. */
extern int dt_cfi_step_fp(dt_cfi_regs_t *);

#endif /* DT_CFI_H */
