/*
 * sim_perfmon.c: the simulated kernel's performance monitors
 * (PERFMON_CREATE / DESTROY / GET_VALUES). The counters exist and can be
 * attached to jobs; they stay 0 until the simulator counts events
 * (sim_kernel_perfmon_add is the hook for that).
 */
#include "sim_kernel_job.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct sim_perfmon *sim_kernel_perfmon(const struct sim_kernel *k, uint32_t id)
{
	return id && id <= k->perfmons.len ? k->perfmons.data[id - 1] : NULL;
}

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

void sim_kernel_perfmon_add(struct sim_kernel *k, uint32_t id, uint32_t event, uint64_t n)
{
	struct sim_perfmon *pm = sim_kernel_perfmon(k, id);
	for (uint32_t i = 0; pm && i < pm->ncounters; i++)
		if (pm->events[i] == event)
			pm->values[i] += n;
}

void sim_kernel_perfmon_fini(struct sim_kernel *k)
{
	for (size_t i = 0; i < k->perfmons.len; i++)
		free(k->perfmons.data[i]);
	vc4_array_free(&k->perfmons);
}
