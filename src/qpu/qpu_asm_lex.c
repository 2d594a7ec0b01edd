/*
 * qpu_asm_lex.c: the QPU assembler's reading of one line: error messages
 * with their column, the lexer (words, identifiers, punctuation, integer
 * and float numbers), the instruction fields each piece of syntax sets
 * (conflicts are errors), and name lookups in the ISA tables. The grammar
 * is qpu_asm_alu.c's and qpu_asm.c's (docs/qpu.md).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_asm_priv.h"
#include "qpu/qpu_isa.h"

/* Records "FILE:LINE:COL: error: ..." at column `pos` (0-based) and returns
 * false. */
bool asm_error_at(struct parser *p, size_t pos, const char *fmt, ...)
{
	char msg[VC4_DIAG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return vc4_diag_set(p->diag, "%s:%u:%zu: error: %s", p->file, p->line, pos + 1, msg);
}

/* ------------------------------------------------------------------------ */
/* Lexing                                                                   */

void asm_skip_ws(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\r')
		p->pos++;
}

bool asm_at_end(struct parser *p)
{
	asm_skip_ws(p);
	return p->s[p->pos] == '\0';
}

bool asm_accept(struct parser *p, char c)
{
	asm_skip_ws(p);
	if (p->s[p->pos] != c)
		return false;
	p->pos++;
	return true;
}

/* Text of the token at the cursor, quoted, for messages ("end of line" at
 * the end): a run of letters, digits and '_', or one other character. */
const char *asm_found(struct parser *p, char *buf, size_t size)
{
	size_t n = 0, i = (asm_skip_ws(p), p->pos);

	if (!p->s[i])
		return "end of line";
	buf[n++] = '\'';
	do {
		buf[n++] = p->s[i++];
	} while ((isalnum((unsigned char)p->s[i]) || p->s[i] == '_') &&
		 (isalnum((unsigned char)p->s[i - 1]) || p->s[i - 1] == '_') && n + 2 < size);
	buf[n++] = '\'';
	buf[n] = '\0';
	return buf;
}

bool asm_expect(struct parser *p, char c)
{
	char buf[NAME_MAX_ + 4];

	if (asm_accept(p, c))
		return true;
	return asm_error_at(p, p->pos, "expected '%c', found %s", c, asm_found(p, buf, sizeof(buf)));
}

/* Reads a word of letters, digits and '_' into buf. False (nothing read)
 * when there is none or it is too long. */
bool asm_word(struct parser *p, char *buf, size_t size)
{
	size_t n = 0;

	asm_skip_ws(p);
	while (isalnum((unsigned char)p->s[p->pos + n]) || p->s[p->pos + n] == '_') {
		if (n + 1 >= size) {
			buf[0] = '\0';
			return false;
		}
		buf[n] = p->s[p->pos + n];
		n++;
	}
	buf[n] = '\0';
	p->pos += n;
	return n > 0;
}

/* Reads an identifier (a word not starting with a digit). */
bool asm_ident(struct parser *p, char *buf, size_t size)
{
	asm_skip_ws(p);
	if (isdigit((unsigned char)p->s[p->pos]))
		return false;
	return asm_word(p, buf, size);
}

bool asm_starts_number(struct parser *p)
{
	asm_skip_ws(p);
	char c = p->s[p->pos];
	return isdigit((unsigned char)c) || ((c == '-' || c == '+') &&
	       isdigit((unsigned char)p->s[p->pos + 1]));
}

/* Reads a number: decimal or 0x-hex integer, or a decimal float (with '.'
 * or an exponent). Integers must fit 32 bits (signed or unsigned). */
bool asm_number(struct parser *p, struct number *n)
{
	size_t start = (asm_skip_ws(p), p->pos), end = start;
	const char *s = p->s;
	char tmp[64];

	if (s[end] == '-' || s[end] == '+')
		end++;
	bool hex = s[end] == '0' && (s[end + 1] == 'x' || s[end + 1] == 'X');
	while (isalnum((unsigned char)s[end]) || s[end] == '.' ||
	       ((s[end] == '-' || s[end] == '+') && !hex && (s[end - 1] == 'e' || s[end - 1] == 'E')))
		end++;
	if (end - start >= sizeof(tmp) || end == start)
		return asm_error_at(p, start, "expected a number");
	memcpy(tmp, s + start, end - start);
	tmp[end - start] = '\0';
	n->is_float = !hex && strpbrk(tmp, ".eE") != NULL;
	char *stop;
	errno = 0;
	if (n->is_float) {
		float f = strtof(tmp, &stop);
		memcpy(&n->bits, &f, sizeof(f));
		n->i = 0;
	} else {
		n->i = strtoll(tmp, &stop, hex ? 16 : 10);
		n->bits = (uint32_t)n->i;
	}
	if (*stop || errno)
		return asm_error_at(p, start, "expected a number, found '%s'", tmp);
	if (!n->is_float && (n->i < INT32_MIN || n->i > (int64_t)UINT32_MAX))
		return asm_error_at(p, start, "number '%s' does not fit 32 bits", tmp);
	p->pos = end;
	return true;
}

/* ------------------------------------------------------------------------ */
/* Fields                                                                   */

/* Sets field `f` to `v` (from column `pos`); an earlier different value is
 * a conflict. */
bool asm_set_field(struct parser *p, struct fields *fl, enum qpu_field f,
		      uint32_t v, size_t pos)
{
	if (fl->set[f] && fl->v[f] != v && f == QPU_F_SIG)
		return asm_error_at(p, pos, "conflicting signals: %s here, %s at column %zu "
				"(one signal per instruction; small immediates use one)",
				qpu_sigs[v & 15].name, qpu_sigs[fl->v[f] & 15].name,
				fl->pos[f] + 1);
	if (fl->set[f] && fl->v[f] != v)
		return asm_error_at(p, pos, "conflicting %s: %" PRIu32 " here, %" PRIu32
				" at column %zu", qpu_fields[f].name, v, fl->v[f],
				fl->pos[f] + 1);
	fl->set[f] = true;
	fl->v[f] = v;
	fl->pos[f] = pos;
	return true;
}

uint32_t asm_get(const struct fields *fl, enum qpu_field f, uint32_t def)
{
	return fl->set[f] ? fl->v[f] : def;
}

/* Builds the word from the fields in `list` (n of them). */
uint64_t asm_build(const struct fields *fl, const enum qpu_field *list, size_t n)
{
	uint64_t w = 0;

	for (size_t i = 0; i < n; i++)
		w = qpu_field_set(w, list[i], fl->v[list[i]]);
	return w;
}

/* ------------------------------------------------------------------------ */
/* Names                                                                    */

/* Index of `name` in the n entries of a table, `stride` bytes apart, whose
 * first member is its name; -1 if absent. */
int asm_find_in(const char *name, const char *const *first, size_t stride, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *const *entry = (const char *const *)((const char *)first + i * stride);
		if (*entry && strcmp(*entry, name) == 0)
			return (int)i;
	}
	return -1;
}


bool asm_lookup_waddr(const char *name, struct waddr_name *w)
{
	int a = FIND(name, qpu_waddrs[QPU_FILE_A]);
	int b = FIND(name, qpu_waddrs[QPU_FILE_B]);

	if (a < 0 && b < 0)
		return false;
	w->addr = a >= 0 ? a : b;
	w->file = (a >= 0 && b >= 0) ? -1 : (a >= 0 ? QPU_FILE_A : QPU_FILE_B);
	return true;
}

