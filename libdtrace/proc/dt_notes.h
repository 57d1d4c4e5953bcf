/*
 * dt_notes.h: the one reader of stapsdt notes (USDT probe sites), shared
 * by the library (proc/dt_elf.c, proc/dt_link.c) and dtprobed
 * (dtprobed/dt_pd_notes.c).  See dt_notes.c for the design.
 *
 * It depends on nothing of the library (no dtrace_hdl_t, no allocation):
 * the daemon links dt_notes.o alone.
 */
#ifndef _DT_NOTES_H
#define _DT_NOTES_H

#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One decoded note: the strings point into the section's bytes. */
typedef struct dt_note {
	uint64_t dn_site;	/* site's address, moved with .stapsdt.base */
	uint64_t dn_base;	/* .stapsdt.base's link-time address (0: none) */
	uint64_t dn_sema;	/* semaphore's address (0: none) */
	const char *dn_prov;	/* provider, NUL-ended (NULL if truncated) */
	const char *dn_name;	/* name as written, "__" and all */
	const char *dn_args;	/* argument specs, "SIZE@OPERAND ..." */
} dt_note_t;

/* Why a note is not good; what dt_note_reason() says of each. */
typedef enum dt_note_err {
	DT_NOTE_OK = 0,		/* decoded, and its strings pass */
	DT_NOTE_EXCESS,		/* after nl_maxnotes kept: not decoded */
	DT_NOTE_TRUNCATED,	/* short, a string unended, or one empty */
	DT_NOTE_IDENT,		/* provider or name not an identifier */
	DT_NOTE_ARGS,		/* argument specs not printable, too long */
	DT_NOTE_TAIL		/* bytes after the last note, not a note */
} dt_note_err_t;

/* dt_notes_limits_t.nl_flags: the two rules of the strings that differ */
#define DT_NOTES_DIGIT1	0x1	/* an identifier may begin with a digit */
#define DT_NOTES_TABS	0x2	/* specs may hold tabs, end at a newline */

/* What one section may cost, and the rules of its strings. */
typedef struct dt_notes_limits {
	size_t nl_maxnotes;	/* notes kept before the rest are EXCESS */
	size_t nl_idmax;	/* provider, name: characters at most */
	size_t nl_argsmax;	/* argument specs: characters at most */
	unsigned int nl_flags;	/* DT_NOTES_* */
} dt_notes_limits_t;

/* One note section's bytes, as libelf gives them. */
typedef struct dt_notes_sec {
	const void *ns_buf;	/* the bytes; note headers in host order */
	size_t ns_size;		/* their number */
	size_t ns_align;	/* the notes' alignment: 4, or 8 */
	uint64_t ns_base;	/* .stapsdt.base's address now (0: none) */
} dt_notes_sec_t;

/*
 * Called for each stapsdt note, good (err DT_NOTE_OK) or not, and once
 * for a tail (DT_NOTE_TAIL, dn all zero).  Returns 1 if the note is
 * kept (counted against nl_maxnotes), 0 if not, -1 to stop the walk.
 */
typedef int dt_notes_f(const dt_note_t *dn, dt_note_err_t err, void *arg);

extern int dt_notes_read(const dt_notes_sec_t *, const dt_notes_limits_t *,
    dt_notes_f *, void *);
extern const char *dt_note_reason(dt_note_err_t);

/* The pieces, for notes of other owners (.note.dtrace-types). */
extern const char *dt_note_str(const char *, size_t, size_t *);
extern bool dt_note_ident(const char *, size_t, unsigned int);
extern bool dt_note_printable(const char *, size_t, unsigned int);

/* May a description's provider field name USDT provider base of a process? */
extern bool dt_note_provmay(const char *, const char *);

/* Finding the section in a file (libelf). */
extern bool dt_notes_is_scn(Elf *, size_t, Elf_Scn *);
extern Elf_Scn *dt_notes_scn(Elf *, size_t, uint64_t *);
extern int dt_notes_sec(Elf_Scn *, uint64_t, dt_notes_sec_t *);

#endif /* _DT_NOTES_H */
