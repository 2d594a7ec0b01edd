/*
 * qir_optimize.c: the pass driver. Runs a list of passes in order, over and
 * over, until a whole round makes no progress (or a round limit is hit — a
 * safety net against two passes undoing each other). After every pass that
 * reports progress the program is validated (when asked: debug and test
 * builds), so a broken pass is named in the error:
 * "after pass 'copy_prop': block 0, inst 2 (...): ...".
 *
 * Two shortcuts leave every result as it was. A pass that made no progress
 * changed nothing, and run again on the same program it would make none
 * again: so a pass is skipped while no pass has made progress since its
 * last fruitless run (the final round then runs only the passes before the
 * last one that made progress). And the temps' definitions (c->defs) are
 * derived once and kept across the passes that never add, remove or
 * retarget a definition (they rewrite ops, sources, conditions and flags,
 * or remove destination-less instructions): c->defs_current tells
 * qir_temp_defs() so while the driver runs.
 */
#include "qir/qir.h"

#include <stdlib.h>

#define QIR_OPT_MAX_ROUNDS 64

static const struct qir_pass standard_passes[] = {
	{ "algebraic", qir_opt_algebraic, true },
	{ "constant_fold", qir_opt_constant_fold, true },
	{ "copy_prop", qir_opt_copy_prop, true },
	{ "cse", qir_opt_cse, true },
	{ "dce", qir_opt_dce, false },
	{ "coalesce_movs", qir_opt_coalesce_movs, false },
	{ "small_imm", qir_opt_small_imm, true },
	{ "redundant_sf", qir_opt_redundant_sf, true },
	{ "reassoc", qir_opt_reassoc, true },
	{ "factor", qir_opt_factor, false },
	{ "neg_sum", qir_opt_neg_sum, false },
	{ "const_flags", qir_opt_const_flags, false },
	{ "same_cond", qir_opt_same_cond, false },
	{ "flag_bool", qir_opt_flag_bool, true },
	{ "const_pack", qir_opt_const_pack, false },
	{ "dead_flags", qir_opt_dead_flags, true },
};

/* Runs one pass; drops the derived defs after progress of a pass that may
 * change them; validates after progress. */
static bool run_pass(struct qir_compile *c, const struct qir_pass *p, bool validate,
		     bool *made, struct vc4_diag *diag)
{
	*made = p->fn(c);
	if (c->oom)
		return vc4_diag_set(diag, "after pass '%s': out of memory", p->name);
	if (!*made)
		return true;
	if (!p->keeps_defs)
		qir_invalidate(c);
	struct vc4_diag d = {0};
	if (validate && !qir_validate(c, &d))
		return vc4_diag_set(diag, "after pass '%s': %s", p->name, d.msg);
	return true;
}

/* The rounds: pass i is skipped while clean[i] (1 + the progress count at
 * its last fruitless run, 0 = none yet) equals 1 + the progress count now. */
static bool rounds(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
		   bool validate, uint32_t *clean, struct vc4_diag *diag)
{
	uint32_t gen = 1;   /* 1 + passes that made progress so far */
	const char *last = NULL;
	for (int round = 0; round < QIR_OPT_MAX_ROUNDS; round++) {
		last = NULL;
		for (size_t i = 0; i < npasses; i++) {
			bool made;
			if (clean[i] == gen)
				continue;
			if (!run_pass(c, &passes[i], validate, &made, diag))
				return false;
			if (made)
				last = passes[i].name, gen++;
			else
				clean[i] = gen;
		}
		if (!last)
			return true;
	}
	/* Passes undoing each other: harmless for the result, a bug to fix. */
	return !validate || vc4_diag_set(diag, "no fixpoint after %d rounds (pass '%s' still "
					 "makes progress)", QIR_OPT_MAX_ROUNDS, last);
}

/* Runs `passes` (NULL: the standard list) in order, round after round, until
 * a round makes no progress; validates before and after each pass that made
 * progress when `validate`. False with diag naming the pass on an invalid
 * program, out of memory, or no fixpoint after QIR_OPT_MAX_ROUNDS rounds. */
bool qir_optimize_passes(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
			 bool validate, struct vc4_diag *diag)
{
	if (!passes) {
		passes = standard_passes;
		npasses = sizeof(standard_passes) / sizeof(standard_passes[0]);
	}
	struct vc4_diag d = {0};
	if (validate && !qir_validate(c, &d))
		return vc4_diag_set(diag, "before optimisation: %s", d.msg);
	uint32_t local[16] = {0};
	uint32_t *clean = npasses <= 16 ? local : calloc(npasses, sizeof(uint32_t));
	if (!clean) {
		c->oom = true;
		return vc4_diag_set(diag, "before optimisation: out of memory");
	}
	qir_invalidate(c);     /* from here on, defs present are current */
	c->defs_current = true;
	bool ok = rounds(c, passes, npasses, validate, clean, diag);
	c->defs_current = false;
	qir_invalidate(c);
	if (clean != local)
		free(clean);
	return ok;
}

bool qir_optimize(struct qir_compile *c, struct vc4_diag *diag)
{
#ifdef NDEBUG
	const bool validate = false;
#else
	const bool validate = true;
#endif
	return qir_optimize_passes(c, NULL, 0, validate, diag);
}
