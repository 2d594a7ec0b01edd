/*
 * drv.h: the driver's inside, shared by the files of src/driver: the
 * objects behind the opaque types of include/vc4/vc4.h, the pending job of
 * a render target, and the functions each file provides to the others.
 * One concern per file: drv_ctx.c (context, errors, stats), drv_buffer.c,
 * drv_tiling.c (the format table; layouts mapped to src/tiling), drv_texture.c (formats, upload,
 * texture config words), drv_prog.c (IR, uniforms, compiled variants and
 * their shader BOs), drv_state.c (pipeline state), drv_job.c (jobs per
 * render target, flush rules, surfaces, submit), drv_emit.c (bin CL state
 * packets and shader records), drv_uniforms.c (the uniform writer),
 * drv_draw.c (draws, index conversion), drv_png.c, drv_debug.c ($VC4_DEBUG),
 * drv_perf.c (performance counters, program sizes).
 */
#ifndef VC4_DRIVER_DRV_H
#define VC4_DRIVER_DRV_H

#include <stdbool.h>
#include <stdint.h>

#include "vc4/vc4.h"
#include "bo/vc4_bo.h"
#include "job/vc4_job.h"
#include "cl/cl.h"
#include "compiler/vc4_compile.h"
#include "glsl/glsl.h"
#include "ir/ir.h"
#include "tiling/tiling.h"
#include "util/diag.h"

#define DRV_TILE_SIZE 64            /* non-MSAA tile, pixels */
#define DRV_MAX_DIM QIR_KEY_MAX_DIM /* keeps a job within the kernel's binner slot */
#define DRV_MAX_UNITS QIR_KEY_MAX_SAMPLERS
#define DRV_MAX_ATTRS QIR_KEY_MAX_ATTRS
/* Flush a job once the BOs it references pass this many bytes (as Mesa). */
#define DRV_DEFAULT_BO_CAP (128ull << 20)
#define DRV_MAX_UNIFORM_WORDS 4096  /* one vc4_prog_set_uniform_* call (a GLSL array) */

/* ---- formats and tiling (drv_tiling.c) --------------------------------- */

struct drv_format_info {
	const char *name;
	uint8_t cpp;             /* bytes per pixel */
	int8_t tex_type;         /* TMU texture data type (P0/P1), -1: not a texture */
	int8_t rt_format;        /* render-config colour format, -1: not a colour target */
	int8_t qir_rt;           /* enum qir_rt_format, -1 */
	bool depth;
};
extern const struct drv_format_info drv_formats[VC4_FMT_COUNT];

/* The hardware tiling format of a resolved layout (not AUTO); addresses
 * and sizes in it are src/tiling's. */
enum vc4_tiling_format drv_layout_tiling(enum vc4_layout layout);

/* The format's bytes at `src` (cpp of them) -> linear RGBA8 at `p`: RGB565
 * channels widened by replicating their top bits, alpha 0xff; Z24S8 gives
 * depth in R, G, B (high byte first) and stencil in A. */
void drv_unpack_pixel(enum vc4_format fmt, const uint8_t *src, uint8_t *p);

/* The layout AUTO resolves to for a texture: raster for RGBA32R, LT when
 * width <= 4 utiles or height <= 4 utiles (the TMU's rule), else T. */
enum vc4_layout drv_texture_auto_layout(enum vc4_format fmt, uint32_t width, uint32_t height);

/* ---- objects ----------------------------------------------------------- */

struct vc4_buffer {
	struct vc4_ctx *ctx;
	struct vc4_bo *bo;
	uint32_t size;
};

struct vc4_texture {
	struct vc4_ctx *ctx;
	struct vc4_bo *bo;
	enum vc4_format format;
	enum vc4_layout layout;
	uint32_t width, height;
	uint32_t bytes;          /* of the image in the BO (offset 0) */
	bool cube;               /* six faces, face_stride bytes apart */
	uint32_t face_stride;    /* a multiple of 4096 (the TMU's unit); 0: 2D */
	bool linear_filter;
	uint8_t wrap_s, wrap_t;  /* enum vc4_wrap */
	bool has_content;        /* uploaded or rendered: a job must load it */
	struct drv_job *writer;  /* pending job rendering to it, or NULL */
	char *hang;              /* why the last job rendering to it hung, or NULL */
};

