/*
 * qpu_asm.c: the QPU assembler (see qpu_asm.h, docs/qpu.md).
 *
 * Every piece of syntax sets instruction fields through set_field(), which
 * reports a conflict when two pieces disagree; fields nobody set get their
 * default at the end (qpu_dis.c prints exactly the fields that differ from
 * these defaults and are not implied by the readable text). Register reads
 * are resolved after the whole line is read: explicit file reads first,
 * then small immediates, then the names both files share (unif, vary, ...),
 * which take file A when it is free or holds the same address, else file B.
 */
#include "qpu/qpu_asm.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_isa.h"
#include "util/array.h"

#define NAME_MAX_ 48

struct label {
	char name[NAME_MAX_];
	uint32_t ip;
};

/* Growable arrays (util/array.h macros work on any data/len/cap struct). */
struct label_array { struct label *data; size_t len, cap; };
struct word_array { uint64_t *data; size_t len, cap; };

/* One line being assembled. */
struct parser {
	const char *file;
	unsigned line;
	const char *s;          /* the line, comment stripped, NUL-terminated */
	size_t pos;
	uint32_t ip;
	const struct label *labels;
	size_t nlabels;
	struct vc4_diag *diag;
};

/* Records "FILE:LINE:COL: error: ..." at column `pos` (0-based) and returns
 * false. */
__attribute__((format(printf, 3, 4)))
static bool error_at(struct parser *p, size_t pos, const char *fmt, ...)
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

static void skip_ws(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\r')
		p->pos++;
}

static bool at_end(struct parser *p)
{
	skip_ws(p);
	return p->s[p->pos] == '\0';
}

static bool accept(struct parser *p, char c)
{
	skip_ws(p);
	if (p->s[p->pos] != c)
		return false;
	p->pos++;
	return true;
}

/* Text of the token at the cursor, quoted, for messages ("end of line" at
 * the end): a run of letters, digits and '_', or one other character. */
static const char *found(struct parser *p, char *buf, size_t size)
{
	size_t n = 0, i = (skip_ws(p), p->pos);

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

static bool expect(struct parser *p, char c)
{
	char buf[NAME_MAX_ + 4];

	if (accept(p, c))
		return true;
	return error_at(p, p->pos, "expected '%c', found %s", c, found(p, buf, sizeof(buf)));
}

/* Reads a word of letters, digits and '_' into buf. False (nothing read)
 * when there is none or it is too long. */
static bool word(struct parser *p, char *buf, size_t size)
{
	size_t n = 0;

	skip_ws(p);
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
static bool ident(struct parser *p, char *buf, size_t size)
{
	skip_ws(p);
	if (isdigit((unsigned char)p->s[p->pos]))
		return false;
	return word(p, buf, size);
}

static bool starts_number(struct parser *p)
{
	skip_ws(p);
	char c = p->s[p->pos];
	return isdigit((unsigned char)c) || ((c == '-' || c == '+') &&
	       isdigit((unsigned char)p->s[p->pos + 1]));
}

struct number {
	bool is_float;
	int64_t i;       /* integer value */
	uint32_t bits;   /* 32-bit pattern: the integer or the float's bits */
};

/* Reads a number: decimal or 0x-hex integer, or a decimal float (with '.'
 * or an exponent). Integers must fit 32 bits (signed or unsigned). */
static bool number(struct parser *p, struct number *n)
{
	size_t start = (skip_ws(p), p->pos), end = start;
	const char *s = p->s;
	char tmp[64];

	if (s[end] == '-' || s[end] == '+')
		end++;
	bool hex = s[end] == '0' && (s[end + 1] == 'x' || s[end + 1] == 'X');
	while (isalnum((unsigned char)s[end]) || s[end] == '.' ||
	       ((s[end] == '-' || s[end] == '+') && !hex && (s[end - 1] == 'e' || s[end - 1] == 'E')))
		end++;
	if (end - start >= sizeof(tmp) || end == start)
		return error_at(p, start, "expected a number");
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
		return error_at(p, start, "expected a number, found '%s'", tmp);
	if (!n->is_float && (n->i < INT32_MIN || n->i > (int64_t)UINT32_MAX))
		return error_at(p, start, "number '%s' does not fit 32 bits", tmp);
	p->pos = end;
	return true;
}

/* ------------------------------------------------------------------------ */
/* Fields                                                                   */

struct fields {
	bool set[QPU_F_COUNT];
	uint32_t v[QPU_F_COUNT];
	size_t pos[QPU_F_COUNT];   /* where the value came from */
};

/* Sets field `f` to `v` (from column `pos`); an earlier different value is
 * a conflict. */
static bool set_field(struct parser *p, struct fields *fl, enum qpu_field f,
		      uint32_t v, size_t pos)
{
	if (fl->set[f] && fl->v[f] != v && f == QPU_F_SIG)
		return error_at(p, pos, "conflicting signals: %s here, %s at column %zu "
				"(one signal per instruction; small immediates use one)",
				qpu_sigs[v & 15].name, qpu_sigs[fl->v[f] & 15].name,
				fl->pos[f] + 1);
	if (fl->set[f] && fl->v[f] != v)
		return error_at(p, pos, "conflicting %s: %" PRIu32 " here, %" PRIu32
				" at column %zu", qpu_fields[f].name, v, fl->v[f],
				fl->pos[f] + 1);
	fl->set[f] = true;
	fl->v[f] = v;
	fl->pos[f] = pos;
	return true;
}

static uint32_t get(const struct fields *fl, enum qpu_field f, uint32_t def)
{
	return fl->set[f] ? fl->v[f] : def;
}

/* Builds the word from the fields in `list` (n of them). */
static uint64_t build(const struct fields *fl, const enum qpu_field *list, size_t n)
{
	uint64_t w = 0;

	for (size_t i = 0; i < n; i++)
		w = qpu_field_set(w, list[i], fl->v[list[i]]);
	return w;
}

/* ------------------------------------------------------------------------ */
/* Names                                                                    */

/* Looks `name` up in a table of structs whose first member is `name`. */
#define FIND(name, table) find_in((name), &(table)[0].name, sizeof((table)[0]), \
				  sizeof(table) / sizeof((table)[0]))
static int find_in(const char *name, const char *const *first, size_t stride, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *const *entry = (const char *const *)((const char *)first + i * stride);
		if (*entry && strcmp(*entry, name) == 0)
			return (int)i;
	}
	return -1;
}

