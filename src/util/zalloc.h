/*
 * zalloc.h: zeroed heap blocks that glibc's thread cache can serve.
 *
 *   uint32_t *count = vc4_calloc(n, sizeof(*count));   as calloc(); free() it
 *
 * glibc's calloc() never takes a block from the per-thread cache (tcache)
 * that malloc() serves small blocks from: each call goes through the
 * general allocator (bins, splitting), a hundred and more instructions and
 * under qemu-arm dozens of translation blocks beyond a cached malloc().
 * The compiler's passes take small zeroed arrays and free them a moment
 * later, over and over (16,500 calloc() calls a corpus compile), the case
 * the cache is for: malloc() then memset() gives the same zeroed block.
 * From VC4_CALLOC_LARGE bytes on it is calloc() again, which takes fresh
 * zero pages from the system without writing them.
 */
#ifndef VC4_UTIL_ZALLOC_H
#define VC4_UTIL_ZALLOC_H

#include <stdlib.h>
#include <string.h>

#include "zero.h"

#define VC4_CALLOC_LARGE 65536u

/* n zeroed elements of `size` bytes, like calloc() (NULL when n * size
 * overflows or memory runs out; a distinct block when it is 0). */
static inline void *vc4_calloc(size_t n, size_t size)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, size, &bytes))
		return NULL;
	if (bytes >= VC4_CALLOC_LARGE)
		return calloc(n, size);
	void *p = malloc(bytes ? bytes : 1);
	if (p)
		vc4_zero_bytes(p, bytes);
	return p;
}

#endif
