/*
 * glsl_lower_fold.c: constant folding during the lowering — the value of a
 * scalar expression whose operands are known at compile time: literals and
 * `const` variables (already folded by the checker), the index of an
 * unrolled loop (struct unroll) and scalar variables whose last store was
 * a known value (the "known values", with an undo log for branches),
 * through unary and binary operators, scalar conversions and `?:`. The
 * lowering emits one `const` for such an expression (and stores it), indexes
 * with it as a constant, and keeps only the taken branch of an `if` or `?:`
 * whose condition folds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_lower.h"
#include "util/code_align.h"

static bool trackable(const struct glsl_node *v)
{
	return v && v->kind == N_VAR && glsl_is_scalar(v->type) && !v->bvar &&
	       (v->qual == Q_NONE || v->qual == Q_IN);
}

static bool bound(const struct lower *l, const struct glsl_node *var, union gll_const *v)
{
	for (const struct unroll *u = l->unroll; u; u = u->outer)
		if (u->var == var) {
			*v = u->value;
			return true;
		}
	if (!trackable(var) || !var->kv_known || var->kv_epoch != l->epoch)
		return false;
	memcpy(v, &var->kv, sizeof(*v));
	return true;
}

void gll_known_set(struct lower *l, struct glsl_node *var, const union gll_const *v)
{
	if (!trackable(var))
		return;
	struct known_entry e = { var, var->kv_known, var->kv_epoch, { 0 } };
	memcpy(&e.v, &var->kv, sizeof(e.v));
	if (!vc4_array_push(&l->known_log, e)) {
		l->failed = true;
		return;
	}
	var->kv_known = v != NULL;
	var->kv_epoch = l->epoch;
	if (v)
		memcpy(&var->kv, v, sizeof(*v));
}

void gll_known_undo(struct lower *l, uint32_t mark, gll_var_list *written)
{
	while (l->known_log.len > mark) {
		struct known_entry *e = &l->known_log.data[--l->known_log.len];
		e->var->kv_known = e->known;
		e->var->kv_epoch = e->epoch;
		memcpy(&e->var->kv, &e->v, sizeof(e->v));
		if (!vc4_array_push(written, e->var))
			l->failed = true;
	}
}

void gll_known_forget(struct lower *l, gll_var_list *written)
{
	for (size_t i = 0; i < written->len; i++)
		if (written->data[i]->kv_known && written->data[i]->kv_epoch == l->epoch)
			gll_known_set(l, written->data[i], NULL);
	vc4_array_free(written);
}

void gll_known_merge(struct lower *l, uint32_t mark)
{
	gll_var_list w = { 0 };
	gll_known_undo(l, mark, &w);
	gll_known_forget(l, &w);
}

/* Folds a unary +, - or ! whose operand folds to a constant into *v. False
 * when the operand is not constant. */
static bool fold_unary(struct lower *l, const struct glsl_node *n, union gll_const *v)
{
	union gll_const a;
	if (!gll_fold(l, n->a, &a))
		return false;
	bool f = n->type.base == GLSL_FLOAT;
	if (n->op == P_PLUS)
		*v = a;
	else if (n->op == P_BANG)
		v->i = !a.i;
	else if (f)
		v->f = -a.f;
	else
		v->i = (int32_t)(0u - (uint32_t)a.i);
	return true;
}

/* a OP b on known scalars of a's type; false for an int division by 0. */
bool gll_fold_binary(int op, bool f, union gll_const a, union gll_const b,
		     union gll_const *v)
{
	float x = a.f, y = b.f;
	int32_t i = a.i, j = b.i;
	switch (op) {
	case P_PLUS: if (f) v->f = x + y; else v->i = (int32_t)((uint32_t)i + (uint32_t)j); break;
	case P_MINUS: if (f) v->f = x - y; else v->i = (int32_t)((uint32_t)i - (uint32_t)j); break;
	case P_STAR: if (f) v->f = x * y; else v->i = (int32_t)((uint32_t)i * (uint32_t)j); break;
	case P_SLASH:
		if (f)
			v->f = x / y;
		else if (j == 0 || (i == INT32_MIN && j == -1))
			return false;
		else
			v->i = i / j;
		break;
	case P_LT: v->i = f ? x < y : i < j; break;
	case P_GT: v->i = f ? x > y : i > j; break;
	case P_LE: v->i = f ? x <= y : i <= j; break;
	case P_GE: v->i = f ? x >= y : i >= j; break;
	case P_EQ: v->i = f ? x == y : i == j; break;
	case P_NE: v->i = f ? x != y : i != j; break;
	case P_ANDAND: v->i = i && j; break;
	case P_OROR: v->i = i || j; break;
	case P_XORXOR: v->i = !i != !j; break;
	default: return false;
	}
	return true;
}

/* float(x), int(x), bool(x) of one known scalar. */
static bool fold_ctor(struct lower *l, const struct glsl_node *n, union gll_const *v)
{
	union gll_const a;
	if (!n->a || n->a->next || !glsl_is_scalar(n->a->type) || !gll_fold(l, n->a, &a))
		return false;
	uint8_t from = n->a->type.base, to = n->type.base;
	float f = from == GLSL_FLOAT ? a.f : (float)a.i;
	if (to == GLSL_FLOAT)
		v->f = f;
	else if (to == GLSL_BOOL)
		v->i = from == GLSL_FLOAT ? f != 0.0f : a.i != 0;
	else if (from != GLSL_FLOAT)
		v->i = a.i;
	else if (isfinite(f) && fabsf(f) < 2147483520.0f)
		v->i = (int32_t)f;      /* truncates, as f2i */
	else
		return false;
	return true;
}

VC4_CODE_ALIGN(1024)
bool gll_fold(struct lower *l, const struct glsl_node *n, union gll_const *v)
{
	if (!glsl_is_scalar(n->type))
		return false;
	if (n->has_const && !gll_has_side_effects(n)) {
		memcpy(v, &n->v, sizeof(*v));
		return true;
	}
	union gll_const a, b, c;
	switch (n->kind) {
	case N_IDENT: return bound(l, n->ref, v);
	case N_UNARY: return fold_unary(l, n, v);
	case N_BINARY:
		if (!glsl_is_scalar(n->a->type) || !glsl_is_scalar(n->b->type) ||
		    !gll_fold(l, n->a, &a) || !gll_fold(l, n->b, &b))
			return false;
		return gll_fold_binary(n->op, n->a->type.base == GLSL_FLOAT, a, b, v);
	case N_CALL: return n->call == CALL_CTOR && fold_ctor(l, n, v);
	case N_COND:
		if (!gll_fold(l, n->a, &c) || gll_has_side_effects(n->b) ||
		    gll_has_side_effects(n->c))
			return false;
		return gll_fold(l, c.i ? n->b : n->c, v);
	default: return false;
	}
}

uint32_t gll_const_ir(struct lower *l, struct glsl_type t, union gll_const v)
{
	union ir_scalar s = { .i = v.i };
	return ir_build_const(l->b, glsl_ir_type(t), &s);
}