/* Where a write-address name lives: address, and the file it is specific
 * to (-1 when both files have it at the same address). */
struct waddr_name {
	int addr;
	int file;
};

static bool lookup_waddr(const char *name, struct waddr_name *w)
{
	int a = FIND(name, qpu_waddrs[QPU_FILE_A]);
	int b = FIND(name, qpu_waddrs[QPU_FILE_B]);

	if (a < 0 && b < 0)
		return false;
	w->addr = a >= 0 ? a : b;
	w->file = (a >= 0 && b >= 0) ? -1 : (a >= 0 ? QPU_FILE_A : QPU_FILE_B);
	return true;
}

/* ------------------------------------------------------------------------ */
/* Destinations                                                             */

/* Sets ws so that the ALU `is_mul` writes `file`. */
static bool set_side(struct parser *p, struct fields *fl, bool is_mul, int file, size_t pos)
{
	/* ADD writes A when ws = 0; MUL writes B when ws = 0. */
	uint32_t ws = (file == QPU_FILE_B) != is_mul;

	if (fl->set[QPU_F_WS] && fl->v[QPU_F_WS] != ws)
		return error_at(p, pos, "this write needs ws=%" PRIu32 " but column %zu needs "
				"ws=%" PRIu32 " (the two ALUs write different register files)",
				ws, fl->pos[QPU_F_WS] + 1, fl->v[QPU_F_WS]);
	return set_field(p, fl, QPU_F_WS, ws, pos);
}

/* Parses `name[.suffix...]` as the destination of ALU `is_mul`, setting
 * waddr, ws and pack (and, when `conds` is true, the write condition). */
static bool parse_dst(struct parser *p, struct fields *fl, bool is_mul, bool conds)
{
	char name[NAME_MAX_], buf[NAME_MAX_ + 4];
	size_t pos = (skip_ws(p), p->pos);
	struct waddr_name w;

	if (!ident(p, name, sizeof(name)) || !lookup_waddr(name, &w)) {
		p->pos = pos;
		return error_at(p, pos, "expected a destination register, found %s",
				found(p, buf, sizeof(buf)));
	}
	if (!set_field(p, fl, is_mul ? QPU_F_WADDR_MUL : QPU_F_WADDR_ADD, (uint32_t)w.addr, pos))
		return false;
	if (w.file >= 0 && !set_side(p, fl, is_mul, w.file, pos))
		return false;
	while (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		int v;
		if (!word(p, name, sizeof(name)))
			return error_at(p, spos, "expected a pack mode or condition after '.'");
		if (conds && (v = FIND(name, qpu_conds)) >= 0) {
			if (!set_field(p, fl, is_mul ? QPU_F_COND_MUL : QPU_F_COND_ADD, (uint32_t)v, spos))
				return false;
		} else if ((v = FIND(name, qpu_packs_a)) > 0) {
			if (!set_field(p, fl, QPU_F_PM, 0, spos) ||
			    !set_field(p, fl, QPU_F_PACK, (uint32_t)v, spos) ||
			    !set_side(p, fl, is_mul, QPU_FILE_A, spos))
				return false;
		} else if ((v = FIND(name, qpu_packs_mul)) > 0) {
			if (!is_mul)
				return error_at(p, spos, "pack mode '%s' applies to the mul "
						"destination only", name);
			if (!set_field(p, fl, QPU_F_PM, 1, spos) ||
			    !set_field(p, fl, QPU_F_PACK, (uint32_t)v, spos))
				return false;
		} else {
			return error_at(p, spos, "expected a pack mode%s, found '%s'",
					conds ? " or condition" : "", name);
		}
	}
	return true;
}

/* ------------------------------------------------------------------------ */
/* ALU operands                                                             */

enum src_kind { SRC_ACC, SRC_A, SRC_B, SRC_SHARED, SRC_IMM };

struct src {
	enum src_kind kind;
	unsigned value;     /* accumulator number or read address */
	uint32_t bits;      /* SRC_IMM */
	int unpack;         /* 0 = none */
	size_t pos;
};

/* Resolves a read-register name to a source: raN/rbN (any defined address),
 * file-specific names, or names both files share. */
static bool lookup_read(const char *name, struct src *s)
{
	unsigned n;
	char c;

	if ((name[0] == 'r') && (name[1] == 'a' || name[1] == 'b') &&
	    isdigit((unsigned char)name[2]) && (name[2] != '0' || !name[3]) &&
	    sscanf(name + 2, "%u%c", &n, &c) == 1 && n < 64) {
		int file = name[1] == 'a' ? QPU_FILE_A : QPU_FILE_B;
		if (!qpu_raddrs[file][n].name)
			return false;
		s->kind = file == QPU_FILE_A ? SRC_A : SRC_B;
		s->value = n;
		return true;
	}
	int a = FIND(name, qpu_raddrs[QPU_FILE_A]);
	int b = FIND(name, qpu_raddrs[QPU_FILE_B]);
	if (a < 0 && b < 0)
		return false;
	s->kind = (a >= 0 && b >= 0) ? SRC_SHARED : (a >= 0 ? SRC_A : SRC_B);
	s->value = (unsigned)(a >= 0 ? a : b);
	return true;
}

/* Parses one ALU operand: r0..r5, a read register, or a small immediate,
 * with an optional unpack suffix. */
