/*
 * qir_inline.h: the bodies of qir.h's small instruction helpers that every
 * pass calls in its inner walk (linking an instruction, the one-at-a-time
 * rewrite walk and the one with use counts, the side-effect and raw-mov
 * predicates, the pass driver's change log), inline so that calls and
 * returns stay out of the hot loops
 * (under qemu-arm each return is an indirect jump). Their contracts are at
 * their declarations in qir.h (qir_rewrite_with_uses()'s and the change
 * log's here, above them),
 * which includes this file at its end; include qir.h, not this.
 */
#ifndef VC4_QIR_INLINE_H
#define VC4_QIR_INLINE_H

#include <stdlib.h>

/* Takes inst out of block b's list; it stays allocated, unlinked (prev and
 * next NULL), to be inserted elsewhere or freed by the caller. */
static inline void qir_inst_unlink(struct qir_block *b, struct qir_inst *inst)
{
	if (inst->prev)
		inst->prev->next = inst->next;
	else
		b->first = inst->next;
	if (inst->next)
		inst->next->prev = inst->prev;
	else
		b->last = inst->prev;
	inst->prev = inst->next = NULL;
}

static inline void qir_inst_insert_before(struct qir_block *b, struct qir_inst *before,
					  struct qir_inst *inst)
{
	inst->next = before;
	inst->prev = before ? before->prev : b->last;
	if (inst->prev)
		inst->prev->next = inst;
	else
		b->first = inst;
	*(before ? &before->prev : &b->last) = inst;
}

/* The pass driver's change log (qir_optimize.c), c->track while it runs a
 * list of passes: every pass it runs gets a new generation `gen` (from 1),
 * and the passes whose table entry says QIR_TRACK_LOGS call qir_touch() on
 * every instruction they change (before changing its destination), so
 * inst->stamp and temp_gen[] tell the last generation that changed an
 * instruction and a temp's definitions. They create no instructions or
 * temps (temps past ntemps count as changed). `since`, set only while a
 * QIR_TRACK_LOCAL or QIR_TRACK_SINCE pass runs and every change since its
 * last run was logged: that run's generation; a local pass may then visit
 * only the instructions qir_inst_changed() names. */
struct qir_opt_track {
	uint32_t gen, since, ntemps;
	uint32_t *temp_gen;
	uint32_t *ran;      /* per pass of the list: generation of its last run, 0 = none */
	uint32_t reset;     /* generation of the last progress not logged */
	bool settled;       /* set by the pass just run: its run found all it
			     * could, run again at once it would find nothing
			     * (DCE of one block that does not loop) */
};
/* struct qir_pass.track: the pass logs its changes; it is local (whether it
 * changes an instruction depends only on the instruction, the definitions
 * of the temps it reads and the uniform pool), so it may skip unchanged ones. */
#define QIR_TRACK_LOGS  1u
#define QIR_TRACK_LOCAL 2u
/* The pass is not local but is given `since` too, to narrow its run in its
 * own way (CSE: only keys a changed instruction shares). */
#define QIR_TRACK_SINCE 4u

/* Logs a change to inst (and so to its temp destination's definitions). */
static inline void qir_touch(const struct qir_compile *c, struct qir_inst *inst)
{
	struct qir_opt_track *t = c->track;
	if (!t)
		return;
	inst->stamp = t->gen;
	if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < t->ntemps)
		t->temp_gen[inst->dst.index] = t->gen;
}

/* Whether a local pass must visit inst, given t->since (not 0): inst or
 * the definitions of a temp it reads changed since the pass's last run. */
static inline bool qir_inst_changed(const struct qir_opt_track *t, const struct qir_inst *inst)
{
	if (inst->stamp >= t->since)
		return true;
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		struct qir_reg r = inst->src[s];
		if (r.file == QIR_FILE_TEMP && (r.index >= t->ntemps || t->temp_gen[r.index] >= t->since))
			return true;
	}
	return false;
}

static inline bool qir_rewrite_each_inst(struct qir_compile *c,
					 bool (*rewrite)(struct qir_compile *c,
							 struct qir_inst *inst))
{
	if (!qir_temp_defs(c))
		return false;
	bool progress = false;
	struct qir_block *b;
	struct qir_inst *inst;
	const struct qir_opt_track *t = c->track && c->track->since ? c->track : NULL;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			if ((!t || qir_inst_changed(t, inst)) && rewrite(c, inst)) {
				qir_touch(c, inst);
				progress = true;
			}
		}
	}
	return progress;
}

/* The body of a pass that needs the temps' use counts: derives the defs,
 * calls visit(uses = NULL) on each instruction until one says it is a
 * candidate (a probe: it must change nothing; most programs have none),
 * and only then counts uses and calls visit(uses) on every instruction to
 * rewrite it; invalidates the derived facts on progress (false on OOM). */
typedef bool (*qir_use_visit)(struct qir_compile *c, struct qir_block *b,
			      struct qir_inst *inst, uint32_t *uses, void *arg);

static inline bool qir_rewrite_with_uses(struct qir_compile *c, qir_use_visit visit, void *arg)
{
	struct qir_block *b;
	struct qir_inst *inst;
	bool any = false;
	if (!qir_temp_defs(c))
		return false;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			if ((any = visit(c, b, inst, NULL, arg)))
				break;
		}
		if (any)
			break;
	}
	uint32_t *uses = any ? qir_temp_use_counts(c) : NULL;
	if (!uses)
		return false;
	bool progress = false;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, inst)
			progress |= visit(c, b, inst, uses, arg);
	free(uses);
	if (progress)
		qir_invalidate(c);
	return progress;
}

static inline bool qir_inst_has_side_effects(const struct qir_inst *inst)
{
	if (qir_ops[inst->op].flags & QIR_OPF_SIDE_EFFECTS)
		return true;
	if (inst->dst.file == QIR_FILE_SPECIAL || inst->dst.file == QIR_FILE_VPM)
		return true;
	for (int s = 0; s < QIR_MAX_SRC; s++)
		if (inst->src[s].file == QIR_FILE_VARY || inst->src[s].file == QIR_FILE_VPM)
			return true;
	return false;
}

static inline bool qir_inst_reads_uniform(const struct qir_inst *inst, uint32_t *unif_index)
{
	for (int s = 0; s < qir_ops[inst->op].nsrc; s++) {
		if (inst->src[s].file == QIR_FILE_UNIF) {
			if (unif_index)
				*unif_index = inst->src[s].index;
			return true;
		}
	}
	return false;
}

static inline bool qir_inst_is_raw_mov(const struct qir_inst *inst)
{
	return (inst->op == QIR_OP_MOV || inst->op == QIR_OP_FMOV || inst->op == QIR_OP_MMOV) &&
	       inst->cond == QPU_COND_ALWAYS && !inst->sf && inst->pack == 0 &&
	       inst->src[0].unpack == QPU_UNPACK_NOP;
}

/* Same value wherever available (contract at the declaration in qir.h). */
static inline bool qir_reg_is_stable(const struct qir_compile *c, struct qir_reg r)
{
	if (r.unpack)
		return false;
	if (r.file == QIR_FILE_UNIF || r.file == QIR_FILE_SMALL_IMM)
		return true;
	return r.file == QIR_FILE_TEMP && qir_temp_def(c, r.index);
}

#endif
