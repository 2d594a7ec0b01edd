/*
 * pipe_internal.h: the state shared by the units of the 3D pipeline
 * (control-list walker, binner, clipper, points and lines, vertex fetch and
 * shading, rasteriser, fragment stage, TMU, tile buffer) and their entry
 * points. Not a public interface: see sim_pipe.h.
 */
#ifndef VC4_SIM_PIPE_INTERNAL_H
#define VC4_SIM_PIPE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sim/pipe/sim_pipe.h"
#include "sim/sim_qpu.h"
#include "vc4_packet_info.h"
#include "vc4_packets.h"

#define PIPE_TILE_SIZE 64          /* pixels, non-multisampled */
#define PIPE_TILE_SIZE_MS 32       /* pixels, 4x multisampled */
#define PIPE_TILE_WORDS 4096       /* per buffer: 64x64 pixels, or 32x32 x 4 samples */
#define PIPE_MAX_SAMPLES 4
#define PIPE_MAX_VARYINGS 32       /* FS varyings (the record's field is 8 bits) */
#define PIPE_MAX_ATTRS 8
#define PIPE_PROG_CACHE 16         /* decoded shader programs kept per job */
#define PIPE_PROG_MAX_WORDS 16384  /* decoded from a code address at most */
#define PIPE_MAX_TILES_X 64        /* binned frames up to 4096x4096 pixels */
#define PIPE_MAX_TILES_Y 64
#define PIPE_SUBLIST_DEPTH 2       /* Branch to Sub-list nesting */

/* Our tile-list primitive: Compressed Primitive List opcode, then three
 * little-endian u32 vertex indices (docs/pipeline.md, "The tile-list
 * format"). */
#define PIPE_TILE_PRIM_BYTES 13

/* The drawing state that state packets set; one per thread. */
struct pipe_state {
	struct VC4_CONFIGURATION_BITS cfg;
	uint32_t flat_flags;
	float vp_x, vp_y;                        /* viewport centre, pixels */
	uint32_t clip_x, clip_y, clip_w, clip_h; /* clip window, pixels */
	bool have_clip;
	struct VC4_DEPTH_OFFSET depth_offset;    /* applied with cfg.enable_depth_offset */
	float xy_scale_x, xy_scale_y;            /* Clipper XY Scaling, 1/16 pixel */
	float z_scale, z_offset;                 /* Clipper Z Scale and Offset */
	float point_size, line_width;            /* pixels */
	uint32_t prim_type;                      /* Primitive List Format (render thread) */
	uint32_t rec_addr;                       /* GL shader record, 0 = none */
	uint32_t rec_nattr;                      /* 1..8 */
	bool rec_extended;
};

/* A GL shader record, read from memory. */
struct pipe_attr {
	uint32_t addr, size, stride, vs_offset, cs_offset;
};
struct pipe_shader_rec {
	struct VC4_GL_SHADER_STATE_RECORD r;
	struct pipe_attr attr[PIPE_MAX_ATTRS];
	uint32_t nattr;
};

/* Lane loops of the pipeline compiled twice on x86-64 (AVX2, without FMA,
 * so the same bits, and the baseline), picked at load time; as SIM_CLONES
 * in src/sim/sim_lanes.h (SIM_HOST_AVX2). */
#if SIM_HOST_AVX2
#define PIPE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define PIPE_CLONES
#endif

/* Lane arrays of doubles that x86's 32-byte vectors load and store (the
 * rasteriser's barycentrics, the varyings' products) at 32 bytes there: split
 * over two cache lines they made textured 5 % slower. Elsewhere the
 * natural alignment (armhf's stack frames stay as they were). */
#if defined(__x86_64__)
#define PIPE_LANE_ALIGN _Alignas(32)
#else
#define PIPE_LANE_ALIGN
#endif

/* The 16 lanes of a QPU register written as two 32-byte stores, from src
 * (any alignment): the interpreter's AVX2 code loads a register as two
 * 32-byte vectors, and a load that spans two smaller stores still in
 * flight waits for them (no store forwarding). Only a caller compiled for
 * AVX2 (PIPE_CLONES) gets 32-byte stores. */
#if defined(__GNUC__)
typedef uint32_t pipe_v8 __attribute__((vector_size(32), aligned(4), may_alias));
static inline void pipe_store_lanes(void *dst, const void *src)
{
	const pipe_v8 *s = src;
	pipe_v8 *d = dst, a = s[0], b = s[1];
	d[0] = a;
	d[1] = b;
}
#else
static inline void pipe_store_lanes(void *dst, const void *src)
{
	memmove(dst, src, 64);
}
#endif

