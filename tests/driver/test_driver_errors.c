/*
 * test_driver_errors.c: errors are kept and failures are reported
 * (docs/api.md, "Errors"): the context's error is sticky until read; a job
 * the GPU hangs on makes the flush, finish and read-back fail with the
 * kernel's reason, and vc4-replay (argv[1]) of its capture exits 1 with it;
 * a draw whose vertices or indices leave their buffers fails alone, naming
 * the attribute and the range, and the job keeps its earlier draws;
 * destroying a buffer, texture or program that is bound or used by a
 * pending job is safe. Exact texts and pixels throughout.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"
#include "sim/kernel/sim_kernel.h"
#include "tool_run.h"
#include "vc4/vc4.h"

#define OK(ctx, call) do { if (!(call)) fail_msg("%s: %s", #call, vc4_ctx_error(ctx)); } while (0)

/* vc4-replay, the test's argument. */
static const char *replay_tool;

/* A fragment shader that never ends: an empty endless loop. */
static const char endless_fs[] =
	"fragment\n"
	"varying smooth vec4 @v_colour\n"
	"output color\n"
	"%c = load @v_colour\n"
	"loop {\n"
	"}\n"
	"store @color, %c\n";

/* How the simulated kernel's reason for the endless shader of job N
 * starts and ends (between them: the render CL address and packet where
 * the pipeline stopped, which are its business). */
#define REASON_START(n) "job " #n " hung: render: 0x"
#define REASON_END(fs_addr) ": fragment shader at " fs_addr ": no thread end after 1000000 " \
	"instructions"

/* Fails unless `text` is `start` ... `end`. */
static void assert_bracketed(const char *text, const char *start, const char *end)
{
	size_t n = strlen(text), a = strlen(start), b = strlen(end);
	if (n < a + b || strncmp(text, start, a) != 0 || strcmp(text + n - b, end) != 0)
		fail_msg("'%s' is not '%s...%s'", text, start, end);
}

/* The context's error is "GPU hang: " and the simulated kernel's reason for
 * the endless shader of job n, exactly (it is read and cleared). */
static void assert_hang_error(struct vc4_ctx *ctx, const char *job)
{
	char want[VC4_DIAG_MAX + 16], start[64];
	const char *reason = sim_kernel_last_hang(vc4_dev_sim(ctx->dev));
	snprintf(want, sizeof(want), "GPU hang: %s", reason);
	assert_string_equal(vc4_ctx_error(ctx), want);
	snprintf(start, sizeof(start), "job %s hung: render: 0x", job);
	assert_bracketed(reason, start, REASON_END("0x01005000"));
}

/* Pixel (x, y) of a 64-pixel-wide RGBA8 image as 0xRRGGBBAA. */
/* Checks four pixels of the RGB triangle (test_driver_pipeline's values). */
static void assert_triangle(struct vc4_ctx *ctx, struct vc4_texture *t)
{
	static uint8_t img[64 * 64 * 4];
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_int_equal(drvt_px(img, 64, 16, 56), 0xae331eff);
	assert_int_equal(drvt_px(img, 64, 48, 56), 0x2fb21eff);
	assert_int_equal(drvt_px(img, 64, 32, 8), 0x0f13ddff);
	assert_int_equal(drvt_px(img, 64, 0, 0), 0x000000ff);
}

/* The first error stays, through later successes and failures, until it
 * is read; reading clears it. */
static void error_is_sticky_until_read(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_RASTER);
	assert_true(vc4_set_framebuffer(ctx, t, NULL));
	assert_false(vc4_set_point_size(ctx, -1));
	assert_string_equal(vc4_ctx_error(ctx), "draw: no program bound");
	assert_string_equal(vc4_ctx_error(ctx), "");
	assert_false(vc4_set_point_size(ctx, -1));
	assert_true(vc4_set_line_width(ctx, 2));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_set_point_size: -1 outside (0, 512]");
	assert_string_equal(vc4_ctx_error(ctx), "");
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

/* Context, target, triangle buffer and the endless program of a hang test. */
struct hang_fixture {
	struct vc4_ctx *ctx;
	struct vc4_texture *t;
	struct vc4_buffer *b;
	struct vc4_prog *endless, *good;
};

static void hang_setup(struct hang_fixture *f)
{
	f->ctx = drvt_ctx();
	f->t = drvt_target(f->ctx, VC4_LAYOUT_RASTER);
	f->b = drvt_triangle(f->ctx);
	f->endless = vc4_prog_create(f->ctx, drvt_colour_vs, endless_fs);
	f->good = vc4_prog_create(f->ctx, drvt_colour_vs, drvt_colour_fs);
	if (!f->endless || !f->good)
		fail_msg("vc4_prog_create: %s", vc4_ctx_error(f->ctx));
}

