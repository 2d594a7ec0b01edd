/*
 * opt_coalesce_movs.c: MOV coalescing. For `mov d, s` (raw: unconditional,
 * no flags, pack or unpack) where s is a temp with a single, unconditional,
 * unpacked, flag-less definition earlier in the same block and this MOV is
 * s's only read, the definition is retargeted to write d and the MOV is
 * deleted — provided d is neither read nor written between the two. This
 * catches what copy propagation cannot: copies into multiply-defined temps
 * (loop-carried values, the two arms of a select). `mov t, t` is deleted.
 * Not handled: copies across blocks, conditional copies, payload defs
 * (precoloured), and definitions with set-flags.
 */
#include "qir/qir.h"

#include <stdlib.h>

#include "util/code_align.h"

static bool mentions(const struct qir_inst *inst, uint32_t t)
{
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index == t)
			return true;
	}
	return inst->dst.file == QIR_FILE_TEMP && inst->dst.index == t;
}

/* Whether mov may be coalesced, as far as it and its source's definition
 * tell (coalesce() also needs the source read once). */
static bool candidate(const struct qir_compile *c, const struct qir_inst *mov)
{
	if (mov->op != QIR_OP_MOV || !qir_inst_is_raw_mov(mov) || mov->dst.file != QIR_FILE_TEMP ||
	    mov->src[0].file != QIR_FILE_TEMP)
		return false;
	uint32_t d = mov->dst.index, s = mov->src[0].index;
	if (d >= c->num_temps || s >= c->num_temps)
		return false;
	const struct qir_inst *def = qir_temp_def(c, s);
	return d == s || (def && def->cond == QPU_COND_ALWAYS && !def->sf && !def->pack &&
			  !(qir_ops[def->op].flags & QIR_OPF_PAYLOAD));
}

/* Whether any instruction is a candidate: if none, the pass has nothing to
 * do and needs no read counts. */
static bool any_candidate(const struct qir_compile *c)
{
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst)
			if (candidate(c, inst))
				return true;
	}
	return false;
}

/* Tries to coalesce `mov` into the definition of its source. */
static bool coalesce(struct qir_compile *c, struct qir_block *b, struct qir_inst *mov,
		     uint32_t *uses)
{
	if (!candidate(c, mov))
		return false;
	uint32_t d = mov->dst.index, s = mov->src[0].index;
	if (d == s) {
		c->def_count[d]--;
		c->defs[d] = NULL; /* unknown which def remains: stay conservative */
		qir_inst_remove(c, b, mov);
		return true;
	}
	struct qir_inst *def = qir_temp_def(c, s);   /* a plain one: candidate() */
	if (uses[s] != 1)
		return false;
	struct qir_inst *i = mov->prev;
	for (; i && i != def; i = i->prev) {
		if (mentions(i, d))
			return false;
	}
	if (!i || mentions(def, d))
		return false;
	def->dst.index = d;
	/* Keep the definition data current: s is gone, def replaces mov for d. */
	c->defs[s] = NULL;
	c->def_count[s] = 0;
	uses[s] = 0;
	if (c->defs[d] == mov)
		c->defs[d] = def;
	qir_inst_remove(c, b, mov);
	return true;
}

/* The pass: coalesces every eligible `mov d, s` of every block into s's
 * definition (file header); true on progress, false too when out of memory
 * (c->oom). */
VC4_CODE_ALIGN(1024)
bool qir_opt_coalesce_movs(struct qir_compile *c)
{
	if (!qir_temp_defs(c) || !any_candidate(c))
		return false;
	uint32_t *uses = qir_temp_use_counts(c);
	if (!uses)
		return false;
	bool progress = false;
	struct qir_block *b;
	struct qir_inst *inst, *next;
	qir_foreach_block(c, b) {
		qir_foreach_inst_safe(b, inst, next) {
			progress |= coalesce(c, b, inst, uses);
		}
	}
	free(uses);
	if (progress)
		qir_invalidate(c);
	return progress;
}
