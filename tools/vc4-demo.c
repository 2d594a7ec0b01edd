/*
 * vc4-demo: renders the demo scenes through the driver's public API
 * (include/vc4/vc4.h) and writes one PNG per scene.
 *
 *   vc4-demo [--backend auto|sim|drm] [-o DIR] [--scenes DIR] [--size N]
 *
 * Scenes (shaders in examples/scenes/): clear, triangle (interpolated
 * colours), textured (a procedural checkerboard, T-format texture), depth
 * (overlapping triangles, depth test), blend (alpha-blended quads), cube
 * (one frame of a spinning cube, indexed, depth test, back faces culled).
 * Prints "NAME: PATH" per image (the simulator renders: the simulated kernel
 * runs each job on its 3D pipeline). When a backend accepts the jobs but
 * renders nothing (vc4_ctx_renders() false), it says so and writes no image.
 * A scene fails on the driver's error, e.g. "GPU hang: ..." when its job
 * hung. Exit status (docs/CONVENTIONS.md): 0 images written; 1 a scene
 * failed (a shader rejected, a job that hung) or nothing was rendered; 2
 * usage or I/O error (no device, a scene file or PNG that cannot be read or
 * written).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"
#include "util/file.h"
#include "vc4/vc4.h"

static const struct tool tool = { "vc4-demo",
	"usage: vc4-demo [--backend auto|sim|drm] [-o DIR] [--scenes DIR] [--size N]\n"
	"  renders the demo scenes through the driver and writes DIR/NAME.png each\n"
	"  --backend B  auto (default), sim or drm\n"
	"  -o DIR       where the PNGs go (default .)\n"
	"  --scenes DIR the scenes' IR shaders (default: the demo's own examples/scenes)\n"
	"  --size N     the images' size, 16..2048 (default 128)\n"
	"  --help       print this text;  --version  print the version\n"
	"exit status: 0 images written, 1 a scene failed or nothing was rendered,\n"
	"  2 usage or I/O error\n" };

#ifndef VC4_SCENES_DIR
#define VC4_SCENES_DIR "examples/scenes"
#endif

struct demo {
	struct vc4_ctx *ctx;
	const char *scenes;
	uint32_t size;
	struct vc4_texture *rt, *depth;
	bool io_error;     /* the failure was a file that could not be read or written */
	bool reported;     /* the failure's message is printed */
};

/* A program from two files of the scenes directory; NULL + message. */
static struct vc4_prog *load_prog(struct demo *d, const char *vs, const char *fs)
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
	struct vc4_prog *p = vc4_prog_create(d->ctx, text[0], text[1]);
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
	struct vc4_prog *p = load_prog(d, "colour.vs.ir", "colour.fs.ir");
	bool ok = p && begin(d, false, dark) && draw_colour(d, p, VC4_PRIM_TRIANGLES, v, 3) &&
		  vc4_flush(d->ctx);
	vc4_prog_destroy(p);
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

static bool scene_textured(struct demo *d)
{
	static const float v[] = { /* x, y, z, w, u, v as a strip */
		-0.75f, -0.75f, 0, 1, 0, 1,
		0.75f, -0.75f, 0, 1, 1, 1,
		-0.75f, 0.75f, 0, 1, 0, 0,
		0.75f, 0.75f, 0, 1, 1, 0,
	};
	struct vc4_prog *p = load_prog(d, "textured.vs.ir", "textured.fs.ir");
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
	vc4_prog_destroy(p);
	return ok;
}

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
	struct vc4_prog *p = load_prog(d, "colour.vs.ir", "colour.fs.ir");
	bool ok = p && begin(d, true, dark) && vc4_set_depth(d->ctx, true, true, VC4_CMP_LESS) &&
		  draw_colour(d, p, VC4_PRIM_TRIANGLES, near_tri, 3) &&
		  draw_colour(d, p, VC4_PRIM_TRIANGLES, far_tri, 3) && vc4_flush(d->ctx);
	vc4_set_depth(d->ctx, false, false, VC4_CMP_LESS);
	vc4_prog_destroy(p);
	return ok;
}

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
	struct vc4_prog *p = load_prog(d, "colour.vs.ir", "colour.fs.ir");
	bool ok = p && begin(d, false, white) && vc4_set_blend(d->ctx, &blend);
	for (int q = 0; ok && q < 3; q++)
		ok = draw_colour(d, p, VC4_PRIM_TRIANGLE_STRIP, quads + 32 * q, 4);
	ok = ok && vc4_flush(d->ctx);
	vc4_set_blend(d->ctx, &off);
	vc4_prog_destroy(p);
	return ok;
}

