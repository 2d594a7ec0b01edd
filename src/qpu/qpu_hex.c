/*
 * qpu_hex.c: QPU programs from raw bytes and from hex text (see qpu_hex.h).
 */
#include "qpu/qpu_hex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"

struct word_array { uint64_t *data; size_t len, cap; };

bool qpu_words_from_bytes(const void *bytes, size_t size, const char *name,
			  uint64_t **words, size_t *count, struct vc4_diag *diag)
{
	const uint8_t *b = bytes;

	*words = NULL;
	*count = 0;
	if (size % 8)
		return vc4_diag_set(diag, "%s: size %zu is not a multiple of 8 bytes "
				    "(64-bit instructions)", name, size);
	if (size == 0)
		return true;
	*words = malloc(size);
	if (!*words)
		return vc4_diag_set(diag, "%s: out of memory", name);
	for (size_t i = 0; i < size / 8; i++) {
		uint64_t w = 0;
		for (int k = 7; k >= 0; k--)
			w = w << 8 | b[i * 8 + (size_t)k];
		(*words)[i] = w;
	}
	*count = size / 8;
	return true;
}

uint8_t *qpu_words_to_bytes(const uint64_t *words, size_t count)
{
	uint8_t *b = count ? malloc(count * 8) : NULL;

	if (!b)
		return NULL;
	for (size_t i = 0; i < count; i++) {
		for (int k = 0; k < 8; k++)
			b[i * 8 + (size_t)k] = (uint8_t)(words[i] >> (8 * k));
	}
	return b;
}

/* A cursor over the hex text that tracks line and column. */
struct hex_cursor {
	const char *p;
	unsigned line;
	const char *line_start;
};

static void advance(struct hex_cursor *c, size_t n)
{
	for (size_t i = 0; i < n && *c->p; i++, c->p++) {
		if (*c->p == '\n') {
			c->line++;
			c->line_start = c->p + 1;
		}
	}
}

/* Skips separators and comments. Returns false on an unterminated block
 * comment. */
static bool skip_space(struct hex_cursor *c)
{
	for (;;) {
		if (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\n' ||
		    *c->p == ',') {
			advance(c, 1);
		} else if (*c->p == '#' || (c->p[0] == '/' && c->p[1] == '/')) {
			while (*c->p && *c->p != '\n')
				advance(c, 1);
		} else if (c->p[0] == '/' && c->p[1] == '*') {
			const char *end = strstr(c->p + 2, "*/");
			if (!end)
				return false;
			advance(c, (size_t)(end + 2 - c->p));
		} else {
			return true;
		}
	}
}

static unsigned column(const struct hex_cursor *c)
{
	return (unsigned)(c->p - c->line_start) + 1;
}

/* Reads one hex number: returns its digit count (0 when there is none, or
 * more than 16 digits) and the value. */
static unsigned read_hex(struct hex_cursor *c, uint64_t *value)
{
	const char *s = c->p;
	unsigned n = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	*value = 0;
	while (isxdigit((unsigned char)s[n])) {
		char d = (char)tolower((unsigned char)s[n]);
		*value = *value << 4 | (uint64_t)(isdigit((unsigned char)d) ? d - '0' : d - 'a' + 10);
		n++;
	}
	if (n == 0 || n > 16 || isalnum((unsigned char)s[n]) || s[n] == '_')
		return 0;
	advance(c, (size_t)(s + n - c->p));
	return n;
}

bool qpu_parse_hex(const char *text, const char *name, uint64_t **words_out,
		   size_t *count, struct vc4_diag *diag)
{
	struct hex_cursor c = { text, 1, text };
	struct word_array words = { 0 };
	bool have_low = false, ok = true;
	uint64_t low = 0, v;

	while (ok) {
		if (!skip_space(&c)) {
			ok = vc4_diag_set(diag, "%s:%u:%u: error: unterminated comment",
					  name, c.line, column(&c));
			break;
		}
		if (!*c.p)
			break;
		unsigned line = c.line, col = column(&c);
		unsigned digits = read_hex(&c, &v);
		if (!digits) {
			ok = vc4_diag_set(diag, "%s:%u:%u: error: expected a hex number "
					  "(up to 16 digits)", name, line, col);
		} else if (digits > 8 && have_low) {
			ok = vc4_diag_set(diag, "%s:%u:%u: error: expected the high 32-bit half "
					  "of the word, found a 64-bit number", name, line, col);
		} else if (digits <= 8 && !have_low) {
			have_low = true;
			low = v;
		} else {
			uint64_t w = digits > 8 ? v : (v << 32 | low);
			have_low = false;
			if (!vc4_array_push(&words, w))
				ok = vc4_diag_set(diag, "%s: out of memory", name);
		}
	}
	if (ok && have_low)
		ok = vc4_diag_set(diag, "%s:%u:%u: error: expected the high 32-bit half of "
				  "the last word, found end of file", name, c.line, column(&c));
	if (!ok) {
		vc4_array_free(&words);
		words.len = 0;
	}
	*words_out = words.data;
	*count = words.len;
	return ok;
}
