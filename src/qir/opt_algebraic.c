/*
 * opt_algebraic.c: algebraic simplifications.
 * Integer (exact): x+0, x-0, x|0, x^0, x<<0, x>>0 (shr/asr/ror), x&~0 -> x;
 * x&0, mul24 x,0 -> 0; x-x, x^x -> 0; x&x, x|x, min/max x,x -> x.
 * Float: fmul x, 2.0 -> fadd x, x (both flush denormal inputs and round the
 * same single result); fmul x, +-0.0 -> 0 (exact on the QPU: a zero operand
 * wins, the result is +0 whatever x is, infinities and NaNs included);
 * fmul x, 1.0, fadd x, +-0.0 and fsub x, +-0.0 -> x, which GLSL allows
 * (they differ from the QPU's result only for a denormal x, which the QPU
 * would flush, a NaN, which it would turn into an infinity, and -0.0 + 0.0)
 * and Mesa's NIR does too (docs/qir.md, "Optimisations"). Not done: x-x for
 * floats (infinities) and mul24 x,1 (mul24 keeps only 24 bits of x).
 * Instructions that set flags or carry a pack are left alone; the
 * replacement keeps the condition.
 */
#include "qir/qir.h"
#include "util/code_align.h"

/* The known constants of inst's two sources (qir_reg_const()), read once. */
struct consts {
	bool known[2];
	uint32_t v[2];
};

static bool is_const(const struct consts *k, int s, uint32_t v)
{
	return k->known[s] && k->v[s] == v;
}

/* Rewrites inst as `mov dst, r`. */
static bool to_mov(struct qir_inst *inst, struct qir_reg r)
{
	inst->op = QIR_OP_MOV;
	inst->src[0] = r;
	inst->src[1] = qir_null();
	return true;
}

/* x OP k -> x for the right identity k (k may be on either side when the op
 * is commutative). */
static bool identity(const struct consts *cs, struct qir_inst *inst, uint32_t k)
{
	if (is_const(cs, 1, k) && !inst->src[0].unpack)
		return to_mov(inst, inst->src[0]);
	if ((qir_ops[inst->op].flags & QIR_OPF_COMMUTATIVE) && is_const(cs, 0, k) &&
	    !inst->src[1].unpack)
		return to_mov(inst, inst->src[1]);
	return false;
}

/* x OP k -> 0 for an annihilator k. */
static bool annihilate(const struct consts *cs, struct qir_inst *inst, uint32_t k)
{
	if (is_const(cs, 0, k) || is_const(cs, 1, k))
		return to_mov(inst, qir_small_imm(0));
	return false;
}

/* Both sources are the same single-definition temp (same unpack). */
static bool same_value(const struct qir_compile *c, const struct qir_inst *inst)
{
	return inst->src[0].file == QIR_FILE_TEMP && qir_reg_equal(inst->src[0], inst->src[1]) &&
	       qir_temp_def(c, inst->src[0].index);
}

/* Applies the first identity of the file header that fits inst (integer
 * identities, x&x, x-x, fmul by 2, 1 or ±0, fadd/fsub of ±0), rewriting it
 * in place into a mov or an fadd; true when it changed inst. The sources'
 * constants are read once, before any rewrite (every rule reads them from
 * the unchanged instruction). */
static bool simplify(const struct qir_compile *c, struct qir_inst *inst)
{
	struct consts k = { { false, false }, { 0, 0 } };   /* v read only when known */
	switch (inst->op) {
	case QIR_OP_ADD: case QIR_OP_OR: case QIR_OP_SUB: case QIR_OP_XOR:
	case QIR_OP_SHL: case QIR_OP_SHR: case QIR_OP_ASR: case QIR_OP_ROR:
	case QIR_OP_AND: case QIR_OP_MUL24: case QIR_OP_FMUL: case QIR_OP_FADD:
	case QIR_OP_FSUB:
		for (int s = 0; s < 2; s++)
			k.known[s] = qir_reg_const(c, inst->src[s], &k.v[s]);
		break;
	case QIR_OP_MIN: case QIR_OP_MAX:
		return same_value(c, inst) && !inst->src[0].unpack && to_mov(inst, inst->src[0]);
	default:
		return false;
	}
	switch (inst->op) {
	case QIR_OP_ADD: case QIR_OP_OR:
		return identity(&k, inst, 0) || (inst->op == QIR_OP_OR && same_value(c, inst) &&
						 !inst->src[0].unpack && to_mov(inst, inst->src[0]));
	case QIR_OP_SUB: case QIR_OP_XOR:
		if (same_value(c, inst))
			return to_mov(inst, qir_small_imm(0));
		return identity(&k, inst, 0);
	case QIR_OP_SHL: case QIR_OP_SHR: case QIR_OP_ASR: case QIR_OP_ROR:
		return identity(&k, inst, 0);
	case QIR_OP_AND:
		if (same_value(c, inst) && !inst->src[0].unpack)
			return to_mov(inst, inst->src[0]);
		return annihilate(&k, inst, 0) || identity(&k, inst, UINT32_MAX);
	case QIR_OP_MUL24:
		return annihilate(&k, inst, 0);
	case QIR_OP_FMUL:
		for (int s = 0; s < 2; s++) {
			if (is_const(&k, s, 0x40000000u)) {
				inst->op = QIR_OP_FADD;
				inst->src[s] = inst->src[!s];
				return true;
			}
		}
		return annihilate(&k, inst, 0) || annihilate(&k, inst, 0x80000000u) ||
		       identity(&k, inst, 0x3f800000u);
	default: /* FADD, FSUB */
		return identity(&k, inst, 0) || identity(&k, inst, 0x80000000u);
	}
}

/* Leaves instructions that set flags or pack alone: their results are not
 * plain values. */
static bool simplify_plain(struct qir_compile *c, struct qir_inst *inst)
{
	return !inst->sf && !inst->pack && simplify(c, inst);
}

VC4_CODE_ALIGN(4096)
bool qir_opt_algebraic(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, simplify_plain);
}
