/*
 * ir_const_vary.c: varyings a vertex shader writes as one constant value in
 * every vertex, and their folding into the fragment shader at link time
 * (the FS then no longer loads them, so they leave the VPM and the varying
 * FIFO: docs/ir.md, "Constant varyings").
 *
 * A VS value is "fixed" when it depends on no input (attribute, uniform,
 * texture) and is computed only by operations the QPU performs bit-exactly
 * as the interpreter does: constants, vecN/swizzle/extract, select, b2f,
 * the exact integer and boolean ops (as lower_constloop.c runs them), and
 * loads of locals, varyings and outputs whose every store is fixed. A store
 * is fixed only when its value is and every `if` around it tests a fixed
 * condition and every loop around it has only fixed conditions inside.
 * Solved by repeating the walk until no slot turns unfixed. A varying all of
 * whose stores are fixed (and that is stored at least once) then has the
 * value one run of the interpreter gives it, with all inputs zero.
 */
#include <stdlib.h>
#include <string.h>

#include "ir/ir_const_vary.h"
#include "ir/ir_interp.h"
#include "util/code_align.h"
#include "util/zalloc.h"

#define CV_DEPTH 64            /* nested ifs and loops followed at most */
#define CV_STEPS (1u << 16)    /* interpreter steps at most */

/* Ops whose result is fixed when their operands are. */
static bool exact_op(uint16_t op)
{
	switch (op) {
	case IR_OP_CONST: case IR_OP_VEC2: case IR_OP_VEC3: case IR_OP_VEC4: case IR_OP_SWIZZLE:
	case IR_OP_EXTRACT: case IR_OP_SELECT: case IR_OP_B2F: case IR_OP_IADD: case IR_OP_ISUB:
	case IR_OP_IMUL: case IR_OP_INEG: case IR_OP_IABS: case IR_OP_IMIN: case IR_OP_IMAX:
	case IR_OP_ILT: case IR_OP_ILE: case IR_OP_IGT: case IR_OP_IGE: case IR_OP_IEQ:
	case IR_OP_INE: case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR: case IR_OP_NOT:
	case IR_OP_I2B: case IR_OP_B2I:
		return true;
	default:
		return false;
	}
}

struct cv {
	const struct ir_shader *sh;
	uint8_t *val;       /* per value: not fixed */
	uint8_t *slot;      /* per decl: some store is not fixed (inputs: always) */
	uint8_t *loop;      /* per instruction (a LOOP): an unfixed condition inside */
	bool grew;
};

static bool slot_unfixed(const struct cv *cv, uint32_t slot)
{
	const struct ir_decl *d = &cv->sh->decls.data[slot];
	if (d->kind != IR_DECL_LOCAL && d->kind != IR_DECL_VARYING && d->kind != IR_DECL_OUTPUT)
		return true;
	return d->array_len || cv->slot[slot];
}

static bool value_unfixed(const struct cv *cv, const struct ir_instr *in)
{
	if (in->op == IR_OP_LOAD)
		return slot_unfixed(cv, in->slot);
	if (!exact_op(in->op))
		return true;
	for (unsigned s = 0; s < in->nsrc; s++)
		if (cv->val[in->src[s]])
			return true;
	return false;
}

/* Marks slot unfixed, noting the change. */
static void unfix(struct cv *cv, uint8_t *flag)
{
	cv->grew |= !*flag;
	*flag = 1;
}

