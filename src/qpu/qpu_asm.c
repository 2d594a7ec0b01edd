/*
 * qpu_asm.c: the QPU assembler (see qpu_asm.h, docs/qpu.md): load
 * immediate, semaphore, branch and .word lines, the dispatch by form, labels
 * and the two passes over a program. ALU lines are qpu_asm_alu.c's, the
 * lexer and the fields qpu_asm_lex.c's.
 *
 * Every piece of syntax sets instruction fields through asm_set_field(),
 * which reports a conflict when two pieces disagree; fields nobody set get
 * their default at the end (qpu_dis.c prints exactly the fields that differ
 * from these defaults and are not implied by the readable text).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/qpu_asm.h"
#include "qpu/qpu_asm_priv.h"
#include "qpu/qpu_isa.h"
#include "util/array.h"

/* Growable arrays (util/array.h macros work on any data/len/cap struct). */
struct label_array { struct label *data; size_t len, cap; };
struct word_array { uint64_t *data; size_t len, cap; };

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

/* Parses `[v0,...,v15]` of a per-element load immediate into imm. */
static bool parse_elem_list(struct parser *p, bool is_signed, uint32_t *imm)
{
	struct number n;

	*imm = 0;
	for (unsigned e = 0; e < 16; e++) {
		if (e && !asm_expect(p, ','))
			return false;
		size_t pos = (asm_skip_ws(p), p->pos);
		if (!asm_number(p, &n))
			return false;
		int64_t lo = is_signed ? -2 : 0, hi = is_signed ? 1 : 3;
		if (n.is_float || n.i < lo || n.i > hi)
			return asm_error_at(p, pos, "expected an element value %" PRId64 "..%" PRId64,
					lo, hi);
		uint32_t v = (uint32_t)n.i & 3;
		*imm |= (v & 1) << e | (v >> 1) << (16 + e);
	}
	return asm_expect(p, ']');
}

/* `ldi[.i2|.u2][.sf] dst[, dst], value` */
static bool parse_ldi(struct parser *p, uint64_t *out)
{
	struct fields fl = { 0 };
	char name[NAME_MAX_];
	int kind = QPU_LI_32;

	while (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		if (!asm_word(p, name, sizeof(name)))
			return asm_error_at(p, spos, "expected 'i2', 'u2' or 'sf' after '.'");
		if (strcmp(name, "sf") == 0) {
			if (!asm_set_field(p, &fl, QPU_F_SF, 1, spos))
				return false;
		} else if ((kind = FIND(name, qpu_li_kinds)) <= 0 || kind == QPU_LI_SEMAPHORE) {
			return asm_error_at(p, spos, "expected 'i2', 'u2' or 'sf', found '%s'", name);
		} else if (!asm_set_field(p, &fl, QPU_F_LI_KIND, (uint32_t)kind, spos)) {
			return false;
		}
	}
	kind = (int)asm_get(&fl, QPU_F_LI_KIND, QPU_LI_32);
	if (!asm_parse_dst(p, &fl, false, true) || !asm_expect(p, ','))
		return false;
	asm_skip_ws(p);
	if (!asm_starts_number(p) && p->s[p->pos] != '[' &&
	    (!asm_parse_dst(p, &fl, true, true) || !asm_expect(p, ',')))
		return false;
	size_t vpos = (asm_skip_ws(p), p->pos);
	uint32_t imm;
	struct number n;
	if (asm_accept(p, '[')) {
		if (kind == QPU_LI_32)
			return asm_error_at(p, vpos, "element lists need ldi.i2 or ldi.u2");
		if (!parse_elem_list(p, kind == QPU_LI_PER_ELEM_SIGNED, &imm))
			return false;
	} else {
		if (!asm_number(p, &n))
			return false;
		imm = n.bits;
	}
	if (!asm_set_field(p, &fl, QPU_F_IMM, imm, vpos) ||
	    !asm_parse_clauses(p, &fl, LIST(li_fields), false))
		return false;
	fl.v[QPU_F_SIG] = asm_get(&fl, QPU_F_SIG, QPU_SIG_LOAD_IMM);
	fl.v[QPU_F_LI_KIND] = (uint32_t)kind;
	fl.v[QPU_F_WADDR_MUL] = asm_get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	asm_default_write_fields(&fl, fl.v[QPU_F_WADDR_ADD] == QPU_W_NOP,
			     fl.v[QPU_F_WADDR_MUL] == QPU_W_NOP);
	return asm_finish(p, asm_build(&fl, li_fields, LIST(li_fields).n), QPU_FORM_LOAD_IMM, out);
}

