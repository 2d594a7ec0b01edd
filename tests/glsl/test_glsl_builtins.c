/* test_glsl_builtins.c: every built-in function of GLSL ES 1.00 chapter 8
 * compiled to IR and run by ir_interpret() on a sweep of inputs, compared
 * with C (libm) — the polynomial asin/acos/atan within 2e-6 rad (well
 * inside highp's 2^-16 relative), the others within 1e-5 relative — plus
 * the vector relational functions, matrixCompMult and texture lookups
 * through the interpreter's sampler callback. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

typedef float (*fn1)(float);
typedef float (*fn2)(float, float);

/* Runs "gl_FragColor = EXPR" with uniform vec4 a, b, c set to the inputs. */
static void run(const char *expr, const float *a, const float *b, const float *c, float out[4])
{
	char src[1024];
	snprintf(src, sizeof(src), "precision highp float;\nuniform vec4 a, b, c;\n"
		 "void main() { gl_FragColor = %s; }", expr);
	struct gt_run r;
	gt_begin(&r, src, GLSL_FRAGMENT);
	if (strstr(src, "a"))
		gt_setf(&r, "a", a, 4);
	if (b && strstr(expr, "b"))
		gt_setf(&r, "b", b, 4);
	if (c && strstr(expr, "c"))
		gt_setf(&r, "c", c, 4);
	gt_exec(&r);
	for (int i = 0; i < 4; i++)
		out[i] = gt_output(&r, IR_OUT_COLOR)[i].f;
	gt_end(&r);
}

static void close_to(const char *what, float x, float got, float want, float abs_tol,
		     float rel_tol)
{
	float err = fabsf(got - want);
	if (!(err <= abs_tol || err <= rel_tol * fabsf(want)))
		fail_msg("%s(%.9g) = %.9g, want %.9g (error %g)", what, (double)x, (double)got,
			 (double)want, (double)err);
}

/* name(a) against f over [lo, hi] in n steps (4 per run). */
static void sweep1(const char *name, fn1 f, float lo, float hi, int n, float abs_tol, float rel_tol)
{
	char expr[64];
	snprintf(expr, sizeof(expr), "%s(a)", name);
	for (int i = 0; i < n; i += 4) {
		float a[4], out[4];
		for (int k = 0; k < 4; k++)
			a[k] = lo + (hi - lo) * (float)(i + k) / (float)(n - 1);
		run(expr, a, NULL, NULL, out);
		for (int k = 0; k < 4; k++)
			close_to(name, a[k], out[k], f(a[k]), abs_tol, rel_tol);
	}
}

static float radians_c(float x) { return x * (float)M_PI / 180.0f; }
static float degrees_c(float x) { return x * 180.0f / (float)M_PI; }
static float inversesqrt_c(float x) { return 1.0f / sqrtf(x); }
static float sign_c(float x) { return x > 0 ? 1.0f : x < 0 ? -1.0f : 0.0f; }
static float fract_c(float x) { return x - floorf(x); }

static void trigonometry(void **state)
{
	(void)state;
	sweep1("radians", radians_c, -720, 720, 64, 1e-6f, 1e-6f);
	sweep1("degrees", degrees_c, -7, 7, 64, 1e-6f, 1e-6f);
	sweep1("sin", sinf, -7, 7, 64, 1e-6f, 1e-6f);
	sweep1("cos", cosf, -7, 7, 64, 1e-6f, 1e-6f);
	sweep1("tan", tanf, -1.5f, 1.5f, 64, 1e-6f, 1e-5f);
	sweep1("asin", asinf, -1, 1, 256, 2e-6f, 0);
	sweep1("acos", acosf, -1, 1, 256, 2e-6f, 0);
	sweep1("atan", atanf, -50, 50, 256, 2e-6f, 0);
	sweep1("atan", atanf, -1.5f, 1.5f, 256, 2e-6f, 0);
}

static void atan2_sweep(void **state)
{
	(void)state;
	for (int i = 0; i < 64; i++) {
		float y[4], x[4], out[4];
		for (int k = 0; k < 4; k++) {
			float t = (float)(i * 4 + k) * 0.0491f;
			y[k] = 3.0f * sinf(t * 2.3f) * (k + 1);
			x[k] = 2.0f * cosf(t * 1.7f);
		}
		run("atan(a, b)", y, x, NULL, out);
		for (int k = 0; k < 4; k++)
			close_to("atan2", y[k] / x[k], out[k], atan2f(y[k], x[k]), 2e-6f, 0);
	}
}

