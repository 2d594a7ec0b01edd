/*
 * glsl_lex.c: GLSL ES 1.00 source characters -> tokens (spec chapter 3):
 * identifiers, integer (decimal, octal, hex) and float literals,
 * punctuators by longest match, comments as white space, a TK_NEWLINE
 * token at every line end for the preprocessor. Also the compile context's
 * error log and arena, which every pass shares.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_internal.h"
#include "util/bits.h"
#include "util/code_align.h"

const char *const glsl_punct_names[P_COUNT] = {
#define GLSL_P_NAME(n, s) [P_##n] = s,
	GLSL_PUNCT_LIST(GLSL_P_NAME)
#undef GLSL_P_NAME
};

/* strlen of each punctuator, known at compile time. */
static const uint8_t punct_len[P_COUNT] = {
#define GLSL_P_LEN(n, s) [P_##n] = sizeof(s) - 1,
	GLSL_PUNCT_LIST(GLSL_P_LEN)
#undef GLSL_P_LEN
};

/* Counts one error and appends "NAME:LINE:COL: message" (line 0: "NAME:
 * message") to the context's log, keeping the first separately; after
 * GLSL_MAX_ERRORS the context is marked fatal and further messages are
 * dropped. */
void glsl_verror(struct glsl_ctx *c, uint32_t line, uint32_t col, const char *fmt, va_list ap)
{
	char msg[400], full[512];
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (line)
		snprintf(full, sizeof(full), "%s:%u:%u: %s", c->name, line, col, msg);
	else
		snprintf(full, sizeof(full), "%s: %s", c->name, msg);
	c->errors++;
	if (c->errors >= GLSL_MAX_ERRORS)
		c->fatal = true;
	struct glsl_log *log = c->log;
	if (!log || log->count >= GLSL_MAX_ERRORS)
		return;
	if (!log->count)
		snprintf(log->first, sizeof(log->first), "%s", full);
	size_t n = strlen(log->text);
	snprintf(log->text + n, sizeof(log->text) - n, "%s\n", full);
	log->count++;
}

void glsl_error(struct glsl_ctx *c, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	glsl_verror(c, line, col, fmt, ap);
	va_end(ap);
}

void *glsl_out_of_memory(struct glsl_ctx *c)
{
	if (!c->fatal)
		glsl_error(c, 0, 0, "out of memory");
	c->fatal = true;
	return NULL;
}

VC4_CODE_ALIGN(128)
char *glsl_strndup(struct glsl_ctx *c, const char *s, size_t n)
{
	char *p = n < SIZE_MAX ? glsl_alloc(c, n + 1) : NULL;   /* zeroed: ends in NUL */
	if (p)
		vc4_copy_short(p, s, n);
	return p;
}

void glsl_arena_free(struct glsl_ctx *c)
{
	vc4_arena_fini(&c->arena);
}

struct lexer {
	struct glsl_ctx *c;
	const char *p, *end, *line_start;
	uint32_t line;
	bool space;
	glsl_toks *out;
	uint64_t starts[128];   /* per ASCII character: the punctuators it starts */
};

_Static_assert(P_COUNT <= 64, "a punctuator set is one 64-bit word");

