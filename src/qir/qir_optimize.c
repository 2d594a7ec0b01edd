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
 * imm work (the comment at the table says why for each). A fifth carries
 * the clean marks across calls: when the standard list reached its
 * fixpoint (c->opt_settled), qir_optimize_again() after the pack folds or
 * the host-uniform pass starts with the passes blind to that pass's kind
 * of change (QIR_CHANGE_FOLDS, QIR_CHANGE_HOSTED) clean. A sixth narrows
 * a run: a change log (struct qir_opt_track, qir_inline.h) numbers the
 * runs of one call; the passes that log (table field `track`) stamp what
 * they change, and a local pass run again, with every change since its
 * last run logged, visits only the changed instructions and the readers
 * of temps whose definitions changed; CSE, run again so, looks only at the
 * instructions sharing an op and an operand with a changed one.
 */
#include "qir/qir.h"

#include <stdlib.h>

#include "util/code_align.h"
#include "util/zalloc.h"

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
 * passes counting reads (coalesce, factor, ...) and DCE to DEAD_TEMPS.
 * FOLDS (opt_fold_packs.c): an unconditional, flag-less X reads u.unpack
 * instead of t (t's one definition D = `fmov t, u.unpack`, read only by
 * X, is gone, u not written between D and X), or X (`mmov d.PACK, t` or
 * `fmul d.PACK, t, 1.0`) became D = `fmul t, a, b` with X's pack. So no
 * definition but D's changed, no read count fell but t's, no read moved
 * past a write of what it reads, no flag setter or conditional write
 * changed, and every operand X gained is unpacked or was D's, under the
 * same op for a pack fold. Blind: algebraic, constant fold, float fold and
 * small imm (they skip packed instructions and unpacked operands, which
 * are no constants; X's other operand is as it was), copy prop (a copy
 * usable at X was usable at D, earlier, and X becomes no copy), DCE
 * (nothing loses a read), coalesce (a mov's range lost D's read of u only
 * if X, which reads u, is past the mov, which writes u: no fold), the
 * flag passes redundant_sf, const_flags, flag_bool and dead_flags (no flag
 * setter, no conditional write changed), cond_pair, const_temps and
 * bool_or (only conditional writes, multiply-written temps and integer
 * ops start them), pack_clamp and const_pack (a pack fold removes an mmov,
 * an unpack fold makes a clamp's operand unpacked: they can only lose),
 * pull_factor, neg_sum, neg_const and scale_first (every instruction they
 * match is unpacked with unpacked operands, or, neg_const's fmul, decided
 * by its operands alone, which X took over from D: they can only lose).
 * Not blind: CSE, same_cond and factor (X's new operands may equal another
 * instruction's), reassoc (a shorter walk below X leaves budget for more
 * elsewhere).
 * HOSTED (opt_host_uniforms.c): definitions that were no load_imm became
 * `mov t, uH`, uH a HOST uniform: no constant appears or goes, so
 * algebraic (which leaves movs alone), constant fold (it folds movs of
 * CONST uniforms only), float fold and small imm are blind to it.
 * UNIF_READS (copy prop, e.g. of those movs): an operand that was a temp
 * defined by a copy (no load_imm: no constant) is now a uniform that is
 * no constant, unpack unchanged: no constant appears or goes, and x-op-x
 * needs temps (two reads of one copy temp would have matched before), so
 * algebraic, constant fold (a mov of such a uniform does not fold), float
 * fold and small imm are blind to it. */
#define DT QIR_CHANGE_DEAD_TEMPS
#define IM QIR_CHANGE_IMMS
#define FO QIR_CHANGE_FOLDS
#define HO QIR_CHANGE_HOSTED
#define UR QIR_CHANGE_UNIF_READS
#define LOGS QIR_TRACK_LOGS
#define LOCAL (QIR_TRACK_LOGS | QIR_TRACK_LOCAL)
static const struct qir_pass standard_passes[] = {
	{ "algebraic", qir_opt_algebraic, true, 0, DT | IM | FO | HO | UR, LOCAL },
	{ "constant_fold", qir_opt_constant_fold, true, 0, DT | IM | FO | HO | UR, LOCAL },
	{ "float_fold", qir_opt_float_fold, true, 0, DT | IM | FO | HO | UR, LOCAL },
	{ "copy_prop", qir_opt_copy_prop, true, 0, DT | FO, LOGS },
	{ "cse", qir_opt_cse, true, 0, DT, LOGS | QIR_TRACK_SINCE },
	{ "dce", qir_opt_dce, true, 0, FO, LOGS },   /* keeps defs: it updates or drops them */
	{ "small_imm", qir_opt_small_imm, true, 0, DT | IM | FO | HO | UR, LOCAL },
	/* The rarely productive tier (STANDARD_CHEAP above): once per fixpoint of the cheap one. */
	{ "coalesce_movs", qir_opt_coalesce_movs, false, 0, FO, 0 },
	{ "redundant_sf", qir_opt_redundant_sf, true, QIR_NEEDS_SF, FO, 0 },
	{ "reassoc", qir_opt_reassoc, true, QIR_NEEDS_OP(QIR_OP_FADD), 0, 0 },
	{ "pull_factor", qir_opt_pull_factor, true, QIR_NEEDS_OP(QIR_OP_FMUL), FO, 0 },
	{ "factor", qir_opt_factor, false, QIR_NEEDS_OP(QIR_OP_FMUL), 0, 0 },
	{ "neg_sum", qir_opt_neg_sum, false, QIR_NEEDS_OP(QIR_OP_FMUL) | QIR_NEEDS_OP(QIR_OP_XOR), FO, 0 },
	{ "neg_const", qir_opt_neg_const, true, QIR_NEEDS_OP(QIR_OP_FMUL) | QIR_NEEDS_OP(QIR_OP_XOR), FO, 0 },
	{ "const_flags", qir_opt_const_flags, false, QIR_NEEDS_SF | QIR_NEEDS_COND, FO, 0 },
	{ "same_cond", qir_opt_same_cond, false, QIR_NEEDS_COND, 0, 0 },
	{ "cond_pair", qir_opt_cond_pair, false, QIR_NEEDS_COND, FO, 0 },
	{ "const_temps", qir_opt_const_temps, false, QIR_NEEDS_COND, FO, 0 },
	{ "scale_first", qir_opt_scale_first, true, QIR_NEEDS_OP(QIR_OP_FMUL), FO, 0 },
	{ "bool_or", qir_opt_bool_or, false, QIR_NEEDS_COND | QIR_NEEDS_OP(QIR_OP_OR), FO, 0 },
	{ "flag_bool", qir_opt_flag_bool, true,
	  QIR_NEEDS_SF | QIR_NEEDS_COND | QIR_NEEDS_OP(QIR_OP_MOV), FO, 0 },
	{ "pack_clamp", qir_opt_pack_clamp, true, QIR_NEEDS_OP(QIR_OP_MMOV), FO, 0 },
	{ "const_pack", qir_opt_const_pack, false, QIR_NEEDS_OP(QIR_OP_MMOV), FO, 0 },
	{ "dead_flags", qir_opt_dead_flags, true, QIR_NEEDS_SF, FO, 0 },
};

/* The first STANDARD_CHEAP passes find work in most rounds and run to their
 * own fixpoint; the others, which rarely do, then run once, and the whole
 * repeats only when one of them made progress. */
#define STANDARD_CHEAP 7
#define STANDARD_PASSES (sizeof(standard_passes) / sizeof(standard_passes[0]))

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

/* Runs pass i of the list, under a new generation of the change log: a
 * local pass since its last run when every change since was logged; drops
 * the derived defs after progress of a pass that may change them;
 * validates after progress. */
VC4_CODE_ALIGN(256)
static bool run_pass(struct qir_compile *c, const struct qir_pass *passes, size_t i,
		     bool validate, bool *made, struct vc4_diag *diag)
{
	const struct qir_pass *p = &passes[i];
	struct qir_opt_track *t = c->track;
	if (t) {
		t->gen++;
		bool local = (p->track & (QIR_TRACK_LOCAL | QIR_TRACK_SINCE)) &&
			     t->ran[i] > t->reset;
		t->since = local ? t->ran[i] : 0;
		t->ran[i] = t->gen;
	}
	c->change = QIR_CHANGE_ANY;
	if (t)
		t->settled = false;
	*made = p->fn(c);
	if (t) {
		t->since = 0;
		if (*made && !(p->track & QIR_TRACK_LOGS))
			t->reset = t->gen;
	}
	if (c->oom)
		return vc4_diag_set(diag, "after pass '%s': out of memory", p->name);
	if (!*made)
		return true;
	if (!p->keeps_defs)
		qir_invalidate(c);
	if (!validate)
		return true;
	struct vc4_diag d = {0};   /* its message buffer cleared only when used */
	if (!qir_validate(c, &d))
		return vc4_diag_set(diag, "after pass '%s': %s", p->name, d.msg);
	return true;
}

/* After pass i's progress of kind `change`: the passes blind to it stay
 * clean (pass i too when blind to its own kind or `settled`: it says its
 * run left it nothing), every other is dirty. */
static void mark_dirty(const struct qir_pass *passes, size_t npasses, size_t i,
		       uint32_t change, bool settled, bool *clean)
{
	for (size_t j = 0; j < npasses; j++) {
		bool blind = (passes[j].blind_to & change) == change;
		if (j == i)
			clean[j] = blind || settled;
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
		else if (!run_pass(c, passes, i, validate, &made, diag))
			return false;
		if (made) {
			*last = passes[i].name, *sum = 0;
			mark_dirty(passes, npasses, i, c->change, c->track && c->track->settled,
				   clean);
		} else {
			clean[i] = true;
		}
	}
	return true;
}

/* The rounds: the first ncheap passes sweep until a sweep makes no
 * progress, then the rest sweep once; the whole repeats while that made
 * progress. Every sweep counts as a round against the limit. */
VC4_CODE_ALIGN(1024)
static bool rounds(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
		   size_t ncheap, bool validate, bool *clean, bool *fixpoint,
		   struct vc4_diag *diag)
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
			return *fixpoint = true;
		if (!last || !cheap)
			cheap = !cheap;   /* cheap tier settled, or the rare one made progress */
	}
	/* Passes undoing each other: harmless for the result, a bug to fix. */
	return !validate || vc4_diag_set(diag, "no fixpoint after %d rounds (pass '%s' still "
					 "makes progress)", QIR_OPT_MAX_ROUNDS, last);
}

