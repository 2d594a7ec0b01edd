/* test_glsl_exec.c: GLSL compiled to IR and run by ir_interpret() against
 * values computed in C — operators, swizzles and l-value swizzles,
 * constructors, matrices, structs and arrays (constant and loop-index
 * indexing, reads and writes), loops with break/continue (unrolled and
 * not, general `for` headers), functions with
 * out/inout parameters and early returns, the preprocessor, integer
 * division, gl_FragCoord's y flip and the built-in variables. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "glsl_test.h"

#define FS_HEAD "precision mediump float;\n"

static void expect4(const union ir_scalar *got, float a, float b, float c, float d)
{
	float want[4] = { a, b, c, d };
	for (int i = 0; i < 4; i++)
		if (!(fabsf(got[i].f - want[i]) <= 1e-5f * (1.0f + fabsf(want[i]))))
			fail_msg("component %d: got %.9g, want %.9g", i, (double)got[i].f,
				 (double)want[i]);
}

/* Runs a fragment shader with no inputs; checks gl_FragColor. */
static void frag(const char *body, float a, float b, float c, float d)
{
	struct gt_run r;
	gt_begin(&r, body, GLSL_FRAGMENT);
	gt_exec(&r);
	expect4(gt_output(&r, IR_OUT_COLOR), a, b, c, d);
	gt_end(&r);
}

static void arithmetic(void **state)
{
	(void)state;
	frag(FS_HEAD "void main() { vec2 a = vec2(1.0, 2.0); float s = 3.0;\n"
	     "vec2 b = a * s + s - a / 2.0; gl_FragColor = vec4(b, -b.y, s / 4.0); }",
	     5.5f, 8.0f, -8.0f, 0.75f);
	frag(FS_HEAD "void main() { int i = 7; int j = -7; ivec2 q = ivec2(i / 2, j / 2);\n"
	     "gl_FragColor = vec4(float(q.x), float(q.y), float(i * j), float(100 / 10)); }",
	     3.0f, -3.0f, -49.0f, 10.0f);
	frag(FS_HEAD "void main() { float x = 1.5; x += 1.0; x *= 2.0; x -= 1.0; x /= 2.0;\n"
	     "int k = 0; k++; ++k; int m = k--; gl_FragColor = vec4(x, float(k), float(m), 0.0); }",
	     2.0f, 1.0f, 2.0f, 0.0f);
}

static void swizzles_and_constructors(void **state)
{
	(void)state;
	frag(FS_HEAD "void main() { vec4 v = vec4(1.0, 2.0, 3.0, 4.0);\n"
	     "v.wx = v.xw; v.y = 9.0; vec3 t = v.bgr; v.z = t.s;\n"
	     "gl_FragColor = v; }", 4.0f, 9.0f, 3.0f, 1.0f);
	frag(FS_HEAD "void main() { vec3 a = vec3(2.0); ivec2 i = ivec2(vec2(2.7, -2.7));\n"
	     "bvec2 b = bvec2(0.0, 3.0); float f = float(true);\n"
	     "gl_FragColor = vec4(a.x, float(i.x + i.y * 10), float(b.y) + f, float(int(7.9))); }",
	     2.0f, -18.0f, 2.0f, 7.0f);
	frag(FS_HEAD "void main() { vec4 v = vec4(vec2(1.0, 2.0), 3.0, 4.0).wzyx;\n"
	     "mat2 m = mat2(v); vec4 w = vec4(m[1], vec3(5.0, 6.0, 7.0));\n"
	     "gl_FragColor = vec4(v.x, w.y, w.z, w.w); }", 4.0f, 1.0f, 5.0f, 6.0f);
}

