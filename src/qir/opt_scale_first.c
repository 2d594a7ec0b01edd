/*
 * opt_scale_first.c: `(x + C) * K` → `x * K + C * K` for a constant C and a
 * power of two K (`fadd t, x, C; fmul d, t, K` with t read only there →
 * `fmul t, x, K; fadd d, t, C·K`). Scaling by a power of two is exact and
 * commutes with the rounding of the sum (the QPU's truncation too), so the
 * bits are the same but where x·K or a result leaves the normal range (C·K
 * itself must stay normal or zero). The product then waits only for x, not
 * for the sum: a vertex shader's `(p.xy + 1.0) / 2.0` can take the MUL
 * unit while the position's chain has not claimed it yet, and its add goes
 * to the ADD unit, which has room (piglit-glsl-fs-functions-samplers VS
 * 25 → 24, as Mesa's; convolution-1 VS 23 → 22; uniform-structs VS
 * 40 → 41).
 */
#include <stdlib.h>
#include <string.h>

#include "qir/qir.h"
#include "util/code_align.h"

/* A positive power of two, as float bits, neither tiny nor huge. */
static bool pow2_bits(uint32_t b)
{
	uint32_t e = (b >> 23) & 0xff;
	return (b & 0x7fffff) == 0 && e > 1 && e < 254 && !(b >> 31);
}

/* An unconditional fadd without flags, pack or unpacks. */
static bool plain_def(const struct qir_inst *d)
{
	return d && d->op == QIR_OP_FADD && d->cond == QPU_COND_ALWAYS && !d->sf && !d->pack &&
	       !d->src[0].unpack && !d->src[1].unpack;
}

/* C·K as float bits when it stays normal (or zero). */
static bool scaled(uint32_t cb, uint32_t kb, uint32_t *rb)
{
	float cf, kf, r;
	memcpy(&cf, &cb, 4);
	memcpy(&kf, &kb, 4);
	r = cf * kf;
	memcpy(rb, &r, 4);
	uint32_t e = (*rb >> 23) & 0xff;
	return r == 0 || (e != 0 && e != 255);
}

/* Rewrites `fmul inst, t, K` (source s is t) when t is `fadd t, x, C` read
 * only there; *uses is computed on first need. */
static bool rewrite(struct qir_compile *c, struct qir_inst *inst, int s, uint32_t **uses)
{
	uint32_t kb, cb, rb;
	struct qir_reg t = inst->src[s];
	if (t.file != QIR_FILE_TEMP || t.unpack || !qir_reg_const(c, inst->src[!s], &kb) ||
	    !pow2_bits(kb))
		return false;
	struct qir_inst *d = qir_temp_def(c, t.index);
	if (!plain_def(d))
		return false;
	int cs = qir_reg_const(c, d->src[1], &cb) ? 1 : qir_reg_const(c, d->src[0], &cb) ? 0 : -1;
	if (cs < 0 || d->src[!cs].file != QIR_FILE_TEMP || !scaled(cb, kb, &rb))
		return false;
	if (!*uses && !(*uses = qir_temp_use_counts(c)))
		return false;
	if ((*uses)[t.index] != 1)
		return false;
	struct qir_reg x = d->src[!cs];
	d->op = QIR_OP_FMUL;
	d->src[0] = x;
	d->src[1] = inst->src[!s];
	inst->op = QIR_OP_FADD;
	inst->src[0] = t;
	inst->src[1] = qpu_small_imm_encode(rb) >= 0 ? qir_small_imm(rb) :
		       qir_uniform(c, QIR_UNIFORM_CONST, rb);
	return true;
}

VC4_CODE_ALIGN(1024)
bool qir_opt_scale_first(struct qir_compile *c)
{
	if (!qir_temp_defs(c))
		return false;
	uint32_t *uses = NULL;
	bool progress = false;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, inst) {
			if (inst->op != QIR_OP_FMUL || inst->cond != QPU_COND_ALWAYS || inst->sf ||
			    inst->pack)
				continue;
			for (int s = 0; s < 2 && !c->oom; s++)
				if (rewrite(c, inst, s, &uses)) {
					progress = true;
					break;
				}
		}
	free(uses);
	if (progress)
		qir_invalidate(c);
	return progress;
}
