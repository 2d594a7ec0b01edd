/*
 * lower_blend.c: the fragment epilogue's colour path. vc4 has no
 * fixed-function blender: the colour is packed to the tile buffer's 32-bit
 * layout (per render-target format), and blending, logic ops and colour
 * masks are computed on packed words with the per-byte ops (v8muld,
 * v8adds, v8subs, v8min, v8max), the destination coming from the colour-load
 * signal (TLB_COLOR_READ). docs/lowering.md "Blending".
 */
#include "qir/lower/lower_internal.h"

struct blend_ctx {
	struct lower *l;
	const struct qir_rt_format_info *fmt;
	struct qir_reg s, d;       /* packed source / destination */
	struct qir_reg sa, da;     /* their alphas replicated to 4 bytes */
	struct qir_reg cc, ca;     /* packed constant colour / its alpha */
	const struct qir_reg *color;
};

/* Writes float f, converted to unorm8, into byte `byte` of t; byte 4 means
 * all four bytes. The MUL unit's pack reads its result as a float whatever
 * the op, so the MUL unit's move (`mmov`, v8min f, f) does it: no 1.0
 * operand, as Mesa's `mov r0.8a, x` (docs/sim.md, "Pack and unpack"). */
static void pack_byte(struct lower *l, struct qir_reg t, struct qir_reg f, unsigned byte)
{
	struct qir_inst *i = qir_emit(l->c, QIR_OP_MMOV, t, f, qir_null());
	if (i) {
		i->pack = byte == 4 ? QPU_PACK_MUL_8888 : (uint8_t)(QPU_PACK_MUL_8A + byte);
		i->pack_mul = true;
	}
}

/* Packs four float channels ch[] into the format's byte order. */
static struct qir_reg pack_color(struct lower *l, const struct qir_rt_format_info *fmt,
				 const struct qir_reg *ch)
{
	struct qir_reg t = qir_temp(l->c);
	for (unsigned b = 0; b < 4; b++) {
		unsigned swz = fmt->swizzle[b];
		pack_byte(l, t, swz == QIR_SWZ_ONE ? lower_uf(l, 1.0f) : ch[swz], b);
	}
	return t;
}

/* A float replicated to all four bytes. */
static struct qir_reg replicate(struct lower *l, struct qir_reg f)
{
	struct qir_reg t = qir_temp(l->c);
	pack_byte(l, t, f, 4);
	return t;
}

/* The packed blend constant (lazily built: it costs 4 instructions). */
static struct qir_reg const_color(struct blend_ctx *b, bool alpha)
{
	struct lower *l = b->l;
	if (alpha) {
		if (b->ca.file == QIR_FILE_NULL)
			b->ca = replicate(l, qir_uniform(l->c, QIR_UNIFORM_BLEND_CONST, 3));
		return b->ca;
	}
	if (b->cc.file == QIR_FILE_NULL) {
		struct qir_reg ch[4];
		for (unsigned i = 0; i < 4; i++)
			ch[i] = qir_uniform(l->c, QIR_UNIFORM_BLEND_CONST, i);
		b->cc = pack_color(l, b->fmt, ch);
	}
	return b->cc;
}

/* The packed factor word of factor f; `alpha_role` for the alpha channel
 * (SRC_ALPHA_SATURATE is 1 there). */
