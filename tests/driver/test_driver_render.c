/*
 * test_driver_render.c: pixels through the whole stack on the simulator:
 * render to a T-format texture, then sample it in a second job (the
 * dependency flush, issue 5 §3); an RGB565 target; the scissor; a colour
 * mask; a clear of an LT target. Points are chosen where the result is
 * exactly defined.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "driver_fixture.h"

static int setup(void **state)
{
	*state = drvt_ctx();
	return 0;
}

static int teardown(void **state)
{
	vc4_ctx_destroy(*state);
	return 0;
}

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

static void assert_px(const uint8_t *img, uint32_t w, uint32_t x, uint32_t y, uint32_t rgba)
{
	const uint8_t *p = img + 4 * ((size_t)y * w + x);
	uint32_t got = (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
	if (got != rgba)
		fail_msg("pixel (%u, %u): %08x, expected %08x", x, y, got, rgba);
}

/* A full-target quad (strip): position, then uv. */
static const float quad[] = {
	-1, -1, 0, 1, 0, 1,  1, -1, 0, 1, 1, 1,  -1, 1, 0, 1, 0, 0,  1, 1, 0, 1, 1, 0,
};

static void test_render_to_texture(void **state)
{
	struct vc4_ctx *ctx = *state;
	static uint8_t img[32 * 32 * 4];
	const float red[4] = { 1, 0, 0, 1 }, black[4] = { 0, 0, 0, 1 };
	struct vc4_texture *a = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 64, 64,
						   NULL);
	struct vc4_texture *b = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 32,
						   32, NULL);
	struct vc4_buffer *tri = drvt_triangle(ctx);
	struct vc4_buffer *vb = vc4_buffer_create(ctx, quad, sizeof(quad));
	struct vc4_prog *colour = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	struct vc4_prog *tex = vc4_prog_create(ctx, drvt_textured_vs, drvt_textured_fs);
	/* A: red, with an RGB triangle over its lower part. */
	OK(ctx, vc4_set_framebuffer(ctx, a, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, red, 1, 0));
	OK(ctx, vc4_set_program(ctx, colour));
	drvt_bind_colour_attribs(ctx, tri);
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	/* B: A scaled down, nearest: B's pixel (x, y) samples A's (2x+1, 2y+1). */
	struct vc4_vertex_attrib at[2] = { { vb, 0, 24, VC4_ATTR_FLOAT },
					   { vb, 16, 24, VC4_ATTR_FLOAT } };
	OK(ctx, vc4_set_framebuffer(ctx, b, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(ctx, vc4_set_program(ctx, tex));
	OK(ctx, vc4_set_vertex_attribs(ctx, at, 2));
	OK(ctx, vc4_set_texture(ctx, 0, a));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLE_STRIP, 0, 4));
	struct vc4_ctx_stats st;
	vc4_ctx_get_stats(ctx, &st);
	assert_int_equal(st.flush_dependency, 1);
	OK(ctx, vc4_texture_read_rgba8(b, img));
	assert_px(img, 32, 0, 0, 0xff0000ff);     /* A's corner: the red clear */
	assert_px(img, 32, 31, 0, 0xff0000ff);
	assert_px(img, 32, 0, 16, 0xff0000ff);    /* A (1, 33): left of the triangle */
	const uint8_t *mid = img + 4 * (16 * 32 + 16); /* A (33, 33): inside it */
	if (mid[0] == 0xff && mid[1] == 0 && mid[2] == 0)
		fail_msg("pixel (16, 16) is the clear colour: the triangle is missing");
	vc4_set_texture(ctx, 0, NULL);
	vc4_prog_destroy(tex);
	vc4_prog_destroy(colour);
	vc4_buffer_destroy(vb);
	vc4_buffer_destroy(tri);
	vc4_texture_destroy(b);
	vc4_texture_destroy(a);
}

/* Scissor and colour mask on an RGB565 target. */
static void test_565_scissor_mask(void **state)
{
	struct vc4_ctx *ctx = *state;
	static uint8_t img[64 * 64 * 4];
	const float blue[4] = { 0, 0, 1, 1 };
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGB565, VC4_LAYOUT_T, 64, 64, NULL);
	static const float white_tri[] = {
		-1, -1, 0, 1, 1, 1, 1, 1,  3, -1, 0, 1, 1, 1, 1, 1,  -1, 3, 0, 1, 1, 1, 1, 1,
	};
	struct vc4_buffer *vb = vc4_buffer_create(ctx, white_tri, sizeof(white_tri));
	struct vc4_prog *p = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, blue, 1, 0));
	OK(ctx, vc4_set_program(ctx, p));
	drvt_bind_colour_attribs(ctx, vb);
	OK(ctx, vc4_set_scissor(ctx, true, 0, 0, 32, 16)); /* GL: bottom-left 32x16 */
	vc4_set_color_mask(ctx, 0x1);                       /* red only */
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	vc4_set_color_mask(ctx, 0xf);
	OK(ctx, vc4_set_scissor(ctx, false, 0, 0, 0, 0));
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_px(img, 64, 0, 0, 0x0000ffff);      /* top-left: outside the scissor */
	assert_px(img, 64, 40, 60, 0x0000ffff);    /* bottom row, right of the scissor */
	assert_px(img, 64, 5, 60, 0xff00ffff);     /* inside: red written, blue kept */
	assert_px(img, 64, 31, 48, 0xff00ffff);    /* the scissor's top-right pixel */
	assert_px(img, 64, 31, 47, 0x0000ffff);    /* just above it */
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_render_to_texture),
		cmocka_unit_test(test_565_scissor_mask),
	};
	return cmocka_run_group_tests_name("driver_render", tests, setup, teardown);
}
