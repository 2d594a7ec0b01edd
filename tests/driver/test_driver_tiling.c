/*
 * test_driver_tiling.c: the T and LT layouts against hand-worked offsets
 * (kernel-vc4.md §d: 64-byte micro-tiles; T = 4 KiB tiles, even tile rows
 * left to right, odd rows right to left; inside a tile four 1 KiB
 * sub-tiles: quadrants low-y-left, low-y-right, high-y-left, high-y-right
 * at sub-tiles 0, 3, 1, 2 on even rows and 2, 1, 3, 0 on odd rows), the
 * layout AUTO picks, padded sizes, and upload + read-back through the API.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"

/* 32 bpp: utiles are 4x4 pixels, a T tile 32x32, a sub-tile 16x16. */
static void test_t_offsets(void **state)
{
	(void)state;
	static const struct { uint32_t x, y, off; } cases[] = {
		{ 0, 0, 0 },        /* tile 0, sub-tile 0, utile 0 */
		{ 1, 0, 4 },        /* next pixel of the utile */
		{ 0, 1, 16 },       /* next row of the utile: 4 pixels * 4 bytes */
		{ 4, 0, 64 },       /* utile 1 */
		{ 0, 4, 256 },      /* utile 4 (second utile row of the sub-tile) */
		{ 5, 6, 356 },      /* utile 5 (320) + row 2, column 1 ((2*4+1)*4) */
		{ 16, 0, 3072 },    /* right half, row 0: 4th sub-tile of an even tile row */
		{ 0, 16, 1024 },    /* second sub-tile row, left: sub-tile 1 */
		{ 16, 16, 2048 },   /* ... right: sub-tile 2 */
		{ 32, 0, 4096 },    /* tile 1 of row 0 */
		{ 0, 32, 14336 },   /* odd row runs right to left: tile 3 (12288), sub-tile 2 */
		{ 32, 32, 10240 },  /* tile 2 (8192), bottom-left quadrant at sub-tile 2 */
		{ 48, 32, 9216 },   /* tile 2, bottom-right quadrant: sub-tile 1 */
		{ 32, 48, 11264 },  /* tile 2, top-left quadrant: sub-tile 3 */
		{ 48, 48, 8192 },   /* tile 2, top-right quadrant: sub-tile 0 */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t got = drv_pixel_offset(VC4_LAYOUT_T, 4, 64, cases[i].x, cases[i].y);
		if (got != cases[i].off)
			fail_msg("T (%u, %u): %u, expected %u", cases[i].x, cases[i].y, got,
				 cases[i].off);
	}
}

static void test_lt_and_raster_offsets(void **state)
{
	(void)state;
	/* LT, 32 bpp, width 10 (3 utiles per row): (5, 2) is utile 1, row 2, col 1. */
	assert_int_equal(drv_pixel_offset(VC4_LAYOUT_LT, 4, 10, 5, 2), 64 + 36);
	/* (1, 5): second utile row -> utile 3. */
	assert_int_equal(drv_pixel_offset(VC4_LAYOUT_LT, 4, 10, 1, 5), 3 * 64 + (1 * 4 + 1) * 4);
	/* 16 bpp: utiles are 8x4; (9, 1) -> utile 1, row 1 col 1. */
	assert_int_equal(drv_pixel_offset(VC4_LAYOUT_LT, 2, 16, 9, 1), 64 + (8 + 1) * 2);
	/* raster rows are padded to the utile width: width 10 -> 12 pixels. */
	assert_int_equal(drv_pixel_offset(VC4_LAYOUT_RASTER, 4, 10, 3, 2), 2 * 48 + 12);
	/* 16 bpp T: 64x32 tiles; (8, 4) -> utile 5 of sub-tile 0. */
	assert_int_equal(drv_pixel_offset(VC4_LAYOUT_T, 2, 128, 8, 4), 5 * 64);
}

