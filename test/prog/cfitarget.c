/*
 * cfitarget: the traced program of the unwinding tests, built with
 * -O2 -fomit-frame-pointer, so that only the call frame information of
 * .eh_frame finds its callers (and libc's: Debian's is built without
 * frame pointers too).
 *
 *   cfitarget N   main calls cfi_outer(N), which calls cfi_middle(),
 *                 which calls cfi_sort(), which sorts an array of N
 *                 ints with qsort(), whose comparator is cmp(); then
 *                 sleeps 10 s so that the session prints while the
 *                 process lives (the session kills it when it ends)
 *
 * The functions are kept out of line, their calls are not turned into
 * jumps, and each keeps something live across its call so that it has a
 * stack frame of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline, used)) int
cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return ((x > y) - (x < y));
}

__attribute__((noinline, used)) long
cfi_sort(int *v, size_t n)
{
	volatile long pad[8];	/* a frame larger than the return address */

	pad[0] = (long)n;
	qsort(v, n, sizeof (int), cmp);
	return (pad[0] + v[0]);
}

__attribute__((noinline, used)) long
cfi_middle(int *v, size_t n)
{
	long r = cfi_sort(v, n);

	return (r * 3 + v[n - 1]);
}

__attribute__((noinline, used)) long
cfi_outer(size_t n)
{
	int *v = malloc(n * sizeof (int));
	long r;

	if (v == NULL)
		return (-1);
	for (size_t i = 0; i < n; i++)
		v[i] = (int)((i * 7919) % 1009);
	r = cfi_middle(v, n);
	free(v);
	return (r + 1);
}

int
main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 16;
	long r = cfi_outer(n < 2 ? 2 : n);

	printf("%ld\n", r);
	fflush(stdout);
	sleep(10);
	return (0);
}
