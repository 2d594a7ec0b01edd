/*
 * test_msaa.c: the 4x multisampled tile buffer (docs/pipeline.md,
 * "Multisampling"): full-resolution reloads and dumps in Mesa's layout of
 * its MSAA surfaces (the byte offsets computed here from
 * vc4_nir_lower_txf_ms.c's formula), sample 0 and the 4x resolve of general
 * and resolved stores with their rounding, general loads replicated to every
 * sample, per-sample coverage with and without the rasteriser's 4x
 * oversample mode, per-sample depth tests, tlb_color_ms writes and colour
 * loads taking the samples in turn, the ms_flags sample mask, and the exact
 * errors for what is not modelled.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

#define SRC (FX_BASE + 0x70000)
#define DST_S0 (FX_BASE + 0x80000)
#define DST_DEC (FX_BASE + 0x88000)
#define DST_FULL (FX_BASE + 0x90000)
#define DST_ZS (FX_BASE + 0xa0000)

#define RED 0xff0000ffu    /* fx_fs_vary_color's word for r, g, b = 1, 0, 0 */
#define GREEN 0xff00ff00u
#define CLEAR 0xff204060u  /* the fixture's clear colour */

/* Byte offset of sample s of pixel (x, y) in a 32x32 full-resolution tile:
 * Mesa's vc4_nir_lower_txf_ms.c, written out. */
static uint32_t mesa_offset(uint32_t x, uint32_t y, uint32_t s)
{
	return (x & 30) * 2 * 4 * 4 + (y & 30) * 32 * 4 * 4 + ((x << 2) & 4) + ((y << 3) & 8) +
	       (s << 4);
}

static uint32_t word_at(struct fx_job *j, uint32_t addr)
{
	uint32_t v;
	memcpy(&v, fx_ptr(j, addr), 4);
	return v;
}

static void put_word(struct fx_job *j, uint32_t addr, uint32_t v)
{
	memcpy(fx_ptr(j, addr), &v, 4);
}

/* Sample s of pixel (x, y) of the test image: bytes R = s & 1, G = 4x + s,
 * B = 4y (+ 3 for sample 3), A = 0x80 + s. */
static uint32_t sample_word(uint32_t x, uint32_t y, uint32_t s)
{
	return (0x80u + s) << 24 | (4 * y + (s == 3 ? 3 : 0)) << 16 | (4 * x + s) << 8 | (s & 1);
}

/* The mean of four words per byte, rounded to nearest with halves up. */
static uint32_t mean4(const uint32_t w[4])
{
	uint32_t out = 0;
	for (uint32_t sh = 0; sh < 32; sh += 8)
		out |= (((w[0] >> sh & 0xff) + (w[1] >> sh & 0xff) + (w[2] >> sh & 0xff) +
			 (w[3] >> sh & 0xff) + 2) / 4) << sh;
	return out;
}

/* A 32x32 rendering mode configuration in 4x mode, decimating 4x. */
static void emit_ms_config(struct fx_job *j, uint32_t *at)
{
	EMIT(j, at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
	     .width_in_pixels = 32, .height_in_pixels = 32, .multisample_mode_4x = true,
	     .decimate_mode = 1, .non_hdr_frame_buffer_color_format = 1);
}

/* A raster colour store of mode `mode` keeping the tile buffer. */
static void emit_store(struct fx_job *j, uint32_t *at, uint32_t mode, uint32_t addr)
{
	EMIT(j, at, STORE_TILE_BUFFER_GENERAL, .buffer_to_store = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .mode = mode,
	     .disable_color_buffer_clear_on_store = true,
	     .disable_z_stencil_buffer_clear_on_store = true, .memory_base_address = ADDR(addr));
}

/* A full-resolution image reloaded, then stored as sample 0, as the 4x
 * resolve (general and resolved stores) and as a full-resolution dump. */
