/*
 * glsl_lower_builtins.c: the built-in functions of GLSL ES 1.00 chapter 8
 * -> IR. Most map to one component-wise IR op (float operands of a genType
 * call splatted); the rest are built from IR ops: tan = sin/cos, exp and
 * log through exp2/log2, mod, distance, reflect, refract, faceforward, the
 * vector relational functions, and asin/acos/atan as polynomials
 * (Abramowitz & Stegun 4.4.45-style minimax fits, |error| < 1e-6 rad before
 * rounding; tests/glsl check them against libm). texture*Lod passes the
 * level as a bias: vertex shaders have no derivatives, so the computed
 * level is 0 and level + bias is the level asked for.
 */
#include "glsl/glsl_lower.h"

#define PI_F 3.14159265358979f
#define HALF_PI_F 1.57079632679490f

struct bctx {
	struct lower *l;
	uint8_t n;              /* components of the genType */
};

static uint32_t k_(struct bctx *c, float f) { return gll_constf(c->l, f, c->n); }
static uint32_t op1(struct bctx *c, enum ir_op op, uint32_t a) { return ir_build_op1(c->l->b, op, a); }
static uint32_t op2(struct bctx *c, enum ir_op op, uint32_t a, uint32_t b)
{
	return ir_build_op2(c->l->b, op, a, b);
}
static uint32_t op3(struct bctx *c, enum ir_op op, uint32_t a, uint32_t b, uint32_t d)
{
	return ir_build_op3(c->l->b, op, a, b, d);
}

/* Horner: coef[0] + x*(coef[1] + x*(...)). */
static uint32_t poly(struct bctx *c, uint32_t x, const float *coef, int n)
{
	uint32_t p = k_(c, coef[n - 1]);
	for (int i = n - 2; i >= 0; i--) {
		uint32_t m = op2(c, IR_OP_MUL, p, x);
		uint32_t ci = k_(c, coef[i]);
		p = op2(c, IR_OP_ADD, m, ci);
	}
	return p;
}

/* acos(x) = sqrt(1 - |x|) * P(|x|) for x >= 0, pi - that for x < 0. */
static uint32_t acos_(struct bctx *c, uint32_t x)
{
	static const float co[8] = { 1.5707963050f, -0.2145988016f, 0.0889789874f,
				     -0.0501743046f, 0.0308918810f, -0.0170881256f,
				     0.0066700901f, -0.0012624911f };
	uint32_t ax = op1(c, IR_OP_ABS, x);
	uint32_t p = poly(c, ax, co, 8);
	uint32_t one = k_(c, 1.0f);
	uint32_t d = op2(c, IR_OP_SUB, one, ax);
	uint32_t s = op1(c, IR_OP_SQRT, d);
	uint32_t r = op2(c, IR_OP_MUL, s, p);
	uint32_t pi = k_(c, PI_F);
	uint32_t nr = op2(c, IR_OP_SUB, pi, r);
	uint32_t zero = k_(c, 0.0f);
	uint32_t neg = op2(c, IR_OP_FLT, x, zero);
	return op3(c, IR_OP_SELECT, neg, nr, r);
}

/* atan(t) for 0 <= t <= 1: t * Q(t^2). */
static uint32_t atan01(struct bctx *c, uint32_t t)
{
	static const float co[9] = { 1.0f, -0.3333314528f, 0.1999355085f, -0.1420889944f,
				     0.1065626393f, -0.0752896400f, 0.0429096138f,
				     -0.0161657367f, 0.0028662257f };
	uint32_t t2 = op2(c, IR_OP_MUL, t, t);
	uint32_t q = poly(c, t2, co, 9);
	return op2(c, IR_OP_MUL, t, q);
}

