/*
 * vc4-demo: renders the demo scenes through the driver's public API
 * (include/vc4/vc4.h) and writes one PNG per scene, or with --frames N an
 * animation: N PNG frames and one animated PNG (APNG) per scene.
 *
 *   vc4-demo [--backend auto|sim|drm] [-o DIR] [--scenes DIR] [--size WxH]
 *            [--frames N] [--only LIST] [--stats FILE]
 *
 * Scenes (shaders in examples/scenes/, installed as DATADIR/vc4/scenes):
 * clear, triangle (interpolated colours), textured (a procedural
 * checkerboard, T-format texture), depth (overlapping triangles, depth
 * test), blend (alpha-blended quads), cube (one frame of a spinning cube,
 * indexed, depth test, back faces culled), then the ladder of
 * tools/demo/demo_ladder.c, animated by time: cube_textured, cube_gouraud,
 * torus_phong, shadertoy, render_to_texture, particles.
 * The frame loop, progress line, APNG and figures: tools/demo/demo_run.c.
 * Prints "NAME: PATH" per image (the simulator renders: the simulated kernel
 * runs each job on its 3D pipeline).
 * A scene fails on the driver's error, e.g. "GPU hang: ..." when its job
 * hung. Exit status (docs/CONVENTIONS.md): 0 images written; 1 a scene
 * failed (a shader rejected, a job that hung) or nothing was rendered; 2
 * usage or I/O error (no device, a scene file or PNG that cannot be read or
 * written).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "demo/demo.h"
#include "tool.h"
#include "util/file.h"
#include "vc4/vc4.h"

static const struct tool tool = { "vc4-demo",
	"usage: vc4-demo [--backend auto|sim|drm] [-o DIR] [--scenes DIR] [--size WxH]\n"
	"                [--frames N] [--only LIST] [--stats FILE]\n"
	"  renders the demo scenes through the driver and writes DIR/NAME.png each\n"
	"  --backend B  auto (default), sim or drm\n"
	"  -o DIR       where the PNGs go (default .)\n"
	"  --scenes DIR the scenes' IR shaders (default: DATADIR/vc4/scenes, or\n"
	"               examples/scenes when run from the build tree)\n"
	"  --size WxH   the images' size, each 16..2048 (default 640x480; N: NxN)\n"
	"  --frames N   an animation of N frames (1..10000) at 30 per second:\n"
	"               DIR/NAME.png is an APNG, the frames are DIR/NAME/NNNN.png\n"
	"  --only LIST  only these scenes, comma-separated (default: all)\n"
	"  --stats FILE append per scene: time per frame, QPU instructions per\n"
	"               frame, shader sizes (tab-separated, a header when new)\n"
	"  --help       print this text;  --version  print the version\n"
	"exit status: 0 images written, 1 a scene failed or nothing was rendered,\n"
	"  2 usage or I/O error\n" };

/* Where the scenes are (tools/meson.build); without them, the current
 * directory's examples/scenes. */
#ifndef VC4_SCENES_SOURCE
#define VC4_DEMO_BUILD_DIR ""
#define VC4_SCENES_SOURCE "examples/scenes"
#define VC4_SCENES_INSTALLED VC4_SCENES_SOURCE
#define VC4_SCENES_FROM_BINDIR ""
#endif

/* The default scenes directory: the source tree's when this executable is
 * the build tree's, else the installed one beside its bindir (so a moved or
 * DESTDIR installation finds its own), else the configured datadir's.
 * `buf` (PATH_MAX bytes) holds the path when it is found beside bindir. */
static const char *default_scenes(char *buf)
{
	char exe[PATH_MAX], dir[PATH_MAX + 64];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash = n > 0 ? memrchr(exe, '/', (size_t)n) : NULL;
	if (!slash)
		return VC4_SCENES_INSTALLED;
	*slash = '\0';
	if (realpath(VC4_DEMO_BUILD_DIR, dir) && strcmp(exe, dir) == 0)
		return VC4_SCENES_SOURCE;
	snprintf(dir, sizeof(dir), "%s/%s", exe, VC4_SCENES_FROM_BINDIR);
	if (VC4_SCENES_FROM_BINDIR[0] && realpath(dir, buf))
		return buf;
	return VC4_SCENES_INSTALLED;
}

