/*
 * test_render.c: whole frames through the pipeline: a clear, a flat
 * triangle against a reviewed golden image and the top-left rule, depth
 * testing between overlapping triangles, a triangle over 2x2 tiles, and
 * interpolated colours.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

static void clear_only(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_build_clear_only(&j);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++)
			assert_int_equal(fx_pixel(&j, x, y), 0xff204060);
	/* The bytes in memory: little-endian words. */
	const uint8_t want[4] = { 0x60, 0x40, 0x20, 0xff };
	assert_memory_equal(fx_ptr(&j, FX_FB + 4 * 63), want, 4);
	assert_int_equal(j.stats.tiles_stored, 1);
	fx_fini(&j);
}

/* A VS that writes output words 0..2 before it reads input words 2..4: with
 * separate VPM input and output segments input word 2 (z = 0.25) is still
 * there; with one shared segment it would read back the 1/Wc = 1.0 just
 * written. Outputs: Xs|Ys, Zs, 1/Wc, then varyings z, r, g. */
static const char vs_write_first[] =
	"ldi vr_setup, 0x00501a00\n"
	"ldi vw_setup, 0x00001a00\n"
	"mov r0, vpm\n"
	"mov r1, vpm\n"
	"ldi r3, 16.0\n"
	"fmul r0, r0, r3\n"
	"fmul r1, r1, r3\n"
	"ftoi ra0.16a, r0\n"
	"ftoi ra0.16b, r1\n"
	"mov vpm, ra0\n"
	"ldi vpm, 0.5\n"
	"ldi vpm, 1.0\n"
	"mov r0, vpm\n"
	"mov r1, vpm\n"
	"mov r2, vpm\n"
	"mov vpm, r0\n"
	"mov vpm, r1\n"
	"mov vpm, r2\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop\n";

static void vpm_output_before_input(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 16, 16);
	j.vs = vs_write_first;
	const struct fx_vertex v[3] = {
		{ 0, 0, 0.25f, 0.2f, 1, 0 }, { 16, 0, 0.25f, 0.2f, 1, 0 },
		{ 0, 16, 0.25f, 0.2f, 1, 0 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	/* bytes: varying 0 (z: 0.25 -> 64), 1 (0.2 -> 51), 2 (1.0 -> 255), alpha */
	assert_int_equal(fx_pixel(&j, 2, 2), 0xffff3340);
	assert_int_equal(fx_pixel(&j, 15, 15), j.clear_color);
	fx_fini(&j);
}

/* The frame as text, one line per row: '#' for `fg`, '.' for the clear
 * colour, '?' for anything else. */
static char *frame_text(struct fx_job *j, uint32_t fg)
{
	size_t n = (size_t)(j->width + 1) * j->height + 1;
	char *t = malloc(n), *o = t;
	assert_non_null(t);
	for (uint32_t y = 0; y < j->height; y++) {
		for (uint32_t x = 0; x < j->width; x++) {
			uint32_t c = fx_pixel(j, x, y);
			*o++ = c == fg ? '#' : c == j->clear_color ? '.' : '?';
		}
		*o++ = '\n';
	}
	*o = 0;
	return t;
}

/* Compares with tests/simpipe/NAME; SIMPIPE_REGEN=1 rewrites the file. */
static void check_golden(const char *name, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", SIMPIPE_TESTS_DIR, name);
	if (getenv("SIMPIPE_REGEN")) {
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(text, f);
		fclose(f);
	}
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	assert_string_equal(buf, text);
}

/* A flat triangle with its vertices on pixel centres (4.5,4.5),
 * (60.5,4.5), (4.5,60.5): the top edge (row 4) and the left edge (column 4)
 * are drawn, the hypotenuse's centres (x + y = 64) are not. */
static void flat_triangle(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_uniform_color;
	j.fs_unif[0] = 0xff0000ff;
	const struct fx_vertex v[3] = {
		{ 4.5f, 4.5f, 0.5f, 0, 0, 0 }, { 60.5f, 4.5f, 0.5f, 0, 0, 0 },
		{ 4.5f, 60.5f, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	char *text = frame_text(&j, 0xff0000ff);
	check_golden("flat_triangle.txt", text);
	free(text);
	/* The reviewed expectation, pixel by pixel. */
	uint32_t covered = 0;
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool in = x >= 4 && y >= 4 && x + y < 64;
			covered += in;
			assert_int_equal(fx_pixel(&j, x, y), in ? 0xff0000ff : 0xff204060);
		}
	}
	assert_int_equal(covered, 1596);
	assert_int_equal(j.stats.fragments_written, 1596);
	assert_int_equal(j.stats.fragments_shaded, 1596);
	assert_int_equal(j.stats.cs_vertices, 3);
	assert_int_equal(j.stats.vs_vertices, 3);
	assert_int_equal(j.stats.primitives_binned, 1);
	/* Quads with a covered pixel: rows 4..59 in pairs (28 quad rows);
	 * quad row r (y = 4 + 2r, 5 + 2r) covers x in [4, 60 - 2r), columns
	 * pairs 2..29 - r: 28 - r quads. */
	assert_int_equal(j.stats.quads_shaded, 28 * 29 / 2);
	assert_int_equal(j.stats.quads_written, 28 * 29 / 2);
	fx_fini(&j);
}

/* Two triangles making the rectangle [x0,x1) x [y0,y1) at depth z. */
static uint32_t put_rect(struct fx_vertex *v, float x0, float y0, float x1, float y1, float z,
			 float r, float g, float b)
{
	const float c[6][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 },
				{ x0, y0 }, { x1, y1 }, { x0, y1 } };
	for (int i = 0; i < 6; i++)
		v[i] = (struct fx_vertex){ c[i][0], c[i][1], z, r, g, b };
	return 6;
}

