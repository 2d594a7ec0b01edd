/*
 * test_driver_prims.c: points and lines with varyings, end to end on the
 * simulator, exact pixels. The hardware gives the fragment shader generated
 * varyings before the declared ones — a point's (s, t), a line's coordinate
 * — which the record's varying count does not include (docs/lowering.md,
 * "Fragment shaders"): a colour varying read in the wrong FIFO slot shows
 * as a wrong colour here. Also point_coord's orientation (GL's upper-left
 * origin: t grows downwards) and the three primitive classes sharing one
 * job, each with its FS variant.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"

#define W 32
#define H 32

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

/* The colour shaders plus a point size from a uniform. */
static const char sized_vs[] =
	"vertex\n"
	"attribute vec4 @pos\n"
	"attribute vec4 @colour\n"
	"uniform float @psize\n"
	"varying smooth vec4 @v_colour\n"
	"output position\n"
	"output point_size\n"
	"%p = load @pos\n"
	"store @position, %p\n"
	"%c = load @colour\n"
	"store @v_colour, %c\n"
	"%s = load @psize\n"
	"store @point_size, %s\n";

/* (point_coord.s, point_coord.t, colour.b, 1). */
static const char coord_fs[] =
	"fragment\n"
	"varying smooth vec4 @v_colour\n"
	"output color\n"
	"%pc = point_coord\n"
	"%c = load @v_colour\n"
	"%s = extract %pc, 0\n"
	"%t = extract %pc, 1\n"
	"%b = extract %c, 2\n"
	"%one = const float 1\n"
	"%o = vec4 %s, %t, %b, %one\n"
	"store @color, %o\n";

struct fix {
	struct vc4_ctx *ctx;
	struct vc4_texture *rt;
	uint8_t img[W * H * 4];
};

static int setup(void **state)
{
	static struct fix f;
	f.ctx = drvt_ctx();
	f.rt = vc4_texture_create(f.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, W, H, NULL);
	if (!f.rt)
		fail_msg("%s", vc4_ctx_error(f.ctx));
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fix *f = *state;
	vc4_texture_destroy(f->rt);
	vc4_ctx_destroy(f->ctx);
	return 0;
}

