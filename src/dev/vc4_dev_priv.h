/*
 * vc4_dev_priv.h: the device's state, shared by src/dev and the areas built
 * on it (src/bo keeps its per-device BO table and cache here, src/job its
 * job counts). Not installed, not for the driver.
 *
 * The device never calls up into src/bo: what it needs of the BOs at the
 * dispatch point (marking a submission's BOs busy, reading their contents
 * for capture) and at close (freeing the cache) goes through the hooks
 * src/bo installs in `bo_ops` when it tracks its first BO.
 */
#ifndef VC4_DEV_VC4_DEV_PRIV_H
#define VC4_DEV_VC4_DEV_PRIV_H

#include <vc4_drm.h>

#include "dev/vc4_capture.h"
#include "dev/vc4_dev.h"
#include "util/array.h"

#define VC4_PARAM_COUNT (DRM_VC4_PARAM_SUPPORTS_PERFMON + 1)

/* The BO cache's limits until vc4_bo_cache_set_limits() changes them. */
#define VC4_BO_CACHE_DEFAULT_MAX_AGE_NS 1000000000u
#define VC4_BO_CACHE_DEFAULT_MAX_BYTES (64u << 20)

struct vc4_bo;

/* A list through one pair of link fields of struct vc4_bo. */
struct vc4_bo_list {
	struct vc4_bo *head, *tail; /* head = oldest */
};

struct vc4_bo_cache {
	VC4_ARRAY(struct vc4_bo_list) buckets; /* index = page count - 1 */
	struct vc4_bo_list by_time;            /* every cached BO, oldest first */
	uint64_t max_age_ns;
	uint64_t max_bytes;
};

/* What the device asks of the BO layer; src/bo sets dev->bo_ops. */
struct vc4_dev_bo_ops {
	/* An accepted SUBMIT_CL: its BOs are busy until args->seqno finishes. */
	void (*submitted)(struct vc4_dev *dev, const struct drm_vc4_submit_cl *args);
	/* What `handle` is and a malloc'ed copy of its bytes now, for capture
	 * (kind VC4_CAPTURE_BO_MISSING when it is no BO of the device). */
	struct vc4_capture_bo (*capture)(struct vc4_dev *dev, uint32_t handle);
	/* The device is closing: free every cached BO and the cache. */
	void (*fini)(struct vc4_dev *dev);
};

struct vc4_dev {
	enum vc4_backend backend;
	int fd;                          /* DRM backend */
	struct sim_kernel *sim;          /* SIM backend */
	uint64_t params[VC4_PARAM_COUNT];
	bool param_known[VC4_PARAM_COUNT];
	struct vc4_dev_stats stats;
	struct vc4_diag last_error;
	uint64_t finished_seqno;         /* highest seqno known finished */
	const struct vc4_dev_bo_ops *bo_ops; /* NULL until src/bo tracks a BO */
	VC4_ARRAY(struct vc4_bo *) by_handle; /* src/bo: live (not cached) BOs; NULL = none */
	struct vc4_bo_cache cache;       /* src/bo */
	uint64_t (*now_ns)(void *user);
	void *clock_user;
	char *capture_dir;               /* NULL: not capturing */
	unsigned capture_next;           /* next NNNN to try */
	int hang_state_denied;           /* errno GET_HANG_STATE gave (not ENOENT), or 0 */
	uint64_t hangs_seen;             /* SIM: hung jobs of the kernel's log already told */
};

/* Capture (vc4_capture_write.c): writes one SUBMIT_CL before it runs and
 * returns its directory index (-1 when it could not be written). */
int vc4_capture_submit(struct vc4_dev *dev, const struct drm_vc4_submit_cl *args);
/* Writes the kernel's verdict `ret` on capture `index`. */
void vc4_capture_verdict(struct vc4_dev *dev, int index, int ret);

#endif