static void matrices(void **state)
{
	(void)state;
	/* column-major: mat2(a, b, c, d) has columns (a, b) and (c, d) */
	frag(FS_HEAD "void main() { mat2 m = mat2(1.0, 2.0, 3.0, 4.0); vec2 v = vec2(5.0, 6.0);\n"
	     "gl_FragColor = vec4(m * v, v * m); }", 23.0f, 34.0f, 17.0f, 39.0f);
	frag(FS_HEAD "void main() { mat2 a = mat2(1.0, 2.0, 3.0, 4.0); mat2 b = mat2(5.0, 6.0, 7.0, 8.0);\n"
	     "mat2 c = a * b; gl_FragColor = vec4(c[0], c[1]); }", 23.0f, 34.0f, 31.0f, 46.0f);
	frag(FS_HEAD "void main() { mat3 m = mat3(2.0); m[2][0] = 1.0; vec3 r = m * vec3(1.0, 2.0, 3.0);\n"
	     "mat3 s = m + m * 2.0 - m; gl_FragColor = vec4(r, s[2][0]); }", 5.0f, 4.0f, 6.0f, 2.0f);
	frag(FS_HEAD "void main() { mat4 m = mat4(1.0); m[3] = vec4(1.0, 2.0, 3.0, 1.0);\n"
	     "gl_FragColor = m * vec4(1.0, 1.0, 1.0, 1.0) - matrixCompMult(m, m)[3]; }",
	     1.0f, -1.0f, -5.0f, 0.0f);
}

static void control_flow(void **state)
{
	(void)state;
	frag(FS_HEAD "void main() { float s = 0.0; float t = 0.0;\n"
	     "for (int i = 0; i < 10; i++) { if (i == 2) continue; if (i == 6) break; s += float(i); }\n"
	     "int j = 0; while (j < 3) { t += 2.0; j++; }\n"
	     "int k = 5; do { k--; if (k == 3) continue; t += 0.5; } while (k > 0);\n"
	     "gl_FragColor = vec4(s, t, float(j), float(k)); }", 13.0f, 8.0f, 3.0f, 0.0f);
	frag(FS_HEAD "void main() { float s = 0.0;\n"
	     "for (float x = 0.5; x <= 2.5; x += 1.0) s += x;\n"
	     "for (int i = 3; i > 0; i -= 1) { for (int j = 0; j < 2; j++) { if (j == 1) break; s += 1.0; } }\n"
	     "bool b = s > 100.0 && (s = 0.0) == 0.0; bool c = s > 1.0 || (s = -1.0) == 0.0;\n"
	     "gl_FragColor = vec4(s, float(b), float(c), s > 5.0 ? 1.0 : 2.0); }",
	     7.5f, 0.0f, 1.0f, 1.0f);
}

/* Runs a fragment shader with uniforms lim (float) and n (int). */
static void frag_u(const char *body, float lim, int32_t n, float a, float b, float c, float d)
{
	struct gt_run r;
	gt_begin(&r, body, GLSL_FRAGMENT);
	gt_setf(&r, "lim", &lim, 1);
	gt_seti(&r, "n", &n, 1);
	gt_exec(&r);
	expect4(gt_output(&r, IR_OUT_COLOR), a, b, c, d);
	gt_end(&r);
}

/* Unrolled loops (known trip count): dynamic indexing by the index, static
 * and run-time break/continue, an inner bound from the outer index, an
 * index declared before the loop; and general loops (any init, condition,
 * step) that stay loops. */
