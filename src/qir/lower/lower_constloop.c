/*
 * lower_constloop.c: a loop the compiler can run itself. A loop at the top
 * level (every lane active, no mask) whose body computes only on integers
 * and booleans — constants, locals, the exact integer ops (add, sub, mul,
 * min, max, neg, abs, compares, and/or/xor/not, select, int<->bool) — with
 * ifs, breaks, continues and nested loops, and whose locals all hold known
 * constants when it starts, is evaluated at compile time: the lowering
 * then only stores each local the loop wrote its final value
 * (bench/shaders' piglit-vs-inner-loop-counts-outer-loop-var: `while (i <
 * 6)` around an unrolled loop, VS 41 -> 21 instructions, as Mesa folds it).
 * The operations are bit-exact on the QPU as in C, so the values are those
 * the program would compute. Floats are left alone (the QPU's adds
 * truncate). At most LOWER_CONSTLOOP_STEPS instructions are run; a loop
 * that runs longer is lowered as usual.
 */
#include <stdlib.h>
#include <string.h>

#include "qir/lower/lower_internal.h"
#include "util/zalloc.h"

#define LOWER_CONSTLOOP_STEPS 4096

/* The exact integer and boolean ops a folded loop may use. */
static bool exact_op(uint16_t op)
{
	switch (op) {
	case IR_OP_IADD: case IR_OP_ISUB: case IR_OP_IMUL: case IR_OP_INEG: case IR_OP_IABS:
	case IR_OP_IMIN: case IR_OP_IMAX: case IR_OP_ILT: case IR_OP_ILE: case IR_OP_IGT:
	case IR_OP_IGE: case IR_OP_IEQ: case IR_OP_INE: case IR_OP_AND: case IR_OP_OR:
	case IR_OP_XOR: case IR_OP_NOT: case IR_OP_SELECT: case IR_OP_I2B: case IR_OP_B2I:
		return true;
	default:
		return false;
	}
}

/* Whether the kept instruction `in` may be run at compile time. */
static bool runnable(const struct lower *l, const struct ir_instr *in)
{
	switch (in->op) {
	case IR_OP_IF: case IR_OP_ELSE: case IR_OP_ENDIF: case IR_OP_LOOP: case IR_OP_ENDLOOP:
	case IR_OP_BREAK: case IR_OP_CONTINUE:
		return true;
	case IR_OP_LOAD: case IR_OP_STORE: {
		const struct ir_decl *d = &l->sh->decls.data[in->slot];
		return d->kind == IR_DECL_LOCAL && !d->array_len && d->type.base != IR_FLOAT &&
		       l->const_local && l->const_local[in->slot];
	}
	case IR_OP_CONST: case IR_OP_VEC2: case IR_OP_VEC3: case IR_OP_VEC4: case IR_OP_SWIZZLE:
	case IR_OP_EXTRACT:
		return in->type.base != IR_FLOAT;
	default:
		return exact_op(in->op) && in->type.base != IR_FLOAT;
	}
}

struct run {
	struct lower *l;
	union ir_scalar *val;    /* per pool entry, like l->pool */
	union ir_scalar *slot;   /* per slot entry, like l->slots */
	uint8_t *stored;         /* per decl: the loop stored it */
};

static union ir_scalar *vals(struct run *r, uint32_t v)
{
	return &r->val[r->l->val_base[v]];
}

static unsigned comps(const struct run *r, uint32_t v)
{
	return r->l->sh->values.data[v].type.comps;
}

/* Runs one value instruction. */
static void run_value(struct run *r, const struct ir_instr *in)
{
	union ir_scalar *d = vals(r, in->dest), *s;
	switch (in->op) {
	case IR_OP_CONST:
		for (unsigned k = 0; k < in->type.comps; k++)
			d[k].u = in->type.base == IR_BOOL ? (in->imm[k].u != 0) : in->imm[k].u;
		return;
	case IR_OP_LOAD:
		memcpy(d, &r->slot[r->l->slot_base[in->slot]], in->type.comps * sizeof(*d));
		return;
	case IR_OP_SWIZZLE: case IR_OP_EXTRACT:
		s = vals(r, in->src[0]);
		for (unsigned k = 0; k < in->type.comps; k++)
			d[k] = s[in->imm[in->op == IR_OP_SWIZZLE ? k : 0].u];
		return;
	case IR_OP_VEC2: case IR_OP_VEC3: case IR_OP_VEC4: {
		unsigned n = 0;
		for (unsigned i = 0; i < in->nsrc && n < in->type.comps; i++)
			for (unsigned k = 0; k < comps(r, in->src[i]) && n < in->type.comps; k++)
				d[n++] = vals(r, in->src[i])[k];
		for (; n < in->type.comps; n++)
			d[n] = d[0];   /* splat of one scalar */
		return;
	}
	default:
		for (unsigned k = 0; k < in->type.comps; k++) {
			union ir_scalar a[IR_MAX_SRC];
			for (unsigned i = 0; i < in->nsrc; i++)
				a[i] = vals(r, in->src[i])[comps(r, in->src[i]) == 1 ? 0 : k];
			d[k] = ir_ops[in->op].eval(a);
			if (in->type.base == IR_BOOL)
				d[k].u &= 1;
		}
	}
}

