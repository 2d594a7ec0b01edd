/*
 * block_cache.h: heap blocks of 128 bytes to 16 KB that a thread frees and
 * soon takes again, kept for it instead of going back to malloc().
 *
 *   size_t got;
 *   uint32_t *a = vc4_block_take(n * sizeof(*a), &got);   got >= the request
 *   ...
 *   vc4_block_give(a, got);                                 (or free(a))
 *
 * glibc serves blocks over about 500 bytes (on armhf) by its general path
 * (bins, splitting, coalescing), several hundred instructions each way,
 * smaller ones from a per-thread cache, but each malloc() and free() is a
 * call through the PLT (three block lookups under qemu-arm), and a compile
 * frees and takes such blocks by the thousand (every pass's arrays over the
 * temps or instructions). Here a freed block of one of the power-of-two
 * classes 128 B to 16 KB waits in its thread's class list (at most
 * VC4_BLOCK_KEEP a class, 261 KB in all) for the next request of that
 * class.
 *
 * Every block is a malloc() block: free() may release one, and
 * vc4_block_give() takes any malloc() block of at least `size` bytes (it
 * files it by the largest class that size covers). A thread's blocks are
 * freed when it exits, the main thread's at the end of the process. Under
 * AddressSanitizer nothing is kept (take is malloc(), give is free()), so
 * a use after vc4_block_give() is still reported.
 */
#ifndef VC4_UTIL_BLOCK_CACHE_H
#define VC4_UTIL_BLOCK_CACHE_H

#include <stddef.h>

#include "zero.h"

#define VC4_BLOCK_MIN 128u            /* the smallest class */
#define VC4_BLOCK_CLASSES 8           /* 128 B to 16 KB */
#define VC4_BLOCK_KEEP 8              /* blocks kept per class and thread */
#define VC4_BLOCK_MAX (VC4_BLOCK_MIN << (VC4_BLOCK_CLASSES - 1))   /* the largest */

#if defined(__SANITIZE_ADDRESS__)
#define VC4_BLOCK_CACHING 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VC4_BLOCK_CACHING 0
#endif
#endif
#ifndef VC4_BLOCK_CACHING
#define VC4_BLOCK_CACHING 1           /* 0: every take a malloc(), give a free() */
#endif

/* A block of at least `size` bytes (malloc()'s for a size outside the
 * classes), *got its usable size: the class's size when it is in one,
 * else `size`. NULL when out of memory. */
void *vc4_block_take(size_t size, size_t *got);

/* Releases block p (NULL is nothing), known to hold at least `size` bytes:
 * kept for the thread when a class fits and has room, else free()d. */
void vc4_block_give(void *p, size_t size);

/* n zeroed elements of `size` bytes from vc4_block_take() (`*got` bytes,
 * at least n * size); NULL when that overflows or memory runs out. */
static inline void *vc4_block_zalloc(size_t n, size_t size, size_t *got)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	void *p = vc4_block_take(bytes, got);
	if (p)
		vc4_zero_bytes(p, bytes);
	return p;
}

/* Blocks the calling thread keeps now (for tests). */
size_t vc4_block_kept(void);

#endif
