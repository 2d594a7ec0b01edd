/*
 * qpu_asm_alu.c: the QPU assembler's ALU instructions: destinations,
 * operands (accumulators, register-file reads, small immediates; reads are
 * resolved after the whole line: explicit file reads first, then small
 * immediates, then the names both files share, which take file A when it is
 * free or holds the same address, else file B), the two halves, the
 * `; clause` list shared with the other forms, and the defaults of fields
 * nobody set (docs/qpu.md).
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

/* ------------------------------------------------------------------------ */
/* Destinations                                                             */

/* Sets ws so that the ALU `is_mul` writes `file`. */
bool asm_set_side(struct parser *p, struct fields *fl, bool is_mul, int file, size_t pos)
{
	/* ADD writes A when ws = 0; MUL writes B when ws = 0. */
	uint32_t ws = (file == QPU_FILE_B) != is_mul;

	if (fl->set[QPU_F_WS] && fl->v[QPU_F_WS] != ws)
		return asm_error_at(p, pos, "this write needs ws=%" PRIu32 " but column %zu needs "
				"ws=%" PRIu32 " (the two ALUs write different register files)",
				ws, fl->pos[QPU_F_WS] + 1, fl->v[QPU_F_WS]);
	return asm_set_field(p, fl, QPU_F_WS, ws, pos);
}

/* Parses `name[.suffix...]` as the destination of ALU `is_mul`, setting
 * waddr, ws and pack (and, when `conds` is true, the write condition). */
bool asm_parse_dst(struct parser *p, struct fields *fl, bool is_mul, bool conds)
{
	char name[NAME_MAX_], buf[NAME_MAX_ + 4];
	size_t pos = (asm_skip_ws(p), p->pos);
	struct waddr_name w;

	if (!asm_ident(p, name, sizeof(name)) || !asm_lookup_waddr(name, &w)) {
		p->pos = pos;
		return asm_error_at(p, pos, "expected a destination register, found %s",
				asm_found(p, buf, sizeof(buf)));
	}
	if (!asm_set_field(p, fl, is_mul ? QPU_F_WADDR_MUL : QPU_F_WADDR_ADD, (uint32_t)w.addr, pos))
		return false;
	if (w.file >= 0 && !asm_set_side(p, fl, is_mul, w.file, pos))
		return false;
	while (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		int v;
		if (!asm_word(p, name, sizeof(name)))
			return asm_error_at(p, spos, "expected a pack mode or condition after '.'");
		if (conds && (v = FIND(name, qpu_conds)) >= 0) {
			if (!asm_set_field(p, fl, is_mul ? QPU_F_COND_MUL : QPU_F_COND_ADD, (uint32_t)v, spos))
				return false;
		} else if ((v = FIND(name, qpu_packs_a)) > 0) {
			if (!asm_set_field(p, fl, QPU_F_PM, 0, spos) ||
			    !asm_set_field(p, fl, QPU_F_PACK, (uint32_t)v, spos) ||
			    !asm_set_side(p, fl, is_mul, QPU_FILE_A, spos))
				return false;
		} else if ((v = FIND(name, qpu_packs_mul)) > 0) {
			if (!is_mul)
				return asm_error_at(p, spos, "pack mode '%s' applies to the mul "
						"destination only", name);
			if (!asm_set_field(p, fl, QPU_F_PM, 1, spos) ||
			    !asm_set_field(p, fl, QPU_F_PACK, (uint32_t)v, spos))
				return false;
		} else {
			return asm_error_at(p, spos, "expected a pack mode%s, found '%s'",
					conds ? " or condition" : "", name);
		}
	}
	return true;
}

/* ------------------------------------------------------------------------ */
/* ALU operands                                                             */

/* Resolves a read-register name to a source: raN/rbN (any defined address),
 * file-specific names, or names both files share. */
