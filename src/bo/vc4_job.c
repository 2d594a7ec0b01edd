/*
 * vc4_job.c: assembling a job into struct drm_vc4_submit_cl, submitting it
 * and waiting for its seqno.
 */
#include "bo/vc4_job.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bo/vc4_dev_priv.h"

/* Forgets everything but the device, cap and last seqno. */
static void job_reset(struct vc4_job *job)
{
	for (size_t i = 0; i < job->bos.len; i++)
		vc4_bo_unref(job->bos.data[i]);
	job->bos.len = 0;
	job->bin_cl.len = job->shader_rec.len = job->uniforms.len = 0;
	job->shader_rec_count = 0;
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
	if (!job)
		return;
	job_reset(job);
	vc4_array_free(&job->bos);
	vc4_array_free(&job->bin_cl);
	vc4_array_free(&job->shader_rec);
	vc4_array_free(&job->uniforms);
	free(job);
}

int32_t vc4_job_add_bo(struct vc4_job *job, struct vc4_bo *bo)
{
	uint32_t hint = bo->last_hindex;
	if (hint < job->bos.len && job->bos.data[hint] == bo)
		return (int32_t)hint;
	for (size_t i = 0; i < job->bos.len; i++)
		if (job->bos.data[i] == bo)
			return (int32_t)(bo->last_hindex = (uint32_t)i);
	if (job->bos.len >= INT32_MAX || !vc4_array_push(&job->bos, bo))
		return -1;
	vc4_bo_ref(bo);
	bo->last_hindex = (uint32_t)(job->bos.len - 1);
	return (int32_t)bo->last_hindex;
}

/* Replaces a byte stream's contents with a copy of `size` bytes; false when
 * out of memory. */
#define COPY_STREAM(arr, src, size) \
	((arr)->len = 0, (size) == 0 || (vc4_array_reserve((arr), (size)) && \
	 (memcpy((arr)->data, (src), (size)), (arr)->len = (size), true)))

bool vc4_job_set_cls(struct vc4_job *job, const void *bin_cl, uint32_t bin_cl_size,
		     const void *shader_rec, uint32_t shader_rec_size, uint32_t shader_rec_count,
		     const void *uniforms, uint32_t uniforms_size,
		     struct vc4_bo *const *bos, uint32_t bo_count, struct vc4_diag *diag)
{
	if (job->bos.len)
		return vc4_diag_set(diag, "job: the CL builder's BO list must come first "
				    "(the job already lists %zu BOs)", job->bos.len);
	if (!COPY_STREAM(&job->bin_cl, bin_cl, bin_cl_size) ||
	    !COPY_STREAM(&job->shader_rec, shader_rec, shader_rec_size) ||
	    !COPY_STREAM(&job->uniforms, uniforms, uniforms_size))
		return vc4_diag_set(diag, "job: out of memory copying the CLs");
	job->shader_rec_count = shader_rec_count;
	for (uint32_t i = 0; i < bo_count; i++) {
		if (vc4_job_add_bo(job, bos[i]) != (int32_t)i)
			return vc4_diag_set(diag, "job: BO list entry %u is a duplicate of entry "
					    "%u or memory ran out", i, bos[i]->last_hindex);
	}
	return true;
}

bool vc4_job_set_surface(struct vc4_job *job, enum vc4_job_surface which, struct vc4_bo *bo,
			 uint32_t offset, uint16_t bits, uint16_t flags, struct vc4_diag *diag)
{
	if ((unsigned)which >= VC4_JOB_SURFACE_COUNT)
		return vc4_diag_set(diag, "job: no surface %d", (int)which);
	struct drm_vc4_submit_rcl_surface s = { .hindex = ~0u };
	if (bo) {
		int32_t hindex = vc4_job_add_bo(job, bo);
		if (hindex < 0)
			return vc4_diag_set(diag, "job: out of memory adding a surface BO");
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
	for (size_t i = 0; i < job->bos.len; i++)
		handles[i] = job->bos.data[i]->handle;
	*args = (struct drm_vc4_submit_cl){
		.bin_cl = (uintptr_t)job->bin_cl.data,
		.shader_rec = (uintptr_t)job->shader_rec.data,
		.uniforms = (uintptr_t)job->uniforms.data,
		.bo_handles = (uintptr_t)handles,
		.bin_cl_size = (uint32_t)job->bin_cl.len,
		.shader_rec_size = (uint32_t)job->shader_rec.len,
		.shader_rec_count = job->shader_rec_count,
		.uniforms_size = (uint32_t)job->uniforms.len,
		.bo_handle_count = (uint32_t)job->bos.len,
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
	uint32_t *handles = malloc((job->bos.len ? job->bos.len : 1) * sizeof(*handles));
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
