/*
 * lower_fract.c: fract(x) where floor(x) of the same IR value is already
 * lowered and dominates it (`vec2 i = floor(p); vec2 f = fract(p);`, the
 * value-noise idiom) as one subtraction, x - floor(x), instead of its own
 * truncation, correction and large-value test (4 to 7 instructions). The
 * value is the same: lower_math.c's fract equals x - floor(x) bit for bit.
 * Two loads of one local with no store to it between count as one value
 * (an inlined `noise(p)` loads its parameter for each call).
 */
#include "qir/lower/lower_internal.h"

#define SCAN_LIMIT 256   /* IR instructions looked at backwards */

/* The opening IF or LOOP of the construct instruction i is in (looking
 * at i - 1 and before; constructs closed on the way are skipped), or
 * UINT32_MAX when the budget or the shader runs out first. */
static uint32_t opening(const struct ir_shader *sh, uint32_t i, unsigned *budget)
{
	unsigned nest = 0;
	while (i > 0 && *budget > 0) {
		enum ir_op op = sh->instrs.data[--i].op;
		(*budget)--;
		if (op == IR_OP_ENDIF || op == IR_OP_ENDLOOP)
			nest++;
		else if (op == IR_OP_IF || op == IR_OP_LOOP) {
			if (nest == 0)
				return i;
			nest--;
		}
	}
	return UINT32_MAX;
}

/* The local that IR value v loads (a plain, non-array one), or IR_NONE. */
static uint32_t loaded_local(const struct ir_shader *sh, uint32_t v)
{
	const struct ir_instr *in = &sh->instrs.data[sh->values.data[v].def];
	if (in->op != IR_OP_LOAD)
		return IR_NONE;
	const struct ir_decl *d = &sh->decls.data[in->slot];
	return d->kind == IR_DECL_LOCAL && !d->array_len ? in->slot : IR_NONE;
}

/* Whether IR values a and b, read by the instructions up to `to`, hold the
 * same value: the same value, or loads of the same local with no store to
 * it from the first load on, nor a loop marker (a later pass of a loop
 * may load what a store after the load left). */
static bool same_value(const struct ir_shader *sh, uint32_t a, uint32_t b, uint32_t to)
{
	if (a == b)
		return true;
	uint32_t slot = loaded_local(sh, a);
	if (slot == IR_NONE || slot != loaded_local(sh, b))
		return false;
	uint32_t da = sh->values.data[a].def, db = sh->values.data[b].def;
	for (uint32_t i = da < db ? da : db; i < to; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if ((in->op == IR_OP_STORE && in->slot == slot) || in->op == IR_OP_LOOP ||
		    in->op == IR_OP_ENDLOOP)
			return false;
	}
	return true;
}

/* The IR value of a floor of x that dominates instruction `at` (earlier at
 * the same nesting or in an enclosing construct, not inside a closed if or
 * loop, nor in the then part when `at` is in the else part), lowered
 * already; IR_NONE when there is none within SCAN_LIMIT instructions. */
static uint32_t dominating_floor(const struct lower *l, uint32_t at, uint32_t x)
{
	const struct ir_shader *sh = l->sh;
	unsigned budget = SCAN_LIMIT;
	uint32_t i = at;
	while (i > 0 && budget > 0) {
		const struct ir_instr *in = &sh->instrs.data[--i];
		budget--;
		if (in->op == IR_OP_ENDIF || in->op == IR_OP_ENDLOOP || in->op == IR_OP_ELSE) {
			/* a closed construct, or the then part of ours: skip to
			 * the opening marker (an ELSE's is the IF of its level) */
			i = opening(sh, i, &budget);
			if (i == UINT32_MAX)
				return IR_NONE;
		} else if (in->op == IR_OP_FLOOR && in->dest != IR_NONE && lower_kept(l, i) &&
			   same_value(sh, in->src[0], x, at)) {
			return in->dest;
		}
	}
	return IR_NONE;
}

bool lower_fract_of_floor(struct lower *l, const struct ir_instr *in)
{
	if (in->op != IR_OP_FRACT)
		return false;
	uint32_t f = dominating_floor(l, l->cur, in->src[0]);
	if (f == IR_NONE)
		return false;
	struct qir_reg *d = lower_def(l, in->dest);
	for (unsigned k = 0; k < in->type.comps; k++)
		d[k] = qir_FSUB(l->c, lower_val(l, in->src[0], k), lower_val(l, f, k));
	return true;
}
