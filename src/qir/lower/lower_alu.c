/*
 * lower_alu.c: the IR's arithmetic, integer, bitwise, conversion, comparison
 * and select ops, scalarised component by component through one table
 * (scalar_ops[], indexed by enum ir_op), plus the vector ops (dot, cross,
 * length, normalize, mvmul). Bools are 0 / ~0 (all ones) in QIR.
 */
#include "qir/lower/lower_internal.h"
#include "util/code_align.h"

#define SIGN_BIT 0x80000000u
#define ABS_MASK 0x7fffffffu
#define ONE_BITS 0x3f800000u  /* 1.0f */

/* One component: s[0..nsrc) are the operands' components. */
typedef struct qir_reg (*scalar_fn)(struct lower *l, const struct qir_reg *s);

static struct qir_reg op_add(struct lower *l, const struct qir_reg *s)
{
	return qir_FADD(l->c, s[0], s[1]);
}
static struct qir_reg op_sub(struct lower *l, const struct qir_reg *s)
{
	return qir_FSUB(l->c, s[0], s[1]);
}
static struct qir_reg op_mul(struct lower *l, const struct qir_reg *s)
{
	return qir_FMUL(l->c, s[0], s[1]);
}
/* x / y = x * (1 / y), the reciprocal from the SFU (with lower_rcp's
 * refinement); x * rsq(z) when y is a root sqrt(z) already made from that
 * refined rsq (lower_root_rsq). */
static struct qir_reg op_div(struct lower *l, const struct qir_reg *s)
{
	struct qir_reg r = lower_root_rsq(l, s[1]);
	if (r.file == QIR_FILE_NULL)
		r = lower_rcp(l, s[1]);
	return qir_FMUL(l->c, s[0], r);
}
static struct qir_reg op_min(struct lower *l, const struct qir_reg *s)
{
	return qir_FMIN(l->c, s[0], s[1]);
}
static struct qir_reg op_max(struct lower *l, const struct qir_reg *s)
{
	return qir_FMAX(l->c, s[0], s[1]);
}
/* neg/abs on the sign bit: exact for every input, -0 and NaN included. */
static struct qir_reg op_neg(struct lower *l, const struct qir_reg *s)
{
	return qir_XOR(l->c, s[0], lower_ui(l, SIGN_BIT));
}
static struct qir_reg op_abs(struct lower *l, const struct qir_reg *s)
{
	return qir_AND(l->c, s[0], lower_ui(l, ABS_MASK));
}
static struct qir_reg op_floor(struct lower *l, const struct qir_reg *s)
{
	return lower_floor(l, s[0]);
}
static struct qir_reg op_ceil(struct lower *l, const struct qir_reg *s)
{
	return lower_ceil(l, s[0]);
}
static struct qir_reg op_fract(struct lower *l, const struct qir_reg *s)
{
	return lower_fract(l, s[0]);
}
static struct qir_reg op_sign(struct lower *l, const struct qir_reg *s)
{
	return lower_sign(l, s[0]);
}
static struct qir_reg op_rcp(struct lower *l, const struct qir_reg *s)
{
	return lower_rcp(l, s[0]);
}
static struct qir_reg op_rsq(struct lower *l, const struct qir_reg *s)
{
	return lower_rsq(l, s[0]);
}
static struct qir_reg op_sqrt(struct lower *l, const struct qir_reg *s)
{
	return lower_sqrt(l, s[0]);
}
static struct qir_reg op_exp2(struct lower *l, const struct qir_reg *s)
{
	return qir_EXP2(l->c, s[0]);
}
static struct qir_reg op_log2(struct lower *l, const struct qir_reg *s)
{
	return qir_LOG2(l->c, s[0]);
}
static struct qir_reg op_pow(struct lower *l, const struct qir_reg *s)
{
	return lower_pow(l, s[0], s[1]);
}
static struct qir_reg op_sin(struct lower *l, const struct qir_reg *s)
{
	return lower_sin(l, s[0]);
}
static struct qir_reg op_cos(struct lower *l, const struct qir_reg *s)
{
	return lower_cos(l, s[0]);
}

/* mix(x, y, t) = x*(1-t) + y*t, as docs/ir.md defines it. */
static struct qir_reg op_mix(struct lower *l, const struct qir_reg *s)
{
	struct qir_reg omt = qir_FSUB(l->c, lower_uf(l, 1.0f), s[2]);
	struct qir_reg yt = qir_FMUL(l->c, s[1], s[2]);
	struct qir_reg xomt = qir_FMUL(l->c, s[0], omt);
	return qir_FADD(l->c, xomt, yt);
}

static struct qir_reg op_clamp(struct lower *l, const struct qir_reg *s)
{
	return qir_FMIN(l->c, qir_FMAX(l->c, s[0], s[1]), s[2]);
}

