/*
 * test_tmu_lod.c: TMU requests of three and four parameters and what
 * chooses the texels: cube maps (r, t, s; face selection and the stride in
 * P2), LOD bias and explicit LOD (the b write; P2's bias-only flag), mip
 * level choice and blending (including from the quad's derivatives), the
 * LOD precision option, lookups from a vertex shader, and the exact errors
 * for what is not modelled.
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

/* Cube: r = varying 2, t = varying 1, s = varying 0 (P0, P1, P2). */
static const char fs_rts[] = TMU_FS_VARY3 "mov tmu0_r, r2\n" "mov tmu0_t, r1\n"
	"mov tmu0_s, r0\n" TMU_FS_END;
/* Bias or explicit LOD: t, b = varying 2, s (P0, P1, P2). */
static const char fs_tbs[] = TMU_FS_VARY3 "mov tmu0_t, r1\n" "mov tmu0_b, r2\n"
	"mov tmu0_s, r0\n" TMU_FS_END;

/* Six 2x2 RGBA8888 faces 4 KiB apart; texel (x, y) of face f is
 * 0xff000000 | f << 16 | y << 8 | x. Each direction is drawn over the whole
 * frame: it picks one face (GL ES 2.0 table 3.21) and one texel of it. */
static void cube_faces(void **state)
{
	(void)state;
	static const struct {
		float d[3];
		uint32_t face, x, y;
	} cases[] = {
		{ { 1, 0.5f, -0.5f }, 0, 1, 0 },    /* +X: s = -z, t = -y */
		{ { -1, 0.5f, -0.5f }, 1, 0, 0 },   /* -X: s = z, t = -y */
		{ { 0.5f, 1, -0.5f }, 2, 1, 0 },    /* +Y: s = x, t = z */
		{ { 0.5f, -1, -0.5f }, 3, 1, 1 },   /* -Y: s = x, t = -z */
		{ { -0.5f, 0.5f, 1 }, 4, 0, 0 },    /* +Z: s = x, t = -y */
		{ { -0.5f, -0.5f, -1 }, 5, 1, 1 },  /* -Z: s = -x, t = -y */
		{ { 4, 2, -2 }, 0, 1, 0 },          /* any length */
		{ { 0.25f, -3, 2.5f }, 3, 1, 0 },   /* -Y again, s = x / |y| */
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.fs = fs_rts;
		for (uint32_t f = 0; f < 6; f++)
			for (uint32_t i = 0; i < 4; i++)
				tmu_put32(&j, TEX + f * 0x1000 + tmu_lt32(2, i & 1, i >> 1),
					  0xff000000u | f << 16 | (i >> 1) << 8 | (i & 1));
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.cube_map_mode = true, .texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.minification_filter = 1, .magnification_filter = 1,
			.image_width = 2, .image_height = 2,
		};
		tmu_config(&j, &p0, &p1, tmu_p2(1, false), 0);
		tmu_flat_quad(&j, cases[c].d[0], cases[c].d[1], cases[c].d[2]);
		tmu_run(&j, NULL);
		char what[32];
		snprintf(what, sizeof(what), "direction %zu", c);
		tmu_expect_all(&j, 0xff000000u | cases[c].face << 16 | cases[c].y << 8 | cases[c].x,
			       what);
		fx_fini(&j);
	}
}

/* An 8x8 texture with levels 8, 4, 2, 1 (LT, 256 and 3 x 64 bytes below
 * level 0), each one colour. */
static const uint32_t level_colour[4] = { 0xff0000ffu, 0xff00ff00u, 0xffff0000u, 0xff808080u };

static void put_levels(struct fx_job *j, const uint32_t colour[4])
{
	tmu_fill_lt32(j, TEX, 8, 8, colour[0]);
	for (uint32_t l = 1; l < 4; l++)
		tmu_fill_lt32(j, TEX - 64 * l, 8 >> l, 8 >> l, colour[l]);
}

/* Draws the texture over the frame (s, t = 0..1: level-0 LOD -3) with b
 * = `b` at every pixel, P2 = `p2`, minification filter `min`. */
static void draw_lod(struct fx_job *j, const uint32_t colour[4], uint32_t min, uint32_t p2,
		     float b, const struct sim_pipe_tmu_options *o)
{
	j->fs = fs_tbs;
	put_levels(j, colour);
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
		.number_of_mipmap_levels_minus_1 = 3, .texture_base_pointer = { NULL, TEX },
	};
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.minification_filter = min, .magnification_filter = 1,
		.image_width = 8, .image_height = 8,
	};
	tmu_config(j, &p0, &p1, p2, 0);
	const float v[4][3] = { { 0, 0, b }, { 1, 0, b }, { 1, 1, b }, { 0, 1, b } };
	tmu_quad(j, v);
	tmu_run(j, o);
}