/* Pixel (x, y) of the read-back image (row 0 at the top) as 0xRRGGBBAA. */
static uint32_t px(const struct fix *f, uint32_t x, uint32_t y)
{
	const uint8_t *p = f->img + 4 * ((size_t)y * W + x);
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void assert_px(const struct fix *f, uint32_t x, uint32_t y, uint32_t rgba)
{
	uint32_t got = px(f, x, y);
	if (got != rgba)
		fail_msg("pixel (%u, %u): %08x, expected %08x", x, y, got, rgba);
}

/* Every pixel of the image rectangle [x0, x1] x [y0, y1] is rgba. */
static void assert_rect(const struct fix *f, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
			uint32_t rgba)
{
	for (uint32_t y = y0; y <= y1; y++)
		for (uint32_t x = x0; x <= x1; x++)
			assert_px(f, x, y, rgba);
}

/* One vertex (x, y, z, w, r, g, b, a) at window position (wx, wy), GL's
 * y up, on the W x H target. */
static void vertex(float *v, float wx, float wy, const float rgba[4])
{
	const float at[8] = { wx / (W / 2) - 1, wy / (H / 2) - 1, 0, 1,
			      rgba[0], rgba[1], rgba[2], rgba[3] };
	memcpy(v, at, sizeof(at));
}

/* Clears to black, binds `prog` and a buffer of n vertices. */
static struct vc4_buffer *begin(struct fix *f, struct vc4_prog *prog, const float *v, size_t n)
{
	const float black[4] = { 0, 0, 0, 1 };
	struct vc4_buffer *b = vc4_buffer_create(f->ctx, v, n * 8 * sizeof(float));
	if (!prog || !b)
		fail_msg("%s", vc4_ctx_error(f->ctx));
	OK(f->ctx, vc4_set_framebuffer(f->ctx, f->rt, NULL));
	OK(f->ctx, vc4_clear(f->ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(f->ctx, vc4_set_program(f->ctx, prog));
	drvt_bind_colour_attribs(f->ctx, b);
	return b;
}

static void read_back(struct fix *f)
{
	OK(f->ctx, vc4_flush(f->ctx));
	OK(f->ctx, vc4_finish(f->ctx));
	OK(f->ctx, vc4_texture_read_rgba8(f->rt, f->img));
}

static const float c_red[4] = { 1, 0, 0, 1 }, c_green[4] = { 0, 1, 0.2f, 1 },
		   c_mix[4] = { 0.6f, 0.2f, 1, 0.4f }, c_teal[4] = { 0.2f, 0.6f, 1, 1 },
		   c_orange[4] = { 1, 0.4f, 0, 1 }, c_grey[4] = { 0.4f, 0.4f, 0.4f, 1 };
#define RED 0xff0000ffu
#define GREEN 0x00ff33ffu
#define MIX 0x9933ff66u
#define TEAL 0x3399ffffu
#define ORANGE 0xff6600ffu
#define GREY 0x666666ffu
#define BLACK 0x000000ffu

/* Points whose FS does not read point_coord: the point's two generated
 * varyings are still popped first, so each 4x4 square has exactly its
 * vertex's colour (the interpolated part is 0 on a point: C alone). */
static void test_points_colour(void **state)
{
	struct fix *f = *state;
	float v[3 * 8];
	vertex(v, 8, 24, c_red);      /* image columns 6..9, rows 6..9 */
	vertex(v + 8, 16, 12, c_green); /* columns 14..17, rows 18..21 */
	vertex(v + 16, 26, 6, c_mix); /* columns 24..27, rows 24..27 */
	struct vc4_prog *p = vc4_prog_create(f->ctx, sized_vs, drvt_colour_fs);
	struct vc4_buffer *b = begin(f, p, v, 3);
	const float four = 4.0f;
	OK(f->ctx, vc4_prog_set_uniform_f(p, "psize", &four, 1));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_POINTS, 0, 3));
	/* the record counts the declared varyings only: 4 */
	const struct drv_job *job = drv_job_find(f->ctx, f->rt);
	assert_int_equal(job->cl.shader_rec.data[20 + 3], 4);
	read_back(f);
	assert_rect(f, 6, 6, 9, 9, RED);
	assert_rect(f, 14, 18, 17, 21, GREEN);
	assert_rect(f, 24, 24, 27, 27, MIX);
	assert_px(f, 5, 6, BLACK);
	assert_px(f, 10, 9, BLACK);
	assert_px(f, 14, 17, BLACK);
	assert_px(f, 17, 22, BLACK);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(b);
}

/* gl_PointCoord on an 8-pixel point: s grows to the right, t downwards
 * (GL's upper-left origin), both (i + 0.5) / 8 at pixel i of the square. */
static void test_point_coord(void **state)
{
	struct fix *f = *state;
	static const uint8_t byte[8] = { 16, 48, 80, 112, 143, 175, 207, 239 };
	float v[8];
	vertex(v, 12, 20, c_green);   /* image columns 8..15, rows 8..15 */
	struct vc4_prog *p = vc4_prog_create(f->ctx, sized_vs, coord_fs);
	struct vc4_buffer *b = begin(f, p, v, 1);
	const float eight = 8.0f;
	OK(f->ctx, vc4_prog_set_uniform_f(p, "psize", &eight, 1));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_POINTS, 0, 1));
	const struct drv_job *job = drv_job_find(f->ctx, f->rt);
	assert_int_equal(job->cl.shader_rec.data[20 + 3], 4);
	read_back(f);
	for (uint32_t j = 0; j < 8; j++)
		for (uint32_t i = 0; i < 8; i++)
			assert_px(f, 8 + i, 8 + j, (uint32_t)byte[i] << 24 |
				  (uint32_t)byte[j] << 16 | 0x33ffu);
	assert_px(f, 7, 8, BLACK);
	assert_px(f, 16, 15, BLACK);
	assert_px(f, 8, 7, BLACK);
	assert_px(f, 15, 16, BLACK);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(b);
}

