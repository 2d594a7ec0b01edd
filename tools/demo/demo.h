/*
 * demo.h: what the parts of vc4-demo share: the demo's targets and
 * options, the scene interface, the shader loader (tools/vc4-demo.c), the
 * frame loop with its progress line, animation files and figures
 * (demo_run.c), matrices (demo_math.c), meshes (demo_mesh.c), the APNG
 * writer (demo_apng.c) and the ladder's scenes (demo_ladder.c).
 */
#ifndef VC4_TOOLS_DEMO_H
#define VC4_TOOLS_DEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vc4/vc4.h"

#define DEMO_FPS 30            /* animation time: frame k is at k / DEMO_FPS seconds */
#define DEMO_MAX_DIM 2048      /* --size limit, each dimension */

struct demo {
	struct vc4_ctx *ctx;
	const char *scenes;        /* the directory of the IR shaders */
	uint32_t w, h;             /* the images' size */
	struct vc4_texture *rt, *depth;
	bool io_error;     /* the failure was a file that could not be read or written */
	bool reported;     /* the failure's message is printed */
	char sizes[256];   /* the programs a scene released: "VS/CS/FS" instructions each */
};

/* A scene: either a still (drawn the same at every frame) or set up once,
 * drawn at time t (seconds) per frame, then torn down. Each leaves its
 * frame's jobs pending; the runner finishes and reads them back. */
struct demo_scene {
	const char *name;
	bool (*still)(struct demo *d);
	size_t state_size;                                   /* zeroed before setup */
	bool (*setup)(struct demo *d, void *state);
	bool (*frame)(struct demo *d, void *state, double t);
	void (*teardown)(struct demo *d, void *state);       /* also after a failed setup */
};

/* The ladder of scenes beyond the first six (demo_ladder.c). */
extern const struct demo_scene demo_ladder[];
extern const size_t demo_ladder_count;

/* ---- tools/vc4-demo.c -------------------------------------------------- */

/* A program from two files of the scenes directory; NULL after printing
 * why (d->reported; d->io_error when a file could not be read). */
struct vc4_prog *load_prog(struct demo *d, const char *vs, const char *fs);

/* ---- demo_run.c -------------------------------------------------------- */

struct demo_run {
	const char *dir;       /* where the images go */
	uint32_t frames;       /* 0: one still image; N: an animation of N frames */
	FILE *stats;           /* figures, one tab-separated line per scene, or NULL */
};

/* Renders scene `s` as asked and writes its images: DIR/NAME.png (a still,
 * or an APNG of every frame) and DIR/NAME/NNNN.png per frame. Prints
 * "NAME: PATH ..." and, for animations, a progress line on stderr.
 * Returns a tool exit status (tool.h). */
int demo_run_scene(struct demo *d, const struct demo_scene *s, const struct demo_run *run);

/* Writes the header line of the figures file. */
void demo_stats_header(FILE *f);

/* Notes the program's compiled sizes in d->sizes, then destroys it. */
void demo_release_prog(struct demo *d, struct vc4_prog *p);

/* ---- demo_math.c: 4x4 matrices, column-major, computed in double ---------- */

struct demo_mat { double m[16]; };

struct demo_mat demo_identity(void);
struct demo_mat demo_mul(struct demo_mat a, struct demo_mat b);
struct demo_mat demo_perspective(double fovy, double aspect, double near, double far);
struct demo_mat demo_translate(double x, double y, double z);
/* Rotation by `angle` radians about the unit axis (x, y, z). */
struct demo_mat demo_rotate(double angle, double x, double y, double z);
/* The matrix as the floats of a mat4 uniform. */
void demo_mat_floats(struct demo_mat a, float out[16]);

/* ---- demo_mesh.c ---------------------------------------------------------- */

/* A mesh of vertices (x, y, z, 1, nx, ny, nz, u, v: DEMO_VERTEX_FLOATS
 * floats each) and 16-bit triangle indices, counter-clockwise outside. */
#define DEMO_VERTEX_FLOATS 9
struct demo_mesh {
	float *vertices;
	uint16_t *indices;
	uint32_t num_vertices, num_indices;
};

/* A cube of half-size `s`: 24 vertices (4 per face, uv 0..1 per face). */
bool demo_mesh_cube(struct demo_mesh *m, float s);
/* A torus around y: radius `big` to the tube's centre, tube radius
 * `small`, `rings` x `sides` quads. */
bool demo_mesh_torus(struct demo_mesh *m, float big, float small, uint32_t rings,
		     uint32_t sides);
void demo_mesh_free(struct demo_mesh *m);

/* The mesh's buffers and attributes: position (vec4 at 0), then, as the
 * shader declares them, normal (vec3 at 16) and uv (vec2 at 28). `which`
 * is a string of 'p', 'n', 't' in the shader's attribute order. */
struct demo_gpu_mesh {
	struct vc4_buffer *vb, *ib;
	struct vc4_vertex_attrib attribs[3];
	uint32_t num_attribs, num_indices;
};
bool demo_mesh_upload(struct vc4_ctx *ctx, const struct demo_mesh *m, const char *which,
		      struct demo_gpu_mesh *g);
bool demo_mesh_draw(struct vc4_ctx *ctx, const struct demo_gpu_mesh *g);
void demo_mesh_release(struct demo_gpu_mesh *g);

/* ---- demo_apng.c: PNG in memory and animated PNG files --------------------- */

/* Encodes RGBA8 pixels as a PNG in memory (*png, *len; free() it). */
bool demo_png_encode(const uint8_t *rgba, uint32_t w, uint32_t h, uint8_t **png, size_t *len,
		     char *err, size_t err_size);

struct demo_apng;
/* Starts an APNG of `frames` frames of w x h shown 1/fps s each, looping. */
struct demo_apng *demo_apng_open(const char *path, uint32_t w, uint32_t h, uint32_t frames,
				 uint32_t fps, char *err, size_t err_size);
/* Adds the next frame, given as a PNG of the same size (demo_png_encode). */
bool demo_apng_add(struct demo_apng *a, const uint8_t *png, size_t len, char *err,
		   size_t err_size);
/* Ends the file (all frames must have been added) and frees `a`. */
bool demo_apng_close(struct demo_apng *a, char *err, size_t err_size);

#endif
