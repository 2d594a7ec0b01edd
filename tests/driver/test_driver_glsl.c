/*
 * test_driver_glsl.c: programs from GLSL ES 1.00 through the public API:
 * the same triangle drawn by an IR program and its GLSL twin gives the same
 * pixels, and with a varying the FS never reads; attribute locations
 * (assigned and bound, with vertex arrays fed by location); uniforms by
 * GLSL name (vectors, matrices, arrays whole and
 * from an element, struct fields); sampler uniforms naming texture units;
 * and the messages of bad sources, links and uniform calls.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "driver_fixture.h"
#include "vc4/vc4.h"

static const char colour_vs[] =
	"attribute vec4 pos;\n"
	"attribute vec4 colour;\n"
	"varying vec4 v_colour;\n"
	"void main() { gl_Position = pos; v_colour = colour; }\n";
static const char colour_fs[] =
	"precision mediump float;\n"
	"varying vec4 v_colour;\n"
	"void main() { gl_FragColor = v_colour; }\n";

/* Renders `prog`'s triangle into a fresh 64x64 target; returns the pixels. */
static void render(struct vc4_ctx *ctx, struct vc4_prog *prog, struct vc4_buffer *vb,
		   const struct vc4_vertex_attrib *a, uint32_t na, uint8_t *rgba)
{
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T);
	const float black[4] = { 0, 0, 0, 1 };
	assert_true(vc4_set_framebuffer(ctx, t, NULL));
	assert_true(vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	assert_true(vc4_set_program(ctx, prog));
	if (a)
		assert_true(vc4_set_vertex_attribs(ctx, a, na));
	else
		drvt_bind_colour_attribs(ctx, vb);
	if (!vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3))
		fail_msg("draw: %s", vc4_ctx_error(ctx));
	if (!vc4_texture_read_rgba8(t, rgba))
		fail_msg("read: %s", vc4_ctx_error(ctx));
	vc4_texture_destroy(t);
}

static struct vc4_prog *glsl(struct vc4_ctx *ctx, const char *vs, const char *fs,
			     const struct vc4_attrib_binding *b, uint32_t nb)
{
	struct vc4_prog *p = vc4_prog_create_glsl(ctx, vs, fs, b, nb);
	if (!p)
		fail_msg("vc4_prog_create_glsl: %s", vc4_ctx_error(ctx));
	return p;
}

/* The GLSL twin of the fixture's IR colour program draws the same pixels. */
static void same_as_ir(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_buffer *vb = drvt_triangle(ctx);
	struct vc4_prog *ir = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	struct vc4_prog *gl = glsl(ctx, colour_vs, colour_fs, NULL, 0);
	static uint8_t a[64 * 64 * 4], b[64 * 64 * 4];
	render(ctx, ir, vb, NULL, 0, a);
	render(ctx, gl, vb, NULL, 0, b);
	assert_memory_equal(a, b, sizeof(a));
	assert_int_equal(vc4_prog_attrib_location(gl, "pos"), 0);
	assert_int_equal(vc4_prog_attrib_location(gl, "colour"), 1);
	assert_int_equal(vc4_prog_attrib_location(gl, "nothing"), -1);
	assert_int_equal(vc4_prog_attrib_location(ir, "colour"), 1);
	vc4_prog_destroy(ir);
	vc4_prog_destroy(gl);
	vc4_buffer_destroy(vb);
	vc4_ctx_destroy(ctx);
}

/* A varying the fragment shader declares but never reads (its one use
 * folds away; an unused declaration the front end drops itself) is not in
 * the varying FIFO at all (docs/lowering.md, "Fragment shaders"): the FS
 * does not read it, the VS does not write it and the record does not
 * count it. Declared before the colour, it would shift the colour's words
 * if the VS and FS disagreed: the pixels are those of the plain colour
 * program. */