/* Lines (a list and a strip) with a colour varying: the line coordinate is
 * popped first; constant colours along each line give exact pixels. */
static void test_lines_colour(void **state)
{
	struct fix *f = *state;
	float v[7 * 8];
	vertex(v, 4, 10.5f, c_teal);        /* x-major: image row 21, columns 4..27 */
	vertex(v + 8, 28, 10.5f, c_teal);
	vertex(v + 16, 20.5f, 14, c_orange); /* y-major: column 20, image rows 2..17 */
	vertex(v + 24, 20.5f, 30, c_orange);
	vertex(v + 32, 2, 27.5f, c_grey);    /* strip: image row 4, columns 2..13 ... */
	vertex(v + 40, 14, 27.5f, c_grey);
	vertex(v + 48, 14, 30.5f, c_grey);   /* ... then two more pixels upwards */
	struct vc4_prog *p = vc4_prog_create(f->ctx, drvt_colour_vs, drvt_colour_fs);
	struct vc4_buffer *b = begin(f, p, v, 7);
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_LINES, 0, 4));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_LINE_STRIP, 4, 3));
	read_back(f);
	assert_rect(f, 6, 21, 25, 21, TEAL);
	assert_rect(f, 6, 20, 25, 20, BLACK);
	assert_rect(f, 6, 22, 25, 22, BLACK);
	assert_rect(f, 20, 4, 20, 15, ORANGE);
	assert_rect(f, 19, 4, 19, 15, BLACK);
	assert_rect(f, 21, 4, 21, 15, BLACK);
	assert_rect(f, 3, 4, 12, 4, GREY);
	assert_rect(f, 3, 3, 12, 3, BLACK);
	assert_rect(f, 3, 5, 12, 5, BLACK);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(b);
}

/* A triangle, points and lines in one job with one program: three FS
 * variants (triangles, points, lines), each draw with its own. */
static void test_one_job(void **state)
{
	struct fix *f = *state;
	float v[6 * 8];
	vertex(v, 0, 0, c_red);            /* a red triangle in the lower-left corner */
	vertex(v + 8, 12, 0, c_red);
	vertex(v + 16, 0, 12, c_red);
	vertex(v + 24, 24, 24, c_green);   /* a point: image columns 22..25, rows 6..9 */
	vertex(v + 32, 16, 26.5f, c_teal); /* a line: image row 5, columns 16..29 */
	vertex(v + 40, 30, 26.5f, c_teal);
	struct vc4_prog *p = vc4_prog_create(f->ctx, sized_vs, drvt_colour_fs);
	struct vc4_buffer *b = begin(f, p, v, 6);
	const float four = 4.0f;
	OK(f->ctx, vc4_prog_set_uniform_f(p, "psize", &four, 1));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_POINTS, 3, 1));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_LINES, 4, 2));
	OK(f->ctx, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_int_equal(p->variants.len, 3);
	read_back(f);
	assert_rect(f, 0, 26, 4, 31, RED);
	assert_px(f, 11, 20, BLACK);
	assert_rect(f, 22, 6, 25, 9, GREEN);
	assert_rect(f, 17, 5, 28, 5, TEAL);
	assert_rect(f, 17, 4, 21, 4, BLACK);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_points_colour),
		cmocka_unit_test(test_point_coord),
		cmocka_unit_test(test_lines_colour),
		cmocka_unit_test(test_one_job),
	};
	return cmocka_run_group_tests_name("driver_prims", tests, setup, teardown);
}