/* out[i] = samples[i] where cover & bit[i], else 0. On x86 whole 8-lane
 * vectors (the bytes widened by one conversion each, 32-byte stores, as
 * pipe_store_lanes()); elsewhere a loop (armhf's GCC lowers these generic
 * vectors badly). */
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
static inline void pipe_samples_lanes(const uint8_t samples[16], uint32_t cover,
				      const uint32_t bit[16], uint32_t out[16])
{
	typedef uint8_t pipe_b8 __attribute__((vector_size(8)));
	typedef uint32_t pipe_w8 __attribute__((vector_size(32)));
	const pipe_v8 *bv = (const pipe_v8 *)(const void *)bit;
	pipe_v8 *o = (pipe_v8 *)(void *)out;
	for (int h = 0; h < 2; h++) {
		pipe_b8 s8;
		memcpy(&s8, samples + 8 * h, 8);
		pipe_w8 s = __builtin_convertvector(s8, pipe_w8);
		pipe_w8 m = (pipe_w8)((bv[h] & cover) != 0);
		o[h] = s & m;
	}
}
#else
static inline void pipe_samples_lanes(const uint8_t samples[16], uint32_t cover,
				      const uint32_t bit[16], uint32_t out[16])
{
	for (uint32_t i = 0; i < 16; i++)
		out[i] = (cover & bit[i]) ? samples[i] : 0;
}
#endif

/* One shaded vertex: what the rasteriser and binner need. */
struct pipe_vertex {
	float xc, yc, zc, wc;        /* clip coordinates (CS only) */
	int32_t xs, ys;              /* screen, 12.4 fixed point, viewport-relative */
	float zs, inv_wc;
	float point_size;            /* when the record says the shader writes it */
	float vary[PIPE_MAX_VARYINGS];
	float coord[2];              /* generated varyings: point (s, t), line coordinate */
};

struct pipe_prog {
	uint32_t addr;
	struct sim_program prog;
};

/* Binner bookkeeping for one tile's list. */
struct pipe_tile_list {
	uint32_t cur, block_end;  /* write position, end of the current block */
	uint32_t state_gen;       /* pipe_bin.state_gen last written to this list */
	uint32_t prim_type;       /* Primitive List Format last written (PIPE_PRIM_NONE) */
};
#define PIPE_PRIM_NONE 0xffu

struct pipe_bin {
	bool configured, started;
	uint32_t alloc_base, alloc_end, alloc_next;
	uint32_t initial_block, block;
	uint32_t tiles_x, tiles_y;
	uint32_t tile_size;          /* pixels: PIPE_TILE_SIZE, or _MS in 4x mode */
	uint32_t state_gen;
	uint8_t state_raw[256][16];  /* last state packet of each opcode, verbatim */
	bool state_have[256];
	struct pipe_tile_list lists[PIPE_MAX_TILES_X * PIPE_MAX_TILES_Y];
};

/* Render configuration and the tile buffer. A buffer holds `size` x `size`
 * pixels of `samples` words each: word (y * size + x) * samples + s is
 * sample s of tile pixel (x, y) (pipe_tile_word()). */
struct pipe_tilebuf {
	struct VC4_TILE_RENDERING_MODE_CONFIGURATION cfg;
	bool configured;
	uint32_t size, samples;              /* 64 and 1, or 32 and 4 (multisample 4x) */
	uint32_t clear_color, clear_zs;      /* zs word: Z in bits 31..8, stencil 7..0 */
	uint32_t color[PIPE_TILE_WORDS];
	uint32_t zs[PIPE_TILE_WORDS];
	uint32_t tile_x, tile_y;
	bool have_coords;
	bool load_pending;
	struct VC4_LOAD_TILE_BUFFER_GENERAL load;
	uint32_t full_loads;                 /* pending full-resolution reloads (0..2) */
	struct VC4_RE_LOAD_FULL_RESOLUTION_TILE_BUFFER full_load[2];
	bool eof;
};

/* The index in a tile-buffer array of sample s of tile pixel (x, y). */
static inline uint32_t pipe_tile_word(const struct pipe_tilebuf *tb, uint32_t x, uint32_t y,
				      uint32_t s)
{
	return (y * tb->size + x) * tb->samples + s;
}

