/*
 * opt_fold_packs.c: the pack/unpack peepholes of qir_opt_fold_packs()
 * (qir.h). Both fold a single-use definition D into its one reader X in the
 * same block, X keeping its place; they require that D's sources are not
 * written between D and X. The temps' definitions and read counts are
 * derived once and kept up to date through each fold (D's temp loses its
 * only definition, the reads move from D to X), so every sweep after a fold
 * sees what deriving them again would give.
 * The kind of the progress (c->change) is QIR_CHANGE_FOLDS when every fold
 * was into an unconditional, flag-less X and no replicating pack was made:
 * then only such X read D's operands instead of D's temp (an unpack, or a
 * pack and fmul taken over), D is gone, and nothing else changed (which
 * passes cannot find work after that: qir_optimize.c); else QIR_CHANGE_ANY.
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "qir/opt_pack_replicate.h"
#include "util/code_align.h"

/* Whether any instruction strictly between d and x writes a temp d reads. */
static bool sources_clobbered(const struct qir_inst *d, const struct qir_inst *x)
{
	for (const struct qir_inst *i = d->next; i && i != x; i = i->next) {
		if (i->dst.file != QIR_FILE_TEMP)
			continue;
		for (int s = 0; s < QIR_MAX_SRC; s++)
			if (qir_is_temp(d->src[s]) && d->src[s].index == i->dst.index)
				return true;
	}
	return false;
}

/* Adds delta to the read count of every temp inst reads. */
static void count_reads(const struct qir_compile *c, uint32_t *uses, const struct qir_inst *inst,
			uint32_t delta)
{
	for (int s = 0; s < QIR_MAX_SRC; s++)
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < c->num_temps)
			uses[inst->src[s].index] += delta;
}

/* Before X is rewritten to read what D reads: D's and X's reads go. */
static void fold_begin(const struct qir_compile *c, uint32_t *uses, const struct qir_inst *x,
		       const struct qir_inst *d)
{
	count_reads(c, uses, x, UINT32_MAX);   /* -1 each, modulo 2^32 */
	count_reads(c, uses, d, UINT32_MAX);
}

/* After: X's new reads count, D (the only definition of its temp) goes. */
static void fold_end(struct qir_compile *c, struct qir_block *b, uint32_t *uses,
		     const struct qir_inst *x, struct qir_inst *d)
{
	count_reads(c, uses, x, 1);
	c->def_count[d->dst.index] = 0;
	c->defs[d->dst.index] = NULL;
	qir_inst_remove(c, b, d);
}

/* D, when t has exactly one definition that is a plain instruction of `op`
 * before x in block b, read `reads` times (all by x), with sources intact up
 * to x. */
static inline struct qir_inst *single_def(struct qir_compile *c, const uint32_t *uses,
				   const struct qir_inst *x, struct qir_reg t, enum qir_op op,
				   uint32_t reads)
{
	if (!qir_is_temp(t) || t.unpack || uses[t.index] != reads)
		return NULL;
	struct qir_inst *d = qir_temp_def(c, t.index);
	if (!d || d->op != op || d->cond != QPU_COND_ALWAYS || d->sf || d->pack)
		return NULL;
	for (const struct qir_inst *i = d->next; i; i = i->next)
		if (i == x)
			return sources_clobbered(d, x) ? NULL : d;
	return NULL;
}

/* fmov t, u.unpack; X(float_in) reads t → X reads u.unpack (both operands
 * when X reads t twice, as `fadd y, t, t` for t * 2: one register read with
 * one unpack). */
