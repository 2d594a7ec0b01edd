/*
 * ir_parse.c: the text front end — a lexer over a byte buffer of known size
 * (NULs and any other byte are just bad characters) and a line-oriented
 * parser that drives the builder, so typing and validation are the builder's.
 * Syntax errors read "NAME:LINE:COL: expected X, found Y". Columns count
 * bytes from 1 (a tab is one column).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_builder.h"
#include "ir/ir_internal.h"

enum tok { T_WORD, T_EQ, T_COMMA, T_LBRACE, T_RBRACE, T_NL, T_EOF, T_BAD };

struct token {
	enum tok kind;
	const char *s;          /* T_WORD / T_BAD: its bytes */
	size_t n;
	uint32_t line, col;
};

struct parser {
	const char *p, *end;    /* unread input */
	uint32_t line, col;
	const char *name;
	struct token tok;       /* current token */
	struct token op_tok;    /* the op name of the instruction being parsed */
	struct ir_builder *b;
	struct vc4_diag diag;   /* syntax errors (the builder has its own) */
	VC4_ARRAY(uint8_t) blocks;  /* open blocks: 'i' if, 'e' else, 'l' loop */
	bool in_body;           /* an instruction has been seen */
};

/* Whether c is one of the single-character tokens = , { }. */
static bool is_punct(unsigned char c)
{
	return c == '=' || c == ',' || c == '{' || c == '}';
}

/* Whether c may be part of a word: printable, not punctuation, not '#'
 * (one compare against a table: the lexer's inner loop). */
static bool is_word_char(unsigned char c)
{
	static const uint32_t word_bits[8] = {
		0, 0xdfffeff6u /* 0x21..0x3f but '#' 0x23, ',' 0x2c, '=' 0x3d */,
		0xffffffffu, 0x57ffffffu /* 0x60..0x7e but '{' 0x7b, '}' 0x7d */,
	};
	return word_bits[c >> 5] >> (c & 31) & 1;
}

/* Reads the next token into p->tok. */
static void lex(struct parser *p)
{
	while (p->p < p->end && (*p->p == ' ' || *p->p == '\t' || *p->p == '\r' || *p->p == '#')) {
		if (*p->p == '#') {
			while (p->p < p->end && *p->p != '\n')
				p->p++, p->col++;
			continue;
		}
		p->p++, p->col++;
	}
	struct token t = { .s = p->p, .n = 1, .line = p->line, .col = p->col };
	if (p->p >= p->end) {
		t.kind = T_EOF;
		t.n = 0;
	} else if (*p->p == '\n') {
		t.kind = T_NL;
		p->line++;
		p->col = 0;
	} else if (is_punct((unsigned char)*p->p)) {
		t.kind = *p->p == '=' ? T_EQ : *p->p == ',' ? T_COMMA :
			 *p->p == '{' ? T_LBRACE : T_RBRACE;
	} else if (is_word_char((unsigned char)*p->p)) {
		t.kind = T_WORD;
		while (t.s + t.n < p->end && is_word_char((unsigned char)t.s[t.n]))
			t.n++;
	} else {
		t.kind = T_BAD;
	}
	p->p += t.n;
	p->col += (uint32_t)t.n;
	p->tok = t;
}

/* Describes the current token for "found ..." */
static const char *found(const struct parser *p, char *buf, size_t size)
{
	const struct token *t = &p->tok;
	unsigned char c = t->n ? (unsigned char)t->s[0] : 0;
	switch (t->kind) {
	case T_WORD: snprintf(buf, size, "'%.*s%s'", (int)(t->n > 40 ? 40 : t->n), t->s,
			      t->n > 40 ? "..." : ""); break;
	case T_NL: snprintf(buf, size, "end of line"); break;
	case T_EOF: snprintf(buf, size, "end of file"); break;
	case T_BAD: snprintf(buf, size, "bad character '\\x%02x'", c); break;
	default: snprintf(buf, size, "'%c'", c); break;
	}
	return buf;
}

