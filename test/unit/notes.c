/*
 * notes.c: the shared stapsdt note reader (libdtrace/proc/dt_notes.c) on
 * note sections built here byte by byte: what each note is reported as,
 * with 4- and 8-byte alignment, the move with .stapsdt.base, the limits
 * and the two string rules, a tail, a descriptor size that wraps.
 */
#include <stdint.h>
#include <string.h>

#include "proc/dt_notes.h"

#include "check.h"

/* A note section being built. */
typedef struct sec {
	char s_buf[4096];	/* the bytes */
	size_t s_len;		/* used */
	size_t s_align;		/* 4 or 8 */
} sec_t;

static void
put(sec_t *s, const void *p, size_t n)
{
	memcpy(s->s_buf + s->s_len, p, n);
	s->s_len += n;
}

static void
pad(sec_t *s)
{
	while (s->s_len % s->s_align != 0)
		s->s_buf[s->s_len++] = 0;
}

/* A note of owner and type; desc of dlen bytes; descsz as the header says. */
static void
note(sec_t *s, const char *owner, uint32_t type, const void *desc,
    size_t dlen, uint32_t descsz)
{
	uint32_t h[3] = { (uint32_t)strlen(owner) + 1, descsz, type };

	put(s, h, sizeof (h));
	put(s, owner, h[0]);
	pad(s);
	put(s, desc, dlen);
	pad(s);
}

/* A stapsdt note: site, base, semaphore, then the three strings. */
static void
sdt(sec_t *s, uint64_t site, uint64_t base, uint64_t sema, const char *prov,
    const char *name, const char *args)
{
	char d[512];
	uint64_t a[3] = { site, base, sema };
	size_t n = sizeof (a);

	memcpy(d, a, sizeof (a));
	memcpy(d + n, prov, strlen(prov) + 1);
	n += strlen(prov) + 1;
	memcpy(d + n, name, strlen(name) + 1);
	n += strlen(name) + 1;
	memcpy(d + n, args, strlen(args) + 1);
	n += strlen(args) + 1;
	note(s, "stapsdt", 3, d, n, (uint32_t)n);
}

/* What the reader reported. */
typedef struct seen {
	int se_n;			/* calls */
	dt_note_err_t se_err[16];	/* each one's reason */
	dt_note_t se_dn[16];		/* and note */
	int se_stop;			/* return -1 at this call (0: never) */
} seen_t;

static int
record(const dt_note_t *dn, dt_note_err_t err, void *arg)
{
	seen_t *se = arg;

	if (se->se_n < 16) {
		se->se_err[se->se_n] = err;
		se->se_dn[se->se_n] = *dn;
	}
	if (++se->se_n == se->se_stop)
		return (-1);
	return (err == DT_NOTE_OK);
}

static int
walk(const sec_t *s, uint64_t base, const dt_notes_limits_t *nl, seen_t *se)
{
	dt_notes_sec_t ns = { s->s_buf, s->s_len, s->s_align, base };

	return (dt_notes_read(&ns, nl, record, se));
}

static const dt_notes_limits_t lim = {
	.nl_maxnotes = 100, .nl_idmax = 8, .nl_argsmax = 10, .nl_flags = 0
};

