/*
 * vc4_job.h: one rendering job as SUBMIT_CL takes it: the CL builder's
 * three byte streams and BO list, the render targets, clears and tile
 * bounds, turned into a struct drm_vc4_submit_cl and submitted; its seqno
 * is waited for with WAIT_SEQNO.
 *
 * Contract with src/cl (docs/CONVENTIONS.md): the CL builder's job
 * (struct cl_job) is the one description of the work. The vc4_job borrows
 * its streams and its deduplicated `struct vc4_bo *` list, whose order
 * defines the indices the streams use (GEM_HANDLES, shader-record handles,
 * texture indices); nothing is copied, deduplicated or referenced again.
 * The render targets must be in that list too (cl_job_bo_index() adds
 * them). The caller keeps the streams, the list and a reference on every
 * BO until vc4_job_submit() returns (the kernel holds its own from then).
 */
#ifndef VC4_JOB_VC4_JOB_H
#define VC4_JOB_VC4_JOB_H

#include <stdbool.h>
#include <stdint.h>
#include <vc4_drm.h>

#include "bo/vc4_bo.h"

enum vc4_job_surface {
	VC4_JOB_COLOR_READ,
	VC4_JOB_COLOR_WRITE,
	VC4_JOB_ZS_READ,
	VC4_JOB_ZS_WRITE,
	VC4_JOB_MSAA_COLOR_WRITE,
	VC4_JOB_MSAA_ZS_WRITE,
	VC4_JOB_SURFACE_COUNT
};

struct vc4_job {
	struct vc4_dev *dev;
	/* borrowed from the CL builder until the submission */
	const uint8_t *bin_cl, *shader_rec, *uniforms;
	uint32_t bin_cl_size, shader_rec_size, uniforms_size;
	uint32_t shader_rec_count;
	struct vc4_bo *const *bos;                 /* index = hindex */
	uint32_t bo_count;
	struct drm_vc4_submit_rcl_surface surf[VC4_JOB_SURFACE_COUNT]; /* hindex ~0: absent */
	uint32_t clear_color[2], clear_z;
	uint8_t clear_s;
	uint16_t width, height;
	uint8_t min_x_tile, min_y_tile, max_x_tile, max_y_tile;
	uint32_t flags;                            /* VC4_SUBMIT_CL_* */
	uint32_t perfmonid, in_sync, out_sync;
	uint64_t seqno;                            /* last accepted submission, 0 none */
};

/* An empty job (no streams, no BOs, no surfaces). NULL when out of memory. */
struct vc4_job *vc4_job_create(struct vc4_dev *dev);

/* Frees the job (a submitted job lives on in the kernel until it
 * finishes). It holds no references. NULL is allowed. */
void vc4_job_destroy(struct vc4_job *job);

/* Borrows the CL builder's output: the three streams and the BO list
 * `bos` (indices 0..bo_count-1, no duplicates). Must come before any
 * surface is set. */
bool vc4_job_set_cls(struct vc4_job *job, const void *bin_cl, uint32_t bin_cl_size,
		     const void *shader_rec, uint32_t shader_rec_size, uint32_t shader_rec_count,
		     const void *uniforms, uint32_t uniforms_size,
		     struct vc4_bo *const *bos, uint32_t bo_count, struct vc4_diag *diag);

/* Sets a render target: `bo` (NULL makes the surface absent; otherwise it
 * must be in the job's BO list) at `offset`, with the packet `bits` and
 * surface `flags` of vc4_drm.h. */
bool vc4_job_set_surface(struct vc4_job *job, enum vc4_job_surface which, struct vc4_bo *bo,
			 uint32_t offset, uint16_t bits, uint16_t flags, struct vc4_diag *diag);

/* Clear values; sets VC4_SUBMIT_CL_USE_CLEAR_COLOR. */
void vc4_job_set_clear(struct vc4_job *job, uint32_t color0, uint32_t color1, uint32_t z,
		       uint8_t s);

/* Frame size in pixels and the inclusive tile rectangle to render. */
void vc4_job_set_tiles(struct vc4_job *job, uint16_t width, uint16_t height,
		       uint8_t min_x, uint8_t min_y, uint8_t max_x, uint8_t max_y);

/* Fills `args` exactly as SUBMIT_CL gets it; `handles` must have room for
 * job->bo_count entries. Pointer fields point at the borrowed streams and
 * `handles`. */
void vc4_job_fill_submit(const struct vc4_job *job, struct drm_vc4_submit_cl *args,
			 uint32_t *handles);

/* Submits the job and empties it for the next frame (streams, BO list,
 * surfaces, clears and tiles reset too). On rejection returns false with
 * what the kernel most likely rejected (the exact reason on the simulator). */
bool vc4_job_submit(struct vc4_job *job, struct vc4_diag *diag);

/* Waits up to timeout_ns for the last submission. 0, -ETIME or -errno. */
int vc4_job_wait(struct vc4_job *job, uint64_t timeout_ns, struct vc4_diag *diag);

#endif