static void unused_varying_dropped(void **state)
{
	(void)state;
	static const char vs[] =
		"attribute vec4 pos;\n"
		"attribute vec4 colour;\n"
		"varying vec4 v_unused;\n"
		"varying vec4 v_colour;\n"
		"void main() { gl_Position = pos; v_unused = pos.yxwz; v_colour = colour; }\n";
	static const char fs[] =
		"precision mediump float;\n"
		"varying vec4 v_unused;\n"
		"varying vec4 v_colour;\n"
		"void main() { gl_FragColor = v_colour; if (false) gl_FragColor = v_unused; }\n";
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_buffer *vb = drvt_triangle(ctx);
	struct vc4_prog *plain = glsl(ctx, colour_vs, colour_fs, NULL, 0);
	struct vc4_prog *extra = glsl(ctx, vs, fs, NULL, 0);
	static uint8_t a[64 * 64 * 4], b[64 * 64 * 4];
	render(ctx, plain, vb, NULL, 0, a);
	render(ctx, extra, vb, NULL, 0, b);
	assert_memory_equal(a, b, sizeof(a));
	vc4_prog_destroy(plain);
	vc4_prog_destroy(extra);
	vc4_buffer_destroy(vb);
	vc4_ctx_destroy(ctx);
}

/* Bound locations: colour at 0, pos at 3; the arrays follow the locations. */
static void bound_locations(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_buffer *vb = drvt_triangle(ctx);
	const struct vc4_attrib_binding bind[2] = { { "colour", 0 }, { "pos", 3 } };
	struct vc4_prog *gl = glsl(ctx, colour_vs, colour_fs, bind, 2);
	assert_int_equal(vc4_prog_attrib_location(gl, "colour"), 0);
	assert_int_equal(vc4_prog_attrib_location(gl, "pos"), 3);
	struct vc4_prog *ir = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	static uint8_t want[64 * 64 * 4], got[64 * 64 * 4];
	render(ctx, ir, vb, NULL, 0, want);
	const struct vc4_vertex_attrib a[4] = {
		{ vb, 16, 32, VC4_ATTR_FLOAT }, { vb, 0, 0, VC4_ATTR_FLOAT },
		{ vb, 0, 0, VC4_ATTR_FLOAT }, { vb, 0, 32, VC4_ATTR_FLOAT },
	};
	render(ctx, gl, vb, a, 4, got);
	assert_memory_equal(want, got, sizeof(want));
	/* three arrays set, but the program reads location 3 */
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T);
	assert_true(vc4_set_framebuffer(ctx, t, NULL));
	assert_true(vc4_set_vertex_attribs(ctx, a, 3));
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(ctx),
			    "draw: the vertex shader reads 4 attributes, 3 are set");
	vc4_texture_destroy(t);
	vc4_prog_destroy(ir);
	vc4_prog_destroy(gl);
	vc4_buffer_destroy(vb);
	vc4_ctx_destroy(ctx);
}

static const char unif_fs[] =
	"precision mediump float;\n"
	"struct Light { vec4 colour; float scale; };\n"
	"uniform Light light;\n"
	"uniform vec4 tints[3];\n"
	"uniform mat2 m;\n"
	"varying vec4 v_colour;\n"
	"void main() {\n"
	"  vec2 t = m * vec2(1.0, 0.0);\n"
	"  gl_FragColor = (tints[0] + tints[1] + tints[2]) * light.colour * light.scale\n"
	"                 + vec4(t, 0.0, 0.0) + v_colour * 0.0;\n"
	"}\n";

/* The centre pixel of a full-screen quad drawn with `fs`. */
static void centre(struct vc4_ctx *ctx, struct vc4_prog *p, uint8_t px[4])
{
	struct vc4_buffer *vb = drvt_triangle(ctx);
	static uint8_t rgba[64 * 64 * 4];
	render(ctx, p, vb, NULL, 0, rgba);
	memcpy(px, rgba + (20 * 64 + 32) * 4, 4);   /* inside the triangle */
	vc4_buffer_destroy(vb);
}