static bool parse_src(struct parser *p, struct src *s)
{
	char name[NAME_MAX_], buf[NAME_MAX_ + 4];
	struct number n;

	*s = (struct src){ .pos = (skip_ws(p), p->pos) };
	if (starts_number(p)) {
		if (!number(p, &n))
			return false;
		s->kind = SRC_IMM;
		s->bits = n.bits;
		return true;
	}
	if (!ident(p, name, sizeof(name)))
		return error_at(p, s->pos, "expected an operand, found %s", found(p, buf, sizeof(buf)));
	if (name[0] == 'r' && name[1] >= '0' && name[1] <= '5' && !name[2]) {
		s->kind = SRC_ACC;
		s->value = (unsigned)(name[1] - '0');
	} else if (!lookup_read(name, s)) {
		return error_at(p, s->pos, "expected an operand, found '%s'", name);
	}
	if (p->s[p->pos] != '.')
		return true;
	size_t spos = ++p->pos;
	int v;
	if (!word(p, name, sizeof(name)) || (v = FIND(name, qpu_unpacks)) <= 0)
		return error_at(p, spos, "expected an unpack mode after '.'");
	if (s->kind == SRC_SHARED)
		s->kind = SRC_A;          /* unpack applies to file A only */
	if (s->kind != SRC_A && !(s->kind == SRC_ACC && s->value == 4))
		return error_at(p, s->pos, "unpack applies to regfile A and r4 only");
	s->unpack = v;
	return true;
}

/* An ALU line: the four operands (add_a, add_b, mul_a, mul_b) and whether
 * each was written. */
struct alu {
	struct src src[4];
	bool has[4];
};

static const enum qpu_field mux_field[4] = {
	QPU_F_ADD_A, QPU_F_ADD_B, QPU_F_MUL_A, QPU_F_MUL_B
};

/* Name of read address `addr` of `file`, for messages. */
static const char *raddr_text(int file, uint32_t addr)
{
	const char *name = addr < 64 ? qpu_raddrs[file][addr].name : NULL;

	return name ? name : "a reserved address";
}

/* Sets the raddr of file `file` for source `s`. */
static bool set_raddr(struct parser *p, struct fields *fl, int file, const struct src *s)
{
	enum qpu_field f = file == QPU_FILE_A ? QPU_F_RADDR_A : QPU_F_RADDR_B;

	if (fl->set[f] && fl->v[f] != s->value)
		return error_at(p, s->pos, "regfile %c already reads %s, cannot also read %s",
				file == QPU_FILE_A ? 'A' : 'B', raddr_text(file, fl->v[f]),
				raddr_text(file, s->value));
	return set_field(p, fl, f, s->value, s->pos);
}

/* Sets mux, unpack and pm for one resolved source. */
static bool set_mux(struct parser *p, struct fields *fl, int slot, const struct src *s,
		    enum qpu_mux m)
{
	if (!set_field(p, fl, mux_field[slot], m, s->pos))
		return false;
	if (!s->unpack)
		return true;
	return set_field(p, fl, QPU_F_PM, m == QPU_MUX_R4, s->pos) &&
	       set_field(p, fl, QPU_F_UNPACK, (uint32_t)s->unpack, s->pos);
}

/* A small immediate: uses the code already in raddr_b (a rotation or an
 * explicit raddr_b) when its value matches, else the code of the value. */
static bool resolve_imm(struct parser *p, struct fields *fl, const struct src *s)
{
	int code;

	if (fl->set[QPU_F_RADDR_B] && qpu_small_imms[fl->v[QPU_F_RADDR_B] & 63].bits == s->bits)
		code = (int)fl->v[QPU_F_RADDR_B];
	else if ((code = qpu_small_imm_encode(s->bits)) < 0)
		return error_at(p, s->pos, "0x%08" PRIx32 " is not a small immediate "
				"(-16..15, 1.0..128.0 or 1/256..1/2 by powers of two)", s->bits);
	else if (fl->set[QPU_F_RADDR_B] && fl->v[QPU_F_RADDR_B] != (uint32_t)code)
		return error_at(p, s->pos, "raddr_b already holds %" PRIu32 "; an instruction "
				"has one regfile B read or small immediate", fl->v[QPU_F_RADDR_B]);
	if (!set_field(p, fl, QPU_F_SIG, QPU_SIG_SMALL_IMM, s->pos))
		return false;
	return set_field(p, fl, QPU_F_RADDR_B, (uint32_t)code, s->pos);
}

/* A name both files have: file A when it is free or reads the same
 * address, else file B. */
static bool resolve_shared(struct parser *p, struct fields *fl, struct src *s, bool b_imm)
{
	bool a_ok = !fl->set[QPU_F_RADDR_A] || fl->v[QPU_F_RADDR_A] == s->value;
	bool b_ok = !b_imm && (!fl->set[QPU_F_RADDR_B] || fl->v[QPU_F_RADDR_B] == s->value);

	if (!a_ok && !b_ok)
		return error_at(p, s->pos, "no regfile left to read address %u", s->value);
	s->kind = a_ok ? SRC_A : SRC_B;
	return set_raddr(p, fl, a_ok ? QPU_FILE_A : QPU_FILE_B, s);
}

/* Resolves the operands into raddr_a, raddr_b, sig and the muxes (order:
 * explicit files, small immediates, shared names). */
static bool resolve_srcs(struct parser *p, struct fields *fl, struct alu *alu)
{
	bool b_imm = false;

	for (int pass = 0; pass < 3; pass++) {
		for (int i = 0; i < 4; i++) {
			struct src *s = &alu->src[i];
			if (!alu->has[i])
				continue;
			bool ok = true;
			if (pass == 0 && s->kind == SRC_ACC)
				ok = set_mux(p, fl, i, s, (enum qpu_mux)s->value);
			else if (pass == 0 && (s->kind == SRC_A || s->kind == SRC_B))
				ok = set_raddr(p, fl, s->kind == SRC_A ? QPU_FILE_A : QPU_FILE_B, s) &&
				     set_mux(p, fl, i, s, s->kind == SRC_A ? QPU_MUX_A : QPU_MUX_B);
			else if (pass == 1 && s->kind == SRC_IMM)
				ok = (b_imm = true, resolve_imm(p, fl, s)) &&
				     set_mux(p, fl, i, s, QPU_MUX_B);
			else if (pass == 2 && s->kind == SRC_SHARED)
				ok = resolve_shared(p, fl, s, b_imm) &&
				     set_mux(p, fl, i, s, s->kind == SRC_A ? QPU_MUX_A : QPU_MUX_B);
			if (!ok)
				return false;
		}
	}
	return true;
}