/* step(edge, x) = x < edge ? 0 : 1 */
static struct qir_reg op_step(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[1], s[0]);
	struct qir_reg one = lower_uf(l, 1.0f);
	struct qir_reg zero = lower_uf(l, 0.0f);
	return lower_flag_select(l, QPU_COND_NS, zero, one);
}

/* t = clamp((x - e0) / (e1 - e0), 0, 1); t*t*(3 - 2t). The reciprocal is
 * the SFU's estimate, which the truncating fmul keeps below the true
 * quotient: x = e1 gave t = 0.99999994, which floor() or fract() then
 * turned into 0 (random execution seeds 16510 and 59296). So where x == e1
 * (Z of x - e1) the quotient, d * rcp(d) there, is doubled before the
 * clamp: 1 as C's d / d for either order of the edges, and still 0 when
 * e0 == e1 (0 * rcp(0) is 0 on the QPU; C's NaN clamps to 0). */
static struct qir_reg op_smoothstep(struct lower *l, const struct qir_reg *s)
{
	struct qir_compile *c = l->c;
	struct qir_reg r = lower_edge_rcp(l, s[0], s[1]);
	struct qir_reg t = qir_FMUL(c, qir_FSUB(c, s[2], s[0]), r);
	lower_sf(l, QIR_OP_FSUB, s[2], s[1]);
	lower_emit(l, QIR_OP_FMUL, t, t, lower_uf(l, 2.0f), QPU_COND_ZS, false);
	struct qir_reg one = lower_uf(l, 1.0f);
	t = qir_FMIN(c, qir_FMAX(c, t, lower_uf(l, 0.0f)), one);
	struct qir_reg t2 = qir_FMUL(c, t, lower_uf(l, 2.0f));
	struct qir_reg p = qir_FSUB(c, lower_uf(l, 3.0f), t2);
	return qir_FMUL(c, qir_FMUL(c, t, t), p);
}

static struct qir_reg op_iadd(struct lower *l, const struct qir_reg *s)
{
	return qir_ADD(l->c, s[0], s[1]);
}
static struct qir_reg op_isub(struct lower *l, const struct qir_reg *s)
{
	return qir_SUB(l->c, s[0], s[1]);
}
static struct qir_reg op_imul(struct lower *l, const struct qir_reg *s)
{
	return lower_imul(l, s[0], s[1]);
}
static struct qir_reg op_ineg(struct lower *l, const struct qir_reg *s)
{
	return qir_SUB(l->c, lower_ui(l, 0), s[0]);
}
static struct qir_reg op_iabs(struct lower *l, const struct qir_reg *s)
{
	return qir_MAX(l->c, s[0], qir_SUB(l->c, lower_ui(l, 0), s[0]));
}
static struct qir_reg op_imin(struct lower *l, const struct qir_reg *s)
{
	return qir_MIN(l->c, s[0], s[1]);
}
static struct qir_reg op_imax(struct lower *l, const struct qir_reg *s)
{
	return qir_MAX(l->c, s[0], s[1]);
}
static struct qir_reg op_and(struct lower *l, const struct qir_reg *s)
{
	return qir_AND(l->c, s[0], s[1]);
}
static struct qir_reg op_or(struct lower *l, const struct qir_reg *s)
{
	return qir_OR(l->c, s[0], s[1]);
}
static struct qir_reg op_xor(struct lower *l, const struct qir_reg *s)
{
	return qir_XOR(l->c, s[0], s[1]);
}
static struct qir_reg op_not(struct lower *l, const struct qir_reg *s)
{
	return qir_NOT(l->c, s[0]);
}
static struct qir_reg op_shl(struct lower *l, const struct qir_reg *s)
{
	return qir_SHL(l->c, s[0], s[1]);
}
static struct qir_reg op_shr(struct lower *l, const struct qir_reg *s)
{
	return qir_ASR(l->c, s[0], s[1]);
}
static struct qir_reg op_ushr(struct lower *l, const struct qir_reg *s)
{
	return qir_SHR(l->c, s[0], s[1]);
}
static struct qir_reg op_f2i(struct lower *l, const struct qir_reg *s)
{
	return qir_FTOI(l->c, s[0]);
}
static struct qir_reg op_i2f(struct lower *l, const struct qir_reg *s)
{
	return qir_ITOF(l->c, s[0]);
}
static struct qir_reg op_b2f(struct lower *l, const struct qir_reg *s)
{
	return qir_AND(l->c, s[0], lower_ui(l, ONE_BITS));
}
static struct qir_reg op_b2i(struct lower *l, const struct qir_reg *s)
{
	return qir_AND(l->c, s[0], lower_ui(l, 1));
}

