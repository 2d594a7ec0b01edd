/*
 * ir_builder.c: building a shader through the C API — decls, instructions,
 * value names (a small open-addressing hash from name to value, filled
 * only when a name is looked up: a builder that never names values, like
 * the GLSL lowering, never builds it) — with every addition run through
 * the incremental checker of ir_validate.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_builder.h"
#include "ir/ir_internal.h"
#include "util/zalloc.h"
#include "util/zero.h"
#include "util/code_align.h"

#define IR_NAME_MAX 64

/* A bucket of the name hash: the value's index + 1 (0 = empty) and its
 * name's full hash, so that probes compare names only on equal hashes and
 * growing the table hashes no name again. */
struct name_slot {
	uint32_t value, h;
};

struct ir_builder {
	struct ir_shader *sh;
	struct ir_checker check;
	struct vc4_diag diag;           /* first error */
	uint32_t line, col;
	struct name_slot *hash;         /* open addressing, linear probing */
	size_t hash_cap;                /* power of two */
	uint32_t hashed;                /* values 0 .. hashed-1 are in the hash */
	bool digit_names;               /* a value was named with digits only */
	char auto_num[24];              /* next decimal name to try, from "0" */
	uint8_t auto_len;               /* its strlen */
	char pending[IR_NAME_MAX + 1];  /* name for the next value, "" if none */
};

/* Records an error at the builder's position for the instruction/decl that
 * would come next. Returns false. */
#define BERR(what, ...) \
	ir_diag_at(&b->diag, b->sh, b->line, b->col, what, \
		   (uint32_t)(what == 'd' ? b->sh->decls.len : b->sh->instrs.len), __VA_ARGS__)

struct ir_builder *ir_builder_create(enum ir_stage stage, const char *name)
{
	struct ir_builder *b = vc4_calloc(1, sizeof(*b));
	struct ir_shader *sh = vc4_calloc(1, sizeof(*sh));
	if (!b || !sh || ir_add_string(sh, name, strlen(name)) == IR_NONE) {
		free(b);
		ir_shader_free(sh);
		return NULL;
	}
	sh->stage = (uint8_t)stage;
	b->sh = sh;
	b->auto_num[0] = '0';
	b->auto_len = 1;
	return b;
}

void ir_builder_reserve(struct ir_builder *b, size_t instrs)
{
	/* a failure here is only a missed hint: the pushes report it */
	(void)vc4_array_reserve(&b->sh->instrs, instrs);
	(void)vc4_array_reserve(&b->sh->values, instrs);
	(void)vc4_array_reserve(&b->sh->strings, instrs * 5);   /* "1234\0" */
	(void)vc4_array_reserve(&b->check.state, instrs);
	(void)vc4_array_reserve(&b->check.live, instrs);
}

void ir_builder_set_loc(struct ir_builder *b, uint32_t line, uint32_t col)
{
	b->line = line;
	b->col = col;
}

static uint32_t hash_str(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t k = 0; k < n; k++)
		h = (h ^ (uint8_t)s[k]) * 16777619u;
	return h;
}

/* Hash bucket holding `name` (hash h), or the empty bucket where it would
 * go. Names are compared only where the full hashes agree. */
static size_t hash_find(const struct ir_builder *b, const char *name, size_t len, uint32_t h)
{
	size_t mask = b->hash_cap - 1, k = h & mask;
	for (; b->hash[k].value; k = (k + 1) & mask) {
		if (b->hash[k].h != h)
			continue;
		const char *have = ir_str(b->sh, b->sh->values.data[b->hash[k].value - 1].name);
		if (strlen(have) == len && memcmp(have, name, len) == 0)
			return k;
	}
	return k;
}

/* Keeps the table at most half full for `count` values: a bigger table
 * with the entries already hashed moved over (by their kept hashes). */
