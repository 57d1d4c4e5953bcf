/*
 * usdttarget: the traced program of the USDT provider's tests, with
 * stapsdt probes (<sys/sdt.h>) of provider dt_usdt:
 *
 *   usdttarget N     fires, for i in 0 .. N-1: dt_usdt:zero (no
 *                    argument), dt_usdt:one(i) (int), dt_usdt:two(-i,
 *                    i * 1000000000000) (signed char, unsigned long long),
 *                    dt_usdt:three(i - 5, 60000 + i, "abc") (short,
 *                    unsigned short, char *), dt_usdt:konst(5, -3)
 *                    (constants), dt_usdt:global(3 * i + 3) (a variable:
 *                    -4@dt_usdt_global(%rip)), dt_usdt:indexed(40, 0x12,
 *                    10) (specs -8@8(%rdx,%rcx,8) 1@%ah -2@(%rdx)),
 *                    dt_usdt:symoff(30) (-8@dt_usdt_arr+16(%rip)),
 *                    dt_usdt:unreadable (8@(%rdx) with %rdx = 8: memory that
 *                    cannot be read, and 8@$7),
 *                    dt_usdt:badsym, dt_usdt:badreg and dt_usdt:badsize
 *                    (specs 8@dt_usdt_nosuch(%rip), 8@%xyz and 3@%rax,
 *                    skipped), dt_usdt:lib_fire(i, i * 7) in the
 *                    library libusdtlib.so (when linked with it), and
 *                    dt_usdt:guarded(i) while its semaphore says that it
 *                    is traced; exits 0
 *   usdttarget burst N  fires dt_usdt:tick(i) for i in 0 .. N-1 at once,
 *                    the first thing it does, then exits 0
 *   usdttarget spawn K MS  starts K processes of itself running loop at
 *                    once, kills them MS milliseconds after each printed
 *                    its pid, waits for them, exits 0
 *   usdttarget pace US  fires dt_usdt:paced(i) for i = 0, 1, ... every US
 *                    microseconds (spinning on the clock), from its first
 *                    instructions, until killed
 *   usdttarget loop  every 20 ms fires dt_usdt:tick__now(n) and, while its
 *                    semaphore says it is traced, dt_usdt:guarded(n); after
 *                    writing its pid to standard output; on SIGUSR1 prints
 *                    "guarded K" (K: the firings of guarded so far), on
 *                    SIGUSR2 "guarded K ticks T" (T: the ticks so far)
 *
 * dt_usdt:guarded is in usdtguard.c, the one file built with semaphores.
 * Arguments pass through volatile variables so that the compiler places
 * them in registers, on the stack and as constants, the forms the tests
 * read.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/sdt.h>
#include <sys/wait.h>

#ifdef DT_USDT_LIB
extern void dt_usdtlib_fire(int);
#endif

/* read by dt_usdt:global, whose spec names it: -4@dt_usdt_global(%rip) */
volatile int dt_usdt_global;

/* read by dt_usdt:indexed through base + index * scale */
static long dt_usdt_arr[4] = { 10, 20, 30, 40 };

/*
 * Two malformed notes, which the provider skips with a warning: a site
 * outside the file's segments, and a note too short for its strings.
 */
__asm__(".pushsection .note.stapsdt,\"\",\"note\"\n"
    "\t.balign 4\n\t.4byte 8, 992f-991f, 3\n\t.asciz \"stapsdt\"\n"
    "991:\t.8byte 0x7fff0000, 0, 0\n\t.asciz \"dt_usdt\"\n"
    "\t.asciz \"outside\"\n\t.asciz \"\"\n992:\t.balign 4\n"
    "\t.4byte 8, 12, 3\n\t.asciz \"stapsdt\"\n\t.8byte 0\n"
    "\t.4byte 0\n\t.balign 4\n"
    ".popsection\n");

/* usdtguard.c: fires dt_usdt:guarded(k) if traced, returns 1 if so */
extern int dt_usdt_guard(int);

static volatile sig_atomic_t report;

static void
on_usr1(int sig)
{
	report = sig == SIGUSR1 ? 1 : 2;
}