/* atan(y, x) (x == IR_NONE: atan(y) of one argument). */
static uint32_t atan_(struct bctx *c, uint32_t y, uint32_t x)
{
	uint32_t ay = op1(c, IR_OP_ABS, y);
	uint32_t ax = x == IR_NONE ? k_(c, 1.0f) : op1(c, IR_OP_ABS, x);
	uint32_t mx = op2(c, IR_OP_MAX, ax, ay), mn = op2(c, IR_OP_MIN, ax, ay);
	uint32_t rm = op1(c, IR_OP_RCP, mx);
	uint32_t t = op2(c, IR_OP_MUL, mn, rm);
	uint32_t zero = k_(c, 0.0f);
	uint32_t mz = op2(c, IR_OP_FEQ, mx, zero);
	t = op3(c, IR_OP_SELECT, mz, zero, t);
	uint32_t a = atan01(c, t);
	uint32_t hp = k_(c, HALF_PI_F);
	uint32_t ca = op2(c, IR_OP_SUB, hp, a);
	uint32_t steep = op2(c, IR_OP_FGT, ay, ax);
	uint32_t r = op3(c, IR_OP_SELECT, steep, ca, a);
	if (x != IR_NONE) {
		uint32_t pi = k_(c, PI_F);
		uint32_t pr = op2(c, IR_OP_SUB, pi, r);
		uint32_t xn = op2(c, IR_OP_FLT, x, zero);
		r = op3(c, IR_OP_SELECT, xn, pr, r);
	}
	uint32_t nr = op1(c, IR_OP_NEG, r);
	uint32_t yn = op2(c, IR_OP_FLT, y, zero);
	return op3(c, IR_OP_SELECT, yn, nr, r);
}

static uint32_t dot_(struct bctx *c, uint32_t a, uint32_t b)
{
	return c->n == 1 ? op2(c, IR_OP_MUL, a, b) : op2(c, IR_OP_DOT, a, b);
}

/* reflect(I, N) = I - 2 dot(N, I) N */
static uint32_t reflect_(struct bctx *c, uint32_t i, uint32_t n)
{
	uint32_t d = dot_(c, n, i);
	uint32_t d2 = op2(c, IR_OP_ADD, d, d);
	uint32_t s = gll_splat(c->l, d2, c->n);
	uint32_t m = op2(c, IR_OP_MUL, s, n);
	return op2(c, IR_OP_SUB, i, m);
}

/* refract(I, N, eta): k = 1 - eta^2 (1 - dot^2); k < 0 ? 0 : eta I - (eta dot + sqrt k) N */
static uint32_t refract_(struct bctx *c, uint32_t i, uint32_t n, uint32_t eta)
{
	struct bctx s = { c->l, 1 };
	uint32_t d = dot_(c, n, i);
	uint32_t dd = op2(c, IR_OP_MUL, d, d);
	uint32_t one = k_(&s, 1.0f);
	uint32_t t = op2(c, IR_OP_SUB, one, dd);
	uint32_t ee = op2(c, IR_OP_MUL, eta, eta);
	uint32_t et = op2(c, IR_OP_MUL, ee, t);
	uint32_t k = op2(c, IR_OP_SUB, one, et);
	uint32_t sk = op1(c, IR_OP_SQRT, k);
	uint32_t ed = op2(c, IR_OP_MUL, eta, d);
	uint32_t f = op2(c, IR_OP_ADD, ed, sk);
	uint32_t fs = gll_splat(c->l, f, c->n), es = gll_splat(c->l, eta, c->n);
	uint32_t a = op2(c, IR_OP_MUL, es, i);
	uint32_t b = op2(c, IR_OP_MUL, fs, n);
	uint32_t r = op2(c, IR_OP_SUB, a, b);
	uint32_t zero = k_(&s, 0.0f);
	uint32_t neg = op2(c, IR_OP_FLT, k, zero);
	uint32_t zv = k_(c, 0.0f);
	return op3(c, IR_OP_SELECT, neg, zv, r);
}

static uint32_t reduce(struct bctx *c, uint32_t v, uint8_t n, enum ir_op op)
{
	uint32_t r = ir_build_extract(c->l->b, v, 0);
	for (unsigned k = 1; k < n; k++) {
		uint32_t e = ir_build_extract(c->l->b, v, k);
		r = op2(c, op, r, e);
	}
	return r;
}

/* lessThan ... notEqual on vectors of base `base`. */
static uint32_t relational(struct bctx *c, int id, uint32_t a, uint32_t b, uint8_t base)
{
	static const enum ir_op fops[] = { IR_OP_FLT, IR_OP_FLE, IR_OP_FGT, IR_OP_FGE, IR_OP_FEQ,
					   IR_OP_FNE };
	static const enum ir_op iops[] = { IR_OP_ILT, IR_OP_ILE, IR_OP_IGT, IR_OP_IGE, IR_OP_IEQ,
					   IR_OP_INE };
	int k = id - BI_LESSTHAN;
	if (base == GLSL_BOOL) {
		uint32_t x = op2(c, IR_OP_XOR, a, b);
		return id == BI_EQUAL ? op1(c, IR_OP_NOT, x) : x;
	}
	return op2(c, base == GLSL_INT ? iops[k] : fops[k], a, b);
}