/* Red far (z 0.75) on the left, green near (0.25) on the right overlapping
 * it, then blue (0.5) drawn last: visible only over red. Depth test LESS
 * with Z updates; the FS writes its Z payload to tlb_z. */
static void depth_test(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	struct fx_vertex v[18];
	uint32_t n = put_rect(v, 0, 0, 40, 64, 0.75f, 1, 0, 0);
	n += put_rect(v + n, 20, 0, 64, 64, 0.25f, 0, 1, 0);
	n += put_rect(v + n, 10, 16, 30, 48, 0.5f, 0, 0, 1);
	fx_build(&j, v, n);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool blue = x >= 10 && x < 20 && y >= 16 && y < 48;
			uint32_t want = blue ? 0xffff0000 : x < 20 ? 0xff0000ff : 0xff00ff00;
			if (fx_pixel(&j, x, y) != want)
				fail_msg("pixel (%u,%u) = 0x%08x, want 0x%08x", x, y,
					 fx_pixel(&j, x, y), want);
		}
	}
	assert_int_equal(j.stats.primitives_binned, 6);
	assert_int_equal(j.stats.fragments_shaded, 40 * 64 + 44 * 64 + 20 * 32);
	assert_int_equal(j.stats.fragments_depth_failed, 10 * 32);
	fx_fini(&j);
}

