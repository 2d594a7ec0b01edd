/*
 * bench_frame.c: whole frames through the public API (include/vc4/vc4.h) on
 * the simulator: a lit sphere at 1920x1080 (2,048 triangles, Phong per
 * fragment, depth test), a textured full-screen pass, many small triangles
 * and a blended overdraw stress. For each scene and thread count
 * (VC4_SIM_THREADS, set before the context is made) it prints the best and
 * median frame time of N frames, the QPU instructions per second inside the
 * frame, the pipeline's counters of the frame's job (fragments shaded, edge
 * tests, tiles stored, ...) and a hash of the frame's pixels, which must be
 * the same for every thread count. A second context with run timing on
 * ($VC4_SIM_TIME_RUNS: a sim_pipe_run_clock() read before and after every
 * shader run) gives the rate inside the shader runs themselves (the
 * interpreter with its hooks), per host core, beside the whole frame's;
 * --no-interp skips it. Figures: docs/PERFORMANCE.md, "Frames".
 *
 *   bench_frame SCENES_DIR [--frames N] [--threads 1,2,...] [--scene NAME]
 *               [--no-interp]
 *
 * SCENES_DIR is examples/scenes (the GLSL shaders).
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dev/vc4_dev.h"
#include "driver/drv.h"
#include "sim/kernel/sim_kernel.h"
#include "sim/pipe/sim_pipe.h"
#include "vc4/vc4.h"

#define MAX_THREADS 16

struct bench {
	const char *dir;
	struct vc4_ctx *ctx;
	uint32_t w, h;
	struct vc4_texture *rt, *depth;
	struct vc4_prog *prog;
	struct vc4_buffer *vb, *ib;
	struct vc4_texture *tex;
	uint32_t count;             /* vertices or indices drawn */
};

struct scene {
	const char *name;
	uint32_t w, h;
	bool (*setup)(struct bench *b);
	bool (*draw)(struct bench *b);
};

static bool fail(struct bench *b, const char *what)
{
	fprintf(stderr, "bench_frame: %s: %s\n", what, b->ctx ? vc4_ctx_error(b->ctx) : "");
	return false;
}

static char *read_text(const char *dir, const char *name)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "bench_frame: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	char *buf = malloc(1 << 16);
	size_t n = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
	fclose(f);
	if (buf)
		buf[n] = 0;
	return buf;
}

static bool load_prog(struct bench *b, const char *vs, const char *fs)
{
	char *v = read_text(b->dir, vs), *f = read_text(b->dir, fs);
	b->prog = v && f ? vc4_prog_create_glsl(b->ctx, v, f, NULL, 0) : NULL;
	free(v);
	free(f);
	return b->prog ? true : fail(b, "program");
}

/* ---- matrices (column-major, computed in double) ---------------------- */

struct mat { double m[16]; };

static struct mat mat_mul(struct mat a, struct mat b)
{
	struct mat r;
	for (int c = 0; c < 4; c++)
		for (int row = 0; row < 4; row++) {
			double s = 0;
			for (int k = 0; k < 4; k++)
				s += a.m[k * 4 + row] * b.m[c * 4 + k];
			r.m[c * 4 + row] = s;
		}
	return r;
}

static struct mat mat_perspective(double fovy, double aspect, double n, double f)
{
	double t = 1.0 / tan(fovy / 2);
	struct mat r = { { 0 } };
	r.m[0] = t / aspect;
	r.m[5] = t;
	r.m[10] = (f + n) / (n - f);
	r.m[11] = -1;
	r.m[14] = 2 * f * n / (n - f);
	return r;
}

static struct mat mat_rt(double angle, double tz)
{
	/* rotation about (1, 1, 0)/sqrt(2), then a translation along z */
	double c = cos(angle), s = sin(angle), k = 1 / sqrt(2.0);
	double x = k, y = k, z = 0, t = 1 - c;
	struct mat r = { { t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
			   t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
			   t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
			   0, 0, tz, 1 } };
	return r;
}

static void mat_floats(struct mat a, float out[16])
{
	for (int i = 0; i < 16; i++)
		out[i] = (float)a.m[i];
}

/* ---- scenes ------------------------------------------------------------ */

/* A UV sphere of radius 1: 32 rings x 32 segments, 2,048 triangles
 * (position vec4, normal vec3 per vertex: 7 floats). */
