/*
 * pidtarget: the traced program of the pid provider's tests.
 *
 *   pidtarget N      calls dt_pt_add(i, 100) for i in 0 .. N-1 (each
 *                    returns i + 100), dt_pt_mul(6, 7) once (42), then
 *                    exits with status 0
 *   pidtarget loop   calls dt_pt_tick() every 20 ms until killed, after
 *                    writing its pid to standard output
 *   pidtarget thread calls dt_pt_add() twice, then 3 times in a thread
 *                    it creates, then dt_pt_mul(6, 7)
 *   pidtarget fork   calls dt_pt_add() once, then 4 times in a child
 *                    process it forks and waits for, then dt_pt_mul(6, 7)
 *   pidtarget recurse N  calls dt_pt_rec(N), which calls itself until
 *                    its argument is 0: N + 1 nested calls
 *   pidtarget dlopen LIB N MS  loads the shared library LIB (usdtlib)
 *                    with dlopen(), calls its dt_usdtlib_fire(i) for i
 *                    in 0 .. N-1 at once, waits MS milliseconds, calls
 *                    it N times more (i from N on), then exits with
 *                    status 0
 *
 * The functions are kept out of line (noinline, and an empty asm the
 * compiler cannot see through), so that each call is a real call.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

__attribute__((noinline, used)) long
dt_pt_add(long a, long b)
{
	__asm__ volatile("" : "+r"(a));
	return (a + b);
}

__attribute__((noinline, used)) long
dt_pt_mul(long a, long b)
{
	__asm__ volatile("" : "+r"(a));
	return (a * b);
}

__attribute__((noinline, used)) int
dt_pt_tick(int n)
{
	__asm__ volatile("" : "+r"(n));
	return (n + 1);
}

__attribute__((noinline, used)) long
dt_pt_rec(long n)
{
	__asm__ volatile("" : "+r"(n));
	return (n == 0 ? 0 : 1 + dt_pt_rec(n - 1));
}

static void *
thread_main(void *arg)
{
	for (long i = 0; i < 3; i++)
		(void) dt_pt_add(i, (long)arg);
	return (NULL);
}

int
main(int argc, char **argv)
{
	long sum = 0;

	if (argc > 1 && strcmp(argv[1], "thread") == 0) {
		pthread_t t;

		(void) dt_pt_add(1, 1);
		(void) dt_pt_add(2, 2);
		if (pthread_create(&t, NULL, thread_main, (void *)100L) != 0 ||
		    pthread_join(t, NULL) != 0)
			return (1);
		return (dt_pt_mul(6, 7) != 42);
	}
	if (argc > 1 && strcmp(argv[1], "fork") == 0) {
		pid_t child;

		(void) dt_pt_add(1, 1);
		if ((child = fork()) == 0) {
			for (long i = 0; i < 4; i++)
				(void) dt_pt_add(i, 0);
			_exit(0);
		}
		if (child < 0 || waitpid(child, NULL, 0) != child)
			return (1);
		return (dt_pt_mul(6, 7) != 42);
	}

	if (argc > 2 && strcmp(argv[1], "recurse") == 0)
		return (dt_pt_rec(atol(argv[2])) != atol(argv[2]));
	if (argc > 4 && strcmp(argv[1], "dlopen") == 0) {
		long n = atol(argv[3]), ms = atol(argv[4]);
		struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
		void *h = dlopen(argv[2], RTLD_NOW);
		void (*fire)(int);

		if (h == NULL || (*(void **)&fire = dlsym(h,
		    "dt_usdtlib_fire")) == NULL) {
			fprintf(stderr, "pidtarget: %s\n", dlerror());
			return (1);
		}
		for (long i = 0; i < n; i++)
			fire((int)i);
		nanosleep(&ts, NULL);
		for (long i = n; i < 2 * n; i++)
			fire((int)i);
		return (0);
	}
	if (argc > 1 && strcmp(argv[1], "loop") == 0) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };
		int n = 0;

		printf("%d\n", (int)getpid());
		fflush(stdout);
		for (;;) {
			n = dt_pt_tick(n);
			nanosleep(&ts, NULL);
		}
	}
	for (long i = 0; i < (argc > 1 ? atol(argv[1]) : 1); i++)
		sum += dt_pt_add(i, 100);
	sum += dt_pt_mul(6, 7);
	return (sum == 0);
}