/* `sacq|srel[.sf] [dst, dst,] index` */
static bool parse_sem(struct parser *p, bool dec, uint64_t *out)
{
	struct fields fl = { 0 };
	struct number n;

	if (!asm_parse_op_suffixes(p, &fl, false))
		return false;
	if (fl.set[QPU_F_COND_ADD])
		return asm_error_at(p, fl.pos[QPU_F_COND_ADD], "semaphore conditions go on the "
				"destinations");
	if (!asm_starts_number(p) && (!asm_parse_dst(p, &fl, false, true) || !asm_expect(p, ',') ||
				  !asm_parse_dst(p, &fl, true, true) || !asm_expect(p, ',')))
		return false;
	size_t pos = (asm_skip_ws(p), p->pos);
	if (!asm_number(p, &n))
		return false;
	if (n.is_float || n.i < 0 || n.i > 15)
		return asm_error_at(p, pos, "expected a semaphore number 0..15");
	asm_set_field(p, &fl, QPU_F_SEM_INDEX, (uint32_t)n.i, pos);
	if (!asm_parse_clauses(p, &fl, LIST(sem_fields), false))
		return false;
	fl.v[QPU_F_SIG] = asm_get(&fl, QPU_F_SIG, QPU_SIG_LOAD_IMM);
	fl.v[QPU_F_LI_KIND] = asm_get(&fl, QPU_F_LI_KIND, QPU_LI_SEMAPHORE);
	fl.v[QPU_F_SEM_DEC] = dec;
	fl.v[QPU_F_SEM_UNUSED] = asm_get(&fl, QPU_F_SEM_UNUSED, 0);
	fl.v[QPU_F_WADDR_ADD] = asm_get(&fl, QPU_F_WADDR_ADD, QPU_W_NOP);
	fl.v[QPU_F_WADDR_MUL] = asm_get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	asm_default_write_fields(&fl, fl.v[QPU_F_WADDR_ADD] == QPU_W_NOP,
			     fl.v[QPU_F_WADDR_MUL] == QPU_W_NOP);
	return asm_finish(p, asm_build(&fl, sem_fields, LIST(sem_fields).n), QPU_FORM_SEMAPHORE, out);
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

	o->pos = (asm_skip_ws(p), p->pos);
	o->name[0] = '\0';
	if (asm_starts_number(p))
		return asm_number(p, &o->n);
	if (!asm_ident(p, o->name, sizeof(o->name)))
		return asm_error_at(p, o->pos, "expected a register, label or number, found %s",
				asm_found(p, buf, sizeof(buf)));
	return true;
}

/* Sets a link destination of a branch (no suffixes). */
static bool set_link(struct parser *p, struct fields *fl, bool is_mul, const struct br_operand *o)
{
	struct waddr_name w;

	if (!o->name[0] || !asm_lookup_waddr(o->name, &w))
		return asm_error_at(p, o->pos, "expected a link destination register");
	if (w.file >= 0 && !asm_set_side(p, fl, is_mul, w.file, o->pos))
		return false;
	return asm_set_field(p, fl, is_mul ? QPU_F_WADDR_MUL : QPU_F_WADDR_ADD, (uint32_t)w.addr, o->pos);
}

/* Sets the branch immediate from a number or a label (relative only). */
static bool set_target(struct parser *p, struct fields *fl, bool rel, const struct br_operand *o)
{
	if (!o->name[0]) {
		if (o->n.is_float)
			return asm_error_at(p, o->pos, "expected an integer branch target");
		return asm_set_field(p, fl, QPU_F_IMM, o->n.bits, o->pos);
	}
	for (size_t i = 0; i < p->nlabels; i++) {
		if (strcmp(p->labels[i].name, o->name) != 0)
			continue;
		if (!rel)
			return asm_error_at(p, o->pos, "labels need a relative branch (brr)");
		int64_t delta = qpu_branch_offset(p->ip, p->labels[i].ip);
		return asm_set_field(p, fl, QPU_F_IMM, (uint32_t)delta, o->pos);
	}
	return asm_error_at(p, o->pos, "unknown label '%s'", o->name);
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
		if (!asm_word(p, name, sizeof(name)) || (v = FIND(name, qpu_branch_conds)) < 0)
			return asm_error_at(p, spos, "expected a branch condition after '.'");
		asm_set_field(p, &fl, QPU_F_BR_COND, (uint32_t)v, spos);
	}
	do {
		if (n == 4)
			return asm_error_at(p, p->pos, "expected at most 4 branch operands");
		if (!parse_br_operand(p, &ops[n++]))
			return false;
	} while (asm_accept(p, ','));
	bool reg = n == 2 || n == 4;
	if (n >= 3 && (!set_link(p, &fl, false, &ops[0]) || !set_link(p, &fl, true, &ops[1])))
		return false;
	if (reg) {
		const struct br_operand *r = &ops[n - 2];
		struct src s;
		if (!r->name[0] || !asm_lookup_read(r->name, &s) || s.kind != SRC_A || s.value > 31)
			return asm_error_at(p, r->pos, "expected a regfile A register ra0..ra31");
		asm_set_field(p, &fl, QPU_F_BR_RADDR_A, s.value, r->pos);
	}
	if (!set_target(p, &fl, rel, &ops[n - 1]) ||
	    !asm_parse_clauses(p, &fl, LIST(br_fields), false))
		return false;
	fl.v[QPU_F_SIG] = asm_get(&fl, QPU_F_SIG, QPU_SIG_BRANCH);
	fl.v[QPU_F_BR_UNUSED] = asm_get(&fl, QPU_F_BR_UNUSED, 0);
	fl.v[QPU_F_BR_COND] = asm_get(&fl, QPU_F_BR_COND, QPU_BR_ALWAYS);
	fl.v[QPU_F_BR_REL] = rel;
	fl.v[QPU_F_BR_REG] = reg;
	fl.v[QPU_F_BR_RADDR_A] = asm_get(&fl, QPU_F_BR_RADDR_A, 0);
	fl.v[QPU_F_WS] = asm_get(&fl, QPU_F_WS, 0);
	fl.v[QPU_F_WADDR_ADD] = asm_get(&fl, QPU_F_WADDR_ADD, QPU_W_NOP);
	fl.v[QPU_F_WADDR_MUL] = asm_get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	return asm_finish(p, asm_build(&fl, br_fields, LIST(br_fields).n), QPU_FORM_BRANCH, out);
}

