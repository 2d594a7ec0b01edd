/*
 * test_lower_exec.c: lowered programs executed on the QIR executor
 * (qir_eval.c, the simulator's exact ALU/SFU semantics) and compared with
 * libm, the IR interpreter or an exact model: sin/cos accuracy over a dense
 * sweep, floor/ceil/fract/sign/imul/comparisons, divergent control flow,
 * and the kernel-relevant properties
 * (texture uniform kinds in order, uniform-stream resets after branch
 * targets). The fragment colour paths are in test_lower_blend.c.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/ir_interp.h"
#include "lower_test.h"
#include "sim/sim_alu.h"
#include "qir_eval.h"

/* A vertex shader computing varying @r (vec4) from attribute @a (vec4). */
static struct qir_compile *vs_program(const char *body, struct ir_shader **sh)
{
	char text[4096];
	snprintf(text, sizeof(text), "vertex\nattribute vec4 @a\nvarying smooth vec4 @r\n"
		 "output position\n%%a = load @a\nstore @position, %%a\n%s", body);
	*sh = lt_parse(text, "exec.ir");
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_VERTEX);
	return lt_lower(*sh, NULL, &key, QIR_STAGE_VERTEX);
}

/* Runs the VS on 16 lanes of inputs in[lane][4]; out[lane][4] = @r. */
static void vs_run(const struct qir_compile *c, float in[16][4], float out[16][4])
{
	struct qeval e = { 0 };
	char err[256];
	for (int i = 0; i < 16; i++)
		for (int k = 0; k < 4; k++)
			e.vpm_in[k][i] = lt_fbits(in[i][k]);
	if (!qeval_run(c, &e, 100000, err))
		fail_msg("%s", err);
	assert_int_equal(e.nvpm_out, 3 + 4);
	for (int i = 0; i < 16; i++)
		for (int k = 0; k < 4; k++)
			out[i][k] = lt_bitsf(e.vpm_out[3 + k][i]);
}

/* Max |lowered - libm| of sin and cos over n points in [lo, hi]. */
static void sweep_sincos(const struct qir_compile *c, double lo, double hi, int n,
			 double *err_sin, double *err_cos)
{
	*err_sin = *err_cos = 0;
	for (int base = 0; base < n; base += 16) {
		float in[16][4] = { { 0 } }, out[16][4];
		for (int i = 0; i < 16; i++)
			in[i][0] = (float)(lo + (hi - lo) * (base + i) / (n - 1));
		vs_run(c, in, out);
		for (int i = 0; i < 16 && base + i < n; i++) {
			double x = in[i][0];
			*err_sin = fmax(*err_sin, fabs(out[i][0] - sin(x)));
			*err_cos = fmax(*err_cos, fabs(out[i][1] - cos(x)));
		}
	}
}

/* docs/lowering.md quotes these bounds: keep them in step. */
static void test_sin_cos_error(void **state)
{
	(void)state;
	struct ir_shader *sh;
	struct qir_compile *c = vs_program("%x = extract %a, 0\n%s = sin %x\n%c = cos %x\n"
					   "%r = vec4 %s, %c, %s, %c\nstore @r, %r\n", &sh);
	double es, ec;
	sweep_sincos(c, -2 * M_PI, 2 * M_PI, 160000, &es, &ec);
	printf("# sin/cos max abs error on [-2pi, 2pi]: %.3g / %.3g\n", es, ec);
	assert_true(es < 2e-6 && ec < 2e-6);
	sweep_sincos(c, -100.0, 100.0, 160000, &es, &ec);
	printf("# sin/cos max abs error on [-100, 100]: %.3g / %.3g\n", es, ec);
	assert_true(es < 2e-5 && ec < 2e-5);
	qir_compile_free(c);
	ir_shader_free(sh);
}

/* Near 0, sin keeps highp's relative precision (2^-16, GLSL ES 1.00
 * 4.5.2): the polynomial's linear term is within 3.4e-6 of pi. */
static void test_sin_relative_error(void **state)
{
	(void)state;
	struct ir_shader *sh;
	struct qir_compile *c = vs_program("%x = extract %a, 0\n%s = sin %x\n"
					   "%r = vec4 %s, %s, %s, %s\nstore @r, %r\n", &sh);
	double worst = 0;
	for (int base = 0; base < 4096; base += 16) {
		float in[16][4] = { { 0 } }, out[16][4];
		for (int i = 0; i < 16; i++)
			in[i][0] = (float)(1e-4 * pow(1e4, (base + i) / 4095.0));   /* 1e-4 .. 1 */
		vs_run(c, in, out);
		for (int i = 0; i < 16; i++) {
			double x = in[i][0];
			worst = fmax(worst, fabs(out[i][0] - sin(x)) / sin(x));
		}
	}
	printf("# sin max relative error on [1e-4, 1]: %.3g\n", worst);
	assert_true(worst < 1.0 / 65536);
	qir_compile_free(c);
	ir_shader_free(sh);
}

/* Instructions of `op` in c (QIR_OP_COUNT: all of them). */
static unsigned count_op(const struct qir_compile *c, enum qir_op op)
{
	unsigned n = 0;
	struct qir_block *b;
	struct qir_inst *i;
	qir_foreach_block(c, b)
		qir_foreach_inst(b, i)
			n += op == QIR_OP_COUNT || i->op == op;
	return n;
}

