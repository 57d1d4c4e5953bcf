/*
 * dt_util.c: allocation that records EDT_NOMEM on the handle, glob
 * matching for probe descriptions, small file reads.
 */
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_impl.h"

void *
dt_zalloc(dtrace_hdl_t *dtp, size_t size)
{
	void *p = calloc(1, size);

	if (p == NULL && dtp != NULL)
		dt_set_errno(dtp, EDT_NOMEM);
	return (p);
}

void *
dt_realloc(dtrace_hdl_t *dtp, void *p, size_t size)
{
	void *n = realloc(p, size);

	if (n == NULL && dtp != NULL)
		dt_set_errno(dtp, EDT_NOMEM);
	return (n);
}

char *
dt_strdup(dtrace_hdl_t *dtp, const char *s)
{
	char *p = strdup(s);

	if (p == NULL && dtp != NULL)
		dt_set_errno(dtp, EDT_NOMEM);
	return (p);
}

/* Grow an array of elements of size esz to hold at least need + 1. */
int
dt_grow(dtrace_hdl_t *dtp, void **arr, unsigned int *cap, unsigned int need,
    size_t esz)
{
	unsigned int ncap = *cap ? *cap * 2 : need;
	void *n;

	if (ncap < need)
		ncap = need;
	if ((n = dt_realloc(dtp, *arr, (size_t)ncap * esz)) == NULL)
		return (-1);
	*arr = n;
	*cap = ncap;
	return (0);
}

/* Does s match the probe description field pattern p?  Empty matches all. */
int
dt_gmatch(const char *s, const char *p)
{
	if (p == NULL || *p == '\0')
		return (1);
	if (strpbrk(p, "*?[\\") == NULL)
		return (strcmp(s, p) == 0);
	return (fnmatch(p, s, 0) == 0);
}

/* Read a small file into buf (NUL-terminated); returns length or -1. */
int
dt_read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return (-1);
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return (-1);
	buf[n] = '\0';
	return ((int)n);
}
