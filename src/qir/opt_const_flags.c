/*
 * opt_const_flags.c: conditions on flags a constant set. An unconditional,
 * unpacked `.sf` integer op (mov, add, sub, and, or, xor) whose sources are
 * both known constants (qir_reg_const()) sets the same Z and N flags in
 * every element: Z = (result == 0), N = bit 31. The conditional writes that
 * read those flags in the same block, before the next flag update or
 * thread switch, are decided at compile time: a true condition (zs/zc/ns/nc)
 * becomes `always`, a false one removes the write (a temp or no
 * destination, no side effects). Carry conditions, branches and other
 * readers are left alone (the setter keeps its `.sf` for them; dead_flags
 * clears it when nothing reads it any more). A constant comparison the
 * lowering could not fold before (`if (n == 6)` after a loop run at
 * compile time) then costs nothing: the select's two writes become one.
 */
#include "qir/qir.h"

/* The constant flags an instruction sets, if it is such a setter. */
static bool const_setter(const struct qir_compile *c, const struct qir_inst *inst,
			 bool *z, bool *n)
{
	if (!inst->sf || inst->cond != QPU_COND_ALWAYS || inst->pack)
		return false;
	uint32_t a, b = 0, r;
	bool two = inst->op != QIR_OP_MOV;
	if (!qir_reg_const(c, inst->src[0], &a) || (two && !qir_reg_const(c, inst->src[1], &b)))
		return false;
	switch (inst->op) {
	case QIR_OP_MOV: r = a; break;
	case QIR_OP_ADD: r = a + b; break;
	case QIR_OP_SUB: r = a - b; break;
	case QIR_OP_AND: r = a & b; break;
	case QIR_OP_OR: r = a | b; break;
	case QIR_OP_XOR: r = a ^ b; break;
	default: return false;
	}
	*z = r == 0;
	*n = r >> 31;
	return true;
}

/* The value of condition cond under flags (z, n); false for carry ones
 * (*decided = false). */
static bool cond_value(enum qpu_cond cond, bool z, bool n, bool *decided)
{
	*decided = true;
	switch (cond) {
	case QPU_COND_ZS: return z;
	case QPU_COND_ZC: return !z;
	case QPU_COND_NS: return n;
	case QPU_COND_NC: return !n;
	default: *decided = false; return false;
	}
}

/* Decides inst's condition under known flags; true when it changed
 * something (inst may be removed). */
static bool decide(struct qir_compile *c, struct qir_block *b, struct qir_inst *inst, bool z,
		   bool n)
{
	bool decided, value = cond_value((enum qpu_cond)inst->cond, z, n, &decided);
	if (!decided || inst->sf)
		return false;
	if (value) {
		inst->cond = QPU_COND_ALWAYS;
		return true;
	}
	if ((inst->dst.file != QIR_FILE_TEMP && inst->dst.file != QIR_FILE_NULL) ||
	    qir_inst_has_side_effects(inst))
		return false;
	qir_inst_remove(c, b, inst);
	return true;
}

/* One block: flags known after a constant setter until the next update. */
static bool block_flags(struct qir_compile *c, struct qir_block *b)
{
	bool progress = false, known = false, z = false, n = false;
	struct qir_inst *inst, *next;
	qir_foreach_inst_safe(b, inst, next) {
		uint32_t flags = qir_ops[inst->op].flags;
		if (flags & QIR_OPF_THRSW) {
			known = false;
			continue;
		}
		if (known && !(flags & QIR_OPF_BRANCH) && inst->cond != QPU_COND_ALWAYS &&
		    inst->cond != QPU_COND_NEVER) {
			bool sets = inst->sf;
			progress |= decide(c, b, inst, z, n);
			if (sets)
				known = false;
			continue;
		}
		if (inst->sf)
			known = const_setter(c, inst, &z, &n);
	}
	return progress;
}

bool qir_opt_const_flags(struct qir_compile *c)
{
	if (!qir_temp_defs(c))
		return false;
	bool progress = false;
	struct qir_block *b;
	qir_foreach_block(c, b)
		progress |= block_flags(c, b);
	if (progress)
		qir_invalidate(c);
	return progress;
}