/* One compiled (VS key, FS key) pair of a program with its shader BOs. */
struct drv_variant {
	struct qir_shader_key vs_key, fs_key;
	const struct vc4_compile_result *vs, *fs; /* owned by the program cache */
	struct vc4_bo *fs_bo, *vs_bo, *cs_bo;
};

struct drv_shader_uniforms {
	VC4_ARRAY(uint32_t) words;   /* user uniform words, by IR decl order */
	uint8_t sampler_unit[DRV_MAX_UNITS]; /* texture unit of each sampler decl
					      * (IR: its ordinal; GLSL: the
					      * sampler uniform's value) */
	uint32_t sampler_cube;               /* bit s: sampler decl s (ordinal)
					      * is a samplerCube */
};

struct vc4_prog {
	struct vc4_ctx *ctx;
	struct ir_shader *vs, *fs;
	struct drv_shader_uniforms unif[2]; /* [0] VS (and CS), [1] FS */
	uint32_t num_attrs;                 /* VS attribute declarations */
	uint8_t attr_comps[DRV_MAX_ATTRS];
	uint8_t attr_loc[DRV_MAX_ATTRS];    /* the vc4_set_vertex_attribs entry of
					     * each (IR: its ordinal; GLSL: its
					     * location) */
	uint32_t attr_locs_used;            /* entries a draw needs: max loc + 1 */
	uint32_t height_word[2];            /* user word of gl_RenderHeight per
					     * stage (filled per draw), or UINT32_MAX */
	struct glsl_shader *glsl[2];        /* GLSL programs: VS and FS interfaces
					     * (their IR moved to vs, fs), else NULL */
	uint32_t fs_varying_comps;          /* FS varying components (record field;
					     * the generated ones are not counted) */
	uint32_t fs_flat_mask;              /* bit per varying component: flat */
	bool fs_early_z_safe;               /* the FS neither writes depth nor discards */
	uint32_t id;                        /* 1, 2, ... per context (debug output) */
	VC4_ARRAY(struct drv_variant) variants;
};

/* ---- state (drv_state.c) ----------------------------------------------- */

struct drv_state {
	struct vc4_blend_state blend;
	uint8_t color_mask;
	bool depth_test, depth_write;
	uint8_t depth_func;          /* enum vc4_compare */
	uint8_t cull;                /* enum vc4_cull */
	bool front_ccw;
	int32_t vp_x, vp_y;
	uint32_t vp_w, vp_h;
	float depth_near, depth_far;
	bool scissor;
	int32_t sc_x, sc_y;
	uint32_t sc_w, sc_h;
	float point_size, line_width;
	struct vc4_vertex_attrib attribs[DRV_MAX_ATTRS];
	uint32_t num_attribs;
	struct vc4_texture *textures[DRV_MAX_UNITS];
	struct vc4_texture *color, *depth;
	struct vc4_prog *prog;
};

void drv_state_init(struct drv_state *s);

/* ---- jobs (drv_job.c) -------------------------------------------------- */

enum drv_flush_reason {
	DRV_FLUSH_EXPLICIT, DRV_FLUSH_BO_CAP, DRV_FLUSH_DEPENDENCY, DRV_FLUSH_READBACK,
	DRV_FLUSH_CLEAR, DRV_FLUSH_DEBUG /* VC4_DEBUG always_flush/sync */, DRV_FLUSH_REASON_COUNT
};

/* Packets whose last emitted bytes a job remembers ("only when changed"). */
enum drv_state_packet {
	DRV_PKT_CLIP_WINDOW, DRV_PKT_CONFIGURATION_BITS, DRV_PKT_DEPTH_OFFSET,
	DRV_PKT_POINT_SIZE, DRV_PKT_LINE_WIDTH, DRV_PKT_CLIPPER_XY, DRV_PKT_CLIPPER_Z,
	DRV_PKT_VIEWPORT_OFFSET, DRV_PKT_FLAT_SHADE, DRV_PKT_COUNT
};

struct drv_job {
	struct vc4_texture *color, *depth;    /* the render target (key) */
	uint32_t id;                           /* 1, 2, ... per context (debug output) */
	struct cl_job cl;
	bool started;                          /* binning prologue emitted */
	uint32_t draws;
	uint32_t cleared;                      /* VC4_CLEAR_* */
	uint32_t clear_color;                  /* packed in the target format */
	uint32_t clear_z;
	uint8_t clear_s;
	uint8_t last_pkt[DRV_PKT_COUNT][16];
	uint8_t last_len[DRV_PKT_COUNT];      /* 0: never emitted */
	uint64_t bo_bytes;                     /* sizes of the BOs listed so far */
	size_t bos_refd;                       /* cl.bos[0..bos_refd) hold a reference */
	VC4_ARRAY(struct vc4_texture *) reads; /* textures sampled */
};