/* The standard list's clean marks after a change of kind `change` to its
 * fixpoint: the passes blind to it. */
static void resume(bool *clean, uint32_t change)
{
	for (size_t j = 0; j < STANDARD_PASSES; j++)
		clean[j] = (standard_passes[j].blind_to & change) == change;
}

/* Starts the change log of one optimiser call: generation 0 for every
 * instruction and temp, no pass run yet. False on OOM (no log: c->track
 * stays NULL, every pass runs in full). */
static bool track_start(struct qir_compile *c, struct qir_opt_track *t, size_t npasses)
{
	uint32_t n = c->num_temps;
	*t = (struct qir_opt_track){ 0, 0, n, vc4_calloc((size_t)n + npasses, sizeof(uint32_t)),
				     NULL, 0, false };
	if (!t->temp_gen)
		return false;
	t->ran = t->temp_gen + n;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, inst)
			inst->stamp = 0;
	c->track = t;
	return true;
}

/* qir_optimize_passes(), starting from the standard list's fixpoint when
 * `change` is not 0 (the kind of what changed since: qir_optimize_again()). */
static bool optimize(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
		     bool validate, uint32_t change, struct vc4_diag *diag)
{
	size_t ncheap = npasses;
	bool standard = !passes;
	if (standard) {
		passes = standard_passes;
		npasses = STANDARD_PASSES;
		ncheap = STANDARD_CHEAP;
	}
	struct vc4_diag d = {0};
	if (validate && !qir_validate(c, &d))
		return vc4_diag_set(diag, "before optimisation: %s", d.msg);
	bool local[32] = {0};
	bool *clean = npasses <= 32 ? local : vc4_calloc(npasses, sizeof(bool));
	if (!clean) {
		c->oom = true;
		return vc4_diag_set(diag, "before optimisation: out of memory");
	}
	if (standard && change && c->opt_settled)
		resume(clean, change);
	c->opt_settled = false;
	qir_invalidate(c);     /* from here on, defs present are current */
	c->defs_current = true;
	bool fixpoint = false;
	struct qir_opt_track track;
	bool logged = track_start(c, &track, npasses);
	bool ok = rounds(c, passes, npasses, ncheap, validate, clean, &fixpoint, diag);
	c->track = NULL;
	if (logged)
		free(track.temp_gen);
	c->defs_current = false;
	c->opt_settled = ok && standard && fixpoint;
	qir_invalidate(c);
	if (clean != local)
		free(clean);
	return ok;
}

