/*
 * sim_kernel_base.c: what every file of the simulated kernel stands on: the
 * reason a failing ioctl records (sim_kernel_fail), the BO handle lookup,
 * BO use counts and freeing, and copying in user buffers. It calls nothing
 * else of the kernel but the arena, so the ioctl, submit, validation and
 * queue files can all use it without a cycle.
 */
#include "sim_kernel_job.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "qpu/check/qpu_kernel.h"

int sim_kernel_fail(struct sim_kernel *k, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vc4_diag_clear(&k->err);   /* each ioctl's own error */
	vc4_diag_vset(&k->err, fmt, ap);
	va_end(ap);
	return -err;
}

struct sim_bo *sim_kernel_lookup(const struct sim_kernel *k, uint32_t handle)
{
	return handle < k->handles.len ? k->handles.data[handle] : NULL;
}

void sim_kernel_bo_free(struct sim_kernel *k, struct sim_bo *bo)
{
	if (bo->paddr)
		sim_arena_free(&k->arena, bo->paddr, bo->size);
	if (bo->shader)
		qpu_kernel_info_free(bo->shader);
	free(bo->shader);
	free(bo->label);
	free(bo);
}

void sim_kernel_bo_unuse(struct sim_kernel *k, struct sim_bo *bo)
{
	if (--bo->usecnt == 0 && bo->handle == 0)
		sim_kernel_bo_free(k, bo);
}

void *sim_kernel_copy_in(uint64_t ptr, uint32_t size, int *err)
{
	if (size && (ptr == 0 || ptr > UINTPTR_MAX)) {
		*err = -EFAULT;
		return NULL;
	}
	void *copy = malloc(size ? size : 1);
	if (!copy) {
		*err = -ENOMEM;
		return NULL;
	}
	if (size)
		memcpy(copy, (const void *)(uintptr_t)ptr, size);
	return copy;
}