/* Instructions of each op in `body` beyond the same shader storing x. */
static void assert_shape(const char *body, const enum qir_op *ops, const unsigned *want,
			 size_t nops, unsigned total)
{
	struct ir_shader *sh0, *sh1;
	struct qir_compile *c0 = vs_program("%x = extract %a, 0\n%r = vec4 %x\nstore @r, %r\n",
					    &sh0);
	struct qir_compile *c1 = vs_program(body, &sh1);
	unsigned sum = 0;
	for (size_t i = 0; i < nops; i++) {
		unsigned n = count_op(c1, ops[i]) - count_op(c0, ops[i]);
		assert_int_equal(n, want[i]);
		sum += n;
	}
	assert_int_equal(sum, total);
	assert_int_equal(count_op(c1, QIR_OP_COUNT) - count_op(c0, QIR_OP_COUNT), total);
	qir_compile_free(c0);
	qir_compile_free(c1);
	ir_shader_free(sh0);
	ir_shader_free(sh1);
}

static const enum qir_op sin_ops[] = { QIR_OP_AND, QIR_OP_OR, QIR_OP_FTOI, QIR_OP_ITOF,
				       QIR_OP_FSUB, QIR_OP_FADD, QIR_OP_FMUL, QIR_OP_SHL,
				       QIR_OP_XOR };

/* One sin is 15 instructions, 9 of them on the ADD unit: h = x / pi,
 * t = (h + 1/2) + 1.5 * 2^23, n = t - 1.5 * 2^23, f = h - n, f's sign
 * flipped by t's low bit (shl, xor), f^2, three Horner steps and the
 * product by f. No ftoi, itof, and or or (17 and 11 until H3). */
static void test_sin_shape(void **state)
{
	(void)state;
	static const unsigned want[] = { 0, 0, 0, 0, 2, 5, 6, 1, 1 };
	assert_shape("%x = extract %a, 0\n%s = sin %x\n%r = vec4 %s\nstore @r, %r\n", sin_ops,
		     want, sizeof(want) / sizeof(want[0]), 15);
}

/* One cos is 15 instructions, 9 on the ADD unit: h = x / pi, t = h +
 * 1.5 * 2^23, d = h - (t - 1.5 * 2^23), 1/2 - d, and sin's sign flip and
 * polynomial (18 and 12 until H3: h + 1/2 and sin's rounding). */
static void test_cos_shape(void **state)
{
	(void)state;
	static const unsigned want[] = { 0, 0, 0, 0, 3, 4, 6, 1, 1 };
	assert_shape("%x = extract %a, 0\n%s = cos %x\n%r = vec4 %s\nstore @r, %r\n", sin_ops,
		     want, sizeof(want) / sizeof(want[0]), 15);
}

static void differential(const char *body, float in[][4], int n, double tol);

/* 16 lanes of one ADD op with the QPU's arithmetic (sim_alu.h). */
static void alu16(enum qpu_op_add op, const uint32_t *a, const uint32_t *b, uint32_t *r)
{
	struct sim_fpu_env env;
	sim_fpu_enter(&env);
	sim_alu_add(op, a, b, r, NULL);
	sim_fpu_leave(&env);
}

static void splat(uint32_t *v, uint32_t x)
{
	for (int i = 0; i < 16; i++)
		v[i] = x;
}

/* sin's and cos's reductions (lower_math.c) with the QPU's arithmetic,
 * over 2^20 values of h: steps of 1/4096 through [-64, 64] and random
 * floats with |h| < 2^22. sin: t = (h + 1/2) + M, n = t - M must be an
 * integer with h - n exact (checked in double) and within [-1/2, 1/2]
 * (beyond by a rounding of h + 1/2 at most: 2^-24 |n|), t's low bit n's
 * parity. cos: t = h + M, n = t - M = floor(h) exactly, d = h - n in
 * [0, 1) within 2^-24 of the exact difference, t's low bit n's parity. */
