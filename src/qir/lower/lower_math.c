/*
 * lower_math.c: scalar math the QPU has no instruction for — floor, ceil,
 * fract, sign (via ftoi/itof with the large-value cases handled), sqrt and
 * pow (SFU), sin/cos (range reduction + polynomial; error measured in
 * tests/qir/lower/test_lower_math.c, documented in docs/lowering.md) and a
 * full 32-bit integer multiply from mul24.
 */
#include <math.h>
#include <string.h>

#include "qir/lower/lower_internal.h"

#define ABS_MASK 0x7fffffffu
#define SIGN_BIT 0x80000000u
#define ONE_BITS 0x3f800000u

#define TWO_POW_23 8388608.0f  /* every float at least this large is an integer */

/* trunc(x) for |x| < 2^31 (ftoi rounds toward zero; it gives 0 beyond,
 * and for inf and NaN). */
static struct qir_reg trunc_small(struct lower *l, struct qir_reg x)
{
	return qir_ITOF(l->c, qir_FTOI(l->c, x));
}

/* r where |x| < 2^23, else x itself (already integral, also inf); just r
 * when the range analysis knows |x| < 2^23 (l->small_arg). |x| is
 * fmaxabs(x, x), which needs no mask uniform (a denormal reads as 0, NaN
 * stays NaN: both as `and` with 0x7fffffff would decide). */
static struct qir_reg keep_large(struct lower *l, struct qir_reg x, struct qir_reg r)
{
	if (l->small_arg)   /* |x| < 2^23 known (lower_range.c) */
		return r;
	struct qir_reg ax = qir_FMAXABS(l->c, x, x);
	lower_sf(l, QIR_OP_FSUB, ax, lower_uf(l, TWO_POW_23));
	lower_emit(l, QIR_OP_MOV, r, x, qir_null(), QPU_COND_NC, false);
	return r;
}

/* floor(x) = trunc(x), less 1 where x < trunc(x) by a conditional fsub in
 * place (no second value and select: 7 instructions, where that took 9);
 * x itself where |x| >= 2^23. (Clamping into [x - 1, x] instead of the
 * large test does not work: with round-toward-zero, x - 1 is below x even
 * where 1 is less than half an ulp of x.) */
struct qir_reg lower_floor(struct lower *l, struct qir_reg x)
{
	struct qir_reg t = trunc_small(l, x);
	if (!l->pos_arg) {   /* a clear sign bit: x - trunc(x) never sets N */
		lower_sf(l, QIR_OP_FSUB, x, t);  /* N: x < trunc(x) */
		lower_emit(l, QIR_OP_FSUB, t, t, lower_uf(l, 1.0f), QPU_COND_NS, false);
	}
	return keep_large(l, x, t);
}

/* ceil(x): floor's mirror (plus 1 where trunc(x) < x). */
struct qir_reg lower_ceil(struct lower *l, struct qir_reg x)
{
	struct qir_reg t = trunc_small(l, x);
	lower_sf(l, QIR_OP_FSUB, t, x);  /* N: trunc(x) < x */
	lower_emit(l, QIR_OP_FADD, t, t, lower_uf(l, 1.0f), QPU_COND_NS, false);
	return keep_large(l, x, t);
}

/* fract(x) = x - trunc(x), plus 1 where that is negative: the difference
 * sets the flags itself and the correction adds to it in place (4
 * instructions where x - floor(x) took 5; the same value: x - (t - 1) and
 * (x - t) + 1 round the same exact sum, x - t being exact). Where
 * |x| >= 2^23, x - x instead (0, NaN for inf), as x - floor(x) gave. A
 * clear sign bit needs no correction. */
struct qir_reg lower_fract(struct lower *l, struct qir_reg x)
{
	struct qir_reg t = trunc_small(l, x);
	if (l->pos_arg)
		return qir_FSUB(l->c, x, keep_large(l, x, t));
	struct qir_reg f = qir_temp(l->c);
	lower_emit(l, QIR_OP_FSUB, f, x, t, QPU_COND_ALWAYS, true);   /* N: x < trunc(x) */
	lower_emit(l, QIR_OP_FADD, f, f, lower_uf(l, 1.0f), QPU_COND_NS, false);
	if (l->small_arg)   /* |x| < 2^23 known (lower_range.c) */
		return f;
	struct qir_reg ax = qir_FMAXABS(l->c, x, x);
	lower_sf(l, QIR_OP_FSUB, ax, lower_uf(l, TWO_POW_23));
	lower_emit(l, QIR_OP_FSUB, f, x, x, QPU_COND_NC, false);
	return f;
}

