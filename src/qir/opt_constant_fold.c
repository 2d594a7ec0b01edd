/*
 * opt_constant_fold.c: replaces an integer ALU instruction whose sources are
 * all known constants (small immediates, CONST uniforms, single-definition
 * LOAD_IMM temps; see qir_reg_const()) with `load_imm dst, RESULT`.
 * Only unconditional instructions without set-flags, pack or unpack are
 * folded, and only integer ops whose QPU result is fully specified (add,
 * sub, shifts by the low 5 bits, min/max, logic, clz, mul24 on the low 24
 * bits, and mov of a constant uniform). Float ops are deliberately NOT
 * folded: the QPU flushes denormals and its rounding is not bit-verified
 * against the host's.
 */
#include "qir/qir.h"
#include "util/code_align.h"

/* Evaluates an integer op on a and b; false if the op is not foldable. */
static bool eval(enum qir_op op, uint32_t a, uint32_t b, uint32_t *out)
{
	uint32_t sh = b & 31;
	switch (op) {
	case QIR_OP_MOV: *out = a; return true;
	case QIR_OP_ADD: *out = a + b; return true;
	case QIR_OP_SUB: *out = a - b; return true;
	case QIR_OP_SHL: *out = a << sh; return true;
	case QIR_OP_SHR: *out = a >> sh; return true;
	case QIR_OP_ASR: *out = (uint32_t)((int32_t)a >> sh); return true;
	case QIR_OP_ROR: *out = sh ? (a >> sh) | (a << (32 - sh)) : a; return true;
	case QIR_OP_MIN: *out = (int32_t)a < (int32_t)b ? a : b; return true;
	case QIR_OP_MAX: *out = (int32_t)a > (int32_t)b ? a : b; return true;
	case QIR_OP_AND: *out = a & b; return true;
	case QIR_OP_OR: *out = a | b; return true;
	case QIR_OP_XOR: *out = a ^ b; return true;
	case QIR_OP_NOT: *out = ~a; return true;
	case QIR_OP_CLZ: *out = a ? (uint32_t)__builtin_clz(a) : 32; return true;
	case QIR_OP_MUL24: *out = (a & 0xffffff) * (b & 0xffffff); return true;
	default: return false;
	}
}

/* Folds one instruction if possible. */
static bool fold(struct qir_compile *c, struct qir_inst *inst)
{
	const struct qir_op_info *info = &qir_ops[inst->op];
	if (inst->cond != QPU_COND_ALWAYS || inst->sf || inst->pack || info->ndst != 1 ||
	    inst->dst.file != QIR_FILE_TEMP || info->nsrc == 0)
		return false;
	/* A copy gains nothing unless it reads a uniform (one stream word less). */
	if (inst->op == QIR_OP_MOV && inst->src[0].file != QIR_FILE_UNIF)
		return false;
	uint32_t v[2] = { 0, 0 }, r;
	for (int s = 0; s < info->nsrc; s++) {
		if (!qir_reg_const(c, inst->src[s], &v[s]))
			return false;
	}
	if (!eval((enum qir_op)inst->op, v[0], v[1], &r))
		return false;
	inst->op = QIR_OP_LOAD_IMM;
	inst->src[0] = qir_reg(QIR_FILE_IMM, r);
	inst->src[1] = qir_null();
	return true;
}

VC4_CODE_ALIGN(1024)
bool qir_opt_constant_fold(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, fold);
}
