/* array.c: the growth policy behind array.h. */
#include "array.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "block_cache.h"
#include "code_align.h"

VC4_CODE_ALIGN(128)
bool vc4_array_reserve_raw(void **data, size_t len, size_t *cap,
			   size_t extra, size_t elem_size)
{
	/* overflow tests without a division (a libgcc call on armhf) */
	size_t need, bytes;
	if (__builtin_add_overflow(len, extra, &need) ||
	    __builtin_mul_overflow(need, elem_size, &bytes))
		return false;
	if (need <= *cap)
		return true;
	/* a first block of at least 8 elements and 128 bytes: small arrays of
	 * small elements would otherwise grow through two or three reallocs
	 * (doubled, not divided: a division is a libgcc call on armhf) */
	size_t new_cap = *cap;
	if (!new_cap)
		for (new_cap = 8; elem_size && new_cap * elem_size < 128; new_cap *= 2)
			;
	while (new_cap < need)
		new_cap = new_cap > SIZE_MAX / 2 ? need : new_cap * 2;
	if (__builtin_mul_overflow(new_cap, elem_size, &bytes))
		return false;
	/* a first block straight from malloc(): glibc's realloc(NULL) is a
	 * longer way to the same call; from 128 bytes on the thread's block
	 * cache (block_cache.h), which vc4_array_free() gives them back to */
	void *p;
	if (bytes < VC4_BLOCK_MIN) {
		p = *data ? realloc(*data, bytes) : malloc(bytes);
	} else {
		size_t got;
		p = vc4_block_take(bytes, &got);
		if (p && *data) {
			memcpy(p, *data, len * elem_size);
			vc4_block_give(*data, *cap * elem_size);
		}
		if (got > bytes)   /* the whole class: freed, it is filed there again */
			new_cap = got / elem_size;
	}
	if (!p)
		return false;
	*data = p;
	*cap = new_cap;
	return true;
}
