/*
 * test_tmu.c: texture sampling through a textured quad, inside one level:
 * bilinear magnification of an LT texture, the wrap modes with nearest and
 * bilinear filtering, border colours, the texel data types (16- and 8-bit
 * layouts, ETC1 and its row flip), the sub-texel precision option, and the
 * mip level layout of non-power-of-two textures. Expected texels are
 * computed here from the layouts and formats of docs/pipeline.md.
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
#include "tmu_helpers.h"

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
			tmu_put32(&j, TEX + tmu_lt32(4, x, y),
				  0xff000000u | (85 * y) << 8 | 85 * x);
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
			tmu_put32(&j, TEX + tmu_lt32(8, x, y), 0xff000000u | y << 8 | x);
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
 * the result word. 16-bit types: fields from bit 15 down into result bytes
 * 0..3 (Mesa's vc4_formats.c: B5G6R5 and A1B5G5R5 sampled with swizzle
 * XYZ(W), B4G4R4A4 with YZWX); 8-bit-per-channel types: memory byte i into
 * result byte i. */
static void formats(void **state)
{
	(void)state;
	static const struct {
		uint32_t type, cpp, raw, want;
	} cases[] = {
		{ 0, 4, 0x12345678, 0x12345678 },     /* RGBA8888 */
		{ 1, 4, 0x12345678, 0xff345678 },     /* RGBX8888: alpha forced */
		{ 2, 2, 0x4321, 0x11223344 },         /* RGBA4444: nibbles from the top */
		{ 3, 2, 0x8421, 0xff848484 },         /* RGBA5551: 16, 16, 16 (-> 0x84), 1 */
		{ 4, 2, 0xf810, 0xff8400ff },         /* RGB565: 31, 0, 16 */
		{ 5, 1, 0x80, 0xff808080 },           /* LUMINANCE */
		{ 6, 1, 0x80, 0x80000000 },           /* ALPHA */
		{ 7, 2, 0x4080, 0x40808080 },         /* LUMALPHA: L low, A high */
		{ 16, 4, 0x12345678, 0x12345678 },    /* RGBA32R */
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		uint32_t want = cases[c].want;
		for (uint32_t i = 0; i < 8 * 8 * cases[c].cpp; i += cases[c].cpp)
			memcpy(fx_ptr(&j, TEX + i), &cases[c].raw, cases[c].cpp);
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.texture_data_type = cases[c].type & 15,
			.texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.minification_filter = 1, .magnification_filter = 1,
			.image_width = 8, .image_height = 8,
			.texture_data_type_extended = cases[c].type >= 16,
		};
		draw_quad(&j, &p0, &p1, 1, 1);
		if (fx_pixel(&j, 10, 10) != want)
			fail_msg("type %u: 0x%08x, want 0x%08x", cases[c].type,
				 fx_pixel(&j, 10, 10), want);
		fx_fini(&j);
	}
}

/* An 8x4 ETC1 texture (two blocks, LT: 8-byte blocks, 2x4 per micro-tile)
 * drawn nearest over the frame: texel (x, y) is pixel (8x.., 16y..).
 * Expected texels worked out by hand from the ETC1 specification. */
static void etc1(void **state)
{
	(void)state;
	static const uint8_t blocks[2][8] = {
		/* individual (15,0,8)|(0,15,4), tables 2 and 5, side by side */
		{ 0xf0, 0x0f, 0x84, 0x54, 0x12, 0x34, 0xab, 0xcd },
		/* differential (20,8,28) + (-3,+2,0), tables 1 and 7, stacked */
		{ 0xa5, 0x42, 0xe0, 0x3f, 0xf0, 0x0f, 0x5a, 0xa5 },
	};
	static const struct {
		uint32_t x, y, want;
	} texels[] = {
		{ 0, 0, 0xffa51dff },   /* +b = 29 on (255, 0, 136), red saturated */
		{ 0, 1, 0xff9109ff },   /* +a = 9 */
		{ 0, 2, 0xff6b00e2 },   /* -b, green clamped at 0 */
		{ 3, 1, 0xff94ff50 },   /* second sub-block: +80 on (0, 255, 68) */
		{ 5, 0, 0xffec47aa },   /* block 1: +5 on (165, 66, 231) */
		{ 7, 3, 0xffb8235d },   /* block 1, lower sub-block: -47 on (140, 82, 231) */
	};
	for (int flip = 1; flip >= 0; flip--) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		memcpy(fx_ptr(&j, TEX), blocks, sizeof(blocks));
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.texture_data_type = 8, .texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.minification_filter = 1, .magnification_filter = 1,
			.image_width = 8, .image_height = 4, .flip_etc_y = flip,
		};
		draw_quad(&j, &p0, &p1, 1, 1);
		for (size_t i = 0; i < sizeof(texels) / sizeof(texels[0]); i++) {
			/* without the flip the rows of a block are mirrored */
			uint32_t y = flip ? texels[i].y : 3 - texels[i].y;
			uint32_t got = fx_pixel(&j, texels[i].x * 8 + 4, y * 16 + 8);
			if (got != texels[i].want)
				fail_msg("flip %d: texel (%u,%u) = 0x%08x, want 0x%08x", flip,
					 texels[i].x, texels[i].y, got, texels[i].want);
		}
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
			tmu_put32(&j, tex0 - 0x4000 + fx_t_offset(64, x, y),
				 0xff000000u | y << 8 | x);
			tmu_put32(&j, tex0 + fx_t_offset(128, x, y), 0xffffffff);
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