/* out = a * b, 4x4 column-major. */
static void mat_mul(float out[16], const float a[16], const float b[16])
{
	for (int c = 0; c < 4; c++) {
		for (int r = 0; r < 4; r++) {
			float s = 0;
			for (int k = 0; k < 4; k++)
				s += a[k * 4 + r] * b[c * 4 + k];
			out[c * 4 + r] = s;
		}
	}
}

/* Perspective (fovy 60°, aspect 1, near 1, far 10) * translate(0, 0, -4) *
 * rotate(angle about y) * rotate(angle/2 about x). */
static void cube_mvp(float angle, float mvp[16])
{
	float f = 1.0f / tanf(3.14159265f / 6.0f), n = 1, fa = 10;
	const float proj[16] = { f, 0, 0, 0, 0, f, 0, 0, 0, 0, (fa + n) / (n - fa), -1,
				 0, 0, 2 * fa * n / (n - fa), 0 };
	float cy = cosf(angle), sy = sinf(angle), cx = cosf(angle / 2), sx = sinf(angle / 2);
	const float ry[16] = { cy, 0, -sy, 0, 0, 1, 0, 0, sy, 0, cy, 0, 0, 0, 0, 1 };
	const float rx[16] = { 1, 0, 0, 0, 0, cx, sx, 0, 0, -sx, cx, 0, 0, 0, 0, 1 };
	const float tr[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -4, 1 };
	float a[16], b[16];
	mat_mul(a, ry, rx);
	mat_mul(b, tr, a);
	mat_mul(mvp, proj, b);
}

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
	cube_mvp(0.6f, mvp);
	struct vc4_prog *p = load_prog(d, "mvp.vs.ir", "colour.fs.ir");
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
	vc4_prog_destroy(p);
	return ok;
}

static const struct {
	const char *name;
	bool (*draw)(struct demo *d);
} scenes[] = {
	{ "clear", scene_clear },
	{ "triangle", scene_triangle },
	{ "textured", scene_textured },
	{ "depth", scene_depth },
	{ "blend", scene_blend },
	{ "cube", scene_cube },
};

/* Renders one scene and writes DIR/NAME.png (when `write`). A failure
 * prints the driver's error, unless load_prog printed one. */
static bool run_scene(struct demo *d, int i, const char *dir, bool write)
{
	if (!scenes[i].draw(d) || (!write && !vc4_flush(d->ctx))) {
		if (!d->reported)
			tool_error(&tool, "%s: %s", scenes[i].name, vc4_ctx_error(d->ctx));
		return false;
	}
	if (!write)
		return true;
	size_t n = (size_t)d->size * d->size * 4;
	uint8_t *px = malloc(n);
	char path[1024], err[512] = "";
	snprintf(path, sizeof(path), "%s/%s.png", dir, scenes[i].name);
	bool read = px && vc4_texture_read_rgba8(d->rt, px);
	bool ok = read && vc4_write_png(path, d->size, d->size, px, err, sizeof(err));
	if (ok)
		printf("%s: %s\n", scenes[i].name, path);
	else
		tool_error(&tool, "%s: %s", scenes[i].name,
			   !px ? "out of memory" : read ? err : vc4_ctx_error(d->ctx));
	d->io_error = !px || (read && !ok);
	free(px);
	return ok;
}