/* Twice the signed area of (a, b, p), in pixels. */
static double edge_d(double ax, double ay, double bx, double by, double px, double py)
{
	return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/* Barycentrics of pixel centre (x, y); false when outside. The test's
 * coordinates keep every centre off the edges. */
static bool ref_inside(const struct fx_vertex *v, uint32_t x, uint32_t y, double l[3])
{
	double px = x + 0.5, py = y + 0.5;
	double a = edge_d(v[0].x, v[0].y, v[1].x, v[1].y, v[2].x, v[2].y);
	for (int i = 0; i < 3; i++) {
		const struct fx_vertex *p = &v[(i + 1) % 3], *q = &v[(i + 2) % 3];
		double e = edge_d(p->x, p->y, q->x, q->y, px, py);
		assert_true(fabs(e) > 1e-6);
		l[i] = e / a;
		if (l[i] < 0)
			return false;
	}
	return true;
}

/* One triangle over the four tiles of a 128x128 frame. */
static void four_tiles(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 128, 128);
	j.fs = fx_fs_uniform_color;
	j.fs_unif[0] = 0xff336699;
	const struct fx_vertex v[3] = {
		{ 10.25f, 12.75f, 0.5f, 0, 0, 0 }, { 120.5f, 20.25f, 0.5f, 0, 0, 0 },
		{ 30.75f, 118.5f, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	uint32_t covered = 0;
	for (uint32_t y = 0; y < 128; y++) {
		for (uint32_t x = 0; x < 128; x++) {
			double l[3];
			bool in = ref_inside(v, x, y, l);
			covered += in;
			if (fx_pixel(&j, x, y) != (in ? 0xff336699 : 0xff204060))
				fail_msg("pixel (%u,%u) = 0x%08x", x, y, fx_pixel(&j, x, y));
		}
	}
	assert_int_equal(j.stats.fragments_written, covered);
	assert_int_equal(j.stats.tile_primitives, 4);
	assert_int_equal(j.stats.tiles_stored, 4);
	assert_true(covered > 4000);
	fx_fini(&j);
}

/* Red, green and blue corners; every covered pixel within 1 of the exact
 * interpolation (W = 1, so the barycentrics are the screen ones). */
static void interpolated(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	const struct fx_vertex v[3] = {
		{ 2.25f, 2.25f, 0.5f, 1, 0, 0 }, { 61.875f, 2.625f, 0.5f, 0, 1, 0 },
		{ 2.625f, 61.875f, 0.5f, 0, 0, 1 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	uint32_t covered = 0;
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			double l[3];
			uint32_t got = fx_pixel(&j, x, y);
			if (!ref_inside(v, x, y, l)) {
				assert_int_equal(got, 0xff204060);
				continue;
			}
			covered++;
			for (int c = 0; c < 3; c++) {
				double want = l[c] * 255.0;
				double have = (got >> (8 * c)) & 0xff;
				if (fabs(have - want) > 1.0)
					fail_msg("pixel (%u,%u) channel %d = %g, want %g", x, y, c,
						 have, want);
			}
			assert_int_equal(got >> 24, 0xff);
		}
	}
	assert_true(covered > 1500);
	/* Near the red corner: lambda0 = 0.958333 (hand-computed), 244.375 -> 0xf4. */
	assert_int_equal(fx_pixel(&j, 3, 3) & 0xff, 0xf4);
	fx_fini(&j);
}

static uint32_t texel_value(uint32_t x, uint32_t y)
{
	return 0xff000000u | ((x ^ y) << 16) | (y << 8) | x;
}

/* A quad [16,48)^2 mapping a 64x64 RGBA8888 T-format texture (two rows of
 * 4 KiB tiles, so both sub-tile orders) with nearest filtering. The quad is
 * 32 pixels for 64 texels: pixel (16 + i, 16 + j) samples at
 * s = (i + 0.5) / 32, which lands on texel (2i + 1, 2j + 1). */
static void textured_quad(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_texture;
	const uint32_t tex = FX_BASE + 0x20000;
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++) {
			uint32_t v = texel_value(x, y);
			memcpy(fx_ptr(&j, tex + fx_t_offset(64, x, y)), &v, 4);
		}
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
		.texture_data_type = VC4_TEXTURE_DATA_TYPE_RGBA8888,
		.texture_base_pointer = { NULL, tex },
	};
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.minification_filter = VC4_TEXTURE_CONFIG_PARAMETER_1_MINIFICATION_FILTER_NEAREST,
		.magnification_filter = VC4_TEXTURE_CONFIG_PARAMETER_1_MAGNIFICATION_FILTER_NEAREST,
		.image_width = 64, .image_height = 64,
	};
	uint8_t *unif = (uint8_t *)j.fs_unif;
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_0_pack(NULL, unif, &p0), 0);
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_1_pack(NULL, unif + 4, &p1), 0);
	struct fx_vertex v[6];
	const float c[6][4] = { { 16, 16, 0, 0 }, { 48, 16, 1, 0 }, { 48, 48, 1, 1 },
				{ 16, 16, 0, 0 }, { 48, 48, 1, 1 }, { 16, 48, 0, 1 } };
	for (int i = 0; i < 6; i++)
		v[i] = (struct fx_vertex){ c[i][0], c[i][1], 0.5f, c[i][2], c[i][3], 0 };
	fx_build(&j, v, 6);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			bool in = x >= 16 && x < 48 && y >= 16 && y < 48;
			uint32_t want = in ? texel_value(2 * (x - 16) + 1, 2 * (y - 16) + 1) :
				0xff204060;
			if (fx_pixel(&j, x, y) != want)
				fail_msg("pixel (%u,%u) = 0x%08x, want 0x%08x", x, y,
					 fx_pixel(&j, x, y), want);
		}
	}
	/* One lookup per FS run: the 8x8 blocks of 4x4 pixels, the 8 on the
	 * diagonal twice (both triangles cover part of them). */
	assert_int_equal(j.stats.texture_requests, 8 * 8 + 8);
	fx_fini(&j);
}

