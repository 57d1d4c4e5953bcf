/*
 * fuzz.h: what the fuzz targets of test/fuzz/ share.
 *
 * Each target defines LLVMFuzzerTestOneInput() (and may define
 * LLVMFuzzerInitialize()).  Built with clang's -fsanitize=fuzzer (make
 * fuzz, build-fuzz/fuzz/NAME) it is a libFuzzer binary; built with
 * replay.c (make, BUILD/fuzz/NAME) it runs the inputs named on its command
 * line once each, which is how test/run-tests replays the committed
 * corpora and regression inputs (test/fuzz/regress/NAME/) in the normal
 * and the sanitizer builds.
 *
 * A target must give the same answer for the same input, must not keep
 * state that grows from one input to the next, and must free everything
 * it allocated: libFuzzer's leak check runs after the inputs that
 * allocate.  FUZZ_ASSERT() turns a broken expectation into a crash that
 * the fuzzer reports with its input.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define FUZZ_ASSERT(e) do {						\
	if (!(e)) {							\
		fprintf(stderr, "%s:%d: fuzz assertion failed: %s\n",	\
		    __FILE__, __LINE__, #e);				\
		abort();						\
	}								\
} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The input as a NUL-terminated string, in memory the caller frees. */
static inline char *
fuzz_strdup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	for (size_t i = 0; i < size; i++)
		s[i] = (char)data[i];
	s[size] = '\0';
	return (s);
}

#endif /* FUZZ_H */
