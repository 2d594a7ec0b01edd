/*
 * demo_ladder.c: the scenes of the classic ladder beyond the first six,
 * each animated by time t (seconds), shaders in examples/scenes/:
 *   cube_textured      a textured cube rotating, depth-tested, back faces culled
 *   cube_gouraud       the same cube lit per vertex (Gouraud: diffuse and specular)
 *   torus_phong        a torus lit per fragment (Phong, specular highlight)
 *   shadertoy          a full-screen effect from frag_coord and a time uniform
 *   render_to_texture  a spinning colour cube drawn into a texture that
 *                      textures the rotating cube
 *   particles          a fountain of 1500 soft points blended additively
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

#define PI 3.14159265358979323846
#define RTT_SIZE 256            /* the render-to-texture target, square */
#define PARTICLES 1500

/* ---- shared ---------------------------------------------------------------- */

static const float background[4] = { 0.05f, 0.05f, 0.08f, 1.0f };

/* Binds the demo's colour and depth targets and clears both. */
static bool clear_targets(struct demo *d, const float rgba[4])
{
	return vc4_set_framebuffer(d->ctx, d->rt, d->depth) &&
	       vc4_clear(d->ctx, VC4_CLEAR_COLOR | VC4_CLEAR_DEPTH, rgba, 1.0f, 0);
}

/* Depth test and back-face culling on (solids), or everything off. */
static bool solid_state(struct demo *d, bool on)
{
	return vc4_set_depth(d->ctx, on, on, VC4_CMP_LESS) &&
	       vc4_set_cull(d->ctx, on ? VC4_CULL_BACK : VC4_CULL_NONE, true);
}

/* The model-view matrix of a solid at time t: turning about y at `spin`
 * rad/s and about x at half that, 4 units in front of the eye. */
static struct demo_mat spin_mv(double t, double spin, double distance)
{
	double a = 0.6 + spin * t;
	struct demo_mat r = demo_mul(demo_rotate(a, 0, 1, 0), demo_rotate(a / 2, 1, 0, 0));
	return demo_mul(demo_translate(0, 0, -distance), r);
}

/* Sets @mvp (and @mv when `with_mv`) of `p` for model-view `mv` seen with
 * a 60-degree perspective of aspect w / h. */
static bool set_matrices(struct vc4_prog *p, struct demo_mat mv, uint32_t w, uint32_t h,
			 bool with_mv)
{
	float f[16];
	struct demo_mat proj = demo_perspective(PI / 3, (double)w / h, 1, 10);
	demo_mat_floats(demo_mul(proj, mv), f);
	if (!vc4_prog_set_uniform_f(p, "mvp", f, 16))
		return false;
	demo_mat_floats(mv, f);
	return !with_mv || vc4_prog_set_uniform_f(p, "mv", f, 16);
}

/* A 128x128 tiled texture: 4x4 tiles, cream and teal, with darker grout
 * and a dark frame, so faces and filtering show. */
static struct vc4_texture *tile_texture(struct demo *d)
{
	enum { N = 128 };
	uint8_t *px = malloc(N * N * 4);
	if (!px)
		return NULL;
	for (uint32_t y = 0; y < N; y++) {
		for (uint32_t x = 0; x < N; x++) {
			bool teal = ((x / 32) ^ (y / 32)) & 1;
			bool grout = x % 32 < 2 || y % 32 < 2;
			bool frame = x < 6 || y < 6 || x >= N - 6 || y >= N - 6;
			uint8_t *p = px + 4 * (y * N + x);
			const uint8_t rgb[4][3] = { { 240, 222, 184 }, { 36, 150, 160 },
						    { 120, 100, 80 }, { 50, 34, 26 } };
			int k = frame ? 3 : grout ? 2 : teal;
			memcpy(p, rgb[k], 3);
			p[3] = 255;
		}
	}
	struct vc4_texture *t = vc4_texture_create(d->ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, N, N,
						   px);
	free(px);
	if (t)
		vc4_texture_set_sampler(t, true, VC4_WRAP_CLAMP, VC4_WRAP_CLAMP);
	return t;
}

