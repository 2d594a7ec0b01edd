/*
 * lower_range.c: how large each float value of the shader can be, so that
 * floor, ceil and fract skip their |x| >= 2^23 case (three instructions and
 * a flag update; lower_math.c) where x is known to be smaller.
 *
 * Per value component a bound on |value|: a number (the value is finite and
 * no larger), RANGE_FINITE (finite, size unknown: an input — uniform,
 * varying, attribute, texel — which GLSL ES does not require to be
 * non-finite-safe anyway), or RANGE_UNKNOWN (may be infinite or NaN: a
 * division by anything but a finite nonzero constant, an SFU result).
 * fract, step and smoothstep of a finite value are within 1, sin and cos
 * of any value (sin_bound below); constants bound
 * themselves; +, -, * combine bounds; clamp is bounded by its limits.
 * Locals take the largest bound of all their stores (they start at 0),
 * solved by repeating the walk until no local's bound grows (at most
 * RANGE_ROUNDS walks; those still growing become unknown). Flow-insensitive
 * and cheap: O(rounds x instructions).
 *
 * Beside the bound, whether the sign bit is known clear ("non-negative":
 * +0 or above, finite where the bound says so): then x - trunc(x) never
 * sets N, so floor and fract skip their correction (a flag update and a
 * conditional subtraction). Constants with a clear sign bit, fract of a
 * finite value, abs, frag_coord's x and y, the render height, the render
 * height minus frag_coord's y (GL's gl_FragCoord.y: a pixel centre inside
 * the target is below its height), b2f; sums and products of
 * non-negative values, a non-negative value over a positive constant,
 * x * x, max of any non-negative, min, select and
 * clamp of non-negative ones; a local when every store is (it starts at
 * +0), in the same fixpoint.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qir/lower/lower_internal.h"
#include "util/code_align.h"

#define RANGE_UNKNOWN INFINITY
#define RANGE_FINITE 1e37f
#define RANGE_BIG 1e30   /* larger sums and products count as finite only */
#define RANGE_ROUNDS 6

static bool finite_bound(float b) { return b <= RANGE_FINITE; }
static bool known(float b) { return b < RANGE_FINITE; }

/* A sum or product of finite values counts as finite: an overflow to
 * infinity is outside what GLSL ES 1.00 defines (it requires no infinities
 * or NaNs), unlike a division by zero, which shaders do meet. */
static float sum(float a, float b)
{
	if (!finite_bound(a) || !finite_bound(b))
		return RANGE_UNKNOWN;
	return known(a) && known(b) && (double)a + b < RANGE_BIG ? a + b : RANGE_FINITE;
}

static float prod(float a, float b)
{
	if (!finite_bound(a) || !finite_bound(b))
		return RANGE_UNKNOWN;
	return known(a) && known(b) && (double)a * b < RANGE_BIG ? a * b : RANGE_FINITE;
}

/* Either of two values (min, max, select): unknown wins, then finite. */
static float either(float a, float b)
{
	if (!finite_bound(a) || !finite_bound(b))
		return RANGE_UNKNOWN;
	return a > b ? a : b;
}

struct range {
	struct lower *l;
	float *val;     /* per pool entry (value component), like l->pool */
	float *slot;    /* per slot entry: the bound of what a load reads */
	uint8_t *pos;   /* per pool entry: the sign bit is clear */
	uint8_t *slot_pos;  /* per slot entry: every store's sign bit is clear */
	bool grew;      /* a slot's bound grew (or lost its sign) in this walk */
};

static float val(const struct range *r, uint32_t v, unsigned k)
{
	unsigned comps = r->l->sh->values.data[v].type.comps;
	return r->val[r->l->val_base[v] + (comps == 1 ? 0 : k)];
}

static bool pos(const struct range *r, uint32_t v, unsigned k)
{
	unsigned comps = r->l->sh->values.data[v].type.comps;
	return r->pos[r->l->val_base[v] + (comps == 1 ? 0 : k)];
}

static float const_divisor(const struct range *r, const struct ir_instr *in, unsigned k);

/* Whether `in` loads the render height the GLSL front end declares for
 * gl_FragCoord's y flip (a float uniform, filled by the driver with the
 * target's height: 1..QIR_KEY_MAX_DIM; names starting gl_ are reserved
 * in GLSL, so no user uniform has it). */
static bool is_render_height(const struct ir_shader *sh, const struct ir_instr *in)
{
	if (in->op != IR_OP_LOAD)
		return false;
	const struct ir_decl *d = &sh->decls.data[in->slot];
	return d->kind == IR_DECL_UNIFORM && !d->array_len && d->type.base == IR_FLOAT &&
	       d->type.comps == 1 && strcmp(sh->strings.data + d->name, "gl_RenderHeight") == 0;
}