static void test_sin_reduction(void **state)
{
	(void)state;
	uint32_t half[16], magic[16];
	splat(half, 0x3f000000u), splat(magic, 0x4b400000u);
	uint32_t seed = 1;
	for (int base = 0; base < (1 << 20); base += 16) {
		uint32_t h[16], s[16], t[16], n[16], f[16], tc[16], nc[16], d[16];
		for (int i = 0; i < 16; i++) {
			float x = (float)(base + i - (1 << 19)) / 4096.0f;
			seed = seed * 1103515245u + 12345u;
			if ((base >> 4) & 1)   /* random exponents 2^-27 .. 2^21 */
				h[i] = (seed & 0x807fffffu) | ((100u + (seed >> 24) % 49u) << 23);
			else
				memcpy(&h[i], &x, 4);
		}
		alu16(QPU_A_FADD, h, half, s);            /* sin */
		alu16(QPU_A_FADD, s, magic, t);
		alu16(QPU_A_FSUB, t, magic, n);
		alu16(QPU_A_FSUB, h, n, f);
		alu16(QPU_A_FADD, h, magic, tc);          /* cos */
		alu16(QPU_A_FSUB, tc, magic, nc);
		alu16(QPU_A_FSUB, h, nc, d);
		for (int i = 0; i < 16; i++) {
			float hv, nv, fv, ncv, dv;
			memcpy(&hv, &h[i], 4), memcpy(&nv, &n[i], 4), memcpy(&fv, &f[i], 4);
			memcpy(&ncv, &nc[i], 4), memcpy(&dv, &d[i], 4);
			double slack = ldexp(fabs(nv), -24);
			if (nv != floorf(nv) || (double)hv - nv != fv || fabs(fv) > 0.5 + slack ||
			    ((t[i] ^ (uint32_t)(int32_t)nv) & 1))
				fail_msg("sin h %08x: n %08x f %08x t %08x", h[i], n[i], f[i], t[i]);
			double exact = (double)hv - floor(hv);
			if (ncv != floor(hv) || dv < 0 || dv >= 1 || fabs(dv - exact) > 0x1p-24 ||
			    ((tc[i] ^ (uint32_t)(int32_t)ncv) & 1))
				fail_msg("cos h %08x: n %08x d %08x t %08x", h[i], nc[i], d[i], tc[i]);
		}
	}
}

/* d / length(d) multiplies by the refined 1/sqrt that length's root was
 * made from: one RSQ in all, where a division took an RCP; within 2e-6 of the interpreter's d / sqrt(d.d). */
static void test_div_by_root(void **state)
{
	(void)state;
	static const char body[] =
		"%v = swizzle %a, xyz\n%len = length %v\n%ls = vec3 %len\n%d = div %v, %ls\n"
		"%r = vec4 %d, %len\nstore @r, %r\n";
	struct ir_shader *sh;
	struct qir_compile *c = vs_program(body, &sh);
	assert_int_equal(count_op(c, QIR_OP_RSQ), 1);
	assert_int_equal(count_op(c, QIR_OP_RCP), 1);   /* the VS's 1/Wc; the root is x rsq(x) */
	qir_compile_free(c);
	ir_shader_free(sh);
	static float in[][4] = {
		{ 1, 2, 3, 1 }, { -4, 0.5f, 2, 1 }, { 1e-3f, 2e-3f, -5e-4f, 1 },
		{ 300, -200, 100, 1 }, { 0.25f, 0, 0, 1 }, { -7, -7, 7, 1 },
	};
	differential(body, in, 6, 2e-6);
}

/* sqrt(x) is x * rsq(x) with the rsq's refinement applied to the
 * product (lower_sqrt): one RSQ and no RCP; s = x r, r / 2, e = s (r / 2),
 * 1.5 - e, s (1.5 - e), and r (1.5 - e) for a division by the root (dead
 * here, DCE's). Exact at 0 (0 * inf = 0 on the QPU), else within 3.5 ulp
 * of libm's (test_compile_accuracy.c measures it on the simulator). */
static void test_sqrt_shape(void **state)
{
	(void)state;
	static const enum qir_op ops[] = { QIR_OP_RSQ, QIR_OP_RCP, QIR_OP_FMUL, QIR_OP_FSUB };
	static const unsigned want[] = { 1, 0, 5, 1 };
	static const char body[] = "%x = extract %a, 0\n%s = sqrt %x\n%r = vec4 %s\n"
				   "store @r, %r\n";
	struct ir_shader *sh0, *sh1;
	struct qir_compile *c0 = vs_program("%x = extract %a, 0\n%r = vec4 %x\nstore @r, %r\n",
					    &sh0);
	struct qir_compile *c1 = vs_program(body, &sh1);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		assert_int_equal(count_op(c1, ops[i]) - count_op(c0, ops[i]), want[i]);
	qir_compile_free(c0);
	qir_compile_free(c1);
	ir_shader_free(sh0);
	ir_shader_free(sh1);
	static float in[][4] = {
		{ 0, 0, 0, 1 }, { 1, 0, 0, 1 }, { 2, 0, 0, 1 }, { 0.01f, 0, 0, 1 },
		{ 1e-30f, 0, 0, 1 }, { 3e38f, 0, 0, 1 }, { 12345.678f, 0, 0, 1 }, { 0.75f, 0, 0, 1 },
	};
	differential(body, in, 8, 4.2e-7);
}

/* smoothstep with constant edges multiplies by 1/(e1 - e0) rounded on the
 * host (lower_edge_rcp: no RCP), with variable edges by the SFU's RCP;
 * within 2e-6 and 1e-4 of the interpreter (t = 1 at x = e1 either way). */