/* The 4x sample positions inside a pixel, in 1/16 pixel from its upper
 * left corner (rows growing downwards): docs/pipeline.md, "Multisampling". */
extern const uint8_t pipe_sample_pos[PIPE_MAX_SAMPLES][2];

struct pipe_pool;
struct pipe_item;

struct sim_pipe {
	struct sim_memory *mem;
	struct vc4_diag *diag;
	struct sim_pipe_stats stats;
	uint64_t inst_limit;
	struct sim_shared shared;
	/* runs every shader, one at a time; at a 64-byte boundary (the
	 * struct is allocated so, sim_pipe_create()) so that the run loop's
	 * 32-byte register loads and stores never straddle a cache line */
	_Alignas(64) struct sim_qpu qpu;
	struct pipe_prog progs[PIPE_PROG_CACHE];
	uint32_t nprogs;
	uint32_t semaphore;
	struct pipe_state bin_state, render_state;
	struct pipe_bin bin;
	struct pipe_tilebuf tb;
	/* Binner overflow memory (BPOA/BPOS), kept across jobs: the next free
	 * byte and the bytes left; refilled through the OUTOMEM hook. */
	uint32_t ovf_addr, ovf_left;
	sim_pipe_outomem_fn outomem;
	void *outomem_ctx;
	struct sim_pipe_tmu_options tmu_opt;  /* zero: the defaults */
	/* Tiles on host threads (pipe_render.c, pipe_pool.c): how many, the
	 * pool (made on the first job), recycled work items. */
	unsigned threads;
	struct pipe_pool *pool;
	struct pipe_item *free_items;
	/* The binner's shaded vertices of a draw (pipe_bin.c), kept across
	 * draws and jobs so that a large draw does not map fresh pages. */
	struct pipe_vertex *bin_verts;
	uint32_t bin_verts_cap;
	/* The VPM rows the last vertex fetch wrote (pipe_vertex.c): with
	 * shared.rows_written, the rows that may be nonzero. */
	uint64_t vpm_fetched;
	/* The last shader record read (pipe_read_shader_rec()): its bytes, its
	 * form, and what they unpacked to; used again while they are equal. */
	uint8_t rec_raw[VC4_GL_SHADER_STATE_RECORD_length + 12 * PIPE_MAX_ATTRS];
	uint32_t rec_raw_size, rec_raw_nattr;
	bool rec_raw_extended, rec_raw_valid;
	struct pipe_shader_rec rec_cached;
	/* The thread's float mode (sim_qpu_fpu_mode()) while fpu_known: read
	 * once per work item, passed to each run (pipe_shader_run()). */
	unsigned fpu_mode;
	bool fpu_known;
	bool time_runs;   /* sim_pipe_set_run_timing(): each run timed */
};

/* pipe_cl.c: the control-list threads' common parts. */
struct pipe_thread {
	const char *name;
	uint32_t pc, end;
	uint32_t ret[PIPE_SUBLIST_DEPTH];
	uint32_t depth;
	bool halted;
};
/* The step limit guards against control lists that loop through branches. */
#define PIPE_MAX_PACKETS 16000000u
/* Reads the packet at t->pc into buf (128 bytes, zero-padded); sets *len. */
bool pipe_fetch_packet(struct sim_pipe *p, struct pipe_thread *t, uint8_t *buf, uint32_t *len);
/* Branch, sub-list call and return, halt, nop: 1 when handled, 0 when not
 * a flow packet, -1 on error. */
int pipe_flow_packet(struct sim_pipe *p, struct pipe_thread *t, const uint8_t *pkt, uint32_t len);
/* Prefixes p->diag (set by a unit) with the thread and packet; false. */
bool pipe_packet_error(struct sim_pipe *p, const struct pipe_thread *t, uint8_t op);
/* A tile-list primitive into the current tile (render thread). */
bool pipe_render_primitive(struct sim_pipe *p, const uint8_t *pkt);
void pipe_drop_programs(struct sim_pipe *p);
void pipe_add_stats(struct sim_pipe_stats *dst, const struct sim_pipe_stats *src);

/* pipe_render.c: the render thread cut into work items run on host
 * threads (docs/pipeline.md, "Tiles on host threads"). An item is the
 * packets from one Tile Coordinates on, with the state it starts from. */