static bool error_at(struct parser *p, const struct token *t, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool error_at(struct parser *p, const struct token *t, const char *fmt, ...)
{
	char msg[VC4_DIAG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return vc4_diag_set(&p->diag, "%s:%u:%u: %s", p->name, (unsigned)t->line,
			    (unsigned)t->col, msg);
}

/* "expected WHAT, found X" at the current token. */
static bool expected(struct parser *p, const char *what)
{
	char buf[64];
	return error_at(p, &p->tok, "expected %s, found %s", what, found(p, buf, sizeof(buf)));
}

/* Whether the token is the word w (strncmp stops at w's end, where the
 * token's next byte, a word character, differs; so no strlen per try). */
static bool is_word(const struct token *t, const char *w)
{
	return t->kind == T_WORD && t->s[0] == w[0] && strncmp(w, t->s, t->n) == 0 &&
	       w[t->n] == '\0';
}

/* Consumes a token of `kind` or reports "expected what". */
static bool accept(struct parser *p, enum tok kind, const char *what)
{
	if (p->tok.kind != kind)
		return expected(p, what);
	lex(p);
	return true;
}

static bool end_of_statement(struct parser *p)
{
	if (p->tok.kind == T_EOF)
		return true;
	return accept(p, T_NL, "end of line");
}

/* Whether the token is a sigil word ('%' / '@' and a name of 1..64 bytes). */
static bool is_sigil_word(const struct token *t, char sigil)
{
	return t->kind == T_WORD && t->s[0] == sigil && t->n >= 2 && t->n <= 65;
}

/* Copies a sigil word's name (after '%' / '@') into buf (65 bytes). */
static bool sigil_name(struct parser *p, char sigil, const char *what, char *buf)
{
	const struct token *t = &p->tok;
	if (!is_sigil_word(t, sigil))
		return expected(p, what);
	memcpy(buf, t->s + 1, t->n - 1);
	buf[t->n - 1] = '\0';
	return true;
}

/* Reads "%name" and returns its value in *v. */
static bool value_operand(struct parser *p, uint32_t *v)
{
	const struct token *t = &p->tok;
	if (!is_sigil_word(t, '%'))
		return expected(p, "a value (%name)");
	*v = ir_builder_lookup(p->b, t->s + 1, t->n - 1);
	if (*v == IR_NONE)
		return error_at(p, t, "unknown value '%.*s'", (int)t->n, t->s);
	lex(p);
	return true;
}

static bool slot_operand(struct parser *p, uint32_t *slot)
{
	char name[66];
	if (!sigil_name(p, '@', "a slot (@name)", name))
		return false;
	*slot = ir_shader_find_decl(ir_builder_shader(p->b), name);
	if (*slot == IR_NONE)
		return error_at(p, &p->tok, "unknown slot '@%s'", name);
	lex(p);
	return true;
}

/* Copies the current word into buf (NUL-terminated) if it fits. */
static bool word_copy(const struct parser *p, char *buf, size_t size)
{
	if (p->tok.kind != T_WORD || p->tok.n >= size)
		return false;
	memcpy(buf, p->tok.s, p->tok.n);
	buf[p->tok.n] = '\0';
	return true;
}

/* Float literal: decimal, hex-float, inf, -inf or nan:0xBITS. */
static bool parse_float(const char *w, float *out)
{
	unsigned bits;
	char tail;
	if (!strcmp(w, "inf") || !strcmp(w, "-inf")) {
		*out = w[0] == '-' ? -INFINITY : INFINITY;
		return true;
	}
	if (!strncmp(w, "nan:0x", 6) && strlen(w) == 14 &&
	    strspn(w + 6, "0123456789abcdefABCDEF") == 8 &&
	    sscanf(w + 6, "%8x%c", &bits, &tail) == 1) {
		union ir_scalar s = { .u = bits };
		*out = s.f;
		return isnan(s.f);
	}
	const char *d = w + (w[0] == '-' || w[0] == '+');
	if (!((d[0] >= '0' && d[0] <= '9') || d[0] == '.'))
		return false;
	char *e;
	*out = strtof(w, &e);
	return *e == '\0' && !isinf(*out);
}

/* Int literal: decimal in int32 range, or 0x hex up to 32 bits (optionally negated). */
static bool parse_int(const char *w, int32_t *out)
{
	bool neg = w[0] == '-';
	const char *d = w + neg;
	bool hex = d[0] == '0' && (d[1] == 'x' || d[1] == 'X');
	uint64_t v = 0, base = hex ? 16 : 10;
	d += hex ? 2 : 0;
	if (!*d)
		return false;
	for (; *d; d++) {
		const char *digits = "0123456789abcdef";
		const char *q = strchr(digits, *d >= 'A' && *d <= 'F' ? *d + 32 : *d);
		if (!q || !*d || (uint64_t)(q - digits) >= base)
			return false;
		v = v * base + (uint64_t)(q - digits);
		if (v > 0xffffffffu)
			return false;
	}
	if (!hex && v > (neg ? 0x80000000u : 0x7fffffffu))
		return false;
	union ir_scalar s = { .u = (uint32_t)(neg ? 0u - (uint32_t)v : (uint32_t)v) };
	*out = s.i;
	return true;
}

/* Parses one literal of scalar type `base` (float, int, or true/false for
 * bool) into *out. False after reporting what was expected. */
static bool parse_literal(struct parser *p, uint8_t base, union ir_scalar *out)
{
	static const char *const what[3] = { "a float literal", "an int literal",
					     "'true' or 'false'" };
	char w[72];
	bool ok = word_copy(p, w, sizeof(w));
	if (ok && base == IR_FLOAT)
		ok = parse_float(w, &out->f);
	else if (ok && base == IR_INT)
		ok = parse_int(w, &out->i);
	else if (ok)
		ok = (out->u = !strcmp(w, "true")) || !strcmp(w, "false");
	if (!ok)
		return expected(p, what[base]);
	lex(p);
	return true;
}

static bool parse_type(struct parser *p, struct ir_type *t)
{
	if (p->tok.kind != T_WORD || !ir_type_parse(p->tok.s, p->tok.n, t))
		return expected(p, "a type");
	lex(p);
	return true;
}

/* Index of the word among names[0..n), or -1. */
static int word_index(const struct parser *p, const char *const *names, int n)
{
	for (int k = 0; k < n; k++)
		if (names[k] && is_word(&p->tok, names[k]))
			return k;
	return -1;
}

/* A uniform's "@name[N]": takes the "[N]" off the token (N in *len,
 * 1..IR_MAX_ARRAY); *len = 0 without one. */
static bool array_suffix(struct parser *p, uint32_t *len)
{
	struct token *t = &p->tok;
	const char *open = t->kind == T_WORD ? memchr(t->s, '[', t->n) : NULL;
	*len = 0;
	if (!open)
		return true;
	size_t at = (size_t)(open - t->s), digits = 0;
	uint32_t n = 0;
	while (at + 1 + digits < t->n && t->s[at + 1 + digits] >= '0' &&
	       t->s[at + 1 + digits] <= '9' && n <= IR_MAX_ARRAY)
		n = n * 10 + (uint32_t)(t->s[at + 1 + digits++] - '0');
	if (!digits || at + 2 + digits != t->n || t->s[t->n - 1] != ']' || n < 1 ||
	    n > IR_MAX_ARRAY)
		return error_at(p, t, "expected an array size [1..%u] after the name",
				IR_MAX_ARRAY);
	t->n = at;
	*len = n;
	return true;
}

/* After the decl keyword: the rest of a declaration line. */
static bool parse_decl(struct parser *p, int kind)
{
	static const char *const interp[] = { [IR_SMOOTH] = "smooth", [IR_FLAT] = "flat" };
	static const char *const dims[] = { [IR_SAMPLER_2D] = "2d", [IR_SAMPLER_CUBE] = "cube" };
	struct ir_type t = { 0, 0 };
	char name[66];
	int mode = 0;
	lex(p);
	if (kind == IR_DECL_OUTPUT) {
		int o = word_index(p, ir_builtin_names, IR_OUT_COUNT);
		if (o < 0)
			return expected(p, "'position', 'point_size', 'color' or 'depth'");
		lex(p);
		return ir_build_output(p->b, (enum ir_builtin)o) != IR_NONE;
	}
	if (kind == IR_DECL_VARYING && (mode = word_index(p, interp, 2)) < 0)
		return expected(p, "'smooth' or 'flat'");
	if (kind == IR_DECL_SAMPLER && (mode = word_index(p, dims, 2)) < 0)
		return expected(p, "'2d' or 'cube'");
	if (kind == IR_DECL_VARYING || kind == IR_DECL_SAMPLER)
		lex(p);
	if (kind != IR_DECL_SAMPLER && !parse_type(p, &t))
		return false;
	uint32_t len = 0;
	if (kind == IR_DECL_UNIFORM && !array_suffix(p, &len))
		return false;
	if (!sigil_name(p, '@', "a slot name (@name)", name))
		return false;
	lex(p);
	if (len)
		return ir_build_uniform_array(p->b, name, t, len) != IR_NONE;
	switch (kind) {
	case IR_DECL_ATTRIBUTE: return ir_build_attribute(p->b, name, t) != IR_NONE;
	case IR_DECL_VARYING: return ir_build_varying(p->b, name, mode, t) != IR_NONE;
	case IR_DECL_UNIFORM: return ir_build_uniform(p->b, name, t) != IR_NONE;
	case IR_DECL_SAMPLER: return ir_build_sampler(p->b, name, mode) != IR_NONE;
	default: return ir_build_local(p->b, name, t) != IR_NONE;
	}
}

/* Comma-separated "%v" operands (up to IR_MAX_SRC) until end of line. */
static bool parse_values(struct parser *p, uint32_t *src, unsigned *n, bool need_one)
{
	*n = 0;
	if (!need_one && (p->tok.kind == T_NL || p->tok.kind == T_EOF))
		return true;
	do {
		if (*n == IR_MAX_SRC)
			return error_at(p, &p->tok, "too many operands (at most %d)", IR_MAX_SRC);
		if (!value_operand(p, &src[(*n)++]))
			return false;
	} while (p->tok.kind == T_COMMA && (lex(p), true));
	return true;
}

/* Parses `const TYPE v, v, ...` (as many literals as the type has
 * components, at most 4) and builds the constant. False after reporting. */
static bool parse_const(struct parser *p)
{
	struct ir_type t;
	union ir_scalar v[4];
	unsigned n = 0;
	struct token type_tok = p->tok;
	if (!parse_type(p, &t))
		return false;
	do {
		if (n == 4)
			return error_at(p, &p->tok, "'const' has more than 4 components");
		if (!parse_literal(p, t.base, &v[n++]))
			return false;
	} while (p->tok.kind == T_COMMA && (lex(p), true));
	if (n != t.comps) {
		char tb[8];
		return error_at(p, &type_tok, "'const' expects %u components for %s, got %u",
				(unsigned)t.comps, ir_type_name(t, tb), n);
	}
	return ir_build_const(p->b, t, v) != IR_NONE;
}

/* Operands of a swizzle ("%v, xyz") or extract ("%v, 2"). */
static bool parse_lanes(struct parser *p, enum ir_op op)
{
	uint32_t v;
	char w[8];
	int32_t idx;
	if (!value_operand(p, &v) || !accept(p, T_COMMA, "','"))
		return false;
	if (op == IR_OP_EXTRACT) {
		if (!word_copy(p, w, sizeof(w)) || !parse_int(w, &idx) || idx < 0 || idx > 15)
			return expected(p, "a component index");
		lex(p);
		return ir_build_extract(p->b, v, (unsigned)idx) != IR_NONE;
	}
	bool ok = word_copy(p, w, 5) &&
		  (strspn(w, "xyzw") == strlen(w) || strspn(w, "rgba") == strlen(w));
	if (!ok)
		return expected(p, "1 to 4 lanes of xyzw or rgba");
	lex(p);
	return ir_build_swizzle(p->b, v, w) != IR_NONE;
}

/* The operands of `op` after its name; builds the instruction. */
static bool parse_operands(struct parser *p, enum ir_op op)
{
	const struct ir_op_info *info = &ir_ops[op];
	uint32_t src[IR_MAX_SRC], slot;
	unsigned n;
	switch (info->rule) {
	case IR_RULE_CONST: return parse_const(p);
	case IR_RULE_SWIZZLE: case IR_RULE_EXTRACT: return parse_lanes(p, op);
	case IR_RULE_LOAD:
		return slot_operand(p, &slot) && ir_build_load(p->b, slot) != IR_NONE;
	case IR_RULE_LOAD_INDEX:
		return slot_operand(p, &slot) && accept(p, T_COMMA, "','") &&
		       value_operand(p, &src[0]) &&
		       ir_build_load_index(p->b, slot, src[0]) != IR_NONE;
	case IR_RULE_STORE:
		return slot_operand(p, &slot) && accept(p, T_COMMA, "','") &&
		       value_operand(p, &src[0]) && ir_build_store(p->b, slot, src[0]);
	case IR_RULE_TEX:
		if (!slot_operand(p, &slot) || !accept(p, T_COMMA, "','") ||
		    !parse_values(p, src, &n, true))
			return false;
		if (n != info->nsrc + 0u)
			return error_at(p, &p->op_tok, "'%s' expects a sampler and %u value%s",
					info->name, (unsigned)info->nsrc,
					info->nsrc > 1 ? "s" : "");
		return ir_build_tex(p->b, slot, src[0], n == 2 ? src[1] : IR_NONE) != IR_NONE;
	default:
		if (!parse_values(p, src, &n, false))
			return false;
		ir_build_op(p->b, op, n, src);
		return !ir_builder_error(p->b);
	}
}

/* An op name that may start an instruction (the markers are spelled with
 * braces, not names). */
static int op_index(const struct parser *p)
{
	for (int op = 0; op < IR_OP_COUNT; op++) {
		uint16_t f = ir_ops[op].flags;
		if (!(f & (IR_OPF_OPEN | IR_OPF_MIDDLE | IR_OPF_CLOSE)) &&
		    is_word(&p->tok, ir_ops[op].name))
			return op;
	}
	return -1;
}

/* "%name = op operands" */
static bool parse_def(struct parser *p)
{
	struct token name = p->tok;
	lex(p);
	if (!accept(p, T_EQ, "'='"))
		return false;
	int op = op_index(p);
	if (op < 0)
		return expected(p, "an op name");
	uint8_t r = ir_ops[op].rule;
	if (r == IR_RULE_STORE || r == IR_RULE_NONE)
		return error_at(p, &p->tok, "'%s' does not produce a value", ir_ops[op].name);
	if (ir_builder_lookup(p->b, name.s + 1, name.n - 1) != IR_NONE)
		return error_at(p, &name, "'%.*s' is already defined", (int)name.n, name.s);
	ir_builder_set_loc(p->b, p->tok.line, p->tok.col);
	p->op_tok = p->tok;
	if (!ir_builder_name_next(p->b, name.s + 1, name.n - 1))
		return false;
	lex(p);
	return parse_operands(p, (enum ir_op)op);
}

/* "}" or "} else {" */
static bool parse_close(struct parser *p)
{
	if (!p->blocks.len)
		return error_at(p, &p->tok, "'}' without an open block");
	uint8_t kind = p->blocks.data[--p->blocks.len];
	lex(p);
	if (kind == 'i' && is_word(&p->tok, "else")) {
		ir_builder_set_loc(p->b, p->tok.line, p->tok.col);
		lex(p);
		p->blocks.data[p->blocks.len++] = 'e';
		return ir_build_else(p->b) && accept(p, T_LBRACE, "'{'");
	}
	return kind == 'l' ? ir_build_endloop(p->b) : ir_build_endif(p->b);
}

/* Statements that start with a keyword: store, if, loop, break, continue, discard. */
static bool parse_keyword(struct parser *p)
{
	if (is_word(&p->tok, "if") || is_word(&p->tok, "loop")) {
		bool is_if = p->tok.s[0] == 'i';
		uint32_t cond = IR_NONE;
		lex(p);
		if (is_if && !value_operand(p, &cond))
			return false;
		if (!vc4_array_push(&p->blocks, is_if ? 'i' : 'l'))
			return error_at(p, &p->tok, "out of memory");
		if (!(is_if ? ir_build_if(p->b, cond) : ir_build_loop(p->b)))
			return false;
		return accept(p, T_LBRACE, "'{'");
	}
	int op = op_index(p);
	uint8_t r = op < 0 ? 0 : ir_ops[op].rule;
	if (op < 0 || (r != IR_RULE_STORE && r != IR_RULE_NONE)) {
		if (op >= 0)
			return error_at(p, &p->tok,
					"the result of '%s' must be named (%%x = %s ...)",
					ir_ops[op].name, ir_ops[op].name);
		return expected(p, "a declaration or an instruction");
	}
	p->op_tok = p->tok;
	lex(p);
	return parse_operands(p, (enum ir_op)op);
}

/* Parses one statement of the shader body: a declaration (only before the
 * first instruction), a closing '}', a definition `%name = ...`, or a
 * keyword instruction. False after reporting. */
static bool parse_statement(struct parser *p)
{
	static const char *const decls[IR_DECL_KIND_COUNT] = {
		[IR_DECL_ATTRIBUTE] = "attribute", [IR_DECL_VARYING] = "varying",
		[IR_DECL_UNIFORM] = "uniform", [IR_DECL_SAMPLER] = "sampler",
		[IR_DECL_OUTPUT] = "output", [IR_DECL_LOCAL] = "local",
	};
	ir_builder_set_loc(p->b, p->tok.line, p->tok.col);
	int kind = word_index(p, decls, IR_DECL_KIND_COUNT);
	if (kind >= 0) {
		if (p->in_body)
			return error_at(p, &p->tok, "declarations must come before instructions");
		return parse_decl(p, kind);
	}
	p->in_body = true;
	if (p->tok.kind == T_RBRACE)
		return parse_close(p);
	if (p->tok.kind == T_WORD && p->tok.s[0] == '%')
		return parse_def(p);
	if (p->tok.kind == T_WORD)
		return parse_keyword(p);
	return expected(p, "a declaration or an instruction");
}

static void skip_blank_lines(struct parser *p)
{
	while (p->tok.kind == T_NL)
		lex(p);
}

/* Parses everything after the stage line. */
static bool parse_body(struct parser *p)
{
	for (;;) {
		skip_blank_lines(p);
		if (p->tok.kind == T_EOF)
			return true;
		if (!parse_statement(p) || ir_builder_error(p->b) || !end_of_statement(p))
			return false;
	}
}

struct ir_shader *ir_parse(const char *text, size_t size, const char *name,
			   struct vc4_diag *diag)
{
	struct parser p = { .p = text, .end = text + size, .line = 1, .col = 1, .name = name };
	lex(&p);
	skip_blank_lines(&p);
	int stage = word_index(&p, ir_stage_names, 2);
	if (stage < 0) {
		expected(&p, "'vertex' or 'fragment'");
		vc4_diag_set(diag, "%s", p.diag.msg);
		return NULL;
	}
	lex(&p);
	p.b = ir_builder_create((enum ir_stage)stage, name);
	if (!p.b) {
		vc4_diag_set(diag, "%s: out of memory", name);
		return NULL;
	}
	bool ok = end_of_statement(&p) && parse_body(&p);
	vc4_array_free(&p.blocks);
	if (!ok || p.diag.set) {
		const char *msg = p.diag.set ? p.diag.msg : ir_builder_error(p.b);
		vc4_diag_set(diag, "%s", msg ? msg : "parse error");
		ir_builder_destroy(p.b);
		return NULL;
	}
	return ir_builder_finish(p.b, diag);
}
