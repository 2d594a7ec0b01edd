/*
 * opt_pack_clamp.c: a clamp to [0, 1] right before a colour pack goes.
 * The MUL unit's colour pack (PM 1: `.8888c`, `.8ac` .. `.8dc`) turns a
 * float into a byte saturating at both ends (qpu_pack_unorm8(): negative
 * and zero give 0, 1.0 and above give 255), so `fmax t, x, 0; fmin u, t,
 * 1.0; mmov d.8ac, u` packs the same byte as `mmov d.8ac, x` for every x
 * but a NaN (whose clamp GLSL leaves undefined): `gl_FragColor =
 * clamp(c, 0.0, 1.0)` (post-sharpen FS, four channels). The same for a
 * min with 1.0 or a max with 0 alone, and either order of the two; each
 * read only by the next; x a uniform, a small immediate or a temp with one
 * definition, without an unpack; the pack an unconditional `mmov` without
 * flags. DCE then drops the min and max.
 */
#include <stdlib.h>

#include "qir/qir.h"

#define ONE_BITS 0x3f800000u   /* 1.0f */

/* The other operand of `op a, K` (or `op K, a`) when inst is that op with
 * the constant K, unconditional, plain; else a null register. */
static struct qir_reg bound_of(const struct qir_compile *c, const struct qir_inst *inst,
			       enum qir_op op, uint32_t k)
{
	uint32_t v;
	if (!inst || inst->op != op || inst->cond != QPU_COND_ALWAYS || inst->sf || inst->pack)
		return qir_null();
	for (int s = 0; s < 2; s++)
		if (!inst->src[s].unpack && qir_reg_const(c, inst->src[s], &v) && v == k &&
		    !inst->src[!s].unpack)
			return inst->src[!s];
	return qir_null();
}

/* Whether a reads the same value wherever it is read. */
static bool stable(const struct qir_compile *c, struct qir_reg a)
{
	return a.file == QIR_FILE_UNIF || a.file == QIR_FILE_SMALL_IMM ||
	       (a.file == QIR_FILE_TEMP && qir_temp_def(c, a.index));
}

/* Whether t is the result of an fmin or fmax (a cheap test before the
 * read counts are made). */
static bool bounded(const struct qir_compile *c, struct qir_reg t)
{
	const struct qir_inst *d = t.file == QIR_FILE_TEMP ? qir_temp_def(c, t.index) : NULL;
	return d && (d->op == QIR_OP_FMIN || d->op == QIR_OP_FMAX);
}

/* What `t` bounds to [0, 1] before the pack, through at most two steps of
 * `fmax ., 0` or `fmin ., 1.0`, each read once (the pack saturates at both
 * ends itself); else a null register. */
static struct qir_reg clamped(const struct qir_compile *c, const uint32_t *uses, struct qir_reg t)
{
	struct qir_reg x = t;
	for (int step = 0; step < 2; step++) {
		if (x.file != QIR_FILE_TEMP || x.unpack || uses[x.index] != 1)
			break;
		const struct qir_inst *d = qir_temp_def(c, x.index);
		struct qir_reg y = bound_of(c, d, QIR_OP_FMIN, ONE_BITS);
		if (y.file == QIR_FILE_NULL)
			y = bound_of(c, d, QIR_OP_FMAX, 0);
		if (y.file == QIR_FILE_NULL)
			break;
		x = y;
	}
	return x.index != t.index || x.file != t.file ? x : qir_null();
}

bool qir_opt_pack_clamp(struct qir_compile *c)
{
	if (c->stage != QIR_STAGE_FRAGMENT || !qir_temp_defs(c))
		return false;
	uint32_t *uses = NULL;
	bool progress = false;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, inst) {
			if (inst->op != QIR_OP_MMOV || !inst->pack || !inst->pack_mul ||
			    inst->cond != QPU_COND_ALWAYS || inst->sf || !bounded(c, inst->src[0]))
				continue;
			if (!uses && !(uses = qir_temp_use_counts(c))) {
				c->oom = true;
				return false;
			}
			struct qir_reg x = clamped(c, uses, inst->src[0]);
			if (x.file == QIR_FILE_NULL || !stable(c, x))
				continue;
			uses[inst->src[0].index] = 0;
			inst->src[0] = x;
			progress = true;
		}
	free(uses);
	if (progress)
		qir_invalidate(c);
	return progress;
}