static void hang_teardown(struct hang_fixture *f)
{
	vc4_prog_destroy(f->endless);
	vc4_prog_destroy(f->good);
	vc4_buffer_destroy(f->b);
	vc4_texture_destroy(f->t);
	vc4_ctx_destroy(f->ctx);
}

/* The flush that submits the hung job fails with the kernel's reason; so
 * do the read-back of its target and the next vc4_finish(). A later job
 * that renders clears it. */
static void hang_fails_flush_readback_finish(void **state)
{
	(void)state;
	struct hang_fixture f;
	static uint8_t img[64 * 64 * 4];
	hang_setup(&f);
	drvt_draw_triangle(f.ctx, f.t, f.b, f.endless);
	assert_false(vc4_flush(f.ctx));
	assert_hang_error(f.ctx, "1");
	assert_false(vc4_texture_read_rgba8(f.t, img));
	assert_hang_error(f.ctx, "1");
	assert_false(vc4_finish(f.ctx));
	assert_hang_error(f.ctx, "1");
	assert_true(vc4_finish(f.ctx));
	drvt_draw_triangle(f.ctx, f.t, f.b, f.good);
	assert_triangle(f.ctx, f.t);
	hang_teardown(&f);
}

/* A read-back or a finish that submits the hung job itself fails too. */
static void hang_fails_readback_and_finish_that_submit(void **state)
{
	(void)state;
	struct hang_fixture f;
	static uint8_t img[64 * 64 * 4];
	hang_setup(&f);
	drvt_draw_triangle(f.ctx, f.t, f.b, f.endless);
	assert_false(vc4_texture_read_rgba8(f.t, img));
	assert_hang_error(f.ctx, "1");
	assert_false(vc4_finish(f.ctx));
	assert_hang_error(f.ctx, "1");
	drvt_draw_triangle(f.ctx, f.t, f.b, f.endless);
	assert_false(vc4_finish(f.ctx));
	assert_hang_error(f.ctx, "2");
	assert_true(vc4_finish(f.ctx));
	hang_teardown(&f);
}

/* The capture of a hung job replays as hung: vc4-replay exits 1 with the
 * reason. */
static void replay_of_a_hung_job(void **state)
{
	(void)state;
	char dir[] = "/tmp/vc4-driver-errors-XXXXXX", args[128];
	assert_non_null(mkdtemp(dir));
	struct hang_fixture f;
	hang_setup(&f);
	struct vc4_diag d = { 0 };
	assert_true(vc4_dev_set_capture(f.ctx->dev, dir, &d));
	drvt_draw_triangle(f.ctx, f.t, f.b, f.endless);
	assert_false(vc4_flush(f.ctx));
	assert_hang_error(f.ctx, "1");
	hang_teardown(&f);
	snprintf(args, sizeof(args), "%s/0000 --backend sim", dir);
	struct tool_run r = tool_run(replay_tool, args, false);
	assert_int_equal(r.status, 1);
	assert_bracketed(r.out, "hung (sim backend): " REASON_START(1),
			 REASON_END("0x01000000") "\n");
	assert_string_equal(r.err, "");
	tool_run_free(&r);
	snprintf(args, sizeof(args), "rm -r '%s'", dir);
	assert_int_equal(system(args), 0);
}

/* A draw whose vertices leave an attribute's buffer fails at the draw,
 * naming the attribute and the bytes; the job keeps its earlier draw. */
