/*
 * lower_ifconv.c: which `if`s are lowered without branches (if-conversion).
 *
 * A branch costs its instruction, three delay slots and the uniform-address
 * resets of the blocks it opens. A small `if` whose body holds only ALU work,
 * stores and discards is cheaper run for every lane under the execution mask
 * (docs/lowering.md, "If-conversion"):
 *   - LOWER_IF_FLAT: the exec-mask updates without the branch and blocks;
 *   - LOWER_IF_DISCARD: `if %c { discard }` in a shader with no other control
 *     flow: no exec mask at all, the discard flag takes the condition.
 * The plan is made once, per IF marker, before lowering.
 */
#include <stdlib.h>

#include "lower_internal.h"

/* The most scalar ALU results a flat if may compute for nothing. */
#define LOWER_FLAT_IF_MAX_COMPS 12

/* Whether the body of the if at `i` (through its endif) can run unbranched. */
static bool body_is_flat(const struct ir_shader *sh, uint32_t i)
{
	unsigned comps = 0;
	for (uint32_t k = i + 1; k < sh->instrs.len; k++) {
		const struct ir_instr *in = &sh->instrs.data[k];
		switch (in->op) {
		case IR_OP_ENDIF:
			if (in->match == i)
				return comps <= LOWER_FLAT_IF_MAX_COMPS;
			return false;
		case IR_OP_IF: case IR_OP_LOOP: case IR_OP_ENDLOOP: case IR_OP_BREAK:
		case IR_OP_CONTINUE: case IR_OP_TEX: case IR_OP_TEXB:
			return false;
		case IR_OP_ELSE: case IR_OP_STORE: case IR_OP_DISCARD: case IR_OP_LOAD:
		case IR_OP_CONST: case IR_OP_SWIZZLE: case IR_OP_EXTRACT:
			break;
		default:
			comps += in->type.comps;
		}
	}
	return false;
}

/* `if %c { discard }` exactly. */
static bool is_discard_if(const struct ir_shader *sh, uint32_t i)
{
	const struct ir_instr *in = sh->instrs.data;
	return i + 2 < sh->instrs.len && in[i + 1].op == IR_OP_DISCARD &&
	       in[i + 2].op == IR_OP_ENDIF && in[i + 2].match == i;
}

bool lower_plan_ifs(struct lower *l)
{
	const struct ir_shader *sh = l->sh;
	l->if_plan = calloc(sh->instrs.len + 1, 1);
	if (!l->if_plan)
		return false;
	bool other_cf = false;
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		uint16_t op = sh->instrs.data[i].op;
		if (op == IR_OP_LOOP || (op == IR_OP_IF && !is_discard_if(sh, i)))
			other_cf = true;
	}
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		if (sh->instrs.data[i].op != IR_OP_IF)
			continue;
		if (!other_cf && is_discard_if(sh, i))
			l->if_plan[i] = LOWER_IF_DISCARD;
		else if (body_is_flat(sh, i))
			l->if_plan[i] = LOWER_IF_FLAT;
	}
	l->use_exec = other_cf;
	return true;
}

enum lower_if_plan lower_if_plan_of(const struct lower *l, uint32_t marker)
{
	const struct ir_instr *in = l->sh->instrs.data;
	uint32_t i = marker;
	if (in[i].op == IR_OP_ELSE)
		i = in[in[i].match].match;   /* else -> endif -> if */
	else if (in[i].op == IR_OP_ENDIF)
		i = in[i].match;
	return (enum lower_if_plan)l->if_plan[i];
}
