/*
 * opt_copy_prop.c: rewrites reads of a temp defined only by a raw copy
 * (`mov t, x` / `mmov t, x`: unconditional, no flags, pack or unpack) to
 * read x directly, when x cannot change in between: x is a single-definition
 * temp (anywhere: a temp with one definition that is written before every
 * read dominates its reads), a uniform, a small immediate, or — for reads
 * later in the copy's own block — a multiply-written temp not written since
 * the copy (tracked with per-temp write counters in one forward walk).
 * A copy into a multiply-written temp (a GLSL local: `mov d, s` of a
 * function's parameter or result) is propagated too, to reads later in its
 * block while neither d nor s has been written since (s may be a small
 * constant the load-immediate of d gave).
 * Not handled: fmov (it may flush denormals), copies of FIFO reads (varyings,
 * VPM), copies of multiply-written temps read in other blocks; uniforms and
 * immediates are not propagated into reads with an unpack or into ops that
 * forbid them (texture sideband writes, min_noimm). Dead copies are left to
 * DCE. When every rewrite put a uniform that is no CONST in place of a temp
 * (after the host-uniform pass: its `mov t, uH`), the progress is of the
 * kind QIR_CHANGE_UNIF_READS (qir_optimize.c).
 */
#include "qir/qir.h"

#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/code_align.h"
#include "util/zero.h"

/* Walk state for copies of multiply-written temps, valid within a block. */
struct cp {
	const struct qir_compile *c;
	uint32_t *ver;       /* per temp: writes seen so far in the walk */
	uint32_t *copy_ver;  /* per copy temp: ver[source] when the copy ran */
	uint32_t *copy_blk;  /* per copy temp: block of the copy, or QIR_NONE */
	struct mcopy *m;     /* per multiply-written temp: its last copy */
	bool wide;           /* a rewrite was not to a uniform that is no CONST */
};

/* The last raw copy into a multiply-written temp d, valid while ver[d] and
 * (for a temp source) ver[src] still hold the values noted here. */
struct mcopy {
	struct qir_reg src;
	uint32_t blk, dver, sver;
};

/* The source of the last copy into multiply-written temp t, if it is still
 * what t holds at this point of block blk. */
static bool mcopy_source(const struct cp *cp, uint32_t t, uint32_t blk, struct qir_reg *out)
{
	const struct mcopy *m = &cp->m[t];
	if (m->blk != blk || cp->ver[t] != m->dver)
		return false;
	if (m->src.file == QIR_FILE_TEMP && cp->ver[m->src.index] != m->sver)
		return false;
	*out = m->src;
	return true;
}

/* The value a read of temp t in block blk can use instead, if t is a
 * propagatable copy: of a single-definition temp anywhere, of another temp
 * not written since the copy in this block, of a uniform or small imm. */
static bool copy_source(const struct cp *cp, uint32_t t, uint32_t blk, struct qir_reg *out)
{
	const struct qir_inst *def = qir_temp_def(cp->c, t);
	if (!def)
		return mcopy_source(cp, t, blk, out);
	if ((def->op != QIR_OP_MOV && def->op != QIR_OP_MMOV) ||
	    !qir_inst_is_raw_mov(def))
		return false;
	struct qir_reg x = def->src[0];
	if (x.file == QIR_FILE_TEMP) {
		bool stable = qir_temp_def(cp->c, x.index) ||
			      (cp->copy_blk[t] == blk && cp->ver[x.index] == cp->copy_ver[t]);
		return x.index != t && x.index < cp->c->num_temps && stable && (*out = x, true);
	}
	if (x.file == QIR_FILE_UNIF || x.file == QIR_FILE_SMALL_IMM)
		return (*out = x, true);
	return false;
}

/* Whether src s of inst may be replaced by operand x (at most one small
 * immediate value per instruction). */
static bool may_use(const struct qir_compile *c, const struct qir_inst *inst, int s,
		    struct qir_reg x)
{
	uint32_t f = qir_ops[inst->op].flags;
	struct qir_reg other = inst->src[!s];
	if (x.file == QIR_FILE_TEMP) {
		/* payload temps are precoloured: keep unpacks on file A copies */
		const struct qir_inst *def = qir_temp_def(c, x.index);
		return !inst->src[s].unpack || !def || !(qir_ops[def->op].flags & QIR_OPF_PAYLOAD);
	}
	if (x.file == QIR_FILE_SMALL_IMM && other.file == QIR_FILE_SMALL_IMM &&
	    other.index != x.index)
		return false;
	if (inst->src[s].unpack || (f & (QIR_OPF_SIDEBAND | QIR_OPF_TMU_WRITE)))
		return false;
	if (inst->op == QIR_OP_UNIFORMS_RESET)
		return false;
	return x.file != QIR_FILE_SMALL_IMM || !(f & QIR_OPF_NO_SMALL_IMM);
}

