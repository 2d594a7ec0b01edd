/*
 * test_driver_demo.c: runs vc4-demo (argv[1]) on the simulator, which
 * renders: with the first six scenes at 128x128 (--size, --only), the tool
 * must print one line per scene and exit 0, and the PNGs
 * must hold the expected pixels at chosen points (exact where
 * the value is exactly defined: clear colours, flat-coloured and nearest-
 * sampled areas, depth-hidden areas; blended areas within 1 of the exact
 * result, the blender's documented rounding). Also: its usage errors, and
 * a scene whose shader hangs the GPU (exit 1 with the reason). Every
 * scene's golden image, animations and figures: test_driver_demo_golden.c.
 */
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "png_read.h"
#include "tool_run.h"

/* vc4-demo, given as the test's argument. */
static const char *demo;

#define DIR "/tmp/vc4-demo-test"

static const char rendered[] =
	"clear: " DIR "/clear.png\n"
	"triangle: " DIR "/triangle.png\n"
	"textured: " DIR "/textured.png\n"
	"depth: " DIR "/depth.png\n"
	"blend: " DIR "/blend.png\n"
	"cube: " DIR "/cube.png\n";

/* A pixel expectation: scene, (x, y) with y down, RGBA, tolerance. */
struct px_check {
	const char *scene;
	uint32_t x, y;
	uint8_t rgba[4];
	uint8_t tol;
};

static const struct px_check checks[] = {
	{ "clear", 0, 0, { 0x63, 0x94, 0xed, 0xff }, 0 },
	{ "clear", 127, 127, { 0x63, 0x94, 0xed, 0xff }, 0 },
	{ "triangle", 2, 2, { 0x1a, 0x1a, 0x26, 0xff }, 0 },       /* outside */
	{ "triangle", 125, 125, { 0x1a, 0x1a, 0x26, 0xff }, 0 },
	/* (64.5, 80.5): barycentrics 0.326, 0.335, 0.339 of red, green, blue */
	{ "triangle", 64, 80, { 0x53, 0x56, 0x56, 0xff }, 1 },
	{ "textured", 2, 2, { 0x1a, 0x1a, 0x26, 0xff }, 0 },       /* outside the quad */
	{ "textured", 20, 20, { 0xff, 0xff, 0xff, 0xff }, 0 },     /* texel (3, 3): white */
	{ "textured", 30, 20, { 0xff, 0x80, 0x00, 0xff }, 0 },     /* texel (9, 3): orange */
	{ "depth", 30, 90, { 0xff, 0x00, 0x00, 0xff }, 0 },        /* near red only */
	{ "depth", 64, 70, { 0xff, 0x00, 0x00, 0xff }, 0 },        /* both: red wins */
	{ "depth", 100, 100, { 0x00, 0xff, 0x00, 0xff }, 0 },      /* far green only */
	{ "blend", 5, 5, { 0xff, 0xff, 0xff, 0xff }, 0 },          /* background */
	{ "blend", 20, 100, { 0xff, 0x80, 0x80, 0xff }, 1 },       /* red over white */
	{ "cube", 1, 1, { 0x1a, 0x1a, 0x26, 0xff }, 0 },           /* background */
	/* face colours are scaled by 0.6..0.9 across each face: 0xc0 +- 40 */
	{ "cube", 64, 64, { 0xc0, 0x00, 0x00, 0xff }, 40 },        /* the red front face */
	{ "cube", 40, 64, { 0xc0, 0xc0, 0x00, 0xff }, 40 },        /* the yellow side */
	/* Golden: the simulator's exact values at points checked above with a
	 * tolerance, and where the blended quads overlap (rendered once,
	 * looked at, and pinned so that any change shows). */
	{ "triangle", 64, 80, { 0x53, 0x56, 0x56, 0xff }, 0 },
	{ "blend", 20, 100, { 0xff, 0x7f, 0x7f, 0xff }, 0 },       /* red over white */
	{ "blend", 45, 60, { 0x7f, 0xbf, 0x3f, 0xff }, 0 },        /* green over red */
	{ "blend", 100, 40, { 0x7f, 0x7f, 0xff, 0xff }, 0 },       /* blue over white */
	{ "blend", 64, 64, { 0x3f, 0x5f, 0x9f, 0xff }, 0 },        /* all three */
	{ "cube", 64, 64, { 0xc7, 0x00, 0x00, 0xff }, 0 },
	{ "cube", 40, 64, { 0xb2, 0xb2, 0x00, 0xff }, 0 },
	{ "cube", 64, 20, { 0x1a, 0x1a, 0x26, 0xff }, 0 },         /* above the cube */
};

static void check_pixels(void)
{
	for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		const struct px_check *c = &checks[i];
		char path[256];
		uint32_t w, h;
		snprintf(path, sizeof(path), DIR "/%s.png", c->scene);
		uint8_t *px = png_read_file(path, &w, &h);
		assert_int_equal(w, 128);
		assert_int_equal(h, 128);
		const uint8_t *p = px + 4 * ((size_t)c->y * w + c->x);
		for (int k = 0; k < 4; k++) {
			int d = p[k] - c->rgba[k];
			if (d < -c->tol || d > c->tol)
				fail_msg("%s (%u, %u): %02x%02x%02x%02x, expected %02x%02x%02x%02x",
					 c->scene, c->x, c->y, p[0], p[1], p[2], p[3], c->rgba[0],
					 c->rgba[1], c->rgba[2], c->rgba[3]);
		}
		free(px);
	}
}