bool asm_lookup_read(const char *name, struct src *s)
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

	*s = (struct src){ .pos = (asm_skip_ws(p), p->pos) };
	if (asm_starts_number(p)) {
		if (!asm_number(p, &n))
			return false;
		s->kind = SRC_IMM;
		s->bits = n.bits;
		return true;
	}
	if (!asm_ident(p, name, sizeof(name)))
		return asm_error_at(p, s->pos, "expected an operand, found %s", asm_found(p, buf, sizeof(buf)));
	if (name[0] == 'r' && name[1] >= '0' && name[1] <= '5' && !name[2]) {
		s->kind = SRC_ACC;
		s->value = (unsigned)(name[1] - '0');
	} else if (!asm_lookup_read(name, s)) {
		return asm_error_at(p, s->pos, "expected an operand, found '%s'", name);
	}
	if (p->s[p->pos] != '.')
		return true;
	size_t spos = ++p->pos;
	int v;
	if (!asm_word(p, name, sizeof(name)) || (v = FIND(name, qpu_unpacks)) <= 0)
		return asm_error_at(p, spos, "expected an unpack mode after '.'");
	if (s->kind == SRC_SHARED)
		s->kind = SRC_A;          /* unpack applies to file A only */
	if (s->kind != SRC_A && !(s->kind == SRC_ACC && s->value == 4))
		return asm_error_at(p, s->pos, "unpack applies to regfile A and r4 only");
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
		return asm_error_at(p, s->pos, "regfile %c already reads %s, cannot also read %s",
				file == QPU_FILE_A ? 'A' : 'B', raddr_text(file, fl->v[f]),
				raddr_text(file, s->value));
	return asm_set_field(p, fl, f, s->value, s->pos);
}

/* Sets mux, unpack and pm for one resolved source. */
static bool set_mux(struct parser *p, struct fields *fl, int slot, const struct src *s,
		    enum qpu_mux m)
{
	if (!asm_set_field(p, fl, mux_field[slot], m, s->pos))
		return false;
	if (!s->unpack)
		return true;
	return asm_set_field(p, fl, QPU_F_PM, m == QPU_MUX_R4, s->pos) &&
	       asm_set_field(p, fl, QPU_F_UNPACK, (uint32_t)s->unpack, s->pos);
}

/* A small immediate: uses the code already in raddr_b (a rotation or an
 * explicit raddr_b) when its value matches, else the code of the value. */
static bool resolve_imm(struct parser *p, struct fields *fl, const struct src *s)
{
	int code;

	if (fl->set[QPU_F_RADDR_B] && qpu_small_imms[fl->v[QPU_F_RADDR_B] & 63].bits == s->bits)
		code = (int)fl->v[QPU_F_RADDR_B];
	else if ((code = qpu_small_imm_encode(s->bits)) < 0)
		return asm_error_at(p, s->pos, "0x%08" PRIx32 " is not a small immediate "
				"(-16..15, 1.0..128.0 or 1/256..1/2 by powers of two)", s->bits);
	else if (fl->set[QPU_F_RADDR_B] && fl->v[QPU_F_RADDR_B] != (uint32_t)code)
		return asm_error_at(p, s->pos, "raddr_b already holds %" PRIu32 "; an instruction "
				"has one regfile B read or small immediate", fl->v[QPU_F_RADDR_B]);
	if (!asm_set_field(p, fl, QPU_F_SIG, QPU_SIG_SMALL_IMM, s->pos))
		return false;
	return asm_set_field(p, fl, QPU_F_RADDR_B, (uint32_t)code, s->pos);
}

/* A name both files have: file A when it is free or reads the same
 * address, else file B. */
