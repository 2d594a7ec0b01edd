/*
 * test_driver_tiling.c: the driver's side of the layouts: API layouts as
 * hardware tiling formats, the layout AUTO picks, texture sizes, and upload
 * + read-back through the API. The addresses themselves are src/tiling's,
 * checked against hand-worked numbers in tests/tiling.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"

/* The API layouts as the hardware's tiling formats (whose addresses and
 * sizes tests/tiling checks by hand), and the layout AUTO picks. */
static void test_layouts_and_auto(void **state)
{
	(void)state;
	assert_int_equal(drv_layout_tiling(VC4_LAYOUT_RASTER), VC4_TILING_FORMAT_RASTER);
	assert_int_equal(drv_layout_tiling(VC4_LAYOUT_T), VC4_TILING_FORMAT_T);
	assert_int_equal(drv_layout_tiling(VC4_LAYOUT_LT), VC4_TILING_FORMAT_LT);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGBA8888, 16, 64), VC4_LAYOUT_LT);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGBA8888, 17, 17), VC4_LAYOUT_T);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGB565, 64, 16), VC4_LAYOUT_LT);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGB565, 33, 17), VC4_LAYOUT_T);
	assert_int_equal(drv_texture_auto_layout(VC4_FMT_RGBA32R, 64, 64), VC4_LAYOUT_RASTER);
}

/* A texture format's bytes per pixel are its texture data type's. */
static void test_format_sizes(void **state)
{
	(void)state;
	for (int f = 0; f < VC4_FMT_COUNT; f++) {
		if (drv_formats[f].tex_type < 0)
			continue;
		uint32_t type = (uint32_t)drv_formats[f].tex_type;
		const struct tiling_texel_type *t = tiling_texel_type(type);
		assert_non_null(t);
		assert_int_equal(drv_formats[f].cpp, t->cpp);
	}
}

/* A texture's BO holds its padded size: T 33x1 at 32 bpp is two 32x32
 * tiles (8192 bytes), LT 9x5 at 16 bpp 2x2 utiles of 8x4 (256), raster
 * 10x3 at 32 bpp rows of 12 pixels (144). */
static void test_texture_bytes(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static const struct {
		enum vc4_format f;
		enum vc4_layout l;
		uint32_t w, h, bytes;
	} c[] = {
		{ VC4_FMT_RGBA8888, VC4_LAYOUT_T, 33, 1, 8192 },
		{ VC4_FMT_RGB565, VC4_LAYOUT_LT, 9, 5, 256 },
		{ VC4_FMT_RGBA32R, VC4_LAYOUT_RASTER, 10, 3, 144 },
	};
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct vc4_texture *t = vc4_texture_create(ctx, c[i].f, c[i].l, c[i].w, c[i].h,
							   NULL);
		assert_non_null(t);
		assert_int_equal(t->bytes, c[i].bytes);
		vc4_texture_destroy(t);
	}
	vc4_ctx_destroy(ctx);
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
		cmocka_unit_test(test_layouts_and_auto),
		cmocka_unit_test(test_texture_bytes),
		cmocka_unit_test(test_format_sizes),
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_create_errors),
	};
	return cmocka_run_group_tests_name("driver_tiling", tests, NULL, NULL);
}