#define PIPE_ITEM_KEYS 8
struct pipe_item {
	struct pipe_item *next;         /* the pool's queue */
	struct pipe_item *next_job;     /* the walker's list, in order */
	bool done;                      /* set by the pool */
	bool ok;
	uint64_t seq;
	uint32_t walked;                /* render packets walked (to the failing one) */
	uint32_t nkeys;
	uint64_t keys[PIPE_ITEM_KEYS][2];  /* [lo, hi): memory, or tile coordinates */
	bool wide;                      /* more keys than that: conflicts with all */
	uint32_t fill_color, fill_zs;   /* the tile buffer's contents at the start */
	struct vc4_diag diag;
	struct sim_pipe_stats stats;
	struct pipe_state state;        /* render state at the start */
	uint8_t *pkts;                  /* recorded packets: u32 address, u8 length, bytes */
	uint32_t len, cap;
	struct pipe_tilebuf tb;         /* the tile buffer at the start (arrays: fill_*) */
};
bool pipe_render_run(struct sim_pipe *p, uint32_t ct1ca, uint32_t ct1ea);
void pipe_item_execute(struct sim_pipe *e, struct pipe_item *it);
void pipe_items_release(struct sim_pipe *p);
struct sim_pipe *pipe_executor_create(void);
void pipe_executor_destroy(struct sim_pipe *e);

/* pipe_pool.c: the host threads. pipe_pool_get() makes or resizes p's
 * pool to `threads` executors (the caller is executor 0). Without pool
 * threads, submit runs the item at once on executor 0. */
unsigned pipe_default_threads(void);
struct pipe_pool *pipe_pool_get(struct sim_pipe *p, unsigned threads);
void pipe_pool_destroy(struct pipe_pool *pool);
unsigned pipe_pool_executors(const struct pipe_pool *pool);
/* Makes executors 0..n-1 (no threads yet); returns how many there are. */
unsigned pipe_pool_make_executors(struct pipe_pool *pool, unsigned n);
struct sim_pipe *pipe_pool_executor(struct pipe_pool *pool, unsigned i);
void pipe_pool_submit(struct pipe_pool *pool, struct pipe_item *it);
void pipe_pool_wait_item(struct pipe_pool *pool, const struct pipe_item *it);
bool pipe_pool_is_done(struct pipe_pool *pool, const struct pipe_item *it);

/* pipe_cl.c (packet lengths and names: vc4_packet_info.h). */
bool pipe_state_packet(struct pipe_state *s, const uint8_t *pkt);

/* pipe_vertex.c */
bool pipe_read_shader_rec(struct sim_pipe *p, const struct pipe_state *s,
			  struct pipe_shader_rec *rec);
const struct sim_program *pipe_program(struct sim_pipe *p, uint32_t addr);
/* Prepares `q` to run shader `code` with uniforms from memory at `unif`
 * (the caller then sets payloads, VPM segments, pixel coordinates). */
bool pipe_shader_init(struct sim_pipe *p, uint32_t code, uint32_t unif,
		      const struct sim_qpu_hooks *hooks, struct sim_qpu *q);
/* Runs `q` to its thread end; `stage` and `code` name it in errors; adds
 * its instructions to *counter, one to p->stats.qpu_runs and, with run
 * timing on (p->time_runs), the run's sim_pipe_run_clock() ticks to *ticks. */
bool pipe_shader_run(struct sim_pipe *p, const char *stage, uint32_t code, struct sim_qpu *q,
		     uint64_t *counter, uint64_t *ticks);
/* Shades n (1..16) vertices with the coordinate shader (coord) or the vertex
 * shader. Fills out[0..n-1]. */
bool pipe_shade(struct sim_pipe *p, const struct pipe_shader_rec *rec, bool coord,
		const uint32_t *index, uint32_t n, struct pipe_vertex *out);

/* pipe_bin.c: binning-thread packets. */
bool pipe_bin_packet(struct sim_pipe *p, const uint8_t *pkt, uint32_t addr);
bool pipe_bin_flush(struct sim_pipe *p);
/* Remembers a state packet for copying into the tile lists. */
void pipe_bin_note_state(struct sim_pipe *p, const uint8_t *pkt);

/* pipe_clip.c. A vertex of a clipped polygon: its weights of the original
 * three vertices and its screen values. */