int
main(int argc, char **argv)
{
	volatile int n = argc > 1 ? atoi(argv[1]) : 0;
	volatile long guarded = 0;
	static char abc[] = "abc";

	if (argc > 2 && strcmp(argv[1], "burst") == 0) {
		int k = atoi(argv[2]);

		for (int i = 0; i < k; i++)
			DTRACE_PROBE1(dt_usdt, tick, i);
		return (0);
	}
	if (argc > 3 && strcmp(argv[1], "spawn") == 0) {
		int k = atoi(argv[2]), fds[2], up = 0;
		struct timespec ts = { atoi(argv[3]) / 1000,
		    (atoi(argv[3]) % 1000) * 1000000L };
		pid_t *kids = calloc((size_t)(k > 0 ? k : 1), sizeof (pid_t));
		FILE *fp;
		char line[64];

		if (kids == NULL || pipe(fds) != 0)
			return (1);
		for (int i = 0; i < k; i++) {
			if ((kids[i] = fork()) == 0) {
				char *args[] = { argv[0], "loop", NULL };

				dup2(fds[1], 1);
				close(fds[0]);
				close(fds[1]);
				execv(argv[0], args);
				_exit(127);
			}
		}
		close(fds[1]);
		/* each prints its pid just before its first firing */
		fp = fdopen(fds[0], "r");
		while (fp != NULL && up < k && fgets(line, sizeof (line), fp))
			up++;
		nanosleep(&ts, NULL);
		for (int i = 0; i < k; i++) {
			if (kids[i] > 0)
				kill(kids[i], SIGKILL);
		}
		while (wait(NULL) > 0)
			;
		free(kids);
		return (up == k ? 0 : 1);
	}
	if (argc > 2 && strcmp(argv[1], "pace") == 0) {
		long step = atol(argv[2]) * 1000;
		struct timespec t0, now;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (long i = 0;; i++) {
			long due = i * step;

			DTRACE_PROBE1(dt_usdt, paced, i);
			do
				clock_gettime(CLOCK_MONOTONIC, &now);
			while ((now.tv_sec - t0.tv_sec) * 1000000000L +
			    (now.tv_nsec - t0.tv_nsec) < due + step);
		}
	}
	if (argc > 1 && strcmp(argv[1], "loop") == 0) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		signal(SIGUSR1, on_usr1);
		signal(SIGUSR2, on_usr1);
		printf("%d\n", (int)getpid());
		fflush(stdout);
		for (int k = 0;; k++) {
			DTRACE_PROBE1(dt_usdt, tick__now, k);
			guarded += dt_usdt_guard(k);
			if (report == 2) {
				printf("guarded %ld ticks %d\n", (long)guarded,
				    k + 1);
				fflush(stdout);
				report = 0;
			}
			if (report) {
				printf("guarded %ld\n", (long)guarded);
				fflush(stdout);
				report = 0;
			}
			nanosleep(&ts, NULL);
		}
	}
	for (int i = 0; i < n; i++) {
		volatile signed char sc = (signed char)-i;
		volatile unsigned long long big = i * 1000000000000ULL;
		volatile short s = (short)(i - 5);
		volatile unsigned short us = (unsigned short)(60000 + i);

		DTRACE_PROBE(dt_usdt, zero);
		DTRACE_PROBE1(dt_usdt, one, i);
		DTRACE_PROBE2(dt_usdt, two, sc, big);
		DTRACE_PROBE3(dt_usdt, three, s, us, abc);
		DTRACE_PROBE2(dt_usdt, konst, 5, -3);
		dt_usdt_global = 3 * i + 3;
		DTRACE_PROBE1(dt_usdt, global, dt_usdt_global);
		/* specs written by hand: forms the compiler rarely picks */
		__asm__ volatile("lea %0, %%rdx\n\tmov $2, %%rcx\n\t"
		    "mov $0x1234, %%eax\n\t"
		    STAP_PROBE_ASM(dt_usdt, indexed,
		    -8@8(%%rdx,%%rcx,8) 1@%%ah -2@(%%rdx))
		    STAP_PROBE_ASM(dt_usdt, symoff, -8@dt_usdt_arr+16(%%rip))
		    "mov $8, %%rdx\n\t"
		    STAP_PROBE_ASM(dt_usdt, unreadable, 8@(%%rdx) 8@$7)
		    STAP_PROBE_ASM(dt_usdt, badsym, 8@dt_usdt_nosuch(%%rip))
		    STAP_PROBE_ASM(dt_usdt, badreg, 8@%%xyz)
		    STAP_PROBE_ASM(dt_usdt, badsize, 3@%%rax)
		    : : "m"(dt_usdt_arr) : "rax", "rcx", "rdx", "memory");
		guarded += dt_usdt_guard(i);
#ifdef DT_USDT_LIB
		dt_usdtlib_fire(i);
#endif
	}
	return (guarded > n);
}