#define SPHERE_N 32
static bool setup_sphere(struct bench *b)
{
	const float light[3] = { -2.0f, 3.0f, 1.0f }, base[3] = { 0.95f, 0.55f, 0.15f };
	uint32_t nv = (SPHERE_N + 1) * (SPHERE_N + 1);
	float *v = malloc(sizeof(float) * 7 * nv);
	uint16_t *idx = malloc(sizeof(uint16_t) * 6 * SPHERE_N * SPHERE_N);
	if (!v || !idx || !load_prog(b, "phong.vert", "phong.frag") ||
	    !vc4_prog_set_uniform_f(b->prog, "light", light, 3) ||
	    !vc4_prog_set_uniform_f(b->prog, "base", base, 3)) {
		free(v);
		free(idx);
		return false;
	}
	for (uint32_t r = 0; r <= SPHERE_N; r++)
		for (uint32_t s = 0; s <= SPHERE_N; s++) {
			double th = M_PI * r / SPHERE_N, ph = 2 * M_PI * s / SPHERE_N;
			float *o = v + 7 * (r * (SPHERE_N + 1) + s);
			o[0] = o[4] = (float)(sin(th) * cos(ph));
			o[1] = o[5] = (float)cos(th);
			o[2] = o[6] = (float)(sin(th) * sin(ph));
			o[3] = 1.0f;
		}
	uint32_t n = 0;
	for (uint32_t r = 0; r < SPHERE_N; r++)
		for (uint32_t s = 0; s < SPHERE_N; s++) {
			uint16_t a = (uint16_t)(r * (SPHERE_N + 1) + s), c = (uint16_t)(a + SPHERE_N + 1);
			uint16_t tri[6] = { a, c, (uint16_t)(a + 1), (uint16_t)(a + 1), c,
					    (uint16_t)(c + 1) };
			memcpy(idx + n, tri, sizeof(tri));
			n += 6;
		}
	b->vb = vc4_buffer_create(b->ctx, v, (uint32_t)(sizeof(float) * 7 * nv));
	b->ib = vc4_buffer_create(b->ctx, idx, (uint32_t)(sizeof(uint16_t) * n));
	b->count = n;
	free(v);
	free(idx);
	return b->vb && b->ib ? true : fail(b, "sphere buffers");
}

static bool draw_sphere(struct bench *b)
{
	struct mat mv = mat_rt(0.6, -2.3);
	struct mat mvp = mat_mul(mat_perspective(M_PI / 3, (double)b->w / b->h, 0.5, 10), mv);
	float f[16];
	const struct vc4_vertex_attrib at[2] = { { b->vb, 0, 28, VC4_ATTR_FLOAT },
						 { b->vb, 16, 28, VC4_ATTR_FLOAT } };
	const float bg[4] = { 0.1f, 0.1f, 0.15f, 1.0f };
	mat_floats(mvp, f);
	bool ok = vc4_prog_set_uniform_f(b->prog, "mvp", f, 16);
	mat_floats(mv, f);
	return ok && vc4_prog_set_uniform_f(b->prog, "mv", f, 16) &&
	       vc4_clear(b->ctx, VC4_CLEAR_COLOR | VC4_CLEAR_DEPTH, bg, 1.0f, 0) &&
	       vc4_set_depth(b->ctx, true, true, VC4_CMP_LESS) &&
	       vc4_set_cull(b->ctx, VC4_CULL_BACK, true) && vc4_set_program(b->ctx, b->prog) &&
	       vc4_set_vertex_attribs(b->ctx, at, 2) &&
	       vc4_draw_elements(b->ctx, VC4_PRIM_TRIANGLES, b->count, 2, b->ib, 0);
}

/* A 256x256 checker-and-gradient texture, bilinear, repeated 4 times
 * across two full-screen triangles. */