static bool is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }
static bool is_digit(int ch) { return ch >= '0' && ch <= '9'; }
/* White space within a line. */
static bool is_blank(int ch) { return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f'; }

static inline bool push(struct lexer *l, struct glsl_tok t)
{
	if (!vc4_array_push(l->out, t)) {
		glsl_error(l->c, 0, 0, "out of memory");
		l->c->fatal = true;
		return false;
	}
	return true;
}

static struct glsl_tok tok_at(struct lexer *l, enum glsl_tok_kind k, const char *s)
{
	struct glsl_tok t = { .kind = (uint8_t)k, .space = l->space, .line = l->line,
			      .col = (uint32_t)(s - l->line_start) + 1, .s = s };
	l->space = false;
	return t;
}

/* Consumes a line end at p (\n, \r\n or \r); false if none. */
static bool newline(struct lexer *l)
{
	if (*l->p != '\n' && *l->p != '\r')
		return false;
	struct glsl_tok t = tok_at(l, TK_NEWLINE, l->p);
	t.len = 0;
	l->p += (l->p[0] == '\r' && l->p + 1 < l->end && l->p[1] == '\n') ? 2 : 1;
	l->line++;
	l->line_start = l->p;
	l->space = true;
	return push(l, t);
}

/* Skips a comment at p; false after an error. */
static bool comment(struct lexer *l)
{
	if (l->p[1] == '/') {
		while (l->p < l->end && *l->p != '\n' && *l->p != '\r')
			l->p++;
		return true;
	}
	uint32_t line = l->line, col = (uint32_t)(l->p - l->line_start) + 1;
	for (l->p += 2; l->p + 1 < l->end && !(l->p[0] == '*' && l->p[1] == '/');) {
		if (*l->p == '\n' || *l->p == '\r') {
			bool crlf = l->p[0] == '\r' && l->p[1] == '\n';
			l->p += crlf ? 2 : 1;
			l->line++;
			l->line_start = l->p;
		} else {
			l->p++;
		}
	}
	if (l->p + 1 >= l->end) {
		glsl_error(l->c, line, col, "comment is never closed");
		return false;
	}
	l->p += 2;
	return true;
}

/* An integer literal: decimal, octal (leading 0) or hex. */
static bool int_literal(struct lexer *l, struct glsl_tok *t)
{
	const char *s = l->p;
	int base = 10;
	if (s[0] == '0' && s + 1 < l->end && (s[1] == 'x' || s[1] == 'X'))
		base = 16, l->p += 2;
	else if (s[0] == '0')
		base = 8;
	uint64_t v = 0;
	bool big = false, bad = false;
	for (; l->p < l->end && (is_alpha(*l->p) || is_digit(*l->p)); l->p++) {
		int ch = *l->p, d = is_digit(ch) ? ch - '0' : (ch | 32) - 'a' + 10;
		bad |= d >= base || (!is_digit(ch) && base != 16) || ((ch | 32) > 'f');
		v = v * (uint64_t)base + (uint64_t)(d & 15);
		big |= v > 0xffffffffu;
	}
	t->len = (uint32_t)(l->p - s);
	t->v.i = (int32_t)(uint32_t)v;
	if (bad || (base == 16 && t->len == 2))
		glsl_error(l->c, t->line, t->col, "bad integer literal '%.*s'", (int)t->len, s);
	else if (big)
		glsl_error(l->c, t->line, t->col, "integer literal '%.*s' is too large",
			   (int)t->len, s);
	return !bad && !big;
}

/* The value of the float literal s..q (digits, '.', exponent: checked)
 * when it is exact without strtof: a significand below 2^24 and a power of
 * ten of at most 10 are both floats, so one IEEE multiply or divide rounds
 * m * 10^e correctly, as strtof does. False for any other literal. */
static bool float_fast(const char *s, const char *q, float *out)
{
	static const float pow10[11] = { 1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f,
					 1e6f, 1e7f, 1e8f, 1e9f, 1e10f };
	uint32_t m = 0;
	int e = 0, frac = 0;
	for (; s < q && *s != 'e' && *s != 'E'; s++) {
		if (*s == '.') {
			frac = 1;
			continue;
		}
		if (m >= (1u << 24) / 10 + 1)
			return false;       /* m * 10 could pass 2^24 */
		m = m * 10 + (uint32_t)(*s - '0');
		e -= frac;
	}
	if (m > (1u << 24))
		return false;
	if (s < q) {                    /* an exponent */
		bool neg = *++s == '-';
		s += *s == '+' || *s == '-';
		int x = 0;
		for (; s < q; s++)
			if ((x = x * 10 + (*s - '0')) > 100)
				return false;
		e += neg ? -x : x;
	}
	if (e < -10 || e > 10)
		return false;
	*out = e < 0 ? (float)m / pow10[-e] : (float)m * pow10[e];
	return true;
}

/* A float literal starting at p: digits with '.' and/or an exponent. */
static bool float_literal(struct lexer *l, struct glsl_tok *t)
{
	const char *s = l->p, *q = s;
	while (q < l->end && is_digit(*q))
		q++;
	if (q < l->end && *q == '.')
		for (q++; q < l->end && is_digit(*q);)
			q++;
	if (q < l->end && (*q == 'e' || *q == 'E')) {
		const char *e = q + 1;
		if (e < l->end && (*e == '+' || *e == '-'))
			e++;
		if (e >= l->end || !is_digit(*e)) {
			glsl_error(l->c, t->line, t->col, "bad float literal '%.*s'",
				   (int)(e - s), s);
			return false;
		}
		for (q = e; q < l->end && is_digit(*q);)
			q++;
	}
	size_t n = (size_t)(q - s);
	if (n > 127 || !float_fast(s, q, &t->v.f)) {   /* strtof sees 127 */
		char buf[128];
		memcpy(buf, s, n < 127 ? n : 127);   /* s holds no NUL: digits, '.', 'e' */
		buf[n < 127 ? n : 127] = '\0';
		t->v.f = strtof(buf, NULL);
	}
	t->len = (uint32_t)n;
	l->p = q;
	if (q < l->end && (is_alpha(*q) || is_digit(*q))) {
		glsl_error(l->c, t->line, t->col, "bad float literal '%.*s%c'", (int)n, s, *q);
		return false;
	}
	if (isinf(t->v.f)) {
		glsl_error(l->c, t->line, t->col, "float literal '%.*s' is too large", (int)n, s);
		return false;
	}
	return true;
}

/* A number at p: float if it has '.' or an exponent before any other letter. */
static bool number(struct lexer *l)
{
	struct glsl_tok t = tok_at(l, TK_INT, l->p);
	const char *q = l->p;
	bool hex = q[0] == '0' && q + 1 < l->end && (q[1] == 'x' || q[1] == 'X');
	while (q < l->end && is_digit(*q))
		q++;
	bool is_float = !hex && q < l->end && (*q == '.' || *q == 'e' || *q == 'E');
	t.kind = is_float ? TK_FLOAT : TK_INT;
	bool ok = is_float ? float_literal(l, &t) : int_literal(l, &t);
	return push(l, t) && ok;
}

/* Lexes the longest punctuator at the cursor and pushes its token. False
 * after reporting a character that starts none (printable or as \xNN), or
 * when out of memory. */
static bool punct(struct lexer *l)
{
	struct glsl_tok t = tok_at(l, TK_PUNCT, l->p);
	size_t best = 0;
	unsigned char ch0 = (unsigned char)*l->p;
	for (uint64_t m = ch0 < 128 ? l->starts[ch0] : 0; m; m &= m - 1) {
		unsigned i = vc4_ctz64(m);   /* in list order */
		size_t n = punct_len[i];
		if (n > best && (size_t)(l->end - l->p) >= n &&
		    (n == 1 || vc4_memeq_short(l->p, glsl_punct_names[i], n))) {   /* [0] matches */
			best = n;
			t.punct = (uint8_t)i;
		}
	}
	if (!best) {
		unsigned char ch = (unsigned char)*l->p;
		if (ch >= 0x20 && ch < 0x7f)
			glsl_error(l->c, t.line, t.col, "bad character '%c'", ch);
		else
			glsl_error(l->c, t.line, t.col, "bad character '\\x%02x'", ch);
		return false;
	}
	t.len = (uint32_t)best;
	l->p += best;
	return push(l, t);
}

/* One token or piece of white space at p; false after an error. */
static bool lex_one(struct lexer *l)
{
	char ch = *l->p;
	if (is_blank(ch)) {     /* the whole run at once */
		do
			l->p++;
		while (l->p < l->end && is_blank(*l->p));
		l->space = true;
		return true;
	}
	if (ch == '\n' || ch == '\r')
		return newline(l);
	if (ch == '/' && l->p + 1 < l->end && (l->p[1] == '/' || l->p[1] == '*')) {
		l->space = true;
		return comment(l);
	}
	if (is_alpha(ch)) {
		struct glsl_tok t = tok_at(l, TK_IDENT, l->p);
		while (l->p < l->end && (is_alpha(*l->p) || is_digit(*l->p)))
			l->p++;
		t.len = (uint32_t)(l->p - t.s);
		return push(l, t);
	}
	if (is_digit(ch) || (ch == '.' && l->p + 1 < l->end && is_digit(l->p[1])))
		return number(l);
	return punct(l);
}

VC4_CODE_ALIGN(4096)
bool glsl_lex(struct glsl_ctx *c, const char *src, size_t size, glsl_toks *out)
{
	struct lexer l = { c, src, src + size, src, 1, true, out, {0} };
	/* about one token per 4 bytes of source (a failure is reported by the
	 * first push that needs the room) */
	(void)vc4_array_reserve(out, size / 4 + 2);
	for (unsigned i = 0; i < P_COUNT; i++)
		l.starts[(unsigned char)glsl_punct_names[i][0] & 127] |= UINT64_C(1) << i;
	bool ok = true;
	while (l.p < l.end && !c->fatal) {
		if (!lex_one(&l)) {
			ok = false;
			if (l.p < l.end && !(*l.p == '\n' || *l.p == '\r'))
				l.p++;
		}
	}
	struct glsl_tok nl = tok_at(&l, TK_NEWLINE, l.p), eof = nl;
	eof.kind = TK_EOF;
	return push(&l, nl) && push(&l, eof) && ok;
}