/* Whether `sub a, b` is the render height minus frag_coord's y. */
static bool is_flipped_y(const struct ir_shader *sh, const struct ir_instr *in)
{
	const struct ir_instr *a = &sh->instrs.data[sh->values.data[in->src[0]].def];
	const struct ir_instr *b = &sh->instrs.data[sh->values.data[in->src[1]].def];
	return is_render_height(sh, a) && b->op == IR_OP_EXTRACT && b->imm[0].u == 1 &&
	       sh->instrs.data[sh->values.data[b->src[0]].def].op == IR_OP_FRAG_COORD;
}

/* Whether component k of in's result has its sign bit clear. */
static bool sign_clear(const struct range *r, const struct ir_instr *in, unsigned k)
{
	const uint32_t *s = in->src;
	const struct ir_decl *d;
	switch (in->op) {
	case IR_OP_CONST:
		return in->type.base == IR_FLOAT && isfinite(in->imm[k].f) && !(in->imm[k].u >> 31);
	case IR_OP_LOAD:
		d = &r->l->sh->decls.data[in->slot];
		return (!d->array_len && (d->kind == IR_DECL_LOCAL || d->kind == IR_DECL_OUTPUT) &&
			r->slot_pos[r->l->slot_base[in->slot] + k]) || is_render_height(r->l->sh, in);
	case IR_OP_FRAG_COORD: return k < 2;
	case IR_OP_B2F: case IR_OP_ABS: return true;
	case IR_OP_FRACT: return finite_bound(val(r, s[0], k));
	case IR_OP_SWIZZLE: case IR_OP_EXTRACT:
		return pos(r, s[0], in->imm[in->op == IR_OP_SWIZZLE ? k : 0].u);
	case IR_OP_MUL:
		return (s[0] == s[1] && finite_bound(val(r, s[0], k))) ||
		       (pos(r, s[0], k) && pos(r, s[1], k));
	case IR_OP_ADD: case IR_OP_MIN: return pos(r, s[0], k) && pos(r, s[1], k);
	case IR_OP_SUB: return is_flipped_y(r->l->sh, in);
	case IR_OP_DIV: return pos(r, s[0], k) && const_divisor(r, in, k) > 0.0f;
	case IR_OP_MAX: return pos(r, s[0], k) || pos(r, s[1], k);
	case IR_OP_SELECT: case IR_OP_CLAMP: return pos(r, s[1], k) && pos(r, s[2], k);
	default: return false;
	}
}

/* A load: locals (and written outputs) read their slot bound; inputs are
 * finite of unknown size. */
static float load_bound(const struct range *r, const struct ir_instr *in, unsigned k)
{
	const struct ir_decl *d = &r->l->sh->decls.data[in->slot];
	if (is_render_height(r->l->sh, in))
		return (float)QIR_KEY_MAX_DIM;
	if (d->array_len)
		return d->kind == IR_DECL_UNIFORM && d->type.base == IR_FLOAT ? RANGE_FINITE :
		       RANGE_UNKNOWN;
	if (d->kind == IR_DECL_LOCAL || d->kind == IR_DECL_OUTPUT ||
	    (d->kind == IR_DECL_VARYING && r->l->sh->stage == IR_STAGE_VERTEX))
		return r->slot[r->l->slot_base[in->slot] + k];
	return d->type.base == IR_FLOAT ? RANGE_FINITE : RANGE_UNKNOWN;
}

/* Component k of value v when it is a constant (through vecN, swizzle and
 * extract, a few steps deep): true with its bits in *bits. */
static bool const_comp(const struct range *r, uint32_t v, unsigned k, uint32_t *bits, int depth)
{
	const struct ir_shader *sh = r->l->sh;
	if (sh->values.data[v].type.comps == 1)
		k = 0;
	const struct ir_instr *in = &sh->instrs.data[sh->values.data[v].def];
	switch (in->op) {
	case IR_OP_CONST:
		*bits = in->imm[k].u;
		return true;
	case IR_OP_SWIZZLE: case IR_OP_EXTRACT:
		return depth > 0 &&
		       const_comp(r, in->src[0], in->imm[in->op == IR_OP_SWIZZLE ? k : 0].u, bits,
				  depth - 1);
	case IR_OP_VEC2: case IR_OP_VEC3: case IR_OP_VEC4:
		for (unsigned s = 0, n = 0; s < in->nsrc && depth > 0; s++) {
			unsigned comps = sh->values.data[in->src[s]].type.comps;
			if (k < n + comps)
				return const_comp(r, in->src[s], k - n, bits, depth - 1);
			n += comps;
		}
		return depth > 0 && const_comp(r, in->src[0], 0, bits, depth - 1);   /* splat */
	default:
		return false;
	}
}