static bool setup_textured(struct bench *b)
{
	uint8_t *rgba = malloc(256 * 256 * 4);
	const float quad[] = { -1, -1, 0, 1, 0, 0,  1, -1, 0, 1, 4, 0,  1, 1, 0, 1, 4, 4,
			       -1, -1, 0, 1, 0, 0,  1, 1, 0, 1, 4, 4, -1, 1, 0, 1, 0, 4 };
	if (!rgba || !load_prog(b, "textured.vert", "textured.frag")) {
		free(rgba);
		return false;
	}
	for (uint32_t y = 0; y < 256; y++)
		for (uint32_t x = 0; x < 256; x++) {
			uint8_t *p = rgba + 4 * (y * 256 + x);
			bool check = ((x >> 5) ^ (y >> 5)) & 1;
			p[0] = (uint8_t)x, p[1] = (uint8_t)y, p[2] = check ? 220 : 40, p[3] = 255;
		}
	b->tex = vc4_texture_create(b->ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_AUTO, 256, 256, rgba);
	free(rgba);
	if (!b->tex)
		return fail(b, "texture");
	vc4_texture_set_sampler(b->tex, true, VC4_WRAP_REPEAT, VC4_WRAP_REPEAT);
	b->vb = vc4_buffer_create(b->ctx, quad, sizeof(quad));
	b->count = 6;
	return b->vb ? true : fail(b, "buffer");
}

static bool draw_textured(struct bench *b)
{
	const struct vc4_vertex_attrib at[2] = { { b->vb, 0, 24, VC4_ATTR_FLOAT },
						 { b->vb, 16, 24, VC4_ATTR_FLOAT } };
	const float bg[4] = { 0, 0, 0, 1 };
	return vc4_clear(b->ctx, VC4_CLEAR_COLOR, bg, 1.0f, 0) &&
	       vc4_set_depth(b->ctx, false, false, VC4_CMP_ALWAYS) &&
	       vc4_set_program(b->ctx, b->prog) && vc4_set_texture(b->ctx, 0, b->tex) &&
	       vc4_set_vertex_attribs(b->ctx, at, 2) &&
	       vc4_draw_arrays(b->ctx, VC4_PRIM_TRIANGLES, 0, b->count);
}

/* Deterministic pseudo-random numbers in [0, 1). */
static double rnd(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return (*s >> 8) / 16777216.0;
}

/* 20,000 small triangles (legs of 4 to 10 pixels) in random places and
 * depths, per-vertex colours, depth test (position vec4, colour vec4). */
#define SMALL_TRIS 20000
static bool setup_small(struct bench *b)
{
	float *v = malloc(sizeof(float) * 8 * 3 * SMALL_TRIS);
	uint32_t seed = 12345;
	if (!v || !load_prog(b, "colour.vert", "colour.frag")) {
		free(v);
		return false;
	}
	for (uint32_t t = 0; t < SMALL_TRIS; t++) {
		double cx = rnd(&seed) * 2 - 1, cy = rnd(&seed) * 2 - 1, z = rnd(&seed) * 1.8 - 0.9;
		double sx = (4 + 6 * rnd(&seed)) * 2 / b->w, sy = (4 + 6 * rnd(&seed)) * 2 / b->h;
		const double off[3][2] = { { 0, 0 }, { sx, 0 }, { 0, sy } };
		for (int k = 0; k < 3; k++) {
			float *o = v + 8 * (3 * t + k);
			o[0] = (float)(cx + off[k][0]), o[1] = (float)(cy + off[k][1]);
			o[2] = (float)z, o[3] = 1.0f;
			for (int c = 0; c < 3; c++)
				o[4 + c] = (float)rnd(&seed);
			o[7] = 1.0f;
		}
	}
	b->vb = vc4_buffer_create(b->ctx, v, (uint32_t)(sizeof(float) * 8 * 3 * SMALL_TRIS));
	b->count = 3 * SMALL_TRIS;
	free(v);
	return b->vb ? true : fail(b, "buffer");
}

static bool draw_colour(struct bench *b, bool depth)
{
	const struct vc4_vertex_attrib at[2] = { { b->vb, 0, 32, VC4_ATTR_FLOAT },
						 { b->vb, 16, 32, VC4_ATTR_FLOAT } };
	const float bg[4] = { 0.2f, 0.2f, 0.2f, 1.0f };
	return vc4_clear(b->ctx, VC4_CLEAR_COLOR | (depth ? VC4_CLEAR_DEPTH : 0), bg, 1.0f, 0) &&
	       vc4_set_depth(b->ctx, depth, depth, depth ? VC4_CMP_LESS : VC4_CMP_ALWAYS) &&
	       vc4_set_program(b->ctx, b->prog) && vc4_set_vertex_attribs(b->ctx, at, 2) &&
	       vc4_draw_arrays(b->ctx, VC4_PRIM_TRIANGLES, 0, b->count);
}