/* A program from two files of the scenes directory; NULL + message. */
/* Whether a scene file is GLSL (.vert, .frag) rather than IR (.ir). */
static bool glsl_name(const char *name)
{
	size_t n = strlen(name);
	return (n > 5 && strcmp(name + n - 5, ".vert") == 0) ||
	       (n > 5 && strcmp(name + n - 5, ".frag") == 0);
}

struct vc4_prog *load_prog(struct demo *d, const char *vs, const char *fs)
{
	struct vc4_diag diag = { 0 };
	char path[2][1024];
	char *text[2] = { NULL, NULL };
	const char *name[2] = { vs, fs };
	for (int i = 0; i < 2; i++) {
		snprintf(path[i], sizeof(path[i]), "%s/%s", d->scenes, name[i]);
		size_t size;
		text[i] = vc4_read_file(path[i], &size, &diag);
		if (!text[i]) {
			tool_error(&tool, "%s", diag.msg);
			d->io_error = d->reported = true;
			free(text[0]);
			return NULL;
		}
	}
	bool glsl = glsl_name(vs) && glsl_name(fs);
	struct vc4_prog *p = glsl ? vc4_prog_create_glsl(d->ctx, text[0], text[1], NULL, 0)
				  : vc4_prog_create(d->ctx, text[0], text[1]);
	if (!p) {
		tool_error(&tool, "%s + %s: %s", path[0], path[1], vc4_ctx_error(d->ctx));
		d->reported = true;
	}
	free(text[0]);
	free(text[1]);
	return p;
}

/* Binds the demo's targets with depth or without, and clears them. */
static bool begin(struct demo *d, bool depth, const float rgba[4])
{
	return vc4_set_framebuffer(d->ctx, d->rt, depth ? d->depth : NULL) &&
	       vc4_clear(d->ctx, VC4_CLEAR_COLOR | (depth ? VC4_CLEAR_DEPTH : 0), rgba, 1.0f, 0);
}

static const float dark[4] = { 0.1f, 0.1f, 0.15f, 1.0f };

static bool scene_clear(struct demo *d)
{
	const float blue[4] = { 0.39f, 0.58f, 0.93f, 1.0f };
	return begin(d, false, blue);
}

/* Draws `n` vertices of (x, y, z, w, r, g, b, a) floats with `prog`. */
static bool draw_colour(struct demo *d, struct vc4_prog *prog, enum vc4_prim mode,
			const float *v, uint32_t n)
{
	struct vc4_buffer *vb = vc4_buffer_create(d->ctx, v, n * 8 * sizeof(float));
	if (!vb)
		return false;
	struct vc4_vertex_attrib a[2] = {
		{ vb, 0, 32, VC4_ATTR_FLOAT }, { vb, 16, 32, VC4_ATTR_FLOAT },
	};
	bool ok = vc4_set_program(d->ctx, prog) && vc4_set_vertex_attribs(d->ctx, a, 2) &&
		  vc4_draw_arrays(d->ctx, mode, 0, n);
	vc4_buffer_destroy(vb);
	return ok;
}

static bool scene_triangle(struct demo *d)
{
	static const float v[] = {
		-0.8f, -0.8f, 0, 1, 1, 0, 0, 1,
		0.8f, -0.8f, 0, 1, 0, 1, 0, 1,
		0.0f, 0.8f, 0, 1, 0, 0, 1, 1,
	};
	struct vc4_prog *p = load_prog(d, "colour.vert", "colour.frag");
	bool ok = p && begin(d, false, dark) && draw_colour(d, p, VC4_PRIM_TRIANGLES, v, 3) &&
		  vc4_flush(d->ctx);
	demo_release_prog(d, p);
	return ok;
}

/* A size x size checkerboard of 8x8-texel squares, white and orange. */
static struct vc4_texture *checkerboard(struct demo *d, uint32_t size)
{
	uint8_t *px = malloc((size_t)size * size * 4);
	if (!px)
		return NULL;
	for (uint32_t y = 0; y < size; y++) {
		for (uint32_t x = 0; x < size; x++) {
			bool on = ((x / 8) ^ (y / 8)) & 1;
			uint8_t *p = px + 4 * ((size_t)y * size + x);
			p[0] = 0xff;
			p[1] = on ? 0x80 : 0xff;
			p[2] = on ? 0x00 : 0xff;
			p[3] = 0xff;
		}
	}
	struct vc4_texture *t = vc4_texture_create(d->ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, size,
						   size, px);
	free(px);
	return t;
}