/* The bool ~0 where `cond` holds on the current flags, else 0. */
static struct qir_reg flag_bool(struct lower *l, enum qpu_cond cond)
{
	struct qir_reg zero = lower_ui(l, 0);
	struct qir_reg ones = lower_ui(l, ~0u);
	return lower_flag_select(l, cond, ones, zero);
}

/* f2b: x != ±0 (bit test, so denormals are true as in C). */
static struct qir_reg op_f2b(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_AND, s[0], lower_ui(l, ABS_MASK));
	return flag_bool(l, QPU_COND_ZC);
}

static struct qir_reg op_i2b(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_MOV, s[0], qir_null());
	return flag_bool(l, QPU_COND_ZC);
}

/* Float comparisons set flags from a difference (docs/lowering.md: a
 * difference that underflows to a denormal is flushed and compares equal). */
static struct qir_reg op_flt(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[0], s[1]);
	return flag_bool(l, QPU_COND_NS);
}
static struct qir_reg op_fge(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[0], s[1]);
	return flag_bool(l, QPU_COND_NC);
}
static struct qir_reg op_fgt(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[1], s[0]);
	return flag_bool(l, QPU_COND_NS);
}
static struct qir_reg op_fle(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[1], s[0]);
	return flag_bool(l, QPU_COND_NC);
}
static struct qir_reg op_feq(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[0], s[1]);
	return flag_bool(l, QPU_COND_ZS);
}
static struct qir_reg op_fne(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_FSUB, s[0], s[1]);
	return flag_bool(l, QPU_COND_ZC);
}

/* Integer comparisons without overflow: a < b <=> max(a, b) != a;
 * a <= b <=> min(a, b) == a. */
static struct qir_reg int_cmp(struct lower *l, enum qir_op minmax, struct qir_reg a,
			      struct qir_reg b, enum qpu_cond cond)
{
	struct qir_reg m = qir_emit_def(l->c, minmax, a, b);
	lower_sf(l, QIR_OP_XOR, m, a);
	return flag_bool(l, cond);
}
static struct qir_reg op_ilt(struct lower *l, const struct qir_reg *s)
{
	return int_cmp(l, QIR_OP_MAX, s[0], s[1], QPU_COND_ZC);
}
static struct qir_reg op_ile(struct lower *l, const struct qir_reg *s)
{
	return int_cmp(l, QIR_OP_MIN, s[0], s[1], QPU_COND_ZS);
}
static struct qir_reg op_igt(struct lower *l, const struct qir_reg *s)
{
	return int_cmp(l, QIR_OP_MAX, s[1], s[0], QPU_COND_ZC);
}
static struct qir_reg op_ige(struct lower *l, const struct qir_reg *s)
{
	return int_cmp(l, QIR_OP_MIN, s[1], s[0], QPU_COND_ZS);
}
static struct qir_reg op_ieq(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_XOR, s[0], s[1]);
	return flag_bool(l, QPU_COND_ZS);
}
static struct qir_reg op_ine(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_XOR, s[0], s[1]);
	return flag_bool(l, QPU_COND_ZC);
}

/* select(c, a, b): b, then a where c is true (Z clear). */
static struct qir_reg op_select(struct lower *l, const struct qir_reg *s)
{
	lower_sf(l, QIR_OP_MOV, s[0], qir_null());
	return lower_flag_select(l, QPU_COND_ZC, s[1], s[2]);
}

/* The component-wise ops. */
static const scalar_fn scalar_ops[IR_OP_COUNT] = {
	[IR_OP_ADD] = op_add, [IR_OP_SUB] = op_sub, [IR_OP_MUL] = op_mul, [IR_OP_DIV] = op_div,
	[IR_OP_NEG] = op_neg, [IR_OP_ABS] = op_abs, [IR_OP_MIN] = op_min, [IR_OP_MAX] = op_max,
	[IR_OP_FLOOR] = op_floor, [IR_OP_CEIL] = op_ceil, [IR_OP_FRACT] = op_fract,
	[IR_OP_SIGN] = op_sign, [IR_OP_RCP] = op_rcp, [IR_OP_RSQ] = op_rsq,
	[IR_OP_SQRT] = op_sqrt, [IR_OP_EXP2] = op_exp2, [IR_OP_LOG2] = op_log2,
	[IR_OP_POW] = op_pow, [IR_OP_SIN] = op_sin, [IR_OP_COS] = op_cos,
	[IR_OP_MIX] = op_mix, [IR_OP_CLAMP] = op_clamp, [IR_OP_STEP] = op_step,
	[IR_OP_SMOOTHSTEP] = op_smoothstep,
	[IR_OP_IADD] = op_iadd, [IR_OP_ISUB] = op_isub, [IR_OP_IMUL] = op_imul,
	[IR_OP_INEG] = op_ineg, [IR_OP_IABS] = op_iabs, [IR_OP_IMIN] = op_imin,
	[IR_OP_IMAX] = op_imax, [IR_OP_AND] = op_and, [IR_OP_OR] = op_or,
	[IR_OP_XOR] = op_xor, [IR_OP_NOT] = op_not, [IR_OP_SHL] = op_shl,
	[IR_OP_SHR] = op_shr, [IR_OP_USHR] = op_ushr,
	[IR_OP_F2I] = op_f2i, [IR_OP_I2F] = op_i2f, [IR_OP_F2B] = op_f2b,
	[IR_OP_B2F] = op_b2f, [IR_OP_I2B] = op_i2b, [IR_OP_B2I] = op_b2i,
	[IR_OP_FLT] = op_flt, [IR_OP_FLE] = op_fle, [IR_OP_FGT] = op_fgt,
	[IR_OP_FGE] = op_fge, [IR_OP_FEQ] = op_feq, [IR_OP_FNE] = op_fne,
	[IR_OP_ILT] = op_ilt, [IR_OP_ILE] = op_ile, [IR_OP_IGT] = op_igt,
	[IR_OP_IGE] = op_ige, [IR_OP_IEQ] = op_ieq, [IR_OP_INE] = op_ine,
	[IR_OP_SELECT] = op_select,
};