/* LOD bias (P2 of parameter type 0): LOD = -3 + b; nearest level
 * ceil(LOD + 1/2) - 1, the magnification filter at LOD <= 0, the last
 * level beyond it. */
static void lod_bias(void **state)
{
	(void)state;
	static const struct {
		float b;
		uint32_t level;
	} cases[] = { { 2.0f, 0 }, { 3.3f, 0 }, { 4.2f, 1 }, { 5.2f, 2 }, { 5.9f, 3 }, { 9, 3 } };
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		draw_lod(&j, level_colour, 2, 0, cases[c].b, NULL);
		char what[32];
		snprintf(what, sizeof(what), "bias %g", (double)cases[c].b);
		tmu_expect_all(&j, level_colour[cases[c].level], what);
		fx_fini(&j);
	}
}

/* Explicit LOD (P2's bias-only flag): LOD = b whatever the derivatives;
 * ties of the nearest level go down (1.5 -> level 1). */
static void lod_explicit(void **state)
{
	(void)state;
	static const struct {
		float b;
		uint32_t level;
	} cases[] = { { -0.5f, 0 }, { 0.4f, 0 }, { 1.5f, 1 }, { 1.6f, 2 }, { 2.2f, 2 }, { 7, 3 } };
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		draw_lod(&j, level_colour, 2, tmu_p2(0, true), cases[c].b, NULL);
		char what[32];
		snprintf(what, sizeof(what), "lod %g", (double)cases[c].b);
		tmu_expect_all(&j, level_colour[cases[c].level], what);
		fx_fini(&j);
	}
}

/* MIP_LIN blends the levels around the LOD by its fraction: LOD 1.25
 * gives 3/4 of level 1 and 1/4 of level 2. */
static void mip_blend(void **state)
{
	(void)state;
	static const uint32_t colour[4] = { 0xff0000ffu, 0xff000000u, 0xffc8c8c8u, 0xff808080u };
	struct fx_job j;
	fx_init(&j, 64, 64);
	draw_lod(&j, colour, 3, tmu_p2(0, true), 1.25f, NULL);
	tmu_expect_all(&j, 0xff323232u, "lod 1.25");
	fx_fini(&j);
}

/* The LOD precision option: explicit LOD 1.1 between black (level 1) and
 * white (level 2): exact, 0.1000000238 * 255 = 25.5 -> 26; 8 fraction bits
 * (the default), floor(25.6) / 256 * 255 = 24.9 -> 25. */
static void lod_precision(void **state)
{
	(void)state;
	static const uint32_t colour[4] = { 0xff0000ffu, 0xff000000u, 0xffffffffu, 0xff808080u };
	static const struct {
		enum sim_tmu_frac lod;
		uint32_t want;
	} cases[] = { { SIM_TMU_FRAC_8BIT, 25 }, { SIM_TMU_FRAC_EXACT, 26 } };
	for (size_t c = 0; c < 2; c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		const struct sim_pipe_tmu_options o = { .lod = cases[c].lod };
		draw_lod(&j, colour, 3, tmu_p2(0, true), 1.1f, &o);
		tmu_expect_all(&j, 0xff000000u | cases[c].want * 0x010101u, "lod 1.1");
		fx_fini(&j);
	}
}

/* The LOD from the quad's derivatives: a 16x16 texture (levels 16, 8)
 * stretched so that each pixel steps 2^L texels, L = 128.5 / 256: the LOD
 * keeps the fraction 128 / 256, so LIN_MIP_LIN gives half of each level,
 * and for NEAR_MIP_NEAR it is the tie 1/2, which goes down to level 0. */
static void lod_from_derivatives(void **state)
{
	(void)state;
	static const struct {
		uint32_t min, want;
	} cases[] = { { 5, 0xff646464u }, { 2, 0xff000000u } };
	for (size_t c = 0; c < 2; c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.fs = fs_tbs;
		tmu_fill_lt32(&j, TEX, 16, 16, 0xff000000u);
		tmu_fill_lt32(&j, TEX - 0x100, 8, 8, 0xffc8c8c8u);
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.number_of_mipmap_levels_minus_1 = 1, .texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
			.minification_filter = cases[c].min, .magnification_filter = 1,
			.image_width = 16, .image_height = 16,
		};
		tmu_config(&j, &p0, &p1, 0, 0);
		float smax = (float)(4 * exp2(128.5 / 256));
		const float v[4][3] = { { 0, 0, 0 }, { smax, 0, 0 }, { smax, smax, 0 },
					{ 0, smax, 0 } };
		tmu_quad(&j, v);
		tmu_run(&j, NULL);
		tmu_expect_all(&j, cases[c].want, cases[c].min == 5 ? "blend" : "nearest level");
		fx_fini(&j);
	}
}