/* ±1.0 with x's sign; ±0 stay as they are. */
struct qir_reg lower_sign(struct lower *l, struct qir_reg x)
{
	struct qir_reg one_bits = lower_ui(l, ONE_BITS);
	struct qir_reg one = qir_OR(l->c, qir_AND(l->c, x, lower_ui(l, SIGN_BIT)), one_bits);
	lower_sf(l, QIR_OP_AND, x, lower_ui(l, ABS_MASK));
	return lower_flag_select(l, QPU_COND_ZC, one, x);
}

/* What x copies: followed through the unconditional plain moves that last
 * wrote it in the cursor's block (a load of a local such as gl_Position),
 * scanning back at most 256 instructions per step. Each step looks for the
 * source's definition before the move that read it: a later write (a
 * store to the local after the load) is not the value copied. */
static struct qir_reg copied_value(const struct qir_compile *c, struct qir_reg x)
{
	struct qir_inst *from = c->cur_before ? c->cur_before->prev : c->cur_block->last;
	for (int depth = 0; depth < 4 && x.file == QIR_FILE_TEMP && !x.unpack; depth++) {
		struct qir_inst *i = from;
		for (unsigned n = 0; i && n < 256; n++, i = i->prev)
			if (i->dst.file == QIR_FILE_TEMP && i->dst.index == x.index)
				break;
		if (!i || i->dst.file != QIR_FILE_TEMP || i->dst.index != x.index ||
		    !qir_inst_is_raw_mov(i) || i->sf)
			return x;
		x = i->src[0];
		from = i->prev;
	}
	return x;
}

/* 1/x when x is a constant whose reciprocal is a normal float: exact for
 * a power of two (the sign kept, the exponent negated), else 1/x rounded
 * to nearest on the host (within half an ulp, where the refined SFU
 * estimate is within 2: docs/lowering.md "Reciprocals"); else false. */
static bool rcp_const(const struct lower *l, struct qir_reg x, uint32_t *bits)
{
	x = copied_value(l->c, x);
	if (x.file != QIR_FILE_UNIF || x.unpack != QPU_UNPACK_NOP ||
	    x.index >= l->c->uniforms.len)
		return false;
	const struct qir_uniform *u = &l->c->uniforms.data[x.index];
	uint32_t v = u->data, e = (v >> 23) & 0xffu;
	if (u->kind != QIR_UNIFORM_CONST || e < 1 || e > 253)
		return false;
	if (!(v & 0x7fffffu)) {
		*bits = (v & SIGN_BIT) | ((254u - e) << 23);
		return true;
	}
	float c, r;
	memcpy(&c, &v, sizeof(c));
	r = 1.0f / c;
	memcpy(bits, &r, sizeof(r));
	e = (*bits >> 23) & 0xffu;
	return e >= 1 && e <= 254;   /* normal: not flushed to 0 */
}

/* The float a constant uniform or small immediate x (or a plain copy of
 * one) holds: a normal float or a zero. */
static bool const_float(const struct lower *l, struct qir_reg x, float *f)
{
	x = copied_value(l->c, x);
	uint32_t v;
	if (x.unpack != QPU_UNPACK_NOP)
		return false;
	if (x.file == QIR_FILE_SMALL_IMM)
		v = x.index;
	else if (x.file == QIR_FILE_UNIF && x.index < l->c->uniforms.len &&
		 l->c->uniforms.data[x.index].kind == QIR_UNIFORM_CONST)
		v = l->c->uniforms.data[x.index].data;
	else
		return false;
	uint32_t e = (v >> 23) & 0xffu;
	memcpy(f, &v, sizeof(*f));
	return (e >= 1 && e <= 254) || !(v & ABS_MASK);   /* normal, or a zero */
}

struct qir_reg lower_edge_rcp(struct lower *l, struct qir_reg e0, struct qir_reg e1)
{
	float a, b;
	if (const_float(l, e0, &a) && const_float(l, e1, &b)) {
		double d = (double)b - (double)a;
		float df = (float)d, r = 1.0f / df;
		uint32_t bits;
		memcpy(&bits, &r, sizeof(bits));
		uint32_t e = (bits >> 23) & 0xffu;
		if ((double)df == d && isnormal(df) && e >= 1 && e <= 254)
			return lower_ui(l, bits);
	}
	return qir_RCP(l->c, qir_FSUB(l->c, e1, e0));
}

/* 1/x: the SFU's estimate (about 15 good mantissa bits) and one
 * Newton-Raphson step, r' = r (2 - x r), which roughly doubles them
 * (docs/lowering.md, "Reciprocals"). A zero operand wins a QPU fmul, so
 * x = 0 keeps r = inf, and x = inf keeps r = 0.
 * Folded to a constant when x is one: exact for a power of two (a
 * position's w = 1.0, as the GLSL front end leaves it), else rounded to
 * nearest (x / 9.0 is x times that; rcp_const). */
