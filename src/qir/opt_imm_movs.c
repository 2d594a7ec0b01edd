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
 * qir_reg_const() only sees load-immediates). The other load-immediates
 * into temps, and VPM read and write setups, become movs of a constant
 * uniform (one more uniform in the stream; 2026-11-27: the setups 63
 * instructions fewer over the corpus, the temps 12). Not converted: packed
 * writes, writes with set-flags, other non-temp destinations.
 */
#include "qir/qir.h"

/* Whether inst is a load-immediate that a mov of a constant uniform can
 * replace: into a temp (a value no small immediate encodes; the small ones
 * become movs of small immediates below), or an unconditional VPM setup. */
static bool unif_candidate(const struct qir_inst *inst)
{
	if (inst->op != QIR_OP_LOAD_IMM || inst->pack || inst->sf)
		return false;
	if (inst->dst.file == QIR_FILE_TEMP)
		return qpu_small_imm_encode(inst->src[0].index) < 0;
	return inst->dst.file == QIR_FILE_SPECIAL && inst->cond == QPU_COND_ALWAYS &&
	       (inst->dst.index == QIR_SPECIAL_VPM_WRITE_SETUP ||
		inst->dst.index == QIR_SPECIAL_VPM_READ_SETUP);
}

/* A 32-bit constant as a constant uniform: `mov t, u` takes one ALU half
 * and pairs with other work, where `load_imm t, v` takes a whole
 * instruction (VS/CS: the write setup came just before the first VPM
 * write, in the middle of the position's dependency chain). The hardware
 * reads a uniform whether or not the condition holds: the stream stays in
 * step. */
static bool to_unif(struct qir_compile *c, struct qir_inst *inst)
{
	if (!unif_candidate(inst))
		return false;
	struct qir_reg u = qir_uniform(c, QIR_UNIFORM_CONST, inst->src[0].index);
	if (c->oom)
		return false;
	inst->op = QIR_OP_MOV;
	inst->src[0] = u;
	return true;
}

static bool to_mov(struct qir_compile *c, struct qir_inst *inst)
{
	if (to_unif(c, inst))
		return true;
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