static void loops_unrolled_and_general(void **state)
{
	(void)state;
	frag(FS_HEAD "void main() { float a[4]; a[0] = 1.0; a[1] = 2.0; a[2] = 4.0; a[3] = 8.0;\n"
	     "float s = 0.0; for (int i = 0; i < 4; i++) { if (i == 2) continue; s += a[i] * float(i + 1); }\n"
	     "float t = 0.0; for (int k = 3; k > 0; k--) { if (k == 1) break; t += float(k); }\n"
	     "float m = 0.0; for (int i = 0; i < 3; i++) for (int j = i; j < 3; j++) m += 1.0;\n"
	     "int sum = 0; int i; for (i = 13; 10 <= i; i--) sum += i;\n"
	     "gl_FragColor = vec4(s, t, m, float(sum * 100 + i)); }", 37.0f, 5.0f, 6.0f, 4609.0f);
	const char *dyn = FS_HEAD "uniform float lim; uniform int n;\n"
		"void main() { float u = 0.0; float v = 0.0;\n"
		"for (int k = 0; k < 8; k++) { if (u > lim) break; u += 1.0;\n"
		"  if (u < lim * 0.5) continue; u += 10.0; v = float(k); }\n"
		"gl_FragColor = vec4(u, v, float(n), 0.0); }";
	frag_u(dyn, 12.0f, 0, 16.0f, 5.0f, 0.0f, 0.0f);
	frag_u(dyn, -1.0f, 0, 0.0f, 0.0f, 0.0f, 0.0f);
	frag_u(dyn, 3.0f, 0, 12.0f, 1.0f, 0.0f, 0.0f);
	const char *general = FS_HEAD "uniform float lim; uniform int n;\n"
		"void main() { float s = 0.0; for (int i = 0; i < n; i++) s += 2.0;\n"
		"float s2 = 0.0; for (int j = 0, k = 10; j < k; j++) { s2 += 1.0; j += 2; }\n"
		"float x = 0.0; for (;;) { if (x > lim) break; x += 1.0; }\n"
		"int q = 1; for (q *= 3; q < 100; q = q * q) {}\n"
		"gl_FragColor = vec4(s, s2, x, float(q)); }";
	frag_u(general, 3.0f, 3, 6.0f, 4.0f, 4.0f, 6561.0f);
	frag_u(general, 0.5f, 0, 0.0f, 4.0f, 1.0f, 6561.0f);
	/* returns at the end of if/else branches: no "returned" flag */
	frag_u(FS_HEAD "uniform float lim; uniform int n;\n"
	       "float pick(float x) { if (x > 0.0) return 1.0; else { float y = x * 2.0;\n"
	       "  if (y < -3.0) return y; else return -1.0; } }\n"
	       "void main() { gl_FragColor = vec4(pick(lim), pick(-lim * 0.5), pick(-lim * 2.0),\n"
	       "  float(n)); }", 2.0f, 3, 1.0f, -1.0f, -8.0f, 3.0f);
}

/* Loops of the IR shader compiled from src. */
static unsigned ir_loops(const char *src)
{
	struct glsl_shader *sh = gt_compile(src, GLSL_FRAGMENT);
	unsigned n = 0;
	for (uint32_t i = 0; i < sh->ir->instrs.len; i++)
		n += sh->ir->instrs.data[i].op == IR_OP_LOOP;
	glsl_shader_free(sh);
	return n;
}

/* Mesa's rule: a loop of a known trip count (at most 32) is unrolled when
 * the copies fit the budgets, however much larger than the rolled loop they
 * are (32 iterations of exp and length), nested loops counted by their
 * own trip counts; a loop that may break early only within twice the
 * rolled loop (the rolled one stops when every lane has left), so the same
 * body with a break stays a loop. */
static void unroll_policy(void **state)
{
	(void)state;
	const char *body = "z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + c;\n"
			   "s += exp(-length(z));\n";
	char src[1024];
	snprintf(src, sizeof(src), FS_HEAD "uniform vec2 c; varying vec2 uv;\n"
		 "void main() { vec2 z = uv; float s = 0.0;\n"
		 "for (int i = 0; i < 32; i++) { %s }\n"
		 "gl_FragColor = vec4(s); }", body);
	assert_int_equal(ir_loops(src), 0);
	snprintf(src, sizeof(src), FS_HEAD "uniform vec2 c; varying vec2 uv;\n"
		 "void main() { vec2 z = uv; float s = 0.0;\n"
		 "for (int i = 0; i < 32; i++) { if (dot(z, z) > 4.0) break; %s }\n"
		 "gl_FragColor = vec4(s); }", body);
	assert_int_equal(ir_loops(src), 1);
	/* a 3x3 neighbourhood (toy-voronoi's): the inner loop counts 3 times
	 * in the outer one's size, not 8, so both unroll */
	assert_int_equal(ir_loops(FS_HEAD "varying vec2 uv;\n"
		"void main() { vec2 n = floor(uv); vec2 f = fract(uv); float best = 8.0;\n"
		"for (int j = -1; j <= 1; j++) for (int i = -1; i <= 1; i++) {\n"
		"  vec2 g = vec2(float(i), float(j)); vec2 p = n + g;\n"
		"  p = vec2(dot(p, vec2(127.1, 311.7)), dot(p, vec2(269.5, 183.3)));\n"
		"  vec2 o = fract(sin(p) * 43758.5453); o = 0.5 + 0.5 * sin(6.2831 * o);\n"
		"  vec2 r = g + o - f; best = min(best, dot(r, r)); }\n"
		"gl_FragColor = vec4(best); }"), 0);
	frag(FS_HEAD "void main() { vec2 z = vec2(0.5, 0.25); float s = 0.0;\n"
	     "for (int i = 0; i < 32; i++) { z = z * 0.5 + vec2(0.25); s += z.x; }\n"
	     "gl_FragColor = vec4(s, z, 0.0); }", 16.0f, 0.5f, 0.5f, 0.0f);
}

