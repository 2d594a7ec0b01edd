/*
 * opt_small_imm.c: small-immediate selection. A source whose value is a
 * known constant (a CONST uniform or a single-definition LOAD_IMM temp, see
 * qir_reg_const()) and is encodable as a QPU small immediate (the table in
 * qpu/qpu_isa.h, via qpu_small_imm_encode()) is replaced by that small
 * immediate, saving a uniform or a register. One small immediate per
 * instruction (it occupies raddr_b): a second source may only take the
 * same value. Skipped: ops that forbid small immediates (min_noimm,
 * tex_direct, uniforms_reset), texture sideband sources, load_imm itself,
 * and sources with an unpack. The now-unread LOAD_IMMs are left to DCE.
 * Its progress is of the kind QIR_CHANGE_IMMS (qir_optimize.c).
 */
#include "qir/qir.h"
#include "util/code_align.h"

/* The small immediate already in inst, if any. */
static bool existing_imm(const struct qir_inst *inst, uint32_t *bits)
{
	for (int s = 0; s < qir_ops[inst->op].nsrc; s++) {
		if (inst->src[s].file == QIR_FILE_SMALL_IMM) {
			*bits = inst->src[s].index;
			return true;
		}
	}
	return false;
}

/* Replaces each source of inst holding a known constant that a small
 * immediate encodes by that immediate, keeping one immediate value per
 * instruction and skipping the ops and operands the file header names;
 * true when it changed a source. */
static bool select_imms(struct qir_compile *c, struct qir_inst *inst)
{
	const struct qir_op_info *info = &qir_ops[inst->op];
	if (info->flags & (QIR_OPF_NO_SMALL_IMM | QIR_OPF_IMM_SRC))
		return false;
	bool progress = false;
	for (int s = 0; s < info->nsrc; s++) {
		uint32_t v, have;
		if ((info->flags & QIR_OPF_SIDEBAND) && s == 1)
			continue;
		if (inst->src[s].file == QIR_FILE_SMALL_IMM || !qir_reg_const(c, inst->src[s], &v) ||
		    qpu_small_imm_encode(v) < 0)
			continue;
		if (existing_imm(inst, &have) && have != v)
			continue;
		inst->src[s] = qir_small_imm(v);
		progress = true;
	}
	return progress;
}

VC4_CODE_ALIGN(1024)
bool qir_opt_small_imm(struct qir_compile *c)
{
	bool progress = qir_rewrite_each_inst(c, select_imms);
	if (progress)
		c->change = QIR_CHANGE_IMMS;
	return progress;
}
