/*
 * opt_dce.c: dead code elimination by liveness. Each block is walked
 * backwards from its live-out set (qir_liveness over the CFG); an
 * instruction whose destination is NULL or a temp not live after it, and
 * that has no other effect — no side-effect flag in qir_ops[], no special or
 * VPM destination, no FIFO-popping source (varying, VPM), no set-flags — is
 * removed, so its sources do not become live and whole chains inside a block
 * go in one run (across blocks, the fixpoint driver's next round). This also
 * removes overwritten stores, dead conditional writes and `undef`s of
 * temps that are fully written before any read. An instruction kept for its
 * flags or side effects (a varying read, a TMU result pop) loses a dead temp
 * destination instead — otherwise its conditional write would keep reading
 * a temp whose earlier definition was just removed. A program of one block
 * that does not loop has nothing live out of it: no liveness is computed.
 * Not handled: dead flag updates, unreachable blocks.
 * When every change removed (or dropped the destination of) a definition of
 * a temp that lost all its definitions in this run (most often its one),
 * or a destination-less instruction, and the pass
 * driver vouches for the temps' definitions, the progress is reported as
 * QIR_CHANGE_DEAD_TEMPS (qir_optimize.c), and the derived defs are kept
 * current (each such temp now has none) instead of dropped: the passes after
 * it need not derive them again. (A temp that lost every definition was
 * read nowhere after them, as they were dead: it is read nowhere now.)
 * In a lone block one run removes all there is (what an instruction's
 * removal makes dead comes before it, and the walk is backwards), so the
 * pass tells the driver it is settled (c->track->settled): it is not run
 * again for its own progress.
 */
#include "qir/qir.h"
#include "qir/qir_pool.h"

#include <stdlib.h>
#include <string.h>

#include "util/block_cache.h"
#include "util/code_align.h"

/* The live set while walking a block: temp t is live when live->mark[t]
 * equals live->gen (a new gen per block empties the set in O(1)). */
struct live_set {
	uint32_t *mark;
	uint32_t gen;
};

static bool live_get(const struct live_set *s, uint32_t t) { return s->mark[t] == s->gen; }
static void live_add(struct live_set *s, uint32_t t) { s->mark[t] = s->gen; }
static void live_clear(struct live_set *s, uint32_t t) { s->mark[t] = 0; }

/* Whether inst's result goes nowhere, given the temps live after it. */
static bool result_dead(const struct qir_compile *c, const struct qir_inst *inst,
			const struct live_set *live)
{
	if (inst->dst.file == QIR_FILE_NULL)
		return true;
	return inst->dst.file == QIR_FILE_TEMP && inst->dst.index < c->num_temps &&
	       !live_get(live, inst->dst.index);
}

/* Live set before inst from the one after it: an unconditional unpacked
 * write kills its temp; sources become live. */
static void step_back(const struct qir_compile *c, const struct qir_inst *inst,
		      struct live_set *live)
{
	if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < c->num_temps &&
	    inst->cond == QPU_COND_ALWAYS && !inst->pack)
		live_clear(live, inst->dst.index);
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < c->num_temps)
			live_add(live, inst->src[s].index);
	}
}

/* Temp t loses its one definition: the derived defs stay current. */
static inline void forget_def(struct qir_compile *c, uint32_t t)
{
	c->defs[t] = NULL;
	c->def_count[t] = 0;
}

/* Per temp: the definitions DCE removed (or left without their destination)
 * in this run, counted for temps of several definitions only, and those
 * temps in a list (one allocation at the first: NULL while none). */
struct gone {
	uint32_t *count;     /* from the thread's block cache (block_cache.h) */
	uint32_t *temps, len;
	size_t bytes;        /* of count and temps, one block */
};

/* Notes that inst, a temp's definition, goes: *wide when that is more than
 * QIR_CHANGE_DEAD_TEMPS can tell (the driver does not vouch for the defs),
 * its one definition forgotten, a definition of several counted in g. */
static void note_gone(struct qir_compile *c, const struct qir_inst *inst, bool defs_known,
		      struct gone *g, bool *wide)
{
	uint32_t t = inst->dst.index;
	if (inst->dst.file != QIR_FILE_TEMP)
		return;
	if (!defs_known) {
		*wide = true;
		return;
	}
	if (c->def_count[t] == 1) {
		forget_def(c, t);
		return;
	}
	if (!g->count &&
	    (g->count = vc4_block_zalloc(2 * (size_t)c->num_temps, sizeof(uint32_t), &g->bytes)))
		g->temps = g->count + c->num_temps;
	if (!g->count) {
		*wide = true;   /* out of memory for the counts: the safe kind */
		return;
	}
	if (!g->count[t]++)
		g->temps[g->len++] = t;
}