static bool hash_grow(struct ir_builder *b, size_t count)
{
	if ((count + 1) * 2 <= b->hash_cap)
		return true;
	size_t cap = b->hash_cap ? b->hash_cap * 2 : 64;
	while ((count + 1) * 2 > cap)
		cap *= 2;
	struct name_slot *old = b->hash;
	size_t old_cap = b->hash_cap;
	b->hash = vc4_calloc(cap, sizeof(*b->hash));
	if (!b->hash) {
		b->hash = old;
		return false;
	}
	b->hash_cap = cap;
	for (size_t k = 0; k < old_cap; k++) {
		if (!old[k].value)
			continue;
		size_t at = old[k].h & (cap - 1);
		while (b->hash[at].value)
			at = (at + 1) & (cap - 1);
		b->hash[at] = old[k];
	}
	free(old);
	return true;
}

/* Adds the values created since the last lookup to the hash. False when
 * out of memory (recorded as the builder's error). */
static bool hash_sync(struct ir_builder *b)
{
	size_t count = b->sh->values.len;
	if (b->hashed == count)
		return true;
	if (!hash_grow(b, count))
		return BERR('i', "out of memory");
	for (; b->hashed < count; b->hashed++) {
		const char *s = ir_str(b->sh, b->sh->values.data[b->hashed].name);
		size_t len = strlen(s);
		uint32_t h = hash_str(s, len);
		b->hash[hash_find(b, s, len, h)] = (struct name_slot){ b->hashed + 1, h };
	}
	return true;
}

uint32_t ir_builder_lookup(struct ir_builder *b, const char *name, size_t len)
{
	if (!hash_sync(b) || !b->hash_cap)
		return IR_NONE;
	size_t k = hash_find(b, name, len, hash_str(name, len));
	return b->hash[k].value ? b->hash[k].value - 1 : IR_NONE;
}

static bool name_ok(const char *name, size_t len)
{
	if (len == 0 || len > IR_NAME_MAX)
		return false;
	for (size_t k = 0; k < len; k++) {
		char c = name[k];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '_' || c == '.'))
			return false;
	}
	return true;
}

bool ir_builder_name_next(struct ir_builder *b, const char *name, size_t len)
{
	if (b->diag.set)
		return false;
	if (!name_ok(name, len))
		return BERR('i', "bad value name '%%%.*s'", (int)(len > 70 ? 70 : len), name);
	if (ir_builder_lookup(b, name, len) != IR_NONE)
		return BERR('i', "'%%%.*s' is already defined", (int)len, name);
	if (b->diag.set)
		return false;   /* out of memory in the lookup */
	size_t digits = 0;
	while (digits < len && name[digits] >= '0' && name[digits] <= '9')
		digits++;
	b->digit_names |= digits == len;
	memcpy(b->pending, name, len);
	b->pending[len] = '\0';
	return true;
}

/* Counts the decimal name of the next unnamed value up by one, in place
 * ("41" -> "42", "99" -> "100"): no division per value. */
static void auto_step(struct ir_builder *b)
{
	size_t k = b->auto_len;
	while (k > 0 && b->auto_num[k - 1] == '9')
		b->auto_num[--k] = '0';
	if (k > 0) {
		b->auto_num[k - 1]++;
		return;
	}
	b->auto_num[0] = '1';           /* all nines: one digit more */
	b->auto_num[b->auto_len++] = '0';
	b->auto_num[b->auto_len] = '\0';
}

/* Adds a value defined by instruction `def`, named by the pending name or
 * the next free number (numbers count up, so one can only be taken when
 * a value was named with digits). */
static uint32_t new_value(struct ir_builder *b, uint32_t def)
{
	const char *name = b->pending;
	size_t len = name[0] ? strlen(name) : 0;
	bool numbered = !name[0];
	while (!name[0]) {
		if (!b->digit_names || ir_builder_lookup(b, b->auto_num, b->auto_len) == IR_NONE)
			name = b->auto_num, len = b->auto_len;
		else if (b->diag.set)
			return IR_NONE;
		else
			auto_step(b);
	}
	struct ir_value v = { .type = { 0, 0 }, .def = def };
	v.name = ir_add_string(b->sh, name, len);
	if (numbered)
		auto_step(b);   /* after the copy: name is auto_num */
	if (v.name == IR_NONE || !vc4_array_push(&b->sh->values, v))
		return IR_NONE;
	uint32_t idx = (uint32_t)b->sh->values.len - 1;
	b->pending[0] = '\0';
	return idx;
}

