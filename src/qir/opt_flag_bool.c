/*
 * opt_flag_bool.c: conditions read straight from the flags that made a
 * boolean. The lowering turns a comparison into a 0/~0 value,
 *   fsub.sf -, a, b;  mov t, 0;  mov.ns t, -1
 * and a later select, store or discard tests that value again:
 *   mov.sf -, t;  mov.zc d, x  ...
 * When no flag update comes between the conditional `mov.C t, -1` and the
 * `mov.sf -, t`, the flags are still those C was read from, and after the
 * test Z would be !C and N would be C. So the test goes (or, with a
 * result, loses its .sf) and the conditions reading it until the next flag
 * update are rewritten: zs -> !C, zc -> C, ns -> C, nc -> !C (a branch's
 * all/any of them likewise: `branch.all_zc` after the test is all of C).
 * Done only when that next flag update (or a thread switch, after which the
 * flags are undefined) is in the same block, or no successor of the block
 * reads the flags before setting them (on every path of up to 4 blocks the
 * flags are set first or the program ends), so they are not live out, and
 * no carry condition reads them in between. A `not` of such a boolean
 * (the flags unchanged since) is one too, under !C: `if (!(i < n)) break`
 * then tests the compare's own flags. One forward walk per block with
 * per-temp write counters.
 */
#include "qir/qir.h"

#include <stdlib.h>

#include "util/code_align.h"
#include "util/zalloc.h"

/* A 0/~0 temp made from the flags: valid while its version and the flags'
 * epoch are unchanged. */
struct fbool {
	uint32_t ver, epoch, zero_ver, zero_blk;
	uint8_t cond;     /* the flag condition it is ~0 under */
	bool valid, zeroed;
};

struct fb {
	struct qir_compile *c;
	uint32_t *ver;
	struct fbool *b;
	uint32_t epoch;   /* flag updates seen */
	uint32_t blk;     /* the block being walked */
};

static enum qpu_cond invert(enum qpu_cond c)
{
	return (enum qpu_cond)(c ^ 1);   /* ZS<->ZC, NS<->NC, CS<->CC */
}

/* The condition on the producer's flags a read of `mov.sf t`'s flags with
 * `use` amounts to, or QPU_COND_NEVER when there is none. */
static enum qpu_cond mapped(enum qpu_cond c, enum qpu_cond use)
{
	switch (use) {
	case QPU_COND_ZS: case QPU_COND_NC: return invert(c);
	case QPU_COND_ZC: case QPU_COND_NS: return c;
	default: return QPU_COND_NEVER;
	}
}

/* The per-lane flag condition inst reads (a branch: the one its all/any
 * combines), QPU_COND_ALWAYS when none, QPU_COND_NEVER when unknown. */
static enum qpu_cond lane_cond(const struct qir_inst *inst)
{
	if (!(qir_ops[inst->op].flags & QIR_OPF_BRANCH))
		return (enum qpu_cond)inst->cond;
	return qpu_branch_lane_cond((enum qpu_branch_cond)inst->cond);
}

/* inst reading `lane` (a flag condition) instead of what it reads. */
static void set_lane_cond(struct qir_inst *inst, enum qpu_cond lane)
{
	if (!(qir_ops[inst->op].flags & QIR_OPF_BRANCH)) {
		inst->cond = (uint8_t)lane;
		return;
	}
	inst->cond = (uint8_t)qpu_branch_on(lane, qpu_branch_is_any((enum qpu_branch_cond)inst->cond));
}

/* How many blocks deep flags_dead_out() follows flags nobody set. */
#define FLAG_BOOL_MAX_DEPTH 4

static bool flags_dead_out(const struct qir_compile *c, const struct qir_block *blk,
			   unsigned depth);

/* Whether block b sets the flags (or switches threads) before it reads
 * them, or reads none on any path (up to `depth` more blocks), so the
 * flags it inherits are dead. */
static bool flags_dead_in(const struct qir_compile *c, const struct qir_block *b, unsigned depth)
{
	for (const struct qir_inst *i = b->first; i; i = i->next) {
		if (lane_cond(i) != QPU_COND_ALWAYS)
			return false;
		if ((i->sf && i->cond == QPU_COND_ALWAYS) || (qir_ops[i->op].flags & QIR_OPF_THRSW))
			return true;
	}
	return depth < FLAG_BOOL_MAX_DEPTH && flags_dead_out(c, b, depth + 1);
}

/* Whether the flags at the end of blk are read by no successor: it ends the
 * program, or every successor sets them before reading them. */
static bool flags_dead_out(const struct qir_compile *c, const struct qir_block *blk,
			   unsigned depth)
{
	for (int s = 0; s < 2; s++)
		if (blk->succ[s] != QIR_NONE &&
		    !flags_dead_in(c, c->blocks.data[blk->succ[s]], depth))
			return false;
	return true;
}

/* Rewrites the conditions (branches' too) after the test `at` (whose value
 * is ~0 under cond) up to the next flag update; false, with nothing
 * changed, when something else reads the flags or they may outlive the
 * block (no unconditional flag update or thread switch after the test in
 * the block, and a successor may read the flags it inherits). */
