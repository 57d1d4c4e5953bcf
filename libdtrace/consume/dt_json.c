/*
 * dt_json.c: the JSON writer of -x oformat=json.
 *
 * Output is one JSON object a line (see docs/output.md for the layout);
 * this file only writes JSON values.  Strings come from the traced system
 * and may hold any bytes: valid UTF-8 is written as is, the characters
 * JSON requires escaped are escaped (quote, backslash, control
 * characters), and every byte that is not part of a valid UTF-8 sequence
 * is written as \u00XX (the byte read as Latin-1), so that the output is
 * always valid JSON and no byte is lost.
 */
#include <stdio.h>
#include <string.h>

#include "../core/dt_impl.h"
#include "dt_consume.h"
#include "../proc/dt_proc.h"

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len;

	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return (0);
	if (len > n)
		return (0);
	/* no overlong forms, no surrogates, nothing above U+10FFFF */
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return (0);
	for (size_t i = 2; i < len; i++) {
		if (s[i] < 0x80 || s[i] > 0xbf)
			return (0);
	}
	return (len);
}

/* A JSON string of the bytes at s, up to a NUL or max bytes. */
void
dt_json_str(FILE *fp, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strnlen(s, max);

	fputc('"', fp);
	for (size_t i = 0; i < n; ) {
		unsigned char c = p[i];
		size_t len;

		if (c == '"' || c == '\\') {
			fputc('\\', fp);
			fputc(c, fp);
		} else if (c == '\n') {
			fputs("\\n", fp);
		} else if (c == '\t') {
			fputs("\\t", fp);
		} else if (c == '\r') {
			fputs("\\r", fp);
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(fp, "\\u%04x", c);
		} else if (c < 0x80) {
			fputc(c, fp);
		} else if ((len = utf8_len(p + i, n - i)) > 0) {
			fwrite(p + i, 1, len, fp);
			i += len;
			continue;
		} else {
			fprintf(fp, "\\u%04x", c);
		}
		i++;
	}
	fputc('"', fp);
}

/*
 * A traced value: strings as JSON strings, integers as numbers (signed
 * or not as their type), pointers as "0x..." strings (a JSON number
 * above 2^53 loses precision in many parsers, and an address is read in
 * hex anyway).
 */
void
dt_json_value(FILE *fp, dt_type_t t, const char *data, size_t size)
{
	int64_t v;

	if (t.ty_kind == DT_TK_STRING) {
		dt_json_str(fp, data, size);
		return;
	}
	memcpy(&v, data, sizeof (v));
	if (t.ty_kind == DT_TK_PTR)
		fprintf(fp, "\"0x%llx\"", (unsigned long long)v);
	else if (t.ty_signed)
		fprintf(fp, "%lld", (long long)v);
	else
		fprintf(fp, "%llu", (unsigned long long)v);
}

/* A kernel stack: an array of "module`symbol+0xoffset" strings. */
void
dt_json_stack(dtrace_hdl_t *dtp, FILE *fp, const char *data,
    uint32_t nframes)
{
	char buf[256];

	fputc('[', fp);
	for (uint32_t i = 0; i < nframes; i++) {
		uint64_t pc;

		memcpy(&pc, data + i * 8, sizeof (pc));
		if (pc == 0)
			break;
		dt_format_kaddr(dtp, pc, buf, sizeof (buf));
		if (i > 0)
			fputc(',', fp);
		dt_json_str(fp, buf, strlen(buf));
	}
	fputc(']', fp);
}

/* A user stack (the pid, then the frames): an array of strings. */
void
dt_json_ustack(dtrace_hdl_t *dtp, FILE *fp, const char *data,
    uint32_t nframes)
{
	char buf[512];
	uint64_t pid;

	memcpy(&pid, data, sizeof (pid));
	fputc('[', fp);
	for (uint32_t i = 0; i < nframes; i++) {
		uint64_t pc;

		memcpy(&pc, data + 8 + i * 8, sizeof (pc));
		if (pc == 0)
			break;
		dt_format_uaddr(dtp, (pid_t)pid, pc, DT_TK_USTACK, buf,
		    sizeof (buf), NULL);
		if (i > 0)
			fputc(',', fp);
		dt_json_str(fp, buf, strlen(buf));
	}
	fputc(']', fp);
}

/* "probe":{...} naming the probe, then the CPU. */
void
dt_json_probe(FILE *fp, const dtrace_probedesc_t *pd, int cpu)
{
	fprintf(fp, "\"probe\":{\"id\":%u,\"provider\":", pd->id);
	dt_json_str(fp, pd->prv, sizeof (pd->prv));
	fputs(",\"module\":", fp);
	dt_json_str(fp, pd->mod, sizeof (pd->mod));
	fputs(",\"function\":", fp);
	dt_json_str(fp, pd->fun, sizeof (pd->fun));
	fputs(",\"name\":", fp);
	dt_json_str(fp, pd->prb, sizeof (pd->prb));
	fprintf(fp, "},\"cpu\":%d", cpu);
}
