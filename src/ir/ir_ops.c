/*
 * ir_ops.c: the op table (one designated-initialiser entry per op: spelling,
 * operand count, type rule, flags) and the plain-C scalar semantics of every
 * component-wise op, which the reference interpreter runs. Also the names of
 * the IR's enums and types. Nothing else in src/ir lists ops.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ir/ir.h"

static union ir_scalar F(float f)
{
	union ir_scalar r;
	r.f = f;
	return r;
}

static union ir_scalar U(uint32_t u)
{
	union ir_scalar r;
	r.u = u;
	return r;
}

/* Float ops: C float arithmetic, round-to-nearest, denormals kept. */
static union ir_scalar ev_add(const union ir_scalar *a) { return F(a[0].f + a[1].f); }
static union ir_scalar ev_sub(const union ir_scalar *a) { return F(a[0].f - a[1].f); }
static union ir_scalar ev_mul(const union ir_scalar *a) { return F(a[0].f * a[1].f); }
static union ir_scalar ev_div(const union ir_scalar *a) { return F(a[0].f / a[1].f); }
static union ir_scalar ev_neg(const union ir_scalar *a) { return F(-a[0].f); }
static union ir_scalar ev_abs(const union ir_scalar *a) { return F(fabsf(a[0].f)); }
static union ir_scalar ev_min(const union ir_scalar *a) { return F(fminf(a[0].f, a[1].f)); }
static union ir_scalar ev_max(const union ir_scalar *a) { return F(fmaxf(a[0].f, a[1].f)); }
static union ir_scalar ev_floor(const union ir_scalar *a) { return F(floorf(a[0].f)); }
static union ir_scalar ev_ceil(const union ir_scalar *a) { return F(ceilf(a[0].f)); }
static union ir_scalar ev_fract(const union ir_scalar *a) { return F(a[0].f - floorf(a[0].f)); }
static union ir_scalar ev_rcp(const union ir_scalar *a) { return F(1.0f / a[0].f); }
static union ir_scalar ev_rsq(const union ir_scalar *a) { return F(1.0f / sqrtf(a[0].f)); }
static union ir_scalar ev_sqrt(const union ir_scalar *a) { return F(sqrtf(a[0].f)); }
static union ir_scalar ev_exp2(const union ir_scalar *a) { return F(exp2f(a[0].f)); }
static union ir_scalar ev_log2(const union ir_scalar *a) { return F(log2f(a[0].f)); }
static union ir_scalar ev_pow(const union ir_scalar *a) { return F(powf(a[0].f, a[1].f)); }
static union ir_scalar ev_sin(const union ir_scalar *a) { return F(sinf(a[0].f)); }
static union ir_scalar ev_cos(const union ir_scalar *a) { return F(cosf(a[0].f)); }

/* sign: 1 or -1; zeros and NaN come back unchanged. */
static union ir_scalar ev_sign(const union ir_scalar *a)
{
	float x = a[0].f;
	return F(x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x);
}

/* mix(x, y, t) = x * (1 - t) + y * t */
static union ir_scalar ev_mix(const union ir_scalar *a)
{
	return F(a[0].f * (1.0f - a[2].f) + a[1].f * a[2].f);
}

/* clamp(x, lo, hi) = min(max(x, lo), hi) */
static union ir_scalar ev_clamp(const union ir_scalar *a)
{
	return F(fminf(fmaxf(a[0].f, a[1].f), a[2].f));
}

/* step(edge, x) = x < edge ? 0 : 1 */
static union ir_scalar ev_step(const union ir_scalar *a)
{
	return F(a[1].f < a[0].f ? 0.0f : 1.0f);
}

/* smoothstep(e0, e1, x): t = clamp((x - e0) / (e1 - e0), 0, 1); t*t*(3 - 2t) */
static union ir_scalar ev_smoothstep(const union ir_scalar *a)
{
	float t = (a[2].f - a[0].f) / (a[1].f - a[0].f);
	t = fminf(fmaxf(t, 0.0f), 1.0f);
	return F(t * t * (3.0f - 2.0f * t));
}