static void test_smoothstep_const_edges(void **state)
{
	(void)state;
	static const char konst[] = "%x = extract %a, 0\n%e0 = const float 0.8\n"
				    "%e1 = const float 0.25\n%s = smoothstep %e0, %e1, %x\n"
				    "%r = vec4 %s\nstore @r, %r\n";
	static const char var[] = "%x = extract %a, 0\n%e0 = extract %a, 1\n"
				  "%e1 = extract %a, 2\n%s = smoothstep %e0, %e1, %x\n"
				  "%r = vec4 %s\nstore @r, %r\n";
	struct ir_shader *sh0, *sh1;
	struct qir_compile *c0 = vs_program(konst, &sh0), *c1 = vs_program(var, &sh1);
	assert_int_equal(count_op(c0, QIR_OP_RCP), 1);   /* the VS's 1/Wc alone */
	assert_int_equal(count_op(c1, QIR_OP_RCP), 2);
	qir_compile_free(c0);
	qir_compile_free(c1);
	ir_shader_free(sh0);
	ir_shader_free(sh1);
	static float in[][4] = {
		{ 0.25f, 0.8f, 0.25f, 1 }, { 0.8f, 0.8f, 0.25f, 1 }, { 0.5f, 0.8f, 0.25f, 1 },
		{ 0.3f, 0.8f, 0.25f, 1 }, { 0.7f, 0.8f, 0.25f, 1 }, { 1.0f, 0.8f, 0.25f, 1 },
	};
	differential(konst, in, 6, 2e-6);
	differential(var, in, 6, 1e-4);   /* the SFU estimate: about 15 good bits */
}

/* Runs `body` (result in @r) on the lowering and on the IR interpreter for
 * every input vector and compares bit for bit (or within tol, relative). */
static void differential(const char *body, float in[][4], int n, double tol)
{
	struct ir_shader *sh;
	struct qir_compile *c = vs_program(body, &sh);
	uint32_t a = ir_shader_find_decl(sh, "a"), r = ir_shader_find_decl(sh, "r");
	for (int base = 0; base < n; base += 16) {
		float lane_in[16][4] = { { 0 } }, out[16][4];
		for (int i = 0; i < 16 && base + i < n; i++)
			memcpy(lane_in[i], in[base + i], sizeof(lane_in[i]));
		vs_run(c, lane_in, out);
		for (int i = 0; i < 16 && base + i < n; i++) {
			struct ir_slot_value *slots = ir_interp_slots(sh);
			struct ir_interp_io io = { .slots = slots };
			for (int k = 0; k < 4; k++)
				slots[a].c[k].f = lane_in[i][k];
			assert_true(ir_interpret(sh, &io, NULL));
			for (int k = 0; k < 4; k++) {
				float want = slots[r].c[k].f, got = out[i][k];
				bool same = lt_fbits(want) == lt_fbits(got) ||
					    fabs(want - got) <= tol * fabs(want);
				if (!same)
					fail_msg("%s\ninput (%a %a %a %a) comp %d: got %a want %a", body,
						 lane_in[i][0], lane_in[i][1], lane_in[i][2],
						 lane_in[i][3], k, got, want);
			}
			free(slots);
		}
	}
	qir_compile_free(c);
	ir_shader_free(sh);
}

static float edge_values[][4] = {
	{ 0.5f, -0.5f, 1.5f, -1.5f }, { 2.0f, -2.0f, 0.0f, 1e-3f },
	{ 8388607.5f, -8388607.5f, 8388608.0f, -8388609.0f }, { 1e10f, -1e10f, 3e38f, -3e38f },
	{ 0.999999f, -0.999999f, 123456.7f, -123456.7f }, { 0.25f, 4.0f, 16777216.0f, 1.0f },
	{ -0.0f, -0.25f, -0.0f, 0.75f },  /* floor(-0) must not become -1 */
	/* fract() skips these last three: fract(±inf) is NaN in C, -inf/0 here */
	{ 2147483520.0f, -2147483648.0f, 1e-30f, -1e-30f }, { INFINITY, -INFINITY, 7.0f, -7.0f },
	{ 1e30f, -1e30f, 5e9f, -5e9f },
};

static void test_round_ops(void **state)
{
	(void)state;
	int n = sizeof(edge_values) / sizeof(edge_values[0]);
	differential("%r = floor %a\nstore @r, %r\n", edge_values, n, 0);
	differential("%r = ceil %a\nstore @r, %r\n", edge_values, n, 0);
	differential("%r = sign %a\nstore @r, %r\n", edge_values, n, 0);
	/* fract of huge values is 0 on both sides; small ones may differ by the
	 * truncating fadd */
	differential("%r = fract %a\nstore @r, %r\n", edge_values, n - 3, 1e-6);
	differential("%r = neg %a\nstore @r, %r\n", edge_values, n, 0);
	differential("%r = abs %a\nstore @r, %r\n", edge_values, n, 0);
	/* sign bit known clear (lower_range.c): floor without its correction */
	differential("%b = abs %a\n%r = floor %b\nstore @r, %r\n", edge_values, n, 0);
	differential("%z = const vec4 0, 0, 0, 0\n%b = max %a, %z\n%r = floor %b\n"
		     "store @r, %r\n", edge_values, n, 0);
	differential("%b = abs %a\n%r = fract %b\nstore @r, %r\n", edge_values, n - 3, 1e-6);
	differential("%b = abs %a\n%k = const vec4 4, 4, 4, 4\n%d = div %b, %k\n"
		     "%r = floor %d\nstore @r, %r\n", edge_values, n, 0);
}