static void draw_outside_a_buffer_fails_alone(void **state)
{
	(void)state;
	struct hang_fixture f;
	hang_setup(&f);
	drvt_draw_triangle(f.ctx, f.t, f.b, f.good); /* 3 vertices of 32 bytes: 96 */
	assert_false(vc4_draw_arrays(f.ctx, VC4_PRIM_TRIANGLES, 0, 4));
	assert_string_equal(vc4_ctx_error(f.ctx), "draw: attribute 0 (@pos): vertices 0..3 read "
			    "bytes 0..111, but its buffer holds 96 bytes");
	assert_false(vc4_draw_arrays(f.ctx, VC4_PRIM_TRIANGLES, 1, 3));
	assert_string_equal(vc4_ctx_error(f.ctx), "draw: attribute 0 (@pos): vertices 1..3 read "
			    "bytes 32..111, but its buffer holds 96 bytes");
	const uint16_t idx[3] = { 0, 1, 3 };
	struct vc4_buffer *ib = vc4_buffer_create(f.ctx, idx, sizeof(idx));
	assert_non_null(ib);
	assert_false(vc4_draw_elements(f.ctx, VC4_PRIM_TRIANGLES, 3, 2, ib, 0));
	assert_string_equal(vc4_ctx_error(f.ctx), "draw: attribute 0 (@pos): vertices 0..3 read "
			    "bytes 0..111, but its buffer holds 96 bytes");
	struct vc4_vertex_attrib a[2] = {
		{ f.b, 0, 32, VC4_ATTR_FLOAT }, { f.b, 20, 32, VC4_ATTR_FLOAT },
	};
	OK(f.ctx, vc4_set_vertex_attribs(f.ctx, a, 2));
	assert_false(vc4_draw_arrays(f.ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(f.ctx), "draw: attribute 1 (@colour): vertices 0..2 "
			    "read bytes 20..99, but its buffer holds 96 bytes");
	assert_triangle(f.ctx, f.t); /* the first draw, submitted and rendered */
	vc4_buffer_destroy(ib);
	hang_teardown(&f);
}

/* Destroying the buffer the bound attributes name, then drawing, fails
 * with an error (it crashed in drv_emit.c). */
static void draw_after_destroying_a_bound_buffer(void **state)
{
	(void)state;
	struct hang_fixture f;
	hang_setup(&f);
	struct vc4_buffer *b = drvt_triangle(f.ctx);
	OK(f.ctx, vc4_set_framebuffer(f.ctx, f.t, NULL));
	OK(f.ctx, vc4_set_program(f.ctx, f.good));
	drvt_bind_colour_attribs(f.ctx, b);
	vc4_buffer_destroy(b);
	assert_false(vc4_draw_arrays(f.ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(f.ctx), "draw: attribute 0 (@pos) has no buffer (it was "
			    "destroyed)");
	hang_teardown(&f);
}

/* Destroying the buffer and program of a pending job is safe: the job
 * keeps their memory and renders; the context unbinds the program. */
static void destroying_what_a_pending_job_uses(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_RASTER);
	struct vc4_buffer *b = drvt_triangle(ctx);
	struct vc4_prog *prog = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	assert_non_null(prog);
	drvt_draw_triangle(ctx, t, b, prog);
	vc4_buffer_destroy(b);
	vc4_prog_destroy(prog);
	assert_triangle(ctx, t);
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(ctx), "draw: no program bound");
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

/* Destroying a texture that a pending job samples is safe: the job keeps
 * its memory; the context unbinds it from its unit. */
static void destroying_a_sampled_texture(void **state)
{
	(void)state;
	static const float quad[] = {
		-1, -1, 0, 1, 0, 1,  1, -1, 0, 1, 1, 1,  -1, 1, 0, 1, 0, 0,  1, 1, 0, 1, 1, 0,
	};
	static uint8_t texels[16 * 16 * 4];
	for (size_t i = 0; i < sizeof(texels); i += 4)
		memcpy(texels + i, "\x33\x66\x99\xff", 4);
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_RASTER);
	struct vc4_texture *tex = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, 16,
						     16, texels);
	struct vc4_buffer *b = vc4_buffer_create(ctx, quad, sizeof(quad));
	struct vc4_prog *prog = vc4_prog_create(ctx, drvt_textured_vs, drvt_textured_fs);
	assert_true(tex && b && prog);
	struct vc4_vertex_attrib a[2] = {
		{ b, 0, 24, VC4_ATTR_FLOAT }, { b, 16, 24, VC4_ATTR_FLOAT },
	};
	OK(ctx, vc4_set_framebuffer(ctx, t, NULL));
	OK(ctx, vc4_set_program(ctx, prog));
	OK(ctx, vc4_set_vertex_attribs(ctx, a, 2));
	OK(ctx, vc4_set_texture(ctx, 0, tex));
	OK(ctx, vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLE_STRIP, 0, 4));
	vc4_texture_destroy(tex);
	static uint8_t img[64 * 64 * 4];
	OK(ctx, vc4_texture_read_rgba8(t, img));
	assert_int_equal(drvt_px(img, 64, 0, 0), 0x336699ff);
	assert_int_equal(drvt_px(img, 64, 40, 20), 0x336699ff);
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLE_STRIP, 0, 4));
	assert_string_equal(vc4_ctx_error(ctx), "draw: the fragment shader samples unit 0, which "
			    "has no texture");
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(b);
	vc4_texture_destroy(t);
	vc4_ctx_destroy(ctx);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_driver_errors VC4-REPLAY\n");
		return 2;
	}
	replay_tool = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(error_is_sticky_until_read),
		cmocka_unit_test(hang_fails_flush_readback_finish),
		cmocka_unit_test(hang_fails_readback_and_finish_that_submit),
		cmocka_unit_test(replay_of_a_hung_job),
		cmocka_unit_test(draw_outside_a_buffer_fails_alone),
		cmocka_unit_test(draw_after_destroying_a_bound_buffer),
		cmocka_unit_test(destroying_what_a_pending_job_uses),
		cmocka_unit_test(destroying_a_sampled_texture),
	};
	return cmocka_run_group_tests_name("driver_errors", tests, NULL, NULL);
}