/* ---- cube_textured, cube_gouraud ------------------------------------------- */

struct cube_scene {
	struct vc4_prog *prog;
	struct vc4_texture *tex;
	struct demo_gpu_mesh mesh;
};

/* The cube mesh with positions, then normals when `lit`, then uv. */
static bool upload_cube(struct demo *d, struct demo_gpu_mesh *g, const char *which)
{
	struct demo_mesh m;
	if (!demo_mesh_cube(&m, 0.8f))
		return false;
	bool ok = demo_mesh_upload(d->ctx, &m, which, g);
	demo_mesh_free(&m);
	return ok;
}

static bool setup_cube_textured(struct demo *d, void *state)
{
	struct cube_scene *s = state;
	s->prog = load_prog(d, "mvp_uv.vert", "textured.frag");
	s->tex = s->prog ? tile_texture(d) : NULL;
	return s->tex && upload_cube(d, &s->mesh, "pt");
}

static bool setup_cube_gouraud(struct demo *d, void *state)
{
	struct cube_scene *s = state;
	const float light[3] = { 1.5f, 0.0f, -1.0f }; /* eye space: right, near the cube */
	s->prog = load_prog(d, "gouraud.vert", "gouraud.frag");
	s->tex = s->prog ? tile_texture(d) : NULL;
	return s->tex && vc4_prog_set_uniform_f(s->prog, "light", light, 3) &&
	       upload_cube(d, &s->mesh, "pnt");
}

/* Draws the cube textured with `tex` by `s->prog` at time t into the
 * bound target (cleared by the caller). */
static bool draw_cube(struct demo *d, struct cube_scene *s, struct vc4_texture *tex, double t,
		      bool with_mv)
{
	return set_matrices(s->prog, spin_mv(t, 1.2, 4), d->w, d->h, with_mv) &&
	       vc4_set_program(d->ctx, s->prog) && vc4_set_texture(d->ctx, 0, tex) &&
	       solid_state(d, true) && demo_mesh_draw(d->ctx, &s->mesh) && solid_state(d, false);
}

static bool frame_cube_textured(struct demo *d, void *state, double t)
{
	struct cube_scene *s = state;
	return clear_targets(d, background) && draw_cube(d, s, s->tex, t, false);
}

static bool frame_cube_gouraud(struct demo *d, void *state, double t)
{
	struct cube_scene *s = state;
	return clear_targets(d, background) && draw_cube(d, s, s->tex, t, true);
}

static void teardown_cube(struct demo *d, void *state)
{
	struct cube_scene *s = state;
	demo_mesh_release(&s->mesh);
	vc4_texture_destroy(s->tex);
	demo_release_prog(d, s->prog);
}

/* ---- torus_phong ----------------------------------------------------------- */

struct torus_scene {
	struct vc4_prog *prog;
	struct demo_gpu_mesh mesh;
};

/* Sets up the torus scene: the Phong program with its light and base colour,
 * and a 48x24 torus mesh uploaded with positions and normals. False when any
 * step fails. */
static bool setup_torus(struct demo *d, void *state)
{
	struct torus_scene *s = state;
	const float light[3] = { -2.0f, 3.0f, 1.0f };   /* eye space: up left, behind the eye */
	const float base[3] = { 0.95f, 0.55f, 0.15f };  /* gold */
	struct demo_mesh m;
	s->prog = load_prog(d, "phong.vert", "phong.frag");
	if (!s->prog || !vc4_prog_set_uniform_f(s->prog, "light", light, 3) ||
	    !vc4_prog_set_uniform_f(s->prog, "base", base, 3) ||
	    !demo_mesh_torus(&m, 1.0f, 0.42f, 48, 24))
		return false;
	bool ok = demo_mesh_upload(d->ctx, &m, "pn", &s->mesh);
	demo_mesh_free(&m);
	return ok;
}

