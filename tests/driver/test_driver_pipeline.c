/*
 * test_driver_pipeline.c: end to end: jobs the driver builds (include/vc4/vc4.h:
 * programs compiled from IR by src/compiler, shader records, bin CL, the
 * RCL and texture configuration the simulated kernel validated and
 * relocated) rendered by the 3D pipeline, with exact pixels read back
 * through the driver. Nothing is run by hand: the simulated kernel runs
 * every job it accepts on the pipeline (docs/device.md, "The submit seam"),
 * and the test only checks that the job did not hang.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"
#include "sim/kernel/sim_kernel_job.h"
#include "sim/pipe/sim_pipe.h"
#include "vc4/vc4.h"

/* What the kernel reports for the job whose coordinate shader ran out of a
 * 2-instruction limit (job 2: the first job rendered). */
#define HUNG_REASON "job 2 hung: bin: 0x01008050: packet 33 (Vertex Array Primitives): " \
	"coordinate shader at 0x01007000: no thread end after 2 instructions"

/* The RGB triangle's figures: one primitive in the one tile, 544 2x2 quads
 * with covered pixels, all written. */
#define PERF_PRIMS 1
#define PERF_QUADS 544

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

/* Submits the context's jobs; the kernel renders them. Returns the last
 * job's pipeline figures, after checking that no job hung. */
static struct sim_pipe_stats render(struct vc4_ctx *ctx)
{
	OK(ctx, vc4_flush(ctx));
	OK(ctx, vc4_finish(ctx));
	const struct sim_kernel *k = vc4_dev_sim(ctx->dev);
	assert_string_equal(sim_kernel_last_hang(k), "");
	assert_int_equal(sim_kernel_hung_jobs(k), 0);
	return *sim_kernel_last_stats(k);
}

/* Pixel (x, y) of an RGBA8 image as 0xRRGGBBAA. */
/* Records the RGB triangle over a black clear into `t` (64x64 RGBA8),
 * creating its buffer and program the first time (*b NULL); the caller
 * flushes. */
static void draw_rgb_triangle(struct vc4_ctx *ctx, struct vc4_texture *t, struct vc4_buffer **b,
			      struct vc4_prog **prog)
{
	const float black[4] = { 0, 0, 0, 1 };
	if (!*b) {
		*b = drvt_triangle(ctx);
		*prog = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	}
	if (!*prog)
		fail_msg("vc4_prog_create: %s", vc4_ctx_error(ctx));
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(ctx, vc4_set_program(ctx, *prog));
	drvt_bind_colour_attribs(ctx, *b);
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
}

static void rgb_triangle(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[64 * 64 * 4];
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 64,
						   64, NULL);
	assert_non_null(t);
	struct vc4_buffer *b = NULL;
	struct vc4_prog *prog = NULL;
	draw_rgb_triangle(ctx, t, &b, &prog);
	struct sim_pipe_stats st = render(ctx);
	assert_int_equal(st.primitives_binned, 1);
	assert_int_equal(st.tiles_stored, 1);
	OK(ctx, vc4_texture_read_rgba8(t, img));
	/* Screen: red (0, 64), green (64, 64), blue (32, 0); at the pixel
	 * centre (x + .5, y + .5) the weights are C = 1 - y'/64,
	 * B = (x' - 32 C) / 64, A = 1 - B - C and each channel is the weight
	 * times 255 rounded to nearest. Points whose channels are not near a
	 * half: */
	assert_int_equal(drvt_px(img, 64, 16, 56), 0xae331eff);  /* 174.32 50.80 29.88 */
	assert_int_equal(drvt_px(img, 64, 48, 56), 0x2fb21eff);  /* 46.82 178.30 29.88 */
	assert_int_equal(drvt_px(img, 64, 32, 8), 0x0f13ddff);   /* 14.94 18.93 221.13 */
	assert_int_equal(drvt_px(img, 64, 40, 20), 0x074badff);  /* 6.97 74.71 173.32 */
	assert_int_equal(drvt_px(img, 64, 10, 60), 0xce230eff);  /* 206.19 34.86 13.95 */
	assert_int_equal(drvt_px(img, 64, 54, 60), 0x1fd20eff);  /* 30.88 210.18 13.95 */
	/* outside the triangle: the clear colour */
	assert_int_equal(drvt_px(img, 64, 0, 0), 0x000000ff);
	assert_int_equal(drvt_px(img, 64, 63, 0), 0x000000ff);
	assert_int_equal(drvt_px(img, 64, 8, 40), 0x000000ff);
	assert_int_equal(drvt_px(img, 64, 56, 40), 0x000000ff);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

