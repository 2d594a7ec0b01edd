/*
 * test_driver_jobs.c: when jobs are submitted (issue 5 §3): one pending job
 * per render target; a draw sampling a texture that a pending job renders
 * to submits that job first; a CPU read-back submits the job writing the
 * target; a clear after draws submits them; passing the BO size cap
 * submits; vc4_flush submits the rest. Every submission must be accepted
 * by the simulated kernel (its reason is the failure message otherwise).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"

struct fix {
	struct vc4_ctx *ctx;
	struct vc4_texture *a, *b;
	struct vc4_buffer *vb;
	struct vc4_prog *colour, *textured;
};

static int setup(void **state)
{
	static struct fix f;
	f.ctx = drvt_ctx();
	f.a = vc4_texture_create(f.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 64, 64, NULL);
	f.b = vc4_texture_create(f.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_RASTER, 32, 32, NULL);
	f.vb = drvt_triangle(f.ctx);
	f.colour = vc4_prog_create(f.ctx, drvt_colour_vs, drvt_colour_fs);
	f.textured = vc4_prog_create(f.ctx, drvt_textured_vs, drvt_textured_fs);
	if (!f.a || !f.b || !f.colour || !f.textured)
		fail_msg("%s", vc4_ctx_error(f.ctx));
	drvt_bind_colour_attribs(f.ctx, f.vb);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fix *f = *state;
	vc4_prog_destroy(f->textured);
	vc4_prog_destroy(f->colour);
	vc4_buffer_destroy(f->vb);
	vc4_texture_destroy(f->b);
	vc4_texture_destroy(f->a);
	vc4_ctx_destroy(f->ctx);
	return 0;
}

static struct vc4_ctx_stats stats(const struct fix *f)
{
	struct vc4_ctx_stats s;
	vc4_ctx_get_stats(f->ctx, &s);
	return s;
}

#define OK(f, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error((f)->ctx)); } while (0)

/* Draw into A; then B samples A: A's job goes first, B's stays pending. */
static void test_sampling_flushes_writer(void **state)
{
	struct fix *f = *state;
	OK(f, vc4_set_framebuffer(f->ctx, f->a, NULL));
	OK(f, vc4_set_program(f->ctx, f->colour));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_ptr_equal(f->a->writer, drv_job_find(f->ctx, f->a));
	OK(f, vc4_set_framebuffer(f->ctx, f->b, NULL));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_int_equal(f->ctx->jobs.len, 2);             /* one job per render target */
	assert_int_equal(stats(f).jobs_submitted, 0);
	OK(f, vc4_set_program(f->ctx, f->textured));
	OK(f, vc4_set_texture(f->ctx, 0, f->a));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_int_equal(stats(f).flush_dependency, 1);
	assert_int_equal(stats(f).jobs_submitted, 1);
	assert_null(f->a->writer);
	assert_null(drv_job_find(f->ctx, f->a));
	assert_non_null(drv_job_find(f->ctx, f->b));
	/* A second draw sampling A needs no flush any more. */
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_int_equal(stats(f).jobs_submitted, 1);
	OK(f, vc4_flush(f->ctx));
	assert_int_equal(stats(f).flush_explicit, 1);
	assert_int_equal(stats(f).jobs_submitted, 2);
}

/* Rendering to A while a pending job samples A submits the sampler first. */
static void test_writing_flushes_reader(void **state)
{
	struct fix *f = *state;
	const float c[4] = { 0, 0, 0, 1 };
	OK(f, vc4_set_framebuffer(f->ctx, f->b, NULL));
	OK(f, vc4_set_program(f->ctx, f->textured));
	OK(f, vc4_set_texture(f->ctx, 0, f->a));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	OK(f, vc4_set_framebuffer(f->ctx, f->a, NULL));
	OK(f, vc4_clear(f->ctx, VC4_CLEAR_COLOR, c, 1, 0));
	assert_int_equal(stats(f).flush_dependency, 1);
	assert_null(drv_job_find(f->ctx, f->b));
	OK(f, vc4_flush(f->ctx));
}

/* Sampling the bound render target, or an empty unit, is refused before
 * anything is recorded. */
static void test_feedback_loop(void **state)
{
	struct fix *f = *state;
	OK(f, vc4_set_framebuffer(f->ctx, f->a, NULL));
	OK(f, vc4_set_program(f->ctx, f->colour));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	OK(f, vc4_set_program(f->ctx, f->textured));
	OK(f, vc4_set_texture(f->ctx, 0, f->a));
	assert_false(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(f->ctx),
			    "draw: unit 0 samples the bound render target");
	/* A missing texture is found before anything is recorded. */
	OK(f, vc4_set_texture(f->ctx, 0, NULL));
	assert_false(vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(f->ctx),
			    "draw: the fragment shader samples unit 0, which has no texture");
	OK(f, vc4_flush(f->ctx));                           /* the first draw still renders */
	assert_int_equal(stats(f).jobs_submitted, 1);
}

static void test_readback_flushes(void **state)
{
	struct fix *f = *state;
	static uint8_t px[64 * 64 * 4];
	OK(f, vc4_set_framebuffer(f->ctx, f->a, NULL));
	OK(f, vc4_set_program(f->ctx, f->colour));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	OK(f, vc4_set_framebuffer(f->ctx, f->b, NULL));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	OK(f, vc4_texture_read_rgba8(f->a, px));
	assert_int_equal(stats(f).flush_readback, 1);
	assert_int_equal(stats(f).jobs_submitted, 1);      /* only A's job */
	assert_non_null(drv_job_find(f->ctx, f->b));
	OK(f, vc4_texture_read_rgba8(f->a, px));           /* nothing pending for A now */
	assert_int_equal(stats(f).jobs_submitted, 1);
	OK(f, vc4_flush(f->ctx));
}

static void test_clear_after_draw_and_cap(void **state)
{
	struct fix *f = *state;
	const float c[4] = { 1, 1, 1, 1 };
	OK(f, vc4_set_framebuffer(f->ctx, f->b, NULL));
	OK(f, vc4_set_program(f->ctx, f->colour));
	OK(f, vc4_clear(f->ctx, VC4_CLEAR_COLOR, c, 1, 0));
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_int_equal(stats(f).jobs_submitted, 0);
	OK(f, vc4_clear(f->ctx, VC4_CLEAR_COLOR, c, 1, 0));
	assert_int_equal(stats(f).flush_clear, 1);
	/* The target (4 KiB) plus the shader BOs and the VBO pass a 16 KiB cap. */
	vc4_ctx_set_bo_cap(f->ctx, 16384);
	OK(f, vc4_draw_arrays(f->ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_int_equal(stats(f).flush_bo_cap, 1);
	assert_null(drv_job_find(f->ctx, f->b));
	assert_int_equal(stats(f).jobs_submitted, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_sampling_flushes_writer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_writing_flushes_reader, setup, teardown),
		cmocka_unit_test_setup_teardown(test_feedback_loop, setup, teardown),
		cmocka_unit_test_setup_teardown(test_readback_flushes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_clear_after_draw_and_cap, setup, teardown),
	};
	return cmocka_run_group_tests_name("driver_jobs", tests, NULL, NULL);
}
