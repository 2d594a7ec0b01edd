/*
 * bench_bo.c: the cost of BOs and submission on the simulated kernel.
 *
 * 1. alloc+free pairs with the BO cache off and on: ns per pair and ioctls
 *    per pair, for a few sizes.
 * 2. A steady frame loop of N jobs per frame (each job allocates, fills and
 *    frees three BOs, submits, and the loop keeps at most two frames in
 *    flight): ioctls per frame by kind after warm-up. Target: no CREATE_BO.
 * Exit status 1 when the frame loop misses its target.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "job/vc4_job.h"
#include "cl/cl.h"
#include "sim/kernel/sim_kernel.h"

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t total_ioctls(const struct vc4_dev_stats *st)
{
	uint64_t n = 0;
	for (int k = 0; k < VC4_IOCTL_KIND_COUNT; k++)
		n += st->ioctls[k];
	return n;
}

static struct vc4_dev *open_sim(void)
{
	struct vc4_dev_options opts = { .backend = VC4_BACKEND_SIM,
					.sim_memory_size = 128u << 20 };
	struct vc4_diag d = {0};
	struct vc4_dev *dev = vc4_dev_open(&opts, &d);
	if (!dev)
		fprintf(stderr, "bench_bo: %s\n", d.msg);
	return dev;
}

/* Times `pairs` alloc+free pairs of `size` bytes. */
static int bench_pairs(uint32_t size, bool cache, unsigned pairs)
{
	struct vc4_dev *dev = open_sim();
	if (!dev)
		return 1;
	if (!cache)
		vc4_bo_cache_set_limits(dev, 0, 0);
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	uint64_t ioctls0 = total_ioctls(st), t0 = now_ns();
	for (unsigned i = 0; i < pairs; i++) {
		struct vc4_bo *bo = vc4_bo_alloc(dev, size, "bench", NULL);
		if (!bo)
			return 1;
		vc4_bo_unref(bo);
	}
	uint64_t t1 = now_ns();
	printf("alloc+free %8u bytes, cache %-3s: %7.0f ns/pair, %.2f ioctls/pair\n", size,
	       cache ? "on" : "off", (double)(t1 - t0) / pairs,
	       (double)(total_ioctls(st) - ioctls0) / pairs);
	vc4_dev_close(dev);
	return 0;
}

/* The smallest bin CL the kernel accepts, for the 4x4 tiles of the 256x256
 * target: binning configuration, start, and the required ending. */
static bool frame_bin_cl(struct vc4_cl *bin)
{
	cl_init(bin, "bin CL", NULL);
	cl_emit(bin, TILE_BINNING_MODE_CONFIGURATION, p) {
		p.width_in_tiles = 4;
		p.height_in_tiles = 4;
	}
	cl_emit(bin, START_TILE_BINNING, p);
	cl_emit(bin, INCREMENT_SEMAPHORE, p);
	cl_emit(bin, FLUSH, p);
	return !cl_failed(bin);
}

/* One job: three BOs allocated, written, listed and freed. */
static bool run_job(struct vc4_dev *dev, struct vc4_job *job, struct vc4_bo *target)
{
	static const uint32_t sizes[3] = { 64 << 10, 4 << 10, 16 << 10 };
	struct vc4_cl bin;
	struct vc4_bo *bos[4] = { NULL, NULL, NULL, target };
	bool ok = true;
	for (int i = 0; i < 3 && ok; i++) {
		bos[i] = vc4_bo_alloc(dev, sizes[i], "frame", NULL);
		uint8_t *map = bos[i] ? vc4_bo_map(bos[i], NULL) : NULL;
		if (map)
			memset(map, i, 256);
		ok = map != NULL;
	}
	/* The job borrows the CL and the BO list (target last) until submitted. */
	ok = frame_bin_cl(&bin) && ok &&
	     vc4_job_set_cls(job, bin.data, bin.len, NULL, 0, 0, NULL, 0, bos, 4, NULL) &&
	     vc4_job_set_surface(job, VC4_JOB_COLOR_WRITE, target, 0, 0x4, 0, NULL);
	vc4_job_set_tiles(job, 256, 256, 0, 0, 3, 3);
	ok = ok && vc4_job_submit(job, NULL);
	cl_free(&bin);
	for (int i = 0; i < 3; i++)
		if (bos[i])
			vc4_bo_unref(bos[i]);
	return ok;
}

static int bench_frames(unsigned jobs_per_frame, unsigned warmup, unsigned frames)
{
	struct vc4_dev *dev = open_sim();
	if (!dev)
		return 1;
	sim_kernel_set_exec(vc4_dev_sim(dev), SIM_KERNEL_EXEC_ON_WAIT);
	struct vc4_bo *target = vc4_bo_alloc(dev, 256 * 256 * 4, "target", NULL);
	struct vc4_job *job = vc4_job_create(dev);
	const struct vc4_dev_stats *st = vc4_dev_stats(dev);
	struct vc4_dev_stats before = {0};
	uint64_t frame_seqno[3] = {0}, t0 = 0;
	for (unsigned f = 0; f < warmup + frames; f++) {
		if (f == warmup) {
			before = *st;
			t0 = now_ns();
		}
		for (unsigned j = 0; j < jobs_per_frame; j++)
			if (!run_job(dev, job, target))
				return 1;
		frame_seqno[f % 3] = job->seqno;
		/* Throttle: at most two frames in flight. */
		if (f >= 2 && vc4_dev_wait_seqno(dev, frame_seqno[(f + 1) % 3], UINT64_MAX, NULL))
			return 1;
	}
	uint64_t t1 = now_ns();
	printf("frame loop: %u jobs/frame x 3 BOs/job, %u warm-up + %u frames, %.0f ns/frame\n",
	       jobs_per_frame, warmup, frames, (double)(t1 - t0) / frames);
	for (int k = 0; k < VC4_IOCTL_KIND_COUNT; k++) {
		uint64_t n = st->ioctls[k] - before.ioctls[k];
		if (n)
			printf("  %-12s %6.2f per frame\n", vc4_ioctl_kind_name(k),
			       (double)n / frames);
	}
	uint64_t creates = st->ioctls[VC4_IOCTL_CREATE_BO] - before.ioctls[VC4_IOCTL_CREATE_BO];
	printf("  CREATE_BO after warm-up: %llu (target 0): %s\n", (unsigned long long)creates,
	       creates ? "MISSED" : "met");
	printf("  cache: %llu BOs / %llu bytes held, %llu hits, %llu misses\n",
	       (unsigned long long)st->bos_cached, (unsigned long long)st->bytes_cached,
	       (unsigned long long)st->cache_hits, (unsigned long long)st->cache_misses);
	vc4_job_destroy(job);
	vc4_bo_unref(target);
	vc4_dev_close(dev);
	return creates ? 1 : 0;
}

int main(void)
{
	static const uint32_t sizes[] = { 4096, 65536, 1u << 20 };
	int status = 0;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		status |= bench_pairs(sizes[i], false, 20000);
		status |= bench_pairs(sizes[i], true, 20000);
	}
	status |= bench_frames(4, 10, 500);
	return status;
}
