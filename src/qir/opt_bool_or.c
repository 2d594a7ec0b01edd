/*
 * opt_bool_or.c: `a || b` of two comparisons as one boolean. The lowering
 * makes each comparison a 0/~0 temp and ors them,
 *   mov t0, 0; <flags>; mov.C0 t0, -1; mov t1, 0; <flags>; mov.C1 t1, -1;
 *   or t2, t0, t1
 * (the constants as `load_imm` inside the optimiser's fixpoint), where one
 * temp set under either condition does: `mov t2, 0; <flags>;
 * mov.C0 t2, -1; <flags>; mov.C1 t2, -1` (the second `mov 0` and the `or`
 * go; post-fxaa's `(lB < lMin || lB > lMax) ? a : b`, atan-3's and
 * loop-shadow-variables' `x == 9 || x == 0`). Each of t0 and t1 is written
 * only by those two instructions, in the or's block, and read only by the
 * or; t2 has the or as its one definition and is not read between the
 * first `mov 0` and the or (a loop's earlier value).
 */
#include <stdlib.h>

#include "qir/qir.h"

/* The two writes of a boolean temp: `mov t, 0` then `mov.C t, -1`. */
struct bool_writes {
	struct qir_inst *zero, *set;
	uint32_t zero_at, set_at;   /* distance before the or */
};

/* `mov t, v` or `load_imm t, v` (the fixpoint's form of small constants). */
static bool is_const_mov(const struct qir_compile *c, const struct qir_inst *i, uint32_t v)
{
	uint32_t k;
	if (i->sf || i->pack)
		return false;
	if (i->op == QIR_OP_LOAD_IMM)
		return i->src[0].index == v;
	return i->op == QIR_OP_MOV && !i->src[0].unpack && qir_reg_const(c, i->src[0], &k) &&
	       k == v;
}

/* Scans back from the or x for the writes of t0 and t1 and for reads of
 * its result; false unless each is exactly `mov 0; mov.C -1` and no read
 * of the result comes after the earlier `mov 0`. */
static bool find_writes(const struct qir_compile *c, const struct qir_inst *x,
			struct bool_writes w[2])
{
	uint32_t t[2] = { x->src[0].index, x->src[1].index }, read_at = 0;
	unsigned n[2] = { 0, 0 };
	uint32_t d = 1;
	for (struct qir_inst *i = x->prev; i; i = i->prev, d++) {
		for (int s = 0; s < qir_ops[i->op].nsrc; s++)
			if (qir_is_temp(i->src[s]) && i->src[s].index == x->dst.index && !read_at)
				read_at = d;
		for (int k = 0; k < 2; k++) {
			if (i->dst.file != QIR_FILE_TEMP || i->dst.index != t[k])
				continue;
			if (n[k] == 0 && i->cond != QPU_COND_ALWAYS && is_const_mov(c, i, ~0u))
				w[k].set = i, w[k].set_at = d;
			else if (n[k] == 1 && i->cond == QPU_COND_ALWAYS && is_const_mov(c, i, 0))
				w[k].zero = i, w[k].zero_at = d;
			else
				return false;
			n[k]++;
		}
	}
	if (n[0] != 2 || n[1] != 2)
		return false;
	uint32_t first_zero = w[0].zero_at > w[1].zero_at ? w[0].zero_at : w[1].zero_at;
	return !read_at || read_at > first_zero;
}

/* Rewrites x, an `or` of two 0/~0 comparison temps, as one temp when it
 * can; true when it did. */
static bool rewrite(struct qir_compile *c, struct qir_block *b, const uint32_t *uses,
		    struct qir_inst *x)
{
	if (x->op != QIR_OP_OR || x->cond != QPU_COND_ALWAYS || x->sf || x->pack ||
	    x->dst.file != QIR_FILE_TEMP || qir_temp_def(c, x->dst.index) != x)
		return false;
	struct qir_reg a = x->src[0], bb = x->src[1];
	if (!qir_is_temp(a) || !qir_is_temp(bb) || a.unpack || bb.unpack || a.index == bb.index ||
	    uses[a.index] != 1 || uses[bb.index] != 1 || c->def_count[a.index] != 2 ||
	    c->def_count[bb.index] != 2)
		return false;
	struct bool_writes w[2];
	if (!find_writes(c, x, w))
		return false;
	/* the boolean set first keeps its zeroing, which comes before both sets */
	int f = w[0].set_at > w[1].set_at ? 0 : 1;
	w[f].zero->dst = x->dst;
	w[f].set->dst = x->dst;
	w[!f].set->dst = x->dst;
	qir_inst_remove(c, b, w[!f].zero);
	qir_inst_remove(c, b, x);
	return true;
}

bool qir_opt_bool_or(struct qir_compile *c)
{
	if (!qir_temp_defs(c))
		return false;
	uint32_t *uses = qir_temp_use_counts(c);
	if (!uses) {
		c->oom = true;
		return false;
	}
	bool progress = false;
	struct qir_block *b;
	qir_foreach_block(c, b) {
		struct qir_inst *x, *next;
		qir_foreach_inst_safe(b, x, next)
			if (rewrite(c, b, uses, x)) {
				progress = true;
				break;   /* the counts are stale: one per block and run */
			}
	}
	free(uses);
	if (progress)
		qir_invalidate(c);
	return progress;
}
