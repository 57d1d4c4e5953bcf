/*
 * usdtbad: a program with hostile stapsdt notes, as another user could
 * write them, for the USDT provider's checks (test/d/usdt/tst.hostile.sh):
 *
 *   dt_bad:good       a site on a nop, its semaphore a counter in .data:
 *                     the one probe that must be kept
 *   dt_bad:midinsn    a site inside the 8-byte immediate of a movabs
 *                     (a uprobe there would corrupt the instruction)
 *   dt_bad:rosema     a semaphore in read-only data (.rodata)
 *   dt_bad:oddsema    a semaphore at an odd address of .data
 *   dt_bad:escname    a probe name with an escape sequence (ESC [ 3 1 m)
 *   dt_bad:escargs    argument specs with a control byte
 *   built as usdtbad-many (DT_BAD_MANY): also twenty truncated notes,
 *   whose warnings are cut after the first few
 *
 *   usdtbad           prints its pid, then every 20 ms runs the code the
 *                     notes point into, until killed
 */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>


/* One stapsdt note: site, base 0, semaphore; provider, name, specs. */
#define NOTE(site, sema, name, args)					\
	".balign 4\n\t.4byte 8, 2f-1f, 3\n\t.asciz \"stapsdt\"\n"	\
	"1:\t.8byte " site ", 0, " sema "\n\t.asciz \"dt_bad\"\n"	\
	"\t.asciz \"" name "\"\n\t.asciz \"" args "\"\n2:\t.balign 4\n"

#define TRUNC								\
	"\t.balign 4\n\t.4byte 8, 12, 3\n\t.asciz \"stapsdt\"\n"	\
	"\t.8byte 0\n\t.4byte 0\n"

#ifdef DT_BAD_MANY
#define TRUNC5	TRUNC TRUNC TRUNC TRUNC TRUNC
#else
#define TRUNC5
#endif

/* the semaphores: in .data (good, and odd: +1), in .rodata */
__asm__(".pushsection .data\n\t.balign 4\n"
    "dt_bad_sems:\n\t.4byte 0\n"
    ".popsection\n"
    ".pushsection .rodata\n\t.balign 4\n"
    "dt_bad_rosem:\n\t.4byte 0\n"
    ".popsection\n");

__asm__(".pushsection .text\n"
    ".globl dt_bad_code\n"
    ".type dt_bad_code, @function\n"
    "dt_bad_code:\n"
    "dt_bad_good_site:\n"
    "\tnop\n"
    "\tmovabs $0x9090909090909090, %rax\n"
    "\tret\n"
    ".size dt_bad_code, .-dt_bad_code\n"
    ".popsection\n"
    ".pushsection .note.stapsdt,\"\",\"note\"\n"
    NOTE("dt_bad_good_site", "dt_bad_sems", "good", "")
    NOTE("dt_bad_good_site+3", "0", "midinsn", "")
    NOTE("dt_bad_good_site", "dt_bad_rosem", "rosema", "")
    NOTE("dt_bad_good_site", "dt_bad_sems+1", "oddsema", "")
    NOTE("dt_bad_good_site", "0", "esc\\033[31mname", "")
    NOTE("dt_bad_good_site", "0", "escargs", "8@%rax\\033]0;x\\007")
    TRUNC5 TRUNC5 TRUNC5 TRUNC5
    ".popsection\n");

extern void dt_bad_code(void);

int
main(void)
{
	printf("%d\n", (int)getpid());
	fflush(stdout);
	for (;;) {
		dt_bad_code();
		usleep(20000);
	}
	return (0);
}