static void full_res_round_trip_and_resolve(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	for (uint32_t y = 0; y < 32; y++)
		for (uint32_t x = 0; x < 32; x++)
			for (uint32_t s = 0; s < 4; s++)
				put_word(&j, SRC + mesa_offset(x, y, s), sample_word(x, y, s));
	uint32_t at = FX_RCL;
	emit_ms_config(&j, &at);
	EMIT(&j, &at, RE_LOAD_FULL_RESOLUTION_TILE_BUFFER, .disable_z_stencil_buffer_read = true,
	     .memory_base_address = ADDR(SRC));
	EMIT(&j, &at, TILE_COORDINATES);
	emit_store(&j, &at, VC4_STORE_TILE_BUFFER_GENERAL_MODE_SAMPLE_0, DST_S0);
	emit_store(&j, &at, VC4_STORE_TILE_BUFFER_GENERAL_MODE_DECIMATE_X4, DST_DEC);
	EMIT(&j, &at, STORE_FULL_RESOLUTION_TILE_BUFFER, .disable_z_stencil_buffer_write = true,
	     .disable_clear_on_write = true, .memory_base_address = ADDR(DST_FULL));
	EMIT(&j, &at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF);
	j.bcl_end = FX_BCL;
	j.rcl_end = at;
	fx_run_ok(&j);
	assert_memory_equal(fx_ptr(&j, DST_FULL), fx_ptr(&j, SRC), FX_FULL_RES);
	for (uint32_t y = 0; y < 32; y++) {
		for (uint32_t x = 0; x < 32; x++) {
			uint32_t w[4] = { sample_word(x, y, 0), sample_word(x, y, 1),
					  sample_word(x, y, 2), sample_word(x, y, 3) };
			assert_int_equal(word_at(&j, DST_S0 + (y * 32 + x) * 4), w[0]);
			assert_int_equal(word_at(&j, DST_DEC + (y * 32 + x) * 4), mean4(w));
			assert_int_equal(fx_pixel(&j, x, y), mean4(w));
		}
	}
	/* (0, 0): sums R 2, G 6, B 3, A 0x206: halves and quarters round up */
	assert_int_equal(fx_pixel(&j, 0, 0), 0x82010201);
	assert_int_equal(j.stats.tiles_stored, 4);
	fx_fini(&j);
}

/* A general load in 4x mode fills every sample of the pixel. */
static void general_load_fills_samples(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	for (uint32_t i = 0; i < 32 * 32; i++)
		put_word(&j, SRC + i * 4, 0x5a000000u | i);
	uint32_t at = FX_RCL;
	emit_ms_config(&j, &at);
	EMIT(&j, &at, LOAD_TILE_BUFFER_GENERAL, .buffer_to_load = VC4_TILE_BUFFER_COLOR,
	     .format = VC4_TILING_FORMAT_RASTER, .memory_base_address = ADDR(SRC));
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_FULL_RESOLUTION_TILE_BUFFER, .disable_z_stencil_buffer_write = true,
	     .last_tile_of_frame = true, .memory_base_address = ADDR(DST_FULL));
	j.bcl_end = FX_BCL;
	j.rcl_end = at;
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 32; y++)
		for (uint32_t x = 0; x < 32; x++)
			for (uint32_t s = 0; s < 4; s++)
				assert_int_equal(word_at(&j, DST_FULL + mesa_offset(x, y, s)),
						 0x5a000000u | (y * 32 + x));
	fx_fini(&j);
}

/* Red over x 0..10.75, y 0..20.5 (two triangles) in a 32x32 4x frame,
 * dumped at full resolution to DST_FULL. Samples sit at x + 6, 14, 2,
 * 10 / 16 and y + 2, 6, 10, 14 / 16. */
static void draw_red_rect(struct fx_job *j)
{
	static const struct fx_vertex v[6] = {
		{ 0, 0, 0.5f, 1, 0, 0 }, { 10.75f, 0, 0.5f, 1, 0, 0 },
		{ 10.75f, 20.5f, 0.5f, 1, 0, 0 }, { 0, 0, 0.5f, 1, 0, 0 },
		{ 10.75f, 20.5f, 0.5f, 1, 0, 0 }, { 0, 20.5f, 0.5f, 1, 0, 0 },
	};
	j->ms_store = DST_FULL;
	fx_build(j, v, 6);
	fx_run_ok(j);
}

/* The samples of pixel (x, y) in the full-resolution dump, as a 4-bit mask
 * of those equal to `word`. */
static uint32_t samples_of(struct fx_job *j, uint32_t x, uint32_t y, uint32_t word)
{
	uint32_t m = 0;
	for (uint32_t s = 0; s < 4; s++)
		m |= (word_at(j, DST_FULL + mesa_offset(x, y, s)) == word) << s;
	return m;
}