/* Scene "textured": a quad sampling a 64x64 checkerboard texture. Frees what
 * it made (and unbinds the texture) whether or not it succeeded; false when
 * any step failed (the context's error says why). */
static bool scene_textured(struct demo *d)
{
	static const float v[] = { /* x, y, z, w, u, v as a strip */
		-0.75f, -0.75f, 0, 1, 0, 1,
		0.75f, -0.75f, 0, 1, 1, 1,
		-0.75f, 0.75f, 0, 1, 0, 0,
		0.75f, 0.75f, 0, 1, 1, 0,
	};
	struct vc4_prog *p = load_prog(d, "textured.vert", "textured.frag");
	struct vc4_texture *t = p ? checkerboard(d, 64) : NULL;
	struct vc4_buffer *vb = t ? vc4_buffer_create(d->ctx, v, sizeof(v)) : NULL;
	struct vc4_vertex_attrib a[2] = {
		{ vb, 0, 24, VC4_ATTR_FLOAT }, { vb, 16, 24, VC4_ATTR_FLOAT },
	};
	bool ok = vb && begin(d, false, dark) && vc4_set_program(d->ctx, p) &&
		  vc4_set_vertex_attribs(d->ctx, a, 2) && vc4_set_texture(d->ctx, 0, t) &&
		  vc4_draw_arrays(d->ctx, VC4_PRIM_TRIANGLE_STRIP, 0, 4) && vc4_flush(d->ctx);
	vc4_set_texture(d->ctx, 0, NULL);
	vc4_buffer_destroy(vb);
	vc4_texture_destroy(t);
	demo_release_prog(d, p);
	return ok;
}

/* Scene "depth": two overlapping triangles with the depth test on, the far
 * one drawn second and hidden where they overlap. Leaves depth off; false
 * when any step failed. */
static bool scene_depth(struct demo *d)
{
	static const float near_tri[] = { /* red, z = -0.5, drawn first */
		-0.8f, -0.6f, -0.5f, 1, 1, 0, 0, 1,
		0.4f, -0.6f, -0.5f, 1, 1, 0, 0, 1,
		-0.2f, 0.7f, -0.5f, 1, 1, 0, 0, 1,
	};
	static const float far_tri[] = { /* green, z = 0.5: hidden where they overlap */
		-0.4f, -0.7f, 0.5f, 1, 0, 1, 0, 1,
		0.8f, -0.7f, 0.5f, 1, 0, 1, 0, 1,
		0.2f, 0.6f, 0.5f, 1, 0, 1, 0, 1,
	};
	struct vc4_prog *p = load_prog(d, "colour.vert", "colour.frag");
	bool ok = p && begin(d, true, dark) && vc4_set_depth(d->ctx, true, true, VC4_CMP_LESS) &&
		  draw_colour(d, p, VC4_PRIM_TRIANGLES, near_tri, 3) &&
		  draw_colour(d, p, VC4_PRIM_TRIANGLES, far_tri, 3) && vc4_flush(d->ctx);
	vc4_set_depth(d->ctx, false, false, VC4_CMP_LESS);
	demo_release_prog(d, p);
	return ok;
}

/* Scene "blend": three half-transparent quads blended over white with source
 * alpha. Leaves blending off; false when any step failed. */
