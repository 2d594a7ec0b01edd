/*
 * opt_neg_const.c: a float negation folded into the constant it is
 * multiplied by. `fmul d, x, K` where x = `xor u, 0x80000000` (a float
 * negation of a stable u) and K a constant becomes `fmul d, u, −K` (K with
 * its sign bit flipped, a small immediate when one encodes it, else a
 * constant uniform); a product of two negations multiplies the two
 * un-negated values. The QPU's fmul gives +0 for a zero or denormal
 * factor, an infinity signed by the exclusive or of the factors' signs for
 * an infinite or NaN one, and otherwise a magnitude that does not depend
 * on the signs with that same sign (src/sim/sim_lanes.h), so the result
 * is the same bits for every u and K. The xor then
 * goes to DCE when nothing else reads it: `exp(−length(z))`, whose
 * lowering multiplies the negated length by log2(e) (toy-julia FS, once
 * per unrolled iteration).
 */
#include "qir/qir.h"
#include "util/code_align.h"

#define SIGN_BIT 0x80000000u

/* When r is a temp defined by an unconditional, flag-free, unpacked
 * `xor u, SIGN_BIT` (either order) of a stable u: u in *u. */
static bool negation(const struct qir_compile *c, struct qir_reg r, struct qir_reg *u)
{
	if (r.file != QIR_FILE_TEMP || r.unpack)
		return false;
	const struct qir_inst *d = qir_temp_def(c, r.index);
	uint32_t v;
	if (!d || d->op != QIR_OP_XOR || d->cond != QPU_COND_ALWAYS || d->sf || d->pack)
		return false;
	for (int k = 0; k < 2; k++)
		if (qir_reg_const(c, d->src[k], &v) && v == SIGN_BIT &&
		    qir_reg_is_stable(c, d->src[!k])) {
			*u = d->src[!k];
			return true;
		}
	return false;
}

/* The constant K with its sign flipped, as an operand. */
static struct qir_reg negated_const(struct qir_compile *c, uint32_t k)
{
	uint32_t n = k ^ SIGN_BIT;
	return qpu_small_imm_encode(n) >= 0 ? qir_small_imm(n) :
	       qir_uniform(c, QIR_UNIFORM_CONST, n);
}

/* Rewrites inst, an fmul of a negation by a constant or of two
 * negations, without the negations; true when it did. */
static bool fold(struct qir_compile *c, struct qir_inst *inst)
{
	if (inst->op != QIR_OP_FMUL)
		return false;
	struct qir_reg u[2];
	bool neg[2];
	for (int s = 0; s < 2; s++)
		neg[s] = negation(c, inst->src[s], &u[s]);
	if (neg[0] && neg[1]) {
		inst->src[0] = u[0];
		inst->src[1] = u[1];
		return true;
	}
	for (int s = 0; s < 2; s++) {
		uint32_t k;
		if (neg[s] && qir_reg_const(c, inst->src[!s], &k)) {
			inst->src[!s] = negated_const(c, k);
			inst->src[s] = u[s];
			return !c->oom;
		}
	}
	return false;
}

VC4_CODE_ALIGN(2048)
bool qir_opt_neg_const(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, fold);
}