struct pipe_clip_vert {
	int32_t xs, ys;   /* 12.4, viewport-relative */
	float zs, inv_wc;
	float b[3];
};
_Static_assert(sizeof(struct pipe_clip_vert) == 28, "7 words in a tile list");
#define PIPE_CLIP_MAX_VERTS 9
enum pipe_clip_result { PIPE_CLIP_REJECT, PIPE_CLIP_ACCEPT, PIPE_CLIP_CLIPPED };
/* Classifies a triangle (clip coordinates from the CS); for
 * PIPE_CLIP_CLIPPED fills poly[0..*n-1] (at most PIPE_CLIP_MAX_VERTS), a
 * convex polygon in the triangle's order. Without `clipping` accepts. */
enum pipe_clip_result pipe_clip(const struct pipe_state *s, bool clipping,
				const struct pipe_vertex *v[3], struct pipe_clip_vert *poly,
				uint32_t *n);
/* Whether a triangle with these 12.4 screen coordinates survives the zero
 * area test and (with `cull`) face culling. */
bool pipe_face_keep(const struct pipe_state *s, bool cull, const int32_t x[3], const int32_t y[3]);
/* Whether a triangle with these 12.4 screen coordinates faces forward (the
 * Clockwise Primitives bit); zero area counts as reverse. */
bool pipe_forward_facing(const struct pipe_state *s, const int32_t x[3], const int32_t y[3]);

/* A line (clip coordinates from the CS) against the planes of pipe_clip();
 * for PIPE_CLIP_CLIPPED fills its two new endpoints (weights of a and b). */
enum pipe_clip_result pipe_clip_line(const struct pipe_state *s, bool clipping,
				     const struct pipe_vertex *a, const struct pipe_vertex *b,
				     struct pipe_clip_vert e[2]);
/* Whether a point's vertex is inside the z and w planes. */
bool pipe_clip_vertex_inside(const struct pipe_vertex *v);

/* pipe_lines.c: points and lines as screen quads. The point size of v (the
 * shader's when the record says it writes one, else the state's); the 4
 * corners (12.4, viewport-relative, polygon order from the upper left) of a
 * point of `size` pixels centred on v, or of the line a-b `width` pixels
 * wide (false for zero length). */
float pipe_point_size(const struct pipe_state *s, const struct pipe_shader_rec *rec,
		      const struct pipe_vertex *v);
void pipe_point_corners(const struct pipe_vertex *v, float size, int32_t x[4], int32_t y[4]);
bool pipe_line_corners(int32_t ax, int32_t ay, int32_t bx, int32_t by, float width, int32_t x[4],
		       int32_t y[4]);
/* Render thread: rasterises the point v, or the line a-b (whose coord[0]
 * is each endpoint's line coordinate), into the current tile. */
bool pipe_draw_point(struct sim_pipe *p, const struct pipe_state *s,
		     const struct pipe_shader_rec *rec, const struct pipe_vertex *v);
bool pipe_draw_line(struct sim_pipe *p, const struct pipe_state *s,
		    const struct pipe_shader_rec *rec, const struct pipe_vertex *a,
		    const struct pipe_vertex *b);

/* Our clipped tile-list primitive: opcode 49, three u32 indices, then three
 * struct pipe_clip_vert images (7 words each). */
#define PIPE_TILE_CLIPPED_BYTES (1 + 12 + 3 * 28)

/* pipe_raster.c + pipe_fragment.c: one triangle into the current tile. */
bool pipe_draw_triangle(struct sim_pipe *p, const struct pipe_state *s,
			const struct pipe_shader_rec *rec, const struct pipe_vertex *v[3]);

/* A 4x4-pixel block handed from the rasteriser to the fragment stage: lane i
 * is pixel (x0 + pipe_lane_x(i), y0 + pipe_lane_y(i)), four 2x2 quads. */
struct pipe_frag_block {
	uint32_t x0, y0;          /* frame pixel of lane 0 */
	uint16_t cover;           /* lanes inside the triangle */
	uint8_t samples[16];      /* per lane: the samples covered (bit s = sample s) */
	bool reverse;             /* a reverse-facing triangle (points, lines: false) */
	/* screen-space barycentrics: [vertex][lane]; on x86 each row at 32
	 * bytes (PIPE_LANE_ALIGN) */
	PIPE_LANE_ALIGN double lambda[3][16];
	uint32_t z24[16];         /* interpolated depth, 24 bits */
	float w[16];              /* perspective W payload (ra15) */
};
/* double to float without leaving float's range (NaN stays NaN): beyond
 * +-3.4e38, +-3.4e38f. */
