/*
 * opt_float_fold.c: float adds, subtractions and products of two constants
 * whose result is exact. opt_constant_fold.c folds no float op because the
 * QPU's rounding (toward zero) and denormal flushing are not the host's;
 * but where the exact result is a normal float, no rounding happens and
 * every rounding mode gives it: `fsub t, 1.0, 0.5` → `load_imm t, 0.5`
 * (mix(a, b, 0.5) through an inlined function's parameter:
 * piglit-glsl-fs-functions-samplers FS). Operands and result must be
 * normal and nonzero (no flushed denormal, no sign of zero to agree on,
 * no infinity); the sum, difference or product is computed in double,
 * where it is exact (24-bit mantissas), and kept only when a float holds
 * it exactly. Unconditional, unpacked, without set-flags.
 */
#include <string.h>

#include "qir/qir.h"
#include "util/code_align.h"

static bool normal(uint32_t bits)
{
	uint32_t e = (bits >> 23) & 0xffu;
	return e >= 1 && e <= 254;
}

static double as_double(uint32_t bits)
{
	float f;
	memcpy(&f, &bits, sizeof(f));
	return f;
}

/* The exact result of `op a, b` as float bits: false when it is not a
 * normal float exactly. */
static bool exact(enum qir_op op, uint32_t a, uint32_t b, uint32_t *out)
{
	double x = as_double(a), y = as_double(b), d;
	switch (op) {
	case QIR_OP_FADD: d = x + y; break;
	case QIR_OP_FSUB: d = x - y; break;
	case QIR_OP_FMUL: d = x * y; break;
	default: return false;
	}
	float f = (float)d;
	if ((double)f != d)
		return false;
	memcpy(out, &f, sizeof(f));
	return normal(*out);
}

/* Folds inst, an unconditional fadd/fsub/fmul of two constants, into a
 * load-immediate when the result is exact; true when it did. */
static bool fold(struct qir_compile *c, struct qir_inst *inst)
{
	if ((inst->op != QIR_OP_FADD && inst->op != QIR_OP_FSUB && inst->op != QIR_OP_FMUL) ||
	    inst->cond != QPU_COND_ALWAYS || inst->sf || inst->pack ||
	    inst->dst.file != QIR_FILE_TEMP)
		return false;
	uint32_t v[2], r;
	for (int s = 0; s < 2; s++)
		if (!qir_reg_const(c, inst->src[s], &v[s]) || !normal(v[s]))
			return false;
	if (!exact((enum qir_op)inst->op, v[0], v[1], &r))
		return false;
	inst->op = QIR_OP_LOAD_IMM;
	inst->src[0] = qir_reg(QIR_FILE_IMM, r);
	inst->src[1] = qir_null();
	return true;
}

VC4_CODE_ALIGN(1024)
bool qir_opt_float_fold(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, fold);
}