/* Parses the value `v` of option `a` into d / backend / dir; false if bad. */
static bool parse_option(const char *a, const char *v, struct demo *d,
			 enum vc4_ctx_backend *backend, const char **dir)
{
	static const char *const backends[] = {
		[VC4_CTX_BACKEND_AUTO] = "auto", [VC4_CTX_BACKEND_SIM] = "sim",
		[VC4_CTX_BACKEND_DRM] = "drm",
	};
	char *end;
	if (strcmp(a, "-o") == 0) {
		*dir = v;
	} else if (strcmp(a, "--scenes") == 0) {
		d->scenes = v;
	} else if (strcmp(a, "--size") == 0) {
		unsigned long n = strtoul(v, &end, 10);
		d->size = !*v || *end || n < 16 || n > 2048 ? 0 : (uint32_t)n;
		return d->size != 0;
	} else {
		for (int b = VC4_CTX_BACKEND_AUTO; b <= VC4_CTX_BACKEND_DRM; b++) {
			if (strcmp(v, backends[b]) == 0) {
				*backend = (enum vc4_ctx_backend)b;
				return true;
			}
		}
		return false;
	}
	return true;
}

/* Parses the command line; returns -1, or TOOL_USAGE after printing why. */
static int parse_args(int argc, char **argv, struct demo *d, enum vc4_ctx_backend *backend,
		      const char **dir)
{
	static const char *const options[] = { "-o", "--scenes", "--size", "--backend" };
	static const char *const wants[] = { "a directory", "a directory", "16..2048",
					     "auto, sim or drm" };
	for (int i = 1; i < argc; i++) {
		size_t k = 0;
		while (k < 4 && strcmp(argv[i], options[k]) != 0)
			k++;
		if (k == 4)
			return tool_usage_error(&tool, "unknown %s '%s'", argv[i][0] == '-' ?
						"option" : "argument", argv[i]);
		if (i + 1 >= argc)
			return tool_usage_error(&tool, "%s needs %s", argv[i], wants[k]);
		if (!parse_option(argv[i], argv[i + 1], d, backend, dir))
			return tool_usage_error(&tool, "%s '%s': not %s", argv[i], argv[i + 1],
						wants[k]);
		i++;
	}
	return -1;
}

/* Renders every scene; returns the exit status. */
static int run_scenes(struct demo *d, const char *dir, bool renders)
{
	for (size_t i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
		if (!run_scene(d, (int)i, dir, renders))
			return d->io_error ? TOOL_USAGE : TOOL_FAILED;
		if (!renders)
			printf("%s: submitted and accepted, not rendered\n", scenes[i].name);
	}
	if (renders)
		return TOOL_OK;
	printf("vc4-demo: no images written: the %s backend does not render yet\n",
	       vc4_ctx_backend_name(d->ctx));
	return TOOL_FAILED;
}

int main(int argc, char **argv)
{
	struct demo d = { .scenes = VC4_SCENES_DIR, .size = 128 };
	enum vc4_ctx_backend backend = VC4_CTX_BACKEND_AUTO;
	const char *dir = ".";
	char err[512];
	int status;
	if (tool_std_options(&tool, argc, argv, &status) ||
	    (status = parse_args(argc, argv, &d, &backend, &dir)) >= 0)
		return status;
	mkdir(dir, 0777); /* may exist; a real failure shows when writing */
	d.ctx = vc4_ctx_create(backend, err, sizeof(err));
	if (!d.ctx) {
		tool_error(&tool, "%s", err);
		return TOOL_USAGE;
	}
	bool renders = vc4_ctx_renders(d.ctx);
	if (!renders)
		printf("vc4-demo: %s\n", vc4_ctx_error(d.ctx));
	d.rt = vc4_texture_create(d.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, d.size, d.size, NULL);
	d.depth = vc4_texture_create(d.ctx, VC4_FMT_Z24S8, VC4_LAYOUT_T, d.size, d.size, NULL);
	if (d.rt && d.depth) {
		status = run_scenes(&d, dir, renders);
	} else {
		tool_error(&tool, "%s", vc4_ctx_error(d.ctx));
		status = TOOL_FAILED;
	}
	vc4_texture_destroy(d.depth);
	vc4_texture_destroy(d.rt);
	vc4_ctx_destroy(d.ctx);
	return status;
}