struct qir_reg lower_rcp(struct lower *l, struct qir_reg x)
{
	struct qir_compile *c = l->c;
	uint32_t bits;
	if (rcp_const(l, x, &bits))
		return lower_ui(l, bits);
	struct qir_reg r = qir_RCP(c, x);
	return qir_FMUL(c, r, qir_FSUB(c, lower_uf(l, 2.0f), qir_FMUL(c, x, r)));
}

/* 1/sqrt(x): the SFU's estimate and one Newton-Raphson step,
 * r' = r (1.5 - (x/2) r^2). */
struct qir_reg lower_rsq(struct lower *l, struct qir_reg x)
{
	struct qir_compile *c = l->c;
	struct qir_reg r = qir_RSQ(c, x);
	struct qir_reg half_x = qir_FMUL(c, x, lower_uf(l, 0.5f));
	struct qir_reg t = qir_FMUL(c, half_x, qir_FMUL(c, r, r));
	return qir_FMUL(c, r, qir_FSUB(c, lower_uf(l, 1.5f), t));
}

/* sqrt(x) = x * rsq(x) with rsq's Newton-Raphson step applied to the
 * product: s = x r, e = s (r / 2) = (x/2) r^2, sqrt = s (1.5 - e) and
 * rsq = r (1.5 - e) (left to DCE when no division reads it). Exact at 0
 * (a zero operand wins a QPU fmul: s = 0 * inf = 0, e = 0); sqrt(inf) is
 * 0 (GLSL ES 1.00 requires no infinities; docs/lowering.md "Reciprocals"
 * has the measured error). One SFU op, four products and a subtraction
 * where 1 / rsq(x), both refined, took two, six and two. The pair is
 * remembered (the last 32) so that a
 * division by the root multiplies by rsq(x) instead of taking a refined
 * reciprocal (`d / length(d)`). */
struct qir_reg lower_sqrt(struct lower *l, struct qir_reg x)
{
	struct qir_compile *c = l->c;
	struct qir_reg r = qir_RSQ(c, x);
	struct qir_reg s = qir_FMUL(c, x, r);
	struct qir_reg e = qir_FMUL(c, s, qir_FMUL(c, r, lower_uf(l, 0.5f)));
	struct qir_reg u = qir_FSUB(c, lower_uf(l, 1.5f), e);
	struct lower_root root = { qir_FMUL(c, s, u), qir_FMUL(c, r, u) };
	if (l->roots.len == 32)
		l->roots.len = 0;
	if (!vc4_array_push(&l->roots, root))
		l->c->oom = true;
	return root.root;
}

struct qir_reg lower_root_rsq(struct lower *l, struct qir_reg x)
{
	x = copied_value(l->c, x);
	for (size_t i = 0; i < l->roots.len; i++)
		if (qir_reg_equal(l->roots.data[i].root, x))
			return l->roots.data[i].rsq;
	return qir_null();
}

struct qir_reg lower_pow(struct lower *l, struct qir_reg x, struct qir_reg y)
{
	return qir_EXP2(l->c, qir_FMUL(l->c, y, qir_LOG2(l->c, x)));
}

/* sin(pi * c) for c in [-0.5, 0.5] as an odd polynomial of degree 7,
 * coefficients highest first: the minimax fit of the absolute error
 * (Remez exchange on [0, 0.5]: 5.9e-7, within twice a float's rounding
 * of 1; relative error near 0 3.4e-6, the linear term's), two Horner
 * steps fewer than the degree-11 Taylor polynomial (-1)^k pi^(2k+1) /
 * (2k+1)! used before (error 6.3e-7 overall). GLSL ES asks no precision
 * of sin and cos; this stays far within highp's 2^-16 relative precision
 * (docs/lowering.md, "sin and cos"). */
static const double sin_pi_coef[] = {
	-5.5463619752171678e-01, 2.5418990277718554e+00, -5.1671427963903280e+00,
	3.1415820221512525e+00,
};

/* (-1)^n sin(pi f) for f in [-0.5, 0.5] (just past by a rounding at
 * most) and n the parity in the low bit of t: the parity, shifted into
 * the sign bit, flips f (sin is odd; the xor runs beside the polynomial
 * instead of after it), then the odd polynomial of sin_pi_coef. */
