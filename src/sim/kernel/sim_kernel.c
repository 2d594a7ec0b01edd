/*
 * sim_kernel.c: the simulated kernel's device state, its ioctl dispatch and
 * the BO ioctls (CREATE_BO, MMAP_BO, CREATE_SHADER_BO, GET_PARAM, SET/GET_TILING,
 * LABEL_BO, GEM_MADVISE, GEM_CLOSE, PRIME, PERFMON). SUBMIT_CL and the waits
 * are in sim_submit.c. Rules and errnos follow the Linux vc4 driver
 * (docs/device.md lists them and which messages are the kernel's own).
 */
#include "sim_kernel_job.h"
#include "sim_validate.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_kernel.h"

/* GET_PARAM answers of a real BCM2835/6/7 V3D (docs/device.md). */
static const uint64_t param_values[] = {
	[DRM_VC4_PARAM_V3D_IDENT0] = 0x02443356,
	[DRM_VC4_PARAM_V3D_IDENT1] = 0xc0102431,
	[DRM_VC4_PARAM_V3D_IDENT2] = 0x00000000,
	[DRM_VC4_PARAM_SUPPORTS_BRANCHES] = 1,
	[DRM_VC4_PARAM_SUPPORTS_ETC1] = 1,
	[DRM_VC4_PARAM_SUPPORTS_THREADED_FS] = 1,
	[DRM_VC4_PARAM_SUPPORTS_FIXED_RCL_ORDER] = 1,
	[DRM_VC4_PARAM_SUPPORTS_MADVISE] = 1,
	[DRM_VC4_PARAM_SUPPORTS_PERFMON] = 1,
};

#define DRM_FORMAT_MOD_VC4_T_TILED 0x0700000000000001ull

struct sim_kernel *sim_kernel_create(uint32_t base, uint32_t size, struct vc4_diag *diag)
{
	struct sim_kernel *k = calloc(1, sizeof(*k));
	if (base % SIM_PAGE_SIZE || base == 0 || (uint64_t)base + size > UINT32_MAX + 1ull) {
		free(k);
		vc4_diag_set(diag, "simulated kernel: bad arena 0x%08x + 0x%08x", base, size);
		return NULL;
	}
	if (k)
		k->mem.bytes = calloc(size ? size : 1, 1);
	if (!k || !k->mem.bytes || !sim_arena_init(&k->arena, base, size)) {
		if (k)
			free(k->mem.bytes);
		free(k);
		vc4_diag_set(diag, "simulated kernel: out of memory for a %u-byte arena", size);
		return NULL;
	}
	k->mem.base = base;
	k->mem.size = size;
	return k;
}

/* Destroys the simulated kernel: runs every queued job, frees the binner,
 * every BO still open, the queue, the perfmons, the pipeline, the arena and
 * the memory. NULL is allowed. */
void sim_kernel_destroy(struct sim_kernel *k)
{
	if (!k)
		return;
	sim_kernel_retire(k, k->emitted_seqno);
	sim_binner_fini(k);
	for (size_t i = 0; i < k->handles.len; i++)
		if (k->handles.data[i])
			sim_kernel_bo_free(k, k->handles.data[i]);
	vc4_array_free(&k->handles);
	vc4_array_free(&k->queue);
	sim_kernel_perfmon_fini(k);
	sim_pipe_destroy(k->pipe);
	sim_arena_fini(&k->arena);
	free(k->mem.bytes);
	free(k);
}

const char *sim_kernel_last_error(const struct sim_kernel *k)
{
	return k->err.set ? k->err.msg : "";
}

const char *sim_kernel_last_hang(const struct sim_kernel *k)
{
	return k->hang.set ? k->hang.msg : "";
}

uint64_t sim_kernel_hung_jobs(const struct sim_kernel *k)
{
	return k->hung_jobs;
}

const struct sim_pipe_stats *sim_kernel_last_stats(const struct sim_kernel *k)
{
	return &k->last_stats;
}

struct sim_memory *sim_kernel_memory(struct sim_kernel *k)
{
	return &k->mem;
}