/* The divisor of `div a, c` when component k of c is a finite nonzero
 * constant (a / c is then a times the refined 1/c, within 1/1000 of
 * a / c, or exact for a power of two): its value, else 0. */
static float const_divisor(const struct range *r, const struct ir_instr *in, unsigned k)
{
	uint32_t bits;
	float c;
	if (!const_comp(r, in->src[1], k, &bits, 4))
		return 0.0f;
	memcpy(&c, &bits, sizeof(c));
	return isfinite(c) ? c : 0.0f;
}

/* |a / c| for a constant c (const_divisor). */
static float div_bound(const struct range *r, const struct ir_instr *in, unsigned k)
{
	float c = fabsf(const_divisor(r, in, k)), a = val(r, in->src[0], k);
	if (c == 0.0f || !finite_bound(a))
		return RANGE_UNKNOWN;
	if (known(a) && (double)a / c * 1.001 < RANGE_BIG)
		return (float)((double)a / c * 1.001);
	return c >= 1.0f ? RANGE_FINITE : RANGE_UNKNOWN;
}

/* sin_bound: sin and cos count as within 1 whatever their argument. Where
 * the argument is finite and |x| < 2^22 pi their lowering's result is
 * (lower_math.c, within 1.1e-6 of it: far below the 2^23 that matters
 * here); beyond, and for inf, NaN or a huge quotient, sin and cos are
 * undefined already (docs/lowering.md "sin and cos": the reduction's magic
 * sum leaves the integers), so floor or fract of them need not treat a large
 * value. `fract(sin(dot(p, k)) * 43758.5453)`, the shadertoy hash, of a
 * p divided by a uniform then drops fract's large-value test. */

/* The bound of component k of in's result. */
static float bound_of(const struct range *r, const struct ir_instr *in, unsigned k)
{
	const uint32_t *s = in->src;
	switch (in->op) {
	case IR_OP_CONST:
		return in->type.base == IR_FLOAT && isfinite(in->imm[k].f) ? fabsf(in->imm[k].f) :
		       RANGE_UNKNOWN;
	case IR_OP_LOAD: return load_bound(r, in, k);
	case IR_OP_LOAD_INDEX: case IR_OP_TEX: case IR_OP_TEXB: return RANGE_FINITE;
	case IR_OP_FRAG_COORD: return k < 2 ? (float)QIR_KEY_MAX_DIM : k == 2 ? 1.0f : RANGE_UNKNOWN;
	case IR_OP_POINT_COORD: case IR_OP_B2F: return 1.0f;
	case IR_OP_SWIZZLE: case IR_OP_EXTRACT:
		return val(r, s[0], in->imm[in->op == IR_OP_SWIZZLE ? k : 0].u);
	case IR_OP_SIN: case IR_OP_COS: return 1.0f;   /* whatever x (sin_bound) */
	case IR_OP_FRACT: case IR_OP_STEP: case IR_OP_SMOOTHSTEP:
		return finite_bound(val(r, s[0], k)) && finite_bound(val(r, s[in->nsrc - 1], k)) ?
		       1.0f : RANGE_UNKNOWN;
	case IR_OP_FLOOR: case IR_OP_CEIL:
		return known(val(r, s[0], k)) ? val(r, s[0], k) + 1.0f : val(r, s[0], k);
	case IR_OP_NEG: case IR_OP_ABS: return val(r, s[0], k);
	case IR_OP_ADD: case IR_OP_SUB: return sum(val(r, s[0], k), val(r, s[1], k));
	case IR_OP_MUL: return prod(val(r, s[0], k), val(r, s[1], k));
	case IR_OP_DIV: return div_bound(r, in, k);
	case IR_OP_MIN: case IR_OP_MAX: return either(val(r, s[0], k), val(r, s[1], k));
	case IR_OP_SELECT: return either(val(r, s[1], k), val(r, s[2], k));
	case IR_OP_CLAMP: return either(val(r, s[1], k), val(r, s[2], k));
	case IR_OP_MIX: {
		float a = val(r, s[0], k), b = val(r, s[1], k);
		return sum(a, prod(sum(a, b), val(r, s[2], k)));
	}
	default: return RANGE_UNKNOWN;
	}
}