static struct qir_reg sin_poly(struct lower *l, struct qir_reg f, struct qir_reg t)
{
	struct qir_compile *c = l->c;
	struct qir_reg f2 = qir_FMUL(c, f, f);
	struct qir_reg p = lower_uf(l, (float)sin_pi_coef[0]);
	for (size_t i = 1; i < sizeof(sin_pi_coef) / sizeof(sin_pi_coef[0]); i++) {
		struct qir_reg coef = lower_uf(l, (float)sin_pi_coef[i]);
		p = qir_FADD(c, qir_FMUL(c, p, f2), coef);
	}
	struct qir_reg odd = qir_SHL(c, t, lower_ui(l, 31));                  /* (-1)^n */
	return qir_FMUL(c, p, qir_XOR(c, f, odd));
}

#define INV_PI 0.31830988618379067

/* 1.5 * 2^23: h + M for |h| < 2^22 lies in [2^23, 2^24), where the floats
 * are the integers, and the QPU's fadd rounds the positive sum toward zero
 * (docs/sim.md): it is exactly M + floor(h), its lowest bit floor(h)'s
 * parity. This needs the QPU's rounding: in round-to-nearest it would be
 * M + round(h), and so sin and cos are outside test_lower_random's programs
 * (run with C's rounding; ir_random.c leaves them out as it does the SFU
 * ops). floor and fract keep ftoi and itof for that reason: (x + M) - M
 * would take 2 instructions where they take 4 (see docs/PERFORMANCE.md). */
#define FLOOR_MAGIC 12582912.0f

/* sin(x) = sin(pi h), h = x / pi: n = floor(h + 1/2) from t = (h + 1/2) +
 * FLOOR_MAGIC (exact but where h + 1/2 rounds, which moves n only where
 * h is within a rounding of n - 1/2), f = h - n in [-0.5, 0.5] exact
 * (h within a factor 2 of n, or n = 0), and sin(pi h) = (-1)^n sin(pi f).
 * 15 instructions, 9 on the ADD unit: until 2026-11-27 (issue 10, H3)
 * n was trunc(h + copysign(1/2, h)) by and, or, fadd, ftoi, itof (17, 11
 * on ADD; the same f up to h near n - 1/2, and the same result within a
 * rounding: test_sin_cos_error). Valid for |x| < 2^22 pi (the magic
 * sum's range); beyond, and for inf and NaN, undefined (lower_range.c). */
struct qir_reg lower_sin(struct lower *l, struct qir_reg x)
{
	struct qir_compile *c = l->c;
	struct qir_reg h = qir_FMUL(c, x, lower_uf(l, (float)INV_PI));
	struct qir_reg t = qir_FADD(c, qir_FADD(c, h, lower_uf(l, 0.5f)), lower_uf(l, FLOOR_MAGIC));
	struct qir_reg n = qir_FSUB(c, t, lower_uf(l, FLOOR_MAGIC));
	return sin_poly(l, qir_FSUB(c, h, n), t);
}

/* cos(x) = sin(pi (h + 1/2)), h = x / pi: with n = floor(h) (t = h +
 * FLOOR_MAGIC) and d = h - n in [0, 1) (exact but for n = -1, where it
 * rounds toward zero and stays below 1), h + 1/2 = (n + 1) + (d - 1/2),
 * so cos(x) = (-1)^(n+1) sin(pi (d - 1/2)) = (-1)^n sin(pi (1/2 - d)).
 * 15 instructions, 9 on the ADD unit (18 and 12 with the + 1/2 and the
 * rounding of sin until 2026-11-27). */
struct qir_reg lower_cos(struct lower *l, struct qir_reg x)
{
	struct qir_compile *c = l->c;
	struct qir_reg h = qir_FMUL(c, x, lower_uf(l, (float)INV_PI));
	struct qir_reg t = qir_FADD(c, h, lower_uf(l, FLOOR_MAGIC));
	struct qir_reg d = qir_FSUB(c, h, qir_FSUB(c, t, lower_uf(l, FLOOR_MAGIC)));
	return sin_poly(l, qir_FSUB(c, lower_uf(l, 0.5f), d), t);
}

/* a * b mod 2^32 from 24-bit multiplies: with a = ah*2^24 + al,
 * a*b = al*bl + 2^24 * (ah*bl + al*bh)  (mod 2^32). */
struct qir_reg lower_imul(struct lower *l, struct qir_reg a, struct qir_reg b)
{
	struct qir_compile *c = l->c;
	struct qir_reg sh = lower_ui(l, 24);
	struct qir_reg lo = qir_MUL24(c, a, b);
	struct qir_reg al_bh = qir_MUL24(c, a, qir_SHR(c, b, sh));
	struct qir_reg ah_bl = qir_MUL24(c, qir_SHR(c, a, sh), b);
	struct qir_reg hi = qir_ADD(c, ah_bl, al_bh);
	return qir_ADD(c, lo, qir_SHL(c, hi, sh));
}