static void test_sizes_and_auto(void **state)
{
	(void)state;
	uint32_t w, h, bytes;
	drv_layout_size(VC4_LAYOUT_T, 4, 33, 1, &w, &h, &bytes);
	assert_int_equal(w, 64);
	assert_int_equal(h, 32);
	assert_int_equal(bytes, 8192);
	drv_layout_size(VC4_LAYOUT_LT, 2, 9, 5, &w, &h, &bytes);
	assert_int_equal(w, 16);
	assert_int_equal(h, 8);
	assert_int_equal(bytes, 256);
	drv_layout_size(VC4_LAYOUT_RASTER, 4, 10, 3, &w, &h, &bytes);
	assert_int_equal(bytes, 12 * 3 * 4);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGBA8888, 16, 64), VC4_LAYOUT_LT);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGBA8888, 17, 17), VC4_LAYOUT_T);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGB565, 64, 16), VC4_LAYOUT_LT);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGB565, 33, 17), VC4_LAYOUT_T);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGBA32R, 64, 64), VC4_LAYOUT_RASTER);
}

/* Upload then read back: exact for RGBA8888, 565-quantised for RGB565. */
static void roundtrip(struct vc4_ctx *ctx, enum vc4_format fmt, enum vc4_layout layout,
		      uint32_t w, uint32_t h)
{
	static uint8_t in[48 * 40 * 4], out[48 * 40 * 4];
	for (size_t i = 0; i < (size_t)w * h * 4; i++)
		in[i] = (uint8_t)(i * 7 + i / 13);
	struct vc4_texture *t = vc4_texture_create(ctx, fmt, layout, w, h, in);
	if (!t)
		fail_msg("%s", vc4_ctx_error(ctx));
	assert_true(vc4_texture_read_rgba8(t, out));
	for (size_t i = 0; i < (size_t)w * h * 4; i++) {
		uint8_t want = in[i];
		if (fmt == VC4_FMT_RGB565) {
			uint32_t bits = i % 4 == 1 ? 6 : 5;
			want = (uint8_t)(want >> (8 - bits));
			want = (uint8_t)(want << (8 - bits) | want >> (2 * bits - 8));
			if (i % 4 == 3)
				want = 0xff;
		}
		if (out[i] != want)
			fail_msg("%s layout %d: byte %zu: 0x%02x, expected 0x%02x",
				 fmt == VC4_FMT_RGB565 ? "RGB565" : "RGBA8888", layout, i, out[i], want);
	}
	vc4_texture_destroy(t);
}

static void test_roundtrip(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	roundtrip(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 48, 40);
	roundtrip(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_LT, 13, 7);
	roundtrip(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 10, 3);
	roundtrip(ctx, VC4_FMT_RGB565, VC4_LAYOUT_T, 48, 40);
	roundtrip(ctx, VC4_FMT_RGB565, VC4_LAYOUT_LT, 9, 5);
	roundtrip(ctx, VC4_FMT_RGBA32R, VC4_LAYOUT_AUTO, 10, 3);
	/* 565 bit layout: red in bits 15..11 (docs/pipeline.md, "Tile buffer"). */
	const uint8_t red[4] = { 0xff, 0, 0, 0xff };
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGB565, VC4_LAYOUT_LT, 1, 1, red);
	assert_non_null(t);
	const uint8_t *map = vc4_bo_map(t->bo, NULL);
	assert_int_equal(map[0] | map[1] << 8, 0xf800);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

static void test_create_errors(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	assert_null(vc4_texture_create(ctx, VC4_FMT_RGBA32R, VC4_LAYOUT_T, 4, 4, NULL));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_texture_create: RGBA32R is raster only");
	assert_null(vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 0, 4, NULL));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_texture_create: size 0x4 outside 1x1..2048x2048");
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 8, 8, NULL);
	assert_false(vc4_set_texture(ctx, 0, t));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_set_texture: a 8x8 texture must be LT for the TMU");
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_offsets),
		cmocka_unit_test(test_lt_and_raster_offsets),
		cmocka_unit_test(test_sizes_and_auto),
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_create_errors),
	};
	return cmocka_run_group_tests_name("driver_tiling", tests, NULL, NULL);
}
