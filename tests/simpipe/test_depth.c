/*
 * test_depth.c: depth offset and early Z. Depth offset: units move Z by
 * that many 24-bit steps; the factor scales the larger of the triangle's
 * two screen depth slopes (24-bit units per pixel); the Configuration Bits
 * switch it on; points are not offset. Early Z: the same pixels as late Z
 * with fewer fragments shaded; discarded fragments (conditional TLB writes)
 * still leave Z alone; a Z the FS writes cannot bring back a fragment the
 * early test rejected with the interpolated Z (why Mesa turns early Z off
 * for shaders writing gl_FragDepth).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

#define CLEAR 0xff204060u
#define RED 0xff0000ffu
#define GREEN 0xff00ff00u

/* The full 64x64 frame as two triangles, depth z00 at (0, 0) growing by
 * dzx per pixel in x and dzy in y, colour (r, g, b). */
static uint32_t put_plane(struct fx_vertex *v, float z00, float dzx, float dzy, float r, float g,
			  float b)
{
	const float c[6][2] = { { 0, 0 }, { 64, 0 }, { 64, 64 }, { 0, 0 }, { 64, 64 }, { 0, 64 } };
	for (int i = 0; i < 6; i++)
		v[i] = (struct fx_vertex){ c[i][0], c[i][1], z00 + dzx * c[i][0] + dzy * c[i][1],
					   r, g, b };
	return 6;
}

/* Draws `first` (the fixture's state: depth LESS with Z updates, no
 * offset) then `second` with Configuration Bits enabling the depth
 * offset when `enable`, and a Depth Offset of (factor, units). Returns the
 * colour of every pixel when they all agree, else 0. */
static uint32_t offset_job(const struct fx_vertex first[6], const struct fx_vertex second[6],
			   bool enable, float factor, float units)
{
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	struct fx_vertex v[12];
	memcpy(v, first, 6 * sizeof(*v));
	memcpy(v + 6, second, 6 * sizeof(*v));
	fx_build(&j, v, 12);
	uint32_t at = j.bcl_end - 12; /* the draw: Vertex Array Primitives, then 2 bytes */
	EMIT(&j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	     .length = 6);
	EMIT(&j, &at, CONFIGURATION_BITS, .enable_forward_facing_primitive = true,
	     .enable_reverse_facing_primitive = true, .enable_depth_offset = enable,
	     .depth_test_function = VC4_COMPARE_FUNCTION_LESS, .z_updates_enable = true);
	uint32_t f, u;
	memcpy(&f, &factor, 4);
	memcpy(&u, &units, 4);
	EMIT(&j, &at, DEPTH_OFFSET, .depth_offset_factor = f >> 16, .depth_offset_units = u >> 16);
	EMIT(&j, &at, VERTEX_ARRAY_PRIMITIVES, .primitive_mode = VC4_PRIMITIVE_MODE_TRIANGLES,
	     .length = 6, .index_of_first_vertex = 6);
	EMIT(&j, &at, INCREMENT_SEMAPHORE);
	EMIT(&j, &at, FLUSH);
	j.bcl_end = at;
	fx_run_ok(&j);
	uint32_t c = fx_pixel(&j, 0, 0);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++)
			if (fx_pixel(&j, x, y) != c)
				c = 0;
	fx_fini(&j);
	return c;
}

/* Units are 24-bit Z steps: the second plane is 3 steps behind the first
 * (0.25 -> Z 4194304, 0.25 + 3 * 2^-24 -> 4194307), so it passes LESS
 * with units -4 and fails with -3; without Enable Depth Offset the packet
 * does nothing. */
static void offset_units(void **state)
{
	(void)state;
	struct fx_vertex a[6], b[6];
	put_plane(a, 0.25f, 0, 0, 1, 0, 0);
	put_plane(b, 0.25f + 3.0f / 16777216.0f, 0, 0, 0, 1, 0);
	assert_int_equal(offset_job(a, b, true, 0, -4), GREEN);
	assert_int_equal(offset_job(a, b, true, 0, -3), RED);
	assert_int_equal(offset_job(a, b, false, 0, -4), RED);
	/* green first, then red 3 steps in front moved behind by 4, not by 2 */
	assert_int_equal(offset_job(b, a, true, 0, 4), GREEN);
	assert_int_equal(offset_job(b, a, true, 0, 2), RED);
}

/* The factor scales max(|dz/dx|, |dz/dy|): planes with slopes of 256 and
 * 512 steps per pixel in x and y, the second 300 steps behind the first
 * everywhere. Factor -1 moves it 512 steps (in front); -0.5 moves it 256
 * (still behind; a sum of the slopes would give 384, in front). */
static void offset_factor(void **state)
{
	(void)state;
	const float step = 1.0f / 16777216.0f;
	struct fx_vertex a[6], b[6];
	put_plane(a, 0.25f, 256 * step, 512 * step, 1, 0, 0);
	put_plane(b, 0.25f + 300 * step, 256 * step, 512 * step, 0, 1, 0);
	assert_int_equal(offset_job(a, b, true, -1.0f, 0), GREEN);
	assert_int_equal(offset_job(a, b, true, -0.5f, 0), RED);
	assert_int_equal(offset_job(a, b, true, -0.5f, -200), GREEN);
}

/* A point drawn with the offset enabled is not offset: a 4x4 point at the
 * depth of the plane under it fails LESS even with units -1000. */
