/*
 * sim_validate.h: the simulated kernel's SUBMIT_CL validator, shared by its
 * files: the per-job validator state, the binner memory, and the steps
 *   sim_validate_bcl()         bin CL walk and relocation  (sim_validate_bcl.c)
 *   sim_validate_shader_recs() shader records + uniforms  (sim_validate_rec.c)
 *   sim_validate_reloc_tex()   one texture sample           (sim_validate_tex.c)
 *   sim_rcl_generate()         surfaces and the render CL   (sim_rcl.c)
 * run in that order by sim_kernel_validate_submit() (sim_validate_job.c);
 * the binner slots (sim_binner.c) and BO lookups (sim_exec.c) they share.
 *
 * The rules, their order and their messages are the Linux vc4 driver's
 * (vc4_validate.c, vc4_render_cl.c); where the kernel is defective the
 * simulator rejects instead (docs/validation.md lists each divergence).
 * Every message says where (CL byte offset and packet, shader record and
 * shader, or RCL surface) and why, with the numbers compared.
 */
#ifndef VC4_SIM_VALIDATE_H
#define VC4_SIM_VALIDATE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_kernel_job.h"

/* The binner memory: one 16 MiB kernel BO cut into 32 slots of 512 KiB; a
 * job with a bin CL holds one slot (tile state + tile lists) until it ends.
 * When the binner runs out of tile allocation memory (OUTOMEM) one more
 * slot becomes its overflow memory (docs/validation.md, "Binner memory"). */
#define SIM_BIN_SLOT_SIZE (512u * 1024u)
#define SIM_BIN_SLOTS 32u
#define SIM_BIN_BO_SIZE (SIM_BIN_SLOTS * SIM_BIN_SLOT_SIZE)
#define SIM_TILE_STATE_SIZE 48u   /* bytes of tile state data per tile */
#define SIM_TILE_LIST_BLOCK 32u   /* initial tile list block per tile */
#define SIM_FULL_RES_TILE_SIZE 16384u /* 32x32 pixels x 4 samples x 4 bytes */

/* The binner BO of one simulated kernel (k->binner). It exists while at
 * least one slot is held (like the kernel's bin BO, which is freed when
 * V3D powers down idle): by a job, or as the current overflow memory. */
struct sim_binner {
	uint32_t paddr; /* GPU address of the 16 MiB BO */
	uint32_t used;  /* bit i: slot i is held by a job or is the overflow slot */
	uint32_t overflow; /* bit of the slot the pipeline's BPOA/BPOS point into
			    * (0 = none); kept across jobs until another
			    * OUTOMEM replaces it or the kernel is destroyed */
};

/* One GL_SHADER_STATE packet met in the bin CL. */
struct sim_shader_state {
	uint32_t addr;      /* the packet's low 4 bits: attribute count | extended */
	uint32_t max_index; /* highest vertex index the following primitives use */
};

/* Validator state of one job, kept (as job->validated.priv) until the job
 * is finished so the pipeline can run the validated CLs. */
struct sim_exec {
	struct sim_kernel *k;  /* the kernel: arena, memory, binner */
	struct sim_job *job;   /* the job: args, BO list, copied-in user buffers */

	/* exec BO: validated bin CL, shader records, uniforms (kernel memory) */
	uint32_t exec_paddr;   /* GPU address; 0 = none */
	uint32_t exec_size;    /* bytes allocated (page multiple) */
	uint8_t *exec_v;       /* host view of it */
	uint32_t shader_rec_offset; /* exec BO offset of the first validated record */
	uint32_t uniforms_offset;   /* exec BO offset of the first validated uniform */

	/* bin CL walk: structure rules (section c of the kernel notes) */
	uint32_t pkt_offset;   /* user CL offset of the packet being checked */
	uint8_t pkt_op;        /* its opcode, for messages */
	uint32_t bin_len_v;    /* validated bytes emitted (GEM_HANDLES not copied) */
	bool found_binning_config;  /* TILE_BINNING_MODE_CONFIG seen (once, first) */
	bool found_start_binning;   /* START_TILE_BINNING seen (once) */
	bool found_increment_semaphore; /* INCREMENT_SEMAPHORE at size-2 seen */
	bool found_flush;      /* FLUSH as the last byte seen */
	uint8_t bin_tiles_x, bin_tiles_y; /* binning config; RCL tiles must be below */
	int bin_slot;          /* held binner slot, -1 = none */
	uint32_t overflow_slots; /* former overflow slots handed to this job: freed
				  * with bin_slot when it completes */
	uint32_t tile_alloc_paddr; /* start of the tile lists in the slot */
	uint32_t bo_index[2];  /* GEM_HANDLES slots; [0] = index buffer */

