/*
 * zero.h: zeroing a small object of fixed size with plain stores.
 *
 *   struct foo *f = ...;
 *   VC4_ZERO(f);                 same effect as memset(f, 0, sizeof(*f))
 *
 * GCC expands memset() of a constant size inline only up to 16 bytes on
 * armhf; anything larger is a call into libc through the PLT. Under
 * qemu-arm such a call costs two block lookups (the PLT's indirect jump and
 * memset's return), about 200 host instructions, for a 40-byte clear worth
 * a dozen stores. VC4_ZERO() writes 32-bit words in a loop that GCC unrolls
 * completely when the size is a constant, before it could turn the loop
 * back into a memset() call. Use it for per-item structs cleared in hot
 * loops; large or variable-sized clears stay memset().
 */
#ifndef VC4_UTIL_ZERO_H
#define VC4_UTIL_ZERO_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t vc4_zero_word __attribute__((may_alias));

/* Zeroes `size` bytes at p: p 4-byte aligned, size a multiple of 4 and
 * meant to be a compile-time constant of at most 256 bytes. */
static inline void vc4_zero_words(void *p, size_t size)
{
	vc4_zero_word *w = p;
#pragma GCC unroll 64
	for (size_t k = 0; k < size / 4; k++)
		w[k] = 0;
}

/* Zeroes *p, an object whose size is a multiple of 4 (checked at compile
 * time) and whose alignment is at least 4. */
#define VC4_ZERO(p) do { \
	_Static_assert(sizeof(*(p)) % 4 == 0 && sizeof(*(p)) <= 256, \
		       "VC4_ZERO: size not a multiple of 4 or too large"); \
	vc4_zero_words((p), sizeof(*(p))); \
} while (0)

#endif