/* Integer ops: two's complement, wrapping; shift counts use their low 5 bits. */
static union ir_scalar ev_iadd(const union ir_scalar *a) { return U(a[0].u + a[1].u); }
static union ir_scalar ev_isub(const union ir_scalar *a) { return U(a[0].u - a[1].u); }
static union ir_scalar ev_imul(const union ir_scalar *a) { return U(a[0].u * a[1].u); }
static union ir_scalar ev_ineg(const union ir_scalar *a) { return U(0u - a[0].u); }
static union ir_scalar ev_iabs(const union ir_scalar *a)
{
	return U(a[0].i < 0 ? 0u - a[0].u : a[0].u);
}
static union ir_scalar ev_imin(const union ir_scalar *a) { return a[0].i < a[1].i ? a[0] : a[1]; }
static union ir_scalar ev_imax(const union ir_scalar *a) { return a[0].i > a[1].i ? a[0] : a[1]; }
static union ir_scalar ev_and(const union ir_scalar *a) { return U(a[0].u & a[1].u); }
static union ir_scalar ev_or(const union ir_scalar *a) { return U(a[0].u | a[1].u); }
static union ir_scalar ev_xor(const union ir_scalar *a) { return U(a[0].u ^ a[1].u); }
/* not: all bits flipped; the interpreter keeps only bit 0 of bool results. */
static union ir_scalar ev_not(const union ir_scalar *a) { return U(~a[0].u); }
static union ir_scalar ev_shl(const union ir_scalar *a) { return U(a[0].u << (a[1].u & 31)); }
static union ir_scalar ev_ushr(const union ir_scalar *a) { return U(a[0].u >> (a[1].u & 31)); }

/* shr: arithmetic shift, written so it does not rely on signed >>. */
static union ir_scalar ev_shr(const union ir_scalar *a)
{
	uint32_t s = a[1].u & 31;
	return U(a[0].i < 0 ? ~(~a[0].u >> s) : a[0].u >> s);
}

/* f2i truncates toward zero, saturates out-of-range values and maps NaN to 0. */
static union ir_scalar ev_f2i(const union ir_scalar *a)
{
	float x = a[0].f;
	union ir_scalar r;
	if (x != x)
		r.i = 0;
	else if (x >= 2147483648.0f)
		r.i = INT32_MAX;
	else if (x < -2147483648.0f)
		r.i = INT32_MIN;
	else
		r.i = (int32_t)x;
	return r;
}

static union ir_scalar ev_i2f(const union ir_scalar *a) { return F((float)a[0].i); }
static union ir_scalar ev_f2b(const union ir_scalar *a) { return U(a[0].f != 0.0f); }
static union ir_scalar ev_b2f(const union ir_scalar *a) { return F(a[0].u ? 1.0f : 0.0f); }
static union ir_scalar ev_i2b(const union ir_scalar *a) { return U(a[0].u != 0); }
static union ir_scalar ev_b2i(const union ir_scalar *a) { return U(a[0].u ? 1 : 0); }

static union ir_scalar ev_flt(const union ir_scalar *a) { return U(a[0].f < a[1].f); }
static union ir_scalar ev_fle(const union ir_scalar *a) { return U(a[0].f <= a[1].f); }
static union ir_scalar ev_fgt(const union ir_scalar *a) { return U(a[0].f > a[1].f); }
static union ir_scalar ev_fge(const union ir_scalar *a) { return U(a[0].f >= a[1].f); }
static union ir_scalar ev_feq(const union ir_scalar *a) { return U(a[0].f == a[1].f); }
static union ir_scalar ev_fne(const union ir_scalar *a) { return U(a[0].f != a[1].f); }
static union ir_scalar ev_ilt(const union ir_scalar *a) { return U(a[0].i < a[1].i); }
static union ir_scalar ev_ile(const union ir_scalar *a) { return U(a[0].i <= a[1].i); }
static union ir_scalar ev_igt(const union ir_scalar *a) { return U(a[0].i > a[1].i); }
static union ir_scalar ev_ige(const union ir_scalar *a) { return U(a[0].i >= a[1].i); }
static union ir_scalar ev_ieq(const union ir_scalar *a) { return U(a[0].u == a[1].u); }
static union ir_scalar ev_ine(const union ir_scalar *a) { return U(a[0].u != a[1].u); }
static union ir_scalar ev_select(const union ir_scalar *a) { return a[0].u ? a[1] : a[2]; }

