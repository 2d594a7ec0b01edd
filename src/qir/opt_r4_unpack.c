/*
 * opt_r4_unpack.c: an r4 result's unpack folded into a MUL-packing reader.
 * `tex_result t; fmov u, t.8a; fmul d.8ac, u, v` → `fmul d.8ac, t.8a, v`:
 * the texel byte is read from r4 with the unpack (PM 1, as the MUL pack)
 * and written as the colour byte in one MUL op (texel × colour: the fmax
 * moves go; piglit-uniform-structs FS 14 -> 13). qir_opt_fold_packs() keeps MUL
 * packs and unpacks apart because a regfile-A unpack needs PM 0; an r4
 * result stays in r4 only while nothing else writes r4, so this runs after
 * the pre-allocation order (which moves a tile-buffer read or an SFU op
 * between the result and its readers), when the order between them is
 * final: nothing that writes r4 (TMU, SFU or tile-buffer result) nor a
 * thread switch may come between the result and the reader. Where the
 * allocator still puts t in regfile A, selection copies the unpacked value
 * through the scratch register (docs/compiler.md), which is the fmov this
 * fold removed.
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"

/* Whether the tile-buffer colour read r can move down to just after x:
 * nothing from r to x reads its result, touches the tile buffer or writes
 * a special register. */
static bool tlb_read_sinks(const struct qir_inst *r, const struct qir_inst *x)
{
	for (const struct qir_inst *i = r->next;; i = i->next) {
		for (unsigned s = 0; s < qir_ops[i->op].nsrc; s++)
			if (qir_is_temp(i->src[s]) && i->src[s].index == r->dst.index)
				return false;
		if (i == x)
			return true;
		if ((qir_ops[i->op].flags & QIR_OPF_TLB) || i->dst.file == QIR_FILE_SPECIAL)
			return false;
	}
}

/* Whether nothing strictly between d and x writes r4 or switches thread,
 * but for one tile-buffer colour read that can sink below x (*sink, else
 * NULL: the pre-allocation order puts the blend's read early). */
static bool r4_kept(const struct qir_inst *d, const struct qir_inst *x, struct qir_inst **sink)
{
	*sink = NULL;
	for (struct qir_inst *i = d->next; i && i != x; i = i->next) {
		if (!(qir_ops[i->op].flags & (QIR_OPF_WRITES_R4 | QIR_OPF_THRSW)))
			continue;
		if (i->op != QIR_OP_TLB_COLOR_READ || *sink || !tlb_read_sinks(i, x))
			return false;
		*sink = i;
	}
	return true;
}

/* Whether inst comes before x in x's block. */
static bool earlier(const struct qir_inst *inst, const struct qir_inst *x)
{
	for (const struct qir_inst *i = x->prev; i; i = i->prev)
		if (i == inst)
			return true;
	return false;
}

/* The fmov whose result source s of x is, when it unpacks an unconditional
 * r4 result still in r4 at x and x is its only reader, both earlier in
 * x's block: else NULL. */
static struct qir_inst *r4_unpack_def(const struct qir_compile *c, const uint32_t *uses,
				      const struct qir_inst *x, int s, struct qir_inst **sink)
{
	struct qir_reg t = x->src[s];
	if (!qir_is_temp(t) || t.unpack || uses[t.index] != 1)
		return NULL;
	struct qir_inst *m = qir_temp_def(c, t.index);
	if (!m || m->op != QIR_OP_FMOV || m->cond != QPU_COND_ALWAYS || m->sf || m->pack ||
	    !m->src[0].unpack || !qir_is_temp(m->src[0]))
		return NULL;
	const struct qir_inst *d = qir_temp_def(c, m->src[0].index);
	if (!d || !(qir_ops[d->op].flags & QIR_OPF_WRITES_R4) || d->cond != QPU_COND_ALWAYS ||
	    d->pack || !earlier(m, x) || !earlier(d, m) || !r4_kept(d, x, sink))
		return NULL;
	return m;
}

/* x's source s reads what the fmov m unpacks; m goes, and the colour read
 * sink (when not NULL) moves to just after x. */
static bool take(struct qir_compile *c, struct qir_block *b, uint32_t *uses, struct qir_inst *x,
		 int s, struct qir_inst *m, struct qir_inst *sink)
{
	if (sink) {
		*(sink->prev ? &sink->prev->next : &b->first) = sink->next;
		sink->next->prev = sink->prev;   /* x follows: not the last */
		qir_inst_insert_before(b, x->next, sink);
	}
	x->src[s] = m->src[0];
	uses[m->src[0].index]++;
	uses[m->dst.index] = 0;
	c->def_count[m->dst.index] = 0;
	c->defs[m->dst.index] = NULL;
	qir_inst_remove(c, b, m);
	return true;
}

/* Folds one unpack into x (a float-input MUL-packing op without another
 * unpack); true when it did. (Folding into a MUL-packing move too, as
 * `fmul d.8ac, t.8a, 1.0`, was tried: glmark-texture FS 14 -> 13 but
 * post-chromatic 28 -> 29, whose thread end then waits for the r4 read.) */
static bool fold(struct qir_compile *c, struct qir_block *b, uint32_t *uses,
		 struct qir_inst *x)
{
	const struct qir_op_info *info = &qir_ops[x->op];
	if (!x->pack || !x->pack_mul || x->sf)
		return false;
	if (!(info->flags & QIR_OPF_FLOAT_IN) || info->nsrc != 2)
		return false;
	for (int s = 0; s < 2; s++) {
		struct qir_inst *sink, *m = r4_unpack_def(c, uses, x, s, &sink);
		if (!m || x->src[!s].unpack || qir_reg_equal(x->src[!s], x->src[s]))
			continue;
		return take(c, b, uses, x, s, m, sink);
	}
	return false;
}

VC4_CODE_ALIGN(1024)
bool qir_opt_r4_unpack(struct qir_compile *c)
{
	if (c->stage != QIR_STAGE_FRAGMENT)
		return false;
	if (!qir_temp_defs(c)) {
		c->oom = true;
		return false;
	}
	uint32_t *uses = qir_temp_use_counts(c);
	if (!uses) {
		c->oom = true;
		return false;
	}
	bool any = false;
	struct qir_block *b;
	qir_foreach_block(c, b)
		for (struct qir_inst *x = b->first; x; x = x->next)
			any |= fold(c, b, uses, x);
	free(uses);
	qir_invalidate(c);
	return any;
}
