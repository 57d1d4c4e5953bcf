/*
 * json.c: fuzz target for the JSON writer's escaping (consume/dt_json.c).
 * The input is the bytes of a traced string.  dt_json_str() writes it,
 * and the output is checked against what JSON requires and what the
 * writer promises (docs/output.md): one JSON string, valid UTF-8, no
 * control character unescaped, and decoding it gives back every byte of
 * the input up to its first NUL (bytes outside valid UTF-8 come back
 * from their \u00XX).  The same bytes go through dt_json_probe() as a
 * probe's four names and through dt_json_value() as a string, an integer
 * and a pointer, whose output must be valid JSON of the same kind.
 */
#include <stdbool.h>
#include <string.h>

#include <dtrace.h>

#include "core/dt_impl.h"
#include "consume/dt_consume.h"

#include "fuzz.h"

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

/* Length of the valid UTF-8 sequence at s (n bytes), 0 if none. */
static size_t
utf8_seq(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t len;

	if (s[0] < 0x80)
		return (1);
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, cp = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, cp = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, cp = s[0] & 0x07;
	else
		return (0);
	if (len > n)
		return (0);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return (0);
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* shortest form, no surrogate, at most U+10FFFF */
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
	    (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return (0);
	return (len);
}

/*
 * Decode the JSON string at *sp (n bytes) into out (NULL: only check it),
 * advancing *sp past it; the decoded length, or -1 if it is not a valid
 * JSON string of the writer's form.
 */
static long
decode(const char **sp, const char *end, char *out)
{
	const unsigned char *s = (const unsigned char *)*sp;
	long len = 0;

	if (s >= (const unsigned char *)end || *s++ != '"')
		return (-1);
	for (;;) {
		size_t l;

		if (s >= (const unsigned char *)end)
			return (-1);
		if (*s == '"')
			break;
		if (*s < 0x20)
			return (-1);		/* a raw control character */
		if (*s == '\\') {
			int c;

			if (s + 1 >= (const unsigned char *)end)
				return (-1);
			switch (s[1]) {
			case '"': case '\\': case '/': c = s[1]; break;
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				int v = 0;

				if (s + 6 > (const unsigned char *)end)
					return (-1);
				for (int i = 2; i < 6; i++) {
					if (hexval(s[i]) < 0)
						return (-1);
					v = v << 4 | hexval(s[i]);
				}
				/* the writer escapes single bytes only */
				if (v == 0 || v > 0xff)
					return (-1);
				c = v;
				s += 4;
				break;
			}
			default:
				return (-1);
			}
			if (out != NULL)
				out[len] = (char)c;
			len++;
			s += 2;
			continue;
		}
		if ((l = utf8_seq(s, (size_t)((const unsigned char *)end -
		    s))) == 0)
			return (-1);		/* not UTF-8 */
		for (size_t i = 0; i < l; i++) {
			if (out != NULL)
				out[len] = (char)s[i];
			len++;
		}
		s += l;
	}
	*sp = (const char *)s + 1;
	return (len);
}

/* Write with fn into memory; the text, to free. */
static char *
capture(void (*fn)(FILE *, const void *), const void *arg, size_t *lenp)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, lenp);

	if (fp == NULL)
		abort();
	fn(fp, arg);
	fclose(fp);
	return (buf);
}

typedef struct input {
	const char *in_data;	/* bytes */
	size_t in_size;		/* how many */
	dtrace_probedesc_t in_pd; /* as a probe's names */
	dt_type_t in_type;	/* as a value of this type */
} input_t;

static void
put_str(FILE *fp, const void *arg)
{
	const input_t *in = arg;

	dt_json_str(fp, in->in_data, in->in_size);
}

static void
put_probe(FILE *fp, const void *arg)
{
	const input_t *in = arg;

	fputc('{', fp);
	dt_json_probe(fp, &in->in_pd, 1);
	fputc('}', fp);
}

static void
put_value(FILE *fp, const void *arg)
{
	const input_t *in = arg;

	dt_json_value(fp, in->in_type, in->in_data, in->in_size);
}

/* s past the text want, which it must start with. */
static const char *
expect(const char *s, const char *want)
{
	FUZZ_ASSERT(strncmp(s, want, strlen(want)) == 0);
	return (s + strlen(want));
}

/* A JSON number as the writer writes integers: -?[0-9]+. */
static bool
is_int(const char *s, size_t len)
{
	size_t i = s[0] == '-';

	if (i >= len)
		return (false);
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return (false);
	}
	return (true);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	input_t in;
	char *out, *dec, val[8];
	const char *p;
	size_t len, n = strnlen((const char *)data, size);
	long dlen;

	memset(&in, 0, sizeof (in));
	in.in_data = (const char *)data;
	in.in_size = size;

	/* the string, and its round trip */
	out = capture(put_str, &in, &len);
	p = out;
	if ((dec = malloc(n + 1)) == NULL)
		abort();
	dlen = decode(&p, out + len, dec);
	FUZZ_ASSERT(dlen >= 0 && p == out + len);
	FUZZ_ASSERT((size_t)dlen == n && memcmp(dec, data, n) == 0);
	free(dec);
	free(out);

	/* a probe: four strings in an object */
	snprintf(in.in_pd.prv, sizeof (in.in_pd.prv), "%.*s", (int)size,
	    (const char *)data);
	memcpy(in.in_pd.mod, in.in_pd.prv, sizeof (in.in_pd.prv));
	snprintf(in.in_pd.fun, sizeof (in.in_pd.fun), "%.*s", (int)size,
	    (const char *)data);
	snprintf(in.in_pd.prb, sizeof (in.in_pd.prb), "%.*s", (int)size,
	    (const char *)data);
	out = capture(put_probe, &in, &len);
	p = expect(out, "{\"probe\":{\"id\":0,\"provider\":");
	FUZZ_ASSERT(decode(&p, out + len, NULL) >= 0);
	p = expect(p, ",\"module\":");
	FUZZ_ASSERT(decode(&p, out + len, NULL) >= 0);
	p = expect(p, ",\"function\":");
	FUZZ_ASSERT(decode(&p, out + len, NULL) >= 0);
	p = expect(p, ",\"name\":");
	FUZZ_ASSERT(decode(&p, out + len, NULL) >= 0);
	FUZZ_ASSERT(strcmp(p, "},\"cpu\":1}") == 0);
	free(out);

	/* values: a string, and the first 8 bytes as integers and pointer */
	in.in_type.ty_kind = DT_TK_STRING;
	out = capture(put_value, &in, &len);
	p = out;
	FUZZ_ASSERT(decode(&p, out + len, NULL) == (long)n && p == out + len);
	free(out);
	memset(val, 0, sizeof (val));
	memcpy(val, data, size < 8 ? size : 8);
	in.in_data = val;
	in.in_size = 8;
	for (int k = 0; k < 3; k++) {
		in.in_type.ty_kind = k == 2 ? DT_TK_PTR : DT_TK_INT;
		in.in_type.ty_size = 8;
		in.in_type.ty_signed = k == 0;
		out = capture(put_value, &in, &len);
		if (k < 2) {
			FUZZ_ASSERT(is_int(out, len));
		} else {
			p = out;
			FUZZ_ASSERT(decode(&p, out + len, NULL) > 2 &&
			    p == out + len && strncmp(out, "\"0x", 3) == 0);
		}
		free(out);
	}
	return (0);
}
