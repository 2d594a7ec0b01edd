/*
 * opt_vpm_reads.c: a VPM read copied into a temp that one instruction
 * reads becomes that instruction's operand. `mov t, vpmK; ...; fmul d, t,
 * u` → `fmul d, vpmK, u`: the attribute read takes no instruction half of
 * its own and its consumer starts one instruction earlier (the copy's
 * accumulator was read at the earliest the next instruction). A VS that
 * writes gl_Position = vec4(position, 0.0, 1.0) reads x and y once each,
 * into the viewport scale: toy-checker VS 12 -> 11. Run by the compile
 * driver once after uniform lowering, before the pre-allocation order
 * (which keeps every VPM access in order, the operand's as the copy's):
 * VS and CS only.
 *
 * The consumer reads the copy through exactly one operand, without an
 * unpack, and has no other FIFO operand (two VPM or varying reads in one
 * instruction pop twice); it writes a temp. Either nothing between the
 * copy and the consumer touches the VPM (the read moves down to the
 * consumer), or the consumer moves up to the copy's place: then nothing in
 * between writes its operands or reads or writes its destination, and it
 * neither sets nor reads flags.
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"
#include "util/zalloc.h"

/* Whether inst reads or writes the VPM (data, setups). */
static bool touches_vpm(const struct qir_inst *inst)
{
	if (inst->dst.file == QIR_FILE_VPM)
		return true;
	if (inst->dst.file == QIR_FILE_SPECIAL &&
	    (inst->dst.index == QIR_SPECIAL_VPM_READ_SETUP ||
	     inst->dst.index == QIR_SPECIAL_VPM_WRITE_SETUP))
		return true;
	for (unsigned s = 0; s < qir_ops[inst->op].nsrc; s++)
		if (inst->src[s].file == QIR_FILE_VPM)
			return true;
	return false;
}

/* Whether inst writes temp t or reads it. */
static bool writes_temp(const struct qir_inst *inst, uint32_t t)
{
	return inst->dst.file == QIR_FILE_TEMP && inst->dst.index == t;
}

static bool reads_temp(const struct qir_inst *inst, uint32_t t)
{
	for (unsigned s = 0; s < qir_ops[inst->op].nsrc; s++)
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index == t)
			return true;
	return false;
}

/* A lone copy of a VPM read into a temp. */
static bool is_vpm_copy(const struct qir_inst *m)
{
	return m->op == QIR_OP_MOV && m->dst.file == QIR_FILE_TEMP && !m->pack && !m->sf &&
	       m->cond == QPU_COND_ALWAYS && m->src[0].file == QIR_FILE_VPM && !m->src[0].unpack;
}

/* The slot of u reading temp t, when u can take a VPM operand there; -1. */
static int consumer_slot(const struct qir_inst *u, uint32_t t)
{
	const struct qir_op_info *op = &qir_ops[u->op];
	if (op->ndst != 1 || u->dst.file != QIR_FILE_TEMP || op->sig != QPU_SIG_NONE ||
	    op->periph || (op->add_op == QPU_A_NOP && op->mul_op == QPU_M_NOP) ||
	    (op->flags & (QIR_OPF_SIDE_EFFECTS | QIR_OPF_PAYLOAD | QIR_OPF_BRANCH |
			  QIR_OPF_THRSW | QIR_OPF_IMM_SRC | QIR_OPF_READS_R5 | QIR_OPF_SFU |
			  QIR_OPF_TMU_WRITE | QIR_OPF_TMU_READ | QIR_OPF_TLB | QIR_OPF_WRITES_R4)))
		return -1;
	int slot = -1;
	for (unsigned s = 0; s < op->nsrc; s++) {
		struct qir_reg r = u->src[s];
		if (r.file == QIR_FILE_VPM || r.file == QIR_FILE_VARY)
			return -1;
		if (r.file == QIR_FILE_TEMP && r.index == t) {
			if (slot >= 0 || r.unpack)
				return -1;
			slot = (int)s;
		}
	}
	return slot;
}

/* Whether u may move up to just after m: nothing between writes its
 * operands or touches its destination; it neither sets nor reads flags. */