void sim_kernel_set_exec(struct sim_kernel *k, enum sim_kernel_exec exec)
{
	k->exec = exec;
}

void sim_kernel_inject_error(struct sim_kernel *k, unsigned long request, int err,
			     unsigned count)
{
	k->inject.request = request;
	k->inject.err = err;
	k->inject.count = count;
}

uint32_t sim_kernel_bytes_used(const struct sim_kernel *k)
{
	return k->arena.used;
}

bool sim_kernel_bo_info(const struct sim_kernel *k, uint32_t handle,
			struct sim_kernel_bo_info *info)
{
	const struct sim_bo *bo = sim_kernel_lookup(k, handle);
	if (!bo)
		return false;
	*info = (struct sim_kernel_bo_info){
		.paddr = bo->paddr, .size = bo->size, .is_shader = bo->is_shader,
		.madv = bo->madv, .seqno = bo->seqno, .usecnt = bo->usecnt,
		.label = bo->label,
	};
	return true;
}

unsigned sim_kernel_purge(struct sim_kernel *k)
{
	unsigned n = 0;
	for (size_t i = 0; i < k->handles.len; i++) {
		struct sim_bo *bo = k->handles.data[i];
		if (!bo || bo->madv != VC4_MADV_DONTNEED || bo->usecnt || !bo->paddr)
			continue;
		sim_arena_free(&k->arena, bo->paddr, bo->size);
		bo->paddr = 0;
		bo->madv = __VC4_MADV_PURGED;
		n++;
	}
	return n;
}

/* The lowest free handle (handles start at 1, like the kernel's idr). */
static bool handle_alloc(struct sim_kernel *k, size_t *out)
{
	if (k->handles.len == 0 && !vc4_array_push(&k->handles, NULL))
		return false;
	size_t h = 1;
	while (h < k->handles.len && k->handles.data[h])
		h++;
	if (h == k->handles.len && !vc4_array_push(&k->handles, NULL))
		return false;
	*out = h;
	return true;
}

/* A zeroed BO of roundup(size, page) bytes with a new handle: CMA first,
 * then (like the kernel) purge purgeable BOs and retry once. */
static int bo_create(struct sim_kernel *k, uint32_t size, struct sim_bo **out)
{
	uint64_t up = ((uint64_t)size + SIM_PAGE_SIZE - 1) & ~(uint64_t)(SIM_PAGE_SIZE - 1);
	uint32_t rounded = (uint32_t)up; /* 0 when it wraps, as on a 32-bit kernel */
	if (size == 0 || rounded == 0)
		return sim_kernel_fail(k, EINVAL, "BO size %u rounds up to 0 bytes", size);
	uint32_t paddr;
	if (!sim_arena_alloc(&k->arena, rounded, &paddr) &&
	    (sim_kernel_purge(k) == 0 || !sim_arena_alloc(&k->arena, rounded, &paddr)))
		return sim_kernel_fail(k, ENOMEM, "out of CMA memory for a %u-byte BO "
				       "(%u of %u bytes in use)", rounded, k->arena.used,
				       k->arena.total);
	size_t handle;
	struct sim_bo *bo = calloc(1, sizeof(*bo));
	if (!bo || !handle_alloc(k, &handle)) {
		free(bo);
		sim_arena_free(&k->arena, paddr, rounded);
		return sim_kernel_fail(k, ENOMEM, "out of memory for a BO handle");
	}
	memset(sim_memory_ptr(&k->mem, paddr, rounded), 0, rounded);
	*bo = (struct sim_bo){ .handle = (uint32_t)handle, .paddr = paddr, .size = rounded,
			       .madv = VC4_MADV_WILLNEED };
	k->handles.data[handle] = bo;
	*out = bo;
	return 0;
}

/* Releases a handle: the BO goes once no queued job uses it. */
static void handle_close(struct sim_kernel *k, struct sim_bo *bo)
{
	k->handles.data[bo->handle] = NULL;
	bo->handle = 0;
	if (bo->usecnt == 0)
		sim_kernel_bo_free(k, bo);
}

static int create_bo(struct sim_kernel *k, struct drm_vc4_create_bo *args)
{
	struct sim_bo *bo;
	int ret = bo_create(k, args->size, &bo);
	if (ret == 0)
		args->handle = bo->handle;
	return ret;
}

/* MMAP_BO's fake offsets, like Linux's: pages from 0x10000000 up (where a
 * 32-bit kernel starts them), one page per handle, so they fit a 32-bit
 * off_t. */
#define MMAP_OFFSET_START 0x10000000u

static uint64_t mmap_offset_of(uint32_t handle)
{
	return MMAP_OFFSET_START + (uint64_t)handle * SIM_PAGE_SIZE;
}

/* The handle whose MMAP_BO gave `offset`; 0 if none could have. */
static uint32_t handle_of_mmap_offset(uint64_t offset)
{
	if (offset < MMAP_OFFSET_START || offset % SIM_PAGE_SIZE ||
	    (offset - MMAP_OFFSET_START) / SIM_PAGE_SIZE > UINT32_MAX)
		return 0;
	return (uint32_t)((offset - MMAP_OFFSET_START) / SIM_PAGE_SIZE);
}

static int mmap_bo(struct sim_kernel *k, struct drm_vc4_mmap_bo *args)
{
	if (!sim_kernel_lookup(k, args->handle))
		return sim_kernel_fail(k, EINVAL, "Failed to look up GEM BO %d", args->handle);
	args->offset = mmap_offset_of(args->handle);
	return 0;
}

void *sim_kernel_mmap(struct sim_kernel *k, uint64_t offset, uint64_t size, bool writable,
		      int *err)
{
	vc4_diag_clear(&k->err);
	uint32_t handle = handle_of_mmap_offset(offset);
	struct sim_bo *bo = handle ? sim_kernel_lookup(k, handle) : NULL;
	if (!bo)
		*err = sim_kernel_fail(k, EINVAL, "mmap: no BO at offset 0x%llx",
				       (unsigned long long)offset);
	else if (bo->is_shader && writable)
		*err = sim_kernel_fail(k, EINVAL, "mmaping of shader BOs for writing not allowed.");
	else if (bo->madv != VC4_MADV_WILLNEED)
		*err = sim_kernel_fail(k, EINVAL, "mmaping of %s BO not allowed",
				       bo->madv == VC4_MADV_DONTNEED ? "purgeable" : "purged");
	else if (size == 0 || size > bo->size)
		*err = sim_kernel_fail(k, EINVAL, "mmap: %llu bytes of a %u-byte BO",
				       (unsigned long long)size, bo->size);
	else
		return sim_memory_ptr(&k->mem, bo->paddr, (uint32_t)size);
	return NULL;
}

/* Runs the kernel's shader rules over a shader BO's padded words. */
static int validate_shader(struct sim_kernel *k, struct sim_bo *bo)
{
	size_t count = bo->size / 8;
	uint64_t *words = malloc(bo->size);
	struct qpu_kernel_info *info = calloc(1, sizeof(*info));
	if (!words || !info) {
		free(words);
		free(info);
		return sim_kernel_fail(k, ENOMEM, "out of memory validating a shader");
	}
	memcpy(words, sim_memory_ptr(&k->mem, bo->paddr, bo->size), bo->size);
	struct vc4_diag d = {0};
	bool ok = qpu_kernel_validate(words, count, info, &d);
	free(words);
	if (!ok) {
		free(info);
		return sim_kernel_fail(k, EINVAL, "%s", d.msg);
	}
	bo->shader = info;
	return 0;
}

/* CREATE_SHADER_BO: checks the arguments (size a nonzero multiple of 8, no
 * flags, no padding, a readable pointer), copies the code into a new BO and
 * validates it as the kernel would; on rejection the BO is closed. Returns 0
 * with args->handle set, or a negative errno with the reason recorded. */
static int create_shader_bo(struct sim_kernel *k, struct drm_vc4_create_shader_bo *args)
{
	if (args->size == 0)
		return sim_kernel_fail(k, EINVAL, "shader size is 0");
	if (args->size % 8)
		return sim_kernel_fail(k, EINVAL, "shader size %u is not a multiple of 8",
				       args->size);
	if (args->flags)
		return sim_kernel_fail(k, EINVAL, "Unknown flags set: 0x%08x", args->flags);
	if (args->pad)
		return sim_kernel_fail(k, EINVAL, "Pad set: 0x%08x", args->pad);
	if (args->data == 0 || args->data > UINTPTR_MAX)
		return sim_kernel_fail(k, EFAULT, "shader data pointer 0x%llx is not readable",
				       (unsigned long long)args->data);
	struct sim_bo *bo;
	int ret = bo_create(k, args->size, &bo);
	if (ret)
		return ret;
	bo->is_shader = true;
	memcpy(sim_memory_ptr(&k->mem, bo->paddr, args->size),
	       (const void *)(uintptr_t)args->data, args->size);
	ret = validate_shader(k, bo);
	if (ret) {
		handle_close(k, bo);
		return ret;
	}
	args->handle = bo->handle;
	return 0;
}

static int get_param(struct sim_kernel *k, struct drm_vc4_get_param *args)
{
	if (args->pad)
		return sim_kernel_fail(k, EINVAL, "GET_PARAM pad set: 0x%08x", args->pad);
	if (args->param >= sizeof(param_values) / sizeof(param_values[0]))
		return sim_kernel_fail(k, EINVAL, "Unknown parameter %d", (int)args->param);
	args->value = param_values[args->param];
	return 0;
}

static int set_tiling(struct sim_kernel *k, struct drm_vc4_set_tiling *args)
{
	if (args->flags)
		return sim_kernel_fail(k, EINVAL, "SET_TILING flags set: 0x%08x", args->flags);
	if (args->modifier != 0 && args->modifier != DRM_FORMAT_MOD_VC4_T_TILED)
		return sim_kernel_fail(k, EINVAL, "unknown modifier 0x%016llx",
				       (unsigned long long)args->modifier);
	struct sim_bo *bo = sim_kernel_lookup(k, args->handle);
	if (!bo)
		return sim_kernel_fail(k, ENOENT, "Failed to look up GEM BO %d", args->handle);
	bo->t_format = args->modifier != 0;
	return 0;
}

static int get_tiling(struct sim_kernel *k, struct drm_vc4_get_tiling *args)
{
	if (args->flags || args->modifier)
		return sim_kernel_fail(k, EINVAL, "GET_TILING flags or modifier set on input");
	struct sim_bo *bo = sim_kernel_lookup(k, args->handle);
	if (!bo)
		return sim_kernel_fail(k, ENOENT, "Failed to look up GEM BO %d", args->handle);
	args->modifier = bo->t_format ? DRM_FORMAT_MOD_VC4_T_TILED : 0;
	return 0;
}

/* LABEL_BO: replaces the label of a BO with a copy of the `len` bytes at
 * args->name. Returns 0 or a negative errno (EINVAL, EFAULT, ENOENT, ENOMEM)
 * with the reason recorded. */
static int label_bo(struct sim_kernel *k, struct drm_vc4_label_bo *args)
{
	if (args->len == 0)
		return sim_kernel_fail(k, EINVAL, "LABEL_BO len is 0");
	if (args->name == 0 || args->name > UINTPTR_MAX)
		return sim_kernel_fail(k, EFAULT, "LABEL_BO name pointer is not readable");
	struct sim_bo *bo = sim_kernel_lookup(k, args->handle);
	if (!bo)
		return sim_kernel_fail(k, ENOENT, "Failed to look up GEM BO %d", args->handle);
	const char *name = (const char *)(uintptr_t)args->name;
	char *copy = strndup(name, args->len);
	if (!copy)
		return sim_kernel_fail(k, ENOMEM, "out of memory for a BO label");
	free(bo->label);
	bo->label = copy;
	return 0;
}

/* GEM_MADVISE: sets a BO's WILLNEED/DONTNEED state unless it was purged, and
 * says in args->retained whether its contents are still there. Returns 0 or
 * a negative errno (EINVAL, ENOENT) with the reason recorded. */