static bool resolve_shared(struct parser *p, struct fields *fl, struct src *s, bool b_imm)
{
	bool a_ok = !fl->set[QPU_F_RADDR_A] || fl->v[QPU_F_RADDR_A] == s->value;
	bool b_ok = !b_imm && (!fl->set[QPU_F_RADDR_B] || fl->v[QPU_F_RADDR_B] == s->value);

	if (!a_ok && !b_ok)
		return asm_error_at(p, s->pos, "no regfile left to read address %u", s->value);
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
int asm_lookup_op(const char *name, bool is_mul)
{
	if (strcmp(name, "mov") == 0)
		return is_mul ? QPU_M_V8MIN : QPU_A_OR;
	return is_mul ? FIND(name, qpu_mul_ops) : FIND(name, qpu_add_ops);
}

/* Parses the op suffixes: conditions and sf. */
bool asm_parse_op_suffixes(struct parser *p, struct fields *fl, bool is_mul)
{
	char name[NAME_MAX_];

	while (p->s[p->pos] == '.') {
		size_t spos = ++p->pos;
		int v;
		if (!asm_word(p, name, sizeof(name)))
			return asm_error_at(p, spos, "expected a condition or 'sf' after '.'");
		if (strcmp(name, "sf") == 0) {
			if (!asm_set_field(p, fl, QPU_F_SF, 1, spos))
				return false;
		} else if ((v = FIND(name, qpu_conds)) >= 0) {
			if (!asm_set_field(p, fl, is_mul ? QPU_F_COND_MUL : QPU_F_COND_ADD,
				       (uint32_t)v, spos))
				return false;
		} else {
			return asm_error_at(p, spos, "expected a condition or 'sf', found '%s'", name);
		}
	}
	return true;
}

/* Parses `dst, a[, b]` of a half whose op takes `nsrc` operands. */
static bool parse_half_operands(struct parser *p, struct fields *fl, struct alu *alu,
				bool is_mul, unsigned nsrc, const char *op)
{
	int slot = is_mul ? 2 : 0;

	if (!asm_parse_dst(p, fl, is_mul, false) || !asm_expect(p, ',') ||
	    !parse_src(p, &alu->src[slot]))
		return false;
	alu->has[slot] = true;
	if (asm_accept(p, ',')) {
		if (!parse_src(p, &alu->src[slot + 1]))
			return false;
	} else if (nsrc == 2) {
		return asm_error_at(p, p->pos, "expected ',' and a second operand (%s takes two)", op);
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
	int code = asm_lookup_op(op, is_mul);

	if (code < 0)
		return asm_error_at(p, pos, "expected %s op, found '%s'", is_mul ? "a mul" : "an add", op);
	if (!asm_set_field(p, fl, is_mul ? QPU_F_OP_MUL : QPU_F_OP_ADD, (uint32_t)code, pos) ||
	    !asm_parse_op_suffixes(p, fl, is_mul))
		return false;
	asm_skip_ws(p);
	if (p->s[p->pos] == ';' || p->s[p->pos] == '\0') {
		if (code != 0)
			return asm_error_at(p, p->pos, "expected a destination after '%s'", op);
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

/* Parses `name=value` for a field of the form. */
static bool parse_raw_field(struct parser *p, struct fields *fl, struct field_list list,
			    const char *name, size_t pos)
{
	struct number n;

	for (size_t i = 0; i < list.n; i++) {
		const struct qpu_field_info *fi = &qpu_fields[list.f[i]];
		if (strcmp(fi->name, name) != 0)
			continue;
		if (!asm_expect(p, '=') || !asm_number(p, &n))
			return false;
		if (n.is_float || n.i < 0 || (fi->width < 32 && (uint64_t)n.i >> fi->width))
			return asm_error_at(p, pos, "value of %s does not fit %u bits", name, fi->width);
		return asm_set_field(p, fl, list.f[i], n.bits, pos);
	}
	return asm_error_at(p, pos, "expected a clause (signal, rot, ws, pm or field=value), "
			"found '%s'", name);
}

/* Parses the clauses `; clause` to the end of the line. `alu` enables the
 * ALU-only ones (signals, rot). */
bool asm_parse_clauses(struct parser *p, struct fields *fl, struct field_list list, bool alu)
{
	char name[NAME_MAX_], buf[NAME_MAX_ + 4];

	while (!asm_at_end(p)) {
		if (!asm_expect(p, ';'))
			return false;
		size_t pos = (asm_skip_ws(p), p->pos);
		int v;
		if (!asm_ident(p, name, sizeof(name)))
			return asm_error_at(p, pos, "expected a clause, found %s", asm_found(p, buf, sizeof(buf)));
		if (strcmp(name, "ws") == 0) {
			if (!asm_set_field(p, fl, QPU_F_WS, 1, pos))
				return false;
		} else if (strcmp(name, "pm") == 0) {
			if (!asm_set_field(p, fl, QPU_F_PM, 1, pos))
				return false;
		} else if (alu && (v = FIND(name, qpu_sigs)) >= 0 && v < QPU_SIG_SMALL_IMM) {
			if (!asm_set_field(p, fl, QPU_F_SIG, (uint32_t)v, pos))
				return false;
		} else if (alu && strcmp(name, "rot") == 0) {
			struct number n;
			unsigned code;
			size_t npos = (asm_skip_ws(p), p->pos);
			if (asm_ident(p, name, sizeof(name))) {
				if (strcmp(name, "r5") != 0)
					return asm_error_at(p, npos, "expected 1..15 or r5 after 'rot'");
				code = 48;
			} else {
				if (!asm_number(p, &n))
					return false;
				if (n.is_float || n.i < 1 || n.i > 15)
					return asm_error_at(p, npos, "expected 1..15 or r5 after 'rot'");
				code = 48 + (unsigned)n.i;
			}
			if (!asm_set_field(p, fl, QPU_F_SIG, QPU_SIG_SMALL_IMM, pos) ||
			    !asm_set_field(p, fl, QPU_F_RADDR_B, code, pos))
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
void asm_default_write_fields(struct fields *fl, bool add_idle, bool mul_idle)
{
	fl->v[QPU_F_PM] = asm_get(fl, QPU_F_PM, 0);
	fl->v[QPU_F_PACK] = asm_get(fl, QPU_F_PACK, 0);
	fl->v[QPU_F_SF] = asm_get(fl, QPU_F_SF, 0);
	fl->v[QPU_F_WS] = asm_get(fl, QPU_F_WS, 0);
	fl->v[QPU_F_COND_ADD] = asm_get(fl, QPU_F_COND_ADD, add_idle ? QPU_COND_NEVER : QPU_COND_ALWAYS);
	fl->v[QPU_F_COND_MUL] = asm_get(fl, QPU_F_COND_MUL, mul_idle ? QPU_COND_NEVER : QPU_COND_ALWAYS);
}

/* Checks the assembled word has a defined meaning and the expected form. */
bool asm_finish(struct parser *p, uint64_t w, enum qpu_form form, uint64_t *out)
{
	struct qpu_inst in;
	char why[96];
	const char *problem;

	qpu_decode(w, &in);
	if (in.form != form)
		return asm_error_at(p, 0, "the fields given make a different instruction form "
				"(sig %u); use .word", (unsigned)in.sig);
	problem = qpu_inst_problem(&in, why, sizeof(why));
	if (problem)
		return asm_error_at(p, 0, "%s; use .word for undefined encodings", problem);
	*out = w;
	return true;
}

/* An ALU line: `add-half ; mul-half [; clause]...`, or one half. */
bool asm_parse_alu(struct parser *p, const char *op, size_t pos, uint64_t *out)
{
	struct fields fl = { 0 };
	struct alu alu = { 0 };
	char name[NAME_MAX_] = "";
	bool mul_only = asm_lookup_op(op, false) < 0 && asm_lookup_op(op, true) >= 0;

	if (!parse_half(p, &fl, &alu, mul_only, op, pos))
		return false;
	size_t save = p->pos;
	if (!mul_only && asm_accept(p, ';')) {
		size_t hpos = (asm_skip_ws(p), p->pos);
		if (asm_ident(p, name, sizeof(name)) && asm_lookup_op(name, true) >= 0) {
			if (!parse_half(p, &fl, &alu, true, name, hpos))
				return false;
		} else if (asm_lookup_op(name, false) >= 0) {
			return asm_error_at(p, hpos, "expected a mul op, found '%s'", name);
		} else {
			p->pos = save;
		}
	}
	if (!asm_parse_clauses(p, &fl, LIST(alu_fields), true) || !resolve_srcs(p, &fl, &alu))
		return false;
	uint32_t op_add = asm_get(&fl, QPU_F_OP_ADD, QPU_A_NOP), op_mul = asm_get(&fl, QPU_F_OP_MUL, QPU_M_NOP);
	fl.v[QPU_F_OP_ADD] = op_add;
	fl.v[QPU_F_OP_MUL] = op_mul;
	asm_default_write_fields(&fl, op_add == QPU_A_NOP, op_mul == QPU_M_NOP);
	fl.v[QPU_F_SIG] = asm_get(&fl, QPU_F_SIG, QPU_SIG_NONE);
	fl.v[QPU_F_UNPACK] = asm_get(&fl, QPU_F_UNPACK, 0);
	fl.v[QPU_F_WADDR_ADD] = asm_get(&fl, QPU_F_WADDR_ADD, QPU_W_NOP);
	fl.v[QPU_F_WADDR_MUL] = asm_get(&fl, QPU_F_WADDR_MUL, QPU_W_NOP);
	fl.v[QPU_F_RADDR_A] = asm_get(&fl, QPU_F_RADDR_A, QPU_R_NOP);
	fl.v[QPU_F_RADDR_B] = asm_get(&fl, QPU_F_RADDR_B, QPU_R_NOP);
	for (int i = 0; i < 4; i++)
		fl.v[mux_field[i]] = asm_get(&fl, mux_field[i], QPU_MUX_R0);
	if (fl.v[QPU_F_SIG] == QPU_SIG_SMALL_IMM &&
	    (fl.v[QPU_F_ADD_A] == QPU_MUX_B || fl.v[QPU_F_ADD_B] == QPU_MUX_B ||
	     fl.v[QPU_F_MUL_A] == QPU_MUX_B || fl.v[QPU_F_MUL_B] == QPU_MUX_B)) {
		for (int i = 0; i < 4; i++) {
			if (alu.has[i] && alu.src[i].kind == SRC_B)
				return asm_error_at(p, alu.src[i].pos, "regfile B cannot be read in "
						"an instruction with a small immediate");
		}
	}
	return asm_finish(p, asm_build(&fl, alu_fields, LIST(alu_fields).n), QPU_FORM_ALU, out);
}