static bool has_result(enum ir_op op)
{
	uint8_t r = ir_ops[op].rule;
	return r != IR_RULE_STORE && r != IR_RULE_COND && r != IR_RULE_NONE;
}

/* Appends `in` (op, operands, immediates filled), creates its result and
 * checks it. Returns the result value, or IR_NONE. */
VC4_CODE_ALIGN(1024)
static uint32_t emit(struct ir_builder *b, struct ir_instr in)
{
	if (b->diag.set)
		return IR_NONE;
	if (in.op >= IR_OP_COUNT)
		return BERR('i', "unknown op %u", (unsigned)in.op), IR_NONE;
	in.line = b->line;
	in.col = b->col;
	in.dest = IR_NONE;
	in.match = IR_NONE;
	uint32_t i = (uint32_t)b->sh->instrs.len;
	if (has_result(in.op) && (in.dest = new_value(b, i)) == IR_NONE)
		return BERR('i', "out of memory"), IR_NONE;
	if (!vc4_array_push(&b->sh->instrs, in))
		return BERR('i', "out of memory"), IR_NONE;
	if (!ir_check_next(&b->check, b->sh, &b->diag))
		return IR_NONE;
	return in.dest;
}

static struct ir_instr proto(enum ir_op op)
{
	struct ir_instr in;
	VC4_ZERO(&in);
	in.op = (uint16_t)op;
	in.slot = IR_NONE;
	return in;
}

VC4_CODE_ALIGN(512)
uint32_t ir_build_op(struct ir_builder *b, enum ir_op op, unsigned nsrc, const uint32_t *src)
{
	if (b->diag.set)
		return IR_NONE;
	if ((unsigned)op >= IR_OP_COUNT)
		return BERR('i', "unknown op %u", (unsigned)op), IR_NONE;
	const struct ir_op_info *info = &ir_ops[op];
	uint8_t r = info->rule;
	if ((info->flags & IR_OPF_SLOT) || r == IR_RULE_CONST || r == IR_RULE_SWIZZLE ||
	    r == IR_RULE_EXTRACT)
		return BERR('i', "'%s' has immediates: use its own builder function",
			    info->name), IR_NONE;
	if (nsrc > IR_MAX_SRC)
		return BERR('i', "'%s' expects %u operand%s, got %u", info->name,
			    (unsigned)info->nsrc, info->nsrc == 1 ? "" : "s", nsrc), IR_NONE;
	struct ir_instr in = proto(op);
	in.nsrc = (uint8_t)nsrc;
#pragma GCC unroll 4
	for (unsigned k = 0; k < nsrc; k++)
		in.src[k] = src[k];
	return emit(b, in);
}

uint32_t ir_build_op1(struct ir_builder *b, enum ir_op op, uint32_t a)
{
	return ir_build_op(b, op, 1, &a);
}

uint32_t ir_build_op2(struct ir_builder *b, enum ir_op op, uint32_t a, uint32_t c)
{
	uint32_t s[2] = { a, c };
	return ir_build_op(b, op, 2, s);
}

uint32_t ir_build_op3(struct ir_builder *b, enum ir_op op, uint32_t a, uint32_t c, uint32_t d)
{
	uint32_t s[3] = { a, c, d };
	return ir_build_op(b, op, 3, s);
}

uint32_t ir_build_const(struct ir_builder *b, struct ir_type t, const union ir_scalar *v)
{
	struct ir_instr in = proto(IR_OP_CONST);
	in.type = t;
	in.nimm = t.comps <= 4 ? t.comps : 0;
#pragma GCC unroll 4
	for (unsigned k = 0; k < in.nimm; k++)
		in.imm[k] = v[k];
	return emit(b, in);
}

