/*
 * test_driver_api.c: compiles and runs the example of docs/api.md (kept
 * identical to the block there, between the EXAMPLE markers), and checks
 * the public API's argument errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "driver_fixture.h"

/* EXAMPLE BEGIN */
#include <stdio.h>
#include "vc4/vc4.h"

static const char *vs_text =
	"attribute vec4 pos;\n"
	"attribute vec4 colour;\n"
	"varying vec4 v_colour;\n"
	"void main() {\n"
	"	gl_Position = pos;\n"
	"	v_colour = colour;\n"
	"}\n";

static const char *fs_text =
	"precision mediump float;\n"
	"varying vec4 v_colour;\n"
	"void main() {\n"
	"	gl_FragColor = v_colour;\n"
	"}\n";

/* Draws one RGB triangle into a 64x64 target and writes it to `png`. */
static int draw_triangle(const char *png)
{
	static const float vertices[] = { /* x, y, z, w, r, g, b, a */
		-0.8f, -0.8f, 0, 1, 1, 0, 0, 1,
		0.8f, -0.8f, 0, 1, 0, 1, 0, 1,
		0.0f, 0.8f, 0, 1, 0, 0, 1, 1,
	};
	static uint8_t pixels[64 * 64 * 4];
	const float black[4] = { 0, 0, 0, 1 };
	char err[256];

	struct vc4_ctx *ctx = vc4_ctx_create(VC4_CTX_BACKEND_AUTO, err, sizeof(err));
	if (!ctx) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	struct vc4_texture *rt = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T,
						    64, 64, NULL);
	struct vc4_buffer *vb = vc4_buffer_create(ctx, vertices, sizeof(vertices));
	struct vc4_prog *prog = vc4_prog_create_glsl(ctx, vs_text, fs_text, NULL, 0);
	struct vc4_vertex_attrib attribs[2] = {
		{ vb, 0, 32, VC4_ATTR_FLOAT },   /* pos (location 0): 4 floats at byte 0 */
		{ vb, 16, 32, VC4_ATTR_FLOAT },  /* colour (location 1): 4 floats at byte 16 */
	};
	int status = rt && vb && prog &&
		     vc4_set_framebuffer(ctx, rt, NULL) &&
		     vc4_clear(ctx, VC4_CLEAR_COLOR, black, 1.0f, 0) &&
		     vc4_set_program(ctx, prog) &&
		     vc4_set_vertex_attribs(ctx, attribs, 2) &&
		     vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3) &&
		     vc4_texture_read_rgba8(rt, pixels) &&  /* submits the job, waits */
		     vc4_write_png(png, 64, 64, pixels, err, sizeof(err)) ? 0 : 1;
	if (status)
		fprintf(stderr, "%s\n", err[0] ? err : vc4_ctx_error(ctx));
	vc4_prog_destroy(prog);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(rt);
	vc4_ctx_destroy(ctx);
	return status;
}
/* EXAMPLE END */

static void test_example(void **state)
{
	(void)state;
	char path[] = "/tmp/vc4-api-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(draw_triangle(path), 0);
	FILE *f = fopen(path, "rb");
	uint8_t sig[8];
	assert_int_equal(fread(sig, 1, 8, f), 8);
	fclose(f);
	assert_memory_equal(sig, "\x89PNG\r\n\x1a\n", 8);
	unlink(path);
}

/* The example in docs/api.md is this file's, byte for byte. */
static void test_doc_matches(void **state)
{
	(void)state;
	FILE *f = fopen(DRIVER_TESTS_DIR "/test_driver_api.c", "r");
	FILE *d = fopen(DRIVER_TESTS_DIR "/../../docs/api.md", "r");
	assert_non_null(f);
	assert_non_null(d);
	static char a[16384], b[16384];
	size_t na = fread(a, 1, sizeof(a) - 1, f), nb = fread(b, 1, sizeof(b) - 1, d);
	fclose(f);
	fclose(d);
	a[na] = b[nb] = 0;
	char *s = strstr(a, "/* EXAMPLE BEGIN */\n"), *e = strstr(a, "/* EXAMPLE END */");
	assert_non_null(s);
	assert_non_null(e);
	s += strlen("/* EXAMPLE BEGIN */\n");
	*e = 0;
	if (!strstr(b, s))
		fail_msg("docs/api.md does not contain the example of test_driver_api.c");
}

static void test_errors(void **state)
{
	(void)state;
	struct vc4_ctx *ctx = drvt_ctx();
	char err[128];
	assert_null(vc4_ctx_create((enum vc4_ctx_backend)7, err, sizeof(err)));
	assert_string_equal(err, "vc4_ctx_create: unknown backend 7");
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(ctx), "draw: no program bound");
	assert_null(vc4_prog_create(ctx, "vertex\nbogus\n", drvt_colour_fs));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_prog_create: vertex:2:1: expected a declaration or an instruction, found 'bogus'");
	struct vc4_prog *p = vc4_prog_create(ctx, drvt_colour_vs, drvt_colour_fs);
	assert_non_null(p);
	const float one = 1;
	assert_false(vc4_prog_set_uniform_f(p, "nope", &one, 1));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_prog: no uniform 'nope'");
	assert_true(vc4_set_program(ctx, p));
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(ctx), "draw: no framebuffer bound");
	struct vc4_texture *rt = vc4_texture_create(ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, 16, 16,
						    NULL);
	assert_true(vc4_set_framebuffer(ctx, rt, NULL));
	assert_false(vc4_draw_arrays(ctx, VC4_PRIM_TRIANGLES, 0, 3));
	assert_string_equal(vc4_ctx_error(ctx),
			    "draw: the vertex shader reads 2 attributes, 0 are set");
	struct vc4_buffer *ib = vc4_buffer_create(ctx, "\1\0\2\0", 4);
	assert_false(vc4_draw_elements(ctx, VC4_PRIM_TRIANGLES, 3, 2, ib, 0));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_draw_elements: indices 0..2 (2 bytes each "
			    "at offset 0) need bytes 0..5, but the index buffer holds 4 bytes");
	assert_false(vc4_draw_elements(ctx, VC4_PRIM_TRIANGLES, 1, 2, ib, 1));
	assert_string_equal(vc4_ctx_error(ctx), "vc4_draw_elements: offset 1 is not a multiple "
			    "of the index size 2");
	assert_false(vc4_set_framebuffer(ctx, rt, rt));
	assert_string_equal(vc4_ctx_error(ctx),
			    "vc4_set_framebuffer: depth target must be Z24S8 of 16x16");
	vc4_buffer_destroy(ib);
	vc4_texture_destroy(rt);
	vc4_prog_destroy(p);
	vc4_ctx_destroy(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example),
		cmocka_unit_test(test_doc_matches),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests_name("driver_api", tests, NULL, NULL);
}
