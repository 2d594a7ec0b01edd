/*
 * vc4.h: the public API of the vc4 driver: a context that draws.
 *
 * A context opens the device (a vc4 DRM node, or the simulator), holds the
 * pipeline state (GL ES 2 style: blend, colour mask, depth, cull, viewport,
 * scissor, point size, line width, vertex layout, bound textures, bound
 * framebuffer) and records draws into one pending job per render target.
 * Jobs are submitted on vc4_flush(), when their buffers pass the size cap,
 * and when another operation needs their output (a draw sampling a texture
 * that a pending job renders to, or a CPU read-back of it).
 *
 * Every object is opaque. Functions that can fail return false / NULL and
 * leave the reason in vc4_ctx_error(), where it stays until the application
 * reads it (like glGetError). A job the GPU hung on makes the flush, finish
 * or read-back that learns of it fail ("GPU hang: ..."). Destroying an
 * object a pending job uses is safe (the job holds references on its
 * memory); the context forgets it in its bindings. docs/api.md has a
 * complete example.
 */
#ifndef VC4_VC4_H
#define VC4_VC4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct vc4_ctx;
struct vc4_buffer;
struct vc4_texture;
struct vc4_prog;
struct ir_shader;

/* ---- context ----------------------------------------------------------- */

enum vc4_ctx_backend {
	VC4_CTX_BACKEND_AUTO, /* $VC4_BACKEND, else a vc4 DRM node, else the simulator */
	VC4_CTX_BACKEND_SIM,
	VC4_CTX_BACKEND_DRM,
};

/* Opens a context. NULL on failure with the reason in err (err_size bytes,
 * may be 0). */
struct vc4_ctx *vc4_ctx_create(enum vc4_ctx_backend backend, char *err, size_t err_size);

/* Submits pending jobs, waits for them and frees the context. Objects made
 * with it must be destroyed first. NULL is allowed. */
void vc4_ctx_destroy(struct vc4_ctx *ctx);

/* The error (its text; "" if none) and clears it, like glGetError: the
 * first error since the last read is kept, whatever succeeds or fails
 * after it, until this call reads it. The text stays valid until the next
 * vc4_ctx_error() of the context. */
const char *vc4_ctx_error(struct vc4_ctx *ctx);

/* "sim" or "drm". */
const char *vc4_ctx_backend_name(const struct vc4_ctx *ctx);

struct vc4_ctx_stats {
	uint32_t jobs_submitted;     /* accepted SUBMIT_CLs */
	uint32_t flush_explicit;     /* jobs submitted by vc4_flush() */
	uint32_t flush_bo_cap;       /* ... because their BOs passed the cap */
	uint32_t flush_dependency;   /* ... because a draw samples their target */
	uint32_t flush_readback;     /* ... because the CPU reads their target */
	uint32_t flush_clear;        /* ... because a clear followed draws */
	uint32_t programs_compiled;  /* program cache misses */
	uint32_t programs_cached;    /* program cache hits */
};
void vc4_ctx_get_stats(const struct vc4_ctx *ctx, struct vc4_ctx_stats *stats);

/* Flushes a job once its BOs pass `bytes` (default 128 MiB). */
void vc4_ctx_set_bo_cap(struct vc4_ctx *ctx, uint64_t bytes);

/* ---- buffers (vertex and index data) ----------------------------------- */

/* A GPU buffer holding a copy of `size` bytes of `data`. */
struct vc4_buffer *vc4_buffer_create(struct vc4_ctx *ctx, const void *data, uint32_t size);
/* Frees the buffer. Pending jobs that draw from it keep its memory until
 * they are done; vertex attributes naming it lose it (a draw that reads
 * them then fails). */
void vc4_buffer_destroy(struct vc4_buffer *buf);

/* ---- textures and render targets --------------------------------------- */

enum vc4_format {
	VC4_FMT_RGBA8888, /* texture and render target; bytes R, G, B, A */
	VC4_FMT_RGB565,   /* texture and render target (BGR565 tile format);
			   * red in bits 11..15, green 5..10, blue 0..4 */
	VC4_FMT_RGBA32R,  /* texture only, raster layout; bytes R, G, B, A */
	VC4_FMT_Z24S8,    /* depth/stencil target: 24-bit depth, 8-bit stencil */
	VC4_FMT_COUNT
};

