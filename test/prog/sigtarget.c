/*
 * sigtarget: the traced program of the raise() and stop() tests.
 *
 *   sigtarget raise      catches SIGUSR1 (saying so on standard output),
 *                        calls getpgid(0) (the call the test's probe
 *                        raises the signal on), waits at most 5 s for
 *                        the signal, says "done" and exits 0, or 1 if it
 *                        never came
 *   sigtarget self       catches SIGUSR1 and sends it to itself with
 *                        raise(3) (tgkill: si_code SI_TKILL, negative),
 *                        then exits 0
 *   sigtarget stop FILE  writes its pid to FILE, calls getpgid(0) (where
 *                        the test stops it), then says "continued" and
 *                        exits 0
 *
 * Output goes through write(2), so that the order is the order of the
 * events.  getpgid(), not getppid(): the process dtrace forks for -c
 * calls getppid() before exec(), possibly once the probes are attached.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void
say(const char *s)
{
	(void) write(STDOUT_FILENO, s, strlen(s));
}

static void
on_usr1(int sig)
{
	(void) sig;
	got = 1;
	say("sigtarget: SIGUSR1\n");
}

int
main(int argc, char **argv)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	if (argc >= 2 && strcmp(argv[1], "raise") == 0) {
		struct sigaction sa;

		memset(&sa, 0, sizeof (sa));
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, NULL);
		(void) getpgid(0);
		for (int i = 0; i < 500 && !got; i++)
			nanosleep(&ts, NULL);
		say(got ? "sigtarget: done\n" : "sigtarget: no signal\n");
		return (got ? 0 : 1);
	}
	if (argc >= 2 && strcmp(argv[1], "self") == 0) {
		struct sigaction sa;

		memset(&sa, 0, sizeof (sa));
		sa.sa_handler = on_usr1;
		sigaction(SIGUSR1, &sa, NULL);
		(void) raise(SIGUSR1);
		return (got ? 0 : 1);
	}
	if (argc >= 3 && strcmp(argv[1], "stop") == 0) {
		FILE *f = fopen(argv[2], "w");

		if (f == NULL)
			return (2);
		fprintf(f, "%d\n", (int)getpid());
		fclose(f);
		(void) getpgid(0);
		say("sigtarget: continued\n");
		return (0);
	}
	fprintf(stderr, "usage: sigtarget raise | self | stop FILE\n");
	return (2);
}