static bool scene_blend(struct demo *d)
{
	static const float quads[] = { /* three half-transparent quads as strips */
		-0.8f, -0.8f, 0, 1, 1, 0, 0, 0.5f, 0.2f, -0.8f, 0, 1, 1, 0, 0, 0.5f,
		-0.8f, 0.2f, 0, 1, 1, 0, 0, 0.5f, 0.2f, 0.2f, 0, 1, 1, 0, 0, 0.5f,
		-0.5f, -0.5f, 0, 1, 0, 1, 0, 0.5f, 0.5f, -0.5f, 0, 1, 0, 1, 0, 0.5f,
		-0.5f, 0.5f, 0, 1, 0, 1, 0, 0.5f, 0.5f, 0.5f, 0, 1, 0, 1, 0, 0.5f,
		-0.2f, -0.2f, 0, 1, 0, 0, 1, 0.5f, 0.8f, -0.2f, 0, 1, 0, 0, 1, 0.5f,
		-0.2f, 0.8f, 0, 1, 0, 0, 1, 0.5f, 0.8f, 0.8f, 0, 1, 0, 0, 1, 0.5f,
	};
	const struct vc4_blend_state blend = {
		.enable = true, .rgb_eq = VC4_EQ_ADD, .alpha_eq = VC4_EQ_ADD,
		.rgb_src = VC4_BF_SRC_ALPHA, .rgb_dst = VC4_BF_ONE_MINUS_SRC_ALPHA,
		.alpha_src = VC4_BF_ONE, .alpha_dst = VC4_BF_ONE_MINUS_SRC_ALPHA,
	};
	const struct vc4_blend_state off = {
		.rgb_src = VC4_BF_ONE, .alpha_src = VC4_BF_ONE,
	};
	const float white[4] = { 1, 1, 1, 1 };
	struct vc4_prog *p = load_prog(d, "colour.vert", "colour.frag");
	bool ok = p && begin(d, false, white) && vc4_set_blend(d->ctx, &blend);
	for (int q = 0; ok && q < 3; q++)
		ok = draw_colour(d, p, VC4_PRIM_TRIANGLE_STRIP, quads + 32 * q, 4);
	ok = ok && vc4_flush(d->ctx);
	vc4_set_blend(d->ctx, &off);
	demo_release_prog(d, p);
	return ok;
}

/* Perspective (fovy 60°, aspect w / h, near 1, far 10) * translate(0, 0, -4) *
 * rotate(angle about y) * rotate(angle/2 about x), computed in double
 * (demo_math.c) so that the image is the same on every host. */
static void cube_mvp(const struct demo *d, double angle, float mvp[16])
{
	struct demo_mat r = demo_mul(demo_rotate(angle, 0, 1, 0), demo_rotate(angle / 2, 1, 0, 0));
	struct demo_mat proj = demo_perspective(3.14159265358979323846 / 3, (double)d->w / d->h,
						1, 10);
	demo_mat_floats(demo_mul(proj, demo_mul(demo_translate(0, 0, -4), r)), mvp);
}

/* Scene "cube": an indexed cube, one colour per face, through an MVP
 * uniform, with depth test and back-face culling. Leaves depth and culling
 * off and frees its buffers; false when any step failed. */
static bool scene_cube(struct demo *d)
{
	float v[24 * 8];
	uint16_t idx[36];
	static const int8_t faces[6][4][3] = { /* counter-clockwise seen from outside */
		{ { -1, -1, 1 }, { 1, -1, 1 }, { 1, 1, 1 }, { -1, 1, 1 } },
		{ { 1, -1, -1 }, { -1, -1, -1 }, { -1, 1, -1 }, { 1, 1, -1 } },
		{ { 1, -1, 1 }, { 1, -1, -1 }, { 1, 1, -1 }, { 1, 1, 1 } },
		{ { -1, -1, -1 }, { -1, -1, 1 }, { -1, 1, 1 }, { -1, 1, -1 } },
		{ { -1, 1, 1 }, { 1, 1, 1 }, { 1, 1, -1 }, { -1, 1, -1 } },
		{ { -1, -1, -1 }, { 1, -1, -1 }, { 1, -1, 1 }, { -1, -1, 1 } },
	};
	static const float colours[6][3] = {
		{ 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 1, 0 }, { 0, 1, 1 }, { 1, 0, 1 },
	};
	for (int f = 0; f < 6; f++) {
		for (int k = 0; k < 4; k++) {
			float *o = v + 8 * (4 * f + k);
			for (int c = 0; c < 3; c++) {
				o[c] = faces[f][k][c] * 0.8f;
				o[4 + c] = colours[f][c] * (0.6f + 0.1f * k);
			}
			o[3] = o[7] = 1;
		}
		static const uint8_t quad[6] = { 0, 1, 2, 0, 2, 3 };
		for (int k = 0; k < 6; k++)
			idx[6 * f + k] = (uint16_t)(4 * f + quad[k]);
	}
	float mvp[16];
	cube_mvp(d, 0.6, mvp);
	struct vc4_prog *p = load_prog(d, "mvp.vert", "colour.frag");
	struct vc4_buffer *vb = p ? vc4_buffer_create(d->ctx, v, sizeof(v)) : NULL;
	struct vc4_buffer *ib = vb ? vc4_buffer_create(d->ctx, idx, sizeof(idx)) : NULL;
	struct vc4_vertex_attrib a[2] = {
		{ vb, 0, 32, VC4_ATTR_FLOAT }, { vb, 16, 32, VC4_ATTR_FLOAT },
	};
	bool ok = ib && begin(d, true, dark) && vc4_prog_set_uniform_f(p, "mvp", mvp, 16) &&
		  vc4_set_program(d->ctx, p) && vc4_set_vertex_attribs(d->ctx, a, 2) &&
		  vc4_set_depth(d->ctx, true, true, VC4_CMP_LESS) &&
		  vc4_set_cull(d->ctx, VC4_CULL_BACK, true) &&
		  vc4_draw_elements(d->ctx, VC4_PRIM_TRIANGLES, 36, 2, ib, 0) && vc4_flush(d->ctx);
	vc4_set_depth(d->ctx, false, false, VC4_CMP_LESS);
	vc4_set_cull(d->ctx, VC4_CULL_NONE, true);
	vc4_buffer_destroy(ib);
	vc4_buffer_destroy(vb);
	demo_release_prog(d, p);
	return ok;
}

