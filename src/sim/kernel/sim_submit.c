/*
 * sim_submit.c: the simulated kernel's SUBMIT_CL, WAIT_SEQNO and WAIT_BO.
 * Validation and execution are behind the seam of sim_kernel_job.h
 * (sim_validate_job.c validates, sim_run.c runs the queue). Check order and
 * messages follow the Linux vc4 driver's submit path; a rejected job
 * changes nothing.
 *
 * Sizes and counts are bounded as on Linux: besides its u32 overflow checks,
 * the kernel's only limits are its allocations. It copies the BO handles
 * into a kvmalloc'ed array of count * 4 bytes, and the bin CL, shader
 * records, uniforms and one 8-byte state per declared shader record into a
 * kvmalloc'ed temp buffer; a kvmalloc above what the Pi's 32-bit kernel can
 * vmalloc fails with -ENOMEM. The simulated kernel refuses the same
 * requests with the same error, saying so, before allocating anything.
 */
#include "sim_kernel_job.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The largest kernel allocation (kvmalloc) granted: the vmalloc area of a
 * 32-bit ARM kernel, 240 MiB by default; no larger kvmalloc can succeed on
 * a Pi, and Linux then fails the ioctl with -ENOMEM. */
#define SIM_KVMALLOC_MAX (240u << 20)

/* The kernel's per-shader-state bookkeeping entry (u32 address + u32 max
 * index), which enters its overflow check. */
#define SIM_SHADER_STATE_SIZE 8u

static const uint32_t known_flags = VC4_SUBMIT_CL_USE_CLEAR_COLOR |
	VC4_SUBMIT_CL_FIXED_RCL_ORDER | VC4_SUBMIT_CL_RCL_ORDER_INCREASING_X |
	VC4_SUBMIT_CL_RCL_ORDER_INCREASING_Y;

/* Looks up bo_handles into job->bos: every handle must exist and be WILLNEED. */
static int lookup_bos(struct sim_kernel *k, const struct drm_vc4_submit_cl *args,
		      struct sim_job *job)
{
	uint32_t n = args->bo_handle_count;
	if (n == 0)
		return sim_kernel_fail(k, EINVAL, "Rendering requires BOs to validate");
	if ((uint64_t)n * 4 > SIM_KVMALLOC_MAX)
		return sim_kernel_fail(k, ENOMEM, "copying in %u BO handles needs %llu bytes of "
				       "kernel memory, more than the %u a Pi's kernel can vmalloc "
				       "(-ENOMEM, as on Linux)", n, (unsigned long long)n * 4,
				       SIM_KVMALLOC_MAX);
	int err = 0;
	uint32_t *handles = sim_kernel_copy_in(args->bo_handles, n * 4, &err);
	job->bos = calloc(n, sizeof(*job->bos));
	if (!handles || !job->bos) {
		free(handles);
		return sim_kernel_fail(k, err ? -err : ENOMEM, "copying in %u BO handles failed",
				       n);
	}
	for (uint32_t i = 0; i < n && err == 0; i++) {
		struct sim_bo *bo = sim_kernel_lookup(k, handles[i]);
		if (!bo)
			err = sim_kernel_fail(k, EINVAL, "Failed to look up GEM BO %d: %d",
					      (int)i, (int)handles[i]);
		else if (bo->madv != VC4_MADV_WILLNEED)
			err = sim_kernel_fail(k, EINVAL, "BO %u (handle %u) is %s", i, handles[i],
					      bo->madv == VC4_MADV_DONTNEED ?
					      "purgeable (madvise DONTNEED)" : "purged");
		job->bos[i] = bo;
	}
	free(handles);
	return err;
}

/* The kernel's layout of the exec buffer, with its u32 overflow checks and
 * the kvmalloc of its temp buffer. */
static int check_exec_sizes(struct sim_kernel *k, const struct drm_vc4_submit_cl *a)
{
	uint32_t shader_rec_offset = (a->bin_cl_size + 15u) & ~15u;
	uint32_t uniforms_offset = shader_rec_offset + a->shader_rec_size;
	uint32_t exec_size = uniforms_offset + a->uniforms_size;
	uint32_t temp_size = exec_size + SIM_SHADER_STATE_SIZE * a->shader_rec_count;
	if (shader_rec_offset < a->bin_cl_size || uniforms_offset < shader_rec_offset ||
	    exec_size < uniforms_offset ||
	    a->shader_rec_count >= UINT32_MAX / SIM_SHADER_STATE_SIZE ||
	    temp_size < exec_size)
		return sim_kernel_fail(k, EINVAL, "overflow in exec arguments");
	if (temp_size > SIM_KVMALLOC_MAX)
		return sim_kernel_fail(k, ENOMEM, "Failed to allocate storage for copying in "
				       "bin/render CLs: %u bytes (the CLs, shader records, "
				       "uniforms and %u shader states of 8 bytes), more than the "
				       "%u a Pi's kernel can vmalloc (-ENOMEM, as on Linux)",
				       temp_size, a->shader_rec_count, SIM_KVMALLOC_MAX);
	return 0;
}