static bool rewrite_uses(const struct qir_compile *c, const struct qir_block *blk,
			 struct qir_inst *at, enum qpu_cond cond)
{
	struct qir_inst *i = at->next;
	for (; i && !i->sf && !(qir_ops[i->op].flags & QIR_OPF_THRSW); i = i->next) {
		enum qpu_cond use = lane_cond(i);
		if (use != QPU_COND_ALWAYS && mapped(cond, use) == QPU_COND_NEVER)
			return false;
	}
	if (i ? i->cond != QPU_COND_ALWAYS : !flags_dead_out(c, blk, 0))
		return false;   /* a thread switch ends them too */
	for (struct qir_inst *u = at->next; u != i; u = u->next)
		if (lane_cond(u) != QPU_COND_ALWAYS)
			set_lane_cond(u, mapped(cond, lane_cond(u)));
	return true;
}

/* Whether inst writes constant v to a temp unconditionally, unpacked. */
static bool writes_const(const struct fb *fb, const struct qir_inst *inst, uint32_t v)
{
	uint32_t x;
	if (inst->cond != QPU_COND_ALWAYS || inst->pack || inst->sf)
		return false;
	if (inst->op == QIR_OP_LOAD_IMM)
		return inst->src[0].index == v;
	return inst->op == QIR_OP_MOV && qir_reg_const(fb->c, inst->src[0], &x) && x == v;
}

/* Notes what inst makes of its destination temp (a zero, or the boolean of
 * a flag condition over a zero written just before in the same block: in
 * another block a loop could bring a value other than 0), after its write
 * is counted. */
static void note_write(struct fb *fb, const struct qir_inst *inst, uint32_t t)
{
	struct fbool *b = &fb->b[t];
	uint32_t x;
	bool was_zero = b->zeroed && b->zero_ver + 1 == fb->ver[t] && b->zero_blk == fb->blk;
	b->valid = false;
	b->zeroed = writes_const(fb, inst, 0);
	b->zero_ver = fb->ver[t];
	b->zero_blk = fb->blk;
	if (was_zero && inst->op == QIR_OP_MOV && !inst->pack && !inst->sf &&
	    inst->cond >= QPU_COND_ZS && inst->cond <= QPU_COND_NC &&
	    qir_reg_const(fb->c, inst->src[0], &x) && x == UINT32_MAX)
		*b = (struct fbool){ fb->ver[t], fb->epoch, 0, 0, inst->cond, true, false };
	const struct qir_reg s = inst->src[0];
	if (inst->op == QIR_OP_NOT && inst->cond == QPU_COND_ALWAYS && !inst->pack && !inst->sf &&
	    qir_is_temp(s) && !s.unpack && s.index < fb->c->num_temps && s.index != t) {
		const struct fbool *from = &fb->b[s.index];   /* `not` of a boolean: !C */
		uint8_t inv = (uint8_t)invert((enum qpu_cond)from->cond);
		if (from->valid && from->ver == fb->ver[s.index] && from->epoch == fb->epoch)
			*b = (struct fbool){ fb->ver[t], fb->epoch, 0, 0, inv, true, false };
	}
}

/* One instruction of the walk; true when it removed or changed a test. */
static bool visit(struct fb *fb, struct qir_block *blk, struct qir_inst *inst)
{
	struct qir_reg s = inst->src[0];
	bool progress = false;
	if (inst->op == QIR_OP_MOV && inst->sf && inst->cond == QPU_COND_ALWAYS && !inst->pack &&
	    qir_is_temp(s) && !s.unpack && s.index < fb->c->num_temps) {
		const struct fbool *b = &fb->b[s.index];
		if (b->valid && b->ver == fb->ver[s.index] && b->epoch == fb->epoch &&
		    rewrite_uses(fb->c, blk, inst, (enum qpu_cond)b->cond)) {
			progress = true;   /* the flags (epoch) stay the producer's */
			if (inst->dst.file == QIR_FILE_NULL) {
				qir_inst_remove(fb->c, blk, inst);
				return true;
			}
			inst->sf = false;
		}
	}
	if (inst->sf || (qir_ops[inst->op].flags & QIR_OPF_THRSW))
		fb->epoch++;
	if (qir_is_temp(inst->dst) && inst->dst.index < fb->c->num_temps) {
		fb->ver[inst->dst.index]++;
		note_write(fb, inst, inst->dst.index);
	}
	return progress;
}

/* The pass: one forward walk per block (the CFG only tells which blocks end
 * the program); true on progress. c->oom when out of memory; a CFG error
 * leaves the program as it was. */
VC4_CODE_ALIGN(2048)
bool qir_opt_flag_bool(struct qir_compile *c)
{
	size_t n = c->num_temps ? c->num_temps : 1;
	/* one zeroed block: the fbool array, then the versions */
	struct fbool *fbs = vc4_calloc(n, sizeof(struct fbool) + sizeof(uint32_t));
	struct fb fb = { c, fbs ? (uint32_t *)(fbs + n) : NULL, fbs, 0, 0 };
	bool progress = false;
	if (!fbs)
		c->oom = true;
	else if (qir_temp_defs(c) && qir_cfg_update(c, NULL)) {
		struct qir_block *b;
		struct qir_inst *inst, *next;
		qir_foreach_block(c, b) {
			fb.epoch++;   /* flags from elsewhere are not followed */
			fb.blk = b->index;
			qir_foreach_inst_safe(b, inst, next)
				progress |= visit(&fb, b, inst);
		}
	}
	free(fbs);
	return progress;   /* defs stay valid: only destination-less insts go */
}
