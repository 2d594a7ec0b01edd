/*
 * opt_dead_flags.c: flag updates that nothing reads lose their `.sf`. The
 * flags are one more register: an update is live when a condition or a
 * conditional branch reads the flags before the next update of every lane
 * (an unconditional `.sf`), the next thread switch (after which the flags
 * are undefined) or the program's end. One bit per block says whether the
 * flags are live at its top; it only turns from false to true, so a
 * worklist that revisits a block's predecessors when its bit turns finds
 * them all in O(instructions). Then every block is walked backwards once
 * more, clearing the dead `.sf`s. An instruction left without a result or
 * side effect is DCE's to remove (the flag updates at a shader's end that
 * read a uniform, and kept its thread end off the last instruction).
 * Not done: a conditional update ends no live range (it may leave some
 * lanes' flags as they were).
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"
#include "util/zalloc.h"

/* Whether inst sets every lane's flags, or leaves them undefined. */
static bool ends_flags(const struct qir_inst *inst)
{
	if (qir_ops[inst->op].flags & QIR_OPF_THRSW)
		return true;
	return inst->sf && inst->cond == QPU_COND_ALWAYS;
}

/* Walks b backwards from `live` (the flags live at its end) and returns
 * whether they are live at its top; with `clear`, updates whose flags are
 * dead lose their .sf (*progress). */
static bool walk(struct qir_block *b, bool live, bool clear, bool *progress)
{
	for (struct qir_inst *inst = b->last; inst; inst = inst->prev) {
		if (inst->sf && !live && clear) {
			inst->sf = false;
			*progress = true;
		}
		if (ends_flags(inst))
			live = false;
		if (qir_inst_reads_flags(inst))
			live = true;
	}
	return live;
}

/* Whether the flags are live at the end of b (live_in: per block). */
static bool live_out(const struct qir_compile *c, const struct qir_block *b, const bool *live_in)
{
	bool live = false;
	for (int k = 0; k < 2; k++)
		if (b->succ[k] != QIR_NONE && b->succ[k] < c->blocks.len)
			live |= live_in[b->succ[k]];
	return live;
}

/* Fills live_in by the worklist (file header). */
static void solve(struct qir_compile *c, bool *live_in, uint32_t *stack, bool *queued)
{
	uint32_t n = (uint32_t)c->blocks.len, top = 0;
	for (uint32_t i = 0; i < n; i++) {   /* the last block on top */
		stack[top++] = i;
		queued[i] = true;
	}
	bool unused = false;
	while (top > 0) {
		uint32_t i = stack[--top];
		struct qir_block *b = c->blocks.data[i];
		queued[i] = false;
		if (live_in[i] || !walk(b, live_out(c, b, live_in), false, &unused))
			continue;
		live_in[i] = true;
		for (size_t p = 0; p < b->preds.len; p++) {
			uint32_t pred = b->preds.data[p];
			if (!queued[pred] && !live_in[pred]) {
				stack[top++] = pred;
				queued[pred] = true;
			}
		}
	}
}

/* The pass (file header); true on progress, false and c->oom when out of
 * memory. */
VC4_CODE_ALIGN(1024)
bool qir_opt_dead_flags(struct qir_compile *c)
{
	if (!qir_cfg_update(c, NULL))
		return false;
	size_t n = c->blocks.len;
	bool *live_in = vc4_calloc(n + 1, sizeof(bool)), *queued = vc4_calloc(n + 1, sizeof(bool));
	uint32_t *stack = malloc((n + 1) * sizeof(uint32_t));
	bool progress = false;
	if (!live_in || !queued || !stack) {
		c->oom = true;
	} else {
		solve(c, live_in, stack, queued);
		for (size_t i = 0; i < n; i++) {
			struct qir_block *b = c->blocks.data[i];
			walk(b, live_out(c, b, live_in), true, &progress);
		}
	}
	free(live_in);
	free(queued);
	free(stack);
	return progress;
}