/* The first six scenes: stills. The ladder follows (demo_ladder.c). */
static const struct demo_scene firsts[] = {
	{ .name = "clear", .still = scene_clear },
	{ .name = "triangle", .still = scene_triangle },
	{ .name = "textured", .still = scene_textured },
	{ .name = "depth", .still = scene_depth },
	{ .name = "blend", .still = scene_blend },
	{ .name = "cube", .still = scene_cube },
};

/* The command line beyond struct demo. */
struct args {
	enum vc4_ctx_backend backend;
	struct demo_run run;
	const char *only;         /* --only LIST, or NULL: every scene */
	const char *stats;        /* --stats FILE, or NULL */
};

/* The scene called `name` (`len` bytes), or NULL. */
static const struct demo_scene *find_scene(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(firsts) / sizeof(firsts[0]) + demo_ladder_count; i++) {
		const struct demo_scene *s = i < sizeof(firsts) / sizeof(firsts[0]) ?
			&firsts[i] : &demo_ladder[i - sizeof(firsts) / sizeof(firsts[0])];
		if (strlen(s->name) == len && strncmp(s->name, name, len) == 0)
			return s;
	}
	return NULL;
}

/* True when every name of the comma-separated `list` is a scene. */
static bool valid_scene_list(const char *list)
{
	for (const char *p = list;; p++) {
		size_t n = strcspn(p, ",");
		if (!find_scene(p, n))
			return false;
		p += n;
		if (!*p)
			return true;
	}
}