static struct qir_reg factor(struct blend_ctx *b, enum qir_blend_factor f, bool alpha_role)
{
	struct lower *l = b->l;
	struct qir_compile *c = l->c;
	switch (f) {
	case QIR_BF_ZERO: return lower_ui(l, 0);
	case QIR_BF_ONE: return lower_ui(l, ~0u);
	case QIR_BF_SRC_COLOR: return b->s;
	case QIR_BF_ONE_MINUS_SRC_COLOR: return qir_NOT(c, b->s);  /* 255 - x per byte */
	case QIR_BF_DST_COLOR: return b->d;
	case QIR_BF_ONE_MINUS_DST_COLOR: return qir_NOT(c, b->d);
	case QIR_BF_SRC_ALPHA: return b->sa;
	case QIR_BF_ONE_MINUS_SRC_ALPHA: return qir_NOT(c, b->sa);
	case QIR_BF_DST_ALPHA: return b->da;
	case QIR_BF_ONE_MINUS_DST_ALPHA: return qir_NOT(c, b->da);
	case QIR_BF_CONSTANT_COLOR: return const_color(b, false);
	case QIR_BF_ONE_MINUS_CONSTANT_COLOR: return qir_NOT(c, const_color(b, false));
	case QIR_BF_CONSTANT_ALPHA: return const_color(b, true);
	case QIR_BF_ONE_MINUS_CONSTANT_ALPHA: return qir_NOT(c, const_color(b, true));
	default:  /* QIR_BF_SRC_ALPHA_SATURATE: min(As, 1 - Ad), alpha 1 */
		if (alpha_role)
			return lower_ui(l, ~0u);
		return qir_V8MIN(c, b->sa, qir_NOT(c, b->da));
	}
}

/* Bytes of the alpha channel. */
static uint32_t alpha_mask(const struct qir_rt_format_info *fmt)
{
	return 0xffu << (8 * fmt->alpha_byte);
}

/* rgb bytes from x, alpha bytes from y (x itself when they are the same). */
static struct qir_reg merge(struct lower *l, const struct qir_rt_format_info *fmt,
			    struct qir_reg x, struct qir_reg y)
{
	if (qir_reg_equal(x, y))
		return x;
	struct qir_compile *c = l->c;
	struct qir_reg alpha = qir_AND(c, y, lower_ui(l, alpha_mask(fmt)));
	struct qir_reg rgb = qir_AND(c, x, lower_ui(l, ~alpha_mask(fmt)));
	return qir_OR(c, rgb, alpha);
}

/* The factor word for a term (rgb and alpha factors merged). */
static struct qir_reg term_factor(struct blend_ctx *b, unsigned rgb_f, unsigned a_f)
{
	if (rgb_f == a_f && rgb_f != QIR_BF_SRC_ALPHA_SATURATE)
		return factor(b, rgb_f, false);
	struct qir_reg fa = factor(b, a_f, true);
	struct qir_reg frgb = factor(b, rgb_f, false);
	return merge(b->l, b->fmt, frgb, fa);
}

/* x * f per byte (v8muld), skipping the multiply for 0 and 1. */
static struct qir_reg term(struct blend_ctx *b, struct qir_reg x, unsigned rgb_f, unsigned a_f)
{
	if (rgb_f == QIR_BF_ZERO && a_f == QIR_BF_ZERO)
		return lower_ui(b->l, 0);
	if (rgb_f == QIR_BF_ONE && a_f == QIR_BF_ONE)
		return x;
	return qir_V8MULD(b->l->c, x, term_factor(b, rgb_f, a_f));
}

/* One blend equation on the terms (or on S and D for min/max). */
static struct qir_reg equation(struct blend_ctx *b, enum qir_blend_eq eq, struct qir_reg ts,
			       struct qir_reg td)
{
	struct qir_compile *c = b->l->c;
	switch (eq) {
	case QIR_BLEND_ADD: return qir_V8ADDS(c, ts, td);
	case QIR_BLEND_SUBTRACT: return qir_V8SUBS(c, ts, td);
	case QIR_BLEND_REVERSE_SUBTRACT: return qir_V8SUBS(c, td, ts);
	case QIR_BLEND_MIN: return qir_V8MIN(c, b->s, b->d);
	default: return qir_V8MAX(c, b->s, b->d);
	}
}

static struct qir_reg blend(struct blend_ctx *b, const struct qir_blend_state *st)
{
	struct lower *l = b->l;
	b->sa = replicate(l, b->color[3]);
	b->da = b->fmt->has_alpha ? qir_MOV(l->c, lower_unpack(b->d, QPU_UNPACK_8D_REP))
				  : lower_ui(l, ~0u);
	struct qir_reg ts = term(b, b->s, st->rgb_src, st->alpha_src);
	struct qir_reg td = term(b, b->d, st->rgb_dst, st->alpha_dst);
	struct qir_reg rgb = equation(b, st->rgb_eq, ts, td);
	if (st->alpha_eq == st->rgb_eq)
		return rgb;
	return merge(l, b->fmt, rgb, equation(b, st->alpha_eq, ts, td));
}

