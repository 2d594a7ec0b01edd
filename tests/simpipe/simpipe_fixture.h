/*
 * simpipe_fixture.h: builds whole jobs for the 3D pipeline tests directly as
 * a memory image: shaders assembled from text, a GL shader record with one
 * attribute array, a bin CL and the RCL the kernel would generate (with an
 * optional raster Z/S load and store, and for a 4x multisampled job the
 * full-resolution reload and dumps), all packed with the generated
 * vc4_packets.h functions; then runs sim_pipe_run_job().
 */
#ifndef VC4_TESTS_SIMPIPE_FIXTURE_H
#define VC4_TESTS_SIMPIPE_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/pipe/sim_pipe.h"
#include "util/diag.h"
#include "vc4_packets.h"

/* Memory layout (GPU addresses). */
#define FX_BASE 0x00400000u
#define FX_SIZE 0x00100000u
#define FX_CS (FX_BASE + 0x1000)
#define FX_VS (FX_BASE + 0x2000)
#define FX_FS (FX_BASE + 0x3000)
#define FX_UNIF (FX_BASE + 0x4000)
#define FX_REC (FX_BASE + 0x5000)
#define FX_VERTS (FX_BASE + 0x6000)
#define FX_BCL (FX_BASE + 0x8000)
#define FX_RCL (FX_BASE + 0x9000)
#define FX_ALLOC (FX_BASE + 0x10000)
#define FX_ALLOC_SIZE 0x40000u
#define FX_TSDA (FX_BASE + 0x50000)
#define FX_FB (FX_BASE + 0x60000)

/* A vertex as the tests' shaders read it: screen position in pixels, depth
 * 0..1 and an RGB colour 0..1. */
struct fx_vertex {
	float x, y, z, r, g, b;
};

/* A draw: triangles (mode 4) from fx_vertex arrays. */
struct fx_job {
	struct sim_memory mem;
	uint32_t width, height;         /* frame in pixels */
	uint32_t tiles_x, tiles_y;
	uint32_t clear_color, clear_z;  /* clear_z: 24 bits */
	uint8_t clear_s;                /* the stencil clear */
	uint32_t zs_load, zs_store;     /* raster Z/S images loaded / stored per tile (0: none) */
	bool clockwise;                 /* Configuration Bits' Clockwise Primitives */
	enum vc4_compare_function depth_func;
	bool z_updates;
	bool early_z;                   /* Configuration Bits' Early Z enable and updates */
	float offset_factor, offset_units; /* Depth Offset, enabled when either is nonzero */
	const char *fs;                 /* FS assembly (default: interpolated colour) */
	const char *vs;                 /* VS assembly (default: 1/Wc = 1, varyings r g b) */
	const char *cs;                 /* CS assembly (default: Xc Yc Zc Wc = 0 0 0 1) */
	bool clipping;                  /* record's Enable Clipping + Clipper packets */
	float xy_scale;                 /* Clipper XY Scaling (both), 1/16 pixel */
	float vp_x, vp_y;               /* Viewport Offset */
	uint32_t vert_words;            /* attribute words per vertex */
	enum vc4_primitive_mode mode;   /* of the draw (default triangles) */
	float point_size, line_width;   /* Point Size / Line Width packets when nonzero */
	uint32_t flat_flags;            /* Flat Shade Flags packet when nonzero */
	uint32_t fs_unif[8];            /* FS uniforms */
	bool msaa;                      /* 4x multisample tile buffer, 32-pixel tiles (fx_msaa) */
	uint32_t oversample;            /* Configuration Bits' Rasteriser Oversample Mode */
	uint32_t ms_load;               /* full-resolution colour reload per tile (0: none) */
	uint32_t ms_store, ms_zs_store; /* full-resolution colour / Z/S dumps per tile (0: none) */
	uint32_t bcl_end, rcl_end;
	struct sim_pipe_stats stats;
	struct vc4_diag diag;
};

/* Sets the defaults and allocates the memory (zero). */
void fx_init(struct fx_job *j, uint32_t width, uint32_t height);
/* Makes the job 4x multisampled (both configurations, 32-pixel tiles, the
 * resolved store decimating 4x) with the 4x rasteriser oversample mode. The
 * full-resolution tile (x, y) is at base + (y * tiles_x + x) * FX_FULL_RES. */
void fx_msaa(struct fx_job *j);
#define FX_FULL_RES 16384u
void fx_fini(struct fx_job *j);
uint8_t *fx_ptr(struct fx_job *j, uint32_t addr);

/* Writes shaders, record, `n` vertices and both CLs (one Vertex Array
 * Primitives packet of `n` vertices in triangle mode). */
void fx_build(struct fx_job *j, const struct fx_vertex *v, uint32_t n);
/* The same with `words` float attributes per vertex. */
void fx_build_raw(struct fx_job *j, const float *data, uint32_t words, uint32_t n);
/* An RCL only: clear and store every tile (no binning). */
void fx_build_clear_only(struct fx_job *j);
bool fx_run(struct fx_job *j);
/* fx_run() for a job that must succeed: fails the test with the pipeline's
 * message otherwise. */
void fx_run_ok(struct fx_job *j);
/* Assembles `text` to GPU address `addr`. */
void fx_put_code(struct fx_job *j, uint32_t addr, const char *text);
/* Pixel (x, y) of the RGBA8888 raster frame buffer as its 32-bit word. */
uint32_t fx_pixel(struct fx_job *j, uint32_t x, uint32_t y);

/* A VS writing the vertex's b as 1/Wc (varyings r, g, b as usual). */
extern const char fx_vs_persp[];

/* Packs one packet at GPU address *at and advances it. */
#define EMIT(j, at, NAME, ...) do { \
		struct VC4_##NAME v_ = { VC4_##NAME##_header, __VA_ARGS__ }; \
		assert_int_equal(VC4_##NAME##_pack(NULL, fx_ptr(j, *(at)), &v_), 0); \
		*(at) += VC4_##NAME##_length; \
	} while (0)
#define ADDR(a) { .bo = NULL, .offset = (a) }

/* Byte offset of pixel (x, y) in a 32-bit T-format image `width` pixels
 * wide (a multiple of 32), computed independently of the simulator. */
uint32_t fx_t_offset(uint32_t width, uint32_t x, uint32_t y);

/* FS programs. */
extern const char fx_fs_uniform_color[]; /* colour = uniform 0 */
/* Discard as Mesa does it: Z (rb15) and colour (uniform 0) written with
 * .zc after `and.sf nop, elem_num, 1`, so even lanes are discarded. */
extern const char fx_fs_discard_even[];
extern const char fx_fs_vary_color[];
/* fx_fs_vary_color after reading the varyings the hardware generates for a
 * point (s, t) or a line (its coordinate). */
extern const char fx_fs_point_color[];
extern const char fx_fs_line_color[];
/* colour = TMU0 sample at (varying 0, varying 1); uniforms P0, P1 */
extern const char fx_fs_texture[];    /* colour = 3 interpolated varyings, alpha 0xff */

#endif
