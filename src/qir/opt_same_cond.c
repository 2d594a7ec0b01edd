/*
 * opt_same_cond.c: conditional writes of the value a temp already holds.
 * A conditional instruction (`mov.ns t, X`) that recomputes exactly what
 * the temp's last write in the same block computed unconditionally (same
 * op, operands, unpacks; or the same constant, by load_imm or mov; no
 * pack, no flags; the temp operands not written since) changes nothing and
 * is removed. Selects whose arms agree come out
 * of inlined functions returning constants in both branches (`mov t, 0;
 * mov.ns t, 0`); without the second write the temp has one definition and
 * the constant reaches its readers (fadd x, 0 → x).
 * An unconditional write of the constant the temp already holds goes too:
 * a GLSL local set to the same constant before each inlined call
 * (`load_imm t, -1.0` before each `o * TexelSize` of post-sobel); with one
 * definition left, CSE then shares the products. And two conditional
 * writes of one constant under complementary conditions of the same flags
 * (`mov.zs t, 0; mov.zc t, 0`: select-style ifs whose parts store the same
 * constant), t not read in between, are one unconditional write. Runs only
 * in programs with a conditional write (the driver's `needs`), as before.
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"
#include "util/zalloc.h"

struct stamps {
	uint32_t *written;  /* per temp: stamp of its latest write (0 = none) */
	uint32_t *def_at;   /* per temp: stamp of its last plain write */
	const struct qir_inst **def;  /* per temp: that write, or NULL */
	uint32_t *read;     /* per temp: stamp of its latest read */
	struct qir_inst **cond_def;   /* per temp: its latest write if a plain
				       * conditional constant write, or NULL */
	uint32_t flags_at;  /* stamp of the latest flag update */
};

/* A plain instruction: no pack, no flags, operands that read nothing but
 * temps, uniforms and immediates. */
static bool plain(const struct qir_inst *inst)
{
	if (inst->sf || inst->pack || inst->dst.file != QIR_FILE_TEMP ||
	    qir_inst_has_side_effects(inst))
		return false;
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		enum qir_file f = (enum qir_file)inst->src[s].file;
		if (f != QIR_FILE_NULL && f != QIR_FILE_TEMP && f != QIR_FILE_UNIF &&
		    f != QIR_FILE_SMALL_IMM && f != QIR_FILE_IMM)
			return false;
	}
	return true;
}

/* The constant inst writes: a load_imm, or a mov of a small immediate or
 * a constant uniform. */
static inline bool const_write(const struct qir_compile *c, const struct qir_inst *inst, uint32_t *v)
{
	if (inst->op == QIR_OP_LOAD_IMM) {
		*v = inst->src[0].index;
		return true;
	}
	return inst->op == QIR_OP_MOV && inst->src[0].file != QIR_FILE_TEMP &&
	       qir_reg_const(c, inst->src[0], v);
}

/* True when inst recomputes its temp's last plain write of this block
 * (stamps from block_start on), the temp and the operands unchanged since. */
static bool same_as_last(const struct qir_compile *c, const struct stamps *st,
			 const struct qir_inst *inst, uint32_t block_start)
{
	uint32_t t = inst->dst.index, v, w;
	const struct qir_inst *d = st->def[t];
	if (!d || st->def_at[t] < block_start || st->written[t] != st->def_at[t])
		return false;
	if (const_write(c, d, &v) && const_write(c, inst, &w))
		return v == w;
	if (d->op != inst->op || d->pack_mul != inst->pack_mul)
		return false;
	for (int s = 0; s < QIR_MAX_SRC; s++) {
		struct qir_reg r = inst->src[s];
		if (!qir_reg_equal(r, d->src[s]) ||
		    (r.file == QIR_FILE_TEMP && st->written[r.index] >= st->def_at[t]))
			return false;
	}
	return true;
}

/* True when inst, a plain conditional constant write, completes the temp's
 * previous write (st->cond_def, written at st->written) into an
 * unconditional one: the same constant under the complementary condition,
 * no flag update and no read of the temp in between. */