/* The texel (i, j) of the 16x16 test texture as 0xRRGGBBAA. */
static uint32_t texel(uint32_t i, uint32_t j)
{
	return (i * 16) << 24 | (j * 16) << 16 | (255 - i * 8) << 8 | 0xff;
}

/* A full-target strip quad sampling a 16x16 texture (nearest, clamp) onto a
 * 64x64 target: the quad's uv runs 0..1 left to right and top to bottom,
 * so pixel (x, y) samples texel (x / 4, y / 4). The pipeline pops the
 * texture's P0 / P1 uniforms at the t and s writes, which the kernel
 * relocated. */
static void textured_quad(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	static uint8_t img[64 * 64 * 4], src[16 * 16 * 4];
	for (uint32_t j = 0; j < 16; j++)
		for (uint32_t i = 0; i < 16; i++) {
			uint32_t t = texel(i, j);
			for (uint32_t c = 0; c < 4; c++)
				src[(j * 16 + i) * 4 + c] = (uint8_t)(t >> (24 - 8 * c));
		}
	static const float quad[] = {
		-1, -1, 0, 1, 0, 1,  1, -1, 0, 1, 1, 1,  -1, 1, 0, 1, 0, 0,  1, 1, 0, 1, 1, 0,
	};
	const float black[4] = { 0, 0, 0, 1 };
	struct vc4_texture *tex = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, 16,
						     16, src);
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 64,
						   64, NULL);
	struct vc4_buffer *b = vc4_buffer_create(ctx, quad, sizeof(quad));
	struct vc4_prog *prog = vc4_prog_create(ctx, drvt_textured_vs, drvt_textured_fs);
	assert_non_null(tex);
	assert_non_null(t);
	assert_non_null(b);
	if (!prog)
		fail_msg("vc4_prog_create: %s", vc4_ctx_error(ctx));
	struct vc4_vertex_attrib a[2] = {
		{ b, 0, 24, VC4_ATTR_FLOAT }, { b, 16, 24, VC4_ATTR_FLOAT },
	};
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	OK(ctx, vc4_set_program(ctx, prog));
	OK(ctx, vc4_set_vertex_attribs(ctx, a, 2));
	OK(ctx, vc4_set_texture(ctx, 0, tex));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLE_STRIP, 0, 4));
	struct sim_pipe_stats st = render(ctx);
	assert_int_equal(st.primitives_binned, 2);
	assert_int_equal(st.fragments_written, 64 * 64);
	OK(ctx, vc4_texture_read_rgba8(t, img));
	/* two pixels inside each texel's 4x4 block, away from its borders */
	for (uint32_t j = 0; j < 16; j++)
		for (uint32_t i = 0; i < 16; i++) {
			uint32_t want = texel(i, j);
			if (drvt_px(img, 64, 4 * i + 1, 4 * j + 1) != want ||
			    drvt_px(img, 64, 4 * i + 2, 4 * j + 2) != want)
				fail_msg("texel (%u, %u): pixels %08x %08x, want %08x", i, j,
					 drvt_px(img, 64, 4 * i + 1, 4 * j + 1),
					 drvt_px(img, 64, 4 * i + 2, 4 * j + 2), want);
		}
	vc4_set_texture(ctx, 0, NULL);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_texture_destroy(tex);
	vc4_ctx_destroy(ctx);
}

/* A pipeline error (here: the shaders run out of the instruction limit)
 * does not wedge the queue: the job completes as hung, with the reason
 * kept, nothing printed, vc4_finish() reports it, and the next job renders. */