/* After the walk: a temp of several definitions that lost them all is
 * read nowhere now, like one that lost its one definition (its defs are
 * forgotten); one that keeps another makes the change more than
 * QIR_CHANGE_DEAD_TEMPS (*wide). */
static void settle_gone(struct qir_compile *c, const struct gone *g, bool *wide)
{
	for (uint32_t i = 0; i < g->len; i++) {
		uint32_t t = g->temps[i];
		if (g->count[t] == c->def_count[t])
			forget_def(c, t);
		else
			*wide = true;
	}
}

/* Handles one instruction (walking backwards); true on progress. An
 * instruction kept for its flags or side effects loses a dead temp
 * destination, so that it no longer (partially) writes the temp. *wide is
 * set when a change is not of the DEAD_TEMPS kind (or g counts it). */
static bool visit(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
		  struct live_set *live, bool defs_known, struct gone *g, bool *wide)
{
	if (!qir_ops[inst->op].ndst || !result_dead(c, inst, live)) {
		step_back(c, inst, live);
		return false;
	}
	note_gone(c, inst, defs_known, g, wide);
	bool removed = !inst->sf && !qir_inst_has_side_effects(inst);
	bool progress = removed || inst->dst.file == QIR_FILE_TEMP;
	if (progress)
		qir_touch(c, inst);   /* the change log: its temp loses a definition */
	if (removed) {
		qir_pool_remove(c, b, inst);
		return true;
	}
	if (progress) {
		inst->dst = qir_null();
		inst->pack = 0;
		inst->pack_mul = false;
	}
	step_back(c, inst, live);
	return progress;
}

/* Whether c is one block that ends the program (no loop back into it): then
 * nothing is live out of it, and DCE needs no liveness. Updates the CFG. */
static bool lone_block(struct qir_compile *c)
{
	if (c->blocks.len != 1 || !qir_cfg_update(c, NULL))
		return false;
	const struct qir_block *b = c->blocks.data[0];
	return b->succ[0] == QIR_NONE && b->succ[1] == QIR_NONE;
}

/* The pass: liveness over the CFG (none for a lone block), then each block
 * backwards from its live-out set, removing dead instructions (file header);
 * true on progress, false and c->oom when out of memory. */
VC4_CODE_ALIGN(1024)
bool qir_opt_dce(struct qir_compile *c)
{
	struct qir_liveness lv = {0};
	bool lone = lone_block(c);
	if (!lone && !qir_liveness(c, &lv, NULL))
		return false;
	size_t live_bytes;
	struct live_set live = {
		vc4_block_zalloc(c->num_temps + (size_t)1, sizeof(uint32_t), &live_bytes), 0 };
	struct gone g = { NULL, NULL, 0, 0 };
	if (!live.mark) {
		c->oom = true;
		qir_liveness_free(&lv);
		return false;
	}
	bool progress = false, wide = false;
	bool defs_known = c->defs_current && c->defs;   /* the driver's, current */
	for (size_t i = c->blocks.len; i-- > 0;) {
		struct qir_block *b = c->blocks.data[i];
		live.gen = (uint32_t)i + 1;
		for (uint32_t k = lone ? 0 : lv.out_start[i]; !lone && k < lv.out_start[i + 1]; k++)
			live_add(&live, lv.out_temps[k]);
		struct qir_inst *inst = b->last, *prev;
		for (; inst; inst = prev) {
			prev = inst->prev;
			progress |= visit(c, b, inst, &live, defs_known, &g, &wide);
		}
	}
	settle_gone(c, &g, &wide);
	if (lone && c->track)
		c->track->settled = true;
	vc4_block_give(g.count, g.bytes);
	vc4_block_give(live.mark, live_bytes);
	qir_liveness_free(&lv);
	if (progress && (wide || !defs_known))
		qir_invalidate(c);
	if (progress && !wide)
		c->change = QIR_CHANGE_DEAD_TEMPS;   /* with defs_known: defs kept current */
	return progress;
}
