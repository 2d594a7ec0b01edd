/*
 * vc4_bo.h: buffer objects: creation (through the BO cache), the cached CPU
 * mapping, waits, labels, madvise, shader BOs, reference counting and dma-buf
 * sharing.
 *
 * A BO's last reference sends it to the cache (private plain BOs) or frees
 * it (shader BOs and shared BOs, which are never cached). Cached BOs are
 * marked DONTNEED so the kernel may purge them under memory pressure; reuse
 * marks them WILLNEED and drops purged ones; a busy BO is never handed out.
 */
#ifndef VC4_BO_VC4_BO_H
#define VC4_BO_VC4_BO_H

#include <stdbool.h>
#include <stdint.h>

#include "dev/vc4_dev.h"

/* Fields are read-only outside src/bo. */
struct vc4_bo {
	struct vc4_dev *dev;
	uint32_t handle;      /* GEM handle */
	uint32_t size;        /* bytes, page-rounded */
	uint32_t refcount;
	void *map;            /* CPU mapping, made on first vc4_bo_map() and kept */
	const char *name;     /* debug label (static string) */
	bool is_shader;       /* made by CREATE_SHADER_BO: immutable, never cached */
	bool shared;          /* exported or imported: never cached */
	uint64_t last_seqno;  /* last accepted SUBMIT_CL naming it (0: never) */
	/* Shader BOs keep their code (the kernel forbids writable maps), so
	 * capture can save it. */
	uint8_t *code;
	uint32_t code_size;
	/* BO cache bookkeeping (vc4_bo_cache.c). */
	uint64_t free_time_ns;
	struct vc4_bo *bucket_prev, *bucket_next;
	struct vc4_bo *time_prev, *time_next;
};

#define VC4_BO_PAGE_SIZE 4096u

/* A BO of at least `size` bytes (rounded up to a page): an idle cached BO
 * of that page count (old contents) or a new one from the kernel (zeroed).
 * `name` must be a static string. NULL with the kernel's reason in diag. */
struct vc4_bo *vc4_bo_alloc(struct vc4_dev *dev, uint32_t size, const char *name,
			    struct vc4_diag *diag);

/* A shader BO holding `size` bytes of QPU code (size a nonzero multiple of
 * 8); the kernel validates it. NULL with the kernel's reason on rejection. */
struct vc4_bo *vc4_bo_alloc_shader(struct vc4_dev *dev, const void *code, uint32_t size,
				   struct vc4_diag *diag);

struct vc4_bo *vc4_bo_ref(struct vc4_bo *bo);

/* Drops a reference; the last one caches or frees the BO. NULL is allowed. */
void vc4_bo_unref(struct vc4_bo *bo);

/* The BO's CPU mapping (read/write), made once and kept for the BO's life.
 * Does not wait for the GPU: see vc4_bo_wait(). Shader BOs cannot be mapped. */
void *vc4_bo_map(struct vc4_bo *bo, struct vc4_diag *diag);

/* Waits up to timeout_ns (0 polls, UINT64_MAX forever) for the last job using
 * the BO. Returns 0 when idle, -ETIME when still busy, else -errno + diag. */
int vc4_bo_wait(struct vc4_bo *bo, uint64_t timeout_ns, struct vc4_diag *diag);

/* Names the BO in the kernel's debug accounting (LABEL_BO). */
bool vc4_bo_label(struct vc4_bo *bo, const char *name, struct vc4_diag *diag);

/* GEM_MADVISE: madv is VC4_MADV_WILLNEED or VC4_MADV_DONTNEED; *retained
 * is false when the kernel has purged the BO's memory. */
bool vc4_bo_madvise(struct vc4_bo *bo, uint32_t madv, bool *retained, struct vc4_diag *diag);

/* Exports the BO as a dma-buf fd (O_CLOEXEC); the BO becomes shared. Fails
 * with a clear error on the simulator and for shader BOs. */
bool vc4_bo_export_dmabuf(struct vc4_bo *bo, int *fd, struct vc4_diag *diag);

/* Imports a dma-buf fd; the same buffer imported twice gives the same BO
 * (with one more reference). */
struct vc4_bo *vc4_bo_import_dmabuf(struct vc4_dev *dev, int fd, struct vc4_diag *diag);

/* The BO with `handle`, if this device created or imported it (no new
 * reference). For capture and tools. */
struct vc4_bo *vc4_bo_lookup(struct vc4_dev *dev, uint32_t handle);

/* Cache policy: entries older than max_age_ns are freed, and the oldest are
 * freed while more than max_bytes are cached. Defaults: 1 s and 64 MiB. */
void vc4_bo_cache_set_limits(struct vc4_dev *dev, uint64_t max_age_ns, uint64_t max_bytes);

/* Frees cached BOs older than the age limit (also done on every free). */
void vc4_bo_cache_evict_stale(struct vc4_dev *dev);

/* Frees every cached BO. */
void vc4_bo_cache_clear(struct vc4_dev *dev);

#endif