/* `.word value` (a 64-bit number) */
static bool parse_word(struct parser *p, uint64_t *out)
{
	size_t pos = (asm_skip_ws(p), p->pos);
	const char *s = p->s + pos;
	char *stop;

	if (!isdigit((unsigned char)*s))
		return asm_error_at(p, pos, "expected a 64-bit number after .word");
	errno = 0;
	*out = strtoull(s, &stop, (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10);
	if (errno || stop == s || isalnum((unsigned char)*stop))
		return asm_error_at(p, pos, "expected a 64-bit number after .word");
	p->pos = pos + (size_t)(stop - s);
	if (!asm_at_end(p))
		return asm_error_at(p, p->pos, "expected end of line after .word");
	return true;
}

/* Assembles the instruction at the cursor. */
static bool parse_inst(struct parser *p, uint64_t *out)
{
	char op[NAME_MAX_], buf[NAME_MAX_ + 4];
	size_t pos = (asm_skip_ws(p), p->pos);

	if (p->s[pos] == '.') {
		p->pos++;
		if (asm_word(p, op, sizeof(op)) && strcmp(op, "word") == 0)
			return parse_word(p, out);
		return asm_error_at(p, pos, "expected '.word'");
	}
	if (!asm_ident(p, op, sizeof(op)))
		return asm_error_at(p, pos, "expected an instruction, found %s", asm_found(p, buf, sizeof(buf)));
	if (strcmp(op, "ldi") == 0)
		return parse_ldi(p, out);
	if (strcmp(op, "sacq") == 0 || strcmp(op, "srel") == 0)
		return parse_sem(p, op[1] == 'a', out);
	if (strcmp(op, "bra") == 0 || strcmp(op, "brr") == 0)
		return parse_branch(p, op[2] == 'r', out);
	if (asm_lookup_op(op, false) < 0 && asm_lookup_op(op, true) < 0)
		return asm_error_at(p, pos, "expected an instruction, found '%s'", op);
	return asm_parse_alu(p, op, pos, out);
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
		size_t pos = (asm_skip_ws(p), p->pos);
		if (!asm_ident(p, name, sizeof(name)) || p->s[p->pos] != ':') {
			p->pos = pos;
			return true;
		}
		p->pos++;
		if (!record)
			continue;
		for (size_t i = 0; i < labels->len; i++) {
			if (strcmp(labels->data[i].name, name) == 0)
				return asm_error_at(p, pos, "label '%s' defined twice", name);
		}
		struct label l = { .ip = p->ip };
		memcpy(l.name, name, strlen(name) + 1);
		if (!vc4_array_push(labels, l))
			return asm_error_at(p, pos, "out of memory");
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
			return asm_error_at(p, LINE_MAX_ - 1, "line longer than %d characters", LINE_MAX_);
		c = *end ? end + 1 : end;
		if (!take_labels(p, labels, pass == 0))
			return false;
		if (asm_at_end(p))
			continue;
		if (pass == 1) {
			uint64_t w;
			p->labels = labels->data;
			p->nlabels = labels->len;
			if (!parse_inst(p, &w))
				return false;
			if (!vc4_array_push(words, w))
				return asm_error_at(p, 0, "out of memory");
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
		return asm_error_at(&p, 0, "line longer than %d characters", LINE_MAX_);
	if (asm_at_end(&p))
		return asm_error_at(&p, p.pos, "expected an instruction, found end of line");
	return parse_inst(&p, word_out);
}