static void offset_not_points(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.mode = VC4_PRIMITIVE_MODE_POINTS;
	j.point_size = 4;
	j.line_width = 1;
	j.fs = fx_fs_point_color;
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.clear_z = 4194304; /* 0.25 */
	j.offset_units = -1000;
	const struct fx_vertex v = { 20, 20, 0.25f, 1, 0, 0 };
	fx_build(&j, &v, 1);
	fx_run_ok(&j);
	assert_int_equal(fx_pixel(&j, 20, 20), CLEAR);
	assert_int_equal(j.stats.fragments_depth_failed, 16);
	fx_fini(&j);
}

/* Three overlapping rectangles (red far, green near, blue between them on
 * top of both): early Z gives late Z's pixels; the blue fragments behind
 * green are rejected before the FS. */
static void early_z_same_pixels(void **state)
{
	(void)state;
	uint32_t pixels[2][64 * 64];
	uint64_t shaded[2], failed[2];
	for (int early = 0; early < 2; early++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.depth_func = VC4_COMPARE_FUNCTION_LESS;
		j.z_updates = true;
		j.early_z = early;
		struct fx_vertex v[18];
		const float r[3][5] = { { 0, 0, 40, 64, 0.75f }, { 20, 0, 64, 64, 0.25f },
					{ 10, 16, 30, 48, 0.5f } };
		for (int k = 0; k < 3; k++) {
			const float c[6][2] = { { r[k][0], r[k][1] }, { r[k][2], r[k][1] },
						{ r[k][2], r[k][3] }, { r[k][0], r[k][1] },
						{ r[k][2], r[k][3] }, { r[k][0], r[k][3] } };
			for (int i = 0; i < 6; i++)
				v[6 * k + i] = (struct fx_vertex){ c[i][0], c[i][1], r[k][4],
								   k == 0, k == 1, k == 2 };
		}
		fx_build(&j, v, 18);
		fx_run_ok(&j);
		for (uint32_t i = 0; i < 64 * 64; i++)
			pixels[early][i] = fx_pixel(&j, i % 64, i / 64);
		shaded[early] = j.stats.fragments_shaded;
		failed[early] = j.stats.fragments_depth_failed;
		fx_fini(&j);
	}
	assert_memory_equal(pixels[0], pixels[1], sizeof(pixels[0]));
	assert_int_equal(pixels[1][32 * 64 + 15], 0xffff0000); /* blue over red */
	assert_int_equal(shaded[0], 40 * 64 + 44 * 64 + 20 * 32);
	assert_int_equal(shaded[1], 40 * 64 + 44 * 64 + 10 * 32);
	assert_int_equal(failed[0], 10 * 32);
	assert_int_equal(failed[1], 10 * 32);
}

/* Discard (conditional Z and colour writes in odd columns only) under
 * early Z: the early test does not write Z, so the second copy of the
 * triangle still passes in the even columns the first one discarded, and
 * is rejected early in the odd ones. */
static void early_z_discard(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_discard_even;
	j.fs_unif[0] = RED;
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	j.early_z = true;
	const struct fx_vertex v[6] = {
		{ 4.5f, 4.5f, 0.5f, 0, 0, 0 }, { 60.5f, 4.5f, 0.5f, 0, 0, 0 },
		{ 4.5f, 60.5f, 0.5f, 0, 0, 0 },
		{ 4.5f, 4.5f, 0.5f, 0, 0, 0 }, { 60.5f, 4.5f, 0.5f, 0, 0, 0 },
		{ 4.5f, 60.5f, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 6);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool in = x >= 4 && y >= 4 && x + y < 64 && x % 2;
			assert_int_equal(fx_pixel(&j, x, y), in ? RED : CLEAR);
		}
	}
	/* 1596 pixels each; the 784 odd-column ones of the second are rejected
	 * before the FS, its 812 even-column ones are shaded (and discarded). */
	assert_int_equal(j.stats.fragments_shaded, 1596 + 812);
	assert_int_equal(j.stats.fragments_depth_failed, 784);
	assert_int_equal(j.stats.fragments_written, 784);
	fx_fini(&j);
}

/* An FS writing Z = 0 over a Z buffer cleared to 0.25, at an interpolated
 * depth of 0.75: late Z passes it (0 < 0.25); early Z rejects it with the
 * interpolated Z before the FS can write its own. */
static void early_z_fs_writes_z(void **state)
{
	(void)state;
	for (int early = 0; early < 2; early++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.fs = "mov r0, unif\n"
		       "nop ; nop ; sbwait\n"
		       "mov tlb_z, 0\n"
		       "mov tlb_color_all, r0\n"
		       "nop ; nop ; thrend\n"
		       "nop\n"
		       "nop ; nop ; sbdone\n";
		j.fs_unif[0] = GREEN;
		j.depth_func = VC4_COMPARE_FUNCTION_LESS;
		j.z_updates = true;
		j.early_z = early;
		j.clear_z = 4194304;
		struct fx_vertex v[6];
		put_plane(v, 0.75f, 0, 0, 0, 0, 0);
		fx_build(&j, v, 6);
		fx_run_ok(&j);
		for (uint32_t i = 0; i < 64 * 64; i++)
			assert_int_equal(fx_pixel(&j, i % 64, i / 64), early ? CLEAR : GREEN);
		assert_int_equal(j.stats.fragments_shaded, early ? 0 : 64 * 64);
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(offset_units),
		cmocka_unit_test(offset_factor),
		cmocka_unit_test(offset_not_points),
		cmocka_unit_test(early_z_same_pixels),
		cmocka_unit_test(early_z_discard),
		cmocka_unit_test(early_z_fs_writes_z),
	};
	return cmocka_run_group_tests_name("simpipe_depth", tests, NULL, NULL);
}
