/*
 * sim_perfmon.c: the simulated kernel's performance monitors
 * (PERFMON_CREATE / DESTROY / GET_VALUES). The counters exist and can be
 * attached to jobs; a finished job adds what the 3D pipeline did
 * (struct sim_pipe_stats) to the events its perfmon counts.
 */
#include "sim_kernel_job.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct sim_perfmon *sim_kernel_perfmon(const struct sim_kernel *k, uint32_t id)
{
	return id && id <= k->perfmons.len ? k->perfmons.data[id - 1] : NULL;
}

/* PERFMON_CREATE: a perfmon of 1..DRM_VC4_MAX_PERF_COUNTERS counters of
 * known events, in the first free slot; its id (slot + 1) goes to args->id.
 * Returns 0 or a negative errno (EINVAL, ENOMEM) with the reason recorded. */
int sim_kernel_perfmon_create(struct sim_kernel *k, struct drm_vc4_perfmon_create *args)
{
	if (args->ncounters == 0 || args->ncounters > DRM_VC4_MAX_PERF_COUNTERS)
		return sim_kernel_fail(k, EINVAL, "perfmon counter count %u not in 1..%d",
				       args->ncounters, DRM_VC4_MAX_PERF_COUNTERS);
	for (uint32_t i = 0; i < args->ncounters; i++)
		if (args->events[i] >= VC4_PERFCNT_NUM_EVENTS)
			return sim_kernel_fail(k, EINVAL, "perfmon event %u (counter %u) is not "
					       "below %d", args->events[i], i,
					       VC4_PERFCNT_NUM_EVENTS);
	size_t slot = 0;
	while (slot < k->perfmons.len && k->perfmons.data[slot])
		slot++;
	struct sim_perfmon *pm = calloc(1, sizeof(*pm));
	if (!pm || (slot == k->perfmons.len && !vc4_array_push(&k->perfmons, NULL))) {
		free(pm);
		return sim_kernel_fail(k, ENOMEM, "out of memory for a perfmon");
	}
	pm->ncounters = args->ncounters;
	memcpy(pm->events, args->events, args->ncounters);
	k->perfmons.data[slot] = pm;
	args->id = (uint32_t)slot + 1;
	return 0;
}

int sim_kernel_perfmon_destroy(struct sim_kernel *k, struct drm_vc4_perfmon_destroy *args)
{
	struct sim_perfmon *pm = sim_kernel_perfmon(k, args->id);
	if (!pm)
		return sim_kernel_fail(k, EINVAL, "perfmon %u does not exist", args->id);
	k->perfmons.data[args->id - 1] = NULL;
	free(pm);
	return 0;
}

int sim_kernel_perfmon_get_values(struct sim_kernel *k,
				  struct drm_vc4_perfmon_get_values *args)
{
	struct sim_perfmon *pm = sim_kernel_perfmon(k, args->id);
	if (!pm)
		return sim_kernel_fail(k, EINVAL, "perfmon %u does not exist", args->id);
	if (args->values_ptr == 0 || args->values_ptr > UINTPTR_MAX)
		return sim_kernel_fail(k, EFAULT, "perfmon values pointer is not writable");
	memcpy((void *)(uintptr_t)args->values_ptr, pm->values, pm->ncounters * sizeof(uint64_t));
	return 0;
}

/* Adds n to every counter of perfmon `id` that counts `event`. */
static void perfmon_add(struct sim_kernel *k, uint32_t id, uint32_t event, uint64_t n)
{
	struct sim_perfmon *pm = sim_kernel_perfmon(k, id);
	for (uint32_t i = 0; pm && i < pm->ncounters; i++)
		if (pm->events[i] == event)
			pm->values[i] += n;
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

void sim_kernel_perfmon_feed(struct sim_kernel *k, uint32_t id,
			     const struct sim_pipe_stats *st)
{
	if (id == 0)
		return;
	for (uint32_t ev = 0; ev < VC4_PERFCNT_NUM_EVENTS; ev++) {
		uint64_t n = perf_value(st, ev);
		if (n)
			perfmon_add(k, id, ev, n);
	}
}

void sim_kernel_perfmon_fini(struct sim_kernel *k)
{
	for (size_t i = 0; i < k->perfmons.len; i++)
		free(k->perfmons.data[i]);
	vc4_array_free(&k->perfmons);
}
