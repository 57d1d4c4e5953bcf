/*
 * ustacktarget: the traced program of the ustack() tests, built with
 * frame pointers so that the kernel's user stack walk finds every frame.
 *
 *   ustacktarget N   calls ust_a(i) for i in 0 .. N-1, which calls
 *                    ust_b(), which calls ust_c(); then ust_b() twice
 *                    from one call site in main; then ust_done(); then
 *                    sleep(10) (libc's, through the PLT), so
 *                    that the session prints while the process lives
 *                    (the session kills it when it ends)
 *   ustacktarget N exit  the same, but exits 300 ms after ust_done()
 *
 * ust_c(addr) makes the getppid() system call itself (no libc function
 * without a frame pointer in between); its argument is the address of
 * ust_b plus 4.  The functions are kept out of line and their calls are
 * not turned into jumps.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline, used)) long ust_b(long);

__attribute__((noinline, used)) long
ust_c(long addr)
{
	long r;

	/* a leaf: its frame is made only when its address is taken */
	__asm__ volatile("" : : "r"(__builtin_frame_address(0)));
	__asm__ volatile("syscall" : "=a"(r) : "0"(110L) :
	    "rcx", "r11", "memory");
	return (r + (addr & 1));
}

__attribute__((noinline, used)) long
ust_b(long i)
{
	return (ust_c((long)&ust_b + 4) + i);
}

__attribute__((noinline, used)) long
ust_a(long i)
{
	return (ust_b(i) + 1);
}

__attribute__((noinline, used)) int
ust_done(int n)
{
	__asm__ volatile("" : "+r"(n));
	return (n);
}

int
main(int argc, char **argv)
{
	long sum = 0, n = argc > 1 ? atol(argv[1]) : 1;
	volatile long twice = 2;	/* a loop, not two call sites */

	for (long i = 0; i < n; i++)
		sum += ust_a(i);
	for (long i = 0; i < twice; i++)
		sum += ust_b(i);
	(void) ust_done((int)sum);
	if (argc > 2 && strcmp(argv[2], "exit") == 0) {
		struct timespec ts = { 0, 300 * 1000 * 1000 };

		nanosleep(&ts, NULL);
		return (0);
	}
	sleep(10);
	return (0);
}
