/*
 * tmu_helpers.h: what the TMU tests (test_tmu.c, test_tmu_lod.c) share:
 * fragment shaders that send three interpolated varyings to chosen TMU
 * parameters, packing P0..P3 into the FS uniforms, a quad over the whole
 * 64x64 frame with per-corner varyings, texel writers for the LT layout,
 * and a run with chosen TMU precision options.
 */
#ifndef VC4_TESTS_SIMPIPE_TMU_HELPERS_H
#define VC4_TESTS_SIMPIPE_TMU_HELPERS_H

#include <string.h>

#include "simpipe_fixture.h"

/* Textures live above the frame buffer: [TEX - 0x10000, end of memory). */
#define TEX (FX_BASE + 0x80000)

/* r0, r1, r2 = varyings 0, 1, 2 (the vertex's r, g, b). */
#define TMU_FS_VARY3 \
	"fmul r0, ra15, vary\n" "fadd r0, r0, r5\n" \
	"fmul r1, ra15, vary\n" "fadd r1, r1, r5\n" \
	"fmul r2, ra15, vary\n" "fadd r2, r2, r5\n"
/* The lookup's result is the pixel. */
#define TMU_FS_END \
	"nop ; nop ; ldtmu0\n" "nop ; nop ; sbwait\n" "mov tlb_color_all, r4\n" \
	"nop ; nop ; thrend\n" "nop\n" "nop ; nop ; sbdone\n"

/* P0 and P1 into FS uniforms 0 and 1, words p2 and p3 into 2 and 3. */
static inline void tmu_config(struct fx_job *j, const struct VC4_TEXTURE_CONFIG_PARAMETER_0 *p0,
			      const struct VC4_TEXTURE_CONFIG_PARAMETER_1 *p1, uint32_t p2,
			      uint32_t p3)
{
	uint8_t *u = (uint8_t *)j->fs_unif;
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_0_pack(NULL, u, p0), 0);
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_1_pack(NULL, u + 4, p1), 0);
	j->fs_unif[2] = p2;
	j->fs_unif[3] = p3;
}

/* A P2/P3 word of parameter type 1: cube map stride (4 KiB units) and the
 * bias-only flag. */
static inline uint32_t tmu_p2(uint32_t stride_4k, bool bias_only)
{
	struct VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE c = {
		.disable_automatic_lod_use_bias_only = bias_only,
		.cube_map_stride = stride_4k, .parameter_type = 1,
	};
	uint32_t w;
	assert_int_equal(VC4_TEXTURE_CONFIG_PARAMETER_2_3_CUBE_MAP_STRIDE_pack(NULL,
									       (uint8_t *)&w,
									       &c), 0);
	return w;
}

/* Builds the quad [0,64)^2 whose corners (0,0), (64,0), (64,64), (0,64)
 * carry the varyings v[k][0..2]. */
static inline void tmu_quad(struct fx_job *j, const float v[4][3])
{
	static const int order[6] = { 0, 1, 2, 0, 2, 3 };
	static const float xy[4][2] = { { 0, 0 }, { 64, 0 }, { 64, 64 }, { 0, 64 } };
	struct fx_vertex vert[6];
	for (int i = 0; i < 6; i++) {
		int k = order[i];
		vert[i] = (struct fx_vertex){ xy[k][0], xy[k][1], 0.5f, v[k][0], v[k][1], v[k][2] };
	}
	fx_build(j, vert, 6);
}

/* The same varyings at every corner. */
static inline void tmu_flat_quad(struct fx_job *j, float a, float b, float c)
{
	const float v[4][3] = { { a, b, c }, { a, b, c }, { a, b, c }, { a, b, c } };
	tmu_quad(j, v);
}

/* Runs the built job with TMU options `o` (NULL: the defaults). */
static inline void tmu_run(struct fx_job *j, const struct sim_pipe_tmu_options *o)
{
	struct sim_pipe *p = sim_pipe_create();
	assert_non_null(p);
	if (o)
		sim_pipe_set_tmu_options(p, o);
	vc4_diag_clear(&j->diag);
	bool ok = sim_pipe_run_job(p, &j->mem, FX_BCL, j->bcl_end, FX_RCL, j->rcl_end, NULL,
				   &j->diag);
	sim_pipe_destroy(p);
	if (!ok)
		fail_msg("%s", j->diag.msg);
}

static inline void tmu_put32(struct fx_job *j, uint32_t addr, uint32_t v)
{
	memcpy(fx_ptr(j, addr), &v, 4);
}

/* Byte offset of texel (x, y) of a 32-bit LT image `w` texels wide:
 * 4x4-texel micro-tiles of 64 bytes in raster order. */
static inline uint32_t tmu_lt32(uint32_t w, uint32_t x, uint32_t y)
{
	return ((y / 4) * ((w + 3) / 4) + x / 4) * 64 + ((y % 4) * 4 + x % 4) * 4;
}

/* Fills a w x h 32-bit LT level at `addr` with one value. */
static inline void tmu_fill_lt32(struct fx_job *j, uint32_t addr, uint32_t w, uint32_t h,
				 uint32_t v)
{
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++)
			tmu_put32(j, addr + tmu_lt32(w, x, y), v);
}

/* Fails unless every pixel of the frame is `want`. */
static inline void tmu_expect_all(struct fx_job *j, uint32_t want, const char *what)
{
	for (uint32_t y = 0; y < 64; y++)
		for (uint32_t x = 0; x < 64; x++)
			if (fx_pixel(j, x, y) != want)
				fail_msg("%s: pixel (%u,%u) = 0x%08x, want 0x%08x", what, x, y,
					 fx_pixel(j, x, y), want);
}

#endif