uint32_t ir_build_constf(struct ir_builder *b, float f)
{
	union ir_scalar v = { .f = f };
	return ir_build_const(b, IR_SCALAR(IR_FLOAT), &v);
}

uint32_t ir_build_consti(struct ir_builder *b, int32_t i)
{
	union ir_scalar v = { .i = i };
	return ir_build_const(b, IR_SCALAR(IR_INT), &v);
}

uint32_t ir_build_constb(struct ir_builder *b, bool x)
{
	union ir_scalar v = { .u = x };
	return ir_build_const(b, IR_SCALAR(IR_BOOL), &v);
}

uint32_t ir_build_load_index(struct ir_builder *b, uint32_t slot, uint32_t index)
{
	struct ir_instr in = proto(IR_OP_LOAD_INDEX);
	in.slot = slot;
	in.nsrc = 1;
	in.src[0] = index;
	return emit(b, in);
}

uint32_t ir_build_load(struct ir_builder *b, uint32_t slot)
{
	struct ir_instr in = proto(IR_OP_LOAD);
	in.slot = slot;
	return emit(b, in);
}

bool ir_build_store(struct ir_builder *b, uint32_t slot, uint32_t value)
{
	struct ir_instr in = proto(IR_OP_STORE);
	in.slot = slot;
	in.nsrc = 1;
	in.src[0] = value;
	emit(b, in);
	return !b->diag.set;
}

uint32_t ir_build_tex(struct ir_builder *b, uint32_t sampler, uint32_t coord, uint32_t bias)
{
	struct ir_instr in = proto(bias == IR_NONE ? IR_OP_TEX : IR_OP_TEXB);
	in.slot = sampler;
	in.nsrc = bias == IR_NONE ? 1 : 2;
	in.src[0] = coord;
	in.src[1] = bias;
	return emit(b, in);
}

uint32_t ir_build_swizzle(struct ir_builder *b, uint32_t v, const char *lanes)
{
	struct ir_instr in = proto(IR_OP_SWIZZLE);
	size_t n = strlen(lanes);
	in.nsrc = 1;
	in.src[0] = v;
	in.nimm = (uint8_t)(n > 4 ? 5 : n);
	for (size_t k = 0; k < n && k < 4; k++) {
		const char *p = strchr("xyzw", lanes[k]), *q = strchr("rgba", lanes[k]);
		if (!lanes[k] || (!p && !q))
			return BERR('i', "bad swizzle '%.8s'", lanes), IR_NONE;
		in.imm[k].u = p ? (uint32_t)(p - "xyzw") : (uint32_t)(q - "rgba");
	}
	return emit(b, in);
}

uint32_t ir_build_extract(struct ir_builder *b, uint32_t v, unsigned index)
{
	struct ir_instr in = proto(IR_OP_EXTRACT);
	in.nsrc = 1;
	in.src[0] = v;
	in.imm[0].u = index;
	return emit(b, in);
}

static bool marker(struct ir_builder *b, enum ir_op op)
{
	ir_build_op(b, op, 0, NULL);
	return !b->diag.set;
}

bool ir_build_if(struct ir_builder *b, uint32_t cond)
{
	ir_build_op(b, IR_OP_IF, 1, &cond);
	return !b->diag.set;
}

bool ir_build_else(struct ir_builder *b) { return marker(b, IR_OP_ELSE); }
bool ir_build_endif(struct ir_builder *b) { return marker(b, IR_OP_ENDIF); }
bool ir_build_loop(struct ir_builder *b) { return marker(b, IR_OP_LOOP); }
bool ir_build_endloop(struct ir_builder *b) { return marker(b, IR_OP_ENDLOOP); }
bool ir_build_break(struct ir_builder *b) { return marker(b, IR_OP_BREAK); }
bool ir_build_continue(struct ir_builder *b) { return marker(b, IR_OP_CONTINUE); }
bool ir_build_discard(struct ir_builder *b) { return marker(b, IR_OP_DISCARD); }