/* The sources of a vecN, component by component (a scalar splats). */
static float vec_bound(const struct range *r, const struct ir_instr *in, unsigned k, bool *clear)
{
	unsigned n = 0;
	for (unsigned s = 0; s < in->nsrc; s++) {
		unsigned comps = r->l->sh->values.data[in->src[s]].type.comps;
		if (k < n + comps) {
			*clear = pos(r, in->src[s], k - n);
			return val(r, in->src[s], k - n);
		}
		n += comps;
	}
	*clear = pos(r, in->src[0], 0);
	return val(r, in->src[0], 0);
}

/* One walk over the shader in order; stores raise their slot's bound. */
VC4_CODE_ALIGN(4096)
static void walk(struct range *r)
{
	const struct ir_shader *sh = r->l->sh;
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if (in->op == IR_OP_STORE && in->slot != IR_NONE && !sh->decls.data[in->slot].array_len) {
			unsigned comps = sh->values.data[in->src[0]].type.comps;
			for (unsigned k = 0; k < comps; k++) {
				uint32_t e = r->l->slot_base[in->slot] + k;
				float v = either(r->slot[e], val(r, in->src[0], k));
				bool clear = r->slot_pos[e] && pos(r, in->src[0], k);
				r->grew |= v > r->slot[e] || clear != r->slot_pos[e];
				r->slot[e] = v;
				r->slot_pos[e] = clear;
			}
		}
		if (in->dest == IR_NONE)
			continue;
		bool vec = in->op == IR_OP_VEC2 || in->op == IR_OP_VEC3 || in->op == IR_OP_VEC4;
		for (unsigned k = 0; k < in->type.comps; k++) {
			uint32_t e = r->l->val_base[in->dest] + k;
			bool clear = false;
			r->val[e] = vec ? vec_bound(r, in, k, &clear) : bound_of(r, in, k);
			r->pos[e] = vec ? clear : sign_clear(r, in, k);
		}
	}
}

/* Whether the shader has a floor, ceil or fract: the only readers of the
 * bounds (lower_alu.c, through lower_small_float() and lower_sign_clear()). */
static bool has_rounding(const struct ir_shader *sh)
{
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		uint16_t op = sh->instrs.data[i].op;
		if (op == IR_OP_FLOOR || op == IR_OP_CEIL || op == IR_OP_FRACT)
			return true;
	}
	return false;
}

/* The bounds of every value component into l->range: walks the shader until
 * no local's bound grows (at most RANGE_ROUNDS times; then every local is
 * unknown and one more walk settles the values). Nothing (l->range stays
 * NULL) when no floor, ceil or fract would read them. False when out of
 * memory. */
bool lower_ranges(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	if (!has_rounding(sh))
		return true;
	size_t nvals = sh->values.len;
	uint32_t pool = nvals ? l->val_base[nvals - 1] + sh->values.data[nvals - 1].type.comps : 0;
	struct range r = { l, vc4_arena_zalloc(&l->arena, pool + 1, sizeof(float)),
			   vc4_arena_zalloc(&l->arena, l->nslots + 1, sizeof(float)),
			   vc4_arena_zalloc(&l->arena, pool + 1, 1),
			   vc4_arena_alloc(&l->arena, l->nslots + 1), false };
	if (!r.val || !r.slot || !r.pos || !r.slot_pos)
		return false;
	memset(r.slot_pos, 1, l->nslots + 1);   /* locals start at +0 */
	int round = 0;
	do {
		r.grew = false;
		walk(&r);
	} while (r.grew && ++round < RANGE_ROUNDS);
	if (r.grew) {   /* still growing (a loop feeds back): every local unknown */
		for (uint32_t k = 0; k < l->nslots; k++)
			r.slot[k] = RANGE_UNKNOWN;
		memset(r.slot_pos, 0, l->nslots + 1);
		walk(&r);
	}
	l->range = r.val;   /* all four stay in l->arena until the lowering ends */
	l->range_pos = r.pos;
	return true;
}

bool lower_sign_clear(const struct lower *l, uint32_t v, unsigned k)
{
	unsigned comps = l->sh->values.data[v].type.comps;
	return l->range_pos && l->range_pos[l->val_base[v] + (comps == 1 ? 0 : k)];
}

bool lower_small_float(const struct lower *l, uint32_t v, unsigned k)
{
	unsigned comps = l->sh->values.data[v].type.comps;
	return l->range && l->range[l->val_base[v] + (comps == 1 ? 0 : k)] < 8388608.0f;
}