/* ------------------------------------------------------------------------ */
/* ALU halves                                                               */

/* Looks up an op name for the ADD (is_mul false) or MUL ALU; "mov" maps
 * to or / v8min. Returns the op code or -1. */
static int lookup_op(const char *name, bool is_mul)
{
	if (strcmp(name, "mov") == 0)
		return is_mul ? QPU_M_V8MIN : QPU_A_OR;
	return is_mul ? FIND(name, qpu_mul_ops) : FIND(name, qpu_add_ops);
}

/* Parses the op suffixes: conditions and sf. */
static bool parse_op_suffixes(struct parser *p, struct fields *fl, bool is_mul)
{
	char name[NAME_MAX_];

	while (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		int v;
		if (!word(p, name, sizeof(name)))
			return error_at(p, spos, "expected a condition or 'sf' after '.'");
		if (strcmp(name, "sf") == 0) {
			if (!set_field(p, fl, QPU_F_SF, 1, spos))
				return false;
		} else if ((v = FIND(name, qpu_conds)) >= 0) {
			if (!set_field(p, fl, is_mul ? QPU_F_COND_MUL : QPU_F_COND_ADD,
				       (uint32_t)v, spos))
				return false;
		} else {
			return error_at(p, spos, "expected a condition or 'sf', found '%s'", name);
		}
	}
	return true;
}

/* Parses `dst, a[, b]` of a half whose op takes `nsrc` operands. */
static bool parse_half_operands(struct parser *p, struct fields *fl, struct alu *alu,
				bool is_mul, unsigned nsrc, const char *op)
{
	int slot = is_mul ? 2 : 0;

	if (!parse_dst(p, fl, is_mul, false) || !expect(p, ',') ||
	    !parse_src(p, &alu->src[slot]))
		return false;
	alu->has[slot] = true;
	if (accept(p, ',')) {
		if (!parse_src(p, &alu->src[slot + 1]))
			return false;
	} else if (nsrc == 2) {
		return error_at(p, p->pos, "expected ',' and a second operand (%s takes two)", op);
	} else {
		alu->src[slot + 1] = alu->src[slot];   /* unary: b defaults to a */
		if (nsrc == 0)
			alu->src[slot + 1] = (struct src){ .kind = SRC_ACC, .pos = p->pos };
	}
	alu->has[slot + 1] = true;
	return true;
}

/* Parses one ALU half starting at its op name (already read into `op`,
 * which started at `pos`). */
static bool parse_half(struct parser *p, struct fields *fl, struct alu *alu,
		       bool is_mul, const char *op, size_t pos)
{
	int code = lookup_op(op, is_mul);

	if (code < 0)
		return error_at(p, pos, "expected %s op, found '%s'", is_mul ? "a mul" : "an add", op);
	if (!set_field(p, fl, is_mul ? QPU_F_OP_MUL : QPU_F_OP_ADD, (uint32_t)code, pos) ||
	    !parse_op_suffixes(p, fl, is_mul))
		return false;
	skip_ws(p);
	if (p->s[p->pos] == ';' || p->s[p->pos] == '\0') {
		if (code != 0)
			return error_at(p, p->pos, "expected a destination after '%s'", op);
		return true;      /* idle nop */
	}
	unsigned nsrc = strcmp(op, "mov") == 0 ? 1 :
			(is_mul ? qpu_mul_ops[code].nsrc : qpu_add_ops[code].nsrc);
	return parse_half_operands(p, fl, alu, is_mul, nsrc, op);
}

/* ------------------------------------------------------------------------ */
/* Clauses (after the halves)                                               */

/* Fields a `name=value` clause may set, per form. */
static const enum qpu_field alu_fields[] = {
	QPU_F_SIG, QPU_F_UNPACK, QPU_F_PM, QPU_F_PACK, QPU_F_COND_ADD, QPU_F_COND_MUL,
	QPU_F_SF, QPU_F_WS, QPU_F_WADDR_ADD, QPU_F_WADDR_MUL, QPU_F_OP_MUL, QPU_F_OP_ADD,
	QPU_F_RADDR_A, QPU_F_RADDR_B, QPU_F_ADD_A, QPU_F_ADD_B, QPU_F_MUL_A, QPU_F_MUL_B,
};
static const enum qpu_field li_fields[] = {
	QPU_F_SIG, QPU_F_LI_KIND, QPU_F_PM, QPU_F_PACK, QPU_F_COND_ADD, QPU_F_COND_MUL,
	QPU_F_SF, QPU_F_WS, QPU_F_WADDR_ADD, QPU_F_WADDR_MUL, QPU_F_IMM,
};
static const enum qpu_field sem_fields[] = {
	QPU_F_SIG, QPU_F_LI_KIND, QPU_F_PM, QPU_F_PACK, QPU_F_COND_ADD, QPU_F_COND_MUL,
	QPU_F_SF, QPU_F_WS, QPU_F_WADDR_ADD, QPU_F_WADDR_MUL, QPU_F_SEM_UNUSED,
	QPU_F_SEM_DEC, QPU_F_SEM_INDEX,
};
static const enum qpu_field br_fields[] = {
	QPU_F_SIG, QPU_F_BR_UNUSED, QPU_F_BR_COND, QPU_F_BR_REL, QPU_F_BR_REG,
	QPU_F_BR_RADDR_A, QPU_F_WS, QPU_F_WADDR_ADD, QPU_F_WADDR_MUL, QPU_F_IMM,
};