/* t, s and, for border colours, r = 0x80402010 (a load immediate). */
static const char fs_ts[] = TMU_FS_VARY3 "mov tmu0_t, r1\n" "mov tmu0_s, r0\n" TMU_FS_END;
static const char fs_rts_border[] = TMU_FS_VARY3 "ldi r3, 0x80402010\n" "mov tmu0_r, r3\n"
	"mov tmu0_t, r1\n" "mov tmu0_s, r0\n" TMU_FS_END;
#define BORDER 0x80402010u

/* A 4x4 LT texture whose texel (x, y) is red R[x], green G[y], alpha 0xff. */
static const uint8_t wrap_r[4] = { 0x40, 0x80, 0xa0, 0xc0 }, wrap_g[4] = { 0x30, 0x60, 0x90, 0xe0 };

static void put_wrap_texture(struct fx_job *j)
{
	for (uint32_t y = 0; y < 4; y++)
		for (uint32_t x = 0; x < 4; x++)
			tmu_put32(j, TEX + tmu_lt32(4, x, y),
				  0xff000000u | (uint32_t)wrap_g[y] << 8 | wrap_r[x]);
}

/* Texel (x, y) after the test's wrap: -1 is the border colour. */
static uint32_t wrap_texel(int x, int y)
{
	if (x < 0 || y < 0)
		return BORDER;
	return 0xff000000u | (uint32_t)wrap_g[y] << 8 | wrap_r[x];
}

/* Each wrap mode on both axes, bilinear, at s = t = 1/16: texel-space
 * -0.25, so texels -1 and 0 weigh 1/4 and 3/4 (exact in 8 bits): repeat
 * takes texel 3, clamp and mirror texel 0, border the border colour. */
static void linear_wraps(void **state)
{
	(void)state;
	static const struct {
		enum vc4_texture_wrap_mode mode;
		int lo; /* where texel -1 goes */
	} modes[] = {
		{ VC4_TEXTURE_WRAP_MODE_REPEAT, 3 }, { VC4_TEXTURE_WRAP_MODE_CLAMP, 0 },
		{ VC4_TEXTURE_WRAP_MODE_MIRROR, 0 }, { VC4_TEXTURE_WRAP_MODE_BORDER, -1 },
	};
	for (size_t m = 0; m < 4; m++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.fs = fs_rts_border;
		put_wrap_texture(&j);
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.s_wrap_mode = modes[m].mode, .t_wrap_mode = modes[m].mode,
			.minification_filter = 0, .magnification_filter = 0,
			.image_width = 4, .image_height = 4,
		};
		tmu_config(&j, &p0, &p1, 0, 0);
		tmu_flat_quad(&j, 0.0625f, 0.0625f, 0);
		tmu_run(&j, NULL);
		const int xs[2] = { modes[m].lo, 0 };
		const double w[2] = { 0.25, 0.75 };
		uint32_t want = 0;
		for (int c = 0; c < 4; c++) {
			double acc = 0;
			for (int k = 0; k < 4; k++)
				acc += w[k & 1] * w[k >> 1] *
				       ((wrap_texel(xs[k & 1], xs[k >> 1]) >> (8 * c)) & 0xff);
			want |= (uint32_t)lround(acc) << (8 * c);
		}
		char what[32];
		snprintf(what, sizeof(what), "wrap mode %d", (int)modes[m].mode);
		tmu_expect_all(&j, want, what);
		fx_fini(&j);
	}
}

/* Border wrap, nearest, over s, t = -0.5 .. 1.5: the border colour (the r
 * write) outside [0, 1) on the bordered axis; repeat on the other. */
