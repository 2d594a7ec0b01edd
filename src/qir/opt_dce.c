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
 * a temp whose earlier definition was just removed. Not handled: dead flag
 * updates, unreachable blocks.
 */
#include "qir/qir.h"

#include <stdlib.h>
#include <string.h>

static bool live_get(const uint64_t *s, uint32_t t) { return (s[t / 64] >> (t % 64)) & 1; }
static void live_set(uint64_t *s, uint32_t t) { s[t / 64] |= (uint64_t)1 << (t % 64); }
static void live_clear(uint64_t *s, uint32_t t) { s[t / 64] &= ~((uint64_t)1 << (t % 64)); }

/* Whether inst's result goes nowhere, given the temps live after it. */
static bool result_dead(const struct qir_compile *c, const struct qir_inst *inst,
			const uint64_t *live)
{
	if (inst->dst.file == QIR_FILE_NULL)
		return true;
	return inst->dst.file == QIR_FILE_TEMP && inst->dst.index < c->num_temps &&
	       !live_get(live, inst->dst.index);
}

/* Live set before inst from the one after it: an unconditional unpacked
 * write kills its temp; sources become live. */
static void step_back(const struct qir_compile *c, const struct qir_inst *inst, uint64_t *live)
{
	if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < c->num_temps &&
	    inst->cond == QPU_COND_ALWAYS && !inst->pack)
		live_clear(live, inst->dst.index);
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < c->num_temps)
			live_set(live, inst->src[s].index);
	}
}

/* Handles one instruction (walking backwards); true on progress. An
 * instruction kept for its flags or side effects loses a dead temp
 * destination, so that it no longer (partially) writes the temp. */
static bool visit(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst,
		  uint64_t *live)
{
	if (!qir_ops[inst->op].ndst || !result_dead(c, inst, live)) {
		step_back(c, inst, live);
		return false;
	}
	if (!inst->sf && !qir_inst_has_side_effects(inst)) {
		qir_inst_remove(c, b, inst);
		return true;
	}
	bool progress = inst->dst.file == QIR_FILE_TEMP;
	if (progress) {
		inst->dst = qir_null();
		inst->pack = 0;
		inst->pack_mul = false;
	}
	step_back(c, inst, live);
	return progress;
}

bool qir_opt_dce(struct qir_compile *c)
{
	struct qir_liveness lv;
	if (!qir_liveness(c, &lv, NULL))
		return false;
	uint64_t *live = malloc((lv.words ? lv.words : 1) * sizeof(uint64_t));
	if (!live) {
		c->oom = true;
		qir_liveness_free(&lv);
		return false;
	}
	bool progress = false;
	for (size_t i = c->blocks.len; i-- > 0;) {
		struct qir_block *b = c->blocks.data[i];
		memcpy(live, lv.live_out + i * lv.words, lv.words * sizeof(uint64_t));
		struct qir_inst *inst = b->last, *prev;
		for (; inst; inst = prev) {
			prev = inst->prev;
			progress |= visit(c, b, inst, live);
		}
	}
	free(live);
	qir_liveness_free(&lv);
	qir_invalidate(c);
	return progress;
}