static void test_compare_select(void **state)
{
	(void)state;
	static float v[][4] = {
		{ 1, 2, 3, 4 }, { 2, 1, 3, 3 }, { -1, -1, 5, -5 }, { 1e-3f, 2e-3f, 0, 0 },
		{ 100, -100, 7, 7 }, { -0.5f, 0.5f, 1, 2 },
	};
	int n = sizeof(v) / sizeof(v[0]);
	const char *ops[] = { "flt", "fle", "fgt", "fge", "feq", "fne" };
	for (int i = 0; i < 6; i++) {
		char body[512];
		snprintf(body, sizeof(body), "%%x = swizzle %%a, xzxz\n%%y = swizzle %%a, ywyw\n"
			 "%%b = %s %%x, %%y\n%%r = b2f %%b\nstore @r, %%r\n", ops[i]);
		differential(body, v, n, 0);
	}
	differential("%x = swizzle %a, xzxz\n%y = swizzle %a, ywyw\n%b = flt %x, %y\n"
		     "%r = select %b, %x, %y\nstore @r, %r\n", v, n, 0);
	differential("%z = const vec4 0.25, 0.5, 0.75, 1\n%r = step %z, %a\nstore @r, %r\n",
		     v, n, 0);
}

static void test_integer_ops(void **state)
{
	(void)state;
	static float v[][4] = {
		{ 3, 5, -7, 11 }, { 4095, 4097, -65537, 16777215 }, { -1, -1, 0, 1 },
		{ 1234567, -7654321, 2, -3 }, { 16777216, 3, -16777216, 5 },
	};
	int n = sizeof(v) / sizeof(v[0]);
	const char *ops[] = { "imul", "iadd", "isub", "imin", "imax" };
	for (int i = 0; i < 5; i++) {
		char body[512];
		snprintf(body, sizeof(body), "%%i = f2i %%a\n%%j = swizzle %%i, yxwz\n"
			 "%%p = %s %%i, %%j\n%%s = const ivec4 255, 255, 255, 255\n"
			 "%%q = and %%p, %%s\n%%r = i2f %%q\nstore @r, %%r\n", ops[i]);
		differential(body, v, n, 0);
	}
	const char *cmps[] = { "ilt", "ile", "igt", "ige", "ieq", "ine" };
	for (int i = 0; i < 6; i++) {
		char body[512];
		snprintf(body, sizeof(body), "%%i = f2i %%a\n%%j = swizzle %%i, yxwz\n"
			 "%%b = %s %%i, %%j\n%%r = b2f %%b\nstore @r, %%r\n", cmps[i]);
		differential(body, v, n, 0);
	}
}

/* Runs golden/<name>.ir per lane with uv.x = lane value and compares the
 * packed colour with the IR interpreter's colour (packed the same way). */
static void run_fs_against_interp(const char *name)
{
	char rel[128];
	snprintf(rel, sizeof(rel), "golden/%s.ir", name);
	char *text = lt_read(rel);
	assert_non_null(text);
	struct ir_shader *sh = lt_parse(text, rel);
	free(text);
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_FRAGMENT);
	uint64_t steps = lt_run_uv_against_interp(sh, c, 0);
	printf("# %s: 16 divergent lanes match the interpreter (%llu steps)\n", name,
	       (unsigned long long)steps);
	qir_compile_free(c);
	ir_shader_free(sh);
}

static void test_control_flow(void **state)
{
	(void)state;
	run_fs_against_interp("fs_if_else");
	run_fs_against_interp("fs_loop_break");
	run_fs_against_interp("fs_loop_exit");
}

/* ---- kernel-relevant properties ----------------------------------------- */

static struct qir_compile *lower_golden_fs(const char *name, struct ir_shader **sh)
{
	char rel[128];
	snprintf(rel, sizeof(rel), "golden/%s.ir", name);
	char *text = lt_read(rel);
	assert_non_null(text);
	*sh = lt_parse(text, rel);
	free(text);
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_FRAGMENT);
	return lt_lower(*sh, NULL, &key, QIR_STAGE_FRAGMENT);
}

/* The TMU writes of a lookup carry P0, P1, ... in write order. */
static void test_texture_uniforms(void **state)
{
	(void)state;
	static const struct { const char *name; int n; } cases[] = {
		{ "fs_tex_color", 2 }, { "doc_cube", 4 }, { "doc_tex_discard", 2 },
	};
	for (size_t t = 0; t < 3; t++) {
		struct ir_shader *sh;
		struct qir_compile *c = lower_golden_fs(cases[t].name, &sh);
		struct qir_uniform_stream s = { 0 };
		assert_true(qir_uniform_stream(c, &s));
		int k = 0;
		for (size_t i = 0; i < s.entries.len; i++) {
			uint32_t kind = s.entries.data[i].kind;
			if (kind >= QIR_UNIFORM_TEX_P0 && kind <= QIR_UNIFORM_TEX_P3) {
				assert_int_equal(kind, QIR_UNIFORM_TEX_P0 + k);
				assert_int_equal(s.entries.data[i].data, 0);
				k++;
			}
		}
		assert_int_equal(k, cases[t].n);
		qir_uniform_stream_free(&s);
		qir_compile_free(c);
		ir_shader_free(sh);
	}
}

