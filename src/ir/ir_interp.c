/*
 * ir_interp.c: the reference interpreter. Walks the flat instruction list
 * with a program counter, using the `match` links the validator set to jump
 * over blocks; component-wise ops run the op table's .eval, the rest are
 * handled per type rule here.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_interp.h"
#include "ir/ir_internal.h"
#include "util/zalloc.h"

struct run {
	const struct ir_shader *sh;
	struct ir_interp_io *io;
	struct ir_slot_value *v;        /* one per SSA value */
};

struct ir_slot_value *ir_interp_slots(const struct ir_shader *sh)
{
	return vc4_calloc(sh->decls.len ? sh->decls.len : 1, sizeof(struct ir_slot_value));
}

static const union ir_scalar *SRC(const struct run *r, const struct ir_instr *in, unsigned k)
{
	return r->v[in->src[k]].c;
}

static uint8_t comps_of(const struct run *r, uint32_t value)
{
	return r->sh->values.data[value].type.comps;
}

/* Arithmetic NaN results become the one quiet NaN 0x7fc00000: hosts differ in
 * the NaN they generate (x86 sets the sign bit, ARM does not), and the
 * interpreter's results must be the same everywhere. */
static void canonical_nans(union ir_scalar *dst, unsigned comps)
{
	for (unsigned c = 0; c < comps; c++)
		if (isnan(dst[c].f))
			dst[c].u = 0x7fc00000u;
}

/* Component-wise op: scalar operands are broadcast (select's condition). */
static void eval_compwise(struct run *r, const struct ir_instr *in, union ir_scalar *dst)
{
	union ir_scalar args[IR_MAX_SRC];
	for (unsigned c = 0; c < in->type.comps; c++) {
		for (unsigned k = 0; k < in->nsrc; k++)
			args[k] = SRC(r, in, k)[comps_of(r, in->src[k]) == 1 ? 0 : c];
		dst[c] = ir_ops[in->op].eval(args);
		if (in->type.base == IR_BOOL)
			dst[c].u &= 1;
	}
	if (in->type.base == IR_FLOAT && in->op != IR_OP_SELECT)
		canonical_nans(dst, in->type.comps);
}

static float dot(const union ir_scalar *a, const union ir_scalar *b, unsigned n)
{
	float s = a[0].f * b[0].f;
	for (unsigned k = 1; k < n; k++)
		s += a[k].f * b[k].f;
	return s;
}

/* dot, length, normalize, cross, mvmul */
static void eval_vector(struct run *r, const struct ir_instr *in, union ir_scalar *dst)
{
	const union ir_scalar *a = SRC(r, in, 0), *b = in->nsrc > 1 ? SRC(r, in, 1) : NULL;
	unsigned n = comps_of(r, in->src[0]);
	switch (ir_ops[in->op].rule) {
	case IR_RULE_DOT: dst[0].f = dot(a, b, n); break;
	case IR_RULE_LENGTH: dst[0].f = sqrtf(dot(a, a, n)); break;
	case IR_RULE_NORMALIZE: {
		float s = 1.0f / sqrtf(dot(a, a, n));
		for (unsigned k = 0; k < n; k++)
			dst[k].f = a[k].f * s;
		break;
	}
	case IR_RULE_CROSS:
		dst[0].f = a[1].f * b[2].f - a[2].f * b[1].f;
		dst[1].f = a[2].f * b[0].f - a[0].f * b[2].f;
		dst[2].f = a[0].f * b[1].f - a[1].f * b[0].f;
		break;
	default: /* IR_RULE_MATVEC: a is the column-major matrix */
		for (unsigned row = 0; row < 4; row++) {
			float s = a[row].f * b[0].f;
			for (unsigned c = 1; c < 4; c++)
				s += a[4 * c + row].f * b[c].f;
			dst[row].f = s;
		}
		break;
	}
}

static void eval_tex(struct run *r, const struct ir_instr *in, union ir_scalar *dst)
{
	float coord[3] = { 0, 0, 0 }, rgba[4] = { 0, 0, 0, 1 };
	unsigned n = comps_of(r, in->src[0]);
	for (unsigned k = 0; k < n && k < 3; k++)
		coord[k] = SRC(r, in, 0)[k].f;
	bool has_bias = in->nsrc == 2;
	float bias = has_bias ? SRC(r, in, 1)[0].f : 0.0f;
	if (r->io->sample)
		r->io->sample(r->io->sample_user, in->slot, coord, n, has_bias, bias, rgba);
	for (unsigned k = 0; k < 4; k++)
		dst[k].f = rgba[k];
}

/* Fills dst with a fragment's fixed-function input: gl_FragCoord (four
 * floats), gl_FrontFacing, or gl_PointCoord (two floats), from the
 * interpreter's io. */
