/*
 * array.h: a growable array of any element type, as a struct of three fields.
 *
 *   VC4_ARRAY(int) ints = {0};
 *   if (!vc4_array_push(&ints, 42)) ...out of memory...
 *   for (size_t i = 0; i < ints.len; i++) use(ints.data[i]);
 *   vc4_array_free(&ints);
 *
 * Growth doubles the capacity, so pushes are amortised O(1).
 */
#ifndef VC4_UTIL_ARRAY_H
#define VC4_UTIL_ARRAY_H

#include <stdbool.h>
#include <stddef.h>

#include "block_cache.h"

#define VC4_ARRAY(type) struct { type *data; size_t len, cap; }

/* Makes room for `extra` more elements in the array at `data`/`len`/`cap`.
 * Returns false (leaving the array as it was) when memory runs out. */
bool vc4_array_reserve_raw(void **data, size_t len, size_t *cap,
			   size_t extra, size_t elem_size);

/* Room already there is not a call (len <= cap always holds). `extra` is
 * evaluated twice: pass no expression with side effects. */
#define vc4_array_reserve(a, extra) \
	((a)->cap - (a)->len >= (size_t)(extra) || \
	 vc4_array_reserve_raw((void **)&(a)->data, (a)->len, &(a)->cap, \
			       (extra), sizeof(*(a)->data)))

/* Appends one element; evaluates to false when out of memory. Growing is a
 * call, room left is not (pushes are in every pass's inner loops). */
#define vc4_array_push(a, value) \
	(((a)->len < (a)->cap || vc4_array_reserve((a), 1)) ? \
	 ((a)->data[(a)->len++] = (value), true) : false)

/* An array never grown is no call: free(NULL) is one, through the PLT, and
 * passes finish many arrays they never used. A block of 128 bytes or more
 * goes back to the thread's block cache (block_cache.h), where the next
 * pass's arrays find it. */
#define vc4_array_free(a) \
	do { \
		if ((a)->data) \
			vc4_block_give((a)->data, (a)->cap * sizeof(*(a)->data)); \
		(a)->data = NULL; \
		(a)->len = (a)->cap = 0; \
	} while (0)

#endif
