/*
 * cfiread.c: what reading a file's call frame information costs the first
 * time ustack() unwinds through it (proc/dt_cfi.c): through the index of
 * .eh_frame_hdr (what dtrace does) against parsing every FDE (what it does
 * without one).  For each file named (default libc, libstdc++ and
 * libLLVM-14, the largest library on a Debian machine with clang), the
 * median of RUNS reads (default 20) each way.  Run by bench/run, or
 * build/bench/cfiread [RUNS] [FILE...]; needs no root.
 */
#include <stdio.h>
#include <stdlib.h>

#include "proc/dt_cfi.h"

#include "bench.h"

static double
median_read(const char *path, bool index, int runs, size_t *nfdes)
{
	double *t = calloc((size_t)runs, sizeof (double)), m;

	*nfdes = 0;
	for (int i = 0; i < runs && t != NULL; i++) {
		double start = now_ms();
		dt_cfi_t *ci = dt_cfi_read(path, index);

		t[i] = now_ms() - start;
		if (ci != NULL)
			*nfdes = dt_cfi_nfdes(ci);
		dt_cfi_free(ci);
	}
	if (t == NULL)
		return (-1);
	qsort(t, (size_t)runs, sizeof (double), cmp_double);
	m = t[runs / 2];
	free(t);
	return (m);
}

int
main(int argc, char **argv)
{
	static const char *const dflt[] = {
		"/lib/x86_64-linux-gnu/libc.so.6",
		"/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
		"/usr/lib/x86_64-linux-gnu/libLLVM-14.so.1",
	};
	int runs = argc > 1 ? atoi(argv[1]) : 20;
	const char *const *files = argc > 2 ? (const char *const *)argv + 2 :
	    dflt;
	int nfiles = argc > 2 ? argc - 2 : 3;

	if (runs < 1)
		runs = 1;
	printf("call frame information read, median of %d\n", runs);
	printf("%-44s %8s %12s %12s\n", "file", "FDEs", "index ms",
	    "parse ms");
	for (int i = 0; i < nfiles; i++) {
		size_t n1, n2;
		double ix = median_read(files[i], true, runs, &n1);
		double pa = median_read(files[i], false, runs, &n2);

		if (n1 == 0 || n1 != n2) {
			printf("%-44s unreadable\n", files[i]);
			continue;
		}
		printf("%-44s %8zu %12.3f %12.3f\n", files[i], n1, ix, pa);
	}
	return (0);
}