/* Notes inst, a write of temp d, as d's last copy when it is a raw copy of
 * a temp, uniform or small immediate into a multiply-written d, or a
 * load-immediate of a value a small immediate encodes (a GLSL local set to
 * a constant: a function's constant argument). Called after the write's
 * version bump. */
static void note_mcopy(struct cp *cp, uint32_t blk, const struct qir_inst *inst, uint32_t d)
{
	struct qir_reg x = inst->src[0];
	cp->m[d].blk = QIR_NONE;
	if (qir_temp_def(cp->c, d))
		return;
	if (inst->op == QIR_OP_LOAD_IMM && inst->cond == QPU_COND_ALWAYS && !inst->pack &&
	    !inst->sf && qpu_small_imm_encode(x.index) >= 0)   /* a small constant */
		x = qir_small_imm(x.index);
	else if ((inst->op != QIR_OP_MOV && inst->op != QIR_OP_MMOV) ||
		 !qir_inst_is_raw_mov(inst) || x.unpack)
		return;
	if (x.file == QIR_FILE_TEMP && (x.index == d || x.index >= cp->c->num_temps))
		return;
	if (x.file != QIR_FILE_TEMP && x.file != QIR_FILE_UNIF && x.file != QIR_FILE_SMALL_IMM)
		return;
	cp->m[d] = (struct mcopy){ x, blk, cp->ver[d],
				   x.file == QIR_FILE_TEMP ? cp->ver[x.index] : 0 };
}

/* Rewrites the sources of inst; then notes a copy it makes and its write. */
static bool visit(struct cp *cp, uint32_t blk, struct qir_inst *inst)
{
	bool progress = false;
	for (int s = 0; s < qir_ops[inst->op].nsrc; s++) {
		struct qir_reg x;
		if (inst->src[s].file != QIR_FILE_TEMP || inst->src[s].index >= cp->c->num_temps ||
		    !copy_source(cp, inst->src[s].index, blk, &x) || !may_use(cp->c, inst, s, x))
			continue;
		x.unpack = inst->src[s].unpack;
		qir_touch(cp->c, inst);
		inst->src[s] = x;
		progress = true;
		if (x.file != QIR_FILE_UNIF || x.index >= cp->c->uniforms.len ||
		    cp->c->uniforms.data[x.index].kind == QIR_UNIFORM_CONST)
			cp->wide = true;
	}
	struct qir_reg d = inst->dst, x = inst->src[0];
	if (d.file != QIR_FILE_TEMP || d.index >= cp->c->num_temps)
		return progress;
	if (x.file == QIR_FILE_TEMP && x.index < cp->c->num_temps &&
	    qir_temp_def(cp->c, d.index) == inst) {
		cp->copy_blk[d.index] = blk;
		cp->copy_ver[d.index] = cp->ver[x.index];
	}
	cp->ver[d.index]++;
	note_mcopy(cp, blk, inst, d.index);
	return progress;
}

/* Bytes of the pass's stack buffer for its arrays (24 bytes a temp): a
 * usual program's fit, and the run makes no malloc()/free() pair (on armhf
 * glibc serves blocks over about 500 bytes by its slow path). */
#define CP_ARENA_BUF 4096

/* The pass: one forward walk over the blocks in program order, rewriting
 * reads of propagatable copies (file header) and noting copies and writes as
 * it goes; true on progress. Out of memory: c->oom, no progress. */
VC4_CODE_ALIGN(2048)
bool qir_opt_copy_prop(struct qir_compile *c)
{
	size_t n = c->num_temps ? c->num_temps : 1;
	_Alignas(16) char buf[CP_ARENA_BUF];
	struct vc4_arena arena;
	vc4_arena_init(&arena, buf, sizeof(buf));
	/* one block: m, then ver and copy_ver (zeroed), then copy_blk */
	struct mcopy *m = n <= SIZE_MAX / (sizeof(struct mcopy) + 3 * sizeof(uint32_t)) ?
		vc4_arena_alloc(&arena, n * (sizeof(struct mcopy) + 3 * sizeof(uint32_t))) : NULL;
	uint32_t *words = m ? (uint32_t *)(m + n) : NULL;
	struct cp cp = { c, words, words ? words + n : NULL, words ? words + 2 * n : NULL, m,
			 false };
	bool progress = false;
	if (m && qir_temp_defs(c)) {
		vc4_zero_bytes(words, 2 * n * sizeof(uint32_t));
		for (size_t t = 0; t < n; t++) {
			cp.copy_blk[t] = QIR_NONE;
			cp.m[t].blk = QIR_NONE;
		}
		for (uint32_t i = 0; i < c->blocks.len; i++) {
			struct qir_inst *inst;
			qir_foreach_inst(c->blocks.data[i], inst)
				progress |= visit(&cp, i, inst);
		}
	} else {
		c->oom = true;
	}
	vc4_arena_fini(&arena);
	if (progress && !cp.wide)
		c->change = QIR_CHANGE_UNIF_READS;
	return progress;
}