struct field_list {
	const enum qpu_field *f;
	size_t n;
};
#define LIST(a) ((struct field_list){ (a), sizeof(a) / sizeof((a)[0]) })

/* Parses `name=value` for a field of the form. */
static bool parse_raw_field(struct parser *p, struct fields *fl, struct field_list list,
			    const char *name, size_t pos)
{
	struct number n;

	for (size_t i = 0; i < list.n; i++) {
		const struct qpu_field_info *fi = &qpu_fields[list.f[i]];
		if (strcmp(fi->name, name) != 0)
			continue;
		if (!expect(p, '=') || !number(p, &n))
			return false;
		if (n.is_float || n.i < 0 || (fi->width < 32 && (uint64_t)n.i >> fi->width))
			return error_at(p, pos, "value of %s does not fit %u bits", name, fi->width);
		return set_field(p, fl, list.f[i], n.bits, pos);
	}
	return error_at(p, pos, "expected a clause (signal, rot, ws, pm or field=value), "
			"found '%s'", name);
}

/* Parses the clauses `; clause` to the end of the line. `alu` enables the
 * ALU-only ones (signals, rot). */
static bool parse_clauses(struct parser *p, struct fields *fl, struct field_list list, bool alu)
{
	char name[NAME_MAX_], buf[NAME_MAX_ + 4];

	while (!at_end(p)) {
		if (!expect(p, ';'))
			return false;
		size_t pos = (skip_ws(p), p->pos);
		int v;
		if (!ident(p, name, sizeof(name)))
			return error_at(p, pos, "expected a clause, found %s", found(p, buf, sizeof(buf)));
		if (strcmp(name, "ws") == 0) {
			if (!set_field(p, fl, QPU_F_WS, 1, pos))
				return false;
		} else if (strcmp(name, "pm") == 0) {
			if (!set_field(p, fl, QPU_F_PM, 1, pos))
				return false;
		} else if (alu && (v = FIND(name, qpu_sigs)) >= 0 && v < QPU_SIG_SMALL_IMM) {
			if (!set_field(p, fl, QPU_F_SIG, (uint32_t)v, pos))
				return false;
		} else if (alu && strcmp(name, "rot") == 0) {
			struct number n;
			unsigned code;
			size_t npos = (skip_ws(p), p->pos);
			if (ident(p, name, sizeof(name))) {
				if (strcmp(name, "r5") != 0)
					return error_at(p, npos, "expected 1..15 or r5 after 'rot'");
				code = 48;
			} else {
				if (!number(p, &n))
					return false;
				if (n.is_float || n.i < 1 || n.i > 15)
					return error_at(p, npos, "expected 1..15 or r5 after 'rot'");
				code = 48 + (unsigned)n.i;
			}
			if (!set_field(p, fl, QPU_F_SIG, QPU_SIG_SMALL_IMM, pos) ||
			    !set_field(p, fl, QPU_F_RADDR_B, code, pos))
				return false;
		} else if (!parse_raw_field(p, fl, list, name, pos)) {
			return false;
		}
	}
	return true;
}

/* ------------------------------------------------------------------------ */
/* Forms                                                                    */

/* Fills in the defaults of the write fields shared by ALU, load immediate
 * and semaphore: conditions follow `add_idle`/`mul_idle`. */
static void default_write_fields(struct fields *fl, bool add_idle, bool mul_idle)
{
	fl->v[QPU_F_PM] = get(fl, QPU_F_PM, 0);
	fl->v[QPU_F_PACK] = get(fl, QPU_F_PACK, 0);
	fl->v[QPU_F_SF] = get(fl, QPU_F_SF, 0);
	fl->v[QPU_F_WS] = get(fl, QPU_F_WS, 0);
	fl->v[QPU_F_COND_ADD] = get(fl, QPU_F_COND_ADD, add_idle ? QPU_COND_NEVER : QPU_COND_ALWAYS);
	fl->v[QPU_F_COND_MUL] = get(fl, QPU_F_COND_MUL, mul_idle ? QPU_COND_NEVER : QPU_COND_ALWAYS);
}

/* Checks the assembled word has a defined meaning and the expected form. */
static bool finish(struct parser *p, uint64_t w, enum qpu_form form, uint64_t *out)
{
	struct qpu_inst in;
	char why[96];
	const char *problem;

	qpu_decode(w, &in);
	if (in.form != form)
		return error_at(p, 0, "the fields given make a different instruction form "
				"(sig %u); use .word", (unsigned)in.sig);
	problem = qpu_inst_problem(&in, why, sizeof(why));
	if (problem)
		return error_at(p, 0, "%s; use .word for undefined encodings", problem);
	*out = w;
	return true;
}

