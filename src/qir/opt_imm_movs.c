/*
 * opt_imm_movs.c: small constants in movs rather than load-immediates. A
 * `load_imm t, v` into a temp whose value v a QPU small immediate can
 * encode (qpu_small_imm_encode) becomes `mov t, v` with v as a small
 * immediate, under the same condition: a load-immediate takes a whole
 * instruction, a move only the ADD or MUL half of one (and raddr_b), so the
 * scheduler can pair it. These are the load-immediates copy propagation and
 * opt_small_imm could not remove: the starting values of multiply-written
 * temps (`select` arms, `0`/`-1` booleans) and constants an operand cannot
 * take as an immediate. Run by the compile driver after qir_optimize() (its
 * constant folding turns such movs back into load-immediates, and
 * qir_reg_const() only sees load-immediates). Not converted: packed writes,
 * writes with set-flags, non-temp destinations (VPM and uniform setup).
 */
#include "qir/qir.h"

static bool to_mov(struct qir_compile *c, struct qir_inst *inst)
{
	(void)c;
	if (inst->op != QIR_OP_LOAD_IMM || inst->dst.file != QIR_FILE_TEMP || inst->pack ||
	    inst->sf || qpu_small_imm_encode(inst->src[0].index) < 0)
		return false;
	inst->op = QIR_OP_MOV;
	inst->src[0] = qir_small_imm(inst->src[0].index);
	return true;
}

bool qir_opt_imm_movs(struct qir_compile *c)
{
	return qir_rewrite_each_inst(c, to_mov);
}
