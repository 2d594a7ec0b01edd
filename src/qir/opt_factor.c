/*
 * opt_factor.c: a common factor taken out of a sum of two products.
 * `fadd d, a, b` (or `fsub`) where a = `fmul x, p` and b = `fmul x, q` are
 * each read only there becomes `fadd n, p, q; fmul d, x, n` (n a new
 * temp placed before d; DCE then drops the two products): two multiplies
 * and an add become an add and a multiply, and when the same p + q serves
 * several components (`0.2 * c.rgb + k * c.rgb`) CSE keeps one add. The
 * common factor and the other operands are uniforms, small immediates or
 * temps with a single definition (the same value at the products and at
 * d; the sums this pass made count too, so a chain x*a + x*b + x*c
 * factors in one run); nothing involved may set flags, pack or unpack,
 * and the sum may not read two different small immediates (one
 * instruction has one). This reassociates
 * float arithmetic, which GLSL allows and Mesa's NIR does for inexact math
 * (a*b + a*c -> a*(b + c)); docs/qir.md, "Optimisations".
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"

/* qir_reg_is_stable(), counting this run's sums (temps from ntemps on,
 * one definition each, not in the derived defs) too. */
static bool stable(const struct qir_compile *c, struct qir_reg r, uint32_t ntemps)
{
	if (r.file == QIR_FILE_TEMP && r.index >= ntemps)   /* before the defs' bounds */
		return !r.unpack;
	return qir_reg_is_stable(c, r);
}

/* The plain fmul defining r, read only once (uses may be NULL: no use
 * check), with stable operands; else NULL. */
VC4_CODE_ALIGN(256)
static inline const struct qir_inst *product(const struct qir_compile *c, struct qir_reg r,
					     const uint32_t *uses, uint32_t ntemps)
{
	if (r.file != QIR_FILE_TEMP || r.unpack || r.index >= ntemps)
		return NULL;
	const struct qir_inst *d = qir_temp_def(c, r.index);
	if (!d || d->op != QIR_OP_FMUL || d->cond != QPU_COND_ALWAYS || d->sf || d->pack ||
	    (uses && uses[r.index] != 1) || !stable(c, d->src[0], ntemps) ||
	    !stable(c, d->src[1], ntemps))
		return NULL;
	return d;
}

/* For inst, a plain fadd/fsub of two distinct products: the products (in
 * source order), or false. */
static inline bool candidate(const struct qir_compile *c, const struct qir_inst *inst,
		      const uint32_t *uses, uint32_t ntemps, const struct qir_inst *m[2])
{
	if ((inst->op != QIR_OP_FADD && inst->op != QIR_OP_FSUB) || inst->sf || inst->pack ||
	    qir_reg_equal(inst->src[0], inst->src[1]))
		return false;
	m[0] = product(c, inst->src[0], uses, ntemps);
	m[1] = product(c, inst->src[1], uses, ntemps);
	return m[0] && m[1];
}

/* The operand index i of m0 and j of m1 that are equal (the common
 * factor); false when they share none. */
static bool common(const struct qir_inst *m0, const struct qir_inst *m1, int *i, int *j)
{
	for (*i = 0; *i < 2; (*i)++)
		for (*j = 0; *j < 2; (*j)++)
			if (qir_reg_equal(m0->src[*i], m1->src[*j]))
				return true;
	return false;
}

/* Rewrites inst (in block b) when it factors; true when it did. */
static bool factor(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
		   const uint32_t *uses, uint32_t ntemps)
{
	const struct qir_inst *m[2];
	int i, j;
	if (!candidate(c, inst, uses, ntemps, m) || !common(m[0], m[1], &i, &j))
		return false;
	struct qir_reg p = m[0]->src[!i], q = m[1]->src[!j];
	if (p.file == QIR_FILE_SMALL_IMM && q.file == QIR_FILE_SMALL_IMM && !qir_reg_equal(p, q))
		return false;   /* an instruction reads one small immediate */
	struct qir_reg x = m[0]->src[i], n = qir_temp(c);
	struct qir_inst *sum = qir_inst_create(c, inst->op, n, p, q);
	if (!sum)
		return false;
	qir_inst_insert_before(b, inst, sum);
	inst->op = QIR_OP_FMUL;
	inst->src[0] = x;
	inst->src[1] = n;
	return true;
}

/* qir_rewrite_with_uses()'s visit (arg: the temp count before this run):
 * without counts, whether inst reads two products with a common factor;
 * with them, factors it. */
static bool visit(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
		  uint32_t *uses, void *arg)
{
	uint32_t ntemps = *(const uint32_t *)arg;
	const struct qir_inst *m[2];
	int i, j;
	if (!uses)
		return candidate(c, inst, NULL, ntemps, m) && common(m[0], m[1], &i, &j);
	return factor(c, b, inst, uses, ntemps);
}

VC4_CODE_ALIGN(2048)
bool qir_opt_factor(struct qir_compile *c)
{
	uint32_t ntemps = c->num_temps;
	return qir_rewrite_with_uses(c, visit, &ntemps);
}