static void exponential(void **state)
{
	(void)state;
	sweep1("exp", expf, -10, 10, 64, 1e-6f, 2e-6f);
	sweep1("log", logf, 0.01f, 1000, 64, 1e-6f, 2e-6f);
	sweep1("exp2", exp2f, -10, 10, 64, 0, 1e-6f);
	sweep1("log2", log2f, 0.01f, 1000, 64, 1e-6f, 1e-6f);
	sweep1("sqrt", sqrtf, 0, 1000, 64, 0, 1e-6f);
	sweep1("inversesqrt", inversesqrt_c, 0.01f, 1000, 64, 0, 1e-6f);
	float out[4];
	run("pow(a, b)", (const float[]){ 2, 3, 0.5f, 10 }, (const float[]){ 3, 0.5f, 2, -1 }, NULL,
	    out);
	close_to("pow", 2, out[0], 8, 0, 1e-6f);
	close_to("pow", 3, out[1], sqrtf(3), 0, 1e-6f);
	close_to("pow", 0.5f, out[2], 0.25f, 0, 1e-6f);
	close_to("pow", 10, out[3], 0.1f, 0, 1e-6f);
}

static void common(void **state)
{
	(void)state;
	sweep1("abs", fabsf, -5, 5, 32, 0, 0);
	sweep1("sign", sign_c, -5, 5, 33, 0, 0);
	sweep1("floor", floorf, -5, 5, 64, 0, 0);
	sweep1("ceil", ceilf, -5, 5, 64, 0, 0);
	sweep1("fract", fract_c, -5, 5, 64, 0, 0);
	const float a[4] = { 5.5f, -5.5f, 0.25f, 7 }, b[4] = { 2, 2, -1, 0.5f };
	float out[4];
	run("mod(a, b)", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("mod", a[k], out[k], a[k] - b[k] * floorf(a[k] / b[k]), 1e-6f, 1e-6f);
	run("vec4(mod(a.x, 2.0), min(a.xy, 1.0), max(a.z, b.z))", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("mod/min/max", 0, out[k], (float[]){ 1.5f, 1, -5.5f, 0.25f }[k], 0, 0);
	run("clamp(a, -1.0, 1.0) + clamp(a, b, b + 1.0)", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("clamp", a[k], out[k], fminf(fmaxf(a[k], -1), 1) +
			 fminf(fmaxf(a[k], b[k]), b[k] + 1), 0, 0);
	run("mix(a, b, 0.25) + mix(a, b, c)", a, b, (const float[]){ 0, 1, 0.5f, 0.75f }, out);
	for (int k = 0; k < 4; k++) {
		float t = (float[]){ 0, 1, 0.5f, 0.75f }[k];
		close_to("mix", a[k], out[k], a[k] * 0.75f + b[k] * 0.25f + a[k] * (1 - t) + b[k] * t,
			 1e-6f, 1e-6f);
	}
	run("step(1.0, a) + step(b, a) * 10.0", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("step", a[k], out[k], (a[k] < 1 ? 0 : 1) + (a[k] < b[k] ? 0 : 10), 0, 0);
	run("smoothstep(0.0, 8.0, a) + smoothstep(b, b + 10.0, a)", a, b, NULL, out);
	for (int k = 0; k < 4; k++) {
		float t = fminf(fmaxf(a[k] / 8, 0), 1), u = fminf(fmaxf((a[k] - b[k]) / 10, 0), 1);
		close_to("smoothstep", a[k], out[k], t * t * (3 - 2 * t) + u * u * (3 - 2 * u), 1e-6f,
			 1e-6f);
	}
}

static void geometric(void **state)
{
	(void)state;
	const float a[4] = { 1, 2, 3, 4 }, b[4] = { -2, 0.5f, 1, 2 };
	float out[4];
	run("vec4(length(a), distance(a, b), dot(a, b), length(a.x - 3.0))", a, b, NULL, out);
	close_to("length", 0, out[0], sqrtf(30), 0, 1e-6f);
	close_to("distance", 0, out[1], sqrtf(9 + 2.25f + 4 + 4), 0, 1e-6f);
	close_to("dot", 0, out[2], -2 + 1 + 3 + 8, 0, 1e-6f);
	close_to("length", 0, out[3], 2, 0, 0);
	run("vec4(cross(a.xyz, b.xyz), normalize(-a.x))", a, b, NULL, out);
	close_to("cross", 0, out[0], 2 * 1 - 3 * 0.5f, 0, 1e-6f);
	close_to("cross", 1, out[1], 3 * -2 - 1 * 1, 0, 1e-6f);
	close_to("cross", 2, out[2], 1 * 0.5f - 2 * -2, 0, 1e-6f);
	close_to("normalize", 0, out[3], -1, 0, 0);
	run("normalize(a) * 10.0", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("normalize", a[k], out[k], a[k] / sqrtf(30) * 10, 0, 1e-6f);
	run("faceforward(a, b, c) + reflect(a, normalize(b))", a, b, (const float[]){ 1, 0, 0, 0 },
	    out);
	float nb = sqrtf(4 + 0.25f + 1 + 4), d = 0;
	for (int k = 0; k < 4; k++)
		d += b[k] / nb * a[k];
	for (int k = 0; k < 4; k++)   /* dot(c, b) = -2 < 0: faceforward gives a */
		close_to("faceforward+reflect", a[k], out[k], a[k] + a[k] - 2 * d * b[k] / nb, 1e-5f,
			 1e-5f);
	const float i[4] = { 0.6f, -0.8f, 0, 0 }, n[4] = { 0, 1, 0, 0 };
	run("refract(a, b, 0.5) + refract(a, b, 2.0) * 100.0", i, n, NULL, out);
	float k = 1 - 0.25f * (1 - 0.64f);
	float want[4] = { 0.5f * 0.6f, 0.5f * -0.8f - (0.5f * -0.8f + sqrtf(k)), 0, 0 };
	for (int c = 0; c < 4; c++)   /* eta 2: total internal reflection, 0 */
		close_to("refract", i[c], out[c], want[c], 1e-6f, 1e-6f);
}

static void relational_and_matrix(void **state)
{
	(void)state;
	const float a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 3, 2, 4 };
	float out[4];
	run("vec4(lessThan(a, b)) + vec4(lessThanEqual(a, b)) * 2.0 + vec4(greaterThan(a, b)) * 4.0"
	    " + vec4(greaterThanEqual(a, b)) * 8.0", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("relational", a[k], out[k], (a[k] < b[k]) + 2 * (a[k] <= b[k]) +
			 4 * (a[k] > b[k]) + 8 * (a[k] >= b[k]), 0, 0);
	run("vec4(equal(ivec4(a), ivec4(b))) + vec4(notEqual(a, b)) * 2.0 + "
	    "vec4(equal(bvec4(a - b), bvec4(true))) * 4.0", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("equal", a[k], out[k], (a[k] == b[k]) + 2 * (a[k] != b[k]) +
			 4 * (a[k] != b[k]), 0, 0);
	run("vec4(float(any(lessThan(a, b))), float(all(lessThan(a, b + 1.0))), "
	    "vec2(not(bvec2(true, false))))", a, b, NULL, out);
	for (int k = 0; k < 4; k++)
		close_to("any/all/not", 0, out[k], (float[]){ 1, 0, 0, 1 }[k], 0, 0);
	run("matrixCompMult(mat2(a), mat2(b))[1].xyxy", a, b, NULL, out);
	close_to("matrixCompMult", 0, out[0], 6, 0, 0);
	close_to("matrixCompMult", 0, out[1], 16, 0, 0);
}

/* Texture callback: returns the coordinate and the bias. */
static void sample(void *user, uint32_t sampler, const float *coord, unsigned ncoord,
		   bool has_bias, float bias, float rgba[4])
{
	(void)user;
	rgba[0] = coord[0];
	rgba[1] = coord[1];
	rgba[2] = ncoord == 3 ? coord[2] : (float)sampler;
	rgba[3] = has_bias ? bias : -1.0f;
}

static void texture_run(const char *src, enum glsl_stage st, const float *p, float want[4])
{
	struct gt_run r;
	gt_begin(&r, src, st);
	gt_setf(&r, "p", p, 4);
	r.io.sample = sample;
	gt_exec(&r);
	const union ir_scalar *o = gt_output(&r, st == GLSL_VERTEX ? IR_OUT_POSITION :
					     IR_OUT_COLOR);
	for (int k = 0; k < 4; k++)
		close_to("texture", p[k], o[k].f, want[k], 1e-6f, 1e-6f);
	gt_end(&r);
}

static void textures(void **state)
{
	(void)state;
	const float p[4] = { 0.5f, 0.25f, 2.0f, 4.0f };
	texture_run("precision mediump float; uniform vec4 p; uniform sampler2D s;\n"
		    "void main() { gl_FragColor = texture2D(s, p.xy) + texture2D(s, p.xy, 1.5); }",
		    GLSL_FRAGMENT, p, (float[]){ 1.0f, 0.5f, 1.0f * 2, 0.5f });
	texture_run("precision mediump float; uniform vec4 p; uniform sampler2D s;\n"
		    "void main() { gl_FragColor = texture2DProj(s, p.xyz) + texture2DProj(s, p, 2.0); }",
		    GLSL_FRAGMENT, p, (float[]){ 0.25f + 0.125f, 0.125f + 0.0625f, 2, 1 });
	texture_run("precision mediump float; uniform vec4 p; uniform samplerCube s;\n"
		    "void main() { gl_FragColor = textureCube(s, p.xyz) + textureCube(s, p.xyz, -1.0); }",
		    GLSL_FRAGMENT, p, (float[]){ 1, 0.5f, 4, -2 });
	texture_run("uniform vec4 p; uniform sampler2D s; uniform samplerCube t;\n"
		    "void main() { gl_Position = texture2DLod(s, p.xy, 3.0) + texture2DProjLod(s, p, 1.0)"
		    " + textureCubeLod(t, p.xyz, 2.0); }",
		    GLSL_VERTEX, p, (float[]){ 0.5f + 0.125f + 0.5f, 0.25f + 0.0625f + 0.25f, 1 + 1 + 2,
					      3 + 1 + 2 });
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trigonometry),
		cmocka_unit_test(atan2_sweep),
		cmocka_unit_test(exponential),
		cmocka_unit_test(common),
		cmocka_unit_test(geometric),
		cmocka_unit_test(relational_and_matrix),
		cmocka_unit_test(textures),
	};
	return cmocka_run_group_tests_name("glsl_builtins", tests, NULL, NULL);
}
