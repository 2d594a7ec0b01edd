/*
 * drv_perf.c: performance figures: counting what the GPU did for a run of
 * jobs with the kernel's performance monitor (one perfmon while counting,
 * named by every job submitted: drv_job_flush), and the sizes of a
 * program's compiled shaders.
 */
#include <string.h>

#include "drv.h"

/* The events counted, in the order of struct vc4_perf_counts' fields. */
static const uint8_t perf_events[] = {
	VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_VERTEX_COORD_SHADING,
	VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_FRAGMENT_SHADING,
	VC4_PERFCNT_QPU_TOTAL_CLK_CYCLES_EXEC_VALID_INST,
	VC4_PERFCNT_FEP_VALID_QUADS,
	VC4_PERFCNT_TLB_QUADS_WRITTEN_TO_COLOR_BUF,
	VC4_PERFCNT_TMU_TOTAL_TEXT_QUADS_PROCESSED,
};
#define PERF_COUNTERS (sizeof(perf_events) / sizeof(perf_events[0]))

void drv_perf_stop(struct vc4_ctx *ctx)
{
	struct drm_vc4_perfmon_destroy pd = { .id = ctx->perfmon };
	if (ctx->perfmon) /* a failure leaves nothing to undo */
		vc4_dev_ioctl(ctx->dev, DRM_IOCTL_VC4_PERFMON_DESTROY, &pd);
	ctx->perfmon = 0;
}

bool vc4_perf_begin(struct vc4_ctx *ctx)
{
	drv_begin(ctx);
	if (!drv_supports(ctx, DRM_VC4_PARAM_SUPPORTS_PERFMON))
		return drv_error(ctx, "vc4_perf_begin: the kernel has no performance monitors");
	drv_perf_stop(ctx);
	struct drm_vc4_perfmon_create pc = { .ncounters = PERF_COUNTERS };
	memcpy(pc.events, perf_events, PERF_COUNTERS);
	if (vc4_dev_ioctl(ctx->dev, DRM_IOCTL_VC4_PERFMON_CREATE, &pc) != 0)
		return drv_error(ctx, "vc4_perf_begin: PERFMON_CREATE: %s",
				 vc4_dev_last_error(ctx->dev));
	ctx->perfmon = pc.id;
	return true;
}

bool vc4_perf_end(struct vc4_ctx *ctx, struct vc4_perf_counts *counts)
{
	uint64_t v[PERF_COUNTERS] = { 0 };
	memset(counts, 0, sizeof(*counts));
	if (!ctx->perfmon) {
		drv_begin(ctx);
		return drv_error(ctx, "vc4_perf_end: not counting (no vc4_perf_begin)");
	}
	bool ok = vc4_finish(ctx); /* its own call: starts the call's error afresh */
	struct drm_vc4_perfmon_get_values gv = { .id = ctx->perfmon,
						 .values_ptr = (uintptr_t)v };
	if (vc4_dev_ioctl(ctx->dev, DRM_IOCTL_VC4_PERFMON_GET_VALUES, &gv) != 0)
		ok = drv_error(ctx, "vc4_perf_end: PERFMON_GET_VALUES: %s",
			       vc4_dev_last_error(ctx->dev));
	drv_perf_stop(ctx);
	*counts = (struct vc4_perf_counts){
		.qpu_cycles_vertex = v[0], .qpu_cycles_fragment = v[1],
		.qpu_cycles_valid = v[2], .quads_shaded = v[3], .quads_written = v[4],
		.texture_quads = v[5],
	};
	return ok;
}

static uint32_t max_u32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

void vc4_prog_get_sizes(const struct vc4_prog *prog, struct vc4_prog_sizes *sizes)
{
	*sizes = (struct vc4_prog_sizes){ .variants = (uint32_t)prog->variants.len };
	for (size_t i = 0; i < prog->variants.len; i++) {
		const struct drv_variant *v = &prog->variants.data[i];
		sizes->vertex = max_u32(sizes->vertex, v->vs->prog[0].num_inst);
		sizes->coordinate = max_u32(sizes->coordinate, v->vs->prog[1].num_inst);
		sizes->fragment = max_u32(sizes->fragment, v->fs->prog[0].num_inst);
	}
}
