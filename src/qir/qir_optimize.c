/*
 * qir_optimize.c: the pass driver. Runs a list of passes in order, over and
 * over, until a whole round makes no progress (or a round limit is hit — a
 * safety net against two passes undoing each other). After every pass that
 * reports progress the program is validated (when asked: debug and test
 * builds), so a broken pass is named in the error:
 * "after pass 'copy_prop': block 0, inst 2 (...): ...". The standard list
 * has two tiers: the passes that find work in most rounds sweep to their
 * own fixpoint, then the rarely productive rest sweep once, and only their
 * progress repeats the whole (docs/qir.md).
 *
 * Two shortcuts leave every result as it was. A pass that made no progress
 * changed nothing, and run again on the same program it would make none
 * again: so a pass is skipped while no pass has made progress since its
 * last fruitless run (the final round then runs only the passes before the
 * last one that made progress). And the temps' definitions (c->defs) are
 * derived once and kept across the passes that never add, remove or
 * retarget a definition (they rewrite ops, sources, conditions and flags,
 * or remove destination-less instructions) and across DCE, which updates
 * them (or drops them) itself: c->defs_current tells qir_temp_defs() so
 * while the driver runs. A third: a pass whose table
 * entry names its needs can only find work in a program that contains what it
 * starts from (a flag update, a conditional write, an fadd, ...), so it is
 * skipped, as a fruitless run, while a summary of the program (one walk,
 * redone only after progress) says something is missing. A fourth: a pass
 * reports the kind of its progress (c->change, QIR_CHANGE_*), and a clean
 * pass blind to that kind (its table entry's blind_to) stays clean: DCE
 * that only removed whole temps, or small immediates replacing equal
 * constants, cannot give algebraic, constant fold, copy prop, CSE or small
 * imm work (the comment at the table says why for each).
 */
#include "qir/qir.h"

#include <stdlib.h>

#define QIR_OPT_MAX_ROUNDS 64

/* needs: every change redundant_sf and dead_flags make starts from a flag
 * update, const_flags' from a conditional write reading flags a constant
 * set, same_cond's from a conditional write, flag_bool's from a
 * conditional mov that a `mov.sf` tests, const_pack's from an mmov (packed
 * constants), factor's from an fmul (its products), neg_sum's from an
 * fmul of an xor (a negated factor), reassoc's from an fadd
 * (its sums), pull_factor's and scale_first's from an fmul; const_temps
 * only finds temps worth it where selects merged them, by conditional
 * writes (without the need it cost 16 M instructions over the corpus for
 * nothing more).
 * blind_to: DCE's DEAD_TEMPS progress removes only instructions no remaining
 * one reads, of temps without another definition: the others' operands,
 * definitions, constants and the CFG stay as they were, which is all that
 * algebraic, constant fold, float fold, copy prop (its copy versions count
 * writes, of the remaining temps unchanged), CSE and small imm look at. small_imm's
 * IMMS progress keeps every operand's constant (qir_reg_const()) and
 * unpack, and the definitions: algebraic can only lose an x-op-x match,
 * constant fold a mov of a uniform, and small imm itself has nothing left
 * (it tries every operand in one run). Not blind: CSE to IMMS (a load_imm
 * temp and a uniform of one value become the same immediate), copy prop to
 * IMMS (a copy of a multiply-written temp becomes one of an immediate), the
 * passes counting reads (coalesce, factor, ...) and DCE to DEAD_TEMPS. */
#define DT QIR_CHANGE_DEAD_TEMPS
#define IM QIR_CHANGE_IMMS
static const struct qir_pass standard_passes[] = {
	{ "algebraic", qir_opt_algebraic, true, 0, DT | IM },
	{ "constant_fold", qir_opt_constant_fold, true, 0, DT | IM },
	{ "float_fold", qir_opt_float_fold, true, 0, DT | IM },
	{ "copy_prop", qir_opt_copy_prop, true, 0, DT },
	{ "cse", qir_opt_cse, true, 0, DT },
	{ "dce", qir_opt_dce, true, 0, 0 },   /* keeps defs: it updates or drops them */
	{ "small_imm", qir_opt_small_imm, true, 0, DT | IM },
	/* The rarely productive tier (STANDARD_CHEAP above): once per fixpoint of the cheap one. */
	{ "coalesce_movs", qir_opt_coalesce_movs, false, 0, 0 },
	{ "redundant_sf", qir_opt_redundant_sf, true, QIR_NEEDS_SF, 0 },
	{ "reassoc", qir_opt_reassoc, true, QIR_NEEDS_OP(QIR_OP_FADD), 0 },
	{ "pull_factor", qir_opt_pull_factor, true, QIR_NEEDS_OP(QIR_OP_FMUL), 0 },
	{ "factor", qir_opt_factor, false, QIR_NEEDS_OP(QIR_OP_FMUL), 0 },
	{ "neg_sum", qir_opt_neg_sum, false, QIR_NEEDS_OP(QIR_OP_FMUL) | QIR_NEEDS_OP(QIR_OP_XOR), 0 },
	{ "neg_const", qir_opt_neg_const, true, QIR_NEEDS_OP(QIR_OP_FMUL) | QIR_NEEDS_OP(QIR_OP_XOR), 0 },
	{ "const_flags", qir_opt_const_flags, false, QIR_NEEDS_SF | QIR_NEEDS_COND, 0 },
	{ "same_cond", qir_opt_same_cond, false, QIR_NEEDS_COND, 0 },
	{ "cond_pair", qir_opt_cond_pair, false, QIR_NEEDS_COND, 0 },
	{ "const_temps", qir_opt_const_temps, false, QIR_NEEDS_COND, 0 },
	{ "scale_first", qir_opt_scale_first, true, QIR_NEEDS_OP(QIR_OP_FMUL), 0 },
	{ "bool_or", qir_opt_bool_or, false, QIR_NEEDS_COND | QIR_NEEDS_OP(QIR_OP_OR), 0 },
	{ "flag_bool", qir_opt_flag_bool, true, QIR_NEEDS_SF | QIR_NEEDS_COND | QIR_NEEDS_OP(QIR_OP_MOV), 0 },
	{ "pack_clamp", qir_opt_pack_clamp, true, QIR_NEEDS_OP(QIR_OP_MMOV), 0 },
	{ "const_pack", qir_opt_const_pack, false, QIR_NEEDS_OP(QIR_OP_MMOV), 0 },
	{ "dead_flags", qir_opt_dead_flags, true, QIR_NEEDS_SF, 0 },
};

