/*
 * vc4_bo_priv.h: what vc4_bo.c and vc4_bo_cache.c share inside src/bo: the
 * end of a BO and the cache's entry points.
 */
#ifndef VC4_BO_VC4_BO_PRIV_H
#define VC4_BO_VC4_BO_PRIV_H

#include "bo/vc4_bo.h"
#include "dev/vc4_dev_priv.h"

/* Closes the handle and unmaps: the end of a BO. */
void vc4_bo_destroy(struct vc4_bo *bo);

/* The cache (vc4_bo_cache.c). take: an idle, retained BO of exactly `size`
 * bytes, or NULL. put: caches `bo` (true) or refuses it (false). fini:
 * frees every cached BO and the buckets (the device's close). */
struct vc4_bo *vc4_bo_cache_take(struct vc4_dev *dev, uint32_t size);
bool vc4_bo_cache_put(struct vc4_dev *dev, struct vc4_bo *bo);
void vc4_bo_cache_fini(struct vc4_dev *dev);

#endif
