/*
 * sim_validate_job.c: the submit seam of sim_kernel_job.h. Validating a job
 * allocates its kernel memory (exec BO for the relocated bin CL, shader
 * records and uniforms; a binner slot; the RCL BO), runs the bin CL, shader
 * record and RCL steps, and keeps the results in job->validated until the
 * job is finished. A rejection frees everything it took, so nothing is
 * half applied. Running a job executes its bin CL and RCL on the 3D
 * pipeline over the kernel's memory (serving the binner's OUTOMEM with
 * overflow slots), feeds the job's perfmon and gives the binner slots back;
 * a pipeline error becomes the job's hang reason.
 */
#include "sim_validate.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vc4_packets.h"

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

/* ---- binner memory ---- */

/* Frees nothing but makes room: runs queued jobs (as the kernel waits for
 * the last render) unless the GPU is stopped (manual exec). */
static bool wait_for_free_slot(struct sim_kernel *k)
{
	if (k->exec == SIM_KERNEL_EXEC_MANUAL || k->queue.len == 0)
		return false;
	sim_kernel_retire(k, k->emitted_seqno);
	return k->binner == NULL || k->binner->used != UINT32_MAX;
}

/* Allocates the 16 MiB binner BO in the arena. */
static bool binner_create(struct sim_kernel *k, struct vc4_diag *diag)
{
	struct sim_binner *b = calloc(1, sizeof(*b));
	if (!b)
		return vc4_diag_set(diag, "Failed to allocate binner memory: out of host memory");
	if (!sim_arena_alloc(&k->arena, SIM_BIN_BO_SIZE, &b->paddr)) {
		free(b);
		return vc4_diag_set(diag, "Failed to allocate binner memory: no room for the "
				    "%u-byte binner BO (%u of %u arena bytes in use)",
				    SIM_BIN_BO_SIZE, k->arena.used, k->arena.total);
	}
	k->binner = b;
	return true;
}

bool sim_binner_get_slot(struct sim_exec *e, struct vc4_diag *diag)
{
	struct sim_kernel *k = e->k;
	if (k->binner && k->binner->used == UINT32_MAX && !wait_for_free_slot(k))
		return vc4_diag_set(diag, "Failed to allocate binner memory: all %u bin slots "
				    "are held by queued jobs", SIM_BIN_SLOTS);
	if (!k->binner && !binner_create(k, diag))
		return false;
	uint32_t slot = 0;
	while (k->binner->used & (1u << slot))
		slot++;
	k->binner->used |= 1u << slot;
	e->bin_slot = (int)slot;
	return true;
}

/* Frees the binner BO once no slot is held. */
static void binner_release_if_unused(struct sim_kernel *k)
{
	if (k->binner && k->binner->used == 0) {
		sim_arena_free(&k->arena, k->binner->paddr, SIM_BIN_BO_SIZE);
		free(k->binner);
		k->binner = NULL;
	}
}

void sim_binner_put_slot(struct sim_exec *e)
{
	struct sim_kernel *k = e->k;
	if ((e->bin_slot < 0 && e->overflow_slots == 0) || !k->binner)
		return;
	if (e->bin_slot >= 0)
		k->binner->used &= ~(1u << e->bin_slot);
	k->binner->used &= ~e->overflow_slots;
	e->bin_slot = -1;
	e->overflow_slots = 0;
	binner_release_if_unused(k);
}

void sim_binner_fini(struct sim_kernel *k)
{
	if (!k->binner)
		return;
	k->binner->used &= ~k->binner->overflow;
	k->binner->overflow = 0;
	binner_release_if_unused(k);
}

/* OUTOMEM from the pipeline running job `ctx` (the kernel's overflow
 * memory worker): takes a free slot as the new overflow memory, hands the
 * previous overflow slot to the job to free when it completes, and points
 * BPOA/BPOS at the new slot. No free slot: the job stops (hangs). */
static bool binner_outomem(struct sim_pipe *p, void *ctx, struct vc4_diag *diag)
{
	struct sim_exec *e = ctx;
	struct sim_binner *b = e->k->binner;
	if (!b || b->used == UINT32_MAX)
		return vc4_diag_set(diag, "binner out of memory: no free binner slot for "
				    "overflow");
	uint32_t slot = 0;
	while (b->used & (1u << slot))
		slot++;
	b->used |= 1u << slot;
	e->overflow_slots |= b->overflow;
	b->overflow = 1u << slot;
	sim_pipe_set_overflow(p, b->paddr + slot * SIM_BIN_SLOT_SIZE, SIM_BIN_SLOT_SIZE);
	return true;
}