enum vc4_layout {
	VC4_LAYOUT_AUTO,   /* textures: T, or LT when small; RGBA32R raster;
			    * render targets: T */
	VC4_LAYOUT_RASTER, /* linear rows (render targets, RGBA32R) */
	VC4_LAYOUT_T,      /* 4 KiB tiles of 1 KiB sub-tiles of 64-byte micro-tiles */
	VC4_LAYOUT_LT,     /* micro-tiles in raster order */
};

/* A width x height image in `format`; `rgba` (may be NULL: zero-filled) is
 * width*height*4 bytes of linear RGBA8, converted to the format and tiled.
 * Sizes 1..2048. Render targets must be RGBA8888, RGB565 (raster, T or LT)
 * or Z24S8 (T or LT). */
struct vc4_texture *vc4_texture_create(struct vc4_ctx *ctx, enum vc4_format format,
				       enum vc4_layout layout, uint32_t width, uint32_t height,
				       const uint8_t *rgba);
/* A cube map for samplerCube uniforms: six size x size faces in GL's order
 * (+X, -X, +Y, -Y, +Z, -Z), each (may be NULL: zero-filled) size*size*4
 * bytes of linear RGBA8. RGBA8888 or RGB565, sizes 1..2048, each face tiled
 * as the TMU reads that size. Not a render target, not read back. */
struct vc4_texture *vc4_texture_create_cube(struct vc4_ctx *ctx, enum vc4_format format,
					    uint32_t size, const uint8_t *const faces[6]);
/* Submits the pending job rendering to it, then frees it. Pending jobs that
 * sample it keep its memory until they are done; the context unbinds it
 * (sampler units, framebuffer). */
void vc4_texture_destroy(struct vc4_texture *tex);

enum vc4_wrap { VC4_WRAP_REPEAT, VC4_WRAP_CLAMP, VC4_WRAP_MIRROR };

/* Sampling state of the texture (default: nearest, clamp). */
void vc4_texture_set_sampler(struct vc4_texture *tex, bool linear, enum vc4_wrap wrap_s,
			     enum vc4_wrap wrap_t);

/* The layout chosen (never AUTO), the size and the format. */
enum vc4_layout vc4_texture_layout(const struct vc4_texture *tex);

/* Reads the image back as linear RGBA8 (width*height*4 bytes into `rgba`):
 * submits the pending job rendering to it, if any, and waits for the GPU.
 * Depth targets give depth in R, G, B (top 8 bits) and stencil in A. Fails
 * with "GPU hang: ..." while the last job rendering to it is known to have
 * hung. */
bool vc4_texture_read_rgba8(struct vc4_texture *tex, uint8_t *rgba);

/* ---- programs ---------------------------------------------------------- */

/* A program from IR text (docs/ir.md) of a vertex and a fragment shader. */
struct vc4_prog *vc4_prog_create(struct vc4_ctx *ctx, const char *vs_text, const char *fs_text);
/* The same from parsed shaders; takes ownership of both (also on failure). */
struct vc4_prog *vc4_prog_create_ir(struct vc4_ctx *ctx, struct ir_shader *vs,
				    struct ir_shader *fs);
/* An attribute location the application asks for (glBindAttribLocation). */
struct vc4_attrib_binding {
	const char *name;
	uint32_t location;   /* 0..7: the vc4_set_vertex_attribs entry */
};

/* A program from GLSL ES 1.00 sources (docs/glsl.md), linked like GL:
 * varyings by name and type; attribute bind[i].name at bind[i].location,
 * the others at the lowest free locations (a matrix takes one per column).
 * Uniforms are set by their GLSL names (vc4_prog_set_uniform_*); sampler
 * uniforms take texture units (vc4_prog_set_uniform_i, default unit 0).
 * NULL on failure, with the compiler's "vertex:LINE:COL: ..." or
 * "fragment:..." messages (or "link: ...") in vc4_ctx_error(). */
struct vc4_prog *vc4_prog_create_glsl(struct vc4_ctx *ctx, const char *vs_src,
				      const char *fs_src, const struct vc4_attrib_binding *bind,
				      uint32_t nbind);

/* The vc4_set_vertex_attribs entry that feeds attribute `name`, or -1 when
 * the vertex shader has none (IR programs: the declaration's ordinal). */
int32_t vc4_prog_attrib_location(const struct vc4_prog *prog, const char *name);

/* Frees the program; pending jobs keep its shader code until they are
 * done; the context unbinds it. */
void vc4_prog_destroy(struct vc4_prog *prog);