/* The pending job rendering to the current framebuffer, created (after
 * flushing jobs that would conflict) if needed. NULL + ctx error. */
struct drv_job *drv_job_current(struct vc4_ctx *ctx);

/* Submits `job` (reason for the statistics) and frees it. */
bool drv_job_flush(struct vc4_ctx *ctx, struct drv_job *job, enum drv_flush_reason why);

/* Submits the pending job writing `tex`, if any. */
bool drv_flush_writer(struct vc4_ctx *ctx, struct vc4_texture *tex, enum drv_flush_reason why);

/* Submits every pending job. */
bool drv_flush_all(struct vc4_ctx *ctx, enum drv_flush_reason why);

/* Describes a finished drv_job to a vc4_job (src/bo): lends it the CL
 * builder's streams and BO list (adding the render targets' BOs to the
 * list), sets surfaces, clears, tiles. `out` is valid while `job` lives.
 * Exposed for tests. */
bool drv_job_build_submit(struct vc4_ctx *ctx, struct drv_job *job, struct vc4_job *out);

/* Takes a reference on the BOs the job's CLs started naming since the
 * last call (the CL builder only compares pointers); dropped with the job. */
void drv_job_ref_bos(struct drv_job *job);

/* The render-config bits of the colour target and the load/store bits of
 * a colour or Z/S surface (kernel-vc4.md §f). */
uint16_t drv_render_config_bits(const struct vc4_texture *color);
uint16_t drv_loadstore_bits(const struct vc4_texture *tex);

/* ---- emission (drv_emit.c, drv_uniforms.c) ----------------------------- */

/* First draw of a job: binning config, start binning, primitive list format. */
void drv_emit_bin_prologue(struct drv_job *job);

/* State packets that differ from the job's last ones. */
bool drv_emit_state(struct vc4_ctx *ctx, struct drv_job *job, const struct vc4_prog *prog);

/* The vertex array of the VS's attribute declaration i (entry attr_loc[i]
 * of vc4_set_vertex_attribs). */
static inline const struct vc4_vertex_attrib *drv_attrib(const struct vc4_prog *p,
							  const struct drv_state *s, uint32_t i)
{
	return &s->attribs[p->attr_loc[i]];
}

/* Bytes of one vertex of attribute i in its buffer (the VPM rounds them
 * up to words). */
uint32_t drv_attr_bytes(const struct vc4_prog *p, const struct drv_state *s, uint32_t i);

/* The GL shader record (FS/VS/CS code BOs, attribute records) for `v`. */
bool drv_emit_shader_record(struct vc4_ctx *ctx, struct drv_job *job, const struct vc4_prog *prog,
			    const struct drv_variant *v, bool points);

/* The FS, VS and CS uniform streams of one draw. */
bool drv_write_uniforms(struct vc4_ctx *ctx, struct drv_job *job, const struct vc4_prog *prog,
			const struct drv_variant *v);

/* One uniform stream for program `p` (user words `user`; `ubo`: the BO of
 * its shader's uniform arrays, NULL when it reads none). */
bool drv_write_uniform_stream(struct vc4_ctx *ctx, struct drv_job *job,
			      const struct vc4_compiled_stage *p, const struct drv_shader_uniforms *user,
			      struct vc4_bo *ubo);

/* The TMU config words P0 (without the BO address) and P1 of `tex`, and
 * P2: a cube map's stride, 0 for a 2D texture. */
uint32_t drv_texture_p0(const struct vc4_texture *tex);
uint32_t drv_texture_p1(const struct vc4_texture *tex);
uint32_t drv_texture_p2(const struct vc4_texture *tex);

/* ---- programs (drv_prog.c) --------------------------------------------- */

/* The variant for the current state and a draw of primitive `mode`
 * (compiling and uploading on a miss). */
/* The texture unit of a shader's sampler declaration `s` (its ordinal). */
static inline uint32_t drv_sampler_unit(const struct drv_shader_uniforms *u, uint32_t s)
{
	return s < DRV_MAX_UNITS ? u->sampler_unit[s] : s;
}

