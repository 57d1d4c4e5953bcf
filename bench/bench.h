/*
 * bench.h: what the C benchmarks share: a monotonic clock in milliseconds
 * and a qsort() order for the times they take the median of.
 */
#ifndef BENCH_H
#define BENCH_H

#include <time.h>

static inline double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec * 1e3 + ts.tv_nsec / 1e6);
}

static inline int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x < y ? -1 : x > y);
}

#endif /* BENCH_H */
