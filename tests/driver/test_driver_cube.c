/*
 * test_driver_cube.c: cube maps through the API (vc4_texture_create_cube):
 * a samplerCube looked up along each major axis returns that face's
 * colour (faces in GL's order), the config words (P0's cube bit, P2's face
 * stride) are exact, and the misuses fail with their messages: a 2D
 * texture for a samplerCube and the reverse, a cube map as render target or
 * read back, an unsupported format or size.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

static const char quad_vs[] =
	"attribute vec4 pos;\n"
	"void main() { gl_Position = pos; }\n";

static const char cube_fs[] =
	"precision mediump float;\n"
	"uniform samplerCube sky;\n"
	"uniform vec3 dir;\n"
	"void main() { gl_FragColor = textureCube(sky, dir); }\n";

static const char flat_fs[] =
	"precision mediump float;\n"
	"uniform sampler2D plain;\n"
	"void main() { gl_FragColor = texture2D(plain, vec2(0.5)); }\n";

/* +X red, -X green, +Y blue, -Y yellow, +Z magenta, -Z cyan (0xRRGGBBAA). */
static const uint32_t face_rgba[6] = { 0xff0000ff, 0x00ff00ff, 0x0000ffff,
				       0xffff00ff, 0xff00ffff, 0x00ffffff };

#define SIZE 16
static uint8_t faces[6][SIZE * SIZE * 4];

static struct vc4_texture *make_cube(struct vc4_ctx *ctx)
{
	const uint8_t *ptr[6];
	for (int f = 0; f < 6; f++) {
		for (int i = 0; i < SIZE * SIZE; i++)
			for (int c = 0; c < 4; c++)
				faces[f][4 * i + c] = (uint8_t)(face_rgba[f] >> (24 - 8 * c));
		ptr[f] = faces[f];
	}
	struct vc4_texture *t = vc4_texture_create_cube(ctx, VC4_FMT_RGBA8888, SIZE, ptr);
	OK(ctx, t != NULL);
	return t;
}

/* A program with FS `fs` drawing a full-target quad; attributes bound. */
static struct vc4_prog *quad_prog(struct vc4_ctx *ctx, const char *fs, struct vc4_buffer **vb)
{
	*vb = drvt_quad(ctx);
	struct vc4_prog *p = vc4_prog_create_glsl(ctx, quad_vs, fs, NULL, 0);
	OK(ctx, p != NULL && *vb != NULL);
	struct vc4_vertex_attrib at = { *vb, 0, 16, VC4_ATTR_FLOAT };
	OK(ctx, vc4_set_program(ctx, p));
	OK(ctx, vc4_set_vertex_attribs(ctx, &at, 1));
	return p;
}

/* Each major axis (with small minor components) reads its face. */
static void test_faces(void **state)
{
	(void)state;
	static const float dirs[6][3] = { { 1, 0.2f, -0.3f }, { -1, 0.1f, 0.4f },
					  { 0.3f, 1, -0.2f }, { -0.1f, -1, 0.2f },
					  { 0.2f, 0.3f, 1 }, { -0.4f, 0.1f, -1 } };
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[64 * 64 * 4];
	const float black[4] = { 0, 0, 0, 1 };
	const int32_t unit = 0;
	struct vc4_texture *rt = drvt_target(ctx, VC4_LAYOUT_RASTER), *sky = make_cube(ctx);
	struct vc4_buffer *vb;
	struct vc4_prog *p = quad_prog(ctx, cube_fs, &vb);
	OK(ctx, vc4_set_texture(ctx, 0, sky));
	OK(ctx, vc4_prog_set_uniform_i(p, "sky", &unit, 1));
	for (int f = 0; f < 6; f++) {
		OK(ctx, vc4_set_framebuffer(ctx, rt, NULL));
		OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
		OK(ctx, vc4_prog_set_uniform_f(p, "dir", dirs[f], 3));
		OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 6));
		OK(ctx, vc4_texture_read_rgba8(rt, img));
		assert_int_equal(drvt_px(img, 64, 5, 7), face_rgba[f]);
		assert_int_equal(drvt_px(img, 64, 60, 50), face_rgba[f]);
	}
	/* the words: RGBA8888 (type 0) with the cube bit; stride 4 KiB */
	assert_int_equal(drv_texture_p0(sky), 1u << 9);
	assert_int_equal(drv_texture_p2(sky), 1u << 30 | 1u << 12);
	assert_int_equal(drv_texture_p2(rt), 0);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(sky);
	vc4_texture_destroy(rt);
	vc4_ctx_destroy(ctx);
}

/* A sampler's kind must match the texture of its unit, both ways. */
static void test_kind_mismatch(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_texture *rt = drvt_target(ctx, VC4_LAYOUT_RASTER), *sky = make_cube(ctx);
	struct vc4_texture *flat = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO,
						      SIZE, SIZE, NULL);
	struct vc4_buffer *vb;
	OK(ctx, vc4_set_framebuffer(ctx, rt, NULL));
	struct vc4_prog *p = quad_prog(ctx, cube_fs, &vb);
	OK(ctx, vc4_set_texture(ctx, 0, flat));
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 6));
	assert_string_equal(vc4_ctx_error(ctx), "draw: the fragment shader's sampler 0 is a "
			    "samplerCube, unit 0 holds a 2D texture");
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	p = quad_prog(ctx, flat_fs, &vb);
	OK(ctx, vc4_set_texture(ctx, 0, sky));
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 6));
	assert_string_equal(vc4_ctx_error(ctx), "draw: the fragment shader's sampler 0 is a "
			    "sampler2D, unit 0 holds a cube map");
	OK(ctx, vc4_set_texture(ctx, 0, flat));   /* the context still draws */
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 6));
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(flat);
	vc4_texture_destroy(sky);
	vc4_texture_destroy(rt);
	vc4_ctx_destroy(ctx);
}

/* What a cube map is not, and what it cannot be made of. */
static void test_misuse(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[SIZE * SIZE * 4];
	struct vc4_texture *sky = make_cube(ctx);
	assert_false(vc4_set_framebuffer(ctx, sky, NULL));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_set_framebuffer: a cube map is not a render target");
	assert_false(vc4_texture_read_rgba8(sky, img));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_texture_read_rgba8: a cube map is not read back");
	const uint8_t *none[6] = { NULL, NULL, NULL, NULL, NULL, NULL };
	assert_null(vc4_texture_create_cube(ctx, VC4_FMT_Z24S8, SIZE, none));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_texture_create_cube: format 3 is not RGBA8888 or RGB565");
	assert_null(vc4_texture_create_cube(ctx, VC4_FMT_RGBA8888, 4096, none));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_texture_create_cube: size 4096 outside 1..2048");
	struct vc4_texture *empty = vc4_texture_create_cube(ctx, VC4_FMT_RGB565, 1, none);
	OK(ctx, empty != NULL);
	vc4_texture_destroy(empty);
	vc4_texture_destroy(sky);
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_faces),
		cmocka_unit_test(test_kind_mismatch),
		cmocka_unit_test(test_misuse),
	};
	return cmocka_run_group_tests_name("driver_cube", tests, NULL, NULL);
}