static bool frame_torus(struct demo *d, void *state, double t)
{
	struct torus_scene *s = state;
	struct demo_mat r = demo_mul(demo_rotate(0.9 + 0.5 * t, 1, 0, 0),
				     demo_rotate(0.8 * t, 0, 1, 0));
	struct demo_mat mv = demo_mul(demo_translate(0, 0, -4.2), r);
	return clear_targets(d, background) && set_matrices(s->prog, mv, d->w, d->h, true) &&
	       vc4_set_program(d->ctx, s->prog) && solid_state(d, true) &&
	       demo_mesh_draw(d->ctx, &s->mesh) && solid_state(d, false);
}

static void teardown_torus(struct demo *d, void *state)
{
	struct torus_scene *s = state;
	demo_mesh_release(&s->mesh);
	demo_release_prog(d, s->prog);
}

/* ---- shadertoy ------------------------------------------------------------- */

struct screen_scene {
	struct vc4_prog *prog;
	struct vc4_buffer *vb;
};

static bool setup_shadertoy(struct demo *d, void *state)
{
	static const float quad[] = { -1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1 };
	struct screen_scene *s = state;
	const float res[2] = { (float)d->w, (float)d->h };
	s->prog = load_prog(d, "screen.vert", "shadertoy.frag");
	s->vb = s->prog ? vc4_buffer_create(d->ctx, quad, sizeof(quad)) : NULL;
	return s->vb && vc4_prog_set_uniform_f(s->prog, "resolution", res, 2);
}

static bool frame_shadertoy(struct demo *d, void *state, double t)
{
	struct screen_scene *s = state;
	const float time = (float)t;
	const struct vc4_vertex_attrib a = { s->vb, 0, 16, VC4_ATTR_FLOAT };
	return vc4_set_framebuffer(d->ctx, d->rt, NULL) &&
	       vc4_prog_set_uniform_f(s->prog, "time", &time, 1) &&
	       vc4_set_program(d->ctx, s->prog) && vc4_set_vertex_attribs(d->ctx, &a, 1) &&
	       vc4_draw_arrays(d->ctx, VC4_PRIM_TRIANGLE_STRIP, 0, 4);
}

static void teardown_screen(struct demo *d, void *state)
{
	struct screen_scene *s = state;
	vc4_buffer_destroy(s->vb);
	demo_release_prog(d, s->prog);
}

/* ---- render_to_texture ----------------------------------------------------- */

struct rtt_scene {
	struct cube_scene outer;          /* the textured cube, sampling `target` */
	struct vc4_prog *inner_prog;      /* the colour cube drawn into `target` */
	struct vc4_buffer *inner_vb, *inner_ib;
	struct vc4_texture *target, *target_depth;
};

/* The colour cube of the `cube` scene: (x, y, z, 1, r, g, b, 1) per vertex,
 * one colour per face, lighter towards the last corner. */
static bool upload_colour_cube(struct demo *d, struct rtt_scene *s)
{
	static const float colours[6][3] = {
		{ 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 1, 1, 0 }, { 0, 1, 1 }, { 1, 0, 1 },
	};
	struct demo_mesh m;
	float v[24 * 8];
	if (!demo_mesh_cube(&m, 0.8f))
		return false;
	for (int i = 0; i < 24; i++) {
		memcpy(v + 8 * i, m.vertices + DEMO_VERTEX_FLOATS * i, 4 * sizeof(float));
		for (int c = 0; c < 3; c++)
			v[8 * i + 4 + c] = colours[i / 4][c] * (0.6f + 0.1f * (float)(i % 4));
		v[8 * i + 7] = 1;
	}
	s->inner_vb = vc4_buffer_create(d->ctx, v, sizeof(v));
	s->inner_ib = s->inner_vb ? vc4_buffer_create(d->ctx, m.indices, 36 * 2) : NULL;
	demo_mesh_free(&m);
	return s->inner_ib != NULL;
}