static void test_demo(void **state)
{
	(void)state;
	struct tool_run r = tool_run(demo, "--backend sim --size 128 --only "
				     "clear,triangle,textured,depth,blend,cube -o " DIR, false);
	if (r.status != 0)
		fail_msg("vc4-demo exited %d: %s%s", r.status, r.out, r.err);
	assert_string_equal(r.out, rendered);
	assert_string_equal(r.err, "");
	check_pixels();
	tool_run_free(&r);
}

static void test_usage(void **state)
{
	(void)state;
	struct tool_run r = tool_run(demo, "--backend nope", false);
	assert_int_equal(r.status, 2);
	assert_string_equal(r.err, "vc4-demo: --backend 'nope': not auto, sim or drm\n"
			    "usage: vc4-demo [--backend auto|sim|drm] [-o DIR] [--scenes DIR] "
			    "[--size WxH]\n"
			    "                [--frames N] [--only LIST] [--stats FILE]\n"
			    "  renders the demo scenes through the driver and writes DIR/NAME.png "
			    "each\n"
			    "  --backend B  auto (default), sim or drm\n"
			    "  -o DIR       where the PNGs go (default .)\n"
			    "  --scenes DIR the scenes' IR shaders (default: "
			    "DATADIR/vc4/scenes, or\n"
			    "               examples/scenes when run from the build tree)\n"
			    "  --size WxH   the images' size, each 16..2048 (default 640x480; N: "
			    "NxN)\n"
			    "  --frames N   an animation of N frames (1..10000) at 30 per second:\n"
			    "               DIR/NAME.png is an APNG, the frames are "
			    "DIR/NAME/NNNN.png\n"
			    "  --only LIST  only these scenes, comma-separated (default: all)\n"
			    "  --stats FILE append per scene: time per frame, QPU instructions per\n"
			    "               frame, shader sizes (tab-separated, a header when new)\n"
			    "  --help       print this text;  --version  print the version\n"
			    "exit status: 0 images written, 1 a scene failed or nothing was "
			    "rendered,\n"
			    "  2 usage or I/O error\n");
	tool_run_free(&r);
	static const char *const bad[][2] = {
		{ "--size 8", "vc4-demo: --size '8': not WxH or N, each 16..2048\nusage: " },
		{ "--size 640x8", "vc4-demo: --size '640x8': not WxH or N, each 16..2048\n" },
		{ "--size 2049x480", "vc4-demo: --size '2049x480': not WxH or N, each 16..2048\n" },
		{ "--size 64x", "vc4-demo: --size '64x': not WxH or N, each 16..2048\n" },
		{ "--frames 0", "vc4-demo: --frames '0': not 1..10000\n" },
		{ "--frames 10001", "vc4-demo: --frames '10001': not 1..10000\n" },
		{ "--only cube,nope", "vc4-demo: --only 'cube,nope': not scene names, "
		  "comma-separated\n" },
		{ "--only cube,", "vc4-demo: --only 'cube,': not scene names, comma-separated\n" },
		{ "--stats", "vc4-demo: --stats needs a file\n" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		r = tool_run(demo, bad[i][0], false);
		assert_int_equal(r.status, 2);
		if (strncmp(r.err, bad[i][1], strlen(bad[i][1])) != 0)
			fail_msg("%s: %s", bad[i][0], r.err);
		tool_run_free(&r);
	}
}

/* Writes `text` to DIR/name; fails the test if it cannot. */
static void write_text(const char *dir, const char *name, const char *text)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* A scene whose fragment shader never ends: the demo names the scene and
 * the hang's reason and exits 1 (it printed the scene as written, exit 0). */
static void test_hang(void **state)
{
	(void)state;
	char scenes[] = "/tmp/vc4-demo-hang-XXXXXX", args[256];
	assert_non_null(mkdtemp(scenes));
	write_text(scenes, "colour.vert", "attribute vec4 pos;\nattribute vec4 colour;\n"
		   "varying vec4 v_colour;\n"
		   "void main() { gl_Position = pos; v_colour = colour; }\n");
	write_text(scenes, "colour.frag", "precision mediump float;\nvarying vec4 v_colour;\n"
		   "void main() { while (true) { } gl_FragColor = v_colour; }\n");
	snprintf(args, sizeof(args), "--backend sim --size 128 --scenes %s -o %s", scenes, scenes);
	struct tool_run r = tool_run(demo, args, false);
	char out[256];
	snprintf(out, sizeof(out), "clear: %s/clear.png\n", scenes);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.out, out);
	/* Between the two: the render CL address and packet where the
	 * simulated pipeline stopped. */
	const char *start = "vc4-demo: triangle: GPU hang: job 2 hung: render: 0x";
	const char *end = ": fragment shader at 0x01021000: no thread end after 1000000 "
			  "instructions\n";
	size_t n = strlen(r.err);
	assert_true(n > strlen(start) + strlen(end));
	assert_int_equal(strncmp(r.err, start, strlen(start)), 0);
	assert_string_equal(r.err + n - strlen(end), end);
	tool_run_free(&r);
	snprintf(args, sizeof(args), "rm -r '%s'", scenes);
	assert_int_equal(system(args), 0);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_driver_demo VC4_DEMO\n");
		return 2;
	}
	demo = argv[1];
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demo),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_hang),
	};
	return cmocka_run_group_tests_name("driver_demo", tests, NULL, NULL);
}