/* Copies the three user buffers (only with a bin CL, like the kernel). */
static int copy_in_cls(struct sim_kernel *k, const struct drm_vc4_submit_cl *a,
		       struct sim_job *job)
{
	if (a->bin_cl_size == 0)
		return 0;
	int ret = check_exec_sizes(k, a);
	if (ret)
		return ret;
	int err = 0;
	job->bin_cl = sim_kernel_copy_in(a->bin_cl, a->bin_cl_size, &err);
	if (job->bin_cl)
		job->shader_rec = sim_kernel_copy_in(a->shader_rec, a->shader_rec_size, &err);
	if (job->shader_rec)
		job->uniforms = sim_kernel_copy_in(a->uniforms, a->uniforms_size, &err);
	if (!job->uniforms)
		return sim_kernel_fail(k, -err, "copying in the bin CL, shader records or "
				       "uniforms failed");
	return 0;
}

/* Every check that can reject the job, in the kernel's order. */
static int prepare(struct sim_kernel *k, const struct drm_vc4_submit_cl *args,
		   struct sim_job *job)
{
	if (args->flags & ~known_flags)
		return sim_kernel_fail(k, EINVAL, "Unknown flags: 0x%02x", args->flags);
	if (args->pad2)
		return sim_kernel_fail(k, EINVAL, "Invalid pad: 0x%08x", args->pad2);
	int ret = lookup_bos(k, args, job);
	if (ret)
		return ret;
	if (args->perfmonid && !sim_kernel_perfmon(k, args->perfmonid))
		return sim_kernel_fail(k, ENOENT, "perfmon %u does not exist", args->perfmonid);
	if (args->in_sync)
		return sim_kernel_fail(k, ENOENT, "in_sync syncobj %u does not exist",
				       args->in_sync);
	ret = copy_in_cls(k, args, job);
	if (ret)
		return ret;
	/* The validator reads the ioctl struct from the job. */
	job->args = *args;
	job->args.bin_cl = job->args.shader_rec = job->args.uniforms = 0;
	job->args.bo_handles = 0;
	struct vc4_diag d = {0};
	if (!sim_kernel_validate_submit(k, job, &d))
		return sim_kernel_fail(k, EINVAL, "%s", d.set ? d.msg : "job failed to validate");
	if (args->out_sync)
		return sim_kernel_fail(k, EINVAL, "out_sync syncobj %u does not exist",
				       args->out_sync);
	return 0;
}

/* Makes an accepted job visible: seqno, BO seqnos and use counts, queue. */
static int commit(struct sim_kernel *k, struct sim_job *job)
{
	if (!vc4_array_reserve(&k->queue, 1))
		return sim_kernel_fail(k, ENOMEM, "out of memory queueing the job");
	job->seqno = ++k->emitted_seqno;
	for (uint32_t i = 0; i < job->args.bo_handle_count; i++) {
		job->bos[i]->seqno = job->seqno;
		job->bos[i]->usecnt++;
	}
	k->queue.data[k->queue.len++] = job;
	return 0;
}

/* SUBMIT_CL: prepares the job (flags, BOs, perfmon, syncobjs, copies of the
 * CLs, validation), queues it with the next seqno (args->seqno) and, in
 * SIM_KERNEL_EXEC_AT_SUBMIT mode, runs it at once. A rejected job leaves no
 * trace. Returns 0 or a negative errno with the reason recorded. */
int sim_kernel_submit_cl(struct sim_kernel *k, struct drm_vc4_submit_cl *args)
{
	struct sim_job *job = calloc(1, sizeof(*job));
	if (!job)
		return sim_kernel_fail(k, ENOMEM, "out of memory for a job");
	int ret = prepare(k, args, job);
	if (ret == 0)
		ret = commit(k, job);
	if (ret) {
		sim_kernel_job_free(k, job);
		return ret;
	}
	args->seqno = job->seqno;
	if (k->exec == SIM_KERNEL_EXEC_AT_SUBMIT)
		sim_kernel_retire(k, job->seqno);
	return 0;
}

/* Waits for `seqno` as the kernel does, with the sim's notion of time: a
 * zero timeout polls; otherwise queued jobs run now, unless the exec mode is
 * MANUAL (the GPU makes no progress: -ETIME, remaining timeout 0). */
static int wait_for(struct sim_kernel *k, uint64_t seqno, __u64 *timeout_ns)
{
	if (k->finished_seqno >= seqno)
		return 0;
	if (*timeout_ns != 0 && k->exec != SIM_KERNEL_EXEC_MANUAL)
		sim_kernel_retire(k, seqno);
	if (k->finished_seqno >= seqno)
		return 0;
	*timeout_ns = 0;
	return sim_kernel_fail(k, ETIME, "seqno %llu not finished (finished seqno %llu)",
			       (unsigned long long)seqno, (unsigned long long)k->finished_seqno);
}

int sim_kernel_wait_seqno(struct sim_kernel *k, struct drm_vc4_wait_seqno *args)
{
	return wait_for(k, args->seqno, &args->timeout_ns);
}

int sim_kernel_wait_bo(struct sim_kernel *k, struct drm_vc4_wait_bo *args)
{
	if (args->pad)
		return sim_kernel_fail(k, EINVAL, "WAIT_BO pad set: 0x%08x", args->pad);
	struct sim_bo *bo = sim_kernel_lookup(k, args->handle);
	if (!bo)
		return sim_kernel_fail(k, EINVAL, "Failed to look up GEM BO %d", args->handle);
	return wait_for(k, bo->seqno, &args->timeout_ns);
}