/* Sets uniform `name` (of either shader; both when both declare it) to
 * `count` 32-bit words: floats (matrices column-major) or ints/bools. IR
 * programs: exactly the declaration's components. GLSL programs: "u",
 * "s.f", "a" or "a[2]" (count may cover several elements from there, up to
 * the end of the array, 4096 words at most); a sampler takes texture units. */
bool vc4_prog_set_uniform_f(struct vc4_prog *prog, const char *name, const float *v,
			    uint32_t count);
bool vc4_prog_set_uniform_i(struct vc4_prog *prog, const char *name, const int32_t *v,
			    uint32_t count);

/* ---- pipeline state ---------------------------------------------------- */

enum vc4_blend_eq { VC4_EQ_ADD, VC4_EQ_SUBTRACT, VC4_EQ_REVERSE_SUBTRACT, VC4_EQ_MIN, VC4_EQ_MAX };
enum vc4_blend_factor {
	VC4_BF_ZERO, VC4_BF_ONE, VC4_BF_SRC_COLOR, VC4_BF_ONE_MINUS_SRC_COLOR,
	VC4_BF_DST_COLOR, VC4_BF_ONE_MINUS_DST_COLOR, VC4_BF_SRC_ALPHA,
	VC4_BF_ONE_MINUS_SRC_ALPHA, VC4_BF_DST_ALPHA, VC4_BF_ONE_MINUS_DST_ALPHA,
	VC4_BF_CONSTANT_COLOR, VC4_BF_ONE_MINUS_CONSTANT_COLOR, VC4_BF_CONSTANT_ALPHA,
	VC4_BF_ONE_MINUS_CONSTANT_ALPHA, VC4_BF_SRC_ALPHA_SATURATE,
};

struct vc4_blend_state {
	bool enable;
	uint8_t rgb_eq, alpha_eq;        /* enum vc4_blend_eq */
	uint8_t rgb_src, rgb_dst;        /* enum vc4_blend_factor */
	uint8_t alpha_src, alpha_dst;
	float constant[4];               /* the blend colour */
};
bool vc4_set_blend(struct vc4_ctx *ctx, const struct vc4_blend_state *blend);

/* Bit 0 R, 1 G, 2 B, 3 A. */
void vc4_set_color_mask(struct vc4_ctx *ctx, uint8_t mask);

enum vc4_compare {
	VC4_CMP_NEVER, VC4_CMP_LESS, VC4_CMP_EQUAL, VC4_CMP_LEQUAL,
	VC4_CMP_GREATER, VC4_CMP_NOTEQUAL, VC4_CMP_GEQUAL, VC4_CMP_ALWAYS,
};
bool vc4_set_depth(struct vc4_ctx *ctx, bool test, bool write, enum vc4_compare func);

enum vc4_cull { VC4_CULL_NONE, VC4_CULL_FRONT, VC4_CULL_BACK, VC4_CULL_FRONT_AND_BACK };
bool vc4_set_cull(struct vc4_ctx *ctx, enum vc4_cull cull, bool front_ccw);

/* GL conventions: (x, y) is the lower-left corner, y up; depth range. */
bool vc4_set_viewport(struct vc4_ctx *ctx, int32_t x, int32_t y, uint32_t width,
		      uint32_t height, float near, float far);
bool vc4_set_scissor(struct vc4_ctx *ctx, bool enable, int32_t x, int32_t y, uint32_t width,
		     uint32_t height);
bool vc4_set_point_size(struct vc4_ctx *ctx, float size);
bool vc4_set_line_width(struct vc4_ctx *ctx, float width);

enum vc4_attr_format {
	VC4_ATTR_FLOAT,   /* 32-bit floats */
	VC4_ATTR_UNORM8,  /* bytes / 255 */
	VC4_ATTR_UINT8,   /* bytes as 0..255 */
	VC4_ATTR_SNORM16, /* signed shorts / 32767 */
	VC4_ATTR_SINT16,  /* signed shorts */
};

/* Where attribute location i comes from (IR programs: the i-th `attribute`
 * declaration; GLSL: vc4_prog_attrib_location); its component count is the
 * declaration's. */
struct vc4_vertex_attrib {
	struct vc4_buffer *buffer;
	uint32_t offset;   /* bytes to the first vertex */
	uint32_t stride;   /* bytes between vertices (0: every vertex reads the first) */
	uint8_t format;    /* enum vc4_attr_format */
};
bool vc4_set_vertex_attribs(struct vc4_ctx *ctx, const struct vc4_vertex_attrib *attribs,
			    uint32_t count);

/* Binds `tex` (NULL unbinds) to sampler `unit`: the unit-th `sampler`
 * declaration of the fragment shader. Units 0..15. */