/* Sets up the render-to-texture scene: the textured and colour programs, the
 * two cube meshes, and a RTT_SIZE square colour target (sampled clamped) and
 * depth buffer. False when any step fails. */
static bool setup_rtt(struct demo *d, void *state)
{
	struct rtt_scene *s = state;
	s->outer.prog = load_prog(d, "mvp_uv.vert", "textured.frag");
	s->inner_prog = s->outer.prog ? load_prog(d, "mvp.vert", "colour.frag") : NULL;
	if (!s->inner_prog || !upload_cube(d, &s->outer.mesh, "pt") || !upload_colour_cube(d, s))
		return false;
	s->target = vc4_texture_create(d->ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, RTT_SIZE,
				       RTT_SIZE, NULL);
	s->target_depth = vc4_texture_create(d->ctx, VC4_FMT_Z24S8, VC4_LAYOUT_T, RTT_SIZE,
					     RTT_SIZE, NULL);
	if (s->target)
		vc4_texture_set_sampler(s->target, true, VC4_WRAP_CLAMP, VC4_WRAP_CLAMP);
	return s->target && s->target_depth;
}

/* The inner scene: the colour cube spinning the other way, on blue. */
static bool draw_inner(struct demo *d, struct rtt_scene *s, double t)
{
	const float blue[4] = { 0.2f, 0.3f, 0.55f, 1.0f };
	const struct vc4_vertex_attrib a[2] = {
		{ s->inner_vb, 0, 32, VC4_ATTR_FLOAT }, { s->inner_vb, 16, 32, VC4_ATTR_FLOAT },
	};
	return vc4_set_framebuffer(d->ctx, s->target, s->target_depth) &&
	       vc4_clear(d->ctx, VC4_CLEAR_COLOR | VC4_CLEAR_DEPTH, blue, 1.0f, 0) &&
	       set_matrices(s->inner_prog, spin_mv(t, -2.0, 2.9), 1, 1, false) &&
	       vc4_set_program(d->ctx, s->inner_prog) && vc4_set_vertex_attribs(d->ctx, a, 2) &&
	       solid_state(d, true) &&
	       vc4_draw_elements(d->ctx, VC4_PRIM_TRIANGLES, 36, 2, s->inner_ib, 0) &&
	       solid_state(d, false);
}

static bool frame_rtt(struct demo *d, void *state, double t)
{
	struct rtt_scene *s = state;
	return draw_inner(d, s, t) && clear_targets(d, background) &&
	       draw_cube(d, &s->outer, s->target, t, false);
}

static void teardown_rtt(struct demo *d, void *state)
{
	struct rtt_scene *s = state;
	vc4_texture_destroy(s->target_depth);
	vc4_texture_destroy(s->target);
	vc4_buffer_destroy(s->inner_ib);
	vc4_buffer_destroy(s->inner_vb);
	demo_release_prog(d, s->inner_prog);
	teardown_cube(d, &s->outer);
}

/* ---- particles ------------------------------------------------------------- */

/* The next of a fixed sequence of numbers in [0, 1) (a 32-bit LCG). */
static float next_random(uint32_t *x)
{
	*x = *x * 1664525u + 1013904223u;
	return (float)(*x >> 8) / 16777216.0f;
}

/* Per particle: seed (vx, vy, phase, size in pixels at 480 lines) and a
 * colour: mostly warm sparks, one in five blue. */