static void coverage_per_sample(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	fx_msaa(&j);
	draw_red_rect(&j);
	assert_int_equal(samples_of(&j, 5, 5, RED), 0xf);
	assert_int_equal(samples_of(&j, 10, 5, RED), 0xd);   /* x + 14/16 > 10.75 */
	assert_int_equal(samples_of(&j, 10, 5, CLEAR), 0x2);
	assert_int_equal(samples_of(&j, 5, 20, RED), 0x3);   /* y + 2, 6 /16 < 20.5 */
	assert_int_equal(samples_of(&j, 10, 20, RED), 0x1);
	assert_int_equal(samples_of(&j, 11, 5, CLEAR), 0xf);
	assert_int_equal(samples_of(&j, 5, 21, CLEAR), 0xf);
	/* resolved: 4, 3, 2, 1 and 0 red samples, each byte rounded */
	assert_int_equal(fx_pixel(&j, 5, 5), RED);
	assert_int_equal(fx_pixel(&j, 10, 5), 0xff0810d7);
	assert_int_equal(fx_pixel(&j, 5, 20), 0xff1020b0);
	assert_int_equal(fx_pixel(&j, 10, 20), 0xff183088);
	assert_int_equal(fx_pixel(&j, 11, 5), CLEAR);
	fx_fini(&j);
}

/* Without the 4x oversample mode the pixel centre decides for all four
 * samples (the centre y = 20.5 is on the rectangle's bottom edge: out). */
static void centre_coverage_without_oversampling(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	fx_msaa(&j);
	j.oversample = 0;
	draw_red_rect(&j);
	assert_int_equal(samples_of(&j, 10, 5, RED), 0xf);
	assert_int_equal(samples_of(&j, 10, 19, RED), 0xf);
	assert_int_equal(samples_of(&j, 10, 20, CLEAR), 0xf);
	assert_int_equal(fx_pixel(&j, 10, 5), RED);
	assert_int_equal(fx_pixel(&j, 10, 20), CLEAR);
	fx_fini(&j);
}

/* Depth per sample: the red rectangle at z 0.25, then a green 32x32 quad at
 * z 0.75 under LESS: green only where the rectangle left a sample. */
static void depth_per_sample(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	fx_msaa(&j);
	j.depth_func = VC4_COMPARE_FUNCTION_LESS;
	j.z_updates = true;
	j.ms_store = DST_FULL;
	j.ms_zs_store = DST_ZS;
	static const struct fx_vertex v[12] = {
		{ 0, 0, 0.25f, 1, 0, 0 }, { 10.75f, 0, 0.25f, 1, 0, 0 },
		{ 10.75f, 20.5f, 0.25f, 1, 0, 0 }, { 0, 0, 0.25f, 1, 0, 0 },
		{ 10.75f, 20.5f, 0.25f, 1, 0, 0 }, { 0, 20.5f, 0.25f, 1, 0, 0 },
		{ 0, 0, 0.75f, 0, 1, 0 }, { 32, 0, 0.75f, 0, 1, 0 }, { 32, 32, 0.75f, 0, 1, 0 },
		{ 0, 0, 0.75f, 0, 1, 0 }, { 32, 32, 0.75f, 0, 1, 0 }, { 0, 32, 0.75f, 0, 1, 0 },
	};
	fx_build(&j, v, 12);
	fx_run_ok(&j);
	assert_int_equal(samples_of(&j, 10, 5, RED), 0xd);
	assert_int_equal(samples_of(&j, 10, 5, GREEN), 0x2);
	assert_int_equal(samples_of(&j, 20, 5, GREEN), 0xf);
	static const uint32_t z[4] = { 0x40000000u, 0xbfffff00u, 0x40000000u, 0x40000000u };
	for (uint32_t s = 0; s < 4; s++)
		assert_int_equal(word_at(&j, DST_ZS + mesa_offset(10, 5, s)), z[s]);
	fx_fini(&j);
}

/* Four colour loads return samples 0..3; four tlb_color_ms writes go to
 * samples 0..3: this FS reverses each pixel's samples. */
static const char fs_reverse_samples[] =
	"nop\n"
	"nop ; nop ; sbwait\n"
	"nop ; nop ; loadc\n"
	"mov ra0, r4\n"
	"nop ; nop ; loadc\n"
	"mov ra1, r4\n"
	"nop ; nop ; loadc\n"
	"mov ra2, r4\n"
	"nop ; nop ; loadc\n"
	"mov ra3, r4\n"
	"mov tlb_color_ms, ra3\n"
	"mov tlb_color_ms, ra2\n"
	"mov tlb_color_ms, ra1\n"
	"mov tlb_color_ms, ra0\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop ; nop ; sbdone\n";

