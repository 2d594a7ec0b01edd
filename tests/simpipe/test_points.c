/*
 * test_points.c: points and lines, drawn as screen-space quads: a point of
 * 4 pixels is a 4x4 square around its vertex; x-major and y-major lines of
 * width 1 cover one pixel per column or row; a line loop closes; face
 * culling does not apply to them; colours come from their vertices.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

static uint32_t count_color(struct fx_job *j, uint32_t color)
{
	uint32_t n = 0;
	for (uint32_t y = 0; y < j->height; y++)
		for (uint32_t x = 0; x < j->width; x++)
			n += fx_pixel(j, x, y) == color;
	return n;
}

/* Points at (20, 20) red and (40.5, 40.5) green, size 4: squares
 * [18, 22) and [38.5, 42.5) (centres 38.5 .. 41.5 on the top-left edges are
 * in, 42.5 out). Only forward faces enabled: points are not culled. */
static void points(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.mode = VC4_PRIMITIVE_MODE_POINTS;
	j.point_size = 4;
	j.line_width = 1;
	const struct fx_vertex v[2] = {
		{ 20, 20, 0.5f, 1, 0, 0 }, { 40.5f, 40.5f, 0.5f, 0, 1, 0 },
	};
	fx_build(&j, v, 2);
	uint32_t at = FX_BCL + 16 + 1 + 9; /* Configuration Bits: forward faces only */
	EMIT(&j, &at, CONFIGURATION_BITS, .enable_forward_facing_primitive = true,
	     .depth_test_function = VC4_COMPARE_FUNCTION_ALWAYS);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool red = x >= 18 && x < 22 && y >= 18 && y < 22;
			bool green = x >= 38 && x < 42 && y >= 38 && y < 42;
			uint32_t want = red ? 0xff0000ff : green ? 0xff00ff00 : 0xff204060;
			if (fx_pixel(&j, x, y) != want)
				fail_msg("pixel (%u,%u) = 0x%08x, want 0x%08x", x, y,
					 fx_pixel(&j, x, y), want);
		}
	}
	assert_int_equal(j.stats.primitives_in, 2);
	assert_int_equal(j.stats.primitives_binned, 2);
	fx_fini(&j);
}

/* A horizontal line at y = 10.25 from x = 8 to 56 (covers row 10, columns
 * 8..55) and a vertical one at x = 30.25 from y = 20 to 60 (column 30,
 * rows 20..59), blue. */
static void lines(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.mode = VC4_PRIMITIVE_MODE_LINES;
	j.point_size = 1;
	j.line_width = 1;
	const struct fx_vertex v[4] = {
		{ 8, 10.25f, 0.5f, 0, 0, 1 }, { 56, 10.25f, 0.5f, 0, 0, 1 },
		{ 30.25f, 20, 0.5f, 0, 0, 1 }, { 30.25f, 60, 0.5f, 0, 0, 1 },
	};
	fx_build(&j, v, 4);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool in = (y == 10 && x >= 8 && x < 56) || (x == 30 && y >= 20 && y < 60);
			uint32_t want = in ? 0xffff0000 : 0xff204060;
			if (fx_pixel(&j, x, y) != want)
				fail_msg("pixel (%u,%u) = 0x%08x, want 0x%08x", x, y,
					 fx_pixel(&j, x, y), want);
		}
	}
	assert_int_equal(j.stats.primitives_in, 2);
	fx_fini(&j);
}

/* A line loop around the square (8.25, 8.25) .. (40.25, 40.25), width 1:
 * four sides, the closing one included; strips give three. */
static void line_loop_and_strip(void **state)
{
	(void)state;
	const struct fx_vertex v[4] = {
		{ 8.25f, 8.25f, 0.5f, 1, 1, 1 }, { 40.25f, 8.25f, 0.5f, 1, 1, 1 },
		{ 40.25f, 40.25f, 0.5f, 1, 1, 1 }, { 8.25f, 40.25f, 0.5f, 1, 1, 1 },
	};
	for (int loop = 0; loop < 2; loop++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.mode = loop ? VC4_PRIMITIVE_MODE_LINE_LOOP : VC4_PRIMITIVE_MODE_LINE_STRIP;
		j.point_size = 1;
		j.line_width = 1;
		fx_build(&j, v, 4);
		fx_run_ok(&j);
		assert_int_equal(j.stats.primitives_in, loop ? 4 : 3);
		/* The left side (x = 8, rows 8..39) exists only in the loop. */
		assert_int_equal(fx_pixel(&j, 8, 20), loop ? 0xffffffff : 0xff204060);
		assert_int_equal(fx_pixel(&j, 20, 8), 0xffffffff);
		assert_true(count_color(&j, 0xffffffff) >= (loop ? 4u : 3u) * 31);
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(points),
		cmocka_unit_test(lines),
		cmocka_unit_test(line_loop_and_strip),
	};
	return cmocka_run_group_tests_name("simpipe_points", tests, NULL, NULL);
}
