/*
 * test_driver_index.c: uniform arrays indexed by a vertex attribute
 * (`load_index`, docs/lowering.md "Indexed uniform arrays") through the
 * whole stack: the driver uploads the arrays into a BO per draw and
 * relocates its address, the simulated kernel validates the clamped direct
 * TMU reads, the pipeline draws. Four bands pick palette entries 0, 1, 3
 * and out-of-range ones (clamped to the first and last); a later draw with
 * a changed palette must not change the earlier draws' pixels. The same
 * from GLSL: mat4 bones in the VS, a palette in the FS, and a palette
 * beside a texture lookup in one FS (direct reads on TMU1).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "driver_fixture.h"

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

static const char index_vs[] =
	"vertex\n"
	"attribute vec4 @pos\n"
	"attribute float @sel\n"
	"uniform vec4 @tint\n"
	"uniform vec4 @pal[4]\n"
	"uniform float @scale[2]\n"
	"varying flat vec4 @c\n"
	"output position\n\n"
	"%p = load @pos\n"
	"%s = load @sel\n"
	"%i = f2i %s\n"
	"%e = load_index @pal, %i\n"
	"%one = const int 1\n"
	"%k = load_index @scale, %one\n"      /* a constant index: a plain uniform */
	"%kv = vec4 %k\n"
	"%t = load @tint\n"
	"%m = mul %e, %kv\n"
	"%c = mul %m, %t\n"
	"store @c, %c\n"
	"store @position, %p\n";

static const char index_fs[] =
	"fragment\n"
	"varying flat vec4 @c\n"
	"output color\n\n"
	"%c = load @c\n"
	"store @color, %c\n";

/* Band k covers NDC y in [-1 + k/2, -1/2 + k/2] (image rows 48 - 16k ..
 * 63 - 16k), every vertex selecting entry sel[k]. */
static void band(float *v, int k, float sel)
{
	static const float xy[6][2] = { { -1, 0 }, { 1, 0 }, { -1, 1 },
					{ 1, 0 }, { 1, 1 }, { -1, 1 } };
	for (int i = 0; i < 6; i++) {
		float *o = v + 5 * (6 * k + i);
		o[0] = xy[i][0];
		o[1] = -1.0f + 0.5f * (float)k + 0.5f * xy[i][1];
		o[2] = 0;
		o[3] = 1;
		o[4] = sel;
	}
}

static void test_indexed_palette(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[64 * 64 * 4];
	static const float sel[4] = { 1, -3, 3, 9 };  /* entries 1, 0 (clamped), 3, 3 (clamped) */
	static const float pal1[16] = { 1, 0, 0, 1,  0, 1, 0, 1,  0, 0, 1, 1,  1, 1, 0, 1 };
	static const float pal2[16] = { 0, 1, 1, 1,  1, 0, 1, 1,  1, 1, 1, 1,  1, 0, 1, 1 };
	static const float tint[4] = { 1, 1, 1, 1 }, scale[2] = { 0, 1 };
	const float black[4] = { 0, 0, 0, 1 };
	float v[4 * 6 * 5];
	for (int k = 0; k < 4; k++)
		band(v, k, sel[k]);
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_RASTER);
	struct vc4_buffer *vb = vc4_buffer_create(ctx, v, sizeof(v));
	struct vc4_prog *prog = vc4_prog_create(ctx, index_vs, index_fs);
	OK(ctx, prog != NULL);
	struct vc4_vertex_attrib at[2] = { { vb, 0, 20, VC4_ATTR_FLOAT },
					   { vb, 16, 20, VC4_ATTR_FLOAT } };
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(ctx, vc4_set_program(ctx, prog));
	OK(ctx, vc4_set_vertex_attribs(ctx, at, 2));
	OK(ctx, vc4_prog_set_uniform_f(prog, "tint", tint, 4));
	OK(ctx, vc4_prog_set_uniform_f(prog, "scale", scale, 2));
	OK(ctx, vc4_prog_set_uniform_f(prog, "pal", pal1, 16));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 18));    /* bands 0-2 */
	OK(ctx, vc4_prog_set_uniform_f(prog, "pal", pal2, 16));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 18, 6));    /* band 3 */
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_int_equal(drvt_px(img, 64, 32, 56), 0x00ff00ff);   /* band 0: pal1[1] */
	assert_int_equal(drvt_px(img, 64, 5, 40), 0xff0000ff);    /* band 1: pal1[0] (-3 clamped) */
	assert_int_equal(drvt_px(img, 64, 60, 24), 0xffff00ff);   /* band 2: pal1[3] */
	assert_int_equal(drvt_px(img, 64, 32, 8), 0xff00ffff);    /* band 3: pal2[3] (9 clamped) */
	assert_int_equal(drvt_px(img, 64, 0, 0), 0xff00ffff);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

static const char glsl_vs[] =
	"attribute vec4 pos;\n"
	"attribute float bone;\n"
	"uniform mat4 bones[4];\n"
	"varying float v_sel;\n"
	"void main() {\n"
	"	v_sel = bone;\n"
	"	gl_Position = bones[int(bone)] * pos;\n"
	"}\n";

static const char glsl_fs[] =
	"precision mediump float;\n"
	"uniform vec4 pal[5];\n"
	"varying float v_sel;\n"
	"void main() { gl_FragColor = pal[int(v_sel + 0.5)] * pal[0].a; }\n";

/* GLSL: mat4 bones[bone] move band 0 up by half a unit per bone (bone 9 is
 * clamped to 3), the FS picks pal[bone] (9 clamped to 4); pal[0].a is a
 * constant index, read as a plain uniform. */
