/*
 * test_tile.c: the tile buffer's memory traffic without primitives: a
 * general colour load from a raster image, then general stores of the same
 * tile as LT, T, BGR565 raster, and of the cleared Z/stencil buffer, each
 * checked byte for byte against layouts computed here; loads from T and
 * LT; BGR565's channel order both ways; the clear after a store and its
 * disable bit; a frame whose size is not a multiple of 64; a T store that
 * runs past the end of memory.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

#define SRC (FX_BASE + 0x20000)
#define DST_LT (FX_BASE + 0x30000)
#define DST_T (FX_BASE + 0x40000)
#define DST_565 (FX_BASE + 0x70000)
#define DST_ZS (FX_BASE + 0x78000)
#define DST_AFTER (FX_BASE + 0x7c000)
#define SRC_T (FX_BASE + 0x24000)
#define SRC_LT (FX_BASE + 0x28000)

static uint32_t src_pixel(uint32_t x, uint32_t y)
{
	return 0x80000000u | ((x + y) & 0xff) << 16 | y << 8 | x;
}

static uint32_t word_at(struct fx_job *j, uint32_t addr)
{
	uint32_t v;
	memcpy(&v, fx_ptr(j, addr), 4);
	return v;
}

/* Byte offset of pixel (x, y) in a 64-pixel-wide LT image (4x4 micro-tiles
 * of 64 bytes, in rows). */
static uint32_t lt_offset(uint32_t x, uint32_t y)
{
	return ((y / 4) * 16 + x / 4) * 64 + ((y % 4) * 4 + x % 4) * 4;
}

static void load_and_store_formats(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++) {
			uint32_t v = src_pixel(x, y);
			memcpy(fx_ptr(&j, SRC + (y * 64 + x) * 4), &v, 4);
		}
	uint32_t at = FX_RCL;
	EMIT(&j, &at, CLEAR_COLORS, .clear_color = 0x11223344, .clear_zs = 0xabcdef,
	     .clear_stencil = 0x5a);
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL);  /* picks up the clear values */
	EMIT(&j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 64, .height_in_pixels = 64,
	     .non_hdr_frame_buffer_color_format = 1);
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .memory_base_address = ADDR(SRC));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_LT, .disable_color_buffer_clear_on_store = true,
	     .memory_base_address = ADDR(DST_LT));
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_T, .disable_color_buffer_clear_on_store = true,
	     .memory_base_address = ADDR(DST_T));
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .pixel_color_format = 2,
	     .memory_base_address = ADDR(DST_565));
	/* The colour buffer is clear now; the Z/S buffer holds the clear. */
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_Z_STENCIL,
	     .format = VC4_TILING_FORMAT_RASTER, .memory_base_address = ADDR(DST_ZS));
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .last_tile_of_frame = true,
	     .memory_base_address = ADDR(DST_AFTER));
	j.bcl_end = FX_BCL;
	j.rcl_end = at;
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			uint32_t want = src_pixel(x, y);
			assert_int_equal(word_at(&j, DST_LT + lt_offset(x, y)), want);
			assert_int_equal(word_at(&j, DST_T + fx_t_offset(64, x, y)), want);
			uint16_t p565;
			memcpy(&p565, fx_ptr(&j, DST_565 + (y * 64 + x) * 2), 2);
			uint16_t want565 = (uint16_t)((x >> 3) << 11 | (y >> 2) << 5 |
						      (((x + y) & 0xff) >> 3));
			assert_int_equal(p565, want565);
			assert_int_equal(word_at(&j, DST_ZS + (y * 64 + x) * 4), 0xabcdef5a);
			assert_int_equal(word_at(&j, DST_AFTER + (y * 64 + x) * 4), 0x11223344);
		}
	}
	assert_int_equal(j.stats.tiles_stored, 5);
	fx_fini(&j);
}

/* General loads from a T and an LT image, each stored back as raster. */
static void tiled_loads(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			uint32_t v = src_pixel(x, y), w = ~v;
			memcpy(fx_ptr(&j, SRC_T + fx_t_offset(64, x, y)), &v, 4);
			memcpy(fx_ptr(&j, SRC_LT + lt_offset(x, y)), &w, 4);
		}
	}
	uint32_t at = FX_RCL;
	EMIT(&j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 64, .height_in_pixels = 64,
	     .non_hdr_frame_buffer_color_format = 1);
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_T, .memory_base_address = ADDR(SRC_T));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .memory_base_address = ADDR(DST_LT));
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_LT, .memory_base_address = ADDR(SRC_LT));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .last_tile_of_frame = true,
	     .memory_base_address = ADDR(DST_T));
	j.bcl_end = FX_BCL;
	j.rcl_end = at;
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			assert_int_equal(word_at(&j, DST_LT + (y * 64 + x) * 4), src_pixel(x, y));
			assert_int_equal(word_at(&j, DST_T + (y * 64 + x) * 4), ~src_pixel(x, y));
		}
	}
	fx_fini(&j);
}

