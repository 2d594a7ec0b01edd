/*
 * sim_pipe.h: the simulator's 3D pipeline: executes a validated job (bin
 * control list on thread 0, render control list on thread 1) over the GPU's
 * memory, running coordinate, vertex and fragment shaders on the QPU
 * interpreter, and writes the rendered tiles to memory.
 *
 * The model, what is exact and what is approximated, and the tile-list format
 * the binner writes: docs/pipeline.md.
 */
#ifndef VC4_SIM_PIPE_H
#define VC4_SIM_PIPE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim_memory.h"
#include "util/diag.h"

/* What one job did (counts, and the time inside shader runs when asked
 * for: sim_pipe_set_run_timing()). Added to, never reset by the pipeline:
 * zero it before the job to get that job's figures. */
struct sim_pipe_stats {
	uint64_t bin_packets, render_packets;   /* control-list packets executed */
	uint64_t cs_vertices, vs_vertices;      /* vertices shaded per stage */
	uint64_t primitives_in;                 /* triangles assembled by the binner */
	uint64_t primitives_culled;             /* dropped: facing, clipping, zero area */
	uint64_t primitives_binned;             /* kept and written to >= 1 tile list */
	uint64_t primitives_clipped;            /* cut by the clipper into new vertices */
	uint64_t tile_primitives;               /* triangles rasterised (per tile) */
	uint64_t fragments_shaded;              /* covered pixels sent to the FS */
	uint64_t quads_shaded;                  /* 2x2 quads with >= 1 covered pixel */
	uint64_t quads_written;                 /* quads with >= 1 colour written */
	uint64_t texture_requests;              /* TMU texture lookups (16 lanes each) */
	uint64_t fragments_stencil_failed;      /* covered pixels the stencil test rejected */
	uint64_t fragments_depth_failed;        /* covered pixels the depth test rejected */
	uint64_t fragments_written;             /* pixels whose colour reached the tile buffer */
	uint64_t tiles_stored;                  /* tile stores to memory */
	uint64_t qpu_instructions_cs, qpu_instructions_vs, qpu_instructions_fs;
	uint64_t bin_overflow_blocks;           /* tile-list blocks taken from overflow memory */
	uint64_t bin_outomem;                   /* OUTOMEM requests the hook granted */
	uint64_t raster_edge_tests;             /* pixel centres and sample positions tested
						 * against a triangle's three edges */
	uint64_t qpu_runs;                      /* shader runs (all stages) */
	/* Host time inside the shader runs of each stage (the interpreter
	 * with its hooks: varyings, TMU, tile buffer) in sim_pipe_run_clock()
	 * ticks, summed over the host threads; 0 unless run timing is on. Not
	 * deterministic. */
	uint64_t qpu_run_ticks_cs, qpu_run_ticks_vs, qpu_run_ticks_fs;
	/* With run timing on, the render side's work items (the tiles, on
	 * whichever thread): their time in sim_pipe_run_clock() ticks and
	 * their threads' CPU time in nanoseconds, so that under load the runs'
	 * share of the items' time can be taken of CPU time. */
	uint64_t item_ticks, item_cpu_ns;
};

struct sim_pipe;

/* A pipeline with its tile buffer and shader cache; NULL when out of memory. */
struct sim_pipe *sim_pipe_create(void);
void sim_pipe_destroy(struct sim_pipe *p);

/* Instruction limit per shader run (default 1,000,000): a shader that does
 * not end within it stops the job with an error. */
void sim_pipe_set_instruction_limit(struct sim_pipe *p, uint64_t limit);

/* Host threads rendering the tiles of a job (docs/pipeline.md, "Tiles on
 * host threads"): 0 = the default, $VC4_SIM_THREADS when set, else the
 * host's cores. Pixels, counters and errors are the same for any count. */
void sim_pipe_set_threads(struct sim_pipe *p, unsigned threads);

/* Run timing: when on, every shader run is timed with two reads of
 * sim_pipe_run_clock() into the stats' qpu_run_ticks_*. Default: on when
 * $VC4_SIM_TIME_RUNS is set to a nonzero number at sim_pipe_create(), else
 * off (then no clock is read). Pixels and the other counters do not change. */
void sim_pipe_set_run_timing(struct sim_pipe *p, bool on);
/* The clock of run timing: on x86 the time-stamp counter (rdtsc, a third to
 * half the cost of a CLOCK_MONOTONIC read), elsewhere CLOCK_MONOTONIC in
 * nanoseconds. Its rate is the caller's to measure against CLOCK_MONOTONIC
 * over a long interval (bench/bench_frame.c does). */
uint64_t sim_pipe_run_clock(void);

/* Widths of the TMU's arithmetic (docs/pipeline.md, "Texture precision"):
 * the sub-texel position that weighs the texels of a bilinear lookup, and
 * the fraction of the level of detail that chooses and blends mip levels.
 * SIM_TMU_FRAC_8BIT (default) keeps 8 fraction bits, rounding down;
 * SIM_TMU_FRAC_EXACT computes in double precision. */
enum sim_tmu_frac { SIM_TMU_FRAC_8BIT, SIM_TMU_FRAC_EXACT };
struct sim_pipe_tmu_options {
	enum sim_tmu_frac weights;
	enum sim_tmu_frac lod;
};
void sim_pipe_set_tmu_options(struct sim_pipe *p, const struct sim_pipe_tmu_options *opt);

/* Binner overflow memory (the BPOA/BPOS registers): when the tile
 * allocation memory of the binning configuration is exhausted, the binner
 * takes further tile-list blocks from [bpoa, bpoa + bpos). The pipeline keeps
 * what is left of it across jobs. sim_pipe_create() starts with none. */
void sim_pipe_set_overflow(struct sim_pipe *p, uint32_t bpoa, uint32_t bpos);

/* OUTOMEM: called when the overflow memory has less than one block left.
 * The hook gives new overflow memory with sim_pipe_set_overflow() and
 * returns true, or returns false with `diag` saying why (the job then stops
 * with that error). `ctx` is passed back; fn NULL = no hook (the job stops
 * with "binner out of memory"). */
typedef bool (*sim_pipe_outomem_fn)(struct sim_pipe *p, void *ctx, struct vc4_diag *diag);
void sim_pipe_set_outomem(struct sim_pipe *p, sim_pipe_outomem_fn fn, void *ctx);

/* Runs one job: the bin CL [ct0ca, ct0ea) (skipped when ct0ca == ct0ea), then
 * the render CL [ct1ca, ct1ea). Returns false with `diag` naming the thread,
 * the packet address and what went wrong; memory written until then stays
 * written. `stats` may be NULL. */
bool sim_pipe_run_job(struct sim_pipe *p, struct sim_memory *mem, uint32_t ct0ca, uint32_t ct0ea,
		      uint32_t ct1ca, uint32_t ct1ea, struct sim_pipe_stats *stats,
		      struct vc4_diag *diag);

#endif
