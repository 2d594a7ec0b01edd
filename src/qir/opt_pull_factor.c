/*
 * opt_pull_factor.c: a factor shared one level down, pulled up so that
 * `factor` (opt_factor.c) can take it out. In `fadd d, a, b` (or `fsub`)
 * with a = `fmul A, p` and b = `fmul B, q`, p and q uniforms or small
 * immediates, A = `fmul x, s` and B = `fmul y, s` (each of a, b, A, B read
 * only there), the products are regrouped as a = `fmul A, s` with
 * A = `fmul x, p`, and b likewise: the sum then reads two products of s,
 * and `factor` makes it (x·p + y·q)·s. The case: `dot(normalize(v), u)`
 * with u a uniform, n = v·rsq read only by the dot: three products by the
 * refined 1/|v| and three by u become three by u and one by 1/|v|
 * (lit-hemisphere VS). Same number of multiplies here, two fewer after
 * `factor`. This reassociates float products, which GLSL allows and Mesa's
 * NIR does for inexact math (docs/qir.md, "Optimisations").
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"

/* The plain fmul defining temp r, read once; else NULL. */
static struct qir_inst *single_product(const struct qir_compile *c, struct qir_reg r,
				       const uint32_t *uses)
{
	if (r.file != QIR_FILE_TEMP || r.unpack || r.index >= c->num_temps)
		return NULL;
	struct qir_inst *d = qir_temp_def(c, r.index);
	if (!d || d->op != QIR_OP_FMUL || d->cond != QPU_COND_ALWAYS || d->sf || d->pack ||
	    d->src[0].unpack || d->src[1].unpack || (uses && uses[r.index] != 1))
		return NULL;
	return d;
}

static bool is_constant_operand(struct qir_reg r)
{
	return !r.unpack && (r.file == QIR_FILE_UNIF || r.file == QIR_FILE_SMALL_IMM);
}

/* For product m = `fmul A, p`: k = the operand index of A, inner = A's
 * definition; false unless p is a uniform or small immediate. */
static bool split(const struct qir_compile *c, const struct qir_inst *m, const uint32_t *uses,
		  int *k, struct qir_inst **inner)
{
	for (*k = 0; *k < 2; (*k)++)
		if (is_constant_operand(m->src[!*k]) &&
		    (*inner = single_product(c, m->src[*k], uses)))
			return true;
	return false;
}

/* Regroups m = `fmul A, p`, A = `fmul x, s` (s = inner->src[si]) into
 * A = `fmul x, p`, m = `fmul A, s`. */
static void regroup(struct qir_inst *m, int k, struct qir_inst *inner, int si)
{
	struct qir_reg p = m->src[!k], s = inner->src[si];
	inner->src[si] = p;
	m->src[!k] = s;
}

/* Pulls the common inner factor of inst's two products up (only tells
 * whether it would when !apply); true when done. */
static bool pull(const struct qir_compile *c, struct qir_inst *inst, const uint32_t *uses,
		 bool apply)
{
	if ((inst->op != QIR_OP_FADD && inst->op != QIR_OP_FSUB) || inst->sf || inst->pack ||
	    qir_reg_equal(inst->src[0], inst->src[1]))
		return false;
	struct qir_inst *m0 = single_product(c, inst->src[0], uses);
	struct qir_inst *m1 = single_product(c, inst->src[1], uses);
	struct qir_inst *a, *b;
	int k0, k1;
	if (!m0 || !m1 || m0 == m1 || !split(c, m0, uses, &k0, &a) || !split(c, m1, uses, &k1, &b) ||
	    a == b)
		return false;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++)
			if (qir_reg_equal(a->src[i], b->src[j]) && qir_reg_is_stable(c, a->src[i])) {
				if (!apply)
					return true;
				regroup(m0, k0, a, i);
				regroup(m1, k1, b, j);
				return true;
			}
	return false;
}

/* qir_rewrite_with_uses()'s visit: without counts, whether inst could be
 * regrouped were every product read once (a superset); with them, regroups. */
static bool visit(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
		  uint32_t *uses, void *arg)
{
	(void)b, (void)arg;
	return pull(c, inst, uses, uses != NULL);
}

VC4_CODE_ALIGN(4096)
bool qir_opt_pull_factor(struct qir_compile *c)
{
	return qir_rewrite_with_uses(c, visit, NULL);
}