static bool fold_unpack(struct qir_compile *c, struct qir_block *b, uint32_t *uses,
			struct qir_inst *x)
{
	const struct qir_op_info *info = &qir_ops[x->op];
	if (!(info->flags & QIR_OPF_FLOAT_IN) || info->nsrc != 2 || x->op == QIR_OP_VARY_ADD_C ||
	    (x->pack && x->pack_mul))   /* QIR keeps MUL packs and unpacks apart */
		return false;
	for (int s = 0; s < 2; s++) {
		struct qir_reg other = x->src[!s];
		bool both = qir_reg_equal(other, x->src[s]);   /* `fadd y, t, t`: x reads t twice */
		struct qir_inst *d = single_def(c, uses, x, x->src[s], QIR_OP_FMOV, both ? 2 : 1);
		if (!d || !d->src[0].unpack || (other.unpack && !both) || !qir_is_temp(d->src[0]))
			continue;
		fold_begin(c, uses, x, d);
		x->src[s] = d->src[0];
		if (both)
			x->src[!s] = d->src[0];
		fold_end(c, b, uses, x, d);
		if (x->cond != QPU_COND_ALWAYS || x->sf)
			c->change = QIR_CHANGE_ANY;   /* more than QIR_CHANGE_FOLDS */
		return true;
	}
	return false;
}

/* Whether src[s] of MUL-packing x is what x packs: x is `mmov d.PACK, t`
 * (s = 0) or `fmul d.PACK, t, 1.0`. */
static bool packs_src(struct qir_compile *c, const struct qir_inst *x, int s)
{
	uint32_t one;
	if (x->op == QIR_OP_MMOV)
		return s == 0;
	return x->op == QIR_OP_FMUL && qir_reg_const(c, x->src[!s], &one) &&
	       one == 0x3f800000u;
}

/* fmul t, a, b; mmov d.PACK, t (or fmul d.PACK, t, 1.0) → fmul d.PACK, a, b. */
static bool fold_pack(struct qir_compile *c, struct qir_block *b, uint32_t *uses,
		      struct qir_inst *x)
{
	if ((x->op != QIR_OP_FMUL && x->op != QIR_OP_MMOV) || !x->pack || !x->pack_mul ||
	    x->sf || x->cond != QPU_COND_ALWAYS)
		return false;
	for (int s = 0; s < 2; s++) {
		if (!packs_src(c, x, s))
			continue;
		struct qir_inst *d = single_def(c, uses, x, x->src[s], QIR_OP_FMUL, 1);
		if (!d || d->src[0].unpack || d->src[1].unpack)
			continue;
		fold_begin(c, uses, x, d);
		x->op = QIR_OP_FMUL;
		x->src[0] = d->src[0];
		x->src[1] = d->src[1];
		fold_end(c, b, uses, x, d);
		return true;
	}
	return false;
}

/* One sweep over the program with the current defs and read counts, all
 * packs first, then all unpacks (a folded pack keeps the unpack out of
 * that fmul); true when something changed. After a fold the sweep goes on
 * at X itself, with the same result as starting again from the top, as it
 * did: a fold changes only X, removes D (whose temp only X read) and leaves
 * every other read count but that of X's old constant operand (a
 * load_imm's temp, never a D), so no instruction before X can fold where
 * it could not, and an unpack fold makes no pack foldable (a D with an
 * unpacked source never folds into a pack). */
static bool sweep(struct qir_compile *c, uint32_t *uses)
{
	bool progress = false;
	struct qir_block *b;
	for (int pass = 0; pass < 2; pass++) {
		qir_foreach_block(c, b) {
			for (struct qir_inst *x = b->first; x;) {
				if (pass ? fold_unpack(c, b, uses, x) : fold_pack(c, b, uses, x))
					progress = true;   /* X again, with its new operands */
				else
					x = x->next;
			}
		}
	}
	return progress;
}

VC4_CODE_ALIGN(2048)
bool qir_opt_fold_packs(struct qir_compile *c)
{
	bool replicated = qir_opt_pack_replicate(c);
	c->change = replicated ? QIR_CHANGE_ANY : QIR_CHANGE_FOLDS;
	if (!qir_temp_defs(c)) {
		c->oom = true;
		return false;
	}
	uint32_t *uses = qir_temp_use_counts(c);
	bool any = false;
	while (uses && !c->oom && sweep(c, uses))
		any = true;
	free(uses);
	qir_invalidate(c);
	return any || replicated;
}