/* An ALU line: `add-half ; mul-half [; clause]...`, or one half. */
static bool parse_alu(struct parser *p, const char *op, size_t pos, uint64_t *out)
{
	struct fields fl = { 0 };
	struct alu alu = { 0 };
	char name[NAME_MAX_] = "";
	bool mul_only = lookup_op(op, false) < 0 && lookup_op(op, true) >= 0;

	if (!parse_half(p, &fl, &alu, mul_only, op, pos))
		return false;
	size_t save = p->pos;
	if (!mul_only && accept(p, ';')) {
		size_t hpos = (skip_ws(p), p->pos);
		if (ident(p, name, sizeof(name)) && lookup_op(name, true) >= 0) {
			if (!parse_half(p, &fl, &alu, true, name, hpos))
				return false;
		} else if (lookup_op(name, false) >= 0) {
			return error_at(p, hpos, "expected a mul op, found '%s'", name);
		} else {
			p->pos = save;
		}
	}
	if (!parse_clauses(p, &fl, LIST(alu_fields), true) || !resolve_srcs(p, &fl, &alu))
		return false;
	uint32_t op_add = get(&fl, QPU_F_OP_ADD, QPU_A_NOP), op_mul = get(&fl, QPU_F_OP_MUL, QPU_M_NOP);
	fl.v[QPU_F_OP_ADD] = op_add;
	fl.v[QPU_F_OP_MUL] = op_mul;
	default_write_fields(&fl, op_add == QPU_A_NOP, op_mul == QPU_M_NOP);
	fl.v[QPU_F_SIG] = get(&fl, QPU_F_SIG, QPU_SIG_NONE);
	fl.v[QPU_F_UNPACK] = get(&fl, QPU_F_UNPACK, 0);
	fl.v[QPU_F_WADDR_ADD] = get(&fl, QPU_F_WADDR_ADD, QPU_W_NOP);
	fl.v[QPU_F_WADDR_MUL] = get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	fl.v[QPU_F_RADDR_A] = get(&fl, QPU_F_RADDR_A, QPU_R_NOP);
	fl.v[QPU_F_RADDR_B] = get(&fl, QPU_F_RADDR_B, QPU_R_NOP);
	for (int i = 0; i < 4; i++)
		fl.v[mux_field[i]] = get(&fl, mux_field[i], QPU_MUX_R0);
	if (fl.v[QPU_F_SIG] == QPU_SIG_SMALL_IMM &&
	    (fl.v[QPU_F_ADD_A] == QPU_MUX_B || fl.v[QPU_F_ADD_B] == QPU_MUX_B ||
	     fl.v[QPU_F_MUL_A] == QPU_MUX_B || fl.v[QPU_F_MUL_B] == QPU_MUX_B)) {
		for (int i = 0; i < 4; i++) {
			if (alu.has[i] && alu.src[i].kind == SRC_B)
				return error_at(p, alu.src[i].pos, "regfile B cannot be read in "
						"an instruction with a small immediate");
		}
	}
	return finish(p, build(&fl, alu_fields, LIST(alu_fields).n), QPU_FORM_ALU, out);
}

/* Parses `[v0,...,v15]` of a per-element load immediate into imm. */
static bool parse_elem_list(struct parser *p, bool is_signed, uint32_t *imm)
{
	struct number n;

	*imm = 0;
	for (unsigned e = 0; e < 16; e++) {
		if (e && !expect(p, ','))
			return false;
		size_t pos = (skip_ws(p), p->pos);
		if (!number(p, &n))
			return false;
		int64_t lo = is_signed ? -2 : 0, hi = is_signed ? 1 : 3;
		if (n.is_float || n.i < lo || n.i > hi)
			return error_at(p, pos, "expected an element value %" PRId64 "..%" PRId64,
					lo, hi);
		uint32_t v = (uint32_t)n.i & 3;
		*imm |= (v & 1) << e | (v >> 1) << (16 + e);
	}
	return expect(p, ']');
}

/* `ldi[.i2|.u2][.sf] dst[, dst], value` */
static bool parse_ldi(struct parser *p, uint64_t *out)
{
	struct fields fl = { 0 };
	char name[NAME_MAX_];
	int kind = QPU_LI_32;

	while (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		if (!word(p, name, sizeof(name)))
			return error_at(p, spos, "expected 'i2', 'u2' or 'sf' after '.'");
		if (strcmp(name, "sf") == 0) {
			if (!set_field(p, &fl, QPU_F_SF, 1, spos))
				return false;
		} else if ((kind = FIND(name, qpu_li_kinds)) <= 0 || kind == QPU_LI_SEMAPHORE) {
			return error_at(p, spos, "expected 'i2', 'u2' or 'sf', found '%s'", name);
		} else if (!set_field(p, &fl, QPU_F_LI_KIND, (uint32_t)kind, spos)) {
			return false;
		}
	}
	kind = (int)get(&fl, QPU_F_LI_KIND, QPU_LI_32);
	if (!parse_dst(p, &fl, false, true) || !expect(p, ','))
		return false;
	skip_ws(p);
	if (!starts_number(p) && p->s[p->pos] != '[' &&
	    (!parse_dst(p, &fl, true, true) || !expect(p, ',')))
		return false;
	size_t vpos = (skip_ws(p), p->pos);
	uint32_t imm;
	struct number n;
	if (accept(p, '[')) {
		if (kind == QPU_LI_32)
			return error_at(p, vpos, "element lists need ldi.i2 or ldi.u2");
		if (!parse_elem_list(p, kind == QPU_LI_PER_ELEM_SIGNED, &imm))
			return false;
	} else {
		if (!number(p, &n))
			return false;
		imm = n.bits;
	}
	if (!set_field(p, &fl, QPU_F_IMM, imm, vpos) ||
	    !parse_clauses(p, &fl, LIST(li_fields), false))
		return false;
	fl.v[QPU_F_SIG] = get(&fl, QPU_F_SIG, QPU_SIG_LOAD_IMM);
	fl.v[QPU_F_LI_KIND] = (uint32_t)kind;
	fl.v[QPU_F_WADDR_MUL] = get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	default_write_fields(&fl, fl.v[QPU_F_WADDR_ADD] == QPU_W_NOP,
			     fl.v[QPU_F_WADDR_MUL] == QPU_W_NOP);
	return finish(p, build(&fl, li_fields, LIST(li_fields).n), QPU_FORM_LOAD_IMM, out);
}