/* A T store whose second row of 32x32 T tiles lies past the end of memory:
 * the error names the first pixel outside in row order, and the rows before
 * it are stored. */
static void t_store_past_memory(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	uint32_t base = FX_BASE + FX_SIZE - 0x2000;
	memset(fx_ptr(&j, base), 0xee, 0x2000);
	uint32_t at = FX_RCL;
	EMIT(&j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 64, .height_in_pixels = 64,
	     .non_hdr_frame_buffer_color_format = 1);
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .memory_base_address = ADDR(SRC));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_T, .last_tile_of_frame = true,
	     .memory_base_address = ADDR(base));
	j.bcl_end = FX_BCL;
	j.rcl_end = at;
	for (uint32_t i = 0; i < 64 * 64; i++) {
		uint32_t v = src_pixel(i % 64, i / 64);
		memcpy(fx_ptr(&j, SRC + i * 4), &v, 4);
	}
	assert_false(fx_run(&j));
	assert_string_equal(j.diag.msg, "render: 0x00409015: packet 28 (Store Tile Buffer General): "
			    "pixel (0,32) at 0x00501800 outside memory");
	for (uint32_t y = 0; y < 32; y++)
		for (uint32_t x = 0; x < 64; x++)
			assert_int_equal(word_at(&j, base + fx_t_offset(64, x, y)), src_pixel(x, y));
	fx_fini(&j);
}

/* BGR565 as Mesa's B5G6R5 render targets use it (vc4_formats.c: the
 * shader packs R, G, B into bytes 0, 1, 2; gallium's B5G6R5 has R in bits
 * 15..11): a store puts byte 0 in bits 15..11 and byte 2 in bits 4..0, each
 * truncated; a load widens them back by bit repetition, alpha 0xff. */
static void bgr565_channels(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	static const uint32_t words[4] = { 0x000000ff, 0x0000ff00, 0x00ff0000, 0x12c48a3f };
	static const uint16_t packed[4] = { 0xf800, 0x07e0, 0x001f, 0x3c58 };
	static const uint32_t back[4] = { 0xff0000ff, 0xff00ff00, 0xffff0000, 0xffc68a39 };
	for (uint32_t i = 0; i < 64 * 64; i++) {
		uint32_t v = words[i % 4];
		memcpy(fx_ptr(&j, SRC + i * 4), &v, 4);
	}
	uint32_t at = FX_RCL;
	EMIT(&j, &at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 64, .height_in_pixels = 64,
	     .non_hdr_frame_buffer_color_format = 1);
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .memory_base_address = ADDR(SRC));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .pixel_color_format = 2,
	     .memory_base_address = ADDR(DST_565));
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .pixel_color_format = 2,
	     .memory_base_address = ADDR(DST_565));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF);
	j.bcl_end = FX_BCL;
	j.rcl_end = at;
	fx_run_ok(&j);
	for (uint32_t i = 0; i < 64 * 64; i++) {
		uint16_t p565;
		memcpy(&p565, fx_ptr(&j, DST_565 + i * 2), 2);
		assert_int_equal(p565, packed[i % 4]);
		assert_int_equal(fx_pixel(&j, i % 64, i / 64), back[i % 4]);
	}
	fx_fini(&j);
}

/* A 70x40 frame: two tiles across; stores stop at the frame's edge (the
 * raster stride is 72 pixels: the width rounded up to 4-pixel micro-tiles). */
static void partial_tiles(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 70, 40);
	memset(fx_ptr(&j, FX_FB), 0xee, 72 * 40 * 4 + 64);
	fx_build_clear_only(&j);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 40; y++)
		for (uint32_t x = 0; x < 72; x++)
			assert_int_equal(word_at(&j, FX_FB + (y * 72 + x) * 4),
					 x < 70 ? 0xff204060 : 0xeeeeeeee);
	assert_int_equal(word_at(&j, FX_FB + 72 * 40 * 4), 0xeeeeeeee);
	assert_int_equal(j.stats.tiles_stored, 2);
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(load_and_store_formats),
		cmocka_unit_test(tiled_loads),
		cmocka_unit_test(t_store_past_memory),
		cmocka_unit_test(bgr565_channels),
		cmocka_unit_test(partial_tiles),
	};
	return cmocka_run_group_tests_name("simpipe_tile", tests, NULL, NULL);
}