static bool draw_small(struct bench *b)
{
	return draw_colour(b, true);
}

/* 8 layers of translucent quads, each covering 3/4 of the screen's width
 * and height, alpha-blended (source alpha, one minus source alpha). */
#define OVERDRAW_LAYERS 8
static bool setup_overdraw(struct bench *b)
{
	float v[OVERDRAW_LAYERS * 6 * 8];
	if (!load_prog(b, "colour.vert", "colour.frag"))
		return false;
	for (uint32_t l = 0; l < OVERDRAW_LAYERS; l++) {
		double x0 = -1 + 0.25 * (l & 1), y0 = -1 + 0.25 * (l >> 1 & 1);
		const double c[6][2] = { { 0, 0 }, { 1.5, 0 }, { 1.5, 1.5 },
					 { 0, 0 }, { 1.5, 1.5 }, { 0, 1.5 } };
		for (int k = 0; k < 6; k++) {
			float *o = v + 8 * (6 * l + k);
			o[0] = (float)(x0 + c[k][0]), o[1] = (float)(y0 + c[k][1]);
			o[2] = 0, o[3] = 1;
			o[4] = (float)(l % 3 == 0), o[5] = (float)(l % 3 == 1), o[6] = (float)(k & 1);
			o[7] = 0.3f;
		}
	}
	b->vb = vc4_buffer_create(b->ctx, v, sizeof(v));
	b->count = OVERDRAW_LAYERS * 6;
	return b->vb ? true : fail(b, "buffer");
}

static bool draw_overdraw(struct bench *b)
{
	struct vc4_blend_state bl = { .enable = true, .rgb_eq = VC4_EQ_ADD,
				      .alpha_eq = VC4_EQ_ADD, .rgb_src = VC4_BF_SRC_ALPHA,
				      .rgb_dst = VC4_BF_ONE_MINUS_SRC_ALPHA,
				      .alpha_src = VC4_BF_ONE, .alpha_dst = VC4_BF_ZERO };
	return vc4_set_blend(b->ctx, &bl) && draw_colour(b, false);
}

static const struct scene scenes[] = {
	{ "sphere", 1920, 1080, setup_sphere, draw_sphere },
	{ "textured", 1920, 1080, setup_textured, draw_textured },
	{ "small_tris", 1920, 1080, setup_small, draw_small },
	{ "overdraw", 1920, 1080, setup_overdraw, draw_overdraw },
};

/* ---- running ----------------------------------------------------------- */

