/*
 * usdtprov: a program with USDT probes of a provider declared in D
 * (usdtprov.d), built as users' Makefiles build one: dtrace -h makes
 * usdtprov.h, dtrace -G the object linked in with this one.
 *
 *   usdtprov N      fires, for i in 0 .. N-1: dtprov:::request-start(path,
 *                   -i) (char *, int), dtprov:::request-done(&req, 200 + i)
 *                   (struct req *, translated to reqinfo_t *),
 *                   dtprov:::name("name-i") (char *, a string in args[]),
 *                   dtprov:::swap("name-i", i) (args[0] is i, args[1]
 *                   the string),
 *                   dtprov:::sizes(200, -3, -5, 1 << 40 + i),
 *                   dtprov:::place(10 + i, 4) (declared (int i, int j) :
 *                   (int j, int i, int i, int j): arg0..arg3 are 4,
 *                   10 + i, 10 + i, 4), and dtprov:::twice from two
 *                   sites of main (one probe), i then the constant 1000;
 *                   exits 0
 *   usdtprov loop   writes its pid, then every 20 ms fires dtprov:::tick
 *                   and, while DTPROV_GUARDED_ENABLED() is true,
 *                   dtprov:::guarded(n); on SIGUSR1 prints "guarded K E"
 *                   (K: the firings of guarded so far, E: what
 *                   DTPROV_GUARDED_ENABLED() says now)
 *
 * The strings are written (and so their pages touched) before the probes
 * fire: BPF cannot read a page the process has not faulted in.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "usdtprov.h"

struct req {
	int rq_id;
	char *rq_path;
};

static volatile sig_atomic_t report;

static void
usr1(int sig)
{
	(void) sig;
	report = 1;
}

int
main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "loop") == 0) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };
		long n = 0, guarded = 0;

		signal(SIGUSR1, usr1);
		printf("%d\n", (int)getpid());
		fflush(stdout);
		for (;;) {
			DTPROV_TICK();
			if (DTPROV_GUARDED_ENABLED()) {
				DTPROV_GUARDED(n);
				guarded++;
			}
			n++;
			if (report) {
				report = 0;
				printf("guarded %ld %d\n", guarded,
				    DTPROV_GUARDED_ENABLED());
				fflush(stdout);
			}
			nanosleep(&ts, NULL);
		}
	}
	for (int i = 0; i < (argc > 1 ? atoi(argv[1]) : 1); i++) {
		char path[32], name[32];
		struct req rq;

		snprintf(path, sizeof (path), "/req/%d", i);
		snprintf(name, sizeof (name), "name-%d", i);
		rq.rq_id = 100 + i;
		rq.rq_path = path;
		DTPROV_REQUEST_START(path, -i);
		DTPROV_REQUEST_DONE(&rq, 200 + i);
		DTPROV_NAME(name);
		DTPROV_SWAP(name, i);
		DTPROV_SIZES(200, -3, -5L, (1ULL << 40) + (unsigned)i);
		DTPROV_PLACE(10 + i, 4);
		DTPROV_TWICE(i);
		DTPROV_TWICE(1000);
	}
	return (0);
}