/* `sacq|srel[.sf] [dst, dst,] index` */
static bool parse_sem(struct parser *p, bool dec, uint64_t *out)
{
	struct fields fl = { 0 };
	struct number n;

	if (!parse_op_suffixes(p, &fl, false))
		return false;
	if (fl.set[QPU_F_COND_ADD])
		return error_at(p, fl.pos[QPU_F_COND_ADD], "semaphore conditions go on the "
				"destinations");
	if (!starts_number(p) && (!parse_dst(p, &fl, false, true) || !expect(p, ',') ||
				  !parse_dst(p, &fl, true, true) || !expect(p, ',')))
		return false;
	size_t pos = (skip_ws(p), p->pos);
	if (!number(p, &n))
		return false;
	if (n.is_float || n.i < 0 || n.i > 15)
		return error_at(p, pos, "expected a semaphore number 0..15");
	set_field(p, &fl, QPU_F_SEM_INDEX, (uint32_t)n.i, pos);
	if (!parse_clauses(p, &fl, LIST(sem_fields), false))
		return false;
	fl.v[QPU_F_SIG] = get(&fl, QPU_F_SIG, QPU_SIG_LOAD_IMM);
	fl.v[QPU_F_LI_KIND] = get(&fl, QPU_F_LI_KIND, QPU_LI_SEMAPHORE);
	fl.v[QPU_F_SEM_DEC] = dec;
	fl.v[QPU_F_SEM_UNUSED] = get(&fl, QPU_F_SEM_UNUSED, 0);
	fl.v[QPU_F_WADDR_ADD] = get(&fl, QPU_F_WADDR_ADD, QPU_W_NOP);
	fl.v[QPU_F_WADDR_MUL] = get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	default_write_fields(&fl, fl.v[QPU_F_WADDR_ADD] == QPU_W_NOP,
			     fl.v[QPU_F_WADDR_MUL] == QPU_W_NOP);
	return finish(p, build(&fl, sem_fields, LIST(sem_fields).n), QPU_FORM_SEMAPHORE, out);
}

/* One branch operand: a register name or a target (number or label). */
struct br_operand {
	char name[NAME_MAX_];   /* empty for a number */
	struct number n;
	size_t pos;
};

static bool parse_br_operand(struct parser *p, struct br_operand *o)
{
	char buf[NAME_MAX_ + 4];

	o->pos = (skip_ws(p), p->pos);
	o->name[0] = '\0';
	if (starts_number(p))
		return number(p, &o->n);
	if (!ident(p, o->name, sizeof(o->name)))
		return error_at(p, o->pos, "expected a register, label or number, found %s",
				found(p, buf, sizeof(buf)));
	return true;
}

/* Sets a link destination of a branch (no suffixes). */
static bool set_link(struct parser *p, struct fields *fl, bool is_mul, const struct br_operand *o)
{
	struct waddr_name w;

	if (!o->name[0] || !lookup_waddr(o->name, &w))
		return error_at(p, o->pos, "expected a link destination register");
	if (w.file >= 0 && !set_side(p, fl, is_mul, w.file, o->pos))
		return false;
	return set_field(p, fl, is_mul ? QPU_F_WADDR_MUL : QPU_F_WADDR_ADD, (uint32_t)w.addr, o->pos);
}

/* Sets the branch immediate from a number or a label (relative only). */
static bool set_target(struct parser *p, struct fields *fl, bool rel, const struct br_operand *o)
{
	if (!o->name[0]) {
		if (o->n.is_float)
			return error_at(p, o->pos, "expected an integer branch target");
		return set_field(p, fl, QPU_F_IMM, o->n.bits, o->pos);
	}
	for (size_t i = 0; i < p->nlabels; i++) {
		if (strcmp(p->labels[i].name, o->name) != 0)
			continue;
		if (!rel)
			return error_at(p, o->pos, "labels need a relative branch (brr)");
		int64_t delta = ((int64_t)p->labels[i].ip - ((int64_t)p->ip + 4)) * 8;
		return set_field(p, fl, QPU_F_IMM, (uint32_t)delta, o->pos);
	}
	return error_at(p, o->pos, "unknown label '%s'", o->name);
}

/* `bra|brr[.cond] [link_add, link_mul,] [raN,] target` */
static bool parse_branch(struct parser *p, bool rel, uint64_t *out)
{
	struct fields fl = { 0 };
	struct br_operand ops[4];
	char name[NAME_MAX_];
	size_t n = 0;
	int v;

	if (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		if (!word(p, name, sizeof(name)) || (v = FIND(name, qpu_branch_conds)) < 0)
			return error_at(p, spos, "expected a branch condition after '.'");
		set_field(p, &fl, QPU_F_BR_COND, (uint32_t)v, spos);
	}
	do {
		if (n == 4)
			return error_at(p, p->pos, "expected at most 4 branch operands");
		if (!parse_br_operand(p, &ops[n++]))
			return false;
	} while (accept(p, ','));
	bool reg = n == 2 || n == 4;
	if (n >= 3 && (!set_link(p, &fl, false, &ops[0]) || !set_link(p, &fl, true, &ops[1])))
		return false;
	if (reg) {
		const struct br_operand *r = &ops[n - 2];
		struct src s;
		if (!r->name[0] || !lookup_read(r->name, &s) || s.kind != SRC_A || s.value > 31)
			return error_at(p, r->pos, "expected a regfile A register ra0..ra31");
		set_field(p, &fl, QPU_F_BR_RADDR_A, s.value, r->pos);
	}
	if (!set_target(p, &fl, rel, &ops[n - 1]) ||
	    !parse_clauses(p, &fl, LIST(br_fields), false))
		return false;
	fl.v[QPU_F_SIG] = get(&fl, QPU_F_SIG, QPU_SIG_BRANCH);
	fl.v[QPU_F_BR_UNUSED] = get(&fl, QPU_F_BR_UNUSED, 0);
	fl.v[QPU_F_BR_COND] = get(&fl, QPU_F_BR_COND, QPU_BR_ALWAYS);
	fl.v[QPU_F_BR_REL] = rel;
	fl.v[QPU_F_BR_REG] = reg;
	fl.v[QPU_F_BR_RADDR_A] = get(&fl, QPU_F_BR_RADDR_A, 0);
	fl.v[QPU_F_WS] = get(&fl, QPU_F_WS, 0);
	fl.v[QPU_F_WADDR_ADD] = get(&fl, QPU_F_WADDR_ADD, QPU_W_NOP);
	fl.v[QPU_F_WADDR_MUL] = get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	return finish(p, build(&fl, br_fields, LIST(br_fields).n), QPU_FORM_BRANCH, out);
}