static double now(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static uint64_t fnv(const uint8_t *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static void release(struct bench *b)
{
	vc4_buffer_destroy(b->vb);
	vc4_buffer_destroy(b->ib);
	vc4_prog_destroy(b->prog);
	vc4_texture_destroy(b->tex);
	vc4_texture_destroy(b->rt);
	vc4_texture_destroy(b->depth);
	vc4_ctx_destroy(b->ctx);
}

/* The cost of one sim_pipe_run_clock() read in nanoseconds: the best of 5
 * loops of 200,000 reads. */
static double clock_read_ns(void)
{
	double best = 1e9;
	volatile uint64_t sink; /* each read kept */
	for (int r = 0; r < 5; r++) {
		double t0 = now(CLOCK_MONOTONIC);
		for (int i = 0; i < 200000; i++)
			sink = sim_pipe_run_clock();
		double t = (now(CLOCK_MONOTONIC) - t0) / 200000 * 1e9;
		best = t < best ? t : best;
	}
	(void)sink;
	return best;
}

/* The interp lines of a timed context (run timing on): the time inside the
 * shader runs of the frame with the least of it (`st`; ticks at
 * `ticks_per_ns`), summed over the host threads, and the QPU instructions
 * per second and host core inside them, as measured and less one clock
 * read per run (each timed interval holds about one read's cost); then,
 * over all the frames (`all`), the render side's runs as a share of its
 * work items' time taken of those items' CPU time, and the frame's pixel
 * hash (run timing must not change it). */
static void print_interp(const struct sim_pipe_stats *st, const struct sim_pipe_stats *all,
			 double ticks_per_ns, double best_wall, uint64_t pixels)
{
	static double clk = -1;
	if (clk < 0)
		clk = clock_read_ns();
	uint64_t qpu = st->qpu_instructions_cs + st->qpu_instructions_vs +
		       st->qpu_instructions_fs;
	double ns = (double)(st->qpu_run_ticks_cs + st->qpu_run_ticks_vs +
			     st->qpu_run_ticks_fs) / ticks_per_ns;
	double fs = (double)st->qpu_run_ticks_fs / ticks_per_ns;
	double net = ns - (double)st->qpu_runs * clk;
	printf("           interp %7.2f ms (fs %.2f ms) in %llu runs  QPU %6.1f M instr/s per "
	       "core (fs %.1f M; less the clock %.1f M)  clock read %.1f ns  frame %.2f ms\n",
	       ns * 1e-6, fs * 1e-6, (unsigned long long)st->qpu_runs, qpu / ns * 1e3,
	       st->qpu_instructions_fs / fs * 1e3, net > 0 ? qpu / net * 1e3 : 0.0, clk,
	       best_wall * 1e3);
	/* the render side's runs as a share of its items' time, taken of
	 * their threads' CPU time (what the load leaves of the wall time) */
	double items = (double)all->item_ticks / ticks_per_ns;
	double share = (double)(all->qpu_run_ticks_vs + all->qpu_run_ticks_fs) / ticks_per_ns /
		       items;
	double cpu = share * (double)all->item_cpu_ns;
	printf("           all frames: tiles %.2f ms, cpu %.2f ms; runs %.1f %% of them: %.2f ms "
	       "of cpu, QPU %.1f M instr/s per core (vs+fs)  pixels %016llx\n", items * 1e-6,
	       (double)all->item_cpu_ns * 1e-6, share * 100, cpu * 1e-6,
	       (double)(all->qpu_instructions_vs + all->qpu_instructions_fs) / cpu * 1e3,
	       (unsigned long long)pixels);
}

/* Runs `frames` frames of scene s with `threads` host threads; prints two
 * lines, or with run timing on (`timed`) the interp line. */
static bool run_scene(const char *dir, const struct scene *s, unsigned threads, unsigned frames,
		      bool timed)
{
	char env[16], err[256];
	snprintf(env, sizeof(env), "%u", threads);
	setenv("VC4_SIM_THREADS", env, 1);
	setenv("VC4_SIM_TIME_RUNS", timed ? "1" : "0", 1);
	struct bench b = { .dir = dir, .w = s->w, .h = s->h };
	b.ctx = vc4_ctx_create(VC4_CTX_BACKEND_SIM, err, sizeof(err));
	if (!b.ctx) {
		fprintf(stderr, "bench_frame: context: %s\n", err);
		return false;
	}
	b.rt = vc4_texture_create(b.ctx, VC4_FMT_RGBA8888, VC4_LAYOUT_T, b.w, b.h, NULL);
	b.depth = vc4_texture_create(b.ctx, VC4_FMT_Z24S8, VC4_LAYOUT_T, b.w, b.h, NULL);
	uint8_t *px = malloc((size_t)b.w * b.h * 4);
	double *wall = calloc(frames + 1, sizeof(double));
	bool ok = px && wall && b.rt && b.depth && vc4_set_framebuffer(b.ctx, b.rt, b.depth) &&
		  s->setup(&b);
	struct sim_pipe_stats st = { 0 }, fastest = { 0 }, all = { 0 };
	double cpu = 0, least = 0, mono0 = now(CLOCK_MONOTONIC);
	uint64_t tick0 = sim_pipe_run_clock();
	for (unsigned f = 0; ok && f <= frames; f++) { /* frame 0 compiles: not counted */
		double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
		ok = s->draw(&b) && vc4_finish(b.ctx);
		wall[f] = now(CLOCK_MONOTONIC) - t0;
		if (f)
			cpu += now(CLOCK_PROCESS_CPUTIME_ID) - c0;
		st = *sim_kernel_last_stats(vc4_dev_sim(b.ctx->dev));
		double in = (double)(st.qpu_run_ticks_cs + st.qpu_run_ticks_vs +
				     st.qpu_run_ticks_fs);
		if (f && (f == 1 || in < least))
			least = in, fastest = st;
		if (f) {
			all.qpu_instructions_vs += st.qpu_instructions_vs;
			all.qpu_instructions_fs += st.qpu_instructions_fs;
			all.qpu_run_ticks_vs += st.qpu_run_ticks_vs;
			all.qpu_run_ticks_fs += st.qpu_run_ticks_fs;
			all.item_ticks += st.item_ticks;
			all.item_cpu_ns += st.item_cpu_ns;
		}
	}
	if (!ok || !vc4_texture_read_rgba8(b.rt, px)) {
		fail(&b, s->name);
		ok = false;
	} else if (timed) { /* the clock's rate over all the frames */
		double tpn = (double)(sim_pipe_run_clock() - tick0) /
			     ((now(CLOCK_MONOTONIC) - mono0) * 1e9);
		qsort(wall + 1, frames, sizeof(double), cmp_double);
		print_interp(&fastest, &all, tpn, wall[1], fnv(px, (size_t)b.w * b.h * 4));
		fflush(stdout);
	} else {
		qsort(wall + 1, frames, sizeof(double), cmp_double);
		double best = wall[1], med = wall[1 + frames / 2];
		uint64_t qpu = st.qpu_instructions_cs + st.qpu_instructions_vs +
			       st.qpu_instructions_fs;
		printf("%-10s %4ux%-4u thr %u  best %8.2f ms  median %8.2f ms  cpu/frame %8.2f ms  "
		       "QPU %6.1f M instr/s  (%llu instr: fs %llu)\n",
		       s->name, b.w, b.h, threads, best * 1e3, med * 1e3, cpu / frames * 1e3,
		       qpu / best * 1e-6, (unsigned long long)qpu,
		       (unsigned long long)st.qpu_instructions_fs);
		printf("           frags %llu  quads %llu  edge_tests %llu  tile_prims %llu  "
		       "tiles_stored %llu  tex %llu  written %llu  pixels %016llx\n",
		       (unsigned long long)st.fragments_shaded,
		       (unsigned long long)st.quads_shaded,
		       (unsigned long long)st.raster_edge_tests,
		       (unsigned long long)st.tile_primitives,
		       (unsigned long long)st.tiles_stored,
		       (unsigned long long)st.texture_requests,
		       (unsigned long long)st.fragments_written,
		       (unsigned long long)fnv(px, (size_t)b.w * b.h * 4));
		fflush(stdout);
	}
	free(px);
	free(wall);
	release(&b);
	return ok;
}

static unsigned parse_threads(const char *s, unsigned *out)
{
	unsigned n = 0;
	while (*s && n < MAX_THREADS) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);
		if (end == s || v == 0 || v > 256)
			return 0;
		out[n++] = (unsigned)v;
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return 0;
	}
	return n;
}