static uint32_t texture(struct bctx *c, int id, struct val *a, uint32_t na)
{
	uint32_t coord = a[1].v[0];
	uint8_t cn = a[1].t.size;
	if (id == BI_TEXTURE2DPROJ || id == BI_TEXTURE2DPROJLOD) {
		uint32_t q = ir_build_extract(c->l->b, coord, cn - 1);
		uint32_t rq = op1(c, IR_OP_RCP, q);
		uint32_t xy = ir_build_swizzle(c->l->b, coord, "xy");
		uint32_t s = gll_splat(c->l, rq, 2);
		coord = op2(c, IR_OP_MUL, xy, s);
	}
	return ir_build_tex(c->l->b, a[0].v[0], coord, na == 3 ? a[2].v[0] : IR_NONE);
}

/* The genType operand i, splatted when the signature has a float there. */
static uint32_t g(struct bctx *c, struct val *a, uint32_t i)
{
	return glsl_is_scalar(a[i].t) && c->n > 1 ? gll_splat(c->l, a[i].v[0], c->n) : a[i].v[0];
}

/* Lowers a built-in that is one IR operation (sin, pow, min, mix, smoothstep
 * and the like): its arguments, scalars splatted to the genType's size,
 * become the operation's sources. Returns the IR value. */
static uint32_t simple(struct bctx *c, int id, struct val *a)
{
	static const enum ir_op map[BI_COUNT] = {
		[BI_SIN] = IR_OP_SIN, [BI_COS] = IR_OP_COS, [BI_POW] = IR_OP_POW,
		[BI_EXP2] = IR_OP_EXP2, [BI_LOG2] = IR_OP_LOG2, [BI_SQRT] = IR_OP_SQRT,
		[BI_INVERSESQRT] = IR_OP_RSQ, [BI_ABS] = IR_OP_ABS, [BI_SIGN] = IR_OP_SIGN,
		[BI_FLOOR] = IR_OP_FLOOR, [BI_CEIL] = IR_OP_CEIL, [BI_FRACT] = IR_OP_FRACT,
		[BI_MIN] = IR_OP_MIN, [BI_MAX] = IR_OP_MAX, [BI_CLAMP] = IR_OP_CLAMP,
		[BI_MIX] = IR_OP_MIX, [BI_STEP] = IR_OP_STEP, [BI_SMOOTHSTEP] = IR_OP_SMOOTHSTEP,
	};
	enum ir_op op = map[id];
	unsigned n = ir_ops[op].nsrc;
	uint32_t s[3];
	for (unsigned i = 0; i < n; i++)
		s[i] = g(c, a, i);
	return ir_build_op(c->l->b, op, n, s);
}

/* Returns (op(x * pre)) * post, leaving out a multiply by 1 and, when op is
 * IR_OP_COUNT, the operation itself. */
static uint32_t scaled(struct bctx *c, enum ir_op op, uint32_t x, float pre, float post)
{
	uint32_t v = x;
	if (pre != 1.0f) {
		uint32_t k = k_(c, pre);
		v = op2(c, IR_OP_MUL, v, k);
	}
	if (op != IR_OP_COUNT)
		v = op1(c, op, v);
	if (post != 1.0f) {
		uint32_t k = k_(c, post);
		v = op2(c, IR_OP_MUL, v, k);
	}
	return v;
}

/* Lowers the geometric built-ins (length, distance, dot, cross, normalize,
 * faceforward, reflect, refract) on the argument values `a`; a one-component
 * genType uses abs and sign where vectors use length and normalize. Returns
 * the IR value. */
static uint32_t geometric(struct bctx *c, int id, struct val *a)
{
	uint32_t x = a[0].v[0], y = a[1].v[0], d;
	switch (id) {
	case BI_LENGTH:
		return c->n == 1 ? op1(c, IR_OP_ABS, x) : op1(c, IR_OP_LENGTH, x);
	case BI_DISTANCE:
		d = op2(c, IR_OP_SUB, x, y);
		return c->n == 1 ? op1(c, IR_OP_ABS, d) : op1(c, IR_OP_LENGTH, d);
	case BI_DOT: return dot_(c, x, y);
	case BI_CROSS: return op2(c, IR_OP_CROSS, x, y);
	case BI_NORMALIZE:
		return c->n == 1 ? op1(c, IR_OP_SIGN, x) : op1(c, IR_OP_NORMALIZE, x);
	case BI_FACEFORWARD: {
		struct bctx s = { c->l, 1 };
		uint32_t dd = dot_(c, a[2].v[0], y);
		uint32_t zero = k_(&s, 0.0f);
		uint32_t neg = op2(c, IR_OP_FLT, dd, zero);
		uint32_t nx = op1(c, IR_OP_NEG, x);
		return op3(c, IR_OP_SELECT, neg, x, nx);
	}
	case BI_REFLECT: return reflect_(c, x, y);
	default: return refract_(c, x, y, a[2].v[0]);
	}
}

/* Lowers the angle, trigonometry, exponential and mod built-ins that are not
 * one IR operation: radians, degrees, tan, asin, acos, atan, exp and log by
 * scaling, mod as x - y * floor(x / y). Returns the IR value. */
static uint32_t angle_exp(struct bctx *c, int id, struct val *a)
{
	uint32_t x = a[0].v[0];
	switch (id) {
	case BI_RADIANS: return scaled(c, IR_OP_COUNT, x, PI_F / 180.0f, 1.0f);
	case BI_DEGREES: return scaled(c, IR_OP_COUNT, x, 180.0f / PI_F, 1.0f);
	case BI_TAN: {
		uint32_t s = op1(c, IR_OP_SIN, x), co = op1(c, IR_OP_COS, x);
		return gll_div(c->l, s, co, GLSL_FLOAT);
	}
	case BI_ASIN: {
		uint32_t ac = acos_(c, x);
		uint32_t hp = k_(c, HALF_PI_F);
		return op2(c, IR_OP_SUB, hp, ac);
	}
	case BI_ACOS: return acos_(c, x);
	case BI_ATAN: return atan_(c, x, IR_NONE);
	case BI_ATAN2: return atan_(c, x, a[1].v[0]);
	case BI_EXP: return scaled(c, IR_OP_EXP2, x, 1.44269504f, 1.0f);
	case BI_LOG: return scaled(c, IR_OP_LOG2, x, 1.0f, 0.693147181f);
	default: { /* mod(x, y) = x - y floor(x / y) */
		uint32_t y = g(c, a, 1);
		uint32_t q = gll_div(c->l, x, y, GLSL_FLOAT);
		uint32_t f = op1(c, IR_OP_FLOOR, q);
		uint32_t m = op2(c, IR_OP_MUL, y, f);
		return op2(c, IR_OP_SUB, x, m);
	}
	}
}

struct val gll_builtin(struct lower *l, struct glsl_node *n, struct val *args, uint32_t na)
{
	int id = glsl_builtins[n->builtin].id;
	struct val r = gll_val_new(l, n->type);
	struct bctx c = { l, args[0].t.size };
	if (id == BI_MATRIXCOMPMULT) {
		for (unsigned k = 0; k < n->type.cols; k++)
			r.v[k] = op2(&c, IR_OP_MUL, args[0].v[k], args[1].v[k]);
	} else if (id >= BI_LESSTHAN && id <= BI_NOTEQUAL) {
		r.v[0] = relational(&c, id, args[0].v[0], args[1].v[0], args[0].t.base);
	} else if (id == BI_ANY || id == BI_ALL) {
		r.v[0] = reduce(&c, args[0].v[0], args[0].t.size, id == BI_ANY ? IR_OP_OR : IR_OP_AND);
	} else if (id == BI_NOT) {
		r.v[0] = op1(&c, IR_OP_NOT, args[0].v[0]);
	} else if (id >= BI_TEXTURE2D) {
		r.v[0] = texture(&c, id, args, na);
	} else if (id >= BI_LENGTH) {
		r.v[0] = geometric(&c, id, args);
	} else if (id == BI_SIN || id == BI_COS || (id >= BI_POW && id != BI_EXP && id != BI_LOG &&
						   id != BI_MOD)) {
		c.n = n->type.size;
		r.v[0] = simple(&c, id, args);
	} else {
		r.v[0] = angle_exp(&c, id, args);
	}
	return r;
}