/* Appends a decl and checks it; returns its slot or IR_NONE. */
static uint32_t add_decl(struct ir_builder *b, const char *name, struct ir_decl d)
{
	if (b->diag.set)
		return IR_NONE;
	size_t len = strlen(name);
	if (!name_ok(name, len))
		return BERR('d', "bad slot name '@%.*s'", (int)(len > 70 ? 70 : len), name),
		       IR_NONE;
	d.line = b->line;
	d.col = b->col;
	d.name = ir_add_string(b->sh, name, len);
	if (d.name == IR_NONE || !vc4_array_push(&b->sh->decls, d))
		return BERR('d', "out of memory"), IR_NONE;
	uint32_t idx = (uint32_t)b->sh->decls.len - 1;
	return ir_check_decl(b->sh, idx, &b->diag) ? idx : IR_NONE;
}

uint32_t ir_build_attribute(struct ir_builder *b, const char *name, struct ir_type t)
{
	return add_decl(b, name, (struct ir_decl){ .kind = IR_DECL_ATTRIBUTE, .type = t });
}

uint32_t ir_build_varying(struct ir_builder *b, const char *name, enum ir_interp_mode mode,
			  struct ir_type t)
{
	return add_decl(b, name, (struct ir_decl){ .kind = IR_DECL_VARYING,
						   .interp = (uint8_t)mode, .type = t });
}

uint32_t ir_build_uniform(struct ir_builder *b, const char *name, struct ir_type t)
{
	return add_decl(b, name, (struct ir_decl){ .kind = IR_DECL_UNIFORM, .type = t });
}

uint32_t ir_build_uniform_array(struct ir_builder *b, const char *name, struct ir_type t,
				uint32_t len)
{
	return add_decl(b, name, (struct ir_decl){ .kind = IR_DECL_UNIFORM, .type = t,
						   .array_len = len });
}

uint32_t ir_build_sampler(struct ir_builder *b, const char *name, enum ir_sampler_dim dim)
{
	return add_decl(b, name, (struct ir_decl){ .kind = IR_DECL_SAMPLER, .dim = (uint8_t)dim,
						   .type = IR_VEC(4) });
}

uint32_t ir_build_output(struct ir_builder *b, enum ir_builtin which)
{
	if ((unsigned)which >= IR_OUT_COUNT)
		return BERR('d', "unknown output %u", (unsigned)which), IR_NONE;
	return add_decl(b, ir_builtin_names[which],
			(struct ir_decl){ .kind = IR_DECL_OUTPUT, .builtin = (uint8_t)which,
					  .type = ir_builtin_types[which] });
}

uint32_t ir_build_local(struct ir_builder *b, const char *name, struct ir_type t)
{
	return add_decl(b, name, (struct ir_decl){ .kind = IR_DECL_LOCAL, .type = t });
}

struct ir_type ir_builder_type(const struct ir_builder *b, uint32_t value)
{
	if (value >= b->sh->values.len)
		return (struct ir_type){ 0, 0 };
	return b->sh->values.data[value].type;
}

const char *ir_builder_error(const struct ir_builder *b)
{
	return b->diag.set ? b->diag.msg : NULL;
}

void ir_builder_destroy(struct ir_builder *b)
{
	if (!b)
		return;
	ir_shader_free(b->sh);
	ir_checker_free(&b->check);
	free(b->hash);
	free(b);
}

struct ir_shader *ir_builder_finish(struct ir_builder *b, struct vc4_diag *diag)
{
	if (!b->diag.set)
		ir_check_finish(&b->check, b->sh, &b->diag);
	if (b->diag.set) {
		vc4_diag_set(diag, "%s", b->diag.msg);
		ir_builder_destroy(b);
		return NULL;
	}
	struct ir_shader *sh = b->sh;
	b->sh = NULL;
	ir_builder_destroy(b);
	return sh;
}

const struct ir_shader *ir_builder_shader(const struct ir_builder *b)
{
	return b->sh;
}