static bool completes(const struct qir_compile *c, const struct stamps *st,
		      const struct qir_inst *inst)
{
	uint32_t t = inst->dst.index, v, w;
	const struct qir_inst *p = st->cond_def[t];
	return p && inst->cond >= QPU_COND_ZS && p->cond == (inst->cond ^ 1) &&
	       st->flags_at < st->written[t] && st->read[t] < st->written[t] &&
	       const_write(c, p, &v) && const_write(c, inst, &w) && v == w;
}

/* Stamps inst's temp reads and flag update. */
static void note_reads(struct stamps *st, const struct qir_compile *c,
		       const struct qir_inst *inst, uint32_t now)
{
	for (int s = 0; s < QIR_MAX_SRC; s++)
		if (inst->src[s].file == QIR_FILE_TEMP && inst->src[s].index < c->num_temps)
			st->read[inst->src[s].index] = now;
	if (inst->sf)
		st->flags_at = now;
}

/* One block; *stamp counts instructions across blocks. */
static bool block_same(struct qir_compile *c, struct qir_block *b, struct stamps *st,
		       uint32_t *stamp)
{
	bool progress = false;
	uint32_t block_start = ++*stamp;
	struct qir_inst *inst, *next;
	qir_foreach_inst_safe(b, inst, next) {
		uint32_t now = ++*stamp;
		note_reads(st, c, inst, now);
		if (inst->dst.file != QIR_FILE_TEMP || inst->dst.index >= c->num_temps)
			continue;
		uint32_t t = inst->dst.index;
		bool cond = inst->cond != QPU_COND_ALWAYS &&
			    !(qir_ops[inst->op].flags & QIR_OPF_BRANCH);
		uint32_t v;   /* unconditional: only a constant written again */
		if ((cond || const_write(c, inst, &v)) && plain(inst) &&
		    same_as_last(c, st, inst, block_start)) {
			qir_inst_remove(c, b, inst);
			progress = true;
			continue;
		}
		if (cond && plain(inst) && st->written[t] >= block_start && completes(c, st, inst)) {
			qir_inst_remove(c, b, st->cond_def[t]);
			inst->cond = QPU_COND_ALWAYS;
			cond = false;
			progress = true;
		}
		st->written[t] = now;
		st->def[t] = !cond && plain(inst) ? inst : NULL;
		st->cond_def[t] = cond && plain(inst) && const_write(c, inst, &v) ? inst : NULL;
		st->def_at[t] = now;
	}
	return progress;
}

/* True when the program has a conditional write of a temp (most have none:
 * the pass then allocates nothing). */
static bool any_cond_write(const struct qir_compile *c)
{
	struct qir_block *b;
	const struct qir_inst *inst;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, inst)
			if (inst->cond != QPU_COND_ALWAYS && inst->dst.file == QIR_FILE_TEMP &&
			    !(qir_ops[inst->op].flags & QIR_OPF_BRANCH))
				return true;
	return false;
}

VC4_CODE_ALIGN(2048)
bool qir_opt_same_cond(struct qir_compile *c)
{
	if (!any_cond_write(c))
		return false;
	uint32_t n = c->num_temps ? c->num_temps : 1, stamp = 0;
	/* one zeroed block: the two pointer arrays, then the three stamp arrays */
	const struct qir_inst **def = vc4_calloc(n, 2 * sizeof(void *) + 3 * sizeof(uint32_t));
	uint32_t *words = def ? (uint32_t *)(def + 2 * (size_t)n) : NULL;
	struct stamps st = {
		.written = words,
		.def_at = words ? words + n : NULL,
		.def = def,
		.read = words ? words + 2 * (size_t)n : NULL,
		.cond_def = def ? (struct qir_inst **)(def + n) : NULL,
	};
	bool progress = false;
	if (!def) {
		c->oom = true;
	} else {
		struct qir_block *b;
		qir_foreach_block(c, b)
			progress |= block_same(c, b, &st, &stamp);
	}
	free(def);
	if (progress)
		qir_invalidate(c);
	return progress;
}