static void color_ms_writes_and_loads(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	fx_msaa(&j);
	for (uint32_t y = 0; y < 32; y++)
		for (uint32_t x = 0; x < 32; x++)
			for (uint32_t s = 0; s < 4; s++)
				put_word(&j, SRC + mesa_offset(x, y, s), sample_word(x, y, s));
	j.ms_load = SRC;
	j.fs = fs_reverse_samples;
	static const struct fx_vertex v[3] = {
		{ 0, 0, 0.5f, 0, 0, 0 }, { 64, 0, 0.5f, 0, 0, 0 }, { 0, 64, 0.5f, 0, 0, 0 },
	};
	j.ms_store = DST_FULL;
	fx_build(&j, v, 3);
	fx_run_ok(&j);
	for (uint32_t y = 0; y < 32; y++)
		for (uint32_t x = 0; x < 32; x++)
			for (uint32_t s = 0; s < 4; s++)
				assert_int_equal(word_at(&j, DST_FULL + mesa_offset(x, y, s)),
						 sample_word(x, y, 3 - s));
	fx_fini(&j);
}

/* ms_flags reads the covered samples; written, it masks the samples the
 * colour goes to (Mesa's MS_MASK: and ms_flags, mask, ms_flags). */
static const char fs_ms_flags[] =
	"mov r0, ms_flags\n"
	"and ms_flags, r0, 5\n"
	"nop ; nop ; sbwait\n"
	"mov tlb_color_all, r0\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop ; nop ; sbdone\n";

static void ms_flags_mask(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 32, 32);
	fx_msaa(&j);
	j.fs = fs_ms_flags;
	draw_red_rect(&j);
	assert_int_equal(samples_of(&j, 5, 5, 0xf), 0x5);
	assert_int_equal(samples_of(&j, 5, 5, CLEAR), 0xa);
	assert_int_equal(samples_of(&j, 10, 5, 0xd), 0x5);  /* covered 0, 2, 3; mask 0, 2 */
	assert_int_equal(samples_of(&j, 10, 20, 0x1), 0x1);
	assert_int_equal(samples_of(&j, 10, 20, CLEAR), 0xe);
	fx_fini(&j);
}

/* A 64x64 4x frame has 2x2 tiles of 32 pixels: a triangle binned into the
 * right tiles and each tile's dump at its own address. */
static void tiles_of_32_pixels(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	fx_msaa(&j);
	assert_int_equal(j.tiles_x, 2);
	static const struct fx_vertex v[6] = {
		{ 32, 32, 0.5f, 1, 0, 0 }, { 64, 32, 0.5f, 1, 0, 0 }, { 64, 64, 0.5f, 1, 0, 0 },
		{ 32, 32, 0.5f, 1, 0, 0 }, { 64, 64, 0.5f, 1, 0, 0 }, { 32, 64, 0.5f, 1, 0, 0 },
	};
	j.ms_store = DST_FULL;
	fx_build(&j, v, 6);
	fx_run_ok(&j);
	for (uint32_t t = 0; t < 4; t++)
		assert_int_equal(word_at(&j, DST_FULL + t * FX_FULL_RES + mesa_offset(7, 9, 2)),
				 t == 3 ? RED : CLEAR);
	assert_int_equal(fx_pixel(&j, 31, 31), CLEAR);
	assert_int_equal(fx_pixel(&j, 32, 32), RED);
	assert_int_equal(j.stats.tiles_stored, 8);
	fx_fini(&j);
}

static void expect_error(struct fx_job *j, const char *msg)
{
	assert_false(fx_run(j));
	assert_string_equal(j->diag.msg, msg);
	fx_fini(j);
}

/* An RCL of `n` packets after a 32x32 4x configuration (or a 64x64
 * non-multisampled one). */
static void rcl_job(struct fx_job *j, bool ms, uint32_t *at)
{
	fx_init(j, 32, 32);
	*at = FX_RCL;
	if (ms)
		emit_ms_config(j, at);
	else
		EMIT(j, at, TILE_RENDERING_MODE_CONFIGURATION, .memory_address = ADDR(FX_FB),
		     .width_in_pixels = 32, .height_in_pixels = 32,
		     .non_hdr_frame_buffer_color_format = 1);
	j->bcl_end = FX_BCL;
}