/* IR instructions of the shader compiled from src. */
static uint32_t ir_len(const char *src)
{
	struct glsl_shader *sh = gt_compile(src, GLSL_FRAGMENT);
	uint32_t n = sh->ir->instrs.len;
	glsl_shader_free(sh);
	return n;
}

/* A loop whose body reads neither its index nor anything it assigns
 * (plain `=` only, no break, no call of a user function) is lowered as one
 * pass: ten passes of the select-style ifs of piglit's
 * loop-shadow-variables are the IR of one. A body reading its index, what
 * it assigns, or with `+=` keeps every pass. */
static void idempotent_loops(void **state)
{
	(void)state;
	const char *fmt = FS_HEAD "uniform float lim; uniform int n; uniform sampler2D s;\n"
		"void main() { vec4 c = vec4(1.0); float k = lim;\n"
		"for (int i = 0; i < %d; i++) { %s }\n"
		"gl_FragColor = c; }";
	static const char *const same[] = {
		"if (n > 0) if (n == 2) { c = vec4(0.0, 0.75, 0.0, 0.0); continue; }"
		" else if (n == 1) { c = vec4(0.0, 0.75, k, 0.0); continue; }",
		"float t = lim * 2.0; c.y = t; c.x = texture2D(s, vec2(t)).x;",
	};
	static const char *const every[] = {
		"if (i == n) c = vec4(0.5);", "c = c * 0.5;", "c.x += 1.0;",
		"if (c.x > 0.5) c.y = float(n); c.x = 0.0;",
	};
	char one[1024], ten[1024];
	for (unsigned v = 0; v < 2; v++) {
		snprintf(one, sizeof(one), fmt, 1, same[v]);
		snprintf(ten, sizeof(ten), fmt, 10, same[v]);
		assert_int_equal(ir_len(ten), ir_len(one));
	}
	for (unsigned v = 0; v < 4; v++) {
		snprintf(one, sizeof(one), fmt, 1, every[v]);
		snprintf(ten, sizeof(ten), fmt, 10, every[v]);
		assert_true(ir_len(ten) > ir_len(one));
	}
	snprintf(ten, sizeof(ten), fmt, 10, same[0]);
	frag_u(ten, 3.0f, 0, 1.0f, 1.0f, 1.0f, 1.0f);
	frag_u(ten, 3.0f, 1, 0.0f, 0.75f, 3.0f, 0.0f);
	frag_u(ten, 3.0f, 2, 0.0f, 0.75f, 0.0f, 0.0f);
	frag_u(ten, 3.0f, 3, 1.0f, 1.0f, 1.0f, 1.0f);
	snprintf(ten, sizeof(ten), fmt, 10, every[3]);
	frag_u(ten, 3.0f, 2, 0.0f, 2.0f, 1.0f, 1.0f);
}

static void functions(void **state)
{
	(void)state;
	frag(FS_HEAD
	     "float f(float x, out float y, inout float z) { y = x * 2.0; z += 1.0;\n"
	     "  if (x > 1.0) return x; return -x; }\n"
	     "float g(float x) { for (int i = 0; i < 5; i++) { if (float(i) > x) return float(i); }\n"
	     "  return 99.0; }\n"
	     "vec2 h(vec2 v) { return v.yx; }\n"
	     "void main() { float y; float z = 1.0; float a = f(3.0, y, z); float b = f(0.5, y, z);\n"
	     "gl_FragColor = vec4(a + b, y + z, g(2.5) + g(10.0), h(h(vec2(1.0, 2.0))).y); }",
	     2.5f, 4.0f, 102.0f, 2.0f);
	frag(FS_HEAD "vec3 v; void set(int i) { v[i] = float(i + 1); }\n"
	     "void main() { for (int i = 0; i < 3; i++) set(i); if (v.x > 0.0) { gl_FragColor = vec4(v, 0.0); return; }\n"
	     "gl_FragColor = vec4(9.0); }", 1.0f, 2.0f, 3.0f, 0.0f);
}

