/*
 * test_driver_perf.c: the performance figures of include/vc4/vc4.h on the
 * simulator: vc4_perf_begin/end count exactly what the pipeline did for
 * the jobs submitted in between (one job, two jobs to two targets, none
 * after the count ended), their errors (no count, no perfmon support);
 * vc4_prog_get_sizes gives the compiled shaders' lengths, the largest of
 * the variants (a blended variant is longer).
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

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

/* The RGB triangle of driver_fixture in a 64x64 target: 544 2x2 quads
 * with covered pixels, all written, no texturing. */
#define TRIANGLE_QUADS 544

/* One job, then two jobs (two targets) in one count: the counts are the
 * pipeline's figures, summed; a job after vc4_perf_end names no perfmon. */
static void counts_the_jobs(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct sim_kernel *k = vc4_dev_sim(ctx->dev);
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T), *u = drvt_target(ctx, VC4_LAYOUT_T);
	struct vc4_buffer *b = drvt_triangle(ctx);
	struct vc4_prog *prog = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	assert_non_null(prog);
	struct vc4_perf_counts c;
	OK(ctx, vc4_perf_begin(ctx));
	drvt_draw_triangle(ctx, t, b, prog);
	OK(ctx, vc4_perf_end(ctx, &c));
	const struct sim_pipe_stats *st = sim_kernel_last_stats(k);
	assert_int_equal(c.qpu_cycles_vertex, st->qpu_instructions_cs + st->qpu_instructions_vs);
	assert_int_equal(c.qpu_cycles_fragment, st->qpu_instructions_fs);
	assert_int_equal(c.qpu_cycles_valid, c.qpu_cycles_vertex + c.qpu_cycles_fragment);
	assert_true(c.qpu_cycles_vertex > 0 && c.qpu_cycles_fragment > 0);
	assert_int_equal(c.quads_shaded, TRIANGLE_QUADS);
	assert_int_equal(c.quads_written, TRIANGLE_QUADS);
	assert_int_equal(c.texture_quads, 0);
	struct vc4_perf_counts one = c;
	OK(ctx, vc4_perf_begin(ctx));
	drvt_draw_triangle(ctx, t, b, prog);
	drvt_draw_triangle(ctx, u, b, prog);
	OK(ctx, vc4_perf_end(ctx, &c));
	assert_int_equal(c.qpu_cycles_valid, 2 * one.qpu_cycles_valid);
	assert_int_equal(c.quads_written, 2 * TRIANGLE_QUADS);
	assert_int_equal(ctx->perfmon, 0);
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_MANUAL);
	drvt_draw_triangle(ctx, t, b, prog);
	OK(ctx, vc4_flush(ctx));
	assert_int_equal(k->queue.len, 1);
	assert_int_equal(k->queue.data[0]->args.perfmonid, 0);
	sim_kernel_set_exec(k, SIM_KERNEL_EXEC_AT_SUBMIT);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(u);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

/* A second vc4_perf_begin starts again from zero. */
static void begin_restarts(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T);
	struct vc4_buffer *b = drvt_triangle(ctx);
	struct vc4_prog *prog = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	struct vc4_perf_counts c;
	OK(ctx, vc4_perf_begin(ctx));
	drvt_draw_triangle(ctx, t, b, prog);
	OK(ctx, vc4_finish(ctx));
	OK(ctx, vc4_perf_begin(ctx));
	OK(ctx, vc4_perf_end(ctx, &c));
	assert_int_equal(c.qpu_cycles_valid, 0);
	assert_int_equal(c.quads_written, 0);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

static void errors(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_perf_counts c;
	memset(&c, 0xff, sizeof(c));
	assert_false(vc4_perf_end(ctx, &c));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_perf_end: not counting (no vc4_perf_begin)");
	assert_int_equal(c.qpu_cycles_valid, 0);
	vc4_dev_set_param(ctx->dev, DRM_VC4_PARAM_SUPPORTS_PERFMON, false, 0);
	assert_false(vc4_perf_begin(ctx));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_perf_begin: the kernel has no performance monitors");
	vc4_ctx_destroy(ctx);
}

/* Sizes: 0 before a draw; then each shader's length as compiled; a blended
 * draw adds a variant whose fragment shader is longer, and the sizes are
 * the largest. */
static void program_sizes(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T);
	struct vc4_buffer *b = drvt_triangle(ctx);
	struct vc4_prog *prog = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	struct vc4_prog_sizes s;
	vc4_prog_get_sizes(prog, &s);
	assert_int_equal(s.variants, 0);
	assert_int_equal(s.vertex + s.coordinate + s.fragment, 0);
	drvt_draw_triangle(ctx, t, b, prog);
	OK(ctx, vc4_finish(ctx));
	vc4_prog_get_sizes(prog, &s);
	const struct drv_variant *v = &prog->variants.data[0];
	assert_int_equal(s.variants, 1);
	assert_int_equal(s.vertex, v->vs->prog[0].num_inst);
	assert_int_equal(s.coordinate, v->vs->prog[1].num_inst);
	assert_int_equal(s.fragment, v->fs->prog[0].num_inst);
	assert_true(s.vertex > 0 && s.coordinate > 0 && s.fragment > 0);
	uint32_t plain_fs = s.fragment;
	const struct vc4_blend_state blend = {
		.enable = true, .rgb_src = VC4_BF_SRC_ALPHA, .rgb_dst = VC4_BF_ONE_MINUS_SRC_ALPHA,
		.alpha_src = VC4_BF_ONE, .alpha_dst = VC4_BF_ONE,
	};
	OK(ctx, vc4_set_blend(ctx, &blend));
	drvt_draw_triangle(ctx, t, b, prog);
	OK(ctx, vc4_finish(ctx));
	vc4_prog_get_sizes(prog, &s);
	assert_int_equal(s.variants, 2);
	assert_int_equal(s.fragment, prog->variants.data[1].fs->prog[0].num_inst);
	assert_true(s.fragment > plain_fs);
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_the_jobs),
		cmocka_unit_test(begin_restarts),
		cmocka_unit_test(errors),
		cmocka_unit_test(program_sizes),
	};
	return cmocka_run_group_tests_name("driver_perf", tests, NULL, NULL);
}
