/*
 * glsl_lower_ops.c: operators and constructors -> IR: scalar-vector
 * operands splatted, matrices column by column (matrix x vector as a
 * multiply-add chain over the columns, vector x matrix as dot products,
 * matrix x matrix column by column), division as IR `div` (integers
 * through float with a correction step), ==/!= of any type as
 * and-reduced component compares, and constructors with every conversion.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl/glsl_lower.h"
#include "util/code_align.h"

uint32_t gll_splat(struct lower *l, uint32_t scalar, uint8_t n)
{
	if (n == 1)
		return scalar;
	return ir_build_op(l->b, (enum ir_op)(IR_OP_VEC2 + n - 2), 1, &scalar);
}

uint32_t gll_constf(struct lower *l, float f, uint8_t n)
{
	return gll_splat(l, ir_build_constf(l->b, f), n);
}

uint32_t gll_convert(struct lower *l, uint32_t v, uint8_t from, uint8_t to)
{
	static const enum ir_op conv[3][3] = {
		[GLSL_FLOAT - 1] = { [GLSL_INT - 1] = IR_OP_F2I, [GLSL_BOOL - 1] = IR_OP_F2B },
		[GLSL_INT - 1] = { [GLSL_FLOAT - 1] = IR_OP_I2F, [GLSL_BOOL - 1] = IR_OP_I2B },
		[GLSL_BOOL - 1] = { [GLSL_FLOAT - 1] = IR_OP_B2F, [GLSL_INT - 1] = IR_OP_B2I },
	};
	if (from == to)
		return v;
	return ir_build_op1(l->b, conv[from - 1][to - 1], v);
}

/* Integer a / b: a float quotient truncated, then corrected by one where
 * the remainder shows it is off (SFU reciprocals are approximate). */
static uint32_t idiv(struct lower *l, uint32_t a, uint32_t b)
{
	uint32_t fa = ir_build_op1(l->b, IR_OP_I2F, a);
	uint32_t fb = ir_build_op1(l->b, IR_OP_I2F, b);
	uint32_t fq = ir_build_op2(l->b, IR_OP_DIV, fa, fb);
	uint32_t q = ir_build_op1(l->b, IR_OP_F2I, fq);
	/* r = a - q*b; |r| >= |b| means q is one short (towards zero) */
	uint32_t qb = ir_build_op2(l->b, IR_OP_IMUL, q, b);
	uint32_t r = ir_build_op2(l->b, IR_OP_ISUB, a, qb);
	uint32_t ar = ir_build_op1(l->b, IR_OP_IABS, r);
	uint32_t ab = ir_build_op1(l->b, IR_OP_IABS, b);
	uint32_t off = ir_build_op2(l->b, IR_OP_IGE, ar, ab);
	uint32_t sa = ir_build_op2(l->b, IR_OP_XOR, a, b);
	struct ir_type t = ir_builder_type(l->b, a);
	union ir_scalar z[4] = { { 0 } }, one[4], mone[4];
	for (int k = 0; k < 4; k++)
		one[k].i = 1, mone[k].i = -1;
	uint32_t zero = ir_build_const(l->b, t, z);
	uint32_t neg = ir_build_op2(l->b, IR_OP_ILT, sa, zero);
	uint32_t p1 = ir_build_const(l->b, t, one), m1 = ir_build_const(l->b, t, mone);
	uint32_t step = ir_build_op3(l->b, IR_OP_SELECT, neg, m1, p1);
	uint32_t fix = ir_build_op3(l->b, IR_OP_SELECT, off, step, zero);
	return ir_build_op2(l->b, IR_OP_IADD, q, fix);
}

uint32_t gll_div(struct lower *l, uint32_t a, uint32_t b, uint8_t base)
{
	if (base == GLSL_INT)
		return idiv(l, a, b);
	return ir_build_op2(l->b, IR_OP_DIV, a, b);
}

