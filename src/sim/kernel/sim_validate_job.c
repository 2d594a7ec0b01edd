/*
 * sim_validate_job.c: validating one job (sim_kernel_validate_submit, the
 * seam of sim_kernel_job.h). It allocates the job's exec BO (relocated bin
 * CL, shader records and uniforms), then runs the bin CL, shader record and
 * RCL steps of sim_validate.h, which keep their results in job->validated
 * until the job is finished. A rejection frees everything it took
 * (sim_exec.c), so nothing is half applied. Binner slots are sim_binner.c's,
 * running a validated job is sim_run.c's.
 */
#include "sim_validate.h"

#include <inttypes.h>
#include <stdlib.h>

#include "vc4_packets.h"

/* The exec BO: bin CL at 0, records from the next 16 bytes, uniforms from
 * the 16 bytes after the records (aligned for the QPU's uniform reads). */
static bool alloc_exec_bo(struct sim_exec *e, struct vc4_diag *diag)
{
	const struct drm_vc4_submit_cl *a = &e->job->args;
	uint64_t rec = ((uint64_t)a->bin_cl_size + 15) & ~15ull;
	uint64_t uni = (rec + a->shader_rec_size + 15) & ~15ull;
	uint64_t size = uni + a->uniforms_size;
	size = (size + SIM_PAGE_SIZE - 1) & ~(uint64_t)(SIM_PAGE_SIZE - 1);
	if (size > e->k->arena.total || !sim_arena_alloc(&e->k->arena, (uint32_t)size,
							  &e->exec_paddr)) {
		e->exec_paddr = 0;
		return vc4_diag_set(diag, "out of memory for the %" PRIu64 "-byte exec BO "
				    "(bin CL, shader records and uniforms)", size);
	}
	e->exec_size = (uint32_t)size;
	e->exec_v = sim_memory_ptr(&e->k->mem, e->exec_paddr, e->exec_size);
	e->shader_rec_offset = e->shader_rec_next = (uint32_t)rec;
	e->uniforms_offset = (uint32_t)uni;
	/* No more states than GL_SHADER_STATE packets fit in the bin CL. */
	uint32_t states = a->bin_cl_size / VC4_GL_SHADER_STATE_length + 1;
	if (a->shader_rec_count < states)
		states = a->shader_rec_count ? a->shader_rec_count : 1;
	e->shader_state = calloc(states, sizeof(*e->shader_state));
	if (!e->shader_state)
		return vc4_diag_set(diag, "out of memory for %u shader states",
				    a->shader_rec_count);
	return true;
}

/* The bin CL and shader records, when the job has a bin CL. */
static bool validate_binning(struct sim_exec *e, struct vc4_diag *diag)
{
	if (e->job->args.bin_cl_size == 0)
		return true;
	return alloc_exec_bo(e, diag) && sim_validate_bcl(e, diag) &&
	       sim_validate_shader_recs(e, diag);
}

bool sim_kernel_validate_submit(struct sim_kernel *k, struct sim_job *job,
				struct vc4_diag *diag)
{
	struct sim_exec *e = calloc(1, sizeof(*e));
	if (!e)
		return vc4_diag_set(diag, "out of memory for the validator");
	*e = (struct sim_exec){ .k = k, .job = job, .bin_slot = -1 };
	job->validated = (struct sim_job_validated){ .priv = e };
	if (validate_binning(e, diag) && sim_rcl_generate(e, diag))
		return true;
	sim_kernel_job_fini_validated(k, job);
	return false;
}