static void hung_job_completes(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct sim_kernel *k = vc4_dev_sim(ctx->dev);
	static uint8_t img[64 * 64 * 4];
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 64,
						   64, NULL);
	assert_non_null(t);
	struct vc4_buffer *b = NULL;
	struct vc4_prog *prog = NULL;
	draw_rgb_triangle(ctx, t, &b, &prog);
	render(ctx); /* the first job creates the kernel's pipeline */
	assert_non_null(k->pipe);
	sim_pipe_set_instruction_limit(k->pipe, 2);
	draw_rgb_triangle(ctx, t, &b, &prog);
	assert_false(vc4_finish(ctx));
	assert_string_equal(vc4_ctx_error(ctx), "GPU hang: " HUNG_REASON);
	assert_int_equal(sim_kernel_hung_jobs(k), 1);
	assert_string_equal(sim_kernel_last_hang(k), HUNG_REASON);
	assert_int_equal(k->queue.len, 0);
	sim_pipe_set_instruction_limit(k->pipe, 1000000);
	draw_rgb_triangle(ctx, t, &b, &prog);
	OK(ctx, vc4_finish(ctx));
	assert_string_equal(sim_kernel_last_hang(k), "");
	assert_int_equal(sim_kernel_hung_jobs(k), 1);
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_int_equal(drvt_px(img, 64, 16, 56), 0xae331eff);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

/* A job's perfmon counts what the pipeline did: the events it has figures
 * for, exactly; the others (here the L2 cache) stay 0. The driver submits
 * without a perfmon, so the test sets it on the queued job. */
static void perfmon_counts_the_job(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct sim_kernel *k = vc4_dev_sim(ctx->dev);
	struct vc4_texture *t = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 64,
						   64, NULL);
	assert_non_null(t);
	struct drm_vc4_perfmon_create pc = { .ncounters = 7, .events = {
		VC4_PERFCNT_FEP_VALID_PRIMS_RENDER, VC4_PERFCNT_FEP_VALID_QUADS,
		VC4_PERFCNT_TLB_QUADS_WRITTEN_TO_COLOR_BUF,
		VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_VERTEX_COORD_SHADING,
		VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_FRAGMENT_SHADING,
		VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_EXEC_VALID_INST,
		VC4_PERFCNT_L2C_TOTAL_L2_CACHE_HIT } };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_PERFMON_CREATE, &pc), 0);
	struct vc4_buffer *b = NULL;
	struct vc4_prog *prog = NULL;
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_MANUAL);
	draw_rgb_triangle(ctx, t, &b, &prog);
	OK(ctx, vc4_flush(ctx));
	assert_int_equal(k->queue.len, 1);
	k->queue.data[0]->args.perfmonid = pc.id;
	sim_kernel_retire(k, k->queue.data[0]->seqno);
	assert_string_equal(sim_kernel_last_hang(k), "");
	const struct sim_pipe_stats *st = sim_kernel_last_stats(k);
	uint64_t v[7] = {0};
	struct drm_vc4_perfmon_get_values gv = { .id = pc.id, .values_ptr = (uintptr_t)v };
	assert_int_equal(sim_kernel_ioctl(k, DRM_IOCTL_VC4_PERFMON_GET_VALUES, &gv), 0);
	assert_int_equal(v[0], st->tile_primitives);
	assert_int_equal(v[1], st->quads_shaded);
	assert_int_equal(v[2], st->quads_written);
	assert_int_equal(v[3], st->qpu_instructions_cs + st->qpu_instructions_vs);
	assert_int_equal(v[4], st->qpu_instructions_fs);
	assert_int_equal(v[5], v[3] + v[4]);
	assert_int_equal(v[6], 0);
	assert_int_equal(v[0], PERF_PRIMS);
	assert_int_equal(v[1], PERF_QUADS);
	assert_int_equal(v[2], PERF_QUADS);
	assert_true(v[3] > 0 && v[4] > 0); /* the shaders' lengths are the compiler's */
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_AT_SUBMIT);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rgb_triangle),
		cmocka_unit_test(textured_quad),
		cmocka_unit_test(hung_job_completes),
		cmocka_unit_test(perfmon_counts_the_job),
	};
	return cmocka_run_group_tests_name("driver_pipeline", tests, NULL, NULL);
}
