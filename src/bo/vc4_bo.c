/*
 * vc4_bo.c: BO creation, shader BOs, references, mapping, waits, labels,
 * madvise and dma-buf sharing, the handle table, and the hooks the device
 * calls back (struct vc4_dev_bo_ops; the cache itself is vc4_bo_cache.c).
 */
#include "bo/vc4_bo_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The device's hook for an accepted SUBMIT_CL: its BOs are busy until its
 * seqno finishes. */
static void note_submitted(struct vc4_dev *dev, const struct drm_vc4_submit_cl *args)
{
	const uint32_t *handles = (const uint32_t *)(uintptr_t)args->bo_handles;
	for (uint32_t i = 0; i < args->bo_handle_count; i++) {
		struct vc4_bo *bo = vc4_bo_lookup(dev, handles[i]);
		if (bo)
			bo->last_seqno = args->seqno;
	}
}

/* The device's hook for capture: what a handle is, and its bytes now (a
 * malloc'ed copy, zero-filled when the BO cannot be mapped). */
static struct vc4_capture_bo describe_for_capture(struct vc4_dev *dev, uint32_t handle)
{
	struct vc4_capture_bo out = { .kind = VC4_CAPTURE_BO_MISSING };
	struct vc4_bo *bo = vc4_bo_lookup(dev, handle);
	if (!bo)
		return out;
	out.size = bo->size;
	out.kind = bo->is_shader ? VC4_CAPTURE_BO_SHADER : VC4_CAPTURE_BO_PLAIN;
	out.data = calloc(1, bo->size);
	if (!out.data)
		return out;
	const void *src = bo->is_shader ? bo->code : vc4_bo_map(bo, NULL);
	if (src)
		memcpy(out.data, src, bo->is_shader ? bo->code_size : bo->size);
	return out;
}

/* What the device calls back into this layer for (dev/vc4_dev_priv.h). */
static const struct vc4_dev_bo_ops bo_ops = {
	.submitted = note_submitted,
	.capture = describe_for_capture,
	.fini = vc4_bo_cache_fini,
};

/* Runs an ioctl; on failure copies the device's explanation into diag. */
static int bo_ioctl(struct vc4_dev *dev, unsigned long request, void *arg,
		    struct vc4_diag *diag)
{
	int ret = vc4_dev_ioctl(dev, request, arg);
	if (ret)
		vc4_diag_set(diag, "%s", vc4_dev_last_error(dev));
	return ret;
}

/* Records `bo` as the owner of its handle (false when out of memory). */
static bool track(struct vc4_dev *dev, struct vc4_bo *bo)
{
	while (dev->by_handle.len <= bo->handle)
		if (!vc4_array_push(&dev->by_handle, NULL))
			return false;
	dev->by_handle.data[bo->handle] = bo;
	dev->bo_ops = &bo_ops;
	return true;
}

static void untrack(struct vc4_dev *dev, struct vc4_bo *bo)
{
	if (bo->handle < dev->by_handle.len && dev->by_handle.data[bo->handle] == bo)
		dev->by_handle.data[bo->handle] = NULL;
}

/* Wraps a new kernel handle in a struct vc4_bo (closing the handle if that
 * fails). */
static struct vc4_bo *bo_wrap(struct vc4_dev *dev, uint32_t handle, uint32_t size,
			      const char *name, struct vc4_diag *diag)
{
	struct vc4_bo *bo = calloc(1, sizeof(*bo));
	if (bo) {
		*bo = (struct vc4_bo){ .dev = dev, .handle = handle, .size = size,
				       .refcount = 1, .name = name };
		if (track(dev, bo))
			return bo;
		free(bo);
	}
	struct drm_gem_close close_args = { .handle = handle };
	vc4_dev_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &close_args);
	vc4_diag_set(diag, "out of memory for a BO");
	return NULL;
}

static void count_live(struct vc4_dev *dev, const struct vc4_bo *bo, int sign)
{
	dev->stats.bos_live += (uint64_t)(int64_t)sign;
	dev->stats.bytes_live += (uint64_t)((int64_t)sign * bo->size);
}

/* CREATE_BO, freeing the whole cache and retrying once on ENOMEM. */
static struct vc4_bo *bo_create(struct vc4_dev *dev, uint32_t size, const char *name,
				struct vc4_diag *diag)
{
	struct drm_vc4_create_bo args = { .size = size };
	int ret = vc4_dev_ioctl(dev, DRM_IOCTL_VC4_CREATE_BO, &args);
	if (ret == -ENOMEM && dev->stats.bos_cached) {
		vc4_bo_cache_clear(dev);
		ret = vc4_dev_ioctl(dev, DRM_IOCTL_VC4_CREATE_BO, &args);
	}
	if (ret) {
		vc4_diag_set(diag, "%s", vc4_dev_last_error(dev));
		return NULL;
	}
	return bo_wrap(dev, args.handle, size, name, diag);
}

struct vc4_bo *vc4_bo_alloc(struct vc4_dev *dev, uint32_t size, const char *name,
			    struct vc4_diag *diag)
{
	if (size == 0 || size > UINT32_MAX - (VC4_BO_PAGE_SIZE - 1)) {
		vc4_diag_set(diag, "cannot allocate a BO of %u bytes", size);
		return NULL;
	}
	uint32_t rounded = (size + VC4_BO_PAGE_SIZE - 1) & ~(VC4_BO_PAGE_SIZE - 1);
	dev->stats.bo_allocs++;
	struct vc4_bo *bo = vc4_bo_cache_take(dev, rounded);
	if (bo) {
		dev->stats.cache_hits++;
		bo->refcount = 1;
		bo->name = name;
	} else {
		dev->stats.cache_misses++;
		bo = bo_create(dev, rounded, name, diag);
	}
	if (bo)
		count_live(dev, bo, 1);
	return bo;
}

struct vc4_bo *vc4_bo_alloc_shader(struct vc4_dev *dev, const void *code, uint32_t size,
				   struct vc4_diag *diag)
{
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy) {
		vc4_diag_set(diag, "out of memory for a %u-byte shader", size);
		return NULL;
	}
	if (size)
		memcpy(copy, code, size);
	struct drm_vc4_create_shader_bo args = { .size = size, .data = (uintptr_t)copy };
	struct vc4_bo *bo = NULL;
	if (bo_ioctl(dev, DRM_IOCTL_VC4_CREATE_SHADER_BO, &args, diag) == 0) {
		uint32_t padded = (size + VC4_BO_PAGE_SIZE - 1) & ~(VC4_BO_PAGE_SIZE - 1);
		bo = bo_wrap(dev, args.handle, padded, "code", diag);
	}
	if (!bo) {
		free(copy);
		return NULL;
	}
	bo->is_shader = true;
	bo->code = copy;
	bo->code_size = size;
	count_live(dev, bo, 1);
	return bo;
}

struct vc4_bo *vc4_bo_ref(struct vc4_bo *bo)
{
	bo->refcount++;
	return bo;
}

void vc4_bo_destroy(struct vc4_bo *bo)
{
	struct vc4_dev *dev = bo->dev;
	if (bo->map)
		vc4_dev_munmap(dev, bo->map, bo->size);
	struct drm_gem_close args = { .handle = bo->handle };
	vc4_dev_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &args);
	untrack(dev, bo);
	free(bo->code);
	free(bo);
}

void vc4_bo_unref(struct vc4_bo *bo)
{
	if (!bo || --bo->refcount > 0)
		return;
	count_live(bo->dev, bo, -1);
	if (!vc4_bo_cache_put(bo->dev, bo))
		vc4_bo_destroy(bo);
}

void *vc4_bo_map(struct vc4_bo *bo, struct vc4_diag *diag)
{
	if (bo->map)
		return bo->map;
	if (bo->is_shader) {
		vc4_diag_set(diag, "shader BO %u cannot be mapped: the kernel keeps shader "
			     "code immutable", bo->handle);
		return NULL;
	}
	struct drm_vc4_mmap_bo args = { .handle = bo->handle };
	if (bo_ioctl(bo->dev, DRM_IOCTL_VC4_MMAP_BO, &args, diag))
		return NULL;
	int err = 0;
	bo->map = vc4_dev_mmap(bo->dev, args.offset, bo->size, true, &err);
	if (!bo->map)
		vc4_diag_set(diag, "%s", vc4_dev_last_error(bo->dev));
	return bo->map;
}

int vc4_bo_wait(struct vc4_bo *bo, uint64_t timeout_ns, struct vc4_diag *diag)
{
	struct drm_vc4_wait_bo args = { .handle = bo->handle, .timeout_ns = timeout_ns };
	int ret;
	unsigned tries = 0;
	do
		ret = vc4_dev_ioctl(bo->dev, DRM_IOCTL_VC4_WAIT_BO, &args);
	while ((ret == -EINTR || ret == -EAGAIN) && ++tries < 1000);
	if (ret == -ETIME)
		vc4_diag_set(diag, "BO %u still busy after %llu ns", bo->handle,
			     (unsigned long long)timeout_ns);
	else if (ret)
		vc4_diag_set(diag, "%s", vc4_dev_last_error(bo->dev));
	return ret;
}

bool vc4_bo_label(struct vc4_bo *bo, const char *name, struct vc4_diag *diag)
{
	struct drm_vc4_label_bo args = { .handle = bo->handle, .len = (uint32_t)strlen(name),
					 .name = (uintptr_t)name };
	return bo_ioctl(bo->dev, DRM_IOCTL_VC4_LABEL_BO, &args, diag) == 0;
}

bool vc4_bo_madvise(struct vc4_bo *bo, uint32_t madv, bool *retained, struct vc4_diag *diag)
{
	struct drm_vc4_gem_madvise args = { .handle = bo->handle, .madv = madv };
	if (bo_ioctl(bo->dev, DRM_IOCTL_VC4_GEM_MADVISE, &args, diag))
		return false;
	if (retained)
		*retained = args.retained != 0;
	return true;
}

bool vc4_bo_export_dmabuf(struct vc4_bo *bo, int *fd, struct vc4_diag *diag)
{
	if (bo->is_shader)
		return vc4_diag_set(diag, "shader BO %u cannot be exported", bo->handle);
	struct drm_prime_handle args = { .handle = bo->handle, .flags = DRM_CLOEXEC | DRM_RDWR,
					 .fd = -1 };
	if (bo_ioctl(bo->dev, DRM_IOCTL_PRIME_HANDLE_TO_FD, &args, diag))
		return false;
	bo->shared = true;
	*fd = args.fd;
	return true;
}

struct vc4_bo *vc4_bo_import_dmabuf(struct vc4_dev *dev, int fd, struct vc4_diag *diag)
{
	struct drm_prime_handle args = { .fd = fd };
	if (bo_ioctl(dev, DRM_IOCTL_PRIME_FD_TO_HANDLE, &args, diag))
		return NULL;
	struct vc4_bo *known = vc4_bo_lookup(dev, args.handle);
	if (known)
		return vc4_bo_ref(known);
	off_t end = lseek(fd, 0, SEEK_END);
	if (end <= 0 || (uint64_t)end > UINT32_MAX) {
		struct drm_gem_close close_args = { .handle = args.handle };
		vc4_dev_ioctl(dev, DRM_IOCTL_GEM_CLOSE, &close_args);
		vc4_diag_set(diag, "dma-buf fd %d: cannot read its size", fd);
		return NULL;
	}
	struct vc4_bo *bo = bo_wrap(dev, args.handle, (uint32_t)end, "import", diag);
	if (bo) {
		bo->shared = true;
		count_live(dev, bo, 1);
	}
	return bo;
}

struct vc4_bo *vc4_bo_lookup(struct vc4_dev *dev, uint32_t handle)
{
	return handle < dev->by_handle.len ? dev->by_handle.data[handle] : NULL;
}
