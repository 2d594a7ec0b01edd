/*
 * sim_exec.c: the validator's per-job state (struct sim_exec, sim_validate.h)
 * outside the validation steps: the kernel's vc4_use_bo() lookup the steps
 * share, and freeing everything a job's validation took (exec BO, RCL BO,
 * binner slot) when the job is rejected or finished.
 */
#include "sim_validate.h"

#include <stdlib.h>

struct sim_bo *sim_exec_use_bo(struct sim_exec *e, uint32_t index, const char *where,
			       struct vc4_diag *diag)
{
	uint32_t count = e->job->args.bo_handle_count;
	if (index >= count) {
		vc4_diag_set(diag, "%s: BO index %u greater than BO count %u", where, index, count);
		return NULL;
	}
	struct sim_bo *bo = e->job->bos[index];
	if (bo->is_shader) {
		vc4_diag_set(diag, "%s: Trying to use shader BO as something other than a shader "
			     "(BO index %u)", where, index);
		return NULL;
	}
	return bo;
}

/* Frees what validation left in job->validated: the binner slot, the exec
 * BO (validated bin CL, shader records and uniforms) and the RCL in the
 * arena, and the shader state list; then clears it. Does nothing when the
 * job was never validated. */
void sim_kernel_job_fini_validated(struct sim_kernel *k, struct sim_job *job)
{
	struct sim_exec *e = job->validated.priv;
	if (!e)
		return;
	sim_binner_put_slot(e);
	if (e->exec_paddr)
		sim_arena_free(&k->arena, e->exec_paddr, e->exec_size);
	if (e->rcl_paddr)
		sim_arena_free(&k->arena, e->rcl_paddr, e->rcl_size);
	free(e->shader_state);
	free(e);
	job->validated = (struct sim_job_validated){0};
}