/* Logic ops as (base op, invert S, invert D, invert result). */
enum logic_base { LB_ZERO, LB_S, LB_D, LB_AND, LB_OR, LB_XOR };
static const struct { uint8_t base; bool ns, nd, nr; } logic_ops[QIR_LOGIC_COUNT] = {
	[QIR_LOGIC_CLEAR] = { LB_ZERO, false, false, false },
	[QIR_LOGIC_AND] = { LB_AND, false, false, false },
	[QIR_LOGIC_AND_REVERSE] = { LB_AND, false, true, false },
	[QIR_LOGIC_COPY] = { LB_S, false, false, false },
	[QIR_LOGIC_AND_INVERTED] = { LB_AND, true, false, false },
	[QIR_LOGIC_NOOP] = { LB_D, false, false, false },
	[QIR_LOGIC_XOR] = { LB_XOR, false, false, false },
	[QIR_LOGIC_OR] = { LB_OR, false, false, false },
	[QIR_LOGIC_NOR] = { LB_OR, false, false, true },
	[QIR_LOGIC_EQUIV] = { LB_XOR, false, false, true },
	[QIR_LOGIC_INVERT] = { LB_D, false, false, true },
	[QIR_LOGIC_OR_REVERSE] = { LB_OR, false, true, false },
	[QIR_LOGIC_COPY_INVERTED] = { LB_S, false, false, true },
	[QIR_LOGIC_OR_INVERTED] = { LB_OR, true, false, false },
	[QIR_LOGIC_NAND] = { LB_AND, false, false, true },
	[QIR_LOGIC_SET] = { LB_ZERO, false, false, true },
};

static struct qir_reg logic(struct blend_ctx *b, enum qir_logic_op op)
{
	struct qir_compile *c = b->l->c;
	struct qir_reg s = logic_ops[op].ns ? qir_NOT(c, b->s) : b->s;
	struct qir_reg d = logic_ops[op].nd ? qir_NOT(c, b->d) : b->d;
	struct qir_reg r;
	switch (logic_ops[op].base) {
	case LB_ZERO: r = lower_ui(b->l, 0); break;
	case LB_S: r = s; break;
	case LB_D: r = d; break;
	case LB_AND: r = qir_AND(c, s, d); break;
	case LB_OR: r = qir_OR(c, s, d); break;
	default: r = qir_XOR(c, s, d); break;
	}
	return logic_ops[op].nr ? qir_NOT(c, r) : r;
}

/* Bytes of the pixel the colour mask lets through. */
static uint32_t byte_mask(const struct qir_rt_format_info *fmt, unsigned color_mask)
{
	uint32_t m = 0;
	for (unsigned b = 0; b < 4; b++) {
		unsigned swz = fmt->swizzle[b];
		if (swz > QIR_SWZ_W || (color_mask >> swz & 1))
			m |= 0xffu << (8 * b);
	}
	return m;
}

struct qir_reg lower_blend(struct lower *l, const struct qir_reg color[4])
{
	const struct qir_shader_key *key = l->key;
	struct blend_ctx b = { .l = l, .fmt = &qir_rt_formats[key->rt_format], .color = color,
			       .cc = qir_null(), .ca = qir_null() };
	if ((key->color_mask & 0xf) == 0)
		return qir_null();
	uint32_t mask = byte_mask(b.fmt, key->color_mask);
	bool need_dst = key->logic_op_enable || key->blend.enable || mask != ~0u;
	b.s = pack_color(l, b.fmt, color);
	b.d = need_dst ? qir_TLB_COLOR_READ(l->c) : qir_null();
	struct qir_reg r = b.s;
	if (key->logic_op_enable)
		r = logic(&b, key->logic_op);
	else if (key->blend.enable)
		r = blend(&b, &key->blend);
	if (mask != ~0u) {
		struct qir_reg kept = qir_AND(l->c, b.d, lower_ui(l, ~mask));
		struct qir_reg written = qir_AND(l->c, r, lower_ui(l, mask));
		r = qir_OR(l->c, written, kept);
	}
	return r;
}
