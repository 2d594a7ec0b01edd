/*
 * test_clip.c: clipping in the binner with clip-space shaders: a triangle
 * crossing the near plane is cut to a quad whose new vertices keep the
 * original triangle's colour interpolation; a vertex behind the eye
 * (w < 0) still draws the visible part; a triangle beyond the far plane is
 * rejected. Lines are clipped the same way: cut at the near plane with
 * their colours interpolated as before the cut, cut at w = 0+ and the guard
 * band behind the eye, rejected beyond the far plane. Viewport: 64x64,
 * centre (32, 32), half size 32 pixels.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

/* Attributes: xc yc zc wc r g b. Screen: Xs = xc / wc * 512 (1/16 pixel),
 * Zs = zc / wc * 0.5 + 0.5. */
#define CLIP_HEAD \
	"mov ra0, vpm\n" "mov ra1, vpm\n" "mov ra2, vpm\n" "mov ra3, vpm\n" \
	"mov sfu_recip, ra3\n" "nop\n" "nop\n" "mov rb4, r4\n" \
	"ldi r3, 512.0\n" \
	"fmul r0, ra0, rb4\n" "fmul r0, r0, r3\n" "fmul r1, ra1, rb4\n" "fmul r1, r1, r3\n" \
	"ftoi ra5.16a, r0\n" "ftoi ra5.16b, r1\n" \
	"fmul r2, ra2, rb4\n" "ldi r3, 0.5\n" "fmul r2, r2, r3\n" "fadd r2, r2, r3\n"
#define CLIP_TAIL "nop ; nop ; thrend\n" "nop\n" "nop\n"

static const char cs_clip[] =
	"ldi vr_setup, 0x00401a00\n" "ldi vw_setup, 0x00001a00\n" CLIP_HEAD
	"mov vpm, ra0\n" "mov vpm, ra1\n" "mov vpm, ra2\n" "mov vpm, ra3\n"
	"mov vpm, ra5\n" "mov vpm, r2\n" "mov vpm, rb4\n" CLIP_TAIL;

static const char vs_clip[] =
	"ldi vr_setup, 0x00701a00\n" "ldi vw_setup, 0x00001a00\n" CLIP_HEAD
	"mov ra6, vpm\n" "mov ra7, vpm\n" "mov ra8, vpm\n"
	"mov vpm, ra5\n" "mov vpm, r2\n" "mov vpm, rb4\n"
	"mov vpm, ra6\n" "mov vpm, ra7\n" "mov vpm, ra8\n" CLIP_TAIL;

static void clip_job(struct fx_job *j)
{
	fx_init(j, 64, 64);
	j->cs = cs_clip;
	j->vs = vs_clip;
	j->clipping = true;
	j->xy_scale = 512.0f;
	j->vp_x = 32.0f;
	j->vp_y = 32.0f;
}

/* A (16,16) and B (48,16) red at z = 0; C (32,48) blue at z = -2, behind
 * the near plane (z >= -w): the edges to C are cut half-way, at y = 32. */
static void near_plane(void **state)
{
	(void)state;
	struct fx_job j;
	clip_job(&j);
	const float v[3][7] = {
		{ -0.5f, -0.5f, 0, 1, 1, 0, 0 }, { 0.5f, -0.5f, 0, 1, 1, 0, 0 },
		{ 0, 0.5f, -2, 1, 0, 0, 1 },
	};
	fx_build_raw(&j, v[0], 7, 3);
	fx_run_ok(&j);
	uint32_t covered = 0;
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			double px = x + 0.5, py = y + 0.5, d = (py - 16) / 2;
			bool in = py > 16 && py < 32 && px > 16 + d && px < 48 - d;
			uint32_t got = fx_pixel(&j, x, y);
			covered += in;
			if (!in) {
				if (got != 0xff204060)
					fail_msg("pixel (%u,%u) = 0x%08x outside", x, y, got);
				continue;
			}
			/* The unclipped triangle's interpolation: blue = (py - 16) / 32. */
			double blue = (py - 16) / 32 * 255, red = 255 - blue;
			if (fabs(((got >> 16) & 0xff) - blue) > 1 || fabs((got & 0xff) - red) > 1)
				fail_msg("pixel (%u,%u) = 0x%08x, want red %g blue %g", x, y, got,
					 red, blue);
		}
	}
	assert_int_equal(j.stats.fragments_written, covered);
	assert_int_equal(j.stats.primitives_binned, 1);
	assert_int_equal(j.stats.tile_primitives, 2); /* the quad as a fan of two */
	assert_int_equal(j.stats.primitives_clipped, 1);
	fx_fini(&j);
}

/* Every value of every byte of the Clipper XY Scaling of the near-plane job
 * (issue: one changed byte overflowed a signed int in pipe_clip.c under
 * UBSan). Each job completes or fails with a reason, and UBSan (halting in
 * the sanitizer suite) sees no overflow: clipped coordinates are clamped to
 * the render side's ±2^24. */
static void any_xy_scaling(void **state)
{
	(void)state;
	const float v[3][7] = {
		{ -0.5f, -0.5f, 0, 1, 1, 0, 0 }, { 0.5f, -0.5f, 0, 1, 1, 0, 0 },
		{ 0, 0.5f, 0, -0.5f, 0, 0, 1 },
	};
	uint32_t ran = 0;
	for (int byte = 0; byte < 4; byte++) {
		for (int value = 0; value < 256; value++) {
			struct fx_job j;
			clip_job(&j);
			uint8_t b[4];
			memcpy(b, &j.xy_scale, 4);
			b[byte] = (uint8_t)value;
			memcpy(&j.xy_scale, b, 4);
			fx_build_raw(&j, v[0], 7, 3);
			(void)fx_run(&j);
			fx_fini(&j);
			ran++;
		}
	}
	assert_int_equal(ran, 1024);
}

