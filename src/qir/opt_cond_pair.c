/*
 * opt_cond_pair.c: a conditional write completed by the complementary one.
 * `mov.zs t, A; ...; mov.zc t, B` under the same flags writes every lane of
 * t (Z set or clear), so the first write can be unconditional: `mov t, A;
 * mov.zc t, B` leaves the same value in every lane, and t's earlier
 * writes, dead now, go with DCE (which only lets an unconditional write
 * kill its temp). Unrolled loops whose select-style ifs store one of two
 * constants each pass (`if (i == x) c = 0.25; else c = 0.5;`) keep only
 * the last pass's pair: piglit-glsl-fs-loop-shadow-variables.
 *
 * The first write A is plain (a temp destination, no pack, no set-flags,
 * no side effect, operands temps, uniforms or immediates); the second B
 * writes the same temp under the complementary condition (ZS/ZC, NS/NC,
 * CS/CC), plain too, without reading t; nothing between them updates the
 * flags, reads t or switches thread. Block-local, one walk per block.
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"
#include "util/zalloc.h"

/* A plain conditional write of a temp. */
static bool plain_cond(const struct qir_inst *inst)
{
	if (inst->sf || inst->pack || inst->dst.file != QIR_FILE_TEMP ||
	    inst->cond == QPU_COND_ALWAYS || inst->cond == QPU_COND_NEVER ||
	    qir_inst_has_side_effects(inst) ||
	    (qir_ops[inst->op].flags & (QIR_OPF_WRITES_R4 | QIR_OPF_SFU | QIR_OPF_BRANCH)))
		return false;
	for (int s = 0; s < qir_ops[inst->op].nsrc; s++) {
		enum qir_file f = (enum qir_file)inst->src[s].file;
		if (f != QIR_FILE_TEMP && f != QIR_FILE_UNIF && f != QIR_FILE_SMALL_IMM &&
		    f != QIR_FILE_IMM)
			return false;
	}
	return true;
}

struct pair_state {
	struct qir_inst **open;   /* per temp: its pending conditional write */
	uint32_t *flags_at;       /* per temp: the flag stamp at that write */
	uint32_t stamp;           /* bumped by every flag update */
};

/* Steps over inst; true when it completed a pair. */
static bool visit(struct pair_state *p, struct qir_inst *inst, uint32_t ntemps)
{
	for (int s = 0; s < qir_ops[inst->op].nsrc; s++)
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < ntemps)
			p->open[inst->src[s].index] = NULL;   /* read: A's lanes matter */
	if (qir_ops[inst->op].flags & (QIR_OPF_THRSW | QIR_OPF_BRANCH))
		p->stamp++;
	bool done = false;
	if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < ntemps) {
		uint32_t t = inst->dst.index;
		struct qir_inst *a = p->open[t];
		bool cond = plain_cond(inst);
		if (cond && a && p->flags_at[t] == p->stamp && a->cond == (inst->cond ^ 1)) {
			a->cond = QPU_COND_ALWAYS;
			done = true;
			p->open[t] = NULL;
		} else {
			p->open[t] = cond ? inst : NULL;
			p->flags_at[t] = p->stamp;
		}
	}
	if (inst->sf)
		p->stamp++;
	return done;
}

VC4_CODE_ALIGN(512)
bool qir_opt_cond_pair(struct qir_compile *c)
{
	uint32_t n = c->num_temps;
	struct pair_state p = { vc4_calloc(n + 1, sizeof(*p.open)), vc4_calloc(n + 1, sizeof(uint32_t)),
				1 };
	if (!p.open || !p.flags_at) {
		free(p.open);
		free(p.flags_at);
		c->oom = true;
		return false;
	}
	bool any = false;
	struct qir_block *b;
	qir_foreach_block(c, b) {
		p.stamp++;   /* nothing pairs across blocks */
		for (struct qir_inst *inst = b->first; inst; inst = inst->next)
			any |= visit(&p, inst, n);
	}
	free(p.open);
	free(p.flags_at);
	if (any)
		qir_invalidate(c);
	return any;
}