static void test_glsl_bones(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[64 * 64 * 4];
	static const float sel[4] = { 0, 1, 2, 9 };
	static const float pal[20] = { 1, 0, 0, 1,  0, 1, 0, 1,  0, 0, 1, 1,  1, 1, 1, 1,
				       1, 0, 1, 1 };
	const float black[4] = { 0, 0, 0, 1 };
	float bones[64], v[4 * 6 * 5], b0[6 * 5];
	for (int e = 0; e < 4; e++) {   /* every quad at band 0, moved by its bone */
		float m[16] = { 1, 0, 0, 0,  0, 1, 0, 0,  0, 0, 1, 0,  0, 0.5f * (float)e, 0, 1 };
		memcpy(bones + 16 * e, m, sizeof(m));
		band(b0, 0, sel[e]);
		memcpy(v + 30 * e, b0, sizeof(b0));
	}
	const struct vc4_attrib_binding bind[2] = { { "pos", 0 }, { "bone", 1 } };
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_RASTER);
	struct vc4_buffer *vb = vc4_buffer_create(ctx, v, sizeof(v));
	struct vc4_prog *prog = vc4_prog_create_glsl(ctx, glsl_vs, glsl_fs, bind, 2);
	OK(ctx, prog != NULL);
	struct vc4_vertex_attrib at[2] = { { vb, 0, 20, VC4_ATTR_FLOAT },
					   { vb, 16, 20, VC4_ATTR_FLOAT } };
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(ctx, vc4_set_program(ctx, prog));
	OK(ctx, vc4_set_vertex_attribs(ctx, at, 2));
	OK(ctx, vc4_prog_set_uniform_f(prog, "bones", bones, 64));
	OK(ctx, vc4_prog_set_uniform_f(prog, "pal", pal, 20));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 24));
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_int_equal(drvt_px(img, 64, 32, 56), 0xff0000ff);   /* bone 0: pal[0] */
	assert_int_equal(drvt_px(img, 64, 5, 40), 0x00ff00ff);    /* bone 1 */
	assert_int_equal(drvt_px(img, 64, 60, 24), 0x0000ffff);   /* bone 2 */
	assert_int_equal(drvt_px(img, 64, 32, 8), 0xff00ffff);    /* bone 9: bones[3], pal[4] */
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

static const char tex_vs[] =
	"attribute vec4 pos;\n"
	"varying vec2 uv;\n"
	"void main() { uv = pos.xy * 0.5 + 0.5; gl_Position = pos; }\n";

/* A direct read, a texture lookup, then another direct read in one FS:
 * w[i] picks a colour by column (quarters of the image), the white texture
 * keeps it, w[3 - i] adds its alpha only. */
static const char tex_fs[] =
	"precision mediump float;\n"
	"uniform vec4 w[4];\n"
	"uniform sampler2D tex;\n"
	"varying vec2 uv;\n"
	"void main() {\n"
	"  int i = int(uv.x * 4.0);\n"
	"  vec4 c = w[i] * texture2D(tex, uv);\n"
	"  gl_FragColor = vec4(c.rgb, c.a * w[3 - i].a);\n"
	"}\n";

/* Uniform arrays at a varying index beside a texture lookup: Linux's
 * validator records every lookup on a unit after a direct read on it as
 * direct, so with both on TMU0 the job was rejected ("UBO clamp would allow
 * reads outside of UBO"); direct reads go to TMU1 and the job draws. */
static void test_glsl_index_beside_texture(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[64 * 64 * 4];
	static const uint8_t white[4 * 4] = { 255, 255, 255, 255, 255, 255, 255, 255,
					      255, 255, 255, 255, 255, 255, 255, 255 };
	static const float w[16] = { 1, 0, 0, 1,  0, 1, 0, 1,  0, 0, 1, 1,  1, 1, 0, 1 };
	const float black[4] = { 0, 0, 0, 1 };
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_RASTER);
	struct vc4_texture *tex = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, 2, 2,
						     white);
	struct vc4_buffer *vb = drvt_quad(ctx);
	struct vc4_prog *prog = vc4_prog_create_glsl(ctx, tex_vs, tex_fs, NULL, 0);
	OK(ctx, prog != NULL && tex != NULL);
	struct vc4_vertex_attrib at = { vb, 0, 16, VC4_ATTR_FLOAT };
	const int32_t unit = 0;
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(ctx, vc4_set_program(ctx, prog));
	OK(ctx, vc4_set_vertex_attribs(ctx, &at, 1));
	OK(ctx, vc4_set_texture(ctx, 0, tex));
	OK(ctx, vc4_prog_set_uniform_i(prog, "tex", &unit, 1));
	OK(ctx, vc4_prog_set_uniform_f(prog, "w", w, 16));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 6));
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_int_equal(drvt_px(img, 64, 8, 32), 0xff0000ff);
	assert_int_equal(drvt_px(img, 64, 24, 32), 0x00ff00ff);
	assert_int_equal(drvt_px(img, 64, 40, 32), 0x0000ffff);
	assert_int_equal(drvt_px(img, 64, 56, 32), 0xffff00ff);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(tex);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

/* An IR array takes all its elements in one call. */
static void test_array_size_error(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_prog *prog = vc4_prog_create(ctx, index_vs, index_fs);
	OK(ctx, prog != NULL);
	const float w[4] = { 0 };
	assert_false(vc4_prog_set_uniform_f(prog, "pal", w, 4));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_prog: uniform 'pal' does not have 4 components");
	vc4_prog_destroy(prog);
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_indexed_palette),
		cmocka_unit_test(test_array_size_error),
		cmocka_unit_test(test_glsl_bones),
		cmocka_unit_test(test_glsl_index_beside_texture),
	};
	return cmocka_run_group_tests_name("driver_index", tests, NULL, NULL);
}