/* Runs the loop at `loop` from the known local values in r->slot; true
 * when it finished within the step budget. */
static bool run_loop(struct run *r, uint32_t loop)
{
	const struct ir_instr *code = r->l->sh->instrs.data;
	uint32_t end = code[loop].match, pc = loop + 1;
	for (unsigned steps = 0; steps < LOWER_CONSTLOOP_STEPS; steps++) {
		const struct ir_instr *in = &code[pc];
		switch (in->op) {
		case IR_OP_IF:
			if (vals(r, in->src[0])[0].u)
				pc++;
			else   /* to the else part or past the endif */
				pc = in->match + 1;
			continue;
		case IR_OP_ELSE: pc = in->match + 1; continue;    /* then part done */
		case IR_OP_ENDLOOP: pc = in->match + 1; continue; /* again */
		case IR_OP_CONTINUE: pc = code[in->match].match; continue;
		case IR_OP_BREAK:
			if (in->match == loop)
				return true;
			pc = code[in->match].match + 1;
			continue;
		case IR_OP_STORE:
			memcpy(&r->slot[r->l->slot_base[in->slot]], vals(r, in->src[0]),
			       comps(r, in->src[0]) * sizeof(union ir_scalar));
			r->stored[in->slot] = 1;
			pc++;
			continue;
		case IR_OP_ENDIF: case IR_OP_LOOP: pc++; continue;
		default:
			run_value(r, in);
			pc++;
		}
		if (pc > end)
			return false;
	}
	return false;
}

/* Stores each local the loop wrote its final value (plain stores: the
 * loop is at the top level). */
static void store_results(struct run *r)
{
	struct lower *l = r->l;
	for (uint32_t d = 0; d < l->sh->decls.len; d++) {
		if (!r->stored[d])
			continue;
		const struct ir_decl *decl = &l->sh->decls.data[d];
		struct qir_reg src[IR_MAX_COMPS];
		for (unsigned k = 0; k < decl->type.comps; k++) {
			uint32_t u = r->slot[l->slot_base[d] + k].u;
			src[k] = lower_ui(l, decl->type.base == IR_BOOL ? (u ? ~0u : 0u) : u);
		}
		lower_note_store(l, d, src);
		lower_store(l, lower_slot(l, d), src, decl->type.comps);
	}
}

bool lower_const_loop(struct lower *l, uint32_t loop)
{
	const struct ir_shader *sh = l->sh;
	uint32_t end = sh->instrs.data[loop].match;
	if (l->masked || l->depth || l->selects.len || !l->const_local)
		return false;
	for (uint32_t i = loop; i <= end; i++)
		if (!lower_kept(l, i) || !runnable(l, &sh->instrs.data[i]))
			return false;
	struct run r = { l, vc4_calloc(l->val_base[sh->values.len - 1] +
				   sh->values.data[sh->values.len - 1].type.comps + 1,
				   sizeof(union ir_scalar)),
			 vc4_calloc(l->nslots + 1, sizeof(union ir_scalar)), vc4_calloc(sh->decls.len, 1) };
	bool ok = r.val && r.slot && r.stored;
	if (ok) {
		memcpy(r.slot, l->const_slot, l->nslots * sizeof(union ir_scalar));
		ok = run_loop(&r, loop);
	}
	if (ok)
		store_results(&r);
	free(r.val);
	free(r.slot);
	free(r.stored);
	return ok;
}

void lower_note_store(struct lower *l, uint32_t decl, const struct qir_reg *src)
{
	if (!l->const_local || l->sh->decls.data[decl].kind != IR_DECL_LOCAL)
		return;
	const struct ir_decl *d = &l->sh->decls.data[decl];
	bool known = !l->masked && !l->depth && !l->selects.len;
	for (unsigned k = 0; k < d->type.comps && known; k++) {
		uint32_t u;
		known = src[k].file == QIR_FILE_UNIF && src[k].unpack == QPU_UNPACK_NOP &&
			src[k].index < l->c->uniforms.len &&
			l->c->uniforms.data[src[k].index].kind == QIR_UNIFORM_CONST;
		if (!known)
			break;
		u = l->c->uniforms.data[src[k].index].data;
		l->const_slot[l->slot_base[decl] + k].u =
			d->type.base == IR_BOOL ? (u != 0) : u;
	}
	l->const_local[decl] = known;
}