/* Runs `passes` (NULL: the standard list) in order, round after round, until
 * a round makes no progress; validates before and after each pass that made
 * progress when `validate`. False with diag naming the pass on an invalid
 * program, out of memory, or no fixpoint after QIR_OPT_MAX_ROUNDS rounds. */
bool qir_optimize_passes(struct qir_compile *c, const struct qir_pass *passes, size_t npasses,
			 bool validate, struct vc4_diag *diag)
{
	return optimize(c, passes, npasses, validate, 0, diag);
}

const struct qir_pass *qir_standard_passes(size_t *npasses)
{
	*npasses = STANDARD_PASSES;
	return standard_passes;
}

/* The standard list validates between passes unless NDEBUG. */
#ifdef NDEBUG
static const bool validate_passes = false;
#else
static const bool validate_passes = true;
#endif

bool qir_optimize(struct qir_compile *c, struct vc4_diag *diag)
{
	return optimize(c, NULL, 0, validate_passes, 0, diag);
}

/* The standard list from its last fixpoint, after a change of kind c->change
 * (0 counts as QIR_CHANGE_ANY). */
bool qir_optimize_again(struct qir_compile *c, struct vc4_diag *diag)
{
	return optimize(c, NULL, 0, validate_passes, c->change ? c->change : QIR_CHANGE_ANY, diag);
}
