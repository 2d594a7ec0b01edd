/*
 * test_tmu.c: texture sampling through a textured quad: bilinear
 * magnification of an LT texture, repeat and mirror wraps, the 16-bit and
 * 8-bit texel formats, and mip level selection with levels stored below
 * level 0. Expected texels are computed here from the layouts and formats
 * of docs/pipeline.md.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "simpipe_fixture.h"

#define TEX (FX_BASE + 0x22000)

/* Draws the quad [0,64)^2 with texture coordinates (0,0)..(smax,tmax). */
static void draw_quad(struct fx_job *j, const struct VC4_TEXTURE_CONFIG_PARAMETER_0 *p0,
		      const struct VC4_TEXTURE_CONFIG_PARAMETER_1 *p1, float smax, float tmax)
{
	j->fs = fx_fs_texture;
	uint8_t *unif = (uint8_t *)j->fs_unif;
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_0_pack(NULL, unif, p0), 0);
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_1_pack(NULL, unif + 4, p1), 0);
	const float c[6][4] = { { 0, 0, 0, 0 }, { 64, 0, smax, 0 }, { 64, 64, smax, tmax },
				{ 0, 0, 0, 0 }, { 64, 64, smax, tmax }, { 0, 64, 0, tmax } };
	struct fx_vertex v[6];
	for (int i = 0; i < 6; i++)
		v[i] = (struct fx_vertex){ c[i][0], c[i][1], 0.5f, c[i][2], c[i][3], 0 };
	fx_build(j, v, 6);
	if (!fx_run(j))
		fail_msg("%s", j->diag.msg);
}

static void put_word(struct fx_job *j, uint32_t addr, uint32_t v)
{
	memcpy(fx_ptr(j, addr), &v, 4);
}

/* LT offset of texel (x, y), 4 bytes per texel, in an image `w` wide. */
static uint32_t lt32(uint32_t w, uint32_t x, uint32_t y)
{
	return ((y / 4) * (w / 4) + x / 4) * 64 + ((y % 4) * 4 + x % 4) * 4;
}

/* A 4x4 LT texture magnified 16 times with the linear filter: pixel
 * (x, y) samples at u = (x + 0.5) / 16 * 4 - 0.5 between texels. The
 * texture ramps red with x (0, 85, 170, 255) and green with y. */
static void bilinear_lt(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	for (uint32_t y = 0; y < 4; y++)
		for (uint32_t x = 0; x < 4; x++)
			put_word(&j, TEX + lt32(4, x, y), 0xff000000u | (85 * y) << 8 | 85 * x);
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = { .texture_base_pointer = { NULL, TEX } };
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.s_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP,
		.t_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP,
		.minification_filter = 0, .magnification_filter = 0,
		.image_width = 4, .image_height = 4,
	};
	draw_quad(&j, &p0, &p1, 1, 1);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			double u = (x + 0.5) / 16.0 - 0.5, v = (y + 0.5) / 16.0 - 0.5;
			u = u < 0 ? 0 : u > 3 ? 3 : u;  /* clamp: the ramp is linear inside */
			v = v < 0 ? 0 : v > 3 ? 3 : v;
			uint32_t got = fx_pixel(&j, x, y);
			int r = (int)(got & 0xff), g = (int)((got >> 8) & 0xff);
			if (abs(r - (int)(85 * u + 0.5)) > 1 || abs(g - (int)(85 * v + 0.5)) > 1)
				fail_msg("pixel (%u,%u) = 0x%08x, want r %g g %g", x, y, got,
					 85 * u, 85 * v);
		}
	}
	fx_fini(&j);
}

/* Repeat in s and mirror in t over an 8x8 nearest texture, drawn twice
 * across: texel (x, y) holds x | y << 8. */