/* Fills the built-in uniforms a GLSL program declares from the draw's
 * state: gl_RenderHeight (gl_FragCoord's y flip) = the target's height. */
void drv_prog_set_builtins(struct vc4_ctx *ctx, struct vc4_prog *p);

/* vc4_prog_set_uniform_* of a GLSL program (drv_prog_glsl.c). */
bool drv_prog_set_glsl_uniform(struct vc4_prog *p, const char *name, const uint32_t *w,
			       uint32_t count);

const struct drv_variant *drv_prog_variant(struct vc4_ctx *ctx, struct vc4_prog *prog,
					   enum vc4_prim mode);

/* ---- context (drv_ctx.c) ----------------------------------------------- */

struct vc4_ctx {
	struct vc4_dev *dev;
	struct vc4_diag err;                  /* sticky: the first error not yet read */
	struct vc4_diag call_err;             /* the first error of the current call */
	char err_read[VC4_DIAG_MAX];          /* what vc4_ctx_error() last returned */
	struct vc4_diag hang;                 /* a hang vc4_finish() has not reported */
	struct drv_state state;
	VC4_ARRAY(struct drv_job *) jobs;     /* pending, one per render target */
	struct vc4_compile_cache *cache;
	struct vc4_ctx_stats stats;
	uint64_t bo_cap;
	uint64_t last_seqno;
	struct vc4_bo *dummy_vbo;             /* for shaders without attributes */
	uint32_t debug;                       /* 1 << enum drv_debug_flag, from $VC4_DEBUG */
	struct clif_spec *debug_spec;         /* the CL decoder's packets (cl), or NULL */
	uint32_t next_prog_id, next_job_id;
	uint32_t perfmon;                     /* the kernel's perfmon id while counting, or 0 */
};

/* Starts a public call: forgets the previous call's error (call_err); the
 * sticky error stays until the application reads it. */
void drv_begin(struct vc4_ctx *ctx);

/* Records an error (printf-style): the call's first, and the sticky one
 * unless an unread error is already there. Returns false. */
bool drv_error(struct vc4_ctx *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Asks the device whether a job hung (vc4_dev_check_hang). On a hang: an
 * error "GPU hang: REASON", kept for vc4_finish(), and the text is kept on
 * the textures `a` and `b` (either may be NULL), the targets the hung job
 * rendered to, for their read-back. False then. */
bool drv_check_hang(struct vc4_ctx *ctx, struct vc4_texture *a, struct vc4_texture *b);

/* The pending job for tests (NULL if none) without creating one. */
struct drv_job *drv_job_find(struct vc4_ctx *ctx, const struct vc4_texture *color);

/* ---- debug switches (drv_debug.c) -------------------------------------- */

enum drv_debug_flag {
	DRV_DEBUG_QIR, DRV_DEBUG_QPU, DRV_DEBUG_CL, DRV_DEBUG_SHADERDB, DRV_DEBUG_PERF,
	DRV_DEBUG_ALWAYS_FLUSH, DRV_DEBUG_ALWAYS_SYNC, DRV_DEBUG_COUNT
};

static inline bool drv_debugging(const struct vc4_ctx *ctx, enum drv_debug_flag f)
{
	return ctx->debug & (1u << f);
}

/* Parses $VC4_DEBUG's value (comma-separated names; NULL or "" = none)
 * into *flags. False with "VC4_DEBUG: unknown option 'x' (valid: ...)". */
bool drv_debug_parse(const char *value, uint32_t *flags, char *err, size_t size);

/* A new variant (index in prog->variants): QIR, QPU, SHADER-DB lines. */
void drv_debug_variant(const struct vc4_ctx *ctx, const struct vc4_prog *prog,
		       const struct drv_variant *v, size_t index);

/* A job about to be submitted: why (perf) and its decoded bin CL (cl). */
void drv_debug_flush(struct vc4_ctx *ctx, const struct drv_job *job, enum drv_flush_reason why);

void drv_debug_free(struct vc4_ctx *ctx);

/* ---- performance figures (drv_perf.c) ---------------------------------- */

/* Stops counting without reading: destroys the perfmon, if any. */
void drv_perf_stop(struct vc4_ctx *ctx);

/* Whether the kernel answered GET_PARAM `param` (a DRM_VC4_PARAM_SUPPORTS_*)
 * with a nonzero value; a parameter it does not know means no. */
bool drv_supports(const struct vc4_ctx *ctx, uint32_t param);

#endif