/* Perspective-correct varyings: 1/Wc is 1, 1/4 and 1/4 at the corners, so
 * red (1 at vertex 0) falls off faster than linearly; every pixel within 1
 * of sum(l_i r_i / w_i) / sum(l_i / w_i). */
static void perspective(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.vs = fx_vs_persp;
	const struct fx_vertex v[3] = {
		{ 2.25f, 2.25f, 0.5f, 1, 0, 1.0f }, { 61.875f, 2.625f, 0.5f, 0, 1, 0.25f },
		{ 2.625f, 61.875f, 0.5f, 0, 0, 0.25f },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	uint32_t covered = 0;
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			double l[3];
			if (!ref_inside(v, x, y, l))
				continue;
			covered++;
			double iw = l[0] * v[0].b + l[1] * v[1].b + l[2] * v[2].b;
			double want_r = l[0] * v[0].b / iw * 255.0;
			double want_g = l[1] * v[1].b / iw * 255.0;
			uint32_t got = fx_pixel(&j, x, y);
			if (fabs((got & 0xff) - want_r) > 1.0 ||
			    fabs(((got >> 8) & 0xff) - want_g) > 1.0)
				fail_msg("pixel (%u,%u) = 0x%08x, want r %g g %g", x, y, got,
					 want_r, want_g);
		}
	}
	assert_true(covered > 1500);
	/* Hand-checked: at (12.5, 12.5) l = (0.6583, 0.1708, 0.1708); red =
	 * 0.6583 / (0.6583 + 0.25 * 0.3417) = 0.8852 -> 225.7 (linear: 167.9). */
	assert_in_range(fx_pixel(&j, 12, 12) & 0xff, 225, 226);
	fx_fini(&j);
}

/* Discard as Mesa does it: conditional TLB writes. The FS sets Z in even
 * lanes (elem_num & 1 == 0, the even columns of each quad) and writes Z and
 * colour with .zc: only odd columns are drawn, and only they get Z. */
static void discard(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fx_fs_discard_even;
	j.fs_unif[0] = 0xff0000ff;
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	/* The same triangle twice at the same depth. */
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
			assert_int_equal(fx_pixel(&j, x, y), in ? 0xff0000ff : 0xff204060);
		}
	}
	/* 784 odd-column pixels of the 1596 are drawn by the first triangle.
	 * The second fails the depth test exactly there (Z written) and passes
	 * in the even columns (no Z written for discarded lanes). */
	assert_int_equal(j.stats.fragments_shaded, 2 * 1596);
	assert_int_equal(j.stats.fragments_written, 784);
	assert_int_equal(j.stats.fragments_depth_failed, 784);
	fx_fini(&j);
}

