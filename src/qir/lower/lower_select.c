/*
 * lower_select.c: select-style ifs (plan LOWER_IF_SELECT, lower_ifconv.c).
 *
 * Both parts of such an if run for every lane, each from the slots as they
 * were at the if: a store in a part only binds the slot to the stored value
 * (no move), and a load reads what the slot is bound to. At the endif each
 * slot a part stored to gets its value back by the condition:
 *   mov.sf -, c;  mov s, else_value;  mov.zc s, then_value
 * (one conditional move when only one part stored). The outermost select
 * writes the slots' own temps; a select nested in a part of another writes
 * a new temp and binds the slot to it, since the slot's binding there may
 * be another value of the program. The parts thus do not depend on each
 * other through the slots and schedule side by side. Frames nest; each holds
 * the condition and the slot bindings at the if and at the else.
 */
#include <stdlib.h>
#include <string.h>

#include "qir/lower/lower_internal.h"

/* A slot binding copied (or bound back) whole. */
static void copy_slots(const struct lower *l, struct qir_reg *to, const struct qir_reg *from)
{
	memcpy(to, from, l->nslots * sizeof(*to));
}

/* Opens a select-style if on cond: a frame with the slot bindings at the if.
 * False and c->oom when out of memory. */
bool lower_select_if(struct lower *l, struct qir_reg cond)
{
	struct lower_select f = { cond, false, malloc((l->nslots + 1) * sizeof(struct qir_reg)),
				  malloc((l->nslots + 1) * sizeof(struct qir_reg)) };
	if (!f.saved || !f.then || !vc4_array_push(&l->selects, f)) {
		free(f.saved);
		free(f.then);
		l->c->oom = true;
		return false;
	}
	copy_slots(l, f.saved, l->slots);
	return true;
}

void lower_select_else(struct lower *l)
{
	if (!l->selects.len)   /* its if ran out of memory */
		return;
	struct lower_select *f = &l->selects.data[l->selects.len - 1];
	copy_slots(l, f->then, l->slots);
	copy_slots(l, l->slots, f->saved);
	f->in_else = true;
}

/* Copies of the part values that are slots' own temps (a part read a slot
 * without storing it: another merge may write that temp first). */
static void copy_mutable(struct lower *l, const struct qir_reg *saved, struct qir_reg *v)
{
	for (uint32_t k = 0; k < l->nslots; k++)
		if (!qir_reg_equal(v[k], saved[k]) && v[k].file == QIR_FILE_TEMP &&
		    v[k].index >= l->mutable_lo && v[k].index < l->mutable_hi)
			v[k] = qir_MOV(l->c, v[k]);
}

/* Writes slot k's merged value into `to` (mov of the else value, then
 * mov.zc of the then value; one conditional move when a part left the slot
 * as it was). The flags are set. */
static void merge_one(struct lower *l, struct qir_reg to, struct qir_reg orig, struct qir_reg t,
		      struct qir_reg e)
{
	bool set_t = !qir_reg_equal(t, orig), set_e = !qir_reg_equal(e, orig);
	bool fresh = !qir_reg_equal(to, orig);   /* a new temp: both values go in */
	if (set_e || fresh)
		lower_emit(l, QIR_OP_MOV, to, e, qir_null(),
			   set_t || fresh ? QPU_COND_ALWAYS : QPU_COND_ZS, false);
	if (set_t || fresh)
		lower_emit(l, QIR_OP_MOV, to, t, qir_null(), QPU_COND_ZC, false);
}

/* Closes the innermost select-style if: copies of part values that are
 * slots' own temps, the flags from its condition, then per slot a part stored
 * to its merged value (into the slot's temp for the outermost if, a new temp
 * the slot is bound to for a nested one); the frame is freed. */
void lower_select_endif(struct lower *l)
{
	if (!l->selects.len)   /* its if ran out of memory */
		return;
	struct lower_select f = l->selects.data[--l->selects.len];
	struct qir_reg *then = f.in_else ? f.then : l->slots;
	struct qir_reg *els = f.in_else ? l->slots : f.saved;
	bool outer = l->selects.len == 0, flags = false;
	copy_mutable(l, f.saved, then);
	copy_mutable(l, f.saved, els);
	for (uint32_t k = 0; k < l->nslots; k++) {
		struct qir_reg orig = f.saved[k], t = then[k], e = els[k];
		if (qir_reg_equal(t, orig) && qir_reg_equal(e, orig))
			continue;
		if (!flags)   /* Z: the condition is false */
			lower_sf(l, QIR_OP_MOV, f.cond, qir_null());
		flags = true;
		struct qir_reg to = outer ? orig : qir_temp(l->c);
		merge_one(l, to, orig, t, e);
		f.saved[k] = to;
	}
	copy_slots(l, l->slots, f.saved);
	free(f.saved);
	free(f.then);
}
