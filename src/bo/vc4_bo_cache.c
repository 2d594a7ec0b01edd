/*
 * vc4_bo_cache.c: the userspace BO cache.
 *
 * Freed private BOs wait in buckets by page count (oldest first) and in one
 * list by free time. They are marked DONTNEED while cached, so the kernel may
 * purge them; taking one marks it WILLNEED and drops it if it was purged.
 * A BO whose last job has not finished is never handed out. Entries leave by
 * age (max_age_ns, measured with the device's clock) and, oldest first, when
 * the cached bytes exceed max_bytes.
 */
#include "bo/vc4_bo_priv.h"

#include <errno.h>
#include <stdlib.h>

#define LIST_APPEND(list, bo, prev, next) do {                  \
	(bo)->prev = (list)->tail;                              \
	(bo)->next = NULL;                                      \
	if ((list)->tail)                                       \
		(list)->tail->next = (bo);                      \
	else                                                    \
		(list)->head = (bo);                            \
	(list)->tail = (bo);                                    \
} while (0)

#define LIST_REMOVE(list, bo, prev, next) do {                  \
	if ((bo)->prev)                                         \
		(bo)->prev->next = (bo)->next;                  \
	else                                                    \
		(list)->head = (bo)->next;                      \
	if ((bo)->next)                                         \
		(bo)->next->prev = (bo)->prev;                  \
	else                                                    \
		(list)->tail = (bo)->prev;                      \
	(bo)->prev = (bo)->next = NULL;                         \
} while (0)

static bool madvise_supported(const struct vc4_dev *dev)
{
	uint64_t v;
	return vc4_dev_param(dev, DRM_VC4_PARAM_SUPPORTS_MADVISE, &v) && v;
}

/* The bucket for `size` bytes, created on demand (NULL when out of memory
 * or, with create false, when it does not exist). */
static struct vc4_bo_list *bucket(struct vc4_dev *dev, uint32_t size, bool create)
{
	size_t index = size / VC4_BO_PAGE_SIZE - 1;
	struct vc4_bo_cache *c = &dev->cache;
	while (create && c->buckets.len <= index) {
		struct vc4_bo_list empty = { NULL, NULL };
		if (!vc4_array_push(&c->buckets, empty))
			return NULL;
	}
	return index < c->buckets.len ? &c->buckets.data[index] : NULL;
}

static void unlink_bo(struct vc4_dev *dev, struct vc4_bo *bo)
{
	LIST_REMOVE(bucket(dev, bo->size, false), bo, bucket_prev, bucket_next);
	LIST_REMOVE(&dev->cache.by_time, bo, time_prev, time_next);
	dev->stats.bos_cached--;
	dev->stats.bytes_cached -= bo->size;
}

static void evict(struct vc4_dev *dev, struct vc4_bo *bo)
{
	unlink_bo(dev, bo);
	dev->stats.cache_evictions++;
	vc4_bo_destroy(bo);
}

/* True when the BO's last job is known finished, asking the kernel with a
 * zero-timeout WAIT_BO only when userspace does not know. */
static bool is_idle(struct vc4_dev *dev, struct vc4_bo *bo)
{
	if (bo->last_seqno <= dev->finished_seqno)
		return true;
	if (vc4_bo_wait(bo, 0, NULL) != 0)
		return false;
	if (bo->last_seqno > dev->finished_seqno)
		dev->finished_seqno = bo->last_seqno;
	return true;
}

struct vc4_bo *vc4_bo_cache_take(struct vc4_dev *dev, uint32_t size)
{
	struct vc4_bo_list *list = bucket(dev, size, false);
	struct vc4_bo *bo = list ? list->head : NULL;
	while (bo) {
		struct vc4_bo *next = bo->bucket_next;
		/* Oldest first: if this one is busy, the newer ones are too. */
		if (!is_idle(dev, bo))
			return NULL;
		unlink_bo(dev, bo);
		bool retained = true;
		if (!madvise_supported(dev) ||
		    (vc4_bo_madvise(bo, VC4_MADV_WILLNEED, &retained, NULL) && retained))
			return bo;
		dev->stats.cache_purged++;
		vc4_bo_destroy(bo);
		bo = next;
	}
	return NULL;
}

/* Takes `bo` (its last reference gone) into the cache: private plain BOs up
 * to the byte cap only, marked DONTNEED where madvise is supported, then
 * evicts stale entries and the oldest ones while over the cap. False when
 * the BO is refused (the caller then frees it). */
bool vc4_bo_cache_put(struct vc4_dev *dev, struct vc4_bo *bo)
{
	if (bo->shared || bo->is_shader || bo->size > dev->cache.max_bytes)
		return false;
	struct vc4_bo_list *list = bucket(dev, bo->size, true);
	if (!list)
		return false;
	if (madvise_supported(dev) && !vc4_bo_madvise(bo, VC4_MADV_DONTNEED, NULL, NULL))
		return false;
	bo->free_time_ns = vc4_dev_now_ns(dev);
	LIST_APPEND(list, bo, bucket_prev, bucket_next);
	LIST_APPEND(&dev->cache.by_time, bo, time_prev, time_next);
	dev->stats.bos_cached++;
	dev->stats.bytes_cached += bo->size;
	vc4_bo_cache_evict_stale(dev);
	while (dev->stats.bytes_cached > dev->cache.max_bytes)
		evict(dev, dev->cache.by_time.head);
	return true;
}

void vc4_bo_cache_set_limits(struct vc4_dev *dev, uint64_t max_age_ns, uint64_t max_bytes)
{
	dev->cache.max_age_ns = max_age_ns;
	dev->cache.max_bytes = max_bytes;
}

void vc4_bo_cache_evict_stale(struct vc4_dev *dev)
{
	uint64_t now = vc4_dev_now_ns(dev);
	struct vc4_bo *bo;
	while ((bo = dev->cache.by_time.head) && now - bo->free_time_ns > dev->cache.max_age_ns)
		evict(dev, bo);
}

void vc4_bo_cache_clear(struct vc4_dev *dev)
{
	while (dev->cache.by_time.head)
		evict(dev, dev->cache.by_time.head);
}

void vc4_bo_cache_fini(struct vc4_dev *dev)
{
	vc4_bo_cache_clear(dev);
	vc4_array_free(&dev->cache.buckets);
}