static void not_modelled_errors(void **state)
{
	(void)state;
	struct fx_job j;
	uint32_t at;
	rcl_job(&j, false, &at);
	EMIT(&j, &at, TILE_RENDERING_MODE_CONFIGURATION, .width_in_pixels = 32,
	     .height_in_pixels = 32, .tile_buffer_64_bit_color_depth_hdr_mode = true);
	j.rcl_end = at;
	expect_error(&j, "render: 0x0040900b: packet 113 (Tile Rendering Mode Configuration): "
		     "the HDR (64-bit colour) tile buffer is not modelled");
	rcl_job(&j, false, &at);
	EMIT(&j, &at, TILE_COORDINATES);
	emit_store(&j, &at, VC4_STORE_TILE_BUFFER_GENERAL_MODE_DECIMATE_X4, DST_DEC);
	j.rcl_end = at;
	expect_error(&j, "render: 0x0040900e: packet 28 (Store Tile Buffer General): store mode "
		     "1 (decimate x4) in non-multisample mode is not modelled");
	rcl_job(&j, true, &at);
	EMIT(&j, &at, TILE_COORDINATES);
	emit_store(&j, &at, VC4_STORE_TILE_BUFFER_GENERAL_MODE_DECIMATE_X16, DST_DEC);
	j.rcl_end = at;
	expect_error(&j, "render: 0x0040900e: packet 28 (Store Tile Buffer General): store mode "
		     "2 (decimate x16) in multisample mode is not modelled");
	rcl_job(&j, true, &at);
	*fx_ptr(&j, FX_RCL + 9) = 0x05; /* RGBA8888 and decimate mode 1x in 4x mode */
	EMIT(&j, &at, TILE_COORDINATES);
	EMIT(&j, &at, STORE_MULTI_SAMPLE_RESOLVED_TILE_COLOR_BUFFER_AND_EOF);
	j.rcl_end = at;
	expect_error(&j, "render: 0x0040900e: packet 25 (Store Multi-sample Resolved Tile Color "
		     "Buffer and EOF): decimate mode 0 of a multisample tile buffer is not "
		     "modelled");
	rcl_job(&j, true, &at);
	for (int i = 0; i < 3; i++)
		EMIT(&j, &at, RE_LOAD_FULL_RESOLUTION_TILE_BUFFER,
		     .disable_z_stencil_buffer_read = true, .memory_base_address = ADDR(SRC));
	j.rcl_end = at;
	expect_error(&j, "render: 0x00409015: packet 27 (Re-load Full Resolution Tile Buffer): "
		     "a third full-resolution reload before Tile Coordinates");
}

/* Five tlb_color_ms writes in 4x mode, two without multisampling. */
static const char fs_five_ms_writes[] =
	"nop\n"
	"nop ; nop ; sbwait\n"
	"mov tlb_color_ms, 1\n"
	"mov tlb_color_ms, 2\n"
	"mov tlb_color_ms, 3\n"
	"mov tlb_color_ms, 4\n"
	"mov tlb_color_ms, 5\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop ; nop ; sbdone\n";

static void too_many_color_ms_writes(void **state)
{
	(void)state;
	static const struct fx_vertex v[3] = {
		{ 0, 0, 0.5f, 0, 0, 0 }, { 64, 0, 0.5f, 0, 0, 0 }, { 0, 64, 0.5f, 0, 0, 0 },
	};
	for (int ms = 0; ms < 2; ms++) {
		struct fx_job j;
		fx_init(&j, 32, 32);
		if (ms)
			fx_msaa(&j);
		j.fs = fs_five_ms_writes;
		fx_build(&j, v, 3);
		assert_false(fx_run(&j));
		assert_non_null(strstr(j.diag.msg, ms ?
			"ip 6: tlb_color_ms write 5 of a run with 4 samples per pixel" :
			"ip 3: tlb_color_ms write 2 of a run with 1 sample per pixel"));
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_res_round_trip_and_resolve),
		cmocka_unit_test(general_load_fills_samples),
		cmocka_unit_test(coverage_per_sample),
		cmocka_unit_test(centre_coverage_without_oversampling),
		cmocka_unit_test(depth_per_sample),
		cmocka_unit_test(color_ms_writes_and_loads),
		cmocka_unit_test(ms_flags_mask),
		cmocka_unit_test(tiles_of_32_pixels),
		cmocka_unit_test(not_modelled_errors),
		cmocka_unit_test(too_many_color_ms_writes),
	};
	return cmocka_run_group_tests_name("simpipe_msaa", tests, NULL, NULL);
}
