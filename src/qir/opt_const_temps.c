/*
 * opt_const_temps.c: multiply-written temps that hold one constant
 * everywhere. A temp each of whose definitions writes the same constant
 * (a load-immediate, a `mov` of a small immediate or constant uniform,
 * conditional or not) or a raw copy of a temp that does, holds that
 * constant wherever it is read (reads come after a write: the validator's
 * rule). Found by an optimistic fixpoint over the copies (a temp starts
 * unknown, becomes a constant at its first known definition and varying at
 * a second value or any other definition), so copies around a loop agree.
 * Such a temp with more than one definition gets a single `load_imm` at the
 * start of the entry block (after a fragment shader's payload reads)
 * instead: every other pass then sees a constant (qir_reg_const()), its
 * reads become immediates and its copies and conditional merges go. Only
 * values a small immediate encodes, so that no register stays live across
 * the program for it. The case: GLSL locals
 * merged by select-style ifs in unrolled loops whose parts store the same
 * components (piglit-glsl-fs-loop-shadow-variables: gl_FragColor.xzw are
 * 0 in every store, yet each merge moved them).
 */
#include <stdlib.h>

#include "qir/qir.h"
#include "util/code_align.h"
#include "util/zalloc.h"

enum { CT_UNKNOWN, CT_CONST, CT_VARYING };

struct consts {
	uint8_t *state;     /* per temp: CT_* */
	uint32_t *value;    /* per temp: the constant, when CT_CONST */
};

/* Joins a definition writing (kind, v) into temp t; true when t changed. */
static bool join(struct consts *k, uint32_t t, uint8_t kind, uint32_t v)
{
	if (kind == CT_UNKNOWN || k->state[t] == CT_VARYING)
		return false;
	if (k->state[t] == CT_UNKNOWN || (kind == CT_CONST && k->value[t] != v) ||
	    kind == CT_VARYING) {
		k->state[t] = k->state[t] == CT_UNKNOWN ? kind : CT_VARYING;
		k->value[t] = v;
		return true;
	}
	return false;
}

/* What inst writes into its temp: a constant, a copy of a temp's state,
 * or something varying. */
static uint8_t written(const struct qir_compile *c, const struct consts *k,
		       const struct qir_inst *inst, uint32_t *v)
{
	if (inst->sf || inst->pack || inst->cond == QPU_COND_NEVER)
		return CT_VARYING;
	if (inst->op == QIR_OP_LOAD_IMM) {
		*v = inst->src[0].index;
		return CT_CONST;
	}
	struct qir_reg s = inst->src[0];
	if (inst->op != QIR_OP_MOV || s.unpack)
		return CT_VARYING;
	if (s.file == QIR_FILE_TEMP && s.index < c->num_temps) {
		*v = k->value[s.index];
		return k->state[s.index];
	}
	return qir_reg_const(c, s, v) ? CT_CONST : CT_VARYING;
}

/* Whether temp t is rewritten: several definitions, one small constant. */
static bool chosen(const struct qir_compile *c, const struct consts *k, uint32_t t)
{
	return c->def_count[t] > 1 && k->state[t] == CT_CONST &&
	       qpu_small_imm_encode(k->value[t]) >= 0;
}

/* Whether some temp may still be rewritten: chosen as things stand, or
 * with several definitions not all seen to write something (copies of a
 * temp first written later in program order). */
static bool any_candidate(const struct qir_compile *c, const struct consts *k)
{
	for (uint32_t t = 0; t < c->num_temps; t++)
		if (chosen(c, k, t) || (c->def_count[t] > 1 && k->state[t] == CT_UNKNOWN))
			return true;
	return false;
}

/* The fixpoint: walks until no temp changes (each can change twice), or
 * until no temp is a candidate any more (a temp only moves towards
 * varying: most programs have no candidate after the first walk). False
 * when none is left. */
static bool solve(const struct qir_compile *c, struct consts *k)
{
	bool changed = true;
	while (changed) {
		changed = false;
		struct qir_block *b;
		const struct qir_inst *inst;
		qir_foreach_block(c, b)
			qir_foreach_inst(b, inst) {
				if (inst->dst.file != QIR_FILE_TEMP || inst->dst.index >= c->num_temps)
					continue;
				uint32_t v = 0;
				uint8_t kind = written(c, k, inst, &v);
				changed |= join(k, inst->dst.index, kind, v);
			}
		if (!any_candidate(c, k))
			return false;
	}
	return true;
}

/* Replaces the chosen temps' definitions by one load-immediate each at the
 * start of the entry block. */
static bool rewrite(struct qir_compile *c, const struct consts *k)
{
	bool progress = false;
	struct qir_block *b;
	struct qir_inst *inst, *next;
	qir_foreach_block(c, b)
		qir_foreach_inst_safe(b, inst, next)
			if (inst->dst.file == QIR_FILE_TEMP && inst->dst.index < c->num_temps &&
			    chosen(c, k, inst->dst.index)) {
				qir_inst_remove(c, b, inst);
				progress = true;
			}
	struct qir_block *entry = c->blocks.data[0];
	struct qir_inst *at = entry->first;   /* after the payload reads */
	while (at && (qir_ops[at->op].flags & QIR_OPF_PAYLOAD))
		at = at->next;
	for (uint32_t t = 0; t < c->num_temps && !c->oom; t++) {
		if (!chosen(c, k, t))
			continue;
		struct qir_inst *li = qir_inst_create(c, QIR_OP_LOAD_IMM, qir_reg(QIR_FILE_TEMP, t),
						      qir_reg(QIR_FILE_IMM, k->value[t]), qir_null());
		if (li)
			qir_inst_insert_before(entry, at, li);
	}
	return progress;
}

VC4_CODE_ALIGN(2048)
bool qir_opt_const_temps(struct qir_compile *c)
{
	if (!c->blocks.len || !qir_temp_defs(c))
		return false;
	uint32_t many = 0;
	for (uint32_t t = 0; t < c->num_temps; t++)
		many += c->def_count[t] > 1;
	if (!many)
		return false;
	struct consts k = { vc4_calloc(c->num_temps, 1), vc4_calloc(c->num_temps, sizeof(uint32_t)) };
	bool progress = false;
	if (!k.state || !k.value)
		c->oom = true;
	else {
		progress = solve(c, &k) && rewrite(c, &k);
	}
	free(k.state);
	free(k.value);
	if (progress)
		qir_invalidate(c);
	return progress;
}