/* ---- the seam ---- */

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

/* Which pipeline figures feed which perfmon event (VC4_PERFCNT_*): each
 * event counts the sum of up to three stats fields, given as their offset
 * in struct sim_pipe_stats plus one (0 ends the list). Events the pipeline has
 * no figure for (cache hits, stalls, idle cycles) stay at zero. QPU cycles
 * are approximated by instructions executed (one per cycle, no stalls). */
#define STAT(f) (offsetof(struct sim_pipe_stats, f) + 1)
static const size_t perf_stats[VC4_PERFCNT_NUM_EVENTS][3] = {
	[VC4_PERFCNT_FEP_VALID_PRIMS_RENDER] = { STAT(tile_primitives) },
	[VC4_PERFCNT_FEP_VALID_QUADS] = { STAT(quads_shaded) },
	[VC4_PERFCNT_TLB_QUADS_WRITTEN_TO_COLOR_BUF] = { STAT(quads_written) },
	[VC4_PERFCNT_PLB_PRIMS_NEED_CLIPPING] = { STAT(primitives_clipped) },
	[VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_VERTEX_COORD_SHADING] = {
		STAT(qpu_instructions_cs), STAT(qpu_instructions_vs) },
	[VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_FRAGMENT_SHADING] = { STAT(qpu_instructions_fs) },
	[VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_EXEC_VALID_INST] = {
		STAT(qpu_instructions_cs), STAT(qpu_instructions_vs),
		STAT(qpu_instructions_fs) },
	[VC4_PERFCNT_TMU_TOTAL_TEXT_QUADS_PROCESSED] = { STAT(texture_requests) },
};
#undef STAT

/* The value of perfmon event `event` for a job that did `st`. The TMU
 * counts quads: one texture request serves 16 lanes, four quads. */
static uint64_t perf_value(const struct sim_pipe_stats *st, uint32_t event)
{
	uint64_t n = 0;
	for (unsigned i = 0; i < 3 && perf_stats[event][i]; i++) {
		uint64_t v;
		memcpy(&v, (const char *)st + perf_stats[event][i] - 1, sizeof(v));
		n += v;
	}
	return event == VC4_PERFCNT_TMU_TOTAL_TEXT_QUADS_PROCESSED ? n * 4 : n;
}

/* Adds what the job did to the counters of its perfmon (none when 0). */
static void feed_perfmon(struct sim_kernel *k, uint32_t id, const struct sim_pipe_stats *st)
{
	if (id == 0)
		return;
	for (uint32_t ev = 0; ev < VC4_PERFCNT_NUM_EVENTS; ev++) {
		uint64_t n = perf_value(st, ev);
		if (n)
			sim_kernel_perfmon_add(k, id, ev, n);
	}
}

void sim_kernel_run_job(struct sim_kernel *k, struct sim_job *job)
{
	const struct sim_job_validated *v = &job->validated;
	struct sim_exec *e = v->priv;
	k->last_stats = (struct sim_pipe_stats){0};
	vc4_diag_clear(&k->hang);
	if (!k->pipe)
		k->pipe = sim_pipe_create();
	if (!k->pipe)
		vc4_diag_set(&k->hang, "job %" PRIu64 ": out of memory for the 3D pipeline",
			     job->seqno);
	else if (v->ct1ca != v->ct1ea) {
		struct vc4_diag diag = {0};
		sim_pipe_set_outomem(k->pipe, e ? binner_outomem : NULL, e);
		bool ok = sim_pipe_run_job(k->pipe, &k->mem, v->ct0ca, v->ct0ea, v->ct1ca,
					   v->ct1ea, &k->last_stats, &diag);
		sim_pipe_set_outomem(k->pipe, NULL, NULL);
		if (!ok)
			vc4_diag_set(&k->hang, "job %" PRIu64 " hung: %s", job->seqno, diag.msg);
	}
	if (k->hang.set)
		k->hung_jobs++;
	feed_perfmon(k, job->args.perfmonid, &k->last_stats);
	/* The binner slot (and any overflow slot handed to the job) is free
	 * again once the job has rendered; the validated CLs stay until the job
	 * is freed. */
	if (e)
		sim_binner_put_slot(e);
}

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