/* The first STANDARD_CHEAP passes find work in most rounds and run to their
 * own fixpoint; the others, which rarely do, then run once, and the whole
 * repeats only when one of them made progress. */
#define STANDARD_CHEAP 7

/* The QIR_NEEDS_* bits of what the program contains. */
static uint64_t summarize(const struct qir_compile *c)
{
	uint64_t s = 0;
	struct qir_block *b;
	const struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			s |= QIR_NEEDS_OP(inst->op);
			if (inst->sf)
				s |= QIR_NEEDS_SF;
			if (inst->cond != QPU_COND_ALWAYS && inst->op != QIR_OP_BRANCH)
				s |= QIR_NEEDS_COND;
		}
	}
	return s;
}

/* Whether pass p may find work: its needs all occur. *sum is the program's
 * summary, recomputed when stale (0: after progress). */
static bool may_work(const struct qir_compile *c, const struct qir_pass *p, uint64_t *sum)
{
	if (!p->needs)
		return true;
	if (!*sum)
		*sum = summarize(c) | 1;   /* bit 0 (undef) keeps it non-zero */
	return (*sum & p->needs) == p->needs;
}

/* Runs one pass; drops the derived defs after progress of a pass that may
 * change them; validates after progress. */
static bool run_pass(struct qir_compile *c, const struct qir_pass *p, bool validate,
		     bool *made, struct vc4_diag *diag)
{
	c->change = QIR_CHANGE_ANY;
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

/* After pass i's progress of kind `change`: the passes blind to it stay
 * clean (pass i too when blind to its own kind), every other is dirty. */
static void mark_dirty(const struct qir_pass *passes, size_t npasses, size_t i,
		       uint32_t change, bool *clean)
{
	for (size_t j = 0; j < npasses; j++) {
		bool blind = (passes[j].blind_to & change) == change;
		if (j == i)
			clean[j] = blind;
		else if (!blind)
			clean[j] = false;
	}
}

/* One sweep over passes [from, to): pass i is skipped while clean[i], true
 * from its last fruitless run until a pass makes progress of a kind it is
 * not blind to. *last: the last pass that made progress (unchanged if none). */
static bool sweep(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
		  size_t from, size_t to, bool validate, bool *clean, uint64_t *sum,
		  const char **last, struct vc4_diag *diag)
{
	for (size_t i = from; i < to; i++) {
		bool made;
		if (clean[i])
			continue;
		if (!may_work(c, &passes[i], sum))
			made = false;
		else if (!run_pass(c, &passes[i], validate, &made, diag))
			return false;
		if (made) {
			*last = passes[i].name, *sum = 0;
			mark_dirty(passes, npasses, i, c->change, clean);
		} else {
			clean[i] = true;
		}
	}
	return true;
}

/* The rounds: the first ncheap passes sweep until a sweep makes no
 * progress, then the rest sweep once; the whole repeats while that made
 * progress. Every sweep counts as a round against the limit. */
static bool rounds(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
		   size_t ncheap, bool validate, bool *clean, struct vc4_diag *diag)
{
	uint64_t sum = 0;   /* summarize(), 0 = stale */
	const char *last = NULL;
	bool cheap = true;
	for (int round = 0; round < QIR_OPT_MAX_ROUNDS; round++) {
		last = NULL;
		size_t from = cheap ? 0 : ncheap, to = cheap ? ncheap : npasses;
		if (!sweep(c, passes, npasses, from, to, validate, clean, &sum, &last, diag))
			return false;
		if (!last && (!cheap || ncheap == npasses))
			return true;
		if (!last || !cheap)
			cheap = !cheap;   /* cheap tier settled, or the rare one made progress */
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
	size_t ncheap = npasses;
	if (!passes) {
		passes = standard_passes;
		npasses = sizeof(standard_passes) / sizeof(standard_passes[0]);
		ncheap = STANDARD_CHEAP;
	}
	struct vc4_diag d = {0};
	if (validate && !qir_validate(c, &d))
		return vc4_diag_set(diag, "before optimisation: %s", d.msg);
	bool local[32] = {0};
	bool *clean = npasses <= 32 ? local : calloc(npasses, sizeof(bool));
	if (!clean) {
		c->oom = true;
		return vc4_diag_set(diag, "before optimisation: out of memory");
	}
	qir_invalidate(c);     /* from here on, defs present are current */
	c->defs_current = true;
	bool ok = rounds(c, passes, npasses, ncheap, validate, clean, diag);
	c->defs_current = false;
	qir_invalidate(c);
	if (clean != local)
		free(clean);
	return ok;
}

const struct qir_pass *qir_standard_passes(size_t *npasses)
{
	*npasses = sizeof(standard_passes) / sizeof(standard_passes[0]);
	return standard_passes;
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