bool vc4_set_texture(struct vc4_ctx *ctx, uint32_t unit, struct vc4_texture *tex);

/* The render target: `color` (RGBA8888 or RGB565) and optional `depth`
 * (Z24S8, the same size). Resets viewport and scissor to the whole target.
 * The job of the previous target stays pending. */
bool vc4_set_framebuffer(struct vc4_ctx *ctx, struct vc4_texture *color,
			 struct vc4_texture *depth);

bool vc4_set_program(struct vc4_ctx *ctx, struct vc4_prog *prog);

/* ---- drawing ----------------------------------------------------------- */

#define VC4_CLEAR_COLOR   (1u << 0)
#define VC4_CLEAR_DEPTH   (1u << 1)
#define VC4_CLEAR_STENCIL (1u << 2)

/* Clears the whole framebuffer (done by the tile hardware at render time). */
bool vc4_clear(struct vc4_ctx *ctx, uint32_t buffers, const float rgba[4], float depth,
	       uint8_t stencil);

enum vc4_prim {
	VC4_PRIM_POINTS, VC4_PRIM_LINES, VC4_PRIM_LINE_LOOP, VC4_PRIM_LINE_STRIP,
	VC4_PRIM_TRIANGLES, VC4_PRIM_TRIANGLE_STRIP, VC4_PRIM_TRIANGLE_FAN,
};

bool vc4_draw_arrays(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t first, uint32_t count);

/* `index_size` 1, 2 or 4 bytes; 32-bit indices are converted to 16 bits
 * (each must be below 65536). `offset` is in bytes into `indices`. */
bool vc4_draw_elements(struct vc4_ctx *ctx, enum vc4_prim mode, uint32_t count,
		       uint32_t index_size, struct vc4_buffer *indices, uint32_t offset);

/* Submits every pending job. Fails with "GPU hang: REASON" when the kernel
 * says a job hung (on the simulator: one of these jobs; on Linux only with
 * the access GET_HANG_STATE needs, and often later: docs/api.md). */
bool vc4_flush(struct vc4_ctx *ctx);

/* vc4_flush() and waits for the GPU to finish. Fails with "GPU hang: ..."
 * when a job submitted since the last vc4_finish() hung. */
bool vc4_finish(struct vc4_ctx *ctx);

/* ---- performance figures ----------------------------------------------- */

/* What the GPU did for the jobs submitted between vc4_perf_begin() and
 * vc4_perf_end(), counted by the kernel's performance monitor (the PERFMON
 * ioctls: Linux 4.17 and later, and the simulator). The QPU counters are
 * clock cycles on the hardware; the simulator counts one per instruction
 * executed, so there they are QPU instructions. */
struct vc4_perf_counts {
	uint64_t qpu_cycles_vertex;    /* coordinate and vertex shading */
	uint64_t qpu_cycles_fragment;  /* fragment shading */
	uint64_t qpu_cycles_valid;     /* executing valid instructions, every stage */
	uint64_t quads_shaded;         /* 2x2 quads that reached fragment shading */
	uint64_t quads_written;        /* quads written to the colour buffer */
	uint64_t texture_quads;        /* quads the TMUs processed */
};

/* Starts counting the jobs submitted from now on (pending jobs too, when
 * they are submitted); a count in progress starts again from zero. False
 * when the kernel has no performance monitors. */
bool vc4_perf_begin(struct vc4_ctx *ctx);

/* Submits the pending jobs, waits for them (vc4_finish) and gives what the
 * jobs submitted since vc4_perf_begin() did; counting stops. */
bool vc4_perf_end(struct vc4_ctx *ctx, struct vc4_perf_counts *counts);

/* The size of a program's compiled code in QPU instructions: for each
 * shader the largest among the variants its draws compiled so far (the
 * state chooses the variant: blending, depth writes, attribute formats,
 * the primitive), all 0 before its first draw. */
struct vc4_prog_sizes {
	uint32_t vertex, coordinate, fragment;
	uint32_t variants;             /* variants compiled */
};
void vc4_prog_get_sizes(const struct vc4_prog *prog, struct vc4_prog_sizes *sizes);

/* ---- PNG --------------------------------------------------------------- */

/* Writes width x height linear RGBA8 pixels as an 8-bit RGBA PNG. False with
 * the reason in err (err_size bytes). */
bool vc4_write_png(const char *path, uint32_t width, uint32_t height, const uint8_t *rgba,
		   char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif
