/*
 * vc4_replay.c: replaying a loaded capture on any backend: new BOs with the
 * captured contents, the captured SUBMIT_CL with the new handles, a wait,
 * a look for a hang (vc4_dev_check_hang: the job completes either way), and
 * optionally a copy of one BO as the job left it (vc4-replay --png).
 */
#include "job/vc4_replay.h"

#include <stdlib.h>
#include <string.h>

#include "bo/vc4_bo.h"

/* A BO like the captured one; NULL (reason in verdict) if the kernel
 * refuses it. Missing BOs give NULL with no error. */
static struct vc4_bo *recreate_bo(struct vc4_dev *dev, const struct vc4_capture_bo *cb,
				  uint32_t index, struct vc4_diag *verdict)
{
	struct vc4_diag d = {0};
	struct vc4_bo *bo = NULL;
	if (cb->kind == VC4_CAPTURE_BO_MISSING)
		return NULL;
	if (cb->kind == VC4_CAPTURE_BO_SHADER) {
		bo = vc4_bo_alloc_shader(dev, cb->data, cb->size, &d);
	} else {
		bo = vc4_bo_alloc(dev, cb->size, "replay", &d);
		void *map = bo ? vc4_bo_map(bo, &d) : NULL;
		if (map)
			memcpy(map, cb->data, cb->size);
		else if (bo) {
			vc4_bo_unref(bo);
			bo = NULL;
		}
	}
	if (!bo)
		vc4_diag_set(verdict, "bo %u: %s", index, d.msg);
	return bo;
}

/* A malloc'ed copy of the first `size` bytes of `bo` (size <= bo->size);
 * NULL with the reason in diag. */
static uint8_t *copy_contents(struct vc4_bo *bo, uint32_t size, uint32_t index,
			      struct vc4_diag *diag)
{
	struct vc4_diag d = {0};
	const void *map = vc4_bo_map(bo, &d);
	if (!map) {
		vc4_diag_set(diag, "bo %u: %s", index, d.msg);
		return NULL;
	}
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy) {
		vc4_diag_set(diag, "bo %u: out of memory for %u bytes", index, size);
		return NULL;
	}
	memcpy(copy, map, size);
	return copy;
}

enum vc4_replay_result vc4_capture_replay(struct vc4_dev *dev, const struct vc4_capture *cap,
					  struct vc4_diag *verdict)
{
	return vc4_capture_replay_read(dev, cap, NULL, verdict);
}

enum vc4_replay_result vc4_capture_replay_read(struct vc4_dev *dev, const struct vc4_capture *cap,
					       struct vc4_replay_readback *rb,
					       struct vc4_diag *verdict)
{
	uint32_t n = cap->args.bo_handle_count;
	struct vc4_bo **bos = calloc(n + 1, sizeof(*bos));
	uint32_t *handles = calloc(n + 1, sizeof(*handles));
	enum vc4_replay_result result = VC4_REPLAY_REJECTED;
	if (!bos || !handles) {
		vc4_diag_set(verdict, "out of memory");
		goto out;
	}
	for (uint32_t i = 0; i < n; i++) {
		bos[i] = recreate_bo(dev, &cap->bos[i], i, verdict);
		if (!bos[i] && cap->bos[i].kind != VC4_CAPTURE_BO_MISSING)
			goto out;
		handles[i] = bos[i] ? bos[i]->handle : 0;
	}
	struct drm_vc4_submit_cl args = cap->args;
	args.bin_cl = (uintptr_t)cap->bin_cl;
	args.shader_rec = (uintptr_t)cap->shader_rec;
	args.uniforms = (uintptr_t)cap->uniforms;
	args.bo_handles = (uintptr_t)handles;
	struct vc4_diag earlier = {0};
	vc4_dev_check_hang(dev, &earlier); /* a hang from before is not this job's */
	if (vc4_dev_ioctl(dev, DRM_IOCTL_VC4_SUBMIT_CL, &args) != 0) {
		vc4_diag_set(verdict, "%s", vc4_dev_last_error(dev));
		goto out;
	}
	if (vc4_dev_wait_seqno(dev, args.seqno, UINT64_MAX, verdict) == 0)
		result = vc4_dev_check_hang(dev, verdict) ? VC4_REPLAY_HUNG : VC4_REPLAY_ACCEPTED;
	if (result == VC4_REPLAY_ACCEPTED && rb && rb->index < n && bos[rb->index]) {
		struct vc4_bo *bo = bos[rb->index];
		uint32_t size = cap->bos[rb->index].size < bo->size ? cap->bos[rb->index].size
								   : bo->size;
		rb->data = copy_contents(bo, size, rb->index, &rb->diag);
		rb->size = rb->data ? size : 0;
	}
out:
	for (uint32_t i = 0; bos && i < n; i++)
		vc4_bo_unref(bos[i]);
	free(bos);
	free(handles);
	return result;
}