static void arrays_and_structs(void **state)
{
	(void)state;
	struct gt_run r;
	gt_begin(&r, FS_HEAD "struct L { vec3 c; float k[2]; };\n"
		 "uniform L ls[2]; uniform float w[4]; uniform int n;\n"
		 "void main() { float s = 0.0; for (int i = 0; i < 4; i++) s += w[i] * float(i);\n"
		 "float a[3]; for (int i = 0; i < 3; i++) a[i] = float(i * i);\n"
		 "L l = ls[1]; l.k[0] = a[2];\n"
		 "gl_FragColor = vec4(s, ls[n].c.y, l.k[0] + l.k[1], a[n] + w[n + 1]); }",
		 GLSL_FRAGMENT);
	gt_setf(&r, "w", (const float[]){ 1, 2, 3, 4 }, 4);
	gt_setf(&r, "ls[0].c", (const float[]){ 0, 10, 0 }, 3);
	gt_setf(&r, "ls[1].c", (const float[]){ 0, 20, 0 }, 3);
	gt_setf(&r, "ls[1].k", (const float[]){ 5, 6 }, 2);
	gt_seti(&r, "n", (const int32_t[]){ 1 }, 1);
	gt_exec(&r);
	expect4(gt_output(&r, IR_OUT_COLOR), 20.0f, 20.0f, 10.0f, 4.0f);
	gt_end(&r);
}

static void preprocessor(void **state)
{
	(void)state;
	frag("#version 100\n#define P precision mediump float;\nP\n"
	     "#define SQ(x) ((x) * (x))\n#define ADD(a, b) (a + b)\n#define TWO 2\n"
	     "#if TWO * 3 == 6 && defined(SQ) && !defined(NOPE)\n#define R 1.0\n#elif 1\n#define R 2.0\n"
	     "#else\n#define R 3.0\n#endif\n#ifdef TWO\n#undef TWO\n#endif\n#ifndef TWO\n#define TWO 5\n#endif\n"
	     "#pragma optimize(on)\n#extension all : warn\n"
	     "void main() { gl_FragColor = vec4(SQ(ADD(1.0, 2.0)), R, float(TWO), float(__LINE__ + __VERSION__ + GL_ES)); }",
	     9.0f, 1.0f, 5.0f, 123.0f);
	frag(FS_HEAD "#line 40\nvoid main() { gl_FragColor = vec4(float(__LINE__),\n"
	     "#if 0\n garbage ( [ \n#else\n 1.0,\n#endif\n 0.0, 0.0); }", 40.0f, 1.0f, 0.0f, 0.0f);
}

static void frag_builtins(void **state)
{
	(void)state;
	struct gt_run r;
	gt_begin(&r, FS_HEAD "void main() { gl_FragColor = vec4(gl_FragCoord.xy, gl_FrontFacing ? 1.0 : 0.0, gl_PointCoord.y); }",
		 GLSL_FRAGMENT);
	gt_setf(&r, "gl_RenderHeight", (const float[]){ 100.0f }, 1);
	r.io.frag_coord[0] = 10.5f;
	r.io.frag_coord[1] = 20.5f;
	r.io.front_facing = false;
	r.io.point_coord[1] = 0.25f;
	gt_exec(&r);
	expect4(gt_output(&r, IR_OUT_COLOR), 10.5f, 79.5f, 0.0f, 0.25f);
	gt_end(&r);
	frag(FS_HEAD "void main() { gl_FragData[0] = vec4(0.5); }", 0.5f, 0.5f, 0.5f, 0.5f);
}

