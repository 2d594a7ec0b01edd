/*
 * vc4_job.c: assembling a job from the CL builder's borrowed streams and BO
 * list into struct drm_vc4_submit_cl, submitting it and waiting for its
 * seqno.
 */
#include "job/vc4_job.h"

#include <stdlib.h>

#include "dev/vc4_dev_priv.h"

/* Forgets everything but the device and the last seqno. */
static void job_reset(struct vc4_job *job)
{
	job->bin_cl = job->shader_rec = job->uniforms = NULL;
	job->bin_cl_size = job->shader_rec_size = job->uniforms_size = 0;
	job->shader_rec_count = 0;
	job->bos = NULL;
	job->bo_count = 0;
	for (int s = 0; s < VC4_JOB_SURFACE_COUNT; s++)
		job->surf[s] = (struct drm_vc4_submit_rcl_surface){ .hindex = ~0u };
	job->clear_color[0] = job->clear_color[1] = job->clear_z = 0;
	job->clear_s = 0;
	job->width = job->height = 0;
	job->min_x_tile = job->min_y_tile = job->max_x_tile = job->max_y_tile = 0;
	job->flags = job->perfmonid = job->in_sync = job->out_sync = 0;
}

struct vc4_job *vc4_job_create(struct vc4_dev *dev)
{
	struct vc4_job *job = calloc(1, sizeof(*job));
	if (!job)
		return NULL;
	job->dev = dev;
	job_reset(job);
	return job;
}

void vc4_job_destroy(struct vc4_job *job)
{
	free(job);
}

bool vc4_job_set_cls(struct vc4_job *job, const void *bin_cl, uint32_t bin_cl_size,
		     const void *shader_rec, uint32_t shader_rec_size, uint32_t shader_rec_count,
		     const void *uniforms, uint32_t uniforms_size,
		     struct vc4_bo *const *bos, uint32_t bo_count, struct vc4_diag *diag)
{
	for (int s = 0; s < VC4_JOB_SURFACE_COUNT; s++)
		if (job->surf[s].hindex != ~0u)
			return vc4_diag_set(diag, "job: the CL builder's output must come before "
					    "the surfaces (surface %d is set)", s);
	job->bin_cl = bin_cl;
	job->bin_cl_size = bin_cl_size;
	job->shader_rec = shader_rec;
	job->shader_rec_size = shader_rec_size;
	job->shader_rec_count = shader_rec_count;
	job->uniforms = uniforms;
	job->uniforms_size = uniforms_size;
	job->bos = bos;
	job->bo_count = bo_count;
	return true;
}

/* The index of `bo` in the job's BO list, or -1. */
static int64_t bo_index(const struct vc4_job *job, const struct vc4_bo *bo)
{
	for (uint32_t i = 0; i < job->bo_count; i++)
		if (job->bos[i] == bo)
			return i;
	return -1;
}

bool vc4_job_set_surface(struct vc4_job *job, enum vc4_job_surface which, struct vc4_bo *bo,
			 uint32_t offset, uint16_t bits, uint16_t flags, struct vc4_diag *diag)
{
	if ((unsigned)which >= VC4_JOB_SURFACE_COUNT)
		return vc4_diag_set(diag, "job: no surface %d", (int)which);
	struct drm_vc4_submit_rcl_surface s = { .hindex = ~0u };
	if (bo) {
		int64_t hindex = bo_index(job, bo);
		if (hindex < 0)
			return vc4_diag_set(diag, "job: surface %d's BO (handle %u) is not in the "
					    "job's list of %u BOs", (int)which, bo->handle,
					    job->bo_count);
		s = (struct drm_vc4_submit_rcl_surface){ .hindex = (uint32_t)hindex,
							 .offset = offset, .bits = bits,
							 .flags = flags };
	}
	job->surf[which] = s;
	return true;
}

void vc4_job_set_clear(struct vc4_job *job, uint32_t color0, uint32_t color1, uint32_t z,
		       uint8_t s)
{
	job->clear_color[0] = color0;
	job->clear_color[1] = color1;
	job->clear_z = z;
	job->clear_s = s;
	job->flags |= VC4_SUBMIT_CL_USE_CLEAR_COLOR;
}

void vc4_job_set_tiles(struct vc4_job *job, uint16_t width, uint16_t height,
		       uint8_t min_x, uint8_t min_y, uint8_t max_x, uint8_t max_y)
{
	job->width = width;
	job->height = height;
	job->min_x_tile = min_x;
	job->min_y_tile = min_y;
	job->max_x_tile = max_x;
	job->max_y_tile = max_y;
}

void vc4_job_fill_submit(const struct vc4_job *job, struct drm_vc4_submit_cl *args,
			 uint32_t *handles)
{
	for (uint32_t i = 0; i < job->bo_count; i++)
		handles[i] = job->bos[i]->handle;
	*args = (struct drm_vc4_submit_cl){
		.bin_cl = (uintptr_t)job->bin_cl,
		.shader_rec = (uintptr_t)job->shader_rec,
		.uniforms = (uintptr_t)job->uniforms,
		.bo_handles = (uintptr_t)handles,
		.bin_cl_size = job->bin_cl_size,
		.shader_rec_size = job->shader_rec_size,
		.shader_rec_count = job->shader_rec_count,
		.uniforms_size = job->uniforms_size,
		.bo_handle_count = job->bo_count,
		.width = job->width, .height = job->height,
		.min_x_tile = job->min_x_tile, .min_y_tile = job->min_y_tile,
		.max_x_tile = job->max_x_tile, .max_y_tile = job->max_y_tile,
		.color_read = job->surf[VC4_JOB_COLOR_READ],
		.color_write = job->surf[VC4_JOB_COLOR_WRITE],
		.zs_read = job->surf[VC4_JOB_ZS_READ],
		.zs_write = job->surf[VC4_JOB_ZS_WRITE],
		.msaa_color_write = job->surf[VC4_JOB_MSAA_COLOR_WRITE],
		.msaa_zs_write = job->surf[VC4_JOB_MSAA_ZS_WRITE],
		.clear_color = { job->clear_color[0], job->clear_color[1] },
		.clear_z = job->clear_z,
		.clear_s = job->clear_s,
		.flags = job->flags,
		.perfmonid = job->perfmonid,
		.in_sync = job->in_sync,
		.out_sync = job->out_sync,
	};
}

bool vc4_job_submit(struct vc4_job *job, struct vc4_diag *diag)
{
	uint32_t *handles = malloc((job->bo_count ? job->bo_count : 1) * sizeof(*handles));
	if (!handles)
		return vc4_diag_set(diag, "job: out of memory for the handle list");
	struct drm_vc4_submit_cl args;
	vc4_job_fill_submit(job, &args, handles);
	int ret = vc4_dev_ioctl(job->dev, DRM_IOCTL_VC4_SUBMIT_CL, &args);
	free(handles);
	job_reset(job);
	if (ret) {
		job->dev->stats.jobs_rejected++;
		return vc4_diag_set(diag, "job rejected: %s", vc4_dev_last_error(job->dev));
	}
	job->dev->stats.jobs_submitted++;
	job->seqno = args.seqno;
	return true;
}

int vc4_job_wait(struct vc4_job *job, uint64_t timeout_ns, struct vc4_diag *diag)
{
	if (job->seqno == 0)
		return 0;
	return vc4_dev_wait_seqno(job->dev, job->seqno, timeout_ns, diag);
}
