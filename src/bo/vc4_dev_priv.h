/*
 * vc4_dev_priv.h: the device's state, shared by the files of src/bo only.
 */
#ifndef VC4_BO_VC4_DEV_PRIV_H
#define VC4_BO_VC4_DEV_PRIV_H

#include <vc4_drm.h>

#include "bo/vc4_bo.h"
#include "bo/vc4_dev.h"
#include "util/array.h"

#define VC4_PARAM_COUNT (DRM_VC4_PARAM_SUPPORTS_PERFMON + 1)

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

struct vc4_dev {
	enum vc4_backend backend;
	int fd;                          /* DRM backend */
	struct sim_kernel *sim;          /* SIM backend */
	uint64_t params[VC4_PARAM_COUNT];
	bool param_known[VC4_PARAM_COUNT];
	struct vc4_dev_stats stats;
	struct vc4_diag last_error;
	uint64_t finished_seqno;         /* highest seqno known finished */
	VC4_ARRAY(struct vc4_bo *) by_handle; /* live (not cached) BOs; NULL = none */
	struct vc4_bo_cache cache;
	uint64_t (*now_ns)(void *user);
	void *clock_user;
	char *capture_dir;               /* NULL: not capturing */
	unsigned capture_next;           /* next NNNN to try */
	int hang_state_denied;           /* errno GET_HANG_STATE gave (not ENOENT), or 0 */
	uint64_t hangs_seen;             /* SIM: hung jobs of the kernel's log already told */
};

/* Records `bo` as the owner of its handle (false when out of memory). */
bool vc4_dev_track_bo(struct vc4_dev *dev, struct vc4_bo *bo);
void vc4_dev_untrack_bo(struct vc4_dev *dev, struct vc4_bo *bo);

/* Closes the handle and unmaps: the end of a BO. */
void vc4_bo_destroy(struct vc4_bo *bo);

/* The cache (vc4_bo_cache.c). take: an idle, retained BO of exactly `size`
 * bytes, or NULL. put: caches `bo` (true) or refuses it (false). */
struct vc4_bo *vc4_bo_cache_take(struct vc4_dev *dev, uint32_t size);
bool vc4_bo_cache_put(struct vc4_dev *dev, struct vc4_bo *bo);
void vc4_bo_cache_fini(struct vc4_dev *dev);

/* Capture (vc4_capture_write.c): writes one SUBMIT_CL before it runs and
 * returns its directory index (-1 when it could not be written), then its
 * verdict once the kernel answered. */
int vc4_capture_submit(struct vc4_dev *dev, const struct drm_vc4_submit_cl *args);
void vc4_capture_verdict(struct vc4_dev *dev, int index, int ret);

#endif