/* `.word value` (a 64-bit number) */
static bool parse_word(struct parser *p, uint64_t *out)
{
	size_t pos = (skip_ws(p), p->pos);
	const char *s = p->s + pos;
	char *stop;

	if (!isdigit((unsigned char)*s))
		return error_at(p, pos, "expected a 64-bit number after .word");
	errno = 0;
	*out = strtoull(s, &stop, (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10);
	if (errno || stop == s || isalnum((unsigned char)*stop))
		return error_at(p, pos, "expected a 64-bit number after .word");
	p->pos = pos + (size_t)(stop - s);
	if (!at_end(p))
		return error_at(p, p->pos, "expected end of line after .word");
	return true;
}

/* Assembles the instruction at the cursor. */
static bool parse_inst(struct parser *p, uint64_t *out)
{
	char op[NAME_MAX_], buf[NAME_MAX_ + 4];
	size_t pos = (skip_ws(p), p->pos);

	if (p->s[pos] == '.') {
		p->pos++;
		if (word(p, op, sizeof(op)) && strcmp(op, "word") == 0)
			return parse_word(p, out);
		return error_at(p, pos, "expected '.word'");
	}
	if (!ident(p, op, sizeof(op)))
		return error_at(p, pos, "expected an instruction, found %s", found(p, buf, sizeof(buf)));
	if (strcmp(op, "ldi") == 0)
		return parse_ldi(p, out);
	if (strcmp(op, "sacq") == 0 || strcmp(op, "srel") == 0)
		return parse_sem(p, op[1] == 'a', out);
	if (strcmp(op, "bra") == 0 || strcmp(op, "brr") == 0)
		return parse_branch(p, op[2] == 'r', out);
	if (lookup_op(op, false) < 0 && lookup_op(op, true) < 0)
		return error_at(p, pos, "expected an instruction, found '%s'", op);
	return parse_alu(p, op, pos, out);
}

/* ------------------------------------------------------------------------ */
/* Programs                                                                 */

/* Copies line `start`..`end` of text into buf without its comment
 * ('#' or '//' to the end of the line). False when too long. */
static bool copy_line(const char *start, const char *end, char *buf, size_t size)
{
	size_t n = 0;

	for (const char *c = start; c < end; c++) {
		if (*c == '#' || (c[0] == '/' && c + 1 < end && c[1] == '/'))
			break;
		if (n + 1 >= size)
			return false;
		buf[n++] = *c == '\t' ? ' ' : *c;
	}
	buf[n] = '\0';
	return true;
}

/* Reads the labels at the start of the line ("name:"), leaving the cursor
 * after them. When `record` is set, adds them to `labels` at `ip`. */
static bool take_labels(struct parser *p, struct label_array *labels, bool record)
{
	char name[NAME_MAX_];

	for (;;) {
		size_t pos = (skip_ws(p), p->pos);
		if (!ident(p, name, sizeof(name)) || p->s[p->pos] != ':') {
			p->pos = pos;
			return true;
		}
		p->pos++;
		if (!record)
			continue;
		for (size_t i = 0; i < labels->len; i++) {
			if (strcmp(labels->data[i].name, name) == 0)
				return error_at(p, pos, "label '%s' defined twice", name);
		}
		struct label l = { .ip = p->ip };
		memcpy(l.name, name, strlen(name) + 1);
		if (!vc4_array_push(labels, l))
			return error_at(p, pos, "out of memory");
	}
}

#define LINE_MAX_ 1024

/* One pass over the text: pass 0 collects labels, pass 1 assembles. */
static bool run_pass(struct parser *p, const char *text, int pass,
		     struct label_array *labels, struct word_array *words)
{
	char line[LINE_MAX_];
	const char *c = text;

	p->ip = 0;
	for (p->line = 1; *c; p->line++) {
		const char *end = strchr(c, '\n');
		if (!end)
			end = c + strlen(c);
		p->s = line;
		p->pos = 0;
		if (!copy_line(c, end, line, sizeof(line)))
			return error_at(p, LINE_MAX_ - 1, "line longer than %d characters", LINE_MAX_);
		c = *end ? end + 1 : end;
		if (!take_labels(p, labels, pass == 0))
			return false;
		if (at_end(p))
			continue;
		if (pass == 1) {
			uint64_t w;
			p->labels = labels->data;
			p->nlabels = labels->len;
			if (!parse_inst(p, &w))
				return false;
			if (!vc4_array_push(words, w))
				return error_at(p, 0, "out of memory");
		}
		p->ip++;
	}
	return true;
}

bool qpu_assemble(const char *text, const char *filename, uint64_t **words_out,
		  size_t *count, struct vc4_diag *diag)
{
	struct parser p = { .file = filename, .diag = diag };
	struct label_array labels = { 0 };
	struct word_array words = { 0 };
	bool ok = run_pass(&p, text, 0, &labels, &words) &&
		  run_pass(&p, text, 1, &labels, &words);

	vc4_array_free(&labels);
	if (!ok) {
		vc4_array_free(&words);
		*words_out = NULL;
		*count = 0;
		return false;
	}
	*words_out = words.data;
	*count = words.len;
	return true;
}

bool qpu_assemble_line(const char *line, const char *filename, uint32_t ip,
		       uint64_t *word_out, struct vc4_diag *diag)
{
	char buf[LINE_MAX_];
	struct parser p = { .file = filename, .line = 1, .s = buf, .ip = ip, .diag = diag };

	if (!copy_line(line, line + strlen(line), buf, sizeof(buf)))
		return error_at(&p, 0, "line longer than %d characters", LINE_MAX_);
	if (at_end(&p))
		return error_at(&p, p.pos, "expected an instruction, found end of line");
	return parse_inst(&p, word_out);
}
