/*
 * replay.c: the main() of a fuzz target built without libFuzzer.  Runs
 * LLVMFuzzerTestOneInput() once on each file named (a directory: on each
 * file in it, in name order), as libFuzzer does when given files; prints
 * "N inputs" and exits 0 when every input ran.  A crash or a sanitizer
 * report ends it with the input's name on stderr.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

__attribute__((weak)) int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	return (0);
}

static int
run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (fp == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return (-1);
	}
	do {
		if (len == cap) {
			uint8_t *nb = realloc(buf, cap = cap * 2 + 4096);

			if (nb == NULL) {
				fprintf(stderr, "replay: out of memory\n");
				exit(1);
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
	} while (n > 0);
	fclose(fp);
	fprintf(stderr, "replay: %s\n", path);
	/* exactly len bytes, as libFuzzer passes them */
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return (0);
}

static int
name_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

static int
run_path(const char *path, int *count)
{
	struct stat st;
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0;
	int rv = 0;

	if (stat(path, &st) != 0) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return (-1);
	}
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return (run_file(path));
	}
	if ((d = opendir(path)) == NULL)
		return (-1);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		names = realloc(names, (n + 1) * sizeof (char *));
		if (names == NULL || asprintf(&names[n], "%s/%s", path,
		    de->d_name) < 0)
			exit(1);
		n++;
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof (char *), name_cmp);
	for (size_t i = 0; i < n; i++) {
		if (rv == 0 && run_path(names[i], count) != 0)
			rv = -1;
		free(names[i]);
	}
	free(names);
	return (rv);
}

int
main(int argc, char **argv)
{
	int count = 0, rv = 0;

	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		if (run_path(argv[i], &count) != 0)
			rv = 1;
	}
	printf("%d inputs\n", count);
	return (rv);
}
