/*
 * test_points.c: points and lines, drawn as screen-space quads: a point of
 * 4 pixels is a 4x4 square around its vertex; x-major and y-major lines of
 * width 1 cover one pixel per column or row; a line loop closes; face
 * culling does not apply to them; colours come from their vertices, read
 * after the varyings the hardware generates (a point's s and t, exact
 * across the square from its lower-left corner; a line's coordinate from
 * its first vertex to its second), which the binner's Primitive List
 * Format packets announce.
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
	j.fs = fx_fs_point_color;
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
	j.fs = fx_fs_line_color;
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
		j.fs = fx_fs_line_color;
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

/* An FS writing the float bits of generated varying `k` (0: s or the line
 * coordinate, 1: t) as the colour word. */
static const char fs_coord_s[] =
	"fmul r0, ra15, vary\n" "fadd r0, r0, r5\n"
	"fmul r1, ra15, vary\n" "fadd r1, r1, r5\n"
	"nop ; nop ; sbwait\n" "mov tlb_color_all, r0\n"
	"nop ; nop ; thrend\n" "nop\n" "nop ; nop ; sbdone\n";
static const char fs_coord_t[] =
	"fmul r0, ra15, vary\n" "fadd r0, r0, r5\n"
	"fmul r1, ra15, vary\n" "fadd r1, r1, r5\n"
	"nop ; nop ; sbwait\n" "mov tlb_color_all, r1\n"
	"nop ; nop ; thrend\n" "nop\n" "nop ; nop ; sbdone\n";
static const char fs_coord_line[] =
	"fmul r0, ra15, vary\n" "fadd r0, r0, r5\n"
	"nop ; nop ; sbwait\n" "mov tlb_color_all, r0\n"
	"nop ; nop ; thrend\n" "nop\n" "nop ; nop ; sbdone\n";

static uint32_t float_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* Draws one point at (x, y) of `size` pixels (Point Size packet; the
 * record declares the 3 colour varyings, not the generated ones) with FS
 * `fs`, and checks every pixel: inside the square [x0, x0 + size) x
 * [y0, y0 + size), the float bits of s (want_t: t), outside the clear. */
static void check_point(float x, float y, float size, const char *fs, bool want_t)
{
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.mode = VC4_PRIMITIVE_MODE_POINTS;
	j.point_size = size;
	j.line_width = 1;
	j.fs = fs;
	const struct fx_vertex v = { x, y, 0.5f, 1, 0, 0 };
	fx_build(&j, &v, 1);
	fx_run_ok(&j);
	double x0 = x - size / 2, y0 = y - size / 2;
	for (uint32_t py = 0; py < 64; py++) {
		for (uint32_t px = 0; px < 64; px++) {
			double cx = px + 0.5, cy = py + 0.5;
			bool in = cx >= x0 && cx < x0 + size && cy >= y0 && cy < y0 + size;
			double st = want_t ? (y0 + size - cy) / size : (cx - x0) / size;
			uint32_t want = in ? float_bits((float)st) : 0xff204060;
			if (fx_pixel(&j, px, py) != want)
				fail_msg("point %g at (%g,%g): pixel (%u,%u) = 0x%08x, want 0x%08x",
					 size, x, y, px, py, fx_pixel(&j, px, py), want);
		}
	}
	fx_fini(&j);
}

/* Point coordinates: s grows to the right and t upwards (y grows down the
 * frame), 0 at the lower-left corner and 1 at the upper-right one (Mesa
 * reads t as GL's lower-left-origin coordinate and computes 1 - t for an
 * upper-left origin), so a pixel centre reads its distance from the left
 * or bottom edge / size: 1/8, 3/8, 5/8, 7/8 across a 4-pixel point on
 * pixel corners; multiples of 1/8 across an 8-pixel one whose left and top
 * edges pass through centres. */
static void point_coords(void **state)
{
	(void)state;
	check_point(20, 20, 4, fs_coord_s, false);
	check_point(20, 20, 4, fs_coord_t, true);
	check_point(40.5f, 24.5f, 8, fs_coord_s, false);
	check_point(40.5f, 24.5f, 8, fs_coord_t, true);
}

/* Line coordinates: 0 at the first vertex, 1 at the second, linear along
 * the line (w = 1): a horizontal line from x = 8 to 40 at y = 10.25 reads
 * (x + 0.5 - 8) / 32 at column x, and the same line drawn from 40 to 8
 * reads (40 - x - 0.5) / 32 (multiples of 1/64: exact floats). */
static void line_coords(void **state)
{
	(void)state;
	for (int rev = 0; rev < 2; rev++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.mode = VC4_PRIMITIVE_MODE_LINES;
		j.point_size = 1;
		j.line_width = 1;
		j.fs = fs_coord_line;
		const struct fx_vertex v[2] = {
			{ rev ? 40 : 8, 10.25f, 0.5f, 0, 0, 1 }, { rev ? 8 : 40, 10.25f, 0.5f, 0, 0, 1 },
		};
		fx_build(&j, v, 2);
		fx_run_ok(&j);
		for (uint32_t x = 8; x < 40; x++) {
			double c = rev ? (40 - x - 0.5) / 32 : (x + 0.5 - 8) / 32;
			if (fx_pixel(&j, x, 10) != float_bits((float)c))
				fail_msg("line %d: pixel (%u,10) = 0x%08x, want %.9g", rev, x,
					 fx_pixel(&j, x, 10), c);
		}
		assert_int_equal(j.stats.fragments_written, 32);
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(points),
		cmocka_unit_test(lines),
		cmocka_unit_test(line_loop_and_strip),
		cmocka_unit_test(point_coords),
		cmocka_unit_test(line_coords),
	};
	return cmocka_run_group_tests_name("simpipe_points", tests, NULL, NULL);
}
