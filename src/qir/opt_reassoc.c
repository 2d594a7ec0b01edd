/*
 * opt_reassoc.c: sums of one value become one multiply. A temp is seen as
 * n·x when its single unconditional, flag-less, unpacked and unpacked-
 * source definition is `fadd t, a, b` with a = k·x and b = m·x (n = k + m),
 * or `fmul t, a, K` with a = k·x and K a constant whole number (n = k·K);
 * anything else is 1·itself. An `fadd` whose sources are multiples of the
 * same x with n >= 3 becomes `fmul t, x, n` (n, at most 2^24, is exact in a
 * float; n = 2 stays `fadd x, x`, which opt_algebraic prefers). So the 16
 * chained adds of `a + b + ... + q` over equal values become one fmul.
 * This reassociates float sums, which GLSL allows and Mesa's NIR does for
 * inexact math (docs/qir.md, "Optimisations"); the one rounding of the
 * product is no less accurate than the chain's. At most 32 definitions are
 * followed per fadd (the earlier fadds of a chain are already multiplies
 * when the walk in program order reaches the later ones).
 */
#include <math.h>
#include <string.h>

#include "qir/qir.h"
#include "util/code_align.h"

#define MAX_VISITS 32   /* definitions followed per fadd (bounds the cost) */
#define MAX_MULTIPLE 16777216.0f

/* A whole number K >= 1 that r holds as a float constant, else 0. */
static float whole_const(const struct qir_compile *c, struct qir_reg r)
{
	uint32_t bits;
	float f;
	if (!qir_reg_const(c, r, &bits))
		return 0;
	memcpy(&f, &bits, sizeof(f));
	return f >= 1.0f && f <= MAX_MULTIPLE && f == floorf(f) ? f : 0;
}

/* The plain definition of temp r (single, unconditional, no flags, pack
 * or unpack anywhere), or NULL. */
static const struct qir_inst *plain_def(const struct qir_compile *c, struct qir_reg r)
{
	if (r.file != QIR_FILE_TEMP || r.unpack)
		return NULL;
	const struct qir_inst *d = qir_temp_def(c, r.index);
	if (!d || d->cond != QPU_COND_ALWAYS || d->sf || d->pack || d->src[0].unpack ||
	    d->src[1].unpack)
		return NULL;
	return d;
}

/* r as n·x: sets *x and returns n (1 with x = r when r is no multiple, or
 * when the *budget of definitions to follow is spent). */
VC4_CODE_ALIGN(1024)
static float multiple(const struct qir_compile *c, struct qir_reg r, struct qir_reg *x,
		      unsigned *budget)
{
	const struct qir_inst *d = *budget ? (--*budget, plain_def(c, r)) : NULL;
	*x = r;
	if (d && d->op == QIR_OP_FADD) {
		struct qir_reg xa, xb;
		float na = multiple(c, d->src[0], &xa, budget);
		float nb = multiple(c, d->src[1], &xb, budget);
		if (qir_reg_equal(xa, xb) && na + nb <= MAX_MULTIPLE)
			return *x = xa, na + nb;
	}
	if (d && d->op == QIR_OP_FMUL) {
		for (int s = 0; s < 2; s++) {
			float k = whole_const(c, d->src[!s]), n;
			if (k && (n = multiple(c, d->src[s], x, budget)) * k <= MAX_MULTIPLE)
				return n * k;
		}
		*x = r;
	}
	return 1;
}

/* Turns inst, a plain fadd of two multiples of one temp x with n >= 3 in
 * all, into `fmul inst.dst, x, n` (n a new CONST uniform); true when it did. */
static bool rewrite(struct qir_compile *c, struct qir_inst *inst)
{
	if (inst->op != QIR_OP_FADD || inst->sf || inst->pack || inst->src[0].unpack ||
	    inst->src[1].unpack)
		return false;
	struct qir_reg xa, xb;
	unsigned budget = MAX_VISITS;
	float na = multiple(c, inst->src[0], &xa, &budget);
	float nb = multiple(c, inst->src[1], &xb, &budget);
	if (!qir_reg_equal(xa, xb) || xa.file != QIR_FILE_TEMP || na + nb < 3 ||
	    na + nb > MAX_MULTIPLE)
		return false;
	inst->op = QIR_OP_FMUL;
	inst->src[0] = xa;
	inst->src[1] = qir_uniform_f(c, na + nb);
	return true;
}

VC4_CODE_ALIGN(512)
bool qir_opt_reassoc(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, rewrite);
}
