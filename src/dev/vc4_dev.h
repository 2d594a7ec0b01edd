/*
 * vc4_dev.h: the device: opening vc4 through libdrm or the simulated kernel,
 * the one ioctl dispatch point, GET_PARAM answers, statistics, the last
 * kernel error, and the capture switch.
 *
 * Every ioctl of the driver goes through vc4_dev_ioctl() with the real
 * DRM_IOCTL_* request number and the real vc4_drm.h / drm.h struct; only that
 * function (and vc4_dev_mmap) knows which backend answers.
 */
#ifndef VC4_DEV_VC4_DEV_H
#define VC4_DEV_VC4_DEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/diag.h"

struct vc4_dev;
struct sim_kernel;

enum vc4_backend {
	VC4_BACKEND_AUTO, /* a vc4 DRM device if there is one, else the simulator */
	VC4_BACKEND_SIM,
	VC4_BACKEND_DRM,
};

/* The ioctls the statistics count, one row each in vc4_dev.c's table. */
enum vc4_ioctl_kind {
	VC4_IOCTL_SUBMIT_CL,
	VC4_IOCTL_WAIT_SEQNO,
	VC4_IOCTL_WAIT_BO,
	VC4_IOCTL_CREATE_BO,
	VC4_IOCTL_MMAP_BO,
	VC4_IOCTL_CREATE_SHADER_BO,
	VC4_IOCTL_GET_HANG_STATE,
	VC4_IOCTL_GET_PARAM,
	VC4_IOCTL_SET_TILING,
	VC4_IOCTL_GET_TILING,
	VC4_IOCTL_LABEL_BO,
	VC4_IOCTL_GEM_MADVISE,
	VC4_IOCTL_PERFMON_CREATE,
	VC4_IOCTL_PERFMON_DESTROY,
	VC4_IOCTL_PERFMON_GET_VALUES,
	VC4_IOCTL_GEM_CLOSE,
	VC4_IOCTL_PRIME_HANDLE_TO_FD,
	VC4_IOCTL_PRIME_FD_TO_HANDLE,
	VC4_IOCTL_OTHER,
	VC4_IOCTL_KIND_COUNT
};

struct vc4_dev_stats {
	uint64_t ioctls[VC4_IOCTL_KIND_COUNT]; /* calls by kind */
	uint64_t ioctl_failures;               /* calls that returned an error */
	uint64_t bo_allocs;                    /* vc4_bo_alloc() calls */
	uint64_t cache_hits, cache_misses;     /* of those, served from / not from the cache */
	uint64_t cache_purged;                 /* cached BOs found purged on reuse */
	uint64_t cache_evictions;              /* cached BOs freed by age or cap */
	uint64_t bos_cached, bytes_cached;     /* in the cache now */
	uint64_t bos_live, bytes_live;         /* held by the driver now (not cached) */
	uint64_t jobs_submitted, jobs_rejected;
	uint64_t captures;                     /* submissions written by capture */
};

struct vc4_dev_options {
	enum vc4_backend backend; /* AUTO: $VC4_BACKEND (auto|sim|drm) decides */
	const char *capture_dir;  /* NULL: $VC4_CAPTURE, if set */
	uint32_t sim_memory_size; /* 0: SIM_KERNEL_DEFAULT_SIZE */
};

/* Opens the device (opts may be NULL). On DRM: the node whose driver is
 * "vc4", preferring a render node; its GET_PARAM answers are read once.
 * Returns NULL with the reason in diag. */
struct vc4_dev *vc4_dev_open(const struct vc4_dev_options *opts, struct vc4_diag *diag);

/* Frees the BO cache and closes the device. Live BOs must be gone. */
void vc4_dev_close(struct vc4_dev *dev);

enum vc4_backend vc4_dev_backend(const struct vc4_dev *dev);
const char *vc4_backend_name(enum vc4_backend backend);

/* The one dispatch point: runs `request` with `arg` on the backend, counts
 * it, captures SUBMIT_CL. Returns 0 or a negative errno; on failure
 * vc4_dev_last_error() says what the kernel rejected. */
int vc4_dev_ioctl(struct vc4_dev *dev, unsigned long request, void *arg);

/* The last failing ioctl's explanation ("" if none): on the simulator the
 * kernel's exact reason, on DRM the errno and what it most likely means. */
const char *vc4_dev_last_error(const struct vc4_dev *dev);

/* What a positive errno from the real kernel most likely means (the DRM
 * backend's explanation; the kernel's own reason only reaches dmesg). */
const char *vc4_dev_errno_hint(int err);

/* Maps `size` bytes at the fake offset MMAP_BO returned (mmap(2) on the DRM
 * fd, a host pointer on the simulator). NULL and *err = -errno on failure. */
void *vc4_dev_mmap(struct vc4_dev *dev, uint64_t offset, size_t size, bool writable,
		   int *err);
void vc4_dev_munmap(struct vc4_dev *dev, void *ptr, size_t size);

/* GET_PARAM answer read at open; false when the kernel does not know the
 * parameter (older kernels: the feature is absent). */
bool vc4_dev_param(const struct vc4_dev *dev, uint32_t param, uint64_t *value);

/* Replaces the GET_PARAM answer for `param` (known = false: the kernel does
 * not know it). Tests use it to model older kernels. */
void vc4_dev_set_param(struct vc4_dev *dev, uint32_t param, bool known, uint64_t value);

const struct vc4_dev_stats *vc4_dev_stats(const struct vc4_dev *dev);
const char *vc4_ioctl_kind_name(enum vc4_ioctl_kind kind);
enum vc4_ioctl_kind vc4_ioctl_kind_of(unsigned long request);

/* The simulated kernel behind a SIM device (NULL on DRM), for tests and tools. */
struct sim_kernel *vc4_dev_sim(struct vc4_dev *dev);

/* Starts (dir != NULL) or stops capturing every SUBMIT_CL into dir/NNNN/. */
bool vc4_dev_set_capture(struct vc4_dev *dev, const char *dir, struct vc4_diag *diag);

/* The clock the BO cache ages entries by (CLOCK_MONOTONIC by default). */
void vc4_dev_set_clock(struct vc4_dev *dev, uint64_t (*now_ns)(void *user), void *user);
uint64_t vc4_dev_now_ns(const struct vc4_dev *dev);

/* Waits until `seqno` has finished, retrying on EINTR/EAGAIN with the time
 * left. Returns 0, -ETIME on timeout, or another -errno (diag says why). */
int vc4_dev_wait_seqno(struct vc4_dev *dev, uint64_t seqno, uint64_t timeout_ns,
		       struct vc4_diag *diag);

/* Whether a job hung since the last call, as the kernel tells it (vc4_hang.c):
 * GET_HANG_STATE, which Linux answers with the first hang's saved state
 * until it is read (the call reads it and closes the BO handles it gives);
 * on the SIM backend the simulated kernel's log of hung jobs (its dmesg),
 * with the pipeline's reason. True with the reason in `why`. False when no
 * hang is known, also when the kernel refuses to say (a render node or no
 * root: hangs then go unnoticed on DRM). */
bool vc4_dev_check_hang(struct vc4_dev *dev, struct vc4_diag *why);

#endif