int
main(void)
{
	for (size_t align = 4; align <= 8; align += 4) {
		sec_t s = { .s_align = align };
		seen_t se = { 0 };

		sdt(&s, 0x1000, 0, 0x2000, "prov", "a__b", "8@%rax");
		note(&s, "GNU", 3, "xxxx", 4, 4);	/* another owner */
		note(&s, "stapsdt", 4, "xxxx", 4, 4);	/* another type */
		sdt(&s, 0x1000, 0, 0, "prov", "", "");
		note(&s, "stapsdt", 3, "0123456789ab", 12, 12);
		sdt(&s, 0x1000, 0, 0, "prov", "1st", "");
		sdt(&s, 0x1000, 0, 0, "pr-ov", "x", "");
		sdt(&s, 0x1000, 0, 0, "prov", "toolongname", "");
		sdt(&s, 0x1000, 0, 0, "prov", "x", "8@%rax\t-4@%edx");
		sdt(&s, 0x1000, 0, 0, "prov", "x", "8@%rax -4@%edx");
		sdt(&s, 0x1000, 0, 0, "prov", "x", "\033]0;");
		CHECK(walk(&s, 0, &lim, &se) == 0);
		CHECK(se.se_n == 9);
		CHECK(se.se_err[0] == DT_NOTE_OK);
		CHECK(se.se_dn[0].dn_site == 0x1000);
		CHECK(se.se_dn[0].dn_sema == 0x2000);
		CHECK(strcmp(se.se_dn[0].dn_prov, "prov") == 0);
		CHECK(strcmp(se.se_dn[0].dn_name, "a__b") == 0);
		CHECK(strcmp(se.se_dn[0].dn_args, "8@%rax") == 0);
		CHECK(se.se_err[1] == DT_NOTE_TRUNCATED);	/* empty name */
		CHECK(se.se_err[2] == DT_NOTE_TRUNCATED);	/* 12 bytes */
		CHECK(se.se_err[3] == DT_NOTE_IDENT);		/* digit first */
		CHECK(se.se_err[4] == DT_NOTE_IDENT);		/* '-' */
		CHECK(se.se_err[5] == DT_NOTE_IDENT);		/* 11 > 8 */
		CHECK(se.se_err[6] == DT_NOTE_ARGS);		/* a tab */
		CHECK(se.se_err[7] == DT_NOTE_ARGS);		/* 14 > 10 */
		CHECK(se.se_err[8] == DT_NOTE_ARGS);		/* ESC */
		CHECK(strcmp(se.se_dn[8].dn_name, "x") == 0);
	}

	/* the two rules: a leading digit; tabs, and specs end at a newline */
	{
		sec_t s = { .s_align = 4 };
		seen_t se = { 0 };
		dt_notes_limits_t nl = lim;

		nl.nl_flags = DT_NOTES_DIGIT1 | DT_NOTES_TABS;
		sdt(&s, 0x1000, 0, 0, "prov", "1st", "8@%rax\t8@%rdx");
		sdt(&s, 0x1000, 0, 0, "prov", "x", "8@%rax\n\001\002");
		sdt(&s, 0x1000, 0, 0, "prov", "x", "8@%rax\001");
		CHECK(walk(&s, 0, &nl, &se) == 0 && se.se_n == 3);
		CHECK(se.se_err[0] == DT_NOTE_ARGS);	/* 13 > 10 */
		CHECK(se.se_err[1] == DT_NOTE_OK);
		CHECK(se.se_err[2] == DT_NOTE_ARGS);
		nl.nl_argsmax = 13;
		se.se_n = 0;
		CHECK(walk(&s, 0, &nl, &se) == 0 && se.se_err[0] == DT_NOTE_OK);
	}

	/* .stapsdt.base moved: the site moves with it, unless either is 0 */
	{
		sec_t s = { .s_align = 4 };
		seen_t se = { 0 };

		sdt(&s, 0x1000, 0x3000, 0, "prov", "x", "");
		sdt(&s, 0x1000, 0, 0, "prov", "x", "");
		CHECK(walk(&s, 0x5000, &lim, &se) == 0 && se.se_n == 2);
		CHECK(se.se_dn[0].dn_site == 0x3000);
		CHECK(se.se_dn[0].dn_base == 0x3000);
		CHECK(se.se_dn[1].dn_site == 0x1000);
		se.se_n = 0;
		CHECK(walk(&s, 0, &lim, &se) == 0);
		CHECK(se.se_dn[0].dn_site == 0x1000);
	}

	/* the limit counts kept notes; the rest are not decoded */
	{
		sec_t s = { .s_align = 4 };
		seen_t se = { 0 };
		dt_notes_limits_t nl = lim;

		nl.nl_maxnotes = 2;
		sdt(&s, 0x1000, 0, 0, "prov", "x", "");
		sdt(&s, 0x1000, 0, 0, "prov", "", "");	/* not kept */
		sdt(&s, 0x1000, 0, 0, "prov", "y", "");
		sdt(&s, 0x1000, 0, 0, "prov", "z", "");
		sdt(&s, 0x1000, 0, 0, "prov", "", "");
		CHECK(walk(&s, 0, &nl, &se) == 0 && se.se_n == 5);
		CHECK(se.se_err[2] == DT_NOTE_OK);
		CHECK(se.se_err[3] == DT_NOTE_EXCESS);
		CHECK(se.se_dn[3].dn_prov == NULL);
		CHECK(se.se_err[4] == DT_NOTE_EXCESS);
	}

	/* a tail; a note that runs past the end; a size that wraps */
	{
		sec_t s = { .s_align = 4 };
		seen_t se = { 0 };
		uint32_t h[3] = { 8, 0xfffffffe, 3 };

		sdt(&s, 0x1000, 0, 0, "prov", "x", "");
		put(&s, "abc", 3);
		CHECK(walk(&s, 0, &lim, &se) == 0 && se.se_n == 2);
		CHECK(se.se_err[1] == DT_NOTE_TAIL);
		s.s_len -= 3;
		put(&s, h, sizeof (h));
		put(&s, "stapsdt", 8);
		se.se_n = 0;
		CHECK(walk(&s, 0, &lim, &se) == 0 && se.se_n == 2);
		CHECK(se.se_err[0] == DT_NOTE_OK);
		CHECK(se.se_err[1] == DT_NOTE_TAIL);
		s.s_len -= sizeof (h) + 8;
		sdt(&s, 0x1000, 0, 0, "prov", "x", "");
		s.s_len -= 4;		/* the last note's padded end is gone */
		se.se_n = 0;
		CHECK(walk(&s, 0, &lim, &se) == 0 && se.se_n == 2);
		CHECK(se.se_err[1] == DT_NOTE_TAIL);
	}

	/* -1 from the function stops the walk */
	{
		sec_t s = { .s_align = 4 };
		seen_t se = { .se_stop = 1 };

		sdt(&s, 0x1000, 0, 0, "prov", "x", "");
		sdt(&s, 0x1000, 0, 0, "prov", "y", "");
		CHECK(walk(&s, 0, &lim, &se) == -1 && se.se_n == 1);
	}

	/* nothing to read */
	{
		seen_t se = { 0 };
		dt_notes_sec_t ns = { NULL, 100, 4, 0 };

		CHECK(dt_notes_read(&ns, &lim, record, &se) == 0 &&
		    se.se_n == 0);
	}
	CHECK(strcmp(dt_note_reason(DT_NOTE_IDENT),
	    "its provider or name is not an identifier") == 0);
	CHECK(strcmp(dt_note_reason(DT_NOTE_ARGS),
	    "its argument specs are not printable") == 0);
	return (check_done("notes"));
}
