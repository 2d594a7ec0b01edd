/*
 * opt_redundant_sf.c: removes flag updates that recompute the flags already
 * set. The flags are a function of the op and its operand values, so a
 * `.sf` instruction with the same op and operands (same unpacks) as the
 * last one that set the flags, none of whose temps has been written since,
 * sets nothing new: it is deleted if it has no destination, else it keeps
 * its result and loses `.sf`. One forward walk per block with per-temp
 * write counters; a block with a single predecessor earlier in program
 * order starts from that block's final state (branches keep the flags), as
 * the lowering's if/else chains do. Not handled: flags equal for other
 * reasons (x vs x+0), conditional or packed flag setters, flags surviving
 * a THRSW (they are undefined after it).
 */
#include "qir/qir.h"

#include <stdlib.h>

#include "util/code_align.h"
#include "util/zalloc.h"

/* What set the flags last: valid only while its temps keep their versions. */
struct flags {
	bool valid;
	uint16_t op;
	struct qir_reg src[QIR_MAX_SRC];
	uint32_t ver[QIR_MAX_SRC];   /* write counters of temp sources */
};

struct rs {
	struct qir_compile *c;
	uint32_t *ver;               /* per temp: writes seen so far */
	struct flags *exit;          /* per block: state at its end */
};

/* Whether inst's flags depend only on its op and repeatable operands. */
static bool repeatable(const struct qir_inst *inst)
{
	return inst->cond == QPU_COND_ALWAYS && !inst->pack && !qir_inst_has_side_effects(inst) &&
	       qir_op_alu((enum qir_op)inst->op) != QIR_ALU_NONE;
}

/* Whether the flags in f are what inst would set. */
static bool same_flags(const struct rs *rs, const struct flags *f, const struct qir_inst *inst)
{
	if (!f->valid || f->op != inst->op)
		return false;
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		struct qir_reg r = inst->src[s];
		if (!qir_reg_equal(r, f->src[s]))
			return false;
		if (r.file == QIR_FILE_TEMP && rs->ver[r.index] != f->ver[s])
			return false;
	}
	return true;
}

static void record(const struct rs *rs, struct flags *f, const struct qir_inst *inst)
{
	f->valid = repeatable(inst);
	f->op = inst->op;
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		f->src[s] = inst->src[s];
		f->ver[s] = inst->src[s].file == QIR_FILE_TEMP ? rs->ver[inst->src[s].index] : 0;
	}
}

/* One instruction of the walk; true on progress. Removes inst if redundant
 * and without a destination. */
static bool visit(struct rs *rs, struct qir_block *b, struct qir_inst *inst, struct flags *f)
{
	bool progress = false;
	if (inst->sf && repeatable(inst) && same_flags(rs, f, inst)) {
		if (inst->dst.file == QIR_FILE_NULL && qir_ops[inst->op].ndst) {
			qir_inst_remove(rs->c, b, inst);
			return true;
		}
		inst->sf = false;
		progress = true;
	} else if (inst->sf) {
		record(rs, f, inst);
	}
	if (qir_ops[inst->op].flags & QIR_OPF_THRSW)
		f->valid = false;
	if (inst->dst.file == QIR_FILE_TEMP)
		rs->ver[inst->dst.index]++;
	return progress;
}

/* The state a block starts from: its single earlier predecessor's end. */
static struct flags entry_state(const struct rs *rs, const struct qir_block *b)
{
	struct flags none = { .valid = false };
	if (b->preds.len != 1 || b->preds.data[0] >= b->index)
		return none;
	return rs->exit[b->preds.data[0]];
}

/* The pass: tracks the last flag setter per block (starting from a single
 * predecessor's exit state) and deletes or un-sf's setters that recompute it
 * (file header); true on progress, c->oom when out of memory. */
VC4_CODE_ALIGN(1024)
bool qir_opt_redundant_sf(struct qir_compile *c)
{
	struct rs rs = { c, vc4_calloc(c->num_temps + 1, sizeof(uint32_t)),
			 vc4_calloc(c->blocks.len + 1, sizeof(struct flags)) };
	bool progress = false;
	if (!rs.ver || !rs.exit || !qir_cfg_update(c, NULL)) {
		c->oom |= !rs.ver || !rs.exit;
	} else {
		struct qir_block *b;
		struct qir_inst *inst, *next;
		qir_foreach_block(c, b) {
			struct flags f = entry_state(&rs, b);
			qir_foreach_inst_safe(b, inst, next)
				progress |= visit(&rs, b, inst, &f);
			rs.exit[b->index] = f;
		}
	}
	free(rs.ver);
	free(rs.exit);
	return progress;
}