/* Whether scene `s` is among those asked for. */
static bool selected(const struct args *a, const struct demo_scene *s)
{
	size_t len = strlen(s->name);
	for (const char *p = a->only; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (strncmp(p, s->name, len) == 0 && (p[len] == ',' || !p[len]))
			return true;
	return !a->only;
}

/* "WxH" or "N" (N x N), each 16..DEMO_MAX_DIM, into *w, *h. */
static bool parse_size(const char *v, uint32_t *w, uint32_t *h)
{
	char *end;
	unsigned long x = strtoul(v, &end, 10), y = x;
	if (end != v && *end == 'x' && end[1] >= '0' && end[1] <= '9')
		y = strtoul(end + 1, &end, 10);
	if (!*v || *v < '0' || *v > '9' || *end || x < 16 || y < 16 || x > DEMO_MAX_DIM ||
	    y > DEMO_MAX_DIM)
		return false;
	*w = (uint32_t)x;
	*h = (uint32_t)y;
	return true;
}

/* Parses the value `v` of option `a` into d / args; false if bad. */
static bool parse_option(const char *a, const char *v, struct demo *d, struct args *args)
{
	static const char *const backends[] = {
		[VC4_CTX_BACKEND_AUTO] = "auto", [VC4_CTX_BACKEND_SIM] = "sim",
		[VC4_CTX_BACKEND_DRM] = "drm",
	};
	char *end;
	if (strcmp(a, "-o") == 0) {
		args->run.dir = v;
	} else if (strcmp(a, "--scenes") == 0) {
		d->scenes = v;
	} else if (strcmp(a, "--size") == 0) {
		return parse_size(v, &d->w, &d->h);
	} else if (strcmp(a, "--frames") == 0) {
		unsigned long n = strtoul(v, &end, 10);
		args->run.frames = *v >= '0' && *v <= '9' && !*end && n >= 1 && n <= 10000 ?
			(uint32_t)n : 0;
		return args->run.frames != 0;
	} else if (strcmp(a, "--only") == 0) {
		args->only = v;
		return valid_scene_list(v);
	} else if (strcmp(a, "--stats") == 0) {
		args->stats = v;
	} else {
		for (int b = VC4_CTX_BACKEND_AUTO; b <= VC4_CTX_BACKEND_DRM; b++) {
			if (strcmp(v, backends[b]) == 0) {
				args->backend = (enum vc4_ctx_backend)b;
				return true;
			}
		}
		return false;
	}
	return true;
}

/* Parses the command line; returns -1, or TOOL_USAGE after printing why. */
static int parse_args(int argc, char **argv, struct demo *d, struct args *args)
{
	static const char *const options[] = { "-o", "--scenes", "--size", "--backend",
					       "--frames", "--only", "--stats" };
	static const char *const wants[] = { "a directory", "a directory",
					     "WxH or N, each 16..2048", "auto, sim or drm",
					     "1..10000", "scene names, comma-separated",
					     "a file" };
	const size_t count = sizeof(options) / sizeof(options[0]);
	for (int i = 1; i < argc; i += 2) {
		size_t k = 0;
		while (k < count && strcmp(argv[i], options[k]) != 0)
			k++;
		if (k == count)
			return tool_usage_error(&tool, "unknown %s '%s'", argv[i][0] == '-' ?
						"option" : "argument", argv[i]);
		if (i + 1 >= argc)
			return tool_usage_error(&tool, "%s needs %s", argv[i], wants[k]);
		if (!parse_option(argv[i], argv[i + 1], d, args))
			return tool_usage_error(&tool, "%s '%s': not %s", argv[i], argv[i + 1],
						wants[k]);
	}
	return -1;
}

/* Renders the scenes asked for; returns the exit status. */
static int run_scenes(struct demo *d, const struct args *args)
{
	const size_t nfirst = sizeof(firsts) / sizeof(firsts[0]);
	for (size_t i = 0; i < nfirst + demo_ladder_count; i++) {
		const struct demo_scene *s = i < nfirst ? &firsts[i] : &demo_ladder[i - nfirst];
		int status = selected(args, s) ? demo_run_scene(d, s, &args->run) : TOOL_OK;
		if (status != TOOL_OK)
			return status;
	}
	return TOOL_OK;
}

/* Opens the --stats file for appending, with a header when it is new. */
static FILE *open_stats(const char *path)
{
	FILE *f = fopen(path, "a");
	if (!f) {
		tool_error(&tool, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (ftell(f) == 0)
		demo_stats_header(f);
	return f;
}

/* vc4-demo: opens a context, makes a colour target and depth buffer
 * (640x480 unless --size), and runs the scenes asked for, writing their
 * images under the run directory (-o) and per-scene statistics to the
 * --stats file. Exits with the tool status convention. */
int main(int argc, char **argv)
{
	char scenes[PATH_MAX];
	struct demo d = { .scenes = default_scenes(scenes), .w = 640, .h = 480 };
	struct args args = { .backend = VC4_CTX_BACKEND_AUTO, .run = { .dir = "." } };
	char err[512];
	int status;
	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &d, &args)) >= 0)
		return status;
	mkdir(args.run.dir, 0777); /* may exist; a real failure shows when writing */
	if (args.stats && !(args.run.stats = open_stats(args.stats)))
		return TOOL_USAGE;
	d.ctx = vc4_ctx_create(args.backend, err, sizeof(err));
	if (!d.ctx) {
		tool_error(&tool, "%s", err);
		if (args.run.stats)
			fclose(args.run.stats);
		return TOOL_USAGE;
	}
	d.rt = vc4_texture_create(d.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, d.w, d.h, NULL);
	d.depth = vc4_texture_create(d.ctx, VC4_FMT_Z24S8, VC4_LAYOUT_T, d.w, d.h, NULL);
	if (d.rt && d.depth) {
		status = run_scenes(&d, &args);
	} else {
		tool_error(&tool, "%s", vc4_ctx_error(d.ctx));
		status = TOOL_FAILED;
	}
	vc4_texture_destroy(d.depth);
	vc4_texture_destroy(d.rt);
	vc4_ctx_destroy(d.ctx);
	if (args.run.stats && fclose(args.run.stats) != 0 && status == TOOL_OK) {
		tool_error(&tool, "%s: %s", args.stats, strerror(errno));
		status = TOOL_USAGE;
	}
	return status;
}