/* Uniforms by GLSL name: a struct's fields, an array whole and from an
 * element, a matrix column-major. */
static void uniforms_by_name(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_prog *p = glsl(ctx, colour_vs, unif_fs, NULL, 0);
	const float white[4] = { 1, 1, 1, 1 }, half = 0.5f;
	const float tints[12] = { 0.2f, 0, 0, 0, 0, 0.4f, 0, 0, 0, 0, 0.6f, 1 };
	const float m[4] = { 0, 0, 0, 0 };
	assert_true(vc4_prog_set_uniform_f(p, "light.colour", white, 4));
	assert_true(vc4_prog_set_uniform_f(p, "light.scale", &half, 1));
	assert_true(vc4_prog_set_uniform_f(p, "tints", tints, 12));
	assert_true(vc4_prog_set_uniform_f(p, "m", m, 4));
	uint8_t px[4];
	centre(ctx, p, px);
	/* 0.1, 0.2, 0.3, 0.5 as unorm8 */
	assert_int_equal(px[0], 26);
	assert_int_equal(px[1], 51);
	assert_int_equal(px[2], 77);
	assert_int_equal(px[3], 128);
	const float red[4] = { 1, 0, 0, 0 }, col0[4] = { 0, 1, 0, 0 };
	assert_true(vc4_prog_set_uniform_f(p, "tints[1]", red, 4));   /* one element */
	assert_true(vc4_prog_set_uniform_f(p, "m", col0, 4));         /* m[0] = (0, 1) */
	centre(ctx, p, px);
	assert_int_equal(px[0], 153);   /* (0.2 + 1) * 0.5 = 0.6 */
	assert_int_equal(px[1], 255);   /* 0 + m[0].y = 1 */
	assert_int_equal(px[2], 77);
	/* errors */
	assert_false(vc4_prog_set_uniform_f(p, "tints", tints, 5));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_prog: uniform 'tints' (vec4 array) cannot take 5 words");
	assert_false(vc4_prog_set_uniform_f(p, "tints[2]", tints, 8));   /* past the end */
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_prog: uniform 'tints[2]' (vec4 array) cannot take 8 words");
	assert_false(vc4_prog_set_uniform_f(p, "nope", tints, 4));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_prog: no uniform 'nope'");
	vc4_prog_destroy(p);
	vc4_ctx_destroy(ctx);
}

static const char tex_vs[] =
	"attribute vec4 pos;\n"
	"varying vec2 uv;\n"
	"void main() { gl_Position = pos; uv = pos.xy * 0.5 + 0.5; }\n";
static const char tex_fs[] =
	"precision mediump float;\n"
	"uniform sampler2D a;\n"
	"uniform sampler2D b;\n"
	"varying vec2 uv;\n"
	"void main() { gl_FragColor = texture2D(a, uv) + texture2D(b, uv); }\n";

/* A 4x4 texture of one colour. */
static struct vc4_texture *solid(struct vc4_ctx *ctx, uint8_t r, uint8_t g, uint8_t b)
{
	uint8_t px[4 * 4 * 4];
	for (int i = 0; i < 16; i++)
		px[4 * i] = r, px[4 * i + 1] = g, px[4 * i + 2] = b, px[4 * i + 3] = 255;
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, 4, 4,
						   px);
	assert_non_null(t);
	return t;
}

/* Sampler uniforms name texture units: both default to unit 0 (GL), then
 * a -> 2 and b -> 5. */
