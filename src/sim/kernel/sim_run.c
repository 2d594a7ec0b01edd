/*
 * sim_run.c: running the simulated kernel's job queue. Retiring runs each
 * queued job in seqno order: the 3D pipeline executes its validated bin CL
 * and RCL over the kernel's memory (OUTOMEM served by the binner's overflow
 * slots), a pipeline error becomes the job's hang reason, the job's perfmon
 * is fed, and the job's binner slot, BO uses and memory are given back.
 * Validation (sim_validate_job.c) waits here for a binner slot as the
 * kernel waits for the last render.
 */
#include "sim_validate.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void sim_kernel_job_free(struct sim_kernel *k, struct sim_job *job)
{
	if (!job)
		return;
	sim_kernel_job_fini_validated(k, job);
	free(job->bos);
	free(job->bin_cl);
	free(job->shader_rec);
	free(job->uniforms);
	free(job);
}

/* Executes the validated CLs of `job` on the pipeline (created by the first
 * job); an error becomes k->hang. */
static void run_pipeline(struct sim_kernel *k, struct sim_job *job)
{
	const struct sim_job_validated *v = &job->validated;
	struct sim_exec *e = v->priv;
	if (!k->pipe)
		k->pipe = sim_pipe_create();
	if (!k->pipe)
		vc4_diag_set(&k->hang, "job %" PRIu64 ": out of memory for the 3D pipeline",
			     job->seqno);
	else if (v->ct1ca != v->ct1ea) {
		struct vc4_diag diag = {0};
		sim_pipe_set_outomem(k->pipe, e ? sim_binner_outomem : NULL, e);
		bool ok = sim_pipe_run_job(k->pipe, &k->mem, v->ct0ca, v->ct0ea, v->ct1ca,
					   v->ct1ea, &k->last_stats, &diag);
		sim_pipe_set_outomem(k->pipe, NULL, NULL);
		if (!ok)
			vc4_diag_set(&k->hang, "job %" PRIu64 " hung: %s", job->seqno, diag.msg);
	}
}

/* Runs a validated job on the pipeline, records a hang (k->hang, one more
 * hung job) and the pipeline's counters, feeds them to the job's perfmon,
 * and frees its binner slot. */
void sim_kernel_run_job(struct sim_kernel *k, struct sim_job *job)
{
	struct sim_exec *e = job->validated.priv;
	k->last_stats = (struct sim_pipe_stats){0};
	vc4_diag_clear(&k->hang);
	run_pipeline(k, job);
	if (k->hang.set)
		k->hung_jobs++;
	sim_kernel_perfmon_feed(k, job->args.perfmonid, &k->last_stats);
	/* The binner slot (and any overflow slot handed to the job) is free
	 * again once the job has rendered; the validated CLs stay until the job
	 * is freed. */
	if (e)
		sim_binner_put_slot(e);
}

uint64_t sim_kernel_retire(struct sim_kernel *k, uint64_t seqno)
{
	size_t done = 0;
	while (done < k->queue.len && k->queue.data[done]->seqno <= seqno) {
		struct sim_job *job = k->queue.data[done++];
		sim_kernel_run_job(k, job);
		k->finished_seqno = job->seqno;
		for (uint32_t i = 0; i < job->args.bo_handle_count; i++)
			sim_kernel_bo_unuse(k, job->bos[i]);
		sim_kernel_job_free(k, job);
	}
	if (done == 0)
		return k->finished_seqno;
	memmove(k->queue.data, k->queue.data + done,
		(k->queue.len - done) * sizeof(*k->queue.data));
	k->queue.len -= done;
	return k->finished_seqno;
}

void sim_kernel_make_bin_slot(struct sim_kernel *k)
{
	if (sim_binner_full(k) && k->exec != SIM_KERNEL_EXEC_MANUAL && k->queue.len)
		sim_kernel_retire(k, k->emitted_seqno);
}