#define CW IR_OPF_COMPWISE
#define FLT(N, s, n, fn, fl) \
	[IR_OP_##N] = { .name = s, .nsrc = n, .rule = IR_RULE_FLOAT, .flags = CW | (fl), \
			.eval = fn }
#define INT(N, s, n, fn) \
	[IR_OP_##N] = { .name = s, .nsrc = n, .rule = IR_RULE_INT, .flags = CW, .eval = fn }
#define LOGIC(N, s, n, fn) \
	[IR_OP_##N] = { .name = s, .nsrc = n, .rule = IR_RULE_LOGIC, .flags = CW, .eval = fn }
#define CONV(N, s, from, to, fn) \
	[IR_OP_##N] = { .name = s, .nsrc = 1, .rule = IR_RULE_CONV, .base = to, \
			.src_base = from, .flags = CW, .eval = fn }
#define CMP(N, s, from, fn) \
	[IR_OP_##N] = { .name = s, .nsrc = 2, .rule = IR_RULE_CMP, .base = IR_BOOL, \
			.src_base = from, .flags = CW, .eval = fn }
#define SPECIAL(N, s, n, r, fl) \
	[IR_OP_##N] = { .name = s, .nsrc = n, .rule = r, .flags = fl }
#define FIXED(N, s, b, c, fl) \
	[IR_OP_##N] = { .name = s, .rule = IR_RULE_FIXED, .base = b, .comps = c, .flags = fl }
#define VEC(N, s, c) \
	[IR_OP_##N] = { .name = s, .nsrc = c, .rule = IR_RULE_CONSTRUCT, .comps = c }

const struct ir_op_info ir_ops[IR_OP_COUNT] = {
	SPECIAL(CONST, "const", 0, IR_RULE_CONST, 0),
	SPECIAL(LOAD, "load", 0, IR_RULE_LOAD, IR_OPF_SLOT),
	SPECIAL(LOAD_INDEX, "load_index", 1, IR_RULE_LOAD_INDEX, IR_OPF_SLOT), /* added later */
	SPECIAL(STORE, "store", 1, IR_RULE_STORE, IR_OPF_SLOT),
	VEC(VEC2, "vec2", 2),
	VEC(VEC3, "vec3", 3),
	VEC(VEC4, "vec4", 4),
	SPECIAL(SWIZZLE, "swizzle", 1, IR_RULE_SWIZZLE, 0),
	SPECIAL(EXTRACT, "extract", 1, IR_RULE_EXTRACT, 0),
	FLT(ADD, "add", 2, ev_add, 0),
	FLT(SUB, "sub", 2, ev_sub, 0),
	FLT(MUL, "mul", 2, ev_mul, 0),
	FLT(DIV, "div", 2, ev_div, IR_OPF_SFU),  /* last in the enum: added later */
	FLT(NEG, "neg", 1, ev_neg, 0),
	FLT(ABS, "abs", 1, ev_abs, 0),
	FLT(MIN, "min", 2, ev_min, 0),
	FLT(MAX, "max", 2, ev_max, 0),
	FLT(FLOOR, "floor", 1, ev_floor, 0),
	FLT(CEIL, "ceil", 1, ev_ceil, 0),
	FLT(FRACT, "fract", 1, ev_fract, 0),
	FLT(SIGN, "sign", 1, ev_sign, 0),
	FLT(RCP, "rcp", 1, ev_rcp, IR_OPF_SFU),
	FLT(RSQ, "rsq", 1, ev_rsq, IR_OPF_SFU),
	FLT(SQRT, "sqrt", 1, ev_sqrt, IR_OPF_SFU),
	FLT(EXP2, "exp2", 1, ev_exp2, IR_OPF_SFU),
	FLT(LOG2, "log2", 1, ev_log2, IR_OPF_SFU),
	FLT(POW, "pow", 2, ev_pow, IR_OPF_SFU),
	FLT(SIN, "sin", 1, ev_sin, 0),
	FLT(COS, "cos", 1, ev_cos, 0),
	FLT(MIX, "mix", 3, ev_mix, 0),
	FLT(CLAMP, "clamp", 3, ev_clamp, 0),
	FLT(STEP, "step", 2, ev_step, 0),
	FLT(SMOOTHSTEP, "smoothstep", 3, ev_smoothstep, 0),
	SPECIAL(DOT, "dot", 2, IR_RULE_DOT, 0),
	SPECIAL(CROSS, "cross", 2, IR_RULE_CROSS, 0),
	SPECIAL(LENGTH, "length", 1, IR_RULE_LENGTH, IR_OPF_SFU),
	SPECIAL(NORMALIZE, "normalize", 1, IR_RULE_NORMALIZE, IR_OPF_SFU),
	SPECIAL(MVMUL, "mvmul", 2, IR_RULE_MATVEC, 0),
	INT(IADD, "iadd", 2, ev_iadd),
	INT(ISUB, "isub", 2, ev_isub),
	INT(IMUL, "imul", 2, ev_imul),
	INT(INEG, "ineg", 1, ev_ineg),
	INT(IABS, "iabs", 1, ev_iabs),
	INT(IMIN, "imin", 2, ev_imin),
	INT(IMAX, "imax", 2, ev_imax),
	LOGIC(AND, "and", 2, ev_and),
	LOGIC(OR, "or", 2, ev_or),
	LOGIC(XOR, "xor", 2, ev_xor),
	LOGIC(NOT, "not", 1, ev_not),
	INT(SHL, "shl", 2, ev_shl),
	INT(SHR, "shr", 2, ev_shr),
	INT(USHR, "ushr", 2, ev_ushr),
	CONV(F2I, "f2i", IR_FLOAT, IR_INT, ev_f2i),
	CONV(I2F, "i2f", IR_INT, IR_FLOAT, ev_i2f),
	CONV(F2B, "f2b", IR_FLOAT, IR_BOOL, ev_f2b),
	CONV(B2F, "b2f", IR_BOOL, IR_FLOAT, ev_b2f),
	CONV(I2B, "i2b", IR_INT, IR_BOOL, ev_i2b),
	CONV(B2I, "b2i", IR_BOOL, IR_INT, ev_b2i),
	CMP(FLT, "flt", IR_FLOAT, ev_flt),
	CMP(FLE, "fle", IR_FLOAT, ev_fle),
	CMP(FGT, "fgt", IR_FLOAT, ev_fgt),
	CMP(FGE, "fge", IR_FLOAT, ev_fge),
	CMP(FEQ, "feq", IR_FLOAT, ev_feq),
	CMP(FNE, "fne", IR_FLOAT, ev_fne),
	CMP(ILT, "ilt", IR_INT, ev_ilt),
	CMP(ILE, "ile", IR_INT, ev_ile),
	CMP(IGT, "igt", IR_INT, ev_igt),
	CMP(IGE, "ige", IR_INT, ev_ige),
	CMP(IEQ, "ieq", IR_INT, ev_ieq),
	CMP(INE, "ine", IR_INT, ev_ine),
	[IR_OP_SELECT] = { .name = "select", .nsrc = 3, .rule = IR_RULE_SELECT, .flags = CW,
			   .eval = ev_select },
	SPECIAL(TEX, "tex", 1, IR_RULE_TEX, IR_OPF_SLOT),
	SPECIAL(TEXB, "texb", 2, IR_RULE_TEX, IR_OPF_SLOT),
	FIXED(FRAG_COORD, "frag_coord", IR_FLOAT, 4, IR_OPF_FS_ONLY),
	FIXED(FRONT_FACING, "front_facing", IR_BOOL, 1, IR_OPF_FS_ONLY),
	FIXED(POINT_COORD, "point_coord", IR_FLOAT, 2, IR_OPF_FS_ONLY),
	SPECIAL(IF, "if", 1, IR_RULE_COND, IR_OPF_OPEN),
	SPECIAL(ELSE, "else", 0, IR_RULE_NONE, IR_OPF_MIDDLE),
	SPECIAL(ENDIF, "endif", 0, IR_RULE_NONE, IR_OPF_CLOSE),
	SPECIAL(LOOP, "loop", 0, IR_RULE_NONE, IR_OPF_OPEN),
	SPECIAL(ENDLOOP, "endloop", 0, IR_RULE_NONE, IR_OPF_CLOSE),
	SPECIAL(BREAK, "break", 0, IR_RULE_NONE, IR_OPF_IN_LOOP),
	SPECIAL(CONTINUE, "continue", 0, IR_RULE_NONE, IR_OPF_IN_LOOP),
	SPECIAL(DISCARD, "discard", 0, IR_RULE_NONE, IR_OPF_FS_ONLY),
};

const char *const ir_stage_names[2] = {
	[IR_STAGE_VERTEX] = "vertex",
	[IR_STAGE_FRAGMENT] = "fragment",
};

const char *const ir_decl_kind_names[IR_DECL_KIND_COUNT] = {
	[IR_DECL_ATTRIBUTE] = "attribute",
	[IR_DECL_VARYING] = "varying",
	[IR_DECL_UNIFORM] = "uniform",
	[IR_DECL_SAMPLER] = "sampler",
	[IR_DECL_OUTPUT] = "output",
	[IR_DECL_LOCAL] = "local",
};

const char *const ir_builtin_names[IR_OUT_COUNT] = {
	[IR_OUT_POSITION] = "position",
	[IR_OUT_POINT_SIZE] = "point_size",
	[IR_OUT_COLOR] = "color",
	[IR_OUT_DEPTH] = "depth",
};

const struct ir_type ir_builtin_types[IR_OUT_COUNT] = {
	[IR_OUT_POSITION] = { IR_FLOAT, 4 },
	[IR_OUT_POINT_SIZE] = { IR_FLOAT, 1 },
	[IR_OUT_COLOR] = { IR_FLOAT, 4 },
	[IR_OUT_DEPTH] = { IR_FLOAT, 1 },
};

const uint8_t ir_builtin_stage[IR_OUT_COUNT] = {
	[IR_OUT_POSITION] = IR_STAGE_VERTEX,
	[IR_OUT_POINT_SIZE] = IR_STAGE_VERTEX,
	[IR_OUT_COLOR] = IR_STAGE_FRAGMENT,
	[IR_OUT_DEPTH] = IR_STAGE_FRAGMENT,
};

static const char *const base_scalar[3] = { "float", "int", "bool" };
static const char *const base_vector[3] = { "vec", "ivec", "bvec" };

const char *ir_type_name(struct ir_type t, char *buf)
{
	if (t.base > IR_BOOL || t.comps == 0 || (t.comps > 4 && t.comps != 16))
		return strcpy(buf, "?");
	if (t.comps == 16)
		return strcpy(buf, "mat4");
	if (t.comps == 1)
		return strcpy(buf, base_scalar[t.base]);
	size_t n = strlen(base_vector[t.base]);
	memcpy(buf, base_vector[t.base], n);
	buf[n] = (char)('0' + t.comps);
	buf[n + 1] = '\0';
	return buf;
}

bool ir_type_parse(const char *s, size_t n, struct ir_type *out)
{
	static const struct ir_type all[] = {
		{ IR_FLOAT, 1 }, { IR_FLOAT, 2 }, { IR_FLOAT, 3 }, { IR_FLOAT, 4 },
		{ IR_INT, 1 }, { IR_INT, 2 }, { IR_INT, 3 }, { IR_INT, 4 },
		{ IR_BOOL, 1 }, { IR_BOOL, 2 }, { IR_BOOL, 3 }, { IR_BOOL, 4 },
		{ IR_FLOAT, 16 },
	};
	char buf[8];
	for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++) {
		ir_type_name(all[k], buf);
		if (strlen(buf) == n && memcmp(buf, s, n) == 0) {
			*out = all[k];
			return true;
		}
	}
	return false;
}