/* After the reset pass every non-entry block that reads uniforms starts with
 * LOAD_IMM (n+1)*4 + UNIFORMS_RESET, n counted in program order; the
 * program still runs the same. */
static void test_uniform_resets(void **state)
{
	(void)state;
	struct ir_shader *sh;
	struct qir_compile *c = lower_golden_fs("fs_loop_break", &sh);
	struct vc4_diag d = { 0 };
	assert_true(qir_lower_uniform_resets(c, &d));
	assert_true(qir_validate(c, &d));
	uint32_t count = 0, resets = 0;
	for (size_t k = 0; k < c->blocks.len; k++) {
		const struct qir_block *b = c->blocks.data[k];
		const struct qir_inst *i = b->first;
		if (k > 0 && i && i->op == QIR_OP_LOAD_IMM) {
			assert_non_null(i->next);
			assert_int_equal(i->next->op, QIR_OP_UNIFORMS_RESET);
			assert_int_equal(i->src[0].index, (count + 1) * 4);
			assert_true(qir_reg_equal(i->next->src[0], i->dst));
			assert_int_equal(c->uniforms.data[i->next->src[1].index].kind,
					 QIR_UNIFORM_UNIFORMS_ADDRESS);
			resets++;
		} else if (k > 0) {
			for (; i; i = i->next)
				assert_false(qir_inst_reads_uniform(i, NULL));
		}
		for (i = b->first; i; i = i->next)
			count += qir_inst_reads_uniform(i, NULL);
	}
	assert_int_equal(resets, c->blocks.len - 1);
	qir_compile_free(c);
	ir_shader_free(sh);
	run_fs_against_interp("fs_loop_break");
}

/* ---- vertex I/O ---------------------------------------------------------- */

static struct ir_shader *golden_ir(const char *name)
{
	char rel[128];
	snprintf(rel, sizeof(rel), "golden/%s.ir", name);
	char *text = lt_read(rel);
	assert_non_null(text);
	struct ir_shader *sh = lt_parse(text, rel);
	free(text);
	return sh;
}

/* VS and CS of vs_mvp_color with an identity matrix: the screen-space words
 * (XsYs packed 16:16, Zs, 1/Wc), clip coordinates and the varying. */
static void test_vs_outputs(void **state)
{
	(void)state;
	struct ir_shader *sh = golden_ir("vs_mvp_color");
	struct qir_shader_key key;
	qir_shader_key_init(&key, QIR_STAGE_VERTEX);
	for (int stage = QIR_STAGE_VERTEX; stage <= QIR_STAGE_COORD; stage++) {
		struct qir_compile *c = lt_lower(sh, NULL, &key, (enum qir_stage)stage);
		static struct qeval e;
		memset(&e, 0, sizeof(e));
		char err[256];
		e.host_rounding = true;
		for (int k = 0; k < 4; k++)
			e.user[5 * k] = lt_fbits(1.0f);  /* identity mat4 */
		e.vp[0] = lt_fbits(160.0f), e.vp[1] = lt_fbits(-120.0f);
		e.vp[2] = lt_fbits(0.5f), e.vp[3] = lt_fbits(0.5f);
		for (int i = 0; i < 16; i++) {
			float p[4] = { (float)i / 8 - 1, 0.25f * (float)(i % 5) - 0.5f, 0.125f * i, 2 };
			for (int k = 0; k < 4; k++) {
				e.vpm_in[k][i] = lt_fbits(p[k]);
				e.vpm_in[4 + k][i] = lt_fbits((float)(i + k));
			}
		}
		if (!qeval_run(c, &e, 10000, err))
			fail_msg("%s", err);
		bool cs = stage == QIR_STAGE_COORD;
		assert_int_equal(e.nvpm_out, cs ? 7 : 7);
		for (int i = 0; i < 16; i++) {
			float x = lt_bitsf(e.vpm_in[0][i]), y = lt_bitsf(e.vpm_in[1][i]);
			float z = lt_bitsf(e.vpm_in[2][i]), w = lt_bitsf(e.vpm_in[3][i]), rw = 1.0f / w;
			uint32_t xy = ((uint32_t)(int32_t)(x * rw * 160.0f) & 0xffff) |
				      (uint32_t)(int32_t)(y * rw * -120.0f) << 16;
			unsigned base = cs ? 4 : 0;
			assert_int_equal(e.vpm_out[base][i], xy);
			assert_int_equal(e.vpm_out[base + 1][i], lt_fbits(z * rw * 0.5f + 0.5f));
			assert_int_equal(e.vpm_out[base + 2][i], lt_fbits(rw));
			for (int k = 0; k < 4; k++)
				assert_int_equal(e.vpm_out[cs ? k : 3 + k][i],
						 cs ? e.vpm_in[k][i] : e.vpm_in[4 + k][i]);
		}
		qir_compile_free(c);
	}
	ir_shader_free(sh);
}