/* Sum of a[k] * b[k] over n components. */
static struct qir_reg dot(struct lower *l, uint32_t a, uint32_t b, unsigned n)
{
	struct qir_reg sum = qir_FMUL(l->c, lower_val(l, a, 0), lower_val(l, b, 0));
	for (unsigned k = 1; k < n; k++)
		sum = qir_FADD(l->c, sum, qir_FMUL(l->c, lower_val(l, a, k), lower_val(l, b, k)));
	return sum;
}

/* dot, cross, length, normalize, mvmul. */
static bool lower_vector(struct lower *l, const struct ir_instr *in)
{
	struct qir_compile *c = l->c;
	struct qir_reg *d = lower_def(l, in->dest);
	unsigned n = l->sh->values.data[in->src[0]].type.comps;
	switch (in->op) {
	case IR_OP_DOT:
		d[0] = dot(l, in->src[0], in->src[1], n);
		return true;
	case IR_OP_LENGTH:
		d[0] = lower_sqrt(l, dot(l, in->src[0], in->src[0], n));
		return true;
	case IR_OP_NORMALIZE: {
		struct qir_reg r = lower_rsq(l, dot(l, in->src[0], in->src[0], n));
		for (unsigned k = 0; k < n; k++)
			d[k] = qir_FMUL(c, lower_val(l, in->src[0], k), r);
		return true;
	}
	case IR_OP_CROSS:
		for (unsigned k = 0; k < 3; k++) {
			unsigned i = (k + 1) % 3, j = (k + 2) % 3;
			struct qir_reg p = qir_FMUL(c, lower_val(l, in->src[0], i),
						    lower_val(l, in->src[1], j));
			struct qir_reg q = qir_FMUL(c, lower_val(l, in->src[0], j),
						    lower_val(l, in->src[1], i));
			d[k] = qir_FSUB(c, p, q);
		}
		return true;
	case IR_OP_MVMUL:  /* column-major: m[4*col + row] */
		for (unsigned r = 0; r < 4; r++) {
			struct qir_reg sum = qir_null();
			for (unsigned col = 0; col < 4; col++) {
				struct qir_reg p = qir_FMUL(c, lower_val(l, in->src[0], 4 * col + r),
							    lower_val(l, in->src[1], col));
				sum = col == 0 ? p : qir_FADD(c, sum, p);
			}
			d[r] = sum;
		}
		return true;
	default:
		return false;
	}
}

VC4_CODE_ALIGN(2048)
bool lower_alu_instr(struct lower *l, const struct ir_instr *in)
{
	scalar_fn fn = scalar_ops[in->op];
	if (lower_fract_of_floor(l, in))
		return true;
	if (!fn)
		return lower_vector(l, in);
	struct qir_reg *d = lower_def(l, in->dest);
	bool rounding = in->op == IR_OP_FLOOR || in->op == IR_OP_CEIL || in->op == IR_OP_FRACT;
	for (unsigned k = 0; k < in->type.comps; k++) {
		struct qir_reg s[IR_MAX_SRC];
		for (unsigned i = 0; i < in->nsrc; i++) {
			unsigned comps = l->sh->values.data[in->src[i]].type.comps;
			s[i] = lower_val(l, in->src[i], comps == 1 ? 0 : k);
		}
		l->small_arg = rounding && lower_small_float(l, in->src[0], k);
		l->pos_arg = rounding && lower_sign_clear(l, in->src[0], k);
		d[k] = fn(l, s);
		l->small_arg = l->pos_arg = false;
	}
	return true;
}
