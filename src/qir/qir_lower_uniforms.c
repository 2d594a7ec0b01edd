/*
 * qir_lower_uniforms.c: enforces "one uniform FIFO read per instruction".
 * The QPU reads at most one uniform per instruction (both raddrs reading
 * address 32 see the same word), and a texture write already consumes its
 * sideband uniform implicitly, so: an instruction reading two different
 * uniforms gets its src1 uniform copied into a temp by a MOV inserted before
 * it; a texture-parameter write (or uniforms reset) whose value operand is a
 * uniform gets that operand copied likewise. Run after optimisation (copy
 * propagation would undo it) and before register allocation. Not done:
 * sharing one copy between neighbouring instructions (Mesa's "most used
 * uniform" heuristic).
 */
#include "qir/qir.h"
#include "util/code_align.h"

/* Inserts `mov t, src[s]` before inst and makes inst read t. */
static bool split(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst, int s)
{
	struct qir_reg t = qir_temp(c);
	struct qir_inst *mov = qir_inst_create(c, QIR_OP_MOV, t, inst->src[s], qir_null());
	if (!mov)
		return false;
	qir_inst_insert_before(b, inst, mov);
	inst->src[s] = t;
	return true;
}

/* Splits inst's uniform operands as the file header says: a sideband or reset
 * value operand that is a uniform, or a second distinct uniform, is copied
 * into a temp by a mov before inst; true when it inserted one. */
static bool lower(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst)
{
	const struct qir_op_info *info = &qir_ops[inst->op];
	bool implicit = (info->flags & QIR_OPF_SIDEBAND) || inst->op == QIR_OP_UNIFORMS_RESET;
	if (implicit)
		return inst->src[0].file == QIR_FILE_UNIF && split(c, b, inst, 0);
	if (info->nsrc == 2 && inst->src[0].file == QIR_FILE_UNIF &&
	    inst->src[1].file == QIR_FILE_UNIF && inst->src[0].index != inst->src[1].index)
		return split(c, b, inst, 1);
	return false;
}

/* The pass over every instruction (see lower()); true on progress. Drops the
 * derived defs. */
VC4_CODE_ALIGN(512)
bool qir_lower_uniforms(struct qir_compile *c)
{
	bool progress = false;
	struct qir_block *b;
	struct qir_inst *inst;
	qir_foreach_block(c, b) {
		qir_foreach_inst(b, inst)
			progress |= lower(c, b, inst);
	}
	qir_invalidate(c);
	return progress;
}