/* A vertex shader looks its three varyings up: t = g, b = b (explicit
 * LOD), s = r; the texel's bytes become the varyings r, g, b, which the
 * FS writes back as bytes. */
static const char vs_texture[] =
	"ldi vr_setup, 0x00601a00\n"
	"ldi vw_setup, 0x00001a00\n"
	"mov r0, vpm\n"
	"mov r1, vpm\n"
	"mov r2, vpm\n"
	"mov ra1, vpm\n"
	"mov ra2, vpm\n"
	"mov ra3, vpm\n"
	"ldi r3, 16.0\n"
	"fmul r0, r0, r3\n"
	"fmul r1, r1, r3\n"
	"ftoi ra0.16a, r0\n"
	"ftoi ra0.16b, r1\n"
	"mov vpm, ra0\n"
	"mov vpm, r2\n"
	"ldi vpm, 1.0\n"
	"mov tmu0_t, ra2\n"
	"mov tmu0_b, ra3\n"
	"mov tmu0_s, ra1\n"
	"nop ; nop ; ldtmu0\n"
	"fmax r0, r4.8a, r4.8a\n"
	"fmax r1, r4.8b, r4.8b\n"
	"fmax r2, r4.8c, r4.8c\n"
	"mov vpm, r0\n"
	"mov vpm, r1\n"
	"mov vpm, r2\n"
	"nop ; nop ; thrend\n"
	"nop\n"
	"nop\n";

static void vertex_shader_lookup(void **state)
{
	(void)state;
	static const uint32_t colour[4] = { 0xff0000ffu, 0xff00ff00u, 0xff563412u, 0xff808080u };
	struct fx_job j;
	fx_init(&j, 64, 64);
	j.vs = vs_texture;
	put_levels(&j, colour);
	tmu_flat_quad(&j, 0.5f, 0.5f, 2.2f);
	uint32_t vs_unif[3];
	struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
		.number_of_mipmap_levels_minus_1 = 3, .texture_base_pointer = { NULL, TEX },
	};
	struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = {
		.minification_filter = 2, .magnification_filter = 1,
		.image_width = 8, .image_height = 8,
	};
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_0_pack(NULL, (uint8_t *)&vs_unif[0], &p0), 0);
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_1_pack(NULL, (uint8_t *)&vs_unif[1], &p1), 0);
	vs_unif[2] = tmu_p2(0, true);
	memcpy(fx_ptr(&j, FX_UNIF + 0x100), vs_unif, sizeof(vs_unif));
	tmu_run(&j, NULL);
	tmu_expect_all(&j, 0xff563412u, "level 2 from the VS");
	fx_fini(&j);
}

/* What is not modelled stops the job with the request's instruction. */
static void errors(void **state)
{
	(void)state;
	static const struct {
		uint32_t type, p2;
		const char *msg;
	} cases[] = {
		{ 9, 0, "texture type 9 (S16F) is not modelled" },
		{ 0, 0x80000000u, "texture P2: child images are not modelled (0x80000000)" },
	};
	for (size_t c = 0; c < 2; c++) {
		struct fx_job j;
		fx_init(&j, 64, 64);
		j.fs = fs_tbs;
		struct VC4_TEXTURE_CONFIG_PARAMETER_0 p0 = {
			.texture_data_type = cases[c].type, .texture_base_pointer = { NULL, TEX },
		};
		struct VC4_TEXTURE_CONFIG_PARAMETER_1 p1 = { .image_width = 8, .image_height = 8 };
		tmu_config(&j, &p0, &p1, cases[c].p2, 0);
		tmu_flat_quad(&j, 0.5f, 0.5f, 0);
		assert_false(fx_run(&j));
		if (!strstr(j.diag.msg, cases[c].msg) || !strstr(j.diag.msg, ": ip 8: "))
			fail_msg("got '%s', want '... ip 8: %s'", j.diag.msg, cases[c].msg);
		fx_fini(&j);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cube_faces),
		cmocka_unit_test(lod_bias),
		cmocka_unit_test(lod_explicit),
		cmocka_unit_test(mip_blend),
		cmocka_unit_test(lod_precision),
		cmocka_unit_test(lod_from_derivatives),
		cmocka_unit_test(vertex_shader_lookup),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests_name("simpipe_tmu_lod", tests, NULL, NULL);
}