static int gem_madvise(struct sim_kernel *k, struct drm_vc4_gem_madvise *args)
{
	if (args->madv != VC4_MADV_WILLNEED && args->madv != VC4_MADV_DONTNEED)
		return sim_kernel_fail(k, EINVAL, "invalid madv value %u", args->madv);
	if (args->pad)
		return sim_kernel_fail(k, EINVAL, "invalid pad: 0x%08x", args->pad);
	struct sim_bo *bo = sim_kernel_lookup(k, args->handle);
	if (!bo)
		return sim_kernel_fail(k, ENOENT, "Failed to look up BO: %d", args->handle);
	if (bo->madv != __VC4_MADV_PURGED)
		bo->madv = args->madv;
	args->retained = bo->madv != __VC4_MADV_PURGED;
	return 0;
}

static int gem_close(struct sim_kernel *k, struct drm_gem_close *args)
{
	struct sim_bo *bo = sim_kernel_lookup(k, args->handle);
	if (!bo)
		return sim_kernel_fail(k, EINVAL, "GEM_CLOSE: no handle %u", args->handle);
	handle_close(k, bo);
	return 0;
}

static int get_hang_state(struct sim_kernel *k)
{
	return sim_kernel_fail(k, ENOENT, "no hang state saved (the simulated kernel keeps "
			       "only a hung job's reason)");
}

static int prime(struct sim_kernel *k)
{
	return sim_kernel_fail(k, EOPNOTSUPP, "dma-buf sharing is not supported by the "
			       "simulated kernel");
}

int sim_kernel_ioctl(struct sim_kernel *k, unsigned long request, void *arg)
{
	vc4_diag_clear(&k->err);
	if (!arg)
		return sim_kernel_fail(k, EFAULT, "ioctl 0x%08lx: NULL argument", request);
	if (k->inject.count && k->inject.request == request) {
		k->inject.count--;
		return sim_kernel_fail(k, k->inject.err, "injected error: %s",
				       strerror(k->inject.err));
	}
	switch (request) {
	case DRM_IOCTL_VC4_SUBMIT_CL:        return sim_kernel_submit_cl(k, arg);
	case DRM_IOCTL_VC4_WAIT_SEQNO:       return sim_kernel_wait_seqno(k, arg);
	case DRM_IOCTL_VC4_WAIT_BO:          return sim_kernel_wait_bo(k, arg);
	case DRM_IOCTL_VC4_CREATE_BO:        return create_bo(k, arg);
	case DRM_IOCTL_VC4_MMAP_BO:          return mmap_bo(k, arg);
	case DRM_IOCTL_VC4_CREATE_SHADER_BO: return create_shader_bo(k, arg);
	case DRM_IOCTL_VC4_GET_HANG_STATE:   return get_hang_state(k);
	case DRM_IOCTL_VC4_GET_PARAM:        return get_param(k, arg);
	case DRM_IOCTL_VC4_SET_TILING:       return set_tiling(k, arg);
	case DRM_IOCTL_VC4_GET_TILING:       return get_tiling(k, arg);
	case DRM_IOCTL_VC4_LABEL_BO:         return label_bo(k, arg);
	case DRM_IOCTL_VC4_GEM_MADVISE:      return gem_madvise(k, arg);
	case DRM_IOCTL_VC4_PERFMON_CREATE:   return sim_kernel_perfmon_create(k, arg);
	case DRM_IOCTL_VC4_PERFMON_DESTROY:  return sim_kernel_perfmon_destroy(k, arg);
	case DRM_IOCTL_VC4_PERFMON_GET_VALUES: return sim_kernel_perfmon_get_values(k, arg);
	case DRM_IOCTL_GEM_CLOSE:            return gem_close(k, arg);
	case DRM_IOCTL_PRIME_HANDLE_TO_FD:   return prime(k);
	case DRM_IOCTL_PRIME_FD_TO_HANDLE:   return prime(k);
	default:
		return sim_kernel_fail(k, ENOTTY, "ioctl 0x%08lx is not a vc4 ioctl the "
				       "simulated kernel knows", request);
	}
}