/* One walk in order; false when the nesting is too deep to follow. */
VC4_CODE_ALIGN(1024)
static bool walk(struct cv *cv)
{
	const struct ir_shader *sh = cv->sh;
	bool ctl[CV_DEPTH + 1] = { false };   /* the control around is unfixed */
	uint32_t loops[CV_DEPTH];
	unsigned depth = 0, nloops = 0;
	for (uint32_t i = 0; i < sh->instrs.len; i++) {
		const struct ir_instr *in = &sh->instrs.data[i];
		if (in->op == IR_OP_IF || in->op == IR_OP_LOOP) {
			if (depth == CV_DEPTH)
				return false;
			bool unfixed = in->op == IR_OP_IF ? cv->val[in->src[0]] : cv->loop[i];
			if (in->op == IR_OP_IF && unfixed)
				for (unsigned k = 0; k < nloops; k++)
					unfix(cv, &cv->loop[loops[k]]);
			if (in->op == IR_OP_LOOP)
				loops[nloops++] = i;
			ctl[depth + 1] = ctl[depth] || unfixed;
			depth++;
		} else if (in->op == IR_OP_ENDIF || in->op == IR_OP_ENDLOOP) {
			nloops -= in->op == IR_OP_ENDLOOP;
			depth--;
		} else if (in->op == IR_OP_STORE && in->slot != IR_NONE) {
			if (ctl[depth] || cv->val[in->src[0]])
				unfix(cv, &cv->slot[in->slot]);
		}
		if (in->dest != IR_NONE)
			cv->val[in->dest] = value_unfixed(cv, in);
	}
	return true;
}

/* Whether the VS stores varying `d` at all. */
static bool stored(const struct ir_shader *sh, uint32_t d)
{
	for (uint32_t i = 0; i < sh->instrs.len; i++)
		if (sh->instrs.data[i].op == IR_OP_STORE && sh->instrs.data[i].slot == d)
			return true;
	return false;
}

/* Runs the VS once with zero inputs into *slots (calloc'ed). */
static struct ir_slot_value *run_once(const struct ir_shader *vs)
{
	struct ir_slot_value *slots = ir_interp_slots(vs);
	struct vc4_diag diag;
	struct ir_interp_io io = { .slots = slots, .max_steps = CV_STEPS };
	memset(&diag, 0, sizeof(diag));
	if (slots && !ir_interpret(vs, &io, &diag)) {
		free(slots);
		return NULL;
	}
	return slots;
}

struct ir_slot_value *ir_const_varyings(const struct ir_shader *vs, bool *fixed)
{
	size_t ndecls = vs->decls.len;
	memset(fixed, 0, ndecls * sizeof(*fixed));
	struct cv cv = { vs, vc4_calloc(vs->values.len + 1, 1), vc4_calloc(ndecls + 1, 1),
			 vc4_calloc(vs->instrs.len + 1, 1), false };
	bool ok = cv.val && cv.slot && cv.loop && vs->stage == IR_STAGE_VERTEX;
	bool any = false;
	do {
		cv.grew = false;
		ok = ok && walk(&cv);
	} while (ok && cv.grew);
	for (size_t d = 0; ok && d < ndecls; d++) {
		const struct ir_decl *decl = &vs->decls.data[d];
		fixed[d] = decl->kind == IR_DECL_VARYING && !decl->array_len && !cv.slot[d] &&
			   stored(vs, (uint32_t)d);
		any |= fixed[d];
	}
	free(cv.val);
	free(cv.slot);
	free(cv.loop);
	struct ir_slot_value *slots = any ? run_once(vs) : NULL;
	if (!slots)
		memset(fixed, 0, ndecls * sizeof(*fixed));
	return slots;
}

unsigned ir_fold_varying(struct ir_shader *fs, uint32_t decl, const union ir_scalar *value)
{
	unsigned n = 0;
	for (uint32_t i = 0; i < fs->instrs.len; i++) {
		struct ir_instr *in = &fs->instrs.data[i];
		if (in->op != IR_OP_LOAD || in->slot != decl)
			continue;
		in->op = IR_OP_CONST;
		in->nsrc = 0;
		in->slot = IR_NONE;
		in->nimm = in->type.comps;
		for (unsigned k = 0; k < in->type.comps && k < 4; k++)
			in->imm[k] = value[k];
		n++;
	}
	return n;
}