static void border_nearest(void **state)
{
	(void)state;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fs_rts_border;
	put_wrap_texture(&j);
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = { .texture_base_pointer = { NULL, TEX } };
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.s_wrap_mode = VC4_TEXTURE_WRAP_MODE_BORDER,
		.t_wrap_mode = VC4_TEXTURE_WRAP_MODE_REPEAT,
		.minification_filter = 1, .magnification_filter = 1,
		.image_width = 4, .image_height = 4,
	};
	tmu_config(&j, &p0, &p1, 0, 0);
	const float v[4][3] = { { -0.5f, -0.5f, 0 }, { 1.5f, -0.5f, 0 }, { 1.5f, 1.5f, 0 },
				{ -0.5f, 1.5f, 0 } };
	tmu_quad(&j, v);
	tmu_run(&j, NULL);
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++) {
			/* 8 pixels per texel; texel columns -2..5, rows -2..5 */
			int tx = (int)(x / 8) - 2, ty = ((int)(y / 8) + 2) % 4;
			uint32_t want = tx < 0 || tx > 3 ? BORDER : wrap_texel(tx, ty);
			if (fx_pixel(&j, x, y) != want)
				fail_msg("pixel (%u,%u) = 0x%08x, want 0x%08x", x, y,
					 fx_pixel(&j, x, y), want);
		}
	fx_fini(&j);
}

/* The sub-texel precision option: s = 0.2 on a row black | white is
 * texel-space 0.3000000119; exact weights give 255 * 0.3 = 76.5 -> 77,
 * 8 fraction bits (the default) floor(76.8) / 256 * 255 = 75.7 -> 76. */
static void weights_precision(void **state)
{
	(void)state;
	static const struct {
		enum sim_tmu_frac weights;
		uint32_t want;
	} cases[] = { { SIM_TMU_FRAC_8BIT, 76 }, { SIM_TMU_FRAC_EXACT, 77 } };
	for (size_t c = 0; c < 2; c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.fs = fs_ts;
		for (uint32_t y = 0; y < 4; y++)
			for (uint32_t x = 0; x < 4; x++)
				tmu_put32(&j, TEX + tmu_lt32(4, x, y),
					  x ? 0xffffffffu : 0xff000000u);
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.s_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP,
			.t_wrap_mode = VC4_TEXTURE_WRAP_MODE_CLAMP,
			.minification_filter = 0, .magnification_filter = 0,
			.image_width = 4, .image_height = 4,
		};
		tmu_config(&j, &p0, &p1, 0, 0);
		tmu_flat_quad(&j, 0.2f, 0.5f, 0);
		const struct sim_pipe_tmu_options o = { .weights = cases[c].weights };
		tmu_run(&j, &o);
		tmu_expect_all(&j, 0xff000000u | cases[c].want * 0x010101u, "weights");
		fx_fini(&j);
	}
}

/* Mip levels of a 40x40 texture (Mesa's vc4_setup_slices): below level 0
 * the sizes are the next power of two halved, 32, 16, 8, so level 1 is
 * 32x32 T (4 KiB), level 2 16x16 LT (1 KiB), level 3 8x8 LT (256 bytes),
 * each right below the one before. Explicit LOD 3, nearest, s = t = 0.55:
 * texel (4, 4) of level 3. */
static void npot_mip_levels(void **state)
{
	(void)state;
	static const char fs_tbs[] = TMU_FS_VARY3 "mov tmu0_t, r1\n" "mov tmu0_b, r2\n"
		"mov tmu0_s, r0\n" TMU_FS_END;
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.fs = fs_tbs;
	uint32_t level3 = TEX - 0x1000 - 0x400 - 0x100;
	tmu_fill_lt32(&j, level3, 8, 8, 0xff0000ffu);
	tmu_put32(&j, level3 + tmu_lt32(8, 4, 4), 0xff00ff00u);
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
		.number_of_mipmap_levels_minus_1 = 3, .texture_base_pointer = { NULL, TEX },
	};
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.minification_filter = 2, .magnification_filter = 1,
		.image_width = 40, .image_height = 40,
	};
	tmu_config(&j, &p0, &p1, tmu_p2(0, true), 0);
	tmu_flat_quad(&j, 0.55f, 0.55f, 3.0f);
	tmu_run(&j, NULL);
	tmu_expect_all(&j, 0xff00ff00u, "level 3 texel (4,4)");
	fx_fini(&j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bilinear_lt),
		cmocka_unit_test(wraps),
		cmocka_unit_test(formats),
		cmocka_unit_test(etc1),
		cmocka_unit_test(linear_wraps),
		cmocka_unit_test(border_nearest),
		cmocka_unit_test(weights_precision),
		cmocka_unit_test(mip_level),
		cmocka_unit_test(npot_mip_levels),
	};
	return cmocka_run_group_tests_name("simpipe_tmu", tests, NULL, NULL);
}