/* C behind the eye (w = -0.5): the edges from A and B run off to infinity
 * below the line AB (y = 16), so the clipper cuts at w = 0+ and at the guard
 * band; the wedge below AB is drawn, nothing above it. */
static void behind_eye(void **state)
{
	(void)state;
	struct fx_job j;
	clip_job(&j);
	const float v[3][7] = {
		{ -0.5f, -0.5f, 0, 1, 1, 0, 0 }, { 0.5f, -0.5f, 0, 1, 1, 0, 0 },
		{ 0, 0.5f, 0, -0.5f, 1, 0, 0 },
	};
	fx_build_raw(&j, v[0], 7, 3);
	fx_run_ok(&j);
	for (uint32_t x = 0; x < 64; x++) {
		assert_int_equal(fx_pixel(&j, x, 15), 0xff204060);
		assert_int_equal(fx_pixel(&j, x, 63), 0xff0000ff);
	}
	assert_int_equal(fx_pixel(&j, 32, 16), 0xff0000ff);
	assert_int_equal(j.stats.primitives_binned, 1);
	fx_fini(&j);
}

/* All three vertices beyond the far plane (z > w): rejected. */
static void beyond_far(void **state)
{
	(void)state;
	struct fx_job j;
	clip_job(&j);
	const float v[3][7] = {
		{ -0.5f, -0.5f, 2, 1, 1, 0, 0 }, { 0.5f, -0.5f, 2, 1, 1, 0, 0 },
		{ 0, 0.5f, 2, 1, 1, 0, 0 },
	};
	fx_build_raw(&j, v[0], 7, 3);
	fx_run_ok(&j);
	assert_int_equal(j.stats.primitives_culled, 1);
	assert_int_equal(j.stats.fragments_shaded, 0);
	fx_fini(&j);
}

/* A line job of 2 vertices (xc yc zc wc r g b each), width 1. */
static void line_job(struct fx_job *j, const float v[2][7])
{
	clip_job(j);
	j->mode = VC4_PRIMITIVE_MODE_LINES;
	j->point_size = 1;
	j->line_width = 1;
	j->fs = fx_fs_line_color;
	fx_build_raw(j, v[0], 7, 2);
	fx_run_ok(j);
}

/* A (16, 32.25) red at z = 0 to B (48, 32.25) blue at z = -3: the near
 * plane (z >= -w) cuts it at a third, x = 26.67 (12.4: 26.6875). Row 32,
 * columns 16..26 are drawn, blue = (x + 0.5 - 16) / 32 as on the whole
 * line. */
static void line_near_plane(void **state)
{
	(void)state;
	struct fx_job j;
	const float v[2][7] = {
		{ -0.5f, 0.0078125f, 0, 1, 1, 0, 0 }, { 0.5f, 0.0078125f, -3, 1, 0, 0, 1 },
	};
	line_job(&j, v);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			uint32_t got = fx_pixel(&j, x, y);
			if (y != 32 || x < 16 || x > 26) {
				if (got != 0xff204060)
					fail_msg("pixel (%u,%u) = 0x%08x outside", x, y, got);
				continue;
			}
			double blue = (x + 0.5 - 16) / 32 * 255, red = 255 - blue;
			if (fabs(((got >> 16) & 0xff) - blue) > 1 || fabs((got & 0xff) - red) > 1)
				fail_msg("pixel (%u,%u) = 0x%08x, want red %g blue %g", x, y, got,
					 red, blue);
		}
	}
	assert_int_equal(j.stats.primitives_clipped, 1);
	assert_int_equal(j.stats.primitives_binned, 1);
	assert_int_equal(j.stats.fragments_written, 11);
	fx_fini(&j);
}

/* A (16, 32.25) in front, B behind the eye (w = -1) with y / w constant:
 * the line runs right to infinity, so it is cut at w = 0+ and at the guard
 * band; row 32 from column 16 to the frame's edge is drawn. */
static void line_behind_eye(void **state)
{
	(void)state;
	struct fx_job j;
	const float v[2][7] = {
		{ -0.5f, 0.0078125f, 0, 1, 1, 0, 0 }, { 1.5f, -0.0078125f, 0, -1, 1, 0, 0 },
	};
	line_job(&j, v);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++)
			assert_int_equal(fx_pixel(&j, x, y) == 0xff204060, y != 32 || x < 16);
	assert_int_equal(j.stats.primitives_clipped, 1);
	fx_fini(&j);
}

/* Both ends beyond the far plane: rejected. */
static void line_beyond_far(void **state)
{
	(void)state;
	struct fx_job j;
	const float v[2][7] = {
		{ -0.5f, 0, 2, 1, 1, 0, 0 }, { 0.5f, 0, 3, 1, 1, 0, 0 },
	};
	line_job(&j, v);
	assert_int_equal(j.stats.primitives_culled, 1);
	assert_int_equal(j.stats.fragments_shaded, 0);
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(near_plane),
		cmocka_unit_test(any_xy_scaling),
		cmocka_unit_test(behind_eye),
		cmocka_unit_test(beyond_far),
		cmocka_unit_test(line_near_plane),
		cmocka_unit_test(line_behind_eye),
		cmocka_unit_test(line_beyond_far),
	};
	return cmocka_run_group_tests_name("simpipe_clip", tests, NULL, NULL);
}
