/*
 * test_driver_host.c: host uniforms (the "preshader", docs/compiler.md
 * "Host uniforms") through the public API: a fragment shader normalising a
 * uniform vector reads the result as HOST entries whose words the driver
 * computes per draw (exact stream words), and a shader with uniform-only
 * normalize, sin, exp2 and a reciprocal draws exactly the pixels it draws
 * when compiled with VC4_NO_HOST_UNIFORMS=1 (the values computed on the
 * QPU), after a uniform change too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "driver/drv.h"
#include "driver_fixture.h"
#include "vc4/vc4.h"

static const char colour_vs[] =
	"attribute vec4 pos;\n"
	"attribute vec4 colour;\n"
	"varying vec4 v_colour;\n"
	"void main() { gl_Position = pos; v_colour = colour; }\n";

/* Renders `prog`'s triangle into a fresh 64x64 target; returns the pixels. */
static void render(struct vc4_ctx *ctx, struct vc4_prog *prog, struct vc4_buffer *vb,
		   uint8_t *rgba)
{
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T);
	const float black[4] = { 0, 0, 0, 1 };
	assert_true(vc4_set_framebuffer(ctx, t, NULL));
	assert_true(vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1, 0));
	assert_true(vc4_set_program(ctx, prog));
	drvt_bind_colour_attribs(ctx, vb);
	if (!vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3))
		fail_msg("draw: %s", vc4_ctx_error(ctx));
	if (!vc4_texture_read_rgba8(t, rgba))
		fail_msg("read: %s", vc4_ctx_error(ctx));
	vc4_texture_destroy(t);
}

/* HOST entries of the fragment shader of `prog`'s first variant. */
static size_t host_entries(const struct vc4_prog *prog, size_t *nops)
{
	const struct qir_uniform_stream *s = &prog->variants.data[0].fs->prog[0].code.uniforms;
	size_t n = 0;
	for (size_t i = 0; i < s->entries.len; i++)
		n += s->entries.data[i].kind == QIR_UNIFORM_HOST;
	*nops = s->host.len;
	return n;
}

static struct vc4_prog *glsl(struct vc4_ctx *ctx, const char *fs)
{
	struct vc4_prog *p = vc4_prog_create_glsl(ctx, colour_vs, fs, NULL, 0);
	if (!p)
		fail_msg("vc4_prog_create_glsl: %s", vc4_ctx_error(ctx));
	return p;
}

/* normalize((0, 0, 4)) on the host: the FS stream holds its three
 * components, written by the driver as 0, 0 and 1.0. */
static void stream_words(void **state)
{
	(void)state;
	static const char fs[] =
		"precision mediump float;\n"
		"uniform vec3 light;\n"
		"varying vec4 v_colour;\n"
		"void main() { gl_FragColor = v_colour * vec4(normalize(light), 1.0); }\n";
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_buffer *vb = drvt_triangle(ctx);
	struct vc4_prog *p = glsl(ctx, fs);
	const float light[3] = { 0.0f, 0.0f, 4.0f };
	assert_true(vc4_prog_set_uniform_f(p, "light", light, 3));
	struct vc4_texture *t = drvt_target(ctx, VC4_LAYOUT_T);
	assert_true(vc4_set_framebuffer(ctx, t, NULL));
	assert_true(vc4_set_program(ctx, p));
	drvt_bind_colour_attribs(ctx, vb);
	assert_true(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	size_t nops;
	assert_int_equal(host_entries(p, &nops), 3);
	assert_true(nops >= 5);   /* three squares summed, rsq, three products */
	struct drv_job *job = drv_job_find(ctx, t);
	const struct qir_uniform_stream *s = &p->variants.data[0].fs->prog[0].code.uniforms;
	const uint8_t *u = job->cl.uniforms.data;
	uint32_t got[3], k = 0;
	for (size_t i = 0; i < s->entries.len; i++)   /* no texture: no BO slots */
		if (s->entries.data[i].kind == QIR_UNIFORM_HOST)
			got[k++] = drvt_u32(u, 4 * i);
	uint32_t zeros = 0, ones = 0;   /* x and y are 0, z is 1.0 (in stream order) */
	for (int i = 0; i < 3; i++) {
		zeros += got[i] == 0;
		ones += got[i] == 0x3f800000;
	}
	assert_int_equal(zeros, 2);
	assert_int_equal(ones, 1);
	assert_true(vc4_flush(ctx));
	vc4_texture_destroy(t);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	vc4_ctx_destroy(ctx);
}

static const char busy_fs[] =
	"precision mediump float;\n"
	"uniform vec3 light;\n"
	"uniform float time;\n"
	"varying vec4 v_colour;\n"
	"void main() {\n"
	"  vec3 l = normalize(light) * 0.5 + 0.5;\n"
	"  vec4 k = vec4(sin(time) * 0.25, exp2(-time), 1.0 / (time + 2.0), 0.0);\n"
	"  gl_FragColor = v_colour * vec4(l, 1.0) + k;\n"
	"}\n";

/* Draws busy_fs with `light` and `time` in a new context (with the pass
 * disabled when `off`) and returns the pixels and the HOST entries. */
static size_t draw_busy(bool off, const float light[3], float time, uint8_t *rgba)
{
	if (off)
		setenv("VC4_NO_HOST_UNIFORMS", "1", 1);
	struct vc4_ctx *ctx = drvt_ctx();
	struct vc4_buffer *vb = drvt_triangle(ctx);
	struct vc4_prog *p = glsl(ctx, busy_fs);
	assert_true(vc4_prog_set_uniform_f(p, "light", light, 3));
	assert_true(vc4_prog_set_uniform_f(p, "time", &time, 1));
	render(ctx, p, vb, rgba);
	unsetenv("VC4_NO_HOST_UNIFORMS");
	size_t nops, n = host_entries(p, &nops);
	vc4_prog_destroy(p);
	vc4_buffer_destroy(vb);
	vc4_ctx_destroy(ctx);
	return n;
}

static void same_pixels(void **state)
{
	(void)state;
	static uint8_t a[64 * 64 * 4], b[64 * 64 * 4];
	const float lights[2][3] = { { 1.0f, 2.0f, 2.0f }, { -0.3f, 0.7f, 0.1f } };
	const float times[2] = { 0.7f, 3.1f };
	for (int i = 0; i < 2; i++) {
		assert_true(draw_busy(false, lights[i], times[i], a) >= 6);
		assert_int_equal(draw_busy(true, lights[i], times[i], b), 0);
		assert_memory_equal(a, b, sizeof(a));
		/* the centre is lit: the comparison is not of two black images */
		assert_true((drvt_px(a, 64, 32, 32) & 0xffffff00) != 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stream_words),
		cmocka_unit_test(same_pixels),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