/* A colour load (loadc) returns the tile buffer's word: the FS ORs 0x0f
 * into it, so the triangle shows the clear colour with its low byte 0x6f. */
static void color_load(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = "mov r0, unif\n"
	       "nop\n"
	       "nop ; nop ; sbwait\n"
	       "nop ; nop ; loadc\n"
	       "or tlb_color_all, r4, r0\n"
	       "nop ; nop ; thrend\n"
	       "nop\n"
	       "nop ; nop ; sbdone\n";
	j.fs_unif[0] = 0x0f;
	const struct fx_vertex v[3] = {
		{ 4.5f, 4.5f, 0.5f, 0, 0, 0 }, { 60.5f, 4.5f, 0.5f, 0, 0, 0 },
		{ 4.5f, 60.5f, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	assert_int_equal(fx_pixel(&j, 4, 4), 0xff20406f);
	assert_int_equal(fx_pixel(&j, 3, 4), 0xff204060);
	fx_fini(&j);
}

/* Flat Shade Flags bit 0: varying 0 (red) takes the provoking vertex's
 * value over the whole triangle, GL's last vertex (1.0), not the first
 * (0.5); green and blue still interpolate. */
static void flat_shading(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.flat_flags = 1;
	const struct fx_vertex v[3] = {
		{ 2.25f, 2.25f, 0.5f, 0.5f, 0, 0 }, { 61.875f, 2.625f, 0.5f, 0, 1, 0 },
		{ 2.625f, 61.875f, 0.5f, 1, 0, 1 },
	};
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	assert_int_equal(fx_pixel(&j, 3, 3) & 0xff, 0xff);
	assert_int_equal(fx_pixel(&j, 40, 10) & 0xff, 0xff);
	assert_int_equal(fx_pixel(&j, 5, 50) & 0xff, 0xff);
	assert_true(((fx_pixel(&j, 40, 10) >> 8) & 0xff) > 0x80);  /* green still varies */
	fx_fini(&j);
}

/* rev_flag reads 1 in a reverse-facing triangle and 0 in a forward one
 * (Mesa's gl_FrontFacing): two triangles, one wound each way, write it as
 * their colour's low byte. */
static void rev_flag(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = "mov r0, rev_flag\n"
	       "nop ; nop ; sbwait\n"
	       "mov tlb_color_all, r0\n"
	       "nop ; nop ; thrend\n"
	       "nop\n"
	       "nop ; nop ; sbdone\n";
	const struct fx_vertex v[6] = {
		{ 2, 2, 0.5f, 0, 0, 0 }, { 30, 2, 0.5f, 0, 0, 0 }, { 2, 30, 0.5f, 0, 0, 0 },
		{ 40, 40, 0.5f, 0, 0, 0 }, { 40, 62, 0.5f, 0, 0, 0 }, { 62, 40, 0.5f, 0, 0, 0 },
	};
	fx_build(&j, v, 6);
	fx_run_ok(&j);
	uint32_t a = fx_pixel(&j, 5, 5), b = fx_pixel(&j, 43, 43);
	assert_true(a != j.clear_color && b != j.clear_color);
	assert_int_equal(a + b, 1); /* one is 0, the other 1 */
	assert_int_equal(a, j.clockwise ? 1 : 0);
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clear_only),
		cmocka_unit_test(vpm_output_before_input),
		cmocka_unit_test(flat_triangle),
		cmocka_unit_test(depth_test),
		cmocka_unit_test(four_tiles),
		cmocka_unit_test(interpolated),
		cmocka_unit_test(textured_quad),
		cmocka_unit_test(perspective),
		cmocka_unit_test(discard),
		cmocka_unit_test(color_load),
		cmocka_unit_test(flat_shading),
		cmocka_unit_test(rev_flag),
	};
	return cmocka_run_group_tests_name("simpipe_render", tests, NULL, NULL);
}