int main(int argc, char **argv)
{
	const char *dir = NULL, *only = NULL;
	unsigned frames = 5, threads[MAX_THREADS], nthreads = 0;
	bool interp = true;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--no-interp"))
			interp = false;
		else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
			frames = (unsigned)strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
			nthreads = parse_threads(argv[++i], threads);
		else if (!strcmp(argv[i], "--scene") && i + 1 < argc)
			only = argv[++i];
		else if (!dir && argv[i][0] != '-')
			dir = argv[i];
		else {
			fprintf(stderr, "usage: bench_frame SCENES_DIR [--frames N] "
				"[--threads 1,2,...] [--scene NAME] [--no-interp]\n");
			return 2;
		}
	}
	if (!dir || frames == 0) {
		fprintf(stderr, "usage: bench_frame SCENES_DIR [--frames N] [--threads 1,2,...] "
			"[--scene NAME] [--no-interp]\n");
		return 2;
	}
	if (nthreads == 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		threads[nthreads++] = 1;
		if (n > 1)
			threads[nthreads++] = (unsigned)(n > 256 ? 256 : n);
	}
	bool ok = true, any = false;
	for (size_t s = 0; s < sizeof(scenes) / sizeof(scenes[0]); s++) {
		if (only && strcmp(only, scenes[s].name))
			continue;
		any = true;
		for (unsigned t = 0; t < nthreads && ok; t++) {
			ok = run_scene(dir, &scenes[s], threads[t], frames, false);
			if (ok && interp)
				ok = run_scene(dir, &scenes[s], threads[t], frames, true);
		}
	}
	if (!any)
		fprintf(stderr, "bench_frame: no scene '%s'\n", only);
	return ok && any ? 0 : 1;
}
