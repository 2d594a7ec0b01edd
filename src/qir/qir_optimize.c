/*
 * qir_optimize.c: the pass driver. Runs a list of passes in order, over and
 * over, until a whole round makes no progress (or a round limit is hit — a
 * safety net against two passes undoing each other). After every pass that
 * reports progress the program is validated (when asked: debug and test
 * builds), so a broken pass is named in the error:
 * "after pass 'copy_prop': block 0, inst 2 (...): ...".
 */
#include "qir/qir.h"

#define QIR_OPT_MAX_ROUNDS 64

static const struct qir_pass standard_passes[] = {
	{ "algebraic", qir_opt_algebraic },
	{ "constant_fold", qir_opt_constant_fold },
	{ "copy_prop", qir_opt_copy_prop },
	{ "cse", qir_opt_cse },
	{ "dce", qir_opt_dce },
	{ "coalesce_movs", qir_opt_coalesce_movs },
	{ "small_imm", qir_opt_small_imm },
	{ "redundant_sf", qir_opt_redundant_sf },
	{ "reassoc", qir_opt_reassoc },
	{ "flag_bool", qir_opt_flag_bool },
	{ "const_pack", qir_opt_const_pack },
	{ "dead_flags", qir_opt_dead_flags },
};

/* Runs one pass; validates after progress. */
static bool run_pass(struct qir_compile *c, const struct qir_pass *p, bool validate,
		     const char **progress, struct vc4_diag *diag)
{
	bool made = p->fn(c);
	if (c->oom)
		return vc4_diag_set(diag, "after pass '%s': out of memory", p->name);
	if (!made)
		return true;
	*progress = p->name;
	struct vc4_diag d = {0};
	if (validate && !qir_validate(c, &d))
		return vc4_diag_set(diag, "after pass '%s': %s", p->name, d.msg);
	return true;
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
	const char *last = NULL;
	for (int round = 0; round < QIR_OPT_MAX_ROUNDS; round++) {
		last = NULL;
		for (size_t i = 0; i < npasses; i++) {
			if (!run_pass(c, &passes[i], validate, &last, diag))
				return false;
		}
		if (!last)
			return true;
	}
	/* Passes undoing each other: harmless for the result, a bug to fix. */
	return !validate || vc4_diag_set(diag, "no fixpoint after %d rounds (pass '%s' still "
					 "makes progress)", QIR_OPT_MAX_ROUNDS, last);
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