/* Attribute formats: the second attribute's VPM words converted per key. */
static void test_attr_formats(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse("vertex\nattribute vec4 @p\nattribute vec4 @a\n"
					"varying smooth vec4 @r\noutput position\n%p = load @p\n"
					"store @position, %p\n%a = load @a\nstore @r, %a\n", "f.ir");
	static const struct { enum qir_attr_format f; uint32_t w0, w1; float want[4]; } cases[] = {
		{ QIR_ATTR_UNORM8, 0x80ff3300u, 0, { 0.0f, 51 / 255.0f, 1.0f, 128 / 255.0f } },
		{ QIR_ATTR_UINT8, 0x80ff3300u, 0, { 0, 51, 255, 128 } },
		{ QIR_ATTR_SINT16, 0x8000fffeu, 0x00077fffu, { -2, -32768, 32767, 7 } },
		{ QIR_ATTR_SNORM16, 0x8000fffeu, 0x00007fffu, { -2 / 32767.0f, -1, 1, 0 } },
	};
	for (size_t t = 0; t < sizeof(cases) / sizeof(cases[0]); t++) {
		struct qir_shader_key key;
		qir_shader_key_init(&key, QIR_STAGE_VERTEX);
		key.attr_format[1] = (uint8_t)cases[t].f;
		struct qir_compile *c = lt_lower(sh, NULL, &key, QIR_STAGE_VERTEX);
		static struct qeval e;
		memset(&e, 0, sizeof(e));
		char err[256];
		e.host_rounding = true;
		for (int i = 0; i < 16; i++) {
			e.vpm_in[3][i] = lt_fbits(1.0f);
			e.vpm_in[4][i] = cases[t].w0;
			e.vpm_in[5][i] = cases[t].w1;
		}
		if (!qeval_run(c, &e, 10000, err))
			fail_msg("%s", err);
		assert_int_equal(c->num_vpm_reads,
				 4 + (qir_attr_formats[cases[t].f].bytes_per_comp == 2 ? 2 : 1));
		for (int k = 0; k < 4; k++) {
			float got = lt_bitsf(e.vpm_out[3 + k][0]);
			if (fabsf(got - cases[t].want[k]) > 1e-6f)
				fail_msg("%s comp %d: %a != %a", qir_attr_formats[cases[t].f].name, k,
					 got, cases[t].want[k]);
		}
		qir_compile_free(c);
	}
	ir_shader_free(sh);
}

/* Smooth varyings are multiplied by W, flat ones are not; two-sided colour
 * picks the back varying on back faces (which the shader must load, for it
 * to be in the FIFO); point_coord reads the first two varyings when drawing
 * points; frag_coord and front_facing. */
static void test_fs_inputs(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse(
		"fragment\nvarying smooth float @a\nvarying flat float @b\n"
		"varying smooth float @back\noutput color\noutput depth\n"
		"%a = load @a\n%b = load @b\n%bk = load @back\n%pc = point_coord\n"
		"%x = extract %pc, 0\n"
		"%ff = front_facing\n%one = const float 1\n%zero = const float 0\n"
		"%f = select %ff, %one, %zero\n%c = vec4 %a, %b, %x, %f\nstore @color, %c\n"
		"%fc = frag_coord\n%fx = extract %fc, 0\nstore @depth, %fx\n", "in.ir");
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.is_points = true;
	k.back_varying[0] = 3;  /* @a is backed by @back */
	k.depth_enabled = true;
	struct qir_compile *c = lt_lower(sh, NULL, &k, QIR_STAGE_FRAGMENT);
	assert_int_equal(c->num_varyings, 5);
	static struct qeval e;
	memset(&e, 0, sizeof(e));
	char err[256];
	e.host_rounding = true;
	for (int i = 0; i < 16; i++) {
		e.frag_w[i] = lt_fbits(2.0f);
		e.vary[0][i] = lt_fbits(0.25f);  /* point s (times W: 0.5) */
		e.vary[2][i] = lt_fbits(0.125f); /* @a: 0.25 */
		e.vary[3][i] = lt_fbits(0.75f);  /* @b flat: 0.75 */
		e.vary[4][i] = lt_fbits(0.375f); /* @back: 0.75 */
		e.rev_flag[i] = (uint32_t)(i & 1);
		e.frag_x[i] = (uint32_t)i;
	}
	if (!qeval_run(c, &e, 10000, err))
		fail_msg("%s", err);
	for (int i = 0; i < 16; i++) {
		uint32_t a = i & 1 ? 0xbf : 0x40, f = i & 1 ? 0 : 0xff;
		assert_int_equal(e.tlb_color[i], a | 0xbfu << 8 | 0x80u << 16 | f << 24);
		assert_int_equal(e.tlb_z[i], (uint32_t)(int32_t)(((float)i + 0.5f) * 16777215.0f));
	}
	qir_compile_free(c);
	ir_shader_free(sh);
}

/* The generated varyings come first: a line's coordinate (slot 0) is
 * skipped; a point's (s, t) are slots 0 and 1, point_coord flips t (the
 * hardware's 0 is the bottom, GL's the top). */