/* One component-wise op on two leaves of one type. */
static uint32_t leaf_op(struct lower *l, int op, uint32_t a, uint32_t b, uint8_t base)
{
	bool i = base == GLSL_INT;
	switch (op) {
	case P_PLUS: return ir_build_op2(l->b, i ? IR_OP_IADD : IR_OP_ADD, a, b);
	case P_MINUS: return ir_build_op2(l->b, i ? IR_OP_ISUB : IR_OP_SUB, a, b);
	case P_STAR: return ir_build_op2(l->b, i ? IR_OP_IMUL : IR_OP_MUL, a, b);
	case P_SLASH: return gll_div(l, a, b, base);
	case P_LT: return ir_build_op2(l->b, i ? IR_OP_ILT : IR_OP_FLT, a, b);
	case P_GT: return ir_build_op2(l->b, i ? IR_OP_IGT : IR_OP_FGT, a, b);
	case P_LE: return ir_build_op2(l->b, i ? IR_OP_ILE : IR_OP_FLE, a, b);
	default: return ir_build_op2(l->b, i ? IR_OP_IGE : IR_OP_FGE, a, b);
	}
}

/* matrix (columns m) x vector v: sum over c of m[c] * v[c]. */
static uint32_t mat_vec(struct lower *l, const uint32_t *m, struct glsl_type mt, uint32_t v)
{
	uint32_t sum = IR_NONE;
	for (unsigned c = 0; c < mt.cols; c++) {
		uint32_t vc = ir_build_extract(l->b, v, c);
		uint32_t s = gll_splat(l, vc, mt.size);
		uint32_t p = ir_build_op2(l->b, IR_OP_MUL, m[c], s);
		sum = c ? ir_build_op2(l->b, IR_OP_ADD, sum, p) : p;
	}
	return sum;
}

/* vector v x matrix (columns m): component c is dot(v, m[c]). */
static uint32_t vec_mat(struct lower *l, uint32_t v, const uint32_t *m, struct glsl_type mt)
{
	uint32_t d[4];
	for (unsigned c = 0; c < mt.cols; c++)
		d[c] = ir_build_op2(l->b, IR_OP_DOT, v, m[c]);
	return ir_build_op(l->b, (enum ir_op)(IR_OP_VEC2 + mt.cols - 2), mt.cols, d);
}

/* Lowers arithmetic operator op on values a and b to a value of type rt:
 * matrix products as matrix-vector products per column, everything else
 * component-wise with a scalar operand splatted to each leaf. */
VC4_CODE_ALIGN(2048)
struct val gll_binary_op(struct lower *l, int op, struct val a, struct val b,
			   struct glsl_type rt)
{
	struct val r = gll_val_new(l, rt);
	bool am = glsl_is_mat(a.t), bm = glsl_is_mat(b.t);
	if (op == P_STAR && am && bm) {
		for (unsigned c = 0; c < b.t.cols; c++)
			r.v[c] = mat_vec(l, a.v, a.t, b.v[c]);
		return r;
	}
	if (op == P_STAR && am && !glsl_is_scalar(b.t)) {
		r.v[0] = mat_vec(l, a.v, a.t, b.v[0]);
		return r;
	}
	if (op == P_STAR && bm && !glsl_is_scalar(a.t)) {
		r.v[0] = vec_mat(l, a.v[0], b.v, b.t);
		return r;
	}
	/* component-wise, with a scalar operand splatted to each leaf */
	uint32_t n = glsl_leaves(rt);
	uint8_t size = (am || bm) ? rt.size : (glsl_is_mat(rt) ? rt.size : rt.size);
	uint32_t sa = glsl_is_scalar(a.t) && !glsl_is_scalar(rt) ? gll_splat(l, a.v[0], size) :
		      IR_NONE;
	uint32_t sb = glsl_is_scalar(b.t) && !glsl_is_scalar(rt) ? gll_splat(l, b.v[0], size) :
		      IR_NONE;
	for (uint32_t k = 0; k < n; k++)
		r.v[k] = leaf_op(l, op, sa != IR_NONE ? sa : a.v[k], sb != IR_NONE ? sb : b.v[k],
				 a.t.base);
	return r;
}

/* a == b (or !=) of any type: every component compared, and-reduced. */
struct val gll_equal(struct lower *l, struct val a, struct val b, bool ne)
{
	struct val r = gll_val_new(l, GT(GLSL_BOOL, 1));
	uint32_t all = IR_NONE;
	for (uint32_t k = 0; k < glsl_leaves(a.t); k++) {
		struct glsl_type lt = glsl_leaf_type(a.t, k);
		uint32_t eq;
		if (lt.base == GLSL_BOOL) {
			uint32_t x = ir_build_op2(l->b, IR_OP_XOR, a.v[k], b.v[k]);
			eq = ir_build_op1(l->b, IR_OP_NOT, x);
		} else {
			eq = ir_build_op2(l->b, lt.base == GLSL_INT ? IR_OP_IEQ : IR_OP_FEQ, a.v[k],
					  b.v[k]);
		}
		for (unsigned c = 0; c < lt.size; c++) {
			uint32_t e = lt.size == 1 ? eq : ir_build_extract(l->b, eq, c);
			all = all == IR_NONE ? e : ir_build_op2(l->b, IR_OP_AND, all, e);
		}
	}
	r.v[0] = ne ? ir_build_op1(l->b, IR_OP_NOT, all) : all;
	return r;
}