static void samplers_by_unit(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_prog *p = glsl(ctx, tex_vs, tex_fs, NULL, 0);
	struct vc4_texture *red = solid(ctx, 100, 0, 0), *green = solid(ctx, 0, 60, 0);
	struct vc4_texture *blue = solid(ctx, 0, 0, 40);
	assert_true(vc4_set_texture(ctx, 0, red));
	assert_true(vc4_set_texture(ctx, 2, green));
	assert_true(vc4_set_texture(ctx, 5, blue));
	uint8_t px[4];
	centre(ctx, p, px);
	assert_int_equal(px[0], 200);   /* red + red */
	assert_int_equal(px[1], 0);
	const int32_t two = 2, five = 5, bad = 99;
	assert_true(vc4_prog_set_uniform_i(p, "a", &two, 1));
	assert_true(vc4_prog_set_uniform_i(p, "b", &five, 1));
	centre(ctx, p, px);
	assert_int_equal(px[0], 0);
	assert_int_equal(px[1], 60);
	assert_int_equal(px[2], 40);
	assert_false(vc4_prog_set_uniform_i(p, "a", &bad, 1));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_prog: sampler 'a': texture unit out of range (0..15)");
	vc4_prog_destroy(p);
	vc4_texture_destroy(red);
	vc4_texture_destroy(green);
	vc4_texture_destroy(blue);
	vc4_ctx_destroy(ctx);
}

/* gl_FragCoord counts y up from the bottom, at pixel centres: on a 64x64
 * target, the bottom row (last in memory) is y = 0.5 and the top 63.5; the
 * driver fills the height the flip needs. */
static void frag_coord_y_up(void **state)
{
	(void)state;
	static const char fs[] =
		"precision highp float;\n"
		"void main() { gl_FragColor = vec4(gl_FragCoord.y / 255.0,\n"
		"                                  gl_FragCoord.x / 255.0, 0.0, 1.0); }\n";
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_prog *p = glsl(ctx, colour_vs, fs, NULL, 0);
	struct vc4_buffer *vb = drvt_triangle(ctx);
	static uint8_t rgba[64 * 64 * 4];
	render(ctx, p, vb, NULL, 0, rgba);
	const uint8_t *top = rgba + (1 * 64 + 32) * 4, *bottom = rgba + (62 * 64 + 32) * 4;
	/* y / 255.0 is y times 1/255 rounded to nearest (lower_math.c), no
	 * longer the refined SFU estimate just below it: these half-way
	 * channel values now round up */
	assert_int_equal(top[0], 63);      /* memory row 1: y = 62.5 */
	assert_int_equal(bottom[0], 2);    /* memory row 62: y = 1.5 */
	assert_int_equal(top[1], 33);      /* x = 32.5 */
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	vc4_ctx_destroy(ctx);
}

/* Bad sources and links name the stage, line and column (several errors
 * per source); nothing leaks. */
static void errors(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	assert_null(vc4_prog_create_glsl(ctx, "void main() { gl_Position = 1; }\n", colour_fs,
					 NULL, 0));
	assert_string_equal(vc4_ctx_error(ctx), "vertex:1:27: cannot assign int to vec4");
	assert_null(vc4_prog_create_glsl(ctx, colour_vs,
					 "void main() { gl_FragColor = vec4(1); x = 2; y = 3; }",
					 NULL, 0));
	assert_string_equal(vc4_ctx_error(ctx), "fragment:1:39: 'x' is not declared\n"
			    "fragment:1:46: 'y' is not declared");
	static const char other_fs[] =
		"precision mediump float;\n"
		"varying vec3 v_colour;\n"
		"void main() { gl_FragColor = vec4(v_colour, 1.0); }\n";
	assert_null(vc4_prog_create_glsl(ctx, colour_vs, other_fs, NULL, 0));
	assert_string_equal(vc4_ctx_error(ctx), "link: varying 'v_colour' is vec4 in the vertex "
			    "shader and vec3 in the fragment shader");
	assert_null(vc4_prog_create_glsl(ctx, colour_vs, NULL, NULL, 0));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_prog_create_glsl: no fragment shader source");
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_as_ir),
		cmocka_unit_test(unused_varying_dropped),
		cmocka_unit_test(bound_locations),
		cmocka_unit_test(uniforms_by_name),
		cmocka_unit_test(samplers_by_unit),
		cmocka_unit_test(frag_coord_y_up),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