static void test_generated_varyings(void **state)
{
	(void)state;
	struct ir_shader *sh = lt_parse(
		"fragment\nvarying smooth vec2 @v\noutput color\n%v = load @v\n"
		"%pc = point_coord\n%s = extract %pc, 0\n%t = extract %pc, 1\n"
		"%v0 = extract %v, 0\n%v1 = extract %v, 1\n%c = vec4 %s, %t, %v0, %v1\n"
		"store @color, %c\n", "in.ir");
	for (int lines = 0; lines < 2; lines++) {
		struct qir_shader_key k;
		qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
		k.is_points = !lines;
		k.is_lines = lines;
		struct qir_compile *c = lt_lower(sh, NULL, &k, QIR_STAGE_FRAGMENT);
		assert_int_equal(c->num_varyings, lines ? 3 : 4);
		static struct qeval e;
		memset(&e, 0, sizeof(e));
		char err[256];
		uint32_t g = lines ? 1 : 2;
		for (int i = 0; i < 16; i++) {
			e.frag_w[i] = lt_fbits(1.0f);
			e.vary[0][i] = lt_fbits(0.25f);   /* point s / line coordinate */
			e.vary[1][i] = lt_fbits(0.75f);   /* point t (hardware: from the bottom) */
			e.vary[g][i] = lt_fbits(0.5f);    /* @v */
			e.vary[g + 1][i] = lt_fbits(1.0f);
		}
		if (!qeval_run(c, &e, 10000, err))
			fail_msg("%s", err);
		/* points: (0.25, 1 - 0.75, 0.5, 1); lines: point_coord is (0, 0) */
		uint32_t want = lines ? 0xff800000u : 0xff804040u;
		for (int i = 0; i < 16; i++)
			assert_int_equal(e.tlb_color[i], want);
		qir_compile_free(c);
	}
	ir_shader_free(sh);
}

static uint32_t tex_checker(void *user, const struct qeval_tex_request *r)
{
	(void)user;
	return (r->s < 0.5f ? 0x000000ffu : 0x0000ff00u) | (r->t < 0.5f ? 0x00ff0000u : 0) |
	       0x80000000u;
}

/* fs_tex_color: the texel (from the TMU's 2D coordinates s = u, t = v)
 * times the colour; doc_tex_discard: discarded lanes write neither colour
 * nor Z. */
static void test_texture_discard(void **state)
{
	(void)state;
	struct ir_shader *sh = golden_ir("doc_tex_discard");
	struct qir_shader_key k;
	qir_shader_key_init(&k, QIR_STAGE_FRAGMENT);
	k.depth_enabled = true;
	k.threaded = true;
	struct qir_compile *c = lt_lower(sh, NULL, &k, QIR_STAGE_FRAGMENT);
	static struct qeval e;
	memset(&e, 0, sizeof(e));
	char err[256];
	e.tex = tex_checker;
	for (int i = 0; i < 16; i++) {
		e.frag_w[i] = lt_fbits(1.0f);
		e.frag_z[i] = 0x123456u + (uint32_t)i;
		e.vary[0][i] = lt_fbits(i & 1 ? 0.75f : 0.25f);
		e.vary[1][i] = lt_fbits(i & 2 ? 0.75f : 0.25f);
	}
	for (int i = 0; i < 4; i++)
		e.user[i] = lt_fbits(1.0f);
	e.user[3] = lt_fbits(0.2f);  /* tint alpha: 0x80/255 * 0.2 > 0.0625: kept */
	if (!qeval_run(c, &e, 10000, err))
		fail_msg("%s", err);
	for (int i = 0; i < 16; i++) {
		assert_true(e.color_written[i] && e.z_written[i]);
		assert_int_equal(e.tlb_z[i], 0x123456u + (uint32_t)i);
		uint32_t want = (i & 1 ? 0x0000ff00u : 0x000000ffu) | (i & 2 ? 0 : 0x00ff0000u);
		assert_int_equal(e.tlb_color[i] & 0x00ffffffu, want);
	}
	e.user[3] = lt_fbits(0.1f);  /* 0x80/255 * 0.1 < 0.0625: every lane discards */
	memset(e.color_written, 0, sizeof(e.color_written));
	memset(e.z_written, 0, sizeof(e.z_written));
	if (!qeval_run(c, &e, 10000, err))
		fail_msg("%s", err);
	for (int i = 0; i < 16; i++)
		assert_false(e.color_written[i] || e.z_written[i]);
	qir_compile_free(c);
	ir_shader_free(sh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sin_cos_error),
		cmocka_unit_test(test_sin_relative_error),
		cmocka_unit_test(test_sin_shape),
		cmocka_unit_test(test_cos_shape),
		cmocka_unit_test(test_sin_reduction),
		cmocka_unit_test(test_div_by_root),
		cmocka_unit_test(test_sqrt_shape),
		cmocka_unit_test(test_smoothstep_const_edges),
		cmocka_unit_test(test_round_ops),
		cmocka_unit_test(test_compare_select),
		cmocka_unit_test(test_integer_ops),
		cmocka_unit_test(test_control_flow),
		cmocka_unit_test(test_texture_uniforms),
		cmocka_unit_test(test_uniform_resets),
		cmocka_unit_test(test_vs_outputs),
		cmocka_unit_test(test_attr_formats),
		cmocka_unit_test(test_fs_inputs),
		cmocka_unit_test(test_generated_varyings),
		cmocka_unit_test(test_texture_discard),
	};
	return cmocka_run_group_tests_name("qir_lower_exec", tests, NULL, NULL);
}
