/*
 * opt_neg_sum.c: a negated factor moved out of a product into the sum that
 * reads it. `fadd d, a, b` where b = `fmul x, y` is read only there and x =
 * `xor u, 0x80000000` (a float negation) becomes `fsub d, a, b` with b =
 * `fmul u, y`; `fsub d, a, b` likewise becomes `fadd`. (−u)·y and −(u·y)
 * have the same magnitude and sign, and the QPU subtracts by adding the
 * negated operand, so the sum is the same but where the product is zero:
 * the QPU's fmul then gives +0 either way, and a = −0 plus that zero differs
 * in the zero's sign only (GLSL ES does not require signed zeros; NIR moves
 * negations out of products likewise). `dot(n, -u)` then negates one
 * component instead of three (the xors of the others, and the copies of
 * their sign-bit uniform, go to DCE): lit-fog VS. The negated value u must
 * be stable (a uniform, a small immediate or a single-definition temp).
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"

#define SIGN_BIT 0x80000000u

/* A plain instruction: unconditional, no flags, no pack. */
static bool plain(const struct qir_inst *i)
{
	return i->cond == QPU_COND_ALWAYS && !i->sf && !i->pack;
}

/* When r is a temp defined by a plain `xor u, SIGN_BIT` (either order) with
 * a stable u: u in *u. */
static bool negation(const struct qir_compile *c, struct qir_reg r, struct qir_reg *u)
{
	if (r.file != QIR_FILE_TEMP || r.unpack)
		return false;
	const struct qir_inst *d = qir_temp_def(c, r.index);
	uint32_t v;
	if (!d || d->op != QIR_OP_XOR || !plain(d))
		return false;
	for (int k = 0; k < 2; k++)
		if (qir_reg_const(c, d->src[k], &v) && v == SIGN_BIT && qir_reg_is_stable(c, d->src[!k])) {
			*u = d->src[!k];
			return true;
		}
	return false;
}

/* For the second operand of inst: its plain fmul (read only there, uses may
 * be NULL: not checked) with a negated factor; the factor's index in *k
 * and the negated value in *u. */
static inline struct qir_inst *neg_product(const struct qir_compile *c, const struct qir_inst *inst,
				    const uint32_t *uses, int *k, struct qir_reg *u)
{
	struct qir_reg b = inst->src[1];
	if ((inst->op != QIR_OP_FADD && inst->op != QIR_OP_FSUB) || inst->sf ||
	    b.file != QIR_FILE_TEMP || b.unpack || qir_reg_equal(inst->src[0], b))
		return NULL;
	struct qir_inst *m = qir_temp_def(c, b.index);
	if (!m || m->op != QIR_OP_FMUL || !plain(m) || (uses && uses[b.index] != 1))
		return NULL;
	for (*k = 0; *k < 2; (*k)++)
		if (negation(c, m->src[*k], u))
			return m;
	return NULL;
}

/* The product as neg_product() finds it, trying an fadd's first operand
 * too (fadd is commutative: the operands then trade places, and stay
 * as they were when neither qualifies). */
static struct qir_inst *find(const struct qir_compile *c, struct qir_inst *inst,
			     const uint32_t *uses, int *k, struct qir_reg *u)
{
	struct qir_inst *m = neg_product(c, inst, uses, k, u);
	if (m || inst->op != QIR_OP_FADD)
		return m;
	struct qir_reg t = inst->src[0];
	inst->src[0] = inst->src[1];
	inst->src[1] = t;
	m = neg_product(c, inst, uses, k, u);
	if (!m) {
		inst->src[1] = inst->src[0];
		inst->src[0] = t;
	}
	return m;
}

/* qir_rewrite_with_uses()'s visit: without counts, whether the fadd/fsub
 * inst reads a product with a negated factor (probed on a copy); with them,
 * rewrites it. */
static bool visit(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
		  uint32_t *uses, void *arg)
{
	(void)b, (void)arg;
	int k;
	struct qir_reg u;
	if (!uses) {
		if (inst->op != QIR_OP_FADD && inst->op != QIR_OP_FSUB)
			return false;
		struct qir_inst probe = *inst;
		return find(c, &probe, NULL, &k, &u) != NULL;
	}
	struct qir_inst *m = find(c, inst, uses, &k, &u);
	if (!m)
		return false;
	m->src[k] = u;
	inst->op = inst->op == QIR_OP_FADD ? QIR_OP_FSUB : QIR_OP_FADD;
	return true;
}

VC4_CODE_ALIGN(1024)
bool qir_opt_neg_sum(struct qir_compile *c)
{
	return qir_rewrite_with_uses(c, visit, NULL);
}