static void vertex(void **state)
{
	(void)state;
	struct gt_run r;
	gt_begin(&r, "attribute vec4 p; attribute mat2 am; uniform mat4 mvp; varying vec3 v;\n"
		 "void main() { gl_Position = mvp * p; v = vec3(am * vec2(1.0, 1.0), 0.0); v.z = v.x + 1.0;\n"
		 "gl_PointSize = 3.0; }", GLSL_VERTEX);
	gt_setf(&r, "mvp", (const float[]){ 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 1, 1, 1 }, 16);
	gt_setf(&r, "p", (const float[]){ 1, 1, 1, 1 }, 4);
	gt_setf(&r, "am", (const float[]){ 1, 2, 3, 4 }, 4);
	gt_exec(&r);
	expect4(gt_output(&r, IR_OUT_POSITION), 3.0f, 4.0f, 5.0f, 1.0f);
	const union ir_scalar *v = gt_varying(&r, "v");
	expect4((const union ir_scalar[]){ v[0], v[1], v[2], { .f = 3.0f } }, 4.0f, 6.0f, 5.0f, 3.0f);
	assert_true(gt_output(&r, IR_OUT_POINT_SIZE)[0].f == 3.0f);
	gt_end(&r);
}

/* Texture callback: the sampler's decl index in red. */
static void sampler_id(void *user, uint32_t sampler, const float *coord, unsigned ncoord,
		       bool has_bias, float bias, float rgba[4])
{
	(void)user, (void)coord, (void)ncoord, (void)has_bias, (void)bias;
	rgba[0] = (float)sampler;
	rgba[1] = rgba[2] = rgba[3] = 0.0f;
}

static void arrays_more(void **state)
{
	(void)state;
	/* out array parameters, "float[2] a" declarations, sizes by a sequence */
	frag(FS_HEAD "void fill(out float a[2], inout float b[(1, 2)]) { a[0] = 1.0; a[1] = 2.0; b[1] += 5.0; }\n"
	     "void main() { float[2] x; float y[2]; y[1] = 1.0; fill(x, y);\n"
	     "gl_FragColor = vec4(x[0], x[1], y[1], 0.0); }", 1.0f, 2.0f, 6.0f, 0.0f);
	/* sampler arrays indexed by a loop index (Appendix A) */
	struct gt_run r;
	gt_begin(&r, FS_HEAD "uniform sampler2D s[3];\n"
		 "void main() { vec4 c = vec4(0.0); for (int i = 0; i < 3; i++) c += texture2D(s[i], vec2(0.0)) * float(i + 1);\n"
		 "gl_FragColor = c; }", GLSL_FRAGMENT);
	r.io.sample = sampler_id;
	gt_exec(&r);
	uint32_t s0 = glsl_find_uniform(r.s, "s", &(uint32_t){ 0 })->first_slot;
	expect4(gt_output(&r, IR_OUT_COLOR), (float)(s0 * 1 + (s0 + 1) * 2 + (s0 + 2) * 3), 0, 0, 0);
	gt_end(&r);
	/* struct values: assignment, comparison, out parameters */
	frag(FS_HEAD "struct P { vec2 a; float b; };\n"
	     "void mk(out P p, float x) { p = P(vec2(x, x + 1.0), x * 2.0); }\n"
	     "void main() { P p; mk(p, 1.0); P q = p; q.b = 7.0;\n"
	     "gl_FragColor = vec4(p.a, q.b, float(p == q) + 2.0 * float(p == P(vec2(1.0, 2.0), 2.0))); }",
	     1.0f, 2.0f, 7.0f, 2.0f);
}

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arithmetic),
		cmocka_unit_test(swizzles_and_constructors),
		cmocka_unit_test(matrices),
		cmocka_unit_test(control_flow),
		cmocka_unit_test(loops_unrolled_and_general),
		cmocka_unit_test(unroll_policy),
		cmocka_unit_test(idempotent_loops),
		cmocka_unit_test(functions),
		cmocka_unit_test(arrays_and_structs),
		cmocka_unit_test(preprocessor),
		cmocka_unit_test(frag_builtins),
		cmocka_unit_test(vertex),
		cmocka_unit_test(arrays_more),
	};
	return cmocka_run_group_tests_name("glsl_exec", tests, NULL, NULL);
}
