/*
 * sim_kernel.h: the simulated vc4 kernel driver, answering the real vc4 ioctls
 * in process.
 *
 * sim_kernel_ioctl() takes the same request numbers and the same vc4_drm.h /
 * drm.h structs as the Linux driver and follows its rules and error codes, so
 * the userspace driver (src/bo) runs unchanged on it. BOs live in one flat
 * `struct sim_memory` (the GPU's view), allocated like CMA. Every rejection
 * leaves the kernel's reason in sim_kernel_last_error().
 *
 * SUBMIT_CL validates a job as Linux does and runs it on the simulator's 3D
 * pipeline (src/sim/pipe) over the arena (see sim_kernel_job.h and
 * docs/device.md).
 */
#ifndef VC4_SIM_KERNEL_H
#define VC4_SIM_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/pipe/sim_pipe.h"
#include "sim/sim_memory.h"
#include "util/diag.h"

struct sim_kernel;

/* When submitted jobs run. */
enum sim_kernel_exec {
	SIM_KERNEL_EXEC_AT_SUBMIT, /* at once, inside SUBMIT_CL (the default) */
	SIM_KERNEL_EXEC_ON_WAIT,   /* queued; run by a wait with a nonzero timeout */
	SIM_KERNEL_EXEC_MANUAL,    /* queued; run only by sim_kernel_retire() */
};

#define SIM_KERNEL_DEFAULT_BASE 0x01000000u          /* GPU address of the arena */
#define SIM_KERNEL_DEFAULT_SIZE (64u * 1024 * 1024)  /* bytes */

/* A kernel with `size` bytes of simulated CMA at GPU address `base`.
 * Returns NULL (diag says why) when the memory cannot be allocated. */
struct sim_kernel *sim_kernel_create(uint32_t base, uint32_t size, struct vc4_diag *diag);
void sim_kernel_destroy(struct sim_kernel *k);

/* Runs one ioctl: `request` is the real DRM_IOCTL_* number, `arg` its struct.
 * Returns 0 or a negative errno, exactly where the Linux driver would. */
int sim_kernel_ioctl(struct sim_kernel *k, unsigned long request, void *arg);

/* The reason for the last failing ioctl ("" after a success). */
const char *sim_kernel_last_error(const struct sim_kernel *k);

/* The sim's mmap(2) on the DRM fd: a host pointer to the BO that MMAP_BO gave
 * `offset` for, or NULL with -errno in *err and the reason in the last error
 * (unknown offset, size beyond the BO, BO not WILLNEED, shader BO for writing). */
void *sim_kernel_mmap(struct sim_kernel *k, uint64_t offset, uint64_t size, bool writable,
		      int *err);

/* The GPU's memory, for the simulator's engines. */
struct sim_memory *sim_kernel_memory(struct sim_kernel *k);

void sim_kernel_set_exec(struct sim_kernel *k, enum sim_kernel_exec exec);

/* Runs queued jobs in order up to and including `seqno`. Returns the
 * finished seqno afterwards. */
uint64_t sim_kernel_retire(struct sim_kernel *k, uint64_t seqno);

/* Memory pressure: purges every idle DONTNEED BO (as the kernel does when a
 * CMA allocation fails). Returns how many BOs were purged. */
unsigned sim_kernel_purge(struct sim_kernel *k);

/* Test hook: the next `count` calls of `request` fail with -err (err is a
 * positive errno, e.g. EINTR for WAIT_SEQNO) before doing anything. */
void sim_kernel_inject_error(struct sim_kernel *k, unsigned long request, int err,
			     unsigned count);

/* What the kernel knows about a handle, for tests and tools. */
struct sim_kernel_bo_info {
	uint32_t paddr, size;
	bool is_shader;
	uint32_t madv;   /* VC4_MADV_WILLNEED, VC4_MADV_DONTNEED or __VC4_MADV_PURGED */
	uint64_t seqno;  /* last job that referenced it */
	uint32_t usecnt; /* queued jobs using it */
	const char *label;
};
bool sim_kernel_bo_info(const struct sim_kernel *k, uint32_t handle,
			struct sim_kernel_bo_info *info);

/* Why the last finished job hung: the 3D pipeline's error ("" when it
 * rendered). A hung job still completes (as the Linux driver's hangcheck
 * completes it); nothing is printed. */
const char *sim_kernel_last_hang(const struct sim_kernel *k);

/* How many finished jobs hung since the kernel was created. */
uint64_t sim_kernel_hung_jobs(const struct sim_kernel *k);

/* What the last finished job did in the 3D pipeline (all zero before the
 * first job, and counts up to the error for a hung job). */
const struct sim_pipe_stats *sim_kernel_last_stats(const struct sim_kernel *k);

/* Bytes of the arena in use (BOs live, queued or not). */
uint32_t sim_kernel_bytes_used(const struct sim_kernel *k);

#endif