static void eval_fixed(struct run *r, const struct ir_instr *in, union ir_scalar *dst)
{
	const struct ir_interp_io *io = r->io;
	switch (in->op) {
	case IR_OP_FRAG_COORD:
		for (unsigned k = 0; k < 4; k++)
			dst[k].f = io->frag_coord[k];
		break;
	case IR_OP_FRONT_FACING: dst[0].u = io->front_facing; break;
	default:
		dst[0].f = io->point_coord[0];
		dst[1].f = io->point_coord[1];
		break;
	}
}

/* An element of a uniform array, its index clamped (ir_array_element). */
static void eval_load_index(struct run *r, const struct ir_instr *in, union ir_scalar *dst)
{
	const struct ir_decl *d = &r->sh->decls.data[in->slot];
	const union ir_scalar *a = r->io->arrays ? r->io->arrays[in->slot] : NULL;
	uint32_t e = ir_array_element(SRC(r, in, 0)[0].i, d->array_len, d->type.comps);
	for (unsigned k = 0; k < in->type.comps; k++)
		dst[k].u = a ? a[e * d->type.comps + k].u : 0;
}

/* Executes one non-control instruction. */
static void eval(struct run *r, const struct ir_instr *in)
{
	union ir_scalar *dst = in->dest != IR_NONE ? r->v[in->dest].c : NULL;
	struct ir_slot_value *slot = in->slot != IR_NONE ? &r->io->slots[in->slot] : NULL;
	const struct ir_op_info *info = &ir_ops[in->op];
	if (info->flags & IR_OPF_COMPWISE) {
		eval_compwise(r, in, dst);
		return;
	}
	switch (info->rule) {
	case IR_RULE_CONST: memcpy(dst, in->imm, in->nimm * sizeof(*dst)); break;
	case IR_RULE_LOAD: memcpy(dst, slot->c, in->type.comps * sizeof(*dst)); break;
	case IR_RULE_LOAD_INDEX: eval_load_index(r, in, dst); break;
	case IR_RULE_STORE:
		memcpy(slot->c, SRC(r, in, 0), comps_of(r, in->src[0]) * sizeof(*dst));
		break;
	case IR_RULE_CONSTRUCT: {
		unsigned c = 0;
		for (unsigned k = 0; k < in->nsrc; k++)
			for (unsigned j = 0; j < comps_of(r, in->src[k]); j++)
				dst[c++] = SRC(r, in, k)[j];
		for (; c < in->type.comps; c++)     /* splat of one scalar */
			dst[c] = dst[0];
		break;
	}
	case IR_RULE_SWIZZLE: case IR_RULE_EXTRACT:
		for (unsigned c = 0; c < in->type.comps; c++)
			dst[c] = SRC(r, in, 0)[in->imm[c].u];
		break;
	case IR_RULE_TEX: eval_tex(r, in, dst); break;
	case IR_RULE_FIXED: eval_fixed(r, in, dst); break;
	default:
		eval_vector(r, in, dst);
		canonical_nans(dst, in->type.comps);
		break;
	}
}

/* The next pc after control-flow instruction `pc`. */
static uint32_t jump(const struct run *r, uint32_t pc)
{
	const struct ir_instr *ins = r->sh->instrs.data, *in = &ins[pc];
	switch (in->op) {
	case IR_OP_IF: return SRC(r, in, 0)[0].u ? pc + 1 : in->match + 1;
	case IR_OP_ELSE: return in->match + 1;          /* end of the then-block */
	case IR_OP_ENDLOOP: return in->match + 1;       /* back to the loop's top */
	case IR_OP_BREAK: return ins[in->match].match + 1;
	case IR_OP_CONTINUE: return in->match + 1;
	default: return pc + 1;                         /* endif, loop */
	}
}

bool ir_interpret(const struct ir_shader *sh, struct ir_interp_io *io, struct vc4_diag *diag)
{
	struct run r = { .sh = sh, .io = io };
	uint64_t max = io->max_steps ? io->max_steps : (uint64_t)1 << 24;
	r.v = vc4_calloc(sh->values.len ? sh->values.len : 1, sizeof(*r.v));
	if (!r.v)
		return ir_diag_at(diag, sh, 0, 0, 'i', 0, "out of memory");
	io->discarded = false;
	io->steps = 0;
	uint32_t pc = 0;
	while (pc < sh->instrs.len) {
		const struct ir_instr *in = &sh->instrs.data[pc];
		if (++io->steps > max) {
			free(r.v);
			return ir_diag_at(diag, sh, in->line, in->col, 'i', pc,
					  "step limit of %llu instructions reached",
					  (unsigned long long)max);
		}
		if (in->op == IR_OP_DISCARD) {
			io->discarded = true;
			break;
		}
		if (ir_ops[in->op].rule == IR_RULE_NONE || in->op == IR_OP_IF) {
			pc = jump(&r, pc);
			continue;
		}
		eval(&r, in);
		pc++;
	}
	free(r.v);
	return true;
}