static bool may_move_up(const struct qir_inst *m, const struct qir_inst *u)
{
	if (u->sf || u->cond != QPU_COND_ALWAYS)
		return false;
	for (const struct qir_inst *i = m->next; i != u; i = i->next) {
		if (writes_temp(i, u->dst.index) || reads_temp(i, u->dst.index))
			return false;
		for (unsigned s = 0; s < qir_ops[u->op].nsrc; s++) {
			struct qir_reg r = u->src[s];
			if (r.file == QIR_FILE_TEMP && writes_temp(i, r.index))
				return false;
			if (r.file == QIR_FILE_SPECIAL)
				return false;   /* r4 and the like: keep the order */
		}
	}
	return true;
}

/* Whether temp t's value comes from an SFU result within `depth` single
 * definitions (the refined 1/w: rcp, then w·r, 2 − w·r, r·(2 − w·r)). */
static bool near_sfu(const struct qir_compile *c, struct qir_reg r, unsigned depth)
{
	if (r.file != QIR_FILE_TEMP)
		return false;
	const struct qir_inst *d = qir_temp_def(c, r.index);
	if (!d)
		return false;
	if (qir_ops[d->op].flags & QIR_OPF_SFU)
		return true;
	for (unsigned s = 0; depth && s < qir_ops[d->op].nsrc; s++)
		if (near_sfu(c, d->src[s], depth - 1))
			return true;
	return false;
}

/* Whether some reader of u's result (after u in block b) also waits for an
 * SFU result: reading the VPM earlier would only hold u's result longer. */
static bool waits_for_sfu(const struct qir_compile *c, const struct qir_inst *u)
{
	for (const struct qir_inst *i = u->next; i; i = i->next) {
		if (!reads_temp(i, u->dst.index))
			continue;
		for (unsigned s = 0; s < qir_ops[i->op].nsrc; s++)
			if (near_sfu(c, i->src[s], 3))
				return true;
	}
	return false;
}

/* Folds copy m (whose temp one instruction reads) into that reader in
 * block b; true when it did. */
static bool fold(struct qir_compile *c, struct qir_block *b, struct qir_inst *m)
{
	uint32_t t = m->dst.index;
	struct qir_inst *u = m->next;
	bool vpm_between = false;
	for (; u && !reads_temp(u, t); u = u->next) {
		if (writes_temp(u, t))
			return false;
		vpm_between |= touches_vpm(u);
	}
	int slot = u ? consumer_slot(u, t) : -1;
	if (slot < 0 || (vpm_between && (!may_move_up(m, u) ||
					 waits_for_sfu(c, u))))
		return false;
	u->src[slot] = m->src[0];
	if (vpm_between) {
		qir_inst_unlink(b, u);   /* relinked where m is */
		qir_inst_insert_before(b, m, u);
	}
	qir_inst_remove(c, b, m);
	return true;
}

VC4_CODE_ALIGN(2048)
bool qir_opt_vpm_reads(struct qir_compile *c)
{
	if (c->stage == QIR_STAGE_FRAGMENT || !c->num_temps)
		return false;
	uint32_t *uses = vc4_calloc(c->num_temps, sizeof(*uses));
	uint32_t *defs = vc4_calloc(c->num_temps, sizeof(*defs));
	bool progress = false;
	if (!uses || !defs) {
		c->oom = true;
		goto out;
	}
	struct qir_block *b;
	struct qir_inst *inst, *next;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst) {
			for (unsigned s = 0; s < qir_ops[inst->op].nsrc; s++)
				if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < c->num_temps)
					uses[inst->src[s].index]++;
			if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < c->num_temps)
				defs[inst->dst.index]++;
		}
	}
	if (!qir_temp_defs(c))
		goto out;
	qir_foreach_block(c, b) {
		qir_foreach_inst_safe(b, inst, next) {
			if (is_vpm_copy(inst) && inst->dst.index < c->num_temps &&
			    uses[inst->dst.index] == 1 && defs[inst->dst.index] == 1)
				progress |= fold(c, b, inst);
		}
	}
	if (progress)
		qir_invalidate(c);
out:
	free(uses);
	free(defs);
	return progress;
}