/* All scalar components of the constructor's arguments, converted to
 * `base`, in order; at most `max`. */
static uint32_t ctor_components(struct lower *l, struct glsl_node *n, uint8_t base,
				uint32_t *out, uint32_t max)
{
	uint32_t got = 0;
	for (struct glsl_node *a = n->a; a && got < max; a = a->next) {
		struct val v = gll_expr(l, a);
		gll_at(l, n);
		for (uint32_t k = 0; k < glsl_leaves(v.t) && got < max; k++) {
			struct glsl_type lt = glsl_leaf_type(v.t, k);
			uint32_t c = gll_convert(l, v.v[k], lt.base, base);
			for (unsigned j = 0; j < lt.size && got < max; j++)
				out[got++] = lt.size == 1 ? c : ir_build_extract(l->b, c, j);
		}
	}
	return got;
}

/* A vector/scalar whose arguments are scalars/vectors adding up to its
 * size exactly: converted and passed to vecN whole. */
static bool ctor_direct(struct lower *l, struct glsl_node *n, struct val *r)
{
	uint32_t total = 0, nargs = 0, src[4];
	for (struct glsl_node *a = n->a; a; a = a->next, nargs++)
		if (!glsl_is_vec(a->type) || nargs >= 4 || (total += a->type.size) > n->type.size)
			return false;
	if (total != n->type.size || glsl_is_mat(n->type) || (nargs == 1 && total == 1))
		return false;
	nargs = 0;
	for (struct glsl_node *a = n->a; a; a = a->next) {
		struct val v = gll_expr(l, a);
		gll_at(l, n);
		src[nargs++] = gll_convert(l, v.v[0], a->type.base, n->type.base);
	}
	r->v[0] = nargs == 1 ? src[0] :
		  ir_build_op(l->b, (enum ir_op)(IR_OP_VEC2 + n->type.size - 2), nargs, src);
	return true;
}

static struct val ctor_struct(struct lower *l, struct glsl_node *n)
{
	struct val r = gll_val_new(l, n->type);
	uint32_t k = 0;
	for (struct glsl_node *a = n->a; a; a = a->next) {
		struct val v = gll_expr(l, a);
		memcpy(r.v + k, v.v, glsl_leaves(v.t) * sizeof(uint32_t));
		k += glsl_leaves(v.t);
	}
	return r;
}

/* Lowers a constructor call n: structs field by field; vectors from their
 * converted components (a single scalar is splatted); matrices column by
 * column (a single scalar fills the diagonal, zero elsewhere). */
struct val gll_ctor(struct lower *l, struct glsl_node *n)
{
	struct glsl_type t = n->type;
	if (t.base == GLSL_STRUCT)
		return ctor_struct(l, n);
	struct val r = gll_val_new(l, t);
	if (ctor_direct(l, n, &r))
		return r;
	uint32_t comps[16];
	bool one = !n->a->next && glsl_is_scalar(n->a->type);
	uint32_t got = ctor_components(l, n, t.base, comps, (uint32_t)t.size * t.cols);
	if (glsl_is_vec(t)) {
		r.v[0] = one || t.size == 1 ? gll_splat(l, comps[0], t.size) :
			 ir_build_op(l->b, (enum ir_op)(IR_OP_VEC2 + t.size - 2), t.size, comps);
		return r;
	}
	uint32_t zero = one ? ir_build_constf(l->b, 0) : IR_NONE, col[4];
	for (unsigned c = 0; c < t.cols; c++) {
		for (unsigned j = 0; j < t.size; j++)
			col[j] = one ? (j == c ? comps[0] : zero) : comps[c * t.size + j];
		r.v[c] = ir_build_op(l->b, (enum ir_op)(IR_OP_VEC2 + t.size - 2), t.size, col);
	}
	(void)got;
	return r;
}