static void wraps(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	for (uint32_t y = 0; y < 8; y++)
		for (uint32_t x = 0; x < 8; x++)
			put_word(&j, TEX + lt32(8, x, y), 0xff000000u | y << 8 | x);
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = { .texture_base_pointer = { NULL, TEX } };
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.s_wrap_mode = VC4_TEXTURE_WRAP_MODE_REPEAT,
		.t_wrap_mode = VC4_TEXTURE_WRAP_MODE_MIRROR,
		.minification_filter = 1, .magnification_filter = 1,
		.image_width = 8, .image_height = 8,
	};
	draw_quad(&j, &p0, &p1, 2, 2);
	for (uint32_t y = 0; y < 64; y++) {
		for (uint32_t x = 0; x < 64; x++) {
			uint32_t tx = x / 4 % 8, ty = y / 4 < 8 ? y / 4 : 15 - y / 4;
			assert_int_equal(fx_pixel(&j, x, y), 0xff000000u | ty << 8 | tx);
		}
	}
	fx_fini(&j);
}

/* One texel value per format, in an 8x8 texture (nearest), read back as
 * the 8888 word: fields from the least significant bits into bytes 0..3. */
static void formats(void **state)
{
	(void)state;
	static const struct {
		uint32_t type, cpp, raw, want;
	} cases[] = {
		{ 1, 4, 0x12345678, 0xff345678 },     /* RGBX8888: alpha forced */
		{ 2, 2, 0x4321, 0x44332211 },         /* RGBA4444: nibbles */
		{ 3, 2, 0x8421, 0xff080808 },         /* RGBA5551: 1, 1, 1 (-> 0x08), 1 */
		{ 4, 2, 0xf81f, 0xffff00ff },         /* RGB565: 31, 0, 31 */
		{ 5, 1, 0x80, 0xff808080 },           /* LUMINANCE */
		{ 6, 1, 0x80, 0x80000000 },           /* ALPHA */
		{ 7, 2, 0x4080, 0x40808080 },         /* LUMALPHA: L low, A high */
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		uint32_t want = cases[c].want;
		for (uint32_t i = 0; i < 8 * 8 * cases[c].cpp; i += cases[c].cpp)
			memcpy(fx_ptr(&j, TEX + i), &cases[c].raw, cases[c].cpp);
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.texture_data_type = cases[c].type, .texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.minification_filter = 1, .magnification_filter = 1,
			.image_width = 8, .image_height = 8,
		};
		draw_quad(&j, &p0, &p1, 1, 1);
		if (fx_pixel(&j, 10, 10) != want)
			fail_msg("type %u: 0x%08x, want 0x%08x", cases[c].type,
				 fx_pixel(&j, 10, 10), want);
		fx_fini(&j);
	}
}

/* A 128x128 texture with one mip level: level 0 (T, 64 KiB) at TEX0,
 * level 1 (64x64, T, 16 KiB) right below it. The 64-pixel quad shows 128
 * texels: LOD 1, nearest-mip-nearest picks level 1, texel (x, y). */
static void mip_level(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	const uint32_t tex0 = FX_BASE + 0x80000;
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++) {
			put_word(&j, tex0 - 0x4000 + fx_t_offset(64, x, y),
				 0xff000000u | y << 8 | x);
			put_word(&j, tex0 + fx_t_offset(128, x, y), 0xffffffff);
		}
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
		.number_of_mipmap_levels_minus_1 = 1, .texture_base_pointer = { NULL, tex0 },
	};
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.minification_filter = 2, /* nearest, nearest mip */
		.magnification_filter = 1, .image_width = 128, .image_height = 128,
	};
	draw_quad(&j, &p0, &p1, 1, 1);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++)
			assert_int_equal(fx_pixel(&j, x, y), 0xff000000u | y << 8 | x);
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bilinear_lt),
		cmocka_unit_test(wraps),
		cmocka_unit_test(formats),
		cmocka_unit_test(mip_level),
	};
	return cmocka_run_group_tests_name("simpipe_tmu", tests, NULL, NULL);
}