	/* shader states from GL_SHADER_STATE, validated after the bin CL */
	struct sim_shader_state *shader_state; /* min(shader_rec_count, packets that
						* fit the bin CL) entries */
	uint32_t shader_state_count;  /* used so far */
	uint32_t shader_rec_next;     /* exec BO offset for the next record (bin CL walk) */

	/* shader record walk: cursors into the user streams and the exec BO */
	uint32_t rec_u;        /* bytes of job->shader_rec consumed */
	uint32_t rec_v;        /* exec BO offset of the next validated record */
	uint32_t uni_u;        /* bytes of job->uniforms consumed (defect 2) */
	uint32_t uni_v;        /* exec BO offset of the next validated uniform */

	/* render CL (kernel memory) */
	uint32_t rcl_paddr, rcl_size; /* 0 = none */
};

/* The BO at `index` of the job's list for a non-shader use: the kernel's
 * vc4_use_bo(). NULL with "BO index %d greater than BO count %d" or "Trying
 * to use shader BO as something other than a shader" (after `where`). */
struct sim_bo *sim_exec_use_bo(struct sim_exec *e, uint32_t index, const char *where,
			       struct vc4_diag *diag);

/* Takes / releases a binner slot (the BO is created on first use and freed
 * when no slot is held). Taking fails with the reason in diag, also when
 * every slot is held (sim_kernel_make_bin_slot() may free one first). */
bool sim_binner_full(const struct sim_kernel *k);
bool sim_binner_get_slot(struct sim_exec *e, struct vc4_diag *diag);
void sim_binner_put_slot(struct sim_exec *e);
/* Gives the current overflow slot back and frees the binner BO if nothing
 * else holds it: at kernel destruction, after every job has completed. */
void sim_binner_fini(struct sim_kernel *k);
/* OUTOMEM from the pipeline running job `ctx` (a struct sim_exec; the
 * kernel's overflow memory worker): takes a free slot as the new overflow
 * memory, hands the previous overflow slot to the job to free when it
 * completes, and points BPOA/BPOS at the new slot. No free slot: the job
 * stops (hangs). */
bool sim_binner_outomem(struct sim_pipe *p, void *ctx, struct vc4_diag *diag);

/* Walks and relocates the bin CL into the exec BO; sets ct0ca/ct0ea. */
bool sim_validate_bcl(struct sim_exec *e, struct vc4_diag *diag);

/* Bytes of a GL shader record whose GL_SHADER_STATE packet carries `bits`
 * (attribute count, 0 = 8, | extended << 3). */
uint32_t sim_gl_shader_rec_size(uint32_t bits);

/* Validates every shader state's record, uniforms and attributes. */
bool sim_validate_shader_recs(struct sim_exec *e, struct vc4_diag *diag);

/* The kernel's vc4_check_tex_size(): a width x height surface of `cpp`
 * bytes per pixel in `tiling` (enum vc4_tiling_format; padded as
 * src/tiling says) at `offset` must fit in `bo` (and, ours, start inside it
 * even when empty). */
bool sim_check_tex_size(const struct sim_bo *bo, uint64_t offset, uint32_t tiling,
			uint32_t width, uint32_t height, uint32_t cpp, const char *where,
			struct vc4_diag *diag);

struct qpu_kernel_texture_sample;
/* Relocates one texture sample: checks the texture config words read from
 * the user uniforms `uniforms_u` (`size` bytes) against BO `tex_index` and
 * patches P0 in the validated copy `uniforms_v`. */
bool sim_validate_reloc_tex(struct sim_exec *e, const uint8_t *uniforms_u,
			    uint8_t *uniforms_v, uint32_t size,
			    const struct qpu_kernel_texture_sample *sample, uint32_t tex_index,
			    const char *where, struct vc4_diag *diag);

/* Validates the six surfaces and builds the RCL; sets ct1ca/ct1ea. */
bool sim_rcl_generate(struct sim_exec *e, struct vc4_diag *diag);

/* Little-endian u32 access to validator buffers. */
static inline uint32_t sim_rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline void sim_wr32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

#endif