static inline float pipe_to_float(double v)
{
	return v > 3.4e38 ? 3.4e38f : v < -3.4e38 ? -3.4e38f : (float)v;
}
/* pipe_to_float() of 16 lanes into 16 floats at out, as two loops: the clamp in
 * doubles to the float's exact value (so a clamped lane converts exactly in
 * every rounding mode: the same bits), then the conversion, so that GCC
 * vectorises them without narrowing double masks to float ones. */
static inline void pipe_to_float16(double v[16], void *out)
{
	const double lim = (double)3.4e38f;
	float f[16];
	for (uint32_t i = 0; i < 16; i++) {
		double c = v[i] > 3.4e38 ? lim : v[i];
		v[i] = c < -3.4e38 ? -lim : c;
	}
	for (uint32_t i = 0; i < 16; i++)
		f[i] = (float)v[i];
	pipe_store_lanes(out, f);
}
/* The set bits of a 16-lane mask (v < 2^16), inline: __builtin_popcount
 * is a libgcc call on baseline x86-64. */
static inline uint32_t pipe_pop16(uint32_t v)
{
	v = v - ((v >> 1) & 0x5555u);
	v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
	v = (v + (v >> 4)) & 0x0f0fu;
	return (v + (v >> 8)) & 0x1fu;
}
static inline uint32_t pipe_lane_x(uint32_t i) { return ((i >> 2) & 1) * 2 + (i & 1); }
static inline uint32_t pipe_lane_y(uint32_t i) { return (i >> 3) * 2 + ((i >> 1) & 1); }

/* The compare functions of the depth and stencil tests: `a` is the
 * fragment's value (its Z, the stencil reference), `b` the tile buffer's. */
static inline bool pipe_compare(enum vc4_compare_function f, uint32_t a, uint32_t b)
{
	switch (f) {
	case VC4_COMPARE_FUNCTION_NEVER: return false;
	case VC4_COMPARE_FUNCTION_LESS: return a < b;
	case VC4_COMPARE_FUNCTION_EQUAL: return a == b;
	case VC4_COMPARE_FUNCTION_LESS_OR_EQUAL: return a <= b;
	case VC4_COMPARE_FUNCTION_GREATER: return a > b;
	case VC4_COMPARE_FUNCTION_NOT_EQUAL: return a != b;
	case VC4_COMPARE_FUNCTION_GREATER_OR_EQUAL: return a >= b;
	default: return true;
	}
}

/* pipe_stencil.c: one face's stencil configuration, as the fragment
 * shader's tlb_stencil_setup words set it (docs/pipeline.md, "Stencil"). */
enum pipe_stencil_outcome { PIPE_STENCIL_FAIL, PIPE_STENCIL_ZFAIL, PIPE_STENCIL_ZPASS };
struct pipe_stencil_face {
	uint8_t func;                /* enum vc4_compare_function */
	uint8_t ref, value_mask, write_mask;
	uint8_t op[3];               /* enum vc4_stencil_operation per outcome */
};
/* Both faces (0 forward, 1 reverse) as a run starts: the test always
 * passes and every operation keeps the stencil. */
void pipe_stencil_reset(struct pipe_stencil_face face[2]);
/* Applies one tlb_stencil_setup word to the faces it selects. */
void pipe_stencil_setup(struct pipe_stencil_face face[2], uint32_t word);
bool pipe_stencil_test(const struct pipe_stencil_face *f, uint8_t stencil);
/* The stencil after the outcome's operation, through the write mask. */
uint8_t pipe_stencil_update(const struct pipe_stencil_face *f, enum pipe_stencil_outcome o,
			    uint8_t stencil);

/* pipe_fragment.c: runs the FS on one block and writes the tile buffer;
 * early Z narrows b's cover and samples (the caller's block is spent). */
bool pipe_fragment_block(struct sim_pipe *p, const struct pipe_state *s,
			 const struct pipe_shader_rec *rec, const struct pipe_vertex *v[3],
			 struct pipe_frag_block *b);

/* pipe_tmu.c (with pipe_tmu_texel.c, pipe_tmu_filter.c): a texture request
 * of the QPU q: its parameter writes in write order, each with its
 * configuration uniform (w[n - 1] is s). */
bool pipe_tmu_sample(struct sim_pipe *p, struct sim_qpu *q, const struct sim_tmu_write *w,
		     unsigned n, uint32_t result[16], struct vc4_diag *diag);

/* pipe_tile.c */
void pipe_tile_reset(struct pipe_tilebuf *tb);
bool pipe_tile_packet(struct sim_pipe *p, const uint8_t *pkt);

#endif