static bool upload_particles(struct demo *d, struct vc4_buffer **vb)
{
	float *v = malloc(PARTICLES * 8 * sizeof(float));
	uint32_t x = 12345;
	if (!v)
		return false;
	for (int i = 0; i < PARTICLES; i++) {
		float *p = v + 8 * i;
		p[0] = (next_random(&x) - 0.5f) * 2.0f;
		p[1] = 2.4f + next_random(&x) * 1.0f;
		p[2] = next_random(&x);
		p[3] = 10.0f + next_random(&x) * 20.0f;
		bool blue = i % 5 == 0;
		float k = next_random(&x) * 0.3f;
		p[4] = blue ? 0.3f + k : 1.0f;
		p[5] = blue ? 0.6f + k : 0.6f + k;
		p[6] = blue ? 1.0f : 0.2f + k;
		p[7] = 0.5f;
	}
	*vb = vc4_buffer_create(d->ctx, v, PARTICLES * 8 * sizeof(float));
	free(v);
	return *vb != NULL;
}

static bool setup_particles(struct demo *d, void *state)
{
	struct screen_scene *s = state;
	const float scale = (float)d->h / 480.0f, aspect = (float)d->h / (float)d->w;
	s->prog = load_prog(d, "particles.vert", "particles.frag");
	return s->prog && vc4_prog_set_uniform_f(s->prog, "scale", &scale, 1) &&
	       vc4_prog_set_uniform_f(s->prog, "aspect", &aspect, 1) &&
	       upload_particles(d, &s->vb);
}

/* Draws frame `t` of the particle scene: PARTICLES points blended additively
 * over a dark clear, animated by the time uniform; leaves blending off.
 * False when any call fails. */
static bool frame_particles(struct demo *d, void *state, double t)
{
	struct screen_scene *s = state;
	const float night[4] = { 0.02f, 0.02f, 0.05f, 1.0f };
	const float time = (float)t;
	const struct vc4_blend_state additive = {
		.enable = true, .rgb_eq = VC4_EQ_ADD, .alpha_eq = VC4_EQ_ADD,
		.rgb_src = VC4_BF_SRC_ALPHA, .rgb_dst = VC4_BF_ONE,
		.alpha_src = VC4_BF_ZERO, .alpha_dst = VC4_BF_ONE,
	};
	const struct vc4_blend_state off = { .rgb_src = VC4_BF_ONE, .alpha_src = VC4_BF_ONE };
	const struct vc4_vertex_attrib a[2] = {
		{ s->vb, 0, 32, VC4_ATTR_FLOAT }, { s->vb, 16, 32, VC4_ATTR_FLOAT },
	};
	return vc4_set_framebuffer(d->ctx, d->rt, NULL) &&
	       vc4_clear(d->ctx, VC4_CLEAR_COLOR, night, 1.0f, 0) &&
	       vc4_prog_set_uniform_f(s->prog, "time", &time, 1) &&
	       vc4_set_program(d->ctx, s->prog) && vc4_set_vertex_attribs(d->ctx, a, 2) &&
	       vc4_set_blend(d->ctx, &additive) &&
	       vc4_draw_arrays(d->ctx, VC4_PRIM_POINTS, 0, PARTICLES) &&
	       vc4_set_blend(d->ctx, &off);
}

/* ---- the table --------------------------------------------------------------- */

#define SCENE(name, type, setup, frame, teardown) \
	{ name, NULL, sizeof(struct type), setup, frame, teardown }

const struct demo_scene demo_ladder[] = {
	SCENE("cube_textured", cube_scene, setup_cube_textured, frame_cube_textured,
	      teardown_cube),
	SCENE("cube_gouraud", cube_scene, setup_cube_gouraud, frame_cube_gouraud, teardown_cube),
	SCENE("torus_phong", torus_scene, setup_torus, frame_torus, teardown_torus),
	SCENE("shadertoy", screen_scene, setup_shadertoy, frame_shadertoy, teardown_screen),
	SCENE("render_to_texture", rtt_scene, setup_rtt, frame_rtt, teardown_rtt),
	SCENE("particles", screen_scene, setup_particles, frame_particles, teardown_screen),
};
const size_t demo_ladder_count = sizeof(demo_ladder) / sizeof(demo_ladder[0]);
